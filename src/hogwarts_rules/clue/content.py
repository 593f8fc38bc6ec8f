"""The board, the wheels and the two decks of Clue, as data (and their JSON format).

The rulebooks describe but do not print the board's grid, the wheels' notches,
the 29 Help cards and the 32 Dark cards. The library ships its own design
(`default_content`); owners of the physical game, or anyone wanting house
rules, load their own with `load_content`, which validates everything and
names the offending field.

The grid is a list of equal-length strings: ``#`` is a wall (or the inside of a
location), ``.`` a corridor square and ``*`` a star square. Locations are not
squares: a pawn in a location is "in" it, and enters or leaves through its doors.
Each door joins one location to one corridor square. Cells are ``(row, column)``.

Examples:
    >>> content = default_content()
    >>> len(content.help_deck), len(content.dark_deck)
    (29, 32)
    >>> sorted(wheel.name for wheel in content.board.wheels)
    ['Gringotts', "Hog's Head", 'Hogwarts', 'Ministry of Magic']
"""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping, Sequence
from importlib import resources
from typing import Any, Final

import attrs

from hogwarts_rules.clue.cards import BURROW, LOCATIONS, STUDENTS
from hogwarts_rules.clue.vocabulary import Affects, HelpKind, Special, Square
from hogwarts_rules.errors import InvalidDataError
from hogwarts_rules.frozen import FrozenMap, sorted_repr
from hogwarts_rules.names import MAX_LABEL_LENGTH, name_problem
from hogwarts_rules.serialization import structure, unstructure

__all__ = [
    "AFFECTS",
    "MAX_DOORS",
    "WHEEL_NAMES",
    "Board",
    "Content",
    "DarkCard",
    "Door",
    "HelpCard",
    "Notch",
    "Wheel",
    "content_to_dict",
    "default_content",
    "load_content",
]

Cell = tuple[int, int]

_WALKABLE: Final = (Square.CORRIDOR, Square.STAR)

WHEEL_NAMES: Final = ("Gringotts", "Hogwarts", "Hog's Head", "Ministry of Magic")
"""The four wheels, one per quadrant, named after the location printed on each."""

MAX_DOORS: Final = 200
"""The most doors a board may have (the library's has 22): every movement search looks at
the doors near the pawn, so their number bounds the work and the memory of a move."""

AFFECTS: Final = tuple(Affects)
"""Who a Dark card hits (`Affects`): everyone; the player who drew it; everyone but that
player; players whose pawn is in one of the card's ``locations``; players in the corridors;
the player(s) with the most Floo powder."""


@attrs.frozen
class Door:
    """A door of a location.

    Attributes:
        id: unique name of the door (``"gringotts-north"``).
        location: the location it opens into.
        cell: the corridor square in front of it.
        wheel: the wheel of the quadrant that opens and closes it.
    """

    id: str
    location: str
    cell: tuple[int, int]
    wheel: str


@attrs.frozen
class Notch:
    """One notch of a wheel: what its quadrant looks like while the wheel stands there.

    Attributes:
        closed_doors: the doors of the quadrant shown red (closed).
        lit_fireplaces: the locations of the quadrant whose fireplace is lit.
        dark_mark: the Dark Mark shows in the wheel's window.
    """

    closed_doors: frozenset[str] = attrs.field(default=frozenset(), repr=sorted_repr)
    lit_fireplaces: frozenset[str] = attrs.field(default=frozenset(), repr=sorted_repr)
    dark_mark: bool = False


@attrs.frozen
class Wheel:
    """A wheel: its notches in clockwise order, the first being START.

    Attributes:
        name: one of `WHEEL_NAMES`.
        notches: the notches; notch 0 is START.
        locations: the locations of its quadrant (their doors and fireplaces follow it).
    """

    name: str
    notches: tuple[Notch, ...]
    locations: tuple[str, ...]


