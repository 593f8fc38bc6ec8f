"""A Hufflepuff & Ravenclaw scene: the game master's table, driven by actions.

Each type of action has one check (may it be played now?) and one play (the rules
that resolve it); the table ``_RULES``, at the end of the class, pairs them, so the
rules of an action are found from its name.

Examples:
    >>> from hogwarts_rules.dice import ScriptedDice
    >>> from hogwarts_rules import hufflepuff_ravenclaw as hr
    >>> sky = hr.Character.first_year("Sky", stats={"Agility": 4}, skills={"Brawl": 1})
    >>> scene = hr.new_game([sky], dice=ScriptedDice([11]))
    >>> scene, events = scene.apply(hr.SkillTest("Sky", "Brawl", "Agility"))
    >>> scene.to_act
    ('Sky',)
    >>> scene, events = scene.apply(hr.SpendYouth("Sky", 2))
    >>> for event in events:
    ...     print(event.description)
    Sky spends 2 Youth: the Target Number becomes 11 (5 Youth left)
    Sky succeeds at Agility + Brawl by 0 (rolled 11 against 11)
    Sky puts a check mark next to Brawl
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Final, Generic, Self, TypeVar, cast

import attrs

from hogwarts_rules.actions import Action
from hogwarts_rules.dice import DiceSource
from hogwarts_rules.engine import Context, GameBase, Outcome, check_player_names, make_dice
from hogwarts_rules.frozen import FrozenMap
from hogwarts_rules.hufflepuff_ravenclaw.actions import (
    AddCharacter,
    AdvanceYears,
    BrawlRound,
    CastSpell,
    Contest,
    Damage,
    Duellist,
    DuelRound,
    EndOfYear,
    EndScene,
    EndSession,
    Fall,
    Fighter,
    Heal,
    HufflepuffRavenclawAction,
    JoinClass,
    LearnSpell,
    Modifier,
    QualityContest,
    QualitySpec,
    QualityTest,
    RemoveCharacter,
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
    Wound,
)
from hogwarts_rules.hufflepuff_ravenclaw.errors import refuse
from hogwarts_rules.hufflepuff_ravenclaw.events import (
    CharacterAdded,
    CharacterAdvanced,
    CharacterAged,
    CharacterRemoved,
    ClassJoined,
    ContestResolved,
    DamageTaken,
    ExperienceRolled,
    Healed,
    PenaltyReduced,
    SceneEnded,
    Scuffed,
    SkillChecked,
    SpellBlocked,
    SpellLanded,
    SpellLearned,
    TestResolved,
    TestRolled,
    WoundChanged,
    YouthRefreshed,
    YouthSpent,
)
from hogwarts_rules.hufflepuff_ravenclaw.resolution import (
    RollResult,
    blow,
    brawl_exchange,
    contest_winner,
    duel_exchange,
    fall_dice,
    heal,
    take_damage,
    youth_order,
)
from hogwarts_rules.hufflepuff_ravenclaw.tables import (
    ADVANCEMENT_TABLE,
    QUALITY_DIE,
    SKILL_DIE,
    SPELL_YEAR_PENALTY,
    STANDARD_SPELL_BONUS,
    VERBAL_INCANTATION_BONUS,
    YOUTH_TN_BONUS,
    class_roll_target,
)
from hogwarts_rules.names import MAX_LABEL_LENGTH, name_problem
from hogwarts_rules.serialization import shown_key, unstructure

if TYPE_CHECKING:
    from hogwarts_rules.hufflepuff_ravenclaw.view import SceneView

__all__ = ["KIND", "MAX_CHARACTERS", "Game", "SceneSetup", "new_game"]

KIND: Final = "hufflepuff-ravenclaw"
"""The game's kind, as written in saved games."""

MAX_CHARACTERS: Final = 50
"""The most characters one scene holds."""

_MAX_MODIFIER: Final = 100
_MAX_POINTS: Final = 1000
_MAX_METRES: Final = 10_000
_MAX_LABEL: Final = MAX_LABEL_LENGTH
_LAST_YEAR: Final = 7


@attrs.frozen
class _Side:
    """One side of a contest, ready to roll: who, what, the Target Number's parts, the skill."""

    character: str
    label: str
    parts: tuple[tuple[str, int], ...]
    skill: str | None


A = TypeVar("A", bound=Action)


def _skill_map(value: Mapping[str, SkillKind]) -> FrozenMap[str, SkillKind]:
    return FrozenMap(value)


def _spell_map(value: Mapping[str, Spell]) -> FrozenMap[str, Spell]:
    return FrozenMap(value)


@attrs.frozen
class SceneSetup:
    """How a scene starts: its characters, dice, and the names its rules know.

    Attributes:
        characters: the character sheets, in order.
        dice: the dice the scene starts with.
        stats: the stat names besides the qualities (must include ``"Size"``).
        skills: every skill name with its kind (common or magical).
        spells: the standard spells by name.
    """

    characters: tuple[Character, ...]
    dice: DiceSource
    stats: tuple[str, ...] = DEFAULT_STATS
    skills: FrozenMap[str, SkillKind] = attrs.field(default=DEFAULT_SKILLS, converter=_skill_map)
    spells: FrozenMap[str, Spell] = attrs.field(default=DEFAULT_SPELLS, converter=_spell_map)


def _check_int(value: object, low: int, high: int, what: str) -> int:
    if type(value) is not int or not low <= value <= high:
        raise refuse(
            "bad_number", f"{what} must be a whole number from {low} to {high}, not {value!r}"
        )
    return value


