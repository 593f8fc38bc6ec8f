"""The text board of Clue: pawns, doors, fireplaces, stars and tokens where they are; no secret."""

from __future__ import annotations

import random
from collections import Counter

import attrs
import pytest

from hogwarts_rules import clue
from hogwarts_rules.bots import RandomBot, play_out
from hogwarts_rules.clue.cards import MYSTERY_CARDS
from hogwarts_rules.clue.content import Board, default_content
from hogwarts_rules.clue.movement import parse_position
from hogwarts_rules.clue.text import LOCATION_CODES, board_text, short_repr, token_codes
from hogwarts_rules.clue.view import ClueView
from hogwarts_rules.dice import ExternalDice
from hogwarts_rules.frozen import FrozenMap
from tests.test_text_boards import random_states

BOARD = default_content().board


def _states(seed: int, players: int = 4) -> list[clue.Game]:
    names = ["Ann", "Ben", "Cat", "Dan", "Eve"][:players]
    return list(random_states(clue.new_game(names, seed=seed), seed, 400))


def _grid(text: str, board: Board) -> list[str]:
    """The squares' lines, without the row numbers, padded to the board's width."""
    lines = text.splitlines()[2 : 2 + board.height]
    assert [line[:3] for line in lines] == [f"{r:>2} " for r in range(board.height)]
    return [line[3:].ljust(board.width * 3) for line in lines]


def _area(grid: list[str], location: str) -> str:
    """What is written inside a location's box (not its walls)."""
    top, left, height, width = BOARD.areas[location]
    inside = grid[top + 1 : top + height - 1]
    return "\n".join(line[left * 3 + 1 : (left + width) * 3 - 1] for line in inside)


def _check_board(view: ClueView) -> None:
    grid = _grid(board_text(view), BOARD)
    digits = Counter(ch for line in grid for ch in line if ch.isdigit())
    placed = [(n, s) for n, s in enumerate(view.seats, 1) if s.position is not None]
    assert digits == Counter(str(n) for n, _ in placed)  # every pawn exactly once
    for number, seat in placed:
        assert seat.position is not None
        position = parse_position(seat.position)
        if isinstance(position, str):
            assert str(number) in _area(grid, position)
        else:
            row, column = position
            assert grid[row][column * 3 + 1] == str(number)
    for door in BOARD.doors:
        top, left, height, width = BOARD.areas[door.location]
        row, column = door.cell
        if row in (top - 1, top + height):
            glyph = grid[top if row < top else top + height - 1][column * 3 + 1]
        else:
            glyph = grid[row][left * 3 if column < left else (left + width) * 3 - 1]
        assert glyph == ("x" if door.id in view.closed_doors else "o"), door.id
    for location in BOARD.locations:
        inside = _area(grid, location)
        assert LOCATION_CODES[location] in inside
        if location in BOARD.fireplaces:
            lit = location in view.lit_fireplaces
            assert ("[^]" if lit else "[ ]") in inside and ("[ ]" if lit else "[^]") not in inside
        else:
            assert "[" not in inside
    codes = token_codes(list(view.tokens))
    for token, location in view.tokens.items():
        inside = _area(grid, location)
        assert codes[token] in inside.split() or "..." in inside
    stars = sum(row.count("*") for row in BOARD.grid)
    assert sum(line.count("*") for line in grid) == stars


@pytest.mark.parametrize("seed", range(6))
def test_the_board_shows_everything_where_it_is(seed: int) -> None:
    tokens = doors = 0
    for game in _states(seed, 3 + seed % 3)[::7]:
        for view in (game.view(None), game.view(game.seat_names[seed % 3])):
            _check_board(view)
            tokens += len(view.tokens)
            doors += len(view.closed_doors)
    assert tokens and doors  # not vacuous: tokens moved, doors closed


def _secret_swap(game: clue.Game, keep: str | None, rng: random.Random) -> clue.Game:
    """The same public game with every secret the viewer may not know dealt otherwise."""
    others = [name for name in game.seat_names if name != keep]
    cards = [card for name in others for card in game.seats[name].hand] + list(game.envelope)
    rng.shuffle(cards)
    seats = dict(game.seats)
    for name in others:
        size = len(seats[name].hand)
        hidden = tuple(f"Unseen card {i}" for i in range(len(seats[name].hidden_help)))
        seats[name] = attrs.evolve(seats[name], hand=tuple(cards[:size]), hidden_help=hidden)
        cards = cards[size:]
    help_deck = list(game.help_deck)
    rng.shuffle(help_deck)
    return attrs.evolve(
        game,
        seats=FrozenMap(seats),
        envelope=tuple(cards),
        help_deck=tuple(help_deck),
    )


@pytest.mark.parametrize("seed", range(6))
def test_no_secret_shows(seed: int) -> None:
    rng = random.Random(seed)
    checked = 0
    for game in _states(seed)[::11]:
        if game.is_over or game.phase == "deal":
            continue
        table = board_text(game)
        # What the table's text shows does not depend on any secret.
        assert board_text(_secret_swap(game, None, rng)) == table
        # It names no hand's card nor the envelope's, unless everybody saw it named.
        public = {card for s in game.suggestions for card in (s.suspect, s.item, s.location)}
        public |= {card for a in game.wrong_accusations for card in a[1:]}
        public |= set(game.tokens) | set(LOCATION_CODES)
        secret = {card for s in game.seats.values() for card in s.hand} | set(game.envelope)
        assert not [card for card in secret - public if card in table]
        for name in game.seat_names:
            if name in game.accused_wrongly:
                continue
            mine = board_text(game.view(name))
            assert board_text(_secret_swap(game, name, rng).view(name)) == mine
            assert all(card in mine for card in game.seats[name].hand)  # their own hand
            checked += 1
    assert checked


