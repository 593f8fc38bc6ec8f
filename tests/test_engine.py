from __future__ import annotations

import copy
import json
import pickle
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import attrs
import pytest

from hogwarts_rules import find_game
from hogwarts_rules import hufflepuff_ravenclaw as hr
from hogwarts_rules.actions import Action, ChanceOutcome
from hogwarts_rules.dice import CHANCE, DiceSource, ExternalDice, ScriptedDice, SeededDice
from hogwarts_rules.engine import ChanceRequest, Decision, GameRecord
from hogwarts_rules.errors import DiceError, IllegalActionError, InvalidDataError
from hogwarts_rules.events import Event

SKY = hr.Character.first_year("Sky", stats={"Agility": 4}, skills={"Brawl": 1})
WEASLEY = hr.Character.first_year(
    "Weasley",
    stats={"Agility": 3, "Size": 2},
    qualities={"Fortitude": 2},
    skills={"Brawl": 2},
)
TEST = hr.SkillTest("Sky", "Brawl", "Agility")  # Target Number 5
BRAWL = hr.BrawlRound(hr.Fighter("Sky"), hr.Fighter("Weasley"))


def scene(dice: DiceSource | None = None, seed: int | None = None) -> hr.Game:
    return hr.new_game([SKY, WEASLEY], dice=dice, seed=seed)


def play(game: hr.Game, actions: Sequence[Action]) -> tuple[hr.Game, list[Event]]:
    events: list[Event] = []
    for action in actions:
        game, new = game.apply(action)
        events.extend(new)
    return game, events


def refused(game: hr.Game, action: object, code: str) -> IllegalActionError:
    before = copy.deepcopy(game)
    assert not game.can_apply(action)
    with pytest.raises(IllegalActionError) as info:
        game.check(action)
    assert info.value.code == code, info.value
    with pytest.raises(IllegalActionError) as info:
        game.apply(action)  # type: ignore[arg-type]
    assert info.value.code == code, info.value
    assert game == before
    return info.value


# =============================================================== external dice


def test_external_skill_test_waits_for_chance() -> None:
    game, events = scene(ExternalDice()).apply(TEST)
    assert events == ()
    assert game.to_act == (CHANCE,)
    assert isinstance(game.awaiting, ChanceRequest)
    assert "Sky" in game.awaiting.label
    outcomes = game.chance_outcomes()
    assert [o for o, _ in outcomes] == [ChanceOutcome(v) for v in range(1, 21)]
    assert all(p == Fraction(1, 20) for _, p in outcomes)
    assert sum(p for _, p in outcomes) == 1
    assert game.legal_actions() == tuple(o for o, _ in outcomes)
    assert game.legal_actions(CHANCE) == game.legal_actions()
    assert game.legal_actions("Sky") == ()
    assert not game.is_over
    assert game.outcome is None


@pytest.mark.parametrize(
    ("action", "code"),
    [
        (ChanceOutcome(21), "bad_roll"),
        (ChanceOutcome(0), "bad_roll"),
        (ChanceOutcome("3"), "bad_roll"),
        (ChanceOutcome(True), "bad_roll"),
        (ChanceOutcome(3.0), "bad_roll"),  # type: ignore[arg-type]
        (hr.SpendYouth("Sky", 1), "roll_awaited"),
        (hr.SpendYouth("Sky", 0), "roll_awaited"),
        (hr.EndSession(), "roll_awaited"),
        (TEST, "roll_awaited"),
    ],
)
def test_external_refuses_anything_but_a_possible_outcome(action: Action, code: str) -> None:
    game, _ = scene(ExternalDice()).apply(TEST)
    refused(game, action, code)


@pytest.mark.parametrize(
    ("value", "shown"),
    [(21, "21 is not"), ("3", "'3' is not"), (True, "True is not"), ("x" * 500, "'xxx")],
)
def test_a_refused_outcome_says_what_was_given_and_what_was_expected(
    value: object, shown: str
) -> None:
    """Text is quoted (so '3' is told from 3) and bounded; the die's faces are named."""
    game, _ = scene(ExternalDice()).apply(TEST)
    with pytest.raises(IllegalActionError) as caught:
        game.apply(ChanceOutcome(value))  # type: ignore[arg-type]
    message = caught.value.message
    assert message.startswith(shown)
    assert message.endswith("(expected a whole number from 1 to 20)")
    assert len(message) < 200


