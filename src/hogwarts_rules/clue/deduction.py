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
disjoint cases on one card at a time (holds it; lacks it), each propagated before it
is counted. The weighted model deals the refuters (who showed me a card) one at a
time, weighing the ways to fill each one's hand, in whole numbers (scaled, then
divided once at the end); after each, the cards its clauses marked are
interchangeable with the others again, and after the last the rest of the deal is
counted as in the uniform model.

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
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from fractions import Fraction
from itertools import product
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
    "sample_deals",
]

ENVELOPE: Final = "<envelope>"
"""The owner name of the envelope (no player name starts with ``<``)."""

_SEPARATOR: Final = "\x00"  # joins player names in group keys; names hold no control characters
_MARK: Final = "\x01"  # a group key's suffix: the weighed clauses of its cards (weighted model)

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
        reasons: the chain of facts and steps that force it, in words (empty when
            solved with ``Notebook.solve(reasons=False)``).
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
        most = max(self.triples.values())  # ties: the last of them in name order
        triple = max(t for t, deals in self.triples.items() if deals == most)
        return triple, most / self.deals

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

    def solve(self, *, weighted: bool = False, reasons: bool = True) -> Deduction:
        """Count the consistent deals and derive every probability and certainty.

        Args:
            weighted: weigh each deal, for each card shown to me, by 1/k where k is the
                number of suggested cards the refuter holds in that deal (a refuter
                shows one of their matching cards at random). Refutations shown to
                others carry no weight: a card is shown whatever the deal.
            reasons: explain each certainty. With ``False`` the deduction has the same
                counts, triples and certainties (card and owner) but every
                certainty's ``reasons`` is empty, and no reason is worked out
                (cheaper, for callers that never read them).

        Raises:
            ContradictionError: no deal satisfies the facts (the error names an
                irreducible set of conflicting facts).
        """
        problem = _Problem.build(self)
        result, scale = problem.count(weighted=weighted)
        if result.total == 0:
            raise ContradictionError(*self._explain_contradiction())
        certainties = problem.certainties(self, result, reasons=reasons)
        owners = (*self.players, ENVELOPE)
        # Many counts repeat (0, every deal, the triples' few values): one Fraction each.
        fractions: dict[int, Fraction] = {}

        def exact(value: int) -> Fraction:
            found = fractions.get(value)
            if found is None:
                found = fractions[value] = Fraction(value, scale)
            return found

        cards = result.cards
        counts = {
            card: {o: exact(cards.get((card, o), 0)) for o in owners} for card in _cards(self.deck)
        }
        triples = {triple: exact(value) for triple, value in result.triples.items()}
        return Deduction(owners, exact(result.total), counts, triples, certainties, self.deck)

    def _explain_contradiction(self) -> tuple[str, tuple[Fact, ...]]:
        facts: Sequence[Fact] = self.facts
        kept: tuple[Fact, ...] | None = None
        if _refuted(self, facts):
            # The propagation rules see the clash: narrow it down with them first (cheap),
            # then make it irreducible with satisfiability checks (within that core,
            # usually irreducible already: one check per fact).
            core = _conflict(facts, lambda some: _refuted(self, some))
            if core is not None:
                kept = _deletion(core, lambda some: _clashes(self, some))
        if kept is None:
            kept = _conflict(facts, lambda some: _clashes(self, some))
        assert kept is not None  # satisfiability is monotone
        words = "; ".join(_said(f) for f in kept)
        return f"these facts cannot all be true: {words}", kept


def _checks(
    book: Notebook, facts: Iterable[Fact]
) -> tuple[_Kernel, _Columns, _MaskClauses, frozenset[int]]:
    kernel = _kernel(book.players, tuple(book.hand_sizes[p] for p in book.players), book.deck)
    return (kernel, *kernel.build(facts))


def _consistent(book: Notebook, facts: Sequence[Fact]) -> bool:
    """Whether some deal satisfies ``facts`` (a search that stops at the first deal)."""
    kernel, allowed, clauses, excluded = _checks(book, facts)
    return kernel.satisfiable(allowed, clauses, excluded)


def _clashes(book: Notebook, facts: Sequence[Fact]) -> bool:
    """Whether no deal satisfies ``facts``: the propagation rules first, else a search."""
    kernel, allowed, clauses, excluded = _checks(book, facts)
    return kernel.refuted(allowed, clauses) or not kernel.satisfiable(allowed, clauses, excluded)


def _refuted(book: Notebook, facts: Sequence[Fact]) -> bool:
    """Whether the propagation rules alone find that no deal satisfies ``facts``.

    Sound (a refuted set has no deal) but not complete; more facts refute more.
    """
    kernel, allowed, clauses, _ = _checks(book, facts)
    return kernel.refuted(allowed, clauses)


def _deletion(facts: Sequence[Fact], clash: Callable[[Sequence[Fact]], bool]) -> tuple[Fact, ...]:
    """``facts`` (which ``clash``) less each fact, in turn, whose deletion leaves a clash.

    One check per fact: for a small set (often irreducible already) it costs fewer
    checks than `_conflict`'s bisection, and for a monotone ``clash`` it keeps the same
    facts (both delete each fact in turn, from the first, whenever the others still clash).
    """
    kept = list(facts)
    index = 0
    while index < len(kept):
        rest = kept[:index] + kept[index + 1 :]
        if clash(rest):
            kept = rest
        else:
            index += 1
    return tuple(kept)


