"""Property tests: random games of First Year Adventure keep the engine's contract and the rules."""

from __future__ import annotations

import copy
import json
import random
from collections import Counter
from collections.abc import Callable, Iterable
from fractions import Fraction
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hogwarts_rules import adventure as ad
from hogwarts_rules.actions import Action, ChanceOutcome
from hogwarts_rules.adventure.view import AdventureView
from hogwarts_rules.bots import seat_actions
from hogwarts_rules.dice import CHANCE, ExternalDice, SeededDice
from hogwarts_rules.engine import ChanceRequest, Decision
from hogwarts_rules.errors import CORE_ERROR_CODES, IllegalActionError
from hogwarts_rules.events import Event

NAMES = ("Harry", "Ron", "Hermione", "Neville")
MAX_ROUNDS = 300
STEP_LIMIT = 20_000  # far above what MAX_ROUNDS allows; a guard against a loop that never ends
ONE_TIME_SOURCES = frozenset({"bewitched broomstick", "scared off by Fluffy", "saved by a centaur"})
NON_NEGATIVE = (
    "clues",
    "chocolate_frogs",
    "beans",
    "sweaters",
    "remembralls",
    "future_bonuses",
    "study_bonus",
    "turns_to_miss",
    "mirror_turns",
)
SPLITMIX_GOLDEN = 0x9E3779B97F4A7C15
WEALTH = {"Poor": -1, "Modest": 0, "Rich": 1}
DECISION_KINDS = ("KeepRoll", "UseRemembrall", "UseBonus", "ChooseHouse", "JoinTeam", "ChooseSpace")

Chooser = Callable[[ad.Game, tuple[Action, ...]], Action]

SETTINGS = settings(
    deadline=None,
    suppress_health_check=[
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
        HealthCheck.large_base_example,
    ],
)


# =============================================================== bookkeeping


@attrs.define
class Ledger:
    """What the events said so far, to compare with the game's state."""

    skills: Counter[tuple[str, str]] = attrs.field(factory=Counter)
    points: Counter[str] = attrs.field(factory=Counter)
    clues: Counter[str] = attrs.field(factory=Counter)
    one_time: Counter[tuple[str, str]] = attrs.field(factory=Counter)
    turns_lost: Counter[str] = attrs.field(factory=Counter)
    turns_missed: Counter[str] = attrs.field(factory=Counter)
    ended: list[ad.GameEnded] = attrs.field(factory=list)
    events: list[Event] = attrs.field(factory=list)
    dice_shown: int = 0  # every die rolled, as the events report them

    def observe(self, events: Iterable[Event]) -> None:
        for event in events:
            assert isinstance(event, ad.AdventureEvent)
            assert not self.ended, f"{event!r} after the game ended"
            self.events.append(event)
            if isinstance(event, ad.RolledOff):
                self.dice_shown += len(event.rolls)
            elif isinstance(event, ad.TableRolled | ad.AmountRolled):
                self.dice_shown += len(event.dice)
            elif isinstance(event, ad.RollChanged) and event.how == "remembrall":
                self.dice_shown += len(event.dice)  # the dice it replaces were shown already
            if isinstance(event, ad.SkillChanged):
                assert event.skill in ad.SKILLS
                assert event.change != 0
                self.skills[event.player, event.skill] += event.change
                assert event.value == self.skills[event.player, event.skill]
            elif isinstance(event, ad.HousePointsChanged):
                self.points[event.player] += event.change
                assert event.total == self.points[event.player]
            elif isinstance(event, ad.CluesChanged):
                self.clues[event.player] += 1
                assert event.total == self.clues[event.player]
                if event.source:
                    assert event.source in ONE_TIME_SOURCES
                    self.one_time[event.player, event.source] += 1
                    assert self.one_time[event.player, event.source] == 1, (
                        f"{event.player} gained a clue twice from {event.source!r}"
                    )
            elif isinstance(event, ad.TurnsLost):
                assert event.turns >= 1
                self.turns_lost[event.player] += event.turns
            elif isinstance(event, ad.TurnMissed):
                self.turns_missed[event.player] += 1
            elif isinstance(event, ad.TableRolled):
                table = ad.TABLES[event.table]
                assert len(event.dice) == table.dice
                assert all(1 <= d <= 6 for d in event.dice)
                assert event.total == sum(event.dice) + sum(v for _, v in event.modifiers)
                assert table.row_for(event.total).result == event.result
            elif isinstance(event, ad.GameEnded):
                self.ended.append(event)
            elif isinstance(event, ad.Moved):
                assert event.origin != event.destination or event.how == "forced"


