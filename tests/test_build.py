"""The private fast builders (`hogwarts_rules._build`): values as their classes build them."""

from __future__ import annotations

import abc
import gc
import random
import sys
import weakref
from typing import Any, ClassVar

import attrs
import pytest

from hogwarts_rules import find_game, games
from hogwarts_rules._build import build_lines, twin
from hogwarts_rules.dice import SeededDice
from hogwarts_rules.engine import MEMO, Decision, Pending, copier, replace
from hogwarts_rules.events import constructor
from hogwarts_rules.frozen import FrozenMap, adopt
from hogwarts_rules.history import History


@attrs.frozen(weakref_slot=False)
class Point:
    x: int
    y: int = 0


@attrs.frozen
class Weak:  # its own slots include __weakref__: no twin, the slow builder instead
    x: int


def _build(cls: type[Any], **values: Any) -> Any:
    namespace: dict[str, Any] = {}
    lines = ["def build(" + ", ".join(values) + "):"]
    lines += build_lines(cls, [(name, name) for name in values], namespace)
    lines.append("    return new")
    exec("\n".join(lines), namespace)
    return namespace["build"](**values)


def test_a_twin_builds_a_value_of_the_class_itself() -> None:
    assert twin(Point) is twin(Point)  # made once
    built = _build(Point, x=1, y=2)
    assert type(built) is Point and built == Point(1, 2) and hash(built) == hash(Point(1, 2))
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        built.x = 3  # type: ignore[misc]
    assert repr(built) == "Point(x=1, y=2)"


def test_a_class_python_will_not_switch_falls_back_to_the_slots_setters() -> None:
    # Python 3.11 keeps a class's own __weakref__ slot in its layout: no twin there
    # (3.12 keeps it apart, and the twin works).
    if sys.version_info < (3, 12):
        assert twin(Weak) is None
    built = _build(Weak, x=1)
    assert type(built) is Weak and built == Weak(1)
    assert weakref.ref(built)() is built


class _Hooked:
    seen: ClassVar[list[str]] = []

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        _Hooked.seen.append(cls.__qualname__)


@attrs.frozen(weakref_slot=False)
class Registered(_Hooked):
    x: int


class _Abstract(abc.ABC):
    __slots__ = ()

    @abc.abstractmethod
    def power(self) -> int: ...


@attrs.frozen(weakref_slot=False)
class Unfinished(_Abstract):
    x: int


def test_no_twin_where_making_one_would_run_a_hook_or_build_an_abstract_value() -> None:
    # A base's __init_subclass__ (a registry, say) must never see a twin.
    before = list(_Hooked.seen)  # (attrs makes a slotted class anew: the hook ran twice)
    assert twin(Registered) is None and _Hooked.seen == before
    assert type(_build(Registered, x=1)) is Registered and _Hooked.seen == before
    assert twin(Unfinished) is None  # the class refuses to be built: so does its builder
    with pytest.raises(TypeError):
        _build(Unfinished, x=1)


def test_a_twin_names_the_class_it_serves() -> None:
    # A twin is a subclass of its class's bases: a walker of __subclasses__ can skip it.
    from hogwarts_rules.adventure import events as ad_events

    made = twin(ad_events.Moved)
    assert made is not None and made.__twin_of__ is ad_events.Moved
    assert "<twin>" in made.__qualname__


def test_views_are_built_as_twins_and_equal_views_built_by_their_classes() -> None:
    from hogwarts_rules.adventure.view import AdventureView
    from hogwarts_rules.clue.view import ClueView

    assert twin(AdventureView) is not None and twin(ClueView) is not None
    for spec in games():
        game = spec.new_game(seed=3)
        for seat in (None, *game.seat_names):
            view = game.view(seat)
            cls = type(view)
            values = {field.alias: getattr(view, field.name) for field in attrs.fields(cls)}
            assert view == cls(**values) and repr(view) == repr(cls(**values))


def _states(seed: int, steps: int) -> list[Any]:
    """Every game's states along one random game (the game master's scene: its start)."""
    found = []
    for spec in games():
        game = spec.new_game(seed=seed)
        rng = random.Random(seed)
        found.append(game)
        for _ in range(steps):
            actions = game.legal_actions()
            if not actions:
                break
            game, _ = game.apply(rng.choice(actions))
            found.append(game)
    return found


