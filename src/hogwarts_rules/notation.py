"""Text notation: every action in a few words, and a plain-text game record.

As SAN is for chess, each game that gives its spec a `Notation`
(`GameSpec.notation`) writes its actions as short, case-insensitive text that is
unambiguous in the position: ``suggest greyback necklace``, ``move burrow``,
``roll``, ``spend 2``. `format_action` writes an action, `parse_action` reads
one back; the seat taking the action is the one deciding now (or the one given).

Names may be shortened to any word of the name, or the start of a word, that
names one card, place or character only (``necklace``, ``neck``, ``cursed
necklace`` and ``"Cursed Necklace"`` all name the Cursed Necklace); a name of
several words may be quoted. Apostrophes and hyphens are ignored (``hogs head``).
Every game also reads an action written as its JSON (``{"type": ...}``, as
``action.to_dict()`` gives it), and the core reads ``chance 4`` (an external
roll or draw, `ChanceOutcome`), ``practice`` and ``rekey SEED``.

Text that names no action is refused with `IllegalActionError` code
``bad_notation`` (the message names what did not match); a game without a
notation with code ``no_notation``.

A **game record** (`record_text`, `load_record`) is plain text: a header line,
the game's kind, its set-up as one line of JSON, then one move a line, numbered,
with the seat that takes it in brackets::

    # hogwarts-rules record 1
    game: first-year-adventure
    setup: {"players": ["Harry", "Ron"], ...}
    1. rolloff
    2. [Harry] turn

Examples:
    >>> import hogwarts_rules
    >>> game = hogwarts_rules.find_game("clue").new_game(3, seed=1)
    >>> format_action(game, game.legal_actions()[0])
    'deal'
    >>> game, _ = game.apply(parse_action(game, "DEAL"))
    >>> game.to_act, format_action(game, game.legal_actions()[0])
    (('Ann',), 'choose harry')
    >>> parse_action(game, "choose Hermione")
    ChooseStudent(player='Ann', student='Hermione')
    >>> parse_action(game, "choose snape")
    Traceback (most recent call last):
    ...
    hogwarts_rules.errors.IllegalActionError: 'snape' names no student (Harry, Ron, Hermione, ...)
"""

from __future__ import annotations

import functools
import itertools
import json
import re
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Final, NoReturn, Protocol, runtime_checkable

import attrs

from hogwarts_rules.actions import Action, ChanceOutcome, Practice, Rekey
from hogwarts_rules.dice import CHANCE
from hogwarts_rules.engine import MAX_ACTIONS, ChanceRequest, GameRecord
from hogwarts_rules.errors import IllegalActionError, InvalidDataError, RulesError
from hogwarts_rules.serialization import FORMAT, FORMAT_VERSION

if TYPE_CHECKING:
    from hogwarts_rules.engine import GameBase
    from hogwarts_rules.spec import GameSpec

__all__ = [
    "MAX_NOTATION",
    "RECORD_HEADER",
    "NameTable",
    "Notation",
    "acting_seat",
    "format_action",
    "load_record",
    "notation_error",
    "number",
    "parse_action",
    "quote",
    "read_names",
    "record_text",
    "tokenize",
]

MAX_NOTATION: Final = 20_000
"""The longest text `parse_action` reads (an action written as JSON may be long)."""

RECORD_HEADER: Final = "# hogwarts-rules record 1"
"""The first line of a game record."""

_QUOTED: Final = 60
"""The most characters of the reader's own text quoted in an error message."""

_STOPWORDS: Final = frozenset({"the", "of", "a", "an", "and", "in", "on", "to", "at", "for"})
_WORD_SPLIT: Final = re.compile(r"[\s\-_./]+")
_APOSTROPHES: Final = str.maketrans("", "", "'\u2019`")


def notation_error(message: str) -> NoReturn:
    """Refuse text that names no action: `IllegalActionError` code ``bad_notation``."""
    raise IllegalActionError("bad_notation", message)


def _shown(text: str) -> str:
    """The reader's text, quoted and bounded, for an error message."""
    return repr(text if len(text) <= _QUOTED else text[:_QUOTED] + "...")


