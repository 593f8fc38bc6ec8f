"""Clue's text notation (see `hogwarts_rules.notation`).

One action a line, in lower case (any case is read), names shortened to a word
that names one card or place only:

| notation | action |
|---|---|
| ``deal`` | `Deal` |
| ``choose luna`` | `ChooseStudent` |
| ``roll``, ``stay``, ``end``, ``pay`` | `RollDice`, `StayPut`, `EndTurn`, `PayFloo` |
| ``move burrow``, ``move 7,12`` | `MoveTo` a location, or a square as ``row,column`` |
| ``move burrow felix alohomora 2`` | `MoveTo` with Felix Felicis and two Alohomora cards |
| ``floo hogwarts`` | `UseFireplace` |
| ``suggest greyback necklace`` | `Suggest` (suspect, then item) |
| ``accuse greyback necklace manor`` | `Accuse` (suspect, item, location) |
| ``show lucius`` | `ShowCard` |
| ``protect lumos`` | `Protect` with a Help card |

Examples:
    >>> from hogwarts_rules import clue
    >>> from hogwarts_rules.notation import format_action, parse_action
    >>> game = clue.new_game(["Ann", "Ben", "Cat"], seed=1)
    >>> format_action(game, clue.Suggest("Ann", "Scabior", "Cursed Necklace"))
    'suggest scabior necklace'
    >>> parse_action(game, "Accuse fenrir neck Hog's Head", "Ben")
    Accuse(player='Ben', suspect='Fenrir Greyback', item='Cursed Necklace', location="Hog's Head")
    >>> parse_action(game, "move 12,7 felix", "Ann")
    MoveTo(player='Ann', destination='12,7', felix=True, alohomoras=0)
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final

import attrs

from hogwarts_rules.actions import Action
from hogwarts_rules.clue.actions import (
    Accuse,
    ChooseStudent,
    Deal,
    EndTurn,
    MoveTo,
    PayFloo,
    Protect,
    RollDice,
    ShowCard,
    StayPut,
    Suggest,
    UseFireplace,
)
from hogwarts_rules.clue.cards import ITEMS, LOCATIONS, MYSTERY_CARDS, STUDENTS, SUSPECTS
from hogwarts_rules.clue.content import Content
from hogwarts_rules.clue.game import Game
from hogwarts_rules.engine import GameBase
from hogwarts_rules.notation import NameTable, acting_seat, notation_error, number, read_names

__all__ = ["NOTATION", "ClueNotation"]

_SQUARE: Final = re.compile(r"(\d{1,3}),(\d{1,3})")
_ALOHOMORA: Final = frozenset({"alohomora", "alohomoras"})

_SUSPECTS: Final = NameTable("suspect", SUSPECTS)
_ITEMS: Final = NameTable("item", ITEMS)
_LOCATION_CARDS: Final = NameTable("location", LOCATIONS)
_CARDS: Final = NameTable("mystery card", MYSTERY_CARDS)
_STUDENTS: Final = NameTable("student", STUDENTS)


@attrs.frozen
class _Tables:
    places: NameTable
    help: NameTable


_CACHE: dict[int, tuple[Content, _Tables]] = {}


def _tables(content: Content) -> _Tables:
    """The content's name tables (cached by identity: hashing a board is slow)."""
    found = _CACHE.get(id(content))
    if found is not None and found[0] is content:
        return found[1]
    names = tuple(dict.fromkeys(card.name for card in content.help_deck))
    tables = _Tables(NameTable("location", content.board.locations), NameTable("Help card", names))
    if len(_CACHE) >= 8:
        _CACHE.clear()
    _CACHE[id(content)] = (content, tables)
    return tables


def _content(game: GameBase) -> Content:
    if not isinstance(game, Game):
        raise TypeError(f"a game of Clue is needed, not {type(game).__name__}")
    return game.content


_WORDS: Final = {
    "roll": RollDice,
    "stay": StayPut,
    "end": EndTurn,
    "pay": PayFloo,
}


