"""The terminal under ``hogwarts-rules play``: plain text, or colour and completion.

`run_play` (`hogwarts_rules.frontends.play`) writes through a `Display` and reads
through a line reader. With the optional extra ``terminal`` installed (``pip
install "hogwarts-rules[terminal]"``: rich and prompt_toolkit) and a real
terminal, `RichDisplay` draws the board in a panel, headings as rules, the
narration dimmed and the menus' numbers in colour, and `completing_reader` reads
with prompt_toolkit, completing the commands and the game's notation (each legal
action as `hogwarts_rules.notation.format_action` writes it). Without the extra,
`Display` writes plain lines and `input` reads: the game plays the same.

Neither rich nor prompt_toolkit is imported until a rich display or a completing
reader is built (the core never needs them).

Examples:
    >>> lines: list[str] = []
    >>> display = Display(lines.append)
    >>> display.board(["+--+", "|  |", "+--+"], "The board")
    >>> display.heading("--- Your turn ---")
    >>> lines
    ['+--+', '|  |', '+--+', '--- Your turn ---']
"""

from __future__ import annotations

import importlib.util
import io
import sys
from collections.abc import Callable, Iterable, Sequence
from typing import IO, Any, Final, cast

__all__ = [
    "INSTALL_HINT",
    "Display",
    "RichDisplay",
    "completing_reader",
    "fancy_available",
    "is_terminal",
    "word_completer",
]

INSTALL_HINT: Final = 'pip install "hogwarts-rules[terminal]"'
"""How to get the colour display and completion (the optional extra ``terminal``)."""


def fancy_available() -> bool:
    """True when rich and prompt_toolkit can be imported (the extra ``terminal`` is installed)."""
    return all(importlib.util.find_spec(name) is not None for name in ("rich", "prompt_toolkit"))


class Display:
    """Plain text: every line goes to ``write`` as it is (the board, the menus, the narration).

    Each method takes lines already free of control codes (`run_play` cleans them).
    """

    def __init__(self, write: Callable[[str], None]) -> None:
        """A display writing each line with ``write``."""
        self.write = write

    def board(self, lines: Sequence[str], title: str) -> None:
        """The board as the seat sees it (``title``: whose view)."""
        for line in lines:
            self.write(line)

    def heading(self, text: str) -> None:
        """A heading (a round, a turn)."""
        self.write(text)

    def screen(self, lines: Sequence[str]) -> None:
        """What the seat sees before deciding."""
        for line in lines:
            self.write(line)

    def menu(self, lines: Sequence[str]) -> None:
        """A numbered menu."""
        for line in lines:
            self.write(line)

    def event(self, text: str) -> None:
        """One line of narration (an event as the seat sees it)."""
        self.write(text)

    def say(self, text: str) -> None:
        """Any other line (an answer to a command, an error)."""
        self.write(text)


class _LineSink(io.TextIOBase):
    """A text file that hands each complete line to ``write`` (rich's output)."""

    def __init__(self, write: Callable[[str], None]) -> None:
        super().__init__()
        self._write = write
        self._pending = ""

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        self._pending += text
        *done, self._pending = self._pending.split("\n")
        for line in done:
            self._write(line)
        return len(text)

    def flush(self) -> None:
        if self._pending:
            self._write(self._pending)
            self._pending = ""


