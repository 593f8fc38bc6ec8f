"""Speed-up against an older revision: the same workloads on both trees, interleaved.

Run:  python benchmarks/speedup.py --against REV [--repeat N] [--quick] [--only W ...]

For example ``python benchmarks/speedup.py --against c370d94`` (a few minutes on two
cores), or ``--quick`` for a smoke test of under a minute. ``--only`` runs only the
named workloads (the names below).

It checks REV out in a temporary ``git worktree`` (removed at the end, also on
Ctrl-C) and runs the same workloads on that tree ("old") and on this checkout as it
stands, uncommitted changes included ("new"). Each run of a workload is a fresh
subprocess (``sys.executable -s -P`` with ``PYTHONPATH=<tree>/src`` and no other
``PYTHON*`` variable; the child checks that ``hogwarts_rules`` was imported from
that tree, so an installed copy cannot leak in). Runs alternate old, new, old,
new... N times (5 by default, 3 with ``--quick``); each child warms up untimed, then
measures CPU time (``time.process_time``). Every workload uses only APIs that exist
in both trees, and the same seeds, so both trees play the same games.

Workloads (issue 13's targets in brackets):

1. ``adventure-random``: First Year Adventure, 4 `RandomBot`s, player turns per CPU
   second (turn actions: TakeTurn, MoveOne, RollToMove, GoToThirdFloor,
   EnterDungeon) [new/old >= 5]. A random bot never reads its view, so this loop
   builds none: at each step the deciding seat's legal actions, the bot's choice,
   ``apply`` (the loop behind the issue's baseline of 31-32k player-turns/s).
   ``adventure-random-views`` is the same loop building the seat's view at every
   step too, as a driver for any bot does (shown, no target).
2. ``adventure-heuristic``: the same with `HeuristicBot`s, which read their views
   [>= 4].
3. ``clue-random``: Clue, 4 `RandomBot`s, applies per CPU second, no views (as
   ``adventure-random``) [>= 3]; ``clue-random-views`` builds them too (no target).
4. ``clue-notebook``: whole Clue games per CPU second, 4 `NotebookBot`s [>= 3].
5. ``clue-detective``: the same with `DetectiveBot`s [>= 2].
6. ``apply-growth``: a long Adventure game (random bots that never enter the
   dungeon or go to the third floor, so it never ends; no round limit): the mean
   apply over the 400 steps after step L (20,000; 2,000 with ``--quick``) divided
   by the mean over the 400 steps after step 100, both re-applied from the stored
   states. The figure per tree is that late/early ratio [new <= 1.25].
7. ``from-dict``: ``Game.from_dict`` of a long game of that kind (20,000 actions;
   2,000 with ``--quick``), from its JSON text, divided by the time to apply its
   actions to a new game. The figure per tree is that ratio [new <= 1.5].
8. ``state-memory``: every state of a long game of that kind (8,000 actions; 2,000
   with ``--quick``) kept in a list: the memory they hold (``tracemalloc``, after a
   garbage collection) per state, in bytes [new <= 2,000].

The bots' APIs are detected in the child: a bot whose ``choose`` takes three
parameters gets ``(view, seat, actions)``, one taking two gets ``(view, actions)``
(the older Clue bots). The driver loop is the one a real driver runs: the deciding
seat's view (for bots that read views), its legal actions (the view's
``legal_actions`` when it lists them), the bot's choice, ``apply``.

It prints a table: each workload's median figure per tree, the median over the
runs of the new/old ratio (each run pairs one old and one new subprocess), the
lowest and highest of those per-run ratios (how much the host moved during the
run), and the target. Whether a target is met is read from the median. A ``*``
after a ratio means the two trees did not play the same games (the rules changed),
so the figures are not like for like.
"""

from __future__ import annotations

import argparse
import contextlib
import inspect
import json
import os
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
PLAYERS = ("Harry", "Ron", "Hermione", "Neville")
CLUE_PLAYERS = ("Ann", "Ben", "Cat", "Dan")
GROWTH_WINDOW = 400
EARLY_STEP = 100


@dataclass(frozen=True)
class Workload:
    """One workload: its name, what the figure is, its sizes and the issue's target."""

    name: str
    unit: str
    full: int
    quick: int
    target: str
    # "rate": the figure is a rate and the target a least new/old ratio;
    # "ceiling": the figure is a per-tree ratio and the target a most new figure.
    kind: str
    bound: float