@attrs.frozen
class Board:
    """The game board.

    Attributes:
        grid: the squares, row by row (``#`` wall, ``.`` corridor, ``*`` star).
        locations: the nine mystery locations and The Burrow.
        areas: where each location is drawn: (top row, left column, height, width).
        doors: every door.
        fireplaces: the locations that have a fireplace.
        starts: each student's start square.
        wheels: the four wheels.
    """

    grid: tuple[str, ...]
    locations: tuple[str, ...]
    areas: FrozenMap[str, tuple[int, int, int, int]]
    doors: tuple[Door, ...]
    fireplaces: frozenset[str] = attrs.field(repr=sorted_repr)
    starts: FrozenMap[str, tuple[int, int]]
    wheels: tuple[Wheel, ...]

    @property
    def height(self) -> int:
        """Rows in the grid."""
        return len(self.grid)

    @property
    def width(self) -> int:
        """Columns in the grid."""
        return len(self.grid[0])

    def square(self, cell: Cell) -> str:
        """The grid character at a cell (``#`` outside the grid)."""
        row, column = cell
        if 0 <= row < self.height and 0 <= column < self.width:
            return self.grid[row][column]
        return Square.WALL

    def walkable(self, cell: Cell) -> bool:
        """True for corridor and star squares."""
        return self.square(cell) in _WALKABLE

    @functools.cached_property
    def doors_by_cell(self) -> Mapping[Cell, tuple[Door, ...]]:
        """The doors opening from each corridor square."""
        found: dict[Cell, list[Door]] = {}
        for door in self.doors:
            found.setdefault(door.cell, []).append(door)
        return {cell: tuple(doors) for cell, doors in found.items()}

    @functools.cached_property
    def doors_of(self) -> Mapping[str, tuple[Door, ...]]:
        """Each location's doors."""
        return {loc: tuple(d for d in self.doors if d.location == loc) for loc in self.locations}

    @functools.cached_property
    def graph(self) -> Mapping[Cell | str, tuple[tuple[Cell | str, str | None], ...]]:
        """Every position's neighbours, each with the id of the door between (or ``None``)."""
        result: dict[Cell | str, list[tuple[Cell | str, str | None]]] = {}
        for row in range(self.height):
            for column in range(self.width):
                if not self.walkable((row, column)):
                    continue
                steps: list[tuple[Cell | str, str | None]] = []
                for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
                    cell = (row + dr, column + dc)
                    if self.walkable(cell):
                        steps.append((cell, None))
                steps.extend(
                    (door.location, door.id) for door in self.doors_by_cell.get((row, column), ())
                )
                result[(row, column)] = steps
        for location in self.locations:
            result[location] = [(door.cell, door.id) for door in self.doors_of[location]]
        return {position: tuple(steps) for position, steps in result.items()}

    @functools.cached_property
    def position_names(self) -> Mapping[Cell | str, str]:
        """Each position's name: a location's own, ``"row,column"`` for a square."""
        return {
            position: position if isinstance(position, str) else f"{position[0]},{position[1]}"
            for position in self.graph
        }

    @functools.cached_property
    def stops(self) -> frozenset[Cell | str]:
        """The positions that end a move: star squares and locations."""
        stars = {
            (r, c)
            for r in range(self.height)
            for c in range(self.width)
            if self.grid[r][c] == Square.STAR
        }
        return frozenset({*stars, *self.locations})

    @functools.cached_property
    def _memo(self) -> dict[object, Any]:
        # Derived data kept with the board: the movement searches (`movement.reachable`) and
        # what the wheels' notches close and light (`wheel_state`), each a pure function of
        # the board and its key. Like the cached properties above it is never part of
        # equality, hashing, repr, to_dict or pickling (attrs leaves it out of all five).
        return {}

    def wheel_state(self, notches: tuple[int, ...]) -> tuple[frozenset[str], frozenset[str]]:
        """The doors closed and the fireplaces lit when the wheels stand at ``notches``.

        Args:
            notches: each wheel's notch, in the order of `wheels`.
        """
        memo = self._memo
        key = ("wheels", notches)
        found: tuple[frozenset[str], frozenset[str]] | None = memo.get(key)
        if found is None:
            closed: set[str] = set()
            lit: set[str] = set()
            for wheel, notch in zip(self.wheels, notches, strict=True):
                closed |= wheel.notches[notch].closed_doors
                lit |= wheel.notches[notch].lit_fireplaces
            found = memo[key] = (frozenset(closed), frozenset(lit))
        return found

    def wheel(self, name: str) -> Wheel:
        """A wheel by name (``KeyError`` if unknown)."""
        return self._wheels_by_name[name]

    @functools.cached_property
    def _wheels_by_name(self) -> Mapping[str, Wheel]:
        # Each wheel by name (the first of that name), derived like `_memo`.
        found: dict[str, Wheel] = {}
        for wheel in self.wheels:
            found.setdefault(wheel.name, wheel)
        return found