def _conflict(
    facts: Sequence[Fact], clash: Callable[[Sequence[Fact]], bool]
) -> tuple[Fact, ...] | None:
    """A subset of ``facts`` (which ``clash``) that clashes, irreducible, in their order.

    ``clash`` should be monotone (more facts clash more); None when it shows it is not
    (the propagation rules are not quite: their hand-filling rule counts disjoint open
    clauses greedily). The same set as deleting each fact in turn, from the first,
    whenever the others still clash: the first fact kept is the last ``f`` such that
    ``f`` and the facts after it clash; the next is the last such after it, given the
    ones kept; and so on. Each is found by bisection, so it takes a few checks per fact
    of the conflict rather than one per fact.
    """
    kept: list[Fact] = []
    start = 0
    while not clash(kept):
        # kept + facts[start:] clash; find the last j such that kept + facts[j:] clash.
        if start == len(facts):
            return None  # they do not: ``clash`` is not monotone here
        low, high = start, len(facts) - 1
        while low < high:
            middle = (low + high + 1) // 2
            if clash([*kept, *facts[middle:]]):
                low = middle
            else:
                high = middle - 1
        kept.append(facts[low])
        start = low + 1
    return tuple(kept)


# ----- the propagation rules and the search, on bitmasks -------------------------------------


@functools.lru_cache(maxsize=64)
def _kernel(players: tuple[str, ...], sizes: tuple[int, ...], deck: Deck) -> _Kernel:
    return _Kernel(players, sizes, deck)


_Columns: TypeAlias = list[int]
"""For each owner (the players in seat order, then the envelope), the cards it may hold,
as a bitmask over the deck's cards."""
_MaskClauses: TypeAlias = tuple[tuple[int, int], ...]
"""(owner index, bitmask of cards): "holds at least one of"."""


