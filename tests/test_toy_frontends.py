"""A game from outside the library reaches every front end through its spec alone.

The toy dice race (`tests/toy_game.py`) is registered with `register_game` and
then played through the engine protocol (`frontends.serve`), simulated
(`frontends.simulation`), described by schemas (`frontends.schema`) and played in
the terminal (`frontends.play`), with no edit anywhere but its own module.
"""

from __future__ import annotations

import io
import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import attrs
import jsonschema  # type: ignore[import-untyped, unused-ignore]
import pytest

from hogwarts_rules import CHANCE, GameSpec, UnknownGameError, find_game, register_game
from hogwarts_rules.catalogue import unregister_game
from hogwarts_rules.events import Event
from hogwarts_rules.frontends import play, schema, simulation
from hogwarts_rules.frontends.serve import TABLE, Server, serve
from hogwarts_rules.serialization import unstructure
from tests.toy_game import SPEC as TOY
from tests.toy_game import BoostDealt, Deal, Roll, ToyGame

SRC = Path(__file__).resolve().parents[1] / "src"


@pytest.fixture(autouse=True)
def toy() -> Iterator[GameSpec]:
    register_game(TOY)
    try:
        yield TOY
    finally:
        unregister_game(TOY.kind)


def ok(server: Server, **request: Any) -> dict[str, Any]:
    reply = server.handle(request)
    assert reply["ok"], reply
    return reply


def refused(server: Server, **request: Any) -> dict[str, Any]:
    reply = server.handle(request)
    assert not reply["ok"], reply
    error: dict[str, Any] = reply["error"]
    return error


# ================================================================ the catalogue


def test_nothing_in_the_library_imports_the_toy() -> None:
    imports_tests = re.compile(r"^\s*(from|import)\s+tests\b", re.MULTILINE)
    for path in SRC.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert "toy_game" not in text and not imports_tests.search(text), path


def test_the_toy_is_in_the_catalogue_only_while_registered(toy: GameSpec) -> None:
    assert find_game("toy") is toy
    unregister_game(toy.kind)
    with pytest.raises(UnknownGameError):
        find_game("toy")
    register_game(toy)  # for the fixture to take out


# ================================================================ serve


def test_serve_plays_the_toy(toy: GameSpec) -> None:
    server = Server()
    hello = ok(server, op="hello")
    assert "toy-dice-race" in hello["games"]
    assert hello["aliases"]["toy"] == "toy-dice-race"
    assert hello["bots"]["toy-dice-race"] == ["random"]
    (goal,) = hello["options"]["toy-dice-race"]
    assert (goal["name"], goal["type"], goal["default"]) == ("goal", "integer", 20)

    new = ok(server, op="new", game="toy", players=["Ann", "Bob", "Cyd"], seed=4,
             options={"goal": 12})  # fmt: skip
    assert (new["kind"], new["seats"]) == ("toy-dice-race", ["Ann", "Bob", "Cyd"])
    assert new["history_length"] == 0
    game_id = new["game_id"]

    state = ok(server, op="state", game_id=game_id, seat="Ann")
    assert state["legal_actions"] == [Deal().to_dict()]
    assert state["view"]["viewer"] == "Ann" and state["view"]["boost"] is None
    assert state["view"]["goal"] == 12 and "dice" not in state["view"]

    dealt = ok(server, op="apply", game_id=game_id, seat="Ann", action={"type": "toy.deal"},
               role="host")  # fmt: skip
    cards = {
        event["player"]: event["card"]
        for event in dealt["events"]["Ann"]
        if event["type"] == BoostDealt.TYPE
    }
    assert cards["Ann"] in (1, 2, 3) and cards["Bob"] == cards["Cyd"] == 0  # only her own
    assert all(event.get("card", 0) == 0 for event in dealt["events"][TABLE])
    for seat in ("Ann", "Bob", "Cyd"):
        view = ok(server, op="state", game_id=game_id, seat=seat)["view"]
        assert view["boost"] in (1, 2, 3)
    assert ok(server, op="state", game_id=game_id, seat=TABLE)["view"]["boost"] is None

    error = refused(server, op="apply", game_id=game_id, seat="Bob",
                    action=Roll("Ann").to_dict())  # fmt: skip
    assert error["code"] in ("not_your_turn", "illegal_action")
    moved = ok(server, op="bot", game_id=game_id, seat="Ann", bot="random")
    assert moved["action"]["type"] in ("toy.roll", "toy.boost") and moved["history_length"] >= 2

    saved = ok(server, op="save", game_id=game_id, role="host")["game"]
    assert saved["game"] == "toy-dice-race"
    loaded = ok(server, op="load", game=json.loads(json.dumps(saved)))
    assert loaded["history_length"] == moved["history_length"] and loaded["kind"] == "toy-dice-race"
    for seat in ("Ann", "Bob", TABLE):
        original = ok(server, op="state", game_id=game_id, seat=seat)
        again = ok(server, op="state", game_id=loaded["game_id"], seat=seat)
        assert again["view"] == original["view"]
        assert again["legal_actions"] == original["legal_actions"]

    played = ok(server, op="play_bots", game_id=game_id, seat=TABLE,
                bots={"Ann": "random", "Bob": "random", "Cyd": "random"})  # fmt: skip
    assert played["stopped"] == "over" and played["is_over"]
    winner = played["outcome"]["winners"][0]
    final = ok(server, op="state", game_id=game_id, seat=TABLE)["view"]
    assert final["winner"] == winner and final["positions"][winner] == 12

    view_schema = ok(server, op="schema", game="toy", name="view")["schema"]
    jsonschema.validate(final, view_schema)


