"""One test (at least) per rule of the Hufflepuff & Ravenclaw mechanics, with scripted dice.

Test names are quoted by docs/rulings.md: rename with care.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from itertools import product
from typing import TypeVar

import pytest

from hogwarts_rules import Event, IllegalActionError, ScriptedDice
from hogwarts_rules import hufflepuff_ravenclaw as hr
from hogwarts_rules.hufflepuff_ravenclaw.tables import ADVANCEMENT_TABLE, class_roll_target


def sheet(
    name: str,
    *,
    stats: Mapping[str, int] | None = None,
    qualities: Mapping[str, int] | None = None,
    skills: Mapping[str, int] | None = None,
    traits: Mapping[str, hr.Trait | int] | None = None,
    year: int | None = 1,
    spells: Sequence[str] = (),
    classes: Sequence[str] = (),
    youth: int | None = None,
    damage: int = 0,
) -> hr.Character:
    c = hr.Character.first_year(
        name,
        stats=stats,
        qualities=qualities,
        skills=skills,
        traits=traits,
        spells=spells,
        classes=classes,
    )
    import attrs

    c = attrs.evolve(c, year=year, damage=damage)
    return attrs.evolve(c, youth=c.youth_max if youth is None else youth)


def play(
    game: hr.Game,
    action: hr.HufflepuffRavenclawAction,
    spend: Mapping[str, Sequence[int]] | None = None,
) -> tuple[hr.Game, list[Event]]:
    """Apply an action, answering each Youth decision from ``spend`` (0 when not given)."""
    queues = {name: list(values) for name, values in (spend or {}).items()}
    game, events = game.apply(action)
    collected = list(events)
    while game.to_act:
        (who,) = game.to_act
        points = queues.get(who, []).pop(0) if queues.get(who) else 0
        game, events = game.apply(hr.SpendYouth(who, points))
        collected.extend(events)
    for name, rest in queues.items():
        assert not rest, f"unused Youth answers for {name}: {rest}"
    return game, collected


E = TypeVar("E", bound=Event)


def of(events: Sequence[Event], kind: type[E]) -> list[E]:
    return [e for e in events if isinstance(e, kind)]


def resolved(events: Sequence[Event]) -> list[hr.TestResolved]:
    return [e for e in events if isinstance(e, hr.TestResolved)]


def scene(*characters: hr.Character, rolls: Sequence[int] = ()) -> hr.Game:
    return hr.new_game(list(characters), dice=ScriptedDice(tuple(rolls)))


# ----- skill tests -------------------------------------------------------------------------


def test_target_number_is_stat_plus_skill_plus_traits_plus_modifiers() -> None:
    sky = sheet(
        "Sky",
        stats={"Agility": 4},
        skills={"Brawl": 1},
        traits={
            "Quick": hr.Trait(2, {"Agility"}),
            "Clumsy": -1,
            "Unrelated": hr.Trait(5, {"Charms"}),
        },
    )
    game = scene(sky)
    spec = hr.TestSpec("Sky", "Brawl", "Agility", (hr.Modifier(-3, "guards nearby"),), ("Clumsy",))
    parts = game.target_number(spec)
    assert parts == (
        ("Agility", 4),
        ("Brawl", 1),
        ("Quick", 2),
        ("Clumsy", -1),
        ("guards nearby", -3),
    )


def test_roll_at_or_under_target_succeeds() -> None:
    sky = sheet("Sky", stats={"Agility": 4}, skills={"Brawl": 1}, youth=0)
    for roll, success in ((4, True), (5, True), (6, False)):
        _, events = play(scene(sky, rolls=[roll]), hr.SkillTest("Sky", "Brawl", "Agility"))
        (result,) = resolved(events)
        assert result.success is success
        assert result.degree == abs(5 - roll)


def test_roll_equal_to_target_succeeds_with_degree_zero() -> None:
    sky = sheet("Sky", stats={"Agility": 4}, skills={"Brawl": 1}, youth=0)
    _, events = play(scene(sky, rolls=[5]), hr.SkillTest("Sky", "Brawl", "Agility"))
    (result,) = resolved(events)
    assert (result.success, result.degree, result.margin) == (True, 0, 0)


def test_roll_of_one_fails_against_negative_target() -> None:
    sky = sheet("Sky", stats={"Agility": 1}, skills={"Brawl": 0}, youth=0)
    action = hr.SkillTest("Sky", "Brawl", "Agility", (hr.Modifier(-2, "pitch dark"),))
    _, events = play(scene(sky, rolls=[1]), action)
    (result,) = resolved(events)
    assert result.target == -1
    assert not result.success


def test_worked_example_tn_5_rolling_11_succeeds_with_2_youth() -> None:
    sky = sheet("Sky", stats={"Agility": 4}, skills={"Brawl": 1})
    game, events = play(
        scene(sky, rolls=[11]), hr.SkillTest("Sky", "Brawl", "Agility"), {"Sky": [2]}
    )
    (result,) = resolved(events)
    assert (result.roll, result.target, result.success) == (11, 11, True)
    assert game.characters["Sky"].youth == 5


def test_youth_is_offered_after_the_roll_with_every_amount_from_zero() -> None:
    sky = sheet("Sky", stats={"Agility": 4}, skills={"Brawl": 1}, youth=3)
    game, events = scene(sky, rolls=[19]).apply(hr.SkillTest("Sky", "Brawl", "Agility"))
    assert [type(e) for e in events] == [hr.TestRolled]  # the roll is seen before the decision
    assert game.to_act == ("Sky",)
    assert game.legal_actions() == tuple(hr.SpendYouth("Sky", n) for n in range(4))
    assert game.legal_actions("Weasley") == ()


def test_youth_not_offered_when_none_left() -> None:
    sky = sheet("Sky", youth=0)
    game, _ = scene(sky, rolls=[19]).apply(hr.SkillTest("Sky", "Brawl", "Agility"))
    assert game.to_act == ()


def test_spending_more_youth_than_left_is_refused() -> None:
    sky = sheet("Sky", youth=2)
    game, _ = scene(sky, rolls=[19]).apply(hr.SkillTest("Sky", "Brawl", "Agility"))
    with pytest.raises(IllegalActionError) as info:
        game.apply(hr.SpendYouth("Sky", 3))
    assert info.value.code == "not_an_option"


def test_youth_pool_by_year_and_refresh_at_session_end() -> None:
    assert [sheet("X", year=y).youth_max for y in range(1, 8)] == [7, 6, 5, 4, 3, 2, 1]
    assert sheet("Hagrid", year=None).youth_max == 0
    sky = sheet("Sky")
    game, _ = play(scene(sky, rolls=[20]), hr.SkillTest("Sky", "Brawl", "Agility"), {"Sky": [5]})
    assert game.characters["Sky"].youth == 2
    game, events = game.apply(hr.EndSession())
    assert game.characters["Sky"].youth == 7
    assert of(events, hr.YouthRefreshed) == [hr.YouthRefreshed("Sky", 7)]


def test_successful_skill_use_gets_a_check_mark() -> None:
    sky = sheet("Sky", stats={"Agility": 4}, skills={"Brawl": 1}, youth=0)
    game, events = play(scene(sky, rolls=[3]), hr.SkillTest("Sky", "Brawl", "Agility"))
    assert game.characters["Sky"].checks == {"Brawl"}
    assert of(events, hr.SkillChecked) == [hr.SkillChecked("Sky", "Brawl")]
    game, events = play(scene(sky, rolls=[17]), hr.SkillTest("Sky", "Brawl", "Agility"))
    assert game.characters["Sky"].checks == frozenset()


def test_unknown_skill_stat_trait_and_character_are_refused() -> None:
    game = scene(sheet("Sky"))
    cases = {
        "unknown_skill": hr.SkillTest("Sky", "Basket Weaving", "Agility"),
        "unknown_stat": hr.SkillTest("Sky", "Brawl", "Charisma"),
        "unknown_trait": hr.SkillTest("Sky", "Brawl", "Agility", traits=("Lucky",)),
        "unknown_character": hr.SkillTest("Draco", "Brawl", "Agility"),
        "bad_number": hr.SkillTest("Sky", "Brawl", "Agility", (hr.Modifier(500),)),
    }
    for code, action in cases.items():
        with pytest.raises(IllegalActionError) as info:
            game.apply(action)
        assert info.value.code == code, action


# ----- contests ----------------------------------------------------------------------------


def contest(first_tn: int, second_tn: int) -> hr.Contest:
    return hr.Contest(
        hr.TestSpec("A", "Brawl", "Agility", (hr.Modifier(first_tn - 3, "set"),)),
        hr.TestSpec("B", "Brawl", "Agility", (hr.Modifier(second_tn - 3, "set"),)),
    )


def two(youth: int = 0) -> tuple[hr.Character, hr.Character]:
    return sheet("A", youth=youth), sheet("B", youth=youth)


def test_worked_example_tn_17_rolling_16_loses_to_tn_5_rolling_2() -> None:
    game = scene(*two(), rolls=[16, 2])
    _, events = play(game, contest(17, 5))
    (result,) = of(events, hr.ContestResolved)
    assert result == hr.ContestResolved("A", "B", 1, 3, "B")


def test_contest_success_beats_failure_and_smaller_miss_wins() -> None:
    _, events = play(scene(*two(), rolls=[10, 9]), contest(10, 5))  # A makes it by 0, B misses by 4
    assert of(events, hr.ContestResolved)[0].winner == "A"
    _, events = play(scene(*two(), rolls=[9, 10]), contest(5, 5))  # Sky vs Weasley, first round
    assert of(events, hr.ContestResolved)[0].winner == "A"


def test_contest_equal_margins_tie() -> None:
    _, events = play(scene(*two(), rolls=[3, 8]), contest(5, 10))
    (result,) = of(events, hr.ContestResolved)
    assert result.winner is None


def test_contest_youth_order_behind_side_first() -> None:
    game = scene(*two(youth=2), rolls=[4, 12])  # A: margin +1, B: margin -7 -> B decides first
    game, _ = game.apply(contest(5, 5))
    assert game.to_act == ("B",)
    game, _ = game.apply(hr.SpendYouth("B", 2))  # B now at 11 against 12: still behind
    assert game.to_act == ("A",)
    game, events = game.apply(hr.SpendYouth("A", 0))
    assert game.to_act == ()
    assert of(events, hr.ContestResolved)[0].winner == "A"
    # A tie after the roll: the first side decides first.
    game, _ = scene(*two(youth=1), rolls=[5, 5]).apply(contest(5, 5))
    assert game.to_act == ("A",)


def test_contest_needs_two_characters() -> None:
    game = scene(*two())
    spec = hr.TestSpec("A", "Brawl", "Agility")
    with pytest.raises(IllegalActionError) as info:
        game.apply(hr.Contest(spec, spec))
    assert info.value.code == "same_character"


def test_contest_odds_match_brute_force_through_the_engine() -> None:
    for first_tn, second_tn in ((17, 5), (5, 5), (0, 25), (12, 8)):
        counts = {"A": 0, "B": 0, None: 0}
        for a, b in product(range(1, 21), repeat=2):
            _, events = play(scene(*two(), rolls=[a, b]), contest(first_tn, second_tn))
            counts[of(events, hr.ContestResolved)[0].winner] += 1
        odds = hr.contest_odds(first_tn, second_tn)
        assert odds.first_wins == Fraction(counts["A"], 400)
        assert odds.second_wins == Fraction(counts["B"], 400)
        assert odds.tie == Fraction(counts[None], 400)


# ----- exact odds --------------------------------------------------------------------------


def test_success_chance_matches_brute_force_through_the_engine() -> None:
    for target, youth in product((-4, 0, 5, 11, 19, 25), (0, 1, 2, 7)):
        wins = 0
        for roll in range(1, 21):
            base = sheet("Sky", stats={"Agility": 0}, youth=youth)
            action = hr.SkillTest("Sky", "Brawl", "Agility", (hr.Modifier(target, "set"),))
            needed = hr.youth_to_spend(target, roll, youth)
            answers = {"Sky": [needed or 0]} if youth else None
            _game, events = play(scene(base, rolls=[roll]), action, answers)
            wins += resolved(events)[0].success
        assert hr.success_chance(target, youth=youth) == Fraction(wins, 20), (target, youth)


def test_youth_to_spend_and_expected_cost() -> None:
    assert hr.youth_to_spend(5, 11, 7) == 2
    assert hr.youth_to_spend(5, 5, 0) == 0
    assert hr.youth_to_spend(6, 19, 4) is None  # 5 would be needed
    assert hr.youth_to_spend(6, 19, 5) == 5
    # TN 5, 7 Youth: rolls 6-8 cost 1, 9-11 cost 2, ... 18-20 cost 5.
    assert hr.expected_youth_cost(5, youth=7) == Fraction(3 * (1 + 2 + 3 + 4 + 5), 20)
    assert hr.success_chance(2, die=6) == Fraction(1, 3)


# ----- qualities ---------------------------------------------------------------------------


def test_quality_test_is_d6_roll_under_and_marks_nothing() -> None:
    sky = sheet("Sky", qualities={"Bravery": 4}, youth=0)
    game, events = play(scene(sky, rolls=[4]), hr.QualityTest("Sky", "Bravery"))
    (rolled,) = of(events, hr.TestRolled)
    assert rolled.die == 6
    assert resolved(events)[0].success
    assert game.characters["Sky"].checks == frozenset()
    _, events = play(scene(sky, rolls=[5]), hr.QualityTest("Sky", "Bravery"))
    assert not resolved(events)[0].success


def test_youth_applies_to_quality_tests() -> None:
    sky = sheet("Sky", qualities={"Bravery": 1})
    game, events = play(scene(sky, rolls=[4]), hr.QualityTest("Sky", "Bravery"), {"Sky": [1]})
    assert resolved(events)[0].success
    assert game.characters["Sky"].youth == 6


def test_unknown_quality_refused() -> None:
    with pytest.raises(IllegalActionError) as info:
        scene(sheet("Sky")).apply(hr.QualityTest("Sky", "Agility"))
    assert info.value.code == "unknown_quality"


# ----- spells ------------------------------------------------------------------------------


def cast_target(events: Sequence[Event]) -> tuple[tuple[str, int], ...]:
    return of(events, hr.TestRolled)[-1].parts


def test_spell_verbal_and_standard_bonuses() -> None:
    hermione = sheet(
        "Hermione", qualities={"Intellect": 5}, skills={"Charms": 1}, spells=["Lumos"], youth=0
    )
    _, events = play(scene(hermione, rolls=[10]), hr.CastSpell("Hermione", "Lumos"))
    assert cast_target(events) == (
        ("Intellect", 5),
        ("Charms", 1),
        ("verbal incantation", 3),
        ("standard spell", 3),
    )
    _, events = play(scene(hermione, rolls=[10]), hr.CastSpell("Hermione", "Lumos", verbal=False))
    assert ("verbal incantation", 3) not in cast_target(events)


def test_standard_bonus_needs_the_spell_on_the_sheet() -> None:
    ron = sheet("Ron", skills={"Charms": 0}, youth=0)  # never recorded Lumos
    _, events = play(scene(ron, rolls=[10]), hr.CastSpell("Ron", "Lumos"))
    assert ("standard spell", 3) not in cast_target(events)


def test_spell_above_year_costs_six_per_year() -> None:
    ron = sheet("Ron", skills={"Charms": 0}, youth=0)
    _, events = play(scene(ron, rolls=[10]), hr.CastSpell("Ron", "Accio"))  # year 4 spell
    assert cast_target(events)[-1] == ("spell 3 year(s) above", -18)
    adult = sheet("Flitwick", skills={"Charms": 12}, year=None)
    _, events = play(scene(adult, rolls=[10]), hr.CastSpell("Flitwick", "Expecto Patronum"))
    assert not any("above" in name for name, _ in cast_target(events))


def test_an_adult_casts_seventh_year_magic_without_penalty() -> None:
    """HR-11: adults count as seventh years, so year-7 magic costs them nothing."""
    flitwick = scene(sheet("Flitwick", skills={"Charms": 12}, year=None))
    seventh = hr.CastSpell("Flitwick", "Seventh-year charm", skill="Charms", year=7)
    assert not any("above" in name for name, _ in flitwick.spell_target_number(seventh))
    sixth = scene(sheet("Percy", skills={"Charms": 6}, year=6))
    percy = hr.CastSpell("Percy", "Seventh-year charm", skill="Charms", year=7)
    assert sixth.spell_target_number(percy)[-1] == ("spell 1 year(s) above", -6)


def test_quality_tests_and_spells_take_traits_and_modifiers() -> None:
    """The Target Number's traits and the game master's modifiers, on a d6 and in a spell."""
    quincy = sheet(
        "Quincy",
        qualities={"Bravery": 3},
        traits={"Timid": hr.Trait(-1, {"Bravery"}), "Lucky charm": 1, "Unnamed": 4},
        youth=0,
    )
    bold = hr.QualityTest(
        "Quincy", "Bravery", (hr.Modifier(2, "friends nearby"),), ("Lucky charm",)
    )
    _, events = play(scene(quincy, rolls=[4]), bold)
    (rolled,) = of(events, hr.TestRolled)
    assert rolled.parts == (
        ("Bravery", 3),
        ("Timid", -1),
        ("Lucky charm", 1),
        ("friends nearby", 2),
    )
    assert (rolled.target, rolled.die) == (5, 6)
    helen = sheet(
        "Helen", skills={"Charms": 1}, traits={"Wand of holly": hr.Trait(1, {"Charms"})}, youth=0
    )
    hurried = hr.CastSpell("Helen", "Lumos", modifiers=(hr.Modifier(-2, "in a hurry"),))
    _, events = play(scene(helen, rolls=[10]), hurried)
    (cast,) = of(events, hr.TestRolled)
    assert ("Wand of holly", 1) in cast.parts
    assert ("in a hurry", -2) in cast.parts
    assert cast.target == sum(value for _, value in cast.parts)
    # The same for one side of a quality contest and of a duel round.
    wren = sheet("Wren", qualities={"Bravery": 3}, youth=0)
    cheered = hr.QualitySpec("Quincy", "Bravery", (hr.Modifier(2, "cheered on"),))
    _, events = play(
        scene(quincy, wren, rolls=[2, 2]),
        hr.QualityContest(cheered, hr.QualitySpec("Wren", "Bravery")),
    )
    sides = of(events, hr.TestRolled)
    assert sides[0].parts == (("Bravery", 3), ("Timid", -1), ("cheered on", 2))
    assert sides[1].parts == (("Bravery", 3),)
    dazzled = hr.Duellist("Helen", "Lumos", modifiers=(hr.Modifier(-3, "dazzled"),))
    drew = sheet("Drew", skills={"Charms": 1}, youth=0)
    _, events = play(
        scene(helen, drew, rolls=[5, 5]), hr.DuelRound(dazzled, hr.Duellist("Drew", "Nox"))
    )
    first, second = of(events, hr.TestRolled)
    assert ("Wand of holly", 1) in first.parts and ("dazzled", -3) in first.parts
    assert not any(name == "dazzled" for name, _ in second.parts)


def test_free_form_magic_needs_skill_and_year() -> None:
    game = scene(sheet("Sky", youth=0), rolls=[10])
    with pytest.raises(IllegalActionError) as info:
        game.apply(hr.CastSpell("Sky", "Matchstick to needle"))
    assert info.value.code == "unknown_spell"
    with pytest.raises(IllegalActionError) as info:
        game.apply(hr.CastSpell("Sky", "Matchstick to needle", skill="Brawl", year=1))
    assert info.value.code == "not_magical"
    with pytest.raises(IllegalActionError) as info:
        game.apply(hr.CastSpell("Sky", "Lumos", skill="Transfiguration"))
    assert info.value.code == "spell_mismatch"
    action = hr.CastSpell("Sky", "Snuff-box to mouse", skill="Transfiguration", year=2)
    _, events = play(game, action)
    assert cast_target(events)[-1] == ("spell 1 year(s) above", -6)


def test_astronomy_or_arithmancy_test_reduces_the_penalty_by_one_year() -> None:
    luna = sheet("Luna", qualities={"Intellect": 4}, skills={"Astronomy": 2, "Charms": 1}, youth=0)
    action = hr.CastSpell("Luna", "Accio", preparation="Astronomy")  # 3 years above: -18
    _, events = play(scene(luna, rolls=[5, 10]), action)  # preparation 5 <= 6 succeeds
    assert of(events, hr.PenaltyReduced) == [hr.PenaltyReduced("Luna", "Accio", -12)]
    assert cast_target(events)[-1] == ("spell 2 year(s) above", -12)
    game, events = play(scene(luna, rolls=[7, 10]), action)  # preparation fails
    assert of(events, hr.PenaltyReduced) == []
    assert cast_target(events)[-1] == ("spell 3 year(s) above", -18)
    assert "Astronomy" not in game.characters["Luna"].checks


def test_preparation_refused_without_a_penalty() -> None:
    with pytest.raises(IllegalActionError) as info:
        scene(sheet("Luna")).apply(hr.CastSpell("Luna", "Lumos", preparation="Arithmancy"))
    assert info.value.code == "nothing_to_reduce"


# ----- health ------------------------------------------------------------------------------


def test_wound_thresholds() -> None:
    expected = {
        # Size 6: minor at 3, major at 4, unconscious at 6, dead at 16.
        6: ["unhurt"] * 3
        + ["minor", "major", "major", "unconscious"]
        + ["unconscious"] * 9
        + ["dead"],
        # Size 2: minor at 1; a major wound and unconsciousness together at 2.
        2: ["unhurt", "minor"] + ["unconscious"] * 10 + ["dead"],
    }
    for size, states in expected.items():
        assert [hr.wound_for(points, size).value for points in range(len(states))] == states


def test_damage_reaching_major_wound_needs_a_fortitude_d6_test() -> None:
    ron = sheet("Ron", stats={"Size": 6}, qualities={"Fortitude": 3}, youth=0)
    game, events = play(scene(ron, rolls=[4]), hr.Damage("Ron", 4, "a troll"))
    assert [type(e) for e in events] == [
        hr.DamageTaken,
        hr.WoundChanged,
        hr.TestRolled,
        hr.TestResolved,
        hr.WoundChanged,
    ]
    assert game.characters["Ron"].wound is hr.Wound.UNCONSCIOUS
    assert game.characters["Ron"].knocked_out
    game, events = play(scene(ron, rolls=[3]), hr.Damage("Ron", 4, "a troll"))
    assert game.characters["Ron"].wound is hr.Wound.MAJOR
    # Further damage below Size does not call for a second test.
    game, events = play(game, hr.Damage("Ron", 1, "a kick"))
    assert of(events, hr.TestRolled) == []


def test_reaching_size_knocks_out_regardless_of_fortitude() -> None:
    ron = sheet("Ron", stats={"Size": 6}, qualities={"Fortitude": 6}, youth=0)
    game, events = play(scene(ron), hr.Damage("Ron", 6, "a bludger"))
    assert of(events, hr.TestRolled) == []
    assert game.characters["Ron"].wound is hr.Wound.UNCONSCIOUS


def test_size_plus_ten_is_death_and_the_dead_take_no_more_actions() -> None:
    ron = sheet("Ron", stats={"Size": 3})
    game, _ = play(scene(ron), hr.Damage("Ron", 13, "a fall into the chasm"))
    assert game.characters["Ron"].wound is hr.Wound.DEAD
    for action in (hr.Damage("Ron", 1), hr.Heal("Ron", 1), hr.SkillTest("Ron", "Brawl", "Agility")):
        with pytest.raises(IllegalActionError):
            game.apply(action)


def test_unconscious_characters_cannot_act() -> None:
    ron = sheet("Ron", stats={"Size": 3})
    game, _ = play(scene(ron, sheet("Sky")), hr.Damage("Ron", 3, "a bludger"))
    with pytest.raises(IllegalActionError) as info:
        game.apply(hr.SkillTest("Ron", "Brawl", "Agility"))
    assert info.value.code == "incapacitated"
    with pytest.raises(IllegalActionError):
        game.apply(hr.BrawlRound(hr.Fighter("Sky"), hr.Fighter("Ron")))


def test_healing_below_major_wound_wakes_a_knocked_out_character() -> None:
    ron = sheet("Ron", stats={"Size": 6}, qualities={"Fortitude": 1}, youth=0)
    game, _ = play(scene(ron, rolls=[6]), hr.Damage("Ron", 4, "a troll"))
    assert game.characters["Ron"].wound is hr.Wound.UNCONSCIOUS
    game, events = game.apply(hr.Heal("Ron", 1))  # 3 points: a minor wound, awake again
    assert game.characters["Ron"].wound is hr.Wound.MINOR
    assert of(events, hr.WoundChanged) == [hr.WoundChanged("Ron", "minor")]


def test_falling_does_1d6_per_full_5_metres() -> None:
    ron = sheet("Ron", stats={"Size": 30})
    game, events = play(scene(ron, rolls=[3, 5]), hr.Fall("Ron", 12))
    assert game.characters["Ron"].damage == 8
    assert of(events, hr.DamageTaken) == [hr.DamageTaken("Ron", 8, 8, "a fall of 12 m")]
    game, events = play(scene(ron), hr.Fall("Ron", 4))
    assert game.characters["Ron"].damage == 0


# ----- brawls ------------------------------------------------------------------------------

SKY = sheet("Sky", stats={"Agility": 4, "Size": 3}, skills={"Brawl": 1})


def weasley(size: int) -> hr.Character:
    return sheet(
        "Weasley",
        stats={"Agility": 3, "Size": size},
        qualities={"Fortitude": 2},
        skills={"Brawl": 2},
    )


BRAWL = hr.BrawlRound(hr.Fighter("Sky"), hr.Fighter("Weasley"))


def test_sky_weasley_brawl_round_by_round() -> None:
    """The text's example, with Weasley at Size 3 (ruling HR-1)."""
    game = scene(SKY, weasley(3), rolls=[9, 10, 3, 17, 15, 6, 9, 11, 7, 12, 1, 5, 2])
    expected = [
        # (Sky margin, Weasley margin, contest winner, scuffs, damage to Weasley, damage to Sky)
        (-4, -5, "Sky", ("Sky", "Weasley"), 0, 0),
        (2, -12, "Sky", None, 1, 0),
        (-10, -1, "Weasley", ("Weasley", "Sky"), 1, 0),
        (-4, -6, "Sky", ("Sky", "Weasley"), 1, 0),
        (-2, -7, "Sky", ("Sky", "Weasley"), 1, 0),
        (4, 0, "Sky", None, 2, 0),
    ]
    for sky_margin, weasley_margin, winner, scuffs, weasley_damage, sky_damage in expected:
        game, events = play(game, BRAWL)
        (result,) = of(events, hr.ContestResolved)
        assert result == hr.ContestResolved("Sky", "Weasley", sky_margin, weasley_margin, winner)
        scuffed = of(events, hr.Scuffed)
        assert scuffed == ([hr.Scuffed(*scuffs)] if scuffs else [])
        assert game.characters["Weasley"].damage == weasley_damage
        assert game.characters["Sky"].damage == sky_damage
    # Round 2: 1 point, "not yet at half his size". Round 6: Sky's full 1 point, Weasley's
    # blow reduced by 1 to 0; Weasley at 2/3 of his Size has a Major Wound, rolls 2 on his
    # d6 Fortitude test and stays conscious.
    assert of(events, hr.DamageTaken) == [
        hr.DamageTaken("Weasley", 1, 2, "Sky's unarmed blow"),
        hr.DamageTaken("Sky", 0, 0, "Weasley's unarmed blow"),
    ]
    fortitude = resolved(events)[-1]
    assert (fortitude.label, fortitude.roll, fortitude.success) == (
        "Fortitude (to stay conscious)",
        2,
        True,
    )
    assert game.characters["Weasley"].wound is hr.Wound.MAJOR
    assert game.characters["Weasley"].is_conscious


