"""Property tests: random legal play in Hufflepuff & Ravenclaw keeps the engine's contract."""

from __future__ import annotations

import copy
import json
from collections import Counter
from typing import Any, ClassVar

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

from hogwarts_rules import hufflepuff_ravenclaw as hr
from hogwarts_rules.actions import Action, ChanceOutcome
from hogwarts_rules.bots import seat_actions
from hogwarts_rules.dice import CHANCE, DiceSource, ExternalDice, SeededDice
from hogwarts_rules.engine import ChanceRequest, Decision
from hogwarts_rules.errors import CORE_ERROR_CODES, IllegalActionError
from hogwarts_rules.events import Event
from hogwarts_rules.hufflepuff_ravenclaw.tables import ADVANCEMENT_TABLE
from hogwarts_rules.hufflepuff_ravenclaw.view import SceneView

NAMES = ("Sky", "Weasley", "Luna", "Cedric")
TRAIT_NAMES = ("Quick", "Clumsy", "Brave heart", "Fear of heights")
MODIFIER_REASONS = ("dark", "rushed", "a friend helps", "situation")
SPELL_NAMES = ("Matchstick to needle", "Snuffbox to mouse", "Tickling hex")
COMMON = sorted(s for s, kind in hr.DEFAULT_SKILLS.items() if kind == "common")
MAGICAL = sorted(s for s, kind in hr.DEFAULT_SKILLS.items() if kind == "magical")
ALL_SKILLS = sorted(hr.DEFAULT_SKILLS)
STATS_AND_QUALITIES = (*hr.DEFAULT_STATS, *hr.QUALITIES)
CATALOGUE = sorted(hr.DEFAULT_SPELLS)

# =============================================================== scenes


def _youth_max(year: int | None) -> int:
    return 0 if year is None else max(7 - (year - 1), 0)


@st.composite
def characters(draw: st.DrawFn, name: str) -> hr.Character:
    size = draw(st.integers(1, 15))
    stats = {
        "Ambition": draw(st.integers(0, 8)),
        "Agility": draw(st.integers(0, 8)),
        "Size": size,
    }
    qualities = {q: draw(st.integers(0, 6)) for q in hr.QUALITIES}
    skills = draw(st.dictionaries(st.sampled_from(ALL_SKILLS), st.integers(-3, 10), max_size=5))
    targets = st.frozensets(st.sampled_from([*STATS_AND_QUALITIES, *ALL_SKILLS]), max_size=2)
    traits = draw(
        st.dictionaries(
            st.sampled_from(TRAIT_NAMES),
            st.builds(hr.Trait, st.integers(-3, 3), targets),
            max_size=2,
        )
    )
    year = draw(st.sampled_from([1, 1, 1, 1, 2, 3, 5, 7, None]))
    youth_max = _youth_max(year)
    youth = draw(st.one_of(st.just(youth_max), st.integers(0, youth_max)))
    damage = draw(st.one_of(st.just(0), st.integers(0, size - 1)))
    return hr.Character(
        name,
        stats=stats,
        qualities=qualities,
        skills=skills,
        traits=traits,
        year=year,
        youth=youth,
        damage=damage,
        checks=draw(st.frozensets(st.sampled_from(ALL_SKILLS), max_size=2)),
        spells=draw(st.frozensets(st.sampled_from(CATALOGUE), max_size=3)),
        classes=draw(st.frozensets(st.sampled_from(MAGICAL), max_size=2)),
    )


@st.composite
def scenes(draw: st.DrawFn) -> list[hr.Character]:
    count = draw(st.integers(2, 4))
    return [draw(characters(name)) for name in NAMES[:count]]


# =============================================================== game master's actions


def _modifiers(draw: st.DrawFn) -> tuple[hr.Modifier, ...]:
    mods = draw(
        st.lists(
            st.builds(hr.Modifier, st.integers(-6, 6), st.sampled_from(MODIFIER_REASONS)),
            max_size=2,
        )
    )
    return tuple(mods)


