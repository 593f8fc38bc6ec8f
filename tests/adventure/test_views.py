"""What a seat (or the table) sees of First Year Adventure: a typed view, never the game.

The board game keeps no secrets, so a view shows every record; but no view holds
the dice, a seed or a dice state, which would predict every roll.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from typing import Any

import attrs
import pytest

from hogwarts_rules import IllegalActionError, ScriptedDice, find_game
from hogwarts_rules import adventure as ad
from hogwarts_rules.actions import Action
from hogwarts_rules.adventure.view import AdventureView
from hogwarts_rules.bots import play_out
from hogwarts_rules.dice import SeededDice
from hogwarts_rules.engine import Decision

SEED = 0x5EED_1DEA_F00D_CAFE
"""A seed no view could hold by chance."""

DICE_WORDS = frozenset({"dice", "seed", "state", "rolls", "position"})


def walk(value: object) -> Iterator[tuple[str | None, object]]:
    """Every (key, value) pair of nested JSON data; list items and scalars come with ``None``."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield key, item
            yield from walk(item)
    elif isinstance(value, list):
        for item in value:
            yield None, item
            yield from walk(item)


def assert_no_dice(view: AdventureView, dice: SeededDice) -> None:
    assert isinstance(view, AdventureView)
    assert not hasattr(view, "dice")
    assert not DICE_WORDS & {field.name for field in attrs.fields(AdventureView)}
    data = view.to_dict()
    assert json.loads(json.dumps(data)) == data
    for key, value in walk(data):
        assert key not in DICE_WORDS, key
        assert value not in (dice.seed, dice.state), (key, value)


def played(steps: int, seed: int = SEED) -> ad.Game:
    """A seeded game of three heuristic bots, ``steps`` actions in."""
    game = ad.new_game(["Harry", "Ron", "Hermione"], seed=seed)
    bots = {name: ad.HeuristicBot() for name in game.seat_names}
    return ad.play_out(game, bots, max_steps=steps)


def deciding(rolls: Sequence[int], **harry: Any) -> ad.Game:
    """Harry enters the dungeon with a Remembrall, and must decide about his Fluffy roll."""
    game = ad.new_game(["Harry", "Ron"], dice=ScriptedDice(tuple(rolls)))
    game = attrs.evolve(game, order=("Harry", "Ron"), turn=0, round=1)
    record = attrs.evolve(
        game.players["Harry"],
        invited=True,
        boarded=True,
        house=ad.House.GRYFFINDOR,
        space=ad.Space.THIRD_FLOOR,
        clues=5,
        remembralls=1,
        **harry,
    )
    game = attrs.evolve(game, players=game.players.set("Harry", record))
    game, _ = game.apply(ad.EnterDungeon("Harry"))
    assert game.to_act == ("Harry",)
    return game


# ----- no dice, no seed --------------------------------------------------------------------


@pytest.mark.parametrize("steps", [0, 1, 40, 400])
def test_no_view_holds_the_dice_or_a_seed(steps: int) -> None:
    game = played(steps)
    assert isinstance(game.dice, SeededDice) and game.dice.seed == SEED
    for seat in (*game.seat_names, None):
        assert_no_dice(game.view(seat), game.dice)


def test_a_view_is_not_the_game() -> None:
    game = played(10)
    view = game.view("Harry")
    assert not isinstance(view, ad.Game)
    for name in ("apply", "check", "pending", "history", "setup"):
        assert not hasattr(view, name), name
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        view.round = 3  # type: ignore[misc]


def test_views_are_values() -> None:
    game = played(25)
    assert game.view("Ron") == game.view("Ron")
    assert hash(game.view(None)) == hash(game.view(None))
    assert game.view("Ron") != game.view("Harry")


# ----- what a view shows -------------------------------------------------------------------


def test_a_seat_view_shows_every_record_and_the_seat_actions() -> None:
    game = played(30)
    for seat in game.seat_names:
        view = game.view(seat)
        assert view.viewer == seat
        assert view.players == game.players
        assert (view.order, view.turn, view.round) == (game.order, game.turn, game.round)
        assert view.finished == game.finished and view.outcome == game.outcome
        assert view.current_player == game.current_player and view.to_act == game.to_act
        expected = game.legal_actions(seat) if seat in game.to_act else ()
        assert view.legal_actions == expected


