"""A detective bot for Clue that plays from the exact deduction engine.

`DetectiveBot` sees only its player's `ClueView`, like the other bots. From the
view it builds a `Notebook` (`Notebook.from_view`: its hand, every pass, every card
shown to it, every card someone else showed, every wrong accusation) and solves it
exactly (`Notebook.solve`, without the reasons it never reads), once each time the view
says something new. Then:

- **moving**, it heads for the location most likely to be the envelope's: each
  location that may be in the envelope is worth its envelope probability, less
  ``step_cost`` (0.05) for each square between the move's end and that location;
  once it is ready to accuse, it heads for The Burrow;
- **suggesting**, it picks the suspect and item of best `DetectiveBot.expected_gain`:
  how much uncertainty about the three cards the answer is expected to remove,
  given who would be asked and what each refuter could show;
- **accusing**, in The Burrow, it names the solution once it is certain, or the most
  likely envelope once that is at least ``threshold`` likely: 1/2 by default, the
  best of the thresholds measured against `NotebookBot` (two detectives win 91.4% of
  1,000 four-player games against two notebook bots); with ``threshold=1`` it accuses only when
  certain, and so never wrongly;
- **refuting**, it shows a card it has already shown that suggester if it can, else
  a location (the largest category: one more location ruled out teaches least),
  else a card it has shown someone else, else the first card offered;
- on its way to The Burrow with the solution certain, it makes no suggestion (a
  suggestion would only teach the others); every other decision (the deal, the
  student, the dice, a Dark card's Help card or Floo powder) it takes as
  `NotebookBot` does.

Examples:
    >>> from hogwarts_rules import clue
    >>> game = clue.new_game(["Ann", "Ben", "Cat"], seed=3)
    >>> bots = {"Ann": DetectiveBot(), "Ben": clue.NotebookBot(), "Cat": clue.NotebookBot()}
    >>> final = clue.play_out(game, bots)
    >>> final.is_over
    True
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

import attrs

from hogwarts_rules.actions import Action
from hogwarts_rules.clue.actions import (
    Accuse,
    ChooseStudent,
    Deal,
    EndTurn,
    MoveTo,
    PayFloo,
    Protect,
    RollDice,
    ShowCard,
    StayPut,
    Suggest,
    UseFireplace,
)
from hogwarts_rules.clue.bots import _custom_board, _distances, _position
from hogwarts_rules.clue.cards import (
    BURROW,
    ITEMS,
    LOCATIONS,
    MYSTERY_CARDS,
    SUSPECTS,
    category_of,
)
from hogwarts_rules.clue.content import Board
from hogwarts_rules.clue.deduction import ENVELOPE, Deduction, Fact, Notebook
from hogwarts_rules.clue.movement import Position, parse_position
from hogwarts_rules.clue.vocabulary import FactKind

if TYPE_CHECKING:  # the bot sees views only
    from hogwarts_rules.clue.view import ClueView

__all__ = ["DetectiveBot"]

_Key = tuple[int, tuple[str, ...], tuple[tuple[str, str], ...], int, tuple[str, ...]]


def _entropy(p: float) -> float:
    """The binary entropy of a probability, in bits."""
    if p <= 0.0 or p >= 1.0:
        return 0.0
    return -(p * math.log2(p) + (1.0 - p) * math.log2(1.0 - p))


def _ratio(count: Fraction | int, per_deal: tuple[int, int]) -> float:
    """``count / deals`` as the nearest float; ``per_deal``: the deals' denominator, numerator."""
    denominator, numerator = per_deal
    return (count.numerator * denominator) / (count.denominator * numerator)