WORKLOADS = (
    Workload("adventure-random", "player-turns/s", 150, 15, "new/old >= 5", "rate", 5.0),
    Workload("adventure-random-views", "player-turns/s", 150, 15, "none", "rate", 0.0),
    Workload("adventure-heuristic", "player-turns/s", 60, 6, "new/old >= 4", "rate", 4.0),
    Workload("clue-random", "applies/s", 20, 2, "new/old >= 3", "rate", 3.0),
    Workload("clue-random-views", "applies/s", 20, 2, "none", "rate", 0.0),
    Workload("clue-notebook", "games/s", 40, 4, "new/old >= 3", "rate", 3.0),
    Workload("clue-detective", "games/s", 12, 2, "new/old >= 2", "rate", 2.0),
    Workload("apply-growth", "late/early apply", 20_000, 2_000, "new <= 1.25", "ceiling", 1.25),
    Workload("from-dict", "from_dict/apply", 20_000, 2_000, "new <= 1.5", "ceiling", 1.5),
    Workload("state-memory", "bytes/state", 8_000, 2_000, "new <= 2,000", "ceiling", 2_000.0),
)


# --------------------------------------------------------------------------- child side
# Everything below up to the parent side runs in the child, against one tree's package.


def _chooser(bot: Any) -> Callable[[Any, str, Sequence[Any]], Any]:
    """``bot.choose`` as ``(view, seat, actions)``, whichever of the two APIs it has."""
    choose = bot.choose
    if len(inspect.signature(choose).parameters) >= 3:
        return choose  # type: ignore[no-any-return]
    return lambda view, seat, actions: choose(view, actions)


def _play(
    game: Any, choosers: Mapping[str, Callable[..., Any]], max_steps: int, views: bool = True
) -> Any:
    """Let the bots play ``game`` for at most ``max_steps`` actions (or to its end).

    With ``views`` each step builds the deciding seat's view and hands it to the bot;
    without, the bot gets ``None`` (for bots that never read it: `RandomBot`).
    """
    seats = tuple(choosers)
    steps = 0
    while steps < max_steps and not game.is_over:
        to_act = game.to_act
        if to_act:
            seat = to_act[0]
            if seat not in choosers:
                break
            if views:
                view = game.view(seat)
                listed = getattr(view, "legal_actions", None)
                actions = listed if isinstance(listed, tuple) else game.legal_actions(seat)
            else:
                view = None
                actions = game.legal_actions(seat)
        else:  # nobody must decide (the roll-off, the deal): the first seat starts it
            seat = seats[0]
            view = game.view(seat) if views else None
            actions = game.legal_actions()
        if not actions:
            break
        game, _ = game.apply(choosers[seat](view, seat, actions))
        steps += 1
    return game


class _Dawdler:
    """A random Adventure bot that never enters the dungeon nor goes to the third floor.

    Nobody can then end the game, so it is as long as one likes.
    """

    def __init__(self, seed: int, avoid: tuple[type, ...]) -> None:
        self.random = random.Random(seed)
        self.avoid = avoid

    def choose(self, view: Any, player: str, actions: Sequence[Any]) -> Any:
        allowed = [a for a in actions if not isinstance(a, self.avoid)] or list(actions)
        return self.random.choice(allowed)


