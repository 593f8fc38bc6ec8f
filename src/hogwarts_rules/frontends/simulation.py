"""Simulate many seeded games between bots, on any `concurrent.futures.Executor`.

`simulate` plays ``games`` games of any game of the catalogue that has bots and
simulation hooks (`simulated_games`: First Year Adventure and Clue among the
library's own) and returns one plain record (a flat ``dict`` of strings, numbers
and booleans) per game, in game order: ``pandas.DataFrame(records)`` loads them
as they are, and `write_records` saves them as JSON or CSV. `summarize` turns
them into win rates (by seat, and by the game's group: house, student...) with
95% confidence intervals and the distribution of game lengths.

A game is named by its kind or an alias (``"adventure"`` or
``"first-year-adventure"``); records name it by its kind. Everything this module
knows of a game comes from its `GameSpec`: the seat names and player limits, the
bots, the step limit, and its `SimulationHooks` (the options of a simulated game,
its own record columns, the unit of its length and its group).

Reproducible whatever runs it: game ``i`` is played with the seed
``game_seed(seed, i)``, derived from the master seed and the game's index alone,
and each bot that uses randomness is seeded from that game seed. So the records
are identical whether the games run serially (the default), in a process pool, or
on a Dask cluster (``distributed.Client(...).get_executor()``), with any number of
workers and any chunk size. Workers find the game in their own catalogue: a game
added with `hogwarts_rules.register_game` must be registered in the workers too
(an entry point does that everywhere).

Examples:
    >>> from hogwarts_rules.frontends import simulation
    >>> records = simulation.simulate("clue", 4, players=3, seed=1)
    >>> [record["index"] for record in records]
    [0, 1, 2, 3]
    >>> records[0]["game"], records[0]["seat1_bot"], records[0]["finished"]
    ('clue', 'notebook', True)
    >>> summary = simulation.summarize(records)
    >>> summary.games, sum(row.wins for row in summary.by_seat) >= 1
    (4, True)
    >>> simulation.simulated_games()
    ('first-year-adventure', 'clue')
    >>> simulation.bots_of("adventure")
    ('heuristic', 'random')

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
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, Final, TypeAlias, overload

import attrs

from hogwarts_rules.bots import play_out
from hogwarts_rules.catalogue import UnknownGameError, find_game, games
from hogwarts_rules.dice import _MASK64 as MASK64
from hogwarts_rules.dice import _splitmix64 as splitmix64
from hogwarts_rules.dice import seed_to_string
from hogwarts_rules.errors import RulesError
from hogwarts_rules.spec import GameSpec, SimulationHooks

__all__ = [
    "BOTS",
    "DEFAULT_HOOKS",
    "GAMES",
    "NO_WINNER",
    "LengthSummary",
    "Progress",
    "Record",
    "SimulationError",
    "Summary",
    "WinRate",
    "bots_of",
    "game_seed",
    "play_one",
    "simulate",
    "simulated_games",
    "summarize",
    "wilson_interval",
    "write_records",
]

NO_WINNER: Final = "<none>"
"""The ``winners`` and ``winning_seats`` of a game nobody won (or that did not finish).

Never empty: a CSV reader that infers types (pandas) reads a column whose every
cell is empty as numbers (``NaN``), so a run in which nobody wins would change the
column's type. No player is named ``<none>`` (`hogwarts_rules.names` keeps names
starting with ``<`` for the library's own), and pandas does not read it as missing.
"""

Record: TypeAlias = dict[str, Any]
"""One game's result: a flat mapping of column name to a string, number, bool or ``None``."""

Progress: TypeAlias = Callable[[int, int], None]
"""Called as ``progress(done, total)`` each time more games have finished."""

_MAX_NAME: Final = 40  # the most characters of a given name quoted in an error


class SimulationError(RulesError):
    """Bad simulation arguments: an unknown game or bot, a bad count, players or seed.

    Its ``code`` names what was wrong (``unknown_game``, ``unknown_bot``, ``bad_players``,
    ``bad_count``, ``bad_seed``, ``bad_chunk_size``, ``bad_format``).
    """


def _no_options(seed: int, seats: Sequence[str]) -> Mapping[str, Any]:
    return {}


def _actions(game: Any) -> Mapping[str, Any]:
    return {"length": len(game.history)}


DEFAULT_HOOKS: Final = SimulationHooks(options=_no_options, record=_actions)
"""What `simulate` uses for a game whose spec has no `SimulationHooks`: no options,
and the common columns, with the game's length counted in actions."""


