"""The defects of issue 16, each pinned by a test that failed before its fix (scripted dice).

Test names are quoted by docs/rulings.md: rename with care.
"""

from __future__ import annotations

import attrs
import pytest

from hogwarts_rules import ScriptedDice
from hogwarts_rules import hufflepuff_ravenclaw as hr
from hogwarts_rules.cli import main
from hogwarts_rules.engine import Decision
from hogwarts_rules.hufflepuff_ravenclaw.commands import odds_table
from tests.hufflepuff_ravenclaw.test_rules import of, play, scene, sheet


def test_healing_wakes_only_below_a_major_wound_however_the_character_went_out() -> None:
    a = sheet("A", stats={"Size": 6}, qualities={"Fortitude": 1})
    b = sheet("B", stats={"Size": 6})
    game = scene(a, b, rolls=[6])  # A's Fortitude test: 6 against 1 fails
    game, _ = play(game, hr.Damage("A", 4))
    game, _ = play(game, hr.Damage("B", 6))
    assert game.characters["A"].wound is hr.Wound.UNCONSCIOUS  # knocked out at 4 Points
    assert game.characters["B"].wound is hr.Wound.UNCONSCIOUS  # reached Size
    game, events = play(game, hr.Heal("B", 2))
    b_now = game.characters["B"]
    assert (b_now.damage, b_now.wound, b_now.is_conscious) == (4, hr.Wound.UNCONSCIOUS, False)
    assert not of(events, hr.WoundChanged)  # still out, like A at the same 4 Points
    game, _ = play(game, hr.Heal("B", 1))
    game, _ = play(game, hr.Heal("A", 1))
    for name in ("A", "B"):
        c = game.characters[name]
        assert (c.damage, c.wound, c.is_conscious) == (3, hr.Wound.MINOR, True)


def test_contest_youth_decisions_carry_the_opponents_roll_target_margin_and_answer() -> None:
    penelope = sheet(
        "Penelope", qualities={"Intellect": 5}, skills={"Research": 12}, year=5
    )  # TN 17, 3 Youth
    sky = sheet("Sky", skills={"Research": 2})  # TN 5, 7 Youth
    race = hr.Contest(
        hr.TestSpec("Penelope", "Research", "Intellect"),
        hr.TestSpec("Sky", "Research", "Intellect"),
    )
    game, _ = scene(penelope, sky, rolls=[16, 2]).apply(race)
    first = game.awaiting
    assert isinstance(first, Decision) and first.player == "Penelope"
    assert dict(first.details) == {
        "roll": 16,
        "target": 17,
        "label": "Intellect + Research",
        "die": 20,
        "youth": 3,
        "margin": 1,
        "decides": "first",
        "opponent": "Sky",
        "opponent_roll": 2,
        "opponent_target": 5,
        "opponent_margin": 3,
        "opponent_youth": 7,
    }
    game, _ = game.apply(hr.SpendYouth("Penelope", 1))
    second = game.awaiting
    assert isinstance(second, Decision) and second.player == "Sky"
    assert dict(second.details) == {
        "roll": 2,
        "target": 5,
        "label": "Intellect + Research",
        "die": 20,
        "youth": 7,
        "margin": 3,
        "decides": "second",
        "opponent": "Penelope",
        "opponent_roll": 16,
        "opponent_target": 20,
        "opponent_margin": 4,
        "opponent_youth": 2,
        "opponent_spent": 1,
    }


def test_expelliarmus_is_a_first_year_standard_spell() -> None:
    assert hr.DEFAULT_SPELLS["Expelliarmus"].year == 1
    sky = sheet("Sky", spells=["Expelliarmus"])
    _, events = play(scene(sky, rolls=[9]), hr.CastSpell("Sky", "Expelliarmus"))
    (rolled,) = of(events, hr.TestRolled)
    assert rolled.parts == (
        ("Intellect", 3),
        ("Defence Against the Dark Arts", 0),
        ("verbal incantation", 3),
        ("standard spell", 3),
    )
    assert rolled.target == 9  # no -6: it is not above a first year


