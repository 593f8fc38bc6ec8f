"""The Hufflepuff & Ravenclaw demo: a scripted scene, narrated event by event.

Sky sneaks past the portraits (a skill test with a modifier), casts Lumos, is
spotted (a contest), brawls with Weasley round by round and falls down a moving
staircase; the session ends and the school break brings experience rolls.
Youth is spent when 3 points or fewer turn a failure into a success.
``hogwarts-rules demo hufflepuff-ravenclaw`` runs it (through the game's
`GameSpec.demo`).

Examples:
    >>> lines = []
    >>> scene = demo(7, lines.append)
    >>> lines[0]
    'Hufflepuff & Ravenclaw demo: Sky and Weasley after curfew'
    >>> scene.is_over
    True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from hogwarts_rules.engine import Decision
from hogwarts_rules.events import Event
from hogwarts_rules.hufflepuff_ravenclaw import actions  # not TestSpec itself: pytest collects it
from hogwarts_rules.hufflepuff_ravenclaw.actions import (
    BrawlRound,
    CastSpell,
    Contest,
    EndScene,
    EndSession,
    Fall,
    Fighter,
    HufflepuffRavenclawAction,
    Modifier,
    SchoolBreak,
    SkillTest,
    SpendYouth,
)
from hogwarts_rules.hufflepuff_ravenclaw.character import Character
from hogwarts_rules.hufflepuff_ravenclaw.game import Game, new_game
from hogwarts_rules.hufflepuff_ravenclaw.odds import youth_to_spend

__all__ = ["demo"]

_MOST_YOUTH = 3  # the demo's characters spend at most this much Youth on one roll
_BRAWL_ROUNDS = 8


def _youth_policy(game: Game) -> SpendYouth:
    """Spend the least Youth that turns the awaited roll into a success, if 3 points or fewer."""
    (name,) = game.to_act
    character = game.characters[name]
    request = game.awaiting
    assert isinstance(request, Decision)
    roll, target = request.details["roll"], request.details["target"]
    assert isinstance(roll, int) and isinstance(target, int)
    needed = youth_to_spend(target, roll, character.youth)
    return SpendYouth(name, needed if needed is not None and needed <= _MOST_YOUTH else 0)


def _narrate(events: Sequence[Event], say: Callable[[str], None]) -> None:
    for event in events:
        say(f"  {event.description}")


def _play(game: Game, action: HufflepuffRavenclawAction, say: Callable[[str], None]) -> Game:
    game, events = game.apply(action)
    _narrate(events, say)
    while game.to_act:
        game, events = game.apply(_youth_policy(game))
        _narrate(events, say)
    return game


def demo(seed: int, say: Callable[[str], None] = print) -> Game:
    """Play the demo scene (tests, a spell, a contest, a brawl, a fall, a school break).

    Args:
        seed: the dice's seed; the same seed plays the same scene.
        say: called with each line of narration.

    Returns:
        The final scene (ended).
    """
    sky = Character.first_year(
        "Sky",
        stats={"Agility": 4, "Size": 3},
        qualities={"Bravery": 4},
        skills={"Brawl": 1, "Mischief": 2, "Charms": 1},
        spells={"Lumos", "Wingardium Leviosa"},
        classes={"Charms"},
    )
    weasley = Character.first_year(
        "Weasley",
        stats={"Agility": 3, "Size": 3},
        qualities={"Fortitude": 2},
        skills={"Brawl": 2, "Notice": 1},
    )
    game = new_game([sky, weasley], seed=seed)
    say("Hufflepuff & Ravenclaw demo: Sky and Weasley after curfew")
    say("Sky sneaks past the portraits (Bravery + Mischief, guards close by: -2):")
    sneak = SkillTest("Sky", "Mischief", "Bravery", (Modifier(-2, "guards close by"),))
    game = _play(game, sneak, say)
    say("Sky lights the way (Lumos, a standard spell, said aloud):")
    game = _play(game, CastSpell("Sky", "Lumos"), say)
    say("Weasley spots the light (a contest: Weasley's Notice against Sky's Mischief):")
    spot = Contest(
        actions.TestSpec("Weasley", "Notice", "Intellect"),
        actions.TestSpec("Sky", "Mischief", "Agility"),
    )
    game = _play(game, spot, say)
    say("A brawl breaks out:")
    for round_number in range(1, _BRAWL_ROUNDS + 1):
        if not all(c.is_conscious for c in game.characters.values()):
            break
        say(f" Round {round_number}")
        game = _play(game, BrawlRound(Fighter("Sky"), Fighter("Weasley")), say)
    if game.characters["Sky"].is_conscious:
        say("Sky scarpers down the moving staircase and falls 6 metres:")
        game = _play(game, Fall("Sky", 6), say)
    say("The session ends:")
    game = _play(game, EndSession(), say)
    say("Winter break:")
    game = _play(game, SchoolBreak(), say)
    game = _play(game, EndScene(), say)
    for character in game.characters.values():
        skills = ", ".join(f"{k} {v}" for k, v in character.skills.items())
        say(
            f"{character.name}: {character.damage} damage ({character.wound.value}), "
            f"Youth {character.youth}, skills {skills}"
        )
    return game
