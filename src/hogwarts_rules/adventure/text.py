"""First Year Adventure as plain text: the board with its pawns, and short reprs.

`board_text` draws a game (or a view of it) for a terminal or a log, the way
``print(board)`` does in python-chess: the track as boxes joined by arrows
(Diagon Alley as a column on the left leading up to the Great Hall, the Hogwarts
loop as a ring running clockwise from the Great Hall, the dungeon as a column on
the right entered from the 3rd Floor), each box naming its space (abbreviated,
with a legend) and holding the pawns that stand there; then a table of the
players (house, space, skills, house points, clues, turns to miss, belongings),
the round and whose turn it is. Every line is at most `WIDTH` characters and no
line is blank; the text comes from a view only, so it never holds the dice.

Each pawn is drawn as its player's marker (`pawn_markers`): the first letter of
the name, or the first two letters when two players share a first letter, or
the seat number when even two letters do not tell the players apart.

`short_repr` is a one-line summary of a game or a view, at most `REPR_LIMIT`
characters, for ``repr()``.

Examples:
    >>> from hogwarts_rules import adventure
    >>> game = adventure.new_game(["Harry", "Hermione", "Ron"], seed=7)
    >>> pawn_markers(game.view(None))
    {'Harry': 'Ha', 'Hermione': 'He', 'Ron': 'Ro'}
    >>> text = board_text(game)
    >>> text.splitlines()[0]
    'First Year Adventure - before the roll for who goes first'
    >>> max(len(line) for line in text.splitlines()) <= WIDTH
    True
    >>> short_repr(game)
    '<adventure.Game: before the roll-off, 3 players>'
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from typing import TYPE_CHECKING, Final

from hogwarts_rules._text import fill
from hogwarts_rules.adventure.board import DIAGON_ALLEY, DUNGEON, LOOP, Space
from hogwarts_rules.adventure.layout import CELLS, belongings
from hogwarts_rules.adventure.view import AdventureView
from hogwarts_rules.dice import CHANCE
from hogwarts_rules.frozen import FrozenMap

if TYPE_CHECKING:
    from hogwarts_rules.adventure.game import Game

__all__ = ["ABBREVIATIONS", "REPR_LIMIT", "WIDTH", "board_text", "pawn_markers", "short_repr"]

WIDTH: Final = 100
"""The widest line `board_text` writes, in characters."""

REPR_LIMIT: Final = 120
"""The longest text `short_repr` returns, in characters."""

ABBREVIATIONS: Final[Mapping[Space, str]] = FrozenMap(
    {
        Space.INVITATION: "Invitation",
        Space.GRINGOTTS: "Gringotts",
        Space.OLLIVANDERS: "Ollivander",
        Space.FAMILIAR_SHOP: "Familiars",
        Space.PLATFORM: "Pl. 9 3/4",
        Space.GREAT_HALL: "Great Hall",
        Space.HALLWAYS: "Hallways",
        Space.DORM_ROOMS: "Dorm Rooms",
        Space.TRANSFIGURATION: "Transfig.",
        Space.LIBRARY: "Library",
        Space.QUIDDITCH_FIELD: "Quidditch",
        Space.HOSPITAL: "Hospital",
        Space.POTIONS: "Potions",
        Space.THIRD_FLOOR: "3rd Floor",
        Space.CHARMS: "Charms",
        Space.HAGRIDS_COTTAGE: "Hagrid's",
        Space.DEFENCE: "Defence",
        Space.DARK_WOODS: "Dark Woods",
        Space.WIZARDS_CHESS: "Wiz. Chess",
        Space.HERBOLOGY: "Herbology",
        Space.MIRROR_OF_ERISED: "Mirror",
        Space.FLUFFY: "Fluffy",
        Space.DEVILS_SNARE: "Dev. Snare",
        Space.FLYING_KEYS: "Fly. Keys",
        Space.LIVE_CHESS_MATCH: "Live Chess",
        Space.SORCERERS_STONE: "The Stone",
    }
)
"""The name written in each space's box (at most 10 characters; the legend gives the full one)."""

_INNER: Final = 10  # characters inside a box
_BOX: Final = _INNER + 2
_GAP: Final = 2  # characters between two boxes (an arrow)
_STEP: Final = _BOX + _GAP
_NAME_WIDTH: Final = 16


_CELLS: Final = CELLS
_COLUMNS: Final = max(c for c, _ in _CELLS.values()) + 1
_ROWS: Final = max(r for _, r in _CELLS.values()) + 1


