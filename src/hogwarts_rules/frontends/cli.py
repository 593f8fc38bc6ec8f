"""The ``hogwarts-rules`` command line (also ``python -m hogwarts_rules``).

* ``hogwarts-rules demo GAME``: bots play one whole game (for Hufflepuff &
  Ravenclaw, a scripted scene), narrated in short: the key moments and the result
  (``--full``: every event; the game's `GameSpec.demo`);
* ``hogwarts-rules play GAME``: play one seat against bots in the terminal (with
  ``--practice``, practice mode: ``undo`` takes back any decision and re-keys the dice);
* ``hogwarts-rules simulate GAME -n GAMES``: many seeded games between bots, on
  several processes, with a summary table (see `hogwarts_rules.frontends.simulation`);
* ``hogwarts-rules serve``: the JSON-lines engine protocol on stdin/stdout, for UIs in
  any language (see `hogwarts_rules.frontends.serve`);
* ``hogwarts-rules web``: a table in the browser for several people, bots for the
  other seats (see `hogwarts_rules.frontends.web`; the ``web`` extra);
* the commands games add (`GameSpec.commands`): Hufflepuff & Ravenclaw's ``odds``.

``GAME`` is any kind or alias of the catalogue (``adventure``, ``clue``, ``hr``...),
in any case; which games each command offers, their player limits and their bots
all come from the games' specs, so a game added to the catalogue appears here
with no edit. Every command has ``--help`` with examples. Bad arguments, and
options that do not apply to the game chosen, are refused in one format
(``hogwarts-rules: error: ...`` on stderr) with exit status 2; Ctrl-C exits with 130.

The seed of ``demo`` and ``play`` is the host's secret: without ``--seed`` a fresh
one is drawn (`secrets.randbits`), and either way it is printed only once the game
is over (``replay this game with --seed N``), never before: it rebuilds every hand,
deck and roll to come.
"""

from __future__ import annotations

import argparse
import inspect
import os
import secrets
import signal
import sys
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Final, NoReturn

from hogwarts_rules import __version__
from hogwarts_rules.catalogue import UnknownGameError, find_game, games
from hogwarts_rules.engine import GameBase
from hogwarts_rules.frontends import simulation
from hogwarts_rules.frontends.play import playable
from hogwarts_rules.spec import Command, GameSpec

__all__ = ["main"]

_MAX_SIMULATED_GAMES: Final = 10_000_000
_MAX_WORKERS: Final = 256
_COMMANDS: Final = ("demo", "play", "simulate", "serve", "web")
_DOCS: Final = "https://hogwarts-rules.readthedocs.io/en/latest/"

_DEMO_EXAMPLES = f"""\
examples:
  hogwarts-rules demo adventure
  hogwarts-rules demo adventure --players 2 --seed 11 --full
  hogwarts-rules demo clue --players 5
  hogwarts-rules demo hr --seed 7

The seed is printed at the end: --seed N plays the same game again.
More: {_DOCS}cli/demo/
"""
_PLAY_EXAMPLES = f"""\
examples:
  hogwarts-rules play adventure
  hogwarts-rules play clue --seat Cat --players 3 --seed 12
  hogwarts-rules play clue --practice
  hogwarts-rules play hr --seed 6

{{seats}}
adventure, clue - at any prompt: a number; a move in the game's notation; board,
log, notebook (clue), back (a short menu's question before), undo, save FILE,
load FILE, help, quit.
hr (the game master's console): characters, sheet NAME, add NAME, add sheet [FILE],
test, quality, contest, spell, brawl, duel, odds TN [YOUTH], spend N (or N) for a Youth
question, damage, heal, fall, learn, class, remove, end session, school break,
end of year, end scene, an action as JSON; and board, log, undo, save FILE, help,
quit (help there shows each command's form).

Colour and completion: pip install "hogwarts-rules[terminal]".
More: {_DOCS}cli/play/
"""
_SIMULATE_EXAMPLES = f"""\
examples:
  hogwarts-rules simulate adventure -n 200
  hogwarts-rules simulate clue -n 1000 --players 4 --bots detective,notebook --workers 2
  hogwarts-rules simulate adventure -n 500 --bots heuristic,random --out results.csv

The same --seed gives the same games whatever --workers is.
More: {_DOCS}cli/simulate/
"""
_SERVE_EXAMPLES = f"""\
examples:
  hogwarts-rules serve
  echo '{{"id": 1, "op": "hello"}}' | hogwarts-rules serve

One JSON request per line on stdin, one JSON reply per line on stdout; the
protocol: {_DOCS}protocol/
"""
_WEB_EXAMPLES = f"""\
examples:
  hogwarts-rules web clue --seats Ann,Ben
  hogwarts-rules web adventure --players 3 --port 8080

Needs the web extra: pip install "hogwarts-rules[web]". More: {_DOCS}web/
"""