@attrs.frozen
class _Knowledge:
    """A solved view, with the floats the bot's scoring reads."""

    key: _Key
    deduction: Deduction
    owners: dict[str, tuple[tuple[str, float], ...]]  # card -> (owner, probability > 0)
    envelope: dict[str, float]  # card -> probability it is in the envelope
    refuters: tuple[str, ...]  # the players asked after this one, in order
    shown: dict[str, frozenset[str]]  # refuter -> cards they showed this player
    book: Notebook | None = None  # the facts solved (None: not kept)
    exact: bool = True  # False: solved from fewer facts, which allow the very same deals
    reasoned: bool = False  # True: the certainties carry their reasons
    # Filled as the bot scores suggestions (see `coded` and `_answers`).
    _coded: dict[str, list[tuple[int, bool, float]]] = attrs.field(factory=dict)
    answers: dict[tuple[int, int, int], tuple[tuple[str, int], ...]] = attrs.field(factory=dict)
    _accusation: list[tuple[tuple[str, ...] | None, tuple[str, ...], Fraction]] = attrs.field(
        factory=list
    )

    def accusation(self) -> tuple[tuple[str, ...] | None, tuple[str, ...], Fraction]:
        """The certain solution (or ``None``), and the most likely envelope with its odds.

        Worked out once per solve (from the counts: the reasons are not read).
        """
        found = self._accusation
        if not found:
            deduction = self.deduction
            solution = deduction.solution
            triple, probability = (
                deduction.best_accusation() if solution is None else (solution, Fraction(1))
            )
            found.append((solution, triple, probability))
        return found[0]

    def coded(self, card: str) -> list[tuple[int, bool, float]]:
        """``card``'s possible owners, each as (code, in the envelope, probability).

        The code: the owner's place among the refuters (``len(refuters)`` for nobody
        asked: the envelope, or this player) times two, plus one if that refuter has
        shown this player the card before.
        """
        found = self._coded.get(card)
        if found is None:
            refuters = self.refuters
            last = len(refuters)
            ranks = {refuter: index for index, refuter in enumerate(refuters)}
            found = self._coded[card] = []
            for owner, p in self.owners[card]:
                place = ranks.get(owner, last)
                before = place < last and card in self.shown.get(owner, ())
                found.append((place * 2 + before, owner == ENVELOPE, p))
        return found

    @classmethod
    def of(
        cls, view: ClueView, key: _Key, book: Notebook | None = None, *, reasons: bool = False
    ) -> _Knowledge:
        """``view`` solved (the certainties' reasons only if ``reasons``: play never reads them)."""
        book = book or Notebook.from_view(view)
        deduction = book.solve(reasons=reasons)
        # The probabilities as floats, straight from the exact counts: the same floats
        # as float(deduction.probability(card, owner)) (integer division rounds
        # correctly), without a Fraction per card and owner.
        deals = deduction.deals
        per_deal = (deals.denominator, deals.numerator)
        owners: dict[str, tuple[tuple[str, float], ...]] = {}
        for card in MYSTERY_CARDS:
            counts = deduction.counts[card]
            owners[card] = tuple(
                (owner, _ratio(count, per_deal))
                for owner in deduction.owners
                if (count := counts.get(owner, 0))
            )
        envelope = {
            card: _ratio(deduction.counts[card].get(ENVELOPE, 0), per_deal)
            for card in MYSTERY_CARDS
        }
        seat = view.order.index(view.me)
        refuters = view.order[seat + 1 :] + view.order[:seat]
        return cls(key, deduction, owners, envelope, refuters, _shown(view), book, reasoned=reasons)

    def grown(self, view: ClueView, key: _Key, book: Notebook) -> _Knowledge | None:
        """This knowledge for ``book``, unsolved, when its new facts allow the same deals.

        A fact that every deal counted already satisfies (a pass by a player who holds
        none of the cards, a card shown by its certain holder...) rules no deal out:
        the counts, and every probability, stay exactly the same. ``None`` when some
        new fact might rule deals out (solve again), or the facts are not a growth of
        the ones solved.
        """
        if self.book is None or book.players != self.book.players:
            return None
        before = set(self.book.facts)
        if not before.issubset(book.facts):
            return None
        deduction = self.deduction
        for fact in book.facts:
            if fact not in before and not _implied(deduction, fact):
                return None
        return _Knowledge(
            key,
            self.deduction,
            self.owners,
            self.envelope,
            self.refuters,
            _shown(view),
            book,
            exact=False,
        )


