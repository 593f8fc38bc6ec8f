"""Play one seat of a board game against bots, in a terminal.

`run_play` is what ``hogwarts-rules play adventure|clue`` runs: a person plays one
seat, bots play the others (`adventure.HeuristicBot` in First Year Adventure,
`clue.NotebookBot` in Clue). Whenever the person must decide, the screen shows what
that seat may see and the legal actions, numbered; the person types a number or a
command (``undo``, ``save FILE``, ``load FILE``, ``help``, ``quit``). Everything else
(the roll-off, the deal, the bots' moves) is applied automatically and narrated as the
person's seat sees it (`hogwarts_rules.events.events_for`).

What the screen shows, and what it never shows:

- First Year Adventure keeps no secrets: the screen shows every player's record.
- Clue shows only the person's `clue.ClueView`: their own hand and Help cards, the
  cards shown to them and by them, and the public table (positions, wheels, tokens,
  Floo powder, hand sizes, every suggestion with who passed and who showed). It never
  shows another player's hand, the envelope (until the game ends, or the person has
  looked in it after a wrong accusation), a face-down Help card of someone else, or
  the order of the decks. The full Clue game object is never printed.

A saved file is the whole game (`GameBase.to_dict`): with Clue it holds every hand,
the envelope and the dice's state. It is the person's own save; opening it in an
editor spoils the game.

Examples:
    >>> answers = iter(["help", "quit"])
    >>> lines: list[str] = []
    >>> run_play(
    ...     "adventure", seat="Ron", seed=7, players=2,
    ...     read=lambda prompt: next(answers), write=lines.append,
    ... )
    0
    >>> lines[0]
    'First Year Adventure (seed 7): you play Ron; bots play Harry. Type help for the commands.'
    >>> "  undo        take back your last decision (and the bots' moves after it)" in lines
    True
"""

from __future__ import annotations

import abc
import json
import os
import re
import textwrap
from collections import deque
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Final, Generic, TypeVar

from hogwarts_rules import adventure, clue
from hogwarts_rules.actions import Action
from hogwarts_rules.adventure.board import loop_step, next_space
from hogwarts_rules.clue.content import Board
from hogwarts_rules.clue.movement import parse_position
from hogwarts_rules.dice import CHANCE, SeededDice
from hogwarts_rules.engine import Decision, GameBase, GameRecord
from hogwarts_rules.errors import InvalidDataError, RulesError
from hogwarts_rules.events import Event, events_for

__all__ = [
    "ADVENTURE_SEATS",
    "CLUE_SEATS",
    "GAMES",
    "MAX_BOT_STEPS",
    "MAX_SAVE_BYTES",
    "ROUND_LIMIT",
    "run_play",
]

ADVENTURE_SEATS: Final = ("Harry", "Ron", "Hermione", "Neville")
"""The seats of First Year Adventure, in seat order (the first ``players`` of them play)."""

CLUE_SEATS: Final = ("Ann", "Ben", "Cat", "Dan", "Eve")
"""The seats of Clue, in seat order (the first ``players`` of them play)."""

GAMES: Final = ("adventure", "clue")
"""The games `run_play` can play."""

ROUND_LIMIT: Final = 500
"""First Year Adventure ends after this many rounds (as in the demo; never reached in practice)."""

MAX_BOT_STEPS: Final = 100_000
"""Bot moves in a row after which `run_play` gives up (exit status 1): a safety net only."""

MAX_SAVE_BYTES: Final = 10_000_000
"""``load`` refuses files larger than this (a saved game is a few hundred kilobytes at most)."""

_SPECTATOR: Final = "<table>"  # no player has this name: events as a spectator sees them
_CONTROL: Final = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")  # all but tab and newline

_WIDTH: Final = 100
_NUMBER = re.compile(r"[+-]?[0-9]+")
_SQUARE = re.compile(r"[0-9]+,[0-9]+")

G = TypeVar("G", bound=GameBase)


def _plural(count: int, noun: str) -> str:
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def _wrap(text: str, indent: str, hanging: str) -> list[str]:
    return textwrap.wrap(
        text,
        width=_WIDTH,
        initial_indent=indent,
        subsequent_indent=hanging,
        break_on_hyphens=False,
        break_long_words=False,
    )


