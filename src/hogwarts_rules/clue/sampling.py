"""Exact sampling of what a player does not know: deals, and whole games (determinization).

`sample_deals` draws deals (who holds each mystery card, and the envelope)
**exactly** uniformly among those consistent with a `Notebook`'s facts (or, with
``weighted=True``, by the weighted model's posterior, see `Notebook.solve`). It
draws the cards one at a time, each from its exact conditional distribution given
the cards drawn before: the deduction engine counts the consistent deals with the
card at each owner, so no deal is ever rejected and no probability is rounded.

`resample` goes further, for search algorithms such as information-set Monte
Carlo tree search: given a game played with `ExternalDice` (so that its record
holds every roll and draw) and a seat, it returns a game the seat cannot tell
from it, drawn from the seat's posterior: the deal from `sample_deals` and the
face-down Help cards of the other seats by exact rejection (see `resample`).

Examples:
    >>> import random
    >>> from hogwarts_rules.clue.deduction import ENVELOPE, Notebook
    >>> deck = (("suspect", ("A", "B")), ("item", ("X", "Y")), ("location", ("P", "Q")))
    >>> book = Notebook.start(["Ann", "Ben"], hand_sizes={"Ann": 2, "Ben": 1}, deck=deck)
    >>> book = book.holds("Ann", ["A", "X"])
    >>> deals = sample_deals(book, 3, random.Random(1))
    >>> [deal["Ann"] for deal in deals]
    [('A', 'X'), ('A', 'X'), ('A', 'X')]
    >>> sorted(deals[0])
    ['<envelope>', 'Ann', 'Ben']
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Final

from hogwarts_rules.actions import Action, ChanceOutcome
from hogwarts_rules.clue.actions import ShowCard
from hogwarts_rules.clue.cards import CATEGORIES
from hogwarts_rules.clue.deduction import ENVELOPE, Deduction, Fact, Notebook
from hogwarts_rules.clue.events import HelpCardUsed, Protected
from hogwarts_rules.clue.game import Game
from hogwarts_rules.clue.vocabulary import Phase
from hogwarts_rules.dice import ExternalDice
from hogwarts_rules.engine import ChanceRequest, GameRecord
from hogwarts_rules.events import Event, events_for

__all__ = ["MAX_TRIES", "resample", "sample_deals"]

MAX_TRIES: Final = 10_000
"""The most candidate games `resample` draws before it gives up."""

Deal = Mapping[str, tuple[str, ...]]
"""A deal: each owner (the players and `ENVELOPE`) with its cards, in the deck's order."""


def _choose(weights: Sequence[tuple[str, Fraction]], rng: random.Random) -> str:
    """One of the owners, with probability proportional to its (exact) weight."""
    scale = math.lcm(*(w.denominator for _, w in weights))
    whole = [(owner, int(w * scale)) for owner, w in weights]
    pick = rng.randrange(sum(w for _, w in whole))
    for owner, w in whole:
        if pick < w:
            return owner
        pick -= w
    raise AssertionError("unreachable: the weights add up")  # pragma: no cover


def sample_deals(
    notebook: Notebook, n: int, rng: random.Random, *, weighted: bool = False
) -> tuple[Deal, ...]:
    """``n`` deals drawn independently, each exactly uniformly among those the facts allow.

    Args:
        notebook: what is known (its deck may be smaller than the real one).
        n: how many deals (0 or more).
        rng: the source of randomness (`random.Random.randrange` only, so each draw is
            exact).
        weighted: draw by the weighted model instead (`Notebook.solve` with
            ``weighted=True``: a refuter shows one of its matching cards at random).

    Returns:
        Each deal as a mapping from every owner (the players, then `ENVELOPE`) to its
        cards, in the deck's order.

    Raises:
        ContradictionError: no deal satisfies the facts.
        ValueError: ``n`` is negative.
    """
    if type(n) is not int or n < 0:
        raise ValueError("the number of deals is a whole number of 0 or more")
    cards = [card for _, group in notebook.deck for card in group]
    owners = (*notebook.players, ENVELOPE)
    solved: dict[tuple[Fact, ...], Deduction] = {}

    def solve(book: Notebook) -> Deduction:
        found = solved.get(book.facts)
        if found is None:
            found = solved[book.facts] = book.solve(weighted=weighted, reasons=False)
        return found

    deals: list[Deal] = []
    for _ in range(n):
        book = notebook
        placed: dict[str, str] = {}
        for card in cards:
            counts = solve(book).counts[card]
            weights = [(owner, counts[owner]) for owner in owners if counts[owner] > 0]
            owner = weights[0][0] if len(weights) == 1 else _choose(weights, rng)
            placed[card] = owner
            if len(weights) > 1:  # a forced card changes no count: no fact needed
                book = book.holds(owner, [card], "sampled")
        deals.append({o: tuple(c for c in cards if placed[c] == o) for o in owners})
    return tuple(deals)


