"""Clue's rules run on a draft of the game inside one ``apply``.

`Game.apply` stays pure: it hands the game and the action to the rules
(`hogwarts_rules.clue.setup`, `.turn`, `.suggestions`, `.accusations`) as a private,
mutable `Draft`, lets them change that draft step by step, and freezes it once at
the end: one copy of the game per action, however many fields the action changes.
The draft never leaves the action; no caller ever sees it change, and the game it
was made from never changes. When the rules must stop part-way (a decision, or a
roll from external dice), they hand the engine the draft's `Draft.freeze`, which
the engine calls only then, to show the game as it stands at that moment.

The draft shares the game's seats (read-only) until a seat changes, and the new game
takes the draft's seats without a copy; the game frozen at the end keeps who acts next
and, but for a move, the legal actions, worked out while the action was applied.

Examples:
    >>> from hogwarts_rules import clue
    >>> from hogwarts_rules.engine import Context
    >>> game = clue.new_game(["Ann", "Ben", "Cat"], seed=4)
    >>> draft = Draft(Context(game.dice), game)
    >>> draft.update_seat("Ann", floo=3)
    >>> draft.green = 5
    >>> after = draft.freeze()
    >>> (after.seats["Ann"].floo, after.green), (game.seats["Ann"].floo, game.green)
    ((3, 5), (0, 0))
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

import attrs

from hogwarts_rules._build import build_lines
from hogwarts_rules.actions import Action
from hogwarts_rules.clue.movement import Position
from hogwarts_rules.clue.records import Seat, SuggestionRecord
from hogwarts_rules.clue.vocabulary import Phase, Step
from hogwarts_rules.engine import MEMO, Context, converted, copier, replacer
from hogwarts_rules.frozen import FrozenMap
from hogwarts_rules.history import History

if TYPE_CHECKING:
    from hogwarts_rules.clue.content import Content
    from hogwarts_rules.clue.game import Game

__all__ = ["Draft"]

_OVER = Phase.OVER  # read once: an enum's members are read through its class's __getattr__
_copy_seat = replacer(Seat)
_seat_at = copier(Seat, "position")


class Draft:
    """One action's private, mutable copy of a Clue `Game` (see the module docs).

    Its attributes are the game's fields of the same names, as the rules have made
    them so far (``seats`` is a read-only mapping of each player's `Seat`, itself
    frozen: a seat is changed with `update_seat` or `move_pawn`).

    Attributes:
        ctx: the action's context (dice, decisions, events).
        game: the game the action started from (never changed).
        content: the board and decks the game is played with.
    """

    __slots__ = (
        "_changed",
        "_frozen_seats",
        "_seats",
        "accused_wrongly",
        "content",
        "ctx",
        "dark_deck",
        "dark_discard",
        "emit",
        "entered",
        "envelope",
        "game",
        "green",
        "help_deck",
        "help_discard",
        "left",
        "missing",
        "order",
        "phase",
        "seats",
        "shown",
        "step",
        "suggestions",
        "tokens",
        "turn",
        "wheels",
        "winner",
        "wrong_accusations",
    )

    seats: Mapping[str, Seat]
    phase: Phase
    missing: str | None
    envelope: tuple[str, ...]
    wheels: FrozenMap[str, int]
    help_deck: tuple[str, ...]
    help_discard: tuple[str, ...]
    dark_deck: tuple[str, ...]
    dark_discard: tuple[str, ...]
    tokens: FrozenMap[str, str]
    turn: int
    step: Step
    green: int
    left: str | None
    entered: str | None
    suggestions: tuple[SuggestionRecord, ...]
    shown: tuple[tuple[str, str, str], ...]
    accused_wrongly: tuple[str, ...]
    wrong_accusations: tuple[tuple[str, str, str, str], ...]
    winner: str | None

    def __init__(self, ctx: Context, game: Game) -> None:
        """Start changing ``game`` for one action."""
        self.ctx = ctx
        self.emit = ctx.events.append
        self.game = game
        self.content: Content = game.content
        # The seats are the game's own until one changes (then copied: `_own_seats`).
        self._seats = game.seats._data
        self.seats = MappingProxyType(self._seats)
        self._frozen_seats = game.seats  # the seats as last frozen
        self._changed = False  # True once a seat has changed since then
        self.order = game.order
        self.phase = game.phase
        self.missing = game.missing
        self.envelope = game.envelope
        self.wheels = game.wheels
        self.help_deck = game.help_deck
        self.help_discard = game.help_discard
        self.dark_deck = game.dark_deck
        self.dark_discard = game.dark_discard
        self.tokens = game.tokens
        self.turn = game.turn
        self.step = game.step
        self.green = game.green
        self.left = game.left
        self.entered = game.entered
        self.suggestions = game.suggestions
        self.shown = game.shown
        self.accused_wrongly = game.accused_wrongly
        self.wrong_accusations = game.wrong_accusations
        self.winner = game.winner

    # ----- reading ---------------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        """True once the rules have ended the game."""
        return self.phase == _OVER

    # ----- changing --------------------------------------------------------------------------

    def update_seat(self, name: str, **changes: Any) -> None:
        """Change fields of ``name``'s seat (a new frozen `Seat` replaces the old one)."""
        seats = self._seats if self._changed else self._own_seats()
        seats[name] = _copy_seat(seats[name], **changes)

    def move_pawn(self, name: str, position: Position) -> None:
        """Put ``name``'s pawn on ``position`` (`update_seat` with only the position)."""
        seats = self._seats if self._changed else self._own_seats()
        seats[name] = _seat_at(seats[name], position)

    def _own_seats(self) -> dict[str, Seat]:
        """A copy of the seats for the draft to change (the last frozen ones stay as they are)."""
        seats = self._seats = dict(self._seats)
        self.seats = MappingProxyType(seats)
        self._changed = True
        return seats

    def freeze(
        self,
        history: History | None = None,
        to_act: tuple[str, ...] | None = None,
        actions: tuple[Action, ...] | None = None,
    ) -> Game:
        """The game as the draft now stands, as a new frozen value.

        The draft may go on changing afterwards: the value never changes with it.
        With ``history``, the action's finished game: the context's dice, that
        history and nothing pending (one copy of the game instead of two); then
        ``to_act`` and ``actions``, when given, are the new game's `to_act` and
        legal actions, which it keeps as if it had worked them out itself.
        """
        game = self.game
        if self._changed:  # the new value takes the seats' dict; a further change copies it
            self._frozen_seats = FrozenMap._adopt(self._seats)
            self._changed = False
        seats = self._frozen_seats
        build = _BUILDERS.get(type(game)) or _builder(type(game))
        if history is None:
            return build(self, game, seats, game.dice, game.pending, game.history, None, None)
        return build(self, game, seats, self.ctx.dice, None, history, to_act, actions)


