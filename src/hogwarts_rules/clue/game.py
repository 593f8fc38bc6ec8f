"""Clue: World of Harry Potter, the game value and what may be done in it.

`Game` holds the state and answers the engine's questions (who acts, what is
legal, why an action is refused); the rules themselves are in one module per
part of the game, each with its rulings:

- `hogwarts_rules.clue.setup`: the players, their students, and the deal;
- `hogwarts_rules.clue.turn`: the dice, the wheels, Help and Dark cards, moving;
- `hogwarts_rules.clue.suggestions`: suggesting, and who must show a card;
- `hogwarts_rules.clue.accusations`: accusing in The Burrow, and the end of the game.

The rules of an action change a private, mutable `Draft` of the game, frozen once
at its end (`hogwarts_rules.clue.draft`): the game applied to never changes.

`ClueSetup`, `Seat`, `SuggestionRecord`, `BLACK_DIE` and `FLOO_BY_PLAYERS` are
importable from here as before.

Examples:
    >>> from hogwarts_rules import clue
    >>> students = {"Ann": "Harry", "Ben": "Ron", "Cat": "Luna"}
    >>> game = clue.new_game(["Ann", "Ben", "Cat"], seed=4, students=students)
    >>> game.legal_actions()
    (Deal(),)
    >>> game, events = game.apply(clue.Deal())
    >>> game.to_act, game.legal_actions()
    (('Ann',), (RollDice(player='Ann'),))
    >>> len(game.view("Ann").hand)
    6
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Final, Self

import attrs

from hogwarts_rules.actions import Action
from hogwarts_rules.clue import accusations, suggestions, turn
from hogwarts_rules.clue.actions import (
    Accuse,
    ClueAction,
    Deal,
    EndTurn,
    MoveTo,
    PlayerAction,
    RollDice,
    StayPut,
    Suggest,
    UseFireplace,
)
from hogwarts_rules.clue.cards import BURROW, LOCATIONS
from hogwarts_rules.clue.content import Board, Content, default_content
from hogwarts_rules.clue.draft import Draft
from hogwarts_rules.clue.errors import refuse
from hogwarts_rules.clue.movement import Position, cell_name
from hogwarts_rules.clue.records import Seat, SuggestionRecord
from hogwarts_rules.clue.setup import FLOO_BY_PLAYERS, ClueSetup, deal, start
from hogwarts_rules.clue.turn import BLACK_DIE, Moves
from hogwarts_rules.clue.vocabulary import Phase, Step
from hogwarts_rules.dice import DiceSource
from hogwarts_rules.engine import MEMO, Context, GameBase, Outcome, check_player_names, make_dice
from hogwarts_rules.frozen import FrozenMap
from hogwarts_rules.history import History
from hogwarts_rules.serialization import shown_key, unstructure

if TYPE_CHECKING:
    from hogwarts_rules.clue.view import ClueView

__all__ = [
    "BLACK_DIE",
    "FLOO_BY_PLAYERS",
    "KIND",
    "ClueSetup",
    "Game",
    "Seat",
    "SuggestionRecord",
    "new_game",
]

KIND: Final = "clue"
"""The game's kind, as written in saved games."""

_EXPECTED: Final = {
    Step.ROLL: "roll the dice",
    Step.MOVE: "move",
    Step.ACT: "suggest, accuse or end the turn",
}


# The words read on every action, bound once: in Python 3.11 reading a member from its enum
# goes through the enum class's ``__getattr__``, as costly as a call.
_DEAL_PHASE, _PLAY, _OVER = Phase.DEAL, Phase.PLAY, Phase.OVER
_ROLL, _MOVE, _ACT = Step.ROLL, Step.MOVE, Step.ACT


def _phase(value: str) -> Phase:
    return Phase(value)


def _step(value: str) -> Step:
    return Step(value)


