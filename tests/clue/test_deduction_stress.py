"""The counting engine (`Notebook.solve`) on edge-case notebooks, against brute force.

The brute-force tests of tests/clue/test_deduction.py use 3-category decks of 5 to 10
cards and 2 to 4 players; here the decks have 1 to 4 categories (some of one card),
1 to 5 players (some with no cards), and the facts include what the game never
writes: facts about the envelope (it holds, lacks, showed, holds one of), repeated
facts, empty "none of" and "one of" facts, and false facts in any order.
``Notebook.solve`` must count exactly what brute force counts, or raise
`ContradictionError`, with an irreducible conflict, exactly when no deal is left.
The longer fuzzing (tens of thousands of notebooks, the earlier engine against this
one on real-deck histories) lives outside the suite.
"""

from __future__ import annotations

from fractions import Fraction

import attrs
import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from hogwarts_rules.clue.deduction import ENVELOPE, ContradictionError, Notebook
from tests.clue.test_deduction import (
    SETTINGS,
    Deck,
    assert_certainties_match,
    assert_equal,
    assert_sums,
    brute,
    certain_cells,
    draw_deal,
    play,
    true_deal,
)

NAMES = ("Ann", "Ben", "Cat", "Dan", "Eve")
FACTS = ("holds", "hand", "shown", "lacks", "one_of", "not_solution", "again")


@attrs.frozen
class Case:
    book: Notebook
    truth: dict[str, str]  # card -> owner: the deal the true facts describe


@st.composite
def edge_decks(draw: st.DrawFn) -> Case:
    """1 to 4 categories of 1 to 4 cards (at most 9 cards), 1 to 5 players, a true deal."""
    categories = draw(st.integers(1, 4))
    sizes: list[int] = []
    for k in range(categories):  # at most 9 cards, every category at least one
        sizes.append(draw(st.integers(1, min(4, 9 - sum(sizes) - (categories - k - 1)))))
    deck: Deck = tuple(
        (f"kind{k}", tuple(f"{'abcd'[k]}{i}" for i in range(n))) for k, n in enumerate(sizes)
    )
    names = NAMES[: draw(st.integers(1, 5))]
    return Case(*draw_deal(draw, deck, names))


def add_fact(draw: st.DrawFn, case: Case, *, true: bool) -> Case:
    """The case with one more fact: true of its deal, or drawn blindly (maybe false)."""
    book, truth = case.book, case.truth
    cards = sorted(truth)
    owners = [*book.players, ENVELOPE]
    owner = draw(st.sampled_from(owners))
    mine = sorted(c for c in cards if truth[c] == owner)
    kind = draw(st.sampled_from(FACTS))
    some = draw(st.lists(st.sampled_from(cards), max_size=3, unique=True))
    triple = [draw(st.sampled_from(group)) for _, group in book.deck]
    if kind == "again" and book.facts:
        book = attrs.evolve(book, facts=(*book.facts, draw(st.sampled_from(book.facts))))
    elif kind == "hand":
        book = book.holds(owner, mine if true else some, "my hand")
    elif kind == "holds":
        card = draw(st.sampled_from(cards))
        book = book.holds(truth[card] if true else owner, [card])
    elif kind == "shown" and (mine or not true):
        card = draw(st.sampled_from(mine if true else cards))
        asked = triple if draw(st.booleans()) else some
        book = book.shown(owner, card, [*asked, card])
    elif kind == "lacks":
        book = book.lacks(owner, [c for c in some if truth[c] != owner] if true else some)
    elif kind == "one_of" and (mine or not true):
        chosen = [*some, draw(st.sampled_from(mine))] if true else some
        book = book.one_of(owner, draw(st.permutations(sorted(set(chosen)))))
    elif kind == "not_solution" and not (true and all(truth[c] == ENVELOPE for c in triple)):
        book = book.not_solution(*triple)
    return attrs.evolve(case, book=book)


@st.composite
def edge_notebooks(draw: st.DrawFn) -> Case:
    """An edge deck's notebook with 0 to 8 facts, true ones and (sometimes) any ones."""
    case = draw(edge_decks())
    liar = draw(st.booleans())
    for _ in range(draw(st.integers(0, 8))):
        case = add_fact(draw, case, true=not (liar and draw(st.booleans())))
    if draw(st.booleans()):
        case = attrs.evolve(
            case, book=attrs.evolve(case.book, facts=tuple(draw(st.permutations(case.book.facts))))
        )
    return case


def assert_named_conflict(book: Notebook, *, weighted: bool) -> None:
    with pytest.raises(ContradictionError) as caught:
        book.solve(weighted=weighted)
    conflict = caught.value.conflict
    assert conflict
    assert all(any(f is g for g in book.facts) for f in conflict)
    assert brute(attrs.evolve(book, facts=conflict)).deals == 0
    for fact in conflict:
        rest = tuple(f for f in conflict if f is not fact)
        assert brute(attrs.evolve(book, facts=rest)).deals > 0


