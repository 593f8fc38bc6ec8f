"""The fast views equal the views built the slow way (issue 13).

`clue.view.view_for` and `adventure.view.view_for` build their views with generated
positional constructors, cached questions and one pass over the seat's actions. Here,
for many seeded games (random bots, and Clue's notebook bots), at every step, every
seat's view and the table's are compared with the view built field by field through
the attrs classes' own constructors, with the questions worded by the original code:
equal views, equal `to_dict()`, equal repr.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import attrs
import pytest

from hogwarts_rules import adventure as ad
from hogwarts_rules import clue
from hogwarts_rules.adventure import view as adventure_view
from hogwarts_rules.bots import deciding_seat, seat_actions
from hogwarts_rules.clue import view as clue_view
from hogwarts_rules.clue.actions import Accuse, EndTurn, Suggest
from hogwarts_rules.clue.vocabulary import Phase, Step
from hogwarts_rules.engine import GameBase
from hogwarts_rules.views import awaited_for, engine_ask, positional, viewer_actions

# ----- the slow way (the views' code before issue 13) --------------------------------------


def _clue_act_words(game: Any, player: str) -> str:
    kinds = {type(action) for action in game.legal_actions(player)}
    offered = [
        verb
        for verb, kind in (("suggest", Suggest), ("accuse", Accuse), ("end the turn", EndTurn))
        if kind in kinds
    ]
    if not offered:
        return "act"
    if len(offered) == 1:
        return offered[0]
    return ", ".join(offered[:-1]) + " or " + offered[-1]


_CLUE_STEPS = {
    Step.ROLL: ("roll", "{} to roll the dice"),
    Step.MOVE: ("move", "{} to move"),
    Step.ACT: ("act", "{} to suggest, accuse or end the turn"),
}


def slow_clue_ask(game: Any, player: str | None) -> clue_view.Ask:
    asked = engine_ask(game, player, secret=True)
    if asked is not None:
        return clue_view.Ask(*asked)
    if game.phase == Phase.DEAL:
        return clue_view.Ask(None, "deal", "Deal the cards to start the game")
    current = game.current_player
    kind, words = _CLUE_STEPS[Step(game.step)]
    if kind == "act" and current is not None and player == current:
        words = "{} to " + _clue_act_words(game, current)
    return clue_view.Ask(current, kind, words.format(current))  # type: ignore[arg-type]


def slow_clue_view(game: Any, player: str | None) -> clue_view.ClueView:
    prompt, details = awaited_for(game, player, public=False)
    knows = game.is_over or (player is not None and player in game.accused_wrongly)
    if player is None:
        hand: tuple[str, ...] = ()
        hidden: tuple[str, ...] = ()
        to_me: tuple[tuple[str, str], ...] = ()
        by_me: tuple[tuple[str, str], ...] = ()
    else:
        mine = game.seats[player]
        hand, hidden = mine.hand, mine.hidden_help
        to_me = tuple((r, card) for s, r, card in game.shown if s == player)
        by_me = tuple((s, card) for s, r, card in game.shown if r == player)
    return clue_view.ClueView(
        player=player,
        hand=hand,
        hidden_help=hidden,
        seats=tuple(seat._public for seat in game.seats.values()),
        order=game.order,
        missing=game.missing,
        wheels=game.wheels,
        closed_doors=game.closed_doors(),
        lit_fireplaces=game.lit_fireplaces(),
        tokens=game.tokens,
        current_player=game.current_player,
        step=game.step,
        green=game.green,
        entered=game.entered,
        suggestions=game.suggestions,
        wrong_accusations=game.wrong_accusations,
        shown_to_me=to_me,
        shown_by_me=by_me,
        help_deck_size=len(game.help_deck),
        dark_deck_size=len(game.dark_deck),
        to_act=game.to_act,
        legal_actions=viewer_actions(game, player),
        ask=slow_clue_ask(game, player),
        prompt=prompt,
        details=details,
        envelope=game.envelope if knows else (),
        phase=game.phase,
        winner=game.winner,
        outcome=game.outcome,
    )


_ADVENTURE_MOVES = {
    "adventure.move_one": "move one space",
    "adventure.roll_to_move": "roll to move",
    "adventure.go_to_third_floor": "go to the 3rd Floor",
    "adventure.enter_dungeon": "enter the dungeon",
    "adventure.take_turn": "play the turn (one space on, off the loop)",
}


def slow_adventure_ask(game: Any) -> adventure_view.Ask:
    asked = engine_ask(game, None, secret=False)
    if asked is not None:
        return adventure_view.Ask(*asked)
    current = game.current_player
    if current is None:
        return adventure_view.Ask(None, "roll_off", "Roll for who goes first")
    moves = [_ADVENTURE_MOVES.get(a.TYPE, a.TYPE) for a in game.legal_actions(current)]
    choices = " or ".join(moves) if moves else "play"
    return adventure_view.Ask(current, "turn", f"{current}'s turn: {choices}")


def slow_adventure_view(game: Any, seat: str | None) -> adventure_view.AdventureView:
    prompt, details = awaited_for(game, seat, public=True)
    return adventure_view.AdventureView(
        viewer=seat,
        players=game.players,
        order=game.order,
        turn=game.turn,
        round=game.round,
        finished=game.finished,
        current_player=game.current_player,
        to_act=game.to_act,
        legal_actions=viewer_actions(game, seat),
        ask=slow_adventure_ask(game),
        prompt=prompt,
        details=details,
        outcome=None if game.finished is None else game.outcome,
    )


# ----- the games ---------------------------------------------------------------------------


def states(game: GameBase, bots: dict[str, Any], max_steps: int) -> Iterator[GameBase]:
    """Every state of ``game`` as ``bots`` play it (the deciding seat's bot chooses)."""
    yield game
    for _ in range(max_steps):
        seat = deciding_seat(game)
        if seat is None:
            return
        view = game.view(seat)
        game, _ = game.apply(bots[seat].choose(view, seat, seat_actions(game, seat)))
        yield game


def check_every_view(
    game: GameBase, slow: Callable[[Any, str | None], Any], fast: Callable[[Any, str | None], Any]
) -> None:
    for seat in (*game.seat_names, None):
        expected = slow(game, seat)
        view = game.view(seat)
        assert view == fast(game, seat) == expected, (seat, view, expected)
        for field in attrs.fields(type(view)):
            assert type(getattr(view, field.name)) is type(getattr(expected, field.name))
        assert view.to_dict() == expected.to_dict()
        assert repr(view) == repr(expected)


CLUE_PLAYERS = [("Harry", "Ron", "Hermione"), ("Ann", "Ben", "Cid", "Dee")]


@pytest.mark.parametrize("seed", range(24))
def test_clue_views_equal_the_slow_views_random_bots(seed: int) -> None:
    players = CLUE_PLAYERS[seed % 2]
    game = clue.new_game(list(players), seed=seed)
    bots = {p: clue.RandomBot(seed * 10 + i) for i, p in enumerate(players)}
    count = 0
    for state in states(game, bots, 400):
        check_every_view(state, slow_clue_view, clue_view.view_for)
        assert clue_view.ask_for(state, players[0]) == slow_clue_ask(state, players[0])  # type: ignore[arg-type]
        count += 1
    assert count > 3


@pytest.mark.parametrize("seed", range(3))
def test_clue_views_equal_the_slow_views_notebook_bots(seed: int) -> None:
    players = CLUE_PLAYERS[1]
    game = clue.new_game(list(players), seed=seed)
    bots = {p: clue.NotebookBot() for p in players}
    shown = False
    for state in states(game, bots, 2000):
        check_every_view(state, slow_clue_view, clue_view.view_for)
        shown = shown or bool(state.shown)  # type: ignore[attr-defined]
    assert shown and state.is_over


@pytest.mark.parametrize("seed", range(16))
def test_adventure_views_equal_the_slow_views(seed: int) -> None:
    players = ("Harry", "Ron", "Hermione", "Neville")[: 2 + seed % 3]
    game = ad.new_game(list(players), seed=seed, max_rounds=25)
    if seed % 2:
        bots: dict[str, Any] = {p: ad.HeuristicBot() for p in players}
    else:
        bots = {p: ad.RandomBot(seed * 10 + i) for i, p in enumerate(players)}
    count = 0
    for state in states(game, bots, 3000):
        check_every_view(state, slow_adventure_view, adventure_view.view_for)
        assert adventure_view.ask_for(state) == slow_adventure_ask(state)  # type: ignore[arg-type]
        count += 1
    assert count > 10


def test_positional_builds_what_the_class_builds() -> None:
    @attrs.frozen
    class Point:
        x: int
        y: tuple[int, ...] = ()

    make = positional(Point)
    assert positional(Point) is make
    assert make(1, (2,)) == Point(1, (2,))
    assert make(1, ()) != Point(2, ())
    game = clue.new_game(["Harry", "Ron", "Hermione"], seed=1)
    view = game.view("Harry")
    values = [getattr(view, field.name) for field in attrs.fields(clue_view.ClueView)]
    assert positional(clue_view.ClueView)(*values) == clue_view.ClueView(*values) == view
