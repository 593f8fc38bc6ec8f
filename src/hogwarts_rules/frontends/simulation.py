"""Simulate many seeded games between bots, on any `concurrent.futures.Executor`.

`simulate` plays ``games`` games of First Year Adventure or Clue with the library's
bots and returns one plain record (a flat ``dict`` of strings, numbers and booleans)
per game, in game order: ``pandas.DataFrame(records)`` loads them as they are, and
`write_records` saves them as JSON or CSV. `summarize` turns them into win rates
(by seat, and by house or student) with 95% confidence intervals and the
distribution of game lengths.

Reproducible whatever runs it: game ``i`` is played with the seed
``game_seed(seed, i)``, derived from the master seed and the game's index alone,
and each bot that uses randomness is seeded from that game seed. So the records
are identical whether the games run serially (the default), in a process pool, or
on a Dask cluster (``distributed.Client(...).get_executor()``), with any number of
workers and any chunk size.

Examples:
    >>> from hogwarts_rules import simulation
    >>> records = simulation.simulate("clue", 4, players=3, seed=1)
    >>> [record["index"] for record in records]
    [0, 1, 2, 3]
    >>> records[0]["seat1_bot"], records[0]["finished"]
    ('notebook', True)
    >>> summary = simulation.summarize(records)
    >>> summary.games, sum(row.wins for row in summary.by_seat) >= 1
    (4, True)

    The same games on a process pool give the same records:

    >>> from concurrent.futures import ProcessPoolExecutor
    >>> with ProcessPoolExecutor(2) as pool:
    ...     simulation.simulate("clue", 4, players=3, seed=1, executor=pool) == records
    True
"""

from __future__ import annotations

import concurrent.futures
import csv
import json
import math
import statistics
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, Final, TypeAlias

import attrs

from hogwarts_rules import adventure, clue
from hogwarts_rules.dice import _MASK64 as MASK64
from hogwarts_rules.dice import _splitmix64 as splitmix64
from hogwarts_rules.errors import RulesError

__all__ = [
    "BOTS",
    "GAMES",
    "LengthSummary",
    "Progress",
    "Record",
    "SimulationError",
    "Summary",
    "WinRate",
    "game_seed",
    "play_one",
    "simulate",
    "summarize",
    "wilson_interval",
    "write_records",
]

Record: TypeAlias = dict[str, Any]
"""One game's result: a flat mapping of column name to a string, number, bool or ``None``."""

Progress: TypeAlias = Callable[[int, int], None]
"""Called as ``progress(done, total)`` each time more games have finished."""

GAMES: Final = ("adventure", "clue")
"""The games `simulate` can play."""

BOTS: Final[Mapping[str, tuple[str, ...]]] = {
    "adventure": ("heuristic", "random"),
    "clue": ("notebook", "detective", "random"),
}
"""The bots of each game, by name; the first is the default."""

_NAMES: Final[Mapping[str, tuple[str, ...]]] = {
    "adventure": ("Harry", "Ron", "Hermione", "Neville"),
    "clue": ("Ann", "Ben", "Cat", "Dan", "Eve"),
}
_PLAYERS: Final[Mapping[str, tuple[int, int]]] = {"adventure": (2, 4), "clue": (3, 5)}
_DEFAULT_PLAYERS: Final[Mapping[str, int]] = {"adventure": 4, "clue": 4}
_ADVENTURE_ROUND_LIMIT: Final = 500  # bots' games end long before (mean ~90-120 rounds)
_CLUE_STEP_LIMIT: Final = 20_000
_STUDENT_SALT: Final = 0x53545544454E5453  # "STUDENTS"


class SimulationError(RulesError):
    """Bad simulation arguments: an unknown game or bot, a bad count, players or seed.

    Its ``code`` names what was wrong (``unknown_game``, ``unknown_bot``, ``bad_players``,
    ``bad_count``, ``bad_seed``, ``bad_chunk_size``, ``bad_format``).
    """


