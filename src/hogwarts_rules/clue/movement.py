"""Where a pawn can go with the green die: orthogonal steps, doors, stars and pawns.

The rules (user guide, "Rules for Moving"): up to the roll, horizontally or
vertically; entering a location through an open door stops the move; a closed
door needs an Alohomora card (used up); a star square stops the move (and gives a
Help card); pawns may be passed but not shared on a square; a pawn that starts in
a location must leave it and may not come back into it this turn.

Examples:
    >>> from hogwarts_rules.clue.content import default_content
    >>> board = default_content().board
    >>> start = board.starts["Harry"]
    >>> moves = reachable(board, start, 1, frozenset(), frozenset(), alohomoras=0)
    >>> all(len(m.path) == 2 for m in moves)
    True
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import attrs

from hogwarts_rules.clue.content import Board

__all__ = [
    "Destination",
    "Position",
    "Walk",
    "cell_name",
    "parse_position",
    "reachable",
    "remember",
    "search",
]

Position = tuple[int, int] | str
"""A pawn's place: a corridor square ``(row, column)`` or a location's name."""

_STEPS = ((-1, 0), (1, 0), (0, -1), (0, 1))


def cell_name(position: Position) -> str:
    """A position as text: a location's name, or ``"row,column"`` for a square."""
    if isinstance(position, str):
        return position
    return f"{position[0]},{position[1]}"


def parse_position(text: str) -> Position:
    """The inverse of `cell_name` (``ValueError`` for a malformed square)."""
    row, sep, column = text.partition(",")
    if sep and row.strip().lstrip("-").isdigit() and column.strip().lstrip("-").isdigit():
        return (int(row), int(column))
    return text


@attrs.frozen
class Destination:
    """One place a pawn can end its move, and how.

    Attributes:
        position: where the move ends.
        alohomoras: closed doors passed (each uses up an Alohomora card).
        path: the positions walked through, start and end included.
    """

    position: Position
    alohomoras: int
    path: tuple[Position, ...]


def reachable(
    board: Board,
    start: Position,
    steps: int,
    closed_doors: frozenset[str],
    occupied: frozenset[tuple[int, int]],
    *,
    alohomoras: int,
    forbidden: Iterable[str] = (),
) -> tuple[Destination, ...]:
    """Every place a pawn at ``start`` can end a move of up to ``steps``.

    A shortest path (fewest Alohomoras, then fewest steps) is kept per destination,
    nearest destinations first. The start itself is not a destination.

    The search is done once per board for each start, length, forbidden locations,
    Alohomoras and closed doors it meets (the doors within reach of ``start``; the
    doors elsewhere cannot change it), and kept with the board; pawns only remove
    destinations from it.

    Args:
        board: the board.
        start: where the pawn stands.
        steps: the most squares to move (the green die, or 7 with Felix Felicis).
        closed_doors: the ids of the doors now closed (red).
        occupied: corridor squares holding another pawn (passable, not an end).
        alohomoras: Alohomora cards the player may use on closed doors.
        forbidden: locations the pawn may not enter (the one it leaves this turn).
    """
    barred = tuple(sorted(set(forbidden)))
    found = search(board, start, steps, closed_doors, alohomoras, barred)
    return tuple(Destination(*walk) for walk in found if walk[0] not in occupied)


Walk = tuple[Position, int, tuple[Position, ...]]
"""A `Destination` as a plain tuple: (position, alohomoras, path)."""

_MEMO_LIMIT = 50_000
"""The most entries kept per board (all are forgotten when there would be more)."""


def remember(memo: dict[object, Any], key: object, value: Any) -> None:
    """Keep ``value`` under ``key`` in a board's memo, forgetting everything when it is full."""
    if len(memo) >= _MEMO_LIMIT:
        memo.clear()
    memo[key] = value


