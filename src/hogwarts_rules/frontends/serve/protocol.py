"""The engine protocol's requests and replies: the `Server`, its ops, error codes and limits.

A `Server` holds several games at once, each with an id, and answers every request
with exactly one reply. It reaches the games only through the catalogue
(`hogwarts_rules.find_game`, `hogwarts_rules.games`) and each game's `GameSpec`:
a game added to the catalogue is served with no edit here. What a seat sees is
the game's own typed view (``game.view(seat)``, and ``game.view(None)`` for the
table), so no reply holds the dice, a seed or a dice state, nor another seat's
secret. A reply is for the request's seat: it carries the events that seat may see
(``event.seen_by``) and the bots' actions it may see; only a request with
``"role": "host"`` gets every seat's events, every bot's action whole, or a ``save``.
``undo`` follows the rules' take-back (`GameBase.takeback`), rebuilding the earlier
game from the nearest of the snapshots each game keeps (`SNAPSHOT_EVERY`), so its cost
does not grow with the game's length; ``load`` replays a saved game once. A game made with
``"practice": true`` is in practice mode (`hogwarts_rules.actions.Practice`): every
seat's ``state`` says so, and a take-back the fair rule refuses is made and re-keys
the dice (a `DiceRekeyed` event; the new seed is only ever in the host's ``save``).
The protocol is described in full in ``docs/protocol.md``.

`Server.handle` answers one parsed request; `Server.handle_line` one line of text
and `Server.run` a stream of lines (both through
`hogwarts_rules.frontends.serve.transport`, which reads and writes the lines).

Requests never raise: every problem is answered with an error reply naming a code
from `ERROR_CODES`, and a request that fails changes no game.

Examples:
    >>> server = Server()
    >>> print(server.handle_line('{"id": 1, "op": "new", "game": "adventure", '
    ...                          '"players": ["Harry", "Ron"], "seed": 7}'))
    {"id": 1, "ok": true, "game_id": "g1", "kind": "first-year-adventure", "seats": ["Harry", "Ron"], "history_length": 0}
    >>> print(server.handle_line('{"id": 2, "op": "close", "game_id": "g9"}'))
    {"id": 2, "ok": false, "error": {"code": "no_such_game", "message": "there is no game 'g9'", "field": "$.game_id"}}
"""  # noqa: E501

from __future__ import annotations

import bisect
import copy
import hashlib
import json
from collections.abc import Callable, Iterator, Mapping, Sequence
from fractions import Fraction
from operator import itemgetter
from typing import IO, Any, Final

from hogwarts_rules import __version__
from hogwarts_rules.actions import ACTIONS, Action, ChanceOutcome, Practice
from hogwarts_rules.bots import RandomBot, deciding_seat, seat_actions
from hogwarts_rules.catalogue import UnknownGameError, find_game, games
from hogwarts_rules.dice import CHANCE, ExternalDice, SeededDice, seed_from_string
from hogwarts_rules.engine import (
    ChanceRequest,
    Decision,
    GameBase,
    _same_json,
    _structure_actions,
)
from hogwarts_rules.errors import MAX_MESSAGE, InvalidDataError, RulesError, bounded
from hogwarts_rules.events import DiceRekeyed, Event, events_for
from hogwarts_rules.frontends.schema import SCHEMA_NAMES, game_schemas, protocol_schema
from hogwarts_rules.names import MAX_NAME_LENGTH
from hogwarts_rules.serialization import (
    check_action_count,
    check_safe_integers,
    shown_key,
    unstructure,
)
from hogwarts_rules.spec import GameSpec, OptionError
from hogwarts_rules.takeback import take_back

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
    "ROLES",
    "SNAPSHOT_EVERY",
    "SUPPORTED_PROTOCOLS",
    "TABLE",
    "Refusal",
    "Server",
    "error_reply",
]

PROTOCOL_VERSION: Final = 4
"""The protocol version this engine speaks (``hello`` reports it).

Version 4 says in every state who acts and what they are asked (``ask``, the
view's own, for every kind of decision, ordinary turns included, in ``state`` and
in every reply that moves a game); gives every field one meaning and one type
across the reply, the view and the schemas (the count of actions is
``history_length``, never ``step``; ``to_act`` and ``legal_actions`` are the
view's, ``"<chance>"`` naming an awaited roll); names the field to blame in every
error, lists only the requested game's actions, and bounds every message
(`hogwarts_rules.errors.MAX_MESSAGE`).

Version 3 answers each request for its seat only (the events that seat may see, a
bot's action only when that seat may see it), unless the request says
``"role": "host"``; ``save`` needs the host role; ``undo`` takes back only the
requesting seat's own actions, and only when the rules' take-back allows it. ``new``
takes ``"practice": true`` (practice mode), and ``state`` says ``"practice"``.
Version 2 gave every game's typed view as a seat's ``view``. See the "Changes"
section of ``docs/protocol.md``.
"""

SUPPORTED_PROTOCOLS: Final = (4,)
"""The values a request's optional ``"protocol"`` field may take."""

MAX_LINE_BYTES: Final = 16_777_216
"""The longest request line, in bytes of UTF-8 (the line ending not counted): 16 MiB.

It holds the ``load`` of any game of the library's own kinds at `MAX_GAME_STEPS`
actions as ``save`` wrote it, whatever its players' names: measured
(``benchmarks/serve.py --names``), the largest such save, Clue's with five players
named with 40 characters outside the Basic Multilingual Plane (12 bytes each in the
engine's ASCII JSON), takes 11.0 MB; with short names, 1.4 MB.
"""

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

SNAPSHOT_EVERY: Final = 64
"""A served game keeps a snapshot of its state about every this many actions.

``undo`` rebuilds the earlier game from the nearest snapshot at or before it, so a
take-back costs at most about this many actions' replay, however long the game
(``benchmarks/serve.py``: under 6 ms of CPU near `MAX_GAME_STEPS`, where a replay
from the set-up takes 0.5 to 1 s); a game at `MAX_GAME_STEPS` keeps about 310, 1 to
2.3 MB (the states share their persistent history, `hogwarts_rules.history.History`).
"""

DEFAULT_PLAY_STEPS: Final = 1000
"""``play_bots`` applies at most this many actions unless ``max_steps`` says otherwise."""

TABLE: Final = "table"
"""The seat of the table: public information only, and the dice when they are external."""

ROLES: Final = ("seat", "host")
"""The values of a request's optional ``"role"``: ``"seat"`` (the default: the reply is
for the request's seat only) or ``"host"`` (the whole reply, every seat's events and
every bot's action in full: for the host's own use, never to be forwarded to a player)."""

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

