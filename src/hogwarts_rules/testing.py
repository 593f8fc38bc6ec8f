"""The contract test kit: check that a game keeps the library's contract.

`check_contract` is for authors of new games (and for the library's own
tests), as OpenSpiel's ``random_sim_test`` is: give it a game's `GameSpec` and
it plays random games, checking at every step what every front end, bot and
adapter relies on. It raises `ContractError` (an `AssertionError`, so a test
fails with a readable message) at the first violation, and returns a
`ContractReport` that counts what it checked, so a test can also make sure the
checks were not vacuous.

Examples:
    >>> from hogwarts_rules import find_game
    >>> from hogwarts_rules.testing import check_contract
    >>> report = check_contract(find_game("hr"), games=1, complete_actions=False)
    >>> report.kind, report.games, report.processes
    ('hufflepuff-ravenclaw', 1, 2)
    >>> report.refusals > 0 and report.round_trips > 0
    True

What it checks
--------------
The spec
    `find_game` finds it by its kind and by every alias (unless
    ``in_catalogue=False``); each option has an identifier for a name, a JSON type
    and a doc line, its default passes its own check, and an unknown option is
    refused with an `OptionError`; ``spec.new_game()`` works with the defaults and
    names the seats from ``spec.seat_names``, as it does for the fewest and the
    most seats; a count outside the limits is refused; every bot builds, and
    chooses only actions it was offered.
Every state of every random game
    The game is over exactly when it has an outcome and no legal action; when it
    is not over, it awaits a roll or some seat may act; ``to_act`` names seats
    (or is chance alone); each seat's legal actions are among all legal actions,
    and a seat that is not asked to decide has none.
Actions
    Every listed legal action passes ``check`` and ``can_apply``, and round-trips
    through JSON; a sample of them is applied. A sample of refused actions is
    tried: actions legal at other times, one made for another seat, a
    `ChanceOutcome` when no roll is awaited (or one that is not a possible
    outcome), objects that are not actions, an action of another game, and an
    action with a field of the wrong type. Each is refused with a `RulesError`
    whose ``code`` is a non-empty ``snake_case`` string, by ``check``,
    ``can_apply`` and ``apply`` alike, and leaves the game unchanged. An action
    that must be refused (one for a seat that is not asked to decide, and, with
    ``complete_actions``, any action that is not listed) but is accepted is a
    violation. No exception but a `RulesError` ever escapes.
Purity and determinism
    ``apply`` never changes the game (its ``to_dict()``, its hash, and equality
    with an independent copy are the same after), and applying the same action
    twice gives equal games and equal events.
Records and saved games
    At checkpoints (the first decisions and external rolls awaited in a game,
    random states, and the end), ``replay(game.record)`` and
    ``from_dict(json.loads(json.dumps(game.to_dict())))`` give an equal game with
    the same hash, the same JSON, the same legal actions and the same views, also
    mid-decision (while something is pending).
Views (every seat and the table's, ``game.view(None)``, at every state)
    Each is a frozen attrs instance of ``spec.view_class`` whose ``viewer`` is
    right; it has no ``dice`` attribute; its ``to_dict()`` holds JSON types only
    (it equals its own JSON text read back), no key named ``dice`` or ``seed`` and
    no dice state anywhere in it; where the view class has ``from_dict``, it reads
    that JSON back into an equal view. It does not depend on the dice: the same game with other
    dice gives the same view, so nothing in a view can predict a roll or a draw.
    When the view has ``legal_actions``, they are exactly what the seat may do
    (`hogwarts_rules.bots.seat_actions`), and the table's are empty.
Secrets (games without ``perfect_information``, played with `ExternalDice`)
    A view must be a function of what its seat may know. The kit replays a game
    with one chance outcome changed (or two swapped) and, at every later step
    where a seat saw exactly the same events in both games (`events_for`; for
    the table, the events as a spectator sees them), requires that seat's view
    to be the same. A view that shows another seat's hidden card, or the
    envelope, fails this. It cannot catch a leak through the events themselves
    (they are the yardstick), nor a secret that does not come from chance. For
    games with ``perfect_information``, every event must be public.
Events
    Every event, and every event as each seat and the table see it, has a
    description and round-trips through ``Event.from_dict``; a public event is
    seen by every seat as it is.
Determinism across processes
    The first seed's game is played again, with seeded dice and the same random
    choices, in a fresh Python process for each of ``hash_seeds`` (as
    ``PYTHONHASHSEED``): the final game's JSON, every view's JSON and every
    event's JSON must be the same as in this process. The views' ``repr`` is
    compared too: a difference is a violation (Python prints a ``frozenset`` in
    hash order: give set fields ``attrs.field(repr=frozen.sorted_repr)``); with
    ``check_repr=False`` it is only listed in `ContractReport.repr_differences`.

What it cannot check
--------------------
That the rules are the right rules; that a secret not coming from chance stays
secret; that every action the rules allow is listed (unless
``complete_actions``, the default, says so); anything random play does not
reach within ``max_steps``.
"""

from __future__ import annotations

import json
import os
import pickle
import random
import re
import subprocess
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, Final

import attrs

from hogwarts_rules.actions import Action, ChanceOutcome
from hogwarts_rules.bots import RandomBot, deciding_seat, seat_actions
from hogwarts_rules.catalogue import UnknownGameError, find_game
from hogwarts_rules.dice import CHANCE, ExternalDice, SeededDice
from hogwarts_rules.engine import Decision, GameBase, replace
from hogwarts_rules.errors import RulesError
from hogwarts_rules.events import Event, events_for
from hogwarts_rules.spec import GameSpec, OptionError, View

__all__ = [
    "TABLE_OBSERVER",
    "ContractError",
    "ContractReport",
    "check_contract",
]