def _games(workload: str, size: int, first_seed: int) -> dict[str, float]:
    """Play ``size`` seeded games of a game workload; count what it measures."""
    from hogwarts_rules import adventure as ad
    from hogwarts_rules import clue

    turn_actions = (ad.TakeTurn, ad.MoveOne, ad.RollToMove, ad.GoToThirdFloor, ad.EnterDungeon)
    applies = turns = 0
    seconds = 0.0
    for seed in range(first_seed, first_seed + size):
        start = time.process_time()
        game: Any
        if workload.startswith("adventure"):
            bots: list[Any] = (
                [ad.HeuristicBot() for _ in PLAYERS]
                if workload == "adventure-heuristic"
                else [ad.RandomBot(seed * 10 + i) for i in range(len(PLAYERS))]
            )
            game = ad.new_game(list(PLAYERS), seed=seed, max_rounds=1000)
            choosers = {p: _chooser(b) for p, b in zip(PLAYERS, bots, strict=True)}
        else:
            if workload.startswith("clue-random"):
                bots = [clue.RandomBot(seed * 10 + i) for i in range(len(CLUE_PLAYERS))]
            elif workload == "clue-notebook":
                bots = [clue.NotebookBot() for _ in CLUE_PLAYERS]
            else:
                bots = [clue.DetectiveBot() for _ in CLUE_PLAYERS]
            game = clue.new_game(list(CLUE_PLAYERS), seed=seed)
            choosers = {p: _chooser(b) for p, b in zip(CLUE_PLAYERS, bots, strict=True)}
        views = workload not in ("adventure-random", "clue-random")
        game = _play(game, choosers, 20_000, views)
        seconds += time.process_time() - start
        applies += len(game.history)
        turns += sum(1 for action in game.history if isinstance(action, turn_actions))
    work = {"applies": float(applies), "turns": float(turns), "games": float(size)}
    per = {
        "adventure-random": "turns",
        "adventure-random-views": "turns",
        "adventure-heuristic": "turns",
        "clue-random": "applies",
        "clue-random-views": "applies",
    }
    return {"figure": work[per.get(workload, "games")] / seconds, "seconds": seconds, **work}


def _long_game(steps: int) -> Any:
    """An Adventure game of ``steps`` actions, played by dawdling random bots."""
    from hogwarts_rules import adventure as ad

    avoid = (ad.EnterDungeon, ad.GoToThirdFloor)
    choosers = {p: _chooser(_Dawdler(i, avoid)) for i, p in enumerate(PLAYERS)}
    game = _play(ad.new_game(list(PLAYERS), seed=7), choosers, steps)
    if len(game.history) != steps:
        raise RuntimeError(f"the long game stopped after {len(game.history)} of {steps} steps")
    return game


def _replay(state: Any, actions: Sequence[Any]) -> float:
    """CPU seconds to apply ``actions`` one by one from ``state``."""
    start = time.process_time()
    for action in actions:
        state, _ = state.apply(action)
    return time.process_time() - start


def _growth(late_step: int, rounds: int) -> dict[str, float]:
    """Mean apply over the window after ``late_step`` divided by that after step 100."""
    from hogwarts_rules import adventure as ad

    game = _long_game(late_step + GROWTH_WINDOW)
    history = tuple(game.history)
    early_state = late_state = None
    replay = ad.new_game(list(PLAYERS), seed=7)
    for step, action in enumerate(history[:late_step]):
        if step == EARLY_STEP:
            early_state = replay
        replay, _ = replay.apply(action)
    late_state = replay
    early_actions = history[EARLY_STEP : EARLY_STEP + GROWTH_WINDOW]
    late_actions = history[late_step : late_step + GROWTH_WINDOW]
    _replay(early_state, early_actions)  # warm-up
    _replay(late_state, late_actions)
    early = late = 0.0
    for _ in range(rounds):  # interleaved, so drift hits both alike
        early += _replay(early_state, early_actions)
        late += _replay(late_state, late_actions)
    n = rounds * GROWTH_WINDOW
    return {
        "figure": late / early,
        "early_us": early / n * 1e6,
        "late_us": late / n * 1e6,
        "applies": float(len(history)),
    }


def _from_dict(steps: int, rounds: int) -> dict[str, float]:
    """``from_dict`` of a ``steps``-action game (from JSON) over applying its actions."""
    from hogwarts_rules import adventure as ad

    game = _long_game(steps)
    data = json.loads(json.dumps(game.to_dict()))
    history = tuple(game.history)
    cls = type(game)
    if len(cls.from_dict(data).history) != steps:  # warm-up, and a check
        raise RuntimeError("from_dict did not restore the whole history")
    loaded = applied = 0.0
    for _ in range(rounds):
        start = time.process_time()
        cls.from_dict(data)
        loaded += time.process_time() - start
        applied += _replay(ad.new_game(list(PLAYERS), seed=7), history)
    return {
        "figure": loaded / applied,
        "from_dict_s": loaded / rounds,
        "apply_s": applied / rounds,
        "applies": float(steps),
    }


