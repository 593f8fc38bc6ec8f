from __future__ import annotations

import json
from collections import Counter
from fractions import Fraction
from typing import Any

import pytest

from hogwarts_rules.dice import (
    MAX_SIDES,
    DiceSource,
    ExternalDice,
    ScriptedDice,
    SeededDice,
    dice_from_dict,
    die_probabilities,
)
from hogwarts_rules.errors import DiceError, InvalidDataError, RulesError

# Pinned outputs of the portable generator: if these change, saved games replay differently.
SEED_20261129_D20 = [19, 4, 11, 12, 2, 3, 4, 1, 4, 16, 20, 4, 18, 14, 11, 2, 9, 18, 9, 1]
SEED_0_D6 = [2, 1, 2, 5, 2, 1, 6, 3, 6, 3]


def roll_many(dice: DiceSource, sides: int, count: int) -> list[int]:
    values = []
    for _ in range(count):
        value, dice = dice.roll(sides)
        values.append(value)
    return values


# ----------------------------------------------------------------- SeededDice


def test_seeded_d20_sequence_is_pinned() -> None:
    assert roll_many(SeededDice(20261129), 20, 20) == SEED_20261129_D20


def test_seeded_d6_sequence_is_pinned() -> None:
    assert roll_many(SeededDice(0), 6, 10) == SEED_0_D6


def test_seeded_state_starts_at_seed_and_moves_on() -> None:
    dice = SeededDice(42)
    assert dice.state == 42
    _, after = dice.roll(20)
    assert after.seed == 42
    assert after.state != 42
    assert after != dice


@pytest.mark.parametrize("sides", [1, 2, 3, 6, 7, 20, 100, 999, MAX_SIDES])
@pytest.mark.parametrize("seed", [0, 1, 20261129, 2**64 - 1])
def test_seeded_rolls_in_range(sides: int, seed: int) -> None:
    values = roll_many(SeededDice(seed), sides, 300)
    assert all(1 <= v <= sides for v in values)
    if sides == 1:
        assert set(values) == {1}


def test_seeded_d6_is_roughly_uniform() -> None:
    counts = Counter(roll_many(SeededDice(123456789), 6, 60_000))
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    # Expected 10,000 each with a standard deviation of about 91: +-1,000 is over 10 sigma.
    for face in range(1, 7):
        assert 9_000 <= counts[face] <= 11_000, counts


def test_seeded_roll_never_mutates() -> None:
    dice = SeededDice(99)
    copy = SeededDice(99, dice.state)
    first, next_dice = dice.roll(20)
    again, next_again = dice.roll(20)
    assert (first, next_dice) == (again, next_again)
    assert dice == copy
    assert dice.state == 99
    # A later source rolls the same again too.
    a, _ = next_dice.roll(1000)
    b, _ = next_dice.roll(1000)
    assert a == b


@pytest.mark.parametrize("sides", [0, -1, 1001, True, False, "6", 6.0, None])
def test_seeded_bad_sides(sides: Any) -> None:
    with pytest.raises(DiceError) as info:
        SeededDice(1).roll(sides)
    assert info.value.code == "bad_die"


@pytest.mark.parametrize("seed", [-1, 2**64, 1.5, True, "7", None])
def test_seeded_bad_seed(seed: Any) -> None:
    with pytest.raises(DiceError) as info:
        SeededDice(seed)
    assert info.value.code == "bad_seed"


@pytest.mark.parametrize("state", [-1, 2**64, 1.5, True])
def test_seeded_bad_state(state: Any) -> None:
    with pytest.raises(DiceError) as info:
        SeededDice(1, state)
    assert info.value.code == "bad_seed"


def test_seeded_repr_hides_state() -> None:
    dice = SeededDice(20261129)
    for _ in range(3):
        _, dice = dice.roll(20)
    assert repr(dice) == "SeededDice(seed=20261129)"
    assert str(dice.state) not in repr(dice)
    assert hex(dice.state) not in repr(dice)


def test_seeded_largest_seed_works() -> None:
    assert len(roll_many(SeededDice(2**64 - 1), 20, 5)) == 5


# ----------------------------------------------------------------- ScriptedDice


def test_scripted_rolls_in_order() -> None:
    dice = ScriptedDice((4, 1, 6, 20))
    assert dice.remaining == (4, 1, 6, 20)
    a, dice = dice.roll(6)
    b, dice = dice.roll(20)
    assert (a, b) == (4, 1)
    assert dice.remaining == (6, 20)
    assert dice.position == 2
    c, dice = dice.roll(6)
    d, dice = dice.roll(20)
    assert (c, d) == (6, 20)
    assert dice.remaining == ()


def test_scripted_accepts_a_list() -> None:
    assert ScriptedDice([3, 2]) == ScriptedDice((3, 2))


def test_scripted_never_mutates() -> None:
    dice = ScriptedDice((5, 2))
    assert dice.roll(6) == dice.roll(6)
    assert dice.position == 0


