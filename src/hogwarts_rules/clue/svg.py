"""Pictures of a game of Clue: the board as SVG, and a deduction as an HTML table.

`board_svg` draws the board of a `Game` or of one player's `ClueView` as a
standalone SVG document (a plain string): the corridor squares and the star
squares, the locations, every door open or closed as the wheels stand now, the
fireplaces (lit or not), the students' pawns, the suspect and item tokens moved
by suggestions, and a side panel with the wheels and the players.

A picture shows only public facts. The picture of a `Game` shows the board and
what everyone sees at the table (positions, Floo powder, face-up Help cards, how
many cards each player holds), never a hand, a face-down card or the envelope. The
picture of a `ClueView` adds what that one player knows: their own hand, their
face-down Help cards and the cards shown to them or by them.

Elements a program (or a test) can find: pawns (``class="pawn"``, ``data-player``,
``data-student``, ``data-position``), doors (``class="door ..."``, ``id="door-ID"``,
``data-door-id``, ``data-door="open"`` or ``"closed"``), fireplaces
(``class="fireplace"``, ``data-location``, ``data-fireplace="lit"`` or ``"unlit"``),
star squares (``class="star"``, ``data-cell``), the pawns' labels (``class="pawn-label"``,
``data-player``: two letters of the student, unique on the picture, see `pawn_labels`),
the key (``class="key"``), tokens (``class="token"``,
``data-token``, ``data-location``), locations (``class="location"``,
``data-location``) and the viewing player's cards (``data-card``).

`deduction_html` draws a `Deduction` as an HTML table (Jupyter shows a deduction
this way: ``Deduction._repr_html_``).

Examples:
    >>> import xml.etree.ElementTree as ET
    >>> from hogwarts_rules import clue
    >>> students = {"Ann": "Harry", "Ben": "Ron", "Cat": "Luna"}
    >>> game, _ = clue.new_game(["Ann", "Ben", "Cat"], seed=4, students=students).apply(
    ...     clue.Deal()
    ... )
    >>> root = ET.fromstring(board_svg(game))
    >>> pawns = [e for e in root.iter() if e.get("class") == "pawn"]
    >>> [(pawn.get("data-player"), pawn.get("data-position")) for pawn in pawns]
    [('Ann', '0,7'), ('Ben', '0,12'), ('Cat', '23,11')]
    >>> sorted({e.get("data-door") for e in root.iter() if e.get("data-door")})
    ['open']
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Final

import attrs

from hogwarts_rules._drawing import SVG_NS, esc, fit_font, ink, wrap
from hogwarts_rules.clue.cards import BURROW, SUSPECTS
from hogwarts_rules.clue.content import Board, Content, default_content
from hogwarts_rules.clue.deduction import ENVELOPE, Deduction
from hogwarts_rules.clue.movement import parse_position
from hogwarts_rules.clue.text import deal_stage
from hogwarts_rules.clue.view import ClueView, SeatView
from hogwarts_rules.frozen import FrozenMap

if TYPE_CHECKING:
    from hogwarts_rules.clue.game import Game

__all__ = ["DEFAULT_WIDTH", "STUDENT_COLOURS", "board_svg", "deduction_html", "pawn_labels"]

DEFAULT_WIDTH: Final = 960
"""The width of a picture in pixels unless another is asked for (the height follows)."""

STUDENT_COLOURS: Final[Mapping[str, str]] = FrozenMap(
    {
        "Harry": "#d62828",
        "Ron": "#f77f00",
        "Hermione": "#8e44ad",
        "Ginny": "#e75a9b",
        "Luna": "#1e88e5",
        "Neville": "#2e9d48",
    }
)
"""The colour of each student's pawn."""

_CELL: Final = 26
_MARGIN: Final = 20
_TITLE_H: Final = 34
_PANEL_GAP: Final = 24
_PANEL_W: Final = 330
_LINE: Final = 15
_QUADRANT_FILLS: Final = ("#cfe0f3", "#d7ecd0", "#f3dccb", "#e4d7f0")
_BURROW_FILL: Final = "#f5d77f"
_OTHER_FILL: Final = "#e0e0e0"
_STEP_WORDS: Final[Mapping[str, str]] = {
    "roll": "to roll the dice",
    "move": "to move",
    "act": "to suggest, accuse or end the turn",
}


