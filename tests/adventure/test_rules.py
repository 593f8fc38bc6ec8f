"""A scripted-dice test for every table row and every decision of First Year Adventure.

Test names are quoted by docs/rulings.md: rename with care.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeVar

import attrs
import pytest

from hogwarts_rules import Event, IllegalActionError, ScriptedDice, SeededDice
from hogwarts_rules import adventure as ad
from hogwarts_rules.actions import Action
from hogwarts_rules.adventure import Space

E = TypeVar("E", bound=Event)


def of(events: Sequence[Event], kind: type[E]) -> list[E]:
    return [e for e in events if isinstance(e, kind)]


def started(
    rolls: Sequence[int], players: Sequence[str] = ("Harry", "Ron"), **harry: Any
) -> ad.Game:
    """A game past the roll-off, Harry to play, with Harry's record changed by ``harry``."""
    game = ad.new_game(list(players), dice=ScriptedDice(tuple(rolls)))
    game = attrs.evolve(game, order=tuple(players), turn=0, round=1)
    defaults: dict[str, Any] = {"invited": True, "boarded": True, "house": "Gryffindor"}
    defaults.update(harry)
    harry_record = attrs.evolve(game.players["Harry"], **defaults)
    return attrs.evolve(game, players=game.players.set("Harry", harry_record))


def run(
    game: ad.Game, action: Action, answers: Sequence[Action] = ()
) -> tuple[ad.Game, list[Event]]:
    """Apply an action, then answer decisions from ``answers`` (KeepRoll by default)."""
    queue = list(answers)
    game, events = game.apply(action)
    collected = list(events)
    while game.to_act and game.to_act[0] == "Harry" and game.pending is not None:
        answer = queue.pop(0) if queue else ad.KeepRoll("Harry")
        game, events = game.apply(answer)
        collected.extend(events)
    assert not queue, f"unused answers: {queue}"
    return game, collected


def visit(
    space: Space, rolls: Sequence[int], answers: Sequence[Action] = (), **harry: Any
) -> tuple[ad.Player, list[Event], ad.Game]:
    """Harry lands on ``space`` by a plain move from the space before it."""
    if space in ad.LOOP:
        before = ad.loop_step(space, -1)
        action: Action = ad.MoveOne("Harry")
    elif space is Space.FLUFFY:
        before = Space.THIRD_FLOOR
        harry.setdefault("clues", 5)
        action = ad.EnterDungeon("Harry")
    else:
        sequence = (*ad.DIAGON_ALLEY, *ad.DUNGEON)
        before = sequence[sequence.index(space) - 1]
        action = ad.TakeTurn("Harry")
    game = started(rolls, space=before, **harry)
    game, events = run(game, action, answers)
    return game.players["Harry"], events, game


def results(events: Sequence[Event]) -> list[tuple[str, str]]:
    return [(e.table, e.result) for e in of(events, ad.TableRolled)]


# ----- set-up --------------------------------------------------------------------------------


def test_roll_off_high_roll_goes_first_and_ties_reroll() -> None:
    game = ad.new_game(["Harry", "Ron", "Hermione"], dice=ScriptedDice((5, 6, 6, 2, 4)))
    assert game.to_act == () and game.legal_actions() == (ad.RollOff(),)
    game, events = game.apply(ad.RollOff())
    rolled = of(events, ad.RolledOff)
    assert [r.rolls for r in rolled] == [
        (("Harry", 5), ("Ron", 6), ("Hermione", 6)),
        (("Ron", 2), ("Hermione", 4)),
    ]
    assert game.order == ("Hermione", "Harry", "Ron")
    assert game.to_act == ("Hermione",)


def test_player_count_and_names() -> None:
    for players in (["Harry"], ["A", "B", "C", "D", "E"], ["Harry", "Harry"]):
        with pytest.raises(IllegalActionError):
            ad.new_game(players, seed=1)
    with pytest.raises(IllegalActionError) as info:
        ad.new_game(["A", "B"], seed=1, houses=4)
    assert info.value.code == "unknown_option"


# ----- Invitation to Hogwarts ----------------------------------------------------------------


def invitation(rolls: Sequence[int]) -> tuple[ad.Player, list[Event], ad.Game]:
    game = started(rolls, invited=False, house=None, boarded=False)
    game, events = run(game, ad.TakeTurn("Harry"))
    return game.players["Harry"], events, game


@pytest.mark.parametrize(
    ("roll", "raised_by", "mean"),
    [
        (1, "wizards", False),
        (2, "wizards", False),
        (3, "wizards", True),
        (4, "muggles", False),
        (5, "muggles", True),
        (6, "muggles", True),
    ],
)
def test_invitation_childhood(roll: int, raised_by: str, mean: bool) -> None:
    p, _, _ = invitation([roll, 2, 1, 3])
    assert (p.raised_by, p.mean_family) == (raised_by, mean)


@pytest.mark.parametrize(
    ("roll", "magic", "mark"),
    [(1, -1, False), (2, 0, False), (3, 0, False), (4, 1, False), (5, 1, False), (6, 0, True)],
)
def test_invitation_magical_talent(roll: int, magic: int, mark: bool) -> None:
    p, _, _ = invitation([1, roll, 1, 3])
    assert (p.magic, p.wizards_mark) == (magic, mark)


@pytest.mark.parametrize(
    ("roll", "skill"),
    [(1, "study"), (2, "study"), (3, "flying"), (4, "flying"), (5, "chess"), (6, "chess")],
)
def test_invitation_additional_talent(roll: int, skill: str) -> None:
    p, _, _ = invitation([1, 2, roll, 3])
    assert p.skill(skill) == 1
    assert sum(p.skill(s) for s in ad.SKILLS) == 1


def test_invitation_early_admissions_moves_to_gringotts_now() -> None:
    p, _events, _ = invitation([1, 2, 1, 2, 6, 6])  # then Gringotts: Rich, uneventful
    assert p.space is Space.GRINGOTTS and p.wealth == "Rich"


