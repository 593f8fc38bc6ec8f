"""Play one seat of a game against bots, in a terminal.

`run_play` is what ``hogwarts-rules play GAME`` runs: a person plays one seat,
the game's default bot (the first of `GameSpec.bots`: First Year Adventure's
heuristic bot, Clue's notebook bot) plays each of the others. It reaches the
game only through the catalogue and its `GameSpec`, so any game of the
catalogue that has bots can be played, a game of another package included.

Whenever the person must decide, the screen shows what that seat may see and the
legal actions, numbered; the person types a number or a command (``undo``,
``save FILE``, ``load FILE``, ``help``, ``quit``). Everything else (the roll-off,
the deal, the bots' moves) is applied automatically and narrated as the person's
seat sees it (`hogwarts_rules.events.events_for`).

What the screen shows: only the person's seat's view (``game.view(seat)``), drawn
by the game's `TerminalHooks` (`GameSpec.terminal`). A view never holds another
seat's secret or the dice, so neither does the screen: in Clue it never shows
another player's hand, the envelope (until the game ends, or the person has
looked in it after a wrong accusation), a face-down Help card of someone else,
or the order of the decks. A game without terminal hooks is still playable: the
screen then lists the fields of the seat's ``view.to_dict()``, each action is its
``to_dict()`` in one line, and the ending is the game's outcome.

Take-backs are fair (`hogwarts_rules.takeback`): ``undo`` takes back the person's
last decision with `GameBase.takeback` only while nothing happened since but their
own choices (no roll, no draw, nothing shown, nobody else asked to decide), and so
does ``load`` of a save of a game played in the session at an earlier point. A
take-back is never a way to ask the same question twice or to learn the future.

**Practice mode** (``run_play(..., practice=True)``, ``hogwarts-rules play GAME
--practice``) applies `Practice` right after the game is created, and says so. Then
``undo`` goes back to the person's previous decision even across rolls, draws, cards
shown and the bots' moves, as long as the point reached awaits no decision or roll
(the core decides, with the same `GameBase.takeback`); a take-back the fair rule
would refuse re-keys the dice (the game that comes back ends with a `Rekey`), and
the person is told that what comes next differs, never the new seed. ``load`` of
an earlier save of the game follows the same rule, and re-keys the same way.

The seed is the host's secret: a fresh one is drawn unless one is given, and it is
said only when the game is over (for a replay). Nothing shown during the game holds
the seed or the dice's state.

A saved file is the whole game (`GameBase.to_dict`): with Clue it holds every hand,
the envelope, the seed and the dice's state. It is the person's own save; opening
it in an editor spoils the game. ``save`` writes only a regular file (it never
writes through a symlink, into a FIFO or a device), and replaces it atomically.

Examples:
    >>> answers = iter(["help", "quit"])
    >>> lines: list[str] = []
    >>> run_play(
    ...     "adventure", seat="Ron", seed=7, players=2,
    ...     read=lambda prompt: next(answers), write=lines.append,
    ... )
    0
    >>> lines[0]
    'First Year Adventure: you play Ron; bots play Harry. Type help for the commands.'
    >>> "  undo        take back your last decision, if nothing was rolled, drawn or shown" in lines
    True

A game without bots is run from its game master's console, when its terminal
hooks have one (Hufflepuff & Ravenclaw):

    >>> answers = iter(["test Sky mischief bravery", "quit"])
    >>> lines = []
    >>> run_play("hr", seed=1, read=lambda prompt: next(answers), write=lines.append)
    0
    >>> lines[0]
    'Hufflepuff & Ravenclaw: you are the game master of Sky, Weasley. Type help for the commands.'
    >>> for line in lines[10:12]:
    ...     print(line)
    Sky tests Bravery + Mischief: TN 3 (Bravery 3, Mischief 0)
    Chance of success: 15% without Youth; 100% spending up to 7 Youth (expected 2.9 spent).
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import secrets
import stat
import tempfile
from collections import deque
from collections.abc import Callable, Iterable, Mapping, Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any, Final

from hogwarts_rules._text import numbered, plural, wrap
from hogwarts_rules.actions import Action, Practice, Rekey
from hogwarts_rules.bots import Bot, deciding_seat, seat_actions
from hogwarts_rules.catalogue import UnknownGameError, find_game, games
from hogwarts_rules.dice import SeededDice, seed_to_string
from hogwarts_rules.engine import GameBase, Outcome
from hogwarts_rules.errors import InvalidDataError, RulesError
from hogwarts_rules.events import DiceRekeyed, Event, events_for
from hogwarts_rules.frontends.terminal import (
    INSTALL_HINT,
    Display,
    RichDisplay,
    completing_reader,
    fancy_available,
    is_terminal,
)
from hogwarts_rules.notation import format_action, parse_action
from hogwarts_rules.spec import Choice, GameMasterConsole, GameSpec, TerminalHooks
from hogwarts_rules.takeback import steps_since_decision, take_back_problem

__all__ = [
    "LOG_LINES",
    "MAX_BOT_STEPS",
    "MAX_IDLE_LINES",
    "MAX_LINE",
    "MAX_LOG",
    "MAX_SAVE_BYTES",
    "ROUND_LIMIT",
    "GenericTerminal",
    "notebook_lines",
    "playable",
    "run_play",
]

ROUND_LIMIT: Final = 500
"""The round limit of a game whose spec declares a ``max_rounds`` option, unless options are given.