# ----- the games each command offers ----------------------------------------------------


def _demo_games() -> tuple[GameSpec, ...]:
    return tuple(spec for spec in games() if spec.demo is not None)


def _play_games() -> tuple[GameSpec, ...]:
    return tuple(spec for spec in games() if playable(spec))


def _simulated_games() -> tuple[GameSpec, ...]:
    return tuple(spec for spec in games() if spec.bots)


def _names(specs: Iterable[GameSpec]) -> str:
    """The games as people type them: ``first-year-adventure (adventure), clue``."""
    return ", ".join(
        spec.kind + (f" ({', '.join(spec.aliases)})" if spec.aliases else "") for spec in specs
    )


def _game_argument(
    parser: argparse.ArgumentParser,
    offered: Callable[[], tuple[GameSpec, ...]],
    command: str,
    verb: str,
) -> None:
    """The ``GAME`` argument: a kind or alias of one of the ``offered`` games (any case)."""

    def game(name: str) -> GameSpec:
        try:
            spec = find_game(name)
        except UnknownGameError as error:
            raise argparse.ArgumentTypeError(error.message) from None
        if spec not in offered():
            raise argparse.ArgumentTypeError(
                f"{command} does not offer {spec.kind} (games: {_names(offered())})"
            )
        return spec

    parser.add_argument(
        "game", type=game, metavar="GAME", help=f"which game to {verb}: {_names(offered())}"
    )


def _players_argument(
    parser: argparse.ArgumentParser, offered: Iterable[GameSpec], *, demo: bool = False
) -> None:
    ranges = [
        (spec.kind, spec.demo_range if demo else (spec.min_players, spec.max_players))
        for spec in offered
    ]
    limits = "; ".join(
        f"{low} for {kind}" if low == high else f"{low}-{high} for {kind}"
        for kind, (low, high) in ranges
    )
    parser.add_argument(
        "--players",
        type=int,
        default=None,
        metavar="N",
        help=f"how many play: {limits} (default: the game's own)",
    )


def _seed_argument(parser: argparse.ArgumentParser, default: int | None = None) -> None:
    """``--seed``: by default a fresh secret one (``None``), or ``default``."""
    said = "a fresh one, kept secret until the game is over" if default is None else str(default)
    parser.add_argument(
        "--seed", type=int, default=default, help=f"seed for the dice (default: {said})"
    )


def _seats(specs: Iterable[GameSpec]) -> str:
    """The seats' names by game, for ``play --help`` (with the default number playing)."""
    lines = ["Seats (--seat; default: the first; --players N: the first N):"]
    for spec in specs:
        names = ", ".join(spec.seat_names[: min(spec.max_players, 5)])
        more = ", ..." if spec.max_players > 5 else ""
        lines.append(f"  {spec.kind}: {names}{more} ({spec.default_players} by default)")
    return "\n".join(lines) + "\n"


def _game_commands() -> dict[str, Command]:
    """The commands games add, by name (the first game to claim a name keeps it)."""
    commands: dict[str, Command] = {}
    for spec in games():
        for command in spec.commands:
            if command.name not in _COMMANDS and command.name not in commands:
                commands[command.name] = command
    return commands


# ----- the parser -------------------------------------------------------------------------