# ----- whole games ----------------------------------------------------------------------

_ENVELOPE_LABEL: Final = "the envelope's "
_CARD_LABEL: Final = "a mystery card to deal"
_HELP_LABEL: Final = "'s Help card"


def resample(game: Game, seat: str, rng: random.Random, *, weighted: bool = False) -> Game:
    """A game ``seat`` cannot tell from ``game``, drawn from the seat's exact posterior.

    ``game`` must be played with `ExternalDice`, so that its record holds every roll and
    draw. The result is the same record with what the seat has not seen drawn again:

    - the envelope and the other seats' hands: a deal from `sample_deals` over the
      seat's notebook (`Notebook.from_view`), uniformly among the deals consistent
      with what the seat knows (``weighted=True``: by the weighted model); before the
      deal is complete, the cards drawn so far are drawn again as the deal draws them;
    - the other seats' face-down Help cards: drawn as the deal draws them given the
      seat's own, and kept with the probability that the Help cards drawn since
      would be drawn again (exact rejection: the ratio of their probability to a
      bound that does not depend on the hidden cards);
    - the card another refuter showed a third seat (which the seat did not see): one
      of the new refuter's cards that match the suggestion, at random (the weighted
      model's refuter), whatever was shown in ``game``: keeping the card really shown
      whenever the new refuter holds it would tell the seat which card it was.

    Every other roll, draw and decision is kept. A candidate in which any of them is
    impossible, or in which the seat would see anything else, is drawn again. Rolls
    and draws are exact (`random.Random.randrange`).

    Raises:
        ValueError: ``game`` does not roll `ExternalDice`, or ``seat`` is not playing.
        RuntimeError: no candidate was kept in `MAX_TRIES` draws.
    """
    if not isinstance(game.dice, ExternalDice):
        raise ValueError(
            "resample needs a game played with ExternalDice (its record holds the draws)"
        )
    if seat not in game.seat_names:
        raise ValueError(f"{seat!r} is not playing")
    view = game.view(seat)
    dealt = view.phase != Phase.DEAL
    book = Notebook.from_view(view) if dealt else None
    record = game.record
    start = Game.replay(GameRecord(record.game, record.setup, ()))
    own_help, shown = _face_down(game, seat)
    seen = _seen(start, record.actions, seat)  # the same for every candidate
    for _ in range(MAX_TRIES):
        deal = None if book is None else sample_deals(book, 1, rng, weighted=weighted)[0]
        hidden = _hidden_help(start, seat, own_help, shown, rng)
        found = _candidate(start, record.actions, seat, deal, hidden, seen, rng)
        if found is not None:
            return found
    raise RuntimeError(f"no game consistent with {seat}'s view was drawn in {MAX_TRIES} tries")


def _face_down(game: Game, seat: str) -> tuple[str | None, dict[str, str]]:
    """The seat's face-down Help card as dealt, and the others' that the seat saw used.

    A Help card a seat uses (to protect itself, or on a move) that is not among its
    face-up cards, which everyone sees, is its face-down card: the seat learns it.
    """
    record = game.record
    replay = Game.replay(GameRecord(record.game, record.setup, ()))
    own: str | None = None
    seen = 0
    shown: dict[str, str] = {}
    for action in record.actions:
        request = replay.awaiting
        help_draw = isinstance(request, ChanceRequest) and request.label.endswith(_HELP_LABEL)
        if help_draw and seen < len(replay.order) and replay.phase == Phase.DEAL:
            assert isinstance(request, ChanceRequest)
            if request.label == seat + _HELP_LABEL:
                assert isinstance(action, ChanceOutcome)
                own = str(action.value)
            seen += 1
        before = replay
        replay, events = replay.apply(action)
        for event in events:
            name, card = getattr(event, "player", None), getattr(event, "card", None)
            if not isinstance(event, Protected | HelpCardUsed) or name == seat:
                continue
            record_ = before.seats[event.player]
            if card not in record_.help_cards and card in record_.hidden_help:
                shown[event.player] = event.card
    return own, shown


def _draw(request: ChanceRequest, rng: random.Random) -> int | str:
    """An outcome of ``request`` by its exact probabilities."""
    weights = [(str(i), p) for i, (_, p) in enumerate(request.outcomes)]
    return request.outcomes[int(_choose(weights, rng))][0]