def _traits(draw: st.DrawFn, c: hr.Character) -> tuple[str, ...]:
    if not c.traits:
        return ()
    return tuple(draw(st.lists(st.sampled_from(sorted(c.traits)), max_size=2, unique=True)))


def _spec(draw: st.DrawFn, c: hr.Character) -> hr.TestSpec:
    return hr.TestSpec(
        c.name,
        draw(st.sampled_from(ALL_SKILLS)),
        draw(st.sampled_from(STATS_AND_QUALITIES)),
        _modifiers(draw),
        _traits(draw, c),
    )


def _pick(draw: st.DrawFn, people: list[hr.Character]) -> hr.Character:
    return draw(st.sampled_from(people))


def _skill_test(draw: st.DrawFn, game: hr.Game, able: list[hr.Character]) -> Action:
    spec = _spec(draw, _pick(draw, able))
    return hr.SkillTest(spec.character, spec.skill, spec.stat, spec.modifiers, spec.traits)


def _quality_test(draw: st.DrawFn, game: hr.Game, able: list[hr.Character]) -> Action:
    c = _pick(draw, able)
    quality = draw(st.sampled_from(hr.QUALITIES))
    return hr.QualityTest(c.name, quality, _modifiers(draw), _traits(draw, c))


def _contest(draw: st.DrawFn, game: hr.Game, able: list[hr.Character]) -> Action:
    first, second = draw(st.lists(st.sampled_from(able), min_size=2, max_size=2, unique=True))
    return hr.Contest(_spec(draw, first), _spec(draw, second))


def _preparation(draw: st.DrawFn, c: hr.Character, year: int) -> Any:
    above = year - (7 if c.year is None else c.year)
    if above <= 0:
        return None
    return draw(st.sampled_from([None, "Astronomy", "Arithmancy"]))


def _cast_spell(draw: st.DrawFn, game: hr.Game, able: list[hr.Character]) -> Action:
    c = _pick(draw, able)
    stat = draw(st.sampled_from(["Intellect", "Intellect", *STATS_AND_QUALITIES]))
    verbal = draw(st.booleans())
    if draw(st.booleans()):
        spell = draw(st.sampled_from(CATALOGUE))
        year = game.setup.spells[spell].year
        return hr.CastSpell(
            c.name,
            spell,
            stat=stat,
            verbal=verbal,
            preparation=_preparation(draw, c, year),
            modifiers=_modifiers(draw),
            traits=_traits(draw, c),
        )
    year = draw(st.integers(1, 7))
    return hr.CastSpell(
        c.name,
        draw(st.sampled_from(SPELL_NAMES)),
        stat=stat,
        verbal=verbal,
        skill=draw(st.sampled_from(MAGICAL)),
        year=year,
        preparation=_preparation(draw, c, year),
        modifiers=_modifiers(draw),
        traits=_traits(draw, c),
    )


def _brawl(draw: st.DrawFn, game: hr.Game, able: list[hr.Character]) -> Action:
    first, second = draw(st.lists(st.sampled_from(able), min_size=2, max_size=2, unique=True))

    def fighter(c: hr.Character) -> hr.Fighter:
        return hr.Fighter(c.name, draw(st.booleans()), modifiers=_modifiers(draw))

    return hr.BrawlRound(fighter(first), fighter(second))


def _alive(game: hr.Game) -> list[hr.Character]:
    return [c for c in game.characters.values() if c.wound is not hr.Wound.DEAD]


def _damage(draw: st.DrawFn, game: hr.Game, able: list[hr.Character]) -> Action:
    c = _pick(draw, _alive(game))
    return hr.Damage(c.name, draw(st.integers(1, 6)), draw(st.sampled_from(["a jinx", "harm"])))


def _fall(draw: st.DrawFn, game: hr.Game, able: list[hr.Character]) -> Action:
    return hr.Fall(_pick(draw, _alive(game)).name, draw(st.integers(1, 16)))


def _heal(draw: st.DrawFn, game: hr.Game, able: list[hr.Character]) -> Action:
    hurt = [c for c in _alive(game) if c.damage > 0]
    return hr.Heal(_pick(draw, hurt).name, draw(st.integers(1, 6)))


