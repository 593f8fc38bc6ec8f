"""The First Year Adventure board: the Diagon Alley run, the Hogwarts loop, the dungeon.

The loop runs in the order of the diagram's arrows (ruling AD-1): Great Hall,
Hallways, Dorm Rooms, ... Herbology, Mirror of Erised, and back to the Great Hall.

Examples:
    >>> LOOP[0].value, LOOP[-1].value, len(LOOP)
    ('Great Hall', 'Mirror of Erised', 16)
    >>> loop_step(Space.MIRROR_OF_ERISED, 1).value
    'Great Hall'
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from typing import Final

__all__ = [
    "DIAGON_ALLEY",
    "DUNGEON",
    "LOOP",
    "RENAMES",
    "TEXT_SPELLINGS",
    "Region",
    "Space",
    "loop_step",
    "next_space",
    "region",
]


class Space(enum.StrEnum):
    """Every space of the board, by its canonical name."""

    INVITATION = "Invitation to Hogwarts"
    GRINGOTTS = "Gringotts Bank"
    OLLIVANDERS = "Ollivanders Wand Makers"
    FAMILIAR_SHOP = "Familiar Shop"
    PLATFORM = "Platform 9 3/4"
    GREAT_HALL = "Great Hall"
    HALLWAYS = "Hallways"
    DORM_ROOMS = "Dorm Rooms"
    TRANSFIGURATION = "Transfiguration Class"
    LIBRARY = "Library"
    QUIDDITCH_FIELD = "Quidditch Field"
    HOSPITAL = "Hospital"
    POTIONS = "Potions Class"
    THIRD_FLOOR = "3rd Floor"
    CHARMS = "Charms Class"
    HAGRIDS_COTTAGE = "Hagrid's Cottage"
    DEFENCE = "Defence Against the Dark Arts Class"
    DARK_WOODS = "Dark Woods"
    WIZARDS_CHESS = "Wizard's Chess"
    HERBOLOGY = "Herbology Class"
    MIRROR_OF_ERISED = "Mirror of Erised"
    FLUFFY = "Fluffy"
    DEVILS_SNARE = "Devil's Snare"
    FLYING_KEYS = "Flying Keys"
    LIVE_CHESS_MATCH = "Live Chess Match"
    SORCERERS_STONE = "Sorcerer's Stone"


class Region(enum.StrEnum):
    """The three parts of the board."""

    DIAGON_ALLEY = "Diagon Alley"
    HOGWARTS = "Hogwarts"
    DUNGEON = "Dungeon"


DIAGON_ALLEY: Final = (
    Space.INVITATION,
    Space.GRINGOTTS,
    Space.OLLIVANDERS,
    Space.FAMILIAR_SHOP,
    Space.PLATFORM,
)
"""The first straight run, from the starting space to the train."""

LOOP: Final = (
    Space.GREAT_HALL,
    Space.HALLWAYS,
    Space.DORM_ROOMS,
    Space.TRANSFIGURATION,
    Space.LIBRARY,
    Space.QUIDDITCH_FIELD,
    Space.HOSPITAL,
    Space.POTIONS,
    Space.THIRD_FLOOR,
    Space.CHARMS,
    Space.HAGRIDS_COTTAGE,
    Space.DEFENCE,
    Space.DARK_WOODS,
    Space.WIZARDS_CHESS,
    Space.HERBOLOGY,
    Space.MIRROR_OF_ERISED,
)
"""The Hogwarts loop in the order of the diagram's arrows (16 spaces)."""

DUNGEON: Final = (
    Space.FLUFFY,
    Space.DEVILS_SNARE,
    Space.FLYING_KEYS,
    Space.LIVE_CHESS_MATCH,
    Space.SORCERERS_STONE,
)
"""The last straight run, entered from the 3rd Floor."""

_LOOP_INDEX: Final = {space: i for i, space in enumerate(LOOP)}

RENAMES: Final[Mapping[str, str]] = {
    "Dagon Alley": "Diagon Alley",
    "Familiar Shoppes": "Familiar Shop",
    "Platform 9¾": "Platform 9 3/4",
    "Hall Ways": "Hallways",
    "Transformations Class": "Transfiguration Class",
    "Hagrids Cottage": "Hagrid's Cottage",
    "Defense Against the Dark Arts Class": "Defence Against the Dark Arts Class",
    "Wizards Chess": "Wizard's Chess",
    "Mirror of Aricept": "Mirror of Erised",
    "Devils Root": "Devil's Snare",
    "Sorcerers Stone": "Sorcerer's Stone",
    "Gryphendor": "Gryffindor",
    "Slytheryn": "Slytherin",
    "Pheonix Tail": "Phoenix Feather",
    "Rememberall": "Remembrall",
    "Wizards Mark": "Wizard's Mark",
    "Dumbledorff": "Dumbledore",
    "McGonigill": "McGonagall",
    "Quirrel": "Quirrell",
    "All Flavor Beans": "Every Flavour Beans",
}
"""The names the rules text uses (left) and the names the library uses instead (right).

Some are the same name spelled the usual way ("Hagrids Cottage", "Gryphendor"), others
are different names, those of the books ("Pheonix Tail" is the Phoenix Feather,
"Devils Root" the Devil's Snare, "Mirror of Aricept" the Mirror of Erised).
"""

TEXT_SPELLINGS: Final[Mapping[str, str]] = RENAMES
"""Deprecated (use `RENAMES`, the same mapping): kept for one release."""


def region(space: Space) -> Region:
    """The part of the board a space belongs to."""
    if space in _LOOP_INDEX:
        return Region.HOGWARTS
    if space in DUNGEON:
        return Region.DUNGEON
    return Region.DIAGON_ALLEY


def loop_step(space: Space, steps: int) -> Space:
    """The loop space ``steps`` ahead of ``space`` along the arrows."""
    return LOOP[(_LOOP_INDEX[space] + steps) % len(LOOP)]


def next_space(space: Space) -> Space | None:
    """The next space of a straight run (Platform 9 3/4 leads to the Great Hall).

    ``None`` past the Sorcerer's Stone; loop spaces have no single next space.
    """
    if space in DIAGON_ALLEY:
        index = DIAGON_ALLEY.index(space)
        return DIAGON_ALLEY[index + 1] if index + 1 < len(DIAGON_ALLEY) else Space.GREAT_HALL
    if space in DUNGEON:
        index = DUNGEON.index(space)
        return DUNGEON[index + 1] if index + 1 < len(DUNGEON) else None
    return None
