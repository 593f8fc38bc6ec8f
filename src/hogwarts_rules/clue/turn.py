"""Clue's turn: the dice, the wheels, Help and Dark cards, and moving.

A turn is three steps (`Step`): `roll` (the black die takes effect at once: a
Help card on the star, a Dark card on the Dark Mark, else a wheel turns and may
show the Dark Mark), `move` (with the green die, the Help cards that open doors
or lengthen a move, or by Floo powder) and then `act` (see
`hogwarts_rules.clue.suggestions` and `hogwarts_rules.clue.accusations`). Play
passes to the left, skipping eliminated players (`next_turn`).

Examples:
    >>> from hogwarts_rules import clue
    >>> students = {"Ann": "Harry", "Ben": "Ron", "Cat": "Luna"}
    >>> game, _ = clue.new_game(["Ann", "Ben", "Cat"], seed=26, students=students).apply(
    ...     clue.Deal()
    ... )
    >>> game, events = game.apply(clue.RollDice("Ann"))
    >>> [type(event).__name__ for event in events], game.step
    (['DiceRolled', 'WheelTurned'], <Step.MOVE: 'move'>)
    >>> moves(game, "Ann")[0]  # a move of up to the green die (4), with the path it walks
    (MoveTo(player='Ann', destination='1,7', felix=False, alohomoras=0), ((0, 7), (1, 7)))
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, TypeVar

from hogwarts_rules.actions import Action
from hogwarts_rules.clue.actions import MoveTo, PayFloo, Protect, StayPut, UseFireplace
from hogwarts_rules.clue.cards import BURROW, LOCATIONS
from hogwarts_rules.clue.content import Board, Content, DarkCard
from hogwarts_rules.clue.errors import refuse
from hogwarts_rules.clue.events import (
    DarkCardDrawn,
    DiceRolled,
    FlooPaid,
    HelpCardDrawn,
    HelpCardUsed,
    Moved,
    Protected,
    WheelTurned,
)
from hogwarts_rules.clue.evolve import replace
from hogwarts_rules.clue.movement import Position, cell_name, remember, search
from hogwarts_rules.clue.vocabulary import Affects, DieFace, MoveKind, Special, Square, Step
from hogwarts_rules.engine import Context
from hogwarts_rules.errors import IllegalActionError

if TYPE_CHECKING:
    from hogwarts_rules.clue.game import Game

__all__ = [
    "BLACK_DIE",
    "affected",
    "dark_card",
    "draw_help",
    "enterable",
    "move",
    "move_refusal",
    "moves",
    "next_turn",
    "roll",
    "special_of",
]

G = TypeVar("G", bound="Game")

BLACK_DIE: Final = (
    DieFace.STAR.value,
    DieFace.DARK_MARK.value,
    "Gringotts",
    "Hogwarts",
    "Hog's Head",
    "Ministry of Magic",
)
"""The black die's six faces: a star, the Dark Mark, and the four wheels' locations."""


# ----- rolling: the black die, the wheels, Help and Dark cards ---------------------------------


def roll(game: G, ctx: Context, name: str) -> G:
    """`RollDice`: both dice; the black die's star, Dark Mark or wheel takes effect at once."""
    black = ctx.draw(BLACK_DIE, label=f"{name}'s black die", state=game)
    green = ctx.roll(6, label=f"{name}'s green die", state=game)
    ctx.emit(DiceRolled(name, black, green))
    if black == DieFace.STAR:
        return draw_help(replace(game, green=green, step=Step.MOVE), ctx, name, face_down=False)
    if black == DieFace.DARK_MARK:
        return dark_card(replace(game, green=green, step=Step.MOVE), ctx, name)
    wheel = game.content.board.wheel(black)
    notch = (game.wheels.get(black, 0) + 1) % len(wheel.notches)
    after = replace(game, green=green, step=Step.MOVE, wheels=game.wheels.set(black, notch))
    mark = wheel.notches[notch].dark_mark
    ctx.emit(WheelTurned(black, notch, mark))
    return dark_card(after, ctx, name) if mark else after


def draw_help(game: G, ctx: Context, name: str, *, face_down: bool) -> G:
    """``name`` draws a Help card (face down only at the deal); used ones are reshuffled (CL-7)."""
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


