"""Clue's turn: the dice, the wheels, Help and Dark cards, and moving.

A turn is three steps (`Step`): `roll` (the black die takes effect at once: a
Help card on the star, a Dark card on the Dark Mark, else a wheel turns and may
show the Dark Mark), `move` (with the green die, the Help cards that open doors
or lengthen a move, or by Floo powder) and then `act` (see
`hogwarts_rules.clue.suggestions` and `hogwarts_rules.clue.accusations`). Play
passes to the left, skipping eliminated players (`next_turn`).

The rules of an action run on its `Draft` (see `hogwarts_rules.clue.draft`): they
change the draft, which the game freezes once at the end of the action.

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

import functools
from typing import TYPE_CHECKING, Any, Final

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
from hogwarts_rules.clue.movement import Position, cell_name, remember, search
from hogwarts_rules.clue.vocabulary import Affects, DieFace, MoveKind, Phase, Special, Step
from hogwarts_rules.errors import IllegalActionError
from hogwarts_rules.events import constructor
from hogwarts_rules.frozen import FrozenMap

if TYPE_CHECKING:
    from hogwarts_rules.clue.draft import Draft
    from hogwarts_rules.clue.game import Game
    from hogwarts_rules.clue.records import Seat

__all__ = [
    "BLACK_DIE",
    "Moves",
    "affected",
    "dark_card",
    "draw_help",
    "enterable",
    "move",
    "move_options",
    "move_refusal",
    "moves",
    "next_turn",
    "roll",
    "special_of",
]

BLACK_DIE: Final = (
    DieFace.STAR.value,
    DieFace.DARK_MARK.value,
    "Gringotts",
    "Hogwarts",
    "Hog's Head",
    "Ministry of Magic",
)
"""The black die's six faces: a star, the Dark Mark, and the four wheels' locations."""

# The words of the rules read on every turn, bound once: in Python 3.11 reading a member
# from its enum goes through the enum class's ``__getattr__``, as costly as a call.
_ROLL, _MOVE, _ACT = Step.ROLL, Step.MOVE, Step.ACT
_STAR_FACE, _DARK_MARK = DieFace.STAR, DieFace.DARK_MARK
_OVER = Phase.OVER
_WALK = MoveKind.WALK
_EVERYONE, _ROLLER, _EVERYONE_ELSE = Affects.EVERYONE, Affects.ROLLER, Affects.EVERYONE_ELSE
_IN_LOCATIONS, _IN_CORRIDORS, _MOST_FLOO = (
    Affects.IN_LOCATIONS,
    Affects.IN_CORRIDORS,
    Affects.MOST_FLOO,
)

# The events, built without running attrs' checks (every value has its type already).
_dark_card_drawn: Final = constructor(DarkCardDrawn)
_dice_rolled: Final = constructor(DiceRolled)
_floo_paid: Final = constructor(FlooPaid)
_help_card_drawn: Final = constructor(HelpCardDrawn)
_help_card_used: Final = constructor(HelpCardUsed)
_moved: Final = constructor(Moved)
_protected: Final = constructor(Protected)
_wheel_turned: Final = constructor(WheelTurned)


# ----- rolling: the black die, the wheels, Help and Dark cards ---------------------------------


def roll(d: Draft, name: str) -> None:
    """`RollDice`: both dice; the black die's star, Dark Mark or wheel takes effect at once."""
    ctx = d.ctx
    if ctx.external:
        black = ctx.draw(BLACK_DIE, label=f"{name}'s black die", state=d.freeze)
        green = ctx.roll(6, label=f"{name}'s green die", state=d.freeze)
    else:  # the same two rolls, with no label to show anybody
        black = BLACK_DIE[ctx.roll_die(6) - 1]
        green = ctx.roll_die(6)
    d.emit(_dice_rolled(name, black, green))
    d.green = green
    d.step = _MOVE
    if black == _STAR_FACE:
        draw_help(d, name, face_down=False)
        return
    if black == _DARK_MARK:
        dark_card(d, name)
        return
    wheel = d.content.board.wheel(black)
    wheels = dict(d.wheels._data)
    notch = wheels[black] = (wheels.get(black, 0) + 1) % len(wheel.notches)
    d.wheels = FrozenMap._adopt(wheels)
    mark = wheel.notches[notch].dark_mark
    d.emit(_wheel_turned(black, notch, mark))
    if mark:
        dark_card(d, name)


