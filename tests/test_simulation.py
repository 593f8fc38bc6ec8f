"""Simulation: seeded, identical on every executor, plain records, honest summaries."""

from __future__ import annotations

import concurrent.futures
import csv
import importlib
import json
import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest

from hogwarts_rules import adventure, clue
from hogwarts_rules.catalogue import register_game, unregister_game
from hogwarts_rules.clue.spec import random_students
from hogwarts_rules.frontends import simulation
from hogwarts_rules.frontends.simulation import SimulationError
from tests import toy_game


def test_records_follow_the_game_seed_alone() -> None:
    records = simulation.simulate("adventure", 5, players=2, seed=9)
    assert [r["game"] for r in records] == ["first-year-adventure"] * 5  # the kind
    assert [r["index"] for r in records] == list(range(5))
    # The seed is a decimal string: JSON and CSV keep all 64 bits of it.
    assert [r["seed"] for r in records] == [str(simulation.game_seed(9, i)) for i in range(5)]
    assert len({r["seed"] for r in records}) == 5
    # Game 3 alone is the same game as game 3 of the run, whatever the game is called.
    assert simulation.play_one("adventure", 3, players=2, seed=9) == records[3]
    assert simulation.play_one("First-Year-Adventure", 3, players=2, seed=9) == records[3]


def test_a_record_is_the_game_the_bots_play() -> None:
    (record,) = simulation.simulate("adventure", 1, players=3, seed=4)
    names = ("Harry", "Ron", "Hermione")
    bots = {name: adventure.HeuristicBot() for name in names}
    game = adventure.play_out(
        adventure.new_game(names, seed=int(record["seed"]), max_rounds=500), bots
    )
    assert game.outcome is not None
    assert record["winners"] == ", ".join(game.outcome.winners)
    assert record["rounds"] == record["length"] == game.round
    assert record["actions"] == len(game.history)
    for i, name in enumerate(names, 1):
        assert record[f"seat{i}_name"] == name
        assert record[f"seat{i}_house"] == game.players[name].house
        assert record[f"seat{i}_house_points"] == game.players[name].house_points
        assert record[f"seat{i}_won"] == (name in game.outcome.winners)
    assert record["winning_seats"] == ", ".join(
        f"seat{names.index(w) + 1}" for w in game.outcome.winners
    )


def test_clue_records_and_students_dealt_from_the_seed() -> None:
    records = simulation.simulate("clue", 6, players=4, bots="detective,notebook", seed=2)
    assert all(r["finished"] for r in records)
    for record in records:
        students = [record[f"seat{i}_student"] for i in range(1, 5)]
        assert len(set(students)) == 4
        assert set(students) <= set(clue.STUDENTS)
        assert record["solved"] == (record["reason"] == "correct_accusation")
        assert record["turns"] == record["length"] > 0
        assert [record[f"seat{i}_bot"] for i in range(1, 5)] == ["detective", "notebook"] * 2
    # Students differ across games: seat and student are not tied together.
    assert len({r["seat1_student"] for r in records}) > 1


def test_bots_by_seat() -> None:
    records = simulation.simulate("clue", 1, players=3, bots=["detective", "random", "notebook"])
    assert [records[0][f"seat{i}_bot"] for i in (1, 2, 3)] == ["detective", "random", "notebook"]
    records = simulation.simulate("adventure", 1, players=2, bots="random")
    assert records[0]["seat1_bot"] == records[0]["seat2_bot"] == "random"


@pytest.mark.parametrize(
    ("kwargs", "code"),
    [
        ({"game": "chess"}, "unknown_game"),
        ({"game": "hr"}, "unknown_game"),  # no bots: not simulated
        ({"game": 7}, "unknown_game"),
        ({"bots": "grandmaster"}, "unknown_bot"),
        ({"bots": "heuristic,random,random"}, "unknown_bot"),
        ({"players": 5}, "bad_players"),
        ({"players": 1}, "bad_players"),
        ({"games": -1}, "bad_count"),
        ({"seed": -1}, "bad_seed"),
        ({"seed": 2**64}, "bad_seed"),
        ({"chunk_size": 0}, "bad_chunk_size"),
    ],
)
def test_bad_arguments_are_named(kwargs: dict[str, object], code: str) -> None:
    arguments: dict[str, object] = {"game": "adventure", "games": 1, **kwargs}
    with pytest.raises(SimulationError) as caught:
        simulation.simulate(**arguments)  # type: ignore[arg-type]
    assert caught.value.code == code
    assert isinstance(caught.value, ValueError)


