"""Clue's rules run on a draft of the game inside one ``apply``.

`Game.apply` stays pure: it hands the game and the action to the rules
(`hogwarts_rules.clue.setup`, `.turn`, `.suggestions`, `.accusations`) as a private,
mutable `Draft`, lets them change that draft step by step, and freezes it once at
the end: one copy of the game per action, however many fields the action changes.
The draft never leaves the action; no caller ever sees it change, and the game it
was made from never changes. When the rules must stop part-way (a decision, or a
roll from external dice), they hand the engine the draft's `Draft.freeze`, which
the engine calls only then, to show the game as it stands at that moment.

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

import inspect
import types
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import attrs

from hogwarts_rules.clue.records import Seat, SuggestionRecord
from hogwarts_rules.clue.vocabulary import Phase, Step
from hogwarts_rules.engine import CONVERT, MEMO, Context, replacer
from hogwarts_rules.frozen import FrozenMap
from hogwarts_rules.history import History

if TYPE_CHECKING:
    from hogwarts_rules.clue.content import Content
    from hogwarts_rules.clue.game import Game

__all__ = ["Draft"]

_copy_seat = replacer(Seat)


class Draft:
    """One action's private, mutable copy of a Clue `Game` (see the module docs).

    Its attributes are the game's fields of the same names, as the rules have made
    them so far (``seats`` is a plain dict of each player's `Seat`, itself frozen:
    a seat is changed with `update_seat`).

    Attributes:
        ctx: the action's context (dice, decisions, events).
        game: the game the action started from (never changed).
        content: the board and decks the game is played with.
    """

    __slots__ = (
        "_changed",
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

    seats: dict[str, Seat]
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
        self.seats = game.seats.to_dict()
        self._changed = False  # True once a seat has changed
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
        return self.phase == Phase.OVER

    # ----- changing --------------------------------------------------------------------------

    def update_seat(self, name: str, **changes: Any) -> None:
        """Change fields of ``name``'s seat (a new frozen `Seat` replaces the old one)."""
        seats = self.seats
        seats[name] = _copy_seat(seats[name], **changes)
        self._changed = True

    def freeze(self, history: History | None = None) -> Game:
        """The game as the draft now stands, as a new frozen value.

        The draft may go on changing afterwards: the value never changes with it.
        With ``history``, the action's finished game: the context's dice, that
        history and nothing pending (one copy of the game instead of two).
        """
        game = self.game
        seats = FrozenMap(self.seats) if self._changed else game.seats
        build = _BUILDERS.get(type(game)) or _builder(type(game))
        if history is None:
            return build(self, game, seats, game.dice, game.pending, game.history)
        return build(self, game, seats, self.ctx.dice, None, history)


_BUILDERS: dict[type[Any], Callable[..., Game]] = {}


def _builder(cls: type[Game]) -> Callable[..., Game]:
    """Generate the function that builds a ``cls`` from a draft: one line per field.

    Each field comes from the draft when the draft has it, else from the game the
    draft was made from; the seats, dice, pending action and history are given; a
    private memo starts empty (as `hogwarts_rules.engine.replace` does).
    """
    own = set(Draft.__slots__)
    given = {"seats", "dice", "pending", "history"}
    lines = ["def build(d, game, seats, dice, pending, history):", "    new = _new(_cls)"]
    namespace: dict[str, Any] = {"_new": object.__new__, "_cls": cls}
    for field in attrs.fields(cls):
        name = field.name
        if field.metadata.get(MEMO):
            value = "None"
        elif name in given:
            value = name
            if field.metadata.get(CONVERT) and field.converter is not None:
                namespace[f"_convert_{name}"] = field.converter
                value = f"_convert_{name}({name})"
        elif name in own:
            value = f"d.{name}"
        else:
            value = f"game.{name}"
        slot = inspect.getattr_static(cls, name, None)
        if isinstance(slot, types.MemberDescriptorType):
            namespace[f"_set_{name}"] = slot.__set__
            lines.append(f"    _set_{name}(new, {value})")
        else:  # pragma: no cover - attrs gives every field of a slotted class a slot
            namespace["_set"] = object.__setattr__
            lines.append(f"    _set(new, {name!r}, {value})")
    lines.append("    return new")
    exec("\n".join(lines), namespace)  # generated from the class's own field names
    function: Callable[..., Game] = namespace["build"]
    _BUILDERS[cls] = function
    return function