def test_weasley_at_size_two_is_knocked_out_by_second_point() -> None:
    """With the text's Size 2, the general rule applies: 2 Points = Size = unconscious."""
    game = scene(SKY, weasley(2), rolls=[3, 17, 1, 5])
    game, _ = play(game, BRAWL)
    assert game.characters["Weasley"].wound is hr.Wound.MINOR  # 1 point is half of Size 2
    game, events = play(game, BRAWL)
    assert of(events, hr.TestRolled)[2:] == []  # no Fortitude test: unconscious regardless
    assert game.characters["Weasley"].wound is hr.Wound.UNCONSCIOUS


def test_brawl_one_hits_loser_takes_full_points() -> None:
    big = sheet("Hagrid", stats={"Agility": 3, "Size": 15}, skills={"Brawl": 14}, year=None)
    game = scene(big, sheet("Draco", stats={"Size": 30}, youth=0), rolls=[5, 20])
    game, _ = play(game, hr.BrawlRound(hr.Fighter("Hagrid"), hr.Fighter("Draco")))
    assert game.characters["Draco"].damage == 5  # 15 / 3
    game = scene(big, sheet("Draco", stats={"Size": 30}, youth=0), rolls=[5, 20])
    game, _events = play(game, hr.BrawlRound(hr.Fighter("Hagrid", armed=True), hr.Fighter("Draco")))
    assert game.characters["Draco"].damage == 10  # 2/3 of 15


