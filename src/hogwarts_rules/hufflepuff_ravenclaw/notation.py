"""Hufflepuff & Ravenclaw's text notation (see `hogwarts_rules.notation`).

The scene's characters are written in full (quoted when the name has a space);
skills, stats, qualities and spells may be shortened to a word naming one only.
A modifier is a signed number (``+2``, ``-3``) at the end of a test.

| notation | action |
|---|---|
| ``spend 2`` | `SpendYouth` (the character deciding) |
| ``end session``, ``school break`` | `EndSession`, `SchoolBreak` |
| ``end of year``, ``end scene`` | `EndOfYear`, `EndScene` |
| ``test Sky mischief bravery +2`` | `SkillTest` |
| ``quality Sky fortitude -1`` | `QualityTest` |
| ``damage Sky 3``, ``damage Sky 3 "a hex"`` | `Damage` (a reason other than *harm* follows) |
| ``heal Sky 2``, ``fall Sky 10`` | `Heal`, `Fall` (metres) |
| ``learn Sky lumos``, ``class Sky charms`` | `LearnSpell`, `JoinClass` |
| ``remove Sky`` | `RemoveCharacter` |

Every other action of a game master (contests, spells, brawls, duels, a new
character...) and a test with named traits or modifier reasons is written as its
JSON (``action.to_dict()``), which the core reads back.

Examples:
    >>> from hogwarts_rules import hufflepuff_ravenclaw as hr
    >>> from hogwarts_rules.notation import format_action, parse_action
    >>> scene = hr.new_game(["Sky", "Weasley"], seed=1)
    >>> format_action(scene, hr.SkillTest("Sky", "Care of Magical Creatures", "Bravery"))
    'test Sky creatures bravery'
    >>> test = parse_action(scene, "TEST weasley muggle mischief intellect +2")
    >>> test.character, test.skill, test.stat, test.modifiers
    ('Weasley', 'Muggle Mischief', 'Intellect', (Modifier(value=2, reason='situation'),))
"""

from __future__ import annotations

import functools
import json
from collections.abc import Sequence
from typing import Final

import attrs

from hogwarts_rules.actions import Action
from hogwarts_rules.engine import GameBase
from hogwarts_rules.hufflepuff_ravenclaw.actions import (
    Damage,
    EndOfYear,
    EndScene,
    EndSession,
    Fall,
    Heal,
    JoinClass,
    LearnSpell,
    Modifier,
    QualityTest,
    RemoveCharacter,
    SchoolBreak,
    SkillTest,
    SpendYouth,
)
from hogwarts_rules.hufflepuff_ravenclaw.character import QUALITIES
from hogwarts_rules.hufflepuff_ravenclaw.game import Game
from hogwarts_rules.notation import (
    NameTable,
    acting_seat,
    notation_error,
    number,
    quote,
    read_names,
)

__all__ = ["NOTATION", "SceneNotation"]

_BIG: Final = 10**6
_PLAIN: Final[dict[tuple[str, ...], type[Action]]] = {
    ("end", "session"): EndSession,
    ("school", "break"): SchoolBreak,
    ("end", "of", "year"): EndOfYear,
    ("end", "scene"): EndScene,
}
_WRITTEN: Final = {kind: " ".join(words) for words, kind in _PLAIN.items()}
_QUALITIES: Final = NameTable("quality", QUALITIES)


@attrs.frozen
class _Names:
    characters: NameTable
    skills: NameTable
    stats: NameTable
    spells: NameTable


def _names(game: GameBase) -> _Names:
    if not isinstance(game, Game):
        raise TypeError(f"a Hufflepuff & Ravenclaw scene is needed, not {type(game).__name__}")
    setup = game.setup
    return _tables(tuple(game.characters), tuple(setup.skills), setup.stats, tuple(setup.spells))


@functools.lru_cache(maxsize=32)
def _tables(
    characters: tuple[str, ...],
    skills: tuple[str, ...],
    stats: tuple[str, ...],
    spells: tuple[str, ...],
) -> _Names:
    return _Names(
        NameTable("character", characters, full=True),
        NameTable("skill", skills),
        NameTable("stat or quality", (*stats, *QUALITIES)),
        NameTable("spell", spells),
    )


def _modifiers(modifiers: Sequence[Modifier]) -> str | None:
    """The modifiers as ``+2 -1``, or ``None`` when one has a reason of its own."""
    if any(m.reason != "situation" for m in modifiers):
        return None
    return "".join(f" {m.value:+d}" for m in modifiers)


def _json(action: Action) -> str:
    return json.dumps(action.to_dict(), ensure_ascii=False, separators=(",", ":"))


