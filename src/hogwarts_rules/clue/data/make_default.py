"""Generate ``default.json``: the library's own Clue board, wheels and decks.

The rulebooks describe the board, the four wheels, the 29 Help cards and the 32
Dark cards but never print them, so this is the library's design. Run it from the
repository root after changing anything below, and commit both files::

    python src/hogwarts_rules/clue/data/make_default.py

The board is drawn in `DRAWING`, 24 rows of 24 characters:

* ``#`` a wall; ``.`` a corridor square; ``*`` a star square;
* a letter of `LEGEND`: the inside of that location (a full rectangle);
* ``+`` a corridor square in front of a door of the one location it touches;
* ``1`` to ``6``: the start square of ``STUDENTS[0]`` to ``STUDENTS[5]``.

The four corners hold the wheels' namesakes (Gringotts, Hogwarts, Hog's Head,
Ministry of Magic), each with a second location of its quadrant on the next side
clockwise; Malfoy Manor (Gringotts' quadrant) and The Burrow (Hogwarts') share
the centre. The layout turns into itself under a half turn, and its corners and
sides under a quarter turn, so no start square is favoured much.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Final, Literal

from hogwarts_rules.clue.cards import BURROW, LOCATIONS, STUDENTS
from hogwarts_rules.clue.content import (
    WHEEL_NAMES,
    Board,
    Content,
    DarkCard,
    Door,
    HelpCard,
    Notch,
    Wheel,
    content_to_dict,
)
from hogwarts_rules.clue.vocabulary import Affects, HelpKind, Special
from hogwarts_rules.frozen import FrozenMap

OUTPUT: Final = Path(__file__).with_name("default.json")
"""Where `main` writes the JSON."""

NAME: Final = "hogwarts-rules default"
"""The content's name."""

DRAWING: Final = (
    "#######1####2###########",
    "#GGGGG*.WWWW..##..HHHHH#",
    "#GGGGG..WWWW.*##..HHHHH#",
    "#GGGGG+.WWWW..##.+HHHHH#",
    "#GGGGG..WWWW+.##..HHHHH#",
    "#GGGGG..WWWW..##..HHHHH#",
    "#..+.....+..........+..#",
    "#......*........*......#",
    "######....+..+....FFFFF#",
    "######...LLLBBB..+FFFFF#",
    "#.*......LLLBBB...FFFFF#",
    "6...+...+LLLBBB...FFFFF#",
    "#PPPPP...LLLBBB+...+...3",
    "#PPPPP...LLLBBB......*.#",
    "#PPPPP+..LLLBBB...######",
    "#PPPPP....+..+....######",
    "#......*........*......#",
    "#..+..........+.....+..#",
    "#MMMMM..##..SSSS..OOOOO#",
    "#MMMMM..##.+SSSS..OOOOO#",
    "#MMMMM+.##..SSSS.+OOOOO#",
    "#MMMMM..##*.SSSS..OOOOO#",
    "#MMMMM..##..SSSS.*OOOOO#",
    "###########5####4#######",
)
"""The board, with location initials, doors and start squares drawn in."""

LEGEND: Final[Mapping[str, str]] = {
    "G": "Gringotts",
    "W": "Weasleys' Wizard Wheezes",
    "H": "Hogwarts",
    "F": "Forbidden Forest",
    "O": "Hog's Head",
    "S": "Shrieking Shack",
    "M": "Ministry of Magic",
    "P": "12 Grimmauld Place",
    "L": "Malfoy Manor",
    "B": BURROW,
}
"""The letter each location is drawn with."""

SLUGS: Final[Mapping[str, str]] = {
    "Gringotts": "gringotts",
    "Weasleys' Wizard Wheezes": "wheezes",
    "Hogwarts": "hogwarts",
    "Forbidden Forest": "forest",
    "Hog's Head": "hogs-head",
    "Shrieking Shack": "shack",
    "Ministry of Magic": "ministry",
    "12 Grimmauld Place": "grimmauld",
    "Malfoy Manor": "malfoy-manor",
    BURROW: "burrow",
}
"""The first part of each location's door ids (``"gringotts-south"``)."""

