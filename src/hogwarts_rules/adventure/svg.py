"""A picture of a game of First Year Adventure, as an SVG document (a plain string).

`board_svg` draws the board as a schematic computed from `board`'s data: Diagon
Alley as a column on the left leading up to the Great Hall, the Hogwarts loop as a
ring of spaces in the order of the arrows (clockwise from the Great Hall), and the
dungeon as a column on the right entered from the 3rd Floor. Each player's pawn
stands on its space in the colour of its house, or before the Sorting in its seat's
own colour (`SEAT_COLOURS`, ringed with a dashed grey line), labelled with letters of
the player's name that no other pawn shares; a side panel lists every player's house
points, clues, skills and belongings beside their pawn's colour and label, and a key
says what the colours and lines mean.

Pawns carry ``class="pawn"``, ``data-player`` (the name) and ``data-space`` (the
space's name); spaces carry ``class="space"`` and ``data-space``. Every name is
escaped, so the picture is a well-formed XML document whatever the players are
called. `Game.to_svg` calls `board_svg`, and Jupyter shows a game as this picture
(``Game._repr_svg_``).

Examples:
    >>> import xml.etree.ElementTree as ET
    >>> from hogwarts_rules import adventure
    >>> game = adventure.new_game(["Harry", "Ron"], seed=7)
    >>> svg = board_svg(game)
    >>> svg.startswith("<svg")
    True
    >>> root = ET.fromstring(svg)
    >>> pawns = [e for e in root.iter() if e.get("class") == "pawn"]
    >>> sorted((p.get("data-player"), p.get("data-space")) for p in pawns)
    [('Harry', 'Invitation to Hogwarts'), ('Ron', 'Invitation to Hogwarts')]
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from typing import TYPE_CHECKING, Final

from hogwarts_rules._drawing import SVG_NS, esc, fit_font, ink, wrap
from hogwarts_rules._text import plural
from hogwarts_rules.adventure.board import DIAGON_ALLEY, DUNGEON, LOOP, Region, Space, region
from hogwarts_rules.adventure.layout import CELLS, belongings
from hogwarts_rules.adventure.view import AdventureView
from hogwarts_rules.frozen import FrozenMap

if TYPE_CHECKING:
    from hogwarts_rules.adventure.game import Game, Player

__all__ = ["DEFAULT_WIDTH", "HOUSE_COLOURS", "NO_HOUSE_COLOUR", "SEAT_COLOURS", "board_svg"]

DEFAULT_WIDTH: Final = 960
"""The width of a picture in pixels unless another is asked for (the height follows)."""

HOUSE_COLOURS: Final[Mapping[str, str]] = FrozenMap(
    {
        "Gryffindor": "#ae0001",
        "Hufflepuff": "#f0c419",
        "Ravenclaw": "#1f4fa3",
        "Slytherin": "#1a7a3c",
    }
)
"""The colour of a pawn by house: scarlet, yellow, blue and green."""

NO_HOUSE_COLOUR: Final = "#9e9e9e"
"""The colour of the dashed ring around a pawn whose player has not been sorted yet (grey)."""

SEAT_COLOURS: Final = ("#6d4c41", "#00897b", "#8e24aa", "#ef6c00")
"""The colour of an unsorted player's pawn, by seat (brown, teal, purple, orange: no house's)."""

_BOX_W: Final = 128
_BOX_H: Final = 66
_GAP: Final = 16
_MARGIN: Final = 20
_TITLE_H: Final = 36
_PANEL_W: Final = 300
_LINE: Final = 15
_PAWN_R: Final = 9
_REGION_FILL: Final[Mapping[Region, str]] = {
    Region.DIAGON_ALLEY: "#f6e7c1",
    Region.HOGWARTS: "#e4e9f5",
    Region.DUNGEON: "#ddd3ea",
}


_CELLS: Final = CELLS


def _centre(space: Space) -> tuple[float, float]:
    column, row = _CELLS[space]
    x = _MARGIN + column * (_BOX_W + _GAP) + _BOX_W / 2
    y = _MARGIN + _TITLE_H + row * (_BOX_H + _GAP) + _BOX_H / 2
    return x, y


def _link(a: Space, b: Space, *, dashed: bool = False) -> list[str]:
    """A line from ``a`` to ``b`` with an arrowhead half-way (drawn under the spaces)."""
    (x1, y1), (x2, y2) = _centre(a), _centre(b)
    dash = ' stroke-dasharray="5 4"' if dashed else ""
    return [
        f'<line class="link" x1="{x1:g}" y1="{y1:g}" x2="{x2:g}" y2="{y2:g}" '
        f'stroke="#6d6d80" stroke-width="2"{dash}/>'
    ]


def _arrowhead(a: Space, b: Space) -> str:
    (x1, y1), (x2, y2) = _centre(a), _centre(b)
    length = max(((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5, 1.0)
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    # Half-way between the two boxes' facing edges (in the gap for neighbouring boxes).
    mx, my = (x1 + x2) / 2, (y1 + y2) / 2
    tip = (mx + ux * 5, my + uy * 5)
    left = (mx - ux * 4 - uy * 5, my - uy * 4 + ux * 5)
    right = (mx - ux * 4 + uy * 5, my - uy * 4 - ux * 5)
    points = " ".join(f"{x:g},{y:g}" for x, y in (tip, left, right))
    return f'<polygon class="arrow" points="{points}" fill="#4a4a5c"/>'


def _space_box(space: Space) -> list[str]:
    x, y = _centre(space)
    left, top = x - _BOX_W / 2, y - _BOX_H / 2
    parts = [
        f'<rect class="space" data-space="{esc(space.value)}" '
        f'data-region="{esc(region(space).value)}" x="{left:g}" y="{top:g}" '
        f'width="{_BOX_W}" height="{_BOX_H}" rx="6" fill="{_REGION_FILL[region(space)]}" '
        f'stroke="#5b5b70" stroke-width="1.2"><title>{esc(space.value)}</title></rect>'
    ]
    for i, line in enumerate(wrap(space.value, 20)[:3]):
        parts.append(
            f'<text class="space-label" x="{x:g}" y="{top + 14 + i * 12:g}" '
            f'text-anchor="middle" font-size="10.5">{esc(line)}</text>'
        )
    return parts


def _colour(game: AdventureView, player: Player) -> str:
    """The house's colour; before the Sorting, the seat's own."""
    if player.house:
        return HOUSE_COLOURS.get(player.house, NO_HOUSE_COLOUR)
    seat = list(game.players).index(player.name)
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def _pawn_labels(names: list[str]) -> list[str]:
    """Short labels, never two alike: the shortest prefix (2 letters or more) no other name shares.

    (The same rule as `hogwarts_rules.clue.svg.pawn_labels`; a game's pictures import
    no other game.)
    """
    labels: list[str] = []
    for i, name in enumerate(names):
        others = [other for j, other in enumerate(names) if j != i]
        label = name[:4]
        for size in range(2, len(name) + 1):
            if not any(other.startswith(name[:size]) for other in others):
                label = name[:size]
                break
        labels.append(label)
    if len(set(labels)) != len(labels):  # a name that is another's prefix, or twice
        labels = [f"{name[:1]}{i + 1}" for i, name in enumerate(names)]
    return labels


def _labels(game: AdventureView) -> dict[str, str]:
    names = list(game.players)
    return dict(zip(names, _pawn_labels(names), strict=True))


def _pawns(game: AdventureView) -> list[str]:
    parts: list[str] = []
    labels = _labels(game)
    by_space: dict[Space, list[Player]] = {}
    for player in game.players.values():
        by_space.setdefault(player.space, []).append(player)
    for space, players in by_space.items():
        x, y = _centre(space)
        spread = 2 * _PAWN_R + 5
        first = x - spread * (len(players) - 1) / 2
        for i, p in enumerate(players):
            px, py = first + i * spread, y + _BOX_H / 2 - _PAWN_R - 5
            colour = _colour(game, p)
            house = p.house or "not sorted yet"
            ring = "#222" if p.house else NO_HOUSE_COLOUR
            dash = "" if p.house else ' stroke-dasharray="3 2"'
            parts.append(
                f'<circle class="pawn" data-player="{esc(p.name)}" '
                f'data-space="{esc(space.value)}" data-house="{esc(p.house or "")}" '
                f'cx="{px:g}" cy="{py:g}" r="{_PAWN_R}" fill="{colour}" stroke="{ring}" '
                f'stroke-width="1.5"{dash}><title>{esc(p.name)} ({esc(house)}) on '
                f"{esc(space.value)}</title></circle>"
            )
            label = labels[p.name]
            parts.append(
                f'<text class="pawn-label" data-player="{esc(p.name)}" x="{px:g}" '
                f'y="{py + 3:g}" text-anchor="middle" font-size="{8 if len(label) <= 2 else 6}" '
                f'font-weight="bold" fill="{ink(colour)}" pointer-events="none">'
                f"{esc(label)}</text>"
            )
    return parts


def _belongings(p: Player) -> list[str]:
    items = belongings(p)
    if p.turns_to_miss:
        items.append(f"misses {plural(p.turns_to_miss, 'turn')}")
    return items


def _panel(game: AdventureView, left: float, top: float) -> tuple[list[str], float]:
    """The side panel; returns its parts and its bottom edge."""
    parts = [
        f'<text class="panel-title" x="{left:g}" y="{top + 12:g}" font-size="15" '
        f'font-weight="bold">Players</text>'
    ]
    y = top + 24
    winners = game.outcome.winners if game.outcome is not None else ()
    order = game.order or tuple(game.players)
    labels = _labels(game)
    for name in order:
        p = game.players[name]
        colour = _colour(game, p)
        marks = " \u25c0 to play" if name == game.current_player else ""
        marks += " \u2605 winner" if name in winners else ""
        lines = [
            f"House points: {p.house_points} \u00b7 Clues: {p.clues}",
            f"Magic {p.magic} \u00b7 Flying {p.flying} \u00b7 Study {p.study} "
            f"\u00b7 Chess {p.chess}",
            f"On: {p.space.value}",
        ]
        items = _belongings(p)
        lines += wrap(", ".join(items), 46) if items else []
        height = 22 + _LINE * len(lines) + 8
        parts.append(
            f'<g class="player" data-player="{esc(name)}" data-house="{esc(p.house or "")}" '
            f'data-house-points="{p.house_points}" data-clues="{p.clues}">'
        )
        parts.append(
            f'<rect x="{left:g}" y="{y:g}" width="{_PANEL_W}" height="{height:g}" rx="6" '
            f'fill="#fafafa" stroke="{colour}" stroke-width="2"/>'
        )
        parts.append(
            f'<circle class="key-pawn" cx="{left + 14:g}" cy="{y + 13:g}" r="9" '
            f'fill="{colour}" stroke="#222"/>'
            f'<text x="{left + 14:g}" y="{y + 16:g}" text-anchor="middle" font-size="8" '
            f'font-weight="bold" fill="{ink(colour)}">{esc(labels[name])}</text>'
        )
        house = f" \u2014 {p.house or 'not sorted yet'}{marks}"
        font = fit_font(name + house, _PANEL_W - 36, 12.5)
        parts.append(
            f'<text x="{left + 28:g}" y="{y + 17:g}" {font}>'
            f'<tspan class="player-name" font-weight="bold">{esc(name)}</tspan>'
            f"{esc(house)}</text>"
        )
        for i, line in enumerate(lines):
            parts.append(
                f'<text x="{left + 10:g}" y="{y + 34 + i * _LINE:g}" font-size="11">'
                f"{esc(line)}</text>"
            )
        parts.append("</g>")
        y += height + 8
    key, y = _key(left, y + 14)
    return [*parts, *key], y


def _key(left: float, top: float) -> tuple[list[str], float]:
    """What the picture's colours and lines mean."""
    parts = [
        '<g class="key">',
        f'<text x="{left:g}" y="{top:g}" font-size="14" font-weight="bold">Key</text>',
    ]
    y = top + 4
    entries = [
        (f'fill="{colour}" stroke="#222"', f"{house} pawn")
        for house, colour in HOUSE_COLOURS.items()
    ]
    entries.append(
        (
            f'fill="{SEAT_COLOURS[0]}" stroke="{NO_HOUSE_COLOUR}" stroke-dasharray="3 2"',
            "not sorted yet: the seat's own colour",
        )
    )
    entries += [(f'fill="{_REGION_FILL[r]}" stroke="#5b5b70"', r.value) for r in _REGION_FILL]
    for attributes, words in entries:
        y += _LINE
        parts.append(
            f'<circle cx="{left + 8:g}" cy="{y - 4:g}" r="6" {attributes} stroke-width="1.2"/>'
        )
        parts.append(f'<text x="{left + 22:g}" y="{y:g}" font-size="11">{esc(words)}</text>')
    y += _LINE
    parts.append(
        f'<line x1="{left:g}" y1="{y - 4:g}" x2="{left + 16:g}" y2="{y - 4:g}" '
        f'stroke="#6d6d80" stroke-width="2" stroke-dasharray="5 4"/>'
    )
    parts.append(
        f'<text x="{left + 22:g}" y="{y:g}" font-size="11">'
        "into the dungeon (from the 3rd Floor)</text>"
    )
    parts.append("</g>")
    return parts, y


