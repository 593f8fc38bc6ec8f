"""The JSON-lines engine protocol (`hogwarts_rules.frontends.serve`)."""

from __future__ import annotations

import io
import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import jsonschema  # type: ignore[import-untyped, unused-ignore]
import pytest

from hogwarts_rules import CHANCE, clue, find_game, games
from hogwarts_rules.actions import Action, Rekey
from hogwarts_rules.catalogue import register_game, unregister_game
from hogwarts_rules.errors import MAX_MESSAGE
from hogwarts_rules.events import DiceRekeyed, Event, events_for
from hogwarts_rules.frontends import serve as serve_package
from hogwarts_rules.frontends.schema import game_schemas
from hogwarts_rules.frontends.serve import (
    ERROR_CODES,
    MAX_DEPTH,
    MAX_GAMES,
    MAX_LINE_BYTES,
    OPS,
    PROTOCOL_VERSION,
    TABLE,
    Server,
    protocol,
    transport,
)
from hogwarts_rules.serialization import structure
from tests import toy_game

Reply = dict[str, Any]

GAMES = {
    "first-year-adventure": ["Harry", "Ron", "Hermione"],
    "clue": ["Ann", "Ben", "Cat"],
    "hufflepuff-ravenclaw": ["Sky", "Weasley"],
}
CLUE_BOTS = {"Ben": "detective", "Cat": "notebook", "Dan": "random"}


def call(server: Server, **request: Any) -> Reply:
    """Send one request through the whole line path and return the parsed reply."""
    line = server.handle_line(json.dumps(request))
    assert "\n" not in line and line.isascii()
    reply: Reply = json.loads(line)
    return reply


def ok(server: Server, **request: Any) -> Reply:
    reply = call(server, **request)
    assert reply["ok"] is True, reply
    return reply


def refused(server: Server, code: str, **request: Any) -> dict[str, Any]:
    """Send a request that must fail with ``code``; check that no game changed."""
    before = snapshot(server)
    reply = call(server, **request)
    assert reply["ok"] is False, reply
    assert reply["error"]["code"] == code, reply
    assert snapshot(server) == before
    error: dict[str, Any] = reply["error"]
    return error


def snapshot(server: Server) -> dict[str, Any]:
    """Every game's saved form and table event log, through the public ops."""
    result: dict[str, Any] = {}
    for game in server.handle({"op": "list"})["games"]:
        game_id = game["game_id"]
        saved = server.handle({"op": "save", "role": "host", "game_id": game_id})["game"]
        log = server.handle({"op": "events", "game_id": game_id, "seat": TABLE})["events"]
        result[game_id] = (saved, log)
    return result


def new_clue(server: Server, players: int = 4, seed: int = 11, **options: Any) -> str:
    names = ["Ann", "Ben", "Cat", "Dan", "Eve"][:players]
    reply = ok(server, op="new", game="clue", players=names, seed=seed, options=options)
    game_id: str = reply["game_id"]
    return game_id


def saved_clue(server: Server, game_id: str) -> dict[str, Any]:
    game: dict[str, Any] = ok(server, op="save", role="host", game_id=game_id)["game"]
    return game


# ----- hello, new, list, close, schema, quit ------------------------------------------------------


def test_hello_describes_the_engine() -> None:
    reply = ok(Server(), id="h", op="hello")
    assert reply["id"] == "h"
    assert reply["protocol"] == PROTOCOL_VERSION == 4
    assert reply["games"] == list(GAMES) == [spec.kind for spec in games()]
    assert reply["ops"] == list(OPS)
    assert reply["bots"] == {
        "first-year-adventure": ["heuristic", "random"],
        "clue": ["notebook", "detective", "random"],
        "hufflepuff-ravenclaw": [],
    }
    assert reply["aliases"] == {"adventure": "first-year-adventure", "hr": "hufflepuff-ravenclaw"}
    assert reply["error_codes"] == list(ERROR_CODES)
    assert reply["limits"]["max_line_bytes"] == MAX_LINE_BYTES


def test_hello_lists_each_games_declared_options() -> None:
    options = ok(Server(), op="hello")["options"]
    for spec in games():
        assert options[spec.kind] == [
            {"name": o.name, "type": o.type, "default": o.default, "doc": o.doc}
            for o in spec.options
        ]
    assert [o["name"] for o in options["clue"]] == ["first_player", "students", "content"]
    assert options["first-year-adventure"][0]["type"] == "integer"


def test_protocols_1_to_3_are_no_longer_spoken() -> None:
    for old in (1, 2, 3):
        error = refused(Server(), "unsupported_protocol", op="hello", protocol=old)
        assert error["field"] == "$.protocol"
    assert ok(Server(), op="hello", protocol=4)["protocol"] == 4


@pytest.mark.parametrize("kind", list(GAMES))
def test_new_state_list_and_close_for_each_game(kind: str) -> None:
    server = Server()
    players = GAMES[kind]
    reply = ok(server, id=3, op="new", game=kind, players=players, seed=5)
    assert reply == {
        "id": 3,
        "ok": True,
        "game_id": "g1",
        "kind": kind,
        "seats": players,
        "history_length": 0,
    }
    for seat in [*players, TABLE]:
        state = ok(server, op="state", game_id="g1", seat=seat)
        assert state["history_length"] == 0
        assert state["is_over"] is False and state["outcome"] is None
        assert isinstance(state["view"], dict)
        assert ("chance" in state) == (seat == TABLE)
        assert ("movement" in state) == (kind == "clue")
    listed = ok(server, op="list")["games"]
    assert listed == [
        {"game_id": "g1", "kind": kind, "seats": players, "history_length": 0, "is_over": False}
    ]
    assert ok(server, op="close", game_id="g1")["game_id"] == "g1"
    assert ok(server, op="list")["games"] == []
    refused(server, "no_such_game", op="state", game_id="g1", seat=players[0])
    # ids are never reused
    assert ok(server, op="new", game=kind, players=players, seed=5)["game_id"] == "g2"


@pytest.mark.parametrize(
    ("alias", "kind"),
    [
        ("adventure", "first-year-adventure"),
        ("hr", "hufflepuff-ravenclaw"),
        ("HR", "hufflepuff-ravenclaw"),
        ("First-Year-Adventure", "first-year-adventure"),
    ],
)
def test_short_names_of_games_in_any_case(alias: str, kind: str) -> None:
    server = Server()
    reply = ok(server, op="new", game=alias, players=["A", "B"], seed=1)
    assert reply["kind"] == kind
    assert ok(server, op="schema", game=alias, name="view")["kind"] == kind
    saved = ok(server, op="save", role="host", game_id="g1")["game"]
    # A saved game names its kind exactly: an alias there is not a kind.
    error = refused(server, "unknown_game", op="load", game={**saved, "game": alias})
    assert error["field"] == "$.game.game"


def test_new_without_a_seed_picks_one_and_null_means_absent() -> None:
    server = Server()
    ok(server, op="new", game="clue", players=["A", "B", "C"], seed=None, options=None)
    dice = ok(server, op="save", role="host", game_id="g1")["game"]["setup"]["dice"]
    assert dice["kind"] == "seeded" and 0 <= int(dice["seed"]) < 2**64


def test_new_takes_each_games_options() -> None:
    server = Server()
    ok(server, op="new", game="adventure", players=["A", "B"], seed=1, options={"max_rounds": 3})
    students = {"A": "Harry", "B": "Ron", "C": "Luna"}
    ok(
        server,
        op="new",
        game="clue",
        players=["A", "B", "C"],
        seed=1,
        options={"students": students, "first_player": "B"},
    )
    setup = ok(server, op="save", role="host", game_id="g2")["game"]["setup"]
    assert setup["students"] == students and setup["first_player"] == "B"
    sheet = {
        "name": "Luna",
        "stats": {"Ambition": 2, "Agility": 4, "Size": 3, "Luck": 5},
        "qualities": {"Intellect": 5, "Fortitude": 2, "Bravery": 3},
    }
    ok(
        server,
        op="new",
        game="hr",
        players=["Sky", sheet],
        seed=1,
        options={
            "extra_stats": ["Luck"],
            "extra_skills": {"Dreaming": "magical"},
            "extra_spells": {"Somnium": {"skill": "Dreaming", "year": 2}},
        },
    )
    state = ok(server, op="state", game_id="g3", seat="Luna")
    assert state["view"]["characters"]["Luna"]["stats"]["Luck"] == 5


def test_schema_op_gives_the_generated_schemas() -> None:
    server = Server()
    for kind in GAMES:
        for name in ("action", "event", "game", "view", "outcome"):
            schema = ok(server, op="schema", game=kind, name=name)["schema"]
            assert schema["$id"].endswith(f"/{kind}/{name}.json")
    refused(server, "bad_value", op="schema", game="clue", name="hand")
    refused(server, "unknown_game", op="schema", game="chess", name="game")
    # The protocol's own: the schema of every reply, as docs/schemas/protocol/reply.json.
    from hogwarts_rules.frontends.schema import protocol_schema

    replies = ok(server, op="schema", name="reply")
    assert replies["kind"] == "protocol" and replies["schema"] == protocol_schema()
    assert refused(server, "missing_field", op="schema", name="action")["field"] == "$.game"
    refused(server, "bad_value", op="schema", game="clue", name="reply")


def test_quit_stops_the_run_loop() -> None:
    server = Server()
    assert ok(server, id=1, op="quit") == {"id": 1, "ok": True}
    assert server.closed


# ----- state, apply, bot, play_bots, events -------------------------------------------------------


def test_replies_conform_to_the_games_schemas() -> None:
    server = Server()
    game_id = new_clue(server)
    played = ok(
        server,
        op="play_bots",
        seat=TABLE,
        game_id=game_id,
        bots=CLUE_BOTS | {"Ann": "random"},
        max_steps=60,
    )
    validators = {}
    for name in ("action", "event", "view", "game"):
        schema = ok(server, op="schema", game="clue", name=name)["schema"]
        validators[name] = jsonschema.validators.validator_for(schema)(schema)
    # The table sees every bot's action redacted or whole: each fits its own schema.
    from hogwarts_rules.frontends.schema import protocol_schema

    defs = protocol_schema()["$defs"]
    jsonschema.validate(played, {"$defs": defs, "$ref": "#/$defs/reply.play_bots"})
    redacted = {"$defs": defs, "$ref": "#/$defs/redacted_action"}
    assert any(action.get("redacted") for action in played["actions"])
    for action in played["actions"]:
        if action.get("redacted"):
            jsonschema.validate(action, redacted)
            with pytest.raises(jsonschema.ValidationError):
                validators["action"].validate(action)
        else:
            validators["action"].validate(action)
    for seat in ["Ann", "Ben", TABLE]:
        state = ok(server, op="state", game_id=game_id, seat=seat)
        validators["view"].validate(state["view"])
        for action in state["legal_actions"]:
            validators["action"].validate(action)
        for entry in ok(server, op="events", game_id=game_id, seat=seat)["events"]:
            validators["event"].validate(entry["event"])
    validators["game"].validate(saved_clue(server, game_id))


