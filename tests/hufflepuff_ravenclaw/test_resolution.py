"""The public resolution API (`hufflepuff_ravenclaw.resolution`) against the scene, exhaustively.

Every roll, target and Youth answer a scene can meet is resolved both ways and compared:
the scene is built on these functions, so they must agree face for face.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from hogwarts_rules import ScriptedDice, SeededDice
from hogwarts_rules import hufflepuff_ravenclaw as hr
from hogwarts_rules.engine import Decision
from hogwarts_rules.hufflepuff_ravenclaw import resolution as rs
from tests.hufflepuff_ravenclaw.test_rules import of, play, scene, sheet


def answer_with(game: hr.Game, policies: dict[str, rs.YouthPolicy]) -> tuple[hr.Game, list[object]]:
    """Answer every Youth decision of ``game`` with the named side's policy, from the details."""
    events: list[object] = []
    while game.to_act:
        decision = game.awaiting
        assert isinstance(decision, Decision)
        points = policies[decision.player](rs.YouthQuestion.from_details(decision.details))
        game, more = game.apply(hr.SpendYouth(decision.player, points))
        events.extend(more)
    return game, events


def test_roll_test_on_a_d20_and_a_d6_with_scripted_dice() -> None:
    result, dice = rs.roll_test(5, ScriptedDice([11, 4]), youth=7)
    assert (result.roll, result.target, result.youth_spent, result.final_target) == (11, 5, 2, 11)
    assert (result.success, result.margin, result.degree) == (True, 0, 0)
    result, dice = rs.roll_test(3, dice, die=6, policy=rs.spend_nothing, youth=7)
    assert (result.roll, result.success, result.margin, result.die) == (4, False, -1, 6)
    result, _ = rs.roll_test(-1, ScriptedDice([1]))  # a roll of 1 is not always a success
    assert not result.success


def test_roll_test_refuses_bad_numbers_and_greedy_policies() -> None:
    with pytest.raises(ValueError, match="a d20 or a d6"):
        rs.roll_test(5, ScriptedDice([1]), die=8)
    with pytest.raises(ValueError, match="Youth"):
        rs.roll_test(5, ScriptedDice([1]), youth=-1)
    with pytest.raises(ValueError, match="the Youth a policy spends"):
        rs.roll_test(5, ScriptedDice([20]), youth=2, policy=lambda q: 3)
    with pytest.raises(ValueError, match="a d6 roll"):
        rs.resolve(3, 7, die=6)
    # With no Youth the policy is not asked at all.
    result, _ = rs.roll_test(5, ScriptedDice([20]), policy=lambda q: 3)
    assert result.youth_spent == 0


@pytest.mark.parametrize("spend", [0, 1, 3, 7])
def test_resolve_matches_the_scene_for_every_target_and_roll(spend: int) -> None:
    for target in range(-8, 28):
        situation = hr.Modifier(target - 3, "the situation")  # Agility 3 + Brawl 0
        for roll in range(1, 21):
            game = scene(sheet("Sky"), rolls=[roll])
            _, events = play(
                game, hr.SkillTest("Sky", "Brawl", "Agility", (situation,)), {"Sky": [spend]}
            )
            (done,) = of(events, hr.TestResolved)
            mine = rs.resolve(target, roll, youth_spent=spend)
            assert (done.roll, done.target, done.success, done.degree, done.margin) == (
                mine.roll,
                mine.final_target,
                mine.success,
                mine.degree,
                mine.margin,
            )


def test_resolve_matches_the_scene_on_the_d6_of_qualities() -> None:
    for bravery in range(7):
        for roll in range(1, 7):
            for spend in (0, 1):
                game = scene(sheet("Sky", qualities={"Bravery": bravery}), rolls=[roll])
                _, events = play(game, hr.QualityTest("Sky", "Bravery"), {"Sky": [spend]})
                (done,) = of(events, hr.TestResolved)
                mine = rs.resolve(bravery, roll, youth_spent=spend, die=6)
                assert (done.success, done.degree) == (mine.success, mine.degree)


def test_roll_test_draws_the_same_faces_as_a_seeded_scene() -> None:
    for seed in range(40):
        result, _ = rs.roll_test(5, SeededDice(seed), youth=7)
        game = hr.new_game([sheet("Sky", stats={"Agility": 4}, skills={"Brawl": 1})], seed=seed)
        game, _ = game.apply(hr.SkillTest("Sky", "Brawl", "Agility"))
        game, events = answer_with(game, {"Sky": rs.spend_to_succeed})
        (done,) = of(events, hr.TestResolved)  # type: ignore[arg-type]
        assert (done.roll, done.target, done.success) == (
            result.roll,
            result.final_target,
            result.success,
        )


Policies = tuple[rs.YouthPolicy, rs.YouthPolicy]