def _status(game: AdventureView) -> str:
    if game.outcome is not None:
        winners = " and ".join(game.outcome.winners)
        return f"First Year Adventure \u2014 over: {winners} won ({game.outcome.reason})"
    if not game.order:
        return "First Year Adventure \u2014 before the roll for who goes first"
    return f"First Year Adventure \u2014 round {game.round}, {game.current_player} to play"


def board_svg(game: Game | AdventureView, *, width: int = DEFAULT_WIDTH) -> str:
    """Draw ``game``'s board, pawns and players as a standalone SVG document.

    The result is a string starting with ``<svg``: save it as a ``.svg`` file, or
    show it in a notebook (Jupyter calls `Game._repr_svg_`). It has a ``<title>``
    and a ``viewBox``, so it scales to any size.

    Args:
        game: the game or a view of it to draw (they show the same: nothing is secret).
        width: the picture's width in pixels (the height keeps the proportions).

    Raises:
        ValueError: ``width`` is not a positive whole number.

    Examples:
        >>> from hogwarts_rules import adventure
        >>> game = adventure.new_game(["Ann", "Ben"], seed=1)
        >>> svg = board_svg(game, width=600)
        >>> svg.count('class="pawn"'), svg.count('class="space"')
        (2, 26)
    """
    if type(width) is not int or width <= 0:
        raise ValueError(f"width must be a positive whole number of pixels, not {width!r}")
    if not isinstance(game, AdventureView):
        game = game.view(None)  # a picture starts from a view, as every front end does
    columns = max(c for c, _ in _CELLS.values()) + 1
    rows = max(r for _, r in _CELLS.values()) + 1
    board_w = 2 * _MARGIN + columns * _BOX_W + (columns - 1) * _GAP
    board_h = 2 * _MARGIN + _TITLE_H + rows * _BOX_H + (rows - 1) * _GAP
    body: list[str] = []
    links: list[tuple[Space, Space, bool]] = [
        *((a, b, False) for a, b in itertools.pairwise(DIAGON_ALLEY)),
        (DIAGON_ALLEY[-1], LOOP[0], False),
        *((a, LOOP[(i + 1) % len(LOOP)], False) for i, a in enumerate(LOOP)),
        (Space.THIRD_FLOOR, DUNGEON[0], True),
        *((a, b, False) for a, b in itertools.pairwise(DUNGEON)),
    ]
    for a, b, dashed in links:
        body += _link(a, b, dashed=dashed)
    for space in _CELLS:
        body += _space_box(space)
    body += [_arrowhead(a, b) for a, b, _ in links]
    # The middle of the loop: what it is, and whose turn it is.
    ring_cells = [_CELLS[s] for s in LOOP]
    middle_x = sum(_centre(s)[0] for s in LOOP) / len(LOOP)
    middle_y = sum(_centre(s)[1] for s in LOOP) / len(LOOP)
    inner = max(r for _, r in ring_cells) > 1
    if inner:
        body.append(
            f'<text class="region-label" x="{middle_x:g}" y="{middle_y - 6:g}" '
            f'text-anchor="middle" font-size="22" font-weight="bold" fill="#3d4a7a">'
            f"Hogwarts</text>"
        )
        body.append(
            f'<text x="{middle_x:g}" y="{middle_y + 16:g}" text-anchor="middle" '
            f'font-size="11" fill="#3d4a7a">the loop runs clockwise from the Great Hall</text>'
        )
    body += _pawns(game)
    panel, panel_bottom = _panel(game, board_w, _MARGIN + _TITLE_H)
    total_w = board_w + _PANEL_W + _MARGIN
    total_h = max(board_h, panel_bottom + _MARGIN)
    height = round(width * total_h / total_w)
    title = _status(game)
    head = [
        f'<svg xmlns="{SVG_NS}" class="hogwarts-rules first-year-adventure" '
        f'viewBox="0 0 {total_w:g} {total_h:g}" width="{width}" height="{height}" '
        f'font-family="sans-serif" role="img">',
        f"<title>{esc(title)}</title>",
        f'<rect class="background" x="0" y="0" width="{total_w:g}" height="{total_h:g}" '
        f'fill="#ffffff"/>',
        f'<text class="status" x="{_MARGIN}" y="{_MARGIN + 18}" '
        f"{fit_font(title, total_w - 2 * _MARGIN, 16)} "
        f'font-weight="bold">{esc(title)}</text>',
    ]
    return "\n".join([*head, *body, *panel, "</svg>"]) + "\n"
