"""How ``hogwarts-rules play`` shows First Year Adventure on a terminal.

`Terminal` implements `hogwarts_rules.spec.TerminalHooks`: every line it writes
comes from one seat's `AdventureView` (the game keeps no secrets, so a view
shows every player's record, but never the dice).

Examples:
    >>> from hogwarts_rules import adventure
    >>> game = adventure.new_game(["Harry", "Ron"], seed=3)
    >>> terminal = Terminal(game)
    >>> view = game.view("Harry")
    >>> terminal.menu(view, view.legal_actions)
    ['    1. Roll for who goes first']
    >>> terminal.screen(view)[0]
    '--- First Year Adventure: you are Harry ---'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from hogwarts_rules._text import numbered, plural
from hogwarts_rules.actions import Action
from hogwarts_rules.adventure.actions import (
    ChooseHouse,
    ChooseSpace,
    DeclineTeam,
    EnterDungeon,
    GoToThirdFloor,
    JoinTeam,
    KeepRoll,
    MoveOne,
    PlayerAction,
    RollOff,
    RollToMove,
    TakeTurn,
    UseBonus,
    UseRemembrall,
)
from hogwarts_rules.adventure.board import loop_step, next_space
from hogwarts_rules.adventure.game import Player
from hogwarts_rules.adventure.layout import belongings
from hogwarts_rules.adventure.text import board_text
from hogwarts_rules.adventure.view import AdventureView
from hogwarts_rules.engine import GameBase

__all__ = ["Terminal", "status"]


def status(p: Player) -> str:
    """One player's record in one line: space, house, points, skills and belongings.

    Examples:
        >>> from hogwarts_rules import adventure
        >>> status(adventure.new_game(["Harry", "Ron"], seed=1).players["Ron"])
        'Invitation to Hogwarts; 0 house points, 0 clues; Magic 0, Flying 0, Study 0, Chess 0'
    """
    parts = [p.space.value]
    if p.house:
        parts.append(p.house)
    parts.append(f"{plural(p.house_points, 'house point')}, {plural(p.clues, 'clue')}")
    parts.append(f"Magic {p.magic}, Flying {p.flying}, Study {p.study}, Chess {p.chess}")
    things = belongings(p)  # the same words as the text board and the picture
    if p.turns_to_miss:
        things.append(f"misses {plural(p.turns_to_miss, 'turn')}")
    if things:
        parts.append(", ".join(things))
    return "; ".join(parts)


def _view(view: Any) -> AdventureView:
    if not isinstance(view, AdventureView):
        raise TypeError(f"expected an AdventureView, got {type(view).__name__}")
    return view


class Terminal:
    """First Year Adventure on a terminal, one seat's view at a time (see `TerminalHooks`)."""

    def __init__(self, game: GameBase) -> None:
        """Hooks for ``game`` (the board is the same for every game: nothing is kept)."""

    def board(self, view: Any) -> list[str]:
        """The board with every pawn (`hogwarts_rules.adventure.text.board_text`).

        Its table holds every player's record (`status` in short); the question
        awaited is left to the screen (`screen`), so that each fact is shown once.
        """
        view = _view(view)
        return board_text(attrs.evolve(view, prompt="") if view.prompt else view).splitlines()

    def screen(self, view: Any) -> list[str]:
        """Who the seat is, then what it is asked (the players' records are on the board)."""
        view = _view(view)
        seat = view.viewer
        lines = [f"--- First Year Adventure: you are {seat} ---"]
        if view.prompt:  # a question the rules ask on the way
            lines.append(view.prompt)
        elif seat is not None and seat in view.players:
            lines.append(f"Your turn: you are on {view.players[seat].space.value}.")
        return lines

    def menu(self, view: Any, actions: Sequence[Action]) -> list[str]:
        """The actions, numbered from 1."""
        lines: list[str] = []
        numbered(lines, [(i, self.describe(view, a)) for i, a in enumerate(actions, 1)])
        return lines

    def describe(self, view: Any, action: Action) -> str:
        """One action in words (the spaces it leads to, the Remembralls left...)."""
        view = _view(view)
        if isinstance(action, RollOff):
            return "Roll for who goes first"
        if not isinstance(action, PlayerAction) or action.player not in view.players:
            return str(action)
        p = view.players[action.player]
        match action:
            case TakeTurn():
                if not p.invited:
                    return "Take your turn: open your invitation to Hogwarts"
                if p.repeat_table is not None:
                    return "Take your turn: roll on the same table again"
                ahead = next_space(p.space)
                return f"Take your turn: move on to {ahead.value if ahead else 'the end'}"
            case MoveOne():
                return f"Move 1 space, to {loop_step(p.space, 1).value}"
            case RollToMove():
                return "Roll 1D6 and move that many spaces along the loop"
            case GoToThirdFloor():
                return f"Go straight to the 3rd Floor (you have {plural(p.clues, 'clue')})"
            case EnterDungeon():
                return "Enter the dungeon: face Fluffy, and on to the Sorcerer's Stone"
            case KeepRoll():
                return "Keep the roll"
            case UseRemembrall():
                return f"Use a Remembrall to roll again ({p.remembralls} left)"
            case UseBonus():
                return f"Add a stored +1 to the roll ({p.future_bonuses} left)"
            case ChooseHouse(house=house):
                return f"Join {house}"
            case JoinTeam():
                return "Join the Quidditch team (Study skill -1)"
            case DeclineTeam():
                return "Decline the place on the team (the roll counts as Remedial Lessons)"
            case ChooseSpace(space=space):
                return f"Take the secret passage to {space}"
        return str(action)  # pragma: no cover - every action of the game is listed above

    def heading(self, view: Any) -> str | None:
        """``Round N`` between actions of a round (not in the middle of one, nor at the end)."""
        view = _view(view)
        if view.prompt or not view.round or view.is_over:
            return None
        return f"Round {view.round}"

    def ending(self, view: Any) -> list[str]:
        """How the game ended, the house points and who won."""
        view = _view(view)
        outcome = view.outcome
        if outcome is None:
            return ["The game is not over."]
        winners = " and ".join("you" if w == view.viewer else w for w in outcome.winners)
        scores = ", ".join(f"{name} {points}" for name, points in outcome.scores.items())
        return [
            f"The game is over after {plural(view.round, 'round')}. {outcome.description}",
            f"House points: {scores}.",
            f"{winners[0].upper()}{winners[1:]} won." if winners else "Nobody won.",
        ]