def test_brawl_damage_rounds_up() -> None:
    a = sheet("A", stats={"Agility": 10, "Size": 4}, youth=0)
    b = sheet("B", stats={"Size": 40}, youth=0)
    for armed, expected in ((False, 2), (True, 3)):  # 4/3 -> 2, 8/3 -> 3
        game, _ = play(
            scene(a, b, rolls=[1, 20]), hr.BrawlRound(hr.Fighter("A", armed=armed), hr.Fighter("B"))
        )
        assert game.characters["B"].damage == expected


def test_brawl_both_hit_lesser_degree_does_one_less() -> None:
    a = sheet("A", stats={"Agility": 10, "Size": 9}, youth=0)
    b = sheet("B", stats={"Agility": 10, "Size": 9}, youth=0)
    game, _ = play(scene(a, b, rolls=[2, 6]), hr.BrawlRound(hr.Fighter("A"), hr.Fighter("B")))
    assert (game.characters["B"].damage, game.characters["A"].damage) == (3, 2)


def test_brawl_equal_double_hit_both_full_and_equal_double_miss_scuffs_nobody() -> None:
    a = sheet("A", stats={"Agility": 10, "Size": 9}, youth=0)
    b = sheet("B", stats={"Agility": 10, "Size": 9}, youth=0)
    game, events = play(scene(a, b, rolls=[4, 4]), hr.BrawlRound(hr.Fighter("A"), hr.Fighter("B")))
    assert (game.characters["A"].damage, game.characters["B"].damage) == (3, 3)
    game, events = play(
        scene(a, b, rolls=[15, 15]), hr.BrawlRound(hr.Fighter("A"), hr.Fighter("B"))
    )
    assert of(events, hr.Scuffed) == []
    assert of(events, hr.DamageTaken) == []