First Year Adventure's games end long before (bots' games take 90-120 rounds): the
limit only makes sure that every game ends.
"""

MAX_BOT_STEPS: Final = 100_000
"""Bot moves in a row (or single choices taken for the person in a row) after which
`run_play` gives up (exit status 1): a safety net only."""

MAX_SAVE_BYTES: Final = 10_000_000
"""``load`` refuses files larger than this (a saved game is a few hundred kilobytes at most)."""

MAX_LINE: Final = 2_000
"""The longest line of input read (a longer one is refused, and asked again)."""

MAX_LOG: Final = 5_000
"""The most lines ``log`` keeps (the oldest are dropped first)."""

MAX_IDLE_LINES: Final = 10_000
"""Lines read in a row without a decision (commands, errors) after which `run_play` stops."""

LOG_LINES: Final = 40
"""How many lines ``log`` shows unless told (``log N``, ``log all``)."""

MAX_VALUE_TEXT: Final = 300
"""`GenericTerminal` shows at most this many characters of one field of a view or an action."""

_CONTROL: Final = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")  # all but tab and newline
_NUMBER: Final = re.compile(r"[+-]?[0-9]+")
_UNREADABLE: Final = object()  # a saved game file that could not be read
_NOT_NOW: Final = "that is not one of your choices now"

_COMMANDS: Final = ("help", "undo", "save ", "load ", "log", "notebook", "board", "back", "quit")
_CONSOLE_COMMANDS: Final = ("help", "board", "log", "undo", "save ", "load ", "quit")
_CONSOLE_HELP: Final = (
    "  board                        draw the scene again",
    "  log                          what happened so far (log N, log all)",
    "  undo                         take back the last action, if nothing was rolled since",
    "  save FILE                    save the scene as JSON",
    "  load FILE                    go on with a scene saved with save (an earlier point of",
    "                               this scene loads only if nothing was rolled since)",
    "  quit                         stop (save first to go on later, with load)",
)
_NOTATION_HELP: Final = (
    "You may also type a move as the game's notation writes it (Tab completes it with "
    "the terminal extra)."
)
_HELP: Final = (
    "Type the number of an action, or one of these commands:",
    "  board       draw the board again",
    "  log         what you were told so far (log N: the last N lines; log all)",
    "  notebook    what you can deduce: certain cards with reasons, the odds of the rest",
    "  back        in a short menu (a suspect, then an item...): the question before",
    "  undo        take back your last decision, if nothing was rolled, drawn or shown",
    "              since and nobody else was asked to decide (in practice mode: any",
    "              decision, and then the dice are re-keyed)",
    "  save FILE   save the game as JSON (the whole game, secrets, seed and dice included:",
    "              it is your own save, so do not peek at it)",
    "  load FILE   load a game saved with save (your seat must be in it); an earlier",
    "              point of this game loads only when undo could go back there",
    "  help        show this help",
    "  quit        stop playing (save first if you want to go on later)",
)


def playable(spec: GameSpec) -> bool:
    """True when `run_play` can play ``spec``'s game: it has bots, or a game master's console.

    A game without bots is played from its game master's console, when its
    terminal hooks build one (Hufflepuff & Ravenclaw's: see `TerminalHooks`).

    Examples:
        >>> from hogwarts_rules import find_game
        >>> playable(find_game("clue")), playable(find_game("hr"))
        (True, True)
    """
    if spec.bots:
        return True
    try:
        game = spec.new_game(seed=0)
    except RulesError:
        return False
    return _console(spec, game) is not None


def _console(spec: GameSpec, game: GameBase) -> tuple[TerminalHooks, GameMasterConsole] | None:
    """The game's terminal hooks and game master's console, if its hooks build one.

    Only a game of perfect information has one: its game master reads every event.
    """
    if spec.terminal is None or not spec.perfect_information:
        return None
    hooks = spec.terminal(game)
    build = getattr(hooks, "console", None)
    if not callable(build):
        return None
    console: GameMasterConsole = build(game)
    return hooks, console


# ----- a game without terminal hooks ------------------------------------------------------


def _compact(value: object) -> str:
    """A JSON value in one line (a string as it is), cut to `MAX_VALUE_TEXT` characters."""
    if isinstance(value, str):
        text = value
    else:
        try:
            text = json.dumps(value, ensure_ascii=False, separators=(", ", ": "), default=str)
        except (TypeError, ValueError, RecursionError):
            text = repr(value)
    return text if len(text) <= MAX_VALUE_TEXT else text[: MAX_VALUE_TEXT - 3] + "..."


def _empty(value: object) -> bool:
    return value is None or (isinstance(value, str | list | dict | tuple) and not value)


class GenericTerminal:
    """`TerminalHooks` for a game whose spec has none: the view's and actions' own data.

    The screen lists the fields of the seat's ``view.to_dict()`` (but the legal
    actions, which are the menu, and empty fields), one line each; its last line
    is the view's ``prompt`` when it has one. An action is its ``to_dict()``: the
    type tag, then its fields. Nothing comes from the game, only from views.

    Examples:
        >>> from hogwarts_rules import find_game
        >>> game = find_game("adventure").new_game(2, seed=1)
        >>> terminal = GenericTerminal("First Year Adventure")
        >>> view = game.view("Harry")
        >>> terminal.menu(view, view.legal_actions)
        ['    1. adventure.roll_off']
        >>> terminal.screen(view)[0]
        '--- First Year Adventure: you are Harry ---'
    """

    def __init__(self, title: str) -> None:
        """Hooks for a game called ``title``."""
        self.title = title

    def screen(self, view: Any) -> list[str]:
        """The fields of ``view.to_dict()``, one a line, then the prompt."""
        data = view.to_dict()
        lines = [f"--- {self.title}: you are {view.viewer} ---"]
        prompt = data.get("prompt")
        for key, value in data.items():
            if key in ("viewer", "legal_actions", "prompt") or _empty(value):
                continue
            label = str(key).replace("_", " ")
            lines.extend(wrap(f"{label}: {_compact(value)}", "  ", "      "))
        lines.append(prompt if isinstance(prompt, str) and prompt else "Your move:")
        return lines

    def describe(self, view: Any, action: Action) -> str:
        """``type (field value, ...)``, from ``action.to_dict()``."""
        data = dict(action.to_dict())
        kind = str(data.pop("type", type(action).__name__))
        fields = ", ".join(f"{str(k).replace('_', ' ')} {_compact(v)}" for k, v in data.items())
        return f"{kind} ({fields})" if fields else kind

    def menu(self, view: Any, actions: Sequence[Action]) -> list[str]:
        """The actions, numbered from 1."""
        lines: list[str] = []
        numbered(lines, [(i, self.describe(view, a)) for i, a in enumerate(actions, 1)])
        return lines

    def heading(self, view: Any) -> str | None:
        """No headings."""
        return None

    def ending(self, view: Any) -> list[str]:
        """The view's ``outcome`` field, if it has one (`run_play` uses the game's outcome)."""
        outcome = view.to_dict().get("outcome")
        return ["The game is over."] if _empty(outcome) else [f"The game is over: {outcome}."]

    @staticmethod
    def outcome_lines(outcome: Outcome | None, seat: str) -> list[str]:
        """How the game ended, the scores and who won, from the game's outcome."""
        if outcome is None:
            return ["The game is over."]
        lines = [f"The game is over. {outcome.description}".rstrip()]
        if outcome.scores:
            scores = ", ".join(f"{name} {points}" for name, points in outcome.scores.items())
            lines.append(f"Scores: {scores}.")
        winners = " and ".join("you" if w == seat else w for w in outcome.winners)
        lines.append(f"{winners[0].upper()}{winners[1:]} won." if winners else "Nobody won.")
        return lines


# ----- the session ---------------------------------------------------------------------------


class _Stop(Exception):
    """Internal: the person quit, or the input ended."""


def _safe(line: str) -> str:
    """``line`` with every control character but tab and newline replaced by ``?``."""
    return _CONTROL.sub("?", line)


def _seeded(game: GameBase) -> bool:
    """True when ``game`` rolls seeded dice (the only dice `run_play` plays with)."""
    return isinstance(game.dice, SeededDice)


def _choices(hooks: TerminalHooks, view: Any, actions: Sequence[Action]) -> list[Choice] | None:
    """The hooks' menu of short menus, or ``None`` when they have none (or a wrong one)."""
    build = getattr(hooks, "choices", None)
    if not callable(build):
        return None
    entries = list(build(view, actions))
    offered = [action for entry in entries for action in entry.actions()]
    if len(offered) != len(actions) or set(offered) != set(actions):
        return None  # a menu that loses or invents an action: the flat list is used
    return entries