def test_serve_refuses_bad_toy_options_and_seats() -> None:
    server = Server()
    error = refused(server, op="new", game="toy", players=["Ann", "Bob"], options={"goal": "far"})
    assert (error["code"], error["field"]) == ("bad_type", "$.options.goal")
    error = refused(server, op="new", game="toy", players=["Ann", "Bob"], options={"goal": 0})
    assert (error["code"], error["field"]) == ("bad_value", "$.options.goal")
    error = refused(server, op="new", game="toy", players=["Ann", "Bob"], options={"speed": 2})
    assert error["code"] == "unknown_field"
    error = refused(server, op="new", game="toy", players=["Ann"])
    assert error["code"] == "bad_value"


def test_serve_lets_the_caller_roll_for_the_toy() -> None:
    server = Server()
    game_id = ok(server, op="new", game="toy", players=["Ann", "Bob"], dice="external")["game_id"]
    ok(server, op="apply", game_id=game_id, seat="Ann", action=Deal().to_dict())
    table = ok(server, op="state", game_id=game_id, seat=TABLE)
    assert table["to_act"] == [CHANCE]
    assert [c["probability"] for c in table["chance"]] == ["1/3"] * 3
    ok(server, op="apply", game_id=game_id, seat=TABLE, action={"type": "chance", "value": 3})
    ok(server, op="apply", game_id=game_id, seat=TABLE, action={"type": "chance", "value": 1})
    assert ok(server, op="state", game_id=game_id, seat="Ann")["view"]["boost"] == 3
    assert ok(server, op="state", game_id=game_id, seat="Bob")["view"]["boost"] == 1


def test_serve_speaks_lines_for_the_toy() -> None:
    requests = [
        {"id": 1, "op": "new", "game": "toy", "players": ["Ann", "Bob"], "seed": 7},
        {
            "id": 2,
            "op": "play_bots",
            "game_id": "g1",
            "seat": "table",
            "bots": {"Ann": "random", "Bob": "random"},
        },
        {"id": 3, "op": "quit"},
    ]
    stdin = io.StringIO("".join(json.dumps(r) + "\n" for r in requests))
    stdout = io.StringIO()
    assert serve(stdin, stdout) == 0
    replies = [json.loads(line) for line in stdout.getvalue().splitlines()]
    assert [r["id"] for r in replies] == [1, 2, 3] and all(r["ok"] for r in replies)
    assert replies[1]["is_over"] and replies[1]["outcome"]["reason"] == "goal_reached"


# ================================================================ simulation


def test_simulate_the_toy() -> None:
    assert "toy-dice-race" in simulation.simulated_games()
    assert simulation.bots_of("toy") == ("random",)
    records = simulation.simulate("toy", 6, players=3, seed=11)
    assert [r["index"] for r in records] == list(range(6))
    for record in records:
        assert record["game"] == "toy-dice-race" and record["players"] == 3
        assert record["finished"] and record["reason"] == "goal_reached"
        assert record["length"] > 0  # turns, from the toy's own record hook
        assert {record[f"seat{i}_name"] for i in (1, 2, 3)} == {"Ann", "Bob", "Cyd"}
        assert max(record[f"seat{i}_square"] for i in (1, 2, 3)) == 20
    assert simulation.play_one("toy", 4, players=3, seed=11) == records[4]
    assert simulation.simulate("toy", 6, players=3, seed=11) == records


# ================================================================ schemas


