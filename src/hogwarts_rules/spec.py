"""`GameSpec`: the one door to a game, for every front end, adapter and test.

A game of the library (or of a third-party package) is described once, in its own
package, by a `GameSpec`: its kind and aliases, how many play, the seat names
used when none are given, its **declared options** (validated here, in one
place), how to start a game, its bots by name, and the hooks the front ends
need (a demo, the terminal table, simulation records, extra commands). The
catalogue (`hogwarts_rules.catalogue`) lists the specs; the command line, the
engine protocol, the schemas, the simulations and the contract test kit reach
every game through its spec and nothing else.

Examples:
    >>> import hogwarts_rules
    >>> spec = hogwarts_rules.find_game("hr")
    >>> spec.kind, spec.title
    ('hufflepuff-ravenclaw', 'Hufflepuff & Ravenclaw')
    >>> [option.name for option in spec.options]
    ['extra_stats', 'extra_skills', 'extra_spells']
    >>> game = hogwarts_rules.find_game("clue").new_game(3, seed=1)
    >>> game.seat_names
    ('Ann', 'Ben', 'Cat')
    >>> hasattr(game.view("Ann"), "dice")
    False
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final, Protocol, runtime_checkable

import attrs

from hogwarts_rules.engine import MAX_ACTIONS
from hogwarts_rules.errors import MAX_PATH, IllegalActionError, InvalidDataError, RulesError
from hogwarts_rules.serialization import shown_key

if TYPE_CHECKING:
    from hogwarts_rules.actions import Action
    from hogwarts_rules.bots import Bot
    from hogwarts_rules.codec import ActionCodec, ObservationCodec
    from hogwarts_rules.dice import DiceSource
    from hogwarts_rules.engine import GameBase
    from hogwarts_rules.notation import Notation

__all__ = [
    "MAX_OPTION_ERROR",
    "BotFactory",
    "Choice",
    "Command",
    "ConsoleReply",
    "GameMasterConsole",
    "GameSpec",
    "Option",
    "OptionError",
    "SimulationHooks",
    "TerminalHooks",
    "View",
]

MAX_OPTION_ERROR: Final = 200
"""The most characters of an option's own text quoted in an error message."""


@runtime_checkable
class View(Protocol):
    """What one seat (or the table) may see of a game: a frozen, typed value.

    Every game's ``game.view(seat)`` returns one; ``game.view(None)`` is the
    table's view (what a spectator sees). A view never holds the dice, a seed,
    a dice state or anything else that predicts a roll or a draw, nor another
    seat's secret.
    """

    @property
    def viewer(self) -> str | None:
        """Whose view this is (``None``: the table's)."""
        ...

    def to_dict(self) -> dict[str, Any]:
        """The view as JSON-safe data."""
        ...


class OptionError(IllegalActionError):
    """A game option that is unknown or has a bad value.

    Attributes:
        option: the option's name.
        path: where in the option's value the problem is, as a JSON path from the
            value (``"$"``: the value itself; ``"$.Ann"``: its ``Ann`` entry).
    """

    option: str
    path: str

    def __init__(self, code: str, message: str, option: str, path: str = "$") -> None:
        super().__init__(code, message)
        self.option = option[:MAX_OPTION_ERROR]
        self.path = path[:MAX_PATH]

    def __reduce__(self) -> tuple[type[RulesError], tuple[str, str, str, str]]:  # type: ignore[override]
        return (type(self), (self.code, self.message, self.option, self.path))


@attrs.frozen
class Option:
    """One declared option of a game (as OpenSpiel's parameter specification).

    Attributes:
        name: the keyword of ``new_game`` (and the key in a protocol's ``options``).
        type: the JSON type of its value, in words (``"integer"``, ``"object"``...).
        doc: one line saying what it does.
        default: the value when it is not given (``None``: the rules' default).
        parse: turns a given value (Python or JSON) into what the game takes, or
            raises `RulesError`, `InvalidDataError` (with a path into the value),
            `TypeError` or `ValueError`; ``None`` takes the value as it is.
    """

    name: str
    type: str
    doc: str
    default: Any = None
    parse: Callable[[Any], Any] | None = attrs.field(default=None, eq=False, repr=False)

    def check(self, value: object) -> Any:
        """The value the game takes for ``value``.

        Raises:
            OptionError: the value is refused (the message says why).
        """
        if self.parse is None:
            return value
        try:
            return self.parse(value)
        except InvalidDataError as exc:
            raise OptionError(
                exc.code, f"{self.name}: {exc.message}", self.name, exc.path
            ) from None
        except RulesError as exc:
            raise OptionError(exc.code, exc.message, self.name) from None
        except (TypeError, ValueError, KeyError, AttributeError) as exc:
            text = str(exc)[:MAX_OPTION_ERROR] or f"expected {self.type}"
            raise OptionError("bad_option", f"{self.name}: {text}", self.name) from None