def test_a_refused_outcome_lists_a_few_named_outcomes() -> None:
    """Outcomes that are not a die's faces (Clue's missing student) are listed."""
    game = find_game("clue").new_game(3, dice=ExternalDice())
    (deal,) = game.legal_actions()
    game, _ = game.apply(deal)
    with pytest.raises(IllegalActionError, match=r"^'ron' is not a possible outcome of") as caught:
        game.apply(ChanceOutcome("ron"))
    assert caught.value.message.endswith(
        "(expected one of 'Harry', 'Ron', 'Hermione', 'Ginny', 'Luna', 'Neville')"
    )


def test_external_outcome_continues_to_youth_decision() -> None:
    game, _ = scene(ExternalDice()).apply(TEST)
    game, events = game.apply(ChanceOutcome(11))
    assert [type(e) for e in events] == [hr.TestRolled]
    assert events[0] == hr.TestRolled(
        "Sky", "Agility + Brawl", (("Agility", 4), ("Brawl", 1)), 5, 20, 11
    )
    assert game.to_act == ("Sky",)
    assert isinstance(game.awaiting, Decision)
    assert game.awaiting.player == "Sky"
    assert game.legal_actions() == tuple(hr.SpendYouth("Sky", n) for n in range(8))
    assert game.legal_actions("Sky") == game.legal_actions()
    assert game.legal_actions("Weasley") == ()
    assert game.chance_outcomes() == ()
    game, events = game.apply(hr.SpendYouth("Sky", 2))
    assert [e.description for e in events] == [
        "Sky spends 2 Youth: the Target Number becomes 11 (5 Youth left)",
        "Sky succeeds at Agility + Brawl by 0 (rolled 11 against 11)",
        "Sky puts a check mark next to Brawl",
    ]
    assert game.to_act == ()
    assert game.characters["Sky"].youth == 5


def test_external_quality_test_offers_six_outcomes() -> None:
    game, _ = scene(ExternalDice()).apply(hr.QualityTest("Sky", "Bravery"))
    outcomes = game.chance_outcomes()
    assert len(outcomes) == 6
    assert all(p == Fraction(1, 6) for _, p in outcomes)
    refused(game, ChanceOutcome(7), "bad_roll")


def test_external_brawl_asks_two_rolls_in_order_then_decisions() -> None:
    game, _ = scene(ExternalDice()).apply(BRAWL)
    assert game.to_act == (CHANCE,)
    assert isinstance(game.awaiting, ChanceRequest)
    assert game.awaiting.label.startswith("Sky's")
    game, events = game.apply(ChanceOutcome(9))
    assert [e.roll for e in events if isinstance(e, hr.TestRolled)] == [9]
    assert game.to_act == (CHANCE,)
    assert isinstance(game.awaiting, ChanceRequest)
    assert game.awaiting.label.startswith("Weasley's")
    game, events = game.apply(ChanceOutcome(10))
    assert [e.roll for e in events if isinstance(e, hr.TestRolled)] == [10]
    # Sky missed by 4, Weasley by 5: the side behind (Weasley) decides first.
    assert game.to_act == ("Weasley",)
    game, _ = game.apply(hr.SpendYouth("Weasley", 0))
    assert game.to_act == ("Sky",)
    game, events = game.apply(hr.SpendYouth("Sky", 0))
    assert game.to_act == ()
    assert any(isinstance(e, hr.Scuffed) for e in events)


def test_external_fall_asks_one_d6_per_five_metres() -> None:
    game, _ = scene(ExternalDice()).apply(hr.Fall("Sky", 10))
    labels = []
    for value in (1, 1):
        assert isinstance(game.awaiting, ChanceRequest)
        labels.append(game.awaiting.label)
        assert len(game.chance_outcomes()) == 6
        game, _ = game.apply(ChanceOutcome(value))
    assert labels[0] != labels[1]
    assert game.characters["Sky"].damage == 2
    # 2 Points on Size 3 is a Major Wound: a d6 Fortitude test, then Sky's Youth decision.
    assert isinstance(game.awaiting, ChanceRequest)
    assert "Fortitude" in game.awaiting.label
    game, _ = game.apply(ChanceOutcome(2))
    game, events = game.apply(hr.SpendYouth("Sky", 0))
    assert game.to_act == ()
    assert game.characters["Sky"].wound is hr.Wound.MAJOR
    assert any(isinstance(e, hr.TestResolved) and e.success for e in events)


BRAWL_SCRIPT: list[tuple[int, ...]] = [(9, 10), (3, 17), (15, 6), (1, 5)]


def _brawl_decisions(game: hr.Game) -> Action:
    # Deterministic policy: spend 1 Youth when it is on offer and the player has 3+.
    assert isinstance(game.awaiting, Decision)
    player = game.awaiting.player
    return hr.SpendYouth(player, 1 if game.characters[player].youth >= 3 else 0)


