"""The exceptions raised by hogwarts-rules.

Every error the library raises on purpose is a `RulesError`, which is a
`ValueError`. Each carries a short machine-readable `code`
(stable across releases, so programs and third-party UIs can branch on it) and a
human-readable message that names the rule that was broken.

Error messages never reveal hidden information (a card in an envelope, the next
roll of the seeded dice); they describe the action that was refused and why.

Every code is listed once, with its meaning: `CORE_ERROR_CODES` holds those the
core raises (the engine, the dice, loading saved data, game specs and the
catalogue), and each game lists its own in its ``errors`` module
(``hogwarts_rules.adventure.errors.ERROR_CODES``, ...). Tests read the source
and check that the lists and the code agree, both ways.

Examples:
    >>> from hogwarts_rules import IllegalActionError
    >>> err = IllegalActionError("incapacitated", "Weasley is unconscious and cannot act")
    >>> err.code
    'incapacitated'
    >>> str(err)
    'Weasley is unconscious and cannot act'
    >>> isinstance(err, ValueError)
    True
    >>> CORE_ERROR_CODES["not_an_option"]
    'The action is not one of the choices of the decision awaited.'
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

__all__ = [
    "CORE_ERROR_CODES",
    "ERROR_CODES",
    "MAX_MESSAGE",
    "MAX_PATH",
    "DiceError",
    "IllegalActionError",
    "InvalidDataError",
    "RulesError",
    "bounded",
]


MAX_MESSAGE: Final = 300
"""The longest message an error carries; a longer one is cut (ending in ``...``).

