r"""One validation for names of every kind: players, characters, stats, skills, content ids.

A name is shown to people, written in saved games and sent to other programs as
JSON text, so every name the library accepts must be one every JSON writer and
reader handles the same way, and one a screen shows as it is:

* a string of 1 to ``max_length`` characters (`MAX_NAME_LENGTH` for players and
  characters, `MAX_LABEL_LENGTH` for the names of stats, skills, spells, traits and
  content ids);
* no leading or trailing white space;
* no character of Unicode's "Other" categories: control codes (``"\x01"``), format
  characters, private-use and unassigned code points, and lone surrogates
  (``"\ud800"``, which cannot be written as UTF-8, so a game holding one could not be
  saved as UTF-8 JSON);
* no line or paragraph separator (U+2028, U+2029: categories Zl and Zp), which
  many readers take as the end of a line (Python's ``str.splitlines``, JavaScript
  before ES2019), so a name holding one would cut a text record in two;
* not starting with ``<`` (kept for the library's own names, such as
  `hogwarts_rules.CHANCE`), unless ``reserved=False``: a value that is not yet a
  seat of a game (a character sheet on its own) may, and the game refuses it as a
  seat's name.

Examples:
    >>> check_name("Hermione")
    'Hermione'
    >>> check_name("Care of Magical Creatures", "a skill name", max_length=MAX_LABEL_LENGTH)
    'Care of Magical Creatures'
    >>> check_name("Luck\x01", "an extra stat name")
    Traceback (most recent call last):
    ...
    hogwarts_rules.errors.IllegalActionError: an extra stat name may not hold control, ...
    >>> name_problem("\ud800")
    'may not hold control, format, surrogate or unassigned characters'
    >>> name_problem("Ann\u2028Bob")
    'may not hold line or paragraph separators'
"""

from __future__ import annotations

import functools
import unicodedata
from typing import Final

from hogwarts_rules.errors import IllegalActionError

__all__ = ["MAX_LABEL_LENGTH", "MAX_NAME_LENGTH", "check_name", "name_problem"]

MAX_NAME_LENGTH: Final = 40
"""The longest name of a player or a character, in characters."""

MAX_LABEL_LENGTH: Final = 80
"""The longest name of a stat, a skill, a spell, a trait or a content id, in characters."""

_SHOWN: Final = 60  # the most characters of a refused name quoted in a message

_BREAKS: Final = frozenset({"Zl", "Zp"})  # U+2028 and U+2029: line breaks to many readers


@functools.lru_cache(maxsize=4096)
def _problem(value: str, max_length: int, reserved: bool) -> str | None:
    if not value:
        return "may not be empty"
    if len(value) > max_length:
        return f"must be at most {max_length} characters, not {len(value)}"
    if value != value.strip():
        return "may not start or end with white space"
    if reserved and value.startswith("<"):
        return "may not start with '<'"
    if any(unicodedata.category(ch)[0] == "C" for ch in value):
        return "may not hold control, format, surrogate or unassigned characters"
    if any(unicodedata.category(ch) in _BREAKS for ch in value):
        return "may not hold line or paragraph separators"
    return None


def name_problem(
    value: object, max_length: int = MAX_NAME_LENGTH, *, reserved: bool = True
) -> str | None:
    """What is wrong with ``value`` as a name, in words, or ``None`` if it is a valid name.

    Examples:
        >>> name_problem("Ann") is None
        True
        >>> name_problem(" Ann"), name_problem(7)
        ('may not start or end with white space', 'must be a string, not int')
    """
    if type(value) is not str:
        return f"must be a string, not {type(value).__name__}"
    if len(value) > max_length:  # before the cache: a huge string is never kept
        return f"must be at most {max_length} characters, not {len(value)}"
    return _problem(value, max_length, reserved)


def check_name(
    value: object,
    what: str = "a name",
    *,
    max_length: int = MAX_NAME_LENGTH,
    code: str = "bad_name",
    reserved: bool = True,
) -> str:
    """Return ``value`` if it is a valid name (see the module docstring); raise if not.

    Args:
        value: the name to check (any object: a Python caller's too).
        what: the kind of name, for the message (``"a player name"``).
        max_length: `MAX_NAME_LENGTH` or `MAX_LABEL_LENGTH`.
        code: the error code to raise with (``bad_name``, or a game's own).
        reserved: refuse a name starting with ``<`` (the library's own names).

    Raises:
        IllegalActionError: with ``code``; the message quotes at most 60 characters
            of the name.
    """
    problem = name_problem(value, max_length, reserved=reserved)
    if problem is None:
        assert isinstance(value, str)
        return value
    message = f"{what} {problem}"
    if isinstance(value, str):
        shown = value[:_SHOWN] + ("..." if len(value) > _SHOWN else "")
        message = f"{message}: {shown!r}"
    if code == "bad_name":  # the core's code, raised here for every game's seats
        raise IllegalActionError("bad_name", message)
    raise IllegalActionError(code, message)
