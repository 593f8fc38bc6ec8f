"""Clue's action numbering and observation vector (for learning frameworks).

Reach them through the spec: ``find_game("clue").action_codec(game)`` and
``.observation_codec(game)`` (see `hogwarts_rules.codec`). Both follow the
game's content (its board and Help deck), never its dice or a secret.

**Actions** (a number says what is done; the seat that acts says who does it).
In this order, with the sizes of the library's default content (2,374 in all):

- 0: `Deal` (set-up, taken by nobody);
- 1 to 6: `ChooseStudent`, in `STUDENTS` order;
- 7 to 10: `RollDice`, `StayPut`, `EndTurn`, `PayFloo`;
- 11 to 16: `UseFireplace`: the locations with a fireplace, in the board's order;
- 17 to 52: `Suggest`: suspect by suspect (`SUSPECTS` order), item by item (`ITEMS` order);
- 53 to 376: `Accuse`: suspect, then item, then location (`LOCATIONS` order);
- 377 to 397: `ShowCard`: the 21 mystery cards, in `MYSTERY_CARDS` order;
- 398 to 421: `Protect`: the Help cards by name, in the order they first appear in the deck;
- 422 on: `MoveTo`: position by position (the board's ten locations, then its corridor
  squares row by row), each with ``felix`` False then True (True only if the deck has a
  Felix Felicis card), each with ``alohomoras`` from 0 to the deck's Alohomora cards.

**Observation** (from one seat's view only: its own hand and face-down Help cards,
what was shown to it or by it, and the public facts; never another seat's card,
the envelope before the seat may know it, or the dice). The global part: a
constant ``1``; the phase and the step (one-hot); the green die; the location
entered this turn (one-hot); each wheel's notch; each door (closed or not); each
fireplace (lit or not); each suspect and item token's location (one-hot); the
decks' sizes; the Floo cost of a Dark card being decided; the seat's hand, its
face-down Help cards (count per name) and the envelope if known (one entry per
mystery card); wrong accusations naming each card. Then, per mystery card and
per seat (**the viewer's seat first**, then the others in seat order after it):
card shown to me by that seat, card shown by me to that seat, suggestions by that
seat naming the card, suggestions naming the card that seat passed on, and that
seat showed a card for. Then one block per seat, viewer first: student
(one-hot), location (one-hot) or corridor square (flag, row, column), face-up
Help cards (count per name), face-down Help cards, Floo powder, hand size,
eliminated, place in the order of play (one-hot), whether it is that seat's turn
and whether it must decide now. ``codec.features`` names every number.

Examples:
    >>> from hogwarts_rules import clue
    >>> game = clue.new_game(["Ann", "Ben", "Cat"], seed=1)
    >>> actions, observations = action_codec(game), observation_codec(game)
    >>> actions.size, actions.label(7), actions.label(422)
    (2374, 'RollDice()', "MoveTo(destination='Malfoy Manor', felix=False, alohomoras=0)")
    >>> actions.decode(377, "Ben")
    ShowCard(player='Ben', card='Fenrir Greyback')
    >>> observations.size
    731
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any, Final

from hogwarts_rules.actions import Action
from hogwarts_rules.clue.actions import (
    Accuse,
    ChooseStudent,
    Deal,
    EndTurn,
    MoveTo,
    PayFloo,
    Protect,
    RollDice,
    ShowCard,
    StayPut,
    Suggest,
    UseFireplace,
)
from hogwarts_rules.clue.cards import ITEMS, LOCATIONS, MYSTERY_CARDS, STUDENTS, SUSPECTS
from hogwarts_rules.clue.content import Content
from hogwarts_rules.clue.game import Game
from hogwarts_rules.clue.movement import parse_position
from hogwarts_rules.clue.view import ClueView
from hogwarts_rules.clue.vocabulary import Phase, Special, Step
from hogwarts_rules.codec import ActionTable, Feature, ObservationLayout
from hogwarts_rules.engine import GameBase

__all__ = ["action_codec", "action_table", "observation_codec"]

_TOKENS: Final = (*SUSPECTS, *ITEMS)
_PHASES: Final = tuple(phase.value for phase in Phase)
_STEPS: Final = tuple(step.value for step in Step)
_CARD_INDEX: Final = {card: i for i, card in enumerate(MYSTERY_CARDS)}


def _content(game: GameBase) -> Content:
    if not isinstance(game, Game):
        raise TypeError(f"a game of Clue is needed, not {type(game).__name__}")
    return game.content


def _help_names(content: Content) -> tuple[str, ...]:
    return tuple(dict.fromkeys(card.name for card in content.help_deck))


def action_table(content: Content) -> ActionTable:
    """The numbering of every action of Clue played with ``content`` (see the module docstring)."""
    board = content.board
    specials = [card.special for card in content.help_deck]
    alohomoras = specials.count(Special.ALOHOMORA)
    felix = (False, True) if Special.FELIX_FELICIS in specials else (False,)
    squares = [
        f"{row},{column}"
        for row in range(board.height)
        for column in range(board.width)
        if board.walkable((row, column))
    ]
    entries: list[tuple[type[Action], dict[str, Any]]] = [(Deal, {})]
    entries += [(ChooseStudent, {"student": student}) for student in STUDENTS]
    entries += [(RollDice, {}), (StayPut, {}), (EndTurn, {}), (PayFloo, {})]
    entries += [
        (UseFireplace, {"destination": loc}) for loc in board.locations if loc in board.fireplaces
    ]
    entries += [(Suggest, {"suspect": s, "item": i}) for s in SUSPECTS for i in ITEMS]
    entries += [
        (Accuse, {"suspect": s, "item": i, "location": loc})
        for s in SUSPECTS
        for i in ITEMS
        for loc in LOCATIONS
    ]
    entries += [(ShowCard, {"card": card}) for card in MYSTERY_CARDS]
    entries += [(Protect, {"card": name}) for name in _help_names(content)]
    entries += [
        (MoveTo, {"destination": position, "felix": with_felix, "alohomoras": used})
        for position in (*board.locations, *squares)
        for with_felix in felix
        for used in range(alohomoras + 1)
    ]
    return ActionTable.build(entries)


def action_codec(game: GameBase) -> ActionTable:
    """The action numbering of ``game`` (it follows the game's content)."""
    return _cached_table(_content(game))


@functools.lru_cache(maxsize=8)
def _cached_table(content: Content) -> ActionTable:
    return action_table(content)


class _Layout:
    """Features added group by group, each group's first index remembered."""

    def __init__(self) -> None:
        self.features: list[Feature] = []
        self.at: dict[str, int] = {}

    def add(self, group: str, features: Sequence[Feature]) -> None:
        self.at[group] = len(self.features)
        self.features += features


_PER_CARD: Final = ("shown_to_me", "shown_by_me", "suggested", "passed", "showed")
_PER_CARD_HIGH: Final = (1, 1, 100, 100, 100)


def observation_codec(game: GameBase) -> ObservationLayout:
    """The observation vector of a seat's view of ``game`` (it follows the seats and content)."""
    content = _content(game)
    board = content.board
    seats = len(game.seat_names)
    locations = board.locations
    wheels = tuple(wheel.name for wheel in board.wheels)
    doors = tuple(door.id for door in board.doors)
    fireplaces = tuple(loc for loc in locations if loc in board.fireplaces)
    helps = _help_names(content)
    cards = len(MYSTERY_CARDS)
    layout = _Layout()
    layout.add("constant", [Feature("constant")])
    layout.add("phase", [Feature(f"phase={phase}") for phase in _PHASES])
    layout.add("step", [Feature(f"step={step}") for step in _STEPS])
    layout.add("green", [Feature("green", 0, 7)])
    layout.add("entered", [Feature(f"entered={loc}") for loc in locations])
    layout.add("wheel", [Feature(f"wheel={name}", 0, 23) for name in wheels])
    layout.add("door", [Feature(f"closed_door={door}") for door in doors])
    layout.add("fireplace", [Feature(f"lit_fireplace={loc}") for loc in fireplaces])
    layout.add("token", [Feature(f"token={token}@{loc}") for token in _TOKENS for loc in locations])
    layout.add("decks", [Feature("help_deck_size", 0, 500), Feature("dark_deck_size", 0, 500)])
    layout.add("floo", [Feature("decision.floo", 0, 40)])
    layout.add("hand", [Feature(f"hand={card}") for card in MYSTERY_CARDS])
    layout.add("hidden_help", [Feature(f"hidden_help={name}", 0, 10) for name in helps])
    layout.add("envelope", [Feature(f"envelope={card}") for card in MYSTERY_CARDS])
    layout.add("wrong", [Feature(f"wrong_accusations={card}", 0, seats) for card in MYSTERY_CARDS])
    for name, high in zip(_PER_CARD, _PER_CARD_HIGH, strict=True):
        layout.add(
            name,
            [
                Feature(f"{name}.seat{k}={card}", 0, high)
                for card in MYSTERY_CARDS
                for k in range(seats)
            ],
        )
    for k in range(seats):
        p = f"seat{k}"
        block = [Feature(f"{p}.student={student}") for student in STUDENTS]
        block += [Feature(f"{p}.at={loc}") for loc in locations]
        block += [
            Feature(f"{p}.corridor"),
            Feature(f"{p}.row", 0, board.height),
            Feature(f"{p}.column", 0, board.width),
        ]
        block += [Feature(f"{p}.help={name}", 0, 10) for name in helps]
        block += [
            Feature(f"{p}.hidden_help", 0, 30),
            Feature(f"{p}.floo", 0, 100),
            Feature(f"{p}.hand_size", 0, cards),
            Feature(f"{p}.eliminated"),
        ]
        block += [Feature(f"{p}.order={i}") for i in range(seats)]
        block += [Feature(f"{p}.current"), Feature(f"{p}.to_act")]
        layout.add(p, block)
    at = layout.at
    size = len(layout.features)
    seat_size = size - at["seat0"]
    seat_size //= seats
    phase_at = {value: at["phase"] + i for i, value in enumerate(_PHASES)}
    step_at = {value: at["step"] + i for i, value in enumerate(_STEPS)}
    location_index = {loc: i for i, loc in enumerate(locations)}
    token_at = {token: at["token"] + i * len(locations) for i, token in enumerate(_TOKENS)}
    help_index = {name: i for i, name in enumerate(helps)}
    student_index = {student: i for i, student in enumerate(STUDENTS)}
    at_corridor = len(STUDENTS) + len(locations)
    at_help = at_corridor + 3
    at_counts = at_help + len(helps)
    at_order = at_counts + 4
    per_card_at = [at[name] for name in _PER_CARD]

    def fill(view: Any) -> Sequence[float]:
        assert isinstance(view, ClueView)
        values = [0.0] * size
        values[0] = 1.0
        values[phase_at[view.phase]] = 1.0
        values[step_at[view.step]] = 1.0
        values[at["green"]] = float(view.green)
        if view.entered is not None:
            values[at["entered"] + location_index[view.entered]] = 1.0
        for i, name in enumerate(wheels):
            values[at["wheel"] + i] = float(view.wheels.get(name, 0))
        for i, door in enumerate(doors):
            if door in view.closed_doors:
                values[at["door"] + i] = 1.0
        for i, loc in enumerate(fireplaces):
            if loc in view.lit_fireplaces:
                values[at["fireplace"] + i] = 1.0
        for token, loc in view.tokens.items():
            if token in token_at and loc in location_index:
                values[token_at[token] + location_index[loc]] = 1.0
        values[at["decks"]] = float(view.help_deck_size)
        values[at["decks"] + 1] = float(view.dark_deck_size)
        floo = view.details.get("floo")
        if isinstance(floo, int):
            values[at["floo"]] = float(floo)
        for card in view.hand:
            values[at["hand"] + _CARD_INDEX[card]] = 1.0
        for name in view.hidden_help:
            values[at["hidden_help"] + help_index[name]] += 1.0
        for card in view.envelope:
            values[at["envelope"] + _CARD_INDEX[card]] = 1.0
        for accusation in view.wrong_accusations:
            for card in accusation[1:]:
                values[at["wrong"] + _CARD_INDEX[card]] += 1.0
        names = [seat.name for seat in view.seats]
        start = names.index(view.player) if view.player in names else 0
        rotated = names[start:] + names[:start]
        rank = {name: k for k, name in enumerate(rotated)}
        shown_to, shown_by, suggested, passed, showed = per_card_at
        for who, card in view.shown_to_me:
            values[shown_to + _CARD_INDEX[card] * seats + rank[who]] = 1.0
        for who, card in view.shown_by_me:
            values[shown_by + _CARD_INDEX[card] * seats + rank[who]] = 1.0
        for record in view.suggestions:
            for card in (record.suspect, record.item, record.location):
                row = _CARD_INDEX[card] * seats
                values[suggested + row + rank[record.player]] += 1.0
                for passer in record.passed:
                    values[passed + row + rank[passer]] += 1.0
                if record.shown_by is not None:
                    values[showed + row + rank[record.shown_by]] += 1.0
        order = view.order
        for seat in view.seats:
            base = at["seat0"] + rank[seat.name] * seat_size
            if seat.student is not None:
                values[base + student_index[seat.student]] = 1.0
            if seat.position is not None:
                if seat.position in location_index:
                    values[base + len(STUDENTS) + location_index[seat.position]] = 1.0
                else:
                    square = parse_position(seat.position)
                    if isinstance(square, tuple):
                        values[base + at_corridor] = 1.0
                        values[base + at_corridor + 1] = float(square[0])
                        values[base + at_corridor + 2] = float(square[1])
            for name in seat.help_cards:
                values[base + at_help + help_index[name]] += 1.0
            values[base + at_counts] = float(seat.hidden_help)
            values[base + at_counts + 1] = float(seat.floo)
            values[base + at_counts + 2] = float(seat.hand_size)
            values[base + at_counts + 3] = float(seat.eliminated)
            if seat.name in order:
                values[base + at_order + order.index(seat.name)] = 1.0
            values[base + at_order + seats] = float(view.current_player == seat.name)
            values[base + at_order + seats + 1] = float(seat.name in view.to_act)
        return values

    return ObservationLayout(tuple(layout.features), fill)
