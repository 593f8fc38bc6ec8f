"""MkDocs hooks: render the rules tables from the library's own data.

Registered in ``mkdocs.yml`` (``hooks: [docs/hooks.py]``). A page asks for a table
with an HTML comment such as ``<!-- table: hr-class-roll -->``; :func:`on_page_markdown`
replaces it with a Markdown table built from :mod:`hogwarts_rules.hufflepuff_ravenclaw`
(its ``tables`` and ``character`` modules), so the documentation can never disagree
with the code. ``tests/test_docs_tables.py`` checks the rendered tables against the data.

This module imports nothing from MkDocs at run time, so the tests (and pytest's
doctest collection of ``docs/``) do not need MkDocs installed.

>>> print(render_table("hr-advancement").splitlines()[2])
| 2 | 9 | 3 | 12 |
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Final

import attrs

from hogwarts_rules.hufflepuff_ravenclaw.character import (
    DEFAULT_SKILLS,
    DEFAULT_SPELLS,
    DEFAULT_STATS,
    QUALITIES,
    Character,
    Wound,
    wound_for,
)
from hogwarts_rules.hufflepuff_ravenclaw.tables import (
    ADVANCEMENT_TABLE,
    CLASS_ROLL_TABLE,
    class_roll_target,
)

if TYPE_CHECKING:
    from mkdocs.structure.files import Files

__all__ = [
    "MARKER",
    "TABLES",
    "advancement_table",
    "class_roll_table",
    "markdown_table",
    "on_files",
    "on_page_markdown",
    "render_markers",
    "render_table",
    "skills_table",
    "spells_table",
    "stats_table",
    "wounds_table",
    "youth_table",
]

MARKER: Final = re.compile(r"<!--\s*table:\s*([A-Za-z0-9_-]+)\s*-->")
"""A request for a rendered table: ``<!-- table: NAME -->``."""

WOUND_TABLE_SIZES: Final = (1, 2, 3, 4, 5, 6, 9, 15)
"""The Sizes shown in the wound thresholds table (15 is Hagrid's)."""


def _cell(value: object) -> str:
    return str(value).replace("|", "\\|").replace("\n", " ")


def markdown_table(
    header: Sequence[str], rows: Iterable[Sequence[object]], *, align: str | None = None
) -> str:
    """A Markdown (GFM) table; ``align`` has one letter per column: ``l``, ``c`` or ``r``.

    >>> print(markdown_table(["a", "b"], [(1, "x|y")], align="rl"))
    | a | b |
    | ---: | :--- |
    | 1 | x\\|y |
    """
    rules = {"l": ":---", "c": ":---:", "r": "---:"}
    align = align or "l" * len(header)
    if len(align) != len(header):
        raise ValueError("align needs one letter per column")
    lines = [
        "| " + " | ".join(_cell(h) for h in header) + " |",
        "| " + " | ".join(rules[a] for a in align) + " |",
    ]
    for row in rows:
        if len(row) != len(header):
            raise ValueError(f"row {row!r} does not have {len(header)} cells")
        lines.append("| " + " | ".join(_cell(v) for v in row) + " |")
    return "\n".join(lines)


# ----- the tables ------------------------------------------------------------------------


def class_roll_table() -> str:
    """The Intellect table for class rolls at a school break (``CLASS_ROLL_TABLE``)."""
    columns = len(next(iter(CLASS_ROLL_TABLE.values())))
    intellects = range(1, columns + 1)
    rows: list[list[object]] = [[skill, *targets] for skill, targets in CLASS_ROLL_TABLE.items()]
    # Above the table the number to beat is the skill itself (checked against the code).
    top = max(CLASS_ROLL_TABLE) + 1
    for skill in range(top, top + 20):
        for intellect in intellects:
            if class_roll_target(skill, intellect) != skill:  # pragma: no cover - data guard
                raise ValueError(f"class roll for skill {skill}, Intellect {intellect} changed")
    rows.append([f"{top}+", *(["skill"] * columns)])
    header = ["Skill", *(f"Int {i}" for i in intellects)]
    return markdown_table(header, rows, align="r" * len(header))


def advancement_table() -> str:
    """The table for characters starting above first year (``ADVANCEMENT_TABLE``)."""
    rows = [
        (year, row.skill_points, row.max_in_one_skill, row.max_with_advantages)
        for year, row in sorted(ADVANCEMENT_TABLE.items())
    ]
    header = ["Year", "Skill points", "Max points in one skill", "Max skill with advantages"]
    return markdown_table(header, rows, align="rrrr")


def skills_table() -> str:
    """The library's default skills with their kind (``DEFAULT_SKILLS``)."""
    kinds = {"common": "common", "magical": "magical (a Hogwarts class)"}
    rows = [(name, kinds.get(kind, kind)) for name, kind in DEFAULT_SKILLS.items()]
    return markdown_table(["Skill", "Kind"], rows)


def spells_table() -> str:
    """The library's default standard spells (``DEFAULT_SPELLS``)."""
    rows = [
        (name, spell.skill, spell.year, spell.effect)
        for name, spell in sorted(DEFAULT_SPELLS.items(), key=lambda item: item[1].year)
    ]
    return markdown_table(["Spell", "Magical skill", "Year", "Effect"], rows, align="llrl")


def stats_table() -> str:
    """The default stats and qualities, with a first year's default values."""
    sheet = Character.first_year("Example")
    rows = [(name, "stat", sheet.stat(name)) for name in DEFAULT_STATS]
    rows += [(name, "quality", sheet.stat(name)) for name in QUALITIES]
    return markdown_table(["Name", "Kind", "First-year default"], rows, align="llr")


def youth_table() -> str:
    """The Youth pool by school year (``Character.youth_max``), adults last."""
    base = Character.first_year("Example")
    rows: list[tuple[str, int]] = [
        (str(year), attrs.evolve(base, year=year, youth=0).youth_max) for year in range(1, 8)
    ]
    rows.append(("adult", attrs.evolve(base, year=None, youth=0).youth_max))
    return markdown_table(["School year", "Youth pool"], rows, align="rr")


def _least_damage(size: int, wound: Wound) -> int:
    """The fewest Points that give at least ``wound`` (by :func:`wound_for`)."""
    order = list(Wound)
    points = 0
    while order.index(wound_for(points, size)) < order.index(wound):
        points += 1
    return points


def wounds_table() -> str:
    """The damage Points at which each wound begins, for some Sizes (from ``wound_for``)."""
    states = (Wound.MINOR, Wound.MAJOR, Wound.UNCONSCIOUS, Wound.DEAD)
    rows = [(size, *(_least_damage(size, state) for state in states)) for size in WOUND_TABLE_SIZES]
    header = ["Size", "Minor Wound at", "Major Wound at", "Unconscious at", "Dead at"]
    return markdown_table(header, rows, align="rrrrr")


TABLES: Final[dict[str, Callable[[], str]]] = {
    "hr-class-roll": class_roll_table,
    "hr-advancement": advancement_table,
    "hr-skills": skills_table,
    "hr-spells": spells_table,
    "hr-stats": stats_table,
    "hr-youth": youth_table,
    "hr-wounds": wounds_table,
}
"""Every table a page may ask for, by marker name."""


def render_table(name: str) -> str:
    """The Markdown table called ``name``.

    Raises:
        KeyError: there is no such table.
    """
    try:
        renderer = TABLES[name]
    except KeyError:
        known = ", ".join(sorted(TABLES))
        raise KeyError(f"unknown table {name!r} (known: {known})") from None
    return renderer()


def render_markers(markdown: str) -> str:
    """Replace every ``<!-- table: NAME -->`` marker in ``markdown`` with its table.

    The table is surrounded by blank lines so that it always parses as a table.
    """
    return MARKER.sub(lambda match: "\n" + render_table(match.group(1)) + "\n", markdown)


# ----- MkDocs hooks ----------------------------------------------------------------------


def on_page_markdown(markdown: str, **kwargs: object) -> str:
    """MkDocs hook: render the table markers of a page."""
    try:
        return render_markers(markdown)
    except KeyError as exc:
        from mkdocs.exceptions import PluginError

        page = kwargs.get("page")
        where = getattr(getattr(page, "file", None), "src_uri", "a page")
        raise PluginError(f"{where}: {exc.args[0]}") from None


def on_files(files: Files, **kwargs: object) -> Files:
    """MkDocs hook: do not publish this module (or its bytecode) as a static file."""
    for file in list(files):
        if file.src_uri.endswith((".py", ".pyc")) or "__pycache__" in file.src_uri:
            files.remove(file)
    return files