def quote(text: str) -> str:
    """``text`` as one token: quoted when it holds a space or a quote.

    Examples:
        >>> quote("Sky"), quote("Student 3")
        ('Sky', '"Student 3"')
    """
    if text and not any(ch.isspace() or ch == '"' for ch in text):
        return text
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def tokenize(text: str) -> list[str]:
    r"""Split text into tokens at spaces; ``"..."`` is one token (``\"`` is a quote in it).

    Raises:
        IllegalActionError: an unterminated quote (code ``bad_notation``).

    Examples:
        >>> tokenize('damage "Student 3" 2  "a \\"hex\\""')
        ['damage', 'Student 3', '2', 'a "hex"']
    """
    tokens: list[str] = []
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch.isspace():
            i += 1
            continue
        if ch == '"':
            out: list[str] = []
            i += 1
            while i < n and text[i] != '"':
                if text[i] == "\\" and i + 1 < n:
                    i += 1
                out.append(text[i])
                i += 1
            if i >= n:
                notation_error(f"unterminated quote in {_shown(text)}")
            tokens.append("".join(out))
            i += 1
            continue
        start = i
        while i < n and not text[i].isspace() and text[i] != '"':
            i += 1
        tokens.append(text[start:i])
    return tokens


def _words(text: str) -> tuple[str, ...]:
    """A name's (or the reader's) words: case folded, apostrophes dropped, split at spaces."""
    return tuple(w for w in _WORD_SPLIT.split(text.casefold().translate(_APOSTROPHES)) if w)


def number(token: str, what: str, low: int, high: int) -> int:
    """A whole number from ``low`` to ``high`` written as ``token``.

    Raises:
        IllegalActionError: not such a number (code ``bad_notation``).
    """
    text = token.lstrip("+")
    if not (text.isascii() and text.lstrip("-").isdigit()) or len(text) > 12:
        notation_error(f"{what}: {_shown(token)} is not a whole number")
    value = int(text)
    if not low <= value <= high:
        notation_error(f"{what}: {value} is not from {low} to {high}")
    return value


def _str_tuple(names: Iterable[str]) -> tuple[str, ...]:
    return tuple(names)


@attrs.frozen
class NameTable:
    """The names of one kind (suspects, spaces, characters), and how text names them.

    Text names a name by its words in full (``cursed necklace``), without the small
    words (``burrow`` for The Burrow), by one of its words or a run of them
    (``necklace``), or by the start of a word (``neck``), as long as only one name
    fits. A whole word beats the start of a word (``love`` is Love Potion even if
    another name has a word starting with *love*).

    Attributes:
        noun: what a name is, for messages (``"suspect"``).
        names: the names, in their order.
        full: `short` writes the whole name (quoted if it has spaces) rather than
            its most telling word (for people's names).

    Examples:
        >>> table = NameTable("item", ("Cursed Necklace", "Love Potion", "Poisoned Mead"))
        >>> table.short("Cursed Necklace"), table.find(["neck"]), table.find(["p"])
        ('necklace', ('Cursed Necklace',), ('Love Potion', 'Poisoned Mead'))
    """

    noun: str
    names: tuple[str, ...] = attrs.field(converter=_str_tuple)
    full: bool = False
    _words: tuple[tuple[str, ...], ...] = attrs.field(init=False, eq=False, repr=False)
    _short: dict[str, str] = attrs.field(init=False, eq=False, repr=False)
    _single: dict[str, tuple[str, ...]] = attrs.field(init=False, eq=False, repr=False)

    @_words.default
    def _words_default(self) -> tuple[tuple[str, ...], ...]:
        return tuple(_words(name) for name in self.names)

    @_short.default
    def _short_default(self) -> dict[str, str]:
        return {}

    @_single.default
    def _single_default(self) -> dict[str, tuple[str, ...]]:
        """What one whole word names (a one-word name, else the names that have the word)."""
        whole: dict[str, list[str]] = {}
        having: dict[str, list[str]] = {}
        for name, words in zip(self.names, self._words, strict=True):
            content = tuple(w for w in words if w not in _STOPWORDS)
            for key in {words, content}:
                if len(key) == 1:
                    whole.setdefault(key[0], []).append(name)
            for word in dict.fromkeys(words):
                having.setdefault(word, []).append(name)
        found = {word: tuple(names) for word, names in having.items()}
        found.update({word: tuple(names) for word, names in whole.items()})
        return found

    def short(self, name: str) -> str:
        """The shortest telling way to write ``name`` (one token)."""
        found = self._short.get(name)
        if found is None:
            found = self._short[name] = self._shortest(name)
        return found

    def _shortest(self, name: str) -> str:
        if self.full or name not in self.names:
            return quote(name)
        words = self._words[self.names.index(name)]
        unique = [
            w
            for w in words
            if w not in _STOPWORDS and not w.isdigit() and self.find([w]) == (name,)
        ]
        best = max(unique, key=len, default=None)  # the longest telling word, first on ties
        return best if best is not None else quote(name)

    def find(self, tokens: Sequence[str]) -> tuple[str, ...]:
        """Every name the tokens could mean (exactly one: they name it)."""
        said = _words(" ".join(tokens))
        if not said:
            return ()
        if len(said) == 1:
            found = self._single.get(said[0])
            if found is not None:
                return found
        whole, runs, starts = [], [], []
        for name, words in zip(self.names, self._words, strict=True):
            content = tuple(w for w in words if w not in _STOPWORDS)
            if said in (words, content):
                whole.append(name)
            elif any(words[i : i + len(said)] == said for i in range(len(words))):
                runs.append(name)
            elif len(said) == 1 and any(w.startswith(said[0]) for w in words):
                starts.append(name)
        return tuple(whole or runs or starts)

    def one(self, tokens: Sequence[str]) -> str:
        """The one name the tokens name.

        Raises:
            IllegalActionError: they name none, or several (code ``bad_notation``).
        """
        found = self.find(tokens)
        text = " ".join(tokens)
        if len(found) == 1:
            return found[0]
        if not found:
            notation_error(f"{_shown(text)} names no {self.noun} ({self._listing()})")
        notation_error(f"{_shown(text)} could be {self._listing(found)}: say which {self.noun}")

    def _listing(self, names: Iterable[str] | None = None) -> str:
        listed = list(self.names if names is None else names)
        text = ", ".join(listed[:12])
        return text + (f" and {len(listed) - 12} more" if len(listed) > 12 else "")