_MAX_SAFE_INT: Final = 2**53 - 1  # the largest integer every JSON reader keeps exactly
_MAX_SEED: Final = 2**64 - 1
_MAX_FIELD: Final = 200  # error fields (paths) are cut to this many characters
_SHOWN: Final = 60  # the most characters of a request's own text echoed in a message
_TOO_DEEP: Final = f"arrays and objects may nest at most {MAX_DEPTH} deep"
_TABLE_VIEWER: Final = "<table>"  # never a player's name: names may not start with "<"
# The rules' codes (`engine.check_player_names`) of a new game's seats that are refused.
_SEAT_CODES: Final = frozenset({"bad_players", "player_count", "bad_name", "duplicate_name"})
# A declared option's JSON type (`Option.type`) -> a check of a parsed JSON value.
_JSON_TYPES: Final[Mapping[str, Callable[[object], bool]]] = {
    "integer": lambda value: type(value) is int,
    "number": lambda value: type(value) in (int, float),
    "string": lambda value: isinstance(value, str),
    "boolean": lambda value: isinstance(value, bool),
    "array": lambda value: isinstance(value, list),
    "object": lambda value: isinstance(value, dict),
}
_COMMON_FIELDS: Final = frozenset({"id", "op", "protocol"})
_PROTOCOL_SCHEMA: Final = "reply"
"""``{"op": "schema", "name": "reply"}`` (no game): the protocol's replies, `protocol_schema`."""

# op -> (required fields, optional fields), besides id, op and protocol.
_FIELDS: Final[Mapping[str, tuple[tuple[str, ...], tuple[str, ...]]]] = {
    "hello": ((), ()),
    "new": (("game", "players"), ("seed", "dice", "options", "practice")),
    "state": (("game_id", "seat"), ()),
    "apply": (("game_id", "seat", "action"), ("role",)),
    "bot": (("game_id", "seat", "bot"), ("role",)),
    "play_bots": (("game_id", "bots"), ("seat", "role", "max_steps")),
    "events": (("game_id", "seat"), ("since",)),
    "save": (("game_id",), ("role",)),
    "load": (("game",), ()),
    "undo": (("game_id",), ("seat", "role", "steps", "to_step")),
    "close": (("game_id",), ()),
    "list": ((), ()),
    "schema": (("name",), ("game",)),
    "quit": ((), ()),
}


class Refusal(Exception):
    """A request refused: it becomes an error reply (see `error_reply`).

    Raised inside the server and its transport only; `Server.handle` never lets it out.

    Attributes:
        code: one of `ERROR_CODES`.
        message: what was wrong, for people.
        field: the path of the request's part to blame (``"$.players[2]"``), or ``None``.
        rule: for ``illegal_action``, the code the rules gave; for ``invalid_data``
            found by the library's loader, the loader's code (`InvalidDataError.code`).
        expected: the values that would have been accepted where the request named
            something unknown (an action type, an option, a seat, a game, a bot, a
            schema), as data, or ``None``.
    """

    def __init__(
        self,
        code: str,
        message: str,
        field: str | None = None,
        rule: str | None = None,
        expected: Sequence[str] | None = None,
    ) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.field = field
        self.rule = rule
        self.expected = None if expected is None else list(expected)


def error_reply(request_id: Any, refusal: Refusal) -> dict[str, Any]:
    r"""The error reply for a refused request (message and field bounded, and UTF-8 safe).

    A lone surrogate the request held (``"\ud800"``, which JSON may carry but UTF-8
    cannot) is echoed as its escape, six ASCII characters, so that a host writing the
    reply as UTF-8 never fails.
    """
    field = refusal.field
    error: dict[str, Any] = {
        "code": refusal.code,
        "message": _bounded(_utf8_safe(refusal.message)),
        "field": None if field is None else bounded(_utf8_safe(field), _MAX_FIELD),
    }
    if refusal.rule is not None:
        error["rule"] = refusal.rule
    if refusal.expected is not None:
        error["expected"] = [_utf8_safe(value) for value in refusal.expected]
    return {"id": request_id, "ok": False, "error": error}


# ----- small helpers ----------------------------------------------------------------------------


def _utf8_safe(text: str) -> str:
    r"""``text`` with each lone surrogate written as its escape (``"\ud800"``, as text).

    Examples:
        >>> _utf8_safe("$.\ud800x"), _utf8_safe("Zoë")
        ('$.\\ud800x', 'Zoë')
    """
    if text.isascii():
        return text
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


def _shown(value: object) -> str:
    """A piece of the request, bounded, for a message (at most `_SHOWN` characters of it)."""
    if isinstance(value, str):
        return repr(value[:_SHOWN] + ("..." if len(value) > _SHOWN else ""))
    if isinstance(value, int) and not isinstance(value, bool):
        return shown_key(value, _SHOWN)  # never str() of a huge int: Python refuses it
    if value is None or isinstance(value, bool | float):
        text = json.dumps(value)
        return text if len(text) <= _SHOWN else text[:_SHOWN] + "..."
    return _json_type(value)


def _key_path(parent: str, key: object) -> str:
    """The path of an object's member: ``$.options.students`` (the key bounded).

    Examples:
        >>> _key_path("$.options", "x" * 100)[-5:], _key_path("$", 10**5000)
        ('xx...', '$.<an integer of 16610 bits>')
    """
    return f"{parent}.{shown_key(key, _SHOWN)}"


def _json_type(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, float) and value.is_integer() and abs(value) < 2**53:
        # 7.0 is not 7 here: say how to write it (a writer of doubles prints 7.0).
        return f"{value!r} (a number with a decimal point: write {int(value)})"
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
    return bounded(message)


def _bare(exc: RulesError) -> str:
    """An error's message without the leading ``path: `` of an `InvalidDataError`."""
    message = exc.message
    if isinstance(exc, InvalidDataError):
        prefix = f"{exc.path}: "
        if message.startswith(prefix):
            return message[len(prefix) :]
    return message


def _probability(p: Fraction) -> str:
    return f"{p.numerator}/{p.denominator}"


def _mix(*parts: object) -> int:
    """A portable 64-bit seed from some values (for the random bots' choices)."""
    text = "|".join(str(part) for part in parts).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big")


# ----- games ------------------------------------------------------------------------------------


def _to_act(game: GameBase) -> list[str]:
    """Who must decide now, as the view says it (``"<chance>"``: a roll the table supplies)."""
    return list(game.to_act)


def _outcome(game: GameBase) -> dict[str, Any] | None:
    outcome = game.outcome
    return None if outcome is None else dict(unstructure(outcome))


def _seat_actions(game: GameBase, seat: str) -> tuple[Action, ...]:
    """What ``seat`` may apply now (the table: the chance outcomes awaited).

    A player's seat: see `hogwarts_rules.bots.seat_actions` (when nobody must decide,
    the seat's own actions and those nobody owns, such as a deal or a game master's).
    """
    if seat == TABLE:
        return tuple(outcome for outcome, _ in game.chance_outcomes())
    return seat_actions(game, seat)


def _ask(game: GameBase, view: object, seat: str | None, secret: bool) -> dict[str, Any]:
    """Who acts now and what they are asked, as ``seat`` may know it: the view's ``ask``.

    A game whose view has no ``ask`` (a game added to the catalogue without one) is
    answered from the engine's own record of what is awaited.
    """
    ask = getattr(view, "ask", None)
    if ask is not None:
        return dict(unstructure(ask))
    if game.is_over:
        return {"player": None, "kind": "over", "text": "The game is over."}
    request = game.awaiting
    if isinstance(request, ChanceRequest):
        return {"player": CHANCE, "kind": "chance", "text": request.label}
    if isinstance(request, Decision):
        shown = not secret or seat == request.player
        text = request.prompt if shown else f"{request.player} must decide"
        return {"player": request.player, "kind": "decision", "text": text}
    to_act = game.to_act
    player = to_act[0] if len(to_act) == 1 else None
    text = f"{player} to act" if player is not None else "any seat may act"
    return {"player": player, "kind": "turn", "text": text}