QUADRANTS: Final[Mapping[str, tuple[str, ...]]] = {
    "Gringotts": ("Gringotts", "Weasleys' Wizard Wheezes", "Malfoy Manor"),
    "Hogwarts": ("Hogwarts", "Forbidden Forest", BURROW),
    "Hog's Head": ("Hog's Head", "Shrieking Shack"),
    "Ministry of Magic": ("Ministry of Magic", "12 Grimmauld Place"),
}
"""The locations whose doors and fireplaces each wheel turns."""

FIREPLACES: Final = frozenset(
    {
        "Weasleys' Wizard Wheezes",
        "Malfoy Manor",
        "Hogwarts",
        "Hog's Head",
        "Ministry of Magic",
        "12 Grimmauld Place",
    }
)
"""The six locations with a fireplace (never The Burrow: accusations are walked to)."""

_Spec = tuple[tuple[str, ...], tuple[str, ...], bool]

NOTCHES: Final[Mapping[str, tuple[_Spec, ...]]] = {
    "Gringotts": (
        ((), (), False),
        (("gringotts-east",), ("Malfoy Manor",), False),
        (("wheezes-south", "malfoy-manor-west"), (), False),
        ((), ("Weasleys' Wizard Wheezes",), True),
        (("gringotts-south",), ("Malfoy Manor", "Weasleys' Wizard Wheezes"), False),
        (("malfoy-manor-north", "wheezes-east"), ("Malfoy Manor",), False),
        (("gringotts-east",), (), True),
        (("malfoy-manor-south",), ("Weasleys' Wizard Wheezes",), False),
    ),
    "Hogwarts": (
        ((), ("Hogwarts",), False),
        (("forest-west",), (), False),
        (("burrow-east",), ("Hogwarts",), True),
        (("hogwarts-west", "burrow-north"), (), False),
        ((), ("Hogwarts",), False),
        (("forest-south",), (), True),
        (("hogwarts-south", "burrow-south"), ("Hogwarts",), False),
        (("forest-west",), (), False),
    ),
    "Hog's Head": (
        ((), (), False),
        (("shack-north",), ("Hog's Head",), False),
        (("hogs-head-west",), (), False),
        ((), ("Hog's Head",), False),
        (("shack-west", "hogs-head-north"), (), True),
        ((), ("Hog's Head",), False),
        (("shack-north",), (), False),
        (("hogs-head-west",), ("Hog's Head",), True),
    ),
    "Ministry of Magic": (
        ((), ("Ministry of Magic",), False),
        (("grimmauld-north",), (), False),
        (("ministry-east",), ("12 Grimmauld Place",), True),
        ((), ("Ministry of Magic", "12 Grimmauld Place"), False),
        (("ministry-north", "grimmauld-east"), (), False),
        ((), ("12 Grimmauld Place",), False),
        (("ministry-east",), ("Ministry of Magic",), True),
        (("grimmauld-north",), (), False),
    ),
}
"""Each wheel's notches clockwise from START: (closed doors, lit fireplaces, Dark Mark)."""

_HelpSpec = tuple[
    str, Literal["ally", "item", "spell"], str, int, Literal["", "alohomora", "felix_felicis"]
]