def rolls_made(dice: SeededDice) -> int:
    """How many times seeded dice have rolled (SplitMix64 adds GOLDEN to its state each time).

    Rejection sampling could take two steps for one roll, but for a D6 only with
    probability 4 / 2**64.
    """
    return ((dice.state - dice.seed) * pow(SPLITMIX_GOLDEN, -1, 2**64)) % 2**64


def check_invariants(game: ad.Game, ledger: Ledger) -> None:
    if game.pending is None and isinstance(game.dice, SeededDice):
        # Every die rolled shows in exactly one event, even across suspended actions.
        assert rolls_made(game.dice) == ledger.dice_shown
    houses = [p.house for p in game.players.values() if p.house is not None]
    assert len(houses) == len(set(houses)), f"houses shared: {houses}"
    assert set(houses) <= set(ad.HOUSES)
    busy = game.pending.action.actor if game.pending is not None else None
    for p in game.players.values():
        assert isinstance(p.space, ad.Space)
        for name in NON_NEGATIVE:
            assert getattr(p, name) >= 0, f"{p.name}'s {name} is {getattr(p, name)}"
        for skill in ad.SKILLS:
            assert p.skill(skill) == ledger.skills[p.name, skill], f"{p.name}'s {skill}"
        assert p.house_points == ledger.points[p.name]
        assert p.clues == ledger.clues[p.name]
        assert p.clue_sources_used == {s for n, s in ledger.one_time if n == p.name}
        assert p.turns_to_miss + p.mirror_turns == (
            ledger.turns_lost[p.name] - ledger.turns_missed[p.name]
        )
        if p.wealth is not None:
            assert WEALTH[p.wealth] == p.wealth_modifier
        if not p.invited:
            assert p.space is ad.Space.INVITATION
        where = ad.region(p.space)
        if where is ad.Region.DIAGON_ALLEY:
            assert p.house is None
        elif game.pending is None or busy != p.name:
            assert p.house is not None, f"{p.name} is on {p.space} without a house"
        if where is ad.Region.DUNGEON:
            assert p.clues >= ad.CLUES_FOR_SHORTCUT
    if game.order:
        seats = game.setup.players
        first = seats.index(game.order[0])
        assert game.order == seats[first:] + seats[:first]
        assert 1 <= game.round <= MAX_ROUNDS
        assert 0 <= game.turn < len(game.order)
    if game.is_over:
        assert game.pending is None
        assert game.to_act == ()
        assert game.legal_actions() == ()
        outcome = game.outcome
        assert outcome is not None
        best = max(p.house_points for p in game.players.values())
        assert outcome.winners
        assert set(outcome.winners) == {
            p.name for p in game.players.values() if p.house_points == best
        }
        assert outcome.scores == {n: p.house_points for n, p in game.players.items()}
        assert [(e.winners, e.reason) for e in ledger.ended] == [(outcome.winners, outcome.reason)]
        if outcome.reason == "voldemort_defeated":
            assert all(p.space is ad.Space.GREAT_HALL for p in game.players.values())
        else:
            assert outcome.reason == "round_limit"
            assert game.round == game.setup.max_rounds
    else:
        assert game.outcome is None
        assert not ledger.ended
        assert len(game.to_act) == (1 if game.order or game.pending is not None else 0)
        assert game.legal_actions()


def fingerprint(game: ad.Game) -> tuple[Any, ...]:
    """A value copy of everything a game holds (to notice a game being changed in place)."""
    players = tuple(attrs.astuple(p) for p in game.players.values())
    return (
        players,
        game.order,
        game.turn,
        game.round,
        game.finished,
        game.dice,
        game.pending,
        game.history,
        game.to_act,
        game.legal_actions(),
    )


def decision_kinds(game: ad.Game) -> set[str]:
    request = game.awaiting
    if not isinstance(request, Decision):
        return set()
    return {type(option).__name__ for option in request.options} & set(DECISION_KINDS)


# =============================================================== legality


