"""The events of First Year Adventure (all public: the game has no secrets).

The words events use for what happened (how a pawn moved, why a turn passed, how
the game ended...) are `enum.StrEnum` vocabularies: each member is its string, so
an event's JSON form keeps the strings it always had.

Examples:
    >>> event = TurnMissed("Ron", MissReason.MIRROR, 2)
    >>> print(event.description)
    Ron stays in front of the Mirror of Erised (2 more to go)
    >>> event.to_dict()["reason"] == "mirror"
    True
"""

from __future__ import annotations

import enum
from typing import ClassVar, Final

import attrs

from hogwarts_rules.adventure.tables import Knowledge, Skill
from hogwarts_rules.events import EVENTS, Event

__all__ = [
    "AdventureEvent",
    "AmountRolled",
    "Attribute",
    "AttributeSet",
    "ChallengePassed",
    "CluesChanged",
    "Ending",
    "GameEnded",
    "HousePointsChanged",
    "ItemGained",
    "KnowledgeGained",
    "MissReason",
    "Moved",
    "Movement",
    "Possession",
    "RollChange",
    "RollChanged",
    "RolledOff",
    "SkillChanged",
    "TableRolled",
    "TeamDecision",
    "TurnMissed",
    "TurnOrderSet",
    "TurnsLost",
]


class Ending(enum.StrEnum):
    """Why a game ended (`Game.finished`, `GameEnded.reason`)."""

    VOLDEMORT_DEFEATED = "voldemort_defeated"
    ROUND_LIMIT = "round_limit"


class MissReason(enum.StrEnum):
    """Why a player's turns pass without play (`TurnMissed`, `TurnsLost`)."""

    MISSED = "missed"
    MIRROR = "mirror"
    """Staying in front of the Mirror of Erised."""


class Movement(enum.StrEnum):
    """How a pawn moved (`Moved.how`)."""

    STEP = "step"
    ROLL = "roll"
    FORCED = "forced"
    SECRET_PASSAGE = "secret passage"
    SHORTCUT = "shortcut"
    DUNGEON = "dungeon"
    HOSPITAL = "hospital"


class RollChange(enum.StrEnum):
    """How a roll just seen was changed (`RollChanged.how`)."""

    REMEMBRALL = "remembrall"
    BONUS = "bonus"


class Attribute(enum.StrEnum):
    """The record-keeping attributes `AttributeSet` sets."""

    RAISED_BY = "raised_by"
    FAMILY = "family"
    WEALTH = "wealth"
    WAND = "wand"
    FAMILIAR = "familiar"
    HOUSE = "house"


class Possession(enum.StrEnum):
    """What `ItemGained` says a player got."""

    SWEATER = "sweater"
    CHOCOLATE_FROGS = "chocolate frogs"
    BEANS = "beans"
    REMEMBRALL = "remembrall"
    CLOAK = "cloak"
    NIMBUS = "nimbus"
    FUTURE_BONUS = "future_bonus"
    STUDY_BONUS = "study_bonus"


def _signed(value: int) -> str:
    return f"+{value}" if value >= 0 else str(value)


def _counted(count: int, one: str, many: str = "") -> str:
    """``1 turn``, ``2 turns``: a count and its noun, singular or plural."""
    return f"{count} {one if count == 1 else (many or one + 's')}"


_THE: Final = frozenset(
    {
        "Great Hall",
        "Hallways",
        "Dorm Rooms",
        "Library",
        "Quidditch Field",
        "Hospital",
        "3rd Floor",
        "Dark Woods",
        "Mirror of Erised",
        "Familiar Shop",
        "Devil's Snare",
        "Flying Keys",
        "Live Chess Match",
        "Sorcerer's Stone",
    }
)
"""The spaces narrated with "the" ("to the Great Hall", but "to Gringotts Bank")."""


def _place(space: str) -> str:
    """A space's name as a sentence says it: ``the Great Hall``, ``Fluffy``."""
    return f"the {space}" if space in _THE else space


@attrs.frozen
class AdventureEvent(Event):
    """Base class of the game's events."""


