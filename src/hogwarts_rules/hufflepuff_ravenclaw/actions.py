"""The actions of a Hufflepuff & Ravenclaw scene.

The game master starts things (a test, a contest, a spell, a brawl round, damage,
the end of a session or a school break); players answer the decisions the rules
give them (how much Youth to spend after seeing a roll).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal

import attrs

from hogwarts_rules.actions import ACTIONS, Action
from hogwarts_rules.frozen import FrozenMap
from hogwarts_rules.hufflepuff_ravenclaw.character import Character

__all__ = [
    "AddCharacter",
    "AdvanceYears",
    "BrawlRound",
    "CastSpell",
    "Contest",
    "Damage",
    "DuelRound",
    "Duellist",
    "EndOfYear",
    "EndScene",
    "EndSession",
    "Fall",
    "Fighter",
    "Heal",
    "HufflepuffRavenclawAction",
    "JoinClass",
    "LearnSpell",
    "Modifier",
    "QualityContest",
    "QualitySpec",
    "QualityTest",
    "RemoveCharacter",
    "SchoolBreak",
    "SkillTest",
    "SpendYouth",
    "TestSpec",
]


@attrs.frozen
class Modifier:
    """A situational modifier the game master adds to a Target Number.

    Attributes:
        value: added to the Target Number (negative for a penalty).
        reason: why, in words (shown in the narration).
    """

    value: int
    reason: str = "situation"


@attrs.frozen
class HufflepuffRavenclawAction(Action):
    """Base class of the scene's actions."""


@attrs.frozen
class TestSpec:
    """What one side of a contest rolls: a stat (or quality) plus a skill, on a d20.

    Attributes:
        character: who rolls.
        skill: the skill used.
        stat: the stat or quality the skill is added to.
        modifiers: situational modifiers from the game master.
        traits: situational Advantages/Disadvantages that apply this time (traits
            whose ``applies_to`` names the skill or stat apply by themselves).
    """

    character: str
    skill: str
    stat: str
    modifiers: tuple[Modifier, ...] = ()
    traits: tuple[str, ...] = ()


@ACTIONS.register("hr.skill_test")
@attrs.frozen
class SkillTest(HufflepuffRavenclawAction):
    """A skill test: d20 at or under stat + skill + traits + modifiers.

    Attributes:
        character: who rolls.
        skill: the skill used (``"Mischief"``).
        stat: the stat or quality it is added to (``"Bravery"``).
        modifiers: situational modifiers.
        traits: situational Advantages/Disadvantages named for this test.
    """

    character: str
    skill: str
    stat: str
    modifiers: tuple[Modifier, ...] = ()
    traits: tuple[str, ...] = ()

    def spec(self) -> TestSpec:
        """This test as a `TestSpec`."""
        return TestSpec(self.character, self.skill, self.stat, self.modifiers, self.traits)


@ACTIONS.register("hr.quality_test")
@attrs.frozen
class QualityTest(HufflepuffRavenclawAction):
    """A roll directly against a quality: d6 at or under Intellect, Fortitude or Bravery.

    Attributes:
        character: who rolls.
        quality: ``"Intellect"``, ``"Fortitude"`` or ``"Bravery"``.
        modifiers: situational modifiers.
        traits: situational Advantages/Disadvantages named for this test.
    """

    character: str
    quality: str
    modifiers: tuple[Modifier, ...] = ()
    traits: tuple[str, ...] = ()


@ACTIONS.register("hr.contest")
@attrs.frozen
class Contest(HufflepuffRavenclawAction):
    """Two characters compete: both roll, the larger degree of success wins.

    Attributes:
        first: the side that started the contest.
        second: the other side.
    """

    first: TestSpec
    second: TestSpec


