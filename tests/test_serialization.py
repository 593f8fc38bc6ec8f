from __future__ import annotations

import copy
import json
import pickle
from collections.abc import Callable
from typing import Any, Literal, cast

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hogwarts_rules import hufflepuff_ravenclaw as hr
from hogwarts_rules import serialization
from hogwarts_rules.actions import ACTIONS, Action, ChanceOutcome
from hogwarts_rules.dice import ExternalDice, ScriptedDice
from hogwarts_rules.errors import MAX_MESSAGE, MAX_PATH, InvalidDataError, RulesError
from hogwarts_rules.events import EVENTS, Event
from hogwarts_rules.frozen import FrozenMap
from hogwarts_rules.serialization import MAX_STRING, shown_key
from tests.hufflepuff_ravenclaw.test_campaign import NEW_ACTIONS, NEW_EVENTS

# =============================================================== FrozenMap


def test_frozenmap_reads_like_a_dict() -> None:
    m = FrozenMap({"b": 2, "a": 1})
    assert m["a"] == 1
    assert len(m) == 2
    assert "b" in m
    assert "z" not in m
    assert m.get("z") is None
    assert list(m) == ["b", "a"]  # insertion order kept
    assert list(m.items()) == [("b", 2), ("a", 1)]
    with pytest.raises(KeyError):
        m["z"]


def test_frozenmap_from_pairs_and_empty() -> None:
    assert FrozenMap([("a", 1), ("b", 2)]) == {"a": 1, "b": 2}
    empty: FrozenMap[str, int] = FrozenMap()
    assert empty == {}
    assert len(empty) == 0
    assert hash(empty) == hash(FrozenMap({}))


def test_frozenmap_is_immutable() -> None:
    m = FrozenMap({"a": 1})
    loose = cast(Any, m)
    with pytest.raises(TypeError):
        loose["a"] = 2
    with pytest.raises(TypeError):
        del loose["a"]
    with pytest.raises(AttributeError):
        loose.extra = 1
    with pytest.raises(AttributeError):
        loose._data = {}
    with pytest.raises(AttributeError):
        loose.update({"a": 3})
    assert m == {"a": 1}


def test_frozenmap_does_not_share_its_source() -> None:
    source = {"a": 1}
    m = FrozenMap(source)
    source["a"] = 99
    assert m["a"] == 1
    out = m.to_dict()
    out["a"] = 42
    assert m["a"] == 1
    assert type(out) is dict


def test_frozenmap_equality() -> None:
    m = FrozenMap({"a": 1, "b": 2})
    assert m == {"b": 2, "a": 1}
    assert m == {"b": 2, "a": 1}
    assert m == FrozenMap({"b": 2, "a": 1})
    assert m != {"a": 1}
    assert m != {"a": 1, "b": 3}
    assert m != [("a", 1), ("b", 2)]
    assert m != "ab"


def test_frozenmap_hash_stable_and_order_insensitive() -> None:
    m = FrozenMap({"a": 1, "b": 2})
    first = hash(m)
    assert hash(m) == first
    assert hash(FrozenMap({"b": 2, "a": 1})) == first
    assert len({m, FrozenMap({"b": 2, "a": 1})}) == 1


@given(st.dictionaries(st.text(max_size=5), st.integers(), max_size=8), st.randoms())
def test_frozenmap_hash_order_insensitive_property(data: dict[str, int], rnd: Any) -> None:
    items = list(data.items())
    rnd.shuffle(items)
    a, b = FrozenMap(data), FrozenMap(items)
    assert a == b == data
    assert hash(a) == hash(b)


def test_frozenmap_set_and_remove_return_copies() -> None:
    m = FrozenMap({"a": 1, "b": 2})
    m2 = m.set("a", 10)
    m3 = m.set("c", 3)
    m4 = m.remove("a")
    assert m == {"a": 1, "b": 2}
    assert m2 == {"a": 10, "b": 2}
    assert list(m2) == ["a", "b"]
    assert m3 == {"a": 1, "b": 2, "c": 3}
    assert m4 == {"b": 2}
    assert isinstance(m2, FrozenMap)
    assert isinstance(m4, FrozenMap)
    with pytest.raises(KeyError):
        m.remove("z")
    assert m == {"a": 1, "b": 2}