def _percent(value: object) -> str:
    """A probability (a float, or a fraction in a string) as a whole percentage."""
    try:
        number = float(Fraction(value)) if isinstance(value, str) else float(str(value))
    except (ValueError, ZeroDivisionError):
        return "?"
    if 0 < number < 0.005:
        return "<1%"
    if 0.995 <= number < 1:
        return ">99%"
    return f"{number:.0%}"


def notebook_lines(report: Mapping[str, Any], seat: str) -> list[str]:
    """A seat's notebook (`GameSpec.notebook`) as lines: certainties with reasons, then odds.

    Examples:
        >>> report = {"dealt": True, "solution": None, "certain": [
        ...     {"card": "Scabior", "place": "Ben", "reasons": ["Ben showed me Scabior"]}],
        ...     "cards": [{"card": "Stupefy", "category": "item", "envelope": "1/2",
        ...                "holders": {"Ann": 0.0, "Ben": 0.5}}]}
        >>> for line in notebook_lines(report, "Ann"):
        ...     print(line)
        Your notebook (exact: every deal that fits what you have seen counts the same):
        Certain:
          Scabior: Ben (Ben showed me Scabior)
        Not yet certain, the chance of each place:
          item                      envelope      Ben
          Stupefy                        50%      50%
    """
    if not report.get("dealt"):
        return ["Your notebook is empty: the cards are not dealt yet."]
    lines = ["Your notebook (exact: every deal that fits what you have seen counts the same):"]
    solution = report.get("solution")
    if isinstance(solution, list) and solution:
        lines.append(f"Solved: the envelope holds {', '.join(map(str, solution))}.")
    certain = [entry for entry in report.get("certain", ()) if isinstance(entry, Mapping)]
    if certain:
        lines.append("Certain:")
        for entry in certain:
            place = str(entry.get("place"))
            said = [str(reason) for reason in entry.get("reasons", ())]
            mine = [reason for reason in said if reason.endswith("(my hand)")]
            if place == seat and mine:
                where, said = "in your hand", [r for r in said if r not in mine]
            else:
                where = "you" if place == seat else place
            reasons = "; ".join(said)
            text = f"{entry.get('card')}: {where}" + (f" ({reasons})" if reasons else "")
            lines.extend(wrap(text, "  ", "      "))
    known = {str(entry.get("card")) for entry in certain}
    open_cards = [
        entry
        for entry in report.get("cards", ())
        if isinstance(entry, Mapping) and str(entry.get("card")) not in known
    ]
    if open_cards:
        holders = [name for name in open_cards[0].get("holders", {}) if name != seat]
        lines.append("Not yet certain, the chance of each place:")
        category = None
        for entry in open_cards:
            if entry.get("category") != category:
                category = entry.get("category")
                columns = "".join(f"{name[:8]:>9}" for name in holders)
                lines.append(f"  {str(category)[:24]:<24}  envelope{columns}")
            odds = entry.get("holders", {})
            cells = "".join(f"{_percent(odds.get(name, 0)):>9}" for name in holders)
            card = str(entry.get("card"))[:24]
            lines.append(f"  {card:<24}{_percent(entry.get('envelope')):>10}{cells}")
    return lines


class _Lines:
    """The person's lines: bounded in length (`MAX_LINE`) and in number without a decision.

    `MAX_IDLE_LINES` lines in a row that decide nothing (commands, mistakes) end the
    session, as the end of the input does: a script that never decides stops.
    """

    def __init__(self, read: Callable[[str], str], write: Callable[[str], None]) -> None:
        self._read = read
        self._write = write
        self.idle = 0

    def read(self, prompt: str) -> str:
        """One line of at most `MAX_LINE` characters.

        Raises:
            _Stop: the input ended, or `MAX_IDLE_LINES` lines decided nothing.
        """
        while True:
            if self.idle >= MAX_IDLE_LINES:
                self._write(f"{MAX_IDLE_LINES} lines without a decision: stopping.")
                raise _Stop
            self.idle += 1
            try:
                line = self._read(prompt)
            except EOFError:
                self._write("")
                self._write("End of input: stopping.")
                raise _Stop from None
            except UnicodeDecodeError:
                self._write("That line is not UTF-8 text: type it again.")
                continue
            if not isinstance(line, str):
                self._write("That line is not text: type it again.")
                continue
            if len(line) > MAX_LINE:
                self._write(f"That line is too long (over {MAX_LINE} characters): type it again.")
                continue
            return line


