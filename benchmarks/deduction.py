"""Clue notebook speed: time to compute every exact marginal, from scratch and incrementally.

Run on one core:  python benchmarks/deduction.py [--histories N]

For 3, 4 and 5 players it plays seeded games with the notebook bot and keeps one
player's view after 5, 10 and 20 suggestions (N histories per point; the viewer
rotates with the seed). For each history it times `Notebook.solve`:

* scratch: the module's caches cleared first (a fresh process, in effect);
* incremental: the notebook without its last fact solved first (caches warm), then
  the notebook with it, as when a bot re-solves after learning one more fact;
* weighted: as scratch, with ``weighted=True``.

It prints the median and the maximum of each, in milliseconds.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

import attrs

from hogwarts_rules import clue
from hogwarts_rules.clue import deduction
from hogwarts_rules.clue.deduction import Notebook

NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve"]
POINTS = (5, 10, 20)
CACHES: tuple[Callable[[], None], ...] = (
    deduction._split.cache_clear,
    deduction._deal_players_cached.cache_clear,
    deduction._allocations.cache_clear,
    deduction._category_map.cache_clear,
)


def clear_caches() -> None:
    for clear in CACHES:
        clear()


def histories(players: int, seed: int) -> dict[int, Notebook]:
    """The viewer's notebook after each of POINTS suggestions of one seeded game."""
    names = NAMES[:players]
    game = clue.new_game(names, seed=seed)
    bots = {name: clue.NotebookBot() for name in names}
    found: dict[int, Notebook] = {}
    while not game.is_over and len(found) < len(POINTS):
        who = game.to_act[0] if game.to_act else names[0]
        view = game.view(who)
        actions = view.legal_actions if game.to_act else game.legal_actions()
        game, _ = game.apply(bots[who].choose(view, who, actions))
        count = len(game.suggestions)
        if count in POINTS and count not in found and game.pending is None:
            viewer = game.order[seed % players]
            found[count] = Notebook.from_view(game.view(viewer))
    return found


def timed(book: Notebook, *, weighted: bool = False) -> float:
    start = time.perf_counter()
    book.solve(weighted=weighted)
    return (time.perf_counter() - start) * 1000


def measure(book: Notebook) -> tuple[float, float, float]:
    clear_caches()
    scratch = timed(book)
    clear_caches()
    attrs.evolve(book, facts=book.facts[:-1]).solve()
    incremental = timed(book)
    clear_caches()
    weighted = timed(book, weighted=True)
    return scratch, incremental, weighted


def main() -> None:
    parser = argparse.ArgumentParser(description="Clue notebook speed")
    parser.add_argument("--histories", type=int, default=10, help="histories per point")
    args = parser.parse_args()
    header = (
        f"{'players':>7} {'sugg.':>5} {'hist.':>5} {'facts':>5} | "
        f"{'scratch med':>11} {'max':>8} | {'increm. med':>11} {'max':>8} | "
        f"{'weighted med':>12} {'max':>8}   (ms)"
    )
    print(header)
    print("-" * len(header))
    for players in (3, 4, 5):
        books: dict[int, list[Notebook]] = {point: [] for point in POINTS}
        seed = 0
        while any(len(b) < args.histories for b in books.values()) and seed < 20 * args.histories:
            for point, book in histories(players, seed).items():
                if len(books[point]) < args.histories:
                    books[point].append(book)
            seed += 1
        for point in POINTS:
            times = [measure(book) for book in books[point]]
            if not times:
                continue
            facts = statistics.median(len(book.facts) for book in books[point])
            cells = [
                f"{statistics.median(column):>{width}.1f} {max(column):>8.1f}"
                for column, width in zip(zip(*times, strict=True), (11, 11, 12), strict=True)
            ]
            print(f"{players:>7} {point:>5} {len(times):>5} {facts:>5.0f} | " + " | ".join(cells))


if __name__ == "__main__":
    main()
