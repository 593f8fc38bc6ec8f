"""Campaign actions, quality contests and wizard duels (issue 16), with scripted dice.

Test names are quoted by docs/rulings.md: rename with care.
"""

from __future__ import annotations

import json
from fractions import Fraction
from itertools import product

import attrs
import pytest

from hogwarts_rules import IllegalActionError
from hogwarts_rules import hufflepuff_ravenclaw as hr
from hogwarts_rules.engine import Decision
from hogwarts_rules.hufflepuff_ravenclaw import resolution as rs
from tests.hufflepuff_ravenclaw.test_resolution import answer_with
from tests.hufflepuff_ravenclaw.test_rules import of, play, scene, sheet


def refused(game: hr.Game, action: object, code: str) -> None:
    with pytest.raises(IllegalActionError) as info:
        game.check(action)
    assert info.value.code == code, info.value


def round_trips(game: hr.Game) -> None:
    data = json.loads(json.dumps(game.to_dict()))
    assert hr.Game.from_dict(data) == game


# ----- the end of the year -------------------------------------------------------------------


def test_end_of_year_rolls_experience_then_moves_students_up_with_their_new_youth() -> None:
    sky = sheet("Sky", skills={"Brawl": 1, "Charms": 1}, classes=["Charms"], youth=2)
    sky = attrs.evolve(sky, checks=frozenset({"Brawl"}))
    percy = sheet("Percy", year=7, youth=0)
    flitwick = sheet("Flitwick", year=None)
    ghost = sheet("Ghost", damage=13, youth=3)  # dead: Size 3 + 10
    game = scene(sky, percy, flitwick, ghost, rolls=[2, 1])
    game, events = play(game, hr.EndOfYear())
    rolled = of(events, hr.ExperienceRolled)
    assert [(e.character, e.skill, e.kind, e.new) for e in rolled] == [
        ("Sky", "Brawl", "check", 2),
        ("Sky", "Charms", "class", 1),
    ]
    aged = of(events, hr.CharacterAged)
    assert [(e.character, e.year, e.youth) for e in aged] == [("Sky", 2, 6), ("Percy", None, 0)]
    assert aged[1].description == "Percy leaves Hogwarts: an adult now, with no Youth"
    assert aged[0].description == "Sky moves up to year 2 (6 Youth)"
    after = game.characters
    assert (after["Sky"].year, after["Sky"].youth, after["Sky"].checks) == (2, 6, frozenset())
    assert (after["Percy"].year, after["Percy"].youth) == (None, 0)
    assert after["Flitwick"] == flitwick
    assert (after["Ghost"].year, after["Ghost"].youth) == (1, 3)
    round_trips(game)


def test_a_campaign_ages_youth_and_spell_years_year_after_year() -> None:
    game = scene(sheet("Sky", skills={"Charms": 1}), rolls=[1] * 12)
    pools = []
    for _ in range(7):
        game, _ = play(game, hr.EndOfYear())
        pools.append((game.characters["Sky"].year, game.characters["Sky"].youth_max))
    assert pools == [(2, 6), (3, 5), (4, 4), (5, 3), (6, 2), (7, 1), (None, 0)]
    fresh = scene(sheet("Sky", skills={"Charms": 1}), rolls=[1, 1])
    fresh, _ = play(fresh, hr.EndOfYear())
    assert fresh.spell_target_number(hr.CastSpell("Sky", "Rictusempra"))[-1] == (
        "verbal incantation",
        3,
    )  # a year-2 Charm: no penalty for a second year


# ----- spells and classes ---------------------------------------------------------------------


def test_learning_a_spell_records_it_and_earns_the_standard_bonus() -> None:
    game = scene(sheet("Sky", skills={"Charms": 1}), sheet("Ghost", damage=13))
    before = sum(v for _, v in game.spell_target_number(hr.CastSpell("Sky", "Wingardium Leviosa")))
    game, events = play(game, hr.LearnSpell("Sky", "Wingardium Leviosa"))
    assert [e.description for e in events] == ["Sky learns Wingardium Leviosa"]
    assert "Wingardium Leviosa" in game.characters["Sky"].spells
    after = sum(v for _, v in game.spell_target_number(hr.CastSpell("Sky", "Wingardium Leviosa")))
    assert after == before + 3
    refused(game, hr.LearnSpell("Sky", "Wingardium Leviosa"), "already_known")
    refused(game, hr.LearnSpell("Sky", "Sectumsempra"), "unknown_spell")
    refused(game, hr.LearnSpell("Ghost", "Lumos"), "dead")
    game, _ = play(game, hr.LearnSpell("Sky", "Accio"))  # above the year: allowed (HR-29)
    assert game.spell_target_number(hr.CastSpell("Sky", "Accio"))[-2:] == (
        ("standard spell", 3),
        ("spell 3 year(s) above", -18),
    )
    round_trips(game)