def _run_brawls(dice: DiceSource) -> tuple[hr.Game, list[str]]:
    game = scene(dice)
    rolls = [value for pair in BRAWL_SCRIPT for value in pair]
    descriptions: list[str] = []
    for _ in BRAWL_SCRIPT:
        game, events = game.apply(BRAWL)
        descriptions.extend(e.description for e in events)
        while game.to_act:
            if game.to_act == (CHANCE,):
                action: Action = ChanceOutcome(rolls.pop(0))
            else:
                action = _brawl_decisions(game)
            game, events = game.apply(action)
            descriptions.extend(e.description for e in events)
    return game, descriptions


def test_external_and_scripted_dice_agree() -> None:
    rolls = [value for pair in BRAWL_SCRIPT for value in pair]
    # Weasley's Fortitude test (a d6) may come up; give the script one 2 to spare.
    external, ext_text = _run_brawls(ExternalDice())
    scripted, scr_text = _run_brawls(ScriptedDice([*rolls, 2]))
    assert external.characters == scripted.characters
    assert ext_text == scr_text
    assert any("takes" in line for line in ext_text)
    assert external.history != scripted.history  # the chance outcomes are in the history


# =============================================================== decisions


def _deciding(dice: DiceSource | None = None) -> hr.Game:
    game, _ = scene(dice or ScriptedDice([11])).apply(TEST)
    assert game.to_act == ("Sky",)
    return game


def test_wrong_player_decision() -> None:
    refused(_deciding(), hr.SpendYouth("Weasley", 0), "not_your_turn")


def test_option_not_offered() -> None:
    game = _deciding()
    refused(game, hr.SpendYouth("Sky", 8), "not_an_option")
    refused(game, hr.SpendYouth("Sky", -1), "not_an_option")
    refused(game, hr.EndSession(), "not_an_option")
    refused(game, hr.SkillTest("Weasley", "Brawl", "Agility"), "not_an_option")
    # The refusal names the kind of action and the question, never the action's fields
    # (a decision's may name a secret, such as a card to show), so it stays short.
    long = refused(game, hr.SkillTest("Sky" * 200, "Brawl", "Agility"), "not_an_option")
    assert long.message.startswith("SkillTest is not one of the choices for: Sky rolled")
    assert "SkySky" not in long.message


def test_option_not_offered_after_spending() -> None:
    game, _ = play(_deciding(ScriptedDice([11, 20])), [hr.SpendYouth("Sky", 5), TEST])
    assert game.characters["Sky"].youth == 2
    assert game.legal_actions() == tuple(hr.SpendYouth("Sky", n) for n in range(3))
    refused(game, hr.SpendYouth("Sky", 3), "not_an_option")


def test_chance_outcome_during_decision() -> None:
    refused(_deciding(), ChanceOutcome(3), "no_roll_awaited")


def test_spend_youth_with_no_roll_awaiting() -> None:
    refused(scene(seed=1), hr.SpendYouth("Sky", 0), "no_roll_awaited")
    refused(scene(seed=1), ChanceOutcome(3), "no_roll_awaited")


@pytest.mark.parametrize("thing", [None, "hr.end_scene", {"type": "hr.end_scene"}, 3, hr.EndScene])
def test_non_action_refused(thing: object) -> None:
    refused(scene(seed=1), thing, "bad_action")
    refused(_deciding(), thing, "bad_action")


def test_foreign_action_refused() -> None:
    @attrs.frozen
    class Other(Action):
        pass

    refused(scene(seed=1), Other(), "bad_action")


def test_malformed_brawl_refused() -> None:
    refused(scene(seed=1), hr.BrawlRound(None, None), "bad_fighter")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "action",
    [
        hr.Contest(None, None),  # type: ignore[arg-type]
        hr.SkillTest("Sky", ["Brawl"], "Agility"),  # type: ignore[arg-type]
    ],
    ids=["contest_of_none", "unhashable_skill"],
)
def test_malformed_action_fields_refused(action: Action) -> None:
    game = scene(seed=1)
    assert not game.can_apply(action)
    with pytest.raises(IllegalActionError):
        game.apply(action)


def test_game_over() -> None:
    game, events = scene(seed=1).apply(hr.EndScene())
    assert [e.description for e in events] == ["The scene ends"]
    assert game.is_over
    assert game.outcome is not None
    assert game.outcome.winners == ()
    assert game.outcome.reason == "scene_ended"
    assert game.legal_actions() == ()
    assert game.to_act == ()
    for action in (hr.EndSession(), hr.EndScene(), hr.SpendYouth("Sky", 0), TEST):
        refused(game, action, "game_over")
    refused(game, ChanceOutcome(1), "game_over")


