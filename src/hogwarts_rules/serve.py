"""``hogwarts-rules serve``: a JSON-lines engine protocol, so that any program can drive the games.

Like UCI for chess engines: a user interface (in any language) starts the engine and
talks to it over standard input and output, one JSON object per line each way. The
engine holds several games at once, each with an id, and answers every request with
exactly one reply line. The protocol is described in full in ``docs/protocol.md``.

`Server` is the engine: `Server.handle` answers one parsed request,
`Server.handle_line` one line of text, and `Server.run` loops over two streams.
`serve` runs a server over the process's standard streams.

Requests never raise: every problem is answered with an error reply naming a code
from `ERROR_CODES`, and a request that fails changes no game.

Examples:
    >>> server = Server()
    >>> print(server.handle_line('{"id": 1, "op": "new", "game": "adventure", '
    ...                          '"players": ["Harry", "Ron"], "seed": 7}'))
    {"id": 1, "ok": true, "game_id": "g1", "kind": "first-year-adventure", "seats": ["Harry", "Ron"], "step": 0}
    >>> print(server.handle_line('{"id": 2, "op": "close", "game_id": "g9"}'))
    {"id": 2, "ok": false, "error": {"code": "no_such_game", "message": "there is no game 'g9'", "field": "$.game_id"}}
"""  # noqa: E501

from __future__ import annotations

import copy
import functools
import hashlib
import io
import json
import re
import secrets
import sys
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from itertools import accumulate
from typing import IO, Any, Final, NoReturn

import attrs

from hogwarts_rules import __version__, adventure, clue
from hogwarts_rules import hufflepuff_ravenclaw as hr
from hogwarts_rules.actions import ACTIONS, Action, ChanceOutcome
from hogwarts_rules.dice import CHANCE, SeededDice
from hogwarts_rules.engine import ChanceRequest, Decision, GameBase, GameRecord
from hogwarts_rules.errors import InvalidDataError, RulesError
from hogwarts_rules.events import Event, events_for
from hogwarts_rules.hufflepuff_ravenclaw import game as hr_game
from hogwarts_rules.schema import GAMES, SCHEMA_NAMES, game_schemas
from hogwarts_rules.serialization import FORMAT, FORMAT_VERSION, unstructure
from hogwarts_rules.simulation import BOTS

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

PROTOCOL_VERSION: Final = 1
"""The protocol version this engine speaks (``hello`` reports it)."""

SUPPORTED_PROTOCOLS: Final = (1,)
"""The values a request's optional ``"protocol"`` field may take."""

MAX_LINE_BYTES: Final = 1_048_576
"""The longest request line, in bytes of UTF-8 (the line ending not counted)."""

MAX_DEPTH: Final = 64
"""The deepest nesting of arrays and objects in a request (``{}`` is depth 1)."""

MAX_GAMES: Final = 100
"""The most games one server holds at once."""

MAX_ID_LENGTH: Final = 64
"""The longest string a request's ``"id"`` may be (an integer id must be JSON-safe)."""

MAX_PLAY_STEPS: Final = 20_000
"""The largest ``max_steps`` of ``play_bots``."""

MAX_GAME_STEPS: Final = 20_000
"""The most actions one game may reach (whole games take a few hundred to a few thousand).

Beyond it the game takes no more actions (``illegal_action``, rule ``step_limit``): a
game whose content makes it endless cannot grow without bound.
"""

DEFAULT_PLAY_STEPS: Final = 1000
"""``play_bots`` applies at most this many actions unless ``max_steps`` says otherwise."""

TABLE: Final = "table"
"""The seat of the table: public information only, and the dice when they are external."""

OPS: Final = (
    "hello",
    "new",
    "state",
    "apply",
    "bot",
    "play_bots",
    "events",
    "save",
    "load",
    "undo",
    "close",
    "list",
    "schema",
    "quit",
)
"""Every operation of the protocol."""

ERROR_CODES: Final = (
    "bad_json",
    "line_too_long",
    "too_deep",
    "bad_request",
    "unsupported_protocol",
    "unknown_op",
    "unknown_field",
    "missing_field",
    "bad_type",
    "bad_value",
    "unknown_game",
    "no_such_game",
    "too_many_games",
    "unknown_seat",
    "not_your_turn",
    "illegal_action",
    "invalid_data",
    "unknown_bot",
    "internal_error",
)
"""Every error code a reply may carry (each is described in ``docs/protocol.md``)."""

_HR_MAX_CHARACTERS: Final = hr_game.MAX_CHARACTERS
_MAX_SAFE_INT: Final = 2**53 - 1  # the largest integer every JSON reader keeps exactly
_MAX_SEED: Final = 2**64 - 1
_MAX_DIGITS: Final = 400  # longer whole numbers are refused while parsing
_MAX_MESSAGE: Final = 300  # error messages are cut to this many characters
_SHOWN: Final = 60  # the most characters of a request's own text echoed in a message
_TABLE_VIEWER: Final = "<table>"  # never a player's name: names may not start with "<"