def test_brawl_successful_hits_get_check_marks_even_for_the_loser() -> None:
    a = sheet("A", stats={"Agility": 10}, youth=0)
    b = sheet("B", stats={"Agility": 10}, youth=0)
    game, _ = play(scene(a, b, rolls=[2, 6]), hr.BrawlRound(hr.Fighter("A"), hr.Fighter("B")))
    assert game.characters["B"].checks == {"Brawl"}


# ----- experience --------------------------------------------------------------------------


def test_class_roll_table_rows() -> None:
    assert [class_roll_target(-3, i) for i in range(1, 6)] == [17, 17, 17, 8, 3]
    assert [class_roll_target(-2, i) for i in range(1, 6)] == [17, 17, 8, 3, 2]
    assert [class_roll_target(-1, i) for i in range(1, 6)] == [17, 8, 3, 2, 1]
    assert [class_roll_target(0, i) for i in range(1, 6)] == [8, 3, 2, 1, 1]
    assert [class_roll_target(1, i) for i in range(1, 6)] == [3, 2, 1, 1, 1]
    assert [class_roll_target(2, i) for i in range(1, 6)] == [3, 2, 2, 2, 2]
    assert [class_roll_target(s, 3) for s in (3, 4, 9)] == [3, 4, 9]
    assert class_roll_target(-7, 2) == 17  # below the table: the -3 row