def test_invitation_standard_admissions_moves_next_turn() -> None:
    p, _, game = invitation([1, 2, 1, 4])
    assert p.space is Space.INVITATION and p.repeat_table is None
    game = attrs.evolve(game, turn=0, dice=ScriptedDice((3, 5)))
    game, _ = run(game, ad.TakeTurn("Harry"))
    assert game.players["Harry"].space is Space.GRINGOTTS


def test_invitation_letter_hidden_rolls_again_next_turn() -> None:
    p, _, game = invitation([1, 2, 1, 5])
    assert p.space is Space.INVITATION and p.repeat_table == "admissions"
    game = attrs.evolve(game, turn=0, dice=ScriptedDice((6,)))
    game, events = run(game, ad.TakeTurn("Harry"))
    assert results(events) == [("admissions", "Letter hidden by Muggles")]
    game = attrs.evolve(game, turn=0, dice=ScriptedDice((1, 3, 4)))
    game, events = run(game, ad.TakeTurn("Harry"))
    assert results(events)[0] == ("admissions", "Early admissions")
    assert game.players["Harry"].space is Space.GRINGOTTS


# ----- Diagon Alley --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rolls", "wealth", "modifier", "clues"),
    [
        ((1, 1), "Poor", -1, 1),
        ((2, 3), "Poor", -1, 1),
        ((3, 4), "Modest", 0, 0),
        ((4, 6), "Modest", 0, 0),
        ((5, 5), "Rich", 1, 0),
        ((6, 2), "Rich", 1, 1),
    ],
)
def test_gringotts_wealth_and_hagrid_escort(
    rolls: tuple[int, int], wealth: str, modifier: int, clues: int
) -> None:
    p, _, _ = visit(Space.GRINGOTTS, rolls)
    assert (p.wealth, p.wealth_modifier, p.clues) == (wealth, modifier, clues)


@pytest.mark.parametrize(
    ("roll", "modifier", "wand", "magic"),
    [
        (1, 0, "Hand me down", -1),
        (2, 0, "Oak wood", 0),
        (4, 0, "Oak wood", 0),
        (5, 0, "Phoenix Feather", 1),
        (6, 0, "Phoenix Feather", 1),
        (1, -1, "Hand me down", -1),  # 0 is clamped onto the table
        (2, -1, "Hand me down", -1),
        (4, 1, "Phoenix Feather", 1),
        (6, 1, "Phoenix Feather", 1),  # 7 is clamped onto the table
    ],
)
def test_ollivanders_with_wealth_modifier(roll: int, modifier: int, wand: str, magic: int) -> None:
    p, _, _ = visit(Space.OLLIVANDERS, [roll], wealth_modifier=modifier)
    assert (p.wand, p.magic) == (wand, magic)


@pytest.mark.parametrize(
    ("roll", "modifier", "familiar"),
    [
        (1, 0, "Toad"),
        (2, 0, "Rat"),
        (3, 0, "Cat"),
        (4, 0, "Barn Owl"),
        (5, 0, "Barn Owl"),
        (6, 0, "Snow Owl"),
        (1, -1, "Toad"),
        (6, 1, "Snow Owl"),
        (3, 1, "Barn Owl"),
    ],
)
def test_familiar_shop_with_wealth_modifier(roll: int, modifier: int, familiar: str) -> None:
    p, _, _ = visit(Space.FAMILIAR_SHOP, [roll], wealth_modifier=modifier)
    assert p.familiar == familiar


def test_platform_frogs_beans_and_enjoy_the_ride() -> None:
    p, events, _ = visit(Space.PLATFORM, [4, 2, 5, 3], boarded=False)
    assert (p.chocolate_frogs, p.beans, p.space) == (4, 7, Space.PLATFORM)
    assert results(events) == [("platform", "Enjoy the Ride")]


@pytest.mark.parametrize(
    ("roll", "raised_by", "result"),
    [
        (2, "wizards", "Enjoy the Ride"),
        (3, "muggles", "Miss the Train"),
        (4, "wizards", "Catch the Express"),
        (1, "muggles", "Miss the Train"),
        (6, "wizards", "Catch the Express"),
    ],
)
def test_platform_family_modifier(roll: int, raised_by: str, result: str) -> None:
    rolls = [roll, 1, 1]  # the table, then (on Catch the Express) the Sorting: Gryffindor
    _p, events, _ = visit(
        Space.PLATFORM,
        rolls if result == "Catch the Express" else [roll],
        raised_by=raised_by,
        house=None,
    )
    assert results(events)[0] == ("platform", result)


def test_platform_miss_the_train_rolls_again_without_new_frogs() -> None:
    p, _, game = visit(Space.PLATFORM, [1, 1, 1, 1], boarded=False, raised_by="muggles", house=None)
    assert p.repeat_table == "platform" and p.space is Space.PLATFORM
    game = attrs.evolve(game, turn=0, dice=ScriptedDice((6, 2)))
    game, events = run(game, ad.TakeTurn("Harry"))  # Catch the Express (6 - 1 = 5), Sorting 2
    assert of(events, ad.ItemGained) == []
    harry = game.players["Harry"]
    assert (harry.space, harry.house) == (Space.GREAT_HALL, "Hufflepuff")


def test_catch_the_express_goes_to_the_great_hall_for_the_sorting() -> None:
    p, events, _ = visit(Space.PLATFORM, [5, 3], house=None)
    assert p.space is Space.GREAT_HALL and p.house == "Ravenclaw"
    assert results(events) == [("platform", "Catch the Express"), ("sorting", "Ravenclaw")]


# ----- the Great Hall ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("roll", "house"), [(1, "Gryffindor"), (2, "Hufflepuff"), (3, "Ravenclaw"), (4, "Slytherin")]
)
def test_sorting_rows(roll: int, house: str) -> None:
    p, _, _ = visit(Space.GREAT_HALL, [roll], house=None)
    assert p.house == house


