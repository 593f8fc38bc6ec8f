"""The documentation's rules tables are rendered from the library's data (docs/hooks.py)."""

from __future__ import annotations

import importlib.util
import re
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import cast

import pytest

from hogwarts_rules.hufflepuff_ravenclaw import DEFAULT_SKILLS, DEFAULT_SPELLS, QUALITIES, wound_for
from hogwarts_rules.hufflepuff_ravenclaw.character import DEFAULT_STATS
from hogwarts_rules.hufflepuff_ravenclaw.tables import ADVANCEMENT_TABLE, CLASS_ROLL_TABLE

DOCS = Path(__file__).resolve().parent.parent / "docs"


def _load_hooks() -> ModuleType:
    spec = importlib.util.spec_from_file_location("hogwarts_rules_docs_hooks", DOCS / "hooks.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


hooks = _load_hooks()
render_table = cast(Callable[[str], str], hooks.render_table)
render_markers = cast(Callable[[str], str], hooks.render_markers)
on_page_markdown = cast(Callable[..., str], hooks.on_page_markdown)
TABLES = cast(dict[str, Callable[[], str]], hooks.TABLES)
MARKER = cast(re.Pattern[str], hooks.MARKER)


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
