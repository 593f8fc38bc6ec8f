"""Injectable dice: seeded, scripted, external, or your own.

A game never calls `random`. It asks its *dice source* for each roll, and the
source is part of the (immutable) game value, so ``game.apply(action)`` stays pure:
the same game and the same action always give the same result.

Four kinds of source:

* `SeededDice` (the default): a portable pseudo-random generator
  (SplitMix64 with rejection sampling). Same seed and same actions give the same
  game on every platform and Python version.
* `ScriptedDice`: "the next rolls are 6, 2, 5", for tests and tutorials.
  Raises `DiceError` when the script runs out.
* `ExternalDice`: the game stops at every roll. ``game.to_act`` is then
  ``(CHANCE,)``, ``game.chance_outcomes()`` lists the possible results with exact
  probabilities, and the caller applies one of them as a
  `ChanceOutcome` (physical dice at a real table,
  or a search tool enumerating outcomes).
* anything that follows the `DiceSource` protocol.

Examples:
    >>> dice = SeededDice(seed=7)
    >>> first, dice = dice.roll(20)
    >>> second, dice = dice.roll(20)
    >>> (first, second)
    (8, 5)
    >>> scripted = ScriptedDice((6, 2))
    >>> scripted.roll(6)[0]
    6
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from fractions import Fraction
from typing import Any, Final, Protocol, runtime_checkable

import attrs

from hogwarts_rules._build import twin
from hogwarts_rules.errors import DiceError, InvalidDataError

__all__ = [
    "CHANCE",
    "MAX_SIDES",
    "DiceSource",
    "ExternalDice",
    "ScriptedDice",
    "SeededDice",
    "dice_from_dict",
    "die_probabilities",
    "seed_from_string",
    "seed_to_string",
    "upgrade_v1_dice",
]

CHANCE: Final = "<chance>"
"""The name ``game.to_act`` uses for chance: an external roll is awaited.