class RichDisplay(Display):
    """Colour and panels, through rich: the board in a panel, headings as rules.

    ``write`` receives each line of the rendered output (ANSI colour codes
    included); with ``write=None`` rich writes to standard output itself.
    Text is never read as rich markup: a card called ``[bold]`` stays as it is.

    Raises:
        ImportError: rich is not installed.
    """

    def __init__(
        self,
        write: Callable[[str], None] | None = None,
        *,
        width: int | None = None,
        color: bool = True,
    ) -> None:
        """A rich display of ``width`` columns (default: the terminal's; 120 with ``write``)."""
        from rich.console import Console

        super().__init__(write if write is not None else print)
        if write is None:  # the lines are wrapped already: the terminal wraps any more
            self._console = Console(highlight=False, width=width, soft_wrap=True)
        else:
            self._console = Console(
                file=cast(IO[str], _LineSink(write)),
                highlight=False,
                width=width or 120,
                force_terminal=color,
                color_system="standard" if color else None,
            )

    def _print(self, renderable: Any) -> None:
        self._console.print(renderable)
        self._console.file.flush()

    def board(self, lines: Sequence[str], title: str) -> None:
        """The board in a panel titled ``title``."""
        from rich.panel import Panel
        from rich.text import Text

        body = Text("\n".join(lines), no_wrap=True, overflow="crop")
        if max(map(len, lines), default=0) + 4 > self._console.width:
            self._print(Text(title, style="bold cyan"))  # too wide for a panel: never cropped
            self._console.print(Text("\n".join(lines)), soft_wrap=True)
            self._console.file.flush()
            return
        self._print(Panel(body, title=Text(title, style="bold"), expand=False, border_style="cyan"))

    def heading(self, text: str) -> None:
        """A rule across the screen."""
        from rich.rule import Rule
        from rich.text import Text

        self._print(Rule(Text(text.strip("- "), style="bold yellow"), style="yellow"))

    def screen(self, lines: Sequence[str]) -> None:
        """The seat's screen; its first line (who you are) in bold, its question in green."""
        from rich.text import Text

        for number, line in enumerate(lines):
            last = number == len(lines) - 1
            style = "bold" if number == 0 else ("bold green" if last else "")
            self._print(Text(line, style=style))

    def menu(self, lines: Sequence[str]) -> None:
        """The menu, each entry's number in colour."""
        from rich.text import Text

        for line in lines:
            text = Text(line)
            text.highlight_regex(r"\b[0-9]+\.(?= )", "bold cyan")
            self._print(text)

    def event(self, text: str) -> None:
        """Narration, dimmed."""
        from rich.text import Text

        self._print(Text(text, style="dim"))

    def say(self, text: str) -> None:
        """An answer to a command, in magenta."""
        from rich.text import Text

        self._print(Text(text, style="magenta"))


def word_completer(words: Callable[[], Iterable[str]]) -> Any:
    """A prompt_toolkit completer offering each of ``words()`` that the line so far starts.

    The match ignores case; the completion replaces the whole line so far (a word
    may hold spaces: ``suggest greyback necklace``). When no entry starts as the
    line does, the line's last word is completed from the one-word entries
    (``test Sky misch`` gives ``mischief``).

    Raises:
        ImportError: prompt_toolkit is not installed.
    """
    from prompt_toolkit.completion import CompleteEvent, Completer, Completion
    from prompt_toolkit.document import Document

    class _Words(Completer):
        def get_completions(
            self, document: Document, complete_event: CompleteEvent
        ) -> Iterable[Completion]:
            typed = document.text_before_cursor
            folded = typed.casefold()
            known = list(dict.fromkeys(words()))
            found = False
            for word in known:
                if word.casefold().startswith(folded) and word != typed:
                    found = True
                    yield Completion(word, start_position=-len(typed))
            last = typed.rsplit(" ", 1)[-1] if " " in typed else ""
            if found or not last:
                return
            for word in known:  # then the last word alone, among the one-word entries
                if " " not in word and word.casefold().startswith(last.casefold()) and word != last:
                    yield Completion(word, start_position=-len(last))

    return _Words()


def completing_reader(
    words: Callable[[], Iterable[str]], *, input: Any = None, output: Any = None
) -> Callable[[str], str]:
    """A line reader with completion (prompt_toolkit): Tab completes from ``words()``.

    ``words`` is called whenever completions are asked for: the commands and the
    legal actions as written in the game's notation (see `word_completer`).
    Ctrl-D raises `EOFError`, Ctrl-C `KeyboardInterrupt`, as `input` does.
    ``input`` and ``output`` are prompt_toolkit's (default: the terminal's).

    Raises:
        ImportError: prompt_toolkit is not installed.
    """
    from prompt_toolkit import PromptSession

    session: PromptSession[str] = PromptSession(
        completer=word_completer(words),
        complete_while_typing=False,
        input=input,
        output=output,
    )

    def read(prompt: str) -> str:
        return session.prompt(prompt)

    return read


def is_terminal() -> bool:
    """True when standard input and output are both a terminal."""
    return sys.stdin.isatty() and sys.stdout.isatty()
