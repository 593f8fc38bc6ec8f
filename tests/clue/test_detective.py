"""The detective bot: legal choices only, views only, no wrong accusation when it waits."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

import attrs
import pytest

from hogwarts_rules import clue
from hogwarts_rules.actions import Action
from hogwarts_rules.bots import deciding_seat, seat_actions
from hogwarts_rules.clue.game import Game
from hogwarts_rules.frozen import FrozenMap

NAMES = ("Ann", "Ben", "Cat", "Dan", "Eve")


class Checked:
    """Wraps a bot: every choice must be one of the legal actions, seen from a view only."""

    def __init__(self, bot: clue.Bot) -> None:
        self.bot = bot
        self.choices = 0

    def choose(self, view: clue.ClueView, seat: str, actions: Sequence[Action]) -> Action:
        assert isinstance(view, clue.ClueView)
        assert view.me == seat
        choice = self.bot.choose(view, seat, tuple(actions))
        assert choice in actions, choice
        self.choices += 1
        return choice


def mixed_table(players: int = 4, **options: Any) -> dict[str, Checked]:
    """Detectives in the even seats, notebook bots in the odd ones (all checked)."""
    return {
        name: Checked(clue.DetectiveBot(**options) if i % 2 == 0 else clue.NotebookBot())
        for i, name in enumerate(NAMES[:players])
    }


def start(seed: int, players: int = 4) -> Game:
    return clue.new_game(NAMES[:players], seed=seed)


def deciding(game: Game) -> tuple[str, clue.ClueView, tuple[Action, ...]]:
    """The seat that acts next, its view, and what it may do."""
    seat = deciding_seat(game)
    assert seat is not None
    return seat, game.view(seat), seat_actions(game, seat)


def step(game: Game, bots: dict[str, clue.Bot]) -> Game:
    """Apply one bot choice, made from the deciding player's view."""
    who, view, actions = deciding(game)
    game, _ = game.apply(bots[who].choose(view, who, actions))
    return game


@pytest.mark.parametrize(("seed", "players"), [(1, 3), (2, 4), (3, 4), (4, 5)])
def test_only_legal_actions_and_games_finish(seed: int, players: int) -> None:
    bots = mixed_table(players)
    final = clue.play_out(clue.new_game(NAMES[:players], seed=seed), bots)
    assert final.is_over
    assert final.winner is not None
    assert all(bot.choices > 0 for bot in bots.values())


def test_waiting_for_certainty_never_accuses_wrongly() -> None:
    detective_wins = 0
    for seed in range(10, 22):
        players = 3 + seed % 3
        final = clue.play_out(start(seed, players), mixed_table(players, threshold=1))
        assert final.is_over
        detectives = NAMES[:players:2]
        assert not [w for w in final.wrong_accusations if w[0] in detectives], seed
        detective_wins += final.winner in detectives
    # The exact notebook wins most games against the simple one.
    assert detective_wins >= 8


def test_detectives_among_themselves_accuse_only_the_envelope() -> None:
    for seed, players in ((7, 4), (8, 3), (9, 5)):
        names = NAMES[:players]
        bots = {name: clue.DetectiveBot(threshold=1) for name in names}
        final = clue.play_out(start(seed, players), bots)
        assert final.is_over and final.winner is not None
        assert final.wrong_accusations == ()
        last = final.history[-1]
        assert isinstance(last, clue.Accuse)
        assert (last.suspect, last.item, last.location) == final.envelope


def test_a_gambler_accuses_the_most_likely_envelope() -> None:
    # With a tiny threshold the bot accuses on its first visit to The Burrow.
    game = start(2)
    bot = clue.DetectiveBot(threshold=Fraction(1, 1000))
    others = {name: clue.NotebookBot() for name in NAMES[1:4]}
    while not game.is_over:
        who, view, actions = deciding(game)
        if who == "Ann":
            choice = bot.choose(view, who, actions)
            if any(isinstance(a, clue.Accuse) for a in actions):
                assert isinstance(choice, clue.Accuse)
                triple, _ = bot.deduction(view).best_accusation()
                assert (choice.suspect, choice.item, choice.location) == triple
                return
        else:
            choice = others[who].choose(view, who, actions)
        game, _ = game.apply(choice)
    pytest.fail("Ann never reached The Burrow")


