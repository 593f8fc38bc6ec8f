"""Clue's notation: every legal action of random games round-trips; what it reads."""

from __future__ import annotations

import random

import pytest

from hogwarts_rules import ExternalDice, IllegalActionError, clue, find_game
from hogwarts_rules.notation import format_action, parse_action
from tests.test_notation import check_round_trips


@pytest.mark.parametrize("seed", range(6))
def test_every_legal_action_round_trips(seed: int) -> None:
    players = 3 + seed % 3
    game = find_game("clue").new_game(players, seed=seed)
    assert check_round_trips(game, random.Random(seed), 150) > 500


def test_chance_outcomes_round_trip_with_external_dice() -> None:
    game = clue.new_game(["Ann", "Ben", "Cat"], dice=ExternalDice())
    assert check_round_trips(game, random.Random(1), 60) > 100


def test_every_numbered_action_round_trips() -> None:
    game = clue.new_game(["Ann", "Ben", "Cat"], seed=1)
    codec = find_game("clue").action_codec
    assert codec is not None
    table = codec(game)
    for index in range(table.size):
        action = table.decode(index, "Ben")
        text = format_action(game, action)
        assert parse_action(game, text, "Ben") == action, text


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("suggest scabior necklace", clue.Suggest("Ann", "Scabior", "Cursed Necklace")),
        ("Suggest Draco Malfoy Love Potion", clue.Suggest("Ann", "Draco Malfoy", "Love Potion")),
        ('suggest "Fenrir Greyback" stupefy', clue.Suggest("Ann", "Fenrir Greyback", "Stupefy")),
        ("move burrow", clue.MoveTo("Ann", "The Burrow")),
        ("move the burrow felix alohomora", clue.MoveTo("Ann", "The Burrow", True, 1)),
        ("move 03,7 alohomora 2", clue.MoveTo("Ann", "3,7", False, 2)),
        ("move hogs head", clue.MoveTo("Ann", "Hog's Head")),
        ("floo 12", clue.UseFireplace("Ann", "12 Grimmauld Place")),
        (
            "accuse lucius mead manor",
            clue.Accuse("Ann", "Lucius Malfoy", "Poisoned Mead", "Malfoy Manor"),
        ),
        ("show draco", clue.ShowCard("Ann", "Draco Malfoy")),
        ("protect marauders", clue.Protect("Ann", "Marauder's Map")),
        ("pay floo", clue.PayFloo("Ann")),
        ("ROLL", clue.RollDice("Ann")),
    ],
)
def test_what_people_type(text: str, action: clue.PlayerAction) -> None:
    game = clue.new_game(["Ann", "Ben", "Cat"], seed=1)
    assert parse_action(game, text, "Ann") == action


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("suggest malfoy necklace", "could be Lucius Malfoy, Draco Malfoy"),
        ("suggest snape necklace", "'snape' names no suspect or item"),
        ("suggest scabior", "expected a suspect then an item"),
        ("accuse scabior necklace burrow", "'burrow' names no suspect or item or location"),
        ("move", "expected a location or a square"),
        ("move moon", "'moon' names no location"),
        ("move burrow alohomora x", "not a whole number"),
        ("fly burrow", "'fly' is not a Clue action"),
        ("deal now", "is not a Clue action"),
        ("show", "expected a card"),
    ],
)
def test_what_it_refuses(text: str, words: str) -> None:
    game = clue.new_game(["Ann", "Ben", "Cat"], seed=1)
    with pytest.raises(IllegalActionError) as caught:
        parse_action(game, text, "Ann")
    assert caught.value.code == "bad_notation"
    assert words in caught.value.message
