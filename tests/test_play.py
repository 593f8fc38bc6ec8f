"""`hogwarts_rules.frontends.play.run_play`: a person plays one seat against bots, by a script."""

from __future__ import annotations

import ast
import errno
import itertools
import json
import os
import re
import secrets
import stat
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

import attrs
import pytest

import hogwarts_rules.frontends.play
from hogwarts_rules import ScriptedDice, adventure, clue, find_game, register_game
from hogwarts_rules.actions import Action
from hogwarts_rules.frontends.play import ROUND_LIMIT, run_play
from hogwarts_rules.spec import GameSpec
from tests import toy_game

ADVENTURE_SEATS = find_game("adventure").seat_names
CLUE_SEATS = find_game("clue").seat_names


BOARD_TITLE = re.compile(r"(Clue|First Year Adventure|.*), as \w+ sees it")


class Console:
    """Scripted input (EOFError once the answers run out) and collected output."""

    def __init__(self, answers: Iterable[str]) -> None:
        self._answers: Iterator[str] = iter(answers)
        self.lines: list[str] = []
        self.prompts: list[str] = []
        # segments[i]: the lines written before prompt i (counting from 0), after the one before.
        self.segments: list[list[str]] = [[]]
        # The text boards drawn before each decision, kept apart (public, drawn at every turn).
        self.boards: list[str] = []
        self._in_board = False

    def read(self, prompt: str) -> str:
        self.prompts.append(prompt)
        self.segments.append([])
        try:
            return next(self._answers)
        except StopIteration:
            raise EOFError from None

    def write(self, line: str) -> None:
        if BOARD_TITLE.match(line):
            self._in_board = True
        elif line.startswith("--- "):
            self._in_board = False
        if self._in_board:
            self.boards.append(line)
            return
        self.lines.append(line)
        self.segments[-1].append(line)

    def play(
        self,
        game: str | GameSpec,
        *,
        seat: str | None = None,
        seed: int | None = 7,
        players: int | None = 3,
        **more: Any,
    ) -> int:
        more.setdefault("take_single", False)
        more.setdefault("short_menus", False)
        return run_play(
            game, seat=seat, seed=seed, players=players, read=self.read, write=self.write, **more
        )

    def reply(self, index: int) -> list[str]:
        """What was written after the answer to prompt ``index``, up to the next prompt."""
        return self.segments[index + 1]

    def screen(self, index: int, header: str) -> list[str]:
        """The screen and menu shown before prompt ``index``: from its header line on."""
        segment = self.segments[index]
        starts = [i for i, line in enumerate(segment) if line.startswith(header)]
        assert starts, f"no screen before prompt {index}: {segment}"
        return segment[starts[-1] :]


def listings(lines: list[str], label: str) -> list[str]:
    """Each ``label: a, b, ...`` line with its wrapped (indented) continuation lines joined."""
    found: list[str] = []
    for index, line in enumerate(lines):
        if line.startswith(f"{label}: "):
            rest = itertools.takewhile(lambda more: more.startswith("  "), lines[index + 1 :])
            found.append(" ".join([line, *(more.strip() for more in rest)]))
    return found


def outside_public_sections(segments: list[list[str]]) -> Iterator[str]:
    """The lines of a Clue transcript, less the menus, the tokens and the suggestion record.

    A menu is the indented lines after a segment's last unindented line (the question);
    the tokens and the record of suggestions are a heading line and its indented lines.
    """
    for segment in segments:
        unindented = [i for i, line in enumerate(segment) if not line.startswith(" ")]
        menu_from = unindented[-1] + 1 if unindented else 0
        menu = segment[menu_from:]
        assert all(re.match(r" +\d+\. |  (Suggest|Accuse) |      ", line) for line in menu), menu
        skipping = False
        for line in segment[:menu_from]:
            if line.startswith(("Tokens: ", "Earlier suggestions:")):
                skipping = True
            elif not line.startswith(" "):
                skipping = False
            if not skipping:
                yield line


ADVENTURE_SCREEN = "--- First Year Adventure"
CLUE_SCREEN = "--- Clue:"


def adventure_by_first_choice(seed: int, players: int, seat: str) -> adventure.Game:
    """The game `run_play` plays when the person always answers 1 (the first legal action)."""
    names = ADVENTURE_SEATS[:players]
    game = adventure.new_game(names, seed=seed, max_rounds=ROUND_LIMIT)
    bot = adventure.HeuristicBot()
    while not game.is_over:
        who = game.to_act[0] if game.to_act else names[0]
        if seat in game.to_act:
            action = game.legal_actions(seat)[0]
        else:
            action = bot.choose(game.view(who), who, game.legal_actions())
        game, _ = game.apply(action)
    return game