def test_joining_a_class_adds_its_roll_at_the_next_break() -> None:
    game = scene(sheet("Sky"), sheet("Flitwick", year=None), rolls=[9])
    game, events = play(game, hr.JoinClass("Sky", "Potions"))
    assert [e.description for e in events] == ["Sky joins the Potions class"]
    refused(game, hr.JoinClass("Sky", "Potions"), "already_taking")
    refused(game, hr.JoinClass("Sky", "Brawl"), "not_magical")
    refused(game, hr.JoinClass("Flitwick", "Charms"), "not_a_student")
    game, events = play(game, hr.SchoolBreak())
    (rolled,) = of(events, hr.ExperienceRolled)
    assert (rolled.skill, rolled.kind, rolled.needed_above, rolled.new) == (
        "Potions",
        "class",
        2,
        1,
    )
    round_trips(game)


def test_adults_make_no_class_rolls() -> None:
    """HR-30: a seventh year rolls for her classes at her last end of year, then never again."""
    percy = sheet("Percy", skills={"Charms": 5}, classes=["Charms"], year=7, youth=0)
    percy = attrs.evolve(percy, checks=frozenset({"Charms"}))
    flitwick = sheet("Flitwick", skills={"Charms": 12}, classes=["Charms"], year=None)
    game = scene(percy, flitwick, rolls=[20, 20, 20, 20])
    game, events = play(game, hr.EndOfYear())
    rolled = [(e.character, e.kind) for e in of(events, hr.ExperienceRolled)]
    assert rolled == [("Percy", "check"), ("Percy", "class")]  # still a student at that break
    assert game.characters["Percy"].year is None
    assert game.characters["Percy"].classes == frozenset({"Charms"})  # kept as a record
    game = attrs.evolve(
        game,
        characters=game.characters.set(
            "Percy", attrs.evolve(game.characters["Percy"], checks=frozenset({"Charms"}))
        ),
    )
    game, events = play(game, hr.SchoolBreak())
    # An adult's checks are rolled (HR-9); her classes and Flitwick's are not.
    assert [(e.character, e.kind) for e in of(events, hr.ExperienceRolled)] == [("Percy", "check")]


# ----- characters joining and leaving -----------------------------------------------------------


def test_characters_join_and_leave_a_scene_under_way() -> None:
    game = scene(sheet("Sky"), rolls=[4])
    luna = sheet("Luna", qualities={"Intellect": 5})
    game, events = play(game, hr.AddCharacter(luna))
    assert [e.description for e in events] == ["Luna joins the scene"]
    assert game.seat_names == ("Sky", "Luna")
    game, _ = game.apply(hr.QualityTest("Luna", "Intellect"))
    assert game.to_act == ("Luna",)
    game, _ = game.apply(hr.SpendYouth("Luna", 0))
    refused(game, hr.AddCharacter(sheet("Luna")), "duplicate_name")
    refused(game, hr.AddCharacter(sheet("Cho", skills={"Quidditch": 3})), "unknown_skill")
    refused(game, hr.AddCharacter("Cho"), "bad_character")  # type: ignore[arg-type]
    round_trips(game)
    game, events = play(game, hr.RemoveCharacter("Sky"))
    assert [e.description for e in events] == ["Sky leaves the scene"]
    assert game.seat_names == ("Luna",)
    refused(game, hr.SkillTest("Sky", "Brawl", "Agility"), "unknown_character")
    refused(game, hr.RemoveCharacter("Luna"), "last_character")
    assert game.view("Luna").characters.keys() == {"Luna"}
    round_trips(game)


# ----- quality contests -------------------------------------------------------------------------


def test_quality_contests_roll_d6s_and_compare_margins() -> None:
    sky = sheet("Sky", qualities={"Bravery": 2}, youth=1)
    weasley = sheet("Weasley", qualities={"Bravery": 4}, youth=0)
    stare = hr.QualityContest(
        hr.QualitySpec("Sky", "Bravery"), hr.QualitySpec("Weasley", "Bravery")
    )
    game, _ = scene(sky, weasley, rolls=[3, 2]).apply(stare)
    decision = game.awaiting
    assert isinstance(decision, Decision) and decision.player == "Sky"
    assert (decision.details["die"], decision.details["opponent_margin"]) == (6, 2)
    game, events = game.apply(hr.SpendYouth("Sky", 1))  # TN 5: margin 2, a tie
    assert [e.description for e in events][-1] == (
        "The contest is a tie: Sky made it by 2, Weasley made it by 2"
    )
    assert not of(events, hr.SkillChecked)  # qualities earn no check marks
    refused(
        game, hr.QualityContest(stare.first, hr.QualitySpec("Sky", "Intellect")), "same_character"
    )
    refused(
        game,
        hr.QualityContest(stare.first, hr.QualitySpec("Weasley", "Agility")),
        "unknown_quality",
    )
    refused(game, hr.QualityContest(stare.first, "Weasley"), "bad_side")  # type: ignore[arg-type]
    round_trips(game)


