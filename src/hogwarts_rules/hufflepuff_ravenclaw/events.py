"""The events of a Hufflepuff & Ravenclaw scene (all public: the game has no secrets)."""

from __future__ import annotations

from typing import ClassVar

import attrs

from hogwarts_rules.events import EVENTS, Event

__all__ = [
    "CharacterAdded",
    "CharacterAdvanced",
    "CharacterAged",
    "CharacterRemoved",
    "ClassJoined",
    "ContestResolved",
    "DamageTaken",
    "ExperienceRolled",
    "Healed",
    "HufflepuffRavenclawEvent",
    "PenaltyReduced",
    "SceneEnded",
    "Scuffed",
    "SkillChecked",
    "SpellBlocked",
    "SpellLanded",
    "SpellLearned",
    "TestResolved",
    "TestRolled",
    "WoundChanged",
    "YouthRefreshed",
    "YouthSpent",
]


def _signed(value: int) -> str:
    return f"+{value}" if value >= 0 else str(value)


@attrs.frozen
class HufflepuffRavenclawEvent(Event):
    """Base class of the scene's events."""


@EVENTS.register("hr.test_rolled")
@attrs.frozen
class TestRolled(HufflepuffRavenclawEvent):
    """A die was rolled for a test, against a Target Number built from ``parts``.

    Attributes:
        character: who rolled.
        label: what was tested (``"Agility + Brawl"``).
        parts: each part of the Target Number with its value, in order.
        target: the Target Number (the sum of the parts).
        die: the die rolled (20, or 6 for qualities).
        roll: the face rolled.
    """

    character: str
    label: str
    parts: tuple[tuple[str, int], ...]
    target: int
    die: int
    roll: int

    @property
    def description(self) -> str:
        """See `Event.description`."""
        parts = " ".join(f"{_signed(v)} {name}" for name, v in self.parts).lstrip("+")
        return (
            f"{self.character} rolls {self.roll} on d{self.die} for {self.label}, "
            f"needing {self.target} or less ({parts})"
        )


@EVENTS.register("hr.youth_spent")
@attrs.frozen
class YouthSpent(HufflepuffRavenclawEvent):
    """Youth was spent after a roll (or the player chose to spend none).

    Attributes:
        character: who spent.
        points: points spent (0 if none).
        target: the Target Number after spending.
        youth_left: Youth left this session.
    """

    REVEALS: ClassVar[bool] = False  # it restates a choice, or follows from what is known

    character: str
    points: int
    target: int
    youth_left: int

    @property
    def description(self) -> str:
        """See `Event.description`."""
        if self.points == 0:
            return f"{self.character} spends no Youth ({self.youth_left} left)"
        return (
            f"{self.character} spends {self.points} Youth: the Target Number becomes {self.target} "
            f"({self.youth_left} Youth left)"
        )


@EVENTS.register("hr.test_resolved")
@attrs.frozen
class TestResolved(HufflepuffRavenclawEvent):
    """A test's result: success when the roll is at or under the final Target Number.

    Attributes:
        character: who rolled.
        label: what was tested.
        roll: the face rolled.
        target: the final Target Number (Youth included).
        success: ``roll <= target``.
        degree: by how much: ``target - roll`` on a success, ``roll - target`` on a failure.
    """

    REVEALS: ClassVar[bool] = False  # it restates a choice, or follows from what is known

    character: str
    label: str
    roll: int
    target: int
    success: bool
    degree: int

    @property
    def margin(self) -> int:
        """``target - roll``: the larger, the better (contests compare margins)."""
        return self.target - self.roll

    @property
    def description(self) -> str:
        """See `Event.description`."""
        verb = "succeeds" if self.success else "fails"
        return (
            f"{self.character} {verb} at {self.label} by {self.degree} "
            f"(rolled {self.roll} against {self.target})"
        )


@EVENTS.register("hr.skill_checked")
@attrs.frozen
class SkillChecked(HufflepuffRavenclawEvent):
    """A skill used successfully gets a check mark (rolled for at the next school break).

    Attributes:
        character: whose sheet.
        skill: the skill marked.
    """

    REVEALS: ClassVar[bool] = False  # it restates a choice, or follows from what is known

    character: str
    skill: str

    @property
    def description(self) -> str:
        """See `Event.description`."""
        return f"{self.character} puts a check mark next to {self.skill}"


