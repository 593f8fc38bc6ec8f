"""The ``hogwarts-rules`` command line (also ``python -m hogwarts_rules``).

* ``hogwarts-rules demo adventure|clue|hufflepuff-ravenclaw``: bots play one whole
  game (for H&R, a scripted scene), narrated event by event;
* ``hogwarts-rules play adventure|clue``: play one seat against bots in the terminal;
* ``hogwarts-rules simulate adventure|clue -n GAMES``: many seeded games between
  bots, on several processes, with a summary table (see `hogwarts_rules.simulation`);
* ``hogwarts-rules odds``: Hufflepuff & Ravenclaw success chances, TN by Youth;
* ``hogwarts-rules serve``: the JSON-lines engine protocol on stdin/stdout, for UIs in
  any language (see `hogwarts_rules.serve`).

Every command has ``--help`` with examples; bad arguments exit with status 2,
Ctrl-C with 130.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from hogwarts_rules import __version__, adventure, clue, simulation
from hogwarts_rules import hufflepuff_ravenclaw as hr
from hogwarts_rules.engine import Decision
from hogwarts_rules.events import Event, events_for
from hogwarts_rules.hufflepuff_ravenclaw.tables import SKILL_DIE

__all__ = [
    "demo_adventure",
    "demo_clue",
    "demo_hufflepuff_ravenclaw",
    "main",
    "odds_table",
]

_ADVENTURE_NAMES = ("Harry", "Ron", "Hermione", "Neville")
_DEMO_ROUND_LIMIT = 500  # a game between bots almost never lasts this long

_DEMO_EXAMPLES = """\
examples:
  hogwarts-rules demo adventure
  hogwarts-rules demo adventure --players 2 --seed 11
  hogwarts-rules demo clue --players 5
  hogwarts-rules demo hufflepuff-ravenclaw --seed 7
"""
_PLAY_EXAMPLES = """\
examples:
  hogwarts-rules play adventure
  hogwarts-rules play clue --seat Cat --players 3 --seed 12

At any prompt: a number picks that action; also undo, save FILE, load FILE,
help, quit.
"""
_SIMULATE_EXAMPLES = """\
examples:
  hogwarts-rules simulate adventure -n 200
  hogwarts-rules simulate clue -n 1000 --players 4 --bots detective,notebook --workers 2
  hogwarts-rules simulate adventure -n 500 --bots heuristic,random --out results.csv

The same --seed gives the same games whatever --workers is.
"""
_ODDS_EXAMPLES = """\
examples:
  hogwarts-rules odds
  hogwarts-rules odds --die 6 --youth 3
  hogwarts-rules odds --exact
"""
_SERVE_EXAMPLES = """\
examples:
  hogwarts-rules serve
  echo '{"id": 1, "op": "hello"}' | hogwarts-rules serve

