"""The default Clue content: it loads, round-trips, matches its generator, and is balanced."""

from __future__ import annotations

import copy
import importlib.util
import json
from collections import Counter, deque
from collections.abc import Callable, Iterable
from fractions import Fraction
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from hogwarts_rules.clue import content as content_module
from hogwarts_rules.clue.cards import BURROW, LOCATIONS, STUDENTS
from hogwarts_rules.clue.content import (
    AFFECTS,
    MAX_DOORS,
    WHEEL_NAMES,
    Board,
    Content,
    content_to_dict,
    default_content,
    load_content,
)
from hogwarts_rules.errors import InvalidDataError

Cell = tuple[int, int]
STEPS = ((-1, 0), (1, 0), (0, -1), (0, 1))
DATA = Path(content_module.__file__).parent / "data"
HOGS_HEAD = "Hog's Head"
CENTRE = frozenset({"Malfoy Manor", BURROW})
FLOO_BY_PLAYERS = {3: 8, 4: 10, 5: 12}


@pytest.fixture(scope="module")
def generator() -> ModuleType:
    spec = importlib.util.spec_from_file_location("clue_make_default", DATA / "make_default.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def content() -> Content:
    return default_content()


@pytest.fixture(scope="module")
def board(content: Content) -> Board:
    return content.board


def corridor_distances(board: Board, start: Cell, blocked: Iterable[Cell] = ()) -> dict[Cell, int]:
    """Steps from a corridor square to every corridor square it can walk to."""
    walls = set(blocked)
    found = {start: 0}
    queue = deque([start])
    while queue:
        row, column = queue.popleft()
        for dr, dc in STEPS:
            cell = (row + dr, column + dc)
            if board.walkable(cell) and cell not in walls and cell not in found:
                found[cell] = found[(row, column)] + 1
                queue.append(cell)
    return found


def steps_to(board: Board, start: Cell, location: str, blocked: Iterable[Cell] = ()) -> int:
    """Green-die steps from a square into a location (the last step goes through the door)."""
    found = corridor_distances(board, start, blocked)
    return min((found[d.cell] + 1 for d in board.doors_of[location] if d.cell in found), default=99)


def location_distance(board: Board, a: str, b: str) -> int:
    """Green-die steps from inside ``a`` to inside ``b`` (out through a door, in through one)."""
    return min(steps_to(board, door.cell, b) + 1 for door in board.doors_of[a])


def area_cells(area: tuple[int, int, int, int]) -> set[Cell]:
    top, left, height, width = area
    return {(r, c) for r in range(top, top + height) for c in range(left, left + width)}


def stars(board: Board) -> list[Cell]:
    return [
        (r, c) for r, row in enumerate(board.grid) for c, square in enumerate(row) if square == "*"
    ]


# ============================================================ loading and the file


def test_default_content_loads_and_validates(content: Content) -> None:
    assert content.name == "hogwarts-rules default"
    assert (content.board.height, content.board.width) == (24, 24)
    assert len(content.help_deck) == 29
    assert len(content.dark_deck) == 32
    text = (DATA / "default.json").read_text("utf-8")
    assert load_content(json.loads(text)) == content


def test_content_round_trips_through_its_dict_and_json(content: Content) -> None:
    data = content_to_dict(content)
    assert load_content(data) == content
    text = json.dumps(data)
    assert json.loads(text) == data
    assert load_content(json.loads(text)) == content
    assert content_to_dict(load_content(json.loads(text))) == data


def test_json_file_is_what_the_generator_writes(generator: ModuleType, content: Content) -> None:
    built: Content = generator.build_content()
    assert built == content
    text: str = generator.render(built)
    assert (DATA / "default.json").read_text("utf-8") == text
    assert json.loads(text) == content_to_dict(content)


def test_generator_main_writes_the_file(
    generator: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "default.json"
    monkeypatch.setattr(generator, "OUTPUT", target)
    generator.main()
    assert target.read_text("utf-8") == (DATA / "default.json").read_text("utf-8")


def test_generator_refuses_a_bad_drawing(generator: ModuleType) -> None:
    drawing = ["#GG#", "#GG#", "#G.#", "####"]
    with pytest.raises(ValueError, match="rectangle"):
        generator.parse_drawing(drawing)
    with pytest.raises(ValueError, match="exactly one location"):
        generator.parse_drawing(["GG+WW", "GG.WW"])
    with pytest.raises(ValueError, match="unknown character"):
        generator.parse_drawing(["..?.."])


# ============================================================ the board


def test_grid_is_a_24_by_24_square_of_walls_corridors_and_stars(board: Board) -> None:
    assert len(board.grid) == 24
    assert all(len(row) == 24 for row in board.grid)
    assert set("".join(board.grid)) == set("#.*")


def test_areas_are_walls_inside_the_grid_and_never_overlap(board: Board) -> None:
    assert set(board.areas) == {*LOCATIONS, BURROW}
    seen: set[Cell] = set()
    for location, area in board.areas.items():
        top, left, height, width = area
        assert height >= 3 and width >= 3, location
        assert 0 <= top <= top + height <= board.height, location
        assert 0 <= left <= left + width <= board.width, location
        cells = area_cells(area)
        assert all(board.square(cell) == "#" for cell in cells), location
        assert not cells & seen, location
        seen |= cells


def test_doors_touch_their_location_and_open_onto_corridors(board: Board) -> None:
    assert len({door.id for door in board.doors}) == len(board.doors)
    assert len({door.cell for door in board.doors}) == len(board.doors)
    quadrant = {loc: wheel.name for wheel in board.wheels for loc in wheel.locations}
    star_cells = set(stars(board))
    for door in board.doors:
        assert board.walkable(door.cell), door.id
        assert door.cell not in star_cells, door.id
        assert door.cell not in board.starts.values(), door.id
        row, column = door.cell
        neighbours = {(row + dr, column + dc) for dr, dc in STEPS}
        touching = [loc for loc, area in board.areas.items() if neighbours & area_cells(area)]
        assert touching == [door.location], door.id
        assert door.wheel == quadrant[door.location], door.id
    for location in board.locations:
        assert 1 <= len(board.doors_of[location]) <= 3, location


def test_all_corridor_squares_are_connected(board: Board) -> None:
    corridors = {
        (r, c) for r in range(board.height) for c in range(board.width) if board.walkable((r, c))
    }
    assert len(corridor_distances(board, next(iter(corridors)))) == len(corridors)


def test_every_location_is_reachable_from_every_start(board: Board) -> None:
    for student, start in board.starts.items():
        for location in board.locations:
            assert steps_to(board, start, location) < 99, (student, location)


def test_star_squares_never_cut_the_board(board: Board) -> None:
    # A star square stops a move: walking round every star must still reach everything.
    for start in board.starts.values():
        for location in board.locations:
            assert steps_to(board, start, location, blocked=stars(board)) < 99
            assert (
                steps_to(board, start, location, stars(board))
                <= steps_to(board, start, location) + 2
            )


def test_star_squares_are_spread_over_the_corridors(board: Board) -> None:
    found = stars(board)
    assert 8 <= len(found) <= 12
    door_cells = {door.cell for door in board.doors}
    for cell in found:
        assert cell not in board.starts.values()
        assert cell not in door_cells
    half = board.height // 2
    quarters = Counter((r < half, c < half) for r, c in found)
    assert len(quarters) == 4
    assert max(quarters.values()) - min(quarters.values()) <= 1


def test_six_start_squares_round_the_edge(board: Board) -> None:
    assert set(board.starts) == set(STUDENTS)
    cells = list(board.starts.values())
    assert len(set(cells)) == 6
    last = board.height - 1
    for r, c in cells:
        assert r in (0, last) or c in (0, last)
    sides = Counter(
        "top" if r == 0 else "bottom" if r == last else "left" if c == 0 else "right"
        for r, c in cells
    )
    assert set(sides) == {"top", "bottom", "left", "right"}


def test_every_start_is_a_few_steps_from_a_location(board: Board) -> None:
    nearest = {
        student: min(steps_to(board, cell, loc) for loc in board.locations)
        for student, cell in board.starts.items()
    }
    assert all(4 <= steps <= 7 for steps in nearest.values()), nearest
    # No start is much closer to the board as a whole than another.
    means = [
        sum(steps_to(board, cell, loc) for loc in board.locations) / len(board.locations)
        for cell in board.starts.values()
    ]
    assert max(means) - min(means) <= 2


def test_locations_are_one_or_two_turns_apart(board: Board) -> None:
    for location in board.locations:
        others = [location_distance(board, location, o) for o in board.locations if o != location]
        assert 4 <= min(others) <= 10, location


def test_each_wheel_turns_a_quadrant_with_its_namesake(board: Board) -> None:
    assert tuple(wheel.name for wheel in board.wheels) == WHEEL_NAMES
    owners = Counter(loc for wheel in board.wheels for loc in wheel.locations)
    assert owners == Counter({*LOCATIONS, BURROW})
    half = board.height // 2
    corners: set[tuple[bool, bool]] = set()
    for wheel in board.wheels:
        assert wheel.name in wheel.locations
        assert wheel.name in LOCATIONS
        outer = [loc for loc in wheel.locations if loc not in CENTRE]
        assert len(outer) == 2, wheel.name
        quarters = {(r < half, c < half) for loc in outer for r, c in area_cells(board.areas[loc])}
        assert len(quarters) == 1, wheel.name
        corners |= quarters
    assert len(corners) == 4
    middle = area_cells((half - 3, half - 3, 6, 6))
    for location in CENTRE:
        assert area_cells(board.areas[location]) <= middle, location


def test_six_fireplaces_each_lit_by_its_wheel(board: Board) -> None:
    assert len(board.fireplaces) == 6
    assert BURROW not in board.fireplaces
    for wheel in board.wheels:
        mine = board.fireplaces & set(wheel.locations)
        assert mine, wheel.name
        lit = {loc for notch in wheel.notches for loc in notch.lit_fireplaces}
        assert lit == mine, wheel.name


def test_wheels_have_eight_notches_and_start_open(board: Board) -> None:
    for wheel in board.wheels:
        assert len(wheel.notches) == 8
        start = wheel.notches[0]
        assert not start.closed_doors
        assert not start.dark_mark
        assert len(start.lit_fireplaces) <= 1
        doors = {door.id for loc in wheel.locations for door in board.doors_of[loc]}
        for notch in wheel.notches:
            assert len(notch.closed_doors) <= 2
            assert len(notch.lit_fireplaces) <= 2
            assert notch.closed_doors <= doors
            for loc in wheel.locations:
                assert {d.id for d in board.doors_of[loc]} - notch.closed_doors, (wheel.name, loc)
        closed_some_time = {door for notch in wheel.notches for door in notch.closed_doors}
        assert closed_some_time == doors, wheel.name


def test_every_wheel_shows_the_dark_mark_on_two_notches(board: Board) -> None:
    for wheel in board.wheels:
        dark = [i for i, notch in enumerate(wheel.notches) if notch.dark_mark]
        assert len(dark) == 2, wheel.name
        assert 0 not in dark
        assert dark[1] - dark[0] >= 2, wheel.name  # never two dark turns in a row


def test_every_location_stays_reachable_whatever_the_wheels_show(board: Board) -> None:
    # Only START and 1 to 2 closed doors per quadrant: a location always keeps an open door.
    for wheel in board.wheels:
        for notch in wheel.notches:
            for loc in wheel.locations:
                open_cells = [d.cell for d in board.doors_of[loc] if d.id not in notch.closed_doors]
                assert open_cells


# ============================================================ the decks


def test_help_deck(content: Content) -> None:
    deck = content.help_deck
    assert len(deck) == 29
    names = Counter(card.name for card in deck)
    assert names["Alohomora"] == 3
    assert names["Felix Felicis"] == 2
    assert Counter(card.kind for card in deck).keys() == {"ally", "item", "spell"}
    for card in deck:
        assert card.text and "\n" not in card.text, card.name
        expected = {"Alohomora": "alohomora", "Felix Felicis": "felix_felicis"}.get(card.name, "")
        assert card.special == expected, card.name
    for name in names:
        copies = {card for card in deck if card.name == name}
        assert len(copies) == 1, name  # copies are identical
    protects = Counter(n for dark in content.dark_deck for n in dark.protected_by)
    for name in names.keys() - {"Alohomora", "Felix Felicis"}:
        assert protects[name] >= 2, name
    assert not protects.keys() & {"Alohomora", "Felix Felicis"}


def test_dark_deck(content: Content) -> None:
    deck = content.dark_deck
    assert len(deck) == 32
    assert len({card.name for card in deck}) == 32
    assert Counter(card.affects for card in deck) == {
        "everyone": 10,
        "roller": 8,
        "everyone_else": 5,
        "in_locations": 5,
        "in_corridors": 2,
        "most_floo": 2,
    }
    assert set(AFFECTS) == {card.affects for card in deck}
    assert all(1 <= card.floo <= 3 for card in deck)
    assert Fraction(3, 2) <= Fraction(sum(card.floo for card in deck), len(deck)) <= Fraction(7, 4)
    assert 5 <= sum(card.discard_help for card in deck) <= 7
    for card in deck:
        assert card.text and "\n" not in card.text, card.name
        assert 2 <= len(card.protected_by) <= 4, card.name
        if card.affects == "in_locations":
            assert 1 <= len(card.locations) <= 3, card.name
        else:
            assert not card.locations, card.name


@pytest.mark.parametrize("players", sorted(FLOO_BY_PLAYERS))
def test_floo_powder_lasts_about_thirty_turns(content: Content, players: int) -> None:
    # About one Dark card every 3 turns: 10 cards in 30 turns. Even with no Help card at
    # all, a player's expected loss over them stays below the powder dealt at the start.
    share = {
        "everyone": Fraction(1),
        "roller": Fraction(1, players),
        "everyone_else": Fraction(players - 1, players),
        "in_corridors": Fraction(3, 5),
        "most_floo": Fraction(1, players),
    }
    per_card = [
        card.floo * share.get(card.affects, Fraction(len(card.locations), 25))
        for card in content.dark_deck
    ]
    expected_loss = 10 * sum(per_card) / len(per_card)
    assert expected_loss < FLOO_BY_PLAYERS[players]


# ============================================================ broken content is refused


def _door(data: dict[str, Any], door_id: str) -> int:
    return next(i for i, door in enumerate(data["board"]["doors"]) if door["id"] == door_id)


def _wheel(data: dict[str, Any], name: str) -> int:
    return next(i for i, wheel in enumerate(data["board"]["wheels"]) if wheel["name"] == name)


def _unequal_rows(data: dict[str, Any]) -> None:
    data["board"]["grid"][5] = data["board"]["grid"][5][:-1]


def _bad_character(data: dict[str, Any]) -> None:
    data["board"]["grid"][5] = "x" + data["board"]["grid"][5][1:]


def _missing_location(data: dict[str, Any]) -> None:
    data["board"]["locations"].remove(BURROW)


def _missing_area(data: dict[str, Any]) -> None:
    del data["board"]["areas"]["Hogwarts"]


def _door_onto_a_wall(data: dict[str, Any]) -> None:
    data["board"]["doors"][_door(data, "gringotts-south")]["cell"] = [0, 0]


def _door_turned_by_another_wheel(data: dict[str, Any]) -> None:
    data["board"]["doors"][_door(data, "burrow-east")]["wheel"] = "Gringotts"


def _notch_closes_another_quadrants_door(data: dict[str, Any]) -> None:
    notch = data["board"]["wheels"][_wheel(data, "Gringotts")]["notches"][1]
    notch["closed_doors"].append("burrow-east")


def _notch_lights_a_missing_fireplace(data: dict[str, Any]) -> None:
    notch = data["board"]["wheels"][_wheel(data, HOGS_HEAD)]["notches"][2]
    notch["lit_fireplaces"].append("Shrieking Shack")


def _notch_lights_another_quadrants_fireplace(data: dict[str, Any]) -> None:
    notch = data["board"]["wheels"][_wheel(data, "Hogwarts")]["notches"][1]
    notch["lit_fireplaces"].append("Ministry of Magic")


def _start_shows_the_dark_mark(data: dict[str, Any]) -> None:
    data["board"]["wheels"][_wheel(data, "Ministry of Magic")]["notches"][0]["dark_mark"] = True


def _unknown_help_card(data: dict[str, Any]) -> None:
    data["dark_deck"][3]["protected_by"].append("Patronus Charm")


def _start_on_a_wall(data: dict[str, Any]) -> None:
    data["board"]["starts"]["Harry"] = [1, 1]


def _unknown_field(data: dict[str, Any]) -> None:
    data["board"]["colour"] = "red"


def _string_for_a_number(data: dict[str, Any]) -> None:
    data["dark_deck"][0]["floo"] = "2"


def _boolean_for_a_number(data: dict[str, Any]) -> None:
    data["dark_deck"][1]["floo"] = True


def _unknown_affects(data: dict[str, Any]) -> None:
    data["dark_deck"][2]["affects"] = "nobody"


def _in_locations_without_locations(data: dict[str, Any]) -> None:
    card = next(c for c in data["dark_deck"] if c["affects"] == "in_locations")
    card["locations"] = []


def _location_in_two_quadrants(data: dict[str, Any]) -> None:
    data["board"]["wheels"][_wheel(data, HOGS_HEAD)]["locations"].append("Hogwarts")


def _duplicate_door_id(data: dict[str, Any]) -> None:
    data["board"]["doors"][1]["id"] = data["board"]["doors"][0]["id"]


def _door_twice_onto_one_square(data: dict[str, Any]) -> None:
    data["board"]["doors"].append({**data["board"]["doors"][0], "id": "again"})


def _too_many_doors(data: dict[str, Any]) -> None:
    # Distinct ids and distinct squares would not be needed: the count is refused first.
    first = data["board"]["doors"][0]
    data["board"]["doors"] += [{**first, "id": f"extra-{i}"} for i in range(MAX_DOORS)]


def _fireplace_in_the_burrow(data: dict[str, Any]) -> None:
    data["board"]["fireplaces"].append(BURROW)


def _first_in_locations(data: dict[str, Any]) -> int:
    return next(i for i, c in enumerate(data["dark_deck"]) if c["affects"] == "in_locations")


Breaker = Callable[[dict[str, Any]], None]
Path_ = Callable[[dict[str, Any]], str]

BROKEN: list[tuple[str, Breaker, Path_]] = [
    ("unequal rows", _unequal_rows, lambda d: "$.board.grid"),
    ("bad character", _bad_character, lambda d: "$.board.grid[5]"),
    ("missing location", _missing_location, lambda d: "$.board.locations"),
    ("missing area", _missing_area, lambda d: "$.board.areas"),
    (
        "door onto a wall",
        _door_onto_a_wall,
        lambda d: f"$.board.doors[{_door(d, 'gringotts-south')}]",
    ),
    (
        "door turned by another wheel",
        _door_turned_by_another_wheel,
        lambda d: f"$.board.doors[{_door(d, 'burrow-east')}]",
    ),
    (
        "notch closes another quadrant's door",
        _notch_closes_another_quadrants_door,
        lambda d: f"$.board.wheels[{_wheel(d, 'Gringotts')}].notches[1]",
    ),
    (
        "notch lights a missing fireplace",
        _notch_lights_a_missing_fireplace,
        lambda d: f"$.board.wheels[{_wheel(d, HOGS_HEAD)}].notches[2]",
    ),
    (
        "notch lights another quadrant's fireplace",
        _notch_lights_another_quadrants_fireplace,
        lambda d: f"$.board.wheels[{_wheel(d, 'Hogwarts')}].notches[1]",
    ),
    (
        "START shows the Dark Mark",
        _start_shows_the_dark_mark,
        lambda d: f"$.board.wheels[{_wheel(d, 'Ministry of Magic')}].notches[0]",
    ),
    ("unknown Help card", _unknown_help_card, lambda d: "$.dark_deck[3]"),
    ("start on a wall", _start_on_a_wall, lambda d: "$.board.starts.Harry"),
    ("unknown field", _unknown_field, lambda d: "$.board"),
    ("string for a number", _string_for_a_number, lambda d: "$.dark_deck[0].floo"),
    ("boolean for a number", _boolean_for_a_number, lambda d: "$.dark_deck[1].floo"),
    ("unknown affects", _unknown_affects, lambda d: "$.dark_deck[2].affects"),
    (
        "in_locations without locations",
        _in_locations_without_locations,
        lambda d: f"$.dark_deck[{_first_in_locations(d)}]",
    ),
    (
        "location in two quadrants",
        _location_in_two_quadrants,
        lambda d: f"$.board.wheels[{_wheel(d, HOGS_HEAD)}].locations",
    ),
    ("duplicate door id", _duplicate_door_id, lambda d: "$.board.doors"),
    ("a door twice onto one square", _door_twice_onto_one_square, lambda d: "$.board.doors"),
    ("too many doors", _too_many_doors, lambda d: "$.board.doors"),
    ("a fireplace in The Burrow", _fireplace_in_the_burrow, lambda d: "$.board.fireplaces"),
]


@pytest.mark.parametrize(("name", "breaks", "path"), BROKEN, ids=[b[0] for b in BROKEN])
def test_broken_content_is_refused_naming_the_field(
    content: Content, name: str, breaks: Breaker, path: Path_
) -> None:
    data = copy.deepcopy(content_to_dict(content))
    breaks(data)
    with pytest.raises(InvalidDataError) as caught:
        load_content(data)
    assert caught.value.path == path(data), name
    assert str(caught.value).startswith(path(data) + ":"), name


def test_unknown_field_is_named(content: Content) -> None:
    data = copy.deepcopy(content_to_dict(content))
    _unknown_field(data)
    with pytest.raises(InvalidDataError, match="colour"):
        load_content(data)


def test_malformed_top_level_is_refused() -> None:
    with pytest.raises(InvalidDataError):
        load_content({"name": "empty"})
    with pytest.raises(InvalidDataError):
        load_content([])


@pytest.mark.parametrize(
    ("where", "name"),
    [
        ("name", "Bad\ud800"),
        ("name", "Bad\x01"),
        ("name", ""),
        ("name", " padded"),
        ("name", "x" * 81),
        ("help", "<Felix"),
        ("help", "Felix\u2028Felicis"),
        ("dark", "Troll\x1b[2J"),
        ("door", "north\ndoor"),
    ],
)
def test_content_names_go_through_the_one_validation(where: str, name: str) -> None:
    data = content_to_dict(default_content())
    if where == "name":
        data["name"] = name
        path = "$.name"
    elif where == "help":
        data["help_deck"][0]["name"] = name
        path = "$.help_deck[0].name"
    elif where == "dark":
        data["dark_deck"][0]["name"] = name
        path = "$.dark_deck[0].name"
    else:
        data["board"]["doors"][0]["id"] = name
        path = "$.board.doors[0].id"
    with pytest.raises(InvalidDataError) as caught:
        load_content(data)
    assert (caught.value.code, caught.value.path) == ("bad_content", path)