def test_abstract_games_and_mappings_get_twins() -> None:
    assert twin(FrozenMap) is not None and twin(History) is not None
    for spec in games():
        assert twin(type(spec.new_game(seed=1))) is not None, spec.kind


def test_no_twin_instance_survives_a_game() -> None:
    # Every value a game builds is of its own class, never a twin's.
    states = _states(5, 200)
    assert len(states) > 300
    twins = {twin(type(state)) for state in states} | {twin(FrozenMap), twin(History)}
    twins |= {twin(SeededDice), twin(Decision), twin(Pending)}
    for state in states:
        assert (
            type(state) in (type(s) for s in states[:1]) or "<twin>" not in type(state).__qualname__
        )
        assert type(state.history) is History
        for value in attrs.asdict(state, recurse=False).values():
            assert "<twin>" not in type(value).__qualname__
    gc.collect()
    assert not [obj for obj in gc.get_objects() if type(obj) in twins]


def test_copies_equal_what_attrs_evolve_builds() -> None:
    for spec in games():
        state = spec.new_game(seed=2)
        fields = attrs.fields(type(state))
        memos = {f.name for f in fields if f.metadata.get(MEMO)}
        name = [f.name for f in fields if not f.name.startswith("_")][-1]
        value = getattr(state, name)
        evolved = attrs.evolve(state, **{name: value})
        assert replace(state, **{name: value}) == evolved
        copy = copier(type(state), name)(state, value)
        assert type(copy) is type(state) and copy == evolved
        assert all(getattr(copy, memo) is None for memo in memos)


@pytest.mark.parametrize("name", ["Moved", "TableRolled", "HousePointsChanged", "GameEnded"])
def test_events_built_fast_equal_events_built_by_their_classes(name: str) -> None:
    from hogwarts_rules.adventure import events as ad_events

    cls = getattr(ad_events, name)
    game = find_game("adventure").new_game(seed=4)
    found = []
    while not game.is_over and len(game.history) < 20_000:
        game, events = game.apply(game.legal_actions()[-1])
        found += [event for event in events if type(event) is cls]
    assert found
    for event in found:
        values = [getattr(event, f.name) for f in attrs.fields(cls)]
        fast = constructor(cls)(*values)
        assert type(fast) is cls and fast == event == cls(*values)
        assert hash(fast) == hash(event) and fast.to_dict() == event.to_dict()


def test_adopt_makes_a_map_over_the_dict_itself_whose_reads_are_the_dicts() -> None:
    data = {"Brawl": 2, "Charms": 0}
    made = adopt(data)
    assert type(made) is FrozenMap and made == FrozenMap(data) == data
    assert hash(made) == hash(FrozenMap({"Charms": 0, "Brawl": 2}))
    assert made._data is data  # no copy: the caller gave the dict up
    assert FrozenMap._adopt(data) == made
    assert made.get("Brawl") == 2 and made.get("Luck") is None and made.get("Luck", 7) == 7
    assert list(made.keys()) == ["Brawl", "Charms"] and list(made.values()) == [2, 0]
    assert list(made.items()) == [("Brawl", 2), ("Charms", 0)]
    assert made.keys() == {"Charms", "Brawl"} and ("Brawl", 2) in made.items()
    with pytest.raises(AttributeError):
        made.extra = 1


def test_the_engines_own_values_are_built_as_twins_and_equal_their_classes() -> None:
    from hogwarts_rules.actions import Practice
    from hogwarts_rules.dice import _seeded
    from hogwarts_rules.engine import _make_decision, _make_pending

    for cls in (SeededDice, Decision, Pending):
        assert twin(cls) is not None, cls
    dice = _seeded(5, 9)
    assert type(dice) is SeededDice and dice == SeededDice(5, 9) and hash(dice) == hash(dice)
    decision = _make_decision("Sky", (Practice(),), "spend?", FrozenMap({"roll": 3}))
    plain = Decision("Sky", (Practice(),), "spend?", {"roll": 3})
    assert type(decision) is Decision and decision == plain and hash(decision) == hash(plain)
    pending = _make_pending(None, Practice(), (), decision, 2)
    assert type(pending) is Pending and pending == Pending(None, Practice(), (), plain, 2)