def test_sorting_rerolls_a_house_someone_has() -> None:
    game = started([1, 2], house=None, space=Space.MIRROR_OF_ERISED)
    ron = attrs.evolve(game.players["Ron"], house=ad.House.GRYFFINDOR)
    game = attrs.evolve(game, players=game.players.set("Ron", ron))
    game, events = run(game, ad.MoveOne("Harry"))
    assert results(events) == [("sorting", "Gryffindor"), ("sorting", "Hufflepuff")]
    assert game.players["Harry"].house == "Hufflepuff"


def test_sorting_pick_one_is_a_decision_among_free_houses() -> None:
    game = started([5], house=None, space=Space.MIRROR_OF_ERISED)
    ron = attrs.evolve(game.players["Ron"], house=ad.House.SLYTHERIN)
    game = attrs.evolve(game, players=game.players.set("Ron", ron))
    game, _ = game.apply(ad.MoveOne("Harry"))
    assert game.to_act == ("Harry",)
    assert game.legal_actions() == tuple(
        ad.ChooseHouse("Harry", h) for h in ("Gryffindor", "Hufflepuff", "Ravenclaw")
    )
    with pytest.raises(IllegalActionError):
        game.apply(ad.ChooseHouse("Harry", "Slytherin"))
    with pytest.raises(IllegalActionError) as info:
        game.apply(ad.ChooseHouse("Ron", "Gryffindor"))
    assert info.value.code == "not_your_turn"
    game, _ = game.apply(ad.ChooseHouse("Harry", "Ravenclaw"))
    assert game.players["Harry"].house == "Ravenclaw"
    assert game.to_act == ("Ron",)


@pytest.mark.parametrize(("roll", "missed"), [(1, 1), (2, 1), (4, 0), (5, 0)])
def test_great_hall_holiday_dinner_and_common_meal(roll: int, missed: int) -> None:
    p, _, _ = visit(Space.GREAT_HALL, [roll])
    assert p.turns_to_miss == missed


@pytest.mark.parametrize(
    ("dice", "magic", "points", "space", "missed"),
    [
        ((3, 4), 0, -10, Space.HOSPITAL, 2),
        ((4, 4), 0, 10, Space.GREAT_HALL, 0),
        ((3, 4), 1, 10, Space.GREAT_HALL, 0),
        ((6, 6), -1, 10, Space.GREAT_HALL, 0),
        ((1, 1), 0, -10, Space.HOSPITAL, 2),
    ],
)
def test_great_hall_troll_incident(
    dice: tuple[int, int], magic: int, points: int, space: Space, missed: int
) -> None:
    p, _, _ = visit(Space.GREAT_HALL, [3, *dice], magic=magic)
    assert (p.house_points, p.space, p.turns_to_miss) == (points, space, missed)


@pytest.mark.parametrize(
    ("roll", "familiar", "result", "clues"),
    [
        (1, None, "No Mail", 0),
        (2, None, "Letters", 0),
        (3, None, "Letters", 0),
        (4, None, "Newspaper", 1),
        (3, "Barn Owl", "Newspaper", 1),
        (2, "Snow Owl", "Newspaper", 1),
    ],
)
def test_great_hall_mail_with_owls(
    roll: int, familiar: str | None, result: str, clues: int
) -> None:
    p, events, _ = visit(Space.GREAT_HALL, [6, roll], familiar=familiar)
    assert results(events)[-1] == ("mail", result)
    assert p.clues == clues


@pytest.mark.parametrize(
    ("package_rolls", "check"),
    [
        ((1,), {"sweaters": 1}),
        ((2, 5), {"chocolate_frogs": 5}),
        ((3,), {"remembralls": 1}),
        ((4, 2, 6), {"beans": 8}),
        ((5,), {"cloak": True}),
        ((6,), {"nimbus": True, "flying": 1}),
    ],
)
def test_package_rows(package_rolls: tuple[int, ...], check: dict[str, Any]) -> None:
    p, _, _ = visit(Space.GREAT_HALL, [6, 5, *package_rolls])
    for name, value in check.items():
        assert getattr(p, name) == value, name


def test_package_rerolls_a_cloak_or_nimbus_already_owned() -> None:
    p, events, _ = visit(Space.GREAT_HALL, [6, 5, 5, 6, 1], cloak=True, nimbus=True, flying=1)
    assert [r for _, r in results(events)][2:] == [
        "Cloak of Invisibility",
        "Nimbus 2000",
        "Sweater from Home",
    ]
    assert (p.sweaters, p.flying) == (1, 1)


def test_mail_overflow_with_snow_owl_is_a_package() -> None:
    _p, events, _ = visit(Space.GREAT_HALL, [6, 6, 1], familiar="Snow Owl")
    assert results(events)[1:] == [("mail", "Get a Package"), ("package", "Sweater from Home")]


# ----- the loop ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rolls", "cloak", "check"),
    [
        ((1,), False, {"house_points": -5}),
        ((2,), False, {"turns_to_miss": 1}),
        ((3,), False, {"space": Space.HALLWAYS}),
        ((5,), False, {"turns_to_miss": 1}),
        ((6,), True, {"clues": 1}),  # 6 + cloak = 7: the altercation
        ((1,), True, {"turns_to_miss": 1}),  # 1 + cloak = 2: lost
    ],
)
def test_hallways_rows(rolls: tuple[int, ...], cloak: bool, check: dict[str, Any]) -> None:
    p, _, _ = visit(Space.HALLWAYS, rolls, cloak=cloak)
    for name, value in check.items():
        assert getattr(p, name) == value, name


def test_hallways_moving_staircases_move_and_the_new_space_takes_effect() -> None:
    p, events, _ = visit(Space.HALLWAYS, [4, 2, 5, 3])  # staircases 2: Transfiguration, rolls 5
    assert (p.space, p.house_points) == (Space.TRANSFIGURATION, 3)
    assert results(events)[-1] == ("transfiguration", "Complete Assignments")


