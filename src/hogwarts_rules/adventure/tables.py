"""Every table of First Year Adventure, as data that reads like the rulebook.

A :class:`Table` names its dice, the modifiers added to the roll, and its rows;
each :class:`Row` covers a range of totals and lists its effects. The rules code
interprets the effects; the documentation renders the same data.

Each row's range is as the rulebook writes it: ``6`` where it writes ``6``, ``6+``
only where it writes ``6+``. Totals that fall off a table are clamped to its first
or last row (ruling AD-4), so a total above a last row written as one number (the
Charms Class ``6``, the Sorcerer's Stone ``12``) reads that row.

The names the tables use are `enum.StrEnum` vocabularies (`Skill`, `House`,
`Wealth`, `Item`...): each member is its string, so saved games and events keep
the strings they always had.

Examples:
    >>> TABLES["gringotts_wealth"].row_for(5).result
    'Rich'
    >>> TABLES["ollivanders"].row_for(7).result  # 6 + a Rich wealth modifier
    'Phoenix Feather'
    >>> stone = TABLES["sorcerers_stone"].rows[-1]
    >>> stone.range_text, TABLES["sorcerers_stone"].row_for(13) is stone
    ('12', True)
    >>> TABLES["gringotts_wealth"].row_for(1).effects
    (Effect(kind=<EffectKind.WEALTH: 'wealth'>, amount=-1, what=<Wealth.POOR: 'Poor'>),)
    >>> Skill.MAGIC == "magic"
    True
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from typing import Final

import attrs

from hogwarts_rules.adventure.board import Space

__all__ = [
    "BOARDING_GIFTS",
    "HOUSES",
    "SKILLS",
    "SPACE_TABLES",
    "TABLES",
    "Effect",
    "EffectKind",
    "Familiar",
    "House",
    "Item",
    "Knowledge",
    "RollModifier",
    "Row",
    "Skill",
    "Table",
    "Upbringing",
    "Wand",
    "Wealth",
]


class Skill(enum.StrEnum):
    """The four skills a player keeps track of (all start at 0)."""

    MAGIC = "magic"
    FLYING = "flying"
    STUDY = "study"
    CHESS = "chess"


class House(enum.StrEnum):
    """The four houses, in the order of the Sorting table."""

    GRYFFINDOR = "Gryffindor"
    HUFFLEPUFF = "Hufflepuff"
    RAVENCLAW = "Ravenclaw"
    SLYTHERIN = "Slytherin"


class Upbringing(enum.StrEnum):
    """Who raised a player (Early childhood)."""

    WIZARDS = "wizards"
    MUGGLES = "muggles"


class Wealth(enum.StrEnum):
    """How well off a player is (Gringotts Bank)."""

    POOR = "Poor"
    MODEST = "Modest"
    RICH = "Rich"


class Wand(enum.StrEnum):
    """The wands of Ollivanders."""

    HAND_ME_DOWN = "Hand me down"
    OAK_WOOD = "Oak wood"
    PHOENIX_FEATHER = "Phoenix Feather"


class Familiar(enum.StrEnum):
    """The familiars of the Familiar Shop."""

    TOAD = "Toad"
    RAT = "Rat"
    CAT = "Cat"
    BARN_OWL = "Barn Owl"
    SNOW_OWL = "Snow Owl"


class Item(enum.StrEnum):
    """What a table gives a player to keep (`EffectKind.ITEM`).

    Chocolate Frogs and Every Flavour Beans come by the handful: the effect's
    ``amount`` is how many D6 of them.
    """

    SWEATER = "sweater"
    CHOCOLATE_FROGS = "frogs_dice"
    BEANS = "beans_dice"
    REMEMBRALL = "remembrall"
    CLOAK = "cloak"
    NIMBUS = "nimbus"


class Knowledge(enum.StrEnum):
    """What gets a player past a dungeon challenge without a roll (each a `Player` flag)."""

    FLUFFYS_SECRET = "fluffys_secret"
    PLANT_LORE = "plant_lore"
    WIZARDS_MARK = "wizards_mark"


class RollModifier(enum.StrEnum):
    """What a table adds to its roll, as the rules code computes it (`Table.modifier_keys`)."""

    MAGIC = "magic"
    FLYING = "flying"
    STUDY = "study"
    CHESS = "chess"
    WEALTH = "wealth"
    FAMILY = "family"
    OWL = "owl"
    CLOAK = "cloak"
    OBSESSED = "obsessed"
    MEAN_FAMILY = "mean_family"
    BEWITCHED = "bewitched"


class EffectKind(enum.StrEnum):
    """What one effect of a table row does; `Effect` says what its ``amount`` and ``what`` are."""

    POINTS = "points"
    POINTS_DICE = "points_dice"
    CLUE = "clue"
    SKILL = "skill"
    MISS = "miss"
    HOSPITAL = "hospital"
    GO = "go"
    MOVE_DICE = "move_dice"
    SECRET_PASSAGE = "secret_passage"
    TABLE = "table"
    ITEM = "item"
    RAISED_BY = "raised_by"
    MEAN_FAMILY = "mean_family"
    WEALTH = "wealth"
    WAND = "wand"
    FAMILIAR = "familiar"
    HOUSE = "house"
    FUTURE_BONUS = "future_bonus"
    STUDY_BONUS = "study_bonus"
    KNOW = "know"
    WIZARDS_MARK = "wizards_mark"
    STAY_DICE = "stay_dice"
    MOVE_ON = "move_on"
    REPEAT = "repeat"
    TEAM_OFFER = "team_offer"
    PICK_HOUSE = "pick_house"
    PASS = "pass"
    DEFEAT_VOLDEMORT = "defeat_voldemort"


SKILLS: Final = tuple(Skill)
"""The four skills a player keeps track of (all start at 0)."""

HOUSES: Final = tuple(House)
"""The four houses, in the order of the Sorting table."""


@attrs.frozen
class Effect:
    """One thing a table row does, in a small vocabulary the rules code interprets.

    Attributes:
        kind: what happens (see below).
        amount: a number (house points, skill change, turns, dice to roll).
        what: a name, of the vocabulary the kind says (a `Skill`, a `Space`, an
            `Item`, a table's key...).

    Kinds (`EffectKind`): ``points`` (gain ``amount`` house points; negative loses
    them), ``points_dice`` (gain ``amount`` D6 house points), ``clue`` (gain a clue;
    ``what`` names a one-time-only source), ``skill`` (`Skill` ``what`` changes by
    ``amount``), ``miss`` (miss ``amount`` turns), ``hospital`` (go to the Hospital
    and miss ``amount`` turns), ``go`` (go to `Space` ``what`` now; it takes effect),
    ``move_dice`` (move ``amount`` D6 spaces along the loop now), ``secret_passage``
    (go to any other loop space), ``table`` (roll on table ``what``; for the
    Quidditch Match an ``amount`` of 1 means the broom is bewitched), ``item`` (gain
    `Item` ``what``; ``amount`` D6 of it when it comes by the handful),
    ``raised_by`` (`Upbringing` ``what``), ``mean_family``, ``wealth`` (`Wealth`
    ``what``, Wealth Modifier ``amount``), ``wand`` (`Wand` ``what``), ``familiar``
    (`Familiar` ``what``), ``house`` (sorted into `House` ``what``), ``future_bonus``
    (+1 to one future roll), ``study_bonus`` (+1 to the next Study roll), ``know``
    (learn `Knowledge` ``what``), ``wizards_mark``, ``stay_dice`` (stay in this
    space for ``amount`` D6 turns), ``move_on`` (move forward one space now),
    ``repeat`` (roll again on this table next turn instead of moving),
    ``team_offer`` (join the Quidditch team, or decline), ``pick_house``, ``pass``
    (get past a dungeon challenge), ``defeat_voldemort``.
    """

    kind: EffectKind
    amount: int = 0
    what: str = ""


# ----- the effects, as the rulebook says them ------------------------------------------------


def _points(change: int) -> Effect:
    return Effect(EffectKind.POINTS, change)


def _points_dice(dice: int) -> Effect:
    return Effect(EffectKind.POINTS_DICE, dice)


def _clue(once: str = "") -> Effect:
    return Effect(EffectKind.CLUE, what=once)


def _skill(skill: Skill, change: int) -> Effect:
    return Effect(EffectKind.SKILL, change, skill)


def _miss(turns: int) -> Effect:
    return Effect(EffectKind.MISS, turns)


def _hospital(turns: int) -> Effect:
    return Effect(EffectKind.HOSPITAL, turns)


def _go(space: Space) -> Effect:
    return Effect(EffectKind.GO, what=space)


def _move_dice(dice: int) -> Effect:
    return Effect(EffectKind.MOVE_DICE, dice)


def _roll_on(table: str, *, bewitched: bool = False) -> Effect:
    return Effect(EffectKind.TABLE, 1 if bewitched else 0, table)


def _item(item: Item, dice: int = 1) -> Effect:
    return Effect(EffectKind.ITEM, dice, item)


def _raised_by(upbringing: Upbringing) -> Effect:
    return Effect(EffectKind.RAISED_BY, what=upbringing)


def _wealth(wealth: Wealth, modifier: int) -> Effect:
    return Effect(EffectKind.WEALTH, modifier, wealth)


def _wand(wand: Wand) -> Effect:
    return Effect(EffectKind.WAND, what=wand)


def _familiar(familiar: Familiar) -> Effect:
    return Effect(EffectKind.FAMILIAR, what=familiar)


def _house(house: House) -> Effect:
    return Effect(EffectKind.HOUSE, what=house)


def _know(knowledge: Knowledge) -> Effect:
    return Effect(EffectKind.KNOW, what=knowledge)


def _stay_dice(dice: int) -> Effect:
    return Effect(EffectKind.STAY_DICE, dice)


_MEAN_FAMILY: Final = Effect(EffectKind.MEAN_FAMILY)
_SECRET_PASSAGE: Final = Effect(EffectKind.SECRET_PASSAGE)
_FUTURE_BONUS: Final = Effect(EffectKind.FUTURE_BONUS)
_STUDY_BONUS: Final = Effect(EffectKind.STUDY_BONUS)
_WIZARDS_MARK: Final = Effect(EffectKind.WIZARDS_MARK)
_MOVE_ON: Final = Effect(EffectKind.MOVE_ON)
_REPEAT: Final = Effect(EffectKind.REPEAT)
_TEAM_OFFER: Final = Effect(EffectKind.TEAM_OFFER)
_PICK_HOUSE: Final = Effect(EffectKind.PICK_HOUSE)
_PASS: Final = Effect(EffectKind.PASS)
_DEFEAT_VOLDEMORT: Final = Effect(EffectKind.DEFEAT_VOLDEMORT)

NOTHING: Final[tuple[Effect, ...]] = ()

BOARDING_GIFTS: Final = (_item(Item.CHOCOLATE_FROGS, 1), _item(Item.BEANS, 2))
"""What a player gets on reaching Platform 9 3/4 the first time: 1D6 Chocolate Frogs
and 2D6 Every Flavour Beans (before rolling on its table)."""


@attrs.frozen
class Row:
    """A range of totals on a table and what it does.

    Attributes:
        low: the lowest total of the row.
        high: the highest total, or ``None`` for "and up" (``8+``), as the rulebook
            writes it (a total above a table's last row reads it anyway: ruling AD-4).
        result: the row's name as the rulebook gives it (canonical spelling).
        effects: what happens, in order.
        note: the rulebook's note, if any.
    """

    low: int
    high: int | None
    result: str
    effects: tuple[Effect, ...] = ()
    note: str = ""

    def covers(self, total: int) -> bool:
        """True if ``total`` falls in this row."""
        return self.low <= total and (self.high is None or total <= self.high)

    @property
    def range_text(self) -> str:
        """The range as the rulebook writes it: ``1``, ``2-3`` or ``8+``."""
        if self.high is None:
            return f"{self.low}+"
        return str(self.low) if self.low == self.high else f"{self.low}-{self.high}"


@attrs.frozen
class Table:
    """A table: roll ``dice`` D6, add the modifiers, read the row.

    Attributes:
        key: the table's identifier (``"gringotts_wealth"``).
        title: its name in the rulebook.
        dice: how many six-sided dice (1 or 2).
        modifiers: what is added to the roll, in words, as the rulebook says it.
        modifier_keys: the same modifiers as the rules code computes them.
        rows: the rows, from the lowest total up.
    """

    key: str
    title: str
    dice: int
    rows: tuple[Row, ...]
    modifiers: tuple[str, ...] = ()
    modifier_keys: tuple[RollModifier, ...] = ()

    @property
    def lowest(self) -> int:
        """The first row's lowest total."""
        return self.rows[0].low

    @property
    def highest(self) -> int:
        """The last row's highest total (its lowest for an open-ended row)."""
        last = self.rows[-1]
        return last.low if last.high is None else last.high

    def clamp(self, total: int) -> int:
        """A total moved onto the table if it falls off either end (ruling AD-4)."""
        return (
            min(max(total, self.lowest), self.highest)
            if self.rows[-1].high is not None
            else max(total, self.lowest)
        )

    def row_for(self, total: int) -> Row:
        """The row a (clamped) total reads."""
        clamped = self.clamp(total)
        for row in self.rows:
            if row.covers(clamped):
                return row
        raise AssertionError(f"table {self.key} has no row for {total}")  # pragma: no cover


def _table(
    key: str,
    title: str,
    rows: list[Row],
    *,
    dice: int = 1,
    modifiers: tuple[tuple[RollModifier, str], ...] = (),
) -> Table:
    return Table(
        key,
        title,
        dice,
        tuple(rows),
        tuple(text for _, text in modifiers),
        tuple(k for k, _ in modifiers),
    )


MAGIC = (RollModifier.MAGIC, "Add your Magic skill to the roll.")
FLYING = (RollModifier.FLYING, "Add your Flying skill to the roll.")
STUDY = (RollModifier.STUDY, "Add your Study skill to the roll.")
CHESS = (RollModifier.CHESS, "Add your Chess skill to the roll.")
WEALTH = (RollModifier.WEALTH, "Add your Wealth Modifier to the roll.")
HOSPITAL_2 = (_hospital(2),)
HOSPITAL_1 = (_hospital(1),)

_TABLE_LIST: Final = [
    # ----- Invitation to Hogwarts -----
    _table(
        "childhood",
        "Early childhood",
        [
            Row(1, 2, "Raised by nice Wizards", (_raised_by(Upbringing.WIZARDS),)),
            Row(3, 3, "Raised by mean Wizards", (_raised_by(Upbringing.WIZARDS), _MEAN_FAMILY)),
            Row(4, 4, "Raised by nice Muggles", (_raised_by(Upbringing.MUGGLES),)),
            Row(5, 6, "Raised by mean Muggles", (_raised_by(Upbringing.MUGGLES), _MEAN_FAMILY)),
        ],
    ),
    _table(
        "magical_talent",
        "Magical talents",
        [
            Row(1, 1, "Inept", (_skill(Skill.MAGIC, -1),), "Magic skill -1"),
            Row(2, 3, "Mediocre"),
            Row(4, 5, "Gifted", (_skill(Skill.MAGIC, 1),), "Magic skill +1"),
            Row(6, 6, "Wizard's Mark", (_WIZARDS_MARK,), "Automatically defeat Voldemort"),
        ],
    ),
    _table(
        "additional_talent",
        "Additional talents",
        [
            Row(1, 2, "Studious", (_skill(Skill.STUDY, 1),), "Study skill +1"),
            Row(3, 4, "Natural Flyer", (_skill(Skill.FLYING, 1),), "Flying skill +1"),
            Row(5, 6, "Chess player", (_skill(Skill.CHESS, 1),), "Chess skill +1"),
        ],
    ),
    _table(
        "admissions",
        "How soon you get in",
        [
            Row(1, 2, "Early admissions", (_MOVE_ON,), "Move forward one space now"),
            Row(3, 4, "Standard admissions", NOTHING, "No effect: move forward next turn"),
            Row(
                5,
                6,
                "Letter hidden by Muggles",
                (_REPEAT,),
                "Do not move. Roll again on this table next turn.",
            ),
        ],
    ),
    # ----- Gringotts -----
    _table(
        "gringotts_wealth",
        "Wealth",
        [
            Row(1, 2, "Poor", (_wealth(Wealth.POOR, -1),), "Wealth Modifier -1"),
            Row(3, 4, "Modest", (_wealth(Wealth.MODEST, 0),), "Wealth Modifier 0"),
            Row(5, 6, "Rich", (_wealth(Wealth.RICH, 1),), "Wealth Modifier +1"),
        ],
    ),
    _table(
        "gringotts_visit",
        "Other circumstances of your visit to the bank",
        [
            Row(1, 3, "Escorted by Hagrid", (_clue(),), "Gain 1 Clue"),
            Row(4, 6, "Uneventful"),
        ],
    ),
    # ----- Ollivanders, Familiar Shop -----
    _table(
        "ollivanders",
        "Wand",
        [
            Row(
                1,
                1,
                "Hand me down",
                (_wand(Wand.HAND_ME_DOWN), _skill(Skill.MAGIC, -1)),
                "Magic skill -1",
            ),
            Row(2, 4, "Oak wood", (_wand(Wand.OAK_WOOD),)),
            Row(
                5,
                6,
                "Phoenix Feather",
                (_wand(Wand.PHOENIX_FEATHER), _skill(Skill.MAGIC, 1)),
                "Magic skill +1",
            ),
        ],
        modifiers=(WEALTH,),
    ),
    _table(
        "familiar",
        "Familiar",
        [
            Row(1, 1, "Toad", (_familiar(Familiar.TOAD),)),
            Row(2, 2, "Rat", (_familiar(Familiar.RAT),)),
            Row(3, 3, "Cat", (_familiar(Familiar.CAT),)),
            Row(4, 5, "Barn Owl", (_familiar(Familiar.BARN_OWL),)),
            Row(6, 6, "Snow Owl", (_familiar(Familiar.SNOW_OWL),)),
        ],
        modifiers=(WEALTH,),
    ),
    # ----- Platform 9 3/4 -----
    _table(
        "platform",
        "Platform 9 3/4",
        [
            Row(1, 2, "Miss the Train", (_REPEAT,), "Do not move forward: roll again next turn"),
            Row(3, 4, "Enjoy the Ride", NOTHING, "No effect: move forward beginning of next turn"),
            Row(
                5,
                6,
                "Catch the Express",
                (_MOVE_ON,),
                "Gain extra turn: move forward one space now",
            ),
        ],
        modifiers=(
            (
                RollModifier.FAMILY,
                "Add 1 if you were raised by Wizards. Subtract one if Muggles raised you.",
            ),
        ),
    ),
    # ----- Great Hall -----
    _table(
        "sorting",
        "The Sorting",
        [
            Row(1, 1, "Gryffindor", (_house(House.GRYFFINDOR),)),
            Row(2, 2, "Hufflepuff", (_house(House.HUFFLEPUFF),)),
            Row(3, 3, "Ravenclaw", (_house(House.RAVENCLAW),)),
            Row(4, 4, "Slytherin", (_house(House.SLYTHERIN),)),
            Row(5, 6, "Pick one", (_PICK_HOUSE,)),
        ],
    ),
    _table(
        "great_hall",
        "Great Hall",
        [
            Row(1, 2, "Holiday Dinner", (_miss(1),), "Miss your next turn"),
            Row(
                3,
                3,
                "Troll in the Dungeon",
                (_roll_on("troll"),),
                "Roll on the Troll Incident Table",
            ),
            Row(4, 5, "Common Meal", NOTHING, "Nothing"),
            Row(6, 6, "Mail Call", (_roll_on("mail"),), "Roll on the Mail Table"),
        ],
    ),
    _table(
        "troll",
        "Troll Incident Table",
        [
            Row(
                1,
                7,
                "Mauled by Troll",
                (_hospital(2), _points(-10)),
                "Go to Hospital and miss next 2 turns & lose 10 House Points",
            ),
            Row(8, None, "Defeat Troll", (_points(10),), "Gain 10 House Points"),
        ],
        dice=2,
        modifiers=(MAGIC,),
    ),
    _table(
        "mail",
        "Mail Table",
        [
            Row(1, 1, "No Mail"),
            Row(2, 3, "Letters"),
            Row(4, 4, "Newspaper", (_clue(),), "Gain 1 clue"),
            Row(5, 6, "Get a Package", (_roll_on("package"),), "Roll on the package table"),
        ],
        modifiers=(
            (RollModifier.OWL, "Add 1 if you have a Barn Owl. Add 2 if you have a Snow Owl."),
        ),
    ),
    _table(
        "package",
        "Package Table",
        [
            Row(1, 1, "Sweater from Home", (_item(Item.SWEATER),)),
            Row(2, 2, "Chocolate Frogs", (_item(Item.CHOCOLATE_FROGS, 1),), "1D6 Chocolate Frogs"),
            Row(3, 3, "Remembrall", (_item(Item.REMEMBRALL),), "Reroll one roll in the future"),
            Row(4, 4, "Every Flavour Beans", (_item(Item.BEANS, 2),), "2D6 All Flavor Beans"),
            Row(5, 5, "Cloak of Invisibility", (_item(Item.CLOAK),), "Roll again if you have one"),
            Row(
                6,
                6,
                "Nimbus 2000",
                (_item(Item.NIMBUS), _skill(Skill.FLYING, 1)),
                "Flying Skill +1 (roll again if you have one)",
            ),
        ],
    ),
    # ----- The loop -----
    _table(
        "hallways",
        "Hallways",
        [
            Row(
                1,
                1,
                "Caught after hours by the grounds keeper",
                (_points(-5),),
                "Lose 5 House Points",
            ),
            Row(2, 2, "Lost", (_miss(1),), "Miss your next turn"),
            Row(3, 3, "No Event"),
            Row(4, 4, "Moving Staircases", (_move_dice(1),), "Immediately move 1D6 spaces"),
            Row(5, 5, "Waylaid by Peeves", (_miss(1),), "Miss your next turn"),
            Row(
                6,
                6,
                "Secret Passage",
                (_SECRET_PASSAGE,),
                "Immediately go to any other space in the loop",
            ),
            Row(7, 7, "Observe altercation between Snape & Quirrell", (_clue(),), "Gain 1 Clue"),
        ],
        modifiers=((RollModifier.CLOAK, "Add 1 if you have a Cloak of Invisibility."),),
    ),
    _table(
        "dorm_rooms",
        "Dorm Rooms",
        [
            Row(1, 3, "Get a good night's sleep"),
            Row(
                4,
                5,
                "Midnight jaunt",
                (_go(Space.HALLWAYS),),
                "Go immediately to the Hallways space",
            ),
            Row(6, 6, "Go home for Break", (_miss(2),), "Miss next 2 turns"),
        ],
    ),
    _table(
        "transfiguration",
        "Transfiguration Class",
        [
            Row(
                1,
                1,
                "Late to class",
                (_points(-5),),
                "Lose 5 House points from Professor McGonagall",
            ),
            Row(2, 3, "Daydreaming"),
            Row(4, 5, "Complete Assignments", (_points_dice(1),), "Gain 1D6 House points"),
            Row(6, None, "Study hard", (_skill(Skill.MAGIC, 1),), "Magic Skill +1"),
        ],
        modifiers=(STUDY,),
    ),
    _table(
        "library",
        "Library",
        [
            Row(1, 1, "Get Tutored", (_skill(Skill.STUDY, 1),), "Study Skill +1"),
            Row(2, 2, "Daydream"),
            Row(3, 4, "Cram", (_STUDY_BONUS,), "Get +1 to next Study skill roll"),
            Row(
                5,
                5,
                "Caught in the forbidden book section",
                (_points(-5),),
                "Lose 5 House points",
            ),
            Row(6, None, "Research", (_clue(),), "Gain 1 Clue"),
        ],
        modifiers=(STUDY,),
    ),
    _table(
        "flying_lessons",
        "Flying Lessons Table",
        [
            Row(1, 1, "Broken Wrist", HOSPITAL_2, "Go to Hospital and miss next 2 turns"),
            Row(
                2,
                2,
                "Miss Hooch catches you flying without permission",
                (_points(-5),),
                "Lose 5 House points",
            ),
            Row(3, 4, "Flying lesson", (_skill(Skill.FLYING, 1),), "Flying Skill +1"),
            Row(5, 6, "Remedial Lessons"),
            Row(
                7,
                None,
                "Get accepted on the Quidditch Team",
                (_TEAM_OFFER,),
                "Study Skill -1 if you join; you may decline",
            ),
        ],
        modifiers=(FLYING,),
    ),
    _table(
        "quidditch_team",
        "Quidditch Team Table",
        [
            Row(1, 1, "Minor Injury", HOSPITAL_1, "Go to Hospital and miss next turn"),
            Row(2, 2, "Good workout"),
            Row(3, 4, "Practice", (_skill(Skill.FLYING, 1),), "Flying Skill +1"),
            Row(
                5,
                5,
                "Quidditch Match",
                (_roll_on("quidditch_match"),),
                "Roll on the Quidditch Match Table",
            ),
            Row(
                6,
                6,
                "Quidditch Match, bewitched broomstick",
                (_clue(once="bewitched broomstick"), _roll_on("quidditch_match", bewitched=True)),
                "Someone casts a spell on your broomstick during play (gain 1 clue one time only)",
            ),
        ],
    ),
    _table(
        "quidditch_match",
        "Quidditch Match Table",
        [
            Row(1, 5, "You lose"),
            Row(6, 6, "You win", (_points(50),), "Gain 50 House Points"),
        ],
        modifiers=(FLYING,),
    ),
    _table(
        "match_injury",
        "Injuries during the Match",
        [
            Row(1, 3, "No Injury"),
            Row(4, 5, "Minor Injury", HOSPITAL_1, "Go to Hospital and miss next turn"),
            Row(6, 6, "Grievous Injury", HOSPITAL_2, "Go to Hospital and miss next 2 turns"),
        ],
        modifiers=((RollModifier.BEWITCHED, "Add one to the roll if your broom was bewitched."),),
    ),
    _table(
        "potions",
        "Potions Class",
        [
            Row(
                1,
                1,
                "Not paying attention in Class",
                (_points(-5),),
                "Lose 5 House points from Professor Snape",
            ),
            Row(2, 2, "Lab Mishap", HOSPITAL_1, "Go to Hospital and miss next turn"),
            Row(3, 4, "Lab work"),
            Row(5, 5, "Complete Assignments", (_points_dice(1),), "Gain 1D6 House points"),
            Row(6, None, "Brew Potion", (_FUTURE_BONUS,), "Get +1 to one future Dice Roll"),
        ],
        modifiers=(STUDY,),
    ),
    _table(
        "third_floor",
        "3rd Floor",
        [
            Row(1, 1, "Caught by the grounds keeper", (_points(-5),), "Lose 5 House Points"),
            Row(2, 4, "Chased away by the grounds keeper's cat"),
            Row(
                5,
                6,
                "Scared off by Fluffy",
                (_clue(once="scared off by Fluffy"),),
                "Gain 1 clue one time only",
            ),
        ],
    ),
    _table(
        "charms",
        "Charms Class",
        [
            Row(1, 3, "Practice Wand Technique & Levitation with Professor Flitwick"),
            Row(4, 5, "Pass Test", (_points_dice(1),), "Gain 1D6 House points"),
            Row(6, 6, "Study hard", (_skill(Skill.MAGIC, 1),), "Magic Skill +1"),
        ],
        modifiers=(STUDY,),
    ),
    _table(
        "hagrids_cottage",
        "Hagrid's Cottage",
        [
            Row(1, 1, "Watch Baby Dragon hatch", (_miss(1),), "Miss next turn"),
            Row(2, 3, "\u201cI shouldn't have told you that\u201d", (_clue(),), "Gain 1 Clue"),
            Row(
                4,
                4,
                "Fluffy's Secret",
                (_know(Knowledge.FLUFFYS_SECRET),),
                "Automatically get past Fluffy",
            ),
            Row(5, 5, "Hagrid's Home Cooking"),
            Row(
                6,
                6,
                "Malfoy snitches on you",
                (_points(-50), _go(Space.DARK_WOODS)),
                "Get Detention: go to Dark Woods and lose 50 House points",
            ),
        ],
    ),
    _table(
        "defence",
        "Defence Against the Dark Arts Class",
        [
            Row(1, 3, "Popular Demonstrations by Stuttering Professor Quirrell"),
            Row(4, 5, "Pass Test", (_points_dice(1),), "Gain 1D6 House points"),
            Row(6, 6, "Study hard", (_skill(Skill.MAGIC, 1),), "Magic Skill +1"),
        ],
    ),
    _table(
        "dark_woods",
        "Dark Woods",
        [
            Row(1, 1, "Attacked by Voldemort", HOSPITAL_2, "Go to Hospital and miss next 2 turns"),
            Row(
                2,
                3,
                "Saved from Voldemort by a Centaur",
                (_clue(once="saved by a centaur"),),
                "Gain 1 Clue one time only",
            ),
            Row(4, 4, "Meet a Unicorn"),
            Row(5, 5, "Avoid Werewolves"),
            Row(6, 6, "Lost in the Woods", (_miss(1),), "Miss next turn"),
        ],
    ),
    _table(
        "wizards_chess",
        "Wizard's Chess",
        [
            Row(1, 3, "Friendly Game"),
            Row(4, 4, "Long Game", (_miss(1),), "Miss next turn"),
            Row(5, 6, "Study Strategy", (_skill(Skill.CHESS, 1),), "Chess Skill +1"),
        ],
    ),
    _table(
        "herbology",
        "Herbology Class",
        [
            Row(1, 3, "Collections"),
            Row(
                4,
                4,
                "Plant Lore",
                (_know(Knowledge.PLANT_LORE),),
                "Automatically get past Devil's Snare",
            ),
            Row(5, 5, "Pass Exam", (_points_dice(1),), "Gain 1D6 House points"),
            Row(6, 6, "Pick Herbs", (_FUTURE_BONUS,), "Get +1 to one future Dice Roll"),
        ],
    ),
    _table(
        "mirror",
        "Mirror of Erised",
        [
            Row(1, 2, "Glance"),
            Row(3, 5, "Linger", (_miss(1),), "Miss next turn"),
            Row(6, 6, "Obsessed", (_stay_dice(1),), "Stay in this space for 1D6 turns"),
        ],
        modifiers=(
            (RollModifier.OBSESSED, "Subtract 2 if you have previously been obsessed."),
            (RollModifier.MEAN_FAMILY, "Add 1 if you were raised by a mean family."),
        ),
    ),
    # ----- The dungeon -----
    _table(
        "fluffy",
        "Fluffy",
        [
            Row(2, 8, "Get Bitten", HOSPITAL_2, "Go to Hospital and miss next 2 turns"),
            Row(9, None, "Get past Fluffy", (_PASS,), "You may continue"),
        ],
        dice=2,
        modifiers=(MAGIC,),
    ),
    _table(
        "devils_snare",
        "Devil's Snare",
        [
            Row(2, 8, "Left Hanging", HOSPITAL_2, "Go to Hospital and miss next 2 turns"),
            Row(9, None, "Get past the Roots", (_PASS,), "You may continue"),
        ],
        dice=2,
        modifiers=(MAGIC,),
    ),
    _table(
        "flying_keys",
        "Flying Keys",
        [
            Row(
                1, 5, "Multiple puncture wounds", HOSPITAL_2, "Go to Hospital and miss next 2 turns"
            ),
            Row(6, 6, "Get past the Keys", (_PASS,), "You may continue"),
        ],
        modifiers=(FLYING,),
    ),
    _table(
        "live_chess_match",
        "Live Chess Match",
        [
            Row(
                1,
                3,
                "Cut down by the White Queen",
                HOSPITAL_2,
                "Go to Hospital and miss next 2 turns",
            ),
            Row(4, 6, "Checkmate the White King", (_PASS,), "You may continue"),
        ],
        modifiers=(CHESS,),
    ),
    _table(
        "sorcerers_stone",
        "Sorcerer's Stone",
        [
            Row(
                2,
                11,
                "Voldemort overpowers you",
                HOSPITAL_2,
                "Go to Hospital and miss next 2 turns",
            ),
            Row(
                12,
                12,
                "Defeat Voldemort",
                (_DEFEAT_VOLDEMORT,),
                "Dumbledore awards you 170 House points & the game ends",
            ),
        ],
        dice=2,
        modifiers=(MAGIC,),
    ),
]

TABLES: Final[Mapping[str, Table]] = {table.key: table for table in _TABLE_LIST}
"""Every table by key, in rulebook order."""

SPACE_TABLES: Final[Mapping[Space, str]] = {
    Space.GREAT_HALL: "great_hall",
    Space.HALLWAYS: "hallways",
    Space.DORM_ROOMS: "dorm_rooms",
    Space.TRANSFIGURATION: "transfiguration",
    Space.LIBRARY: "library",
    Space.POTIONS: "potions",
    Space.THIRD_FLOOR: "third_floor",
    Space.CHARMS: "charms",
    Space.HAGRIDS_COTTAGE: "hagrids_cottage",
    Space.DEFENCE: "defence",
    Space.DARK_WOODS: "dark_woods",
    Space.WIZARDS_CHESS: "wizards_chess",
    Space.HERBOLOGY: "herbology",
    Space.MIRROR_OF_ERISED: "mirror",
    Space.OLLIVANDERS: "ollivanders",
    Space.FAMILIAR_SHOP: "familiar",
    Space.FLUFFY: "fluffy",
    Space.DEVILS_SNARE: "devils_snare",
    Space.FLYING_KEYS: "flying_keys",
    Space.LIVE_CHESS_MATCH: "live_chess_match",
    Space.SORCERERS_STONE: "sorcerers_stone",
}
"""The one table a space rolls on when a player lands on it (spaces with several
tables, or none, are handled by the rules code: Invitation, Gringotts, Platform,
Great Hall's first visit, Quidditch Field, Hospital)."""