TABLE_OBSERVER: Final = "<table>"
"""The name the kit shows events to when it checks the table's view (no seat has it)."""

_CODE: Final = re.compile(r"[a-z][a-z0-9]*(?:_[a-z0-9]+)*\Z")
_JSON_TYPES: Final = frozenset({"integer", "number", "string", "boolean", "array", "object"})
_FORBIDDEN_KEYS: Final = frozenset({"dice", "seed"})
_DICE_KINDS: Final = frozenset({"seeded", "scripted", "external"})
_OTHER_DICE: Final = SeededDice(0x9E3779B97F4A7C15)
_TRIAL_VIEWS: Final = 40  # views compared at most per secret trial
_CHILD_TIMEOUT: Final = 600.0


class ContractError(AssertionError):
    """A game broke the contract (raised by `check_contract` at the first violation).

    Attributes:
        kind: the game's kind.
        check: which check failed, in a few words (``"purity"``, ``"view"``...).
        seed: the seed of the game being played, if any.
        step: how many actions had been applied in that game, if known.
        detail: what went wrong.
    """

    def __init__(
        self,
        kind: str,
        check: str,
        detail: str,
        seed: int | None = None,
        step: int | None = None,
    ) -> None:
        where = kind
        if seed is not None:
            where += f", seed {seed}"
        if step is not None:
            where += f", step {step}"
        super().__init__(f"{where}: {check}: {detail}")
        self.kind = kind
        self.check = check
        self.seed = seed
        self.step = step
        self.detail = detail

    def __reduce__(self) -> tuple[type[ContractError], tuple[Any, ...]]:
        # Picklable, so that a test run in a worker process reports it whole.
        return (type(self), (self.kind, self.check, self.detail, self.seed, self.step))


@attrs.frozen
class ContractReport:
    """What `check_contract` checked (every count is of checks that passed).

    Attributes:
        kind: the game's kind.
        games: random games played.
        finished: of those, the games that ended within ``max_steps``.
        steps: actions applied in them.
        decisions: states checked while a seat's decision was pending.
        chance_requests: states checked while an external roll was awaited.
        listed_actions: listed legal actions checked.
        refusals: refused actions checked.
        views: views checked (seats' and the table's).
        round_trips: replay and JSON round trips checked.
        secret_comparisons: views compared across games that differ only in chance
            outcomes their seat did not see.
        bot_moves: moves chosen by the spec's bots.
        processes: other processes whose game matched this one's.
        repr_differences: views whose ``repr`` differed across hash seeds (a
            violation only with ``check_repr=True``).
    """

    kind: str
    games: int
    finished: int
    steps: int
    decisions: int
    chance_requests: int
    listed_actions: int
    refusals: int
    views: int
    round_trips: int
    secret_comparisons: int
    bot_moves: int
    processes: int
    repr_differences: tuple[str, ...] = ()

    def __str__(self) -> str:
        return (
            f"{self.kind}: {self.games} games ({self.finished} finished), {self.steps} steps, "
            f"{self.decisions} decisions, {self.chance_requests} external rolls, "
            f"{self.listed_actions} listed and {self.refusals} refused actions, "
            f"{self.views} views, {self.round_trips} round trips, "
            f"{self.secret_comparisons} secret comparisons, {self.bot_moves} bot moves, "
            f"{self.processes} processes"
        )


@attrs.frozen
class _Foreign(Action):
    """An action of no game (the kit's own, never registered)."""


def check_contract(
    spec: GameSpec,
    *,
    games: int = 4,
    seeds: Sequence[int] | None = None,
    max_steps: int = 200,
    players: Sequence[object] | int | None = None,
    options: Mapping[str, Any] | None = None,
    external: bool = True,
    complete_actions: bool | None = None,
    propose: Callable[[GameBase, random.Random], Sequence[Action]] | None = None,
    refusals: int = 6,
    secret_trials: int = 6,
    bot_steps: int = 40,
    hash_seeds: Sequence[int] = (0, 12345),
    check_repr: bool = True,
    in_catalogue: bool = True,
    reference: str | None = None,
) -> ContractReport:
    """Play random games of ``spec``'s game and check the contract at every step.

    See the module's docstring for what is checked and what cannot be.

    Args:
        spec: the game's spec.
        games: how many random games to play (ignored when ``seeds`` is given).
        seeds: the seed of each game (default ``0, 1, ..., games - 1``); it drives
            the dice (of seeded games) and the random choices.
        max_steps: the most actions applied in one game.
        players: the seats of every game (names, a count, or ``None``: the games
            cycle through counts from ``spec.min_players``, up to three of them).
        options: the game's options for every game.
        external: play every second game with `ExternalDice` (the kit then chooses
            the rolls), which also checks states awaiting a roll and secrets.
        complete_actions: ``game.legal_actions()`` lists every action the rules
            allow; ``False`` for a game whose list leaves some out (Hufflepuff &
            Ravenclaw's game master may ask for any test), so an unlisted action
            that is accepted is not a violation. ``None`` (the default): the
            spec's `GameSpec.complete_actions`.
        propose: more candidate actions for such a game: ``propose(game, rng)``;
            those the game accepts join the random choices, the others are checked
            as refusals.
        refusals: how many refused actions to try at each state.
        secret_trials: how many changed-chance replays per game with external dice.
        bot_steps: how many moves each of the spec's bots plays.
        hash_seeds: the ``PYTHONHASHSEED`` of each process that replays the first
            game (``()``: no other process).
        check_repr: a view's ``repr`` that differs across hash seeds is a violation.
        in_catalogue: `find_game` must find the spec (``False`` for a spec under test
            that is not registered).
        reference: ``"module:attribute"`` where another process finds the spec
            (default: searched for among the imported modules).

    Returns:
        What was checked.

    Raises:
        ContractError: the first violation found.
    """
    checker = _Checker(
        spec,
        max_steps=max_steps,
        options=dict(options or {}),
        complete=spec.complete_actions if complete_actions is None else complete_actions,
        propose=propose,
        refusals=refusals,
        secret_trials=secret_trials,
    )
    chosen = list(seeds) if seeds is not None else list(range(games))
    if not chosen:
        raise ValueError("check_contract needs at least one game")
    checker.check_spec(in_catalogue=in_catalogue)
    counts = _player_counts(spec)
    for index, seed in enumerate(chosen):
        seats = players if players is not None else counts[index % len(counts)]
        checker.play(seed, seats, external=external and index % 2 == 1)
    for name in spec.bot_names:
        checker.check_bot(name, bot_steps)
    if hash_seeds:
        checker.check_processes(chosen[0], players, hash_seeds, check_repr, reference)
    return checker.report()


