"""A scripted test for each rule of Clue: World of Harry Potter.

The deal and the dice are scripted with external dice: every chance outcome is
supplied by name (a student, a card, a black-die face) or number (the green die).
Test names are quoted by docs/rulings.md: rename with care.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, TypeVar

import attrs
import pytest

from hogwarts_rules import (
    CHANCE,
    ChanceOutcome,
    Event,
    ExternalDice,
    IllegalActionError,
    events_for,
)
from hogwarts_rules import clue as cl

E = TypeVar("E", bound=Event)

PLAYERS = ("Ann", "Ben", "Cat")
STUDENTS = {"Ann": "Harry", "Ben": "Hermione", "Cat": "Ron"}
ENVELOPE = ("Scabior", "Stupefy", "Hogwarts")
BOARD = cl.default_content().board
HELP = {card.name: card for card in cl.default_content().help_deck}
DARK = {card.name: card for card in cl.default_content().dark_deck}


def of(events: Sequence[Event], kind: type[E]) -> list[E]:
    return [e for e in events if isinstance(e, kind)]


def feed(game: cl.Game, values: Sequence[int | str]) -> tuple[cl.Game, list[Event]]:
    """Supply chance outcomes, one per awaited roll or draw."""
    collected: list[Event] = []
    for value in values:
        assert game.to_act == (CHANCE,), (game.to_act, game.awaiting, value)
        game, events = game.apply(ChanceOutcome(value))
        collected.extend(events)
    return game, collected


def deal(
    players: Sequence[str] = PLAYERS,
    *,
    students: Mapping[str, str] | None = None,
    missing: str = "Neville",
    envelope: Sequence[str] = ENVELOPE,
    first_player: str | None = None,
    help_cards: Sequence[str] | None = None,
) -> tuple[cl.Game, list[Event]]:
    """A dealt game: the rest of the cards go round in MYSTERY_CARDS order."""
    chosen = dict(STUDENTS if students is None else students)
    game = cl.new_game(
        list(players), dice=ExternalDice(), students=chosen, first_player=first_player
    )
    game, events = game.apply(cl.Deal())
    rest = [card for card in cl.MYSTERY_CARDS if card not in envelope]
    fillers = ["Alohomora", "Alohomora", "Alohomora", "Felix Felicis", "Felix Felicis"]
    helps = list(help_cards) if help_cards is not None else fillers[: len(players)]
    game, more = feed(game, [missing, *envelope, *rest, *helps])
    return game, [*events, *more]


def place(game: cl.Game, **positions: Any) -> cl.Game:
    seats = game.seats
    for name, position in positions.items():
        seats = seats.set(name, attrs.evolve(seats[name], position=position))
    return attrs.evolve(game, seats=seats)


def give(
    game: cl.Game,
    name: str,
    *,
    help_cards: Sequence[str] = (),
    hidden: Sequence[str] = (),
    floo: int | None = None,
) -> cl.Game:
    seat = game.seats[name]
    changed = attrs.evolve(
        seat,
        help_cards=tuple(help_cards),
        hidden_help=tuple(hidden),
        floo=seat.floo if floo is None else floo,
    )
    return attrs.evolve(game, seats=game.seats.set(name, changed))


def roll(
    game: cl.Game, player: str, black: str, green: int, *more: int | str
) -> tuple[cl.Game, list[Event]]:
    game, events = game.apply(cl.RollDice(player))
    game, more_events = feed(game, [black, green, *more])
    return game, [*events, *more_events]


def door(location: str) -> cl.Door:
    return BOARD.doors_of[location][0]


def moving(game: cl.Game, player: str, green: int) -> cl.Game:
    """Put the game at ``player``'s move step with ``green`` on the die."""
    if game.seats[player].hidden_help == ("Alohomora",):  # the dealt filler card
        game = give(game, player)
    return attrs.evolve(
        game, turn=game.order.index(player), step="move", green=green, left=None, entered=None
    )


# ----- set-up ------------------------------------------------------------------------------


def test_setup_floo_powder_by_player_count() -> None:
    for count, floo in ((3, 8), (4, 10), (5, 12)):
        names = ["Ann", "Ben", "Cat", "Dan", "Eve"][:count]
        students = dict(zip(names, ["Harry", "Ron", "Hermione", "Ginny", "Luna"], strict=False))
        game, _ = deal(names, students=students)
        assert {seat.floo for seat in game.seats.values()} == {floo}