def test_the_table_view_is_a_clue_view_without_anybodys_cards() -> None:
    server = Server()
    game_id = new_clue(server)
    ok(
        server,
        op="play_bots",
        seat=TABLE,
        game_id=game_id,
        bots=CLUE_BOTS | {"Ann": "random"},
        max_steps=40,
    )
    view = ok(server, op="state", game_id=game_id, seat=TABLE)["view"]
    assert view["viewer"] is None
    rebuilt = structure({k: v for k, v in view.items() if k != "viewer"}, clue.ClueView)
    assert rebuilt.player is None and rebuilt.viewer is None
    assert rebuilt.hand == rebuilt.hidden_help == rebuilt.envelope == ()
    assert rebuilt.shown_to_me == rebuilt.shown_by_me == ()
    assert rebuilt.legal_actions == ()


def test_apply_gives_the_seat_its_own_events_and_the_host_every_seats() -> None:
    students = {"Ann": "Harry", "Ben": "Ron", "Cat": "Luna"}
    server, host = Server(), Server()
    game_id = new_clue(server, players=3, students=students)
    new_clue(host, players=3, students=students)
    deal = {"type": "clue.deal"}
    reply = ok(server, op="apply", game_id=game_id, seat="Cat", action=deal)
    assert reply["history_length"] == 1 and reply["to_act"] == ["Ann"] and reply["is_over"] is False
    assert list(reply["events"]) == ["Cat"]  # the dealer gets its own hand only
    full = ok(host, op="apply", game_id=game_id, seat="Cat", action=deal, role="host")
    assert sorted(full["events"]) == ["Ann", "Ben", "Cat", TABLE]
    assert full["events"]["Cat"] == reply["events"]["Cat"]
    assert {key: value for key, value in full.items() if key != "events"} == {
        key: value for key, value in reply.items() if key != "events"
    }
    hands = {
        name: seat["hand"] for name, seat in saved_clue(server, game_id)["state"]["seats"].items()
    }
    for seat, events in full["events"].items():
        dealt = [event for event in events if event["type"] == "clue.cards_dealt"]
        assert len(dealt) == 3
        for event in dealt:
            expected = hands[event["player"]] if event["player"] == seat else []
            assert event["cards"] == expected
    assert redaction_problems("Cat", reply["events"]["Cat"]) == []


def test_a_whole_clue_game_one_person_against_bots() -> None:
    server = Server()
    game_id = new_clue(server, players=4, seed=23)
    rng = random.Random(4)
    human_moves = 0
    while True:
        played = ok(server, op="play_bots", seat=TABLE, game_id=game_id, bots=CLUE_BOTS)
        assert all(actor in CLUE_BOTS for actor in played["actors"])
        if played["is_over"]:
            assert played["stopped"] == "over"
            break
        assert played["stopped"] == "no_bot" and played["to_act"] == ["Ann"]
        state = ok(server, op="state", game_id=game_id, seat="Ann")
        assert state["to_act"] == ["Ann"] and state["legal_actions"]
        if state["view"]["step"] == "move" and state["ask"]["kind"] == "move":
            assert [m["action"] for m in state["movement"]] == state["legal_actions"]
            for move in state["movement"]:
                assert move["path"][-1] == move["destination"]
        # Ann plays at random, but never accuses (the bots finish the game).
        choices = [a for a in state["legal_actions"] if a["type"] != "clue.accuse"]
        action = rng.choice(choices or state["legal_actions"])
        reply = ok(server, op="apply", game_id=game_id, seat="Ann", action=action)
        assert reply["history_length"] == state["history_length"] + 1
        human_moves += 1
        assert human_moves < 2000
    final = ok(server, op="state", game_id=game_id, seat="Ann")
    assert final["is_over"] and final["outcome"]["reason"] in (
        "correct_accusation",
        "all_eliminated",
    )
    assert final["legal_actions"] == [] and final["movement"] == []
    assert human_moves > 10
    # The log holds every action's events; the saved game replays to the same place.
    saved = saved_clue(server, game_id)
    assert len(saved["actions"]) == final["history_length"]
    assert clue.Game.from_dict(saved).is_over


def test_bot_op_chooses_for_one_seat_only() -> None:
    server = Server()
    game_id = new_clue(server, players=3, students={"Ann": "Harry", "Ben": "Ron", "Cat": "Luna"})
    reply = ok(server, op="bot", game_id=game_id, seat="Ben", bot="random")
    assert reply["action"] == {"type": "clue.deal"} and reply["history_length"] == 1
    reply = ok(server, op="bot", game_id=game_id, seat="Ann", bot="detective")
    assert reply["action"] == {"type": "clue.roll_dice", "player": "Ann"}
    refused(server, "not_your_turn", op="bot", game_id=game_id, seat="Ben", bot="notebook")
    refused(server, "unknown_bot", op="bot", game_id=game_id, seat="Ann", bot="sherlock")
    refused(server, "bad_value", op="bot", game_id=game_id, seat=TABLE, bot="notebook")


@pytest.mark.parametrize(
    ("kind", "bot"),
    [
        (kind, bot)
        for kind, bots in Server().handle({"op": "hello"})["bots"].items()
        for bot in bots
    ],
)
def test_every_bot_of_the_library_plays(kind: str, bot: str) -> None:
    server = Server()
    players = GAMES[kind]
    ok(server, op="new", game=kind, players=players, seed=2)
    played = ok(
        server,
        op="play_bots",
        seat=TABLE,
        game_id="g1",
        bots=dict.fromkeys(players, bot),
        max_steps=40,
    )
    assert played["steps"] == 40


def test_random_bots_repeat_their_choices() -> None:
    def play() -> list[Any]:
        server = Server()
        ok(server, op="new", game="adventure", players=["A", "B"], seed=3)
        reply = ok(
            server, op="play_bots", seat=TABLE, game_id="g1", bots={"A": "random", "B": "random"}
        )
        actions: list[Any] = reply["actions"]
        return actions

    assert play() == play()


@pytest.mark.parametrize("kind", ["first-year-adventure", "clue"])
def test_play_bots_to_the_end_and_max_steps(kind: str) -> None:
    server = Server()
    players = GAMES[kind]
    ok(server, op="new", game=kind, players=players, seed=9)
    bots = dict.fromkeys(players, "random")
    some = ok(server, op="play_bots", seat=TABLE, game_id="g1", bots=bots, max_steps=5)
    assert some["steps"] == 5 and some["stopped"] == "max_steps" and some["history_length"] == 5
    assert len(some["actions"]) == len(some["actors"]) == 5
    rest = ok(server, op="play_bots", seat=TABLE, game_id="g1", bots=bots, max_steps=20_000)
    assert rest["stopped"] == "over" and rest["is_over"]
    assert rest["outcome"] is not None
    again = ok(server, op="play_bots", seat=TABLE, game_id="g1", bots=bots)
    assert again["steps"] == 0 and again["stopped"] == "over"
    refused(
        server, "bad_value", op="play_bots", seat=TABLE, game_id="g1", bots=bots, max_steps=20_001
    )


def test_events_since_a_step() -> None:
    server = Server()
    game_id = new_clue(server)
    bots = CLUE_BOTS | {"Ann": "notebook"}
    played = ok(server, op="play_bots", seat="Ann", game_id=game_id, bots=bots, max_steps=12)
    everything = ok(server, op="events", game_id=game_id, seat="Ann")
    assert everything["history_length"] == 12
    assert [entry["event"] for entry in everything["events"]] == played["events"]["Ann"]
    later = ok(server, op="events", game_id=game_id, seat="Ann", since=6)["events"]
    assert later == [entry for entry in everything["events"] if entry["history_length"] > 6]
    assert ok(server, op="events", game_id=game_id, seat="Ann", since=12)["events"] == []
    assert ok(server, op="events", game_id=game_id, seat="Ann", since=99)["events"] == []
    refused(server, "bad_value", op="events", game_id=game_id, seat="Ann", since=-1)


def test_hufflepuff_ravenclaw_game_master_actions_and_decisions() -> None:
    server = Server()
    ok(server, op="new", game="hr", players=["Sky", "Weasley"], seed=4)
    state = ok(server, op="state", game_id="g1", seat="Weasley")
    assert state["legal_actions"] == [
        {"type": "hr.end_session"},
        {"type": "hr.school_break"},
        {"type": "hr.end_scene"},
    ]
    test = {"type": "hr.skill_test", "character": "Sky", "skill": "Brawl", "stat": "Agility"}
    reply = ok(server, op="apply", game_id="g1", seat="Weasley", action=test)
    assert reply["to_act"] == ["Sky"]
    sky = ok(server, op="state", game_id="g1", seat="Sky")
    assert sky["ask"]["kind"] == "decision" and "Youth" in sky["ask"]["text"]
    assert ok(server, op="state", game_id="g1", seat="Weasley")["legal_actions"] == []
    spend = sky["legal_actions"][0]
    refused(server, "not_your_turn", op="apply", game_id="g1", seat="Weasley", action=spend)
    ok(server, op="apply", game_id="g1", seat="Sky", action=spend)
    end = ok(server, op="apply", game_id="g1", seat="Sky", action={"type": "hr.end_scene"})
    assert end["is_over"] and end["outcome"]["reason"] == "scene_ended"
    refused(server, "unknown_bot", op="bot", game_id="g1", seat="Sky", bot="heuristic")


def test_a_game_master_action_is_no_seats_to_take_back() -> None:
    server = Server()
    ok(server, op="new", game="hr", players=["Sky", "Weasley"], seed=4)
    ok(server, op="apply", game_id="g1", seat="Sky", action={"type": "hr.school_break"})
    error = refused(server, "illegal_action", op="undo", game_id="g1", seat="Sky")
    assert error["rule"] == "no_take_back"
    assert error["message"] == (
        "cannot take back: a game master's action is no seat's own (practice mode takes it back)"
    )


# ----- the seat rule ------------------------------------------------------------------------------