_BUILDERS: dict[type[Any], Callable[..., Game]] = {}


def _builder(cls: type[Game]) -> Callable[..., Game]:
    """Generate the function that builds a ``cls`` from a draft: one line per field.

    Each field comes from the draft when the draft has it, else from the game the
    draft was made from; the seats, dice, pending action and history are given; the
    memos of who acts and of the legal actions are given (``None``: not known yet);
    the wheels' memo is the game's while the wheels are the same; any other private
    memo starts empty (as `hogwarts_rules.engine.replace` does).
    """
    own = set(Draft.__slots__)
    given = {"seats", "dice", "pending", "history"}
    primed = {
        "_memo_to_act": "to_act",
        "_memo_root": "actions",
        "_wheels_memo": "game._wheels_memo if d.wheels is game.wheels else None",
    }
    namespace: dict[str, Any] = {}
    values: list[tuple[str, str]] = []
    for field in attrs.fields(cls):
        name = field.name
        if field.metadata.get(MEMO):
            value = primed.get(name, "None")
        elif name in given:
            value = converted(field, name, namespace)
        elif name in own:
            value = f"d.{name}"
        else:
            value = f"game.{name}"
        values.append((name, value))
    lines = ["def build(d, game, seats, dice, pending, history, to_act, actions):"]
    lines += build_lines(cls, values, namespace)
    lines.append("    return new")
    exec("\n".join(lines), namespace)  # generated from the class's own field names
    function: Callable[..., Game] = namespace["build"]
    _BUILDERS[cls] = function
    return function