def test_frozenmap_pickle_and_copy() -> None:
    m = FrozenMap({"b": 2, "a": 1})
    hash(m)  # cache the hash before pickling
    for clone in (pickle.loads(pickle.dumps(m)), copy.copy(m), copy.deepcopy(m)):
        assert clone == m
        assert list(clone) == ["b", "a"]
        assert hash(clone) == hash(m)
        assert type(clone) is FrozenMap
    assert repr(m) == "FrozenMap({'b': 2, 'a': 1})"


# =============================================================== samples of every class

SPEC = hr.TestSpec("Sky", "Brawl", "Agility", (hr.Modifier(-2, "dark"),), ("Quick",))

ACTION_SAMPLES: list[Action] = [
    ChanceOutcome(4),
    ChanceOutcome("heads"),
    hr.SkillTest("Sky", "Mischief", "Bravery"),
    hr.SkillTest("Sky", "Mischief", "Bravery", (hr.Modifier(2), hr.Modifier(-1, "x")), ("Sly",)),
    hr.QualityTest("Sky", "Fortitude", (hr.Modifier(1, "help"),), ("Stubborn",)),
    hr.Contest(SPEC, hr.TestSpec("Weasley", "Brawl", "Agility")),
    hr.CastSpell("Sky", "Lumos"),
    hr.CastSpell(
        "Sky",
        "Matchstick to needle",
        stat="Intellect",
        verbal=False,
        skill="Transfiguration",
        year=2,
        preparation="Arithmancy",
        modifiers=(hr.Modifier(1),),
        traits=("Clever",),
    ),
    hr.BrawlRound(
        hr.Fighter("Sky", armed=True), hr.Fighter("Weasley", modifiers=(hr.Modifier(1),))
    ),
    hr.Damage("Sky", 3, "a jinx"),
    hr.Fall("Sky", 12),
    hr.Heal("Sky", 2),
    hr.SpendYouth("Sky", 2),
    hr.EndSession(),
    hr.SchoolBreak(),
    hr.AdvanceYears("Sky", 3, FrozenMap({"Brawl": 3, "Notice": 2})),
    hr.AdvanceYears("Sky", 2),
    hr.EndScene(),
    *NEW_ACTIONS,
]

EVENT_SAMPLES: list[Event] = [
    hr.TestRolled("Sky", "Agility + Brawl", (("Agility", 4), ("Brawl", 1)), 5, 20, 11),
    hr.YouthSpent("Sky", 2, 11, 5),
    hr.TestResolved("Sky", "Agility + Brawl", 11, 11, True, 0),
    hr.SkillChecked("Sky", "Brawl"),
    hr.PenaltyReduced("Sky", "Accio", -6),
    hr.ContestResolved("Sky", "Weasley", 2, -3, "Sky"),
    hr.ContestResolved("Sky", "Weasley", 2, 2, None),
    hr.Scuffed("Sky", "Weasley"),
    hr.DamageTaken("Weasley", 1, 1, "Sky's unarmed blow"),
    hr.WoundChanged("Weasley", "major"),
    hr.Healed("Weasley", 1, 0),
    hr.YouthRefreshed("Sky", 7),
    hr.ExperienceRolled("Sky", "Brawl", "check", 15, 1, 1, 2),
    hr.CharacterAdvanced("Sky", 3, 5),
    hr.SceneEnded(),
    *NEW_EVENTS,
]


def _hr_or_core(cls: type[Any]) -> bool:
    return cls is ChanceOutcome or cls.__module__.startswith("hogwarts_rules.hufflepuff_ravenclaw")


def test_samples_cover_every_registered_class() -> None:
    actions = {c for c in ACTIONS.classes.values() if _hr_or_core(c)}
    events = {c for c in EVENTS.classes.values() if _hr_or_core(c)}
    assert {type(a) for a in ACTION_SAMPLES} == actions
    assert {type(e) for e in EVENT_SAMPLES} == events


