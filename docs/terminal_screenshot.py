"""Draw the pictures of `hogwarts-rules play` in docs/images/ (run from the checkout's root).

    python docs/terminal_screenshot.py

Each picture is a real session: a seeded game played through `run_play` with the
`rich` display and scripted answers, its coloured output turned into SVG by rich
(`Console.export_svg`). Needs the `terminal` extra.
"""

from __future__ import annotations

import io
from collections.abc import Iterator, Sequence
from pathlib import Path

from rich.console import Console
from rich.text import Text

from hogwarts_rules.frontends.play import run_play

IMAGES = Path(__file__).resolve().parent / "images"

SESSIONS: dict[str, tuple[str, str | None, int, Sequence[str], str]] = {
    # name: (game, seat, seed, answers, the answer whose board the picture starts with)
    "play-clue": ("clue", "Ann", 6, ["1", "1", "1", "notebook", "quit"], "notebook"),
    "play-hr": ("hr", None, 6, ["test Sky mischief bravery +2", "3", "quit"], "bravery +2"),
}


def session(game: str, seat: str | None, seed: int, answers: Sequence[str]) -> list[str]:
    """The lines (with colour codes) a person sees who types ``answers``."""
    lines: list[str] = []
    script: Iterator[str] = iter(answers)

    def read(prompt: str) -> str:
        lines.append(prompt + (answer := next(script, "quit")))
        return answer

    run_play(game, seat=seat, seed=seed, read=read, write=lines.append, style="rich")
    return lines


def svg(lines: Sequence[str], title: str) -> str:
    """``lines`` drawn as a terminal window."""
    console = Console(
        record=True, file=io.StringIO(), width=110, force_terminal=True, color_system="standard"
    )
    for line in lines:
        console.print(Text.from_ansi(line), soft_wrap=True)
    return console.export_svg(title=title)


def main() -> None:
    for name, (game, seat, seed, answers, answer) in SESSIONS.items():
        lines = session(game, seat, seed, answers)
        asked = next(i for i, line in enumerate(lines) if line.endswith(answer))
        top = max(i for i, line in enumerate(lines[:asked]) if "\u256d" in line)  # the board
        lines = lines[top:]
        title = f"hogwarts-rules play {game} --seed {seed}" + (f" --seat {seat}" if seat else "")
        path = IMAGES / f"{name}.svg"
        path.write_text(svg(lines, title), encoding="utf-8")
        print(f"wrote {path}")


if __name__ == "__main__":
    main()
