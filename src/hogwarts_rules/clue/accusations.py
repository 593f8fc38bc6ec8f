"""Clue's accusations: only in The Burrow, on the turn the pawn enters it.

The player names a suspect, an item and a location, then looks in the envelope.
Right: the player wins and the game ends. Wrong: the player is eliminated (the
pawn stays, and still shows cards to the others), and knows the envelope from
then on. When everyone has accused wrongly, the game ends and nobody wins.

Examples:
    >>> from hogwarts_rules import clue
    >>> game, _ = clue.new_game(["Ann", "Ben", "Cat"], seed=26).apply(clue.Deal())
    >>> len(offered(game, "Ann"))  # 6 suspects x 6 items x 9 locations
    324
    >>> refusal(game, Accuse("Ann", "Scabior", "Incendio", "Hogwarts")).code
    'not_in_burrow'
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from hogwarts_rules.clue.actions import Accuse
from hogwarts_rules.clue.cards import BURROW, ITEMS, LOCATIONS, SUSPECTS, wrong_card
from hogwarts_rules.clue.errors import refuse
from hogwarts_rules.clue.events import AccusationChecked, Accused, GameEnded
from hogwarts_rules.clue.vocabulary import Phase
from hogwarts_rules.errors import IllegalActionError

if TYPE_CHECKING:
    from hogwarts_rules.clue.draft import Draft
    from hogwarts_rules.clue.game import Game

__all__ = ["accuse", "offered", "offered_set", "refusal"]


def offered(game: Game, name: str) -> tuple[Accuse, ...]:
    """Every accusation ``name`` may make in The Burrow (the act step's first actions there)."""
    return _offered(name)


@functools.lru_cache(maxsize=64)
def _offered(name: str) -> tuple[Accuse, ...]:
    # The same for every game: built once per player name (the actions are immutable).
    return tuple(Accuse(name, s, i, loc) for s in SUSPECTS for i in ITEMS for loc in LOCATIONS)


@functools.lru_cache(maxsize=64)
def offered_set(name: str) -> frozenset[Accuse]:
    """`offered` as a set, to tell quickly whether an accusation is among them."""
    return frozenset(_offered(name))


def refusal(game: Game, action: Accuse) -> IllegalActionError:
    """Why an accusation at the act step is refused (it is not among the legal actions)."""
    if game.entered != BURROW:
        return refuse(
            "not_in_burrow", "accusations are made in The Burrow, on the turn you enter it"
        )
    problem = wrong_card(
        [("suspect", action.suspect), ("item", action.item), ("location", action.location)]
    )
    return refuse(
        "unknown_card", problem or "accuse one suspect, one item and one of the nine locations"
    )


def accuse(d: Draft, action: Accuse) -> None:
    """A legal accusation: right wins; wrong eliminates, and ends the game if nobody is left."""
    name = action.player
    envelope = d.envelope
    d.emit(Accused(name, action.suspect, action.item, action.location))
    correct = (action.suspect, action.item, action.location) == envelope
    d.emit(AccusationChecked(name, correct, envelope))
    if correct:
        d.emit(GameEnded(name, envelope))
        d.phase = Phase.OVER
        d.winner = name
        return
    d.update_seat(name, eliminated=True)
    d.accused_wrongly = (*d.accused_wrongly, name)
    d.wrong_accusations = (
        *d.wrong_accusations,
        (name, action.suspect, action.item, action.location),
    )
    if all(seat.eliminated for seat in d.seats.values()):
        d.emit(GameEnded(None, envelope))
        d.phase = Phase.OVER