def _links() -> list[tuple[Space, Space, bool]]:
    """Each step of the track (from, to, is it the way into the dungeon)."""
    links = [(a, b, False) for a, b in itertools.pairwise(DIAGON_ALLEY)]
    links.append((DIAGON_ALLEY[-1], LOOP[0], False))
    links += [(a, LOOP[(i + 1) % len(LOOP)], False) for i, a in enumerate(LOOP)]
    links.append((Space.THIRD_FLOOR, DUNGEON[0], True))
    links += [(a, b, False) for a, b in itertools.pairwise(DUNGEON)]
    return links


def _clip(text: str, width: int) -> str:
    """``text`` cut to ``width`` characters, ending in ``~`` when cut."""
    return text if len(text) <= width else text[: width - 1] + "~"


def pawn_markers(view: AdventureView) -> dict[str, str]:
    """Each player's pawn marker on the text board, by name (in seat order).

    The first letter of the name (upper case), or the first two letters when two
    players share a first letter; the seat number (``1`` to ``4``) when two letters
    do not tell the players apart, or when a name does not start with ASCII
    letters or digits.

    Examples:
        >>> from hogwarts_rules import adventure
        >>> pawn_markers(adventure.new_game(["Ann", "Ben"], seed=1).view(None))
        {'Ann': 'A', 'Ben': 'B'}
        >>> pawn_markers(adventure.new_game(["Harry", "Harriet"], seed=1).view(None))
        {'Harry': '1', 'Harriet': '2'}
    """
    names = tuple(view.players)
    for size in (1, 2):
        markers = {name: name[:size].capitalize() for name in names}
        plain = all(m.isascii() and m.isalnum() and len(m) == size for m in markers.values())
        if plain and len({m.upper() for m in markers.values()}) == len(markers):
            return markers
    return {name: str(i) for i, name in enumerate(names, 1)}


def _as_view(game: Game | AdventureView) -> AdventureView:
    return game if isinstance(game, AdventureView) else game.view(None)


