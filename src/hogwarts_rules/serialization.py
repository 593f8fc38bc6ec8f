"""JSON-safe (un)structuring shared by all games, built on cattrs.

Everything that crosses the library's boundary (games, actions, events, dice)
has a ``to_dict()`` that returns plain JSON types, and a ``from_dict()`` that
treats its input as untrusted: types are checked strictly (``"3"`` is not a
number, ``true`` is not ``1``), unknown fields are refused, numbers and strings
are bounded, and every problem is reported as an
`InvalidDataError` naming the offending field.
Nothing is ever evaluated and pickle is never used.

JSON that every language reads the same: no whole number the library writes lies
outside ±(2**53 - 1) (`MAX_SAFE_INT`), the integers a float64 holds exactly (what
JavaScript's ``JSON.parse`` gives a program), and ``from_dict`` refuses one that
does (code ``unsafe_integer``, naming the field). 64-bit seeds and dice states are
written as decimal strings (see `hogwarts_rules.dice.seed_from_string`).

Tagged records (actions and events) carry their kind in a ``"type"`` field;
`Registry` maps those tags to classes.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping
from collections.abc import Sequence as AbcSequence
from collections.abc import Set as AbcSet
from typing import Any, Final, TypeVar, get_args, get_origin

import attrs
import cattrs
import cattrs.errors
import cattrs.v
from cattrs.cols import homogenous_tuple_structure_factory, is_sequence

from hogwarts_rules.dice import (
    DiceSource,
    ExternalDice,
    ScriptedDice,
    SeededDice,
    dice_from_dict,
    dice_to_dict,
    upgrade_v1_dice,
)
from hogwarts_rules.errors import InvalidDataError, RulesError
from hogwarts_rules.frozen import FrozenMap

__all__ = [
    "FORMAT",
    "FORMAT_VERSION",
    "MAX_INT",
    "MAX_SAFE_INT",
    "MAX_STRING",
    "READ_VERSIONS",
    "Registry",
    "check_action_count",
    "check_safe_integers",
    "converter",
    "shown_key",
    "structure",
    "unstructure",
    "upgrade_saved_game",
]

FORMAT: Final = "hogwarts-rules"
"""The value of the ``"format"`` field of every serialized game."""

FORMAT_VERSION: Final = 2
"""The version of the serialized game format that is written; bumped on incompatible changes.

Version 2 writes seeded dice's ``seed`` and ``state`` as decimal strings; version 1
wrote them as integers (up to 2**64 - 1, which not every JSON reader keeps exactly).
"""

READ_VERSIONS: Final = (1, 2)
"""The format versions ``from_dict`` reads: a version 1 save loads (see `upgrade_saved_game`)."""

MAX_INT: Final = 2**53
"""Whole numbers in untrusted data must lie strictly between ``-MAX_INT`` and ``MAX_INT``."""

MAX_SAFE_INT: Final = MAX_INT - 1
"""The largest whole number the library writes or reads: 2**53 - 1 (and down to its negative).

