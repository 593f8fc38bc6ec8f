"""What one player may know of a game of Clue.

A `ClueView` holds the player's own hand and face-down Help card, everything
public (positions, wheels, tokens, face-up Help cards, Floo powder, hand sizes,
every suggestion with who passed and who showed), and the cards shown to or by
this player. It never holds the envelope (unless the player accused wrongly and
so looked in it, or the game is over), other players' hands, the decks' contents,
or the dice's state.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

import attrs

from hogwarts_rules.actions import Action
from hogwarts_rules.clue.records import SuggestionRecord
from hogwarts_rules.clue.vocabulary import Phase, Step
from hogwarts_rules.engine import Outcome
from hogwarts_rules.frozen import FrozenMap, sorted_repr
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
    from hogwarts_rules.clue.content import Content
    from hogwarts_rules.clue.game import Game

__all__ = ["Ask", "AskKind", "ClueView", "SeatView", "ask_for", "public_seats", "view_for"]


AskKind = Literal["deal", "roll", "move", "act", "decision", "chance", "over"]
"""What a game of Clue asks for now (`Ask.kind`)."""


# No weak references: then `views.positional` can build it as its twin (hogwarts_rules._build).
@attrs.frozen(weakref_slot=False)
class Ask:
    """Who acts now and what they are asked, in words and as data (every state has one).

    Attributes:
        player: who acts: a player's name; ``"<chance>"`` (`hogwarts_rules.CHANCE`)
            when external dice must supply a roll; ``None`` when any seat may act
            (the deal) or nobody (the game is over).
        kind: what is asked: ``"deal"`` (anyone deals the cards), the current
            player's turn step ``"roll"``, ``"move"`` or ``"act"`` (suggest, accuse
            in The Burrow, or end the turn), ``"decision"`` (a decision the rules
            ask for on the way: a student to choose, a card to show, a Dark card
            to answer; its words and facts go to the deciding player only),
            ``"chance"`` (a roll of external dice) or ``"over"``.
        text: the same in words (for the deciding player, the rules' own prompt).
    """

    player: str | None
    kind: AskKind
    text: str


@attrs.frozen
class SeatView:
    """A seat as everyone sees it.

    Attributes:
        name: the player.
        student: the student played.
        position: a square ``"row,column"``, a location, or ``None``.
        help_cards: face-up Help cards.
        hidden_help: how many face-down Help cards.
        floo: Floo powder.
        hand_size: how many mystery cards.
        eliminated: accused wrongly.
    """

    name: str
    student: str | None
    position: str | None
    help_cards: tuple[str, ...]
    hidden_help: int
    floo: int
    hand_size: int
    eliminated: bool


# No weak references: then `views.positional` can build it as its twin (hogwarts_rules._build).
@attrs.frozen(weakref_slot=False)
class ClueView:
    """One player's view of the game (see the module docstring for what it holds).

    The table's view (``game.view(None)``, what a spectator sees) has no
    ``player`` and holds nobody's own cards.

    Attributes:
        player: whose view (``None``: the table's).
        hand: the player's mystery cards.
        hidden_help: the player's face-down Help cards.
        seats: every seat as everyone sees it, in seat order.
        order: the order of play.
        missing: the missing student.
        wheels: each wheel's notch.
        closed_doors: the doors closed now.
        lit_fireplaces: the fireplaces lit now.
        tokens: where the suspect and item tokens stand.
        current_player: whose turn it is.
        step: ``"roll"``, ``"move"`` or ``"act"``.
        green: the green die of this turn.
        entered: the location entered this turn.
        suggestions: every suggestion, as everyone saw it.
        wrong_accusations: every wrong accusation, as (player, suspect, item, location).
        shown_to_me: (refuter, card) for each card shown to this player.
        shown_by_me: (suggester, card) for each card this player showed.
        help_deck_size: Help cards left to draw.
        dark_deck_size: Dark cards left to draw.
        to_act: who must decide now.
        legal_actions: what this player may do now (the table: nothing).
        ask: who acts now and what they are asked (see `Ask`), in every state.
        prompt: what this player is asked to decide, if anything.
        details: the facts of that decision (the suggestion being refuted, the Dark
            card and its Floo cost, the roll), if anything.
        envelope: the solution, if this player may know it (after a wrong
            accusation of theirs, or at the end); else empty.
        phase: ``"deal"``, ``"play"`` or ``"over"``.
        winner: the winner, if any.
        outcome: how the game ended, once it has.
    """

    player: str | None
    hand: tuple[str, ...]
    hidden_help: tuple[str, ...]
    seats: tuple[SeatView, ...]
    order: tuple[str, ...]
    missing: str | None
    wheels: FrozenMap[str, int]
    closed_doors: frozenset[str] = attrs.field(repr=sorted_repr)
    lit_fireplaces: frozenset[str] = attrs.field(repr=sorted_repr)
    tokens: FrozenMap[str, str]
    current_player: str | None
    step: Step
    green: int
    entered: str | None
    suggestions: tuple[SuggestionRecord, ...]
    wrong_accusations: tuple[tuple[str, str, str, str], ...]
    shown_to_me: tuple[tuple[str, str], ...]
    shown_by_me: tuple[tuple[str, str], ...]
    help_deck_size: int
    dark_deck_size: int
    to_act: tuple[str, ...]
    legal_actions: tuple[Action, ...]
    ask: Ask
    prompt: str
    details: FrozenMap[str, int | str]
    envelope: tuple[str, ...]
    phase: Phase
    winner: str | None
    outcome: Outcome | None = None

    def __str__(self) -> str:
        """The text board (see `hogwarts_rules.clue.text.board_text`)."""
        from hogwarts_rules.clue.text import board_text

        return board_text(self)

    def __repr__(self) -> str:
        """A short summary that shows no secret (see `hogwarts_rules.clue.text.short_repr`)."""
        from hogwarts_rules.clue.text import short_repr

        return short_repr(self)

    @property
    def viewer(self) -> str | None:
        """Whose view this is (``None``: the table's); the same as `player`."""
        return self.player

    @property
    def me(self) -> str:
        """The viewing player's name.

        Raises:
            ValueError: this is the table's view, which belongs to no player.
        """
        if self.player is None:
            raise ValueError("the table's view belongs to no player")
        return self.player

    def seat(self, name: str) -> SeatView:
        """A seat by player name (``KeyError`` if unknown)."""
        for seat in self.seats:
            if seat.name == name:
                return seat
        raise KeyError(name)

    def to_svg(self, *, width: int | None = None, content: Content | None = None) -> str:
        """The board with this player's own cards beside it, as an SVG document.

        Only what this player may know: the public board and table, plus their
        hand, face-down Help cards and the cards shown to or by them (see
        `svg.board_svg`).

        Args:
            width: the picture's width in pixels (default `svg.DEFAULT_WIDTH`).
            content: the game's content when it is not the library's default (a
                view does not hold the board).

        Raises:
            ValueError: the view does not fit ``content``.
        """
        from hogwarts_rules.clue.svg import DEFAULT_WIDTH, board_svg

        return board_svg(self, width=DEFAULT_WIDTH if width is None else width, content=content)

    def _repr_svg_(self) -> str | None:
        """The picture Jupyter shows for a view (`to_svg` on the default board).

        ``None`` (no picture: Jupyter falls back to the text repr) when the view does
        not fit the default board; call ``to_svg(content=...)`` then.
        """
        try:
            return self.to_svg()
        except ValueError:
            return None

    @classmethod
    def from_dict(cls, data: object) -> ClueView:
        """Rebuild a view from `to_dict()` output (untrusted: checked strictly).

        Raises:
            InvalidDataError: the data does not fit (the message names the field).
        """
        return view_from_dict(cls, data)

    def to_dict(self) -> dict[str, Any]:
        """The view as JSON-safe data (for a UI); ``viewer`` repeats ``player``, as in all views."""
        result: dict[str, Any] = {"viewer": self.player, **unstructure(self)}
        return actions_dict(result, self.legal_actions)


def public_seats(game: Game) -> tuple[SeatView, ...]:
    """What everyone may see of every seat, in seat order (no card is named but face-up Help)."""
    # Each seat value builds its public part once (a seat that did not change since the
    # last action is the same value, and so costs nothing).
    return tuple([seat._public for seat in game.seats._data.values()])


_Shown = tuple[tuple[str, str, str], ...]
_Mine = tuple[tuple[tuple[str, str], ...], tuple[tuple[str, str], ...]]

# Every player's part of a game's ``shown`` record, by the record (a tuple that stays
# the same value, and the same object, from one action to the next until a card is
# shown): a pure function of the tuple, kept with a reference to it, so that an entry
# is only ever found for the very tuple it was built from. Worked out for every player
# at once, in one pass over the record.
_SHOWN: dict[int, tuple[_Shown, dict[str, _Mine]]] = {}
_SHOWN_LIMIT = 256
_NONE_SHOWN: _Mine = ((), ())


def _shown_for(shown: _Shown, player: str) -> _Mine:
    """(refuter, card) for each card shown to ``player``, (suggester, card) for each shown by."""
    entry = _SHOWN.get(id(shown))
    if entry is None or entry[0] is not shown:
        if len(_SHOWN) >= _SHOWN_LIMIT:
            _SHOWN.clear()
        to: dict[str, list[tuple[str, str]]] = {}
        by: dict[str, list[tuple[str, str]]] = {}
        for suggester, refuter, card in shown:
            to.setdefault(suggester, []).append((refuter, card))
            by.setdefault(refuter, []).append((suggester, card))
        everyone = {name: (tuple(to.get(name, ())), tuple(by.get(name, ()))) for name in {*to, *by}}
        entry = _SHOWN[id(shown)] = (shown, everyone)
    return entry[1].get(player, _NONE_SHOWN)


_STEP_ASKS: dict[Step, tuple[AskKind, str]] = {
    Step.ROLL: ("roll", "{} to roll the dice"),
    Step.MOVE: ("move", "{} to move"),
    Step.ACT: ("act", "{} to suggest, accuse or end the turn"),
}

# Views are built from values the game made itself, whose types are final: their
# fast constructors (no converter, no validator) build values equal to ``cls(...)``.
_make_ask = positional(Ask)

_DEAL_ASK = Ask(None, "deal", "Deal the cards to start the game")

# The question of an ordinary step (no decision, no roll awaited, not the current
# player's own "act" question), by (step, current player): a pure function of the
# key, and the same `Ask` value each time (asks are frozen and compared by value).
_STEP_ASK_CACHE: dict[tuple[Step, str | None], Ask] = {}
_STEP_ASK_LIMIT = 256


def ask_for(game: Game, player: str | None) -> Ask:
    """Who acts in ``game`` and what they are asked, as ``player`` may know it."""
    return _ask(game, player, None)


def _ask(game: Game, player: str | None, actions: tuple[Action, ...] | None) -> Ask:
    """`ask_for`, given ``player``'s legal actions if known."""
    if game.pending is not None or game.phase == Phase.OVER:
        asked = engine_ask(game, player, secret=True)
        if asked is not None:
            return _make_ask(*asked)
    if game.phase == Phase.DEAL:
        return _DEAL_ASK
    current = game.current_player
    step = game.step
    if step == Step.ACT and current is not None and player == current:
        words = _act_words(game, current, actions)
        return _make_ask(current, "act", f"{current} to {words}")
    key = (step, current)
    found = _STEP_ASK_CACHE.get(key)
    if found is None:
        if len(_STEP_ASK_CACHE) >= _STEP_ASK_LIMIT:
            _STEP_ASK_CACHE.clear()
        kind, words = _STEP_ASKS[Step(step)]
        found = _STEP_ASK_CACHE[key] = _make_ask(current, kind, words.format(current))
    return found


def _act_words(game: Game, player: str, actions: tuple[Action, ...] | None = None) -> str:
    """What ``player`` may do after moving, in words (for ``player`` alone).

    "suggest, accuse or end the turn", or fewer, from the player's legal actions:
    other seats are told the general question, which says nothing of the player's cards.
    """
    from hogwarts_rules.clue.actions import Accuse, EndTurn, Suggest

    if actions is None:
        actions = game.legal_actions(player)
    kinds = {type(action) for action in actions}
    offered = [
        verb
        for verb, kind in (("suggest", Suggest), ("accuse", Accuse), ("end the turn", EndTurn))
        if kind in kinds
    ]
    if not offered:
        return "act"
    if len(offered) == 1:
        return offered[0]
    return ", ".join(offered[:-1]) + " or " + offered[-1]


_make_view = positional(ClueView)


def view_for(game: Game, player: str | None) -> ClueView:
    """Build ``player``'s view of ``game``, or the table's for ``None`` (use `Game.view`)."""
    # The seats' public parts, straight from the seats' own dict (seat order).
    seats = tuple([seat._public for seat in game.seats._data.values()])
    prompt, details = awaited_for(game, player, public=False)
    phase = game.phase
    knows_envelope = phase == Phase.OVER or (player is not None and player in game.accused_wrongly)
    if player is None:
        hand: tuple[str, ...] = ()
        hidden_help: tuple[str, ...] = ()
        shown_to_me: tuple[tuple[str, str], ...] = ()
        shown_by_me: tuple[tuple[str, str], ...] = ()
    else:
        mine = game.seats._data[player]
        hand, hidden_help = mine.hand, mine.hidden_help
        shown_to_me, shown_by_me = _shown_for(game.shown, player)
    closed_doors, lit_fireplaces = game._wheel_state
    to_act = game.to_act
    # The player's actions (`viewer_actions`), worked out once: when the player is
    # the only one to act, they are also what the "act" question names.
    if player is not None and phase != Phase.OVER and to_act == (player,):
        actions = game.legal_actions(player)
        asked = _ask(game, player, actions)
    else:
        actions = viewer_actions(game, player)
        asked = _ask(game, player, None)
    # Positional, in `ClueView`'s field order (checked against ``ClueView(...)`` in
    # tests/test_view_speed.py).
    return _make_view(
        player,
        hand,
        hidden_help,
        seats,
        game.order,
        game.missing,
        game.wheels,
        closed_doors,
        lit_fireplaces,
        game.tokens,
        game.current_player,
        game.step,
        game.green,
        game.entered,
        game.suggestions,
        game.wrong_accusations,
        shown_to_me,
        shown_by_me,
        len(game.help_deck),
        len(game.dark_deck),
        to_act,
        actions,
        asked,
        prompt,
        details,
        game.envelope if knows_envelope else (),
        phase,
        game.winner,
        game.outcome,
    )