@attrs.frozen
class HelpCard:
    """A Help card: an Ally, an Item or a Spell.

    Attributes:
        name: the card's name (cards with the same name are copies).
        kind: a `HelpKind`: ``"ally"``, ``"item"`` or ``"spell"``.
        text: what the card says.
        special: a `Special`: ``"alohomora"`` (pass one closed door, then discard) or
            ``"felix_felicis"`` (once, move 7 instead of the green die, then discard),
            or ``""``.
    """

    name: str
    kind: HelpKind
    text: str = ""
    special: Special = Special.NONE


@attrs.frozen
class DarkCard:
    """A Dark card: an attack of the Dark forces.

    Attributes:
        name: the card's name.
        text: what is happening.
        affects: who is affected (an `Affects`).
        floo: pinches of Floo powder each affected player loses unless protected.
        protected_by: the names of the Help cards that protect against it.
        locations: for ``affects="in_locations"``, the locations hit.
        discard_help: a Help card used against this card is discarded (normally it is kept).
    """

    name: str
    text: str
    affects: Affects
    floo: int
    protected_by: frozenset[str] = attrs.field(repr=sorted_repr)
    locations: frozenset[str] = attrs.field(default=frozenset(), repr=sorted_repr)
    discard_help: bool = False


@attrs.frozen
class Content:
    """Everything a game of Clue is played with besides the mystery cards.

    Attributes:
        name: a name for this content (``"hogwarts-rules default"``).
        board: the board and its wheels.
        help_deck: the 29 (or your number of) Help cards, copies listed separately.
        dark_deck: the 32 (or your number of) Dark cards.
    """

    name: str
    board: Board
    help_deck: tuple[HelpCard, ...]
    dark_deck: tuple[DarkCard, ...]

    @functools.cached_property
    def _specials(self) -> Mapping[str, Special]:
        # What each Help card does on a move, by name (the first card of that name): derived
        # data, a pure function of the content, never part of equality, repr or pickling.
        found: dict[str, Special] = {}
        for card in self.help_deck:
            found.setdefault(card.name, card.special)
        return found

    @functools.cached_property
    def _dark_cards(self) -> Mapping[str, DarkCard]:
        # Each Dark card by name (the first of that name), like `_specials`.
        found: dict[str, DarkCard] = {}
        for card in self.dark_deck:
            found.setdefault(card.name, card)
        return found

    @functools.cached_property
    def _memo(self) -> dict[object, Any]:
        # What a player's Help cards do on a move, by the cards held
        # (`hogwarts_rules.clue.turn.move_options`): derived like `_specials`.
        return {}


def _bad(path: str, message: str) -> InvalidDataError:
    return InvalidDataError("bad_content", f"{path}: {message}", path)


def _check_names(content: Content) -> None:
    """The content's own names and ids go through the one validation of names.

    (`hogwarts_rules.names`: 1 to 80 characters, no white space at an end, no control,
    format, surrogate or separator characters, not starting with ``<``.)
    """
    named: list[tuple[str, object]] = [("$.name", content.name)]
    named += [(f"$.help_deck[{i}].name", card.name) for i, card in enumerate(content.help_deck)]
    named += [(f"$.dark_deck[{i}].name", card.name) for i, card in enumerate(content.dark_deck)]
    named += [(f"$.board.doors[{i}].id", door.id) for i, door in enumerate(content.board.doors)]
    for path, name in named:
        problem = name_problem(name, MAX_LABEL_LENGTH)
        if problem is not None:
            raise _bad(path, f"a name {problem}")


