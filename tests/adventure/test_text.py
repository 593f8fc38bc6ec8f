"""The text board of First Year Adventure: every pawn on its space, once; the players' table."""

from __future__ import annotations

from collections import Counter

import pytest

from hogwarts_rules import adventure
from hogwarts_rules.adventure.board import Space
from hogwarts_rules.adventure.text import (
    _BOX,
    _CELLS,
    _STEP,
    ABBREVIATIONS,
    board_text,
    pawn_markers,
    short_repr,
)
from hogwarts_rules.adventure.view import AdventureView
from tests.test_text_boards import random_states

_SPACE_BY_NAME = {name: space for space, name in ABBREVIATIONS.items()}
_GRID_LINES = 1 + (max(r for _, r in _CELLS.values()) + 1) * 5 - 1


def _cells(text: str) -> dict[Space, tuple[str, list[str]]]:
    """Read the track back: each box's name line and the pawns in it."""
    grid = text.splitlines()[1:_GRID_LINES]
    found: dict[Space, tuple[str, list[str]]] = {}
    for space, (column, row) in _CELLS.items():
        x, y = column * _STEP, row * 5
        top = grid[y][x : x + _BOX]
        assert top == "\u250c" + "\u2500" * (_BOX - 2) + "\u2510"
        name = grid[y + 1][x + 1 : x + _BOX - 1].strip()
        pawns = grid[y + 2][x + 1 : x + _BOX - 1]
        markers = pawns.split() if " " in pawns.strip() else _split(pawns.strip())
        found[space] = (name, markers)
    return found


def _split(pawns: str) -> list[str]:
    """Markers written without spaces: each starts with a capital or is a digit."""
    markers: list[str] = []
    for ch in pawns:
        if markers and not (ch.isupper() or ch.isdigit()):
            markers[-1] += ch
        else:
            markers.append(ch)
    return markers


def _check(view: AdventureView) -> None:
    text = board_text(view)
    markers = pawn_markers(view)
    assert len(set(markers.values())) == len(markers)  # unambiguous
    cells = _cells(text)
    drawn: Counter[str] = Counter()
    for space, (name, pawns) in cells.items():
        assert _SPACE_BY_NAME[name] == space
        drawn.update(pawns)
        expected = sorted(markers[n] for n, p in view.players.items() if p.space == space)
        assert sorted(pawns) == expected, space
    assert drawn == Counter(markers.values())  # every pawn exactly once
    lines = text.splitlines()
    header = next(i for i, line in enumerate(lines) if line.startswith("  Pawn Player"))
    table = lines[header + 1 :]
    rows = [line for line in table if line[2:].startswith(tuple(markers.values()))]
    for name, marker in markers.items():
        p = view.players[name]
        (row,) = [r for r in rows if r[2:].split()[0] == marker]
        assert row.split()[-3:] == [str(p.house_points), str(p.clues), str(p.turns_to_miss)]
        assert ABBREVIATIONS[p.space] in row
        assert row.startswith(">") == (name == view.current_player)


@pytest.mark.parametrize("seed", range(8))
def test_every_pawn_is_on_its_space_once(seed: int) -> None:
    names = [["Harry", "Hermione", "Ron", "Neville"], ["Ann", "Ben"], ["Hal", "Harry", "Hx"]][
        seed % 3
    ]
    game = adventure.new_game(names, seed=seed)
    seen_spaces: set[Space] = set()
    for state in random_states(game, seed, 400):
        view = state.view(names[seed % len(names)])
        _check(view)
        seen_spaces |= {p.space for p in view.players.values()}
    assert len(seen_spaces) > 5  # the pawns went round the board


def test_markers_tell_players_apart() -> None:
    def markers(*names: str) -> list[str]:
        return list(pawn_markers(adventure.new_game(list(names), seed=1).view(None)).values())

    assert markers("Ann", "Ben", "cat") == ["A", "B", "C"]
    assert markers("Harry", "Hermione", "Ron") == ["Ha", "He", "Ro"]
    assert markers("Harry", "Harriet") == ["1", "2"]
    assert markers("Ōma", "Ben") == ["1", "2"]  # no ASCII letter to show
    assert markers("H", "Hx") == ["1", "2"]  # one letter is all "H" has


def test_a_game_is_drawn_from_its_table_view() -> None:
    game, _ = adventure.new_game(["Ann", "Ben"], seed=2).apply(adventure.RollOff())
    assert str(board_text(game)) == board_text(game.view(None))
    assert board_text(game.view("Ann")).startswith("First Year Adventure, as Ann sees it")


def test_the_end_names_the_winners() -> None:
    game = adventure.new_game(["Ann", "Ben"], seed=5)
    bots = {name: adventure.HeuristicBot() for name in game.seat_names}
    game = adventure.play_out(game, bots)
    assert game.outcome is not None
    text = board_text(game)
    assert " won" in text.splitlines()[0]
    assert "House points: " in text
    assert "over after round" in short_repr(game)
