"""Text boards and short reprs, for every game: the shape every front end relies on.

Each game's own checks (the pawns on their spaces, the doors, the secrets) are in
``tests/<game>/test_text.py``; here, over random games of every kind: every line
is at most 100 characters and none is blank, the text of a game is the text of
its table's view, and short reprs are one short line.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from types import ModuleType
from typing import Any, TypeVar

import pytest

from hogwarts_rules import adventure, clue
from hogwarts_rules import hufflepuff_ravenclaw as hr
from hogwarts_rules.adventure import text as adventure_text
from hogwarts_rules.clue import text as clue_text
from hogwarts_rules.dice import CHANCE, ExternalDice
from hogwarts_rules.engine import GameBase
from hogwarts_rules.hufflepuff_ravenclaw import text as hr_text

MODULES: dict[str, ModuleType] = {
    "adventure": adventure_text,
    "clue": clue_text,
    "hr": hr_text,
}


G = TypeVar("G", bound=GameBase)


def random_states(game: G, seed: int, steps: int) -> Iterator[G]:
    """``game`` and the states of one random game from it (Clue: accusing seldom)."""
    rng = random.Random(seed)
    yield game
    for _ in range(steps):
        actions = game.legal_actions()
        if not actions:
            return
        calm = [a for a in actions if not isinstance(a, clue.Accuse)]
        pool = calm if calm and rng.random() < 0.97 else actions
        game, _ = game.apply(rng.choice(pool))
        yield game


def hr_states(seed: int) -> list[hr.Game]:
    """A random scene's states: tests, damage and healing, Youth spent (or not)."""
    rng = random.Random(seed)
    people = [
        hr.Character.first_year(name, skills={"Brawl": rng.randint(0, 3)}, spells=["Lumos"])
        for name in ("Sky", "Weasley", "A" * 40)[: rng.randint(1, 3)]
    ]
    scene = hr.new_game(people, seed=seed)
    states = [scene]
    for _ in range(12):
        if scene.to_act:
            scene, _ = scene.apply(rng.choice(scene.legal_actions()))
            states.append(scene)
            continue
        who = rng.choice(list(scene.characters))
        action: Any = rng.choice(
            [
                hr.SkillTest(who, "Brawl", "Agility"),
                hr.QualityTest(who, "Bravery"),
                hr.Damage(who, rng.randint(1, 4)),
                hr.Heal(who, 1),
            ]
        )
        if scene.can_apply(action):
            scene, _ = scene.apply(action)
            states.append(scene)
    if rng.random() < 0.5 and scene.can_apply(hr.EndScene()):
        scene, _ = scene.apply(hr.EndScene())
        states.append(scene)
    return states


GAMES: dict[str, Callable[[int], Sequence[GameBase]]] = {
    "adventure": lambda seed: list(
        random_states(
            adventure.new_game(["Harry", "Hermione", "Ron", "N"][: 2 + seed % 3], seed=seed),
            seed,
            150,
        )
    )[::15],
    "clue": lambda seed: list(
        random_states(
            clue.new_game(["Ann", "Ben", "Cat", "Dan", "Eve"][: 3 + seed % 3], seed=seed), seed, 300
        )
    )[::25],
    "hr": hr_states,
}


def _views(game: GameBase) -> list[Any]:
    return [game.view(None), *(game.view(seat) for seat in game.seat_names[:6])]


@pytest.mark.parametrize("kind", sorted(GAMES))
def test_every_line_is_short_and_none_is_blank(kind: str) -> None:
    module = MODULES[kind]
    checked = 0
    for seed in range(6):
        for game in GAMES[kind](seed):
            assert module.board_text(game) == module.board_text(game.view(None))
            for view in _views(game):
                lines = module.board_text(view).splitlines()
                assert len(lines) > 3
                assert all(line.strip() and len(line) <= module.WIDTH for line in lines)
                assert all(line == line.rstrip() for line in lines)
                checked += 1
    assert checked > 20


@pytest.mark.parametrize("kind", sorted(GAMES))
def test_short_reprs_are_one_short_line(kind: str) -> None:
    module = MODULES[kind]
    for seed in range(4):
        for game in GAMES[kind](seed):
            for obj in (game, *_views(game)):
                text = module.short_repr(obj)
                assert text.startswith("<") and text.endswith(">")
                assert "\n" not in text and len(text) <= module.REPR_LIMIT
                assert "dice" not in text.lower() and "seed" not in text.lower()


def test_short_reprs_of_long_names_stay_short() -> None:
    names = ["X" * 40, "Y" * 40, "Z" * 40, "W" * 40]
    for game in (
        adventure.new_game(names, seed=1),
        clue.new_game(names, seed=1),
        hr.new_game(names, seed=1),
    ):
        module = MODULES[_kind(game)]
        for obj in (game, *_views(game)):
            assert len(module.short_repr(obj)) <= module.REPR_LIMIT
            assert all(len(line) <= module.WIDTH for line in module.board_text(obj).splitlines())


def _kind(game: GameBase) -> str:
    return {adventure.Game: "adventure", clue.Game: "clue", hr.Game: "hr"}[type(game)]


def test_the_boards_show_what_happens() -> None:
    # Not vacuous: the text changes as the game goes on, in every game.
    for kind, make in GAMES.items():
        module = MODULES[kind]
        texts = {module.board_text(game) for seed in range(3) for game in make(seed)}
        assert len(texts) >= 3, kind


def test_a_roll_awaited_is_said() -> None:
    # Played with external dice, past the start: the text and the repr say a roll is awaited.
    games: list[GameBase] = [
        adventure.new_game(["Ann", "Ben"], dice=ExternalDice()),
        clue.new_game(["Ann", "Ben", "Cat"], dice=ExternalDice()),
        hr.new_game(["Sky"], dice=ExternalDice()).apply(hr.SkillTest("Sky", "Brawl", "Agility"))[0],
    ]
    rng = random.Random(5)
    for game in games:
        module = MODULES[_kind(game)]
        started = isinstance(game, hr.Game)
        for _ in range(200):
            if game.to_act == (CHANCE,) and started:
                break
            game, _ = game.apply(rng.choice(game.legal_actions()))
            started = game.view(None).current_player is not None
        assert game.to_act == (CHANCE,) and started
        for view in _views(game):
            assert "Awaiting a roll: " in module.board_text(view)
            assert "a roll awaited" in module.short_repr(view)


def test_str_and_repr_are_the_text_board_and_the_short_repr() -> None:
    for kind, make in GAMES.items():
        for game in make(0):
            for obj in (game, *_views(game)):
                assert str(obj) == MODULES[kind].board_text(obj)
                assert repr(obj) == MODULES[kind].short_repr(obj)