def test_a_seat_acts_only_for_itself() -> None:
    server = Server()
    game_id = new_clue(server, players=3, students={"Ann": "Harry", "Ben": "Ron", "Cat": "Luna"})
    ok(server, op="apply", game_id=game_id, seat="Ann", action={"type": "clue.deal"})
    roll = {"type": "clue.roll_dice", "player": "Ann"}
    # Ben acting for Ann, Ben acting as himself out of turn, Ann acting for Ben.
    refused(server, "not_your_turn", op="apply", game_id=game_id, seat="Ben", action=roll)
    error = refused(
        server,
        "not_your_turn",
        op="apply",
        game_id=game_id,
        seat="Ben",
        action={"type": "clue.roll_dice", "player": "Ben"},
    )
    assert error["field"] == "$.seat"
    refused(
        server,
        "not_your_turn",
        op="apply",
        game_id=game_id,
        seat="Ann",
        action={"type": "clue.end_turn", "player": "Ben"},
    )
    # The table only rolls; a player never does.
    refused(server, "not_your_turn", op="apply", game_id=game_id, seat=TABLE, action=roll)
    refused(
        server,
        "not_your_turn",
        op="apply",
        game_id=game_id,
        seat="Ann",
        action={"type": "chance", "value": 1},
    )
    assert ok(server, op="state", game_id=game_id, seat="Ben")["legal_actions"] == []
    ok(server, op="apply", game_id=game_id, seat="Ann", action=roll)


def test_a_refuters_choice_belongs_to_the_refuter() -> None:
    server = Server()
    game_id = new_clue(server, players=4, seed=23)
    bots = {"Ann": "notebook", "Ben": "notebook", "Cat": "notebook", "Dan": "notebook"}
    # Play until somebody must show a card (a decision out of turn).
    for _ in range(500):
        state = ok(server, op="state", game_id=game_id, seat=TABLE)
        (deciding,) = state["to_act"] or ["Ann"]
        awaiting = state["ask"]
        choices = ok(server, op="state", game_id=game_id, seat=deciding)["legal_actions"]
        if choices[0]["type"] == "clue.show_card":
            refuter = deciding
            break
        ok(server, op="bot", game_id=game_id, seat=deciding, bot="notebook")
    else:  # pragma: no cover
        pytest.fail("nobody had to show a card")
    assert awaiting["kind"] == "decision" and awaiting["player"] == refuter
    # Clue's prompts are for the one who decides.
    assert awaiting["text"] == f"{refuter} must decide"
    assert all(a["type"] == "clue.show_card" for a in choices)
    for seat in bots:
        if seat != refuter:
            assert ok(server, op="state", game_id=game_id, seat=seat)["legal_actions"] == []
            refused(
                server, "not_your_turn", op="apply", game_id=game_id, seat=seat, action=choices[0]
            )
    ok(server, op="apply", game_id=game_id, seat=refuter, action=choices[0])


def test_illegal_and_malformed_actions() -> None:
    server = Server()
    game_id = new_clue(server, players=3)
    error = refused(
        server,
        "illegal_action",
        op="apply",
        game_id=game_id,
        seat="Ann",
        action={"type": "clue.roll_dice", "player": "Ann"},
    )
    assert error["rule"] == "not_dealt"
    error = refused(
        server,
        "invalid_data",
        op="apply",
        game_id=game_id,
        seat="Ann",
        action={"type": "clue.roll_dice", "player": "Ann", "extra": 1},
    )
    assert error["field"] == "$.action"
    error = refused(
        server,
        "invalid_data",
        op="apply",
        game_id=game_id,
        seat="Ann",
        action={"type": "adventure.move_one", "player": "Ann"},
    )
    assert error["field"] == "$.action.type"
    error = refused(
        server, "invalid_data", op="apply", game_id=game_id, seat="Ann", action={"type": "nope"}
    )
    assert error["field"] == "$.action.type"
    refused(server, "invalid_data", op="apply", game_id=game_id, seat="Ann", action=[1, 2])


# ----- external dice ------------------------------------------------------------------------------


def test_external_dice_are_rolled_by_the_table() -> None:
    server = Server()
    ok(server, op="new", game="adventure", players=["Harry", "Ron"], dice="external")
    refused(
        server, "bad_value", op="new", game="adventure", players=["A", "B"], dice="external", seed=1
    )
    reply = ok(server, op="apply", game_id="g1", seat="Ron", action={"type": "adventure.roll_off"})
    steps = 1
    while reply["to_act"] == [CHANCE]:
        table = ok(server, op="state", game_id="g1", seat=TABLE)
        assert table["ask"]["kind"] == "chance" and table["ask"]["player"] == CHANCE
        assert table["legal_actions"] == table["view"]["legal_actions"] == []
        rolls = [c["action"] for c in table["chance"]]
        assert all(c["probability"] == "1/6" for c in table["chance"])
        for seat in ("Harry", "Ron"):
            assert ok(server, op="state", game_id="g1", seat=seat)["legal_actions"] == []
            refused(
                server,
                "not_your_turn",
                op="apply",
                game_id="g1",
                seat=seat,
                action=rolls[0],
            )
        error = refused(
            server,
            "illegal_action",
            op="apply",
            game_id="g1",
            seat=TABLE,
            action={"type": "chance", "value": 7},
        )
        assert error["rule"] == "bad_roll"
        reply = ok(server, op="apply", game_id="g1", seat=TABLE, action=rolls[steps % 6])
        steps += 1
    assert reply["to_act"] in (["Harry"], ["Ron"])
    # play_bots stops whenever the dice must roll.
    bots = {"Harry": "heuristic", "Ron": "heuristic"}
    played = ok(server, op="play_bots", seat=TABLE, game_id="g1", bots=bots)
    assert played["stopped"] == "chance" and played["to_act"] == [CHANCE]
    assert ok(server, op="state", game_id="g1", seat=TABLE)["chance"]


def test_external_dice_in_clue_deal_through_the_table() -> None:
    server = Server()
    ok(
        server,
        op="new",
        game="clue",
        players=["A", "B", "C"],
        dice="external",
        options={"students": {"A": "Harry", "B": "Ron", "C": "Luna"}},
    )
    ok(server, op="apply", game_id="g1", seat="A", action={"type": "clue.deal"})
    rounds = 0
    while ok(server, op="state", game_id="g1", seat=TABLE)["to_act"] == [CHANCE]:
        table = ok(server, op="state", game_id="g1", seat=TABLE)
        total = sum(_fraction(c["probability"]) for c in table["chance"])
        assert total == 1
        ok(server, op="apply", game_id="g1", seat=TABLE, action=table["chance"][0]["action"])
        rounds += 1
    assert rounds > 18  # the missing student, the envelope, every card and Help card
    state = ok(server, op="state", game_id="g1", seat="A")
    assert len(state["view"]["hand"]) == 6 and state["to_act"] == ["A"]


def _fraction(text: str) -> Any:
    from fractions import Fraction

    return Fraction(text)


# ----- save, load, undo, several games ------------------------------------------------------------


@pytest.mark.parametrize("kind", list(GAMES))
def test_save_then_load_gives_the_same_game(kind: str) -> None:
    server = Server()
    players = GAMES[kind]
    ok(server, op="new", game=kind, players=players, seed=12)
    if kind != "hufflepuff-ravenclaw":
        ok(
            server,
            op="play_bots",
            seat=TABLE,
            game_id="g1",
            bots=dict.fromkeys(players, "random"),
            max_steps=25,
        )
    else:
        ok(
            server,
            op="apply",
            game_id="g1",
            seat="Sky",
            action={"type": "hr.damage", "character": "Weasley", "points": 2},
        )
    saved = ok(server, op="save", role="host", game_id="g1")["game"]
    loaded = ok(server, op="load", game=saved)
    assert loaded["game_id"] == "g2" and loaded["kind"] == kind and loaded["seats"] == players
    assert ok(server, op="save", role="host", game_id="g2")["game"] == saved
    for seat in [*players, TABLE]:
        first = ok(server, op="state", game_id="g1", seat=seat)
        second = ok(server, op="state", game_id="g2", seat=seat)
        assert {**first, "game_id": "g2"} == second
        assert ok(server, op="events", game_id="g1", seat=seat) == ok(
            server, op="events", game_id="g2", seat=seat
        )


def test_load_refuses_bad_saved_games() -> None:
    server = Server()
    game_id = new_clue(server)
    ok(
        server,
        op="play_bots",
        seat=TABLE,
        game_id=game_id,
        bots=CLUE_BOTS | {"Ann": "random"},
        max_steps=10,
    )
    saved = saved_clue(server, game_id)
    broken = json.loads(json.dumps(saved))
    broken["actions"][3] = {"type": "clue.roll_dice", "player": 5}
    assert (
        refused(server, "invalid_data", op="load", game=broken)["field"]
        == "$.game.actions[3].player"
    )
    broken = json.loads(json.dumps(saved))
    broken["state"]["envelope"] = ["Draco Malfoy", "Cursed Necklace", "Hogwarts"]
    error = refused(server, "invalid_data", op="load", game=broken)
    assert error["field"] == "$.game.state" and "Draco" not in error["message"]
    assert error["rule"] == "state_mismatch"  # the loader's own code, to branch on
    assert refused(server, "invalid_data", op="load", game={**saved, "version": 99})["rule"] == (
        "bad_version"
    )
    assert "rule" not in refused(server, "invalid_data", op="load", game=[saved])
    refused(server, "unknown_game", op="load", game={**saved, "game": "chess"})
    renamed = json.loads(json.dumps(saved))
    renamed["setup"]["players"][1] = TABLE
    renamed["actions"] = renamed["actions"][:1]
    renamed.pop("state")
    assert (
        refused(server, "invalid_data", op="load", game=renamed)["field"]
        == "$.game.setup.players[1]"
    )


def ann_plays_until(server: Server, game_id: str, wanted: str, bots: dict[str, str]) -> Reply:
    """Let the bots play, and Ann with the notebook bot, until Ann may take a ``wanted``."""
    for _ in range(600):
        played = ok(server, op="play_bots", seat="Ann", game_id=game_id, bots=bots)
        assert not played["is_over"]
        state = ok(server, op="state", game_id=game_id, seat="Ann")
        if any(action["type"] == wanted for action in state["legal_actions"]):
            return state
        ok(server, op="bot", game_id=game_id, seat="Ann", bot="notebook")
    pytest.fail(f"Ann never could {wanted}")  # pragma: no cover


def seat_replies(server: Server, game_id: str, seats: list[str]) -> dict[str, Any]:
    """What each seat can read of a game: its state and its whole event log."""
    return {
        seat: (
            ok(server, op="state", game_id=game_id, seat=seat),
            ok(server, op="events", game_id=game_id, seat=seat),
        )
        for seat in seats
    }