class _Kernel:
    """The propagation rules and the satisfiability search, on bitmasks.

    One bitmask of cards per owner (a column), so that each rule costs a few
    operations on small integers. The rules (`refuted`), applied until nothing
    changes: a player whose known cards fill the hand holds no other card, and one
    with exactly as many possible cards as room holds them all; the envelope holds
    one card of each category (a category with one possible card puts it there); a
    "holds one of" clause with one possible card places it; and a player whose known
    cards and disjoint open clauses (each needs a card of its own, chosen greedily,
    shortest first) fill the hand holds no other card. The counting splits on
    clauses after these rules (`_split`); naming a contradiction checks many subsets
    of the facts with them and with the exact search `satisfiable`.
    """

    __slots__ = (
        "_memo",
        "card_index",
        "cards",
        "categories",
        "deck",
        "every",
        "names",
        "players",
        "sizes",
    )

    def __init__(self, players: tuple[str, ...], sizes: tuple[int, ...], deck: Deck) -> None:
        self.players = players
        self.sizes = sizes
        self.deck = deck
        self.cards = _cards(deck)
        self.card_index = {card: i for i, card in enumerate(self.cards)}
        self.every = (1 << len(self.cards)) - 1
        self.names = (*players, ENVELOPE)
        masks = []
        for _, group in deck:
            mask = 0
            for card in group:
                mask |= 1 << self.card_index[card]
            masks.append(mask)
        self.categories = tuple(masks)
        self._memo: dict[tuple[tuple[int, ...], _MaskClauses, frozenset[int]], bool] = {}

    def columns(self, allowed: Iterable[tuple[str, frozenset[str]]]) -> tuple[int, ...]:
        """The columns of (card, owners it may be with) pairs."""
        index = {name: i for i, name in enumerate(self.names)}
        columns = [0] * len(self.names)
        for card, owners in allowed:
            bit = 1 << self.card_index[card]
            for owner in owners:
                columns[index[owner]] |= bit
        return tuple(columns)

    def clauses(self, clauses: _Clauses) -> _MaskClauses:
        """(player, cards) clauses as (owner index, bitmask of cards)."""
        index = {name: i for i, name in enumerate(self.names)}
        found = []
        for who, cards in clauses:
            mask = 0
            for card in cards:
                mask |= 1 << self.card_index[card]
            found.append((index[who], mask))
        return tuple(found)

    def owners(self, columns: _Columns) -> dict[str, set[str]]:
        """Each card's allowed owners, by name (the deck's order)."""
        return {
            card: {
                name for name, column in zip(self.names, columns, strict=True) if column >> i & 1
            }
            for i, card in enumerate(self.cards)
        }

    def build(self, facts: Iterable[Fact]) -> tuple[_Columns, _MaskClauses, frozenset[int]]:
        """The owners' columns, the "holds one of" clauses and the excluded envelopes."""
        owner_index = {name: i for i, name in enumerate(self.names)}
        nobody = len(self.names)  # an owner not playing: a column no card is in
        index = self.card_index
        columns = [self.every] * len(self.names)
        clauses: list[tuple[int, int]] = []
        excluded: set[int] = set()
        for fact in facts:
            kind = fact.kind
            if kind == FactKind.HOLDS or kind == FactKind.SHOWN:
                owner = owner_index.get(fact.owner, nobody)
                bit = 1 << index[fact.cards[0]]
                for o in range(len(columns)):
                    if o != owner:
                        columns[o] &= ~bit
            elif kind == FactKind.LACKS:
                owner = owner_index.get(fact.owner, nobody)
                if owner < nobody:
                    for card in fact.cards:
                        columns[owner] &= ~(1 << index[card])
            elif kind == FactKind.ONE_OF:
                mask = 0
                for card in fact.cards:
                    mask |= 1 << index[card]
                clauses.append((owner_index.get(fact.owner, nobody), mask))
            else:
                by_kind: dict[int, int] = {}
                for card in fact.cards:
                    bit = 1 << index[card]
                    by_kind[next(c for c, m in enumerate(self.categories) if m & bit)] = bit
                if len(by_kind) == len(self.categories):
                    excluded.add(sum(by_kind.values()))
        return columns, tuple(clauses), frozenset(excluded)

    def _settle(self, columns: _Columns) -> bool:
        """The rules without clauses, in place (False on a contradiction)."""
        sizes = self.sizes
        env = len(sizes)
        every = self.every
        changed = True
        while changed:
            changed = False
            anyone = 0
            for column in columns:
                anyone |= column
            if anyone != every:
                return False
            for p, cap in enumerate(sizes):
                others = 0
                for o, column in enumerate(columns):
                    if o != p:
                        others |= column
                maybe_mask = columns[p]
                mine_mask = maybe_mask & ~others
                mine = mine_mask.bit_count()
                maybe = maybe_mask.bit_count()
                if mine > cap or maybe < cap:
                    return False
                if maybe == mine:
                    continue
                if mine == cap:
                    columns[p] = mine_mask
                    changed = True
                elif maybe == cap:
                    for o in range(len(columns)):
                        if o != p:
                            columns[o] &= ~maybe_mask
                    changed = True
            held_by_players = 0
            for column in columns[:env]:
                held_by_players |= column
            for group in self.categories:
                could = columns[env] & group
                if not could:
                    return False
                placed = could & ~held_by_players
                if placed:
                    if placed & (placed - 1):
                        return False
                    if could != placed:
                        columns[env] &= ~(could & ~placed)
                        changed = True
                elif could & (could - 1) == 0:
                    for o in range(env):
                        columns[o] &= ~could
                    held_by_players &= ~could
                    changed = True
        return True

    def refuted(self, columns: _Columns, clauses: _MaskClauses) -> bool:
        """Whether the rules find a clash (they narrow ``columns``)."""
        sizes = self.sizes
        count = len(columns)
        with_clauses = sorted({who for who, _ in clauses if who < len(sizes)})
        while True:
            if not self._settle(columns):
                return True
            changed = False
            for who, mask in clauses:
                if who >= count:
                    return True
                possible = mask & columns[who]
                if not possible:
                    return True
                if possible & (possible - 1) == 0:
                    for o in range(count):
                        if o != who and columns[o] & possible:
                            columns[o] &= ~possible
                            changed = True
            if changed:
                continue
            for player in with_clauses:
                others = 0
                for o, column in enumerate(columns):
                    if o != player:
                        others |= column
                maybe = columns[player]
                mine = maybe & ~others
                sets = []
                for who, mask in clauses:
                    if who == player:
                        possible = mask & maybe
                        if possible and not possible & mine:
                            sets.append(possible)
                chosen = needed = 0
                for possible in sorted(sets, key=int.bit_count):
                    if not chosen & possible:
                        chosen |= possible
                        needed += 1
                held = mine.bit_count()
                if held + needed > sizes[player]:
                    return True
                if needed and held + needed == sizes[player]:
                    narrowed = maybe & (mine | chosen)
                    if narrowed != maybe:
                        columns[player] = narrowed
                        changed = True
                if changed:
                    break
            if not changed:
                return False

    def satisfiable(
        self, columns: _Columns, clauses: _MaskClauses, excluded: frozenset[int]
    ) -> bool:
        """Whether some deal satisfies the constraints (an exact search, memoised)."""
        if self.refuted(columns, clauses):
            return False
        key = (tuple(columns), clauses, excluded)
        found = self._memo.get(key)
        if found is not None:
            return found
        chosen = self.branch(columns, clauses)
        if chosen is None:
            found = self._any_deal(columns, excluded)
        else:
            who, bit = chosen
            holds = [column if o == who else column & ~bit for o, column in enumerate(columns)]
            found = self.satisfiable(holds, clauses, excluded)
            if not found:
                columns[who] &= ~bit
                found = self.satisfiable(columns, clauses, excluded)
        if len(self._memo) > 65536:
            self._memo.clear()
        self._memo[key] = found
        return found

    def branch(self, columns: _Columns, clauses: _MaskClauses) -> tuple[int, int] | None:
        """The (owner, card bit) to split on next, or None when every clause is satisfied.

        The card that occurs in most of one owner's open clauses (holding it satisfies
        them all), in the shortest clause on a tie.
        """
        score: dict[tuple[int, int], tuple[int, int]] = {}
        for who, mask in clauses:
            others = 0
            for o, column in enumerate(columns):
                if o != who:
                    others |= column
            possible = mask & columns[who]
            if possible & ~others:
                continue  # satisfied
            size = possible.bit_count()
            while possible:
                bit = possible & -possible
                possible ^= bit
                count, shortest = score.get((who, bit), (0, 99))
                score[who, bit] = (count + 1, min(shortest, size))
        if not score:
            return None
        names, cards = self.names, self.cards
        return max(
            score,
            key=lambda pair: (
                score[pair][0],
                -score[pair][1],
                names[pair[0]],
                cards[pair[1].bit_length() - 1],
            ),
        )

    def _any_deal(self, columns: _Columns, excluded: frozenset[int]) -> bool:
        """Whether the cards can be dealt as allowed, avoiding the excluded envelopes."""
        if not excluded:
            return self._fits(columns)
        env = len(self.sizes)
        # Envelope candidates with the same other owners are interchangeable here.
        choices: list[list[list[int]]] = []
        for group in self.categories:
            grouped: dict[tuple[int, ...], list[int]] = {}
            could = columns[env] & group
            while could:
                bit = could & -could
                could ^= bit
                key = tuple(o for o in range(env) if columns[o] & bit)
                grouped.setdefault(key, []).append(bit)
            choices.append(list(grouped.values()))
        for combo in product(*choices):
            trial = list(columns)
            for members in combo:
                trial[env] &= ~sum(members[1:])
                for o in range(env):
                    trial[o] &= ~members[0]
            if self._fits(trial) and any(sum(t) not in excluded for t in product(*combo)):
                return True
        return False

    def _fits(self, columns: _Columns) -> bool:
        """Whether the free cards fill every hand and envelope slot (augmenting paths).

        The slots are the players' free room and one envelope slot per category whose
        card is not placed; there are as many as free cards, so a matching of every
        card fills every slot.
        """
        count = len(self.sizes)
        room = list(self.sizes) + [1] * len(self.categories)
        slots_of: list[tuple[int, ...]] = []
        for c, group in enumerate(self.categories):
            while group:
                bit = group & -group
                group ^= bit
                slots = tuple(o for o in range(count) if columns[o] & bit)
                if columns[count] & bit:
                    slots = (*slots, count + c)
                if len(slots) == 1:
                    room[slots[0]] -= 1
                else:
                    slots_of.append(slots)
        if min(room) < 0 or sum(room) != len(slots_of):
            return False
        holding: list[list[int]] = [[] for _ in room]
        waiting = []
        for card, slots in enumerate(slots_of):  # first, each card to a slot with room
            slot = next((s for s in slots if len(holding[s]) < room[s]), None)
            if slot is None:
                waiting.append(card)
            else:
                holding[slot].append(card)

        def place(card: int, seen: set[int]) -> bool:
            for slot in slots_of[card]:
                if slot in seen:
                    continue
                seen.add(slot)
                if len(holding[slot]) < room[slot]:
                    holding[slot].append(card)
                    return True
                for other in holding[slot]:
                    if place(other, seen):
                        holding[slot].remove(other)
                        holding[slot].append(card)
                        return True
            return False

        return all(place(card, set()) for card in waiting)