HELP: Final[tuple[_HelpSpec, ...]] = (
    # Allies
    ("Albus Dumbledore", "ally", "The greatest wizard of the age steps in beside you.", 1, ""),
    ("Rubeus Hagrid", "ally", "Hagrid and Fang come crashing through the trees.", 1, ""),
    ("Dobby", "ally", "A free elf and a loyal friend Apparates to your side.", 1, ""),
    ("Sirius Black", "ally", "Padfoot bounds out of the shadows to defend you.", 1, ""),
    ("Remus Lupin", "ally", "A calm professor with chocolate in his pocket.", 1, ""),
    ("Minerva McGonagall", "ally", "The Head of Gryffindor sends the castle's statues.", 1, ""),
    ("Fawkes", "ally", "Dumbledore's phoenix: its song gives courage, its tears heal.", 1, ""),
    ("Order of the Phoenix", "ally", "The secret society rallies round you.", 1, ""),
    (
        "Kingsley Shacklebolt",
        "ally",
        "An Auror with a slow, deep voice and a lynx Patronus.",
        1,
        "",
    ),
    # Items
    ("Invisibility Cloak", "item", "Throw it over your head and vanish from sight.", 1, ""),
    ("Marauder's Map", "item", "Every footstep, every name, and no one can hide.", 1, ""),
    ("Elder Wand", "item", "The most powerful wand ever made answers to you.", 1, ""),
    ("Sword of Gryffindor", "item", "Goblin-made and steeped in basilisk venom.", 1, ""),
    ("Time-Turner", "item", "Turn back an hour and be somewhere else.", 1, ""),
    ("Bezoar", "item", "A stone from a goat's stomach: it saves you from most poisons.", 1, ""),
    ("Deluminator", "item", "Click: the lights go out, and it shows you the way back.", 1, ""),
    (
        "Felix Felicis",
        "item",
        "Liquid luck: once, move 7 squares instead of the green die, then discard.",
        2,
        "felix_felicis",
    ),
    # Spells
    ("Expelliarmus", "spell", "Your opponent's wand flies out of their hand.", 1, ""),
    ("Expecto Patronum", "spell", "A silver Patronus drives back the Dementors.", 2, ""),
    ("Protego", "spell", "A shield charm turns the curse aside.", 2, ""),
    ("Lumos", "spell", "Light at the tip of your wand, where the dark things hide.", 1, ""),
    ("Aguamenti", "spell", "A jet of clear water from your wand puts out the fire.", 1, ""),
    ("Finite Incantatem", "spell", "Every spell around you comes to an end.", 1, ""),
    ("Alohomora", "spell", "Pass through one closed door, then discard.", 3, "alohomora"),
)
"""The Help cards: (name, kind, text, copies, special)."""

_HOGSMEADE: Final = frozenset({"Hog's Head", "Shrieking Shack"})
_WILDS: Final = frozenset({"Forbidden Forest", "Shrieking Shack"})
_SAFE_HOUSES: Final = frozenset({BURROW, "12 Grimmauld Place", "Weasleys' Wizard Wheezes"})

