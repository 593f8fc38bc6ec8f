"""A toy game defined in the tests: a small dice race with one secret per player.

It exists to show (and test) that a game from outside the library reaches every
front end through its `GameSpec` alone: nothing in ``src`` imports it. Tests
register it with `hogwarts_rules.register_game` in a fixture and take it out
again afterwards.

The rules: 2 to 4 players. `Deal` gives each player a face-down *boost* card
(1, 2 or 3, drawn at random) that only its holder knows. Then, in turn, each
player either `Roll`s a d6 and moves that many squares, or plays their boost
card once (`Boost`) and moves by its value, which everyone then sees. A roll of
1 may be kept or rolled again (`Keep` / `Reroll`: a decision in the middle of
the roll). The first to reach the goal (20 squares by default) wins.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar, Final, Self

import attrs

from hogwarts_rules.actions import ACTIONS, Action
from hogwarts_rules.bots import Bot, RandomBot
from hogwarts_rules.dice import DiceSource
from hogwarts_rules.engine import (
    Context,
    GameBase,
    Outcome,
    check_player_names,
    make_dice,
)
from hogwarts_rules.errors import IllegalActionError
from hogwarts_rules.events import EVENTS, Event
from hogwarts_rules.frozen import FrozenMap
from hogwarts_rules.serialization import unstructure
from hogwarts_rules.spec import GameSpec, Option, SimulationHooks
from hogwarts_rules.views import actions_dict, awaited_for, view_from_dict, viewer_actions

__all__ = [
    "BOOST_CARDS",
    "KIND",
    "SPEC",
    "Boost",
    "BoostDealt",
    "BoostPlayed",
    "Deal",
    "Keep",
    "Moved",
    "RaceSetup",
    "Reroll",
    "Roll",
    "Rolled",
    "ToyAction",
    "ToyGame",
    "ToyTerminal",
    "ToyView",
    "Won",
    "make_spec",
    "new_game",
]

KIND: Final = "toy-dice-race"
"""The toy game's kind."""

BOOST_CARDS: Final = (1, 2, 3)
"""The faces of a boost card."""

DEFAULT_GOAL: Final = 20
MAX_GOAL: Final = 1000


# ================================================================== actions


@attrs.frozen
class ToyAction(Action):
    """Base class of the toy game's actions."""


@ACTIONS.register("toy.deal")
@attrs.frozen
class Deal(ToyAction):
    """Set-up: every player gets a face-down boost card."""


@attrs.frozen
class _PlayerAction(ToyAction):
    player: str

    @property
    def actor(self) -> str:
        return self.player


@ACTIONS.register("toy.roll")
@attrs.frozen
class Roll(_PlayerAction):
    """Roll a d6 and move that many squares."""


@ACTIONS.register("toy.boost")
@attrs.frozen
class Boost(_PlayerAction):
    """Play the boost card (once a game) and move by its value."""


@ACTIONS.register("toy.keep")
@attrs.frozen
class Keep(_PlayerAction):
    """After rolling a 1: keep it."""


@ACTIONS.register("toy.reroll")
@attrs.frozen
class Reroll(_PlayerAction):
    """After rolling a 1: roll again (the second roll stands)."""


# ================================================================== events


@EVENTS.register("toy.boost_dealt")
@attrs.frozen
class BoostDealt(Event):
    """A player's face-down boost card (others see only that one was dealt)."""

    player: str
    card: int = 0

    def seen_by(self, player: str) -> Event | None:
        return self if player == self.player else attrs.evolve(self, card=0)

    @property
    def is_public(self) -> bool:
        return False

    @property
    def description(self) -> str:
        if self.card:
            return f"{self.player} is dealt a boost of {self.card}"
        return f"{self.player} is dealt a boost card"


@EVENTS.register("toy.rolled")
@attrs.frozen
class Rolled(Event):
    """A roll of the d6."""

    player: str
    value: int

    @property
    def description(self) -> str:
        return f"{self.player} rolls {self.value}"


@EVENTS.register("toy.boost_played")
@attrs.frozen
class BoostPlayed(Event):
    """A boost card turned face up."""

    player: str
    card: int

    @property
    def description(self) -> str:
        return f"{self.player} plays a boost of {self.card}"


@EVENTS.register("toy.moved")
@attrs.frozen
class Moved(Event):
    """A pawn moved."""

    player: str
    start: int
    end: int

    @property
    def description(self) -> str:
        return f"{self.player} moves from {self.start} to {self.end}"


@EVENTS.register("toy.won")
@attrs.frozen
class Won(Event):
    """A player reached the goal."""

    player: str

    @property
    def description(self) -> str:
        return f"{self.player} wins the race"


# ================================================================== the game


def _int_map(value: Mapping[str, int]) -> FrozenMap[str, int]:
    return FrozenMap(value)


@attrs.frozen
class RaceSetup:
    """How a race starts: the players, the dice and the goal."""

    players: tuple[str, ...]
    dice: DiceSource
    goal: int = DEFAULT_GOAL


