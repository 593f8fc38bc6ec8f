"""The rules-code side of the engine: Context.roll, roll_many, draw and decide."""

from __future__ import annotations

from fractions import Fraction

import pytest

from hogwarts_rules import ChanceOutcome, ExternalDice, ScriptedDice, SeededDice
from hogwarts_rules import hufflepuff_ravenclaw as hr
from hogwarts_rules.engine import ChanceRequest, Context, Decision, _Suspend


def test_draw_from_seeded_dice_is_uniform_by_index() -> None:
    ctx = Context(ScriptedDice((3, 1)))
    assert ctx.draw(["a", "b", "c"], label="card") == "c"
    assert ctx.draw(["a", "b"], label="card") == "a"


def test_draw_with_external_dice_groups_repeated_faces() -> None:
    ctx = Context(ExternalDice())
    with pytest.raises(_Suspend) as info:
        ctx.draw(["star", "dark mark", "star", "Gringotts"], label="black die")
    request = info.value.request
    assert isinstance(request, ChanceRequest)
    assert request.outcomes == (
        ("star", Fraction(1, 2)),
        ("dark mark", Fraction(1, 4)),
        ("Gringotts", Fraction(1, 4)),
    )
    resumed = Context(ExternalDice(), (ChanceOutcome("dark mark"),))
    assert (
        resumed.draw(["star", "dark mark", "star", "Gringotts"], label="black die") == "dark mark"
    )


def test_draw_from_nothing_is_an_error() -> None:
    with pytest.raises(ValueError):
        Context(SeededDice(1)).draw([], label="empty deck")


def test_roll_many_asks_external_dice_one_die_at_a_time() -> None:
    ctx = Context(ExternalDice(), (ChanceOutcome(4),))
    with pytest.raises(_Suspend) as info:
        ctx.roll_many(2, 6, label="2d6")
    request = info.value.request
    assert isinstance(request, ChanceRequest)
    assert request.label == "2d6 (die 2 of 2)"
    assert sum(p for _, p in request.outcomes) == 1


def test_decide_takes_a_single_option_without_asking() -> None:
    ctx = Context(SeededDice(1))
    only = hr.EndScene()
    assert ctx.decide("Sky", [only], prompt="nothing to decide") is only


def test_decide_suspends_with_its_details_then_returns_the_supplied_choice() -> None:
    options = [hr.SpendYouth("Sky", 0), hr.SpendYouth("Sky", 1)]
    with pytest.raises(_Suspend) as info:
        Context(SeededDice(1)).decide("Sky", options, prompt="spend?", details={"roll": 12})
    request = info.value.request
    assert isinstance(request, Decision)
    assert (request.player, request.options, request.details["roll"]) == ("Sky", tuple(options), 12)
    resumed = Context(SeededDice(1), (options[1],))
    assert resumed.decide("Sky", options, prompt="spend?") == options[1]


def test_seeded_roll_advances_the_context_dice() -> None:
    ctx = Context(SeededDice(5))
    first = ctx.roll(6, label="d6")
    assert isinstance(ctx.dice, SeededDice) and ctx.dice != SeededDice(5)
    assert first == SeededDice(5).roll(6)[0]