DARK: Final = (
    # Everyone
    DarkCard(
        "Death Eater Attack",
        "Death Eaters Apparate into the street and curse everyone in sight.",
        Affects.EVERYONE,
        1,
        frozenset({"Order of the Phoenix", "Expelliarmus", "Protego", "Elder Wand"}),
    ),
    DarkCard(
        "Dementors",
        "The air turns icy as Dementors glide over the whole country.",
        Affects.EVERYONE,
        1,
        frozenset({"Expecto Patronum", "Remus Lupin", "Albus Dumbledore"}),
    ),
    DarkCard(
        "Azkaban Breakout",
        "Ten Death Eaters escape from Azkaban and nobody is safe.",
        Affects.EVERYONE,
        1,
        frozenset({"Kingsley Shacklebolt", "Order of the Phoenix", "Sirius Black"}),
    ),
    DarkCard(
        "Fiendfyre",
        "Cursed flames shaped like serpents and chimeras sweep across the land.",
        Affects.EVERYONE,
        2,
        frozenset({"Aguamenti", "Fawkes", "Finite Incantatem"}),
        discard_help=True,
    ),
    DarkCard(
        "The Dark Lord Returns",
        "Voldemort has a body again, and his followers answer his call.",
        Affects.EVERYONE,
        1,
        frozenset({"Albus Dumbledore", "Elder Wand", "Fawkes", "Sword of Gryffindor"}),
    ),
    DarkCard(
        "Giants on the March",
        "Giants stamp down from the mountains and every house shakes.",
        Affects.EVERYONE,
        1,
        frozenset({"Rubeus Hagrid", "Minerva McGonagall", "Protego"}),
    ),
    DarkCard(
        "Inferi",
        "The dead rise from the lake, cold hands reaching for you.",
        Affects.EVERYONE,
        1,
        frozenset({"Lumos", "Fawkes", "Albus Dumbledore", "Aguamenti"}),
    ),
    DarkCard(
        "Acromantulas",
        "Aragog's children swarm out of the trees.",
        Affects.EVERYONE,
        1,
        frozenset({"Rubeus Hagrid", "Lumos", "Sword of Gryffindor", "Bezoar"}),
    ),
    DarkCard(
        "The Ministry Has Fallen",
        "The Minister is dead and Death Eaters run the Ministry.",
        Affects.EVERYONE,
        1,
        frozenset(
            {"Kingsley Shacklebolt", "Invisibility Cloak", "Order of the Phoenix", "Deluminator"}
        ),
    ),
    DarkCard(
        "The Bridge Collapses",
        "Death Eaters twist a bridge over the Thames until it snaps.",
        Affects.EVERYONE,
        1,
        frozenset({"Rubeus Hagrid", "Time-Turner", "Minerva McGonagall", "Finite Incantatem"}),
    ),
    # The player who drew the card
    DarkCard(
        "Duel with Bellatrix",
        "Bellatrix Lestrange singles you out, cackling.",
        Affects.ROLLER,
        2,
        frozenset({"Expelliarmus", "Protego", "Elder Wand"}),
        discard_help=True,
    ),
    DarkCard(
        "Nagini",
        "The great snake strikes from the shadows.",
        Affects.ROLLER,
        3,
        frozenset({"Sword of Gryffindor", "Fawkes", "Dobby"}),
        discard_help=True,
    ),
    DarkCard(
        "Imperius Curse",
        "A soft voice in your head tells you to empty your pockets.",
        Affects.ROLLER,
        2,
        frozenset({"Finite Incantatem", "Albus Dumbledore", "Remus Lupin"}),
    ),
    DarkCard(
        "Cruciatus Curse",
        "Pain beyond anything you have known.",
        Affects.ROLLER,
        3,
        frozenset({"Protego", "Expelliarmus", "Time-Turner"}),
        discard_help=True,
    ),
    DarkCard(
        "Tampered Pumpkin Juice",
        "Someone has slipped something into your goblet.",
        Affects.ROLLER,
        1,
        frozenset({"Bezoar", "Time-Turner", "Dobby"}),
    ),
    DarkCard(
        "Detention with Umbridge",
        "Dolores Umbridge hands you a Blood Quill: 'I must not tell lies.'",
        Affects.ROLLER,
        1,
        frozenset({"Minerva McGonagall", "Marauder's Map", "Invisibility Cloak"}),
    ),
    DarkCard(
        "Dementor's Kiss",
        "A Dementor lowers its hood in front of you.",
        Affects.ROLLER,
        3,
        frozenset({"Expecto Patronum", "Remus Lupin"}),
        discard_help=True,
    ),
    DarkCard(
        "Slytherin's Locket",
        "You wear the Horcrux too long and it turns you against your friends.",
        Affects.ROLLER,
        1,
        frozenset({"Sword of Gryffindor", "Deluminator", "Bezoar"}),
    ),
    # Everyone but the player who drew the card
    DarkCard(
        "The Taboo",
        "You spoke the Dark Lord's name: Snatchers Apparate round your friends.",
        Affects.EVERYONE_ELSE,
        1,
        frozenset({"Deluminator", "Invisibility Cloak", "Kingsley Shacklebolt"}),
    ),
    DarkCard(
        "Polyjuice Impostor",
        "A Death Eater in disguise walks among your friends.",
        Affects.EVERYONE_ELSE,
        1,
        frozenset({"Marauder's Map", "Albus Dumbledore", "Bezoar"}),
    ),
    DarkCard(
        "Wormtail's Betrayal",
        "Peter Pettigrew tells the Dark Lord where your friends are hiding.",
        Affects.EVERYONE_ELSE,
        2,
        frozenset({"Sirius Black", "Marauder's Map", "Remus Lupin"}),
    ),
    DarkCard(
        "Confundus Charm",
        "Your friends wander in circles, befuddled.",
        Affects.EVERYONE_ELSE,
        1,
        frozenset({"Finite Incantatem", "Minerva McGonagall", "Time-Turner"}),
    ),
    DarkCard(
        "They Are Coming",
        "A silver lynx warns the guests too late: the Death Eaters are here.",
        Affects.EVERYONE_ELSE,
        1,
        frozenset(
            {"Kingsley Shacklebolt", "Order of the Phoenix", "Elder Wand", "Expecto Patronum"}
        ),
    ),
    # Players in some locations
    DarkCard(
        "Snatchers",
        "Snatchers comb the woods and the lonely places.",
        Affects.IN_LOCATIONS,
        2,
        frozenset({"Dobby", "Invisibility Cloak", "Deluminator"}),
        locations=_WILDS,
    ),
    DarkCard(
        "Dark Mark over Hogsmeade",
        "The Dark Mark hangs over the village and the shutters slam.",
        Affects.IN_LOCATIONS,
        2,
        frozenset({"Order of the Phoenix", "Lumos", "Minerva McGonagall"}),
        locations=_HOGSMEADE,
    ),
    DarkCard(
        "Cursed Vault",
        "Every treasure you touch burns and multiplies.",
        Affects.IN_LOCATIONS,
        3,
        frozenset({"Finite Incantatem", "Aguamenti", "Dobby"}),
        locations=frozenset({"Gringotts"}),
        discard_help=True,
    ),
    DarkCard(
        "Battle in the Department of Mysteries",
        "Death Eaters spring from among the shelves of prophecies.",
        Affects.IN_LOCATIONS,
        2,
        frozenset({"Sirius Black", "Protego", "Expelliarmus", "Elder Wand"}),
        locations=frozenset({"Ministry of Magic"}),
    ),
    DarkCard(
        "Raid on the Safe Houses",
        "The protective enchantments break and Death Eaters burst in.",
        Affects.IN_LOCATIONS,
        2,
        frozenset({"Kingsley Shacklebolt", "Expelliarmus", "Marauder's Map"}),
        locations=_SAFE_HOUSES,
    ),
    # Players in the corridors
    DarkCard(
        "Full Moon",
        "Werewolves prowl the lanes under the full moon.",
        Affects.IN_CORRIDORS,
        2,
        frozenset({"Remus Lupin", "Sirius Black", "Time-Turner"}),
    ),
    DarkCard(
        "Dementors in the Alley",
        "Two Dementors corner you between the houses.",
        Affects.IN_CORRIDORS,
        1,
        frozenset({"Expecto Patronum", "Lumos", "Aguamenti"}),
    ),
    # The richest player(s)
    DarkCard(
        "Light Fingers",
        "Mundungus Fletcher helps himself to the heaviest purse in sight.",
        Affects.MOST_FLOO,
        3,
        frozenset({"Marauder's Map", "Sirius Black", "Deluminator"}),
    ),
    DarkCard(
        "The Floo Network Is Watched",
        "The Ministry fines the busiest travellers on the Floo Network.",
        Affects.MOST_FLOO,
        2,
        frozenset({"Kingsley Shacklebolt", "Invisibility Cloak", "Dobby"}),
    ),
)
"""The Dark cards, grouped by whom they hit (the deck is shuffled before play)."""