One JSON request per line on stdin, one JSON reply per line on stdout; the
protocol is documented in docs/protocol.md.
"""
_EXAMPLES = "\n".join(
    ["examples:"]
    + [
        line
        for block in (
            _DEMO_EXAMPLES,
            _PLAY_EXAMPLES,
            _SIMULATE_EXAMPLES,
            _ODDS_EXAMPLES,
            _SERVE_EXAMPLES,
        )
        for line in block.splitlines()
        if line.startswith("  hogwarts-rules")
    ]
)


def _youth_policy(game: hr.Game) -> hr.SpendYouth:
    """Spend the least Youth that turns the awaited roll into a success, if 3 points or fewer."""
    (name,) = game.to_act
    character = game.characters[name]
    request = game.awaiting
    assert isinstance(request, Decision)
    roll, target = request.details["roll"], request.details["target"]
    assert isinstance(roll, int) and isinstance(target, int)
    needed = hr.youth_to_spend(target, roll, character.youth)
    return hr.SpendYouth(name, needed if needed is not None and needed <= 3 else 0)


def _play(
    game: hr.Game, action: hr.HufflepuffRavenclawAction, say: Callable[[str], None]
) -> hr.Game:
    game, events = game.apply(action)
    _narrate(events, say)
    while game.to_act:
        game, events = game.apply(_youth_policy(game))
        _narrate(events, say)
    return game


def _narrate(events: Sequence[Event], say: Callable[[str], None]) -> None:
    for event in events:
        say(f"  {event.description}")


def demo_hufflepuff_ravenclaw(seed: int, say: Callable[[str], None] = print) -> hr.Game:
    """Play the demo scene (tests, a spell, a contest, a brawl, a fall, a school break)."""
    sky = hr.Character.first_year(
        "Sky",
        stats={"Agility": 4, "Size": 3},
        qualities={"Bravery": 4},
        skills={"Brawl": 1, "Mischief": 2, "Charms": 1},
        spells={"Lumos", "Wingardium Leviosa"},
        classes={"Charms"},
    )
    weasley = hr.Character.first_year(
        "Weasley",
        stats={"Agility": 3, "Size": 3},
        qualities={"Fortitude": 2},
        skills={"Brawl": 2, "Notice": 1},
    )
    game = hr.new_game([sky, weasley], seed=seed)
    say(f"Hufflepuff & Ravenclaw demo (seed {seed}): Sky and Weasley after curfew")
    say("Sky sneaks past the portraits (Bravery + Mischief, guards close by: -2):")
    sneak = hr.SkillTest("Sky", "Mischief", "Bravery", (hr.Modifier(-2, "guards close by"),))
    game = _play(game, sneak, say)
    say("Sky lights the way (Lumos, a standard spell, said aloud):")
    game = _play(game, hr.CastSpell("Sky", "Lumos"), say)
    say("Weasley spots the light (a contest: Weasley's Notice against Sky's Mischief):")
    spot = hr.Contest(
        hr.TestSpec("Weasley", "Notice", "Intellect"), hr.TestSpec("Sky", "Mischief", "Agility")
    )
    game = _play(game, spot, say)
    say("A brawl breaks out:")
    for round_number in range(1, 9):
        if not all(c.is_conscious for c in game.characters.values()):
            break
        say(f" Round {round_number}")
        game = _play(game, hr.BrawlRound(hr.Fighter("Sky"), hr.Fighter("Weasley")), say)
    if game.characters["Sky"].is_conscious:
        say("Sky scarpers down the moving staircase and falls 6 metres:")
        game = _play(game, hr.Fall("Sky", 6), say)
    say("The session ends:")
    game = _play(game, hr.EndSession(), say)
    say("Winter break:")
    game = _play(game, hr.SchoolBreak(), say)
    game = _play(game, hr.EndScene(), say)
    for character in game.characters.values():
        skills = ", ".join(f"{k} {v}" for k, v in character.skills.items())
        say(
            f"{character.name}: {character.damage} damage ({character.wound.value}), "
            f"Youth {character.youth}, skills {skills}"
        )
    return game


def demo_adventure(players: int, seed: int, say: Callable[[str], None] = print) -> adventure.Game:
    """Let heuristic bots play a whole game of First Year Adventure, narrating every event."""
    names = list(_ADVENTURE_NAMES[:players])
    game = adventure.new_game(names, seed=seed, max_rounds=_DEMO_ROUND_LIMIT)
    bots = {name: adventure.HeuristicBot() for name in names}
    say(f"First Year Adventure demo (seed {seed}): {', '.join(names)}, played by bots")
    shown_round = 0
    while not game.is_over:
        if game.round != shown_round and game.pending is None and game.round:
            shown_round = game.round
            say(f"Round {shown_round}")
        who = game.to_act[0] if game.to_act else names[0]
        action = bots[who].choose(game.view(who), who, game.legal_actions())
        game, events = game.apply(action)
        _narrate(events, say)
    outcome = game.outcome
    assert outcome is not None
    say(f"{' and '.join(outcome.winners)} won after {game.round} rounds: {outcome.description}")
    return game


_CLUE_NAMES = ("Ann", "Ben", "Cat", "Dan", "Eve")
_MAX_SIMULATED_GAMES = 10_000_000
_MAX_WORKERS = 256
_SPECTATOR = "<table>"  # no player is called this: events as a spectator sees them


def demo_clue(players: int, seed: int, say: Callable[[str], None] = print) -> clue.Game:
    """Let notebook bots play a whole game of Clue, narrated as a spectator sees it."""
    names = list(_CLUE_NAMES[:players])
    game = clue.new_game(names, seed=seed)
    bots = {name: clue.NotebookBot() for name in names}
    say(f"Clue demo (seed {seed}): {', '.join(names)}, played by notebook bots")
    while not game.is_over:
        who = game.to_act[0] if game.to_act else names[0]
        view = game.view(who)
        game, events = game.apply(bots[who].choose(view, who, view.legal_actions))
        _narrate(events_for(events, _SPECTATOR), say)
    outcome = game.outcome
    assert outcome is not None
    say(outcome.description)
    return game


def odds_table(*, die: int = SKILL_DIE, youth: int = 7, exact: bool = False) -> str:
    """H&R success chances as a table: a row per Target Number, a column per Youth available.

    A cell is the chance that a test against that TN succeeds when the player may
    spend up to that much Youth after seeing the roll (`success_chance`).

    Examples:
        >>> print(odds_table(die=6, youth=1))
        TN / Youth     0     1
            1       17%   67%
            2       33%   83%
            3       50%  100%
            4       67%  100%
            5       83%  100%
            6      100%  100%
    """
    header = "TN / Youth" + "".join(f"{y:>{8 if exact else 6}}" for y in range(youth + 1))
    lines = [header]
    for target in range(1, die + 1):
        cells = []
        for spend in range(youth + 1):
            chance = hr.success_chance(target, youth=spend, die=die)
            cells.append(f"{chance!s:>8}" if exact else f"{float(chance):>6.0%}")
        lines.append(f"{target:>5}     " + "".join(cells))
    return "\n".join(lines)


def _parser() -> argparse.ArgumentParser:
    formatter = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(
        prog="hogwarts-rules",
        description="Rules engines for three Hogwarts tabletop games.",
        epilog=_EXAMPLES,
        formatter_class=formatter,
    )
    parser.add_argument("--version", action="version", version=f"hogwarts-rules {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    demo = commands.add_parser(
        "demo",
        help="bots play a whole game, narrated event by event",
        description="Bots play one whole game (for hufflepuff-ravenclaw: a scripted scene), "
        "and every event is narrated.",
        epilog=_DEMO_EXAMPLES,
        formatter_class=formatter,
    )
    demo.add_argument(
        "game", choices=["adventure", "clue", "hufflepuff-ravenclaw"], help="which game to play"
    )
    _seed_argument(demo)
    _players_argument(demo)

    play = commands.add_parser(
        "play",
        help="play one seat against bots in the terminal",
        description="Play one seat against bots. The screen shows what that seat may see and "
        "the legal actions, numbered.",
        epilog=_PLAY_EXAMPLES,
        formatter_class=formatter,
    )
    play.add_argument("game", choices=["adventure", "clue"], help="which game to play")
    play.add_argument("--seat", default=None, help="your seat's name (default: the first seat)")
    _seed_argument(play)
    _players_argument(play)

    simulate = commands.add_parser(
        "simulate",
        help="play many seeded games between bots and summarize them",
        description="Play many seeded games between bots (on several processes with "
        "--workers), then print win rates by seat and by house or student with 95% "
        "intervals, and the game lengths.",
        epilog=_SIMULATE_EXAMPLES,
        formatter_class=formatter,
    )
    simulate.add_argument("game", choices=list(simulation.GAMES), help="which game to simulate")
    simulate.add_argument(
        "-n", "--games", type=int, required=True, metavar="GAMES", help="how many games"
    )
    _players_argument(simulate)
    simulate.add_argument(
        "--bots",
        default=None,
        help="bots, comma-separated: one for all seats, one per seat, or a pattern repeated "
        "round the table (adventure: heuristic, random; clue: notebook, detective, random)",
    )
    simulate.add_argument(
        "--workers", type=int, default=1, help="processes to play on (default: 1, this one)"
    )
    simulate.add_argument(
        "--chunk-size", type=int, default=None, help="games per task (speed only, never results)"
    )
    _seed_argument(simulate, default=0)
    simulate.add_argument(
        "--out", default=None, metavar="FILE", help="also write one record per game (.json or .csv)"
    )
    simulate.add_argument("--quiet", action="store_true", help="no progress bar")

    odds = commands.add_parser(
        "odds",
        help="Hufflepuff & Ravenclaw success chances, TN by Youth",
        description="The chance a Hufflepuff & Ravenclaw test succeeds, for every Target "
        "Number (rows) and Youth available to spend after the roll (columns).",
        epilog=_ODDS_EXAMPLES,
        formatter_class=formatter,
    )
    odds.add_argument(
        "--die", type=int, default=SKILL_DIE, choices=[6, 20], help="the die (default: 20)"
    )
    odds.add_argument(
        "--youth",
        type=int,
        default=7,
        choices=range(0, 8),
        metavar="{0..7}",
        help="the most Youth to show (default: 7, a first-year's pool)",
    )
    odds.add_argument("--exact", action="store_true", help="exact fractions, not percentages")

    commands.add_parser(
        "serve",
        help="speak the JSON-lines engine protocol on stdin/stdout (for UIs)",
        description="Run the engine protocol: one JSON request per line on stdin, one JSON "
        "reply per line on stdout, several games at once. Ends at the end of the input or "
        "on a quit request.",
        epilog=_SERVE_EXAMPLES,
        formatter_class=formatter,
    )
    return parser


def _seed_argument(parser: argparse.ArgumentParser, default: int = 7) -> None:
    parser.add_argument(
        "--seed", type=int, default=default, help=f"seed for the dice (default: {default})"
    )


def _players_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--players",
        type=int,
        default=None,
        choices=range(2, 6),
        metavar="{2,3,4,5}",
        help="players: 2-4 for adventure, 3-5 for clue (default: 4)",
    )


def _error(message: str) -> int:
    print(f"hogwarts-rules: error: {message}", file=sys.stderr)
    return 2


def _check_common(args: argparse.Namespace) -> str | None:
    """The first problem with the seed or the player count, if any."""
    if not 0 <= args.seed < 2**64:
        return "--seed must be from 0 to 2**64 - 1"
    limits = {"adventure": (2, 4), "clue": (3, 5)}.get(args.game)
    if args.players is None:
        args.players = 4
    if limits and not limits[0] <= args.players <= limits[1]:
        return f"{args.game} is for {limits[0]} to {limits[1]} players"
    return None


def _simulate(args: argparse.Namespace) -> int:
    if not 0 <= args.games <= _MAX_SIMULATED_GAMES:
        return _error(f"-n/--games must be from 0 to {_MAX_SIMULATED_GAMES:,}")
    if not 1 <= args.workers <= _MAX_WORKERS:
        return _error(f"--workers must be from 1 to {_MAX_WORKERS}")
    if args.chunk_size is not None and args.chunk_size < 1:
        return _error("--chunk-size must be 1 or more")
    if args.out is not None:
        out = Path(args.out)
        if out.suffix.lower() not in (".json", ".csv") or out.stem in ("", "."):
            return _error("--out must name a .json or .csv file")
        folder = out.parent if str(out.parent) else Path()
        if not folder.is_dir() or not os.access(folder, os.W_OK):
            return _error(f"cannot write {args.out}: no writable folder {str(folder)!r}")
    progress, close = _progress_bar(args.games, quiet=args.quiet)
    # Workers ignore Ctrl-C: the command handles it once, cancels the games not started
    # and stops the workers, so no worker prints a traceback.
    workers = min(args.workers, max(1, args.games))
    pool = ProcessPoolExecutor(workers, initializer=_ignore_interrupts) if workers > 1 else None
    try:
        records = simulation.simulate(
            args.game,
            args.games,
            players=args.players,
            bots=args.bots,
            seed=args.seed,
            executor=pool,
            chunk_size=args.chunk_size,
            progress=progress,
        )
    except simulation.SimulationError as error:
        return _error(error.message)
    except KeyboardInterrupt:
        if pool is not None:
            _stop_workers(pool)
            pool = None
        raise
    finally:
        close()
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)
    if args.out is not None:
        try:
            simulation.write_records(records, args.out)
        except (OSError, simulation.SimulationError) as error:
            message = (
                error.message
                if isinstance(error, simulation.SimulationError)
                else (error.strerror or str(error))
            )
            return _error(f"cannot write {args.out}: {message}")
    if records:
        print(simulation.summarize(records).table())
    else:
        print("no games played")
    if args.out is not None:
        print(f"records written to {args.out}")
    return 0


def _stop_workers(pool: ProcessPoolExecutor) -> None:
    """Stop at once: cancel the games not started and end the worker processes."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # a second Ctrl-C must not interrupt this
    try:
        pool.shutdown(wait=False, cancel_futures=True)
        processes = getattr(pool, "_processes", None) or {}
        for process in list(processes.values()):
            process.terminate()
        for process in list(processes.values()):
            process.join(timeout=5)
    finally:
        signal.signal(signal.SIGINT, signal.default_int_handler)


