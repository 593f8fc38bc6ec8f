"""The exact Clue notebook (`hogwarts_rules.clue.deduction`) against brute force.

A plain enumerator lists every deal (envelope + hands) allowed by the facts and
counts them, with and without the Bayesian weight of the cards shown to me: its
totals, card-by-owner counts and envelope-triple counts must equal the engine's
Fractions exactly, on random small decks and on real 3-player histories. Property
tests over random real games check what must hold whatever the history, and the
text-book cases pin the numbers a reader can work out by hand.
"""

from __future__ import annotations

import math
import pickle
import random
from collections.abc import Iterator, Sequence
from fractions import Fraction
from itertools import product

import attrs
import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from hogwarts_rules import clue
from hogwarts_rules.bots import deciding_seat, seat_actions
from hogwarts_rules.clue.deduction import (
    ENVELOPE,
    STANDARD_DECK,
    ContradictionError,
    Deduction,
    Fact,
    Notebook,
)
from hogwarts_rules.clue.view import ClueView
from hogwarts_rules.errors import RulesError

Deck = tuple[tuple[str, tuple[str, ...]], ...]
Deal = dict[str, str]  # card -> owner (a player or ENVELOPE)

NAMES = ("Ann", "Ben", "Cat", "Dan", "Eve")
SETTINGS = settings(
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


# =============================================================== brute force


def enumerate_deals(
    players: Sequence[str],
    sizes: dict[str, int],
    deck: Deck,
    allowed: dict[str, set[str]],
) -> Iterator[Deal]:
    """Every deal: one card per category in the envelope, the rest filling the hands exactly.

    ``allowed`` (card -> owners it may go to) only prunes the enumeration; callers check
    every fact again on the full deal. The yielded dict is reused: copy it to keep it.
    """
    cards = [card for _, group in deck for card in group]
    for envelope in product(*([c for c in group if ENVELOPE in allowed[c]] for _, group in deck)):
        rest = [card for card in cards if card not in envelope]
        deal: Deal = dict.fromkeys(envelope, ENVELOPE)
        yield from _fill(players, dict(sizes), allowed, rest, deal)


def _fill(
    players: Sequence[str],
    left: dict[str, int],
    allowed: dict[str, set[str]],
    rest: list[str],
    deal: Deal,
    index: int = 0,
) -> Iterator[Deal]:
    """Give the cards ``rest[index:]`` to players with room left, every way."""
    if index == len(rest):
        yield deal
        return
    card = rest[index]
    for player in players:
        if left[player] > 0 and player in allowed[card]:
            left[player] -= 1
            deal[card] = player
            yield from _fill(players, left, allowed, rest, deal, index + 1)
            del deal[card]
            left[player] += 1


def satisfied(fact: Fact, deal: Deal) -> bool:
    if fact.kind in ("holds", "shown"):
        return deal[fact.cards[0]] == fact.owner
    if fact.kind == "lacks":
        return all(deal[card] != fact.owner for card in fact.cards)
    if fact.kind == "one_of":
        return any(deal[card] == fact.owner for card in fact.cards)
    assert fact.kind == "not_solution"
    return not all(deal[card] == ENVELOPE for card in fact.cards)


def shown_weight(facts: Sequence[Fact], deal: Deal) -> Fraction:
    """P(each refuter showed me the card I saw | deal), refuters choosing uniformly."""
    weight = Fraction(1)
    for fact in facts:
        if fact.kind == "shown":
            weight /= sum(1 for card in set(fact.cards) if deal[card] == fact.owner)
    return weight


@attrs.frozen
class Brute:
    deals: Fraction
    counts: dict[str, dict[str, Fraction]]
    triples: dict[tuple[str, ...], Fraction]

    def probability(self, card: str, owner: str) -> Fraction:
        return self.counts[card][owner] / self.deals


def tally(
    weighted_deals: Iterator[tuple[Deal, Fraction]], players: Sequence[str], deck: Deck
) -> Brute:
    owners = (*players, ENVELOPE)
    counts = {card: dict.fromkeys(owners, Fraction(0)) for _, group in deck for card in group}
    triples: dict[tuple[str, ...], Fraction] = {}
    total = Fraction(0)
    for deal, weight in weighted_deals:
        total += weight
        for card, owner in deal.items():
            counts[card][owner] += weight
        triple = tuple(next(c for c in group if deal[c] == ENVELOPE) for _, group in deck)
        triples[triple] = triples.get(triple, Fraction(0)) + weight
    return Brute(total, counts, triples)


def unary_allowed(book: Notebook) -> dict[str, set[str]]:
    owners = (*book.players, ENVELOPE)
    allowed = {card: set(owners) for _, group in book.deck for card in group}
    for fact in book.facts:
        if fact.kind in ("holds", "shown"):
            allowed[fact.cards[0]] &= {fact.owner}
        elif fact.kind == "lacks":
            for card in fact.cards:
                allowed[card].discard(fact.owner)
    return allowed


def brute(book: Notebook, *, weighted: bool = False) -> Brute:
    """Count the deals that satisfy every fact of ``book``, by enumeration."""

    def consistent() -> Iterator[tuple[Deal, Fraction]]:
        sizes = dict(book.hand_sizes)
        for deal in enumerate_deals(book.players, sizes, book.deck, unary_allowed(book)):
            if all(satisfied(fact, deal) for fact in book.facts):
                yield deal, shown_weight(book.facts, deal) if weighted else Fraction(1)

    return tally(consistent(), book.players, book.deck)


def assert_equal(result: Deduction, expected: Brute) -> None:
    assert result.deals == expected.deals
    assert {card: dict(row) for card, row in result.counts.items()} == expected.counts
    assert dict(result.triples) == {t: n for t, n in expected.triples.items() if n}
    assert all(n > 0 for n in result.triples.values()), "only possible triples are listed"


def probabilities(result: Deduction) -> dict[tuple[str, str], Fraction]:
    return {
        (card, owner): result.probability(card, owner)
        for card in result.counts
        for owner in result.owners
    }


def certain_cells(result: Deduction) -> set[tuple[str, str]]:
    return {
        (card, owner)
        for card, row in result.counts.items()
        for owner, count in row.items()
        if count == result.deals
    }


def assert_certainties_match(result: Deduction) -> None:
    """Every certainty is a marginal of 1, every marginal of 1 a certainty, with reasons."""
    listed = [(c.card, c.owner) for c in result.certainties]
    assert len(listed) == len(set(listed))
    assert set(listed) == certain_cells(result)
    for certainty in result.certainties:
        assert certainty.reasons
        assert all(isinstance(r, str) and r.strip() for r in certainty.reasons)
        assert certainty.card in certainty.text


def assert_sums(result: Deduction) -> None:
    for card, row in result.counts.items():
        assert set(row) == set(result.owners)
        assert all(count >= 0 for count in row.values()), card
        assert sum(row.values()) == result.deals, card
    assert sum(result.triples.values()) == result.deals
    for index, (_, group) in enumerate(result.deck):
        for card in group:
            in_envelope = sum(n for t, n in result.triples.items() if t[index] == card)
            assert in_envelope == result.counts[card][ENVELOPE]


# =============================================================== small random decks

SMALL_NAMES = ("Ann", "Ben", "Cat", "Dan")
KINDS = ("suspect", "item", "location")


@attrs.frozen
class Scenario:
    book: Notebook
    truth: dict[str, str]  # card -> owner, the true deal

    def hand(self, owner: str) -> list[str]:
        return [card for card, where in self.truth.items() if where == owner]


@st.composite
def small_deals(draw: st.DrawFn, players: tuple[int, int] = (2, 4)) -> Scenario:
    """A small deck, 2 to 4 players and a true deal (an empty notebook for it)."""
    first, second = draw(st.integers(1, 4)), draw(st.integers(1, 4))
    third = draw(st.integers(max(1, 5 - first - second), min(4, 10 - first - second)))
    sizes = (first, second, third)
    deck: Deck = tuple(
        (kind, tuple(f"{kind[0]}{i}" for i in range(n)))
        for kind, n in zip(KINDS, sizes, strict=True)
    )
    names = SMALL_NAMES[: draw(st.integers(*players))]
    return Scenario(*draw_deal(draw, deck, names))


def draw_deal(draw: st.DrawFn, deck: Deck, names: Sequence[str]) -> tuple[Notebook, dict[str, str]]:
    """A random true deal of ``deck`` to ``names`` (hands of any sizes), and its empty notebook."""
    envelope = [draw(st.sampled_from(group)) for _, group in deck]
    rest = draw(st.permutations([c for _, group in deck for c in group if c not in envelope]))
    gaps = len(names) - 1
    cuts = sorted(draw(st.lists(st.integers(0, len(rest)), min_size=gaps, max_size=gaps)))
    bounds = [0, *cuts, len(rest)]
    truth = dict.fromkeys(envelope, ENVELOPE)
    for i, player in enumerate(names):
        truth.update(dict.fromkeys(rest[bounds[i] : bounds[i + 1]], player))
    hand_sizes = {p: bounds[i + 1] - bounds[i] for i, p in enumerate(names)}
    return Notebook.start(names, hand_sizes=hand_sizes, deck=deck), truth


def draw_true_fact(draw: st.DrawFn, scenario: Scenario) -> Notebook:
    """The notebook with one more fact that the true deal satisfies."""
    book, truth = scenario.book, scenario.truth
    cards = sorted(truth)
    owners = [*book.players, ENVELOPE]
    kind = draw(st.sampled_from(("holds", "shown", "lacks", "one_of", "not_solution")))
    if kind == "holds":
        card = draw(st.sampled_from(cards))
        return book.holds(truth[card], [card], "drawn")
    if kind == "shown":
        players = [p for p in book.players if scenario.hand(p)]
        player = draw(st.sampled_from(players))
        card = draw(st.sampled_from(scenario.hand(player)))
        asked = [card if card in group else draw(st.sampled_from(group)) for _, group in book.deck]
        return book.shown(player, card, asked)
    owner = draw(st.sampled_from(owners))
    if kind == "lacks":
        others = [c for c in cards if truth[c] != owner]
        chosen = draw(st.lists(st.sampled_from(others), min_size=1, max_size=3, unique=True))
        return book.lacks(owner, chosen)
    if kind == "one_of":
        mine = scenario.hand(owner)
        if not mine:
            return book
        some = {draw(st.sampled_from(mine)), *draw(st.lists(st.sampled_from(cards), max_size=2))}
        return book.one_of(owner, draw(st.permutations(sorted(some))))
    triple = [draw(st.sampled_from(group)) for _, group in book.deck]
    if all(truth[c] == ENVELOPE for c in triple):
        return book
    return book.not_solution(*triple)


def true_fact(scenario: Scenario) -> st.SearchStrategy[Notebook]:
    @st.composite
    def strategy(draw: st.DrawFn) -> Notebook:
        return draw_true_fact(draw, scenario)

    return strategy()


def draw_any_fact(draw: st.DrawFn, book: Notebook) -> Notebook:
    """The notebook with one more fact, true or not (so possibly contradictory)."""
    cards = [c for _, group in book.deck for c in group]
    owner = draw(st.sampled_from([*book.players, ENVELOPE]))
    chosen = draw(st.lists(st.sampled_from(cards), min_size=1, max_size=3, unique=True))
    triple = [draw(st.sampled_from(group)) for _, group in book.deck]
    kind = draw(st.sampled_from(("holds", "shown", "lacks", "one_of", "not_solution")))
    if kind == "holds":
        return book.holds(owner, chosen[:1])
    if kind == "shown" and owner != ENVELOPE:
        return book.shown(owner, draw(st.sampled_from(triple)), triple)
    if kind == "lacks":
        return book.lacks(owner, chosen)
    if kind == "one_of":
        return book.one_of(owner, chosen)
    return book.not_solution(*triple)


@st.composite
def true_histories(draw: st.DrawFn) -> Scenario:
    """A small deal and 0 to 8 facts it satisfies (often a whole hand: "my hand")."""
    scenario = draw(small_deals())
    if draw(st.booleans()):
        me = draw(st.sampled_from(scenario.book.players))
        scenario = attrs.evolve(
            scenario, book=scenario.book.holds(me, scenario.hand(me), "my hand")
        )
    for _ in range(draw(st.integers(0, 8))):
        scenario = attrs.evolve(scenario, book=draw_true_fact(draw, scenario))
    return scenario


@st.composite
def any_histories(draw: st.DrawFn) -> Notebook:
    """A small deal's notebook with true facts and 1 to 6 arbitrary ones, in any order."""
    scenario = draw(small_deals())
    for _ in range(draw(st.integers(0, 4))):
        scenario = attrs.evolve(scenario, book=draw_true_fact(draw, scenario))
    book = scenario.book
    for _ in range(draw(st.integers(1, 6))):
        book = draw_any_fact(draw, book)
    facts = draw(st.permutations(book.facts))
    return attrs.evolve(book, facts=tuple(facts))


@settings(SETTINGS, max_examples=300)
@given(scenario=true_histories(), more=st.data())
def test_small_decks_match_brute_force(scenario: Scenario, more: st.DataObject) -> None:
    book, truth = scenario.book, scenario.truth
    for weighted in (False, True):
        result = book.solve(weighted=weighted)
        assert_equal(result, brute(book, weighted=weighted))
        assert_sums(result)
        assert_certainties_match(result)
        # The true deal is possible.
        assert all(result.probability(card, owner) > 0 for card, owner in truth.items())
        envelope = tuple(next(c for c in g if truth[c] == ENVELOPE) for _, g in book.deck)
        assert result.triple_probability(*envelope) > 0
    # Weighing changes the probabilities, never what is possible or certain.
    plain, weighted_result = book.solve(), book.solve(weighted=True)
    assert certain_cells(plain) == certain_cells(weighted_result)
    assert set(plain.triples) == set(weighted_result.triples)
    # One more true fact keeps every certainty.
    book2 = more.draw(true_fact(scenario))
    for weighted in (False, True):
        assert certain_cells(book.solve(weighted=weighted)) <= certain_cells(
            book2.solve(weighted=weighted)
        )


@settings(SETTINGS, max_examples=250)
@given(book=any_histories())
def test_arbitrary_facts_match_brute_force_or_name_a_real_conflict(book: Notebook) -> None:
    expected = brute(book)
    event("contradiction" if not expected.deals else "consistent")
    if expected.deals:
        assert_equal(book.solve(), expected)
        assert_equal(book.solve(weighted=True), brute(book, weighted=True))
        return
    for weighted in (False, True):
        with pytest.raises(ContradictionError) as caught:
            book.solve(weighted=weighted)
        error = caught.value
        assert error.code == "contradiction"
        conflict = error.conflict
        assert conflict, "the conflict names at least one fact"
        assert all(any(f is g for g in book.facts) for f in conflict)
        assert len({id(f) for f in conflict}) == len(conflict)
        # The named facts clash on their own, and each of them is needed.
        assert brute(attrs.evolve(book, facts=conflict)).deals == 0
        for fact in conflict:
            rest = tuple(f for f in conflict if f is not fact)
            assert brute(attrs.evolve(book, facts=rest)).deals > 0
        message = str(error)
        assert all(fact.text in message for fact in conflict)


# =============================================================== weighted: the Bayesian model


def test_weighted_textbook_case() -> None:
    # who: a1/a2, what: b1/b2, where: c1/c2; I hold c1, Ben holds two cards.
    deck: Deck = (("who", ("a1", "a2")), ("what", ("b1", "b2")), ("where", ("c1", "c2")))
    book = Notebook.start(["Me", "Ben"], hand_sizes={"Me": 1, "Ben": 2}, deck=deck)
    book = book.holds("Me", ["c1"]).shown("Ben", "b1", ["a1", "b1", "c2"])
    # Ben holds b1 and one of a1/a2: equally likely deals...
    assert book.solve().envelope_probability("a1") == Fraction(1, 2)
    # ...but with a1 too he would have shown it half of the time: 1 : 1/2.
    weighted = book.solve(weighted=True)
    assert weighted.envelope_probability("a1") == Fraction(2, 3)
    assert weighted.probability("a1", "Ben") == Fraction(1, 3)
    assert weighted.deals == Fraction(3, 2)
    # A refutation shown to someone else carries no weight.
    others = Notebook.start(["Me", "Ben"], hand_sizes={"Me": 1, "Ben": 2}, deck=deck)
    others = others.holds("Me", ["c1"]).holds("Ben", ["b1"]).one_of("Ben", ["a1", "b1", "c2"])
    assert others.solve(weighted=True).envelope_probability("a1") == Fraction(1, 2)


Suggestion = tuple[str, tuple[str, ...]]  # suggester, asked cards (one per category)
Seen = tuple[tuple[str, tuple[str, ...], tuple[str, ...], str | None, str | None], ...]


@st.composite
def protocol_games(draw: st.DrawFn) -> tuple[Scenario, list[Suggestion], str]:
    scenario = draw(small_deals(players=(3, 3)))
    book = scenario.book
    me = draw(st.sampled_from(book.players))
    suggestions = [
        (
            draw(st.sampled_from((me, *book.players))),  # me half of the time
            tuple(draw(st.sampled_from(group)) for _, group in book.deck),
        )
        for _ in range(draw(st.integers(1, 5)))
    ]
    return scenario, suggestions, me


def refutations(players: Sequence[str], deal: Deal, suggestion: Suggestion) -> tuple[str, ...]:
    """The cards the refuter of ``suggestion`` may show (empty when nobody can refute)."""
    suggester, asked = suggestion
    start = players.index(suggester)
    for refuter in (*players[start + 1 :], *players[:start]):
        matching = tuple(c for c in asked if deal[c] == refuter)
        if matching:
            return matching
    return ()


def observe(
    players: Sequence[str],
    deal: Deal,
    suggestions: Sequence[Suggestion],
    me: str,
    shown: Sequence[str | None],
) -> Seen:
    """What ``me`` sees of each suggestion (passes, refuter, card if shown to me)."""
    seen = []
    for (suggester, asked), card in zip(suggestions, shown, strict=True):
        start = players.index(suggester)
        order = (*players[start + 1 :], *players[:start])
        refuter = None if card is None else deal[card]
        passed = order[: order.index(refuter)] if refuter is not None else order
        seen.append((suggester, asked, passed, refuter, card if suggester == me else None))
    return tuple(seen)


@settings(SETTINGS, max_examples=100)
@given(game=protocol_games(), choice_seed=st.integers(0, 2**16))
def test_weighted_is_the_bayesian_posterior_of_the_game(
    game: tuple[Scenario, list[Suggestion], str], choice_seed: int
) -> None:
    """Simulate suggestions on a small deck; compare with the exact posterior of me's view.

    The posterior comes from the game's own protocol (refuters asked in turn; a refuter
    with k matching cards shows each with probability 1/k), not from notebook facts.
    """
    scenario, suggestions, me = game
    book, truth = scenario.book, scenario.truth
    players = book.players
    rng = random.Random(choice_seed)
    shown: list[str | None] = []
    for suggestion in suggestions:
        options = refutations(players, truth, suggestion)
        shown.append(rng.choice(options) if options else None)
    seen = observe(players, truth, suggestions, me, shown)
    # Me's notebook, written from what me saw (as `Notebook.from_view` does).
    notes = book.holds(me, scenario.hand(me), "my hand")
    for _, asked, passed, refuter, card in seen:
        for player in passed:
            notes = notes.lacks(player, asked)
        if refuter is None or refuter == me:
            continue
        if card is not None:
            notes = notes.shown(refuter, card, asked)
        else:
            notes = notes.one_of(refuter, asked)

    # The exact posterior: every deal (equally likely) times the chance that the
    # refuters' random picks make me see exactly what I saw.
    def joint() -> Iterator[tuple[Deal, Fraction]]:
        sizes = dict(book.hand_sizes)
        allowed = {c: ({me} if o == me else {*players, ENVELOPE} - {me}) for c, o in truth.items()}
        for deal in enumerate_deals(players, sizes, book.deck, allowed):
            options = [refutations(players, deal, s) or (None,) for s in suggestions]
            weight = Fraction(0)
            for picks in product(*options):
                if observe(players, deal, suggestions, me, picks) == seen:
                    weight += math.prod(Fraction(1, len(o)) for o in options)
            if weight:
                yield deal, weight

    posterior = tally(joint(), players, book.deck)
    result = notes.solve(weighted=True)
    matter = probabilities(result) != probabilities(notes.solve())
    event("the weights matter" if matter else "same as unweighted")
    for card in truth:
        for owner in (*players, ENVELOPE):
            assert result.probability(card, owner) == posterior.probability(card, owner)
    assert {t: n / result.deals for t, n in result.triples.items()} == {
        t: n / posterior.deals for t, n in posterior.triples.items()
    }


# =============================================================== real games


def play(
    players: int, seed: int, *, suggestions: int, random_bots: bool = False, max_steps: int = 4000
) -> clue.Game:
    """A seeded game played by bots until ``suggestions`` suggestions (or its end)."""
    names = NAMES[:players]
    game = clue.new_game(names, seed=seed)
    bots: dict[str, clue.Bot] = {
        name: clue.RandomBot(seed * 10 + i) if random_bots else clue.NotebookBot()
        for i, name in enumerate(names)
    }
    for _ in range(max_steps):
        if game.is_over or (game.phase != clue.Phase.DEAL and len(game.suggestions) >= suggestions):
            break
        seat = deciding_seat(game)
        assert seat is not None
        game, _ = game.apply(bots[seat].choose(game.view(seat), seat, seat_actions(game, seat)))
    return game


def true_deal(game: clue.Game) -> Deal:
    deal = dict.fromkeys(game.envelope, ENVELOPE)
    for name, seat in game.seats.items():
        deal.update(dict.fromkeys(seat.hand, name))
    assert len(deal) == 21
    return deal


def view_brute(view: ClueView, revealed: Deal, *, weighted: bool) -> Brute:
    """Brute force from the view's own records (not from the notebook's facts)."""
    me = view.me
    players = view.order
    sizes = {seat.name: seat.hand_size for seat in view.seats}
    allowed = {card: {*players, ENVELOPE} for _, group in STANDARD_DECK for card in group}
    known: Deal = dict.fromkeys(view.hand, me) | dict.fromkeys(view.envelope, ENVELOPE)
    known |= revealed
    shown = iter(view.shown_to_me)
    mine: list[tuple[str, str, tuple[str, ...]]] = []  # refuter, card, asked
    for record in view.suggestions:
        asked = (record.suspect, record.item, record.location)
        for player in record.passed:
            for card in asked:
                allowed[card].discard(player)
        if record.player == me and record.shown_by is not None:
            refuter, card = next(shown)
            assert refuter == record.shown_by and card in asked
            known[card] = refuter
            mine.append((refuter, card, asked))
    assert next(shown, None) is None
    for card, owner in known.items():
        allowed[card] &= {owner}

    def consistent() -> Iterator[tuple[Deal, Fraction]]:
        for deal in enumerate_deals(players, sizes, STANDARD_DECK, allowed):
            if any(deal[c] != o for c, o in known.items()):
                continue
            ok = all(
                all(deal[c] != p for p in r.passed for c in (r.suspect, r.item, r.location))
                and (
                    r.shown_by is None
                    or any(deal[c] == r.shown_by for c in (r.suspect, r.item, r.location))
                )
                for r in view.suggestions
            )
            ok = ok and all(
                not all(deal[c] == ENVELOPE for c in (s, i, loc))
                for _, s, i, loc in view.wrong_accusations
            )
            if not ok:
                continue
            weight = Fraction(1)
            if weighted:
                for refuter, _, asked in mine:
                    weight /= sum(1 for c in asked if deal[c] == refuter)
            yield deal, weight

    return tally(consistent(), players, STANDARD_DECK)


def reveal(game: clue.Game, view: ClueView, seed: int, unknown: int) -> Deal:
    """Other players' cards to reveal until at most ``unknown`` cards have an unknown place."""
    truth = true_deal(game)
    known = set(view.hand) | set(view.envelope) | {card for _, card in view.shown_to_me}
    hidden = sorted(c for c in truth if c not in known and truth[c] != ENVELOPE)
    random.Random(seed).shuffle(hidden)
    revealed: Deal = {}
    while 21 - len(known) - len(revealed) > unknown:
        card = hidden.pop()
        revealed[card] = truth[card]
    return revealed


HISTORIES = [
    # seed, random bots, suggestions, viewer (index in the order of play)
    (0, False, 3, 0),
    (1, False, 5, 1),
    (2, False, 6, 2),
    (3, True, 4, 0),
    (4, True, 8, 1),
    (5, False, 10, 0),
    (6, True, 12, 2),
    (7, False, 4, 1),
]


@pytest.mark.parametrize(("seed", "random_bots", "suggestions", "viewer"), HISTORIES)
def test_real_three_player_histories_match_brute_force(
    seed: int, random_bots: bool, suggestions: int, viewer: int
) -> None:
    game = play(3, seed, suggestions=suggestions, random_bots=random_bots)
    assert game.suggestions
    view = game.view(game.order[viewer])
    revealed = reveal(game, view, seed, unknown=10)
    book = Notebook.from_view(view)
    for card, owner in revealed.items():
        book = book.holds(owner, [card], "revealed for the test")
    for weighted in (False, True):
        result = book.solve(weighted=weighted)
        expected = view_brute(view, revealed, weighted=weighted)
        assert_equal(result, expected)
        assert_certainties_match(result)


@settings(SETTINGS, max_examples=50)
@given(
    players=st.integers(3, 5),
    seed=st.integers(0, 2**32 - 1),
    random_bots=st.booleans(),
    suggestions=st.sampled_from(range(26)),
    viewer=st.integers(0, 4),
    more=st.data(),
)
def test_random_real_games_keep_the_notebook_honest(
    players: int,
    seed: int,
    random_bots: bool,
    suggestions: int,
    viewer: int,
    more: st.DataObject,
) -> None:
    game = play(players, seed, suggestions=suggestions, random_bots=random_bots)
    assert game.phase != "deal"
    event("game over" if game.is_over else f"{len(game.suggestions) // 5 * 5}+ suggestions")
    me = game.order[viewer % players]
    truth = true_deal(game)
    book = Notebook.from_view(game.view(me))
    envelope = tuple(game.envelope)
    results = {w: book.solve(weighted=w) for w in (False, True)}
    for result in results.values():
        assert all(result.probability(card, owner) > 0 for card, owner in truth.items())
        assert result.triple_probability(*envelope) > 0
        assert_sums(result)
        assert_certainties_match(result)
        for card in game.seats[me].hand:
            assert result.probability(card, me) == 1
    assert certain_cells(results[False]) == certain_cells(results[True])
    # One more true fact: certainties stay, the true deal stays possible.
    longer = more.draw(true_fact(Scenario(book, truth)))
    for weighted, before in results.items():
        after = longer.solve(weighted=weighted)
        assert certain_cells(before) <= certain_cells(after)
        assert all(after.probability(card, owner) > 0 for card, owner in truth.items())


# =============================================================== text-book cases


@pytest.mark.parametrize("players", [3, 4, 5])
def test_no_history_gives_one_over_the_unseen_cards(players: int) -> None:
    game = play(players, 11 + players, suggestions=0)
    for me in game.order:
        view = game.view(me)
        result = Notebook.from_view(view).solve()
        hand = set(view.hand)
        others = sum(seat.hand_size for seat in view.seats if seat.name != me)
        for _, group in STANDARD_DECK:
            unseen = [card for card in group if card not in hand]
            for card in group:
                if card in hand:
                    assert result.probability(card, me) == 1
                    assert result.envelope_probability(card) == 0
                    continue
                assert result.envelope_probability(card) == Fraction(1, len(unseen))
                assert result.probability(card, me) == 0
                for seat in view.seats:
                    if seat.name != me:
                        expected = (1 - Fraction(1, len(unseen))) * Fraction(seat.hand_size, others)
                        assert result.probability(card, seat.name) == expected
        assert {(c.card, c.owner) for c in result.certainties} == {(c, me) for c in hand}
        assert result.solution is None


def test_the_module_example() -> None:
    book = Notebook.start(["Ann", "Ben", "Cat"], hand_sizes={"Ann": 6, "Ben": 6, "Cat": 6})
    book = book.holds("Ann", ["Scabior", "Stupefy", "Hogwarts", "Incendio", "Gringotts"])
    book = book.holds("Ann", ["Love Potion"])
    result = book.solve()
    assert result.envelope_probability("Fenrir Greyback") == Fraction(1, 5)
    assert result.envelope_probability("Malfoy Manor") == Fraction(1, 7)
    assert result.probability("Scabior", "Ann") == 1
    assert result.envelope_probability("Jinxed Broomstick") == Fraction(1, 3)
    # The number of deals: 5 * 3 * 7 envelopes, then 12 cards into two hands of 6.
    assert result.deals == 5 * 3 * 7 * 924


def test_a_solved_envelope_is_reported() -> None:
    deck: Deck = (("who", ("a1", "a2")), ("what", ("b1", "b2")), ("where", ("c1", "c2")))
    book = Notebook.start(["Ann", "Ben"], hand_sizes={"Ann": 2, "Ben": 1}, deck=deck)
    book = book.holds("Ann", ["a1", "b1"]).lacks("Ben", ["c1"])
    result = book.solve()
    assert result.solution == ("a2", "b2", "c1")
    assert result.best_accusation() == (("a2", "b2", "c1"), Fraction(1))
    reasons = {c.card: c.reasons for c in result.certainties}
    assert any("c1" in reason for reason in reasons["c2"])
    assert any("Ben holds none of c1" in reason for reason in reasons["c1"])


SIZES = {"Ann": 6, "Ben": 6, "Cat": 6}


def start() -> Notebook:
    return Notebook.start(["Ann", "Ben", "Cat"], hand_sizes=SIZES)


def contradiction(book: Notebook) -> ContradictionError:
    with pytest.raises(ContradictionError) as caught:
        book.solve()
    return caught.value


def test_holding_and_lacking_a_card_is_a_named_contradiction() -> None:
    book = start().holds("Ann", ["Hogwarts"], "my hand").holds("Ben", ["Scabior"], "he showed me")
    book = book.lacks("Cat", ["Incendio"], "Cat passed").lacks("Ben", ["Scabior"], "Ben passed")
    error = contradiction(book)
    assert error.code == "contradiction"
    assert [f.text for f in error.conflict] == ["Ben holds Scabior", "Ben holds none of Scabior"]
    message = str(error)
    assert "cannot all be true" in message
    assert "Ben holds Scabior (he showed me)" in message
    assert "Ben holds none of Scabior (Ben passed)" in message
    assert "Hogwarts" not in message and "Incendio" not in message
    with pytest.raises(ContradictionError):
        book.solve(weighted=True)


def test_too_many_cards_for_a_hand_is_a_named_contradiction() -> None:
    cards = ["Scabior", "Stupefy", "Hogwarts", "Incendio", "Gringotts", "Love Potion", "Hog's Head"]
    book = start().holds("Cat", ["Draco Malfoy"]).holds("Ben", cards)
    error = contradiction(book)
    assert {f.text for f in error.conflict} == {f"Ben holds {card}" for card in cards}
    assert all(f"Ben holds {card}" in str(error) for card in cards)


def test_other_contradictions() -> None:
    # Two suspects in the envelope.
    error = contradiction(start().holds(ENVELOPE, ["Scabior", "Draco Malfoy"]))
    assert "the envelope holds Scabior" in str(error)
    assert "the envelope holds Draco Malfoy" in str(error)
    # Nobody may hold a card that one player is said to hold.
    book = start().one_of("Ben", ["Scabior", "Stupefy"]).lacks("Ben", ["Scabior", "Stupefy"])
    assert len(contradiction(book).conflict) == 2
    # Every other suspect is held, and the last one is said not to be the solution.
    suspects = clue.SUSPECTS
    book = start().holds("Ann", suspects[:5]).holds(ENVELOPE, ["Stupefy", "Hogwarts"])
    error = contradiction(book.not_solution(suspects[5], "Stupefy", "Hogwarts"))
    # (the message may be cut: errors carry at most MAX_MESSAGE characters)
    assert any(fact.text.endswith("is not the solution") for fact in error.conflict)
    # A card shown to me by someone who passed on it.
    book = start().shown("Cat", "Incendio", ["Scabior", "Incendio", "Hogwarts"])
    error = contradiction(book.lacks("Cat", ["Scabior", "Incendio", "Hogwarts"]))
    assert "Cat showed me Incendio" in str(error)


def test_unknown_cards_and_players_are_refused() -> None:
    book = start()
    with pytest.raises(RulesError) as caught:
        book.holds("Ann", ["The Burrow"])
    assert caught.value.code == "unknown_card"
    with pytest.raises(RulesError) as caught:
        book.lacks("Ann", ["Scabior", "Voldemort"])
    assert caught.value.code == "unknown_card"
    with pytest.raises(RulesError) as caught:
        book.not_solution("Scabior", "Stupefy", "The Burrow")
    assert caught.value.code == "bad_fact"
    with pytest.raises(RulesError) as caught:
        book.one_of("Dan", ["Scabior"])
    assert caught.value.code == "unknown_player"
    with pytest.raises(RulesError) as caught:
        book.shown("Dan", "Scabior", ["Scabior", "Stupefy", "Hogwarts"])
    assert caught.value.code == "unknown_player"
    with pytest.raises(RulesError) as caught:
        Notebook.start(["Ann", "Ben", "Cat"], hand_sizes={"Ann": 6, "Ben": 6})
    assert caught.value.code == "bad_notebook"
    with pytest.raises(RulesError) as caught:
        Notebook.start(["Ann", "Ben", "Cat"], hand_sizes={"Ann": 6, "Ben": 6, "Cat": 7})
    assert caught.value.code == "bad_notebook"


# =============================================================== edge cases (bugs once)


def test_a_player_name_with_a_bar() -> None:
    names = ["Ann|Ben", "Cat", "Dan"]
    book = Notebook.start(names, hand_sizes=dict.fromkeys(names, 6))
    assert book.solve().deals == start().solve().deals


def test_a_player_named_envelope() -> None:
    names = ["Ann", "Ben", ENVELOPE]
    try:
        book = Notebook.start(names, hand_sizes=dict.fromkeys(names, 6))
    except RulesError as error:
        assert not isinstance(error, ContradictionError)
        return
    assert book.solve().deals == start().solve().deals


def test_not_solution_with_four_categories() -> None:
    deck: Deck = tuple((k, (f"{k}1", f"{k}2")) for k in "abcd")
    book = Notebook.start(["X", "Y"], hand_sizes={"X": 2, "Y": 2}, deck=deck)
    with pytest.raises(RulesError) as caught:
        book.not_solution("a1", "b1", "c1")  # an accusation names one card per category
    assert caught.value.code == "bad_fact"
    book = book.not_solution("a1", "b1", "c1", "d1")
    assert book.solve().deals == brute(book).deals


def test_a_contradiction_survives_pickling() -> None:
    error = contradiction(start().holds("Ben", ["Scabior"]).lacks("Ben", ["Scabior"]))
    copy = pickle.loads(pickle.dumps(error))
    assert (copy.code, copy.message, copy.conflict) == (error.code, error.message, error.conflict)


@settings(SETTINGS, max_examples=120)
@given(book=st.one_of(true_histories().map(lambda scenario: scenario.book), any_histories()))
def test_a_solve_without_reasons_changes_only_the_reasons(book: Notebook) -> None:
    """``reasons=False``: the same counts, triples and certainties; the same contradiction."""
    for weighted in (False, True):
        try:
            full = book.solve(weighted=weighted)
        except ContradictionError as error:
            with pytest.raises(ContradictionError) as caught:
                book.solve(weighted=weighted, reasons=False)
            assert caught.value.conflict == error.conflict
            continue
        bare = book.solve(weighted=weighted, reasons=False)
        assert all(not c.reasons for c in bare.certainties)
        emptied = tuple(attrs.evolve(c, reasons=()) for c in full.certainties)
        assert bare == attrs.evolve(full, certainties=emptied)
