"""Simulate many games of First Year Adventure or Clue on a Dask cluster.

`hogwarts_rules.frontends.simulation.simulate` runs on any `concurrent.futures.Executor`, and a
Dask client gives one (``client.get_executor()``). Game ``i`` is played with a seed
derived from the master seed and ``i`` alone, so the records are the same on a cluster
as in a plain loop here: the script checks that for the first few games.

Needs the ``dask`` extra: ``pip install "hogwarts-rules[dask]"``. Then, from a checkout:

    python examples/simulate_on_dask.py                      # 40 games on a local cluster
    python examples/simulate_on_dask.py --games 2000 --workers 4
    python examples/simulate_on_dask.py --game clue --bots detective,notebook
    python examples/simulate_on_dask.py tcp://10.0.0.5:8786  # a running scheduler

With a remote scheduler, every worker needs ``hogwarts-rules`` installed.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence

from distributed import Client, LocalCluster

from hogwarts_rules import find_game
from hogwarts_rules.frontends import simulation


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description="Simulate many games of First Year Adventure or Clue on a Dask cluster."
    )
    parser.add_argument(
        "scheduler",
        nargs="?",
        default=None,
        help="a Dask scheduler's address (default: start a local cluster)",
    )
    # Any game of the catalogue with bots, by kind or alias ("adventure", "clue"...).
    games = [name for kind in simulation.simulated_games() for name in find_game(kind).names]
    parser.add_argument("--game", choices=games, default="adventure")
    parser.add_argument("-n", "--games", type=int, default=40, help="how many games (default: 40)")
    parser.add_argument("--bots", default=None, help="bots, comma-separated (default: the best)")
    parser.add_argument("--seed", type=int, default=0, help="the master seed (default: 0)")
    parser.add_argument(
        "--workers", type=int, default=2, help="local cluster: worker processes (default: 2)"
    )
    parser.add_argument(
        "--check", type=int, default=5, help="games to replay here to compare (default: 5)"
    )
    return parser.parse_args(argv)


def run(client: Client, args: argparse.Namespace) -> list[simulation.Record]:
    """Play the games on the cluster, then replay the first few here and compare."""
    start = time.perf_counter()
    # The Dask executor is an ordinary concurrent.futures.Executor: simulate() sends it
    # chunks of games, and puts the records back in game order.
    records = simulation.simulate(
        args.game, args.games, bots=args.bots, seed=args.seed, executor=client.get_executor()
    )
    elapsed = time.perf_counter() - start
    print(f"{len(records)} games of {args.game} on the cluster in {elapsed:.1f} s")

    # The same games played here, one after the other, give the same records.
    count = min(args.check, args.games)
    serial = simulation.simulate(args.game, count, bots=args.bots, seed=args.seed)
    if records[:count] != serial:
        raise SystemExit("the cluster's records differ from a serial run")
    print(f"the first {count} records are identical to a serial run here")
    return records


def main(argv: Sequence[str] | None = None) -> None:
    args = parse_args(argv)
    if args.scheduler is not None:
        with Client(args.scheduler) as client:
            records = run(client, args)
    else:
        # processes=True: each worker is a process of its own (the games are pure Python,
        # so threads would share one interpreter lock). No dashboard for a script.
        with (
            LocalCluster(
                n_workers=args.workers,
                threads_per_worker=1,
                processes=True,
                dashboard_address=None,
            ) as cluster,
            Client(cluster) as client,
        ):
            records = run(client, args)
    if records:
        print()
        print(simulation.summarize(records).table())


# The guard matters: Dask starts its worker processes by importing this module again.
if __name__ == "__main__":
    main()
