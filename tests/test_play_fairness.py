"""A person at ``play clue`` who tries every probe learns nothing a table would not tell them.

The probes of issue 12: ``undo`` after a suggestion nobody could refute, after a
refutation, after walking onto a star square (a Help card drawn), and ``save`` /
``load`` around a suggestion (also with another game loaded in between). Each
probe run is compared with the same game played without the probe: what the
person could know (the narration they read, the cards shown to them, their Help
cards, the suggestions' outcomes, `ClueView.shown_to_me`) must be the same.

The person is scripted: each step reads the screen written since the last answer
(so it follows whatever happens), and the seeds are found by playing, in order,
until a first turn brings what a probe needs.
"""

from __future__ import annotations

import functools
import json
import re
from collections import Counter
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from hogwarts_rules import clue, find_game
from hogwarts_rules.frontends.play import run_play

SEAT = "Ann"
PLAYERS = 3
SCREEN = "--- Clue: you are"
_MENU = re.compile(r"\s+(\d+)\. (.*)")

Step = str | Callable[[list[str]], str | None]
"""An answer, or a function of the lines written since the last answer giving one
(``None``: this step does not apply, go on with the next step)."""


class Person:
    """Ann at ``play clue`` with 3 players, answering by ``steps``; end of input after them."""

    def __init__(self, steps: Iterable[Step]) -> None:
        self.steps = list(steps)
        self.lines: list[str] = []
        self.prompts: list[str] = []
        self.segments: list[list[str]] = [[]]  # the lines before each prompt, and after the last
        self.boards: list[str] = []  # the text boards drawn (kept apart: public, drawn each turn)
        self._in_board = False

    def read(self, prompt: str) -> str:
        self.prompts.append(prompt)
        segment = self.segments[-1]
        self.segments.append([])
        while self.steps:
            step = self.steps.pop(0)
            answer = step if isinstance(step, str) else step(segment)
            if answer is not None:
                return answer
        raise EOFError

    def write(self, line: str) -> None:
        if line.startswith("Clue, as "):
            self._in_board = True
        elif line.startswith("--- "):
            self._in_board = False
        if self._in_board:
            self.boards.append(line)
            return
        self.lines.append(line)
        self.segments[-1].append(line)

    def play(self, seed: int) -> Person:
        status = run_play(
            "clue",
            seat=SEAT,
            seed=seed,
            players=PLAYERS,
            read=self.read,
            write=self.write,
            take_single=False,
            short_menus=False,
        )
        assert status == 0
        return self

    def reply(self, answer_index: int) -> list[str]:
        """The lines written after answer ``answer_index`` (from 0), before the next prompt."""
        return self.segments[answer_index + 1]

    def screen(self, prompt_index: int) -> list[str]:
        """The last screen (and menu) written before prompt ``prompt_index``."""
        segment = self.segments[prompt_index]
        starts = [i for i, line in enumerate(segment) if line.startswith(SCREEN)]
        return segment[starts[-1] :]

    def narration(self) -> list[str]:
        """The events as the person read them (each segment's lines before its screen)."""
        told: list[str] = []
        for segment in self.segments:
            screens = [i for i, line in enumerate(segment) if line.startswith(SCREEN)]
            before = segment[: screens[-1]] if screens else segment
            told.extend(line for line in before if line.startswith("  "))
        return told


def pick(text: str) -> Callable[[list[str]], str]:
    """The number of the first menu entry that holds ``text``."""

    def choose(segment: list[str]) -> str:
        for line in segment:
            found = _MENU.fullmatch(line)
            if found and text in found[2]:
                return found[1]
        raise AssertionError(f"no menu entry with {text!r} in {segment[-15:]}")

    return choose


def when(start: str, then: Step) -> Callable[[list[str]], str | None]:
    """``then`` if a line since the last answer starts with ``start`` (the probe worked)."""

    def step(segment: list[str]) -> str | None:
        if not any(line.startswith(start) for line in segment):
            return None
        return then if isinstance(then, str) else then(segment)

    return step


def asked(text: str) -> Callable[[list[str]], bool]:
    return lambda segment: any(text in line for line in segment)


# ----- finding seeds ------------------------------------------------------------------------


def _first_turn(seed: int, move: str, suggestion: str | None) -> Person | None:
    """Ann plays her first turn: ``move`` (a menu text) then ``suggestion``; None if she can't."""
    can: dict[str, bool] = {}

    def walk(segment: list[str]) -> str:
        can["move"] = asked("You rolled")(segment) and any(
            (found := _MENU.fullmatch(line)) is not None and move in found[2] for line in segment
        )
        return pick(move)(segment) if can["move"] else "quit"

    def suggest(segment: list[str]) -> str:
        can["suggest"] = asked("suggest a suspect")(segment)
        return suggestion if can["suggest"] and suggestion is not None else "quit"

    person = Person(["1", "1", walk, suggest]).play(seed)
    if not can.get("move") or (suggestion is not None and not can.get("suggest")):
        return None
    return person


