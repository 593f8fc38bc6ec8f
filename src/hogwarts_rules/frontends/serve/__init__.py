"""``hogwarts-rules serve``: a JSON-lines engine protocol, so that any program can drive the games.

Like UCI for chess engines: a user interface (in any language) starts the engine and
talks to it over standard input and output, one JSON object per line each way. The
engine holds several games at once, each with an id, and answers every request with
exactly one reply line. The protocol is described in full in ``docs/protocol.md``.

Two modules:

* `hogwarts_rules.frontends.serve.protocol`: the `Server` (its ops, replies, error
  codes and limits), which reaches the games only through the catalogue and their
  `GameSpec`;
* `hogwarts_rules.frontends.serve.transport`: the lines, bytes and streams, and
  `serve`, which runs a `Server` over the process's standard input and output.

Examples:
    >>> server = Server()
    >>> reply = server.handle({"op": "new", "game": "hr", "players": ["Sky"], "seed": 1})
    >>> reply["kind"], reply["seats"]
    ('hufflepuff-ravenclaw', ['Sky'])
    >>> view = server.handle({"op": "state", "game_id": "g1", "seat": TABLE})["view"]
    >>> view["viewer"], "dice" in view
    (None, False)
"""

from hogwarts_rules.frontends.serve.protocol import (
    DEFAULT_PLAY_STEPS,
    ERROR_CODES,
    MAX_DEPTH,
    MAX_GAME_STEPS,
    MAX_GAMES,
    MAX_ID_LENGTH,
    MAX_LINE_BYTES,
    MAX_PLAY_STEPS,
    OPS,
    PROTOCOL_VERSION,
    SUPPORTED_PROTOCOLS,
    TABLE,
    Server,
)
from hogwarts_rules.frontends.serve.transport import serve

__all__ = [
    "DEFAULT_PLAY_STEPS",
    "ERROR_CODES",
    "MAX_DEPTH",
    "MAX_GAMES",
    "MAX_GAME_STEPS",
    "MAX_ID_LENGTH",
    "MAX_LINE_BYTES",
    "MAX_PLAY_STEPS",
    "OPS",
    "PROTOCOL_VERSION",
    "SUPPORTED_PROTOCOLS",
    "TABLE",
    "Server",
    "serve",
]