_KINDS: Final[Mapping[str, str]] = {
    adventure.KIND: adventure.KIND,
    "adventure": adventure.KIND,
    clue.KIND: clue.KIND,
    hr.KIND: hr.KIND,
    "hr": hr.KIND,
}
_BOT_FAMILY: Final[Mapping[str, str]] = {adventure.KIND: "adventure", clue.KIND: "clue"}
_OPTIONS: Final[Mapping[str, tuple[str, ...]]] = {
    adventure.KIND: ("max_rounds",),
    clue.KIND: ("first_player", "students", "content"),
    hr.KIND: ("extra_stats", "extra_skills", "extra_spells"),
}
# Where a field of a game's set-up comes from in a ``new`` request.
_SETUP_SOURCES: Final[Mapping[str, str]] = {
    "players": "$.players",
    "characters": "$.players",
    "dice": "$.seed",
    "max_rounds": "$.options.max_rounds",
    "first_player": "$.options.first_player",
    "students": "$.options.students",
    "content": "$.options.content",
    "stats": "$.options.extra_stats",
    "skills": "$.options.extra_skills",
    "spells": "$.options.extra_spells",
}
_COMMON_FIELDS: Final = frozenset({"id", "op", "protocol"})
# op -> (required fields, optional fields), besides id, op and protocol.
_FIELDS: Final[Mapping[str, tuple[tuple[str, ...], tuple[str, ...]]]] = {
    "hello": ((), ()),
    "new": (("game", "players"), ("seed", "dice", "options")),
    "state": (("game_id", "seat"), ()),
    "apply": (("game_id", "seat", "action"), ()),
    "bot": (("game_id", "seat", "bot"), ()),
    "play_bots": (("game_id", "bots"), ("max_steps",)),
    "events": (("game_id", "seat"), ("since",)),
    "save": (("game_id",), ()),
    "load": (("game",), ()),
    "undo": (("game_id", "to_step"), ()),
    "close": (("game_id",), ()),
    "list": ((), ()),
    "schema": (("game", "name"), ()),
    "quit": ((), ()),
}
# The fields of a Clue view that everyone may see (the table's view keeps only these).
_CLUE_PUBLIC: Final = frozenset(
    {
        "seats",
        "order",
        "missing",
        "wheels",
        "closed_doors",
        "lit_fireplaces",
        "tokens",
        "current_player",
        "step",
        "green",
        "entered",
        "suggestions",
        "wrong_accusations",
        "help_deck_size",
        "dark_deck_size",
        "to_act",
        "phase",
        "winner",
    }
)
_CLUE_EMPTY: Final[Mapping[str, Any]] = {
    "hand": [],
    "hidden_help": [],
    "shown_to_me": [],
    "shown_by_me": [],
    "legal_actions": [],
    "prompt": "",
    "details": {},
}


class _Refusal(Exception):
    """A request is refused: becomes an error reply (never leaves this module)."""

    def __init__(
        self, code: str, message: str, field: str | None = None, rule: str | None = None
    ) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.field = field
        self.rule = rule


class _BadJson(ValueError):
    """Raised by the JSON parser's hooks (a NaN, a huge number, a repeated key)."""


# ----- small helpers ----------------------------------------------------------------------------


def _shown(value: object) -> str:
    """A piece of the request, bounded, for a message (at most `_SHOWN` characters of it)."""
    if isinstance(value, str):
        return repr(value[:_SHOWN] + ("..." if len(value) > _SHOWN else ""))
    if value is None or isinstance(value, bool | int | float):
        text = json.dumps(value)
        return text if len(text) <= _SHOWN else text[:_SHOWN] + "..."
    return _json_type(value)


def _key_path(parent: str, key: object) -> str:
    """The path of an object's member: ``$.options.students`` (the key bounded)."""
    text = key if isinstance(key, str) else str(key)
    return f"{parent}.{text[:_SHOWN]}"


