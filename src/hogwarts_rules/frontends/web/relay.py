"""The web table's relay: the games of several people, each seat behind its own token.

The `Relay` holds one protocol `Server` (`hogwarts_rules.frontends.serve`), which
holds the whole games with their secrets, and answers each person for their own
seat only. It reaches the games through the catalogue and their `GameSpec` (the
one door): the picture is the seat's own view drawn by the game (``view.to_svg()``),
the notebook is ``spec.notebook(view)``, the words of each choice are the game's
terminal hooks' (``spec.terminal``), all built from the seat's view alone.

It needs no web library: `hogwarts_rules.frontends.web.app` puts it on HTTP.

A request is a JSON object with an ``op``:

- ``new``: start a game (``game``, ``players``, ``humans``, ``bot``, maybe
  ``seed``): bots play every seat not in ``humans``; the reply gives each human seat
  its secret ``token``. The creator (the client's address) may hold at most
  `Limits.games_per_creator` games and the relay `Limits.games`; when full, only
  games idle for `Limits.idle_seconds` are closed (the oldest-idle first): a live
  game is never evicted, nor the host's own (`Relay.add_game`) for a page's game.
- ``state``: the seat's state (its view, its choices in words, its events since
  ``since``, its picture and its notebook).
- ``apply``: the seat's ``action`` (one of its choices); the bots then play until a
  person must decide or the game ends, and every page of the game is told.
- ``end``: end the game (only a seat of that game may).

Every other op is refused, and no reply echoes anything that is not JSON.
"""

from __future__ import annotations

import itertools
import json
import math
import secrets
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, Final

import attrs

from hogwarts_rules.actions import Action
from hogwarts_rules.catalogue import UnknownGameError, find_game, games
from hogwarts_rules.frontends.serve import MAX_PLAY_STEPS, Server
from hogwarts_rules.spec import GameSpec, TerminalHooks

__all__ = [
    "ERROR_CODES",
    "MAX_ID_LENGTH",
    "OPS",
    "PICTURE_WIDTH",
    "SAFE_INTEGER",
    "Limits",
    "Listener",
    "Relay",
    "RelayError",
    "clean_id",
    "playable_games",
    "spent_by",
]

OPS: Final = ("new", "state", "apply", "end")
"""The operations a page may send."""

ERROR_CODES: Final = (
    "bad_json",
    "bad_request",
    "unknown_op",
    "bad_value",
    "forbidden",
    "too_many_games",
    "too_many_listeners",
    "internal_error",
)
"""The relay's own error codes (a relayed engine refusal keeps the engine's code).

``bad_json``: the body is not strict JSON; ``bad_request``: not a request (not an
object, a lone surrogate, too deep, too large, not ``application/json``...);
``unknown_op``; ``bad_value``: a field's value; ``forbidden``: no such seat for this
token, or not allowed here (a page's seed, another site); ``too_many_games``,
``too_many_listeners``: a bound is reached; ``internal_error``: a bug, with no detail.
"""

SAFE_INTEGER: Final = 2**53 - 1
"""The largest integer every JSON reader keeps exactly."""

MAX_ID_LENGTH: Final = 64
"""The longest string ``id`` echoed back (a longer one, or one that is not JSON, is not)."""

PICTURE_WIDTH: Final = 900
"""The width of the seat's picture, in pixels (the page scales it)."""

MAX_NAME: Final = 40
"""The longest player name a page may give."""

_CREATOR_CLI: Final = "<command line>"


@attrs.frozen
class Limits:
    """The relay's bounds.

    Attributes:
        games: the most games held at once.
        games_per_creator: the most games one creator (a client address) holds.
        idle_seconds: a game untouched this long may be closed to make room.
        listeners: the most pages listening for updates at once (all games).
        listeners_per_seat: the most pages listening for one seat: a newer page
            replaces the seat's oldest (a phone that changed networks leaves a stale one).
        listeners_per_creator: the most pages listening to the games of one creator
            (the command line's games are not counted).
    """

    games: int = 32
    games_per_creator: int = 4
    idle_seconds: float = 1800.0
    listeners: int = 200
    listeners_per_seat: int = 4
    listeners_per_creator: int = 32