@EVENTS.register("adventure.rolled_off")
@attrs.frozen
class RolledOff(AdventureEvent):
    """Players rolled 1D6 to see who goes first.

    Attributes:
        rolls: each rolling player's roll, in seat order.
    """

    rolls: tuple[tuple[str, int], ...]

    @property
    def description(self) -> str:
        """See `Event.description`."""
        return "Roll for first: " + ", ".join(f"{name} {roll}" for name, roll in self.rolls)


@EVENTS.register("adventure.turn_order_set")
@attrs.frozen
class TurnOrderSet(AdventureEvent):
    """The order of play.

    Attributes:
        order: the players, first player first.
    """

    order: tuple[str, ...]

    @property
    def description(self) -> str:
        """See `Event.description`."""
        return f"{self.order[0]} goes first; the order of play is {', '.join(self.order)}"


@EVENTS.register("adventure.table_rolled")
@attrs.frozen
class TableRolled(AdventureEvent):
    """A roll on a table: the dice, each modifier, the total and the row that applied.

    Attributes:
        player: who rolled.
        table: the table's key.
        title: the table's name.
        dice: each die rolled.
        modifiers: each modifier added, with its value.
        total: dice plus modifiers (before clamping onto the table).
        result: the row's result.
    """

    player: str
    table: str
    title: str
    dice: tuple[int, ...]
    modifiers: tuple[tuple[str, int], ...]
    total: int
    result: str

    @property
    def description(self) -> str:
        """See `Event.description`."""
        dice = " + ".join(str(d) for d in self.dice)
        mods = "".join(f" {_signed(v)} {name}" for name, v in self.modifiers if v)
        shown = f"{dice}{mods} = {self.total}" if mods or len(self.dice) > 1 else dice
        return f"{self.player} rolls on {self.title}: {shown}: {self.result}"


@EVENTS.register("adventure.amount_rolled")
@attrs.frozen
class AmountRolled(AdventureEvent):
    """Dice rolled for an amount (spaces to move, house points, frogs, turns).

    Attributes:
        player: who rolled.
        purpose: what the amount is for.
        dice: each die rolled.
        total: the amount.
    """

    player: str
    purpose: str
    dice: tuple[int, ...]
    total: int

    @property
    def description(self) -> str:
        """See `Event.description`."""
        shown = " + ".join(str(d) for d in self.dice)
        bonus = self.total - sum(self.dice)
        if bonus:
            shown = f"{shown} +{bonus} = {self.total}"
        return f"{self.player} rolls {shown} for {self.purpose}"


@EVENTS.register("adventure.roll_changed")
@attrs.frozen
class RollChanged(AdventureEvent):
    """A roll just seen was changed by a Remembrall (reroll) or a stored +1.

    Attributes:
        player: whose roll.
        how: a Remembrall's reroll, or a stored +1.
        dice: the dice now.
        bonus: the +1s added so far.
    """

    REVEALS: ClassVar[bool] = False  # it restates a choice, or follows from what is known

    player: str
    how: RollChange
    dice: tuple[int, ...]
    bonus: int

    @property
    def description(self) -> str:
        """See `Event.description`."""
        shown = " + ".join(str(d) for d in self.dice)
        if self.how == RollChange.REMEMBRALL:
            return f"{self.player}'s Remembrall glows: the reroll is {shown}"
        return f"{self.player} uses a stored +1: the roll counts {shown} +{self.bonus}"


@EVENTS.register("adventure.moved")
@attrs.frozen
class Moved(AdventureEvent):
    """A pawn moved.

    Attributes:
        player: whose pawn.
        origin: the space it left.
        destination: the space it reached.
        how: a step, a roll, sent (forced), a secret passage, the shortcut to the
            3rd Floor, into the dungeon, or taken to the Hospital.
    """

    REVEALS: ClassVar[bool] = False  # it restates a choice, or follows from what is known

    player: str
    origin: str
    destination: str
    how: Movement

    @property
    def description(self) -> str:
        """See `Event.description`."""
        verb = _MOVING.get(self.how, "moves")
        return f"{self.player} {verb} from {_place(self.origin)} to {_place(self.destination)}"


_MOVING = {
    Movement.STEP: "moves",
    Movement.ROLL: "moves",
    Movement.FORCED: "is sent",
    Movement.SECRET_PASSAGE: "takes a secret passage",
    Movement.SHORTCUT: "hurries",
    Movement.DUNGEON: "enters the dungeon",
    Movement.HOSPITAL: "is taken",
}