def _check_text(value: object, what: str, *, allow_empty: bool = False) -> str:
    """A label (a stat, skill, spell or trait name, a reason, an effect): one validation.

    Through `hogwarts_rules.names.name_problem`: 1 to 80 characters, no surrounding white
    space, no control, format or surrogate characters (so every scene can be written
    as UTF-8 JSON); ``allow_empty``: the empty string is accepted too.
    """
    if allow_empty and value == "":
        return value
    problem = name_problem(value, _MAX_LABEL, reserved=False)
    if problem is not None:
        raise refuse("bad_text", f"{what} {problem}")
    assert isinstance(value, str)
    return value


def _validate_setup(setup: SceneSetup) -> None:
    """Check a set-up's names and character sheets (raises IllegalActionError)."""
    stats = setup.stats
    if type(stats) is not tuple or "Size" not in stats:
        raise refuse(
            "bad_stats", "the scene's stats must include Size (health is measured against it)"
        )
    for name in stats:
        _check_text(name, "a stat name")
    for name, kind in setup.skills.items():
        _check_text(name, "a skill name")
        if kind not in ("common", "magical"):
            raise refuse("bad_skill", f"skill {name!r} must be common or magical, not {kind!r}")
    overlap = (set(stats) | set(QUALITIES)) & set(setup.skills)
    if len(set(stats)) != len(stats) or set(stats) & set(QUALITIES) or overlap:
        raise refuse("bad_stats", "stat, quality and skill names must all be different")
    for name, spell in setup.spells.items():
        _check_text(name, "a spell name")
        if setup.skills.get(spell.skill) != "magical":
            raise refuse(
                "bad_spell", f"spell {name!r} must use a magical skill, not {spell.skill!r}"
            )
        _check_int(spell.year, 1, 7, f"the year of spell {name!r}")
    for character in setup.characters:
        if not isinstance(character, Character):
            raise refuse("bad_character", f"{type(character).__name__} is not a Character")
    check_player_names(
        [c.name for c in setup.characters], minimum=1, maximum=MAX_CHARACTERS, noun="character"
    )
    for character in setup.characters:
        _validate_character(character, setup)


def _validate_character(c: Character, setup: SceneSetup) -> None:
    who = c.name
    for name, value in c.stats.items():
        if name not in setup.stats:
            raise refuse(
                "unknown_stat",
                f"{who}: unknown stat {name!r} (the scene knows {', '.join(setup.stats)})",
            )
        _check_int(value, 1 if name == "Size" else 0, 50, f"{who}'s {name}")
    if "Size" not in c.stats:
        raise refuse("missing_stat", f"{who} needs a Size (health is measured against it)")
    if set(c.qualities) != set(QUALITIES):
        raise refuse("bad_qualities", f"{who} needs exactly the qualities {', '.join(QUALITIES)}")
    for name, value in c.qualities.items():
        _check_int(value, 0, 20, f"{who}'s {name}")
    for name, value in c.skills.items():
        if name not in setup.skills:
            raise refuse("unknown_skill", f"{who}: unknown skill {name!r}")
        _check_int(value, -10, 50, f"{who}'s {name}")
    known = set(setup.stats) | set(QUALITIES) | set(setup.skills)
    for name, trait in c.traits.items():
        _check_text(name, f"{who}'s trait name")
        _check_int(trait.value, -20, 20, f"{who}'s trait {name!r}")
        for target in trait.applies_to:
            if target not in known:
                raise refuse(
                    "unknown_skill", f"{who}'s trait {name!r} applies to unknown {target!r}"
                )
    if c.year is not None:
        _check_int(c.year, 1, 7, f"{who}'s school year")
    _check_int(c.youth, 0, c.youth_max, f"{who}'s Youth")
    _check_int(c.damage, 0, _MAX_POINTS, f"{who}'s damage")
    if type(c.knocked_out) is not bool:
        raise refuse("bad_value", f"{who}'s knocked_out must be true or false")
    for skill in c.checks:
        if skill not in setup.skills:
            raise refuse("unknown_skill", f"{who}: unknown checked skill {skill!r}")
    for spell in c.spells:
        if spell not in setup.spells:
            raise refuse("unknown_spell", f"{who}: {spell!r} is not a standard spell of this scene")
    for skill in c.classes:
        if setup.skills.get(skill) != "magical":
            raise refuse(
                "not_magical",
                f"{who}: classes are taken in magical skills, and {skill!r} is not one",
            )