@settings(SETTINGS, max_examples=400)
@given(case=edge_notebooks())
def test_edge_notebooks_match_brute_force(case: Case) -> None:
    book = case.book
    for weighted in (False, True):
        expected = brute(book, weighted=weighted)
        if not expected.deals:
            event("contradiction")
            assert_named_conflict(book, weighted=weighted)
            continue
        event("consistent")
        result = book.solve(weighted=weighted)
        assert_equal(result, expected)
        assert_sums(result)
        assert_certainties_match(result)
        bare = book.solve(weighted=weighted, reasons=False)
        assert (bare.deals, bare.counts, bare.triples) == (
            result.deals,
            result.counts,
            result.triples,
        )
        assert certain_cells(bare) == {(c.card, c.owner) for c in bare.certainties}


# =============================================================== pinned edge cases

TINY: Deck = (("suspect", ("s0", "s1")), ("item", ("i0",)), ("location", ("l0", "l1", "l2")))


def tiny() -> Notebook:
    """Three deals' worth of cards: 6 cards, 3 in the envelope, Ann 2, Ben 1, Cat 0."""
    return Notebook.start(
        ["Ann", "Ben", "Cat"], hand_sizes={"Ann": 2, "Ben": 1, "Cat": 0}, deck=TINY
    )


def test_a_deck_of_one_category_and_one_player() -> None:
    deck: Deck = (("suspect", ("a", "b", "c")),)
    book = Notebook.start(["Ann"], hand_sizes={"Ann": 2}, deck=deck)
    result = book.solve()
    assert result.deals == 3
    assert result.envelope_probability("a") == Fraction(1, 3)
    book = book.one_of("Ann", ["a", "b"]).lacks("Ann", ["a"])
    result = book.solve()
    assert result.solution == ("a",)
    assert_equal(result, brute(book))


def test_facts_about_the_envelope_count_as_brute_force() -> None:
    book = tiny().one_of(ENVELOPE, ["s0", "l0"]).lacks(ENVELOPE, ["l1"])
    for weighted in (False, True):
        assert_equal(book.solve(weighted=weighted), brute(book, weighted=weighted))
    shown = tiny().shown(ENVELOPE, "s1", ["s1", "i0", "l2"])
    assert_equal(shown.solve(weighted=True), brute(shown, weighted=True))
    assert shown.solve(weighted=True).deals != shown.solve().deals


def test_a_repeated_refutation_weighs_twice() -> None:
    book = tiny().shown("Ann", "s0", ["s0", "i0", "l0"])
    twice = book.shown("Ann", "s0", ["s0", "i0", "l0"])
    once, again = book.solve(weighted=True), twice.solve(weighted=True)
    assert_equal(again, brute(twice, weighted=True))
    assert again.probability("l0", "Ann") < once.probability("l0", "Ann")
    assert book.solve().counts == twice.solve().counts  # unweighted, a repeat adds nothing


def test_empty_and_impossible_clauses_are_named_contradictions() -> None:
    for book in (
        tiny().one_of("Ann", []),
        tiny().one_of("Cat", ["s0", "l0"]),  # Cat holds no card
        tiny().holds("Cat", ["l1"]),
        tiny().lacks(ENVELOPE, ["i0"]),  # the only item
        tiny()
        .not_solution("s0", "i0", "l0")
        .not_solution("s1", "i0", "l0")
        .not_solution("s0", "i0", "l1")
        .not_solution("s1", "i0", "l1")
        .not_solution("s0", "i0", "l2")
        .not_solution("s1", "i0", "l2"),
    ):
        assert brute(book).deals == 0
        for weighted in (False, True):
            assert_named_conflict(book, weighted=weighted)
    assert tiny().lacks("Ann", []).solve().deals == tiny().solve().deals


def test_a_player_with_no_cards_and_one_card_categories() -> None:
    deck: Deck = (("a", ("a0",)), ("b", ("b0",)), ("c", ("c0", "c1")), ("d", ("d0", "d1", "d2")))
    book = Notebook.start(["Ann", "Ben"], hand_sizes={"Ann": 0, "Ben": 3}, deck=deck)
    book = book.one_of("Ben", ["c0", "d0"]).not_solution("a0", "b0", "c1", "d1")
    for weighted in (False, True):
        result = book.solve(weighted=weighted)
        assert_equal(result, brute(book, weighted=weighted))
    assert {("a0", ENVELOPE), ("b0", ENVELOPE)} <= certain_cells(book.solve())


# =============================================================== real games, many facts


@pytest.mark.parametrize("seed", range(6))
def test_random_bot_games_with_extra_true_facts_keep_their_invariants(seed: int) -> None:
    """Random-bot games (wrong accusations included), the viewer's notebook plus true
    facts about the envelope and the players: every count sums right, certainties are
    the marginals of one, and the true deal stays possible."""
    players = 3 + seed % 3
    game = play(players, seed, suggestions=12 + seed, random_bots=True)
    truth = true_deal(game)
    viewer = game.order[seed % players]
    book = Notebook.from_view(game.view(viewer))
    envelope = sorted(c for c, o in truth.items() if o == ENVELOPE)
    others = sorted(c for c, o in truth.items() if o not in (ENVELOPE, viewer))
    book = book.lacks(ENVELOPE, others[seed::5]).one_of(truth[others[seed]], others[seed:][:3])
    for weighted in (False, True):
        result = book.solve(weighted=weighted)
        assert_sums(result)
        assert_certainties_match(result)
        assert all(result.probability(card, owner) > 0 for card, owner in truth.items())
        assert result.triple_probability(*(c for _, g in book.deck for c in g if c in envelope)) > 0
