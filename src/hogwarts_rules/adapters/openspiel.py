"""OpenSpiel games for every game with codecs: First Year Adventure and Clue.

Importing this module with the ``openspiel`` extra installed (``pip install
"hogwarts-rules[openspiel]"``) registers two pyspiel Python games:

- ``python_hogwarts_adventure`` (perfect information, with chance), and
- ``python_hogwarts_clue`` (imperfect information, with chance),

so that ``pyspiel.load_game("python_hogwarts_clue", {"players": 3})`` works and
OpenSpiel's algorithms (MCTS, ISMCTS, CFR on small trees...) play them. The games
are built from the specs only (`hogwarts_rules.find_game`), never from a game's
package: the actions are the spec's action codec (`GameSpec.action_codec`), the
tensors its observation codec.

- **Parameters**: ``players`` (a count), ``weighted`` (Clue: resample by the
  weighted model), ``max_steps`` (a game is cut short,
  every return 0, after that many decisions: OpenSpiel needs a bound on a game's
  length), and the game's own options: a whole-number option (``max_rounds``) as
  an integer, 0 meaning the rules' default; any other as text (``students`` as
  JSON text, ``first_player`` as a name), ``""`` meaning the default.
- **Chance nodes** are explicit: the game rolls `ExternalDice`, so every roll and
  draw stops the game (`ChanceRequest`); chance outcome ``i`` is the ``i``-th
  outcome of the request, with the library's exact probability (as a float).
- **Players**: seat ``i`` of the game is player ``i``. Steps nobody decides (a
  roll-off, a deal) are applied at once.
- **Returns** at the end: +1 to each winner, -1 to every other player, 0 to
  everyone when nobody wins or the game was cut short (`GameType.Utility.GENERAL_SUM`).
- **Strings and tensors**: the information state string of a player is every
  event it has seen, every question it was asked and every action it took, in
  order (perfect recall); the
  observation string is its view as JSON. Both tensors are the observation codec's
  vector of the player's view (a Clue view holds all a seat has learned).
- ``serialize()`` / ``deserialize_state()`` write the library's saved game (JSON).
- ``resample_from_infostate(player, sampler)``: Clue draws a game the player
  cannot tell from this one, exactly from its posterior (the spec's `resample`); a
  game of perfect information returns a copy.

Without the extra, importing the module registers nothing and `load` raises
`ImportError`.
"""

from __future__ import annotations

import base64
import json
import random
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any, Final

from hogwarts_rules.actions import Action, ChanceOutcome
from hogwarts_rules.bots import deciding_seat, seat_actions
from hogwarts_rules.catalogue import find_game
from hogwarts_rules.dice import CHANCE, MAX_SIDES, ExternalDice
from hogwarts_rules.engine import ChanceRequest, Decision, GameBase
from hogwarts_rules.errors import IllegalActionError, InvalidDataError
from hogwarts_rules.events import events_for
from hogwarts_rules.spec import GameSpec, OptionError

if TYPE_CHECKING:
    from hogwarts_rules.codec import ActionCodec, ObservationCodec

try:
    import numpy as np
    import pyspiel  # type: ignore[import-untyped,import-not-found,unused-ignore]
except ImportError as _exc:  # the extra is not installed: `load` says so
    _MISSING: ImportError | None = _exc
    _Game: Any = object
    _State: Any = object
else:
    _MISSING = None
    _Game = pyspiel.Game
    _State = pyspiel.State

__all__ = ["GAMES", "HogwartsGame", "HogwartsState", "Resampler", "load"]

GAMES: Final[Mapping[str, str]] = {
    "python_hogwarts_adventure": "first-year-adventure",
    "python_hogwarts_clue": "clue",
}
"""The pyspiel games this module registers: short name -> the library game's kind."""

Resampler = Callable[..., GameBase]
"""``resample(game, seat, rng, *, weighted)``: a game ``seat`` cannot tell from ``game``
(played with external dice), drawn from its posterior (``weighted``: by the weighted model)."""

_TERMINAL: Final = -4  # pyspiel.PlayerId.TERMINAL
_CHANCE_PLAYER: Final = -1  # pyspiel.PlayerId.CHANCE


