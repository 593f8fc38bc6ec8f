"""Character sheets and scenes of Hufflepuff & Ravenclaw as HTML (plain strings).

`character_html` draws a character sheet: the school year, health (Size, damage
Points and the wound), Youth, the stats and qualities, the skills with their check
marks and classes, Advantages and Disadvantages, and the standard spells.
`scene_html` draws a scene: what it is waiting for, and its characters side by
side. Jupyter shows characters and scenes this way (``Character._repr_html_``,
``Game._repr_html_``).

The markup uses inline styles only (no scripts, no style sheet), so it looks the
same wherever HTML is shown, and every name is escaped. Each sheet is a ``<div
class="hr-character" data-character="NAME">``.

Examples:
    >>> from hogwarts_rules import hufflepuff_ravenclaw as hr
    >>> sky = hr.Character.first_year("Sky", skills={"Brawl": 1})
    >>> sheet = character_html(sky)
    >>> sheet.startswith('<div class="hr-character"'), "Brawl" in sheet
    (True, True)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Final

from hogwarts_rules._drawing import esc
from hogwarts_rules.dice import CHANCE
from hogwarts_rules.hufflepuff_ravenclaw.character import Character, Wound
from hogwarts_rules.hufflepuff_ravenclaw.view import SceneView

if TYPE_CHECKING:
    from hogwarts_rules.hufflepuff_ravenclaw.game import Game

__all__ = ["character_html", "scene_html"]

_WOUND_COLOURS: Final = {
    Wound.UNHURT: "#2e7d32",
    Wound.MINOR: "#f9a825",
    Wound.MAJOR: "#ef6c00",
    Wound.UNCONSCIOUS: "#c62828",
    Wound.DEAD: "#212121",
}
_CELL: Final = "padding: 2px 6px; border-bottom: 1px solid #e0e0e0"
_HEADING: Final = "margin: 8px 0 2px; font-size: 13px; color: #37474f"


def _signed(value: int) -> str:
    return f"+{value}" if value > 0 else str(value)


def _table(rows: Iterable[Sequence[str]], header: Sequence[str], css: str) -> str:
    """A small table; ``rows`` and ``header`` are already escaped."""
    head = "".join(f'<th style="{_CELL}; text-align: left">{h}</th>' for h in header)
    body = "".join(
        "<tr>" + "".join(f'<td style="{_CELL}">{cell}</td>' for cell in row) + "</tr>"
        for row in rows
    )
    return (
        f'<table class="{css}" style="border-collapse: collapse; font-size: 12px">'
        f"<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"
    )


def _pips(have: int, most: int, colour: str) -> str:
    full = "\u25cf" * max(have, 0)
    empty = "\u25cb" * max(most - have, 0)
    return f'<span style="color: {colour}; letter-spacing: 1px">{full}{empty}</span>'


def _health(c: Character) -> str:
    wound = c.wound
    colour = _WOUND_COLOURS[wound]
    # The bar: how far the damage Points are towards unconsciousness (Size).
    share = min(c.damage / c.size, 1.0) if c.size > 0 else 1.0
    knocked = " (knocked out)" if c.knocked_out else ""
    return (
        f'<div class="hr-health" data-wound="{esc(wound.value)}" data-damage="{c.damage}">'
        f"<b>Health</b>: Size {c.size} \u00b7 damage {c.damage} \u00b7 "
        f'<span style="color: {colour}; font-weight: bold">{esc(wound.value)}</span>'
        f"{esc(knocked)}"
        f'<div style="height: 6px; background: #e0e0e0; border-radius: 3px; margin-top: 2px">'
        f'<div style="height: 6px; width: {share * 100:.0f}%; background: {colour}; '
        f'border-radius: 3px"></div></div></div>'
    )


def _youth(c: Character) -> str:
    if c.year is None:
        return '<div class="hr-youth" data-youth="0"><b>Youth</b>: none (an adult)</div>'
    return (
        f'<div class="hr-youth" data-youth="{c.youth}"><b>Youth</b>: {c.youth} of '
        f"{c.youth_max} {_pips(c.youth, c.youth_max, '#6a1b9a')}</div>"
    )


def _skills(c: Character) -> str:
    names = list(c.skills)
    names += sorted((c.checks | c.classes) - set(names))
    if not names:
        return '<div class="hr-skills" style="font-size: 12px; color: #757575">No skills</div>'
    rows = []
    for name in names:
        notes = []
        if name in c.checks:
            notes.append("\u2714 check mark")
        if name in c.classes:
            notes.append("class")
        rows.append((esc(name), _signed(c.skill(name)), esc(", ".join(notes))))
    return _table(rows, ("Skill", "Rating", "Experience"), "hr-skills")


def _traits(c: Character) -> str:
    if not c.traits:
        return ""
    rows = []
    for name, trait in c.traits.items():
        kind = "Advantage" if trait.value > 0 else "Disadvantage" if trait.value < 0 else "Trait"
        where = ", ".join(sorted(trait.applies_to)) or "when the game master names it"
        rows.append((esc(name), _signed(trait.value), esc(kind), esc(where)))
    heading = f'<div style="{_HEADING}">Advantages and Disadvantages</div>'
    return heading + _table(rows, ("Name", "Value", "Kind", "Applies to"), "hr-traits")


def character_html(character: Character) -> str:
    """A character sheet as an HTML fragment (a ``<div>``).

    Args:
        character: the character.

    Examples:
        >>> from hogwarts_rules import hufflepuff_ravenclaw as hr
        >>> sheet = character_html(hr.Character.first_year("<b>Bold</b>"))
        >>> "<b>Bold</b>" in sheet, "&lt;b&gt;Bold&lt;/b&gt;" in sheet
        (False, True)
    """
    c = character
    year = "an adult" if c.year is None else f"year {c.year}"
    stats = [(esc(name), str(value), "d20") for name, value in c.stats.items()]
    stats += [(esc(name), str(value), "d6 (quality)") for name, value in c.qualities.items()]
    parts = [
        f'<div class="hr-character" data-character="{esc(c.name)}" '
        'style="display: inline-block; vertical-align: top; min-width: 260px; '
        "max-width: 340px; margin: 4px; padding: 8px 10px; border: 2px solid #5c6bc0; "
        'border-radius: 8px; background: #fcfcff; font-family: sans-serif; font-size: 13px">',
        f'<div class="hr-name" style="font-size: 16px; font-weight: bold">{esc(c.name)}</div>',
        f'<div style="color: #616161">{esc(year)}</div>',
        _health(c),
        _youth(c),
        f'<div style="{_HEADING}">Stats and qualities</div>',
        _table(stats, ("Name", "Value", "Die"), "hr-stats"),
        f'<div style="{_HEADING}">Skills</div>',
        _skills(c),
        _traits(c),
    ]
    if c.spells:
        parts.append(f'<div style="{_HEADING}">Standard spells</div>')
        parts.append(
            '<ul class="hr-spells" style="margin: 0; padding-left: 18px">'
            + "".join(f"<li>{esc(spell)}</li>" for spell in sorted(c.spells))
            + "</ul>"
        )
    checks = ", ".join(sorted(c.checks)) or "none"
    classes = ", ".join(sorted(c.classes)) or "none"
    parts.append(
        f'<div class="hr-experience" style="{_HEADING}">Experience</div>'
        f'<div style="font-size: 12px">Check marks: {esc(checks)}<br>'
        f"Classes: {esc(classes)}</div>"
    )
    parts.append("</div>")
    return "".join(parts)


def _scene_status(view: SceneView) -> str:
    if view.ended:
        return "The scene has ended."
    if view.to_act == (CHANCE,):
        return f"Waiting for a roll: {view.prompt}"
    if view.to_act:
        return f"Waiting for {view.to_act[0]}: {view.prompt}"
    return "The game master's move."


def scene_html(game: Game | SceneView) -> str:
    """A scene as an HTML fragment: its status and its characters side by side.

    Args:
        game: the scene, or a view of it (the picture starts from a view).

    Examples:
        >>> from hogwarts_rules import hufflepuff_ravenclaw as hr
        >>> scene = hr.new_game(["Sky", "Weasley"], seed=1)
        >>> page = scene_html(scene)
        >>> page.count('class="hr-character"')
        2
    """
    view = game if isinstance(game, SceneView) else game.view(None)
    sheets = "".join(character_html(c) for c in view.characters.values())
    return (
        '<div class="hr-scene" style="font-family: sans-serif">'
        '<div class="hr-status" style="font-size: 14px; margin: 2px 4px 6px">'
        f"<b>Hufflepuff &amp; Ravenclaw</b> \u2014 {esc(_scene_status(view))}</div>"
        f'<div class="hr-characters" style="display: flex; flex-wrap: wrap; '
        f'align-items: flex-start">{sheets}</div></div>'
    )
