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
    >>> terminal.screen(view)
    ['--- Clue: you are Ann ---', 'Deal the cards to begin.']
    >>> [line for line in terminal.board(view) if "row,column" in line]
    ['  a square is named row,column (3,7: row 3, counted down the left; column 7, along the top)']
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Sequence
from typing import Any, Final

import attrs

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
from hogwarts_rules.clue.text import board_text
from hogwarts_rules.clue.view import ClueView
from hogwarts_rules.clue.vocabulary import Phase
from hogwarts_rules.engine import GameBase
from hogwarts_rules.spec import Choice

__all__ = ["Terminal", "door_words", "location_distances"]

_SIDES: Final = ("north", "south", "east", "west")


def door_words(door_id: str, location: str) -> str:
    """A door in words: ``the north door of Shrieking Shack`` (from its id's last word).

    Examples:
        >>> door_words("shack-north", "Shrieking Shack")
        'the north door of Shrieking Shack'
        >>> door_words("back", "The Burrow")
        'a door of The Burrow'
    """
    side = door_id.rsplit("-", 1)[-1].lower()
    return f"the {side} door of {location}" if side in _SIDES else f"a door of {location}"


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


def _dark_question(view: ClueView) -> str | None:
    """A Dark card's question, listing exactly the choices offered (Help cards, payment)."""
    cards = [a.card for a in view.legal_actions if isinstance(a, Protect)]
    pays = [a for a in view.legal_actions if isinstance(a, PayFloo)]
    if not pays and not cards:
        return None
    cost = view.details.get("floo")
    price = "the Floo powder" if cost is None else f"{cost} Floo powder"
    dark = view.details.get("dark_card")
    against = f" against {dark}" if isinstance(dark, str) else ""
    if not cards:
        return f"A Dark card{against}: you have no Help card against it, so pay {price}."
    help_cards = " or ".join(cards)
    return f"A Dark card{against}: use {help_cards} (it is discarded), or pay {price}?"


