"""An exact detective notebook for Clue: certainties with reasons, and exact probabilities.

A `Notebook` holds what one player knows (facts about who holds which cards);
`Notebook.solve` returns a `Deduction`: the number of deals consistent with the
facts, the exact probability (a `Fraction`) that each card is in the envelope or in
each player's hand, the probability of each envelope triple, and every certain fact
with the reasons that force it.

The model: every deal consistent with the facts is equally likely. (Use
``weighted=True`` for the refinement where a refuter holding several suggested cards
shows one of them uniformly at random.)

How it counts (exactly, without listing deals): certain facts are propagated first;
cards allowed to the same owners are interchangeable, so the deals are counted by a
dynamic programme over groups of cards and the players' remaining hand slots, with
binomial weights, and one forward-backward sweep gives every marginal. The envelope
takes one card of each category; "holds at least one of" facts are split into
disjoint cases (holds the first; lacks it and holds the second; ...), each propagated
before it is counted.

Examples:
    >>> book = Notebook.start(["Ann", "Ben", "Cat"], hand_sizes={"Ann": 6, "Ben": 6, "Cat": 6})
    >>> hand = ["Scabior", "Stupefy", "Hogwarts", "Incendio", "Gringotts", "Love Potion"]
    >>> book = book.holds("Ann", hand)
    >>> result = book.solve()
    >>> result.envelope_probability("Fenrir Greyback")
    Fraction(1, 5)
    >>> result.probability("Scabior", "Ann")
    Fraction(1, 1)
"""

from __future__ import annotations

import enum
import functools
import math
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from itertools import combinations, product
from typing import TYPE_CHECKING, Final, TypeAlias

import attrs

from hogwarts_rules.clue.cards import CATEGORIES, ITEMS, SUSPECTS
from hogwarts_rules.clue.vocabulary import FactKind
from hogwarts_rules.errors import RulesError

if TYPE_CHECKING:
    from hogwarts_rules.clue.view import ClueView

__all__ = [
    "ENVELOPE",
    "STANDARD_DECK",
    "Certainty",
    "ContradictionError",
    "Deduction",
    "Fact",
    "Notebook",
]

ENVELOPE: Final = "<envelope>"
"""The owner name of the envelope (no player name starts with ``<``)."""

_SEPARATOR: Final = "\x00"  # joins player names in group keys; names hold no control characters

Deck = tuple[tuple[str, tuple[str, ...]], ...]

STANDARD_DECK: Final[Deck] = tuple(CATEGORIES.items())
"""The real deck: (category, cards) for suspects, items and locations. Smaller decks
(for tests and teaching) work the same: the envelope holds one card per category."""


class _Clause(enum.StrEnum):
    """A clause of the counting problem: a refuter showed someone a card, or showed me one."""

    ONE_OF = "one_of"
    """The player holds at least one of the cards."""
    WEIGH = "weigh"
    """The player showed me a card; these are the other suggested cards (weighs the deals)."""


def _fact_kind(value: str) -> FactKind:
    return FactKind(value)


def _cards(deck: Deck) -> tuple[str, ...]:
    return tuple(card for _, cards in deck for card in cards)


@functools.lru_cache(maxsize=64)
def _category_map(deck: Deck) -> dict[str, str]:
    return {card: kind for kind, cards in deck for card in cards}


class ContradictionError(RulesError):
    """No deal satisfies the facts.

    Attributes:
        conflict: facts that cannot all be true, irreducible: without any one of them
            the others can be (not always the smallest such set).
    """

    conflict: tuple[Fact, ...]

    def __init__(self, message: str, conflict: tuple[Fact, ...] = ()) -> None:
        super().__init__("contradiction", message)
        self.conflict = conflict

    def __reduce__(self) -> tuple[type[ContradictionError], tuple[str, tuple[Fact, ...]]]:  # type: ignore[override]
        return (type(self), (self.message, self.conflict))