@attrs.frozen(kw_only=True)
class Game(GameBase):
    """A Hufflepuff & Ravenclaw scene (immutable; see `hogwarts_rules.engine`).

    Attributes:
        setup: how the scene started.
        characters: every character sheet as it stands now, by name.
        ended: the game master has ended the scene.
    """

    KIND: ClassVar[str] = KIND
    SETUP_TYPE: ClassVar[type[Any]] = SceneSetup
    ACTION_TYPE: ClassVar[type[Action]] = HufflepuffRavenclawAction

    setup: SceneSetup = attrs.field(repr=False)
    characters: FrozenMap[str, Character]
    ended: bool = False

    # ----- reading the scene ------------------------------------------------------------

    def __str__(self) -> str:
        """The text board (see `text.board_text`)."""
        from hogwarts_rules.hufflepuff_ravenclaw.text import board_text

        return board_text(self)

    def __repr__(self) -> str:
        """A short summary that shows no secret (see `text.short_repr`)."""
        from hogwarts_rules.hufflepuff_ravenclaw.text import short_repr

        return short_repr(self)

    def character(self, name: str) -> Character:
        """A character by name.

        Raises:
            IllegalActionError: there is no such character.
        """
        found = self.characters.get(name) if type(name) is str else None
        if found is None:
            raise refuse(
                "unknown_character",
                f"there is no character called {shown_key(name)!r} in this scene",
            )
        return found

    def view(self, seat: str | None) -> SceneView:
        """What ``seat`` may see (``None``: the table): every sheet, never the dice.

        Raises:
            IllegalActionError: there is no such character.
        """
        from hogwarts_rules.hufflepuff_ravenclaw.view import view_for

        if seat is not None:
            self.character(seat)
        return view_for(self, seat)

    @property
    def seat_names(self) -> tuple[str, ...]:
        """The characters in the scene now, in order (added characters last, HR-31)."""
        return tuple(self.characters)

    @property
    def is_over(self) -> bool:
        """True once the game master has ended the scene."""
        return self.ended

    @property
    def outcome(self) -> Outcome | None:
        """``None`` while the scene goes on; a scene has no winners."""
        if not self.ended:
            return None
        return Outcome((), "scene_ended", description="The game master ended the scene.")

    def _repr_html_(self) -> str:
        """The scene Jupyter shows: its characters side by side (see `html.scene_html`)."""
        from hogwarts_rules.hufflepuff_ravenclaw.html import scene_html

        return scene_html(self)

    def target_number(self, spec: TestSpec) -> tuple[tuple[str, int], ...]:
        """The parts of a test's Target Number: stat, skill, traits and modifiers.

        Raises:
            IllegalActionError: unknown character, stat, skill or trait.
        """
        c = self.character(spec.character)
        self._check_spec(spec)
        return (
            (spec.stat, c.stat(spec.stat)),
            (spec.skill, c.skill(spec.skill)),
            *self._trait_parts(c, (spec.stat, spec.skill), spec.traits),
            *((m.reason, m.value) for m in spec.modifiers),
        )

    def _trait_parts(
        self, c: Character, used: Iterable[str], named: Sequence[str]
    ) -> list[tuple[str, int]]:
        used_set = set(used)
        parts = []
        for name, trait in c.traits.items():
            if name in named or used_set & trait.applies_to:
                parts.append((name, trait.value))
        return parts

    # ----- checking ---------------------------------------------------------------------

    def _able(self, name: object) -> Character:
        c = self.character(name)  # type: ignore[arg-type]
        if not c.is_conscious:
            raise refuse("incapacitated", f"{c.name} is {c.wound.value} and cannot act")
        return c

    def _check_modifiers(self, modifiers: object, traits: object, c: Character) -> None:
        if type(modifiers) is not tuple or len(modifiers) > 20:
            raise refuse("bad_modifiers", "modifiers must be a tuple of at most 20 Modifier values")
        for m in modifiers:
            if not isinstance(m, Modifier):
                raise refuse("bad_modifiers", f"{type(m).__name__} is not a Modifier")
            _check_int(m.value, -_MAX_MODIFIER, _MAX_MODIFIER, "a modifier")
            _check_text(m.reason, "a modifier's reason")
        if type(traits) is not tuple:
            raise refuse("bad_traits", "traits must be a tuple of trait names")
        for t in traits:
            if t not in c.traits:
                raise refuse(
                    "unknown_trait",
                    f"{c.name} has no Advantage or Disadvantage called {shown_key(t)!r}",
                )

    def _check_spec(self, spec: TestSpec) -> None:
        c = self._able(spec.character)
        if spec.stat not in c.qualities and spec.stat not in c.stats:
            raise refuse(
                "unknown_stat", f"{c.name} has no stat or quality called {shown_key(spec.stat)!r}"
            )
        if spec.skill not in self.setup.skills:
            raise refuse("unknown_skill", f"{shown_key(spec.skill)!r} is not a skill of this scene")
        self._check_modifiers(spec.modifiers, spec.traits, c)

    def _spell_facts(self, action: CastSpell) -> tuple[str, int, bool]:
        """(skill, year, standard) for a spell action, validated."""
        catalogued = self.setup.spells.get(action.spell) if type(action.spell) is str else None
        if catalogued is not None:
            if action.skill not in (None, catalogued.skill) or action.year not in (
                None,
                catalogued.year,
            ):
                raise refuse(
                    "spell_mismatch",
                    f"{action.spell} is a standard spell of {catalogued.skill}, "
                    f"year {catalogued.year}; "
                    "leave skill and year out",
                )
            known = action.spell in self.character(action.character).spells
            return catalogued.skill, catalogued.year, known
        _check_text(action.spell, "the spell's name")
        if action.skill is None or action.year is None:
            raise refuse(
                "unknown_spell",
                f"{action.spell!r} is not a standard spell of this scene: "
                "give the magical skill and year it needs",
            )
        if self.setup.skills.get(action.skill) != "magical":
            raise refuse(
                "not_magical",
                f"spells are cast with a magical skill, and {action.skill!r} is not one",
            )
        _check_int(action.year, 1, 7, "the spell's year")
        return action.skill, action.year, False

    def spell_target_number(
        self, action: CastSpell, *, prepared: bool = False
    ) -> tuple[tuple[str, int], ...]:
        """The parts of a spell's Target Number, before anything is rolled.

        Args:
            action: the spell to cast.
            prepared: count the preparation test as made (one year of penalty less).

        Raises:
            IllegalActionError: the scene would refuse the spell.

        Examples:
            >>> from hogwarts_rules import hufflepuff_ravenclaw as hr
            >>> scene = hr.new_game([hr.Character.first_year("Sky", skills={"Charms": 1})])
            >>> scene.spell_target_number(hr.CastSpell("Sky", "Accio"))
            (('Intellect', 3), ('Charms', 1), ('verbal incantation', 3), ('spell 3 year(s) above', -18))
        """  # noqa: E501
        self._check_cast_spell(action)
        if prepared and action.preparation is None:
            raise refuse("bad_preparation", f"{action.spell} is cast without a preparation test")
        return tuple(self._spell_parts(action, prepared=prepared))

    def preparation_spec(self, action: CastSpell) -> TestSpec:
        """The Astronomy or Arithmancy test that prepares a spell (HR-13).

        Raises:
            IllegalActionError: the spell names no preparation.
        """
        if action.preparation is None:
            raise refuse("bad_preparation", f"{action.spell} is cast without a preparation test")
        return TestSpec(action.character, action.preparation, "Intellect")

    def _spell_parts(self, action: CastSpell, *, prepared: bool) -> list[tuple[str, int]]:
        c = self.characters[action.character]
        skill, year, standard = self._spell_facts(action)
        years_above = self._spell_penalty(action, year) - (1 if prepared else 0)
        parts = [
            (action.stat, c.stat(action.stat)),
            (skill, c.skill(skill)),
            *self._trait_parts(c, (action.stat, skill), action.traits),
        ]
        if action.verbal:
            parts.append(("verbal incantation", VERBAL_INCANTATION_BONUS))
        if standard:
            parts.append(("standard spell", STANDARD_SPELL_BONUS))
        if years_above:
            parts.append((f"spell {years_above} year(s) above", -SPELL_YEAR_PENALTY * years_above))
        parts.extend((m.reason, m.value) for m in action.modifiers)
        return parts

    def _spell_penalty(self, action: CastSpell, year: int) -> int:
        caster_year = self.character(action.character).year
        years_above = max(0, year - (7 if caster_year is None else caster_year))
        return years_above

    # ----- each action: its check (here) and its play (below) ---------------------------------
    # `_RULES`, after the class, gives each type of action its check and its play.

    def _check_root(self, action: Action) -> None:
        if self.ended:
            raise refuse("game_over", "the scene has ended")
        rule = _rule_for(action)
        if rule is None:  # pragma: no cover - every action class has a rule
            raise refuse("bad_action", f"{type(action).__name__} is not an action of this scene")
        rule.check(self, action)

    def _play(self, ctx: Context, action: Action) -> Self:
        rule = _rule_for(action)
        assert rule is not None, f"unhandled action {action!r}"
        return cast(Self, rule.play(self, ctx, action))

    def _check_skill_test(self, action: SkillTest) -> None:
        self._check_spec(action.spec())

    def _check_quality_test(self, action: QualityTest | QualitySpec) -> None:
        c = self._able(action.character)
        if action.quality not in QUALITIES:
            raise refuse(
                "unknown_quality",
                f"{shown_key(action.quality)!r} is not a quality ({', '.join(QUALITIES)})",
            )
        self._check_modifiers(action.modifiers, action.traits, c)

    def _check_quality_contest(self, action: QualityContest) -> None:
        for side in (action.first, action.second):
            if not isinstance(side, QualitySpec):
                raise refuse("bad_side", "each side of a quality contest is a QualitySpec")
            self._check_quality_test(side)
        if action.first.character == action.second.character:
            raise refuse("same_character", "a contest needs two different characters")

    def _check_duel_round(self, action: DuelRound) -> None:
        for d in (action.first, action.second):
            if not isinstance(d, Duellist):
                raise refuse("bad_side", "each side of a duel is a Duellist")
            self._check_cast_spell(d.cast())
            _check_int(d.damage, 0, _MAX_POINTS, "a duelling spell's damage Points")
            _check_text(d.effect, "a spell's effect", allow_empty=True)
        if action.first.character == action.second.character:
            raise refuse("same_character", "a duel needs two different characters")

    def _check_learn_spell(self, action: LearnSpell) -> None:
        c = self._living(action.character)
        if type(action.spell) is not str or action.spell not in self.setup.spells:
            raise refuse(
                "unknown_spell",
                f"{shown_key(action.spell)!r} is not a standard spell of this scene",
            )
        if action.spell in c.spells:
            raise refuse("already_known", f"{c.name} already has {action.spell} on the sheet")

    def _check_join_class(self, action: JoinClass) -> None:
        c = self._living(action.character)
        if c.year is None:
            raise refuse("not_a_student", f"{c.name} is an adult and takes no classes")
        if type(action.skill) is not str or self.setup.skills.get(action.skill) != "magical":
            raise refuse(
                "not_magical",
                f"classes are taken in magical skills, and {shown_key(action.skill)!r} is not one",
            )
        if action.skill in c.classes:
            raise refuse("already_taking", f"{c.name} already takes {action.skill}")

    def _check_add_character(self, action: AddCharacter) -> None:
        c = action.character
        if not isinstance(c, Character):
            raise refuse("bad_character", f"{type(c).__name__} is not a Character")
        check_player_names(
            [*self.characters, c.name], minimum=1, maximum=MAX_CHARACTERS, noun="character"
        )
        _validate_character(c, self.setup)

    def _check_remove_character(self, action: RemoveCharacter) -> None:
        c = self.character(action.character)
        if len(self.characters) == 1:
            raise refuse("last_character", f"{c.name} is the last character of the scene")

    def _living(self, name: object) -> Character:
        c = self.character(name)  # type: ignore[arg-type]
        if c.wound is Wound.DEAD:
            raise refuse("dead", f"{c.name} is dead")
        return c

    def _check_contest(self, action: Contest) -> None:
        self._check_spec(action.first)
        self._check_spec(action.second)
        if action.first.character == action.second.character:
            raise refuse("same_character", "a contest needs two different characters")

    def _check_cast_spell(self, action: CastSpell) -> None:
        c = self._able(action.character)
        skill, year, _ = self._spell_facts(action)
        self._check_spec(TestSpec(c.name, skill, action.stat, action.modifiers, action.traits))
        if type(action.verbal) is not bool:
            raise refuse("bad_value", "verbal must be true or false")
        if action.preparation is not None:
            if action.preparation not in ("Astronomy", "Arithmancy"):
                raise refuse("bad_preparation", "the preparation test is Astronomy or Arithmancy")
            if action.preparation not in self.setup.skills:
                raise refuse("unknown_skill", f"{action.preparation} is not a skill of this scene")
            if self._spell_penalty(action, year) == 0:
                raise refuse(
                    "nothing_to_reduce",
                    f"{action.spell} is not above {c.name}'s year: there is no penalty to reduce",
                )

    def _check_brawl_round(self, action: BrawlRound) -> None:
        for fighter in (action.first, action.second):
            if not isinstance(fighter, Fighter) or type(fighter.armed) is not bool:
                raise refuse("bad_fighter", "each side of a brawl is a Fighter")
            self._check_spec(fighter.spec())
        if action.first.character == action.second.character:
            raise refuse("same_character", "a brawl needs two different characters")

    def _check_damage(self, action: Damage) -> None:
        c = self.character(action.character)
        _check_int(action.points, 1, _MAX_POINTS, "damage Points")
        _check_text(action.reason, "the cause of the damage")
        if c.wound is Wound.DEAD:
            raise refuse("dead", f"{c.name} is dead")

    def _check_fall(self, action: Fall) -> None:
        c = self.character(action.character)
        _check_int(action.metres, 1, _MAX_METRES, "the height of a fall in metres")
        if c.wound is Wound.DEAD:
            raise refuse("dead", f"{c.name} is dead")

    def _check_heal(self, action: Heal) -> None:
        c = self.character(action.character)
        _check_int(action.points, 1, _MAX_POINTS, "healed Points")
        if c.wound is Wound.DEAD:
            raise refuse("dead", f"{c.name} is dead; the dead are not healed")
        if c.damage == 0:
            raise refuse("unhurt", f"{c.name} has no damage to heal")

    def _check_spend_youth(self, action: SpendYouth) -> None:
        raise refuse(
            "no_roll_awaited", "Youth is spent right after a roll, and no roll is awaiting it"
        )

    def _check_anytime(self, action: EndSession | SchoolBreak | EndOfYear | EndScene) -> None:
        """The game master may end a session or the scene, or call a school break, any time."""

    def _check_advance(self, action: AdvanceYears) -> None:
        c = self._able(action.character)
        if c.year != 1:
            raise refuse(
                "not_first_year",
                f"{c.name} is not a first year; only first-year sheets start higher",
            )
        _check_int(action.year, 2, 7, "the starting year")
        row = ADVANCEMENT_TABLE[action.year]
        spent = 0
        for skill, points in action.skill_points.items():
            if self.setup.skills.get(skill) != "common":
                raise refuse(
                    "not_common",
                    f"year points go to common skills, and {shown_key(skill)!r} is not one",
                )
            _check_int(
                points, 1, row.max_in_one_skill, f"points added to {skill} in year {action.year}"
            )
            spent += points
            # The Advantages only (HR-18): a Disadvantage does not raise the cap.
            advantages = sum(v for _, v in self._trait_parts(c, (skill,), ()) if v > 0)
            with_traits = c.skill(skill) + points + advantages
            if with_traits > row.max_with_advantages:
                raise refuse(
                    "skill_too_high",
                    f"{c.name}'s {skill} would be {with_traits} with advantages; "
                    f"year {action.year} allows at most {row.max_with_advantages}",
                )
        if spent > row.skill_points:
            raise refuse(
                "too_many_points",
                f"year {action.year} gives {row.skill_points} skill points, not {spent}",
            )

    # ----- what can happen now ------------------------------------------------------------

    def _root_actions(self) -> tuple[Action, ...]:
        return (EndSession(), SchoolBreak(), EndScene())

    def _root_to_act(self) -> tuple[str, ...]:
        return ()

    # ----- playing each action, and the rules the plays share ---------------------------------

    def _with(self, c: Character) -> Self:
        return attrs.evolve(self, characters=self.characters.set(c.name, c))

    def _play_skill_test(self, ctx: Context, action: SkillTest) -> Self:
        game, _ = self._test(ctx, action.spec())
        return game

    def _play_quality_test(self, ctx: Context, action: QualityTest) -> Self:
        c = self.character(action.character)
        parts = self._quality_parts(c, action.quality, action.modifiers, action.traits)
        game, _ = self._resolve(ctx, c.name, action.quality, parts, QUALITY_DIE, None)
        return game

    def _play_contest(self, ctx: Context, action: Contest) -> Self:
        game, _, _ = self._contest(ctx, action.first, action.second)
        return game

    def _play_damage(self, ctx: Context, action: Damage) -> Self:
        return self._take_damage(ctx, action.character, action.points, action.reason)

    def _play_fall(self, ctx: Context, action: Fall) -> Self:
        dice = fall_dice(action.metres)
        rolls = ctx.roll_many(
            dice, 6, label=f"{action.character}'s fall of {action.metres} m", state=self
        )
        return self._take_damage(ctx, action.character, sum(rolls), f"a fall of {action.metres} m")

    def _play_spend_youth(self, ctx: Context, action: SpendYouth) -> Self:  # pragma: no cover
        raise AssertionError("Youth is spent inside another action; its check refuses it alone")

    def _end_session(self, ctx: Context, action: EndSession) -> Self:
        game = self
        for c in self.characters.values():
            if c.wound is Wound.DEAD:  # HR-22: the dead's Youth does not come back
                continue
            game = game._with(attrs.evolve(c, youth=c.youth_max))
            ctx.emit(YouthRefreshed(c.name, c.youth_max))
        return game

    def _end_scene(self, ctx: Context, action: EndScene) -> Self:
        ctx.emit(SceneEnded())
        return attrs.evolve(self, ended=True)

    def _test(self, ctx: Context, spec: TestSpec) -> tuple[Self, RollResult]:
        """A d20 skill test with its Youth decision and check mark."""
        return self._resolve(
            ctx,
            spec.character,
            f"{spec.stat} + {spec.skill}",
            self.target_number(spec),
            SKILL_DIE,
            spec.skill,
        )

    def _roll(
        self, ctx: Context, name: str, label: str, parts: Sequence[tuple[str, int]], die: int
    ) -> int:
        target = sum(v for _, v in parts)
        roll = ctx.roll(die, label=f"{name}'s d{die} for {label}", state=self)
        ctx.emit(TestRolled(name, label, tuple(parts), target, die, roll))
        return roll

    def _spend_youth(
        self,
        ctx: Context,
        name: str,
        label: str,
        target: int,
        roll: int,
        die: int,
        contest: Mapping[str, int | str] | None = None,
    ) -> tuple[Self, int]:
        """Offer ``name`` to spend Youth after seeing ``roll``; return the game and points spent.

        ``contest`` adds what a side of a contest knows of the other side to the
        decision's details (see `_contest`).
        """
        c = self.characters[name]
        if c.youth == 0:
            return self, 0
        options = [SpendYouth(name, n) for n in range(c.youth + 1)]
        prompt = (
            f"{name} rolled {roll} against {target} for {label}: "
            f"spend Youth (+{YOUTH_TN_BONUS} each)?"
        )
        details: dict[str, int | str] = {
            "roll": roll,
            "target": target,
            "label": label,
            "die": die,
            "youth": c.youth,
        }
        if contest is not None:
            details.update(contest)
        choice = ctx.decide(name, options, prompt=prompt, details=details, state=self)
        assert isinstance(choice, SpendYouth)
        final = target + YOUTH_TN_BONUS * choice.points
        c = attrs.evolve(c, youth=c.youth - choice.points)
        ctx.emit(YouthSpent(name, choice.points, final, c.youth))
        return self._with(c), choice.points

    def _finish(
        self, ctx: Context, name: str, label: str, result: RollResult, skill: str | None
    ) -> tuple[Self, RollResult]:
        ctx.emit(
            TestResolved(
                name, label, result.roll, result.final_target, result.success, result.degree
            )
        )
        game = self
        c = self.characters[name]
        if result.success and skill is not None and skill not in c.checks:
            game = self._with(attrs.evolve(c, checks=c.checks | frozenset((skill,))))
            ctx.emit(SkillChecked(name, skill))
        return game, result

    def _resolve(
        self,
        ctx: Context,
        name: str,
        label: str,
        parts: Sequence[tuple[str, int]],
        die: int,
        skill: str | None,
    ) -> tuple[Self, RollResult]:
        roll = self._roll(ctx, name, label, parts, die)
        target = sum(v for _, v in parts)
        game, spent = self._spend_youth(ctx, name, label, target, roll, die)
        return game._finish(ctx, name, label, RollResult(roll, target, spent, die), skill)

    def _contest(
        self, ctx: Context, first: TestSpec, second: TestSpec
    ) -> tuple[Self, RollResult, RollResult]:
        """A skill contest: both roll a d20 for stat + skill, check marks for successes."""
        sides = [
            _Side(s.character, f"{s.stat} + {s.skill}", self.target_number(s), s.skill)
            for s in (first, second)
        ]
        return self._contest_sides(ctx, sides[0], sides[1], SKILL_DIE)

    def _contest_sides(
        self, ctx: Context, first: _Side, second: _Side, die: int
    ) -> tuple[Self, RollResult, RollResult]:
        """Both roll; Youth is offered to the side behind first; larger margin wins (HR-4, HR-5)."""
        sides = (first, second)
        rolls = [self._roll(ctx, s.character, s.label, s.parts, die) for s in sides]
        targets = [sum(v for _, v in s.parts) for s in sides]
        order = youth_order(targets[0] - rolls[0], targets[1] - rolls[1])
        spent = [0, 0]
        game = self
        answered: int | None = None  # the Youth the side that decided first spent
        for position, i in enumerate(order):
            j = 1 - i
            opponent_target = targets[j] + YOUTH_TN_BONUS * spent[j]
            known: dict[str, int | str] = {
                "margin": targets[i] - rolls[i],
                "decides": "first" if position == 0 else "second",
                "opponent": sides[j].character,
                "opponent_roll": rolls[j],
                "opponent_target": opponent_target,
                "opponent_margin": opponent_target - rolls[j],
                "opponent_youth": game.characters[sides[j].character].youth,
            }
            if answered is not None:
                known["opponent_spent"] = answered
            game, spent[i] = game._spend_youth(
                ctx, sides[i].character, sides[i].label, targets[i], rolls[i], die, known
            )
            answered = spent[i]
        results = []
        for i in (0, 1):
            game, result = game._finish(
                ctx,
                sides[i].character,
                sides[i].label,
                RollResult(rolls[i], targets[i], spent[i], die),
                sides[i].skill,
            )
            results.append(result)
        a, b = results
        names = (first.character, second.character)
        winner = contest_winner(a.margin, b.margin)
        ctx.emit(
            ContestResolved(
                names[0], names[1], a.margin, b.margin, None if winner is None else names[winner]
            )
        )
        return game, a, b

    def _quality_parts(
        self, c: Character, quality: str, modifiers: Sequence[Modifier], traits: Sequence[str]
    ) -> tuple[tuple[str, int], ...]:
        return (
            (quality, c.qualities[quality]),
            *self._trait_parts(c, (quality,), traits),
            *((m.reason, m.value) for m in modifiers),
        )

    def _play_quality_contest(self, ctx: Context, action: QualityContest) -> Self:
        sides = []
        for spec in (action.first, action.second):
            c = self.characters[spec.character]
            parts = self._quality_parts(c, spec.quality, spec.modifiers, spec.traits)
            sides.append(_Side(c.name, spec.quality, parts, None))
        game, _, _ = self._contest_sides(ctx, sides[0], sides[1], QUALITY_DIE)
        return game

    def _duel(self, ctx: Context, action: DuelRound) -> Self:
        duellists = (action.first, action.second)
        sides = []
        for d in duellists:
            skill, _, _ = self._spell_facts(d.cast())
            parts = tuple(self._spell_parts(d.cast(), prepared=False))
            sides.append(_Side(d.character, f"{d.spell} ({skill})", parts, skill))
        game, a, b = self._contest_sides(ctx, sides[0], sides[1], SKILL_DIE)
        exchange = duel_exchange(a, b, duellists[0].damage, duellists[1].damage)
        for caster, target in ((0, 1), (1, 0)):
            d, other = duellists[caster], duellists[target]
            if exchange.lands[caster]:
                ctx.emit(SpellLanded(d.character, other.character, d.spell, d.effect))
                points = exchange.dealt[caster]
                if points is not None:
                    reason = f"{d.character}'s {d.spell}"
                    game = game._take_damage(ctx, other.character, points, reason)
            elif exchange.blocked[caster]:
                ctx.emit(SpellBlocked(d.character, other.character, d.spell))
        return game

    def _cast(self, ctx: Context, action: CastSpell) -> Self:
        c = self.character(action.character)
        skill, _, _ = self._spell_facts(action)
        game = self
        prepared = False
        if action.preparation is not None:
            game, result = game._test(ctx, self.preparation_spec(action))
            if result.success:
                prepared = True
                years_above = self._spell_penalty(action, self._spell_facts(action)[1]) - 1
                ctx.emit(PenaltyReduced(c.name, action.spell, -SPELL_YEAR_PENALTY * years_above))
        parts = game._spell_parts(action, prepared=prepared)
        game, _ = game._resolve(ctx, c.name, f"{action.spell} ({skill})", parts, SKILL_DIE, skill)
        return game

    def _brawl(self, ctx: Context, action: BrawlRound) -> Self:
        fighters = (action.first, action.second)
        game, a, b = self._contest(ctx, action.first.spec(), action.second.spec())
        names = (action.first.character, action.second.character)
        sizes = [self.characters[name].size for name in names]
        exchange = brawl_exchange(
            a, b, blow(sizes[0], armed=fighters[0].armed), blow(sizes[1], armed=fighters[1].armed)
        )
        if exchange.scuffer is not None:
            ctx.emit(Scuffed(names[exchange.scuffer], names[1 - exchange.scuffer]))
        dealt = exchange.dealt
        for attacker, defender, points in ((0, 1, dealt[0]), (1, 0, dealt[1])):
            if points is not None:
                weapon = "armed" if fighters[attacker].armed else "unarmed"
                reason = f"{fighters[attacker].character}'s {weapon} blow"
                game = game._take_damage(ctx, fighters[defender].character, points, reason)
        return game

    def _take_damage(self, ctx: Context, name: str, points: int, reason: str) -> Self:
        c = self.characters[name]
        taken = take_damage(c.damage, c.size, points, knocked_out=c.knocked_out)
        c = attrs.evolve(c, damage=taken.damage)
        game = self._with(c)
        ctx.emit(DamageTaken(name, points, c.damage, reason))
        if taken.after is not taken.before:
            ctx.emit(WoundChanged(name, taken.after.value))
        if taken.fortitude_test:
            parts = (
                ("Fortitude", c.qualities["Fortitude"]),
                *game._trait_parts(c, ("Fortitude",), ()),
            )
            game, result = game._resolve(
                ctx, name, "Fortitude (to stay conscious)", parts, QUALITY_DIE, None
            )
            if not result.success:
                c = game.characters[name]
                game = game._with(attrs.evolve(c, knocked_out=True))
                ctx.emit(WoundChanged(name, Wound.UNCONSCIOUS.value))
        return game

    def _heal(self, ctx: Context, action: Heal) -> Self:
        c = self.characters[action.character]
        before = c.wound
        damage, knocked_out = heal(c.damage, c.size, action.points, knocked_out=c.knocked_out)
        c = attrs.evolve(c, damage=damage, knocked_out=knocked_out)
        ctx.emit(Healed(c.name, action.points, damage))
        if c.wound is not before:
            ctx.emit(WoundChanged(c.name, c.wound.value))
        return self._with(c)

    def _experience(self, ctx: Context, c: Character, skill: str, kind: str) -> Character:
        value = c.skill(skill)
        needed = value if kind == "check" else class_roll_target(value, c.qualities["Intellect"])
        roll = ctx.roll(SKILL_DIE, label=f"{c.name}'s experience roll for {skill}", state=self)
        new = value + 1 if roll > needed else value
        ctx.emit(ExperienceRolled(c.name, skill, kind, roll, needed, value, new))
        return attrs.evolve(c, skills=c.skills.set(skill, new))

    def _school_break(self, ctx: Context, action: SchoolBreak | EndOfYear) -> Self:
        game = self
        for c in self.characters.values():
            if c.wound is Wound.DEAD:
                continue
            for skill in sorted(c.checks):
                c = game._experience(ctx, c, skill, "check")
                game = game._with(c)
            # Class rolls are a student's: an adult's classes are a record (HR-30).
            for skill in sorted(c.classes) if c.year is not None else ():
                c = game._experience(ctx, c, skill, "class")
                game = game._with(c)
            game = game._with(attrs.evolve(c, checks=frozenset()))
        return game

    def _end_of_year(self, ctx: Context, action: EndOfYear) -> Self:
        game = self._school_break(ctx, action)
        for c in game.characters.values():
            if c.year is None or c.wound is Wound.DEAD:
                continue
            year = c.year + 1 if c.year < _LAST_YEAR else None
            c = attrs.evolve(c, year=year)
            c = attrs.evolve(c, youth=c.youth_max)
            game = game._with(c)
            ctx.emit(CharacterAged(c.name, year, c.youth))
        return game

    def _learn_spell(self, ctx: Context, action: LearnSpell) -> Self:
        c = self.characters[action.character]
        ctx.emit(SpellLearned(c.name, action.spell))
        return self._with(attrs.evolve(c, spells=c.spells | frozenset((action.spell,))))

    def _join_class(self, ctx: Context, action: JoinClass) -> Self:
        c = self.characters[action.character]
        ctx.emit(ClassJoined(c.name, action.skill))
        return self._with(attrs.evolve(c, classes=c.classes | frozenset((action.skill,))))

    def _add_character(self, ctx: Context, action: AddCharacter) -> Self:
        ctx.emit(CharacterAdded(action.character.name))
        return self._with(action.character)

    def _remove_character(self, ctx: Context, action: RemoveCharacter) -> Self:
        ctx.emit(CharacterRemoved(action.character))
        return attrs.evolve(self, characters=self.characters.remove(action.character))

    def _advance(self, ctx: Context, action: AdvanceYears) -> Self:
        c = self.characters[action.character]
        skills = dict(c.skills)
        for skill, points in action.skill_points.items():
            skills[skill] = skills.get(skill, 0) + points
        c = attrs.evolve(c, skills=skills)
        game = self._with(c)
        for _term in range(2 * (action.year - 1)):
            for skill in sorted(c.classes):
                c = game._experience(ctx, c, skill, "class")
                game = game._with(c)
        c = attrs.evolve(c, year=action.year)
        c = attrs.evolve(c, youth=c.youth_max)
        ctx.emit(CharacterAdvanced(c.name, action.year, c.youth))
        return game._with(c)

    # ----- serialization ----------------------------------------------------------------------

    @classmethod
    def _start(cls, setup: SceneSetup) -> Self:
        _validate_setup(setup)
        return cls(
            dice=setup.dice,
            setup=setup,
            characters=FrozenMap({c.name: c for c in setup.characters}),
        )

    def _state_dict(self) -> dict[str, Any]:
        characters = {}
        for name, c in self.characters.items():
            entry = unstructure(c)
            entry["wound"] = c.wound.value
            characters[name] = entry
        awaiting = self.awaiting
        return {
            "characters": characters,
            "ended": self.ended,
            "to_act": list(self.to_act),
            "awaiting": None
            if awaiting is None
            else getattr(awaiting, "prompt", getattr(awaiting, "label", None)),
        }


