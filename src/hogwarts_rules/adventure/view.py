"""What a seat (or the table) sees of a game of First Year Adventure.

The board game keeps no secrets, so every seat sees every player's record; but
no view holds the dice, whose seed and state would predict every roll.

Examples:
    >>> from hogwarts_rules import adventure
    >>> game = adventure.new_game(["Harry", "Ron"], seed=1)
    >>> view = game.view("Harry")
    >>> view.legal_actions, hasattr(view, "dice")
    ((RollOff(),), False)
    >>> sorted(view.to_dict())[:4]
    ['ask', 'current_player', 'details', 'finished']
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

import attrs

from hogwarts_rules.actions import Action
from hogwarts_rules.adventure.events import Ending
from hogwarts_rules.adventure.player import Player
from hogwarts_rules.engine import Outcome
from hogwarts_rules.frozen import FrozenMap
from hogwarts_rules.serialization import unstructure
from hogwarts_rules.views import (
    actions_dict,
    awaited_for,
    engine_ask,
    positional,
    view_from_dict,
    viewer_actions,
)

if TYPE_CHECKING:
    from hogwarts_rules.adventure.game import Game

__all__ = ["AdventureView", "Ask", "AskKind", "ask_for", "view_for"]


AskKind = Literal["roll_off", "turn", "decision", "chance", "over"]
"""What a game of First Year Adventure asks for now (`Ask.kind`)."""


# No weak references: then `views.positional` can build it as its twin (hogwarts_rules._build).
@attrs.frozen(weakref_slot=False)
class Ask:
    """Who acts now and what they are asked, in words and as data (every state has one).

    Attributes:
        player: who acts: a player's name; ``"<chance>"`` (`hogwarts_rules.CHANCE`)
            when external dice must supply a roll; ``None`` when any seat may act
            (the roll-off) or nobody (the game is over).
        kind: what is asked: ``"roll_off"`` (roll for who goes first), ``"turn"``
            (the current player starts a turn: the legal actions say how it may
            move), ``"decision"`` (a choice the rules ask for on the way: keep a
            roll, pick a house, a space...), ``"chance"`` (a roll of external dice)
            or ``"over"``.
        text: the same in words (for a decision, the rules' own prompt).
    """

    player: str | None
    kind: AskKind
    text: str


# No weak references: then `views.positional` can build it as its twin (hogwarts_rules._build).
@attrs.frozen(weakref_slot=False)
class AdventureView:
    """One seat's view of First Year Adventure (the table's when ``viewer`` is ``None``).

    Attributes:
        viewer: whose view (``None``: the table's).
        players: every player's record, by name, in seat order.
        order: the order of play once the roll-off is done.
        turn: the index in ``order`` of the player whose turn it is.
        round: the current round (0 before the roll-off).
        finished: why the game ended, or ``None`` while it goes on.
        current_player: whose turn it is, if anybody's.
        to_act: who must decide now.
        legal_actions: what the viewer may do now (the table: nothing).
        ask: who acts now and what they are asked (see `Ask`), in every state.
        prompt: what is being decided (or rolled), in words; empty when nothing is awaited.
        details: the facts of that decision (the table and the roll), if any.
        outcome: how the game ended, once it has.
    """

    viewer: str | None
    players: FrozenMap[str, Player]
    order: tuple[str, ...]
    turn: int
    round: int
    finished: Ending | None
    current_player: str | None
    to_act: tuple[str, ...]
    legal_actions: tuple[Action, ...]
    ask: Ask
    prompt: str
    details: FrozenMap[str, int | str]
    outcome: Outcome | None

    def __str__(self) -> str:
        """The text board (see `hogwarts_rules.adventure.text.board_text`)."""
        from hogwarts_rules.adventure.text import board_text

        return board_text(self)

    def __repr__(self) -> str:
        """A short summary that shows no secret (see `hogwarts_rules.adventure.text.short_repr`)."""
        from hogwarts_rules.adventure.text import short_repr

        return short_repr(self)

    @property
    def is_over(self) -> bool:
        """True once the game has ended."""
        return self.finished is not None

    def to_svg(self, *, width: int | None = None) -> str:
        """The board, the pawns and the players as an SVG document (see `svg.board_svg`)."""
        from hogwarts_rules.adventure.svg import DEFAULT_WIDTH, board_svg

        return board_svg(self, width=DEFAULT_WIDTH if width is None else width)

    def _repr_svg_(self) -> str:
        """The picture Jupyter shows for a view (`to_svg`)."""
        return self.to_svg()

    @classmethod
    def from_dict(cls, data: object) -> AdventureView:
        """Rebuild a view from `to_dict()` output (untrusted: checked strictly).

        Raises:
            InvalidDataError: the data does not fit (the message names the field).
        """
        return view_from_dict(cls, data)

    def to_dict(self) -> dict[str, Any]:
        """The view as JSON-safe data (for a UI)."""
        return actions_dict(unstructure(self), self.legal_actions)


_MOVES: dict[str, str] = {
    "adventure.move_one": "move one space",
    "adventure.roll_to_move": "roll to move",
    "adventure.go_to_third_floor": "go to the 3rd Floor",
    "adventure.enter_dungeon": "enter the dungeon",
    "adventure.take_turn": "play the turn (one space on, off the loop)",
}


# Views are built from values the game made itself, whose types are final: their
# fast constructors (no converter, no validator) build values equal to ``cls(...)``.
_make_ask = positional(Ask)
_make_view = positional(AdventureView)

_ROLL_OFF_ASK = Ask(None, "roll_off", "Roll for who goes first")
_NO_DETAILS: FrozenMap[str, int | str] = FrozenMap()

# The question of a turn, by (current player, the types of their legal actions): a
# pure function of the key, and the same `Ask` value each time (asks are frozen and
# compared by value).
_TURN_ASKS: dict[tuple[str, tuple[str, ...]], Ask] = {}
_TURN_ASKS_LIMIT = 256
_SEEN: dict[int, tuple[tuple[Action, ...], str, Ask]] = {}


def ask_for(game: Game) -> Ask:
    """Who acts in ``game`` and what they are asked (the game keeps no secrets)."""
    return _ask(game, game.current_player, None)


def _ask(game: Game, current: str | None, actions: tuple[Action, ...] | None) -> Ask:
    """`ask_for`, given ``game.current_player`` and, if known, its legal actions."""
    if game.pending is not None or game.finished is not None:
        asked = engine_ask(game, None, secret=False)
        if asked is not None:
            return _make_ask(*asked)
    if current is None:
        return _ROLL_OFF_ASK
    if actions is None:
        actions = game.legal_actions(current)
    # Turn actions are shared tuples (one per player and kind of turn): known by identity
    # first (the entry keeps its tuple alive, so the id cannot be reused meanwhile).
    seen = _SEEN.get(id(actions))
    if seen is not None and seen[0] is actions and seen[1] == current:
        return seen[2]
    if len(_SEEN) >= _TURN_ASKS_LIMIT:
        _SEEN.clear()
    found = _turn_ask(current, actions)
    _SEEN[id(actions)] = actions, current, found
    return found


def _turn_ask(current: str, actions: tuple[Action, ...]) -> Ask:
    """The question of ``current``'s turn, given its legal actions."""
    key = (current, tuple([action.TYPE for action in actions]))
    found = _TURN_ASKS.get(key)
    if found is None:
        if len(_TURN_ASKS) >= _TURN_ASKS_LIMIT:
            _TURN_ASKS.clear()
        moves = [_MOVES.get(kind, kind) for kind in key[1]]
        choices = " or ".join(moves) if moves else "play"
        found = _TURN_ASKS[key] = _make_ask(current, "turn", f"{current}'s turn: {choices}")
    return found


def view_for(game: Game, seat: str | None) -> AdventureView:
    """Build ``seat``'s view of ``game`` (use `Game.view`)."""
    pending = game.pending
    if pending is None:  # `awaited_for`, written out: nothing is awaited
        prompt, details = "", _NO_DETAILS
    else:
        prompt, details = awaited_for(game, seat, public=True)
    finished = game.finished
    order = game.order  # `Game.current_player`, written out
    current = order[game.turn] if order and finished is None else None
    to_act = game.to_act
    # The seat's actions (`viewer_actions`), worked out once: when the seat is the
    # only one to act and its turn has no pending question, they are also the
    # current player's actions that the turn's question names.
    if seat is not None and finished is None and len(to_act) == 1 and to_act[0] == seat:
        actions = game.legal_actions(seat)
        if pending is None and seat == current:  # `_ask`, written out: the turn's question
            seen = _SEEN.get(id(actions))
            if seen is not None and seen[0] is actions and seen[1] == current:
                asked = seen[2]
            else:
                asked = _ask(game, current, actions)
        else:
            asked = _ask(game, current, actions if seat == current else None)
    else:
        actions = viewer_actions(game, seat)
        asked = _ask(game, current, None)
    # Positional, in `AdventureView`'s field order (checked against
    # ``AdventureView(...)`` in tests/test_view_speed.py).
    return _make_view(
        seat,
        game.players,
        game.order,
        game.turn,
        game.round,
        finished,
        current,
        to_act,
        actions,
        asked,
        prompt,
        details,
        None if finished is None else game.outcome,
    )