def _advance(draw: st.DrawFn, game: hr.Game, able: list[hr.Character]) -> Action:
    c = _pick(draw, [c for c in able if c.year == 1])
    year = draw(st.integers(2, 7))
    row = ADVANCEMENT_TABLE[year]
    left = row.skill_points
    points: dict[str, int] = {}
    for skill in draw(st.lists(st.sampled_from(COMMON), unique=True, max_size=4)):
        with_traits = sum(t.value for t in c.traits.values() if skill in t.applies_to)
        cap = min(
            row.max_in_one_skill, left, row.max_with_advantages - c.skill(skill) - with_traits
        )
        if cap >= 1:
            points[skill] = draw(st.integers(1, cap))
            left -= points[skill]
    return hr.AdvanceYears(c.name, year, points)


def _quality_contest(draw: st.DrawFn, game: hr.Game, able: list[hr.Character]) -> Action:
    first, second = draw(st.lists(st.sampled_from(able), min_size=2, max_size=2, unique=True))

    def side(c: hr.Character) -> hr.QualitySpec:
        quality = draw(st.sampled_from(hr.QUALITIES))
        return hr.QualitySpec(c.name, quality, _modifiers(draw), _traits(draw, c))

    return hr.QualityContest(side(first), side(second))


def _duel(draw: st.DrawFn, game: hr.Game, able: list[hr.Character]) -> Action:
    first, second = draw(st.lists(st.sampled_from(able), min_size=2, max_size=2, unique=True))

    def side(c: hr.Character) -> hr.Duellist:
        damage = draw(st.sampled_from([0, 0, 1, 3, 8]))
        effect = draw(st.sampled_from(["", "vomits slugs", "is disarmed"]))
        if draw(st.booleans()):
            spell = draw(st.sampled_from(CATALOGUE))
            return hr.Duellist(c.name, spell, damage, effect, modifiers=_modifiers(draw))
        return hr.Duellist(
            c.name,
            draw(st.sampled_from(SPELL_NAMES)),
            damage,
            effect,
            skill=draw(st.sampled_from(MAGICAL)),
            year=draw(st.integers(1, 7)),
            traits=_traits(draw, c),
        )

    return hr.DuelRound(side(first), side(second))


def _learn_spell(draw: st.DrawFn, game: hr.Game, able: list[hr.Character]) -> Action:
    return hr.LearnSpell(_pick(draw, _alive(game)).name, draw(st.sampled_from(CATALOGUE)))


def _join_class(draw: st.DrawFn, game: hr.Game, able: list[hr.Character]) -> Action:
    return hr.JoinClass(_pick(draw, _alive(game)).name, draw(st.sampled_from(MAGICAL)))


def _add_character(draw: st.DrawFn, game: hr.Game, able: list[hr.Character]) -> Action:
    name = draw(st.sampled_from([*NAMES, "Hannah", "Ernie"]))
    return hr.AddCharacter(draw(characters(name)))


def _remove_character(draw: st.DrawFn, game: hr.Game, able: list[hr.Character]) -> Action:
    return hr.RemoveCharacter(draw(st.sampled_from(sorted(game.characters))))


def _fixed(action: Action) -> Any:
    def make(draw: st.DrawFn, game: hr.Game, able: list[hr.Character]) -> Action:
        return action

    return make


@st.composite
def gm_actions(draw: st.DrawFn, game: hr.Game) -> Action:
    able = [c for c in game.characters.values() if c.is_conscious]
    # Hypothesis favours early entries: the interesting actions come first.
    makers: list[Any] = []
    if able:
        makers += [_skill_test] * 6 + [_quality_test] * 3 + [_cast_spell] * 5
    if len(able) >= 2:
        makers += [_contest] * 3 + [_brawl] * 5 + [_quality_contest] * 2 + [_duel] * 3
    if _alive(game):
        makers += [_damage] * 3 + [_fall] * 2
    if any(c.damage > 0 for c in _alive(game)):
        makers += [_heal] * 3
    if any(c.year == 1 for c in able):
        makers += [_advance] * 2
    if _alive(game):
        makers += [_learn_spell, _join_class]
    makers += [_add_character, _remove_character, _fixed(hr.EndOfYear())]
    makers += [_fixed(hr.EndSession())] * 2 + [_fixed(hr.SchoolBreak())] * 2
    makers.append(_fixed(hr.EndScene()))  # rarely: it ends the scene
    maker = draw(st.sampled_from(makers))
    action: Action = maker(draw, game, able)
    return action


