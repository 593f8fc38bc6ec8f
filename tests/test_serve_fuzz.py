"""Fuzzing the engine protocol and the loaders it relies on.

Whatever a client sends, `Server.handle_line` answers one line of JSON with ``ok``,
an error code from the documented list on failure, never raises, never hangs, and
never changes a game when it refuses a request. Every game's ``from_dict`` lets
nothing but `InvalidDataError` escape, whatever the saved game holds.

The examples are derandomized (the same every run) and few enough to keep the file
fast. For a longer, random search set ``SERVE_FUZZ_SCALE`` (a multiplier of the number
of examples), e.g. ``SERVE_FUZZ_SCALE=50 pytest tests/test_serve_fuzz.py``.
"""

from __future__ import annotations

import copy
import functools
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hogwarts_rules import CHANCE, games
from hogwarts_rules.engine import GameBase
from hogwarts_rules.errors import InvalidDataError
from hogwarts_rules.frontends.serve import ERROR_CODES, MAX_DEPTH, TABLE, Server, transport

ROOT = Path(__file__).resolve().parent.parent
SCALE = int(os.environ.get("SERVE_FUZZ_SCALE", "1"))


def fuzz(examples: int, deadline: int = 5000) -> settings:
    """Hypothesis settings: ``examples`` examples (times `SCALE`), derandomized unless scaled."""
    return settings(
        max_examples=examples * SCALE,
        deadline=deadline,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
        derandomize=SCALE == 1,
        database=None,
    )


# ----- a server with a few games in interesting places --------------------------------------------


@functools.cache
def saved_games() -> tuple[dict[str, Any], ...]:
    """Saved games: Clue mid-game (a card to show), Adventure, H&R and Clue on external dice."""
    server = Server()
    clue_bots = {"Ann": "notebook", "Ben": "notebook", "Cat": "random", "Dan": "detective"}
    server.handle({"op": "new", "game": "clue", "players": list(clue_bots), "seed": 23})
    for _ in range(300):  # stop where somebody must show a card
        state = server.handle({"op": "state", "game_id": "g1", "seat": TABLE})
        deciding = state["to_act"][0] if state["to_act"] else "Ann"
        mine = server.handle({"op": "state", "game_id": "g1", "seat": deciding})
        if mine["legal_actions"][0]["type"] == "clue.show_card":
            break
        server.handle({"op": "bot", "game_id": "g1", "seat": deciding, "bot": "notebook"})
    server.handle({"op": "new", "game": "adventure", "players": ["Harry", "Ron"], "seed": 4})
    server.handle(
        {
            "op": "play_bots",
            "game_id": "g2",
            "seat": "Harry",
            "bots": {"Harry": "heuristic", "Ron": "random"},
            "max_steps": 15,
        }
    )
    server.handle({"op": "new", "game": "hr", "players": ["Sky", "Weasley"], "dice": "external"})
    test = {"type": "hr.skill_test", "character": "Sky", "skill": "Brawl", "stat": "Agility"}
    server.handle({"op": "apply", "game_id": "g3", "seat": "Sky", "action": test})
    server.handle({"op": "new", "game": "clue", "players": ["A", "B", "C"], "dice": "external"})
    server.handle({"op": "apply", "game_id": "g4", "seat": "B", "action": {"type": "clue.deal"}})
    return tuple(
        server.handle({"op": "save", "game_id": f"g{i}", "role": "host"})["game"]
        for i in range(1, 5)
    )


def fresh_server() -> Server:
    server = Server()
    for saved in saved_games():
        assert server.handle({"op": "load", "game": copy.deepcopy(saved)})["ok"]
    return server


def snapshot(server: Server) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for game in server.handle({"op": "list"})["games"]:
        game_id = game["game_id"]
        saved = server.handle({"op": "save", "game_id": game_id, "role": "host"})["game"]
        log = server.handle({"op": "events", "game_id": game_id, "seat": TABLE})["events"]
        result[game_id] = (saved, log)
    return result


def _no_constants(name: str) -> Any:
    raise AssertionError(f"the reply holds {name}")


_LINE_ERRORS = frozenset({"bad_json", "line_too_long", "too_deep", "too_many_games"})