def test_the_table_view_shows_everything_but_acts_for_nobody() -> None:
    game = played(30)
    table = game.view(None)
    seat = game.view(game.seat_names[0])
    assert table.viewer is None and table.legal_actions == ()
    assert attrs.evolve(table, viewer=seat.viewer, legal_actions=seat.legal_actions) == seat
    data = table.to_dict()
    assert data["viewer"] is None and data["legal_actions"] == []


def test_the_table_view_of_a_finished_game() -> None:
    game = played(100_000)
    assert game.is_over
    table = game.view(None)
    assert table.is_over and table.outcome == game.outcome and table.to_act == ()
    assert table.to_dict()["finished"] == game.finished


def test_before_the_roll_off_every_seat_may_roll() -> None:
    game = ad.new_game(["Harry", "Ron"], seed=1)
    assert game.to_act == ()
    assert game.view("Ron").legal_actions == (ad.RollOff(),)
    assert game.view(None).legal_actions == ()


def test_a_view_built_mid_decision_shows_the_prompt_and_the_details() -> None:
    game = deciding([4, 4, 6, 5])
    assert isinstance(game.awaiting, Decision)
    harry = game.view("Harry")
    assert harry.prompt == "Harry rolled 4 + 4 for Fluffy: keep it, or change it?"
    assert dict(harry.details) == {
        "purpose": "Fluffy",
        "roll": 8,
        "table": "fluffy",
        "result": "Get Bitten",
    }
    assert harry.legal_actions == (ad.KeepRoll("Harry"), ad.UseRemembrall("Harry"))
    # The game has no secrets: the others and the table see the question too, not the answers.
    for viewer in ("Ron", None):
        view = game.view(viewer)
        assert (view.prompt, view.details) == (harry.prompt, harry.details)
        assert view.legal_actions == ()
    data = harry.to_dict()
    assert data["prompt"] == harry.prompt and data["details"]["result"] == "Get Bitten"
    assert AdventureView.from_dict(json.loads(json.dumps(data))) == harry
    assert [a["type"] for a in data["legal_actions"]] == [
        "adventure.keep_roll",
        "adventure.use_remembrall",
    ]


def test_nothing_is_prompted_between_decisions() -> None:
    game = played(0)
    view = game.view("Harry")
    assert (view.prompt, dict(view.details)) == ("", {})


def test_the_view_of_an_unknown_seat_is_refused() -> None:
    with pytest.raises(IllegalActionError) as caught:
        played(0).view("Voldemort")
    assert caught.value.code == "unknown_player"


# ----- bots see views ----------------------------------------------------------------------


def test_the_heuristic_bot_reads_the_details_of_the_decision() -> None:
    bot = ad.HeuristicBot()
    bitten = deciding([4, 4, 6, 5])  # 8: Get Bitten (the Hospital): reroll
    actions = bitten.legal_actions("Harry")
    assert bot.choose(bitten.view("Harry"), "Harry", actions) == ad.UseRemembrall("Harry")
    past = deciding([6, 5])  # 11: Get past Fluffy: keep it
    actions = past.legal_actions("Harry")
    assert bot.choose(past.view("Harry"), "Harry", actions) == ad.KeepRoll("Harry")


class Spy:
    """A bot that remembers what it was shown, and plays like the heuristic bot."""

    def __init__(self) -> None:
        self.seen: list[object] = []
        self.bot = ad.HeuristicBot()

    def choose(self, view: Any, seat: str, actions: Sequence[Action]) -> Action:
        self.seen.append(view)
        assert isinstance(view, AdventureView) and view.viewer == seat
        assert tuple(actions) == view.legal_actions
        return self.bot.choose(view, seat, actions)


def test_bots_are_handed_their_seat_view_and_nothing_else() -> None:
    game = ad.new_game(["Harry", "Ron"], seed=9, max_rounds=30)
    spies = {name: Spy() for name in game.seat_names}
    final = ad.play_out(game, spies)
    assert final.is_over
    for spy in spies.values():
        assert spy.seen and all(type(view) is AdventureView for view in spy.seen)


def test_the_spec_bots_play_from_views() -> None:
    spec = find_game("adventure")
    game = spec.new_game(3, seed=4, max_rounds=40)
    bots = {
        seat: spec.make_bot(name, game, seed=1)
        for seat, name in zip(game.seat_names, ("heuristic", "random", "heuristic"), strict=True)
    }
    assert play_out(game, bots).is_over