class _Session:
    """One person's game against bots (internal; see `run_play`)."""

    def __init__(
        self,
        spec: GameSpec,
        game: GameBase,
        seat: str,
        *,
        bot: str,
        bot_seed: int,
        read: Callable[[str], str],
        display: Display,
        take_single: bool = True,
        short_menus: bool = True,
    ) -> None:
        self.spec = spec
        self.short_menus = short_menus
        self.seat = seat
        self.bot = bot
        self.bot_seed = bot_seed
        self.read = read
        self.display = display
        self.take_single = take_single
        # Content text (a custom board's card texts) may hold terminal control codes:
        # never send them to the person's terminal.
        self.write: Callable[[str], None] = lambda line: display.say(_safe(line))
        self.lines = _Lines(read, self.write)
        self._heading: str | None = None
        self.game = game
        self.hooks: TerminalHooks = GenericTerminal(spec.title)
        self.bots: dict[str, Bot] = {}
        # The games of other set-ups played earlier in this session (left by a load),
        # each as it was left: loading one of them again at an earlier point is a
        # take-back too, so loading another game in between opens no back door.
        self._left: list[GameBase] = []
        # What the seat was told so far (the ``log`` command), the last MAX_LOG lines.
        self._log: deque[str] = deque(maxlen=MAX_LOG)
        # After a take-back or a load, the next decision is asked even when it is the
        # only one (so that ``undo`` can go further back).
        self._hold = False
        # The words the completing reader offers (commands, then legal actions).
        self.words: list[str] = list(_COMMANDS)
        self._start(game)

    def _start(self, game: GameBase) -> None:
        """Play ``game`` from now on: its terminal hooks, and a bot for each other seat."""
        self.game = game
        self._heading = None
        if self.spec.terminal is not None:
            self.hooks = self.spec.terminal(game)
        self.bots = {
            name: self.spec.make_bot(self.bot, game, seed=self.bot_seed + index)
            for index, name in enumerate(game.seat_names)
            if name != self.seat
        }

    def run(self) -> int:
        """Play to the end, or until the person quits or the input ends."""
        taken = 0  # single choices taken in a row (a safety net, as `MAX_BOT_STEPS`)
        while True:
            problem = self._advance()
            if problem is not None:
                self.write(problem)
                return 1
            if self.game.is_over:
                for line in self._ending():
                    self.write(line)
                self.write(self._seed_line())
                return 0
            self._headline()
            view = self.game.view(self.seat)
            actions = seat_actions(self.game, self.seat)
            if self.take_single and len(actions) == 1 and not self._hold:
                if taken == MAX_BOT_STEPS:
                    self.write(f"Your only choice was taken {taken} times in a row; giving up.")
                    return 1
                taken += 1
                label = self.hooks.describe(view, actions[0])
                self._tell(f"Only one choice: {label} (taken).")
                self._apply(actions[0])
                continue
            taken = 0
            self._hold = False
            self._board()
            self.display.screen([_safe(line) for line in self.hooks.screen(view)])
            tree = _choices(self.hooks, view, actions) if self.short_menus else None
            if tree is None:
                self.display.menu([_safe(line) for line in self.hooks.menu(view, actions)])
            else:
                self._show_entries(tree)
            try:
                chosen = self._ask(actions, tree)
            except _Stop:
                return 0
            self.lines.idle = 0
            if chosen is not None:
                self._apply(chosen)

    def _tell(self, line: str) -> None:
        """Say ``line`` and keep it in the log."""
        self._log.append(line)
        self.write(line)

    def _board(self) -> None:
        """Draw the board as the seat sees it, if the game's hooks can."""
        draw = getattr(self.hooks, "board", None)
        if callable(draw):
            view = self.game.view(self.seat)
            lines = [_safe(line) for line in draw(view)]
            if lines:
                self.display.board(lines, f"{self.spec.title}: {self.seat}")

    def _show_entries(self, entries: Sequence[Choice], question: str = "") -> None:
        lines: list[str] = [_safe(question)] if question else []
        numbered(lines, [(i, _safe(entry.label)) for i, entry in enumerate(entries, 1)])
        self.display.menu(lines)

    def _ending(self) -> list[str]:
        if self.spec.terminal is None:
            return GenericTerminal.outcome_lines(self.game.outcome, self.seat)
        return self.hooks.ending(self.game.view(self.seat))

    def _seed_line(self) -> str:
        """The seed, said once the game is over (see `_seed_text`)."""
        return _seed_text(self.game, self.bot_seed)

    # ----- applying actions -----------------------------------------------------------------

    def _headline(self) -> None:
        heading = self.hooks.heading(self.game.view(self.seat))
        if heading is not None and heading != self._heading:
            self._heading = heading
            self._log.append(heading)
            self.display.heading(_safe(heading))

    def _apply(self, action: Action) -> None:
        self._headline()
        self.game, events = self.game.apply(action)
        self._narrate(events)

    def _narrate(self, events: Iterable[Event]) -> None:
        for event in events_for(events, self.seat):
            line = f"  {event.description}"
            self._log.append(line)
            self.display.event(_safe(line))

    def _advance(self) -> str | None:
        """Let the bots play until the person must decide or the game ends.

        Returns:
            ``None``, or why the game cannot go on (a line for the person).
        """
        steps = 0
        while not self.game.is_over and self.seat not in self.game.to_act:
            game = self.game
            who = deciding_seat(game, tuple(self.bots))
            if who is None:
                if seat_actions(game, self.seat):  # nobody must act, but the person may
                    return None
                return "Nobody can move, and the game is not over: stopping."
            if steps == MAX_BOT_STEPS:
                return f"The bots made {MAX_BOT_STEPS} moves in a row; giving up."
            actions = seat_actions(game, who)
            action = self.bots[who].choose(game.view(who), who, actions)
            if action not in actions:
                return f"The bot of {who} chose an action that is not legal now; giving up."
            self._apply(action)
            steps += 1
        return None

    # ----- the prompt -----------------------------------------------------------------------

    def _notation_words(self, actions: Sequence[Action]) -> list[str]:
        """The legal actions as the game's notation writes them (for completion)."""
        if self.spec.notation is None:
            return []
        words: list[str] = []
        for action in actions:
            try:
                words.append(format_action(self.game, action))
            except RulesError:
                continue
        return words

    def _typed(self, text: str, actions: Sequence[Action]) -> Action | str:
        """The action ``text`` names in the game's notation, or why it names none of ``actions``."""
        if self.spec.notation is None and not text.startswith("{"):
            return "not a number or a command"
        try:
            action = parse_action(self.game, text, self.seat)
        except RulesError as exc:
            return exc.message
        except (RecursionError, ValueError, TypeError):
            return "not an action of this game"
        if action not in actions:
            return _NOT_NOW
        return action

    def _read(self, prompt: str) -> str:
        return self.lines.read(prompt)

    def _ask(self, actions: Sequence[Action], tree: Sequence[Choice] | None) -> Action | None:
        """Read until the person picks an action (returned) or changes the game (``None``).

        ``tree`` is the menu of short menus (or ``None``: the actions are the menu).

        Raises:
            _Stop: the person quit, or the input ended.
        """
        top: Sequence[Choice] = tree if tree is not None else [Choice("", a) for a in actions]
        path: list[Choice] = []  # the sub-menus the person went into
        self.words = [*_COMMANDS, *self._notation_words(actions)]
        while True:
            entries = path[-1].entries if path else top
            count = len(entries)
            numbers = "1" if count == 1 else f"1-{count}"
            if path:
                prompt = f"{path[-1].question or 'Which one?'} ({numbers}, or back): "
            else:
                prompt = f"Your choice ({numbers}, or help): "
            expected = "1" if count == 1 else f"a number from 1 to {count}"
            text = self._read(prompt).strip()
            if _NUMBER.fullmatch(text) and len(text) <= 9:
                number = int(text)
                if not 1 <= number <= count:
                    self.write(f"There is no choice {number}: type {expected}.")
                    continue
                entry = entries[number - 1]
                if entry.action is not None:
                    return entry.action
                path.append(entry)
                self._show_entries(entry.entries, entry.question)
                continue
            word, argument = (*text.split(maxsplit=1), "", "")[:2]
            word = word.lower()
            if not word:
                self.write(f"Type {expected}, or help for the commands.")
            elif word == "back" and not argument:
                if not path:
                    self.write("You are at the first question already.")
                    continue
                path.pop()
                above = path[-1].entries if path else top
                self._show_entries(above, path[-1].question if path else "Your choices:")
            elif word in ("help", "?") and not argument:
                for help_line in _HELP:
                    self.write(help_line)
                examples = self.words[len(_COMMANDS) :][:3]
                if examples:
                    self.write(f"{_NOTATION_HELP} Now, for example: {'; '.join(examples)}.")
            elif word in ("quit", "exit") and not argument:
                self.write("Goodbye.")
                raise _Stop
            elif word == "undo" and not argument:
                if self._undo():
                    return None
            elif word == "board" and not argument:
                self._board()
            elif word == "log":
                self._show_log(argument)
            elif word == "notebook" and not argument:
                self._notebook()
            elif word in ("save", "load"):
                if not argument:
                    self.write(f"Say which file: {word} FILE")
                elif word == "save":
                    self._save(argument)
                elif self._load(argument):
                    return None
            elif word in ("help", "?", "quit", "exit", "undo", "back", "board", "notebook"):
                self.write(f"{word} takes no argument.")
            else:
                found = self._typed(text, actions)
                if not isinstance(found, str):
                    return found
                shown = text if len(text) <= 40 else text[:37] + "..."
                if found is _NOT_NOW:
                    self.write(f"{shown!r} is not one of your choices now: type {expected}.")
                elif " action (" in found:  # not even a move's first word: no list of them
                    self.write(
                        f"Unknown command {shown!r}: type {expected}, or help for the commands."
                    )
                else:
                    self.write(
                        f"Unknown command {shown!r}: type {expected}, or help for the commands "
                        f"(as a move: {found})."
                    )

    def _show_log(self, argument: str) -> None:
        """The last lines the seat was told (``log``, ``log N``, ``log all``)."""
        if argument.lower() == "all":
            count = len(self._log)
        elif _NUMBER.fullmatch(argument) and len(argument) <= 9 and int(argument) > 0:
            count = int(argument)
        elif not argument:
            count = LOG_LINES
        else:
            self.write("Say log, log N (the last N lines) or log all.")
            return
        shown = list(self._log)[-count:]
        if not shown:
            self.write("Nothing has happened yet.")
            return
        self.write(f"What you were told, the last {plural(len(shown), 'line')}:")
        for line in shown:
            self.write(line)

    def _notebook(self) -> None:
        if self.spec.notebook is None:
            self.write(f"{self.spec.title} keeps nothing hidden: there is no notebook to show.")
            return
        report = self.spec.notebook(self.game.view(self.seat))
        for line in notebook_lines(report, self.seat):
            self.write(line)

    # ----- commands -------------------------------------------------------------------------

    def _undo(self) -> bool:
        """Take back the person's last decision, and what followed it, when that is fair.

        `GameBase.takeback` decides: nothing may have happened since but the person's
        own choices (no roll, no draw, nothing shown, nobody else asked to decide). In
        practice mode it takes back any decision (the bots' moves since included) to a
        point where no decision or roll is awaited, and then re-keys the dice.
        """
        game = self.game
        steps = steps_since_decision(game, self.seat)
        if steps is None:
            self.write("Nothing to undo: this is your first decision.")
            return False
        try:
            earlier = game.takeback(steps)
        except RulesError as exc:
            self.write(_sentence(exc.message))
            return False
        taken_back = game.history[-steps]
        self.game = earlier
        self._heading = None
        self._hold = True
        self._tell(f"Taken back: {self.hooks.describe(earlier.view(self.seat), taken_back)}.")
        if len(earlier.history) > len(game.history) - steps:  # the core re-keyed the dice
            self._narrate((DiceRekeyed(),))
        return True

    def _save(self, argument: str) -> None:
        _save_game(self.game, argument, self.write)

    def _load(self, argument: str) -> bool:
        loaded = _load_save(self.spec, argument, self.write)
        if loaded is None:
            return False
        seats = loaded.seat_names
        if self.seat not in seats:
            self.write(
                f"Could not load {argument}: you play {self.seat}, and its players are "
                f"{', '.join(seats)}."
            )
            return False
        # A save of a set-up played in this session goes back to where it and that
        # game part ways, then on along the save: fair only if that take-back is.
        known = next((game for game in (self.game, *self._left) if _same_setup(game, loaded)), None)
        rekey = False
        if known is not None:
            steps = len(known.history) - _common_length(known.history, loaded.history)
            problem = take_back_problem(known, steps) if steps else None
            if problem is None and steps:
                # In practice mode the core takes back what the fair rule refuses, and
                # re-keys the dice: the save goes on with re-keyed dice too.
                earlier = known.takeback(steps)
                rekey = len(earlier.history) > len(known.history) - steps
            if problem is None and rekey and not loaded.is_over:
                try:
                    loaded, _ = loaded.apply(Rekey(seed_to_string(secrets.randbits(64))))
                except RulesError:
                    problem = "in practice, a save loads only where no decision or roll is awaited"
            if problem is not None:
                which = "this game" if known is self.game else "a game you played here"
                self.write(
                    f"Could not load {argument}: it is {which} at an earlier point, and {problem}."
                )
                return False
            if known is self.game and loaded.history == known.history:
                self.write(
                    f"Loaded {argument}: the game is already at that point; nothing changes."
                )
                return False
        if not _same_setup(self.game, loaded):
            self._left = [game for game in self._left if game is not known]
            self._left.append(self.game)
        self._start(loaded)
        self._hold = True
        self._tell(f"Loaded {argument}.")
        if rekey and isinstance(loaded.history[-1], Rekey):
            self._narrate((DiceRekeyed(),))
        return True