class _Table(abc.ABC, Generic[G]):
    """What the play loop needs to know about one game (internal)."""

    title: str
    game_class: type[G]
    seat_names: tuple[str, ...]
    minimum: int
    maximum: int

    @abc.abstractmethod
    def new(self, names: Sequence[str], seed: int) -> G:
        """A new seeded game."""

    @abc.abstractmethod
    def players(self, game: G) -> tuple[str, ...]:
        """The players of ``game``, in seat order."""

    @abc.abstractmethod
    def seeded(self, game: G) -> bool:
        """True when ``game`` was started with seeded dice (the only dice `run_play` rolls)."""

    @abc.abstractmethod
    def bot_action(self, game: G, who: str) -> Action:
        """The action a bot takes for ``who`` (or for the table, when nobody must act)."""

    @abc.abstractmethod
    def options(self, game: G, seat: str) -> tuple[Action, ...]:
        """The actions ``seat`` may choose now."""

    @abc.abstractmethod
    def screen(self, game: G, seat: str) -> list[str]:
        """What ``seat`` may see, and what is being decided."""

    @abc.abstractmethod
    def menu(self, game: G, seat: str, actions: Sequence[Action]) -> list[str]:
        """The actions, numbered from 1 in the order of ``actions``."""

    @abc.abstractmethod
    def describe(self, game: G, action: Action) -> str:
        """One action in words."""

    @abc.abstractmethod
    def heading(self, game: G, seat: str) -> str | None:
        """A heading to print when it changes (a new round, a new turn), if any."""

    @abc.abstractmethod
    def ending(self, game: G, seat: str) -> list[str]:
        """The outcome of a finished game, as ``seat`` sees it."""


def _numbered(lines: list[str], actions: Sequence[tuple[int, str]]) -> None:
    for number, text in actions:
        lines.extend(_wrap(text, f"  {number:>3}. ", " " * 7))


def _fill(first: str, entries: Sequence[str], separator: str, hanging: str) -> list[str]:
    """``first`` then the entries, wrapped between entries (never inside one)."""
    lines: list[str] = []
    line = first
    for index, entry in enumerate(entries):
        piece = entry + (separator if index < len(entries) - 1 else "")
        if len(line) + len(piece) > _WIDTH and line.strip() and line != first:
            lines.append(line.rstrip())
            line = hanging
        line += piece
    lines.append(line.rstrip())
    return lines


def _listing(label: str, entries: Sequence[str], indent: str = "") -> list[str]:
    """``label: a, b, c``, wrapped between entries."""
    return _fill(f"{indent}{label}: ", entries, ", ", indent + "  ")


def _grouped(lines: list[str], header: str, choices: Sequence[tuple[int, str]]) -> None:
    """Actions that differ in one word: ``header   1. a  2. b``, wrapped between entries."""
    entries = [f"{number}. {label}" for number, label in choices]
    lines.extend(_fill(f"  {header}   ", entries, "  ", " " * 6))


# ----- First Year Adventure ----------------------------------------------------------------


