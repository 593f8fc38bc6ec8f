"""What the engine protocol echoes of a request is bounded, UTF-8 safe and never a crash.

The red-team's findings on protocol 4 (issue 17): huge integers, deeply nested values,
long keys, lone surrogates, the list of a game's action types as data, and ``undo``'s
default.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from hogwarts_rules.frontends.serve import Server, protocol

Reply = dict[str, Any]
HUGE = 10**5000  # beyond Python's int-to-str limit (4300 digits)


def error(server: Server, request: dict[Any, Any]) -> dict[str, Any]:
    reply = server.handle(request)
    assert reply["ok"] is False, reply
    json.dumps(reply, ensure_ascii=False).encode("utf-8")  # a Python host can write it
    return dict(reply["error"])


def deep(levels: int) -> dict[str, Any]:
    value: dict[str, Any] = {}
    top = value
    for _ in range(levels):
        value["a"] = {}
        value = value["a"]
    return top


def test_a_huge_protocol_number_is_refused_naming_the_field() -> None:
    got = error(Server(), {"op": "hello", "protocol": HUGE})
    assert got["code"] == "unsupported_protocol" and got["field"] == "$.protocol"
    assert "16610 bits" in got["message"]


def test_a_huge_integer_key_is_refused_naming_the_field() -> None:
    got = error(Server(), {"op": "hello", HUGE: 1})
    assert got["code"] == "unknown_field"
    assert got["field"] == "$.<an integer of 16610 bits>"
    request = {"op": "new", "game": "adventure", "players": ["A", "B"], "options": {HUGE: 1}}
    got = error(Server(), request)
    assert (got["code"], got["field"]) == ("unknown_field", "$.options.<an integer of 16610 bits>")


def test_a_request_nested_too_deep_for_python_is_refused_as_too_deep() -> None:
    request = {"op": "new", "game": "hr", "players": ["Ann"], "seed": 1}
    got = error(Server(), {**request, "options": {"extra_skills": {"Luck": deep(100_000)}}})
    assert got["code"] == "bad_value" and "nested too deeply" in got["message"]
    assert got["field"] == "$.options.extra_skills['Luck']"


def test_a_recursion_error_anywhere_in_a_request_is_too_deep(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    server = Server()

    def overflow(request: object) -> dict[str, Any]:
        raise RecursionError("maximum recursion depth exceeded")

    monkeypatch.setitem(server._handlers, "list", overflow)
    got = error(server, {"id": 3, "op": "list"})
    assert (got["code"], got["field"]) == ("too_deep", "$")
    assert got["code"] in protocol.ERROR_CODES


def test_a_long_key_is_quoted_at_most_60_characters() -> None:
    key = "k" * 10_000
    for game, players, options in [
        ("hr", ["Ann"], {"extra_skills": {key: "Brains"}}),
        ("hr", ["Ann"], {"extra_spells": {key: 1}}),
        ("clue", ["A", "B", "C"], {"students": {key: "A"}}),
        ("adventure", ["A", "B"], {key: 1}),
    ]:
        request = {"op": "new", "game": game, "players": players, "seed": 1, "options": options}
        got = error(Server(), request)
        for text in (got["message"], got["field"]):
            assert "k" * 61 not in text, (game, text)
            assert len(text) < 150, text


def test_an_unknown_action_type_gives_the_game_s_types_as_data() -> None:
    server = Server()
    server.handle({"op": "new", "game": "adventure", "players": ["Ann", "Ben"], "seed": 1})
    action = {"type": "adventure.nonsense"}
    got = error(server, {"op": "apply", "game_id": "g1", "seat": "Ann", "action": action})
    assert got["field"] == "$.action.type"
    assert "adventure.roll_off" in got["expected"] and "chance" in got["expected"]
    assert all(t.startswith("adventure.") or t == "chance" for t in got["expected"])
    assert len(got["message"]) < 120 and not got["message"].endswith("...")


def test_unknown_names_give_what_was_expected() -> None:
    server = Server()
    server.handle({"op": "new", "game": "adventure", "players": ["Ann", "Ben"], "seed": 1})
    cases: list[tuple[dict[str, Any], str, str]] = [
        ({"op": "dance"}, "unknown_op", "hello"),
        ({"op": "list", "nope": 1}, "unknown_field", "op"),
        ({"op": "state", "game_id": "g1", "seat": "Zed"}, "unknown_seat", "table"),
        ({"op": "new", "game": "chess", "players": ["A", "B"]}, "unknown_game", "clue"),
        (
            {"op": "new", "game": "adventure", "players": ["A", "B"], "options": {"x": 1}},
            "unknown_field",
            "max_rounds",
        ),
        ({"op": "bot", "game_id": "g1", "seat": "Ann", "bot": "magic"}, "unknown_bot", "random"),
        ({"op": "schema", "game": "clue", "name": "nope"}, "bad_value", "view"),
    ]
    for request, code, member in cases:
        got = error(server, request)
        assert got["code"] == code, got
        assert member in got["expected"], got


def test_lone_surrogates_are_escaped_in_what_is_echoed() -> None:
    got = error(Server(), {"op": "hello", "\ud800": 1})
    assert got["field"] == "$.\\ud800"
    got = error(Server(), {"id": "a\udfff", "op": "hello"})
    assert (got["code"], got["field"]) == ("bad_value", "$.id")
    reply = Server().handle({"id": "a\udfff", "op": "hello"})
    assert reply["id"] is None
    json.dumps(reply, ensure_ascii=False).encode("utf-8")


def test_a_default_undo_blames_the_request_not_a_field_it_never_sent() -> None:
    server = Server()
    server.handle({"op": "new", "game": "adventure", "players": ["Ann", "Ben"], "seed": 1})
    got = error(server, {"op": "undo", "game_id": "g1", "seat": "Ann"})
    assert got["field"] == "$" and got["rule"] == "no_take_back"
    assert "steps defaults to 1" in got["message"] and "history_length is 0" in got["message"]
    got = error(server, {"op": "undo", "game_id": "g1", "seat": "Ann", "steps": 2})
    assert got["field"] == "$.steps" and "at step" not in got["message"]