def test_player_count_and_names_are_checked() -> None:
    for players in (["Ann", "Ben"], ["A", "B", "C", "D", "E", "F"], ["Ann", "Ann", "Ben"]):
        with pytest.raises(IllegalActionError):
            cl.new_game(players, seed=1)
    with pytest.raises(IllegalActionError) as info:
        cl.new_game(PLAYERS, seed=1, first_player="Dan")
    assert info.value.code == "unknown_player"
    with pytest.raises(IllegalActionError) as info:
        cl.new_game(PLAYERS, seed=1, students={"Ann": "Draco"})
    assert info.value.code == "unknown_student"


def test_deal_envelope_hands_and_face_down_help_card() -> None:
    game, events = deal()
    assert game.envelope == ENVELOPE
    hands = [game.seats[name].hand for name in PLAYERS]
    assert [len(hand) for hand in hands] == [6, 6, 6]
    assert sorted(card for hand in hands for card in hand) == sorted(
        c for c in cl.MYSTERY_CARDS if c not in ENVELOPE
    )
    assert all(game.seats[name].hidden_help == ("Alohomora",) for name in PLAYERS)
    assert all(game.seats[name].help_cards == () for name in PLAYERS)
    assert [e.student for e in of(events, cl.StudentChosen)] == ["Harry", "Hermione", "Ron"]
    assert game.seats["Ann"].position == BOARD.starts["Harry"]
    assert game.to_act == ("Ann",) and game.legal_actions() == (cl.RollDice("Ann"),)


def test_deal_starts_with_the_first_player_and_hands_may_be_uneven() -> None:
    names = ("Ann", "Ben", "Cat", "Dan")
    students = {"Ann": "Harry", "Ben": "Ron", "Cat": "Luna", "Dan": "Ginny"}
    game, _ = deal(names, students=students, first_player="Cat")
    assert game.order == ("Cat", "Dan", "Ann", "Ben")
    assert [len(game.seats[n].hand) for n in game.order] == [5, 5, 4, 4]
    rest = [card for card in cl.MYSTERY_CARDS if card not in ENVELOPE]
    assert game.seats["Cat"].hand[0] == rest[0]
    assert game.to_act == ("Cat",)


def test_missing_student_is_random_among_students_nobody_chose() -> None:
    game = cl.new_game(list(PLAYERS), dice=ExternalDice(), students=STUDENTS)
    game, _ = game.apply(cl.Deal())
    outcomes = dict(game.chance_outcomes())
    assert sorted(o.value for o in outcomes) == ["Ginny", "Luna", "Neville"]
    assert set(outcomes.values()) == {cl_fraction(1, 3)}


def cl_fraction(a: int, b: int) -> Any:
    from fractions import Fraction

    return Fraction(a, b)


def test_players_without_a_student_choose_after_the_missing_one_is_drawn() -> None:
    game = cl.new_game(list(PLAYERS), dice=ExternalDice(), students={"Ben": "Ron"})
    game, _ = game.apply(cl.Deal())
    game, events = feed(game, ["Harry"])
    assert of(events, cl.MissingStudent) == [cl.MissingStudent("Harry")]
    assert game.to_act == ("Ann",)
    options = game.legal_actions()
    assert (
        cl.ChooseStudent("Ann", "Harry") not in options
        and cl.ChooseStudent("Ann", "Ron") not in options
    )
    game, _ = game.apply(cl.ChooseStudent("Ann", "Luna"))
    assert game.to_act == ("Cat",)  # Ben's student is fixed
    with pytest.raises(IllegalActionError):
        game.apply(cl.ChooseStudent("Cat", "Luna"))
    game, _ = game.apply(cl.ChooseStudent("Cat", "Neville"))
    assert game.to_act == (CHANCE,)  # now the envelope


# ----- the black die -------------------------------------------------------------------------


def test_star_on_the_black_die_draws_a_help_card_face_up() -> None:
    game, _ = deal()
    game, events = roll(game, "Ann", "star", 3, "Dobby")
    assert game.seats["Ann"].help_cards == ("Dobby",)
    assert of(events, cl.HelpCardDrawn) == [cl.HelpCardDrawn("Ann", "Dobby", False)]
    assert game.step == "move" and game.green == 3