def parse_drawing(
    drawing: Sequence[str],
) -> tuple[
    tuple[str, ...],
    dict[str, tuple[int, int, int, int]],
    list[tuple[str, tuple[int, int], str]],
    dict[str, tuple[int, int]],
]:
    """Read the board drawing.

    Args:
        drawing: rows of the drawing (see the module docstring for its characters).

    Returns:
        The grid, each location's area, the doors as (location, cell, side of the
        location) in reading order, and each student's start square.

    Raises:
        ValueError: a location is not a full rectangle, a door touches no location or
            two, or a character is unknown.
    """
    cells: dict[str, list[tuple[int, int]]] = {}
    door_cells: list[tuple[int, int]] = []
    starts: dict[str, tuple[int, int]] = {}
    grid: list[str] = []
    for r, row in enumerate(drawing):
        squares = []
        for c, char in enumerate(row):
            if char in LEGEND:
                cells.setdefault(LEGEND[char], []).append((r, c))
                squares.append("#")
            elif char == "+":
                door_cells.append((r, c))
                squares.append(".")
            elif char in "123456":
                starts[STUDENTS[int(char) - 1]] = (r, c)
                squares.append(".")
            elif char in "#.*":
                squares.append(char)
            else:
                raise ValueError(f"unknown character {char!r} at {(r, c)}")
        grid.append("".join(squares))
    areas: dict[str, tuple[int, int, int, int]] = {}
    for location, found in cells.items():
        top, left = min(r for r, _ in found), min(c for _, c in found)
        bottom, right = max(r for r, _ in found), max(c for _, c in found)
        if len(found) != (bottom - top + 1) * (right - left + 1):
            raise ValueError(f"{location} is not drawn as a rectangle")
        areas[location] = (top, left, bottom - top + 1, right - left + 1)
    doors: list[tuple[str, tuple[int, int], str]] = []
    for r, c in door_cells:
        sides = {
            "south": drawing[r - 1][c] if r > 0 else "#",
            "north": drawing[r + 1][c] if r + 1 < len(drawing) else "#",
            "east": drawing[r][c - 1] if c > 0 else "#",
            "west": drawing[r][c + 1] if c + 1 < len(drawing[r]) else "#",
        }
        touching = [(side, LEGEND[char]) for side, char in sides.items() if char in LEGEND]
        if len(touching) != 1:
            raise ValueError(f"the door at {(r, c)} must touch exactly one location")
        side, location = touching[0]
        doors.append((location, (r, c), side))
    return tuple(grid), areas, doors, starts


