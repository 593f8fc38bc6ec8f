"""The events of Clue. Some are secret: `Event.seen_by` redacts them for other players.

A card shown to a suggester is seen by the suggester and the refuter; the others see
that a card was shown, never which. A player's hand is seen by that player only. The
starting Help card is kept face down. The envelope is seen by a wrong accuser (who
looks in it secretly), and by everyone when the game ends.
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from hogwarts_rules.clue.vocabulary import MoveKind
from hogwarts_rules.events import EVENTS, Event

__all__ = [
    "AccusationChecked",
    "Accused",
    "CardShown",
    "CardsDealt",
    "ClueEvent",
    "DarkCardDrawn",
    "DiceRolled",
    "FlooPaid",
    "GameEnded",
    "HelpCardDrawn",
    "HelpCardUsed",
    "MissingStudent",
    "Moved",
    "Passed",
    "Protected",
    "StudentChosen",
    "Suggested",
    "Unrefuted",
    "WheelTurned",
]


@attrs.frozen
class ClueEvent(Event):
    """Base class of the game's events."""


@EVENTS.register("clue.missing_student")
@attrs.frozen
class MissingStudent(ClueEvent):
    """The student drawn at random to be missing.

    Attributes:
        student: the missing student.
    """

    student: str

    @property
    def description(self) -> str:
        """See `Event.description`."""
        return f"{self.student} has disappeared from Hogwarts!"


@EVENTS.register("clue.student_chosen")
@attrs.frozen
class StudentChosen(ClueEvent):
    """A player's student.

    Attributes:
        player: the player.
        student: the student (and pawn colour).
    """

    REVEALS: ClassVar[bool] = False  # it restates a choice, or follows from what is known

    player: str
    student: str

    @property
    def description(self) -> str:
        """See `Event.description`."""
        return f"{self.player} plays {self.student}"


@EVENTS.register("clue.cards_dealt")
@attrs.frozen
class CardsDealt(ClueEvent):
    """A player's hand of mystery cards (others see only how many).

    Attributes:
        player: whose hand.
        count: how many cards.
        cards: the cards (empty when redacted).
    """

    player: str
    count: int
    cards: tuple[str, ...] = ()

    def seen_by(self, player: str) -> Event | None:
        """The owner sees the cards; others see the count."""
        return self if player == self.player else attrs.evolve(self, cards=())

    @property
    def is_public(self) -> bool:
        """A hand is secret."""
        return False

    @property
    def description(self) -> str:
        """See `Event.description`."""
        if self.cards:
            return f"{self.player} is dealt {', '.join(self.cards)}"
        return f"{self.player} is dealt {self.count} cards"


@EVENTS.register("clue.help_card_drawn")
@attrs.frozen
class HelpCardDrawn(ClueEvent):
    """A Help card drawn; the first one of each player is kept face down.

    Attributes:
        player: who drew it.
        card: the card (``""`` when redacted).
        face_down: kept face down (only its owner knows it).
    """

    player: str
    card: str
    face_down: bool = False

    def seen_by(self, player: str) -> Event | None:
        """A face-down card is seen by its owner only."""
        if self.face_down and player != self.player:
            return attrs.evolve(self, card="")
        return self

    @property
    def is_public(self) -> bool:
        """Face-down cards are secret."""
        return not self.face_down

    @property
    def description(self) -> str:
        """See `Event.description`."""
        if not self.card:
            return f"{self.player} takes a Help card, face down"
        how = ", face down" if self.face_down else ""
        return f"{self.player} takes a Help card: {self.card}{how}"


@EVENTS.register("clue.dice_rolled")
@attrs.frozen
class DiceRolled(ClueEvent):
    """The two dice of a turn.

    Attributes:
        player: whose turn.
        black: the black die's face (``"star"``, ``"dark mark"`` or a wheel's name).
        green: the green die.
    """

    player: str
    black: str
    green: int

    @property
    def description(self) -> str:
        """See `Event.description`."""
        return (
            f"{self.player} rolls {self.green} on the green die and {self.black} on the black die"
        )