def test_intellect_outside_the_table_uses_nearest_column() -> None:
    assert class_roll_target(0, 7) == class_roll_target(0, 5) == 1
    assert class_roll_target(0, 0) == class_roll_target(0, 1) == 8


def test_school_break_rolls_checked_skills_then_classes() -> None:
    sky = sheet(
        "Sky",
        qualities={"Intellect": 1},
        skills={"Brawl": 2, "Charms": 0, "Mischief": 5},
        classes=["Charms"],
    )
    import attrs

    sky = attrs.evolve(sky, checks=frozenset({"Brawl", "Mischief"}))
    game, events = play(scene(sky, rolls=[3, 5, 9]), hr.SchoolBreak())
    rolls = of(events, hr.ExperienceRolled)
    assert rolls == [
        hr.ExperienceRolled("Sky", "Brawl", "check", 3, 2, 2, 3),  # 3 > 2: improves
        hr.ExperienceRolled("Sky", "Mischief", "check", 5, 5, 5, 5),  # 5 is not over 5
        hr.ExperienceRolled("Sky", "Charms", "class", 9, 8, 0, 1),  # Int 1, skill 0: above 8
    ]
    after = game.characters["Sky"]
    assert (after.skill("Brawl"), after.skill("Mischief"), after.skill("Charms")) == (3, 5, 1)
    assert after.checks == frozenset()


