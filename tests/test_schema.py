"""The JSON Schemas (`hogwarts_rules.frontends.schema`) describe what the games write and read.

* every game of the catalogue gets its five schemas, built the same way from its
  `GameSpec` (a game registered at run time too); every schema is a valid draft
  2020-12 schema, and ``docs/schemas/`` is up to date;
* everything the library writes validates: saved games at several points of random
  games, every action of the history, every event ``apply`` returns (and what each
  player sees of it), every seat's and the table's views, and outcomes;
* no view schema has room for the dice, a seed or a dice state;
* the schemas never reject what ``from_dict`` accepts: a mutation that a schema
  rejects is also refused by ``from_dict`` with an ``InvalidDataError``.
"""

from __future__ import annotations

import copy
import functools
import json
import random
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import attrs
import jsonschema  # type: ignore[import-untyped, unused-ignore]
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hogwarts_rules import adventure, clue, events_for, find_game, games
from hogwarts_rules import hufflepuff_ravenclaw as hr
from hogwarts_rules.actions import ACTIONS, Action, ChanceOutcome
from hogwarts_rules.bots import RandomBot, seat_actions
from hogwarts_rules.catalogue import UnknownGameError, register_game, unregister_game
from hogwarts_rules.dice import ExternalDice, ScriptedDice, SeededDice
from hogwarts_rules.engine import Decision, GameBase
from hogwarts_rules.errors import InvalidDataError
from hogwarts_rules.events import EVENTS, Event
from hogwarts_rules.frontends import schema as schema_module
from hogwarts_rules.frontends.schema import (
    BASE_URI,
    DIALECT,
    GAMES,
    SCHEMA_NAMES,
    all_schemas,
    game_classes,
    game_schemas,
    outdated_schemas,
    schema_for,
)
from hogwarts_rules.serialization import MAX_INT, MAX_SAFE_INT, MAX_STRING, unstructure

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "docs" / "schemas"

ADVENTURE, CLUE, HR = adventure.KIND, clue.KIND, hr.KIND

Json = Any


@functools.cache
def _validator(kind: str, name: str) -> Any:
    return jsonschema.Draft202012Validator(game_schemas(kind)[name])


def _json(data: object) -> Json:
    return json.loads(json.dumps(data))


def _valid(kind: str, name: str, data: object) -> bool:
    return _valid_text(kind, name, json.dumps(data, sort_keys=True))


@functools.lru_cache(maxsize=4096)
def _valid_text(kind: str, name: str, text: str) -> bool:
    # Cached: the same actions and events come up again and again in random games.
    return bool(_validator(kind, name).is_valid(json.loads(text)))


def assert_valid(kind: str, name: str, data: object) -> None:
    if _valid(kind, name, data):
        return
    error = jsonschema.exceptions.best_match(_validator(kind, name).iter_errors(_json(data)))
    if error is not None:
        pytest.fail(f"{kind}/{name}.json rejects {error.json_path}: {error.message[:300]}")


def assert_invalid(kind: str, name: str, data: object) -> None:
    assert not _valid(kind, name, data), f"{kind}/{name}.json accepts {str(data)[:300]}"


# ================================================================== the schemas themselves


def test_every_schema_is_a_valid_draft_2020_12_schema() -> None:
    schemas = all_schemas()
    expected = [f"{k}/{n}.json" for k in GAMES for n in SCHEMA_NAMES] + ["protocol/reply.json"]
    assert sorted(schemas) == sorted(expected)
    for name, schema in schemas.items():
        jsonschema.Draft202012Validator.check_schema(schema)
        assert schema["$schema"] == DIALECT
        assert schema["$id"] == BASE_URI + name
        assert schema["title"] and schema["description"]


def _walk(value: Json) -> Iterator[dict[str, Json]]:
    if isinstance(value, dict):
        yield value
        for item in value.values():
            yield from _walk(item)
    elif isinstance(value, list):
        for item in value:
            yield from _walk(item)