def _board(view: AdventureView, markers: Mapping[str, str]) -> list[str]:
    """The track: boxes with their spaces' names and pawns, joined by arrows."""
    width = _COLUMNS * _STEP - _GAP
    grid = [[" "] * width for _ in range(_ROWS * 5 - 1)]

    def put(row: int, x: int, text: str) -> None:
        for i, ch in enumerate(text):
            grid[row][x + i] = ch

    here: dict[Space, list[str]] = {}
    for name, player in view.players.items():
        here.setdefault(player.space, []).append(markers[name])
    for space, (column, row) in _CELLS.items():
        x, y = column * _STEP, row * 5
        pawns = " ".join(here.get(space, []))
        if len(pawns) > _INNER:
            pawns = "".join(here.get(space, []))
        put(y, x, "\u250c" + "\u2500" * _INNER + "\u2510")
        put(y + 1, x, "\u2502" + ABBREVIATIONS[space].center(_INNER) + "\u2502")
        put(y + 2, x, "\u2502" + pawns.center(_INNER) + "\u2502")
        put(y + 3, x, "\u2514" + "\u2500" * _INNER + "\u2518")
    for a, b, dungeon in _links():
        (ca, ra), (cb, rb) = _CELLS[a], _CELLS[b]
        if ra == rb:  # side by side: an arrow in the gap, on the name line
            left = min(ca, cb)
            arrow = ("=>" if dungeon else "->") if cb > ca else "<-"
            put(ra * 5 + 1, left * _STEP + _BOX, arrow)
        else:  # one above the other: an arrow in the line between them
            put(max(ra, rb) * 5 - 1, ca * _STEP + _BOX // 2, "v" if rb > ra else "^")
    return ["".join(line).rstrip() for line in grid]


def _players(view: AdventureView, markers: Mapping[str, str]) -> list[str]:
    """The players' table: one row each, with their belongings under it."""
    lines = [
        f"  Pawn {'Player':<{_NAME_WIDTH}} {'House':<10} {'On':<10} "
        "Mag Fly Stu Chs Points Clues Miss"
    ]
    for name in view.order or tuple(view.players):
        p = view.players[name]
        mark = ">" if name == view.current_player else " "
        lines.append(
            f"{mark} {markers[name]:<4} {_clip(name, _NAME_WIDTH):<{_NAME_WIDTH}} "
            f"{p.house or '-':<10} {ABBREVIATIONS[p.space]:<10} {p.magic:>3} {p.flying:>3} "
            f"{p.study:>3} {p.chess:>3} {p.house_points:>6} {p.clues:>5} {p.turns_to_miss:>4}"
        )
        items = belongings(p)
        if items:
            lines += fill("       has: ", items, ", ", " " * 12)
    return lines


def _status(view: AdventureView) -> str:
    who = "First Year Adventure"
    if view.viewer is not None:
        who += f", as {_clip(view.viewer, 24)} sees it"
    if view.outcome is not None:
        winners = " and ".join(view.outcome.winners) or "nobody"
        return _clip(f"{who} - over after round {view.round}: {winners} won", WIDTH)
    if not view.order:
        return f"{who} - before the roll for who goes first"
    return _clip(f"{who} - round {view.round}: {view.current_player} to play", WIDTH)


def _awaited(view: AdventureView) -> list[str]:
    if view.outcome is not None:
        lines = fill("", [view.outcome.description], "", "  ") if view.outcome.description else []
        scores = [f"{name} {points}" for name, points in view.outcome.scores.items()]
        return lines + (fill("House points: ", scores, ", ", "  ") if scores else [])
    if not view.to_act or (not view.prompt and view.to_act == (view.current_player,)):
        return []  # nothing awaited, or only the turn the status line names
    if view.to_act == (CHANCE,):
        head = "Awaiting a roll"
    else:
        head = "Awaiting " + " and ".join(_clip(name, 24) for name in view.to_act)
    return fill(head + (": " if view.prompt else ""), view.prompt.split(), " ", "  ")


def _legend() -> list[str]:
    renamed = [
        f"{short} = {space.value}"
        for space, short in ABBREVIATIONS.items()
        if not space.value.startswith(short)  # "Potions" needs no legend
    ]
    return [
        *fill("Spaces: ", renamed, "; ", "  "),
        "The loop runs clockwise from the Great Hall; => enters the dungeon from the 3rd Floor.",
    ]


def board_text(game: Game | AdventureView) -> str:
    """The board, the pawns and the players as plain text (``str(game)``).

    The status line, the track with every pawn on its space, a legend of the
    abbreviated spaces, the players' table (``>`` marks whose turn it is) and
    what the game awaits. Drawn from a view (a game is drawn from its table's
    view, ``game.view(None)``): the dice are never shown.

    Args:
        game: a game, or any seat's view of it.

    Examples:
        >>> from hogwarts_rules import adventure
        >>> game = adventure.new_game(["Ann", "Ben"], seed=1)
        >>> game, _ = game.apply(adventure.RollOff())
        >>> lines = board_text(game).splitlines()
        >>> lines[0]
        'First Year Adventure - round 1: Ann to play'
        >>> print(lines[22][:12])  # the Invitation to Hogwarts, bottom left, with both pawns
        \u2502Invitation\u2502
        >>> print(lines[23][:12])
        \u2502   A B    \u2502
    """
    view = _as_view(game)
    markers = pawn_markers(view)
    lines = [
        _status(view),
        *_board(view, markers),
        *_legend(),
        *_players(view, markers),
        *_awaited(view),
    ]
    return "\n".join(_clip(line, WIDTH) for line in lines)  # a very long name is cut


def short_repr(obj: Game | AdventureView) -> str:
    """A one-line summary of a game or a view for ``repr()`` (at most `REPR_LIMIT` characters).

    Examples:
        >>> from hogwarts_rules import adventure
        >>> game, _ = adventure.new_game(["Ann", "Ben"], seed=1).apply(adventure.RollOff())
        >>> short_repr(game)
        '<adventure.Game: round 1, Ann to act, 2 players>'
        >>> short_repr(game.view("Ann"))
        "<AdventureView of 'Ann': round 1, Ann to act, 2 players>"
    """
    view = _as_view(obj)
    if isinstance(obj, AdventureView):
        viewer = "the table" if obj.viewer is None else repr(_clip(obj.viewer, 24))
        head = f"AdventureView of {viewer}"
    else:
        head = "adventure.Game"
    count = f"{len(view.players)} players"
    if view.outcome is not None:
        winners = " and ".join(_clip(w, 20) for w in view.outcome.winners) or "nobody"
        state = f"over after round {view.round}, won by {winners}"
    elif not view.order:
        state = "before the roll-off"
    elif view.to_act == (CHANCE,):
        state = f"round {view.round}, a roll awaited"
    else:
        who = " and ".join(_clip(name, 24) for name in view.to_act) or "nobody"
        state = f"round {view.round}, {who} to act"
    return _clip(f"<{head}: {state}, {count}", REPR_LIMIT - 1) + ">"
