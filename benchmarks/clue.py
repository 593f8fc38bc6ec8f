"""Clue speed: apply calls per second, games per second and game length.

Run on one core:  python benchmarks/clue.py [--games N]

For 3, 4 and 5 players and each bot, it plays N seeded games to the end with
`clue.play_out` (the library's one driver loop: each bot sees only its player's view
and legal actions), and prints apply calls per second, whole games per second, the
mean number of turns, and how games ended.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter
from collections.abc import Callable

from hogwarts_rules import clue

NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve"]


def run(kind: str, players: int, games: int) -> dict[str, float | str]:
    names = NAMES[:players]
    applies = 0
    turns: list[int] = []
    endings: Counter[str] = Counter()
    start = time.perf_counter()
    for seed in range(games):
        game = clue.new_game(names, seed=seed)
        bots: dict[str, clue.Bot]
        if kind == "random":
            bots = {n: clue.RandomBot(seed * 10 + i) for i, n in enumerate(names)}
        else:
            bots = {n: clue.NotebookBot() for n in names}
        game = clue.play_out(game, bots)
        applies += len(game.history)
        turns.append(sum(1 for action in game.history if isinstance(action, clue.RollDice)))
        endings[game.outcome.reason if game.outcome else "unfinished"] += 1
    elapsed = time.perf_counter() - start
    return {
        "applies_per_second": applies / elapsed,
        "games_per_second": games / elapsed,
        "mean_turns": statistics.mean(turns),
        "endings": ", ".join(f"{k} {v}" for k, v in sorted(endings.items())),
    }


def main(argv: list[str] | None = None, out: Callable[[str], None] = print) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    args = parser.parse_args(argv)
    out(f"Clue, {args.games} seeded games per row")
    for players in (3, 4, 5):
        for kind in ("random", "notebook"):
            r = run(kind, players, args.games)
            out(
                f"{players} players, {kind:>8} bot: {r['applies_per_second']:7.0f} applies/s, "
                f"{r['games_per_second']:6.1f} games/s, "
                f"{r['mean_turns']:6.1f} turns; {r['endings']}"
            )


if __name__ == "__main__":
    main()
