"""Exact odds for Hufflepuff & Ravenclaw, as `Fraction` values.

Every function counts the faces of the dice (no simulation): single tests, contests
with Youth spent by both sides under a stated policy (or the best one), a brawl
round's damage, a whole fight's chances of a wound or a knock-out within N rounds,
and a spell's Target Number and chance before it is cast. The tests check them
against brute-force enumeration through the scene.

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

from collections.abc import Mapping
from fractions import Fraction
from typing import TYPE_CHECKING, Final

import attrs

from hogwarts_rules.hufflepuff_ravenclaw.character import Wound, wound_for
from hogwarts_rules.hufflepuff_ravenclaw.resolution import (
    DICE,
    YouthPolicy,
    YouthQuestion,
    blow,
    brawl_exchange,
    resolve,
    resolve_contest,
    spend_best,
    spend_to_succeed,
    spend_to_win,
    take_damage,
)
from hogwarts_rules.hufflepuff_ravenclaw.tables import QUALITY_DIE, SKILL_DIE, YOUTH_TN_BONUS

if TYPE_CHECKING:
    from hogwarts_rules.hufflepuff_ravenclaw.actions import CastSpell
    from hogwarts_rules.hufflepuff_ravenclaw.game import Game

__all__ = [
    "MAX_ROUNDS",
    "BrawlRoundOdds",
    "Brawler",
    "ContestOdds",
    "FightOdds",
    "SpellOdds",
    "best_contest_odds",
    "brawl_round_odds",
    "contest_odds",
    "expected_youth_cost",
    "fight_odds",
    "spell_odds",
    "success_chance",
    "youth_to_spend",
]

MAX_ROUNDS: Final = 50
"""The most brawl rounds `fight_odds` looks ahead."""


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


def youth_to_spend(target: int, roll: int, youth: int, *, die: int = SKILL_DIE) -> int | None:
    """The least Youth that turns ``roll`` into a success, or ``None`` if ``youth`` is not enough.

    0 when the roll already succeeds.

    Raises:
        ValueError: ``youth`` is negative, or ``roll`` is not a face of ``die``.
    """
    _check(die, youth)
    if type(target) is not int:
        raise ValueError(f"a Target Number is a whole number, not {target!r}")
    if type(roll) is not int or not 1 <= roll <= die:
        raise ValueError(f"a d{die} shows 1 to {die}, not {roll!r}")
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
        spend = youth_to_spend(target, roll, youth, die=die)
        total += spend or 0
    return Fraction(total, die)


@attrs.frozen
class ContestOdds:
    """The chances of each result of a contest (they sum to 1), and the Youth it costs.

    Attributes:
        first_wins: the first side has the larger margin.
        second_wins: the second side has the larger margin.
        tie: equal margins.
        first_youth_spent: the mean Youth the first side spends.
        second_youth_spent: the mean Youth the second side spends.
    """

    first_wins: Fraction
    second_wins: Fraction
    tie: Fraction
    first_youth_spent: Fraction = Fraction(0)
    second_youth_spent: Fraction = Fraction(0)


def contest_odds(
    first_target: int,
    second_target: int,
    *,
    die: int = SKILL_DIE,
    first_youth: int = 0,
    second_youth: int = 0,
    first_policy: YouthPolicy = spend_to_win,
    second_policy: YouthPolicy = spend_to_win,
) -> ContestOdds:
    """The chances of a contest between two Target Numbers.

    Each side's margin is ``target - roll``; the larger margin wins (a success
    always has a larger margin than a failure, and of two failures the smaller
    miss wins). Equal margins tie. With Youth, both rolls are seen, the side
    behind decides first with its policy, then the other side with its own, having
    seen that answer (HR-5); the default policy is `spend_to_win`.

    Args:
        first_target: the first side's Target Number.
        second_target: the second side's.
        die: 20 for skill contests, 6 for quality contests.
        first_youth: the Youth the first side has.
        second_youth: the Youth the second side has.
        first_policy: how the first side spends it.
        second_policy: how the second side spends it.

    Raises:
        ValueError: a die other than d20 or d6, negative Youth, or a policy that
            spends more Youth than there is.
    """
    _check(die, first_youth)
    _check(die, second_youth)
    if first_youth == second_youth == 0:
        return _contest_without_youth(first_target, second_target, die)
    if die not in DICE:
        raise ValueError(f"a contest uses a d20 or a d6, not a d{die}")
    wins = [0, 0]
    ties = 0
    spent = [0, 0]
    for first_roll in range(1, die + 1):
        for second_roll in range(1, die + 1):
            result = resolve_contest(
                first_target,
                second_target,
                first_roll,
                second_roll,
                first_youth=first_youth,
                second_youth=second_youth,
                first_policy=first_policy,
                second_policy=second_policy,
                die=die,
            )
            if result.winner is None:
                ties += 1
            else:
                wins[result.winner] += 1
            spent[0] += result.first.youth_spent
            spent[1] += result.second.youth_spent
    total = die * die
    return ContestOdds(
        Fraction(wins[0], total),
        Fraction(wins[1], total),
        Fraction(ties, total),
        Fraction(spent[0], total),
        Fraction(spent[1], total),
    )


def best_contest_odds(
    first_target: int,
    second_target: int,
    *,
    first_youth: int,
    second_youth: int,
    die: int = SKILL_DIE,
) -> ContestOdds:
    """The chances of a contest when both sides play the best Youth policy (`spend_best`).

    Both sides want to win first, to tie rather than lose next, and then to spend
    as little Youth as they can.
    """
    return contest_odds(
        first_target,
        second_target,
        die=die,
        first_youth=first_youth,
        second_youth=second_youth,
        first_policy=spend_best,
        second_policy=spend_best,
    )


def _contest_without_youth(first_target: int, second_target: int, die: int) -> ContestOdds:
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


@attrs.frozen
class BrawlRoundOdds:
    """The damage one brawl round does, with its chances (no Youth spent).

    Attributes:
        outcomes: each ``((Points to the first side, Points to the second side), chance)``,
            Points 0 for no damage, sorted; the chances sum to 1.
    """

    outcomes: tuple[tuple[tuple[int, int], Fraction], ...]

    @property
    def expected_damage(self) -> tuple[Fraction, Fraction]:
        """The mean Points the first side takes, and the second side."""
        return (
            sum((p * to[0] for to, p in self.outcomes), Fraction(0)),
            sum((p * to[1] for to, p in self.outcomes), Fraction(0)),
        )

    def chance(self, to_first: int, to_second: int) -> Fraction:
        """The chance that the round does exactly these Points to each side."""
        return dict(self.outcomes).get((to_first, to_second), Fraction(0))


def brawl_round_odds(
    first_target: int, second_target: int, first_blow: int, second_blow: int
) -> BrawlRoundOdds:
    """The exact damage distribution of a brawl round between two Target Numbers.

    ``first_blow`` and ``second_blow`` are each side's full Points when it hits
    (`resolution.blow`). No Youth is spent.

    Examples:
        >>> round_ = brawl_round_odds(5, 5, 1, 1)  # Sky and Weasley
        >>> round_.expected_damage
        (Fraction(9, 40), Fraction(9, 40))
        >>> round_.chance(0, 0)  # neither is hurt
        Fraction(9, 16)
    """
    counts: dict[tuple[int, int], int] = {}
    for first_roll in range(1, SKILL_DIE + 1):
        for second_roll in range(1, SKILL_DIE + 1):
            exchange = brawl_exchange(
                resolve(first_target, first_roll),
                resolve(second_target, second_roll),
                first_blow,
                second_blow,
            )
            key = (exchange.dealt[1] or 0, exchange.dealt[0] or 0)
            counts[key] = counts.get(key, 0) + 1
    total = SKILL_DIE * SKILL_DIE
    return BrawlRoundOdds(tuple((key, Fraction(n, total)) for key, n in sorted(counts.items())))


@attrs.frozen
class Brawler:
    """One side of a fight, as the odds need it.

    Attributes:
        target: the Target Number of each round (Agility + Brawl, usually).
        size: the Size (health, and the weight of the blows).
        fortitude: the Fortitude quality, for the test at a Major Wound.
        armed: fights with a weapon.
        damage: Points already taken.
    """

    target: int
    size: int
    fortitude: int
    armed: bool = False
    damage: int = 0


@attrs.frozen
class FightOdds:
    """The chances of a fight of brawl rounds, for each side (first, second).

    The fight stops when a side is out (unconscious or dead); nobody spends Youth,
    and the Fortitude test at a Major Wound is a plain d6 at or under Fortitude.

    Attributes:
        rounds: how many rounds the fight may last.
        out: each side's chance to be unconscious or dead by then.
        wounded: each side's chance to have at least a Minor Wound by then.
        major: each side's chance to have at least a Major Wound by then.
        going_on: the chance that both are still standing after the last round.
    """

    rounds: int
    out: tuple[Fraction, Fraction]
    wounded: tuple[Fraction, Fraction]
    major: tuple[Fraction, Fraction]
    going_on: Fraction


_WORSE: Final[Mapping[Wound, int]] = {w: i for i, w in enumerate(Wound)}

_State = tuple[int, int, bool, bool]  # damage of each side, each side knocked out


def _down(state: _State, first: Brawler, second: Brawler) -> bool:
    return (
        wound_for(state[0], first.size, knocked_out=state[2]) in (Wound.UNCONSCIOUS, Wound.DEAD)
    ) or (wound_for(state[1], second.size, knocked_out=state[3]) in (Wound.UNCONSCIOUS, Wound.DEAD))


def _hit(
    state: _State, side: int, points: int, brawler: Brawler, p: Fraction
) -> list[tuple[_State, Fraction]]:
    """The states after ``points`` land on ``side``, with the Fortitude test's branches."""
    taken = take_damage(state[side], brawler.size, points, knocked_out=bool(state[2 + side]))
    after = list(state)
    after[side] = taken.damage
    if not taken.fortitude_test:
        return [(_state(after), p)]
    stays = success_chance(brawler.fortitude, die=QUALITY_DIE)
    out = list(after)
    out[2 + side] = True
    return [(_state(after), p * stays), (_state(out), p * (1 - stays))]