def build_board() -> Board:
    """The board: the drawing, its doors, the fireplaces and the wheels."""
    grid, areas, drawn_doors, starts = parse_drawing(DRAWING)
    wheel_of = {loc: wheel for wheel, locs in QUADRANTS.items() for loc in locs}
    locations = (*LOCATIONS, BURROW)
    doors = tuple(
        Door(f"{SLUGS[location]}-{side}", location, cell, wheel_of[location])
        for location, cell, side in sorted(drawn_doors, key=lambda d: locations.index(d[0]))
    )
    wheels = tuple(
        Wheel(
            name,
            tuple(
                Notch(frozenset(closed), frozenset(lit), dark)
                for closed, lit, dark in NOTCHES[name]
            ),
            QUADRANTS[name],
        )
        for name in WHEEL_NAMES
    )
    return Board(
        grid=grid,
        locations=locations,
        areas=FrozenMap((loc, areas[loc]) for loc in locations),
        doors=doors,
        fireplaces=FIREPLACES,
        starts=FrozenMap((student, starts[student]) for student in STUDENTS),
        wheels=wheels,
    )


def build_help_deck() -> tuple[HelpCard, ...]:
    """The Help deck, copies listed one after another."""
    return tuple(
        HelpCard(name, HelpKind(kind), text, Special(special))
        for name, kind, text, copies, special in HELP
        for _ in range(copies)
    )


def build_content() -> Content:
    """The library's default content."""
    return Content(NAME, build_board(), build_help_deck(), DARK)


def render(content: Content) -> str:
    """The JSON text of content: keys sorted, two-space indents, short values on one line."""
    return _dump(content_to_dict(content), 0) + "\n"


def _dump(value: object, depth: int) -> str:
    """One JSON value at a nesting depth: on one line if short, else one item a line."""
    flat = json.dumps(value, sort_keys=True)
    if len(flat) + 2 * depth <= 110 or not isinstance(value, dict | list) or not value:
        return flat
    indent = "  " * (depth + 1)
    if isinstance(value, dict):
        items = [f"{indent}{json.dumps(k)}: {_dump(value[k], depth + 1)}" for k in sorted(value)]
        return "{\n" + ",\n".join(items) + "\n" + "  " * depth + "}"
    items = [indent + _dump(item, depth + 1) for item in value]
    return "[\n" + ",\n".join(items) + "\n" + "  " * depth + "]"


def main() -> None:
    """Write `OUTPUT` from the design above."""
    OUTPUT.write_text(render(build_content()), encoding="utf-8")
    print(f"wrote {OUTPUT}")


if __name__ == "__main__":
    main()
