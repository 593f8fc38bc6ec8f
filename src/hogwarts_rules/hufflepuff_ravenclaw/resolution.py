"""The rules of Hufflepuff & Ravenclaw without a scene: tests, contests, blows and damage.

A game master who only wants one roll needs no character sheet: give a Target
Number and any dice source (`SeededDice`, `ScriptedDice`, or your own object with
a ``roll(sides)`` method), and a Youth policy that says how much Youth to spend once
the roll is seen. The pure functions (`resolve`, `contest_winner`, `brawl_exchange`,
`take_damage`, `heal`...) take the numbers and give the result; the scene `Game`
is built on them, so a scene and a one-off roll always agree.

Examples:
    >>> from hogwarts_rules import ScriptedDice
    >>> result, dice = roll_test(5, ScriptedDice([11]), youth=7)  # least Youth to succeed
    >>> result.success, result.youth_spent, result.final_target, result.margin
    (True, 2, 11, 0)
    >>> resolve(3, 5, die=6).success  # a quality of 3 on a d6, no Youth
    False
    >>> contest, _ = roll_contest(17, 5, ScriptedDice([16, 2]))
    >>> contest.first.margin, contest.second.margin, contest.winner
    (1, 3, 1)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from typing import Final

import attrs

from hogwarts_rules.dice import DiceSource
from hogwarts_rules.hufflepuff_ravenclaw.character import Wound, wound_for
from hogwarts_rules.hufflepuff_ravenclaw.tables import (
    FALL_METRES_PER_DIE,
    QUALITY_DIE,
    SKILL_DIE,
    YOUTH_TN_BONUS,
)

__all__ = [
    "BrawlExchange",
    "ContestResult",
    "DamageResult",
    "DuelExchange",
    "Opponent",
    "RollResult",
    "YouthPolicy",
    "YouthQuestion",
    "blow",
    "brawl_exchange",
    "contest_winner",
    "duel_exchange",
    "fall_dice",
    "heal",
    "lesser_side",
    "resolve",
    "resolve_contest",
    "roll_contest",
    "roll_test",
    "spend_best",
    "spend_nothing",
    "spend_to_succeed",
    "spend_to_win",
    "take_damage",
    "youth_order",
]

DICE: Final = (SKILL_DIE, QUALITY_DIE)
"""The dice a test may use: the d20 of skills and the d6 of qualities."""


def _whole(value: object, what: str, low: int | None = None, high: int | None = None) -> int:
    if (
        type(value) is not int
        or (low is not None and value < low)
        or (high is not None and value > high)
    ):
        bounds = f" from {low}" if low is not None else ""
        bounds += f" to {high}" if high is not None else (" or more" if low is not None else "")
        raise ValueError(f"{what} must be a whole number{bounds}, not {value!r}")
    return value


def _die(die: object) -> int:
    if die not in DICE or type(die) is not int:
        raise ValueError(f"a test uses a d20 or a d6, not a d{die!r}")
    return die


@attrs.frozen
class RollResult:
    """One test, rolled and decided.

    Attributes:
        roll: the face rolled.
        target: the Target Number before Youth.
        youth_spent: Youth spent after the roll (each point +3 to the TN).
        die: 20 for skills, 6 for qualities.
    """

    roll: int
    target: int
    youth_spent: int = 0
    die: int = SKILL_DIE

    @property
    def final_target(self) -> int:
        """The Target Number after Youth."""
        return self.target + YOUTH_TN_BONUS * self.youth_spent

    @property
    def success(self) -> bool:
        """The roll is at or under the final Target Number (HR-3)."""
        return self.roll <= self.final_target

    @property
    def margin(self) -> int:
        """Final TN minus roll: the larger margin wins a contest (HR-4)."""
        return self.final_target - self.roll

    @property
    def degree(self) -> int:
        """The degree of success or of failure (0 on an exact roll)."""
        return abs(self.margin)


def resolve(target: int, roll: int, *, youth_spent: int = 0, die: int = SKILL_DIE) -> RollResult:
    """A test's result from its Target Number, the roll and the Youth spent after it.

    Raises:
        ValueError: a roll the die cannot show, a die other than d20 and d6, negative Youth.
    """
    _die(die)
    _whole(target, "a Target Number")
    _whole(roll, f"a d{die} roll", 1, die)
    _whole(youth_spent, "Youth spent", 0)
    return RollResult(roll, target, youth_spent, die)


@attrs.frozen
class Opponent:
    """What a side of a contest knows of the other side when it decides.

    Attributes:
        roll: the other side's roll.
        target: its Target Number, with any Youth it has already spent.
        youth: the Youth it has left.
        spent: the Youth it spent, if it decided first; ``None`` if it decides after.
    """

    roll: int
    target: int
    youth: int
    spent: int | None = None

    @property
    def margin(self) -> int:
        """The other side's margin as it stands."""
        return self.target - self.roll