def test_location_face_turns_that_wheel_one_notch_clockwise() -> None:
    game, _ = deal()
    game, events = roll(game, "Ann", "Hog's Head", 2)
    assert game.wheels["Hog's Head"] == 1
    assert of(events, cl.WheelTurned) == [cl.WheelTurned("Hog's Head", 1, False)]
    assert of(events, cl.DarkCardDrawn) == []


def test_wheel_showing_the_dark_mark_draws_one_dark_card() -> None:
    game, _ = deal()
    game = attrs.evolve(game, wheels=game.wheels.set("Gringotts", 2))  # notch 3 shows the Mark
    game, events = roll(game, "Ann", "Gringotts", 2, "Giants on the March")
    assert of(events, cl.WheelTurned)[0].dark_mark
    assert len(of(events, cl.DarkCardDrawn)) == 1
    assert game.dark_discard == ("Giants on the March",)


def test_dark_mark_on_the_black_die_draws_one_dark_card() -> None:
    game, _ = deal()
    game, events = roll(game, "Ann", "dark mark", 4, "Giants on the March")
    (drawn,) = of(events, cl.DarkCardDrawn)
    assert drawn.affected == ("Ann", "Ben", "Cat")  # everyone, from the roller round
    assert [(e.player, e.amount) for e in of(events, cl.FlooPaid)] == [
        ("Ann", 1),
        ("Ben", 1),
        ("Cat", 1),
    ]


def test_wheel_returns_to_start_after_its_last_notch() -> None:
    game, _ = deal()
    last = len(BOARD.wheel("Hog's Head").notches) - 1
    game = attrs.evolve(game, wheels=game.wheels.set("Hog's Head", last))
    game, _ = roll(game, "Ann", "Hog's Head", 1)
    assert game.wheels["Hog's Head"] == 0


# ----- Dark cards ----------------------------------------------------------------------------


def test_matching_help_card_protects_and_is_kept_face_up() -> None:
    game, _ = deal(help_cards=["Minerva McGonagall", "Alohomora", "Alohomora"])
    game, events = roll(game, "Ann", "dark mark", 4, "Giants on the March")
    assert of(events, cl.Protected) == [cl.Protected("Ann", "Minerva McGonagall", False)]
    assert game.seats["Ann"].floo == 8
    assert game.seats["Ann"].help_cards == ("Minerva McGonagall",)  # shown: now face up
    assert game.seats["Ann"].hidden_help == ()


def test_paying_floo_stops_at_zero() -> None:
    game, _ = deal()
    game = give(game, "Ann", floo=1)
    name = next(n for n, c in DARK.items() if c.affects == "roller" and c.floo >= 2)
    game, events = roll(game, "Ann", "dark mark", 4, name)
    assert of(events, cl.FlooPaid) == [cl.FlooPaid("Ann", 1, 0, name)]
    assert game.seats["Ann"].floo == 0


def test_protection_that_would_be_discarded_is_a_decision() -> None:
    game, _ = deal()
    card = DARK["Fiendfyre"]
    assert card.discard_help
    game = give(give(game, "Ben", help_cards=["Fawkes"]), "Cat")  # Cat holds no Help card
    game, _ = game.apply(cl.RollDice("Ann"))
    game, _ = feed(game, ["dark mark", 4, "Fiendfyre"])
    # Ann holds a face-down card: she is asked too, so being asked reveals nothing.
    assert game.to_act == ("Ann",) and game.legal_actions() == (cl.PayFloo("Ann"),)
    game, events = game.apply(cl.PayFloo("Ann"))
    assert game.to_act == ("Ben",)
    assert game.legal_actions() == (cl.Protect("Ben", "Fawkes"), cl.PayFloo("Ben"))
    game, events = game.apply(cl.Protect("Ben", "Fawkes"))
    assert of(events, cl.Protected) == [cl.Protected("Ben", "Fawkes", True)]
    assert game.seats["Ben"].help_cards == () and "Fawkes" in game.help_discard
    assert [(e.player, e.amount) for e in of(events, cl.FlooPaid)] == [("Cat", 2)]


@pytest.mark.parametrize(
    ("affects", "expected"),
    [
        ("everyone", ("Ann", "Ben", "Cat")),
        ("roller", ("Ann",)),
        ("everyone_else", ("Ben", "Cat")),
        ("in_corridors", ("Ann", "Cat")),
    ],
)
def test_who_a_dark_card_affects(affects: str, expected: tuple[str, ...]) -> None:
    game, _ = deal()
    game = place(game, Ben="Hogwarts")
    name = next(n for n, c in DARK.items() if c.affects == affects)
    game, events = roll(game, "Ann", "dark mark", 4, name)
    assert of(events, cl.DarkCardDrawn)[0].affected == expected


