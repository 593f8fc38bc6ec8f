"""The bitmask rules of the deduction (`deduction._Kernel`) against plain sets.

The counting and the naming of contradictions propagate the facts with rules coded
on bitmasks (one per owner). Here the same rules, written plainly on sets of names
(as the module had them before), must narrow every card to the same owners and see
the same contradictions, on arbitrary small notebooks and on every prefix of real
five-player notebooks; the exact search must agree with brute-force enumeration,
and naming a contradiction by dropping each fact in turn must name what the
bisection names.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import attrs
from hypothesis import given, settings
from hypothesis import strategies as st

from hogwarts_rules import clue
from hogwarts_rules.clue import deduction
from hogwarts_rules.clue.deduction import ENVELOPE, Fact, Notebook
from hogwarts_rules.clue.vocabulary import FactKind
from tests.clue.test_deduction import SETTINGS, any_histories, brute

Deck = tuple[tuple[str, tuple[str, ...]], ...]
Clauses = tuple[tuple[str, frozenset[str]], ...]


def propagate(
    players: tuple[str, ...], sizes: tuple[int, ...], allowed: dict[str, set[str]], deck: Deck
) -> bool:
    """Apply the counting rules until nothing changes; False on a contradiction."""
    capacity = dict(zip(players, sizes, strict=True))
    changed = True
    while changed:
        changed = False
        if not all(allowed.values()):
            return False
        for player in players:
            mine = [c for c, o in allowed.items() if o == {player}]
            maybe = [c for c, o in allowed.items() if player in o]
            if len(mine) > capacity[player] or len(maybe) < capacity[player]:
                return False
            if len(mine) == capacity[player]:
                for card in maybe:
                    if card not in mine:
                        allowed[card].discard(player)
                        changed = True
            elif len(maybe) == capacity[player]:
                for card in maybe:
                    if allowed[card] != {player}:
                        allowed[card] = {player}
                        changed = True
        for _, cards in deck:
            in_envelope = [c for c in cards if allowed[c] == {ENVELOPE}]
            could = [c for c in cards if ENVELOPE in allowed[c]]
            if len(in_envelope) > 1 or not could:
                return False
            if in_envelope:
                for card in could:
                    if card != in_envelope[0]:
                        allowed[card].discard(ENVELOPE)
                        changed = True
            elif len(could) == 1 and allowed[could[0]] != {ENVELOPE}:
                allowed[could[0]] = {ENVELOPE}
                changed = True
    return True


def propagate_clauses(
    players: tuple[str, ...],
    sizes: tuple[int, ...],
    allowed: dict[str, set[str]],
    clauses: Clauses,
    deck: Deck,
) -> bool:
    """`propagate`, with two rules for the "holds one of" clauses.

    A clause with one possible card places it. A player whose known cards and
    disjoint open clauses (each needs a card of its own) fill their hand holds no
    other card (and more than fill it is a contradiction).
    """
    capacity = dict(zip(players, sizes, strict=True))
    while True:
        if not propagate(players, sizes, allowed, deck):
            return False
        changed = False
        for player, cards in clauses:
            possible = [c for c in cards if player in allowed[c]]
            if not possible:
                return False
            if len(possible) == 1 and allowed[possible[0]] != {player}:
                allowed[possible[0]] = {player}
                changed = True
        if changed:
            continue
        for player in [p for p in players if any(who == p for who, _ in clauses)]:
            # Each player's open clauses, as they stand now (a change above restarts).
            sets = []
            for who, cards in clauses:
                possible = [c for c in cards if who == player and player in allowed[c]]
                if possible and all(allowed[c] != {player} for c in possible):
                    sets.append(possible)
            chosen: set[str] = set()
            needed = 0
            for possible in sorted(sets, key=len):
                if chosen.isdisjoint(possible):
                    chosen.update(possible)
                    needed += 1
            held = sum(1 for owners in allowed.values() if owners == {player})
            if held + needed > capacity[player]:
                return False
            if needed and held + needed == capacity[player]:
                for card, owners in allowed.items():
                    if player in owners and len(owners) > 1 and card not in chosen:
                        owners.discard(player)
                        changed = True
            if changed:
                break
        if not changed:
            return True


def plain(book: Notebook) -> dict[str, set[str]] | None:
    """Each card's owners after the plain rules, or None when they find a clash."""
    problem = deduction._Problem.build(book)
    allowed = {card: set(owners) for card, owners in problem.allowed}
    clauses = tuple((p, c) for p, c, kind in problem.clauses if kind == deduction._Clause.ONE_OF)
    if not propagate_clauses(problem.players, problem.sizes, allowed, clauses, book.deck):
        return None
    return allowed