@attrs.frozen
class YouthQuestion:
    """What a Youth policy is asked: a roll is seen, how much Youth to spend?

    Attributes:
        roll: the roll.
        target: the Target Number before Youth.
        youth: the Youth available.
        die: the die rolled.
        opponent: in a contest, the other side (`Opponent`); ``None`` for a lone test.
    """

    roll: int
    target: int
    youth: int
    die: int = SKILL_DIE
    opponent: Opponent | None = None

    @property
    def margin(self) -> int:
        """The margin before Youth."""
        return self.target - self.roll

    @classmethod
    def from_details(cls, details: Mapping[str, int | str]) -> YouthQuestion:
        """The question a scene's Youth decision asks, from its ``details``.

        A bot answering a scene's `Decision` calls a policy with
        ``YouthQuestion.from_details(decision.details)``; in a contest, the other
        side's roll, target, Youth and answer come with it (HR-5).

        Raises:
            ValueError: the details are not those of a Youth decision.
        """

        def number(key: str) -> int:
            value = details.get(key)
            if type(value) is not int:
                raise ValueError(f"a Youth decision's details need a whole number {key!r}")
            return value

        opponent = None
        if "opponent" in details:
            spent = details.get("opponent_spent")
            opponent = Opponent(
                number("opponent_roll"),
                number("opponent_target"),
                number("opponent_youth"),
                None if spent is None else number("opponent_spent"),
            )
        return cls(number("roll"), number("target"), number("youth"), number("die"), opponent)


YouthPolicy = Callable[[YouthQuestion], int]
"""How much Youth to spend (0 to ``question.youth``) once a roll is seen."""


def spend_nothing(question: YouthQuestion) -> int:
    """Never spend Youth."""
    return 0