def test_dark_card_in_locations_and_most_floo() -> None:
    game, _ = deal()
    card = next(c for c in DARK.values() if c.affects == "in_locations")
    where = sorted(card.locations)[0]
    game = place(game, Cat=where)
    game, events = roll(game, "Ann", "dark mark", 4, card.name)
    assert of(events, cl.DarkCardDrawn)[0].affected == ("Cat",)
    game, _ = deal()
    game = give(game, "Ben", floo=9)
    card = next(c for c in DARK.values() if c.affects == "most_floo")
    game, events = roll(game, "Ann", "dark mark", 4, card.name)
    assert of(events, cl.DarkCardDrawn)[0].affected == ("Ben",)


def test_dark_deck_is_reshuffled_when_empty() -> None:
    game, _ = deal()
    game = attrs.evolve(game, dark_deck=(), dark_discard=("Giants on the March",))
    game, _events = roll(game, "Ann", "dark mark", 4, "Giants on the March")
    assert game.dark_discard == ("Giants on the March",) and game.dark_deck == ()


# ----- moving --------------------------------------------------------------------------------


def destinations(game: cl.Game) -> set[str]:
    return {a.destination for a in game.legal_actions() if isinstance(a, cl.MoveTo) and not a.felix}


def test_move_orthogonally_up_to_the_roll_not_diagonally() -> None:
    game, _ = deal()
    start = (7, 11)
    game = moving(place(game, Ann=start), "Ann", 1)
    assert destinations(game) == {"6,11", "8,11", "7,10", "7,12"}
    assert cl.StayPut("Ann") in game.legal_actions()  # not all of the roll need be used
    game = moving(game, "Ann", 2)
    assert "8,12" in destinations(game) and "9,13" not in destinations(game)


def test_pass_through_pawns_but_never_end_on_one() -> None:
    game, _ = deal()
    game = moving(place(game, Ann=(7, 11), Ben=(7, 12)), "Ann", 2)
    reachable = destinations(game)
    assert "7,12" not in reachable and "7,13" in reachable


def test_entering_a_location_through_an_open_door_stops_the_move() -> None:
    game, _ = deal()
    gate = door("Gringotts")
    game = moving(place(game, Ann=gate.cell), "Ann", 6)
    game, events = game.apply(cl.MoveTo("Ann", "Gringotts"))
    assert game.seats["Ann"].position == "Gringotts"
    assert of(events, cl.Moved)[0].path == (cl.cell_name(gate.cell), "Gringotts")
    assert game.entered == "Gringotts" and game.step == "act"


def test_closed_door_needs_alohomora_which_is_then_discarded() -> None:
    game, _ = deal()
    gate = BOARD.doors_of["Shrieking Shack"][0]
    assert gate.id == "shack-north"
    game = attrs.evolve(game, wheels=game.wheels.set("Hog's Head", 1))  # shack-north closed
    game = moving(place(game, Ann=gate.cell), "Ann", 1)
    assert "Shrieking Shack" not in destinations(game)
    game = give(game, "Ann", help_cards=["Alohomora"])
    move = cl.MoveTo("Ann", "Shrieking Shack", alohomoras=1)
    assert move in game.legal_actions()
    game, events = game.apply(move)
    assert of(events, cl.HelpCardUsed) == [cl.HelpCardUsed("Ann", "Alohomora")]
    assert game.seats["Ann"].all_help == () and game.help_discard == ("Alohomora",)


def test_two_closed_doors_use_up_two_alohomoras() -> None:
    """CL-12: each closed door passed uses up one Alohomora, out of the Shack into The Burrow."""
    game, _ = deal()
    # The wheels at notches that close shack-north and burrow-south.
    game = attrs.evolve(game, wheels=game.wheels.set("Hog's Head", 1).set("Hogwarts", 6))
    assert {"shack-north", "burrow-south"} <= game.closed_doors()
    game = moving(place(game, Ann="Shrieking Shack"), "Ann", 5)
    game = give(game, "Ann", help_cards=["Alohomora"])
    assert cl.BURROW not in destinations(game)  # one card opens one door only
    game = give(game, "Ann", help_cards=["Alohomora"], hidden=["Alohomora"])
    move = cl.MoveTo("Ann", cl.BURROW, alohomoras=2)
    assert move in game.legal_actions()
    game, events = game.apply(move)
    assert of(events, cl.HelpCardUsed) == [cl.HelpCardUsed("Ann", "Alohomora")] * 2
    assert game.seats["Ann"].all_help == ()
    assert game.help_discard == ("Alohomora", "Alohomora")


