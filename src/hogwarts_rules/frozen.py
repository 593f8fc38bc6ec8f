"""A small immutable, hashable mapping used inside game values.

Game values are frozen and hashable, so a character's skills cannot live in a
plain ``dict``. `FrozenMap` reads like a dict, keeps insertion order, and
compares equal to a dict with the same items.

Examples:
    >>> skills = FrozenMap({"Brawl": 2, "Charms": 0})
    >>> skills["Brawl"]
    2
    >>> skills == {"Charms": 0, "Brawl": 2}
    True
    >>> skills.set("Brawl", 3)
    FrozenMap({'Brawl': 3, 'Charms': 0})
    >>> hash(skills) == hash(FrozenMap({"Charms": 0, "Brawl": 2}))
    True
"""

from __future__ import annotations

from collections.abc import ItemsView, Iterable, Iterator, KeysView, Mapping, ValuesView
from collections.abc import Set as AbstractSet
from typing import Any, Final, TypeVar, overload

from hogwarts_rules._build import twin

__all__ = ["FrozenMap", "adopt", "sorted_repr"]

K = TypeVar("K")
V = TypeVar("V")
T = TypeVar("T")


class FrozenMap(Mapping[K, V]):
    """An immutable, hashable, insertion-ordered mapping."""

    __slots__ = ("_data", "_hash")

    _data: dict[K, V]
    _hash: int | None

    @overload
    def __init__(self) -> None: ...
    @overload
    def __init__(self, items: Mapping[K, V]) -> None: ...
    @overload
    def __init__(self, items: Iterable[tuple[K, V]]) -> None: ...
    def __init__(self, items: Mapping[K, V] | Iterable[tuple[K, V]] = ()) -> None:
        """Build from a mapping or from (key, value) pairs."""
        _set_data(self, dict(items))  # the slots' own setters: cheaper than object.__setattr__
        _set_hash(self, None)

    @classmethod
    def _adopt(cls, data: dict[K, V]) -> FrozenMap[K, V]:
        """A map over ``data`` itself, not a copy: the caller gives ``data`` up for good."""
        if cls is FrozenMap:
            return adopt(data)
        new: FrozenMap[K, V] = _new(cls)
        _set_data(new, data)  # the slots' own setters: cheaper than object.__setattr__
        _set_hash(new, None)
        return new

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("FrozenMap is immutable")

    def __getitem__(self, key: K) -> V:
        return self._data[key]

    def __iter__(self) -> Iterator[K]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    def __contains__(self, key: object) -> bool:
        return key in self._data

    # The reads below go straight to the dict (`Mapping`'s own go through ``__getitem__``
    # and ``__iter__`` one item at a time); the dict never changes, so its views are the map's.
    @overload
    def get(self, key: K, /) -> V | None: ...
    @overload
    def get(self, key: K, /, default: V | T) -> V | T: ...
    def get(self, key: K, /, default: object = None) -> object:
        """The value of ``key``, or ``default`` when the map has no such key."""
        return self._data.get(key, default)

    def keys(self) -> KeysView[K]:
        """The keys, in order (a read-only view)."""
        return self._data.keys()

    def values(self) -> ValuesView[V]:
        """The values, in order (a read-only view)."""
        return self._data.values()

    def items(self) -> ItemsView[K, V]:
        """The (key, value) pairs, in order (a read-only view)."""
        return self._data.items()

    def __eq__(self, other: object) -> bool:
        if isinstance(other, FrozenMap):
            return self._data == other._data
        if isinstance(other, Mapping):
            return self._data == dict(other)
        return NotImplemented

    def __hash__(self) -> int:
        if self._hash is None:
            object.__setattr__(self, "_hash", hash(frozenset(self._data.items())))
        assert self._hash is not None
        return self._hash

    def __repr__(self) -> str:
        return f"FrozenMap({self._data!r})"

    def __reduce__(self) -> tuple[type[FrozenMap[K, V]], tuple[dict[K, V]]]:
        return (type(self), (self._data,))

    def set(self, key: K, value: V) -> FrozenMap[K, V]:
        """Return a copy with ``key`` set to ``value`` (the map itself never changes)."""
        data = dict(self._data)
        data[key] = value
        return FrozenMap(data)

    def remove(self, key: K) -> FrozenMap[K, V]:
        """Return a copy without ``key``.

        Raises:
            KeyError: ``key`` is not in the map.
        """
        data = dict(self._data)
        del data[key]
        return FrozenMap(data)

    def to_dict(self) -> dict[K, V]:
        """Return a plain ``dict`` copy."""
        return dict(self._data)


_set_data: Any = FrozenMap.__dict__["_data"].__set__  # the slots' descriptors
_set_hash: Any = FrozenMap.__dict__["_hash"].__set__
_new: Final = object.__new__
_Twin: Final[Any] = twin(FrozenMap)  # see hogwarts_rules._build
assert _Twin is not None


def adopt(data: dict[K, V]) -> FrozenMap[K, V]:
    """A `FrozenMap` over ``data`` itself, not a copy: the caller gives ``data`` up for good.

    For hot paths that build a dict once and freeze it (a draft's records). Filled in
    as the map's mutable twin (see `hogwarts_rules._build`).

    Examples:
        >>> adopt({"Brawl": 2})
        FrozenMap({'Brawl': 2})
    """
    made = _new(_Twin)
    made._data = data
    made._hash = None
    made.__class__ = FrozenMap
    return made  # type: ignore[no-any-return]


def sorted_repr(value: AbstractSet[Any]) -> str:
    """A set's repr with its members sorted, the same under every ``PYTHONHASHSEED``.

    For ``attrs.field(repr=sorted_repr)`` on set fields: Python prints a frozenset
    in hash order, which changes between processes for strings.

    Examples:
        >>> sorted_repr(frozenset({"b", "a"})), sorted_repr(frozenset())
        ("frozenset({'a', 'b'})", 'frozenset()')
    """
    if not value:
        return "frozenset()"
    members = sorted(value, key=lambda member: (type(member).__name__, repr(member)))
    return "frozenset({" + ", ".join(repr(member) for member in members) + "})"
