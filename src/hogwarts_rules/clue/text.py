"""Clue as plain text: the board with its doors, fireplaces, pawns and tokens, and short reprs.

`board_text` draws a game, or one player's view of it, for a terminal or a log:
the grid (three characters a square, rows and columns numbered; two or one on
a custom board too wide for three), the ten
locations as boxes with their doors on their walls, open (``o``) or closed
(``x``) as the wheels stand now, their fireplaces (``[ ]``, or ``[^]`` when lit),
the pawns (the seat numbers ``1`` to ``5``) and the suspect and item tokens
(two-letter codes; ``...`` when a box has no room for all its tokens: the legend
lists them all), then a legend, the wheels, the players' table and what the
game awaits.

Like the SVG picture (`hogwarts_rules.clue.svg`), the text holds public facts
only: the text of a game is that of the table's view (``game.view(None)``),
and the text of a player's view adds only what that player knows (their hand,
their face-down Help cards, the cards shown to them or by them, and the
envelope once they may know it). A view does not hold the board: a game played
with its own content (`load_content`) passes it as ``content``.

`short_repr` is a one-line summary of a game or a view, at most `REPR_LIMIT`
characters, that names no card at all.

Examples:
    >>> from hogwarts_rules import clue
    >>> students = {"Ann": "Harry", "Ben": "Ron", "Cat": "Luna"}
    >>> game = clue.new_game(["Ann", "Ben", "Cat"], seed=4, students=students)
    >>> game, _ = game.apply(clue.Deal())
    >>> lines = board_text(game).splitlines()
    >>> lines[0]
    'Clue - Ann to roll the dice'
    >>> lines[2][:30]
    ' 0                    1       '
    >>> short_repr(game)
    '<clue.Game: Ann to roll, 3 players, 0 suggestions>'
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Final

from hogwarts_rules._text import fill
from hogwarts_rules.clue.cards import BURROW
from hogwarts_rules.clue.content import Board, Content, default_content
from hogwarts_rules.clue.movement import parse_position
from hogwarts_rules.clue.view import ClueView
from hogwarts_rules.clue.vocabulary import Phase, Square, Step
from hogwarts_rules.dice import CHANCE
from hogwarts_rules.frozen import FrozenMap

if TYPE_CHECKING:
    from hogwarts_rules.clue.game import Game

__all__ = [
    "LOCATION_CODES",
    "REPR_LIMIT",
    "WIDTH",
    "board_text",
    "deal_stage",
    "short_repr",
    "token_codes",
]

WIDTH: Final = 100
"""The widest line `board_text` writes, in characters (the library's board takes 75)."""

REPR_LIMIT: Final = 120
"""The longest text `short_repr` returns, in characters."""

LOCATION_CODES: Final[Mapping[str, str]] = FrozenMap(
    {
        "Malfoy Manor": "MALFOY",
        "Hog's Head": "HOG'S HEAD",
        "Shrieking Shack": "SHACK",
        "Hogwarts": "HOGWARTS",
        "Forbidden Forest": "FOREST",
        "Gringotts": "GRINGOTTS",
        "Weasleys' Wizard Wheezes": "WHEEZES",
        "Ministry of Magic": "MINISTRY",
        "12 Grimmauld Place": "GRIMMAULD",
        BURROW: "BURROW",
    }
)
"""The name written inside each location's box (upper case, so it is never a token's code)."""

_NAME_WIDTH: Final = 14
_TOWARDS: Final = {Step.ROLL: "roll", Step.MOVE: "move", Step.ACT: "act"}
_EXPECTED: Final = {
    Step.ROLL: "roll the dice",
    Step.MOVE: "move",
    Step.ACT: "suggest, accuse or end the turn",
}


def _clip(text: str, width: int) -> str:
    """``text`` cut to ``width`` characters, ending in ``~`` when cut."""
    return text if len(text) <= width else text[: width - 1] + "~"


def token_codes(tokens: Sequence[str]) -> dict[str, str]:
    """A two-letter code for each token: its initials, or its first two letters.

    The initials of a two-word name (``"LM"`` for Lucius Malfoy), else the name's
    first letter followed by its second (``"Sc"`` for Scabior); a code already taken
    gets a digit instead of its second letter.

    Examples:
        >>> token_codes(["Lucius Malfoy", "Scabior", "Stupefy", "Love Potion"])
        {'Lucius Malfoy': 'LM', 'Scabior': 'Sc', 'Stupefy': 'St', 'Love Potion': 'LP'}
    """
    codes: dict[str, str] = {}
    taken: set[str] = set()
    for token in tokens:
        words = [w for w in re.split(r"[^A-Za-z0-9]+", token) if w]
        if len(words) >= 2:
            code = (words[0][0] + words[1][0]).upper()
        elif words:
            code = words[0][0].upper() + (words[0][1:2].lower() or "x")
        else:
            code = "Tk"
        if code in taken:  # a lower-case letter and a digit: never a location's code
            spare = (f"{code[0].lower()}{digit}" for digit in range(10))
            code = next((c for c in spare if c not in taken), code)
        taken.add(code)
        codes[token] = code
    return codes


def _scene(game: Game | ClueView, content: Content | None) -> tuple[ClueView, Board]:
    if isinstance(game, ClueView):
        board = (content or default_content()).board
        view = game
    else:
        if content is not None and content != game.content:
            raise ValueError("a game is drawn on its own content: leave content out")
        board = game.content.board
        view = game.view(None)
    positions = set(board.position_names.values())
    doors = {door.id for door in board.doors}
    notches = {wheel.name: len(wheel.notches) for wheel in board.wheels}
    fits = (
        view.closed_doors <= doors
        and all(s.position is None or s.position in positions for s in view.seats)
        and all(0 <= notch < notches.get(name, 0) for name, notch in view.wheels.items())
        and all(place in board.areas for place in view.tokens.values())
    )
    if not fits:
        raise ValueError("the view does not fit this board: pass the game's content")
    return view, board


def _pack(pieces: Sequence[str], width: int) -> list[str]:
    """``pieces`` in lines of at most ``width`` characters, a space between two."""
    lines: list[str] = []
    for piece in pieces:
        if lines and len(lines[-1]) + 1 + len(piece) <= width:
            lines[-1] += " " + piece
        else:
            lines.append(piece)
    return lines


def _grid(view: ClueView, board: Board, codes: Mapping[str, str]) -> list[str]:
    """The board: squares, location boxes with doors and fireplaces, pawns and tokens."""
    label = len(str(board.height - 1)) + 1  # the row numbers' column
    # Three characters a square, fewer on a board too wide for that (a custom one).
    cell = next((w for w in (3, 2) if label + board.width * w <= WIDTH), 1)
    mid = cell // 2
    rows = [[" "] * (board.width * cell) for _ in range(board.height)]

    def put(row: int, x: int, text: str) -> None:
        for i, ch in enumerate(text):
            rows[row][x + i] = ch

    for r, line in enumerate(board.grid):
        for c, square in enumerate(line):
            if square in (Square.CORRIDOR, Square.STAR):
                put(r, c * cell + mid, square)
    pawns_in: dict[str, list[str]] = {}
    for number, seat in enumerate(view.seats, 1):
        if seat.position is None:
            continue
        position = parse_position(seat.position)
        if isinstance(position, str):
            pawns_in.setdefault(position, []).append(str(number))
        else:
            row, column = position
            put(row, column * cell + mid, str(number))
            if cell == 3 and board.square(position) == Square.STAR:
                put(row, column * cell, "*")  # the star stays in sight
    tokens_in: dict[str, list[str]] = {}
    for token, location in view.tokens.items():
        tokens_in.setdefault(location, []).append(codes[token])
    for location in board.locations:
        top, left, height, width = board.areas[location]
        x0, x1 = left * cell, (left + width) * cell - 1
        inner = x1 - x0 - 1
        put(top, x0, "\u250c" + "\u2500" * inner + "\u2510")
        put(top + height - 1, x0, "\u2514" + "\u2500" * inner + "\u2518")
        for row in range(top + 1, top + height - 1):
            put(row, x0, "\u2502")
            put(row, x1, "\u2502")
        if height < 3 or inner < 1:  # no room inside: the box alone
            continue
        name = [LOCATION_CODES.get(location, location)[:inner]]
        if location in board.fireplaces:
            name.append("[^]" if location in view.lit_fireplaces else "[ ]")
        pawns = pawns_in.get(location, [])
        tokens = tokens_in.get(location, [])
        lines = _pack(name, inner) + _pack([*pawns, *tokens], inner)
        if len(lines) > height - 2:  # short of room: pack everything together
            lines = _pack([*name, *pawns, *tokens], inner)
        kept = len(tokens)
        while len(lines) > height - 2 and kept:  # "..." for the tokens left out (see the legend)
            kept -= 1
            lines = _pack([*name, *pawns, *tokens[:kept], "..."], inner)
        for i, text in enumerate(lines[: height - 2]):
            put(top + 1 + i, x0 + 1, text.center(inner)[:inner])
    for door in board.doors:
        top, left, height, width = board.areas[door.location]
        row, column = door.cell
        glyph = "x" if door.id in view.closed_doors else "o"
        if row == top - 1:
            put(top, column * cell + mid, glyph)
        elif row == top + height:
            put(top + height - 1, column * cell + mid, glyph)
        elif column == left - 1:
            put(row, left * cell, glyph)
        elif column == left + width:
            put(row, (left + width) * cell - 1, glyph)
    header = [" "] * (label + board.width * cell)
    every = 5 if cell == 3 else 10
    for c in range(0, board.width, every):  # each number ends over its square's middle
        digits = str(c)
        end = label + c * cell + mid + 1
        header[end - len(digits) : end] = digits
    body = [f"{r:>{label - 1}} " + "".join(line) for r, line in enumerate(rows)]
    return ["".join(header).rstrip(), *(line.rstrip() for line in body)]


def deal_stage(to_act: Sequence[str]) -> str:
    """Where the deal stands, from who must act: not begun, a roll awaited, or a choice.

    Examples:
        >>> deal_stage(()), deal_stage(("Ann",))
        ('before the deal', 'the deal, Ann to choose a student')
    """
    if not to_act:
        return "before the deal"
    if to_act == (CHANCE,):
        return "the deal, a roll awaited"
    return f"the deal, {_clip(to_act[0], 24)} to choose a student"


def _status(view: ClueView) -> str:
    who = "Clue" if view.player is None else f"Clue, as {_clip(view.player, 24)} sees it"
    if view.phase == Phase.DEAL:
        return f"{who} - {deal_stage(view.to_act)}"
    if view.phase == Phase.OVER:
        result = f"{view.winner} solved the mystery" if view.winner else "nobody won"
        return _clip(f"{who} - over: {result}", WIDTH)
    state = f"{view.current_player} to {_EXPECTED[view.step]}"
    if view.step != Step.ROLL and view.green:
        state += f" (green die {view.green})"
    return _clip(f"{who} - {state}", WIDTH)


_SQUARE_NAMES: Final = (
    "  a square is named row,column (3,7: row 3, counted down the left; column 7, along the top)"
)
"""How the legend says a square is named (as moves, views and events write squares)."""


def _legend(view: ClueView, board: Board, codes: Mapping[str, str]) -> list[str]:
    symbols = [
        ". corridor",
        "* star square",
        "o open door",
        "x closed door",
        "[ ] fireplace",
        "[^] lit fireplace",
        f"1-{len(view.seats)} pawns (the players' numbers)",
    ]
    lines = fill("Legend: ", symbols, ", ", "  ")
    lines.append(_SQUARE_NAMES)
    lines += fill(
        "Locations: ",
        [f"{LOCATION_CODES.get(loc, loc)} = {loc}" for loc in board.locations],
        "; ",
        "  ",
    )
    if view.tokens:
        lines += fill(
            "Tokens: ",
            [f"{codes[token]} = {token} (in {place})" for token, place in view.tokens.items()],
            "; ",
            "  ",
        )
    notches = []
    for wheel in board.wheels:
        notch = view.wheels.get(wheel.name, 0)
        label = "START" if notch == 0 else f"notch {notch}"
        mark = ", the Dark Mark shows" if wheel.notches[notch].dark_mark else ""
        notches.append(f"{wheel.name} {label} of {len(wheel.notches)}{mark}")
    lines += fill("Wheels: ", notches, "; ", "  ")
    return lines


def _players(view: ClueView) -> list[str]:
    lines = [f"  #  {'Player':<{_NAME_WIDTH}} {'Student':<9} {'At':<{_NAME_WIDTH}} Floo Cards Help"]
    for number, seat in enumerate(view.seats, 1):
        mark = ">" if seat.name == view.current_player else " "
        where = seat.position or "-"
        where = LOCATION_CODES.get(where, where)
        help_cards = str(len(seat.help_cards))
        if seat.hidden_help:
            help_cards += f" + {seat.hidden_help} face down"
        notes = []
        if seat.eliminated:
            notes.append("accused wrongly")
        if seat.name == view.winner:
            notes.append("winner")
        lines.append(
            f"{mark} {number:>2}  {_clip(seat.name, _NAME_WIDTH):<{_NAME_WIDTH}} "
            f"{seat.student or '-':<9} {_clip(where, _NAME_WIDTH):<{_NAME_WIDTH}} "
            f"{seat.floo:>4} {seat.hand_size:>5} {help_cards}"
            + (f" ({', '.join(notes)})" if notes else "")
        )
        if seat.help_cards:
            lines += fill("       face up: ", list(seat.help_cards), ", ", " " * 16)
    if view.missing is not None:
        lines.append(f"Missing student: {view.missing}")
    return lines


def _table(view: ClueView) -> list[str]:
    """The suggestions and wrong accusations, as everyone saw them."""
    lines: list[str] = []
    if view.suggestions:
        last = view.suggestions[-1]
        answer = f"{last.shown_by} showed a card" if last.shown_by else "nobody showed a card"
        passed = f"; {' and '.join(last.passed)} could not show one" if last.passed else ""
        said = (
            f"{last.player} suggested {last.suspect} with {last.item} in {last.location}"
            f"{passed}; {answer}"
        )
        lines += fill(
            f"Last suggestion ({len(view.suggestions)} in all): ", said.split(" "), " ", "  "
        )
    for player, suspect, item, location in view.wrong_accusations:
        lines += fill(
            "Wrong accusation: ",
            f"{player} accused {suspect} with {item} in {location}".split(" "),
            " ",
            "  ",
        )
    return lines


def _private(view: ClueView) -> list[str]:
    """What only this player knows (nothing for the table's view)."""
    lines: list[str] = []
    if view.player is not None:
        lines += fill("Your hand: ", list(view.hand) or ["no cards yet"], ", ", "  ")
        if view.hidden_help:
            lines += fill("Your face-down Help: ", list(view.hidden_help), ", ", "  ")
        if view.shown_to_me:
            shown = [f"{card} (by {who})" for who, card in view.shown_to_me]
            lines += fill("Shown to you: ", shown, ", ", "  ")
        if view.shown_by_me:
            shown = [f"{card} (to {who})" for who, card in view.shown_by_me]
            lines += fill("You showed: ", shown, ", ", "  ")
    if view.envelope:
        lines += fill("The envelope: ", list(view.envelope), ", ", "  ")
    return lines


def _awaited(view: ClueView) -> list[str]:
    if view.phase == Phase.OVER:
        return []
    if view.to_act == (CHANCE,):
        head = "Awaiting a roll"
    elif view.to_act and view.to_act != (view.current_player,):
        head = "Awaiting " + " and ".join(_clip(name, 24) for name in view.to_act)
    elif view.prompt:
        head = "Awaiting " + _clip(view.to_act[0], 24)
    else:
        return []
    return fill(head + (": " if view.prompt else ""), view.prompt.split(), " ", "  ")


def board_text(game: Game | ClueView, *, content: Content | None = None) -> str:
    """The board and the table as plain text (``str(game)``, ``str(view)``).

    The status line, the numbered grid (see the module docstring for the
    symbols), a legend with the wheels, the players' table (``>`` marks whose
    turn it is; each pawn is its seat number), the last suggestion and the wrong
    accusations, then, for a player's view, what that player alone knows, and
    what the game awaits. No line is blank, none is wider than `WIDTH`.

    Args:
        game: a `Game` (drawn from the table's view: public facts only), or a
            `ClueView` (``game.view(player)``, or the table's).
        content: the board to draw a view on when the game was not played on the
            library's default content (a `Game` knows its own: leave it out).

    Raises:
        ValueError: the view does not fit ``content``, or ``content`` is not the game's.

    Examples:
        >>> from hogwarts_rules import clue
        >>> students = {"Ann": "Harry", "Ben": "Ron", "Cat": "Luna"}
        >>> game = clue.new_game(["Ann", "Ben", "Cat"], seed=4, students=students)
        >>> game, _ = game.apply(clue.Deal())
        >>> text = board_text(game.view("Ben"))
        >>> text.splitlines()[0]
        'Clue, as Ben sees it - Ann to roll the dice'
        >>> [line for line in text.splitlines() if line.startswith("Your hand")] != []
        True
    """
    view, board = _scene(game, content)
    codes = token_codes(list(view.tokens))
    lines = [
        _status(view),
        *_grid(view, board, codes),
        *_legend(view, board, codes),
        *_players(view),
        *_table(view),
        *_private(view),
        *_awaited(view),
    ]
    return "\n".join(_clip(line, WIDTH) for line in lines)  # a very long name is cut


def short_repr(obj: Game | ClueView) -> str:
    """A one-line summary of a game or a view for ``repr()``: no card, at most `REPR_LIMIT` long.

    Examples:
        >>> from hogwarts_rules import clue
        >>> students = {"Ann": "Harry", "Ben": "Ron", "Cat": "Luna"}
        >>> game = clue.new_game(["Ann", "Ben", "Cat"], seed=4, students=students)
        >>> short_repr(game)
        '<clue.Game: before the deal, 3 players>'
        >>> game, _ = game.apply(clue.Deal())
        >>> short_repr(game.view("Ben"))
        "<ClueView of 'Ben': Ann to roll, 3 players, 0 suggestions>"
    """
    if isinstance(obj, ClueView):
        view = obj
        viewer = "the table" if view.player is None else repr(_clip(view.player, 24))
        head = f"ClueView of {viewer}"
    else:
        view = obj.view(None)
        head = "clue.Game"
    count = f"{len(view.seats)} players"
    made = f"{len(view.suggestions)} suggestion{'s' if len(view.suggestions) != 1 else ''}"
    if view.phase == Phase.DEAL:
        state = f"{deal_stage(view.to_act)}, {count}"
    elif view.phase == Phase.OVER:
        winner = f"won by {_clip(view.winner, 24)}" if view.winner else "nobody won"
        state = f"over, {winner}, {count}, {made}"
    else:
        current = _clip(view.current_player or "", 24)
        if view.to_act == (CHANCE,):
            state = f"{current}'s turn, a roll awaited"
        elif view.to_act and view.to_act != (view.current_player,):
            state = f"{current}'s turn, {_clip(view.to_act[0], 24)} to act"
        else:
            state = f"{current} to {_TOWARDS[view.step]}"
        state += f", {count}, {made}"
    return _clip(f"<{head}: {state}", REPR_LIMIT - 1) + ">"