def test_root_legal_actions_are_accepted() -> None:
    game = scene(seed=3)
    assert game.to_act == ()
    assert game.legal_actions()
    for action in game.legal_actions():
        game.check(action)
        game.apply(action)


def test_single_option_is_taken_at_once() -> None:
    # With no Youth left there is nothing to decide.
    tired = attrs.evolve(SKY, youth=0)
    game, events = hr.new_game([tired], dice=ScriptedDice([11])).apply(TEST)
    assert game.to_act == ()
    assert [type(e) for e in events] == [hr.TestRolled, hr.TestResolved]


# =============================================================== purity


@pytest.mark.parametrize(
    "dice_factory",
    [lambda: SeededDice(8), lambda: ScriptedDice([11, 4, 2, 3]), ExternalDice],
    ids=["seeded", "scripted", "external"],
)
def test_apply_is_pure(dice_factory: Any) -> None:
    game = scene(dice_factory())
    for action in (BRAWL, TEST):
        saved = copy.deepcopy(game)
        first = game.apply(action)
        second = game.apply(action)
        assert first == second
        assert game == saved
        game = first[0]
        while game.to_act:
            option = game.legal_actions()[0]
            saved = copy.deepcopy(game)
            assert game.apply(option) == game.apply(option)
            assert game == saved
            game, _ = game.apply(option)


# =============================================================== record / replay


def _games() -> dict[str, hr.Game]:
    seeded_rest, _ = play(
        scene(seed=20261129), [TEST, hr.SpendYouth("Sky", 0), hr.Damage("Sky", 1)]
    )
    seeded_mid, _ = play(seeded_rest, [BRAWL])
    while not seeded_mid.to_act:
        seeded_mid, _ = seeded_mid.apply(BRAWL)
    scripted_mid = _deciding()
    scripted_rest, _ = scripted_mid.apply(hr.SpendYouth("Sky", 1))
    external_chance, _ = scene(ExternalDice()).apply(BRAWL)
    external_mid, _ = play(external_chance, [ChanceOutcome(3), ChanceOutcome(4)])
    external_rest, _ = play(external_mid, [hr.SpendYouth("Weasley", 0), hr.SpendYouth("Sky", 0)])
    ended, _ = scripted_rest.apply(hr.EndScene())
    return {
        "new": scene(seed=1),
        "seeded_rest": seeded_rest,
        "seeded_mid": seeded_mid,
        "scripted_mid": scripted_mid,
        "scripted_rest": scripted_rest,
        "external_chance": external_chance,
        "external_mid": external_mid,
        "external_rest": external_rest,
        "ended": ended,
    }


GAMES = _games()


def test_sample_games_are_in_the_expected_states() -> None:
    assert GAMES["seeded_mid"].to_act in (("Sky",), ("Weasley",))
    assert GAMES["scripted_mid"].to_act == ("Sky",)
    assert GAMES["external_chance"].to_act == (CHANCE,)
    assert GAMES["external_mid"].to_act == ("Weasley",)
    for name in ("new", "seeded_rest", "scripted_rest", "external_rest", "ended"):
        assert GAMES[name].to_act == ()


@pytest.mark.parametrize("name", sorted(GAMES))
def test_replay_record(name: str) -> None:
    game = GAMES[name]
    record = game.record
    assert record.game == hr.KIND
    assert record.actions == game.history
    replayed = hr.Game.replay(record)
    assert replayed == game
    assert replayed.to_act == game.to_act
    assert replayed.legal_actions() == game.legal_actions()


@pytest.mark.parametrize("name", sorted(GAMES))
def test_json_round_trip(name: str) -> None:
    game = GAMES[name]
    data = game.to_dict()
    assert data["format"] == "hogwarts-rules"
    assert data["version"] == 2
    assert data["game"] == hr.KIND
    text = json.dumps(data)
    loaded = hr.Game.from_dict(json.loads(text))
    assert loaded == game
    assert json.dumps(loaded.to_dict()) == text
    # The state is optional on load.
    without_state = json.loads(text)
    del without_state["state"]
    assert hr.Game.from_dict(without_state) == game


@pytest.mark.parametrize("name", ["seeded_mid", "external_mid", "scripted_rest"])
def test_loaded_game_plays_on_identically(name: str) -> None:
    game = GAMES[name]
    loaded = hr.Game.from_dict(json.loads(json.dumps(game.to_dict())))
    while game.to_act:
        option = game.legal_actions()[-1]
        game, events = game.apply(option)
        loaded, loaded_events = loaded.apply(option)
        assert events == loaded_events
    assert loaded == game


