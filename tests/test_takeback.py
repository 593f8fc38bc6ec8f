"""Fair take-backs (`GameBase.takeback`).

Never across a roll, a draw, a reveal, or another seat being asked to decide.
"""

from __future__ import annotations

import itertools
import json
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
from hogwarts_rules import adventure as ad
from hogwarts_rules import clue as cl
from hogwarts_rules import hufflepuff_ravenclaw as hr
from hogwarts_rules.actions import Practice, Rekey
from hogwarts_rules.bots import deciding_seat, seat_actions
from hogwarts_rules.dice import SeededDice
from hogwarts_rules.engine import Decision, GameBase
from hogwarts_rules.events import DiceRekeyed, PracticeStarted
from hogwarts_rules.takeback import steps_since_decision, take_back, take_back_problem

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


# ================================================================ practice mode


def _practising(seed: int = 1) -> cl.Game:
    students = {"Ann": "Harry", "Ben": "Ron", "Cat": "Luna"}
    game = cl.new_game(["Ann", "Ben", "Cat"], seed=seed, students=students)
    game, events = game.apply(Practice())
    assert [type(event) for event in events] == [PracticeStarted]
    assert all(event.seen_by(seat) == event for event in events for seat in game.seat_names)
    return game


def test_practice_mode_is_announced_and_offered_to_nobody() -> None:
    game = _practising()
    assert game.practice
    assert all(not isinstance(action, Practice | Rekey) for action in game.legal_actions())
    with pytest.raises(IllegalActionError) as again:
        game.apply(Practice())
    assert again.value.code == "already_practice"


def test_a_practice_take_back_re_keys_the_dice_so_the_future_differs() -> None:
    game = _practising()
    dealt, _ = game.apply(cl.Deal())
    assert dealt.can_take_back()
    back = dealt.takeback()
    assert isinstance(back.history[-1], Rekey) and back.history[:-1] == game.history
    assert back.dice != game.dice
    redealt, _ = back.apply(cl.Deal())
    assert redealt.envelope != dealt.envelope  # a fresh deal, not the one taken back
    # The record replays the re-keyed game exactly; the seed is only in the record.
    assert cl.Game.from_dict(redealt.to_dict()) == redealt
    seed = back.history[-1].seed
    for seat in (*redealt.seat_names, None):
        assert seed not in json.dumps(redealt.view(seat).to_dict())


def test_without_practice_the_same_take_back_is_refused() -> None:
    students = {"Ann": "Harry", "Ben": "Ron", "Cat": "Luna"}
    game = cl.new_game(["Ann", "Ben", "Cat"], seed=1, students=students)
    dealt, _ = game.apply(cl.Deal())
    assert not dealt.can_take_back()


def test_a_practice_take_back_lands_where_nothing_is_awaited() -> None:
    # Keeping a roll for movement moves the pawn, whose square rolls on a table: taking
    # the keep back would land on the "keep it, or change it?" decision, mid-action.
    spec = find_game("adventure")
    for seed in range(20):
        game = spec.new_game(2, seed=seed)
        game, _ = game.apply(Practice())
        rng = random.Random(seed)
        for _ in range(200):
            seat = deciding_seat(game)
            if seat is None:
                break
            before = game
            game, _ = game.apply(rng.choice(seat_actions(game, seat)))
            if before.pending is not None and isinstance(game.history[-1], ad.KeepRoll):
                problem = take_back_problem(game, 1)
                if problem is not None:
                    assert "no decision or roll is awaited" in problem
                    return
    pytest.fail("no seed kept a roll whose move then rolled")


