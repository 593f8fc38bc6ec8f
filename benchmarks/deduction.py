"""Clue notebook speed: time to compute every exact marginal, from scratch and incrementally.

Run on one core:  python benchmarks/deduction.py [--histories N]
Issue 13's sweep:  python benchmarks/deduction.py --sweep 500 [--against OLD_DEDUCTION.py]

For 3, 4 and 5 players it plays seeded games with the notebook bot and keeps one
player's view after 5, 10 and 20 suggestions (N histories per point; the viewer
rotates with the seed). For each history it times `Notebook.solve`:

* scratch: the module's caches cleared first (a fresh process, in effect);
* incremental: the notebook without its last fact solved first (caches warm), then
  the notebook with it, as when a bot re-solves after learning one more fact;
* weighted: as scratch, with ``weighted=True``.

It prints the median and the maximum of each, in milliseconds.

``--sweep N`` measures issue 13's targets instead, over N seeded 5-player games of
notebook bots, each stopped after a number of suggestions drawn from 5 to 25 (the
viewer rotates with the seed). For each history it takes the CPU time, caches cleared
first and the garbage collector off (best of ``--repeat`` runs), of the uniform solve,
the weighted solve, and the solve of the notebook with one false fact added (which
names the conflicting facts). It prints median, 99th percentile and worst of each and
of the ratios weighted/uniform and conflict/solve per history, whether each target is
met, and how many certainties have faulty reasons (a fact said twice, no chain, an
elimination without its concluding step). ``--against PATH`` loads
another deduction.py (say, an older one copied to /tmp) and times both on each history,
interleaved, then prints old/new ratios.
"""

from __future__ import annotations

import argparse
import gc
import importlib.util
import math
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from types import ModuleType
from typing import Any

import attrs

from hogwarts_rules import clue
from hogwarts_rules.clue import deduction
from hogwarts_rules.clue.deduction import Notebook

NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve"]
POINTS = (5, 10, 20)


def clear_caches() -> None:
    clear_module(deduction)


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


# ----- the sweep (issue 13): 500 mid-game 5-player histories ----------------------------------

SWEEP_PLAYERS = 5
FALLBACK = "every deal consistent with the facts puts it there"


@attrs.frozen
class Case:
    """One history of the sweep: the viewer's notebook and a contradicted copy of it."""

    seed: int
    book: Notebook
    false_book: Notebook


def sweep_case(seed: int) -> Case | None:
    """The notebook of a seeded 5-player notebook-bot game after 5 to 25 suggestions.

    The number of suggestions is drawn from the seed; the viewer rotates with it. The
    contradicted notebook adds one false fact: a player or the envelope holds a card it
    cannot hold, or lacks a card it certainly holds (drawn from the seed too).
    """
    rng = random.Random(f"deduction-sweep-{seed}")
    target = rng.randint(5, 25)
    names = NAMES[:SWEEP_PLAYERS]
    game = clue.new_game(names, seed=seed)
    bots = {name: clue.NotebookBot() for name in names}
    while not game.is_over:
        who = game.to_act[0] if game.to_act else names[0]
        view = game.view(who)
        actions = view.legal_actions if game.to_act else game.legal_actions()
        game, _ = game.apply(bots[who].choose(view, who, actions))
        if len(game.suggestions) >= target and game.pending is None:
            break
    else:
        return None
    book = Notebook.from_view(game.view(game.order[seed % SWEEP_PLAYERS]))
    result = book.solve()
    impossible = [
        (card, owner)
        for card in result.counts
        for owner in result.owners
        if result.counts[card][owner] == 0
    ]
    certain = [(c.card, c.owner) for c in result.certainties]
    if rng.random() < 0.5:
        card, owner = rng.choice(impossible)
        false_book = book.holds(owner, [card], "a misread card")
    else:
        card, owner = rng.choice(certain)
        false_book = book.lacks(owner, [card], "a wrong note")
    return Case(seed, book, false_book)


def sweep_cases(count: int) -> list[Case]:
    cases: list[Case] = []
    seed = 0
    while len(cases) < count:
        case = sweep_case(seed)
        if case is not None:
            cases.append(case)
        seed += 1
    return cases


