"""The game contract shared by all games, and the machinery behind it.

Every game of the library is a frozen attrs class derived from `GameBase`,
and offers the same surface:

* ``game.apply(action) -> (next_game, events)``: pure, never changes ``game``;
* ``game.legal_actions(player=None)``, ``game.check(action)``, ``game.can_apply(action)``;
* ``game.to_act`` (who must decide now; ``(CHANCE,)`` when an external roll is awaited),
  ``game.chance_outcomes()`` (the possible rolls with exact probabilities);
* ``game.is_over``, ``game.outcome``;
* ``game.record`` / ``replay(record)``, ``game.to_dict()`` / ``Game.from_dict(data)``.

How a rule with several steps is written
----------------------------------------
A game's rules code for one action is straight-line Python that receives a
`Context`. It calls `Context.roll()` for dice, `Context.decide`
when a player must choose (for example how much Youth to spend after seeing a
roll), and `Context.emit` for events. When a roll comes from external dice,
or a player must decide, the context *suspends* the action: ``apply`` returns a
game with a `Pending` record and the events so far. The caller then
applies the outcome or the decision, and the engine runs the original action
again from its start, feeding it the inputs collected so far. Because the rules
code is pure, the re-run repeats the same steps and continues where it stopped.
This keeps multi-step rules readable and makes every intermediate decision an
ordinary action with its own legal-action list.
"""

from __future__ import annotations

import abc
import secrets
from collections.abc import Callable, Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any, ClassVar, Final, NoReturn, Self, TypeVar

import attrs

from hogwarts_rules import names as _names
from hogwarts_rules._build import build_lines
from hogwarts_rules._build import positional as _positional
from hogwarts_rules.actions import CORE_ACTIONS, Action, ChanceOutcome, Practice, Rekey
from hogwarts_rules.dice import (
    _GOLDEN,
    _MASK64,
    CHANCE,
    DiceSource,
    ExternalDice,
    SeededDice,
    _check_sides,
    _seeded,
    seed_from_string,
)
from hogwarts_rules.errors import IllegalActionError, InvalidDataError, RulesError
from hogwarts_rules.events import DiceRekeyed, Event, PracticeStarted
from hogwarts_rules.frozen import FrozenMap
from hogwarts_rules.history import History, as_history
from hogwarts_rules.names import check_name
from hogwarts_rules.serialization import (
    FORMAT,
    FORMAT_VERSION,
    READ_VERSIONS,
    check_action_count,
    check_safe_integers,
    converter,
    shown_key,
    structure,
    unstructure,
    upgrade_saved_game,
)

__all__ = [
    "CONVERT",
    "MAX_ACTIONS",
    "MAX_NAME_LENGTH",
    "MEMO",
    "ChanceRequest",
    "Context",
    "Decision",
    "GameBase",
    "GameRecord",
    "Outcome",
    "Pending",
    "check_player_names",
    "converted",
    "copier",
    "make_dice",
    "replace",
    "replacer",
]

MAX_NAME_LENGTH: Final = _names.MAX_NAME_LENGTH
"""The longest player (or character) name accepted."""

MAX_ACTIONS: Final = 100_000
"""The most actions `GameBase.from_dict` and `GameBase.replay` replay unless told
otherwise (``max_actions``): five times the engine protocol's step limit. A saved game
is untrusted input, and replaying costs time in proportion to its length."""

T = TypeVar("T", int, str)

_SPAN: Final = _MASK64 + 1
_LIMITS: dict[int, int] = {}  # sides -> the largest fair SplitMix64 output, exclusive


def _details_map(value: Mapping[str, int | str]) -> FrozenMap[str, int | str]:
    return FrozenMap(value)


@attrs.frozen(weakref_slot=False)
class Decision:
    """A player must choose one of ``options`` before the game can go on.

    Attributes:
        player: who decides.
        options: every action the rules allow here.
        prompt: what is being decided, in words.
        details: facts a bot or a UI needs to decide, by name (for a Youth decision:
            ``roll``, ``target``, ``label``, ``die`` and ``youth``; in a contest also
            ``margin``, ``decides``, ``opponent`` and the opponent's roll, target,
            margin and Youth, see ruling HR-5).
    """

    player: str
    options: tuple[Action, ...]
    prompt: str
    details: FrozenMap[str, int | str] = attrs.field(factory=FrozenMap, converter=_details_map)


@attrs.frozen
class ChanceRequest:
    """External dice must supply a roll before the game can go on.

    Attributes:
        label: what the roll is for (``"Sky's d20 for Charms"``).
        outcomes: each possible value with its exact probability (they sum to 1).
    """

    label: str
    outcomes: tuple[tuple[int | str, Fraction], ...]


@attrs.frozen(eq=False, weakref_slot=False)
class Pending:
    """An action stopped part-way, waiting for a decision or a roll.

    Attributes:
        root: the game as it was before ``action`` (the action re-runs from there).
        action: the action that was stopped.
        inputs: the decisions and chance outcomes supplied since, in order.
        request: what is awaited now.
        emitted: how many of the action's events have been returned so far.
    """

    root: Any
    action: Action
    inputs: tuple[Action, ...]
    request: Decision | ChanceRequest
    emitted: int

    # Equality and hashing leave out ``root``: it is determined by the game's history.
    def _key(self) -> tuple[Any, ...]:
        return (self.action, self.inputs, self.request, self.emitted)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Pending):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())


