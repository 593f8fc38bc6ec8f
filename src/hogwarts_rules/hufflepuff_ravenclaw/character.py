"""Characters of Hufflepuff & Ravenclaw: stats, qualities, skills, Youth and health.

Examples:
    >>> sky = Character.first_year("Sky", stats={"Agility": 4, "Size": 3}, skills={"Brawl": 1})
    >>> sky.youth, sky.youth_max, sky.wound
    (7, 7, <Wound.UNHURT: 'unhurt'>)
    >>> sky.skill("Brawl"), sky.stat("Agility")
    (1, 4)
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping
from typing import Any, Final, Literal

import attrs

from hogwarts_rules.errors import IllegalActionError
from hogwarts_rules.frozen import FrozenMap, sorted_repr
from hogwarts_rules.hufflepuff_ravenclaw.tables import YOUTH_AT_FIRST_YEAR
from hogwarts_rules.names import MAX_LABEL_LENGTH, MAX_NAME_LENGTH, check_name

__all__ = [
    "COMMON",
    "DEFAULT_SKILLS",
    "DEFAULT_SPELLS",
    "DEFAULT_STATS",
    "MAGICAL",
    "QUALITIES",
    "Character",
    "SkillKind",
    "Spell",
    "Trait",
    "Wound",
]

SkillKind = Literal["common", "magical"]
"""Common (and Muggle) skills, or magical skills (the school's classes)."""

COMMON: Final = "common"
MAGICAL: Final = "magical"

QUALITIES: Final = ("Intellect", "Fortitude", "Bravery")
"""The three qualities; rolls directly against them use a d6."""

DEFAULT_STATS: Final = ("Ambition", "Agility", "Size")
"""The statistics besides the qualities (Size also measures health)."""

DEFAULT_SKILLS: Final[Mapping[str, SkillKind]] = FrozenMap(
    {
        # Common skills.
        "Athletics": "common",
        "Brawl": "common",
        "Broomstick": "common",
        "Deceive": "common",
        "Gossip": "common",
        "Influence": "common",
        "Intimidate": "common",
        "Mischief": "common",
        "Notice": "common",
        "Research": "common",
        "Muggle Mischief": "common",
        "Muggle Sports": "common",
        # Magical skills: the subjects taught at Hogwarts.
        "Ancient Runes": "magical",
        "Arithmancy": "magical",
        "Astronomy": "magical",
        "Care of Magical Creatures": "magical",
        "Charms": "magical",
        "Defence Against the Dark Arts": "magical",
        "Divination": "magical",
        "Herbology": "magical",
        "History of Magic": "magical",
        "Potions": "magical",
        "Transfiguration": "magical",
    }
)
"""The library's default skill list: name -> kind. Scenes may add their own."""


@attrs.frozen
class Spell:
    """A standard spell: the magical skill it uses and the school year it is taught in.

    Attributes:
        skill: the magical skill cast with (``"Charms"``).
        year: the school year that teaches it (1 to 7).
        effect: what it does, in words.
    """

    skill: str
    year: int
    effect: str = ""


DEFAULT_SPELLS: Final[Mapping[str, Spell]] = FrozenMap(
    {
        "Lumos": Spell("Charms", 1, "lights the wand tip"),
        "Nox": Spell("Charms", 1, "puts out a Lumos light"),
        "Wingardium Leviosa": Spell("Charms", 1, "levitates a small object"),
        "Alohomora": Spell("Charms", 1, "opens a simple lock"),
        "Reparo": Spell("Charms", 1, "mends a broken object"),
        "Incendio": Spell("Charms", 1, "starts a fire"),
        "Petrificus Totalus": Spell("Charms", 1, "full body-bind"),
        "Flipendo": Spell("Defence Against the Dark Arts", 1, "knocks a target back"),
        "Expelliarmus": Spell("Defence Against the Dark Arts", 1, "disarms an opponent"),
        "Rictusempra": Spell("Charms", 2, "tickling charm"),
        "Riddikulus": Spell("Defence Against the Dark Arts", 3, "turns a boggart ridiculous"),
        "Accio": Spell("Charms", 4, "summons an object"),
        "Avis": Spell("Transfiguration", 6, "conjures a flock of birds"),
        "Expecto Patronum": Spell("Defence Against the Dark Arts", 6, "conjures a Patronus"),
    }
)
"""The library's default standard spells (its own choice of years; scenes may add more)."""


_MAX_NUMBER: Final = 2**53 - 1  # the largest whole number a sheet may hold (JSON-safe)


def _type_name(value: object) -> str:
    return "None" if value is None else type(value).__name__


def _frozen_set(value: Iterable[str]) -> frozenset[str]:
    """A set of names from any collection of them (a string alone is not one)."""
    if isinstance(value, str | bytes | Mapping) or not isinstance(value, Iterable):
        raise IllegalActionError(
            "bad_character",
            f"a set of names (spells, classes, checks, applies_to) must be a list or a set of"
            f" strings, not {_type_name(value)}",
        )
    return frozenset(value)


def _check_number(what: str, value: object, low: int = -_MAX_NUMBER) -> None:
    """Refuse anything but a whole number from ``low`` to 2**53 - 1 (``bad_number``)."""
    if type(value) is not int:
        raise IllegalActionError(
            "bad_number", f"{what} must be a whole number, not {_type_name(value)}"
        )
    if not low <= value <= _MAX_NUMBER:
        shown = value if abs(value) < 10**30 else f"a number of {value.bit_length()} bits"
        raise IllegalActionError(
            "bad_number", f"{what} must be a whole number from {low} to 2**53 - 1, not {shown}"
        )


def _check_value(_: object, attribute: attrs.Attribute[Any], value: object) -> None:
    _check_number(f"a trait's {attribute.name}", value)


@attrs.frozen
class Trait:
    """An Advantage (positive value) or a Disadvantage (negative value).

    Attributes:
        value: added to the Target Number where the trait applies.
        applies_to: the skills, stats and qualities it always modifies. A trait
            that applies only in some situations leaves this empty, and the game
            master names it in the test (``traits=("Fear of heights",)``).
    """

    value: int = attrs.field(validator=_check_value)
    applies_to: frozenset[str] = attrs.field(
        default=frozenset(), converter=_frozen_set, repr=sorted_repr
    )


class Wound(enum.StrEnum):
    """How hurt a character is, from the damage Points taken and their Size."""

    UNHURT = "unhurt"
    MINOR = "minor"  # Points >= half Size
    MAJOR = "major"  # Points >= 2/3 Size (Fortitude d6 test to stay conscious)
    UNCONSCIOUS = "unconscious"  # Points >= Size, or a failed Fortitude test
    DEAD = "dead"  # Points >= Size + 10


def _mapping(value: object, what: str) -> Mapping[Any, Any]:
    """``value`` if it is a mapping (``None``: an empty one); ``bad_character`` if not."""
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise IllegalActionError(
            "bad_character", f"{what} must be a mapping of names, not {_type_name(value)}"
        )
    return value


def _frozen_map(value: Mapping[str, Any] | None) -> FrozenMap[str, Any]:
    return FrozenMap(_mapping(value, "stats, qualities and skills"))


def _frozen_traits(value: Mapping[str, Trait | int] | None) -> FrozenMap[str, Trait]:
    items = _mapping(value, "traits").items()
    traits: dict[str, Trait] = {}
    for key, trait in items:
        if isinstance(trait, Trait):
            traits[key] = trait
        elif type(trait) is int:
            traits[key] = Trait(trait)
        else:
            raise IllegalActionError(
                "bad_character", f"a trait is a Trait or a whole number, not {_type_name(trait)}"
            )
    return FrozenMap(traits)


def _check_numbers(owner: object, attribute: attrs.Attribute[Any], value: object) -> None:
    """The names of a mapping of stats, qualities or skills, and their whole numbers."""
    _check_labels(owner, attribute, value)  # type: ignore[arg-type]
    assert isinstance(value, Mapping)
    for number in value.values():
        _check_number(f"a value in {attribute.name}", number)


def _check_year(_: object, attribute: attrs.Attribute[Any] | None, value: object) -> None:
    if value is not None:
        _check_number("year", value, 1)


def _check_count(_: object, attribute: attrs.Attribute[Any], value: object) -> None:
    _check_number(attribute.name, value, 0)


def _check_flag(_: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if type(value) is not bool:
        raise IllegalActionError(
            "bad_value", f"{attribute.name} must be true or false, not {_type_name(value)}"
        )


def _check_character_name(_: object, attribute: attrs.Attribute[Any], value: object) -> None:
    # A sheet on its own may start with "<"; a game refuses it as a seat's name.
    check_name(value, "a character name", max_length=MAX_NAME_LENGTH, reserved=False)


def _check_labels(_: object, attribute: attrs.Attribute[Any], value: Iterable[object]) -> None:
    """Every key (or member) names a stat, skill, trait or spell (`names.check_name`)."""
    what = f"a name in {attribute.name}"
    for name in value:
        check_name(name, what, max_length=MAX_LABEL_LENGTH, reserved=False)


@attrs.frozen
class Character:
    """One character sheet (a player character or a game master's character).

    Attributes:
        name: unique within a scene.
        stats: statistics such as Agility and Size (see `DEFAULT_STATS`).
        qualities: Intellect, Fortitude and Bravery.
        skills: skill ratings; a skill not listed counts as 0.
        traits: Advantages and Disadvantages by name.
        year: school year 1 to 7, or ``None`` for an adult (no Youth, no spell penalty).
        youth: Youth points left this session.
        damage: damage Points taken.
        knocked_out: unconscious after failing the Fortitude test of a Major Wound.
        checks: skills check-marked since the last school break.
        spells: the standard spells recorded on the sheet.
        classes: the magical skills the character takes classes in.

    Every name on a sheet (the character's, and those of its stats, skills, traits,
    checks, spells and classes) goes through `hogwarts_rules.names.check_name`: a
    sheet holding a control code or a lone surrogate is refused (``bad_name``). (A
    name starting with ``<`` is refused by the game, as a seat's name.) A field of
    the wrong kind is refused with a typed error too (`IllegalActionError`):
    ``bad_character`` for a collection that is not one (``stats=5``,
    ``spells=None``, a trait that is neither a `Trait` nor a whole number),
    ``bad_number`` for a number that is not whole or lies beyond ±(2**53 - 1) (a
    ``year`` below 1, a negative ``youth`` or ``damage``), ``bad_value`` for a
    ``knocked_out`` that is not ``True`` or ``False``.
    """

    name: str = attrs.field(validator=_check_character_name)
    stats: FrozenMap[str, int] = attrs.field(converter=_frozen_map, validator=_check_numbers)
    qualities: FrozenMap[str, int] = attrs.field(converter=_frozen_map, validator=_check_numbers)
    skills: FrozenMap[str, int] = attrs.field(
        factory=FrozenMap, converter=_frozen_map, validator=_check_numbers
    )
    traits: FrozenMap[str, Trait] = attrs.field(
        factory=FrozenMap, converter=_frozen_traits, validator=_check_labels
    )
    year: int | None = attrs.field(default=1, validator=_check_year)
    youth: int = attrs.field(validator=_check_count)
    damage: int = attrs.field(default=0, validator=_check_count)
    knocked_out: bool = attrs.field(default=False, validator=_check_flag)
    checks: frozenset[str] = attrs.field(
        default=frozenset(), converter=_frozen_set, repr=sorted_repr, validator=_check_labels
    )
    spells: frozenset[str] = attrs.field(
        default=frozenset(), converter=_frozen_set, repr=sorted_repr, validator=_check_labels
    )
    classes: frozenset[str] = attrs.field(
        default=frozenset(), converter=_frozen_set, repr=sorted_repr, validator=_check_labels
    )

    @youth.default
    def _youth_default(self) -> int:
        _check_year(self, None, self.year)  # before youth_max reads it
        return self.youth_max

    @classmethod
    def first_year(
        cls,
        name: str,
        *,
        stats: Mapping[str, int] | None = None,
        qualities: Mapping[str, int] | None = None,
        skills: Mapping[str, int] | None = None,
        traits: Mapping[str, Trait | int] | None = None,
        spells: Iterable[str] = (),
        classes: Iterable[str] = (),
    ) -> Character:
        """A first year with average (3) stats and qualities unless given, and 7 Youth."""
        base_stats = dict.fromkeys(DEFAULT_STATS, 3)
        base_stats.update(_mapping(stats, "stats"))
        base_qualities = dict.fromkeys(QUALITIES, 3)
        base_qualities.update(_mapping(qualities, "qualities"))
        return cls(
            name,
            stats=base_stats,
            qualities=base_qualities,
            skills=skills or {},
            traits=traits or {},
            spells=_frozen_set(spells),
            classes=_frozen_set(classes),
        )

    @property
    def youth_max(self) -> int:
        """The Youth pool when refreshed: 7 in first year, one less per year above; 0 for adults."""
        if self.year is None:
            return 0
        return max(YOUTH_AT_FIRST_YEAR - (self.year - 1), 0)

    @property
    def size(self) -> int:
        """The character's Size (health is measured against it)."""
        return self.stats["Size"]

    def stat(self, name: str) -> int:
        """A stat or a quality by name (``KeyError`` if the sheet lacks it)."""
        if name in self.qualities:
            return self.qualities[name]
        return self.stats[name]

    def skill(self, name: str) -> int:
        """A skill rating (0 if the sheet does not list it)."""
        return self.skills.get(name, 0)

    @property
    def wound(self) -> Wound:
        """The wound state from damage Points and Size (and a failed Fortitude test)."""
        return wound_for(self.damage, self.size, knocked_out=self.knocked_out)

    @property
    def is_conscious(self) -> bool:
        """True unless unconscious or dead."""
        return self.wound not in (Wound.UNCONSCIOUS, Wound.DEAD)

    def _repr_html_(self) -> str:
        """The character sheet Jupyter shows (see `html.character_html`)."""
        from hogwarts_rules.hufflepuff_ravenclaw.html import character_html

        return character_html(self)


def wound_for(damage: int, size: int, *, knocked_out: bool = False) -> Wound:
    """The wound state for ``damage`` Points on a character of ``size``.

    Thresholds, compared exactly (no rounding): Minor at half Size, Major at 2/3
    of Size, unconscious at Size, dead at Size + 10.

    Examples:
        >>> [wound_for(points, 3).value for points in range(5)]  # Minor at 1.5, Major at 2
        ['unhurt', 'unhurt', 'major', 'unconscious', 'unconscious']
        >>> wound_for(2, 2).value  # Size 2: a Major Wound and unconsciousness together
        'unconscious'
        >>> wound_for(0, 0)
        Traceback (most recent call last):
        ...
        ValueError: Size is a whole number of 1 or more, not 0

    Raises:
        ValueError: ``size`` below 1 or ``damage`` below 0 (no character has them).
    """
    if type(size) is not int or size < 1:
        raise ValueError(f"Size is a whole number of 1 or more, not {size!r}")
    if type(damage) is not int or damage < 0:
        raise ValueError(f"damage is a whole number of Points, 0 or more, not {damage!r}")
    if damage >= size + 10:
        return Wound.DEAD
    if damage >= size or knocked_out:
        return Wound.UNCONSCIOUS
    if 3 * damage >= 2 * size:
        return Wound.MAJOR
    if 2 * damage >= size:
        return Wound.MINOR
    return Wound.UNHURT
