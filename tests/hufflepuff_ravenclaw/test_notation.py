"""Hufflepuff & Ravenclaw's notation: a game master's actions and the Youth decisions."""

from __future__ import annotations

import random

import pytest

from hogwarts_rules import IllegalActionError, ScriptedDice, find_game
from hogwarts_rules import hufflepuff_ravenclaw as hr
from hogwarts_rules.actions import Action
from hogwarts_rules.engine import GameBase
from hogwarts_rules.notation import format_action, parse_action
from tests.test_notation import check_round_trips

SEATS = ["Sky", "Weasley", "Student 3"]


def scene() -> GameBase:
    return find_game("hr").new_game(SEATS, seed=4)


def gm_actions(game: GameBase, rng: random.Random) -> list[Action]:
    """A game master's actions of every kind with a short form, on random names."""
    setup = game.setup  # type: ignore[attr-defined]
    who = rng.choice(game.seat_names)
    skill = rng.choice(list(setup.skills))
    stat = rng.choice([*setup.stats, *hr.QUALITIES])
    mods = tuple(hr.Modifier(rng.randint(-5, 5)) for _ in range(rng.randint(0, 2)))
    return [
        hr.SkillTest(who, skill, stat, mods),
        hr.QualityTest(who, rng.choice(hr.QUALITIES), mods),
        hr.Damage(who, rng.randint(1, 9)),
        hr.Damage(who, 2, rng.choice(["a hex", "Fluffy's bite", "", '"quoted"'])),
        hr.Heal(who, rng.randint(1, 4)),
        hr.Fall(who, rng.randint(0, 30)),
        hr.LearnSpell(who, rng.choice(list(setup.spells))),
        hr.JoinClass(who, skill),
        hr.RemoveCharacter(who),
        hr.SkillTest(who, skill, stat, (hr.Modifier(1, "darkness"),)),  # JSON
        hr.SkillTest(who, skill, stat, traits=("Clumsy",)),  # JSON
        hr.Contest(hr.TestSpec(who, skill, stat), hr.TestSpec(who, skill, stat)),  # JSON
        hr.CastSpell(who, "Lumos"),  # JSON
    ]


@pytest.mark.parametrize("seed", range(4))
def test_every_action_round_trips(seed: int) -> None:
    rng = random.Random(seed)
    game = scene()
    for _ in range(25):
        for action in gm_actions(game, rng):
            text = format_action(game, action)
            assert parse_action(game, text) == action, text
        check_round_trips(game, rng, 1)  # the listed actions (and Youth decisions) too
        action = rng.choice(gm_actions(game, rng)[:2])  # a test: may ask for Youth
        if game.can_apply(action):
            game, _ = game.apply(action)
        while game.to_act:
            check_round_trips(game, rng, 1)
            game, _ = game.apply(rng.choice(game.legal_actions()))


def test_short_forms() -> None:
    game = scene()
    assert format_action(
        game, hr.SkillTest("Student 3", "Mischief", "Bravery", (hr.Modifier(2),))
    ) == ('test "Student 3" mischief bravery +2')
    assert format_action(game, hr.Damage("Sky", 3, "a hex")) == 'damage Sky 3 "a hex"'
    assert format_action(game, hr.EndOfYear()) == "end of year"
    assert format_action(game, hr.SpendYouth("Sky", 2)) == "spend 2"
    assert format_action(game, hr.CastSpell("Sky", "Lumos")).startswith('{"type":"hr.cast_spell"')
    assert parse_action(game, "damage student 3 2 a hex") == hr.Damage("Student 3", 2, "a hex")
    assert parse_action(game, "fall weasley 10") == hr.Fall("Weasley", 10)
    assert parse_action(game, "quality sky brav -1") == hr.QualityTest(
        "Sky", "Bravery", (hr.Modifier(-1),)
    )


def test_spending_youth_is_the_deciding_characters() -> None:
    game = find_game("hr").new_game(["Sky"], dice=ScriptedDice([15]))
    game, _ = game.apply(hr.SkillTest("Sky", "Mischief", "Bravery"))
    assert game.to_act == ("Sky",)
    assert parse_action(game, "spend 1") == hr.SpendYouth("Sky", 1)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("damage Ginny 3", "'Ginny' names no character"),
        ("damage Sky", "write damage, a character and a number"),
        ("heal Sky 2 now", "nothing follows the number of heal"),
        ("test Sky flying bravery", "'flying' names no character or skill or stat"),
        ("spend lots", "not a whole number"),
        ("end game", "is not a scene action"),
    ],
)
def test_what_it_refuses(text: str, words: str) -> None:
    with pytest.raises(IllegalActionError) as caught:
        parse_action(scene(), text)
    assert caught.value.code == "bad_notation"
    assert words in caught.value.message