def spend_to_succeed(question: YouthQuestion) -> int:
    """The least Youth that makes the roll a success; nothing if it succeeds or cannot.

    Examples:
        >>> spend_to_succeed(YouthQuestion(roll=19, target=6, youth=7)), spend_to_succeed(
        ...     YouthQuestion(roll=19, target=6, youth=4)
        ... )
        (5, 0)
    """
    missing = question.roll - question.target
    if missing <= 0:
        return 0
    needed = -(-missing // YOUTH_TN_BONUS)
    return needed if needed <= question.youth else 0


def spend_to_win(question: YouthQuestion) -> int:
    """In a contest, the least Youth that puts this side strictly ahead; else nothing.

    Alone (no opponent) it is `spend_to_succeed`. It does not look ahead: the side
    deciding first may be overtaken by the other side's answer.

    Examples:
        >>> q = YouthQuestion(roll=16, target=17, youth=3, opponent=Opponent(2, 5, youth=7))
        >>> spend_to_win(q)  # margin 1 against 3: 1 point makes it 4
        1
    """
    if question.opponent is None:
        return spend_to_succeed(question)
    behind = question.opponent.margin - question.margin
    if behind < 0:
        return 0
    needed = behind // YOUTH_TN_BONUS + 1
    return needed if needed <= question.youth else 0


def _standing(margin: int, other: int) -> int:
    """2 ahead, 1 level, 0 behind."""
    return 2 if margin > other else 1 if margin == other else 0


def _best_reply(question: YouthQuestion, opponent: Opponent) -> int:
    """The least Youth giving the best standing against an opponent who has decided."""
    best = max(
        range(question.youth + 1),
        key=lambda y: (_standing(question.margin + YOUTH_TN_BONUS * y, opponent.margin), -y),
    )
    return best


def spend_best(question: YouthQuestion) -> int:
    """The best Youth answer: win if possible, else tie, else lose; then spend the least.

    Alone it is `spend_to_succeed`. In a contest the side deciding second picks the
    least Youth that gives its best standing against the answer it has seen; the
    side deciding first tries every amount, assumes the other side will answer with
    `spend_best` (with the Youth it has left, known from the details), and keeps the
    least amount with the best result. This is the optimal play of the two-step
    game when both sides want to win and then to keep their Youth.

    Examples:
        >>> behind = YouthQuestion(roll=16, target=17, youth=3, opponent=Opponent(2, 5, youth=7))
        >>> spend_to_win(behind), spend_best(behind)  # 1 would be overtaken: nothing helps
        (1, 0)
    """
    opponent = question.opponent
    if opponent is None:
        return spend_to_succeed(question)
    if opponent.spent is not None:
        return _best_reply(question, opponent)
    choices = []
    for x in range(question.youth + 1):
        mine = question.target + YOUTH_TN_BONUS * x
        reply_to = Opponent(question.roll, mine, question.youth - x, x)
        theirs = YouthQuestion(opponent.roll, opponent.target, opponent.youth, question.die)
        y = _best_reply(theirs, reply_to)
        standing = _standing(mine - question.roll, opponent.margin + YOUTH_TN_BONUS * y)
        choices.append((standing, -x))
    return -max(choices)[1]


def _ask(policy: YouthPolicy, question: YouthQuestion) -> int:
    if question.youth == 0:
        return 0
    points = policy(question)
    _whole(points, "the Youth a policy spends", 0, question.youth)
    return points


def roll_test(
    target: int,
    dice: DiceSource,
    *,
    youth: int = 0,
    policy: YouthPolicy = spend_to_succeed,
    die: int = SKILL_DIE,
) -> tuple[RollResult, DiceSource]:
    """Roll one test with ``dice``; ``policy`` decides the Youth after the roll.

    Returns:
        The result and the dice source after the roll (dice are values: keep the new one).

    Raises:
        ValueError: bad numbers, or a policy that spends more Youth than there is.
    """
    _die(die)
    _whole(target, "a Target Number")
    _whole(youth, "Youth", 0)
    roll, dice = dice.roll(die)
    spent = _ask(policy, YouthQuestion(roll, target, youth, die))
    return resolve(target, roll, youth_spent=spent, die=die), dice


def contest_winner(first_margin: int, second_margin: int) -> int | None:
    """The index (0 or 1) of the side with the larger margin, ``None`` on a tie (HR-4)."""
    if first_margin == second_margin:
        return None
    return 0 if first_margin > second_margin else 1


def youth_order(first_margin: int, second_margin: int) -> tuple[int, int]:
    """Who decides Youth first in a contest: the side behind; the first side on a tie (HR-5)."""
    return (1, 0) if second_margin < first_margin else (0, 1)


@attrs.frozen
class ContestResult:
    """A contest, rolled and decided.

    Attributes:
        first: the first side's test.
        second: the second side's test.
        order: the sides in the order they decided Youth (HR-5).
    """

    first: RollResult
    second: RollResult
    order: tuple[int, int] = (0, 1)

    @property
    def winner(self) -> int | None:
        """0 or 1 for the winning side, ``None`` on a tie."""
        return contest_winner(self.first.margin, self.second.margin)


def resolve_contest(
    first_target: int,
    second_target: int,
    first_roll: int,
    second_roll: int,
    *,
    first_youth: int = 0,
    second_youth: int = 0,
    first_policy: YouthPolicy = spend_to_win,
    second_policy: YouthPolicy = spend_to_win,
    die: int = SKILL_DIE,
) -> ContestResult:
    """A contest from its two rolls: the side behind decides Youth first, then the other.

    Skill contests roll d20s; quality contests (``die=6``) roll d6s.

    Raises:
        ValueError: bad numbers, or a policy that spends more Youth than there is.
    """
    targets = [_whole(first_target, "a Target Number"), _whole(second_target, "a Target Number")]
    _die(die)
    rolls = [
        _whole(first_roll, f"a d{die} roll", 1, die),
        _whole(second_roll, f"a d{die} roll", 1, die),
    ]
    youth = [_whole(first_youth, "Youth", 0), _whole(second_youth, "Youth", 0)]
    policies = (first_policy, second_policy)
    spent: list[int] = [0, 0]
    order = youth_order(targets[0] - rolls[0], targets[1] - rolls[1])
    answered: int | None = None
    for i in order:
        j = 1 - i
        final_j = targets[j] + YOUTH_TN_BONUS * spent[j]
        opponent = Opponent(rolls[j], final_j, youth[j] - spent[j], answered)
        question = YouthQuestion(rolls[i], targets[i], youth[i], die, opponent)
        spent[i] = _ask(policies[i], question)
        answered = spent[i]
    return ContestResult(
        RollResult(rolls[0], targets[0], spent[0], die),
        RollResult(rolls[1], targets[1], spent[1], die),
        order,
    )


def roll_contest(
    first_target: int,
    second_target: int,
    dice: DiceSource,
    *,
    first_youth: int = 0,
    second_youth: int = 0,
    first_policy: YouthPolicy = spend_to_win,
    second_policy: YouthPolicy = spend_to_win,
    die: int = SKILL_DIE,
) -> tuple[ContestResult, DiceSource]:
    """Roll a contest with ``dice`` (the first side's die, then the second's).

    Returns:
        The result and the dice source after both rolls.
    """
    _die(die)
    first_roll, dice = dice.roll(die)
    second_roll, dice = dice.roll(die)
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
    return result, dice


def blow(size: int, *, armed: bool = False) -> int:
    """The Points a successful brawl hit does: 1/3 of Size unarmed, 2/3 armed, rounded up (HR-14).

    Examples:
        >>> blow(3), blow(4), blow(4, armed=True), blow(15), blow(15, armed=True)
        (1, 2, 3, 5, 10)
    """
    _whole(size, "Size", 1)
    return math.ceil(size * (2 if armed else 1) / 3)


@attrs.frozen
class BrawlExchange:
    """What one brawl round does, from its two tests.

    Attributes:
        dealt: the Points each side deals (``None``: that side missed).
        scuffer: on a double miss, the side that missed by less (no damage); else ``None``.
    """

    dealt: tuple[int | None, int | None]
    scuffer: int | None = None


def brawl_exchange(
    first: RollResult, second: RollResult, first_blow: int, second_blow: int
) -> BrawlExchange:
    """The damage of a brawl round, from its two tests and each side's full blow.

    A lone hit does full Points; of two hits the lesser degree does 1 Point less
    (equal degrees: both full); of two misses the lesser miss scuffs (HR-4).

    Examples:
        >>> sky, weasley = resolve(5, 1), resolve(5, 5)
        >>> brawl_exchange(sky, weasley, 1, 1)
        BrawlExchange(dealt=(1, 0), scuffer=None)
        >>> brawl_exchange(resolve(5, 9), resolve(5, 10), 1, 1)
        BrawlExchange(dealt=(None, None), scuffer=0)
    """
    full = (first_blow, second_blow)
    if first.success and second.success:
        dealt = [full[0], full[1]]
        lesser = contest_winner(second.margin, first.margin)  # the side with less degree
        if lesser is not None:
            dealt[lesser] = max(full[lesser] - 1, 0)
        return BrawlExchange((dealt[0], dealt[1]))
    if first.success:
        return BrawlExchange((full[0], None))
    if second.success:
        return BrawlExchange((None, full[1]))
    return BrawlExchange((None, None), contest_winner(first.margin, second.margin))


@attrs.frozen
class DuelExchange:
    """What one round of a wizard duel does, from its two castings.

    Attributes:
        lands: whether each side's spell takes effect on the other.
        dealt: the Points each side's spell does (``None``: no damage).
        blocked: whether each side's spell succeeded but was blocked.
    """

    lands: tuple[bool, bool]
    dealt: tuple[int | None, int | None]
    blocked: tuple[bool, bool] = (False, False)


def duel_exchange(
    first: RollResult, second: RollResult, first_damage: int, second_damage: int
) -> DuelExchange:
    """A duel round: brawl rules for the spells, a jinx (0 damage) being blocked, not weakened.

    A successful casting against a failed one lands in full. Of two successful
    castings with unequal degrees, the greater lands in full; the lesser does 1 Point
    less if it is a damaging spell (it still lands, perhaps for 0), and is blocked if
    it is a jinx. Equal degrees: both land in full. Two failures: nothing happens
    (rulings HR-32 and HR-33).

    Examples:
        >>> duel_exchange(resolve(9, 3), resolve(9, 8), 0, 6)  # a jinx beats Sectumsempra
        DuelExchange(lands=(True, True), dealt=(None, 5), blocked=(False, False))
        >>> duel_exchange(resolve(9, 8), resolve(9, 3), 0, 6)
        DuelExchange(lands=(False, True), dealt=(None, 6), blocked=(True, False))
    """
    _whole(first_damage, "a spell's damage", 0)
    _whole(second_damage, "a spell's damage", 0)
    damage = (first_damage, second_damage)
    hits = brawl_exchange(first, second, first_damage, second_damage).dealt
    lands = [hit is not None for hit in hits]
    blocked = [False, False]
    dealt: list[int | None] = [None, None]
    for side in (0, 1):
        hit = hits[side]
        if hit is None:
            continue
        if damage[side] == 0:
            reduced = first.success and second.success and lesser_side(first, second) == side
            if reduced:
                lands[side], blocked[side] = False, True
        else:
            dealt[side] = hit
    return DuelExchange((lands[0], lands[1]), (dealt[0], dealt[1]), (blocked[0], blocked[1]))


def lesser_side(first: RollResult, second: RollResult) -> int | None:
    """The side with the smaller margin (0 or 1), ``None`` when the margins are equal."""
    return contest_winner(second.margin, first.margin)


def fall_dice(metres: int) -> int:
    """How many d6 a fall does: one per full 5 metres (HR-15)."""
    return _whole(metres, "a fall's height in metres", 0) // FALL_METRES_PER_DIE


@attrs.frozen
class DamageResult:
    """Damage taken by a character, from the health rules alone.

    Attributes:
        damage: the Points now taken in all.
        before: the wound before.
        after: the wound after (before any Fortitude test).
        fortitude_test: the blow brings a Major Wound from below it: a d6 Fortitude
            test decides whether the character stays conscious (HR-16).
    """

    damage: int
    before: Wound
    after: Wound
    fortitude_test: bool


def take_damage(damage: int, size: int, points: int, *, knocked_out: bool = False) -> DamageResult:
    """Add ``points`` to ``damage`` on a character of ``size``.

    Examples:
        >>> take_damage(1, 3, 1)  # Weasley at Size 3 takes his second Point
        DamageResult(damage=2, before=<Wound.UNHURT: 'unhurt'>, after=<Wound.MAJOR: 'major'>, fortitude_test=True)
    """  # noqa: E501
    _whole(points, "damage Points", 0)
    before = wound_for(damage, size, knocked_out=knocked_out)
    after = wound_for(damage + points, size, knocked_out=knocked_out)
    test = after is Wound.MAJOR and before in (Wound.UNHURT, Wound.MINOR)
    return DamageResult(damage + points, before, after, test)


def heal(damage: int, size: int, points: int, *, knocked_out: bool = False) -> tuple[int, bool]:
    """Remove ``points`` of damage: the damage left and whether the character is still out.

    An unconscious character, out from a failed Fortitude test or from reaching Size,
    wakes only below a Major Wound (HR-17).

    Examples:
        >>> heal(6, 6, 2), heal(6, 6, 3), heal(4, 6, 2, knocked_out=True)
        ((4, True), (3, False), (2, False))
    """
    _whole(points, "healed Points", 0)
    wound_for(damage, size)  # checks the numbers
    left = max(damage - points, 0)
    out = knocked_out or damage >= size
    return left, out and 3 * left >= 2 * size
