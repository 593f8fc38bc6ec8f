"""JSON that every language reads the same: no whole number outside ±(2**53 - 1), seeds as strings.

A UI written in JavaScript reads the library's JSON with ``JSON.parse``, which makes
every number a float64: a whole number above 2**53 - 1 comes back rounded. These
tests read everything the library writes the way such a program does (`js_loads`)
and load it back: saved games of every catalogue game (seeds up to 2**64 - 1, played
part-way by bots), every seat's view and the table's, events, outcomes, the engine
protocol's replies, simulation records and the schemas.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from typing import Any

import jsonschema  # type: ignore[import-untyped, unused-ignore]
import pytest

from hogwarts_rules import (
    Event,
    GameBase,
    GameSpec,
    InvalidDataError,
    RandomBot,
    SeededDice,
    games,
)
from hogwarts_rules import hufflepuff_ravenclaw as hr
from hogwarts_rules.bots import deciding_seat, seat_actions
from hogwarts_rules.dice import dice_from_dict
from hogwarts_rules.engine import GameRecord
from hogwarts_rules.frontends import simulation
from hogwarts_rules.frontends.schema import all_schemas, game_schemas
from hogwarts_rules.frontends.serve import Server
from hogwarts_rules.serialization import FORMAT_VERSION, MAX_SAFE_INT, unstructure

SAFE = 2**53 - 1
SPECS = list(games())
KINDS = [spec.kind for spec in SPECS]
SEEDS = [0, 1, 7, SAFE, SAFE + 1, 2**63, 2**64 - 2, 2**64 - 1]


# ----- a JavaScript-like reader ------------------------------------------------------------------


def _as_js(value: Any) -> Any:
    """What ``JSON.parse`` gives a JavaScript program, in Python terms.

    Every number is a float64; a whole one is an ``int`` again only when a float64
    holds it exactly *and* it is within ±(2**53 - 1) (``Number.isSafeInteger``).
    """
    if isinstance(value, float):
        if value.is_integer() and abs(value) <= SAFE:
            return int(value)
        return value
    if isinstance(value, list):
        return [_as_js(item) for item in value]
    if isinstance(value, dict):
        return {key: _as_js(item) for key, item in value.items()}
    return value


def js_loads(text: str) -> Any:
    """Read JSON text as JavaScript's ``JSON.parse`` would."""
    return _as_js(json.loads(text, parse_int=float))


def js_round_trip(data: Any) -> Any:
    """``data`` written as JSON text and read back by a JavaScript-like reader (exactly)."""
    text = json.dumps(data)
    again = js_loads(text)
    assert json.dumps(again) == text, "a JavaScript reader does not read this JSON exactly"
    return again


def unsafe_numbers(data: Any, path: str = "$") -> Iterator[str]:
    """Where ``data`` holds a whole number outside ±(2**53 - 1)."""
    if isinstance(data, bool):
        return
    if isinstance(data, int | float) and abs(data) > SAFE:  # (every float beyond is whole)
        yield f"{path} = {data}"
    elif isinstance(data, dict):
        for key, value in data.items():
            yield from unsafe_numbers(value, f"{path}.{key}")
    elif isinstance(data, list | tuple):
        for index, value in enumerate(data):
            yield from unsafe_numbers(value, f"{path}[{index}]")


def assert_safe(data: Any) -> None:
    found = list(unsafe_numbers(data))
    assert not found, f"whole numbers outside +-(2**53 - 1): {found[:5]}"


def test_the_reader_rounds_like_javascript() -> None:
    assert js_loads("[1, -9007199254740991, 2.5]") == [1, -SAFE, 2.5]
    big = js_loads("18446744073709551615")
    assert isinstance(big, float) and big == 2.0**64  # rounded, as JSON.parse does
    assert list(unsafe_numbers({"a": [1, 2**53]})) == ["$.a[1] = 9007199254740992"]
    assert MAX_SAFE_INT == SAFE


# ----- games played part-way ---------------------------------------------------------------------