BotFactory = Callable[[Any, int], "Bot"]
"""Builds a bot: ``factory(public, seed)``.

``public`` is what the game's `GameSpec.bot_context` gives (by default the
table's view, ``game.view(None)``): public facts only, never the game, whose
dice would tell a bot every future roll. The seed drives any random choices.
"""


@attrs.frozen
class Choice:
    """One entry of a terminal menu: an action, or a short menu of its own.

    A game's terminal hooks may group a long list of actions into steps (Clue's
    suggestion: the suspect, then the item) with `TerminalHooks.choices`; the
    front end then asks one short question at a time.

    Attributes:
        label: the entry in words.
        action: the action it takes (``None`` for a sub-menu).
        entries: the sub-menu's entries (empty for an action).
        question: what the sub-menu asks (``"Which item?"``).

    Examples:
        >>> from hogwarts_rules.actions import Practice
        >>> leaf = Choice("Practice", Practice())
        >>> menu = Choice("More...", entries=(leaf,), question="Which one?")
        >>> menu.actions() == (Practice(),), leaf.is_action, menu.is_action
        (True, True, False)
    """

    label: str
    action: Action | None = None
    entries: tuple[Choice, ...] = ()
    question: str = ""

    @property
    def is_action(self) -> bool:
        """True when the entry takes an action (it is not a sub-menu)."""
        return self.action is not None

    def actions(self) -> tuple[Action, ...]:
        """Every action this entry leads to, in menu order."""
        if self.action is not None:
            return (self.action,)
        return tuple(action for entry in self.entries for action in entry.actions())


class TerminalHooks(Protocol):
    """How ``hogwarts-rules play`` shows a game on a terminal (one seat's view at a time).

    Built by `GameSpec.terminal` for one game (it may keep the game's public
    content, such as Clue's board). Every method sees only a view.

    Besides the methods below, hooks may have these, which the front end uses
    when they are there (`hogwarts_rules.frontends.play`):

    - ``board(view) -> list[str]``: the board as the seat sees it, drawn before
      each of the seat's decisions (the games' text boards);
    - ``choices(view, actions) -> Sequence[Choice]``: the actions as a menu of
      short menus (see `Choice`); every action must be in it once;
    - ``console(game) -> GameMasterConsole``: a game master's console, for a
      game played by one person at the table's every seat, without bots.
    """

    def screen(self, view: Any) -> list[str]:
        """What the seat sees before deciding, as lines of text."""
        ...

    def describe(self, view: Any, action: Action) -> str:
        """One action, in words, as a menu entry."""
        ...

    def menu(self, view: Any, actions: Sequence[Action]) -> list[str]:
        """The numbered menu of ``actions`` (numbers from 1, in this order)."""
        ...

    def heading(self, view: Any) -> str | None:
        """A heading when something new starts (a round, a turn), else ``None``."""
        ...

    def ending(self, view: Any) -> list[str]:
        """What the seat reads when the game is over."""
        ...


@attrs.frozen
class ConsoleReply:
    """What a game master's console answers to one line.

    Attributes:
        lines: what to show (the odds before a roll, a list of characters, an error).
        action: the action to apply next, if the line asked for one.
        error: ``True`` when the line was refused (nothing is applied).
    """

    lines: tuple[str, ...] = ()
    action: Action | None = None
    error: bool = False


class GameMasterConsole(Protocol):
    """A game master's console: one person runs the whole table (Hufflepuff & Ravenclaw).

    The front end reads a line, handles its own commands (``help``, ``log``,
    ``undo``, ``save``, ``quit``) and hands every other line to `answer`, with
    the game as it stands; it applies the action of the reply, if any.
    """

    def help(self) -> list[str]:
        """The console's own commands, one a line."""
        ...

    def words(self, game: GameBase) -> list[str]:
        """What a line may start with and the names it may use (for completion)."""
        ...

    def answer(self, game: GameBase, line: str, read_more: Callable[[str], str]) -> ConsoleReply:
        """The reply to ``line``; ``read_more(prompt)`` reads a further line (a sheet)."""
        ...


