"""Small helpers shared by the pictures of every game (SVG and HTML as plain strings).

Private to the library: the picture modules (`hogwarts_rules.adventure.svg`,
`hogwarts_rules.clue.svg`, `hogwarts_rules.hufflepuff_ravenclaw.html`) use them to
escape every name, wrap and fit text, and pick a readable ink colour. Nothing here
knows a game.
"""

from __future__ import annotations

import html
import re
from typing import Final

__all__ = ["NOT_XML", "SVG_NS", "esc", "fit_font", "ink", "wrap"]

SVG_NS: Final = "http://www.w3.org/2000/svg"
"""The SVG namespace."""

NOT_XML: Final = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
"""Characters XML 1.0 cannot hold at all, even escaped."""


def esc(text: object) -> str:
    """Text made safe for XML or HTML content and attribute values (quotes included).

    Characters XML cannot hold (such as NUL) become U+FFFD.

    Examples:
        >>> esc('<b>"Ron" & Hermione</b>')
        '&lt;b&gt;&quot;Ron&quot; &amp; Hermione&lt;/b&gt;'
        >>> esc(chr(0)) == chr(0xFFFD)
        True
    """
    return html.escape(NOT_XML.sub("\ufffd", str(text)), quote=True)


def wrap(text: str, limit: int) -> list[str]:
    """Greedy word wrap at ``limit`` characters (a long word gets a line of its own).

    Examples:
        >>> wrap("the Mirror of Erised", 10)
        ['the Mirror', 'of Erised']
    """
    lines: list[str] = []
    for word in text.split():
        if lines and len(lines[-1]) + 1 + len(word) <= limit:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines or [""]


def fit_font(text: str, room: float, size: float) -> str:
    """Font attributes that fit ``text`` in ``room`` pixels.

    ``size``, or, when the text (estimated in bold) would be too long, a smaller size
    and a squeeze to exactly ``room``.
    """
    ems = sum(0.3 if c == " " else 0.82 if c.isupper() else 0.64 for c in text)
    if ems * size <= room:
        return f'font-size="{size:g}"'
    smaller = max(6.0, round(room / ems, 1))
    return f'font-size="{smaller:g}" textLength="{room:g}" lengthAdjust="spacingAndGlyphs"'


def ink(colour: str) -> str:
    """Black or white text, whichever reads better on ``colour`` (``#rrggbb``).

    Examples:
        >>> ink("#f5d77f"), ink("#1b3a6b")
        ('#000', '#fff')
    """
    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return "#000" if 0.299 * r + 0.587 * g + 0.114 * b > 150 else "#fff"
