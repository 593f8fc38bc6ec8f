"""Simulation speed: the serial path's overhead, and the speed-up of worker processes.

Run:  python benchmarks/simulate.py [--game adventure|clue] [--games N] [--repeat R]

1. Overhead: plays the same N seeded games (a) by calling the game directly
   (``new_game`` + ``play_out`` with the same bots and seeds) and (b) through
   ``hogwarts_rules.frontends.simulation.simulate`` (which finds the game in the
   catalogue and builds a record per game). The aim: (b) costs
   no more than 10% over (a).
2. Speed-up: runs ``hogwarts-rules simulate`` itself (the command line, in a fresh
   process, as a user would) with ``--workers 1`` and ``--workers 2``. The aim, on a
   machine with at least 2 free cores: 2 workers play at least 1.7 times as many
   games per second as 1.

Each timing is the best of R runs (3 by default), which filters out noise from
other processes on the machine.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from collections.abc import Callable

from hogwarts_rules import adventure, clue, find_game
from hogwarts_rules.clue.spec import random_students
from hogwarts_rules.frontends import simulation
from hogwarts_rules.frontends.simulation import game_seed


def _direct_adventure(games: int, seed: int) -> None:
    names = ("Harry", "Ron", "Hermione", "Neville")
    for index in range(games):
        game_seed_ = game_seed(seed, index)
        bots = {name: adventure.HeuristicBot() for name in names}
        game = adventure.new_game(names, seed=game_seed_, max_rounds=500)
        adventure.play_out(game, bots)


def _direct_clue(games: int, seed: int) -> None:
    names = ("Ann", "Ben", "Cat", "Dan")
    for index in range(games):
        game_seed_ = game_seed(seed, index)
        bots: dict[str, clue.Bot] = {name: clue.NotebookBot() for name in names}
        students = random_students(game_seed_, names)
        game = clue.new_game(names, seed=game_seed_, students=students)
        clue.play_out(game, bots)


def best_of(repeat: int, run: Callable[[], object]) -> float:
    """The shortest wall time of ``repeat`` runs, in seconds."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    names = [name for kind in simulation.simulated_games() for name in find_game(kind).names]
    parser.add_argument("--game", choices=names, default="adventure")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    n = args.games
    kind = find_game(args.game).kind
    direct = _direct_adventure if kind == adventure.KIND else _direct_clue
    print(f"{args.game}, {n} games of 4 players, default bots; best of {args.repeat} runs")
    print(f"machine: {os.cpu_count()} CPUs, Python {sys.version.split()[0]}")

    plain = best_of(args.repeat, lambda: direct(n, args.seed))
    through = best_of(args.repeat, lambda: simulation.simulate(args.game, n, seed=args.seed))
    print(f"direct calls:          {plain:7.2f} s  ({n / plain:6.1f} games/s)")
    print(
        f"simulation.simulate:   {through:7.2f} s  ({n / through:6.1f} games/s); "
        f"overhead {through / plain - 1:+.1%} (aim: at most +10%)"
    )

    def command(workers: int) -> None:
        subprocess.run(
            [
                sys.executable,
                "-m",
                "hogwarts_rules",
                "simulate",
                args.game,
                "-n",
                str(n),
                "--workers",
                str(workers),
                "--seed",
                str(args.seed),
                "--quiet",
            ],
            check=True,
            stdout=subprocess.DEVNULL,
        )

    one = best_of(args.repeat, lambda: command(1))
    two = best_of(args.repeat, lambda: command(2))
    print(f"hogwarts-rules simulate --workers 1: {one:7.2f} s  ({n / one:6.1f} games/s)")
    print(
        f"hogwarts-rules simulate --workers 2: {two:7.2f} s  ({n / two:6.1f} games/s); "
        f"speed-up x{one / two:.2f} (aim: at least x1.7)"
    )


if __name__ == "__main__":
    main()
