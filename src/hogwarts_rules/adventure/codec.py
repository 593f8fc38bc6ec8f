"""First Year Adventure's action numbering and observation vector (for learning frameworks).

Reach them through the spec: ``find_game("adventure").action_codec(game)`` and
``.observation_codec(game)`` (see `hogwarts_rules.codec`).

**Actions** (31 numbers, the same for 2 to 4 players; a number says what is done,
the seat that acts says who does it):

- 0: `RollOff` (set-up, taken by nobody);
- 1 to 10: `TakeTurn`, `MoveOne`, `RollToMove`, `GoToThirdFloor`, `EnterDungeon`,
  `KeepRoll`, `UseRemembrall`, `UseBonus`, `JoinTeam`, `DeclineTeam`;
- 11 to 14: `ChooseHouse`: Gryffindor, Hufflepuff, Ravenclaw, Slytherin;
- 15 to 30: `ChooseSpace`: the 16 spaces of the loop, in `LOOP` order (Great Hall first).

**Observation** (from one seat's view only; the game keeps no secrets, and the
view holds no dice): a constant ``1``; the round, whether the roll-off is done
and whether the game is over; the roll awaiting a keep-or-change decision and
the table it is for (one-hot over the 36 tables); then one block per seat,
**the viewer's seat first**, then the others in seat order after it. A block is
the space (one-hot over the 26 spaces), the house (one-hot), the four skills,
house points, clues, the wealth modifier, the items and counters, the flags,
who raised the player, wealth, wand and familiar (one-hot each), the place in
the order of play (one-hot), whether it is this seat's turn and whether it must
decide now. ``codec.features`` names every number and its bounds (values
outside are clipped).

Examples:
    >>> from hogwarts_rules import adventure
    >>> game = adventure.new_game(["Harry", "Ron"], seed=1)
    >>> actions, observations = action_codec(game), observation_codec(game)
    >>> actions.size, actions.label(3), actions.label(15)
    (31, 'RollToMove()', "ChooseSpace(space='Great Hall')")
    >>> observations.size, observations.names[:3]
    (189, ('constant', 'round', 'started'))
    >>> vector = observations.encode(game.view("Ron"))
    >>> len(vector), vector[0]
    (189, 1.0)
"""

from __future__ import annotations

import operator
from collections.abc import Sequence
from typing import Any, Final

from hogwarts_rules.adventure.actions import (
    ChooseHouse,
    ChooseSpace,
    DeclineTeam,
    EnterDungeon,
    GoToThirdFloor,
    JoinTeam,
    KeepRoll,
    MoveOne,
    RollOff,
    RollToMove,
    TakeTurn,
    UseBonus,
    UseRemembrall,
)
from hogwarts_rules.adventure.board import LOOP, Space
from hogwarts_rules.adventure.game import MAX_ROUND_LIMIT
from hogwarts_rules.adventure.tables import HOUSES, TABLES, Familiar, Upbringing, Wand, Wealth
from hogwarts_rules.adventure.view import AdventureView
from hogwarts_rules.codec import ActionTable, Feature, ObservationLayout
from hogwarts_rules.engine import GameBase

__all__ = ["ACTIONS", "action_codec", "observation_codec"]

ACTIONS: Final = ActionTable.build(
    [
        (RollOff, {}),
        (TakeTurn, {}),
        (MoveOne, {}),
        (RollToMove, {}),
        (GoToThirdFloor, {}),
        (EnterDungeon, {}),
        (KeepRoll, {}),
        (UseRemembrall, {}),
        (UseBonus, {}),
        (JoinTeam, {}),
        (DeclineTeam, {}),
        *((ChooseHouse, {"house": house.value}) for house in HOUSES),
        *((ChooseSpace, {"space": space.value}) for space in LOOP),
    ]
)
"""The numbering of every action of First Year Adventure (the same for every set-up)."""

_SPACES: Final = tuple(space.value for space in Space)
_HOUSES: Final = tuple(house.value for house in HOUSES)
_TABLES: Final = tuple(TABLES)
_ENUMS: Final = (
    ("raised_by", tuple(u.value for u in Upbringing)),
    ("wealth", tuple(w.value for w in Wealth)),
    ("wand", tuple(w.value for w in Wand)),
    ("familiar", tuple(f.value for f in Familiar)),
)
_SKILLS: Final = ("magic", "flying", "study", "chess")
_COUNTS: Final = (
    ("house_points", -1000, 1000),
    ("clues", 0, 20),
    ("wealth_modifier", -1, 1),
    ("chocolate_frogs", 0, 60),
    ("beans", 0, 60),
    ("sweaters", 0, 20),
    ("remembralls", 0, 10),
    ("turns_to_miss", 0, 20),
    ("mirror_turns", 0, 20),
    ("future_bonuses", 0, 20),
    ("study_bonus", 0, 20),
)
_FLAGS: Final = (
    "mean_family",
    "wizards_mark",
    "cloak",
    "nimbus",
    "fluffys_secret",
    "plant_lore",
    "on_team",
    "been_obsessed",
    "invited",
    "boarded",
)
_MAX_ROLL: Final = 40