def test_hallways_secret_passage_to_any_other_loop_space() -> None:
    game = started([6, 2], space=Space.GREAT_HALL)
    game, _ = game.apply(ad.MoveOne("Harry"))
    options = game.legal_actions()
    assert len(options) == 15 and ad.ChooseSpace("Harry", "Hallways") not in options
    assert ad.ChooseSpace("Harry", "Sorcerer's Stone") not in options
    game, events = game.apply(ad.ChooseSpace("Harry", "Library"))
    assert game.players["Harry"].space is Space.LIBRARY
    assert results(events)[-1] == ("library", "Daydream")


@pytest.mark.parametrize(
    ("roll", "check"),
    [(1, {"space": Space.DORM_ROOMS}), (3, {"turns_to_miss": 0}), (6, {"turns_to_miss": 2})],
)
def test_dorm_rooms_rows(roll: int, check: dict[str, Any]) -> None:
    p, _, _ = visit(Space.DORM_ROOMS, [roll])
    for name, value in check.items():
        assert getattr(p, name) == value, name


def test_dorm_midnight_jaunt_goes_to_hallways_which_takes_effect() -> None:
    p, events, _ = visit(Space.DORM_ROOMS, [4, 1])
    assert p.space is Space.HALLWAYS and p.house_points == -5
    assert [r for _, r in results(events)] == [
        "Midnight jaunt",
        "Caught after hours by the grounds keeper",
    ]


@pytest.mark.parametrize(
    ("rolls", "study", "check"),
    [
        ((1,), 0, {"house_points": -5}),
        ((2,), 0, {"house_points": 0}),
        ((4, 3), 0, {"house_points": 3}),
        ((6,), 0, {"magic": 1}),
        ((5,), 2, {"magic": 1}),
        ((1,), -1, {"house_points": -5}),
    ],
)
def test_transfiguration_rows_with_study(
    rolls: tuple[int, ...], study: int, check: dict[str, Any]
) -> None:
    p, _, _ = visit(Space.TRANSFIGURATION, rolls, study=study)
    for name, value in check.items():
        assert getattr(p, name) == value, name


@pytest.mark.parametrize(
    ("roll", "study", "check"),
    [
        (1, 0, {"study": 1}),
        (2, 0, {"clues": 0}),
        (3, 0, {"study_bonus": 1}),
        (4, 0, {"study_bonus": 1}),
        (5, 0, {"house_points": -5}),
        (6, 0, {"clues": 1}),
        (5, 1, {"clues": 1}),
    ],
)
def test_library_rows(roll: int, study: int, check: dict[str, Any]) -> None:
    p, _, _ = visit(Space.LIBRARY, [roll], study=study)
    for name, value in check.items():
        assert getattr(p, name) == value, name


def test_cram_adds_one_to_the_next_study_roll_only() -> None:
    p, events, _game = visit(Space.POTIONS, [5, 4], study_bonus=1)  # 5 + cram = 6: Brew Potion
    assert results(events) == [("potions", "Brew Potion")]
    assert (p.study_bonus, p.future_bonuses) == (0, 1)
    p, events, _ = visit(Space.DARK_WOODS, [4], study_bonus=1)  # no Study roll: the +1 waits
    assert p.study_bonus == 1


@pytest.mark.parametrize(
    ("rolls", "flying", "check"),
    [
        ((1,), 0, {"space": Space.HOSPITAL, "turns_to_miss": 2}),
        ((2,), 0, {"house_points": -5}),
        ((3,), 0, {"flying": 1}),
        ((4,), 0, {"flying": 1}),
        ((5,), 0, {"flying": 0}),
        ((6,), 0, {"flying": 0}),
    ],
)
def test_flying_lessons_rows(rolls: tuple[int, ...], flying: int, check: dict[str, Any]) -> None:
    p, _, _ = visit(Space.QUIDDITCH_FIELD, rolls, flying=flying)
    for name, value in check.items():
        assert getattr(p, name) == value, name


def test_quidditch_team_offer_accept_costs_study() -> None:
    p, events, _ = visit(Space.QUIDDITCH_FIELD, [6], [ad.JoinTeam("Harry")], flying=1, study=1)
    assert (p.on_team, p.study) == (True, 0)
    assert of(events, ad.TeamDecision) == [ad.TeamDecision("Harry", True)]


def test_quidditch_team_offer_can_be_declined_as_remedial_lessons() -> None:
    game = started([6], space=Space.LIBRARY, flying=1)
    game, _ = game.apply(ad.MoveOne("Harry"))
    assert game.legal_actions() == (ad.JoinTeam("Harry"), ad.DeclineTeam("Harry"))
    game, _ = game.apply(ad.DeclineTeam("Harry"))
    assert (game.players["Harry"].on_team, game.players["Harry"].study) == (False, 0)


@pytest.mark.parametrize(
    ("rolls", "check"),
    [
        ((1,), {"space": Space.HOSPITAL, "turns_to_miss": 1}),
        ((2,), {"flying": 0}),
        ((3,), {"flying": 1}),
        ((5, 6, 1), {"house_points": 50}),  # match won, no injury
        (
            (5, 5, 4),
            {"house_points": 0, "space": Space.HOSPITAL, "turns_to_miss": 1},
        ),  # lost, minor injury
        ((5, 2, 6), {"space": Space.HOSPITAL, "turns_to_miss": 2}),  # grievous injury
    ],
)
def test_quidditch_team_table_and_matches(rolls: tuple[int, ...], check: dict[str, Any]) -> None:
    p, _, _ = visit(Space.QUIDDITCH_FIELD, rolls, on_team=True)
    for name, value in check.items():
        assert getattr(p, name) == value, name