def test_every_object_is_closed_and_every_ref_resolves() -> None:
    for name, schema in all_schemas().items():
        defs = schema.get("$defs", {})
        for node in _walk(schema):
            if "properties" in node and "oneOf" not in node:
                # A state reply may carry a game's own fields (its spec's extras); a
                # redacted action keeps its actor's field, whatever the game names it.
                protocol = name == "protocol/reply.json"
                if protocol and node is defs["redacted_action"]:
                    assert node["additionalProperties"] == {"type": "string"}
                    continue
                extras = protocol and node is defs["reply.state"]
                assert node["additionalProperties"] is extras, (name, node.get("title"))
            ref = node.get("$ref")
            if isinstance(ref, str):
                assert ref.startswith("#/$defs/") and ref.removeprefix("#/$defs/") in defs


def _game_tags(cls: type[GameBase], registry_classes: dict[str, type]) -> set[str]:
    package = cls.__module__.rsplit(".", 1)[0] + "."
    return {tag for tag, c in registry_classes.items() if c.__module__.startswith(package)}


@pytest.mark.parametrize("kind", GAMES)
def test_actions_and_events_are_a_oneof_over_the_registered_tags(kind: str) -> None:
    cls = GAMES[kind]
    schemas = game_schemas(kind)
    for name, expected in (
        ("action", _game_tags(cls, ACTIONS.classes) | {"chance", "core.practice", "core.rekey"}),
        ("event", _game_tags(cls, EVENTS.classes) | {"core.practice_started", "core.dice_rekeyed"}),
    ):
        schema = schemas[name]
        refs = [alternative["$ref"].removeprefix("#/$defs/") for alternative in schema["oneOf"]]
        tags = {schema["$defs"][ref]["properties"]["type"]["const"] for ref in refs}
        assert tags == expected == set(refs) == set(schema["properties"]["type"]["enum"])
        for ref in refs:
            assert schema["$defs"][ref]["required"][0] == "type"


def test_bounds_match_the_converter() -> None:
    schema = all_schemas()["clue/action.json"]
    # +-(2**53 - 1): the whole numbers every JSON reader keeps (MAX_INT = 2**53 is refused).
    assert schema["$defs"]["int"]["minimum"] == -MAX_SAFE_INT == -(MAX_INT - 1)
    assert schema["$defs"]["int"]["maximum"] == MAX_SAFE_INT == 2**53 - 1
    assert schema["$defs"]["str"]["maxLength"] == MAX_STRING


def test_enums_literals_and_fixed_tuples() -> None:
    hr_game = game_schemas(HR)["game"]
    assert hr_game["$defs"]["Wound"]["enum"] == [w.value for w in hr.Wound]
    cast_spell = game_schemas(HR)["action"]["$defs"]["hr.cast_spell"]
    assert cast_spell["properties"]["preparation"]["anyOf"][0]["enum"] == [
        "Astronomy",
        "Arithmancy",
    ]
    seat = game_schemas(CLUE)["game"]["$defs"]["Seat"]
    cell = seat["properties"]["position"]["anyOf"][0]
    assert cell["prefixItems"] == [{"$ref": "#/$defs/int"}] * 2 and cell["items"] is False
    space = game_schemas(ADVENTURE)["game"]["$defs"]["Space"]
    assert space["enum"] == [s.value for s in adventure.Space]


def test_read_and_written_forms_of_one_class_get_their_own_definitions() -> None:
    defs = game_schemas(HR)["game"]["$defs"]
    # In the set-up, fields with defaults may be left out; the state always writes them all,
    # and also the character's wound.
    assert defs["Character"]["required"] == ["name", "stats", "qualities"]
    assert "wound" not in defs["Character"]["properties"]
    assert defs["Character.written"]["required"][-1] == "wound"