def test_scripted_exhausted() -> None:
    dice = ScriptedDice((2,))
    _, dice = dice.roll(6)
    with pytest.raises(DiceError) as info:
        dice.roll(6)
    assert info.value.code == "dice_exhausted"
    with pytest.raises(DiceError) as info:
        ScriptedDice(()).roll(20)
    assert info.value.code == "dice_exhausted"


def test_scripted_roll_too_big_for_die() -> None:
    with pytest.raises(DiceError) as info:
        ScriptedDice((7,)).roll(6)
    assert info.value.code == "bad_script"
    # The same script is fine on a d20.
    assert ScriptedDice((7,)).roll(20)[0] == 7


@pytest.mark.parametrize("bad", [0, -3, 1001, True, "3", 2.0, None])
def test_scripted_invalid_values(bad: Any) -> None:
    with pytest.raises(DiceError) as info:
        ScriptedDice((1, bad))
    assert info.value.code == "bad_script"


@pytest.mark.parametrize("position", [-1, 3, True, "0", 1.0])
def test_scripted_invalid_position(position: Any) -> None:
    with pytest.raises(DiceError) as info:
        ScriptedDice((1, 2), position)
    assert info.value.code == "bad_script"


@pytest.mark.parametrize("sides", [0, 1001, True, "6"])
def test_scripted_bad_sides(sides: Any) -> None:
    with pytest.raises(DiceError) as info:
        ScriptedDice((1,)).roll(sides)
    assert info.value.code == "bad_die"


# ----------------------------------------------------------------- ExternalDice


@pytest.mark.parametrize("sides", [6, 20])
def test_external_roll_raises(sides: int) -> None:
    with pytest.raises(DiceError) as info:
        ExternalDice().roll(sides)
    assert info.value.code == "external_dice"


def test_all_kinds_are_dice_sources() -> None:
    for dice in (SeededDice(1), ScriptedDice((1,)), ExternalDice()):
        assert isinstance(dice, DiceSource)
        hash(dice)


# ----------------------------------------------------------------- probabilities


@pytest.mark.parametrize("sides", [1, 2, 6, 7, 20, MAX_SIDES])
def test_die_probabilities(sides: int) -> None:
    probs = die_probabilities(sides)
    assert [face for face, _ in probs] == list(range(1, sides + 1))
    assert all(p == Fraction(1, sides) for _, p in probs)
    assert sum(p for _, p in probs) == 1


@pytest.mark.parametrize("sides", [0, 1001, True, "6"])
def test_die_probabilities_bad_sides(sides: Any) -> None:
    with pytest.raises(DiceError):
        die_probabilities(sides)


# ----------------------------------------------------------------- serialization


def _rolled(dice: SeededDice, times: int) -> SeededDice:
    for _ in range(times):
        _, dice = dice.roll(20)
    return dice


ROUND_TRIP = [
    SeededDice(7),
    _rolled(SeededDice(20261129), 5),
    SeededDice(2**64 - 1),
    ScriptedDice((1, 2, 3)),
    ScriptedDice((1, 2, 3), 2),
    ScriptedDice((5,), 1),
    ScriptedDice(()),
    ExternalDice(),
]


@pytest.mark.parametrize("dice", ROUND_TRIP, ids=repr)
def test_dice_round_trip(dice: SeededDice | ScriptedDice | ExternalDice) -> None:
    data = dice.to_dict()
    assert dice_from_dict(data) == dice
    assert dice_from_dict(json.loads(json.dumps(data))) == dice


def test_seeded_round_trip_keeps_rolling_the_same() -> None:
    dice = _rolled(SeededDice(11), 3)
    loaded = dice_from_dict(dice.to_dict())
    assert roll_many(loaded, 20, 10) == roll_many(dice, 20, 10)


def test_to_dict_forms() -> None:
    assert SeededDice(7).to_dict() == {"kind": "seeded", "seed": "7", "state": "7"}
    top = {"kind": "seeded", "seed": "18446744073709551615", "state": "18446744073709551615"}
    assert SeededDice(2**64 - 1).to_dict() == top
    assert ScriptedDice((4, 1), 1).to_dict() == {"kind": "scripted", "rolls": [4, 1], "position": 1}
    assert ExternalDice().to_dict() == {"kind": "external"}


def _raises_invalid(data: object) -> InvalidDataError:
    with pytest.raises(InvalidDataError) as info:
        dice_from_dict(data)
    # Never another exception type, and always a RulesError.
    assert isinstance(info.value, RulesError)
    return info.value


@pytest.mark.parametrize("data", [[], "seeded", None, 7, [("kind", "external")]])
def test_from_dict_non_object(data: object) -> None:
    err = _raises_invalid(data)
    assert err.code == "bad_type"
    assert err.path == "$"


@pytest.mark.parametrize("kind", ["loaded", None, 1, "SEEDED", ""])
def test_from_dict_unknown_kind(kind: object) -> None:
    err = _raises_invalid({"kind": kind, "seed": "1", "state": "1"})
    assert err.code == "unknown_dice"
    assert err.path == "$.kind"