def candidate_actions(game: ad.Game) -> list[Action]:
    """Actions of every kind for every player: each is legal exactly when listed."""
    actions: list[Action] = [ad.RollOff(), ChanceOutcome(1), ChanceOutcome(7), ChanceOutcome("1")]
    for name in game.players:
        actions += [
            ad.TakeTurn(name),
            ad.MoveOne(name),
            ad.RollToMove(name),
            ad.GoToThirdFloor(name),
            ad.EnterDungeon(name),
            ad.KeepRoll(name),
            ad.UseRemembrall(name),
            ad.UseBonus(name),
            ad.JoinTeam(name),
            ad.DeclineTeam(name),
        ]
        actions += [ad.ChooseHouse(name, house) for house in ad.HOUSES]
    for name in game.to_act:
        if name in game.players:
            actions += [ad.ChooseSpace(name, space.value) for space in ad.Space]
    actions += [ad.TakeTurn("Voldemort"), ad.ChooseHouse(NAMES[0], "Durmstrang")]
    return actions


def named_illegal_actions(game: ad.Game) -> list[Action]:
    """The illegal actions the brief names, where the position allows them."""
    illegal: list[Action] = []
    actor = game.to_act[0] if game.to_act else None
    for other in game.players:
        if other != actor:
            illegal += [ad.TakeTurn(other), ad.MoveOne(other), ad.RollToMove(other)]
    taken = [p.house for p in game.players.values() if p.house is not None]
    for name in game.players:
        illegal += [ad.ChooseHouse(name, house) for house in taken]
    if game.pending is None and game.order and not game.is_over:
        name = game.order[game.turn]
        p = game.players[name]
        illegal.append(ad.KeepRoll(name))
        if ad.region(p.space) is ad.Region.DIAGON_ALLEY:
            illegal.append(ad.MoveOne(name))
        if p.clues < ad.CLUES_FOR_SHORTCUT:
            illegal.append(ad.GoToThirdFloor(name))
        if p.space is not ad.Space.THIRD_FLOOR:
            illegal.append(ad.EnterDungeon(name))
    elif isinstance(game.awaiting, Decision):
        name = game.awaiting.player
        if ad.KeepRoll(name) not in game.awaiting.options:
            illegal.append(ad.KeepRoll(name))
        if any(isinstance(o, ad.ChooseSpace) for o in game.awaiting.options):
            illegal.append(ad.ChooseSpace(name, game.players[name].space.value))
            illegal.append(ad.ChooseSpace(name, ad.Space.FLUFFY.value))
    elif isinstance(game.awaiting, ChanceRequest):
        illegal += [ChanceOutcome(0), ChanceOutcome(7), ad.KeepRoll(NAMES[0])]
    if game.order:
        illegal.append(ad.RollOff())
    return illegal


def check_legality(game: ad.Game, *, thorough: bool) -> None:
    """Every listed action is accepted; when ``thorough``, every other one is refused."""
    legal = game.legal_actions()
    assert len(set(legal)) == len(legal)
    for action in legal:
        game.check(action)
        assert game.can_apply(action)
    if not thorough:
        return
    if game.pending is None and game.order:
        (who,) = game.to_act
        assert all(a.actor == who for a in legal)
        for name in game.players:
            assert game.legal_actions(name) == (legal if name == who else ())
    check_views(game)
    before = fingerprint(game)
    for action in named_illegal_actions(game):
        assert action not in legal
        assert not game.can_apply(action)
        with pytest.raises(IllegalActionError) as caught:
            game.apply(action)
        assert caught.value.code in ad.ERROR_CODES or caught.value.code in CORE_ERROR_CODES
    for action in candidate_actions(game):
        assert game.can_apply(action) == (action in legal), action
    assert fingerprint(game) == before


def check_views(game: ad.Game) -> None:
    """Each seat's view and the table's: every record, no dice, the seat's actions, the question."""
    request = game.awaiting
    seed = game.dice.seed if isinstance(game.dice, SeededDice) else None
    for seat in (*game.seat_names, None):
        view = game.view(seat)
        assert isinstance(view, AdventureView) and view.viewer == seat
        assert not hasattr(view, "dice")
        assert view.players == game.players and view.to_act == game.to_act
        assert view.legal_actions == (() if seat is None else seat_actions(game, seat))
        if isinstance(request, Decision):
            assert (view.prompt, view.details) == (request.prompt, request.details)
        data = view.to_dict()
        assert not {"dice", "seed", "state"} & set(data)
        if seed is not None and seed >= 10**6:
            assert str(seed) not in json.dumps(data)


# =============================================================== playing


