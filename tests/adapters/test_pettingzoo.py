"""The PettingZoo AEC environment: PettingZoo's own tests, rewards, truncation, seeding."""

from __future__ import annotations

import random
import warnings
from pathlib import Path
from typing import Any

import pytest

import hogwarts_rules
from hogwarts_rules import clue, find_game
from hogwarts_rules.catalogue import UnknownGameError
from hogwarts_rules.errors import IllegalActionError
from hogwarts_rules.spec import OptionError
from tests.test_layers import _game_imports

pettingzoo_test = pytest.importorskip("pettingzoo.test")
np = pytest.importorskip("numpy")

from hogwarts_rules.adapters import pettingzoo as adapter  # noqa: E402

# PettingZoo's api_test warns about every environment whose observations are dicts
# (with an action mask, as its own documentation recommends) unless the environment is
# one of its own classic games, listed by name in the test. Those two warnings only.
KNOWN_WARNINGS = (
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be",
)

GAMES: tuple[tuple[str, dict[str, Any]], ...] = (("adventure", {"max_rounds": 40}), ("clue", {}))


def _api_test(table: Any, cycles: int) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        pettingzoo_test.api_test(table, num_cycles=cycles)
    others = {str(w.message) for w in caught if not str(w.message).startswith(KNOWN_WARNINGS)}
    assert not others


def _play(table: Any, rng: random.Random) -> dict[str, float]:
    """Play to the end with random legal numbers; the sum of each agent's rewards."""
    totals: dict[str, float] = dict.fromkeys(table.possible_agents, 0.0)
    for agent in table.agent_iter():
        observation, reward, terminated, truncated, _ = table.last()
        totals[agent] += reward
        if terminated or truncated:
            table.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        table.step(int(rng.choice(list(legal))))
    return totals


@pytest.mark.parametrize(("name", "options"), GAMES)
@pytest.mark.parametrize("players", [3, 4])
def test_pettingzoo_api_test(name: str, options: dict[str, Any], players: int) -> None:
    _api_test(adapter.env(name, players=players, max_steps=2000, **options), 400)


@pytest.mark.parametrize(("name", "options"), GAMES)
def test_pettingzoo_seed_test(name: str, options: dict[str, Any]) -> None:
    pettingzoo_test.seed_test(lambda: adapter.env(name, players=3, **options), num_cycles=150)


def test_the_api_test_can_fail() -> None:
    # A broken environment (a reward that is not the accumulated one) fails PettingZoo's test.
    table = adapter.env("clue", players=3)
    original = table._accumulate_rewards

    def broken() -> None:
        original()
        for agent in table._cumulative_rewards:
            table._cumulative_rewards[agent] += 1

    table._accumulate_rewards = broken
    with pytest.raises(AssertionError):
        _api_test(table, 50)


@pytest.mark.parametrize(("name", "options"), GAMES)
def test_games_end_with_the_documented_rewards(name: str, options: dict[str, Any]) -> None:
    rng = random.Random(1)
    for seed in range(3):
        table = adapter.env(name, players=3, **options)
        table.reset(seed=seed)
        totals = _play(table, rng)
        game = table.game
        assert game.is_over and not table.agents
        assert game.outcome is not None
        winners = {table.agent_of(seat) for seat in game.outcome.winners}
        expected = {
            agent: 0.0 if not winners else 1.0 if agent in winners else -1.0
            for agent in table.possible_agents
        }
        assert totals == expected


def test_a_long_game_is_truncated_at_the_step_limit() -> None:
    table = adapter.env("adventure", players=2, max_steps=25)
    table.reset(seed=3)
    totals = _play(table, random.Random(0))
    assert table.steps == 25 and not table.game.is_over
    assert totals == {"player_0": 0.0, "player_1": 0.0}
    assert "truncated" in str(table.render())


@pytest.mark.parametrize(("name", "options"), GAMES)
def test_reset_with_a_seed_repeats_the_game(name: str, options: dict[str, Any]) -> None:
    def record(seed: int) -> list[Any]:
        table = adapter.env(name, players=3, max_steps=60, **options)
        table.reset(seed=seed)
        _play(table, random.Random(5))
        actions: list[Any] = table.game.to_dict()["actions"]
        return actions

    assert record(11) == record(11)
    assert record(11) != record(12)


def test_reset_without_a_seed_continues_the_seeded_sequence() -> None:
    first, second = adapter.env("clue", players=3), adapter.env("clue", players=3)
    for table in (first, second):
        table.reset(seed=4)
        table.reset()
    assert first.game == second.game