def _view(game: GameBase, seat: str) -> tuple[object, dict[str, Any]]:
    """The seat's typed view and its JSON (the table's: ``game.view(None)``)."""
    view = game.view(None if seat == TABLE else seat)
    data: dict[str, Any] = view.to_dict()
    return view, data


class _EventJson:
    """Events as JSON for one reply, each serialised once for every seat that sees it.

    An event every seat sees whole is the same object for each, and the redacted copies
    made for several seats (``seen_by``) are equal: both are serialised once, and the
    reply's seats share the resulting object (a caller of `Server.handle` that changes
    one seat's event copies it first).
    """

    __slots__ = ("_by_id", "_by_value", "_kept")

    def __init__(self) -> None:
        self._by_id: dict[int, dict[str, Any]] = {}
        self._by_value: dict[tuple[type, Event], dict[str, Any]] = {}
        self._kept: list[Event] = []  # keeps every event seen alive, so no id is reused

    def __call__(self, event: Event) -> dict[str, Any]:
        found = self._by_id.get(id(event))
        if found is not None:
            return found
        try:
            key = (type(event), event)
            found = self._by_value.get(key)
            if found is None:
                found = self._by_value[key] = event.to_dict()
        except TypeError:  # an event with an unhashable field: by identity only
            found = event.to_dict()
        self._by_id[id(event)] = found
        self._kept.append(event)
        return found


_SCHEMAS: dict[str, tuple[GameSpec, dict[str, Any]]] = {}  # kind -> (spec, its schemas)


def _schemas(spec: GameSpec) -> dict[str, Any]:
    """The game's schemas, built once per spec (a game replaced in the catalogue is rebuilt)."""
    cached = _SCHEMAS.get(spec.kind)
    if cached is None or cached[0] is not spec:
        cached = _SCHEMAS[spec.kind] = (spec, game_schemas(spec.kind))
    return cached[1]


class _Due:
    """The snapshots due while actions are applied: a state every `SNAPSHOT_EVERY` actions.

    A snapshot is taken at the first step `SNAPSHOT_EVERY` or more after the last one
    where no action is pending. They are kept (`_Entry.keep`) only once the actions are
    committed, so a request that fails changes nothing.
    """

    __slots__ = ("last", "snapshots")

    def __init__(self, last: int) -> None:
        self.last = last
        self.snapshots: list[tuple[int, GameBase]] = []

    def see(self, state: GameBase) -> None:
        """Pass through ``state``, the next state of the game: keep it if a snapshot is due."""
        step = len(state.history)
        if step - self.last >= SNAPSHOT_EVERY and state.pending is None:
            self.snapshots.append((step, state))
            self.last = step