def _state(values: list[int | bool]) -> _State:
    return (int(values[0]), int(values[1]), bool(values[2]), bool(values[3]))


def fight_odds(first: Brawler, second: Brawler, rounds: int) -> FightOdds:
    """The chances of wounds and knock-outs within ``rounds`` brawl rounds.

    Each round is a `BrawlRound` as the scene plays it: the first side's blow lands
    first (with its Fortitude test), then the second's (HR-20). The fight stops as
    soon as a side is out. Nobody spends Youth.

    Examples:
        >>> sky = Brawler(target=5, size=3, fortitude=3)
        >>> weasley = Brawler(target=5, size=2, fortitude=2)
        >>> round(float(fight_odds(sky, weasley, 6).out[1]), 3)
        0.371

    Raises:
        ValueError: ``rounds`` not from 0 to `MAX_ROUNDS`, or a Size below 1.
    """
    if type(rounds) is not int or not 0 <= rounds <= MAX_ROUNDS:
        raise ValueError(f"rounds must be a whole number from 0 to {MAX_ROUNDS}, not {rounds!r}")
    sides = (first, second)
    exchange = brawl_round_odds(
        first.target,
        second.target,
        blow(first.size, armed=first.armed),
        blow(second.size, armed=second.armed),
    )
    start: _State = (first.damage, second.damage, False, False)
    wound_for(first.damage, first.size)  # checks the numbers
    wound_for(second.damage, second.size)
    states: dict[_State, Fraction] = {start: Fraction(1)}
    for _ in range(rounds):
        after: dict[_State, Fraction] = {}
        for state, p in states.items():
            if _down(state, first, second):
                after[state] = after.get(state, Fraction(0)) + p
                continue
            for (to_first, to_second), q in exchange.outcomes:
                branches = [(state, p * q)]
                # The first side's blow lands on the second side first, then the reply.
                for side, points in ((1, to_second), (0, to_first)):
                    if points:
                        branches = [
                            hit
                            for s, r in branches
                            for hit in _hit(s, side, points, sides[side], r)
                        ]
                for s, r in branches:
                    after[s] = after.get(s, Fraction(0)) + r
        states = after

    def chance(side: int, at_least: Wound) -> Fraction:
        return sum(
            (
                p
                for s, p in states.items()
                if _WORSE[wound_for(s[side], sides[side].size, knocked_out=bool(s[2 + side]))]
                >= _WORSE[at_least]
            ),
            Fraction(0),
        )

    return FightOdds(
        rounds,
        (chance(0, Wound.UNCONSCIOUS), chance(1, Wound.UNCONSCIOUS)),
        (chance(0, Wound.MINOR), chance(1, Wound.MINOR)),
        (chance(0, Wound.MAJOR), chance(1, Wound.MAJOR)),
        sum((p for s, p in states.items() if not _down(s, first, second)), Fraction(0)),
    )