def checked(server: Server, line: str | bytes) -> dict[str, Any]:
    """Send a line; check the reply's shape, and that a refusal changed nothing."""
    before = snapshot(server)
    text = server.handle_line(line)
    assert isinstance(text, str) and text.isascii()
    assert "\n" not in text and "\r" not in text
    reply = json.loads(text, parse_constant=_no_constants)
    assert isinstance(reply, dict)
    assert reply["ok"] in (True, False)
    assert "id" in reply
    if not reply["ok"]:
        error = reply["error"]
        assert error["code"] in ERROR_CODES
        assert error["code"] != "internal_error", (line[:500], error)
        assert isinstance(error["message"], str) and len(error["message"]) <= 300
        if error["code"] in _LINE_ERRORS:  # errors of a whole line or of the server
            assert error["field"] is None or isinstance(error["field"], str)
        else:  # every other error names the field to blame
            assert isinstance(error["field"], str) and error["field"].startswith("$"), error
        assert snapshot(server) == before
    elif isinstance(reply.get("events"), dict):
        # A reply is for the request's seat, unless the host asked for the whole of it.
        request = json.loads(line)
        if request.get("role") != "host":
            assert list(reply["events"]) == [request["seat"]]
    return reply


# ----- strategies ---------------------------------------------------------------------------------

SCALARS = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.integers(min_value=-(10**100), max_value=10**100)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=20)
    | st.sampled_from(["g1", "g2", "g3", "g4", "g99", TABLE, "Ann", "Sky", "clue", "hr", ""])
)
JSON = st.recursive(
    SCALARS,
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=12,
)
OPS = [
    "hello", "new", "state", "apply", "bot", "play_bots", "events", "save", "load", "undo",
    "close", "list", "schema", "quit",
]  # fmt: skip


@functools.cache
def legal_moves() -> tuple[dict[str, Any], ...]:
    """For each game of `fresh_server`: an ``apply`` request the engine accepts."""
    server = fresh_server()
    found = []
    for index, saved in enumerate(saved_games(), 1):
        game_id = f"g{index}"
        to_act = server.handle({"op": "state", "game_id": game_id, "seat": TABLE})["to_act"]
        if to_act:  # a player's seat, or the table's for a roll
            seat = TABLE if to_act[0] == CHANCE else to_act[0]
        else:
            seat = saved["setup"].get("players", ["Sky"])[0]
        state = server.handle({"op": "state", "game_id": game_id, "seat": seat})
        rolls = [chance["action"] for chance in state.get("chance", [])]  # the table's
        action = (state["legal_actions"] or rolls)[-1]
        found.append({"op": "apply", "game_id": game_id, "seat": seat, "action": action})
    return tuple(found)


def templates() -> list[dict[str, Any]]:
    """Valid requests (most would succeed on a fresh server) to mutate."""
    saved = saved_games()
    return [
        *copy.deepcopy(legal_moves()),
        {"id": 1, "op": "hello", "protocol": 4},
        {"op": "new", "game": "clue", "players": ["A", "B", "C"], "seed": 1,
         "options": {"students": {"A": "Harry"}, "first_player": "B"}},
        {"op": "new", "game": "adventure", "players": ["A", "B"], "options": {"max_rounds": 5}},
        {"op": "new", "game": "hr", "players": ["A", {"name": "B", "stats": {"Size": 3,
         "Agility": 3, "Ambition": 3}, "qualities": {"Intellect": 1, "Fortitude": 2,
         "Bravery": 3}}], "dice": "external", "options": {"extra_stats": ["Luck"]}},
        {"id": "s", "op": "state", "game_id": "g1", "seat": "Ann"},
        {"op": "state", "game_id": "g3", "seat": TABLE},
        {"op": "apply", "game_id": "g3", "seat": "Sky",
         "action": {"type": "hr.damage", "character": "Sky", "points": 2}},
        {"op": "bot", "game_id": "g2", "seat": "Harry", "bot": "heuristic"},
        {"op": "play_bots", "game_id": "g1", "seat": "Ann",
         "bots": {"Ben": "random", "Cat": "notebook"}, "max_steps": 30},
        {"op": "play_bots", "game_id": "g2", "role": "host",
         "bots": {"Harry": "random", "Ron": "random"}, "max_steps": 20},
        {"op": "events", "game_id": "g1", "seat": "Ben", "since": 3},
        {"op": "save", "game_id": "g2", "role": "host"},
        {"op": "load", "game": copy.deepcopy(saved[1])},
        {"op": "load", "game": copy.deepcopy(saved[2])},
        {"op": "undo", "game_id": "g1", "seat": "Ann", "to_step": 2},
        {"op": "undo", "game_id": "g2", "role": "host", "steps": 1},
        {"op": "close", "game_id": "g3"},
        {"op": "list"},
        {"op": "schema", "game": "hr", "name": "outcome"},
        {"op": "quit"},
    ]  # fmt: skip


def paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path into a JSON value (the value itself first)."""
    found = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            found.extend(paths(item, (*prefix, key)))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found.extend(paths(item, (*prefix, index)))
    return found


def replace_at(value: Any, path: tuple[Any, ...], new: Any) -> Any:
    if not path:
        return new
    head, rest = path[0], path[1:]
    if isinstance(value, dict):
        return {**value, head: replace_at(value[head], rest, new)}
    copied = list(value)
    copied[head] = replace_at(value[head], rest, new)
    return copied


def drop_at(value: Any, path: tuple[Any, ...]) -> Any:
    parent, key = path[:-1], path[-1]
    container = get_at(value, parent)
    if isinstance(container, dict):
        changed: Any = {k: v for k, v in container.items() if k != key}
    else:
        changed = [v for i, v in enumerate(container) if i != key]
    return replace_at(value, parent, changed)


def rename_at(value: Any, path: tuple[Any, ...], name: str) -> Any:
    parent, key = path[:-1], path[-1]
    container = get_at(value, parent)
    if not isinstance(container, dict):
        return value
    changed = {(name if k == key else k): v for k, v in container.items()}
    return replace_at(value, parent, changed)


def get_at(value: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        value = value[key]
    return value


@st.composite
def mutated(draw: st.DrawFn, base: Any) -> Any:
    """``base`` with one to three mutations at random places."""
    value = copy.deepcopy(base)
    for _ in range(draw(st.sampled_from([1, 1, 1, 2, 3]))):
        inside = paths(value)[1:]  # the request itself is replaced only now and then
        root = not inside or draw(st.integers(0, 19)) == 19
        where = () if root else draw(st.permutations(inside))[0]
        how = draw(
            st.sampled_from(["drop", "rename", "retype", "huge", "deep", "long", "seat", "game_id"])
        )
        if how == "drop" and where:
            value = drop_at(value, where)
        elif how == "rename" and where:
            value = rename_at(value, where, draw(st.text(max_size=12)))
        elif how == "retype":
            value = replace_at(value, where, draw(JSON))
        elif how == "huge":
            big = draw(st.sampled_from([10**100, -(10**100), 2**64, 2**63, 2**53, -1, 1e308]))
            value = replace_at(value, where, big)
        elif how == "deep":
            depth = draw(st.integers(MAX_DEPTH - 3, MAX_DEPTH + 3))
            nested: Any = draw(SCALARS)
            for _ in range(depth):
                nested = [nested] if draw(st.booleans()) else {"k": nested}
            value = replace_at(value, where, nested)
        elif how == "long":
            size = draw(st.sampled_from([61, 1001, 100_000]))
            value = replace_at(value, where, draw(st.characters()) * size)
        elif how == "seat":
            seat = draw(st.sampled_from(["Ann", "Ben", "Dan", "Sky", "Harry", TABLE, "<chance>"]))
            value = replace_at(value, where, seat)
        else:
            value = replace_at(value, where, draw(st.sampled_from(["g0", "g99", "G1", " g1"])))
    return value


# ----- the protocol -------------------------------------------------------------------------------


@fuzz(120)
@given(st.data())
def test_mutated_requests(data: st.DataObject) -> None:
    server = fresh_server()
    for _ in range(3):  # a few requests in a row, on the same server
        base = data.draw(st.sampled_from(templates()))
        request = base if data.draw(st.integers(0, 3)) == 3 else data.draw(mutated(base))
        line = json.dumps(request)
        checked(server, line.encode() if data.draw(st.booleans()) else line)


@fuzz(120)
@given(
    st.sampled_from(OPS),
    st.dictionaries(
        st.sampled_from(
            [
                "id",
                "protocol",
                "game",
                "game_id",
                "seat",
                "action",
                "bot",
                "bots",
                "since",
                "to_step",
                "steps",
                "role",
                "name",
                "players",
                "seed",
                "dice",
                "options",
                "max_steps",
            ]
        ),
        JSON,
        max_size=6,
    ),
)
def test_random_fields_for_every_op(op: str, fields: dict[str, Any]) -> None:
    server = fresh_server()
    checked(server, json.dumps({**fields, "op": op}))


@fuzz(150, 2000)
@given(JSON)
def test_random_json_values(value: Any) -> None:
    server = fresh_server()
    checked(server, json.dumps(value))
    reply = server.handle(value)
    assert reply["ok"] in (True, False)


@fuzz(200, 2000)
@given(st.binary(max_size=200) | st.text(max_size=200))
def test_random_lines(line: str | bytes) -> None:
    server = fresh_server()
    checked(server, line)


@fuzz(60, 2000)
@given(st.integers(0, 200), st.sampled_from(['"', "\\", "[", "{", "]", ",", ":", "1"]))
def test_deep_and_broken_nesting(depth: int, filler: str) -> None:
    server = fresh_server()
    for line in (
        "[" * depth + "]" * depth,
        '{"op": "list", "x": ' + "[" * depth + "]" * depth + "}",
        '{"a":' * depth + "1" + "}" * depth,
        "[" * depth + filler * depth,
        '["' + "\\" * depth + '"' + "[" * depth,
        "[" * 100_000,
    ):
        reply = checked(server, line)
        if line.count("[") + line.count("{") > MAX_DEPTH and depth > MAX_DEPTH:
            assert reply["ok"] is False


TRICKY = st.text(alphabet='[]{}"\\/ab,:\n\u2028', max_size=12)


def depth_of(value: Any) -> int:
    """The nesting depth of arrays and objects, without recursion."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, list | dict):
            deepest = max(deepest, level)
            stack.extend(
                (child, level + 1) for child in (item.values() if isinstance(item, dict) else item)
            )
    return deepest