def test_bewitched_broom_gives_one_clue_once_and_adds_one_to_injury() -> None:
    p, events, _ = visit(Space.QUIDDITCH_FIELD, [6, 1, 3], on_team=True)  # 3 + 1 = 4: minor injury
    assert p.clues == 1 and p.space is Space.HOSPITAL
    assert results(events)[-1] == ("match_injury", "Minor Injury")
    p, _, _ = visit(
        Space.QUIDDITCH_FIELD, [6, 1, 1], on_team=True, clue_sources_used={"bewitched broomstick"}
    )
    assert p.clues == 0


def test_match_win_needs_six_with_flying_skill() -> None:
    p, _, _ = visit(Space.QUIDDITCH_FIELD, [5, 4, 1], on_team=True, flying=2)
    assert p.house_points == 50


def test_hospital_has_no_effect() -> None:
    p, events, _ = visit(Space.HOSPITAL, [])
    assert p.space is Space.HOSPITAL and results(events) == []


@pytest.mark.parametrize(
    ("rolls", "study", "check"),
    [
        ((1,), 0, {"house_points": -5}),
        ((2,), 0, {"space": Space.HOSPITAL, "turns_to_miss": 1}),
        ((3,), 0, {"house_points": 0}),
        ((5, 2), 0, {"house_points": 2}),
        ((6,), 0, {"future_bonuses": 1}),
        ((4,), 2, {"future_bonuses": 1}),
    ],
)
def test_potions_rows(rolls: tuple[int, ...], study: int, check: dict[str, Any]) -> None:
    p, _, _ = visit(Space.POTIONS, rolls, study=study)
    for name, value in check.items():
        assert getattr(p, name) == value, name


@pytest.mark.parametrize(
    ("roll", "points", "clues"), [(1, -5, 0), (2, 0, 0), (4, 0, 0), (5, 0, 1), (6, 0, 1)]
)
def test_third_floor_rows(roll: int, points: int, clues: int) -> None:
    p, _, _ = visit(Space.THIRD_FLOOR, [roll])
    assert (p.house_points, p.clues) == (points, clues)


def test_third_floor_fluffy_clue_one_time_only() -> None:
    p, events, _ = visit(Space.THIRD_FLOOR, [5], clue_sources_used={"scared off by Fluffy"})
    assert p.clues == 0 and of(events, ad.CluesChanged) == []


@pytest.mark.parametrize(
    ("rolls", "study", "check"),
    [
        ((3,), 0, {"house_points": 0}),
        ((4, 6), 0, {"house_points": 6}),
        ((6,), 0, {"magic": 1}),
        ((5,), 1, {"magic": 1}),
    ],
)
def test_charms_rows(rolls: tuple[int, ...], study: int, check: dict[str, Any]) -> None:
    p, _, _ = visit(Space.CHARMS, rolls, study=study)
    for name, value in check.items():
        assert getattr(p, name) == value, name


@pytest.mark.parametrize(
    ("rolls", "check"),
    [
        ((1,), {"turns_to_miss": 1}),
        ((2,), {"clues": 1}),
        ((3,), {"clues": 1}),
        ((4,), {"fluffys_secret": True}),
        ((5,), {"house_points": 0}),
        ((6, 4), {"house_points": -50, "space": Space.DARK_WOODS}),  # Dark Woods then rolls 4
    ],
)
def test_hagrids_cottage_rows(rolls: tuple[int, ...], check: dict[str, Any]) -> None:
    p, _, _ = visit(Space.HAGRIDS_COTTAGE, rolls)
    for name, value in check.items():
        assert getattr(p, name) == value, name


@pytest.mark.parametrize(
    ("rolls", "check"),
    [((2,), {"house_points": 0}), ((4, 1), {"house_points": 1}), ((6,), {"magic": 1})],
)
def test_defence_rows(rolls: tuple[int, ...], check: dict[str, Any]) -> None:
    p, _, _ = visit(Space.DEFENCE, rolls)
    for name, value in check.items():
        assert getattr(p, name) == value, name


@pytest.mark.parametrize(
    ("roll", "check"),
    [
        (1, {"space": Space.HOSPITAL, "turns_to_miss": 2}),
        (2, {"clues": 1}),
        (3, {"clues": 1}),
        (4, {"clues": 0}),
        (5, {"clues": 0}),
        (6, {"turns_to_miss": 1}),
    ],
)
def test_dark_woods_rows(roll: int, check: dict[str, Any]) -> None:
    p, _, _ = visit(Space.DARK_WOODS, [roll])
    for name, value in check.items():
        assert getattr(p, name) == value, name


def test_dark_woods_centaur_clue_one_time_only() -> None:
    p, _, _ = visit(Space.DARK_WOODS, [2], clue_sources_used={"saved by a centaur"})
    assert p.clues == 0


@pytest.mark.parametrize(
    ("roll", "check"),
    [
        (3, {"chess": 0, "turns_to_miss": 0}),
        (4, {"turns_to_miss": 1}),
        (5, {"chess": 1}),
        (6, {"chess": 1}),
    ],
)
def test_wizards_chess_rows(roll: int, check: dict[str, Any]) -> None:
    p, _, _ = visit(Space.WIZARDS_CHESS, [roll])
    for name, value in check.items():
        assert getattr(p, name) == value, name


@pytest.mark.parametrize(
    ("rolls", "check"),
    [
        ((2,), {"plant_lore": False}),
        ((4,), {"plant_lore": True}),
        ((5, 3), {"house_points": 3}),
        ((6,), {"future_bonuses": 1}),
    ],
)
def test_herbology_rows(rolls: tuple[int, ...], check: dict[str, Any]) -> None:
    p, _, _ = visit(Space.HERBOLOGY, rolls)
    for name, value in check.items():
        assert getattr(p, name) == value, name