def _reaches_game(value: object, seen: set[int]) -> bool:
    """True if a `Game` can be reached from ``value`` through attributes and containers."""
    if id(value) in seen or isinstance(value, str | int | float | bool | type(None)):
        return False
    seen.add(id(value))
    if isinstance(value, Game):
        return True
    if attrs.has(type(value)):
        names = [f.name for f in attrs.fields(type(value))]  # type: ignore[arg-type]
        return any(_reaches_game(getattr(value, name), seen) for name in names)
    if isinstance(value, Mapping):
        return any(_reaches_game(k, seen) or _reaches_game(v, seen) for k, v in value.items())
    if isinstance(value, tuple | list | set | frozenset):
        return any(_reaches_game(v, seen) for v in value)
    return False


def test_the_bot_sees_views_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """No game is reachable from what the bot gets, and no game method runs while it thinks."""

    def forbidden(*args: object, **kwargs: object) -> Any:
        raise AssertionError("the bot read the full game")

    game = start(9)
    bots: dict[str, clue.Bot] = {
        name: clue.DetectiveBot() if i % 2 == 0 else clue.NotebookBot()
        for i, name in enumerate(NAMES[:4])
    }
    checked = 0
    while not game.is_over:
        who, view, actions = deciding(game)
        if who in ("Ann", "Cat"):
            if checked < 30:
                assert not _reaches_game(view, set())
            checked += 1
            with monkeypatch.context() as patch:
                for method in ("view", "legal_actions", "apply", "movement_options"):
                    patch.setattr(Game, method, forbidden)
                choice = bots[who].choose(view, who, actions)
        else:
            choice = bots[who].choose(view, who, actions)
        game, _ = game.apply(choice)
    assert checked > 30


def test_the_deduction_is_cached_and_matches_a_fresh_solve() -> None:
    game = start(6)
    bots: dict[str, clue.Bot] = {name: clue.NotebookBot() for name in NAMES[:4]}
    for _ in range(120):
        game = step(game, bots)
    view = game.view("Ann")
    bot = clue.DetectiveBot()
    assert bot.deduction(view) is bot.deduction(view)
    fresh = clue.Notebook.from_view(view).solve()
    assert bot.deduction(view).counts == fresh.counts
    assert bot.deduction(view).deals == fresh.deals
    # Another player's view gets its own solve.
    assert bot.deduction(game.view("Ben")) == clue.Notebook.from_view(game.view("Ben")).solve()


def test_an_answered_suggestion_is_worth_nothing_again() -> None:
    game = start(3)
    bots: dict[str, clue.Bot] = {name: clue.NotebookBot() for name in NAMES[:4]}
    detective = clue.DetectiveBot()
    while not any(r.player == "Ann" and r.shown_by for r in game.suggestions):
        game = step(game, bots)
    view = game.view("Ann")
    record = next(r for r in view.suggestions if r.player == "Ann" and r.shown_by)
    asked = (record.suspect, record.item, record.location)
    assert detective.expected_gain(view, *asked) == pytest.approx(0, abs=1e-9)
    # Fresh cards are worth asking about.
    best = detective.best_suggestion(attrs.evolve(view, entered=record.location))
    assert detective.expected_gain(view, *best, record.location) > 0.1


def test_a_refuter_shows_what_the_suggester_has_seen() -> None:
    students = {"Ann": "Harry", "Ben": "Ron", "Cat": "Hermione", "Dan": "Luna"}
    game, _ = clue.new_game(NAMES[:4], seed=8, students=students).apply(clue.Deal())
    view = attrs.evolve(game.view("Ben"), details=FrozenMap({"suggester": "Ann"}))
    assert view.hand == (
        "Fenrir Greyback",
        "Scabior",
        "Poisoned Mead",
        "Hogwarts",
        "Weasleys' Wizard Wheezes",
    )
    bot = clue.DetectiveBot()

    def show(cards: tuple[str, ...], shown_by_me: tuple[tuple[str, str], ...]) -> str:
        options = tuple(clue.ShowCard("Ben", card) for card in cards)
        choice = bot.choose(attrs.evolve(view, shown_by_me=shown_by_me), "Ben", options)
        assert isinstance(choice, clue.ShowCard)
        return choice.card

    asked = ("Scabior", "Poisoned Mead", "Hogwarts")
    # A card Ann has seen from Ben tells her nothing new.
    assert show(asked, (("Ann", "Poisoned Mead"),)) == "Poisoned Mead"
    # Else a location (the largest category)...
    assert show(asked, ()) == "Hogwarts"
    assert show(asked, (("Cat", "Scabior"),)) == "Hogwarts"
    # ... else a card someone else has seen, else the first one.
    assert show(asked[:2], (("Cat", "Poisoned Mead"),)) == "Poisoned Mead"
    assert show(asked[:2], ()) == "Scabior"