def game_seed(master: int, index: int) -> int:
    """The seed of game ``index`` of a simulation with seed ``master``.

    It depends on nothing else (not the executor, the workers or the chunks), and
    neighbouring indices give unrelated seeds (two SplitMix64 mixing rounds).

    Examples:
        >>> game_seed(0, 0) == game_seed(0, 0) != game_seed(0, 1)
        True
    """
    mixed, _ = splitmix64(master & MASK64)
    out, _ = splitmix64((mixed ^ (index & MASK64)) & MASK64)
    return out


@attrs.frozen
class _Spec:
    """Everything a worker needs to play games (small and picklable)."""

    game: str
    players: int
    bots: tuple[str, ...]
    seed: int


def _check(game: str, players: int | None, bots: str | Sequence[str] | None, seed: int) -> _Spec:
    if game not in GAMES:
        raise SimulationError(
            "unknown_game", f"unknown game {str(game)[:40]!r} (known: {', '.join(GAMES)})"
        )
    low, high = _PLAYERS[game]
    count = _DEFAULT_PLAYERS[game] if players is None else players
    if type(count) is not int or not low <= count <= high:
        raise SimulationError("bad_players", f"{game} is for {low} to {high} players")
    if type(seed) is not int or not 0 <= seed <= MASK64:
        raise SimulationError("bad_seed", "the seed must be a whole number from 0 to 2**64 - 1")
    names: tuple[str, ...]
    if bots is None:
        names = (BOTS[game][0],)
    elif isinstance(bots, str):
        names = tuple(b.strip() for b in bots.split(","))
    else:
        names = tuple(bots)
    for name in names:
        if name not in BOTS[game]:
            raise SimulationError(
                "unknown_bot",
                f"unknown {game} bot {str(name)[:40]!r} (known: {', '.join(BOTS[game])})",
            )
    if not names or count % len(names):
        raise SimulationError(
            "unknown_bot",
            f"give one bot for all seats, one per seat, or a pattern that divides {count} seats",
        )
    names = names * (count // len(names))
    return _Spec(game, count, names, seed)


def _adventure_bot(name: str, seed: int) -> adventure.Bot:
    return adventure.RandomBot(seed) if name == "random" else adventure.HeuristicBot()


def _clue_bot(name: str, seed: int) -> clue.Bot:
    if name == "random":
        return clue.RandomBot(seed)
    if name == "detective":
        return clue.DetectiveBot()
    return clue.NotebookBot()


def _bot_seed(seed: int, seat: int) -> int:
    return splitmix64((seed + seat + 1) & MASK64)[0]


def _students(seed: int, names: Sequence[str]) -> dict[str, str]:
    """Deal students to the seats at random (from the game seed), so seat and student differ."""
    pool = list(clue.STUDENTS)
    # A stream of its own: the game's dice start from ``seed``, and students drawn from
    # the same stream would follow the deal (the missing student, the envelope).
    state = splitmix64(seed ^ _STUDENT_SALT)[0]
    chosen: dict[str, str] = {}
    for name in names:
        out, state = splitmix64(state)
        chosen[name] = pool.pop(out % len(pool))
    return chosen


def _play_adventure(spec: _Spec, index: int) -> Record:
    seed = game_seed(spec.seed, index)
    names = _NAMES["adventure"][: spec.players]
    bots = {
        n: _adventure_bot(b, _bot_seed(seed, i))
        for i, (n, b) in enumerate(zip(names, spec.bots, strict=True))
    }
    game = adventure.new_game(names, seed=seed, max_rounds=_ADVENTURE_ROUND_LIMIT)
    game = adventure.play_out(game, bots)
    record = _common(spec, index, seed, names, game.outcome, len(game.history))
    record["rounds"] = game.round
    record["length"] = game.round
    record["reason"] = game.finished
    for i, name in enumerate(names, 1):
        player = game.players[name]
        record[f"seat{i}_house"] = player.house
        record[f"seat{i}_house_points"] = player.house_points
    return record


def _play_clue(spec: _Spec, index: int) -> Record:
    seed = game_seed(spec.seed, index)
    names = _NAMES["clue"][: spec.players]
    bots = {
        n: _clue_bot(b, _bot_seed(seed, i))
        for i, (n, b) in enumerate(zip(names, spec.bots, strict=True))
    }
    game = clue.new_game(names, seed=seed, students=_students(seed, names))
    game = clue.play_out(game, bots, max_steps=_CLUE_STEP_LIMIT)
    record = _common(spec, index, seed, names, game.outcome, len(game.history))
    turns = sum(1 for action in game.history if isinstance(action, clue.RollDice))
    record["turns"] = turns
    record["length"] = turns
    record["suggestions"] = len(game.suggestions)
    record["wrong_accusations"] = len(game.wrong_accusations)
    record["solved"] = game.winner is not None
    for i, name in enumerate(names, 1):
        record[f"seat{i}_student"] = game.seats[name].student
    return record


def _common(
    spec: _Spec,
    index: int,
    seed: int,
    names: Sequence[str],
    outcome: Any,
    actions: int,
) -> Record:
    winners: tuple[str, ...] = outcome.winners if outcome is not None else ()
    record: Record = {
        "game": spec.game,
        "index": index,
        "seed": seed,
        "players": spec.players,
        "finished": outcome is not None,
        "reason": outcome.reason if outcome is not None else "unfinished",
        "winners": ", ".join(winners),
        "winning_seats": ", ".join(str(names.index(w) + 1) for w in winners),
        "actions": actions,
    }
    for i, (name, bot) in enumerate(zip(names, spec.bots, strict=True), 1):
        record[f"seat{i}_name"] = name
        record[f"seat{i}_bot"] = bot
        record[f"seat{i}_won"] = name in winners
    return record


def play_one(
    game: str,
    index: int,
    *,
    players: int | None = None,
    bots: str | Sequence[str] | None = None,
    seed: int = 0,
) -> Record:
    """Play game ``index`` of a simulation alone and return its record.

    ``simulate(game, n, ...)[i] == play_one(game, i, ...)`` for every ``i < n``: use
    it to look again at one game of a large run.

    Raises:
        SimulationError: see `simulate`.
    """
    spec = _check(game, players, bots, seed)
    if type(index) is not int or index < 0:
        raise SimulationError("bad_count", "the game index must be a whole number >= 0")
    return _PLAY[spec.game](spec, index)


_PLAY: Final[Mapping[str, Callable[[_Spec, int], Record]]] = {
    "adventure": _play_adventure,
    "clue": _play_clue,
}


def _play_chunk(spec: _Spec, start: int, stop: int) -> list[Record]:
    """Play games ``start`` to ``stop - 1`` (runs in a worker)."""
    play = _PLAY[spec.game]
    return [play(spec, index) for index in range(start, stop)]


def simulate(
    game: str,
    games: int,
    *,
    players: int | None = None,
    bots: str | Sequence[str] | None = None,
    seed: int = 0,
    executor: concurrent.futures.Executor | None = None,
    chunk_size: int | None = None,
    progress: Progress | None = None,
) -> list[Record]:
    """Play ``games`` seeded games between bots and return one record per game, in order.

    Args:
        game: ``"adventure"`` or ``"clue"`` (see `GAMES`).
        games: how many games.
        players: how many seats (adventure 2-4, clue 3-5; 4 by default).
        bots: bot names (in `BOTS`), as a sequence or a comma-separated string:
            one for every seat, one per seat, or a pattern repeated round the
            table (``"detective,notebook"`` for 4 seats alternates them). The
            game's first bot by default.
        seed: the master seed (0 to 2**64 - 1); game ``i`` uses ``game_seed(seed, i)``.
        executor: where to run the games: any `concurrent.futures.Executor` (a
            ``ProcessPoolExecutor``, a Dask ``Client.get_executor()``...); ``None``
            plays them here, one after the other.
        chunk_size: games per task sent to the executor (a guess from ``games`` if
            ``None``); it changes the speed, never the records.
        progress: called as ``progress(done, total)`` as games finish (in this
            process, in any order of chunks).

    Returns:
        One `Record` per game. Every record has ``game``, ``index``, ``seed``,
        ``players``, ``finished``, ``reason``, ``winners`` (names, comma-separated;
        empty when nobody won), ``winning_seats`` (1-based, comma-separated),
        ``actions``, ``length`` (rounds for adventure, turns for clue), and per seat
        ``seatN_name``, ``seatN_bot``, ``seatN_won``. Adventure adds ``rounds`` and
        ``seatN_house``, ``seatN_house_points``; Clue adds ``turns``,
        ``suggestions``, ``wrong_accusations``, ``solved`` (someone accused
        correctly) and ``seatN_student`` (students are dealt at random from the
        game seed, so seat and student are independent).

    Raises:
        SimulationError: an unknown game or bot, a bad number of games, players,
            seed or chunk size.
    """
    spec = _check(game, players, bots, seed)
    if type(games) is not int or games < 0:
        raise SimulationError("bad_count", "the number of games must be a whole number >= 0")
    if chunk_size is None:
        # Few, large chunks: on a small machine the executor's own bookkeeping competes
        # with the workers for the cores (benchmarks/simulate.py).
        chunk_size = max(1, min(50, games // 16))
    elif type(chunk_size) is not int or chunk_size < 1:
        raise SimulationError("bad_chunk_size", "the chunk size must be a whole number >= 1")
    chunks = [(start, min(start + chunk_size, games)) for start in range(0, games, chunk_size)]
    results: dict[int, list[Record]] = {}
    done = 0
    if executor is None:
        for start, stop in chunks:
            results[start] = _play_chunk(spec, start, stop)
            done += stop - start
            if progress is not None:
                progress(done, games)
    else:
        futures = {
            executor.submit(_play_chunk, spec, start, stop): (start, stop) for start, stop in chunks
        }
        try:
            for future in concurrent.futures.as_completed(futures):
                start, stop = futures[future]
                results[start] = future.result()
                done += stop - start
                if progress is not None:
                    progress(done, games)
        except BaseException:
            for future in futures:
                future.cancel()
            raise
    return [record for start, _ in chunks for record in results[start]]


# ----- summaries -------------------------------------------------------------------------


def wilson_interval(
    successes: int, trials: int, z: float = 1.959963984540054
) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default).

    Examples:
        >>> low, high = wilson_interval(50, 100)
        >>> round(low, 3), round(high, 3)
        (0.404, 0.596)
    """
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


@attrs.frozen
class WinRate:
    """How often one group (a seat, a house, a student) won.

    Attributes:
        label: the seat (``"seat 1 (Ann, notebook)"``), house or student.
        games: the games that group played.
        wins: the games it won (a tie counts as a win for each winner).
        rate: ``wins / games``.
        low: the low end of the 95% Wilson interval.
        high: the high end.
    """

    label: str
    games: int
    wins: int
    rate: float
    low: float
    high: float


@attrs.frozen
class LengthSummary:
    """The distribution of game lengths.

    Attributes:
        unit: ``"rounds"`` (adventure) or ``"turns"`` (clue).
        mean: the mean length.
        stdev: the sample standard deviation (0 for fewer than 2 games).
        minimum: the shortest game.
        quartiles: the 25th, 50th (median) and 75th percentiles.
        maximum: the longest game.
    """

    unit: str
    mean: float
    stdev: float
    minimum: int
    quartiles: tuple[float, float, float]
    maximum: int


@attrs.frozen
class Summary:
    """What many games say: see `summarize`.

    Attributes:
        game: ``"adventure"`` or ``"clue"``.
        games: the number of games.
        finished: how many ended by the rules (not at a safety limit).
        by_seat: the win rate of every seat.
        by_group: the win rate of every house (adventure: the houses the winners
            were sorted into; players never sorted count as ``"unsorted"``) or
            student (clue).
        length: the distribution of game lengths.
        solved: clue only: the share of games won by a correct accusation (the rest
            ended with everyone eliminated); ``None`` for adventure.
    """

    game: str
    games: int
    finished: int
    by_seat: tuple[WinRate, ...]
    by_group: tuple[WinRate, ...]
    length: LengthSummary | None
    solved: float | None

    def table(self) -> str:
        """The summary as a plain-text table, for a terminal."""
        lines = [f"{self.games} games of {self.game}; {self.finished} finished by the rules"]
        group = "house" if self.game == "adventure" else "student"
        for title, rows in (("seat", self.by_seat), (group, self.by_group)):
            width = max([len(title), *(len(row.label) for row in rows)])
            lines.append("")
            lines.append(f"{title:<{width}}  games   wins   win rate   95% interval")
            for row in rows:
                lines.append(
                    f"{row.label:<{width}}  {row.games:5d}  {row.wins:5d}  {row.rate:8.1%}"
                    f"   {row.low:5.1%} to {row.high:5.1%}"
                )
        if self.length is not None:
            length = self.length
            q1, median, q3 = length.quartiles
            lines.append("")
            lines.append(
                f"length ({length.unit}): mean {length.mean:.1f} (sd {length.stdev:.1f}), "
                f"min {length.minimum}, quartiles {q1:g} / {median:g} / {q3:g}, "
                f"max {length.maximum}"
            )
        if self.solved is not None:
            lines.append(f"won by a correct accusation: {self.solved:.1%} of the games")
        return "\n".join(lines)


def _rate(label: str, games: int, wins: int) -> WinRate:
    low, high = wilson_interval(wins, games)
    return WinRate(label, games, wins, wins / games if games else 0.0, low, high)


def summarize(records: Sequence[Record]) -> Summary:
    """Win rates (by seat and by house or student), game lengths, and Clue's solved share.

    Args:
        records: records of one game kind, as `simulate` returns them.

    Raises:
        SimulationError: no records, or records of different games.
    """
    if not records:
        raise SimulationError("bad_count", "no records to summarize")
    kinds = {record["game"] for record in records}
    if len(kinds) != 1:
        raise SimulationError("unknown_game", "the records are of different games")
    (kind,) = kinds
    seats: dict[str, list[int]] = {}
    groups: dict[str, list[int]] = {}
    group_key = "house" if kind == "adventure" else "student"
    for record in records:
        for i in range(1, record["players"] + 1):
            won = int(bool(record[f"seat{i}_won"]))
            label = f"seat {i} ({record[f'seat{i}_name']}, {record[f'seat{i}_bot']})"
            tally = seats.setdefault(label, [0, 0])
            tally[0] += 1
            tally[1] += won
            group = record.get(f"seat{i}_{group_key}") or "unsorted"
            tally = groups.setdefault(str(group), [0, 0])
            tally[0] += 1
            tally[1] += won
    lengths = [int(record["length"]) for record in records]
    length = LengthSummary(
        "rounds" if kind == "adventure" else "turns",
        statistics.fmean(lengths),
        statistics.stdev(lengths) if len(lengths) > 1 else 0.0,
        min(lengths),
        _quartiles(lengths),
        max(lengths),
    )
    solved = (
        sum(1 for record in records if record["solved"]) / len(records) if kind == "clue" else None
    )
    return Summary(
        kind,
        len(records),
        sum(1 for record in records if record["finished"]),
        tuple(_rate(label, g, w) for label, (g, w) in seats.items()),
        tuple(_rate(label, g, w) for label, (g, w) in sorted(groups.items())),
        length,
        solved,
    )


def _quartiles(values: Sequence[int]) -> tuple[float, float, float]:
    if len(values) == 1:
        return (float(values[0]),) * 3
    q1, median, q3 = statistics.quantiles(values, n=4, method="inclusive")
    return q1, median, q3


def write_records(records: Iterable[Record], path: str | Path) -> None:
    """Save records as JSON (a list of objects) or CSV (one row per game), by the suffix.

    Raises:
        SimulationError: the suffix is neither ``.json`` nor ``.csv``.
        OSError: the file cannot be written.
    """
    target = Path(path)
    rows = list(records)
    suffix = target.suffix.lower()
    if suffix == ".json":
        target.write_text(json.dumps(rows, indent=1) + "\n", encoding="utf-8")
    elif suffix == ".csv":
        columns: dict[str, None] = {}
        for row in rows:
            columns.update(dict.fromkeys(row))
        with target.open("w", newline="", encoding="utf-8") as handle:
            writer = csv.DictWriter(handle, fieldnames=list(columns))
            writer.writeheader()
            writer.writerows(rows)
    else:
        raise SimulationError(
            "bad_format", f"write records to a .json or .csv file, not {target.name!r}"
        )
