"""Practice mode in `run_play` (``hogwarts-rules play GAME --practice``)."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest

from hogwarts_rules import clue
from hogwarts_rules.actions import Practice, Rekey
from hogwarts_rules.cli import main
from hogwarts_rules.events import DiceRekeyed, PracticeStarted
from tests import toy_game
from tests.test_play import CLUE_SCREEN, Console

PRACTICE_LINE = f"  {PracticeStarted().description}"
REKEYED_LINE = f"  {DiceRekeyed().description}"

# Clue, seed 3, Ann: her student, her roll, "10. Walk into Gringotts", then a suggestion
# ("1. Fenrir Greyback with the Jinxed Broomstick"), which the bots answer.
SUGGESTED = ["1", "1", "10", "1"]


def saved_clue(path: Path) -> clue.Game:
    game = clue.Game.from_dict(json.loads(path.read_text()))
    assert isinstance(game, clue.Game)
    return game


def test_practice_undo_after_a_suggestion_rekeys_the_dice(tmp_path: Path) -> None:
    files = [tmp_path / f"{name}.json" for name in "abcd"]
    answers = [*SUGGESTED, f"save {files[0]}", "undo", f"save {files[1]}"]
    answers += ["1", f"save {files[2]}", "undo", f"save {files[3]}", "quit"]
    console = Console(answers)
    assert console.play("clue", seat="Ann", seed=3, players=3, practice=True) == 0
    assert console.lines[0] == (
        "Clue (practice mode): you play Ann; bots play Ben, Cat. Type help for the commands."
    )
    assert console.lines[1] == PRACTICE_LINE
    suggested, undone, again, undone_again = (saved_clue(path) for path in files)
    assert undone.practice and isinstance(undone.history[0], Practice)
    # The suggestion and the refutation are taken back; the dice are re-keyed.
    assert any(line.startswith("  Ben ") for line in console.reply(3))  # Ben answered
    assert console.reply(5)[:2] == [
        "Taken back: Suggest Fenrir Greyback with the Jinxed Broomstick.",
        REKEYED_LINE,
    ]
    assert isinstance(undone.history[-1], Rekey)
    assert undone.history[:-1] == suggested.history[: len(undone.history) - 1]
    assert undone.dice != suggested.dice
    # Ann is back at the same decision, and may suggest again: the dice differ again.
    assert console.screen(6, CLUE_SCREEN) == console.screen(3, CLUE_SCREEN)
    assert console.reply(9)[1] == REKEYED_LINE
    assert undone_again.dice not in (undone.dice, again.dice, suggested.dice)
    # The new seeds are never shown.
    seeds = [action.seed for action in undone_again.history if isinstance(action, Rekey)]
    assert len(seeds) == 2
    assert not any(seed in line for seed in seeds for line in console.lines)


def test_the_same_undo_is_refused_without_practice() -> None:
    console = Console([*SUGGESTED, "undo", "quit"])
    assert console.play("clue", seat="Ann", seed=3, players=3) == 0
    assert "practice" not in console.lines[0]
    assert PRACTICE_LINE not in console.lines
    reply = console.reply(4)
    assert len(reply) == 1 and reply[0].startswith("Cannot take back: "), reply
    assert console.prompts[4] == console.prompts[5]


def test_practice_undo_goes_back_across_the_bots_moves(toy: str, tmp_path: Path) -> None:
    # The toy race: Ann rolls, the bot moves, Ann decides again; undo goes back before
    # her roll, and the dice are re-keyed (the same roll would come again otherwise).
    before, after = tmp_path / "before.json", tmp_path / "after.json"
    console = Console(["1", f"save {before}", "undo", f"save {after}", "quit"])
    assert console.play(toy, seed=8, players=2, practice=True) == 0
    assert console.lines[0].startswith("Toy dice race (practice mode): you play Ann;")
    assert console.reply(2)[:2] == ["Taken back: roll the d6.", REKEYED_LINE]
    rolled = toy_game.ToyGame.from_dict(json.loads(before.read_text()))
    undone = toy_game.ToyGame.from_dict(json.loads(after.read_text()))
    assert any(action.actor == "Bob" for action in rolled.history)
    assert not any(action.actor in ("Ann", "Bob") for action in undone.history)
    assert isinstance(undone.history[-1], Rekey) and undone.dice != rolled.dice
    # Without practice the roll is never taken back.
    fair = Console(["1", "undo", "quit"])
    assert fair.play(toy, seed=8, players=2) == 0
    assert fair.reply(1) == ["Cannot take back: a roll or a draw was made since."]


def test_practice_load_of_an_earlier_save_rekeys_too(toy: str, tmp_path: Path) -> None:
    start, later = tmp_path / "start.json", tmp_path / "later.json"
    answers = [f"save {start}", "1", f"load {start}", f"save {later}", "quit"]
    console = Console(answers)
    assert console.play(toy, seed=8, players=2, practice=True) == 0
    assert console.reply(2)[:2] == [f"Loaded {start}.", REKEYED_LINE]
    saved = toy_game.ToyGame.from_dict(json.loads(start.read_text()))
    loaded = toy_game.ToyGame.from_dict(json.loads(later.read_text()))
    assert loaded.history[:-1] == saved.history and isinstance(loaded.history[-1], Rekey)
    assert loaded.dice != saved.dice
    # Without practice the same load is refused.
    fair = Console(answers)
    assert fair.play(toy, seed=8, players=2) == 0
    assert fair.reply(2) == [
        f"Could not load {start}: it is this game at an earlier point, and "
        "a roll or a draw was made since."
    ]


def test_a_practice_game_to_its_end_never_says_a_new_seed(toy: str, tmp_path: Path) -> None:
    saved = tmp_path / "game.json"
    console = Console(itertools.chain(["1", "undo", f"save {saved}"], itertools.repeat("1")))
    assert console.play(toy, seed=8, players=2, practice=True) == 0
    game = toy_game.ToyGame.from_dict(json.loads(saved.read_text()))
    (rekey,) = (action for action in game.history if isinstance(action, Rekey))
    assert not any(rekey.seed in line for line in console.lines)
    assert console.lines[-1] == (
        "This game's dice were re-keyed in practice: --seed 8 replays it up to the "
        "first practice take-back."
    )


def test_the_command_line_has_practice(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["play", "--help"])
    assert "--practice" in capsys.readouterr().out
