"""Bots for Clue: a random bot and a notebook bot.

Bots see only a player's `ClueView` (never the full game) and choose among the
legal actions it lists. The notebook bot keeps the simplest detective notebook:
every card it holds or has been shown is not in the envelope; it suggests cards it
has not seen, and accuses in The Burrow once one card of each category is left.
A smarter notebook can be plugged in through `NotebookBot.candidates`.

Examples:
    >>> from hogwarts_rules import clue
    >>> game = clue.new_game(["Ann", "Ben", "Cat"], seed=3)
    >>> bots = {name: clue.NotebookBot() for name in ("Ann", "Ben", "Cat")}
    >>> final = clue.play_out(game, bots)
    >>> final.is_over
    True
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from hogwarts_rules.actions import Action
from hogwarts_rules.bots import Bot as _Bot
from hogwarts_rules.bots import RandomBot as _RandomBot
from hogwarts_rules.bots import play_out as _play_out
from hogwarts_rules.clue.actions import (
    Accuse,
    ChooseStudent,
    Deal,
    EndTurn,
    MoveTo,
    PayFloo,
    Protect,
    RollDice,
    ShowCard,
    StayPut,
    Suggest,
    UseFireplace,
)
from hogwarts_rules.clue.cards import BURROW, CATEGORIES, ITEMS, LOCATIONS, SUSPECTS, category_of
from hogwarts_rules.clue.content import Board
from hogwarts_rules.clue.movement import Position, parse_position, remember

if TYPE_CHECKING:  # bots see views only: neither module is needed to run them
    from hogwarts_rules.clue.game import Game
    from hogwarts_rules.clue.view import ClueView

__all__ = ["Bot", "NotebookBot", "RandomBot", "play_out"]


Bot = _Bot
"""The one bot contract of every game (`hogwarts_rules.bots.Bot`); kept here for old imports."""

RandomBot = _RandomBot
"""`hogwarts_rules.bots.RandomBot`, kept here for old imports."""


def _distances(board: Board, target: str) -> Mapping[Position, int]:
    """Steps from every square (and location) to ``target``, all doors open.

    Computed once per board and target and kept with the board, so that every bot
    of every game on that board shares it (read-only).
    """
    memo = board._memo
    key = ("distances", target)
    found: Mapping[Position, int] | None = memo.get(key)
    if found is None:
        found = _walk_distances(board, target)
        remember(memo, key, found)
    return found


def _nearest(board: Board, targets: tuple[str, ...]) -> Mapping[Position, int]:
    """Steps from every position to the nearest of ``targets`` (all doors open).

    The least of the `_distances` to each target, for every position one of them
    reaches (the others are 999 away: ``.get(position, 999)``); computed once per
    board and targets and kept with the board, so that every bot shares it.
    """
    memo = board._memo
    key = ("nearest", targets)
    found: dict[Position, int] | None = memo.get(key)
    if found is None:
        found = {}
        for target in targets:
            for position, steps in _distances(board, target).items():
                if steps < found.get(position, 999):
                    found[position] = steps
        remember(memo, key, found)
    return found


@functools.lru_cache(maxsize=4096)
def _position(name: str) -> Position:
    """`parse_position`, remembered (the bots read the same destinations again and again)."""
    return parse_position(name)


def _walk_distances(board: Board, target: str) -> dict[Position, int]:
    """Breadth-first from ``target`` over the board's graph; only squares are walked on."""
    graph = board.graph
    result: dict[Position, int] = {target: 0}
    frontier: list[Position] = [target]
    distance = 0
    while frontier:
        distance += 1
        following: list[Position] = []
        for here in frontier:
            for there, _ in graph[here]:
                if there not in result:
                    result[there] = distance
                    if not isinstance(there, str):  # a location is an end, never a way through
                        following.append(there)
        frontier = following
    return result


def _custom_board(board: Board) -> str:
    """``"board=<custom board>, "`` in a bot's repr when it plays on another board, else ``""``."""
    from hogwarts_rules.clue.content import default_content

    return "" if board == default_content().board else "board=<custom board>, "