def search(
    board: Board,
    start: Position,
    steps: int,
    closed_doors: frozenset[str],
    alohomoras: int,
    forbidden: tuple[str, ...],
) -> tuple[Walk, ...]:
    """`reachable` with no pawn in the way, as `Walk` tuples, remembered with the board.

    Only the closed doors that the search with every door open looks at can change
    it; only as many Alohomoras as those doors count (a walk passes at most two
    doors, each once: out of the location it starts in and into the one it ends in,
    as a location ends a move and the start is barred). What is kept is plain
    tuples, which Python's garbage collector soon stops scanning.
    """
    memo = board._memo
    tree = memo.get(("tree", start, steps, forbidden, _NONE))  # `_tree`, when it is known
    if tree is None:
        tree = _tree(board, start, steps, _NONE, forbidden)
    doors: frozenset[str] = tree[2]
    relevant = closed_doors & doors
    if not relevant:
        found: tuple[Walk, ...] = tree[3]
        return found
    usable = min(alohomoras, len(relevant))
    key = ("reach", start, steps, forbidden, relevant, usable)
    known: tuple[Walk, ...] | None = memo.get(key)
    if known is None:
        leaving = relevant & _doors_of(board, start)
        if usable and leaving:  # out of the start with or without an Alohomora: search
            known = _breadth_first_with_keys(board, start, steps, relevant, usable, forbidden)
        else:
            if leaving:
                tree = _tree(board, start, steps, leaving, forbidden)
            known = _without(tree, relevant, keys=usable > 0)
        remember(memo, key, known)
    return known


_NONE: frozenset[str] = frozenset()


def _doors_of(board: Board, position: Position) -> frozenset[str]:
    """The ids of a location's doors (none for a square)."""
    if not isinstance(position, str):
        return frozenset()
    return frozenset(door.id for door in board.doors_of[position])


# A search from one start with only some of the start's own doors closed, as a tuple:
# (squares, entries, doors, found). The squares reached do not depend on the other
# doors: a location ends a move, so a door into one is only ever the last step of a
# walk, and each location is reached by the first of the walks into it (in the
# search's order) whose door is open.
# - squares: each square reached, as (moment the search reached it, walk);
# - entries: each walk into a location that is not barred, as (moment the search
#   looked at it, door, walk);
# - doors: every door the search looked at;
# - found: the walks with every other door open.
_Timed = tuple[int, Walk]
_Entry = tuple[int, str, Walk]
_Tree = tuple[tuple[_Timed, ...], tuple[_Entry, ...], frozenset[str], tuple[Walk, ...]]


def _without(tree: _Tree, closed: frozenset[str], *, keys: bool) -> tuple[Walk, ...]:
    """The walks of ``tree`` when the doors ``closed`` are closed.

    With ``keys`` (an Alohomora for the last door of a walk, no door of the start
    being closed), a location no open door leads to is entered through the first
    closed one looked at. As in the search over (position, Alohomoras used), a
    location comes in the order of the first walk into it looked at, open or not.
    """
    open_first: dict[Position, _Timed] = {}
    closed_first: dict[Position, _Timed] = {}
    for moment, door, walk in tree[1]:
        first = closed_first if door in closed else open_first
        if walk[0] not in first:
            first[walk[0]] = (moment, walk)
    if not keys:
        return _in_order(tree[0], tuple(open_first.values()))
    entered: list[_Timed] = []
    for location in {**open_first, **closed_first}:
        by_open = open_first.get(location)
        by_key = closed_first.get(location)
        if by_open is None:
            assert by_key is not None
            moment, walk = by_key
            entered.append((moment, (location, 1, walk[2])))
        elif by_key is None:
            entered.append(by_open)
        else:
            entered.append((min(by_open[0], by_key[0]), by_open[1]))
    return _in_order(tree[0], tuple(entered))


def _in_order(squares: tuple[_Timed, ...], entries: tuple[_Timed, ...]) -> tuple[Walk, ...]:
    """Both lists (each in the search's order) merged into the search's order."""
    if not entries:
        return tuple(walk for _, walk in squares)
    return tuple(walk for _, walk in sorted((*squares, *entries), key=_moment))


def _moment(timed: _Timed) -> int:
    return timed[0]


_FULL = 7
"""The longest move searched at once (Felix Felicis): a shorter one is a prefix of it."""


def _tree(
    board: Board,
    start: Position,
    steps: int,
    leaving: frozenset[str],
    forbidden: tuple[str, ...],
) -> _Tree:
    """The search from ``start`` with the start's doors ``leaving`` closed, remembered.

    A breadth-first search looks at the squares a step further at each round, in the
    same order whatever its length: a search of ``steps`` is the first ``steps``
    rounds of a longer one. So one search of `_FULL` steps per start (and doors left
    closed, and locations barred) gives every shorter one, cut after its last round.
    """
    memo = board._memo
    key = ("tree", start, steps, forbidden, leaving)
    tree: _Tree | None = memo.get(key)
    if tree is not None:
        return tree
    rounds = max(steps, _FULL)
    full_key = ("full", start, rounds, forbidden, leaving)
    full: _Full | None = memo.get(full_key)
    if full is None:
        full = _full_search(board, start, rounds, leaving, forbidden)
        remember(memo, full_key, full)
    squares, entries, found, cuts, doors = full
    square_cut, entry_cut, found_cut = cuts[steps]
    tree = (squares[:square_cut], entries[:entry_cut], doors[steps], found[:found_cut])
    remember(memo, key, tree)
    return tree