def test_checked_magical_class_skill_rolls_twice() -> None:
    import attrs

    sky = attrs.evolve(
        sheet("Sky", qualities={"Intellect": 3}, classes=["Charms"]), checks=frozenset({"Charms"})
    )
    _game, events = play(scene(sky, rolls=[1, 4]), hr.SchoolBreak())
    assert [(e.kind, e.new) for e in of(events, hr.ExperienceRolled)] == [
        ("check", 1),
        ("class", 2),
    ]


def test_dead_characters_do_not_roll_at_school_break() -> None:
    import attrs

    ghost = attrs.evolve(sheet("Ghost", stats={"Size": 1}, classes=["Charms"]), damage=11)
    _game, events = play(scene(ghost), hr.SchoolBreak())
    assert of(events, hr.ExperienceRolled) == []


# ----- starting above first year -----------------------------------------------------------


def test_advancement_table_as_printed() -> None:
    assert {year: tuple(row) for year, row in ADVANCEMENT_TABLE.items()} == {
        2: (9, 3, 12),
        3: (18, 6, 12),
        4: (27, 9, 12),
        5: (36, 11, 15),
        6: (45, 13, 15),
        7: (54, 15, 17),
    }


def test_advance_years_adds_points_rolls_classes_per_term_and_lowers_youth() -> None:
    fred = sheet("Fred", qualities={"Intellect": 2}, skills={"Mischief": 3}, classes=["Charms"])
    action = hr.AdvanceYears("Fred", 3, {"Mischief": 6, "Brawl": 6, "Gossip": 6})
    game, events = play(scene(fred, rolls=[4, 1, 20, 2]), action)  # 4 terms of Charms
    after = game.characters["Fred"]
    assert after.year == 3 and after.youth == 5
    assert after.skill("Mischief") == 9
    # Charms 0 (Int 2: above 3) -> 4 improves to 1 (above 2) -> 1 stays -> 20 improves to 2
    # -> 2 stays.
    assert [(e.roll, e.needed_above, e.new) for e in of(events, hr.ExperienceRolled)] == [
        (4, 3, 1),
        (1, 2, 1),
        (20, 2, 2),
        (2, 2, 2),
    ]
    assert of(events, hr.CharacterAdvanced) == [hr.CharacterAdvanced("Fred", 3, 5)]


