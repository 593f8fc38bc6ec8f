"""A Hufflepuff & Ravenclaw scene as plain text: a summary of its characters, and short reprs.

`board_text` summarises a scene (or a view of it) for a terminal or a log:
what the scene awaits, a table of the characters (school year, Youth, Size,
damage Points and wound), then each character's stats and qualities, skills
(with their check marks and classes), Advantages and Disadvantages and standard
spells. Every line is at most `WIDTH` characters and no line is blank; the text
comes from a view only, so it never holds the dice.

`short_repr` is a one-line summary of a scene or a view, at most `REPR_LIMIT`
characters, for ``repr()``.

Examples:
    >>> from hogwarts_rules import hufflepuff_ravenclaw as hr
    >>> scene = hr.new_game(["Sky", "Weasley"], seed=1)
    >>> print(board_text(scene).splitlines()[0])
    Hufflepuff & Ravenclaw - the game master's move
    >>> short_repr(scene)
    "<hufflepuff_ravenclaw.Game: 2 characters, the game master's move>"
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Final

from hogwarts_rules._text import fill
from hogwarts_rules.dice import CHANCE
from hogwarts_rules.hufflepuff_ravenclaw.character import Character, Wound
from hogwarts_rules.hufflepuff_ravenclaw.view import SceneView

if TYPE_CHECKING:
    from hogwarts_rules.hufflepuff_ravenclaw.game import Game

__all__ = ["REPR_LIMIT", "WIDTH", "board_text", "short_repr"]

WIDTH: Final = 100
"""The widest line `board_text` writes, in characters."""

REPR_LIMIT: Final = 120
"""The longest text `short_repr` returns, in characters."""

_NAME_WIDTH: Final = 24
_WOUNDS: Final[Mapping[Wound, str]] = {
    Wound.UNHURT: "unhurt",
    Wound.MINOR: "Minor Wound",
    Wound.MAJOR: "Major Wound",
    Wound.UNCONSCIOUS: "unconscious",
    Wound.DEAD: "dead",
}


def _clip(text: str, width: int) -> str:
    """``text`` cut to ``width`` characters, ending in ``~`` when cut."""
    return text if len(text) <= width else text[: width - 1] + "~"


def _signed(value: int) -> str:
    return f"+{value}" if value > 0 else str(value)


def _as_view(game: Game | SceneView) -> SceneView:
    return game if isinstance(game, SceneView) else game.view(None)


def _deciders(view: SceneView) -> str:
    return " and ".join(_clip(name, _NAME_WIDTH) for name in view.to_act)


def _state(view: SceneView) -> str:
    """What the scene awaits, in a few words."""
    if view.ended:
        return "the scene has ended"
    if view.to_act == (CHANCE,):
        return "a roll awaited"
    if view.to_act:
        return f"{_deciders(view)} to decide"
    return "the game master's move"


def _table(view: SceneView) -> list[str]:
    lines = [f"  {'Character':<{_NAME_WIDTH}} {'Year':>5} {'Youth':>7} {'Size':>5} Damage Wound"]
    for name, c in view.characters.items():
        mark = ">" if name in view.to_act else " "
        year = "adult" if c.year is None else str(c.year)
        youth = "-" if c.year is None else f"{c.youth}/{c.youth_max}"
        wound = _WOUNDS[c.wound] + (" (knocked out)" if c.knocked_out else "")
        lines.append(
            f"{mark} {_clip(name, _NAME_WIDTH):<{_NAME_WIDTH}} {year:>5} {youth:>7} "
            f"{c.size:>5} {c.damage:>6} {wound}"
        )
    return lines


def _sheet(c: Character) -> list[str]:
    """One character's stats, skills, traits and spells, indented under their name."""
    lines = [_clip(f"{c.name}:", WIDTH)]
    numbers = [f"{name} {value}" for name, value in c.stats.items()]
    numbers += [f"{name} {value} (d6)" for name, value in c.qualities.items()]
    lines += fill("  Stats: ", numbers, ", ", "    ")
    names = list(c.skills)
    names += sorted((c.checks | c.classes) - set(names))
    skills = []
    for name in names:
        flags = (("check mark", name in c.checks), ("class", name in c.classes))
        notes = ", ".join(note for note, has in flags if has)
        skills.append(f"{name} {_signed(c.skill(name))}" + (f" ({notes})" if notes else ""))
    if skills:
        lines += fill("  Skills: ", skills, ", ", "    ")
    if c.traits:
        traits = [f"{name} {_signed(trait.value)}" for name, trait in c.traits.items()]
        lines += fill("  Traits: ", traits, ", ", "    ")
    if c.spells:
        lines += fill("  Spells: ", sorted(c.spells), ", ", "    ")
    return lines


def _awaited(view: SceneView) -> list[str]:
    if view.ended or not view.to_act or not view.prompt:
        return []
    head = "Awaiting a roll: " if view.to_act == (CHANCE,) else f"Awaiting {_deciders(view)}: "
    lines = fill(head, view.prompt.split(), " ", "  ")
    facts = [_detail(key, value) for key, value in view.details.items() if key not in _SAID]
    if facts:  # in words: the roll, the target and the label are in the prompt already
        lines += fill("  (", [*facts[:-1], facts[-1] + ")"], "; ", "   ")
    return lines


_SAID = frozenset({"label", "roll", "target"})


def _detail(key: str, value: object) -> str:
    """One fact of a decision, in words."""
    if key == "die":
        return f"a d{value} roll"
    if key == "youth":
        return f"{value} Youth left"
    return f"{key.replace('_', ' ')}: {value}"


def board_text(game: Game | SceneView) -> str:
    """A summary of the scene as plain text (``str(game)``, ``str(view)``).

    The status line (``>`` marks who must decide in the table), the table of the
    characters, what the scene awaits, and each character's sheet in short.

    Args:
        game: a scene, or a view of it (a scene is drawn from its table's view).

    Examples:
        >>> from hogwarts_rules import hufflepuff_ravenclaw as hr
        >>> sky = hr.Character.first_year("Sky", skills={"Brawl": 1})
        >>> print(board_text(hr.new_game([sky], seed=1)))
        Hufflepuff & Ravenclaw - the game master's move
          Character                 Year   Youth  Size Damage Wound
          Sky                          1     7/7     3      0 unhurt
        Sky:
          Stats: Ambition 3, Agility 3, Size 3, Intellect 3 (d6), Fortitude 3 (d6), Bravery 3 (d6)
          Skills: Brawl +1
    """
    view = _as_view(game)
    lines = [f"Hufflepuff & Ravenclaw - {_state(view)}", *_table(view), *_awaited(view)]
    for c in view.characters.values():
        lines += _sheet(c)
    return "\n".join(_clip(line, WIDTH) for line in lines)  # a very long name is cut


def short_repr(obj: Game | SceneView) -> str:
    """A one-line summary of a scene or a view for ``repr()`` (at most `REPR_LIMIT` characters).

    Examples:
        >>> from hogwarts_rules import hufflepuff_ravenclaw as hr
        >>> short_repr(hr.new_game(["Sky"], seed=1).view("Sky"))
        "<SceneView of 'Sky': 1 character, the game master's move>"
    """
    view = _as_view(obj)
    if isinstance(obj, SceneView):
        viewer = "the table" if obj.viewer is None else repr(_clip(obj.viewer, _NAME_WIDTH))
        head = f"SceneView of {viewer}"
    else:
        head = "hufflepuff_ravenclaw.Game"
    count = len(view.characters)
    text = f"<{head}: {count} character{'s' if count != 1 else ''}, {_state(view)}"
    return _clip(text, REPR_LIMIT - 1) + ">"