class _Entry:
    """One game the server holds: its spec, the game, its start, its event log, its bots.

    It also keeps snapshots: the game's state every `SNAPSHOT_EVERY` actions or so (at
    the first step since the last one where no action is pending), so that ``undo``
    rebuilds the earlier game from the nearest snapshot at or before it
    (`hogwarts_rules.takeback.take_back`'s ``base``), not from the set-up.

    The event log holds the events of the actions since the snapshot before the last
    one (at least `SNAPSHOT_EVERY` actions' worth): the events of older actions are
    rebuilt from a snapshot when a seat asks for them (`events_since`), so a long
    game does not keep tens of thousands of events.
    """

    __slots__ = (
        "bots",
        "game",
        "game_id",
        "log",
        "log_from",
        "seats",
        "snapshot_steps",
        "snapshots",
        "spec",
        "start",
    )

    def __init__(
        self,
        game_id: str,
        spec: GameSpec,
        start: GameBase,
        game: GameBase,
        log: list[tuple[int, Event]],
        due: _Due | None = None,
    ) -> None:
        self.game_id = game_id
        self.spec = spec
        self.start = start
        self.game = game
        self.log = log  # (step reached by the action that caused it, event)
        self.log_from = 0  # the log holds every event of the steps after this one
        self.seats = game.seat_names
        self.bots: dict[tuple[str, str], Any] = {}
        self.snapshots: list[GameBase] = [start]  # by step (states share their history)
        self.snapshot_steps: list[int] = [len(start.history)]
        if due is not None:
            self.keep(due)

    def due(self) -> _Due:
        """A collector of the snapshots due after this game's last one (see `keep`)."""
        return _Due(self.snapshot_steps[-1])

    def keep(self, due: _Due) -> None:
        """Keep the snapshots collected by ``due`` (once the actions are committed).

        Then forget the logged events up to the snapshot before the last one: they
        can be rebuilt from the snapshots (see `events_since`).
        """
        for step, snapshot in due.snapshots:
            self.snapshots.append(snapshot)
            self.snapshot_steps.append(step)
        if len(self.snapshot_steps) > 1 and self.snapshot_steps[-2] > self.log_from:
            self.log_from = self.snapshot_steps[-2]
            del self.log[: bisect.bisect_right(self.log, self.log_from, key=itemgetter(0))]

    def events_since(self, since: int) -> Iterator[tuple[int, Event]]:
        """Every event of the actions after step ``since``, with the step each reached.

        Those the log has forgotten are rebuilt by replaying the game's actions from
        the last snapshot at or before ``since``: the same events, by the same rules.
        """
        if since < self.log_from:
            state = self.base(since)
            step = self.snapshot_steps[bisect.bisect_right(self.snapshot_steps, since) - 1]
            for action in self.game.history[step : self.log_from]:
                state, events = state.apply(action)
                step += 1
                if step > since:
                    yield from ((step, event) for event in events)
        yield from self.log[bisect.bisect_right(self.log, since, key=itemgetter(0)) :]

    def base(self, step: int) -> GameBase:
        """The game at the last snapshot at or before ``step``."""
        return self.snapshots[bisect.bisect_right(self.snapshot_steps, step) - 1]

    def taken_back(self, game: GameBase, kept: int) -> None:
        """Hold ``game``, which the game's first ``kept`` actions (maybe and a Rekey) reached.

        Forget the events and the snapshots of the actions taken back.
        """
        self.game = game
        del self.log[bisect.bisect_right(self.log, kept, key=itemgetter(0)) :]
        self.log_from = min(self.log_from, kept)
        index = bisect.bisect_right(self.snapshot_steps, kept)
        del self.snapshots[index:], self.snapshot_steps[index:]

    @property
    def kind(self) -> str:
        return self.spec.kind

    @property
    def step(self) -> int:
        return len(self.game.history)

    def bot_seed(self) -> int:
        dice = self.start.dice
        return dice.seed if isinstance(dice, SeededDice) else 0

    def choose(self, game: GameBase, seat: str, name: str, actions: Sequence[Action]) -> Action:
        """The choice of the bot ``name`` for ``seat``, seeing only the seat's view.

        A bot is built once per seat (its choices must depend on the view alone; it
        may cache what it computes). A bot that picks at random (the library's
        `RandomBot`) is built afresh for each decision, seeded from the game's seed,
        the seat and the step: the same position always gets the same choice (after
        an undo too).
        """
        index = self.seats.index(seat)
        bot = self.bots.get((seat, name))
        if bot is None:
            bot = self.bots[(seat, name)] = self.spec.make_bot(
                name, game, seed=_mix(self.bot_seed(), index)
            )
        if isinstance(bot, RandomBot):
            bot = self.spec.make_bot(
                name, game, seed=_mix(self.bot_seed(), index, len(game.history))
            )
        choice: Action = bot.choose(game.view(seat), seat, actions)
        if choice not in actions:  # pragma: no cover - a bot bug, not a request's
            raise RuntimeError(f"bot {name} chose an action that is not legal")
        return choice


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
                raise Refusal("bad_request", "a request must be a JSON object", "$")
            request_id = _request_id(request)
            result = self._dispatch(request)
        except Refusal as refusal:
            return error_reply(request_id, refusal)
        except RecursionError:  # a Python caller's request nested deeper than Python reads
            return error_reply(request_id, Refusal("too_deep", _TOO_DEEP, "$"))
        except Exception:
            # Last resort: no traceback and no detail (it could hold a secret).
            return error_reply(
                request_id,
                Refusal("internal_error", "internal error: the request was not carried out"),
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
        from hogwarts_rules.frontends.serve.transport import answer_line

        return answer_line(self, line)

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
        from hogwarts_rules.frontends.serve.transport import run

        return run(self, stdin, stdout)

    # ----- dispatch ------------------------------------------------------------------------------

    def _dispatch(self, request: dict[Any, Any]) -> dict[str, Any]:
        if request.get("protocol") is not None:  # null is the same as absent
            version = request["protocol"]
            if type(version) is not int or version not in SUPPORTED_PROTOCOLS:
                raise Refusal(
                    "unsupported_protocol",
                    f"this engine speaks protocol {PROTOCOL_VERSION}, not {_shown(version)}",
                    "$.protocol",
                )
        if "op" not in request:
            raise Refusal("missing_field", "a request needs an 'op'", "$.op")
        op = request["op"]
        if not isinstance(op, str):
            raise Refusal("bad_type", f"'op' must be a string, not {_json_type(op)}", "$.op")
        if op not in _FIELDS:
            raise Refusal(
                "unknown_op", f"unknown op {_shown(op)} (see hello)", "$.op", expected=OPS
            )
        required, optional = _FIELDS[op]
        known = _COMMON_FIELDS | set(required) | set(optional)
        for key in request:
            if key not in known:
                raise Refusal(
                    "unknown_field",
                    f"{op} takes no field {_shown(key)}",
                    _key_path("$", key),
                    expected=sorted(known),
                )
        for key in required:
            if key not in request:
                raise Refusal("missing_field", f"{op} needs the field {key!r}", f"$.{key}")
        return self._handlers[op](request)

    # ----- request fields ------------------------------------------------------------------------

    def _entry(self, request: Mapping[str, Any]) -> _Entry:
        game_id = _string(request, "game_id")
        entry = self._games.get(game_id)
        if entry is None:
            raise Refusal("no_such_game", f"there is no game {_shown(game_id)}", "$.game_id")
        return entry

    @staticmethod
    def _seat(entry: _Entry, request: Mapping[str, Any]) -> str:
        seat = _string(request, "seat")
        if seat == TABLE:
            return seat
        if seat not in entry.seats:
            known = ", ".join([*entry.seats, TABLE])
            raise Refusal(
                "unknown_seat",
                f"no seat {_shown(seat)} in this game (seats: {known})",
                "$.seat",
                expected=[*entry.seats, TABLE],
            )
        return seat

    def _reply_seat(self, entry: _Entry, request: Mapping[str, Any], op: str) -> str | None:
        """The seat a reply is for (``None``: the host), from ``seat`` and ``role``.

        A request without ``"role": "host"`` must name its seat.
        """
        host = _host(request)
        if request.get("seat") is None:
            if host:
                return None
            raise Refusal(
                "missing_field",
                f'{op} needs the field \'seat\' (whose reply it is), or "role": "host"',
                "$.seat",
            )
        seat = self._seat(entry, request)
        return None if host else seat

    def _check_room(self) -> None:
        if len(self._games) >= MAX_GAMES:
            raise Refusal(
                "too_many_games", f"this server holds at most {MAX_GAMES} games: close one first"
            )

    def _add(
        self,
        spec: GameSpec,
        start: GameBase,
        game: GameBase,
        log: list[tuple[int, Event]],
        due: _Due | None = None,
    ) -> _Entry:
        game_id = f"g{self._next_id}"
        self._next_id += 1
        entry = self._games[game_id] = _Entry(game_id, spec, start, game, log, due)
        return entry

    # ----- ops -----------------------------------------------------------------------------------

    def _hello(self, request: Mapping[str, Any]) -> dict[str, Any]:
        specs = games()
        return {
            "protocol": PROTOCOL_VERSION,
            "library": __version__,
            "games": [spec.kind for spec in specs],
            "ops": list(OPS),
            "bots": {spec.kind: list(spec.bot_names) for spec in specs},
            "aliases": {alias: spec.kind for spec in specs for alias in spec.aliases},
            "options": {
                spec.kind: [
                    {
                        "name": option.name,
                        "type": option.type,
                        "default": unstructure(option.default),
                        "doc": option.doc,
                    }
                    for option in spec.options
                ]
                for spec in specs
            },
            "limits": {
                "max_line_bytes": MAX_LINE_BYTES,
                "max_depth": MAX_DEPTH,
                "max_games": MAX_GAMES,
                "max_play_steps": MAX_PLAY_STEPS,
                "max_game_steps": MAX_GAME_STEPS,
                "max_message": MAX_MESSAGE,
                "max_name_length": MAX_NAME_LENGTH,
            },
            "error_codes": list(ERROR_CODES),
        }

    def _new(self, request: Mapping[str, Any]) -> dict[str, Any]:
        spec = _game(request["game"], "$.game")
        players = _players(spec, request["players"])
        seed = _seed(request)
        dice = request.get("dice")
        if dice is not None:
            if not isinstance(dice, str):
                raise Refusal(
                    "bad_type", f"dice must be a string, not {_json_type(dice)}", "$.dice"
                )
            if dice not in ("external", "seeded"):
                raise Refusal(
                    "bad_value",
                    f"dice must be 'external' or 'seeded', not {_shown(dice)}",
                    "$.dice",
                )
            if dice == "external" and seed is not None:
                raise Refusal("bad_value", "give a seed or external dice, not both", "$.dice")
        options = _options(spec, request.get("options"))
        practice = request.get("practice")
        if practice is not None and not isinstance(practice, bool):
            raise Refusal(
                "bad_type", f"practice must be a boolean, not {_json_type(practice)}", "$.practice"
            )
        self._check_room()
        start = _start(spec, players, seed, dice == "external", options)
        game, log = start, []
        if practice:
            # Practice mode, for every seat to see: its event is the log's first.
            game, events = start.apply(Practice())
            log = [(1, event) for event in events]
        entry = self._add(spec, start, game, log)
        return {
            "game_id": entry.game_id,
            "kind": spec.kind,
            "seats": list(entry.seats),
            "history_length": entry.step,
        }

    def _state(self, request: Mapping[str, Any]) -> dict[str, Any]:
        entry = self._entry(request)
        seat = self._seat(entry, request)
        game = entry.game
        view, view_data = _view(game, seat)
        secret = not entry.spec.perfect_information
        reply: dict[str, Any] = {
            "game_id": entry.game_id,
            "seat": seat,
            "history_length": entry.step,
            "to_act": _to_act(game),
            "ask": _ask(game, view, None if seat == TABLE else seat, secret),
            "view": view_data,
            # The seat's own actions, as its view lists them (the table's: none; the
            # rolls it may supply are its ``chance``).
            "legal_actions": []
            if seat == TABLE
            else [a.to_dict() for a in seat_actions(game, seat)],
            "is_over": game.is_over,
            "outcome": _outcome(game),
            "practice": game.practice,
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
        if entry.spec.extras is not None:
            extras = entry.spec.extras(game, None if seat == TABLE else seat)
            for key, value in extras.items():
                reply.setdefault(key, value)  # the protocol's own fields come first
        return reply

    def _apply(self, request: Mapping[str, Any]) -> dict[str, Any]:
        entry = self._entry(request)
        seat = self._seat(entry, request)
        game = entry.game
        action = _action(game, request["action"])
        _check_seat(game, seat, action)
        host = _host(request)
        _check_room_for_steps(entry)
        game, events = _applied(game, action)
        due = entry.due()
        due.see(game)
        self._commit(entry, game, [(action, events)], due)
        return self._moved(entry, events, None if host else seat)

    def _bot(self, request: Mapping[str, Any]) -> dict[str, Any]:
        entry = self._entry(request)
        seat = self._seat(entry, request)
        if seat == TABLE:
            raise Refusal("bad_value", "the table's seat is not played by a bot", "$.seat")
        name = _bot_name(entry.spec, request["bot"], "$.bot")
        host = _host(request)
        game = entry.game
        if game.is_over:
            raise Refusal(
                "illegal_action",
                "the game is over; no more actions can be taken",
                "$.game_id",
                "game_over",
            )
        actions = _seat_actions(game, seat)
        if not actions:
            raise Refusal("not_your_turn", _whose_turn(game, seat), "$.seat")
        _check_room_for_steps(entry)
        action = entry.choose(game, seat, name, actions)
        game, events = _applied(game, action)
        due = entry.due()
        due.see(game)
        self._commit(entry, game, [(action, events)], due)
        # The bot chose for the requesting seat: its action is that seat's own.
        return {"action": action.to_dict(), **self._moved(entry, events, None if host else seat)}

    def _play_bots(self, request: Mapping[str, Any]) -> dict[str, Any]:
        entry = self._entry(request)
        bots_field = request["bots"]
        if not isinstance(bots_field, dict):
            raise Refusal(
                "bad_type",
                f"bots must be an object (seat -> bot), not {_json_type(bots_field)}",
                "$.bots",
            )
        bots: dict[str, str] = {}
        for seat, name in bots_field.items():
            where = _key_path("$.bots", seat)
            if seat == TABLE:  # as `bot` says it
                raise Refusal("bad_value", "the table's seat is not played by a bot", where)
            if seat not in entry.seats:
                raise Refusal(
                    "unknown_seat",
                    f"no player seat {_shown(seat)} in this game",
                    where,
                    expected=entry.seats,
                )
            bots[seat] = _bot_name(entry.spec, name, where)
        viewer = self._reply_seat(entry, request, "play_bots")
        max_steps = _optional_int(request, "max_steps", 0, MAX_PLAY_STEPS)
        limit = DEFAULT_PLAY_STEPS if max_steps is None else max_steps
        seated = tuple(seat for seat in entry.seats if seat in bots)  # in seat order
        game = entry.game
        played: list[tuple[Action, tuple[Event, ...]]] = []
        due = entry.due()
        actors: list[str] = []
        stopped = "max_steps"
        while len(played) < limit:
            if game.is_over:
                stopped = "over"
                break
            if entry.step + len(played) >= MAX_GAME_STEPS:
                stopped = "step_limit"
                break
            if game.to_act == (CHANCE,):
                stopped = "chance"
                break
            deciding = deciding_seat(game, seated)
            if deciding is None:
                stopped = "no_bot"
                break
            action = entry.choose(game, deciding, bots[deciding], _seat_actions(game, deciding))
            game, events = _applied(game, action)
            played.append((action, events))
            actors.append(deciding)
            due.see(game)
        self._commit(entry, game, played, due)
        merged = tuple(event for _, events in played for event in events)
        secret = not entry.spec.perfect_information
        return {
            "steps": len(played),
            "actions": [
                _action_shown(action, actor, viewer, secret)
                for (action, _), actor in zip(played, actors, strict=True)
            ],
            "actors": actors,
            "stopped": stopped,
            **self._moved(entry, merged, viewer),
        }

    def _events(self, request: Mapping[str, Any]) -> dict[str, Any]:
        entry = self._entry(request)
        seat = self._seat(entry, request)
        since = _optional_int(request, "since", 0, _MAX_SAFE_INT)
        since = 0 if since is None else since
        viewer = _TABLE_VIEWER if seat == TABLE else seat
        shown = []
        for step, event in entry.events_since(since):
            seen = event.seen_by(viewer)
            if seen is not None:
                shown.append({"history_length": step, "event": seen.to_dict()})
        return {"history_length": entry.step, "events": shown}

    def _save(self, request: Mapping[str, Any]) -> dict[str, Any]:
        entry = self._entry(request)
        if request.get("role") is None:
            raise Refusal(
                "missing_field",
                'save gives every secret of the game: it needs "role": "host"',
                "$.role",
            )
        if not _host(request):
            raise Refusal(
                "bad_value",
                'save gives every secret of the game: only "role": "host" may ask for it',
                "$.role",
            )
        return {"game_id": entry.game_id, "game": entry.game.to_dict()}

    def _load(self, request: Mapping[str, Any]) -> dict[str, Any]:
        data = request["game"]
        if not isinstance(data, dict):
            raise Refusal(
                "invalid_data", f"a saved game is an object, not {_json_type(data)}", "$.game"
            )
        kind = data.get("game")
        if not isinstance(kind, str):
            raise Refusal("invalid_data", "a saved game names its game as a string", "$.game.game")
        spec = _saved_game(kind)
        try:  # before any replay: a game may reach MAX_GAME_STEPS actions, no more
            check_action_count(data.get("actions"), MAX_GAME_STEPS, "$.game.actions")
        except InvalidDataError as exc:
            raise Refusal("invalid_data", _bare(exc), exc.path, exc.code) from None
        self._check_room()
        try:
            start, game, log, due = _replayed(spec, data)
        except InvalidDataError as exc:
            raise Refusal("invalid_data", _bare(exc), "$.game" + exc.path[1:], exc.code) from None
        for index, seat in enumerate(game.seat_names):
            if seat == TABLE:
                raise Refusal(
                    "invalid_data",
                    f"{TABLE!r} is the table's seat, not a name",
                    _saved_seat_field(data, index),
                )
        entry = self._add(spec, start, game, log, due)
        return {
            "game_id": entry.game_id,
            "kind": spec.kind,
            "seats": list(entry.seats),
            "history_length": entry.step,
        }

    def _undo(self, request: Mapping[str, Any]) -> dict[str, Any]:
        entry = self._entry(request)
        viewer = self._reply_seat(entry, request, "undo")  # a seat, or the host
        seat = None if request.get("seat") is None else self._seat(entry, request)
        game = entry.game
        rekeyed = False
        if request.get("to_step") is not None:
            if request.get("steps") is not None:
                raise Refusal("bad_value", "give steps or to_step, not both", "$.to_step")
            field: str | None = "$.to_step"
            steps = entry.step - _whole(request, "to_step", 0, entry.step)
        elif request.get("steps") is not None:
            field = "$.steps"
            steps = _whole(request, "steps", 1, MAX_GAME_STEPS)
        else:
            field, steps = "$", 1  # the default: one action (no field of the request to blame)
        if steps:  # to_step = the current step takes nothing back
            if steps > entry.step:
                default = " (steps defaults to 1)" if field == "$" else ""
                raise Refusal(
                    "illegal_action",
                    f"cannot take back {steps} action{'s' if steps > 1 else ''}{default}: the "
                    f"game's history_length is {entry.step}",
                    field,
                    "no_take_back",
                )
            if seat is not None:
                _check_own_actions(game, seat, steps)
            kept = entry.step - steps
            try:
                if type(game).takeback is GameBase.takeback:
                    # The rules' take-back (`GameBase.takeback`), from the nearest snapshot.
                    game = take_back(game, steps, base=entry.base(kept))
                else:  # a game with a take-back of its own
                    game = game.takeback(steps)
            except RulesError as exc:
                raise Refusal("illegal_action", _bounded(exc.message), field, exc.code) from None
            # In practice mode, a take-back the fair rule refuses ends with a Rekey.
            rekeyed = len(game.history) > kept
            entry.taken_back(game, kept)
            if rekeyed:
                entry.log.append((entry.step, DiceRekeyed()))
        reply: dict[str, Any] = {
            "history_length": entry.step,
            "to_act": _to_act(game),
            "ask": Server._asked(entry, viewer),
            "is_over": game.is_over,
        }
        if game.practice:
            # The Rekey's seed is never in a reply: only its event, which every seat sees.
            events = (DiceRekeyed(),) if rekeyed else ()
            reply["events"] = self._moved(entry, events, viewer)["events"]
        return reply

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
                    "history_length": entry.step,
                    "is_over": entry.game.is_over,
                }
                for entry in self._games.values()
            ]
        }

    def _schema(self, request: Mapping[str, Any]) -> dict[str, Any]:
        if "game" not in request:  # the protocol's own schema: its replies
            if request.get("name") == _PROTOCOL_SCHEMA:
                return {"kind": "protocol", "name": _PROTOCOL_SCHEMA, "schema": protocol_schema()}
            raise Refusal(
                "missing_field",
                f"game is required (only the protocol's own schema, {_PROTOCOL_SCHEMA!r},"
                " has none)",
                "$.game",
            )
        spec = _game(request["game"], "$.game")
        name = _string(request, "name")
        if name not in SCHEMA_NAMES:
            raise Refusal(
                "bad_value",
                f"no schema {_shown(name)} (known: {', '.join(SCHEMA_NAMES)})",
                "$.name",
                expected=SCHEMA_NAMES,
            )
        schemas = _schemas(spec)
        if name not in schemas:
            raise Refusal(
                "bad_value",
                f"{spec.title} has no {name} schema (it has: {', '.join(schemas)})",
                "$.name",
            )
        return {"kind": spec.kind, "name": name, "schema": copy.deepcopy(schemas[name])}

    def _quit(self, request: Mapping[str, Any]) -> dict[str, Any]:
        self.closed = True
        return {}

    # ----- changing a game -----------------------------------------------------------------------

    @staticmethod
    def _commit(
        entry: _Entry,
        game: GameBase,
        played: Sequence[tuple[Action, tuple[Event, ...]]],
        due: _Due,
    ) -> None:
        """Store the game reached and log the events (after every check has passed).

        ``due``: the snapshots taken on the way (see `_Due`).
        """
        step = entry.step
        for _, events in played:
            step += 1
            entry.log.extend((step, event) for event in events)
        entry.keep(due)
        entry.game = game

    @staticmethod
    def _moved(entry: _Entry, events: Sequence[Event], viewer: str | None) -> dict[str, Any]:
        """The common reply of the ops that apply actions.

        ``events`` holds the events as ``viewer`` may see them, under its name only; for
        the host (``viewer`` ``None``), as every seat and the table see them.
        """
        game = entry.game
        seats = [*entry.seats, TABLE] if viewer is None else [viewer]
        as_json = _EventJson()
        seen: dict[str, list[dict[str, Any]]] = {
            seat: [
                as_json(event)
                for event in events_for(events, _TABLE_VIEWER if seat == TABLE else seat)
            ]
            for seat in seats
        }
        return {
            "history_length": entry.step,
            "events": seen,
            "to_act": _to_act(game),
            "ask": Server._asked(entry, viewer),
            "is_over": game.is_over,
            "outcome": _outcome(game),
        }

    @staticmethod
    def _asked(entry: _Entry, viewer: str | None) -> dict[str, Any]:
        """The ``ask`` of the game now, as ``viewer`` may know it (``None``: the table's)."""
        game = entry.game
        view = game.view(None if viewer in (None, TABLE) else viewer)
        secret = not entry.spec.perfect_information
        return _ask(game, view, None if viewer == TABLE else viewer, secret)


