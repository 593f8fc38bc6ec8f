"""Exact sampling of deals (chi-square against exact counts) and of whole games."""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from collections.abc import Iterator, Mapping
from typing import Any

import pytest

from hogwarts_rules import CHANCE, ExternalDice, clue
from hogwarts_rules.bots import deciding_seat, seat_actions
from hogwarts_rules.clue.deduction import ENVELOPE, ContradictionError, Notebook
from hogwarts_rules.clue.sampling import resample, sample_deals

DECK = (("suspect", ("A", "B", "C")), ("item", ("X", "Y")), ("location", ("P", "Q", "R")))
PLAYERS = ("Ann", "Ben", "Cat")
SIZES = {"Ann": 2, "Ben": 2, "Cat": 1}


def book() -> Notebook:
    """Ann's notebook on a small deck, with every kind of fact."""
    start = Notebook.start(PLAYERS, hand_sizes=SIZES, deck=DECK)
    return (
        start.holds("Ann", ["A"])
        .lacks("Cat", ["B", "Y"])
        .one_of("Cat", ["C", "X", "R"])
        .shown("Ben", "X", ["B", "X", "Q"])
    )


def all_deals(notebook: Notebook) -> Iterator[dict[str, str]]:
    """Every deal of the small deck (card -> owner) with its facts, by brute force."""
    cards = [card for _, group in DECK for card in group]
    for envelope in itertools.product(*(group for _, group in DECK)):
        rest = [card for card in cards if card not in envelope]
        for owners in sorted(set(itertools.permutations(["Ann"] * 2 + ["Ben"] * 2 + ["Cat"]))):
            deal = dict(zip(rest, owners, strict=True)) | dict.fromkeys(envelope, ENVELOPE)
            if all(_holds(deal, fact.kind, fact.owner, fact.cards) for fact in notebook.facts):
                yield deal


def _holds(deal: Mapping[str, str], kind: str, owner: str, cards: tuple[str, ...]) -> bool:
    if kind in ("holds", "shown"):
        return deal[cards[0]] == owner
    if kind == "lacks":
        return all(deal[c] != owner for c in cards)
    if kind == "one_of":
        return any(deal[c] == owner for c in cards)
    raise AssertionError(kind)


def chi_square(observed: Counter[Any], expected: Mapping[Any, float]) -> tuple[float, int]:
    statistic = sum((observed[k] - e) ** 2 / e for k, e in expected.items())
    assert set(observed) <= set(expected)
    return statistic, len(expected) - 1


def critical(df: int) -> float:
    """The chi-square quantile for p = 0.001 (Wilson-Hilferty)."""
    z = 3.0902
    return df * (1 - 2 / (9 * df) + z * math.sqrt(2 / (9 * df))) ** 3


def key(deal: Mapping[str, tuple[str, ...]]) -> tuple[tuple[str, tuple[str, ...]], ...]:
    return tuple(sorted(deal.items()))


def test_the_deals_are_exactly_uniform_chi_square() -> None:
    notebook = book()
    exact = [
        key({o: tuple(c for c in deal if deal[c] == o) for o in (*PLAYERS, ENVELOPE)})
        for deal in all_deals(notebook)
    ]
    assert len(exact) == notebook.solve().deals > 5
    n = 3000
    drawn = Counter(key(d) for d in sample_deals(notebook, n, random.Random(11)))
    statistic, df = chi_square(drawn, dict.fromkeys(exact, n / len(exact)))
    assert statistic < critical(df), (statistic, df)


def test_the_marginals_match_the_exact_probabilities() -> None:
    notebook = book()
    result = notebook.solve()
    n = 3000
    deals = sample_deals(notebook, n, random.Random(5))
    for _, group in DECK:
        for card in group:
            owners = Counter(o for d in deals for o, cards in d.items() if card in cards)
            expected = {
                o: n * float(result.probability(card, o))
                for o in result.owners
                if result.probability(card, o) > 0
            }
            statistic, df = chi_square(owners, expected)
            if df:
                assert statistic < critical(df), (card, statistic, df)