@attrs.frozen
class Fact:
    """One thing a player knows.

    Attributes:
        kind: a `FactKind`: ``"holds"`` (``owner`` holds ``cards[0]``), ``"shown"``
            (``owner`` showed me ``cards[0]`` when asked about all of ``cards``), ``"lacks"``
            (``owner`` holds none of ``cards``), ``"one_of"`` (``owner`` holds at least one of
            ``cards``), or ``"not_solution"`` (the three ``cards`` are not all in the envelope).
        owner: a player, or `ENVELOPE` (empty for ``not_solution``).
        cards: the cards.
        source: where the fact comes from, in words.
    """

    kind: FactKind = attrs.field(converter=_fact_kind)
    owner: str
    cards: tuple[str, ...]
    source: str = ""

    @property
    def text(self) -> str:
        """The fact in words."""
        cards = "/".join(self.cards)
        match self.kind:
            case FactKind.HOLDS:
                where = "the envelope holds" if self.owner == ENVELOPE else f"{self.owner} holds"
                return f"{where} {cards}"
            case FactKind.SHOWN:
                return f"{self.owner} showed me {self.cards[0]}"
            case FactKind.LACKS:
                return f"{self.owner} holds none of {cards}"
            case FactKind.ONE_OF:
                return f"{self.owner} holds at least one of {cards}"
        return f"{cards} is not the solution"


@attrs.frozen
class Certainty:
    """A forced fact and why.

    Attributes:
        card: the card.
        owner: where it certainly is (a player or `ENVELOPE`).
        reasons: the chain of facts and steps that force it, in words.
    """

    card: str
    owner: str
    reasons: tuple[str, ...]

    @property
    def text(self) -> str:
        """The fact in words."""
        where = "is in the envelope" if self.owner == ENVELOPE else f"is held by {self.owner}"
        return f"{self.card} {where}"


@attrs.frozen
class Deduction:
    """What a notebook's facts imply.

    Attributes:
        owners: the players and `ENVELOPE`.
        deals: how many deals are consistent with the facts (a weight sum when weighted).
        counts: for each card, the consistent deals that put it with each owner.
        triples: for each envelope triple that is possible, its consistent deals.
        certainties: every card whose place is certain, with reasons.
        deck: the deck's categories and cards.
    """

    owners: tuple[str, ...]
    deals: Fraction
    counts: Mapping[str, Mapping[str, Fraction]]
    triples: Mapping[tuple[str, ...], Fraction]
    certainties: tuple[Certainty, ...]
    deck: Deck = STANDARD_DECK

    def probability(self, card: str, owner: str) -> Fraction:
        """The exact probability that ``owner`` (a player or `ENVELOPE`) holds ``card``."""
        return self.counts[card].get(owner, Fraction(0)) / self.deals

    def envelope_probability(self, card: str) -> Fraction:
        """The exact probability that ``card`` is in the envelope."""
        return self.probability(card, ENVELOPE)

    def triple_probability(self, *cards: str) -> Fraction:
        """The exact probability that the envelope holds exactly these cards (one per category)."""
        return self.triples.get(tuple(cards), Fraction(0)) / self.deals

    def table(self) -> dict[str, dict[str, float]]:
        """Every probability as a float, card by owner (for display)."""
        return {
            card: {o: float(self.probability(card, o)) for o in self.owners}
            for card in _cards(self.deck)
        }

    @property
    def solution(self) -> tuple[str, ...] | None:
        """The envelope, when it is certain."""
        certain = {c.card for c in self.certainties if c.owner == ENVELOPE}
        found = [next((card for card in cards if card in certain), None) for _, cards in self.deck]
        if any(card is None for card in found):
            return None
        return tuple(str(card) for card in found)

    def _repr_html_(self) -> str:
        """The table Jupyter shows for a deduction (see `svg.deduction_html`)."""
        from hogwarts_rules.clue.svg import deduction_html

        return deduction_html(self)

    def best_accusation(self) -> tuple[tuple[str, ...], Fraction]:
        """The most likely envelope triple and the probability it is right."""
        triple = max(self.triples, key=lambda t: (self.triples[t], t))
        return triple, self.triples[triple] / self.deals

    def suggestion_value(self, suspect: str, item: str, location: str) -> float:
        """A suggestion's worth: the entropy of the envelope's three cards it touches.

        The sum, over the three cards, of the binary entropy of "this card is in the
        envelope": suggesting cards whose place is most uncertain teaches the most
        (a documented, cheap stand-in for the expected entropy reduction).
        """
        total = 0.0
        for card in (suspect, item, location):
            p = float(self.envelope_probability(card))
            if 0.0 < p < 1.0:
                total -= p * math.log2(p) + (1 - p) * math.log2(1 - p)
        return total

    def best_suggestion(self, location: str) -> tuple[str, str]:
        """The suspect and item to suggest in ``location`` (see `suggestion_value`).

        Raises:
            RulesError: the notebook does not use the real deck.
        """
        if self.deck != STANDARD_DECK:
            raise RulesError("not_clue_deck", "suggestions are made with the real deck's cards")
        return max(
            ((s, i) for s in SUSPECTS for i in ITEMS),
            key=lambda pair: (self.suggestion_value(pair[0], pair[1], location), pair),
        )