_Value = TypeVar("_Value")


# `Decision` and `Pending` take no weak references: on Python 3.11 a class with its own
# ``__weakref__`` slot gets no mutable twin, and the engine builds them per suspension.
_make_pending: Final = _positional(Pending)
_make_decision: Final = _positional(Decision)
_NO_DETAILS: Final[FrozenMap[str, int | str]] = FrozenMap()

_REPLACERS: dict[type[Any], Any] = {}


def converted(field: attrs.Attribute[Any], name: str, namespace: dict[str, Any]) -> str:
    """Generated code for a new value of ``field`` held in local ``name``, converted if marked.

    A field marked `CONVERT` runs its converter (except on a value of exactly the
    class the metadata names, kept as it is); any other field takes ``name`` as it is.
    ``namespace`` receives what the expression refers to.
    """
    convert = field.metadata.get(CONVERT)
    if not convert or field.converter is None:
        return name
    namespace[f"_convert_{name}"] = field.converter
    given = f"_convert_{name}({name})"
    if isinstance(convert, type):  # a value of exactly that type is kept as it is
        namespace[f"_type_{name}"] = convert
        given = f"({name} if type({name}) is _type_{name} else {given})"
    return given


def _replacer(cls: type[Any]) -> Any:
    """Generate ``cls``'s copy-with-changes function (one straight line per field)."""
    fields = attrs.fields(cls)
    names = tuple(f.name for f in fields if not f.metadata.get(MEMO))
    memos = tuple(f.name for f in fields if f.metadata.get(MEMO))
    params = ", ".join([*(f"{name}=_KEEP" for name in names), *(f"{n}=None" for n in memos)])
    namespace: dict[str, Any] = {"_KEEP": _KEEP}
    values: list[tuple[str, str]] = []
    for field in fields:
        if field.metadata.get(MEMO):
            continue
        name = field.name
        given = converted(field, name, namespace)
        values.append((name, f"value.{name} if {name} is _KEEP else {given}"))
    # A memo belongs to one value: the copy starts empty (or primed).
    values += [(name, name) for name in memos]
    lines = [f"def replace_{cls.__name__}(value, *, {params}):"]
    lines += build_lines(cls, values, namespace)
    lines.append("    return new")
    exec("\n".join(lines), namespace)  # generated from the class's own field names
    function = namespace[f"replace_{cls.__name__}"]
    _REPLACERS[cls] = function
    return function


_KEEP: Final = object()

MEMO: Final = "hogwarts_rules.memo"
"""Field metadata key marking a private memo that `replace` gives each copy afresh."""

CONVERT: Final = "hogwarts_rules.convert"
"""Field metadata key: `replace` runs this field's converter on a new value (when the
metadata's value is a class, except on a value of exactly that class)."""


def replacer(cls: type[_Value]) -> Callable[..., _Value]:
    """``cls``'s generated copy-with-changes function: ``replacer(cls)(value, **changes)``.

    What `replace` calls, for hot paths that copy values of one class many times
    (unknown field names raise a bare `TypeError`). A field marked `MEMO` starts
    empty in the copy; rules code that already knows its value (a game's next legal
    actions, worked out while the action was applied) may prime it by name.
    """
    function: Callable[..., _Value] = _REPLACERS.get(cls) or _replacer(cls)
    return function


_COPIERS: dict[tuple[type[Any], tuple[str, ...]], Any] = {}


def copier(cls: type[_Value], *names: str) -> Callable[..., _Value]:
    """A generated function ``copy(value, *new_values)`` for one fixed set of changes.

    ``copier(cls, "a", "b")(value, x, y)`` is ``replace(value, a=x, b=y)`` (no
    converter runs, not even a `CONVERT` one), with the new values given
    positionally: for the hottest copy of a game, made once per action. A field
    marked `MEMO` starts empty unless it is named.

    Raises:
        TypeError: a name is no field of the class.
    """
    key = (cls, names)
    found: Callable[..., _Value] | None = _COPIERS.get(key)
    if found is not None:
        return found
    fields = attrs.fields(cls)  # type: ignore[arg-type]
    known = {f.name for f in fields}
    unknown = [name for name in names if name not in known]
    if unknown:
        raise TypeError(f"{cls.__name__} has no field {unknown[0]!r}")
    values: list[tuple[str, str]] = []
    for field in fields:
        name = field.name
        if name in names:
            values.append((name, name))
        elif field.metadata.get(MEMO):
            values.append((name, "None"))
        else:
            values.append((name, f"value.{name}"))
    namespace: dict[str, Any] = {}
    lines = [f"def copy_{cls.__name__}(value, {', '.join(names)}):"]
    lines += build_lines(cls, values, namespace)
    lines.append("    return new")
    exec("\n".join(lines), namespace)  # generated from the class's own field names
    function: Callable[..., _Value] = namespace[f"copy_{cls.__name__}"]
    _COPIERS[key] = function
    return function