def _step(spec: GameSpec, game: GameBase, rng: random.Random) -> GameBase | None:
    """One more action of ``game``: a bot's where the spec has bots; ``None`` when none is left."""
    if game.is_over:
        return None
    if spec.bots:
        seat = deciding_seat(game)
        if seat is None:
            return None
        name = rng.choice(spec.bot_names)
        bot = spec.make_bot(name, game, seed=rng.randrange(2**64))
        action = bot.choose(game.view(seat), seat, seat_actions(game, seat))
        return game.apply(action)[0]
    actions = list(game.legal_actions())
    if game.pending is None and spec.kind == hr.KIND and rng.random() < 0.8:
        # A game master's table: the rules test a skill when asked (and roll for it).
        character = rng.choice(game.seat_names)
        actions = [
            hr.SkillTest(character, "Brawl", "Agility"),
            hr.QualityTest(character, "Bravery"),
        ]
    if not actions:
        return None
    action = RandomBot(rng.randrange(2**64)).choose(None, "", actions)
    return game.apply(action)[0]


def played(spec: GameSpec, seed: int, steps: int) -> Iterator[GameBase]:
    """A game of ``spec`` with ``seed``, after 0 actions, every 7th, and (at most) ``steps``."""
    rng = random.Random(f"{spec.kind} {seed} {steps}")
    players = rng.randint(spec.min_players, spec.max_players)
    game = spec.new_game(players, seed=seed)
    yield game
    for count in range(1, steps + 1):
        following = _step(spec, game, rng)
        if following is None:
            break
        game = following
        if count % 7 == 0 and count != steps:
            yield game
    if game.history:
        yield game


def last(spec: GameSpec, seed: int, steps: int) -> GameBase:
    *_, game = played(spec, seed, steps)
    return game


def _events(game: GameBase) -> list[Event]:
    """Every event of ``game``, by replaying its history from the start."""
    start = type(game).replay(GameRecord(game.KIND, game.record.setup, ()))
    _, events = start.apply_all(game.history)
    return list(events)


def _sample() -> list[tuple[str, int, int]]:
    rng = random.Random(12)
    cases = []
    for kind in KINDS:
        for seed in [*SEEDS, *(rng.randrange(2**64) for _ in range(3))]:
            cases.append((kind, seed, rng.choice([0, 5, 20, 60])))
    return cases


def _spec(kind: str) -> GameSpec:
    return next(spec for spec in SPECS if spec.kind == kind)


@pytest.mark.parametrize(("kind", "seed", "steps"), _sample())
def test_saved_games_views_and_events_read_back_the_same_in_javascript(
    kind: str, seed: int, steps: int
) -> None:
    spec = _spec(kind)
    for game in played(spec, seed, steps):
        data = js_round_trip(game.to_dict())
        assert_safe(data)
        assert data["version"] == FORMAT_VERSION == 2
        dice = data["setup"]["dice"]
        assert dice == {"kind": "seeded", "seed": str(seed), "state": str(seed)}  # as it started
        assert dice_from_dict(dice) == SeededDice(seed)
        loaded = spec.from_dict(data)
        assert loaded == game
        assert loaded.to_dict() == game.to_dict()
        for seat in (*game.seat_names, None):
            view = game.view(seat)
            shown = js_round_trip(view.to_dict())
            assert_safe(shown)
            from_dict = getattr(type(view), "from_dict", None)
            if from_dict is not None:
                assert from_dict(shown) == view
        if game.outcome is not None:
            assert_safe(js_round_trip(unstructure(game.outcome)))
    for event in _events(game):
        data = js_round_trip(event.to_dict())
        assert_safe(data)
        assert Event.from_dict(data) == event