@pytest.mark.parametrize("action", ACTION_SAMPLES, ids=lambda a: type(a).__name__)
def test_action_round_trip(action: Action) -> None:
    data = action.to_dict()
    assert data["type"] == type(action).TYPE
    assert Action.from_dict(data) == action
    assert type(action).from_dict(data) == action
    text = json.dumps(data)
    assert Action.from_dict(json.loads(text)) == action


def test_action_subclass_from_dict_refuses_other_kinds() -> None:
    data = hr.Damage("Sky", 1).to_dict()
    with pytest.raises(InvalidDataError) as info:
        hr.SkillTest.from_dict(data)
    assert info.value.code == "unknown_type"
    assert info.value.path == "$.type"
    with pytest.raises(InvalidDataError):
        hr.HufflepuffRavenclawAction.from_dict(ChanceOutcome(3).to_dict())
    assert hr.HufflepuffRavenclawAction.from_dict(data) == hr.Damage("Sky", 1)


@pytest.mark.parametrize("event", EVENT_SAMPLES, ids=lambda e: type(e).__name__)
def test_event_round_trip(event: Event) -> None:
    data = event.to_dict()
    assert data["type"] == type(event).TYPE
    assert data["description"] == event.description
    assert event.description
    text = json.dumps(data)
    assert Event.from_dict(data) == event
    assert Event.from_dict(json.loads(text)) == event
    assert type(event).from_dict(data) == event


@pytest.mark.parametrize(
    "record", [*ACTION_SAMPLES, *EVENT_SAMPLES], ids=lambda r: type(r).__name__
)
def test_to_dict_is_plain_json(record: Action | Event) -> None:
    # Plain JSON types only (lists, not tuples): the dict survives a JSON round trip as is.
    data = record.to_dict()
    assert json.loads(json.dumps(data)) == data


def test_classes_with_a_roll_field_are_not_dice() -> None:
    # Regression: DiceSource is a runtime-checkable protocol with a ``roll`` member, and
    # events with a ``roll`` field were once structured by the dice hook.
    for event in EVENT_SAMPLES:
        if hasattr(event, "roll"):
            assert Event.from_dict(event.to_dict()) == event


def test_event_description_is_ignored_on_load() -> None:
    data = hr.Scuffed("Sky", "Weasley").to_dict()
    data["description"] = "anything at all"
    assert Event.from_dict(data) == hr.Scuffed("Sky", "Weasley")


# =============================================================== hypothesis round trips

NAMES = st.text(min_size=1, max_size=12)
INTS = st.integers(-(2**53 - 1), 2**53 - 1)  # the whole numbers every JSON reader keeps
MODIFIERS = st.lists(st.builds(hr.Modifier, INTS, NAMES), max_size=3).map(tuple)
TRAITS = st.lists(NAMES, max_size=3).map(tuple)
SPECS = st.builds(hr.TestSpec, NAMES, NAMES, NAMES, MODIFIERS, TRAITS)
FIGHTERS = st.builds(hr.Fighter, NAMES, st.booleans(), NAMES, NAMES, MODIFIERS, TRAITS)

ACTION_STRATEGIES: list[st.SearchStrategy[Action]] = [
    st.builds(ChanceOutcome, st.one_of(INTS, NAMES)),
    st.builds(hr.SkillTest, NAMES, NAMES, NAMES, MODIFIERS, TRAITS),
    st.builds(hr.QualityTest, NAMES, NAMES, MODIFIERS, TRAITS),
    st.builds(hr.Contest, SPECS, SPECS),
    st.builds(
        hr.CastSpell,
        NAMES,
        NAMES,
        NAMES,
        st.booleans(),
        st.none() | NAMES,
        st.none() | INTS,
        st.sampled_from([None, "Astronomy", "Arithmancy"]),
        MODIFIERS,
        TRAITS,
    ),
    st.builds(hr.BrawlRound, FIGHTERS, FIGHTERS),
    st.builds(hr.Damage, NAMES, INTS, NAMES),
    st.builds(hr.Fall, NAMES, INTS),
    st.builds(hr.Heal, NAMES, INTS),
    st.builds(hr.SpendYouth, NAMES, INTS),
    st.just(hr.EndSession()),
    st.just(hr.SchoolBreak()),
    st.builds(
        hr.AdvanceYears, NAMES, INTS, st.dictionaries(NAMES, INTS, max_size=3).map(FrozenMap)
    ),
    st.just(hr.EndScene()),
]