def test_advance_years_checks_the_skill_point_table() -> None:
    fred = sheet("Fred", skills={"Mischief": 10}, traits={"Sneaky": hr.Trait(2, {"Mischief"})})
    game = scene(fred)
    cases = {
        "too_many_points": hr.AdvanceYears(
            "Fred", 2, {"Brawl": 3, "Gossip": 3, "Notice": 3, "Deceive": 1}
        ),
        "bad_number": hr.AdvanceYears("Fred", 2, {"Brawl": 4}),  # max 3 in one skill in year 2
        "skill_too_high": hr.AdvanceYears("Fred", 2, {"Mischief": 1}),  # 10 + 1 + 2 > 12
        "not_common": hr.AdvanceYears("Fred", 2, {"Charms": 1}),
    }
    for code, action in cases.items():
        with pytest.raises(IllegalActionError) as info:
            game.apply(action)
        assert info.value.code == code, action
    second_year = sheet("George", year=2)
    with pytest.raises(IllegalActionError) as info:
        scene(second_year).apply(hr.AdvanceYears("George", 3, {}))
    assert info.value.code == "not_first_year"


def test_a_disadvantage_does_not_raise_the_starting_skill_cap() -> None:
    """HR-18: the cap is on the rating plus its Advantages; a Disadvantage does not lower it."""
    plain = sheet("Fred", skills={"Athletics": 10})
    flawed = sheet(
        "Fred", skills={"Athletics": 10}, traits={"Butterfingers": hr.Trait(-5, {"Athletics"})}
    )
    gifted = sheet("Fred", skills={"Athletics": 10}, traits={"Sporty": hr.Trait(1, {"Athletics"})})
    for fred in (plain, flawed):  # 10 + 3 = 13 > 12, with or without the flaw
        with pytest.raises(IllegalActionError) as info:
            scene(fred).apply(hr.AdvanceYears("Fred", 2, {"Athletics": 3}))
        assert info.value.code == "skill_too_high"
    game, _ = play(scene(flawed), hr.AdvanceYears("Fred", 2, {"Athletics": 2}))  # 12: allowed
    assert game.characters["Fred"].skill("Athletics") == 12
    with pytest.raises(IllegalActionError) as info:  # 10 + 2 + 1 > 12
        scene(gifted).apply(hr.AdvanceYears("Fred", 2, {"Athletics": 2}))
    assert info.value.code == "skill_too_high"