@EVENTS.register("clue.wheel_turned")
@attrs.frozen
class WheelTurned(ClueEvent):
    """A wheel turned one notch clockwise.

    Attributes:
        wheel: which wheel.
        notch: its new notch (0 is START).
        dark_mark: the Dark Mark shows.
    """

    wheel: str
    notch: int
    dark_mark: bool

    @property
    def description(self) -> str:
        """See `Event.description`."""
        mark = ": the Dark Mark appears!" if self.dark_mark else ""
        return f"The {self.wheel} wheel turns to notch {self.notch}{mark}"


@EVENTS.register("clue.dark_card_drawn")
@attrs.frozen
class DarkCardDrawn(ClueEvent):
    """A Dark card read out loud.

    Attributes:
        player: who drew it.
        card: its name.
        text: what happens.
        affected: the players it hits.
    """

    player: str
    card: str
    text: str
    affected: tuple[str, ...]

    @property
    def description(self) -> str:
        """See `Event.description`."""
        who = ", ".join(self.affected) if self.affected else "nobody"
        return f"{self.player} draws a Dark card: {self.card}. {self.text} (affects {who})"


@EVENTS.register("clue.protected")
@attrs.frozen
class Protected(ClueEvent):
    """A player showed a Help card that protects them.

    Attributes:
        player: who.
        card: the Help card.
        discarded: the card is discarded (the Dark card says so).
    """

    player: str
    card: str
    discarded: bool

    @property
    def description(self) -> str:
        """See `Event.description`."""
        fate = "and discards it" if self.discarded else "and keeps it"
        return f"{self.player} is protected by {self.card} {fate}"


@EVENTS.register("clue.floo_paid")
@attrs.frozen
class FlooPaid(ClueEvent):
    """Floo powder paid into the pile.

    Attributes:
        player: who paid.
        amount: pinches paid.
        left: pinches left.
        reason: why (a Dark card, or a fireplace).
    """

    player: str
    amount: int
    left: int
    reason: str

    @property
    def description(self) -> str:
        """See `Event.description`."""
        empty = "; no more Floo travel" if self.left == 0 else ""
        paid = f"{self.player} pays {self.amount} Floo powder for {self.reason}"
        return f"{paid} ({self.left} left{empty})"


@EVENTS.register("clue.help_card_used")
@attrs.frozen
class HelpCardUsed(ClueEvent):
    """A Help card used up (Alohomora, Felix Felicis).

    Attributes:
        player: who used it.
        card: the card.
    """

    player: str
    card: str

    @property
    def description(self) -> str:
        """See `Event.description`."""
        return f"{self.player} uses {self.card}"


@EVENTS.register("clue.moved")
@attrs.frozen
class Moved(ClueEvent):
    """A pawn moved.

    Attributes:
        player: whose pawn.
        origin: where it was (a location, or ``"row,column"``).
        destination: where it is now.
        path: the positions walked through.
        how: a `MoveKind`: ``"walk"`` or ``"fireplace"``.
    """

    REVEALS: ClassVar[bool] = False  # it restates a choice, or follows from what is known

    player: str
    origin: str
    destination: str
    path: tuple[str, ...]
    how: MoveKind

    @property
    def description(self) -> str:
        """See `Event.description`."""
        if self.how == MoveKind.FIREPLACE:
            return f"{self.player} travels by Floo from {self.origin} to {self.destination}"
        steps = len(self.path) - 1
        squares = "1 square" if steps == 1 else f"{steps} squares"
        return f"{self.player} moves {squares} from {self.origin} to {self.destination}"


