"""The words of Clue's rules, as string enums.

Each vocabulary is a `enum.StrEnum`: a member *is* its string, so it compares
equal to it, hashes like it and is written to JSON as it (saved games, views,
events and content files keep the same strings). Rules code compares with the
members, never with bare strings, so that a misspelt word is an error that
linters and type checkers see.

Reading untrusted JSON (`load_content`, events' ``from_dict``) accepts only a
vocabulary's own strings, and names the field otherwise.

Examples:
    >>> Step.ROLL == "roll", str(Phase.OVER), Affects("most_floo")
    (True, 'over', <Affects.MOST_FLOO: 'most_floo'>)
    >>> import json
    >>> json.dumps({"phase": Phase.PLAY, "special": Special.NONE})
    '{"phase": "play", "special": ""}'
"""

from __future__ import annotations

import enum

__all__ = [
    "Affects",
    "DieFace",
    "FactKind",
    "HelpKind",
    "MoveKind",
    "Phase",
    "Special",
    "Square",
    "Step",
]


class Phase(enum.StrEnum):
    """Where a game stands: before the deal, being played, or over."""

    DEAL = "deal"
    PLAY = "play"
    OVER = "over"


class Step(enum.StrEnum):
    """The step of a turn that comes next: roll the dice, move, then act."""

    ROLL = "roll"
    MOVE = "move"
    ACT = "act"
    """Suggest, accuse (in The Burrow) or end the turn."""


class DieFace(enum.StrEnum):
    """The black die's two faces that are not a wheel's name (the four others are)."""

    STAR = "star"
    """Draw a Help card, face up."""
    DARK_MARK = "dark mark"
    """Draw a Dark card."""


class Square(enum.StrEnum):
    """A square of the board's grid, as the content's ``grid`` writes it."""

    WALL = "#"
    """A wall, or the inside of a location."""
    CORRIDOR = "."
    STAR = "*"
    """A corridor square that stops a move and gives a Help card."""


class HelpKind(enum.StrEnum):
    """What a Help card is: an Ally, an Item or a Spell."""

    ALLY = "ally"
    ITEM = "item"
    SPELL = "spell"


class Special(enum.StrEnum):
    """What a Help card does besides protecting against Dark cards (its effect on moves)."""

    NONE = ""
    """Nothing: it only protects."""
    ALOHOMORA = "alohomora"
    """Pass one closed door, then discard it."""
    FELIX_FELICIS = "felix_felicis"
    """Once, move 7 instead of the green die, then discard it."""


class Affects(enum.StrEnum):
    """Who a Dark card hits (the players still in the game)."""

    EVERYONE = "everyone"
    ROLLER = "roller"
    """The player who drew it."""
    EVERYONE_ELSE = "everyone_else"
    """Everyone but the player who drew it."""
    IN_LOCATIONS = "in_locations"
    """Players whose pawn is in one of the card's ``locations``."""
    IN_CORRIDORS = "in_corridors"
    """Players whose pawn is on a corridor square."""
    MOST_FLOO = "most_floo"
    """The player(s) with the most Floo powder."""


class MoveKind(enum.StrEnum):
    """How a pawn moved (`Moved.how`)."""

    WALK = "walk"
    FIREPLACE = "fireplace"
    """By Floo powder, from a lit fireplace."""


class FactKind(enum.StrEnum):
    """What kind of thing a detective's notebook knows (`Fact.kind`)."""

    HOLDS = "holds"
    """The owner holds the card."""
    SHOWN = "shown"
    """The owner showed me the card when asked about all the fact's cards."""
    LACKS = "lacks"
    """The owner holds none of the cards."""
    ONE_OF = "one_of"
    """The owner holds at least one of the cards."""
    NOT_SOLUTION = "not_solution"
    """The three cards are not all in the envelope."""