@attrs.frozen(kw_only=True, repr=False)
class Game(GameBase):
    """A game of Clue (immutable; see `hogwarts_rules.engine`).

    The full game holds every secret (the envelope, the hands, the decks): give
    players `view` instead. Its repr shows only public facts.

    Attributes:
        setup: how the game started.
        seats: every player's seat, by name, in seat order.
        order: the order of play, first player first.
        phase: `Phase.DEAL`, `Phase.PLAY` or `Phase.OVER` (``"deal"``, ``"play"``, ``"over"``).
        missing: the missing student.
        envelope: the three cards of the solution (secret).
        wheels: each wheel's notch (0 is START).
        help_deck: the Help cards not drawn yet (secret order: drawn at random).
        help_discard: Help cards used up.
        dark_deck: the Dark cards not drawn yet.
        dark_discard: Dark cards already read.
        tokens: where each suspect and item token stands (after suggestions).
        turn: the index in ``order`` of the player whose turn it is.
        step: the step of the turn that comes next: `Step.ROLL`, `Step.MOVE` or
            `Step.ACT` (``"roll"``, ``"move"``, ``"act"``).
        green: the green die of this turn.
        left: the location the pawn left this turn (no coming back).
        entered: the location entered this turn (where a suggestion may be made).
        suggestions: every suggestion, as everyone saw it.
        shown: every card shown: (suggester, refuter, card) (secret).
        accused_wrongly: players who accused wrongly (and so saw the envelope).
        wrong_accusations: every wrong accusation, as (player, suspect, item, location).
        winner: the winner, once there is one.
    """

    KIND: ClassVar[str] = KIND
    SETUP_TYPE: ClassVar[type[Any]] = ClueSetup
    ACTION_TYPE: ClassVar[type[Action]] = ClueAction

    setup: ClueSetup
    seats: FrozenMap[str, Seat]
    order: tuple[str, ...]
    phase: Phase = attrs.field(default=Phase.DEAL, converter=_phase)
    missing: str | None = None
    envelope: tuple[str, ...] = ()
    wheels: FrozenMap[str, int] = attrs.field(factory=FrozenMap)
    help_deck: tuple[str, ...] = ()
    help_discard: tuple[str, ...] = ()
    dark_deck: tuple[str, ...] = ()
    dark_discard: tuple[str, ...] = ()
    tokens: FrozenMap[str, str] = attrs.field(factory=FrozenMap)
    turn: int = 0
    step: Step = attrs.field(default=Step.ROLL, converter=_step)
    green: int = 0
    left: str | None = None
    entered: str | None = None
    suggestions: tuple[SuggestionRecord, ...] = ()
    shown: tuple[tuple[str, str, str], ...] = ()
    accused_wrongly: tuple[str, ...] = ()
    wrong_accusations: tuple[tuple[str, str, str, str], ...] = ()
    winner: str | None = None
    # Derived data kept once worked out, like the engine's memos (`GameBase.to_act`): each a
    # pure function of the fields above, never part of equality, repr or to_dict, and empty
    # in a copy (`hogwarts_rules.engine.replace`); the draft carries the wheels' over to the
    # next game while the wheels stay as they were (`hogwarts_rules.clue.draft`).
    _wheels_memo: tuple[frozenset[str], frozenset[str]] | None = attrs.field(
        default=None, init=False, eq=False, repr=False, metadata={MEMO: True}
    )
    _moves_memo: Moves | None = attrs.field(
        default=None, init=False, eq=False, repr=False, metadata={MEMO: True}
    )

    def __getstate__(self) -> dict[str, Any]:
        """What pickling keeps: every field but the memos (worked out again when asked)."""
        return {name: getattr(self, name) for name in _PICKLED}

    def __setstate__(self, state: dict[str, Any]) -> None:
        """Restore a pickled game, with its memos empty."""
        for field in attrs.fields(type(self)):
            name = field.name
            object.__setattr__(self, name, None if field.metadata.get(MEMO) else state[name])

    def __str__(self) -> str:
        """The text board (see `hogwarts_rules.clue.text.board_text`)."""
        from hogwarts_rules.clue.text import board_text

        return board_text(self)

    def __repr__(self) -> str:
        """A short summary that shows no secret (see `hogwarts_rules.clue.text.short_repr`)."""
        from hogwarts_rules.clue.text import short_repr

        return short_repr(self)

    # ----- reading the game ----------------------------------------------------------------

    @property
    def content(self) -> Content:
        """The board and decks this game is played with."""
        return self.setup.content or default_content()

    @property
    def current_player(self) -> str | None:
        """Whose turn it is (``None`` before the deal and after the end)."""
        return self.order[self.turn] if self.phase == _PLAY else None

    def seat(self, name: str) -> Seat:
        """A player's seat.

        Raises:
            IllegalActionError: there is no such player.
        """
        found = self.seats.get(name) if type(name) is str else None
        if found is None:
            raise refuse(
                "unknown_player", f"there is no player called {shown_key(name)!r} in this game"
            )
        return found

    def closed_doors(self) -> frozenset[str]:
        """The doors the wheels close now."""
        return self._wheel_state[0]

    def lit_fireplaces(self) -> frozenset[str]:
        """The locations whose fireplace the wheels light now."""
        return self._wheel_state[1]

    @property
    def _wheel_state(self) -> tuple[frozenset[str], frozenset[str]]:
        """The closed doors and the lit fireplaces (see `Board.wheel_state`)."""
        found = self._wheels_memo
        if found is None:
            board = self.content.board
            wheels = self.wheels
            try:
                notches = tuple(map(wheels._data.__getitem__, _wheel_names(board)))
            except KeyError:  # a wheel never turned in an older game's state: at START
                notches = tuple(wheels.get(name, 0) for name in _wheel_names(board))
            found = board.wheel_state(notches)
            object.__setattr__(self, "_wheels_memo", found)
        return found

    def to_svg(self, *, width: int | None = None) -> str:
        """The board as everyone at the table sees it, as an SVG document.

        The picture of the table's view (``view(None)``): public facts only, never
        a hand, a face-down card or the envelope (see `svg.board_svg`; a player's
        own cards are drawn by `ClueView.to_svg`).

        Args:
            width: the picture's width in pixels (default `svg.DEFAULT_WIDTH`).
        """
        return self.view(None).to_svg(width=width, content=self.content)

    def _repr_svg_(self) -> str:
        """The picture Jupyter shows for a game (`to_svg`: public facts only)."""
        return self.to_svg()

    def view(self, seat: str | None) -> ClueView:
        """What ``seat`` may know: a `ClueView` (own hand, public facts, cards shown to them).

        ``None`` gives the table's view: public facts only, nobody's cards (the
        envelope once the game is over).

        Raises:
            IllegalActionError: there is no such player.
        """
        # Imported here: the view module reads the game's records from this module.
        from hogwarts_rules.clue.view import view_for

        if seat is not None:
            self.seat(seat)
        return view_for(self, seat)

    @property
    def seat_names(self) -> tuple[str, ...]:
        """The players, in seat order."""
        return self.setup.players

    @property
    def is_over(self) -> bool:
        """True once someone accused correctly, or everyone accused wrongly."""
        return self.phase == _OVER

    @property
    def outcome(self) -> Outcome | None:
        """The winner (or nobody), once the game is over."""
        if self.phase != Phase.OVER:
            return None
        if self.winner is None:
            return Outcome(
                (), "all_eliminated", description="Everyone accused wrongly; nobody wins."
            )
        return Outcome(
            (self.winner,), "correct_accusation", description=f"{self.winner} solved the mystery."
        )

    # ----- what can happen now ---------------------------------------------------------------

    def legal_actions(self, player: str | None = None) -> tuple[Action, ...]:
        """Every action the rules allow now, optionally only those ``player`` may take.

        See `GameBase.legal_actions`. During play every action that can start belongs to
        the player whose turn it is, so theirs are listed without filtering.
        """
        if self.pending is None and self.phase == _PLAY and player == self.order[self.turn]:
            return self._memo_root or self._legal_root()
        return super().legal_actions(player)

    def _root_to_act(self) -> tuple[str, ...]:
        current = self.current_player
        return () if current is None else _alone(current)

    def _root_actions(self) -> tuple[Action, ...]:
        if self.phase == _DEAL_PHASE:
            return _DEAL
        name = self.current_player
        if name is None:
            return ()
        if self.step == _MOVE:
            return self._current_moves[0]
        return _step_actions(name, self.step, self.entered)

    def movement_options(self) -> tuple[tuple[Action, tuple[str, ...]], ...]:
        """During the move step: each move action with the path it walks (for a UI to highlight)."""
        name = self.current_player
        if name is None or self.step != Step.MOVE or self.pending is not None:
            return ()
        return tuple(
            (action, tuple(cell_name(p) for p in path))
            for action, path in zip(*self._current_moves, strict=True)
        )

    @property
    def _current_moves(self) -> Moves:
        """The current player's moves (during the move step), worked out once."""
        found = self._moves_memo
        if found is None:
            name = self.current_player
            assert name is not None
            found = turn.move_options(self, name)
            object.__setattr__(self, "_moves_memo", found)
        return found

    def _move_path(self, action: Action) -> tuple[Position, ...]:
        """The path of a legal move of the current player."""
        actions, paths = self._current_moves
        return paths[_index(actions, action)]

    def _is_root_action(self, action: Action) -> bool:
        """``action in self._root_actions()``, without walking the list where it is long."""
        if self.phase != _PLAY or not isinstance(action, PlayerAction):
            return action in self._legal_root()
        name = self.current_player
        if action.player != name:
            return False
        step = self.step
        try:
            if step == _ACT:
                if isinstance(action, Suggest):
                    return self.entered in LOCATIONS and action in suggestions.offered_set(name)
                if isinstance(action, Accuse):
                    return self.entered == BURROW and action in accusations.offered_set(name)
        except TypeError:  # an unhashable field: not an action the rules list
            return False
        return _index(self._legal_root(), action) >= 0

    def _check_root(self, action: Action) -> None:
        if self._is_root_action(action):
            return
        if isinstance(action, Deal):
            raise refuse("already_dealt", "the cards have been dealt")
        if not isinstance(action, PlayerAction):
            raise refuse("bad_action", f"{type(action).__name__} cannot be played now")
        self.seat(action.player)
        if self.phase == Phase.DEAL:
            raise refuse("not_dealt", "deal the cards (Deal) first")
        if action.player != self.current_player:
            raise refuse(
                "not_your_turn", f"it is {self.current_player}'s turn, not {action.player}'s"
            )
        kind = type(action).__name__
        if isinstance(
            action, RollDice | MoveTo | UseFireplace | StayPut | Suggest | Accuse | EndTurn
        ):
            if isinstance(action, Suggest) and self.step == Step.ACT:
                raise suggestions.refusal(self, action)
            if isinstance(action, Accuse) and self.step == Step.ACT:
                raise accusations.refusal(self, action)
            if isinstance(action, MoveTo | UseFireplace | StayPut) and self.step == Step.MOVE:
                raise turn.move_refusal(action)
            raise refuse(
                "wrong_step",
                f"{kind} is not allowed now: {action.player} must {_EXPECTED[self.step]}",
            )
        raise refuse("not_now", f"{kind} is a decision the rules ask for; none is awaited")

    # ----- playing an action ----------------------------------------------------------------------

    def _play(self, ctx: Context, action: Action) -> Self:
        draft = Draft(ctx, self)
        _rules(draft, action)
        return draft.freeze()  # type: ignore[return-value]

    def _play_to_end(self, ctx: Context, action: Action, history: History) -> Self:
        draft = Draft(ctx, self)
        _rules(draft, action)
        # Who acts next and, but for a move (a search), what they may do: known already.
        if draft.phase != _PLAY:
            return draft.freeze(history)  # type: ignore[return-value]
        name = draft.order[draft.turn]
        step = draft.step
        actions = None if step == _MOVE else _step_actions(name, step, draft.entered)
        return draft.freeze(history, _alone(name), actions)  # type: ignore[return-value]

    # ----- serialization ----------------------------------------------------------------------

    @classmethod
    def _start(cls, setup: ClueSetup) -> Self:
        return start(cls, setup)

    def _state_dict(self) -> dict[str, Any]:
        # The full game's state, secrets included: for the table's own records, not for players.
        return {
            "phase": str(self.phase),
            "missing": self.missing,
            "envelope": list(self.envelope),
            "seats": {name: unstructure(seat) for name, seat in self.seats.items()},
            "order": list(self.order),
            "turn": self.turn,
            "step": str(self.step),
            "green": self.green,
            "wheels": dict(self.wheels),
            "tokens": dict(self.tokens),
            "winner": self.winner,
            "to_act": list(self.to_act),
        }