def _invalid(data: object, code: str, path: str | None = None) -> InvalidDataError:
    with pytest.raises(InvalidDataError) as info:
        hr.Game.from_dict(data)
    assert info.value.code == code, info.value
    if path is not None:
        assert info.value.path == path
    return info.value


def test_tampered_state() -> None:
    data = json.loads(json.dumps(GAMES["scripted_rest"].to_dict()))
    data["state"]["characters"]["Sky"]["youth"] = 7
    _invalid(data, "state_mismatch", "$.state")
    data = json.loads(json.dumps(GAMES["external_mid"].to_dict()))
    data["state"]["to_act"] = ["Sky"]
    _invalid(data, "state_mismatch", "$.state")
    data = json.loads(json.dumps(GAMES["new"].to_dict()))
    data["state"] = {}
    _invalid(data, "state_mismatch", "$.state")


def test_state_is_compared_with_its_json_types() -> None:
    # `1 == True` and `1 == 1.0` in Python; in the saved state they are different values.
    data = json.loads(json.dumps(GAMES["scripted_rest"].to_dict()))
    youth = data["state"]["characters"]["Sky"]["youth"]
    assert type(youth) is int
    data["state"]["characters"]["Sky"]["youth"] = float(youth)
    _invalid(data, "state_mismatch", "$.state")
    data["state"]["characters"]["Sky"]["youth"] = youth
    assert hr.Game.from_dict(data) == GAMES["scripted_rest"]
    flags = [k for k, v in data["state"].items() if type(v) is bool]
    assert flags, "the state has a boolean to tamper with"
    data["state"][flags[0]] = int(data["state"][flags[0]])
    _invalid(data, "state_mismatch", "$.state")


@pytest.mark.parametrize(
    ("index", "action"),
    [
        (1, hr.SpendYouth("Sky", 8)),
        (1, hr.SpendYouth("Weasley", 0)),
        (0, ChanceOutcome(3)),
        (2, hr.SkillTest("Nobody", "Brawl", "Agility")),
        (3, hr.Heal("Weasley", 1)),
    ],
)
def test_illegal_action_in_record(index: int, action: Action) -> None:
    data = json.loads(json.dumps(GAMES["seeded_rest"].to_dict()))
    data["actions"].insert(index, action.to_dict())
    del data["state"]
    _invalid(data, "illegal_record", f"$.actions[{index}]")


def test_illegal_action_in_record_for_replay() -> None:
    record = GAMES["scripted_rest"].record
    bad = GameRecord(record.game, record.setup, (*record.actions, hr.SpendYouth("Sky", 0)))
    with pytest.raises(InvalidDataError) as info:
        hr.Game.replay(bad)
    assert info.value.code == "illegal_record"
    assert info.value.path == "$.actions[2]"


def test_scripted_record_running_out_is_illegal() -> None:
    data = json.loads(json.dumps(GAMES["scripted_rest"].to_dict()))
    del data["state"]
    data["actions"].append(TEST.to_dict())  # the script has no roll left
    _invalid(data, "illegal_record", "$.actions[2]")


def test_wrong_game_kind() -> None:
    record = GAMES["new"].record
    with pytest.raises(InvalidDataError) as info:
        hr.Game.replay(GameRecord("clue", record.setup, ()))
    assert info.value.code == "wrong_game"
    # The message says what the data is, then what loads it (not the other way round).
    assert "the data is a 'clue' game, and this is 'hufflepuff-ravenclaw'" in info.value.message
    data = GAMES["new"].to_dict()
    data["game"] = "clue"
    _invalid(data, "wrong_game", "$.game")


@pytest.mark.parametrize(
    ("change", "code", "path"),
    [
        ({"format": "hogwarts"}, "bad_format", "$.format"),
        ({"format": None}, "bad_format", "$.format"),
        ({"version": 3}, "bad_version", "$.version"),
        ({"version": "2"}, "bad_version", "$.version"),
        ({"game": 3}, "bad_type", "$.game"),
        ({"extra": 1}, "unknown_field", "$"),
        ({"actions": "none"}, "invalid_value", "$.actions"),
        ({"actions": [{"type": "hr.fireball"}]}, "unknown_type", "$.actions[0].type"),
        ({"setup": []}, "invalid_value", "$.setup"),
    ],
)
def test_bad_top_level(change: dict[str, Any], code: str, path: str) -> None:
    data = {**GAMES["seeded_rest"].to_dict(), **change}
    _invalid(data, code, path)