def test_from_dict_missing_kind() -> None:
    err = _raises_invalid({"seed": "1", "state": "1"})
    assert err.path == "$.kind"


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"kind": "seeded", "seed": "1", "state": "1", "colour": "red"}, "colour"),
        ({"kind": "scripted", "rolls": [1], "position": 0, "seed": "1"}, "seed"),
        ({"kind": "external", "seed": "1"}, "seed"),
    ],
)
def test_from_dict_extra_field(data: dict[str, Any], field: str) -> None:
    err = _raises_invalid(data)
    assert err.code == "unknown_field"
    # Like the converter's own "extra fields" errors: the path is the object, the
    # message names the field.
    assert err.path == "$"
    assert repr(field) in err.message


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"kind": "seeded", "seed": "1"}, "state"),
        ({"kind": "seeded", "state": "1"}, "seed"),
        ({"kind": "scripted", "rolls": [1]}, "position"),
        ({"kind": "scripted", "position": 0}, "rolls"),
    ],
)
def test_from_dict_missing_field(data: dict[str, Any], field: str) -> None:
    err = _raises_invalid(data)
    assert err.code == "missing_field"
    assert repr(field) in err.message


@pytest.mark.parametrize("rolls", ["123", {"1": 1}, 5, None])
def test_from_dict_rolls_not_a_list(rolls: object) -> None:
    err = _raises_invalid({"kind": "scripted", "rolls": rolls, "position": 0})
    assert err.path == "$.rolls"


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"kind": "seeded", "seed": 7, "state": "7"}, "seed"),
        ({"kind": "seeded", "seed": True, "state": "7"}, "seed"),
        ({"kind": "seeded", "seed": 1.5, "state": "7"}, "seed"),
        ({"kind": "seeded", "seed": "7", "state": "18446744073709551616"}, "state"),
        ({"kind": "seeded", "seed": "7", "state": 7}, "state"),
        ({"kind": "scripted", "rolls": [1], "position": "0"}, "position"),
        ({"kind": "scripted", "rolls": [1], "position": 2}, "position"),
        ({"kind": "scripted", "rolls": [1, "2"], "position": 0}, "roll"),
        ({"kind": "scripted", "rolls": [True], "position": 0}, "roll"),
    ],
)
def test_from_dict_wrong_types_are_refused(data: dict[str, Any], field: str) -> None:
    err = _raises_invalid(data)
    assert field in err.message


@pytest.mark.parametrize(
    ("data", "path"),
    [
        ({"kind": "seeded", "seed": 7, "state": "7"}, "$.seed"),
        ({"kind": "seeded", "seed": True, "state": "7"}, "$.seed"),
        ({"kind": "seeded", "seed": "7", "state": "18446744073709551616"}, "$.state"),
        ({"kind": "scripted", "rolls": [1], "position": "0"}, "$.position"),
    ],
)
def test_from_dict_wrong_type_path_names_the_field(data: dict[str, Any], path: str) -> None:
    assert _raises_invalid(data).path == path


@pytest.mark.parametrize(
    "data",
    [
        {"kind": "seeded", "seed": "1", "state": "1"},
        {"kind": "scripted", "rolls": [1], "position": 0},
        {"kind": "external"},
    ],
)
def test_from_dict_does_not_change_its_input(data: dict[str, Any]) -> None:
    before = json.dumps(data)
    dice_from_dict(data)
    assert json.dumps(data) == before


@pytest.mark.parametrize(
    "text",
    [
        "",
        "-1",
        "+1",
        " 1",
        "1 ",
        "01",
        "00",
        "1_000",
        "1e3",
        "0x10",
        "\u0661",  # an Arabic-Indic one: a digit to str.isdigit, not to JSON readers
        "18446744073709551616",
        "000000000000000000001",
        "9" * 21,
        "1" * 5000,
    ],
)
def test_seeds_and_states_are_canonical_decimal_strings(text: str) -> None:
    for key in ("seed", "state"):
        data = {"kind": "seeded", "seed": "7", "state": "7", key: text}
        err = _raises_invalid(data)
        assert (err.code, err.path) == ("bad_dice", f"$.{key}")
        assert len(err.message) < 200


@pytest.mark.parametrize("value", [0, 1, 2**53 - 1, 2**53, 2**63, 2**64 - 1])
def test_seeds_and_states_are_read_from_strings(value: int) -> None:
    data = {"kind": "seeded", "seed": str(value), "state": str(value)}
    assert dice_from_dict(data) == SeededDice(value, value)
    assert SeededDice(value).to_dict() == data


def test_roll_die_is_roll_without_a_label() -> None:
    from hogwarts_rules.engine import Context

    for dice in (SeededDice(12345), ScriptedDice([3, 1, 6, 2, 5, 4, 6, 1, 2, 3])):
        labelled, bare = Context(dice), Context(dice)
        for sides in (6, 6, 20, 6, 2, 6, 6, 3, 6, 6):
            if isinstance(dice, ScriptedDice) and sides != 6:
                continue  # scripted faces fit a D6
            assert labelled.roll(sides, label="a roll") == bare.roll_die(sides)
        assert labelled.dice == bare.dice
    assert not Context(SeededDice(1)).external and Context(ExternalDice()).external