_MOVES: Final = (MoveTo, UseFireplace, StayPut)

_PICKLED: Final = tuple(f.name for f in attrs.fields(Game) if not f.metadata.get(MEMO))


def _rules(d: Draft, action: Action) -> None:
    """Play a checked root action on the action's draft (see `hogwarts_rules.clue.draft`)."""
    if isinstance(action, RollDice):
        turn.roll(d, action.player)
    elif isinstance(action, _MOVES):
        turn.move(d, action)
        if d.entered is None or d.is_over:
            turn.next_turn(d)
    elif isinstance(action, Deal):
        deal(d)
    elif isinstance(action, Suggest):
        suggestions.suggest(d, action)
        turn.next_turn(d)
    elif isinstance(action, Accuse):
        accusations.accuse(d, action)
        turn.next_turn(d)
    else:
        assert isinstance(action, EndTurn)
        turn.next_turn(d)


def _index(actions: tuple[Action, ...], action: Action) -> int:
    """Where ``action`` is in ``actions`` (-1 if nowhere): the very object first, then an equal one.

    Drivers hand back an action from the list they were given: finding that object
    first spares comparing it field by field with each action before it.
    """
    for number, option in enumerate(actions):
        if option is action:
            return number
    for number, option in enumerate(actions):
        if option == action:
            return number
    return -1