@pytest.mark.parametrize(
    ("targets", "youth", "policies"),
    [
        ((5, 5), (7, 7), (rs.spend_to_win, rs.spend_to_win)),
        ((17, 5), (3, 7), (rs.spend_to_win, rs.spend_to_succeed)),
        ((2, 9), (0, 4), (rs.spend_nothing, rs.spend_to_win)),
    ],
)
def test_resolve_contest_matches_the_scene_for_every_pair_of_rolls(
    targets: tuple[int, int], youth: tuple[int, int], policies: Policies
) -> None:
    a = sheet("A", youth=youth[0])
    b = sheet("B", youth=youth[1])
    specs = [
        hr.TestSpec(name, "Brawl", "Agility", (hr.Modifier(t - 3, "situation"),))
        for name, t in zip(("A", "B"), targets, strict=True)
    ]
    for first_roll in range(1, 21):
        for second_roll in range(1, 21):
            game = scene(a, b, rolls=[first_roll, second_roll])
            game, events = game.apply(hr.Contest(specs[0], specs[1]))
            game, more = answer_with(game, {"A": policies[0], "B": policies[1]})
            (resolved,) = of([*events, *more], hr.ContestResolved)  # type: ignore[list-item]
            mine = rs.resolve_contest(
                *targets,
                first_roll,
                second_roll,
                first_youth=youth[0],
                second_youth=youth[1],
                first_policy=policies[0],
                second_policy=policies[1],
            )
            assert (resolved.first_margin, resolved.second_margin) == (
                mine.first.margin,
                mine.second.margin,
            )
            expected = None if mine.winner is None else "AB"[mine.winner]
            assert resolved.winner == expected
            assert game.characters["A"].youth == youth[0] - mine.first.youth_spent
            assert game.characters["B"].youth == youth[1] - mine.second.youth_spent


@pytest.mark.parametrize(("armed", "sizes"), [((False, False), (3, 3)), ((True, False), (4, 9))])
def test_brawl_exchange_matches_the_scene_for_every_pair_of_rolls(
    armed: tuple[bool, bool], sizes: tuple[int, int]
) -> None:
    a = sheet("A", stats={"Agility": 4, "Size": sizes[0]}, skills={"Brawl": 1}, youth=0)
    b = sheet("B", stats={"Agility": 3, "Size": sizes[1]}, skills={"Brawl": 2}, youth=0)
    blows = (rs.blow(sizes[0], armed=armed[0]), rs.blow(sizes[1], armed=armed[1]))
    round_ = hr.BrawlRound(hr.Fighter("A", armed[0]), hr.Fighter("B", armed[1]))
    for first_roll in range(1, 21):
        for second_roll in range(1, 21):
            game = scene(a, b, rolls=[first_roll, second_roll, 1, 1])  # d6s for Fortitude
            _, events = play(game, round_)
            exchange = rs.brawl_exchange(
                rs.resolve(5, first_roll), rs.resolve(5, second_roll), *blows
            )
            taken = {e.character: e.points for e in of(events, hr.DamageTaken)}
            assert taken.get("B") == exchange.dealt[0]
            assert taken.get("A") == exchange.dealt[1]
            scuffs = [(e.winner, e.loser) for e in of(events, hr.Scuffed)]
            if exchange.scuffer is None:
                assert scuffs == []
            else:
                assert scuffs == [("AB"[exchange.scuffer], "AB"[1 - exchange.scuffer])]


def test_take_damage_and_heal_follow_the_thresholds() -> None:
    for size in range(1, 16):
        for damage in range(0, size + 12):
            for points in range(0, 14):
                result = rs.take_damage(damage, size, points)
                before, after = hr.wound_for(damage, size), hr.wound_for(damage + points, size)
                assert (result.damage, result.before, result.after) == (
                    damage + points,
                    before,
                    after,
                )
                crossed = after is hr.Wound.MAJOR and before in (hr.Wound.UNHURT, hr.Wound.MINOR)
                assert result.fortitude_test == crossed
                for out in (False, True):
                    left, still_out = rs.heal(damage, size, points, knocked_out=out)
                    assert left == max(damage - points, 0)
                    assert still_out == ((out or damage >= size) and 3 * left >= 2 * size)


def test_fall_dice_and_blows() -> None:
    assert [rs.fall_dice(m) for m in (0, 4, 5, 9, 10, 12, 15)] == [0, 0, 1, 1, 2, 2, 3]
    assert [rs.blow(s) for s in range(1, 8)] == [1, 1, 1, 2, 2, 2, 3]
    assert [rs.blow(s, armed=True) for s in range(1, 8)] == [1, 2, 2, 3, 4, 4, 5]
    with pytest.raises(ValueError):
        rs.blow(0)


def test_youth_question_from_details_refuses_other_details() -> None:
    with pytest.raises(ValueError, match="'roll'"):
        rs.YouthQuestion.from_details({"target": 5})


Check = Callable[[rs.YouthQuestion], int]


@pytest.mark.parametrize(
    ("policy", "question", "points"),
    [
        (rs.spend_to_succeed, rs.YouthQuestion(11, 5, 7), 2),
        (rs.spend_to_succeed, rs.YouthQuestion(4, 5, 7), 0),
        (rs.spend_to_succeed, rs.YouthQuestion(20, -10, 7), 0),  # 10 needed: none spent
        (rs.spend_to_win, rs.YouthQuestion(16, 17, 3, opponent=rs.Opponent(2, 5, 7)), 1),
        (rs.spend_to_win, rs.YouthQuestion(10, 5, 7, opponent=rs.Opponent(9, 5, 7)), 1),
        (rs.spend_to_win, rs.YouthQuestion(9, 5, 7, opponent=rs.Opponent(9, 5, 7)), 1),  # tie
        (rs.spend_to_win, rs.YouthQuestion(1, 5, 7, opponent=rs.Opponent(9, 5, 7)), 0),
        (rs.spend_to_win, rs.YouthQuestion(20, 1, 2, opponent=rs.Opponent(1, 5, 7)), 0),
    ],
)
def test_the_policies(policy: Check, question: rs.YouthQuestion, points: int) -> None:
    assert policy(question) == points
