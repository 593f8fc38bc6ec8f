"""Property tests for Clue: random games keep the rules, the engine's contract and every secret.

Games of 3 to 5 players are played by `RandomBot`, `NotebookBot` and actions drawn by
Hypothesis, with seeded or external dice. After every action the tests check the
invariants of the rules (cards, Help and Dark cards conserved, pawns on the board, Floo
powder), the engine's contract (purity, replay, JSON round trip, legal actions), and
above all that no player can learn a secret: neither from their view, nor from the
events as they see them, nor from `repr`, nor from the message of a refused action.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from fractions import Fraction
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import event as statistic
from hypothesis import strategies as st

from hogwarts_rules import (
    CHANCE,
    Action,
    ChanceOutcome,
    Event,
    ExternalDice,
    IllegalActionError,
    events_for,
)
from hogwarts_rules import clue as cl
from hogwarts_rules.bots import seat_actions
from hogwarts_rules.dice import SeededDice
from hogwarts_rules.engine import Decision
from hogwarts_rules.frozen import FrozenMap

NAMES = ("Ann", "Ben", "Cat", "Dan", "Eve")
# Measured on 1,500 all-RandomBot games (500 each of 3, 4 and 5 players): every game ended
# by wrong accusations, the longest after 4,755 actions (means 956, 1,248 and 1,526 actions).
# NotebookBot games end by a correct accusation within ~450 actions. The tail of the length
# is roughly exponential (scale ~1,300), so 10,000 is out of reach of a healthy game.
ACTION_BOUND = 10_000
SUSPECT_OR_ITEM = frozenset((*cl.SUSPECTS, *cl.ITEMS))
CARD_SET = frozenset(cl.MYSTERY_CARDS)
LOCATION_SET = frozenset(cl.LOCATIONS)
CONTENT = cl.default_content()
BOARD = CONTENT.board
HELP_NAMES = tuple(sorted({card.name for card in CONTENT.help_deck}))
HELP_COUNTS = Counter(card.name for card in CONTENT.help_deck)
DARK_COUNTS = Counter(card.name for card in CONTENT.dark_deck)
WALKABLE = tuple(
    (row, column)
    for row in range(BOARD.height)
    for column in range(BOARD.width)
    if BOARD.walkable((row, column))
)
CARD_ORDER = {card: index for index, card in enumerate(cl.MYSTERY_CARDS)}


def examples(count: int) -> settings:
    """Few examples of whole games: each is hundreds or thousands of actions.

    No shrinking: shrinking whole games takes minutes, and a failing example is already
    reproducible from the printed `Config` (seeded dice and bots) and draws.
    """
    return settings(
        max_examples=count,
        deadline=None,
        phases=(Phase.explicit, Phase.reuse, Phase.generate),
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )


# ================================================================= set-ups and players


@attrs.frozen
class Config:
    """One random game: its set-up and who plays each seat."""

    players: tuple[str, ...]
    seed: int
    first_player: str | None
    students: tuple[tuple[str, str], ...]  # chosen in advance; the others choose at the deal
    kinds: tuple[str, ...]  # per player: "random", "notebook" or "drawn"
    bot_seed: int
    drawn_budget: int  # actions Hypothesis draws for "drawn" seats before a RandomBot takes over
    external: bool = False

    def new_game(self) -> cl.Game:
        dice = ExternalDice() if self.external else SeededDice(self.seed)
        return cl.new_game(
            list(self.players),
            dice=dice,
            first_player=self.first_player,
            students=dict(self.students),
        )


@st.composite
def configs(
    draw: st.DrawFn,
    *,
    kinds: Sequence[str] = ("random", "notebook", "drawn"),
    need_notebook: bool = False,
    external: bool = False,
) -> Config:
    count = draw(st.sampled_from((3, 4, 5)))
    players = NAMES[:count]
    first = draw(st.none() | st.sampled_from(players))
    students_order = draw(st.permutations(cl.STUDENTS))
    fixed = draw(st.lists(st.booleans(), min_size=count, max_size=count))
    students = tuple((player, students_order[i]) for i, player in enumerate(players) if fixed[i])
    seat_kinds = list(draw(st.lists(st.sampled_from(kinds), min_size=count, max_size=count)))
    if need_notebook and "notebook" not in seat_kinds:
        seat_kinds[draw(st.integers(0, count - 1))] = "notebook"
    return Config(
        players=players,
        seed=draw(st.integers(0, 2**64 - 1)),
        first_player=first,
        students=students,
        kinds=tuple(seat_kinds),
        bot_seed=draw(st.integers(0, 2**32 - 1)),
        drawn_budget=draw(st.integers(0, 60)),
        external=external,
    )


class Players:
    """Chooses each action: bots see only their player's view; Hypothesis draws for some seats."""

    def __init__(self, config: Config, data: st.DataObject | None) -> None:
        self.config = config
        self.data = data
        self.drawn = 0
        self.bots: dict[str, cl.Bot] = {}
        for index, (name, kind) in enumerate(zip(config.players, config.kinds, strict=True)):
            if kind == "notebook":
                self.bots[name] = cl.NotebookBot()
            else:
                self.bots[name] = cl.RandomBot(config.bot_seed + index)

    def choose(self, game: cl.Game, player: str, actions: tuple[Action, ...]) -> Action:
        kind = self.config.kinds[self.config.players.index(player)]
        if kind == "drawn" and self.data is not None and self.drawn < self.config.drawn_budget:
            self.drawn += 1
            return self.data.draw(st.sampled_from(actions), label=f"{player}'s action")
        return self.bots[player].choose(game.view(player), player, actions)


@attrs.frozen
class Step:
    before: cl.Game
    action: Action
    after: cl.Game
    events: tuple[Event, ...]


def next_action(game: cl.Game, players: Players, chance: Callable[[cl.Game], Action]) -> Action:
    """The next action: the deal, a chance outcome, or the choice of the player to act."""
    to_act = game.to_act
    if not to_act:
        assert game.legal_actions() == (cl.Deal(),)
        return cl.Deal()
    if to_act == (CHANCE,):
        return chance(game)
    (player,) = to_act
    actions = game.legal_actions(player)
    assert actions, f"{player} must act but has no legal action"
    assert game.view(player).legal_actions == actions
    return players.choose(game, player, actions)


def no_chance(game: cl.Game) -> Action:
    raise AssertionError(f"seeded dice never wait for chance: {game.awaiting}")


def play(
    config: Config,
    data: st.DataObject | None = None,
    chance: Callable[[cl.Game], Action] = no_chance,
) -> Iterator[Step]:
    """Play ``config`` to the end, one step at a time; fail past `ACTION_BOUND` actions."""
    players = Players(config, data)
    game = config.new_game()
    for _ in range(ACTION_BOUND):
        if game.is_over:
            return
        action = next_action(game, players, chance)
        after, events = game.apply(action)
        yield Step(game, action, after, events)
        game = after
    raise AssertionError(f"the game did not end within {ACTION_BOUND} actions: {game!r}")