@attrs.frozen
class SimulationHooks:
    """What ``simulate`` needs of a game beyond its bots.

    Attributes:
        options: the options of simulated game with this seed and these seats
            (for example a round limit, or students dealt at random).
        record: the game's own columns of a finished game's record: it must give
            ``length`` (a whole number in `length_unit`), and may give per-seat
            columns as ``seat{i}_{name}`` (``i`` from 1).
        length_unit: what ``length`` counts (``"rounds"``, ``"turns"``).
        group: the per-seat column whose values win rates are grouped by
            (``"house"``, ``"student"``), or ``None``.
        solved: what a record's boolean ``solved`` column means, for the summary
            (Clue: ``"won by a correct accusation"``), or ``None`` when records
            have no such column.
    """

    options: Callable[[int, Sequence[str]], Mapping[str, Any]] = attrs.field(eq=False)
    record: Callable[[Any], Mapping[str, Any]] = attrs.field(eq=False)
    length_unit: str = "actions"
    group: str | None = None
    solved: str | None = None


@attrs.frozen
class Command:
    """A command a game adds to ``hogwarts-rules`` (Hufflepuff & Ravenclaw's ``odds``).

    Attributes:
        name: the sub-command's name.
        help: one line for ``--help``.
        arguments: adds the command's arguments to its parser.
        run: runs it with the parsed arguments and returns the exit status.
    """

    name: str
    help: str
    arguments: Callable[[argparse.ArgumentParser], None] = attrs.field(eq=False)
    run: Callable[[argparse.Namespace], int] = attrs.field(eq=False)


_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,59}")


def _check_spec(spec: GameSpec) -> None:
    for name in spec.names:
        if not isinstance(name, str) or not _NAME.fullmatch(name):
            raise ValueError(
                f"a game's kind and aliases are 1 to 60 letters, digits, '.', '_' or '-', "
                f"starting with a letter or digit: not {shown_key(name)!r}"
            )
    if len({name.casefold() for name in spec.names}) != len(spec.names):
        raise ValueError(f"{spec.kind}: a name is given twice (names match in any case)")
    if not 1 <= spec.min_players <= spec.default_players <= spec.max_players:
        raise ValueError(f"{spec.kind}: need 1 <= min_players <= default_players <= max_players")
    if len(spec.seat_names) < spec.max_players:
        raise ValueError(f"{spec.kind}: seat_names must name at least max_players seats")
    names = [option.name for option in spec.options]
    if len(set(names)) != len(names):
        raise ValueError(f"{spec.kind}: an option is declared twice")
    if spec.demo_players is not None:
        fewest, most = spec.demo_players
        if not spec.min_players <= fewest <= most <= spec.max_players:
            raise ValueError(f"{spec.kind}: demo_players must lie within the game's players")