def read_names(tokens: Sequence[str], tables: Sequence[NameTable]) -> tuple[str, ...]:
    """Tokens read as one name of each table, in order (``greyback cursed necklace``).

    Every way of cutting the tokens into one run per table is tried; exactly one
    must name a single name in every table.

    Raises:
        IllegalActionError: no reading, or several (code ``bad_notation``).
    """
    wanted = " then ".join(_a(table.noun) for table in tables)
    text = " ".join(tokens)
    if len(tokens) < len(tables):
        notation_error(f"expected {wanted}, got {_shown(text) if tokens else 'nothing'}")
    if len(tokens) > 12 * len(tables):
        notation_error(f"too many words for {wanted}: {_shown(text)}")
    readings: set[tuple[str, ...]] = set()
    near: tuple[NameTable, Sequence[str]] | None = None  # an ambiguous name in a near reading
    for cuts in itertools.combinations(range(1, len(tokens)), len(tables) - 1):
        bounds = (0, *cuts, len(tokens))
        groups = [tokens[start:end] for start, end in itertools.pairwise(bounds)]
        found = [table.find(group) for table, group in zip(tables, groups, strict=True)]
        if all(len(names) == 1 for names in found):
            readings.add(tuple(names[0] for names in found))
        elif near is None and all(found):
            i = next(i for i, names in enumerate(found) if len(names) > 1)
            near = (tables[i], groups[i])
    if len(readings) == 1:
        return readings.pop()
    if readings:
        shown = "; ".join(", ".join(r) for r in sorted(readings)[:3])
        notation_error(f"{_shown(text)} reads several ways ({shown}): write the names in full")
    if near is not None:
        near[0].one(near[1])
    for token in tokens:
        if not any(table.find([token]) for table in tables):
            nouns = " or ".join(table.noun for table in tables)
            notation_error(f"{_shown(token)} names no {nouns}")
    notation_error(f"{_shown(text)} does not read as {wanted}")


def _a(noun: str) -> str:
    return f"an {noun}" if noun[:1].lower() in "aeiou" else f"a {noun}"


@runtime_checkable
class Notation(Protocol):
    """A game's text notation (the `GameSpec.notation` hook).

    `format_action` and `parse_action` call it for the game's own actions (the
    core writes and reads `ChanceOutcome`, `Practice` and `Rekey`, and JSON).
    """

    def format(self, game: GameBase, action: Action) -> str:
        """``action`` in notation, as it would be taken in ``game``'s position."""
        ...

    def parse(self, game: GameBase, tokens: Sequence[str], seat: str | None) -> Action:
        """The action the tokens name in ``game``'s position.

        Args:
            game: the position.
            tokens: the text split by `tokenize` (at least one token).
            seat: the seat taking it when the reader named one, else ``None``
                (`acting_seat` gives the seat deciding now).

        Raises:
            IllegalActionError: the tokens name no action (code ``bad_notation``).
        """
        ...