def test_undo_takes_back_a_plain_move_of_the_seats_own() -> None:
    server = Server()
    game_id = new_clue(server, players=4, seed=11)
    seats = ["Ann", "Ben", "Cat", "Dan", TABLE]
    bots = {"Ben": "notebook", "Cat": "notebook", "Dan": "notebook"}
    state = ann_plays_until(server, game_id, "clue.roll_dice", bots)
    roll = {"type": "clue.roll_dice", "player": "Ann"}
    ok(server, op="apply", game_id=game_id, seat="Ann", action=roll)
    # The roll is never taken back: the same dice would roll again.
    error = refused(server, "illegal_action", op="undo", game_id=game_id, seat="Ann")
    assert error["rule"] == "no_take_back" and "roll" in error["message"]
    before = snapshot(server)
    seen_before = seat_replies(server, game_id, seats)
    legal = ok(server, op="state", game_id=game_id, seat="Ann")["legal_actions"]
    move = next(action for action in legal if action["type"] == "clue.move_to")
    moved = ok(server, op="apply", game_id=game_id, seat="Ann", action=move)
    assert [event["type"] for event in moved["events"]["Ann"]] == ["clue.moved"]
    # Only Ann takes back Ann's move; the table's seat takes nothing back.
    for seat in ("Ben", TABLE):
        error = refused(server, "illegal_action", op="undo", game_id=game_id, seat=seat)
        assert error["rule"] == "no_take_back" and error["field"] == "$.seat"
    refused(server, "missing_field", op="undo", game_id=game_id)
    refused(server, "bad_value", op="undo", game_id=game_id, seat="Ann", steps=1, to_step=0)
    refused(server, "bad_value", op="undo", game_id=game_id, seat="Ann", steps=0)
    refused(server, "bad_value", op="undo", game_id=game_id, seat="Ann", role="player")
    two = refused(server, "illegal_action", op="undo", game_id=game_id, seat="Ann", steps=2)
    assert two["rule"] == "no_take_back" and two["field"] == "$.steps"
    far = refused(server, "illegal_action", op="undo", game_id=game_id, seat="Ann", steps=9999)
    assert far["rule"] == "no_take_back"
    reply = ok(server, op="undo", game_id=game_id, seat="Ann")
    step = state["history_length"] + 1
    ask = {"player": "Ann", "kind": "move", "text": "Ann to move"}
    assert reply == {
        "id": None,
        "ok": True,
        "history_length": step,
        "to_act": ["Ann"],
        "ask": ask,
        "is_over": False,
    }
    # The game, and every seat's state and event log, are as before the move.
    assert snapshot(server) == before
    assert seat_replies(server, game_id, seats) == seen_before
    # The host takes back the same move, under the same rule; to_step works too.
    ok(server, op="apply", game_id=game_id, seat="Ann", action=move)
    assert (
        ok(server, op="undo", game_id=game_id, role="host")["history_length"]
        == reply["history_length"]
    )
    ok(server, op="apply", game_id=game_id, seat="Ann", action=move)
    to_step = ok(server, op="undo", game_id=game_id, seat="Ann", to_step=reply["history_length"])
    assert to_step["history_length"] == reply["history_length"] and snapshot(server) == before
    error = refused(server, "illegal_action", op="undo", game_id=game_id, role="host", steps=1)
    assert error["rule"] == "no_take_back"


@pytest.mark.parametrize(("seed", "players"), [(3, 3), (11, 4)])
def test_undo_after_a_suggestion_or_a_refutation_is_refused(seed: int, players: int) -> None:
    server = Server()
    game_id = new_clue(server, players=players, seed=seed)
    names = ["Ann", "Ben", "Cat", "Dan"][:players]
    bots = dict.fromkeys(names[1:], "notebook")
    state = ann_plays_until(server, game_id, "clue.suggest", bots)
    suggestion = next(a for a in state["legal_actions"] if a["type"] == "clue.suggest")
    suggested = ok(server, op="apply", game_id=game_id, seat="Ann", action=suggestion)
    types = [event["type"] for event in suggested["events"]["Ann"]]
    # A pass answers the suggestion at once, or a refuter is asked to show a card.
    assert "clue.passed" in types or suggested["to_act"] != ["Ann"]
    for request in (
        {"seat": "Ann"},
        {"role": "host"},
        {"seat": "Ann", "to_step": state["history_length"]},
    ):
        error = refused(server, "illegal_action", op="undo", game_id=game_id, **request)
        assert error["rule"] == "no_take_back"
    # Once a card has been shown, neither Ann nor the host takes anything back.
    played = ok(server, op="play_bots", seat="Ann", game_id=game_id, bots=bots, max_steps=1)
    if played["steps"]:
        assert [e["type"] for e in played["events"]["Ann"]][:1] in (["clue.card_shown"], [])
    for request in ({"seat": "Ann"}, {"role": "host"}, {"seat": "Ann", "steps": 2}):
        error = refused(server, "illegal_action", op="undo", game_id=game_id, **request)
        assert error["rule"] == "no_take_back"


def test_several_games_at_once_do_not_mix() -> None:
    server = Server()
    ids = [new_clue(server, seed=seed) for seed in (1, 2, 3)]
    ok(server, op="new", game="adventure", players=["A", "B"], seed=1)
    for index, game_id in enumerate(ids):
        ok(
            server,
            op="play_bots",
            seat=TABLE,
            game_id=game_id,
            bots=CLUE_BOTS | {"Ann": "random"},
            max_steps=5 * (index + 1),
        )
    steps = [game["history_length"] for game in ok(server, op="list")["games"]]
    assert steps == [5, 10, 15, 0]
    hands = [ok(server, op="state", game_id=game_id, seat="Ann")["view"]["hand"] for game_id in ids]
    assert hands[0] != hands[1] or hands[1] != hands[2]


def test_at_most_max_games() -> None:
    server = Server()
    for _ in range(MAX_GAMES):
        ok(server, op="new", game="hr", players=["Sky"], seed=1)
    refused(server, "too_many_games", op="new", game="hr", players=["Sky"], seed=1)
    saved = ok(server, op="save", role="host", game_id="g1")["game"]
    refused(server, "too_many_games", op="load", game=saved)
    ok(server, op="close", game_id="g50")
    assert ok(server, op="load", game=saved)["game_id"] == "g101"


# ----- every error code ---------------------------------------------------------------------------


def error_code(server: Server, line: str | bytes) -> str:
    reply = json.loads(server.handle_line(line))
    assert reply["ok"] is False
    code: str = reply["error"]["code"]
    return code


def test_every_error_code_can_be_produced(monkeypatch: pytest.MonkeyPatch) -> None:
    server = Server()
    ok(server, op="new", game="clue", players=["Ann", "Ben", "Cat"], seed=2)
    ok(server, op="new", game="hr", players=["Sky"], seed=2)
    seen: set[str] = set()

    def expect(code: str, line: str | bytes) -> None:
        before = snapshot(server)
        assert error_code(server, line) == code, line[:200]
        assert snapshot(server) == before
        seen.add(code)

    expect("bad_json", "{")
    expect("bad_json", b'{"op": "hello\xff"}')
    expect("bad_json", '{"op": "hello", "id": Infinity}')
    expect("bad_json", '{"op": "hello", "op": "list"}')
    expect("line_too_long", '{"op": "hello", "id": "' + "x" * MAX_LINE_BYTES + '"}')
    expect("too_deep", '{"op": "hello", "x": ' + "[" * MAX_DEPTH + "]" * MAX_DEPTH + "}")
    expect("bad_request", "[]")
    expect("unsupported_protocol", '{"op": "hello", "protocol": 0}')
    expect("unknown_op", '{"op": "resign"}')
    expect("unknown_field", '{"op": "list", "game_id": "g1"}')
    expect(
        "unknown_field",
        '{"op": "new", "game": "clue", "players": ["A", "B", "C"], "options": {"colour": 1}}',
    )
    expect("missing_field", '{"id": 1}')
    expect("bad_type", '{"op": "state", "game_id": 1, "seat": "Ann"}')
    expect("bad_value", '{"op": "new", "game": "clue", "players": ["A", "B", "C"], "seed": -1}')
    expect("bad_value", '{"op": "new", "game": "clue", "players": ["A", "B", "table"]}')
    expect("unknown_game", '{"op": "new", "game": "chess", "players": ["A", "B"]}')
    expect("no_such_game", '{"op": "save", "game_id": "g42"}')
    expect("unknown_seat", '{"op": "state", "game_id": "g1", "seat": "Draco"}')
    expect("bad_value", '{"op": "play_bots", "game_id": "g1", "bots": {"table": "random"}}')
    expect("unknown_seat", '{"op": "play_bots", "game_id": "g1", "bots": {"Draco": "random"}}')
    expect(
        "not_your_turn",
        '{"op": "apply", "game_id": "g1", "seat": "table", "action": {"type": "clue.deal"}}',
    )
    expect(
        "illegal_action",
        '{"op": "apply", "game_id": "g1", "seat": "Ann", '
        '"action": {"type": "clue.end_turn", "player": "Ann"}}',
    )
    expect(
        "invalid_data",
        '{"op": "apply", "game_id": "g1", "seat": "Ann", "action": {"type": "clue.deal", "x": 1}}',
    )
    expect("invalid_data", '{"op": "load", "game": {"game": "clue"}}')
    expect("unknown_bot", '{"op": "bot", "game_id": "g1", "seat": "Ann", "bot": "sherlock"}')
    for _ in range(MAX_GAMES - 2):
        ok(server, op="new", game="hr", players=["Sky"], seed=2)
    expect("too_many_games", '{"op": "new", "game": "hr", "players": ["Sky"]}')

    def broken(*args: Any) -> Any:
        raise RuntimeError("the envelope holds Draco Malfoy")

    monkeypatch.setattr(protocol, "_view", broken)
    line = server.handle_line('{"id": 5, "op": "state", "game_id": "g1", "seat": "Ann"}')
    reply = json.loads(line)
    assert reply["id"] == 5 and reply["error"]["code"] == "internal_error"
    assert "Draco" not in line and "Traceback" not in line
    seen.add("internal_error")
    assert seen == set(ERROR_CODES)
    monkeypatch.undo()
    assert ok(server, op="state", game_id="g1", seat="Ann")  # still serving


def test_ids_are_echoed_when_valid() -> None:
    server = Server()
    assert call(server, id="x" * 64, op="list")["id"] == "x" * 64
    assert call(server, id=-(2**53 - 1), op="list")["id"] == -(2**53 - 1)
    assert call(server, id=None, op="list")["id"] is None
    assert call(server, id=7, op="nope")["id"] == 7
    for bad in ("x" * 65, 2**53, 1.5, True, [1], {"a": 1}):
        reply = call(server, id=bad, op="list")
        assert reply["id"] is None and reply["error"]["field"] == "$.id"


def test_errors_are_bounded_and_do_not_echo_the_request() -> None:
    server = Server()
    huge = "Q" * 5000
    for request in (
        {"op": huge},
        {"op": "list", huge: 1},
        {"op": "state", "game_id": huge, "seat": "x"},
        {"op": "new", "game": huge, "players": []},
        {"op": "new", "game": "clue", "players": [huge, "B", "C"]},
        {"op": "new", "game": "clue", "players": ["A", "B", "C"], "options": {huge: 1}},
        {"op": "apply", "game_id": "g1", "seat": "A", "action": {"type": huge}},
    ):
        line = server.handle_line(json.dumps(request))
        assert line.count("Q") <= 60 + 60  # message and field, each bounded
        assert len(line) < 1000


