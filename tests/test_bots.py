"""The shared `RandomBot`: its choices follow its seed, as they always have."""

from __future__ import annotations

import pickle
import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hogwarts_rules.bots import RandomBot


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