def _check_goal(value: object) -> int:
    if type(value) is not int or not 1 <= value <= MAX_GOAL:
        raise ValueError(f"goal must be a whole number from 1 to {MAX_GOAL}")
    return value


@attrs.frozen(kw_only=True)
class ToyGame(GameBase):
    """The toy dice race (immutable, like every game)."""

    KIND: ClassVar[str] = KIND
    SETUP_TYPE: ClassVar[type[Any]] = RaceSetup
    ACTION_TYPE: ClassVar[type[Action]] = ToyAction

    setup: RaceSetup = attrs.field(repr=False)
    positions: FrozenMap[str, int] = attrs.field(converter=_int_map)
    boosts: FrozenMap[str, int] = attrs.field(converter=_int_map, repr=False)
    used: tuple[str, ...] = ()
    dealt: bool = False
    turn: int = 0
    winner: str | None = None

    @classmethod
    def _start(cls, setup: RaceSetup) -> Self:
        players = check_player_names(setup.players, minimum=2, maximum=4)
        _check_goal_rule(setup.goal)
        return cls(
            dice=setup.dice,
            setup=setup,
            positions={p: 0 for p in players},
            boosts={p: 0 for p in players},
        )

    # ----- reading -----------------------------------------------------------------

    @property
    def seat_names(self) -> tuple[str, ...]:
        return self.setup.players

    @property
    def current_player(self) -> str | None:
        if not self.dealt or self.winner is not None:
            return None
        return self.setup.players[self.turn]

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    @property
    def outcome(self) -> Outcome | None:
        if self.winner is None:
            return None
        description = f"{self.winner} reaches square {self.setup.goal} first."
        return Outcome((self.winner,), "goal_reached", dict(self.positions), description)

    def view(self, seat: str | None) -> ToyView:
        if seat is not None and seat not in self.positions:
            raise IllegalActionError("unknown_player", f"no player called {str(seat)[:60]!r}")
        prompt, details = awaited_for(self, seat, public=False)
        return ToyView(
            viewer=seat,
            goal=self.setup.goal,
            positions=self.positions,
            boost=None if seat is None or not self.dealt else self.boosts[seat],
            used=self.used,
            current_player=self.current_player,
            to_act=self.to_act,
            legal_actions=viewer_actions(self, seat),
            prompt=prompt,
            details=details,
            winner=self.winner,
        )

    # ----- the engine's hooks ------------------------------------------------------

    def _state_dict(self) -> dict[str, Any]:
        return {
            "positions": dict(self.positions),
            "boosts": dict(self.boosts),
            "used": list(self.used),
            "dealt": self.dealt,
            "turn": self.turn,
            "winner": self.winner,
        }

    def _root_to_act(self) -> tuple[str, ...]:
        current = self.current_player
        return () if current is None else (current,)

    def _root_actions(self) -> tuple[Action, ...]:
        if not self.dealt:
            return (Deal(),)
        current = self.current_player
        if current is None:
            return ()
        if current in self.used:
            return (Roll(current),)
        return (Roll(current), Boost(current))

    def _check_root(self, action: Action) -> None:
        if isinstance(action, Deal):
            if self.dealt:
                raise IllegalActionError("already_dealt", "the boost cards are already dealt")
            return
        if not self.dealt:
            raise IllegalActionError("not_dealt", "deal the boost cards first")
        assert isinstance(action, _PlayerAction)
        if action.player != self.current_player:
            raise IllegalActionError(
                "not_your_turn", f"it is {self.current_player}'s turn, not {action.player!r}'s"
            )
        if isinstance(action, Boost) and action.player in self.used:
            raise IllegalActionError("boost_used", f"{action.player} has played their boost")
        if isinstance(action, Keep | Reroll):
            raise IllegalActionError("no_roll_to_keep", "keep or reroll only after rolling a 1")

    def _play(self, ctx: Context, action: Action) -> Self:
        if isinstance(action, Deal):
            boosts: dict[str, int] = {}
            for player in self.setup.players:
                card = ctx.draw(BOOST_CARDS, label=f"{player}'s boost card")
                boosts[player] = card
                ctx.emit(BoostDealt(player, card))
            return attrs.evolve(self, boosts=boosts, dealt=True)
        assert isinstance(action, _PlayerAction)
        player = action.player
        game = self
        if isinstance(action, Boost):
            steps = self.boosts[player]
            ctx.emit(BoostPlayed(player, steps))
            game = attrs.evolve(game, used=(*game.used, player))
        else:
            steps = ctx.roll(6, label=f"{player}'s d6", state=self)
            ctx.emit(Rolled(player, steps))
            if steps == 1:
                choice = ctx.decide(
                    player,
                    (Keep(player), Reroll(player)),
                    prompt="keep the 1 or roll again",
                    details={"roll": 1},
                    state=self,
                )
                if isinstance(choice, Reroll):
                    steps = ctx.roll(6, label=f"{player}'s second d6", state=self)
                    ctx.emit(Rolled(player, steps))
        start = game.positions[player]
        end = min(start + steps, game.setup.goal)
        ctx.emit(Moved(player, start, end))
        game = attrs.evolve(game, positions=game.positions.set(player, end))
        if end >= game.setup.goal:
            ctx.emit(Won(player))
            return attrs.evolve(game, winner=player)
        return attrs.evolve(game, turn=(game.turn + 1) % len(game.setup.players))


