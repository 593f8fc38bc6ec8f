"""Clue's error codes are listed once (`clue.errors.ERROR_CODES`), and the list, the code
and the documentation agree: every code raised in the package's source is listed, every
listed code is raised somewhere, and docs/clue.md renders the list."""

from __future__ import annotations

import ast
import importlib.util
import re
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import cast

import pytest

from hogwarts_rules import IllegalActionError, RulesError, clue
from hogwarts_rules.clue.errors import ERROR_CODES, refuse
from hogwarts_rules.errors import CORE_ERROR_CODES
from tests.error_codes import Found, package_files, raised_codes

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = Path(clue.__file__).resolve().parent
DOCS = ROOT / "docs"
MARKER = "<!-- error-codes: hogwarts_rules.clue.errors -->"


def contradiction_raises() -> list[str]:
    """Where `ContradictionError` is raised (``file:line``).

    Its first argument is its message: its code is fixed by the class. The shared
    scanner reads that argument as a code it cannot resolve, so the code is taken from
    the class, and these places are not counted as unresolved.
    """
    places = []
    for path in package_files(PACKAGE):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "ContradictionError":
                places.append(f"{path.relative_to(PACKAGE)}:{node.lineno}")
    return places


def clue_codes() -> Found:
    found = raised_codes(package_files(PACKAGE), PACKAGE)
    special = contradiction_raises()
    if special:
        code = clue.ContradictionError("no deal fits").code
        found.codes.setdefault(code, []).extend(special)
    return Found(found.codes, [place for place in found.unresolved if place not in special])


def test_every_code_raised_is_listed() -> None:
    found = clue_codes()
    assert "not_your_turn" in found.codes and "bad_content" in found.codes  # the scan works
    unlisted = {code: where for code, where in found.codes.items() if code not in ERROR_CODES}
    assert not unlisted, f"add these codes to clue/errors.py's ERROR_CODES: {unlisted}"
    assert found.unresolved == [], "give these errors a literal code"


def test_every_listed_code_is_raised() -> None:
    unused = set(ERROR_CODES) - set(clue_codes().codes)
    assert not unused, f"ERROR_CODES lists codes no code raises: {sorted(unused)}"


def test_the_contradiction_is_found_where_it_is_raised() -> None:
    places = contradiction_raises()
    assert places and set(places) <= set(clue_codes().codes["contradiction"])


def test_each_meaning_is_one_line() -> None:
    for code, meaning in ERROR_CODES.items():
        assert re.fullmatch(r"[a-z]+(_[a-z]+)*", code), code
        assert meaning and "\n" not in meaning and meaning.endswith("."), code
        assert meaning[0].isupper() or meaning[0] == "`", code
        assert len(meaning) <= 120, code
    assert clue.ERROR_CODES is ERROR_CODES
    with pytest.raises(TypeError):
        ERROR_CODES["new"] = "x"  # type: ignore[index]


def test_refuse_makes_an_illegal_action_error() -> None:
    error = refuse("burrow", "no suggestions in The Burrow")
    assert isinstance(error, IllegalActionError) and isinstance(error, RulesError)
    assert (error.code, error.message) == ("burrow", "no suggestions in The Burrow")


@pytest.mark.parametrize(
    ("make", "code"),
    [
        (lambda: clue.new_game(["Ann", "Ben", "Cat"], speed=2), "unknown_option"),
        (
            lambda: clue.new_game(["Ann", "Ben", "Cat"], students={"Ann": "Draco"}),
            "unknown_student",
        ),
        (
            lambda: clue.new_game(["Ann", "Ben", "Cat"], students={"Ann": "Ron", "Ben": "Ron"}),
            "student_taken",
        ),
        (lambda: clue.new_game(["Ann", "Ben", "Cat"], first_player="Dan"), "unknown_player"),
        (lambda: clue.new_game(["Ann", "Ben", "Cat"]).apply(clue.EndTurn("Ann")), "not_dealt"),
        (lambda: clue.new_game(["Ann", "Ben", "Cat"], content={"name": "x"}), "bad_content"),
        (lambda: clue.load_content({**_content(), "dark_deck": []}), "bad_content"),
    ],
)
def test_raised_codes_are_the_listed_ones(make: Callable[[], object], code: str) -> None:
    with pytest.raises(RulesError) as caught:
        make()
    assert caught.value.code == code
    assert code in ERROR_CODES


def test_the_engine_refuses_with_the_core_codes() -> None:
    game = clue.new_game(["Ann", "Ben", "Cat"], seed=1)
    with pytest.raises(IllegalActionError) as caught:
        clue.new_game(["Ann", "Ann", "Cat"])
    assert caught.value.code in CORE_ERROR_CODES and caught.value.code not in ERROR_CODES
    game, _ = game.apply(clue.Deal())
    with pytest.raises(IllegalActionError) as caught:
        game.apply(clue.ChooseStudent("Ann", "Draco"))
    assert caught.value.code in CORE_ERROR_CODES  # not one of the decision's options


def _content() -> dict[str, object]:
    return clue.content_to_dict(clue.default_content())


# ----- the documentation ----------------------------------------------------------------------


def _hooks() -> ModuleType:
    spec = importlib.util.spec_from_file_location("clue_error_docs_hooks", DOCS / "hooks.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_clue_page_renders_the_codes_from_the_list() -> None:
    page = (DOCS / "clue.md").read_text("utf-8")
    assert page.count(MARKER) == 1
    assert "## Error codes" in page.split(MARKER)[0]
    render = cast(Callable[[str], str], _hooks().render_markers)
    rendered = render(page)
    assert MARKER not in rendered
    section = rendered.split("## Error codes", 1)[1].split("\n## ", 1)[0]
    rows = re.findall(r"^\| `([a-z_]+)` \| (.*) \|$", section, flags=re.MULTILINE)
    assert rows == sorted(ERROR_CODES.items())


def test_the_error_codes_marker_is_generic_and_checked() -> None:
    hooks = _hooks()
    table = cast(Callable[[str], str], hooks.error_codes_table)
    text = table("hogwarts_rules.clue.errors")
    assert text.splitlines()[0] == "| Code | Meaning |"
    assert len(text.splitlines()) == 2 + len(ERROR_CODES)
    with pytest.raises(KeyError, match="no ERROR_CODES"):
        table("hogwarts_rules.clue.no_such_errors")
    with pytest.raises(KeyError, match="no ERROR_CODES"):
        table("hogwarts_rules.clue.cards")  # a module without the list
    marker = cast(re.Pattern[str], hooks.ERROR_CODES_MARKER)
    assert marker.fullmatch(MARKER)
    assert not marker.fullmatch("<!-- error-codes: os.path -->")  # only the library's modules