class RelayError(Exception):
    """A request refused by the relay (answered with an error reply and an HTTP status).

    Attributes:
        code: one of `ERROR_CODES`, or an engine's error code.
        message: what went wrong, in words.
        status: the HTTP status of the reply.
        field: where in the request the problem is (a JSON path), or ``None``.
    """

    def __init__(self, code: str, message: str, status: int = 400, field: str | None = None):
        super().__init__(message)
        self.code = code
        self.message = message
        self.status = status
        self.field = field

    def reply(self, request_id: object = None) -> dict[str, Any]:
        """The error reply."""
        return {
            "id": clean_id(request_id),
            "ok": False,
            "error": {"code": self.code, "message": self.message, "field": self.field},
        }


def clean_id(value: object) -> str | int | None:
    """A request's ``id`` as it may be echoed: a short string or a JSON-safe integer, else ``None``.

    Examples:
        >>> clean_id(7), clean_id("a"), clean_id(float("nan")), clean_id(2**60), clean_id(True)
        (7, 'a', None, None, None)
    """
    if type(value) is int and -SAFE_INTEGER <= value <= SAFE_INTEGER:
        return value
    if isinstance(value, str) and len(value) <= MAX_ID_LENGTH and _is_text(value):
        return value
    return None


def _is_text(value: str) -> bool:
    """Whether ``value`` is writable as UTF-8 (no lone surrogate)."""
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _check_text(value: object, where: str = "$", depth: int = 0) -> None:
    """Refuse any string (or key) of a parsed request holding a lone surrogate."""
    if depth > 32:
        raise RelayError("bad_request", "the request is nested too deeply", field=where)
    if isinstance(value, str):
        if not _is_text(value):
            raise RelayError("bad_request", "a string holds a lone surrogate", field=where)
    elif isinstance(value, dict):
        for key, item in value.items():
            _check_text(key, where, depth + 1)
            _check_text(item, f"{where}.{key}" if _is_text(str(key)) else where, depth + 1)
    elif isinstance(value, list):
        for i, item in enumerate(value):
            _check_text(item, f"{where}[{i}]", depth + 1)


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def parse_request(body: bytes) -> object:
    """A request body as JSON: strict UTF-8, no NaN or Infinity, no lone surrogate.

    Raises:
        RelayError: code ``bad_json`` or ``bad_request``.
    """
    try:
        value = json.loads(body.decode("utf-8"), parse_constant=_no_constant)
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise RelayError("bad_json", "the body is not JSON (UTF-8, no NaN)") from None
    _check_text(value)
    _check_numbers(value)
    return value


def _check_numbers(value: object) -> None:
    if isinstance(value, float) and not math.isfinite(value):
        raise RelayError("bad_json", "a number is too large")
    if isinstance(value, dict):
        for item in value.values():
            _check_numbers(item)
    elif isinstance(value, list):
        for item in value:
            _check_numbers(item)


def to_json(reply: Mapping[str, Any]) -> bytes:
    """A reply as JSON bytes (ASCII; never NaN: `ValueError` if a value is not JSON)."""
    return json.dumps(reply, ensure_ascii=True, allow_nan=False).encode("ascii")


def playable_games() -> tuple[GameSpec, ...]:
    """The games the web table offers: those with bots and a picture of a seat's view."""
    return tuple(
        spec for spec in games() if spec.bots and callable(getattr(spec.view_class, "to_svg", None))
    )


