"""The Hufflepuff & Ravenclaw demo: a scripted scene, narrated event by event.

Sky sneaks past the portraits (a skill test with a modifier), casts Lumos, is
spotted (a contest), brawls with Weasley round by round and falls down a moving
staircase; the session ends and the school break brings experience rolls.
Youth is spent when 3 points or fewer turn a failure into a success.

By default the narration is short: each roll's result (a roll Youth is spent on
is told first, then the Youth spent, as at the table), damage, wounds and skills
improved; with ``full=True`` every event, every die and every check mark too.
``hogwarts-rules demo hufflepuff-ravenclaw`` runs it (through the game's
`GameSpec.demo`). Lines are wrapped to 100 characters (a continuation is
indented 4 more spaces).

Examples:
    >>> lines = []
    >>> scene = demo(7, lines.append)
    >>> lines[0]
    'Hufflepuff & Ravenclaw demo: Sky and Weasley after curfew'
    >>> scene.is_over
    True
    >>> every = []
    >>> demo(7, every.append, full=True) == scene, len(every) > len(lines)
    (True, True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from hogwarts_rules._text import wrap
from hogwarts_rules.engine import Decision
from hogwarts_rules.events import Event

# Not TestSpec and TestRolled themselves: pytest would collect them.
from hogwarts_rules.hufflepuff_ravenclaw import actions
from hogwarts_rules.hufflepuff_ravenclaw import events as hr_events
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
from hogwarts_rules.hufflepuff_ravenclaw.events import ExperienceRolled, SkillChecked, YouthSpent
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


def _is_detail(event: Event) -> bool:
    """An event the short narration leaves out (its result is said anyway)."""
    if isinstance(event, (hr_events.TestRolled, SkillChecked)):
        return True
    if isinstance(event, YouthSpent):
        return event.points == 0
    if isinstance(event, ExperienceRolled):
        return event.new == event.old  # no improvement
    return False


def _wrapping(say: Callable[[str], None]) -> Callable[[str], None]:
    """``say``, each text wrapped to `WIDTH` (continuation lines indented 4 more spaces)."""

    def wrapped(text: str) -> None:
        indent = text[: len(text) - len(text.lstrip(" "))]
        for line in wrap(text.strip(), indent, indent + "    ") or [text]:
            say(line)

    return wrapped


def demo(seed: int, say: Callable[[str], None] = print, *, full: bool = False) -> Game:
    """Play the demo scene (tests, a spell, a contest, a brawl, a fall, a school break).

    Args:
        seed: the dice's seed; the same seed plays the same scene.
        say: called with each line of narration.
        full: narrate every event (by default: the results, without the dice rolled
            on the way, check marks or Youth not spent).

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

    say = _wrapping(say)
    rolled: dict[str, Event] = {}  # (short narration) each roll not told yet, by character

    def narrate(events: Sequence[Event]) -> None:
        for event in events:
            if not full and isinstance(event, hr_events.TestRolled):
                rolled[event.character] = event  # told if Youth is spent on it
            elif not full and isinstance(event, YouthSpent) and event.points:
                # Youth is spent after seeing the roll: the roll is told first.
                roll = rolled.pop(event.character, None)
                if roll is not None:
                    say(f"  {roll.description}")
            if full or not _is_detail(event):
                say(f"  {event.description}")

    def play(game: Game, action: HufflepuffRavenclawAction) -> Game:
        game, events = game.apply(action)
        narrate(events)
        while game.to_act:
            game, events = game.apply(_youth_policy(game))
            narrate(events)
        return game

    say("Hufflepuff & Ravenclaw demo: Sky and Weasley after curfew")
    say("Sky sneaks past the portraits (Bravery + Mischief, guards close by: -2):")
    sneak = SkillTest("Sky", "Mischief", "Bravery", (Modifier(-2, "guards close by"),))
    game = play(game, sneak)
    say("Sky lights the way (Lumos, a standard spell, said aloud):")
    game = play(game, CastSpell("Sky", "Lumos"))
    say("Weasley spots the light (a contest: Weasley's Notice against Sky's Mischief):")
    spot = Contest(
        actions.TestSpec("Weasley", "Notice", "Intellect"),
        actions.TestSpec("Sky", "Mischief", "Agility"),
    )
    game = play(game, spot)
    say("A brawl breaks out:")
    for round_number in range(1, _BRAWL_ROUNDS + 1):
        if not all(c.is_conscious for c in game.characters.values()):
            break
        say(f" Round {round_number}")
        game = play(game, BrawlRound(Fighter("Sky"), Fighter("Weasley")))
    if game.characters["Sky"].is_conscious:
        say("Sky scarpers down the moving staircase and falls 6 metres:")
        game = play(game, Fall("Sky", 6))
    say("The session ends:")
    game = play(game, EndSession())
    say("Winter break:")
    game = play(game, SchoolBreak())
    game = play(game, EndScene())
    for character in game.characters.values():
        skills = ", ".join(f"{k} {v}" for k, v in character.skills.items())
        say(
            f"{character.name}: {character.damage} damage ({character.wound.value}), "
            f"Youth {character.youth}, skills {skills}"
        )
    return game