def _save_path(argument: str) -> Path:
    if len(argument) >= 2 and argument[0] == argument[-1] and argument[0] in "'\"":
        argument = argument[1:-1]
    return Path(argument).expanduser()


def _read_save(argument: str, write: Callable[[str], None]) -> object:
    """The JSON of a saved game file, or `_UNREADABLE` after writing why it cannot be read."""
    path = _save_path(argument)
    try:
        if not path.exists():
            write(f"Could not load {argument}: No such file or directory.")
            return _UNREADABLE
        if not path.is_file():  # no directories, devices or pipes
            write(f"Could not load {argument}: not a saved game file.")
            return _UNREADABLE
        with path.open("rb") as handle:
            raw = handle.read(MAX_SAVE_BYTES + 1)
        if len(raw) > MAX_SAVE_BYTES:
            write(f"Could not load {argument}: the file is too large for a saved game.")
            return _UNREADABLE
        data: object = json.loads(raw.decode("utf-8"))
    except OSError as exc:
        write(f"Could not load {argument}: {exc.strerror or exc}.")
        return _UNREADABLE
    except UnicodeDecodeError:
        write(f"Could not load {argument}: it is not a text file.")
        return _UNREADABLE
    except (ValueError, RecursionError) as exc:
        write(f"Could not load {argument}: it is not valid JSON ({exc}).")
        return _UNREADABLE
    return data


def _load_save(spec: GameSpec, argument: str, write: Callable[[str], None]) -> GameBase | None:
    """``load FILE``: the saved game of ``spec``'s kind, or ``None`` after writing why not.

    Only a readable file, of this kind of game, valid (replayed within the game's step
    limit) and rolling seeded dice loads; where it may go on is for the caller.
    """
    data = _read_save(argument, write)
    if data is _UNREADABLE:
        return None
    kind = spec.kind
    if isinstance(data, dict) and isinstance(data.get("game"), str) and data["game"] != kind:
        write(
            f"Could not load {argument}: it is a saved {data['game'][:40]!r} game, "
            f"and this is {spec.title} ({kind!r})."
        )
        return None
    try:
        loaded = spec.from_dict(data, max_actions=spec.max_steps)
    except InvalidDataError as exc:
        write(f"Could not load {argument}: not a valid saved game ({exc.message}).")
        return None
    except RecursionError:
        write(f"Could not load {argument}: not a valid saved game (nested too deeply).")
        return None
    if not _seeded(loaded):
        write(f"Could not load {argument}: only games with seeded dice can be played.")
        return None
    return loaded


