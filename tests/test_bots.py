"""The shared `RandomBot`: its choices follow its seed, as they always have."""

from __future__ import annotations

import pickle
import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hogwarts_rules import GameSpec, find_game, games
from hogwarts_rules.bots import RandomBot, play_out


@given(seed=st.integers(0, 2**32), sizes=st.lists(st.integers(1, 300), min_size=1, max_size=40))
def test_random_bot_picks_what_randrange_picks(seed: int, sizes: list[int]) -> None:
    """The bot draws its index as ``random.Random.randrange`` does: the same games as before."""
    bot = RandomBot(seed)
    reference = random.Random(seed)
    for size in sizes:
        actions: Any = tuple(range(size))
        chosen: Any = bot.choose(None, "seat", actions)
        assert chosen == reference.randrange(size)


def test_random_bot_refuses_an_empty_list() -> None:
    with pytest.raises(ValueError, match="at least one action"):
        RandomBot(1).choose(None, "seat", ())


def test_random_bot_pickles_mid_game() -> None:
    """A bot sent to a process pool goes on with the same choices."""
    bot = RandomBot(7)
    actions: Any = tuple(range(5))
    for _ in range(3):
        bot.choose(None, "seat", actions)
    copy = pickle.loads(pickle.dumps(bot))
    assert [bot.choose(None, "s", actions) for _ in range(20)] == [
        copy.choose(None, "s", actions) for _ in range(20)
    ]


# ----- play_out: what it is handed ---------------------------------------------------------


@pytest.mark.parametrize("spec", games(), ids=lambda spec: spec.kind)
def test_play_out_refuses_bots_that_are_not_a_mapping(spec: GameSpec) -> None:
    """A list of bots (a common slip) is refused, not played as 'no bot at any seat'."""
    game = spec.new_game(spec.min_players, seed=1)
    bots = [RandomBot(seat) for seat in range(len(game.seat_names))]
    with pytest.raises(TypeError, match="must map seat names to bots"):
        play_out(game, bots)  # type: ignore[arg-type]


@pytest.mark.parametrize("spec", games(), ids=lambda spec: spec.kind)
def test_play_out_refuses_a_bot_for_no_seat(spec: GameSpec) -> None:
    """A misspelt seat name is refused with the seats, not ignored (the game left unplayed)."""
    game = spec.new_game(spec.min_players, seed=1)
    bots = {seat.lower() + "?": RandomBot(1) for seat in game.seat_names}
    with pytest.raises(ValueError, match="which is no seat of this game") as caught:
        play_out(game, bots)
    assert ", ".join(game.seat_names) in str(caught.value)


def test_play_out_stops_at_a_seat_without_a_bot() -> None:
    """A seat left without a bot (a person's) is where the loop stops, the game not over."""
    spec = find_game("first-year-adventure")
    game = spec.new_game(3, seed=7)
    people = game.seat_names[-1]
    bots = {seat: spec.make_bot("heuristic", game) for seat in game.seat_names if seat != people}
    final = play_out(game, bots)
    assert not final.is_over
    assert final.to_act == (people,)
    assert len(final.history) > 0


@pytest.mark.parametrize("spec", [s for s in games() if s.bots], ids=lambda spec: spec.kind)
def test_every_bot_has_a_repr_that_names_it_and_not_its_seed(spec: GameSpec) -> None:
    game = spec.new_game(spec.min_players, seed=987654321)
    for name in spec.bot_names:
        shown = repr(spec.make_bot(name, game))
        assert " object at 0x" not in shown, shown
        assert shown.endswith(")") and shown[0].isupper(), shown
        assert "987654321" not in shown
    assert repr(RandomBot(123456789)) == "RandomBot()"