@pytest.mark.parametrize(
    ("rolls", "obsessed", "mean", "check"),
    [
        ((2,), False, False, {"turns_to_miss": 0, "mirror_turns": 0}),
        ((3,), False, False, {"turns_to_miss": 1}),
        ((5,), False, False, {"turns_to_miss": 1}),
        ((6, 4), False, False, {"mirror_turns": 4, "been_obsessed": True}),
        ((5, 3), False, True, {"mirror_turns": 3}),  # 5 + 1 (mean family) = 6
        ((6,), True, False, {"turns_to_miss": 1}),  # 6 - 2 = 4: linger
        ((1,), True, False, {"turns_to_miss": 0}),  # -1 is clamped: glance
    ],
)
def test_mirror_rows_with_obsession_and_mean_family(
    rolls: tuple[int, ...], obsessed: bool, mean: bool, check: dict[str, Any]
) -> None:
    p, _, _ = visit(Space.MIRROR_OF_ERISED, rolls, been_obsessed=obsessed, mean_family=mean)
    for name, value in check.items():
        assert getattr(p, name) == value, name


def test_mirror_obsession_keeps_the_player_for_that_many_turns() -> None:
    _, _, game = visit(Space.MIRROR_OF_ERISED, [6, 2])
    assert game.to_act == ("Ron",)
    game = attrs.evolve(game, dice=ScriptedDice((1, 1, 1, 3, 3, 4, 2)))
    game, events = run(game, ad.TakeTurn("Ron"))  # Ron's Invitation rolls
    assert of(events, ad.TurnMissed) == [ad.TurnMissed("Harry", ad.MissReason.MIRROR, 1)]
    assert game.to_act == ("Ron",)
    game, events = run(game, ad.TakeTurn("Ron"))  # Gringotts
    assert of(events, ad.TurnMissed) == [ad.TurnMissed("Harry", ad.MissReason.MIRROR, 0)]
    game, events = run(game, ad.TakeTurn("Ron"))  # Ollivanders
    assert of(events, ad.TurnMissed) == []
    assert game.to_act == ("Harry",)


# ----- movement ------------------------------------------------------------------------------


def test_loop_turn_offers_move_one_or_roll() -> None:
    game = started([], space=Space.LIBRARY)
    assert game.legal_actions() == (ad.MoveOne("Harry"), ad.RollToMove("Harry"))
    assert game.legal_actions("Ron") == ()


def test_roll_to_move_moves_that_many_and_only_the_end_space_counts() -> None:
    game = started([3, 2], space=Space.GREAT_HALL)
    game, events = run(game, ad.RollToMove("Harry"))
    assert game.players["Harry"].space is Space.TRANSFIGURATION
    assert results(events) == [("transfiguration", "Daydreaming")]
    assert of(events, ad.Moved) == [
        ad.Moved("Harry", "Great Hall", "Transfiguration Class", ad.Movement.ROLL)
    ]


def test_loop_wraps_from_the_mirror_to_the_great_hall() -> None:
    game = started([2, 4], space=Space.HERBOLOGY)
    game, _ = run(game, ad.RollToMove("Harry"))
    assert game.players["Harry"].space is Space.GREAT_HALL


def test_straight_runs_move_one_space_a_turn() -> None:
    game = started([6, 4], space=Space.GRINGOTTS)
    assert game.legal_actions() == (ad.TakeTurn("Harry"),)
    with pytest.raises(IllegalActionError) as info:
        game.apply(ad.RollToMove("Harry"))
    assert info.value.code == "straight_run"
    game, _ = run(game, ad.TakeTurn("Harry"))
    assert game.players["Harry"].space is Space.OLLIVANDERS


def test_third_floor_shortcut_with_five_clues() -> None:
    game = started([2], space=Space.LIBRARY, clues=5)
    assert ad.GoToThirdFloor("Harry") in game.legal_actions()
    game, events = run(game, ad.GoToThirdFloor("Harry"))
    assert game.players["Harry"].space is Space.THIRD_FLOOR
    assert results(events) == [("third_floor", "Chased away by the grounds keeper's cat")]
    few = started([], space=Space.LIBRARY, clues=4)
    with pytest.raises(IllegalActionError) as info:
        few.apply(ad.GoToThirdFloor("Harry"))
    assert info.value.code == "need_clues"


def test_enter_dungeon_from_third_floor_with_five_clues() -> None:
    game = started([6, 6], space=Space.THIRD_FLOOR, clues=5)
    assert game.legal_actions() == (
        ad.MoveOne("Harry"),
        ad.RollToMove("Harry"),
        ad.EnterDungeon("Harry"),
    )
    game, events = run(game, ad.EnterDungeon("Harry"))
    assert game.players["Harry"].space is Space.FLUFFY
    assert of(events, ad.ChallengePassed) == [ad.ChallengePassed("Harry", "Fluffy", False)]
    off = started([], space=Space.LIBRARY, clues=5)
    with pytest.raises(IllegalActionError) as info:
        off.apply(ad.EnterDungeon("Harry"))
    assert info.value.code == "not_on_third_floor"


def test_turn_actions_of_another_player_are_refused() -> None:
    game = started([], space=Space.LIBRARY)
    with pytest.raises(IllegalActionError) as info:
        game.apply(ad.TakeTurn("Ron"))
    assert info.value.code == "not_your_turn"
    with pytest.raises(IllegalActionError) as info:
        game.apply(ad.MoveOne("Draco"))
    assert info.value.code == "unknown_player"
    with pytest.raises(IllegalActionError) as info:
        game.apply(ad.KeepRoll("Harry"))
    assert info.value.code == "not_now"


def test_missed_turns_are_skipped() -> None:
    game = started([1], space=Space.WIZARDS_CHESS, turns_to_miss=0)
    game, _ = run(game, ad.MoveOne("Harry"))  # Herbology 1: nothing
    ron = attrs.evolve(game.players["Ron"], turns_to_miss=2)
    game = attrs.evolve(game, players=game.players.set("Ron", ron), turn=0, dice=ScriptedDice((2,)))
    game, events = run(game, ad.MoveOne("Harry"))
    assert of(events, ad.TurnMissed) == [ad.TurnMissed("Ron", ad.MissReason.MISSED, 1)]
    assert game.to_act == ("Harry",) and game.round == 2