def test_schema_for_registries_types_and_hints() -> None:
    everything = schema_for(ACTIONS)
    assert len(everything["oneOf"]) == len(ACTIONS.classes)
    assert schema_for(Event)["title"] == "Event"
    assert schema_for(hr.Trait, mode="write")["required"] == ["value", "applies_to"]
    assert schema_for(hr.Trait)["required"] == ["value"]
    assert schema_for(tuple[str, ...])["items"] == {"$ref": "#/$defs/str"}
    with pytest.raises(TypeError, match="no JSON schema"):
        schema_for(complex)


def test_the_published_schemas_are_up_to_date() -> None:
    outdated = outdated_schemas(GOLDEN)
    assert not outdated, (
        f"docs/schemas is out of date ({', '.join(outdated)}): run "
        "`python -m hogwarts_rules.frontends.schema docs/schemas` (and delete files no longer "
        "generated)"
    )


# ------------------------------------------------------- every game of the catalogue


@pytest.mark.parametrize("kind", [spec.kind for spec in games()])
def test_every_catalogue_game_gets_the_five_schemas_from_its_spec(kind: str) -> None:
    spec = find_game(kind)
    schemas = game_schemas(kind)
    assert list(schemas) == list(SCHEMA_NAMES)
    for name, schema in schemas.items():
        jsonschema.Draft202012Validator.check_schema(schema)
        assert schema["$id"] == f"{BASE_URI}{kind}/{name}.json"
        assert schema["title"].startswith(spec.title + " ")
    assert schemas["game"]["properties"]["game"]["const"] == spec.game_class.KIND == kind
    assert schemas["view"]["description"].endswith("nor another seat's secret.")
    assert spec.view_class.__name__ in schemas["view"]["description"]
    for alias in spec.aliases:  # an alias names the same game; the documents use the kind
        assert game_schemas(alias) == schemas
    # The sample game the written keys are read from: its seats' and the table's views
    # and its saved state validate.
    game = spec.new_game(spec.min_players, seed=0)
    assert_valid(kind, "game", game.to_dict())
    for seat in (*game.seat_names, None):
        assert isinstance(game.view(seat), spec.view_class)
        assert_valid(kind, "view", game.view(seat).to_dict())


VIEWERS = [spec.kind for spec in games()]


@pytest.mark.parametrize("kind", VIEWERS)
def test_every_view_schema_describes_the_viewer_as_a_string_or_null(kind: str) -> None:
    view = game_schemas(kind)["view"]
    assert "viewer" in view["required"]
    assert view["properties"]["viewer"]["anyOf"] == [{"$ref": "#/$defs/str"}, {"type": "null"}]
    game = find_game(kind).new_game(seed=0)
    assert game.view(None).to_dict()["viewer"] is None
    assert game.view(game.seat_names[0]).to_dict()["viewer"] == game.seat_names[0]


@pytest.mark.parametrize("kind", GAMES)
def test_no_view_schema_has_room_for_the_dice_a_seed_or_a_dice_state(kind: str) -> None:
    view = game_schemas(kind)["view"]
    assert "DiceSource" not in view.get("$defs", {})
    for node in _walk(view):
        assert not {"dice", "seed", "state"} & set(node.get("properties", {})), node
    # Closed objects: a view with the dice added is refused.
    game = find_game(kind).new_game(seed=0)
    data = _json(game.view(game.seat_names[0]).to_dict())
    assert_valid(kind, "view", data)
    dice = _json(game.to_dict()["setup"]["dice"])
    for key in ("dice", "seed", "state"):
        assert_invalid(kind, "view", {**data, key: dice})