def test_handle_takes_parsed_values() -> None:
    server = Server()
    assert server.handle("hello")["error"]["code"] == "bad_request"
    assert server.handle({"op": "hello"})["ok"] is True
    assert server.handle({1: 2, "op": "list"})["error"]["code"] == "unknown_field"


# ----- secrets ------------------------------------------------------------------------------------


def redaction_problems(seat: str, events: list[dict[str, Any]]) -> list[str]:
    problems = []
    for event in events:
        kind = event["type"]
        if kind == "clue.cards_dealt" and event["player"] != seat and event["cards"]:
            problems.append(f"{seat} sees {event['player']}'s hand")
        if (
            kind == "clue.help_card_drawn"
            and event["face_down"]
            and event["player"] != seat
            and event["card"]
        ):
            problems.append(f"{seat} sees a face-down card")
        if (
            kind == "clue.card_shown"
            and seat not in (event["suggester"], event["refuter"])
            and event["card"]
        ):
            problems.append(f"{seat} sees a card shown to another")
        if (
            kind == "clue.accusation_checked"
            and event["player"] != seat
            and not event["correct"]
            and event["solution"]
        ):
            problems.append(f"{seat} sees the envelope")
    return problems


def test_no_seat_ever_sees_another_hand_or_the_envelope() -> None:
    server = Server()
    game_id = new_clue(server, players=4, seed=5)
    bots = {"Ann": "random", "Ben": "detective", "Cat": "notebook", "Dan": "random"}
    for _ in range(400):
        saved = saved_clue(server, game_id)
        state_of = saved["state"]
        hands = {name: set(seat["hand"]) for name, seat in state_of["seats"].items()}
        over = state_of["phase"] == "over"
        for seat in [*bots, TABLE]:
            state = ok(server, op="state", game_id=game_id, seat=seat)
            view = state["view"]
            assert set(view["hand"]) == hands.get(seat, set())
            eliminated = seat in bots and state_of["seats"][seat]["eliminated"]
            assert bool(view["envelope"]) == (over or eliminated)
            if state["to_act"] and seat not in state["to_act"]:
                assert state["legal_actions"] == []
            ask = state["ask"]
            assert set(ask) == {"player", "kind", "text"}
            if ask["kind"] == "decision" and ask["player"] != seat:
                assert ask["text"] == f"{ask['player']} must decide"
                assert state["view"]["prompt"] == "" and state["view"]["details"] == {}
            log = ok(server, op="events", game_id=game_id, seat=seat)["events"]
            assert redaction_problems(seat, [entry["event"] for entry in log]) == []
            if seat == TABLE and not over:
                assert view["hand"] == view["hidden_help"] == view["envelope"] == []
                assert view["shown_to_me"] == view["shown_by_me"] == []
        if over:
            break
        ok(server, op="play_bots", seat=TABLE, game_id=game_id, bots=bots, max_steps=3)
    else:  # pragma: no cover
        pytest.fail("the game did not end")


def as_json(value: Any) -> Any:
    """A value as a client reads it (through JSON text)."""
    return json.loads(json.dumps(value))


def events_seen(events: Any, seat: str) -> list[dict[str, Any]]:
    """The events as the game's own `seen_by` gives them to a seat (the table: a spectator)."""
    viewer = "<table>" if seat == TABLE else seat
    return [as_json(event.to_dict()) for event in events_for(events, viewer)]


def action_problems(
    shown: dict[str, Any], action: Action, chooser: str, viewer: str | None
) -> list[str]:
    """How a bot's action as a reply shows it to ``viewer`` (``None``: the host) is wrong."""
    whole = as_json(action.to_dict())
    if viewer is None or viewer == chooser:
        return [] if shown == whole else [f"{viewer} gets {shown}, not {whole}"]
    problems = []
    if shown["type"] != action.TYPE or not set(shown) <= {"type", "player", "redacted"}:
        problems.append(f"{viewer} sees more of {chooser}'s action than its type: {shown}")
    if shown.get("player", action.actor) != action.actor:
        problems.append(f"the actor is not shown as it is: {shown}")
    if shown.get("redacted", False) != (set(whole) - set(shown) != set()):
        problems.append(f"the redaction is not marked: {shown}")
    return problems


@pytest.mark.parametrize(("seed", "players"), [(3, 3), (5, 4), (8, 5)])
def test_every_reply_to_each_seat_holds_only_what_it_may_see(seed: int, players: int) -> None:
    """apply, bot and play_bots from random seats: each reply compared with `seen_by`."""
    server = Server()
    game_id = new_clue(server, players=players, seed=seed)
    names = ["Ann", "Ben", "Cat", "Dan", "Eve"][:players]
    viewers = [*names, TABLE]
    rng = random.Random(seed)
    local = clue.Game.from_dict(saved_clue(server, game_id))
    logs: dict[str, list[dict[str, Any]]] = {seat: [] for seat in viewers}
    redacted = 0
    for _ in range(60):
        if local.is_over:
            break
        to_act = ok(server, op="state", game_id=game_id, seat=TABLE)["to_act"]
        deciding = to_act[0] if to_act else rng.choice(names)
        op = rng.choice(["apply", "bot", "play_bots", "play_bots"])
        role = {"role": "host"} if rng.random() < 0.15 else {}
        viewer = deciding
        if op == "apply":
            legal = ok(server, op="state", game_id=game_id, seat=deciding)["legal_actions"]
            action = rng.choice([a for a in legal if a["type"] != "clue.accuse"] or legal)
            reply = ok(server, op="apply", game_id=game_id, seat=deciding, action=action, **role)
        elif op == "bot":
            bot = rng.choice(["notebook", "detective", "random"])
            reply = ok(server, op="bot", game_id=game_id, seat=deciding, bot=bot, **role)
        else:
            viewer = rng.choice(viewers)
            bots = {name: rng.choice(["notebook", "detective", "random"]) for name in names}
            if rng.random() < 0.5:
                del bots[rng.choice(names)]  # one seat plays in person
            steps = rng.randint(1, 12)
            reply = ok(
                server,
                op="play_bots",
                game_id=game_id,
                seat=viewer,
                bots=bots,
                max_steps=steps,
                **role,
            )
        # What happened, from the host's save, replayed through the library.
        saved = saved_clue(server, game_id)
        done = [Action.from_dict(data) for data in saved["actions"][len(local.history) :]]
        happened: list[Event] = []
        for action_done in done:
            local, events = local.apply(action_done)
            happened.extend(events)
        expected = {seat: events_seen(happened, seat) for seat in viewers}
        if role:
            assert reply["events"] == expected
        else:
            assert reply["events"] == {viewer: expected[viewer]}
        if op == "bot":
            assert reply["action"] == as_json(done[0].to_dict())
        if op == "play_bots":
            assert len(reply["actions"]) == len(reply["actors"]) == len(done)
            for shown, action_done, chooser in zip(
                reply["actions"], done, reply["actors"], strict=True
            ):
                problems = action_problems(shown, action_done, chooser, None if role else viewer)
                assert problems == []
                redacted += bool(shown.get("redacted"))
                if action_done.TYPE == "clue.show_card" and not role and viewer != chooser:
                    assert "card" not in shown  # a bot's card never reaches another seat
        for seat in viewers:
            logs[seat].extend(expected[seat])
            state = ok(server, op="state", game_id=game_id, seat=seat)
            assert state["view"] == as_json(local.view(None if seat == TABLE else seat).to_dict())
            entries = ok(server, op="events", game_id=game_id, seat=seat)["events"]
            log = [entry["event"] for entry in entries]
            assert log == logs[seat]
            assert redaction_problems(seat, log) == []
    assert redacted > 0


def test_a_card_a_bot_shows_reaches_only_its_suggester() -> None:
    server = Server()
    game_id = new_clue(server, players=4, seed=23)
    bots = dict.fromkeys(["Ann", "Ben", "Cat", "Dan"], "notebook")
    seen_show = False
    for _ in range(400):
        to_act = ok(server, op="state", game_id=game_id, seat=TABLE)["to_act"]
        viewer = {"Ann": "Ben", "Ben": "Cat", "Cat": "Dan", "Dan": "Ann"}.get(
            to_act[0] if to_act else "Ann", TABLE
        )
        played = ok(server, op="play_bots", game_id=game_id, seat=viewer, bots=bots, max_steps=1)
        assert played["steps"] == 1
        (shown,) = played["actions"]
        if shown["type"] != "clue.show_card":
            continue
        (refuter,) = played["actors"]
        assert viewer != refuter
        assert shown == {"type": "clue.show_card", "player": refuter, "redacted": True}
        (event,) = [e for e in played["events"][viewer] if e["type"] == "clue.card_shown"]
        saved = saved_clue(server, game_id)
        card = saved["actions"][-1]["card"]
        assert card in saved["state"]["seats"][refuter]["hand"]
        # The suggester sees the card in the event (not in the action); nobody else does.
        assert event["card"] == (card if viewer == event["suggester"] else "")
        assert card not in json.dumps(shown)
        seen_show = True
        if viewer == event["suggester"]:
            break
    assert seen_show


def test_host_replies_are_whole_and_asked_for() -> None:
    server = Server()
    game_id = new_clue(server, players=3, seed=4)
    bots = {"Ann": "notebook", "Ben": "random", "Cat": "detective"}
    refused(server, "missing_field", op="play_bots", game_id=game_id, bots=bots)
    refused(server, "bad_value", op="play_bots", game_id=game_id, bots=bots, role="admin")
    refused(server, "bad_type", op="play_bots", game_id=game_id, bots=bots, role=1)
    refused(server, "unknown_seat", op="play_bots", game_id=game_id, bots=bots, seat="Zed")
    refused(server, "unknown_field", op="state", game_id=game_id, seat="Ann", role="host")
    refused(server, "unknown_field", op="events", game_id=game_id, seat="Ann", role="host")
    # save is the host's only.
    error = refused(server, "missing_field", op="save", game_id=game_id)
    assert error["field"] == "$.role"
    assert (
        refused(server, "bad_value", op="save", game_id=game_id, role="seat")["field"] == "$.role"
    )
    played = ok(server, op="play_bots", game_id=game_id, bots=bots, role="host", max_steps=80)
    assert sorted(played["events"]) == ["Ann", "Ben", "Cat", TABLE]
    saved = saved_clue(server, game_id)
    assert played["actions"] == saved["actions"][: played["steps"]]
    # A seat given with the host role changes nothing of the reply.
    again = Server()
    new_clue(again, players=3, seed=4)
    same = ok(
        again, op="play_bots", game_id=game_id, bots=bots, role="host", seat="Ann", max_steps=80
    )
    assert same == played
    # load and undo replies hold no events.
    loaded = ok(server, op="load", game=saved)
    assert set(loaded) == {"id", "ok", "game_id", "kind", "seats", "history_length"}


