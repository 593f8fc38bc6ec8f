"""First Year Adventure's error codes are listed once (`adventure.errors.ERROR_CODES`), truly.

The package's source is read (``ast``): every code it raises is listed, and every
listed code is raised somewhere in it.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from hogwarts_rules import adventure as ad
from hogwarts_rules.adventure.errors import ERROR_CODES
from hogwarts_rules.adventure.game import MAX_ROUND_LIMIT
from hogwarts_rules.errors import CORE_ERROR_CODES, IllegalActionError
from tests.error_codes import package_files, raised_codes

PACKAGE = Path(ad.__file__).resolve().parent


def test_every_code_the_package_raises_is_listed() -> None:
    found = raised_codes(package_files(PACKAGE), PACKAGE)
    assert found.codes, "the scanner found no code at all"
    missing = {code: places for code, places in found.codes.items() if code not in ERROR_CODES}
    assert not missing, f"raised but not in adventure.errors.ERROR_CODES: {missing}"
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
    assert f"{MAX_ROUND_LIMIT:,}" in ERROR_CODES["bad_option"]


def test_the_package_exports_the_list() -> None:
    assert ad.ERROR_CODES is ERROR_CODES
    with pytest.raises(TypeError):
        ERROR_CODES["new"] = "x"  # type: ignore[index]


@pytest.mark.parametrize(
    ("make", "code"),
    [
        (lambda: ad.new_game(["Harry", "Ron"], seed=1, colour="red"), "unknown_option"),
        (lambda: ad.new_game(["Harry", "Ron"], seed=1, max_rounds=0), "bad_option"),
        (lambda: ad.new_game(["Harry", "Ron"], seed=1).check(ad.TakeTurn("Harry")), "not_started"),
        (lambda: ad.new_game(["Harry", "Ron"], seed=1).view("Hermione"), "unknown_player"),
        (lambda: ad.new_game(["Harry"], seed=1), "player_count"),
    ],
)
def test_refusals_carry_a_listed_code(make: Callable[[], object], code: str) -> None:
    with pytest.raises(IllegalActionError) as caught:
        make()
    assert caught.value.code == code
    assert code in ERROR_CODES or code in CORE_ERROR_CODES
