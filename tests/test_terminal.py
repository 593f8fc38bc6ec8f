"""Terminal play (`run_play`): boards, short menus, notation, notebook, log, rich display, console.

Every test scripts the input (no real terminal): `run_play` reads through the
function it is given, and `RichDisplay` renders into a callback.
"""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

import pytest

import hogwarts_rules.frontends.play as play_module
from hogwarts_rules import clue, find_game
from hogwarts_rules.frontends.play import MAX_LINE, notebook_lines, run_play
from hogwarts_rules.frontends.terminal import (
    INSTALL_HINT,
    Display,
    RichDisplay,
    completing_reader,
    word_completer,
)
from hogwarts_rules.spec import Choice

Step = str | Callable[[str, list[str]], str]


class Recorder:
    """Scripted answers (a string, or a function of the prompt and the lines since the last one).

    The end of the script is the end of the input.
    """

    def __init__(self, steps: Iterable[Step]) -> None:
        self.steps: Iterator[Step] = iter(steps)
        self.lines: list[str] = []
        self.prompts: list[str] = []
        self.answers: list[str] = []
        self.segments: list[list[str]] = [[]]  # the lines before each prompt, and after the last

    def read(self, prompt: str) -> str:
        self.prompts.append(prompt)
        since = self.segments[-1]
        self.segments.append([])
        step = next(self.steps, None)
        if step is None:
            raise EOFError
        answer = step if isinstance(step, str) else step(prompt, since)
        self.answers.append(answer)
        return answer

    def write(self, line: str) -> None:
        self.lines.append(line)
        self.segments[-1].append(line)

    def play(self, game: str, **options: Any) -> int:
        options.setdefault("seed", 6)
        return run_play(game, read=self.read, write=self.write, **options)

    def reply(self, answer: str) -> list[str]:
        """What was written after the first answer ``answer``, up to the next prompt."""
        return self.segments[self.answers.index(answer) + 1]


def entry(text: str) -> Callable[[str, list[str]], str]:
    """The number of the first menu entry (since the last prompt) that holds ``text``."""

    def pick(prompt: str, lines: list[str]) -> str:
        for line in lines:
            found = re.match(r"\s+(\d+)\. (.*)", line)
            if found and text in found.group(2):
                return found.group(1)
        raise AssertionError(f"no entry with {text!r} in {lines}")

    return pick