def clue_with_notebook_person(seed: int, players: int, seat: str) -> tuple[clue.Game, list[str]]:
    """A whole Clue game of notebook bots; the answers the person types to play ``seat`` so.

    Each answer is the number of the action a `NotebookBot` chooses from the seat's view.
    """
    names = CLUE_SEATS[:players]
    game = clue.new_game(names, seed=seed)
    bot = clue.NotebookBot()
    answers: list[str] = []
    while not game.is_over:
        who = game.to_act[0] if game.to_act else names[0]
        view = game.view(who)
        actions = view.legal_actions if game.to_act else game.legal_actions()
        action: Action = bot.choose(view, who, actions)
        if who == seat and game.to_act:
            answers.append(str(actions.index(action) + 1))
        game, _ = game.apply(action)
    return game, answers


# ----- whole games ------------------------------------------------------------------------------


def test_a_whole_adventure_game_played_by_always_choosing_1_finishes() -> None:
    console = Console(itertools.repeat("1"))
    assert console.play("adventure", seed=7, players=3) == 0
    expected = adventure_by_first_choice(7, 3, "Harry")
    outcome = expected.outcome
    assert outcome is not None
    assert console.lines[0] == (
        "First Year Adventure: you play Harry; bots play Ron, Hermione. Type help for the commands."
    )
    scores = ", ".join(f"{name} {points}" for name, points in outcome.scores.items())
    assert console.lines[-4].startswith(f"The game is over after {expected.round} rounds.")
    assert console.lines[-3] == f"House points: {scores}."
    winners = " and ".join("you" if name == "Harry" else name for name in outcome.winners)
    assert console.lines[-2].lower() == f"{winners} won.".lower()
    assert console.lines[-1] == "This game's seed was 7: replay this game with --seed 7."
    assert "Round 1" in console.lines
    # The person was asked at each of Harry's decisions, and only then.
    decisions = sum(
        1
        for prompt in console.prompts
        if re.fullmatch(r"Your choice \(1(-\d+)?, or help\): ", prompt)
    )
    assert decisions == len(console.prompts)
    assert all("1. " in "\n".join(console.segments[i]) for i in range(len(console.prompts)))


def test_a_whole_clue_game_shows_only_the_seats_secrets() -> None:
    seat = "Ben"
    final, answers = clue_with_notebook_person(9, 3, seat)  # Ben wins this one
    console = Console(answers)
    assert console.play("clue", seat=seat, seed=9, players=3) == 0
    assert len(console.prompts) == len(answers)  # no answer was left over, none was missing
    assert console.lines[-2] == (
        "You won!" if final.winner == seat else "You did not win this time."
    )
    envelope = final.envelope
    assert console.lines[-3] == f"The envelope held {', '.join(envelope)}."
    assert console.lines[-1] == "This game's seed was 9: replay this game with --seed 9."

    others = [name for name in final.seats if name != seat]
    own_hand = final.seats[seat].hand
    end = next(i for i, line in enumerate(console.lines) if "accuses:" in line)
    before_end = console.lines[:end]
    for line in before_end:
        # The envelope is never mentioned, let alone shown, before the accusation.
        assert "envelope" not in line.lower(), line
        if all(card in line for card in envelope):  # only as a guess: said, recorded or offered
            assert re.match(r".*suggests:|\s+\d+\. \w+: |\s+(Suggest|Accuse) ", line), line
    # The seat's own hand is the only hand ever listed.
    hands = set(listings(console.boards, "Your hand"))  # on the board, and only there
    assert listings(console.lines, "Your hand") == []
    assert hands == {"Your hand: no cards yet", f"Your hand: {', '.join(own_hand)}"}
    for line in console.lines:
        for name in others:
            assert ", ".join(final.seats[name].hand) not in line, line
        dealt = re.fullmatch(r"  (\w+) is dealt (.*)", line)
        if dealt and dealt[1] != seat:
            assert re.fullmatch(r"\d+ cards", dealt[2]), line
        # A card shown between two other players is never named.
        shown = re.fullmatch(r"  (\w+) shows (.*) to (\w+)", line)
        if shown and seat not in (shown[1], shown[3]):
            assert shown[2] == "a card", line
        # Face-down Help cards are named for their owner only.
        face_down = re.fullmatch(r"  (\w+) takes a Help card: .*, face down", line)
        if face_down:
            assert face_down[1] == seat, line
    assert any(re.fullmatch(r"  \w+ is dealt \d+ cards", line) for line in console.lines)
    assert any(re.fullmatch(r"  \w+ shows a card to \w+", line) for line in console.lines)
    # Every suspect and item of another player's hand is named only where the rules let the
    # seat hear it: the public sections of the screen (the menus, the tokens, the record of
    # suggestions), a suggestion, an accusation, a Dark card's text, or a card shown to the
    # seat itself.
    secret_cards = {
        card
        for name in others
        for card in final.seats[name].hand
        if card in clue.SUSPECTS or card in clue.ITEMS
    }
    heard = re.compile(
        r".*(suggests:|accuses:|draws a Dark card|The envelope held|envelope holds).*"
        rf"|  \w+ shows .* to {seat}|\w+ showed you .*"
    )
    for line in outside_public_sections(console.segments):
        if any(card in line for card in secret_cards):
            assert heard.fullmatch(line), line