def _simulated(spec: GameSpec) -> bool:
    return bool(spec.bots)


def _hooks(spec: GameSpec) -> SimulationHooks:
    return spec.simulation if spec.simulation is not None else DEFAULT_HOOKS


def simulated_games() -> tuple[str, ...]:
    """The kinds of the catalogue's games `simulate` can play (those with bots and hooks).

    Examples:
        >>> "hufflepuff-ravenclaw" in simulated_games()  # a game master's table: no bots
        False
    """
    return tuple(spec.kind for spec in games() if _simulated(spec))


def _known() -> str:
    return ", ".join(
        spec.kind + (f" ({', '.join(spec.aliases)})" if spec.aliases else "")
        for spec in games()
        if _simulated(spec)
    )


def _resolve(game: str) -> tuple[GameSpec, SimulationHooks]:
    """The spec and simulation hooks of ``game`` (a kind or an alias)."""
    try:
        spec = find_game(game)
    except UnknownGameError:
        shown = str(game)[:_MAX_NAME] if isinstance(game, str) else type(game).__name__
        raise SimulationError(
            "unknown_game", f"unknown game {shown!r} (known: {_known()})"
        ) from None
    if not spec.bots:
        raise SimulationError(
            "unknown_game",
            f"{spec.title} cannot be simulated: it has no bots (simulated: {_known()})",
        )
    return spec, _hooks(spec)


def bots_of(game: str) -> tuple[str, ...]:
    """The bots ``game`` (a kind or an alias) is simulated with, by name; the first is the default.

    Raises:
        SimulationError: the game is unknown or cannot be simulated (``unknown_game``).

    Examples:
        >>> bots_of("clue")
        ('notebook', 'detective', 'random')
    """
    spec, _ = _resolve(game)
    return spec.bot_names


class _SimulatedGames(Sequence[str]):
    """`simulated_games` as a live sequence that also knows aliases (``"adventure" in GAMES``)."""

    @overload
    def __getitem__(self, index: int) -> str: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[str]: ...

    def __getitem__(self, index: int | slice) -> str | Sequence[str]:
        return simulated_games()[index]

    def __len__(self) -> int:
        return len(simulated_games())

    def __contains__(self, name: object) -> bool:
        if not isinstance(name, str):
            return False
        try:
            _resolve(name)
        except SimulationError:
            return False
        return True

    def __repr__(self) -> str:
        return repr(simulated_games())


class _BotsByGame(Mapping[str, tuple[str, ...]]):
    """`bots_of` as a live read-only mapping, by kind (and, on look-up, by alias)."""

    def __getitem__(self, game: str) -> tuple[str, ...]:
        try:
            return bots_of(game)
        except SimulationError:
            raise KeyError(game) from None

    def __iter__(self) -> Iterator[str]:
        return iter(simulated_games())

    def __len__(self) -> int:
        return len(simulated_games())

    def __repr__(self) -> str:
        return repr(dict(self))


GAMES: Final[Sequence[str]] = _SimulatedGames()
"""Deprecated (use `simulated_games`): the kinds `simulate` can play, as a live sequence."""

BOTS: Final[Mapping[str, tuple[str, ...]]] = _BotsByGame()
"""Deprecated (use `bots_of`): each simulated game's bots by name, the first the default."""


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
class _Plan:
    """Everything a worker needs to play games (small and picklable)."""

    game: str  # the kind: workers find the spec in their own catalogue
    players: int
    bots: tuple[str, ...]
    seed: int