def clue_view_where(check: Callable[[clue.Game, str], bool], seats: int = 3) -> clue.Game:
    """The first game (random play) where ``check(game, deciding seat)`` holds."""
    for seed in range(200):
        game = clue.new_game(list(find_game("clue").seat_names[:seats]), seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            who = game.to_act[0] if game.to_act else game.seat_names[0]
            if game.to_act and check(game, who):
                return game
            game, _ = game.apply(rng.choice(game.legal_actions()))
    raise AssertionError("no such game")


# ----- Clue: short menus, the board, typed moves -----------------------------------------------


def test_a_clue_turn_asks_suspect_then_item_and_takes_single_choices() -> None:
    walk_in = entry("Walk into")
    script = Recorder(
        [
            "1",  # choose a student
            walk_in,  # the roll was the only choice: taken, and said
            entry("Make a suggestion"),
            "back",
            entry("Make a suggestion"),
            "1",  # the first suspect
            "1",  # the first item
            "quit",
        ]
    )
    assert script.play("clue", seat="Ann", players=3, seed=6) == 0
    assert "Only one choice: Roll the black and the green die (taken)." in script.lines
    assert script.prompts[3] == "Which suspect? (1-6, or back): "
    assert script.prompts[4].startswith("Your choice (")  # back to the first question
    assert re.fullmatch(r".+ with which item\? \(1-6, or back\): ", script.prompts[6])
    assert any(line.startswith("  Ann suggests:") for line in script.lines)
    # The board is drawn before each decision, from Ann's view.
    assert sum(line.startswith("Clue, as Ann sees it") for line in script.lines) >= 3
    # No menu entry names a door by its id, nor a square without the nearest location.
    assert not any("Walk to square" in line for line in script.lines)


def test_each_clue_decision_shows_each_fact_once() -> None:
    """The board, then only what is not on it: the hand, the players and the wheels once."""
    walk_in = entry("Walk into")
    script = Recorder(["1", walk_in, entry("Make a suggestion"), "1", "1", "1", "1", "quit"])
    assert script.play("clue", seat="Ann", players=3, seed=6) == 0
    decisions = [
        segment for segment in script.segments if any("Clue, as Ann" in x for x in segment)
    ]
    assert len(decisions) >= 3
    for segment in decisions:
        start = next(i for i, line in enumerate(segment) if line.startswith("Clue, as Ann"))
        shown = segment[start:]
        for fact in ("Your hand: ", "Missing student: ", "Wheels", "  #  Player", "Legend: "):
            assert sum(line.startswith(fact) for line in shown) <= 1, (fact, shown)
        assert not [line for line in shown if line.startswith(("Players, in order", "Details"))]
        question = next(i for i, line in enumerate(shown) if line.startswith("--- Clue: you"))
        unindented = [i for i, line in enumerate(shown) if not line.startswith(" ")]
        asked = shown[unindented[-1]]
        assert not [line for line in shown[:question] if asked in line], asked
        assert unindented[-1] - question <= 8  # the screen adds a few lines to the board
        # The legend says how a square is named.
        assert any("row,column" in line for line in shown[:question])


def test_each_adventure_decision_shows_each_players_record_once() -> None:
    script = Recorder(["1", "1", "2", "1", "quit"])
    assert script.play("adventure", seat="Harry", players=3, seed=3) == 0
    decisions = [s for s in script.segments if any(x.startswith("--- First Year") for x in s)]
    assert len(decisions) >= 3
    for segment in decisions:
        start = next(i for i, x in enumerate(segment) if x.startswith("First Year Adventure, as"))
        screen = next(i for i, x in enumerate(segment) if x.startswith("--- First Year"))
        board, below = segment[start:screen], segment[screen:]
        for name in ("Harry", "Ron", "Hermione"):  # each player's row, on the board only
            assert sum(re.match(rf"[> ] \S+ +{name} ", x) is not None for x in board) == 1
            assert not [x for x in below if x.strip().startswith(f"{name}:")]
        question = [x for x in below if not x.startswith(" ")][-1]
        assert not [x for x in board if question in x], question


def test_a_move_may_be_typed_in_the_notation() -> None:
    location = {}

    def typed(prompt: str, lines: list[str]) -> str:
        name = next(m.group(1) for line in lines if (m := re.search(r"Walk into (.+)$", line)))
        location["name"] = name
        return f"move {name}"

    script = Recorder(["1", typed, "quit"])
    assert script.play("clue", seat="Ann", players=3, seed=6) == 0
    assert any(
        line.startswith("  Ann moves") and line.endswith(f"to {location['name']}")
        for line in script.lines
    )


def test_a_typed_move_that_is_not_a_choice_changes_nothing() -> None:
    script = Recorder(["1", "suggest greyback necklace", "accuse", "quit"])
    assert script.play("clue", seat="Ann", players=3, seed=6) == 0
    assert script.reply("suggest greyback necklace") == [
        "'suggest greyback necklace' is not one of your choices now: type a number from 1 to 11."
    ]
    assert script.reply("accuse") == [
        "Unknown command 'accuse': type a number from 1 to 11, or help for the commands "
        "(as a move: expected a suspect then an item then a location, got nothing)."
    ]
    assert script.prompts[1] == script.prompts[2] == script.prompts[3]
    assert not any("suggests:" in line for line in script.lines)


def test_moves_are_named_by_location_and_sorted_by_distance() -> None:
    game = clue_view_where(
        lambda g, who: (
            any(isinstance(a, clue.MoveTo) for a in g.legal_actions(who))
            and sum(isinstance(a, clue.MoveTo) for a in g.legal_actions(who)) > 8
        )
    )
    who = game.to_act[0]
    terminal = find_game("clue").terminal
    assert terminal is not None
    hooks: Any = terminal(game)
    view = game.view(who)
    moves = [c for c in hooks.choices(view, view.legal_actions) if c.label.startswith("Walk")]
    steps = []
    for choice in moves:
        if choice.label.startswith("Walk into"):
            steps.append(0)
            continue
        found = re.match(
            r"Walk towards .+: (\d+) steps? from (it|each) \(square \d+,\d+\)", choice.label
        )
        assert found, choice.label
        steps.append(int(found.group(1)))
    assert steps == sorted(steps)


def test_an_accusation_is_three_short_menus() -> None:
    suspects, items, locations = (clue.SUSPECTS, clue.ITEMS, clue.LOCATIONS)
    actions = [
        clue.Accuse("Ann", s, i, place) for s in suspects for i in items for place in locations
    ]
    game = clue.new_game(["Ann", "Ben", "Cat"], seed=1)
    terminal = find_game("clue").terminal
    assert terminal is not None
    hooks: Any = terminal(game)
    menu = hooks.choices(game.view("Ann"), actions)
    assert len(menu) == 1 and not menu[0].is_action
    assert [c.label for c in menu[0].entries] == list(suspects)
    assert [c.label for c in menu[0].entries[0].entries] == list(items)
    assert [c.label for c in menu[0].entries[0].entries[0].entries] == list(locations)
    assert menu[0].actions() == tuple(actions)


@pytest.mark.parametrize("with_help", [True, False])
def test_the_dark_card_question_lists_every_choice_it_offers(with_help: bool) -> None:
    def facing(game: clue.Game, who: str) -> bool:
        actions = game.legal_actions(who)
        protects = any(isinstance(a, clue.Protect) for a in actions)
        return any(isinstance(a, clue.PayFloo) for a in actions) and protects == with_help

    game = clue_view_where(facing)
    who = game.to_act[0]
    view = game.view(who)
    terminal = find_game("clue").terminal
    assert terminal is not None
    question = terminal(game).screen(view)[-1]
    cards = [a.card for a in view.legal_actions if isinstance(a, clue.Protect)]
    cost = view.details["floo"]
    dark = view.details["dark_card"]
    if with_help:
        assert question == (
            f"A Dark card against {dark}: use {' or '.join(cards)} (it is discarded), "
            f"or pay {cost} Floo powder?"
        )
    else:
        assert question == (
            f"A Dark card against {dark}: you have no Help card against it, "
            f"so pay {cost} Floo powder."
        )


def test_closed_doors_are_named_in_words() -> None:
    game = clue_view_where(lambda g, who: bool(g.view(who).closed_doors))
    who = game.to_act[0]
    terminal = find_game("clue").terminal
    assert terminal is not None
    screen = terminal(game).screen(game.view(who))
    doors = " ".join(line for line in screen if "door" in line.lower())
    assert "door of " in doors
    assert not re.search(r"\b[a-z]+-(north|south|east|west)\b", doors)


# ----- notebook and log ---------------------------------------------------------------------------


def test_the_notebook_shows_certainties_with_reasons_and_odds() -> None:
    script = Recorder(["1", "notebook", "quit"])
    assert script.play("clue", seat="Ann", players=3, seed=6) == 0
    start = script.lines.index(
        "Your notebook (exact: every deal that fits what you have seen counts the same):"
    )
    shown = script.lines[start:]
    assert "Certain:" in shown
    hand = [line for line in shown if re.fullmatch(r"  .+: in your hand", line)]
    assert len(hand) == 6  # 18 cards among 3 players
    header = next(line for line in shown if line.startswith("  suspect"))
    assert "envelope" in header and "Ben" in header and "Ann" not in header


def test_the_notebook_before_the_deal_and_in_a_game_without_one() -> None:
    lines = notebook_lines({"dealt": False}, "Ann")
    assert lines == ["Your notebook is empty: the cards are not dealt yet."]
    script = Recorder(["notebook", "quit"])
    assert script.play("adventure", players=2, take_single=False) == 0
    assert any("there is no notebook to show" in line for line in script.lines)


def test_log_shows_what_the_seat_was_told() -> None:
    script = Recorder(["1", "log", "log 2", "log all", "log what", "quit"])
    assert script.play("clue", seat="Ann", players=3, seed=6) == 0
    told = script.reply("log")
    assert told[0].startswith("What you were told, the last ")
    assert "  Ben is dealt 6 cards" in told  # what Ann saw of Ben's hand: its size only
    assert "  Ann plays Harry" in told or any(line.startswith("  Ann plays") for line in told)
    assert len(script.reply("log 2")) == 3
    assert len(script.reply("log all")) >= len(told)
    assert script.reply("log what") == ["Say log, log N (the last N lines) or log all."]


# ----- single choices and undo ------------------------------------------------------------------


def test_single_choices_are_taken_without_a_prompt() -> None:
    asked = Recorder(["quit"])
    assert asked.play("adventure", players=2, seed=11, take_single=False) == 0
    taken = Recorder(["quit"])
    assert taken.play("adventure", players=2, seed=11) == 0
    assert any(line.startswith("Only one choice: ") for line in taken.lines)
    assert asked.prompts == ["Your choice (1, or help): "]
    assert taken.prompts[0] != "Your choice (1, or help): "


def test_after_an_undo_the_single_choice_is_asked() -> None:
    script = Recorder(["1", "undo", "undo", "quit"])
    assert script.play("clue", seat="Ann", players=3, seed=6, practice=True) == 0
    assert "Taken back: Roll the black and the green die." in script.lines
    assert script.prompts[2] == "Your choice (1, or help): "  # the roll, asked this time


# ----- bounded input ---------------------------------------------------------------------------


def test_a_line_too_long_is_refused_and_asked_again() -> None:
    script = Recorder(["x" * (MAX_LINE + 1), "quit"])
    assert script.play("adventure", players=2, take_single=False) == 0
    assert f"That line is too long (over {MAX_LINE} characters): type it again." in script.lines
    assert script.prompts[0] == script.prompts[1]


def test_endless_single_choices_stop(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(play_module, "MAX_BOT_STEPS", 3)
    lines: list[str] = []
    status = run_play("adventure", players=2, seed=11, read=input, write=lines.append)
    assert status == 1
    assert lines[-1] == "Your only choice was taken 3 times in a row; giving up."


def test_endless_lines_without_a_decision_stop(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(play_module, "MAX_IDLE_LINES", 5)
    asked = []

    def read(prompt: str) -> str:
        asked.append(prompt)
        return "help"

    lines: list[str] = []
    assert run_play("adventure", players=2, seed=3, read=read, write=lines.append) == 0
    assert len(asked) == 5
    assert lines[-1] == "5 lines without a decision: stopping."


# ----- the display ---------------------------------------------------------------------------


def test_the_rich_display_draws_panels_and_colour_and_reads_no_markup() -> None:
    out: list[str] = []
    display = RichDisplay(out.append, width=60)
    display.board(["[bold]a board[/bold]", "+--+"], "Clue: Ann")
    display.heading("--- Your turn ---")
    display.menu(["    1. Roll the dice"])
    display.say("[red]not markup[/red]")
    text = "\n".join(out)
    assert "╭" in text and "╰" in text  # the panel
    assert "\x1b[" in text  # colour
    assert "[bold]a board[/bold]" in text and "[red]not markup[/red]" in text
    assert "Your turn" in text
    narrow: list[str] = []
    RichDisplay(narrow.append, width=20).board(["x" * 30], "Wide")
    assert not any("╭" in line for line in narrow)  # too wide for a panel: drawn whole
    assert any("x" * 30 in line for line in narrow)


def test_run_play_with_the_rich_display() -> None:
    script = Recorder(["quit"])
    assert script.play("adventure", players=2, seed=11, style="rich") == 0
    text = "\n".join(script.lines)
    assert "╭" in text and "\x1b[" in text
    assert "Goodbye." in text


def test_the_plain_display_writes_lines_as_they_are() -> None:
    out: list[str] = []
    display = Display(out.append)
    display.screen(["a", "b"])
    display.event("  c")
    assert out == ["a", "b", "  c"]


def test_a_bad_style_is_refused() -> None:
    errors: list[str] = []
    assert run_play("clue", style="fancy", read=input, write=errors.append) == 2
    assert errors == ["error: style must be 'plain', 'rich' or None, not 'fancy'"]


def test_without_the_extra_the_terminal_is_plain_and_says_how_to_get_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(play_module, "fancy_available", lambda: False)
    monkeypatch.setattr(play_module, "is_terminal", lambda: True)
    answers = iter(["quit"])
    monkeypatch.setattr("builtins.input", lambda prompt: next(answers))
    assert run_play("adventure", players=2, seed=3) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == f"Plain text: for colour, panels and completion, {INSTALL_HINT}"
    assert INSTALL_HINT == 'pip install "hogwarts-rules[terminal]"'


def test_completion_offers_commands_and_moves_in_the_notation() -> None:
    from prompt_toolkit.completion import CompleteEvent
    from prompt_toolkit.document import Document

    completer = word_completer(lambda: ["help", "suggest greyback necklace", "Suggest x"])
    found = [c.text for c in completer.get_completions(Document("SUGG"), CompleteEvent())]
    assert found == ["suggest greyback necklace", "Suggest x"]
    assert [c.text for c in completer.get_completions(Document("z"), CompleteEvent())] == []
    hr_words = play_module._console(find_game("hr"), find_game("hr").new_game(seed=1))
    assert hr_words is not None
    scene_words = hr_words[1].words(find_game("hr").new_game(seed=1))
    assert "mischief" in scene_words and "Sky" in scene_words and "test" in scene_words
    completer = word_completer(lambda: scene_words)
    typed = Document("test Sky misch")
    assert [c.text for c in completer.get_completions(typed, CompleteEvent())] == ["mischief"]


def test_the_completing_reader_reads_lines_and_ends_on_ctrl_d() -> None:
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    with create_pipe_input() as pipe:
        read = completing_reader(lambda: ["roll"], input=pipe, output=DummyOutput())
        pipe.send_text("roll\r")
        assert read("> ") == "roll"
        pipe.send_text("\x04")
        with pytest.raises(EOFError):
            read("> ")


def test_the_core_imports_neither_rich_nor_prompt_toolkit() -> None:
    code = (
        "import sys, hogwarts_rules, hogwarts_rules.frontends.play, hogwarts_rules.frontends.cli\n"
        "from hogwarts_rules import find_game\n"
        "for kind in ('clue', 'adventure', 'hr'):\n"
        "    spec = find_game(kind); spec.terminal(spec.new_game(seed=1))\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('rich', 'prompt_toolkit')))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def test_choices_that_lose_an_action_fall_back_to_the_plain_menu() -> None:
    class Broken:
        def choices(self, view: object, actions: object) -> list[Choice]:
            return []

    assert play_module._choices(Broken(), None, [clue.RollDice("Ann")]) is None  # type: ignore[arg-type]


# ----- Hufflepuff & Ravenclaw: the game master's console ------------------------------------------


def console(answers: Iterable[str], **options: Any) -> tuple[int, list[str]]:
    lines: list[str] = []
    feed = iter(answers)

    def read(prompt: str) -> str:
        try:
            return next(feed)
        except StopIteration:
            raise EOFError from None

    options.setdefault("seed", 6)
    status = run_play("hr", read=read, write=lines.append, **options)
    return status, lines


def test_the_console_shows_the_odds_before_the_roll_and_asks_the_youth_question() -> None:
    status, lines = console(["test Sky mischief bravery +2", "end scene", "3", "end scene"])
    assert status == 0
    assert lines[0] == (
        "Hufflepuff & Ravenclaw: you are the game master of Sky, Weasley. "
        "Type help for the commands."
    )
    odds = lines.index("Sky tests Bravery + Mischief: TN 5 (Bravery 3, Mischief 0, situation +2)")
    chance = lines[odds + 1]
    assert chance.startswith("Chance of success: 25% without Youth; 100% spending up to 7 Youth")
    roll = next(i for i, line in enumerate(lines) if line.startswith("  Sky rolls 13 on d20"))
    assert odds < roll
    assert "Spending 3 turns it into a success." in lines
    assert "Type how much Youth Sky spends: 0 to 7." in lines
    # The Youth question is shown once (the board leaves it to the screen), never raw details.
    question = "Sky rolled 13 against 5 for Bravery + Mischief: spend Youth (+3 each)?"
    assert sum(question in line for line in lines) == 1
    assert lines[lines.index(question) + 1] == "Spending 3 turns it into a success."
    assert not [line for line in lines if "Details:" in line or line.startswith("Awaiting")]
    refused = next(line for line in lines if "must answer the Youth question first" in line)
    assert refused.startswith("Sky must answer")
    assert "  Sky spends 3 Youth: the Target Number becomes 14 (4 Youth left)" in lines
    assert lines[-4:] == [
        "The game master ended the scene.",
        "  Sky: 0 damage points (unhurt), Youth 4/7",
        "  Weasley: 0 damage points (unhurt), Youth 7/7",
        "This game's seed was 6: replay this game with --seed 6.",
    ]


def test_the_console_contests_spells_brawls_and_odds() -> None:
    status, lines = console(
        [
            "contest Sky mischief bravery vs Weasley notice intellect",
            "0",
            "0",
            "spell Sky lumos",
            "0",
            "brawl Sky vs Weasley armed",
            "0",
            "0",
            "duel Sky lumos 3 vs Weasley expelliarmus",
            "0",
            "0",
            "duel Sky lumos 99999999 vs Weasley expelliarmus",
            "duel Sky lumos vs Sky nox",
            "odds 7 2",
            "quit",
        ]
    )
    assert status == 0
    text = "\n".join(lines)
    assert "Contest: Sky at TN 3 (7 Youth) against Weasley at TN 3 (7 Youth)" in text
    assert re.search(r"Sky wins \d+%, Weasley wins \d+%, tie \d+% \(each spending", text)
    assert "Sky casts Lumos: TN 6 (Intellect 3, Charms 0, verbal incantation +3)" in text
    # A spell's chance is worded as a test's: without Youth first, then spending it.
    cast = lines.index("Sky casts Lumos: TN 6 (Intellect 3, Charms 0, verbal incantation +3)")
    assert lines[cast + 1] == (
        "Chance of success: 30% without Youth; 100% spending up to 7 Youth (expected 2.0 spent)."
    )
    assert "Brawl round: Sky at TN 3 (blow 1) against Weasley at TN 3 (blow 2)" in text
    # A duel round: a number after the spell is its damage Points; none, a jinx.
    assert (
        "Duel round: Sky casts Lumos at TN 6 (3 Points, 7 Youth) against Weasley casting "
        "Expelliarmus at TN 6 (a jinx, 7 Youth)"
    ) in lines
    duel = lines.index(next(line for line in lines if line.startswith("Duel round:")))
    assert re.fullmatch(
        r"Sky wins \d+%, Weasley wins \d+%, tie \d+% \(each spending Youth to win\)\.",
        lines[duel + 1],
    )
    assert lines[duel + 2].startswith("  Sky rolls 1 on d20 for Lumos (Charms), needing 6 or less")
    assert "  The contest is a tie: Sky made it by 5, Weasley made it by 5" in lines
    assert "  Weasley takes 3 damage from Sky's Lumos (3 in all)" in lines
    assert "  Weasley's Expelliarmus hits Sky" in lines
    assert "99999999... is too many damage Points." in lines
    assert "A duel needs two different characters." in lines
    assert "A d20 test at TN 7: 35% without Youth." in lines
    assert "  with up to 2 Youth: 65%" in lines
    assert "wins the contest" in text


def test_the_console_lists_and_adds_characters(tmp_path: Path) -> None:
    sheet = {
        "name": "Luna",
        "stats": {"Ambition": 2, "Agility": 4, "Size": 3},
        "qualities": {"Intellect": 5, "Fortitude": 3, "Bravery": 4},
    }
    neville = tmp_path / "neville.json"
    neville.write_text(json.dumps({**sheet, "name": "Neville"}), encoding="utf-8")
    status, lines = console(
        [
            "add Ginny",
            "add sheet",
            json.dumps(sheet),
            "",
            f"add sheet {neville}",
            f"add sheet {tmp_path / 'missing.json'}",
            "characters",
            "sheet luna",
            "quit",
        ]
    )
    assert status == 0
    assert "  Ginny joins the scene" in lines
    assert "Luna joins the scene." in lines
    assert "Neville joins the scene." in lines
    assert f"Could not read {tmp_path / 'missing.json'}: not a regular file." in lines
    assert "  Luna: year 1, Youth 7/7, Size 3, 0 damage points (unhurt)" in lines
    assert any(line.startswith("  Stats: Ambition 2, Agility 4") for line in lines)


def test_a_sheet_too_long_or_malformed_adds_nobody() -> None:
    status, lines = console(
        ["add sheet", *(["{"] * 201), "add sheet", "{nope", "", "characters", "quit"]
    )
    assert status == 0
    assert "A sheet has at most 200 lines and 20000 characters: nothing was added." in lines
    assert any(line.startswith("Not a character sheet (not valid JSON") for line in lines)
    assert [line for line in lines if line.startswith("  ") and "Youth 7/7" in line] == [
        "  Sky: year 1, Youth 7/7, Size 3, 0 damage points (unhurt)",
        "  Weasley: year 1, Youth 7/7, Size 3, 0 damage points (unhurt)",
    ]


def test_console_errors_are_messages_that_change_nothing(tmp_path: Path) -> None:
    saved = tmp_path / "scene.json"
    status, lines = console(
        [
            "frobnicate",
            "test Nobody mischief bravery",
            "contest Sky mischief bravery",
            "spell Sky no-such-spell",
            "odds x",
            "undo",
            "learn Sky lumos",
            "undo",
            "damage Sky 2",  # a wound: Sky rolls to stay conscious
            "undo",
            f"save {saved}",
            "x" * (MAX_LINE + 1),
            "quit",
        ]
    )
    assert status == 0
    text = "\n".join(lines)
    # An unknown line lists every command and says to type help.
    unknown = next(line for line in lines if line.startswith("'frobnicate' is not a command"))
    assert "type help for the commands" in unknown
    assert (
        "(characters, sheet, add, test, quality, contest, spell, brawl, duel, odds, spend, "
        in unknown
    )
    assert "class, remove, end session, school break, end of year, end scene, or an" in unknown
    assert "names no" in text
    assert "Write the two sides of the contest with vs between." in text
    assert "Say odds TN, or odds TN YOUTH (e.g. odds 7 3)." in text
    assert "Nothing to undo." in lines
    assert "Cannot take back: a roll or a draw was made since." in lines
    assert any(line.startswith("Cannot take back: something was shown") for line in lines)
    assert json.loads(saved.read_text())["game"] == "hufflepuff-ravenclaw"
    assert f"That line is too long (over {MAX_LINE} characters): type it again." in lines


def test_the_console_in_practice_mode_takes_back() -> None:
    status, lines = console(["learn Sky lumos", "undo", "quit"], practice=True)
    assert status == 0
    assert lines[0].startswith("Hufflepuff & Ravenclaw (practice mode): you are the game master")
    assert "Taken back: learn spell (Sky, Lumos)." in lines


def test_the_cli_offers_play_for_hufflepuff_and_ravenclaw() -> None:
    assert play_module.playable(find_game("hr"))


@pytest.mark.parametrize(("game", "expected"), [("clue", "choose harry"), ("hr", "mischief")])
def test_on_a_terminal_with_the_extra_the_reader_completes_the_sessions_words(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], game: str, expected: str
) -> None:
    monkeypatch.setattr(play_module, "fancy_available", lambda: True)
    monkeypatch.setattr(play_module, "is_terminal", lambda: True)
    offered: list[list[str]] = []

    def reader(words: Callable[[], Iterable[str]]) -> Callable[[str], str]:
        def read(prompt: str) -> str:
            offered.append(list(words()))
            return "quit"

        return read

    monkeypatch.setattr(play_module, "completing_reader", reader)
    assert run_play(game, seed=6, players=3) == 0
    assert expected in offered[0] and "help" in offered[0]
    out = capsys.readouterr().out.splitlines()
    # Rich drew it: the board's title (not a terminal here: 80 columns, no colour, and a
    # board too wide for a panel at that width is drawn whole under its title).
    title = "Clue: Ann" if game == "clue" else "Hufflepuff & Ravenclaw"
    assert title in out
    assert out[-1] == "Goodbye."


def test_the_console_loads_a_saved_scene_to_go_on(tmp_path: Path) -> None:
    """`save` then `load`, in another session: the scene goes on where it was saved."""
    saved = tmp_path / "scene.json"
    status, _ = console(["learn Sky lumos", "test Sky mischief bravery", "0", f"save {saved}"])
    assert status == 0
    status, lines = console([f"load {saved}", "log", "end scene"], seed=None)
    assert status == 0
    assert f"Loaded {saved}." in lines
    # The scene loaded is the one saved: its seed is said at the end, not the new session's.
    assert lines[-1] == "This game's seed was 6: replay this game with --seed 6."
    assert "  Sky: 0 damage points (unhurt), Youth 7/7" in lines


def test_the_console_refuses_an_earlier_point_past_a_roll(tmp_path: Path) -> None:
    """Loading back past a roll would tell the game master what the dice roll next."""
    before = tmp_path / "before.json"
    other = tmp_path / "other.json"
    other.write_text(json.dumps(find_game("clue").new_game(3, seed=1).to_dict()))
    status, lines = console(
        [
            "test Sky mischief bravery",
            f"save {before}",  # at the Youth question
            "0",
            f"load {before}",  # only Sky's answer since: back to the question
            "1",
            "test Sky mischief bravery",
            "0",
            f"load {before}",  # a roll since: refused
            f"load {other}",
            "undo",
            "quit",
        ]
    )
    assert status == 0
    assert lines.count(f"Loaded {before}.") == 1
    assert (
        f"Could not load {before}: it is this scene at an earlier point, "
        "and a roll or a draw was made since."
    ) in lines
    assert any(
        line.startswith(f"Could not load {other}: it is a saved 'clue' game") for line in lines
    )
    # The load went back: Sky answered the question again, spending 1 this time.
    assert "  Sky spends 1 Youth: the Target Number becomes 6 (6 Youth left)" in lines
    # Still the scene as it stood: the last decision (the Youth spent) is what undo takes.
    assert lines[lines.index("Goodbye.") - 1] == "Type how much Youth Sky spends: 0 to 6."
    assert "Taken back: Sky spends 0 Youth points." in lines
