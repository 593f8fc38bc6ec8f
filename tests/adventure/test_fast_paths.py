"""The rules' and the bots' written-out fast paths give what the plain rules give."""

from __future__ import annotations

import random
from typing import Any

import pytest

from hogwarts_rules import adventure as ad
from hogwarts_rules.actions import Action
from hogwarts_rules.adventure.board import Region, Space, region
from hogwarts_rules.adventure.player import Player
from hogwarts_rules.adventure.rules import CLUES_FOR_SHORTCUT, Draft, turn_actions
from hogwarts_rules.adventure.tables import TABLES, Familiar, RollModifier, Upbringing
from hogwarts_rules.engine import Context


def _plain_turn_actions(player: Player) -> tuple[Action, ...]:
    """What a turn may start with, as the rulebook says it (no table, no cache)."""
    name = player.name
    if region(player.space) is not Region.HOGWARTS:
        return (ad.TakeTurn(name),)
    actions: list[Action] = [ad.MoveOne(name), ad.RollToMove(name)]
    if player.clues >= CLUES_FOR_SHORTCUT:
        third = player.space is Space.THIRD_FLOOR
        actions.append(ad.EnterDungeon(name) if third else ad.GoToThirdFloor(name))
    return tuple(actions)


@pytest.mark.parametrize("clues", [0, CLUES_FOR_SHORTCUT - 1, CLUES_FOR_SHORTCUT, 9])
def test_turn_actions_are_the_rulebooks_on_every_space(clues: int) -> None:
    for space in Space:
        player = Player("Harry", space=space, clues=clues)
        found = turn_actions(player)
        assert found == _plain_turn_actions(player), space
        assert turn_actions(Player("Harry", space=space, clues=clues)) is found  # shared


def test_each_tables_modifiers_are_read_in_the_order_the_table_lists_them() -> None:
    game = ad.new_game(["Harry", "Ron"], seed=1)
    harry = Player(
        "Harry",
        magic=2,
        flying=-1,
        study=3,
        chess=1,
        study_bonus=2,
        wealth_modifier=-1,
        raised_by=Upbringing.MUGGLES,
        familiar=Familiar.SNOW_OWL,
        cloak=True,
        been_obsessed=True,
        mean_family=True,
    )
    game = ad.Game(dice=game.dice, setup=game.setup, players=game.players.set("Harry", harry))
    expected = {
        RollModifier.MAGIC: [("Magic skill", 2)],
        RollModifier.FLYING: [("Flying skill", -1)],
        RollModifier.STUDY: [("Study skill", 3), ("cram", 2)],
        RollModifier.CHESS: [("Chess skill", 1)],
        RollModifier.WEALTH: [("wealth", -1)],
        RollModifier.FAMILY: [("family", -1)],
        RollModifier.OWL: [("owl", 2)],
        RollModifier.CLOAK: [("cloak", 1)],
        RollModifier.OBSESSED: [("previously obsessed", -2)],
        RollModifier.MEAN_FAMILY: [("mean family", 1)],
        RollModifier.BEWITCHED: [],  # passed in by the Quidditch Match
    }
    assert set(expected) == set(RollModifier)
    draft = Draft(Context(game.dice), game)
    for table in TABLES.values():
        wanted = tuple(mod for key in table.modifier_keys for mod in expected[key])
        assert draft.modifiers("Harry", table) == wanted, table.key
    # Without cramming, Study reads the skill alone.
    draft.players["Harry"] = Player("Harry", study=3)
    assert draft.modifiers("Harry", TABLES["library"]) == (("Study skill", 3),)


def _choices(game: ad.Game, bots: dict[str, ad.HeuristicBot], as_list: bool) -> list[Action]:
    chosen: list[Action] = []
    while not game.is_over and len(chosen) < 3000:
        to_act = game.to_act
        seat = to_act[0] if to_act else game.seat_names[0]
        actions = game.legal_actions(seat) if to_act else game.legal_actions()
        view = game.view(seat)
        action = bots[seat].choose(view, seat, list(actions) if as_list else actions)
        chosen.append(action)
        game, _ = game.apply(action)
    return chosen


@pytest.mark.parametrize("seed", [1, 7, 23])
def test_the_heuristic_bot_chooses_the_same_from_a_shared_tuple_or_a_fresh_list(seed: int) -> None:
    # The bot knows a turn's shared tuple by identity; a list is read afresh each time.
    def game() -> ad.Game:
        return ad.new_game(["Harry", "Ron", "Hermione"], seed=seed, max_rounds=60)

    names = ("Harry", "Ron", "Hermione")
    shared = _choices(game(), {n: ad.HeuristicBot() for n in names}, as_list=False)
    fresh = _choices(game(), {n: ad.HeuristicBot() for n in names}, as_list=True)
    assert shared == fresh and len(shared) > 100


def test_views_ask_each_player_their_own_turns_question() -> None:
    # The question of a turn is known by the identity of its actions, for its player only.
    rng = random.Random(3)
    game = ad.new_game(["Harry", "Ron", "Hermione", "Neville"], seed=3, max_rounds=30)
    asked = 0
    while not game.is_over:
        seat = game.to_act[0] if game.to_act else "Harry"
        view = game.view(seat)
        if game.pending is None and game.current_player == seat:
            assert view.ask.player == seat and view.ask.text.startswith(f"{seat}'s turn: ")
            asked += 1
        actions = game.legal_actions(seat) if game.to_act else game.legal_actions()
        game, _ = game.apply(rng.choice(actions))
    assert asked > 50


def test_every_rows_value_is_read_as_calling_its_enum_would_read_it() -> None:
    from hogwarts_rules.adventure import rules
    from hogwarts_rules.adventure.tables import (
        BOARDING_GIFTS,
        EffectKind,
        House,
        Item,
        Knowledge,
        Skill,
        Wand,
        Wealth,
    )

    kinds: dict[EffectKind, type[Any]] = {
        EffectKind.SKILL: Skill,
        EffectKind.GO: Space,
        EffectKind.ITEM: Item,
        EffectKind.HOUSE: House,
        EffectKind.KNOW: Knowledge,
        EffectKind.WEALTH: Wealth,
        EffectKind.RAISED_BY: Upbringing,
        EffectKind.WAND: Wand,
        EffectKind.FAMILIAR: Familiar,
    }
    effects = [e for t in TABLES.values() for row in t.rows for e in row.effects]
    read = 0
    for effect in [*effects, *BOARDING_GIFTS]:
        kind = kinds.get(effect.kind)
        if kind is not None:
            assert rules._by_value(kind)[effect.what] is kind(effect.what)
            read += 1
    assert read > 40
    for table, kind in [
        (rules._SKILLS, Skill),
        (rules._SPACES, Space),
        (rules._ITEMS, Item),
        (rules._HOUSES, House),
        (rules._KNOWLEDGE, Knowledge),
        (rules._WEALTHS, Wealth),
    ]:
        assert list(table.values()) == list(kind)
