"""The records a game of Clue keeps: each player's seat and every suggestion made.

They are plain values with no rules in them, so the rules modules
(`hogwarts_rules.clue.setup`, `.turn`, `.suggestions`, `.accusations`), the game
(`hogwarts_rules.clue.game`, which re-exports them) and the views can all import
them without importing each other.

Examples:
    >>> seat = Seat("Ann", "Harry", [3, 4], hand=("Scabior",))
    >>> seat.position, "Scabior" in repr(seat)
    ((3, 4), False)
"""

from __future__ import annotations

from typing import Any

import attrs

from hogwarts_rules.clue.movement import Position, cell_name
from hogwarts_rules.engine import MEMO

__all__ = ["Seat", "SuggestionRecord"]


def _position(value: Position | None) -> Position | None:
    if isinstance(value, list):
        return (int(value[0]), int(value[1]))
    return value


@attrs.frozen
class Seat:
    """One player's place at the table. The hand and the face-down Help card are secret.

    Attributes:
        name: the player.
        student: the student played (and the pawn's colour).
        position: a corridor square ``(row, column)``, a location's name, or ``None`` before set-up.
        hand: the mystery cards held (secret).
        help_cards: Help cards face up in front of the player.
        hidden_help: Help cards face down (the starting card; secret until used).
        floo: pinches of Floo powder.
        eliminated: made a wrong accusation (still refutes; cannot move or win).
    """

    name: str
    student: str | None = None
    position: tuple[int, int] | str | None = attrs.field(default=None, converter=_position)
    hand: tuple[str, ...] = attrs.field(default=(), repr=False)
    help_cards: tuple[str, ...] = ()
    hidden_help: tuple[str, ...] = attrs.field(default=(), repr=False)
    floo: int = 0
    eliminated: bool = False

    @property
    def all_help(self) -> tuple[str, ...]:
        """Every Help card held, face up then face down."""
        return self.help_cards + self.hidden_help

    # The seat as everyone sees it (`view.public_seats`), built once per seat value: a
    # private memo that takes no part in equality, hashing, repr, unstructuring or
    # pickling, and that every copy starts without. (A field, not a cached property: a
    # cached property on a slotted attrs class makes every attribute read slower.)
    _public_memo: Any = attrs.field(
        default=None, init=False, eq=False, repr=False, metadata={MEMO: True}
    )

    @property
    def _public(self) -> Any:  # a SeatView: the annotation must resolve at run time (cattrs)
        found = self._public_memo
        if found is None:
            from hogwarts_rules.clue.view import SeatView

            position = self.position
            found = SeatView(
                self.name,
                self.student,
                None if position is None else cell_name(position),
                self.help_cards,
                len(self.hidden_help),
                self.floo,
                len(self.hand),
                self.eliminated,
            )
            object.__setattr__(self, "_public_memo", found)
        return found

    def __getstate__(self) -> dict[str, Any]:
        """What pickling keeps: every field but the memo (worked out again when asked)."""
        return {name: getattr(self, name) for name in _SEAT_PICKLED}

    def __setstate__(self, state: dict[str, Any]) -> None:
        """Restore a pickled seat, with its memo empty."""
        for name in _SEAT_PICKLED:
            object.__setattr__(self, name, state[name])
        object.__setattr__(self, "_public_memo", None)


_SEAT_PICKLED = tuple(f.name for f in attrs.fields(Seat) if not f.metadata.get(MEMO))


@attrs.frozen
class SuggestionRecord:
    """A suggestion as everyone saw it.

    Attributes:
        player: the suggester.
        suspect: the suspect.
        item: the item.
        location: the location.
        passed: the players who had none of the cards, in order.
        shown_by: who showed a card (``None`` when nobody could).
    """

    player: str
    suspect: str
    item: str
    location: str
    passed: tuple[str, ...]
    shown_by: str | None
