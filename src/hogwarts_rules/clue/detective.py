"""A detective bot for Clue that plays from the exact deduction engine.

`DetectiveBot` sees only its player's `ClueView`, like the other bots. From the
view it builds a `Notebook` (`Notebook.from_view`: its hand, every pass, every card
shown to it, every card someone else showed, every wrong accusation) and solves it
exactly (`Notebook.solve`), once per change of what it knows. Then:

- it walks towards the locations worth most for its next suggestion (see
  `DetectiveBot.location_value`), or towards The Burrow once it is ready to accuse;
- it suggests the suspect and item that `Deduction.best_suggestion` ranks first;
- in The Burrow it accuses when the solution is certain, or when the most likely
  envelope is at least ``threshold`` likely (1 by default: only when certain);
- as a refuter it shows a card the suggester has already seen from it if it can,
  else a location (the largest category, so the card teaches least), else the
  first card offered;
- every other decision is made as `NotebookBot` makes it.

Examples:
    >>> from hogwarts_rules import clue
    >>> game = clue.new_game(["Ann", "Ben", "Cat"], seed=3)
    >>> bots = {"Ann": DetectiveBot(), "Ben": clue.NotebookBot(), "Cat": clue.NotebookBot()}
    >>> final = clue.play_out(game, bots)
    >>> final.is_over
    True
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from hogwarts_rules.actions import Action
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
from hogwarts_rules.clue.bots import _distances
from hogwarts_rules.clue.cards import BURROW, LOCATIONS, category_of
from hogwarts_rules.clue.content import Board
from hogwarts_rules.clue.deduction import Deduction, Notebook
from hogwarts_rules.clue.movement import Position, parse_position
from hogwarts_rules.clue.view import ClueView

__all__ = ["DetectiveBot"]

_Key = tuple[int, tuple[str, ...], tuple[tuple[str, str], ...], int, tuple[str, ...]]


class DetectiveBot:
    """A detective that plays from exact probabilities, seeing only its player's view.

    Args:
        board: the game's board (the default board if ``None``).
        threshold: accuse once the most likely envelope is at least this likely (1, the
            default, accuses only when the solution is certain; lower values gamble).
        step_cost: how much a location's value (in bits) is discounted per square of
            walking to it, when choosing where to go.
    """

    def __init__(
        self,
        board: Board | None = None,
        *,
        threshold: Fraction | float = 1,
        step_cost: float = 0.05,
        value: str = "suggestion",
    ) -> None:
        from hogwarts_rules.clue.content import default_content

        if not 0 < threshold <= 1:
            raise ValueError("threshold must be in (0, 1]")
        self.threshold = threshold
        self.step_cost = step_cost
        self.value = value
        self._board = board or default_content().board
        self._distance_cache: dict[str, dict[Position, int]] = {}
        self._solved: dict[str, tuple[_Key, Deduction]] = {}

    # ----- what the bot knows ----------------------------------------------------------------

    def deduction(self, view: ClueView) -> Deduction:
        """The exact deduction from ``view`` (solved again only when the view says more).

        Knowledge only grows with new suggestions, cards shown, wrong accusations or a
        look in the envelope, so those key the cache (one entry per player).
        """
        key: _Key = (
            len(view.suggestions),
            view.hand,
            view.shown_to_me,
            len(view.wrong_accusations),
            view.envelope,
        )
        cached = self._solved.get(view.player)
        if cached is not None and cached[0] == key:
            return cached[1]
        result = Notebook.from_view(view).solve()
        self._solved[view.player] = (key, result)
        return result

    def accusation(self, view: ClueView) -> tuple[str, ...] | None:
        """The envelope to accuse, once the bot is ready; else ``None``.

        Ready means: the solution is certain, or the most likely envelope's probability
        is at least ``threshold``.
        """
        deduction = self.deduction(view)
        solution = deduction.solution
        if solution is not None:
            return solution
        triple, probability = deduction.best_accusation()
        return triple if probability >= self.threshold else None

    def location_value(self, deduction: Deduction, location: str) -> float:
        """How much a suggestion in ``location`` is worth now (in bits).

        The value of the best suggestion there (`Deduction.suggestion_value` of
        `Deduction.best_suggestion`).
        """
        if self.value == "envelope":
            return float(deduction.envelope_probability(location))
        suspect, item = deduction.best_suggestion(location)
        return deduction.suggestion_value(suspect, item, location)

    # ----- choosing --------------------------------------------------------------------------

    def choose(self, view: ClueView, actions: Sequence[Action]) -> Action:
        """Pick one of ``actions`` (never empty), seeing only ``view`` (see `Bot.choose`)."""
        first = actions[0]
        if isinstance(first, Deal | RollDice | ChooseStudent):
            return first
        if isinstance(first, ShowCard):
            return self._show(view, actions)
        if isinstance(first, Protect | PayFloo):
            return first if view.seat(view.player).floo <= 4 else actions[-1]
        accusation = self.accusation(view)
        accusations = [a for a in actions if isinstance(a, Accuse)]
        if accusations and accusation is not None:
            suspect, item, location = accusation
            wanted = Accuse(view.player, suspect, item, location)
            if wanted in accusations:
                return wanted
        suggestions = [a for a in actions if isinstance(a, Suggest)]
        if suggestions and view.entered is not None and self.deduction(view).solution is None:
            suspect, item = self.deduction(view).best_suggestion(view.entered)
            wanted_suggestion = Suggest(view.player, suspect, item)
            if wanted_suggestion in suggestions:
                return wanted_suggestion
        moves = [a for a in actions if isinstance(a, MoveTo | UseFireplace | StayPut)]
        if moves:
            return self._move(view, moves, ready=accusation is not None)
        for action in actions:
            if isinstance(action, EndTurn):
                return action
        return first

    def _distance(self, target: str, position: Position) -> int:
        table = self._distance_cache.get(target)
        if table is None:
            table = self._distance_cache[target] = _distances(self._board, target)
        return table.get(position, 999)

    def _move(self, view: ClueView, moves: Sequence[Action], *, ready: bool) -> Action:
        here = view.seat(view.player).position
        if ready:
            values = {BURROW: 100.0}
        else:
            deduction = self.deduction(view)
            values = {loc: self.location_value(deduction, loc) for loc in LOCATIONS}

        def score(action: Action) -> tuple[float, int]:
            if isinstance(action, StayPut):
                position: Position = parse_position(here) if here else ""
                cards = 0
                penalty = 1
            else:
                position = parse_position(action.destination)  # type: ignore[attr-defined]
                cards = int(action.felix) + action.alohomoras if isinstance(action, MoveTo) else 0
                penalty = 0
            best = max(
                value - self.step_cost * (self._distance(loc, position) + penalty)
                for loc, value in values.items()
            )
            return (-best, cards)

        return min(moves, key=score)

    def _show(self, view: ClueView, actions: Sequence[Action]) -> Action:
        suggester = view.current_player
        to_them = {card for who, card in view.shown_by_me if who == suggester}
        to_anyone = {card for _, card in view.shown_by_me}

        def rank(action: Action) -> tuple[bool, bool, bool]:
            card = getattr(action, "card", "")
            return (
                card not in to_them,
                category_of(card) != "location",
                card not in to_anyone,
            )

        return min(actions, key=rank)