def draw_help(d: Draft, name: str, *, face_down: bool) -> None:
    """``name`` draws a Help card (face down only at the deal); used ones are reshuffled (CL-7)."""
    if not d.help_deck:  # ruling CL-7: reshuffle the used Help cards
        d.help_deck = d.help_discard
        d.help_discard = ()
        if not d.help_deck:
            return
    ctx = d.ctx
    if ctx.external:
        card = ctx.draw(d.help_deck, label=f"{name}'s Help card", state=d.freeze)
    else:
        card = d.help_deck[ctx.roll_die(len(d.help_deck)) - 1]
    deck = list(d.help_deck)
    deck.remove(card)
    d.help_deck = tuple(deck)
    seat = d.seats[name]
    d.emit(_help_card_drawn(name, card, face_down))
    if face_down:
        d.update_seat(name, hidden_help=(*seat.hidden_help, card))
    else:
        d.update_seat(name, help_cards=(*seat.help_cards, card))


def affected(game: Game | Draft, card: DarkCard, roller: str) -> tuple[str, ...]:
    """Who ``card`` hits (`Affects`), in turn order from ``roller``; never an eliminated player."""
    seats = game.seats
    start = game.order.index(roller)
    in_turn_order = game.order[start:] + game.order[:start]
    live = [n for n in in_turn_order if not seats[n].eliminated]
    affects = card.affects
    if affects == _EVERYONE:
        return tuple(live)
    if affects == _ROLLER:
        return (roller,) if roller in live else ()
    if affects == _EVERYONE_ELSE:
        return tuple([n for n in live if n != roller])
    if affects == _IN_LOCATIONS:
        return tuple([n for n in live if seats[n].position in card.locations])
    if affects == _IN_CORRIDORS:
        return tuple([n for n in live if isinstance(seats[n].position, tuple)])
    if affects == _MOST_FLOO:
        most = max([seats[n].floo for n in live], default=0)
        return tuple([n for n in live if seats[n].floo == most])
    raise AssertionError(card.affects)  # pragma: no cover


def dark_card(d: Draft, roller: str) -> None:
    """``roller`` draws a Dark card (read ones are reshuffled, CL-7); each player hit suffers it."""
    if not d.dark_deck:  # ruling CL-7: reshuffle the read Dark cards
        d.dark_deck = d.dark_discard
        d.dark_discard = ()
    ctx = d.ctx
    if ctx.external:
        name_drawn = ctx.draw(d.dark_deck, label="a Dark card", state=d.freeze)
    else:
        name_drawn = d.dark_deck[ctx.roll_die(len(d.dark_deck)) - 1]
    deck = list(d.dark_deck)
    deck.remove(name_drawn)
    d.dark_deck = tuple(deck)
    d.dark_discard = (*d.dark_discard, name_drawn)
    card = d.content._dark_cards[name_drawn]
    hit = affected(d, card, roller)
    d.emit(_dark_card_drawn(roller, card.name, card.text, hit))
    for name in hit:
        _suffer(d, name, card)


def _suffer(d: Draft, name: str, card: DarkCard) -> None:
    """``name`` is protected by a Help card or pays the Floo (asked when it costs the card)."""
    seat = d.seats[name]
    face_up = card.protected_by.intersection(seat.help_cards)
    use = ""
    if not card.discard_help:
        # Face-up cards first: a face-down card is only shown when it is the one that protects.
        if face_up:
            use = min(face_up)
        elif seat.hidden_help:
            face_down = card.protected_by.intersection(seat.hidden_help)
            use = min(face_down) if face_down else ""
    elif face_up or seat.hidden_help:
        # Ask whoever might hold a protecting card, protected or not, so that being
        # asked says nothing about a face-down card (ruling CL-9).
        face_down = card.protected_by.intersection(seat.hidden_help) - face_up
        options: list[Action] = [Protect(name, c) for c in (*sorted(face_up), *sorted(face_down))]
        options.append(PayFloo(name))
        prompt = (
            f"{name}: use a Help card against {card.name} (it will be discarded), "
            f"or pay {card.floo} Floo powder?"
        )
        details: dict[str, int | str] = {"dark_card": card.name, "floo": card.floo}
        choice = d.ctx.decide(
            name, options, prompt=prompt, details=details, state=d.freeze, force=True
        )
        use = choice.card if isinstance(choice, Protect) else ""
    if use:
        _protect(d, name, use, discard=card.discard_help)
        return
    paid = min(seat.floo, card.floo)
    d.emit(_floo_paid(name, paid, seat.floo - paid, card.name))
    if paid:
        d.update_seat(name, floo=seat.floo - paid)


def _protect(d: Draft, name: str, card: str, *, discard: bool) -> None:
    seat = d.seats[name]
    face_up = seat.help_cards
    hidden = seat.hidden_help
    if card in face_up:
        at = face_up.index(card)
        face_up = face_up[:at] + face_up[at + 1 :]
    else:
        at = hidden.index(card)
        hidden = hidden[:at] + hidden[at + 1 :]
    if not discard:
        face_up += (card,)  # shown, and placed back in front of the player, face up
    d.emit(_protected(name, card, discard))
    if face_up != seat.help_cards or hidden != seat.hidden_help:
        d.update_seat(name, help_cards=face_up, hidden_help=hidden)
    if discard:
        d.help_discard = (*d.help_discard, card)


