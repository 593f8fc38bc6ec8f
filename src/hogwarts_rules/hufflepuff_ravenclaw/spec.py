"""The `GameSpec` of Hufflepuff & Ravenclaw: the one door front ends and tests use.

A scene's seats are its characters; the game master's actions (tests, contests,
brawls, school breaks) are open to every seat while no character must decide.
The library has no bots for it: it is a game master's table, not a race.

Examples:
    >>> from hogwarts_rules import find_game
    >>> spec = find_game("hr")
    >>> scene = spec.new_game(["Sky"], seed=1, extra_stats=["Luck"])
    >>> scene.setup.stats[-1]
    'Luck'
    >>> spec.parse_player({"name": "Sky"}).name
    Traceback (most recent call last):
    ...
    hogwarts_rules.errors.InvalidDataError: $.stats: required field missing
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

from hogwarts_rules.engine import GameBase
from hogwarts_rules.hufflepuff_ravenclaw.character import Character, SkillKind, Spell
from hogwarts_rules.hufflepuff_ravenclaw.errors import refuse
from hogwarts_rules.hufflepuff_ravenclaw.game import KIND, MAX_CHARACTERS, Game, new_game
from hogwarts_rules.hufflepuff_ravenclaw.notation import NOTATION
from hogwarts_rules.hufflepuff_ravenclaw.view import SceneView
from hogwarts_rules.names import MAX_LABEL_LENGTH, check_name
from hogwarts_rules.serialization import structure
from hogwarts_rules.spec import Command, GameSpec, Option, TerminalHooks

__all__ = ["MAX_EXTRA", "SPEC"]


def _player(value: object) -> object:
    """A character as given in JSON: a name (an average first year) or a whole sheet."""
    if isinstance(value, str | Character):
        return value
    return structure(value, Character)


MAX_EXTRA: Final = 100
"""The most extra stats, skills or spells a scene takes (each option)."""


def _names(names: Sequence[str], noun: str) -> None:
    """Extra names are labels, at most `MAX_EXTRA` of them, all different.

    A label follows `hogwarts_rules.names`: 1 to 80 characters, no white space at an
    end, no control, format or surrogate characters.
    """
    if len(names) > MAX_EXTRA:
        raise refuse("bad_stats", f"a scene takes at most {MAX_EXTRA} {noun}s, not {len(names)}")
    for name in names:
        check_name(name, f"an {noun} name", max_length=MAX_LABEL_LENGTH)
    if len(set(names)) != len(names):
        raise refuse("bad_stats", f"every {noun} needs a different name")


def _extra_stats(value: object) -> tuple[str, ...]:
    if isinstance(value, str) or not isinstance(value, list | tuple):
        raise TypeError("expected an array of stat names")
    stats = tuple(structure(list(value), list[str]))
    _names(stats, "extra stat")
    return stats


def _extra_skills(value: object) -> Mapping[str, SkillKind]:
    skills = dict(structure(value, dict[str, SkillKind]))
    _names(list(skills), "extra skill")
    return skills


def _extra_spells(value: object) -> Mapping[str, Spell]:
    if isinstance(value, Mapping) and all(isinstance(v, Spell) for v in value.values()):
        spells = dict(value)
    else:
        spells = dict(structure(value, dict[str, Spell]))
    _names(list(spells), "extra spell")
    return spells


def _demo(players: int, seed: int, say: Callable[[str], None], *, full: bool = False) -> GameBase:
    from hogwarts_rules.hufflepuff_ravenclaw.demo import demo

    return demo(seed, say, full=full)


def _terminal(game: GameBase) -> TerminalHooks:
    from hogwarts_rules.hufflepuff_ravenclaw.terminal import Terminal

    return Terminal(game)


def _odds_arguments(parser: Any) -> None:
    from hogwarts_rules.hufflepuff_ravenclaw.commands import odds_arguments

    odds_arguments(parser)
    more = "More: https://hogwarts-rules.readthedocs.io/en/latest/cli/odds/\n"
    parser.epilog = f"{parser.epilog or ''}\n{more}"


def _odds_run(args: Any) -> int:
    from hogwarts_rules.hufflepuff_ravenclaw.commands import odds_run

    return odds_run(args)


SPEC: Final = GameSpec(
    kind=KIND,
    title="Hufflepuff & Ravenclaw",
    summary="The d20 roll-under RPG mechanics (Youth, spells, health, brawls, experience).",
    game_class=Game,
    view_class=SceneView,
    create=new_game,
    aliases=("hr",),
    min_players=1,
    max_players=MAX_CHARACTERS,
    default_players=2,
    seat_names=("Sky", "Weasley", *(f"Student {i}" for i in range(3, MAX_CHARACTERS + 1))),
    seat_noun="character",
    options=(
        Option("extra_stats", "array", "Stat names besides the default ones.", parse=_extra_stats),
        Option(
            "extra_skills",
            "object",
            'Skill name -> "common" or "magical", besides the default skills.',
            parse=_extra_skills,
        ),
        Option(
            "extra_spells",
            "object",
            "Spell name -> spell {skill, year, effect}, besides the standard spells.",
            parse=_extra_spells,
        ),
    ),
    perfect_information=True,
    complete_actions=False,
    parse_player=_player,
    demo=_demo,
    demo_players=(2, 2),
    terminal=_terminal,
    notation=NOTATION,
    commands=(
        Command(
            "odds",
            "Hufflepuff & Ravenclaw: success chances by Target Number and Youth spent",
            arguments=_odds_arguments,
            run=_odds_run,
        ),
    ),
)
"""Hufflepuff & Ravenclaw's spec."""