def test_star_square_stops_the_move_and_draws_a_help_card() -> None:
    game, _ = deal()
    star = next((r, c) for r, row in enumerate(BOARD.grid) for c, ch in enumerate(row) if ch == "*")
    beside = next(
        (star[0] + dr, star[1] + dc)
        for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0))
        if BOARD.square((star[0] + dr, star[1] + dc)) == "."
    )
    game = moving(place(game, Ann=beside), "Ann", 3)
    target = cl.cell_name(star)
    assert target in destinations(game)
    game, _ = game.apply(cl.MoveTo("Ann", target))
    game, _events = feed(game, ["Dobby"])
    assert game.seats["Ann"].help_cards == ("Dobby",)
    # A move never passes over a star: no path walks through one.
    game2, _ = deal()
    game2 = moving(place(game2, Ann=beside), "Ann", 6)
    for _, path in game2.movement_options():
        assert target not in path[1:-1]


def test_leave_the_location_started_in_and_do_not_reenter_it() -> None:
    game, _ = deal()
    game = moving(place(game, Ann="Gringotts"), "Ann", 6)
    actions = game.legal_actions()
    assert cl.StayPut("Ann") not in actions
    assert "Gringotts" not in destinations(game)
    with pytest.raises(IllegalActionError) as info:
        game.apply(cl.StayPut("Ann"))
    assert info.value.code == "must_leave"


def test_stuck_in_a_location_with_every_door_closed_stays_put() -> None:
    game, _ = deal()
    ids = {d.id for d in BOARD.doors_of["Hog's Head"]}
    notch = (
        next(i for i, n in enumerate(BOARD.wheel("Hog's Head").notches) if ids <= n.closed_doors)
        if any(ids <= n.closed_doors for n in BOARD.wheel("Hog's Head").notches)
        else None
    )
    if notch is None:  # the default wheels never close every door of a location: force it
        wheel = BOARD.wheel("Hog's Head")
        game = attrs.evolve(game, wheels=game.wheels.set("Hog's Head", 0))
        content = cl.default_content()
        closed = attrs.evolve(
            wheel.notches[0], closed_doors=frozenset(ids), lit_fireplaces=frozenset()
        )
        new_wheel = attrs.evolve(wheel, notches=(closed, *wheel.notches[1:]))
        board = attrs.evolve(
            BOARD, wheels=tuple(new_wheel if w.name == "Hog's Head" else w for w in BOARD.wheels)
        )
        setup = attrs.evolve(game.setup, content=attrs.evolve(content, board=board))
        game = attrs.evolve(game, setup=setup)
    game = moving(place(game, Ann="Hog's Head"), "Ann", 6)
    assert game.legal_actions() == (cl.StayPut("Ann"),)
    # Staying put enters nothing: no suggestion (only a location moved into allows one),
    # and the turn passes with the pawn where it was.
    game, _ = game.apply(cl.StayPut("Ann"))
    assert game.entered is None
    assert game.current_player != "Ann"
    assert game.seats["Ann"].position == "Hog's Head"
    assert not [a for a in game.legal_actions() if isinstance(a, cl.Suggest)]


def test_felix_felicis_moves_seven_once() -> None:
    game, _ = deal()
    game = give(game, "Ann", help_cards=["Felix Felicis"])
    game = moving(place(game, Ann=(7, 11)), "Ann", 1)
    lucky = [a for a in game.legal_actions() if isinstance(a, cl.MoveTo) and a.felix]
    far = next(a for a in lucky if a.destination not in destinations(game))
    game, events = game.apply(far)
    assert of(events, cl.HelpCardUsed) == [cl.HelpCardUsed("Ann", "Felix Felicis")]
    assert len(of(events, cl.Moved)[0].path) - 1 <= 7
    assert game.seats["Ann"].help_cards == ()