@pytest.mark.parametrize("youth", [(0, 0), (1, 0), (2, 1)])
def test_quality_contest_odds_match_brute_force_through_the_scene(youth: tuple[int, int]) -> None:
    a = sheet("A", qualities={"Bravery": 2}, youth=youth[0])
    b = sheet("B", qualities={"Bravery": 4}, youth=youth[1])
    stare = hr.QualityContest(hr.QualitySpec("A", "Bravery"), hr.QualitySpec("B", "Bravery"))
    wins = ties = 0
    for rolls in product(range(1, 7), repeat=2):
        game, events = scene(a, b, rolls=rolls).apply(stare)
        game, more = answer_with(game, {"A": rs.spend_to_win, "B": rs.spend_to_win})
        (done,) = of([*events, *more], hr.ContestResolved)  # type: ignore[list-item]
        wins += done.winner == "A"
        ties += done.winner is None
    odds = hr.contest_odds(2, 4, die=6, first_youth=youth[0], second_youth=youth[1])
    assert (odds.first_wins, odds.tie) == (Fraction(wins, 36), Fraction(ties, 36))


# ----- wizard duels -------------------------------------------------------------------------------


def duellists() -> tuple[hr.Character, hr.Character]:
    harry = sheet("Harry", skills={"Defence Against the Dark Arts": 2}, youth=0)
    draco = sheet(
        "Draco", skills={"Defence Against the Dark Arts": 2}, qualities={"Fortitude": 1}, youth=0
    )
    return harry, draco


HEX = hr.Duellist("Draco", "Stinging Hex", damage=2, skill="Defence Against the Dark Arts", year=1)


def test_duel_round_a_jinx_lands_without_damage_and_a_curse_does_its_points() -> None:
    harry, draco = duellists()
    duel = hr.DuelRound(
        hr.Duellist("Harry", "Expelliarmus", effect="is disarmed"),
        hr.Duellist("Draco", "Flipendo", damage=2),
    )
    # Harry: 3 Intellect +2 DADA +3 verbal = 8 (Expelliarmus is not on his sheet);
    # Draco: the same 8. Harry rolls 2 (by 6), Draco 7 (by 1).
    game, events = play(scene(harry, draco, rolls=[2, 7, 1]), duel)
    lines = [e.description for e in events]
    assert "Harry's Expelliarmus hits Draco: Draco is disarmed" in lines
    assert "Draco's Flipendo hits Harry" in lines
    assert [(e.character, e.points) for e in of(events, hr.DamageTaken)] == [("Harry", 1)]
    assert [e.skill for e in of(events, hr.SkillChecked)] == [
        "Defence Against the Dark Arts",
        "Defence Against the Dark Arts",
    ]
    round_trips(game)


def test_duel_round_the_lesser_jinx_is_blocked_and_misses_do_nothing() -> None:
    harry, draco = duellists()
    duel = hr.DuelRound(
        hr.Duellist("Harry", "Expelliarmus", effect="is disarmed"),
        hr.Duellist("Draco", "Flipendo", effect="is knocked back"),
    )
    _, events = play(scene(harry, draco, rolls=[7, 2]), duel)
    assert [e.description for e in of(events, hr.SpellBlocked)] == [
        "Draco blocks Harry's Expelliarmus"
    ]
    assert [e.caster for e in of(events, hr.SpellLanded)] == ["Draco"]
    _, events = play(scene(harry, draco, rolls=[15, 12]), duel)
    assert not of(events, hr.SpellLanded) and not of(events, hr.SpellBlocked)
    assert not of(events, hr.DamageTaken) and not of(events, hr.Scuffed)


def test_duel_round_a_damaging_spell_wounds_with_its_fortitude_test() -> None:
    harry, draco = duellists()
    duel = hr.DuelRound(hr.Duellist("Harry", "Expelliarmus", effect="is disarmed"), HEX)
    # Both at TN 8: Harry rolls 12 (a miss), Draco 3; Harry's Fortitude d6 shows 6.
    game, events = play(scene(harry, draco, rolls=[12, 3, 6]), duel)
    assert [e.description for e in of(events, hr.SpellLanded)] == [
        "Draco's Stinging Hex hits Harry"
    ]
    assert [(e.character, e.points, e.reason) for e in of(events, hr.DamageTaken)] == [
        ("Harry", 2, "Draco's Stinging Hex")
    ]
    assert [e.wound for e in of(events, hr.WoundChanged)] == ["major", "unconscious"]
    assert not game.characters["Harry"].is_conscious
    refused(game, duel, "incapacitated")