def test_progress_is_reported_up_to_the_total() -> None:
    seen: list[tuple[int, int]] = []
    simulation.simulate(
        "adventure", 7, players=2, chunk_size=3, progress=lambda d, t: seen.append((d, t))
    )
    assert seen == [(3, 7), (6, 7), (7, 7)]


def test_chunk_size_never_changes_the_records() -> None:
    one = simulation.simulate("adventure", 6, players=2, seed=5, chunk_size=1)
    assert simulation.simulate("adventure", 6, players=2, seed=5, chunk_size=4) == one
    assert simulation.simulate("adventure", 0, players=2, seed=5) == []


def test_records_come_back_in_game_order_whatever_finishes_first() -> None:
    serial = simulation.simulate("adventure", 5, players=2, seed=3)
    with concurrent.futures.ThreadPoolExecutor(3) as pool:  # chunks finish in any order
        assert (
            simulation.simulate("adventure", 5, players=2, seed=3, executor=pool, chunk_size=1)
            == serial
        )


def test_process_pool_gives_identical_records() -> None:
    serial = simulation.simulate("clue", 6, players=3, seed=11)
    with concurrent.futures.ProcessPoolExecutor(2) as pool:
        parallel = simulation.simulate("clue", 6, players=3, seed=11, executor=pool, chunk_size=2)
    assert parallel == serial


@pytest.fixture(scope="module")
def dask_executor() -> Iterator[concurrent.futures.Executor]:
    distributed = importlib.import_module("distributed")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        cluster = distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        )
        client = distributed.Client(cluster)
    try:
        yield client.get_executor()
    finally:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            client.close()
            cluster.close()


@pytest.mark.filterwarnings("ignore")
def test_dask_cluster_gives_identical_records(dask_executor: concurrent.futures.Executor) -> None:
    serial = simulation.simulate("adventure", 6, players=3, seed=21)
    on_dask = simulation.simulate(
        "adventure", 6, players=3, seed=21, executor=dask_executor, chunk_size=2
    )
    assert on_dask == serial
    serial_clue = simulation.simulate("clue", 4, players=4, seed=21, bots="detective,notebook")
    assert (
        simulation.simulate(
            "clue", 4, players=4, seed=21, bots="detective,notebook", executor=dask_executor
        )
        == serial_clue
    )


def test_records_load_into_pandas() -> None:
    pandas = importlib.import_module("pandas")
    records = simulation.simulate("adventure", 4, players=2, seed=1)
    frame = pandas.DataFrame(records)
    assert len(frame) == 4
    assert list(frame["index"]) == [0, 1, 2, 3]
    assert frame["seat1_won"].dtype == bool


def test_summary_counts_what_the_records_say() -> None:
    records = simulation.simulate("adventure", 8, players=2, seed=6)
    summary = simulation.summarize(records)
    assert summary.games == 8
    assert summary.finished == sum(r["finished"] for r in records)
    for i, row in enumerate(summary.by_seat, 1):
        assert row.games == 8
        assert row.wins == sum(r[f"seat{i}_won"] for r in records)
        assert row.low <= row.rate <= row.high
    houses = {row.label: row for row in summary.by_group}
    for house, row in houses.items():
        assert row.games == sum(
            1 for r in records for i in (1, 2) if (r[f"seat{i}_house"] or "unsorted") == house
        )
    assert summary.length is not None
    lengths = sorted(r["rounds"] for r in records)
    assert summary.length.minimum == lengths[0]
    assert summary.length.maximum == lengths[-1]
    assert summary.solved is None
    text = summary.table()
    assert "seat 1 (Harry, heuristic)" in text
    assert "length (rounds)" in text


