from __future__ import annotations

import io
import json
import re
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs
import pytest

from hogwarts_rules import adventure as ad
from hogwarts_rules import hufflepuff_ravenclaw as hr
from hogwarts_rules.adventure.demo import demo as demo_adventure
from hogwarts_rules.catalogue import register_game, unregister_game
from hogwarts_rules.clue.demo import demo as demo_clue
from hogwarts_rules.frontends import simulation
from hogwarts_rules.frontends.cli import main
from hogwarts_rules.hufflepuff_ravenclaw.demo import demo as demo_hufflepuff_ravenclaw
from tests import toy_game


def test_demo_narrates_a_whole_scene_and_ends_it() -> None:
    lines: list[str] = []
    game = demo_hufflepuff_ravenclaw(7, lines.append)
    assert game.is_over
    text = "\n".join(lines)
    for expected in ("rolls", "Youth", "wins the contest", "Round 1", "The scene ends"):
        assert expected in text
    assert hr.Game.replay(game.record) == game


def test_the_scene_demo_is_short_unless_full() -> None:
    short_lines: list[str] = []
    full_lines: list[str] = []
    scene = demo_hufflepuff_ravenclaw(7, short_lines.append)
    assert demo_hufflepuff_ravenclaw(7, full_lines.append, full=True) == scene
    short, full = unwrapped(short_lines), unwrapped(full_lines)
    assert [line for line in full if line in short] == short  # the same lines, fewer
    assert not any(re.search(r"spends no Youth|check mark next", x) for x in short)
    # A roll is told in short only just before the Youth its roller spends on it.
    for index, line in enumerate(short):
        rolled = re.fullmatch(r"  (\w+) rolls \d+ on d20 .*", line)
        if rolled:
            assert re.fullmatch(rf"  {rolled[1]} spends [1-9]\d* Youth: .*", short[index + 1])
    assert any(re.search(r"rolls \d+ on d20", line) for line in full)
    results = [line for line in full if re.search(r" (succeeds|fails) at ", line)]
    assert results and all(line in short for line in results)


def test_demo_is_reproducible_by_seed() -> None:
    first: list[str] = []
    second: list[str] = []
    demo_hufflepuff_ravenclaw(11, first.append)
    demo_hufflepuff_ravenclaw(11, second.append)
    assert first == second