def _say_error(message: str) -> None:
    """Print an error the one way the command line prints them."""
    print(f"hogwarts-rules: error: {message}", file=sys.stderr)


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors look like every other error of the command line."""

    def error(self, message: str) -> NoReturn:
        """Say ``message`` and where to find help, then exit with status 2."""
        _say_error(f"{message} (see: {self.prog} --help)")
        self.exit(2)


def _parser() -> argparse.ArgumentParser:
    formatter = argparse.RawDescriptionHelpFormatter
    parser = _Parser(
        prog="hogwarts-rules",
        description="Rules engines for three Hogwarts tabletop games.",
        formatter_class=formatter,
    )
    parser.add_argument("--version", action="version", version=f"hogwarts-rules {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    demo = commands.add_parser(
        "demo",
        help="bots play a whole game, narrated: the key moments and the result",
        description="Bots play one whole game (for hufflepuff-ravenclaw: a scripted scene), "
        "narrated in short: the key moments and the result (--full: every event).",
        epilog=_DEMO_EXAMPLES,
        formatter_class=formatter,
    )
    _game_argument(demo, _demo_games, "demo", "demo")
    _seed_argument(demo)
    _players_argument(demo, _demo_games(), demo=True)
    demo.add_argument("--full", action="store_true", help="narrate every event")

    play = commands.add_parser(
        "play",
        help="play one seat against bots, or run a Hufflepuff & Ravenclaw scene as its "
        "game master, in the terminal",
        description="Play one seat against bots (Hufflepuff & Ravenclaw: the game master's "
        "console). The screen shows the board as that seat may see it and the choices, "
        "numbered.",
        epilog=_PLAY_EXAMPLES.replace("{seats}", _seats(_play_games())),
        formatter_class=formatter,
    )
    _game_argument(play, _play_games, "play", "play")
    play.add_argument("--seat", default=None, help="your seat's name (default: the first seat)")
    play.add_argument(
        "--bot",
        default=None,
        metavar="NAME",
        help="the bot that plays the other seats: "
        + "; ".join(
            f"{', '.join(spec.bot_names)} for {spec.kind}" for spec in _play_games() if spec.bots
        )
        + " (default: the first)",
    )
    _seed_argument(play)
    _players_argument(play, _play_games())
    play.add_argument(
        "--practice",
        action="store_true",
        help="practice mode: undo takes back any decision, and then re-keys the dice "
        "(the game says so)",
    )

    simulate = commands.add_parser(
        "simulate",
        help="play many seeded games between bots and summarize them",
        description="Play many seeded games between bots (on several processes with "
        "--workers), then print win rates by seat and by house or student with 95% "
        "intervals, and the game lengths.",
        epilog=_SIMULATE_EXAMPLES,
        formatter_class=formatter,
    )
    _game_argument(simulate, _simulated_games, "simulate", "simulate")
    simulate.add_argument(
        "-n", "--games", type=int, required=True, metavar="GAMES", help="how many games"
    )
    _players_argument(simulate, _simulated_games())
    bots = "; ".join(f"{spec.kind}: {', '.join(spec.bot_names)}" for spec in _simulated_games())
    simulate.add_argument(
        "--bots",
        default=None,
        help="bots, comma-separated: one for all seats, one per seat, or a pattern repeated "
        f"round the table ({bots}; the first is the default)",
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

    commands.add_parser(
        "serve",
        help="speak the JSON-lines engine protocol on stdin/stdout (for UIs)",
        description="Run the engine protocol: one JSON request per line on stdin, one JSON "
        "reply per line on stdout, several games at once. Ends at the end of the input or "
        "on a quit request.",
        epilog=_SERVE_EXAMPLES,
        formatter_class=formatter,
    )

    web = commands.add_parser(
        "web",
        help="a table in the browser for several people, bots for the other seats",
        description="Serve a game to browsers: each person's seat has its own link, bots "
        "play the other seats, and every page is updated as moves happen.",
        epilog=_WEB_EXAMPLES,
        formatter_class=formatter,
    )
    # The module imports no web library: only `run` needs the `web` extra.
    from hogwarts_rules.frontends import web as web_table

    web_table.add_arguments(web)
    for action in web._actions:  # where the table listens, said in --help
        if action.dest in ("host", "port") and action.help and "default" not in action.help:
            said = action.help
            action.help = (
                f"{said[:-1]}; default: {action.default})"
                if said.endswith(")")
                else f"{said} (default: {action.default})"
            )

    def run_web(args: argparse.Namespace) -> int:
        try:  # the game's name is checked here, as every command checks it
            args.game = find_game(args.game).kind
        except UnknownGameError as error:
            return _error(error.message)
        return web_table.run(args)

    web.set_defaults(run_command=run_web)

    epilogs = [_DEMO_EXAMPLES, _PLAY_EXAMPLES, _SIMULATE_EXAMPLES, _SERVE_EXAMPLES, _WEB_EXAMPLES]
    for name, command in _game_commands().items():
        sub = commands.add_parser(name, help=command.help, description=command.help)
        command.arguments(sub)
        sub.set_defaults(run_command=command.run)
        epilogs.append(sub.epilog or "")
    parser.epilog = "\n".join(
        ["examples:"]
        + [
            line
            for block in epilogs
            for line in block.splitlines()
            if line.startswith("  hogwarts-rules")
        ]
    )
    return parser


# ----- running the commands ------------------------------------------------------------------


def _error(message: str) -> int:
    """Say a bad argument's ``message``; return exit status 2."""
    _say_error(message)
    return 2