# ----- request checks ---------------------------------------------------------------------------


def _request_id(request: Mapping[Any, Any]) -> Any:
    if "id" not in request:
        return None
    value = request["id"]
    if value is None:
        return None
    if isinstance(value, str):
        if len(value) > MAX_ID_LENGTH:
            raise Refusal("bad_value", f"an id is at most {MAX_ID_LENGTH} characters", "$.id")
        if _utf8_safe(value) != value:
            raise Refusal("bad_value", "an id may not hold a lone surrogate (not UTF-8)", "$.id")
        return value
    if type(value) is int:
        if abs(value) > _MAX_SAFE_INT:
            raise Refusal("bad_value", "an integer id must lie within +-(2**53 - 1)", "$.id")
        return value
    raise Refusal(
        "bad_type", f"an id must be a string or an integer, not {_json_type(value)}", "$.id"
    )


def _string(request: Mapping[str, Any], key: str) -> str:
    value = request[key]
    if not isinstance(value, str):
        raise Refusal("bad_type", f"{key} must be a string, not {_json_type(value)}", f"$.{key}")
    return value


def _optional_int(request: Mapping[str, Any], key: str, low: int, high: int) -> int | None:
    """An optional whole number field (``null`` is the same as leaving it out)."""
    if request.get(key) is None:
        return None
    return _whole(request, key, low, high)