@EVENTS.register("clue.suggested")
@attrs.frozen
class Suggested(ClueEvent):
    """A suggestion; the suspect and item tokens move to the location.

    Attributes:
        player: who suggests.
        suspect: the suspect.
        item: the item.
        location: the location (where the player is).
    """

    REVEALS: ClassVar[bool] = False  # it restates a choice, or follows from what is known

    player: str
    suspect: str
    item: str
    location: str

    @property
    def description(self) -> str:
        """See `Event.description`."""
        said = f"I think {self.suspect} did it with the {self.item} in {self.location}."
        return f'{self.player} suggests: "{said}"'


@EVENTS.register("clue.passed")
@attrs.frozen
class Passed(ClueEvent):
    """A player holds none of the suggested cards.

    Attributes:
        player: who passed.
    """

    player: str

    @property
    def description(self) -> str:
        """See `Event.description`."""
        return f"{self.player} has none of those cards"


@EVENTS.register("clue.card_shown")
@attrs.frozen
class CardShown(ClueEvent):
    """A refuter shows a card to the suggester; others see only that a card was shown.

    Attributes:
        refuter: who showed.
        suggester: who saw.
        card: the card (``""`` when redacted).
    """

    refuter: str
    suggester: str
    card: str

    def seen_by(self, player: str) -> Event | None:
        """The refuter and the suggester see the card; the others do not."""
        if player in (self.refuter, self.suggester):
            return self
        return attrs.evolve(self, card="")

    @property
    def is_public(self) -> bool:
        """The card is secret."""
        return False

    @property
    def description(self) -> str:
        """See `Event.description`."""
        if self.card:
            return f"{self.refuter} shows {self.card} to {self.suggester}"
        return f"{self.refuter} shows a card to {self.suggester}"


@EVENTS.register("clue.unrefuted")
@attrs.frozen
class Unrefuted(ClueEvent):
    """Nobody could show a card.

    Attributes:
        suggester: whose suggestion.
    """

    suggester: str

    @property
    def description(self) -> str:
        """See `Event.description`."""
        return f"Nobody can show {self.suggester} a card"


@EVENTS.register("clue.accused")
@attrs.frozen
class Accused(ClueEvent):
    """An accusation made in The Burrow.

    Attributes:
        player: the accuser.
        suspect: the suspect.
        item: the item.
        location: the location.
    """

    player: str
    suspect: str
    item: str
    location: str

    @property
    def description(self) -> str:
        """See `Event.description`."""
        return f'{self.player} accuses: "{self.suspect} with the {self.item} in {self.location}!"'


@EVENTS.register("clue.accusation_checked")
@attrs.frozen
class AccusationChecked(ClueEvent):
    """The accuser looks in the envelope.

    Attributes:
        player: the accuser.
        correct: the accusation was right.
        solution: the envelope's cards (seen by the accuser; by everyone if right).
    """

    player: str
    correct: bool
    solution: tuple[str, ...] = ()

    def seen_by(self, player: str) -> Event | None:
        """A wrong accuser looks secretly; a right one shows everyone."""
        if self.correct or player == self.player:
            return self
        return attrs.evolve(self, solution=())

    @property
    def is_public(self) -> bool:
        """Right accusations are public; wrong ones keep the envelope secret."""
        return self.correct

    @property
    def description(self) -> str:
        """See `Event.description`."""
        if self.correct:
            return f"{self.player} is right! The envelope holds {', '.join(self.solution)}"
        if self.solution:
            held = ", ".join(self.solution)
            return f"{self.player} is wrong (the envelope holds {held}) and is eliminated"
        return f"{self.player} is wrong and is eliminated"


@EVENTS.register("clue.game_ended")
@attrs.frozen
class GameEnded(ClueEvent):
    """The game is over; the solution is revealed.

    Attributes:
        winner: the winner, or ``None`` when every player accused wrongly.
        solution: the envelope's cards.
    """

    winner: str | None
    solution: tuple[str, ...]

    @property
    def description(self) -> str:
        """See `Event.description`."""
        solved = ", ".join(self.solution)
        if self.winner is None:
            return f"Everyone has accused wrongly: nobody wins. The envelope held {solved}"
        return f"{self.winner} wins! The envelope held {solved}"