def special_of(content: Content, card: str) -> Special:
    """What the Help card called ``card`` does on a move (`Special.NONE` for most cards)."""
    return content._specials.get(card, Special.NONE)


def _use_special(d: Draft, name: str, special: Special, count: int) -> None:
    """``name`` uses up ``count`` Help cards that do ``special`` (face up ones first)."""
    content = d.content
    for _ in range(count):
        seat = d.seats[name]
        card = next(c for c in seat.all_help if special_of(content, c) == special)
        face_up = list(seat.help_cards)
        hidden = list(seat.hidden_help)
        (face_up if card in face_up else hidden).remove(card)
        d.emit(_help_card_used(name, card))
        d.update_seat(name, help_cards=tuple(face_up), hidden_help=tuple(hidden))
        d.help_discard = (*d.help_discard, card)


# ----- moving ------------------------------------------------------------------------------------

Moves = tuple[tuple[Action, ...], tuple[tuple[Position, ...], ...]]
"""The moves a player may make: the actions, and the path each walks (start and end included)."""


def moves(game: Game, name: str) -> list[tuple[Action, tuple[Position, ...]]]:
    """Every move ``name`` may make now, each with the path it walks (start and end included).

    Walks with the green die (or 7 with Felix Felicis; closed doors with Alohomora
    cards), never back into the location left this turn; travels by Floo from a lit
    fireplace (1 pinch); and `StayPut` in a corridor, or when nothing else is possible.
    """
    actions, paths = move_options(game, name)
    return list(zip(actions, paths, strict=True))


def move_options(game: Game, name: str) -> Moves:
    """`moves` as two tuples: the actions (in the same order) and their paths."""
    seats = game.seats._data  # read only: a plain dict reads faster than the frozen map
    seat = seats[name]
    here = seat.position
    assert here is not None
    content = game.content
    board = content.board
    closed, lit = game._wheel_state
    alohomoras, felix = (
        _help_on_moves(content, seat) if seat.help_cards or seat.hidden_help else (0, False)
    )
    forbidden = (game.left,) if game.left else ()
    # Where the pawns stand (the player's own start is never the end of a walk).
    pawns = [other.position for other in seats.values()]
    walks = _walks(board, name, here, game.green, False, closed, alohomoras, forbidden)
    actions, paths = _unoccupied(walks, pawns)
    if felix:
        walks = _walks(board, name, here, 7, True, closed, alohomoras, forbidden)
        more, walked = _unoccupied(walks, pawns)
        actions += more
        paths += walked
    if isinstance(here, str):
        if here in lit and seat.floo >= 1:
            trips = _fireplaces(board, name, here)
            actions += trips[0]
            paths += trips[1]
        if actions:
            return actions, paths
    return (*actions, _stay(name)), (*paths, (here,))


def _help_on_moves(content: Content, seat: Seat) -> tuple[int, bool]:
    """The Alohomora cards ``seat`` holds, and whether one of its cards is Felix Felicis."""
    memo = content._memo
    key = (seat.help_cards, seat.hidden_help)
    found: tuple[int, bool] | None = memo.get(key)
    if found is None:
        known = content._specials.get
        specials = [*map(known, seat.help_cards), *map(known, seat.hidden_help)]
        found = (specials.count(Special.ALOHOMORA), Special.FELIX_FELICIS in specials)
        if len(memo) >= 4096:  # kept small: a player's cards change seldom
            memo.clear()
        memo[key] = found
    return found


# What is worked out once per search result and kept with the board (`Board._memo`): the
# search result itself (whose id is in the key), each walk's key among a player's moves
# (its end, or its end and the Alohomoras it uses), the paths, where each walk that ends
# on a square is among them (to take out the squares other pawns stand on), and each
# player's moves, by player and Felix Felicis.
_Entry = tuple[
    tuple[Any, ...],
    tuple[Any, ...],
    tuple[tuple[Position, ...], ...],
    dict[tuple[int, int], int],
    dict[tuple[str, bool], tuple[Action, ...]],
]
_Walks = tuple[tuple[Action, ...], tuple[tuple[Position, ...], ...], dict[tuple[int, int], int]]


