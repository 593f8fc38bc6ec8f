"""Every error code Clue's own code raises, listed once.

A refused action, bad content or a bad notebook raises a `RulesError` (an
`IllegalActionError`, an `InvalidDataError`, or `ContradictionError`) whose
``code`` is one of `ERROR_CODES`. The codes are stable across releases: branch on
them, not on the messages. The codes every game shares (a finished game, an
external roll awaited, a decision's options, bad player names, a saved game that
does not load) come from the core: `hogwarts_rules.errors.CORE_ERROR_CODES`.

``tests/clue/test_errors.py`` checks that this list and the code agree, both
ways, and the documentation renders its table from it.

Examples:
    >>> ERROR_CODES["not_your_turn"]
    'The action is taken by a player whose turn it is not.'
    >>> error = refuse("burrow", "no suggestions in The Burrow")
    >>> error.code, str(error)
    ('burrow', 'no suggestions in The Burrow')
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

from hogwarts_rules.errors import IllegalActionError

__all__ = ["ERROR_CODES", "refuse"]

ERROR_CODES: Final[Mapping[str, str]] = MappingProxyType(
    {
        # ----- refused actions (IllegalActionError)
        "already_dealt": "`Deal` is played again: the cards have been dealt.",
        "bad_action": "The action is not one of Clue's, or cannot be played at all now.",
        "not_dealt": "A player acts before the `Deal`.",
        "not_your_turn": "The action is taken by a player whose turn it is not.",
        "wrong_step": "The action belongs to another step of the turn (roll, move, then act).",
        "not_now": (
            "A decision (`ChooseStudent`, `ShowCard`, `Protect`, `PayFloo`) is given when none"
            " is awaited."
        ),
        "unreachable": "The move goes somewhere the pawn cannot reach this turn.",
        "must_leave": "`StayPut` in a location that the pawn can leave: it must leave.",
        "not_entered": "A suggestion without a location entered this turn.",
        "burrow": "A suggestion in The Burrow, which is for accusations only.",
        "not_in_burrow": "An accusation outside The Burrow, or not on the turn it was entered.",
        "unknown_card": (
            "A card that is not a suspect, item or location where one is asked for"
            " (or, in a notebook, not a card of its deck)."
        ),
        "unknown_player": "No player of that name is playing (in the game or the notebook).",
        # ----- starting a game (IllegalActionError)
        "unknown_option": "`new_game` is given an option it does not know.",
        "unknown_student": "A student chosen in advance is not one of the six students.",
        "student_taken": "Two players choose the same student.",
        "bad_content": (
            "The board and decks break a rule of the content (`load_content`), or are not a"
            " `Content`."
        ),
        # ----- the detective's notebook (RulesError)
        "bad_notebook": "A notebook's players, deck or hand sizes are not valid.",
        "bad_fact": "A wrong accusation's cards are not one card of each category.",
        "contradiction": "The notebook's facts cannot all be true (`ContradictionError`).",
        "not_clue_deck": "A suggestion is asked of a notebook that does not use the real deck.",
    }
)
"""Each code Clue's own code raises, with its meaning in one line."""


def refuse(code: str, message: str) -> IllegalActionError:
    """The error refusing a Clue action: ``code`` is one of `ERROR_CODES`.

    The message says which rule the action breaks; it never names a secret.
    """
    return IllegalActionError(code, message)