@pytest.mark.parametrize("kind", KINDS)
def test_dice_started_from_any_state_are_written_exactly(kind: str) -> None:
    spec = _spec(kind)
    dice = SeededDice(2**64 - 1, 2**63 + 12345)
    game = spec.new_game(spec.min_players, dice=dice)
    for _ in range(30):
        following = _step(spec, game, random.Random(1))
        if following is None:
            break
        game = following
    written = game.to_dict()["setup"]["dice"]
    assert written == {"kind": "seeded", "seed": str(2**64 - 1), "state": str(2**63 + 12345)}
    loaded = spec.from_dict(js_loads(json.dumps(game.to_dict())))
    assert loaded == game and loaded.dice == game.dice


def test_the_sample_is_played_part_way() -> None:
    lengths = [len(last(_spec(kind), seed, steps).history) for kind, seed, steps in _sample()]
    assert max(lengths) >= 40 and sum(1 for n in lengths if n > 0) > len(lengths) / 2


# ----- integers out of range are refused, naming the field ----------------------------------------


def _hr_save() -> dict[str, Any]:
    game = hr.new_game(["Sky", "Weasley"], seed=2**64 - 1)
    game, _ = game.apply(hr.Damage("Sky", 1, "a Stinging Jinx"))
    data: dict[str, Any] = json.loads(json.dumps(game.to_dict()))
    return data


@pytest.mark.parametrize("number", [2**53, -(2**53), 2**64 - 1, 10**30])
@pytest.mark.parametrize(
    ("where", "path"),
    [
        (("actions", 0, "points"), "$.actions[0].points"),
        (("state", "characters", "Sky", "damage"), "$.state.characters.Sky.damage"),
        (("setup", "characters", 0, "youth"), "$.setup.characters[0].youth"),
        (("setup", "dice", "seed"), "$.setup.dice.seed"),
    ],
)
def test_from_dict_refuses_unsafe_integers_naming_the_field(
    number: int, where: tuple[Any, ...], path: str
) -> None:
    data = _hr_save()
    *parents, last = where
    target: Any = data
    for key in parents:
        target = target[key]
    target[last] = number
    with pytest.raises(InvalidDataError) as caught:
        hr.Game.from_dict(data)
    assert (caught.value.code, caught.value.path) == ("unsafe_integer", path)
    assert caught.value.message.startswith(path + ": ")


def test_the_safe_bounds_themselves_are_read() -> None:
    data = _hr_save()
    data["actions"][0]["points"] = SAFE
    del data["state"]
    with pytest.raises(InvalidDataError) as caught:
        hr.Game.from_dict(data)
    assert caught.value.code == "illegal_record"  # read, then refused by the rules
    data["actions"][0]["points"] = SAFE + 1
    with pytest.raises(InvalidDataError) as caught:
        hr.Game.from_dict(data)
    assert caught.value.code == "unsafe_integer"


@pytest.mark.parametrize("kind", KINDS)
def test_views_and_events_refuse_unsafe_integers(kind: str) -> None:
    spec = _spec(kind)
    game = last(spec, 3, 20)
    view = game.view(game.seat_names[0])
    from_dict = getattr(type(view), "from_dict", None)
    data = view.to_dict()
    paths = list(_int_paths(data))
    if from_dict is not None and paths:
        path, keys = paths[0]
        changed = json.loads(json.dumps(data))
        _set(changed, keys, 2**53)
        with pytest.raises(InvalidDataError) as caught:
            from_dict(changed)
        assert caught.value.code == "unsafe_integer"
        assert _dotted(caught.value.path) == path
    for event in _events(game)[:30]:
        event_data = event.to_dict()
        for path, keys in _int_paths(event_data):
            changed = json.loads(json.dumps(event_data))
            _set(changed, keys, -(2**53))
            with pytest.raises(InvalidDataError) as caught:
                Event.from_dict(changed)
            assert caught.value.code == "unsafe_integer"
            assert _dotted(caught.value.path) == path


def _dotted(path: str) -> str:
    """A path with a mapping's keys as ``.key`` (the converter writes ``['key']``)."""
    return re.sub(r"\['([^']*)'\]", r".\1", path)