Every integer from ``-MAX_SAFE_INT`` to ``MAX_SAFE_INT`` is exactly a float64, so a
JSON reader that reads every number as a float64 (JavaScript's) keeps it exactly.
"""

MAX_STRING: Final = 1000
"""Strings in untrusted data are at most this many characters long."""

T = TypeVar("T")


_ATOMS: Final = (str, int, float, bool, type(None))


def shown_key(key: object, limit: int = 60) -> str:
    """A mapping key as text for a message or a path: bounded, and never raising.

    A key from a Python caller may be of any type, an integer too large for
    ``str`` (Python refuses to convert one of more than 4300 digits) included.

    Examples:
        >>> shown_key("points"), shown_key(7), shown_key("x" * 100)[-4:]
        ('points', '7', 'x...')
        >>> shown_key(10**5000)
        '<an integer of 16610 bits>'
        >>> shown_key([[1], 2])
        '<a list of 2 items>'
    """
    if isinstance(key, int) and not isinstance(key, bool) and abs(key) >= 10**30:
        return f"<an integer of {key.bit_length()} bits>"
    flat = isinstance(key, tuple) and len(key) <= 8 and all(isinstance(x, _ATOMS) for x in key)
    if not flat and isinstance(key, list | tuple | dict | set | frozenset):
        # never the repr of a container: it may be huge, or nested past the recursion limit
        count = len(key)
        return f"<a {type(key).__name__} of {count} item{'' if count == 1 else 's'}>"
    try:
        text = key if isinstance(key, str) else repr(key)
    except Exception:  # a Python caller's object whose repr fails (or recurses)
        return f"<a {type(key).__name__}>"
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _unsafe(value: int, path: str) -> InvalidDataError:
    # Never str() a huge number: Python refuses one of more than 4300 digits.
    text = str(value) if -(10**30) < value < 10**30 else f"a number of {value.bit_length()} bits"
    return InvalidDataError(
        "unsafe_integer",
        f"{path}: {text} is out of the safe range -(2**53 - 1) to 2**53 - 1 (the whole "
        "numbers every JSON reader keeps exactly)",
        path,
    )


def _structure_int(value: object, _: type) -> int:
    if type(value) is not int:
        raise TypeError(f"expected a whole number, got {_json_type(value)}")
    if not -MAX_INT < value < MAX_INT:
        raise _unsafe(value, "$")
    return value


def _all_safe(data: object) -> bool:
    """True if no whole number in ``data`` lies outside ±`MAX_SAFE_INT`."""
    stack = [data]
    pop, push = stack.pop, stack.extend
    seen: set[int] = set()  # containers walked: a Python caller's may hold itself
    while stack:
        value = pop()
        kind = type(value)
        if kind is str or kind is bool or value is None or kind is float:
            continue
        if kind is int:
            if not -MAX_INT < value < MAX_INT:  # type: ignore[operator]
                return False
            continue
        if id(value) in seen:
            continue
        if isinstance(value, Mapping):
            seen.add(id(value))
            push(value.values())
        elif isinstance(value, list | tuple):
            seen.add(id(value))
            push(value)
    return True


def check_safe_integers(data: object, path: str = "$") -> None:
    """Refuse untrusted JSON data holding a whole number outside ±`MAX_SAFE_INT`.

    Raises:
        InvalidDataError: code ``unsafe_integer``, with the path of the first such number.

    Examples:
        >>> check_safe_integers({"points": [1, 2**53 - 1, -(2**53 - 1)]})
        >>> check_safe_integers({"points": [1, 2**53]})
        Traceback (most recent call last):
        ...
        hogwarts_rules.errors.InvalidDataError: $.points[1]: 9007199254740992 is out of ...
    """
    if _all_safe(data):  # the common case, without building a path for every value
        return
    stack: list[tuple[object, str]] = [(data, path)]
    seen: set[int] = set()
    while stack:
        value, where = stack.pop()
        if type(value) is int:
            if not -MAX_INT < value < MAX_INT:
                raise _unsafe(value, where)
            continue
        if id(value) in seen:
            continue
        seen.add(id(value))
        if isinstance(value, Mapping):
            items = [(item, f"{where}.{shown_key(key)}") for key, item in value.items()]
            stack.extend(reversed(items))
        elif isinstance(value, list | tuple):
            stack.extend(reversed([(item, f"{where}[{i}]") for i, item in enumerate(value)]))


def check_action_count(actions: object, max_actions: int | None, path: str = "$.actions") -> None:
    """Refuse a saved list of actions longer than ``max_actions`` (``None``: no bound).

    Checked before any action is read or replayed, so that the cost of refusing a huge
    save does not grow with it: what `GameBase.from_dict` and ``replay`` take as their
    ``max_actions``, and the engine protocol's ``load`` (at its step limit). A value
    that is not a list is left to the reader (it refuses it, naming the field).

    Raises:
        InvalidDataError: code ``too_many_actions``, naming ``path``.

    Examples:
        >>> check_action_count([{"type": "clue.deal"}], 1)
        >>> check_action_count([{}] * 3, 2)
        Traceback (most recent call last):
        ...
        hogwarts_rules.errors.InvalidDataError: $.actions: 3 actions, more than the 2 allowed
    """
    if max_actions is None or not isinstance(actions, list | tuple):
        return
    if len(actions) > max_actions:
        raise InvalidDataError(
            "too_many_actions",
            f"{path}: {len(actions)} actions, more than the {max_actions} allowed",
            path,
        )


def upgrade_saved_game(data: Mapping[str, Any], version: int) -> dict[str, Any]:
    """A saved game of a version `READ_VERSIONS` lists, as the current version reads it.

    Version 1 differs from version 2 in one thing only: seeded dice wrote their
    ``seed`` and ``state`` as integers. They are rewritten as decimal strings (see
    `hogwarts_rules.dice.upgrade_v1_dice`); everything else is read the same, and
    checked as strictly. ``data`` is not changed.
    """
    result = dict(data)
    if version == 1 and "setup" in result:
        result["setup"] = upgrade_v1_dice(result["setup"])
    result["version"] = FORMAT_VERSION
    return result


def _structure_str(value: object, _: type) -> str:
    if type(value) is not str:
        raise TypeError(f"expected a string, got {_json_type(value)}")
    if len(value) > MAX_STRING:
        raise ValueError(f"string longer than {MAX_STRING} characters")
    return value


def _structure_bool(value: object, _: type) -> bool:
    if type(value) is not bool:
        raise TypeError(f"expected true or false, got {_json_type(value)}")
    return value


def _structure_int_or_str(value: object, _: type) -> int | str:
    if type(value) is int:
        return _structure_int(value, int)
    if type(value) is str:
        return _structure_str(value, str)
    raise TypeError(f"expected a whole number or a string, got {_json_type(value)}")


def _json_type(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list | tuple):
        return "a list"
    if isinstance(value, Mapping):
        return "an object"
    return type(value).__name__


def _tuple_hook_factory(type_: Any, conv: cattrs.Converter) -> Callable[[Any, Any], Any]:
    inner = homogenous_tuple_structure_factory(type_, conv)

    def hook(value: object, t: Any) -> Any:
        if not isinstance(value, list | tuple):
            raise TypeError(f"expected a list, got {_json_type(value)}")
        return inner(value, t)

    return hook


def _frozenmap_hook_factory(type_: Any, conv: cattrs.Converter) -> Callable[[Any, Any], Any]:
    args = get_args(type_)
    key_type, value_type = args if args else (str, Any)
    as_dict = conv.get_structure_hook(dict[key_type, value_type])  # type: ignore[valid-type]

    def hook(value: object, t: Any) -> Any:
        if not isinstance(value, Mapping):
            raise TypeError(f"expected an object, got {_json_type(value)}")
        return FrozenMap(as_dict(value, t))

    return hook


def _frozenset_hook_factory(type_: Any, conv: cattrs.Converter) -> Callable[[Any, Any], Any]:
    (elem,) = get_args(type_) or (Any,)
    as_tuple = conv.get_structure_hook(tuple[elem, ...])  # type: ignore[valid-type]

    def hook(value: object, t: Any) -> Any:
        return frozenset(as_tuple(value, t))

    return hook


def _dice_structure(value: object, _: type) -> DiceSource:
    return dice_from_dict(value)


def _enum_hook(cls: type[enum.Enum]) -> Callable[[object, type], enum.Enum]:
    """Read an enum from one of its own values only (a string enum: from its strings)."""
    allowed = ", ".join(repr(member.value) for member in cls)

    def hook(value: object, _: type) -> enum.Enum:
        if isinstance(value, cls):
            return value
        if isinstance(value, str) and type(value) is not str:
            value = str.__str__(value)  # another string enum's member: its text
        raw: object = _structure_str(value, str) if isinstance(value, str) else value
        if type(raw) not in {type(member.value) for member in cls}:
            raise TypeError(f"expected one of {allowed}, got {_json_type(raw)}")
        try:
            return cls(raw)
        except ValueError:
            shown = raw[:60] if isinstance(raw, str) else raw
            raise ValueError(f"expected one of {allowed}, got {shown!r}") from None

    return hook


_ENUM_HOOKS: dict[type[enum.Enum], Callable[[object, type], enum.Enum]] = {}


def _structure_enum(value: object, cls: type[enum.Enum]) -> enum.Enum:
    hook = _ENUM_HOOKS.get(cls)
    if hook is None:
        hook = _ENUM_HOOKS[cls] = _enum_hook(cls)
    return hook(value, cls)


def _plain_str(value: str) -> str:
    return value if type(value) is str else str.__str__(value)


def _enum_value(member: enum.Enum) -> Any:
    value = member.value
    return str.__str__(value) if isinstance(value, str) else value


def _origin(type_: Any) -> Any:
    return get_origin(type_) or type_


def _is_homogeneous_tuple(type_: Any) -> bool:
    return bool(is_sequence(type_)) and _origin(type_) is tuple and ... in get_args(type_)


def _make_converter() -> cattrs.Converter:
    conv = cattrs.Converter(
        forbid_extra_keys=True,
        detailed_validation=True,
        unstruct_collection_overrides={tuple: list, AbcSequence: list, AbcSet: list},
    )
    conv.register_structure_hook(int, _structure_int)
    conv.register_structure_hook(str, _structure_str)
    conv.register_structure_hook(bool, _structure_bool)
    conv.register_structure_hook(int | str, _structure_int_or_str)
    factories: list[tuple[Callable[[Any], bool], Any]] = [
        (_is_homogeneous_tuple, _tuple_hook_factory),
        (lambda t: _origin(t) is FrozenMap, _frozenmap_hook_factory),
        (lambda t: _origin(t) is frozenset, _frozenset_hook_factory),
    ]
    conv.register_unstructure_hook_func(
        lambda t: isinstance(t, type) and issubclass(t, enum.Enum), lambda member: member.value
    )
    # A field typed ``str`` may be given a string enum's member (``Space.INVITATION``):
    # it is written as the plain string, so ``to_dict`` holds JSON's own types only.
    conv.register_unstructure_hook(str, _plain_str)
    for predicate, factory in factories:
        conv.register_structure_hook_factory(predicate, factory)
    # Enums, string enums included (which the ``str`` hook would otherwise take and read
    # as any string): only their own values are read, and plain values are written.
    # Registered by base class: a string enum's class comes before ``str`` in its MRO.
    for base in (enum.Enum, enum.StrEnum, enum.IntEnum):
        conv.register_structure_hook(base, _structure_enum)
        conv.register_unstructure_hook(base, _enum_value)
    conv.register_unstructure_hook_func(
        lambda t: _origin(t) is FrozenMap, lambda m: {k: conv.unstructure(v) for k, v in m.items()}
    )
    conv.register_unstructure_hook_func(
        lambda t: _origin(t) is frozenset, lambda s: sorted(conv.unstructure(x) for x in s)
    )
    # Exact matches only: DiceSource is a runtime-checkable protocol, and a class-based
    # hook would also catch every class with a ``roll`` attribute.
    dice_types = (DiceSource, SeededDice, ScriptedDice, ExternalDice)
    conv.register_structure_hook_func(lambda t: t in dice_types, _dice_structure)
    conv.register_unstructure_hook_func(lambda t: t in dice_types, dice_to_dict)
    return conv


converter: Final = _make_converter()
"""The strict cattrs converter every game registers its types with."""


def _join(path: str, inner: str) -> str:
    """Append a path relative to ``$`` (``$.type``) to ``path``."""
    return path + inner[1:] if inner.startswith("$") else path


def _shown_index(index: object) -> str:
    """A list index or a mapping key in a path: a key quoted, at most 60 characters of it."""
    if isinstance(index, str):
        return repr(shown_key(index))
    return shown_key(index)


def _first_error(exc: BaseException, path: str) -> tuple[str, str, str]:
    """The first leaf error of a cattrs error tree, as (path, message, code)."""
    if isinstance(exc, cattrs.IterableValidationError | cattrs.ClassValidationError):
        with_notes, without = exc.group_exceptions()
        for sub, note in with_notes:
            if isinstance(note, cattrs.errors.IterableValidationNote):
                where = f"{path}[{_shown_index(note.index)}]"
            else:
                where = f"{path}.{note.name}"
            return _first_error(sub, where)
        if without:
            return _first_error(without[0], path)
        return path, "invalid value", "invalid_value"
    if isinstance(exc, InvalidDataError):
        bare = exc.message
        prefix = f"{exc.path}: "
        if bare.startswith(prefix):
            bare = bare[len(prefix) :]
        return _join(path, exc.path), bare, exc.code
    if isinstance(exc, RulesError):
        return path, exc.message, "invalid_value"
    if isinstance(exc, cattrs.ForbiddenExtraKeysError):
        first = sorted(exc.extra_fields, key=shown_key)[0]
        shown = repr(shown_key(first)) if isinstance(first, str) else shown_key(first)
        return path, f"unknown field {shown}", "unknown_field"
    if isinstance(exc, KeyError):
        return path, "required field missing", "missing_field"
    if isinstance(exc, RecursionError):
        return path, "nested too deeply to read", "too_deep"
    text = str(exc)
    if type(exc) in (TypeError, ValueError) and text.startswith(("expected", "number", "string")):
        return path, text, "invalid_value"
    if "not in literal" in text:
        return path, "not one of the allowed values", "invalid_value"
    return path, cattrs.v.format_exception(exc, None), "invalid_value"


def _as_invalid_data(exc: BaseException, path: str) -> InvalidDataError:
    if isinstance(exc, InvalidDataError) and path == "$":
        return exc
    where, message, code = _first_error(exc, path)
    return InvalidDataError(code, f"{where}: {message}", where)


def structure(data: object, type_: type[T], path: str = "$") -> T:
    """Structure untrusted JSON data into ``type_``, strictly.

    Raises:
        InvalidDataError: the data does not fit; the message names the field.
    """
    try:
        return converter.structure(data, type_)
    except (
        cattrs.BaseValidationError,
        RulesError,
        TypeError,
        ValueError,
        KeyError,
        AttributeError,
        RecursionError,
    ) as exc:
        raise _as_invalid_data(exc, path) from None


def unstructure(value: object) -> Any:
    """Return the JSON-safe form of a value, as its own class describes it."""
    return converter.unstructure(value, unstructure_as=type(value))


@attrs.define
class Registry:
    """Maps ``"type"`` tags to the classes of one family (actions, or events).

    A base class registered with `add_base` structures any tagged record
    of its subclasses: ``converter.structure({"type": "hr.end_session"}, Action)``.
    """

    family: str
    classes: dict[str, type[Any]] = attrs.field(factory=dict)
    _plain: dict[type[Any], Callable[[Any], dict[str, Any]]] = attrs.field(factory=dict)

    def register(self, tag: str) -> Callable[[type[T]], type[T]]:
        """Class decorator giving a class its tag (set as ``cls.TYPE``).

        Raises:
            ValueError: the tag is taken by another class.
        """

        def decorate(cls: type[T]) -> type[T]:
            taken = self.classes.get(tag)
            if taken is not None and taken.__qualname__ != cls.__qualname__:
                raise ValueError(
                    f"{self.family} tag {tag!r} is already used by {taken.__qualname__}"
                )
            cls.TYPE = tag  # type: ignore[attr-defined]
            self.classes[tag] = cls
            converter.register_unstructure_hook(cls, self._unstructure)
            return cls

        return decorate

    def add_base(self, base: type[Any]) -> None:
        """Let fields typed with ``base`` hold any registered subclass (tagged)."""
        converter.register_structure_hook_func(lambda t: t is base, self._structure_hook(base))
        converter.register_unstructure_hook(base, self._unstructure)

    def _unstructure(self, value: Any) -> dict[str, Any]:
        cls = type(value)
        plain = self._plain.get(cls)
        if plain is None:
            plain = self._plain[cls] = cattrs.gen.make_dict_unstructure_fn(cls, converter)
        return {"type": cls.TYPE, **plain(value)}

    def _structure_hook(self, base: type[Any]) -> Callable[[Any, Any], Any]:
        def hook(value: object, _: Any) -> Any:
            return self.structure(value, base)

        return hook

    def structure(self, data: object, base: type[T], path: str = "$") -> T:
        """Structure a tagged record that must be a ``base`` (or a subclass).

        Raises:
            InvalidDataError: unknown or missing tag, wrong kind, bad fields.
        """
        if not isinstance(data, Mapping):
            raise InvalidDataError(
                "bad_type", f"{path}: expected an object, got {_json_type(data)}", path
            )
        tag = data.get("type")
        if not isinstance(tag, str):
            raise InvalidDataError(
                "missing_type",
                f"{path}.type: every {self.family} needs a string 'type' field",
                path + ".type",
            )
        cls = self.classes.get(tag)
        if cls is None or not issubclass(cls, base):
            known = sorted(t for t, c in self.classes.items() if issubclass(c, base))
            shown = ", ".join(known[:12]) + (", ..." if len(known) > 12 else "")
            raise InvalidDataError(
                "unknown_type",
                f"{path}.type: unknown {self.family} type {tag[:60]!r} (known: {shown})",
                path + ".type",
            )
        ignored = ("type", "description") if self.family == "event" else ("type",)
        fields = {k: v for k, v in data.items() if k not in ignored}
        return structure(fields, cls, path)