def acting_seat(game: GameBase, seat: str | None) -> str:
    """The seat taking an action: ``seat`` if given, else the seat deciding now.

    Raises:
        IllegalActionError: ``seat`` is not playing, or nobody decides now (code
            ``bad_notation``).
    """
    if seat is not None:
        if seat not in game.seat_names:
            notation_error(f"{_shown(seat)} is not playing")
        return seat
    to_act = game.to_act
    if to_act and to_act != (CHANCE,):
        return to_act[0]
    from hogwarts_rules.bots import deciding_seat

    found = deciding_seat(game)
    if found is None:
        notation_error("no seat decides now: name the seat taking the action")
    return found


def _spec(game: GameBase) -> GameSpec:
    from hogwarts_rules.catalogue import find_game

    return find_game(game.KIND)


def _notation(game: GameBase) -> Notation:
    spec = _spec(game)
    if spec.notation is None:
        raise IllegalActionError("no_notation", f"{spec.title} has no text notation")
    return spec.notation


def _chance_table(game: GameBase) -> NameTable | None:
    request = game.awaiting
    if not isinstance(request, ChanceRequest):
        return None
    names = tuple(value for value, _ in request.outcomes if isinstance(value, str))
    return _outcomes(names) if names else None


@functools.lru_cache(maxsize=64)
def _outcomes(names: tuple[str, ...]) -> NameTable:
    return NameTable("outcome", names)


def format_action(game: GameBase, action: Action) -> str:
    """``action`` in the game's notation, as taken in ``game``'s position.

    Raises:
        IllegalActionError: the game has no notation (code ``no_notation``).
    """
    if isinstance(action, ChanceOutcome):
        table = _chance_table(game)
        if isinstance(action.value, str):
            if table is not None and action.value in table.names:
                return f"chance {table.short(action.value)}"
            return f"chance {quote(action.value)}"
        return f"chance {action.value}"
    if isinstance(action, Practice):
        return "practice"
    if isinstance(action, Rekey):
        return f"rekey {action.seed}"
    return _notation(game).format(game, action)


def parse_action(game: GameBase, text: str, seat: str | None = None) -> Action:
    """The action ``text`` names in ``game``'s position (taken by ``seat``, or the seat deciding).

    Raises:
        IllegalActionError: the text names no action (code ``bad_notation``, the
            message says what did not match), or the game has no notation (code
            ``no_notation``).
    """
    if not isinstance(text, str):
        notation_error(f"notation is text, not {type(text).__name__}")
    if len(text) > MAX_NOTATION:
        notation_error(f"notation is at most {MAX_NOTATION} characters")
    stripped = text.strip()
    if stripped.startswith("{"):
        return _from_json(stripped)
    tokens = tokenize(stripped)
    if not tokens:
        notation_error("no action written")
    verb = tokens[0].casefold()
    if verb == "chance":
        return _parse_chance(game, tokens[1:])
    if verb == "practice" and len(tokens) == 1:
        return Practice()
    if verb == "rekey":
        if len(tokens) != 2 or not (tokens[1].isascii() and tokens[1].isdigit()):
            notation_error("write rekey and the new seed's digits")
        return Rekey(tokens[1])
    return _notation(game).parse(game, tokens, seat)


def _from_json(text: str) -> Action:
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        notation_error(f"{_shown(text)} is not JSON")
    try:
        return Action.from_dict(data)
    except RulesError as exc:
        notation_error(f"not an action: {exc.message}")


def _parse_chance(game: GameBase, tokens: Sequence[str]) -> ChanceOutcome:
    if not tokens:
        notation_error("chance needs the outcome (a number or a name)")
    if len(tokens) == 1 and tokens[0].isascii() and tokens[0].isdigit():
        return ChanceOutcome(number(tokens[0], "chance", 0, 10**6))
    table = _chance_table(game)
    if table is None:
        if len(tokens) == 1:
            return ChanceOutcome(tokens[0])
        notation_error("no draw is awaited: write chance and one outcome")
    return ChanceOutcome(table.one(tokens))


# ----- game records ---------------------------------------------------------------------


