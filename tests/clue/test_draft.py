"""Clue's rules run on a private draft inside ``apply``: nothing outside ever sees it.

The draft (`hogwarts_rules.clue.draft.Draft`) is changed step by step and frozen
once. These tests pin what that must never change: the game applied to stays as it
was (also when the action stops for a decision or an external roll, when the draft
is frozen part-way), no draft is reachable from a result or an event, and the moves
listed are the plain search's, in the same order.
"""

from __future__ import annotations

import pickle
import random
from typing import Any

import attrs
import pytest

from hogwarts_rules import clue
from hogwarts_rules.actions import Action
from hogwarts_rules.clue import turn
from hogwarts_rules.clue.draft import Draft
from hogwarts_rules.clue.movement import Position, cell_name
from hogwarts_rules.clue.vocabulary import Special, Step
from hogwarts_rules.dice import ExternalDice
from hogwarts_rules.engine import Context
from hogwarts_rules.frozen import FrozenMap

from .test_speed import reference_reachable

NAMES = ["Ann", "Ben", "Cat", "Dan"]


def _values(value: Any) -> list[Any]:
    """Every value held by an attrs value, a mapping or a tuple, recursively."""
    found = [value]
    if attrs.has(type(value)):
        for field in attrs.fields(type(value)):
            found.extend(_values(getattr(value, field.name)))
    elif isinstance(value, FrozenMap | dict):
        for item in value.values():
            found.extend(_values(item))
    elif isinstance(value, tuple):
        for item in value:
            found.extend(_values(item))
    return found


def _play(game: clue.Game, rng: random.Random, steps: int) -> list[tuple[clue.Game, Action]]:
    """Random legal actions from ``game``; checks each apply as it goes."""
    played = []
    for _ in range(steps):
        if game.is_over:
            break
        action = rng.choice(game.legal_actions())
        copy = pickle.loads(pickle.dumps(game))
        after, events = game.apply(action)
        # The game applied to never changes (its fields, seats and records included).
        assert game == copy and game.to_dict() == copy.to_dict()
        assert repr(game) == repr(copy) and str(game) == str(copy)
        # No draft escapes: not in the result (nor a suspended game's root), nor an event.
        for value in _values(after) + _values(after.pending) + _values(events):
            assert not isinstance(value, Draft)
        assert type(after.seats) is FrozenMap
        if after.pending is not None:
            assert after.pending.root.history == game.history[: len(after.pending.root.history)]
        played.append((game, action))
        game = after
    return played


@pytest.mark.parametrize("seed", range(2))
def test_the_game_applied_to_never_changes_and_no_draft_escapes(seed: int) -> None:
    rng = random.Random(seed)
    seeded = clue.new_game(NAMES, seed=seed)
    assert len(_play(seeded, rng, 400)) > 100
    # External dice stop the action at every roll: the draft is frozen part-way.
    external = clue.new_game(NAMES[:3], dice=ExternalDice())
    assert len(_play(external, rng, 400)) > 100


def test_a_draft_changes_only_itself() -> None:
    students = {"Ann": "Harry", "Ben": "Ron", "Cat": "Luna", "Dan": "Neville"}
    game, _ = clue.new_game(NAMES, seed=2, students=students).apply(clue.Deal())
    assert game.pending is None and game.seats["Ann"].floo == 10
    draft = Draft(Context(game.dice), game)
    draft.update_seat("Ann", floo=1)
    draft.green = 6
    first = draft.freeze()
    draft.update_seat("Ann", floo=0)  # the draft goes on: the frozen value does not
    draft.step = Step.ACT
    second = draft.freeze()
    assert (first.seats["Ann"].floo, first.green, first.step) == (1, 6, Step.ROLL)
    assert (second.seats["Ann"].floo, second.step) == (0, Step.ACT)
    assert game.seats["Ann"].floo == 10 and game.green == 0
    unchanged = Draft(Context(game.dice), game).freeze()
    assert unchanged == game and unchanged.seats is game.seats


def plain_moves(game: clue.Game, name: str) -> list[tuple[Action, tuple[Position, ...]]]:
    """The moves as the rules list them, from the plain breadth-first search."""
    seat = game.seats[name]
    here = seat.position
    assert here is not None
    board = game.content.board
    occupied = frozenset(
        s.position for s in game.seats.values() if s.name != name and isinstance(s.position, tuple)
    )
    specials = [turn.special_of(game.content, card) for card in seat.all_help]
    alohomoras = specials.count(Special.ALOHOMORA)
    forbidden = (game.left,) if game.left else ()
    options: list[tuple[Action, tuple[Position, ...]]] = []
    walks = [(game.green, False)]
    if Special.FELIX_FELICIS in specials:
        walks.append((7, True))
    for steps, felix in walks:
        for end, used, path in reference_reachable(
            board, here, steps, game.closed_doors(), occupied, alohomoras, forbidden
        ):
            options.append((clue.MoveTo(name, cell_name(end), felix, used), path))
    if isinstance(here, str) and here in game.lit_fireplaces() and seat.floo >= 1:
        for location in board.locations:
            if location != here and location in board.fireplaces:
                options.append((clue.UseFireplace(name, location), (here, location)))
    if not options or not isinstance(here, str):
        options.append((clue.StayPut(name), (here,)))
    return options


@pytest.mark.parametrize("seed", range(6))
def test_the_moves_listed_are_the_plain_searchs(seed: int) -> None:
    game = clue.new_game(NAMES[: 3 + seed % 3], seed=seed)
    rng = random.Random(seed)
    checked = 0
    while not game.is_over and checked < 150:
        if game.pending is None and game.step == Step.MOVE:
            name = game.current_player
            assert name is not None
            expected = plain_moves(game, name)
            assert turn.moves(game, name) == expected
            assert game.legal_actions(name) == tuple(action for action, _ in expected)
            assert game.movement_options() == tuple(
                (action, tuple(cell_name(p) for p in path)) for action, path in expected
            )
            checked += 1
        game, _ = game.apply(rng.choice(game.legal_actions()))
    assert checked > 20