def test_a_game_registered_at_run_time_gets_its_schemas() -> None:
    spec = attrs.evolve(find_game(CLUE), kind="clue-again", title="Clue Again", aliases=())
    assert "clue-again" not in GAMES
    register_game(spec)
    try:
        assert GAMES["clue-again"] is clue.Game and "clue-again" in game_classes()
        assert len(GAMES) == len(games())
        schemas = game_schemas("clue-again")
        assert schemas["view"]["title"] == "Clue Again view"
        assert schemas["action"]["$id"] == BASE_URI + "clue-again/action.json"
        # The saved game's "game" is what the class writes and from_dict reads.
        assert schemas["game"]["properties"]["game"]["const"] == "clue"
        assert {f"clue-again/{name}.json" for name in SCHEMA_NAMES} <= set(all_schemas())
    finally:
        unregister_game("clue-again")
    assert "clue-again" not in GAMES and "clue-again" not in game_classes()
    with pytest.raises(KeyError):
        GAMES["clue-again"]


def test_unknown_games_are_refused_with_a_code() -> None:
    with pytest.raises(UnknownGameError, match="unknown game") as caught:
        game_schemas("quidditch")
    assert caught.value.code == "unknown_game"
    assert "hr" not in GAMES and "hufflepuff-ravenclaw" in GAMES


class _Waiting:
    """A class whose ``awaiting`` is the engine's request, as a game's is."""

    @property
    def awaiting(self) -> Decision | None:
        """What is awaited."""
        return None


def test_an_engine_request_in_a_state_is_described_in_words() -> None:
    builder = schema_module._Builder()
    for sample in ("Sky may spend Youth", None):
        entry = builder.written_object(_Waiting, {"awaiting": sample})["properties"]["awaiting"]
        assert entry["anyOf"][1] == {"type": "null"}
        assert entry["description"].startswith("What is awaited, in words: the prompt")
    with pytest.raises(TypeError, match="in words"):
        builder.written_object(_Waiting, {"awaiting": {"prompt": "Sky may spend Youth"}})
    state = game_schemas(HR)["game"]["properties"]["state"]["properties"]
    assert state["awaiting"]["anyOf"] == [{"$ref": "#/$defs/str"}, {"type": "null"}]


def test_the_old_module_path_still_works() -> None:
    from hogwarts_rules import schema as old

    assert old.game_schemas is game_schemas and old.GAMES is GAMES
    assert set(old.__all__) == set(schema_module.__all__)
    done = subprocess.run(
        [sys.executable, "-m", "hogwarts_rules.schema", "--check", str(GOLDEN)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert (done.returncode, done.stdout) == (0, ""), done.stderr


# ================================================================== what the games write


def _check_step(kind: str, action: Action, events: tuple[Event, ...], players: list[str]) -> None:
    assert_valid(kind, "action", action.to_dict())
    assert type(action).from_dict(_json(action.to_dict())) == action
    for event in events:
        assert_valid(kind, "event", event.to_dict())
    for player in players:
        for seen in events_for(events, player):
            if seen not in events:  # a redacted copy (Clue hides cards from the others)
                assert_valid(kind, "event", seen.to_dict())


def _check_game(kind: str, game: GameBase, players: list[str]) -> None:
    assert_valid(kind, "game", game.to_dict())
    for player in (*players, None):  # every seat's view, and the table's
        assert_valid(kind, "view", game.view(player).to_dict())
    if game.outcome is not None:
        assert_valid(kind, "outcome", unstructure(game.outcome))


def _play(
    kind: str,
    game: GameBase,
    choose: Callable[[GameBase], Action],
    players: list[str],
    *,
    steps: int,
    checkpoints: int = 4,
) -> GameBase:
    """Play up to ``steps`` actions, checking every action and event and a few saved games."""
    every = max(steps // checkpoints, 1)
    for step in range(steps):
        if game.is_over:
            break
        action = choose(game)
        game, events = game.apply(action)
        _check_step(kind, action, events, players)
        if step % every == 0:
            _check_game(kind, game, players)
    _check_game(kind, game, players)
    for action in game.history:
        assert_valid(kind, "action", action.to_dict())
    return game


def _bot_chooser(seed: int) -> Callable[[GameBase], Action]:
    """A random bot for whoever decides (the first seat when nobody must)."""
    bot = RandomBot(seed)

    def choose(game: GameBase) -> Action:
        who = game.to_act[0] if game.to_act else game.seat_names[0]
        return bot.choose(game.view(who), who, seat_actions(game, who))

    return choose


@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32))
def test_random_adventure_games_validate(seed: int) -> None:
    players = ["Harry", "Hermione", "Ron"]
    game = adventure.new_game(players, seed=seed, max_rounds=10)
    _play(ADVENTURE, game, _bot_chooser(seed), players, steps=300)


@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), players=st.integers(3, 5))
def test_random_clue_games_validate(seed: int, players: int) -> None:
    names = ["Ann", "Ben", "Cat", "Dan", "Eve"][:players]
    game = clue.new_game(names, seed=seed, students={"Ann": "Luna"})
    _play(CLUE, game, _bot_chooser(seed), names, steps=150)