def final_game(steps: Iterator[Step]) -> cl.Game:
    last: Step | None = None
    for last in steps:  # noqa: B007
        pass
    assert last is not None
    return last.after


# ================================================================= invariants of the rules


def card_holders(game: cl.Game) -> list[str]:
    return [card for seat in game.seats.values() for card in seat.hand]


def check_invariants(game: cl.Game) -> None:
    """Facts that hold in every state of every game."""
    seats = game.seats
    count = len(seats)
    assert game.order[0] == (game.setup.first_player or game.setup.players[0])
    assert sorted(game.order) == sorted(game.setup.players)
    # Who acts.
    to_act = game.to_act
    assert to_act == () or to_act == (CHANCE,) or (len(to_act) == 1 and to_act[0] in seats)
    if to_act == ():
        assert game.is_over or (game.phase == "deal" and game.pending is None)
    if game.is_over:
        assert game.pending is None and game.legal_actions() == ()
    # Help cards: deck + discard + every player's face-up and face-down cards == the content.
    help_cards = Counter(game.help_deck) + Counter(game.help_discard)
    for seat in seats.values():
        help_cards += Counter(seat.help_cards) + Counter(seat.hidden_help)
    assert help_cards == HELP_COUNTS
    # Dark cards: deck + discard == the content.
    assert Counter(game.dark_deck) + Counter(game.dark_discard) == DARK_COUNTS
    # Wheels within range.
    assert set(game.wheels) == set(cl.WHEEL_NAMES)
    for wheel in BOARD.wheels:
        assert 0 <= game.wheels[wheel.name] < len(wheel.notches)
    # Floo powder.
    for seat in seats.values():
        assert 0 <= seat.floo <= cl.FLOO_BY_PLAYERS[count]
    # Winner, eliminations, outcome.
    assert set(game.accused_wrongly) == {s.name for s in seats.values() if s.eliminated}
    assert len(set(game.accused_wrongly)) == len(game.accused_wrongly)
    assert [w[0] for w in game.wrong_accusations] == list(game.accused_wrongly)
    assert game.is_over == (game.phase == "over")
    outcome = game.outcome
    if game.is_over:
        assert outcome is not None and len(outcome.winners) <= 1
        if game.winner is None:
            assert all(seat.eliminated for seat in seats.values())
            assert outcome.winners == ()
        else:
            assert outcome.winners == (game.winner,)
            assert not seats[game.winner].eliminated
    else:
        assert outcome is None and game.winner is None
    if game.phase == "deal":
        return  # the deal is under way (external dice): hands and pawns come one by one
    # Mystery cards: 3 in the envelope, one per category, and 18 across the hands, all distinct.
    envelope = game.envelope
    assert len(envelope) == 3
    assert [cl.category_of(card) for card in envelope] == ["suspect", "item", "location"]
    held = card_holders(game)
    assert len(held) == 18
    assert sorted(held + list(envelope)) == sorted(cl.MYSTERY_CARDS)
    sizes = [len(seats[name].hand) for name in game.order]
    assert max(sizes) - min(sizes) <= 1
    assert sizes == sorted(sizes, reverse=True)  # dealt from the first player round the table
    for seat in seats.values():
        assert list(seat.hand) == sorted(seat.hand, key=CARD_ORDER.__getitem__)
    # Students and pawns.
    students = [seat.student for seat in seats.values()]
    assert None not in students and len(set(students)) == count
    assert game.missing in cl.STUDENTS and game.missing not in students
    for player, student in game.setup.students.items():
        assert seats[player].student == student
    squares = []
    for seat in seats.values():
        position = seat.position
        if isinstance(position, tuple):
            assert BOARD.walkable(position), (seat.name, position)
            squares.append(position)
        else:
            assert position in BOARD.locations, (seat.name, position)
    assert len(set(squares)) == len(squares), "two pawns share a corridor square"
    # Tokens stand in locations; the whose-turn bookkeeping is consistent.
    for token, where in game.tokens.items():
        assert token in SUSPECT_OR_ITEM and where in LOCATION_SET
    if game.phase == "play":
        current = game.current_player
        assert current is not None and not seats[current].eliminated
        assert game.step in ("roll", "move", "act")
        assert (game.green == 0) == (game.step == "roll")
        if game.step == "act" and game.pending is None:
            assert game.entered in (*cl.LOCATIONS, cl.BURROW)
            assert seats[current].position == game.entered
    # A player asked to decide out of turn may be eliminated only to refute.
    if to_act and to_act != (CHANCE,) and seats[to_act[0]].eliminated:
        assert all(isinstance(a, cl.ShowCard) for a in game.legal_actions())


def check_step(step: Step) -> None:
    """Facts about one action: what may change, and how."""
    before, action, after = step.before, step.action, step.after
    check_invariants(after)
    if isinstance(action, cl.PlayerAction) and before.pending is None:
        # An eliminated player never takes a turn.
        assert not before.seats[action.player].eliminated
        assert action.player == before.current_player
    for name, seat in after.seats.items():
        old = before.seats[name]
        if old.eliminated:
            assert seat.eliminated and seat.position == old.position  # an eliminated pawn stays
        if before.phase != "deal":
            assert seat.hand == old.hand
            assert seat.floo <= old.floo  # Floo powder is only ever paid
    if before.phase != "deal":
        assert after.envelope == before.envelope
    # Every card shown is recorded for the two players who saw it, and matches the events.
    shown_now = [e for e in step.events if isinstance(e, cl.CardShown)]
    assert after.shown[: len(before.shown)] == before.shown
    assert list(after.shown[len(before.shown) :]) == [
        (e.suggester, e.refuter, e.card) for e in shown_now
    ]
    suggestions = {
        (e.player, e.suspect, e.item, e.location)
        for e in step.events
        if isinstance(e, cl.Suggested)
    }
    for event in step.events:
        if isinstance(event, cl.CardShown):
            ((_, suspect, item, location),) = suggestions or {
                (r.player, r.suspect, r.item, r.location) for r in after.suggestions[-1:]
            }
            assert event.card in after.seats[event.refuter].hand
            assert event.card in (suspect, item, location)
        elif isinstance(event, cl.Passed) and suggestions:
            ((_, suspect, item, location),) = suggestions
            assert not {suspect, item, location} & set(after.seats[event.player].hand)


def check_purity(step: Step) -> None:
    """The same action again gives an equal game and equal events; the game is unchanged."""
    before_state = before_snapshot(step.before)
    again, events = step.before.apply(step.action)
    assert again == step.after
    assert events == step.events
    assert before_snapshot(step.before) == before_state


def before_snapshot(game: cl.Game) -> tuple[Any, ...]:
    """A copy of everything a game holds (its state as fresh JSON data, and its values)."""
    return (
        game._state_dict(),
        game.history,
        game.pending,
        game.dice,
        game.help_deck,
        game.dark_deck,
        game.shown,
        game.suggestions,
    )