# ----- bad input ---------------------------------------------------------------------------------


@pytest.mark.parametrize("game", ["adventure", "clue"])
def test_bad_input_gets_a_message_and_the_same_prompt(game: str) -> None:
    bad = ["abc", "0", "999", "", "   ", "frobnicate", "-1", "undo", "help me", "save", "load"]
    console = Console([*bad, "quit"])
    assert console.play(game) == 0
    assert len(set(console.prompts)) == 1
    assert len(console.prompts) == len(bad) + 1
    messages = [console.reply(i) for i in range(len(bad))]
    assert all(len(message) == 1 and message[0] for message in messages), messages
    first, zero, big, empty, blank, unknown, negative, undo, help_me, save, load = (
        message[0] for message in messages
    )
    assert "Unknown command 'abc'" in first
    assert zero.startswith("There is no choice 0") and big.startswith("There is no choice 999")
    assert negative.startswith("There is no choice -1")
    assert empty == blank and re.fullmatch(r"Type (1|a number from 1 to \d+), or help.*", empty)
    assert "Unknown command 'frobnicate'" in unknown
    assert undo == "Nothing to undo: this is your first decision."
    assert help_me == "help takes no argument."
    assert (save, load) == ("Say which file: save FILE", "Say which file: load FILE")
    assert console.reply(len(bad)) == ["Goodbye."]


def test_help_lists_the_commands() -> None:
    console = Console(["help", "?", "quit"])
    assert console.play("adventure") == 0
    help_text = console.reply(0)
    assert help_text == console.reply(1)
    for command in ("undo", "save FILE", "load FILE", "help", "quit"):
        assert any(line.startswith(f"  {command} ") for line in help_text), command


def test_end_of_input_ends_cleanly() -> None:
    console = Console([])
    assert console.play("clue") == 0
    assert console.lines[-1] == "End of input: stopping."


def test_keyboard_interrupt_propagates() -> None:
    def interrupted(prompt: str) -> str:
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        run_play("adventure", seat=None, seed=1, players=2, read=interrupted, write=print)


# ----- undo ---------------------------------------------------------------------------------------


def test_undo_takes_back_a_decision_that_showed_nothing() -> None:
    # Clue, seed 3, Ann: her student, her roll, then "10. Walk into Gringotts". Walking
    # in shows nobody anything and nobody else decides before her suggestion: it may be
    # taken back. The roll before it may not: the dice would roll the same again.
    console = Console(["undo", "1", "1", "10", "undo", "undo", "11", "quit"])
    assert console.play("clue", seat="Ann", seed=3, players=3) == 0
    assert console.reply(0) == ["Nothing to undo: this is your first decision."]
    move = console.screen(3, CLUE_SCREEN)
    assert "   10. Walk into Gringotts" in move
    assert console.reply(3)[0] == "  Ann moves 5 squares from 0,7 to Gringotts"
    assert console.reply(4)[0] == "Taken back: Walk into Gringotts."
    assert console.screen(5, CLUE_SCREEN) == move  # the same screen and choices again
    assert console.prompts[5] == console.prompts[3]
    assert console.reply(5) == ["Cannot take back: a roll or a draw was made since."]
    assert console.prompts[6] == console.prompts[5]
    assert "--- Ben's turn ---" in console.reply(6)  # she stayed where she was


def test_undo_never_takes_back_a_roll_or_the_bots_moves() -> None:
    # In First Year Adventure each turn rolls: nothing can be taken back once played.
    console = Console(["1", "1", "undo", "undo", "quit"])
    assert console.play("adventure", seed=7, players=3) == 0
    screen = console.screen(2, ADVENTURE_SCREEN)
    for index in (2, 3):
        reply = console.reply(index)
        assert len(reply) == 1 and reply[0].startswith("Cannot take back: "), reply
    assert console.prompts[2] == console.prompts[3] == console.prompts[4]
    assert console.screen(2, ADVENTURE_SCREEN) == screen