def _json_type(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "an array"
    if isinstance(value, dict):
        return "an object"
    return "not JSON"


def _bounded(message: str) -> str:
    return message if len(message) <= _MAX_MESSAGE else message[: _MAX_MESSAGE - 3] + "..."


def _bare(exc: InvalidDataError) -> str:
    """An `InvalidDataError`'s message without its leading ``path: ``."""
    message = exc.message
    prefix = f"{exc.path}: "
    return message[len(prefix) :] if message.startswith(prefix) else message


def _probability(p: Fraction) -> str:
    return f"{p.numerator}/{p.denominator}"


# ----- reading a line ---------------------------------------------------------------------------

_STRINGS: Final = re.compile(r'"[^"]*"')
_NOT_BRACKETS: Final = re.compile(r"[^\[\]{}]+")
_DEPTH_CHANGE: Final[Mapping[str, int]] = {"[": 1, "{": 1, "]": -1, "}": -1}


def _too_deep(text: str) -> bool:
    """True if arrays and objects nest deeper than `MAX_DEPTH` (exact for valid JSON).

    Linear and recursion-free: escapes and then strings are removed with non-backtracking
    patterns, and the depth is a running sum over the brackets left.
    """
    if text.count("[") + text.count("{") <= MAX_DEPTH:
        return False
    # Inside a string a backslash always starts a two-character escape, so removing
    # ``\\`` pairs from the left and then ``\"`` leaves only the quotes that delimit.
    plain = text.replace("\\\\", "").replace('\\"', "")
    plain = _STRINGS.sub("", plain)
    quote = plain.find('"')
    if quote >= 0:  # an unterminated string: the rest is inside it
        plain = plain[:quote]
    brackets = _NOT_BRACKETS.sub("", plain)
    return max(accumulate(map(_DEPTH_CHANGE.__getitem__, brackets)), default=0) > MAX_DEPTH


def _reject_constant(name: str) -> NoReturn:
    raise _BadJson(f"{name} is not a JSON value")


def _parse_int(text: str) -> int:
    if len(text) > _MAX_DIGITS:
        raise _BadJson(f"a number of more than {_MAX_DIGITS} digits")
    return int(text)


def _unique_object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result = dict(pairs)
    if len(result) != len(pairs):
        raise _BadJson("an object names the same key twice")
    return result


def _decode_line(line: str | bytes) -> object:
    """Check one request line (size, UTF-8, depth, JSON) and parse it.

    Raises:
        _Refusal: ``line_too_long``, ``bad_json`` or ``too_deep``.
    """
    if isinstance(line, bytes | bytearray):
        raw = bytes(line)
        if raw.endswith(b"\n"):
            raw = raw[:-1]
            if raw.endswith(b"\r"):
                raw = raw[:-1]
        if len(raw) > MAX_LINE_BYTES:
            raise _Refusal("line_too_long", f"a request line is at most {MAX_LINE_BYTES} bytes")
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise _Refusal("bad_json", "the line is not valid UTF-8") from None
    elif isinstance(line, str):
        text = line
        if text.endswith("\n"):
            text = text[:-1]
            if text.endswith("\r"):
                text = text[:-1]
        if len(text) > MAX_LINE_BYTES:
            raise _Refusal("line_too_long", f"a request line is at most {MAX_LINE_BYTES} bytes")
        try:
            size = len(text.encode("utf-8"))
        except UnicodeEncodeError:
            raise _Refusal("bad_json", "the line is not valid UTF-8") from None
        if size > MAX_LINE_BYTES:
            raise _Refusal("line_too_long", f"a request line is at most {MAX_LINE_BYTES} bytes")
    else:
        raise _Refusal("bad_json", "a request line must be text")
    if _too_deep(text):
        raise _Refusal("too_deep", f"arrays and objects may nest at most {MAX_DEPTH} deep")
    try:
        return json.loads(
            text,
            parse_constant=_reject_constant,
            parse_int=_parse_int,
            object_pairs_hook=_unique_object,
        )
    except RecursionError:
        raise _Refusal(
            "too_deep", f"arrays and objects may nest at most {MAX_DEPTH} deep"
        ) from None
    except _BadJson as exc:
        raise _Refusal("bad_json", f"not accepted: {exc}") from None
    except ValueError as exc:
        where = f" (line 1, column {exc.colno})" if isinstance(exc, json.JSONDecodeError) else ""
        raise _Refusal("bad_json", f"the line is not valid JSON{where}") from None


# ----- games ------------------------------------------------------------------------------------


def _seats(game: GameBase) -> tuple[str, ...]:
    if isinstance(game, hr.Game):
        return tuple(c.name for c in game.setup.characters)
    if isinstance(game, adventure.Game | clue.Game):
        return tuple(game.setup.players)
    raise TypeError(f"unknown game {type(game).__name__}")  # pragma: no cover


def _to_act(game: GameBase) -> list[str]:
    return [TABLE if name == CHANCE else name for name in game.to_act]


def _outcome(game: GameBase) -> dict[str, Any] | None:
    outcome = game.outcome
    return None if outcome is None else dict(unstructure(outcome))


def _seat_actions(game: GameBase, seat: str) -> tuple[Action, ...]:
    """What ``seat`` may apply now (the table: the chance outcomes awaited)."""
    if seat == TABLE:
        return tuple(outcome for outcome, _ in game.chance_outcomes())
    if game.is_over:
        return ()
    to_act = game.to_act
    if to_act:
        return game.legal_actions(seat) if seat in to_act else ()
    # Nobody must decide: the seat's own actions and those nobody owns (the deal, the
    # roll-off, the game master's actions) are open to every player.
    return tuple(a for a in game.legal_actions() if a.actor is None or a.actor == seat)


def _awaiting(game: GameBase, seat: str, secret: bool) -> dict[str, Any] | None:
    request = game.awaiting
    if request is None:
        return None
    if isinstance(request, ChanceRequest):
        return {"kind": "chance", "player": TABLE, "label": request.label}
    assert isinstance(request, Decision)
    result: dict[str, Any] = {"kind": "decision", "player": request.player}
    if not secret or seat == request.player:  # Clue shows a prompt only to who decides
        result["prompt"] = request.prompt
        result["details"] = dict(request.details)
    return result


def _view(game: GameBase, seat: str) -> Any:
    if not isinstance(game, clue.Game):
        # First Year Adventure and Hufflepuff & Ravenclaw keep no secrets: the saved
        # game's "state" (never the set-up, whose dice predict every roll).
        return game._state_dict()
    if seat != TABLE:
        return game.view(seat).to_dict()
    return _clue_table_view(game)


def _clue_table_view(game: clue.Game) -> dict[str, Any]:
    """The table's view of Clue: a `clue.ClueView`'s public fields, nobody's own cards.

    Built by keeping known public fields (a field added to the view later is left out,
    not shown), with the private ones empty and the envelope only once the game is over.
    """
    base = game.view(game.setup.players[0]).to_dict()
    view: dict[str, Any] = {}
    for field in attrs.fields(clue.ClueView):
        name = field.name
        if name == "player":
            view[name] = TABLE
        elif name == "envelope":
            view[name] = list(game.envelope) if game.is_over else []
        elif name in _CLUE_PUBLIC:
            view[name] = base[name]
        elif name in _CLUE_EMPTY:
            view[name] = copy.copy(_CLUE_EMPTY[name])
    return view


def _movement(game: GameBase, seat: str) -> list[dict[str, Any]]:
    if not isinstance(game, clue.Game) or seat != game.current_player:
        return []
    return [
        {"action": action.to_dict(), "destination": path[-1], "path": list(path)}
        for action, path in game.movement_options()
    ]


@functools.cache
def _schemas(kind: str) -> dict[str, Any]:
    return game_schemas(kind)


def _mix(*parts: object) -> int:
    """A portable 64-bit seed from some values (for the random bots' choices)."""
    text = "|".join(str(part) for part in parts).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big")


class _Entry:
    """One game the server holds: the game, its start, its event log, its bots."""

    __slots__ = ("bots", "game", "game_id", "kind", "log", "seats", "start")

    def __init__(
        self,
        game_id: str,
        start: GameBase,
        game: GameBase,
        log: list[tuple[int, Event]],
    ) -> None:
        self.game_id = game_id
        self.kind = game.KIND
        self.start = start
        self.game = game
        self.log = log  # (step reached by the action that caused it, event)
        self.seats = _seats(game)
        self.bots: dict[tuple[str, str], Any] = {}

    @property
    def step(self) -> int:
        return len(self.game.history)

    def bot_seed(self) -> int:
        dice = self.start.dice
        return dice.seed if isinstance(dice, SeededDice) else 0

    def choose(self, game: GameBase, seat: str, bot: str, actions: Sequence[Action]) -> Action:
        """The choice of bot ``bot`` for ``seat``, seeing only the seat's view."""
        if bot == "random":
            # A fresh generator per decision, seeded from the game, the seat and the step:
            # the same position always gets the same choice (after an undo too).
            seed = _mix(self.bot_seed(), self.seats.index(seat), len(game.history))
            player: Any = (
                adventure.RandomBot(seed) if self.kind == adventure.KIND else clue.RandomBot(seed)
            )
        else:
            player = self.bots.get((seat, bot))
            if player is None:
                player = self.bots[(seat, bot)] = _make_bot(game, bot)
        if isinstance(game, adventure.Game):
            choice: Action = player.choose(game.view(seat), seat, actions)
        else:
            assert isinstance(game, clue.Game)
            choice = player.choose(game.view(seat), seat, actions)
        if choice not in actions:  # pragma: no cover - a bot bug, not a request's
            raise RuntimeError(f"bot {bot} chose an action that is not legal")
        return choice


def _make_bot(game: GameBase, name: str) -> Any:
    """A bot whose choices depend on the view alone (it only caches what it computes)."""
    if isinstance(game, adventure.Game) and name == "heuristic":
        return adventure.HeuristicBot()
    if isinstance(game, clue.Game) and name in ("notebook", "detective"):
        board = game.content.board  # the bots measure walking distances on the game's board
        return clue.DetectiveBot(board) if name == "detective" else clue.NotebookBot(board)
    raise ValueError(f"no way to build the {game.KIND} bot {name!r}")  # pragma: no cover


# ----- the server -------------------------------------------------------------------------------


class Server:
    """A protocol engine holding several games, each with an id (``"g1"``, ``"g2"``...).

    Not thread-safe: a host serving several clients at once must serialize the calls.

    Attributes:
        closed: set once a ``quit`` request has been answered (`run` then stops).

    Examples:
        >>> server = Server()
        >>> reply = server.handle({"id": "a", "op": "new", "game": "clue",
        ...                        "players": ["Ann", "Ben", "Cat"], "seed": 1})
        >>> reply["ok"], reply["game_id"], reply["seats"]
        (True, 'g1', ['Ann', 'Ben', 'Cat'])
        >>> state = server.handle({"op": "state", "game_id": "g1", "seat": "Ann"})
        >>> state["legal_actions"]
        [{'type': 'clue.deal'}]
        >>> server.handle({"id": 5, "op": "dance"})["error"]["code"]
        'unknown_op'
    """

    def __init__(self) -> None:
        self._games: dict[str, _Entry] = {}
        self._next_id = 1
        self.closed = False
        self._handlers: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = {
            "hello": self._hello,
            "new": self._new,
            "state": self._state,
            "apply": self._apply,
            "bot": self._bot,
            "play_bots": self._play_bots,
            "events": self._events,
            "save": self._save,
            "load": self._load,
            "undo": self._undo,
            "close": self._close,
            "list": self._list,
            "schema": self._schema,
            "quit": self._quit,
        }

    # ----- entry points --------------------------------------------------------------------------

    def handle(self, request: object) -> dict[str, Any]:
        """Answer one request (a parsed JSON value) with one reply.

        Never raises for bad input: a problem is answered with
        ``{"id": ..., "ok": false, "error": {"code", "message", "field"}}``, and a
        request that fails changes no game.

        Examples:
            >>> Server().handle(["hello"])["error"]["code"]
            'bad_request'
        """
        request_id: Any = None
        try:
            if not isinstance(request, dict):
                raise _Refusal("bad_request", "a request must be a JSON object")
            request_id = _request_id(request)
            result = self._dispatch(request)
        except _Refusal as refusal:
            return _error_reply(request_id, refusal)
        except Exception:
            # Last resort: no traceback and no detail (it could hold a secret).
            return _error_reply(
                request_id,
                _Refusal("internal_error", "internal error: the request was not carried out"),
            )
        return {"id": request_id, "ok": True, **result}

    def handle_line(self, line: str | bytes) -> str:
        """Answer one request line with one reply line (JSON, ASCII, no line ending).

        Checks the transport first: the line's size (`MAX_LINE_BYTES`), UTF-8, the
        nesting depth (`MAX_DEPTH`) and the JSON syntax.

        Examples:
            >>> Server().handle_line('{"id": 1, "op": "quit"}')
            '{"id": 1, "ok": true}'
            >>> print(Server().handle_line("{nope"))
            {"id": null, "ok": false, "error": {"code": "bad_json", "message": "the line is not valid JSON (line 1, column 2)", "field": null}}
        """  # noqa: E501
        try:
            request = _decode_line(line)
        except _Refusal as refusal:
            reply = _error_reply(None, refusal)
        except Exception:  # pragma: no cover - the decoder refuses everything it cannot read
            reply = _error_reply(None, _Refusal("internal_error", "internal error"))
        else:
            reply = self.handle(request)
        return _dump(reply)

    def run(self, stdin: IO[Any], stdout: IO[Any]) -> int:
        r"""Answer request lines from ``stdin`` on ``stdout`` until end of input or ``quit``.

        Each reply is one line, flushed at once. Blank lines are skipped. The streams
        may be text or binary (binary input lets invalid UTF-8 be answered with
        ``bad_json``). A line longer than `MAX_LINE_BYTES` is read no further than
        that and answered with ``line_too_long``.

        Returns:
            The exit status: 0.

        Examples:
            >>> import io
            >>> out = io.StringIO()
            >>> Server().run(io.StringIO('{"op": "list"}\n\n{"op": "quit"}\n{"op": "list"}\n'), out)
            0
            >>> print(out.getvalue(), end="")
            {"id": null, "ok": true, "games": []}
            {"id": null, "ok": true}
        """
        limit = MAX_LINE_BYTES + 2  # room for "\r\n"
        while not self.closed:
            try:
                line = stdin.readline(limit)
            except UnicodeDecodeError:
                reply = _dump(_error_reply(None, _Refusal("bad_json", "not valid UTF-8")))
                if not _write(stdout, reply):
                    break
                continue
            if not line:
                break
            newline = "\n" if isinstance(line, str) else b"\n"
            if len(line) >= limit and not line.endswith(newline):
                _skip_rest_of_line(stdin, newline)
                reply = _dump(
                    _error_reply(
                        None,
                        _Refusal(
                            "line_too_long", f"a request line is at most {MAX_LINE_BYTES} bytes"
                        ),
                    )
                )
            elif not line.strip():
                continue
            else:
                reply = self.handle_line(line)
            if not _write(stdout, reply):
                break
        return 0

    # ----- dispatch ------------------------------------------------------------------------------

    def _dispatch(self, request: dict[Any, Any]) -> dict[str, Any]:
        if request.get("protocol") is not None:  # null is the same as absent
            version = request["protocol"]
            if type(version) is not int or version not in SUPPORTED_PROTOCOLS:
                raise _Refusal(
                    "unsupported_protocol",
                    f"this engine speaks protocol {PROTOCOL_VERSION}, not {_shown(version)}",
                    "$.protocol",
                )
        if "op" not in request:
            raise _Refusal("missing_field", "a request needs an 'op'", "$.op")
        op = request["op"]
        if not isinstance(op, str):
            raise _Refusal("bad_type", f"'op' must be a string, not {_json_type(op)}", "$.op")
        if op not in _FIELDS:
            raise _Refusal("unknown_op", f"unknown op {_shown(op)} (see hello)", "$.op")
        required, optional = _FIELDS[op]
        known = _COMMON_FIELDS | set(required) | set(optional)
        for key in request:
            if key not in known:
                raise _Refusal(
                    "unknown_field",
                    f"{op} takes no field {_shown(key)}",
                    _key_path("$", key),
                )
        for key in required:
            if key not in request:
                raise _Refusal("missing_field", f"{op} needs the field {key!r}", f"$.{key}")
        return self._handlers[op](request)

    # ----- request fields ------------------------------------------------------------------------

    def _entry(self, request: Mapping[str, Any]) -> _Entry:
        game_id = _string(request, "game_id")
        entry = self._games.get(game_id)
        if entry is None:
            raise _Refusal("no_such_game", f"there is no game {_shown(game_id)}", "$.game_id")
        return entry

    @staticmethod
    def _seat(entry: _Entry, request: Mapping[str, Any]) -> str:
        seat = _string(request, "seat")
        if seat == TABLE:
            return seat
        if seat not in entry.seats:
            known = ", ".join([*entry.seats, TABLE])
            raise _Refusal(
                "unknown_seat", f"no seat {_shown(seat)} in this game (seats: {known})", "$.seat"
            )
        return seat

    def _check_room(self) -> None:
        if len(self._games) >= MAX_GAMES:
            raise _Refusal(
                "too_many_games", f"this server holds at most {MAX_GAMES} games: close one first"
            )

    def _add(self, start: GameBase, game: GameBase, log: list[tuple[int, Event]]) -> _Entry:
        game_id = f"g{self._next_id}"
        self._next_id += 1
        entry = self._games[game_id] = _Entry(game_id, start, game, log)
        return entry

    # ----- ops -----------------------------------------------------------------------------------

    def _hello(self, request: Mapping[str, Any]) -> dict[str, Any]:
        return {
            "protocol": PROTOCOL_VERSION,
            "library": __version__,
            "games": list(GAMES),
            "ops": list(OPS),
            "bots": {kind: list(BOTS.get(_BOT_FAMILY.get(kind, ""), ())) for kind in GAMES},
            "aliases": {alias: kind for alias, kind in _KINDS.items() if alias != kind},
            "limits": {
                "max_line_bytes": MAX_LINE_BYTES,
                "max_depth": MAX_DEPTH,
                "max_games": MAX_GAMES,
                "max_play_steps": MAX_PLAY_STEPS,
            },
            "error_codes": list(ERROR_CODES),
        }

    def _new(self, request: Mapping[str, Any]) -> dict[str, Any]:
        kind = _kind(request["game"], "$.game")
        players = request["players"]
        if not isinstance(players, list):
            raise _Refusal(
                "bad_type",
                f"players must be an array of names, not {_json_type(players)}",
                "$.players",
            )
        for index, player in enumerate(players):
            where = f"$.players[{index}]"
            name: object = player
            if isinstance(player, dict) and kind == hr.KIND:  # a whole character sheet
                name = player.get("name")
            elif not isinstance(player, str):
                what = "a name or a character object" if kind == hr.KIND else "a name"
                raise _Refusal("bad_type", f"a player must be {what}", where)
            if name == TABLE:
                raise _Refusal("bad_value", f"{TABLE!r} is the table's seat, not a name", where)
        seed = _optional_int(request, "seed", 0, _MAX_SEED)
        dice = request.get("dice")
        if dice is not None:
            if not isinstance(dice, str):
                raise _Refusal(
                    "bad_type", f"dice must be a string, not {_json_type(dice)}", "$.dice"
                )
            if dice not in ("external", "seeded"):
                raise _Refusal(
                    "bad_value",
                    f"dice must be 'external' or 'seeded', not {_shown(dice)}",
                    "$.dice",
                )
            if dice == "external" and seed is not None:
                raise _Refusal("bad_value", "give a seed or external dice, not both", "$.dice")
        options = request.get("options")
        if options is None:
            options = {}
        if not isinstance(options, dict):
            raise _Refusal(
                "bad_type", f"options must be an object, not {_json_type(options)}", "$.options"
            )
        for key in options:
            if key not in _OPTIONS[kind]:
                raise _Refusal(
                    "unknown_field",
                    f"unknown {kind} option {_shown(key)} (known: {', '.join(_OPTIONS[kind])})",
                    _key_path("$.options", key),
                )
        self._check_room()
        if dice == "external":
            dice_data: dict[str, Any] = {"kind": "external"}
        else:
            chosen = secrets.randbits(64) if seed is None else seed
            dice_data = {"kind": "seeded", "seed": chosen, "state": chosen}
        setup = _setup(
            kind, players, dice_data, {k: v for k, v in options.items() if v is not None}
        )
        saved = {"format": FORMAT, "version": FORMAT_VERSION, "game": kind, "setup": setup}
        try:
            game = GAMES[kind].from_dict({**saved, "actions": []})
        except InvalidDataError as exc:
            raise _Refusal("bad_value", _bare(exc), _new_field(exc.path)) from None
        entry = self._add(game, game, [])
        return {"game_id": entry.game_id, "kind": kind, "seats": list(entry.seats), "step": 0}

    def _state(self, request: Mapping[str, Any]) -> dict[str, Any]:
        entry = self._entry(request)
        seat = self._seat(entry, request)
        game = entry.game
        reply: dict[str, Any] = {
            "game_id": entry.game_id,
            "seat": seat,
            "step": entry.step,
            "to_act": _to_act(game),
            "view": _view(game, seat),
            "legal_actions": [action.to_dict() for action in _seat_actions(game, seat)],
            "awaiting": _awaiting(game, seat, secret=isinstance(game, clue.Game)),
            "is_over": game.is_over,
            "outcome": _outcome(game),
        }
        if seat == TABLE:
            reply["chance"] = [
                {
                    "action": outcome.to_dict(),
                    "value": outcome.value,
                    "probability": _probability(p),
                }
                for outcome, p in game.chance_outcomes()
            ]
        if isinstance(game, clue.Game):
            reply["movement"] = _movement(game, seat)
        return reply

    def _apply(self, request: Mapping[str, Any]) -> dict[str, Any]:
        entry = self._entry(request)
        seat = self._seat(entry, request)
        game = entry.game
        action = _action(game, request["action"])
        _check_seat(game, seat, action)
        _check_room_for_steps(entry)
        game, events = _applied(game, action)
        self._commit(entry, game, [(action, events)])
        return self._moved(entry, events)

    def _bot(self, request: Mapping[str, Any]) -> dict[str, Any]:
        entry = self._entry(request)
        seat = self._seat(entry, request)
        if seat == TABLE:
            raise _Refusal("bad_value", "the table's seat is not played by a bot", "$.seat")
        name = _bot_name(entry.kind, request["bot"], "$.bot")
        game = entry.game
        if game.is_over:
            raise _Refusal(
                "illegal_action",
                "the game is over; no more actions can be taken",
                rule="game_over",
            )
        actions = _seat_actions(game, seat)
        if not actions:
            raise _Refusal("not_your_turn", _whose_turn(game, seat), "$.seat")
        _check_room_for_steps(entry)
        action = entry.choose(game, seat, name, actions)
        game, events = _applied(game, action)
        self._commit(entry, game, [(action, events)])
        return {"action": action.to_dict(), **self._moved(entry, events)}

    def _play_bots(self, request: Mapping[str, Any]) -> dict[str, Any]:
        entry = self._entry(request)
        bots_field = request["bots"]
        if not isinstance(bots_field, dict):
            raise _Refusal(
                "bad_type",
                f"bots must be an object (seat -> bot), not {_json_type(bots_field)}",
                "$.bots",
            )
        bots: dict[str, str] = {}
        for seat, name in bots_field.items():
            where = _key_path("$.bots", seat)
            if seat not in entry.seats:
                raise _Refusal("unknown_seat", f"no player seat {_shown(seat)} in this game", where)
            bots[seat] = _bot_name(entry.kind, name, where)
        max_steps = _optional_int(request, "max_steps", 0, MAX_PLAY_STEPS)
        limit = DEFAULT_PLAY_STEPS if max_steps is None else max_steps
        game = entry.game
        played: list[tuple[Action, tuple[Event, ...]]] = []
        actors: list[str] = []
        stopped = "max_steps"
        while len(played) < limit:
            if game.is_over:
                stopped = "over"
                break
            if entry.step + len(played) >= MAX_GAME_STEPS:
                stopped = "step_limit"
                break
            to_act = game.to_act
            if to_act == (CHANCE,):
                stopped = "chance"
                break
            candidates = [s for s in (to_act or entry.seats) if s in bots]
            deciding = next((s for s in candidates if _seat_actions(game, s)), None)
            if deciding is None:
                stopped = "no_bot"
                break
            action = entry.choose(game, deciding, bots[deciding], _seat_actions(game, deciding))
            game, events = _applied(game, action)
            played.append((action, events))
            actors.append(deciding)
        self._commit(entry, game, played)
        merged = tuple(event for _, events in played for event in events)
        return {
            "steps": len(played),
            "actions": [action.to_dict() for action, _ in played],
            "actors": actors,
            "stopped": stopped,
            **self._moved(entry, merged),
        }

    def _events(self, request: Mapping[str, Any]) -> dict[str, Any]:
        entry = self._entry(request)
        seat = self._seat(entry, request)
        since = _optional_int(request, "since", 0, _MAX_SAFE_INT)
        since = 0 if since is None else since
        viewer = _TABLE_VIEWER if seat == TABLE else seat
        shown = []
        for step, event in entry.log:
            if step <= since:
                continue
            seen = event.seen_by(viewer)
            if seen is not None:
                shown.append({"step": step, "event": seen.to_dict()})
        return {"step": entry.step, "events": shown}

    def _save(self, request: Mapping[str, Any]) -> dict[str, Any]:
        entry = self._entry(request)
        return {"game_id": entry.game_id, "game": entry.game.to_dict()}

    def _load(self, request: Mapping[str, Any]) -> dict[str, Any]:
        data = request["game"]
        if not isinstance(data, dict):
            raise _Refusal(
                "invalid_data", f"a saved game is an object, not {_json_type(data)}", "$.game"
            )
        kind = data.get("game")
        if not isinstance(kind, str):
            raise _Refusal("invalid_data", "a saved game names its game as a string", "$.game.game")
        if kind not in GAMES:
            raise _Refusal(
                "unknown_game",
                f"unknown game {_shown(kind)} (known: {', '.join(GAMES)})",
                "$.game.game",
            )
        self._check_room()
        cls = GAMES[kind]
        try:
            game = cls.from_dict(data)
        except InvalidDataError as exc:
            raise _Refusal("invalid_data", _bare(exc), "$.game" + exc.path[1:]) from None
        for index, seat in enumerate(_seats(game)):
            if seat == TABLE:
                field = "characters" if kind == hr.KIND else "players"
                raise _Refusal(
                    "invalid_data",
                    f"{TABLE!r} is the table's seat, not a name",
                    f"$.game.setup.{field}[{index}]",
                )
        start = cls.replay(GameRecord(kind, game.record.setup, ()))
        log: list[tuple[int, Event]] = []
        current = start
        for action in game.history:
            current, events = current.apply(action)
            log.extend((len(current.history), event) for event in events)
        entry = self._add(start, game, log)
        return {
            "game_id": entry.game_id,
            "kind": kind,
            "seats": list(entry.seats),
            "step": entry.step,
        }

    def _undo(self, request: Mapping[str, Any]) -> dict[str, Any]:
        entry = self._entry(request)
        to_step = _whole(request, "to_step", 0, entry.step)
        if to_step == entry.step:  # nothing to take back
            return {
                "step": entry.step,
                "to_act": _to_act(entry.game),
                "is_over": entry.game.is_over,
            }
        game = entry.start
        for action in entry.game.history[:to_step]:
            game, _ = game.apply(action)
        entry.game = game
        entry.log = [(step, event) for step, event in entry.log if step <= to_step]
        return {"step": entry.step, "to_act": _to_act(game), "is_over": game.is_over}

    def _close(self, request: Mapping[str, Any]) -> dict[str, Any]:
        entry = self._entry(request)
        del self._games[entry.game_id]
        return {"game_id": entry.game_id}

    def _list(self, request: Mapping[str, Any]) -> dict[str, Any]:
        return {
            "games": [
                {
                    "game_id": entry.game_id,
                    "kind": entry.kind,
                    "seats": list(entry.seats),
                    "step": entry.step,
                    "is_over": entry.game.is_over,
                }
                for entry in self._games.values()
            ]
        }

    def _schema(self, request: Mapping[str, Any]) -> dict[str, Any]:
        kind = _kind(request["game"], "$.game")
        name = _string(request, "name")
        if name not in SCHEMA_NAMES:
            raise _Refusal(
                "bad_value",
                f"no schema {_shown(name)} (known: {', '.join(SCHEMA_NAMES)})",
                "$.name",
            )
        return {"kind": kind, "name": name, "schema": copy.deepcopy(_schemas(kind)[name])}

    def _quit(self, request: Mapping[str, Any]) -> dict[str, Any]:
        self.closed = True
        return {}

    # ----- changing a game -----------------------------------------------------------------------

    @staticmethod
    def _commit(
        entry: _Entry, game: GameBase, played: Sequence[tuple[Action, tuple[Event, ...]]]
    ) -> None:
        """Store the game reached and log the events (after every check has passed)."""
        step = entry.step
        for _, events in played:
            step += 1
            entry.log.extend((step, event) for event in events)
        entry.game = game

    @staticmethod
    def _moved(entry: _Entry, events: Sequence[Event]) -> dict[str, Any]:
        """The common reply of the ops that apply actions."""
        game = entry.game
        seen: dict[str, list[dict[str, Any]]] = {
            seat: [event.to_dict() for event in events_for(events, seat)] for seat in entry.seats
        }
        seen[TABLE] = [event.to_dict() for event in events_for(events, _TABLE_VIEWER)]
        return {
            "step": entry.step,
            "events": seen,
            "to_act": _to_act(game),
            "is_over": game.is_over,
            "outcome": _outcome(game),
        }


# ----- request checks ---------------------------------------------------------------------------


def _request_id(request: Mapping[Any, Any]) -> Any:
    if "id" not in request:
        return None
    value = request["id"]
    if value is None:
        return None
    if isinstance(value, str):
        if len(value) > MAX_ID_LENGTH:
            raise _Refusal("bad_value", f"an id is at most {MAX_ID_LENGTH} characters", "$.id")
        return value
    if type(value) is int:
        if abs(value) > _MAX_SAFE_INT:
            raise _Refusal("bad_value", "an integer id must lie within +-(2**53 - 1)", "$.id")
        return value
    raise _Refusal(
        "bad_type", f"an id must be a string or an integer, not {_json_type(value)}", "$.id"
    )


def _string(request: Mapping[str, Any], key: str) -> str:
    value = request[key]
    if not isinstance(value, str):
        raise _Refusal("bad_type", f"{key} must be a string, not {_json_type(value)}", f"$.{key}")
    return value


def _optional_int(request: Mapping[str, Any], key: str, low: int, high: int) -> int | None:
    """An optional whole number field (``null`` is the same as leaving it out)."""
    if request.get(key) is None:
        return None
    return _whole(request, key, low, high)


def _whole(request: Mapping[str, Any], key: str, low: int, high: int) -> int:
    value = request[key]
    if type(value) is not int:
        raise _Refusal(
            "bad_type", f"{key} must be a whole number, not {_json_type(value)}", f"$.{key}"
        )
    if not low <= value <= high:
        raise _Refusal(
            "bad_value", f"{key} must be a whole number from {low} to {high}", f"$.{key}"
        )
    return value


def _kind(value: object, field: str) -> str:
    if not isinstance(value, str):
        raise _Refusal("bad_type", f"game must be a string, not {_json_type(value)}", field)
    kind = _KINDS.get(value)
    if kind is None:
        raise _Refusal(
            "unknown_game",
            f"unknown game {_shown(value)} (known: {', '.join(_KINDS)})",
            field,
        )
    return kind


def _bot_name(kind: str, value: object, field: str) -> str:
    if not isinstance(value, str):
        raise _Refusal("bad_type", f"a bot name is a string, not {_json_type(value)}", field)
    known = BOTS.get(_BOT_FAMILY.get(kind, ""), ())
    if value not in known:
        listed = ", ".join(known) if known else "none: this game has no bots"
        raise _Refusal("unknown_bot", f"unknown bot {_shown(value)} (known: {listed})", field)
    return value


def _action(game: GameBase, data: object) -> Action:
    try:
        action = ACTIONS.structure(data, Action, "$.action")
    except InvalidDataError as exc:
        raise _Refusal("invalid_data", _bare(exc), exc.path) from None
    if not isinstance(action, game.ACTION_TYPE | ChanceOutcome):
        raise _Refusal(
            "invalid_data", f"{action.TYPE} is not an action of {game.KIND}", "$.action.type"
        )
    return action


def _whose_turn(game: GameBase, seat: str) -> str:
    deciding = ", ".join(_to_act(game)) or "nobody"
    return f"it is not {seat}'s decision now (to act: {deciding})"


def _check_seat(game: GameBase, seat: str, action: Action) -> None:
    """Refuse an action that ``seat`` may not take, whatever the rules say of it."""
    if seat == TABLE:
        if not isinstance(action, ChanceOutcome):
            raise _Refusal(
                "not_your_turn", "the table's seat only supplies chance outcomes", "$.seat"
            )
        if game.to_act and game.to_act != (CHANCE,):
            # A player decides now: say so without the rules' prompt (the deciding seat's).
            raise _Refusal("not_your_turn", "no roll is awaited: a player must decide", "$.seat")
        return
    if isinstance(action, ChanceOutcome):
        raise _Refusal(
            "not_your_turn", "chance outcomes are supplied by the table's seat", "$.seat"
        )
    to_act = game.to_act
    if to_act and seat not in to_act:
        raise _Refusal("not_your_turn", _whose_turn(game, seat), "$.seat")
    actor = action.actor
    if actor is not None and actor != seat:
        raise _Refusal("not_your_turn", f"{seat} cannot act for {_shown(actor)}", "$.seat")


def _check_room_for_steps(entry: _Entry) -> None:
    """Refuse one more action once a game has reached `MAX_GAME_STEPS`."""
    if entry.step >= MAX_GAME_STEPS:
        raise _Refusal(
            "illegal_action",
            f"this game has reached {MAX_GAME_STEPS} actions and takes no more",
            "$.game_id",
            "step_limit",
        )


def _applied(game: GameBase, action: Action) -> tuple[GameBase, tuple[Event, ...]]:
    try:
        return game.apply(action)
    except RulesError as exc:
        raise _Refusal("illegal_action", _bounded(exc.message), "$.action", exc.code) from None


def _setup(
    kind: str, players: list[Any], dice: dict[str, Any], options: dict[str, Any]
) -> dict[str, Any]:
    """The set-up (as in a saved game) of a new game: ``from_dict`` then checks it all."""
    if kind != hr.KIND:
        return {"players": players, "dice": dice, **options}
    if len(players) > _HR_MAX_CHARACTERS:  # before building any character sheet
        raise _Refusal(
            "bad_value",
            f"a scene has at most {_HR_MAX_CHARACTERS} characters, not {len(players)}",
            "$.players",
        )
    characters = [
        unstructure(hr.Character.first_year(p)) if isinstance(p, str) else p for p in players
    ]
    setup: dict[str, Any] = {"characters": characters, "dice": dice}
    extra_stats = options.get("extra_stats", [])
    if not isinstance(extra_stats, list):
        raise _Refusal("bad_type", "extra_stats must be an array of names", "$.options.extra_stats")
    setup["stats"] = [*hr.DEFAULT_STATS, *extra_stats]
    for option, key, defaults in (
        ("extra_skills", "skills", dict(hr.DEFAULT_SKILLS)),
        ("extra_spells", "spells", unstructure(dict(hr.DEFAULT_SPELLS))),
    ):
        extra = options.get(option, {})
        if not isinstance(extra, dict):
            raise _Refusal("bad_type", f"{option} must be an object", f"$.options.{option}")
        setup[key] = {**defaults, **extra}
    return setup


_SETUP_PATH: Final = re.compile(r"\$\.setup\.([A-Za-z_]+)(.*)", re.DOTALL)
_INDEX: Final = re.compile(r"\[(\d+)\](.*)", re.DOTALL)


def _new_field(path: str) -> str | None:
    """The field of a ``new`` request behind a path into the set-up built from it."""
    match = _SETUP_PATH.fullmatch(path)
    if match is None:
        return None
    name, rest = match.groups()
    source = _SETUP_SOURCES.get(name)
    if source is None:
        return None
    if name == "dice":
        return source
    if name == "stats":  # the scene's stats are the default ones, then the extra ones
        index = _INDEX.fullmatch(rest)
        shift = len(hr.DEFAULT_STATS)
        if index is None or int(index.group(1)) < shift:
            return source
        rest = f"[{int(index.group(1)) - shift}]{index.group(2)}"
    return (source + rest)[:200]


def _error_reply(request_id: Any, refusal: _Refusal) -> dict[str, Any]:
    error: dict[str, Any] = {
        "code": refusal.code,
        "message": _bounded(refusal.message),
        "field": None if refusal.field is None else refusal.field[:200],
    }
    if refusal.rule is not None:
        error["rule"] = refusal.rule
    return {"id": request_id, "ok": False, "error": error}


def _dump(reply: Mapping[str, Any]) -> str:
    try:
        return json.dumps(reply, ensure_ascii=True, allow_nan=False)
    except (TypeError, ValueError, RecursionError):  # pragma: no cover - a bug, not a request's
        fallback = _error_reply(reply.get("id"), _Refusal("internal_error", "internal error"))
        return json.dumps(fallback, ensure_ascii=True)


def _write(stdout: IO[Any], reply: str) -> bool:
    """Write one reply line and flush; False if the reader has gone away."""
    try:
        if isinstance(stdout, io.RawIOBase | io.BufferedIOBase):
            stdout.write(reply.encode("ascii") + b"\n")
        else:
            stdout.write(reply + "\n")
        stdout.flush()
    except BrokenPipeError:
        return False
    return True


def _skip_rest_of_line(stdin: IO[Any], newline: str | bytes) -> None:
    while True:
        chunk = stdin.readline(65536)
        if not chunk or chunk.endswith(newline):
            return


def serve(stdin: IO[Any] | None = None, stdout: IO[Any] | None = None) -> int:
    """Run a `Server` over standard input and output (what ``hogwarts-rules serve`` runs).

    Args:
        stdin: where requests come from; the process's standard input (read as bytes,
            so that invalid UTF-8 is answered, not fatal) if ``None``.
        stdout: where replies go; the process's standard output if ``None``.

    Returns:
        The exit status: 0 once the input ends or a ``quit`` request is answered.
    """
    source: IO[Any] = getattr(sys.stdin, "buffer", sys.stdin) if stdin is None else stdin
    return Server().run(source, sys.stdout if stdout is None else stdout)
