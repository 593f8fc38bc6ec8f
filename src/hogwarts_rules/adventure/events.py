"""The events of First Year Adventure (all public: the game has no secrets)."""

from __future__ import annotations

import attrs

from hogwarts_rules.events import EVENTS, Event

__all__ = [
    "AdventureEvent",
    "AmountRolled",
    "AttributeSet",
    "ChallengePassed",
    "CluesChanged",
    "GameEnded",
    "HousePointsChanged",
    "ItemGained",
    "KnowledgeGained",
    "Moved",
    "RollChanged",
    "RolledOff",
    "SkillChanged",
    "TableRolled",
    "TeamDecision",
    "TurnMissed",
    "TurnOrderSet",
    "TurnsLost",
]


def _signed(value: int) -> str:
    return f"+{value}" if value >= 0 else str(value)


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
        how: ``"remembrall"`` or ``"bonus"``.
        dice: the dice now.
        bonus: the +1s added so far.
    """

    player: str
    how: str
    dice: tuple[int, ...]
    bonus: int

    @property
    def description(self) -> str:
        """See `Event.description`."""
        shown = " + ".join(str(d) for d in self.dice)
        if self.how == "remembrall":
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
        how: ``"step"``, ``"roll"``, ``"forced"``, ``"secret passage"``, ``"shortcut"``,
            ``"dungeon"`` or ``"hospital"``.
    """

    player: str
    origin: str
    destination: str
    how: str

    @property
    def description(self) -> str:
        """See `Event.description`."""
        verbs = {
            "step": "moves",
            "roll": "moves",
            "forced": "is sent",
            "secret passage": "takes a secret passage",
            "shortcut": "hurries",
            "dungeon": "enters the dungeon",
            "hospital": "is taken",
        }
        return (
            f"{self.player} {verbs.get(self.how, 'moves')} from {self.origin} to {self.destination}"
        )


@EVENTS.register("adventure.turn_missed")
@attrs.frozen
class TurnMissed(AdventureEvent):
    """A player's turn passed without play.

    Attributes:
        player: who missed the turn.
        reason: ``"missed"`` or ``"mirror"`` (staying in the Mirror of Erised).
        left: turns still to miss after this one.
    """

    player: str
    reason: str
    left: int

    @property
    def description(self) -> str:
        """See `Event.description`."""
        what = (
            "stays in front of the Mirror of Erised" if self.reason == "mirror" else "misses a turn"
        )
        return f"{self.player} {what} ({self.left} more to go)"


@EVENTS.register("adventure.turns_lost")
@attrs.frozen
class TurnsLost(AdventureEvent):
    """A player must miss turns (or stay in the Mirror) from now on.

    Attributes:
        player: who.
        turns: how many more turns.
        reason: ``"missed"`` or ``"mirror"``.
    """

    player: str
    turns: int
    reason: str

    @property
    def description(self) -> str:
        """See `Event.description`."""
        if self.reason == "mirror":
            return (
                f"{self.player} is obsessed and stays {self.turns} turn(s) in front of the Mirror"
            )
        return f"{self.player} will miss {self.turns} turn(s)"


@EVENTS.register("adventure.attribute_set")
@attrs.frozen
class AttributeSet(AdventureEvent):
    """A record-keeping attribute was set (upbringing, wealth, wand, familiar, house).

    Attributes:
        player: whose record.
        attribute: which attribute.
        value: its value.
    """

    player: str
    attribute: str
    value: str

    @property
    def description(self) -> str:
        """See `Event.description`."""
        phrases = {
            "raised_by": "{p} was raised by {v}",
            "family": "{p}'s family is {v}",
            "wealth": "{p} is {v}",
            "house": "{p} is sorted into {v}",
        }
        phrase = phrases.get(self.attribute, "{p}'s {a}: {v}")
        value = self.value.title() if self.attribute == "raised_by" else self.value
        return phrase.format(p=self.player, a=self.attribute.replace("_", " "), v=value)


@EVENTS.register("adventure.skill_changed")
@attrs.frozen
class SkillChanged(AdventureEvent):
    """A skill went up or down.

    Attributes:
        player: whose skill.
        skill: ``magic``, ``flying``, ``study`` or ``chess``.
        change: by how much.
        value: the new value.
    """

    player: str
    skill: str
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

    player: str
    change: int
    total: int

    @property
    def description(self) -> str:
        """See `Event.description`."""
        verb = "gains" if self.change >= 0 else "loses"
        return f"{self.player} {verb} {abs(self.change)} house points ({self.total} in all)"


@EVENTS.register("adventure.clues_changed")
@attrs.frozen
class CluesChanged(AdventureEvent):
    """A clue was gained.

    Attributes:
        player: who.
        total: clues now.
        source: the one-time-only source, if it was one.
    """

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
        item: ``sweater``, ``chocolate frogs``, ``beans``, ``remembrall``, ``cloak``, ...
        count: how many.
    """

    player: str
    item: str
    count: int = 1

    @property
    def description(self) -> str:
        """See `Event.description`."""
        names = {
            "sweater": "a sweater from home",
            "remembrall": "a Remembrall",
            "cloak": "the Cloak of Invisibility",
            "nimbus": "a Nimbus 2000",
            "future_bonus": "a +1 to one future roll",
            "study_bonus": "a +1 to the next Study roll",
        }
        return f"{self.player} gets {names.get(self.item, f'{self.count} {self.item}')}"


@EVENTS.register("adventure.knowledge_gained")
@attrs.frozen
class KnowledgeGained(AdventureEvent):
    """A dungeon secret: Fluffy's secret, plant lore, or the Wizard's Mark.

    Attributes:
        player: who.
        what: ``fluffys_secret``, ``plant_lore`` or ``wizards_mark``.
    """

    player: str
    what: str

    @property
    def description(self) -> str:
        """See `Event.description`."""
        text = {
            "fluffys_secret": "learns Fluffy's secret and will get past Fluffy",
            "plant_lore": "learns plant lore and will get past the Devil's Snare",
            "wizards_mark": "bears the Wizard's Mark and will defeat Voldemort",
        }
        return f"{self.player} {text.get(self.what, self.what)}"


@EVENTS.register("adventure.team_decision")
@attrs.frozen
class TeamDecision(AdventureEvent):
    """A player joined or declined the Quidditch team.

    Attributes:
        player: who.
        joined: True if they joined.
    """

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
        return f"{self.player} gets past {self.space}{how}"


@EVENTS.register("adventure.game_ended")
@attrs.frozen
class GameEnded(AdventureEvent):
    """The game is over.

    Attributes:
        winners: the players with the most house points (several on a tie).
        reason: ``"voldemort_defeated"`` or ``"round_limit"``.
        scores: every player's house points.
    """

    winners: tuple[str, ...]
    reason: str
    scores: tuple[tuple[str, int], ...]

    @property
    def description(self) -> str:
        """See `Event.description`."""
        why = (
            "Voldemort is defeated"
            if self.reason == "voldemort_defeated"
            else "the round limit is reached"
        )
        scores = ", ".join(f"{name} {points}" for name, points in self.scores)
        return f"The game ends ({why}). Winner: {' and '.join(self.winners)} ({scores})"
