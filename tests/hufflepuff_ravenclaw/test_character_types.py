"""A character sheet of the wrong shape is refused with a typed, documented error.

A Python caller may give `Character` anything: every field of the wrong kind is an
`IllegalActionError` with a code of `hufflepuff_ravenclaw.errors.ERROR_CODES`, never a
bare `TypeError`, `ValueError` or `AttributeError`.
"""

from __future__ import annotations

from typing import Any

import pytest

from hogwarts_rules import hufflepuff_ravenclaw as hr
from hogwarts_rules.errors import IllegalActionError
from hogwarts_rules.hufflepuff_ravenclaw.errors import ERROR_CODES

SHEET: dict[str, Any] = {"stats": {"Size": 3}, "qualities": {"Intellect": 3}}

BAD = [
    ({"stats": 5}, "bad_character"),
    ({"qualities": [1, 2]}, "bad_character"),
    ({"skills": "Brawl"}, "bad_character"),
    ({"traits": 5}, "bad_character"),
    ({"traits": {"Brave": "very"}}, "bad_character"),
    ({"spells": None}, "bad_character"),
    ({"spells": "Lumos"}, "bad_character"),  # a string is not a set of spells
    ({"classes": 3}, "bad_character"),
    ({"checks": {"Brawl": 1}}, "bad_character"),
    ({"stats": {"Size": "3"}}, "bad_number"),
    ({"skills": {"Brawl": True}}, "bad_number"),
    ({"stats": {"Size": 10**5000}}, "bad_number"),
    ({"year": "first"}, "bad_number"),
    ({"year": 0}, "bad_number"),
    ({"youth": -1}, "bad_number"),
    ({"damage": 1.5}, "bad_number"),
    ({"knocked_out": 1}, "bad_value"),
]


@pytest.mark.parametrize(("fields", "code"), BAD)
def test_a_field_of_the_wrong_kind_is_a_typed_error(fields: dict[str, Any], code: str) -> None:
    with pytest.raises(IllegalActionError) as caught:
        hr.Character("Ann", **{**SHEET, **fields})
    assert caught.value.code == code
    assert code in ERROR_CODES
    assert len(caught.value.message) < 200


@pytest.mark.parametrize(
    "fields",
    [
        {"stats": 5},
        {"qualities": 5},
        {"skills": 3},
        {"traits": 5},
        {"spells": None},
        {"classes": 7},
    ],
)
def test_first_year_refuses_the_same(fields: dict[str, Any]) -> None:
    with pytest.raises(IllegalActionError) as caught:
        hr.Character.first_year("Ann", **fields)
    assert caught.value.code == "bad_character"


def test_a_trait_is_a_whole_number_and_names() -> None:
    assert hr.Trait(2, ["Agility"]).applies_to == frozenset({"Agility"})
    with pytest.raises(IllegalActionError) as caught:
        hr.Trait("2")  # type: ignore[arg-type]
    assert caught.value.code == "bad_number"
    with pytest.raises(IllegalActionError) as caught:
        hr.Trait(2, None)  # type: ignore[arg-type]
    assert caught.value.code == "bad_character"


def test_good_sheets_still_build() -> None:
    sheet = hr.Character("Ann", **SHEET, traits={"Brave": 1}, spells=["Lumos"], year=None)
    assert sheet.youth == 0 and sheet.traits["Brave"] == hr.Trait(1)
    assert hr.Character("Ann", **{**SHEET, "qualities": None}).qualities == {}