_DEAL: Final = (Deal(),)


def _wheel_names(board: Board) -> tuple[str, ...]:
    """The board's wheels' names, in order (kept with the board)."""
    names: tuple[str, ...] | None = board._memo.get("wheel names")
    if names is None:
        names = board._memo["wheel names"] = tuple(wheel.name for wheel in board.wheels)
    return names


@functools.lru_cache(maxsize=256)
def _alone(name: str) -> tuple[str, ...]:
    return (name,)


@functools.lru_cache(maxsize=256)
def _roll(name: str) -> tuple[Action, ...]:
    return (RollDice(name),)


def _step_actions(name: str, step: Step, entered: str | None) -> tuple[Action, ...]:
    """The current player's actions at the roll or act step (which need no search)."""
    if step == _ROLL:
        return _roll(name)
    if entered in LOCATIONS:
        return _acts(name, burrow=False)
    if entered == BURROW:
        return _acts(name, burrow=True)
    return (_end_turn(name),)


@functools.lru_cache(maxsize=256)
def _end_turn(name: str) -> EndTurn:
    return EndTurn(name)


@functools.lru_cache(maxsize=512)
def _acts(name: str, *, burrow: bool) -> tuple[Action, ...]:
    """The act step's actions in a location (or The Burrow): every offer, then `EndTurn`."""
    offers = accusations._offered(name) if burrow else suggestions._offered(name)
    return (*offers, _end_turn(name))