# ----- counting ------------------------------------------------------------------------------


_Weight: TypeAlias = int
"""A number of deals (weighted: times the problem's scale, so that it stays an integer)."""


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
_WEIGHED_APART: Final = 5
"""From this many groups on, a weighted programme deals the refuters apart (`_sweep_weighed`):
on fewer, one weighed sweep costs less than the merged sub-programmes (measured)."""


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

    def count(self, *, weighted: bool) -> tuple[_Result, int]:
        """The counts, and the scale they are multiplied by (1 unless weighted).

        Weighted, a card shown to me by a refuter asked about ``m`` other cards weighs a
        deal by 1/(1 + how many of them the refuter holds); every weight is multiplied
        by lcm(1, ..., m + 1), so that every count stays an integer (exact and fast).
        """
        ones = tuple((p, c) for p, c, kind in self.clauses if kind == _Clause.ONE_OF)
        weighs = tuple((p, c) for p, c, kind in self.clauses if kind == _Clause.WEIGH)
        if not weighted:
            weighs = ()
        scale = math.prod(_lcm_upto(len(cards) + 1) for _, cards in weighs)
        kernel = _kernel(self.players, self.sizes, self.deck)
        result = _split(
            kernel, kernel.columns(self.allowed), kernel.clauses(ones), weighs, self.excluded
        )
        return result, scale

    def certainties(
        self, book: Notebook, result: _Result, *, reasons: bool = True
    ) -> tuple[Certainty, ...]:
        """Every card whose place ``result`` makes certain (with reasons if ``reasons``)."""
        explained = _explain(self) if reasons else {}
        found = []
        for card in _cards(self.deck):
            for owner in (*self.players, ENVELOPE):
                if result.cards.get((card, owner), 0) == result.total:
                    if reasons:
                        why = explained.get(card) or (_by_contradiction(book, card, owner),)
                    else:
                        why = ()
                    found.append(Certainty(card, owner, why))
        return tuple(found)


def _by_contradiction(book: Notebook, card: str, owner: str) -> str:
    """Why ``card`` is certainly ``owner``'s when no propagation rule says so.

    Supposing it is not, the facts clash: the reason names facts that cannot all be
    true with the supposition (narrowed with the propagation rules when they see the
    clash, else with satisfiability checks).
    """
    supposed = Fact(FactKind.LACKS, owner, (card,), "supposed")
    facts = (*book.facts, supposed)
    conflict = None
    if _refuted(book, facts):
        conflict = _conflict(facts, lambda some: _refuted(book, some))
    if conflict is None:
        conflict = _conflict(facts, lambda some: _clashes(book, some))
    assert conflict is not None  # satisfiability is monotone
    named = [f for f in conflict if f is not supposed]
    where = _where(card, owner)
    if not named:
        return f"the deck leaves no other place for {card}: so {where}"
    if owner == ENVELOPE:
        suppose = f"{card} were not in the envelope"
    else:
        suppose = f"{owner} did not hold {card}"
    words = "; ".join(_said(f) for f in named)
    return f"if {suppose}, these facts could not all be true: {words}: so {where}"