def _check(game: str, players: int | None, bots: str | Sequence[str] | None, seed: int) -> _Plan:
    spec, _ = _resolve(game)
    low, high = spec.min_players, spec.max_players
    count = spec.default_players if players is None else players
    if type(count) is not int or not low <= count <= high:
        raise SimulationError(
            "bad_players", f"{spec.title} is for {low} to {high} {spec.seat_noun}s"
        )
    if type(seed) is not int or not 0 <= seed <= MASK64:
        raise SimulationError("bad_seed", "the seed must be a whole number from 0 to 2**64 - 1")
    names: tuple[str, ...]
    if bots is None:
        names = spec.bot_names[:1]
    elif isinstance(bots, str):
        names = tuple(b.strip() for b in bots.split(","))
    else:
        names = tuple(bots)
    for name in names:
        if not isinstance(name, str) or name not in spec.bots:
            raise SimulationError(
                "unknown_bot",
                f"unknown {spec.kind} bot {str(name)[:_MAX_NAME]!r} "
                f"(known: {', '.join(spec.bot_names)})",
            )
    if not names or count % len(names):
        raise SimulationError(
            "unknown_bot",
            f"give one bot for all seats, one per seat, or a pattern that divides {count} seats",
        )
    names = names * (count // len(names))
    return _Plan(spec.kind, count, names, seed)


def _bot_seed(seed: int, seat: int) -> int:
    return splitmix64((seed + seat + 1) & MASK64)[0]


def _play(plan: _Plan, spec: GameSpec, hooks: SimulationHooks, index: int) -> Record:
    """Play game ``index`` of ``plan`` and return its record."""
    seed = game_seed(plan.seed, index)
    seats = spec.seat_names[: plan.players]
    game = spec.new_game(list(seats), seed=seed, **hooks.options(seed, seats))
    names = game.seat_names
    bots = {
        name: spec.make_bot(bot, game, seed=_bot_seed(seed, i))
        for i, (name, bot) in enumerate(zip(names, plan.bots, strict=True))
    }
    game = play_out(game, bots, max_steps=spec.max_steps)
    outcome = game.outcome
    winners: tuple[str, ...] = outcome.winners if outcome is not None else ()
    record: Record = {
        "game": plan.game,
        "index": index,
        "seed": seed_to_string(seed),  # a string: JSON and CSV readers keep all 64 bits
        "players": plan.players,
        "finished": outcome is not None,
        "reason": outcome.reason if outcome is not None else "unfinished",
        "winners": ", ".join(winners) or NO_WINNER,
        # "seat2", never a bare number, never empty: the column is text whatever the
        # winners (a CSV reader such as pandas would read "2" as a number, "1, 3" as
        # text, and a column of empty cells as float NaN).
        "winning_seats": ", ".join(f"seat{names.index(w) + 1}" for w in winners) or NO_WINNER,
        "actions": len(game.history),
    }
    for i, (name, bot) in enumerate(zip(names, plan.bots, strict=True), 1):
        record[f"seat{i}_name"] = name
        record[f"seat{i}_bot"] = bot
        record[f"seat{i}_won"] = name in winners
    record.update({key: _plain(value) for key, value in hooks.record(game).items()})
    record.setdefault("length", record["actions"])
    return record


def _plain(value: Any) -> Any:
    """A game's column value with JSON's own types: a string enum's member as its text."""
    if isinstance(value, str) and type(value) is not str:
        return str.__str__(value)
    if isinstance(value, int) and type(value) not in (int, bool):
        return int(value)
    return value


def _play_chunk(plan: _Plan, start: int, stop: int) -> list[Record]:
    """Play games ``start`` to ``stop - 1`` (runs in a worker)."""
    spec, hooks = _resolve(plan.game)
    return [_play(plan, spec, hooks, index) for index in range(start, stop)]


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
    plan = _check(game, players, bots, seed)
    if type(index) is not int or index < 0:
        raise SimulationError("bad_count", "the game index must be a whole number >= 0")
    (record,) = _play_chunk(plan, index, index + 1)
    return record


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
        game: the game's kind or an alias (see `simulated_games`): ``"adventure"``,
            ``"clue"``...
        games: how many games.
        players: how many seats (the game's limits; its default seat count if
            ``None``). The seats are named by the game's `GameSpec.seat_names`.
        bots: bot names (see `bots_of`), as a sequence or a comma-separated
            string: one for every seat, one per seat, or a pattern repeated round
            the table (``"detective,notebook"`` for 4 seats alternates them). The
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
        One `Record` per game. Every record has ``game`` (the game's kind),
        ``index``, ``seed`` (the game's seed as a decimal string, which every JSON
        and CSV reader keeps exactly: ``int(record["seed"])`` is the number),
        ``players``, ``finished``, ``reason``, ``winners``
        (names, comma-separated; `NO_WINNER`, ``"<none>"``, when nobody won),
        ``winning_seats`` (``"seat2"``, ``"seat1, seat3"``, or `NO_WINNER`: text
        whatever the data, never a bare number nor empty), ``actions``, ``length`` (in the game's
        `SimulationHooks.length_unit`), and per seat ``seatN_name``,
        ``seatN_bot``, ``seatN_won``; then the game's own columns
        (`SimulationHooks.record`). First Year Adventure adds ``rounds`` and
        ``seatN_house``, ``seatN_house_points``; Clue adds ``turns``,
        ``suggestions``, ``wrong_accusations``, ``solved`` (someone accused
        correctly) and ``seatN_student`` (students are dealt at random from the
        game seed, so seat and student are independent).

    Raises:
        SimulationError: an unknown game or bot, a bad number of games, players,
            seed or chunk size.
    """
    plan = _check(game, players, bots, seed)
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
            results[start] = _play_chunk(plan, start, stop)
            done += stop - start
            if progress is not None:
                progress(done, games)
    else:
        futures = {
            executor.submit(_play_chunk, plan, start, stop): (start, stop) for start, stop in chunks
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
        unit: what the length counts: the game's `SimulationHooks.length_unit`
            (``"rounds"`` for First Year Adventure, ``"turns"`` for Clue).
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
        game: the game's kind, as the records name it.
        games: the number of games.
        finished: how many ended by the rules (not at a safety limit).
        by_seat: the win rate of every seat.
        by_group: the win rate of every value of the game's group column (First
            Year Adventure: the house the players were sorted into, players never
            sorted counting as ``"unsorted"``; Clue: the student); empty for a
            game without a group.
        length: the distribution of game lengths.
        solved: the share of games whose record says ``solved`` (Clue: won by a
            correct accusation, the rest ended with everyone eliminated);
            ``None`` when the records have no ``solved`` column.
        group: the group's name (``"house"``, ``"student"``), or ``None``.
        title: the game's name for people (its kind when it is not in the catalogue).
        solved_label: what ``solved`` means, in words (from the game's `SimulationHooks`).
    """

    game: str
    games: int
    finished: int
    by_seat: tuple[WinRate, ...]
    by_group: tuple[WinRate, ...]
    length: LengthSummary | None
    solved: float | None
    group: str | None = None
    title: str = ""
    solved_label: str = "solved"

    def table(self) -> str:
        """The summary as a plain-text table, for a terminal."""
        name = self.title or self.game
        lines = [f"{self.games} games of {name}; {self.finished} finished by the rules"]
        sections = [("seat", self.by_seat)]
        if self.group is not None:
            sections.append((self.group, self.by_group))
        for title, rows in sections:
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
            lines.append(f"{self.solved_label}: {self.solved:.1%} of the games")
        return "\n".join(lines)


def _rate(label: str, games: int, wins: int) -> WinRate:
    low, high = wilson_interval(wins, games)
    return WinRate(label, games, wins, wins / games if games else 0.0, low, high)


def summarize(records: Sequence[Record]) -> Summary:
    """Win rates (by seat and by the game's group), game lengths, and the solved share.

    The group (house, student) and the unit of the length come from the game's
    `SimulationHooks`; records of a game the catalogue does not know (any more)
    are summarized by seat only, with lengths counted in ``"actions"``.

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
    try:
        spec: GameSpec | None = find_game(kind)
    except UnknownGameError:
        spec = None
    hooks = _hooks(spec) if spec is not None else None
    group_key = hooks.group if hooks is not None else None
    seats: dict[str, list[int]] = {}
    groups: dict[str, list[int]] = {}
    for record in records:
        for i in range(1, record["players"] + 1):
            won = int(bool(record[f"seat{i}_won"]))
            label = f"seat {i} ({record[f'seat{i}_name']}, {record[f'seat{i}_bot']})"
            tally = seats.setdefault(label, [0, 0])
            tally[0] += 1
            tally[1] += won
            if group_key is not None:
                group = record.get(f"seat{i}_{group_key}") or "unsorted"
                tally = groups.setdefault(str(group), [0, 0])
                tally[0] += 1
                tally[1] += won
    lengths = [int(record["length"]) for record in records]
    length = LengthSummary(
        hooks.length_unit if hooks is not None else "actions",
        statistics.fmean(lengths),
        statistics.stdev(lengths) if len(lengths) > 1 else 0.0,
        min(lengths),
        _quartiles(lengths),
        max(lengths),
    )
    solved = (
        sum(1 for record in records if record["solved"]) / len(records)
        if all("solved" in record for record in records)
        else None
    )
    return Summary(
        kind,
        len(records),
        sum(1 for record in records if record["finished"]),
        tuple(_rate(label, g, w) for label, (g, w) in seats.items()),
        tuple(_rate(label, g, w) for label, (g, w) in sorted(groups.items())),
        length,
        solved,
        group_key,
        spec.title if spec is not None else kind,
        (hooks.solved if hooks is not None else None) or "solved",
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