@attrs.frozen(kw_only=True)
class GameSpec:
    """Everything the library's front ends know of one game.

    Attributes:
        kind: the game's kind, as saved games, schemas and the protocol name it.
        title: its name for people.
        summary: one line saying what it is.
        game_class: its `GameBase` subclass.
        view_class: the class of ``game.view(seat)``.
        create: the game's own ``new_game(players, *, seed, dice, **options)``
            (call `new_game`, which checks the options first).
        aliases: other names `find_game` accepts (``"hr"``).
        min_players: the fewest seats.
        max_players: the most seats.
        default_players: the seats when nobody says.
        seat_names: the seat names used when only a count is given.
        seat_noun: what a seat is called (``"player"``, ``"character"``).
        options: the declared options.
        bots: the bots by name (the first is the default): ``factory(public, seed)``
            (see `BotFactory`).
        bot_context: the public facts a bot is built with (Clue: its board), given
            the game; ``None``: the table's view. Never the game itself, nor its
            dice or a secret.
        perfect_information: ``True`` when every seat may see all of the game; then
            the prompt of a decision is public too.
        complete_actions: ``True`` when ``game.legal_actions()`` lists every action
            the rules allow; ``False`` when some are open-ended and only checked
            (Hufflepuff & Ravenclaw's game master may ask for any test).
        max_steps: the default step limit of `hogwarts_rules.bots.play_out`.
        parse_player: turns one player as given in JSON into an argument of
            ``new_game`` (Hufflepuff & Ravenclaw: a character sheet); ``None``:
            names only.
        demo: ``demo(players, seed, say, *, full=False)`` plays a whole game for people
            to read, passing lines to ``say`` (the key moments; ``full=True``: every
            event), and returns the final game (the same either way).
        demo_players: the fewest and most players the demo takes, when not
            ``min_players`` to ``max_players`` (Hufflepuff & Ravenclaw's: always 2).
        terminal: builds the hooks ``hogwarts-rules play`` draws a game with.
        simulation: what ``simulate`` needs (``None``: not simulated).
        extras: extra fields of a protocol ``state`` reply for a seat (Clue's
            movement paths).
        commands: commands the game adds to ``hogwarts-rules``.
        action_codec: ``action_codec(game)`` numbers every action the game can offer
            with ``game``'s set-up (see `hogwarts_rules.codec.ActionCodec`); ``None``:
            the game has no numbering (no adapter for learning frameworks).
        observation_codec: ``observation_codec(game)`` turns a seat's view of a game
            with ``game``'s set-up into numbers (see
            `hogwarts_rules.codec.ObservationCodec`); ``None``: none.
        notation: the game's text notation (see `hogwarts_rules.notation.Notation`):
            its actions as short text and back; ``None``: none.
        resample: for a game of hidden information, ``resample(game, seat, rng, *,
            weighted=False)``: a game ``seat`` cannot tell from ``game`` (played with
            external dice), drawn from the seat's exact posterior (``weighted``: by the
            game's weighted model); ``None``: the game hides nothing to resample.
        notebook: for a game of hidden information, ``notebook(view)``: what the seat
            whose view it is can deduce, as a JSON-safe report for front ends (Clue:
            see `hogwarts_rules.clue.spec.notebook_report`); built from the view alone;
            ``None``: the game has no notebook.
    """

    kind: str
    title: str
    summary: str = ""
    game_class: type[GameBase] = attrs.field(eq=False)
    view_class: type[Any] = attrs.field(eq=False)
    create: Callable[..., GameBase] = attrs.field(eq=False, repr=False)
    aliases: tuple[str, ...] = ()
    min_players: int
    max_players: int
    default_players: int
    seat_names: tuple[str, ...]
    seat_noun: str = "player"
    options: tuple[Option, ...] = ()
    bots: Mapping[str, BotFactory] = attrs.field(factory=dict, eq=False, repr=False)
    bot_context: Callable[[GameBase], Any] | None = attrs.field(default=None, eq=False, repr=False)
    perfect_information: bool = True
    complete_actions: bool = True
    max_steps: int = 20_000
    parse_player: Callable[[object], object] | None = attrs.field(
        default=None, eq=False, repr=False
    )
    demo: Callable[..., GameBase] | None = attrs.field(default=None, eq=False, repr=False)
    demo_players: tuple[int, int] | None = None
    terminal: Callable[[GameBase], TerminalHooks] | None = attrs.field(
        default=None, eq=False, repr=False
    )
    simulation: SimulationHooks | None = attrs.field(default=None, eq=False, repr=False)
    extras: Callable[[GameBase, str | None], Mapping[str, Any]] | None = attrs.field(
        default=None, eq=False, repr=False
    )
    commands: tuple[Command, ...] = attrs.field(default=(), eq=False, repr=False)
    action_codec: Callable[[GameBase], ActionCodec] | None = attrs.field(
        default=None, eq=False, repr=False
    )
    observation_codec: Callable[[GameBase], ObservationCodec] | None = attrs.field(
        default=None, eq=False, repr=False
    )
    notation: Notation | None = attrs.field(default=None, eq=False, repr=False)
    resample: Callable[..., GameBase] | None = attrs.field(default=None, eq=False, repr=False)
    notebook: Callable[[Any], Mapping[str, Any]] | None = attrs.field(
        default=None, eq=False, repr=False
    )

    def __attrs_post_init__(self) -> None:
        _check_spec(self)

    # ----- names ------------------------------------------------------------------

    @property
    def names(self) -> tuple[str, ...]:
        """The kind and every alias."""
        return (self.kind, *self.aliases)

    @property
    def demo_range(self) -> tuple[int, int]:
        """The fewest and most players the demo takes (`demo_players`, or the game's own)."""
        return self.demo_players or (self.min_players, self.max_players)

    @property
    def bot_names(self) -> tuple[str, ...]:
        """The bots by name, the default first."""
        return tuple(self.bots)

    def option(self, name: str) -> Option:
        """A declared option by name.

        Raises:
            OptionError: the game declares no such option.
        """
        for option in self.options:
            if option.name == name:
                return option
        known = ", ".join(o.name for o in self.options) or "none"
        raise OptionError(
            "unknown_option",
            f"unknown {self.kind} option {shown_key(name)!r} (known: {known})",
            shown_key(name),
        )

    # ----- starting a game --------------------------------------------------------

    def check_options(self, options: Mapping[str, object]) -> dict[str, Any]:
        """Validate options by their declarations; return what the game takes.

        Options given as ``None`` are left out (the rules' default).

        Raises:
            OptionError: an unknown option, or a bad value (``option`` names it).
        """
        checked: dict[str, Any] = {}
        for name, value in options.items():
            option = self.option(name)
            if value is not None:
                checked[name] = option.check(value)
        return checked

    def seat_list(self, players: Sequence[object] | int | None) -> list[object]:
        """The seats of a new game: ``None`` (the default count), a count, or the seats.

        Raises:
            IllegalActionError: a count outside the game's limits.
        """
        if players is None:
            players = self.default_players
        if isinstance(players, bool) or not isinstance(players, int):
            if isinstance(players, str | bytes) or not isinstance(players, Sequence):
                raise IllegalActionError(
                    "bad_players", f"{self.seat_noun}s must be given as a list or a count"
                )
            return list(players)
        if not self.min_players <= players <= self.max_players:
            shown = str(players) if players.bit_length() <= 64 else "that many"
            raise IllegalActionError(
                "player_count",
                f"{self.title} is for {self.min_players} to {self.max_players} "
                f"{self.seat_noun}s, not {shown}",
            )
        return list(self.seat_names[:players])

    def new_game(
        self,
        players: Sequence[object] | int | None = None,
        *,
        seed: int | None = None,
        dice: DiceSource | None = None,
        **options: Any,
    ) -> GameBase:
        """Start a game: ``players`` names the seats (or counts them; default `default_players`).

        Args:
            players: the seats, a count of seats named from `seat_names`, or ``None``.
            seed: the seed of the game's `SeededDice` (a fresh one when ``None``).
            dice: another dice source (scripted or external); not with ``seed``.
            **options: the game's declared options (see `options`).

        Raises:
            OptionError: an unknown option or a bad value.
            IllegalActionError: bad seats, or a rule the set-up breaks.
        """
        seats = self.seat_list(players)
        checked = self.check_options(options)
        return self.create(seats, seed=seed, dice=dice, **checked)

    def from_dict(self, data: object, *, max_actions: int | None = MAX_ACTIONS) -> GameBase:
        """Load a saved game of this kind (see `GameBase.from_dict`).

        Args:
            data: the saved game, as `json.loads` gives it.
            max_actions: the most actions replayed (default
                `hogwarts_rules.engine.MAX_ACTIONS`; ``None``: no bound).

        Raises:
            InvalidDataError: malformed data, a game of another kind, or more than
                ``max_actions`` actions.
        """
        return self.game_class.from_dict(data, max_actions=max_actions)

    # ----- bots ---------------------------------------------------------------------

    def make_bot(self, name: str, game: GameBase, *, seed: int = 0) -> Bot:
        """Build the bot ``name`` for ``game`` (its random choices follow ``seed``).

        The bot's factory gets only the public facts of `bot_context`, never
        ``game``: a bot sees views, and the game's dice would predict every roll.

        Raises:
            IllegalActionError: the game has no bot of that name (code ``unknown_bot``).
        """
        factory = self.bots.get(name) if isinstance(name, str) else None
        if factory is None:
            known = ", ".join(self.bots) or "none: this game has no bots"
            raise IllegalActionError(
                "unknown_bot", f"unknown {self.kind} bot {shown_key(name)!r} (known: {known})"
            )
        public = game.view(None) if self.bot_context is None else self.bot_context(game)
        return factory(public, seed)

    def __str__(self) -> str:
        return (
            f"{self.title} ({self.kind}, {self.min_players}-{self.max_players} {self.seat_noun}s)"
        )
