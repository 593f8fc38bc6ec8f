"""MkDocs hooks: render the rules tables from the library's own data.

Registered in ``mkdocs.yml`` (``hooks: [docs/hooks.py]``). A page asks for a table
with an HTML comment such as ``<!-- table: hr-class-roll -->``; :func:`on_page_markdown`
replaces it with a Markdown table built from the library's data, so the documentation
can never disagree with the code:

- ``hr-*``: Hufflepuff & Ravenclaw, from :mod:`hogwarts_rules.hufflepuff_ravenclaw`
  (its ``tables`` and ``character`` modules);
- ``fya-*``: First Year Adventure, from :mod:`hogwarts_rules.adventure` (the board,
  the names the library uses instead of the text's, and every table of
  ``adventure.TABLES`` as ``fya-table-KEY``, with the key's underscores written as
  hyphens);
- ``clue-*``: Clue: World of Harry Potter, from :mod:`hogwarts_rules.clue` (the default
  board drawn as text, its locations, the wheels' notches, the Help and Dark decks, and
  the French rulebook's names).

A page asks for a list of error codes with ``<!-- error-codes: MODULE -->``, where
``MODULE`` is a game's errors module (``hogwarts_rules.clue.errors``) or the core's
(``hogwarts_rules.errors``): the marker becomes a table of that module's
``ERROR_CODES`` (the core's ``CORE_ERROR_CODES``), code -> meaning, by code.

A page asks for a picture with ``<!-- picture: NAME -->`` (see `PICTURES`): the marker
becomes the picture the library draws of a seeded game, at build time (`render_picture`),
so the pictures page always shows what the code draws today. ``python docs/hooks.py``
writes `README_PICTURE` (the picture the README shows) from the same code.

``tests/test_docs_tables.py`` checks the rendered tables against the data;
``tests/test_docs_pictures.py`` the pictures and the README's.

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
import importlib
import re
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Final, TypeVar

import attrs

from hogwarts_rules.adventure.board import DIAGON_ALLEY, DUNGEON, LOOP, RENAMES, Region
from hogwarts_rules.adventure.game import VOLDEMORT_POINTS
from hogwarts_rules.adventure.tables import TABLES as ADVENTURE_TABLES
from hogwarts_rules.adventure.tables import Effect
from hogwarts_rules.clue.cards import BURROW, CATEGORIES, FRENCH_NAMES, STUDENTS
from hogwarts_rules.clue.content import Board, DarkCard, HelpCard, default_content
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

    from hogwarts_rules.engine import GameBase

__all__ = [
    "ERROR_CODES_MARKER",
    "ERROR_CODES_NAMES",
    "MARKER",
    "PICTURES",
    "PICTURE_MARKER",
    "README_PICTURE",
    "TABLES",
    "advancement_table",
    "adventure_board_table",
    "adventure_marker",
    "adventure_renames_table",
    "adventure_table",
    "class_roll_table",
    "clue_board",
    "clue_board_drawing",
    "clue_dark_deck_table",
    "clue_french_names_table",
    "clue_help_deck_table",
    "clue_locations_table",
    "clue_wheels_table",
    "copies",
    "dark_affects_text",
    "effect_text",
    "error_codes_table",
    "markdown_table",
    "on_files",
    "on_page_markdown",
    "played",
    "render_markers",
    "render_picture",
    "render_table",
    "skills_table",
    "spells_table",
    "stats_table",
    "wounds_table",
    "youth_table",
]

MARKER: Final = re.compile(r"<!--\s*table:\s*([A-Za-z0-9_-]+)\s*-->")
"""A request for a rendered table: ``<!-- table: NAME -->``."""

ERROR_CODES_MARKER: Final = re.compile(
    r"<!--\s*error-codes:\s*(hogwarts_rules(?:\.[A-Za-z0-9_]+)*\.errors)\s*-->"
)
"""A request for error codes: ``<!-- error-codes: hogwarts_rules[.GAME].errors -->``."""

PICTURE_MARKER: Final = re.compile(r"<!--\s*picture:\s*([A-Za-z0-9_-]+)\s*-->")
"""A request for a picture drawn at build time: ``<!-- picture: NAME -->``."""

README_PICTURE: Final = Path(__file__).parent / "images" / "clue-board.svg"
"""The picture the README shows (by its raw URL), written by ``python docs/hooks.py``."""

ERROR_CODES_NAMES: Final = ("ERROR_CODES", "CORE_ERROR_CODES")
"""The names an errors module gives its list of codes (a game's, the core's)."""

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


def adventure_renames_table() -> str:
    """The names the rules text uses, and the names the library uses instead (``RENAMES``)."""
    return markdown_table(["The rules text", "The library"], RENAMES.items())


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
        case "raised_by" if what:
            text = f"raised by {what.title()}"
        case "mean_family":
            text = "a mean family"
        case "wealth" if what:
            text = f"wealth: {what} (Wealth Modifier {_signed(n)})"
        case "wand" | "familiar" | "house" if what:
            text = f"{kind}: {what}"
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


# ----- Clue: World of Harry Potter ---------------------------------------------------------

CLUE_LETTERS: Final[Mapping[str, str]] = {
    "Gringotts": "G",
    "Weasleys' Wizard Wheezes": "W",
    "Hogwarts": "H",
    "Forbidden Forest": "F",
    "Hog's Head": "O",
    "Shrieking Shack": "S",
    "Ministry of Magic": "M",
    "12 Grimmauld Place": "P",
    "Malfoy Manor": "L",
    BURROW: "B",
}
"""The letter each location is drawn with on the board (the letters of ``make_default.py``)."""

_AFFECTS_TEXT: Final[Mapping[str, str]] = {
    "everyone": "everyone",
    "roller": "the player who drew it",
    "everyone_else": "everyone but the player who drew it",
    "in_corridors": "players in the corridors",
    "most_floo": "the player(s) with the most Floo powder",
}


def clue_board_drawing(board: Board, letters: Mapping[str, str]) -> list[str]:
    """The board as rows of text: a location's letter over its area, ``+`` on door squares,
    ``1`` to ``6`` on the start squares of ``STUDENTS[0]`` to ``STUDENTS[5]``, and the grid's
    own ``#``, ``.`` and ``*`` elsewhere.

    >>> clue_board_drawing(default_content().board, CLUE_LETTERS)[1]
    '#GGGGG*.WWWW..##..HHHHH#'

    Raises:
        ValueError: a location has no letter, or two locations share one, or a letter is
            one of the board's other symbols.
    """
    missing = [location for location in board.locations if location not in letters]
    if missing:
        raise ValueError(f"no letter for {missing[0]}")
    used = [letters[location] for location in board.locations]
    if len(set(used)) != len(used) or any(len(c) != 1 or c in "#.*+123456" for c in used):
        raise ValueError("each location needs its own letter, not one of '#.*+' or a digit")
    rows = [list(row) for row in board.grid]
    for door in board.doors:
        row, column = door.cell
        rows[row][column] = "+"
    for index, student in enumerate(STUDENTS):
        row, column = board.starts[student]
        rows[row][column] = str(index + 1)
    for location in board.locations:
        top, left, height, width = board.areas[location]
        for row in range(top, top + height):
            rows[row][left : left + width] = letters[location] * width
    return ["".join(row) for row in rows]


def clue_board() -> str:
    """The default board drawn as text, with row and column numbers, and its legend."""
    board = default_content().board
    width = board.width
    tens = "".join(str(c // 10) if c % 10 == 0 else " " for c in range(width)).rstrip()
    units = "".join(str(c % 10) for c in range(width))
    lines = ["    " + tens, "    " + units]
    lines += [f"{r:>2}  {row}" for r, row in enumerate(clue_board_drawing(board, CLUE_LETTERS))]
    drawing = "```text\n" + "\n".join(lines) + "\n```"
    legend: list[tuple[str, str]] = [
        ("`#`", "wall"),
        ("`.`", "corridor square"),
        ("`*`", "star square: it stops the move and gives a Help card"),
        ("`+`", "corridor square in front of a door (a door of the location it touches)"),
    ]
    legend += [(f"`{i + 1}`", f"{student}'s start square") for i, student in enumerate(STUDENTS)]
    legend += [(f"`{CLUE_LETTERS[loc]}`", loc) for loc in board.locations]
    return drawing + "\n\n" + markdown_table(["Symbol", "Meaning"], legend)


def clue_locations_table() -> str:
    """Each location of the default board: its letter, wheel, fireplace and doors."""
    board = default_content().board
    wheel_of = {loc: wheel.name for wheel in board.wheels for loc in wheel.locations}
    rows = [
        (
            location,
            f"`{CLUE_LETTERS[location]}`",
            wheel_of[location],
            "yes" if location in board.fireplaces else "no",
            ", ".join(f"{d.id} ({d.cell[0]},{d.cell[1]})" for d in board.doors_of[location]),
        )
        for location in board.locations
    ]
    header = ["Location", "Drawn as", "Wheel", "Fireplace", "Doors (square in front)"]
    return markdown_table(header, rows, align="lclcl")


def clue_wheels_table() -> str:
    """Every notch of every wheel of the default board: closed doors, lit fireplaces, Dark Mark."""
    board = default_content().board
    rows = []
    for wheel in board.wheels:
        for index, notch in enumerate(wheel.notches):
            rows.append(
                (
                    wheel.name,
                    "0 (START)" if index == 0 else str(index),
                    ", ".join(sorted(notch.closed_doors)),
                    ", ".join(loc for loc in board.locations if loc in notch.lit_fireplaces),
                    "Dark Mark" if notch.dark_mark else "",
                )
            )
    header = ["Wheel", "Notch", "Closed doors", "Lit fireplaces", "Dark Mark"]
    return markdown_table(header, rows, align="lrllc")


_Card = TypeVar("_Card", HelpCard, DarkCard)


def copies(cards: Iterable[_Card]) -> list[tuple[_Card, int]]:
    """Each different card once, in the order of its first copy, with its number of copies.

    >>> [(card.name, n) for card, n in copies(default_content().help_deck)][-1]
    ('Alohomora', 3)
    """
    counts: dict[str, int] = {}
    first: dict[str, _Card] = {}
    for card in cards:
        counts[card.name] = counts.get(card.name, 0) + 1
        first.setdefault(card.name, card)
    return [(first[name], count) for name, count in counts.items()]


def _names(names: Iterable[str]) -> str:
    return ", ".join(names)


def clue_help_deck_table() -> str:
    """The default Help deck: each card with its kind, copies, text and the Dark cards it stops."""
    content = default_content()
    dark = [card for card, _ in copies(content.dark_deck)]
    rows = [
        (
            card.name,
            card.kind,
            count,
            card.text,
            _names(d.name for d in dark if card.name in d.protected_by),
        )
        for card, count in copies(content.help_deck)
    ]
    different = len(rows)
    caption = f"**The Help deck**: {len(content.help_deck)} cards, {different} different."
    header = ["Help card", "Kind", "Copies", "Text", "Protects against"]
    return caption + "\n\n" + markdown_table(header, rows, align="llrll")


def dark_affects_text(card: DarkCard) -> str:
    """Who a Dark card hits, in words.

    >>> dark_affects_text(next(c for c in default_content().dark_deck if c.name == "Snatchers"))
    'players in Shrieking Shack or Forbidden Forest'

    Raises:
        ValueError: an ``affects`` value this function cannot put into words.
    """
    if card.affects == "in_locations":
        order = default_content().board.locations
        places = sorted(card.locations, key=lambda loc: order.index(loc) if loc in order else 99)
        listed = ", ".join(places[:-1]) + " or " + places[-1] if len(places) > 1 else places[0]
        return f"players in {listed}"
    try:
        return _AFFECTS_TEXT[card.affects]
    except KeyError:
        raise ValueError(f"no words for affects={card.affects!r}") from None


def clue_dark_deck_table() -> str:
    """The default Dark deck: whom each card hits, the Floo powder, the protections, the text."""
    content = default_content()
    help_order = [card.name for card, _ in copies(content.help_deck)]
    rows = [
        (
            card.name,
            dark_affects_text(card),
            card.floo,
            _names(sorted(card.protected_by, key=help_order.index)),
            "discarded" if card.discard_help else "kept",
            count,
            card.text,
        )
        for card, count in copies(content.dark_deck)
    ]
    caption = f"**The Dark deck**: {len(content.dark_deck)} cards, {len(rows)} different."
    header = ["Dark card", "Affects", "Floo", "Protected by", "Help card", "Copies", "Text"]
    return caption + "\n\n" + markdown_table(header, rows, align="llrllrl")


def clue_french_names_table() -> str:
    """Every mystery card and The Burrow, in English (the library) and in the French rulebook."""
    french: dict[str, list[str]] = {}
    for name_fr, name_en in FRENCH_NAMES.items():
        french.setdefault(name_en, []).append(name_fr)
    rows = [
        (category, card, " / ".join(french.get(card, [card])))
        for category, cards in CATEGORIES.items()
        for card in cards
    ]
    rows.append(("accusations", BURROW, " / ".join(french.get(BURROW, [BURROW]))))
    return markdown_table(["Category", "The library (English)", "The French rulebook"], rows)


TABLES: Final[dict[str, Callable[[], str]]] = {
    "hr-class-roll": class_roll_table,
    "hr-advancement": advancement_table,
    "hr-skills": skills_table,
    "hr-spells": spells_table,
    "hr-stats": stats_table,
    "hr-youth": youth_table,
    "hr-wounds": wounds_table,
    "fya-board": adventure_board_table,
    "fya-renames": adventure_renames_table,
    **{adventure_marker(key): functools.partial(adventure_table, key) for key in ADVENTURE_TABLES},
    "clue-board": clue_board,
    "clue-locations": clue_locations_table,
    "clue-wheels": clue_wheels_table,
    "clue-help-deck": clue_help_deck_table,
    "clue-dark-deck": clue_dark_deck_table,
    "clue-french-names": clue_french_names_table,
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


def error_codes_table(module: str) -> str:
    """The error codes listed by an errors ``module`` (see `ERROR_CODES_NAMES`), by code.

    >>> print(error_codes_table("hogwarts_rules.clue.errors").splitlines()[2])
    | `already_dealt` | `Deal` is played again: the cards have been dealt. |

    Raises:
        KeyError: there is no such module, or it lists no codes.
    """
    try:
        found = importlib.import_module(module)
    except ImportError:
        raise KeyError(f"no ERROR_CODES in {module!r}: no such module") from None
    codes = next((getattr(found, n) for n in ERROR_CODES_NAMES if hasattr(found, n)), None)
    if not isinstance(codes, Mapping):
        raise KeyError(f"no ERROR_CODES in {module!r}")
    rows = [(f"`{code}`", meaning) for code, meaning in sorted(codes.items())]
    return markdown_table(["Code", "Meaning"], rows)


# ----- pictures ---------------------------------------------------------------------------


@functools.cache
def played(kind: str, players: int, seed: int, steps: int) -> GameBase:
    """A game of ``kind`` with ``players``, after its first bot's ``steps`` decisions.

    Through the catalogue, as any front end: the same arguments give the same game.

    >>> game = played("clue", 3, 5, 30)
    >>> game.KIND, game.seat_names, game is played("clue", 3, 5, 30)
    ('clue', ('Ann', 'Ben', 'Cat'), True)
    """
    from hogwarts_rules import find_game, play_out

    spec = find_game(kind)
    game = spec.new_game(list(spec.seat_names[:players]), seed=seed)
    bots = {seat: spec.make_bot(spec.bot_names[0], game) for seat in game.seat_names}
    return play_out(game, bots, max_steps=steps)


def _clue_game() -> str:
    return played("clue", 4, 5, 60).to_svg()


def _clue_view() -> str:
    game = played("clue", 4, 5, 60)
    return game.view(game.seat_names[0]).to_svg()


def _clue_deduction() -> str:
    from hogwarts_rules.clue import deduction_html
    from hogwarts_rules.clue.deduction import Notebook

    game = played("clue", 4, 5, 60)
    return deduction_html(Notebook.from_view(game.view(game.seat_names[0])).solve())


def _adventure_game() -> str:
    return played("first-year-adventure", 4, 5, 160).to_svg()


def _hr_scene() -> str:
    from hogwarts_rules import hufflepuff_ravenclaw as hr

    sky = Character.first_year("Sky", stats={"Agility": 4}, skills={"Brawl": 1, "Charms": 1})
    weasley = Character.first_year("Weasley", skills={"Brawl": 2, "Notice": 1})
    scene = hr.new_game([sky, weasley], seed=7)
    scene, _ = scene.apply(hr.BrawlRound(hr.Fighter("Sky"), hr.Fighter("Weasley")))
    while scene.to_act:  # each fighter spends no Youth
        scene, _ = scene.apply(hr.SpendYouth(scene.to_act[0], 0))
    return hr.scene_html(scene)


PICTURES: Final[Mapping[str, tuple[str, Callable[[], str]]]] = {
    "fya-game": (
        "A First Year Adventure game between four heuristic bots (seed 5, after 160 "
        "decisions): `game.to_svg()`",
        _adventure_game,
    ),
    "clue-game": (
        "A Clue game between four notebook bots (seed 5, after 60 decisions), as the "
        "table sees it: `game.to_svg()`",
        _clue_game,
    ),
    "clue-view": (
        "The same game as Ann sees it, her cards and the cards shown to her included: "
        '`game.view("Ann").to_svg()`',
        _clue_view,
    ),
    "clue-deduction": (
        "What Ann can deduce at that moment, exactly: "
        "`clue.deduction_html(Notebook.from_view(view).solve())`",
        _clue_deduction,
    ),
    "hr-scene": (
        "A Hufflepuff & Ravenclaw scene after a round of a brawl (seed 7): `hr.scene_html(scene)`",
        _hr_scene,
    ),
}
"""Every picture a page may ask for, by marker name: (caption, drawing)."""


def render_picture(name: str) -> str:
    """The picture called ``name`` as an HTML block, with its caption.

    The drawing is kept on consecutive lines (no blank line), so that Markdown
    passes the block through untouched.

    >>> block = render_picture("clue-view")
    >>> block.startswith('<figure class="hr-picture" data-picture="clue-view">'), "<svg" in block
    (True, True)

    Raises:
        KeyError: there is no such picture.
    """
    try:
        caption, draw = PICTURES[name]
    except KeyError:
        known = ", ".join(sorted(PICTURES))
        raise KeyError(f"unknown picture {name!r} (known: {known})") from None
    drawing = "\n".join(line for line in draw().splitlines() if line.strip())
    code = re.sub(r"`([^`]*)`", r"<code>\1</code>", caption)
    return (
        f'<figure class="hr-picture" data-picture="{name}">\n{drawing}\n'
        f"<figcaption>{code}</figcaption>\n</figure>"
    )


def write_readme_picture(path: Path = README_PICTURE) -> Path:
    """Write the README's picture (`README_PICTURE`): the Clue view of the pictures page."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(_clue_view(), encoding="utf-8", newline="\n")
    return path