class _Adventure(_Table[adventure.Game]):
    title = "First Year Adventure"
    game_class = adventure.Game
    seat_names = ADVENTURE_SEATS
    minimum, maximum = 2, 4

    def __init__(self) -> None:
        self._bot = adventure.HeuristicBot()

    def new(self, names: Sequence[str], seed: int) -> adventure.Game:
        return adventure.new_game(names, seed=seed, max_rounds=ROUND_LIMIT)

    def players(self, game: adventure.Game) -> tuple[str, ...]:
        return game.setup.players

    def seeded(self, game: adventure.Game) -> bool:
        return isinstance(game.setup.dice, SeededDice)

    def bot_action(self, game: adventure.Game, who: str) -> Action:
        return self._bot.choose(game.view(who), who, game.legal_actions())

    def options(self, game: adventure.Game, seat: str) -> tuple[Action, ...]:
        return game.legal_actions(seat)

    def screen(self, game: adventure.Game, seat: str) -> list[str]:
        lines = [f"--- First Year Adventure: you are {seat} ---"]
        for name in game.order or game.setup.players:
            player = game.players[name]
            who = f"{name} (you)" if name == seat else name
            lines.extend(_wrap(f"{who}: {self._status(player)}", "  ", "      "))
        me = game.players[seat]
        request = game.awaiting
        if isinstance(request, Decision):
            lines.append(request.prompt)
        else:
            lines.append(f"Your turn: you are on {me.space.value}.")
        return lines

    @staticmethod
    def _status(p: adventure.Player) -> str:
        parts = [p.space.value]
        if p.house:
            parts.append(p.house)
        parts.append(f"{_plural(p.house_points, 'house point')}, {_plural(p.clues, 'clue')}")
        parts.append(f"Magic {p.magic}, Flying {p.flying}, Study {p.study}, Chess {p.chess}")
        things: list[str] = []
        if p.wizards_mark:
            things.append("the Wizard's Mark")
        if p.wand:
            things.append(f"wand: {p.wand}")
        if p.familiar:
            things.append(f"familiar: {p.familiar}")
        counted = (
            (p.chocolate_frogs, "Chocolate Frog"),
            (p.beans, "Every Flavour Bean"),
            (p.sweaters, "sweater"),
            (p.remembralls, "Remembrall"),
            (p.future_bonuses, "stored +1"),
        )
        things.extend(_plural(count, noun) for count, noun in counted if count)
        if p.cloak:
            things.append("the Cloak of Invisibility")
        if p.nimbus:
            things.append("a Nimbus 2000")
        if p.on_team:
            things.append("on the Quidditch team")
        if p.fluffys_secret:
            things.append("knows Fluffy's secret")
        if p.plant_lore:
            things.append("knows plant lore")
        if p.mirror_turns:
            things.append(f"before the Mirror for {_plural(p.mirror_turns, 'more turn')}")
        if p.turns_to_miss:
            things.append(f"misses {_plural(p.turns_to_miss, 'turn')}")
        if things:
            parts.append(", ".join(things))
        return "; ".join(parts)

    def menu(self, game: adventure.Game, seat: str, actions: Sequence[Action]) -> list[str]:
        lines: list[str] = []
        _numbered(lines, [(i, self.describe(game, a)) for i, a in enumerate(actions, 1)])
        return lines

    def describe(self, game: adventure.Game, action: Action) -> str:
        if isinstance(action, adventure.RollOff):
            return "Roll for who goes first"
        if not isinstance(action, adventure.PlayerAction):
            return str(action)  # pragma: no cover - every action of the game is a PlayerAction
        p = game.players[action.player]
        match action:
            case adventure.TakeTurn():
                if not p.invited:
                    return "Take your turn: open your invitation to Hogwarts"
                if p.repeat_table is not None:
                    return "Take your turn: roll on the same table again"
                ahead = next_space(p.space)
                return f"Take your turn: move on to {ahead.value if ahead else 'the end'}"
            case adventure.MoveOne():
                return f"Move 1 space, to {loop_step(p.space, 1).value}"
            case adventure.RollToMove():
                return "Roll 1D6 and move that many spaces along the loop"
            case adventure.GoToThirdFloor():
                return f"Go straight to the 3rd Floor (you have {_plural(p.clues, 'clue')})"
            case adventure.EnterDungeon():
                return "Enter the dungeon: face Fluffy, and on to the Sorcerer's Stone"
            case adventure.KeepRoll():
                return "Keep the roll"
            case adventure.UseRemembrall():
                return f"Use a Remembrall to roll again ({p.remembralls} left)"
            case adventure.UseBonus():
                return f"Add a stored +1 to the roll ({p.future_bonuses} left)"
            case adventure.ChooseHouse(house=house):
                return f"Join {house}"
            case adventure.JoinTeam():
                return "Join the Quidditch team (Study skill -1)"
            case adventure.DeclineTeam():
                return "Decline the place on the team (the roll counts as Remedial Lessons)"
            case adventure.ChooseSpace(space=space):
                return f"Take the secret passage to {space}"
        return str(action)  # pragma: no cover - every action of the game is listed above

    def heading(self, game: adventure.Game, seat: str) -> str | None:
        if game.pending is not None or not game.round or game.is_over:
            return None
        return f"Round {game.round}"

    def ending(self, game: adventure.Game, seat: str) -> list[str]:
        outcome = game.outcome
        assert outcome is not None
        winners = " and ".join("you" if w == seat else w for w in outcome.winners)
        scores = ", ".join(f"{name} {points}" for name, points in outcome.scores.items())
        return [
            f"The game is over after {_plural(game.round, 'round')}. {outcome.description}",
            f"House points: {scores}.",
            f"{winners[0].upper()}{winners[1:]} won." if winners else "Nobody won.",
        ]