# ===================================================================== helpers


def _player_counts(spec: GameSpec) -> list[int]:
    return list(range(spec.min_players, min(spec.max_players, spec.min_players + 2) + 1))


def _dumps(data: object) -> str:
    """JSON text, strictly (no NaN; only JSON types; keys are strings)."""
    return json.dumps(data, allow_nan=False, ensure_ascii=False)


def _scan(data: object, path: str = "$") -> Iterator[str]:
    """Where ``data`` names the dice: a key ``dice``/``seed``, or a dice state."""
    if isinstance(data, Mapping):
        if data.get("kind") in _DICE_KINDS and ({"seed", "state", "rolls"} & set(data)):
            yield f"{path} (a dice state)"
        for key, value in data.items():
            if key in _FORBIDDEN_KEYS:
                yield f"{path}.{key}"
            yield from _scan(value, f"{path}.{key}")
    elif isinstance(data, list | tuple):
        for i, value in enumerate(data):
            yield from _scan(value, f"{path}[{i}]")


def _describe(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 120 else text[:117] + "..."


def _with_other_dice(game: GameBase) -> GameBase:
    """The same game with other dice (also in the pending action's starting game)."""
    pending = game.pending
    if pending is not None:
        root = replace(pending.root, dice=_OTHER_DICE)
        pending = replace(pending, root=root)
    return replace(game, dice=_OTHER_DICE, pending=pending)


def _with(instance: Action, changes: Mapping[str, object]) -> Action:
    """A copy of an attrs instance with ``changes``, running no converter or validator."""
    copy = object.__new__(type(instance))
    for field in attrs.fields(type(instance)):
        value = changes[field.name] if field.name in changes else getattr(instance, field.name)
        object.__setattr__(copy, field.name, value)
    return copy


def _actor_fields(action: Action) -> list[str]:
    """The fields of an attrs action that hold its actor."""
    if not attrs.has(type(action)) or action.actor is None:
        return []
    return [f.name for f in attrs.fields(type(action)) if getattr(action, f.name) == action.actor]


def _mistyped(action: Action) -> Action | None:
    """The action with one field of the wrong type (a str for an int, an int for a str)."""
    if not attrs.has(type(action)):
        return None
    for field in attrs.fields(type(action)):
        value = getattr(action, field.name)
        if type(value) is str:
            return _with(action, {field.name: 7})
        if type(value) is int:
            return _with(action, {field.name: "7"})
    return None


def _choose(
    game: GameBase,
    rng: random.Random,
    bot: RandomBot,
    extra: Sequence[Action] = (),
) -> Action | None:
    """The random player's next action (``None``: the game is over or stuck)."""
    if game.is_over:
        return None
    if game.to_act == (CHANCE,):
        outcomes = game.chance_outcomes()
        return outcomes[rng.randrange(len(outcomes))][0] if outcomes else None
    seat = deciding_seat(game)
    if seat is None:
        return extra[rng.randrange(len(extra))] if extra else None
    actions = (*seat_actions(game, seat), *extra)
    return bot.choose(game.view(seat), seat, actions)


# ===================================================================== the checker


@attrs.frozen
class _Snapshot:
    """A game as it was: its JSON, its hash, and an independent copy of it."""

    text: str
    code: int
    twin: GameBase

    @classmethod
    def of(cls, game: GameBase) -> _Snapshot:
        text = _dumps(game.to_dict())
        try:  # fast; a game that cannot be pickled is copied through its JSON
            twin = pickle.loads(pickle.dumps(game))
        except Exception:
            twin = type(game).from_dict(json.loads(text))
        return cls(text, hash(game), twin)

    def same(self, game: GameBase, *, json_too: bool = True) -> bool:
        """True when ``game`` still is what it was (``json_too``: its JSON as well)."""
        if hash(game) != self.code or game != self.twin:
            return False
        return not json_too or _dumps(game.to_dict()) == self.text


class _Seen:
    """Actions that were legal at some time (a sample of refusal candidates)."""

    def __init__(self) -> None:
        self.actions: list[Action] = []
        self.known: set[Action] = set()

    def add(self, actions: Sequence[Action]) -> None:
        for action in actions:
            if action not in self.known:
                self.known.add(action)
                self.actions.append(action)

    def sample(
        self, rng: random.Random, count: int, *, excluding: Sequence[Action]
    ) -> list[Action]:
        """Up to ``count`` of them that are not in ``excluding``."""
        drawn = rng.sample(self.actions, min(4 * count, len(self.actions)))
        skip = set(excluding)
        return [a for a in drawn if a not in skip][:count]


@attrs.define
class _Game:
    """What the checker knows of the game being played."""

    seed: int
    external: bool
    step: int = 0
    decisions: int = 0
    chances: int = 0


class _Checker:
    def __init__(
        self,
        spec: GameSpec,
        *,
        max_steps: int,
        options: dict[str, Any],
        complete: bool,
        propose: Callable[[GameBase, random.Random], Sequence[Action]] | None,
        refusals: int,
        secret_trials: int,
    ) -> None:
        self.spec = spec
        self.max_steps = max_steps
        self.options = options
        self.complete = complete
        self.propose = propose
        self.refusal_count = refusals
        self.secret_trials = secret_trials
        self.current: _Game | None = None
        self.seats: tuple[str, ...] = ()
        self.counts = dict.fromkeys(
            (
                "games",
                "finished",
                "steps",
                "decisions",
                "chance_requests",
                "listed_actions",
                "refusals",
                "views",
                "round_trips",
                "secret_comparisons",
                "bot_moves",
                "processes",
            ),
            0,
        )
        self.repr_differences: list[str] = []

    # ----- reporting ------------------------------------------------------------------

    def fail(self, check: str, detail: str) -> ContractError:
        game = self.current
        return ContractError(
            self.spec.kind,
            check,
            detail,
            seed=None if game is None else game.seed,
            step=None if game is None else game.step,
        )

    def report(self) -> ContractReport:
        return ContractReport(
            kind=self.spec.kind, repr_differences=tuple(self.repr_differences), **self.counts
        )

    # ----- the spec -------------------------------------------------------------------

    def check_spec(self, *, in_catalogue: bool) -> None:
        spec = self.spec
        if in_catalogue:
            for name in (*spec.names, spec.kind.upper()):
                try:
                    found = find_game(name)
                except UnknownGameError as exc:
                    raise self.fail("catalogue", f"find_game({name!r}) failed: {exc}") from None
                if found != spec:
                    raise self.fail("catalogue", f"find_game({name!r}) is another game")
        for option in spec.options:
            if not option.name.isidentifier() or option.type not in _JSON_TYPES or not option.doc:
                raise self.fail(
                    "options",
                    f"option {option.name!r} needs an identifier for a name, a JSON type "
                    f"(one of {', '.join(sorted(_JSON_TYPES))}) and a doc line",
                )
            if option.default is not None:
                try:
                    option.check(option.default)
                except OptionError as exc:
                    raise self.fail(
                        "options", f"option {option.name!r} refuses its own default: {exc}"
                    ) from None
        try:
            unknown: dict[str, Any] = {"no such option": 1}
            spec.new_game(seed=0, **unknown)
        except OptionError as exc:
            self.check_code(exc, "an unknown option")
        except Exception as exc:
            raise self.fail(
                "options", f"an unknown option raised {_describe(exc)}, not an OptionError"
            ) from None
        else:
            raise self.fail("options", "an unknown option was accepted")
        try:
            bare = spec.new_game()
        except Exception as exc:
            raise self.fail("defaults", f"spec.new_game() raised {_describe(exc)}") from None
        game = self.start(None, seed=0, check="defaults")
        if (
            bare.seat_names != game.seat_names
            or game.seat_names != spec.seat_names[: spec.default_players]
        ):
            raise self.fail(
                "defaults",
                f"spec.new_game() seats {game.seat_names}, not the first "
                f"{spec.default_players} of spec.seat_names",
            )
        for count in (spec.min_players, spec.max_players):
            seats = self.start(count, seed=0, check="seat count").seat_names
            if seats != spec.seat_names[:count]:
                raise self.fail("seat count", f"new_game({count}) seats {seats}")
        for count in (spec.min_players - 1, spec.max_players + 1):
            try:
                spec.new_game(count, seed=0, **self.options)
            except RulesError as exc:
                self.check_code(exc, f"{count} seats")
            else:
                raise self.fail("seat count", f"new_game({count}) was accepted")
        if not isinstance(game, spec.game_class) or spec.kind != game.KIND:
            raise self.fail("defaults", "a new game is not of spec.game_class and spec.kind")

    def start(self, players: Sequence[object] | int | None, *, seed: int, check: str) -> GameBase:
        try:
            return self.spec.new_game(players, seed=seed, **self.options)
        except Exception as exc:
            raise self.fail(check, f"new_game({players!r}) raised {_describe(exc)}") from None

    def check_bot(self, name: str, steps: int) -> None:
        game = self.start(None, seed=1, check="bots")
        try:
            bots = {
                seat: self.spec.make_bot(name, game, seed=i)
                for i, seat in enumerate(game.seat_names)
            }
        except Exception as exc:
            raise self.fail(f"bot {name!r}", f"make_bot raised {_describe(exc)}") from None
        for _ in range(steps):
            seat = deciding_seat(game)
            if seat is None:
                break
            actions = seat_actions(game, seat)
            try:
                action = bots[seat].choose(game.view(seat), seat, actions)
            except Exception as exc:
                raise self.fail(f"bot {name!r}", f"choose raised {_describe(exc)}") from None
            if action not in actions:
                raise self.fail(
                    f"bot {name!r}", f"{seat}'s bot chose {_describe(action)}, not one offered"
                )
            game, _ = self.apply(game, action)
            self.counts["bot_moves"] += 1

    # ----- playing --------------------------------------------------------------------

    def play(self, seed: int, players: Sequence[object] | int, *, external: bool) -> None:
        self.current = current = _Game(seed, external)
        dice = ExternalDice() if external else None
        try:
            game = self.spec.new_game(
                players, seed=None if external else seed, dice=dice, **self.options
            )
        except Exception as exc:
            raise self.fail("new game", f"new_game raised {_describe(exc)}") from None
        self.seats = game.seat_names
        rng = random.Random(seed)
        bot = RandomBot(seed)
        seen = _Seen()
        states = [game]
        trail: list[tuple[Action, tuple[Event, ...]]] = []
        snapshot = self.check_state(game, rng, seen)
        while current.step < self.max_steps and not game.is_over:
            extra: list[Action] = []
            if self.propose is not None and game.pending is None:
                for proposed in self.propose(game, rng):
                    if self.refused(game, proposed) is None:
                        extra.append(proposed)
            chosen = _choose(game, rng, bot, extra)
            if chosen is None:
                raise self.fail(
                    "liveness", "the game is not over, awaits no roll, and no seat may act"
                )
            before = game
            game, events = self.apply(before, chosen, snapshot)
            if not snapshot.same(before):
                raise self.fail("purity", f"applying {_describe(chosen)} changed the game")
            self.check_events(events)
            trail.append((chosen, events))
            states.append(game)
            current.step += 1
            self.counts["steps"] += 1
            snapshot = self.check_state(game, rng, seen)
        self.round_trip(game)
        self.counts["games"] += 1
        self.counts["finished"] += game.is_over
        if external and not self.spec.perfect_information:
            self.check_secrets(states, trail, rng)
        self.current = None

    def apply(
        self, game: GameBase, action: Action, snapshot: _Snapshot | None = None
    ) -> tuple[GameBase, tuple[Event, ...]]:
        """Apply a legal action, checking purity and determinism."""
        json_too = snapshot is None
        snapshot = snapshot or _Snapshot.of(game)
        results = []
        for _ in range(2):
            try:
                results.append(game.apply(action))
            except Exception as exc:
                raise self.fail(
                    "apply",
                    f"applying the legal action {_describe(action)} raised {_describe(exc)}",
                ) from None
            if not snapshot.same(game, json_too=json_too):
                raise self.fail("purity", f"applying {_describe(action)} changed the game")
        result, again = results
        if result != again:
            raise self.fail(
                "determinism", f"applying {_describe(action)} twice gave different results"
            )
        next_game, events = result
        if not isinstance(next_game, self.spec.game_class):
            raise self.fail("apply", f"apply returned a {type(next_game).__name__}")
        return next_game, events

    # ----- one state ------------------------------------------------------------------

    def check_state(self, game: GameBase, rng: random.Random, seen: _Seen) -> _Snapshot:
        current = self.current
        assert current is not None
        try:
            snapshot = _Snapshot.of(game)
        except (TypeError, ValueError) as exc:  # RulesError is a ValueError
            raise self.fail(
                "values", f"a game must be hashable and serializable: {_describe(exc)}"
            ) from None
        self.check_invariants(game)
        listed = game.legal_actions()
        seen.add(listed)
        self.check_listed(game, listed, rng, snapshot)
        self.check_views(game)
        self.check_refusals(game, listed, rng, seen, snapshot)
        awaiting = game.awaiting
        checkpoint = rng.random() < 0.05
        if isinstance(awaiting, Decision):
            self.counts["decisions"] += 1
            current.decisions += 1
            checkpoint |= current.decisions <= 3
        elif awaiting is not None:
            self.counts["chance_requests"] += 1
            current.chances += 1
            checkpoint |= current.chances <= 2
        if checkpoint:
            self.round_trip(game)
        return snapshot

    def check_invariants(self, game: GameBase) -> None:
        seats = game.seat_names
        to_act = game.to_act
        listed = game.legal_actions()
        if game.is_over:
            if game.outcome is None or listed or to_act:
                raise self.fail(
                    "game over", "a game that is over needs an outcome, no legal actions, no to_act"
                )
            return
        if game.outcome is not None:
            raise self.fail("game over", "a game that goes on has an outcome")
        if to_act == (CHANCE,):
            outcomes = game.chance_outcomes()
            if not outcomes or sum(p for _, p in outcomes) != 1 or any(p <= 0 for _, p in outcomes):
                raise self.fail("chance", "the outcomes' probabilities must be positive, sum to 1")
            if listed != tuple(o for o, _ in outcomes):
                raise self.fail("chance", "the legal actions must be the chance outcomes")
            for seat in seats:
                if game.legal_actions(seat):
                    raise self.fail("chance", f"{seat} may act while a roll is awaited")
            return
        if any(seat not in seats for seat in to_act):
            raise self.fail("to_act", f"to_act {to_act} names no seat")
        if not listed:
            raise self.fail("liveness", "the game is not over and lists no legal action")
        for seat in seats:
            own = game.legal_actions(seat)
            if any(a not in listed for a in own):
                raise self.fail("legal actions", f"{seat}'s legal actions are not all listed")
            if own and to_act and seat not in to_act:
                raise self.fail("legal actions", f"{seat} may act but to_act is {to_act}")

    def check_listed(
        self,
        game: GameBase,
        listed: tuple[Action, ...],
        rng: random.Random,
        snapshot: _Snapshot,
    ) -> None:
        for action in listed:
            if not isinstance(action, Action):
                raise self.fail("legal actions", f"{_describe(action)} is not an Action")
            try:
                game.check(action)
            except RulesError as exc:
                raise self.fail(
                    "legal actions", f"the listed {_describe(action)} is refused: {exc.code}"
                ) from None
            if not game.can_apply(action):
                raise self.fail("legal actions", f"can_apply refuses the listed {action!r}")
            data = action.to_dict()
            if Action.from_dict(json.loads(_dumps(data))) != action:
                raise self.fail("legal actions", f"{_describe(action)} does not round-trip")
            self.counts["listed_actions"] += 1
        for action in rng.sample(listed, min(2, len(listed))):
            self.apply(game, action, snapshot)

    def check_refusals(
        self,
        game: GameBase,
        listed: tuple[Action, ...],
        rng: random.Random,
        seen: _Seen,
        snapshot: _Snapshot,
    ) -> None:
        candidates: list[object] = []
        candidates += seen.sample(rng, 2, excluding=listed)
        with_actor = [a for a in listed if _actor_fields(a)]
        if with_actor:
            action = rng.choice(with_actor)
            others = [s for s in game.seat_names if s != action.actor]
            if others:
                other = rng.choice(others)
                fields = _actor_fields(action)
                candidates.append(_with(action, dict.fromkeys(fields, other)))
        if game.to_act == (CHANCE,):
            candidates += [ChanceOutcome(10**6), ChanceOutcome("no such face")]
        else:
            candidates.append(ChanceOutcome(rng.choice((1, 6, "x"))))
        candidates += [rng.choice(("roll", None, 3, object())), _Foreign()]
        if listed:
            action = rng.choice(listed)
            candidates.append(action.to_dict())
            mistyped = _mistyped(action)
            if mistyped is not None:
                candidates.append(mistyped)
        if self.propose is not None and game.pending is None:
            candidates += list(self.propose(game, rng))
        rng.shuffle(candidates)
        for candidate in candidates[: self.refusal_count]:
            error = self.refused(game, candidate)
            if error is None:
                reason = self.must_refuse(game, listed, candidate)
                if reason:
                    raise self.fail("refusal", f"{_describe(candidate)} was accepted ({reason})")
                if isinstance(candidate, Action):
                    self.apply(game, candidate, snapshot)
            else:
                self.counts["refusals"] += 1
            if not snapshot.same(game, json_too=False):
                raise self.fail("purity", f"trying {_describe(candidate)} changed the game")
        if not snapshot.same(game):
            raise self.fail("purity", "trying refused actions changed the game's JSON")

    def must_refuse(self, game: GameBase, listed: tuple[Action, ...], candidate: object) -> str:
        """Why ``candidate`` must be refused now ("" if it may be accepted)."""
        if not isinstance(candidate, Action):
            return "not an action"
        if isinstance(candidate, _Foreign):
            return "an action of no game"
        if game.is_over:
            return "the game is over"
        if isinstance(candidate, ChanceOutcome) != (game.to_act == (CHANCE,)):
            return "chance outcomes exactly when a roll is awaited"
        if isinstance(candidate, ChanceOutcome) and candidate not in listed:
            return "not a possible outcome"
        if isinstance(game.awaiting, Decision) and candidate not in listed:
            return "not an option of the decision awaited"
        to_act = game.to_act
        if to_act and candidate.actor is not None and candidate.actor not in to_act:
            return f"{candidate.actor} is not asked to act (to_act: {', '.join(to_act)})"
        if self.complete and candidate not in listed:
            return "not a listed legal action; pass complete_actions=False if the list is partial"
        return ""

    def refused(self, game: GameBase, candidate: object) -> RulesError | None:
        """The error ``check``, ``can_apply`` and ``apply`` agree on (``None``: accepted)."""
        try:
            game.check(candidate)
        except RulesError as exc:
            error: RulesError | None = exc
        except Exception as exc:
            raise self.fail(
                "refusal",
                f"check({_describe(candidate)}) raised {_describe(exc)}, not a RulesError",
            ) from None
        else:
            error = None
        try:
            accepted = game.can_apply(candidate)
        except Exception as exc:
            raise self.fail(
                "refusal", f"can_apply({_describe(candidate)}) raised {_describe(exc)}"
            ) from None
        if accepted != (error is None):
            raise self.fail("refusal", f"check and can_apply disagree on {_describe(candidate)}")
        if error is None:
            return None
        self.check_code(error, _describe(candidate))
        try:
            game.apply(candidate)  # type: ignore[arg-type]
        except RulesError as exc:
            if exc.code != error.code:
                raise self.fail(
                    "refusal",
                    f"check refuses {_describe(candidate)} with {error.code!r}, apply with "
                    f"{exc.code!r}",
                ) from None
        except Exception as exc:
            raise self.fail(
                "refusal", f"apply({_describe(candidate)}) raised {_describe(exc)}"
            ) from None
        else:
            raise self.fail("refusal", f"check refuses {_describe(candidate)} but apply takes it")
        return error

    def check_code(self, error: RulesError, what: str) -> None:
        code = getattr(error, "code", None)
        if not isinstance(code, str) or not _CODE.match(code):
            raise self.fail("error code", f"{what} was refused with code {code!r}, not snake_case")
        if not str(error):
            raise self.fail("error code", f"{what} was refused with no message")

    # ----- views ----------------------------------------------------------------------

    def check_views(self, game: GameBase) -> None:
        other = _with_other_dice(game)
        for seat in (*game.seat_names, None):
            view = self.view(game, seat)
            data = view.to_dict()
            try:
                text = _dumps(data)
            except (TypeError, ValueError) as exc:
                raise self.fail("view", f"{seat}'s view.to_dict() is not JSON: {exc}") from None
            if json.loads(text) != data:
                raise self.fail(
                    "view", f"{seat}'s view.to_dict() does not survive JSON (JSON types only)"
                )
            from_dict = getattr(type(view), "from_dict", None)
            if from_dict is not None:
                try:
                    again = from_dict(json.loads(text))
                except Exception as exc:
                    raise self.fail(
                        "view", f"{seat}'s view.from_dict(view.to_dict()) raised {_describe(exc)}"
                    ) from None
                if again != view:
                    raise self.fail("view", f"{seat}'s view does not round-trip through from_dict")
            for problem in _scan(data):
                raise self.fail("view", f"{seat}'s view names the dice at {problem}")
            if other.view(seat).to_dict() != data:
                raise self.fail(
                    "view", f"{seat}'s view changes with the dice (it could predict a roll)"
                )
            if hasattr(view, "legal_actions"):
                expected = () if seat is None else seat_actions(game, seat)
                if tuple(view.legal_actions) != expected:
                    raise self.fail("view", f"{seat}'s view lists other legal actions")
            self.counts["views"] += 1

    def view(self, game: GameBase, seat: str | None) -> Any:
        try:
            view = game.view(seat)
        except Exception as exc:
            raise self.fail("view", f"view({seat!r}) raised {_describe(exc)}") from None
        kind = type(view)
        if not isinstance(view, self.spec.view_class) or not isinstance(view, View):
            raise self.fail("view", f"view({seat!r}) is a {kind.__name__}, not a view_class")
        if not attrs.has(kind) or not attrs.fields(kind):
            raise self.fail("view", f"{kind.__name__} is not an attrs class")
        name = attrs.fields(kind)[0].name
        try:
            setattr(view, name, getattr(view, name))
        except attrs.exceptions.FrozenInstanceError:
            pass
        else:
            raise self.fail("view", f"{kind.__name__} is not frozen")
        if hasattr(view, "dice"):
            raise self.fail("view", f"view({seat!r}) has a dice attribute")
        if view.viewer != seat:
            raise self.fail("view", f"view({seat!r}).viewer is {view.viewer!r}")
        return view

    # ----- events ---------------------------------------------------------------------

    def check_events(self, events: tuple[Event, ...]) -> None:
        observers = (*self.seats, TABLE_OBSERVER)
        for event in events:
            self.check_event(event, "an event")
            if self.spec.perfect_information and not event.is_public:
                raise self.fail(
                    "events", f"{event.TYPE} is secret in a game of perfect information"
                )
            for observer in observers:
                seen = event.seen_by(observer)
                if seen is None:
                    continue
                if event.is_public and seen != event:
                    raise self.fail("events", f"the public {event.TYPE} is redacted for {observer}")
                self.check_event(seen, f"{event.TYPE} as {observer} sees it")

    def check_event(self, event: Event, what: str) -> None:
        if not isinstance(event, Event) or not event.description:
            raise self.fail("events", f"{what} is not an Event with a description")
        try:
            data = json.loads(_dumps(event.to_dict()))
            again = Event.from_dict(data)
        except (RulesError, TypeError, ValueError) as exc:
            raise self.fail("events", f"{what} ({event.TYPE}) does not round-trip: {exc}") from None
        if again != event:
            raise self.fail("events", f"{what} ({event.TYPE}) does not round-trip")

    # ----- records and saved games ----------------------------------------------------

    def round_trip(self, game: GameBase) -> None:
        spec = self.spec
        try:
            replayed = spec.game_class.replay(game.record)
            loaded = spec.from_dict(json.loads(_dumps(game.to_dict())))
        except Exception as exc:
            raise self.fail("round trip", f"replay or from_dict raised {_describe(exc)}") from None
        for how, other in (("replay", replayed), ("from_dict", loaded)):
            if other != game or hash(other) != hash(game):
                raise self.fail("round trip", f"{how} gives another game")
            if other.to_dict() != game.to_dict() or other.legal_actions() != game.legal_actions():
                raise self.fail("round trip", f"{how} gives another JSON or other legal actions")
            for seat in (*game.seat_names[:1], None):
                if other.view(seat).to_dict() != game.view(seat).to_dict():
                    raise self.fail("round trip", f"{how} gives another view for {seat}")
        self.counts["round_trips"] += 1

    # ----- secrets --------------------------------------------------------------------

    def check_secrets(
        self,
        states: list[GameBase],
        trail: list[tuple[Action, tuple[Event, ...]]],
        rng: random.Random,
    ) -> None:
        chances = [i for i, (a, _) in enumerate(trail) if isinstance(a, ChanceOutcome)]
        if not chances:
            return
        # Outcomes that showed nothing, or something secret, are the ones worth changing.
        hidden = [
            i for i in chances if not all(e.is_public for e in trail[i][1]) or not trail[i][1]
        ]
        possible = {i: {o for o, _ in states[i].chance_outcomes()} for i in chances}
        observers = (*states[0].seat_names, TABLE_OBSERVER)
        seen = {o: [_seen(events, o) for _, events in trail] for o in observers}
        for _ in range(self.secret_trials):
            actions = [a for a, _ in trail]
            first = rng.choice(hidden if hidden and rng.random() < 0.75 else chances)
            partners = [
                i
                for i in chances
                if actions[i] != actions[first]
                and actions[i] in possible[first]
                and actions[first] in possible[i]
            ]
            if partners and rng.random() < 0.5:
                second = rng.choice(partners)
                actions[first], actions[second] = actions[second], actions[first]
                first = min(first, second)
            else:
                values = sorted(
                    (o for o in possible[first] if o != actions[first]), key=lambda o: repr(o.value)
                )
                if not values:
                    continue
                actions[first] = rng.choice(values)
            self.secret_trial(states, actions, seen, first)

    def secret_trial(
        self,
        states: list[GameBase],
        actions: list[Action],
        seen: Mapping[str, list[list[dict[str, Any]]]],
        changed: int,
    ) -> None:
        game = states[0]
        alive = set(seen)
        compared = 0
        for index, action in enumerate(actions):
            try:
                game, events = game.apply(action)
            except RulesError:
                return  # the changed history is not a legal one from here on
            for observer in list(alive):
                if _seen(events, observer) != seen[observer][index]:
                    alive.discard(observer)
            if not alive or compared >= _TRIAL_VIEWS:
                return
            if index < changed:
                continue
            original = states[index + 1]
            for observer in sorted(alive):
                seat = None if observer == TABLE_OBSERVER else observer
                mine, theirs = original.view(seat).to_dict(), game.view(seat).to_dict()
                if mine != theirs:
                    who = "the table" if seat is None else seat
                    keys = sorted(k for k in {*mine, *theirs} if mine.get(k) != theirs.get(k))
                    if self.current is not None:
                        self.current.step = index + 1
                    raise self.fail(
                        "secrets",
                        f"{who}'s view differs between two games where {who} saw the same "
                        f"events (only chance outcome(s) from step {changed + 1} on differ): "
                        f"it shows something {who} may not know, in {', '.join(map(str, keys))}",
                    )
                compared += 1
                self.counts["secret_comparisons"] += 1

    # ----- other processes -------------------------------------------------------------

    def check_processes(
        self,
        seed: int,
        players: Sequence[object] | int | None,
        hash_seeds: Sequence[int],
        check_repr: bool,
        reference: str | None,
    ) -> None:
        if players is None:
            players = _player_counts(self.spec)[0]
        request = {
            "reference": reference or _find_reference(self.spec),
            "players": players if isinstance(players, int) else list(players),
            "options": self.options,
            "seed": seed,
            "max_steps": self.max_steps,
        }
        try:
            text = _dumps(request)
        except (TypeError, ValueError):
            raise self.fail(
                "determinism",
                "the players and options must be JSON to replay the game in another process "
                "(or pass hash_seeds=())",
            ) from None
        module = str(request["reference"]).partition(":")[0]
        mine = _determinism_run(self.spec, players, self.options, seed, self.max_steps)
        for hash_seed in hash_seeds:
            theirs = _run_child(text, hash_seed, module)
            if "error" in theirs:
                raise self.fail(
                    "determinism",
                    f"the process with PYTHONHASHSEED={hash_seed} failed:\n" + str(theirs["error"]),
                )
            for part in ("game", "views", "events"):
                if theirs[part] != mine[part]:
                    raise self.fail(
                        "determinism",
                        f"the {part} JSON differ in a process with PYTHONHASHSEED={hash_seed} "
                        f"(first difference: {_first_difference(mine[part], theirs[part])})",
                    )
            for seat, text_repr in mine["reprs"].items():
                if theirs["reprs"].get(seat) != text_repr:
                    note = f"the repr of {seat or 'the table'}'s view (PYTHONHASHSEED={hash_seed})"
                    if check_repr:
                        raise self.fail("determinism", f"{note} differs")
                    self.repr_differences.append(note)
            self.counts["processes"] += 1


def _seen(events: tuple[Event, ...], observer: str) -> list[dict[str, Any]]:
    return [event.to_dict() for event in events_for(events, observer)]


def _first_difference(mine: str, theirs: str) -> str:
    at = next(
        (i for i, (a, b) in enumerate(zip(mine, theirs, strict=False)) if a != b),
        min(len(mine), len(theirs)),
    )
    start = max(0, at - 40)
    return f"at character {at}: {mine[start : at + 40]!r} vs {theirs[start : at + 40]!r}"


def _determinism_run(
    spec: GameSpec,
    players: object,
    options: Mapping[str, Any],
    seed: int,
    max_steps: int,
) -> dict[str, Any]:
    """Play the seeded game the processes compare; its JSON, views, events and reprs."""
    game = spec.new_game(players, seed=seed, **options)  # type: ignore[arg-type]
    rng = random.Random(seed)
    bot = RandomBot(seed)
    events: list[Event] = []
    for _ in range(max_steps):
        action = _choose(game, rng, bot)
        if action is None:
            break
        game, new = game.apply(action)
        events.extend(new)
    views = {seat or "": game.view(seat) for seat in (*game.seat_names, None)}
    return {
        "game": _dumps(game.to_dict()),
        "views": _dumps({seat: view.to_dict() for seat, view in views.items()}),
        "events": _dumps([event.to_dict() for event in events]),
        "reprs": {seat: repr(view) for seat, view in views.items()},
    }


def _find_reference(spec: GameSpec) -> str:
    """``"module:attribute"`` of an imported module that holds ``spec``."""
    first = [spec.game_class.__module__, getattr(spec.create, "__module__", None)]
    for name in [n for n in first if n] + sorted(sys.modules):
        module = sys.modules.get(name)
        if module is None or name == "__main__":
            continue
        for attribute, value in list(vars(module).items()):
            if value is spec:
                return f"{name}:{attribute}"
    raise ContractError(
        spec.kind,
        "determinism",
        "no imported module holds this spec, so another process cannot find it: pass "
        "reference='module:attribute', or hash_seeds=() to skip the check",
    )


def _import_root(module_name: str) -> str | None:
    """The folder from which ``module_name`` is imported (for another process's path)."""
    module = sys.modules.get(module_name)
    file = getattr(module, "__file__", None)
    if not file:
        return None
    path = Path(file).resolve()
    depth = module_name.count(".") + (1 if path.name == "__init__.py" else 0)
    return str(path.parents[depth])


def _run_child(request: str, hash_seed: int, module: str) -> dict[str, Any]:
    env = dict(os.environ)
    env["PYTHONHASHSEED"] = str(hash_seed)
    paths = [p for p in sys.path if p and Path(p).exists()]
    root = _import_root(module)
    if root is not None:
        paths.insert(0, root)
    env["PYTHONPATH"] = os.pathsep.join(dict.fromkeys(paths))
    done = subprocess.run(
        [sys.executable, "-c", "from hogwarts_rules.testing import _child_main; _child_main()"],
        input=request,
        capture_output=True,
        text=True,
        env=env,
        timeout=_CHILD_TIMEOUT,
        check=False,
    )
    if done.returncode != 0:
        return {"error": done.stderr[-2000:] or f"exit status {done.returncode}"}
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def _child_main() -> None:
    """Run in another process by `check_contract`: play the game it is told, print JSON."""
    import importlib

    request = json.loads(sys.stdin.read())
    module, _, attribute = str(request["reference"]).partition(":")
    spec = getattr(importlib.import_module(module), attribute)
    result = _determinism_run(
        spec, request["players"], request["options"], request["seed"], request["max_steps"]
    )
    sys.stdout.write(_dumps(result))