def _initials(name: str) -> str:
    words = [w for w in re.split(r"[\s'-]+", name) if w]
    if len(words) >= 2:
        return (words[0][0] + words[1][0]).upper()
    return name[:2]


def pawn_labels(names: Sequence[str]) -> list[str]:
    """Short labels for pawns, one per name, never two alike (Harry ``Ha``, Hermione ``He``).

    The shortest prefix of two or more letters that no other name shares; names that
    still collide (the same name twice) get their first letter and a number.

    Examples:
        >>> pawn_labels(["Harry", "Hermione", "Ron"])
        ['Ha', 'He', 'Ro']
        >>> pawn_labels(["Ann", "Anna", "Ben"])
        ['Ann', 'Anna', 'Be']
        >>> pawn_labels(["Zoe", "Zoe"])
        ['Z1', 'Z2']
    """
    labels: list[str] = []
    for i, name in enumerate(names):
        others = [other for j, other in enumerate(names) if j != i]
        for size in range(2, max(len(name), 2) + 1):
            label = name[:size]
            if not any(other.startswith(label) for other in others):
                break
        else:
            label = name[:4] if name not in others else f"{name[:1]}{i + 1}"
        labels.append(label)
    if len(set(labels)) != len(labels):  # prefixes that are whole names: number them
        labels = [f"{name[:1]}{i + 1}" for i, name in enumerate(names)]
    return labels


def _seat_labels(seats: Sequence[SeatView]) -> dict[str, str]:
    """Each seat's pawn label: from its student (its name before it has one)."""
    names = [seat.student or seat.name for seat in seats]
    return dict(zip([seat.name for seat in seats], pawn_labels(names), strict=True))


@attrs.frozen
class _Private:
    player: str
    hand: tuple[str, ...]
    hidden_help: tuple[str, ...]
    shown_to_me: tuple[tuple[str, str], ...]
    shown_by_me: tuple[tuple[str, str], ...]


@attrs.frozen
class _Scene:
    """Everything a picture may show: public facts, plus one player's own (views only)."""

    board: Board
    wheel_notches: Mapping[str, int]
    closed_doors: frozenset[str]
    lit_fireplaces: frozenset[str]
    seats: tuple[SeatView, ...]
    tokens: Mapping[str, str]
    current_player: str | None
    step: str
    green: int
    phase: str
    winner: str | None
    missing: str | None
    private: _Private | None
    to_act: tuple[str, ...] = ()


def _from_view(view: ClueView, board: Board) -> _Scene:
    positions = set(board.position_names.values())
    door_ids = {door.id for door in board.doors}
    wheel_names = {wheel.name for wheel in board.wheels}
    fits = (
        view.closed_doors <= door_ids
        and view.lit_fireplaces <= board.fireplaces
        and set(view.wheels) <= wheel_names
        and all(s.position is None or s.position in positions for s in view.seats)
    )
    if not fits:
        raise ValueError("the view does not fit this board: pass the game's content")
    seats = view.seats
    private = (
        None
        if view.player is None
        else _Private(view.player, view.hand, view.hidden_help, view.shown_to_me, view.shown_by_me)
    )
    return _Scene(
        board=board,
        wheel_notches=view.wheels,
        closed_doors=view.closed_doors,
        lit_fireplaces=view.lit_fireplaces,
        seats=seats,
        tokens=view.tokens,
        current_player=view.current_player,
        step=view.step,
        green=view.green,
        phase=view.phase,
        winner=view.winner,
        missing=view.missing,
        private=private,
        to_act=view.to_act,
    )


# ----- the board -------------------------------------------------------------------------------


def _area_fills(board: Board) -> dict[str, str]:
    fills = {}
    for i, wheel in enumerate(board.wheels):
        for location in wheel.locations:
            fills[location] = _QUADRANT_FILLS[i % len(_QUADRANT_FILLS)]
    fills[BURROW] = _BURROW_FILL
    return fills