@EVENTS.register("adventure.turn_missed")
@attrs.frozen
class TurnMissed(AdventureEvent):
    """A player's turn passed without play.

    Attributes:
        player: who missed the turn.
        reason: a turn to miss, or staying in front of the Mirror of Erised.
        left: turns still to miss after this one.
    """

    player: str
    reason: MissReason
    left: int

    @property
    def description(self) -> str:
        """See `Event.description`."""
        mirror = self.reason == MissReason.MIRROR
        what = "stays in front of the Mirror of Erised" if mirror else "misses a turn"
        left = f"{self.left} more to go" if self.left else "the last one"
        return f"{self.player} {what} ({left})"


@EVENTS.register("adventure.turns_lost")
@attrs.frozen
class TurnsLost(AdventureEvent):
    """A player must miss turns (or stay in the Mirror) from now on.

    Attributes:
        player: who.
        turns: how many more turns.
        reason: turns to miss, or turns to stay in front of the Mirror.
    """

    player: str
    turns: int
    reason: MissReason

    @property
    def description(self) -> str:
        """See `Event.description`."""
        if self.reason == MissReason.MIRROR:
            turns = _counted(self.turns, "turn")
            return f"{self.player} is obsessed and stays {turns} in front of the Mirror"
        return f"{self.player} will miss {_counted(self.turns, 'turn')}"


@EVENTS.register("adventure.attribute_set")
@attrs.frozen
class AttributeSet(AdventureEvent):
    """A record-keeping attribute was set (upbringing, wealth, wand, familiar, house).

    Attributes:
        player: whose record.
        attribute: which attribute.
        value: its value (``"mean"`` for the family).
    """

    REVEALS: ClassVar[bool] = False  # it restates a choice, or follows from what is known

    player: str
    attribute: Attribute
    value: str

    @property
    def description(self) -> str:
        """See `Event.description`."""
        phrase = _PHRASES.get(self.attribute, "{p}'s {a}: {v}")
        value = self.value.title() if self.attribute == Attribute.RAISED_BY else self.value
        return phrase.format(p=self.player, a=self.attribute.replace("_", " "), v=value)


_PHRASES = {
    Attribute.RAISED_BY: "{p} was raised by {v}",
    Attribute.FAMILY: "{p}'s family is {v}",
    Attribute.WEALTH: "{p} is {v}",
    Attribute.HOUSE: "{p} is sorted into {v}",
}


@EVENTS.register("adventure.skill_changed")
@attrs.frozen
class SkillChanged(AdventureEvent):
    """A skill went up or down.

    Attributes:
        player: whose skill.
        skill: which skill.
        change: by how much.
        value: the new value.
    """

    REVEALS: ClassVar[bool] = False  # it restates a choice, or follows from what is known

    player: str
    skill: Skill
    change: int
    value: int

    @property
    def description(self) -> str:
        """See `Event.description`."""
        return (
            f"{self.player}'s {self.skill.title()} skill {_signed(self.change)} (now {self.value})"
        )


@EVENTS.register("adventure.house_points_changed")
@attrs.frozen
class HousePointsChanged(AdventureEvent):
    """House points gained or lost.

    Attributes:
        player: whose points.
        change: gained (positive) or lost (negative).
        total: the new total (may be negative).
    """

    REVEALS: ClassVar[bool] = False  # it restates a choice, or follows from what is known

    player: str
    change: int
    total: int

    @property
    def description(self) -> str:
        """See `Event.description`."""
        verb = "gains" if self.change >= 0 else "loses"
        points = _counted(abs(self.change), "house point")
        return f"{self.player} {verb} {points} ({self.total} in all)"


@EVENTS.register("adventure.clues_changed")
@attrs.frozen
class CluesChanged(AdventureEvent):
    """A clue was gained.

    Attributes:
        player: who.
        total: clues now.
        source: the one-time-only source, if it was one.
    """

    REVEALS: ClassVar[bool] = False  # it restates a choice, or follows from what is known

    player: str
    total: int
    source: str = ""

    @property
    def description(self) -> str:
        """See `Event.description`."""
        return f"{self.player} gains a clue ({self.total} in all)"