# =============================================================== actions that must be refused


@st.composite
def illegal_actions(draw: st.DrawFn, game: hr.Game) -> object:
    names = sorted(game.characters)
    request = game.awaiting
    asked = request.player if isinstance(request, Decision) else None
    others = [n for n in names if n != asked]
    knocked = [c.name for c in game.characters.values() if not c.is_conscious]
    someone = draw(st.sampled_from(names))
    c = game.characters[someone]
    candidates: list[object] = [
        hr.SpendYouth(draw(st.sampled_from(others)) if others else "Nobody", 0),
        hr.SkillTest(someone, "Quidditch Tactics", "Agility"),
        hr.SkillTest(someone, "Brawl", "Luck"),
        hr.SkillTest("Nobody", "Brawl", "Agility"),
        hr.QualityTest(someone, "Agility"),
        hr.Contest(
            hr.TestSpec(someone, "Brawl", "Agility"), hr.TestSpec(someone, "Brawl", "Agility")
        ),
        hr.BrawlRound(hr.Fighter(someone), hr.Fighter(someone)),
        hr.Damage(someone, 0),
        hr.Fall(someone, 0),
        hr.CastSpell(someone, "Lumos", skill="Potions"),
        hr.CastSpell(someone, "Unknown charm"),
        hr.AdvanceYears(someone, 8),
        hr.QualityContest(hr.QualitySpec(someone, "Bravery"), hr.QualitySpec(someone, "Bravery")),
        hr.DuelRound(hr.Duellist(someone, "Lumos"), hr.Duellist("Nobody", "Lumos")),
        hr.DuelRound(hr.Duellist(someone, "Lumos", damage=-1), hr.Duellist(someone, "Nox")),
        hr.LearnSpell(someone, "Unknown charm"),
        hr.JoinClass(someone, "Brawl"),
        hr.AddCharacter(c),
        hr.RemoveCharacter("Nobody"),
        hr.SkillTest(someone, "Brawl", "Agility", traits=("No such trait",)),
        ChanceOutcome(0),
        ChanceOutcome("1"),
        "hr.end_scene",
        None,
    ]
    if asked is not None:
        youth = game.characters[asked].youth
        candidates.append(hr.SpendYouth(asked, youth + draw(st.integers(1, 3))))
    else:
        candidates.append(hr.SpendYouth(someone, draw(st.integers(0, 3))))
    if not isinstance(request, ChanceRequest):
        candidates.append(ChanceOutcome(draw(st.integers(1, 6))))
    if c.damage == 0:
        candidates.append(hr.Heal(someone, 1))
    if c.year != 1:
        candidates.append(hr.AdvanceYears(someone, 2))
    if c.spells:
        candidates.append(hr.LearnSpell(someone, sorted(c.spells)[0]))
    if c.year is None:
        candidates.append(hr.JoinClass(someone, "Charms"))
    if len(names) == 1:
        candidates.append(hr.RemoveCharacter(someone))
    if knocked:
        out = draw(st.sampled_from(knocked))
        other = draw(st.sampled_from(names))
        candidates += [
            hr.SkillTest(out, "Brawl", "Agility"),
            hr.QualityTest(out, "Bravery"),
            hr.CastSpell(out, "Lumos"),
            hr.Contest(
                hr.TestSpec(out, "Brawl", "Agility"), hr.TestSpec(other, "Brawl", "Agility")
            ),
            hr.BrawlRound(hr.Fighter(other), hr.Fighter(out)),
            hr.AdvanceYears(out, 2),
            hr.QualityContest(hr.QualitySpec(out, "Bravery"), hr.QualitySpec(other, "Bravery")),
            hr.DuelRound(hr.Duellist(other, "Lumos"), hr.Duellist(out, "Nox")),
        ]
    return draw(st.sampled_from(candidates))


