"""The engine protocol in long games: the limits agree, undo uses snapshots, load replays once.

Each reply serialises an event once, however many seats see it.
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

from hogwarts_rules import find_game
from hogwarts_rules.bots import deciding_seat, seat_actions
from hogwarts_rules.engine import GameBase
from hogwarts_rules.errors import InvalidDataError
from hogwarts_rules.events import Event, events_for
from hogwarts_rules.frontends.serve import (
    MAX_GAME_STEPS,
    MAX_LINE_BYTES,
    TABLE,
    Server,
    protocol,
    transport,
)
from hogwarts_rules.names import MAX_NAME_LENGTH

Reply = dict[str, Any]

# The actions that end a game: a long game's players never take them while they may
# take another (then nobody can end First Year Adventure, Clue nor a scene).
ENDINGS = frozenset(
    {"adventure.enter_dungeon", "adventure.go_to_third_floor", "clue.accuse", "hr.end_scene"}
)


def ok(server: Server, **request: Any) -> Reply:
    reply = server.handle(request)
    assert reply["ok"] is True, reply
    return reply


def long_game(kind: str, steps: int, players: list[str], seed: int = 7) -> GameBase:
    """A game of ``steps`` actions between random players who never end it."""
    game = find_game(kind).new_game(players, seed=seed)
    rng = random.Random(seed)
    while len(game.history) < steps:
        seat = deciding_seat(game)
        assert seat is not None
        actions = seat_actions(game, seat)
        allowed = [action for action in actions if action.TYPE not in ENDINGS] or actions
        game, _ = game.apply(allowed[rng.randrange(len(allowed))])
    return game


# ----- the limits agree ---------------------------------------------------------------------------


def test_a_game_at_the_step_limit_saves_and_loads_back() -> None:
    # Four players with the longest names of the characters that take the most bytes:
    # 40 characters, each written as a surrogate pair of \uXXXX escapes in the ASCII
    # JSON the engine writes (12 bytes a character). Measured (benchmarks/serve.py
    # --names), the largest save of each kind at the step limit then takes 10.6 MB
    # (First Year Adventure) to 11.0 MB (Clue): MAX_LINE_BYTES (16 MiB) holds it.
    players = [chr(0x1F600 + index) * 40 for index in range(4)]
    game = long_game("first-year-adventure", MAX_GAME_STEPS, players)
    line = transport.encode_reply({"op": "load", "game": game.to_dict()})
    assert 10_000_000 < len(line) <= MAX_LINE_BYTES  # the worst case, and it fits
    server = Server()
    loaded = json.loads(server.handle_line(line.encode()))
    assert loaded["ok"] is True and loaded["history_length"] == MAX_GAME_STEPS, loaded
    game_id = loaded["game_id"]
    saved = server.handle_line(json.dumps({"op": "save", "game_id": game_id, "role": "host"}))
    assert len(saved) <= MAX_LINE_BYTES
    assert json.loads(saved)["game"] == json.loads(line)["game"]
    # At the limit, the game takes no more actions, and says why.
    seat = deciding_seat(game)
    assert seat is not None
    refused = server.handle({"op": "bot", "game_id": game_id, "seat": seat, "bot": "random"})
    assert refused["error"]["code"] == "illegal_action"
    assert refused["error"]["rule"] == "step_limit"
    hello = ok(server, op="hello")
    assert hello["limits"]["max_game_steps"] == MAX_GAME_STEPS
    assert hello["limits"]["max_line_bytes"] == MAX_LINE_BYTES
    assert hello["limits"]["max_name_length"] == MAX_NAME_LENGTH
    # One action more is refused before any replay, naming the field.
    data = game.to_dict()
    data["actions"].append(data["actions"][-1])
    data.pop("state")
    error = server.handle({"op": "load", "game": data})["error"]
    assert error["code"] == "invalid_data" and error["field"] == "$.game.actions", error


# ----- undo from snapshots ------------------------------------------------------------------------


@pytest.mark.parametrize("kind", ["clue", "first-year-adventure"])
@pytest.mark.parametrize("practice", [False, True])
def test_undo_from_snapshots_is_the_rules_take_back(
    kind: str, practice: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Snapshots every 4 actions, so that every undo starts from one (or from the start).
    monkeypatch.setattr(protocol, "SNAPSHOT_EVERY", 4)
    server = Server()
    players = ["Ann", "Ben", "Cat"] if kind == "clue" else ["Harry", "Ron"]
    game_id = ok(server, op="new", game=kind, players=players, seed=5, practice=practice)["game_id"]
    rng = random.Random(5)
    undone = refusals = 0
    for _ in range(160):
        state = ok(server, op="state", game_id=game_id, seat=TABLE)
        if state["is_over"]:
            break
        seat = state["to_act"][0] if state["to_act"] else players[0]
        legal = ok(server, op="state", game_id=game_id, seat=seat)["legal_actions"]
        allowed = [a for a in legal if a["type"] not in ENDINGS] or legal
        ok(server, op="apply", game_id=game_id, seat=seat, action=rng.choice(allowed))
        if rng.random() < 0.5:  # the game goes on, and its snapshots are used and dropped
            continue
        saved = ok(server, op="save", game_id=game_id, role="host")["game"]
        held = find_game(kind).from_dict(saved)
        steps = rng.choice([1, 1, 2, 3])
        reply = server.handle({"op": "undo", "game_id": game_id, "role": "host", "steps": steps})
        if not reply["ok"]:
            assert reply["error"].get("rule") == "no_take_back", reply
            assert not held.can_take_back(steps)
            refusals += 1
            continue
        assert held.can_take_back(steps)
        after = ok(server, op="save", game_id=game_id, role="host")["game"]
        expected = held.takeback(steps)  # from the set-up
        if practice and len(expected.history) > len(held.history) - steps:
            # Re-keyed: each take-back draws its own seed; all else is the same.
            assert after["actions"][:-1] == expected.to_dict()["actions"][:-1]
            assert after["actions"][-1]["type"] == "core.rekey"
        else:
            assert after == expected.to_dict()
        # The event log is that of a game replayed to here.
        log = ok(server, op="events", game_id=game_id, seat=TABLE)["events"]
        fresh = Server()
        fresh_id = ok(fresh, op="load", game=after)["game_id"]
        assert log == ok(fresh, op="events", game_id=fresh_id, seat=TABLE)["events"]
        undone += 1
    assert undone >= 2 and (practice or refusals >= 2)


def test_undo_near_the_end_of_a_long_loaded_game_replays_from_a_snapshot(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = long_game("clue", 1_500, ["Ann", "Ben", "Cat"])
    server = Server()
    game_id = ok(server, op="load", game=game.to_dict())["game_id"]
    replayed: list[int] = []
    real_apply = GameBase.apply

    def counting_apply(self: GameBase, action: Any) -> Any:
        replayed.append(1)
        return real_apply(self, action)

    rng = random.Random(3)
    for _ in range(200):
        state = ok(server, op="state", game_id=game_id, seat=TABLE)
        seat = state["to_act"][0]
        legal = ok(server, op="state", game_id=game_id, seat=seat)["legal_actions"]
        allowed = [a for a in legal if a["type"] not in ENDINGS] or legal
        ok(server, op="apply", game_id=game_id, seat=seat, action=rng.choice(allowed))
        monkeypatch.setattr(GameBase, "apply", counting_apply)
        replayed.clear()
        reply = server.handle({"op": "undo", "game_id": game_id, "seat": seat})
        monkeypatch.setattr(GameBase, "apply", real_apply)
        if reply["ok"]:
            # The actions since the last snapshot (a few more while an action is
            # pending there), and the one taken back: not the 1,500 since the set-up.
            assert 0 < len(replayed) <= protocol.SNAPSHOT_EVERY + 20
            return
    pytest.fail("no action could be taken back")  # pragma: no cover


def _log_by_replay(saved: dict[str, Any], seat: str, since: int) -> list[dict[str, Any]]:
    """The ``events`` reply's log, rebuilt here by replaying the saved game from its set-up."""
    start = find_game(saved["game"]).from_dict(
        {key: value for key, value in saved.items() if key != "state"} | {"actions": []}
    )
    game = start
    log: list[dict[str, Any]] = []
    for step, action in enumerate(find_game(saved["game"]).from_dict(saved).history, 1):
        game, events = game.apply(action)
        if step > since:
            viewer = "<table>" if seat == TABLE else seat
            log.extend(
                {"history_length": step, "event": e.to_dict()} for e in events_for(events, viewer)
            )
    return log