def _seed(request: Mapping[str, Any]) -> int | None:
    """A ``new`` request's seed: a number up to 2**53 - 1 or a decimal string up to 2**64 - 1.

    A JSON number above 2**53 - 1 is refused: not every JSON writer keeps it exactly,
    so a larger seed is sent as a string (``"18446744073709551615"``).
    """
    value = request.get("seed")
    if value is None:
        return None
    if type(value) is int:
        if not 0 <= value <= _MAX_SAFE_INT:
            raise Refusal(
                "bad_value",
                f"seed must be a whole number from 0 to {_MAX_SAFE_INT} (2**53 - 1), or a "
                f"decimal string from '0' to '{_MAX_SEED}'",
                "$.seed",
            )
        return value
    if not isinstance(value, str):
        raise Refusal(
            "bad_type",
            f"seed must be a whole number or a decimal string, not {_json_type(value)}",
            "$.seed",
        )
    seed = seed_from_string(value)
    if seed is None:
        raise Refusal(
            "bad_value",
            f"seed must be a decimal string from '0' to '{_MAX_SEED}' (digits only, no leading "
            f"zeros), not {_shown(value)}",
            "$.seed",
        )
    return seed


def _whole(request: Mapping[str, Any], key: str, low: int, high: int) -> int:
    value = request[key]
    if type(value) is not int:
        raise Refusal(
            "bad_type", f"{key} must be a whole number, not {_json_type(value)}", f"$.{key}"
        )
    if not low <= value <= high:
        raise Refusal("bad_value", f"{key} must be a whole number from {low} to {high}", f"$.{key}")
    return value