# ----- Clue -----------------------------------------------------------------------------------


def _location_distances(board: Board) -> dict[str | tuple[int, int], dict[str, int]]:
    """For every position: the walking distance to each location (all doors open)."""
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


class _Clue(_Table[clue.Game]):
    title = "Clue"
    game_class = clue.Game
    seat_names = CLUE_SEATS
    minimum, maximum = 3, 5

    def __init__(self) -> None:
        self._board: Board | None = None
        self._bot = clue.NotebookBot()
        self._distances: dict[str | tuple[int, int], dict[str, int]] = {}

    def _use_board(self, game: clue.Game) -> Board:
        board = game.content.board  # public: the board and its doors are on the table
        if board is not self._board:
            self._board = board
            self._bot = clue.NotebookBot(board)
            self._distances = _location_distances(board)
        return board

    def new(self, names: Sequence[str], seed: int) -> clue.Game:
        return clue.new_game(names, seed=seed)

    def players(self, game: clue.Game) -> tuple[str, ...]:
        return game.setup.players

    def seeded(self, game: clue.Game) -> bool:
        return isinstance(game.setup.dice, SeededDice)

    def bot_action(self, game: clue.Game, who: str) -> Action:
        self._use_board(game)
        view = game.view(who)  # a bot sees only its own player's view
        return self._bot.choose(view, who, view.legal_actions)

    def options(self, game: clue.Game, seat: str) -> tuple[Action, ...]:
        return game.view(seat).legal_actions

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
        return f"on square {position} ({_plural(closest, 'step')} from {names})"

    def screen(self, game: clue.Game, seat: str) -> list[str]:
        self._use_board(game)
        return self._screen(game.view(seat))

    def _screen(self, view: clue.ClueView) -> list[str]:
        """Everything on the screen comes from the seat's view, nothing from the game."""
        me = view.seat(view.me)
        playing = f", playing {me.student}" if me.student else ""
        lines = [f"--- Clue: you are {view.player}{playing} ---"]
        if view.missing:
            lines.append(f"Missing student: {view.missing}")
        lines.extend(_listing("Your hand", view.hand or ("no cards yet",)))
        help_cards = [*me.help_cards, *(f"{card} (face down)" for card in view.hidden_help)]
        if help_cards:
            lines.extend(_listing("Your Help cards", help_cards))
        for refuter, card in view.shown_to_me:
            lines.append(f"{refuter} showed you {card}")
        for suggester, card in view.shown_by_me:
            lines.append(f"You showed {suggester} {card}")
        if view.envelope:
            lines.extend(_listing("You looked in the envelope", view.envelope))
        lines.append("Players, in order of play:")
        for name in view.order:
            s = view.seat(name)
            who = f"{name} (you)" if name == view.player else name
            facts = [
                f"{s.student or 'no student yet'}, {self._where(s.position)}",
                f"{_plural(s.hand_size, 'card')}, {s.floo} Floo powder",
            ]
            shown = list(s.help_cards)
            if s.hidden_help:
                shown.append(f"{s.hidden_help} face down")
            if shown:
                facts.append(f"Help cards: {', '.join(shown)}")
            if s.eliminated:
                facts.append("accused wrongly")
            lines.extend(_wrap(f"{who}: {'; '.join(facts)}", "  ", "      "))
        if view.wheels:
            wheels = [f"{name} {notch}" for name, notch in view.wheels.items()]
            lines.extend(_listing("Wheels (notch)", wheels))
        if view.closed_doors:
            lines.extend(_listing("Closed doors", sorted(view.closed_doors)))
        if view.lit_fireplaces:
            lines.extend(_listing("Lit fireplaces", sorted(view.lit_fireplaces)))
        if view.tokens:
            tokens = [f"{token} in {where}" for token, where in view.tokens.items()]
            lines.extend(_listing("Tokens", tokens))
        if view.suggestions:
            lines.append("Suggestions so far:")
            for number, record in enumerate(view.suggestions, 1):
                said = f"{record.suspect} with the {record.item} in {record.location}"
                passed = f"{', '.join(record.passed)} had none" if record.passed else ""
                shown_by = (
                    f"{record.shown_by} showed a card" if record.shown_by else "nobody could show"
                )
                answer = "; ".join(part for part in (passed, shown_by) if part)
                lines.extend(_wrap(f"{number}. {record.player}: {said} - {answer}", "  ", "      "))
        for player, suspect, item, location in view.wrong_accusations:
            lines.append(f"{player} accused {suspect} with the {item} in {location}, wrongly")
        lines.append(self._question(view))
        return lines

    @staticmethod
    def _question(view: clue.ClueView) -> str:
        if view.prompt:
            return view.prompt
        if view.step == "roll":
            return "Your turn: roll the dice."
        if view.step == "move":
            return f"You rolled {view.green} on the green die: move."
        if view.entered == clue.BURROW:
            return "You are in The Burrow: accuse (suspect, item, location), or end your turn."
        return f"You are in {view.entered}: suggest a suspect and an item, or end your turn."

    def menu(self, game: clue.Game, seat: str, actions: Sequence[Action]) -> list[str]:
        lines: list[str] = []
        plain: list[tuple[int, str]] = []
        group: list[tuple[int, str]] = []
        header = ""

        def flush() -> None:
            if plain:
                _numbered(lines, plain)
                plain.clear()
            if group:
                _grouped(lines, header, group)
                group.clear()

        for number, action in enumerate(actions, 1):
            if isinstance(action, clue.Suggest):
                key, label = f"Suggest {action.suspect} with the:", action.item
            elif isinstance(action, clue.Accuse):
                key, label = f"Accuse {action.suspect} with the {action.item} in:", action.location
            else:
                if group:
                    flush()
                plain.append((number, self.describe(game, action)))
                continue
            if plain or key != header:
                flush()
                header = key
            group.append((number, label))
        flush()
        return lines

    def describe(self, game: clue.Game, action: Action) -> str:
        match action:
            case clue.Deal():
                return "Deal the cards"
            case clue.ChooseStudent(student=student):
                return f"Play {student}"
            case clue.RollDice():
                return "Roll the black and the green die"
            case clue.MoveTo(destination=destination, felix=felix, alohomoras=alohomoras):
                board = self._use_board(game)
                if not _SQUARE.fullmatch(destination):
                    text = f"Walk into {destination}"
                else:
                    text = f"Walk to {self._where(destination).removeprefix('on ')}"
                    cell = parse_position(destination)
                    if isinstance(cell, tuple) and board.square(cell) == "*":
                        text += ", a star square: take a Help card"
                if felix:
                    text += "; use Felix Felicis to move 7"
                if alohomoras:
                    text += f"; use {_plural(alohomoras, 'Alohomora card')} on closed doors"
                return text
            case clue.UseFireplace(destination=destination):
                return f"Travel by Floo to {destination} (1 pinch of Floo powder)"
            case clue.StayPut():
                return "Stay where you are"
            case clue.Suggest(suspect=suspect, item=item):
                return f"Suggest {suspect} with the {item}"
            case clue.Accuse(suspect=suspect, item=item, location=location):
                return f"Accuse {suspect} with the {item} in {location}"
            case clue.EndTurn():
                return "End your turn"
            case clue.ShowCard(card=card):
                return f"Show {card}"
            case clue.Protect(card=card):
                return f"Use {card}"
            case clue.PayFloo(player=player):
                cost = game.view(player).details.get("floo")  # the payer's own decision
                return "Pay the Floo powder" if cost is None else f"Pay {cost} Floo powder"
        return str(action)  # pragma: no cover - every action of the game is listed above

    def heading(self, game: clue.Game, seat: str) -> str | None:
        current = game.current_player
        if current is None or game.pending is not None:
            return None
        return "--- Your turn ---" if current == seat else f"--- {current}'s turn ---"

    def ending(self, game: clue.Game, seat: str) -> list[str]:
        outcome = game.outcome
        assert outcome is not None
        view = game.view(seat)  # once the game is over, the view holds the envelope
        lines = [f"The game is over. {outcome.description}"]
        if view.envelope:
            lines.append(f"The envelope held {', '.join(view.envelope)}.")
        lines.append("You won!" if view.winner == seat else "You did not win this time.")
        return lines