def test_a_clue_game_with_its_content_in_the_setup_and_external_dice_validates() -> None:
    names = ["Ann", "Ben", "Cat"]
    game = clue.new_game(names, dice=ExternalDice(), content=clue.default_content())
    assert game.to_dict()["setup"]["content"] is not None
    rng = random.Random(5)
    bot = _bot_chooser(5)

    def choose(game: GameBase) -> Action:
        outcomes = game.chance_outcomes()
        if outcomes:
            return outcomes[rng.randrange(len(outcomes))][0]
        return bot(game)

    _play(CLUE, game, choose, names, steps=80)


def _hr_sheets() -> list[hr.Character]:
    sky = hr.Character.first_year(
        "Sky",
        stats={"Agility": 5, "Size": 3},
        skills={"Brawl": 2, "Charms": 3},
        traits={"Quick": hr.Trait(2, frozenset({"Agility"})), "Clumsy": -1},
        spells=("Lumos", "Accio"),
        classes=("Charms",),
    )
    return [sky, hr.Character.first_year("Weasley"), hr.Character.first_year("Goyle")]


def _hr_root_actions(rng: random.Random, names: list[str]) -> list[Action]:
    a, b = rng.sample(names, 2)
    skill = rng.choice(["Brawl", "Charms", "Notice", "Athletics"])
    stat = rng.choice(["Agility", "Ambition", "Size"])
    modifiers = (hr.Modifier(rng.randint(-3, 3), "dark"),) if rng.random() < 0.5 else ()
    return [
        hr.SkillTest(a, skill, stat, modifiers, ("Quick",) if a == "Sky" else ()),
        hr.QualityTest(a, rng.choice(hr.QUALITIES), modifiers),
        hr.Contest(hr.TestSpec(a, skill, stat), hr.TestSpec(b, "Notice", "Ambition", modifiers)),
        hr.CastSpell(a, rng.choice(["Lumos", "Accio", "Expelliarmus"]), verbal=rng.random() < 0.5),
        hr.BrawlRound(hr.Fighter(a, armed=rng.random() < 0.3), hr.Fighter(b)),
        hr.Damage(a, rng.randint(1, 3), "a Stinging Jinx"),
        hr.Fall(a, rng.randint(1, 12)),
        hr.Heal(a, rng.randint(1, 2)),
        hr.EndSession(),
        hr.SchoolBreak(),
        hr.AdvanceYears(a, rng.randint(2, 4), {"Notice": 1}),
    ]


def _hr_chooser(seed: int, names: list[str]) -> Callable[[GameBase], Action]:
    rng = random.Random(seed)

    def choose(game: GameBase) -> Action:
        if game.to_act:
            options = game.legal_actions()
            return options[rng.randrange(len(options))]
        if rng.random() < 0.02:
            return hr.EndScene()
        while True:
            candidates = _hr_root_actions(rng, names)
            action = candidates[rng.randrange(len(candidates))]
            if game.can_apply(action):
                return action

    return choose