def replace(value: _Value, **changes: Any) -> _Value:
    """A fast `attrs.evolve` for frozen attrs values on hot paths.

    It copies the fields and sets ``changes`` without running validators or
    converters (except a field's marked `CONVERT`, such as a game's ``history``,
    which may be given as any sequence), so every other changed value must already
    have its final type. The copying function is generated once per class (one line
    per field).

    Raises:
        TypeError: a change names no field of the class.
    """
    cls = type(value)
    function = _REPLACERS.get(cls) or _replacer(cls)
    try:
        result: _Value = function(value, **changes)
    except TypeError as exc:
        if "unexpected keyword" in str(exc):
            unknown = next(name for name in changes if name not in attrs.fields_dict(cls))  # type: ignore[arg-type]
            raise TypeError(f"{cls.__name__} has no field {unknown!r}") from None
        raise
    return result


def _type_problem(action: Action) -> str:
    """Describe what is malformed in an action built with wrongly typed fields."""
    name = type(action).__name__
    try:
        type(action).from_dict(unstructure(action))
    except InvalidDataError as exc:
        return f"malformed {name}: {exc.message}"
    except Exception:
        return f"malformed {name}: a field has the wrong type"
    return f"malformed {name}: a field has the wrong type"


class _Suspend(BaseException):
    """Internal: raised by `Context` to stop an action part-way.

    A `BaseException`, so that rules code catching `Exception` cannot swallow it.
    Raised once per suspension, so kept light: slotted, and its base's ``__init__`` is
    not called (its ``args`` are ``(request, state)``, as `BaseException` keeps them).
    """

    __slots__ = ("request", "state")

    def __init__(self, request: Decision | ChanceRequest, state: Any) -> None:
        self.request = request
        self.state = state


class Context:
    """What rules code uses while one action is applied: dice, decisions, events.

    Rules code never keeps a context beyond the action it was given for.
    """

    __slots__ = ("_cursor", "_dice", "_inputs", "_seed", "_state", "events", "external")

    def __init__(self, dice: DiceSource, inputs: tuple[Action, ...] = ()) -> None:
        """Start applying one action with these dice and previously supplied inputs."""
        self._dice = dice
        # Seeded dice roll here, on two integers (the same SplitMix64 steps as
        # `SeededDice.roll`), and become a `SeededDice` again only when read.
        if type(dice) is SeededDice:
            self.external = False
            self._seed: int | None = dice.seed
            self._state = dice.state
        else:
            self.external = isinstance(dice, ExternalDice)
            self._seed = None
            self._state = 0
        self._inputs = inputs
        self._cursor = 0
        self.events: list[Event] = []

    @property
    def dice(self) -> DiceSource:
        """The dice as they stand now (moved on by every roll made so far)."""
        seed = self._seed
        if seed is not None and self._state != self._dice.state:  # type: ignore[attr-defined]
            self._dice = _seeded(seed, self._state)
        return self._dice

    @property
    def replaying(self) -> bool:
        """True when the next decision or external roll is one supplied already.

        The action is being run again up to where it stopped: `decide` returns what
        was chosen without showing anything, so rules code may skip building its prompt.
        """
        return self._cursor < len(self._inputs)

    def emit(self, *events: Event) -> None:
        """Record events, in order."""
        self.events.extend(events)

    def _next_input(self) -> Action | None:
        if self._cursor < len(self._inputs):
            value = self._inputs[self._cursor]
            self._cursor += 1
            return value
        return None

    def roll_die(self, sides: int) -> int:
        """A fair roll of 1 to ``sides`` from dice that are not external (no label needed).

        The fast path of `roll` for rules code that has checked `external` first:
        nothing is shown to anybody, so no label is built.
        """
        if self._seed is None:
            value, self._dice = self._dice.roll(sides)
            return value
        limit = _LIMITS.get(sides)
        if limit is None:
            _check_sides(sides)
            limit = _LIMITS[sides] = _SPAN - _SPAN % sides
        state = self._state
        while True:
            state = (state + _GOLDEN) & _MASK64
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
            z ^= z >> 31
            if z < limit:
                self._state = state
                return z % sides + 1

    def roll(self, sides: int, *, label: str, state: Any = None) -> int:
        """Roll one die with faces 1 to ``sides``.

        Args:
            sides: the size of the die.
            label: what the roll is for, shown to whoever rolls external dice.
            state: the game as it stands now, shown while an external roll is awaited
                (or a function of no arguments that returns it, called only then).
        """
        if not self.external:
            return self.roll_die(sides)
        supplied = self._next_input()
        if supplied is None:
            p = Fraction(1, sides)
            raise _Suspend(
                ChanceRequest(label, tuple((face, p) for face in range(1, sides + 1))), state
            )
        assert isinstance(supplied, ChanceOutcome) and type(supplied.value) is int
        return supplied.value

    def roll_many(
        self, count: int, sides: int, *, label: str, state: Any = None
    ) -> tuple[int, ...]:
        """Roll ``count`` dice of ``sides`` faces, one at a time (so ``2d6`` is two rolls)."""
        if not self.external:
            if count == 1:
                return (self.roll_die(sides),)
            return tuple([self.roll_die(sides) for _ in range(count)])
        return tuple(
            self.roll(
                sides,
                label=f"{label} (die {i + 1} of {count})" if count > 1 else label,
                state=state,
            )
            for i in range(count)
        )

    def draw(self, faces: Sequence[T], *, label: str, state: Any = None) -> T:
        """Pick one of ``faces`` uniformly at random (a labelled die, or a card from a deck).

        Repeated faces are proportionally more likely.
        """
        if not faces:
            raise ValueError("cannot draw from nothing")
        if not self.external:
            return faces[self.roll_die(len(faces)) - 1]
        supplied = self._next_input()
        if supplied is None:
            counts: dict[T, int] = {}
            for face in faces:
                counts[face] = counts.get(face, 0) + 1
            outcomes = tuple((face, Fraction(n, len(faces))) for face, n in counts.items())
            raise _Suspend(ChanceRequest(label, outcomes), state)
        assert isinstance(supplied, ChanceOutcome)
        return next(face for face in faces if face == supplied.value)

    def decide(
        self,
        player: str,
        options: Sequence[Action],
        *,
        prompt: str,
        details: Mapping[str, int | str] | None = None,
        state: Any = None,
        force: bool = False,
    ) -> Action:
        """Ask ``player`` to choose one of ``options`` (a single option is taken at once).

        Args:
            player: who decides.
            options: every action the rules allow here (at least one).
            prompt: what is being decided, in words.
            details: facts a bot or a UI needs to decide (see `Decision`).
            state: the game as it stands now, returned by ``apply`` while the decision is awaited
                (or a function of no arguments that returns it, called only then).
            force: ask even when there is a single option, so that whether a player had a
                choice stays secret (a refuter with one matching card is asked too).
        """
        if len(options) == 1 and not force:
            return options[0]
        supplied = self._next_input()
        if supplied is None:
            shown = FrozenMap(details) if details else _NO_DETAILS  # `Decision`'s converter
            raise _Suspend(_make_decision(player, tuple(options), prompt, shown), state)
        return supplied


