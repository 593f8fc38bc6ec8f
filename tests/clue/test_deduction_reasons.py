"""The reasons of the deduction's certainties, over many seeded histories (issue 13).

Three properties, checked on every certainty of notebooks from seeded games with 3, 4
and 5 players (notebook bots and random bots, viewers rotating) and from small decks:

* each fact is said once: no reason repeats a fact ("P1 showed me S0 (P1 showed me S0
  (...))"), and no fact appears in two reasons of one certainty;
* every certainty has a chain: never only "every deal consistent with the facts puts it
  there", but the facts and steps that force it;
* a certainty ends with the step that concludes it: the fact that places the card, or
  a step ending "so <card> is held by <owner>" ("... is in the envelope"), in particular
  for a card placed by eliminating every other owner.

A chain that says why by contradiction ("if Cat did not hold it, these facts could
not all be true: ...") is checked by brute force on small decks: the facts it names,
with the supposition, leave no deal.
"""

from __future__ import annotations

import functools
import re
from itertools import product

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hogwarts_rules import clue
from hogwarts_rules.bots import deciding_seat, seat_actions
from hogwarts_rules.clue.deduction import ENVELOPE, Certainty, Deduction, Fact, Notebook

NAMES = ("Ann", "Ben", "Cat", "Dan", "Eve")
FALLBACK = "every deal consistent with the facts puts it there"

# (players, seed, suggestions, random bots): 96 histories, the viewer rotating with the seed.
HISTORIES = [
    (players, seed, suggestions, seed % 3 == 0)
    for players, seeds in ((3, range(16)), (4, range(24)), (5, range(56)))
    for seed in seeds
    for suggestions in (6 + (seed * 7) % 19,)
]


def play(players: int, seed: int, suggestions: int, random_bots: bool) -> Notebook:
    """The notebook of one seat of a seeded game after ``suggestions`` suggestions."""
    names = NAMES[:players]
    game = clue.new_game(names, seed=seed)
    bots: dict[str, clue.Bot] = {
        name: clue.RandomBot(seed * 10 + i) if random_bots else clue.NotebookBot()
        for i, name in enumerate(names)
    }
    for _ in range(6000):
        if game.is_over or (
            game.phase != clue.Phase.DEAL
            and len(game.suggestions) >= suggestions
            and game.pending is None
        ):
            break
        seat = deciding_seat(game)
        assert seat is not None
        game, _ = game.apply(bots[seat].choose(game.view(seat), seat, seat_actions(game, seat)))
    return Notebook.from_view(game.view(game.order[seed % players]))


@functools.cache
def solved() -> tuple[tuple[Notebook, Deduction], ...]:
    found = []
    for players, seed, suggestions, random_bots in HISTORIES:
        book = play(players, seed, suggestions, random_bots)
        found.append((book, book.solve()))
    return tuple(found)


def repeated_facts(book: Notebook, certainty: Certainty) -> list[str]:
    """The facts said more than once in ``certainty``'s reasons."""
    twice = []
    for fact in book.facts:
        said = [reason.count(fact.text) for reason in certainty.reasons]
        if max(said, default=0) > 1 or sum(1 for n in said if n) > 1:
            twice.append(fact.text)
    if len(set(certainty.reasons)) < len(certainty.reasons):
        twice.append("a reason given twice")
    return twice


def places(fact: Fact, certainty: Certainty) -> bool:
    return (
        fact.kind in ("holds", "shown")
        and fact.cards[0] == certainty.card
        and fact.owner == certainty.owner
    )


def concluded(book: Notebook, certainty: Certainty) -> bool:
    """The last reason places the card: a fact saying so, or a step ending "so <text>"."""
    last = certainty.reasons[-1]
    if last.endswith(f"so {certainty.text}"):
        return True
    return any(places(fact, certainty) and last.startswith(fact.text) for fact in book.facts)


def test_the_histories_have_certainties_of_every_kind() -> None:
    """The sweep covers shown cards, eliminations and certainties only counting finds."""
    reasons = [r for book, result in solved() for c in result.certainties for r in c.reasons]
    assert sum(len(result.certainties) for _, result in solved()) > 500
    assert any(" showed me " in r for r in reasons)
    assert any("could not all be true" in r for r in reasons)
    assert any(r.endswith("is in the envelope") for r in reasons)


def test_each_fact_is_said_once() -> None:
    faults = [
        (certainty.text, twice)
        for book, result in solved()
        for certainty in result.certainties
        if (twice := repeated_facts(book, certainty))
    ]
    assert not faults, faults[:3]


def test_every_certainty_has_a_chain() -> None:
    faults = [
        certainty
        for _, result in solved()
        for certainty in result.certainties
        if not certainty.reasons or FALLBACK in certainty.reasons
    ]
    assert not faults, faults[:3]


def test_every_certainty_ends_with_the_step_that_concludes_it() -> None:
    faults = [
        certainty
        for book, result in solved()
        for certainty in result.certainties
        if not concluded(book, certainty)
    ]
    assert not faults, faults[:3]


def test_an_elimination_is_concluded() -> None:
    # Ann, Ben and the envelope are ruled out one by one: a1 is Cat's.
    deck = (("who", ("a1", "a2")), ("what", ("b1", "b2")), ("where", ("c1", "c2")))
    sizes = {"Ann": 1, "Ben": 1, "Cat": 1}
    book = Notebook.start(["Ann", "Ben", "Cat"], hand_sizes=sizes, deck=deck)
    book = book.lacks("Ann", ["a1"], "Ann passed").lacks("Ben", ["a1"], "Ben passed")
    book = book.holds(ENVELOPE, ["a2"], "I looked")
    certainty = next(c for c in book.solve().certainties if c.card == "a1")
    assert certainty.owner == "Cat"
    assert certainty.reasons == (
        "Ann holds none of a1 (Ann passed)",
        "Ben holds none of a1 (Ben passed)",
        "the envelope's who is a2",
        "no other place is left for a1: so a1 is held by Cat",
    )


