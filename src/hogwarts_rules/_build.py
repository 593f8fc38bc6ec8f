"""Building frozen slotted values fast: a private mutable twin of a frozen class.

A frozen attrs class (or any class whose ``__setattr__`` refuses) can only be
filled in through ``object.__setattr__`` or its slots' descriptors, one call per
field. Its *twin* has the same bases and the same slots but Python's own
``__setattr__``, so a generated function fills a new twin instance with plain
attribute stores (which the interpreter runs without a call), then turns it into
an instance of the frozen class by assigning ``__class__`` (allowed between classes
with the same layout). The value is then exactly what the class's own constructor
would build from the same field values; the twin instance never escapes the
generated function.

This is the engine's private tool for its hottest constructions: events
(`hogwarts_rules.events.constructor`), views (`hogwarts_rules.views.positional`), a
game's copy per action (`hogwarts_rules.engine.copier`, `replacer`), a history's next
link and a `FrozenMap` over a finished draft. A class the technique does not fit (no
slots of its own, or a layout Python will not switch) gets ``None`` from `twin`, and
its callers fall back to setting each slot through its descriptor.

Examples:
    >>> import attrs
    >>> @attrs.frozen(weakref_slot=False)
    ... class Point:
    ...     x: int
    ...     y: int
    >>> Twin = twin(Point)
    >>> p = object.__new__(Twin)
    >>> p.x, p.y = 1, 2
    >>> p.__class__ = Point
    >>> p == Point(1, 2), type(p) is Point
    (True, True)
"""

from __future__ import annotations

import abc
import inspect
import types
from collections.abc import Callable, Sequence
from typing import Any, Final, Generic, TypeVar

import attrs

__all__ = ["build_lines", "positional", "twin"]

_TWINS: Final[dict[type[Any], type[Any] | None]] = {}


def twin(cls: type[Any]) -> type[Any] | None:
    """``cls``'s mutable twin (same bases, same slots), or ``None`` where it cannot be made.

    A twin is made only for a concrete class that declares its own ``__slots__``,
    whose class is `type` or `abc.ABCMeta` and whose bases run no
    ``__init_subclass__`` (making the twin must not register it anywhere), and whose
    instances Python lets change class to and from the twin (checked once, here): on
    Python 3.11 not one whose own slots include ``__weakref__``. Each twin names the
    class it serves as ``__twin_of__`` (it is a subclass of that class's bases, so
    ``Base.__subclasses__()`` lists it).
    """
    if cls in _TWINS:
        return _TWINS[cls]
    found: type[Any] | None = None
    slots = cls.__dict__.get("__slots__")
    hooked = any(
        "__init_subclass__" in base.__dict__
        for base in cls.__mro__[1:]
        if base is not object and base is not Generic
    )
    if (
        slots is not None
        and not hooked
        and type(cls) in (type, abc.ABCMeta)
        and not getattr(cls, "__abstractmethods__", None)
    ):
        own = (slots,) if isinstance(slots, str) else tuple(slots)
        namespace = {
            "__slots__": own,
            "__setattr__": object.__setattr__,
            "__delattr__": object.__delattr__,
            "__module__": cls.__module__,
            "__qualname__": f"{cls.__qualname__}.<twin>",
            "__twin_of__": cls,
        }
        try:
            meta: Any = type(cls)  # abc.ABCMeta for a game: the twin's class is the same
            candidate: type[Any] = meta(f"{cls.__name__}Twin", cls.__bases__, namespace)
            # A twin instance is only ever filled in, never used: nothing is abstract.
            candidate.__abstractmethods__ = frozenset()
            probe = object.__new__(candidate)
            probe.__class__ = cls  # the layouts agree (TypeError otherwise)
            found = candidate
        except Exception:  # any class Python or a metaclass will not let us twin
            found = None
    _TWINS[cls] = found
    return found


def build_lines(
    cls: type[Any], values: Sequence[tuple[str, str]], namespace: dict[str, Any]
) -> list[str]:
    """Generated lines (indented once) that leave ``new``, a ``cls`` with these field values.

    ``values`` pairs each field's name with the expression (in the generated
    function) of its value, in the order the lines set them; every field of the
    class must be given. ``namespace`` receives what the lines refer to.
    """
    found = twin(cls)
    namespace["_new"] = object.__new__
    namespace["_cls"] = cls
    slotted = all(
        isinstance(inspect.getattr_static(cls, name, None), types.MemberDescriptorType)
        for name, _ in values
    )
    if found is not None and slotted:
        namespace["_twin"] = found
        result = ["    new = _new(_twin)"]
        result += [f"    new.{name} = {value}" for name, value in values]
        result.append("    new.__class__ = _cls")
        return result
    result = ["    new = _new(_cls)"]
    for name, value in values:
        slot = inspect.getattr_static(cls, name, None)
        if isinstance(slot, types.MemberDescriptorType):
            namespace[f"_set_{name}"] = slot.__set__
            result.append(f"    _set_{name}(new, {value})")
        else:
            namespace["_set"] = object.__setattr__
            result.append(f"    _set(new, {name!r}, {value})")
    return result


_V = TypeVar("_V")
_POSITIONAL: dict[type[Any], Callable[..., Any]] = {}


def positional(cls: type[_V]) -> Callable[..., _V]:
    """A generated ``cls(...)`` taking every field positionally, in declaration order.

    Each value is set as it is (no converter or validator runs): for values the
    library built itself, of their final types. Generated once per class (one line
    per field, filled in as the class's mutable twin where it has one).
    """
    found = _POSITIONAL.get(cls)
    if found is not None:
        return found
    names = [field.name for field in attrs.fields(cls)]  # type: ignore[arg-type]
    namespace: dict[str, Any] = {}
    lines = [f"def make_{cls.__name__}({', '.join(names)}):"]
    lines += build_lines(cls, [(name, name) for name in names], namespace)
    lines.append("    return new")
    exec("\n".join(lines), namespace)  # generated from the class's own field names
    function: Callable[..., _V] = namespace[f"make_{cls.__name__}"]
    _POSITIONAL[cls] = function
    return function