def _squares(board: Board) -> list[str]:
    parts: list[str] = []
    for row, line in enumerate(board.grid):
        for column, square in enumerate(line):
            if square == "#":
                continue
            x, y = column * _CELL, row * _CELL
            fill = "#f7eab0" if square == "*" else "#efe5cc"
            parts.append(
                f'<rect class="square" x="{x}" y="{y}" width="{_CELL}" height="{_CELL}" '
                f'fill="{fill}" stroke="#c9b98f" stroke-width="0.6"/>'
            )
            if square == "*":
                cx, cy = x + _CELL / 2, y + _CELL / 2
                points = []
                for k in range(10):
                    radius = _CELL * (0.42 if k % 2 == 0 else 0.18)
                    angle = -90 + 36 * k
                    points.append(
                        f"{cx + radius * math.cos(math.radians(angle)):.1f},"
                        f"{cy + radius * math.sin(math.radians(angle)):.1f}"
                    )
                parts.append(
                    f'<polygon class="star" data-cell="{row},{column}" '
                    f'points="{" ".join(points)}" fill="#e0a800" stroke="#8a6500" '
                    f'stroke-width="0.8"><title>star square {row},{column}</title></polygon>'
                )
    return parts


def _starts(board: Board) -> list[str]:
    parts = []
    for student, (row, column) in board.starts.items():
        colour = STUDENT_COLOURS.get(student, "#777777")
        parts.append(
            f'<circle class="start" data-student="{esc(student)}" '
            f'cx="{column * _CELL + _CELL / 2:g}" cy="{row * _CELL + _CELL / 2:g}" '
            f'r="{_CELL * 0.4:g}" fill="none" stroke="{colour}" stroke-width="2" '
            f'stroke-dasharray="3 2"><title>{esc(student)} starts here</title></circle>'
        )
    return parts


def _label(board: Board, location: str) -> tuple[float, list[str]]:
    """Where a location's name is centred, and its lines (clear of the fireplace)."""
    _, left, _, width = board.areas[location]
    room = width * _CELL - (22 if location in board.fireplaces else 6)
    lines = wrap(location, max(4, int(room / 6.2)))[:3]
    return left * _CELL + 3 + room / 2, lines


def _locations(board: Board) -> list[str]:
    parts: list[str] = []
    fills = _area_fills(board)
    for location in board.locations:
        top, left, height, width = board.areas[location]
        x, y = left * _CELL, top * _CELL
        parts.append(
            f'<rect class="location" data-location="{esc(location)}" x="{x}" y="{y}" '
            f'width="{width * _CELL}" height="{height * _CELL}" rx="4" '
            f'fill="{fills.get(location, _OTHER_FILL)}" stroke="#3d3a4c" stroke-width="1.5">'
            f"<title>{esc(location)}</title></rect>"
        )
        centre, lines = _label(board, location)
        for i, line in enumerate(lines):
            parts.append(
                f'<text class="location-label" x="{centre:g}" '
                f'y="{y + 13 + i * 11:g}" text-anchor="middle" font-size="9.5" '
                f'font-weight="bold" fill="#2b2838">{esc(line)}</text>'
            )
    return parts


def _doors(board: Board, closed: frozenset[str]) -> list[str]:
    parts: list[str] = []
    thick = 6.0
    for door in board.doors:
        top, left, height, width = board.areas[door.location]
        row, column = door.cell
        x: float
        y: float
        w: float
        h: float
        if row == top - 1:  # north side of the location
            x, y = column * _CELL + 3, top * _CELL - thick / 2
            w, h, horizontal = _CELL - 6, thick, True
        elif row == top + height:
            x, y = column * _CELL + 3, (top + height) * _CELL - thick / 2
            w, h, horizontal = _CELL - 6, thick, True
        elif column == left - 1:
            x, y = left * _CELL - thick / 2, row * _CELL + 3
            w, h, horizontal = thick, _CELL - 6, False
        elif column == left + width:
            x, y = (left + width) * _CELL - thick / 2, row * _CELL + 3
            w, h, horizontal = thick, _CELL - 6, False
        else:  # a door the validation allows but that touches no side: mark its square
            x, y = column * _CELL + 3, row * _CELL + _CELL / 2 - thick / 2
            w, h, horizontal = _CELL - 6, thick, True
        is_closed = door.id in closed
        state = "closed" if is_closed else "open"
        parts.append(
            f'<g class="door door-{state}" id="door-{esc(door.id)}" '
            f'data-door-id="{esc(door.id)}" data-door="{state}" '
            f'data-location="{esc(door.location)}">'
            f"<title>{esc(door.location)}: door {esc(door.id)} ({state})</title>"
        )
        if is_closed:
            parts.append(
                f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" fill="#c62828" '
                f'stroke="#5a0d0d" stroke-width="1"/>'
            )
            # The bar across the doorway.
            cx, cy = x + w / 2, y + h / 2
            bar = (cx, cy - 8, cx, cy + 8) if horizontal else (cx - 8, cy, cx + 8, cy)
            parts.append(
                f'<line class="door-bar" x1="{bar[0]:g}" y1="{bar[1]:g}" x2="{bar[2]:g}" '
                f'y2="{bar[3]:g}" stroke="#5a0d0d" stroke-width="3" stroke-linecap="round"/>'
            )
        else:
            parts.append(
                f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" fill="#8fd18f" '
                f'stroke="#2e7d32" stroke-width="1"/>'
            )
        parts.append("</g>")
    return parts


