"""GameSpec: bots built from public facts, bounded errors, names, options, plug-ins."""

from __future__ import annotations

import importlib.metadata
from collections.abc import Iterator, Sequence
from typing import Any

import attrs
import pytest

from hogwarts_rules import GameSpec, OptionError, RulesError, find_game, games, register_game
from hogwarts_rules import catalogue as catalogue_module
from hogwarts_rules.bots import Bot, RandomBot
from hogwarts_rules.catalogue import unregister_game
from hogwarts_rules.engine import GameBase
from hogwarts_rules.errors import MAX_MESSAGE, MAX_PATH, IllegalActionError, InvalidDataError


@pytest.mark.parametrize("kind", [spec.kind for spec in games() if spec.bots])
def test_a_bot_factory_never_gets_the_game_or_its_dice(kind: str) -> None:
    spec = find_game(kind)
    given: list[object] = []

    def spy(public: Any, seed: int) -> Bot:
        given.append(public)
        return RandomBot(seed)

    spying = attrs.evolve(spec, kind=f"{kind}-spy", aliases=(), bots={"spy": spy})
    game = spying.new_game(seed=1)
    spying.make_bot("spy", game, seed=3)
    (public,) = given
    assert not isinstance(public, GameBase)
    assert not hasattr(public, "dice")
    for name in spec.bot_names:  # the game's own bots are built the same way
        bot = spec.make_bot(name, game, seed=2)
        assert callable(bot.choose)


def test_a_bot_factory_with_no_context_gets_the_tables_view() -> None:
    spec = find_game("adventure")
    given: list[object] = []

    def spy(public: Any, seed: int) -> Bot:
        given.append(public)
        return RandomBot(seed)

    game = spec.new_game(seed=1)
    attrs.evolve(spec, bots={"spy": spy}).make_bot("spy", game)
    assert given == [game.view(None)]


def test_an_unknown_bot_is_refused_with_a_code() -> None:
    spec = find_game("clue")
    with pytest.raises(RulesError) as caught:
        spec.make_bot("x" * 10_000, spec.new_game(seed=1))
    assert caught.value.code == "unknown_bot"
    assert len(caught.value.message) < 200


def test_error_messages_and_paths_are_bounded() -> None:
    error = InvalidDataError("bad_value", "m" * 10**6, "$." + "p" * 10**6)
    assert len(error.message) == MAX_MESSAGE and error.message.endswith("...")
    assert len(str(error)) == MAX_MESSAGE
    assert len(error.path) == MAX_PATH
    with pytest.raises(OptionError) as caught:
        find_game("clue").new_game(3, students={"z" * 10**6: "Luna"})
    assert len(caught.value.message) <= MAX_MESSAGE
    assert len(caught.value.path) <= MAX_PATH
    assert len(repr(caught.value)) < 2 * MAX_MESSAGE
    with pytest.raises(InvalidDataError) as read:
        find_game("adventure").view_class.from_dict({"z" * 10**6: 1})
    assert len(read.value.message) <= MAX_MESSAGE


@pytest.mark.parametrize(
    ("options", "code"),
    [
        ({"extra_stats": "Luck"}, "bad_option"),  # not split into L, u, c, k
        ({"extra_stats": ["\ud800"]}, "bad_name"),
        ({"extra_stats": ["<Luck"]}, "bad_name"),
        ({"extra_skills": {"a\x1b[2Jb": "common"}}, "bad_name"),
        ({"extra_spells": {"Lumos\n": {"skill": "Charms", "year": 1, "effect": "x"}}}, "bad_name"),
        ({"extra_stats": ["Luck", "Luck"]}, "bad_stats"),
        ({"extra_stats": ["a\u2028b"]}, "bad_name"),
        ({"extra_stats": [f"Luck {i}" for i in range(101)]}, "bad_stats"),
    ],
)
def test_extra_names_follow_the_rules_of_names(options: dict[str, Any], code: str) -> None:
    with pytest.raises(OptionError) as caught:
        find_game("hr").new_game(["Sky"], seed=1, **options)
    assert caught.value.code == code
    assert caught.value.option == next(iter(options))


def test_good_extra_names_are_taken() -> None:
    scene = find_game("hr").new_game(["Sky"], seed=1, extra_stats=("Luck",))
    assert scene.view(None).to_dict()["stats"][-1] == "Luck"


@pytest.mark.parametrize("names", [("",), ("a b",), ("-x",), ("x" * 61,), ("dup", "DUP")])
def test_a_spec_with_bad_names_is_refused(names: Sequence[str]) -> None:
    base = find_game("adventure")
    with pytest.raises(ValueError):
        attrs.evolve(base, kind=names[0], aliases=tuple(names[1:]))