def _score_map(value: Mapping[str, int]) -> FrozenMap[str, int]:
    return FrozenMap(value)


@attrs.frozen
class Outcome:
    """How a finished game ended.

    Attributes:
        winners: the winning players (several share a tie; empty when nobody wins).
        reason: a short machine-readable reason, such as ``"voldemort_defeated"``.
        scores: the final score of each player, where the game keeps scores.
        description: the ending in words.
    """

    winners: tuple[str, ...]
    reason: str
    scores: FrozenMap[str, int] = attrs.field(factory=FrozenMap, converter=_score_map)
    description: str = ""


@attrs.frozen
class GameRecord:
    """A game's set-up plus every action applied: enough to replay it exactly.

    With seeded dice the record is the seed (in the set-up) plus the players'
    actions; with external dice it also holds every chance outcome.

    Attributes:
        game: the game's kind (``"hufflepuff-ravenclaw"``, ...).
        setup: the game's set-up as JSON-safe data (players, options, dice).
        actions: every action applied, in order.
    """

    game: str
    setup: Any
    actions: tuple[Action, ...]


def check_player_names(
    names: object, *, minimum: int, maximum: int, noun: str = "player"
) -> tuple[str, ...]:
    """Validate a list of player names and return it as a tuple.

    Each name goes through `hogwarts_rules.names.check_name` (1 to
    `MAX_NAME_LENGTH` characters, no surrounding white space, no control, format,
    surrogate or separator characters, not starting with ``<``, which is kept for
    `CHANCE`), and every name is different.

    Raises:
        IllegalActionError: a name is invalid, repeated, or the count is wrong.
    """
    if isinstance(names, str) or not isinstance(names, Iterable):
        raise IllegalActionError("bad_players", f"{noun}s must be given as a list of names")
    result = tuple(names)
    if not minimum <= len(result) <= maximum:
        raise IllegalActionError(
            "player_count", f"this game is for {minimum} to {maximum} {noun}s, not {len(result)}"
        )
    for name in result:
        check_name(name, f"a {noun} name")
    if len(set(result)) != len(result):
        raise IllegalActionError("duplicate_name", f"every {noun} needs a different name")
    return result


def make_dice(seed: int | None, dice: DiceSource | None) -> DiceSource:
    """The dice a new game starts with: ``dice`` if given, else seeded dice.

    A ``seed`` of ``None`` picks a fresh random seed (recorded in the game, so
    it can still be replayed).

    Raises:
        IllegalActionError: both ``seed`` and ``dice`` were given, or ``dice`` is
            not a dice source.
        DiceError: the seed is not a whole number from 0 to 2**64 - 1.
    """
    if dice is not None:
        if seed is not None:
            raise IllegalActionError("seed_and_dice", "give a seed or a dice source, not both")
        if not isinstance(dice, DiceSource):
            raise IllegalActionError(
                "bad_dice", f"{type(dice).__name__} is not a dice source (it has no roll method)"
            )
        return dice
    return SeededDice(secrets.randbits(64) if seed is None else seed)