@attrs.frozen
class _Rule(Generic[A]):
    """How one type of action is checked (raising `IllegalActionError`) and played."""

    check: Callable[[Game, A], None]
    play: Callable[[Game, Context, A], Game]


_RULES: Final[Mapping[type[Action], _Rule[Any]]] = {
    SkillTest: _Rule(Game._check_skill_test, Game._play_skill_test),
    QualityTest: _Rule(Game._check_quality_test, Game._play_quality_test),
    Contest: _Rule(Game._check_contest, Game._play_contest),
    CastSpell: _Rule(Game._check_cast_spell, Game._cast),
    BrawlRound: _Rule(Game._check_brawl_round, Game._brawl),
    Damage: _Rule(Game._check_damage, Game._play_damage),
    Fall: _Rule(Game._check_fall, Game._play_fall),
    Heal: _Rule(Game._check_heal, Game._heal),
    SpendYouth: _Rule(Game._check_spend_youth, Game._play_spend_youth),
    AdvanceYears: _Rule(Game._check_advance, Game._advance),
    EndSession: _Rule(Game._check_anytime, Game._end_session),
    SchoolBreak: _Rule(Game._check_anytime, Game._school_break),
    EndOfYear: _Rule(Game._check_anytime, Game._end_of_year),
    QualityContest: _Rule(Game._check_quality_contest, Game._play_quality_contest),
    DuelRound: _Rule(Game._check_duel_round, Game._duel),
    LearnSpell: _Rule(Game._check_learn_spell, Game._learn_spell),
    JoinClass: _Rule(Game._check_join_class, Game._join_class),
    AddCharacter: _Rule(Game._check_add_character, Game._add_character),
    RemoveCharacter: _Rule(Game._check_remove_character, Game._remove_character),
    EndScene: _Rule(Game._check_anytime, Game._end_scene),
}
"""Each action type of a scene with its check (the game master's action must be
possible now) and its play (the rules that resolve it)."""