def _memory(steps: int) -> dict[str, float]:
    """Bytes per state kept, when every state of a ``steps``-action game is kept."""
    import gc
    import tracemalloc

    from hogwarts_rules import adventure as ad

    game = _long_game(steps)
    history = tuple(game.history)
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    states = [ad.new_game(list(PLAYERS), seed=7)]
    for action in history:
        states.append(states[-1].apply(action)[0])
    gc.collect()
    kept = tracemalloc.get_traced_memory()[0] - before
    tracemalloc.stop()
    return {"figure": kept / len(states), "total_mb": kept / 2**20, "applies": float(steps)}


def child(workload: str, src: str, size: int) -> dict[str, float]:
    """Run one workload against the package in ``src``; refuse any other copy."""
    import hogwarts_rules

    where = Path(hogwarts_rules.__file__).resolve()
    if not where.is_relative_to(Path(src).resolve()):
        raise SystemExit(f"hogwarts_rules was imported from {where}, not from {src}")
    if workload == "apply-growth":
        return _growth(size, rounds=3)
    if workload == "from-dict":
        return _from_dict(size, rounds=2)
    if workload == "state-memory":
        return _memory(size)
    _games(workload, 1, first_seed=10_000)  # warm-up
    return _games(workload, size, first_seed=0)


# -------------------------------------------------------------------------- parent side


def _git(*args: str) -> str:
    return subprocess.run(
        ["git", "-C", str(REPO), *args], check=True, capture_output=True, text=True
    ).stdout.strip()


@contextlib.contextmanager
def worktree(rev: str) -> Iterator[Path]:
    """Check ``rev`` out in a temporary worktree; remove it afterwards, whatever happens."""
    with tempfile.TemporaryDirectory(prefix="speedup-") as tmp:
        path = Path(tmp) / "tree"
        _git("worktree", "add", "--detach", "--quiet", str(path), rev)
        try:
            yield path
        finally:
            with contextlib.suppress(subprocess.CalledProcessError):
                _git("worktree", "remove", "--force", str(path))
            with contextlib.suppress(subprocess.CalledProcessError):
                _git("worktree", "prune")


def run_child(tree: Path, workload: Workload, quick: bool) -> dict[str, float]:
    """Run one workload in a fresh, isolated interpreter on ``tree``; return its figures."""
    src = tree / "src"
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    env.update(PYTHONPATH=str(src), PYTHONHASHSEED="0", PYTHONNOUSERSITE="1")
    size = workload.quick if quick else workload.full
    command = [sys.executable, "-s", "-P", str(Path(__file__).resolve())]
    command += ["--child", workload.name, "--src", str(src), "--size", str(size)]
    done = subprocess.run(command, env=env, cwd=tree, capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"{workload.name} on {tree} failed:\n{done.stderr}")
    result: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def measure(old: Path, new: Path, workload: Workload, repeat: int, quick: bool) -> dict[str, Any]:
    """Interleave ``repeat`` old and new runs of ``workload``; summarise them."""
    olds: list[dict[str, float]] = []
    news: list[dict[str, float]] = []
    for _ in range(repeat):
        olds.append(run_child(old, workload, quick))
        news.append(run_child(new, workload, quick))
    ratios = [n["figure"] / o["figure"] for o, n in zip(olds, news, strict=True)]
    same = all(o["applies"] == n["applies"] for o, n in zip(olds, news, strict=True))
    old_figure = statistics.median(o["figure"] for o in olds)
    new_figure = statistics.median(n["figure"] for n in news)
    ratio = statistics.median(ratios)
    met = ratio >= workload.bound if workload.kind == "rate" else new_figure <= workload.bound
    return {
        "old": old_figure,
        "new": new_figure,
        "ratio": ratio,
        "spread": (min(ratios), max(ratios)),
        "same": same,
        "met": met,
        "detail": _detail(workload, _parts(workload, olds), _parts(workload, news)),
    }


def _parts(workload: Workload, runs: Sequence[Mapping[str, float]]) -> list[float]:
    """The medians of the figures behind a per-tree ratio."""
    keys = {
        "apply-growth": ("early_us", "late_us"),
        "from-dict": ("from_dict_s", "apply_s"),
        "state-memory": ("total_mb",),
    }
    return [statistics.median(run[key] for run in runs) for key in keys.get(workload.name, ())]


def _number(value: float, kind: str) -> str:
    if value < 100:
        return f"{value:,.2f}"
    return f"{value:,.0f}"