@pytest.mark.parametrize("players", [(1, 2), (2, 5), (4, 3)])
def test_a_demo_range_outside_the_games_players_is_refused(players: tuple[int, int]) -> None:
    base = find_game("adventure")  # 2 to 4 players
    with pytest.raises(ValueError, match="demo_players"):
        attrs.evolve(base, demo_players=players)


def test_the_demo_range_is_the_games_own_unless_declared() -> None:
    assert find_game("adventure").demo_range == (2, 4)
    assert find_game("hr").demo_range == (2, 2)


def test_unregister_takes_names_only() -> None:
    with pytest.raises(RulesError) as caught:
        unregister_game([])  # type: ignore[arg-type]
    assert caught.value.code == "unknown_game"


@attrs.frozen
class _Entry:
    name: str
    loader: Any

    def load(self) -> object:
        return self.loader()


@pytest.fixture
def fresh_catalogue(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(catalogue_module, "_specs", {})
    monkeypatch.setattr(catalogue_module, "_loaded", False)
    yield


def test_a_plugin_may_use_the_catalogue_while_it_is_loaded(
    fresh_catalogue: None, monkeypatch: pytest.MonkeyPatch, recwarn: pytest.WarningsRecorder
) -> None:
    def plugin() -> GameSpec:
        # A variant of a built-in game, made while the catalogue loads its plug-ins.
        return attrs.evolve(find_game("clue"), kind="clue-variant", aliases=())

    calls: list[str] = []

    def entry_points(*, group: str) -> tuple[_Entry, ...]:
        calls.append(group)
        return (_Entry("clue-variant", plugin),)

    monkeypatch.setattr(importlib.metadata, "entry_points", entry_points)
    kinds = [spec.kind for spec in games()]
    assert kinds == ["first-year-adventure", "clue", "hufflepuff-ravenclaw", "clue-variant"]
    assert calls == [catalogue_module.ENTRY_POINT_GROUP]
    assert not [w for w in recwarn if issubclass(w.category, RuntimeWarning)]


def test_registering_during_a_game_does_not_disturb_lookups() -> None:
    toy = attrs.evolve(find_game("adventure"), kind="adventure-copy", aliases=())
    register_game(toy)
    try:
        assert find_game("ADVENTURE-COPY") is toy
    finally:
        unregister_game("adventure-copy")


def test_a_game_without_simulation_hooks_is_simulated_with_the_common_columns() -> None:
    from hogwarts_rules.frontends.simulation import simulate, summarize
    from tests.toy_game import SPEC as TOY

    bare = attrs.evolve(TOY, kind="toy-bare", aliases=(), simulation=None)
    register_game(bare)
    try:
        records = simulate("toy-bare", 3, seed=2)
        assert [record["game"] for record in records] == ["toy-bare"] * 3
        assert all(record["length"] == record["actions"] > 0 for record in records)
        assert summarize(records).length is not None
        assert summarize(records).length.unit == "actions"  # type: ignore[union-attr]
    finally:
        unregister_game("toy-bare")


def test_a_game_that_reads_its_own_setup_gets_every_schema_but_the_saved_games() -> None:
    import json

    from hogwarts_rules.frontends.schema import all_schemas, game_schemas
    from hogwarts_rules.frontends.serve import Server
    from tests.toy_game import SPEC as TOY

    class OwnSetup(TOY.game_class):  # type: ignore[name-defined,misc]
        @classmethod
        def _from_setup_dict(cls, data: Any) -> Any:
            return super()._from_setup_dict(data)

    own = attrs.evolve(TOY, kind="toy-own-setup", aliases=(), game_class=OwnSetup)
    register_game(own)
    try:
        assert sorted(game_schemas("toy-own-setup")) == ["action", "event", "outcome", "view"]
        assert "toy-own-setup/view.json" in all_schemas()
        reply = json.loads(
            Server().handle_line('{"op": "schema", "game": "toy-own-setup", "name": "game"}')
        )
        assert reply["ok"] is False and reply["error"]["code"] == "bad_value"
        assert reply["error"]["field"] == "$.name"
    finally:
        unregister_game("toy-own-setup")


def test_extra_names_are_labels_of_up_to_80_characters() -> None:
    skill = "Care of Magical Creatures and Other Beasts of the Forest"  # 56 characters
    scene = find_game("hr").new_game(["Sky"], seed=1, extra_skills={skill: "common"})
    assert skill in scene.view(None).to_dict()["skills"]
    with pytest.raises(OptionError) as caught:
        find_game("hr").new_game(["Sky"], seed=1, extra_skills={"x" * 81: "common"})
    assert caught.value.code == "bad_name" and "at most 80" in caught.value.message


def test_a_huge_count_of_players_is_refused_in_words() -> None:
    with pytest.raises(IllegalActionError) as caught:
        find_game("clue").new_game(10**5000)
    assert caught.value.code == "player_count" and caught.value.message.endswith("not that many")