def _known_names() -> str:
    return ", ".join(name for spec in games() for name in spec.names)


def _game(value: object, field: str) -> GameSpec:
    """The game a request names, by kind or alias (case does not matter)."""
    if not isinstance(value, str):
        raise Refusal("bad_type", f"game must be a string, not {_json_type(value)}", field)
    try:
        return find_game(value)
    except UnknownGameError:
        raise Refusal(
            "unknown_game",
            f"unknown game {_shown(value)} (known: {_known_names()})",
            field,
            expected=[name for spec in games() for name in spec.names],
        ) from None


def _saved_game(kind: str) -> GameSpec:
    """The game of a saved game: its kind exactly, as ``to_dict`` writes it."""
    for spec in games():
        if spec.kind == kind:
            return spec
    kinds = [spec.kind for spec in games()]
    raise Refusal(
        "unknown_game",
        f"unknown game {_shown(kind)} (known: {', '.join(kinds)})",
        "$.game.game",
        expected=kinds,
    )


def _saved_seat_field(data: Mapping[str, Any], index: int) -> str:
    """The path of seat ``index`` in a saved game's set-up (a list of names or of sheets)."""
    setup = data.get("setup")
    if isinstance(setup, dict):
        for key, value in setup.items():
            if isinstance(value, list) and index < len(value):
                item = value[index]
                named = item.get("name") if isinstance(item, dict) else item
                if named == TABLE:
                    return f"{_key_path('$.game.setup', key)}[{index}]"
    return "$.game.setup"


def _players(spec: GameSpec, players: object) -> list[Any]:
    """A ``new`` request's players, checked for shape and count (not yet built)."""
    noun = spec.seat_noun
    if not isinstance(players, list):
        raise Refusal(
            "bad_type",
            f"players must be an array of names, not {_json_type(players)}",
            "$.players",
        )
    if not spec.min_players <= len(players) <= spec.max_players:  # before building any
        raise Refusal(
            "bad_value",
            f"{spec.title} is for {spec.min_players} to {spec.max_players} {noun}s, "
            f"not {len(players)}",
            "$.players",
        )
    for index, player in enumerate(players):
        where = f"$.players[{index}]"
        if isinstance(player, dict) and spec.parse_player is not None:
            continue  # a whole sheet (a character), read when the game is built
        if not isinstance(player, str):
            what = "a name or an object" if spec.parse_player is not None else "a name"
            raise Refusal("bad_type", f"a {noun} must be {what}", where)
        if player == TABLE:
            raise Refusal("bad_value", f"{TABLE!r} is the table's seat, not a name", where)
    return players


def _options(spec: GameSpec, options: object) -> dict[str, Any]:
    """A ``new`` request's options: declared by the game, of their JSON type (nulls dropped)."""
    if options is None:
        return {}
    if not isinstance(options, dict):
        raise Refusal(
            "bad_type", f"options must be an object, not {_json_type(options)}", "$.options"
        )
    known = {option.name: option for option in spec.options}
    given: dict[str, Any] = {}
    for key, value in options.items():
        where = _key_path("$.options", key)
        option = known.get(key)
        if option is None:
            listed = ", ".join(known) or "none"
            raise Refusal(
                "unknown_field",
                f"unknown {spec.kind} option {_shown(key)} (known: {listed})",
                where,
                expected=list(known),
            )
        if value is None:
            continue
        fits = _JSON_TYPES.get(option.type)
        if fits is not None and not fits(value):
            article = "an" if option.type[0] in "aeiou" else "a"
            raise Refusal(
                "bad_type",
                f"{key} must be {article} {option.type}, not {_json_type(value)}",
                where,
            )
        given[key] = value
    return given


def _start(
    spec: GameSpec, players: list[Any], seed: int | None, external: bool, options: dict[str, Any]
) -> GameBase:
    """Build a new game through its spec; any refusal names the request's field to blame."""
    seats: list[object] = []
    for index, player in enumerate(players):
        if spec.parse_player is None:
            seats.append(player)
            continue
        try:
            seats.append(spec.parse_player(player))
        except InvalidDataError as exc:
            raise Refusal("bad_value", _bare(exc), f"$.players[{index}]{exc.path[1:]}") from None
        except RulesError as exc:
            raise Refusal("bad_value", exc.message, f"$.players[{index}]") from None
    try:
        game = spec.new_game(seats, seed=seed, dice=ExternalDice() if external else None, **options)
    except OptionError as exc:
        field = _key_path("$.options", exc.option) + exc.path[1:]
        raise Refusal("bad_value", exc.message, field) from None
    except InvalidDataError as exc:
        field = _blamed_option(spec, seats, options, exc.code) or "$" + exc.path[1:]
        raise Refusal("bad_value", _bare(exc), field) from None
    except RulesError as exc:
        if exc.code in _SEAT_CODES:
            blamed: str | None = "$.players"
        else:
            blamed = _blamed_option(spec, seats, options, exc.code) or "$.players"
        raise Refusal("bad_value", exc.message, blamed) from None
    for index, name in enumerate(game.seat_names):  # a sheet may name itself "table"
        if name == TABLE:
            raise Refusal(
                "bad_value", f"{TABLE!r} is the table's seat, not a name", f"$.players[{index}]"
            )
    return game


def _blamed_option(
    spec: GameSpec, seats: list[object], options: dict[str, Any], code: str
) -> str | None:
    """The path of the option a refusal of a new game comes from, if one does.

    A game may refuse an option's value through its rules (Clue's ``first_player``
    naming nobody at the table), not as an `OptionError`: the option is found by
    building the game without each option in turn (on this error path only), the
    one whose absence lifts the refusal being to blame.
    """
    for name in options:
        rest = {key: value for key, value in options.items() if key != name}
        try:
            spec.new_game(seats, seed=0, **rest)
        except RulesError as exc:
            if exc.code == code:
                continue
        return _key_path("$.options", name)
    return None