def _rule_for(action: Action) -> _Rule[Any] | None:
    """The rule of ``action``'s type (or of the nearest of its base classes that has one)."""
    for cls in type(action).__mro__:
        rule = _RULES.get(cls)
        if rule is not None:
            return rule
    return None


def new_game(
    players: Sequence[Character | str],
    *,
    seed: int | None = None,
    dice: DiceSource | None = None,
    **options: Any,
) -> Game:
    """Start a scene with these characters.

    Args:
        players: character sheets, or names for average first years
            (`Character.first_year()`).
        seed: seed for the default `SeededDice`.
        dice: another dice source (scripted or external); not with ``seed``.
        **options: ``extra_stats`` (names), ``extra_skills`` (name -> ``"common"``
            or ``"magical"``), ``extra_spells`` (name -> `Spell`).

    Raises:
        IllegalActionError: invalid characters, names or options.
    """
    known = {"extra_stats", "extra_skills", "extra_spells"}
    unknown = sorted(set(options) - known)
    if unknown:
        raise refuse(
            "unknown_option", f"unknown option {unknown[0]!r} (known: {', '.join(sorted(known))})"
        )
    if isinstance(players, str | bytes) or not isinstance(players, Sequence):
        raise refuse("bad_players", "characters must be given as a list")
    sheets = tuple(Character.first_year(p) if isinstance(p, str) else p for p in players)
    extra_skills: Mapping[str, SkillKind] = options.get("extra_skills") or {}
    extra_spells: Mapping[str, Spell] = options.get("extra_spells") or {}
    setup = SceneSetup(
        characters=sheets,
        dice=make_dice(seed, dice),
        stats=(*DEFAULT_STATS, *tuple(options.get("extra_stats") or ())),
        skills=FrozenMap({**DEFAULT_SKILLS, **extra_skills}),
        spells=FrozenMap({**DEFAULT_SPELLS, **extra_spells}),
    )
    return Game._start(setup)