def test_duel_exchange_matches_the_scene_for_every_pair_of_rolls() -> None:
    harry, draco = duellists()
    rounds = [
        hr.DuelRound(
            hr.Duellist("Harry", "Flipendo", damage=3), hr.Duellist("Draco", "Expelliarmus")
        ),
        hr.DuelRound(hr.Duellist("Harry", "Lumos"), hr.Duellist("Draco", "Nox")),
    ]
    for duel in rounds:
        for rolls in product(range(1, 21), repeat=2):
            _, events = play(scene(harry, draco, rolls=(*rolls, 1, 1)), duel)
            results = of(events, hr.TestResolved)
            a = rs.resolve(results[0].target, rolls[0])
            b = rs.resolve(results[1].target, rolls[1])
            exchange = rs.duel_exchange(a, b, duel.first.damage, duel.second.damage)
            landed = {e.caster for e in of(events, hr.SpellLanded)}
            blocked = {e.caster for e in of(events, hr.SpellBlocked)}
            assert landed == {
                n for n, hit in zip(("Harry", "Draco"), exchange.lands, strict=True) if hit
            }
            assert blocked == {
                n for n, b in zip(("Harry", "Draco"), exchange.blocked, strict=True) if b
            }
            taken = {e.character: e.points for e in of(events, hr.DamageTaken)}
            assert taken.get("Draco") == exchange.dealt[0]
            assert taken.get("Harry") == exchange.dealt[1]


def test_duel_rounds_are_checked() -> None:
    harry, draco = duellists()
    game = scene(harry, draco)
    jinx = hr.Duellist("Harry", "Expelliarmus")
    refused(game, hr.DuelRound(jinx, hr.Duellist("Harry", "Lumos")), "same_character")
    refused(game, hr.DuelRound(jinx, hr.Duellist("Draco", "Lumos", damage=-1)), "bad_number")
    refused(game, hr.DuelRound(jinx, hr.Duellist("Draco", "Avada")), "unknown_spell")
    refused(game, hr.DuelRound(jinx, "Draco"), "bad_side")  # type: ignore[arg-type]


# ----- the new records round-trip through JSON ---------------------------------------------------

NEW_ACTIONS: list[hr.HufflepuffRavenclawAction] = [
    hr.QualityContest(
        hr.QualitySpec("Sky", "Bravery", (hr.Modifier(1, "cheered on"),), ("Brave",)),
        hr.QualitySpec("Weasley", "Bravery"),
    ),
    hr.DuelRound(
        hr.Duellist("Harry", "Expelliarmus", effect="is disarmed"),
        hr.Duellist(
            "Draco",
            "Stinging Hex",
            damage=2,
            stat="Ambition",
            verbal=False,
            skill="Defence Against the Dark Arts",
            year=1,
            modifiers=(hr.Modifier(-1),),
            traits=("Sly",),
        ),
    ),
    hr.EndOfYear(),
    hr.LearnSpell("Sky", "Accio"),
    hr.JoinClass("Sky", "Potions"),
    hr.AddCharacter(sheet("Luna", skills={"Charms": 2}, spells=["Lumos"], classes=["Charms"])),
    hr.RemoveCharacter("Sky"),
]

NEW_EVENTS: list[hr.HufflepuffRavenclawEvent] = [
    hr.CharacterAged("Sky", 2, 6),
    hr.CharacterAged("Percy", None, 0),
    hr.SpellLearned("Sky", "Accio"),
    hr.ClassJoined("Sky", "Potions"),
    hr.CharacterAdded("Luna"),
    hr.CharacterRemoved("Sky"),
    hr.SpellLanded("Harry", "Draco", "Expelliarmus", "is disarmed"),
    hr.SpellLanded("Draco", "Harry", "Stinging Hex", ""),
    hr.SpellBlocked("Harry", "Draco", "Expelliarmus"),
]


@pytest.mark.parametrize("record", [*NEW_ACTIONS, *NEW_EVENTS], ids=lambda r: type(r).__name__)
def test_new_actions_and_events_round_trip_through_json(
    record: hr.HufflepuffRavenclawAction | hr.HufflepuffRavenclawEvent,
) -> None:
    data = json.loads(json.dumps(record.to_dict()))
    assert data == record.to_dict()
    assert type(record).from_dict(data) == record
