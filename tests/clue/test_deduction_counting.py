"""The deduction's counting internals against brute force (issue 13's rewrite).

The solver splits "holds one of" facts on cards, propagates two clause rules (a clause
with one possible card places it; a player whose known cards and disjoint open clauses
fill the hand holds nothing else), weighs the cards shown to me inside the dynamic
programme with integer weights, and names contradictions with satisfiability checks.
Each is checked here against plain enumeration on small decks, with many clauses and
many cards shown to me at once (the cases the general tests meet less often).
"""

from __future__ import annotations

from fractions import Fraction

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hogwarts_rules.clue import deduction
from hogwarts_rules.clue.deduction import ContradictionError, Notebook
from tests.clue.test_deduction import (
    SETTINGS,
    Scenario,
    assert_certainties_match,
    assert_equal,
    assert_sums,
    brute,
    small_deals,
)


@st.composite
def clause_heavy(draw: st.DrawFn) -> Scenario:
    """A small deal with 2 to 7 true "one of" and "shown" facts (plus a few passes)."""
    scenario = draw(small_deals(players=(2, 4)))
    book, truth = scenario.book, scenario.truth
    cards = sorted(truth)
    players = [p for p in book.players if scenario.hand(p)]
    if not players:
        return scenario
    for _ in range(draw(st.integers(2, 7))):
        player = draw(st.sampled_from(players))
        card = draw(st.sampled_from(scenario.hand(player)))
        asked = [card if card in group else draw(st.sampled_from(group)) for _, group in book.deck]
        kind = draw(st.sampled_from(("one_of", "shown", "lacks")))
        if kind == "shown":
            book = book.shown(player, card, asked)
        elif kind == "one_of":
            book = book.one_of(player, draw(st.permutations(asked)))
        else:
            owner = draw(st.sampled_from(book.players))
            lacking = [c for c in draw(st.permutations(cards))[:2] if truth[c] != owner]
            if lacking:
                book = book.lacks(owner, lacking)
    return attrs.evolve(scenario, book=book)


@settings(SETTINGS, max_examples=200)
@given(scenario=clause_heavy())
def test_clause_heavy_notebooks_match_brute_force(scenario: Scenario) -> None:
    book = scenario.book
    for weighted in (False, True):
        result = book.solve(weighted=weighted)
        assert_equal(result, brute(book, weighted=weighted))
        assert_sums(result)
        assert_certainties_match(result)


def test_a_clause_settled_meanwhile_is_not_counted_twice() -> None:
    # Once the clause rule gives Ann her only card, Cat's clause is satisfied by s2:
    # a stale view of it (s2 counted as held and as still needed) once placed s1.
    deck = (("suspect", ("s0", "s1", "s2")), ("item", ("i0", "i1")), ("location", ("l0", "l1")))
    book = Notebook.start(
        ["Ann", "Ben", "Cat"], hand_sizes={"Ann": 1, "Ben": 0, "Cat": 3}, deck=deck
    )
    book = book.one_of("Ann", ["s1", "i0", "l0"]).lacks("Cat", ["s0", "i0", "l1"])
    book = book.lacks("Ann", ["s0", "i0", "l1"]).lacks("Ben", ["s2", "i0", "l0"])
    book = book.one_of("Cat", ["s2", "i0", "l0"])
    result = book.solve()
    assert_equal(result, brute(book))
    assert result.deals == 2
    assert result.probability("s1", "Ann") == Fraction(1, 2)


def test_the_clause_capacity_rule() -> None:
    # Ann holds 2 cards: one of a1/b1 and one of c1/c2 (disjoint), so not b2.
    deck = (("a", ("a1", "a2")), ("b", ("b1", "b2")), ("c", ("c1", "c2", "c3")))
    book = Notebook.start(["Ann", "Ben"], hand_sizes={"Ann": 2, "Ben": 2}, deck=deck)
    book = book.one_of("Ann", ["a1", "b1"]).one_of("Ann", ["c1", "c2"])
    result = book.solve()
    assert_equal(result, brute(book))
    assert result.probability("b2", "Ann") == 0
    kernel = deduction._kernel(("Ann", "Ben"), (2, 2), deck)
    columns, clauses, _ = kernel.build(book.facts)
    assert not kernel.refuted(columns, clauses)
    allowed = kernel.owners(columns)
    assert "Ann" not in allowed["b2"] and "Ann" not in allowed["c3"] and "Ann" in allowed["a1"]
    # Three disjoint clauses cannot fit in two cards.
    book = book.one_of("Ann", ["a2", "b2", "c3"])
    with pytest.raises(ContradictionError) as caught:
        book.solve()
    assert len(caught.value.conflict) == 3
    assert brute(book).deals == 0


@pytest.mark.parametrize("extra", [0, 1, 2])
def test_weighted_counts_stay_integers_until_the_end(extra: int) -> None:
    # Shown cards whose refuter may hold 0, 1 or 2 of the other asked cards: the
    # weights 1, 1/2 and 1/3 are scaled by 6 inside the count, divided once at the end.
    deck = (("a", ("a1", "a2", "a3")), ("b", ("b1", "b2")), ("c", ("c1", "c2", "c3")))
    book = Notebook.start(
        ["Ann", "Ben", "Cat"], hand_sizes={"Ann": 2, "Ben": 2, "Cat": 1}, deck=deck
    )
    book = book.shown("Ben", "b1", ["a1", "b1", "c1"]).shown("Ann", "a2", ["a2", "b2", "c2"])
    if extra:
        book = book.shown("Ben", "c3", ["a3", "b1", "c3"])
    if extra == 2:
        book = book.lacks("Cat", ["a1", "c1"])
    problem = deduction._Problem.build(book)
    result, scale = problem.count(weighted=True)
    assert scale == 6 ** (2 + min(extra, 1))
    assert isinstance(result.total, int)
    assert_equal(book.solve(weighted=True), brute(book, weighted=True))