@attrs.frozen
class SceneNotation:
    """Hufflepuff & Ravenclaw's `hogwarts_rules.notation.Notation` (see the module docstring)."""

    def format(self, game: GameBase, action: Action) -> str:
        """See `hogwarts_rules.notation.Notation.format`."""
        names = _names(game)
        plain = _WRITTEN.get(type(action))
        if plain is not None:
            return plain
        match action:
            case SpendYouth(points=points):
                return f"spend {points}"
            case SkillTest(character=who, skill=skill, stat=stat, modifiers=mods, traits=()):
                extra = _modifiers(mods)
                if extra is not None and {who, skill, stat} <= _known(names):
                    return (
                        f"test {quote(who)} {names.skills.short(skill)} "
                        f"{names.stats.short(stat)}{extra}"
                    )
            case QualityTest(character=who, quality=quality, modifiers=mods, traits=()):
                extra = _modifiers(mods)
                if extra is not None and {who, quality} <= _known(names):
                    return f"quality {quote(who)} {_QUALITIES.short(quality)}{extra}"
            case Damage(character=who, points=points, reason=reason):
                if who in names.characters.names:
                    tail = "" if reason == "harm" else f" {quote(reason)}"
                    return f"damage {quote(who)} {points}{tail}"
            case Heal(character=who, points=points):
                if who in names.characters.names:
                    return f"heal {quote(who)} {points}"
            case Fall(character=who, metres=metres):
                if who in names.characters.names:
                    return f"fall {quote(who)} {metres}"
            case LearnSpell(character=who, spell=spell):
                if {who, spell} <= _known(names):
                    return f"learn {quote(who)} {names.spells.short(spell)}"
            case JoinClass(character=who, skill=skill):
                if {who, skill} <= _known(names):
                    return f"class {quote(who)} {names.skills.short(skill)}"
            case RemoveCharacter(character=who):
                if who in names.characters.names:
                    return f"remove {quote(who)}"
        return _json(action)

    def parse(self, game: GameBase, tokens: Sequence[str], seat: str | None) -> Action:
        """See `hogwarts_rules.notation.Notation.parse`."""
        names = _names(game)
        said = tuple(token.casefold() for token in tokens)
        plain = _PLAIN.get(said)
        if plain is not None:
            return plain()
        verb, rest = said[0], list(tokens[1:])
        if verb == "spend" and len(rest) == 1:
            return SpendYouth(acting_seat(game, seat), number(rest[0], "Youth", 0, 99))
        if verb == "test":
            body, mods = _split_modifiers(rest)
            who, skill, stat = read_names(body, (names.characters, names.skills, names.stats))
            return SkillTest(who, skill, stat, mods)
        if verb == "quality":
            body, mods = _split_modifiers(rest)
            who, quality = read_names(body, (names.characters, _QUALITIES))
            return QualityTest(who, quality, mods)
        if verb in ("damage", "heal", "fall"):
            who, amount, tail = _character_and_number(names.characters, rest, verb)
            if verb == "damage":
                return Damage(who, amount, " ".join(tail) if tail else "harm")
            if tail:
                notation_error(f"nothing follows the number of {verb}: {' '.join(tail)[:60]!r}")
            return Heal(who, amount) if verb == "heal" else Fall(who, amount)
        if verb == "learn":
            who, spell = read_names(rest, (names.characters, names.spells))
            return LearnSpell(who, spell)
        if verb == "class":
            who, skill = read_names(rest, (names.characters, names.skills))
            return JoinClass(who, skill)
        if verb == "remove" and rest:
            return RemoveCharacter(names.characters.one(rest))
        known = "spend, test, quality, damage, heal, fall, learn, class, remove, end session, "
        known += "school break, end of year, end scene, or the action as JSON"
        notation_error(f"{' '.join(tokens)[:60]!r} is not a scene action ({known})")


def _known(names: _Names) -> set[str]:
    return {*names.characters.names, *names.skills.names, *names.stats.names, *names.spells.names}


def _split_modifiers(tokens: list[str]) -> tuple[list[str], tuple[Modifier, ...]]:
    mods: list[Modifier] = []
    while tokens and tokens[-1][:1] in "+-" and tokens[-1][1:].isdigit():
        mods.insert(0, Modifier(number(tokens.pop(), "a modifier", -_BIG, _BIG)))
    return tokens, tuple(mods)


def _character_and_number(
    characters: NameTable, tokens: list[str], verb: str
) -> tuple[str, int, list[str]]:
    """A character, then a whole number, then the rest (the longest name that fits first)."""
    for end in range(len(tokens) - 1, 0, -1):
        found = characters.find(tokens[:end])
        if len(found) == 1 and tokens[end].isdigit():
            return found[0], number(tokens[end], verb, 0, _BIG), tokens[end + 1 :]
    if tokens:
        characters.one(tokens[:1])
    notation_error(f"write {verb}, a character and a number")


NOTATION: Final = SceneNotation()
"""Hufflepuff & Ravenclaw's notation (`hufflepuff_ravenclaw.spec.SPEC.notation`)."""