def affected(game: Game, card: DarkCard, roller: str) -> tuple[str, ...]:
    """Who ``card`` hits (`Affects`), in turn order from ``roller``; never an eliminated player."""
    start = game.order.index(roller)
    in_turn_order = game.order[start:] + game.order[:start]
    live = [n for n in in_turn_order if not game.seats[n].eliminated]
    match card.affects:
        case Affects.EVERYONE:
            return tuple(live)
        case Affects.ROLLER:
            return (roller,) if roller in live else ()
        case Affects.EVERYONE_ELSE:
            return tuple(n for n in live if n != roller)
        case Affects.IN_LOCATIONS:
            return tuple(n for n in live if game.seats[n].position in card.locations)
        case Affects.IN_CORRIDORS:
            return tuple(n for n in live if isinstance(game.seats[n].position, tuple))
        case Affects.MOST_FLOO:
            most = max((game.seats[n].floo for n in live), default=0)
            return tuple(n for n in live if game.seats[n].floo == most)
    raise AssertionError(card.affects)  # pragma: no cover


def dark_card(game: G, ctx: Context, roller: str) -> G:
    """``roller`` draws a Dark card (read ones are reshuffled, CL-7); each player hit suffers it."""
    content = game.content
    if not game.dark_deck:  # ruling CL-7: reshuffle the read Dark cards
        game = replace(game, dark_deck=game.dark_discard, dark_discard=())
    name_drawn = ctx.draw(game.dark_deck, label="a Dark card", state=game)
    deck = list(game.dark_deck)
    deck.remove(name_drawn)
    game = replace(game, dark_deck=tuple(deck), dark_discard=(*game.dark_discard, name_drawn))
    card = content._dark_cards[name_drawn]
    hit = affected(game, card, roller)
    ctx.emit(DarkCardDrawn(roller, card.name, card.text, hit))
    for name in hit:
        game = _suffer(game, ctx, name, card)
    return game


def _suffer(game: G, ctx: Context, name: str, card: DarkCard) -> G:
    """``name`` is protected by a Help card or pays the Floo (asked when it costs the card)."""
    seat = game.seats[name]
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
        choice = ctx.decide(name, options, prompt=prompt, details=details, state=game, force=True)
        use = choice.card if isinstance(choice, Protect) else ""
    if use:
        return _protect(game, ctx, name, use, discard=card.discard_help)
    paid = min(seat.floo, card.floo)
    ctx.emit(FlooPaid(name, paid, seat.floo - paid, card.name))
    return game._seat_update(name, floo=seat.floo - paid)


def _protect(game: G, ctx: Context, name: str, card: str, *, discard: bool) -> G:
    seat = game.seats[name]
    face_up = list(seat.help_cards)
    hidden = list(seat.hidden_help)
    if card in face_up:
        face_up.remove(card)
    else:
        hidden.remove(card)
    if not discard:
        face_up.append(card)  # shown, and placed back in front of the player, face up
    ctx.emit(Protected(name, card, discard))
    game = game._seat_update(name, help_cards=tuple(face_up), hidden_help=tuple(hidden))
    if discard:
        game = replace(game, help_discard=(*game.help_discard, card))
    return game


def special_of(content: Content, card: str) -> Special:
    """What the Help card called ``card`` does on a move (`Special.NONE` for most cards)."""
    return content._specials.get(card, Special.NONE)


def _use_special(game: G, ctx: Context, name: str, special: Special, count: int) -> G:
    """``name`` uses up ``count`` Help cards that do ``special`` (face up ones first)."""
    for _ in range(count):
        seat = game.seats[name]
        card = next(c for c in seat.all_help if special_of(game.content, c) == special)
        face_up = list(seat.help_cards)
        hidden = list(seat.hidden_help)
        (face_up if card in face_up else hidden).remove(card)
        ctx.emit(HelpCardUsed(name, card))
        game = game._seat_update(name, help_cards=tuple(face_up), hidden_help=tuple(hidden))
        game = replace(game, help_discard=(*game.help_discard, card))
    return game


# ----- moving ------------------------------------------------------------------------------------