def load(name: str, params: Mapping[str, Any] | None = None) -> Any:
    """``pyspiel.load_game(name, params)`` (``name`` one of `GAMES`).

    Raises:
        ImportError: the ``openspiel`` extra is not installed.
    """
    if _MISSING is not None:
        raise ImportError(
            'the OpenSpiel adapter needs its extra: pip install "hogwarts-rules[openspiel]"'
        ) from _MISSING
    return pyspiel.load_game(name, dict(params or {}))


def _defaults(spec: GameSpec) -> dict[str, Any]:
    """The game's parameters and their defaults (OpenSpiel's parameter specification)."""
    params: dict[str, Any] = {"players": spec.default_players, "max_steps": spec.max_steps}
    if spec.resample is not None:
        params["weighted"] = False  # resample by the weighted model's posterior
    for option in spec.options:
        params[option.name] = 0 if option.type == "integer" else ""
    return params


_BASE64: Final = "base64:"
"""The prefix of a JSON parameter as the game's string writes it: OpenSpiel's game
strings split parameters at commas, which JSON text is full of, so the game keeps a
JSON parameter as ``base64:`` and the URL-safe Base64 of its text (no padding)."""


def _string_safe(text: str) -> str:
    """A JSON parameter's text as the game's string keeps it (see `_BASE64`)."""
    if text.startswith(_BASE64):
        return text
    return _BASE64 + base64.urlsafe_b64encode(text.encode()).decode("ascii").rstrip("=")


def _json_text(value: Any) -> Any:
    """A JSON parameter's text, given as JSON or as the game's string keeps it."""
    if not isinstance(value, str) or not value.startswith(_BASE64):
        return value  # (not text: `json.loads` refuses it)
    data = value.removeprefix(_BASE64)
    decoded = base64.urlsafe_b64decode(data + "=" * (-len(data) % 4))
    return decoded.decode()


def _options(spec: GameSpec, params: Mapping[str, Any]) -> dict[str, Any]:
    """The game options the parameters give (0 and ``""``: the rules' default)."""
    options: dict[str, Any] = {}
    for option in spec.options:
        value = params.get(option.name)
        if value in (None, 0, ""):
            continue
        if option.type in ("object", "array"):
            try:
                value = json.loads(_json_text(value))
            except (TypeError, ValueError, RecursionError):
                raise OptionError(
                    "bad_option", f"{option.name}: give it as JSON text", option.name
                ) from None
        options[option.name] = value
    return spec.check_options(options)


class HogwartsGame(_Game):  # type: ignore[misc]
    """A game of the library as a pyspiel Python game (see the module docstring).

    Args:
        params: the game's parameters (missing ones take their defaults).
    """

    SHORT_NAME: str = ""
    """The pyspiel short name (set by each registered subclass)."""

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        spec = find_game(GAMES[self.SHORT_NAME])
        if spec.action_codec is None or spec.observation_codec is None:
            raise IllegalActionError(
                "no_adapter", f"{spec.title} has no action or observation codec"
            )
        merged = {**_defaults(spec), **(params or {})}
        steps = merged["max_steps"]
        if type(steps) is not int or steps < 1:
            raise OptionError(
                "bad_option", "max_steps must be a whole number of at least 1", "max_steps"
            )
        self.spec = spec
        self.max_steps: int = steps
        self.seats = tuple(str(seat) for seat in spec.seat_list(int(merged["players"])))
        self.options = _options(spec, merged)
        self.weighted = bool(merged.get("weighted", False))
        self.start = spec.new_game(list(self.seats), dice=ExternalDice(), **self.options)
        self.action_codec: ActionCodec = spec.action_codec(self.start)
        self.observation_codec: ObservationCodec = spec.observation_codec(self.start)
        features = self.observation_codec.features
        self.low = np.array([f.low for f in features], dtype=np.float32)
        self.high = np.array([f.high for f in features], dtype=np.float32)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.action_codec.size,
            max_chance_outcomes=MAX_SIDES,
            num_players=len(self.seats),
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=None,
            max_game_length=self.max_steps,
        )
        kept = dict(merged)  # JSON text kept so that the game's string parses again
        for option in spec.options:
            text = kept[option.name]
            if option.type in ("object", "array") and isinstance(text, str) and text:
                kept[option.name] = _string_safe(text)
        super().__init__(_game_type(self.SHORT_NAME, spec), info, kept)

    def new_initial_state(self) -> HogwartsState:
        """The game before anybody decides (steps nobody decides already applied)."""
        return HogwartsState(self)

    def __reduce__(self) -> tuple[Any, ...]:
        # pyspiel's own pickling of a Python game skips ``__init__`` (the copy had no
        # rules): load it again from its string, which every parameter survives.
        return (pyspiel.load_game, (str(self),))

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None
    ) -> _Observer:
        """An observer (the view's vector as tensor; the strings of the module docstring)."""
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        return _Observer(self, iig_obs_type)

    def deserialize_state(self, text: str) -> HogwartsState:
        """The state `HogwartsState.serialize` wrote."""
        return HogwartsState.from_json(self, text)