def _replayed(
    spec: GameSpec, data: dict[str, Any]
) -> tuple[GameBase, GameBase, list[tuple[int, Event]], _Due]:
    """Load a saved game with one replay: its start, the game, its event log and snapshots.

    The same checks as ``spec.from_dict(data)``, which the envelope and the set-up go
    through (with no actions), and the same errors; then the actions are replayed
    once, keeping the events (the log) and the states due as snapshots.

    Raises:
        InvalidDataError: as ``from_dict`` (paths from ``$``, the saved game).
    """
    envelope = {key: value for key, value in data.items() if key != "state"}
    if "actions" in envelope:
        envelope["actions"] = []
    start = spec.from_dict(envelope)  # format, version, numbers, kind, set-up
    check_safe_integers(data["actions"], "$.actions")
    if "state" in data:
        check_safe_integers(data["state"], "$.state")
    actions = _structure_actions(data["actions"])  # as from_dict structures them
    game = start
    log: list[tuple[int, Event]] = []
    due = _Due(len(start.history))
    for index, action in enumerate(actions):
        try:
            game, events = game.apply(action)
        except RulesError as exc:
            path = f"$.actions[{index}]"
            raise InvalidDataError("illegal_record", f"{path}: {exc.message}", path) from None
        log.extend((index + 1, event) for event in events)
        taken = len(due.snapshots)
        due.see(game)
        if len(due.snapshots) > max(taken, 1):  # forget as `_Entry.keep` will (memory)
            floor = due.snapshots[-2][0]
            del log[: bisect.bisect_right(log, floor, key=itemgetter(0))]
    if "state" in data and not _same_json(data["state"], game._state_dict()):
        raise InvalidDataError(
            "state_mismatch", "$.state: does not match the game its actions produce", "$.state"
        )
    return start, game, log, due


def _bot_name(spec: GameSpec, value: object, field: str) -> str:
    if not isinstance(value, str):
        raise Refusal("bad_type", f"a bot name is a string, not {_json_type(value)}", field)
    known = spec.bot_names
    if value not in known:
        listed = ", ".join(known) if known else "none: this game has no bots"
        raise Refusal(
            "unknown_bot",
            f"unknown bot {_shown(value)} (known: {listed})",
            field,
            expected=known,
        )
    return value


def _game_action_types(game: GameBase) -> list[str]:
    """The type tags of the actions a seat may send in ``game`` (its own and a roll's)."""
    return sorted(
        tag
        for tag, cls in ACTIONS.classes.items()
        if issubclass(cls, game.ACTION_TYPE | ChanceOutcome)
    )


def _action(game: GameBase, data: object) -> Action:
    if isinstance(data, dict) and isinstance(data.get("type"), str):
        tag = data["type"]
        cls = ACTIONS.classes.get(tag)
        if cls is None or not issubclass(cls, game.ACTION_TYPE | ChanceOutcome):
            raise Refusal(
                "invalid_data",
                f"{_shown(tag)} is not an action of {game.KIND} (its actions: see 'expected')",
                "$.action.type",
                expected=_game_action_types(game),
            )
    try:
        action = ACTIONS.structure(data, Action, "$.action")
    except InvalidDataError as exc:
        raise Refusal("invalid_data", _bare(exc), exc.path, exc.code) from None
    if not isinstance(action, game.ACTION_TYPE | ChanceOutcome):
        raise Refusal(
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
            raise Refusal(
                "not_your_turn", "the table's seat only supplies chance outcomes", "$.seat"
            )
        if game.to_act and game.to_act != (CHANCE,):
            # A player decides now: say so without the rules' prompt (the deciding seat's).
            raise Refusal("not_your_turn", "no roll is awaited: a player must decide", "$.seat")
        return
    if isinstance(action, ChanceOutcome):
        raise Refusal("not_your_turn", "chance outcomes are supplied by the table's seat", "$.seat")
    to_act = game.to_act
    if to_act and seat not in to_act:
        raise Refusal("not_your_turn", _whose_turn(game, seat), "$.seat")
    actor = action.actor
    if actor is not None and actor != seat:
        raise Refusal("not_your_turn", f"{seat} cannot act for {_shown(actor)}", "$.seat")


def _host(request: Mapping[str, Any]) -> bool:
    """Whether the request asks for the host's whole reply (``"role": "host"``)."""
    role = request.get("role")
    if role is None:
        return False
    if not isinstance(role, str):
        raise Refusal("bad_type", f"role must be a string, not {_json_type(role)}", "$.role")
    if role not in ROLES:
        raise Refusal("bad_value", f"role must be 'seat' or 'host', not {_shown(role)}", "$.role")
    return role == "host"


def _action_shown(action: Action, chooser: str, viewer: str | None, secret: bool) -> dict[str, Any]:
    """A bot's action as ``viewer`` may see it (``None``: the host sees every action whole).

    In a game with secrets (``secret``), an action chosen for another seat than the
    viewer's is shown as its type and the one field that names its actor only, with
    ``"redacted": true`` when something was left out (a card a bot shows is in its
    action; what the viewer may know of the action, its events say). The actor's field
    is found by name (``player``, or ``character``; in another package's action, the
    first field holding the actor), never by value alone: a player may be named like a
    card, and the card she shows must not pass for her name.
    """
    data = action.to_dict()
    if viewer is None or not secret or viewer == chooser:
        return data
    shown = {"type": data.get("type")}
    key = _actor_key(data, action.actor)
    if key is not None:
        shown[key] = data[key]
    if shown != data:
        shown["redacted"] = True
    return shown


def _actor_key(data: dict[str, Any], actor: str | None) -> str | None:
    """The key of an action's data that names its actor (see `_action_shown`)."""
    if actor is None:
        return None
    for key in ("player", "character"):
        if data.get(key) == actor:
            return key
    return next((key for key, value in data.items() if key != "type" and value == actor), None)


def _check_own_actions(game: GameBase, seat: str, steps: int) -> None:
    """Refuse to let ``seat`` take back actions that are not all its own.

    In practice mode a player's seat may take back the other seats' actions too (to
    go back to its previous decision across the bots' moves): every seat was told.
    """
    if seat == TABLE:
        raise Refusal(
            "illegal_action",
            "cannot take back: the table's seat only rolls, and a roll is never taken back",
            "$.seat",
            "no_take_back",
        )
    if game.practice:
        return
    taken = game.history[-steps:]
    if any(action.actor != seat for action in taken):
        if any(action.actor is None for action in taken):
            # A game master's action (Hufflepuff & Ravenclaw) belongs to no seat.
            message = (
                "cannot take back: a game master's action is no seat's own"
                " (practice mode takes it back)"
            )
        elif steps == 1:
            message = f"cannot take back: the last action was not {seat}'s own"
        else:
            message = f"cannot take back: the last {steps} actions were not all {seat}'s own"
        raise Refusal("illegal_action", message, "$.seat", "no_take_back")


def _check_room_for_steps(entry: _Entry) -> None:
    """Refuse one more action once a game has reached `MAX_GAME_STEPS`."""
    if entry.step >= MAX_GAME_STEPS:
        raise Refusal(
            "illegal_action",
            f"this game has reached {MAX_GAME_STEPS} actions and takes no more",
            "$.game_id",
            "step_limit",
        )


def _applied(game: GameBase, action: Action) -> tuple[GameBase, tuple[Event, ...]]:
    try:
        return game.apply(action)
    except RulesError as exc:
        raise Refusal("illegal_action", _bounded(exc.message), "$.action", exc.code) from None
