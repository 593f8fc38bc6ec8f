"""Hufflepuff & Ravenclaw: the d20 roll-under RPG mechanics, as a game master's table.

A scene holds characters and is driven by actions: the game master starts tests,
contests, spells, brawl rounds, falls and school breaks; players decide how much
Youth to spend once they have seen a roll.

Examples:
    >>> from hogwarts_rules import hufflepuff_ravenclaw as hr
    >>> scene = hr.new_game(["Sky", "Weasley"], seed=1)
    >>> sorted(scene.characters)
    ['Sky', 'Weasley']
    >>> hr.success_chance(5, youth=2)
    Fraction(11, 20)
"""

from hogwarts_rules.hufflepuff_ravenclaw.actions import (
    AdvanceYears,
    BrawlRound,
    CastSpell,
    Contest,
    Damage,
    EndScene,
    EndSession,
    Fall,
    Fighter,
    Heal,
    HufflepuffRavenclawAction,
    Modifier,
    QualityTest,
    SchoolBreak,
    SkillTest,
    SpendYouth,
    TestSpec,
)
from hogwarts_rules.hufflepuff_ravenclaw.character import (
    DEFAULT_SKILLS,
    DEFAULT_SPELLS,
    DEFAULT_STATS,
    QUALITIES,
    Character,
    SkillKind,
    Spell,
    Trait,
    Wound,
    wound_for,
)
from hogwarts_rules.hufflepuff_ravenclaw.errors import ERROR_CODES
from hogwarts_rules.hufflepuff_ravenclaw.events import (
    CharacterAdvanced,
    ContestResolved,
    DamageTaken,
    ExperienceRolled,
    Healed,
    HufflepuffRavenclawEvent,
    PenaltyReduced,
    SceneEnded,
    Scuffed,
    SkillChecked,
    TestResolved,
    TestRolled,
    WoundChanged,
    YouthRefreshed,
    YouthSpent,
)
from hogwarts_rules.hufflepuff_ravenclaw.game import KIND, Game, SceneSetup, new_game
from hogwarts_rules.hufflepuff_ravenclaw.html import character_html, scene_html
from hogwarts_rules.hufflepuff_ravenclaw.odds import (
    ContestOdds,
    contest_odds,
    expected_youth_cost,
    success_chance,
    youth_to_spend,
)

__all__ = [
    "DEFAULT_SKILLS",
    "DEFAULT_SPELLS",
    "DEFAULT_STATS",
    "ERROR_CODES",
    "KIND",
    "QUALITIES",
    "AdvanceYears",
    "BrawlRound",
    "CastSpell",
    "Character",
    "CharacterAdvanced",
    "Contest",
    "ContestOdds",
    "ContestResolved",
    "Damage",
    "DamageTaken",
    "EndScene",
    "EndSession",
    "ExperienceRolled",
    "Fall",
    "Fighter",
    "Game",
    "Heal",
    "Healed",
    "HufflepuffRavenclawAction",
    "HufflepuffRavenclawEvent",
    "Modifier",
    "PenaltyReduced",
    "QualityTest",
    "SceneEnded",
    "SceneSetup",
    "SchoolBreak",
    "Scuffed",
    "SkillChecked",
    "SkillKind",
    "SkillTest",
    "Spell",
    "SpendYouth",
    "TestResolved",
    "TestRolled",
    "TestSpec",
    "Trait",
    "Wound",
    "WoundChanged",
    "YouthRefreshed",
    "YouthSpent",
    "character_html",
    "contest_odds",
    "expected_youth_cost",
    "new_game",
    "scene_html",
    "success_chance",
    "wound_for",
    "youth_to_spend",
]