Player names may not start with ``<``, so this never collides with a player.
"""

MAX_SIDES: Final = 1000
"""The largest die (or the widest uniform choice) a dice source is asked for."""

_MASK64: Final = (1 << 64) - 1
_GOLDEN: Final = 0x9E3779B97F4A7C15
_SEED_DIGITS: Final = len(str(_MASK64))  # 20: the longest seed or state, in decimal


def seed_to_string(value: int) -> str:
    """A seed or a dice state (0 to 2**64 - 1) as JSON writes it: a decimal string.

    Integers above 2**53 - 1 are not kept exactly by every JSON reader (JavaScript's
    ``JSON.parse`` rounds them), so saved games write seeds and states as strings.

    Examples:
        >>> seed_to_string(2**64 - 1)
        '18446744073709551615'
    """
    return str(value)


def seed_from_string(text: object) -> int | None:
    """The seed or dice state a decimal string writes, or ``None`` if it is not one.

    Strict: ASCII digits only (no sign, space, ``_`` or other digit), no leading
    zero except in ``"0"``, at most 20 digits, and a value from 0 to 2**64 - 1.

    Examples:
        >>> seed_from_string("18446744073709551615") == 2**64 - 1
        True
        >>> [seed_from_string(text) for text in ("0", "07", "+7", "18446744073709551616", 7)]
        [0, None, None, None, None]
    """
    if type(text) is not str or not 1 <= len(text) <= _SEED_DIGITS:
        return None
    if not (text.isascii() and text.isdigit()) or (text[0] == "0" and len(text) > 1):
        return None
    value = int(text)
    return value if value <= _MASK64 else None


@runtime_checkable
class DiceSource(Protocol):
    """What a game needs from a source of randomness.

    A source is an immutable value: `roll()` returns the result *and the
    source to use next*, and never changes ``self``. A source that breaks this
    (for example one wrapping `random.Random`) still works, but games using
    it are no longer pure, cannot be replayed, and cannot be serialized.
    """

    def roll(self, sides: int) -> tuple[int, DiceSource]:
        """Roll one die with ``sides`` faces numbered 1 to ``sides``.

        Args:
            sides: the number of faces, from 1 to `MAX_SIDES`.

        Returns:
            The face rolled and the source to use for the next roll.

        Raises:
            DiceError: the source cannot produce this roll.
        """
        ...


def _check_sides(sides: int) -> None:
    if type(sides) is not int or not 1 <= sides <= MAX_SIDES:
        raise DiceError("bad_die", f"a die must have 1 to {MAX_SIDES} sides, not {sides!r}")


def _splitmix64(state: int) -> tuple[int, int]:
    """Advance a SplitMix64 state; return (output, next_state)."""
    state = (state + _GOLDEN) & _MASK64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return z ^ (z >> 31), state


def _check_seed(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if type(value) is not int or not 0 <= value <= _MASK64:
        raise DiceError("bad_seed", f"{attribute.name} must be an integer from 0 to 2**64 - 1")


# No weak references: a value with its own ``__weakref__`` slot gets no mutable twin on
# Python 3.11 (see hogwarts_rules._build), and the engine makes one of these per action.
@attrs.frozen(weakref_slot=False)
class SeededDice:
    """Portable seeded dice (SplitMix64 with rejection sampling).

    The generator is specified here, not borrowed from `random`, so a seed
    gives the same rolls on every platform and Python version. Every roll is
    exactly uniform (biased outputs are rejected and drawn again).

    Attributes:
        seed: the seed the dice started from (0 to 2**64 - 1).
        state: the generator's current state; equal to ``seed`` before the first roll.
    """

    seed: int = attrs.field(validator=_check_seed)
    state: int = attrs.field(validator=_check_seed)

    @state.default
    def _state_default(self) -> int:
        return self.seed

    def roll(self, sides: int) -> tuple[int, SeededDice]:
        """Roll one fair die; see `DiceSource.roll()`."""
        _check_sides(sides)
        limit = (_MASK64 + 1) - ((_MASK64 + 1) % sides)
        state = self.state
        while True:
            output, state = _splitmix64(state)
            if output < limit:
                return output % sides + 1, SeededDice(self.seed, state)

    def __repr__(self) -> str:
        # The state predicts every future roll: keep it out of reprs (and logs).
        return f"SeededDice(seed={self.seed})"

    def to_dict(self) -> dict[str, Any]:
        """Return the JSON-safe form (see `dice_from_dict`): seed and state as decimal strings.

        Examples:
            >>> SeededDice(2**64 - 1).to_dict()
            {'kind': 'seeded', 'seed': '18446744073709551615', 'state': '18446744073709551615'}
        """
        return {
            "kind": "seeded",
            "seed": seed_to_string(self.seed),
            "state": seed_to_string(self.state),
        }


def _seeded(seed: int, state: int) -> SeededDice:
    """`SeededDice` without re-checking ``seed`` and ``state`` (both already checked)."""
    dice = _new(_SeededTwin)  # filled in as its mutable twin (see hogwarts_rules._build)
    dice.seed = seed
    dice.state = state
    dice.__class__ = SeededDice
    return dice  # type: ignore[no-any-return]


_new: Final = object.__new__
_SeededTwin: Final[Any] = twin(SeededDice)
assert _SeededTwin is not None


def _int_tuple(values: Iterable[int]) -> tuple[int, ...]:
    if isinstance(values, str | bytes) or not isinstance(values, Iterable):
        raise DiceError("bad_script", "scripted rolls must be a list of whole numbers")
    return tuple(values)


@attrs.frozen
class ScriptedDice:
    """Dice that give a fixed list of rolls, in order: for tests and tutorials.

    Examples:
        >>> dice = ScriptedDice((4, 1))
        >>> a, dice = dice.roll(6)
        >>> b, dice = dice.roll(20)
        >>> (a, b, dice.remaining)
        (4, 1, ())
        >>> dice.roll(6)
        Traceback (most recent call last):
        ...
        hogwarts_rules.errors.DiceError: the scripted dice have run out (2 rolls were scripted ...)

    Attributes:
        rolls: every scripted roll, used and unused.
        position: how many rolls have been used.
    """

    rolls: tuple[int, ...] = attrs.field(converter=_int_tuple)
    position: int = 0

    def __attrs_post_init__(self) -> None:
        for value in self.rolls:
            if type(value) is not int or not 1 <= value <= MAX_SIDES:
                raise DiceError(
                    "bad_script",
                    f"a scripted roll must be a whole number from 1 to {MAX_SIDES}, not {value!r}",
                )
        if type(self.position) is not int or not 0 <= self.position <= len(self.rolls):
            raise DiceError("bad_script", "the script position must lie within the script")

    @property
    def remaining(self) -> tuple[int, ...]:
        """The rolls not used yet."""
        return self.rolls[self.position :]

    def roll(self, sides: int) -> tuple[int, ScriptedDice]:
        """Give the next scripted roll; see `DiceSource.roll()`.

        Raises:
            DiceError: the script has run out, or the next roll does not fit the die.
        """
        _check_sides(sides)
        if self.position >= len(self.rolls):
            raise DiceError(
                "dice_exhausted",
                f"the scripted dice have run out ({len(self.rolls)} rolls were scripted and all "
                f"have been used; a d{sides} was asked for)",
            )
        value = self.rolls[self.position]
        if value > sides:
            raise DiceError(
                "bad_script",
                f"scripted roll number {self.position + 1} is {value}, "
                f"which a d{sides} cannot show",
            )
        return value, ScriptedDice(self.rolls, self.position + 1)

    def to_dict(self) -> dict[str, Any]:
        """Return the JSON-safe form (see `dice_from_dict`)."""
        return {"kind": "scripted", "rolls": list(self.rolls), "position": self.position}


@attrs.frozen
class ExternalDice:
    """Dice rolled outside the game: the caller supplies every outcome.

    With this source, a game that needs a roll stops: ``game.to_act == (CHANCE,)``,
    ``game.chance_outcomes()`` gives every possible outcome with its exact
    probability, and ``game.apply(ChanceOutcome(value))`` continues.
    """

    def roll(self, sides: int) -> tuple[int, ExternalDice]:
        """External dice cannot roll by themselves; games handle them before calling this.

        Raises:
            DiceError: always.
        """
        raise DiceError("external_dice", "external dice are rolled by the caller, not by the game")

    def to_dict(self) -> dict[str, Any]:
        """Return the JSON-safe form (see `dice_from_dict`)."""
        return {"kind": "external"}


def die_probabilities(sides: int) -> tuple[tuple[int, Fraction], ...]:
    """Every face of a fair die with its exact probability.

    Examples:
        >>> die_probabilities(3)
        ((1, Fraction(1, 3)), (2, Fraction(1, 3)), (3, Fraction(1, 3)))
    """
    _check_sides(sides)
    p = Fraction(1, sides)
    return tuple((face, p) for face in range(1, sides + 1))


def dice_to_dict(dice: DiceSource) -> dict[str, Any]:
    """Return the JSON-safe form of a built-in dice source.

    Raises:
        InvalidDataError: the source is not one of the built-in kinds and has no
            ``to_dict`` method.
    """
    to_dict = getattr(dice, "to_dict", None)
    if not isinstance(dice, SeededDice | ScriptedDice | ExternalDice) or to_dict is None:
        raise InvalidDataError(
            "dice_not_serializable",
            f"a game using a custom dice source ({type(dice).__name__}) cannot be serialized; "
            "use SeededDice, ScriptedDice or ExternalDice",
        )
    result: dict[str, Any] = to_dict()
    return result


def dice_from_dict(data: object, path: str = "$") -> SeededDice | ScriptedDice | ExternalDice:
    """Rebuild a dice source from its `to_dict()` form, validating it.

    A seeded source's ``seed`` and ``state`` are decimal strings (see
    `seed_from_string`); the integers of format version 1 are converted by
    `upgrade_v1_dice` before this is called.

    Examples:
        >>> dice_from_dict({"kind": "seeded", "seed": "7", "state": "7"})
        SeededDice(seed=7)

    Raises:
        InvalidDataError: the data is not a valid dice description.
    """
    if not isinstance(data, Mapping):
        raise InvalidDataError("bad_type", f"{path}: dice must be an object", path)
    kind = data.get("kind")
    expected: dict[object, tuple[str, ...]] = {
        "seeded": ("kind", "seed", "state"),
        "scripted": ("kind", "rolls", "position"),
        "external": ("kind",),
    }
    if kind not in expected:
        raise InvalidDataError(
            "unknown_dice",
            f"{path}.kind: unknown dice kind {kind!r} (seeded, scripted or external)",
            path + ".kind",
        )
    extra = sorted(set(data) - set(expected[kind]), key=str)
    missing = [key for key in expected[kind] if key not in data]
    if extra:
        raise InvalidDataError(
            "unknown_field", f"{path}: unknown field {extra[0]!r} for {kind} dice", path
        )
    if missing:
        raise InvalidDataError(
            "missing_field", f"{path}: missing field {missing[0]!r} for {kind} dice", path
        )
    if kind == "seeded":
        values = []
        for key in ("seed", "state"):
            value = seed_from_string(data[key])
            if value is None:
                where = f"{path}.{key}"
                raise InvalidDataError(
                    "bad_dice",
                    f"{where}: must be a decimal string from '0' to '{_MASK64}' "
                    "(digits only, no leading zeros)",
                    where,
                )
            values.append(value)
        return SeededDice(values[0], values[1])
    if kind == "scripted":
        rolls = data["rolls"]
        if not isinstance(rolls, list | tuple) or len(rolls) > 1_000_000:
            where = f"{path}.rolls"
            raise InvalidDataError("bad_type", f"{where}: must be a list of whole numbers", where)
        for index, value in enumerate(rolls):
            if type(value) is not int or not 1 <= value <= MAX_SIDES:
                where = f"{path}.rolls[{index}]"
                raise InvalidDataError(
                    "bad_dice", f"{where}: must be a whole number from 1 to {MAX_SIDES}", where
                )
        position = data["position"]
        if type(position) is not int or not 0 <= position <= len(rolls):
            where = f"{path}.position"
            raise InvalidDataError(
                "bad_dice", f"{where}: must be a whole number from 0 to {len(rolls)}", where
            )
        return ScriptedDice(tuple(rolls), position)
    return ExternalDice()


_UPGRADE_DEPTH: Final = 32  # dice are never nested deeper than this in a set-up


def upgrade_v1_dice(data: object, depth: int = 0) -> object:
    """Version 1 of the saved-game format wrote seeded dice with integer seed and state.

    Return ``data`` (a version-1 set-up, or any part of it) with the ``seed`` and
    ``state`` of every seeded dice object rewritten as decimal strings, as version 2
    writes them, when they are whole numbers from 0 to 2**64 - 1. Everything else is
    returned as it is (and checked later, as for version 2); ``data`` is not changed.

    Examples:
        >>> upgrade_v1_dice({"players": ["Ann"], "dice": {"kind": "seeded", "seed": 7, "state": 7}})
        {'players': ['Ann'], 'dice': {'kind': 'seeded', 'seed': '7', 'state': '7'}}
    """
    if depth > _UPGRADE_DEPTH:
        return data
    if isinstance(data, list):
        return [upgrade_v1_dice(item, depth + 1) for item in data]
    if not isinstance(data, dict):
        return data
    if data.get("kind") == "seeded" and set(data) <= {"kind", "seed", "state"}:
        return {
            key: seed_to_string(value)
            if key != "kind" and type(value) is int and 0 <= value <= _MASK64
            else value
            for key, value in data.items()
        }
    return {key: upgrade_v1_dice(value, depth + 1) for key, value in data.items()}
