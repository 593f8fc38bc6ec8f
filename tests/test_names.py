"""One validation for names of every kind (`hogwarts_rules.names`), and where it is used."""

from __future__ import annotations

import json

import pytest

from hogwarts_rules import find_game
from hogwarts_rules import hufflepuff_ravenclaw as hr
from hogwarts_rules.errors import IllegalActionError, InvalidDataError
from hogwarts_rules.names import MAX_LABEL_LENGTH, MAX_NAME_LENGTH, check_name, name_problem

BAD = [
    "",  # empty
    " Ann",  # surrounding space
    "Ann ",
    "<chance>",  # the library's own names
    "Luck\x01",  # a control code
    "Luck\x7f",
    "Sky\u200b",  # a format character (zero-width space)
    "\ud800",  # a lone surrogate: not UTF-8
    "a\udfffb",
    "\ue000",  # private use
    "Ann\u2028Bob",  # a line separator: a line break to str.splitlines
    "Ann\u2029Bob",  # a paragraph separator
    "x" * (MAX_NAME_LENGTH + 1),
]
GOOD = ["Ann", "Hermione Granger", "Zoë", "Ærwyn", "李", "🦉 Hedwig", "x" * MAX_NAME_LENGTH]


@pytest.mark.parametrize("name", GOOD)
def test_good_names_pass_and_write_as_utf8(name: str) -> None:
    assert check_name(name) == name
    assert name_problem(name) is None
    json.dumps(name, ensure_ascii=False).encode("utf-8")


@pytest.mark.parametrize("name", BAD)
def test_bad_names_are_refused_with_a_bounded_message(name: str) -> None:
    with pytest.raises(IllegalActionError) as caught:
        check_name(name, "a player name")
    assert caught.value.code == "bad_name"
    assert caught.value.message.startswith("a player name ")
    assert len(caught.value.message) < 200
    assert name_problem(name) is not None


@pytest.mark.parametrize("sep", ["\u2028", "\u2029"])
def test_a_player_named_across_two_lines_is_refused(sep: str) -> None:
    for kind in ("adventure", "clue", "hufflepuff-ravenclaw"):
        with pytest.raises(IllegalActionError) as caught:
            find_game(kind).new_game([f"Ann{sep}Bob", "Ron", "Sky"], seed=1)
        assert caught.value.code == "bad_name", kind
        assert "separators" in caught.value.message


def test_anything_else_is_refused_as_a_typed_error() -> None:
    for value in (None, 7, 10**5000, b"Ann", ["Ann"]):
        with pytest.raises(IllegalActionError) as caught:
            check_name(value, "a stat name", code="bad_text")
        assert caught.value.code == "bad_text"


def test_labels_may_be_longer_than_names() -> None:
    label = "y" * MAX_LABEL_LENGTH
    assert check_name(label, max_length=MAX_LABEL_LENGTH) == label
    with pytest.raises(IllegalActionError):
        check_name(label)
    with pytest.raises(IllegalActionError):
        check_name(label + "y", max_length=MAX_LABEL_LENGTH)
    huge = "z" * 10_000_000  # refused on its length, never kept in the cache
    assert name_problem(huge) == f"must be at most {MAX_NAME_LENGTH} characters, not 10000000"


@pytest.mark.parametrize("bad", ["Luck\x01", "\ud800", " Luck", "Lu\u200bck"])
def test_a_character_sheet_holds_valid_names_only(bad: str) -> None:
    with pytest.raises(IllegalActionError) as caught:
        hr.Character.first_year(bad)
    assert caught.value.code == "bad_name"
    for field in ("stats", "skills", "traits"):
        sheet = {"stats": {bad: 3}, "skills": {bad: 1}, "traits": {bad: hr.Trait(1)}}[field]
        with pytest.raises(IllegalActionError):
            hr.Character.first_year("Sky", **{field: sheet})  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError):
        hr.Character.first_year("Sky", spells=[bad])


def test_a_sheet_may_start_with_a_bracket_but_a_game_refuses_it_as_a_seat() -> None:
    sheet = hr.Character.first_year("<b>Bold</b>")
    assert sheet.name == "<b>Bold</b>"
    with pytest.raises(IllegalActionError) as caught:
        hr.new_game([sheet], seed=1)
    assert caught.value.code == "bad_name"
    assert check_name("<b>", reserved=False) == "<b>"


def test_a_saved_sheet_with_a_bad_name_is_refused_naming_the_field() -> None:
    game = hr.new_game(["Sky"], seed=1)
    data = game.to_dict()
    data["setup"]["characters"][0]["skills"] = {"Brawl\x01": 1}
    with pytest.raises(InvalidDataError) as caught:
        hr.Game.from_dict(data)
    assert "$.setup.characters" in caught.value.path