@attrs.frozen
class SpellOdds:
    """A spell's Target Number and chance, worked out before it is cast.

    Attributes:
        parts: each part of the casting Target Number (with the full year penalty).
        target: their sum.
        prepared_target: the Target Number if the preparation test succeeds
            (one year of penalty less), or ``None`` without preparation.
        preparation_chance: the chance the preparation test succeeds (with the
            Youth policy), or ``None``.
        chance: the chance the spell succeeds, preparation and Youth included.
        youth: the Youth the caster may spend, on the preparation and then the spell.
    """

    parts: tuple[tuple[str, int], ...]
    target: int
    prepared_target: int | None
    preparation_chance: Fraction | None
    chance: Fraction
    youth: int


def spell_odds(game: Game, action: CastSpell, *, youth: int | None = None) -> SpellOdds:
    """A spell's Target Number and chance of success in ``game``, before rolling.

    The caster spends the least Youth that makes each roll a success, up to
    ``youth`` in all (the caster's Youth left by default): first on the
    preparation test, if any, then on the casting.

    Raises:
        IllegalActionError: the scene would refuse the spell.
        ValueError: negative Youth.
    """
    game.check(action)
    c = game.characters[action.character]
    pool = c.youth if youth is None else youth
    _check(SKILL_DIE, pool)
    parts = game.spell_target_number(action)
    target = sum(v for _, v in parts)
    if action.preparation is None:
        chance = success_chance(target, youth=pool)
        return SpellOdds(parts, target, None, None, chance, pool)
    prep_target = sum(v for _, v in game.target_number(game.preparation_spec(action)))
    prepared = sum(v for _, v in game.spell_target_number(action, prepared=True))
    chance = Fraction(0)
    prep_chance = Fraction(0)
    for roll in range(1, SKILL_DIE + 1):
        spent = spend_to_succeed(YouthQuestion(roll, prep_target, pool))
        made = roll <= prep_target + YOUTH_TN_BONUS * spent
        prep_chance += Fraction(made, SKILL_DIE)
        after = prepared if made else target
        chance += success_chance(after, youth=pool - spent) / SKILL_DIE
    return SpellOdds(parts, target, prepared, prep_chance, chance, pool)
