"""The catalogue (`find_game`, `games`, `register_game`, entry points) and `GameSpec` itself."""

from __future__ import annotations

import importlib.metadata
import pickle
from collections.abc import Iterator
from typing import Any

import attrs
import pytest

import hogwarts_rules
from hogwarts_rules import (
    GameSpec,
    IllegalActionError,
    Option,
    OptionError,
    RulesError,
    UnknownGameError,
    find_game,
    games,
    register_game,
)
from hogwarts_rules import catalogue as catalogue_module
from hogwarts_rules.catalogue import ENTRY_POINT_GROUP, unregister_game
from tests.toy_game import SPEC as TOY
from tests.toy_game import ToyGame, make_spec

BUILT_IN = ("first-year-adventure", "clue", "hufflepuff-ravenclaw")


@pytest.fixture
def toy() -> Iterator[GameSpec]:
    register_game(TOY)
    try:
        yield TOY
    finally:
        unregister_game(TOY.kind)


class FakeEntryPoint:
    """What `importlib.metadata.entry_points` gives: a name and a ``load()``."""

    def __init__(self, name: str, load: Any) -> None:
        self.name = name
        self._load = load

    def load(self) -> Any:
        return self._load()


@pytest.fixture
def fresh_catalogue(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """A catalogue that loads again on first use (the real one comes back after)."""
    monkeypatch.setattr(catalogue_module, "_specs", {})
    monkeypatch.setattr(catalogue_module, "_loaded", False)
    yield


def fake_entry_points(monkeypatch: pytest.MonkeyPatch, *entries: FakeEntryPoint) -> list[str]:
    asked: list[str] = []

    def entry_points(*, group: str) -> tuple[FakeEntryPoint, ...]:
        asked.append(group)
        return entries if group == ENTRY_POINT_GROUP else ()

    monkeypatch.setattr(importlib.metadata, "entry_points", entry_points)
    return asked


# ================================================================ find_game and games


@pytest.mark.parametrize(
    ("name", "kind"),
    [
        ("clue", "clue"),
        ("CLUE", "clue"),
        ("first-year-adventure", "first-year-adventure"),
        ("adventure", "first-year-adventure"),
        ("Adventure", "first-year-adventure"),
        ("hufflepuff-ravenclaw", "hufflepuff-ravenclaw"),
        ("hr", "hufflepuff-ravenclaw"),
        ("HR", "hufflepuff-ravenclaw"),
    ],
)
def test_find_game_by_kind_or_alias_in_any_case(name: str, kind: str) -> None:
    spec = find_game(name)
    assert spec.kind == kind
    assert name.casefold() in (n.casefold() for n in spec.names)


@pytest.mark.parametrize("name", ["chess", "", " clue", "clue ", "h r", "first_year_adventure"])
def test_an_unknown_game_is_refused_with_a_code(name: str) -> None:
    with pytest.raises(UnknownGameError) as caught:
        find_game(name)
    error = caught.value
    assert error.code == "unknown_game"
    assert isinstance(error, RulesError) and isinstance(error, ValueError)
    for known in ("clue", "adventure", "hr"):
        assert known in error.message


@pytest.mark.parametrize("name", [3, None, b"clue", ["clue"]])
def test_a_name_that_is_not_a_string_is_an_unknown_game(name: Any) -> None:
    with pytest.raises(UnknownGameError, match="unknown game") as caught:
        find_game(name)
    assert caught.value.code == "unknown_game"


def test_a_long_unknown_name_is_cut_in_the_message() -> None:
    with pytest.raises(UnknownGameError) as caught:
        find_game("x" * 5000)
    assert "x" * 61 not in caught.value.message


def test_games_lists_the_built_in_games_first() -> None:
    listed = games()
    assert tuple(spec.kind for spec in listed[:3]) == BUILT_IN
    assert all(isinstance(spec, GameSpec) for spec in listed)
    assert len({spec.kind for spec in listed}) == len(listed)


def test_specs_are_exported_and_named() -> None:
    for spec in games():
        assert hogwarts_rules.find_game(spec.kind) is spec
        assert spec.names[0] == spec.kind
        assert spec.title in str(spec)
        assert spec.bot_names == tuple(spec.bots)


# ================================================================ register and unregister


def test_a_registered_game_is_found_and_listed_until_unregistered() -> None:
    assert register_game(TOY) is TOY
    try:
        assert find_game("toy-dice-race") is TOY
        assert find_game("TOY") is TOY
        assert games()[-1] is TOY
        assert [spec.kind for spec in games()[:3]] == list(BUILT_IN)
    finally:
        unregister_game(TOY.kind)
    with pytest.raises(UnknownGameError):
        find_game("toy")
    assert TOY not in games()


def test_a_taken_kind_or_alias_is_refused(toy: GameSpec) -> None:
    with pytest.raises(ValueError, match="'toy-dice-race' is taken by toy-dice-race"):
        register_game(TOY)
    steals_alias = attrs.evolve(TOY, kind="another-race", aliases=("HR",))
    with pytest.raises(ValueError, match="'HR' is taken by hufflepuff-ravenclaw"):
        register_game(steals_alias)
    shouting = attrs.evolve(TOY, kind="CLUE", aliases=())
    with pytest.raises(ValueError, match="taken by clue"):
        register_game(shouting)
    with pytest.raises(ValueError, match="taken by toy-dice-race"):
        register_game(attrs.evolve(TOY, kind="another-race", aliases=("toy",)))
    assert find_game("hr").kind == "hufflepuff-ravenclaw"
    assert "another-race" not in {spec.kind for spec in games()}


def test_replace_swaps_a_game_of_the_same_kind_but_steals_no_name(toy: GameSpec) -> None:
    renamed = attrs.evolve(TOY, title="Toy race, second edition")
    assert register_game(renamed, replace=True) is renamed
    assert find_game("toy") is renamed
    assert sum(spec.kind == TOY.kind for spec in games()) == 1
    with pytest.raises(ValueError, match="taken by clue"):
        register_game(attrs.evolve(TOY, aliases=("clue",)), replace=True)
    assert find_game("toy") is renamed


def test_only_a_game_spec_can_be_registered() -> None:
    with pytest.raises(TypeError, match="is not a GameSpec"):
        register_game("clue")  # type: ignore[arg-type]


def test_unregistering_an_unknown_game_is_refused_with_a_code() -> None:
    with pytest.raises(UnknownGameError) as caught:
        unregister_game("toy-dice-race")
    assert caught.value.code == "unknown_game"


# ================================================================ entry points


def test_an_entry_point_adds_a_game(monkeypatch: pytest.MonkeyPatch, fresh_catalogue: None) -> None:
    asked = fake_entry_points(monkeypatch, FakeEntryPoint("dice-race", lambda: TOY))
    assert find_game("toy") is TOY
    assert [spec.kind for spec in games()] == [*BUILT_IN, TOY.kind]
    assert asked == [ENTRY_POINT_GROUP]  # looked up once, on first use
    games()
    assert asked == [ENTRY_POINT_GROUP]


def test_a_broken_entry_point_warns_and_breaks_nothing(
    monkeypatch: pytest.MonkeyPatch, fresh_catalogue: None
) -> None:
    def broken() -> Any:
        raise ImportError("No module named 'not_installed'")

    fake_entry_points(
        monkeypatch,
        FakeEntryPoint("missing", broken),
        FakeEntryPoint("not-a-spec", lambda: "clue"),
        FakeEntryPoint("steals-hr", lambda: attrs.evolve(TOY, kind="other", aliases=("hr",))),
        FakeEntryPoint("dice-race", lambda: TOY),
    )
    with pytest.warns(RuntimeWarning) as warned:
        listed = games()
    messages = [str(w.message) for w in warned]
    assert len(messages) == 3
    assert "game entry point 'missing' was not loaded: No module named" in messages[0]
    assert "'not-a-spec' was not loaded: str is not a GameSpec" in messages[1]
    assert "'steals-hr' was not loaded: the game name 'hr' is taken" in messages[2]
    assert [spec.kind for spec in listed] == [*BUILT_IN, TOY.kind]
    assert find_game("hr").kind == "hufflepuff-ravenclaw"


def test_an_entry_point_cannot_replace_a_built_in_game(
    monkeypatch: pytest.MonkeyPatch, fresh_catalogue: None
) -> None:
    fake_entry_points(monkeypatch, FakeEntryPoint("clue", lambda: attrs.evolve(TOY, kind="clue")))
    with pytest.warns(RuntimeWarning, match="'clue' is taken by clue"):
        assert find_game("clue").title == "Clue"


# ================================================================ GameSpec


def spec_with(**changes: Any) -> GameSpec:
    return attrs.evolve(TOY, **changes)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"min_players": 0}, "need 1 <= min_players"),
        ({"min_players": 3, "default_players": 2}, "need 1 <= min_players"),
        ({"default_players": 5}, "need 1 <= min_players"),
        ({"max_players": 1, "min_players": 1, "default_players": 2}, "need 1 <= min_players"),
        ({"seat_names": ("Ann", "Bob", "Cyd")}, "seat_names must name at least max_players"),
        (
            {"options": (Option("goal", "integer", "a"), Option("goal", "integer", "b"))},
            "an option is declared twice",
        ),
    ],
)
def test_a_spec_with_bad_limits_or_options_is_refused(
    changes: dict[str, Any], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        spec_with(**changes)


def test_a_spec_is_compared_by_its_data_not_its_functions() -> None:
    assert make_spec() == TOY
    assert spec_with(title="Other") != TOY
    assert "create" not in repr(TOY) and "toy-dice-race" in repr(TOY)


def test_a_spec_starts_games_with_its_defaults_and_counts() -> None:
    game = TOY.new_game(seed=1)
    assert isinstance(game, ToyGame)
    assert game.seat_names == ("Ann", "Bob")
    assert TOY.new_game(4, seed=1).seat_names == ("Ann", "Bob", "Cyd", "Dee")
    three = TOY.new_game(["Zed", "Yan", "Xi"], seed=1, goal=9)
    assert isinstance(three, ToyGame) and three.setup.goal == 9
    assert TOY.from_dict(game.to_dict()) == game


@pytest.mark.parametrize(
    ("players", "code"),
    [(1, "player_count"), (5, "player_count"), ("Ann", "bad_players"), (b"Ann", "bad_players")],
)
def test_a_spec_refuses_bad_seats_with_a_code(players: Any, code: str) -> None:
    with pytest.raises(IllegalActionError) as caught:
        TOY.new_game(players)
    assert caught.value.code == code


def test_a_spec_refuses_an_unknown_bot_with_a_code() -> None:
    game = TOY.new_game(seed=1)
    bot = TOY.make_bot("random", game, seed=3)
    assert bot.choose(game.view("Ann"), "Ann", game.legal_actions()) in game.legal_actions()
    with pytest.raises(
        IllegalActionError, match=r"unknown toy-dice-race bot 'genius' \(known: random\)"
    ) as caught:
        TOY.make_bot("genius", game)
    assert caught.value.code == "unknown_bot"
    no_bots = spec_with(bots={})
    with pytest.raises(IllegalActionError, match="this game has no bots"):
        no_bots.make_bot("random", game)


# ================================================================ OptionError


def test_an_unknown_option_names_itself_and_the_known_ones() -> None:
    with pytest.raises(OptionError) as caught:
        TOY.new_game(seed=1, speed=3)
    error = caught.value
    assert (error.code, error.option, error.path) == ("unknown_option", "speed", "$")
    assert error.message == "unknown toy-dice-race option 'speed' (known: goal)"
    assert isinstance(error, IllegalActionError)


def test_a_bad_option_value_names_the_option() -> None:
    with pytest.raises(OptionError) as caught:
        TOY.new_game(seed=1, goal="far")
    error = caught.value
    assert (error.code, error.option, error.path) == ("bad_option", "goal", "$")
    assert error.message == "goal: goal must be a whole number from 1 to 1000"


def test_a_bad_part_of_an_option_value_has_a_path() -> None:
    with pytest.raises(OptionError) as caught:
        find_game("clue").new_game(3, students={"Ann": 7})
    error = caught.value
    assert error.option == "students"
    assert error.path.startswith("$") and "Ann" in error.path  # where in the value
    assert error.code == "invalid_value"
    assert error.message.startswith(f"students: {error.path}: expected a string")


def test_an_option_of_none_is_the_rules_default() -> None:
    game = TOY.new_game(seed=1, goal=None)
    assert isinstance(game, ToyGame) and game.setup.goal == 20
    assert TOY.check_options({"goal": None}) == {}
    assert TOY.option("goal").default == 20


def test_an_option_error_survives_pickling() -> None:
    error = OptionError("bad_option", "goal: too far", "goal", "$.x")
    again = pickle.loads(pickle.dumps(error))
    assert type(again) is OptionError
    assert (again.code, again.message, again.option, again.path) == (
        "bad_option",
        "goal: too far",
        "goal",
        "$.x",
    )


def test_an_option_that_raises_a_rules_error_keeps_its_code() -> None:
    def parse(value: object) -> object:
        raise IllegalActionError("too_far", "the goal is too far")

    spec = spec_with(options=(Option("goal", "integer", "The goal.", parse=parse),))
    with pytest.raises(OptionError) as caught:
        spec.new_game(seed=1, goal=5000)
    assert (caught.value.code, caught.value.option) == ("too_far", "goal")
