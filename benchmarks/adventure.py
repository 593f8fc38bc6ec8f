"""First Year Adventure speed: apply calls per second, games per second, game length.

Run on one core:  python benchmarks/adventure.py [--games N]

For each bot it plays N seeded 4-player games to the end with `ad.play_out` (the
library's one driver loop: at every decision the seat's view and its legal actions,
as a real driver does), and prints apply calls per second, whole games per second,
and the mean and median game length in rounds and in turns.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

from hogwarts_rules import adventure as ad

PLAYERS = ["Harry", "Ron", "Hermione", "Neville"]
TURN_ACTIONS = (ad.TakeTurn, ad.MoveOne, ad.RollToMove, ad.GoToThirdFloor, ad.EnterDungeon)


def bots_for(kind: str, seed: int) -> dict[str, ad.Bot]:
    if kind == "random":
        return {name: ad.RandomBot(seed * 10 + i) for i, name in enumerate(PLAYERS)}
    return {name: ad.HeuristicBot() for name in PLAYERS}


def run(kind: str, games: int) -> dict[str, float]:
    applies = 0
    rounds: list[int] = []
    turns: list[int] = []
    start = time.perf_counter()
    for seed in range(games):
        game = ad.play_out(ad.new_game(PLAYERS, seed=seed, max_rounds=1000), bots_for(kind, seed))
        applies += len(game.history)
        rounds.append(game.round)
        turns.append(sum(1 for action in game.history if isinstance(action, TURN_ACTIONS)))
    elapsed = time.perf_counter() - start
    return {
        "applies_per_second": applies / elapsed,
        "games_per_second": games / elapsed,
        "mean_rounds": statistics.mean(rounds),
        "median_rounds": statistics.median(rounds),
        "mean_turns": statistics.mean(turns),
        "median_turns": statistics.median(turns),
        "round_limit_hit": sum(1 for r in rounds if r >= 1000),
    }


def main(argv: list[str] | None = None, out: Callable[[str], None] = print) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    args = parser.parse_args(argv)
    out(f"First Year Adventure, 4 players, {args.games} seeded games per bot")
    for kind in ("random", "heuristic"):
        r = run(kind, args.games)
        out(
            f"{kind:>9} bot: {r['applies_per_second']:8.0f} applies/s, "
            f"{r['games_per_second']:6.1f} games/s, "
            f"rounds mean {r['mean_rounds']:.1f} median {r['median_rounds']:.0f}, "
            f"player turns mean {r['mean_turns']:.1f} median {r['median_turns']:.0f}, "
            f"round limit hit {r['round_limit_hit']:.0f}"
        )


if __name__ == "__main__":
    main()
