"""`History`: the actions a game has applied, as an immutable sequence that grows in O(1).

Every game value holds its history. A plain tuple would make each ``apply``
copy every earlier action, so a long game would slow down step by step and
keeping every state of a game would keep every copy. A `History` is a
persistent sequence instead: adding an action shares everything before it
with the history it grew from.

It is stored in chunks of `CHUNK` actions. A new history shares the full chunks
of the old one (a tuple of them, copied only when a chunk fills) and copies only
the open chunk, of fewer than `CHUNK` actions. So adding an action, reading its
length and indexing take constant time, and each state costs a few hundred bytes
whatever the length of the game.

It reads like a tuple: ``len``, indexing, slicing (which gives a tuple),
iteration, ``in``, and it compares equal to a tuple or list of the same actions.

Examples:
    >>> from hogwarts_rules.actions import Practice
    >>> history = History().add(Practice())
    >>> len(history), history[-1], history == (Practice(),)
    (1, Practice(), True)
    >>> history[:5]
    (Practice(),)
"""

from __future__ import annotations

import operator
from collections.abc import Iterable, Iterator, Sequence
from itertools import chain
from typing import Any, Final, overload

from hogwarts_rules._build import twin
from hogwarts_rules.actions import Action, Practice

__all__ = ["CHUNK", "History"]

CHUNK: Final = 32
"""Actions per shared chunk (a power of two)."""

_SHIFT: Final = CHUNK.bit_length() - 1
_MASK: Final = CHUNK - 1


class History(Sequence[Action]):
    """An immutable sequence of actions that grows by sharing (see the module docs).

    Build one with ``History(actions)`` (any iterable) or grow one with `add`.
    """

    __slots__ = ("_chunks", "_length", "_practice_from", "_tail")

    _chunks: tuple[tuple[Action, ...], ...]
    _tail: tuple[Action, ...]
    _length: int
    _practice_from: int | None

    def __init__(self, actions: Iterable[Action] = ()) -> None:
        """A history of ``actions``, in order."""
        items = tuple(actions)
        full = len(items) - len(items) % CHUNK
        set_field = object.__setattr__
        set_field(self, "_chunks", tuple(items[i : i + CHUNK] for i in range(0, full, CHUNK)))
        set_field(self, "_tail", items[full:])
        set_field(self, "_length", len(items))
        first = next((i for i, a in enumerate(items) if type(a) is Practice), None)
        set_field(self, "_practice_from", first)

    def add(self, action: Action) -> History:
        """This history with ``action`` added at the end (``self`` is unchanged)."""
        # Filled in as its mutable twin, then made a `History` (see hogwarts_rules._build).
        # Concatenation copies a tuple in one step (``(*tail, action)`` goes through a list).
        new = _new(_Twin)
        tail = self._tail + (action,)  # noqa: RUF005
        length = self._length
        if len(tail) == CHUNK:
            new._chunks = self._chunks + (tail,)  # noqa: RUF005
            new._tail = ()
        else:
            new._chunks = self._chunks
            new._tail = tail
        new._length = length + 1
        first = self._practice_from
        if first is None and type(action) is Practice:
            first = length
        new._practice_from = first
        new.__class__ = History
        return new  # type: ignore[no-any-return]

    @property
    def practice_from(self) -> int | None:
        """The index of the first `Practice` action, or ``None`` (answered in O(1))."""
        return self._practice_from

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("a History is immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("a History is immutable")

    def __len__(self) -> int:
        return self._length

    @overload
    def __getitem__(self, index: int) -> Action: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[Action, ...]: ...

    def __getitem__(self, index: int | slice) -> Action | tuple[Action, ...]:
        if isinstance(index, slice):
            return tuple(self)[index]
        if type(index) is not int:
            index = operator.index(index)  # TypeError for what is not an index
        length = self._length
        if index < 0:
            index += length
        if not 0 <= index < length:
            raise IndexError("history index out of range")
        chunk = index >> _SHIFT
        if chunk < len(self._chunks):
            return self._chunks[chunk][index & _MASK]
        return self._tail[index & _MASK]

    def __iter__(self) -> Iterator[Action]:
        return chain(chain.from_iterable(self._chunks), self._tail)

    def __reversed__(self) -> Iterator[Action]:
        return reversed(tuple(self))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, History):
            return self._length == other._length and tuple(self) == tuple(other)
        if isinstance(other, tuple | list):
            return self._length == len(other) and tuple(self) == tuple(other)
        return NotImplemented

    def __ne__(self, other: object) -> bool:
        result = self.__eq__(other)
        return result if result is NotImplemented else not result

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __add__(self, other: Iterable[Action]) -> History:
        result = self
        for action in other:
            result = result.add(action)
        return result

    def __repr__(self) -> str:
        return f"History({tuple(self)!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (History, (tuple(self),))


_new: Final = object.__new__
_Twin: Final[Any] = twin(History)  # the immutable `History` refuses attribute assignment
assert _Twin is not None


def as_history(actions: Iterable[Action]) -> History:
    """``actions`` as a `History` (a history is returned as it is)."""
    return actions if isinstance(actions, History) else History(actions)