@fuzz(150, 2000)
@given(st.integers(0, 80), st.lists(TRICKY, min_size=1, max_size=6), st.booleans())
def test_depth_scan_matches_the_real_depth(
    depth: int, strings: list[str], ascii_only: bool
) -> None:
    value: Any = strings
    for level in range(depth):
        text = strings[level % len(strings)]
        value = [text, value] if level % 2 else {text: value, "k": text}
    text = json.dumps(value, ensure_ascii=ascii_only)
    assert transport._too_deep(text) == (depth_of(value) > MAX_DEPTH)
    reply = json.loads(Server().handle_line('{"op": "list", "x": ' + text + "}"))
    code = reply["error"]["code"]
    assert code == ("too_deep" if depth_of(value) + 1 > MAX_DEPTH else "unknown_field")


# ----- every game's loader ------------------------------------------------------------------------

CLASSES: dict[str, type[GameBase]] = {spec.kind: spec.game_class for spec in games()}


@fuzz(250)
@given(st.data())
def test_from_dict_lets_only_invalid_data_error_escape(data: st.DataObject) -> None:
    saved = data.draw(st.sampled_from(saved_games()))
    cls = CLASSES[saved["game"]]
    broken = data.draw(mutated(saved))
    try:
        game = cls.from_dict(broken)
    except InvalidDataError as exc:
        assert exc.path.startswith("$")
    else:
        assert cls.from_dict(game.to_dict()) == game


@fuzz(150)
@given(st.data())
def test_load_accepts_exactly_what_from_dict_accepts(data: st.DataObject) -> None:
    # ``load`` replays a saved game once, with its own loop: it must agree with
    # ``from_dict`` on every saved game, broken or not, and load the same game.
    saved = data.draw(st.sampled_from(saved_games()))
    broken = data.draw(mutated(saved))
    server = Server()
    reply = server.handle({"op": "load", "game": copy.deepcopy(broken)})
    kind = broken.get("game") if isinstance(broken, dict) else None
    cls = CLASSES.get(kind) if isinstance(kind, str) else None
    if cls is None:
        assert reply["ok"] is False
        return
    try:
        game = cls.from_dict(copy.deepcopy(broken))
    except InvalidDataError:
        assert reply["ok"] is False and reply["error"]["code"] == "invalid_data"
        return
    if TABLE in game.seat_names:
        assert reply["ok"] is False and reply["error"]["code"] == "invalid_data"
        return
    assert reply["ok"] is True, reply
    again = server.handle({"op": "save", "game_id": reply["game_id"], "role": "host"})
    assert again["game"] == game.to_dict()


# ----- atheris ------------------------------------------------------------------------------------


def test_the_atheris_harness_runs() -> None:
    pytest.importorskip("atheris")
    result = subprocess.run(
        [sys.executable, str(ROOT / "fuzz" / "serve_fuzz.py"), "-atheris_runs=300"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        cwd=ROOT,
    )
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-2000:]