def _int_paths(data: Any, path: str = "$", keys: tuple[Any, ...] = ()) -> Iterator[Any]:
    if isinstance(data, int) and not isinstance(data, bool):
        yield path, keys
    elif isinstance(data, dict):
        for key, value in data.items():
            yield from _int_paths(value, f"{path}.{key}", (*keys, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from _int_paths(value, f"{path}[{index}]", (*keys, index))


def _set(data: Any, keys: tuple[Any, ...], value: Any) -> None:
    for key in keys[:-1]:
        data = data[key]
    data[keys[-1]] = value


@pytest.mark.parametrize(
    "seed", [7, "007", "-1", "+7", " 7", "7.0", "", "18446744073709551616", 1.5, True, None]
)
def test_saved_dice_of_version_2_are_strings_only(seed: object) -> None:
    data = _hr_save()
    data["setup"]["dice"]["seed"] = seed
    with pytest.raises(InvalidDataError) as caught:
        hr.Game.from_dict(data)
    assert (caught.value.code, caught.value.path) == ("bad_dice", "$.setup.dice.seed")


# ----- version 1 ----------------------------------------------------------------------------------


def _as_version_1(data: dict[str, Any]) -> dict[str, Any]:
    """What this library wrote before format version 2: integer seeds and states."""
    old: dict[str, Any] = json.loads(json.dumps(data))
    old["version"] = 1
    dice = old["setup"]["dice"]
    if dice["kind"] == "seeded":
        dice["seed"], dice["state"] = int(dice["seed"]), int(dice["state"])
    return old


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("seed", [0, SAFE + 1, 2**64 - 1])
def test_version_1_saves_load_and_are_written_as_version_2(kind: str, seed: int) -> None:
    spec = _spec(kind)
    game = last(spec, seed, 20)
    old = _as_version_1(game.to_dict())
    assert old["setup"]["dice"]["seed"] == seed
    loaded = spec.from_dict(old)
    assert loaded == game
    written = loaded.to_dict()
    assert written["version"] == 2
    assert written["setup"]["dice"]["seed"] == str(seed)
    assert written == game.to_dict()


def test_version_1_is_otherwise_read_as_strictly() -> None:
    old = _as_version_1(_hr_save())
    old["actions"][0]["points"] = 2**53
    with pytest.raises(InvalidDataError) as caught:
        hr.Game.from_dict(old)
    assert (caught.value.code, caught.value.path) == ("unsafe_integer", "$.actions[0].points")
    old = _as_version_1(_hr_save())
    old["setup"]["dice"]["seed"] = 2**64  # never a seed
    with pytest.raises(InvalidDataError) as caught:
        hr.Game.from_dict(old)
    assert caught.value.code == "unsafe_integer"
    assert caught.value.path == "$.setup.dice.seed"
    old = _as_version_1(_hr_save())
    old["setup"]["dice"]["state"] = -1
    with pytest.raises(InvalidDataError) as caught:
        hr.Game.from_dict(old)
    assert (caught.value.code, caught.value.path) == ("bad_dice", "$.setup.dice.state")


@pytest.mark.parametrize("version", [0, 3, -1, 2**53, "2", 2.0, True, None])
def test_unknown_versions_are_refused(version: object) -> None:
    data = _hr_save()
    data["version"] = version
    with pytest.raises(InvalidDataError) as caught:
        hr.Game.from_dict(data)
    assert (caught.value.code, caught.value.path) == ("bad_version", "$.version")


# ----- the protocol ------------------------------------------------------------------------------


def _replies(kind: str, seed: object) -> Iterator[tuple[str, dict[str, Any]]]:
    """Every kind of reply of a server playing a game of ``kind``, started with ``seed``."""
    server = Server()
    spec = _spec(kind)
    yield "hello", server.handle({"id": 1, "op": "hello"})
    players = list(spec.seat_names[: spec.min_players])
    new = server.handle({"id": 2, "op": "new", "game": kind, "players": players, "seed": seed})
    assert new["ok"], new
    yield "new", new
    game_id = new["game_id"]
    for seat in [*players, "table"]:
        yield "state", server.handle({"op": "state", "game_id": game_id, "seat": seat})
    if spec.bots:
        bots = dict.fromkeys(players, spec.bot_names[0])
        step = {"op": "play_bots", "game_id": game_id, "bots": bots, "max_steps": 15}
        step["role"] = "host"  # every seat's events
        yield "play_bots", server.handle(step)
        for _ in players:
            to_act = server.handle({"op": "state", "game_id": game_id, "seat": "table"})["to_act"]
            if not to_act or to_act[0] not in players:
                break
            bot = {"op": "bot", "game_id": game_id, "seat": to_act[0], "bot": spec.bot_names[0]}
            yield "bot", server.handle(bot)
    else:
        action = hr.SkillTest(players[0], "Brawl", "Agility").to_dict()
        apply = {"op": "apply", "game_id": game_id, "seat": players[0], "action": action}
        yield "apply", server.handle(apply)
    for seat in [*players, "table"]:
        yield "events", server.handle({"op": "events", "game_id": game_id, "seat": seat})
        yield "state", server.handle({"op": "state", "game_id": game_id, "seat": seat})
    saved = server.handle({"op": "save", "game_id": game_id, "role": "host"})
    yield "save", saved
    loaded = server.handle({"op": "load", "game": js_loads(json.dumps(saved["game"]))})
    assert loaded["ok"], loaded
    yield "load", loaded
    # (A reply that refuses is JSON too: every reply is checked, answered or not.)
    yield "undo", server.handle({"op": "undo", "game_id": game_id, "to_step": 0, "role": "host"})
    yield "refused", server.handle({"op": "new", "game": kind, "players": [], "seed": seed})
    yield "list", server.handle({"op": "list"})
    yield "schema", server.handle({"op": "schema", "game": kind, "name": "game"})


def _mentions_dice(data: Any) -> bool:
    if isinstance(data, dict):
        if {"seed", "state"} <= set(data) and data.get("kind") == "seeded":
            return True
        return any(_mentions_dice(value) for value in data.values())
    if isinstance(data, list):
        return any(_mentions_dice(value) for value in data)
    return False


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("seed", [7, SAFE, "0", "9007199254740993", "18446744073709551615"])
def test_protocol_replies_read_back_the_same_in_javascript(kind: str, seed: object) -> None:
    number = int(seed) if isinstance(seed, str) else seed
    for op, reply in _replies(kind, seed):
        assert reply["ok"] or op in ("undo", "refused"), (op, reply)
        again = js_round_trip(reply)
        assert_safe(again)
        if isinstance(number, int) and number >= 10**6 and op != "schema":
            # No reply but the saved game names the seed (a schema's pattern may hold 2**64 - 1).
            assert (str(number) in json.dumps(reply)) == (op == "save"), op
        assert _mentions_dice(reply) == (op == "save"), op
        if op == "save":
            dice = again["game"]["setup"]["dice"]
            assert dice["seed"] == str(number)
            assert _spec(kind).from_dict(again["game"]).to_dict() == reply["game"]


@pytest.mark.parametrize(
    ("seed", "code"),
    [
        (SAFE + 1, "bad_value"),
        (2**64 - 1, "bad_value"),
        (-1, "bad_value"),
        ("18446744073709551616", "bad_value"),
        ("007", "bad_value"),
        ("-1", "bad_value"),
        ("+1", "bad_value"),
        ("1e3", "bad_value"),
        ("", "bad_value"),
        ("\u0661", "bad_value"),
        (1.5, "bad_type"),
        (True, "bad_type"),
        ([1], "bad_type"),
    ],
)
def test_protocol_seeds_are_safe_numbers_or_decimal_strings(seed: object, code: str) -> None:
    reply = Server().handle({"op": "new", "game": "hr", "players": ["Sky"], "seed": seed})
    assert reply["ok"] is False
    assert (reply["error"]["code"], reply["error"]["field"]) == (code, "$.seed")


def test_a_string_seed_plays_the_same_game_as_the_number() -> None:
    server = Server()
    for seed in (12345, "12345"):
        reply = server.handle(
            {"op": "new", "game": "clue", "players": ["Ann", "Ben", "Cat"], "seed": seed}
        )
        assert reply["ok"]
    saves = [
        server.handle({"op": "save", "game_id": g, "role": "host"})["game"] for g in ("g1", "g2")
    ]
    assert saves[0] == saves[1]
    assert saves[0]["setup"]["dice"]["seed"] == "12345"


# ----- simulations and schemas -------------------------------------------------------------------


def test_simulation_records_keep_their_seeds_exactly() -> None:
    for kind in simulation.simulated_games():
        records = simulation.simulate(kind, 3, seed=2**64 - 1)
        again = js_round_trip(records)
        assert_safe(again)
        for index, record in enumerate(again):
            assert record["seed"] == str(simulation.game_seed(2**64 - 1, index))


def test_the_schemas_hold_no_unsafe_number() -> None:
    for schema in all_schemas().values():
        assert_safe(js_round_trip(schema))
    int_def = game_schemas("hr")["action"]["$defs"]["int"]
    assert (int_def["minimum"], int_def["maximum"]) == (-SAFE, SAFE)


@pytest.mark.parametrize("kind", KINDS)
def test_saved_games_with_string_seeds_fit_their_schema(kind: str) -> None:
    spec = _spec(kind)
    schemas = game_schemas(kind)
    if "game" not in schemas:
        pytest.skip("this game reads its own set-up")
    validator = jsonschema.Draft202012Validator(schemas["game"])
    for seed in (0, 2**64 - 1):
        game = last(spec, seed, 20)
        data = js_round_trip(game.to_dict())
        assert validator.is_valid(data)
        for bad in (seed, str(2**64), "0" + str(seed), f"-{seed}"):
            changed = json.loads(json.dumps(data))
            changed["setup"]["dice"]["seed"] = bad
            assert not validator.is_valid(changed), bad
        old = _as_version_1(data)
        assert not validator.is_valid(old)  # the schemas describe version 2 only


# ----- to_dict holds JSON's own types only -------------------------------------------------------

_JSON_TYPES = (dict, list, str, int, float, bool, type(None))


def _non_json(value: Any, path: str = "$") -> list[str]:
    """Every place in ``value`` whose type is not exactly one of JSON's (a StrEnum member...)."""
    found: list[str] = []
    stack = [(value, path)]
    while stack:
        item, where = stack.pop()
        if type(item) not in _JSON_TYPES:
            found.append(f"{where}: {type(item).__name__} {item!r}")
        elif type(item) is dict:
            for key, inner in item.items():
                if type(key) is not str:
                    found.append(f"{where}: key {key!r} of {type(key).__name__}")
                stack.append((inner, f"{where}.{key}"))
        elif type(item) is list:
            stack.extend((inner, f"{where}[{i}]") for i, inner in enumerate(item))
    return found


@pytest.mark.parametrize("kind", KINDS)
def test_every_to_dict_holds_json_types_only(kind: str) -> None:
    spec = next(s for s in SPECS if s.kind == kind)
    assert _non_json({"a": [1, "x", None]}) == []
    assert _non_json({"a": (1,)}) != []  # the check can fail
    for seed in (1, 2, 3):
        game = spec.new_game(spec.min_players if spec.min_players > 1 else 2, seed=seed)
        seats = game.seat_names
        rng = random.Random(seed)
        for _ in range(300):
            problems = _non_json(game.to_dict(), "game")
            for seat in (*seats, None):
                problems += _non_json(game.view(seat).to_dict(), f"view({seat})")
            outcome = game.outcome
            if outcome is not None:
                problems += _non_json(unstructure(outcome), "outcome")
            actions = [a for seat in seats for a in seat_actions(game, seat)]
            problems += [p for a in actions for p in _non_json(a.to_dict(), a.TYPE)]
            assert problems == [], problems[:5]
            if game.is_over or not actions:
                break
            game, events = game.apply(rng.choice(actions))
            for event in events:
                assert _non_json(event.to_dict(), event.TYPE) == []