def test_fireplace_travel_costs_one_floo_and_needs_a_lit_fireplace() -> None:
    game, _ = deal()
    assert "Hogwarts" in game.lit_fireplaces()  # notch 0 of the Hogwarts wheel
    game = moving(place(game, Ann="Hogwarts"), "Ann", 2)
    fly = cl.UseFireplace("Ann", "12 Grimmauld Place")
    assert fly in game.legal_actions()
    assert cl.UseFireplace("Ann", "Hogwarts") not in game.legal_actions()
    assert cl.UseFireplace("Ann", "The Burrow") not in game.legal_actions()  # no fireplace there
    game, events = game.apply(fly)
    assert game.seats["Ann"].position == "12 Grimmauld Place" and game.seats["Ann"].floo == 7
    assert game.entered == "12 Grimmauld Place"
    assert of(events, cl.FlooPaid) == [cl.FlooPaid("Ann", 1, 7, "the Floo network")]


def test_no_fireplace_travel_without_floo_or_from_an_unlit_fireplace() -> None:
    game, _ = deal()
    game = moving(give(place(game, Ann="Hogwarts"), "Ann", floo=0), "Ann", 2)
    assert not any(isinstance(a, cl.UseFireplace) for a in game.legal_actions())
    game, _ = deal()
    game = moving(place(game, Ann="Malfoy Manor"), "Ann", 2)  # not lit at START
    assert not any(isinstance(a, cl.UseFireplace) for a in game.legal_actions())


def test_movement_options_give_paths_for_a_ui() -> None:
    game, _ = deal()
    game = moving(place(game, Ann=(7, 11)), "Ann", 2)
    for action, path in game.movement_options():
        if isinstance(action, cl.MoveTo):
            assert path[0] == "7,11" and path[-1] == action.destination and len(path) - 1 <= 2


# ----- suggestions ---------------------------------------------------------------------------


def suggesting(game: cl.Game, player: str, location: str) -> cl.Game:
    return attrs.evolve(
        place(game, **{player: location}),
        turn=game.order.index(player),
        step="act",
        entered=location,
    )


def test_suggestion_only_in_the_location_entered_this_turn() -> None:
    game, _ = deal()
    corridor = attrs.evolve(game, step="act", entered=None)
    assert corridor.legal_actions() == (cl.EndTurn("Ann"),)
    with pytest.raises(IllegalActionError) as info:
        corridor.apply(cl.Suggest("Ann", "Scabior", "Stupefy"))
    assert info.value.code == "not_entered"
    burrow = suggesting(game, "Ann", cl.BURROW)
    with pytest.raises(IllegalActionError) as info:
        burrow.apply(cl.Suggest("Ann", "Scabior", "Stupefy"))
    assert info.value.code == "burrow"
    inside = suggesting(game, "Ann", "Gringotts")
    assert len([a for a in inside.legal_actions() if isinstance(a, cl.Suggest)]) == 36


def test_suggestion_moves_the_tokens_and_the_left_player_shows_a_card() -> None:
    game, _ = deal()
    ben_card = game.seats["Ben"].hand[0]
    suspect = ben_card if ben_card in cl.SUSPECTS else "Scabior"
    item = ben_card if ben_card in cl.ITEMS else "Stupefy"
    game = suggesting(game, "Ann", "Hogwarts")
    game, events = game.apply(cl.Suggest("Ann", suspect, item))
    assert game.tokens[suspect] == "Hogwarts" and game.tokens[item] == "Hogwarts"
    # Ben is asked even with one matching card, so others cannot tell how many he holds.
    assert game.to_act == ("Ben",) and game.legal_actions() == (cl.ShowCard("Ben", ben_card),)
    game, events = game.apply(cl.ShowCard("Ben", ben_card))
    (shown,) = of(events, cl.CardShown)
    assert shown.refuter == "Ben" and shown.suggester == "Ann" and shown.card == ben_card
    assert game.to_act == ("Ben",)  # the turn passed


def test_refutation_goes_left_until_someone_can_show() -> None:
    game, _ = deal()
    cat_card = game.seats["Cat"].hand[-1]  # a location held by Cat only
    assert cat_card in cl.LOCATIONS
    game = suggesting(game, "Ann", cat_card)
    game, events = game.apply(cl.Suggest("Ann", "Scabior", "Stupefy"))  # the envelope's pair
    assert of(events, cl.Passed) == [cl.Passed("Ben")]
    game, more = game.apply(cl.ShowCard("Cat", cat_card))
    assert of(more, cl.CardShown)[0].refuter == "Cat"
    assert game.suggestions[-1].passed == ("Ben",) and game.suggestions[-1].shown_by == "Cat"


