"""The counting programme (`deduction._Programme`) against itself, the case splits and
pinned counts.

The programme deals the owners' hands one owner after another, telling apart the
cards that some owner's facts name until no later owner's facts name them, then
merging them into classes of interchangeable cards (their own counts followed by a
sweep of their own). Brute force checks it on small decks (tests/clue/test_deduction.py);
here, on real five-player notebooks, it must count the same in any owner order and
without merging, and give the counts the case-splitting engine gives (which counts
instead where the programme's estimated work is too high: `_PROGRAMME_LIMIT`).
"""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from hypothesis import given, settings

from hogwarts_rules.clue import deduction
from hogwarts_rules.clue.deduction import Notebook
from tests.clue.test_deduction import SETTINGS, Scenario, play, true_histories


def programme_result(
    book: Notebook, *, weighted: bool, order: list[int] | None = None, merge: bool = True
) -> deduction._Result:
    problem = deduction._Problem.build(book)
    ones = tuple((p, c) for p, c, kind in problem.clauses if kind == deduction._Clause.ONE_OF)
    weighs = tuple((p, c) for p, c, kind in problem.clauses if kind == deduction._Clause.WEIGH)
    kernel = deduction._kernel(problem.players, problem.sizes, problem.deck)
    columns = list(kernel.columns(problem.allowed))
    clauses = kernel.clauses(ones)
    assert not kernel.refuted(columns, clauses)
    deal = deduction._Deal(kernel, columns, clauses, weighs if weighted else (), problem.excluded)
    if order is not None:
        order = [deal.envelope, *order]
        order += [p for p in deal.order() if p not in order]
    return deduction._Programme(deal, order or (), merge=merge).run()


def strip(
    result: deduction._Result,
) -> tuple[int, dict[tuple[str, str], int], dict[tuple[str, ...], int]]:
    return result.total, {k: v for k, v in result.cards.items() if v}, result.triples


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("weighted", [False, True])
def test_any_owner_order_and_no_merging_count_the_same(seed: int, weighted: bool) -> None:
    game = play(5, seed, suggestions=6 + 2 * seed)
    book = Notebook.from_view(game.view(game.order[seed % 5]))
    assert any(fact.kind == "one_of" for fact in book.facts)
    expected = strip(programme_result(book, weighted=weighted))
    assert expected[0] > 0
    players = list(range(5))
    rng = random.Random(seed)
    for _ in range(3):
        rng.shuffle(players)
        assert strip(programme_result(book, weighted=weighted, order=list(players))) == expected
    assert strip(programme_result(book, weighted=weighted, merge=False)) == expected


@pytest.mark.parametrize(
    ("seed", "suggestions", "uniform", "weighted", "certain"),
    [
        (17, 12, 140140, Fraction(359956, 3), 5),
        (3, 9, 447102, Fraction(643822, 3), 4),
        (8, 14, 127730, Fraction(528833, 18), 7),
        (11, 20, 3, 3, 18),
    ],
)
def test_real_notebooks_count_what_the_case_splitting_engine_counted(
    seed: int, suggestions: int, uniform: int, weighted: Fraction, certain: int
) -> None:
    # The numbers of deals of the engine this programme replaced (issue 13), for
    # five-player notebook-bot games stopped after some suggestions.
    game = play(5, seed, suggestions=suggestions)
    book = Notebook.from_view(game.view(game.order[seed % 5]))
    result = book.solve()
    assert result.deals == uniform
    assert len(result.certainties) == certain
    assert book.solve(weighted=True).deals == weighted
    assert sum(result.triples.values()) == result.deals


def test_the_envelope_s_own_facts_are_met() -> None:
    # "holds one of" and a weighed refutation about the envelope itself.
    deck = (("s", ("s0", "s1", "s2")), ("i", ("i0", "i1")), ("l", ("l0", "l1")))
    book = Notebook.start(["Ann", "Ben"], hand_sizes={"Ann": 2, "Ben": 2}, deck=deck)
    book = book.one_of(deduction.ENVELOPE, ["s0", "i0"])
    result = book.solve()
    assert all("s0" in triple or "i0" in triple for triple, n in result.triples.items() if n)
    from tests.clue.test_deduction import assert_equal, brute

    assert_equal(result, brute(book))
    book = book.shown(deduction.ENVELOPE, "l0", ["s1", "i1", "l0"])
    assert_equal(book.solve(weighted=True), brute(book, weighted=True))