def _fireplaces(board: Board, lit: frozenset[str]) -> list[str]:
    parts: list[str] = []
    for location in board.locations:
        if location not in board.fireplaces:
            continue
        top, left, _, width = board.areas[location]
        x, y = (left + width) * _CELL - 17, top * _CELL + 3
        state = "lit" if location in lit else "unlit"
        parts.append(
            f'<g class="fireplace" data-location="{esc(location)}" data-fireplace="{state}">'
            f"<title>{esc(location)}: fireplace {state}</title>"
            f'<rect x="{x:g}" y="{y + 4:g}" width="14" height="12" fill="#6d4c41" '
            f'stroke="#3e2723" stroke-width="0.8"/>'
            f'<rect x="{x + 3:g}" y="{y + 8:g}" width="8" height="8" fill="#2b1d17"/>'
        )
        if location in lit:
            parts.append(
                f'<path class="flame" d="M{x + 7:g},{y + 16:g} '
                f"C{x + 1:g},{y + 12:g} {x + 5:g},{y + 9:g} {x + 7:g},{y + 3:g} "
                f'C{x + 9:g},{y + 9:g} {x + 13:g},{y + 12:g} {x + 7:g},{y + 16:g} Z" '
                f'fill="#ff8f00" stroke="#e65100" stroke-width="0.6"/>'
            )
        parts.append("</g>")
    return parts