@ACTIONS.register("hr.cast_spell")
@attrs.frozen
class CastSpell(HufflepuffRavenclawAction):
    """Cast a spell: a magical skill test with the spell-casting modifiers.

    A spell named in the scene's catalogue uses the catalogue's skill and year;
    other magic (turning a matchstick into a needle) gives ``skill`` and ``year``.

    Attributes:
        character: the caster.
        spell: the spell's name.
        stat: the stat or quality the magical skill is added to.
        verbal: the incantation is said aloud (+3).
        skill: the magical skill, for a spell not in the catalogue.
        year: the spell's school year, for a spell not in the catalogue.
        preparation: ``"Astronomy"`` or ``"Arithmancy"`` to test first, reducing
            the penalty for a spell above the caster's year.
        modifiers: situational modifiers.
        traits: situational Advantages/Disadvantages named for this test.
    """

    character: str
    spell: str
    stat: str = "Intellect"
    verbal: bool = True
    skill: str | None = None
    year: int | None = None
    preparation: Literal["Astronomy", "Arithmancy"] | None = None
    modifiers: tuple[Modifier, ...] = ()
    traits: tuple[str, ...] = ()


@attrs.frozen
class Fighter:
    """One side of a brawl round.

    Attributes:
        character: who fights.
        armed: with a weapon (2/3 Size damage) or not (1/3 Size).
        stat: the stat added to the skill (Agility unless the game master says otherwise).
        skill: the skill used (Brawl unless the game master says otherwise).
        modifiers: situational modifiers.
        traits: situational Advantages/Disadvantages named for this round.
    """

    character: str
    armed: bool = False
    stat: str = "Agility"
    skill: str = "Brawl"
    modifiers: tuple[Modifier, ...] = ()
    traits: tuple[str, ...] = ()

    def spec(self) -> TestSpec:
        """This side's roll as a `TestSpec`."""
        return TestSpec(self.character, self.skill, self.stat, self.modifiers, self.traits)


@ACTIONS.register("hr.brawl_round")
@attrs.frozen
class BrawlRound(HufflepuffRavenclawAction):
    """One round of a brawl: a contest whose result deals damage.

    Attributes:
        first: one fighter.
        second: the other fighter.
    """

    first: Fighter
    second: Fighter


@ACTIONS.register("hr.damage")
@attrs.frozen
class Damage(HufflepuffRavenclawAction):
    """The game master deals damage Points (a jinx, a creature, a hex).

    Attributes:
        character: who is hurt.
        points: damage Points (1 or more).
        reason: what caused it.
    """

    character: str
    points: int
    reason: str = "harm"


@ACTIONS.register("hr.fall")
@attrs.frozen
class Fall(HufflepuffRavenclawAction):
    """A character falls: 1d6 damage per full 5 metres.

    Attributes:
        character: who falls.
        metres: the height of the fall.
    """

    character: str
    metres: int


@ACTIONS.register("hr.heal")
@attrs.frozen
class Heal(HufflepuffRavenclawAction):
    """The game master removes damage Points (rest, Madam Pomfrey, a potion).

    Attributes:
        character: who is healed.
        points: damage Points removed (1 or more; never below 0 damage).
    """

    character: str
    points: int


@ACTIONS.register("hr.spend_youth")
@attrs.frozen
class SpendYouth(HufflepuffRavenclawAction):
    """After seeing a roll, spend Youth (each point +3 to the Target Number), possibly none.

    Attributes:
        character: who spends.
        points: how many points (0 keeps the roll as it is).
    """

    character: str
    points: int

    @property
    def actor(self) -> str:
        """The character spending."""
        return self.character


@ACTIONS.register("hr.end_session")
@attrs.frozen
class EndSession(HufflepuffRavenclawAction):
    """The session ends: every character's Youth comes back."""


@ACTIONS.register("hr.school_break")
@attrs.frozen
class SchoolBreak(HufflepuffRavenclawAction):
    """A school break: experience rolls for checked skills and magical classes."""


def _points_map(value: Mapping[str, int]) -> FrozenMap[str, int]:
    return FrozenMap(value)


@ACTIONS.register("hr.advance_years")
@attrs.frozen
class AdvanceYears(HufflepuffRavenclawAction):
    """Start a first-year character in a higher year (before play).

    Common skill points are checked against the advancement table; magical
    classes are rolled for term by term.

    Attributes:
        character: a first-year character.
        year: the year to start in (2 to 7).
        skill_points: common skill points to add, by skill.
    """

    character: str
    year: int
    skill_points: FrozenMap[str, int] = attrs.field(factory=FrozenMap, converter=_points_map)