def new_game(
    players: Sequence[str],
    *,
    seed: int | None = None,
    dice: DiceSource | None = None,
    **options: Any,
) -> Game:
    """Start a game of Clue for 3 to 5 players; the first action is the `Deal`.

    Args:
        players: names in seat order (play passes to the left: the next name).
        seed: seed for the default `SeededDice`.
        dice: another dice source (scripted or external); not with ``seed``.
        **options: ``first_player`` (who starts; default the first name),
            ``students`` (player -> student chosen in advance; the others choose at
            the deal), ``content`` (a `Content` from `load_content`; default board and decks).

    Raises:
        IllegalActionError: bad names, player count or options.
    """
    known = {"first_player", "students", "content"}
    unknown = sorted(set(options) - known)
    if unknown:
        raise refuse(
            "unknown_option", f"unknown option {unknown[0]!r} (known: {', '.join(sorted(known))})"
        )
    content = options.get("content")
    if content is not None and not isinstance(content, Content):
        raise refuse("bad_content", "content must be a Content (see load_content)")
    names = check_player_names(players, minimum=3, maximum=5)
    setup = ClueSetup(
        names,
        make_dice(seed, dice),
        options.get("first_player"),
        FrozenMap(options.get("students") or {}),
        content,
    )
    return Game._start(setup)