@pytest.mark.parametrize(
    ("target", "roll", "youth"),
    [(5, 3, -1), (5, 25, 7), (5, 0, 7), (5, 21, 7), (5, True, 7), (5, 3, 1.5)],
)
def test_youth_to_spend_refuses_impossible_rolls_and_pools(
    target: int, roll: int, youth: int
) -> None:
    with pytest.raises(ValueError):
        hr.youth_to_spend(target, roll, youth)


def test_youth_to_spend_on_a_d6_knows_the_d6() -> None:
    assert hr.youth_to_spend(3, 6, 1, die=6) == 1
    with pytest.raises(ValueError, match="a d6 shows 1 to 6"):
        hr.youth_to_spend(3, 7, 7, die=6)


@pytest.mark.parametrize(("damage", "size"), [(0, 0), (1, 0), (0, -3), (-1, 3)])
def test_wound_for_refuses_sizes_and_damage_no_character_has(damage: int, size: int) -> None:
    with pytest.raises(ValueError):
        hr.wound_for(damage, size)


def test_a_dead_characters_youth_does_not_come_back() -> None:
    game, _ = play(
        scene(sheet("Sky"), sheet("Bill"), rolls=[11]),
        hr.SkillTest("Sky", "Brawl", "Agility"),
        {"Sky": [2]},
    )
    game, _ = play(game, hr.Damage("Sky", 13))
    assert game.characters["Sky"].wound is hr.Wound.DEAD
    game, events = play(game, hr.EndSession())
    assert game.characters["Sky"].youth == 5
    assert [e.character for e in of(events, hr.YouthRefreshed)] == ["Bill"]


def test_odds_shows_target_numbers_of_zero_and_below(capsys: pytest.CaptureFixture[str]) -> None:
    table = odds_table(youth=2)
    rows = {int(line.split()[0]): line.split()[1:] for line in table.splitlines()[1:]}
    assert sorted(rows) == list(range(-6, 21))
    assert rows[0] == ["0%", "15%", "30%"]
    assert rows[-5] == ["0%", "0%", "5%"]  # the docs' first-year Accio
    assert rows[-6] == ["0%", "0%", "0%"]
    assert main(["odds", "--die", "6", "--youth", "0", "--lowest", "-1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in lines[1:]] == [str(tn) for tn in range(-1, 7)]


def test_hagrid_blows_follow_the_general_rules() -> None:
    hagrid = hr.Character(
        "Hagrid",
        stats={"Ambition": 3, "Agility": 3, "Size": 15},
        qualities={"Intellect": 3, "Fortitude": 5, "Bravery": 5},
        skills={"Brawl": 14},
        year=None,
    )
    # His punch: 5 Points; his club: 10. A Major Wound from the punch needs Size 6 or 7.
    punch = {size: hr.wound_for(5, size) for size in range(5, 12)}
    assert [size for size, wound in punch.items() if wound is hr.Wound.MAJOR] == [6, 7]
    assert punch[10] is hr.Wound.MINOR  # the falls' adult of about Size 10
    assert hr.wound_for(10, 10) is hr.Wound.UNCONSCIOUS
    assert hr.wound_for(10, 11) is hr.Wound.MAJOR
    adult = attrs.evolve(sheet("Filch", stats={"Size": 7}, qualities={"Fortitude": 1}), year=None)
    adult = attrs.evolve(adult, youth=0)
    game = hr.new_game([hagrid, adult], dice=ScriptedDice([1, 20, 6]))
    game, events = play(game, hr.BrawlRound(hr.Fighter("Hagrid"), hr.Fighter("Filch")))
    assert [e.points for e in of(events, hr.DamageTaken)] == [5]
    assert game.characters["Filch"].wound is hr.Wound.UNCONSCIOUS  # failed Fortitude: out cold
