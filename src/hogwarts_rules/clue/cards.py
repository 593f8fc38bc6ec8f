"""The cards and people of Clue: World of Harry Potter.

The English user guide and the French rulebook name the same things differently;
the library uses the English names (ruling CL-1) and keeps the French ones for readers.

Examples:
    >>> len(SUSPECTS), len(ITEMS), len(LOCATIONS)
    (6, 6, 9)
    >>> BURROW in LOCATIONS
    False
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final

__all__ = [
    "BURROW",
    "CATEGORIES",
    "FRENCH_NAMES",
    "ITEMS",
    "LOCATIONS",
    "MYSTERY_CARDS",
    "STUDENTS",
    "SUSPECTS",
    "category_of",
    "wrong_card",
]

SUSPECTS: Final = (
    "Fenrir Greyback",
    "Lucius Malfoy",
    "Peter Pettigrew",
    "Draco Malfoy",
    "Scabior",
    "Bellatrix Lestrange",
)
"""Who is responsible (6 suspect cards)."""

ITEMS: Final = (
    "Jinxed Broomstick",
    "Cursed Necklace",
    "Love Potion",
    "Poisoned Mead",
    "Incendio",
    "Stupefy",
)
"""Which object or spell was used (6 item cards)."""

LOCATIONS: Final = (
    "Malfoy Manor",
    "Hog's Head",
    "Shrieking Shack",
    "Hogwarts",
    "Forbidden Forest",
    "Gringotts",
    "Weasleys' Wizard Wheezes",
    "Ministry of Magic",
    "12 Grimmauld Place",
)
"""Where the student was taken (9 location cards)."""

BURROW: Final = "The Burrow"
"""The tenth location of the board: accusations only, not a mystery card."""

CATEGORIES: Final[Mapping[str, tuple[str, ...]]] = {
    "suspect": SUSPECTS,
    "item": ITEMS,
    "location": LOCATIONS,
}
"""The three piles of mystery cards, by category."""

MYSTERY_CARDS: Final = (*SUSPECTS, *ITEMS, *LOCATIONS)
"""All 21 mystery cards."""

STUDENTS: Final = ("Harry", "Ron", "Hermione", "Ginny", "Luna", "Neville")
"""The six students; one goes missing, the players play others."""

FRENCH_NAMES: Final[Mapping[str, str]] = {
    "Lucius Malefoy": "Lucius Malfoy",
    "Peter Pettigrow": "Peter Pettigrew",
    "Drago Malefoy": "Draco Malfoy",
    "Rafleur": "Scabior",
    "Balai piégé": "Jinxed Broomstick",
    "Collier maudit": "Cursed Necklace",
    "Philtre d'amour": "Love Potion",
    "Hydromel empoisonné": "Poisoned Mead",
    "Stupéfix": "Stupefy",
    "Manoir Malefoy": "Malfoy Manor",
    "Tête de Sanglier": "Hog's Head",
    "Cabane Hurlante": "Shrieking Shack",
    "Poudlard": "Hogwarts",
    "Forêt interdite": "Forbidden Forest",
    "Farces pour sorciers facétieux": "Weasleys' Wizard Wheezes",
    "Ministère de la Magie": "Ministry of Magic",
    "12, Square Grimmaurd": "12 Grimmauld Place",
    "Chez Weasley": "The Burrow",
    "Au Terrier": "The Burrow",
}
"""The French rulebook's names and the English ones the library uses."""

_CATEGORY_OF: Final = {card: category for category, cards in CATEGORIES.items() for card in cards}


def category_of(card: str) -> str:
    """The category of a mystery card (``KeyError`` for an unknown card)."""
    return _CATEGORY_OF[card]


def wrong_card(given: Sequence[tuple[str, object]]) -> str | None:
    """What is wrong with the first card that is not of its category, or ``None``.

    ``given`` pairs each category (``"suspect"``, ``"item"``, ``"location"``) with the
    card given for it, in the order an action takes them: for a refusal's message.

    Examples:
        >>> wrong_card([("suspect", "Scabior"), ("item", "Incendio")]) is None
        True
        >>> wrong_card([("suspect", "Incendio"), ("item", "Scabior")])
        'Incendio is an item, not a suspect (the suspect, then the item)'
        >>> wrong_card([("suspect", "Scabior"), ("item", "Hogwarts")])
        'Hogwarts is a location, not an item (the suspect, then the item)'
        >>> wrong_card([("suspect", "Voldemort"), ("item", "Incendio")])[:40]
        'Voldemort is not a suspect (the suspects'
    """
    order = ", then the ".join(category for category, _ in given)
    for category, card in given:
        if card in CATEGORIES[category]:
            continue
        shown = f"{card!s:.60}" if isinstance(card, str) else f"{card!r:.60}"
        other = _CATEGORY_OF.get(card) if isinstance(card, str) else None
        if other is not None:
            wrong = f"{_ARTICLE[other]} {other}, not {_ARTICLE[category]} {category}"
            return f"{shown} is {wrong} (the {order})"
        cards = ", ".join(CATEGORIES[category])
        return f"{shown} is not {_ARTICLE[category]} {category} (the {category}s: {cards})"
    return None


_ARTICLE: Final = {"suspect": "a", "item": "an", "location": "a"}