def _ignore_interrupts() -> None:
    """Let Ctrl-C reach the command only (runs in each worker process as it starts)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _progress_bar(
    total: int, *, quiet: bool
) -> tuple[simulation.Progress | None, Callable[[], None]]:
    """A tqdm progress bar on stderr (only on a terminal), if tqdm is installed."""
    if quiet:
        return None, lambda: None
    try:
        from tqdm import tqdm
    except ImportError:  # the `cli` extra is not installed: no bar
        return None, lambda: None
    bar = tqdm(total=total, unit="game", disable=None, file=sys.stderr)

    def update(done: int, _total: int) -> None:
        bar.update(done - bar.n)

    return update, bar.close


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status (0 fine, 2 bad arguments, 130 Ctrl-C)."""
    args = _parser().parse_args(argv)
    try:
        if args.command == "odds":
            print(odds_table(die=args.die, youth=args.youth, exact=args.exact))
            return 0
        if args.command == "serve":
            from hogwarts_rules.serve import serve

            return serve()
        problem = _check_common(args)
        if problem is not None:
            return _error(problem)
        if args.command == "demo":
            if args.game == "adventure":
                demo_adventure(args.players, args.seed)
            elif args.game == "clue":
                demo_clue(args.players, args.seed)
            else:
                demo_hufflepuff_ravenclaw(args.seed)
        elif args.command == "play":
            from hogwarts_rules.play import run_play

            return run_play(
                args.game,
                seat=args.seat,
                seed=args.seed,
                players=args.players,
                error=lambda message: print(f"hogwarts-rules: {message}", file=sys.stderr),
            )
        else:
            return _simulate(args)
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # the reader went away (``| head``): stop quietly
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0
    except OSError as error:  # the output cannot be written (a full disk, /dev/full)
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())  # nothing more to flush at exit
        print(f"hogwarts-rules: error: {error.strerror or error}", file=sys.stderr)
        return 1
    return 0
