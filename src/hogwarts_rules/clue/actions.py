"""The actions of Clue: World of Harry Potter.

A turn is three steps, each an action of the player whose turn it is:
`RollDice` (the black die's effect happens at once), then a move (`MoveTo`,
`UseFireplace`, or `StayPut` when nothing else is possible), then `Suggest`,
`Accuse` (in The Burrow) or `EndTurn`. Decisions asked along the way:
`ChooseStudent` at set-up, `ShowCard` (a refuter, out of turn), and `Protect` or
`PayFloo` against a Dark card whose protection would be used up.
"""

from __future__ import annotations

import attrs

from hogwarts_rules.actions import ACTIONS, Action

__all__ = [
    "Accuse",
    "ChooseStudent",
    "ClueAction",
    "Deal",
    "EndTurn",
    "MoveTo",
    "PayFloo",
    "PlayerAction",
    "Protect",
    "RollDice",
    "ShowCard",
    "StayPut",
    "Suggest",
    "UseFireplace",
]


@attrs.frozen
class ClueAction(Action):
    """Base class of the game's actions."""


@ACTIONS.register("clue.deal")
@attrs.frozen
class Deal(ClueAction):
    """Set-up: the missing student, the envelope, the hands and the first Help cards."""


@attrs.frozen
class PlayerAction(ClueAction):
    """An action taken by one player.

    Attributes:
        player: who takes it.
    """

    player: str

    @property
    def actor(self) -> str:
        """The player taking the action."""
        return self.player


@ACTIONS.register("clue.choose_student")
@attrs.frozen
class ChooseStudent(PlayerAction):
    """Set-up: choose a student (not the missing one, not one already chosen).

    Attributes:
        student: the student.
    """

    student: str


@ACTIONS.register("clue.roll_dice")
@attrs.frozen
class RollDice(PlayerAction):
    """Roll the black and the green die; the black die takes effect at once."""


@ACTIONS.register("clue.move_to")
@attrs.frozen
class MoveTo(PlayerAction):
    """Move with the green die (or 7 with Felix Felicis).

    Attributes:
        destination: a location's name, or a square as ``"row,column"``.
        felix: use a Felix Felicis card (move 7 instead of the green die; used up).
        alohomoras: closed doors passed, each using up an Alohomora card.
    """

    destination: str
    felix: bool = False
    alohomoras: int = 0


@ACTIONS.register("clue.use_fireplace")
@attrs.frozen
class UseFireplace(PlayerAction):
    """Travel by Floo from a lit fireplace to another location with a fireplace (1 pinch).

    Attributes:
        destination: the location to travel to.
    """

    destination: str


@ACTIONS.register("clue.stay_put")
@attrs.frozen
class StayPut(PlayerAction):
    """Do not move (allowed in a corridor, or when there is no way out)."""


@ACTIONS.register("clue.suggest")
@attrs.frozen
class Suggest(PlayerAction):
    """Suggest a suspect and an item in the location entered this turn.

    Attributes:
        suspect: the suspect.
        item: the item.
    """

    suspect: str
    item: str


@ACTIONS.register("clue.accuse")
@attrs.frozen
class Accuse(PlayerAction):
    """In The Burrow: accuse (right wins; wrong eliminates).

    Attributes:
        suspect: the suspect.
        item: the item.
        location: the location.
    """

    suspect: str
    item: str
    location: str


@ACTIONS.register("clue.end_turn")
@attrs.frozen
class EndTurn(PlayerAction):
    """End the turn without a suggestion or an accusation."""


@ACTIONS.register("clue.show_card")
@attrs.frozen
class ShowCard(PlayerAction):
    """A refuter holding several suggested cards chooses which one to show.

    Attributes:
        card: the card shown (only the suggester sees it).
    """

    card: str


@ACTIONS.register("clue.protect")
@attrs.frozen
class Protect(PlayerAction):
    """Against a Dark card: show a protecting Help card (which this card discards).

    Attributes:
        card: the Help card used.
    """

    card: str


@ACTIONS.register("clue.pay_floo")
@attrs.frozen
class PayFloo(PlayerAction):
    """Against a Dark card: pay the Floo powder instead of using a Help card."""