@functools.cache
def suggestion_seeds(refuted: bool, count: int = 2) -> tuple[tuple[int, str], ...]:
    """The first seeds (and suggestion numbers) where Ann suggests on her first turn,
    and nobody can refute it (``refuted`` false) or a player shows her a card."""
    found: list[tuple[int, str]] = []
    for seed in range(1, 200):
        if _first_turn(seed, "Walk into", None) is None:
            continue
        for number in range(1, 37):
            person = _first_turn(seed, "Walk into", str(number))
            assert person is not None
            told = person.narration()
            if ("  Nobody can show Ann a card" not in told) == refuted:
                found.append((seed, str(number)))
                break
        if len(found) == count:
            return tuple(found)
    raise AssertionError("no seed found")


@functools.cache
def star_seeds(count: int = 2) -> tuple[int, ...]:
    """The first seeds where Ann can walk onto a star square, or into a location, at once."""
    found = [
        seed
        for seed in range(1, 100)
        if _first_turn(seed, "a star square", None) is not None
        and _first_turn(seed, "Walk into", None) is not None
    ]
    assert len(found) >= count
    return tuple(found[:count])


# ----- what the person could know -----------------------------------------------------------


def knowledge(person: Person, saved: Path) -> dict[str, Any]:
    """Everything the person read, and what their seat's view says at the end."""
    told = person.narration()
    view = find_game("clue").from_dict(json.loads(saved.read_text(encoding="utf-8"))).view(SEAT)
    assert isinstance(view, clue.ClueView)
    return {
        "narration": Counter(told),
        "shown to me": [line for line in told if re.fullmatch(r"  \w+ shows .+ to Ann", line)],
        "help cards": [line for line in told if line.startswith("  Ann takes a Help card")],
        "suggestions": [line for line in told if line.startswith("  Ann suggests: ")],
        "outcomes": [line for line in told if "none of those cards" in line or "Nobody" in line],
        "view.shown_to_me": view.shown_to_me,
        "view.suggestions": view.suggestions,
        "view.hidden_help": view.hidden_help,
        "view.seats": view.seats,
    }


def assert_learns_nothing(probe: Person, baseline: Person, tmp_path: Path) -> None:
    with_probe = knowledge(probe, tmp_path / "probe-end.json")
    without = knowledge(baseline, tmp_path / "baseline-end.json")
    assert with_probe == without
    # Every suggestion the person made and saw answered is in the game: none was taken back.
    ann = [record for record in with_probe["view.suggestions"] if record.player == SEAT]
    assert len(with_probe["suggestions"]) == len(ann) == 1


def end(tmp_path: Path, name: str) -> list[Step]:
    return [f"save {tmp_path / name}", "quit"]


# ----- the probes -----------------------------------------------------------------------------


def _undo_after_suggestion(tmp_path: Path, seed: int, number: str) -> None:
    other = "2" if number != "2" else "3"
    first_turn: list[Step] = ["1", "1", pick("Walk into"), number]
    baseline = Person([*first_turn, *end(tmp_path, "baseline-end.json")]).play(seed)
    probe = Person(
        [
            *first_turn,
            "undo",  # ask again with another suggestion, if that were allowed
            when("Taken back", other),
            "undo",  # or the same suggestion again
            when("Taken back", number),
            "undo",
            "undo",
            *end(tmp_path, "probe-end.json"),
        ]
    ).play(seed)
    undo_replies = [probe.reply(4), probe.reply(5), probe.reply(6), probe.reply(7)]
    for reply in undo_replies:
        assert len(reply) == 1 and reply[0].startswith("Cannot take back: "), reply
    assert probe.prompts[4:9] == [probe.prompts[4]] * 5  # the same question each time
    assert_learns_nothing(probe, baseline, tmp_path)


def test_undo_after_a_suggestion_nobody_could_refute_is_refused(tmp_path: Path) -> None:
    # The issue's first probe: suggest, nobody shows a card, undo, suggest again...
    for seed, number in suggestion_seeds(refuted=False):
        _undo_after_suggestion(tmp_path, seed, number)


def test_undo_after_a_refutation_is_refused(tmp_path: Path) -> None:
    for seed, number in suggestion_seeds(refuted=True):
        _undo_after_suggestion(tmp_path, seed, number)


def test_the_issue_example_shows_one_answer_only() -> None:
    # printf '1\n1\n10\n4\nundo\n5\nundo\nquit\n' | hogwarts-rules play clue --seed 3 ...
    person = Person(["1", "1", "10", "4", "undo", "5", "undo", "quit"]).play(3)
    told = person.narration()
    assert [line for line in told if line.startswith("  Ann suggests: ")] == [
        '  Ann suggests: "I think Fenrir Greyback did it with the Poisoned Mead in Gringotts."'
    ]
    assert told.count("  Nobody can show Ann a card") == 1
    assert person.reply(4)[0].startswith("Cannot take back: ")