@attrs.frozen
class ClueNotation:
    """Clue's `hogwarts_rules.notation.Notation` (see the module docstring)."""

    def format(self, game: GameBase, action: Action) -> str:
        """See `hogwarts_rules.notation.Notation.format`."""
        tables = _tables(_content(game))
        match action:
            case Deal():
                return "deal"
            case ChooseStudent(student=student):
                return f"choose {_STUDENTS.short(student)}"
            case RollDice():
                return "roll"
            case StayPut():
                return "stay"
            case EndTurn():
                return "end"
            case PayFloo():
                return "pay"
            case UseFireplace(destination=destination):
                return f"floo {tables.places.short(destination)}"
            case Suggest(suspect=suspect, item=item):
                return f"suggest {_SUSPECTS.short(suspect)} {_ITEMS.short(item)}"
            case Accuse(suspect=suspect, item=item, location=location):
                return (
                    f"accuse {_SUSPECTS.short(suspect)} {_ITEMS.short(item)} "
                    f"{_LOCATION_CARDS.short(location)}"
                )
            case ShowCard(card=card):
                return f"show {_CARDS.short(card)}"
            case Protect(card=card):
                return f"protect {tables.help.short(card)}"
            case MoveTo(destination=destination, felix=felix, alohomoras=used):
                where = destination if _SQUARE.fullmatch(destination) else None
                text = f"move {where or tables.places.short(destination)}"
                if felix:
                    text += " felix"
                if used:
                    text += " alohomora" if used == 1 else f" alohomora {used}"
                return text
        notation_error(f"{type(action).__name__} is not an action of Clue")

    def parse(self, game: GameBase, tokens: Sequence[str], seat: str | None) -> Action:
        """See `hogwarts_rules.notation.Notation.parse`."""
        tables = _tables(_content(game))
        verb, rest = tokens[0].casefold(), list(tokens[1:])
        if verb == "deal" and not rest:
            return Deal()
        simple = _WORDS.get(verb)
        if simple is not None and (not rest or (verb == "pay" and _is(rest, "floo"))):
            return simple(acting_seat(game, seat))
        if verb == "choose":
            return ChooseStudent(acting_seat(game, seat), _STUDENTS.one(_need(rest, "a student")))
        if verb == "floo":
            place = tables.places.one(_need(rest, "a location"))
            return UseFireplace(acting_seat(game, seat), place)
        if verb == "suggest":
            suspect, item = read_names(rest, (_SUSPECTS, _ITEMS))
            return Suggest(acting_seat(game, seat), suspect, item)
        if verb == "accuse":
            suspect, item, location = read_names(rest, (_SUSPECTS, _ITEMS, _LOCATION_CARDS))
            return Accuse(acting_seat(game, seat), suspect, item, location)
        if verb == "show":
            return ShowCard(acting_seat(game, seat), _CARDS.one(_need(rest, "a card")))
        if verb == "protect":
            return Protect(acting_seat(game, seat), tables.help.one(_need(rest, "a Help card")))
        if verb == "move":
            return _move(game, rest, seat, tables.places)
        known = "deal, choose, roll, move, floo, stay, suggest, accuse, end, show, protect, pay"
        notation_error(f"{tokens[0][:60]!r} is not a Clue action ({known})")


def _is(tokens: Sequence[str], *words: str) -> bool:
    return [t.casefold() for t in tokens] == list(words)


def _need(tokens: list[str], what: str) -> list[str]:
    if not tokens:
        notation_error(f"expected {what}")
    return tokens


def _move(game: GameBase, rest: list[str], seat: str | None, places: NameTable) -> MoveTo:
    felix, used = False, 0
    while rest:
        last = rest[-1].casefold()
        if last == "felix":
            felix = True
            rest.pop()
        elif last in _ALOHOMORA:
            used = max(used, 1)
            rest.pop()
        elif len(rest) >= 2 and rest[-2].casefold() in _ALOHOMORA:
            used = number(rest[-1], "Alohomora cards", 1, 99)
            del rest[-2:]
        else:
            break
    square = _SQUARE.fullmatch(rest[0]) if len(rest) == 1 else None
    if square is not None:
        destination = f"{int(square.group(1))},{int(square.group(2))}"
    else:
        destination = places.one(_need(rest, "a location or a square (row,column)"))
    return MoveTo(acting_seat(game, seat), destination, felix, used)


NOTATION: Final = ClueNotation()
"""Clue's notation (`clue.spec.SPEC.notation`)."""