def test_core_actions_are_checked() -> None:
    game = find_game("adventure").new_game(2, seed=1)
    with pytest.raises(IllegalActionError) as outside:
        game.apply(Rekey("5"))
    assert outside.value.code == "not_practice"
    practising, _ = game.apply(Practice())
    for bad in ("-1", "07", "18446744073709551616", "x"):
        with pytest.raises(IllegalActionError) as caught:
            practising.apply(Rekey(bad))
        assert caught.value.code == "bad_rekey"
    rekeyed, events = practising.apply(Rekey("42"))
    assert rekeyed.dice == SeededDice(42) and [type(e) for e in events] == [DiceRekeyed]
    external = find_game("adventure").new_game(2, dice=ExternalDice())
    external, _ = external.apply(Practice())
    with pytest.raises(IllegalActionError) as unseeded:
        external.apply(Rekey("5"))
    assert unseeded.value.code == "bad_rekey"
    scene = hr.new_game(["Sky"], dice=ScriptedDice([11]))
    waiting, _ = scene.apply(hr.SkillTest("Sky", "Brawl", "Agility"))
    with pytest.raises(IllegalActionError) as busy:
        waiting.apply(Practice())
    assert busy.value.code == "decision_awaited"


# ================================================================ from a known earlier state


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("external", [False, True])
def test_a_base_gives_exactly_the_same_answers(kind: str, external: bool) -> None:
    # `base` (a state the game passed through) only saves the replay from the set-up.
    compared = allowed = 0
    for seed in range(2):
        states = _random_walk(kind, seed, 70, external=external)
        for index in range(1, len(states), 3):
            game = states[index]
            for steps in range(1, min(index, 3) + 1):
                target = index - steps
                expected = take_back_problem(game, steps)
                for base in (states[0], states[target // 2], states[target]):
                    assert take_back_problem(game, steps, base=base) == expected
                    if expected is None:
                        back = take_back(game, steps, base=base)
                        assert back.to_dict() == states[target].to_dict()
                        allowed += 1
                    compared += 1
    if kind != "hufflepuff-ravenclaw":  # whose random scenes end after a few actions
        assert compared > 50 and allowed > 0
    assert compared > 0


def test_a_base_gives_the_same_practice_take_backs() -> None:
    game = _practising(seed=3)
    states = [game]
    rng = random.Random(3)
    for _ in range(40):
        seat = deciding_seat(game)
        if seat is None:
            break
        game, _ = game.apply(rng.choice(seat_actions(game, seat)))
        states.append(game)
    checked = 0
    for index in range(2, len(states)):
        for steps in (1, 2):
            base = states[1 + (index - steps - 1) // 2]
            expected = take_back_problem(states[index], steps)
            assert take_back_problem(states[index], steps, base=base) == expected
            if expected is None:
                with_base = take_back(states[index], steps, base=base)
                plain = take_back(states[index], steps)
                # Both are the earlier game, re-keyed (each with its own fresh seed) or not.
                assert len(with_base.history) == len(plain.history)
                if isinstance(plain.history[-1], Rekey):
                    assert isinstance(with_base.history[-1], Rekey)
                    assert with_base.history[:-1] == plain.history[:-1]
                else:
                    assert with_base.to_dict() == plain.to_dict()
                checked += 1
    assert checked > 10


def test_a_base_that_is_visibly_not_the_game_is_refused() -> None:
    states = _random_walk("clue", 1, 12)
    game = states[-1]
    other = _random_walk("adventure", 1, 3)[-1]
    stranger = _random_walk("clue", 2, 12)[5]  # another game of the same kind
    for base, words in (
        (other, "not a Game"),
        (states[-1], "past step"),
        (stranger, "last action differs"),
    ):
        with pytest.raises(ValueError, match=words):
            take_back_problem(game, 1, base=base)
        with pytest.raises(ValueError, match=words):
            take_back(game, 1, base=base)


def test_practice_stays_and_a_rekey_taken_back_re_keys_again() -> None:
    start = cl.new_game(["Ann", "Ben", "Cat"], seed=2)
    practising, _ = start.apply(Practice())
    # Every seat was told of practice mode: it is not taken back (alone or not).
    stays = "practice mode, once every seat has been told of it, stays"
    assert take_back_problem(practising, 1) == stays
    dealt, _ = practising.apply(cl.Deal())
    assert take_back_problem(dealt, 2) == stays
    back = dealt.takeback()  # the deal: re-keyed
    assert isinstance(back.history[-1], Rekey)
    # Taking the Rekey back would bring back the dice that dealt: it re-keys again.
    again = back.takeback()
    assert again.history[:-1] == practising.history
    assert isinstance(again.history[-1], Rekey)
    assert again.dice not in (practising.dice, back.dice)