def _game_type(short_name: str, spec: GameSpec) -> Any:
    perfect = spec.perfect_information
    return pyspiel.GameType(
        short_name=short_name,
        long_name=f"Python {spec.title} (hogwarts-rules)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=(
            pyspiel.GameType.Information.PERFECT_INFORMATION
            if perfect
            else pyspiel.GameType.Information.IMPERFECT_INFORMATION
        ),
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=spec.max_players,
        min_num_players=spec.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_defaults(spec),
    )


_Trail = tuple[str, "_Trail"] | None
"""Lines kept as a linked list, so that a state's copy shares them (newest first)."""


def _lines(trail: _Trail) -> list[str]:
    out: list[str] = []
    while trail is not None:
        out.append(trail[0])
        trail = trail[1]
    out.reverse()
    return out


class _Box:
    """What a state holds, shared by its copies (a library game is immutable).

    pyspiel copies a Python state with `copy.deepcopy` and saves it with `pickle`:
    the box deep-copies to itself, and pickles its trails as lists.
    """

    __slots__ = ("game", "moves", "seen")

    def __init__(self, game: GameBase, moves: _Trail, seen: tuple[_Trail, ...]) -> None:
        self.game = game
        self.moves = moves
        self.seen = seen

    def __deepcopy__(self, memo: dict[int, Any]) -> _Box:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (_unbox, (self.game, _lines(self.moves), [_lines(t) for t in self.seen]))


def _trail(lines: Iterable[str]) -> _Trail:
    trail: _Trail = None
    for line in lines:
        trail = (line, trail)
    return trail


def _unbox(game: GameBase, moves: list[str], seen: list[list[str]]) -> _Box:
    return _Box(game, _trail(moves), tuple(_trail(lines) for lines in seen))