EVENT_STRATEGIES: list[st.SearchStrategy[Event]] = [
    st.builds(
        hr.TestRolled,
        NAMES,
        NAMES,
        st.lists(st.tuples(NAMES, INTS), max_size=4).map(tuple),
        INTS,
        INTS,
        INTS,
    ),
    st.builds(hr.TestResolved, NAMES, NAMES, INTS, INTS, st.booleans(), INTS),
    st.builds(hr.ExperienceRolled, NAMES, NAMES, NAMES, INTS, INTS, INTS, INTS),
    st.builds(hr.YouthSpent, NAMES, INTS, INTS, INTS),
    st.builds(hr.SkillChecked, NAMES, NAMES),
    st.builds(hr.PenaltyReduced, NAMES, NAMES, INTS),
    st.builds(hr.ContestResolved, NAMES, NAMES, INTS, INTS, st.none() | NAMES),
    st.builds(hr.Scuffed, NAMES, NAMES),
    st.builds(hr.DamageTaken, NAMES, INTS, INTS, NAMES),
    st.builds(hr.WoundChanged, NAMES, NAMES),
    st.builds(hr.Healed, NAMES, INTS, INTS),
    st.builds(hr.YouthRefreshed, NAMES, INTS),
    st.builds(hr.CharacterAdvanced, NAMES, INTS, INTS),
    st.just(hr.SceneEnded()),
]


@settings(max_examples=300)
@given(st.one_of(ACTION_STRATEGIES))
def test_any_action_round_trips(action: Action) -> None:
    data = json.loads(json.dumps(action.to_dict()))
    assert Action.from_dict(data) == action


@settings(max_examples=200)
@given(st.one_of(EVENT_STRATEGIES))
def test_any_event_round_trips(event: Event) -> None:
    assert event.description
    data = json.loads(json.dumps(event.to_dict()))
    assert Event.from_dict(data) == event


# =============================================================== strictness


def _nested(depth: int) -> Any:
    value: Any = []
    for _ in range(depth):
        value = [value]
    return value


def _nested_dicts(depth: int) -> Any:
    value: Any = {}
    for _ in range(depth):
        value = {"x": value}
    return value


DAMAGE = {"type": "hr.damage", "character": "Sky", "points": 3, "reason": "a jinx"}
SKILL = {"type": "hr.skill_test", "character": "Sky", "skill": "Brawl", "stat": "Agility"}


def _with(base: dict[str, Any], **changes: Any) -> dict[str, Any]:
    return {**base, **changes}


def _without(base: dict[str, Any], key: str) -> dict[str, Any]:
    return {k: v for k, v in base.items() if k != key}