# =============================================================== the machine

PROPERTY_SETTINGS = settings(
    max_examples=45,
    stateful_step_count=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)


class ScenePlay(RuleBasedStateMachine):
    """Random play of a scene; subclasses choose the dice."""

    EXTERNAL: ClassVar[bool] = False
    stats: ClassVar[Counter[str]] = Counter()

    def __init__(self) -> None:
        super().__init__()
        self.game: hr.Game | None = None
        self.steps = 0
        self.refused_at = -1

    # ----- helpers

    @property
    def g(self) -> hr.Game:
        assert self.game is not None
        return self.game

    def make_dice(self, seed: int) -> DiceSource:
        return ExternalDice() if self.EXTERNAL else SeededDice(seed)

    def apply(self, action: Action) -> None:
        before = self.g
        snapshot = copy.deepcopy(before)
        first = before.apply(action)
        second = before.apply(action)
        assert first == second, "apply is not pure"
        assert before == snapshot, "apply changed the game it was called on"
        game, events = first
        for event in events:
            self.check_event(event)
        assert game.history == (*before.history, action)
        self.game = game
        self.steps += 1
        self.stats["applied"] += 1
        if self.steps % 5 == 0:
            self.check_round_trips()

    def check_event(self, event: Event) -> None:
        assert isinstance(event, hr.HufflepuffRavenclawEvent)
        assert event.description
        assert event.description.strip() == event.description
        data = event.to_dict()
        assert json.loads(json.dumps(data)) == data
        assert Event.from_dict(data) == event

    def check_round_trips(self) -> None:
        game = self.g
        if not game.to_act:
            # Every listed root action is accepted too.
            for action in game.legal_actions():
                game.check(action)
                game.apply(action)
        assert hr.Game.replay(game.record) == game
        loaded = hr.Game.from_dict(json.loads(json.dumps(game.to_dict())))
        assert loaded == game
        assert hash(loaded) == hash(game)
        self.check_views()

    def check_views(self) -> None:
        """Each seat's view and the table's: every sheet, no dice, the seat's actions."""
        game = self.g
        request = game.awaiting
        for seat in (*game.seat_names, None):
            view = game.view(seat)
            assert isinstance(view, SceneView) and view.viewer == seat
            assert not hasattr(view, "dice")
            assert view.characters == game.characters and view.to_act == game.to_act
            assert view.legal_actions == (() if seat is None else seat_actions(game, seat))
            if isinstance(request, Decision):
                assert (view.prompt, view.details) == (request.prompt, request.details)
            data = view.to_dict()
            assert not {"dice", "seed", "state"} & set(data)
            assert json.loads(json.dumps(data)) == data

    def refuse(self, action: object) -> None:
        game = self.g
        snapshot = copy.deepcopy(game)
        assert not game.can_apply(action), action
        with pytest.raises(IllegalActionError) as caught:
            game.check(action)
        assert caught.value.code in hr.ERROR_CODES or caught.value.code in CORE_ERROR_CODES
        with pytest.raises(IllegalActionError):
            game.apply(action)  # type: ignore[arg-type]
        assert game == snapshot

    # ----- rules

    @initialize(cast=scenes(), seed=st.integers(0, 2**64 - 1))
    def start(self, cast: list[hr.Character], seed: int) -> None:
        self.game = hr.new_game(cast, dice=self.make_dice(seed))
        self.stats["games"] += 1

    @precondition(lambda self: self.game is not None and self.g.is_over)
    @rule(cast=scenes(), seed=st.integers(0, 2**64 - 1))
    def next_scene(self, cast: list[hr.Character], seed: int) -> None:
        self.refuse(hr.EndSession())
        self.start(cast, seed)

    @precondition(lambda self: self.game is not None and not self.g.to_act and not self.g.is_over)
    @rule(data=st.data())
    def game_master(self, data: st.DataObject) -> None:
        action = data.draw(gm_actions(self.g), label="gm action")
        self.stats["generated"] += 1
        if self.g.can_apply(action):
            self.stats["legal"] += 1
            self.stats[type(action).__name__] += 1
            self.apply(action)
        else:
            self.refuse(action)

    @precondition(lambda self: self.game is not None and bool(self.g.to_act))
    @rule(data=st.data())
    def decide(self, data: st.DataObject) -> None:
        game = self.g
        options = game.legal_actions()
        assert options
        for option in options:
            game.check(option)
            game.apply(option)
        assert game.legal_actions(game.to_act[0]) == options
        others = [n for n in game.characters if (n,) != game.to_act]
        for name in others:
            assert game.legal_actions(name) == ()
        choice = data.draw(st.sampled_from(options), label="choice")
        self.stats["chance" if game.to_act == (CHANCE,) else "decision"] += 1
        self.apply(choice)

    # At most one refusal check per applied action, so that most steps are real play.
    @precondition(lambda self: self.game is not None and self.refused_at != self.steps)
    @rule(data=st.data())
    def illegal(self, data: st.DataObject) -> None:
        self.refused_at = self.steps
        self.refuse(data.draw(illegal_actions(self.g), label="illegal action"))
        self.stats["refused"] += 1

    # ----- invariants

    @invariant()
    def sheets_stay_valid(self) -> None:
        if self.game is None:
            return
        game = self.g
        skills = game.setup.skills
        for name, c in game.characters.items():
            assert c.name == name
            assert 0 <= c.youth <= c.youth_max
            assert c.damage >= 0
            assert c.year is None or 1 <= c.year <= 7
            for skill, value in c.skills.items():
                assert skill in skills
                assert -10 <= value <= 50
            assert c.checks <= set(skills)
            assert c.classes <= {s for s, kind in skills.items() if kind == "magical"}
            if c.knocked_out:
                assert not c.is_conscious

    @invariant()
    def to_act_is_well_formed(self) -> None:
        if self.game is None:
            return
        game = self.g
        to_act = game.to_act
        assert isinstance(to_act, tuple)
        if game.pending is None:
            assert to_act == ()
            assert game.awaiting is None
        else:
            assert len(to_act) == 1
            if to_act == (CHANCE,):
                assert self.EXTERNAL
                assert isinstance(game.awaiting, ChanceRequest)
                assert sum(p for _, p in game.chance_outcomes()) == 1
            else:
                assert to_act[0] in game.characters
                assert isinstance(game.awaiting, Decision)
                assert game.chance_outcomes() == ()
        if game.is_over:
            assert game.legal_actions() == ()
            assert game.outcome is not None
        else:
            assert game.legal_actions()

    def teardown(self) -> None:
        if self.game is not None:
            self.check_round_trips()


class SeededScenePlay(ScenePlay):
    EXTERNAL = False
    stats: ClassVar[Counter[str]] = Counter()


class ExternalScenePlay(ScenePlay):
    EXTERNAL = True
    stats: ClassVar[Counter[str]] = Counter()


def _run(machine: type[ScenePlay]) -> Counter[str]:
    machine.stats.clear()
    run_state_machine_as_test(machine, settings=PROPERTY_SETTINGS)
    stats = machine.stats
    # The generated game master's actions must mostly be legal, so that real play is tested.
    assert stats["generated"] > 0
    assert stats["legal"] >= 0.5 * stats["generated"], dict(stats)
    assert stats["decision"] > 0, dict(stats)
    assert stats["refused"] > 0, dict(stats)
    return stats


class TestSeededPlay:
    def test_random_play(self) -> None:
        stats = _run(SeededScenePlay)
        assert stats["chance"] == 0


class TestExternalPlay:
    def test_random_play(self) -> None:
        stats = _run(ExternalScenePlay)
        assert stats["chance"] > 0, dict(stats)