class HogwartsState(_State):  # type: ignore[misc]
    """A state of a `HogwartsGame`: a library game played with `ExternalDice`.

    Attributes:
        steps: the decisions taken so far.
    """

    def __init__(self, game: HogwartsGame) -> None:
        super().__init__(game)
        first = game.__dict__.get("_first")
        if first is None:
            self._box = _Box(game.start, None, (None,) * len(game.seats))
            self.steps = 0
            self._advance(())
            game.__dict__["_first"] = self._box  # every new state starts from this box
        else:
            self._box = first
            self.steps = 0

    @property
    def game(self) -> GameBase:
        """The library game (its record holds every roll and draw)."""
        return self._box.game

    @property
    def _owner(self) -> HogwartsGame:
        """The pyspiel game (not kept in the state's ``__dict__``, which pyspiel pickles)."""
        game: HogwartsGame = self.get_game()
        return game

    # ----- the rules ---------------------------------------------------------------

    def _advance(self, events: Iterable[Any]) -> None:
        """Record ``events`` and apply the steps nobody decides."""
        self._see(events)
        while not self.game.is_over and not self.game.to_act:
            legal = self.game.legal_actions()
            if len(legal) != 1 or legal[0].actor is not None:
                break
            self._play(legal[0])
        request = self.game.awaiting
        seats = self._owner.seats
        if type(request) is Decision and request.player in seats:
            # What the decider is asked goes in its string (in a game of perfect
            # information, in everyone's): a roll to keep or change shows no event,
            # and the question is all that tells a 1 from a 2.
            line = f"{request.player} is asked: {request.prompt}"
            asked = range(len(seats)) if self._owner.spec.perfect_information else ()
            seen = list(self._box.seen)
            for i in asked or (seats.index(request.player),):
                seen[i] = (line, seen[i])
            self._box = _Box(self.game, self._box.moves, tuple(seen))

    def _see(self, events: Iterable[Any]) -> None:
        listed = tuple(events)
        if not listed:
            return
        seen = list(self._box.seen)
        for i, seat in enumerate(self._owner.seats):
            for event in events_for(listed, seat):
                seen[i] = (event.description, seen[i])
        self._box = _Box(self.game, self._box.moves, tuple(seen))

    def _play(self, action: Action) -> None:
        """Apply a library action, and see its events."""
        moves = (self._text(action), self._box.moves)
        game, events = self.game.apply(action)
        self._box = _Box(game, moves, self._box.seen)
        self._see(events)

    def _text(self, action: Action) -> str:
        if self._owner.spec.notation is not None:
            from hogwarts_rules.notation import format_action

            return format_action(self.game, action)
        return repr(action)

    def _seat(self) -> str | None:
        if self.game.is_over or self.steps >= self._owner.max_steps:
            return None
        if self.game.to_act == (CHANCE,):
            return CHANCE
        return deciding_seat(self.game)

    def current_player(self) -> int:
        """The player deciding, ``CHANCE`` (-1) or ``TERMINAL`` (-4)."""
        seat = self._seat()
        if seat is None:
            return _TERMINAL
        if seat == CHANCE:
            return _CHANCE_PLAYER
        return self._owner.seats.index(seat)

    def _legal_actions(self, player: int) -> list[int]:
        seat = self._owner.seats[player]
        if self._seat() != seat:
            return []
        codec = self._owner.action_codec
        return sorted({codec.encode(action) for action in seat_actions(self.game, seat)})

    def _request(self) -> ChanceRequest:
        request = self.game.awaiting
        assert isinstance(request, ChanceRequest)
        return request

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Each outcome of the roll or draw awaited, with its exact probability (as a float)."""
        return [(i, float(p)) for i, (_, p) in enumerate(self._request().outcomes)]

    def _library_action(self, action: int) -> Action:
        if self.is_chance_node():
            outcomes = self._request().outcomes
            if type(action) is not int or not 0 <= action < len(outcomes):
                raise IllegalActionError(
                    "bad_roll", f"a chance action here is a number from 0 to {len(outcomes) - 1}"
                )
            return ChanceOutcome(outcomes[action][0])
        seat = self._owner.seats[self.current_player()]
        return self._owner.action_codec.decode(action, seat)

    def _apply_action(self, action: int) -> None:
        chosen = self._library_action(action)
        self.game.check(chosen)  # refused before anything here changes
        if not self.is_chance_node():
            self.steps += 1
            i = self._owner.seats.index(str(chosen.actor))
            seen = list(self._box.seen)
            seen[i] = (f"I: {self._text(chosen)}", seen[i])
            self._box = _Box(self.game, self._box.moves, tuple(seen))
        self._play(chosen)
        self._advance(())

    def _action_to_string(self, player: int, action: int) -> str:
        chosen = self._library_action(action) if player == self.current_player() else None
        if chosen is None:
            if player == _CHANCE_PLAYER:
                return f"chance #{action}"
            return self._owner.action_codec.label(action)
        return self._text(chosen)

    def is_terminal(self) -> bool:
        """True once the game is over, or cut short at ``max_steps`` decisions."""
        return self._seat() is None

    def returns(self) -> list[float]:
        """+1 to each winner, -1 to the others, 0 to all when nobody wins (see the module)."""
        seats = self._owner.seats
        outcome = self.game.outcome
        if outcome is None or not outcome.winners:
            return [0.0] * len(seats)
        return [1.0 if seat in outcome.winners else -1.0 for seat in seats]

    def __str__(self) -> str:
        """Every move so far in the game's notation, one a line."""
        return "\n".join(_lines(self._box.moves))

    # ----- copies, saving, determinization ----------------------------------------------

    def serialize(self) -> str:
        """The library's saved game (JSON), the adapter's step count and every action id."""
        return json.dumps(
            {"game": self.game.to_dict(), "steps": self.steps, "history": self.history()},
            separators=(",", ":"),
        )

    @classmethod
    def from_json(cls, owner: HogwartsGame, text: str) -> HogwartsState:
        """The state `serialize` wrote (replayed by its action ids, and checked).

        Raises:
            InvalidDataError: the text is not such a state (code ``bad_type``,
                ``invalid_value``, ``illegal_record`` or ``state_mismatch``).
        """
        try:
            data = json.loads(text)
        except (TypeError, ValueError, RecursionError):
            raise InvalidDataError("bad_type", "$: a saved state is a JSON object") from None
        history = data.get("history") if isinstance(data, dict) else None
        if not isinstance(history, list) or "game" not in data:
            raise InvalidDataError("bad_type", "$: a saved state has a 'history' list and a 'game'")
        state = owner.new_initial_state()
        for index, action in enumerate(history):
            path = f"$.history[{index}]"
            if type(action) is not int:
                raise InvalidDataError(
                    "invalid_value", f"{path}: an action id is a whole number", path
                )
            if action not in state.legal_actions():
                raise InvalidDataError("illegal_record", f"{path}: not a legal action there", path)
            state.apply_action(action)
        if state.game.to_dict() != data["game"]:
            raise InvalidDataError(
                "state_mismatch", "$.game: does not match the game its actions produce", "$.game"
            )
        return state

    def replay(self, game: GameBase) -> HogwartsState:
        """A new state of this game reaching ``game``, which extends this state's start."""
        state = self._owner.new_initial_state()
        target = game.history
        while len(state.game.history) < len(target):
            action = target[len(state.game.history)]
            if state.is_chance_node():
                assert isinstance(action, ChanceOutcome)
                values = [value for value, _ in state._request().outcomes]
                state.apply_action(values.index(action.value))
            else:
                state.apply_action(self._owner.action_codec.encode(action))
        return state

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> HogwartsState:
        """A state ``player_id`` cannot tell from this one, from its exact posterior.

        ``probability_sampler`` gives a float in [0, 1) (pyspiel's samplers do); it
        seeds the exact draws. A game of perfect information returns a copy.
        """
        resampler = self._owner.spec.resample
        if resampler is None:
            twin: HogwartsState = self.clone()
            return twin
        seed = int(float(probability_sampler()) * 2**53)
        seat = self._owner.seats[player_id]
        found = resampler(self.game, seat, random.Random(seed), weighted=self._owner.weighted)
        return self.replay(found)

    # ----- what a player sees ----------------------------------------------------------------

    def information(self, player: int) -> str:
        """Player ``player``'s information state string (see the module docstring)."""
        return "\n".join(_lines(self._box.seen[player]))

    def view_of(self, player: int | None) -> Any:
        """The view of player ``player`` (``None``: the table's)."""
        return self.game.view(None if player is None else self._owner.seats[player])


