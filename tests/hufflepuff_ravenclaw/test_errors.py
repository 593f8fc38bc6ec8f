"""Hufflepuff & Ravenclaw's error codes are listed once (`errors.ERROR_CODES`), truly.

The package's source is read (``ast``): every code it raises is listed, and every
listed code is raised somewhere in it.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from hogwarts_rules import hufflepuff_ravenclaw as hr
from hogwarts_rules.errors import CORE_ERROR_CODES, IllegalActionError
from hogwarts_rules.hufflepuff_ravenclaw.errors import ERROR_CODES
from tests.error_codes import package_files, raised_codes

PACKAGE = Path(hr.__file__).resolve().parent


def test_every_code_the_package_raises_is_listed() -> None:
    found = raised_codes(package_files(PACKAGE), PACKAGE)
    assert found.codes, "the scanner found no code at all"
    missing = {code: places for code, places in found.codes.items() if code not in ERROR_CODES}
    assert not missing, f"raised but not in hufflepuff_ravenclaw.errors.ERROR_CODES: {missing}"
    assert found.unresolved == [], "codes must be string literals"


def test_every_listed_code_is_raised() -> None:
    found = raised_codes(package_files(PACKAGE), PACKAGE)
    unused = sorted(set(ERROR_CODES) - set(found.codes))
    assert not unused, f"listed but raised nowhere in the package: {unused}"


def test_the_codes_read_well() -> None:
    for code, meaning in ERROR_CODES.items():
        assert code.isidentifier() and code == code.lower(), code
        assert meaning[0].isupper() or meaning.startswith("`"), code
        assert meaning.endswith(".") and "\n" not in meaning and len(meaning) <= 120, code


def test_the_package_exports_the_list() -> None:
    assert hr.ERROR_CODES is ERROR_CODES
    with pytest.raises(TypeError):
        ERROR_CODES["new"] = "x"  # type: ignore[index]


def _scene() -> hr.Game:
    return hr.new_game(["Sky", "Weasley"], seed=1)


@pytest.mark.parametrize(
    ("make", "code"),
    [
        (lambda: hr.new_game(["Sky"], seed=1, colour="red"), "unknown_option"),
        (lambda: _scene().check(hr.SkillTest("Sky", "Brawl", "Luck")), "unknown_stat"),
        (lambda: _scene().check(hr.Heal("Sky", 1)), "unhurt"),
        (lambda: _scene().check(hr.SpendYouth("Sky", 1)), "no_roll_awaited"),
        (lambda: _scene().apply(hr.EndScene())[0].check(hr.EndSession()), "game_over"),
        (lambda: _scene().view("Luna"), "unknown_character"),
        (lambda: hr.new_game([], seed=1), "player_count"),
    ],
)
def test_refusals_carry_a_listed_code(make: Callable[[], object], code: str) -> None:
    with pytest.raises(IllegalActionError) as caught:
        make()
    assert caught.value.code == code
    assert code in ERROR_CODES or code in CORE_ERROR_CODES