def with_masks(book: Notebook) -> dict[str, set[str]] | None:
    """The same, with the bitmask rules."""
    sizes = tuple(book.hand_sizes[p] for p in book.players)
    kernel = deduction._kernel(book.players, sizes, book.deck)
    columns, clauses, _ = kernel.build(book.facts)
    if kernel.refuted(columns, clauses):
        return None
    return kernel.owners(columns)


def consistent(book: Notebook) -> bool:
    sizes = tuple(book.hand_sizes[p] for p in book.players)
    kernel = deduction._kernel(book.players, sizes, book.deck)
    columns, clauses, excluded = kernel.build(book.facts)
    return kernel.satisfiable(columns, clauses, excluded)


@settings(SETTINGS, max_examples=300)
@given(book=any_histories())
def test_the_bitmask_rules_are_the_plain_rules(book: Notebook) -> None:
    for end in range(len(book.facts) + 1):
        prefix = attrs.evolve(book, facts=book.facts[:end])
        assert with_masks(prefix) == plain(prefix)


@settings(SETTINGS, max_examples=200)
@given(book=any_histories())
def test_the_search_finds_a_deal_exactly_when_there_is_one(book: Notebook) -> None:
    assert consistent(book) == (brute(book).deals > 0)
    if plain(book) is None:
        assert not consistent(book)


def five_player_notebooks(seed: int) -> Sequence[Notebook]:
    """Each seat's notebook of a seeded five-player game of random bots."""
    names = ["Ann", "Ben", "Cat", "Dan", "Eve"]
    game = clue.new_game(names, seed=seed)
    bot = clue.RandomBot(seed)
    rng = random.Random(seed)
    stop = rng.randint(8, 30)
    while not game.is_over and len(game.suggestions) < stop:
        who = game.to_act[0] if game.to_act else names[0]
        view = game.view(who)
        actions = view.legal_actions if game.to_act else game.legal_actions()
        game, _ = game.apply(bot.choose(view, who, actions))
    return [Notebook.from_view(game.view(name)) for name in names]


def test_real_notebooks_propagate_alike_fact_by_fact() -> None:
    checked = 0
    for seed in range(3):
        for book in five_player_notebooks(seed):
            for end in range(len(book.facts) + 1):
                prefix = attrs.evolve(book, facts=book.facts[:end])
                assert with_masks(prefix) == plain(prefix)
                checked += 1
            # A false fact: the plain rules or the search see the clash.
            result = book.solve()
            card, owner = next(
                (c, o) for c in result.counts for o in result.owners if not result.counts[c][o]
            )
            false = book.holds(owner, [card], "a misread card")
            assert not consistent(false)
    assert checked > 100


@settings(SETTINGS, max_examples=300)
@given(
    size=st.integers(1, 12),
    cores=st.lists(st.sets(st.integers(0, 11), min_size=1, max_size=4), min_size=1, max_size=4),
)
def test_dropping_each_fact_names_what_the_bisection_names(
    size: int, cores: list[set[int]]
) -> None:
    # A monotone clash: the facts clash when they hold one of the cores whole.
    facts = [Fact(FactKind.LACKS, "Ann", (f"c{i}",), f"fact {i}") for i in range(size)]
    number = {id(f): i for i, f in enumerate(facts)}

    def clash(some: Sequence[Fact]) -> bool:
        held = {number[id(f)] for f in some}
        return any(core <= held for core in cores)

    if not clash(facts):
        return
    named = deduction._deletion(facts, clash)
    assert named == deduction._conflict(facts, clash)
    assert clash(named)
    assert all(not clash([f for f in named if f is not g]) for g in named)