_Clauses: TypeAlias = tuple[tuple[str, frozenset[str]], ...]
"""(player, cards) pairs: "holds at least one of", or (weighted) "showed me one of the others"."""


@functools.lru_cache(maxsize=8192)
def _split(
    kernel: _Kernel,
    frozen: tuple[int, ...],
    clauses: _MaskClauses,
    weighs: _Clauses,
    excluded: frozenset[tuple[str, ...]],
) -> _Result:
    """Count with "holds one of" clauses, splitting on cards into disjoint cases.

    ``frozen`` holds the owners' columns (see `_Kernel`). A card of a "holds one of"
    clause splits the count in two: the player holds it, or not (each case
    propagated, which often settles other clauses). ``weighs`` (the weighted model: a
    refuter showed me a card, these are the other suggested cards) do not split: a
    settled one scales the count, an open one is weighed in the dynamic programme
    (see `_count`).
    """
    columns = list(frozen)
    if kernel.refuted(columns, clauses):
        return _EMPTY
    chosen = kernel.branch(columns, clauses)
    allowed = kernel.owners(columns) if chosen is None else {}
    if chosen is None:
        # Weighed cards are weighed in the DP, which fills players' hands only: the
        # envelope's are split on.
        for player, cards in weighs:
            if player == ENVELOPE:
                open_cards = [
                    c for c in sorted(cards) if ENVELOPE in allowed[c] and len(allowed[c]) > 1
                ]
                if open_cards:
                    chosen = (len(kernel.sizes), 1 << kernel.card_index[open_cards[0]])
                    break
    if chosen is None:
        factor = 1
        leaf: list[tuple[str, tuple[str, ...], int, int]] = []
        for player, cards in weighs:
            scale = _lcm_upto(len(cards) + 1)
            held = sum(1 for c in cards if allowed[c] == {player})
            undecided = tuple(
                sorted(c for c in cards if player in allowed[c] and len(allowed[c]) > 1)
            )
            if undecided:
                leaf.append((player, undecided, held, scale))
            else:
                factor *= scale // (1 + held)
        result = _count(kernel.players, kernel.sizes, allowed, excluded, kernel.deck, tuple(leaf))
        return result if factor == 1 else _scale(result, factor)
    who, bit = chosen
    holds = tuple(column if o == who else column & ~bit for o, column in enumerate(columns))
    columns[who] &= ~bit
    return _merge(
        _split(kernel, case, clauses, weighs, excluded) for case in (holds, tuple(columns))
    )


@functools.cache
def _lcm_upto(n: int) -> int:
    return math.lcm(*range(1, n + 1))