# ----- the dungeon ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("space", "rolls", "skills", "passed"),
    [
        (Space.FLUFFY, (4, 4), {}, False),
        (Space.FLUFFY, (4, 5), {}, True),
        (Space.FLUFFY, (4, 4), {"magic": 1}, True),
        (Space.DEVILS_SNARE, (6, 2), {}, False),
        (Space.DEVILS_SNARE, (6, 3), {}, True),
        (Space.FLYING_KEYS, (5,), {}, False),
        (Space.FLYING_KEYS, (6,), {}, True),
        (Space.FLYING_KEYS, (4,), {"flying": 2}, True),
        (Space.LIVE_CHESS_MATCH, (3,), {}, False),
        (Space.LIVE_CHESS_MATCH, (4,), {}, True),
        (Space.LIVE_CHESS_MATCH, (2,), {"chess": 2}, True),
        (Space.SORCERERS_STONE, (6, 5), {}, False),
        (Space.SORCERERS_STONE, (6, 6), {}, True),
        (Space.SORCERERS_STONE, (6, 5), {"magic": 1}, True),
    ],
)
def test_dungeon_challenges(
    space: Space, rolls: tuple[int, ...], skills: dict[str, Any], passed: bool
) -> None:
    p, events, game = visit(space, rolls, **skills)
    if passed:
        assert of(events, ad.ChallengePassed) == [ad.ChallengePassed("Harry", space.value, False)]
        if space is Space.SORCERERS_STONE:
            assert game.is_over and p.house_points == 170
        else:
            assert p.space is space
    else:
        assert (p.space, p.turns_to_miss) == (Space.HOSPITAL, 2)
        assert not game.is_over


def test_dungeon_moves_one_space_a_turn_after_a_pass() -> None:
    game = started([6, 6], space=Space.FLUFFY)
    assert game.legal_actions() == (ad.TakeTurn("Harry"),)
    game, _events = run(game, ad.TakeTurn("Harry"))
    assert game.players["Harry"].space is Space.DEVILS_SNARE


@pytest.mark.parametrize(
    ("space", "knowledge"),
    [
        (Space.FLUFFY, "fluffys_secret"),
        (Space.DEVILS_SNARE, "plant_lore"),
        (Space.SORCERERS_STONE, "wizards_mark"),
    ],
)
def test_automatic_passes(space: Space, knowledge: str) -> None:
    flags: dict[str, Any] = {knowledge: True}
    _, events, _ = visit(space, [], **flags)
    assert of(events, ad.ChallengePassed) == [ad.ChallengePassed("Harry", space.value, True)]
    assert of(events, ad.TableRolled) == []


def test_defeating_voldemort_ends_the_game_with_170_points_and_the_most_points_win() -> None:
    game = started([6, 6], space=Space.LIVE_CHESS_MATCH, house_points=10)
    ron = attrs.evolve(game.players["Ron"], house_points=200)
    game = attrs.evolve(game, players=game.players.set("Ron", ron))
    game, events = run(game, ad.TakeTurn("Harry"))
    assert game.is_over and game.outcome is not None
    assert game.outcome.winners == ("Ron",)  # 200 beats 180
    assert game.outcome.reason == "voldemort_defeated"
    assert {p.space for p in game.players.values()} == {Space.GREAT_HALL}
    assert of(events, ad.GameEnded)[0].winners == ("Ron",)
    with pytest.raises(IllegalActionError) as info:
        game.apply(ad.TakeTurn("Ron"))
    assert info.value.code == "game_over"


def test_tied_house_points_share_the_win() -> None:
    game = started([6, 6], space=Space.LIVE_CHESS_MATCH)
    ron = attrs.evolve(game.players["Ron"], house_points=170)
    game = attrs.evolve(game, players=game.players.set("Ron", ron))
    game, _ = run(game, ad.TakeTurn("Harry"))
    assert game.outcome is not None and game.outcome.winners == ("Harry", "Ron")


def test_hospital_from_the_dungeon_restarts_the_dungeon() -> None:
    p, _, _game = visit(Space.DEVILS_SNARE, [1, 1])
    assert p.space is Space.HOSPITAL
    assert ad.region(p.space) is ad.Region.HOGWARTS


def test_round_limit_ends_the_game() -> None:
    game = ad.new_game(
        ["Harry", "Ron"], dice=ScriptedDice((6, 1, 1, 1, 1, 3, 1, 1, 1, 3)), max_rounds=1
    )
    game, _ = game.apply(ad.RollOff())
    game, _ = run(game, ad.TakeTurn("Harry"))
    game, _events = game.apply(ad.TakeTurn("Ron"))
    assert game.is_over and game.outcome is not None
    assert game.outcome.reason == "round_limit"
    assert game.outcome.winners == ("Harry", "Ron")


# ----- changing a roll -----------------------------------------------------------------------


def test_remembrall_rerolls_a_roll_just_seen() -> None:
    game = started([4, 4, 6, 5], space=Space.THIRD_FLOOR, clues=5, remembralls=1)
    game, _ = game.apply(ad.EnterDungeon("Harry"))
    assert game.legal_actions() == (ad.KeepRoll("Harry"), ad.UseRemembrall("Harry"))
    decision = game.awaiting
    assert decision is not None and getattr(decision, "details")["result"] == "Get Bitten"  # noqa: B009
    game, events = game.apply(ad.UseRemembrall("Harry"))
    assert of(events, ad.RollChanged) == [
        ad.RollChanged("Harry", ad.RollChange.REMEMBRALL, (6, 5), 0)
    ]
    assert results(events) == [("fluffy", "Get past Fluffy")]
    assert game.players["Harry"].remembralls == 0