def test_the_weighted_model_matches_its_posterior() -> None:
    notebook = book()
    result = notebook.solve(weighted=True)
    n = 3000
    deals = sample_deals(notebook, n, random.Random(8), weighted=True)
    triples = Counter(d[ENVELOPE] for d in deals)
    expected = {t: n * float(result.triple_probability(*t)) for t in result.triples}
    statistic, df = chi_square(triples, expected)
    assert statistic < critical(df), (statistic, df)


def test_a_biased_sampler_fails_the_same_test() -> None:
    """The chi-square test can fail: a deal drawn card by card at random, rejected until
    it fits, is not uniform (the first cards' owners are favoured)."""
    notebook = book()
    exact = list(all_deals(notebook))
    rng = random.Random(3)
    drawn: Counter[object] = Counter()
    for _ in range(3000):
        drawn[tuple(sorted(rng.choice(exact[: len(exact) // 2] * 3 + exact).items()))] += 1
    expected = {tuple(sorted(d.items())): 3000 / len(exact) for d in exact}
    statistic, df = chi_square(drawn, expected)
    assert statistic > critical(df)


def test_sampling_follows_the_facts_and_refuses_contradictions() -> None:
    notebook = book()
    for deal in sample_deals(notebook, 50, random.Random(1)):
        assert "A" in deal["Ann"] and "X" in deal["Ben"]
        assert len(deal["Ann"]) == 2 and len(deal["Cat"]) == 1 and len(deal[ENVELOPE]) == 3
    assert sample_deals(notebook, 0, random.Random(1)) == ()
    with pytest.raises(ValueError):
        sample_deals(notebook, -1, random.Random(1))
    with pytest.raises(ContradictionError):
        sample_deals(notebook.lacks("Ann", ["A"]), 1, random.Random(1))


def test_the_real_deck_is_sampled_quickly() -> None:
    game = clue.new_game(["Ann", "Ben", "Cat", "Dan"], seed=2)
    game, _ = game.apply(game.legal_actions()[0])
    rng = random.Random(0)
    while game.phase == "deal":
        game, _ = game.apply(rng.choice(game.legal_actions()))
    notebook = Notebook.from_view(game.view("Ann"))
    for deal in sample_deals(notebook, 20, random.Random(2)):
        assert deal["Ann"] == game.seats["Ann"].hand
        assert sorted(len(cards) for cards in deal.values()) == sorted(
            [3, *(len(game.seats[s].hand) for s in game.seat_names)]
        )


def _played(seed: int, steps: int) -> clue.Game:
    rng = random.Random(seed)
    game = clue.new_game(["Ann", "Ben", "Cat"], dice=ExternalDice())
    for _ in range(steps):
        if game.is_over:
            break
        game, _ = game.apply(rng.choice(game.legal_actions()))
    return game


def test_a_resampled_game_looks_the_same_to_the_seat() -> None:
    game = _played(1, 250)
    for seat in game.seat_names:
        twin = resample(game, seat, random.Random(4))
        assert twin.view(seat) == game.view(seat)
        assert twin.legal_actions() == game.legal_actions() or seat not in game.to_act
        assert twin.seats[seat].hand == game.seats[seat].hand


def test_a_resampled_envelope_follows_the_seats_exact_probabilities() -> None:
    game = _played(6, 70)
    seat = "Ben"
    result = Notebook.from_view(game.view(seat)).solve()
    rng = random.Random(9)
    n = 150
    envelopes = Counter(resample(game, seat, rng).envelope[0] for _ in range(n))
    expected = {
        s: n * float(result.envelope_probability(s))
        for s in clue.SUSPECTS
        if result.envelope_probability(s) > 0
    }
    statistic, df = chi_square(envelopes, expected)
    assert statistic < critical(df), (statistic, df)


def test_resample_needs_external_dice_and_a_seat() -> None:
    with pytest.raises(ValueError, match="ExternalDice"):
        resample(clue.new_game(["Ann", "Ben", "Cat"], seed=1), "Ann", random.Random(1))
    with pytest.raises(ValueError, match="not playing"):
        resample(_played(1, 5), "Zed", random.Random(1))


def test_before_the_deal_is_done_nothing_is_known() -> None:
    game = _played(2, 3)  # students are being chosen
    assert game.phase == "deal"
    twin = resample(game, "Ann", random.Random(1))
    assert twin.history == game.history


def test_the_deduction_module_offers_the_same_sampler() -> None:
    from hogwarts_rules.clue import deduction

    notebook = book()
    first = deduction.sample_deals(notebook, 5, random.Random(9))
    assert first == sample_deals(notebook, 5, random.Random(9)) and len(first) == 5


def _shown_to_a_third_seat(seed: int) -> tuple[clue.Game, clue.Game] | None:
    """A game where Ben shows Cat one of two cards, and the same game with the other card.

    Ann (who passed) cannot tell the two apart: only Ben and Cat saw the card.
    """
    rng = random.Random(seed)
    game: Any = clue.new_game(["Ann", "Ben", "Cat"], dice=ExternalDice())
    for _ in range(250):
        if game.is_over:
            return None
        if game.to_act == (CHANCE,):
            game, _ = game.apply(rng.choice(game.chance_outcomes())[0])
            continue
        seat = deciding_seat(game)
        assert seat is not None
        actions: list[Any] = [a for a in seat_actions(game, seat) if not isinstance(a, clue.Accuse)]
        suggestions = [a for a in actions if isinstance(a, clue.Suggest)]
        if suggestions and rng.random() < 0.9:
            actions = list(suggestions)
        shows = [a for a in actions if isinstance(a, clue.ShowCard)]
        if seat == "Ben" and len(shows) >= 2 and game.current_player == "Cat":
            one, other = shows[:2]
            return game.apply(one)[0], game.apply(other)[0]
        game, _ = game.apply(rng.choice(actions))
    return None


def test_resample_does_not_read_a_card_shown_to_another_seat() -> None:
    """Games a seat cannot tell apart resample alike: nothing of what it did not see leaks."""
    found = next(case for seed in range(200) if (case := _shown_to_a_third_seat(seed)))
    one, other = found
    assert one.view("Ann") == other.view("Ann")
    assert one.shown[-1] != other.shown[-1]
    for seed in range(3):
        first = resample(one, "Ann", random.Random(seed))
        second = resample(other, "Ann", random.Random(seed))
        assert first.history == second.history


def test_a_help_draws_bound_is_the_same_in_every_world_the_seat_cannot_tell_apart(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Exact rejection needs, at every Help card drawn after the deal, a bound that is
    # at least the deck's copies and the same in all the worlds the seat cannot tell
    # apart (here: the others' face-down cards drawn again).
    from fractions import Fraction

    from hogwarts_rules.clue import sampling
    from hogwarts_rules.engine import GameRecord

    game = _played(2, 300)
    seat = "Ann"
    record = game.record
    start = clue.Game.replay(GameRecord(record.game, record.setup, ()))
    own, shown = sampling._face_down(game, seat)
    seen = sampling._seen(start, record.actions, seat)
    current: list[tuple[int, int]] = []

    def recording(state: clue.Game, who: str, card: str) -> Fraction:
        current.append((sampling._help_bound(state, who, card), state.help_deck.count(card)))
        return Fraction(1)

    monkeypatch.setattr(sampling, "_keep_help", recording)
    rng = random.Random(3)
    book = Notebook.from_view(game.view(seat))
    kept = []
    for _ in range(40):
        current.clear()
        deal = sample_deals(book, 1, rng)[0]
        hidden = sampling._hidden_help(start, seat, own, shown, rng)
        if sampling._candidate(start, record.actions, seat, deal, hidden, seen, rng) is not None:
            kept.append((tuple(current), tuple(sorted(hidden.items()))))
    assert len(kept) >= 10 and len({worlds for _, worlds in kept}) >= 2
    bounds = {tuple(bound for bound, _ in draws) for draws, _ in kept}
    assert len(bounds) == 1 and len(next(iter(bounds))) >= 3, bounds
    # ... where the deck's own copies differ (so the deck alone would be no bound).
    assert len({tuple(in_deck for _, in_deck in draws) for draws, _ in kept}) >= 2
    assert all(in_deck <= bound for draws, _ in kept for bound, in_deck in draws)
