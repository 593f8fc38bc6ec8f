"""Action and observation codecs: a game's actions as whole numbers, a view as numbers.

Learning frameworks (PettingZoo, OpenSpiel) want a fixed, numbered action space
and a fixed-length numeric observation. A game that offers them gives its spec
two hooks, `GameSpec.action_codec` and `GameSpec.observation_codec`; each is
called with a game and returns the codec for that game's set-up (the numbering
may depend on the seats or on the board, never on the dice or a secret).

An **action codec** (`ActionCodec`) numbers every action the game can ever
offer, from 0 to ``size - 1``. The numbering is **seat-relative**: a number says
what is done, not who does it (``RollToMove`` is one number for every player);
the seat that acts is known from the game, as in PettingZoo and OpenSpiel. So
``codec.decode(codec.encode(action), action.actor) == action`` for every action,
and ``codec.mask(game, seat)`` marks the numbers ``seat`` may play now.

An **observation codec** (`ObservationCodec`) turns one seat's view (never the
game) into a fixed-length list of numbers, each named and bounded by a `Feature`.

Examples:
    >>> import hogwarts_rules
    >>> spec = hogwarts_rules.find_game("adventure")
    >>> game = spec.new_game(2, seed=3)
    >>> codec = spec.action_codec(game)
    >>> codec.size, codec.encode(game.legal_actions()[0])
    (31, 0)
    >>> codec.decode(0, None), codec.label(0)
    (RollOff(), 'RollOff()')
    >>> [i for i, legal in enumerate(codec.mask(game, "Harry")) if legal]
    [0]
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

import attrs

from hogwarts_rules.errors import IllegalActionError

if TYPE_CHECKING:
    from hogwarts_rules.actions import Action
    from hogwarts_rules.engine import GameBase

__all__ = [
    "ActionCodec",
    "ActionTable",
    "Feature",
    "ObservationCodec",
    "ObservationLayout",
    "one_hot",
]

_SEAT_FIELD = "player"
"""The field of an action that names the seat taking it (every game of the library)."""


@functools.cache
def _getter(names: tuple[str, ...]) -> Callable[[Any], tuple[Any, ...]]:
    """Reads several fields of an action at once."""
    return operator.attrgetter(*names)


@runtime_checkable
class ActionCodec(Protocol):
    """A fixed numbering of every action a game can offer (see the module docstring)."""

    @property
    def size(self) -> int:
        """How many numbers there are (the actions are ``0`` to ``size - 1``)."""
        ...

    def encode(self, action: Action) -> int:
        """The number of ``action`` (who takes it is not part of the number).

        Raises:
            IllegalActionError: the action is not one the numbering covers
                (code ``bad_action``).
        """
        ...

    def decode(self, index: int, seat: str | None) -> Action:
        """The action numbered ``index``, taken by ``seat`` (ignored by an action nobody owns).

        Raises:
            IllegalActionError: ``index`` numbers no action (code ``bad_action``).
        """
        ...

    def mask(self, game: GameBase, seat: str) -> list[bool]:
        """For each number, whether ``seat`` may take that action in ``game`` now."""
        ...

    def mask_of(self, actions: Iterable[Action]) -> list[bool]:
        """For each number, whether it is one of ``actions`` (a view's ``legal_actions``)."""
        ...

    def label(self, index: int) -> str:
        """The action numbered ``index`` in words (its class and fields, no seat)."""
        ...


def _shown(index: object) -> str:
    """A short text for a bad action number (a huge int is not turned into digits)."""
    if type(index) is int and index.bit_length() > 64:
        return f"a number of {index.bit_length()} bits"
    try:
        return repr(index)[:20]
    except Exception:  # an object whose repr fails or is too big
        return type(index).__name__


@attrs.frozen
class ActionTable:
    """An `ActionCodec` built from a list: entry ``i`` is action ``i``.

    Each entry is an action class and the values of its fields **other than**
    ``player`` (the seat taking it). An action class without a ``player`` field
    (a set-up step such as Clue's deal) is taken by nobody.

    Attributes:
        entries: the actions in numbering order, as (class, fields without the seat).

    Examples:
        >>> from hogwarts_rules.adventure import ChooseHouse, KeepRoll
        >>> table = ActionTable.build([(KeepRoll, {}), (ChooseHouse, {"house": "Gryffindor"})])
        >>> table.size, table.encode(ChooseHouse("Ron", "Gryffindor"))
        (2, 1)
        >>> table.decode(0, "Ron"), table.label(1)
        (KeepRoll(player='Ron'), "ChooseHouse(house='Gryffindor')")
        >>> table.encode(ChooseHouse("Ron", "Slytherin"))
        Traceback (most recent call last):
        ...
        hogwarts_rules.errors.IllegalActionError: ChooseHouse(house='Slytherin') has no number
    """

    entries: tuple[tuple[type[Action], Mapping[str, Any]], ...]
    _index: Mapping[tuple[Any, ...], int] = attrs.field(eq=False, repr=False)
    _fields: Mapping[type[Action], tuple[str, ...]] = attrs.field(eq=False, repr=False)
    _seated: frozenset[type[Action]] = attrs.field(eq=False, repr=False)

    @classmethod
    def build(cls, entries: Iterable[tuple[type[Action], Mapping[str, Any]]]) -> ActionTable:
        """The table numbering ``entries`` in order.

        Raises:
            ValueError: an entry is given twice, or its fields do not fit its class.
        """
        listed = tuple((kind, dict(values)) for kind, values in entries)
        fields: dict[type[Action], tuple[str, ...]] = {}
        seated: set[type[Action]] = set()
        index: dict[tuple[Any, ...], int] = {}
        for i, (kind, values) in enumerate(listed):
            if kind not in fields:
                names = tuple(field.name for field in attrs.fields(kind))
                fields[kind] = tuple(name for name in names if name != _SEAT_FIELD)
                if _SEAT_FIELD in names:
                    seated.add(kind)
            if set(values) != set(fields[kind]):
                raise ValueError(f"entry {i}: {kind.__name__} needs the fields {fields[kind]}")
            key = (kind, *(values[name] for name in fields[kind]))
            if key in index:
                raise ValueError(f"entry {i}: {kind.__name__}{values} is listed twice")
            index[key] = i
        return cls(listed, index, fields, frozenset(seated))

    @property
    def size(self) -> int:
        """See `ActionCodec.size`."""
        return len(self.entries)

    def _key(self, action: Action) -> tuple[Any, ...] | None:
        kind = type(action)
        names = self._fields.get(kind)
        if names is None:
            return None
        if not names:
            return (kind,)
        if len(names) == 1:
            return (kind, getattr(action, names[0]))
        return (kind, *_getter(names)(action))

    def encode(self, action: Action) -> int:
        """See `ActionCodec.encode`."""
        key = self._key(action)
        found = None if key is None else self._index.get(key)
        if found is None:
            fields = (
                ", ".join(f"{n}={getattr(action, n)!r}" for n in self._fields[type(action)])
                if type(action) in self._fields
                else ""
            )
            raise IllegalActionError(
                "bad_action", f"{type(action).__name__}({fields}) has no number"
            )
        return found

    def _number(self, index: object) -> int:
        """``index`` as an action number, or `IllegalActionError` ``bad_action``."""
        try:
            number = -1 if isinstance(index, bool) else operator.index(index)  # type: ignore[arg-type]
        except TypeError:
            number = -1
        if not 0 <= number < len(self.entries):
            shown = _shown(index)
            raise IllegalActionError(
                "bad_action", f"{shown} is not an action number (0 to {self.size - 1})"
            )
        return number

    def decode(self, index: int, seat: str | None) -> Action:
        """See `ActionCodec.decode`."""
        kind, values = self.entries[self._number(index)]
        if kind in self._seated:
            return kind(**{_SEAT_FIELD: seat}, **values)
        return kind(**values)

    def mask(self, game: GameBase, seat: str) -> list[bool]:
        """See `ActionCodec.mask` (the actions of `hogwarts_rules.bots.seat_actions`)."""
        from hogwarts_rules.bots import seat_actions

        return self.mask_of(seat_actions(game, seat))

    def mask_of(self, actions: Iterable[Action]) -> list[bool]:
        """See `ActionCodec.mask_of`."""
        legal = [False] * len(self.entries)
        for action in actions:
            legal[self.encode(action)] = True
        return legal

    def label(self, index: int) -> str:
        """See `ActionCodec.label` (`IllegalActionError` ``bad_action`` for no action)."""
        kind, values = self.entries[self._number(index)]
        fields = ", ".join(f"{name}={value!r}" for name, value in values.items())
        return f"{kind.__name__}({fields})"


@attrs.frozen
class Feature:
    """One number of an observation vector: its name and its bounds.

    Attributes:
        name: what it is (``"me.house_points"``, ``"seat1.space=Library"``).
        low: the smallest value (values below are clipped to it).
        high: the largest value (values above are clipped to it).
    """

    name: str
    low: float = 0.0
    high: float = 1.0


@runtime_checkable
class ObservationCodec(Protocol):
    """Turns one seat's view into a fixed-length list of bounded numbers."""

    @property
    def features(self) -> tuple[Feature, ...]:
        """The numbers, in order, each named and bounded."""
        ...

    def encode(self, view: Any, *, clip: bool = True) -> list[float]:
        """The numbers for ``view`` (a seat's view), clipped to the features' bounds.

        With ``clip=False`` a value may lie outside its bounds (for a caller that
        clips many at once, as the PettingZoo adapter does with NumPy).
        """
        ...


def one_hot(value: object, options: Sequence[object]) -> list[float]:
    """``1.0`` where ``options`` holds ``value``, ``0.0`` elsewhere (all zeros if absent).

    Examples:
        >>> one_hot("b", ["a", "b", "c"]), one_hot(None, ["a", "b"])
        ([0.0, 1.0, 0.0], [0.0, 0.0])
    """
    return [1.0 if option == value else 0.0 for option in options]


@attrs.frozen
class ObservationLayout:
    """An `ObservationCodec` from a list of features and a function filling them in.

    Features bounded 0 to 1 are flags and one-hots: ``fill`` gives them as 0 or 1.
    Every other value is clipped to its feature's bounds.

    Attributes:
        features: the numbers, in order.
        fill: ``fill(view)`` gives exactly one value per feature, in order.

    Examples:
        >>> layout = ObservationLayout((Feature("x", 0, 10), Feature("y", -1, 1)), lambda v: [v, v])
        >>> layout.size, layout.encode(12), layout.encode(-3)
        (2, [10.0, 1.0], [0.0, -1.0])
    """

    features: tuple[Feature, ...]
    fill: Callable[[Any], Sequence[float]] = attrs.field(eq=False, repr=False)
    _clipped: tuple[tuple[int, float, float], ...] = attrs.field(init=False, eq=False, repr=False)

    @_clipped.default
    def _bounds(self) -> tuple[tuple[int, float, float], ...]:
        return tuple(
            (i, float(f.low), float(f.high))
            for i, f in enumerate(self.features)
            if (f.low, f.high) != (0, 1)
        )

    @property
    def size(self) -> int:
        """How many numbers an observation has."""
        return len(self.features)

    @property
    def names(self) -> tuple[str, ...]:
        """The features' names, in order."""
        return tuple(f.name for f in self.features)

    def encode(self, view: Any, *, clip: bool = True) -> list[float]:
        """See `ObservationCodec.encode`.

        Raises:
            ValueError: the game's ``fill`` gave the wrong number of values (a bug).
        """
        values = list(self.fill(view))
        if len(values) != len(self.features):
            raise ValueError(f"{len(values)} values for {len(self.features)} features")
        if not clip:
            return values
        for i, low, high in self._clipped:
            value = values[i]
            values[i] = low if value < low else high if value > high else float(value)
        return values
