"""The persistent history (`hogwarts_rules.history.History`) and the engine's memo."""

from __future__ import annotations

import pickle

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from hogwarts_rules import adventure as ad
from hogwarts_rules.actions import Action, ChanceOutcome, Practice
from hogwarts_rules.engine import replace
from hogwarts_rules.history import CHUNK, History, as_history

# Actions that compare by value: chance outcomes 1..6, with Practice mixed in.
actions: st.SearchStrategy[Action] = st.one_of(
    st.integers(1, 6).map(ChanceOutcome), st.just(Practice())
)


@given(st.lists(actions, max_size=3 * CHUNK + 5))
def test_a_history_grown_one_action_at_a_time_reads_like_the_tuple(items: list[Action]) -> None:
    grown = History()
    for item in items:
        grown = grown.add(item)
    expected = tuple(items)
    assert len(grown) == len(expected)
    assert tuple(grown) == expected
    assert grown == expected and expected == grown and grown == list(expected)
    assert grown == History(expected) and hash(grown) == hash(History(expected))
    assert [grown[i] for i in range(len(expected))] == list(expected)
    assert [grown[-i] for i in range(1, len(expected) + 1)] == [
        expected[-i] for i in range(1, len(expected) + 1)
    ]
    assert grown[3:-2] == expected[3:-2] and grown[::-1] == expected[::-1]
    assert tuple(reversed(grown)) == expected[::-1]
    first = next((i for i, a in enumerate(expected) if a == Practice()), None)
    assert grown.practice_from == first
    assert pickle.loads(pickle.dumps(grown)) == grown


def test_adding_never_changes_the_history_added_to() -> None:
    base = History([ChanceOutcome(1)] * (CHUNK - 1))
    longer = base.add(ChanceOutcome(2))
    other = base.add(ChanceOutcome(3))
    assert (
        len(base) == CHUNK - 1 and longer[-1] == ChanceOutcome(2) and other[-1] == ChanceOutcome(3)
    )
    assert base != longer and longer != other


def test_out_of_range_and_immutability() -> None:
    history = History([ChanceOutcome(1)])
    with pytest.raises(IndexError):
        history[1]
    with pytest.raises(IndexError):
        history[-2]
    with pytest.raises(TypeError):
        history["x"]  # type: ignore[call-overload]
    with pytest.raises(AttributeError):
        history._length = 5
    assert as_history(history) is history
    assert history != "not a history" and (history == 3) is False


def test_a_long_game_shares_its_history_with_the_state_before() -> None:
    game = ad.new_game(["Ann", "Ben"], seed=3)
    states = [game]
    for _ in range(3 * CHUNK):
        action = states[-1].legal_actions()[0]
        states.append(states[-1].apply(action)[0])
    last, before = states[-1].history, states[-2].history
    # The full chunks are the very same objects: nothing before the open chunk was copied.
    assert last._chunks[: len(before._chunks)] == before._chunks
    assert all(a is b for a, b in zip(last._chunks, before._chunks, strict=False))
    assert tuple(last)[:-1] == tuple(before)


def test_the_memo_takes_no_part_in_equality_and_each_copy_starts_without_one() -> None:
    game = ad.new_game(["Ann", "Ben"], seed=3)
    game, _ = game.apply(ad.RollOff())
    twin = replace(game)
    game.legal_actions("Ann")  # fills game's memo
    assert game._memo_root and game._memo is not None and twin._memo_root is None
    assert game == twin and hash(game) == hash(twin) and repr(game) == repr(twin)
    assert replace(game, round=game.round)._memo_root is None
    assert attrs.evolve(game, round=game.round)._memo_root is None
    assert pickle.loads(pickle.dumps(game)) == game


def test_replace_names_an_unknown_field() -> None:
    game = ad.new_game(["Ann", "Ben"], seed=3)
    with pytest.raises(TypeError, match="no field 'colour'"):
        replace(game, colour="red")


def test_replace_turns_any_sequence_given_as_a_history_into_a_history() -> None:
    game, _ = ad.new_game(["Ann", "Ben"], seed=3).apply(ad.RollOff())
    rebuilt = replace(game, history=tuple(game.history))
    assert type(rebuilt.history) is History and rebuilt == game
    moved, _ = rebuilt.apply(rebuilt.legal_actions()[0])
    assert len(moved.history) == 2