# ----- the notebook ------------------------------------------------------------------------


@attrs.frozen
class Notebook:
    """One player's facts about the cards (immutable: each method returns a new notebook).

    Attributes:
        players: the players, in seat order.
        hand_sizes: each player's number of mystery cards.
        facts: the facts, in the order they were learned.
    """

    players: tuple[str, ...]
    hand_sizes: Mapping[str, int]
    facts: tuple[Fact, ...] = ()
    deck: Deck = STANDARD_DECK

    @classmethod
    def start(
        cls, players: Sequence[str], *, hand_sizes: Mapping[str, int], deck: Deck = STANDARD_DECK
    ) -> Notebook:
        """An empty notebook for these players and hand sizes.

        Args:
            players: the players, in seat order.
            hand_sizes: each player's number of cards (with the real deck they total 18).
            deck: the categories and their cards (the real deck by default).

        Raises:
            RulesError: unknown players, or hand sizes that do not add up to the deck.
        """
        names = tuple(players)
        if len(set(names)) != len(names) or any(
            type(n) is not str or not n or n.startswith("<") or not n.isprintable() for n in names
        ):
            raise RulesError(
                "bad_notebook", "players need distinct printable names not starting with '<'"
            )
        cards = _cards(deck)
        if len(set(cards)) != len(cards) or any(not group for _, group in deck):
            raise RulesError("bad_notebook", "every category needs cards, and no card may repeat")
        if any(type(n) is not int or n < 0 for n in hand_sizes.values()):
            raise RulesError("bad_notebook", "hand sizes are whole numbers of 0 or more")
        dealt = len(cards) - len(deck)
        if set(hand_sizes) != set(names) or sum(hand_sizes.values()) != dealt:
            raise RulesError("bad_notebook", f"give every player's hand size; they total {dealt}")
        return cls(names, dict(hand_sizes), (), deck)

    def _add(self, fact: Fact) -> Notebook:
        known = _category_map(self.deck)
        for card in fact.cards:
            if card not in known:
                raise RulesError("unknown_card", f"{card!r} is not a card of this deck")
        if fact.kind != FactKind.NOT_SOLUTION and fact.owner not in (*self.players, ENVELOPE):
            raise RulesError("unknown_player", f"{fact.owner!r} is not playing")
        return attrs.evolve(self, facts=(*self.facts, fact))

    def holds(self, owner: str, cards: Iterable[str], source: str = "") -> Notebook:
        """``owner`` (a player or `ENVELOPE`) holds each of ``cards``."""
        book = self
        for card in cards:
            book = book._add(Fact(FactKind.HOLDS, owner, (card,), source or "seen"))
        return book

    def shown(self, owner: str, card: str, asked: Iterable[str], source: str = "") -> Notebook:
        """``owner`` showed me ``card`` when asked about ``asked`` (it includes ``card``)."""
        others = tuple(c for c in asked if c != card)
        return self._add(
            Fact(FactKind.SHOWN, owner, (card, *others), source or f"{owner} showed me {card}")
        )

    def lacks(self, owner: str, cards: Iterable[str], source: str = "") -> Notebook:
        """``owner`` holds none of ``cards`` (a pass)."""
        return self._add(Fact(FactKind.LACKS, owner, tuple(cards), source or "passed"))

    def one_of(self, owner: str, cards: Iterable[str], source: str = "") -> Notebook:
        """``owner`` holds at least one of ``cards`` (showed someone else a card)."""
        return self._add(Fact(FactKind.ONE_OF, owner, tuple(cards), source or "showed a card"))

    def not_solution(self, *cards: str, source: str = "") -> Notebook:
        """These cards, one per category, are not the solution (a wrong accusation).

        Raises:
            RulesError: the cards are not one of each category of the deck.
        """
        kinds = [_category_map(self.deck).get(card) for card in cards]
        if sorted(k for k in kinds if k) != sorted(kind for kind, _ in self.deck):
            raise RulesError("bad_fact", "an accusation names one card of each category")
        return self._add(
            Fact(FactKind.NOT_SOLUTION, "", tuple(cards), source or "wrong accusation")
        )

    @classmethod
    def from_view(cls, view: ClueView) -> Notebook:
        """Everything ``view``'s player knows, as a notebook."""
        me = view.me
        book = cls.start(view.order, hand_sizes={s.name: s.hand_size for s in view.seats})
        book = book.holds(me, view.hand, "my hand")
        if view.envelope:
            book = book.holds(ENVELOPE, view.envelope, "I looked in the envelope")
        shown = iter(view.shown_to_me)
        for number, record in enumerate(view.suggestions, 1):
            asked = (record.suspect, record.item, record.location)
            where = f"suggestion {number} by {record.player}"
            for player in record.passed:
                book = book.lacks(player, asked, f"{player} passed on {where}")
            if record.shown_by is None:
                continue
            if record.player == me:
                refuter, card = next(shown)
                book = book.shown(refuter, card, asked, f"{refuter} showed me {card} ({where})")
            elif record.shown_by != me:
                book = book.one_of(
                    record.shown_by, asked, f"{record.shown_by} showed a card ({where})"
                )
        for player, suspect, item, location in view.wrong_accusations:
            book = book.not_solution(suspect, item, location, source=f"{player} accused wrongly")
        return book

    def solve(self, *, weighted: bool = False) -> Deduction:
        """Count the consistent deals and derive every probability and certainty.

        Args:
            weighted: weigh each deal, for each card shown to me, by 1/k where k is the
                number of suggested cards the refuter holds in that deal (a refuter
                shows one of their matching cards at random). Refutations shown to
                others carry no weight: a card is shown whatever the deal.

        Raises:
            ContradictionError: no deal satisfies the facts (the error names an
                irreducible set of conflicting facts).
        """
        problem = _Problem.build(self)
        result = problem.count(weighted=weighted)
        if result.total == 0:
            raise ContradictionError(*self._explain_contradiction())
        certainties = problem.certainties(result)
        owners = (*self.players, ENVELOPE)
        counts = {
            card: {o: Fraction(result.cards.get((card, o), 0)) for o in owners}
            for card in _cards(self.deck)
        }
        triples = {triple: Fraction(value) for triple, value in result.triples.items()}
        return Deduction(owners, Fraction(result.total), counts, triples, certainties, self.deck)

    def _explain_contradiction(self) -> tuple[str, tuple[Fact, ...]]:
        kept = list(self.facts)
        for fact in list(kept):
            trial = [f for f in kept if f is not fact]
            if (
                _Problem.build(attrs.evolve(self, facts=tuple(trial))).count(weighted=False).total
                == 0
            ):
                kept = trial
        words = "; ".join(f"{f.text} ({f.source})" for f in kept)
        return f"these facts cannot all be true: {words}", tuple(kept)