def test_many_players_are_ordered_one_at_a_time() -> None:
    # Past `_ORDERS_TRIED` players with facts, the order is picked greedily (no
    # factorial search); the counts are those of any other order.
    deck = tuple((kind, tuple(f"{kind}{i}" for i in range(5))) for kind in "abc")
    players = [f"P{i}" for i in range(8)]
    sizes = dict.fromkeys(players, 1) | {"P0": 5}
    book = Notebook.start(players, hand_sizes=sizes, deck=deck)
    for i, name in enumerate(players[1:], start=1):
        book = book.one_of(name, [f"a{i % 5}", f"b{(i + 1) % 5}", f"c{(i + 2) % 5}"])
    assert len(players) - 1 > deduction._ORDERS_TRIED
    expected = strip(programme_result(book, weighted=False))
    assert expected[0] > 0
    assert strip(programme_result(book, weighted=False, order=[7, 6, 5, 4, 3, 2, 1])) == expected
    assert strip(programme_result(book, weighted=False, merge=False)) == expected
    assert book.solve().deals == expected[0]


def engines(book: Notebook, *, weighted: bool, monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """The deduction by the programme, then by the case splits."""
    found: list[object] = []
    for limit in (10**30, -1):
        monkeypatch.setattr(deduction, "_PROGRAMME_LIMIT", limit)
        deduction._count.cache_clear()
        deduction._split.cache_clear()
        found.append(book.solve(weighted=weighted))
    return found


@pytest.mark.parametrize("seed", range(4))
def test_both_engines_count_the_same_on_real_notebooks(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    for players in (3, 5):
        game = play(players, seed, suggestions=5 + 3 * seed)
        book = Notebook.from_view(game.view(game.order[seed % players]))
        for weighted in (False, True):
            programme, cases = engines(book, weighted=weighted, monkeypatch=monkeypatch)
            assert programme == cases


@settings(SETTINGS, max_examples=100)
@given(scenario=true_histories())
def test_both_engines_count_the_same_on_small_decks(scenario: Scenario) -> None:
    with pytest.MonkeyPatch.context() as monkeypatch:
        for weighted in (False, True):
            programme, cases = engines(scenario.book, weighted=weighted, monkeypatch=monkeypatch)
            assert programme == cases


def test_a_card_many_facts_name_is_split_on_first(monkeypatch: pytest.MonkeyPatch) -> None:
    # Ann holds Scabior or X, for 13 cards X: the programme alone would tell apart 14
    # cards in her hand of six (thousands of sets); holding Scabior or not settles every
    # fact, so the count splits on it first, and both engines agree.
    cards = [c for _, group in deduction.STANDARD_DECK for c in group]
    book = Notebook.start(["Ann", "Ben", "Cat"], hand_sizes={"Ann": 6, "Ben": 6, "Cat": 6})
    for other in cards[1:14]:
        book = book.one_of("Ann", [cards[0], other])
    problem = deduction._Problem.build(book)
    kernel = deduction._kernel(problem.players, problem.sizes, problem.deck)
    columns = list(kernel.columns(problem.allowed))
    clauses = kernel.clauses(tuple((p, c) for p, c, _ in problem.clauses))
    assert not kernel.refuted(columns, clauses)
    who, bit = kernel.branch(columns, clauses) or (-1, 0)
    assert (who, bit) == (0, 1 << kernel.card_index[cards[0]])
    assert deduction._naming(kernel, columns, clauses, who, bit) == 13 >= deduction._SPLIT_FIRST
    programme, cases = engines(book, weighted=False, monkeypatch=monkeypatch)
    assert programme == cases
    assert isinstance(programme, deduction.Deduction)
    assert programme.probability(cards[0], "Ann") > Fraction(1, 2)


@pytest.mark.parametrize("seed", range(2))
def test_a_programme_past_its_budget_gives_way_to_the_case_splits(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = play(5, seed, suggestions=8)
    book = Notebook.from_view(game.view(game.order[seed % 5]))
    expected = book.solve(weighted=True)
    split = deduction._split
    calls: list[object] = []

    def recorded(*args: object) -> deduction._Result:
        calls.append(args)
        return split(*args)

    monkeypatch.setattr(deduction, "_PROGRAMME_MOVES", 10)
    monkeypatch.setattr(deduction, "_split", recorded)
    deduction._count.cache_clear()
    assert book.solve(weighted=True) == expected
    assert calls


def test_a_deck_with_a_category_name_twice_is_refused() -> None:
    # Wrong accusations are keyed by category: with two categories of one name, one
    # would be dropped from the count (4 deals where there are 3). Found by a red team.
    from hogwarts_rules.errors import RulesError

    deck = (("kind", ("a", "b")), ("kind", ("c", "d")))
    with pytest.raises(RulesError) as caught:
        Notebook.start(["Ann"], hand_sizes={"Ann": 2}, deck=deck)
    assert caught.value.code == "bad_notebook"
    deck = (("kind", ("a", "b")), ("other", ("c", "d")))
    book = Notebook.start(["Ann"], hand_sizes={"Ann": 2}, deck=deck).not_solution("a", "c")
    assert book.solve().deals == 3
