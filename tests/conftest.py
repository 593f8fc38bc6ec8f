"""Fixtures shared by the test modules."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from hogwarts_rules import register_game, unregister_game
from tests import toy_game


@pytest.fixture
def toy() -> Iterator[str]:
    """The toy dice race of the tests (`tests/toy_game.py`), in the catalogue for one test."""
    register_game(toy_game.SPEC)
    try:
        yield toy_game.KIND
    finally:
        unregister_game(toy_game.KIND)
