from __future__ import annotations

import subprocess
import sys

import pytest

from hogwarts_rules import adventure as ad
from hogwarts_rules import hufflepuff_ravenclaw as hr
from hogwarts_rules.cli import demo_adventure, demo_clue, demo_hufflepuff_ravenclaw, main


def test_demo_narrates_a_whole_scene_and_ends_it() -> None:
    lines: list[str] = []
    game = demo_hufflepuff_ravenclaw(7, lines.append)
    assert game.is_over
    text = "\n".join(lines)
    for expected in ("rolls", "Youth", "wins the contest", "Round 1", "The scene ends"):
        assert expected in text
    assert hr.Game.replay(game.record) == game


def test_demo_is_reproducible_by_seed() -> None:
    first: list[str] = []
    second: list[str] = []
    demo_hufflepuff_ravenclaw(11, first.append)
    demo_hufflepuff_ravenclaw(11, second.append)
    assert first == second


def test_main_runs_the_demo(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "hufflepuff-ravenclaw", "--seed", "3"]) == 0
    assert "Hufflepuff & Ravenclaw demo (seed 3)" in capsys.readouterr().out


@pytest.mark.parametrize(
    "argv",
    [["demo", "chess"], ["demo", "hufflepuff-ravenclaw", "--seed", "x"], [], ["fly"]],
)
def test_bad_arguments_exit_with_status_2(argv: list[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(argv)
    assert info.value.code == 2


def test_negative_seed_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "hufflepuff-ravenclaw", "--seed", "-1"]) == 2
    assert "--seed" in capsys.readouterr().err


def test_python_dash_m_entry_point() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "hogwarts_rules", "--version"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert result.stdout.startswith("hogwarts-rules ")


def test_adventure_demo_plays_a_whole_game_with_bots() -> None:
    lines: list[str] = []
    game = demo_adventure(3, 5, lines.append)
    assert game.is_over and game.outcome is not None
    assert lines[0] == "First Year Adventure demo (seed 5): Harry, Ron, Hermione, played by bots"
    assert "Round 1" in lines
    assert any("The game ends" in line for line in lines)
    assert lines[-1].startswith(" and ".join(game.outcome.winners))
    assert ad.Game.replay(game.record) == game


def test_main_runs_the_adventure_demo(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "adventure", "--players", "2", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("First Year Adventure demo (seed 1): Harry, Ron")


@pytest.mark.parametrize("players", ["1", "6", "x"])
def test_adventure_demo_player_count_is_checked(players: str) -> None:
    with pytest.raises(SystemExit) as info:
        main(["demo", "adventure", "--players", players])
    assert info.value.code == 2


def test_clue_demo_plays_a_whole_game_narrated_as_a_spectator_sees_it() -> None:
    lines: list[str] = []
    game = demo_clue(4, 3, lines.append)
    assert game.is_over and game.outcome is not None
    assert lines[0] == "Clue demo (seed 3): Ann, Ben, Cat, Dan, played by notebook bots"
    text = "\n".join(lines)
    assert "shows a card to" in text or "Nobody can show" in text
    for seat in game.seats.values():  # no hand was narrated
        assert f"{seat.name} is dealt 5 cards" in text or f"{seat.name} is dealt 4 cards" in text


@pytest.mark.parametrize(("game", "players"), [("clue", "2"), ("adventure", "5")])
def test_demo_player_count_per_game(
    game: str, players: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["demo", game, "--players", players]) == 2
    assert "players" in capsys.readouterr().err