def moves(game: Game, name: str) -> list[tuple[Action, tuple[Position, ...]]]:
    """Every move ``name`` may make now, each with the path it walks (start and end included).

    Walks with the green die (or 7 with Felix Felicis; closed doors with Alohomora
    cards), never back into the location left this turn; travels by Floo from a lit
    fireplace (1 pinch); and `StayPut` in a corridor, or when nothing else is possible.
    """
    seat = game.seats[name]
    here = seat.position
    assert here is not None
    content = game.content
    board = content.board
    closed = game.closed_doors()
    occupied = {
        s.position for s in game.seats.values() if s.name != name and isinstance(s.position, tuple)
    }
    known = content._specials
    specials = [known.get(card, Special.NONE) for card in seat.all_help]
    alohomoras = specials.count(Special.ALOHOMORA)
    forbidden = (game.left,) if game.left else ()
    options: list[tuple[Action, tuple[Position, ...]]] = []
    _walk(options, board, name, here, game.green, False, closed, alohomoras, forbidden, occupied)
    if Special.FELIX_FELICIS in specials:
        _walk(options, board, name, here, 7, True, closed, alohomoras, forbidden, occupied)
    if isinstance(here, str) and here in game.lit_fireplaces() and seat.floo >= 1:
        for loc in board.locations:
            if loc != here and loc in board.fireplaces:
                options.append((UseFireplace(name, loc), (here, loc)))
    if not options or not isinstance(here, str):
        options.append((StayPut(name), (here,)))
    return options


def _walk(
    options: list[tuple[Action, tuple[Position, ...]]],
    board: Board,
    name: str,
    start: Position,
    steps: int,
    felix: bool,
    closed: frozenset[str],
    alohomoras: int,
    forbidden: tuple[str, ...],
    occupied: set[tuple[int, int]],
) -> None:
    """Add ``name``'s walks from ``start`` (see `movement.search`) to ``options``."""
    # One MoveTo per player, felix and end (with no Alohomora), kept with the board.
    memo = board._memo
    made: dict[Position, MoveTo] | None = memo.get(("moves", name, felix))
    if made is None:
        made = {}
        remember(memo, ("moves", name, felix), made)
    for end, used, path in search(board, start, steps, closed, alohomoras, forbidden):
        if end in occupied:
            continue
        action = made.get(end) if not used else None
        if action is None:
            action = MoveTo(name, board.position_names[end], felix, used)
            if not used:
                made[end] = action
        options.append((action, path))


def move_refusal(action: MoveTo | UseFireplace | StayPut) -> IllegalActionError:
    """Why a move that is not among the legal ones is refused, during the move step."""
    if isinstance(action, StayPut):
        return refuse("must_leave", "a pawn in a location must leave it when it can")
    return refuse(
        "unreachable",
        f"{type(action).__name__} to {action.destination!s:.60} is not a legal move",
    )


def enterable(location: str) -> str | None:
    """``location`` if entering it lets the player act there (suggest; accuse in The Burrow)."""
    return location if location in LOCATIONS or location == BURROW else None


def move(game: G, ctx: Context, action: MoveTo | UseFireplace | StayPut) -> G:
    """A legal move: the pawn goes, Help cards are used up, a star square gives a Help card."""
    name = action.player
    seat = game.seats[name]
    here = seat.position
    assert here is not None
    left = here if isinstance(here, str) else None
    if isinstance(action, StayPut):
        return replace(game, step=Step.ACT, left=None, entered=None)
    if isinstance(action, UseFireplace):
        after = game._seat_update(name, position=action.destination, floo=seat.floo - 1)
        ctx.emit(FlooPaid(name, 1, seat.floo - 1, "the Floo network"))
        ctx.emit(
            Moved(
                name,
                cell_name(here),
                action.destination,
                (cell_name(here), action.destination),
                MoveKind.FIREPLACE,
            )
        )
        return replace(after, step=Step.ACT, left=left, entered=enterable(action.destination))
    path = game._move_path(action)
    destination = path[-1]
    after = game
    if action.felix:
        after = _use_special(after, ctx, name, Special.FELIX_FELICIS, 1)
    if action.alohomoras:
        after = _use_special(after, ctx, name, Special.ALOHOMORA, action.alohomoras)
    ctx.emit(
        Moved(
            name,
            cell_name(here),
            action.destination,
            tuple(cell_name(p) for p in path),
            MoveKind.WALK,
        )
    )
    entered = enterable(destination) if isinstance(destination, str) else None
    moved = replace(after.seats[name], position=destination)
    after = replace(
        after,
        seats=after.seats.set(name, moved),
        step=Step.ACT,
        left=left,
        entered=entered,
    )
    if isinstance(destination, tuple) and game.content.board.square(destination) == Square.STAR:
        after = draw_help(after, ctx, name, face_down=False)
    return after


def next_turn(game: G) -> G:
    """The next player to the left who is still in the game starts a turn (unless it is over)."""
    if game.is_over:
        return game
    count = len(game.order)
    turn = game.turn
    for _ in range(count):
        turn = (turn + 1) % count
        if not game.seats[game.order[turn]].eliminated:
            break
    return replace(game, turn=turn, step=Step.ROLL, green=0, left=None, entered=None)