@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), external=st.booleans())
def test_random_hufflepuff_ravenclaw_scenes_validate(seed: int, external: bool) -> None:
    sheets = _hr_sheets()
    names = [c.name for c in sheets]
    dice = ExternalDice() if external else SeededDice(seed)
    game = hr.new_game(sheets, dice=dice, extra_skills={"Quidditch": "common"})
    _play(HR, game, _hr_chooser(seed, names), names, steps=50)


def test_a_finished_scene_and_its_outcome_validate() -> None:
    game = hr.new_game(["Sky"], dice=ScriptedDice([11]))
    game, _ = game.apply(hr.SkillTest("Sky", "Brawl", "Agility"))
    assert game.to_act == ("Sky",)
    assert_valid(HR, "game", game.to_dict())
    game, _ = game.apply(hr.SpendYouth("Sky", 3))
    game, _ = game.apply(hr.EndScene())
    assert game.outcome is not None
    assert_valid(HR, "outcome", unstructure(game.outcome))
    for seat in ("Sky", None):
        assert_valid(HR, "view", game.view(seat).to_dict())


# ================================================================== what from_dict refuses


@functools.cache
def _samples() -> dict[str, dict[str, Json]]:
    """A small saved game of each kind, part-way through (kept short: from_dict replays)."""
    adventure_game = adventure.new_game(["Harry", "Hermione"], seed=11)
    choose = _bot_chooser(11)
    for _ in range(25):
        adventure_game, _ = adventure_game.apply(choose(adventure_game))
    clue_game = clue.new_game(["Ann", "Ben", "Cat"], seed=3)
    choose = _bot_chooser(3)
    for _ in range(25):
        clue_game, _ = clue_game.apply(choose(clue_game))
    names = [c.name for c in _hr_sheets()]
    hr_game = hr.new_game(_hr_sheets(), seed=2)
    choose = _hr_chooser(2, names)
    for _ in range(12):
        hr_game, _ = hr_game.apply(choose(hr_game))
    games: list[GameBase] = [adventure_game, clue_game, hr_game]
    return {game.KIND: _json(game.to_dict()) for game in games}


def _refused_by_both(kind: str, data: Json) -> None:
    assert_invalid(kind, "game", data)
    with pytest.raises(InvalidDataError):
        GAMES[kind].from_dict(data)


def _first_action_with(data: Json, predicate: Callable[[str, Json], bool]) -> tuple[Json, str]:
    for action in data["actions"]:
        for key, value in action.items():
            if key != "type" and predicate(key, value):
                return action, key
    raise AssertionError("no such action in the sample")


Mutation = Callable[[Json], None]


def _set_in_setup(key: str, value: Json) -> Mutation:
    def mutate(data: Json) -> None:
        data["setup"][key] = value

    return mutate


def _set_in_dice(key: str, value: Json) -> Mutation:
    def mutate(data: Json) -> None:
        data["setup"]["dice"][key] = value

    return mutate


def _set_in_string_field(value: Json) -> Mutation:
    def mutate(data: Json) -> None:
        action, key = _first_action_with(data, lambda _, v: isinstance(v, str))
        action[key] = value

    return mutate


def _set_in_first_action(key: str, value: Json) -> Mutation:
    def mutate(data: Json) -> None:
        data["actions"][0][key] = value

    return mutate


def _delete(*path: str | int) -> Mutation:
    def mutate(data: Json) -> None:
        node = data
        for step in path[:-1]:
            node = node[step]
        del node[path[-1]]

    return mutate


