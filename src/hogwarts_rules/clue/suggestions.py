"""Clue's suggestions: what may be suggested, where, and who must show a card.

In a location entered this turn (not The Burrow), the player may suggest a
suspect and an item there. Both tokens move to the location, and the players to
the left, one after the other, must show the suggester one of the three cards if
they can: the first who can chooses which (asked even with one card, ruling
CL-14) and the turn ends. Everyone sees who passed and who showed; only the two
players see the card.

Examples:
    >>> from hogwarts_rules import clue
    >>> game, _ = clue.new_game(["Ann", "Ben", "Cat"], seed=26).apply(clue.Deal())
    >>> len(offered(game, "Ann"))  # in a location: every suspect with every item
    36
    >>> refusal(game, Suggest("Ann", "Scabior", "Incendio")).code  # no location entered
    'not_entered'
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from hogwarts_rules.clue.actions import ShowCard, Suggest
from hogwarts_rules.clue.cards import BURROW, ITEMS, SUSPECTS, wrong_card
from hogwarts_rules.clue.errors import refuse
from hogwarts_rules.clue.events import CardShown, Passed, Suggested, Unrefuted
from hogwarts_rules.clue.records import SuggestionRecord
from hogwarts_rules.errors import IllegalActionError

if TYPE_CHECKING:
    from hogwarts_rules.clue.draft import Draft
    from hogwarts_rules.clue.game import Game

__all__ = ["SuggestionRecord", "offered", "offered_set", "refusal", "suggest"]


def offered(game: Game, name: str) -> tuple[Suggest, ...]:
    """Every suggestion ``name`` may make in the location entered (the act step's first actions)."""
    return _offered(name)


@functools.lru_cache(maxsize=64)
def _offered(name: str) -> tuple[Suggest, ...]:
    # The same for every game: built once per player name (the actions are immutable).
    return tuple(Suggest(name, s, i) for s in SUSPECTS for i in ITEMS)


@functools.lru_cache(maxsize=64)
def offered_set(name: str) -> frozenset[Suggest]:
    """`offered` as a set, to tell quickly whether a suggestion is among them."""
    return frozenset(_offered(name))


def refusal(game: Game, action: Suggest) -> IllegalActionError:
    """Why a suggestion at the act step is refused (it is not among the legal actions)."""
    if game.entered == BURROW:
        return refuse("burrow", "no suggestions in The Burrow: it is for accusations")
    if game.entered is None:
        return refuse("not_entered", "a suggestion needs a location entered this turn")
    problem = wrong_card([("suspect", action.suspect), ("item", action.item)])
    return refuse("unknown_card", problem or "suggest one of the suspects and one of the items")


def suggest(d: Draft, action: Suggest) -> None:
    """A legal suggestion: the tokens move, and the players to the left refute in turn."""
    name = action.player
    location = d.entered
    assert location is not None
    d.emit(Suggested(name, action.suspect, action.item, location))
    d.tokens = d.tokens.set(action.suspect, location).set(action.item, location)
    asked = {action.suspect, action.item, location}
    order = d.order
    start = order.index(name)
    passed: list[str] = []
    shown_by: str | None = None
    for refuter in order[start + 1 :] + order[:start]:
        matching = [card for card in d.seats[refuter].hand if card in asked]
        if not matching:
            passed.append(refuter)
            d.emit(Passed(refuter))
            continue
        options = [ShowCard(refuter, card) for card in matching]
        prompt = f"{refuter} must show {name} one of the suggested cards"
        # Asked even with one matching card: others must not learn how many (CL-14).
        choice = d.ctx.decide(
            refuter,
            options,
            prompt=prompt,
            details={
                "suggester": name,
                "suspect": action.suspect,
                "item": action.item,
                "location": location,
            },
            state=d.freeze,
            force=True,
        )
        assert isinstance(choice, ShowCard)
        d.emit(CardShown(refuter, name, choice.card))
        d.shown = (*d.shown, (name, refuter, choice.card))
        shown_by = refuter
        break
    else:
        d.emit(Unrefuted(name))
    record = SuggestionRecord(name, action.suspect, action.item, location, tuple(passed), shown_by)
    d.suggestions = (*d.suggestions, record)