# ----- save and load ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "header"), [("adventure", ADVENTURE_SCREEN), ("clue", CLUE_SCREEN)]
)
def test_save_then_load_in_another_session_comes_back_to_the_same_decision(
    tmp_path: Path, game: str, header: str
) -> None:
    saved = tmp_path / "my game.json"
    console = Console(["1", "1", f"save {saved}", "1", "1", f'load "{saved}"', "quit"])
    assert console.play(game, seed=5) == 0
    at_save = console.screen(2, header)
    assert console.reply(2)[0].startswith(f"Saved to {saved}. The file holds the whole game")
    # Loading it in the same session would take back rolls and the bots' moves: refused.
    refused = console.reply(5)
    assert len(refused) == 1
    assert refused[0].startswith(f'Could not load "{saved}": it is this game at an earlier point')
    assert console.prompts[6] == console.prompts[5]
    # Another session (another seed, another deal) loads it as it is: its writer chose its deal.
    later = Console([f"load {saved}", "quit"])
    assert later.play(game, seed=6) == 0
    assert later.reply(0)[0] == f"Loaded {saved}."
    assert later.screen(1, header) == at_save
    assert later.prompts[1] == console.prompts[2]
    data = json.loads(saved.read_text(encoding="utf-8"))
    cls = adventure.Game if game == "adventure" else clue.Game
    assert len(cls.from_dict(data).history) == len(data["actions"])


def _other_saves(tmp_path: Path) -> dict[str, Path]:
    files = {
        "malformed": tmp_path / "malformed.json",
        "missing": tmp_path / "missing.json",
        "clue": tmp_path / "clue.json",
        "not a game": tmp_path / "list.json",
        "tampered": tmp_path / "tampered.json",
        "no seat": tmp_path / "two-players.json",
        "scripted dice": tmp_path / "scripted.json",
        "directory": tmp_path,
        "binary": tmp_path / "binary.json",
    }
    files["malformed"].write_text('{"format": "hogwarts-rules", ', encoding="utf-8")
    clue_game = clue.new_game(["Ann", "Ben", "Cat"], seed=1)
    files["clue"].write_text(json.dumps(clue_game.to_dict()), encoding="utf-8")
    files["not a game"].write_text("[1, 2, 3]", encoding="utf-8")
    game = adventure.new_game(["Harry", "Ron", "Hermione"], seed=7)
    data = game.apply(adventure.RollOff())[0].to_dict()
    data["state"]["round"] = 9
    files["tampered"].write_text(json.dumps(data), encoding="utf-8")
    two = adventure.new_game(["Harry", "Ron"], seed=7)
    files["no seat"].write_text(json.dumps(two.to_dict()), encoding="utf-8")
    scripted = adventure.new_game(["Harry", "Ron", "Hermione"], dice=ScriptedDice([1, 2, 3]))
    files["scripted dice"].write_text(json.dumps(scripted.to_dict()), encoding="utf-8")
    files["binary"].write_bytes(b"\xff\xfe\x00garbage")
    return files


def test_load_problems_are_reported_and_the_game_goes_on(tmp_path: Path) -> None:
    files = _other_saves(tmp_path)
    console = Console([*(f"load {path}" for path in files.values()), "1", "quit"])
    assert console.play("adventure", seat="Hermione", seed=7, players=3) == 0
    assert len(set(console.prompts[: len(files) + 1])) == 1
    messages = dict(zip(files, (console.reply(i) for i in range(len(files))), strict=True))
    for name, message in messages.items():
        assert len(message) == 1 and message[0].startswith("Could not load "), (name, message)
    assert "not valid JSON" in messages["malformed"][0]
    assert "No such file or directory" in messages["missing"][0]
    assert "it is a saved 'clue' game" in messages["clue"][0]
    assert "not a valid saved game" in messages["not a game"][0]
    assert "does not match the game its actions produce" in messages["tampered"][0]
    assert "you play Hermione, and its players are Harry, Ron" in messages["no seat"][0]
    assert "seeded dice" in messages["scripted dice"][0]
    assert "not a text file" in messages["binary"][0]
    # The game went on where it was: the next answer plays the decision shown at the start.
    assert console.screen(0, ADVENTURE_SCREEN)[-1].startswith("    1. Take your turn")
    assert "  Hermione rolls on Early childhood" in "\n".join(console.lines)


def test_save_problems_are_reported(tmp_path: Path) -> None:
    nowhere = tmp_path / "no such folder" / "game.json"
    console = Console([f"save {nowhere}", f"save {tmp_path}", "quit"])
    assert console.play("clue") == 0
    assert console.reply(0) == [f"Could not save to {nowhere}: No such file or directory."]
    assert console.reply(1) == [
        f"Could not save to {tmp_path}: it is a directory, not a regular file; "
        "it was left as it is."
    ]
    assert console.prompts[0] == console.prompts[1] == console.prompts[2]
    assert list(tmp_path.iterdir()) == []  # no temporary file left behind