ACTION_BAD_CASES: list[tuple[str, object, str]] = [
    ("string_for_int", _with(DAMAGE, points="3"), "$.points"),
    ("bool_for_int", _with(DAMAGE, points=True), "$.points"),
    ("float_for_int", _with(DAMAGE, points=1.5), "$.points"),
    ("whole_float_for_int", _with(DAMAGE, points=3.0), "$.points"),
    ("huge_int", _with(DAMAGE, points=10**30), "$.points"),
    ("huge_negative_int", _with(DAMAGE, points=-(10**30)), "$.points"),
    ("null_for_int", _with(DAMAGE, points=None), "$.points"),
    ("int_for_string", _with(DAMAGE, character=5), "$.character"),
    ("long_string", _with(DAMAGE, character="x" * 5000), "$.character"),
    ("unknown_field", _with(DAMAGE, colour="red"), "$"),
    ("missing_field", _without(DAMAGE, "points"), "$.points"),
    ("missing_type", _without(DAMAGE, "type"), "$.type"),
    ("null_type", _with(DAMAGE, type=None), "$.type"),
    ("int_type", _with(DAMAGE, type=3), "$.type"),
    ("unknown_type", _with(DAMAGE, type="hr.fireball"), "$.type"),
    ("event_type_as_action", _with(DAMAGE, type="hr.scene_ended"), "$.type"),
    ("long_unknown_type", _with(DAMAGE, type="y" * 5000), "$.type"),
    ("list_not_object", [DAMAGE], "$"),
    ("string_not_object", "hr.damage", "$"),
    ("null", None, "$"),
    ("nested_lists_in_string_field", _with(SKILL, character=_nested(500)), "$.character"),
    ("nested_lists_in_tuple_field", _with(SKILL, modifiers=_nested(500)), "$.modifiers[0]"),
    ("nested_dicts_in_tuple_field", _with(SKILL, modifiers=_nested_dicts(500)), "$.modifiers"),
    ("modifiers_not_list", _with(SKILL, modifiers="abc"), "$.modifiers"),
    ("traits_not_list", _with(SKILL, traits={"Quick": 1}), "$.traits"),
    (
        "deep_field_in_contest",
        {
            "type": "hr.contest",
            "first": {"character": "a", "skill": "b", "stat": "c"},
            "second": {
                "character": "a",
                "skill": "b",
                "stat": "c",
                "modifiers": [{"value": 1, "reason": 2}],
            },
        },
        "$.second.modifiers[0].reason",
    ),
    (
        "bool_as_string_for_bool",
        _with(SKILL, type="hr.cast_spell", spell="Lumos", verbal="yes"),
        "$.verbal",
    ),
    (
        "bad_literal",
        {"type": "hr.cast_spell", "character": "a", "spell": "x", "preparation": "Potions"},
        "$.preparation",
    ),
    (
        "points_map_not_object",
        {"type": "hr.advance_years", "character": "a", "year": 3, "skill_points": [["Brawl", 1]]},
        "$.skill_points",
    ),
    (
        "points_map_string_value",
        {"type": "hr.advance_years", "character": "a", "year": 3, "skill_points": {"Brawl": "1"}},
        "$.skill_points['Brawl']",
    ),
    ("chance_float", {"type": "chance", "value": 3.0}, "$.value"),
    ("chance_bool", {"type": "chance", "value": True}, "$.value"),
    ("chance_list", {"type": "chance", "value": [3]}, "$.value"),
]


@pytest.mark.parametrize(
    ("data", "path"), [pytest.param(d, p, id=i) for i, d, p in ACTION_BAD_CASES]
)
def test_action_from_dict_strict(data: object, path: str) -> None:
    before = repr(data)
    with pytest.raises(InvalidDataError) as info:
        Action.from_dict(data)
    err = info.value
    assert type(err) is InvalidDataError
    assert err.path == path
    assert err.message.startswith(err.path)
    assert len(err.message) < 1000
    assert repr(data) == before  # the input is not changed


def test_action_from_dict_messages_are_useful() -> None:
    with pytest.raises(InvalidDataError) as info:
        Action.from_dict(_with(DAMAGE, colour="red"))
    assert "colour" in info.value.message
    with pytest.raises(InvalidDataError) as info:
        Action.from_dict(_with(DAMAGE, type="hr.fireball"))
    assert "hr.fireball" in info.value.message
    assert info.value.code == "unknown_type"
    with pytest.raises(InvalidDataError) as info:
        Action.from_dict(_without(DAMAGE, "type"))
    assert info.value.code == "missing_type"
    with pytest.raises(InvalidDataError) as info:
        Action.from_dict(_with(DAMAGE, points=10**30))
    assert "range" in info.value.message
    assert (info.value.code, info.value.path) == ("unsafe_integer", "$.points")