def spent_by(action: Mapping[str, Any]) -> str | None:
    """The one-time cards an action spends, in words, or ``None``.

    The page asks before sending such an action, even when it is the only way to a
    square or the only choice: Clue's Felix Felicis and Alohomora cards and the Help
    card used to protect (each discarded once used), First Year Adventure's Remembrall
    ("reroll one roll in the future", used up) and its stored "+1 to one future roll"
    (Brew Potion, Pick Herbs). Floo powder is a stock, not a card: paying it is not asked.

    Examples:
        >>> spent_by({"type": "clue.move_to", "destination": "3,4", "felix": True})
        'Felix Felicis'
        >>> spent_by({"type": "clue.move_to", "destination": "3,4", "alohomoras": 2})
        '2 Alohomora cards'
        >>> spent_by({"type": "adventure.use_remembrall", "player": "Harry"})
        'Remembrall'
        >>> spent_by({"type": "clue.roll_dice"}) is None
        True
    """
    spent: list[str] = []
    if action.get("felix") is True:
        spent.append("Felix Felicis")
    doors = action.get("alohomoras")
    if type(doors) is int and doors > 0:
        spent.append("1 Alohomora card" if doors == 1 else f"{doors} Alohomora cards")
    kind = action.get("type")
    if kind == "clue.protect" and isinstance(action.get("card"), str):
        spent.append(str(action["card"]))
    elif kind == "adventure.use_remembrall":
        spent.append("Remembrall")
    elif kind == "adventure.use_bonus":
        spent.append("+1 to one future roll")
    return " and ".join(spent) or None


def _string_list(value: object, field: str, *, low: int, high: int) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise RelayError("bad_value", "a list of names", field=field)
    if not low <= len(value) <= high:
        raise RelayError("bad_value", f"{low} to {high} names", field=field)
    for name in value:
        if not 0 < len(name) <= MAX_NAME or name != name.strip():
            raise RelayError(
                "bad_value", f"names of 1 to {MAX_NAME} characters, no spaces around", field=field
            )
    return list(value)


def _get(request: Mapping[str, Any], key: str, kind: type, default: Any = None) -> Any:
    value = request.get(key, default)
    if value is None and default is None:
        return None
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
        raise RelayError("bad_value", f"{key}: a {kind.__name__}", field=f"$.{key}")
    return value


class _Table:
    """One game of the relay: its spec, its seats, who plays them, its pages."""

    def __init__(
        self,
        game_id: str,
        spec: GameSpec,
        seats: Sequence[str],
        tokens: Mapping[str, str],
        bots: Mapping[str, str],
        creator: str,
        now: float,
    ) -> None:
        self.game_id = game_id
        self.spec = spec
        self.seats = tuple(seats)
        self.tokens = dict(tokens)  # human seat -> token
        self.bots = dict(bots)  # bot seat -> bot name
        self.creator = creator
        self.touched = now
        self.listeners: dict[int, tuple[str, Callable[[], None]]] = {}
        self.hooks: TerminalHooks | None = None
        # seat -> ((step, view), what its page is sent but the events): drawn once
        self.drawn: dict[str, tuple[tuple[int, str], dict[str, Any]]] = {}
        if spec.terminal is not None:
            # The hooks keep only the game's public content (a board): built on a game of
            # the same seats, whose secrets are never shown (every call sees a view).
            self.hooks = spec.terminal(spec.new_game(list(seats), seed=0))