def record_text(game: GameBase) -> str:
    """The game as a plain-text record: its kind, its set-up and every move in notation.

    `load_record` reads it back. The set-up is the game's saved set-up (with a
    seeded game, its seed: a record, like a saved game, replays the dice).

    Raises:
        IllegalActionError: the game has no notation (code ``no_notation``).
        InvalidDataError: the game rolls custom dice, which cannot be saved.
    """
    record = game.record
    position = type(game).replay(GameRecord(record.game, record.setup, ()))
    lines = [
        RECORD_HEADER,
        f"game: {record.game}",
        "setup: " + json.dumps(record.setup, ensure_ascii=False, separators=(", ", ": ")),
    ]
    for index, action in enumerate(record.actions, 1):
        actor = action.actor
        prefix = f"[{actor}] " if actor is not None else ""
        lines.append(f"{index}. {prefix}{format_action(position, action)}")
        position, _ = position.apply(action)
    outcome = position.outcome
    if outcome is not None:
        winners = ", ".join(outcome.winners) or "nobody"
        lines.append(f"# over ({outcome.reason}): won by {winners}")
    return "\n".join(lines) + "\n"


_MOVE: Final = re.compile(r"\s*(?:\d+\.\s*)?(.*?)\s*")


def load_record(text: str, *, max_actions: int | None = MAX_ACTIONS) -> GameBase:
    r"""The game a record written by `record_text` (or by hand) describes, replayed.

    Lines end at ``"\n"`` only (a ``"\r"`` before it is dropped): no other
    character ends a line, U+2028 and the form feed included, whatever
    ``str.splitlines`` takes as one. Lines starting with ``#`` and blank lines
    are skipped; ``game:`` and ``setup:`` come first, then one move a line (a
    number and a dot, and the seat in brackets, are optional: the seat deciding
    takes a move that names none).

    Args:
        text: the record.
        max_actions: the most moves replayed (default `MAX_ACTIONS`, as
            `GameBase.from_dict`; ``None``: no bound). A longer record is refused
            before anything is replayed.

    Raises:
        InvalidDataError: code ``bad_record`` (no game or set-up line, or a bad
            set-up), ``illegal_record`` (a move that names no action, or an
            illegal one; the message gives the line's number), or
            ``too_many_actions`` (more moves than ``max_actions``).
        UnknownGameError: the record's game is not in the catalogue.
    """
    if not isinstance(text, str):
        raise InvalidDataError("bad_record", "a record is text")
    lines = text.split("\n")
    if max_actions is not None:
        # Every line that is not blank nor a comment is the header's or a move: counted
        # before the set-up is read, so refusing a huge record costs no replay.
        written = sum(1 for line in lines if line.strip() and not line.strip().startswith("#"))
        if written - 2 > max_actions:
            raise InvalidDataError(
                "too_many_actions",
                f"the record holds {written - 2} moves, more than the {max_actions} allowed",
            )
    header: dict[str, str] = {}
    game: GameBase | None = None
    for number_, line in enumerate(lines, 1):
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        if game is None:
            key, colon, value = stripped.partition(":")
            if not colon or key.strip() not in ("game", "setup"):
                raise InvalidDataError(
                    "bad_record", f"line {number_}: expected 'game:' then 'setup:' before the moves"
                )
            header[key.strip()] = value.strip()
            if "game" in header and "setup" in header:
                game = _start(header["game"], header["setup"], number_)
            continue
        move = _MOVE.fullmatch(line)
        assert move is not None
        game = _play_line(game, move.group(1), number_)
    if game is None:
        raise InvalidDataError("bad_record", "a record needs a 'game:' and a 'setup:' line")
    return game


def _start(kind: str, setup: str, line: int) -> GameBase:
    from hogwarts_rules.catalogue import find_game

    spec = find_game(kind)
    try:
        data = json.loads(setup)
    except (ValueError, RecursionError):
        raise InvalidDataError("bad_record", f"line {line}: the set-up is not JSON") from None
    saved = {"format": FORMAT, "version": FORMAT_VERSION, "game": spec.kind, "setup": data}
    try:
        return spec.from_dict({**saved, "actions": []})
    except InvalidDataError as exc:
        raise InvalidDataError("bad_record", f"line {line}: {exc.message}", exc.path) from None


def _play_line(game: GameBase, text: str, line: int) -> GameBase:
    seat = None
    if text.startswith("["):
        named = [s for s in game.seat_names if text.startswith(f"[{s}]")]
        if not named:
            raise InvalidDataError(
                "illegal_record", f"line {line}: {_shown(text)} names no seat of the game"
            )
        seat = max(named, key=len)
        text = text[len(seat) + 2 :]
    try:
        action = parse_action(game, text, seat)
        if seat is not None and action.actor not in (None, seat):
            notation_error(f"{action.actor} takes this action, not {seat}")
        game, _ = game.apply(action)
    except RulesError as exc:
        raise InvalidDataError("illegal_record", f"line {line}: {exc.message}") from None
    return game
