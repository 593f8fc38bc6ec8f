"""Clue: World of Harry Potter, the game value and its rules.

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
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Final, Self

import attrs

from hogwarts_rules.actions import Action
from hogwarts_rules.clue.actions import (
    Accuse,
    ChooseStudent,
    ClueAction,
    Deal,
    EndTurn,
    MoveTo,
    PayFloo,
    PlayerAction,
    Protect,
    RollDice,
    ShowCard,
    StayPut,
    Suggest,
    UseFireplace,
)
from hogwarts_rules.clue.cards import BURROW, ITEMS, LOCATIONS, MYSTERY_CARDS, STUDENTS, SUSPECTS
from hogwarts_rules.clue.content import Content, DarkCard, default_content
from hogwarts_rules.clue.events import (
    AccusationChecked,
    Accused,
    CardsDealt,
    CardShown,
    DarkCardDrawn,
    DiceRolled,
    FlooPaid,
    GameEnded,
    HelpCardDrawn,
    HelpCardUsed,
    MissingStudent,
    Moved,
    Passed,
    Protected,
    StudentChosen,
    Suggested,
    Unrefuted,
    WheelTurned,
)
from hogwarts_rules.clue.movement import Position, cell_name, parse_position, reachable
from hogwarts_rules.dice import DiceSource

if TYPE_CHECKING:
    from hogwarts_rules.clue.view import ClueView
from hogwarts_rules.engine import Context, GameBase, Outcome, check_player_names, make_dice, replace
from hogwarts_rules.errors import IllegalActionError
from hogwarts_rules.frozen import FrozenMap
from hogwarts_rules.serialization import unstructure

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

BLACK_DIE: Final = ("star", "dark mark", "Gringotts", "Hogwarts", "Hog's Head", "Ministry of Magic")
"""The black die's six faces: a star, the Dark Mark, and the four wheels' locations."""

FLOO_BY_PLAYERS: Final[Mapping[int, int]] = {3: 8, 4: 10, 5: 12}
"""Floo powder each player starts with, by the number of players."""

ALOHOMORA: Final = "alohomora"
FELIX: Final = "felix_felicis"


def _refuse(code: str, message: str) -> IllegalActionError:
    return IllegalActionError(code, message)


def _position(value: Position | None) -> Position | None:
    if isinstance(value, list):
        return (int(value[0]), int(value[1]))
    return value


@attrs.frozen
class Seat:
    """One player's place at the table. The hand and the face-down Help card are secret.

    Attributes:
        name: the player.
        student: the student played (and the pawn's colour).
        position: a corridor square ``(row, column)``, a location's name, or ``None`` before set-up.
        hand: the mystery cards held (secret).
        help_cards: Help cards face up in front of the player.
        hidden_help: Help cards face down (the starting card; secret until used).
        floo: pinches of Floo powder.
        eliminated: made a wrong accusation (still refutes; cannot move or win).
    """

    name: str
    student: str | None = None
    position: tuple[int, int] | str | None = attrs.field(default=None, converter=_position)
    hand: tuple[str, ...] = attrs.field(default=(), repr=False)
    help_cards: tuple[str, ...] = ()
    hidden_help: tuple[str, ...] = attrs.field(default=(), repr=False)
    floo: int = 0
    eliminated: bool = False

    @property
    def all_help(self) -> tuple[str, ...]:
        """Every Help card held, face up then face down."""
        return self.help_cards + self.hidden_help


@attrs.frozen
class SuggestionRecord:
    """A suggestion as everyone saw it.

    Attributes:
        player: the suggester.
        suspect: the suspect.
        item: the item.
        location: the location.
        passed: the players who had none of the cards, in order.
        shown_by: who showed a card (``None`` when nobody could).
    """

    player: str
    suspect: str
    item: str
    location: str
    passed: tuple[str, ...]
    shown_by: str | None


@attrs.frozen
class ClueSetup:
    """How a game starts.

    Attributes:
        players: the players in seat order (play passes to the left, in this order).
        dice: the dice the game starts with.
        first_player: who starts (the text's "closest birthday"); the first listed if ``None``.
        students: students chosen in advance, by player; the others choose at the deal.
        content: the board and decks; the library's default when ``None``.
    """

    players: tuple[str, ...]
    dice: DiceSource
    first_player: str | None = None
    students: FrozenMap[str, str] = attrs.field(factory=FrozenMap, converter=FrozenMap)
    content: Content | None = None


@attrs.frozen(kw_only=True, repr=False)
class Game(GameBase):
    """A game of Clue (immutable; see `hogwarts_rules.engine`).

    The full game holds every secret (the envelope, the hands, the decks): give
    players `view` instead. Its repr shows only public facts.

    Attributes:
        setup: how the game started.
        seats: every player's seat, by name, in seat order.
        order: the order of play, first player first.
        phase: ``"deal"``, ``"play"`` or ``"over"``.
        missing: the missing student.
        envelope: the three cards of the solution (secret).
        wheels: each wheel's notch (0 is START).
        help_deck: the Help cards not drawn yet (secret order: drawn at random).
        help_discard: Help cards used up.
        dark_deck: the Dark cards not drawn yet.
        dark_discard: Dark cards already read.
        tokens: where each suspect and item token stands (after suggestions).
        turn: the index in ``order`` of the player whose turn it is.
        step: ``"roll"``, ``"move"`` or ``"act"``.
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
    phase: str = "deal"
    missing: str | None = None
    envelope: tuple[str, ...] = ()
    wheels: FrozenMap[str, int] = attrs.field(factory=FrozenMap)
    help_deck: tuple[str, ...] = ()
    help_discard: tuple[str, ...] = ()
    dark_deck: tuple[str, ...] = ()
    dark_discard: tuple[str, ...] = ()
    tokens: FrozenMap[str, str] = attrs.field(factory=FrozenMap)
    turn: int = 0
    step: str = "roll"
    green: int = 0
    left: str | None = None
    entered: str | None = None
    suggestions: tuple[SuggestionRecord, ...] = ()
    shown: tuple[tuple[str, str, str], ...] = ()
    accused_wrongly: tuple[str, ...] = ()
    wrong_accusations: tuple[tuple[str, str, str, str], ...] = ()
    winner: str | None = None

    def __repr__(self) -> str:
        where = {
            name: cell_name(s.position) if s.position is not None else None
            for name, s in self.seats.items()
        }
        return (
            f"clue.Game(phase={self.phase!r}, to_act={self.to_act!r}, "
            f"step={self.step!r}, positions={where!r})"
        )

    # ----- reading the game ----------------------------------------------------------------

    @property
    def content(self) -> Content:
        """The board and decks this game is played with."""
        return self.setup.content or default_content()

    @property
    def current_player(self) -> str | None:
        """Whose turn it is (``None`` before the deal and after the end)."""
        return self.order[self.turn] if self.phase == "play" else None

    def seat(self, name: str) -> Seat:
        """A player's seat.

        Raises:
            IllegalActionError: there is no such player.
        """
        found = self.seats.get(name) if type(name) is str else None
        if found is None:
            raise _refuse(
                "unknown_player", f"there is no player called {str(name)[:60]!r} in this game"
            )
        return found

    def closed_doors(self) -> frozenset[str]:
        """The doors the wheels close now."""
        closed: set[str] = set()
        for wheel in self.content.board.wheels:
            closed |= wheel.notches[self.wheels.get(wheel.name, 0)].closed_doors
        return frozenset(closed)

    def lit_fireplaces(self) -> frozenset[str]:
        """The locations whose fireplace the wheels light now."""
        lit: set[str] = set()
        for wheel in self.content.board.wheels:
            lit |= wheel.notches[self.wheels.get(wheel.name, 0)].lit_fireplaces
        return frozenset(lit)

    def to_svg(self, *, width: int | None = None) -> str:
        """The board as everyone at the table sees it, as an SVG document.

        Public facts only: never a hand, a face-down card or the envelope (see
        `svg.board_svg`; a player's own cards are drawn by `ClueView.to_svg`).

        Args:
            width: the picture's width in pixels (default `svg.DEFAULT_WIDTH`).
        """
        from hogwarts_rules.clue.svg import DEFAULT_WIDTH, board_svg

        return board_svg(self, width=DEFAULT_WIDTH if width is None else width)

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
        return self.phase == "over"

    @property
    def outcome(self) -> Outcome | None:
        """The winner (or nobody), once the game is over."""
        if self.phase != "over":
            return None
        if self.winner is None:
            return Outcome(
                (), "all_eliminated", description="Everyone accused wrongly; nobody wins."
            )
        return Outcome(
            (self.winner,), "correct_accusation", description=f"{self.winner} solved the mystery."
        )

    # ----- what can happen now ---------------------------------------------------------------

    def _root_to_act(self) -> tuple[str, ...]:
        current = self.current_player
        return () if current is None else (current,)

    def _root_actions(self) -> tuple[Action, ...]:
        return self._root_action_list

    @functools.cached_property
    def _root_action_list(self) -> tuple[Action, ...]:
        if self.phase == "deal":
            return (Deal(),)
        name = self.current_player
        if name is None:
            return ()
        if self.step == "roll":
            return (RollDice(name),)
        if self.step == "move":
            return tuple(action for action, _ in self._moves(name))
        actions: list[Action] = []
        if self.entered in LOCATIONS:
            actions.extend(Suggest(name, s, i) for s in SUSPECTS for i in ITEMS)
        elif self.entered == BURROW:
            actions.extend(
                Accuse(name, s, i, loc) for s in SUSPECTS for i in ITEMS for loc in LOCATIONS
            )
        actions.append(EndTurn(name))
        return tuple(actions)

    def movement_options(self) -> tuple[tuple[Action, tuple[str, ...]], ...]:
        """During the move step: each move action with the path it walks (for a UI to highlight)."""
        name = self.current_player
        if name is None or self.step != "move" or self.pending is not None:
            return ()
        return tuple(
            (action, tuple(cell_name(p) for p in path)) for action, path in self._moves(name)
        )

    def _moves(self, name: str) -> list[tuple[Action, tuple[Position, ...]]]:
        if name == self.current_player and self.pending is None:
            return self._current_moves
        return self._compute_moves(name)

    @functools.cached_property
    def _current_moves(self) -> list[tuple[Action, tuple[Position, ...]]]:
        name = self.current_player
        assert name is not None
        return self._compute_moves(name)

    def _compute_moves(self, name: str) -> list[tuple[Action, tuple[Position, ...]]]:
        seat = self.seats[name]
        assert seat.position is not None
        board = self.content.board
        closed = self.closed_doors()
        occupied = frozenset(
            s.position
            for s in self.seats.values()
            if s.name != name and isinstance(s.position, tuple)
        )
        specials = [self._special(card) for card in seat.all_help]
        alohomoras = specials.count(ALOHOMORA)
        forbidden = (self.left,) if self.left else ()
        options: list[tuple[Action, tuple[Position, ...]]] = []
        rolls = [(self.green, False)]
        if FELIX in specials:
            rolls.append((7, True))
        names = board.position_names
        for steps, felix in rolls:
            for dest in reachable(
                board,
                seat.position,
                steps,
                closed,
                occupied,
                alohomoras=alohomoras,
                forbidden=forbidden,
            ):
                options.append(
                    (MoveTo(name, names[dest.position], felix, dest.alohomoras), dest.path)
                )
        here = seat.position
        if isinstance(here, str) and here in self.lit_fireplaces() and seat.floo >= 1:
            for loc in board.locations:
                if loc != here and loc in board.fireplaces:
                    options.append((UseFireplace(name, loc), (here, loc)))
        if not options or not isinstance(here, str):
            options.append((StayPut(name), (here,)))
        return options

    def _special(self, card: str) -> str:
        for help_card in self.content.help_deck:
            if help_card.name == card:
                return help_card.special
        return ""

    def _check_root(self, action: Action) -> None:
        if action in self._root_actions():
            return
        if isinstance(action, Deal):
            raise _refuse("already_dealt", "the cards have been dealt")
        if not isinstance(action, PlayerAction):
            raise _refuse("bad_action", f"{type(action).__name__} cannot be played now")
        self.seat(action.player)
        if self.phase == "deal":
            raise _refuse("not_dealt", "deal the cards (Deal) first")
        if action.player != self.current_player:
            raise _refuse(
                "not_your_turn", f"it is {self.current_player}'s turn, not {action.player}'s"
            )
        kind = type(action).__name__
        expected = {
            "roll": "roll the dice",
            "move": "move",
            "act": "suggest, accuse or end the turn",
        }[self.step]
        if isinstance(
            action, RollDice | MoveTo | UseFireplace | StayPut | Suggest | Accuse | EndTurn
        ):
            if isinstance(action, Suggest) and self.step == "act":
                if self.entered == BURROW:
                    raise _refuse("burrow", "no suggestions in The Burrow: it is for accusations")
                if self.entered is None:
                    raise _refuse("not_entered", "a suggestion needs a location entered this turn")
                raise _refuse("unknown_card", "suggest one of the suspects and one of the items")
            if isinstance(action, Accuse) and self.step == "act":
                if self.entered != BURROW:
                    raise _refuse(
                        "not_in_burrow",
                        "accusations are made in The Burrow, on the turn you enter it",
                    )
                raise _refuse(
                    "unknown_card", "accuse one suspect, one item and one of the nine locations"
                )
            if isinstance(action, MoveTo | UseFireplace) and self.step == "move":
                raise _refuse(
                    "unreachable",
                    f"{kind} to {getattr(action, 'destination', '?')!s:.60} is not a legal move",
                )
            if isinstance(action, StayPut) and self.step == "move":
                raise _refuse("must_leave", "a pawn in a location must leave it when it can")
            raise _refuse(
                "wrong_step", f"{kind} is not allowed now: {action.player} must {expected}"
            )
        raise _refuse("not_now", f"{kind} is a decision the rules ask for; none is awaited")

    # ----- helpers ------------------------------------------------------------------------------

    def _with(self, seat: Seat) -> Self:
        return replace(self, seats=self.seats.set(seat.name, seat))

    def _seat_update(self, name: str, **changes: Any) -> Self:
        return self._with(replace(self.seats[name], **changes))

    # ----- set-up ---------------------------------------------------------------------------------

    def _deal(self, ctx: Context) -> Self:
        game = self
        # Ruling CL-3: students chosen in advance are never the missing one.
        chosen = set(self.setup.students.values())
        missing = ctx.draw(
            [s for s in STUDENTS if s not in chosen], label="the missing student", state=game
        )
        ctx.emit(MissingStudent(missing))
        game = replace(game, missing=missing)
        board = self.content.board
        for name in self.order:
            taken = {x.student for x in game.seats.values()} | {
                s for player, s in self.setup.students.items() if player != name
            }
            free = [s for s in STUDENTS if s != missing and s not in taken]
            fixed = self.setup.students.get(name)
            if fixed is not None:
                if fixed not in free:
                    raise _refuse(
                        "student_taken",
                        f"{fixed} is missing or taken; {name} must play another student",
                    )
                student = fixed
            else:
                choice = ctx.decide(
                    name,
                    [ChooseStudent(name, s) for s in free],
                    prompt=f"{name} chooses a student",
                    state=game,
                )
                assert isinstance(choice, ChooseStudent)
                student = choice.student
            ctx.emit(StudentChosen(name, student))
            game = game._seat_update(name, student=student, position=board.starts[student])
        envelope = tuple(
            ctx.draw(cards, label=f"the envelope's {kind}", state=game)
            for kind, cards in (("suspect", SUSPECTS), ("item", ITEMS), ("location", LOCATIONS))
        )
        rest = [card for card in MYSTERY_CARDS if card not in envelope]
        hands: dict[str, list[str]] = {name: [] for name in self.order}
        for index in range(len(rest)):
            card = ctx.draw(rest, label="a mystery card to deal", state=game)
            rest.remove(card)
            hands[self.order[index % len(self.order)]].append(card)
        floo = FLOO_BY_PLAYERS[len(self.order)]
        for name in self.order:
            hand = tuple(sorted(hands[name], key=MYSTERY_CARDS.index))
            game = game._seat_update(name, hand=hand, floo=floo)
            ctx.emit(CardsDealt(name, len(hand), hand))
        game = replace(game, envelope=envelope)
        for name in self.order:
            game = game._draw_help(ctx, name, face_down=True)
        return replace(game, phase="play", turn=0, step="roll")

    # ----- the turn -------------------------------------------------------------------------------

    def _play(self, ctx: Context, action: Action) -> Self:
        if isinstance(action, Deal):
            return self._deal(ctx)
        assert isinstance(action, PlayerAction)
        name = action.player
        if isinstance(action, RollDice):
            return self._roll(ctx, name)
        if isinstance(action, MoveTo | UseFireplace | StayPut):
            game = self._move(ctx, action)
            if game.entered is None or game.is_over:
                return game._next_turn()
            return game
        if isinstance(action, Suggest):
            return self._suggest(ctx, action)._next_turn()
        if isinstance(action, Accuse):
            game = self._accuse(ctx, action)
            return game if game.is_over else game._next_turn()
        assert isinstance(action, EndTurn)
        return self._next_turn()

    def _next_turn(self) -> Self:
        if self.phase == "over":
            return self
        count = len(self.order)
        turn = self.turn
        for _ in range(count):
            turn = (turn + 1) % count
            if not self.seats[self.order[turn]].eliminated:
                break
        return replace(self, turn=turn, step="roll", green=0, left=None, entered=None)

    def _roll(self, ctx: Context, name: str) -> Self:
        black = ctx.draw(BLACK_DIE, label=f"{name}'s black die", state=self)
        green = ctx.roll(6, label=f"{name}'s green die", state=self)
        ctx.emit(DiceRolled(name, black, green))
        game = replace(self, green=green, step="move")
        if black == "star":
            return game._draw_help(ctx, name, face_down=False)
        if black == "dark mark":
            return game._dark_card(ctx, name)
        wheel = self.content.board.wheel(black)
        notch = (self.wheels.get(black, 0) + 1) % len(wheel.notches)
        game = replace(game, wheels=game.wheels.set(black, notch))
        mark = wheel.notches[notch].dark_mark
        ctx.emit(WheelTurned(black, notch, mark))
        return game._dark_card(ctx, name) if mark else game

    def _draw_help(self, ctx: Context, name: str, *, face_down: bool) -> Self:
        game = self
        if not game.help_deck:  # ruling CL-7: reshuffle the used Help cards
            game = replace(game, help_deck=game.help_discard, help_discard=())
            if not game.help_deck:
                return game
        card = ctx.draw(game.help_deck, label=f"{name}'s Help card", state=game)
        deck = list(game.help_deck)
        deck.remove(card)
        game = replace(game, help_deck=tuple(deck))
        seat = game.seats[name]
        ctx.emit(HelpCardDrawn(name, card, face_down))
        if face_down:
            return game._seat_update(name, hidden_help=(*seat.hidden_help, card))
        return game._seat_update(name, help_cards=(*seat.help_cards, card))

    def _affected(self, card: DarkCard, roller: str) -> tuple[str, ...]:
        start = self.order.index(roller)
        in_turn_order = self.order[start:] + self.order[:start]
        live = [n for n in in_turn_order if not self.seats[n].eliminated]
        match card.affects:
            case "everyone":
                return tuple(live)
            case "roller":
                return (roller,) if roller in live else ()
            case "everyone_else":
                return tuple(n for n in live if n != roller)
            case "in_locations":
                return tuple(n for n in live if self.seats[n].position in card.locations)
            case "in_corridors":
                return tuple(n for n in live if isinstance(self.seats[n].position, tuple))
            case "most_floo":
                most = max((self.seats[n].floo for n in live), default=0)
                return tuple(n for n in live if self.seats[n].floo == most)
        raise AssertionError(card.affects)  # pragma: no cover

    def _dark_card(self, ctx: Context, roller: str) -> Self:
        game = self
        if not game.dark_deck:  # ruling CL-7: reshuffle the read Dark cards
            game = replace(game, dark_deck=game.dark_discard, dark_discard=())
        name_drawn = ctx.draw(game.dark_deck, label="a Dark card", state=game)
        deck = list(game.dark_deck)
        deck.remove(name_drawn)
        game = replace(game, dark_deck=tuple(deck), dark_discard=(*game.dark_discard, name_drawn))
        card = next(c for c in self.content.dark_deck if c.name == name_drawn)
        affected = game._affected(card, roller)
        ctx.emit(DarkCardDrawn(roller, card.name, card.text, affected))
        for name in affected:
            game = game._suffer(ctx, name, card)
        return game

    def _suffer(self, ctx: Context, name: str, card: DarkCard) -> Self:
        seat = self.seats[name]
        # Face-up cards first: a face-down card is only shown when it is the one that protects.
        face_up = sorted({c for c in seat.help_cards if c in card.protected_by})
        face_down = sorted({c for c in seat.hidden_help if c in card.protected_by})
        protecting = face_up + [c for c in face_down if c not in face_up]
        use = ""
        if protecting and not card.discard_help:
            use = protecting[0]
        elif card.discard_help and (face_up or seat.hidden_help):
            # Ask whoever might hold a protecting card, protected or not, so that being
            # asked says nothing about a face-down card (ruling CL-9).
            options: list[Action] = [Protect(name, c) for c in protecting]
            options.append(PayFloo(name))
            prompt = (
                f"{name}: use a Help card against {card.name} (it will be discarded), "
                f"or pay {card.floo} Floo powder?"
            )
            details: dict[str, int | str] = {"dark_card": card.name, "floo": card.floo}
            choice = ctx.decide(
                name, options, prompt=prompt, details=details, state=self, force=True
            )
            use = choice.card if isinstance(choice, Protect) else ""
        if use:
            return self._protect(ctx, name, use, discard=card.discard_help)
        paid = min(seat.floo, card.floo)
        ctx.emit(FlooPaid(name, paid, seat.floo - paid, card.name))
        return self._seat_update(name, floo=seat.floo - paid)

    def _protect(self, ctx: Context, name: str, card: str, *, discard: bool) -> Self:
        seat = self.seats[name]
        face_up = list(seat.help_cards)
        hidden = list(seat.hidden_help)
        if card in face_up:
            face_up.remove(card)
        else:
            hidden.remove(card)
        if not discard:
            face_up.append(card)  # shown, and placed back in front of the player, face up
        ctx.emit(Protected(name, card, discard))
        game = self._seat_update(name, help_cards=tuple(face_up), hidden_help=tuple(hidden))
        if discard:
            game = replace(game, help_discard=(*game.help_discard, card))
        return game

    def _use_special(self, ctx: Context, name: str, special: str, count: int) -> Self:
        game = self
        for _ in range(count):
            seat = game.seats[name]
            card = next(c for c in seat.all_help if game._special(c) == special)
            face_up = list(seat.help_cards)
            hidden = list(seat.hidden_help)
            (face_up if card in face_up else hidden).remove(card)
            ctx.emit(HelpCardUsed(name, card))
            game = game._seat_update(name, help_cards=tuple(face_up), hidden_help=tuple(hidden))
            game = replace(game, help_discard=(*game.help_discard, card))
        return game

    def _move(self, ctx: Context, action: MoveTo | UseFireplace | StayPut) -> Self:
        name = action.player
        seat = self.seats[name]
        here = seat.position
        assert here is not None
        left = here if isinstance(here, str) else None
        if isinstance(action, StayPut):
            return replace(self, step="act", left=None, entered=None)
        if isinstance(action, UseFireplace):
            game = self._seat_update(name, position=action.destination, floo=seat.floo - 1)
            ctx.emit(FlooPaid(name, 1, seat.floo - 1, "the Floo network"))
            ctx.emit(
                Moved(
                    name,
                    cell_name(here),
                    action.destination,
                    (cell_name(here), action.destination),
                    "fireplace",
                )
            )
            return replace(game, step="act", left=left, entered=self._enterable(action.destination))
        path = next(path for option, path in self._moves(name) if option == action)
        destination = parse_position(action.destination)
        game = self
        if action.felix:
            game = game._use_special(ctx, name, FELIX, 1)
        if action.alohomoras:
            game = game._use_special(ctx, name, ALOHOMORA, action.alohomoras)
        game = game._seat_update(name, position=destination)
        ctx.emit(
            Moved(
                name, cell_name(here), action.destination, tuple(cell_name(p) for p in path), "walk"
            )
        )
        entered = self._enterable(destination) if isinstance(destination, str) else None
        game = replace(game, step="act", left=left, entered=entered)
        if isinstance(destination, tuple) and self.content.board.square(destination) == "*":
            game = game._draw_help(ctx, name, face_down=False)
        return game

    @staticmethod
    def _enterable(location: str) -> str | None:
        return location if location in LOCATIONS or location == BURROW else None

    def _suggest(self, ctx: Context, action: Suggest) -> Self:
        name = action.player
        location = self.entered
        assert location is not None
        ctx.emit(Suggested(name, action.suspect, action.item, location))
        game = replace(
            self, tokens=self.tokens.set(action.suspect, location).set(action.item, location)
        )
        asked = {action.suspect, action.item, location}
        start = self.order.index(name)
        passed: list[str] = []
        shown_by: str | None = None
        for refuter in self.order[start + 1 :] + self.order[:start]:
            matching = [card for card in self.seats[refuter].hand if card in asked]
            if not matching:
                passed.append(refuter)
                ctx.emit(Passed(refuter))
                continue
            options = [ShowCard(refuter, card) for card in matching]
            prompt = f"{refuter} must show {name} one of the suggested cards"
            # Asked even with one matching card: others must not learn how many (CL-14).
            choice = ctx.decide(
                refuter,
                options,
                prompt=prompt,
                details={
                    "suggester": name,
                    "suspect": action.suspect,
                    "item": action.item,
                    "location": location,
                },
                state=game,
                force=True,
            )
            assert isinstance(choice, ShowCard)
            ctx.emit(CardShown(refuter, name, choice.card))
            game = replace(game, shown=(*game.shown, (name, refuter, choice.card)))
            shown_by = refuter
            break
        else:
            ctx.emit(Unrefuted(name))
        record = SuggestionRecord(
            name, action.suspect, action.item, location, tuple(passed), shown_by
        )
        return replace(game, suggestions=(*game.suggestions, record))

    def _accuse(self, ctx: Context, action: Accuse) -> Self:
        name = action.player
        ctx.emit(Accused(name, action.suspect, action.item, action.location))
        correct = (action.suspect, action.item, action.location) == self.envelope
        ctx.emit(AccusationChecked(name, correct, self.envelope))
        if correct:
            ctx.emit(GameEnded(name, self.envelope))
            return replace(self, phase="over", winner=name)
        game = self._seat_update(name, eliminated=True)
        accusation = (name, action.suspect, action.item, action.location)
        game = replace(
            game,
            accused_wrongly=(*game.accused_wrongly, name),
            wrong_accusations=(*game.wrong_accusations, accusation),
        )
        if all(seat.eliminated for seat in game.seats.values()):
            ctx.emit(GameEnded(None, self.envelope))
            return replace(game, phase="over")
        return game

    # ----- serialization ----------------------------------------------------------------------

    @classmethod
    def _start(cls, setup: ClueSetup) -> Self:
        names = check_player_names(setup.players, minimum=3, maximum=5)
        first = setup.first_player if setup.first_player is not None else names[0]
        if first not in names:
            raise _refuse("unknown_player", f"the first player {str(first)[:60]!r} is not playing")
        for player, student in setup.students.items():
            if player not in names:
                raise _refuse("unknown_player", f"{str(player)[:60]!r} is not playing")
            if student not in STUDENTS:
                raise _refuse(
                    "unknown_student",
                    f"{str(student)[:60]!r} is not a student ({', '.join(STUDENTS)})",
                )
        if len(set(setup.students.values())) != len(setup.students):
            raise _refuse("student_taken", "two players cannot play the same student")
        start = names.index(first)
        content = setup.content or default_content()
        return cls(
            dice=setup.dice,
            setup=setup,
            seats=FrozenMap({n: Seat(n) for n in names}),
            order=names[start:] + names[:start],
            wheels=FrozenMap({w.name: 0 for w in content.board.wheels}),
            help_deck=tuple(sorted(c.name for c in content.help_deck)),
            dark_deck=tuple(sorted(c.name for c in content.dark_deck)),
        )

    def _state_dict(self) -> dict[str, Any]:
        # The full game's state, secrets included: for the table's own records, not for players.
        return {
            "phase": self.phase,
            "missing": self.missing,
            "envelope": list(self.envelope),
            "seats": {name: unstructure(seat) for name, seat in self.seats.items()},
            "order": list(self.order),
            "turn": self.turn,
            "step": self.step,
            "green": self.green,
            "wheels": dict(self.wheels),
            "tokens": dict(self.tokens),
            "winner": self.winner,
            "to_act": list(self.to_act),
        }


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
        raise _refuse(
            "unknown_option", f"unknown option {unknown[0]!r} (known: {', '.join(sorted(known))})"
        )
    content = options.get("content")
    if content is not None and not isinstance(content, Content):
        raise _refuse("bad_content", "content must be a Content (see load_content)")
    names = check_player_names(players, minimum=3, maximum=5)
    setup = ClueSetup(
        names,
        make_dice(seed, dice),
        options.get("first_player"),
        FrozenMap(options.get("students") or {}),
        content,
    )
    return Game._start(setup)