@pytest.mark.parametrize("threshold", [0, -1, 2, Fraction(3, 2)])
def test_threshold_must_be_a_probability(threshold: Fraction | float) -> None:
    with pytest.raises(ValueError, match="threshold"):
        clue.DetectiveBot(threshold=threshold)


def test_a_solve_is_reused_only_when_the_new_facts_rule_out_no_deal() -> None:
    # Four detectives: whenever a bot's knowledge is reused without a solve (its new facts
    # were already certain), the counts are a fresh solve's, and the public deduction
    # is the fresh solve itself (its certainties' reasons name every fact).
    reused = 0
    for seed in range(4):
        game = start(seed)
        bots = {name: clue.DetectiveBot() for name in NAMES[:4]}
        while not game.is_over:
            who, view, actions = deciding(game)
            game, _ = game.apply(bots[who].choose(view, who, actions))
            known = bots[who]._known.get(who)
            if known is None or known.exact:
                continue
            reused += 1
            fresh = clue.Notebook.from_view(view).solve()
            assert known.deduction.counts == fresh.counts
            assert known.deduction.triples == fresh.triples
            assert known.deduction.solution == fresh.solution
            assert bots[who].deduction(view) == fresh
            assert bots[who]._known[who].exact
    assert reused > 0


def test_the_best_suggestion_is_the_best_of_every_pair() -> None:
    # best_suggestion stops scoring pairs once none left can win: it must pick what
    # scoring every pair picks.
    checked = 0
    for seed in range(3):
        game = start(seed)
        bots = {name: clue.DetectiveBot() for name in NAMES[:4]}
        while not game.is_over and checked < 40:
            who, view, actions = deciding(game)
            if any(isinstance(a, clue.Suggest) for a in actions):
                bot = bots[who]
                location = view.entered
                assert location is not None
                every = max(
                    ((s, i) for s in clue.SUSPECTS for i in clue.ITEMS),
                    key=lambda pair: (
                        round(bot.expected_gain(view, pair[0], pair[1], location), 9),
                        pair,
                    ),
                )
                assert bot.best_suggestion(view) == every
                checked += 1
            game, _ = game.apply(bots[who].choose(view, who, actions))
    assert checked >= 20


def test_play_solves_without_reasons_and_plays_the_same_games(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The bot never reads the reasons: skipping them changes no action of 30 seeded games."""

    def games() -> list[dict[str, Any]]:
        finals = []
        for seed in range(30):
            players = 3 + seed % 3
            bots: dict[str, clue.Bot] = {
                name: clue.DetectiveBot() if i % 2 == 0 or seed % 2 else clue.NotebookBot()
                for i, name in enumerate(NAMES[:players])
            }
            finals.append(clue.play_out(start(seed, players), bots).to_dict())
        return finals

    solve = clue.Notebook.solve
    asked: list[bool] = []

    def recording(book: clue.Notebook, **options: Any) -> clue.Deduction:
        asked.append(options.get("reasons", True))
        return solve(book, **options)

    monkeypatch.setattr(clue.Notebook, "solve", recording)
    bare = games()
    assert asked and not any(asked)  # every solve of play skipped the reasons

    def with_reasons(book: clue.Notebook, **options: Any) -> clue.Deduction:
        return solve(book, **{**options, "reasons": True})

    monkeypatch.setattr(clue.Notebook, "solve", with_reasons)
    assert games() == bare


def test_the_public_deduction_after_play_has_its_reasons() -> None:
    game = start(2)
    detectives = {name: clue.DetectiveBot() for name in NAMES[:4]}
    bots: dict[str, clue.Bot] = dict(detectives)
    for _ in range(100):
        game = step(game, bots)
    assert not game.is_over
    for who in NAMES[:4]:
        assert not detectives[who]._known[who].reasoned  # play solved without reasons
        view = game.view(who)
        deduction = detectives[who].deduction(view)
        assert deduction == clue.Notebook.from_view(view).solve()
        assert deduction.certainties
        assert all(c.reasons for c in deduction.certainties)
        assert detectives[who].deduction(view) is deduction  # kept, reasons and all