@EVENTS.register("adventure.item_gained")
@attrs.frozen
class ItemGained(AdventureEvent):
    """A possession was gained.

    Attributes:
        player: who.
        item: what (a sweater, chocolate frogs, beans, a Remembrall, the cloak...).
        count: how many.
    """

    REVEALS: ClassVar[bool] = False  # it restates a choice, or follows from what is known

    player: str
    item: Possession
    count: int = 1

    @property
    def description(self) -> str:
        """See `Event.description`."""
        counted = _COUNTED.get(self.item)
        if counted is not None:
            return f"{self.player} gets {_counted(self.count, *counted)}"
        return f"{self.player} gets {_THINGS.get(self.item, f'{self.count} {self.item}')}"


_THINGS = {
    Possession.SWEATER: "a sweater from home",
    Possession.REMEMBRALL: "a Remembrall",
    Possession.CLOAK: "the Cloak of Invisibility",
    Possession.NIMBUS: "a Nimbus 2000",
    Possession.FUTURE_BONUS: "a +1 to one future roll",
    Possession.STUDY_BONUS: "a +1 to the next Study roll",
}
_COUNTED: dict[Possession, tuple[str, str]] = {
    Possession.CHOCOLATE_FROGS: ("Chocolate Frog", "Chocolate Frogs"),
    Possession.BEANS: ("Every Flavour Bean", "Every Flavour Beans"),
}


@EVENTS.register("adventure.knowledge_gained")
@attrs.frozen
class KnowledgeGained(AdventureEvent):
    """A dungeon secret: Fluffy's secret, plant lore, or the Wizard's Mark.

    Attributes:
        player: who.
        what: Fluffy's secret, plant lore or the Wizard's Mark.
    """

    REVEALS: ClassVar[bool] = False  # it restates a choice, or follows from what is known

    player: str
    what: Knowledge

    @property
    def description(self) -> str:
        """See `Event.description`."""
        return f"{self.player} {_LEARNS.get(self.what, self.what)}"


_LEARNS = {
    # What the secret does, said as the rules say it: no prediction (another player may
    # reach the Stone first).
    Knowledge.FLUFFYS_SECRET: (
        "learns Fluffy's secret: on reaching Fluffy, gets past without a roll"
    ),
    Knowledge.PLANT_LORE: (
        "learns plant lore: on reaching the Devil's Snare, gets past without a roll"
    ),
    Knowledge.WIZARDS_MARK: (
        "bears the Wizard's Mark: on reaching Voldemort, defeats him without a roll"
    ),
}


@EVENTS.register("adventure.team_decision")
@attrs.frozen
class TeamDecision(AdventureEvent):
    """A player joined or declined the Quidditch team.

    Attributes:
        player: who.
        joined: True if they joined.
    """

    REVEALS: ClassVar[bool] = False  # it restates a choice, or follows from what is known

    player: str
    joined: bool

    @property
    def description(self) -> str:
        """See `Event.description`."""
        return f"{self.player} {'joins' if self.joined else 'declines'} the Quidditch team"


@EVENTS.register("adventure.challenge_passed")
@attrs.frozen
class ChallengePassed(AdventureEvent):
    """A dungeon challenge was passed.

    Attributes:
        player: who.
        space: the challenge.
        automatically: passed without a roll (Fluffy's secret, plant lore, Wizard's Mark).
    """

    player: str
    space: str
    automatically: bool

    @property
    def description(self) -> str:
        """See `Event.description`."""
        how = " automatically" if self.automatically else ""
        return f"{self.player} gets past {_place(self.space)}{how}"


@EVENTS.register("adventure.game_ended")
@attrs.frozen
class GameEnded(AdventureEvent):
    """The game is over.

    Attributes:
        winners: the players with the most house points (several on a tie).
        reason: Voldemort was defeated, or the round limit was reached.
        scores: every player's house points.
    """

    winners: tuple[str, ...]
    reason: Ending
    scores: tuple[tuple[str, int], ...]

    @property
    def description(self) -> str:
        """See `Event.description`."""
        defeated = self.reason == Ending.VOLDEMORT_DEFEATED
        why = "Voldemort is defeated" if defeated else "the round limit is reached"
        scores = ", ".join(f"{name} {points}" for name, points in self.scores)
        return f"The game ends ({why}). Winner: {' and '.join(self.winners)} ({scores})"