_HELP: Final = (
    "Type the number of an action, or one of these commands:",
    "  undo        take back your last decision (and the bots' moves after it)",
    "  save FILE   save the game as JSON (the whole game, secrets and dice included:",
    "              it is your own save, so do not peek at it)",
    "  load FILE   load a game saved with save (the same game; your seat must be in it)",
    "  help        show this help",
    "  quit        stop playing (save first if you want to go on later)",
)


class _Stop(Exception):
    """Internal: the person quit, or the input ended."""


class _Session(Generic[G]):
    """One person's game against bots (internal; see `run_play`)."""

    def __init__(
        self,
        table: _Table[G],
        game: G,
        seat: str,
        read: Callable[[str], str],
        write: Callable[[str], None],
    ) -> None:
        self.table = table
        self.game = game
        self.seat = seat
        self.read = read
        # Content text (a custom board's card texts) may hold terminal control codes:
        # never send them to the person's terminal.
        self.write: Callable[[str], None] = lambda line: write(_CONTROL.sub("?", line))
        self._heading: str | None = None

    def run(self) -> int:
        """Play to the end, or until the person quits or the input ends."""
        while True:
            if not self._advance():
                self.write(f"The bots made {MAX_BOT_STEPS} moves in a row; giving up.")
                return 1
            if self.game.is_over:
                for line in self.table.ending(self.game, self.seat):
                    self.write(line)
                return 0
            self._headline()
            for line in self.table.screen(self.game, self.seat):
                self.write(line)
            actions = self.table.options(self.game, self.seat)
            for line in self.table.menu(self.game, self.seat, actions):
                self.write(line)
            try:
                chosen = self._ask(actions)
            except _Stop:
                return 0
            if chosen is not None:
                self._apply(chosen)

    # ----- applying actions -----------------------------------------------------------------

    def _headline(self) -> None:
        heading = self.table.heading(self.game, self.seat)
        if heading is not None and heading != self._heading:
            self._heading = heading
            self.write(heading)

    def _apply(self, action: Action) -> None:
        self._headline()
        self.game, events = self.game.apply(action)
        self._narrate(events)

    def _narrate(self, events: Iterable[Event]) -> None:
        for event in events_for(events, self.seat):
            self.write(f"  {event.description}")

    def _advance(self) -> bool:
        """Let the bots play until the person must decide or the game ends (False: gave up)."""
        steps = 0
        while not self.game.is_over and self.seat not in self.game.to_act:
            if steps == MAX_BOT_STEPS:
                return False
            game = self.game
            # Seeded dice never wait for an external roll (loaded games are checked).
            assert CHANCE not in game.to_act
            who = game.to_act[0] if game.to_act else self.table.players(game)[0]
            self._apply(self.table.bot_action(game, who))
            steps += 1
        return True

    # ----- the prompt -----------------------------------------------------------------------

    def _ask(self, actions: Sequence[Action]) -> Action | None:
        """Read until the person picks an action (returned) or changes the game (``None``).

        Raises:
            _Stop: the person quit, or the input ended.
        """
        count = len(actions)
        prompt = f"Your choice ({'1' if count == 1 else f'1-{count}'}, or help): "
        expected = "1" if count == 1 else f"a number from 1 to {count}"
        while True:
            try:
                line = self.read(prompt)
            except EOFError:
                self.write("")
                self.write("End of input: stopping.")
                raise _Stop from None
            except UnicodeDecodeError:
                self.write("That line is not UTF-8 text: type it again.")
                continue
            text = line.strip()
            if _NUMBER.fullmatch(text) and len(text) <= 9:
                number = int(text)
                if 1 <= number <= count:
                    return actions[number - 1]
                self.write(f"There is no choice {number}: type {expected}.")
                continue
            word, argument = (*text.split(maxsplit=1), "", "")[:2]
            word = word.lower()
            if not word:
                self.write(f"Type {expected}, or help for the commands.")
            elif word in ("help", "?") and not argument:
                for help_line in _HELP:
                    self.write(help_line)
            elif word in ("quit", "exit") and not argument:
                self.write("Goodbye.")
                raise _Stop
            elif word == "undo" and not argument:
                if self._undo():
                    return None
            elif word in ("save", "load"):
                if not argument:
                    self.write(f"Say which file: {word} FILE")
                elif word == "save":
                    self._save(argument)
                elif self._load(argument):
                    return None
            elif word in ("help", "?", "quit", "exit", "undo"):
                self.write(f"{word} takes no argument.")
            else:
                shown = text if len(text) <= 40 else text[:37] + "..."
                self.write(f"Unknown command {shown!r}: type {expected}, or help for the commands.")

    # ----- commands -------------------------------------------------------------------------

    def _undo(self) -> bool:
        """Go back to the person's previous decision, rebuilt by replaying the history."""
        game = self.game
        start = game.replay(GameRecord(game.KIND, game.record.setup, ()))
        previous: tuple[G, Action] | None = None
        revealed = False  # did something private reach the person after `previous`?
        replayed = start
        for action in game.history:
            if self.seat in replayed.to_act:
                previous = (replayed, action)
                revealed = False
            replayed, events = replayed.apply(action)
            revealed = revealed or any(
                event.seen_by(self.seat) != event.seen_by(_SPECTATOR) for event in events
            )
        if previous is None:
            self.write("Nothing to undo: this is your first decision.")
            return False
        if revealed:
            # Ruling: a take-back must not be a peek. Once the move showed this seat
            # something private (a card, the envelope), it stands.
            self.write(
                "That move showed you something only you may see (a card or the "
                "envelope): it cannot be taken back."
            )
            return False
        self.game, taken_back = previous
        self._heading = None
        self.write(f"Taken back: {self.table.describe(self.game, taken_back)}.")
        return True

    @staticmethod
    def _path(argument: str) -> Path:
        if len(argument) >= 2 and argument[0] == argument[-1] and argument[0] in "'\"":
            argument = argument[1:-1]
        return Path(argument).expanduser()

    def _save(self, argument: str) -> None:
        path = self._path(argument)
        try:
            text = json.dumps(self.game.to_dict(), indent=1, ensure_ascii=False) + "\n"
            partial = path.with_name(path.name + ".partial")
            partial.write_text(text, encoding="utf-8")
            os.replace(partial, path)  # never half a save under the real name
        except OSError as exc:
            self.write(f"Could not save to {argument}: {exc.strerror or exc}.")
        except ValueError as exc:  # a NUL or an unencodable character in the name
            self.write(f"Could not save to {argument!r}: not a usable file name ({exc}).")
        except RulesError as exc:
            self.write(f"Could not save: {exc.message}.")
        else:
            self.write(
                f"Saved to {argument}. The file holds the whole game, secrets included: "
                "it is your own save, do not peek."
            )

    def _load(self, argument: str) -> bool:
        path = self._path(argument)
        kind = self.table.game_class.KIND
        try:
            if not path.exists():
                self.write(f"Could not load {argument}: No such file or directory.")
                return False
            if not path.is_file():  # no directories, devices or pipes
                self.write(f"Could not load {argument}: not a saved game file.")
                return False
            with path.open("rb") as handle:
                raw = handle.read(MAX_SAVE_BYTES + 1)
            if len(raw) > MAX_SAVE_BYTES:
                self.write(f"Could not load {argument}: the file is too large for a saved game.")
                return False
            data = json.loads(raw.decode("utf-8"))
        except OSError as exc:
            self.write(f"Could not load {argument}: {exc.strerror or exc}.")
            return False
        except UnicodeDecodeError:
            self.write(f"Could not load {argument}: it is not a text file.")
            return False
        except (ValueError, RecursionError) as exc:
            self.write(f"Could not load {argument}: it is not valid JSON ({exc}).")
            return False
        if isinstance(data, dict) and isinstance(data.get("game"), str) and data["game"] != kind:
            self.write(
                f"Could not load {argument}: it is a saved {data['game'][:40]!r} game, "
                f"and this is {self.table.title} ({kind!r})."
            )
            return False
        try:
            loaded = self.table.game_class.from_dict(data)
        except InvalidDataError as exc:
            self.write(f"Could not load {argument}: not a valid saved game ({exc.message}).")
            return False
        except RecursionError:
            self.write(f"Could not load {argument}: not a valid saved game (nested too deeply).")
            return False
        if not self.table.seeded(loaded):
            self.write(f"Could not load {argument}: only games with seeded dice can be played.")
            return False
        seats = self.table.players(loaded)
        if self.seat not in seats:
            self.write(
                f"Could not load {argument}: you play {self.seat}, and its players are "
                f"{', '.join(seats)}."
            )
            return False
        self.game = loaded
        self._heading = None
        self.write(f"Loaded {argument}.")
        return True


