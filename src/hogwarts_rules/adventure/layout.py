"""What First Year Adventure's pictures and text boards share: the schematic and a player's things.

Both drawings (`hogwarts_rules.adventure.svg`, `hogwarts_rules.adventure.text`) place the
spaces on one schematic built from the board's data: Diagon Alley a column on the left,
the loop a ring, the dungeon a column on the right. Both list a player's belongings in
the same words.

Examples:
    >>> from hogwarts_rules.adventure.board import DUNGEON, LOOP, Space
    >>> CELLS[LOOP[0]], CELLS[Space.THIRD_FLOOR][0] < CELLS[DUNGEON[0]][0]
    ((1, 0), True)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from hogwarts_rules._text import plural
from hogwarts_rules.adventure.board import DIAGON_ALLEY, DUNGEON, LOOP, Space

if TYPE_CHECKING:
    from hogwarts_rules.adventure.player import Player

__all__ = ["CELLS", "belongings", "ring"]


def ring(count: int) -> list[tuple[int, int]]:
    """``count`` cells (column, row) around a rectangle, clockwise from the top left."""
    columns = max(2, count // 4 + 1)
    rows = max(2, -(-(count - 2 * columns + 4) // 2))
    cells = [(c, 0) for c in range(columns)]
    cells += [(columns - 1, r) for r in range(1, rows)]
    cells += [(c, rows - 1) for c in range(columns - 2, -1, -1)]
    cells += [(0, r) for r in range(rows - 2, 0, -1)]
    return cells[:count]


def _layout() -> dict[Space, tuple[int, int]]:
    """Every space's cell (column, row) on the schematic, from the board's data."""
    loop = ring(len(LOOP))
    columns = max(c for c, _ in loop) + 1
    cells: dict[Space, tuple[int, int]] = {}
    # Diagon Alley: a column on the left, its last space beside the loop's first.
    for i, space in enumerate(DIAGON_ALLEY):
        cells[space] = (0, len(DIAGON_ALLEY) - 1 - i)
    for space, (c, r) in zip(LOOP, loop, strict=True):
        cells[space] = (c + 1, r)
    # The dungeon: a column on the right, its first space level with the 3rd Floor.
    first = max(cells[Space.THIRD_FLOOR][1], len(DUNGEON) - 1)
    for i, space in enumerate(DUNGEON):
        cells[space] = (columns + 1, first - i)
    return cells


CELLS: Final = _layout()
"""Every space's cell (column, row) on the schematic."""


def belongings(p: Player) -> list[str]:
    """What a player has, in words: wand, familiar, counted things, items and knowledge."""
    items = [f"wand: {p.wand}"] if p.wand else []
    if p.familiar:
        items.append(f"familiar: {p.familiar}")
    counted = (
        (p.chocolate_frogs, "Chocolate Frog"),
        (p.beans, "Every Flavour Bean"),
        (p.sweaters, "sweater"),
        (p.remembralls, "Remembrall"),
        (p.future_bonuses, "stored +1"),
    )
    items += [plural(n, what) for n, what in counted if n]
    flags = (
        (p.cloak, "Cloak of Invisibility"),
        (p.nimbus, "Nimbus 2000"),
        (p.on_team, "on the Quidditch team"),
        (p.fluffys_secret, "knows Fluffy's secret"),
        (p.plant_lore, "plant lore"),
        (p.wizards_mark, "Wizard's Mark"),
    )
    items += [what for present, what in flags if present]
    if p.mirror_turns:
        items.append(f"{plural(p.mirror_turns, 'more turn')} at the Mirror")
    return items