def test_save_refuses_what_is_not_a_regular_file(tmp_path: Path) -> None:
    # A symlink (to a file or nowhere), a FIFO, a device: never written through, never replaced.
    target = tmp_path / "target.txt"
    target.write_text("precious\n")
    link = tmp_path / "link.json"
    link.symlink_to(target)
    dangling = tmp_path / "dangling.json"
    dangling.symlink_to(tmp_path / "nowhere.json")
    fifo = tmp_path / "fifo.json"
    os.mkfifo(fifo)  # opening it to write would block: it must never be opened
    paths = [link, dangling, fifo]
    kinds = ["a symbolic link", "a symbolic link", "a FIFO"]
    if Path("/dev/full").exists():
        paths.append(Path("/dev/full"))
        kinds.append("a device")
    console = Console([*(f"save {path}" for path in paths), "quit"])
    assert console.play("clue") == 0
    for index, (path, kind) in enumerate(zip(paths, kinds, strict=True)):
        assert console.reply(index) == [
            f"Could not save to {path}: it is {kind}, not a regular file; it was left as it is."
        ]
    assert target.read_text() == "precious\n"
    assert link.is_symlink() and dangling.is_symlink() and not (tmp_path / "nowhere.json").exists()
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "dangling.json",
        "fifo.json",
        "link.json",
        "target.txt",
    ]


def test_save_replaces_a_regular_file_whole(tmp_path: Path) -> None:
    saved = tmp_path / "game.json"
    saved.write_text("an older save\n")
    saved.chmod(0o640)
    console = Console([f"save {saved}", "1", f"save {saved}", "quit"])
    assert console.play("clue", players=3) == 0
    assert console.reply(2)[0].startswith(f"Saved to {saved}.")
    data = json.loads(saved.read_text(encoding="utf-8"))
    assert len(data["actions"]) > 0 and clue.Game.from_dict(data).history
    assert stat.S_IMODE(saved.stat().st_mode) == 0o640  # the file it replaced kept its mode
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]
    # A new file is readable by its owner only: it holds every secret of the game.
    fresh = tmp_path / "fresh.json"
    console = Console([f"save {fresh}", "quit"])
    assert console.play("clue", players=3) == 0
    assert stat.S_IMODE(fresh.stat().st_mode) == 0o600


def test_a_failed_write_is_reported_and_leaves_the_old_save(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    saved = tmp_path / "game.json"
    saved.write_text("an older save\n")

    def full(source: object, destination: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "replace", full)
    console = Console([f"save {saved}", "quit"])
    assert console.play("clue", players=3) == 0
    assert console.reply(0) == [f"Could not save to {saved}: No space left on device."]
    assert saved.read_text() == "an older save\n"
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


# ----- arguments ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "seat", "seed", "players", "message"),
    [
        ("adventure", "Draco", 7, 3, "error: there is no seat called 'Draco'"),
        (
            "clue",
            "Eve",
            7,
            4,
            "error: there is no seat called 'Eve' (the seats are Ann, Ben, Cat, Dan);"
            " use --players 5 for a table with Eve",
        ),
        (
            "adventure",
            "neville",
            7,
            2,
            "error: there is no seat called 'neville' (the seats are Harry, Ron);"
            " use --players 4 for a table with Neville",
        ),
        ("adventure", None, 7, 5, "error: First Year Adventure is for 2 to 4 players, not 5"),
        ("clue", None, 7, 2, "error: Clue is for 3 to 5 players, not 2"),
        (
            "chess",
            None,
            7,
            2,
            "error: unknown game 'chess' (choose from first-year-adventure, adventure, clue",
        ),
        ("adventure", None, -1, 2, "error: seed must be an integer from 0 to 2**64 - 1"),
        ("clue", None, 2**64, 3, "error: seed must be an integer from 0 to 2**64 - 1"),
    ],
)
def test_bad_arguments_exit_with_status_2(
    game: str, seat: str | None, seed: int, players: int, message: str
) -> None:
    console = Console(["1"])
    errors: list[str] = []
    status = run_play(
        game,
        seat=seat,
        seed=seed,
        players=players,
        read=console.read,
        write=console.write,
        error=errors.append,
    )
    assert status == 2
    assert len(errors) == 1 and errors[0].startswith(message), errors
    assert console.lines == [] and console.prompts == []


def test_errors_go_to_write_by_default() -> None:
    console = Console([])
    assert console.play("adventure", seat="Voldemort") == 2
    assert console.lines == [
        "error: there is no seat called 'Voldemort' (the seats are Harry, Ron, Hermione)"
    ]


def test_the_seat_is_found_in_any_case() -> None:
    console = Console(["quit"])
    assert console.play("clue", seat="cAT") == 0
    assert console.lines[0].startswith("Clue: you play Cat; bots play Ann, Ben.")


