"""Every table of First Year Adventure, as data that reads like the rulebook.

A :class:`Table` names its dice, the modifiers added to the roll, and its rows;
each :class:`Row` covers a range of totals and lists its effects. The rules code
interprets the effects; the documentation renders the same data.

Totals that fall off a table are clamped to its first or last row (ruling AD-4).

Examples:
    >>> TABLES["gringotts_wealth"].row_for(5).result
    'Rich'
    >>> TABLES["ollivanders"].row_for(7).result  # 6 + a Rich wealth modifier
    'Phoenix Feather'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

import attrs

from hogwarts_rules.adventure.board import Space

__all__ = [
    "HOUSES",
    "SKILLS",
    "TABLES",
    "Effect",
    "Row",
    "Table",
]

SKILLS: Final = ("magic", "flying", "study", "chess")
"""The four skills a player keeps track of (all start at 0)."""

HOUSES: Final = ("Gryffindor", "Hufflepuff", "Ravenclaw", "Slytherin")
"""The four houses, in the order of the Sorting table."""


@attrs.frozen
class Effect:
    """One thing a table row does, in a small vocabulary the rules code interprets.

    Attributes:
        kind: what happens (see the list below).
        amount: a number (house points, skill change, turns, dice to roll).
        what: a name (a skill, an item, a space, a table, a one-time clue source).

    Kinds: ``points`` (gain ``amount`` house points; negative loses them),
    ``points_dice`` (gain ``amount`` D6 house points), ``clue`` (gain a clue;
    ``what`` names a one-time-only source), ``skill`` (``what`` skill changes by
    ``amount``), ``miss`` (miss ``amount`` turns), ``hospital`` (go to the Hospital
    and miss ``amount`` turns), ``go`` (go to space ``what`` now; it takes effect),
    ``move_dice`` (move ``amount`` D6 spaces along the loop now), ``secret_passage``
    (go to any other loop space), ``table`` (roll on table ``what``), ``item`` (gain
    item ``what``; ``amount`` dice of it when it is counted in dice), ``set`` (set
    attribute ``what``), ``future_bonus`` (+1 to one future roll), ``study_bonus``
    (+1 to the next Study roll), ``know`` (learn ``what``: Fluffy's secret, plant
    lore), ``wizards_mark``, ``stay_dice`` (stay in this space for ``amount`` D6
    turns), ``move_on`` (move forward one space now), ``repeat`` (roll again on
    this table next turn instead of moving), ``team_offer`` (join the Quidditch
    team, or decline), ``pick_house``, ``pass`` (get past a dungeon challenge),
    ``defeat_voldemort``, ``nothing``.
    """

    kind: str
    amount: int = 0
    what: str = ""


def _e(kind: str, amount: int = 0, what: str = "") -> Effect:
    return Effect(kind, amount, what)


NOTHING: Final = ()


@attrs.frozen
class Row:
    """A range of totals on a table and what it does.

    Attributes:
        low: the lowest total of the row.
        high: the highest total, or ``None`` for "and up" (``8+``).
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
        modifier_keys: the same modifiers as keys the rules code computes.
        rows: the rows, from the lowest total up.
    """

    key: str
    title: str
    dice: int
    rows: tuple[Row, ...]
    modifiers: tuple[str, ...] = ()
    modifier_keys: tuple[str, ...] = ()

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
    modifiers: tuple[tuple[str, str], ...] = (),
) -> Table:
    return Table(
        key,
        title,
        dice,
        tuple(rows),
        tuple(text for _, text in modifiers),
        tuple(k for k, _ in modifiers),
    )


MAGIC = ("magic", "Add your Magic skill to the roll.")
FLYING = ("flying", "Add your Flying skill to the roll.")
STUDY = ("study", "Add your Study skill to the roll.")
CHESS = ("chess", "Add your Chess skill to the roll.")
WEALTH = ("wealth", "Add your Wealth Modifier to the roll.")
HOSPITAL_2 = (_e("hospital", 2),)
HOSPITAL_1 = (_e("hospital", 1),)

_TABLE_LIST: Final = [
    # ----- Invitation to Hogwarts -----
    _table(
        "childhood",
        "Early childhood",
        [
            Row(1, 2, "Raised by nice Wizards", (_e("set", what="raised_by:wizards"),)),
            Row(
                3,
                3,
                "Raised by mean Wizards",
                (_e("set", what="raised_by:wizards"), _e("set", what="mean_family")),
            ),
            Row(4, 4, "Raised by nice Muggles", (_e("set", what="raised_by:muggles"),)),
            Row(
                5,
                6,
                "Raised by mean Muggles",
                (_e("set", what="raised_by:muggles"), _e("set", what="mean_family")),
            ),
        ],
    ),
    _table(
        "magical_talent",
        "Magical talents",
        [
            Row(1, 1, "Inept", (_e("skill", -1, "magic"),), "Magic skill -1"),
            Row(2, 3, "Mediocre"),
            Row(4, 5, "Gifted", (_e("skill", 1, "magic"),), "Magic skill +1"),
            Row(6, 6, "Wizard's Mark", (_e("wizards_mark"),), "Automatically defeat Voldemort"),
        ],
    ),
    _table(
        "additional_talent",
        "Additional talents",
        [
            Row(1, 2, "Studious", (_e("skill", 1, "study"),), "Study skill +1"),
            Row(3, 4, "Natural Flyer", (_e("skill", 1, "flying"),), "Flying skill +1"),
            Row(5, 6, "Chess player", (_e("skill", 1, "chess"),), "Chess skill +1"),
        ],
    ),
    _table(
        "admissions",
        "How soon you get in",
        [
            Row(1, 2, "Early admissions", (_e("move_on"),), "Move forward one space now"),
            Row(3, 4, "Standard admissions", NOTHING, "No effect: move forward next turn"),
            Row(
                5,
                6,
                "Letter hidden by Muggles",
                (_e("repeat"),),
                "Do not move. Roll again on this table next turn.",
            ),
        ],
    ),
    # ----- Gringotts -----
    _table(
        "gringotts_wealth",
        "Wealth",
        [
            Row(1, 2, "Poor", (_e("set", -1, "wealth:Poor"),), "Wealth Modifier -1"),
            Row(3, 4, "Modest", (_e("set", 0, "wealth:Modest"),), "Wealth Modifier 0"),
            Row(5, 6, "Rich", (_e("set", 1, "wealth:Rich"),), "Wealth Modifier +1"),
        ],
    ),
    _table(
        "gringotts_visit",
        "Other circumstances of your visit to the bank",
        [
            Row(1, 3, "Escorted by Hagrid", (_e("clue"),), "Gain 1 Clue"),
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
                (_e("set", what="wand:Hand me down"), _e("skill", -1, "magic")),
                "Magic skill -1",
            ),
            Row(2, 4, "Oak wood", (_e("set", what="wand:Oak wood"),)),
            Row(
                5,
                6,
                "Phoenix Feather",
                (_e("set", what="wand:Phoenix Feather"), _e("skill", 1, "magic")),
                "Magic skill +1",
            ),
        ],
        modifiers=(WEALTH,),
    ),
    _table(
        "familiar",
        "Familiar",
        [
            Row(1, 1, "Toad", (_e("set", what="familiar:Toad"),)),
            Row(2, 2, "Rat", (_e("set", what="familiar:Rat"),)),
            Row(3, 3, "Cat", (_e("set", what="familiar:Cat"),)),
            Row(4, 5, "Barn Owl", (_e("set", what="familiar:Barn Owl"),)),
            Row(6, 6, "Snow Owl", (_e("set", what="familiar:Snow Owl"),)),
        ],
        modifiers=(WEALTH,),
    ),
    # ----- Platform 9 3/4 -----
    _table(
        "platform",
        "Platform 9 3/4",
        [
            Row(
                1, 2, "Miss the Train", (_e("repeat"),), "Do not move forward: roll again next turn"
            ),
            Row(3, 4, "Enjoy the Ride", NOTHING, "No effect: move forward beginning of next turn"),
            Row(
                5,
                6,
                "Catch the Express",
                (_e("move_on"),),
                "Gain extra turn: move forward one space now",
            ),
        ],
        modifiers=(
            ("family", "Add 1 if you were raised by Wizards. Subtract one if Muggles raised you."),
        ),
    ),
    # ----- Great Hall -----
    _table(
        "sorting",
        "The Sorting",
        [
            Row(1, 1, "Gryffindor", (_e("set", what="house:Gryffindor"),)),
            Row(2, 2, "Hufflepuff", (_e("set", what="house:Hufflepuff"),)),
            Row(3, 3, "Ravenclaw", (_e("set", what="house:Ravenclaw"),)),
            Row(4, 4, "Slytherin", (_e("set", what="house:Slytherin"),)),
            Row(5, 6, "Pick one", (_e("pick_house"),)),
        ],
    ),
    _table(
        "great_hall",
        "Great Hall",
        [
            Row(1, 2, "Holiday Dinner", (_e("miss", 1),), "Miss your next turn"),
            Row(
                3,
                3,
                "Troll in the Dungeon",
                (_e("table", what="troll"),),
                "Roll on the Troll Incident Table",
            ),
            Row(4, 5, "Common Meal", NOTHING, "Nothing"),
            Row(6, 6, "Mail Call", (_e("table", what="mail"),), "Roll on the Mail Table"),
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
                (_e("hospital", 2), _e("points", -10)),
                "Go to Hospital and miss next 2 turns & lose 10 House Points",
            ),
            Row(8, None, "Defeat Troll", (_e("points", 10),), "Gain 10 House Points"),
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
            Row(4, 4, "Newspaper", (_e("clue"),), "Gain 1 clue"),
            Row(5, 6, "Get a Package", (_e("table", what="package"),), "Roll on the package table"),
        ],
        modifiers=(("owl", "Add 1 if you have a Barn Owl. Add 2 if you have a Snow Owl."),),
    ),
    _table(
        "package",
        "Package Table",
        [
            Row(1, 1, "Sweater from Home", (_e("item", 1, "sweater"),)),
            Row(2, 2, "Chocolate Frogs", (_e("item", 1, "frogs_dice"),), "1D6 Chocolate Frogs"),
            Row(
                3, 3, "Remembrall", (_e("item", 1, "remembrall"),), "Reroll one roll in the future"
            ),
            Row(
                4, 4, "Every Flavour Beans", (_e("item", 2, "beans_dice"),), "2D6 All Flavor Beans"
            ),
            Row(
                5,
                5,
                "Cloak of Invisibility",
                (_e("item", 1, "cloak"),),
                "Roll again if you have one",
            ),
            Row(
                6,
                6,
                "Nimbus 2000",
                (_e("item", 1, "nimbus"), _e("skill", 1, "flying")),
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
                (_e("points", -5),),
                "Lose 5 House Points",
            ),
            Row(2, 2, "Lost", (_e("miss", 1),), "Miss your next turn"),
            Row(3, 3, "No Event"),
            Row(4, 4, "Moving Staircases", (_e("move_dice", 1),), "Immediately move 1D6 spaces"),
            Row(5, 5, "Waylaid by Peeves", (_e("miss", 1),), "Miss your next turn"),
            Row(
                6,
                6,
                "Secret Passage",
                (_e("secret_passage"),),
                "Immediately go to any other space in the loop",
            ),
            Row(7, 7, "Observe altercation between Snape & Quirrell", (_e("clue"),), "Gain 1 Clue"),
        ],
        modifiers=(("cloak", "Add 1 if you have a Cloak of Invisibility."),),
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
                (_e("go", what=Space.HALLWAYS.value),),
                "Go immediately to the Hallways space",
            ),
            Row(6, 6, "Go home for Break", (_e("miss", 2),), "Miss next 2 turns"),
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
                (_e("points", -5),),
                "Lose 5 House points from Professor McGonagall",
            ),
            Row(2, 3, "Daydreaming"),
            Row(4, 5, "Complete Assignments", (_e("points_dice", 1),), "Gain 1D6 House points"),
            Row(6, None, "Study hard", (_e("skill", 1, "magic"),), "Magic Skill +1"),
        ],
        modifiers=(STUDY,),
    ),
    _table(
        "library",
        "Library",
        [
            Row(1, 1, "Get Tutored", (_e("skill", 1, "study"),), "Study Skill +1"),
            Row(2, 2, "Daydream"),
            Row(3, 4, "Cram", (_e("study_bonus"),), "Get +1 to next Study skill roll"),
            Row(
                5,
                5,
                "Caught in the forbidden book section",
                (_e("points", -5),),
                "Lose 5 House points",
            ),
            Row(6, None, "Research", (_e("clue"),), "Gain 1 Clue"),
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
                (_e("points", -5),),
                "Lose 5 House points",
            ),
            Row(3, 4, "Flying lesson", (_e("skill", 1, "flying"),), "Flying Skill +1"),
            Row(5, 6, "Remedial Lessons"),
            Row(
                7,
                None,
                "Get accepted on the Quidditch Team",
                (_e("team_offer"),),
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
            Row(3, 4, "Practice", (_e("skill", 1, "flying"),), "Flying Skill +1"),
            Row(
                5,
                5,
                "Quidditch Match",
                (_e("table", what="quidditch_match"),),
                "Roll on the Quidditch Match Table",
            ),
            Row(
                6,
                6,
                "Quidditch Match, bewitched broomstick",
                (_e("clue", what="bewitched broomstick"), _e("table", 1, "quidditch_match")),
                "Someone casts a spell on your broomstick during play (gain 1 clue one time only)",
            ),
        ],
    ),
    _table(
        "quidditch_match",
        "Quidditch Match Table",
        [
            Row(1, 5, "You lose"),
            Row(6, None, "You win", (_e("points", 50),), "Gain 50 House Points"),
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
        modifiers=(("bewitched", "Add one to the roll if your broom was bewitched."),),
    ),
    _table(
        "potions",
        "Potions Class",
        [
            Row(
                1,
                1,
                "Not paying attention in Class",
                (_e("points", -5),),
                "Lose 5 House points from Professor Snape",
            ),
            Row(2, 2, "Lab Mishap", HOSPITAL_1, "Go to Hospital and miss next turn"),
            Row(3, 4, "Lab work"),
            Row(5, 5, "Complete Assignments", (_e("points_dice", 1),), "Gain 1D6 House points"),
            Row(6, None, "Brew Potion", (_e("future_bonus"),), "Get +1 to one future Dice Roll"),
        ],
        modifiers=(STUDY,),
    ),
    _table(
        "third_floor",
        "3rd Floor",
        [
            Row(1, 1, "Caught by the grounds keeper", (_e("points", -5),), "Lose 5 House Points"),
            Row(2, 4, "Chased away by the grounds keeper's cat"),
            Row(
                5,
                6,
                "Scared off by Fluffy",
                (_e("clue", what="scared off by Fluffy"),),
                "Gain 1 clue one time only",
            ),
        ],
    ),
    _table(
        "charms",
        "Charms Class",
        [
            Row(1, 3, "Practice Wand Technique & Levitation with Professor Flitwick"),
            Row(4, 5, "Pass Test", (_e("points_dice", 1),), "Gain 1D6 House points"),
            Row(6, None, "Study hard", (_e("skill", 1, "magic"),), "Magic Skill +1"),
        ],
        modifiers=(STUDY,),
    ),
    _table(
        "hagrids_cottage",
        "Hagrid's Cottage",
        [
            Row(1, 1, "Watch Baby Dragon hatch", (_e("miss", 1),), "Miss next turn"),
            Row(2, 3, "\u201cI shouldn't have told you that\u201d", (_e("clue"),), "Gain 1 Clue"),
            Row(
                4,
                4,
                "Fluffy's Secret",
                (_e("know", what="fluffys_secret"),),
                "Automatically get past Fluffy",
            ),
            Row(5, 5, "Hagrid's Home Cooking"),
            Row(
                6,
                6,
                "Malfoy snitches on you",
                (_e("points", -50), _e("go", what=Space.DARK_WOODS.value)),
                "Get Detention: go to Dark Woods and lose 50 House points",
            ),
        ],
    ),
    _table(
        "defence",
        "Defence Against the Dark Arts Class",
        [
            Row(1, 3, "Popular Demonstrations by Stuttering Professor Quirrell"),
            Row(4, 5, "Pass Test", (_e("points_dice", 1),), "Gain 1D6 House points"),
            Row(6, 6, "Study hard", (_e("skill", 1, "magic"),), "Magic Skill +1"),
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
                (_e("clue", what="saved by a centaur"),),
                "Gain 1 Clue one time only",
            ),
            Row(4, 4, "Meet a Unicorn"),
            Row(5, 5, "Avoid Werewolves"),
            Row(6, 6, "Lost in the Woods", (_e("miss", 1),), "Miss next turn"),
        ],
    ),
    _table(
        "wizards_chess",
        "Wizard's Chess",
        [
            Row(1, 3, "Friendly Game"),
            Row(4, 4, "Long Game", (_e("miss", 1),), "Miss next turn"),
            Row(5, 6, "Study Strategy", (_e("skill", 1, "chess"),), "Chess Skill +1"),
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
                (_e("know", what="plant_lore"),),
                "Automatically get past Devil's Snare",
            ),
            Row(5, 5, "Pass Exam", (_e("points_dice", 1),), "Gain 1D6 House points"),
            Row(6, 6, "Pick Herbs", (_e("future_bonus"),), "Get +1 to one future Dice Roll"),
        ],
    ),
    _table(
        "mirror",
        "Mirror of Erised",
        [
            Row(1, 2, "Glance"),
            Row(3, 5, "Linger", (_e("miss", 1),), "Miss next turn"),
            Row(6, 6, "Obsessed", (_e("stay_dice", 1),), "Stay in this space for 1D6 turns"),
        ],
        modifiers=(
            ("obsessed", "Subtract 2 if you have previously been obsessed."),
            ("mean_family", "Add 1 if you were raised by a mean family."),
        ),
    ),
    # ----- The dungeon -----
    _table(
        "fluffy",
        "Fluffy",
        [
            Row(2, 8, "Get Bitten", HOSPITAL_2, "Go to Hospital and miss next 2 turns"),
            Row(9, None, "Get past Fluffy", (_e("pass"),), "You may continue"),
        ],
        dice=2,
        modifiers=(MAGIC,),
    ),
    _table(
        "devils_snare",
        "Devil's Snare",
        [
            Row(2, 8, "Left Hanging", HOSPITAL_2, "Go to Hospital and miss next 2 turns"),
            Row(9, None, "Get past the Roots", (_e("pass"),), "You may continue"),
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
            Row(6, None, "Get past the Keys", (_e("pass"),), "You may continue"),
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
            Row(4, None, "Checkmate the White King", (_e("pass"),), "You may continue"),
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
                None,
                "Defeat Voldemort",
                (_e("defeat_voldemort"),),
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