MUTATIONS: dict[str, Mutation] = {
    "unknown top-level field": lambda d: d.update(extra=1),
    "unknown field in an action": _set_in_first_action("bogus", 1),
    "unknown field in the state": lambda d: d["state"].update(extra=1),
    "unknown field in the dice": _set_in_dice("extra", 1),
    "unknown action type": _set_in_first_action("type", "quidditch.seek"),
    "an action without a type": _delete("actions", 0, "type"),
    "a number where a seed's string goes": _set_in_dice("seed", 11),
    "a boolean where a seed goes": _set_in_dice("seed", True),
    "a fraction where a dice state goes": _set_in_dice("state", 1.5),
    "a seed too large": _set_in_dice("seed", str(2**64)),
    "a seed with a leading zero": _set_in_dice("seed", "011"),
    "a seed as a number beyond 2**53": _set_in_dice("seed", 2**64 - 1),
    "a number where a string goes": _set_in_string_field(7),
    "null where a string goes": _set_in_string_field(None),
    "a string too long": _set_in_string_field("x" * (MAX_STRING + 1)),
    "another format": lambda d: d.update(format="chess"),
    "another version": lambda d: d.update(version=3),
    "the version as a string": lambda d: d.update(version="2"),
    "another game": lambda d: d.update(game="chess"),
    "no set-up": _delete("setup"),
    "no actions": _delete("actions"),
    "actions not a list": lambda d: d.update(actions={"0": d["actions"][0]}),
    "unknown dice kind": _set_in_dice("kind", "loaded"),
    "a seed below zero": _set_in_dice("seed", "-1"),
}


@pytest.mark.parametrize("kind", GAMES)
@pytest.mark.parametrize("mutation", MUTATIONS, ids=str)
def test_schemas_and_from_dict_refuse_the_same_mutations(kind: str, mutation: str) -> None:
    data = copy.deepcopy(_samples()[kind])
    assert_valid(kind, "game", data)
    MUTATIONS[mutation](data)
    _refused_by_both(kind, data)


def test_too_large_numbers_in_actions_and_set_ups_are_refused_by_both() -> None:
    data = copy.deepcopy(_samples()[HR])
    action, key = _first_action_with(data, lambda _, v: type(v) is int)
    action[key] = MAX_INT
    _refused_by_both(HR, data)
    action[key] = str(MAX_INT - 1)
    _refused_by_both(HR, data)
    data = copy.deepcopy(_samples()[ADVENTURE])
    data["setup"]["max_rounds"] = -MAX_INT
    _refused_by_both(ADVENTURE, data)
    data["setup"]["max_rounds"] = "12"
    _refused_by_both(ADVENTURE, data)


ACTION_SAMPLES: list[tuple[str, Action]] = [
    (HR, hr.Damage("Sky", 2, "a Stinging Jinx")),
    (HR, hr.CastSpell("Sky", "Lumos", preparation="Astronomy", modifiers=(hr.Modifier(1),))),
    (HR, hr.AdvanceYears("Sky", 3, {"Notice": 2})),
    (HR, hr.BrawlRound(hr.Fighter("Sky", armed=True), hr.Fighter("Goyle"))),
    (CLUE, clue.MoveTo("Ann", "Hogwarts", felix=True, alohomoras=1)),
    (CLUE, clue.Accuse("Ann", "Draco Malfoy", "Cursed Necklace", "Hogwarts")),
    (ADVENTURE, adventure.ChooseHouse("Harry", "Gryffindor")),
]


@pytest.mark.parametrize(("kind", "action"), ACTION_SAMPLES, ids=repr)
def test_actions_mutated_are_refused_by_both(kind: str, action: Action) -> None:
    data = _json(action.to_dict())
    assert_valid(kind, "action", data)
    fields = [key for key in data if key != "type"]
    mutated: list[Json] = [
        {**data, "extra": 1},
        {**data, "type": "quidditch.seek"},
        {key: value for key, value in data.items() if key != "type"},
    ]
    for key in fields:
        value = data[key]
        if type(value) is int:
            mutated += [{**data, key: MAX_INT}, {**data, key: str(value)}, {**data, key: True}]
        elif type(value) is str:
            mutated += [{**data, key: 1}, {**data, key: "x" * (MAX_STRING + 1)}]
        elif type(value) is bool:
            mutated += [{**data, key: 0}, {**data, key: None}]
    required = game_schemas(kind)["action"]["$defs"][data["type"]]["required"]
    mutated += [{k: v for k, v in data.items() if k != key} for key in required if key != "type"]
    for bad in mutated:
        assert_invalid(kind, "action", bad)
        with pytest.raises(InvalidDataError):
            Action.from_dict(bad)


