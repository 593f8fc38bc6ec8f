"""Action and observation codecs: every legal action of many random games round-trips."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from hogwarts_rules import find_game
from hogwarts_rules.bots import RandomBot, seat_actions
from hogwarts_rules.codec import ActionCodec, ActionTable, ObservationCodec, ObservationLayout
from hogwarts_rules.engine import GameBase
from hogwarts_rules.errors import IllegalActionError
from hogwarts_rules.spec import GameSpec

GAMES = ("adventure", "clue")


def _codecs(spec: GameSpec, game: GameBase) -> tuple[ActionCodec, ObservationCodec]:
    assert spec.action_codec is not None and spec.observation_codec is not None
    return spec.action_codec(game), spec.observation_codec(game)


def _positions(spec: GameSpec, seed: int, players: int, steps: int) -> Iterator[GameBase]:
    """Every position of a game played by random bots (with a round limit for Adventure)."""
    options: dict[str, Any] = {"max_rounds": 60} if spec.kind == "first-year-adventure" else {}
    game = spec.new_game(players, seed=seed, **options)
    bots = {seat: RandomBot(seed * 10 + i) for i, seat in enumerate(game.seat_names)}
    for _ in range(steps):
        yield game
        seat = next((s for s in game.seat_names if seat_actions(game, s)), None)
        if seat is None:
            return
        actions = seat_actions(game, seat)
        game, _ = game.apply(bots[seat].choose(game.view(seat), seat, actions))


@pytest.mark.parametrize("name", GAMES)
def test_the_spec_gives_both_codecs(name: str) -> None:
    spec = find_game(name)
    actions, observations = _codecs(spec, spec.new_game(seed=1))
    assert isinstance(actions, ActionCodec) and isinstance(observations, ObservationCodec)
    assert actions.size > 0 and len(observations.features) > 0


def test_a_game_without_codecs_says_so() -> None:
    spec = find_game("hr")
    assert spec.action_codec is None and spec.observation_codec is None


@pytest.mark.parametrize("name", GAMES)
def test_every_number_decodes_to_an_action_that_encodes_back(name: str) -> None:
    spec = find_game(name)
    game = spec.new_game(seed=2)
    codec, _ = _codecs(spec, game)
    seat = game.seat_names[1]
    labels = set()
    for index in range(codec.size):
        action = codec.decode(index, seat)
        assert codec.encode(action) == index
        assert action.actor in (None, seat)
        labels.add(codec.label(index))
    assert len(labels) == codec.size  # every number is a different action


@pytest.mark.parametrize("name", GAMES)
def test_every_legal_action_of_random_games_round_trips(name: str) -> None:
    spec = find_game(name)
    seen: set[int] = set()
    checked = 0
    kinds: set[str] = set()
    for players in (3, 4):
        for seed in range(8):
            codec: ActionCodec | None = None
            for game in _positions(spec, seed, players, 400):
                if codec is None:
                    codec, _ = _codecs(spec, game)
                    kinds = {codec.label(i).partition("(")[0] for i in range(codec.size)}
                for seat in game.seat_names:
                    legal = seat_actions(game, seat)
                    mask = codec.mask(game, seat)
                    assert len(mask) == codec.size
                    assert codec.mask_of(game.view(seat).legal_actions) == mask
                    numbers = [codec.encode(action) for action in legal]
                    assert sorted(numbers) == [i for i, ok in enumerate(mask) if ok]
                    for action, number in zip(legal, numbers, strict=True):
                        assert codec.decode(number, action.actor or seat) == action
                        checked += 1
                    seen.update(numbers)
    assert checked > 5000
    # The games reach every kind of action the numbering has.
    assert codec is not None
    assert {codec.label(i).partition("(")[0] for i in seen} == kinds


def test_adventure_numbers_are_fixed() -> None:
    spec = find_game("adventure")
    for players in (2, 3, 4):
        codec, _ = _codecs(spec, spec.new_game(players, seed=1))
        assert codec.size == 31
        assert [codec.label(i) for i in (0, 3, 11, 15, 30)] == [
            "RollOff()",
            "RollToMove()",
            "ChooseHouse(house='Gryffindor')",
            "ChooseSpace(space='Great Hall')",
            "ChooseSpace(space='Mirror of Erised')",
        ]


def test_clue_numbers_are_fixed_for_the_default_content() -> None:
    spec = find_game("clue")
    codec, _ = _codecs(spec, spec.new_game(3, seed=1))
    assert codec.size == 2374
    assert codec.label(0) == "Deal()"
    assert codec.label(53) == (
        "Accuse(suspect='Fenrir Greyback', item='Jinxed Broomstick', location='Malfoy Manor')"
    )
    assert codec.label(2373) == "MoveTo(destination='23,16', felix=True, alohomoras=3)"
    assert codec.decode(7, "Cat").to_dict() == {"type": "clue.roll_dice", "player": "Cat"}


def test_numbers_outside_the_space_and_foreign_actions_are_refused() -> None:
    adventure, clue = find_game("adventure"), find_game("clue")
    codec, _ = _codecs(adventure, adventure.new_game(2, seed=1))
    clue_game = clue.new_game(3, seed=1)
    for bad in (-1, codec.size, True, 2.0, "3"):
        with pytest.raises(IllegalActionError) as caught:
            codec.decode(bad, "Harry")  # type: ignore[arg-type]
        assert caught.value.code == "bad_action"
    with pytest.raises(IllegalActionError) as caught:
        codec.encode(clue_game.legal_actions()[0])
    assert caught.value.code == "bad_action"
    clue_codec, _ = _codecs(clue, clue_game)
    from hogwarts_rules.clue import MoveTo

    with pytest.raises(IllegalActionError, match="has no number"):
        clue_codec.encode(MoveTo("Ann", "0,0"))  # a wall


def test_a_table_refuses_a_bad_list() -> None:
    from hogwarts_rules.adventure import ChooseHouse, KeepRoll

    with pytest.raises(ValueError, match="listed twice"):
        ActionTable.build([(KeepRoll, {}), (KeepRoll, {})])
    with pytest.raises(ValueError, match="needs the fields"):
        ActionTable.build([(ChooseHouse, {})])


@pytest.mark.parametrize("name", GAMES)
def test_observations_have_the_declared_size_and_bounds(name: str) -> None:
    spec = find_game(name)
    for seed, players in ((1, 3), (2, 4)):
        layout: ObservationLayout | None = None
        for game in _positions(spec, seed, players, 300):
            if layout is None:
                codec = _codecs(spec, game)[1]
                assert isinstance(codec, ObservationLayout)
                layout = codec
                assert len(set(layout.names)) == layout.size
            for seat in game.seat_names:
                vector = layout.encode(game.view(seat))
                assert len(vector) == layout.size
                assert vector[0] == 1.0  # the constant: never an all-zero vector
                for value, feature in zip(vector, layout.features, strict=True):
                    assert feature.low <= value <= feature.high, feature.name


def test_clue_observations_hold_the_seat_s_hand_and_not_the_others() -> None:
    spec = find_game("clue")
    game = spec.new_game(3, seed=5)
    game, _ = game.apply(game.legal_actions()[0])
    layout = _codecs(spec, game)[1]
    assert isinstance(layout, ObservationLayout)
    names = layout.names
    for seat in game.seat_names:
        vector = layout.encode(game.view(seat))
        held = {
            n.removeprefix("hand=")
            for n, v in zip(names, vector, strict=True)
            if v and n.startswith("hand=")
        }
        assert held == set(game.view(seat).hand)


@pytest.mark.parametrize("name", GAMES)
def test_observations_are_seat_relative(name: str) -> None:
    spec = find_game(name)
    game = next(g for g in _positions(spec, 3, 3, 60) if g.to_act)
    layout = _codecs(spec, game)[1]
    assert isinstance(layout, ObservationLayout)
    index = layout.names.index("seat0.to_act")
    for seat in game.seat_names:
        assert layout.encode(game.view(seat))[index] == float(seat in game.to_act)


def test_random_games_use_both_games_numberings_with_a_seeded_rng() -> None:
    # The masks pick the same actions as the bots would: a random number among the legal ones
    # decodes to a legal action.
    rng = random.Random(0)
    for name in GAMES:
        spec = find_game(name)
        for game in _positions(spec, 4, 4, 100):
            codec = _codecs(spec, game)[0]
            for seat in game.seat_names:
                legal = [i for i, ok in enumerate(codec.mask(game, seat)) if ok]
                if legal:
                    assert game.can_apply(codec.decode(rng.choice(legal), seat))


def test_adventure_observations_say_what_the_names_say() -> None:
    spec = find_game("adventure")
    for game in _positions(spec, 6, 3, 300):
        layout = _codecs(spec, game)[1]
        assert isinstance(layout, ObservationLayout)
        names = layout.names
        for seat in game.seat_names:
            view = game.view(seat)
            values = dict(zip(names, layout.encode(view), strict=True))
            seats = list(game.seat_names)
            start = seats.index(seat)
            for k in range(len(seats)):
                p = view.players[seats[(start + k) % len(seats)]]
                ones = {n for n, v in values.items() if n.startswith(f"seat{k}.") and v == 1.0}
                assert f"seat{k}.space={p.space}" in ones
                assert (f"seat{k}.house={p.house}" in ones) == (p.house is not None)
                assert (f"seat{k}.wand={p.wand}" in ones) == (p.wand is not None)
                assert (f"seat{k}.on_team" in ones) == p.on_team
                assert values[f"seat{k}.house_points"] == max(-1000, min(1000, p.house_points))
                assert values[f"seat{k}.study"] == p.study
                assert values[f"seat{k}.to_act"] == float(p.name in view.to_act)
            assert values["round"] == view.round
            table = view.details.get("table")
            assert (values.get(f"decision.table={table}") == 1.0) == (table is not None)


def test_clue_observations_say_what_the_names_say() -> None:
    spec = find_game("clue")
    checked = 0
    for seed in (7, 8):
        for game in _positions(spec, seed, 4, 200):
            layout = _codecs(spec, game)[1]
            assert isinstance(layout, ObservationLayout)
            for seat in game.seat_names:
                view = game.view(seat)
                values = dict(zip(layout.names, layout.encode(view), strict=True))
                ones = {n for n, v in values.items() if v == 1.0}
                assert f"phase={view.phase}" in ones and f"step={view.step}" in ones
                assert {n for n in ones if n.startswith("hand=")} == {
                    f"hand={card}" for card in view.hand
                }
                assert (f"entered={view.entered}" in ones) == (view.entered is not None)
                for token, loc in view.tokens.items():
                    assert f"token={token}@{loc}" in ones
                seats = list(game.seat_names)
                start = seats.index(seat)
                for k in range(len(seats)):
                    other = view.seat(seats[(start + k) % len(seats)])
                    assert values[f"seat{k}.floo"] == other.floo
                    assert values[f"seat{k}.hand_size"] == other.hand_size
                    assert (f"seat{k}.student={other.student}" in ones) == (
                        other.student is not None
                    )
                    if other.position is not None and "," in other.position:
                        row, column = other.position.split(",")
                        assert values[f"seat{k}.corridor"] == 1.0
                        assert (values[f"seat{k}.row"], values[f"seat{k}.column"]) == (
                            int(row),
                            int(column),
                        )
                    elif other.position is not None:
                        assert f"seat{k}.at={other.position}" in ones
                for who, card in view.shown_to_me:
                    k = (seats.index(who) - start) % len(seats)
                    assert f"shown_to_me.seat{k}={card}" in ones
                    checked += 1
                suggested = sum(v for n, v in values.items() if n.startswith("suggested.seat"))
                assert suggested == 3 * len(view.suggestions)
    assert checked > 0


def test_clue_numbering_follows_the_content() -> None:
    from hogwarts_rules.clue.content import content_to_dict, default_content, load_content

    data = content_to_dict(default_content())
    data["help_deck"] = [card for card in data["help_deck"] if card["special"] != "felix_felicis"]
    spec = find_game("clue")
    start = spec.new_game(3, seed=1, content=load_content(data))
    codec, _ = _codecs(spec, start)
    # No Felix Felicis card: every position has half the moves (felix False only).
    positions = (2374 - 422) // 8
    assert codec.size == 422 - 1 + positions * 4  # and one Help card name fewer
    assert all("felix=True" not in codec.label(i) for i in range(codec.size))
    for game in _positions_of(start, 150):
        for seat in game.seat_names:
            for action in seat_actions(game, seat):
                assert codec.decode(codec.encode(action), action.actor or seat) == action


def _positions_of(game: GameBase, steps: int) -> Iterator[GameBase]:
    rng = random.Random(3)
    for _ in range(steps):
        yield game
        seat = next((s for s in game.seat_names if seat_actions(game, s)), None)
        if seat is None:
            return
        actions = seat_actions(game, seat)
        game, _ = game.apply(actions[rng.randrange(len(actions))])


def test_a_huge_or_bad_number_is_refused_briefly() -> None:
    spec = find_game("clue")
    codec, _ = _codecs(spec, spec.new_game(3, seed=1))
    for bad in (10**5000, -1, codec.size, "3", 2.0, True):
        with pytest.raises(IllegalActionError, match="not an action number") as caught:
            codec.decode(bad, "Ann")  # type: ignore[arg-type]
        assert len(caught.value.message) < 100
        with pytest.raises(IllegalActionError):
            codec.label(bad)  # type: ignore[arg-type]