def _check_goal_rule(goal: object) -> None:
    if type(goal) is not int or not 1 <= goal <= MAX_GOAL:
        raise IllegalActionError("bad_goal", f"the goal must be from 1 to {MAX_GOAL}")


@attrs.frozen
class ToyView:
    """What a seat (or the table) sees: every pawn, its own boost card, never the dice."""

    viewer: str | None
    goal: int
    positions: FrozenMap[str, int]
    boost: int | None
    used: tuple[str, ...]
    current_player: str | None
    to_act: tuple[str, ...]
    legal_actions: tuple[Action, ...]
    prompt: str
    details: FrozenMap[str, int | str]
    winner: str | None

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    def to_dict(self) -> dict[str, Any]:
        return actions_dict(unstructure(self), self.legal_actions)

    @classmethod
    def from_dict(cls, data: object) -> Self:
        return view_from_dict(cls, data)


def new_game(
    players: Sequence[object],
    *,
    seed: int | None = None,
    dice: DiceSource | None = None,
    goal: int = DEFAULT_GOAL,
    game_class: type[ToyGame] = ToyGame,
) -> ToyGame:
    """Start a race (``game_class``: a subclass, for the tests' broken variants)."""
    names = check_player_names(players, minimum=2, maximum=4)
    return game_class._start(RaceSetup(names, make_dice(seed, dice), goal))


# ================================================================== front-end hooks


class ToyTerminal:
    """How ``hogwarts-rules play`` draws the race (see `hogwarts_rules.spec.TerminalHooks`)."""

    def __init__(self, game: GameBase) -> None:
        self.goal = game.setup.goal if isinstance(game, ToyGame) else DEFAULT_GOAL

    def screen(self, view: Any) -> list[str]:
        lines = [
            f"{name}: square {square} of {view.goal}" for name, square in view.positions.items()
        ]
        if view.boost is not None:
            lines.append(f"your boost card: {view.boost}")
        if view.prompt:
            lines.append(view.prompt)
        return lines

    def describe(self, view: Any, action: Action) -> str:
        return {
            "toy.deal": "deal the boost cards",
            "toy.roll": "roll the d6",
            "toy.boost": "play your boost card",
            "toy.keep": "keep the 1",
            "toy.reroll": "roll again",
        }.get(action.TYPE, action.TYPE)

    def menu(self, view: Any, actions: Sequence[Action]) -> list[str]:
        return [f"{i}. {self.describe(view, a)}" for i, a in enumerate(actions, 1)]

    def heading(self, view: Any) -> str | None:
        return None

    def ending(self, view: Any) -> list[str]:
        return [f"{view.winner} wins the race"] if view.winner else ["the race is over"]


def _random(public: object, seed: int) -> Bot:
    return RandomBot(seed)


def _record(game: Any) -> Mapping[str, Any]:
    assert isinstance(game, ToyGame)
    turns = sum(1 for a in game.history if isinstance(a, Roll | Boost))
    record: dict[str, Any] = {"length": turns}
    for i, name in enumerate(game.seat_names, 1):
        record[f"seat{i}_square"] = game.positions[name]
    return record


def make_spec(
    game_class: type[ToyGame] = ToyGame, *, aliases: tuple[str, ...] = ("toy",)
) -> GameSpec:
    """The toy's spec, or that of a variant (a subclass with a kind of its own)."""
    create: Callable[..., GameBase] = functools.partial(new_game, game_class=game_class)
    return GameSpec(
        kind=game_class.KIND,
        title="Toy dice race",
        summary="A dice race to a goal, with a secret boost card each (a test game).",
        game_class=game_class,
        view_class=ToyView,
        create=create,
        aliases=aliases,
        min_players=2,
        max_players=4,
        default_players=2,
        seat_names=("Ann", "Bob", "Cyd", "Dee"),
        options=(
            Option(
                "goal",
                "integer",
                f"The square to reach (1 to {MAX_GOAL}).",
                default=DEFAULT_GOAL,
                parse=_check_goal,
            ),
        ),
        bots={"random": _random},
        perfect_information=False,
        max_steps=1_000,
        terminal=ToyTerminal,
        simulation=SimulationHooks(
            options=lambda seed, seats: {}, record=_record, length_unit="turns"
        ),
    )


SPEC: Final = make_spec()
"""The toy game's spec (register it with `hogwarts_rules.register_game`)."""