# ----- found by review ----------------------------------------------------------------------------


def test_undo_never_takes_back_a_move_that_showed_a_secret() -> None:
    # Ann's first decision is her student; then the cards are dealt and she sees her hand.
    console = Console(["1", "undo", "quit"])
    assert console.play("clue", seat="Ann", seed=7, players=3) == 0
    assert any(line.startswith("  Ann is dealt ") for line in console.reply(0))
    reply = console.reply(1)
    assert len(reply) == 1 and reply[0].startswith("Cannot take back: "), reply
    assert console.prompts[1] == console.prompts[2]


def test_odd_input_gets_a_message_not_a_traceback(tmp_path: Path) -> None:
    answers = ["1" * 5000, "save a\0b", "load /dev/zero", "load " + str(tmp_path), "quit"]
    console = Console(answers)
    assert console.play("adventure", seed=7, players=2) == 0
    assert console.reply(0)[0].startswith("That line is too long (over 2000 characters)")
    assert "not a usable file name" in console.reply(1)[0]
    assert console.reply(2) == ["Could not load /dev/zero: not a saved game file."]
    assert console.reply(3)[0].endswith("not a saved game file.")


class _Escaping(toy_game.ToyTerminal):
    """The toy's table, with terminal escape codes in its screen (as a custom Clue board's text)."""

    def screen(self, view: Any) -> list[str]:
        return [*super().screen(view), "Dark card: \x1b[2Jgotcha\x07 and\ttab"]