def test_refuter_holding_several_cards_chooses_which_to_show() -> None:
    game, _ = deal()
    ben = game.seats["Ben"].hand
    suspect = next(c for c in ben if c in cl.SUSPECTS)
    item = next(c for c in ben if c in cl.ITEMS)
    game = suggesting(game, "Ann", "Hogwarts")
    game, events = game.apply(cl.Suggest("Ann", suspect, item))
    assert game.to_act == ("Ben",) and of(events, cl.CardShown) == []
    assert game.legal_actions() == (cl.ShowCard("Ben", suspect), cl.ShowCard("Ben", item))
    assert game.legal_actions("Ann") == ()
    with pytest.raises(IllegalActionError) as info:
        game.apply(cl.ShowCard("Ann", suspect))
    assert info.value.code == "not_your_turn"
    game, events = game.apply(cl.ShowCard("Ben", item))
    (shown,) = of(events, cl.CardShown)
    assert shown.card == item
    assert events_for([shown], "Cat")[0] == cl.CardShown("Ben", "Ann", "")
    assert events_for([shown], "Ann")[0] == shown


def test_nobody_can_refute() -> None:
    game, _ = deal()
    game = suggesting(game, "Ann", "Hogwarts")
    game, events = game.apply(cl.Suggest("Ann", "Scabior", "Stupefy"))
    assert of(events, cl.Passed) == [cl.Passed("Ben"), cl.Passed("Cat")]
    assert of(events, cl.Unrefuted) == [cl.Unrefuted("Ann")]
    assert game.suggestions[-1].shown_by is None


@pytest.mark.parametrize(
    ("suspect", "item", "message"),
    [
        ("Voldemort", "Stupefy", "Voldemort is not a suspect (the suspects: Fenrir Greyback, "),
        ("Stupefy", "Scabior", "Stupefy is an item, not a suspect (the suspect, then the item)"),
        ("Scabior", "Hogwarts", "Hogwarts is a location, not an item (the suspect, then the item)"),
        ("scabior", "Stupefy", "scabior is not a suspect"),
    ],
)
def test_a_suggestion_of_unknown_cards_names_the_card_at_fault(
    suspect: str, item: str, message: str
) -> None:
    game, _ = deal()
    inside = suggesting(game, "Ann", "Gringotts")
    with pytest.raises(IllegalActionError) as info:
        inside.apply(cl.Suggest("Ann", suspect, item))
    assert info.value.code == "unknown_card"
    assert info.value.message.startswith(message)


def test_an_accusation_of_unknown_cards_names_the_card_at_fault() -> None:
    game, _ = deal()
    burrow = suggesting(game, "Ann", cl.BURROW)
    with pytest.raises(IllegalActionError) as info:
        burrow.apply(cl.Accuse("Ann", "Scabior", "Stupefy", cl.BURROW))
    assert info.value.code == "unknown_card"
    assert info.value.message.startswith("The Burrow is not a location (the locations: ")


# ----- accusations ---------------------------------------------------------------------------


def test_accusations_only_in_the_burrow() -> None:
    game, _ = deal()
    game = suggesting(game, "Ann", "Gringotts")
    with pytest.raises(IllegalActionError) as info:
        game.apply(cl.Accuse("Ann", *ENVELOPE))
    assert info.value.code == "not_in_burrow"
    burrow = suggesting(game, "Ann", cl.BURROW)
    assert len([a for a in burrow.legal_actions() if isinstance(a, cl.Accuse)]) == 6 * 6 * 9


def test_right_accusation_wins_and_shows_the_solution() -> None:
    game, _ = deal()
    game = suggesting(game, "Ann", cl.BURROW)
    game, events = game.apply(cl.Accuse("Ann", *ENVELOPE))
    assert game.is_over and game.outcome is not None and game.outcome.winners == ("Ann",)
    (checked,) = of(events, cl.AccusationChecked)
    assert checked.correct and checked.solution == ENVELOPE
    assert events_for([checked], "Ben")[0] == checked
    assert of(events, cl.GameEnded) == [cl.GameEnded("Ann", ENVELOPE)]