def _place_in(
    board: Board, location: str, index: int, size: float, *, from_bottom: bool
) -> tuple[float, float]:
    """The centre of the ``index``-th item of ``size`` packed into a location's area."""
    top, left, height, width = board.areas[location]
    per_row = max(1, int((width * _CELL - 6) // (size + 3)))
    row, column = divmod(index, per_row)
    x = left * _CELL + 3 + (size + 3) * column + size / 2 + 1.5
    if from_bottom:
        y = (top + height) * _CELL - 4 - (size * 0.6 + 3) * row - size * 0.3
    else:
        below_label = 8 + 11 * len(_label(board, location)[1])
        y = top * _CELL + below_label + (size + 3) * row + size / 2
    return x, y


def _tokens(board: Board, tokens: Mapping[str, str]) -> list[str]:
    parts: list[str] = []
    count: dict[str, int] = {}
    for token, location in tokens.items():
        if location not in board.areas:
            continue
        index = count.get(location, 0)
        count[location] = index + 1
        x, y = _place_in(board, location, index, 22, from_bottom=True)
        kind = "suspect" if token in SUSPECTS else "item"
        fill = "#37474f" if kind == "suspect" else "#fff8e1"
        parts.append(
            f'<g class="token" data-token="{esc(token)}" data-kind="{kind}" '
            f'data-location="{esc(location)}"><title>{esc(token)}</title>'
            f'<rect x="{x - 11:g}" y="{y - 6.5:g}" width="22" height="13" rx="3" fill="{fill}" '
            f'stroke="#263238" stroke-width="0.8"/>'
            f'<text x="{x:g}" y="{y + 3:g}" text-anchor="middle" font-size="8" '
            f'font-weight="bold" fill="{ink(fill)}">{esc(_initials(token))}</text></g>'
        )
    return parts


def _pawns(board: Board, seats: Sequence[SeatView]) -> list[str]:
    parts: list[str] = []
    count: dict[str, int] = {}
    radius = _CELL * 0.36
    labels = _seat_labels(seats)
    for seat in seats:
        if seat.position is None:
            continue
        where = seat.position
        position = parse_position(where)
        if isinstance(position, str):
            index = count.get(position, 0)
            count[position] = index + 1
            x, y = _place_in(board, position, index, 2 * radius, from_bottom=False)
        else:
            row, column = position
            x, y = column * _CELL + _CELL / 2, row * _CELL + _CELL / 2
        colour = STUDENT_COLOURS.get(seat.student or "", "#777777")
        student = seat.student or "no student yet"
        stroke = "#000" if not seat.eliminated else "#9e9e9e"
        parts.append(
            f'<circle class="pawn" data-player="{esc(seat.name)}" '
            f'data-student="{esc(seat.student or "")}" data-position="{esc(where)}" '
            f'cx="{x:g}" cy="{y:g}" r="{radius:g}" fill="{colour}" stroke="{stroke}" '
            f'stroke-width="1.5"><title>{esc(seat.name)} ({esc(student)}) at {esc(where)}'
            f"</title></circle>"
        )
        label = labels[seat.name]
        parts.append(
            f'<text class="pawn-label" data-player="{esc(seat.name)}" x="{x:g}" y="{y + 3:g}" '
            f'text-anchor="middle" font-size="{9 if len(label) <= 2 else 7}" '
            f'font-weight="bold" fill="{ink(colour)}" pointer-events="none">{esc(label)}</text>'
        )
    return parts


# ----- the side panel --------------------------------------------------------------------------


def _text(x: float, y: float, text: str, *, size: float = 11, extra: str = "") -> str:
    return f'<text x="{x:g}" y="{y:g}" font-size="{size:g}"{extra}>{esc(text)}</text>'


def _panel(scene: _Scene, left: float, top: float) -> tuple[list[str], float]:
    parts: list[str] = []
    y = top + 12
    parts.append(_text(left, y, "Wheels", size=14, extra=' font-weight="bold"'))
    y += 18
    for wheel in scene.board.wheels:
        notch = scene.wheel_notches.get(wheel.name, 0)
        mark = " \u2014 the Dark Mark shows" if wheel.notches[notch].dark_mark else ""
        label = "START" if notch == 0 else f"notch {notch}"
        parts.append(
            f'<text class="wheel" data-wheel="{esc(wheel.name)}" data-notch="{notch}" '
            f'x="{left:g}" y="{y:g}" font-size="11">'
            f"{esc(f'{wheel.name}: {label} of {len(wheel.notches)}{mark}')}</text>"
        )
        y += _LINE
    if scene.missing is not None:
        y += 4
        parts.append(_text(left, y, f"Missing student: {scene.missing}", size=11))
        y += _LINE
    y += 10
    parts.append(_text(left, y, "Players", size=14, extra=' font-weight="bold"'))
    y += 8
    labels = _seat_labels(scene.seats)
    for seat in scene.seats:
        colour = STUDENT_COLOURS.get(seat.student or "", "#777777")
        marks = ""
        if seat.name == scene.current_player:
            marks += f" \u25c0 {_STEP_WORDS.get(scene.step, 'to play')}"
            if scene.step != "roll" and scene.green:
                marks += f" (green die {scene.green})"
        if seat.name == scene.winner:
            marks += " \u2605 winner"
        if seat.eliminated:
            marks += " (accused wrongly)"
        lines = [
            f"Floo powder {seat.floo} \u00b7 {seat.hand_size} mystery cards"
            + (f" \u00b7 {seat.hidden_help} Help face down" if seat.hidden_help else ""),
            "At: " + ("\u2014" if seat.position is None else seat.position),
        ]
        if seat.help_cards:
            lines += wrap("Help: " + ", ".join(seat.help_cards), 52)
        height = 22 + _LINE * len(lines) + 6
        student = f" \u2014 {seat.student or 'no student yet'}{marks}"
        font = fit_font(seat.name + student, _PANEL_W - 36, 12.5)
        y += 8
        parts.append(
            f'<g class="seat" data-player="{esc(seat.name)}" '
            f'data-student="{esc(seat.student or "")}" data-floo="{seat.floo}">'
            f'<rect x="{left:g}" y="{y:g}" width="{_PANEL_W}" height="{height:g}" rx="6" '
            f'fill="#fafafa" stroke="{colour}" stroke-width="2"/>'
            f'<circle class="key-pawn" cx="{left + 14:g}" cy="{y + 13:g}" r="9" '
            f'fill="{colour}" stroke="#222"/>'
            f'<text x="{left + 14:g}" y="{y + 16:g}" text-anchor="middle" font-size="8" '
            f'font-weight="bold" fill="{ink(colour)}">{esc(labels[seat.name])}</text>'
            f'<text x="{left + 28:g}" y="{y + 17:g}" {font}>'
            f'<tspan class="player-name" font-weight="bold">{esc(seat.name)}</tspan>'
            f"{esc(student)}</text>"
        )
        for i, line in enumerate(lines):
            parts.append(_text(left + 10, y + 34 + i * _LINE, line))
        parts.append("</g>")
        y += height
    key, y = _key(left, y + 22)
    parts += key
    if scene.private is not None:
        parts_private, y = _private_panel(scene.private, left, y + 22)
        parts += parts_private
    return parts, y


def _key(left: float, top: float) -> tuple[list[str], float]:
    """What the board's marks mean (the pawns' colours and labels are in the players' list)."""
    parts = [
        '<g class="key">',
        _text(left, top, "Key", size=14, extra=' font-weight="bold"'),
    ]
    y = top + 10
    entries = (
        (
            '<rect x="{x}" y="{y}" width="16" height="6" fill="#8fd18f" stroke="#2e7d32"/>',
            "open door",
        ),
        (
            '<rect x="{x}" y="{y}" width="16" height="6" fill="#c62828" stroke="#5a0d0d"/>',
            "closed door",
        ),
        (
            '<rect x="{x}" y="{y}" width="16" height="6" fill="#e0a800" stroke="#8a6500"/>',
            "star square: take a Help card",
        ),
        (
            '<rect x="{x}" y="{y}" width="16" height="6" fill="#ff8f00" stroke="#e65100"/>',
            "lit fireplace: travel by Floo",
        ),
        (
            '<rect x="{x}" y="{y}" width="16" height="8" rx="2" fill="#37474f"/>',
            "suspect token; light: item token",
        ),
        (
            '<circle cx="{cx}" cy="{cy}" r="6" fill="none" stroke="#777" stroke-dasharray="3 2"/>',
            "a student's start square",
        ),
    )
    for shape, words in entries:
        y += _LINE
        parts.append(
            shape.format(x=f"{left:g}", y=f"{y - 8:g}", cx=f"{left + 8:g}", cy=f"{y - 4:g}")
        )
        parts.append(_text(left + 24, y, words))
    parts.append("</g>")
    return parts, y


def _private_panel(private: _Private, left: float, top: float) -> tuple[list[str], float]:
    parts = [
        f'<g class="private" data-player="{esc(private.player)}">',
        f'<text class="private-title" x="{left:g}" y="{top:g}" '
        f'{fit_font(f"What {private.player} knows", _PANEL_W, 14)} font-weight="bold">'
        f"What {esc(private.player)} knows</text>",
    ]
    y = top + 18
    sections: tuple[tuple[str, str, Sequence[tuple[str, str]]], ...] = (
        ("Hand", "hand-card", [(card, card) for card in private.hand]),
        ("Face-down Help", "hidden-help", [(card, card) for card in private.hidden_help]),
        (
            "Shown to me",
            "shown-to-me",
            [(card, f"{card} (by {who})") for who, card in private.shown_to_me],
        ),
        (
            "Shown by me",
            "shown-by-me",
            [(card, f"{card} (to {who})") for who, card in private.shown_by_me],
        ),
    )
    for heading, css, items in sections:
        if not items:
            continue
        parts.append(_text(left, y, heading + ":", extra=' font-weight="bold"'))
        y += _LINE
        for card, label in items:
            parts.append(
                f'<text class="card {css}" data-card="{esc(card)}" x="{left + 12:g}" '
                f'y="{y:g}" font-size="11">{esc(label)}</text>'
            )
            y += _LINE
        y += 4
    parts.append("</g>")
    return parts, y


def _status(scene: _Scene) -> str:
    who = f"Clue, as {scene.private.player} sees it" if scene.private is not None else "Clue"
    if scene.phase == "deal":
        return f"{who} \u2014 {deal_stage(scene.to_act)}"
    if scene.phase == "over":
        result = f"{scene.winner} solved the mystery" if scene.winner else "nobody won"
        return f"{who} \u2014 over: {result}"
    status = f"{who} \u2014 {scene.current_player} {_STEP_WORDS.get(scene.step, 'to play')}"
    seated = {seat.name for seat in scene.seats}  # not an awaited roll's "<chance>"
    others = [name for name in scene.to_act if name != scene.current_player and name in seated]
    if others:  # another player must decide first (show a card to the suggester)
        status += f"; waiting for {', '.join(others)}"
    return status


def board_svg(
    game: Game | ClueView, *, width: int = DEFAULT_WIDTH, content: Content | None = None
) -> str:
    """Draw a game of Clue, or one player's view of it, as a standalone SVG document.

    The result is a string starting with ``<svg``, with a ``<title>`` and a
    ``viewBox``. It shows public facts only, plus, for a view, that player's own
    cards (see the module docstring).

    Args:
        game: a `Game`, or a `ClueView` (``game.view(player)``).
        width: the picture's width in pixels (the height keeps the proportions).
        content: the board to draw a view on: a view does not hold the board, so a
            game played with its own content (`load_content`) must pass it. The
            library's default content when ``None``. A `Game` knows its own.

    Raises:
        ValueError: ``width`` is not a positive whole number, the view does not
            fit ``content``, or ``content`` is not the game's.

    Examples:
        >>> from hogwarts_rules import clue
        >>> game = clue.new_game(["Ann", "Ben", "Cat"], seed=4)
        >>> svg = board_svg(game, width=640)
        >>> svg.startswith("<svg"), svg.count('class="pawn"')  # no pawns before the deal
        (True, 0)
    """
    if type(width) is not int or width <= 0:
        raise ValueError(f"width must be a positive whole number of pixels, not {width!r}")
    if not isinstance(game, ClueView):
        if content is not None and content != game.content:
            raise ValueError("a game is drawn on its own content: leave content out")
        scene = _from_view(game.view(None), game.content.board)  # the table's view
    else:
        scene = _from_view(game, (content or default_content()).board)
    board = scene.board
    board_w, board_h = board.width * _CELL, board.height * _CELL
    origin_x, origin_y = _MARGIN, _MARGIN + _TITLE_H
    body = [
        f'<g class="board" transform="translate({origin_x},{origin_y})">',
        f'<rect class="walls" x="0" y="0" width="{board_w}" height="{board_h}" fill="#4a4458"/>',
        *_squares(board),
        *_starts(board),
        *_locations(board),
        *_doors(board, scene.closed_doors),
        *_fireplaces(board, scene.lit_fireplaces),
        *_tokens(board, scene.tokens),
        *_pawns(board, scene.seats),
        "</g>",
    ]
    panel_left = origin_x + board_w + _PANEL_GAP
    panel, panel_bottom = _panel(scene, panel_left, origin_y)
    total_w = panel_left + _PANEL_W + _MARGIN
    total_h = max(origin_y + board_h + _MARGIN, panel_bottom + _MARGIN)
    height = round(width * total_h / total_w)
    title = _status(scene)
    head = [
        f'<svg xmlns="{SVG_NS}" class="hogwarts-rules clue" '
        f'viewBox="0 0 {total_w:g} {total_h:g}" width="{width}" height="{height}" '
        f'font-family="sans-serif" role="img">',
        f"<title>{esc(title)}</title>",
        f'<rect class="background" x="0" y="0" width="{total_w:g}" height="{total_h:g}" '
        f'fill="#ffffff"/>',
        f'<text class="status" x="{_MARGIN}" y="{_MARGIN + 16}" '
        f"{fit_font(title, total_w - 2 * _MARGIN, 16)} "
        f'font-weight="bold">{esc(title)}</text>',
    ]
    return "\n".join([*head, *body, *panel, "</svg>"]) + "\n"


# ----- the deduction table ---------------------------------------------------------------------


def _percent(p: Fraction) -> str:
    if p == 0:
        return "0%"
    if p == 1:
        return "100%"
    value = float(p) * 100
    if value < 0.1:
        return "<0.1%"
    if value > 99.9:
        return ">99.9%"
    text = f"{value:.1f}"
    return (text[:-2] if text.endswith(".0") else text) + "%"


def _shade(p: Fraction) -> tuple[str, str]:
    """The background (white to deep blue as ``p`` grows) and the text colour."""
    t = float(p)
    low, high = (255, 255, 255), (21, 101, 192)
    r, g, b = (round(a + (z - a) * t) for a, z in zip(low, high, strict=True))
    return f"#{r:02x}{g:02x}{b:02x}", ("#ffffff" if t > 0.55 else "#1a1a1a")


def _plural(category: str) -> str:
    heading = category.capitalize()
    return heading if heading.endswith("s") else heading + "s"


def _owner_label(owner: str) -> str:
    return "Envelope" if owner == ENVELOPE else owner


def deduction_html(deduction: Deduction) -> str:
    """A deduction as an HTML table: cards (grouped by category) by owners.

    Each cell gives the probability that the owner (a player, or the envelope)
    holds the card, as a percentage, on a background that darkens as the
    probability grows. Certain cells are marked with a tick (``class="certain"``),
    impossible ones are greyed (``class="impossible"``). Every cell carries
    ``data-card``, ``data-owner`` and the exact probability as ``data-fraction``.
    Names are escaped.

    Examples:
        >>> from hogwarts_rules.clue.deduction import Notebook
        >>> book = Notebook.start(["Ann", "Ben", "Cat"], hand_sizes={"Ann": 6, "Ben": 6, "Cat": 6})
        >>> table = deduction_html(book.holds("Ann", ["Scabior"]).solve())
        >>> table.startswith("<table"), table.count('class="certain"')
        (True, 1)
    """
    owners = deduction.owners
    style = (
        'style="border-collapse: collapse; font-family: sans-serif; font-size: 13px; margin: 4px 0"'
    )
    cell = "padding: 3px 8px; border: 1px solid #d0d0d0"
    deals = deduction.deals
    deals_text = str(deals.numerator) if deals.denominator == 1 else f"{float(deals):.6g}"
    caption = f"Consistent deals: {deals_text}"
    solution = deduction.solution
    if solution is not None:
        caption += " \u00b7 solved: " + ", ".join(solution)
    elif deduction.triples:
        triple, chance = deduction.best_accusation()
        caption += f" \u00b7 most likely: {', '.join(triple)} ({_percent(chance)})"
    parts = [
        f'<table class="hogwarts-rules deduction" {style}>',
        f'<caption style="caption-side: top; text-align: left; padding: 4px 0">'
        f"{esc(caption)}</caption>",
        '<thead><tr><th scope="col" style="' + cell + '; text-align: left">Card</th>',
    ]
    parts += [
        f'<th scope="col" data-owner="{esc(owner)}" style="{cell}">{esc(_owner_label(owner))}</th>'
        for owner in owners
    ]
    parts.append("</tr></thead>")
    for category, cards in deduction.deck:
        parts.append(f'<tbody class="category" data-category="{esc(category)}">')
        parts.append(
            f'<tr><th scope="rowgroup" colspan="{len(owners) + 1}" '
            f'style="{cell}; text-align: left; background: #eceff1">'
            f"{esc(_plural(category))}</th></tr>"
        )
        for card in cards:
            parts.append(
                f'<tr data-card="{esc(card)}"><th scope="row" style="{cell}; text-align: left; '
                f'font-weight: normal">{esc(card)}</th>'
            )
            for owner in owners:
                p = deduction.probability(card, owner)
                background, ink = _shade(p)
                css = "certain" if p == 1 else "impossible" if p == 0 else "possible"
                weight = "; font-weight: bold" if p == 1 else ""
                colour = "#9e9e9e" if p == 0 else ink
                mark = "\u2714 " if p == 1 else ""
                parts.append(
                    f'<td class="{css}" data-card="{esc(card)}" data-owner="{esc(owner)}" '
                    f'data-fraction="{p.numerator}/{p.denominator}" '
                    f'title="{p.numerator}/{p.denominator}" style="{cell}; text-align: right; '
                    f'background-color: {background}; color: {colour}{weight}">'
                    f"{mark}{_percent(p)}</td>"
                )
            parts.append("</tr>")
        parts.append("</tbody>")
    parts.append("</table>")
    return "\n".join(parts) + "\n"