@EVENTS.register("hr.penalty_reduced")
@attrs.frozen
class PenaltyReduced(HufflepuffRavenclawEvent):
    """A successful Astronomy or Arithmancy test reduced a spell's year penalty.

    Attributes:
        character: the caster.
        spell: the spell.
        penalty: the penalty left (0 or negative).
    """

    character: str
    spell: str
    penalty: int

    @property
    def description(self) -> str:
        """See `Event.description`."""
        return (
            f"{self.character}'s preparation reduces the penalty for {self.spell} to {self.penalty}"
        )


@EVENTS.register("hr.contest_resolved")
@attrs.frozen
class ContestResolved(HufflepuffRavenclawEvent):
    """A contest's result: the larger margin (Target Number minus roll) wins.

    Attributes:
        first: the first side's character.
        second: the second side's character.
        first_margin: the first side's Target Number minus roll.
        second_margin: the second side's.
        winner: the winner, or ``None`` on a tie.
    """

    REVEALS: ClassVar[bool] = False  # it restates a choice, or follows from what is known

    first: str
    second: str
    first_margin: int
    second_margin: int
    winner: str | None

    @property
    def description(self) -> str:
        """See `Event.description`."""

        def said(name: str, margin: int) -> str:
            return f"{name} made it by {margin}" if margin >= 0 else f"{name} missed by {-margin}"

        both = f"{said(self.first, self.first_margin)}, {said(self.second, self.second_margin)}"
        if self.winner is None:
            return f"The contest is a tie: {both}"
        return f"{self.winner} wins the contest: {both}"


@EVENTS.register("hr.scuffed")
@attrs.frozen
class Scuffed(HufflepuffRavenclawEvent):
    """Both brawlers missed: no damage, but the one who missed by less scuffs the other up.

    Attributes:
        winner: the nominal winner.
        loser: the one scuffed up.
    """

    winner: str
    loser: str

    @property
    def description(self) -> str:
        """See `Event.description`."""
        return f"Both miss; {self.winner} scuffs {self.loser} up a little (no damage)"


@EVENTS.register("hr.damage_taken")
@attrs.frozen
class DamageTaken(HufflepuffRavenclawEvent):
    """Damage Points were taken (0 Points when a lesser blow was fully blocked).

    Attributes:
        character: who was hurt.
        points: Points taken now.
        total: Points taken in all.
        reason: the cause.
    """

    character: str
    points: int
    total: int
    reason: str

    @property
    def description(self) -> str:
        """See `Event.description`."""
        return (
            f"{self.character} takes {self.points} damage from {self.reason} ({self.total} in all)"
        )


@EVENTS.register("hr.wound_changed")
@attrs.frozen
class WoundChanged(HufflepuffRavenclawEvent):
    """A character's wound state changed.

    Attributes:
        character: whose.
        wound: the new state (``"minor"``, ``"major"``, ``"unconscious"``, ``"dead"``, ...).
    """

    character: str
    wound: str

    @property
    def description(self) -> str:
        """See `Event.description`."""
        text = {
            "unhurt": "is unhurt",
            "minor": "has a Minor Wound",
            "major": "has a Major Wound",
            "unconscious": "is unconscious",
            "dead": "is dead",
        }.get(self.wound, f"is {self.wound}")
        return f"{self.character} {text}"


@EVENTS.register("hr.healed")
@attrs.frozen
class Healed(HufflepuffRavenclawEvent):
    """Damage Points were removed.

    Attributes:
        character: who was healed.
        points: Points removed.
        total: Points left.
    """

    character: str
    points: int
    total: int

    @property
    def description(self) -> str:
        """See `Event.description`."""
        return f"{self.character} heals {self.points} damage ({self.total} left)"


@EVENTS.register("hr.youth_refreshed")
@attrs.frozen
class YouthRefreshed(HufflepuffRavenclawEvent):
    """The session ended and a character's Youth came back.

    Attributes:
        character: whose Youth.
        youth: the refreshed pool.
    """

    character: str
    youth: int

    @property
    def description(self) -> str:
        """See `Event.description`."""
        return f"{self.character}'s Youth is back to {self.youth}"


