"""Text helpers shared by the terminal front end and the games' terminal tables (internal).

Lines are at most `WIDTH` characters where they can be: long entries wrap
between words (never inside a word, never at a hyphen), and lists wrap between
their entries.

Examples:
    >>> plural(1, "clue"), plural(3, "clue")
    ('1 clue', '3 clues')
    >>> listing("Your hand", ["Draco Malfoy", "Love Potion"])
    ['Your hand: Draco Malfoy, Love Potion']
    >>> lines: list[str] = []
    >>> numbered(lines, [(1, "Roll the dice"), (2, "End your turn")])
    >>> lines
    ['    1. Roll the dice', '    2. End your turn']
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from typing import Final

__all__ = ["WIDTH", "fill", "grouped", "listing", "numbered", "plural", "wrap"]

WIDTH: Final = 100
"""The width lines are wrapped to."""


def plural(count: int, noun: str) -> str:
    """``"1 clue"``, ``"2 clues"``: a count and a noun made plural by an ``s``."""
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def wrap(text: str, indent: str, hanging: str) -> list[str]:
    """``text`` wrapped to `WIDTH`: the first line after ``indent``, the rest after ``hanging``."""
    return textwrap.wrap(
        text,
        width=WIDTH,
        initial_indent=indent,
        subsequent_indent=hanging,
        break_on_hyphens=False,
        break_long_words=False,
    )


def numbered(lines: list[str], actions: Sequence[tuple[int, str]]) -> None:
    """Add each ``(number, text)`` to ``lines`` as a numbered menu entry."""
    for number, text in actions:
        lines.extend(wrap(text, f"  {number:>3}. ", " " * 7))


def fill(first: str, entries: Sequence[str], separator: str, hanging: str) -> list[str]:
    """``first`` then the entries, wrapped between entries (never inside one)."""
    lines: list[str] = []
    line = first
    for index, entry in enumerate(entries):
        piece = entry + (separator if index < len(entries) - 1 else "")
        if len(line) + len(piece) > WIDTH and line.strip() and line != first:
            lines.append(line.rstrip())
            line = hanging
        line += piece
    lines.append(line.rstrip())
    return lines


def listing(label: str, entries: Sequence[str], indent: str = "") -> list[str]:
    """``label: a, b, c``, wrapped between entries."""
    return fill(f"{indent}{label}: ", entries, ", ", indent + "  ")


def grouped(lines: list[str], header: str, choices: Sequence[tuple[int, str]]) -> None:
    """Actions that differ in one word: ``header   1. a  2. b``, wrapped between entries."""
    entries = [f"{number}. {label}" for number, label in choices]
    lines.extend(fill(f"  {header}   ", entries, "  ", " " * 6))
