"""Exact odds for Hufflepuff & Ravenclaw, as `Fraction` values.

All functions count outcomes in closed form (no simulation, no enumeration of
games); the tests check them against brute-force enumeration through the engine.

Examples:
    >>> success_chance(5)
    Fraction(1, 4)
    >>> success_chance(5, youth=2)  # spend up to 2 Youth after seeing the roll
    Fraction(11, 20)
    >>> youth_to_spend(target=5, roll=11, youth=7)
    2
    >>> contest_odds(17, 5).first_wins
    Fraction(91, 100)
"""

from __future__ import annotations

from fractions import Fraction

import attrs

from hogwarts_rules.hufflepuff_ravenclaw.tables import SKILL_DIE, YOUTH_TN_BONUS

__all__ = [
    "ContestOdds",
    "contest_odds",
    "expected_youth_cost",
    "success_chance",
    "youth_to_spend",
]


def _check(die: int, youth: int) -> None:
    if type(die) is not int or die < 1:
        raise ValueError(f"a die needs at least one face, not {die!r}")
    if type(youth) is not int or youth < 0:
        raise ValueError(f"Youth is a whole number of 0 or more, not {youth!r}")


def success_chance(target: int, *, youth: int = 0, die: int = SKILL_DIE) -> Fraction:
    """The chance a test succeeds (roll at or under ``target``).

    With ``youth`` available, the player sees the roll and then spends as much
    as needed (each point +3), so the test succeeds on any roll at or under
    ``target + 3 * youth``.

    Args:
        target: the Target Number.
        youth: Youth points the player is willing to spend.
        die: the die (20 for skills, 6 for qualities).
    """
    _check(die, youth)
    best = target + YOUTH_TN_BONUS * youth
    return Fraction(min(max(best, 0), die), die)


def youth_to_spend(target: int, roll: int, youth: int) -> int | None:
    """The least Youth that turns ``roll`` into a success, or ``None`` if ``youth`` is not enough.

    0 when the roll already succeeds.
    """
    if roll <= target:
        return 0
    needed = -((target - roll) // YOUTH_TN_BONUS)  # ceil((roll - target) / 3)
    return needed if needed <= youth else None


def expected_youth_cost(target: int, *, youth: int, die: int = SKILL_DIE) -> Fraction:
    """The mean Youth spent on one test by a player who spends the least needed to succeed.

    The player spends nothing when even ``youth`` points would not be enough.
    """
    _check(die, youth)
    total = 0
    for roll in range(1, die + 1):
        spend = youth_to_spend(target, roll, youth)
        total += spend or 0
    return Fraction(total, die)


@attrs.frozen
class ContestOdds:
    """The chances of each result of a contest (they sum to 1).

    Attributes:
        first_wins: the first side has the larger margin.
        second_wins: the second side has the larger margin.
        tie: equal margins.
    """

    first_wins: Fraction
    second_wins: Fraction
    tie: Fraction


def contest_odds(first_target: int, second_target: int, *, die: int = SKILL_DIE) -> ContestOdds:
    """The chances of a contest between two Target Numbers, before any Youth.

    Each side's margin is ``target - roll``; the larger margin wins (a success
    always has a larger margin than a failure, and of two failures the smaller
    miss wins). Equal margins tie.
    """
    _check(die, 0)
    # first wins iff second_roll - first_roll > second_target - first_target.
    k = second_target - first_target
    wins = ties = 0
    for difference in range(-(die - 1), die):  # second_roll - first_roll
        ways = die - abs(difference)
        if difference > k:
            wins += ways
        elif difference == k:
            ties += ways
    total = die * die
    return ContestOdds(
        Fraction(wins, total), Fraction(total - wins - ties, total), Fraction(ties, total)
    )