def test_schemas_of_the_toy_describe_its_documents() -> None:
    schemas = schema.game_schemas("toy")
    assert set(schemas) >= {"action", "event", "game", "view", "outcome"}
    for document in schemas.values():
        jsonschema.Draft202012Validator.check_schema(document)
        assert "toy-dice-race" in document["$id"]
    text = json.dumps(schemas["action"])
    for tag in ("toy.deal", "toy.roll", "toy.boost", "toy.keep", "toy.reroll", "chance"):
        assert f'"{tag}"' in text
    assert "toy.boost_dealt" in json.dumps(schemas["event"])

    game = TOY.new_game(3, seed=5)
    assert isinstance(game, ToyGame)
    validators = {name: jsonschema.Draft202012Validator(s) for name, s in schemas.items()}
    events: list[Event] = []
    while not game.is_over:
        action = game.legal_actions()[0]
        validators["action"].validate(action.to_dict())
        game, new = game.apply(action)
        events.extend(new)
        for seat in (*game.seat_names, None):
            validators["view"].validate(game.view(seat).to_dict())
    for event in events:
        validators["event"].validate(event.to_dict())
    validators["game"].validate(json.loads(json.dumps(game.to_dict())))
    validators["outcome"].validate(unstructure(game.outcome))
    with pytest.raises(jsonschema.ValidationError):
        validators["view"].validate({**game.view("Ann").to_dict(), "dice": {"kind": "seeded"}})


# ================================================================ play


def scripted(*answers: str, then: str = "1") -> tuple[Callable[[str], str], list[str]]:
    """A ``read`` that gives ``answers`` in turn, then ``then`` forever; and its prompts."""
    queue = list(answers)
    prompts: list[str] = []

    def read(prompt: str) -> str:
        prompts.append(prompt)
        return queue.pop(0) if queue else then

    return read, prompts


def test_play_the_toy_in_the_terminal() -> None:
    read, prompts = scripted()
    lines: list[str] = []
    assert play.playable(TOY)
    status = play.run_play("toy", seat="Ann", seed=3, players=2, read=read, write=lines.append)
    assert status == 0
    text = "\n".join(lines)
    assert "Toy dice race" in text and "you play Ann" in text
    assert "Ann is dealt a boost of" in text and "Bob is dealt a boost card" in text
    assert "Ann: square 0 of 20" in text and "1. roll the d6" in text
    assert lines[-2].endswith("wins the race")
    assert lines[-1] == "This game's seed was 3: replay this game with --seed 3."
    assert prompts and all(p.startswith("Your choice (1-") for p in prompts)


def test_play_the_toy_with_undo_save_load_and_quit(tmp_path: Path) -> None:
    saved = tmp_path / "race.json"
    read, _ = scripted("help", "1", "undo", "2", f"save {saved}", f"load {saved}", "7", "quit")
    lines: list[str] = []
    status = play.run_play("toy", seat="Bob", seed=9, players=3, read=read, write=lines.append)
    assert status == 0
    text = "\n".join(lines)
    # A roll cannot be taken back (it would roll again): the rule of the core.
    assert "Cannot take back: a roll or a draw was made since." in text
    assert f"Saved to {saved}." in text
    assert f"Loaded {saved}: the game is already at that point; nothing changes." in text
    data = json.loads(saved.read_text(encoding="utf-8"))
    assert data["game"] == "toy-dice-race"
    bobs = [action for action in data["actions"] if action.get("player") == "Bob"]
    assert bobs == [{"type": "toy.roll", "player": "Bob"}, {"type": "toy.reroll", "player": "Bob"}]


def test_play_the_toy_without_terminal_hooks() -> None:
    plain = attrs.evolve(TOY, terminal=None)
    read, _ = scripted()
    lines: list[str] = []
    status = play.run_play(plain, seat="Ann", seed=3, players=2, read=read, write=lines.append)
    assert status == 0
    assert '  positions: {"Ann": 0, "Bob": 0}' in lines  # the view's own fields
    assert "    1. toy.roll (player Ann)" in lines  # the actions' own data
    assert lines[-4:-1] == [
        "The game is over. Ann reaches square 20 first.",  # the outcome's description
        "Scores: Ann 20, Bob 13.",
        "You won.",
    ]


def test_play_refuses_a_bad_toy_option() -> None:
    read, _ = scripted()
    lines: list[str] = []
    status = play.run_play(
        "toy", seat="Ann", seed=3, options={"goal": 0}, read=read, write=lines.append
    )
    assert status == 2
    assert lines == ["error: goal: goal must be a whole number from 1 to 1000"]
