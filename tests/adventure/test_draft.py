"""The rules run on a private draft: no draft ever escapes ``apply``, and nothing is shared."""

from __future__ import annotations

import random

import attrs
import pytest

from hogwarts_rules import adventure as ad
from hogwarts_rules.adventure.player import Player, PlayerDraft, freeze, thaw
from hogwarts_rules.dice import CHANCE, ExternalDice


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