def round_trip(game: ad.Game) -> ad.Game:
    replayed = ad.Game.replay(game.record)
    assert replayed == game
    loaded = ad.Game.from_dict(json.loads(json.dumps(game.to_dict())))
    assert loaded == game
    assert loaded.to_act == game.to_act
    assert loaded.legal_actions() == game.legal_actions()
    assert loaded.awaiting == game.awaiting
    for seat in game.to_act:
        if seat != CHANCE:
            assert loaded.view(seat) == game.view(seat)
    return loaded


def apply_purely(
    game: ad.Game, action: Action, *, thorough: bool, deep: bool
) -> tuple[ad.Game, tuple[Event, ...]]:
    """Apply ``action`` twice: equal results, and ``game`` itself unchanged."""
    before = fingerprint(game) if thorough else None
    snapshot = copy.deepcopy(game) if deep else None
    first, events = game.apply(action)
    second, again = game.apply(action)
    assert first == second
    assert events == again
    assert first is not game
    if before is not None:
        assert fingerprint(game) == before
    if snapshot is not None:
        assert game == snapshot
        assert game.to_dict() == snapshot.to_dict()
    return first, events


@attrs.define
class Played:
    game: ad.Game
    ledger: Ledger
    steps: int
    decisions: set[str]
    round_trips: set[str]


def play(
    game: ad.Game,
    choose: Chooser,
    *,
    checkpoints: frozenset[int] = frozenset(),
    round_trip_decisions: bool = False,
    thorough_every: int = 0,
    deep_copy_at: frozenset[int] = frozenset(),
    seed: int = 0,
) -> Played:
    """Play to the end, checking the contract and the invariants at every step.

    At each checkpoint (a step number), and at the first decision of each kind when
    ``round_trip_decisions``, the game is replayed and reloaded from JSON, and play
    goes on from the reloaded game. About one step in ``thorough_every`` (chosen
    with ``seed``), and those first decisions, also try illegal actions and check
    that the game stays unchanged.
    """
    rng = random.Random(seed)
    ledger = Ledger()
    check_invariants(game, ledger)
    step = 0
    decisions: set[str] = set()
    round_trips: set[str] = set()
    while not game.is_over:
        assert step < STEP_LIMIT, "the game did not end"
        kinds = decision_kinds(game)
        new_kinds = kinds - decisions
        decisions |= kinds
        if step in checkpoints or (round_trip_decisions and new_kinds):
            game = round_trip(game)
            round_trips |= kinds or {"none"}
        thorough = (thorough_every > 0 and rng.randrange(thorough_every) == 0) or bool(
            round_trip_decisions and new_kinds
        )
        check_legality(game, thorough=thorough)
        legal = game.legal_actions()
        action = choose(game, legal)
        assert action in legal
        game, events = apply_purely(game, action, thorough=thorough, deep=step in deep_copy_at)
        ledger.observe(events)
        check_invariants(game, ledger)
        step += 1
    round_trip(game)
    for action in candidate_actions(game):
        assert not game.can_apply(action)
    with pytest.raises(IllegalActionError, match="over"):
        game.apply(ad.MoveOne(game.setup.players[0]))
    return Played(game, ledger, step, decisions, round_trips)


def bot_chooser(bots: dict[str, ad.Bot]) -> Chooser:
    def choose(game: ad.Game, legal: tuple[Action, ...]) -> Action:
        who = game.to_act[0] if game.to_act else game.setup.players[0]
        return bots[who].choose(game.view(who), who, legal)

    return choose


def new(n_players: int, seed: int, max_rounds: int = MAX_ROUNDS) -> ad.Game:
    return ad.new_game(list(NAMES[:n_players]), seed=seed, max_rounds=max_rounds)


# =============================================================== the tests


@pytest.mark.parametrize("n_players", [2, 3, 4])
@settings(SETTINGS, max_examples=20)
@given(
    seed=st.integers(0, 2**64 - 1),
    bot_seed=st.integers(0, 2**32 - 1),
    heuristic=st.lists(st.booleans(), min_size=4, max_size=4),
    checkpoints=st.frozensets(st.integers(0, 700), max_size=2),
    round_trip_decisions=st.booleans(),
)
def test_bot_games_keep_contract_and_invariants(
    n_players: int,
    seed: int,
    bot_seed: int,
    heuristic: list[bool],
    checkpoints: frozenset[int],
    round_trip_decisions: bool,
) -> None:
    bots: dict[str, ad.Bot] = {
        name: ad.HeuristicBot() if heuristic[i] else ad.RandomBot(bot_seed + i)
        for i, name in enumerate(NAMES[:n_players])
    }
    played = play(
        new(n_players, seed),
        bot_chooser(bots),
        checkpoints=checkpoints,
        round_trip_decisions=round_trip_decisions,
        thorough_every=6,
        seed=bot_seed,
    )
    assert played.game.round <= MAX_ROUNDS


