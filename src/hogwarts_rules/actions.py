"""The base of every action, and the chance outcome shared by all games.

An action is a frozen record of a decision: a player's move, a game master's
request, or the result of a roll made outside the game (`ChanceOutcome`).
Actions serialize to JSON with a ``"type"`` tag:

Examples:
    >>> from hogwarts_rules.actions import ChanceOutcome
    >>> ChanceOutcome(4).to_dict()
    {'type': 'chance', 'value': 4}
    >>> Action.from_dict({"type": "chance", "value": 4})
    ChanceOutcome(value=4)
"""

from __future__ import annotations

from typing import Any, ClassVar, Self

import attrs

from hogwarts_rules.serialization import Registry, unstructure

__all__ = ["ACTIONS", "CORE_ACTIONS", "Action", "ChanceOutcome", "Practice", "Rekey"]

ACTIONS = Registry("action")
"""The registry of every action class, keyed by its ``"type"`` tag."""


@attrs.frozen
class Action:
    """Base class of all actions.

    Subclasses are frozen attrs classes registered with ``@ACTIONS.register(tag)``.
    An action that a player takes names that player in a field called ``player``
    (or ``character`` in Hufflepuff & Ravenclaw), so a game can refuse an action
    made for someone else.
    """

    TYPE: ClassVar[str]

    @property
    def actor(self) -> str | None:
        """The player this action is taken by, or ``None`` (chance, game master)."""
        return None

    def to_dict(self) -> dict[str, Any]:
        """Return the JSON-safe form, with its ``"type"`` tag."""
        result: dict[str, Any] = unstructure(self)
        return result

    @classmethod
    def from_dict(cls, data: object) -> Self:
        """Rebuild an action of this class (or any subclass) from `to_dict()` output.

        Raises:
            InvalidDataError: malformed data, unknown ``type``, or a type that is
                not a ``cls``.
        """
        return ACTIONS.structure(data, cls)


ACTIONS.add_base(Action)


@ACTIONS.register("chance")
@attrs.frozen
class ChanceOutcome(Action):
    """The result of a roll (or draw) supplied by the caller, for external dice.

    Attributes:
        value: the face rolled (a number, or a named face for dice with labelled
            faces and for card draws).
    """

    value: int | str


@ACTIONS.register("core.practice")
@attrs.frozen
class Practice(Action):
    """Start practice mode, for every seat to see (a `PracticeStarted` event).

    In practice mode every take-back is allowed (`GameBase.takeback`), and one that
    crosses a roll, a draw or anything shown re-keys the seeded dice with fresh
    entropy (`Rekey`), so the future after it differs from the one taken back. A game
    master or host starts it; no seat's list of legal actions offers it.
    """


@ACTIONS.register("core.rekey")
@attrs.frozen
class Rekey(Action):
    """Give the game new seeded dice (only in practice mode: see `Practice`).

    Attributes:
        seed: the new dice's seed, a decimal string from ``"0"`` to ``"18446744073709551615"``
            (the host's secret: a seed predicts every roll).
    """

    seed: str


CORE_ACTIONS: tuple[type[Action], ...] = (Practice, Rekey)
"""The actions every game accepts besides its own and `ChanceOutcome`."""