def test_main_runs_the_demo(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "hufflepuff-ravenclaw", "--seed", "3"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "Hufflepuff & Ravenclaw demo: Sky and Weasley after curfew"
    assert lines[-1] == "This game's seed was 3: replay this game with --seed 3."


SEED_LINE = re.compile(r"This game's seed was (\d+): replay this game with --seed \1\.")


@pytest.mark.parametrize(
    "argv", [["adventure", "--players", "3"], ["clue", "--players", "3"], ["hr"]]
)
def test_the_demo_draws_a_fresh_seed_and_says_it_only_at_the_end(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    outputs = []
    for _ in range(2):
        assert main(["demo", *argv]) == 0
        outputs.append(capsys.readouterr().out.splitlines())
    seeds = []
    for lines in outputs:
        said = SEED_LINE.fullmatch(lines[-1])
        assert said is not None, lines[-1]
        seeds.append(said[1])
        assert not any(said[1] in line or "seed" in line for line in lines[:-1])
    assert seeds[0] != seeds[1]
    # The seed said replays the same game.
    assert main(["demo", *argv, "--seed", seeds[0]]) == 0
    assert capsys.readouterr().out.splitlines() == outputs[0]


def test_play_draws_a_fresh_seed_and_keeps_it_secret(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    seeds = []
    for name in ("one.json", "two.json"):
        saved = tmp_path / name
        monkeypatch.setattr(sys, "stdin", io.StringIO(f"1\nsave {saved}\nquit\n"))
        assert main(["play", "clue", "--players", "3"]) == 0
        out = capsys.readouterr().out
        assert out.startswith("Clue: you play Ann; bots play Ben, Cat. Type help for the commands.")
        seed = json.loads(saved.read_text(encoding="utf-8"))["setup"]["dice"]["seed"]
        assert seed not in out  # quitting is not the end of the game: the seed stays secret
        seeds.append(seed)
    assert seeds[0] != seeds[1]


def test_play_says_the_seed_when_the_game_is_over(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 2000))
    assert main(["play", "adventure", "--players", "2", "--seed", "11"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[-1] == "This game's seed was 11: replay this game with --seed 11."
    assert not any("seed" in line.lower() for line in lines[:-1])


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


def unwrapped(lines: list[str]) -> list[str]:
    """A demo's lines with each continuation (4 or more spaces more) joined to its line."""
    joined: list[str] = []
    for line in lines:
        indent = len(line) - len(line.lstrip(" "))
        base = len(joined[-1]) - len(joined[-1].lstrip(" ")) if joined else 0
        if joined and indent >= base + 4:
            joined[-1] += " " + line.strip()
        else:
            joined.append(line)
    return joined


def test_adventure_demo_plays_a_whole_game_with_bots() -> None:
    wrapped: list[str] = []
    game = demo_adventure(3, 5, wrapped.append, full=True)
    assert max(len(line) for line in wrapped) <= 100
    lines = unwrapped(wrapped)
    assert game.is_over and game.outcome is not None
    assert lines[0] == "First Year Adventure demo: Harry, Ron, Hermione, played by bots"
    assert "Round 1" in lines
    assert any("The game ends" in line for line in lines)
    assert lines[-1].startswith(" and ".join(game.outcome.winners))
    assert ad.Game.replay(game.record) == game


@pytest.mark.parametrize("seed", range(6))
def test_the_adventure_demo_is_short_unless_full(seed: int) -> None:
    short_lines: list[str] = []
    full_lines: list[str] = []
    game = demo_adventure(4, seed, short_lines.append)
    assert demo_adventure(4, seed, full_lines.append, full=True) == game
    assert game.outcome is not None
    assert len(short_lines) <= 70 < len(full_lines)  # a screenful or two
    assert max(len(line) for line in short_lines + full_lines) <= 100  # wrapped
    short, full = unwrapped(short_lines), unwrapped(full_lines)
    # The key moments: the order of play, every sorting, the end.
    assert short[1].startswith("  Round 1: ") and "goes first" in short[1]
    assert sum(" is sorted into " in line for line in short) == 4
    assert short[-1].startswith(" and ".join(game.outcome.winners) + " won after ")
    for line in short[1:-1]:  # each key moment is an event of the full narration
        if line.startswith("  Round "):
            assert f"  {line.split(': ', 1)[1]}" in full


@pytest.mark.parametrize("seed", range(8))
def test_the_adventure_demo_puts_missed_turns_in_their_round(seed: int) -> None:
    wrapped: list[str] = []
    demo_adventure(4, seed, wrapped.append, full=True)
    lines = unwrapped(wrapped)
    missed: list[str] = []  # the players whose turn passed in the round being narrated
    for line in lines:
        if re.fullmatch(r"Round \d+", line):
            missed = []
        said = re.fullmatch(
            r"  (\w+) (misses a turn|stays in front of the Mirror of Erised) .*", line
        )
        if said:
            # One turn per player per round: a missed turn told under the round before
            # its own would make a player miss two turns in one round.
            assert said[1] not in missed, line
            missed.append(said[1])


def test_adventure_narration_wording() -> None:
    wrapped: list[str] = []
    for seed in range(4):
        demo_adventure(4, seed, wrapped.append, full=True)
    text = "\n".join(unwrapped(wrapped))
    # A dungeon secret says what it does when reached, never a prediction of the end.
    assert "will defeat" not in text and "will get past" not in text
    marks = re.findall(r"\w+ bears the Wizard's Mark.*", text)
    assert marks
    assert all(m.endswith(": on reaching Voldemort, defeats him without a roll") for m in marks)
    assert "(s)" not in text
    assert not re.search(r"\b1 (turns|house points|Chocolate Frogs|Every Flavour Beans)\b", text)
    assert "gets past the Sorcerer's Stone" in text or "past Sorcerer's Stone" not in text
    assert not re.search(r"past (Sorcerer's Stone|Devil's Snare|Flying Keys|Live Chess)", text)


def test_main_runs_the_adventure_demo(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "adventure", "--players", "2", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("First Year Adventure demo: Harry, Ron")
    assert out.endswith("This game's seed was 1: replay this game with --seed 1.\n")


def test_a_player_count_that_is_not_a_number_is_refused() -> None:
    with pytest.raises(SystemExit) as info:
        main(["demo", "adventure", "--players", "x"])
    assert info.value.code == 2


@pytest.mark.parametrize(("players", "seed"), [(3, 1), (4, 3), (5, 2)])
def test_clue_demo_shows_the_winners_deduction(players: int, seed: int) -> None:
    wrapped: list[str] = []
    game = demo_clue(players, seed, wrapped.append)
    assert game.is_over and game.outcome is not None
    assert len(wrapped) <= 100 and max(len(line) for line in wrapped) <= 100
    assert not [line for line in wrapped if "\N{NO-BREAK SPACE}" in line]
    lines = unwrapped(wrapped)
    assert len(lines) <= 70
    (winner,) = game.outcome.winners
    assert lines[0] == f"Clue demo: {', '.join(game.seat_names)}, played by notebook bots"
    assert lines[1].startswith(f"Over {winner}'s shoulder")
    # The winner's hand, then each step of the winner's notebook: the possible envelopes
    # only shrink, down to one, and the odds are exact fractions.
    held = ", ".join(game.view(winner).hand)
    assert lines[2].startswith(f"  {winner} holds {held}: ")
    counts = [int(n) for n in re.findall(r"(\d+) possible envelopes?", "\n".join(lines))]
    assert counts == sorted(counts, reverse=True) and counts[-1] == 1
    notebook = [line for line in lines if line.startswith(f"    {winner}'s notebook: ")]
    assert notebook and all(" -> " in line for line in notebook)
    # Each card's chance before and after, as a fraction and in words: a percentage,
    # "ruled out" or "certain".
    odds = re.findall(
        r"(?:, |envelope: )([A-Z][^,;]*?) (\S+ \([^)]+\)) -> (\S+ \([^)]+\))", "\n".join(notebook)
    )
    assert odds
    for _card, *chances in odds:
        for chance in chances:
            assert re.fullmatch(
                r"0 \(ruled out\)|1 \(certain\)|\d+/\d+ \((\d+%|under 1%|over 99%)\)", chance
            ), chance
    assert any(c.endswith("(ruled out)") for _, _, c in odds)
    assert "solved: " + ", ".join(game.envelope) in notebook[-1]
    # Nobody else's card is narrated: cards shown to others stay "a card".
    for line in lines:
        shown = re.search(r"(\w+) shows (.+) to (\w+)$", line)
        if shown and winner not in (shown[1], shown[3]):
            assert shown[2] == "a card", line
    # The end names the envelope once (the accusation), then the winner.
    assert lines[-2].startswith(f'  {winner} accuses: "')
    assert lines[-1] == f"  {winner} is right and wins."
    assert sum(game.envelope[0] in line for line in lines[-2:]) == 1


def test_clue_demo_full_narrates_every_event_as_the_winner_sees_it() -> None:
    short_lines: list[str] = []
    full_lines: list[str] = []
    game = demo_clue(3, 1, short_lines.append)
    assert demo_clue(3, 1, full_lines.append, full=True) == game
    assert len(full_lines) > 3 * len(short_lines)
    short, full = unwrapped(short_lines), unwrapped(full_lines)
    (winner,) = game.outcome.winners if game.outcome else ("",)
    others = [name for name in game.seat_names if name != winner]
    text = "\n".join(full)
    assert f"{winner} is dealt {', '.join(game.view(winner).hand)}" in text
    for name in others:  # the others' hands are counted, never named
        assert f"{name} is dealt {len(game.view(name).hand)} cards" in text
    notebook = [line for line in short if "'s notebook: " in line]
    assert all(line in full for line in notebook)


@pytest.mark.parametrize(
    ("game", "players", "message"),
    [
        ("clue", "2", "Clue is for 3 to 5 players, not 2"),
        ("adventure", "5", "First Year Adventure is for 2 to 4 players, not 5"),
        ("adventure", "1", "First Year Adventure is for 2 to 4 players, not 1"),
        ("hr", "0", "Hufflepuff & Ravenclaw is for 1 to 50 characters, not 0"),
    ],
)
def test_demo_player_count_per_game(
    game: str, players: str, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["demo", game, "--players", players]) == 2
    captured = capsys.readouterr()
    assert captured.err == f"hogwarts-rules: error: {message}\n"
    assert captured.out == ""


def test_demo_refuses_a_player_count_that_does_not_apply(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # The H&R demo is a scripted scene for two characters.
    assert main(["demo", "hufflepuff-ravenclaw", "--players", "5", "--seed", "3"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == (
        "hogwarts-rules: error: --players does not apply to the hufflepuff-ravenclaw demo "
        "(it always has 2 characters)\n"
    )
    assert main(["demo", "hr", "--players", "2", "--seed", "3"]) == 0
    assert capsys.readouterr().err == ""
    # The help offers what the demo takes, not the game's own range (1-50 characters).
    with pytest.raises(SystemExit):
        main(["demo", "--help"])
    shown = " ".join(capsys.readouterr().out.split())
    assert "3-5 for clue; 2 for hufflepuff-ravenclaw" in shown


@pytest.mark.parametrize(
    "argv",
    [
        ["demo", "chess"],
        ["demo", "hr", "--seed", "x"],
        ["simulate", "clue"],
        ["play", "clue", "--bogus"],
        ["fly"],
        [],
    ],
)
def test_argument_errors_are_printed_one_way(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as info:
        main(argv)
    assert info.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    (line,) = captured.err.splitlines()
    assert line.startswith("hogwarts-rules: error: ") and line.endswith(" --help)")
    assert "usage:" not in line


def test_demo_full_reaches_the_games_demo(capsys: pytest.CaptureFixture[str]) -> None:
    said: list[bool] = []

    def demo(players: int, seed: int, say: Callable[[str], None], *, full: bool = False) -> Any:
        said.append(full)
        game = toy_game.SPEC.new_game(list(toy_game.SPEC.seat_names[:players]), seed=seed)
        say("every event" if full else "the key moments")
        return game

    def short_only(players: int, seed: int, say: Callable[[str], None]) -> Any:
        return demo(players, seed, say)

    for kind, run in (("toy-demo", demo), ("toy-short-demo", short_only)):
        register_game(attrs.evolve(toy_game.SPEC, kind=kind, aliases=(), demo=run))
    try:
        assert main(["demo", "toy-demo", "--seed", "4", "--full"]) == 0
        assert capsys.readouterr().out.splitlines()[0] == "every event"
        assert main(["demo", "toy-demo", "--seed", "4"]) == 0
        assert capsys.readouterr().out.splitlines()[0] == "the key moments"
        assert said == [True, False]
        assert main(["demo", "toy-short-demo", "--seed", "4", "--full"]) == 2
        captured = capsys.readouterr()
        assert captured.out == "" and said == [True, False]
        assert (
            captured.err
            == "hogwarts-rules: error: the toy-short-demo demo has no --full narration\n"
        )
    finally:
        unregister_game("toy-demo")
        unregister_game("toy-short-demo")


@pytest.mark.parametrize("name", ["adventure", "first-year-adventure", "ADVENTURE"])
def test_games_are_named_by_kind_or_alias_in_any_case(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["demo", name, "--players", "2", "--seed", "1"]) == 0
    assert capsys.readouterr().out.startswith("First Year Adventure demo: Harry, Ron")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["demo", "chess"], "unknown game 'chess'"),
        (["simulate", "hr", "-n", "1"], "simulate does not offer hufflepuff-ravenclaw"),
    ],
)
def test_a_game_a_command_does_not_offer_is_refused(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as info:
        main(argv)
    assert info.value.code == 2
    assert message in capsys.readouterr().err


# ----- simulate ---------------------------------------------------------------------------


def test_simulate_prints_the_summary_of_the_library_run(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["simulate", "adventure", "-n", "5", "--players", "2", "--seed", "3", "--quiet"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    records = simulation.simulate("adventure", 5, players=2, seed=3)
    assert out.strip() == simulation.summarize(records).table()


def test_simulate_workers_give_the_same_results(capsys: pytest.CaptureFixture[str]) -> None:
    base = ["simulate", "clue", "-n", "4", "--players", "3", "--seed", "5", "--quiet"]
    assert main(base) == 0
    one = capsys.readouterr().out
    assert main([*base, "--workers", "2", "--chunk-size", "1"]) == 0
    assert capsys.readouterr().out == one


@pytest.mark.parametrize("suffix", [".json", ".csv"])
def test_simulate_writes_records(
    suffix: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / f"results{suffix}"
    argv = ["simulate", "adventure", "-n", "3", "--players", "2", "--quiet", "--out", str(out)]
    assert main(argv) == 0
    assert f"records written to {out}" in capsys.readouterr().out
    text = out.read_text()
    if suffix == ".json":
        assert len(json.loads(text)) == 3
    else:
        assert len(text.splitlines()) == 4 and text.startswith("game,index,seed")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            ["simulate", "adventure", "-n", "2", "--bots", "wizard"],
            "unknown first-year-adventure bot",
        ),
        (["simulate", "clue", "-n", "2", "--players", "2"], "Clue is for 3 to 5 players"),
        (["simulate", "clue", "-n", "-2"], "-n/--games"),
        (["simulate", "clue", "-n", "2", "--workers", "0"], "--workers"),
        (["simulate", "clue", "-n", "2", "--chunk-size", "0"], "--chunk-size"),
        (["simulate", "clue", "-n", "2", "--seed", "-5"], "--seed"),
        (["simulate", "clue", "-n", "2", "--out", "results.xlsx"], ".json or .csv"),
        (["simulate", "clue", "-n", "2", "--out", ".json"], ".json or .csv"),
        (["simulate", "clue", "-n", "2", "--out", "missing/dir/r.csv"], "no writable folder"),
        (["simulate", "clue", "-n", "2", "--workers", "100000"], "--workers"),
        (["simulate", "clue", "-n", str(10**11)], "-n/--games"),
    ],
)
def test_simulate_bad_arguments(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("hogwarts-rules: error: ")
    assert message in err
    assert "Traceback" not in err


def test_simulate_unwritable_output(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "missing-dir" / "out.json"
    assert main(["simulate", "adventure", "-n", "1", "--players", "2", "--out", str(target)]) == 2
    assert "cannot write" in capsys.readouterr().err


def test_simulate_zero_games(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "adventure", "-n", "0", "--quiet"]) == 0
    assert "no games played" in capsys.readouterr().out


def test_ctrl_c_exits_130(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def interrupted(*args: object, **kwargs: object) -> list[simulation.Record]:
        raise KeyboardInterrupt

    monkeypatch.setattr(simulation, "simulate", interrupted)
    assert main(["simulate", "adventure", "-n", "3", "--quiet"]) == 130
    assert "interrupted" in capsys.readouterr().err


def test_simulate_progress_bar_goes_to_stderr(capsys: pytest.CaptureFixture[str]) -> None:
    # Off a terminal tqdm stays silent (disable=None); the bar never mixes with stdout.
    assert main(["simulate", "adventure", "-n", "2", "--players", "2"]) == 0
    captured = capsys.readouterr()
    assert "game/s" not in captured.out


# ----- odds and help ----------------------------------------------------------------------


def test_odds_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split()[3:] == [str(y) for y in range(8)]
    assert len(lines) == 43  # TN -21 to 20
    row5 = lines[27].split()
    assert row5[0] == "5"
    assert row5[1:] == [f"{float(hr.success_chance(5, youth=y)):.0%}" for y in range(8)]


def test_odds_exact(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "--die", "6", "--youth", "1", "--exact"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1].split() == ["-3", "0", "0"]
    assert lines[5].split() == ["1", "1/6", "2/3"]


@pytest.mark.parametrize("argv", [["odds", "--die", "8"], ["odds", "--youth", "9"]])
def test_odds_bad_arguments(argv: list[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(argv)
    assert info.value.code == 2


@pytest.mark.parametrize("command", ["demo", "play", "simulate", "odds", "serve", "web"])
def test_every_command_has_help_with_examples(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as info:
        main([command, "--help"])
    assert info.value.code == 0
    out = capsys.readouterr().out
    assert "examples:" in out
    assert f"hogwarts-rules {command}" in out
    # Help points to the documentation site, never to a file a pip user does not have.
    assert "docs/" not in out and ".md" not in out
    # Each command's help ends with its page of the documentation site.
    more = re.search(
        r"(?:More|protocol): https://hogwarts-rules\.readthedocs\.io/en/latest/(\S*)$",
        out.rstrip().splitlines()[-1],
    )
    assert more is not None, out
    page = more[1]
    root = Path(__file__).parent.parent / "docs"
    assert (root / f"{page.rstrip('/')}.md").is_file() or (root / page / "index.md").is_file()


def test_web_help_says_where_the_table_listens(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["web", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "the address to listen on (default: 127.0.0.1)" in out
    assert re.search(r"--port PORT the port \([^)]*default: 8000\)", out)


def test_play_help_lists_the_consoles_commands_apart_and_the_seats(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from hogwarts_rules import find_game
    from hogwarts_rules.hufflepuff_ravenclaw.terminal import Console

    with pytest.raises(SystemExit):
        main(["play", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    bots, console = out.split("hr (the game master's console): ", 1)
    bots = bots.rsplit("adventure, clue - at any prompt: ", 1)[1]
    for word in ("board", "log", "notebook", "back", "undo", "save FILE", "load FILE", "quit"):
        assert word in bots, word
    # Every first word of the game master's console is listed, and no bot game's command
    # that does not apply to it.
    words = Console().words(hr.new_game(["Sky", "Weasley"], seed=1))
    verbs = words[: words.index("Sky")]  # the console's commands come first
    assert "test" in verbs and "end scene" in verbs
    for verb in verbs:
        assert re.search(rf"(^|, |: ){verb}\b", console), verb
    assert "notebook" not in console and "back" not in console
    for kind in ("first-year-adventure", "clue", "hufflepuff-ravenclaw"):
        spec = find_game(kind)
        assert f"{kind}: {', '.join(spec.seat_names[:2])}, " in out, kind
        assert f"({spec.default_players} by default)" in out


def test_the_web_command_takes_the_web_tables_arguments(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from hogwarts_rules.frontends import web

    seen: list[tuple[str, str, int]] = []

    def run(args: Any) -> int:
        seen.append((args.game, args.seats, args.port))
        return 0

    monkeypatch.setattr(web, "run", run)
    assert main(["web", "Adventure", "--seats", "Harry,Ron", "--port", "0"]) == 0
    assert seen == [("first-year-adventure", "Harry,Ron", 0)]  # named by kind or alias


def test_the_web_command_refuses_an_unknown_game_like_every_command(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["web", "chess"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("hogwarts-rules: error: unknown game 'chess' (known: ")


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_ctrl_c_stops_a_simulation_with_workers_cleanly() -> None:
    command = [sys.executable, "-m", "hogwarts_rules", "simulate", "clue", "-n", "5000"]
    # The command runs as from a terminal: Ctrl-C reaches it even when these tests run
    # as a background job, whose children inherit SIGINT ignored (a handled signal is
    # reset to its default in the child; an ignored one stays ignored).
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        process = subprocess.Popen(
            [*command, "--workers", "2", "--chunk-size", "2", "--quiet"],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
    finally:
        signal.signal(signal.SIGINT, previous)
    time.sleep(3)  # the pool is up and playing
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=60)
    assert process.returncode == 130
    assert err.strip() == "interrupted"
    assert out == ""


def test_serve_answers_json_lines_until_the_input_ends() -> None:
    from hogwarts_rules.frontends.serve import PROTOCOL_VERSION

    lines = [
        json.dumps({"id": 1, "op": "hello"}),
        "not json",
        json.dumps({"id": 2, "op": "new", "game": "clue", "players": ["A", "B", "C"], "seed": 1}),
        json.dumps({"id": 3, "op": "list"}),
    ]
    result = subprocess.run(
        [sys.executable, "-m", "hogwarts_rules", "serve"],
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    replies = [json.loads(line) for line in result.stdout.splitlines()]
    assert [reply.get("id") for reply in replies] == [1, None, 2, 3]
    assert replies[0]["ok"] and replies[0]["protocol"] == PROTOCOL_VERSION
    assert replies[1]["error"]["code"] == "bad_json"
    assert replies[2]["kind"] == "clue"
    assert [game["game_id"] for game in replies[3]["games"]] == [replies[2]["game_id"]]
    assert result.stderr == ""


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_an_unwritable_output_is_one_line_of_error() -> None:
    with open("/dev/full", "w") as full:
        result = subprocess.run(
            [sys.executable, "-m", "hogwarts_rules", "demo", "hufflepuff-ravenclaw"],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            timeout=60,
        )
    assert result.returncode == 1
    assert result.stderr.startswith("hogwarts-rules: error: ")
    assert "Traceback" not in result.stderr


# ----- the catalogue behind the commands --------------------------------------------------


def test_the_old_paths_still_run_the_command_line() -> None:
    import hogwarts_rules.__main__ as entry
    import hogwarts_rules.cli as old

    assert old.main is main
    assert vars(entry)["main"] is main


def test_the_top_level_help_lists_every_command_with_an_example(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    for command in ("demo", "play", "simulate", "serve", "web", "odds"):
        assert f"  hogwarts-rules {command}" in out


def test_a_game_registered_at_run_time_is_simulated_from_the_command_line(
    toy: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["simulate", "toy", "-n", "4", "--players", "3", "--seed", "2", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("4 games of Toy dice race; 4 finished by the rules")
    assert "seat 3 (Cyd, random)" in out
    assert main(["simulate", "toy", "-n", "1", "--players", "5"]) == 2
    assert "Toy dice race is for 2 to 4 players, not 5" in capsys.readouterr().err
    with pytest.raises(SystemExit):  # the toy game has no demo
        main(["demo", "toy"])
    assert "demo does not offer toy-dice-race" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["simulate", "--help"])
    assert "toy-dice-race (toy)" in capsys.readouterr().out


@pytest.mark.parametrize("game", ["adventure", "clue", "hr"])
def test_demo_full_tells_every_event(game: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", game, "--seed", "5"]) == 0
    short = capsys.readouterr().out.splitlines()
    assert main(["demo", game, "--seed", "5", "--full"]) == 0
    full = capsys.readouterr().out.splitlines()
    assert len(full) > len(short)
    assert short[-1] == full[-1]  # the same game, the same seed said at the end


@pytest.mark.parametrize("seed", range(8))
def test_the_hr_demo_tells_the_roll_before_the_youth_spent_on_it(seed: int) -> None:
    wrapped: list[str] = []
    demo_hufflepuff_ravenclaw(seed, wrapped.append)
    assert max(len(line) for line in wrapped) <= 100
    lines = unwrapped(wrapped)
    spent = 0
    for index, line in enumerate(lines):
        spends = re.fullmatch(r"  (\w+) spends (\d+) Youth: .*", line)
        if not spends:
            continue
        spent += 1
        who = spends[1]
        # The roll, then the Youth spent on it, then its result: as it happens at the table.
        before = [i for i, x in enumerate(lines[:index]) if x.startswith(f"  {who} rolls ")]
        assert before, line
        between = lines[before[-1] + 1 : index]
        assert not [x for x in between if re.match(rf"  {who} (succeeds|fails) ", x)], line
        after = lines[index + 1 :]
        assert any(re.match(rf"  {who} (succeeds|fails) ", x) for x in after), line
    assert spent or seed != 7


def test_play_takes_the_bot_that_plays_the_other_seats(capsys: pytest.CaptureFixture[str]) -> None:
    """`--bot` picks the opponents (a name of the game's bots); a game without bots refuses it."""
    from hogwarts_rules.frontends import play as play_module

    given: dict[str, Any] = {}

    def fake_run_play(game: str, **options: Any) -> int:
        given.update(options, game=game)
        return 0

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(play_module, "run_play", fake_run_play)
        assert main(["play", "clue", "--bot", "detective", "--seed", "3"]) == 0
    assert (given["game"], given["bot"], given["seed"]) == ("clue", "detective", 3)
    assert main(["play", "clue", "--bot", "detectiv", "--seed", "3"]) == 2
    assert "has no bot called 'detectiv' (its bots: notebook, detective, random)" in (
        capsys.readouterr().err
    )
    assert main(["play", "hr", "--bot", "random"]) == 2
    assert "Hufflepuff & Ravenclaw has no bots" in capsys.readouterr().err
