"""What Clue keeps to go fast changes nothing: searches, copies, shared tables and caches.

The movement search is remembered per board and derived for closed doors (see
`hogwarts_rules.clue.movement.search`): it must give exactly what the plain search
of the rules gives (the reference below is the library's search as it was before,
one breadth-first pass over (position, Alohomoras used)). The other caches must
never show in a game's equality, repr, JSON or pickle.
"""

from __future__ import annotations

import pickle
import random
from collections import deque
from collections.abc import Iterable

import attrs
import pytest

from hogwarts_rules import clue
from hogwarts_rules.bots import RandomBot, play_out
from hogwarts_rules.clue.bots import _distances, _nearest
from hogwarts_rules.clue.content import Board, default_content
from hogwarts_rules.clue.deduction import Notebook
from hogwarts_rules.clue.detective import _Knowledge
from hogwarts_rules.clue.evolve import replace
from hogwarts_rules.clue.movement import Position, reachable
from hogwarts_rules.clue.records import Seat
from hogwarts_rules.engine import replace as engine_replace

Walked = tuple[Position, int, tuple[Position, ...]]


def reference_reachable(
    board: Board,
    start: Position,
    steps: int,
    closed: frozenset[str],
    occupied: frozenset[tuple[int, int]],
    alohomoras: int,
    forbidden: Iterable[str],
) -> list[Walked]:
    """The rules' search, plainly: breadth-first over (position, Alohomoras used)."""
    barred = set(forbidden)
    if isinstance(start, str):
        barred.add(start)
    parent: dict[tuple[Position, int], tuple[Position, int] | None] = {(start, 0): None}
    frontier = [(start, 0)]
    for _ in range(steps):
        following = []
        for key in frontier:
            here, used = key
            if here != start and here in board.stops:
                continue
            for there, door in board.graph[here]:
                now = used + 1 if door is not None and door in closed else used
                if now > alohomoras or there in barred or (there, now) in parent:
                    continue
                parent[(there, now)] = key
                following.append((there, now))
        frontier = following
    fewest: dict[Position, int] = {}
    for position, used in parent:
        if position != start and position not in occupied:
            fewest[position] = min(used, fewest.get(position, alohomoras + 1))
    found = []
    for position, used in fewest.items():
        path: list[Position] = []
        node: tuple[Position, int] | None = (position, used)
        while node is not None:
            path.append(node[0])
            node = parent[node]
        found.append((position, used, tuple(reversed(path))))
    return found


@pytest.mark.parametrize("seed", range(4))
def test_the_remembered_search_is_the_plain_search(seed: int) -> None:
    rng = random.Random(seed)
    board = default_content().board
    positions = list(board.graph)
    cells = [p for p in positions if isinstance(p, tuple)]
    doors = [door.id for door in board.doors]
    for _ in range(1500):
        # Locations often: the search leaving one through closed doors is the hard case.
        start = rng.choice(board.locations) if rng.random() < 0.3 else rng.choice(positions)
        steps = rng.randint(1, 7)
        share = rng.choice([0.0, 0.2, 0.5, 1.0])
        closed = frozenset(door for door in doors if rng.random() < share)
        occupied = frozenset(rng.sample(cells, rng.randint(0, 4)))
        alohomoras = rng.choice([0, 0, 1, 2, 3])
        forbidden = rng.choice([(), (rng.choice(board.locations),)])
        found = reachable(
            board, start, steps, closed, occupied, alohomoras=alohomoras, forbidden=forbidden
        )
        expected = reference_reachable(board, start, steps, closed, occupied, alohomoras, forbidden)
        assert [(d.position, d.alohomoras, d.path) for d in found] == expected, (
            start,
            steps,
            sorted(closed),
            alohomoras,
            forbidden,
        )


def test_a_custom_board_keeps_its_own_searches() -> None:
    board = default_content().board
    start = board.starts["Harry"]
    before = reachable(board, start, 6, frozenset(), frozenset(), alohomoras=0)
    # Equal boards are different values with memos of their own; the answers agree.
    twin = attrs.evolve(board)
    assert twin == board and twin._memo is not board._memo
    assert reachable(twin, start, 6, frozenset(), frozenset(), alohomoras=0) == before


def test_the_fast_copy_is_the_engines_copy() -> None:
    game = clue.new_game(["Ann", "Ben", "Cat"], seed=5)
    game, _ = game.apply(clue.Deal())
    for changes in ({}, {"turn": 2, "green": 5}, {"left": "Hogwarts", "entered": None}):
        assert replace(game, **changes) == engine_replace(game, **changes)
        assert replace(game, **changes).to_dict() == engine_replace(game, **changes).to_dict()
    seat = game.seats["Ann"]
    assert replace(seat, floo=1) == attrs.evolve(seat, floo=1)
    with pytest.raises(TypeError, match="Game has no field 'colour'"):
        replace(game, colour="red")


