"""Detective bot strength: win rates against the notebook bot, with 95% intervals.

Run:  python benchmarks/detective.py [--games N] [--threshold T] [--rival R]

It plays N seeded 4-player games (1000 by default). Two seats hold `DetectiveBot`s
(accusation threshold T, 1/2 by default), the other two `NotebookBot`s, or with
``--rival R`` rival `DetectiveBot`s of threshold R. The kinds alternate round the
table. Game k uses seed k // 2, and the two games of a seed swap the seats (the
detectives first and third, then second and fourth), so neither kind gains from
playing first or from a lucky deal. It prints the share of the games each kind won,
with a 95% Wilson interval (equally strong kinds would each win half), the wrong
accusations, the mean game length, and games per second.
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from collections import Counter
from collections.abc import Callable
from fractions import Fraction

from hogwarts_rules import clue

NAMES = ("Ann", "Ben", "Cat", "Dan")


def wilson(wins: int, games: int, z: float = 1.959964) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


def seats(game_number: int, kinds: tuple[str, str]) -> dict[str, str]:
    """Which kind of bot plays each seat in game ``game_number`` (alternating seats)."""
    first, second = kinds if game_number % 2 == 0 else kinds[::-1]
    return {name: (first if i % 2 == 0 else second) for i, name in enumerate(NAMES)}


def play(
    game_number: int, threshold: Fraction, rival: Fraction | None
) -> tuple[clue.Game, dict[str, str]]:
    """Play one game to the end; return it and each seat's kind of bot."""
    kinds = seats(game_number, ("detective", "notebook" if rival is None else "rival"))
    bots: dict[str, clue.Bot] = {}
    for name, kind in kinds.items():
        if kind == "detective":
            bots[name] = clue.DetectiveBot(threshold=threshold)
        elif rival is None:
            bots[name] = clue.NotebookBot()
        else:
            bots[name] = clue.DetectiveBot(threshold=rival)
    game = clue.play_out(clue.new_game(NAMES, seed=game_number // 2), bots)
    return game, kinds


def main(argv: list[str] | None = None, out: Callable[[str], None] = print) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument(
        "--threshold", type=Fraction, default=Fraction(1, 2), help="the detectives' threshold"
    )
    parser.add_argument(
        "--rival", type=Fraction, default=None, help="play rival detectives of this threshold"
    )
    args = parser.parse_args(argv)
    second = "notebook" if args.rival is None else "rival"
    wins: Counter[str] = Counter()
    wrong: Counter[str] = Counter()
    turns: list[int] = []
    actions: list[int] = []
    unfinished = 0
    start = time.perf_counter()
    for number in range(args.games):
        game, kinds = play(number, args.threshold, args.rival)
        unfinished += not game.is_over
        wins[kinds[game.winner] if game.winner else "nobody"] += 1
        for accuser, *_ in game.wrong_accusations:
            wrong[kinds[accuser]] += 1
        turns.append(sum(1 for action in game.history if isinstance(action, clue.RollDice)))
        actions.append(len(game.history))
    elapsed = time.perf_counter() - start
    n = args.games
    rivals = "NotebookBots" if args.rival is None else f"DetectiveBots (threshold {args.rival})"
    out(
        f"Clue, {n} seeded 4-player games: 2 DetectiveBots (threshold {args.threshold}) "
        f"and 2 {rivals}, alternating seats"
    )
    for kind in ("detective", second):
        low, high = wilson(wins[kind], n)
        out(
            f"{kind:>9} bots won {wins[kind]:4d} games: {wins[kind] / n:6.1%} "
            f"(95% CI {low:.1%} to {high:.1%}); wrong accusations: {wrong[kind]}"
        )
    out(
        f"   nobody won {wins['nobody']:4d} games (unfinished: {unfinished}; "
        f"the longest took {max(actions)} actions)"
    )
    out(
        f"mean game length: {statistics.mean(turns):.1f} turns "
        f"({statistics.mean(actions):.1f} actions); {n / elapsed:.2f} games/s"
    )


if __name__ == "__main__":
    main()