Every message a library error (`RulesError`) or a protocol error reply carries is
cut here, once: an error about untrusted input never carries the input whole.
"""

MAX_PATH: Final = 200
"""The longest path an `InvalidDataError` names; a longer one is cut (ending in ``...``)."""


def bounded(text: str, limit: int = MAX_MESSAGE) -> str:
    """``text`` cut to at most ``limit`` characters, ending in ``...`` when cut.

    Examples:
        >>> bounded("x" * 1_000_000) == "x" * 297 + "..."
        True
        >>> bounded("short")
        'short'
    """
    text = str(text)
    return text if len(text) <= limit else text[: limit - 3] + "..."


class RulesError(ValueError):
    """Root of every error hogwarts-rules raises on purpose.

    Messages are bounded (`MAX_MESSAGE` characters), so an error about untrusted
    input never carries the input whole.

    Attributes:
        code: a short, stable, machine-readable identifier such as
            ``"not_your_turn"`` or ``"unknown_skill"``.
        message: the human-readable explanation (also ``str(error)``).
    """

    code: str
    message: str

    def __init__(self, code: str, message: str) -> None:
        message = bounded(message)
        super().__init__(message)
        self.code = code
        self.message = message

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.code!r}, {self.message!r})"

    def __reduce__(self) -> tuple[type[RulesError], tuple[str, str]]:
        # Keep errors picklable (process pools re-raise them in the parent).
        return (type(self), (self.code, self.message))


class IllegalActionError(RulesError):
    """An action the rules do not allow now.

    Raised by ``Game.apply`` and ``Game.check`` for an action that is the wrong
    type, names an unknown player, skill or stat, is made by the wrong player, or
    breaks a rule. The game is never changed: games are immutable values.
    """


class InvalidDataError(RulesError):
    """Malformed serialized data given to a ``from_dict`` function.

    The message names the offending field (as a path such as ``$.actions[3].points``).
    """

    path: str

    def __init__(self, code: str, message: str, path: str = "$") -> None:
        super().__init__(code, message)
        self.path = bounded(path, MAX_PATH)

    def __reduce__(self) -> tuple[type[RulesError], tuple[str, str, str]]:  # type: ignore[override]
        return (type(self), (self.code, self.message, self.path))


class DiceError(RulesError):
    """A dice source could not produce a roll.

    Raised, for example, when scripted dice run out of rolls, or when a scripted
    roll does not fit the die being rolled (a 7 on a d6).
    """


CORE_ERROR_CODES: Final[Mapping[str, str]] = MappingProxyType(
    {
        # ----- refused actions (IllegalActionError, from any game's check and apply)
        "bad_action": (
            "The object is not an action, not one of this game's, or has a field of the wrong type."
        ),
        "game_over": "The game is over: no more actions can be taken.",
        "not_your_turn": "Another player must decide now.",
        "not_an_option": "The action is not one of the choices of the decision awaited.",
        "roll_awaited": "An external roll is awaited: only a `ChanceOutcome` is accepted.",
        "no_roll_awaited": "A `ChanceOutcome` is given, and no external roll is awaited.",
        "no_take_back": "A take-back would undo a roll, a draw, something shown or another "
        "seat's decision.",
        "decision_awaited": "Practice or Rekey is given while a decision or a roll is awaited.",
        "already_practice": "Practice is given, and practice mode has already started.",
        "not_practice": "Rekey is given outside practice mode.",
        "bad_rekey": "Rekey names no seed from 0 to 2**64 - 1, or the dice are not seeded.",
        "bad_roll": "The `ChanceOutcome` is not a possible outcome of the roll awaited.",
        # ----- text notation (IllegalActionError from `hogwarts_rules.notation`)
        "bad_notation": "The text names no action: the message says which word did not match.",
        "no_notation": "The game has no text notation.",
        # ----- game-AI adapters (IllegalActionError from `hogwarts_rules.adapters`)
        "no_adapter": "The game has no action or observation codec, so no adapter for it.",
        # ----- starting a game (IllegalActionError; OptionError for options)
        "bad_players": "The players are not given as a list of names (or a count of seats).",
        "player_count": "Too few or too many players (or characters) for the game.",
        "bad_name": "A name breaks `hogwarts_rules.names.check_name` (length, spaces, characters).",
        "duplicate_name": "Two players have the same name.",
        "seed_and_dice": "Both a seed and a dice source are given.",
        "bad_dice": (
            "The dice given are not a dice source, or saved dice hold a bad seed or state (a"
            " decimal string), roll or position."
        ),
        "unknown_option": "An option the game does not declare (`OptionError`).",
        "bad_option": "An option's value is refused (`OptionError` names the option).",
        "unknown_bot": "The game has no bot of that name.",
        "unknown_game": "No game of that kind or alias is in the catalogue (`UnknownGameError`).",
        # ----- dice (DiceError)
        "bad_die": "A die with fewer than 1 or more than `MAX_SIDES` sides is rolled.",
        "bad_seed": "A seed or a dice state is not a whole number from 0 to 2**64 - 1.",
        "bad_script": (
            "Scripted rolls are not whole numbers in range, or a scripted roll does not fit"
            " the die rolled."
        ),
        "dice_exhausted": "The scripted dice have run out of rolls.",
        "external_dice": "External dice are asked to roll: the caller supplies their rolls.",
        # ----- saved games, actions and events (InvalidDataError, naming the field)
        "bad_type": "A value of the wrong JSON type where an object, a list or a string is needed.",
        "bad_format": "The data is not in the hogwarts-rules format.",
        "bad_version": "The data is in a version of the format this library does not read.",
        "missing_field": "A required field is missing.",
        "unknown_field": "A field the format does not have.",
        "invalid_value": "A field's value has the wrong type, is out of range or is not allowed.",
        "too_deep": "Data nested too deeply to read (arrays and objects within each other).",
        "unsafe_integer": (
            "A whole number outside -(2**53 - 1) to 2**53 - 1, which not every JSON reader"
            " keeps exactly."
        ),
        "missing_type": "An action or an event has no string `type` tag.",
        "unknown_type": "An action or an event has an unknown `type` tag (or one of another game).",
        "unknown_dice": "Saved dice of an unknown kind (not seeded, scripted or external).",
        "dice_not_serializable": "The game rolls custom dice, which cannot be saved.",
        "wrong_game": "A record of another game is replayed.",
        "bad_setup": "The saved set-up breaks a rule of the game (the message says which).",
        "illegal_record": "A saved action is illegal where it stands in the game.",
        "too_many_actions": "A saved game holds more actions than the reader's `max_actions`.",
        "bad_record": "A text game record lacks its game or set-up line, or its set-up is bad.",
        "state_mismatch": "The saved state does not match the game its actions produce.",
    }
)
"""Each code the core raises (engine, dice, serialization, specs, catalogue), with its meaning.

A game's own codes are in its ``errors`` module; some codes (``not_your_turn``,
``bad_action``...) are raised by the core and by a game alike.
"""

ERROR_CODES: Final = CORE_ERROR_CODES
"""`CORE_ERROR_CODES` under the name every ``errors`` module gives its list (the
documentation's ``<!-- error-codes: MODULE -->`` marker reads it). Only the core's codes."""