def load_module(path: str) -> ModuleType:
    """Another version of the deduction module (a copy of an older deduction.py)."""
    spec = importlib.util.spec_from_file_location("deduction_against", path)
    if spec is None or spec.loader is None:
        raise SystemExit(f"cannot load {path}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def convert(module: ModuleType, book: Notebook) -> Any:
    """``book`` as a notebook of ``module``."""
    facts = tuple(module.Fact(f.kind, f.owner, f.cards, f.source) for f in book.facts)
    return module.Notebook(book.players, dict(book.hand_sizes), facts, book.deck)


def clear_module(module: ModuleType) -> None:
    """Clear every memo of ``module`` (its lru_cache functions): a solve from scratch."""
    for value in list(vars(module).values()):
        clear = getattr(value, "cache_clear", None)
        if callable(clear):
            clear()


def cpu_ms(module: ModuleType, run: Callable[[], object], repeat: int) -> float:
    """CPU milliseconds of ``run`` from scratch caches, the best of up to ``repeat`` runs.

    As `timeit` does, the garbage collector is off during each run (and collects
    before it), so that a collection of earlier runs' garbage is not charged to it.
    """
    best = math.inf
    for attempt in range(repeat):
        clear_module(module)
        gc.collect()
        gc.disable()
        try:
            start = time.process_time()
            run()
            best = min(best, (time.process_time() - start) * 1000)
        finally:
            gc.enable()
        if attempt == 0 and best > 250:
            break  # slow enough to be measured once
    return best


def contradicted(module: ModuleType, book: Any) -> tuple[str, ...]:
    try:
        book.solve()
    except module.ContradictionError as error:
        return tuple(f.text for f in error.conflict)
    raise AssertionError("the false fact did not contradict the notebook")


@attrs.frozen
class Timing:
    uniform: float
    weighted: float
    conflict: float


def time_case(module: ModuleType, case: Case, repeat: int) -> tuple[Timing, tuple[str, ...]]:
    book = convert(module, case.book)
    false_book = convert(module, case.false_book)
    uniform = cpu_ms(module, book.solve, repeat)
    weighted = cpu_ms(module, lambda: book.solve(weighted=True), repeat)
    conflict = cpu_ms(module, lambda: contradicted(module, false_book), repeat)
    clear_module(module)
    return Timing(uniform, weighted, conflict), contradicted(module, false_book)


def reason_faults(module: ModuleType, case: Case) -> tuple[int, int, int, int]:
    """Certainties, and those whose reasons repeat a fact, lack a chain, or lack a conclusion."""
    book = convert(module, case.book)
    result = book.solve()
    repeated = unchained = unconcluded = 0
    for certainty in result.certainties:
        reasons = certainty.reasons
        if len(set(reasons)) < len(reasons) or any(
            reason.count(fact.text) > 1 for reason in reasons for fact in book.facts
        ):
            repeated += 1
        if not reasons or FALLBACK in reasons:
            unchained += 1
        placing = any(
            f.kind in ("holds", "shown") and f.cards[0] == certainty.card for f in book.facts
        )
        if not placing and not (reasons and reasons[-1].endswith(f"so {certainty.text}")):
            unconcluded += 1
    return len(result.certainties), repeated, unchained, unconcluded


def quantiles(values: Sequence[float]) -> tuple[float, float, float]:
    """Median, 99th percentile (nearest rank) and worst."""
    ordered = sorted(values)
    p99 = ordered[max(0, math.ceil(0.99 * len(ordered)) - 1)]
    return statistics.median(ordered), p99, ordered[-1]


def report(label: str, timings: list[Timing]) -> dict[str, float]:
    """Print one module's figures and whether each target of issue 13 is met."""
    uniform = [t.uniform for t in timings]
    weighted = [t.weighted for t in timings]
    conflict = [t.conflict for t in timings]
    w_ratio = [t.weighted / max(t.uniform, 1e-3) for t in timings]
    c_ratio = [t.conflict / max(t.uniform, 1e-3) for t in timings]
    figures = {
        "uniform worst ms": max(uniform),
        "weighted/uniform median": statistics.median(w_ratio),
        "weighted/uniform worst": max(w_ratio),
        "worst weighted / worst uniform": max(weighted) / max(uniform),
        "conflict/solve median": statistics.median(c_ratio),
        "conflict/solve worst": max(c_ratio),
        "worst conflict / worst solve": max(conflict) / max(uniform),
    }
    targets = {
        "uniform worst ms": 50.0,
        "weighted/uniform median": 2.0,
        "weighted/uniform worst": 2.0,
        "worst weighted / worst uniform": 2.0,
        "conflict/solve median": 10.0,
        "conflict/solve worst": 10.0,
        "worst conflict / worst solve": 10.0,
    }
    print(f"\n== {label}: {len(timings)} histories, CPU ms from scratch caches")
    for name, column in (("uniform", uniform), ("weighted", weighted), ("conflict", conflict)):
        med, p99, worst = quantiles(column)
        print(f"  {name:<9} median {med:8.2f}  p99 {p99:8.2f}  worst {worst:8.2f}")
    for name, column in (("weighted/uniform", w_ratio), ("conflict/solve", c_ratio)):
        med, p99, worst = quantiles(column)
        print(f"  {name:<17} ratio median {med:6.2f}  p99 {p99:6.2f}  worst {worst:6.2f}")
    for name, value in figures.items():
        verdict = "met" if value <= targets[name] else "NOT met"
        print(f"  {name:<31} {value:8.2f}  (target <= {targets[name]:g}: {verdict})")
    return figures


def sweep(count: int, against: str | None, repeat: int) -> None:
    started = time.perf_counter()
    cases = sweep_cases(count)
    facts = statistics.median(len(case.book.facts) for case in cases)
    took = time.perf_counter() - started
    print(f"{len(cases)} histories (median {facts:.0f} facts), made in {took:.0f} s")
    modules: list[tuple[str, ModuleType]] = [("this tree", deduction)]
    if against:
        modules.append((f"against {against}", load_module(against)))
    timings: dict[str, list[Timing]] = {label: [] for label, _ in modules}
    differ = 0  # histories where the versions name different (equally irreducible) conflicts
    for index, case in enumerate(cases):
        conflicts = set()
        # Interleaved, alternating which version goes first.
        order = modules if index % 2 == 0 else modules[::-1]
        for label, module in order:
            timing, conflict = time_case(module, case, repeat)
            timings[label].append(timing)
            conflicts.add(conflict)
        differ += len(conflicts) > 1
    for label, _ in modules:
        report(label, timings[label])
    for label, module in modules:
        totals = [reason_faults(module, case) for case in cases]
        certainties, repeated, unchained, unconcluded = map(sum, zip(*totals, strict=True))
        print(
            f"\n== reasons, {label}: {certainties} certainties; repeating a fact {repeated}; "
            f"without a chain {unchained}; elimination without its conclusion {unconcluded}"
        )
    if against:
        print(f"\n{differ} of {len(cases)} contradictions are named differently by the versions")
        print("\n== old / new (higher is better for times)")
        old_t, new_t = timings[f"against {against}"], timings["this tree"]
        for name in ("uniform", "weighted", "conflict"):
            o = quantiles([getattr(t, name) for t in old_t])
            n = quantiles([getattr(t, name) for t in new_t])
            print(
                f"  {name:<9} median {o[0] / n[0]:6.2f}x  p99 {o[1] / n[1]:6.2f}x  "
                f"worst {o[2] / n[2]:6.2f}x"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description="Clue notebook speed")
    parser.add_argument("--histories", type=int, default=10, help="histories per point")
    parser.add_argument(
        "--sweep", type=int, default=0, help="run issue 13's sweep over this many histories instead"
    )
    parser.add_argument("--against", help="with --sweep: a copy of another deduction.py to compare")
    parser.add_argument(
        "--repeat", type=int, default=3, help="with --sweep: best of this many runs under 250 ms"
    )
    args = parser.parse_args()
    if args.sweep:
        sweep(args.sweep, args.against, args.repeat)
        return
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