def check_listed_actions(game: cl.Game) -> None:
    """Every listed legal action passes `check`; each belongs to the player to act."""
    actions = game.legal_actions()
    assert len(set(actions)) == len(actions)
    for action in actions:
        game.check(action)
        assert game.can_apply(action)
        if action.actor is not None:
            assert game.to_act == (action.actor,)
    by_player = [a for name in game.seats for a in game.legal_actions(name)]
    if game.to_act in ((), (CHANCE,)):
        assert by_player == []
    else:
        assert sorted(map(repr, by_player)) == sorted(map(repr, actions))


def assert_round_trips(game: cl.Game) -> None:
    """Replay and the JSON round trip give the same game, which goes on the same way."""
    replayed = cl.Game.replay(game.record)
    assert replayed == game
    data = json.loads(json.dumps(game.to_dict()))
    loaded = cl.Game.from_dict(data)
    assert loaded == game
    assert loaded.to_act == game.to_act
    assert loaded.legal_actions() == game.legal_actions()
    assert loaded.awaiting == game.awaiting
    for name in (*game.seats, None):
        assert loaded.view(name) == game.view(name)
    actions = game.legal_actions()
    if actions:
        action = actions[len(actions) // 2]
        assert loaded.apply(action) == game.apply(action)
        assert replayed.apply(action) == game.apply(action)


# ================================================================= what a player may know


def may_know(game: cl.Game, player: str) -> frozenset[str]:
    """The mystery cards ``player`` may see named: their hand, the cards shown to or by them,
    every card named aloud (suggestions, accusations, tokens), and the envelope if they
    looked in it or the game is over."""
    known = set(game.seats[player].hand)
    known |= {card for suggester, refuter, card in game.shown if player in (suggester, refuter)}
    for record in game.suggestions:
        known |= {record.suspect, record.item, record.location}
    for _, suspect, item, location in game.wrong_accusations:
        known |= {suspect, item, location}
    known |= set(game.tokens) | set(game.tokens.values())  # (a suggestion being refuted, too)
    if game.is_over or player in game.accused_wrongly:
        known |= set(game.envelope)
    return frozenset(known)


def secret_cards(game: cl.Game, player: str) -> frozenset[str]:
    """The cards of any hand or of the envelope that ``player`` may not know."""
    return frozenset((*card_holders(game), *game.envelope)) - may_know(game, player)


def walk(value: Any, path: tuple[str, ...] = ()) -> Iterator[tuple[tuple[str, ...], str]]:
    """Every string of a JSON structure (keys included) with where it stands."""
    if isinstance(value, str):
        yield path, value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield (*path, "<key>"), str(key)
            yield from walk(item, (*path, str(key)))
    elif isinstance(value, list | tuple):
        for index, item in enumerate(value):
            yield from walk(item, (*path, str(index)))


def cards_in_text(text: str, cards: frozenset[str]) -> set[str]:
    return {card for card in cards if card in text}


# The events that speak of mystery cards (the others may name places: wheels, rooms).
CARD_EVENTS = (
    cl.CardsDealt,
    cl.CardShown,
    cl.HelpCardDrawn,
    cl.AccusationChecked,
    cl.GameEnded,
    cl.Suggested,
    cl.Accused,
    cl.Passed,
    cl.Unrefuted,
)
# Where a location's name is a place on the board, not a statement about a card.
VIEW_PLACES = {"wheels", "lit_fireplaces", "entered"}


def check_view(game: cl.Game, player: str) -> None:
    """(a) The view holds the player's own secrets and public facts, nothing else."""
    view = game.view(player)
    seat = game.seats[player]
    known = may_know(game, player)
    secret = secret_cards(game, player)
    assert view.player == player
    assert view.hand == seat.hand
    assert view.hidden_help == seat.hidden_help
    assert view.shown_to_me == tuple((r, c) for s, r, c in game.shown if s == player)
    assert view.shown_by_me == tuple((s, c) for s, r, c in game.shown if r == player)
    if game.is_over or player in game.accused_wrongly:
        assert view.envelope == game.envelope
    else:
        assert view.envelope == ()
    assert view.legal_actions == seat_actions(game, player)
    if game.to_act:
        assert view.legal_actions == game.legal_actions(player)
    for other in view.seats:
        real = game.seats[other.name]
        assert other.hand_size == len(real.hand)
        assert other.hidden_help == len(real.hidden_help)
        assert other.help_cards == real.help_cards
    data = view.to_dict()
    json.dumps(data)
    # Nothing that only the full game holds.
    keys = {key for path, key in walk(data) if path and path[-1] == "<key>"}
    assert not keys & {"dice", "seed", "state", "help_deck", "dark_deck", "shown", "pending"}
    assert "hand" not in {key for key in data["seats"][0]}
    for path, text in walk(data):
        if path and path[0] == "legal_actions":
            continue  # checked below: they enumerate every suspect, item and location
        if text in CARD_SET:
            place = path[0] in VIEW_PLACES or path[-1] == "position"
            if place and text in LOCATION_SET:
                continue  # a pawn's place, a wheel, a fireplace, the location entered
            assert text in known, f"{player}'s view shows {text!r} at {'.'.join(path)}"
        else:
            leaked = cards_in_text(text, secret)
            if path and path[0] in VIEW_PLACES:
                leaked -= LOCATION_SET
            assert not leaked, f"{player}'s view shows {leaked} in {'.'.join(path)}"
    for action in view.legal_actions:
        if isinstance(action, cl.ShowCard):
            assert action.card in seat.hand
        elif isinstance(action, cl.Protect):
            assert action.card in seat.all_help
    assert cards_in_text(view.prompt, secret) == set()


def may_know_table(game: cl.Game) -> frozenset[str]:
    """The mystery cards the table (a spectator) may see named: every card named aloud, and
    the envelope once the game is over."""
    known: set[str] = set()
    for record in game.suggestions:
        known |= {record.suspect, record.item, record.location}
    for _, suspect, item, location in game.wrong_accusations:
        known |= {suspect, item, location}
    known |= set(game.tokens) | set(game.tokens.values())
    if game.is_over:
        known |= set(game.envelope)
    return frozenset(known)


def check_table_view(game: cl.Game) -> None:
    """(a) The table's view: public facts only, nobody's cards, no legal action."""
    view = game.view(None)
    assert view.player is None and view.viewer is None
    with pytest.raises(ValueError):
        view.me  # noqa: B018 - the table's view belongs to no player
    assert view.hand == () and view.hidden_help == ()
    assert view.shown_to_me == () and view.shown_by_me == ()
    assert view.legal_actions == ()
    assert view.envelope == (game.envelope if game.is_over else ())
    assert view.to_act == game.to_act
    assert view.seats == game.view(game.order[0]).seats  # every seat as everyone sees it
    for name in game.seats:
        mine = game.view(name)
        for field in ("suggestions", "wrong_accusations", "tokens", "wheels", "step", "phase"):
            assert getattr(view, field) == getattr(mine, field), field
    data = view.to_dict()
    json.dumps(data)
    keys = {key for path, key in walk(data) if path and path[-1] == "<key>"}
    assert not keys & {"dice", "seed", "state", "help_deck", "dark_deck", "shown", "pending"}
    assert data["hand"] == [] and data["legal_actions"] == [] and data["shown_to_me"] == []
    known = may_know_table(game)
    secret = frozenset((*card_holders(game), *game.envelope)) - known
    for path, text in walk(data):
        if text in CARD_SET:
            place = path[0] in VIEW_PLACES or path[-1] == "position"
            if place and text in LOCATION_SET:
                continue
            assert text in known, f"the table's view shows {text!r} at {'.'.join(path)}"
        else:
            leaked = cards_in_text(text, secret)
            if path and path[0] in VIEW_PLACES:
                leaked -= LOCATION_SET
            assert not leaked, f"the table's view shows {leaked} in {'.'.join(path)}"
    assert cards_in_text(view.prompt, secret) == set()
    hidden_help = {card for seat in game.seats.values() for card in seat.hidden_help}
    help_text = json.dumps(data)
    for card in hidden_help - {c for seat in game.seats.values() for c in seat.help_cards}:
        assert f'"{card}"' not in help_text, f"the table's view names the face-down {card!r}"


def scramble(game: cl.Game, viewer: str | None, rng: random.Random) -> cl.Game:
    """A game that differs from ``game`` only in what ``viewer`` may not know.

    Other players' hands and the envelope (where the viewer has not seen it) are
    re-dealt among themselves, face-down Help cards of others are swapped with the
    deck, cards shown between others change, the decks are reordered and the dice
    reseeded. ``viewer=None`` scrambles every secret (for `repr`).
    """
    seats = dict(game.seats)
    shown_to_viewer = (
        {card for s, r, card in game.shown if viewer in (s, r)} if viewer is not None else set()
    )
    slots: list[tuple[str, int]] = []
    for name, seat in seats.items():
        if name == viewer:
            continue
        for index, card in enumerate(seat.hand):
            if card not in shown_to_viewer:
                slots.append((name, index))
    hands = {name: list(seat.hand) for name, seat in seats.items()}
    cards = [hands[name][index] for name, index in slots]
    rng.shuffle(cards)
    for (name, index), card in zip(slots, cards, strict=True):
        hands[name][index] = card
    envelope = list(game.envelope)
    envelope_secret = viewer is None or not (game.is_over or viewer in game.accused_wrongly)
    if envelope and envelope_secret:
        for position in range(len(envelope)):
            same_kind = [
                (name, index)
                for name, index in slots
                if cl.category_of(hands[name][index]) == cl.category_of(envelope[position])
            ]
            if same_kind:
                name, index = rng.choice(same_kind)
                envelope[position], hands[name][index] = hands[name][index], envelope[position]
    help_deck = list(game.help_deck)
    for name, seat in seats.items():
        hidden = list(seat.hidden_help)
        if name != viewer:
            for index in range(len(hidden)):
                if help_deck:
                    pick = rng.randrange(len(help_deck))
                    hidden[index], help_deck[pick] = help_deck[pick], hidden[index]
        seats[name] = attrs.evolve(
            seat,
            hand=tuple(sorted(hands[name], key=CARD_ORDER.__getitem__)),
            hidden_help=tuple(hidden),
        )
    shown = tuple(
        (s, r, c) if viewer in (s, r) else (s, r, rng.choice(cl.MYSTERY_CARDS))
        for s, r, c in game.shown
    )
    return attrs.evolve(
        game,
        seats=FrozenMap(seats),
        envelope=tuple(envelope),
        help_deck=tuple(reversed(help_deck)),
        dark_deck=tuple(reversed(game.dark_deck)),
        shown=shown,
        dice=SeededDice(rng.randrange(2**64)),
    )


def check_view_hides_secrets(game: cl.Game, player: str | None, rng: random.Random) -> None:
    """(a) The view is the same whatever the secrets the player (or the table) may not know."""
    other = scramble(game, player, rng)
    assert other.view(player) == game.view(player)
    assert other.view(player).to_dict() == game.view(player).to_dict()


def check_events(step: Step) -> None:
    """(b) Each player sees every event, with other players' secrets redacted."""
    after = step.after
    for player in after.seats:
        seen = events_for(step.events, player)
        assert len(seen) == len(step.events)  # nothing is dropped, only redacted
        known = may_know(after, player)
        own_help = set(after.seats[player].all_help) | set(step.before.seats[player].all_help)
        for full, mine in zip(step.events, seen, strict=True):
            assert type(mine) is type(full)
            if full.is_public:
                assert mine == full
            secret_help = ""
            match full:
                case cl.CardsDealt():
                    assert isinstance(mine, cl.CardsDealt) and mine.count == full.count
                    assert mine.cards == (full.cards if player == full.player else ())
                case cl.CardShown():
                    assert isinstance(mine, cl.CardShown)
                    involved = player in (full.refuter, full.suggester)
                    assert mine.card == (full.card if involved else "")
                    assert (mine.refuter, mine.suggester) == (full.refuter, full.suggester)
                case cl.HelpCardDrawn():
                    assert isinstance(mine, cl.HelpCardDrawn)
                    if full.face_down and player != full.player:
                        assert mine.card == ""
                        secret_help = full.card
                    else:
                        assert mine == full
                case cl.AccusationChecked():
                    assert isinstance(mine, cl.AccusationChecked)
                    if full.correct or player == full.player:
                        assert mine == full
                    else:
                        assert mine.solution == () and mine.correct is False
                case _:
                    assert mine == full
            data = mine.to_dict()
            json.dumps(data)
            assert type(full).from_dict(data) == mine
            for path, text in walk(data):
                field = path[0] if path else ""
                if field in ("description", "text", "reason", "origin", "destination", "path"):
                    continue  # narration and places: checked below / public by nature
                if field in ("wheel", "black") and text in LOCATION_SET:
                    continue  # a wheel, or a face of the black die
                if text in CARD_SET:
                    assert text in known, f"{player} sees {text!r} in {data}"
            description = mine.description
            leaked = cards_in_text(description, CARD_SET - known)
            if not isinstance(mine, CARD_EVENTS):
                leaked -= LOCATION_SET  # places, wheels and die faces
                leaked -= cards_in_text(getattr(mine, "text", ""), CARD_SET)  # a Dark card
            assert not leaked, f"{player} reads {leaked} in {description!r}"
            if secret_help and secret_help not in own_help:
                assert secret_help not in description
                assert secret_help not in json.dumps(data)


def check_repr(game: cl.Game, rng: random.Random) -> None:
    """(d) `repr` and `str` show public facts only."""
    text = repr(game)
    assert len(text) <= 120 and repr(scramble(game, None, rng)) == text
    if not game.is_over:  # (the envelope is on the table at the end)
        assert str(scramble(game, None, rng)) == str(game)
    positions = {seat.position for seat in game.seats.values()}
    for card in (*card_holders(game), *game.envelope):
        if card in LOCATION_SET and card in positions:
            continue  # a pawn stands there
        assert card not in text, f"repr shows {card!r}: {text}"
    for seat in game.seats.values():
        shown = repr(seat)
        assert "hand" not in shown and "hidden_help" not in shown
        for card in (*seat.hand, *seat.hidden_help):
            if card in seat.help_cards or card == seat.position:
                continue
            assert card not in shown, f"repr(seat) shows {card!r}: {shown}"


def refusal(game: cl.Game, action: Action) -> IllegalActionError:
    """The error ``game`` raises for ``action``, having checked that it changes nothing."""
    before = before_snapshot(game)
    legal = game.legal_actions()
    assert not game.can_apply(action)
    with pytest.raises(IllegalActionError) as caught:
        game.apply(action)
    with pytest.raises(IllegalActionError) as checked:
        game.check(action)
    assert checked.value.code == caught.value.code
    assert before_snapshot(game) == before
    assert game.legal_actions() == legal
    return caught.value


def named_in(action: Action) -> set[str]:
    return {str(value) for value in attrs.asdict(action).values()}


def check_refusal_messages(game: cl.Game, rng: random.Random) -> None:
    """(c) and (e): players not to act have no action, and the refusals tell them no secret."""
    to_act = game.to_act
    for player in game.seats:
        if player in to_act:
            continue
        assert game.legal_actions(player) == ()
        attempts: list[Action] = [
            cl.ShowCard(player, rng.choice(cl.MYSTERY_CARDS)),
            cl.Accuse(
                player, rng.choice(cl.SUSPECTS), rng.choice(cl.ITEMS), rng.choice(cl.LOCATIONS)
            ),
            cl.Suggest(player, rng.choice(cl.SUSPECTS), rng.choice(cl.ITEMS)),
            cl.Protect(player, rng.choice(HELP_NAMES)),
            cl.MoveTo(player, rng.choice(cl.LOCATIONS)),
        ]
        other = scramble(game, player, rng)
        secret = secret_cards(game, player)
        for action in attempts:
            error = refusal(game, action)
            leaked = cards_in_text(error.message, secret) - named_in(action)
            assert not leaked, f"refusing {action!r} tells {player} of {leaked}: {error.message}"
            again = refusal(other, action)
            assert (again.code, again.message) == (error.code, error.message)
    # The refuter showing a card they do not hold.
    if not isinstance(game.awaiting, Decision):
        return
    (player,) = to_act
    if not all(isinstance(a, cl.ShowCard) for a in game.legal_actions()):
        return
    secret = secret_cards(game, player)
    other = scramble(game, player, rng)
    for card in cl.MYSTERY_CARDS:
        action = cl.ShowCard(player, card)
        if action in game.legal_actions():
            continue
        error = refusal(game, action)
        assert not cards_in_text(error.message, secret) - {card}, error.message
        again = refusal(other, action)
        assert (again.code, again.message) == (error.code, error.message)


# ================================================================= 1. games end, invariants hold


@examples(8)
@given(config=configs(), data=st.data())
def test_random_games_end_and_keep_the_invariants(config: Config, data: st.DataObject) -> None:
    steps = 0
    game = config.new_game()
    check_invariants(game)
    for step in play(config, data):
        steps += 1
        check_step(step)
        check_purity(step)
        check_listed_actions(step.after)
        game = step.after
    assert game.is_over
    assert steps <= ACTION_BOUND
    statistic("ended by " + ("a correct accusation" if game.winner else "wrong accusations"))
    statistic(f"actions: {'< 500' if steps < 500 else '< 2000' if steps < 2000 else '>= 2000'}")


@pytest.mark.parametrize("count", [3, 4, 5])
def test_random_bot_games_end_by_wrong_accusations(count: int) -> None:
    endings: Counter[str] = Counter()
    for seed in range(2):
        config = Config(
            players=NAMES[:count],
            seed=seed * 1_000 + count,
            first_player=NAMES[(seed + count) % count],
            students=(),
            kinds=("random",) * count,
            bot_seed=seed,
            drawn_budget=0,
        )
        game = final_game(play(config))
        check_invariants(game)
        assert game.is_over
        outcome = game.outcome
        assert outcome is not None
        endings[outcome.reason] += 1
        if game.winner is None:
            assert outcome.reason == "all_eliminated"
            assert len(game.accused_wrongly) == count
    # A random accusation is right once in 324: nearly every RandomBot game ends with nobody.
    assert endings["all_eliminated"] >= 1


@pytest.mark.parametrize("count", [3, 4, 5])
def test_notebook_bot_games_end_with_a_correct_accusation(count: int) -> None:
    for seed in range(3):
        config = Config(
            players=NAMES[:count],
            seed=seed,
            first_player=None,
            students=(),
            kinds=("notebook",) * count,
            bot_seed=0,
            drawn_budget=0,
        )
        game = final_game(play(config))
        assert game.winner is not None
        assert game.accused_wrongly == ()  # its deductions are sound
        assert (len(game.history)) < 1_000


# ================================================================= 2. purity, replay, round trip


def decision_kind(game: cl.Game) -> str | None:
    request = game.awaiting
    if request is None or game.to_act == (CHANCE,):
        return None
    first = game.legal_actions()[0]
    return type(first).__name__


@examples(8)
@given(
    config=configs(), data=st.data(), fractions=st.lists(st.floats(0, 1), min_size=2, max_size=2)
)
def test_replay_and_round_trip_at_midpoints_decisions_and_end(
    config: Config, data: st.DataObject, fractions: list[float]
) -> None:
    games: list[cl.Game] = []
    first_of_kind: dict[str, cl.Game] = {}
    for step in play(config, data):
        games.append(step.after)
        kind = decision_kind(step.after)
        if kind is not None and kind not in first_of_kind:
            first_of_kind[kind] = step.after
    for fraction in fractions:
        assert_round_trips(games[min(int(fraction * len(games)), len(games) - 1)])
    for game in first_of_kind.values():
        assert_round_trips(game)
    assert_round_trips(games[-1])
    # The first player without a student chosen in advance picks among 5 - (chosen) students.
    choosing = len(config.students) < len(config.players)
    assert ("ChooseStudent" in first_of_kind) == (choosing and 5 - len(config.students) >= 2)


def seek_decisions(seeds: range) -> dict[str, cl.Game]:
    """Games stopped at each kind of decision, from NotebookBot games."""
    found: dict[str, cl.Game] = {}
    for seed in seeds:
        config = Config(NAMES[:4], seed, None, (), ("notebook",) * 4, 0, 0)
        for step in play(config):
            kind = decision_kind(step.after)
            if kind is not None and kind not in found:
                found[kind] = step.after
        if {"ChooseStudent", "ShowCard", "Protect"} <= set(found):
            break
    return found


@pytest.fixture(scope="module")
def decisions() -> dict[str, cl.Game]:
    return seek_decisions(range(40))


@pytest.mark.parametrize("kind", ["ChooseStudent", "ShowCard", "Protect"])
def test_round_trip_mid_decision(decisions: dict[str, cl.Game], kind: str) -> None:
    game = decisions[kind]
    assert len(game.to_act) == 1
    assert len(game.legal_actions()) >= (1 if kind == "ShowCard" else 2)
    if kind == "Protect":
        assert isinstance(game.legal_actions()[-1], cl.PayFloo)
    assert_round_trips(game)
    for action in game.legal_actions():
        after, events = game.apply(action)
        check_invariants(after)
        again, events_again = game.apply(action)
        assert (again, events_again) == (after, events)
        assert cl.Game.replay(after.record) == after
    check_refusal_messages(game, random.Random(kind))
    rng = random.Random(1)
    for name in game.seats:
        check_view(game, name)
        check_view_hides_secrets(game, name, rng)


# ================================================================= 3. legal and illegal actions


def illegal_actions(game: cl.Game, rng: random.Random) -> list[Action]:
    """Actions the rules forbid in this state."""
    found: list[Action] = []
    current = game.current_player
    others = [name for name in game.seats if name != current]
    request = game.awaiting
    if request is not None:
        (decider,) = game.to_act
        options = game.legal_actions()
        if all(isinstance(a, cl.ShowCard) for a in options):
            hand = set(game.seats[decider].hand)
            unheld = [card for card in cl.MYSTERY_CARDS if card not in hand]
            found += [cl.ShowCard(decider, card) for card in rng.sample(unheld, 4)]
            wrong = [n for n in game.seats if n != decider]
            found += [
                cl.ShowCard(rng.choice(wrong), a.card)
                for a in options
                if isinstance(a, cl.ShowCard)
            ]
        found.append(cl.RollDice(decider))
        if current is not None:
            found.append(cl.EndTurn(current))
        return found
    if current is None:
        return found
    seat = game.seats[current]
    found += [cl.RollDice(name) for name in others]
    found += [cl.EndTurn(name) for name in others]
    found.append(cl.Accuse(rng.choice(others), *sample_accusation(rng)))
    found.append(cl.ShowCard(current, rng.choice(cl.MYSTERY_CARDS)))
    if isinstance(seat.position, tuple):
        found.append(cl.Suggest(current, rng.choice(cl.SUSPECTS), rng.choice(cl.ITEMS)))
    if game.step == "roll":
        found.append(cl.EndTurn(current))
        found.append(cl.MoveTo(current, rng.choice(cl.LOCATIONS)))
    elif game.step == "move":
        reached = {a.destination for a in game.legal_actions() if isinstance(a, cl.MoveTo)}
        far = [cl.cell_name(c) for c in WALKABLE if cl.cell_name(c) not in reached]
        found.append(cl.MoveTo(current, rng.choice(far)))
        found += [cl.MoveTo(current, loc) for loc in BOARD.locations if loc not in reached][:2]
        found.append(cl.MoveTo(current, "99,99"))
        found.append(cl.Suggest(current, rng.choice(cl.SUSPECTS), rng.choice(cl.ITEMS)))
        found.append(cl.Accuse(current, *sample_accusation(rng)))
        if isinstance(seat.position, str) and any(
            isinstance(a, cl.MoveTo) for a in game.legal_actions()
        ):
            found.append(cl.StayPut(current))  # a pawn in a location must leave it
    else:
        if game.entered == cl.BURROW:
            found.append(cl.Suggest(current, rng.choice(cl.SUSPECTS), rng.choice(cl.ITEMS)))
            found.append(cl.Accuse(current, "Harry", cl.ITEMS[0], cl.LOCATIONS[0]))
            found.append(cl.Accuse(current, cl.SUSPECTS[0], cl.ITEMS[0], cl.BURROW))
        else:
            found.append(cl.Accuse(current, *sample_accusation(rng)))
            found.append(cl.Suggest(current, cl.ITEMS[0], cl.SUSPECTS[0]))
        found.append(cl.RollDice(current))
        found.append(cl.StayPut(current))
    return found


def sample_accusation(rng: random.Random) -> tuple[str, str, str]:
    return rng.choice(cl.SUSPECTS), rng.choice(cl.ITEMS), rng.choice(cl.LOCATIONS)


@examples(6)
@given(config=configs(need_notebook=True), data=st.data())
def test_illegal_actions_are_refused_and_change_nothing(
    config: Config, data: st.DataObject
) -> None:
    rng = random.Random(config.seed)
    kinds: Counter[str] = Counter()
    for step in play(config, data):
        game = step.after
        (deciding,) = game.to_act or (None,)
        for action in illegal_actions(game, rng):
            assert action not in game.legal_actions()
            error = refusal(game, action)
            kinds[type(action).__name__] += 1
            if action.actor != deciding:
                assert error.code == "not_your_turn", (action, error)
            elif isinstance(action, cl.MoveTo) and game.step == "move" and not game.pending:
                assert error.code == "unreachable", (action, error)
    assert kinds["RollDice"] and kinds["MoveTo"] and kinds["Suggest"] and kinds["Accuse"]


def test_suggestions_and_accusations_only_where_the_rules_allow() -> None:
    """Suggest in a corridor or The Burrow, Accuse outside The Burrow: all refused."""
    config = Config(NAMES[:3], 5, None, (), ("notebook",) * 3, 0, 0)
    seen: set[str] = set()
    for step in play(config):
        game = step.after
        current = game.current_player
        if current is None or game.pending is not None:
            continue
        seat = game.seats[current]
        suggest = cl.Suggest(current, cl.SUSPECTS[0], cl.ITEMS[0])
        accuse = cl.Accuse(current, cl.SUSPECTS[0], cl.ITEMS[0], cl.LOCATIONS[0])
        if isinstance(seat.position, tuple):
            refusal(game, suggest)
            seen.add("corridor")
        if game.step == "act" and game.entered == cl.BURROW:
            assert refusal(game, suggest).code == "burrow"
            seen.add("burrow")
        if game.step == "act" and game.entered in LOCATION_SET:
            assert refusal(game, accuse).code == "not_in_burrow"
            seen.add("location")
    assert seen == {"corridor", "burrow", "location"}


# ================================================================= 4. nothing leaks


@examples(6)
@given(config=configs(need_notebook=True), data=st.data())
def test_no_player_learns_a_secret(config: Config, data: st.DataObject) -> None:
    rng = random.Random(config.bot_seed)
    game = config.new_game()
    for player in game.seats:
        check_view(game, player)
    for step in play(config, data):
        game = step.after
        check_events(step)
        for player in game.seats:
            check_view(game, player)
            check_view_hides_secrets(game, player, rng)
        check_table_view(game)
        if not game.is_over:  # at the end the table sees the envelope: scrambling it shows
            check_view_hides_secrets(game, None, rng)
        check_repr(game, rng)
        check_refusal_messages(game, rng)
    assert game.is_over


def test_the_table_sees_public_facts_only_and_the_envelope_at_the_end() -> None:
    config = Config(NAMES[:4], 3, None, (("Ann", "Luna"),), ("notebook",) * 4, 0, 0)
    game = config.new_game()
    check_table_view(game)
    decisions: Counter[str] = Counter()
    for step in play(config):
        game = step.after
        check_table_view(game)
        table = game.view(None)
        if not game.is_over:
            assert table.envelope == ()
        kind = decision_kind(game)
        if kind is not None:
            decisions[kind] += 1
            (decider,) = game.to_act
            assert table.legal_actions == () and table.to_act == (decider,)
            assert game.view(decider).legal_actions == game.legal_actions()
    assert game.is_over and game.view(None).envelope == game.envelope
    assert game.view(None).winner == game.winner
    assert decisions["ChooseStudent"] and decisions["ShowCard"]


def test_seat_repr_hides_the_hand() -> None:
    game, _ = cl.new_game(
        list(NAMES[:3]), seed=11, students={"Ann": "Harry", "Ben": "Ron", "Cat": "Luna"}
    ).apply(cl.Deal())
    for seat in game.seats.values():
        text = repr(seat)
        assert seat.hand and seat.hidden_help
        for card in seat.hand:
            assert card not in text
        for card in seat.hidden_help:
            assert card not in text
    for card in (*card_holders(game), *game.envelope):
        if card not in {seat.position for seat in game.seats.values()}:
            assert card not in repr(game)


# ================================================================= 5. external dice


def checked_outcomes(game: cl.Game) -> tuple[tuple[ChanceOutcome, Fraction], ...]:
    outcomes = game.chance_outcomes()
    assert outcomes
    assert all(type(p) is Fraction and p > 0 for _, p in outcomes)
    assert sum(p for _, p in outcomes) == 1
    values = [o.value for o, _ in outcomes]
    assert len(set(values)) == len(values)
    assert game.legal_actions() == tuple(o for o, _ in outcomes)
    assert game.legal_actions(CHANCE) == game.legal_actions()
    for name in game.seats:
        assert game.legal_actions(name) == ()
        assert game.view(name).legal_actions == ()
    return outcomes


def chance_chooser(
    data: st.DataObject, budget: int, rng: random.Random
) -> Callable[[cl.Game], Action]:
    """Hypothesis draws the first ``budget`` chance outcomes, then a seeded draw by probability."""
    drawn = 0

    def choose(game: cl.Game) -> Action:
        nonlocal drawn
        outcomes = checked_outcomes(game)
        if drawn < budget:
            drawn += 1
            return data.draw(st.sampled_from([o for o, _ in outcomes]), label="chance")
        weights = [float(p) for _, p in outcomes]
        return rng.choices([o for o, _ in outcomes], weights)[0]

    return choose


@examples(5)
@given(
    config=configs(kinds=("notebook", "random"), need_notebook=True, external=True),
    data=st.data(),
    budget=st.integers(25, 60),
    checkpoints=st.lists(st.integers(0, 3_000), min_size=2, max_size=3),
)
def test_external_dice_games(
    config: Config, data: st.DataObject, budget: int, checkpoints: list[int]
) -> None:
    rng = random.Random(config.seed)
    chance = chance_chooser(data, budget, rng)
    dealt = False
    game = config.new_game()
    mid_chance: list[cl.Game] = []
    for index, step in enumerate(play(config, data, chance), start=1):
        game = step.after
        check_invariants(game)
        if game.phase != "deal" and not dealt:
            dealt = True
            # The deal, card by card: the envelope's three cards and 18 cards dealt.
            draws = [a for a in game.history if isinstance(a, ChanceOutcome)]
            count = len(config.players)
            assert len(draws) == 1 + 3 + 18 + count
            assert game.missing == draws[0].value
            assert game.envelope == tuple(d.value for d in draws[1:4])
            dealt_cards = [str(d.value) for d in draws[4:22]]
            for i, card in enumerate(dealt_cards):
                assert card in game.seats[game.order[i % count]].hand
            assert_round_trips(game)
        if game.to_act == (CHANCE,) and (
            index in checkpoints or (not mid_chance and game.phase == "deal")
        ):
            mid_chance.append(game)
    assert dealt and game.is_over
    for stopped in mid_chance:
        assert stopped.to_act == (CHANCE,)
        assert_round_trips(stopped)
    assert_round_trips(game)


def test_external_deal_probabilities_are_exact() -> None:
    game, _ = cl.new_game(list(NAMES[:4]), dice=ExternalDice()).apply(cl.Deal())
    outcomes = checked_outcomes(game)
    assert {o.value for o, _ in outcomes} == set(cl.STUDENTS)  # the missing student
    assert {p for _, p in outcomes} == {Fraction(1, 6)}
    game, _ = game.apply(ChanceOutcome("Luna"))
    while game.to_act != (CHANCE,):
        (player,) = game.to_act
        game, _ = game.apply(game.legal_actions(player)[0])
    for kind, cards in (("suspect", cl.SUSPECTS), ("item", cl.ITEMS), ("location", cl.LOCATIONS)):
        outcomes = checked_outcomes(game)
        assert {o.value for o, _ in outcomes} == set(cards), kind
        assert {p for _, p in outcomes} == {Fraction(1, len(cards))}
        game, _ = game.apply(outcomes[-1][0])
    for left in range(18, 0, -1):
        outcomes = checked_outcomes(game)
        assert len(outcomes) == left and {p for _, p in outcomes} == {Fraction(1, left)}
        if left in (18, 9, 1):
            assert_round_trips(game)
        game, _ = game.apply(outcomes[0][0])
    outcomes = checked_outcomes(game)  # the first Help card, face down
    assert sum(p for _, p in outcomes) == 1
    assert {o.value for o, _ in outcomes} == set(HELP_NAMES)
    assert dict((o.value, p) for o, p in outcomes)["Alohomora"] == Fraction(3, 29)
    for _ in range(4):
        game, _ = game.apply(checked_outcomes(game)[0][0])
    check_invariants(game)
    assert game.phase == "play" and game.to_act == (game.order[0],)


# ================================================================= helpers' own sanity


def test_scramble_changes_secrets_but_not_the_view() -> None:
    game, _ = cl.new_game(list(NAMES[:4]), seed=3).apply(cl.Deal())
    while game.phase == "deal":
        game, _ = game.apply(game.legal_actions()[0])
    rng = random.Random(0)
    changed = False
    for _ in range(5):
        other = scramble(game, "Ann", rng)
        assert other.seats["Ann"].hand == game.seats["Ann"].hand
        check_invariants(other)
        changed |= other.envelope != game.envelope or any(
            other.seats[n].hand != game.seats[n].hand for n in game.seats
        )
        assert other.view("Ann") == game.view("Ann")
    assert changed
    assert any(
        scramble(game, None, rng).seats["Ann"].hand != game.seats["Ann"].hand for _ in range(5)
    )


def test_walk_finds_every_string() -> None:
    found = list(walk({"a": ["x", {"b": "y"}], "c": 1}))
    assert found == [
        (("<key>",), "a"),
        (("a", "0"), "x"),
        (("a", "1", "<key>"), "b"),
        (("a", "1", "b"), "y"),
        (("<key>",), "c"),
    ]


# ================================================================= 6. leaks once found

TABLE_ENVELOPE = ("Scabior", "Stupefy", "Hogwarts")
ANN_HAND = (
    "Fenrir Greyback",
    "Lucius Malfoy",
    "Poisoned Mead",
    "Malfoy Manor",
    "Hog's Head",
    "Shrieking Shack",
)
BEN_HAND = (
    "Draco Malfoy",
    "Jinxed Broomstick",
    "Cursed Necklace",
    "Forbidden Forest",
    "Weasleys' Wizard Wheezes",
    "Ministry of Magic",
)
CAT_HAND = (
    "Peter Pettigrew",
    "Bellatrix Lestrange",
    "Love Potion",
    "Incendio",
    "Gringotts",
    "12 Grimmauld Place",
)


def table(hands: Sequence[Sequence[str]], hidden: Sequence[str]) -> cl.Game:
    """Ann, Ben and Cat after a deal with external dice: these hands and face-down cards."""
    players = ["Ann", "Ben", "Cat"]
    students = dict(zip(players, ("Harry", "Ron", "Hermione"), strict=True))
    game, _ = cl.new_game(players, dice=ExternalDice(), students=students).apply(cl.Deal())
    dealt = [card for trio in zip(*hands, strict=True) for card in trio]
    for value in ("Neville", *TABLE_ENVELOPE, *dealt, *hidden):
        game, _ = game.apply(ChanceOutcome(value))
    assert game.phase == "play" and game.current_player == "Ann"
    for name, hand in zip(players, hands, strict=True):
        assert sorted(game.seats[name].hand) == sorted(hand)
    return game


def roll_external(game: cl.Game, *outcomes: str | int) -> tuple[cl.Game, list[Event]]:
    assert game.current_player is not None
    game, first = game.apply(cl.RollDice(game.current_player))
    events = list(first)
    for value in outcomes:
        game, more = game.apply(ChanceOutcome(value))
        events += more
    return game, events


def swapped(hand: Sequence[str], old: str, new: str) -> tuple[str, ...]:
    return tuple(new if card == old else card for card in hand)


def test_third_player_cannot_tell_how_many_suggested_cards_the_refuter_holds() -> None:
    # Ann suggests Draco Malfoy with the Poisoned Mead in Malfoy Manor; Ben (her left) refutes.
    # "one": Ben holds Draco only. "two": Ben also holds the Mead (Ann has his Broomstick).
    # Cat's hand, and all Cat may know, are the same in both games.
    one = table((ANN_HAND, BEN_HAND, CAT_HAND), ("Lumos", "Elder Wand", "Bezoar"))
    two = table(
        (
            swapped(ANN_HAND, "Poisoned Mead", "Jinxed Broomstick"),
            swapped(BEN_HAND, "Jinxed Broomstick", "Poisoned Mead"),
            CAT_HAND,
        ),
        ("Lumos", "Elder Wand", "Bezoar"),
    )
    games = []
    for game in (one, two):
        seat = attrs.evolve(game.seats["Ann"], position="Malfoy Manor")
        games.append(
            attrs.evolve(
                game,
                seats=game.seats.set("Ann", seat),
                step="act",
                green=3,
                entered="Malfoy Manor",
            )
        )
    one, two = games
    assert one.view("Cat") == two.view("Cat")
    suggestion = cl.Suggest("Ann", "Draco Malfoy", "Poisoned Mead")
    one_after, one_events = one.apply(suggestion)
    two_after, two_events = two.apply(suggestion)
    assert events_for(one_events, "Cat") == events_for(two_events, "Cat")
    assert one_after.view("Cat") == two_after.view("Cat")


def test_protect_decision_does_not_reveal_a_face_down_help_card() -> None:
    # Fiendfyre hits everyone, costs 2 and discards the card used (Fawkes protects).
    assert "Fawkes" in {card.name for card in CONTENT.help_deck}
    fiendfyre = next(card for card in CONTENT.dark_deck if card.name == "Fiendfyre")
    assert fiendfyre.discard_help and "Fawkes" in fiendfyre.protected_by
    assert "Elder Wand" not in fiendfyre.protected_by
    hands = (ANN_HAND, BEN_HAND, CAT_HAND)
    fawkes = table(hands, ("Lumos", "Fawkes", "Bezoar"))  # Ben's face-down card protects
    wand = table(hands, ("Lumos", "Elder Wand", "Bezoar"))  # it does not
    assert fawkes.view("Cat") == wand.view("Cat")
    fawkes_after, fawkes_events = roll_external(fawkes, "dark mark", 4, "Fiendfyre")
    wand_after, wand_events = roll_external(wand, "dark mark", 4, "Fiendfyre")
    assert events_for(fawkes_events, "Cat") == events_for(wand_events, "Cat")
    assert fawkes_after.view("Cat") == wand_after.view("Cat")


def test_protection_prefers_a_face_up_card_to_revealing_the_face_down_one() -> None:
    # Dementors hit everyone; Albus Dumbledore and Remus Lupin both protect, and are kept.
    dementors = next(card for card in CONTENT.dark_deck if card.name == "Dementors")
    assert {"Albus Dumbledore", "Remus Lupin"} <= dementors.protected_by
    assert not dementors.discard_help
    game = table((ANN_HAND, BEN_HAND, CAT_HAND), ("Albus Dumbledore", "Elder Wand", "Bezoar"))
    deck = list(game.help_deck)
    deck.remove("Remus Lupin")
    ann = attrs.evolve(game.seats["Ann"], help_cards=("Remus Lupin",))
    game = attrs.evolve(game, help_deck=tuple(deck), seats=game.seats.set("Ann", ann))
    check_invariants(game)
    game, events = roll_external(game, "dark mark", 4, "Dementors")
    protected = [e for e in events if isinstance(e, cl.Protected)]
    assert protected == [cl.Protected("Ann", "Remus Lupin", False)]
    assert game.seats["Ann"].hidden_help == ("Albus Dumbledore",)
    assert all("Albus Dumbledore" not in e.description for e in events_for(events, "Ben"))
