"""First Year Adventure's text notation (see `hogwarts_rules.notation`).

| notation | action |
|---|---|
| ``rolloff`` | `RollOff` (``roll off`` is read too) |
| ``turn`` | `TakeTurn` |
| ``move 1`` | `MoveOne` (``move one`` is read too) |
| ``roll`` | `RollToMove` |
| ``third floor`` | `GoToThirdFloor` (``3rd floor`` is read too) |
| ``dungeon`` | `EnterDungeon` |
| ``keep``, ``remembrall``, ``bonus`` | `KeepRoll`, `UseRemembrall`, `UseBonus` |
| ``join``, ``decline`` | `JoinTeam`, `DeclineTeam` |
| ``house ravenclaw`` | `ChooseHouse` |
| ``passage library`` | `ChooseSpace` (the Secret Passage's space) |

Examples:
    >>> from hogwarts_rules import adventure
    >>> from hogwarts_rules.notation import format_action, parse_action
    >>> game = adventure.new_game(["Harry", "Ron"], seed=1)
    >>> format_action(game, adventure.ChooseSpace("Ron", "Hagrid's Cottage"))
    'passage hagrids'
    >>> parse_action(game, "Passage hagrids", "Ron")
    ChooseSpace(player='Ron', space="Hagrid's Cottage")
    >>> parse_action(game, "house r", "Harry")
    ChooseHouse(player='Harry', house='Ravenclaw')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import attrs

from hogwarts_rules.actions import Action
from hogwarts_rules.adventure.actions import (
    ChooseHouse,
    ChooseSpace,
    DeclineTeam,
    EnterDungeon,
    GoToThirdFloor,
    JoinTeam,
    KeepRoll,
    MoveOne,
    PlayerAction,
    RollOff,
    RollToMove,
    TakeTurn,
    UseBonus,
    UseRemembrall,
)
from hogwarts_rules.adventure.board import LOOP
from hogwarts_rules.adventure.tables import House
from hogwarts_rules.engine import GameBase
from hogwarts_rules.notation import NameTable, acting_seat, notation_error

__all__ = ["NOTATION", "AdventureNotation"]

_HOUSES: Final = NameTable("house", tuple(house.value for house in House))
_SPACES: Final = NameTable("space of the loop", tuple(space.value for space in LOOP))

_PLAIN: Final[dict[type[PlayerAction], str]] = {
    TakeTurn: "turn",
    MoveOne: "move 1",
    RollToMove: "roll",
    GoToThirdFloor: "third floor",
    EnterDungeon: "dungeon",
    KeepRoll: "keep",
    UseRemembrall: "remembrall",
    UseBonus: "bonus",
    JoinTeam: "join",
    DeclineTeam: "decline",
}
_READ: Final[dict[tuple[str, ...], type[PlayerAction]]] = {
    **{tuple(text.split()): kind for kind, text in _PLAIN.items()},
    ("move", "one"): MoveOne,
    ("3rd", "floor"): GoToThirdFloor,
}
_ROLL_OFF: Final = frozenset({("rolloff",), ("roll", "off"), ("roll-off",)})


@attrs.frozen
class AdventureNotation:
    """First Year Adventure's `hogwarts_rules.notation.Notation` (see the module docstring)."""

    def format(self, game: GameBase, action: Action) -> str:
        """See `hogwarts_rules.notation.Notation.format`."""
        if isinstance(action, RollOff):
            return "rolloff"
        if isinstance(action, ChooseHouse):
            return f"house {_HOUSES.short(action.house)}"
        if isinstance(action, ChooseSpace):
            return f"passage {_SPACES.short(action.space)}"
        text = _PLAIN.get(type(action)) if isinstance(action, PlayerAction) else None
        if text is None:
            notation_error(f"{type(action).__name__} is not an action of First Year Adventure")
        return text

    def parse(self, game: GameBase, tokens: Sequence[str], seat: str | None) -> Action:
        """See `hogwarts_rules.notation.Notation.parse`."""
        said = tuple(token.casefold() for token in tokens)
        if said in _ROLL_OFF:
            return RollOff()
        kind = _READ.get(said)
        if kind is not None:
            return kind(acting_seat(game, seat))
        if said[0] == "house" and len(said) > 1:
            return ChooseHouse(acting_seat(game, seat), _HOUSES.one(tokens[1:]))
        if said[0] == "passage" and len(said) > 1:
            return ChooseSpace(acting_seat(game, seat), _SPACES.one(tokens[1:]))
        known = ", ".join(["rolloff", *_PLAIN.values(), "house HOUSE", "passage SPACE"])
        notation_error(f"{' '.join(tokens)[:60]!r} is not a First Year Adventure action ({known})")


NOTATION: Final = AdventureNotation()
"""First Year Adventure's notation (`adventure.spec.SPEC.notation`)."""
