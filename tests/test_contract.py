"""The contract test kit: every game keeps the contract, and the kit catches games that do not."""

from __future__ import annotations

import pickle
from collections.abc import Iterator
from typing import Any

import pytest

from hogwarts_rules import GameSpec, find_game, games, register_game
from hogwarts_rules.catalogue import unregister_game
from hogwarts_rules.spec import Option
from hogwarts_rules.testing import TABLE_OBSERVER, ContractError, ContractReport, check_contract
from tests import toy_broken
from tests.toy_game import SPEC as TOY


@pytest.fixture
def toy() -> Iterator[GameSpec]:
    register_game(TOY)
    try:
        yield TOY
    finally:
        unregister_game(TOY.kind)


def assert_not_vacuous(report: ContractReport, games: int) -> None:
    assert report.games == games
    assert report.steps >= games
    assert report.listed_actions > 0
    assert report.refusals > 0
    assert report.views > report.steps
    assert report.round_trips >= games
    assert report.processes == 2


# ================================================================ every game


@pytest.mark.parametrize("kind", [spec.kind for spec in games()])
def test_every_catalogue_game_keeps_the_contract(kind: str) -> None:
    spec = find_game(kind)
    report = check_contract(
        spec,
        games=2,
        max_steps=60,
        secret_trials=4,
        bot_steps=20,
    )
    assert_not_vacuous(report, 2)
    assert report.kind == kind
    if not spec.perfect_information:
        assert report.secret_comparisons > 0
    if spec.bots:
        assert report.bot_moves > 0


def test_the_toy_game_keeps_the_contract(toy: GameSpec) -> None:
    report = check_contract(toy, games=6)
    assert_not_vacuous(report, 6)
    assert report.finished == 6
    assert report.decisions > 0  # a 1 was kept or rolled again, mid-roll
    assert report.chance_requests > 0
    assert report.secret_comparisons > 0
    assert report.bot_moves > 0
    assert report.repr_differences == ()
    assert "toy-dice-race: 6 games (6 finished)" in str(report)


def test_the_toy_game_keeps_the_contract_with_each_count_of_players(toy: GameSpec) -> None:
    for count in (2, 3, 4):
        report = check_contract(toy, games=2, players=count, options={"goal": 12}, hash_seeds=())
        assert report.games == report.finished == 2


# ================================================================ the kit catches faults


BROKEN: list[tuple[GameSpec, str, str, dict[str, Any]]] = [
    (toy_broken.DICE_ATTRIBUTE, "view", "has a dice attribute", {}),
    (toy_broken.PEEKING, "view", "changes with the dice", {}),
    (toy_broken.LEAKY_BOOST, "secrets", "in boosts", {}),
    (toy_broken.MUTATING, "purity", "changed the game", {}),
    (toy_broken.REFUSING, "legal actions", "is refused: boost_used", {}),
    (toy_broken.ACCEPTS_UNLISTED, "refusal", "was accepted (not a listed legal action", {}),
    (toy_broken.BAD_CODE, "error code", "'Not Your Turn', not snake_case", {}),
    (
        toy_broken.HASH_ORDER,
        "determinism",
        "the views JSON differ in a process with PYTHONHASHSEED",
        {"players": 4, "hash_seeds": (0, 12345)},
    ),
]


@pytest.mark.parametrize(
    ("spec", "check", "detail", "options"), BROKEN, ids=[spec.kind for spec, *_ in BROKEN]
)
def test_the_kit_catches_a_broken_game(
    spec: GameSpec, check: str, detail: str, options: dict[str, Any]
) -> None:
    arguments: dict[str, Any] = {"in_catalogue": False, "hash_seeds": ()}
    arguments.update(options)
    with pytest.raises(ContractError) as caught:
        check_contract(spec, **arguments)
    error = caught.value
    assert isinstance(error, AssertionError)
    assert (error.kind, error.check) == (spec.kind, check), str(error)
    assert detail in error.detail
    assert str(error).startswith(spec.kind)


def test_a_partial_action_list_is_allowed_when_declared() -> None:
    report = check_contract(
        toy_broken.ACCEPTS_UNLISTED, in_catalogue=False, hash_seeds=(), complete_actions=False
    )
    assert report.games == 4


def test_a_spec_missing_from_the_catalogue_is_caught() -> None:
    with pytest.raises(ContractError, match=r"find_game\('toy-dice-race'\) failed"):
        check_contract(TOY, games=1, hash_seeds=())


def test_a_spec_that_no_module_holds_cannot_be_replayed_elsewhere() -> None:
    import attrs

    orphan = attrs.evolve(TOY, title="An orphan")
    with pytest.raises(ContractError, match="pass reference='module:attribute'"):
        check_contract(orphan, games=1, in_catalogue=False)
    report = check_contract(orphan, games=1, in_catalogue=False, reference="tests.toy_game:SPEC")
    assert report.processes == 2


def test_a_bad_option_declaration_is_caught() -> None:
    import attrs

    bad = attrs.evolve(TOY, options=(Option("goal", "int", "The goal."),))
    with pytest.raises(ContractError, match="needs an identifier for a name, a JSON type"):
        check_contract(bad, games=1, in_catalogue=False, hash_seeds=())


def test_a_contract_error_survives_pickling() -> None:
    error = ContractError("toy-dice-race", "view", "it shows the dice", 3, 7)
    again = pickle.loads(pickle.dumps(error))
    assert (again.kind, again.check, again.detail, again.seed, again.step) == (
        "toy-dice-race",
        "view",
        "it shows the dice",
        3,
        7,
    )
    assert str(again) == str(error) == "toy-dice-race, seed 3, step 7: view: it shows the dice"


def test_the_kit_needs_a_game() -> None:
    with pytest.raises(ValueError, match="at least one game"):
        check_contract(TOY, seeds=[], in_catalogue=False)


def test_the_table_observer_is_no_seat_name() -> None:
    assert TABLE_OBSERVER.startswith("<")  # player names may not start with "<"