@pytest.mark.parametrize("version", [True, 1.0])
def test_version_must_be_an_integer(version: object) -> None:
    _invalid({**GAMES["new"].to_dict(), "version": version}, "bad_version", "$.version")


@pytest.mark.parametrize(
    ("change", "path"),
    [
        ({"actions": [{"type": "hr.fireball"}]}, "$.actions[0].type"),
        ({"actions": [{"character": "Sky"}]}, "$.actions[0].type"),
        ({"actions": [[]]}, "$.actions[0]"),
    ],
)
def test_nested_error_paths(change: dict[str, Any], path: str) -> None:
    data = {**GAMES["seeded_rest"].to_dict(), **change}
    with pytest.raises(InvalidDataError) as info:
        hr.Game.from_dict(data)
    assert info.value.path == path
    assert info.value.message.count("$") == 1, info.value.message


def test_nested_dice_error_path() -> None:
    data = GAMES["new"].to_dict()
    data["setup"]["dice"]["seed"] = 7  # version 2: a decimal string
    with pytest.raises(InvalidDataError) as info:
        hr.Game.from_dict(data)
    assert info.value.path == "$.setup.dice.seed"


@pytest.mark.parametrize("missing", ["setup", "actions", "format", "version", "game"])
def test_missing_top_level_field(missing: str) -> None:
    data = GAMES["new"].to_dict()
    del data[missing]
    with pytest.raises(InvalidDataError):
        hr.Game.from_dict(data)


@pytest.mark.parametrize("data", [[], "game", None, 3])
def test_not_an_object(data: object) -> None:
    _invalid(data, "bad_type", "$")


def test_bad_setup() -> None:
    data = GAMES["new"].to_dict()
    data["setup"]["characters"][0]["stats"]["Size"] = 0
    del data["state"]
    _invalid(data, "bad_setup", "$.setup")
    data = GAMES["new"].to_dict()
    data["setup"]["characters"][0]["name"] = "<chance>"
    _invalid(data, "bad_setup", "$.setup")


def test_from_dict_does_not_change_its_input() -> None:
    data = GAMES["external_mid"].to_dict()
    before = json.dumps(data)
    hr.Game.from_dict(data)
    assert json.dumps(data) == before


# =============================================================== custom dice


@attrs.frozen
class CountingDice:
    """1, 2, 3, ... wrapping around each die."""

    count: int = 0

    def roll(self, sides: int) -> tuple[int, CountingDice]:
        return self.count % sides + 1, CountingDice(self.count + 1)


def test_custom_dice_play_but_do_not_serialize() -> None:
    game = scene(CountingDice())
    game, events = game.apply(TEST)
    assert [e.roll for e in events if isinstance(e, hr.TestRolled)] == [1]
    assert game.to_act == ("Sky",)
    game, _ = game.apply(hr.SpendYouth("Sky", 0))
    game, events = game.apply(TEST)
    assert [e.roll for e in events if isinstance(e, hr.TestRolled)] == [2]
    assert game.to_act == ("Sky",)
    game, _ = game.apply(hr.SpendYouth("Sky", 0))
    assert game.dice == CountingDice(2)
    hash(game)
    with pytest.raises(InvalidDataError) as info:
        game.to_dict()
    assert info.value.code == "dice_not_serializable"


# =============================================================== new_game


def test_seed_and_dice() -> None:
    with pytest.raises(IllegalActionError) as info:
        hr.new_game(["Sky"], seed=1, dice=ExternalDice())
    assert info.value.code == "seed_and_dice"


def test_not_a_dice_source() -> None:
    with pytest.raises(IllegalActionError) as info:
        hr.new_game(["Sky"], dice=object())  # type: ignore[arg-type]
    assert info.value.code == "bad_dice"


def test_same_seed_same_game() -> None:
    a, events_a = play(scene(seed=77), [BRAWL])
    b, events_b = play(scene(seed=77), [BRAWL])
    assert a == b
    assert events_a == events_b


def test_no_seed_picks_a_random_replayable_seed() -> None:
    game = scene()
    assert isinstance(game.dice, SeededDice)
    game, _ = play(game, [BRAWL])
    assert hr.Game.replay(game.record) == game


@pytest.mark.parametrize(
    ("names", "code"),
    [
        ([""], "bad_name"),
        ([" Sky"], "bad_name"),
        (["Sky "], "bad_name"),
        (["<chance>"], "bad_name"),
        (["<Sky"], "bad_name"),
        (["Sky\n"], "bad_name"),
        (["Sk\x00y"], "bad_name"),
        (["Sky", "Sky"], "duplicate_name"),
        (["x" * 41], "bad_name"),
        ([5], "bad_character"),
        ([None], "bad_character"),
        ([], "player_count"),
        ("Sky", "bad_players"),
        ({"Sky"}, "bad_players"),
    ],
)
def test_bad_names(names: Any, code: str) -> None:
    with pytest.raises(IllegalActionError) as info:
        hr.new_game(names, seed=1)
    assert info.value.code == code