def _validate(content: Content) -> None:
    _check_names(content)
    board = content.board
    if not board.grid or any(len(row) != len(board.grid[0]) for row in board.grid):
        raise _bad("$.board.grid", "rows must be non-empty and all the same length")
    if board.height > 200 or board.width > 200:
        raise _bad("$.board.grid", "at most 200 rows and 200 columns")
    for r, row in enumerate(board.grid):
        if set(row) - set(Square):
            raise _bad(f"$.board.grid[{r}]", "use only '#', '.' and '*'")
    expected = {*LOCATIONS, BURROW}
    if set(board.locations) != expected or len(board.locations) != len(expected):
        raise _bad(
            "$.board.locations", f"must be the nine mystery locations and {BURROW}, once each"
        )
    if set(board.areas) != expected:
        raise _bad("$.board.areas", "every location needs an area to be drawn in")
    if set(board.starts) != set(STUDENTS):
        raise _bad("$.board.starts", f"every student needs a start square: {', '.join(STUDENTS)}")
    for student, cell in board.starts.items():
        if not board.walkable(cell):
            raise _bad(f"$.board.starts.{student}", f"{cell} is not a corridor square")
    if len(set(board.starts.values())) != len(board.starts):
        raise _bad("$.board.starts", "start squares must differ")
    wheel_names = [w.name for w in board.wheels]
    if sorted(wheel_names) != sorted(WHEEL_NAMES):
        raise _bad("$.board.wheels", f"need exactly the wheels {', '.join(WHEEL_NAMES)}")
    if len(board.doors) > MAX_DOORS:
        raise _bad("$.board.doors", f"at most {MAX_DOORS} doors")
    door_ids = [d.id for d in board.doors]
    if len(set(door_ids)) != len(door_ids):
        raise _bad("$.board.doors", "door ids must be unique")
    openings = [(d.location, d.cell) for d in board.doors]
    if len(set(openings)) != len(openings):
        raise _bad("$.board.doors", "a location has one door at most onto each corridor square")
    quadrant: dict[str, str] = {}
    for i, wheel in enumerate(board.wheels):
        for loc in wheel.locations:
            if loc not in expected:
                raise _bad(f"$.board.wheels[{i}].locations", f"unknown location {loc!r}")
            if loc in quadrant:
                raise _bad(f"$.board.wheels[{i}].locations", f"{loc} is in two quadrants")
            quadrant[loc] = wheel.name
        if not 2 <= len(wheel.notches) <= 24:
            raise _bad(f"$.board.wheels[{i}].notches", "a wheel has 2 to 24 notches")
        if wheel.notches[0].dark_mark:
            raise _bad(f"$.board.wheels[{i}].notches[0]", "START cannot show the Dark Mark")
    for i, door in enumerate(board.doors):
        path = f"$.board.doors[{i}]"
        if door.location not in expected:
            raise _bad(path, f"unknown location {door.location!r}")
        if not board.walkable(door.cell):
            raise _bad(
                path, f"door {door.id} opens onto {door.cell}, which is not a corridor square"
            )
        if door.wheel not in WHEEL_NAMES:
            raise _bad(path, f"unknown wheel {door.wheel!r}")
        if quadrant.get(door.location, door.wheel) != door.wheel:
            raise _bad(
                path,
                f"door {door.id} is turned by {door.wheel}, "
                f"but {door.location} is in {quadrant[door.location]}'s quadrant",
            )
    for loc in expected:
        if not board.doors_of[loc]:
            raise _bad("$.board.doors", f"{loc} has no door")
    for loc in board.fireplaces:
        if loc not in expected:
            raise _bad("$.board.fireplaces", f"unknown location {loc!r}")
    if BURROW in board.fireplaces:  # ruling CL-13: The Burrow is reached with the roll
        raise _bad("$.board.fireplaces", f"{BURROW} has no fireplace: it is reached by walking")
    doors = {d.id: d for d in board.doors}
    for i, wheel in enumerate(board.wheels):
        for j, notch in enumerate(wheel.notches):
            path = f"$.board.wheels[{i}].notches[{j}]"
            for door_id in notch.closed_doors:
                if door_id not in doors or doors[door_id].wheel != wheel.name:
                    raise _bad(path, f"{door_id!r} is not a door of {wheel.name}'s quadrant")
            for loc in notch.lit_fireplaces:
                if loc not in board.fireplaces or quadrant.get(loc) != wheel.name:
                    raise _bad(path, f"{loc!r} has no fireplace in {wheel.name}'s quadrant")
    _validate_geometry(board, quadrant)
    help_names = {card.name for card in content.help_deck}
    decks: tuple[tuple[str, Sequence[HelpCard | DarkCard]], ...] = (
        ("help_deck", content.help_deck),
        ("dark_deck", content.dark_deck),
    )
    for deck_name, deck in decks:
        first_copy: dict[str, HelpCard | DarkCard] = {}
        for i, card in enumerate(deck):
            if first_copy.setdefault(card.name, card) != card:
                raise _bad(f"$.{deck_name}[{i}]", f"copies of {card.name!r} must be identical")
    if not 1 <= len(content.help_deck) <= 500 or not 1 <= len(content.dark_deck) <= 500:
        raise _bad("$", "each deck needs 1 to 500 cards")
    for i, dark in enumerate(content.dark_deck):
        path = f"$.dark_deck[{i}]"
        if not 0 <= dark.floo <= 40:
            raise _bad(path, "floo must be 0 to 40")
        unknown = sorted(dark.protected_by - help_names)
        if unknown:
            raise _bad(path, f"no Help card is called {unknown[0]!r}")
        if dark.affects == Affects.IN_LOCATIONS and not dark.locations:
            raise _bad(path, "an in_locations card must name its locations")
        if dark.locations - expected:
            raise _bad(path, f"unknown location {sorted(dark.locations - expected)[0]!r}")
        if dark.locations and dark.affects != Affects.IN_LOCATIONS:
            raise _bad(path, "only an in_locations card names locations")