def _question(view: ClueView) -> str:
    if view.prompt:
        if any(isinstance(a, Protect | PayFloo) for a in view.legal_actions):
            return _dark_question(view) or view.prompt
        return view.prompt
    if view.phase == Phase.DEAL:
        return "Deal the cards to begin."
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
        self._content = game.content
        self._board: Board = game.content.board
        self._distances = location_distances(self._board)
        self._doors = {door.id: door.location for door in self._board.doors}

    def _door(self, door_id: str) -> str:
        location = self._doors.get(door_id)
        return door_id if location is None else door_words(door_id, location)

    def board(self, view: Any) -> list[str]:
        """The board as the seat sees it (`hogwarts_rules.clue.text.board_text`).

        The question awaited is left to the screen (`screen`); the legend says how a
        square is named (row, then column).
        """
        view = _view(view)
        shown = attrs.evolve(view, prompt="") if view.prompt else view
        return board_text(shown, content=self._content).splitlines()

    def choices(self, view: Any, actions: Sequence[Action]) -> list[Choice]:
        """The actions as short menus: a suggestion or an accusation card by card.

        Moves are named by the location they reach or lead towards, nearest first;
        suggestions are one entry (then the suspect, then the item), accusations one
        entry (the suspect, the item, then the location).
        """
        view = _view(view)
        moves = [a for a in actions if isinstance(a, MoveTo)]
        suggestions = [a for a in actions if isinstance(a, Suggest)]
        accusations = [a for a in actions if isinstance(a, Accuse)]
        rest = [a for a in actions if not isinstance(a, MoveTo | Suggest | Accuse)]
        entries = [Choice(self.describe(view, a), a) for a in self._by_distance(view, moves)]
        if suggestions:
            entries.append(self._suggest_menu(suggestions))
        if accusations:
            entries.append(self._accuse_menu(accusations))
        entries.extend(Choice(self.describe(view, a), a) for a in rest)
        return entries

    def _by_distance(self, view: ClueView, moves: Sequence[MoveTo]) -> list[MoveTo]:
        """Moves into a location first, then the squares nearest to a location."""

        def key(move: MoveTo) -> tuple[int, str, int, int]:
            if not _SQUARE.fullmatch(move.destination):
                return (0, move.destination, move.felix, move.alohomoras)
            closest, names = self._nearest(view, move.destination)
            return (closest, names[0] if names else "", move.felix, move.alohomoras)

        return sorted(moves, key=key)

    def _nearest(self, view: ClueView, square: str) -> tuple[int, list[str]]:
        """The walking distance from ``square`` to the nearest locations, and their names.

        The location the seat stands in is left out: a move out of it leads elsewhere.
        """
        here = view.seat(view.player).position if view.player is not None else None
        near = {
            location: steps
            for location, steps in self._distances.get(parse_position(square), {}).items()
            if location != here
        }
        if not near:
            return 99, []
        closest = min(near.values())
        return closest, [location for location, steps in near.items() if steps == closest]

    @staticmethod
    def _suggest_menu(suggestions: Sequence[Suggest]) -> Choice:
        suspects: dict[str, list[Suggest]] = {}
        for action in suggestions:
            suspects.setdefault(action.suspect, []).append(action)
        return Choice(
            "Make a suggestion (choose the suspect, then the item)",
            entries=tuple(
                Choice(
                    suspect,
                    entries=tuple(Choice(a.item, a) for a in group),
                    question=f"{suspect} with which item?",
                )
                for suspect, group in suspects.items()
            ),
            question="Which suspect?",
        )

    @staticmethod
    def _accuse_menu(accusations: Sequence[Accuse]) -> Choice:
        tree: dict[str, dict[str, list[Accuse]]] = {}
        for action in accusations:
            tree.setdefault(action.suspect, {}).setdefault(action.item, []).append(action)
        return Choice(
            "Make an accusation (the suspect, the item, then the location)",
            entries=tuple(
                Choice(
                    suspect,
                    entries=tuple(
                        Choice(
                            item,
                            entries=tuple(Choice(a.location, a) for a in group),
                            question=f"{suspect} with the {item} in which location?",
                        )
                        for item, group in items.items()
                    ),
                    question=f"{suspect} with which item?",
                )
                for suspect, items in tree.items()
            ),
            question="Accuse which suspect?",
        )

    def _towards(self, view: ClueView, square: str) -> str:
        """``Gringotts: 2 steps from it (square 3,4)``: a square by its nearest location."""
        closest, nearest = self._nearest(view, square)
        if not nearest:
            return f"square {square}"
        names = " and ".join(nearest)
        it = "it" if len(nearest) == 1 else "each"
        return f"{names}: {plural(closest, 'step')} from {it} (square {square})"

    def screen(self, view: Any) -> list[str]:
        """What the board (`board`) does not show, then the question.

        The board already shows the hand, the Help cards, the cards shown, the
        players' table, the wheels, the missing student, the last suggestion and
        the wrong accusations: the screen adds only who the seat is, how far each
        pawn on a square is from a location, the closed doors in words, the
        earlier suggestions, and the question. Each fact is shown once.
        """
        view = _view(view)
        me = view.seat(view.me)
        playing = f", playing {me.student}" if me.student else ""
        pawn = view.order.index(view.me) + 1 if view.me in view.order else None
        number = f" (pawn {pawn})" if pawn is not None and me.position is not None else ""
        lines = [f"--- Clue: you are {view.player}{playing}{number} ---"]
        near = [
            f"{'you' if s.name == view.player else s.name} {self._near(s.position)}"
            for s in (view.seat(name) for name in view.order)
            if s.position is not None and _SQUARE.fullmatch(s.position)
        ]
        if near:
            lines.extend(listing("Pawns on squares", near))
        if view.closed_doors:
            closed = [self._door(door) for door in sorted(view.closed_doors)]
            lines.extend(listing("Closed doors", closed))
        if len(view.suggestions) > 1:  # the board shows the last one
            lines.append("Earlier suggestions:")
            for number_, record in enumerate(view.suggestions[:-1], 1):
                said = f"{record.suspect} with the {record.item} in {record.location}"
                passed = f"{', '.join(record.passed)} had none" if record.passed else ""
                shown_by = (
                    f"{record.shown_by} showed a card" if record.shown_by else "nobody could show"
                )
                answer = "; ".join(part for part in (passed, shown_by) if part)
                lines.extend(wrap(f"{number_}. {record.player}: {said} - {answer}", "  ", "      "))
        lines.append(_question(view))
        return lines

    def _near(self, position: str) -> str:
        """``5 steps from Gringotts`` (the nearest locations to a square)."""
        near = self._distances.get(parse_position(position), {})
        if not near:
            return f"on square {position}"
        closest = min(near.values())
        names = " and ".join(loc for loc, steps in near.items() if steps == closest)
        return f"{plural(closest, 'step')} from {names}"

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
                    text = f"Walk towards {self._towards(view, destination)}"
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
