"""What a seat (or the table) sees of a Hufflepuff & Ravenclaw scene.

The mechanics keep no secrets: every character sheet is open. But no view holds
the dice, whose seed and state would predict every roll.

Examples:
    >>> from hogwarts_rules import hufflepuff_ravenclaw as hr
    >>> scene = hr.new_game(["Sky", "Weasley"], seed=1)
    >>> view = scene.view(None)
    >>> sorted(view.characters), view.ended, hasattr(view, "dice")
    (['Sky', 'Weasley'], False, False)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from hogwarts_rules.actions import Action
from hogwarts_rules.engine import Outcome
from hogwarts_rules.frozen import FrozenMap
from hogwarts_rules.hufflepuff_ravenclaw.character import Character, SkillKind, Spell
from hogwarts_rules.serialization import unstructure
from hogwarts_rules.views import actions_dict, awaited_for, view_from_dict, viewer_actions

if TYPE_CHECKING:
    from hogwarts_rules.hufflepuff_ravenclaw.game import Game

__all__ = ["SceneView", "view_for"]


@attrs.frozen
class SceneView:
    """One seat's view of a scene (the table's, the game master's, when ``viewer`` is ``None``).

    Attributes:
        viewer: whose view (``None``: the table's).
        characters: every character sheet as it stands now, by name.
        stats: the stat names the scene knows besides the qualities.
        skills: every skill name with its kind.
        spells: the standard spells by name.
        ended: the game master has ended the scene.
        to_act: who must decide now (a character spending Youth, or the table's dice).
        legal_actions: what the viewer may do now (the table: nothing; the game
            master's actions are open to every seat while nobody must decide).
        prompt: what is being decided (or rolled), in words; empty when nothing is awaited.
        details: the facts of that decision (the roll, the target), if any.
        outcome: how the scene ended, once it has.
    """

    viewer: str | None
    characters: FrozenMap[str, Character]
    stats: tuple[str, ...]
    skills: FrozenMap[str, SkillKind]
    spells: FrozenMap[str, Spell]
    ended: bool
    to_act: tuple[str, ...]
    legal_actions: tuple[Action, ...]
    prompt: str
    details: FrozenMap[str, int | str]
    outcome: Outcome | None = None

    def __str__(self) -> str:
        """The text board (see `text.board_text`)."""
        from hogwarts_rules.hufflepuff_ravenclaw.text import board_text

        return board_text(self)

    def __repr__(self) -> str:
        """A short summary that shows no secret (see `text.short_repr`)."""
        from hogwarts_rules.hufflepuff_ravenclaw.text import short_repr

        return short_repr(self)

    @property
    def is_over(self) -> bool:
        """True once the scene has ended."""
        return self.ended

    def _repr_html_(self) -> str:
        """The scene Jupyter shows: its characters side by side (see `html.scene_html`)."""
        from hogwarts_rules.hufflepuff_ravenclaw.html import scene_html

        return scene_html(self)

    @classmethod
    def from_dict(cls, data: object) -> SceneView:
        """Rebuild a view from `to_dict()` output (untrusted: checked strictly).

        Raises:
            InvalidDataError: the data does not fit (the message names the field).
        """
        if isinstance(data, dict) and isinstance(data.get("characters"), dict):
            # ``wound`` is written for readers; it follows from the damage and is not read.
            sheets = {
                name: {k: v for k, v in sheet.items() if k != "wound"}
                if isinstance(sheet, dict)
                else sheet
                for name, sheet in data["characters"].items()
            }
            data = {**data, "characters": sheets}
        return view_from_dict(cls, data)

    def to_dict(self) -> dict[str, Any]:
        """The view as JSON-safe data (for a UI)."""
        result: dict[str, Any] = unstructure(self)
        for name, c in self.characters.items():
            result["characters"][name]["wound"] = c.wound.value
        return actions_dict(result, self.legal_actions)


def view_for(game: Game, seat: str | None) -> SceneView:
    """Build ``seat``'s view of ``game`` (use `Game.view`)."""
    prompt, details = awaited_for(game, seat, public=True)
    return SceneView(
        viewer=seat,
        characters=game.characters,
        stats=game.setup.stats,
        skills=game.setup.skills,
        spells=game.setup.spells,
        ended=game.ended,
        to_act=game.to_act,
        legal_actions=viewer_actions(game, seat),
        prompt=prompt,
        details=details,
        outcome=game.outcome,
    )