def _validate_geometry(board: Board, quadrant: Mapping[str, str]) -> None:
    """Areas inside the grid and walled, doors next to their area, everything connected."""
    for loc in board.locations:
        if loc not in quadrant:
            raise _bad("$.board.wheels", f"{loc} is in no wheel's quadrant")
        top, left, height, width = board.areas[loc]
        if height < 1 or width < 1 or top < 0 or left < 0:
            raise _bad(f"$.board.areas.{loc}", "an area needs a positive size inside the grid")
        if top + height > board.height or left + width > board.width:
            raise _bad(f"$.board.areas.{loc}", "the area reaches outside the grid")
        for r in range(top, top + height):
            if Square.WALL * width != board.grid[r][left : left + width]:
                raise _bad(f"$.board.areas.{loc}", "an area must cover wall squares ('#') only")
    for i, door in enumerate(board.doors):
        top, left, height, width = board.areas[door.location]
        row, column = door.cell
        beside = (top - 1 <= row <= top + height and left <= column < left + width) or (
            left - 1 <= column <= left + width and top <= row < top + height
        )
        if not beside:
            raise _bad(f"$.board.doors[{i}]", f"door {door.id} is not next to {door.location}")
    # Every corridor square and every location must be reachable from every start.
    start = next(iter(board.starts.values()))
    seen: set[Cell | str] = {start}
    todo: list[Cell | str] = [start]
    while todo:
        here = todo.pop()
        for there, _ in board.graph[here]:
            if there not in seen:
                seen.add(there)
                todo.append(there)
    missing = [p for p in board.graph if p not in seen]
    if missing:
        raise _bad("$.board.grid", f"{missing[0]} cannot be reached from the start squares")


def load_content(data: object) -> Content:
    """Build and validate content from its JSON form (see `content_to_dict`).

    Raises:
        InvalidDataError: malformed data or content that breaks the board's rules
            (the message names the field).
    """
    content = structure(data, Content)
    _validate(content)
    return content


def content_to_dict(content: Content) -> dict[str, Any]:
    """The JSON form of content, as `load_content` reads it."""
    result: dict[str, Any] = unstructure(content)
    return result


@functools.cache
def default_content() -> Content:
    """The library's own board and decks (its design, not the published game's)."""
    text = resources.files("hogwarts_rules.clue").joinpath("data/default.json").read_text("utf-8")
    return load_content(json.loads(text))