def _shown(view: ClueView) -> dict[str, frozenset[str]]:
    """Each refuter, with the cards they have shown ``view``'s player."""
    shown: dict[str, set[str]] = {}
    for refuter, card in view.shown_to_me:
        shown.setdefault(refuter, set()).add(card)
    return {refuter: frozenset(cards) for refuter, cards in shown.items()}


def _implied(deduction: Deduction, fact: Fact) -> bool:
    """Whether every deal ``deduction`` counts satisfies ``fact`` (so it rules none out).

    Sound, not complete: ``False`` may be said of a fact that is implied.
    """
    counts = deduction.counts
    kind = fact.kind
    if kind == FactKind.LACKS:
        return all(not counts[card].get(fact.owner, 0) for card in fact.cards)
    if kind in (FactKind.HOLDS, FactKind.SHOWN):  # shown: the first card is the one shown
        return counts[fact.cards[0]].get(fact.owner, 0) == deduction.deals
    if kind == FactKind.ONE_OF:
        return any(counts[card].get(fact.owner, 0) == deduction.deals for card in fact.cards)
    if kind == FactKind.NOT_SOLUTION:  # the triples name the cards in the deck's order
        order = {kind: number for number, (kind, _) in enumerate(deduction.deck)}
        triple = tuple(sorted(fact.cards, key=lambda card: order[category_of(card)]))
        return not deduction.triples.get(triple, 0)
    return False  # pragma: no cover - every kind is handled above


def _answers(codes: tuple[int, int, int], refuters: tuple[str, ...]) -> tuple[tuple[str, int], ...]:
    """Who may show which card, when the three cards' owners have these codes.

    Each code is an owner's place among the refuters (``len(refuters)`` for nobody
    asked: the envelope, or the suggester) times two, plus one if that refuter has
    shown the suggester this card before (see `_Knowledge.coded`). The first refuter
    holding some shows one: the one they showed the suggester before, if any; else
    any of them. ``("", -1)``: nobody.
    """
    places = [code >> 1 for code in codes]
    first = min(places)
    if first == len(refuters):  # nobody asked holds one: nothing is shown
        return (("", -1),)
    refuter = refuters[first]
    matching = [k for k in range(3) if places[k] == first]
    before = [k for k in matching if codes[k] & 1]
    return tuple((refuter, k) for k in (before[:1] or matching))


