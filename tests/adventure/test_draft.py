"""The rules run on a private draft: no draft ever escapes ``apply``, and nothing is shared."""

from __future__ import annotations

import random

import attrs
import pytest

from hogwarts_rules import adventure as ad
from hogwarts_rules.adventure.player import Player, PlayerDraft, freeze, thaw
from hogwarts_rules.dice import CHANCE, ExternalDice
from hogwarts_rules.errors import IllegalActionError


def _only_frozen(game: ad.Game) -> None:
    for p in game.players.values():
        assert type(p) is Player
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            p.clues = 99  # type: ignore[misc]
    if game.pending is not None:
        _only_frozen(game.pending.root)


@pytest.mark.parametrize("external", [False, True])
def test_every_state_holds_frozen_players_only(external: bool) -> None:
    chooser = random.Random(4)
    game = ad.new_game(
        ["Ann", "Ben", "Cat"], **({"dice": ExternalDice()} if external else {"seed": 4})
    )
    seen = [game]
    for _ in range(600):
        if game.is_over:
            break
        actions = game.legal_actions()
        before = {name: attrs.asdict(p) for name, p in game.players.items()}
        game, _ = game.apply(actions[chooser.randrange(len(actions))])
        # the state applied to is untouched
        assert {name: attrs.asdict(p) for name, p in seen[-1].players.items()} == before
        _only_frozen(game)
        seen.append(game)
    assert any(s.to_act == (CHANCE,) for s in seen) is external


def test_thaw_copies_and_freeze_turns_the_draft_into_a_player() -> None:
    harry = Player("Harry", clue_sources_used=["library"])
    draft = thaw(harry)
    assert type(draft) is PlayerDraft and attrs.asdict(draft) == attrs.asdict(harry)
    draft.house_points += 10
    assert harry.house_points == 0
    frozen = freeze(draft)
    assert frozen is draft and type(frozen) is Player and frozen.house_points == 10
    assert frozen == attrs.evolve(harry, house_points=10)
    assert hash(frozen) == hash(attrs.evolve(harry, house_points=10))


# ----- the fast paths: an action listed for this value, next values primed by the draft ----


def _fresh(game: ad.Game) -> ad.Game:
    """The same game with nothing worked out yet (apply then checks the action in full)."""
    copy = attrs.evolve(game)
    assert copy._memo_root is None and copy._memo is None and copy._memo_to_act is None
    return copy


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_listed_actions_give_the_same_games_and_events_as_the_checked_path(seed: int) -> None:
    chooser = random.Random(seed)
    game = ad.new_game(["Ann", "Ben", "Cat", "Dan"], seed=seed, max_rounds=60)
    steps = 0
    while not game.is_over and steps < 1500:
        actions = game.legal_actions()
        action = actions[chooser.randrange(len(actions))]
        fast, fast_events = game.apply(action)  # listed: the memo is worked out
        slow, slow_events = _fresh(game).apply(action)  # the full check, then the rules
        equal = type(action).from_dict(action.to_dict())  # equal, not the listed object
        again, again_events = game.apply(equal)
        assert fast == slow == again
        assert fast.to_dict() == slow.to_dict()
        assert [e.to_dict() for e in fast_events] == [e.to_dict() for e in slow_events]
        assert fast_events == slow_events == again_events
        game = fast
        steps += 1
    assert steps > 100


def test_what_the_draft_primes_is_what_the_game_works_out() -> None:
    chooser = random.Random(9)
    game = ad.new_game(["Ann", "Ben", "Cat"], seed=9, max_rounds=40)
    primed = 0
    while not game.is_over:
        actions = game.legal_actions()
        game, _ = game.apply(actions[chooser.randrange(len(actions))])
        if game._memo_root is not None:  # primed while the action was applied
            primed += 1
            fresh = _fresh(game)
            assert game._memo_root == fresh.legal_actions() == fresh._root_actions()
            assert game.to_act == fresh.to_act == fresh._root_to_act()
            for seat in game.seat_names:
                assert game.legal_actions(seat) == fresh.legal_actions(seat)
    assert primed > 50
    assert game._memo_root == () and game.to_act == () and game.legal_actions("Ann") == ()


def test_an_action_not_listed_is_refused_as_before_and_changes_nothing() -> None:
    game = ad.new_game(["Ann", "Ben"], seed=5)
    game, _ = game.apply(ad.RollOff())
    current = game.current_player
    other = next(name for name in game.seat_names if name != current)
    assert current is not None and game.legal_actions()  # the memo is worked out
    before = game.to_dict()
    for action, code in [
        (ad.TakeTurn(other), "not_your_turn"),
        (ad.MoveOne(current), "straight_run"),
        (ad.EnterDungeon(current), "not_on_loop"),
        (ad.RollOff(), "already_started"),
        (ad.KeepRoll(current), "not_now"),
        ("MoveOne", "bad_action"),
    ]:
        for value in (game, _fresh(game)):
            with pytest.raises(IllegalActionError) as info:
                value.apply(action)  # type: ignore[arg-type]
            assert info.value.code == code
    assert game.to_dict() == before
    assert game.legal_actions() == _fresh(game).legal_actions()