@pytest.mark.parametrize(("name", "options"), GAMES)
def test_steps_nobody_decides_are_applied_by_the_environment(
    name: str, options: dict[str, Any]
) -> None:
    table = adapter.env(name, players=3, **options)
    table.reset(seed=2)
    assert table.steps == 0
    assert len(table.game.history) == 1  # the roll-off, or the deal
    assert table.game.history[0].actor is None
    assert table.game.to_act == (table.seat_of(table.agent_selection),)


@pytest.mark.parametrize(("name", "options"), GAMES)
def test_observations_come_from_the_seat_s_view(name: str, options: dict[str, Any]) -> None:
    table = adapter.env(name, players=3, **options)
    table.reset(seed=9)
    spec = find_game(name)
    assert spec.observation_codec is not None and spec.action_codec is not None
    codec, actions = spec.observation_codec(table.game), spec.action_codec(table.game)
    for _ in range(30):
        agent = table.agent_selection
        seat = table.seat_of(agent)
        observation, _, _, _, info = table.last()
        assert info["seat"] == seat and info["view"] == table.game.view(seat)
        assert observation["observation"].dtype == np.float32
        assert observation["observation"].tolist() == pytest.approx(codec.encode(info["view"]))
        assert observation["action_mask"].tolist() == [
            int(x) for x in actions.mask(table.game, seat)
        ]
        assert table.observation_space(agent).contains(observation)
        table.step(int(np.flatnonzero(observation["action_mask"])[0]))


def test_a_masked_action_is_refused_and_changes_nothing() -> None:
    table = adapter.env("clue", players=3)
    table.reset(seed=1)
    before = table.game
    observation, *_ = table.last()
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    with pytest.raises(IllegalActionError):
        table.step(illegal)
    with pytest.raises(IllegalActionError) as caught:
        table.step(table.action_codec.size)
    assert caught.value.code == "bad_action"
    with pytest.raises(IllegalActionError):
        table.step(None)
    assert table.game is before and table.steps == 0


def test_infos_can_leave_the_view_out() -> None:
    table = adapter.env("adventure", players=2, info_view=False)
    table.reset(seed=1)
    assert table.infos == {"player_0": {"seat": "Harry"}, "player_1": {"seat": "Ron"}}


def test_render_is_a_plain_text_summary(capsys: pytest.CaptureFixture[str]) -> None:
    table = adapter.env("clue", players=3)
    table.reset(seed=3)
    text = table.render()
    assert text is not None and text.startswith("Clue: step 0 of at most 20000")
    assert "player_0 = Ann" in text and "to act: Ann" in text
    assert str(table.game.view(None)) in text  # the text board
    board = str(table.game.view(None))
    for card in table.game.view("Ann").hand:  # the summary is the table's: no secret
        assert card not in text.replace(board, "")
        assert card not in board or card in clue.LOCATIONS  # the board names every location
    human = adapter.env("adventure", players=2, render_mode="human")
    human.reset(seed=3)
    assert human.render() is None
    assert capsys.readouterr().out.startswith("First Year Adventure: step 0")
    _play(table, random.Random(0))
    assert "over (" in str(table.render())


def test_bad_games_and_options_are_refused() -> None:
    with pytest.raises(UnknownGameError):
        adapter.env("chess")
    with pytest.raises(IllegalActionError) as caught:
        adapter.env("hr")
    assert caught.value.code == "no_adapter"
    with pytest.raises(OptionError):
        adapter.env("adventure", max_turns=3)
    with pytest.raises(OptionError, match="render_mode") as bad_mode:
        adapter.env("adventure", render_mode="rgb_array")
    with pytest.raises(OptionError, match="max_steps") as bad_limit:
        adapter.env("adventure", max_steps=0)
    assert (bad_mode.value.option, bad_limit.value.option) == ("render_mode", "max_steps")


def test_without_the_extra_env_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(adapter, "_MISSING", ImportError("No module named 'pettingzoo'"))
    with pytest.raises(ImportError, match=r"hogwarts-rules\[pettingzoo\]"):
        adapter.env("clue")


def test_the_adapters_import_no_game_package() -> None:
    package = Path(hogwarts_rules.__file__).parent / "adapters"
    files = sorted(package.glob("*.py"))
    assert {path.name for path in files} >= {"__init__.py", "pettingzoo.py"}
    for path in files:
        assert _game_imports(path) == []