def test_chance_outcomes_hold_a_number_or_a_string() -> None:
    for value in (4, "dark mark"):
        assert_valid(CLUE, "action", ChanceOutcome(value).to_dict())
    bad_values: list[Json] = [None, True, 1.5, [], MAX_INT, "x" * (MAX_STRING + 1)]
    for bad in bad_values:
        data = {"type": "chance", "value": bad}
        assert_invalid(CLUE, "action", data)
        with pytest.raises(InvalidDataError):
            Action.from_dict(data)


def test_events_mutated_are_refused_by_both() -> None:
    game = hr.new_game(["Sky"], dice=ScriptedDice([11]))
    _, events = game.apply(hr.SkillTest("Sky", "Brawl", "Agility"))
    data = _json(events[0].to_dict())
    assert_valid(HR, "event", data)
    assert Event.from_dict(data) == events[0]
    for bad in (
        {**data, "extra": 1},
        {**data, "roll": "11"},
        {**data, "roll": MAX_INT},
        {**data, "type": "hr.damage"},  # an action's tag is not an event's
        {k: v for k, v in data.items() if k != "roll"},
    ):
        assert_invalid(HR, "event", bad)
        with pytest.raises(InvalidDataError):
            Event.from_dict(bad)


# ---------------------------------------------------------- random mutations (soundness)


def _paths(value: Json, here: tuple[str | int, ...] = ()) -> Iterator[tuple[str | int, ...]]:
    yield here
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, (*here, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _paths(item, (*here, index))


REPLACEMENTS: list[Json] = [
    None,
    True,
    0,
    -1,
    1.5,
    MAX_INT,
    -MAX_INT,
    "x",
    "y" * (MAX_STRING + 1),
    [],
    {},
    [1],
]


@st.composite
def mutated_documents(draw: st.DrawFn) -> tuple[str, Json]:
    kind = draw(st.sampled_from(sorted(GAMES)))
    data = copy.deepcopy(_samples()[kind])
    paths = list(_paths(data))
    path = draw(st.sampled_from(paths))
    parent: Json = data
    for step in path[:-1]:
        parent = parent[step]
    how = draw(st.sampled_from(["replace", "add key", "delete", "append"]))
    target = parent[path[-1]] if path else data
    if how == "replace" and path:
        parent[path[-1]] = draw(st.sampled_from(REPLACEMENTS))
    elif how == "add key" and isinstance(target, dict):
        target[draw(st.sampled_from(["extra", "type", "kind", "x" * (MAX_STRING + 1)]))] = 1
    elif how == "delete" and path and isinstance(parent, dict):
        del parent[path[-1]]
    elif how == "append" and isinstance(target, list):
        target.append(draw(st.sampled_from([*REPLACEMENTS, *target[:1]])))
    else:
        parent_or_root = parent if path else {"root": data}
        parent_or_root[path[-1] if path else "root"] = draw(st.sampled_from(REPLACEMENTS))
        if not path:
            data = parent_or_root["root"]
    return kind, data


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated_documents())
def test_what_a_schema_refuses_from_dict_refuses_too(case: tuple[str, Json]) -> None:
    kind, data = case
    if _valid(kind, "game", data):
        return  # the schema cannot see everything from_dict checks (the rules, the state)
    with pytest.raises(InvalidDataError):
        GAMES[kind].from_dict(data)
