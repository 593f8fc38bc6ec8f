"""The engine protocol's costs in long games: load, undo, memory, and per-seat replies.

Run:  python benchmarks/serve.py [--steps N] [--games G] [--rounds R] [--quick] [--names]
                                [--only PART ...] [--kinds KIND ...]

Every figure is CPU time (``time.process_time``) or traced memory, measured in one
run, and the ones issue 13 sets a target for are ratios:

1. ``load``: a ``load`` request (``Server.handle``, the saved game already parsed)
   of a long game (N actions, 20,000 by default: ``MAX_GAME_STEPS``) over one replay
   of its actions (``apply`` one by one from the set-up) [target: load replays once,
   so about 1]. Printed for a Clue game (random players who never accuse) and a
   First Year Adventure game (random players who never enter the dungeon nor go to
   the third floor, so nobody can end it).
2. ``undo``: a take-back of the last action of the same long game, at 8 places spread
   over the 450 steps before N (a served undo's cost depends on the distance from the
   last snapshot): ``undo`` CPU in ms, before (``game.takeback``, which replays the game
   from its set-up, as ``serve`` did) and after (``serve``'s ``undo``, from its
   nearest snapshot: the mean and the worst of the 8 places) [target: after < 50 ms].
3. ``memory``: the traced memory (``tracemalloc``) of G long games (10 by default)
   loaded into one server, per game, and for 100 games (``MAX_GAMES``); the share
   of the snapshots, and their number per game.
4. ``reply``: CPU of a reply for the host (every seat of a 4-player Clue game and the
   table: 5 lists of events) over a reply for one seat, for the same actions: each
   ``apply`` of 400 actions of random play, and one ``play_bots`` of a whole game
   between notebook bots [target: every event serialised once per reply, so the
   ratio stays near 1].
5. ``save``: the size of the ``load`` request line of each long game (``save``'s game,
   sent back as the engine writes JSON), against ``MAX_LINE_BYTES``; with
   ``--names`` also with 40-character names of 4-byte characters, the largest a
   name can make a save.

``--quick`` is a smoke test (2,000 actions, 2 games, 1 round). The script uses only
the protocol (``Server.handle``) and the games' public API, so it runs against an
older tree too (``PYTHONPATH=OLD/src python -s benchmarks/serve.py``) for the
"before" figures of load, memory and replies.
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import time
import tracemalloc
from collections.abc import Callable, Sequence
from typing import Any

from hogwarts_rules import find_game
from hogwarts_rules.bots import deciding_seat, seat_actions
from hogwarts_rules.frontends.serve import MAX_GAME_STEPS, MAX_LINE_BYTES, Server
from hogwarts_rules.frontends.serve.transport import encode_reply

AVOID = frozenset(
    {"adventure.enter_dungeon", "adventure.go_to_third_floor", "clue.accuse", "hr.end_scene"}
)
"""The actions that end a game; long games never choose them while they may choose another."""

PLAYERS = {"clue": ["Ann", "Ben", "Cat", "Dan"], "first-year-adventure": ["Harry", "Ron"]}
# The most players, with the longest names of the characters that take the most bytes
# (40 characters, each a surrogate pair of \uXXXX escapes in the engine's ASCII JSON).
LONG_NAMES = {
    kind: [chr(0x1F600 + index) * 40 for index in range(players)]
    for kind, players in (("clue", 5), ("first-year-adventure", 4))
}


def long_game(kind: str, steps: int, *, seed: int = 7, names: Sequence[str] | None = None) -> Any:
    """A game of ``steps`` actions between random players who never end it."""
    game = find_game(kind).new_game(list(names or PLAYERS[kind]), seed=seed)
    rng = random.Random(seed)
    while len(game.history) < steps:
        seat = deciding_seat(game)
        if seat is None:
            raise RuntimeError(f"the long game stopped at step {len(game.history)}")
        actions = seat_actions(game, seat)
        allowed = [action for action in actions if action.TYPE not in AVOID] or actions
        game, _ = game.apply(allowed[rng.randrange(len(allowed))])
    return game


def _cpu(work: Callable[..., object], *args: Any) -> float:
    """CPU seconds of ``work(*args)``; a refused request (a reply not ``ok``) is an error."""
    start = time.process_time()
    result = work(*args)
    seconds = time.process_time() - start
    if isinstance(result, dict) and result.get("ok") is False:
        raise RuntimeError(f"refused: {result['error']}")
    return seconds


def _replay(game: Any) -> Any:
    state = find_game(game.KIND).new_game(list(game.seat_names), seed=7)
    for action in game.history:
        state, _ = state.apply(action)
    return state


def _ok(reply: dict[str, Any]) -> dict[str, Any]:
    if not reply["ok"]:
        raise RuntimeError(f"refused: {reply['error']}")
    return reply


def bench_load(game: Any, rounds: int) -> dict[str, float]:
    """CPU of ``load`` over CPU of one replay of the game's actions."""
    data = json.loads(json.dumps(game.to_dict()))
    _ok(Server().handle({"op": "load", "game": data}))  # warm-up (caches, lazy imports)
    _replay(game)
    load = replay = 0.0
    for _ in range(rounds):
        server = Server()
        load += _cpu(server.handle, {"op": "load", "game": data})
        replay += _cpu(_replay, game)
    return {"load_s": load / rounds, "replay_s": replay / rounds, "ratio": load / replay}