@ACTIONS.register("hr.end_scene")
@attrs.frozen
class EndScene(HufflepuffRavenclawAction):
    """The game master ends the scene; no more actions are accepted."""


@attrs.frozen
class QualitySpec:
    """One side of a quality contest: a d6 at or under a quality.

    Attributes:
        character: who rolls.
        quality: ``"Intellect"``, ``"Fortitude"`` or ``"Bravery"``.
        modifiers: situational modifiers.
        traits: situational Advantages/Disadvantages named for this roll.
    """

    character: str
    quality: str
    modifiers: tuple[Modifier, ...] = ()
    traits: tuple[str, ...] = ()


@ACTIONS.register("hr.quality_contest")
@attrs.frozen
class QualityContest(HufflepuffRavenclawAction):
    """Two characters pit qualities against each other: both roll a d6, the larger margin wins.

    Attributes:
        first: the side that started the contest.
        second: the other side.
    """

    first: QualitySpec
    second: QualitySpec


@attrs.frozen
class Duellist:
    """One side of a wizard duel's round: the spell a character casts at the other.

    Attributes:
        character: the caster.
        spell: the spell (a standard spell, or other magic with ``skill`` and ``year``).
        damage: the Points the spell does when it lands; 0 for a jinx, which does no
            damage but has an effect.
        effect: what the spell does, in words (``"vomits slugs"``).
        stat: the stat or quality the magical skill is added to.
        verbal: the incantation is said aloud (+3).
        skill: the magical skill, for a spell not in the catalogue.
        year: the spell's school year, for a spell not in the catalogue.
        modifiers: situational modifiers.
        traits: situational Advantages/Disadvantages named for this round.
    """

    character: str
    spell: str
    damage: int = 0
    effect: str = ""
    stat: str = "Intellect"
    verbal: bool = True
    skill: str | None = None
    year: int | None = None
    modifiers: tuple[Modifier, ...] = ()
    traits: tuple[str, ...] = ()

    def cast(self) -> CastSpell:
        """This side's casting as a `CastSpell` (duels have no preparation test)."""
        return CastSpell(
            self.character,
            self.spell,
            stat=self.stat,
            verbal=self.verbal,
            skill=self.skill,
            year=self.year,
            modifiers=self.modifiers,
            traits=self.traits,
        )


@ACTIONS.register("hr.duel_round")
@attrs.frozen
class DuelRound(HufflepuffRavenclawAction):
    """One round of a wizard duel: both cast at once, as a contest (rulings HR-32 and HR-33).

    Attributes:
        first: one duellist.
        second: the other duellist.
    """

    first: Duellist
    second: Duellist


@ACTIONS.register("hr.end_of_year")
@attrs.frozen
class EndOfYear(HufflepuffRavenclawAction):
    """The school year ends: experience rolls, then the students move up a year.

    The rolls are those of a school break; then every student alive moves up a
    year, with the Youth pool of the new year (ruling HR-28).
    """


@ACTIONS.register("hr.learn_spell")
@attrs.frozen
class LearnSpell(HufflepuffRavenclawAction):
    """Record a standard spell on a character's sheet (ruling HR-29).

    Attributes:
        character: who learns it.
        spell: a spell of the scene's catalogue.
    """

    character: str
    spell: str


@ACTIONS.register("hr.join_class")
@attrs.frozen
class JoinClass(HufflepuffRavenclawAction):
    """A student starts taking a class in a magical skill (ruling HR-30).

    Attributes:
        character: the student.
        skill: the magical skill.
    """

    character: str
    skill: str


@ACTIONS.register("hr.add_character")
@attrs.frozen
class AddCharacter(HufflepuffRavenclawAction):
    """A character joins a scene already under way (ruling HR-31).

    Attributes:
        character: the new character's sheet.
    """

    character: Character


@ACTIONS.register("hr.remove_character")
@attrs.frozen
class RemoveCharacter(HufflepuffRavenclawAction):
    """A character leaves the scene (ruling HR-31).

    Attributes:
        character: who leaves.
    """

    character: str
