from __future__ import annotations

import subprocess
import sys

import pytest

from hogwarts_rules import hufflepuff_ravenclaw as hr
from hogwarts_rules.cli import demo_hufflepuff_ravenclaw, main


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
