"""The documentation's rules tables are rendered from the library's data (docs/hooks.py)."""

from __future__ import annotations

import importlib.util
import re
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import cast

import pytest

from hogwarts_rules.adventure import (
    DIAGON_ALLEY,
    DUNGEON,
    LOOP,
    RENAMES,
    TEXT_SPELLINGS,
    Effect,
    EffectKind,
    House,
    Item,
    Skill,
    Upbringing,
    Wealth,
)
from hogwarts_rules.adventure import TABLES as ADVENTURE_TABLES
from hogwarts_rules.clue import (
    BURROW,
    CATEGORIES,
    FRENCH_NAMES,
    MYSTERY_CARDS,
    STUDENTS,
    DarkCard,
    default_content,
)
from hogwarts_rules.hufflepuff_ravenclaw import DEFAULT_SKILLS, DEFAULT_SPELLS, QUALITIES, wound_for
from hogwarts_rules.hufflepuff_ravenclaw.character import DEFAULT_STATS
from hogwarts_rules.hufflepuff_ravenclaw.tables import ADVANCEMENT_TABLE, CLASS_ROLL_TABLE

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
CLUE_DATA = ROOT / "src" / "hogwarts_rules" / "clue" / "data"


def _load(name: str, path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


hooks = _load("hogwarts_rules_docs_hooks", DOCS / "hooks.py")
render_table = cast(Callable[[str], str], hooks.render_table)
render_markers = cast(Callable[[str], str], hooks.render_markers)
on_page_markdown = cast(Callable[..., str], hooks.on_page_markdown)
TABLES = cast(dict[str, Callable[[], str]], hooks.TABLES)
MARKER = cast(re.Pattern[str], hooks.MARKER)
adventure_table = cast(Callable[[str], str], hooks.adventure_table)
adventure_marker = cast(Callable[[str], str], hooks.adventure_marker)
effect_text = cast(Callable[[Effect], str], hooks.effect_text)
CLUE_LETTERS = cast(dict[str, str], hooks.CLUE_LETTERS)
dark_affects_text = cast(Callable[[DarkCard], str], hooks.dark_affects_text)


def _rows(table: str) -> list[list[str]]:
    """The body rows of a rendered Markdown table, as lists of cells."""
    lines = table.strip().splitlines()
    assert lines[1].startswith("| ") and set(lines[1]) <= set("|:- "), lines[1]
    return [[cell.strip() for cell in line.strip("|").split("|")] for line in lines[2:]]


def _line(*cells: object) -> str:
    return "| " + " | ".join(str(c) for c in cells) + " |"


def test_class_roll_table_has_every_row_of_the_data() -> None:
    table = render_table("hr-class-roll")
    assert "| -3 | 17 | 17 | 17 | 8 | 3 |" in table
    for skill, targets in CLASS_ROLL_TABLE.items():
        assert _line(skill, *targets) in table.splitlines()
    rows = _rows(table)
    assert len(rows) == len(CLASS_ROLL_TABLE) + 1
    assert rows[-1] == ["3+", *["skill"] * 5]


def test_advancement_table_has_every_row_of_the_data() -> None:
    table = render_table("hr-advancement")
    rows = _rows(table)
    assert len(rows) == len(ADVANCEMENT_TABLE)
    for year, row in ADVANCEMENT_TABLE.items():
        expected = _line(year, row.skill_points, row.max_in_one_skill, row.max_with_advantages)
        assert expected in table.splitlines()
    assert _line(7, 54, 15, 17) in table.splitlines()


def test_skills_table_lists_every_default_skill_with_its_kind() -> None:
    rows = _rows(render_table("hr-skills"))
    assert [row[0] for row in rows] == list(DEFAULT_SKILLS)
    for (name, kind), row in zip(DEFAULT_SKILLS.items(), rows, strict=True):
        assert row[0] == name
        assert row[1].startswith(kind)


def test_spells_table_lists_every_default_spell() -> None:
    rows = _rows(render_table("hr-spells"))
    assert sorted(row[0] for row in rows) == sorted(DEFAULT_SPELLS)
    for name, skill, year, effect in rows:
        spell = DEFAULT_SPELLS[name]
        assert (skill, int(year), effect) == (spell.skill, spell.year, spell.effect)


def test_stats_table_lists_the_stats_and_qualities() -> None:
    rows = _rows(render_table("hr-stats"))
    assert [row[0] for row in rows] == [*DEFAULT_STATS, *QUALITIES]


def test_youth_table_follows_the_school_year() -> None:
    rows = _rows(render_table("hr-youth"))
    assert rows[0] == ["1", "7"]
    assert rows[-2] == ["7", "1"]
    assert rows[-1] == ["adult", "0"]


def test_wounds_table_agrees_with_wound_for() -> None:
    rows = _rows(render_table("hr-wounds"))
    states = ("minor", "major", "unconscious", "dead")
    order = ("unhurt", *states)
    for size, *starts in rows:
        for state, start in zip(states, starts, strict=True):
            points = int(start)
            at = wound_for(points, int(size)).value
            assert order.index(at) >= order.index(state)
            if points > 0:
                below = wound_for(points - 1, int(size)).value
                assert order.index(below) < order.index(state)
    assert _line(3, 2, 2, 3, 13) in render_table("hr-wounds")  # Weasley at Size 3 (HR-1)


def test_markers_are_replaced_and_unknown_ones_refused() -> None:
    page = "Before\n<!-- table: hr-advancement -->\nAfter\n"
    rendered = render_markers(page)
    assert "<!--" not in rendered
    assert "\n\n| Year |" in rendered
    assert "After" in rendered
    assert on_page_markdown(page, page=None, config=None, files=None) == rendered
    with pytest.raises(KeyError, match="hr-nonesuch"):
        render_markers("<!-- table: hr-nonesuch -->")


def test_every_marker_in_the_docs_names_a_table() -> None:
    used = set()
    for path in DOCS.rglob("*.md"):
        used.update(MARKER.findall(path.read_text(encoding="utf-8")))
    assert used <= set(TABLES), sorted(used - set(TABLES))
    assert {"hr-class-roll", "hr-advancement", "hr-skills", "hr-spells"} <= used
    assert {"fya-board", "fya-renames"} <= used
    assert {name for name in TABLES if name.startswith("clue-")} <= used


# ----- First Year Adventure -------------------------------------------------------------------


def _adventure_parts(key: str) -> tuple[str, list[str], list[list[str]]]:
    """A rendered Adventure table: its caption, its header cells and its body rows."""
    caption, _, table = render_table(adventure_marker(key)).partition("\n\n")
    header = [cell.strip() for cell in table.splitlines()[0].strip("|").split("|")]
    return caption, header, _rows(table)


def test_every_adventure_table_is_on_the_adventure_page_once() -> None:
    markers = MARKER.findall((DOCS / "adventure.md").read_text(encoding="utf-8"))
    wanted = {"fya-board", "fya-renames", *(adventure_marker(key) for key in ADVENTURE_TABLES)}
    assert sorted(markers) == sorted(wanted)
    assert adventure_marker("gringotts_wealth") == "fya-table-gringotts-wealth"


@pytest.mark.parametrize("key", list(ADVENTURE_TABLES))
def test_adventure_table_shows_dice_modifiers_and_every_row(key: str) -> None:
    table = ADVENTURE_TABLES[key]
    caption, header, rows = _adventure_parts(key)
    assert caption == " ".join([f"**{table.title}**: roll {table.dice}D6.", *table.modifiers])
    assert header == [f"{table.dice}D6", "Result", "Note", "Effects"]
    assert len(rows) == len(table.rows)
    for row, cells in zip(table.rows, rows, strict=True):
        effects = "; ".join(effect_text(effect) for effect in row.effects) or "no effect"
        assert cells == [row.range_text, row.result, row.note, effects]


def test_adventure_tables_read_like_the_rulebook() -> None:
    troll = adventure_table("troll")
    assert troll.startswith("**Troll Incident Table**: roll 2D6. Add your Magic skill to the roll.")
    assert (
        "| 1-7 | Mauled by Troll | Go to Hospital and miss next 2 turns & lose 10 House Points "
        "| go to the Hospital and miss your next 2 turns; lose 10 house points |"
    ) in troll.splitlines()
    assert "| 8+ | Defeat Troll | Gain 10 House Points | gain 10 house points |" in troll
    stone = adventure_table("sorcerers_stone")
    assert "| 12 | Defeat Voldemort |" in stone
    assert "gain 170 house points; every pawn goes to the Great Hall; the game ends |" in stone
    assert "| 2-3 | Mediocre |  | no effect |" in adventure_table("magical_talent")


# The last rows as the rulebook (first-year-adventure.txt) writes them: with "+" only where
# it writes one. Totals above a last row written as one number read it anyway (AD-4).
WRITTEN_LAST_ROWS = {
    "transfiguration": "6+",
    "library": "6+",
    "troll": "8+",
    "flying_lessons": "7+",
    "potions": "6+",
    "fluffy": "9+",
    "devils_snare": "9+",
    "charms": "6",
    "flying_keys": "6",
    "quidditch_match": "6",
    "live_chess_match": "4-6",
    "sorcerers_stone": "12",
}


def test_last_rows_are_written_as_the_rulebook_writes_them() -> None:
    open_ended = {key for key, table in ADVENTURE_TABLES.items() if table.rows[-1].high is None}
    assert open_ended == {key for key, text in WRITTEN_LAST_ROWS.items() if text.endswith("+")}
    for key, text in WRITTEN_LAST_ROWS.items():
        assert ADVENTURE_TABLES[key].rows[-1].range_text == text, key
        assert f"| {text} | {ADVENTURE_TABLES[key].rows[-1].result} |" in adventure_table(key)


def test_effect_text_puts_every_effect_of_the_data_into_words() -> None:
    effects = {e for table in ADVENTURE_TABLES.values() for row in table.rows for e in row.effects}
    assert all(effect_text(effect) for effect in effects)
    kind = EffectKind
    assert effect_text(Effect(kind.POINTS, -50)) == "lose 50 house points"
    assert effect_text(Effect(kind.POINTS_DICE, 1)) == "gain 1D6 house points"
    assert effect_text(Effect(kind.MISS, 1)) == "miss your next turn"
    assert effect_text(Effect(kind.HOSPITAL, 2)) == "go to the Hospital and miss your next 2 turns"
    assert effect_text(Effect(kind.SKILL, -1, Skill.MAGIC)) == "Magic skill -1"
    assert effect_text(Effect(kind.ITEM, 2, Item.BEANS)) == "gain 2D6 Every Flavour Beans"
    assert effect_text(Effect(kind.WEALTH, 0, Wealth.MODEST)) == (
        "wealth: Modest (Wealth Modifier 0)"
    )
    assert effect_text(Effect(kind.RAISED_BY, what=Upbringing.MUGGLES)) == "raised by Muggles"
    assert effect_text(Effect(kind.HOUSE, what=House.RAVENCLAW)) == "house: Ravenclaw"
    assert "bewitched" in effect_text(Effect(kind.TABLE, 1, "quidditch_match"))
    assert "bewitched" not in effect_text(Effect(kind.TABLE, 0, "quidditch_match"))
    for unknown in (
        Effect("teleport"),  # type: ignore[arg-type]
        Effect(kind.ITEM, 1, "time_turner"),
        Effect(kind.TABLE, what="nonesuch"),
        Effect(kind.KNOW, what="the password"),
        Effect(kind.WEALTH),
    ):
        with pytest.raises(ValueError, match="no words for the effect"):
            effect_text(unknown)


def test_board_table_lists_the_three_parts_in_order() -> None:
    rows = _rows(render_table("fya-board"))
    assert len(rows) == max(len(DIAGON_ALLEY), len(LOOP), len(DUNGEON))
    assert [int(row[0]) for row in rows] == list(range(1, len(rows) + 1))
    for column, run in enumerate((DIAGON_ALLEY, LOOP, DUNGEON), start=1):
        cells = [row[column] for row in rows]
        assert cells == [space.value for space in run] + [""] * (len(rows) - len(run))
    assert render_table("fya-board").splitlines()[0] == "| # | Diagon Alley | Hogwarts | Dungeon |"


def test_renames_table_lists_every_name_of_the_text() -> None:
    rows = _rows(render_table("fya-renames"))
    assert [tuple(row) for row in rows] == list(RENAMES.items())
    assert ["Mirror of Aricept", "Mirror of Erised"] in rows
    assert ["Pheonix Tail", "Phoenix Feather"] in rows
    assert TEXT_SPELLINGS is RENAMES  # the deprecated name, kept for one release


# ----- Clue: World of Harry Potter ------------------------------------------------------------

CLUE_MARKERS = (
    "clue-board",
    "clue-locations",
    "clue-wheels",
    "clue-help-deck",
    "clue-dark-deck",
    "clue-french-names",
)


def _caption_and_rows(name: str) -> tuple[str, list[list[str]]]:
    caption, _, table = render_table(name).partition("\n\n")
    return caption, _rows(table)


def test_every_clue_table_is_on_the_clue_page_once() -> None:
    markers = MARKER.findall((DOCS / "clue.md").read_text(encoding="utf-8"))
    assert sorted(markers) == sorted(CLUE_MARKERS)
    assert {name for name in TABLES if name.startswith("clue-")} == set(CLUE_MARKERS)


def test_clue_board_is_the_generators_drawing() -> None:
    generator = _load("clue_make_default_for_docs", CLUE_DATA / "make_default.py")
    drawing, _, legend = render_table("clue-board").partition("\n\n")
    lines = drawing.splitlines()
    assert lines[0] == "```text" and lines[-1] == "```"
    assert lines[2] == "    " + "".join(str(c % 10) for c in range(24))
    rows = lines[3:-1]
    assert [row[:2] for row in rows] == [f"{r:>2}" for r in range(24)]
    assert [row[4:] for row in rows] == list(generator.DRAWING)
    assert {location: letter for letter, location in generator.LEGEND.items()} == CLUE_LETTERS
    meanings = dict((row[0].strip("`"), row[1]) for row in _rows(legend))
    for letter, location in generator.LEGEND.items():
        assert meanings[letter] == location
    for index, student in enumerate(STUDENTS):
        assert meanings[str(index + 1)] == f"{student}'s start square"
    assert set(meanings) >= {"#", ".", "*", "+"}


def test_clue_board_marks_every_door_star_and_start() -> None:
    board = default_content().board
    rows = [row[4:] for row in render_table("clue-board").partition("\n\n")[0].splitlines()[3:-1]]
    assert {door.cell for door in board.doors} == {
        (r, c) for r, row in enumerate(rows) for c, char in enumerate(row) if char == "+"
    }
    stars = {
        (r, c) for r, row in enumerate(board.grid) for c, char in enumerate(row) if char == "*"
    }
    assert stars == {
        (r, c) for r, row in enumerate(rows) for c, char in enumerate(row) if char == "*"
    }
    for index, student in enumerate(STUDENTS):
        row, column = board.starts[student]
        assert rows[row][column] == str(index + 1)
    for location, (top, left, height, width) in board.areas.items():
        for r in range(top, top + height):
            assert rows[r][left : left + width] == CLUE_LETTERS[location] * width


def test_clue_locations_table_lists_wheels_fireplaces_and_doors() -> None:
    board = default_content().board
    rows = _rows(render_table("clue-locations"))
    assert [row[0] for row in rows] == list(board.locations)
    wheel_of = {loc: wheel.name for wheel in board.wheels for loc in wheel.locations}
    for location, letter, wheel, fireplace, doors in rows:
        assert letter == f"`{CLUE_LETTERS[location]}`"
        assert wheel == wheel_of[location]
        assert fireplace == ("yes" if location in board.fireplaces else "no")
        expected = [f"{d.id} ({d.cell[0]},{d.cell[1]})" for d in board.doors_of[location]]
        assert doors.split(", ") == expected
    assert rows[-1][:4] == ["The Burrow", "`B`", "Hogwarts", "no"]


def test_clue_wheels_table_has_every_notch() -> None:
    board = default_content().board
    rows = _rows(render_table("clue-wheels"))
    assert len(rows) == sum(len(wheel.notches) for wheel in board.wheels)
    notches = [
        (wheel, index, notch) for wheel in board.wheels for index, notch in enumerate(wheel.notches)
    ]
    for (wheel, index, notch), (name, number, closed, lit, mark) in zip(notches, rows, strict=True):
        assert name == wheel.name
        assert number == ("0 (START)" if index == 0 else str(index))
        assert set(filter(None, closed.split(", "))) == notch.closed_doors
        assert set(filter(None, lit.split(", "))) == notch.lit_fireplaces
        assert mark == ("Dark Mark" if notch.dark_mark else "")
    assert _line("Gringotts", 3, "", "Weasleys' Wizard Wheezes", "Dark Mark") in render_table(
        "clue-wheels"
    )


def test_clue_help_deck_table_counts_every_copy() -> None:
    content = default_content()
    caption, rows = _caption_and_rows("clue-help-deck")
    assert caption == "**The Help deck**: 29 cards, 24 different."
    assert sum(int(row[2]) for row in rows) == len(content.help_deck)
    assert [row[0] for row in rows] == list(dict.fromkeys(card.name for card in content.help_deck))
    cards = {card.name: card for card in content.help_deck}
    for name, kind, copies, text, stops in rows:
        assert (kind, text) == (cards[name].kind, cards[name].text)
        assert int(copies) == sum(card.name == name for card in content.help_deck)
        expected = {dark.name for dark in content.dark_deck if name in dark.protected_by}
        assert set(filter(None, stops.split(", "))) == expected
    assert rows[-1][:3] == ["Alohomora", "spell", "3"]


def test_clue_dark_deck_table_shows_every_card() -> None:
    content = default_content()
    caption, rows = _caption_and_rows("clue-dark-deck")
    assert caption == "**The Dark deck**: 32 cards, 32 different."
    assert sum(int(row[5]) for row in rows) == len(content.dark_deck)
    cards = {card.name: card for card in content.dark_deck}
    assert [row[0] for row in rows] == list(cards)
    for name, affects, floo, protected, help_card, _, text in rows:
        card = cards[name]
        assert affects == dark_affects_text(card)
        assert int(floo) == card.floo
        assert set(protected.split(", ")) == card.protected_by
        assert help_card == ("discarded" if card.discard_help else "kept")
        assert text == card.text
    nagini = next(row for row in rows if row[0] == "Nagini")
    assert nagini[1:5] == [
        "the player who drew it",
        "3",
        "Dobby, Fawkes, Sword of Gryffindor",
        "discarded",
    ]


def test_dark_affects_text_covers_every_kind() -> None:
    texts = {card.affects: dark_affects_text(card) for card in default_content().dark_deck}
    assert set(texts) == {
        "everyone",
        "roller",
        "everyone_else",
        "in_locations",
        "in_corridors",
        "most_floo",
    }
    vault = next(card for card in default_content().dark_deck if card.name == "Cursed Vault")
    assert dark_affects_text(vault) == "players in Gringotts"
    with pytest.raises(ValueError, match="no words"):
        dark_affects_text(DarkCard("Odd", "", "nobody", 1, frozenset()))  # type: ignore[arg-type]


def test_clue_french_names_table_has_every_card_and_every_french_name() -> None:
    rows = _rows(render_table("clue-french-names"))
    assert [row[1] for row in rows] == [*MYSTERY_CARDS, BURROW]
    assert [row[0] for row in rows[:-1]] == [
        category for category, cards in CATEGORIES.items() for _ in cards
    ]
    french = {name: row[1] for row in rows for name in row[2].split(" / ")}
    for name_fr, name_en in FRENCH_NAMES.items():
        assert french[name_fr] == name_en
    assert ["location", "12 Grimmauld Place", "12, Square Grimmaurd"] in rows
    assert ["suspect", "Fenrir Greyback", "Fenrir Greyback"] in rows
    assert rows[-1] == ["accusations", "The Burrow", "Chez Weasley / Au Terrier"]
