"""First Year Adventure's notation: every legal action of random games round-trips."""

from __future__ import annotations

import random

import pytest

from hogwarts_rules import ExternalDice, IllegalActionError, adventure, find_game
from hogwarts_rules.notation import format_action, parse_action
from tests.test_notation import check_round_trips


@pytest.mark.parametrize("seed", range(8))
def test_every_legal_action_round_trips(seed: int) -> None:
    game = find_game("adventure").new_game(2 + seed % 3, seed=seed, max_rounds=40)
    assert check_round_trips(game, random.Random(seed), 2_000) > 100


def test_rolls_round_trip_with_external_dice() -> None:
    game = find_game("adventure").new_game(3, dice=ExternalDice(), max_rounds=10)
    assert check_round_trips(game, random.Random(2), 2_000) > 100


def test_every_numbered_action_round_trips() -> None:
    spec = find_game("adventure")
    game = spec.new_game(2, seed=1)
    assert spec.action_codec is not None
    table = spec.action_codec(game)
    texts = set()
    for index in range(table.size):
        action = table.decode(index, "Ron")
        text = format_action(game, action)
        texts.add(text)
        assert parse_action(game, text, "Ron") == action, text
    assert len(texts) == table.size


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("roll off", adventure.RollOff()),
        ("Move One", adventure.MoveOne("Ron")),
        ("3rd floor", adventure.GoToThirdFloor("Ron")),
        ("house gryff", adventure.ChooseHouse("Ron", "Gryffindor")),
        ("passage great hall", adventure.ChooseSpace("Ron", "Great Hall")),
        (
            "passage defence against the dark arts",
            adventure.ChooseSpace("Ron", "Defence Against the Dark Arts Class"),
        ),
    ],
)
def test_what_people_type(text: str, action: adventure.AdventureAction) -> None:
    game = adventure.new_game(["Harry", "Ron"], seed=1)
    assert parse_action(game, text, "Ron") == action


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("house", "is not a First Year Adventure action"),
        ("house azkaban", "'azkaban' names no house (Gryffindor,"),
        ("passage class", "could be Transfiguration Class, Potions Class"),
        ("roll twice", "is not a First Year Adventure action"),
    ],
)
def test_what_it_refuses(text: str, words: str) -> None:
    game = adventure.new_game(["Harry", "Ron"], seed=1)
    with pytest.raises(IllegalActionError) as caught:
        parse_action(game, text, "Ron")
    assert caught.value.code == "bad_notation"
    assert words in caught.value.message


def test_the_seat_deciding_takes_the_action() -> None:
    waiting = adventure.new_game(["Harry", "Ron"], dice=ExternalDice())
    waiting, _ = waiting.apply(adventure.RollOff())  # the dice are awaited
    with pytest.raises(IllegalActionError, match="no seat decides now"):
        parse_action(waiting, "turn")
    assert parse_action(waiting, "turn", "Ron") == adventure.TakeTurn("Ron")
    game = adventure.new_game(["Harry", "Ron"], seed=1)
    with pytest.raises(IllegalActionError, match="'Ginny' is not playing"):
        parse_action(game, "turn", "Ginny")
    game, _ = game.apply(parse_action(game, "rolloff"))
    assert parse_action(game, "turn") == adventure.TakeTurn(game.to_act[0])