class NotebookBot:
    """A sensible detective that only uses what its player may know."""

    def __init__(self, board: Board | None = None) -> None:
        """Create a bot; ``board`` is the game's board (the default board if ``None``)."""
        from hogwarts_rules.clue.content import default_content

        self._board = board or default_content().board
        self._distance_cache: dict[str, Mapping[Position, int]] = {}
        # The nearest of some targets, by targets then position (see `_nearest`).
        self._nearest: dict[tuple[str, ...], Mapping[Position, int]] = {}

    def __repr__(self) -> str:
        return f"NotebookBot({_custom_board(self._board).rstrip(', ')})"

    def candidates(self, view: ClueView) -> dict[str, list[str]]:
        """The cards of each category that may still be in the envelope."""
        seen = set(view.hand) | {card for _, card in view.shown_to_me}
        left = {kind: [c for c in cards if c not in seen] for kind, cards in CATEGORIES.items()}
        # Our own suggestion that nobody could refute: the cards we lack are in the envelope.
        for record in view.suggestions:
            if record.player == view.me and record.shown_by is None:
                for card in (record.suspect, record.item, record.location):
                    if card not in view.hand:
                        left[category_of(card)] = [card]
        return left

    def _distance(self, target: str, position: Position) -> int:
        table = self._distance_cache.get(target)
        if table is None:
            table = self._distance_cache[target] = _distances(self._board, target)
        return table.get(position, 999)

    def choose(self, view: ClueView, seat: str, actions: Sequence[Action]) -> Action:
        """See `Bot.choose`."""
        first = actions[0]
        if isinstance(first, Deal | RollDice | ChooseStudent):
            return first
        if isinstance(first, ShowCard):
            return self._show(view, actions)
        if isinstance(first, Protect | PayFloo):
            return first if view.seat(view.me).floo <= 4 else actions[-1]
        candidates = self.candidates(view)
        solved = all(len(cards) == 1 for cards in candidates.values())
        accusations = [a for a in actions if isinstance(a, Accuse)]
        if accusations and solved:
            suspect, item, location = (candidates[k][0] for k in ("suspect", "item", "location"))
            wanted = Accuse(view.me, suspect, item, location)
            if wanted in accusations:
                return wanted
        suggestions = [a for a in actions if isinstance(a, Suggest)]
        if suggestions:
            suspect = self._pick(candidates["suspect"], SUSPECTS, view)
            item = self._pick(candidates["item"], ITEMS, view)
            return Suggest(view.me, suspect, item)
        moves = [a for a in actions if isinstance(a, MoveTo | UseFireplace | StayPut)]
        if moves:
            targets: list[str] = (
                [BURROW] if solved else [loc for loc in LOCATIONS if loc in candidates["location"]]
            )
            if not targets:
                targets = [str(loc) for loc in LOCATIONS]
            return self._nearest_move(moves, targets, view)
        for action in actions:
            if isinstance(action, EndTurn):
                return action
        return first

    def _pick(self, left: list[str], every: tuple[str, ...], view: ClueView) -> str:
        # Ask about an unseen card; rotate through them by the number of suggestions made.
        pool = left or list(every)
        return pool[len(view.suggestions) % len(pool)]

    def _nearest_move(self, moves: Sequence[Action], targets: list[str], view: ClueView) -> Action:
        """``min(moves, key=lambda a: self._score(a, targets, view))``, in one plain pass."""
        key = tuple(targets)
        nearest = self._nearest.get(key)
        if nearest is None:
            nearest = self._nearest[key] = _nearest(self._board, key)
        wanted = set(targets)
        chosen = moves[0]
        best: tuple[int, int] | None = None
        for action in moves:
            if isinstance(action, MoveTo | UseFireplace):
                position = _position(action.destination)
                if position in wanted:
                    score = (0, 0)
                else:
                    cards = isinstance(action, MoveTo) and (action.felix or action.alohomoras)
                    score = (nearest.get(position, 999), 1 if cards else 0)
            else:
                score = self._score(action, targets, view)
            if best is None or score < best:
                best, chosen = score, action
        return chosen

    def _score(self, action: Action, targets: list[str], view: ClueView) -> tuple[int, int]:
        if isinstance(action, StayPut):
            here = view.seat(view.me).position
            position: Position = parse_position(here) if here else ""
            extra = 1
        else:
            position = _position(action.destination)  # type: ignore[attr-defined]
            extra = 0
        if position in targets:
            return (0, extra)
        key = tuple(targets)
        nearest = self._nearest.get(key)
        if nearest is None:
            nearest = self._nearest[key] = _nearest(self._board, key)
        best = nearest.get(position, 999)
        return (
            best,
            extra
            + (1 if isinstance(action, MoveTo) and (action.felix or action.alohomoras) else 0),
        )

    def _show(self, view: ClueView, actions: Sequence[Action]) -> Action:
        # Prefer a card this suggester has already been shown: it tells them nothing new.
        already = {card for suggester, card in view.shown_by_me}
        for action in actions:
            if isinstance(action, ShowCard) and action.card in already:
                return action
        return actions[0]


def play_out(game: Game, bots: Mapping[str, Bot], *, max_steps: int = 20_000) -> Game:
    """Let bots play ``game`` to the end (or ``max_steps`` actions) and return it.

    `hogwarts_rules.bots.play_out` with Clue's step limit; each bot sees only its
    player's view.
    """
    return _play_out(game, bots, max_steps=max_steps)