class Relay:
    """The web table's host: games by id, seats by token, bots for the other seats.

    Thread-safe: one lock guards the engine (the `Server` is not thread-safe).

    Examples:
        >>> relay = Relay()
        >>> reply = relay.handle({"op": "new", "game": "clue", "players": ["Ann", "Ben", "Cat"],
        ...                       "humans": ["Ann"]}, creator="127.0.0.1")
        >>> sorted(reply["tokens"]), reply["bots"]
        (['Ann'], {'Ben': 'notebook', 'Cat': 'notebook'})
        >>> state = relay.handle({"op": "state", "token": reply["tokens"]["Ann"]})
        >>> state["seat"], state["view"]["hand"] == [], "dice" in state["view"]
        ('Ann', True, False)
        >>> relay.handle({"op": "save", "token": "x"})["error"]["code"]
        'unknown_op'
    """

    def __init__(
        self,
        *,
        limits: Limits | None = None,
        page_seeds: bool = False,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.limits = limits or Limits()
        self.page_seeds = page_seeds
        self._clock = clock
        self._server = Server()
        self._lock = threading.RLock()
        self._tables: dict[str, _Table] = {}
        self._tokens: dict[str, tuple[str, str]] = {}  # token -> (game id, seat)
        self._listener_ids = itertools.count(1)
        self._listening = 0

    # ----- entry point ---------------------------------------------------------------------

    def handle(self, request: object, *, creator: str = "") -> dict[str, Any]:
        """Answer one parsed request (a reply; an error reply for any refusal).

        The HTTP status of an error is in `answer`; this form is for programs and tests.
        """
        return self.answer(request, creator=creator)[1]

    def answer(self, request: object, *, creator: str = "") -> tuple[int, dict[str, Any]]:
        """Answer one parsed request: (HTTP status, reply)."""
        request_id: object = None
        try:
            if not isinstance(request, dict):
                raise RelayError("bad_request", "a request is a JSON object")
            request_id = request.get("id")
            op = request.get("op")
            if not isinstance(op, str) or op not in OPS:
                raise RelayError("unknown_op", f"op: one of {', '.join(OPS)}", field="$.op")
            if op == "new":
                result = self.new(request, creator=creator)
            else:
                token = request.get("token")
                if not isinstance(token, str):
                    raise RelayError("forbidden", "token: from your link", 403, "$.token")
                if op == "state":
                    since = _get(request, "since", int, 0)
                    result = self.state(token, since=since)
                elif op == "apply":
                    result = self.apply(token, request.get("action"))
                else:
                    result = self.end(token)
        except RelayError as refusal:
            return refusal.status, refusal.reply(request_id)
        except Exception:  # last resort: no detail (it could hold a secret)
            error = RelayError(
                "internal_error", "internal error: the request was not carried out", 500
            )
            return error.status, error.reply(request_id)
        return 200, {"id": clean_id(request_id), "ok": True, **result}

    # ----- the ops ---------------------------------------------------------------------------

    def new(self, request: Mapping[str, Any], *, creator: str) -> dict[str, Any]:
        """Start a game (see the module docstring); the reply holds every human seat's token."""
        name = _get(request, "game", str, "clue")
        try:
            spec = find_game(name)
        except UnknownGameError:
            spec = None
        if spec is None or spec not in playable_games():
            known = ", ".join(s.kind for s in playable_games())
            if spec is None:
                raise RelayError("bad_value", f"game: one of {known}", field="$.game")
            raise RelayError(
                "bad_value",
                f"the web table does not offer {spec.kind} (games: {known})",
                field="$.game",
            )
        players_field = request.get("players")
        if players_field is None or type(players_field) is int:
            count = spec.default_players if players_field is None else players_field
            if not spec.min_players <= count <= spec.max_players:
                raise RelayError(
                    "bad_value",
                    f"{spec.title}: {spec.min_players} to {spec.max_players} players",
                    field="$.players",
                )
            humans_given = request.get("humans")
            players = _seats_for(
                spec, count, humans_given if isinstance(humans_given, list) else []
            )
        else:
            players = _string_list(
                players_field, "$.players", low=spec.min_players, high=spec.max_players
            )
        humans = _string_list(
            request.get("humans", players[:1]), "$.humans", low=1, high=len(players)
        )
        unique = len(set(players)) == len(players) and len(set(humans)) == len(humans)
        if not unique or not set(humans) <= set(players):
            raise RelayError(
                "bad_value", "humans: some of the players, once each", field="$.humans"
            )
        bot = _get(request, "bot", str, spec.bot_names[0])
        if bot not in spec.bot_names:
            known = ", ".join(spec.bot_names)
            raise RelayError("bad_value", f"bot: one of {known}", field="$.bot")
        seed = request.get("seed")
        if seed is not None:
            if creator != _CREATOR_CLI and not self.page_seeds:
                raise RelayError(
                    "forbidden",
                    "this table draws every seed itself (a seed tells every secret); "
                    "start it with --page-seeds to let pages choose one",
                    403,
                    "$.seed",
                )
            if type(seed) is not int or not 0 <= seed <= SAFE_INTEGER:
                raise RelayError(
                    "bad_value", f"seed: a whole number 0 to {SAFE_INTEGER}", field="$.seed"
                )
        with self._lock:
            self._make_room(creator)
            created = self._server.handle(
                {"op": "new", "game": spec.kind, "players": players, "seed": seed}
            )
            if not created.get("ok"):
                raise _engine_error(created)
            game_id = str(created["game_id"])
            tokens = {seat: secrets.token_urlsafe(24) for seat in humans}
            bots = {seat: bot for seat in players if seat not in tokens}
            table = _Table(game_id, spec, players, tokens, bots, creator, self._clock())
            self._tables[game_id] = table
            for seat, token in tokens.items():
                self._tokens[token] = (game_id, seat)
            self._play_bots(table)
        return {
            "game_id": game_id,
            "game": spec.kind,
            "title": spec.title,
            "players": players,
            "tokens": tokens,
            "bots": bots,
        }

    def state(self, token: str, *, since: int = 0) -> dict[str, Any]:
        """The seat's state: its view, choices, events after step ``since``, picture, notebook."""
        if not 0 <= since <= SAFE_INTEGER:
            raise RelayError("bad_value", "since: a step", field="$.since")
        with self._lock:
            table, seat = self._seat(token)
            table.touched = self._clock()
            state = self._engine({"op": "state", "game_id": table.game_id, "seat": seat}, table)
            events = self._engine(
                {"op": "events", "game_id": table.game_id, "seat": seat, "since": since}, table
            )
        return _seat_state(table, seat, state, events["events"])

    def apply(self, token: str, action: object) -> dict[str, Any]:
        """Apply the seat's action, let the bots play, tell every page of the game."""
        if not isinstance(action, dict):
            raise RelayError("bad_value", "action: one of your choices", field="$.action")
        with self._lock:
            table, seat = self._seat(token)
            table.touched = self._clock()
            before = self._engine({"op": "state", "game_id": table.game_id, "seat": seat}, table)
            self._engine(
                {"op": "apply", "game_id": table.game_id, "seat": seat, "action": action}, table
            )
            self._play_bots(table)
            self._notify(table)
        return self.state(token, since=_length(before))

    def end(self, token: str) -> dict[str, Any]:
        """End the game of the token's seat (every page of the game is told)."""
        with self._lock:
            table, seat = self._seat(token)
            self._close(table)
        return {"game_id": table.game_id, "ended_by": seat}

    # ----- listening -----------------------------------------------------------------------

    def listen(self, token: str, callback: Callable[[], None]) -> Listener:
        """Call ``callback`` (from any thread) whenever the seat's game changes or ends.

        A seat holding `Limits.listeners_per_seat` pages already loses its oldest one
        (its callback is called once more, and its `Listener.active` turns false).

        Returns the `Listener`: call it to stop listening.

        Raises:
            RelayError: a bad token, or too many pages listening in all or to the games
                of the game's creator (code ``too_many_listeners``).
        """
        with self._lock:
            table, seat = self._seat(token)
            mine = [key for key, (who, _) in table.listeners.items() if who == seat]
            replaced = mine[: max(0, len(mine) - self.limits.listeners_per_seat + 1)]
            of_creator = 0
            if table.creator != _CREATOR_CLI:
                of_creator = sum(
                    len(other.listeners)
                    for other in self._tables.values()
                    if other.creator == table.creator
                )
            if (
                self._listening - len(replaced) >= self.limits.listeners
                or of_creator - len(replaced) >= self.limits.listeners_per_creator
            ):
                raise RelayError(
                    "too_many_listeners", "too many pages are open for this table", 429
                )
            callbacks = []
            for old in replaced:
                callbacks.append(table.listeners.pop(old)[1])
                self._listening -= 1
            key = next(self._listener_ids)
            table.listeners[key] = (seat, callback)
            self._listening += 1
            table.touched = self._clock()
            for told in callbacks:
                told()
        return Listener(self, table, key)

    def _stop(self, table: _Table, key: int) -> None:
        with self._lock:
            if table.listeners.pop(key, None) is not None:
                self._listening -= 1

    def _listens(self, table: _Table, key: int) -> bool:
        with self._lock:
            return key in table.listeners

    def is_open(self, token: str) -> bool:
        """Whether the token still opens a seat of a game held."""
        with self._lock:
            return token in self._tokens

    def game_ids(self) -> list[str]:
        """The games held, oldest first."""
        with self._lock:
            return list(self._tables)

    def add_game(
        self,
        game: str,
        players: Sequence[str] | int,
        humans: Sequence[str],
        *,
        bot: str | None = None,
        seed: int | None = None,
    ) -> dict[str, Any]:
        """Start a game for the host (the command line): as ``new``, with a seed allowed.

        Raises:
            RelayError: a bad game, players, humans, bot or seed.
        """
        request: dict[str, Any] = {
            "game": game,
            "players": players if isinstance(players, int) else list(players),
            "seed": seed,
        }
        if humans:
            request["humans"] = list(humans)
        if bot is not None:
            request["bot"] = bot
        return self.new(request, creator=_CREATOR_CLI)

    # ----- helpers ---------------------------------------------------------------------------

    def _seat(self, token: str) -> tuple[_Table, str]:
        found = self._tokens.get(token) if _is_text(token) else None
        if found is None:
            raise RelayError(
                "forbidden", "this link opens no seat (the game ended, or the link is wrong)", 403
            )
        game_id, seat = found
        return self._tables[game_id], seat

    def _engine(self, request: dict[str, Any], table: _Table) -> dict[str, Any]:
        reply = self._server.handle(request)
        if not reply.get("ok"):
            raise _engine_error(reply)
        return reply

    def _play_bots(self, table: _Table) -> None:
        """Let the bots play until a person must decide, or the game ends."""
        if not table.bots:
            return
        while True:
            played = self._engine(
                {
                    "op": "play_bots",
                    "game_id": table.game_id,
                    "role": "host",
                    "bots": dict(table.bots),
                    "max_steps": MAX_PLAY_STEPS,
                },
                table,
            )
            if played["stopped"] != "max_steps":
                return

    def _notify(self, table: _Table) -> None:
        for _, callback in list(table.listeners.values()):
            callback()

    def _close(self, table: _Table) -> None:
        self._server.handle({"op": "close", "game_id": table.game_id})
        self._tables.pop(table.game_id, None)
        for token in table.tokens.values():
            self._tokens.pop(token, None)
        self._notify(table)

    def _make_room(self, creator: str) -> None:
        """Close idle games, oldest-idle first, until ``creator`` may start one."""
        now = self._clock()
        limits = self.limits

        def idle(mine: bool) -> Iterator[_Table]:
            for table in sorted(self._tables.values(), key=lambda t: t.touched):
                if now - table.touched >= limits.idle_seconds and (
                    not mine or table.creator == creator
                ):
                    yield table

        if creator != _CREATOR_CLI:
            owned = [t for t in self._tables.values() if t.creator == creator]
            for table in idle(mine=True):
                if len(owned) < limits.games_per_creator:
                    break
                owned.remove(table)
                self._close(table)
            if len(owned) >= limits.games_per_creator:
                raise RelayError(
                    "too_many_games",
                    f"you hold {len(owned)} games, the most one creator may: end one first",
                    429,
                )
        for table in idle(mine=False):
            if len(self._tables) < limits.games:
                break
            if table.creator == _CREATOR_CLI and creator != _CREATOR_CLI:
                continue  # the host's own game (its links were printed) is never a page's room
            self._close(table)
        if len(self._tables) >= limits.games:
            raise RelayError(
                "too_many_games", "the table is full: try again once a game has ended", 429
            )


class Listener:
    """One page listening to a seat's game (from `Relay.listen`): call it to stop."""

    def __init__(self, relay: Relay, table: _Table, key: int) -> None:
        self._relay = relay
        self._table = table
        self._key = key

    def __call__(self) -> None:
        """Stop listening (again: nothing)."""
        self._relay._stop(self._table, self._key)

    @property
    def active(self) -> bool:
        """Whether it still listens (not once stopped, or replaced by a newer page of its seat)."""
        return self._relay._listens(self._table, self._key)


def _seats_for(spec: GameSpec, count: int, humans: Sequence[object]) -> list[str]:
    """``count`` seats: the humans' names first, then the game's own seat names."""
    names = [h for h in humans if isinstance(h, str)][:count]
    for name in spec.seat_names:
        if len(names) >= count:
            break
        if name not in names:
            names.append(name)
    return names


def _length(reply: Mapping[str, Any]) -> int:
    """The number of actions a reply (or an event entry) gives: its ``history_length``."""
    value = reply.get("history_length")
    return value if type(value) is int else 0


def _engine_error(reply: Mapping[str, Any]) -> RelayError:
    error = reply.get("error") or {}
    code = str(error.get("code", "internal_error"))
    status = 409 if code in ("not_your_turn", "illegal_action") else 400
    if code == "too_many_games":
        status = 429
    field = error.get("field")
    return RelayError(
        code,
        str(error.get("message", "refused")),
        status,
        field if isinstance(field, str) else None,
    )


# ----- what a seat's page gets -----------------------------------------------------------------


def _seat_state(
    table: _Table, seat: str, state: Mapping[str, Any], events: Sequence[Mapping[str, Any]]
) -> dict[str, Any]:
    """The seat's state for its page, with the events asked for.

    Drawn once per seat and view (the picture, the notebook and the words cost the most).
    """
    key = (_length(state), json.dumps(state["view"], sort_keys=True))
    cached = table.drawn.get(seat)
    if cached is None or cached[0] != key:
        cached = table.drawn[seat] = (key, _drawn(table, seat, state))
    return {
        **cached[1],
        "events": [
            {
                "step": _length(entry),
                "type": entry["event"].get("type", ""),
                "text": str(entry["event"].get("description", "")),
            }
            for entry in events
        ],
    }


def _drawn(table: _Table, seat: str, state: Mapping[str, Any]) -> dict[str, Any]:
    spec = table.spec
    view_json = state["view"]
    view = spec.view_class.from_dict(view_json)
    to_act = [name for name in state["to_act"]]
    mine = seat in to_act
    paths = {
        json.dumps(option["action"], sort_keys=True): option.get("path", [])
        for option in state.get("movement", [])
    }
    choices = []
    for action in state["legal_actions"]:
        choice: dict[str, Any] = {
            "action": action,
            "label": _describe(table, view, action),
            "spends": spent_by(action),
        }
        path = paths.get(json.dumps(action, sort_keys=True))
        if path is not None:
            choice["path"] = list(path)
        choices.append(choice)
    notebook = spec.notebook(view) if spec.notebook is not None else None
    return {
        "game_id": table.game_id,
        "game": spec.kind,
        "title": spec.title,
        "seat": seat,
        "players": [{"name": name, "bot": table.bots.get(name)} for name in table.seats],
        "step": _length(state),
        "to_act": to_act,
        "is_over": state["is_over"],
        "outcome": state["outcome"],
        "status": _status(table, seat, state, mine),
        "prompt": view_json.get("prompt", "") if mine else "",
        "details": view_json.get("details", {}) if mine else {},
        "view": view_json,
        "choices": choices,
        "svg": view.to_svg(width=PICTURE_WIDTH),
        "notebook": None if notebook is None else dict(notebook),
    }


def _describe(table: _Table, view: Any, action: Mapping[str, Any]) -> str:
    if table.hooks is not None:
        try:
            return table.hooks.describe(view, Action.from_dict(dict(action)))
        except Exception:  # words are a nicety: fall back to the fields
            pass
    fields = [f"{k} {v}" for k, v in action.items() if k not in ("type", "player")]
    name = str(action.get("type", "")).rsplit(".", 1)[-1].replace("_", " ")
    return " ".join([name.capitalize(), *fields])


def _status(table: _Table, seat: str, state: Mapping[str, Any], mine: bool) -> str:
    if state["is_over"]:
        outcome = state.get("outcome") or {}
        return "Game over. " + str(outcome.get("description") or "")
    if mine:
        return f"Your move, {seat}."
    waiting = [name for name in state["to_act"] if name != seat]
    if not waiting:
        return "Waiting."
    who = ", ".join(f"{name} (bot)" if name in table.bots else name for name in waiting)
    return f"Waiting for {who}."