@settings(SETTINGS, max_examples=20)
@given(
    n_players=st.sampled_from([2, 3, 4]),
    seed=st.integers(0, 2**64 - 1),
    data=st.data(),
)
def test_drawn_choices_keep_contract_and_invariants(
    n_players: int, seed: int, data: st.DataObject
) -> None:
    def choose(game: ad.Game, legal: tuple[Action, ...]) -> Action:
        if len(legal) == 1:
            return legal[0]
        return legal[data.draw(st.integers(0, len(legal) - 1))]

    checkpoints = data.draw(st.frozensets(st.integers(0, 400), max_size=2))
    deep = data.draw(st.frozensets(st.integers(0, 400), max_size=2))
    played = play(
        new(n_players, seed, max_rounds=120),
        choose,
        checkpoints=checkpoints,
        deep_copy_at=deep,
        thorough_every=4,
    )
    for event in played.ledger.events:
        assert Event.from_dict(json.loads(json.dumps(event.to_dict()))) == event


@settings(SETTINGS, max_examples=15)
@given(
    n_players=st.sampled_from([2, 3, 4]),
    max_rounds=st.integers(1, 12),
    seed=st.integers(0, 2**32 - 1),
    data=st.data(),
)
def test_external_dice_games(
    n_players: int, max_rounds: int, seed: int, data: st.DataObject
) -> None:
    # Each outcome is drawn by Hypothesis, offset by a seeded shift so that the simplest
    # draws (all zeros) are not the same face forever: a taken house rolled again and
    # again at the Sorting would never end.
    shift = random.Random(seed)
    chance_steps = 0

    def choose(game: ad.Game, legal: tuple[Action, ...]) -> Action:
        nonlocal chance_steps
        outcomes = game.chance_outcomes()
        if game.to_act == (CHANCE,):
            chance_steps += 1
            assert isinstance(game.awaiting, ChanceRequest)
            assert sum(p for _, p in outcomes) == Fraction(1)
            assert all(p > 0 for _, p in outcomes)
            assert tuple(o for o, _ in outcomes) == legal
            assert [o.value for o, _ in outcomes] == list(range(1, 7))
            for name in game.players:
                assert game.legal_actions(name) == ()
            index = data.draw(st.integers(0, len(outcomes) - 1)) + shift.randrange(len(outcomes))
            return outcomes[index % len(outcomes)][0]
        assert outcomes == ()
        if len(legal) == 1:
            return legal[0]
        return legal[data.draw(st.integers(0, len(legal) - 1))]

    game = ad.new_game(list(NAMES[:n_players]), dice=ExternalDice(), max_rounds=max_rounds)
    checkpoints = data.draw(st.frozensets(st.integers(0, 300), max_size=3))
    played = play(game, choose, checkpoints=checkpoints, thorough_every=3, seed=seed)
    assert chance_steps > 0
    assert isinstance(played.game.dice, ExternalDice)
    chance = [a for a in played.game.history if isinstance(a, ChanceOutcome)]
    assert len(chance) == chance_steps


def test_every_decision_kind_round_trips_mid_decision() -> None:
    seen: set[str] = set()
    for seed in range(40):
        rng = random.Random(seed)
        bots: dict[str, ad.Bot] = {name: ad.RandomBot(rng.randrange(2**32)) for name in NAMES}
        played = play(new(4, seed), bot_chooser(bots), round_trip_decisions=True)
        assert played.round_trips >= played.decisions
        seen |= played.round_trips
        if seen >= set(DECISION_KINDS):
            break
    assert seen >= set(DECISION_KINDS), sorted(set(DECISION_KINDS) - seen)


def test_rolls_made_counts_seeded_rolls() -> None:
    dice = SeededDice(12345)
    for count in range(1, 50):
        _, dice = dice.roll(6)
        assert rolls_made(dice) == count


def test_one_time_sources_are_the_tables_ones() -> None:
    sources = {
        effect.what
        for table in ad.TABLES.values()
        for row in table.rows
        for effect in row.effects
        if effect.kind == "clue" and effect.what
    }
    assert sources == ONE_TIME_SOURCES