@pytest.mark.parametrize("points", [2**53, -(2**53), 2**63, -(2**64), 10**100])
def test_integers_outside_the_safe_range_are_refused(points: int) -> None:
    with pytest.raises(InvalidDataError) as info:
        Action.from_dict(_with(DAMAGE, points=points))
    assert (info.value.code, info.value.path) == ("unsafe_integer", "$.points")
    assert len(info.value.message) < 200
    for safe in (2**53 - 1, -(2**53 - 1)):
        assert Action.from_dict(_with(DAMAGE, points=safe)).points == safe  # type: ignore[attr-defined]


def test_action_with_description_refused() -> None:
    with pytest.raises(InvalidDataError):
        Action.from_dict({"type": "hr.end_session", "description": "whatever"})


def test_string_limit_is_inclusive() -> None:
    assert Action.from_dict(_with(DAMAGE, reason="r" * MAX_STRING)) == hr.Damage(
        "Sky", 3, "r" * MAX_STRING
    )
    with pytest.raises(InvalidDataError):
        Action.from_dict(_with(DAMAGE, reason="r" * (MAX_STRING + 1)))


YOUTH_SPENT = {
    "type": "hr.youth_spent",
    "character": "Sky",
    "points": 1,
    "target": 8,
    "youth_left": 6,
}

EVENT_BAD_CASES: list[tuple[str, object, str]] = [
    ("string_for_int", _with(YOUTH_SPENT, points="1"), "$.points"),
    ("bool_for_int", _with(YOUTH_SPENT, points=True), "$.points"),
    ("float_for_int", _with(YOUTH_SPENT, points=1.5), "$.points"),
    ("huge_int", _with(YOUTH_SPENT, points=10**30), "$.points"),
    ("unknown_field", _with(YOUTH_SPENT, extra=1), "$"),
    ("missing_field", _without(YOUTH_SPENT, "target"), "$.target"),
    ("missing_type", _without(YOUTH_SPENT, "type"), "$.type"),
    ("unknown_type", _with(YOUTH_SPENT, type="hr.nothing"), "$.type"),
    ("action_type_as_event", _with(YOUTH_SPENT, type="hr.damage"), "$.type"),
    ("list_not_object", [YOUTH_SPENT], "$"),
    ("long_string", _with(YOUTH_SPENT, character="x" * 5000), "$.character"),
    ("nested_junk", _with(YOUTH_SPENT, character=_nested(500)), "$.character"),
    (
        "winner_not_string",
        {
            "type": "hr.contest_resolved",
            "first": "a",
            "second": "b",
            "first_margin": 1,
            "second_margin": 0,
            "winner": 3,
        },
        "$.winner",
    ),
]


@pytest.mark.parametrize(
    ("data", "path"), [pytest.param(d, p, id=i) for i, d, p in EVENT_BAD_CASES]
)
def test_event_from_dict_strict(data: object, path: str) -> None:
    with pytest.raises(InvalidDataError) as info:
        Event.from_dict(data)
    assert type(info.value) is InvalidDataError
    assert info.value.path == path


def test_errors_pickle() -> None:
    err = InvalidDataError("invalid_value", "$.points: bad", "$.points")
    clone = pickle.loads(pickle.dumps(err))
    assert (clone.code, clone.message, clone.path) == (err.code, err.message, err.path)
    assert isinstance(clone, RulesError)
    assert isinstance(clone, ValueError)


# =============================================================== fuzzing


def _containers(children: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    """Lists and objects of ``children`` (a named function: hypothesis reads a lambda's
    source to check that it uses its argument, and misreads one split over lines)."""
    lists = st.lists(children, max_size=4)
    return lists | st.dictionaries(st.text(max_size=10), children, max_size=4)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    _containers,
    max_leaves=20,
)

# Field names and tags that occur in the library's data, to make junk more plausible.
KEYS = st.sampled_from(
    [
        "type",
        "character",
        "points",
        "value",
        "skill",
        "stat",
        "modifiers",
        "traits",
        "first",
        "second",
        "kind",
        "seed",
        "description",
    ]
) | st.text(max_size=8)
TAGS = st.sampled_from(sorted({*ACTIONS.classes, *EVENTS.classes}))