@pytest.mark.parametrize("kind", ["clue", "first-year-adventure"])
def test_the_event_log_keeps_the_recent_events_and_rebuilds_the_older_ones(
    kind: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(protocol, "SNAPSHOT_EVERY", 8)
    server = Server()
    players = ["Ann", "Ben", "Cat"] if kind == "clue" else ["Harry", "Ron"]
    game_id = ok(server, op="new", game=kind, players=players, seed=8, practice=True)["game_id"]
    rng = random.Random(8)
    for round_ in range(12):
        bots = dict.fromkeys(players, "random")
        ok(server, op="play_bots", game_id=game_id, role="host", bots=bots, max_steps=15)
        if round_ % 3 == 2:  # a practice take-back (re-keyed or not) now and then
            steps = rng.choice([1, 2, 5])
            reply = server.handle(
                {"op": "undo", "game_id": game_id, "role": "host", "steps": steps}
            )
            # A re-key draws fresh entropy, so the game differs from run to run: the
            # take-back may land where a decision is awaited, which the rule refuses.
            assert reply["ok"] is True or reply["error"]["rule"] == "no_take_back", reply
    entry = server._games[game_id]
    assert entry.log_from > 0 and len(entry.snapshots) > 3  # older events are forgotten
    saved = ok(server, op="save", game_id=game_id, role="host")["game"]
    step = len(saved["actions"])
    for since in (0, 1, entry.log_from - 1, entry.log_from, step - 1, step, step + 5):
        for seat in (players[0], TABLE):
            reply = ok(server, op="events", game_id=game_id, seat=seat, since=max(since, 0))
            assert reply["events"] == _log_by_replay(saved, seat, max(since, 0))


# ----- load replays once, and checks as from_dict does ------------------------------------------


def _saved_clue() -> dict[str, Any]:
    server = Server()
    ok(server, op="new", game="clue", players=["Ann", "Ben", "Cat"], seed=9)
    ok(
        server,
        op="play_bots",
        game_id="g1",
        role="host",
        bots=dict.fromkeys(["Ann", "Ben", "Cat"], "random"),
        max_steps=12,
    )
    saved: dict[str, Any] = ok(server, op="save", game_id="g1", role="host")["game"]
    return saved


def test_load_replays_the_game_once(monkeypatch: pytest.MonkeyPatch) -> None:
    saved = _saved_clue()
    applied: list[int] = []
    real_apply = GameBase.apply

    def counting_apply(self: GameBase, action: Any) -> Any:
        applied.append(1)
        return real_apply(self, action)

    monkeypatch.setattr(GameBase, "apply", counting_apply)
    ok(Server(), op="load", game=saved)
    assert len(applied) == len(saved["actions"])


def _broken_saves(saved: dict[str, Any]) -> list[dict[str, Any]]:
    """Saved games with one fault each, from the envelope to the last action and the state."""
    faults: list[dict[str, Any]] = []

    def fault(change: Any) -> None:
        broken = copy.deepcopy(saved)
        change(broken)
        faults.append(broken)

    fault(lambda d: d.update(format="other"))
    fault(lambda d: d.update(version=9))
    fault(lambda d: d.update(extra=1))
    fault(lambda d: d.pop("actions"))
    fault(lambda d: d.pop("setup"))
    fault(lambda d: d.update(actions={"a": 1}))
    fault(lambda d: d["setup"].update(players=["Ann"]))
    fault(lambda d: d["actions"][4].update(player=2**60))
    fault(lambda d: d["actions"][4].update(player=5))
    fault(lambda d: d["actions"][4].update(player="Zed"))
    fault(lambda d: d["actions"].insert(2, {"type": "clue.end_turn", "player": "Ann"}))
    fault(lambda d: d["actions"].append({"type": "core.rekey", "seed": "5"}))
    fault(lambda d: d["actions"].append({"type": "adventure.take_turn", "player": "Ann"}))
    fault(lambda d: d["state"].update(envelope=["x"]))
    fault(lambda d: d["state"].update(extra=2**60))
    fault(lambda d: d.update(state=[]))
    return faults


def test_load_refuses_what_from_dict_refuses_with_the_same_error() -> None:
    saved = _saved_clue()
    cls = find_game("clue").game_class
    server = Server()
    for broken in _broken_saves(saved):
        try:
            cls.from_dict(copy.deepcopy(broken))
        except InvalidDataError as exc:
            message = exc.message.removeprefix(f"{exc.path}: ")
            expected = {"code": "invalid_data", "field": "$.game" + exc.path[1:]}
        else:  # pragma: no cover - every fault above is refused
            pytest.fail(f"from_dict accepted {broken}")
        reply = server.handle({"op": "load", "game": broken})
        assert reply["ok"] is False
        error = reply["error"]
        assert {"code": error["code"], "field": error["field"]} == expected
        assert error["message"] == message
    assert ok(server, op="list")["games"] == []
    # The fault-free save loads, as from_dict loads it.
    game_id = ok(server, op="load", game=copy.deepcopy(saved))["game_id"]
    assert ok(server, op="save", game_id=game_id, role="host")["game"] == saved


# ----- each event serialised once per reply -------------------------------------------------------


def test_a_host_reply_serialises_each_event_once(monkeypatch: pytest.MonkeyPatch) -> None:
    server = Server()
    seats = ["Ann", "Ben", "Cat", "Dan"]
    ok(server, op="new", game="clue", players=seats, seed=4)
    game = find_game("clue").new_game(seats, seed=4)
    calls: list[Event] = []
    real_to_dict = Event.to_dict

    def counting_to_dict(self: Event) -> dict[str, Any]:
        calls.append(self)
        return real_to_dict(self)

    for _ in range(30):
        seat = deciding_seat(game)
        assert seat is not None
        action = seat_actions(game, seat)[0]
        game, events = game.apply(action)
        monkeypatch.setattr(Event, "to_dict", counting_to_dict)
        calls.clear()
        reply = ok(
            server, op="apply", game_id="g1", seat=seat, role="host", action=action.to_dict()
        )
        monkeypatch.setattr(Event, "to_dict", real_to_dict)
        seen = {
            name: events_for(events, "<table>" if name == TABLE else name)
            for name in [*seats, TABLE]
        }
        # The reply is what each seat sees, each event serialised by itself...
        assert reply["events"] == {
            name: [event.to_dict() for event in shown] for name, shown in seen.items()
        }
        # ...and once, however many seats see it (redacted copies alike are one).
        distinct = {(type(event), event) for shown in seen.values() for event in shown}
        assert len(calls) == len(distinct)
        if action.TYPE == "clue.deal":
            assert len(calls) < sum(len(shown) for shown in seen.values())


def test_a_game_with_a_take_back_of_its_own_is_served_by_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Snapshots serve the library's take-back; a game that overrides it gets its own.
    cls = find_game("clue").game_class
    calls: list[int] = []

    def own_takeback(self: GameBase, steps: int = 1) -> GameBase:
        calls.append(steps)
        return GameBase.takeback(self, steps)

    monkeypatch.setattr(cls, "takeback", own_takeback)
    server = Server()
    ok(server, op="new", game="clue", players=["Ann", "Ben", "Cat"], seed=3, practice=True)
    ok(server, op="apply", game_id="g1", seat="Ann", action={"type": "clue.deal"})
    ok(server, op="undo", game_id="g1", seat="Ann")
    assert calls == [1]