def _save_game(game: GameBase, argument: str, write: Callable[[str], None]) -> None:
    """``save FILE``: the whole game as JSON, to a regular (or new) file, atomically."""
    try:
        text = json.dumps(game.to_dict(), indent=1, ensure_ascii=False) + "\n"
    except RulesError as exc:
        write(f"Could not save: {exc.message}.")
        return
    try:
        path = _save_path(argument)
        problem = _not_a_save_target(path)
        if problem is not None:
            write(f"Could not save to {argument}: {problem}; it was left as it is.")
            return
        _write_atomically(path, text)
    except OSError as exc:
        write(f"Could not save to {argument}: {exc.strerror or exc}.")
    except ValueError as exc:  # a NUL or an unencodable character in the name
        write(f"Could not save to {argument!r}: not a usable file name ({exc}).")
    else:
        write(
            f"Saved to {argument}. The file holds the whole game, secrets included: "
            "it is your own save, do not peek."
        )


def _sentence(message: str) -> str:
    """``message`` as a sentence: capitalized, with a full stop."""
    text = message[:1].upper() + message[1:]
    return text if text.endswith(".") else text + "."


def _setup_seed(game: GameBase) -> str | None:
    """The seed of the dice ``game`` started with (its set-up's), if it has one."""
    dice = game.record.setup.get("dice")
    seed = dice.get("seed") if isinstance(dice, dict) else None
    return seed if isinstance(seed, str) else None


def _same_setup(one: GameBase, other: GameBase) -> bool:
    """True when two games are the same game from the same set-up (seed and dice included)."""
    return type(one) is type(other) and one.record.setup == other.record.setup


def _common_length(one: Sequence[Action], other: Sequence[Action]) -> int:
    """How many actions two histories share from their start."""
    count = 0
    for first, second in zip(one, other, strict=False):
        if first != second:
            break
        count += 1
    return count


_NOT_REGULAR: Final = (
    (stat.S_ISLNK, "a symbolic link"),
    (stat.S_ISDIR, "a directory"),
    (stat.S_ISFIFO, "a FIFO"),
    (stat.S_ISCHR, "a device"),
    (stat.S_ISBLK, "a device"),
    (stat.S_ISSOCK, "a socket"),
)


def _not_a_save_target(path: Path) -> str | None:
    """Why ``save`` must not write ``path`` (it exists and is not a regular file), or ``None``.

    Raises:
        OSError: the path cannot be looked at (but a missing file is fine).
    """
    try:
        mode = os.lstat(path).st_mode  # the link itself, never where it points
    except FileNotFoundError:
        return None
    if stat.S_ISREG(mode):
        return None
    kind = next((name for test, name in _NOT_REGULAR if test(mode)), "not a regular file")
    return f"it is {kind}, not a regular file"


def _write_atomically(path: Path, text: str) -> None:
    """Write ``text`` to ``path``: to a new file in the same folder first, then renamed over it.

    The file is readable by its owner only (it holds every secret of the game); a
    regular file it replaces keeps its permissions. Never half a save under the
    real name, and a symlink put there meanwhile is replaced, not followed.
    """
    folder = path.parent
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".partial", dir=folder)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            file.write(text)
            file.flush()
            os.fsync(file.fileno())
        with contextlib.suppress(FileNotFoundError):
            old = os.lstat(path)
            if stat.S_ISREG(old.st_mode):
                os.chmod(temporary, stat.S_IMODE(old.st_mode))
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def _seed_text(game: GameBase, fallback: int) -> str:
    """The seed, said once the game is over (never before: it rebuilds every secret).

    After a practice take-back the dice were re-keyed: the new seed is never said,
    only the one the game started from, which replays it up to the first re-keying.
    """
    dice = game.dice
    if any(isinstance(action, Rekey) for action in game.history):
        first = _setup_seed(game)
        start = "This game's dice were re-keyed in practice"
        if first is None:
            return f"{start}: no seed replays it."
        return f"{start}: --seed {first} replays it up to the first practice take-back."
    seed = dice.seed if isinstance(dice, SeededDice) else fallback
    return f"This game's seed was {seed}: replay this game with --seed {seed}."