def test_caches_never_show_in_a_games_value() -> None:
    game = clue.new_game(["Ann", "Ben", "Cat", "Dan"], seed=8)
    played = play_out(game, {name: RandomBot(i) for i, name in enumerate(game.seat_names)})
    replay = clue.Game.replay(played.record)
    # The played game has answered questions (views, legal actions, doors); the replay has not.
    for name in played.seat_names:
        played.view(name)
    played.legal_actions()
    played.closed_doors()
    assert played == replay and hash(played) == hash(replay)
    assert repr(played) == repr(replay)
    assert played.to_dict() == replay.to_dict()
    assert pickle.loads(pickle.dumps(played)) == replay
    assert pickle.dumps(played) == pickle.dumps(replay)
    seat = played.seats["Ann"]
    assert seat._public.floo == seat.floo  # the cached public seat
    given = {str(f.alias): getattr(seat, f.name) for f in attrs.fields(Seat) if f.init}
    fresh = Seat(**given)
    assert pickle.dumps(seat) == pickle.dumps(fresh)  # the memo is never pickled
    assert fresh._public_memo is None and seat._public_memo is not None
    assert pickle.loads(pickle.dumps(seat))._public_memo is None


def test_views_are_the_same_built_fresh_or_from_caches() -> None:
    game = clue.new_game(["Ann", "Ben", "Cat"], seed=11)
    bots = {name: clue.NotebookBot() for name in game.seat_names}
    steps = 0
    while not game.is_over and steps < 400:
        seat = game.to_act[0] if game.to_act else game.seat_names[0]
        view = game.view(seat)
        fresh = engine_replace(game).view(seat)  # a copy with no cache filled in
        assert view == fresh and view.to_dict() == fresh.to_dict()
        game, _ = game.apply(bots[seat].choose(view, seat, view.legal_actions))
        steps += 1


def reference_distances(board: Board, target: str) -> dict[Position, int]:
    result: dict[Position, int] = {target: 0}
    queue: deque[Position] = deque([target])
    while queue:
        here = queue.popleft()
        for there, _ in board.graph[here]:
            if there not in result:
                result[there] = result[here] + 1
                if not isinstance(there, str):
                    queue.append(there)
    return result


def test_walking_distances_are_shared_and_right() -> None:
    board = default_content().board
    for target in board.locations:
        assert dict(_distances(board, target)) == reference_distances(board, target)
        assert _distances(board, target) is _distances(board, target)


def test_the_nearest_of_some_targets_is_shared_and_right() -> None:
    board = default_content().board
    rng = random.Random(3)
    for _ in range(20):
        targets = tuple(rng.sample(board.locations, rng.randint(1, 4)))
        tables = [reference_distances(board, target) for target in targets]
        nearest = _nearest(board, targets)
        assert nearest is _nearest(board, targets)
        for position in [*board.graph, ""]:
            expected = min((table.get(position, 999) for table in tables), default=999)
            assert nearest.get(position, 999) == expected


def test_the_notebook_bots_move_is_the_least_scored() -> None:
    # The notebook bot scores its moves in one pass: it must pick what the plain
    # ``min`` over `NotebookBot._score` picks (the first of the least scored).
    game = clue.new_game(["Ann", "Ben", "Cat", "Dan"], seed=5)
    bots = {name: clue.NotebookBot() for name in game.seat_names}
    rng = random.Random(5)
    checked = 0
    while not game.is_over and checked < 60:
        seat = game.to_act[0] if game.to_act else game.seat_names[0]
        view = game.view(seat)
        actions = view.legal_actions
        if game.pending is None and game.step == clue.Step.MOVE:
            bot = bots[seat]
            for targets in (["The Burrow"], list(clue.LOCATIONS), rng.sample(clue.LOCATIONS, 2)):
                plain = min(actions, key=lambda a: bot._score(a, targets, view))
                assert bot._nearest_move(actions, targets, view) is plain
            checked += 1
        game, _ = game.apply(bots[seat].choose(view, seat, actions))
    assert checked >= 30


def test_the_detectives_floats_are_the_exact_probabilities() -> None:
    game = clue.new_game(["Ann", "Ben", "Cat", "Dan"], seed=4)
    bots = {name: clue.DetectiveBot() for name in game.seat_names}
    checked = 0
    while not game.is_over and checked < 6:
        seat = game.to_act[0] if game.to_act else game.seat_names[0]
        view = game.view(seat)
        if game.suggestions and view.player is not None:
            known = _Knowledge.of(view, (0, (), (), 0, ()))
            deduction = Notebook.from_view(view).solve()
            for card, owners in known.owners.items():
                assert owners == tuple(
                    (owner, float(p))
                    for owner in deduction.owners
                    if (p := deduction.probability(card, owner))
                )
                assert known.envelope[card] == float(deduction.envelope_probability(card))
            checked += 1
        game, _ = game.apply(bots[seat].choose(view, seat, view.legal_actions))
    assert checked
