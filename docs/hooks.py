"""MkDocs hooks: render the rules tables from the library's own data.

Registered in ``mkdocs.yml`` (``hooks: [docs/hooks.py]``). A page asks for a table
with an HTML comment such as ``<!-- table: hr-class-roll -->``; :func:`on_page_markdown`
replaces it with a Markdown table built from the library's data, so the documentation
can never disagree with the code:

- ``hr-*``: Hufflepuff & Ravenclaw, from :mod:`hogwarts_rules.hufflepuff_ravenclaw`
  (its ``tables`` and ``character`` modules);
- ``fya-*``: First Year Adventure, from :mod:`hogwarts_rules.adventure` (the board,
  the text's spellings, and every table of ``adventure.TABLES`` as
  ``fya-table-KEY``, with the key's underscores written as hyphens).

``tests/test_docs_tables.py`` checks the rendered tables against the data.

This module imports nothing from MkDocs at run time, so the tests (and pytest's
doctest collection of ``docs/``) do not need MkDocs installed.

>>> print(render_table("hr-advancement").splitlines()[2])
| 2 | 9 | 3 | 12 |
>>> print(render_table("fya-table-gringotts-visit"))
**Other circumstances of your visit to the bank**: roll 1D6.
<BLANKLINE>
| 1D6 | Result | Note | Effects |
| ---: | :--- | :--- | :--- |
| 1-3 | Escorted by Hagrid | Gain 1 Clue | gain 1 clue |
| 4-6 | Uneventful |  | no effect |
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Final

import attrs

from hogwarts_rules.adventure.board import DIAGON_ALLEY, DUNGEON, LOOP, TEXT_SPELLINGS, Region
from hogwarts_rules.adventure.game import VOLDEMORT_POINTS
from hogwarts_rules.adventure.tables import TABLES as ADVENTURE_TABLES
from hogwarts_rules.adventure.tables import Effect
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
    "adventure_board_table",
    "adventure_marker",
    "adventure_spellings_table",
    "adventure_table",
    "class_roll_table",
    "effect_text",
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


# ----- First Year Adventure ---------------------------------------------------------------


def adventure_board_table() -> str:
    """The three parts of the board, each in the order of the arrows (``DIAGON_ALLEY``...)."""
    runs = (DIAGON_ALLEY, LOOP, DUNGEON)
    header = ["#", Region.DIAGON_ALLEY.value, Region.HOGWARTS.value, Region.DUNGEON.value]
    rows = [
        [step + 1, *(run[step].value if step < len(run) else "" for run in runs)]
        for step in range(max(len(run) for run in runs))
    ]
    return markdown_table(header, rows, align="rlll")


def adventure_spellings_table() -> str:
    """How the rules text spells names, and the spelling the library uses (``TEXT_SPELLINGS``)."""
    return markdown_table(["The rules text", "The library"], TEXT_SPELLINGS.items())


def _signed(value: int) -> str:
    return f"{value:+d}" if value else "0"


def _turns(count: int) -> str:
    return "your next turn" if count == 1 else f"your next {count} turns"


_ITEMS: Final = {
    "sweater": "gain a sweater from home",
    "remembrall": "gain a Remembrall (reroll one roll later)",
    "cloak": "gain the Cloak of Invisibility",
    "nimbus": "gain a Nimbus 2000",
    "frogs_dice": "gain {n}D6 Chocolate Frogs",
    "beans_dice": "gain {n}D6 Every Flavour Beans",
}
_KNOWLEDGE: Final = {
    "fluffys_secret": "learn Fluffy's secret (get past Fluffy automatically)",
    "plant_lore": "learn plant lore (get past the Devil's Snare automatically)",
}


def effect_text(effect: Effect) -> str:
    """One effect of a table row in words (the vocabulary of ``adventure.Effect``).

    >>> effect_text(Effect("hospital", 2))
    'go to the Hospital and miss your next 2 turns'
    >>> effect_text(Effect("clue", what="saved by a centaur"))
    'gain 1 clue (one time only: saved by a centaur)'

    Raises:
        ValueError: an effect this function cannot put into words (a new kind or name).
    """
    kind, n, what = effect.kind, effect.amount, effect.what
    attribute, _, value = what.partition(":")
    text: str | None = None
    match kind:
        case "points":
            text = f"{'gain' if n >= 0 else 'lose'} {abs(n)} house points"
        case "points_dice":
            text = f"gain {n}D6 house points"
        case "clue":
            text = f"gain 1 clue (one time only: {what})" if what else "gain 1 clue"
        case "skill":
            text = f"{what.title()} skill {_signed(n)}"
        case "miss":
            text = f"miss {_turns(n)}"
        case "hospital":
            text = f"go to the Hospital and miss {_turns(n)}"
        case "go":
            text = f"go to {what} now (it takes effect)"
        case "move_dice":
            text = f"move {n}D6 spaces along the loop now (the space reached takes effect)"
        case "secret_passage":
            text = "go to any other space of the loop, of your choice (it takes effect)"
        case "table" if what in ADVENTURE_TABLES:
            text = f"roll on the {ADVENTURE_TABLES[what].title}"
            if n:
                text += " (your broom is bewitched: +1 to the injury roll)"
        case "item" if what in _ITEMS:
            text = _ITEMS[what].format(n=n)
        case "set" if attribute == "raised_by":
            text = f"raised by {value.title()}"
        case "set" if attribute == "mean_family":
            text = "a mean family"
        case "set" if attribute == "wealth":
            text = f"wealth: {value} (Wealth Modifier {_signed(n)})"
        case "set" if value:
            text = f"{attribute.replace('_', ' ')}: {value}"
        case "future_bonus":
            text = "store a +1 for one future roll of your choice"
        case "study_bonus":
            text = "+1 to your next Study skill roll"
        case "know" if what in _KNOWLEDGE:
            text = _KNOWLEDGE[what]
        case "wizards_mark":
            text = "the Wizard's Mark (defeat Voldemort automatically)"
        case "stay_dice":
            text = f"stay on this space for {n}D6 turns"
        case "move_on":
            text = "move forward one space now (it takes effect)"
        case "repeat":
            text = "do not move: roll on this table again next turn"
        case "team_offer":
            text = "join the Quidditch team (Study skill -1), or decline: Remedial Lessons"
        case "pick_house":
            text = "choose a house nobody has"
        case "pass":
            text = "get past; move on next turn"
        case "defeat_voldemort":
            text = (
                f"gain {VOLDEMORT_POINTS} house points; every pawn goes to the Great Hall; "
                "the game ends"
            )
        case "nothing":
            text = "nothing"
    if text is None:
        raise ValueError(f"no words for the effect {effect!r}: teach effect_text about it")
    return text


def adventure_marker(key: str) -> str:
    """The marker name of an Adventure table: ``fya-table-`` and the key, ``_`` as ``-``."""
    return "fya-table-" + key.replace("_", "-")


def adventure_table(key: str) -> str:
    """One table of ``adventure.TABLES``: its title, dice and modifiers, then every row.

    Each row shows its range (``Row.range_text``), its result, the rulebook's note and
    its effects in words (:func:`effect_text`).
    """
    table = ADVENTURE_TABLES[key]
    caption = " ".join([f"**{table.title}**: roll {table.dice}D6.", *table.modifiers])
    rows = [
        (
            row.range_text,
            row.result,
            row.note,
            "; ".join(effect_text(effect) for effect in row.effects) or "no effect",
        )
        for row in table.rows
    ]
    body = markdown_table([f"{table.dice}D6", "Result", "Note", "Effects"], rows, align="rlll")
    return f"{caption}\n\n{body}"


TABLES: Final[dict[str, Callable[[], str]]] = {
    "hr-class-roll": class_roll_table,
    "hr-advancement": advancement_table,
    "hr-skills": skills_table,
    "hr-spells": spells_table,
    "hr-stats": stats_table,
    "hr-youth": youth_table,
    "hr-wounds": wounds_table,
    "fya-board": adventure_board_table,
    "fya-spellings": adventure_spellings_table,
    **{adventure_marker(key): functools.partial(adventure_table, key) for key in ADVENTURE_TABLES},
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