def _step(server: Server, game_id: str, rng: random.Random) -> dict[str, Any]:
    """Apply one random action (never one that ends the game, while another is legal)."""
    state = _ok(server.handle({"op": "state", "game_id": game_id, "seat": "table"}))
    seat = state["to_act"][0] if state["to_act"] else None
    if seat is None:
        raise RuntimeError("no seat to act")
    mine = _ok(server.handle({"op": "state", "game_id": game_id, "seat": seat}))
    actions = [a for a in mine["legal_actions"] if a["type"] not in AVOID]
    action = rng.choice(actions or mine["legal_actions"])
    request = {"op": "apply", "game_id": game_id, "seat": seat, "action": action}
    _ok(server.handle(request))
    return request


def _undoable(server: Server, game_id: str, rng: random.Random) -> tuple[str, dict[str, Any]]:
    """Apply random actions until the last one may be taken back by its seat; return it."""
    for _ in range(400):
        request = _step(server, game_id, rng)
        undo = {"op": "undo", "game_id": game_id, "seat": request["seat"]}
        if server.handle(undo)["ok"]:
            _ok(server.handle(request))
            return request["seat"], request["action"]
    raise RuntimeError("no action could be taken back")


def bench_undo(game: Any, rounds: int, points: int = 8) -> dict[str, Any]:
    """ms of CPU per ``undo`` near the end of ``game``: from the set-up, and served.

    The served undo is measured at ``points`` places within 400 steps of the game's end
    (its cost depends on the distance from the last snapshot): the mean and the worst.
    """
    server = Server()
    steps = len(game.history)
    data = json.loads(json.dumps(game.to_dict()))
    data["actions"] = data["actions"][: steps - 450]
    del data["state"]
    game_id = _ok(server.handle({"op": "load", "game": data}))["game_id"]
    rng = random.Random(1)
    before = 0.0
    at: list[float] = []
    afters: list[float] = []
    for point in range(points):
        for _ in range(400 // points - 5):  # spread the places over the 400 steps
            _step(server, game_id, rng)
        if _ok(server.handle({"op": "list"}))["games"][0]["step"] > steps - 120:
            break  # a game where few actions may be taken back: fewer places
        seat, action = _undoable(server, game_id, rng)
        apply = {"op": "apply", "game_id": game_id, "seat": seat, "action": action}
        undo = {"op": "undo", "game_id": game_id, "seat": seat}
        if point == 0:  # from the set-up: seconds each, so at one place only
            saved = _ok(server.handle({"op": "save", "game_id": game_id, "role": "host"}))
            held = find_game(game.KIND).from_dict(saved["game"])
            for _ in range(rounds):
                before += _cpu(held.takeback)
        after = 0.0
        for _ in range(rounds):
            after += _cpu(server.handle, undo)
            _ok(server.handle(apply))
        afters.append(after / rounds * 1000)
        at.append(float(_ok(server.handle({"op": "list"}))["games"][0]["step"]))
    return {
        "steps": f"{min(at):.0f}-{max(at):.0f}",
        "before_ms": before / rounds * 1000,
        "after_ms": sum(afters) / len(afters),
        "worst_ms": max(afters),
        "places": len(afters),
    }


def bench_memory(game: Any, games: int) -> dict[str, float]:
    """Traced memory of ``games`` copies of a long game held by one server."""
    data = json.loads(json.dumps(game.to_dict()))
    server = Server()
    gc.collect()
    tracemalloc.start()
    base = tracemalloc.get_traced_memory()[0]
    for _ in range(games):
        _ok(server.handle({"op": "load", "game": data}))
    gc.collect()
    held = tracemalloc.get_traced_memory()[0] - base
    entries = list(server._games.values())  # the benchmark's one look inside
    snapshots = getattr(entries[0], "snapshots", [])
    snapshot_bytes = 0
    if snapshots:  # the snapshots' own share: drop them from every game, and measure
        for entry in entries:
            entry.snapshots = entry.snapshots[:1]
        gc.collect()
        snapshot_bytes = held - (tracemalloc.get_traced_memory()[0] - base)
    tracemalloc.stop()
    return {
        "mb_per_game": held / games / 2**20,
        "mb_100_games": held / games * 100 / 2**20,
        "snapshot_mb_per_game": snapshot_bytes / games / 2**20,
        "snapshots": float(len(snapshots)),
    }


def bench_replies(rounds: int) -> dict[str, float]:
    """CPU of the host's reply (4 seats and the table) over one seat's, same actions."""
    seats = PLAYERS["clue"]

    def walk(host: bool, seed: int) -> tuple[float, int]:
        server = Server()
        new = {"op": "new", "game": "clue", "players": seats, "seed": seed}
        game_id = _ok(server.handle(new))["game_id"]
        rng = random.Random(seed)
        cpu, steps = 0.0, 0
        while steps < 400:
            state = _ok(server.handle({"op": "state", "game_id": game_id, "seat": "table"}))
            if state["is_over"]:
                break
            seat = state["to_act"][0] if state["to_act"] else seats[0]
            view = _ok(server.handle({"op": "state", "game_id": game_id, "seat": seat}))
            legal = [a for a in view["legal_actions"] if a["type"] not in AVOID]
            choice = rng.choice(legal or view["legal_actions"])
            request: dict[str, Any] = {
                "op": "apply",
                "game_id": game_id,
                "seat": seat,
                "action": choice,
            }
            if host:
                request["role"] = "host"
            cpu += _cpu(server.handle, request)
            steps += 1
        return cpu, steps

    def whole(host: bool, seed: int) -> float:
        server = Server()
        new = {"op": "new", "game": "clue", "players": seats, "seed": seed}
        game_id = _ok(server.handle(new))["game_id"]
        request: dict[str, Any] = {
            "op": "play_bots",
            "game_id": game_id,
            "bots": dict.fromkeys(seats, "notebook"),
        }
        request.update({"role": "host"} if host else {"seat": seats[0]})
        return _cpu(server.handle, request)

    applies = {True: 0.0, False: 0.0}
    plays = {True: 0.0, False: 0.0}
    for seed in range(rounds * 3):
        for host in (False, True):  # interleaved: drift hits both alike
            applies[host] += walk(host, seed)[0]
            plays[host] += whole(host, seed)
    return {
        "apply_ratio": applies[True] / applies[False],
        "play_bots_ratio": plays[True] / plays[False],
    }


def save_size(game: Any) -> int:
    """Bytes of the ``load`` request line of ``game``'s save, as the engine writes JSON."""
    return len(encode_reply({"op": "load", "game": game.to_dict()}).encode())


PARTS = ["load", "undo", "memory", "save", "reply"]
KINDS = ["clue", "first-year-adventure"]


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=MAX_GAME_STEPS)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--names", action="store_true", help="also the longest names' saves")
    parser.add_argument(
        "--only", nargs="+", choices=PARTS, default=PARTS, help="run only these parts"
    )
    parser.add_argument("--kinds", nargs="+", choices=KINDS, default=KINDS)
    args = parser.parse_args(argv)
    only = set(args.only)
    steps, games, rounds = args.steps, args.games, args.rounds
    if args.quick:
        steps, games, rounds = 2_000, 2, 1
    for kind in args.kinds if only - {"reply"} else ():
        game = long_game(kind, steps)
        if "load" in only:
            load = bench_load(game, rounds)
            print(
                f"load {kind} ({steps} actions): {load['load_s']:.2f} s, one replay "
                f"{load['replay_s']:.2f} s: load/replay {load['ratio']:.2f} (target: about 1)",
                flush=True,
            )
        if "undo" in only:
            undo = bench_undo(game, rounds)
            print(
                f"undo {kind} at steps {undo['steps']}: before (from the set-up) "
                f"{undo['before_ms']:.0f} ms, after (served, from a snapshot) "
                f"{undo['after_ms']:.1f} ms mean, {undo['worst_ms']:.1f} ms worst of "
                f"{undo['places']} places (target < 50 ms); before/after "
                f"{undo['before_ms'] / undo['after_ms']:.0f}x",
                flush=True,
            )
        if "memory" in only:
            memory = bench_memory(game, games)
            print(
                f"memory {kind}: {memory['mb_per_game']:.2f} MB per served game of {steps} "
                f"actions ({games} held), {memory['mb_100_games']:.0f} MB for 100; snapshots "
                f"{memory['snapshot_mb_per_game']:.3f} MB per game ({memory['snapshots']:.0f})",
                flush=True,
            )
        if "save" not in only:
            continue
        size = save_size(game)
        print(
            f"save {kind}: {size:,} bytes, {size / MAX_LINE_BYTES:.1%} of MAX_LINE_BYTES "
            f"({MAX_LINE_BYTES:,})",
            flush=True,
        )
        if args.names:
            size = save_size(long_game(kind, steps, names=LONG_NAMES[kind]))
            print(
                f"save {kind}, {len(LONG_NAMES[kind])} players with 40-character names of "
                f"4-byte characters: {size:,} bytes, "
                f"{size / MAX_LINE_BYTES:.1%} of MAX_LINE_BYTES"
            )
    if "reply" not in only:
        return
    replies = bench_replies(rounds)
    print(
        f"reply CPU, host (4 seats and the table) / one seat, 4-player Clue: apply "
        f"{replies['apply_ratio']:.2f}, play_bots of a whole game "
        f"{replies['play_bots_ratio']:.2f} (every event serialised once: near 1)"
    )


if __name__ == "__main__":
    main()
