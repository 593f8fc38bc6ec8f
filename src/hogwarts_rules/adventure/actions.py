"""The actions of First Year Adventure.

On their turn a player takes one of the turn actions (:class:`TakeTurn` on the
straight runs; :class:`MoveOne`, :class:`RollToMove`, :class:`GoToThirdFloor` or
:class:`EnterDungeon` on the loop). The rules then ask for decisions along the
way: keep a roll or change it (Remembrall, a stored +1), pick a house, join the
Quidditch team or not, where a secret passage leads.
"""

from __future__ import annotations

import attrs

from hogwarts_rules.actions import ACTIONS, Action

__all__ = [
    "AdventureAction",
    "ChooseHouse",
    "ChooseSpace",
    "DeclineTeam",
    "EnterDungeon",
    "GoToThirdFloor",
    "JoinTeam",
    "KeepRoll",
    "MoveOne",
    "PlayerAction",
    "RollOff",
    "RollToMove",
    "TakeTurn",
    "UseBonus",
    "UseRemembrall",
]


@attrs.frozen
class AdventureAction(Action):
    """Base class of the game's actions."""


@ACTIONS.register("adventure.roll_off")
@attrs.frozen
class RollOff(AdventureAction):
    """Set-up: every player rolls 1D6, high roll goes first, ties roll again."""


@attrs.frozen
class PlayerAction(AdventureAction):
    """An action taken by one player.

    Attributes:
        player: who takes it.
    """

    player: str

    @property
    def actor(self) -> str:
        """The player taking the action."""
        return self.player


@ACTIONS.register("adventure.take_turn")
@attrs.frozen
class TakeTurn(PlayerAction):
    """Play a turn off the loop: move forward one space (or roll again where told to)."""


@ACTIONS.register("adventure.move_one")
@attrs.frozen
class MoveOne(PlayerAction):
    """On the loop: move 1 space."""


@ACTIONS.register("adventure.roll_to_move")
@attrs.frozen
class RollToMove(PlayerAction):
    """On the loop: roll 1D6 and move that many spaces."""


@ACTIONS.register("adventure.go_to_third_floor")
@attrs.frozen
class GoToThirdFloor(PlayerAction):
    """With 5 or more clues, instead of rolling to move: go straight to the 3rd Floor."""


@ACTIONS.register("adventure.enter_dungeon")
@attrs.frozen
class EnterDungeon(PlayerAction):
    """On the 3rd Floor with 5 or more clues, instead of rolling to move: enter the dungeon."""


@ACTIONS.register("adventure.keep_roll")
@attrs.frozen
class KeepRoll(PlayerAction):
    """Keep the roll just seen."""


@ACTIONS.register("adventure.use_remembrall")
@attrs.frozen
class UseRemembrall(PlayerAction):
    """Use a Remembrall to reroll the roll just seen (the Remembrall is used up)."""


@ACTIONS.register("adventure.use_bonus")
@attrs.frozen
class UseBonus(PlayerAction):
    """Add a stored "+1 to one future roll" to the roll just seen."""


@ACTIONS.register("adventure.choose_house")
@attrs.frozen
class ChooseHouse(PlayerAction):
    """Sorting, "pick one": choose a house nobody has.

    Attributes:
        house: the house chosen.
    """

    house: str


@ACTIONS.register("adventure.join_team")
@attrs.frozen
class JoinTeam(PlayerAction):
    """Accept the place on the Quidditch team (Study skill -1)."""


@ACTIONS.register("adventure.decline_team")
@attrs.frozen
class DeclineTeam(PlayerAction):
    """Decline the place on the team (the roll counts as Remedial Lessons)."""


@ACTIONS.register("adventure.choose_space")
@attrs.frozen
class ChooseSpace(PlayerAction):
    """Secret Passage: choose any other space of the loop.

    Attributes:
        space: the space's name.
    """

    space: str
