"""Typed events: what happened, with a one-line description and a visibility.

``game.apply(action)`` returns the events it caused: each roll with its
modifiers and total, the table row that applied, every change of a score or a
position. Each event has a `description` for narration, and
`seen_by()` says what one player may see of it (the event itself,
a redacted copy, or nothing). `events_for` filters a batch for a player.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, ClassVar, Self, TypeVar

import attrs

from hogwarts_rules._build import positional
from hogwarts_rules.serialization import Registry, unstructure

__all__ = ["EVENTS", "DiceRekeyed", "Event", "PracticeStarted", "constructor", "events_for"]

EVENTS = Registry("event")
"""The registry of every event class, keyed by its ``"type"`` tag."""


@attrs.frozen
class Event:
    """Base class of all events.

    Subclasses are frozen attrs classes registered with ``@EVENTS.register(tag)``
    that override `description`. Events are public unless a subclass
    overrides `seen_by()`.
    """

    TYPE: ClassVar[str]

    REVEALS: ClassVar[bool] = True
    """Whether the event may tell some seat something new: a roll, a draw, the deal, a
    card shown, a pass, the check of an accusation. An event that only restates the
    choice a seat just made (a move, a suggestion being made) sets it to ``False``.
    A take-back never crosses an event that reveals (`GameBase.takeback`); the
    default, ``True``, is the safe one."""

    @property
    def description(self) -> str:
        """One line of narration, in English (subclasses say more than their tag)."""
        return self.TYPE

    def seen_by(self, player: str) -> Self | Event | None:
        """What ``player`` may see of this event: itself, a redacted copy, or ``None``."""
        return self

    @property
    def is_public(self) -> bool:
        """True when every player sees this event as it is."""
        return True

    def to_dict(self) -> dict[str, Any]:
        """Return the JSON-safe form, with its ``"type"`` tag and its description."""
        result: dict[str, Any] = unstructure(self)
        result["description"] = self.description
        return result

    @classmethod
    def from_dict(cls, data: object) -> Self:
        """Rebuild an event from `to_dict()` output (``"description"`` is ignored).

        Raises:
            InvalidDataError: malformed data or an unknown ``type``.
        """
        return EVENTS.structure(data, cls)


EVENTS.add_base(Event)


@EVENTS.register("core.practice_started")
@attrs.frozen
class PracticeStarted(Event):
    """Practice mode started: take-backs are allowed, and re-key the dice (every seat sees it)."""

    REVEALS: ClassVar[bool] = False

    @property
    def description(self) -> str:
        """See `Event.description`."""
        return (
            "Practice mode: any move may be taken back, and then the dice are re-keyed, "
            "so what comes next differs"
        )


@EVENTS.register("core.dice_rekeyed")
@attrs.frozen
class DiceRekeyed(Event):
    """After a practice take-back, the dice were re-keyed with fresh entropy (all seats see it)."""

    REVEALS: ClassVar[bool] = False

    @property
    def description(self) -> str:
        """See `Event.description`."""
        return "Practice take-back: the dice are re-keyed, so what comes next differs"


def events_for(events: Iterable[Event], player: str) -> tuple[Event, ...]:
    """The events as ``player`` may see them, in order (hidden ones dropped)."""
    seen = (event.seen_by(player) for event in events)
    return tuple(event for event in seen if event is not None)


_E = TypeVar("_E", bound=Event)


def constructor(cls: type[_E]) -> Callable[..., _E]:
    """A fast constructor for the event class ``cls``, for rules code on hot paths.

    It takes every field positionally, in declaration order (defaults too), and sets
    them as they are: no converter or validator runs, so each value must already have
    its final type. The event is equal to the one ``cls(...)`` builds from the same
    values. The function is generated once per class (one line per field).

    Examples:
        >>> make = constructor(PracticeStarted)
        >>> make() == PracticeStarted()
        True
    """
    return positional(cls)
