"""The `GameSpec` of First Year Adventure: the one door front ends and tests use.

Examples:
    >>> from hogwarts_rules import find_game
    >>> spec = find_game("adventure")
    >>> spec.kind, spec.min_players, spec.max_players, spec.bot_names
    ('first-year-adventure', 2, 4, ('heuristic', 'random'))
    >>> game = spec.new_game(2, seed=5, max_rounds=50)
    >>> game.seat_names, game.setup.max_rounds
    (('Harry', 'Ron'), 50)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

from hogwarts_rules.adventure.bots import HeuristicBot
from hogwarts_rules.adventure.game import KIND, MAX_ROUND_LIMIT, Game, new_game
from hogwarts_rules.adventure.notation import NOTATION
from hogwarts_rules.adventure.view import AdventureView
from hogwarts_rules.bots import Bot, RandomBot
from hogwarts_rules.codec import ActionCodec, ObservationCodec
from hogwarts_rules.engine import GameBase
from hogwarts_rules.spec import GameSpec, Option, SimulationHooks, TerminalHooks

__all__ = ["SIMULATION_ROUND_LIMIT", "SPEC"]

SIMULATION_ROUND_LIMIT: Final = 500
"""Simulated games end after this many rounds (bots' games end long before: 90-120 rounds)."""


def _max_rounds(value: object) -> int:
    if type(value) is not int or not 1 <= value <= MAX_ROUND_LIMIT:
        raise ValueError(f"must be a whole number from 1 to {MAX_ROUND_LIMIT}")
    return value


def _random(public: Any, seed: int) -> Bot:
    return RandomBot(seed)


def _heuristic(public: Any, seed: int) -> Bot:
    return HeuristicBot()


def _simulation_options(seed: int, seats: Sequence[str]) -> Mapping[str, Any]:
    return {"max_rounds": SIMULATION_ROUND_LIMIT}


def _record(game: Any) -> Mapping[str, Any]:
    assert isinstance(game, Game)
    record: dict[str, Any] = {"rounds": game.round, "length": game.round}
    for i, name in enumerate(game.seat_names, 1):
        player = game.players[name]
        record[f"seat{i}_house"] = player.house
        record[f"seat{i}_house_points"] = player.house_points
    return record


def _demo(players: int, seed: int, say: Callable[[str], None], *, full: bool = False) -> GameBase:
    from hogwarts_rules.adventure.demo import demo

    return demo(players, seed, say, full=full)


def _action_codec(game: GameBase) -> ActionCodec:
    from hogwarts_rules.adventure.codec import action_codec

    return action_codec(game)


def _observation_codec(game: GameBase) -> ObservationCodec:
    from hogwarts_rules.adventure.codec import observation_codec

    return observation_codec(game)


def _terminal(game: GameBase) -> TerminalHooks:
    from hogwarts_rules.adventure.terminal import Terminal

    return Terminal(game)


SPEC: Final = GameSpec(
    kind=KIND,
    title="First Year Adventure",
    summary="A roll-and-move board game through a first year at Hogwarts, for 2 to 4 players.",
    game_class=Game,
    view_class=AdventureView,
    create=new_game,
    aliases=("adventure",),
    min_players=2,
    max_players=4,
    default_players=4,
    seat_names=("Harry", "Ron", "Hermione", "Neville"),
    options=(
        Option(
            "max_rounds",
            "integer",
            f"End the game after this many rounds (1 to {MAX_ROUND_LIMIT}); no limit by default.",
            parse=_max_rounds,
        ),
    ),
    bots={"heuristic": _heuristic, "random": _random},
    perfect_information=True,
    max_steps=100_000,
    demo=_demo,
    terminal=_terminal,
    action_codec=_action_codec,
    observation_codec=_observation_codec,
    notation=NOTATION,
    simulation=SimulationHooks(
        options=_simulation_options, record=_record, length_unit="rounds", group="house"
    ),
)
"""First Year Adventure's spec."""