class _Observer:
    """pyspiel's Python observer: a tensor (the view's vector) and a string."""

    def __init__(self, game: HogwartsGame, iig_obs_type: Any) -> None:
        self._game = game
        self.tensor = np.zeros(game.observation_codec.size, np.float32)  # type: ignore[attr-defined]
        self.dict = {"observation": self.tensor}
        recall = iig_obs_type is not None and bool(iig_obs_type.perfect_recall)
        private = iig_obs_type is None or (
            iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER
        )
        self._recall = recall
        self._private = private

    def _player(self, player: int) -> int | None:
        return player if self._private else None

    def set_from(self, state: HogwartsState, player: int) -> None:
        """Fill the tensor with ``player``'s view as numbers."""
        view = state.view_of(self._player(player))
        values = self._game.observation_codec.encode(view, clip=False)
        np.clip(
            np.asarray(values, dtype=np.float32), self._game.low, self._game.high, out=self.tensor
        )

    def string_from(self, state: HogwartsState, player: int) -> str:
        """Perfect recall: what the player saw and did; else its view as JSON."""
        if self._recall and self._private:
            return state.information(player)
        view = state.view_of(self._player(player))
        return json.dumps(view.to_dict(), sort_keys=True, separators=(",", ":"))


def _register() -> None:
    registered = {game_type.short_name for game_type in pyspiel.registered_games()}
    for short_name, kind in GAMES.items():
        name = "Game_" + short_name.removeprefix("python_hogwarts_")
        cls = type(name, (HogwartsGame,), {"SHORT_NAME": short_name, "__module__": __name__})
        globals()[name] = cls  # pickled by name, as pyspiel saves a game
        if short_name not in registered:
            pyspiel.register_game(_game_type(short_name, find_game(kind)), cls)


if _MISSING is None:
    _register()
