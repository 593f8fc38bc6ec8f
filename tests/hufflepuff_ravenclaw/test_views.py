"""What a seat (or the table) sees of a Hufflepuff & Ravenclaw scene: a typed view.

The mechanics keep no secrets, so every sheet is open; but no view holds the dice,
a seed or a dice state, which would predict every roll.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence

import attrs
import pytest

from hogwarts_rules import IllegalActionError, RandomBot, ScriptedDice, find_game
from hogwarts_rules import hufflepuff_ravenclaw as hr
from hogwarts_rules.actions import Action
from hogwarts_rules.bots import play_out
from hogwarts_rules.dice import SeededDice
from hogwarts_rules.engine import Decision
from hogwarts_rules.hufflepuff_ravenclaw.view import SceneView

SEED = 0x5EED_1DEA_F00D_CAFE
"""A seed no view could hold by chance."""

DICE_WORDS = frozenset({"dice", "seed", "state", "rolls", "position"})

GM_ACTIONS = (hr.EndSession(), hr.SchoolBreak(), hr.EndScene())


def walk(value: object) -> Iterator[tuple[str | None, object]]:
    """Every (key, value) pair of nested JSON data; list items come with ``None``."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield key, item
            yield from walk(item)
    elif isinstance(value, list):
        for item in value:
            yield None, item
            yield from walk(item)


def scene(seed: int = SEED) -> hr.Game:
    """A seeded scene with some play behind it (tests, a brawl, a school break)."""
    sky = hr.Character.first_year("Sky", stats={"Agility": 4}, skills={"Brawl": 2})
    game = hr.new_game([sky, "Weasley"], seed=seed)
    for action in (
        hr.SkillTest("Sky", "Brawl", "Agility"),
        hr.BrawlRound(hr.Fighter("Sky"), hr.Fighter("Weasley", armed=True)),
        hr.SchoolBreak(),
    ):
        game, _ = game.apply(action)
        while game.to_act:
            game, _ = game.apply(game.legal_actions()[0])
    return game


def youth_decision() -> hr.Game:
    """Sky has rolled 11 for a Brawl test and must decide how much Youth to spend."""
    sky = hr.Character.first_year("Sky", stats={"Agility": 4}, skills={"Brawl": 1})
    game = hr.new_game([sky, "Weasley"], dice=ScriptedDice([11]))
    game, _ = game.apply(hr.SkillTest("Sky", "Brawl", "Agility"))
    assert game.to_act == ("Sky",)
    return game


def test_no_view_holds_the_dice_or_a_seed() -> None:
    game = scene()
    assert isinstance(game.dice, SeededDice) and game.dice.seed == SEED
    assert game.dice.state != SEED  # the scene has rolled
    for seat in (*game.seat_names, None):
        view = game.view(seat)
        assert isinstance(view, SceneView)
        assert not hasattr(view, "dice")
        assert not DICE_WORDS & {field.name for field in attrs.fields(SceneView)}
        data = view.to_dict()
        assert json.loads(json.dumps(data)) == data
        for key, value in walk(data):
            assert key not in DICE_WORDS, key
            assert value not in (game.dice.seed, game.dice.state), (key, value)


def test_a_view_is_a_frozen_value_not_the_game() -> None:
    game = scene()
    view = game.view("Sky")
    assert not isinstance(view, hr.Game)
    for name in ("apply", "check", "pending", "history", "setup"):
        assert not hasattr(view, name), name
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        view.ended = True  # type: ignore[misc]
    assert view == game.view("Sky") and hash(view) == hash(game.view("Sky"))


def test_every_view_shows_every_sheet_and_the_scene_names() -> None:
    game = scene()
    for seat in (*game.seat_names, None):
        view = game.view(seat)
        assert view.viewer == seat
        assert view.characters == game.characters
        assert (view.stats, view.skills, view.spells) == (
            game.setup.stats,
            game.setup.skills,
            game.setup.spells,
        )
        assert view.ended == game.ended and view.to_act == game.to_act == ()
    data = game.view("Sky").to_dict()
    assert data["characters"]["Weasley"]["wound"] == game.characters["Weasley"].wound.value


def test_while_nobody_decides_every_seat_sees_the_game_masters_actions() -> None:
    game = scene()
    assert game.view("Weasley").legal_actions == GM_ACTIONS
    assert game.view(None).legal_actions == ()
    assert game.view(None).to_dict()["legal_actions"] == []


def test_a_view_built_mid_decision_shows_the_prompt_and_the_details() -> None:
    game = youth_decision()
    assert isinstance(game.awaiting, Decision)
    sky = game.view("Sky")
    assert sky.prompt == "Sky rolled 11 against 5 for Agility + Brawl: spend Youth (+3 each)?"
    assert dict(sky.details) == {
        "roll": 11,
        "target": 5,
        "label": "Agility + Brawl",
        "die": 20,
        "youth": 7,
    }
    assert sky.legal_actions == tuple(hr.SpendYouth("Sky", n) for n in range(8))
    for viewer in ("Weasley", None):
        view = game.view(viewer)
        assert (view.prompt, view.details) == (sky.prompt, sky.details)
        assert view.legal_actions == ()
    data = sky.to_dict()
    assert data["details"] == {
        "roll": 11,
        "target": 5,
        "label": "Agility + Brawl",
        "die": 20,
        "youth": 7,
    }
    assert SceneView.from_dict(json.loads(json.dumps(data))) == sky
    assert data["legal_actions"][2] == {"type": "hr.spend_youth", "character": "Sky", "points": 2}


def test_the_view_of_an_unknown_seat_is_refused() -> None:
    with pytest.raises(IllegalActionError) as caught:
        scene().view("Luna")
    assert caught.value.code == "unknown_character"


class Spy:
    """A bot that checks it is shown its seat's view, and plays at random."""

    def __init__(self) -> None:
        self.seen: list[object] = []
        self.bot = RandomBot(3)

    def choose(self, view: object, seat: str, actions: Sequence[Action]) -> Action:
        assert type(view) is SceneView and view.viewer == seat
        assert tuple(actions) == view.legal_actions
        self.seen.append(view)
        return self.bot.choose(view, seat, actions)


def test_bots_choose_from_their_seat_view() -> None:
    spec = find_game("hr")
    game = spec.new_game(["Sky", "Weasley"], seed=5)
    game, _ = game.apply(hr.SkillTest("Sky", "Brawl", "Agility"))  # Sky decides about Youth
    spies = {"Sky": Spy(), "Weasley": Spy()}
    final = play_out(game, spies, max_steps=50)
    assert spies["Sky"].seen
    assert final.is_over
