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

from typing import TYPE_CHECKING, Any, Literal

import attrs

from hogwarts_rules.actions import Action
from hogwarts_rules.engine import Outcome
from hogwarts_rules.frozen import FrozenMap
from hogwarts_rules.hufflepuff_ravenclaw.character import Character, SkillKind, Spell
from hogwarts_rules.serialization import unstructure
from hogwarts_rules.views import (
    actions_dict,
    awaited_for,
    engine_ask,
    view_from_dict,
    viewer_actions,
)

if TYPE_CHECKING:
    from hogwarts_rules.hufflepuff_ravenclaw.game import Game

__all__ = ["Ask", "AskKind", "SceneView", "ask_for", "view_for"]


AskKind = Literal["game_master", "decision", "chance", "over"]
"""What a Hufflepuff & Ravenclaw scene asks for now (`Ask.kind`)."""


@attrs.frozen
class Ask:
    """Who acts now and what they are asked, in words and as data (every state has one).

    Attributes:
        player: who acts: a character's name; ``"<chance>"`` (`hogwarts_rules.CHANCE`)
            when external dice must supply a roll; ``None`` when the game master
            acts (through any seat) or nobody (the scene is over).
        kind: what is asked: ``"game_master"`` (the game master calls for a roll,
            a spell, damage, rest, or ends the scene: the legal actions list them),
            ``"decision"`` (a character decides on the way: spend Youth...),
            ``"chance"`` (a roll of external dice) or ``"over"``.
        text: the same in words (for a decision, the rules' own prompt).
    """

    player: str | None
    kind: AskKind
    text: str


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
        ask: who acts now and what they are asked (see `Ask`), in every state.
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
    ask: Ask
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


_GAME_MASTER = (
    "The game master's move: call for a test, a contest, a spell, a brawl or a duel round, "
    "damage or healing, a break, or end the scene"
)


def ask_for(game: Game) -> Ask:
    """Who acts in ``game`` and what they are asked (the scene keeps no secrets)."""
    asked = engine_ask(game, None, secret=False, over="The scene is over.")
    if asked is not None:
        return Ask(*asked)
    return Ask(None, "game_master", _GAME_MASTER)


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
        ask=ask_for(game),
        prompt=prompt,
        details=details,
        outcome=game.outcome,
    )