def render_markers(markdown: str) -> str:
    """Replace every ``<!-- table: NAME -->`` marker in ``markdown`` with its table, every
    ``<!-- error-codes: MODULE -->`` marker with `error_codes_table`, and every
    ``<!-- picture: NAME -->`` marker with `render_picture`.

    The table is surrounded by blank lines so that it always parses as a table.
    """
    markdown = MARKER.sub(lambda match: "\n" + render_table(match.group(1)) + "\n", markdown)
    markdown = PICTURE_MARKER.sub(
        lambda match: "\n" + render_picture(match.group(1)) + "\n", markdown
    )
    return ERROR_CODES_MARKER.sub(
        lambda match: "\n" + error_codes_table(match.group(1)) + "\n", markdown
    )


# ----- MkDocs hooks ----------------------------------------------------------------------


def on_page_markdown(markdown: str, **kwargs: object) -> str:
    """MkDocs hook: render the table and error-code markers of a page."""
    try:
        return render_markers(markdown)
    except KeyError as exc:
        from mkdocs.exceptions import PluginError

        page = kwargs.get("page")
        where = getattr(getattr(page, "file", None), "src_uri", "a page")
        raise PluginError(f"{where}: {exc.args[0]}") from None


def on_files(files: Files, **kwargs: object) -> Files:
    """MkDocs hook: do not publish this module (its bytecode, the theme's overrides) as files."""
    for file in list(files):
        if (
            file.src_uri.endswith((".py", ".pyc"))
            or "__pycache__" in file.src_uri
            or file.src_uri.startswith("overrides/")
        ):
            files.remove(file)
    return files


if __name__ == "__main__":  # python docs/hooks.py: write the README's picture
    print(f"wrote {write_readme_picture()}", file=sys.stderr)