def test_stored_bonus_adds_one_to_a_roll_just_seen() -> None:
    game = started([4, 4], space=Space.THIRD_FLOOR, clues=5, future_bonuses=2)
    game, _ = game.apply(ad.EnterDungeon("Harry"))
    game, _ = game.apply(ad.UseBonus("Harry"))
    assert game.legal_actions() == (ad.KeepRoll("Harry"), ad.UseBonus("Harry"))
    game, events = game.apply(ad.KeepRoll("Harry"))
    rolled = of(events, ad.TableRolled)[0]
    assert (rolled.total, rolled.result) == (9, "Get past Fluffy")
    assert game.players["Harry"].future_bonuses == 1


def test_no_roll_decision_without_remembrall_or_bonus() -> None:
    game = started([4, 4], space=Space.THIRD_FLOOR, clues=5)
    game, _ = game.apply(ad.EnterDungeon("Harry"))
    assert game.pending is None


# ----- a whole game --------------------------------------------------------------------------


def test_full_game_with_scripted_dice_ends_with_known_winner_and_score() -> None:
    """Two players, every roll scripted: Harry races through and defeats Voldemort."""
    rolls = [
        6,
        2,  # roll-off: Harry first
        1,
        6,
        1,
        1,  # Harry: nice wizards, Wizard's Mark, Studious, early admissions ->
        5,
        1,  # Gringotts: Rich, escorted by Hagrid (1 clue)
        1,
        4,
        3,
        3,  # Ron: nice wizards, Gifted, Natural Flyer, standard admissions
        6,  # Harry: Ollivanders 6 + 1 = Phoenix Feather
        4,
        6,  # Ron: Gringotts Modest, uneventful
        6,  # Harry: Familiar Shop 7 -> Snow Owl
    ]
    game = ad.new_game(["Harry", "Ron"], dice=ScriptedDice(tuple(rolls)))
    game, _ = game.apply(ad.RollOff())
    for action in (
        ad.TakeTurn("Harry"),
        ad.TakeTurn("Ron"),
        ad.TakeTurn("Harry"),
        ad.TakeTurn("Ron"),
        ad.TakeTurn("Harry"),
    ):
        game, _ = run(game, action)
    harry = game.players["Harry"]
    assert (harry.space, harry.wand, harry.familiar, harry.wizards_mark, harry.clues) == (
        Space.FAMILIAR_SHOP,
        "Phoenix Feather",
        "Snow Owl",
        True,
        1,
    )
    # Fast-forward Harry to the dungeon's end: the Wizard's Mark defeats Voldemort.
    harry = attrs.evolve(
        harry, space=Space.LIVE_CHESS_MATCH, house=ad.House.GRYFFINDOR, house_points=25
    )
    game = attrs.evolve(game, players=game.players.set("Harry", harry), dice=ScriptedDice((2,)))
    game, _ = run(game, ad.TakeTurn("Ron"))  # Ron: Ollivanders 2: Oak wood
    game, _events = run(game, ad.TakeTurn("Harry"))
    assert game.is_over and game.outcome is not None
    assert game.outcome.winners == ("Harry",)
    assert dict(game.outcome.scores) == {"Harry": 195, "Ron": 0}


def test_illegal_action_leaves_the_game_unchanged() -> None:
    game = started([3], space=Space.LIBRARY)
    before = game
    for action in (
        ad.TakeTurn("Harry"),
        ad.EnterDungeon("Harry"),
        ad.ChooseHouse("Harry", "Gryffindor"),
        ad.RollOff(),
    ):
        with pytest.raises(IllegalActionError):
            game.apply(action)
    assert game == before


def test_loop_order_follows_the_arrows() -> None:
    names = [space.value for space in ad.LOOP]
    assert names == [
        "Great Hall",
        "Hallways",
        "Dorm Rooms",
        "Transfiguration Class",
        "Library",
        "Quidditch Field",
        "Hospital",
        "Potions Class",
        "3rd Floor",
        "Charms Class",
        "Hagrid's Cottage",
        "Defence Against the Dark Arts Class",
        "Dark Woods",
        "Wizard's Chess",
        "Herbology Class",
        "Mirror of Erised",
    ]
    assert ad.next_space(Space.PLATFORM) is Space.GREAT_HALL
    assert ad.next_space(Space.SORCERERS_STONE) is None


@attrs.frozen
class RecordingDice:
    """Seeded dice that remember every roll (to script a whole game)."""

    inner: SeededDice
    rolls: tuple[int, ...] = ()

    def roll(self, sides: int) -> tuple[int, RecordingDice]:
        value, inner = self.inner.roll(sides)
        return value, RecordingDice(inner, (*self.rolls, value))


def test_whole_game_from_roll_off_to_voldemort_with_scripted_dice() -> None:
    """A complete 3-player game: every roll scripted, every action listed, known result."""
    names = ["Harry", "Ron", "Hermione"]
    game = ad.new_game(names, dice=RecordingDice(SeededDice(2026)))
    game = ad.play_out(game, {name: ad.HeuristicBot() for name in names})
    assert isinstance(game.dice, RecordingDice)
    script = game.dice.rolls
    replayed = ad.new_game(names, dice=ScriptedDice(script))
    replayed, _ = replayed.apply_all(game.history)
    assert replayed.is_over and replayed.outcome is not None
    assert replayed.outcome.reason == "voldemort_defeated"
    assert replayed.outcome.winners == game.outcome.winners  # type: ignore[union-attr]
    assert dict(replayed.scores) == dict(game.scores)
    assert replayed.dice == ScriptedDice(script, len(script))  # every scripted roll used
    assert (
        len(script),
        replayed.round,
        replayed.outcome.winners,
        dict(replayed.scores),
    ) == EXPECTED_WHOLE_GAME


# Pinned: 426 rolls over 132 rounds; Voldemort is defeated and Harry has the most points.
EXPECTED_WHOLE_GAME = (426, 132, ("Harry",), {"Harry": 77, "Ron": -9, "Hermione": 12})
