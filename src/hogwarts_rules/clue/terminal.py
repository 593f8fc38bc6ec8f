"""How ``hogwarts-rules play`` shows Clue on a terminal.

`Terminal` implements `hogwarts_rules.spec.TerminalHooks`. Everything it writes
comes from one seat's `ClueView` (the seat's own hand and Help cards, the cards
shown to and by it, the public table) and from the game's public content (the
board, to name a square by its walking distance to the locations). It never
sees another player's hand, the envelope before the seat may know it, a
face-down Help card of someone else, or the decks.

Examples:
    >>> from hogwarts_rules import clue
    >>> game = clue.new_game(["Ann", "Ben", "Cat"], seed=3)
    >>> terminal = Terminal(game)
    >>> view = game.view("Ann")
    >>> terminal.menu(view, view.legal_actions)
    ['    1. Deal the cards']
    >>> terminal.screen(view)[:2]
    ['--- Clue: you are Ann ---', 'Your hand: no cards yet']
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Sequence
from typing import Any, Final

from hogwarts_rules._text import grouped, listing, numbered, plural, wrap
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
from hogwarts_rules.clue.cards import BURROW
from hogwarts_rules.clue.content import Board
from hogwarts_rules.clue.game import Game
from hogwarts_rules.clue.movement import parse_position
from hogwarts_rules.clue.view import ClueView
from hogwarts_rules.engine import GameBase

__all__ = ["Terminal", "location_distances"]

_SQUARE: Final = re.compile(r"[0-9]+,[0-9]+")


def location_distances(board: Board) -> dict[str | tuple[int, int], dict[str, int]]:
    """For every position: the walking distance to each location (all doors open).

    Examples:
        >>> from hogwarts_rules.clue.content import default_content
        >>> board = default_content().board
        >>> location_distances(board)[BURROW][BURROW]
        0
    """
    result: dict[str | tuple[int, int], dict[str, int]] = {}
    for location in board.locations:
        seen: dict[str | tuple[int, int], int] = {location: 0}
        queue: deque[str | tuple[int, int]] = deque([location])
        while queue:
            here = queue.popleft()
            for there, _door in board.graph[here]:
                if there not in seen:
                    seen[there] = seen[here] + 1
                    if not isinstance(there, str):  # a move stops in a location
                        queue.append(there)
        for position, steps in seen.items():
            result.setdefault(position, {})[location] = steps
    return result


def _view(view: Any) -> ClueView:
    if not isinstance(view, ClueView):
        raise TypeError(f"expected a ClueView, got {type(view).__name__}")
    return view


def _question(view: ClueView) -> str:
    if view.prompt:
        return view.prompt
    if view.step == "roll":
        return "Your turn: roll the dice."
    if view.step == "move":
        return f"You rolled {view.green} on the green die: move."
    if view.entered == BURROW:
        return "You are in The Burrow: accuse (suspect, item, location), or end your turn."
    return f"You are in {view.entered}: suggest a suspect and an item, or end your turn."


class Terminal:
    """Clue on a terminal, one seat's view at a time (see `TerminalHooks`).

    It keeps the game's board (public: the board and its doors are on the table),
    and nothing else of the game.
    """

    def __init__(self, game: GameBase) -> None:
        """Hooks for ``game``, whose board they keep.

        Raises:
            TypeError: ``game`` is not a game of Clue.
        """
        if not isinstance(game, Game):
            raise TypeError(f"expected a game of Clue, got {type(game).__name__}")
        self._board: Board = game.content.board
        self._distances = location_distances(self._board)

    def _where(self, position: str | None) -> str:
        if position is None:
            return "not on the board yet"
        if not _SQUARE.fullmatch(position):
            return f"in {position}"
        near = self._distances.get(parse_position(position), {})
        if not near:
            return f"on square {position}"
        closest = min(near.values())
        names = " and ".join(loc for loc, steps in near.items() if steps == closest)
        return f"on square {position} ({plural(closest, 'step')} from {names})"

    def screen(self, view: Any) -> list[str]:
        """The seat's own cards, the table, the suggestions so far, and the question."""
        view = _view(view)
        me = view.seat(view.me)
        playing = f", playing {me.student}" if me.student else ""
        lines = [f"--- Clue: you are {view.player}{playing} ---"]
        if view.missing:
            lines.append(f"Missing student: {view.missing}")
        lines.extend(listing("Your hand", view.hand or ("no cards yet",)))
        help_cards = [*me.help_cards, *(f"{card} (face down)" for card in view.hidden_help)]
        if help_cards:
            lines.extend(listing("Your Help cards", help_cards))
        for refuter, card in view.shown_to_me:
            lines.append(f"{refuter} showed you {card}")
        for suggester, card in view.shown_by_me:
            lines.append(f"You showed {suggester} {card}")
        if view.envelope:
            lines.extend(listing("You looked in the envelope", view.envelope))
        lines.append("Players, in order of play:")
        for name in view.order:
            s = view.seat(name)
            who = f"{name} (you)" if name == view.player else name
            facts = [
                f"{s.student or 'no student yet'}, {self._where(s.position)}",
                f"{plural(s.hand_size, 'card')}, {s.floo} Floo powder",
            ]
            shown = list(s.help_cards)
            if s.hidden_help:
                shown.append(f"{s.hidden_help} face down")
            if shown:
                facts.append(f"Help cards: {', '.join(shown)}")
            if s.eliminated:
                facts.append("accused wrongly")
            lines.extend(wrap(f"{who}: {'; '.join(facts)}", "  ", "      "))
        if view.wheels:
            wheels = [f"{name} {notch}" for name, notch in view.wheels.items()]
            lines.extend(listing("Wheels (notch)", wheels))
        if view.closed_doors:
            lines.extend(listing("Closed doors", sorted(view.closed_doors)))
        if view.lit_fireplaces:
            lines.extend(listing("Lit fireplaces", sorted(view.lit_fireplaces)))
        if view.tokens:
            tokens = [f"{token} in {where}" for token, where in view.tokens.items()]
            lines.extend(listing("Tokens", tokens))
        if view.suggestions:
            lines.append("Suggestions so far:")
            for number, record in enumerate(view.suggestions, 1):
                said = f"{record.suspect} with the {record.item} in {record.location}"
                passed = f"{', '.join(record.passed)} had none" if record.passed else ""
                shown_by = (
                    f"{record.shown_by} showed a card" if record.shown_by else "nobody could show"
                )
                answer = "; ".join(part for part in (passed, shown_by) if part)
                lines.extend(wrap(f"{number}. {record.player}: {said} - {answer}", "  ", "      "))
        for player, suspect, item, location in view.wrong_accusations:
            lines.append(f"{player} accused {suspect} with the {item} in {location}, wrongly")
        lines.append(_question(view))
        return lines

    def menu(self, view: Any, actions: Sequence[Action]) -> list[str]:
        """The actions numbered from 1; suggestions and accusations grouped by all but one card."""
        lines: list[str] = []
        plain: list[tuple[int, str]] = []
        group: list[tuple[int, str]] = []
        header = ""

        def flush() -> None:
            if plain:
                numbered(lines, plain)
                plain.clear()
            if group:
                grouped(lines, header, group)
                group.clear()

        for number, action in enumerate(actions, 1):
            if isinstance(action, Suggest):
                key, label = f"Suggest {action.suspect} with the:", action.item
            elif isinstance(action, Accuse):
                key, label = f"Accuse {action.suspect} with the {action.item} in:", action.location
            else:
                if group:
                    flush()
                plain.append((number, self.describe(view, action)))
                continue
            if plain or key != header:
                flush()
                header = key
            group.append((number, label))
        flush()
        return lines

    def describe(self, view: Any, action: Action) -> str:
        """One action in words (a square with its distance to the nearest location...)."""
        view = _view(view)
        match action:
            case Deal():
                return "Deal the cards"
            case ChooseStudent(student=student):
                return f"Play {student}"
            case RollDice():
                return "Roll the black and the green die"
            case MoveTo(destination=destination, felix=felix, alohomoras=alohomoras):
                if not _SQUARE.fullmatch(destination):
                    text = f"Walk into {destination}"
                else:
                    text = f"Walk to {self._where(destination).removeprefix('on ')}"
                    cell = parse_position(destination)
                    if isinstance(cell, tuple) and self._board.square(cell) == "*":
                        text += ", a star square: take a Help card"
                if felix:
                    text += "; use Felix Felicis to move 7"
                if alohomoras:
                    text += f"; use {plural(alohomoras, 'Alohomora card')} on closed doors"
                return text
            case UseFireplace(destination=destination):
                return f"Travel by Floo to {destination} (1 pinch of Floo powder)"
            case StayPut():
                return "Stay where you are"
            case Suggest(suspect=suspect, item=item):
                return f"Suggest {suspect} with the {item}"
            case Accuse(suspect=suspect, item=item, location=location):
                return f"Accuse {suspect} with the {item} in {location}"
            case EndTurn():
                return "End your turn"
            case ShowCard(card=card):
                return f"Show {card}"
            case Protect(card=card):
                return f"Use {card}"
            case PayFloo(player=player):
                # The cost is in the payer's own decision: known to this view if it is theirs.
                cost = view.details.get("floo") if player == view.player else None
                return "Pay the Floo powder" if cost is None else f"Pay {cost} Floo powder"
        return str(action)  # pragma: no cover - every action of the game is listed above

    def heading(self, view: Any) -> str | None:
        """Whose turn it is, between actions (not while a decision interrupts a turn)."""
        view = _view(view)
        current = view.current_player
        # A decision in the middle of an action: the seat's own (it has a prompt), or
        # another seat's than the current player's.
        interrupted = bool(view.prompt) or view.to_act not in ((), (current,))
        if current is None or interrupted:
            return None
        return "--- Your turn ---" if current == view.player else f"--- {current}'s turn ---"

    def ending(self, view: Any) -> list[str]:
        """How the game ended, the envelope (the view holds it once the game is over), who won."""
        view = _view(view)
        description = view.outcome.description if view.outcome is not None else ""
        lines = [f"The game is over. {description}".rstrip()]
        if view.envelope:
            lines.append(f"The envelope held {', '.join(view.envelope)}.")
        lines.append("You won!" if view.winner == view.player else "You did not win this time.")
        return lines
