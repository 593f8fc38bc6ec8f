"""Views of every catalogue game: typed, frozen, without the dice, JSON round trips."""

from __future__ import annotations

import json
from typing import Any

import attrs
import pytest

from hogwarts_rules import InvalidDataError, find_game, games
from hogwarts_rules.bots import play_out
from hogwarts_rules.engine import GameBase
from hogwarts_rules.views import plain

KINDS = [spec.kind for spec in games()]


def _games(kind: str) -> list[GameBase]:
    """A new game, and (where the game has bots) games part-way and at the end."""
    spec = find_game(kind)
    found = [spec.new_game(seed=5)]
    if spec.bots:
        for steps in (40, 400, 100_000):
            game = spec.new_game(seed=steps)
            bots = {
                seat: spec.make_bot(spec.bot_names[-1], game, seed=i)
                for i, seat in enumerate(game.seat_names)
            }
            found.append(play_out(game, bots, max_steps=steps))
    return found


def _keys(value: Any) -> set[str]:
    if isinstance(value, dict):
        return set(value) | {k for v in value.values() for k in _keys(v)}
    if isinstance(value, list):
        return {k for v in value for k in _keys(v)}
    return set()


@pytest.mark.parametrize("kind", KINDS)
def test_views_are_typed_frozen_and_round_trip_through_json(kind: str) -> None:
    spec = find_game(kind)
    for game in _games(kind):
        for seat in (*game.seat_names, None):
            view = game.view(seat)
            assert isinstance(view, spec.view_class)
            assert attrs.has(type(view))
            with pytest.raises(attrs.exceptions.FrozenInstanceError):
                view.viewer = "someone else"
            assert view.viewer == seat
            assert not hasattr(view, "dice")
            data = view.to_dict()
            assert json.loads(json.dumps(data)) == data
            assert not _keys(data) & {"dice", "seed"}
            assert type(view).from_dict(json.loads(json.dumps(data))) == view


@pytest.mark.parametrize("kind", KINDS)
def test_a_view_refuses_what_it_did_not_write(kind: str) -> None:
    view = find_game(kind).new_game(seed=1).view(None)
    with pytest.raises(InvalidDataError):
        type(view).from_dict({**view.to_dict(), "dice": {"kind": "seeded", "seed": 1}})
    with pytest.raises(InvalidDataError):
        type(view).from_dict([])


def test_plain_gives_json_types_only() -> None:
    from hogwarts_rules.adventure.board import Space

    data = plain({"space": Space.INVITATION, "list": (1, "a"), "n": None})
    assert data == {"space": "Invitation to Hogwarts", "list": [1, "a"], "n": None}
    assert type(data["space"]) is str


@pytest.mark.parametrize("kind", KINDS)
def test_every_view_says_who_acts_and_what_they_are_asked(kind: str) -> None:
    for game in _games(kind):
        decision = game.awaiting
        for seat in (*game.seat_names, None):
            ask = game.view(seat).ask
            assert ask.text and (ask.kind == "over") == game.is_over
            assert ask.player is None or ask.player in game.to_act or not game.to_act
            if ask.kind == "decision":
                assert decision is not None
                prompt = getattr(decision, "prompt", "")
                secret = not find_game(kind).perfect_information and seat != ask.player
                assert ask.text == (f"{ask.player} must decide" if secret else prompt)
            else:  # an ordinary turn says so in words and as data
                assert ask.text != f"{ask.player} must decide"


def test_clue_asks_each_step_of_an_ordinary_turn() -> None:
    spec = find_game("clue")
    game = spec.new_game(3, seed=2)
    seen: set[str] = set()
    bots = {seat: spec.make_bot("random", game, seed=i) for i, seat in enumerate(game.seat_names)}
    for _ in range(120):
        view = game.view(game.seat_names[0])
        seen.add(view.ask.kind)
        if view.ask.kind in ("roll", "move", "act"):
            assert view.ask.player == view.current_player and view.ask.kind == str(view.step)
        game = play_out(game, bots, max_steps=1)
        if game.is_over:
            break
    assert {"deal", "decision", "roll", "move", "act"} <= seen


def test_clue_asks_the_acting_player_only_what_it_may_do() -> None:
    from hogwarts_rules import find_game

    spec = find_game("clue")
    game = spec.new_game(["Ann", "Ben", "Cat"], seed=3)
    bots = {seat: spec.make_bot("random", game) for seat in game.seat_names}
    seen: set[str] = set()
    for _ in range(3000):
        if game.is_over:
            break
        view = game.view(game.to_act[0] if game.to_act else "Ann")
        ask = view.ask
        if ask.kind == "act":
            current = ask.player
            assert current is not None
            mine = game.view(current).ask.text
            verbs = {type(a).__name__ for a in game.legal_actions(current)}
            assert ("suggest" in mine) == ("Suggest" in verbs), mine
            assert ("accuse" in mine) == ("Accuse" in verbs), mine
            seen.add(mine)
            for other in game.seat_names:
                if other != current:
                    assert (
                        game.view(other).ask.text == f"{current} to suggest, accuse or end the turn"
                    )
        seat = game.to_act[0] if game.to_act else "Ann"
        actions = game.legal_actions(seat) if game.to_act else game.legal_actions()
        game, _ = game.apply(bots[seat].choose(game.view(seat), seat, actions))
    assert any("suggest" not in text for text in seen) and any("suggest" in text for text in seen)