def _walks(
    board: Board,
    name: str,
    start: Position,
    steps: int,
    felix: bool,
    closed: frozenset[str],
    alohomoras: int,
    forbidden: tuple[str, ...],
) -> _Walks:
    """``name``'s walks from ``start`` with no pawn in the way (see `movement.search`).

    Returns the moves, their paths, and the index of each end square among them.
    """
    found = search(board, start, steps, closed, alohomoras, forbidden)
    memo = board._memo
    # A search result is kept with the board (and with this entry), so its id names it.
    key = ("walks", id(found))
    entry: _Entry | None = memo.get(key)
    if entry is None or entry[0] is not found:
        walk_keys: list[Any] = []
        index: dict[tuple[int, int], int] = {}
        for number, (end, used, _) in enumerate(found):
            walk_keys.append((end, used) if used else end)
            if type(end) is tuple:
                index[end] = number
        entry = (found, tuple(walk_keys), tuple([walk[2] for walk in found]), index, {})
        remember(memo, key, entry)
    actions = entry[4].get((name, felix))
    if actions is None:
        # Each player's moves are made once per board and shared by every state.
        made: dict[Any, MoveTo] | None = memo.get(("moves", name, felix))
        if made is None:
            made = {}
            remember(memo, ("moves", name, felix), made)
        names = board.position_names
        for walk_key, (end, used, _) in zip(entry[1], found, strict=True):
            if walk_key not in made:
                made[walk_key] = MoveTo(name, names[end], felix, used)
        actions = entry[4][name, felix] = tuple(map(made.__getitem__, entry[1]))
    return actions, entry[2], entry[3]


def _unoccupied(walks: _Walks, pawns: list[Position | None]) -> Moves:
    """The walks without those that end on a square another pawn stands on."""
    actions, paths, index = walks
    drop = [index[at] for at in pawns if at in index]
    if not drop:
        return actions, paths
    drop.sort()
    kept_actions: tuple[Action, ...] = ()
    kept_paths: tuple[tuple[Position, ...], ...] = ()
    begin = 0
    for number in drop:
        kept_actions += actions[begin:number]
        kept_paths += paths[begin:number]
        begin = number + 1
    return kept_actions + actions[begin:], kept_paths + paths[begin:]


@functools.lru_cache(maxsize=1024)
def _stay(name: str) -> StayPut:
    return StayPut(name)


def _fireplaces(board: Board, name: str, here: str) -> Moves:
    """Trips by Floo from ``here`` to every other location with a fireplace."""
    memo = board._memo
    key = ("floo", name, here)
    found: Moves | None = memo.get(key)
    if found is None:
        ends = [loc for loc in board.locations if loc != here and loc in board.fireplaces]
        found = (
            tuple(UseFireplace(name, loc) for loc in ends),
            tuple((here, loc) for loc in ends),
        )
        remember(memo, key, found)
    return found


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


def move(d: Draft, action: MoveTo | UseFireplace | StayPut) -> None:
    """A legal move: the pawn goes, Help cards are used up, a star square gives a Help card."""
    name = action.player
    seat = d.seats[name]
    here = seat.position
    assert here is not None
    left = here if isinstance(here, str) else None
    if isinstance(action, StayPut):
        d.step = _ACT
        d.left = None
        d.entered = None
        return
    if isinstance(action, UseFireplace):
        d.update_seat(name, position=action.destination, floo=seat.floo - 1)
        d.emit(_floo_paid(name, 1, seat.floo - 1, "the Floo network"))
        d.emit(
            _moved(
                name,
                cell_name(here),
                action.destination,
                (cell_name(here), action.destination),
                MoveKind.FIREPLACE,
            )
        )
        d.step = Step.ACT
        d.left = left
        d.entered = enterable(action.destination)
        return
    path = d.game._move_path(action)
    destination = path[-1]
    if action.felix:
        _use_special(d, name, Special.FELIX_FELICIS, 1)
    if action.alohomoras:
        _use_special(d, name, Special.ALOHOMORA, action.alohomoras)
    board = d.content.board
    names = board.position_names
    walked = tuple(map(names.__getitem__, path))
    d.emit(_moved(name, names[here], action.destination, walked, _WALK))
    d.move_pawn(name, destination)
    d.step = _ACT
    d.left = left
    if isinstance(destination, tuple):
        d.entered = None
        if destination in board.stops:  # a star square (the other stops are locations)
            draw_help(d, name, face_down=False)
    else:
        d.entered = enterable(destination)


def next_turn(d: Draft) -> None:
    """The next player to the left who is still in the game starts a turn (unless it is over)."""
    if d.phase == _OVER:
        return
    order = d.order
    seats = d.seats
    count = len(order)
    turn = d.turn
    for _ in range(count):
        turn = (turn + 1) % count
        if not seats[order[turn]].eliminated:
            break
    d.turn = turn
    d.step = _ROLL
    d.green = 0
    d.left = None
    d.entered = None