def _only_rules_errors(function: Callable[[object], object], data: object) -> None:
    try:
        function(data)
    except RulesError as exc:
        assert isinstance(exc, InvalidDataError), repr(exc)
        assert exc.message


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [prefix]
    if isinstance(value, dict):
        for key, child in value.items():
            found.extend(_paths(child, (*prefix, key)))
    elif isinstance(value, list):
        for index, child in enumerate(value):
            found.extend(_paths(child, (*prefix, index)))
    return found


@st.composite
def mutated(draw: st.DrawFn, base: Any) -> Any:
    """A deep copy of ``base`` with one to three places replaced, removed or added."""
    data = copy.deepcopy(base)
    for _ in range(draw(st.integers(1, 3))):
        paths = _paths(data)
        path = draw(st.sampled_from(paths))
        if not path:
            return draw(JSON)
        parent = data
        for step in path[:-1]:
            parent = parent[step]
        how = draw(st.sampled_from(["replace", "remove", "add"]))
        if how == "replace":
            parent[path[-1]] = draw(JSON | TAGS)
        elif how == "remove":
            del parent[path[-1]]
        elif isinstance(parent, dict):
            parent[draw(KEYS)] = draw(JSON)
        else:
            parent.append(draw(JSON))
    return data


def _sample_game_dicts() -> list[dict[str, Any]]:
    sky = hr.Character.first_year(
        "Sky",
        stats={"Agility": 4},
        skills={"Brawl": 1, "Charms": 2},
        traits={"Quick": hr.Trait(1, {"Agility"})},
        spells=["Lumos"],
        classes=["Charms"],
    )
    game = hr.new_game([sky, "Weasley"], seed=5)
    game, _ = game.apply_all(
        [hr.SkillTest("Sky", "Brawl", "Agility"), hr.SpendYouth("Sky", 1), hr.Damage("Weasley", 1)]
    )
    scripted = hr.new_game(["Sky"], dice=ScriptedDice([5]))
    scripted, _ = scripted.apply(hr.QualityTest("Sky", "Bravery"))
    external = hr.new_game(["Sky", "Weasley"], dice=ExternalDice())
    external, _ = external.apply(hr.BrawlRound(hr.Fighter("Sky"), hr.Fighter("Weasley")))
    external, _ = external.apply(ChanceOutcome(4))
    return [game.to_dict(), scripted.to_dict(), external.to_dict()]


GAME_DICTS = _sample_game_dicts()
VALID_RECORDS = [a.to_dict() for a in ACTION_SAMPLES] + [e.to_dict() for e in EVENT_SAMPLES]

FUZZ = settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FUZZ
@given(JSON | st.dictionaries(KEYS, JSON | TAGS, max_size=5))
def test_fuzz_junk_raises_only_rules_errors(data: object) -> None:
    _only_rules_errors(Action.from_dict, data)
    _only_rules_errors(Event.from_dict, data)
    _only_rules_errors(hr.Game.from_dict, data)


@FUZZ
@given(st.sampled_from(VALID_RECORDS).flatmap(mutated))
def test_fuzz_mutated_records_raise_only_rules_errors(data: object) -> None:
    _only_rules_errors(Action.from_dict, data)
    _only_rules_errors(Event.from_dict, data)


@FUZZ
@given(st.sampled_from(GAME_DICTS).flatmap(mutated))
def test_fuzz_mutated_games_raise_only_rules_errors(data: object) -> None:
    _only_rules_errors(hr.Game.from_dict, data)


def test_sample_games_load() -> None:
    for data in GAME_DICTS:
        game = hr.Game.from_dict(json.loads(json.dumps(data)))
        assert game.to_dict() == json.loads(json.dumps(data))


def test_string_enums_are_read_from_their_own_values_only() -> None:
    from hogwarts_rules.adventure.board import Space
    from hogwarts_rules.clue.vocabulary import Step
    from hogwarts_rules.serialization import structure, unstructure

    assert structure("move", Step) is Step.MOVE
    assert structure("Invitation to Hogwarts", Space) is Space.INVITATION
    assert type(unstructure(Step.MOVE)) is str
    for bad in ("flying", 3, None, "x" * 5000):
        with pytest.raises(InvalidDataError):
            structure(bad, Space)