class DetectiveBot:
    """A detective that plays from exact probabilities, seeing only its player's view.

    One bot may play several seats: it keeps one solved view per player.

    Args:
        board: the game's board (the default board if ``None``), for walking distances.
        threshold: accuse once the most likely envelope is at least this likely (it
            also walks to The Burrow from then on). 1/2 by default, an even-money
            gamble; 1 accuses only when the solution is certain, and never wrongly.
        step_cost: what a square of walking costs, in envelope probability, when
            choosing where to go.

    Raises:
        ValueError: ``threshold`` is not in (0, 1].
    """

    def __init__(
        self,
        board: Board | None = None,
        *,
        threshold: Fraction | float = Fraction(1, 2),
        step_cost: float = 0.05,
    ) -> None:
        from hogwarts_rules.clue.content import default_content

        if not 0 < threshold <= 1:
            raise ValueError("threshold must be in (0, 1]")
        self.threshold = threshold
        self.step_cost = step_cost
        self._board = board or default_content().board
        self._distance_cache: dict[str, Mapping[Position, int]] = {}
        self._known: dict[str, _Knowledge] = {}

    def __repr__(self) -> str:
        board = _custom_board(self._board)
        return f"DetectiveBot({board}threshold={self.threshold!r}, step_cost={self.step_cost!r})"

    # ----- what the bot knows ----------------------------------------------------------------

    def _tables(self, view: ClueView) -> _Knowledge:
        key: _Key = (
            len(view.suggestions),
            view.hand,
            view.shown_to_me,
            len(view.wrong_accusations),
            view.envelope,
        )
        known = self._known.get(view.me)
        if known is None or known.key != key:
            book = Notebook.from_view(view)
            grown = None if known is None else known.grown(view, key, book)
            known = self._known[view.me] = grown or _Knowledge.of(view, key, book)
        return known

    def deduction(self, view: ClueView) -> Deduction:
        """The exact deduction from ``view`` (solved again only when the view says more).

        Knowledge only grows with new suggestions, cards shown, wrong accusations or a
        look in the envelope, so those key the cache (one entry per player).
        """
        known = self._tables(view)
        # Play solves without reasons; a deduction handed out has them, from every fact.
        if not known.exact or not known.reasoned:
            known = self._known[view.me] = _Knowledge.of(view, known.key, known.book, reasons=True)
        return known.deduction

    def accusation(self, view: ClueView) -> tuple[str, ...] | None:
        """The envelope to accuse, once the bot is ready; else ``None``.

        Ready means: the solution is certain, or the most likely envelope's probability
        is at least ``threshold``.
        """
        solution, triple, probability = self._tables(view).accusation()
        if solution is not None:
            return solution
        return triple if probability >= self.threshold else None

    def best_suggestion(self, view: ClueView) -> tuple[str, str]:
        """The suspect and item to suggest in the location entered (best `expected_gain`)."""
        location = view.entered
        assert location is not None
        # A suggestion can teach at most what is uncertain about its three cards (its
        # `Deduction.suggestion_value`, the "prior" of `expected_gain`, whose answer
        # leaves a nonnegative uncertainty). So the pairs are scored in decreasing order
        # of that bound, and once the best score so far beats a pair's bound (rounded
        # as the scores are), neither it nor any pair after it can win: the result is
        # the same maximum over every pair, without scoring most of them.
        envelope = self._tables(view).envelope
        worth = {card: _entropy(envelope[card]) for card in (*SUSPECTS, *ITEMS, location)}
        bounds = sorted(
            (
                (round(worth[s] + worth[i] + worth[location], 9), (s, i))
                for s in SUSPECTS
                for i in ITEMS
            ),
            reverse=True,
        )
        best: tuple[float, tuple[str, str]] | None = None
        for bound, pair in bounds:
            if best is not None and (bound, pair) < best:
                break
            key = (round(self.expected_gain(view, pair[0], pair[1], location), 9), pair)
            if best is None or key > best:
                best = key
        assert best is not None
        return best[1]

    def expected_gain(self, view: ClueView, suspect: str, item: str, location: str) -> float:
        """The expected drop of `Deduction.suggestion_value` once the suggestion is answered.

        `Deduction.suggestion_value` sums the uncertainty (binary entropy) of "this card
        is in the envelope" over the three cards. The answer depends on who holds
        them: the players after this one are asked in turn, and the first who holds
        one shows it (the one they showed this player before, if any; else any of
        them, equally likely). Each card's owner is drawn from its exact marginal,
        independently of the others (the approximation that keeps this fast), and
        the gain is the prior uncertainty minus its expectation after the answer.

        A suggestion whose answer is certain is worth 0: for example one whose first
        refuter surely holds a card they have shown this player before, or a repeat
        of one of this player's own suggestions.
        """
        table = self._tables(view)
        cards = (suspect, item, location)
        outcomes: dict[tuple[str, int], list[float]] = {}
        # Each card's owners, coded (see `_Knowledge.coded`), the envelope's flag, and
        # their probabilities.
        owners = [table.coded(c) for c in cards]
        # The possible answers for where the three cards are, by their owners' codes.
        answers = table.answers
        for r0, e0, p0 in owners[0]:
            for r1, e1, p1 in owners[1]:
                w01 = p0 * p1
                for r2, e2, p2 in owners[2]:
                    weight = w01 * p2
                    keys = answers.get(places := (r0, r1, r2))
                    if keys is None:
                        keys = answers[places] = _answers(places, table.refuters)
                    share = weight / len(keys)
                    # Adding 0.0 changes no float: only the cards in the envelope are added.
                    for key in keys:
                        found = outcomes.get(key)
                        if found is None:
                            outcomes[key] = [
                                share,
                                share if e0 else 0.0,
                                share if e1 else 0.0,
                                share if e2 else 0.0,
                            ]
                        else:
                            found[0] += share
                            if e0:
                                found[1] += share
                            if e1:
                                found[2] += share
                            if e2:
                                found[3] += share
        prior = sum(_entropy(table.envelope[c]) for c in cards)
        after = 0.0
        for total, *envelope in outcomes.values():
            if total > 0:
                after += total * sum(_entropy(e / total) for e in envelope)
        return prior - after

    # ----- choosing --------------------------------------------------------------------------

    def choose(self, view: ClueView, seat: str, actions: Sequence[Action]) -> Action:
        """Pick one of ``actions`` (never empty), seeing only ``view`` (see `Bot.choose`)."""
        first = actions[0]
        if isinstance(first, Deal | RollDice | ChooseStudent):
            return first
        if isinstance(first, ShowCard):
            return self._show(view, actions)
        if isinstance(first, Protect | PayFloo):
            return first if view.seat(view.me).floo <= 4 else actions[-1]
        accusation = self.accusation(view)
        accusations = [a for a in actions if isinstance(a, Accuse)]
        if accusations and accusation is not None:
            suspect, item, location = accusation
            wanted = Accuse(view.me, suspect, item, location)
            if wanted in accusations:
                return wanted
        suggestions = [a for a in actions if isinstance(a, Suggest)]
        if suggestions and view.entered is not None and self._tables(view).accusation()[0] is None:
            suspect, item = self.best_suggestion(view)
            wanted_suggestion = Suggest(view.me, suspect, item)
            if wanted_suggestion in suggestions:
                return wanted_suggestion
        moves = [a for a in actions if isinstance(a, MoveTo | UseFireplace | StayPut)]
        if moves:
            return self._move(view, moves, ready=accusation is not None)
        for action in actions:
            if isinstance(action, EndTurn):
                return action
        return first

    def _distance(self, target: str, position: Position) -> int:
        table = self._distance_cache.get(target)
        if table is None:
            table = self._distance_cache[target] = _distances(self._board, target)
        return table.get(position, 999)

    def _move(self, view: ClueView, moves: Sequence[Action], *, ready: bool) -> Action:
        here = view.seat(view.me).position
        if ready:
            values = {BURROW: 100.0}
        else:
            # Only locations that may be the envelope's: a nearby location known to be
            # someone's would otherwise win over a far better one, again and again.
            envelope = self._tables(view).envelope
            values = {loc: envelope[loc] for loc in LOCATIONS if envelope[loc] > 0}

        def score(action: Action) -> tuple[float, int]:
            if isinstance(action, StayPut):
                position: Position = parse_position(here) if here else ""
                cards = 0
                penalty = 1
            else:
                position = _position(action.destination)  # type: ignore[attr-defined]
                cards = int(action.felix) + action.alohomoras if isinstance(action, MoveTo) else 0
                penalty = 0
            best = max(
                value - self.step_cost * (self._distance(loc, position) + penalty)
                for loc, value in values.items()
            )
            return (-best, cards)

        return min(moves, key=score)

    def _show(self, view: ClueView, actions: Sequence[Action]) -> Action:
        suggester = view.details.get("suggester") or view.current_player
        to_them = {card for who, card in view.shown_by_me if who == suggester}
        to_anyone = {card for _, card in view.shown_by_me}

        def rank(action: Action) -> tuple[bool, bool, bool]:
            if not isinstance(action, ShowCard):
                return (True, True, True)
            return (
                action.card not in to_them,
                category_of(action.card) != "location",
                action.card not in to_anyone,
            )

        return min(actions, key=rank)
