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

import attrs

from hogwarts_rules.clue.content import Board

__all__ = ["Destination", "Position", "cell_name", "parse_position", "reachable"]

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

    Args:
        board: the board.
        start: where the pawn stands.
        steps: the most squares to move (the green die, or 7 with Felix Felicis).
        closed_doors: the ids of the doors now closed (red).
        occupied: corridor squares holding another pawn (passable, not an end).
        alohomoras: Alohomora cards the player may use on closed doors.
        forbidden: locations the pawn may not enter (the one it leaves this turn).
    """
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
        if position == start or position in occupied:
            continue
        if used < fewest.get(position, alohomoras + 1):
            fewest[position] = used
    found = []
    for position, used in fewest.items():
        path: list[Position] = []
        node: tuple[Position, int] | None = (position, used)
        while node is not None:
            path.append(node[0])
            node = parent[node]
        found.append(Destination(position, used, tuple(reversed(path))))
    return tuple(found)  # nearest first (breadth-first order)
