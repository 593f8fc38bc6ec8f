"""Exact odds (`hufflepuff_ravenclaw.odds`) against brute force through the scene.

Each figure is checked by playing every face of every die through `Game` (scripted
dice, Youth answered from the decision's details), or, for the best Youth policy,
against a plain minimax over every pair of answers.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from fractions import Fraction
from itertools import product

import attrs
import pytest

from hogwarts_rules import IllegalActionError, ScriptedDice
from hogwarts_rules import hufflepuff_ravenclaw as hr
from hogwarts_rules.hufflepuff_ravenclaw import odds
from hogwarts_rules.hufflepuff_ravenclaw import resolution as rs
from tests.hufflepuff_ravenclaw.test_resolution import answer_with
from tests.hufflepuff_ravenclaw.test_rules import of, play, sheet


def _contest_through_the_scene(
    targets: tuple[int, int], youth: tuple[int, int], policy: rs.YouthPolicy
) -> odds.ContestOdds:
    a, b = sheet("A", youth=youth[0]), sheet("B", youth=youth[1])
    specs = [
        hr.TestSpec(name, "Brawl", "Agility", (hr.Modifier(t - 3, "situation"),))
        for name, t in zip("AB", targets, strict=True)
    ]
    results: Counter[str | None] = Counter()
    spent = [0, 0]
    for rolls in product(range(1, 21), repeat=2):
        game = hr.new_game([a, b], dice=ScriptedDice(rolls))
        game, events = game.apply(hr.Contest(*specs))
        game, more = answer_with(game, {"A": policy, "B": policy})
        (done,) = of([*events, *more], hr.ContestResolved)  # type: ignore[list-item]
        results[done.winner] += 1
        spent[0] += youth[0] - game.characters["A"].youth
        spent[1] += youth[1] - game.characters["B"].youth
    return odds.ContestOdds(
        Fraction(results["A"], 400),
        Fraction(results["B"], 400),
        Fraction(results[None], 400),
        Fraction(spent[0], 400),
        Fraction(spent[1], 400),
    )


@pytest.mark.parametrize(
    ("targets", "youth"), [((5, 5), (7, 7)), ((17, 5), (3, 7)), ((8, 3), (2, 0))]
)
@pytest.mark.parametrize("policy", [rs.spend_to_win, rs.spend_best, rs.spend_to_succeed])
def test_contest_odds_with_youth_match_brute_force_through_the_scene(
    targets: tuple[int, int], youth: tuple[int, int], policy: rs.YouthPolicy
) -> None:
    expected = _contest_through_the_scene(targets, youth, policy)
    got = hr.contest_odds(
        *targets,
        first_youth=youth[0],
        second_youth=youth[1],
        first_policy=policy,
        second_policy=policy,
    )
    assert got == expected
    if policy is rs.spend_best:
        assert hr.best_contest_odds(*targets, first_youth=youth[0], second_youth=youth[1]) == got


def _standing(mine: int, theirs: int) -> int:
    return (mine > theirs) - (mine < theirs)


def _minimax(
    targets: tuple[int, int], rolls: tuple[int, int], youth: tuple[int, int], order: tuple[int, int]
) -> tuple[int, Callable[[int], int]]:
    """By plain enumeration: the first decider's best Youth, and the second's best reply to any."""
    first, second = order

    def margin(side: int, points: int) -> int:
        return targets[side] + 3 * points - rolls[side]

    def reply(x: int) -> tuple[int, int]:
        return max(
            (_standing(margin(second, y), margin(first, x)), -y) for y in range(youth[second] + 1)
        )

    # The first decider's standing is the opposite of the reply's.
    best = max((-reply(x)[0], -x) for x in range(youth[first] + 1))
    return -best[1], lambda x: -reply(x)[1]


def test_spend_best_is_the_minimax_answer_for_every_pair_of_rolls() -> None:
    for targets, youth in product(((5, 5), (17, 5), (2, 12)), ((7, 7), (3, 7), (2, 1))):
        for rolls in product(range(1, 21), repeat=2):
            result = rs.resolve_contest(
                *targets, *rolls, first_youth=youth[0], second_youth=youth[1],
                first_policy=rs.spend_best, second_policy=rs.spend_best,
            )  # fmt: skip
            first, second = result.order
            best_first, reply = _minimax(targets, (rolls[0], rolls[1]), youth, result.order)
            spent = (result.first.youth_spent, result.second.youth_spent)
            assert spent[first] == best_first
            assert spent[second] == reply(spent[first])


def test_best_policy_wins_at_least_as_often_as_spending_to_win() -> None:
    for targets, youth in (((5, 5), (3, 7)), ((17, 5), (3, 7)), ((2, 12), (7, 1))):
        best = hr.best_contest_odds(*targets, first_youth=youth[0], second_youth=youth[1])
        naive = hr.contest_odds(
            *targets,
            first_youth=youth[0],
            second_youth=youth[1],
            first_policy=rs.spend_to_win,
            second_policy=rs.spend_best,
        )
        assert best.first_wins >= naive.first_wins
        assert best.first_wins + best.second_wins + best.tie == 1


def test_quality_contests_on_a_d6() -> None:
    plain = hr.contest_odds(3, 3, die=6)
    assert (plain.first_wins, plain.tie) == (Fraction(15, 36), Fraction(6, 36))
    youthful = hr.contest_odds(3, 3, die=6, first_youth=1)
    assert youthful.first_wins > plain.first_wins
    with pytest.raises(ValueError, match="d20 or a d6"):
        hr.contest_odds(3, 3, die=8, first_youth=1)


@pytest.mark.parametrize(
    ("sizes", "armed", "targets"),
    [
        ((3, 2), (False, False), (5, 5)),
        ((4, 9), (True, False), (7, 4)),
        ((15, 7), (False, True), (17, 9)),
    ],
)
def test_brawl_round_odds_match_brute_force_through_the_scene(
    sizes: tuple[int, int], armed: tuple[bool, bool], targets: tuple[int, int]
) -> None:
    a = sheet("A", stats={"Agility": targets[0], "Size": sizes[0]}, youth=0)
    b = sheet("B", stats={"Agility": targets[1], "Size": sizes[1]}, youth=0)
    round_ = hr.BrawlRound(hr.Fighter("A", armed[0]), hr.Fighter("B", armed[1]))
    counts: Counter[tuple[int, int]] = Counter()
    for rolls in product(range(1, 21), repeat=2):
        _, events = play(hr.new_game([a, b], dice=ScriptedDice((*rolls, 1, 1))), round_)
        taken = {e.character: e.points for e in of(events, hr.DamageTaken)}
        counts[taken.get("A", 0), taken.get("B", 0)] += 1
    expected = tuple((key, Fraction(n, 400)) for key, n in sorted(counts.items()))
    got = hr.brawl_round_odds(
        *targets, rs.blow(sizes[0], armed=armed[0]), rs.blow(sizes[1], armed=armed[1])
    )
    assert got.outcomes == expected


def test_sky_and_weasley_figures_of_the_issue() -> None:
    round_ = hr.brawl_round_odds(5, 5, 1, 1)
    assert round_.expected_damage == (Fraction(9, 40), Fraction(9, 40))
    sky = odds.Brawler(target=5, size=3, fortitude=3)
    at_two = hr.fight_odds(sky, odds.Brawler(target=5, size=2, fortitude=2), 6)
    at_three = hr.fight_odds(sky, odds.Brawler(target=5, size=3, fortitude=2), 6)
    assert round(float(at_two.out[1]), 3) == 0.371
    assert round(float(at_three.out[1]), 3) == 0.288
    assert at_two.out[1] == Fraction(1944816471, 5242880000)
    assert at_three.out[1] == Fraction(1886392701, 6553600000)


_Key = tuple[tuple[int, bool], tuple[int, bool]]
_States = dict[_Key, tuple[Fraction, hr.Game]]


def _key(game: hr.Game) -> _Key:
    a, b = game.characters["A"], game.characters["B"]
    return ((a.damage, a.knocked_out), (b.damage, b.knocked_out))


def _with_dice(game: hr.Game, rolls: tuple[int, ...]) -> hr.Game:
    return attrs.evolve(game, dice=ScriptedDice(rolls))


def _one_round_through_the_scene(game: hr.Game) -> dict[_Key, tuple[Fraction, hr.Game]]:
    """Every way one brawl round can go from ``game``, with its chance and a scene for it."""
    round_ = hr.BrawlRound(hr.Fighter("A"), hr.Fighter("B"))
    found: dict[_Key, tuple[Fraction, hr.Game]] = {}
    for rolls in product(range(1, 21), repeat=2):
        _, events = play(_with_dice(game, (*rolls, 1, 1)), round_)
        d6s = sum(1 for e in of(events, hr.TestRolled) if e.die == 6)
        for faces in product(range(1, 7), repeat=d6s):
            after, _ = play(_with_dice(game, (*rolls, *faces)), round_)
            p = Fraction(1, 400 * 6**d6s)
            old = found.get(_key(after), (Fraction(0), after))
            found[_key(after)] = (old[0] + p, after)
    return found


@pytest.mark.parametrize("weasley_size", [2, 3])
def test_fight_odds_match_brute_force_through_the_scene(weasley_size: int) -> None:
    sky = sheet("A", stats={"Agility": 4}, skills={"Brawl": 1}, youth=0)
    weasley = sheet(
        "B",
        stats={"Agility": 3, "Size": weasley_size},
        qualities={"Fortitude": 2},
        skills={"Brawl": 2},
        youth=0,
    )
    start = hr.new_game([sky, weasley], dice=ScriptedDice(()))
    states: dict[_Key, tuple[Fraction, hr.Game]] = {_key(start): (Fraction(1), start)}
    for rounds in range(1, 4):
        after: dict[_Key, tuple[Fraction, hr.Game]] = {}
        for key, (p, game) in states.items():
            if not all(c.is_conscious for c in game.characters.values()):
                old = after.get(key, (Fraction(0), game))
                after[key] = (old[0] + p, game)
                continue
            for k, (q, g) in _one_round_through_the_scene(game).items():
                old = after.get(k, (Fraction(0), g))
                after[k] = (old[0] + p * q, g)
        states = after
        got = hr.fight_odds(odds.Brawler(5, 3, 3), odds.Brawler(5, weasley_size, 2), rounds)

        def chance(name: str, worst: set[hr.Wound], states: _States = states) -> Fraction:
            return sum(
                (p for p, g in states.values() if g.characters[name].wound in worst), Fraction(0)
            )

        out = {hr.Wound.UNCONSCIOUS, hr.Wound.DEAD}
        major = out | {hr.Wound.MAJOR}
        assert got.out == (chance("A", out), chance("B", out)), rounds
        assert got.major == (chance("A", major), chance("B", major)), rounds
        assert got.wounded == (
            chance("A", major | {hr.Wound.MINOR}),
            chance("B", major | {hr.Wound.MINOR}),
        )
        standing = sum(
            (p for p, g in states.values() if all(c.is_conscious for c in g.characters.values())),
            Fraction(0),
        )
        assert got.going_on == standing


def test_fight_odds_refuses_impossible_fights() -> None:
    sky = odds.Brawler(5, 3, 3)
    with pytest.raises(ValueError, match="rounds"):
        hr.fight_odds(sky, sky, 51)
    with pytest.raises(ValueError, match="Size"):
        hr.fight_odds(sky, odds.Brawler(5, 0, 3), 1)
    nothing = hr.fight_odds(sky, sky, 0)
    assert nothing.out == (Fraction(0), Fraction(0)) and nothing.going_on == Fraction(1)


@pytest.mark.parametrize(
    ("action", "youth"),
    [
        (hr.CastSpell("Sky", "Lumos"), 0),
        (hr.CastSpell("Sky", "Lumos"), 2),
        (hr.CastSpell("Sky", "Accio", preparation="Astronomy"), 7),
        (hr.CastSpell("Sky", "Accio", preparation="Arithmancy"), 3),
        (hr.CastSpell("Sky", "Riddikulus", verbal=False), 7),
    ],
)
def test_spell_odds_match_brute_force_through_the_scene(action: hr.CastSpell, youth: int) -> None:
    sky = sheet(
        "Sky", skills={"Charms": 1, "Astronomy": 2, "Arithmancy": -1}, spells=["Lumos"], youth=youth
    )
    game = hr.new_game([sky], seed=1)
    got = hr.spell_odds(game, action)
    wins = 0
    prepared = 0
    dice = 2 if action.preparation else 1
    for rolls in product(range(1, 21), repeat=dice):
        played = hr.new_game([sky], dice=ScriptedDice(rolls))
        played, events = played.apply(action)
        played, more = answer_with(played, {"Sky": rs.spend_to_succeed})
        results = of([*events, *more], hr.TestResolved)  # type: ignore[list-item]
        wins += results[-1].success
        prepared += bool(of([*events, *more], hr.PenaltyReduced))  # type: ignore[list-item]
    assert got.chance == Fraction(wins, 20**dice)
    if action.preparation:
        assert got.preparation_chance == Fraction(prepared, 400)
    assert got.target == sum(v for _, v in game.spell_target_number(action))
    assert got.youth == youth


def test_spell_target_number_before_rolling() -> None:
    sky = sheet("Sky", skills={"Charms": 1, "Astronomy": 2})
    game = hr.new_game([sky], seed=1)
    accio = hr.CastSpell("Sky", "Accio", preparation="Astronomy")
    assert game.spell_target_number(accio)[-1] == ("spell 3 year(s) above", -18)
    assert game.spell_target_number(accio, prepared=True)[-1] == ("spell 2 year(s) above", -12)
    assert hr.spell_odds(game, accio).prepared_target == -5  # the docs' first-year Accio
    with pytest.raises(IllegalActionError) as info:
        game.spell_target_number(hr.CastSpell("Sky", "Lumos"), prepared=True)
    assert info.value.code == "bad_preparation"
    with pytest.raises(IllegalActionError):
        hr.spell_odds(game, hr.CastSpell("Nobody", "Lumos"))