def test_a_shown_card_is_said_once() -> None:
    deck = (("who", ("a1", "a2")), ("what", ("b1", "b2")), ("where", ("c1", "c2")))
    book = Notebook.start(["Ann", "Ben"], hand_sizes={"Ann": 2, "Ben": 1}, deck=deck)
    book = book.shown("Ben", "b1", ["a1", "b1", "c1"], "Ben showed me b1 (suggestion 1 by Ann)")
    certainty = next(c for c in book.solve().certainties if c.card == "b1")
    assert certainty.reasons == ("Ben showed me b1 (suggestion 1 by Ann)",)
    # A source that does not repeat the fact follows it in brackets.
    book = Notebook.start(["Ann", "Ben"], hand_sizes={"Ann": 2, "Ben": 1}, deck=deck)
    book = book.shown("Ben", "b1", ["a1", "b1", "c1"], "suggestion 1")
    certainty = next(c for c in book.solve().certainties if c.card == "b1")
    assert certainty.reasons == ("Ben showed me b1 (suggestion 1)",)


# ----- chains by contradiction, checked by brute force on small decks -------------------------

SUPPOSE = re.compile(r"^if (.*), these facts could not all be true: (.*): so (.*)$")


def deals(book: Notebook) -> int:
    """The deals satisfying every fact of ``book``, by enumeration."""
    cards = [c for _, group in book.deck for c in group]
    count = 0
    for envelope in product(*(group for _, group in book.deck)):
        rest = [c for c in cards if c not in envelope]
        for owners in product(book.players, repeat=len(rest)):
            if any(owners.count(p) != book.hand_sizes[p] for p in book.players):
                continue
            deal = dict(zip(rest, owners, strict=True)) | dict.fromkeys(envelope, ENVELOPE)
            if all(holds(fact, deal) for fact in book.facts):
                count += 1
    return count


def holds(fact: Fact, deal: dict[str, str]) -> bool:
    if fact.kind in ("holds", "shown"):
        return deal[fact.cards[0]] == fact.owner
    if fact.kind == "lacks":
        return all(deal[c] != fact.owner for c in fact.cards)
    if fact.kind == "one_of":
        return any(deal[c] == fact.owner for c in fact.cards)
    return not all(deal[c] == ENVELOPE for c in fact.cards)


SMALL: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("who", ("a1", "a2", "a3")),
    ("what", ("b1", "b2")),
    ("where", ("c1", "c2", "c3")),
)


@st.composite
def small_books(draw: st.DrawFn) -> Notebook:
    """Three players with 2, 2 and 1 cards and true facts about a random deal."""
    envelope = [draw(st.sampled_from(group)) for _, group in SMALL]
    rest = draw(st.permutations([c for _, g in SMALL for c in g if c not in envelope]))
    players = ("Ann", "Ben", "Cat")
    truth = dict.fromkeys(envelope, ENVELOPE)
    truth |= {card: players[i // 2] for i, card in enumerate(rest)}
    book = Notebook.start(players, hand_sizes={"Ann": 2, "Ben": 2, "Cat": 1}, deck=SMALL)
    cards = sorted(truth)
    for _ in range(draw(st.integers(1, 7))):
        owner = draw(st.sampled_from(players))
        chosen = draw(st.lists(st.sampled_from(cards), min_size=1, max_size=3, unique=True))
        if draw(st.booleans()):
            lacking = [c for c in chosen if truth[c] != owner]
            if lacking:
                book = book.lacks(owner, lacking)
        elif any(truth[c] == owner for c in chosen):
            book = book.one_of(owner, chosen)
    return book


@settings(max_examples=120, deadline=None)
@given(book=small_books())
def test_chains_by_contradiction_hold_on_small_decks(book: Notebook) -> None:
    result = book.solve()
    for certainty in result.certainties:
        assert FALLBACK not in certainty.reasons
        assert not repeated_facts(book, certainty)
        assert concluded(book, certainty)
        for reason in certainty.reasons:
            match = SUPPOSE.match(reason)
            if match is None:
                continue
            assert match.group(3) == certainty.text
            named = tuple(f for f in book.facts if f.text in match.group(2))
            assert named, reason
            suppose = book.lacks(certainty.owner, [certainty.card], "supposed").facts[-1]
            assert deals(attrs.evolve(book, facts=(*named, suppose))) == 0, reason


@pytest.mark.parametrize("weighted", [False, True])
def test_weighted_certainties_have_the_same_reasons(weighted: bool) -> None:
    for book, result in solved()[::8]:
        again = book.solve(weighted=weighted)
        assert again.certainties == result.certainties


def without_reasons(result: Deduction) -> Deduction:
    """``result`` with every certainty's reasons emptied."""
    return attrs.evolve(
        result,
        certainties=tuple(attrs.evolve(c, reasons=()) for c in result.certainties),
    )


def test_a_solve_without_reasons_differs_only_in_the_reasons() -> None:
    """``solve(reasons=False)``: the same counts, triples and certainties, empty reasons."""
    for book, result in solved():
        for weighted in (False, True):
            full = result if not weighted else book.solve(weighted=True)
            bare = book.solve(weighted=weighted, reasons=False)
            assert bare == without_reasons(full)
            assert bare != full or not full.certainties
            assert [(c.card, c.owner) for c in bare.certainties] == [
                (c.card, c.owner) for c in full.certainties
            ]
            assert bare.solution == full.solution