def test_longest_name_accepted() -> None:
    assert list(hr.new_game(["x" * 40], seed=1).characters) == ["x" * 40]


def test_unknown_option() -> None:
    with pytest.raises(IllegalActionError) as info:
        hr.new_game(["Sky"], seed=1, colour="blue")
    assert info.value.code == "unknown_option"


def test_bad_seed() -> None:
    with pytest.raises(DiceError) as info:
        hr.new_game(["Sky"], seed=-1)
    assert info.value.code == "bad_seed"


# =============================================================== values


@pytest.mark.parametrize("name", sorted(GAMES))
def test_pickle_and_copy(name: str) -> None:
    game = GAMES[name]
    for clone in (pickle.loads(pickle.dumps(game)), copy.copy(game), copy.deepcopy(game)):
        assert clone == game
        assert hash(clone) == hash(game)
        assert clone.to_act == game.to_act
        assert clone.legal_actions() == game.legal_actions()
    assert len({game, copy.deepcopy(game)}) == 1


def test_hash_mid_decision() -> None:
    game = GAMES["seeded_mid"]
    assert game.pending is not None
    assert isinstance(hash(game), int)
    assert hash(game) == hash(hr.Game.replay(game.record))


def test_different_games_differ() -> None:
    a, _ = _deciding().apply(hr.SpendYouth("Sky", 0))
    b, _ = _deciding().apply(hr.SpendYouth("Sky", 1))
    assert a != b


# =============================================================== fast constructors and copies


def test_copier_is_replace_with_its_values_in_order() -> None:
    from hogwarts_rules.engine import copier, replace

    game = scene(seed=3)
    game.legal_actions()  # worked out: a copy must not keep it
    copy = copier(hr.Game, "history", "pending")
    assert copier(hr.Game, "history", "pending") is copy  # generated once
    history = game.history.add(TEST)
    copied = copy(game, history, None)
    assert copied == replace(game, history=history, pending=None)
    assert copied.history is history and copied._memo_root is None and copied._memo is None
    primed = copier(hr.Game, "_memo_to_act")(game, ("Sky",))
    assert primed._memo_to_act == ("Sky",) and primed == game
    with pytest.raises(TypeError, match="no field 'colour'"):
        copier(hr.Game, "colour")


def test_replace_keeps_a_history_as_it_is_and_converts_any_other_sequence() -> None:
    from hogwarts_rules.engine import replace
    from hogwarts_rules.history import History

    game = scene(seed=3)
    history = History((TEST,))
    assert replace(game, history=history).history is history
    converted = replace(game, history=[TEST]).history
    assert type(converted) is History and converted == (TEST,)


def test_an_event_constructor_builds_the_event_the_class_builds() -> None:
    from hogwarts_rules.adventure import events as ad_events
    from hogwarts_rules.events import EVENTS, constructor

    moved = constructor(ad_events.Moved)
    assert constructor(ad_events.Moved) is moved
    fast = moved("Ann", "Great Hall", "Hallways", ad_events.Movement.STEP)
    slow = ad_events.Moved("Ann", "Great Hall", "Hallways", ad_events.Movement.STEP)
    assert fast == slow and hash(fast) == hash(slow) and type(fast) is ad_events.Moved
    assert fast.to_dict() == slow.to_dict() and repr(fast) == repr(slow)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        fast.player = "Ben"  # type: ignore[misc]
    with pytest.raises(TypeError):
        moved("Ann", "Great Hall")  # every field, positionally
    rolled = constructor(ad_events.TableRolled)("Ann", "t", "T", (3,), (("x", 1),), 4, "r")
    assert EVENTS.structure(rolled.to_dict(), Event) == rolled


def test_a_context_is_replaying_while_supplied_inputs_remain() -> None:
    from hogwarts_rules.actions import Practice, Rekey
    from hogwarts_rules.engine import Context

    first, second = Rekey("1"), Practice()  # any two actions as the options
    ctx = Context(SeededDice(1), (first,))
    assert ctx.replaying
    assert ctx.decide("Sky", [first, second], prompt="which?") is first
    assert not ctx.replaying
    assert not Context(SeededDice(1)).replaying