def run_play(
    game: str,
    *,
    seat: str | None,
    seed: int,
    players: int,
    read: Callable[[str], str] = input,
    write: Callable[[str], None] = print,
    error: Callable[[str], None] | None = None,
) -> int:
    """Let a person play one seat of a game against bots; return the exit status.

    The game starts from ``seed``; set-up steps nobody decides (the roll-off, the deal)
    and the bots' moves are applied automatically and narrated as ``seat`` sees them.
    At each of the person's decisions the screen shows what the seat may see (in Clue,
    only `clue.Game.view`; never another player's hand, the envelope before the end, a
    face-down Help card or the decks), then the legal actions numbered from 1, then
    the prompt ``Your choice (1-N, or help): ``. The person answers with a number or
    a command:

    - ``undo``: back to the person's previous decision. The game is rebuilt by
      replaying its history from the set-up up to that decision, so the bots' moves
      after it are taken back too; the seeded dice roll the same again.
    - ``save FILE``: write ``game.to_dict()`` as JSON. The file is the whole game,
      the other players' secrets and the dice's state included: it is the person's
      own save. A file that cannot be written is reported, and the prompt comes back.
    - ``load FILE``: read such a file with the game's ``from_dict`` (which replays
      and checks it). A missing file, malformed JSON, a file of another game, a
      game with other than seeded dice, or one without the person's seat is
      reported, and the game goes on unchanged.
    - ``help`` (or ``?``), ``quit`` (or ``exit``).

    Anything else (not a number, a number out of range, an empty line, an unknown
    command) is answered with a message and the same prompt, never a traceback.

    Args:
        game: ``"adventure"`` (First Year Adventure) or ``"clue"``.
        seat: the person's seat, by name, in any case (`ADVENTURE_SEATS` or
            `CLUE_SEATS`, the first ``players`` of them); the first seat when ``None``.
        seed: the dice's seed, from 0 to 2**64 - 1.
        players: how many play, bots included: 2-4 for adventure, 3-5 for clue.
        read: asks for one line of input, showing the prompt it is given (`input`).
            Raising `EOFError` ends the game cleanly (exit status 0);
            `KeyboardInterrupt` is not caught: it propagates to the caller (the
            command line reports it).
        write: shows one line of output (`print`).
        error: shows a start-up error (`write` when ``None``); the command line
            passes one that writes to standard error.

    Returns:
        0 when the game ended, or the person quit or closed the input; 2 for a bad
        argument (an unknown game or seat, a bad player count or seed), after an
        error message; 1 if the bots made `MAX_BOT_STEPS` moves in a row.
    """
    say_error = write if error is None else error
    if game == "adventure":
        return _play(_Adventure(), seat, seed, players, read, write, say_error)
    if game == "clue":
        return _play(_Clue(), seat, seed, players, read, write, say_error)
    say_error(f"error: unknown game {str(game)[:40]!r} (choose from {', '.join(GAMES)})")
    return 2


def _play(
    table: _Table[G],
    seat: str | None,
    seed: int,
    players: int,
    read: Callable[[str], str],
    write: Callable[[str], None],
    say_error: Callable[[str], None],
) -> int:
    """Check the arguments, start the game and play it (see `run_play`)."""
    if type(players) is not int or not table.minimum <= players <= table.maximum:
        say_error(
            f"error: {table.title} is for {table.minimum} to {table.maximum} players, not {players}"
        )
        return 2
    names = table.seat_names[:players]
    matching = [
        name
        for name in names
        if seat is None or (isinstance(seat, str) and name.casefold() == seat.casefold())
    ]
    if not matching:
        say_error(
            f"error: there is no seat called {str(seat)[:40]!r} (the seats are {', '.join(names)})"
        )
        return 2
    chosen = matching[0]
    try:
        start = table.new(names, seed)
    except RulesError as exc:
        say_error(f"error: {exc.message}")
        return 2
    bots = ", ".join(name for name in names if name != chosen)
    write(
        f"{table.title} (seed {seed}): you play {chosen}; bots play {bots}. "
        "Type help for the commands."
    )
    return _Session(table, start, chosen, read, write).run()