def _scale(result: _Result, factor: int) -> _Result:
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
    weighs: tuple[tuple[str, tuple[str, ...], int, int], ...] = (),
) -> _Result:
    """Count deals with no open clauses: envelope choices times a DP over the players.

    Envelope candidates are grouped by who else may hold them: the count of the rest of
    the deal depends only on those groups, so one DP serves every envelope of a group choice.
    ``weighs`` (player, undecided cards, cards of the clause already held, scale) weigh
    each deal by scale/(1 + cards of the clause the player holds): the undecided cards
    are grouped apart, by the clauses they are in, so the DP sees how many of them the
    player takes.
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
    # A weighed card's group also says which clauses it is in: the weights depend only
    # on how many cards of each clause a player takes, so such cards stay interchangeable.
    clauses_of: dict[str, list[str]] = {}
    for number, (_, cards, _, _) in enumerate(weighs):
        for card in cards:
            clauses_of.setdefault(card, []).append(str(number))
    key_of = {
        c: f"{_key(allowed[c])}{_MARK}{','.join(clauses_of[c])}"
        if c in clauses_of
        else _key(allowed[c])
        for c in free
    }
    weights = tuple(
        (player, tuple(sorted({key_of[c] for c in cards})), held, scale)
        for player, cards, held, scale in weighs
    )
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
            deals, per_group = _deal_players(players, capacity, sizes_left, weights)
            combos[combo] = (deals, per_group, sizes_left)
        return combos[combo]

    # A free card's deals with a player: its group's per-card share, once for each
    # envelope of a group choice (``base``, per group), less the envelopes that hold
    # the card itself (``held_back``, per card).
    base: dict[tuple[str, str], int] = {}
    held_back: dict[tuple[str, str], int] = {}

    def share_out(
        per_group: dict[str, dict[str, int]],
        sizes_left: dict[str, int],
        times: int,
        without: Mapping[str, int],
    ) -> None:
        """Count each free card ``times`` (``without[card]`` fewer) with its group's share."""
        for key, got in per_group.items():
            left = sizes_left[key]
            for player, allocated in got.items():
                share = allocated // left  # exact: the cards of a group are interchangeable
                base[key, player] = base.get((key, player), 0) + share * times
        for card, fewer in without.items():
            key = key_of[card]
            left = sizes_left[key]
            for player, allocated in per_group.get(key, {}).items():
                share = (allocated // left) * fewer
                held_back[card, player] = held_back.get((card, player), 0) + share

    in_envelope: dict[str, int] = {}
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
        without: dict[str, int] = {}
        for members in groups:
            others = n // len(members)  # the envelopes of this choice holding a given card
            for card in members:
                in_envelope[card] = in_envelope.get(card, 0) + deals * others
                if card in key_of:
                    without[card] = others
        share_out(per_group, sizes_left, n, without)
    for envelope in excluded:
        if envelope not in triples:
            continue
        combo = tuple("" if c in placed else key_of[c] for c in envelope)
        deals, per_group, sizes_left = solve_combo(combo)
        total -= deals
        del triples[envelope]
        for card in envelope:
            in_envelope[card] -= deals
        share_out(per_group, sizes_left, -1, {c: -1 for c in envelope if c in key_of})
    cards_count: dict[tuple[str, str], int] = {
        (card, ENVELOPE): count for card, count in in_envelope.items() if count
    }
    for (key, player), amount in base.items():
        for card in free_keys[key]:
            count = amount - held_back.get((card, player), 0)
            if count:
                cards_count[card, player] = count
    for card, owner in placed.items():
        if owner != ENVELOPE:
            cards_count[card, owner] = total
    return _Result(total, cards_count, dict(triples))


def _key(owners: set[str]) -> str:
    return _SEPARATOR.join(sorted(o for o in owners if o != ENVELOPE))


_Weights: TypeAlias = tuple[tuple[str, tuple[str, ...], int, int], ...]
"""Weighted clauses for the DP: (player, group keys, cards already held, scale)."""


def _deal_players(
    players: tuple[str, ...],
    capacity: Mapping[str, int],
    rest: Mapping[str, int],
    weights: _Weights = (),
) -> tuple[int, dict[str, dict[str, int]]]:
    """Deals of the cards left to the players, hands filled exactly.

    ``rest`` gives, for each key of the players allowed to hold a card, how many of
    the cards left have it.
    Returns the number of deals and, per key, the total number of that group's cards
    each player receives, summed over all deals. With ``weights``, each deal counts
    scale/(1 + held + cards of the groups the player takes) for each weighted clause.
    """
    rest_sorted = tuple(sorted((key, n) for key, n in rest.items() if n))
    if weights:
        present = {key for key, _ in rest_sorted}
        weights = tuple(
            (player, tuple(k for k in keys if k in present), held, scale)
            for player, keys, held, scale in weights
        )
    # A player with no room left takes nothing: no layer of the DP (unless weighed).
    # The weighed players come first (see `_sweep_weighed`).
    weighed = {player for player, _, _, _ in weights}
    filling = tuple(p for p in players if p in weighed) + tuple(
        p for p in players if capacity[p] and p not in weighed
    )
    return _deal_players_cached(filling, tuple(capacity[p] for p in filling), rest_sorted, weights)


class _Weighed:
    """A player's moves (see `_Options`), each multiplied by the player's clause weights."""

    __slots__ = ("_cache", "clauses", "options")

    def __init__(self, options: _Options, clauses: list[tuple[frozenset[int], int, int]]) -> None:
        self.options = options
        self.clauses = clauses
        self._cache: dict[tuple[int, ...], tuple[_Move, ...]] = {}

    def __call__(self, state: tuple[int, ...]) -> tuple[_Move, ...]:
        found = self._cache.get(state)
        if found is None:
            moves = []
            for taken, after, ways in self.options(state):
                for groups, held, scale in self.clauses:
                    ways *= scale // (1 + held + sum(t for g, t in taken if g in groups))
                moves.append((taken, after, ways))
            found = self._cache[state] = tuple(moves)
        return found


@functools.lru_cache(maxsize=65536)
def _deal_players_cached(
    players: tuple[str, ...],
    capacities: tuple[int, ...],
    rest: tuple[tuple[str, int], ...],
    weights: _Weights,
) -> tuple[int, dict[str, dict[str, int]]]:
    keys = tuple(key for key, _ in rest)  # sorted, each once
    start = tuple(n for _, n in rest)
    per_group: dict[str, dict[str, int]] = {k: {} for k in keys}
    if sum(start) != sum(capacities) or min(capacities, default=0) < 0:
        return 0, per_group
    if weights and len(keys) >= _WEIGHED_APART:
        total, received = _sweep_weighed(players, capacities, keys, start, weights)
    else:
        total, _, received = _sweep(players, capacities, keys, {start: 1}, weights)
    if total == 0:
        return 0, per_group
    for i, player in enumerate(players):
        for g, amount in enumerate(received[i]):
            if amount:
                per_group[keys[g]][player] = amount
    return total, per_group


def _sweep_weighed(
    players: tuple[str, ...],
    capacities: tuple[int, ...],
    keys: tuple[str, ...],
    start: tuple[int, ...],
    weights: _Weights,
) -> tuple[int, list[list[int]]]:
    """`_sweep` with weights: the first weighed player apart, then the others.

    The weighed players (those who showed me a card) come first in ``players``. The
    first takes its cards from the groups as marked by all the clauses. After it the
    marks of its own clauses no longer matter: the cards left are merged into the
    groups marked by the other players' clauses only, and the other players' deals
    are counted, once for each merged state, by `_deal_players_cached` (cached and
    shared: weighted, the next weighed player apart in turn; unweighted after the
    last). Each merged group's cards are shared among the groups merged into it in
    proportion to the cards each has left (they are interchangeable from there on).
    """
    first = players[0]
    (options,) = _moves(players[:1], capacities[:1], keys, weights)
    moves = options(start)  # from the one starting state
    ends: dict[tuple[int, ...], int] = {}  # the ways to leave each state
    for _, after, count in moves:
        ends[after] = ends.get(after, 0) + count
    others = tuple(
        p
        for p, cap in zip(players[1:], capacities[1:], strict=True)
        if cap or any(who == p for who, _, _, _ in weights)
    )
    caps = tuple(cap for p, cap in zip(players, capacities, strict=True) if p in others)
    column = {p: i for i, p in enumerate(players)}

    def unmark(key: str) -> str:
        base, _, marks = key.partition(_MARK)
        kept = [m for m in marks.split(",") if m and weights[int(m)][0] != first]
        return f"{base}{_MARK}{','.join(kept)}" if kept else base

    later = [unmark(k) for k in keys]
    bases = sorted(set(later))
    base_of = [bases.index(k) for k in later]
    rest_weights = tuple(
        (who, tuple(sorted({unmark(k) for k in clause_keys})), held, scale)
        for who, clause_keys, held, scale in weights
    )
    weighed_later = any(who in others for who, _, _, _ in weights)
    # The states it leaves, by the merged group sizes.
    by_merged: dict[tuple[int, ...], list[tuple[int, ...]]] = {}
    for left in ends:
        merged = [0] * len(bases)
        for g, n in enumerate(left):
            merged[base_of[g]] += n
        by_merged.setdefault(tuple(merged), []).append(left)
    received = [[0] * len(keys) for _ in players]  # player -> group -> cards, over all deals
    backward: dict[tuple[int, ...], int] = {}
    total = 0
    for merged_sizes, states in by_merged.items():
        rest = tuple((b, n) for b, n in zip(bases, merged_sizes, strict=True) if n)
        present = {b for b, _ in rest}
        # (the clauses keep their places: a mark is a clause's place in ``weights``)
        sub_weights = (
            tuple(
                (who, tuple(k for k in clause_keys if k in present and who != first), held, scale)
                for who, clause_keys, held, scale in rest_weights
            )
            if weighed_later
            else ()
        )
        deals, per_group = _deal_players_cached(others, caps, rest, sub_weights)
        if not deals:
            continue
        # the ways to reach these states, times the cards each marked group has left
        held = [0] * len(keys)
        for left in states:
            ways = ends[left]
            backward[left] = deals
            total += ways * deals
            for g, n in enumerate(left):
                if n:
                    held[g] += ways * n
        for g, amount in enumerate(held):
            if amount:
                b = base_of[g]
                size = merged_sizes[b]
                for player, got in per_group[bases[b]].items():
                    received[column[player]][g] += amount * (got // size)
    mine = received[0]
    for taken, after, ways in moves:
        rest_ways = backward.get(after)
        if rest_ways:
            for g, t in taken:
                mine[g] += ways * rest_ways * t
    return total, received


def _moves(
    players: tuple[str, ...],
    capacities: tuple[int, ...],
    keys: tuple[str, ...],
    weights: _Weights,
) -> list[Callable[[tuple[int, ...]], tuple[_Move, ...]]]:
    """Each player's moves (see `_Options`), weighed by the player's clauses (`_Weighed`)."""
    allowed_in = [frozenset(k.split(_MARK, 1)[0].split(_SEPARATOR)) for k in keys]
    moves: list[Callable[[tuple[int, ...]], tuple[_Move, ...]]] = [
        _allocations(tuple(i for i, owners in enumerate(allowed_in) if p in owners), cap)
        for p, cap in zip(players, capacities, strict=True)
    ]
    index = {k: i for i, k in enumerate(keys)}
    for i, player in enumerate(players):
        weighed = [
            (frozenset(index[k] for k in clause_keys if k in index), held, scale)
            for who, clause_keys, held, scale in weights
            if who == player
        ]
        if weighed:
            options = moves[i]
            assert isinstance(options, _Options)
            moves[i] = _Weighed(options, weighed)
    return moves


def _sweep(
    players: tuple[str, ...],
    capacities: tuple[int, ...],
    keys: tuple[str, ...],
    first: dict[tuple[int, ...], int],
    weights: _Weights,
) -> tuple[int, dict[tuple[int, ...], int], list[list[int]]]:
    """The forward-backward DP: fill the players' hands one after the other.

    The state is the number of cards left in each group; ``first`` gives the ways to
    reach each starting state. Returns the number of deals (summed over the starting
    states, with their ways), the deals from each starting state, and, per player and
    group, the group's cards the player receives summed over all deals.
    """
    moves = _moves(players, capacities, keys, weights)
    # Forward: ways to fill the first players, by the group sizes still to deal.
    forward: list[dict[tuple[int, ...], int]] = [first]
    for i in range(len(players)):
        step: dict[tuple[int, ...], int] = {}
        for state, ways in forward[-1].items():
            for _, after, count in moves[i](state):
                step[after] = step.get(after, 0) + ways * count
        forward.append(step)
    zero = tuple(0 for _ in keys)
    total = forward[-1].get(zero, 0)
    if total == 0:
        return 0, {}, []
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
    return total, backward, received


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
        groups = [g for g in self.usable if state[g]]
        # cards left in groups[i:], to stop early when they cannot fill the hand
        suffix = [0] * (len(groups) + 1)
        for i in range(len(groups) - 1, -1, -1):
            suffix[i] = suffix[i + 1] + state[groups[i]]
        result: list[_Move] = []

        def fill(index: int, left: int, pairs: tuple[tuple[int, int], ...], ways: int) -> None:
            if left == 0:
                after = list(state)
                for g, t in pairs:
                    after[g] -= t
                result.append((pairs, tuple(after), ways))
                return
            if suffix[index] < left:
                return
            g = groups[index]
            fill(index + 1, left, pairs, ways)
            for t in range(1, min(left, state[g]) + 1):
                fill(index + 1, left - t, (*pairs, (g, t)), ways * math.comb(state[g], t))

        if self.amount >= 0:
            fill(0, self.amount, (), 1)
        return tuple(result)


@functools.lru_cache(maxsize=4096)
def _allocations(usable: tuple[int, ...], amount: int) -> _Options:
    return _Options(usable, amount)


# ----- explanations ----------------------------------------------------------------------------


def _said(fact: Fact) -> str:
    """A fact and its source, in words, saying the fact once.

    A source that already starts with the fact's text (``"Ben showed me Stupefy
    (suggestion 5 by Ann)"``) is said alone; any other follows the fact in brackets.
    """
    text, source = fact.text, fact.source
    if not source or source == text:
        return text
    if source.startswith(f"{text} ("):
        return source
    return f"{text} ({source})"


def _where(card: str, owner: str) -> str:
    return f"{card} is in the envelope" if owner == ENVELOPE else f"{card} is held by {owner}"


def _explain(problem: _Problem) -> dict[str, tuple[str, ...]]:
    """Reasons for what the propagation rules force, card by card, in words.

    Each reason is a fact (with its source) or a step; a card's reasons end with the
    step or fact that places it ("...: so X is held by Cat").
    """
    owners = {*problem.players, ENVELOPE}
    cards = _cards(problem.deck)
    allowed = {card: set(owners) for card in cards}
    why: dict[str, list[str]] = {card: [] for card in cards}

    def discard(card: str, owner: str, reason: str) -> None:
        allowed[card].discard(owner)
        why[card].append(reason)
        if len(allowed[card]) == 1:
            (only,) = allowed[card]
            why[card].append(f"no other place is left for {card}: so {_where(card, only)}")

    def place(card: str, owner: str, reason: str) -> None:
        allowed[card] = {owner}
        why[card].append(f"{reason}: so {_where(card, owner)}")

    for fact in problem.facts:
        if fact.kind in (FactKind.HOLDS, FactKind.SHOWN):
            if allowed[fact.cards[0]] != {fact.owner}:  # a second sighting adds nothing
                allowed[fact.cards[0]] &= {fact.owner}
                why[fact.cards[0]].append(_said(fact))
        elif fact.kind == FactKind.LACKS:
            for card in fact.cards:
                if fact.owner in allowed[card] and len(allowed[card]) > 1:
                    discard(card, fact.owner, _said(fact))
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
                        discard(card, player, f"{player}'s {size} cards are all known")
                        changed = True
            elif len(maybe) == size and len(mine) < len(maybe):
                for card in maybe:
                    if allowed[card] != {player}:
                        place(
                            card, player, f"only {size} cards can be {player}'s, who holds {size}"
                        )
                        changed = True
        for kind, group in problem.deck:
            could = [c for c in group if ENVELOPE in allowed[c]]
            if len(could) == 1 and allowed[could[0]] != {ENVELOPE}:
                place(could[0], ENVELOPE, f"every other {kind} is held by a player")
                changed = True
            fixed = [c for c in group if allowed[c] == {ENVELOPE}]
            if fixed:
                for card in could:
                    if card != fixed[0]:
                        discard(card, ENVELOPE, f"the envelope's {kind} is {fixed[0]}")
                        changed = True
        for fact in clauses:
            possible = [c for c in fact.cards if fact.owner in allowed[c]]
            if len(possible) == 1 and allowed[possible[0]] != {fact.owner}:
                card = possible[0]
                lacking = " or ".join(c for c in fact.cards if c != card)
                place(card, fact.owner, f"{_said(fact)}, not {lacking}" if lacking else _said(fact))
                changed = True
    return {card: tuple(reasons) for card, reasons in why.items() if len(allowed[card]) == 1}


def sample_deals(
    notebook: Notebook, n: int, rng: random.Random, *, weighted: bool = False
) -> tuple[Mapping[str, tuple[str, ...]], ...]:
    """``n`` deals drawn independently and exactly uniformly among those the facts allow.

    The sampler lives in `hogwarts_rules.clue.sampling` (see `sampling.sample_deals`
    for the details; ``weighted``: by the weighted model's posterior), built on the
    exact counts of `Notebook.solve`.

    Raises:
        ContradictionError: no deal satisfies the facts.
        ValueError: ``n`` is negative.
    """
    from hogwarts_rules.clue.sampling import sample_deals as sample

    return sample(notebook, n, rng, weighted=weighted)