def test_from_dict_and_replay_take_a_bound_on_the_number_of_actions() -> None:
    from hogwarts_rules import find_game
    from hogwarts_rules.engine import MAX_ACTIONS
    from hogwarts_rules.errors import InvalidDataError

    spec = find_game("clue")
    game = spec.new_game(["Ann", "Ben", "Cat"], seed=3)
    for _ in range(6):
        game, _ = game.apply(game.legal_actions(game.to_act[0] if game.to_act else None)[0])
    saved = game.to_dict()
    assert spec.from_dict(saved) == game
    assert type(game).from_dict(saved, max_actions=6) == game
    with pytest.raises(InvalidDataError) as caught:
        type(game).from_dict(saved, max_actions=5)
    assert (caught.value.code, caught.value.path) == ("too_many_actions", "$.actions")
    record = game.record
    assert type(game).replay(record, max_actions=None) == game
    with pytest.raises(InvalidDataError) as replayed:
        type(game).replay(record, max_actions=2)
    assert replayed.value.code == "too_many_actions"
    # the default bound refuses a huge save before reading a single action
    huge = {**saved, "actions": [{"type": "nonsense"}] * (MAX_ACTIONS + 1)}
    with pytest.raises(InvalidDataError) as refused:
        type(game).from_dict(huge)
    assert refused.value.code == "too_many_actions"


def test_a_python_callers_huge_integer_key_is_a_documented_error() -> None:
    from hogwarts_rules import find_game
    from hogwarts_rules.errors import InvalidDataError

    game_class = find_game("adventure").game_class
    with pytest.raises(InvalidDataError) as caught:
        game_class.from_dict({10**5000: 1})
    assert caught.value.code == "unknown_field" and len(caught.value.message) < 100


@pytest.mark.parametrize("name", ["Ann\u2028", "A\u2029nn", "\ud800", "Ann\x00", "<Ann"])
def test_player_names_go_through_the_one_validation(name: str) -> None:
    from hogwarts_rules import find_game

    with pytest.raises(IllegalActionError) as caught:
        find_game("adventure").new_game([name, "Ron"], seed=1)
    assert caught.value.code == "bad_name"


def test_huge_integers_from_a_python_caller_are_refused_in_words() -> None:
    from hogwarts_rules import ChanceOutcome, ExternalDice, find_game
    from hogwarts_rules.errors import RulesError

    huge = 10**5000
    for kind in ("first-year-adventure", "hufflepuff-ravenclaw", "clue"):
        spec = find_game(kind)
        game = spec.new_game(None, seed=1)
        with pytest.raises(RulesError) as viewed:
            game.view(huge)  # type: ignore[arg-type]
        assert "bits" in viewed.value.message
        with pytest.raises(RulesError):
            spec.make_bot(huge, game)  # type: ignore[arg-type]
    game = find_game("adventure").new_game(["Ann", "Ben"], dice=ExternalDice())
    game, _ = game.apply(game.legal_actions()[0])
    assert game.to_act == ("<chance>",)  # the roll-off asks the table for a roll
    with pytest.raises(RulesError) as rolled:
        game.apply(ChanceOutcome(huge))
    assert len(rolled.value.message) < 300


def test_a_seat_nested_past_the_recursion_limit_is_refused_in_words() -> None:
    from hogwarts_rules import find_game
    from hogwarts_rules.errors import RulesError

    deep: list[object] = []
    for _ in range(5000):
        deep = [deep]
    for spec in (find_game("clue"), find_game("adventure"), find_game("hr")):
        with pytest.raises(RulesError) as caught:
            spec.new_game(None, seed=1).view(deep)  # type: ignore[arg-type]
        assert "<a list of 1 item>" in caught.value.message


def test_a_seats_memo_is_never_changed_in_place() -> None:
    # Rules code may prime many game values with one shared dict of a seat's actions
    # (First Year Adventure does): asking for another seat makes the value a new dict.
    from hogwarts_rules import find_game

    game = find_game("adventure").new_game(2, seed=3)
    game, _ = game.apply(game.legal_actions()[0])
    seat = game.to_act[0]
    other = next(name for name in game.seat_names if name != seat)
    shared = game._memo
    assert shared is not None and set(shared) == {seat}
    before = dict(shared)
    assert game.legal_actions(other) == () and game.legal_actions(seat) == before[seat]
    assert shared == before and game._memo == {**before, other: ()}


def test_a_suspension_carries_its_request_and_state() -> None:
    from hogwarts_rules.engine import _Suspend

    request = Decision("Sky", (), "spend?")
    stop = _Suspend(request, "state")
    assert stop.request is request and stop.state == "state"
    assert isinstance(stop, BaseException) and not isinstance(stop, Exception)
