"""PettingZoo adapter speed: decisions per second through the environment and the bare library.

Run on one core:  python benchmarks/adapters.py [--games N] [--repeats R]

Needs the extra: pip install "hogwarts-rules[pettingzoo]".

For each game (First Year Adventure with 4 players and a 60-round limit, Clue with 4
players) it plays N seeded games with uniformly random legal choices three ways, and
reports decisions (agent steps) per second and their ratio to the bare library:

- ``library``: the bare driver loop: the deciding seat's view (as every driver builds
  it), its legal actions from the view, a random one, ``game.apply``;
- ``env``: the AEC environment with the default infos (every seat's raw view each step),
  choosing a random number from the observation's action mask;
- ``env, info_view=False``: the same without the views in the infos.

Each way plays the same number of decisions per game (the environment's auto-applied
roll-off or deal is not a decision in either loop). Times are the process's CPU time;
runs are interleaved and the best of R repeats is kept, so that a busy machine does not
decide the ratio.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from hogwarts_rules import find_game
from hogwarts_rules.adapters.pettingzoo import env
from hogwarts_rules.bots import deciding_seat

GAMES: dict[str, dict[str, Any]] = {"adventure": {"max_rounds": 60}, "clue": {}}
PLAYERS = 4


def library(name: str, games: int) -> tuple[int, float]:
    """Decisions and seconds for ``games`` games driven with the bare library."""
    spec = find_game(name)
    decisions = 0
    start = time.process_time()
    for seed in range(games):
        rng = random.Random(seed)
        game = spec.new_game(PLAYERS, seed=seed, **GAMES[name])
        while not game.is_over:
            seat = deciding_seat(game)
            if seat is None:
                break
            actions = game.view(seat).legal_actions
            if not game.to_act and all(a.actor is None for a in actions):
                game, _ = game.apply(actions[0])  # the roll-off or the deal: no decision
                continue
            game, _ = game.apply(actions[rng.randrange(len(actions))])
            decisions += 1
    return decisions, time.process_time() - start


def environment(name: str, games: int, *, info_view: bool) -> tuple[int, float]:
    """Decisions and seconds for ``games`` games driven through the AEC environment."""
    decisions = 0
    start = time.process_time()
    table = env(name, players=PLAYERS, info_view=info_view, **GAMES[name])
    for seed in range(games):
        rng = random.Random(seed)
        table.reset(seed=seed)
        for _agent in table.agent_iter():
            observation, _reward, terminated, truncated, _info = table.last()
            if terminated or truncated:
                table.step(None)
                continue
            legal = np.flatnonzero(observation["action_mask"])
            table.step(int(legal[rng.randrange(len(legal))]))
            decisions += 1
    return decisions, time.process_time() - start


def measure(name: str, games: int, repeats: int) -> dict[str, float]:
    """Best decisions per second of each way over ``repeats`` interleaved runs."""
    ways: dict[str, Callable[[], tuple[int, float]]] = {
        "library": lambda: library(name, games),
        "env": lambda: environment(name, games, info_view=True),
        "env, info_view=False": lambda: environment(name, games, info_view=False),
    }
    best = dict.fromkeys(ways, 0.0)
    for _ in range(repeats):
        for way, run in ways.items():
            decisions, seconds = run()
            best[way] = max(best[way], decisions / seconds)
    return best


def main(argv: list[str] | None = None, out: Callable[[str], None] = print) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args(argv)
    out(f"{PLAYERS} players, {args.games} seeded games per way, best of {args.repeats}")
    for name in GAMES:
        rates = measure(name, args.games, args.repeats)
        base = rates["library"]
        for way, rate in rates.items():
            out(f"{name:>9} {way:<22} {rate:9.0f} decisions/s  ratio {rate / base:5.2f}")


if __name__ == "__main__":
    main()
