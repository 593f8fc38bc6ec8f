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


def _fresh(game: clue.Game) -> clue.Game:
    """The same game with nothing worked out yet."""
    copy = attrs.evolve(game)
    assert copy._memo_root is None and copy._memo_to_act is None and copy._memo is None
    assert copy._wheels_memo is None and copy._moves_memo is None
    return copy


@pytest.mark.parametrize("seed", range(3))
def test_what_the_draft_primes_is_what_the_game_works_out(seed: int) -> None:
    game = clue.new_game(NAMES[: 3 + seed % 3], seed=seed)
    rng = random.Random(seed)
    primed = carried = 0
    while not game.is_over:
        before = game
        game, _ = game.apply(rng.choice(game.legal_actions()))
        fresh = _fresh(game)
        if game._memo_to_act is not None:  # primed while the action was applied
            primed += 1
            assert game._memo_to_act == fresh.to_act == fresh._root_to_act()
        if game._memo_root is not None:
            assert game._memo_root == fresh.legal_actions() == fresh._root_actions()
        if game._wheels_memo is not None:  # carried over: the wheels did not turn
            carried += 1
            assert game.wheels is before.wheels
            assert game._wheel_state == fresh._wheel_state
        for seat in game.seat_names:
            assert game.legal_actions(seat) == fresh.legal_actions(seat)
        assert game.to_act == fresh.to_act
        assert (game.closed_doors(), game.lit_fireplaces()) == (
            fresh.closed_doors(),
            fresh.lit_fireplaces(),
        )
        # What a game has worked out is never pickled.
        assert pickle.dumps(game) == pickle.dumps(_fresh(game))
    assert primed > 50 and carried > 20


def test_a_pickled_game_works_its_memos_out_again() -> None:
    game, _ = clue.new_game(NAMES, seed=3).apply(clue.Deal())
    while game.pending is not None:
        game, _ = game.apply(game.legal_actions()[0])
    game, _ = game.apply(clue.RollDice(game.to_act[0]))
    assert game.legal_actions() and game.closed_doors() is not None
    copy = pickle.loads(pickle.dumps(game))
    assert copy._moves_memo is None and copy._wheels_memo is None and copy._memo_root is None
    assert copy == game and copy.legal_actions() == game.legal_actions()
    assert copy.movement_options() == game.movement_options()


def test_a_draft_shares_the_games_seats_until_one_changes_and_never_writes_them() -> None:
    game, _ = clue.new_game(NAMES, seed=2).apply(clue.Deal())
    before = pickle.dumps(game)
    draft = Draft(Context(game.dice), game)
    with pytest.raises(TypeError):
        draft.seats["Ann"] = game.seats["Ben"]  # type: ignore[index]
    assert draft.freeze().seats is game.seats  # nothing changed: the same seats
    draft.move_pawn("Ann", (1, 7))
    first = draft.freeze()
    draft.move_pawn("Ann", (2, 7))  # after a freeze part-way, the next change copies
    floo = game.seats["Ben"].floo
    draft.update_seat("Ben", floo=floo + 1)
    second = draft.freeze()
    assert (first.seats["Ann"].position, first.seats["Ben"].floo) == ((1, 7), floo)
    assert (second.seats["Ann"].position, second.seats["Ben"].floo) == ((2, 7), floo + 1)
    assert type(first.seats) is FrozenMap and first.seats is not second.seats
    assert pickle.dumps(game) == before and game.seats["Ann"].position != (1, 7)