# ===================================== Python callers: any key, any size, the documented errors


@pytest.mark.parametrize(
    "key",
    [10**5000, -(10**5000), 2**64, (1, 2), None, 1.5, "x" * 100_000],
    ids=["huge", "huge-negative", "2**64", "tuple", "None", "float", "long-string"],
)
def test_a_python_callers_odd_key_raises_the_documented_error(key: object) -> None:
    for data in (
        {"type": "hr.end_scene", key: 1},
        {**GAME_DICTS[0], "setup": {**GAME_DICTS[0]["setup"], key: 1}},
    ):
        with pytest.raises(InvalidDataError) as caught:
            if "setup" in data:
                hr.Game.from_dict(data)
            else:
                Action.from_dict(data)
        assert caught.value.code == "unknown_field"
        assert len(caught.value.message) <= MAX_MESSAGE
        assert len(caught.value.path) <= MAX_PATH


def test_every_error_message_is_bounded_once_where_errors_are_built() -> None:
    for error in (
        RulesError("x", "y" * 1_000_000),
        InvalidDataError("bad_type", "z" * 1_000_000, "$" + ".a" * 1_000_000),
    ):
        assert len(error.message) == len(str(error)) == MAX_MESSAGE
        assert error.message.endswith("...")
    assert len(InvalidDataError("bad_type", "m", "$" + ".a" * 10_000).path) == MAX_PATH
    huge = {"type": "hr.end_scene", "reason": "r" * 1_000_000}
    with pytest.raises(InvalidDataError) as caught:
        Action.from_dict(huge)
    assert len(caught.value.message) <= MAX_MESSAGE


def test_shown_key_is_bounded_and_never_raises() -> None:
    assert shown_key("name") == "name"
    assert shown_key(10**5000).startswith("<an integer of ")
    assert len(shown_key("k" * 1000)) == 60
    assert shown_key(("a", 1)) == "('a', 1)"


def _deep(levels: int) -> dict[str, Any]:
    value: dict[str, Any] = {}
    top = value
    for _ in range(levels):
        value["a"] = {}
        value = value["a"]
    return top


def test_a_huge_integer_is_refused_by_its_size_in_bits() -> None:
    # str() of a number of more than 4300 digits raises: the message gives its bits.
    for data, type_ in ([10**5000], tuple[int, ...]), ({"a": -(10**5000)}, dict[str, int]):
        with pytest.raises(InvalidDataError) as info:
            serialization.structure(data, type_)
        assert info.value.code == "unsafe_integer"
        assert "16610 bits" in info.value.message
    with pytest.raises(InvalidDataError, match="16610 bits"):
        serialization.check_safe_integers({"x": [10**5000]})


def test_data_nested_too_deep_for_python_is_a_typed_error() -> None:
    with pytest.raises(InvalidDataError) as info:
        serialization.structure({"Luck": _deep(100_000)}, dict[str, Literal["common"]])
    assert (info.value.code, info.value.path) == ("too_deep", "$['Luck']")


def test_a_path_quotes_at_most_60_characters_of_a_key() -> None:
    key = "k" * 10_000
    with pytest.raises(InvalidDataError) as info:
        serialization.structure({key: "x"}, dict[str, Literal["common"]])
    assert "k" * 61 not in info.value.path and "k" * 61 not in info.value.message
    assert info.value.path == "$[" + repr("k" * 57 + "...") + "]"


def test_data_that_holds_itself_is_walked_once() -> None:
    loop: dict[str, Any] = {"n": 1}
    loop["self"] = loop
    serialization.check_safe_integers(loop)  # ends
    listed: list[Any] = [1]
    listed.append(listed)
    listed.append(2**60)
    with pytest.raises(InvalidDataError) as info:
        serialization.check_safe_integers({"x": listed})
    assert info.value.path == "$.x[2]"