@EVENTS.register("hr.experience_rolled")
@attrs.frozen
class ExperienceRolled(HufflepuffRavenclawEvent):
    """An experience roll at a school break (or a term when starting above first year).

    Attributes:
        character: whose skill.
        skill: the skill rolled for.
        kind: ``"check"`` (a check-marked skill) or ``"class"`` (a magical class).
        roll: the d20 rolled.
        needed_above: the skill improves when ``roll > needed_above``.
        old: the rating before.
        new: the rating after.
    """

    character: str
    skill: str
    kind: str
    roll: int
    needed_above: int
    old: int
    new: int

    @property
    def improved(self) -> bool:
        """True if the skill went up."""
        return self.new > self.old

    @property
    def description(self) -> str:
        """See `Event.description`."""
        what = "check mark" if self.kind == "check" else "class"
        result = f"improves to {self.new}" if self.improved else f"stays at {self.old}"
        return (
            f"{self.character} rolls {self.roll} for {self.skill} ({what}, needing more than "
            f"{self.needed_above}): {self.skill} {result}"
        )


@EVENTS.register("hr.character_advanced")
@attrs.frozen
class CharacterAdvanced(HufflepuffRavenclawEvent):
    """A character now starts in a higher year.

    Attributes:
        character: who.
        year: the new school year.
        youth: the new Youth pool.
    """

    character: str
    year: int
    youth: int

    @property
    def description(self) -> str:
        """See `Event.description`."""
        return f"{self.character} starts in year {self.year} with {self.youth} Youth"


@EVENTS.register("hr.scene_ended")
@attrs.frozen
class SceneEnded(HufflepuffRavenclawEvent):
    """The game master ended the scene."""

    @property
    def description(self) -> str:
        """See `Event.description`."""
        return "The scene ends"


@EVENTS.register("hr.character_aged")
@attrs.frozen
class CharacterAged(HufflepuffRavenclawEvent):
    """A student moved up a school year at the end of the year (or left school).

    Attributes:
        character: who.
        year: the new school year, or ``None``: a seventh year left school, an adult now.
        youth: the new Youth pool (refreshed to the new year's pool).
    """

    character: str
    year: int | None
    youth: int

    @property
    def description(self) -> str:
        """See `Event.description`."""
        if self.year is None:
            return f"{self.character} leaves Hogwarts: an adult now, with no Youth"
        return f"{self.character} moves up to year {self.year} ({self.youth} Youth)"


@EVENTS.register("hr.spell_learned")
@attrs.frozen
class SpellLearned(HufflepuffRavenclawEvent):
    """A standard spell was recorded on a character's sheet.

    Attributes:
        character: who learned it.
        spell: the spell.
    """

    character: str
    spell: str

    @property
    def description(self) -> str:
        """See `Event.description`."""
        return f"{self.character} learns {self.spell}"


@EVENTS.register("hr.class_joined")
@attrs.frozen
class ClassJoined(HufflepuffRavenclawEvent):
    """A student started taking a class.

    Attributes:
        character: the student.
        skill: the magical skill of the class.
    """

    character: str
    skill: str

    @property
    def description(self) -> str:
        """See `Event.description`."""
        return f"{self.character} joins the {self.skill} class"


@EVENTS.register("hr.character_added")
@attrs.frozen
class CharacterAdded(HufflepuffRavenclawEvent):
    """A character joined the scene (the sheet is in the action and the scene).

    Attributes:
        character: who joined.
    """

    character: str

    @property
    def description(self) -> str:
        """See `Event.description`."""
        return f"{self.character} joins the scene"


@EVENTS.register("hr.character_removed")
@attrs.frozen
class CharacterRemoved(HufflepuffRavenclawEvent):
    """A character left the scene.

    Attributes:
        character: who left.
    """

    character: str

    @property
    def description(self) -> str:
        """See `Event.description`."""
        return f"{self.character} leaves the scene"


@EVENTS.register("hr.spell_landed")
@attrs.frozen
class SpellLanded(HufflepuffRavenclawEvent):
    """A duellist's spell took effect on the other (damage follows as `DamageTaken`).

    Attributes:
        caster: who cast it.
        target: whom it hit.
        spell: the spell.
        effect: what it does, in words (may be empty).
    """

    caster: str
    target: str
    spell: str
    effect: str

    @property
    def description(self) -> str:
        """See `Event.description`."""
        effect = f": {self.target} {self.effect}" if self.effect else ""
        return f"{self.caster}'s {self.spell} hits {self.target}{effect}"


@EVENTS.register("hr.spell_blocked")
@attrs.frozen
class SpellBlocked(HufflepuffRavenclawEvent):
    """A duellist's jinx succeeded with the lesser degree, and the other blocked it.

    Attributes:
        caster: who cast it.
        target: who blocked it.
        spell: the spell.
    """

    caster: str
    target: str
    spell: str

    @property
    def description(self) -> str:
        """See `Event.description`."""
        return f"{self.target} blocks {self.caster}'s {self.spell}"
