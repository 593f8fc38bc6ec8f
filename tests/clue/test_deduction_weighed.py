"""The case splits' weighted programme (`deduction._sweep_weighed`) against the plain one.

The weighted count deals the players who showed me a card apart, one at a time:
after each it merges the groups that its own clauses marked and counts the rest of
the deal (the next of them apart, then the unweighted programme), sharing each
merged group's cards among the groups merged into it. The plain programme
(`deduction._sweep`, which weighs every deal inside one forward-backward sweep)
must give the same total and the same cards per player and group, on random
groups, hands and clauses. Whole notebooks are checked against
brute force in the other deduction tests.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hogwarts_rules.clue import deduction
from hogwarts_rules.clue.deduction import Notebook
from tests.clue.test_deduction import SETTINGS, play

PLAYERS = ("Ann", "Ben", "Cat", "Dan")


@st.composite
def programmes(
    draw: st.DrawFn,
) -> tuple[tuple[str, ...], tuple[int, ...], tuple[str, ...], tuple[int, ...], deduction._Weights]:
    """Players (the weighed ones first), hands, group keys and sizes, and weighted clauses."""
    players = PLAYERS[: draw(st.integers(2, 4))]
    clauses = draw(st.integers(1, 3))
    refuters = [draw(st.sampled_from(players)) for _ in range(clauses)]
    keys: dict[str, int] = {}
    for _ in range(draw(st.integers(1, 6))):
        owners = draw(st.lists(st.sampled_from(players), min_size=1, max_size=4, unique=True))
        marks = draw(st.lists(st.integers(0, clauses - 1), max_size=2, unique=True))
        key = deduction._SEPARATOR.join(sorted(owners))
        if marks:
            key += deduction._MARK + ",".join(str(m) for m in sorted(marks))
        keys[key] = keys.get(key, 0) + draw(st.integers(1, 3))
    cards = sum(keys.values())
    cuts = sorted(
        draw(st.lists(st.integers(0, cards), min_size=len(players) - 1, max_size=len(players) - 1))
    )
    bounds = [0, *cuts, cards]
    hands = {p: bounds[i + 1] - bounds[i] for i, p in enumerate(players)}
    weighed = [p for p in players if p in refuters]
    order = (*weighed, *(p for p in players if p not in weighed and hands[p]))
    ordered = tuple(sorted(keys))
    weights = []
    for number, who in enumerate(refuters):
        marked = tuple(
            k
            for k in ordered
            if deduction._MARK in k and str(number) in k.split(deduction._MARK)[1].split(",")
        )
        held = draw(st.integers(0, 1))
        # As in the model: the scale makes every weight scale / (1 + held + taken) whole.
        scale = deduction._lcm_upto(1 + held + sum(keys[k] for k in marked))
        weights.append((who, marked, held, scale))
    return (
        order,
        tuple(hands[p] for p in order),
        ordered,
        tuple(keys[k] for k in ordered),
        tuple(weights),
    )


@settings(SETTINGS, max_examples=300)
@given(case=programmes())
def test_the_weighted_programme_equals_the_plain_one(
    case: tuple[
        tuple[str, ...], tuple[int, ...], tuple[str, ...], tuple[int, ...], deduction._Weights
    ],
) -> None:
    players, capacities, keys, start, weights = case
    total, _, received = deduction._sweep(players, capacities, keys, {start: 1}, weights)
    weighed = deduction._sweep_weighed(players, capacities, keys, start, weights)
    assert weighed[0] == total
    if total:
        assert weighed[1] == received


@pytest.mark.parametrize("seed", range(4))
def test_real_five_player_notebooks_weigh_the_same_either_way(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Mid-game notebooks of five notebook bots (the cards shown to the viewer split
    # the groups): the case splits' weighted deduction is the same whether the
    # refuters are dealt apart in every programme or in none.
    game = play(5, seed, suggestions=8 + seed)
    book = Notebook.from_view(game.view(game.order[seed % 5]))
    assert any(fact.kind == "shown" and len(set(fact.cards)) > 1 for fact in book.facts)
    monkeypatch.setattr(deduction, "_PROGRAMME_LIMIT", -1)  # always the case splits
    monkeypatch.setattr(deduction, "_WEIGHED_APART", 0)
    clear()
    apart = book.solve(weighted=True)
    monkeypatch.setattr(deduction, "_WEIGHED_APART", 10**6)
    clear()
    together = book.solve(weighted=True)
    assert apart == together


def clear() -> None:
    for memo in (deduction._count, deduction._split, deduction._deal_players_cached):
        memo.cache_clear()