def test_clue_summary_reports_the_solved_share() -> None:
    records = simulation.simulate("clue", 5, players=3, seed=8, bots="random")
    summary = simulation.summarize(records)
    assert summary.solved == sum(r["solved"] for r in records) / 5
    assert "won by a correct accusation" in summary.table()
    assert {row.label for row in summary.by_group} <= set(clue.STUDENTS)


def test_summary_refuses_nothing_or_a_mixture() -> None:
    with pytest.raises(SimulationError):
        simulation.summarize([])
    mixed = simulation.simulate("adventure", 1, players=2) + simulation.simulate(
        "clue", 1, players=3
    )
    with pytest.raises(SimulationError):
        simulation.summarize(mixed)


def test_wilson_interval() -> None:
    assert simulation.wilson_interval(0, 0) == (0.0, 1.0)
    low, high = simulation.wilson_interval(0, 10)
    assert low == 0.0 and 0.25 < high < 0.35
    low, high = simulation.wilson_interval(10, 10)
    assert high == pytest.approx(1.0) and 0.65 < low < 0.75


def test_records_written_as_json_and_csv(tmp_path: Path) -> None:
    records = simulation.simulate("clue", 2, players=3, seed=3)
    simulation.write_records(records, tmp_path / "out.json")
    assert json.loads((tmp_path / "out.json").read_text()) == records
    simulation.write_records(records, tmp_path / "out.csv")
    with (tmp_path / "out.csv").open(newline="") as handle:
        rows = list(csv.DictReader(handle))
    assert [row["seed"] for row in rows] == [r["seed"] for r in records]
    assert rows[0]["seat1_student"] == records[0]["seat1_student"]
    with pytest.raises(SimulationError):
        simulation.write_records(records, tmp_path / "out.xlsx")


def test_students_are_independent_of_the_envelope() -> None:
    # The students come from a stream of their own, not from the dice's (which deal).
    seen: dict[str, set[str]] = {}
    for index in range(120):
        seed = simulation.game_seed(0, index)
        students = random_students(seed, ["Ann", "Ben", "Cat", "Dan"])
        game, _ = clue.new_game(["Ann", "Ben", "Cat", "Dan"], seed=seed, students=students).apply(
            clue.Deal()
        )
        seen.setdefault(students["Dan"], set()).add(game.envelope[2])
    # With the shared stream, Dan's Harry or Neville only ever went with a third of the
    # locations (3 of 9); now every student meets more of them.
    assert min(len(locations) for locations in seen.values()) > 3


def test_clue_students_are_the_specs_random_students() -> None:
    (record,) = simulation.simulate("clue", 1, players=4, seed=13)
    students = random_students(int(record["seed"]), ["Ann", "Ben", "Cat", "Dan"])
    assert [record[f"seat{i}_student"] for i in range(1, 5)] == list(students.values())


def test_the_simulated_games_and_their_bots_come_from_the_catalogue() -> None:
    assert simulation.simulated_games() == ("first-year-adventure", "clue")
    assert simulation.bots_of("adventure") == simulation.bots_of("first-year-adventure")
    assert simulation.bots_of("clue") == ("notebook", "detective", "random")
    with pytest.raises(SimulationError) as caught:
        simulation.bots_of("hr")
    assert caught.value.code == "unknown_game"
    assert "no bots" in caught.value.message


def test_the_deprecated_tables_still_answer() -> None:
    import hogwarts_rules.simulation as old

    assert old.simulate is simulation.simulate
    assert "adventure" in old.GAMES and "clue" in old.GAMES and "hr" not in old.GAMES
    assert list(old.GAMES) == ["first-year-adventure", "clue"]
    assert old.BOTS["adventure"] == ("heuristic", "random")
    assert dict(old.BOTS) == {
        "first-year-adventure": ("heuristic", "random"),
        "clue": ("notebook", "detective", "random"),
    }
    with pytest.raises(KeyError):
        old.BOTS["hr"]


