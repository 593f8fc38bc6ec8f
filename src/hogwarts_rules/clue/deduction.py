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
then a dynamic programme deals the owners' hands one owner after the other, the
envelope first (one card of each category). The cards some owner's "holds one of"
fact or weighed refutation names are told apart; the others are counted in classes of
interchangeable cards (allowed to the same owners), with binomial ways. Each owner
takes every set of told cards its own facts allow (a clause is a filter on its own
hand, a weighed refutation a weight of it, in whole numbers: scaled, then divided once
at the end) and fills the rest of its hand from the classes. Once no later owner's
facts name a told card, it joins the class of the cards allowed to the same later
owners; a forward and a backward sweep give every count, and one more forward sweep
gives the merged cards their own. A card many of one player's open facts name is split
on first (the player holds it, or not); and where the programme's work would explode
(hands that tell many cards apart), the count splits into cases on every such fact
instead, each counted by a programme over the players.

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
import itertools
import math
import operator
import random
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
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
        kinds = [kind for kind, _ in deck]
        if (
            len(set(cards)) != len(cards)
            or len(set(kinds)) != len(kinds)
            or any(not group for _, group in deck)
        ):
            raise RulesError(
                "bad_notebook",
                "every category needs cards, and no card or category name may repeat",
            )
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
    shortest first) fill the hand holds no other card. The counting runs after these
    rules (`_count`); naming a contradiction checks many subsets of the facts with
    them and with the exact search `satisfiable`.
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
        result = _count(
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


@functools.lru_cache(maxsize=256)
def _count(
    kernel: _Kernel,
    frozen: tuple[int, ...],
    clauses: _MaskClauses,
    weighs: _Clauses,
    excluded: frozenset[tuple[str, ...]],
) -> _Result:
    """Count the deals (weighted: times the weights' scale), each card's and each envelope's.

    ``frozen`` holds the owners' columns (see `_Kernel`), ``clauses`` the "holds one
    of" facts, ``weighs`` (the weighted model) the refuters who showed me a card with
    the other cards asked about. After propagation, a card that many of one owner's
    open facts name is split on (the owner holds it, or not: each case counted apart);
    then a programme deals the owners' hands one owner after the other (see
    `_Programme`), unless its work would be too much: then the count splits into cases
    on every fact (`_split`).
    """
    columns = list(frozen)
    if kernel.refuted(columns, clauses):
        return _EMPTY
    chosen = kernel.branch(columns, clauses)
    if chosen is not None and _naming(kernel, columns, clauses, *chosen) >= _SPLIT_FIRST:
        who, bit = chosen
        holds = tuple(column if o == who else column & ~bit for o, column in enumerate(columns))
        columns[who] &= ~bit
        return _merge(
            _count(kernel, case, clauses, weighs, excluded) for case in (holds, tuple(columns))
        )
    deal = _Deal(kernel, columns, clauses, weighs, excluded)
    order, work = deal.plan()
    if work <= _PROGRAMME_LIMIT:
        try:
            return _Programme(deal, order).run(_PROGRAMME_MOVES)
        except _TooMuchWork:
            pass
    return _split(kernel, tuple(columns), clauses, weighs, excluded)


class _TooMuchWork(Exception):
    """Internal: the programme gave up (see `_PROGRAMME_MOVES`)."""


_SPLIT_FIRST: Final = 3
"""A card that this many of one owner's open "holds one of" facts name is split on before
the programme counts (holding it settles them all; the programme would tell apart every
card of every one of them)."""


def _naming(kernel: _Kernel, columns: _Columns, clauses: _MaskClauses, who: int, bit: int) -> int:
    """How many of ``who``'s open "holds one of" facts name the card ``bit``."""
    others = 0
    for owner, column in enumerate(columns):
        if owner != who:
            others |= column
    count = 0
    for owner, mask in clauses:
        if owner == who and mask & bit:
            possible = mask & columns[who]
            if not possible & ~others:  # not met already by a card only ``who`` may hold
                count += 1
    return count


@functools.cache
def _lcm_upto(n: int) -> int:
    return math.lcm(*range(1, n + 1))


def _bits(mask: int) -> Iterator[int]:
    """The indices of the bits set in ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        mask ^= low
        yield low.bit_length() - 1


_PROGRAMME_LIMIT: Final = 3_000_000
"""Above this estimated work (`_Deal.plan`), the count splits into cases instead (a hand
with many cards told apart, as in a game for three with many "holds one of" facts)."""

_PROGRAMME_MOVES: Final = 200_000
"""The programme gives up past this many moves in its forward sweep (the hardest of 500
five-player histories need far fewer), and the count splits into cases instead."""

_ORDERS_TRIED: Final = 6
"""Up to this many players who tell cards apart, `_Deal.order` prices every order of them
(720 at most); beyond, it picks them one at a time."""


def _hands(available: int, room: int) -> int:
    """How many ways to take at most ``room`` of ``available`` cards (the estimate's unit)."""
    return sum(math.comb(available, j) for j in range(min(available, room) + 1))


class _Deal:
    """What is left to deal once the propagation rules have run, in the programme's terms.

    Cards with one possible owner are placed. A free card is *told apart* when an open
    "holds one of" fact or a weighed refuter's fact names it, or an excluded envelope
    holds it: it gets a bit of its own in the programme's state (``told``, in the
    order of the deck). The other free cards fall into classes of cards allowed to the
    same owners (and, for the envelope's candidates, of the same category): the cards
    of a class are interchangeable in every fact, so the state only counts how many
    are left. Every told card is a class of one as well, used once it stops being
    told apart (see `_Programme`).
    """

    def __init__(
        self,
        kernel: _Kernel,
        columns: _Columns,
        clauses: _MaskClauses,
        weighs: _Clauses,
        excluded: frozenset[tuple[str, ...]],
    ) -> None:
        self.kernel = kernel
        self.columns = columns
        players = len(kernel.sizes)
        self.envelope = env = players
        owners_of: list[tuple[int, ...]] = []
        placed = [0] * (players + 1)  # per owner, the cards only it may hold
        for card in range(len(kernel.cards)):
            owners = tuple(o for o in range(players + 1) if columns[o] >> card & 1)
            owners_of.append(owners)
            if len(owners) == 1:
                placed[owners[0]] |= 1 << card
        self.owners_of = owners_of
        self.placed = placed
        self.room = [kernel.sizes[p] - placed[p].bit_count() for p in range(players)]
        free = kernel.every & ~functools.reduce(operator.or_, placed, 0)
        # "holds one of" facts not yet met by a placed card, each as its possible cards
        open_clauses = [
            (who, mask & columns[who]) for who, mask in clauses if not mask & placed[who]
        ]
        # weighed refuters: (owner, undecided cards, cards held already, scale)
        self.factor = 1
        weighed: list[tuple[int, int, int, int]] = []
        index = {name: i for i, name in enumerate(kernel.names)}
        for name, asked in weighs:
            who = index[name]
            scale = _lcm_upto(len(asked) + 1)
            held = undecided = 0
            for card_name in asked:
                bit = 1 << kernel.card_index[card_name]
                if placed[who] & bit:
                    held += 1
                elif columns[who] & bit:
                    undecided |= bit
            if undecided:
                weighed.append((who, undecided, held, scale))
            else:
                self.factor *= scale // (1 + held)
        self.category = category = [0] * len(kernel.cards)
        for k, group in enumerate(kernel.categories):
            for card in _bits(group):
                category[card] = k
        self.fixed = {  # the envelope's placed card, per category
            k: (group & placed[env]).bit_length() - 1
            for k, group in enumerate(kernel.categories)
            if group & placed[env]
        }
        told = 0
        for _, mask in open_clauses:
            told |= mask
        for _, undecided, _, _ in weighed:
            told |= undecided
        self.excluded = {tuple(kernel.card_index[c] for c in triple) for triple in excluded}
        for triple in self.excluded:
            if all(columns[env] >> card & 1 for card in triple):
                for card in triple:
                    told |= 1 << card
        told &= free
        self.told_mask = told
        self.told = told_cards = list(_bits(told))
        local = {card: j for j, card in enumerate(told_cards)}
        self.local = local
        # classes: the interchangeable free cards, then one per told card
        keyed: dict[tuple[tuple[int, ...], int], list[int]] = {}
        for card in _bits(free & ~told):
            owners = owners_of[card]
            keyed.setdefault((owners, category[card] if env in owners else -1), []).append(card)
        self.groups = len(keyed)
        self.members: list[tuple[int, ...]] = [tuple(cards) for cards in keyed.values()]
        self.members += [(card,) for card in told_cards]
        self.class_owners = [owners_of[cards[0]] for cards in self.members]
        width = max(1, free.bit_count().bit_length())
        self.field = (1 << width) - 1
        self.shift = [len(told_cards) + width * x for x in range(len(self.members))]
        start = (1 << len(told_cards)) - 1
        for x in range(self.groups):
            start += len(self.members[x]) << self.shift[x]
        self.start = start
        self.clauses_of: list[list[int]] = [[] for _ in range(players + 1)]
        for who, mask in open_clauses:
            self.clauses_of[who].append(self.to_local(mask))
        self.weights_of: list[list[tuple[int, int, int]]] = [[] for _ in range(players + 1)]
        for who, undecided, held, scale in weighed:
            self.weights_of[who].append((self.to_local(undecided), held, scale))

    def to_local(self, mask: int) -> int:
        """``mask`` (over the deck) as bits of the told cards."""
        out = 0
        for card in _bits(mask):
            out |= 1 << self.local[card]
        return out

    def order(self) -> list[int]:
        """The owners in the order the programme deals them (see `plan`)."""
        return self.plan()[0]

    def plan(self) -> tuple[list[int], int]:
        """The owners in the order the programme deals them, and its estimated work.

        The envelope first, then the players who tell cards apart in the order the work
        estimate finds cheapest (the states before a player at most 2 to the number of
        cards still told apart, times its ways to take told cards), then the others in
        seat order.
        """
        env = self.envelope
        players = [
            p for p in range(env) if self.room[p] > 0 or self.clauses_of[p] or self.weights_of[p]
        ]
        uses = {p: self.uses(p) for p in players}
        telling = [p for p in players if uses[p]]
        rest = [p for p in players if not uses[p]]
        mine = {p: self.to_local(self.columns[p] & self.told_mask) for p in telling}
        first = 1  # the envelope's ways to take told cards (an estimate of the states after it)
        for k, group in enumerate(self.kernel.categories):
            if k not in self.fixed:
                first *= sum(1 for card in self.told if group >> card & 1) + 1

        def cost(perm: Sequence[int]) -> int:
            later = [0] * (len(perm) + 1)
            for i in range(len(perm) - 1, -1, -1):
                later[i] = later[i + 1] | uses[perm[i]]
            work = 0
            for i, p in enumerate(perm):
                states = first if i == 0 else 1 << later[i].bit_count()
                work += states * _hands((mine[p] & later[i]).bit_count(), self.room[p])
            return work

        if len(telling) <= _ORDERS_TRIED:
            chosen = min(itertools.permutations(telling), key=cost, default=())
        else:  # (a notebook for many players) one at a time, the cheapest next
            chosen = ()
            while len(chosen) < len(telling):
                left = [p for p in telling if p not in chosen]
                chosen = min(((*chosen, p, *(q for q in left if q != p)) for p in left), key=cost)[
                    : len(chosen) + 1
                ]
        return [env, *chosen, *rest], cost(chosen)

    def uses(self, owner: int) -> int:
        """The told cards ``owner``'s own facts name (its clauses, its weighed refutations)."""
        used = 0
        for mask in self.clauses_of[owner]:
            used |= mask
        for mask, _, _ in self.weights_of[owner]:
            used |= mask
        return used


# (its cards as a number to subtract from the state, in the next layer's layout; its
# weight (ways times the weighed refuters' weight); its index in the layer's table)
_Part: TypeAlias = tuple[int, int, int]
# a move's told cards (as `_Part`) with the ways to fill the rest of the hand from classes
_Moves: TypeAlias = tuple[int, list[tuple[int, int, int, list[_Part]]]]


class _Layer:
    """One owner's moves in the programme, memoised: its told cards, then class cards.

    A move from a state takes a set of the told cards left (each set meeting the
    owner's "holds one of" facts, weighed by its refutations) and fills the rest of
    the hand from the classes left (binomial ways). Every part carries the index of
    what it takes (``told_taken``, ``class_taken``) so that the backward sweep adds
    its counts up per part, and the state it leaves already converted (see
    `_Programme.convert`), so the sweeps only subtract and look up.
    """

    def __init__(
        self,
        deal: _Deal,
        owner: int,
        told: int,
        allowed: list[int],
        convert: Callable[[int], int] | None,
    ) -> None:
        self.deal = deal
        self.owner = owner
        self.convert = convert
        self.told_taken: list[int] = []  # per part index: the told cards taken
        self.class_taken: list[tuple[tuple[int, int], ...]] = []  # (class, cards) taken
        self.memo: dict[int, _Moves] = {}
        self.mine = (
            deal.to_local(deal.columns[owner] & deal.told_mask) & told
            if owner < deal.envelope
            else 0
        )
        self.allowed = allowed
        self.class_mask = 0
        for x in allowed:
            self.class_mask |= deal.field << deal.shift[x]
        self.room = deal.room[owner] if owner < deal.envelope else 0
        self._sets: dict[int, list[tuple[int, int, int, int]]] = {}
        self._fills: dict[int, dict[int, list[_Part]]] = {}  # class counts -> amount -> fills

    def moves(self, state: int) -> _Moves:
        """The state converted, and each set of told cards with its ways to fill the hand."""
        found = self.memo.get(state)
        if found is None:
            convert = self.convert
            counts = state & self.class_mask
            room = self.room
            by_amount = self._fills.get(counts)  # the fills from these counts, by amount
            if by_amount is None:
                by_amount = self._fills[counts] = {}
            moves = []
            for cards, weight, size, part in self.sets(state & self.mine):
                fills = by_amount.get(room - size)
                if fills is None:
                    fills = by_amount[room - size] = self.fills(counts, room - size)
                moves.append((cards, weight, part, fills))
            found = (convert(state) if convert else state, moves)
            self.memo[state] = found
        return found

    def sets(self, available: int) -> list[tuple[int, int, int, int]]:
        """The sets of told cards the owner may take from ``available``.

        Each as (cards to subtract, weight, size, part index), meeting the owner's clauses.
        """
        found = self._sets.get(available)
        if found is not None:
            return found
        if available != self.mine:  # those of the whole list that fit
            outside = self.mine & ~available
            taken = self.told_taken
            found = [s for s in self.sets(self.mine) if not taken[s[3]] & outside]
            self._sets[available] = found
            return found
        deal = self.deal
        clauses = deal.clauses_of[self.owner]
        weights = deal.weights_of[self.owner]
        convert = self.convert
        cards = [1 << j for j in _bits(available)]
        found = []

        def choose(i: int, chosen: int, size: int) -> None:
            if i == len(cards):
                if all(chosen & clause for clause in clauses):
                    weight = 1
                    for mask, held, scale in weights:
                        weight *= scale // (1 + held + (chosen & mask).bit_count())
                    found.append(
                        (convert(chosen) if convert else chosen, weight, size, len(self.told_taken))
                    )
                    self.told_taken.append(chosen)
                return
            choose(i + 1, chosen, size)
            if size < self.room:
                choose(i + 1, chosen | cards[i], size + 1)

        choose(0, 0, 0)
        self._sets[available] = found
        return found

    def fills(self, counts: int, amount: int) -> list[_Part]:
        """The ways to take ``amount`` cards from the classes whose counts are ``counts``.

        (`moves` keeps them, per counts and amount.)
        """
        deal = self.deal
        shift, field, convert = deal.shift, deal.field, self.convert
        left = [(x, counts >> shift[x] & field) for x in self.allowed]
        left = [(x, n) for x, n in left if n]
        found = []

        def fill(
            i: int, amount: int, delta: int, ways: int, taken: tuple[tuple[int, int], ...]
        ) -> None:
            if amount == 0:
                found.append((convert(delta) if convert else delta, ways, len(self.class_taken)))
                self.class_taken.append(taken)
                return
            if i == len(left):
                return
            x, n = left[i]
            fill(i + 1, amount, delta, ways, taken)
            for t in range(1, min(amount, n) + 1):
                fill(
                    i + 1,
                    amount - t,
                    delta + (t << shift[x]),
                    ways * math.comb(n, t),
                    (*taken, (x, t)),
                )

        fill(0, amount, 0, 1, ())
        return found


class _Programme:
    """The deals counted by dealing the owners' hands one owner after the other.

    The state after some owners have taken their hands is a number: one bit per told
    card still to deal, and the count of each class's cards still to deal. Each owner
    in turn (see `_Deal.order`; the envelope first, which takes one card of each
    category) takes every set of told cards its facts allow and fills its hand from the
    classes, with binomial ways; a forward sweep counts the ways to reach each state and
    a backward sweep the ways to finish from it, and together they give each card's
    count with each owner and each envelope's.

    Once no later owner's facts name a told card, it stops being told apart: it joins
    the class of the cards allowed to the same later owners, and classes allowed to the
    same later owners merge (far fewer states). Cards merged so have different pasts,
    so their own counts come from one more forward sweep that follows, for each class
    in a merged class, the ways to reach each state with that class's cards still there
    (`_Programme.merged_counts`).
    """

    def __init__(self, deal: _Deal, order: Sequence[int] = (), *, merge: bool = True) -> None:
        """Set the programme up; ``order`` and ``merge=False`` are for tests (the same counts)."""
        self.deal = deal
        self.order = order = list(order) or deal.order()
        told = len(deal.told)
        layers = len(order)
        # The told cards still told apart before each owner: those a later owner's facts name.
        later = 0
        self.told_before = [0] * layers
        for i in range(layers - 1, -1, -1):
            later |= deal.uses(order[i])
            self.told_before[i] = later if i and merge else (1 << told) - 1
        # The classes before each owner: merged by their owners from that one on.
        self.groups: list[list[tuple[int, tuple[int, ...]]]] = []  # (representative, classes)
        for i in range(layers):
            if i == 0 or not merge:
                self.groups.append([(x, (x,)) for x in range(deal.groups)])
                continue
            owners = set(order[i:])
            keyed: dict[tuple[int, ...], list[int]] = {}
            untold = [deal.groups + j for j in range(told) if not self.told_before[i] >> j & 1]
            for x in [*range(deal.groups), *untold]:
                key = tuple(o for o in deal.class_owners[x] if o in owners)
                keyed.setdefault(key, []).append(x)
            self.groups.append([(min(xs), tuple(xs)) for xs in keyed.values()])
        self.representative = [{x: rep for rep, xs in groups for x in xs} for groups in self.groups]
        converts: list[Callable[[int], int] | None] = [None]
        for i in range(1, layers):
            converts.append(self.convert(i))
        converts.append(None)
        self.layers = [
            _Layer(
                deal,
                owner,
                self.told_before[i],
                [rep for rep, xs in self.groups[i] if owner in deal.class_owners[xs[0]]],
                converts[i + 1],
            )
            for i, owner in enumerate(order)
        ]
        self.envelope_moves()

    def convert(self, i: int) -> Callable[[int], int] | None:
        """The map from states after owner ``i - 1`` to owner ``i``'s layout, if any.

        Told cards no longer told apart go to their class's count, merged classes' counts
        to their representative's. The map is linear: it maps ``a - b`` to
        ``convert(a) - convert(b)`` (the moves convert their parts once).
        """
        deal = self.deal
        shift, field = deal.shift, deal.field
        drops = tuple(
            (1 << j, 1 << shift[self.representative[i][deal.groups + j]])
            for j in range(len(deal.told))
            if self.told_before[i - 1] >> j & 1 and not self.told_before[i] >> j & 1
        )
        moves = tuple(
            (shift[rep], shift[self.representative[i][rep]])
            for rep, _ in self.groups[i - 1]
            if self.representative[i][rep] != rep
        )
        if not drops and not moves:
            return None
        memo: dict[int, int] = {}

        def convert(state: int) -> int:
            found = memo.get(state)
            if found is None:
                found = state
                for bit, one in drops:
                    if found & bit:
                        found += one - bit
                for old, new in moves:
                    count = found >> old & field
                    if count:
                        found += (count << new) - (count << old)
                memo[state] = found
            return found

        return convert

    def envelope_moves(self) -> None:
        """The envelope's moves from the start.

        One card of each open category (a told card, or a class's), meeting its own
        facts, and no excluded envelope.
        """
        deal = self.deal
        env = deal.envelope
        layer = self.layers[0]
        options = []
        self.open = [k for k in range(len(deal.kernel.categories)) if k not in deal.fixed]
        for k in self.open:
            here: list[tuple[int, int, int, int]] = []  # (told bit, class, ways, card)
            for j, card in enumerate(deal.told):
                if deal.category[card] == k and deal.columns[env] >> card & 1:
                    here.append((1 << j, -1, 1, card))
            for x in range(deal.groups):
                cards = deal.members[x]
                if env in deal.class_owners[x] and deal.category[cards[0]] == k:
                    here.append((0, x, len(cards), -1))
            options.append(here)
        clauses = deal.clauses_of[env]
        weights = deal.weights_of[env]
        convert = layer.convert
        self.choices: list[tuple[tuple[tuple[int, int, int, int], ...], int]] = []
        moves = []
        for combo in product(*options):
            told = sum(bit for bit, _, _, _ in combo)
            if not all(told & clause for clause in clauses):
                continue
            if deal.excluded and all(card >= 0 for _, _, _, card in combo):
                chosen = dict(deal.fixed)
                chosen.update(
                    (k, card) for k, (_, _, _, card) in zip(self.open, combo, strict=True)
                )
                if tuple(chosen[k] for k in sorted(chosen)) in deal.excluded:
                    continue
            weight = 1  # the envelope's own weighed refutations (per card triple)
            for mask, held, scale in weights:
                weight *= scale // (1 + held + (told & mask).bit_count())
            ways = weight * math.prod(w for _, _, w, _ in combo)
            taken = tuple((x, 1) for _, x, _, _ in combo if x >= 0)
            delta = told + sum(1 << deal.shift[x] for x, _ in taken)
            part = len(layer.told_taken)
            layer.told_taken.append(told)
            layer.class_taken.append(taken)
            moves.append((convert(delta) if convert else delta, ways, part, [(0, 1, part)]))
            self.choices.append((combo, weight))
        start = deal.start
        layer.memo[start] = (convert(start) if convert else start, moves)

    def run(self, budget: int | None = None) -> _Result:
        """Sweep forward, backward, then follow the merged classes; the counts by name.

        Raises:
            _TooMuchWork: the forward sweep needs more than ``budget`` moves.
        """
        deal = self.deal
        forward = self.forward(budget)
        total = forward[-1].get(0, 0)
        if total == 0:
            return _EMPTY
        backward, counts = self.backward(forward)
        self.merged_counts(forward, backward, counts)
        kernel = deal.kernel
        cards, names, factor = kernel.cards, kernel.names, deal.factor
        result: dict[tuple[str, str], _Weight] = {}
        for (x, owner), value in counts.items():
            members = deal.members[x]
            share = value // len(members)  # exact: a class's cards are interchangeable
            if share:
                for card in members:
                    result[cards[card], names[owner]] = share * factor
        for owner, mask in enumerate(deal.placed):
            for card in _bits(mask):
                result[cards[card], names[owner]] = total * factor
        # the envelopes: every card triple of each envelope move deals the same number
        triples: dict[tuple[str, ...], _Weight] = {}
        after = backward[1]  # the envelope's moves lead to the states before the first player
        here, moves = self.layers[0].memo[deal.start]
        for (part, _, _, _), (combo, weight) in zip(moves, self.choices, strict=True):
            deals = after.get(here - part)
            if not deals:
                continue
            deals *= weight
            options: dict[int, tuple[int, ...]] = {k: (card,) for k, card in deal.fixed.items()}
            for k, (_, x, _, card) in zip(self.open, combo, strict=True):
                options[k] = (card,) if x < 0 else deal.members[x]
            for triple in product(*(options[k] for k in sorted(options))):
                triples[tuple(cards[c] for c in triple)] = deals * factor
        return _Result(total * factor, result, triples)

    def forward(self, budget: int | None = None) -> list[dict[int, int]]:
        """The ways to reach each state before each owner (and after the last).

        Raises:
            _TooMuchWork: more than ``budget`` moves (the sweeps' unit of work).
        """
        forward = [{self.deal.start: 1}]
        work = 0
        for layer in self.layers:
            step: dict[int, int] = {}
            get = step.get
            moves = layer.moves
            for state, ways in forward[-1].items():
                here, sets = moves(state)
                for cards, weight, _, fills in sets:
                    base = here - cards
                    reach = ways * weight
                    work += len(fills)
                    for part, times, _ in fills:
                        after = base - part
                        step[after] = get(after, 0) + reach * times
                if budget is not None and work > budget:
                    raise _TooMuchWork
            forward.append(step)
        return forward

    def backward(
        self, forward: list[dict[int, int]]
    ) -> tuple[list[dict[int, int]], dict[tuple[int, int], int]]:
        """The ways to finish from each state, and some counts per (class, owner).

        The counts of told cards and of classes not merged with another.
        """
        deal = self.deal
        backward: list[dict[int, int]] = [{} for _ in forward]
        backward[-1] = {0: 1}
        counts: dict[tuple[int, int], int] = {}
        for i in range(len(self.layers) - 1, -1, -1):
            layer = self.layers[i]
            owner = layer.owner
            after = backward[i + 1].get
            told_sums = [0] * len(layer.told_taken)
            class_sums = [0] * len(layer.class_taken)
            finish: dict[int, int] = {}
            for state, ways in forward[i].items():
                here, sets = layer.moves(state)
                total = 0
                for cards, weight, told_part, fills in sets:
                    base = here - cards
                    sub = 0
                    reach = ways * weight
                    for part, times, class_part in fills:
                        rest = after(base - part)
                        if rest:
                            deals = times * rest
                            sub += deals
                            class_sums[class_part] += reach * deals
                    if sub:
                        total += weight * sub
                        told_sums[told_part] += reach * sub
                if total:
                    finish[state] = total
            backward[i] = finish
            for part, value in enumerate(told_sums):
                if value:
                    for j in _bits(layer.told_taken[part]):
                        key = (deal.groups + j, owner)
                        counts[key] = counts.get(key, 0) + value
            alone = {rep for rep, xs in self.groups[i] if len(xs) == 1}
            for part, value in enumerate(class_sums):
                if value:
                    for x, taken in layer.class_taken[part]:
                        if x in alone:
                            counts[x, owner] = counts.get((x, owner), 0) + value * taken
        return backward, counts

    def merged_counts(
        self,
        forward: list[dict[int, int]],
        backward: list[dict[int, int]],
        counts: dict[tuple[int, int], int],
    ) -> None:
        """The counts of classes merged with others, per (class, owner), into ``counts``.

        For each class ``x`` in a merged class, ``ways[state][x]`` sums, over the ways to
        reach ``state``, how many of ``x``'s cards are still there. An owner taking ``t``
        of the merged class's ``n`` cards takes each of them in ``t/n`` of its ways (and
        leaves it in ``(n - t)/n``): exact, since the binomial ways are multiples of ``n``.
        """
        deal = self.deal
        shift, field = deal.shift, deal.field
        ways: dict[int, dict[int, int]] = {}
        merged_before: set[int] = set()
        for i in range(1, len(self.layers)):
            merged = {x: rep for rep, xs in self.groups[i] if len(xs) > 1 for x in xs}
            if not merged:
                continue
            new = [x for x in merged if x not in merged_before]
            merged_before.update(new)
            if new:  # start following them, from the states before the previous owner
                previous = self.layers[i - 1]
                told_before = self.told_before[i - 1]
                representative = self.representative[i - 1]
                finish = backward[i]
                # where each new class's count is read in the state: a told card's bit,
                # or (alone in its class before) the class's count
                where = [
                    (x, x - deal.groups, 1)
                    if x >= deal.groups and told_before >> (x - deal.groups) & 1
                    else (x, shift[representative[x]], field)
                    for x in new
                ]
                for state, reach in forward[i - 1].items():
                    here, sets = previous.moves(state)
                    for cards, weight, told_part, fills in sets:
                        base = here - cards
                        left = state - previous.told_taken[told_part]
                        for part, times, class_part in fills:
                            after = base - part
                            if after not in finish:
                                continue
                            rest = left
                            for x, t in previous.class_taken[class_part]:
                                rest -= t << shift[x]
                            row = ways.setdefault(after, {})
                            scaled = reach * weight * times
                            for x, at, width in where:
                                there = rest >> at & width
                                if there:
                                    row[x] = row.get(x, 0) + scaled * there
            layer = self.layers[i]
            owner = layer.owner
            after_get = backward[i + 1].get
            last = i + 1 == len(self.layers)
            following: dict[int, dict[int, int]] = {}
            taken_by: dict[int, dict[int, int]] = {}
            reps = set(merged.values())
            for state, row in ways.items():
                sizes = {rep: state >> shift[rep] & field for rep in reps}
                followed = [(x, value, merged[x]) for x, value in row.items()]
                # per merged class: the ways its cards are taken here (times how many)
                taken = dict.fromkeys(reps, 0)
                here, sets = layer.moves(state)
                for cards, weight, _, fills in sets:
                    base = here - cards
                    for part, times, class_part in fills:
                        after = base - part
                        finishing = after_get(after)
                        if not finishing:
                            continue
                        took = taken_by.get(class_part)
                        if took is None:
                            took = taken_by[class_part] = {
                                x: t for x, t in layer.class_taken[class_part] if x in reps
                            }
                        scaled = weight * times
                        for rep, t in took.items():
                            taken[rep] += scaled * finishing * t
                        if last:
                            continue
                        # each followed card stays in (size - t)/size of the ways (exact)
                        stays: dict[int, int] = {}
                        for rep, size in sizes.items():
                            t = took.get(rep, 0)
                            if t < size:
                                stays[rep] = scaled * (size - t) // size
                        out = following.get(after)
                        if out is None:
                            following[after] = {
                                x: value * stays[rep] for x, value, rep in followed if rep in stays
                            }
                        else:
                            for x, value, rep in followed:
                                if rep in stays:
                                    out[x] = out.get(x, 0) + value * stays[rep]
                for x, value, rep in followed:
                    if taken[rep]:
                        key = (x, owner)
                        counts[key] = counts.get(key, 0) + value * taken[rep] // sizes[rep]
            ways = following


# ----- counting by case splits (where the programme's estimate is too high) ----------------


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


_WEIGHED_APART: Final = 5
"""From this many groups on, a weighted programme deals the refuters apart (`_sweep_weighed`):
on fewer, one weighed sweep costs less than the merged sub-programmes (measured)."""


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
    (see `_count_leaf`).
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
        result = _count_leaf(
            kernel.players, kernel.sizes, allowed, excluded, kernel.deck, tuple(leaf)
        )
        return result if factor == 1 else _scale(result, factor)
    who, bit = chosen
    holds = tuple(column if o == who else column & ~bit for o, column in enumerate(columns))
    columns[who] &= ~bit
    return _merge(
        _split(kernel, case, clauses, weighs, excluded) for case in (holds, tuple(columns))
    )


def _scale(result: _Result, factor: int) -> _Result:
    return _Result(
        result.total * factor,
        {k: v * factor for k, v in result.cards.items()},
        {k: v * factor for k, v in result.triples.items()},
    )


def _count_leaf(
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