class _ConsoleSession:
    """A game master runs a whole scene from the terminal (internal; see `run_play`).

    The game's `GameMasterConsole` reads the game's own lines (tests, contests,
    the odds...); this session handles ``help``, ``board``, ``log``, ``undo``,
    ``save``, ``load`` and ``quit``, applies the console's actions and narrates their
    events.
    """

    def __init__(
        self,
        spec: GameSpec,
        game: GameBase,
        console: GameMasterConsole,
        hooks: TerminalHooks,
        *,
        seed: int,
        read: Callable[[str], str],
        display: Display,
    ) -> None:
        self.spec = spec
        self.game = game
        self.console = console
        self.hooks = hooks
        self.seed = seed
        self.read = read
        self.display = display
        self.write: Callable[[str], None] = lambda line: display.say(_safe(line))
        self.lines = _Lines(read, self.write)
        self._log: deque[str] = deque(maxlen=MAX_LOG)
        self.words: list[str] = [*_CONSOLE_COMMANDS, *console.words(game)]

    def run(self) -> int:
        """Run the scene until the game master ends it, quits, or the input ends."""
        self._board()
        changed = False
        while True:
            if self.game.is_over:
                for line in self.hooks.ending(self.game.view(None)):
                    self.write(line)
                self.write(_seed_text(self.game, self.seed))
                return 0
            if changed:
                self._board()
            changed = False
            self.words = [*_CONSOLE_COMMANDS, *self.console.words(self.game)]
            try:
                line = self._read("gm> ")
            except _Stop:
                return 0
            text = line.strip()
            word, argument = (*text.split(maxsplit=1), "", "")[:2]
            word = word.lower()
            if not word:
                continue
            if word in ("quit", "exit") and not argument:
                self.write("Goodbye.")
                return 0
            if word in ("help", "?") and not argument:
                for help_line in (*self.console.help(), *_CONSOLE_HELP):
                    self.write(help_line)
            elif word == "board" and not argument:
                self._board()
            elif word == "log" and (not argument or argument.isdigit() or argument == "all"):
                self._show_log(argument)
            elif word == "undo" and not argument:
                changed = self._undo()
            elif word == "save" and argument:
                _save_game(self.game, argument, self.write)
            elif word == "load" and argument:
                changed = self._load(argument)
            else:
                changed = self._answer(text)

    def _read(self, prompt: str) -> str:
        return self.lines.read(prompt)

    def _read_more(self, prompt: str) -> str:
        """A further line for the console (a pasted sheet); the end of input ends it."""
        try:
            line = self.read(prompt)
        except (EOFError, UnicodeDecodeError):
            return ""
        return "" if len(line) > MAX_LINE else _safe(line)

    def _board(self) -> None:
        draw = getattr(self.hooks, "board", None)
        if callable(draw):
            view = self.game.view(None)
            self.display.board([_safe(line) for line in draw(view)], self.spec.title)
            self.display.screen([_safe(line) for line in self.hooks.screen(view)])

    def _answer(self, text: str) -> bool:
        """Hand ``text`` to the console; apply its action. True when the game changed."""
        try:
            reply = self.console.answer(self.game, text, self._read_more)
        except _Stop:
            return False
        for line in reply.lines:
            self.write(line)
        if reply.action is None:
            return False
        try:
            self.game, events = self.game.apply(reply.action)
        except RulesError as exc:
            self.write(f"Refused: {_sentence(exc.message)}")
            return False
        self.lines.idle = 0
        for event in events:  # the game master sees the whole table (perfect information)
            line = f"  {event.description}"
            self._log.append(line)
            self.display.event(_safe(line))
        return True

    def _undo(self) -> bool:
        if not self.game.history:
            self.write("Nothing to undo.")
            return False
        try:
            earlier = self.game.takeback(1)
        except RulesError as exc:
            self.write(_sentence(exc.message))
            return False
        taken = self.game.history[-1]
        self.game = earlier
        line = f"Taken back: {self.hooks.describe(earlier.view(None), taken)}."
        self._log.append(line)
        self.write(line)
        return True

    def _load(self, argument: str) -> bool:
        """``load FILE``: go on with a saved scene. True when the game changed.

        An earlier point of this very scene loads only where the fair take-back rule
        lets ``undo`` go back (nothing rolled since, in practice mode too): the save
        would otherwise tell what the dice roll next.
        """
        loaded = _load_save(self.spec, argument, self.write)
        if loaded is None:
            return False
        if _same_setup(self.game, loaded):
            history = self.game.history
            if loaded.history == history:
                self.write(f"Loaded {argument}: the scene is already at that point.")
                return False
            steps = len(history) - _common_length(history, loaded.history)
            problem = take_back_problem(self.game, steps) if steps else None
            if problem is not None:
                self.write(
                    f"Could not load {argument}: it is this scene at an earlier point, "
                    f"and {problem}."
                )
                return False
        self.game = loaded
        found = _console(self.spec, loaded)  # the console of the scene loaded (its cast)
        if found is not None:
            self.hooks, self.console = found
        self.lines.idle = 0
        line = f"Loaded {argument}."
        self._log.append(line)
        self.write(line)
        return True

    def _show_log(self, argument: str) -> None:
        count = len(self._log) if argument == "all" else int(argument or LOG_LINES)
        shown = list(self._log)[-count:] if count else []
        if not shown:
            self.write("Nothing has happened yet.")
            return
        for line in shown:
            self.write(line)


# ----- starting -------------------------------------------------------------------------------


def _find(game: str | GameSpec) -> GameSpec | str:
    """The spec to play, or an error message."""
    if isinstance(game, GameSpec):
        spec = game
    else:
        try:
            spec = find_game(game)
        except UnknownGameError:
            known = ", ".join(name for s in games() if playable(s) for name in s.names)
            shown = str(game)[:40] if isinstance(game, str) else type(game).__name__
            return f"unknown game {shown!r} (choose from {known})"
    if not playable(spec):
        known = ", ".join(name for s in games() if playable(s) for name in s.names)
        return (
            f"{spec.title} has no bots to play against, nor a game master's console "
            f"(games that have: {known})"
        )
    return spec


def _default_options(spec: GameSpec) -> dict[str, object]:
    """The options of a game played in the terminal when none are given (see `ROUND_LIMIT`)."""
    names = {option.name for option in spec.options}
    return {"max_rounds": ROUND_LIMIT} if "max_rounds" in names else {}


def _more_players_hint(spec: GameSpec, seat: object, count: int) -> str:
    """``; use --players N for a table with SEAT`` when a bigger default table has ``seat``."""
    wanted = str(seat).casefold()
    for more in range(count + 1, spec.max_players + 1):
        if any(str(name).casefold() == wanted for name in spec.seat_names[:more]):
            return f"; use --players {more} for a table with {spec.seat_names[more - 1]}"
    return ""


