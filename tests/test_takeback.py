"""Fair take-backs (`GameBase.takeback`).

Never across a roll, a draw, a reveal, or another seat being asked to decide.
"""

from __future__ import annotations

import itertools
import random

import pytest

from hogwarts_rules import (
    ChanceOutcome,
    ExternalDice,
    IllegalActionError,
    ScriptedDice,
    find_game,
    games,
)
from hogwarts_rules import clue as cl
from hogwarts_rules import hufflepuff_ravenclaw as hr
from hogwarts_rules.bots import deciding_seat, seat_actions
from hogwarts_rules.engine import Decision, GameBase
from hogwarts_rules.takeback import steps_since_decision, take_back_problem

KINDS = [spec.kind for spec in games()]


def _random_walk(kind: str, seed: int, steps: int, *, external: bool = False) -> list[GameBase]:
    spec = find_game(kind)
    game = spec.new_game(dice=ExternalDice()) if external else spec.new_game(seed=seed)
    rng = random.Random(seed)
    states = [game]
    for _ in range(steps):
        if game.is_over:
            break
        if game.chance_outcomes():
            outcomes = game.chance_outcomes()
            game, _ = game.apply(rng.choice(outcomes)[0])
        else:
            seat = deciding_seat(game)
            if seat is None:
                break
            game, _ = game.apply(rng.choice(seat_actions(game, seat)))
        states.append(game)
    return states


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("external", [False, True])
def test_a_take_back_returns_exactly_the_earlier_game(kind: str, external: bool) -> None:
    taken = 0
    for seed in range(4):
        states = _random_walk(kind, seed, 120, external=external)
        for before, after in itertools.pairwise(states):
            if after.can_take_back():
                assert after.takeback().to_dict() == before.to_dict()
                taken += 1
            else:
                with pytest.raises(IllegalActionError) as caught:
                    after.takeback()
                assert caught.value.code == "no_take_back"
    if kind != "hufflepuff-ravenclaw":
        assert taken > 0  # the check can say yes


@pytest.mark.parametrize("kind", KINDS)
def test_no_take_back_crosses_a_chance_outcome(kind: str) -> None:
    for seed in range(3):
        states = _random_walk(kind, seed, 80, external=True)
        for index, state in enumerate(states):
            for steps in range(1, min(index, 6) + 1):
                undone = state.history[-steps:]
                if any(isinstance(action, ChanceOutcome) for action in undone):
                    assert not state.can_take_back(steps)


def test_a_move_may_be_taken_back_but_not_a_suggestion() -> None:
    for seed in range(40):
        game = cl.new_game(["Ann", "Ben", "Cat"], seed=seed)
        while game.awaiting is not None or game.phase != "play":
            game, _ = game.apply(seat_actions(game, deciding_seat(game) or "")[0])
        seat = game.current_player
        assert seat is not None
        game, _ = game.apply(cl.RollDice(seat))
        rooms = [a for a in game.legal_actions(seat) if isinstance(a, cl.MoveTo) and not a.felix]
        entering = [a for a in rooms if a.destination in cl.LOCATIONS]
        if not entering or game.awaiting is not None:
            continue
        moved, _ = game.apply(entering[0])
        if not any(isinstance(a, cl.Suggest) for a in moved.legal_actions(seat)):
            continue
        assert moved.can_take_back()
        assert moved.takeback() == game
        suggestion = next(a for a in moved.legal_actions(seat) if isinstance(a, cl.Suggest))
        asked, _ = moved.apply(suggestion)
        problem = take_back_problem(asked)
        assert problem is not None
        assert not asked.can_take_back(2)  # not the move either, once the suggestion is made
        return
    pytest.fail("no seed entered a room on the first turn")


def test_a_roll_shown_only_in_a_prompt_cannot_be_taken_back() -> None:
    # The roll for movement waits for "keep it, or change it?": no event yet, but the
    # prompt shows the roll, so taking the roll back would let the player roll again.
    seen = 0
    for seed in range(4):
        for state in _random_walk("adventure", seed, 200):
            request = state.awaiting
            if isinstance(request, Decision) and "rolled" in request.prompt:
                assert not state.can_take_back()
                seen += 1
    assert seen > 0


def test_a_youth_decision_after_a_roll_cannot_undo_the_roll() -> None:
    scene = hr.new_game(["Sky"], dice=ScriptedDice([11]))
    scene, _ = scene.apply(hr.SkillTest("Sky", "Brawl", "Agility"))
    assert scene.to_act == ("Sky",)
    assert not scene.can_take_back()
    spent, _ = scene.apply(hr.SpendYouth("Sky", 3))
    assert take_back_problem(spent) is not None or spent.takeback() == scene


def test_bad_steps_are_refused_without_a_crash() -> None:
    game = find_game("hr").new_game(["Sky"], seed=1)
    for steps in (0, -1, 2, "1", 1.0, None):
        assert not game.can_take_back(steps)  # type: ignore[arg-type]
        with pytest.raises(IllegalActionError):
            game.takeback(steps)  # type: ignore[arg-type]


def test_steps_since_decision_counts_back_to_the_seats_last_action() -> None:
    game = find_game("clue").new_game(3, seed=2)
    assert steps_since_decision(game, "Ann") is None
    states = _random_walk("clue", 2, 30)
    final = states[-1]
    for seat in final.seat_names:
        steps = steps_since_decision(final, seat)
        if steps is not None:
            assert final.history[-steps].actor == seat
            assert all(
                action.actor != seat for action in final.history[len(final.history) - steps + 1 :]
            )


def test_the_reason_names_no_secret() -> None:
    for seed in range(3):
        for state in _random_walk("clue", seed, 150):
            problem = take_back_problem(state)
            if problem is None:
                continue
            envelope = set(state.envelope)  # type: ignore[attr-defined]
            hands = {card for seat in state.seats.values() for card in seat.hand}  # type: ignore[attr-defined]
            assert not any(card in problem for card in envelope | hands)