def _hidden_help(
    start: Game, seat: str, own: str | None, shown: Mapping[str, str], rng: random.Random
) -> dict[str, str]:
    """The other seats' face-down Help cards: those the seat saw, the others drawn from the rest."""
    deck = Counter(card.name for card in start.content.help_deck)
    for card in (own, *shown.values()):
        if card is not None:
            deck[card] -= 1
    dealt = dict(shown)
    for name in start.order:
        if name == seat or name in dealt:
            continue
        pool = sorted(deck.elements())
        if not pool:
            break
        card = pool[rng.randrange(len(pool))]
        deck[card] -= 1
        dealt[name] = card
    return dealt


def _seen(start: Game, actions: Sequence[Action], seat: str) -> list[tuple[Event, ...]]:
    """What ``seat`` saw of each action of the game played from ``start``."""
    game = start
    seen = []
    for action in actions:
        game, events = game.apply(action)
        seen.append(events_for(events, seat))
    return seen


def _candidate(
    start: Game,
    actions: Sequence[Action],
    seat: str,
    deal: Deal | None,
    hidden: Mapping[str, str],
    seen: Sequence[tuple[Event, ...]],
    rng: random.Random,
) -> Game | None:
    """One candidate game, or ``None`` when it is rejected (as soon as it is).

    ``seen`` is what the seat saw of each action of the real game (`_seen`).
    """
    hands = {} if deal is None else {owner: list(cards) for owner, cards in deal.items()}
    envelope = {} if deal is None else {_category(card): card for card in deal[ENVELOPE]}
    new = start
    dealt_cards = 0
    help_drawn = 0
    for action, saw in zip(actions, seen, strict=True):
        request = new.awaiting
        chosen: Action = action
        if isinstance(request, ChanceRequest):
            assert isinstance(action, ChanceOutcome)
            value = action.value
            label = request.label
            if label.startswith(_ENVELOPE_LABEL):
                kind = label[len(_ENVELOPE_LABEL) :]
                value = envelope[kind] if deal is not None else _draw(request, rng)
            elif label == _CARD_LABEL:
                owner = new.order[dealt_cards % len(new.order)]
                value = hands[owner].pop(0) if deal is not None else _draw(request, rng)
                dealt_cards += 1
            elif label.endswith(_HELP_LABEL):
                drawer = label[: -len(_HELP_LABEL)]
                if help_drawn < len(new.order) and new.phase == Phase.DEAL:
                    if drawer != seat:
                        value = hidden.get(drawer, value)
                else:
                    # Kept with this probability; each draw is tested as it comes (the
                    # product of the tests is the candidate's chance to be kept), so
                    # that a candidate is dropped before the rest of the game is replayed.
                    keep = _keep_help(new, seat, str(value))
                    if keep < 1 and rng.randrange(keep.denominator) >= keep.numerator:
                        return None
                help_drawn += 1
            chosen = ChanceOutcome(value)
        elif isinstance(action, ShowCard) and seat not in (action.player, new.current_player):
            # A card shown to a third seat: drawn again among the refuter's cards that
            # match, never read from ``game`` (which would tell the seat what was shown).
            options = new.legal_actions()
            if not options:
                return None
            chosen = options[rng.randrange(len(options))]
        if not new.can_apply(chosen):
            return None
        new, new_events = new.apply(chosen)
        if events_for(new_events, seat) != saw:
            return None
    return new


def _category(card: str) -> str:
    return next(kind for kind, cards in CATEGORIES.items() if card in cards)


def _keep_help(game: Game, seat: str, card: str) -> Fraction:
    """How likely a Help card drawn after the deal is, against a bound the same in every world.

    The copies of ``card`` in the deck, over `_help_bound`.
    """
    bound = _help_bound(game, seat, card)
    return Fraction(game.help_deck.count(card), bound) if bound else Fraction(0)


def _help_bound(game: Game, seat: str, card: str) -> int:
    """The copies of ``card`` that ``seat`` has not seen: in the deck or face down with others.

    The same in every game the seat cannot tell apart: all the copies but its own,
    those face up and those discarded, which every seat sees go (a card used up or
    protecting is shown). The deck is one part of them, so the deck's count over this
    is at most 1. (Counting the discards too was exact but needlessly low: a card
    with a copy in the discards was kept half the time in every world.)
    """
    unseen = game.help_deck.count(card)
    for name, record in game.seats.items():
        if name != seat:
            unseen += record.hidden_help.count(card)
    return unseen