def test_errors_never_hold_the_envelope() -> None:
    server = Server()
    game_id = new_clue(server, players=3, seed=8)
    bots = {"Ann": "notebook", "Ben": "notebook", "Cat": "notebook"}
    ok(server, op="play_bots", seat=TABLE, game_id=game_id, bots=bots, max_steps=15)
    state = saved_clue(server, game_id)["state"]
    envelope = state["envelope"]
    hands = {name: seat["hand"] for name, seat in state["seats"].items()}
    suspect, item, location = envelope
    wrong = next(card for card in clue.SUSPECTS if card != suspect)
    probes: list[dict[str, Any]] = [
        {"type": "clue.accuse", "player": "Ann", "suspect": s, "item": item, "location": location}
        for s in (suspect, wrong)
    ]
    probes += [{"type": "clue.suggest", "player": "Ben", "suspect": suspect, "item": item}]
    probes += [{"type": "clue.show_card", "player": "Cat", "card": card} for card in envelope]
    probes += [{"type": "clue.show_card", "player": "Ann", "card": "Hogwarts"}]
    probes += [{"type": "clue.move_to", "player": "Ann", "destination": location}]
    probes += [{"type": "clue.protect", "player": "Ann", "card": "Invisibility Cloak"}]
    probes += [{"type": "chance", "value": suspect}, {"type": "clue.accuse", "player": "Ann"}]
    probes += [{"type": "clue.end_turn", "player": name} for name in hands]
    probes += [{"type": "clue.deal"}, {"type": "clue.pay_floo", "player": "Cat"}]
    for seat in ("Ann", "Ben", "Cat", TABLE, "Zed"):
        messages = []
        for action in probes:
            reply = call(server, op="apply", game_id=game_id, seat=seat, action=action)
            assert reply["ok"] is False  # none of the probes is legal here
            # Only the cards the request named itself may come back.
            named = json.dumps(action)
            message = json.dumps(reply["error"])
            secret = [c for c in envelope if c not in named]
            secret += [c for name, hand in hands.items() if name != seat for c in hand]
            assert not any(card in message for card in secret if card not in named), message
            messages.append(reply["error"])
        # Accusing rightly or wrongly out of place is refused in the same words.
        right, wrong_one = messages[0], messages[1]
        assert right["code"] == wrong_one["code"] and right.get("rule") == wrong_one.get("rule")
        assert right["message"].replace(suspect, wrong) == wrong_one["message"]


# ----- the run loop and the process ---------------------------------------------------------------


def test_run_loop_over_string_streams() -> None:
    lines = [
        '{"id": 1, "op": "new", "game": "clue", "players": ["A", "B", "C"], "seed": 1}',
        "",
        "   ",
        "{broken",
        '{"id": 2, "op": "apply", "game_id": "g1", "seat": "A", "action": {"type": "clue.deal"}}',
        '{"id": 3, "op": "quit"}',
        '{"id": 4, "op": "list"}',
    ]
    out = io.StringIO()
    assert Server().run(io.StringIO("\n".join(lines) + "\n"), out) == 0
    replies = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [(r["id"], r["ok"]) for r in replies] == [(1, True), (None, False), (2, True), (3, True)]


def test_run_loop_over_bytes_with_bad_utf8_and_a_huge_line() -> None:
    data = (
        b'{"id": 1, "op": "hello"}\r\n'
        + b'{"id": "\xc3\x28"}\n'
        + b'{"op": "list", "pad": "'
        + b"x" * (MAX_LINE_BYTES + 10)
        + b'"}\n'
        + b'{"id": 2, "op": "list"}'  # no final line ending
    )
    out = io.BytesIO()
    assert Server().run(io.BytesIO(data), out) == 0
    replies = [json.loads(line) for line in out.getvalue().decode("ascii").splitlines()]
    assert [r["ok"] for r in replies] == [True, False, False, True]
    assert replies[1]["error"]["code"] == "bad_json"
    assert replies[2]["error"]["code"] == "line_too_long"
    assert replies[3]["id"] == 2


def test_non_ascii_names_travel_escaped() -> None:
    server = Server()
    line = server.handle_line(
        '{"op": "new", "game": "hr", "players": ["Séverine", "李"], "seed": 1}'.encode()
    )
    assert line.isascii()
    assert json.loads(line)["seats"] == ["Séverine", "李"]