def action_codec(game: GameBase) -> ActionTable:
    """The action numbering of ``game`` (`ACTIONS`: the same for every set-up)."""
    return ACTIONS


def _seat_features(prefix: str, seats: int) -> list[Feature]:
    features = [Feature(f"{prefix}.space={space}") for space in _SPACES]
    features += [Feature(f"{prefix}.house={house}") for house in _HOUSES]
    features += [Feature(f"{prefix}.{skill}", -10, 10) for skill in _SKILLS]
    features += [Feature(f"{prefix}.{name}", low, high) for name, low, high in _COUNTS]
    features.append(Feature(f"{prefix}.clue_sources_used", 0, 20))
    features += [Feature(f"{prefix}.{flag}") for flag in _FLAGS]
    features.append(Feature(f"{prefix}.repeat_table"))
    for name, values in _ENUMS:
        features += [Feature(f"{prefix}.{name}={value}") for value in values]
    features += [Feature(f"{prefix}.order={i}") for i in range(seats)]
    features.append(Feature(f"{prefix}.current"))
    features.append(Feature(f"{prefix}.to_act"))
    return features


def _index(values: Sequence[str], start: int) -> dict[str, int]:
    return {value: start + i for i, value in enumerate(values)}


_HEADER: Final = 5 + len(_TABLES)
"""The global part: constant, round, started, finished, the roll, then the tables."""
_TABLE_AT: Final = _index(_TABLES, 5)
_SPACE_AT: Final = _index(_SPACES, 0)
_HOUSE_AT: Final = _index(_HOUSES, len(_SPACES))
_NUMBERS_AT: Final = len(_SPACES) + len(_HOUSES)
_NUMBERS: Final = (*_SKILLS, *(name for name, _, _ in _COUNTS))
_SOURCES_AT: Final = _NUMBERS_AT + len(_NUMBERS)
_FLAGS_AT: Final = _SOURCES_AT + 1
_REPEAT_AT: Final = _FLAGS_AT + len(_FLAGS)
_ENUM_AT: Final = tuple(
    (name, _index(values, _REPEAT_AT + 1 + sum(len(v) for _, v in _ENUMS[:k])))
    for k, (name, values) in enumerate(_ENUMS)
)
_GET_NUMBERS: Final = operator.attrgetter(*_NUMBERS)
_GET_FLAGS: Final = operator.attrgetter(*_FLAGS)
_GET_ENUMS: Final = operator.attrgetter(*(name for name, _ in _ENUMS))
_ORDER_AT: Final = _REPEAT_AT + 1 + sum(len(values) for _, values in _ENUMS)


def observation_codec(game: GameBase) -> ObservationLayout:
    """The observation vector of a seat's view of ``game`` (its size follows the seat count)."""
    seats = len(game.seat_names)
    features = [
        Feature("constant"),
        Feature("round", 0, MAX_ROUND_LIMIT),
        Feature("started"),
        Feature("finished"),
        Feature("decision.roll", 0, _MAX_ROLL),
        *(Feature(f"decision.table={key}") for key in _TABLES),
    ]
    block = len(_seat_features("seat", seats))
    for k in range(seats):
        features += _seat_features(f"seat{k}", seats)
    size = len(features)

    def fill(view: Any) -> Sequence[float]:
        assert isinstance(view, AdventureView)
        values = [0.0] * size
        values[0] = 1.0
        values[1] = float(view.round)
        values[2] = float(bool(view.order))
        values[3] = float(view.finished is not None)
        roll = view.details.get("roll")
        if isinstance(roll, int):
            values[4] = float(roll)
        table = view.details.get("table")
        if isinstance(table, str) and table in _TABLE_AT:
            values[_TABLE_AT[table]] = 1.0
        names = tuple(view.players)
        start = names.index(view.viewer) if view.viewer in names else 0
        for k in range(len(names)):
            p = view.players[names[(start + k) % len(names)]]
            at = _HEADER + k * block
            values[at + _SPACE_AT[p.space]] = 1.0
            if p.house is not None:
                values[at + _HOUSE_AT[p.house]] = 1.0
            values[at + _NUMBERS_AT : at + _SOURCES_AT] = map(float, _GET_NUMBERS(p))
            values[at + _SOURCES_AT] = float(len(p.clue_sources_used))
            values[at + _FLAGS_AT : at + _REPEAT_AT] = map(float, _GET_FLAGS(p))
            values[at + _REPEAT_AT] = float(p.repeat_table is not None)
            for (_, index), value in zip(_ENUM_AT, _GET_ENUMS(p), strict=True):
                if value is not None:
                    values[at + index[value]] = 1.0
            if p.name in view.order:
                values[at + _ORDER_AT + view.order.index(p.name)] = 1.0
            values[at + _ORDER_AT + seats] = float(view.current_player == p.name)
            values[at + _ORDER_AT + seats + 1] = float(p.name in view.to_act)
        return values

    return ObservationLayout(tuple(features), fill)