def test_the_envelope_shows_once_the_game_is_over() -> None:
    game = clue.new_game(["Ann", "Ben", "Cat"], seed=2)
    game = play_out(game, {name: RandomBot(seed=i) for i, name in enumerate(game.seat_names)})
    assert game.is_over
    assert all(card in board_text(game) for card in game.envelope)
    assert "over" in board_text(game).splitlines()[0]


def test_a_view_is_drawn_on_its_own_content() -> None:
    game, _ = clue.new_game(["Ann", "Ben", "Cat"], seed=1).apply(clue.Deal())
    assert board_text(game) == board_text(game.view(None), content=game.content)
    other = attrs.evolve(game.content, name="another")
    with pytest.raises(ValueError, match="own content"):
        board_text(game, content=other)
    table = game.view(None)
    for misfit in (
        attrs.evolve(table, closed_doors=frozenset({"no-such-door"})),
        attrs.evolve(table, wheels=FrozenMap({"Gringotts": 99})),
        attrs.evolve(table, tokens=FrozenMap({"Scabior": "Azkaban"})),
        attrs.evolve(table, seats=(attrs.evolve(table.seats[0], position="99,99"),)),
    ):
        with pytest.raises(ValueError, match="does not fit"):
            board_text(misfit)


def test_token_codes_are_unique() -> None:
    tokens = [c for c in MYSTERY_CARDS[:12]]
    codes = token_codes(tokens)
    assert len(set(codes.values())) == 12
    assert token_codes(["Lucius Malfoy", "Lupin Moony", "Lm"]) == {
        "Lucius Malfoy": "LM",
        "Lupin Moony": "l0",
        "Lm": "Lm",
    }


def test_short_reprs_name_no_card() -> None:
    for game in _states(3, 5)[::20]:
        objs: list[clue.Game | ClueView] = [game, *(game.view(n) for n in game.seat_names)]
        for obj in [*objs, game.view(None)]:
            text = short_repr(obj)
            assert not [card for card in MYSTERY_CARDS if card in text]


def test_a_wide_custom_board_takes_fewer_characters_a_square() -> None:
    wide = attrs.evolve(BOARD, grid=tuple(row + "#" * 16 for row in BOARD.grid))  # 40 columns
    content = attrs.evolve(default_content(), board=wide)
    students = {"Ann": "Harry", "Ben": "Ron", "Cat": "Luna"}
    game = clue.new_game(["Ann", "Ben", "Cat"], seed=4, students=students)
    game, _ = game.apply(clue.Deal())
    lines = board_text(game.view(None), content=content).splitlines()
    assert max(len(line) for line in lines) <= 100
    grid = [line[3:] for line in lines[2 : 2 + wide.height]]
    assert len(grid[0]) <= 2 * wide.width
    for number, seat in enumerate(game.view(None).seats, 1):
        assert seat.position is not None
        position = parse_position(seat.position)
        assert not isinstance(position, str)  # on their start squares
        row, column = position
        assert grid[row][2 * column + 1] == str(number)
    assert sum(line.count(str(n)) for line in grid for n in (1, 2, 3)) == 3


def test_the_legend_says_how_a_square_is_named() -> None:
    # Squares are "row,column" everywhere (moves, views, events): the board's own legend
    # says so, and its margins number the rows down the left and the columns along the top.
    game = _states(2)[40]
    text = board_text(game.view("Ann"))
    lines = text.splitlines()
    named = (
        "  a square is named row,column "
        "(3,7: row 3, counted down the left; column 7, along the top)"
    )
    assert lines.count(named) == 1
    assert lines.index(named) < next(i for i, s in enumerate(lines) if s.startswith("Locations: "))
    header = lines[1]
    for column in range(0, BOARD.width, 5):
        assert header[3 + column * 3 : 3 + column * 3 + 3].strip() == str(column)
    _grid(text, BOARD)  # the rows are numbered 0, 1, ... down the left


def test_the_deal_is_told_from_before_it() -> None:
    """Once the deal has begun (a student to choose, a roll awaited), it is no longer 'before'."""
    game = clue.new_game(["Ann", "Ben", "Cat"], seed=3)
    assert repr(game) == "<clue.Game: before the deal, 3 players>"
    dealing, _ = game.apply(clue.Deal())
    assert repr(dealing) == "<clue.Game: the deal, Ann to choose a student, 3 players>"
    assert (
        board_text(dealing.view("Ben"))
        .splitlines()[0]
        .endswith("the deal, Ann to choose a student")
    )
    assert "the deal, Ann to choose a student" in dealing.view("Ben").to_svg()
    rolling, _ = clue.new_game(["Ann", "Ben", "Cat"], dice=ExternalDice()).apply(clue.Deal())
    assert repr(rolling) == "<clue.Game: the deal, a roll awaited, 3 players>"