def test_serve_as_a_process() -> None:
    requests = [
        b'{"id": 1, "op": "hello"}',
        b'{"id": 2, "op": "new", "game": "adventure", "players": ["Harry", "Ron"], "seed": 3}',
        b"\xff\xfe not json",
        b'{"id": 3, "op": "play_bots", "seat": "table", "game_id": "g1", '
        b'"bots": {"Harry": "heuristic", "Ron": "random"}}',
        b'{"id": 4, "op": "quit"}',
        b'{"id": 5, "op": "hello"}',
    ]
    result = subprocess.run(
        [sys.executable, "-c", "from hogwarts_rules.frontends.serve import serve; serve()"],
        input=b"\n".join(requests) + b"\n",
        capture_output=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stderr == b""
    replies = [json.loads(line) for line in result.stdout.decode("ascii").splitlines()]
    assert [r["id"] for r in replies] == [1, 2, None, 3, 4]
    assert replies[2]["error"]["code"] == "bad_json"
    assert replies[3]["is_over"] is True


# ----- limits found by review -------------------------------------------------------------


def test_a_game_takes_no_more_than_max_game_steps(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(protocol, "MAX_GAME_STEPS", 6)
    server = Server()
    players = GAMES["first-year-adventure"]
    ok(server, op="new", game="adventure", players=players, seed=4)
    bots = dict.fromkeys(players, "random")
    played = ok(server, op="play_bots", seat=TABLE, game_id="g1", bots=bots, max_steps=100)
    assert played["steps"] == 6 and played["stopped"] == "step_limit"
    (seat,) = played["to_act"] or [players[0]]
    error = refused(server, "illegal_action", op="bot", game_id="g1", seat=seat, bot="random")
    assert error["rule"] == "step_limit"
    again = ok(server, op="play_bots", seat=TABLE, game_id="g1", bots=bots)
    assert again["steps"] == 0 and again["stopped"] == "step_limit"


def test_the_table_never_reads_a_players_prompt() -> None:
    server = Server()
    ok(server, op="new", game="clue", players=GAMES["clue"], seed=5)
    bots = {"Ben": "notebook", "Cat": "notebook"}
    ok(server, op="play_bots", seat=TABLE, game_id="g1", bots=bots)  # stops when Ann must decide
    error = refused(
        server,
        "not_your_turn",
        op="apply",
        game_id="g1",
        seat=TABLE,
        action={"type": "chance", "value": 1},
    )
    assert error["message"] == "no roll is awaited: a player must decide"


def test_null_protocol_is_absent_and_undo_to_now_is_free() -> None:
    server = Server()
    assert ok(server, op="hello", protocol=None)["protocol"] == PROTOCOL_VERSION
    ok(server, op="new", game="clue", players=GAMES["clue"], seed=5)
    ok(
        server,
        op="play_bots",
        seat=TABLE,
        game_id="g1",
        bots={"Ben": "notebook", "Cat": "notebook"},
    )
    step = ok(server, op="state", game_id="g1", seat="Ann")["history_length"]
    before = snapshot(server)
    for seat in ("Ann", "Ben", TABLE):
        assert (
            ok(server, op="undo", game_id="g1", seat=seat, to_step=step)["history_length"] == step
        )
    assert ok(server, op="undo", game_id="g1", role="host", to_step=step)["history_length"] == step
    assert snapshot(server) == before


def test_too_many_characters_are_refused_before_any_sheet_is_built() -> None:
    server = Server()
    error = refused(server, "bad_value", op="new", game="hr", players=["a"] * 100_000)
    assert error["field"] == "$.players"


# ----- every game through its spec: typed views, no dice, options, a game from outside -----------


def play_a_little(server: Server, kind: str, players: list[str]) -> list[Reply]:
    """Some actions of every kind of request that moves a game; the replies."""
    replies: list[Reply] = []
    spec = find_game(kind)
    if spec.bot_names:
        bots = dict.fromkeys(players, "random")
        replies.append(ok(server, op="play_bots", seat=TABLE, game_id="g1", bots=bots, max_steps=7))
        (seat,) = ok(server, op="state", game_id="g1", seat=TABLE)["to_act"] or [players[0]]
        replies.append(ok(server, op="bot", game_id="g1", seat=seat, bot=spec.bot_names[0]))
    else:  # Hufflepuff & Ravenclaw: the game master's tests, and the characters' decisions
        test = {"type": "hr.skill_test", "character": "Sky", "skill": "Brawl", "stat": "Agility"}
        for _ in range(3):
            replies.append(ok(server, op="apply", game_id="g1", seat="Weasley", action=test))
            while replies[-1]["to_act"]:
                (seat,) = replies[-1]["to_act"]
                action = ok(server, op="state", game_id="g1", seat=seat)["legal_actions"][0]
                replies.append(ok(server, op="apply", game_id="g1", seat=seat, action=action))
    return replies


@pytest.mark.parametrize("kind", list(GAMES))
def test_a_seats_view_is_the_games_typed_view(kind: str) -> None:
    server = Server()
    players = GAMES[kind]
    ok(server, op="new", game=kind, players=players, seed=31)
    for _ in range(2):
        play_a_little(server, kind, players)
        game = find_game(kind).from_dict(ok(server, op="save", role="host", game_id="g1")["game"])
        for seat in [*players, TABLE]:
            view = ok(server, op="state", game_id="g1", seat=seat)["view"]
            typed = game.view(None if seat == TABLE else seat)
            assert view == json.loads(json.dumps(typed.to_dict()))
            assert view["viewer"] == typed.viewer == (None if seat == TABLE else seat)


def dice_problems(value: Any, seed: int, where: str = "$") -> list[str]:
    """Where a reply holds the dice, a seed or a dice state (64-bit numbers).

    The faces rolled (an event's ``"dice": [6]``) are no secret: a dice source is an object.
    """
    problems = []
    if isinstance(value, dict):
        for key, item in value.items():
            if key in ("seed", "state", "rng") or (key == "dice" and isinstance(item, dict)):
                problems.append(f"{where}.{key}")
            problems += dice_problems(item, seed, f"{where}.{key}")
    elif isinstance(value, list):
        for index, item in enumerate(value):
            problems += dice_problems(item, seed, f"{where}[{index}]")
    elif isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 2**32:
        problems.append(f"{where}: {value}")
    elif isinstance(value, str) and str(seed) in value:
        problems.append(f"{where}: {value[:60]}")
    return problems


@pytest.mark.parametrize("kind", list(GAMES))
def test_no_reply_but_save_holds_the_dice_or_the_seed(kind: str) -> None:
    seed = 0xC0FFEE_DEC0DE_5EED
    server = Server()
    players = GAMES[kind]
    # A seed above 2**53 - 1 travels as a decimal string.
    new = ok(server, op="new", game=kind, players=players, seed=str(seed))
    replies = [ok(server, op="hello"), new]
    for _ in range(3):
        replies += play_a_little(server, kind, players)
        for seat in [*players, TABLE]:
            replies.append(ok(server, op="state", game_id="g1", seat=seat))
            replies.append(ok(server, op="events", game_id="g1", seat=seat))
    replies.append(ok(server, op="list"))
    for seat in [*players, TABLE]:  # taken back or refused: no dice either way
        replies.append(call(server, op="undo", game_id="g1", seat=seat))
        replies.append(call(server, op="undo", game_id="g1", seat=seat, to_step=1))
    for reply in replies:
        assert dice_problems(reply, seed) == [], reply.get("view", reply)
    # The host's own save holds them, and the check finds them there.
    saved = ok(server, op="save", role="host", game_id="g1")
    assert str(saved["game"]["setup"]["dice"]["seed"]) == str(seed)
    assert dice_problems(saved, seed)


@pytest.mark.parametrize(
    ("request_fields", "code", "field"),
    [
        ({"game": "clue", "options": {"students": {"Ann": 7}}}, "bad_value",
         "$.options.students['Ann']"),
        ({"game": "clue", "options": {"students": ["Ann"]}}, "bad_type", "$.options.students"),
        ({"game": "clue", "options": {"first_player": "Zed"}}, "bad_value",
         "$.options.first_player"),
        ({"game": "clue", "players": ["Ann", "Ann", "Cat"]}, "bad_value", "$.players"),
        ({"game": "clue", "players": ["Ann", "Ben"]}, "bad_value", "$.players"),
        ({"game": "clue", "players": ["Ann", "Ben", 3]}, "bad_type", "$.players[2]"),
        ({"game": "clue", "players": ["Ann", "Ben", {"name": "Cat"}]}, "bad_type", "$.players[2]"),
        ({"game": "adventure", "options": {"max_rounds": 0}}, "bad_value", "$.options.max_rounds"),
        ({"game": "adventure", "options": {"max_rounds": "5"}}, "bad_type", "$.options.max_rounds"),
        ({"game": "hr", "options": {"extra_stats": "Luck"}}, "bad_type", "$.options.extra_stats"),
        ({"game": "hr", "options": {"extra_stats": [1]}}, "bad_value", "$.options.extra_stats[0]"),
        ({"game": "hr", "options": {"extra_skills": {"Dreaming": "odd"}}}, "bad_value",
         "$.options.extra_skills['Dreaming']"),
        ({"game": "hr", "players": ["Sky", {"name": "Luna"}]}, "bad_value", "$.players[1].stats"),
        ({"game": "hr", "players": ["Sky", {"name": "table", "stats": {"Size": 3, "Agility": 3,
          "Ambition": 3}, "qualities": {"Intellect": 1, "Fortitude": 2, "Bravery": 3}}]},
         "bad_value", "$.players[1]"),
        ({"game": "hr", "players": ["Sky", 7]}, "bad_type", "$.players[1]"),
        ({"game": "hr", "players": []}, "bad_value", "$.players"),
    ],
)  # fmt: skip
def test_new_names_the_field_a_game_refuses(
    request_fields: dict[str, Any], code: str, field: str
) -> None:
    kind = find_game(request_fields["game"]).kind
    request = {"players": GAMES[kind], "seed": 1} | request_fields
    error = refused(Server(), code, op="new", **request)
    assert error["field"] == field, error


@pytest.fixture
def toy() -> Any:
    """The tests' toy dice race, in the catalogue for one test."""
    register_game(toy_game.SPEC)
    try:
        yield toy_game.SPEC
    finally:
        unregister_game(toy_game.KIND)


def test_a_game_from_outside_the_library_is_served(toy: Any) -> None:
    server = Server()
    hello = ok(server, op="hello")
    assert toy_game.KIND in hello["games"] and hello["aliases"]["toy"] == toy_game.KIND
    assert hello["bots"][toy_game.KIND] == ["random"]
    assert hello["options"][toy_game.KIND][0]["name"] == "goal"
    refused(server, "unknown_field", op="new", game="toy", players=["A", "B"], options={"x": 1})
    error = refused(server, "bad_value", op="new", game="toy", players=["A", "B"],
                    options={"goal": 0})  # fmt: skip
    assert error["field"] == "$.options.goal"
    reply = ok(server, op="new", game="TOY", players=["Ann", "Bob"], seed=4, options={"goal": 9})
    assert reply["kind"] == toy_game.KIND and reply["seats"] == ["Ann", "Bob"]
    ok(server, op="apply", game_id="g1", seat="Bob", action={"type": "toy.deal"})
    saved = ok(server, op="save", role="host", game_id="g1")["game"]
    boosts = saved["state"]["boosts"]
    for seat in ("Ann", "Bob", TABLE):
        state = ok(server, op="state", game_id="g1", seat=seat)
        assert state["view"]["boost"] == boosts.get(seat)  # its own secret card only
        assert "movement" not in state  # no extras
        events = ok(server, op="events", game_id="g1", seat=seat)["events"]
        cards = {e["event"]["player"]: e["event"]["card"] for e in events}
        assert cards == {name: boosts[name] if name == seat else 0 for name in boosts}
    played = ok(
        server, op="play_bots", seat=TABLE, game_id="g1", bots={"Ann": "random", "Bob": "random"}
    )
    assert played["stopped"] == "over" and played["outcome"]["reason"] == "goal_reached"
    schema = ok(server, op="schema", game="toy", name="view")["schema"]
    assert schema["$id"].endswith(f"/{toy_game.KIND}/view.json")
    loaded = ok(server, op="load", game=ok(server, op="save", role="host", game_id="g1")["game"])
    assert loaded["kind"] == toy_game.KIND and loaded["history_length"] == played["history_length"]


def test_a_secret_decision_is_prompted_only_to_who_decides(toy: Any) -> None:
    server = Server()
    ok(server, op="new", game="toy", players=["Ann", "Bob"], dice="external")
    ok(server, op="apply", game_id="g1", seat="Ann", action={"type": "toy.deal"})
    for _ in range(2):  # the two boost cards
        ok(server, op="apply", game_id="g1", seat=TABLE, action={"type": "chance", "value": 1})
    ok(server, op="apply", game_id="g1", seat="Ann", action={"type": "toy.roll", "player": "Ann"})
    reply = ok(server, op="apply", game_id="g1", seat=TABLE, action={"type": "chance", "value": 1})
    assert reply["to_act"] == ["Ann"]
    ann = ok(server, op="state", game_id="g1", seat="Ann")
    assert ann["ask"] == {"kind": "decision", "player": "Ann", "text": "keep the 1 or roll again"}
    assert ann["view"]["details"] == {"roll": 1}
    for seat in ("Bob", TABLE):
        state = ok(server, op="state", game_id="g1", seat=seat)
        assert state["ask"] == {"kind": "decision", "player": "Ann", "text": "Ann must decide"}
        assert state["view"]["prompt"] == ""


def test_the_engine_imports_no_game_package() -> None:
    """The protocol reaches the games through the catalogue only (loaded on first use)."""
    code = (
        "import sys\n"
        "import hogwarts_rules.frontends.serve\n"
        "from hogwarts_rules.frontends.serve import protocol, transport\n"
        "games = ('adventure', 'clue', 'hufflepuff_ravenclaw')\n"
        "print(sorted(m for m in sys.modules if m.split('.')[1:2] and m.split('.')[1] in games))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True
    )
    assert result.stdout.strip() == "[]"
    for module in (protocol, transport):
        source = Path(str(module.__file__)).read_text()
        for game in ("adventure", "clue", "hufflepuff_ravenclaw"):
            assert f"hogwarts_rules.{game}" not in source
            assert f"from hogwarts_rules import {game}" not in source


def test_the_old_path_still_gives_the_same_names() -> None:
    import hogwarts_rules.serve as old

    assert old.__all__ == serve_package.__all__
    assert all(getattr(old, name) is getattr(serve_package, name) for name in old.__all__)
    assert "Deprecated" in str(old.__doc__)


# ----- practice mode ------------------------------------------------------------------------------


def new_practice_clue(server: Server, seed: int = 11) -> str:
    names = ["Ann", "Ben", "Cat", "Dan"]
    reply = ok(server, op="new", game="clue", players=names, seed=seed, practice=True)
    assert reply["history_length"] == 1  # the Practice action
    game_id: str = reply["game_id"]
    return game_id


def test_new_in_practice_mode_tells_every_seat() -> None:
    server = Server()
    game_id = new_practice_clue(server)
    fair = new_clue(server)
    off = ok(server, op="new", game="clue", players=["A", "B", "C"], seed=1, practice=False)
    assert off["history_length"] == 0
    for seat in ["Ann", "Ben", "Cat", "Dan", TABLE]:
        assert ok(server, op="state", game_id=game_id, seat=seat)["practice"] is True
        assert ok(server, op="state", game_id=fair, seat=seat)["practice"] is False
        log = ok(server, op="events", game_id=game_id, seat=seat)["events"]
        assert [(entry["history_length"], entry["event"]["type"]) for entry in log] == [
            (1, "core.practice_started")
        ]
    assert saved_clue(server, game_id)["actions"] == [{"type": "core.practice"}]
    for bad in ("yes", 1, [True]):
        error = refused(
            server, "bad_type", op="new", game="clue", players=["A", "B", "C"], practice=bad
        )
        assert error["field"] == "$.practice"
    # Nobody applies the core's actions through apply.
    for action in ({"type": "core.practice"}, {"type": "core.rekey", "seed": "5"}):
        refused(server, "invalid_data", op="apply", game_id=game_id, seat="Ann", action=action)


def test_practice_undo_rekeys_the_dice_and_never_shows_the_seed() -> None:
    server = Server()
    game_id = new_practice_clue(server)
    bots = {"Ben": "notebook", "Cat": "notebook", "Dan": "notebook"}
    replies: list[Reply] = []
    state = ann_plays_until(server, game_id, "clue.roll_dice", bots)
    before = clue.Game.from_dict(saved_clue(server, game_id))
    roll = {"type": "clue.roll_dice", "player": "Ann"}
    replies.append(ok(server, op="apply", game_id=game_id, seat="Ann", action=roll))
    rolled = clue.Game.from_dict(saved_clue(server, game_id))
    # The roll is taken back (the fair rule would refuse), and the dice are re-keyed.
    undone = ok(server, op="undo", game_id=game_id, seat="Ann")
    replies.append(undone)
    assert undone["history_length"] == state["history_length"] + 1 and undone["to_act"] == ["Ann"]
    assert list(undone["events"]) == ["Ann"]
    assert [event["type"] for event in undone["events"]["Ann"]] == ["core.dice_rekeyed"]
    game = clue.Game.from_dict(saved_clue(server, game_id))
    assert game.history[:-1] == before.history and isinstance(game.history[-1], Rekey)
    assert game.dice != before.dice and game.dice != rolled.dice
    for seat in ["Ann", "Ben", "Cat", "Dan", TABLE]:
        seen = ok(server, op="state", game_id=game_id, seat=seat)
        log = ok(server, op="events", game_id=game_id, seat=seat)
        replies += [seen, log]
        assert seen["practice"] is True and seen["history_length"] == undone["history_length"]
        assert log["events"][-1] == {
            "history_length": undone["history_length"],
            "event": {"type": "core.dice_rekeyed", "description": DiceRekeyed().description},
        }
    # Again: the dice are re-keyed afresh each time; the host gets every seat's event.
    replies.append(ok(server, op="apply", game_id=game_id, seat="Ann", action=roll))
    host = ok(server, op="undo", game_id=game_id, role="host")
    replies.append(host)
    assert sorted(host["events"]) == ["Ann", "Ben", "Cat", "Dan", TABLE]
    assert all(len(events) == 1 for events in host["events"].values())
    again = clue.Game.from_dict(saved_clue(server, game_id))
    assert again.dice not in (game.dice, before.dice)
    # A take-back the fair rule allows re-keys nothing, and its reply's events are empty.
    legal = ok(server, op="state", game_id=game_id, seat="Ann")["legal_actions"]
    replies.append(ok(server, op="apply", game_id=game_id, seat="Ann", action=legal[0]))
    assert legal[0]["type"] == "clue.roll_dice"
    for _ in range(10):  # a Dark card drawn by the fresh dice may ask a decision first
        table = ok(server, op="state", game_id=game_id, seat=TABLE)
        if table["ask"]["kind"] == "move":
            break
        decider = table["ask"]["player"]
        choices = ok(server, op="state", game_id=game_id, seat=decider)["legal_actions"]
        replies.append(ok(server, op="apply", game_id=game_id, seat=decider, action=choices[0]))
    legal = ok(server, op="state", game_id=game_id, seat="Ann")["legal_actions"]
    move = next(a for a in legal if a["type"] in ("clue.move_to", "clue.stay_put"))
    replies.append(ok(server, op="apply", game_id=game_id, seat="Ann", action=move))
    plain = ok(server, op="undo", game_id=game_id, seat="Ann")
    replies.append(plain)
    assert plain["events"] == {"Ann": []}
    # The table's seat still takes nothing back.
    refused(server, "illegal_action", op="undo", game_id=game_id, seat=TABLE)
    seeds = [action.seed for action in again.history if isinstance(action, Rekey)]
    assert len(seeds) == 2
    assert not any(seed in json.dumps(reply) for seed in seeds for reply in replies)


def test_practice_undo_goes_back_across_the_other_seats_moves() -> None:
    server = Server()
    game_id = new_practice_clue(server, seed=3)
    fair_id = new_clue(server, seed=3)
    bots = {"Ben": "notebook", "Cat": "notebook", "Dan": "notebook"}
    for one in (game_id, fair_id):
        state = ann_plays_until(server, one, "clue.suggest", bots)
        suggestion = next(a for a in state["legal_actions"] if a["type"] == "clue.suggest")
        ok(server, op="apply", game_id=one, seat="Ann", action=suggestion)
        played = ok(server, op="play_bots", seat="Ann", game_id=one, bots=bots, max_steps=30)
        assert played["steps"] and any(actor != "Ann" for actor in played["actors"])
        back = {"seat": "Ann", "to_step": state["history_length"]}
        if one == fair_id:
            error = refused(server, "illegal_action", op="undo", game_id=one, **back)
            assert error["rule"] == "no_take_back"
            continue
        undone = ok(server, op="undo", game_id=one, **back)
        assert undone["history_length"] == state["history_length"] + 1 and undone["to_act"] == [
            "Ann"
        ]
        assert [event["type"] for event in undone["events"]["Ann"]] == ["core.dice_rekeyed"]
        after = ok(server, op="state", game_id=one, seat="Ann")
        assert after["legal_actions"] == state["legal_actions"]


# ----- protocol 4: every state says what to do next; one meaning per field ------------------------


def _ask_kinds(kind: str) -> list[str]:
    kinds: list[str] = game_schemas(kind)["view"]["$defs"]["Ask"]["properties"]["kind"]["enum"]
    return kinds


@pytest.mark.parametrize("kind", list(GAMES))
@pytest.mark.parametrize("dice", ["seeded", "external"])
def test_every_state_says_who_acts_and_what_they_are_asked(kind: str, dice: str) -> None:
    server = Server()
    seats = GAMES[kind]
    extra: dict[str, Any] = {"seed": 3} if dice == "seeded" else {"dice": "external"}
    ok(server, op="new", game=kind, players=seats, **extra)
    rng = random.Random(3)
    allowed = set(_ask_kinds(kind))
    seen: set[str] = set()
    for _ in range(150):
        states = {seat: ok(server, op="state", game_id="g1", seat=seat) for seat in [*seats, TABLE]}
        for seat, state in states.items():
            view = state["view"]
            # One meaning, one type: the reply's fields are the view's own.
            for name in ("to_act", "legal_actions", "ask", "outcome"):
                assert state[name] == view[name], (seat, name)
            ask = state["ask"]
            assert ask["kind"] in allowed and ask["text"], ask
            assert (ask["kind"] == "over") == state["is_over"]
            if ask["player"] is not None:
                assert ask["player"] in state["to_act"] or not state["to_act"], ask
            if ask["kind"] == "chance":
                assert ask["player"] == CHANCE and state["to_act"] == [CHANCE]
            if ask["kind"] not in ("decision", "chance", "over"):  # an ordinary turn
                assert state["history_length"] >= 0 and isinstance(view.get("step", ""), str)
            seen.add(ask["kind"])
        table = states[TABLE]
        if table["is_over"]:
            break
        if table["ask"]["kind"] == "chance":
            seat, action = TABLE, rng.choice(table["chance"])["action"]
        else:
            asked = table["ask"]["player"]
            seat = asked if asked in seats else seats[0]
            choices = states[seat]["legal_actions"]
            action = rng.choice(choices)
        reply = ok(server, op="apply", game_id="g1", seat=seat, action=action)
        assert reply["ask"] == ok(server, op="state", game_id="g1", seat=seat)["ask"]
    assert len(seen) >= 2, seen


def test_ordinary_turns_are_asked_in_words_and_as_data() -> None:
    server = Server()
    game_id = new_clue(server, players=3, seed=1)
    ok(server, op="apply", game_id=game_id, seat="Ann", action={"type": "clue.deal"})
    for _ in range(6):
        state = ok(server, op="state", game_id=game_id, seat="Ann")
        if state["ask"]["kind"] != "decision":
            break
        ok(server, op="bot", game_id=game_id, seat=state["ask"]["player"], bot="random")
    current = state["view"]["current_player"]
    assert state["ask"] == {
        "player": current,
        "kind": "roll",
        "text": f"{current} to roll the dice",
    }
    assert state["view"]["step"] == "roll" and state["view"]["prompt"] == ""


def test_errors_name_their_field_list_only_the_games_actions_and_are_bounded() -> None:
    server = Server()
    game_id = new_clue(server, players=3, seed=1)
    error = refused(
        server, "invalid_data", op="apply", game_id=game_id, seat="Ann",
        action={"type": "clue.nonsense"},
    )  # fmt: skip
    assert error["field"] == "$.action.type"
    listed = error["expected"]
    assert "clue.deal" in listed and not any(t.startswith(("adventure.", "hr.")) for t in listed)
    huge = "x" * 1_000_000
    for request in (
        {"op": "new", "game": huge, "players": ["A", "B"]},
        {"op": "load", "game": {"format": "hogwarts-rules", "version": 2, "game": huge}},
        {
            "op": "new",
            "game": "clue",
            "players": ["A", "B", "C"],
            "options": {"first_player": huge},
        },
    ):
        reply = call(server, **request)
        assert reply["ok"] is False and len(reply["error"]["message"]) <= MAX_MESSAGE, request
        assert reply["error"]["field"] is not None
    error = refused(server, "unknown_field", op="state", game_id=game_id, seat="Ann", role="host")
    assert error["field"] == "$.role"
    assert Server().handle(["hello"])["error"]["field"] == "$"


def test_the_serve_pages_example_is_what_the_server_replies() -> None:
    """The command line page's example request and reply (a text block no doctest reads)."""
    page = (Path(__file__).resolve().parents[1] / "docs" / "cli" / "serve.md").read_text("utf-8")
    lines = page.splitlines()
    command = next(i for i, line in enumerate(lines) if line.endswith("| hogwarts-rules serve"))
    request = lines[command].split("echo '", 1)[1].rsplit("' |", 1)[0]
    assert json.loads(Server().handle_line(request)) == json.loads(lines[command + 1])


def test_a_bot_named_like_a_card_shows_it_redacted() -> None:
    """A player may be named like a card: the card she shows is not kept as 'her name'."""
    server = Server()
    names = ["Ann", "Scabior", "Cat"]
    reply = ok(server, op="new", game="clue", players=names, seed=3)
    game_id = reply["game_id"]
    bots = dict.fromkeys(names, "notebook")
    shown_by_name = 0
    for _ in range(600):
        played = ok(server, op="play_bots", game_id=game_id, seat="Ann", bots=bots, max_steps=1)
        if played["steps"] == 0:
            break
        (action,) = played["actions"]
        if action["type"] == "clue.show_card" and action["player"] != "Ann":
            assert action == {
                "type": "clue.show_card",
                "player": action["player"],
                "redacted": True,
            }
            last = saved_clue(server, game_id)["actions"][-1]
            shown_by_name += last == {
                "type": "clue.show_card",
                "player": "Scabior",
                "card": "Scabior",
            }
    assert shown_by_name > 0  # the case that once leaked was played


def test_a_whole_number_written_with_a_decimal_point_is_refused_saying_how_to_write_it() -> None:
    server = Server()
    game_id = new_clue(server)
    error = refused(server, "bad_type", op="events", game_id=game_id, seat="Ann", since=2.0)
    assert (
        error["message"]
        == "since must be a whole number, not 2.0 (a number with a decimal point: write 2)"
    )
    assert refused(server, "bad_type", op="events", game_id=game_id, seat="Ann", since=2.5)[
        "message"
    ] == ("since must be a whole number, not a number")