def _detail(workload: Workload, olds: Sequence[float], news: Sequence[float]) -> str:
    """What lies behind a per-tree ratio, for the progress lines."""
    if workload.name == "apply-growth":
        return "mean apply early/late µs: old {:.1f}/{:.1f}, new {:.1f}/{:.1f}".format(*olds, *news)
    if workload.name == "from-dict":
        return "from_dict/apply s: old {:.3f}/{:.3f}, new {:.3f}/{:.3f}".format(*olds, *news)
    if workload.name == "state-memory":
        return "every state kept: old {:.1f} MB, new {:.1f} MB".format(*olds, *news)
    return ""


def table(results: Mapping[Workload, Mapping[str, Any]], old_label: str, quick: bool) -> list[str]:
    """The results as a Markdown table.

    With ``quick`` the per-tree ratios of long games are at a tenth of the target's
    length, so whether the target is met is not said.
    """
    lines = [
        f"| workload | figure | old ({old_label}) | new | new/old | runs' new/old | target | met |",
        "|---|---|--:|--:|--:|--:|---|---|",
    ]
    for workload, r in results.items():
        size = "" if r["same"] else "*"
        met = "yes" if r["met"] else "no"
        if workload.target == "none":
            met = "(no target)"
        if quick and workload.kind == "ceiling":
            met = f"n/a ({workload.quick:,} steps, not {workload.full:,})"
        low, high = r["spread"]
        lines.append(
            f"| {workload.name} | {workload.unit} | {_number(r['old'], workload.kind)} "
            f"| {_number(r['new'], workload.kind)} | {r['ratio']:.2f}x{size} "
            f"| {low:.2f}x-{high:.2f}x | {workload.target} | {met} |"
        )
    return lines


def _stop(signum: int, frame: object) -> None:
    raise KeyboardInterrupt  # so the worktree is removed on SIGTERM too


def main(argv: list[str] | None = None, out: Callable[[str], None] = print) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--against", metavar="REV", help="the older revision to compare with")
    parser.add_argument("--repeat", type=int, default=None, help="runs per tree (5; quick 3)")
    parser.add_argument("--quick", action="store_true", help="small sizes, a smoke test")
    parser.add_argument("--only", nargs="+", metavar="WORKLOAD", help="run only these")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    parser.add_argument("--src", help=argparse.SUPPRESS)
    parser.add_argument("--size", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        print(json.dumps(child(args.child, args.src, args.size)))
        return 0
    if not args.against:
        parser.error("--against REV is required")
    chosen = [w for w in WORKLOADS if not args.only or w.name in args.only]
    if args.only and len(chosen) != len(args.only):
        parser.error(f"workloads are: {', '.join(w.name for w in WORKLOADS)}")
    repeat = args.repeat or (3 if args.quick else 5)
    old_commit = _git("rev-parse", "--short", f"{args.against}^{{commit}}")
    new_commit = _git("rev-parse", "--short", "HEAD")
    dirty = " (with uncommitted changes)" if _git("status", "--porcelain", "--", "src") else ""
    signal.signal(signal.SIGTERM, _stop)
    signal.signal(signal.SIGINT, signal.default_int_handler)  # even if started ignoring it
    out(
        f"old: {old_commit}; new: {new_commit}{dirty}; {repeat} interleaved runs per tree"
        f"{'; quick sizes' if args.quick else ''}; Python {sys.version.split()[0]}; "
        f"{time.strftime('%Y-%m-%d')}"
    )
    results: dict[Workload, dict[str, Any]] = {}
    with worktree(old_commit) as old:
        for workload in chosen:
            results[workload] = measure(old, REPO, workload, repeat, args.quick)
            r = results[workload]
            low, high = r["spread"]
            out(
                f"  {workload.name}: old {_number(r['old'], workload.kind)}, "
                f"new {_number(r['new'], workload.kind)} {workload.unit}, "
                f"new/old {r['ratio']:.2f}x (runs {low:.2f}x-{high:.2f}x)"
                + (f"; {r['detail']}" if r["detail"] else "")
            )
    out("")
    for line in table(results, old_commit, args.quick):
        out(line)
    if any(not r["same"] for r in results.values()):
        out("* the trees played different games (the rules or the bots changed)")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        print("interrupted (the temporary worktree was removed)", file=sys.stderr)
        sys.exit(130)