# ----- counting ------------------------------------------------------------------------------


_Weight: TypeAlias = int | Fraction
"""A number of deals: an int, or a Fraction once the weighted model scales it (ints add fast)."""


@attrs.frozen
class _Result:
    total: _Weight
    cards: dict[tuple[str, str], _Weight]
    triples: dict[tuple[str, ...], _Weight]


def _merge(results: Iterable[_Result]) -> _Result:
    total: _Weight = 0
    cards: dict[tuple[str, str], _Weight] = {}
    triples: dict[tuple[str, ...], _Weight] = {}
    for r in results:
        total += r.total
        for key, value in r.cards.items():
            cards[key] = cards.get(key, 0) + value
        for key3, value in r.triples.items():
            triples[key3] = triples.get(key3, 0) + value
    return _Result(total, cards, triples)


_EMPTY: Final = _Result(0, {}, {})


@attrs.frozen
class _Problem:
    players: tuple[str, ...]
    sizes: tuple[int, ...]
    allowed: tuple[tuple[str, frozenset[str]], ...]  # card -> owners it may be with
    clauses: tuple[tuple[str, frozenset[str], _Clause], ...]  # (player, cards, kind)
    excluded: frozenset[tuple[str, ...]]
    facts: tuple[Fact, ...]
    deck: Deck

    @classmethod
    def build(cls, book: Notebook) -> _Problem:
        owners = frozenset((*book.players, ENVELOPE))
        cards = _cards(book.deck)
        category = _category_map(book.deck)
        allowed = {card: set(owners) for card in cards}
        clauses: list[tuple[str, frozenset[str], _Clause]] = []
        excluded: set[tuple[str, ...]] = set()
        for fact in book.facts:
            if fact.kind in (FactKind.HOLDS, FactKind.SHOWN):
                allowed[fact.cards[0]] &= {fact.owner}
                if fact.kind == FactKind.SHOWN and len(fact.cards) > 1:
                    clauses.append((fact.owner, frozenset(fact.cards[1:]), _Clause.WEIGH))
            elif fact.kind == FactKind.LACKS:
                for card in fact.cards:
                    allowed[card].discard(fact.owner)
            elif fact.kind == FactKind.ONE_OF:
                clauses.append((fact.owner, frozenset(fact.cards), _Clause.ONE_OF))
            else:
                by_kind = {category[card]: card for card in fact.cards}
                if len(by_kind) == len(book.deck):
                    excluded.add(tuple(by_kind[kind] for kind, _ in book.deck))
        return cls(
            book.players,
            tuple(book.hand_sizes[p] for p in book.players),
            tuple((card, frozenset(allowed[card])) for card in cards),
            tuple(clauses),
            frozenset(excluded),
            book.facts,
            book.deck,
        )

    def count(self, *, weighted: bool) -> _Result:
        return _split(
            self.players, self.sizes, self.allowed, self.clauses, self.excluded, weighted, self.deck
        )

    def certainties(self, result: _Result) -> tuple[Certainty, ...]:
        reasons = _explain(self)
        found = []
        for card in _cards(self.deck):
            for owner in (*self.players, ENVELOPE):
                if result.cards.get((card, owner), 0) == result.total:
                    why = reasons.get(card) or (
                        "every deal consistent with the facts puts it there",
                    )
                    found.append(Certainty(card, owner, why))
        return tuple(found)