# ----- the scene ---------------------------------------------------------------------------


def test_end_scene_ends_the_game() -> None:
    game, _events = scene(sheet("Sky")).apply(hr.EndScene())
    assert game.is_over
    assert game.outcome is not None and game.outcome.reason == "scene_ended"
    assert game.legal_actions() == ()
    with pytest.raises(IllegalActionError) as info:
        game.apply(hr.EndSession())
    assert info.value.code == "game_over"


def test_idle_scene_lists_its_parameterless_actions() -> None:
    game = scene(sheet("Sky"))
    assert game.to_act == ()
    assert game.legal_actions() == (hr.EndSession(), hr.SchoolBreak(), hr.EndScene())


def test_new_game_accepts_names_for_average_first_years_and_extra_names() -> None:
    game = hr.new_game(
        ["Sky", sheet("Luna", skills={"Quidditch Tactics": 2})],
        seed=5,
        extra_skills={"Quidditch Tactics": "common"},
        extra_stats=["Charisma"],
        extra_spells={"Lumos Maxima": hr.Spell("Charms", 3)},
    )
    assert game.characters["Sky"] == hr.Character.first_year("Sky")
    assert "Lumos Maxima" in game.setup.spells
    with pytest.raises(IllegalActionError) as info:
        hr.new_game([sheet("Luna", skills={"Quidditch Tactics": 2})])
    assert info.value.code == "unknown_skill"


def test_brawl_blows_are_simultaneous() -> None:
    """The first fighter's blow lands first, but a fighter knocked out by it still lands theirs."""
    a = sheet("A", stats={"Agility": 10, "Size": 9}, youth=0)
    b = sheet("B", stats={"Agility": 10, "Size": 2}, youth=0)
    game, events = play(scene(a, b, rolls=[2, 6]), hr.BrawlRound(hr.Fighter("A"), hr.Fighter("B")))
    assert [(e.character, e.points) for e in of(events, hr.DamageTaken)] == [("B", 3), ("A", 0)]
    assert game.characters["B"].wound is hr.Wound.UNCONSCIOUS
    game, events = play(scene(a, b, rolls=[6, 2]), hr.BrawlRound(hr.Fighter("A"), hr.Fighter("B")))
    assert [(e.character, e.points) for e in of(events, hr.DamageTaken)] == [("B", 2), ("A", 1)]