def _same_json(a: object, b: object) -> bool:
    """Equal as JSON values, types included (``true`` is not ``1``, ``1.0`` is not ``1``)."""
    if isinstance(a, list | tuple) and isinstance(b, list | tuple):  # a JSON array either way
        return len(a) == len(b) and all(_same_json(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_same_json(a[k], b[k]) for k in a)
    return _json_kind(a) == _json_kind(b) and a == b


def _json_kind(value: object) -> type:
    """The JSON type of a scalar: bool, int, float, str (a str enum is a string) or None."""
    for kind in (bool, int, float, str):
        if isinstance(value, kind):
            return kind
    return type(value)


_LISTED_OUTCOMES: Final = 12
"""An external roll's outcomes are listed in a refusal when there are at most this many."""


def _shown_value(value: object) -> str:
    """A value given for an outcome, bounded: text quoted, so ``'6'`` is told from ``6``."""
    shown = shown_key(value)
    return repr(shown) if isinstance(value, str) else shown


def _expected_outcomes(allowed: Sequence[object]) -> str:
    """What a refused outcome should have been: a die's faces, the few outcomes, or their kind."""
    faces = sorted(value for value in allowed if type(value) is int)
    consecutive = faces == list(range(faces[0], faces[0] + len(faces))) if faces else False
    if consecutive and len(faces) == len(allowed):
        return f"a whole number from {faces[0]} to {faces[-1]}"
    if len(allowed) <= _LISTED_OUTCOMES:
        return "one of " + ", ".join(_shown_value(value) for value in allowed)
    kind = type(allowed[0]).__name__
    return f"one of {len(allowed)} {kind} values: see chance_outcomes()"


@attrs.frozen(kw_only=True)
class GameBase(abc.ABC):
    """What every game offers; each game module's ``Game`` derives from it.

    Subclasses implement the hooks whose names start with an underscore.

    Attributes:
        dice: the dice source the game rolls with (its state moves on with each roll).
        pending: the action stopped part-way, if a decision or an external roll is awaited.
        history: every action applied since set-up, in order.
    """

    KIND: ClassVar[str]
    ACTION_TYPE: ClassVar[type[Action]]
    SETUP_TYPE: ClassVar[type[Any]]

    dice: DiceSource = attrs.field(repr=False)
    pending: Pending | None = attrs.field(default=None, repr=False)
    history: History = attrs.field(
        factory=History, converter=as_history, repr=False, metadata={CONVERT: History}
    )
    # What is worked out from the value (who acts, the legal actions), kept once
    # asked: a pure function of the value, so it takes no part in equality or repr.
    _memo_to_act: tuple[str, ...] | None = attrs.field(
        default=None, init=False, eq=False, repr=False, metadata={MEMO: True}
    )
    _memo_root: tuple[Action, ...] | None = attrs.field(
        default=None, init=False, eq=False, repr=False, metadata={MEMO: True}
    )
    # Each seat's actions: a dict never changed in place (a new one per seat added), so
    # that rules code may prime many values with one shared dict.
    _memo: dict[str, tuple[Action, ...]] | None = attrs.field(
        default=None, init=False, eq=False, repr=False, metadata={MEMO: True}
    )

    # ----- hooks for subclasses -----------------------------------------------------

    def _setup_dict(self) -> dict[str, Any]:
        """The set-up as JSON-safe data (including the starting dice).

        By default the ``setup`` field, unstructured by the shared converter.
        """
        result: dict[str, Any] = unstructure(getattr(self, "setup"))  # noqa: B009
        return result

    @classmethod
    def _from_setup_dict(cls, data: Any) -> Self:
        """Build the starting game from `_setup_dict` output (untrusted).

        By default: structure ``data`` as ``cls.SETUP_TYPE`` and pass it to `_start`,
        reporting any rule it breaks as an `InvalidDataError` at ``$.setup``.
        """
        setup = structure(data, cls.SETUP_TYPE, "$.setup")
        try:
            return cls._start(setup)
        except RulesError as exc:
            raise InvalidDataError("bad_setup", f"$.setup: {exc.message}", "$.setup") from None

    @classmethod
    def _start(cls, setup: Any) -> Self:
        """The starting game for a validated set-up (games using the default `_from_setup_dict`)."""
        raise TypeError(f"{cls.__name__} must implement _start or _from_setup_dict")

    @abc.abstractmethod
    def _state_dict(self) -> dict[str, Any]:
        """The current state as JSON-safe data, for readers of ``to_dict()``."""

    @abc.abstractmethod
    def _root_actions(self) -> tuple[Action, ...]:
        """The actions that can start something now (no action is pending)."""

    @abc.abstractmethod
    def _root_to_act(self) -> tuple[str, ...]:
        """Who must decide now when no action is pending."""

    @abc.abstractmethod
    def _check_root(self, action: Action) -> None:
        """Raise `IllegalActionError` if ``action`` cannot start now."""

    @abc.abstractmethod
    def _play(self, ctx: Context, action: Action) -> Self:
        """Apply a checked root action and return the resulting game."""

    @abc.abstractmethod
    def view(self, seat: str | None) -> Any:
        """What ``seat`` may see of the game; ``None``: the table (what a spectator sees).

        A frozen, typed value (see `hogwarts_rules.spec.View`) with a ``to_dict()``;
        it never holds the dice, a seed or anything else that predicts a roll or a
        draw, nor another seat's secret.

        Raises:
            IllegalActionError: there is no such seat.
        """

    @property
    @abc.abstractmethod
    def seat_names(self) -> tuple[str, ...]:
        """The seats (players or characters), in seat order."""

    @property
    @abc.abstractmethod
    def is_over(self) -> bool:
        """True once the game has ended."""

    @property
    @abc.abstractmethod
    def outcome(self) -> Outcome | None:
        """How the game ended, or ``None`` while it goes on."""

    # ----- the contract ---------------------------------------------------------------

    @property
    def to_act(self) -> tuple[str, ...]:
        """Who must decide now: player names, ``(CHANCE,)``, or ``()`` when nobody must."""
        if self.pending is None:
            found = self._memo_to_act
            if found is None:
                found = self._root_to_act()
                object.__setattr__(self, "_memo_to_act", found)
            return found
        request = self.pending.request
        if isinstance(request, ChanceRequest):
            return (CHANCE,)
        return (request.player,)

    @property
    def awaiting(self) -> Decision | ChanceRequest | None:
        """The decision or external roll the game is waiting for, if any."""
        return None if self.pending is None else self.pending.request

    def legal_actions(self, player: str | None = None) -> tuple[Action, ...]:
        """Every action the rules allow now, optionally only those ``player`` may take.

        Each listed action is accepted by `apply()`. When external dice are
        awaited, the listed actions are the possible `ChanceOutcome` values.
        """
        memo = self._memo  # one seat's actions, once worked out (only when nothing is pending)
        if memo is not None and type(player) is str:
            found = memo.get(player)
            if found is not None:
                return found
        if self.pending is not None:
            request = self.pending.request
            if isinstance(request, ChanceRequest):
                return (
                    ()
                    if player not in (None, CHANCE)
                    else tuple(ChanceOutcome(v) for v, _ in request.outcomes)
                )
            if player is not None and player != request.player:
                return ()
            return request.options
        if self.is_over:
            return ()
        root = self._memo_root
        if root is None:
            root = self._legal_root()
        if player is None:
            return root
        if type(player) is not str:
            return tuple(a for a in root if a.actor == player)
        found = None if memo is None else memo.get(player)
        if found is None:
            found = tuple(a for a in root if a.actor == player)
            # Never changed in place: rules code may prime values with one shared dict.
            memo = {player: found} if memo is None else {**memo, player: found}
            object.__setattr__(self, "_memo", memo)
        return found

    def _legal_root(self) -> tuple[Action, ...]:
        """`_root_actions`, worked out once per game value."""
        found = self._memo_root
        if found is None:
            found = self._root_actions()
            object.__setattr__(self, "_memo_root", found)
        return found

    def chance_outcomes(self) -> tuple[tuple[ChanceOutcome, Fraction], ...]:
        """When external dice are awaited: each possible outcome with its exact probability."""
        request = self.awaiting
        if not isinstance(request, ChanceRequest):
            return ()
        return tuple((ChanceOutcome(value), p) for value, p in request.outcomes)

    def check(self, action: object) -> None:
        """Raise if ``action`` cannot be applied now; return ``None`` if it can.

        Raises:
            IllegalActionError: the action is of the wrong kind, for the wrong
                player, or breaks a rule (the message names the rule).
        """
        if not isinstance(action, Action):
            raise IllegalActionError("bad_action", f"{type(action).__name__} is not an action")
        if isinstance(action, CORE_ACTIONS):
            self._check_core(action)
            return
        if self.pending is not None:
            self._check_pending(action)
            return
        if self.is_over:
            raise IllegalActionError("game_over", "the game is over; no more actions can be taken")
        if isinstance(action, ChanceOutcome):
            raise IllegalActionError("no_roll_awaited", "no external roll is awaited now")
        if not isinstance(action, self.ACTION_TYPE):
            raise IllegalActionError(
                "bad_action", f"{type(action).__name__} is not an action of {self.KIND}"
            )
        try:
            self._check_root(action)
        except RulesError:
            raise
        except (TypeError, AttributeError, KeyError, ValueError):
            # An action built in Python with a field of the wrong type: say which.
            raise IllegalActionError("bad_action", _type_problem(action)) from None

    @property
    def practice(self) -> bool:
        """True once practice mode has started (see `hogwarts_rules.actions.Practice`)."""
        return self.history.practice_from is not None

    def _check_core(self, action: Action) -> None:
        """Check `Practice` and `Rekey`, which every game accepts when nothing is awaited."""
        if self.is_over:
            raise IllegalActionError("game_over", "the game is over; no more actions can be taken")
        if self.pending is not None:
            raise IllegalActionError(
                "decision_awaited",
                f"{type(action).__name__} waits until no decision or roll is awaited",
            )
        if isinstance(action, Practice):
            if self.practice:
                raise IllegalActionError("already_practice", "practice mode has already started")
            return
        assert isinstance(action, Rekey)
        if not self.practice:
            raise IllegalActionError("not_practice", "the dice are re-keyed only in practice mode")
        if not isinstance(self.dice, SeededDice):
            raise IllegalActionError("bad_rekey", "only seeded dice can be re-keyed")
        if seed_from_string(action.seed) is None:
            raise IllegalActionError(
                "bad_rekey", "a new seed is a decimal string from 0 to 2**64 - 1"
            )

    def _apply_core(self, action: Action) -> tuple[Self, tuple[Event, ...]]:
        history = self.history.add(action)
        if isinstance(action, Rekey):
            seed = seed_from_string(action.seed)
            assert seed is not None
            return replace(self, dice=SeededDice(seed), history=history), (DiceRekeyed(),)
        return replace(self, history=history), (PracticeStarted(),)

    def _check_pending(self, action: Action) -> None:
        assert self.pending is not None
        request = self.pending.request
        if isinstance(request, ChanceRequest):
            if not isinstance(action, ChanceOutcome):
                raise IllegalActionError(
                    "roll_awaited",
                    f"an external roll is awaited ({request.label}); apply a ChanceOutcome",
                )
            allowed = [value for value, _ in request.outcomes]
            if action.value not in allowed or type(action.value) is not type(allowed[0]):
                raise IllegalActionError(
                    "bad_roll",
                    f"{_shown_value(action.value)} is not a possible outcome of"
                    f" {request.label} (expected {_expected_outcomes(allowed)})",
                )
            return
        if isinstance(action, ChanceOutcome):
            raise IllegalActionError(
                "no_roll_awaited",
                f"no roll is awaited; {request.player} must decide: {request.prompt}",
            )
        if action.actor is not None and action.actor != request.player:
            raise IllegalActionError(
                "not_your_turn",
                f"{request.player} must decide now ({request.prompt}), not {action.actor}",
            )
        if action not in request.options:
            raise IllegalActionError(
                "not_an_option",
                # The kind only: a decision's fields may name a secret (a card to show).
                f"{type(action).__name__} is not one of the choices for: {request.prompt}",
            )

    def can_apply(self, action: object) -> bool:
        """True if `apply()` would accept ``action`` now.

        (``apply`` may still fail if scripted dice run out.)
        """
        try:
            self.check(action)
        except RulesError:
            return False
        return True

    def apply(self, action: Action) -> tuple[Self, tuple[Event, ...]]:
        """Apply ``action`` and return the next game and the events it caused.

        The game itself never changes. If the action stops part-way (a player
        must decide, or external dice must roll), the returned game's
        `to_act` and `legal_actions()` say what is awaited, and the
        events are those that happened so far.

        Raises:
            IllegalActionError: the action is not allowed now (see `check()`).
            DiceError: scripted dice ran out or do not fit the die rolled.
        """
        pending = self.pending
        if pending is None:
            # An action listed by `legal_actions` (the tuple worked out once for this
            # value) is accepted as it is: the check would only find it in that tuple.
            listed = self._memo_root
            if listed is not None:  # the very object first (drivers hand back a listed one)
                for option in listed:
                    if option is action:
                        break
                else:
                    if not isinstance(action, Action) or action not in listed:
                        listed = None
            if listed is None:
                self.check(action)
                if isinstance(action, CORE_ACTIONS):
                    return self._apply_core(action)
            root: Self = self
            root_action = action
            inputs: tuple[Action, ...] = ()
            skip = 0
        else:
            # One of the awaited decision's own options (the very object, as listed by
            # `legal_actions`) is accepted as it is: the check would only find it there.
            request = pending.request
            if type(request) is Decision:
                for option in request.options:
                    if option is action:
                        break
                else:
                    self.check(action)
            else:
                self.check(action)
            root = pending.root
            root_action = pending.action
            inputs = (*pending.inputs, action)
            skip = pending.emitted
        ctx = Context(root.dice, inputs)
        history = self.history.add(action)
        try:
            next_game = root._play_to_end(ctx, root_action, history)
        except _Suspend as stop:
            shown = stop.state if stop.state is not None else root
            if callable(shown):  # a draft's freezer, called only now that it is needed
                shown = shown()
            pending = _make_pending(root, root_action, inputs, stop.request, len(ctx.events))
            suspended = copier(type(shown), "dice", "pending", "history")  # `replace`, positional
            next_game = suspended(shown, root.dice, pending, history)
            return next_game, tuple(ctx.events[skip:])
        return next_game, tuple(ctx.events[skip:] if skip else ctx.events)

    def _play_to_end(self, ctx: Context, action: Action, history: History) -> Self:
        """`_play` the action, then set the dice, the history and no pending action.

        A game whose rules run on a draft overrides it to build the result once.
        """
        result = self._play(ctx, action)
        return replace(result, dice=ctx.dice, pending=None, history=history)

    def apply_all(self, actions: Iterable[Action]) -> tuple[Self, tuple[Event, ...]]:
        """Apply several actions in order; return the final game and all events."""
        game = self
        events: list[Event] = []
        for action in actions:
            game, new = game.apply(action)
            events.extend(new)
        return game, tuple(events)

    # ----- take-backs -------------------------------------------------------------------

    def can_take_back(self, steps: int = 1) -> bool:
        """True if `takeback` would take back the last ``steps`` actions.

        A take-back is fair only while nothing has happened since but one seat's own
        choices: no roll or draw, nothing shown to any seat, nobody else asked to
        decide (see `hogwarts_rules.takeback`).
        """
        from hogwarts_rules.takeback import take_back_problem

        return take_back_problem(self, steps) is None

    def takeback(self, steps: int = 1) -> Self:
        """The game as it was before its last ``steps`` actions, when that is fair.

        Raises:
            IllegalActionError: code ``no_take_back``: the actions revealed something
                (a roll, a draw, a card shown, a pass), another seat has been asked to
                decide since, or there is nothing to take back. The message says which,
                never what was revealed.
        """
        from hogwarts_rules.takeback import take_back

        return take_back(self, steps)

    # ----- records and serialization --------------------------------------------------

    @property
    def record(self) -> GameRecord:
        """The game's set-up and every action applied, for `replay()`."""
        return GameRecord(self.KIND, self._setup_dict(), tuple(self.history))

    @classmethod
    def replay(cls, record: GameRecord, *, max_actions: int | None = MAX_ACTIONS) -> Self:
        """Rebuild a game by replaying its record from the set-up.

        Args:
            record: the set-up and the actions.
            max_actions: the most actions replayed (default `MAX_ACTIONS`; ``None``:
                no bound); a longer record is refused before anything is replayed.

        Raises:
            InvalidDataError: the record is for another game, its set-up is
                invalid, one of its actions is illegal where it stands, or it holds
                more than ``max_actions`` actions (code ``too_many_actions``).
        """
        check_action_count(record.actions, max_actions)
        if record.game != cls.KIND:
            raise InvalidDataError(
                "wrong_game",
                f"$.game: the data is a {shown_key(record.game)!r} game, and this is"
                f" {cls.KIND!r}'s loader (hogwarts_rules.find_game(kind) finds any kind's)",
                "$.game",
            )
        game = cls._from_setup_dict(record.setup)
        for index, action in enumerate(record.actions):
            try:
                game, _ = game.apply(action)
            except RulesError as exc:
                path = f"$.actions[{index}]"
                raise InvalidDataError("illegal_record", f"{path}: {exc.message}", path) from None
        return game

    def to_dict(self) -> dict[str, Any]:
        """Return the game as JSON-safe data.

        The data holds the format and its version, the set-up, every action
        applied, and (for readers; rebuilt on load) the current state.

        Raises:
            InvalidDataError: the game uses a custom dice source that cannot be serialized.
        """
        return {
            "format": FORMAT,
            "version": FORMAT_VERSION,
            "game": self.KIND,
            "setup": self._setup_dict(),
            "actions": [action.to_dict() for action in self.history],
            "state": self._state_dict(),
        }

    @classmethod
    def from_dict(cls, data: object, *, max_actions: int | None = MAX_ACTIONS) -> Self:
        """Rebuild a game from `to_dict()` output, treating it as untrusted.

        The set-up is validated and the actions are replayed under the rules, so
        no impossible game can be loaded. If a ``"state"`` is present it must
        match the replayed game exactly.

        Args:
            data: the saved game, as `json.loads` gives it.
            max_actions: the most actions replayed (default `MAX_ACTIONS`; ``None``:
                no bound); a longer save is refused before any action is read.

        Raises:
            InvalidDataError: malformed data, another format or version, an
                illegal action, a state that does not match the actions, or more
                than ``max_actions`` actions (code ``too_many_actions``).
        """
        if not isinstance(data, dict):
            raise InvalidDataError("bad_type", "$: a saved game must be a JSON object")
        allowed = {"format", "version", "game", "setup", "actions", "state"}
        extra = sorted(set(data) - allowed, key=shown_key)
        if extra:
            raise InvalidDataError("unknown_field", f"$: unknown field {shown_key(extra[0])!r}")
        if data.get("format") != FORMAT:
            raise InvalidDataError("bad_format", f"$.format: expected {FORMAT!r}", "$.format")
        version = data.get("version")
        if type(version) is not int or version not in READ_VERSIONS:
            raise InvalidDataError(
                "bad_version",
                f"$.version: this library reads format versions "
                f"{', '.join(map(str, READ_VERSIONS))}",
                "$.version",
            )
        # Version 1 wrote 64-bit seeds as integers: read them as version 2 writes them.
        data = upgrade_saved_game(data, version)
        check_safe_integers(data)  # no whole number outside +-(2**53 - 1), anywhere
        game_kind = data.get("game")
        if not isinstance(game_kind, str):
            raise InvalidDataError("bad_type", "$.game: expected a string", "$.game")
        if "setup" not in data or "actions" not in data:
            raise InvalidDataError("missing_field", "$: a saved game needs 'setup' and 'actions'")
        check_action_count(data["actions"], max_actions)
        actions = _structure_actions(data["actions"])
        game = cls.replay(GameRecord(game_kind, data["setup"], actions), max_actions=None)
        if "state" in data and not _same_json(data["state"], game._state_dict()):
            raise InvalidDataError(
                "state_mismatch", "$.state: does not match the game its actions produce", "$.state"
            )
        return game


def _structure_actions(data: object) -> tuple[Action, ...]:
    """A saved game's actions, structured strictly (``$.actions``).

    A game repeats the same few actions many times: each distinct flat action
    object (string, boolean and null fields) is structured once per load.
    """
    if not isinstance(data, list):
        return structure(data, tuple[Action, ...], "$.actions")
    seen: dict[tuple[tuple[str, object, type], ...], Action] = {}
    actions: list[Action] = []
    for index, item in enumerate(data):
        key = None
        if isinstance(item, dict) and all(
            type(v) is str or type(v) is bool or v is None for v in item.values()
        ):
            key = tuple((k, v, type(v)) for k, v in item.items())
            found = seen.get(key)
            if found is not None:
                actions.append(found)
                continue
        action = structure(item, Action, f"$.actions[{index}]")
        if key is not None:
            seen[key] = action
        actions.append(action)
    return tuple(actions)


converter.register_unstructure_hook(
    GameRecord,
    lambda r: {"game": r.game, "setup": r.setup, "actions": unstructure(list(r.actions))},
)


def refuse(code: str, message: str) -> NoReturn:
    """Raise an `IllegalActionError` (a helper for rules code)."""
    raise IllegalActionError(code, message)