def test_undo_after_a_star_square_is_refused(tmp_path: Path) -> None:
    # Walk onto a star, read the Help card drawn, take it back: the next card would be known.
    for seed in star_seeds():
        first_turn: list[Step] = ["1", "1", pick("a star square")]
        baseline = Person([*first_turn, *end(tmp_path, "baseline-end.json")]).play(seed)
        probe = Person(
            [
                *first_turn,
                "undo",
                when("Taken back", pick("Walk into")),
                *end(tmp_path, "probe-end.json"),
            ]
        ).play(seed)
        assert probe.reply(3)[0].startswith("Cannot take back: ")
        assert any(line.startswith("  Ann takes a Help card: ") for line in probe.narration())
        with_probe = knowledge(probe, tmp_path / "probe-end.json")
        assert with_probe == knowledge(baseline, tmp_path / "baseline-end.json")
        drawn = [line for line in with_probe["help cards"] if not line.endswith("face down")]
        assert len(drawn) == 1  # the card drawn on the star (another was dealt face down)


def test_load_of_a_save_before_the_suggestion_is_refused(tmp_path: Path) -> None:
    # The issue's second probe: save, suggest, see the answer, load, suggest again.
    for seed, number in (*suggestion_seeds(refuted=True), *suggestion_seeds(refuted=False)):
        other = "2" if number != "2" else "3"
        before = tmp_path / f"before-{seed}.json"
        baseline = Person(
            ["1", "1", pick("Walk into"), number, *end(tmp_path, "baseline-end.json")]
        ).play(seed)
        probe = Person(
            [
                "1",
                "1",
                pick("Walk into"),
                f"save {before}",
                number,
                f"load {before}",
                when("Loaded", other),
                *end(tmp_path, "probe-end.json"),
            ]
        ).play(seed)
        refused = probe.reply(5)
        assert len(refused) == 1, refused
        assert refused[0].startswith(f"Could not load {before}: it is this game at an earlier ")
        assert probe.prompts[5] == probe.prompts[6]
        assert_learns_nothing(probe, baseline, tmp_path)


def test_loading_another_game_in_between_opens_no_back_door(tmp_path: Path) -> None:
    # save, suggest, load a save of another game, then the first save: still a take-back.
    seed, number = suggestion_seeds(refuted=True)[0]
    other_game = tmp_path / "other.json"
    Person([f"save {other_game}", "quit"]).play(seed + 1000)
    before, after = tmp_path / "before.json", tmp_path / "after.json"
    baseline = Person(
        ["1", "1", pick("Walk into"), number, *end(tmp_path, "baseline-end.json")]
    ).play(seed)
    probe = Person(
        [
            "1",
            "1",
            pick("Walk into"),
            f"save {before}",
            number,
            f"save {after}",
            f"load {other_game}",  # another set-up: loads as it is
            f"load {before}",  # the first game at an earlier point: a take-back
            when("Loaded", "2"),
            f"load {after}",  # back to the first game where it was left: fine
            *end(tmp_path, "probe-end.json"),
        ]
    ).play(seed)
    assert probe.reply(6)[0] == f"Loaded {other_game}."
    assert probe.reply(7)[0].startswith(
        f"Could not load {before}: it is a game you played here at an earlier point, and "
    )
    assert probe.reply(8)[0] == f"Loaded {after}."
    assert_learns_nothing(probe, baseline, tmp_path)


def test_saving_then_loading_the_same_point_changes_nothing(tmp_path: Path) -> None:
    seed, number = suggestion_seeds(refuted=True)[0]
    here = tmp_path / "here.json"
    baseline = Person(
        ["1", "1", pick("Walk into"), number, *end(tmp_path, "baseline-end.json")]
    ).play(seed)
    probe = Person(
        [
            "1",
            "1",
            pick("Walk into"),
            number,
            f"save {here}",
            f"load {here}",
            *end(tmp_path, "probe-end.json"),
        ]
    ).play(seed)
    assert probe.reply(5) == [f"Loaded {here}: the game is already at that point; nothing changes."]
    assert probe.prompts[4] == probe.prompts[5] == probe.prompts[6]
    assert_learns_nothing(probe, baseline, tmp_path)


def test_a_move_that_showed_nothing_may_be_taken_back(tmp_path: Path) -> None:
    # Walking into a location shows nothing and nobody else has decided since: at the
    # suggestion, undo goes back to the move, with the same choices.
    seed, number = suggestion_seeds(refuted=False)[0]
    person = Person(
        ["1", "1", pick("Walk into"), "undo", pick("Walk into"), number, "undo", "quit"]
    ).play(seed)
    assert re.fullmatch(r"Taken back: Walk into .+\.", person.reply(3)[0])
    moves = [person.screen(2), person.screen(4)]
    assert moves[0] == moves[1]
    assert person.reply(6)[0].startswith("Cannot take back: ")
    told = person.narration()
    assert len([line for line in told if line.startswith("  Ann suggests: ")]) == 1