def _freeze(
    allowed: Mapping[str, frozenset[str] | set[str]],
) -> tuple[tuple[str, frozenset[str]], ...]:
    return tuple((card, frozenset(owners)) for card, owners in allowed.items())


def _propagate(
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


@functools.lru_cache(maxsize=4096)
def _split(
    players: tuple[str, ...],
    sizes: tuple[int, ...],
    frozen: tuple[tuple[str, frozenset[str]], ...],
    clauses: tuple[tuple[str, frozenset[str], _Clause], ...],
    excluded: frozenset[tuple[str, ...]],
    weighted: bool,
    deck: Deck,
) -> _Result:
    """Count with "holds one of" clauses, splitting them into disjoint cases.

    A ``"one_of"`` clause (a refuter showed someone a card) is split into: holds the
    first card; lacks it and holds the second; and so on. A ``"weigh"`` clause (a
    refuter showed me a card; the clause lists the other suggested cards) only
    matters when ``weighted``: it splits on which other cards the refuter holds and
    weighs each case 1/(1 + how many).
    """
    allowed = {card: set(owners) for card, owners in frozen}
    if not _propagate(players, sizes, allowed, deck):
        return _EMPTY
    open_clauses: list[tuple[str, list[str], _Clause]] = []
    for player, cards, kind in clauses:
        possible = sorted(c for c in cards if player in allowed[c])
        if kind == _Clause.ONE_OF:
            if not possible:
                return _EMPTY
            if any(allowed[c] == {player} for c in possible):
                continue  # already satisfied
            open_clauses.append((player, possible, kind))
        elif weighted:
            held_now = sum(1 for c in cards if allowed[c] == {player})
            undecided = [c for c in possible if allowed[c] != {player}]
            if not undecided:
                if held_now:
                    return _scale(
                        _split(
                            players,
                            sizes,
                            _freeze(allowed),
                            _rest(clauses, player, cards),
                            excluded,
                            weighted,
                            deck,
                        ),
                        Fraction(1, 1 + held_now),
                    )
                continue
            open_clauses.append((player, sorted(cards), kind))
    if not open_clauses:
        return _count(players, sizes, allowed, excluded, deck)
    player, possible, kind = open_clauses[0]
    rest = tuple((p, frozenset(c), k) for p, c, k in open_clauses[1:])
    parts = []
    if kind == _Clause.WEIGH:
        # The refuter showed me one card; these are the other suggested cards.
        for size in range(len(possible) + 1):
            for held in combinations(possible, size):
                case = {c: set(o) for c, o in allowed.items()}
                for card in possible:
                    if card in held:
                        case[card] &= {player}
                    else:
                        case[card].discard(player)
                sub = _split(players, sizes, _freeze(case), rest, excluded, weighted, deck)
                parts.append(_scale(sub, Fraction(1, 1 + size)))
        return _merge(parts)
    for index, card in enumerate(possible):
        case = {c: set(o) for c, o in allowed.items()}
        for earlier in possible[:index]:
            case[earlier].discard(player)
        case[card] &= {player}
        parts.append(_split(players, sizes, _freeze(case), rest, excluded, weighted, deck))
    return _merge(parts)


def _rest(
    clauses: tuple[tuple[str, frozenset[str], _Clause], ...], player: str, cards: frozenset[str]
) -> tuple[tuple[str, frozenset[str], _Clause], ...]:
    """The clauses without the first one about ``player`` and ``cards``."""
    found = False
    kept = []
    for clause in clauses:
        if not found and clause[0] == player and clause[1] == cards and clause[2] == _Clause.WEIGH:
            found = True
            continue
        kept.append(clause)
    return tuple(kept)


def _scale(result: _Result, factor: Fraction) -> _Result:
    return _Result(
        result.total * factor,
        {k: v * factor for k, v in result.cards.items()},
        {k: v * factor for k, v in result.triples.items()},
    )


def _count(
    players: tuple[str, ...],
    sizes: tuple[int, ...],
    allowed: Mapping[str, set[str]],
    excluded: frozenset[tuple[str, ...]],
    deck: Deck,
) -> _Result:
    """Count deals with no open clauses: envelope choices times a DP over the players.

    Envelope candidates are grouped by who else may hold them: the count of the rest of
    the deal depends only on those groups, so one DP serves every envelope of a group choice.
    """
    capacity = dict(zip(players, sizes, strict=True))
    category = _category_map(deck)
    placed: dict[str, str] = {}
    for card, owners in allowed.items():
        if len(owners) == 1:
            (owner,) = owners
            placed[card] = owner
            if owner != ENVELOPE:
                capacity[owner] -= 1
    env_fixed = {category[c]: c for c, o in placed.items() if o == ENVELOPE}
    free = [c for c in _cards(deck) if c not in placed]
    key_of = {c: _key(allowed[c]) for c in free}
    free_keys: dict[str, list[str]] = {}
    for card in free:
        free_keys.setdefault(key_of[card], []).append(card)
    # Per category, the envelope's candidates grouped by key ("" marks a placed card).
    choices: list[list[tuple[str, list[str]]]] = []
    for kind, cards in deck:
        if kind in env_fixed:
            choices.append([("", [env_fixed[kind]])])
            continue
        grouped: dict[str, list[str]] = {}
        for card in cards:
            if card in key_of and ENVELOPE in allowed[card]:
                grouped.setdefault(key_of[card], []).append(card)
        choices.append(list(grouped.items()))
    total = 0
    cards_count: dict[tuple[str, str], int] = {}
    triples: dict[tuple[str, ...], int] = {}
    combos: dict[tuple[str, ...], tuple[int, dict[str, dict[str, int]], dict[str, int]]] = {}

    def solve_combo(
        combo: tuple[str, ...],
    ) -> tuple[int, dict[str, dict[str, int]], dict[str, int]]:
        if combo not in combos:
            sizes_left = {k: len(v) for k, v in free_keys.items()}
            for key in combo:
                if key:
                    sizes_left[key] -= 1
            rest = [k for k, n in sizes_left.items() for _ in range(n)]
            deals, per_group = _deal_players(players, capacity, rest)
            combos[combo] = (deals, per_group, sizes_left)
        return combos[combo]

    def add(key: tuple[str, str], amount: int) -> None:
        cards_count[key] = cards_count.get(key, 0) + amount

    def share_out(
        per_group: dict[str, dict[str, int]], sizes_left: dict[str, int], times: Mapping[str, int]
    ) -> None:
        """Give each free card its players' deals; ``times`` counts envelopes without it."""
        for key, members in free_keys.items():
            left = sizes_left[key]
            if not left:
                continue
            for player, allocated in per_group.get(key, {}).items():
                share = allocated // left  # exact: the cards of a group are interchangeable
                for card in members:
                    if times[card]:
                        add((card, player), share * times[card])

    for picked in product(*choices):
        combo = tuple(key for key, _ in picked)
        deals, per_group, sizes_left = solve_combo(combo)
        if deals == 0:
            continue
        groups = [members for _, members in picked]
        n = math.prod(len(members) for members in groups)
        total += deals * n
        for envelope in product(*groups):
            triples[envelope] = deals
        times = dict.fromkeys(free, n)
        for members in groups:
            for card in members:
                add((card, ENVELOPE), deals * (n // len(members)))
                if card in times:
                    times[card] = n - n // len(members)
        share_out(per_group, sizes_left, times)
    for envelope in excluded:
        if envelope not in triples:
            continue
        combo = tuple("" if c in placed else key_of[c] for c in envelope)
        deals, per_group, sizes_left = solve_combo(combo)
        total -= deals
        del triples[envelope]
        for card in envelope:
            add((card, ENVELOPE), -deals)
        times = {card: (0 if card in envelope else -1) for card in free}
        share_out(per_group, sizes_left, times)
    for card, owner in placed.items():
        if owner != ENVELOPE:
            add((card, owner), total)
    return _Result(total, {k: v for k, v in cards_count.items() if v}, dict(triples))


def _key(owners: set[str]) -> str:
    return _SEPARATOR.join(sorted(o for o in owners if o != ENVELOPE))


def _deal_players(
    players: tuple[str, ...], capacity: Mapping[str, int], rest: Sequence[str]
) -> tuple[int, dict[str, dict[str, int]]]:
    """Deals of the cards left to the players, hands filled exactly.

    ``rest`` lists, for each card left, the key of the players allowed to hold it.
    Returns the number of deals and, per key, the total number of that group's cards
    each player receives, summed over all deals.
    """
    return _deal_players_cached(players, tuple(capacity[p] for p in players), tuple(sorted(rest)))


@functools.lru_cache(maxsize=65536)
def _deal_players_cached(
    players: tuple[str, ...], capacities: tuple[int, ...], rest: tuple[str, ...]
) -> tuple[int, dict[str, dict[str, int]]]:
    groups: dict[str, int] = {}
    for key in rest:
        groups[key] = groups.get(key, 0) + 1
    keys = sorted(groups)
    allowed_in = [frozenset(k.split(_SEPARATOR)) if k else frozenset() for k in keys]
    start = tuple(groups[k] for k in keys)
    per_group: dict[str, dict[str, int]] = {k: {} for k in keys}
    if sum(start) != sum(capacities) or min(capacities, default=0) < 0:
        return 0, per_group
    moves = [
        _allocations(tuple(i for i, owners in enumerate(allowed_in) if p in owners), cap)
        for p, cap in zip(players, capacities, strict=True)
    ]
    # Forward: ways to fill the first players, by the group sizes still to deal.
    forward: list[dict[tuple[int, ...], int]] = [{start: 1}]
    for i in range(len(players)):
        step: dict[tuple[int, ...], int] = {}
        for state, ways in forward[-1].items():
            for _, after, count in moves[i](state):
                step[after] = step.get(after, 0) + ways * count
        forward.append(step)
    zero = tuple(0 for _ in keys)
    total = forward[-1].get(zero, 0)
    if total == 0:
        return 0, per_group
    backward: dict[tuple[int, ...], int] = {zero: 1}
    received = [[0] * len(keys) for _ in players]  # player -> group -> cards, over all deals
    for i in range(len(players) - 1, -1, -1):
        earlier: dict[tuple[int, ...], int] = {}
        mine = received[i]
        for state, ways_before in forward[i].items():
            reach = 0
            for taken, after, ways in moves[i](state):
                rest_ways = backward.get(after, 0)
                if rest_ways:
                    count = ways * rest_ways
                    reach += count
                    weight = ways_before * count
                    for g, t in taken:
                        mine[g] += weight * t
            if reach:
                earlier[state] = reach
        backward = earlier
    for i, player in enumerate(players):
        for g, amount in enumerate(received[i]):
            if amount:
                per_group[keys[g]][player] = amount
    return total, per_group


def _ways(state: tuple[int, ...], take: tuple[int, ...]) -> int:
    result = 1
    for s, t in zip(state, take, strict=True):
        if t:
            result *= math.comb(s, t)
    return result


# (the cards taken as (group, count) pairs, the state after, the ways to take them)
_Move = tuple[tuple[tuple[int, int], ...], tuple[int, ...], int]


class _Options:
    """Every way to take ``amount`` cards from the usable groups of a state (memoised).

    Each way comes as the (group, count) pairs taken, the state it leaves and its
    number of card choices (the product of binomials), so the forward and backward
    sweeps only look them up.
    """

    __slots__ = ("_cache", "amount", "usable")

    def __init__(self, usable: tuple[int, ...], amount: int) -> None:
        self.usable = usable
        self.amount = amount
        self._cache: dict[tuple[int, ...], tuple[_Move, ...]] = {}

    def __call__(self, state: tuple[int, ...]) -> tuple[_Move, ...]:
        found = self._cache.get(state)
        if found is None:
            found = self._cache[state] = self._compute(state)
        return found

    def _compute(self, state: tuple[int, ...]) -> tuple[_Move, ...]:
        result: list[_Move] = []
        take = [0] * len(state)
        usable = self.usable

        def fill(index: int, left: int) -> None:
            if index == len(usable):
                if left == 0:
                    taken = tuple(take)
                    after = tuple(s - t for s, t in zip(state, taken, strict=True))
                    pairs = tuple((g, t) for g, t in enumerate(taken) if t)
                    result.append((pairs, after, _ways(state, taken)))
                return
            g = usable[index]
            for t in range(min(left, state[g]) + 1):
                take[g] = t
                fill(index + 1, left - t)
            take[g] = 0

        if self.amount >= 0:
            fill(0, self.amount)
        return tuple(result)


@functools.lru_cache(maxsize=4096)
def _allocations(usable: tuple[int, ...], amount: int) -> _Options:
    return _Options(usable, amount)


# ----- explanations ----------------------------------------------------------------------------


def _explain(problem: _Problem) -> dict[str, tuple[str, ...]]:
    """Reasons for what the propagation rules force, card by card, in words."""
    owners = {*problem.players, ENVELOPE}
    cards = _cards(problem.deck)
    allowed = {card: set(owners) for card in cards}
    why: dict[str, list[str]] = {card: [] for card in cards}
    for fact in problem.facts:
        if fact.kind in (FactKind.HOLDS, FactKind.SHOWN):
            allowed[fact.cards[0]] &= {fact.owner}
            why[fact.cards[0]].append(f"{fact.text} ({fact.source})")
        elif fact.kind == FactKind.LACKS:
            for card in fact.cards:
                if fact.owner in allowed[card]:
                    allowed[card].discard(fact.owner)
                    why[card].append(f"{fact.text} ({fact.source})")
    capacity = dict(zip(problem.players, problem.sizes, strict=True))
    clauses = [f for f in problem.facts if f.kind == FactKind.ONE_OF]
    changed = True
    while changed:
        changed = False
        for player in problem.players:
            mine = [c for c, o in allowed.items() if o == {player}]
            maybe = [c for c, o in allowed.items() if player in o]
            size = capacity[player]
            if len(mine) == size and len(maybe) > len(mine):
                for card in maybe:
                    if card not in mine:
                        allowed[card].discard(player)
                        why[card].append(f"{player}'s {size} cards are all known")
                        changed = True
            elif len(maybe) == size and len(mine) < len(maybe):
                for card in maybe:
                    if allowed[card] != {player}:
                        allowed[card] = {player}
                        why[card].append(f"only {size} cards can be {player}'s, who holds {size}")
                        changed = True
        for kind, group in problem.deck:
            could = [c for c in group if ENVELOPE in allowed[c]]
            if len(could) == 1 and allowed[could[0]] != {ENVELOPE}:
                allowed[could[0]] = {ENVELOPE}
                why[could[0]].append(
                    f"every other {kind} is held by a player: it is in the envelope"
                )
                changed = True
            fixed = [c for c in group if allowed[c] == {ENVELOPE}]
            if fixed:
                for card in could:
                    if card != fixed[0]:
                        allowed[card].discard(ENVELOPE)
                        why[card].append(f"the envelope's {kind} is {fixed[0]}")
                        changed = True
        for fact in clauses:
            possible = [c for c in fact.cards if fact.owner in allowed[c]]
            if len(possible) == 1 and allowed[possible[0]] != {fact.owner}:
                card = possible[0]
                lacking = " or ".join(c for c in fact.cards if c != card)
                allowed[card] = {fact.owner}
                why[card].append(f"{fact.text} ({fact.source}), not {lacking}: so {card}")
                changed = True
    return {card: tuple(reasons) for card, reasons in why.items() if len(allowed[card]) == 1}
