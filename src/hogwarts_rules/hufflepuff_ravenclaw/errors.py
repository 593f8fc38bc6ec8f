"""Every error code the Hufflepuff & Ravenclaw mechanics' own code raises, listed once.

A refused action or a bad scene raises an `IllegalActionError` whose ``code`` is
one of `ERROR_CODES`. The codes are stable across releases: branch on them, not
on the messages. The codes every game shares (a decision's options, an external
roll, bad character names, a saved scene that does not load) are the core's, in
`hogwarts_rules.errors.CORE_ERROR_CODES`.

``tests/hufflepuff_ravenclaw/test_errors.py`` reads the source and checks that this
list and the code agree, both ways; the documentation renders its table from it.

Examples:
    >>> ERROR_CODES["incapacitated"]
    'The character who must act is unconscious or dead.'
    >>> error = refuse("dead", "Sky is dead")
    >>> error.code, str(error)
    ('dead', 'Sky is dead')
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
        "game_over": "The game master has ended the scene.",
        "bad_action": "The action is not one of this scene's.",
        "unknown_character": "No character of that name is in the scene.",
        "incapacitated": "The character who must act is unconscious or dead.",
        "dead": "Damage, a fall, healing, a spell or a class for a character who is dead.",
        "unhurt": "Healing for a character who has no damage.",
        "unknown_stat": "A stat or quality that the character (or the scene) does not have.",
        "unknown_quality": "A quality test names something that is not a quality.",
        "unknown_skill": "A skill the scene does not know.",
        "unknown_trait": "An Advantage or Disadvantage the character does not have.",
        "unknown_spell": "A spell not standard in the scene, cast without its skill and year, "
        "or learned.",
        "spell_mismatch": "A standard spell is given another skill or year than its own.",
        "not_magical": "A spell cast, or a class taken, with a skill that is not magical.",
        "bad_preparation": "A spell's preparation test is neither Astronomy nor Arithmancy.",
        "nothing_to_reduce": "A preparation test for a spell that is not above the caster's year.",
        "same_character": "A contest, a brawl or a duel between a character and itself.",
        "bad_side": "A side of a quality contest or a duel is not a `QualitySpec` or `Duellist`.",
        "already_known": "`LearnSpell` for a spell already on the character's sheet.",
        "already_taking": "`JoinClass` for a class the character already takes.",
        "not_a_student": "`JoinClass` for an adult, who takes no classes.",
        "last_character": "`RemoveCharacter` for the last character of the scene.",
        "bad_fighter": "A side of a brawl is not a `Fighter`.",
        "bad_modifiers": "The modifiers are not a tuple of at most 20 `Modifier` values.",
        "bad_traits": "The traits are not a tuple of trait names.",
        "bad_number": "A number (points, metres, a modifier...) is out of range or not whole.",
        "bad_text": "A label or reason is empty, too long, padded or holds control codes.",
        "bad_value": "A true-or-false field holds something else.",
        "no_roll_awaited": "`SpendYouth` when no roll awaits it.",
        "not_first_year": "`AdvanceYears` for a character who is not a first year.",
        "not_common": "`AdvanceYears` puts points in a skill that is not common.",
        "skill_too_high": "`AdvanceYears` raises a skill above the year's limit, with advantages.",
        "too_many_points": "`AdvanceYears` spends more skill points than the year gives.",
        # ----- starting a scene (IllegalActionError)
        "unknown_option": "`new_game` is given an option it does not know.",
        "bad_players": "The characters are not given as a list.",
        "bad_character": "A character is not a `Character` sheet, or has a field of a wrong kind.",
        "bad_stats": "The scene's stats lack Size, names repeat, or there are over 100 extras.",
        "bad_skill": "A skill of the scene is neither common nor magical.",
        "bad_spell": "A standard spell of the scene does not use a magical skill.",
        "missing_stat": "A character sheet has no Size.",
        "bad_qualities": "A character sheet does not have exactly the three qualities.",
    }
)
"""Each code the Hufflepuff & Ravenclaw mechanics' own code raises, with its meaning."""


def refuse(code: str, message: str) -> IllegalActionError:
    """The error refusing an action or a scene: ``code`` is one of `ERROR_CODES`.

    The message says which rule is broken.
    """
    return IllegalActionError(code, message)