def test_control_codes_never_reach_the_terminal() -> None:
    # A custom Clue board's card texts may hold terminal escape codes: the session
    # replaces every control character (but tab) before writing a line.
    spec = attrs.evolve(toy_game.SPEC, terminal=_Escaping)
    console = Console(["quit"])
    assert run_play(spec, seed=1, read=console.read, write=console.write) == 0
    assert "Dark card: ?[2Jgotcha? and\ttab" in console.lines
    assert not any(re.search(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]", line) for line in console.lines)


def test_a_seat_that_is_not_a_name_is_an_error() -> None:
    errors: list[str] = []
    status = run_play(
        "adventure",
        seat=5,  # type: ignore[arg-type]
        seed=7,
        players=2,
        read=input,
        write=errors.append,
    )
    assert status == 2
    assert errors[0].startswith("error: there is no seat called '5'")


# ----- any game of the catalogue --------------------------------------------------------------


def test_a_game_of_another_package_is_played_by_its_alias(toy: str) -> None:
    console = Console(itertools.repeat("1"))
    assert console.play("TOY", seed=3) == 0
    assert console.lines[0] == (
        "Toy dice race: you play Ann; bots play Bob, Cyd. Type help for the commands."
    )
    assert "Ann: square 0 of 20" in console.lines  # the toy's own terminal hooks
    assert re.fullmatch(r"(Ann|Bob|Cyd) wins the race", console.lines[-2])


def test_a_game_without_terminal_hooks_gets_the_generic_table(toy: str) -> None:
    spec = attrs.evolve(toy_game.SPEC, terminal=None)
    register_game(spec, replace=True)
    console = Console(itertools.repeat("1"))
    assert console.play(toy, seat="bob", seed=4) == 0
    lines = console.lines
    header = "--- Toy dice race: you are Bob ---"
    first = console.screen(0, header)
    # The fields of Bob's view, one a line; the menu from the actions' own data.
    dealt = next(
        re.fullmatch(r"  Bob is dealt a boost of (\d)", line) for line in lines if "Bob is" in line
    )
    assert dealt is not None
    assert f"  boost: {dealt[1]}" in first
    assert '  positions: {"Ann": 0, "Bob": 0, "Cyd": 0}' in first or any(
        line.startswith("  positions: ") for line in first
    )
    assert first[-3:] == [
        "Your move:",
        "    1. toy.roll (player Bob)",
        "    2. toy.boost (player Bob)",
    ]
    # Another seat's boost card is never named.
    assert not any(re.fullmatch(r"  (Ann|Cyd) is dealt a boost of \d", line) for line in lines)
    assert "  Ann is dealt a boost card" in lines
    # The ending comes from the game's outcome.
    scores = re.fullmatch(r"Scores: Ann (\d+), Bob (\d+), Cyd (\d+)\.", lines[-3])
    assert scores is not None and lines[-4].startswith("The game is over.")
    winner = ("Ann", "Bob", "Cyd")[[int(n) for n in scores.groups()].index(20)]
    assert lines[-2] == ("You won." if winner == "Bob" else f"{winner} won.")


def test_undo_save_and_load_in_a_game_of_another_package(toy: str, tmp_path: Path) -> None:
    saved = tmp_path / "race.json"
    clue_file = tmp_path / "clue.json"
    clue_file.write_text(json.dumps(clue.new_game(["Ann", "Ben", "Cat"], seed=1).to_dict()))
    answers = ["1", f"save {saved}", "1", "undo", f"load {saved}", f"load {clue_file}", "quit"]
    console = Console(answers)
    assert console.play(toy, seed=8, players=2) == 0
    assert console.reply(1)[0].startswith(f"Saved to {saved}.")
    # The roll and the bot's move since are never taken back, by undo or by load.
    assert console.reply(3) == ["Cannot take back: a roll or a draw was made since."]
    assert console.reply(4) == [
        f"Could not load {saved}: it is this game at an earlier point, and "
        "a roll or a draw was made since."
    ]
    assert console.reply(5) == [
        f"Could not load {clue_file}: it is a saved 'clue' game, "
        "and this is Toy dice race ('toy-dice-race')."
    ]
    assert len(set(console.prompts[3:])) == 1
    assert toy_game.ToyGame.from_dict(json.loads(saved.read_text())).history
    # Another session loads it as it is.
    later = Console([f"load {saved}", "quit"])
    assert later.play(toy, seed=9, players=2) == 0
    assert later.reply(0)[0] == f"Loaded {saved}."


def test_a_game_without_bots_or_console_is_refused_in_one_line() -> None:
    errors: list[str] = []
    hr_spec = find_game("hr")
    bare = attrs.evolve(hr_spec, terminal=None)  # no bots, and no game master's console
    assert run_play(bare, seed=1, read=input, write=errors.append) == 2
    assert errors == [
        "error: Hufflepuff & Ravenclaw has no bots to play against, nor a game master's "
        "console (games that have: first-year-adventure, adventure, clue, "
        "hufflepuff-ravenclaw, hr)"
    ]


@pytest.mark.parametrize("name", ["first-year-adventure", "adventure", "ADVENTURE"])
def test_a_game_is_found_by_its_kind_or_an_alias(name: str) -> None:
    console = Console(["quit"])
    assert console.play(name, players=2) == 0
    assert console.lines[0].startswith("First Year Adventure: you play Harry;")


def test_the_round_limit_and_other_options(tmp_path: Path) -> None:
    # By default a game that declares max_rounds ends after ROUND_LIMIT rounds.
    saved = tmp_path / "game.json"
    console = Console([f"save {saved}", "quit"])
    assert console.play("adventure", players=2) == 0
    assert json.loads(saved.read_text())["setup"]["max_rounds"] == ROUND_LIMIT
    # Options given replace that default.
    console = Console(itertools.repeat("1"))
    assert console.play("adventure", players=2, options={"max_rounds": 1}) == 0
    assert console.lines[-4] == (
        "The game is over after 1 round. The game ended because the round limit was reached."
    )
    bad: list[tuple[dict[str, Any], str]] = [
        ({"max_rounds": 0}, "error: max_rounds: "),
        ({"colour": "red"}, "error: unknown first-year-adventure option 'colour'"),
    ]
    for options, message in bad:
        errors: list[str] = []
        status = run_play(
            "adventure", seed=1, options=options, read=input, write=print, error=errors.append
        )
        assert status == 2 and len(errors) == 1 and errors[0].startswith(message), errors


def test_the_bots_can_be_chosen() -> None:
    # Random bots play otherwise than the default (notebook) bots from the same start.
    random_bots, notebook_bots = Console(["1"] * 30), Console(["1"] * 30)
    assert random_bots.play("clue", seed=2, bot="random") == 0
    assert notebook_bots.play("clue", seed=2) == 0
    assert random_bots.lines[0] == notebook_bots.lines[0]
    assert random_bots.lines != notebook_bots.lines
    errors: list[str] = []
    assert run_play("clue", seed=2, bot="oracle", read=input, write=errors.append) == 2
    assert errors == [
        "error: Clue has no bot called 'oracle' (its bots: notebook, detective, random)"
    ]


def test_without_a_seed_a_fresh_one_is_drawn_and_kept_secret(tmp_path: Path) -> None:
    seeds = []
    for name in ("one.json", "two.json"):
        console = Console(["1", f"save {tmp_path / name}", "quit"])
        assert console.play("clue", seed=None, players=None) == 0
        # the spec's default of 4 players; the seed is not said (the game is not over)
        assert console.lines[0] == (
            "Clue: you play Ann; bots play Ben, Cat, Dan. Type help for the commands."
        )
        data = json.loads((tmp_path / name).read_text(encoding="utf-8"))
        seed = data["setup"]["dice"]["seed"]
        assert not any(seed in line for line in console.lines)
        said = [line for line in console.lines if not line.startswith("Saved to ")]
        assert not any("seed" in line.lower() for line in said)
        seeds.append(seed)
    assert seeds[0] != seeds[1]


def test_the_seed_is_said_only_when_the_game_is_over(monkeypatch: pytest.MonkeyPatch) -> None:
    drawn: list[int] = []
    draw = secrets.randbits

    def spy(bits: int) -> int:
        drawn.append(draw(bits))
        return drawn[-1]

    monkeypatch.setattr(secrets, "randbits", spy)
    console = Console(itertools.repeat("1"))
    assert console.play("adventure", seed=None, players=2) == 0
    assert len(drawn) == 1
    seed = drawn[0]
    assert console.lines[-1] == f"This game's seed was {seed}: replay this game with --seed {seed}."
    assert not any(str(seed) in line for line in console.lines[:-1])
    # The seed said replays the same game.
    again = Console(itertools.repeat("1"))
    assert again.play("adventure", seed=seed, players=2) == 0
    assert again.lines == console.lines


def _dice_states(game: Any) -> set[int]:
    """Every state the game's dice went through, from its seed on."""
    replayed = type(game).replay(attrs.evolve(game.record, actions=()))
    states = {replayed.dice.state}
    for action in game.history:
        replayed, _ = replayed.apply(action)
        states.add(replayed.dice.state)
    assert replayed == game
    return states


def test_nothing_shown_holds_the_seed_or_the_dice_state() -> None:
    seed = 2**64 - 59
    final, answers = clue_with_notebook_person(seed, 3, "Cat")
    clue_console = Console(answers)
    assert clue_console.play("clue", seat="Cat", seed=seed, players=3) == 0
    adventure_console = Console(itertools.repeat("1"))
    assert adventure_console.play("adventure", seat="Ron", seed=seed, players=2) == 0
    games = [
        (clue_console, final),
        (adventure_console, adventure_by_first_choice(seed, 2, "Ron")),
    ]
    for console, game in games:
        secret = {str(seed)} | {str(state) for state in _dice_states(game)}
        assert len(secret) > 20
        shown = console.lines[:-1]  # all but the last line, which says the seed
        assert console.lines[-1].startswith(f"This game's seed was {seed}:")
        numbers = {number for line in shown for number in re.findall(r"\d+", line)}
        assert not numbers & secret
        assert not any(re.search(r"\d{10}", line) for line in shown)


class _Spy:
    """Terminal hooks that record what each hook was handed, around the game's own."""

    def __init__(self, inner: Any, seen: list[type]) -> None:
        self.inner = inner
        self.seen = seen

    def screen(self, view: Any) -> list[str]:
        self.seen.append(type(view))
        return list(self.inner.screen(view))

    def describe(self, view: Any, action: Action) -> str:
        self.seen.append(type(view))
        return str(self.inner.describe(view, action))

    def menu(self, view: Any, actions: Sequence[Action]) -> list[str]:
        self.seen.append(type(view))
        return list(self.inner.menu(view, actions))

    def heading(self, view: Any) -> str | None:
        self.seen.append(type(view))
        heading: str | None = self.inner.heading(view)
        return heading

    def ending(self, view: Any) -> list[str]:
        self.seen.append(type(view))
        return list(self.inner.ending(view))


@pytest.mark.parametrize("name", ["adventure", "clue"])
def test_the_terminal_hooks_see_only_views(name: str) -> None:
    spec = find_game(name)
    real = spec.terminal
    assert real is not None
    seen: list[type] = []
    spying = attrs.evolve(spec, terminal=lambda game: _Spy(real(game), seen))
    console = Console(itertools.repeat("1"))
    assert console.play(spying, seed=3) == 0
    assert seen and set(seen) == {spec.view_class}
    with pytest.raises(TypeError):
        real(spec.new_game(seed=1)).screen(spec.new_game(seed=1))


def test_a_terminal_is_only_for_its_own_game() -> None:
    from hogwarts_rules.clue.terminal import Terminal

    with pytest.raises(TypeError):
        Terminal(find_game("adventure").new_game(seed=1))


def test_the_front_end_imports_no_game_package() -> None:
    source = Path(hogwarts_rules.frontends.play.__file__).read_text(encoding="utf-8")
    imported: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and node.module:
            imported.add(node.module)
        elif isinstance(node, ast.Import):
            imported.update(alias.name for alias in node.names)
    games = {"adventure", "clue", "hufflepuff_ravenclaw"}
    assert not {module for module in imported if set(module.split(".")) & games}
    assert "hogwarts_rules.catalogue" in imported


def test_the_old_module_path_still_works() -> None:
    import hogwarts_rules.play as old

    assert old.run_play is run_play
    assert old.__all__ == hogwarts_rules.frontends.play.__all__