def _check_common(args: argparse.Namespace) -> str | None:
    """The first problem with the seed or the player count, if any (fills the default count)."""
    if args.seed is not None and not 0 <= args.seed < 2**64:
        return "--seed must be from 0 to 2**64 - 1"
    spec: GameSpec = args.game
    if args.players is None:
        args.players = spec.default_players
    elif not spec.min_players <= args.players <= spec.max_players:
        return (
            f"{spec.title} is for {spec.min_players} to {spec.max_players} "
            f"{spec.seat_noun}s, not {args.players}"
        )
    return None


def _seed_line(seed: int) -> str:
    """The line that says a game's seed, once the game is over (``demo`` and ``play``)."""
    return f"This game's seed was {seed}: replay this game with --seed {seed}."


def _not_for_the_demo(spec: GameSpec, seats: int) -> int:
    """Refuse ``--players`` for a demo that always has ``seats`` seats."""
    return _error(
        f"--players does not apply to the {spec.kind} demo "
        f"(it always has {seats} {spec.seat_noun}s)"
    )


def _demo(args: argparse.Namespace, given_players: int | None) -> int:
    spec: GameSpec = args.game
    assert spec.demo is not None
    # `full` is a keyword of the games' demos (`GameSpec.demo`); a game's demo may lack it.
    demo: Callable[..., GameBase] = spec.demo
    if args.full and "full" not in inspect.signature(demo).parameters:
        return _error(f"the {spec.kind} demo has no --full narration")
    fewest, most = spec.demo_range
    if given_players is not None and fewest == most and given_players != fewest:
        return _not_for_the_demo(spec, fewest)  # refused before the game is played
    seed: int = secrets.randbits(64) if args.seed is None else args.seed
    lines: list[str] = []
    # The whole game is played before a line is shown, so that an option that does
    # not apply is refused before any output.
    if args.full:
        game = demo(args.players, seed, lines.append, full=True)
    else:
        game = demo(args.players, seed, lines.append)
    seats = len(game.seat_names)
    if given_players is not None and seats != given_players:
        return _not_for_the_demo(spec, seats)  # a demo that declares no `demo_players`
    for line in lines:
        print(line)
    # The seed is the host's secret until the game is over: the end says it.
    print(_seed_line(seed))
    return 0


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
            args.game.kind,
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


def _run(args: argparse.Namespace) -> int:
    run_command: Callable[[argparse.Namespace], int] | None = getattr(args, "run_command", None)
    if run_command is not None:
        return run_command(args)
    if args.command == "serve":
        from hogwarts_rules.frontends.serve import serve

        return serve()
    given_players: int | None = args.players
    problem = _check_common(args)
    if problem is not None:
        return _error(problem)
    if args.command == "demo":
        return _demo(args, given_players)
    if args.command == "play":
        from hogwarts_rules.frontends.play import run_play

        return run_play(
            args.game.kind,
            seat=args.seat,
            seed=args.seed,
            players=args.players,
            bot=args.bot,
            # play's messages start with "error: " (as its own screen says them)
            error=lambda message: print(f"hogwarts-rules: {message}", file=sys.stderr),
            practice=args.practice,
        )
    return _simulate(args)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status (0 fine, 2 bad arguments, 130 Ctrl-C)."""
    args = _parser().parse_args(argv)
    try:
        return _run(args)
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
        _say_error(str(error.strerror or error))
        return 1