def run_play(
    game: str | GameSpec,
    *,
    seat: str | None = None,
    seed: int | None = None,
    players: int | None = None,
    bot: str | None = None,
    options: Mapping[str, Any] | None = None,
    read: Callable[[str], str] | None = None,
    write: Callable[[str], None] | None = None,
    error: Callable[[str], None] | None = None,
    practice: bool = False,
    style: str | None = None,
    take_single: bool = True,
    short_menus: bool = True,
) -> int:
    """Let a person play one seat of a game against bots; return the exit status.

    The game starts from ``seed`` (the host's secret); set-up steps nobody decides
    (the roll-off, the deal) and the bots' moves are applied automatically and
    narrated as ``seat`` sees them.
    At each of the person's decisions the screen shows what the seat may see (its
    view, ``game.view(seat)``: in Clue never another player's hand, the envelope
    before the end, a face-down Help card or the decks), then the legal actions
    numbered from 1, then the prompt ``Your choice (1-N, or help): ``. The person
    answers with a number or a command:

    - ``undo``: back to the person's previous decision, with `GameBase.takeback`,
      only while nothing happened since but the person's own choices: no roll or
      draw, nothing shown to any seat (a card, a pass, the deal), nobody else asked
      to decide. Otherwise the core's reason is shown in one line and nothing
      changes: a take-back never asks a question twice nor shows the future.
    - ``save FILE``: write ``game.to_dict()`` as JSON. The file is the whole game,
      the other players' secrets, the seed and the dice's state included: it is the
      person's own save. Only a regular file (or a new one) is written, atomically;
      a symlink, a FIFO, a device or a directory is refused and left alone. A file
      that cannot be written is reported, and the prompt comes back.
    - ``load FILE``: read such a file with the spec's ``from_dict`` (which replays
      and checks it). A save of a game played in this session (the same set-up)
      at an earlier point is a take-back: it loads only when taking the game back
      to where the save parts from it is fair, and the same point changes nothing.
      A save of another set-up loads as it is (its writer chose its deal). A
      missing file, malformed JSON, a file of another game, a game with other than
      seeded dice, or one without the person's seat is reported, and the game
      goes on unchanged.
    - ``help`` (or ``?``), ``quit`` (or ``exit``).

    In practice mode (``practice``), ``undo`` and ``load`` of an earlier save take
    back any of the person's decisions, the bots' moves since included, as long as
    the point reached awaits no decision or roll; one the fair rule would refuse
    re-keys the dice, so what comes next differs (the new seed is never shown).

    Anything else (not a number, a number out of range, an empty line, an unknown
    command) is answered with a message and the same prompt, never a traceback.

    Args:
        game: the game's kind or alias (`hogwarts_rules.find_game`: ``"adventure"``,
            ``"clue"``...), or its `GameSpec`. It must have bots (`playable`).
        seat: the person's seat, by name, in any case (the first ``players`` of the
            spec's `GameSpec.seat_names`); the first seat when ``None``.
        seed: the dice's seed, from 0 to 2**64 - 1; a fresh one
            (`secrets.randbits`) when ``None``. Either way it is said only once
            the game is over (the last line), never during the game.
        players: how many play, bots included (within the spec's limits); the spec's
            `GameSpec.default_players` when ``None``.
        bot: which of the spec's bots plays the other seats (default: its first).
        options: the game's declared options (`GameSpec.options`). When ``None``, a
            game that declares a ``max_rounds`` option ends after `ROUND_LIMIT`
            rounds, and no other option is given.
        read: asks for one line of input, showing the prompt it is given. Raising
            `EOFError` ends the game cleanly (exit status 0); `KeyboardInterrupt`
            is not caught: it propagates to the caller (the command line reports
            it). ``None``: the terminal (see ``style``).
        write: shows one line of output. ``None``: the terminal.
        error: shows a start-up error (`write` when ``None``); the command line
            passes one that writes to standard error.
        practice: start practice mode (`hogwarts_rules.actions.Practice`) as soon
            as the game is created, and say so.
        style: ``"plain"`` (lines of text), ``"rich"`` (colour and panels: needs
            the extra ``terminal``), or ``None``: rich, with prompt_toolkit's
            completion, when ``read`` and ``write`` are ``None``, both standard
            streams are a terminal and the extra is installed; else plain (and
            on a terminal without the extra, one line says how to get it).
        take_single: take a decision that has only one choice without asking,
            and say so (``Only one choice: ... (taken)``); the decision right
            after an ``undo`` or a ``load`` is always asked.
        short_menus: use the game's short menus (`TerminalHooks`: ``choices``), such
            as Clue's suggestion asked suspect then item; ``False``: one numbered
            list of every action, in the game's order (for scripts).

    Returns:
        0 when the game ended, or the person quit or closed the input; 2 for a bad
        argument (an unknown game, a game without bots, an unknown seat or bot, a
        bad player count, seed or option), after a one-line error message; 1 if
        the bots made `MAX_BOT_STEPS` moves in a row or the game could not go on.
    """
    chosen_style = _style(style, read, write)
    if chosen_style is None:
        message = f"error: style must be 'plain', 'rich' or None, not {str(style)[:20]!r}"
        (error or write or print)(message)
        return 2
    if chosen_style == "rich" and not fancy_available():
        (error or write or print)(f"error: the rich display needs the extra: {INSTALL_HINT}")
        return 2
    holder: list[_Session | _ConsoleSession] = []  # the session, whose words complete
    on_terminal = read is None and write is None
    fancy = chosen_style == "rich" and on_terminal
    if read is None:
        read = completing_reader(lambda: holder[0].words if holder else ()) if fancy else input
    display = RichDisplay(write) if chosen_style == "rich" else Display(write or print)
    write = display.write if chosen_style == "plain" else (lambda line: display.say(line))
    say_error = write if error is None else error
    found = _find(game)
    if isinstance(found, str):
        say_error(f"error: {found}")
        return 2
    spec = found
    if players is None:
        players = spec.default_players
    if type(players) is not int:
        say_error(
            f"error: {spec.title} is for {spec.min_players} to {spec.max_players} "
            f"{spec.seat_noun}s, not {str(players)[:40]}"
        )
        return 2
    bot_name = spec.bot_names[0] if bot is None and spec.bots else bot
    if bot is not None and not spec.bots:
        say_error(f"error: {spec.title} has no bots (you run the whole table): no bot applies")
        return 2
    if spec.bots and bot_name not in spec.bots:
        say_error(
            f"error: {spec.title} has no bot called {str(bot_name)[:40]!r} "
            f"(its bots: {', '.join(spec.bot_names)})"
        )
        return 2
    if seed is None:
        seed = secrets.randbits(64)
    chosen_options = _default_options(spec) if options is None else dict(options)
    try:
        start = spec.new_game(spec.seat_list(players), seed=seed, **chosen_options)
    except RulesError as exc:
        say_error(f"error: {exc.message}")
        return 2
    names = start.seat_names
    matching = [
        name
        for name in names
        if seat is None or (isinstance(seat, str) and name.casefold() == seat.casefold())
    ]
    if not matching:
        say_error(
            f"error: there is no seat called {str(seat)[:40]!r} (the seats are {', '.join(names)})"
            + _more_players_hint(spec, seat, len(names))
        )
        return 2
    chosen = matching[0]
    bots = ", ".join(name for name in names if name != chosen)
    # The seed is the host's secret: it rebuilds the deal, the decks and every roll to
    # come. It is said only when the game is over (see `_Session._seed_line`).
    mode = " (practice mode)" if practice else ""
    if on_terminal and style is None and is_terminal() and not fancy_available():
        write(f"Plain text: for colour, panels and completion, {INSTALL_HINT}")
    if not spec.bots:
        if seat is not None:
            write(f"(You are the game master of every {spec.seat_noun}: the seat is not used.)")
        return _run_console(
            spec, start, seed, read, display, write, practice=practice, holder=holder
        )
    write(
        _safe(
            f"{spec.title}{mode}: you play {chosen}; bots play {bots}. Type help for the commands."
        )
    )
    started: tuple[Event, ...] = ()
    if practice:
        start, started = start.apply(Practice())
    assert isinstance(bot_name, str)
    session = _Session(
        spec,
        start,
        chosen,
        bot=bot_name,
        bot_seed=seed,
        read=read,
        display=display,
        take_single=take_single,
        short_menus=short_menus,
    )
    holder.append(session)
    session._narrate(started)
    return session.run()


def _style(
    style: str | None, read: Callable[[str], str] | None, write: Callable[[str], None] | None
) -> str | None:
    """``"plain"`` or ``"rich"``, as asked or as the terminal allows; ``None``: a bad style."""
    if style in ("plain", "rich"):
        return style
    if style is not None:
        return None
    if read is None and write is None and is_terminal() and fancy_available():
        return "rich"
    return "plain"


def _run_console(
    spec: GameSpec,
    start: GameBase,
    seed: int,
    read: Callable[[str], str],
    display: Display,
    write: Callable[[str], None],
    *,
    practice: bool,
    holder: list[_Session | _ConsoleSession],
) -> int:
    """Run a game without bots from its game master's console (``holder`` gets the session)."""
    found = _console(spec, start)
    if found is None:  # pragma: no cover - `playable` checked it
        write(f"error: {spec.title} has no game master's console")
        return 2
    hooks, console = found
    mode = " (practice mode)" if practice else ""
    write(
        _safe(
            f"{spec.title}{mode}: you are the game master of "
            f"{', '.join(start.seat_names) or 'an empty scene'}. Type help for the commands."
        )
    )
    if practice:
        start, _ = start.apply(Practice())
    session = _ConsoleSession(spec, start, console, hooks, seed=seed, read=read, display=display)
    holder.append(session)
    return session.run()