def test_wrong_accusation_eliminates_but_the_player_still_refutes() -> None:
    game, _ = deal()
    game = suggesting(game, "Ann", cl.BURROW)
    game, events = game.apply(cl.Accuse("Ann", "Scabior", "Stupefy", "Gringotts"))
    assert game.seats["Ann"].eliminated and not game.is_over
    (checked,) = of(events, cl.AccusationChecked)
    assert events_for([checked], "Ann")[0] == checked  # the accuser looked in the envelope
    assert events_for([checked], "Ben")[0] == cl.AccusationChecked("Ann", False, ())
    assert game.view("Ann").envelope == ENVELOPE and game.view("Ben").envelope == ()
    assert game.to_act == ("Ben",)
    # Ann's turns are skipped, but she still shows cards.
    game = attrs.evolve(game, turn=2, step="act", entered=None)
    game, _ = game.apply(cl.EndTurn("Cat"))
    assert game.to_act == ("Ben",)
    ann_card = game.seats["Ann"].hand[-1]
    game = suggesting(game, "Cat", ann_card)
    game, events = game.apply(cl.Suggest("Cat", "Scabior", "Stupefy"))
    assert game.to_act == ("Ann",)  # eliminated, she still shows a card
    game, events = game.apply(cl.ShowCard("Ann", ann_card))
    assert of(events, cl.CardShown)[0].refuter == "Ann"


def test_everyone_wrong_ends_with_no_winner_and_the_solution_revealed() -> None:
    game, _ = deal()
    for name in ("Ann", "Ben"):
        game = attrs.evolve(
            game, seats=game.seats.set(name, attrs.evolve(game.seats[name], eliminated=True))
        )
    game = suggesting(game, "Cat", cl.BURROW)
    game, events = game.apply(cl.Accuse("Cat", "Scabior", "Stupefy", "Gringotts"))
    assert game.is_over and game.outcome is not None
    assert game.outcome.winners == () and game.outcome.reason == "all_eliminated"
    assert of(events, cl.GameEnded) == [cl.GameEnded(None, ENVELOPE)]
    assert game.view("Ben").envelope == ENVELOPE


# ----- hidden information -------------------------------------------------------------------


def test_view_holds_only_what_the_player_may_know() -> None:
    game, events = deal()
    view = game.view("Ann")
    assert view.hand == game.seats["Ann"].hand
    assert view.hidden_help == ("Alohomora",)
    assert view.envelope == ()
    assert view.seat("Ben").hand_size == 6 and view.seat("Ben").hidden_help == 1
    text = repr(view.to_dict())
    for card in game.seats["Ben"].hand + game.envelope:
        if card in cl.SUSPECTS or card in cl.ITEMS:  # location names also name wheels
            assert card not in text
    for event in events_for(events, "Ann"):
        if isinstance(event, cl.CardsDealt) and event.player != "Ann":
            assert event.cards == ()
        if isinstance(event, cl.HelpCardDrawn) and event.player != "Ann":
            assert event.card == ""


def test_repr_and_errors_hide_secrets() -> None:
    game, _ = deal()
    text = repr(game) + repr(game.seats["Ben"])
    board = str(game)
    for card in (*game.seats["Ben"].hand, *game.envelope):
        assert card not in text
        assert card not in board or card in cl.LOCATIONS  # the board names every location
    game = suggesting(game, "Ann", "Hogwarts")
    ben = game.seats["Ben"].hand
    game, _ = game.apply(
        cl.Suggest(
            "Ann", next(c for c in ben if c in cl.SUSPECTS), next(c for c in ben if c in cl.ITEMS)
        )
    )
    for action in (cl.ShowCard("Ben", ENVELOPE[0]), cl.ShowCard("Cat", ben[0]), cl.RollDice("Cat")):
        with pytest.raises(IllegalActionError) as info:
            game.apply(action)
        for card in (*ben, *ENVELOPE):
            assert card not in info.value.message


def test_game_round_trips_mid_roll() -> None:
    game, _ = deal()
    game, _ = game.apply(cl.RollDice("Ann"))
    game, _ = feed(game, ["star"])
    assert game.to_act == (CHANCE,)
    assert cl.Game.from_dict(game.to_dict()) == game
    assert cl.Game.replay(game.record) == game


def test_help_deck_reshuffles_used_cards_and_may_run_dry() -> None:
    game, _ = deal()
    game = attrs.evolve(game, help_deck=(), help_discard=("Alohomora",))
    game, _ = roll(game, "Ann", "star", 3, "Alohomora")
    assert game.seats["Ann"].help_cards == ("Alohomora",) and game.help_discard == ()
    game = attrs.evolve(game, turn=0, step="roll", help_deck=(), help_discard=())
    game, events = roll(game, "Ann", "star", 3)
    assert of(events, cl.HelpCardDrawn) == []