def test_a_game_registered_at_run_time_is_simulated_through_its_spec(toy: str) -> None:
    assert toy in simulation.simulated_games()
    assert simulation.bots_of("toy") == ("random",)
    records = simulation.simulate("toy", 6, players=3, seed=4)
    assert [r["game"] for r in records] == [toy] * 6
    assert all(r["finished"] and r["reason"] == "goal_reached" for r in records)
    for record in records:
        assert [record[f"seat{i}_name"] for i in (1, 2, 3)] == ["Ann", "Bob", "Cyd"]
        squares = [record[f"seat{i}_square"] for i in (1, 2, 3)]
        assert max(squares) == 20  # the default goal
        (winner,) = record["winning_seats"].split(", ")
        assert squares[int(winner.removeprefix("seat")) - 1] == 20
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        assert simulation.simulate("toy", 6, players=3, seed=4, executor=pool, chunk_size=2) == (
            records
        )
    assert simulation.play_one("toy", 5, players=3, seed=4) == records[5]
    summary = simulation.summarize(records)
    assert summary.title == "Toy dice race" and summary.group is None
    assert summary.by_group == () and summary.solved is None
    assert summary.length is not None and summary.length.unit == "turns"
    text = summary.table()
    assert text.startswith("6 games of Toy dice race; 6 finished by the rules")
    assert "house" not in text and "student" not in text
    with pytest.raises(SimulationError) as caught:
        simulation.simulate("toy", 1, players=5)
    assert caught.value.code == "bad_players"
    assert caught.value.message == "Toy dice race is for 2 to 4 players"


def test_records_of_a_game_no_longer_in_the_catalogue_still_summarize(toy: str) -> None:
    records = simulation.simulate("toy", 3, seed=1)
    unregister_game(toy)
    try:
        summary = simulation.summarize(records)
    finally:
        register_game(toy_game.SPEC)
    assert summary.title == toy and summary.length is not None
    assert summary.length.unit == "actions"
    assert [row.games for row in summary.by_seat] == [3, 3]


def _looks_numeric(text: str) -> bool:
    """Whether a CSV reader that infers types (pandas) would read ``text`` as a number."""
    try:
        float(text)
    except ValueError:
        return False
    return True


def test_every_column_has_one_type_whatever_the_data(tmp_path: Path) -> None:
    records = [
        *simulation.simulate("adventure", 12, players=3, seed=5),
        *simulation.simulate("clue", 6, players=3, seed=5),
    ]
    columns: dict[str, set[type]] = {}
    for record in records:
        for key, value in record.items():
            if value is not None:
                columns.setdefault(key, set()).add(type(value))
    assert all(len(types) == 1 for types in columns.values()), columns
    # JSON's own types only (a house is its name, not a `House` member).
    assert set().union(*columns.values()) <= {str, int, float, bool}, columns
    # Text read back from CSV is either always a number (the seed) or never one.
    path = tmp_path / "records.csv"
    simulation.write_records(records, path)
    with path.open(encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle))
    for key, types in columns.items():
        if types == {str}:
            numeric = {_looks_numeric(row[key]) for row in rows if row[key]}
            assert len(numeric) <= 1, key
    assert not any(_looks_numeric(row["winning_seats"]) for row in rows)
    assert {row["winning_seats"] for row in rows} >= {"seat1", "seat2"}


def test_a_run_nobody_wins_keeps_the_winner_columns_text_in_pandas(tmp_path: Path) -> None:
    pandas = importlib.import_module("pandas")
    records = simulation.simulate("clue", 4, players=3, bots="random", seed=1)
    assert {r["reason"] for r in records} == {"all_eliminated"}  # nobody wins any game
    assert {(r["winners"], r["winning_seats"]) for r in records} == {
        (simulation.NO_WINNER, simulation.NO_WINNER)
    }
    path = tmp_path / "nobody.csv"
    simulation.write_records(records, path)
    frame = pandas.read_csv(path)
    for column in ("winners", "winning_seats"):
        assert pandas.api.types.is_string_dtype(frame[column]), column  # not float64 NaN
        assert list(frame[column]) == [simulation.NO_WINNER] * 4
