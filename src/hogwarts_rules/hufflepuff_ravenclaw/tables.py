"""The tables of the Hufflepuff & Ravenclaw mechanics, as data that reads like the text.

Everything numeric the rules text prints lives here, once; the rules code and the
documentation both read it from here.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final, NamedTuple

__all__ = [
    "ADVANCEMENT_TABLE",
    "CLASS_ROLL_TABLE",
    "CONTEST_DIE",
    "FALL_METRES_PER_DIE",
    "QUALITY_DIE",
    "SKILL_DIE",
    "SPELL_YEAR_PENALTY",
    "STANDARD_SPELL_BONUS",
    "VERBAL_INCANTATION_BONUS",
    "YOUTH_AT_FIRST_YEAR",
    "YOUTH_TN_BONUS",
    "Advancement",
    "class_roll_target",
]

SKILL_DIE: Final = 20
"""Skill tests: roll a d20 at or under the Target Number."""

CONTEST_DIE: Final = SKILL_DIE
"""Contests (brawls included) are skill tests on both sides."""

QUALITY_DIE: Final = 6
"""Rolls against Intellect, Fortitude or Bravery: a d6 at or under the quality."""

YOUTH_TN_BONUS: Final = 3
"""Each point of Youth spent after the roll raises the Target Number by 3."""

YOUTH_AT_FIRST_YEAR: Final = 7
"""First years have 7 Youth; a student loses 1 point of Youth per year above first."""

VERBAL_INCANTATION_BONUS: Final = 3
"""Proclaiming the incantation loudly: +3 situational bonus."""

STANDARD_SPELL_BONUS: Final = 3
"""A standard spell (from the course books, recorded on the sheet): +3 more."""

SPELL_YEAR_PENALTY: Final = 6
"""Each year the spell is above the caster's year: -6 ("yes, that's -6")."""

FALL_METRES_PER_DIE: Final = 5
"""Falling does 1d6 per 5 metres (5 m: 1d6, 10 m: 2d6, ...)."""

# The Intellect table for class rolls at a school break. Rows are the current
# skill, columns Intellect 1 to 5; roll *above* the number and the skill improves.
# From skill 3 up, the number is the skill itself ("3+ ... skill").
CLASS_ROLL_TABLE: Final[Mapping[int, tuple[int, int, int, int, int]]] = {
    #     Int 1  Int 2  Int 3  Int 4  Int 5
    -3: (17, 17, 17, 8, 3),
    -2: (17, 17, 8, 3, 2),
    -1: (17, 8, 3, 2, 1),
    0: (8, 3, 2, 1, 1),
    1: (3, 2, 1, 1, 1),
    2: (3, 2, 2, 2, 2),
}


def class_roll_target(skill: int, intellect: int) -> int:
    """The number a class roll must beat (roll above it on a d20) to improve ``skill``.

    Skills of 3 or more use the skill itself. Skills below -3 use the -3 row,
    and Intellect outside 1 to 5 uses the nearest column (rulings HR-9 and HR-10).

    Examples:
        >>> class_roll_target(0, 1), class_roll_target(-3, 5), class_roll_target(4, 2)
        (8, 3, 4)
    """
    if skill >= 3:
        return skill
    row = CLASS_ROLL_TABLE[max(skill, -3)]
    return row[min(max(intellect, 1), 5) - 1]


class Advancement(NamedTuple):
    """One row of the table for characters starting above first year.

    Attributes:
        skill_points: common (and Muggle) skill points added over a first-year sheet.
        max_in_one_skill: the most of those points one skill may receive.
        max_with_advantages: the highest a skill may be, advantages included.
    """

    skill_points: int
    max_in_one_skill: int
    max_with_advantages: int


ADVANCEMENT_TABLE: Final[Mapping[int, Advancement]] = {
    # Year  Skill Pts.  Max pts. in one skill  Max skill w/ advantages
    2: Advancement(9, 3, 12),
    3: Advancement(18, 6, 12),
    4: Advancement(27, 9, 12),
    5: Advancement(36, 11, 15),
    6: Advancement(45, 13, 15),
    7: Advancement(54, 15, 17),
}
