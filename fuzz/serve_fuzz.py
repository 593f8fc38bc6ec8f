"""Coverage-guided fuzzing of the engine protocol and the game loaders, with atheris.

Run from a checkout (``pip install atheris`` first)::

    python fuzz/serve_fuzz.py -atheris_runs=2000        # a quick run
    python fuzz/serve_fuzz.py -max_total_time=600 corpus/  # longer, keeping a corpus

Each input is either a request line thrown at `Server.handle_line` (raw, or spliced
into a valid request), or a saved game given to a game's ``from_dict``. A crash is
any exception escaping, a reply that is not one line of JSON with ``ok``, an error
code outside `ERROR_CODES` or ``internal_error``, a refused request that changed a
game, a reply with another seat's events than the request's (without
``"role": "host"``), or ``from_dict`` raising anything but `InvalidDataError`. The library's own
modules are instrumented (``atheris.instrument_imports``) so that the fuzzer is
guided by the branches of the decoder, the request checks and the loaders.
"""

from __future__ import annotations

import contextlib
import json
import sys
from pathlib import Path
from typing import Any

import atheris  # type: ignore[import-untyped, import-not-found, unused-ignore]

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

with atheris.instrument_imports():
    from hogwarts_rules import find_game, games
    from hogwarts_rules.engine import GameBase
    from hogwarts_rules.errors import InvalidDataError
    from hogwarts_rules.frontends.serve import ERROR_CODES, TABLE, Server

    # Inside the block: the catalogue imports the games here, so they are instrumented too.
    CLASSES: dict[str, type[GameBase]] = {spec.kind: spec.game_class for spec in games()}
    CLUE: type[GameBase] = find_game("clue").game_class


def _setup() -> tuple[list[bytes], list[dict[str, Any]]]:
    """Valid request lines, and saved games, to start mutations from."""
    server = Server()
    requests: list[dict[str, Any]] = [
        {"op": "new", "game": "clue", "players": ["Ann", "Ben", "Cat"], "seed": 3},
        {"op": "play_bots", "game_id": "g1", "seat": "Ann",
         "bots": {"Ben": "random", "Cat": "notebook"}, "max_steps": 40},
        {"op": "new", "game": "adventure", "players": ["Harry", "Ron"], "seed": 5},
        {"op": "play_bots", "game_id": "g2", "role": "host", "bots": {"Harry": "heuristic"},
         "max_steps": 9},
        {"op": "new", "game": "hr", "players": ["Sky"], "dice": "external"},
        {"op": "apply", "game_id": "g3", "seat": "Sky", "action":
         {"type": "hr.skill_test", "character": "Sky", "skill": "Brawl", "stat": "Agility"}},
    ]  # fmt: skip
    for request in requests:
        server.handle(request)
    saved = [
        server.handle({"op": "save", "game_id": f"g{i}", "role": "host"})["game"] for i in (1, 2, 3)
    ]
    seeds = [
        *requests,
        {"op": "state", "game_id": "g1", "seat": "Ann"},
        {"op": "state", "game_id": "g3", "seat": TABLE},
        {"op": "apply", "game_id": "g3", "seat": TABLE, "action": {"type": "chance", "value": 2}},
        {"op": "apply", "game_id": "g1", "seat": "Ann",
         "action": {"type": "clue.roll_dice", "player": "Ann"}},
        {"op": "events", "game_id": "g1", "seat": "Ben", "since": 2},
        {"op": "undo", "game_id": "g1", "seat": "Ann", "to_step": 1},
        {"op": "undo", "game_id": "g2", "role": "host", "steps": 1},
        {"op": "load", "game": saved[2]},
        {"op": "schema", "game": "clue", "name": "view"},
        {"id": 1, "op": "hello", "protocol": 3},
    ]  # fmt: skip
    return [json.dumps(request).encode() for request in seeds], saved


SEEDS, SAVED = _setup()
_server = Server()


def _fresh() -> Server:
    server = Server()
    for line in SEEDS[:6]:
        server.handle_line(line)
    return server


def _snapshot(server: Server) -> list[Any]:
    games = server.handle({"op": "list"})["games"]
    return [server.handle({"op": "save", "game_id": g["game_id"], "role": "host"}) for g in games]


def _check_line(line: bytes) -> None:
    global _server
    if _server.closed or len(_server.handle({"op": "list"})["games"]) > 20:
        _server = _fresh()
    before = _snapshot(_server)
    text = _server.handle_line(line)
    if not isinstance(text, str) or "\n" in text or not text.isascii():
        raise AssertionError(f"not one line of ASCII: {text!r:.200}")
    reply = json.loads(text)
    if not isinstance(reply, dict) or reply.get("ok") not in (True, False) or "id" not in reply:
        raise AssertionError(f"a malformed reply: {text:.200}")
    if reply["ok"] is False:
        code = reply["error"]["code"]
        if code not in ERROR_CODES or code == "internal_error":
            raise AssertionError(f"error {code!r} for {line[:300]!r}")
        if _snapshot(_server) != before:
            raise AssertionError(f"a refused request changed a game: {line[:300]!r}")
    elif isinstance(reply.get("events"), dict):
        request = json.loads(line)
        if request.get("role") != "host" and list(reply["events"]) != [request["seat"]]:
            raise AssertionError(f"a reply for another seat: {line[:300]!r}")


def _check_from_dict(data: object) -> None:
    if not isinstance(data, dict):
        return
    cls = CLASSES.get(str(data.get("game")), CLUE)
    with contextlib.suppress(InvalidDataError):  # the only exception allowed
        cls.from_dict(data)


def test_one_input(data: bytes) -> None:
    """One fuzz input: a line, a spliced request, or a saved game."""
    fdp = atheris.FuzzedDataProvider(data)
    mode = fdp.ConsumeIntInRange(0, 3)
    if mode == 0:  # a raw line
        _check_line(fdp.ConsumeBytes(fdp.remaining_bytes()))
    elif mode == 1:  # a valid request with a part replaced by fuzz bytes
        seed = SEEDS[fdp.ConsumeIntInRange(0, len(SEEDS) - 1)]
        start = fdp.ConsumeIntInRange(0, len(seed))
        end = fdp.ConsumeIntInRange(start, min(len(seed), start + 40))
        _check_line(seed[:start] + fdp.ConsumeBytes(fdp.ConsumeIntInRange(0, 64)) + seed[end:])
    elif mode == 2:  # a saved game with a part replaced by fuzz bytes
        text = json.dumps(SAVED[fdp.ConsumeIntInRange(0, len(SAVED) - 1)]).encode()
        start = fdp.ConsumeIntInRange(0, len(text))
        end = fdp.ConsumeIntInRange(start, min(len(text), start + 40))
        spliced = text[:start] + fdp.ConsumeBytes(fdp.ConsumeIntInRange(0, 64)) + text[end:]
        try:
            data_in = json.loads(spliced)
        except (ValueError, RecursionError):
            return
        _check_from_dict(data_in)
    else:  # any JSON as a saved game
        try:
            data_in = json.loads(fdp.ConsumeBytes(fdp.remaining_bytes()))
        except (ValueError, RecursionError):
            return
        _check_from_dict(data_in)


def main() -> None:
    """Run the fuzzer (libFuzzer options such as ``-atheris_runs=N`` in ``sys.argv``)."""
    atheris.Setup(sys.argv, test_one_input)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
