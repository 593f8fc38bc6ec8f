"""Every error code First Year Adventure's own code raises, listed once.

A refused action or a bad set-up raises an `IllegalActionError` whose ``code`` is
one of `ERROR_CODES`. The codes are stable across releases: branch on them, not
on the messages. The codes every game shares (a finished game, a decision's
options, an external roll, bad player names, a saved game that does not load)
are the core's, in `hogwarts_rules.errors.CORE_ERROR_CODES`.

``tests/adventure/test_errors.py`` reads the source and checks that this list and
the code agree, both ways; the documentation renders its table from it.

Examples:
    >>> ERROR_CODES["need_clues"]
    'The 3rd Floor shortcut or the dungeon is taken with fewer than 5 clues.'
    >>> error = refuse("not_started", "roll for who goes first first")
    >>> error.code, str(error)
    ('not_started', 'roll for who goes first first')
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
        "unknown_player": "No player of that name is in the game.",
        "already_started": "`RollOff` again: the roll for who goes first has been made.",
        "not_started": "A player acts before the roll for who goes first (`RollOff`).",
        "bad_action": "An action of the game that cannot start a turn.",
        "not_your_turn": "The action is taken by a player whose turn it is not.",
        "on_the_loop": "`TakeTurn` on the loop, where a player moves 1 space or rolls to move.",
        "straight_run": "`MoveOne` or `RollToMove` off the loop, where a turn moves one space.",
        "not_on_loop": "`GoToThirdFloor` or `EnterDungeon` from a space off the loop.",
        "need_clues": "The 3rd Floor shortcut or the dungeon is taken with fewer than 5 clues.",
        "not_on_third_floor": "`EnterDungeon` from a space other than the 3rd Floor.",
        "on_third_floor": "`GoToThirdFloor` on the 3rd Floor: enter the dungeon or move instead.",
        "not_now": (
            "A decision (`KeepRoll`, `ChooseHouse`, `JoinTeam`, `ChooseSpace`...) when none"
            " is awaited."
        ),
        # ----- starting a game (IllegalActionError)
        "unknown_option": "`new_game` is given an option it does not know (it knows `max_rounds`).",
        "bad_option": "`max_rounds` is not a whole number from 1 to 100,000.",
    }
)
"""Each code First Year Adventure's own code raises, with its meaning in one line."""


def refuse(code: str, message: str) -> IllegalActionError:
    """The error refusing an action or a set-up: ``code`` is one of `ERROR_CODES`.

    The message says which rule is broken.
    """
    return IllegalActionError(code, message)