# A search of some rounds from one start, and where to cut it for each shorter one:
# (squares, entries, found, cuts, doors), the first three as in `_Tree`; cuts[k]: how
# many squares, entries and walks of found a search of k rounds keeps (those at most k
# steps away, which come first); doors[k]: the doors a search of k rounds looks at.
_Full = tuple[
    tuple[_Timed, ...],
    tuple[_Entry, ...],
    tuple[Walk, ...],
    tuple[tuple[int, int, int], ...],
    tuple[frozenset[str], ...],
]


def _full_search(
    board: Board,
    start: Position,
    rounds: int,
    leaving: frozenset[str],
    forbidden: tuple[str, ...],
) -> _Full:
    """The breadth-first search of ``rounds`` steps from ``start`` (see `_tree`)."""
    graph = board.graph
    stops = board.stops
    barred = set(forbidden)
    if isinstance(start, str):
        barred.add(start)
    doors: set[str] = set()
    doors_by_round = [frozenset(doors)]  # before any round: none looked at
    paths: dict[Position, tuple[Position, ...]] = {start: (start,)}
    squares: list[_Timed] = []
    entries: list[_Entry] = []
    moment = 0
    frontier = [start]
    for _ in range(rounds):
        following = []
        for here in frontier:
            if here != start and here in stops:
                continue
            walked = paths[here]
            for there, door in graph[here]:
                moment += 1
                if door is not None:
                    doors.add(door)
                    if isinstance(there, str):  # into a location: the last step of a walk
                        if there not in barred:
                            entries.append((moment, door, (there, 0, (*walked, there))))
                        continue
                    if door in leaving:  # out of the start, through a closed door
                        continue
                if there in barred or there in paths:
                    continue
                path = paths[there] = (*walked, there)
                squares.append((moment, (there, 0, path)))
                following.append(there)
        frontier = following
        doors_by_round.append(frozenset(doors))
    first: dict[Position, _Timed] = {}
    for moment, _, walk in entries:
        first.setdefault(walk[0], (moment, walk))
    found = _in_order(tuple(squares), tuple(first.values()))
    # A walk of k steps has a path of k + 1 positions; each list is in the search's
    # order, so nearer walks come first in it.
    cuts = tuple(
        (
            sum(1 for _, walk in squares if len(walk[2]) <= k + 1),
            sum(1 for _, _, walk in entries if len(walk[2]) <= k + 1),
            sum(1 for walk in found if len(walk[2]) <= k + 1),
        )
        for k in range(rounds + 1)
    )
    return tuple(squares), tuple(entries), found, cuts, tuple(doors_by_round)


def _breadth_first_with_keys(
    board: Board,
    start: Position,
    steps: int,
    closed_doors: frozenset[str],
    alohomoras: int,
    forbidden: tuple[str, ...],
) -> tuple[Walk, ...]:
    """The search with Alohomoras: over (position, Alohomoras used), fewest used first."""
    graph = board.graph
    stops = board.stops
    barred = set(forbidden)
    if isinstance(start, str):
        barred.add(start)
    # Breadth-first over (position, Alohomoras used); stars and locations end a move.
    origin = (start, 0)
    parent: dict[tuple[Position, int], tuple[Position, int] | None] = {origin: None}
    frontier = [origin]
    for _ in range(steps):
        following = []
        for key in frontier:
            here, used = key
            if here != start and here in stops:
                continue
            for there, door in graph[here]:
                now = used + 1 if door is not None and door in closed_doors else used
                if now > alohomoras or there in barred:
                    continue
                step = (there, now)
                if step in parent:
                    continue
                parent[step] = key
                following.append(step)
        frontier = following
    fewest: dict[Position, int] = {}
    for position, used in parent:
        if position == start:
            continue
        if used < fewest.get(position, alohomoras + 1):
            fewest[position] = used
    found: list[Walk] = []
    for position, used in fewest.items():
        path: list[Position] = []
        node: tuple[Position, int] | None = (position, used)
        while node is not None:
            path.append(node[0])
            node = parent[node]
        found.append((position, used, tuple(reversed(path))))
    return tuple(found)  # nearest first (breadth-first order)
