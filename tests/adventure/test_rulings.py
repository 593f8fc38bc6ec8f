"""Scripted-dice tests that pin First Year Adventure's rulings AD-18 to AD-25 (and AD-4's
written last rows).

Test names are quoted by docs/rulings.md: rename with care.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs
import pytest

from hogwarts_rules import IllegalActionError, ScriptedDice
from hogwarts_rules import adventure as ad
from hogwarts_rules.actions import Action
from hogwarts_rules.adventure import Space
from tests.adventure.test_rules import of, results, run, started, visit


def again(game: ad.Game, rolls: Sequence[int], **harry: Any) -> ad.Game:
    """The same game, Harry to play again with new dice and his record changed by ``harry``."""
    record = attrs.evolve(game.players["Harry"], **harry)
    players = game.players.set("Harry", record)
    return attrs.evolve(game, players=players, turn=0, dice=ScriptedDice(tuple(rolls)))


# ----- AD-4: totals above a last row written as one number ----------------------------------


@pytest.mark.parametrize(
    ("space", "rolls", "skills", "result"),
    [
        (Space.CHARMS, (6,), {"study": 1}, "Study hard"),  # 7 reads "6"
        (Space.FLYING_KEYS, (6,), {"flying": 2}, "Get past the Keys"),  # 8 reads "6"
        (Space.LIVE_CHESS_MATCH, (6,), {"chess": 1}, "Checkmate the White King"),  # 7: "4-6"
        (Space.SORCERERS_STONE, (6, 6), {"magic": 1}, "Defeat Voldemort"),  # 13 reads "12"
        (Space.QUIDDITCH_FIELD, (5, 6, 1), {"flying": 1, "on_team": True}, "You win"),  # 7: "6"
    ],
)
def test_totals_above_a_written_last_row_read_that_row(
    space: Space, rolls: tuple[int, ...], skills: dict[str, Any], result: str
) -> None:
    _, events, _ = visit(space, rolls, **skills)
    rolled = [e for e in of(events, ad.TableRolled) if e.result == result]
    assert len(rolled) == 1
    table = ad.TABLES[rolled[0].table]
    assert rolled[0].total > table.highest  # the event keeps the total as rolled
    assert table.rows[-1].high is not None and table.rows[-1].result == result


# ----- AD-18: a stored +1 stays on a Remembrall reroll ----------------------------------------


def test_stored_bonus_stays_on_a_remembrall_reroll() -> None:
    game = started([4, 3, 4, 4], space=Space.THIRD_FLOOR, clues=5, future_bonuses=1, remembralls=1)
    game, _ = game.apply(ad.EnterDungeon("Harry"))  # 4 + 3 = 7: Get Bitten
    game, _ = game.apply(ad.UseBonus("Harry"))  # 8: still bitten
    assert game.legal_actions() == (ad.KeepRoll("Harry"), ad.UseRemembrall("Harry"))
    game, events = game.apply(ad.UseRemembrall("Harry"))  # 4 + 4, and the +1 stays: 9
    assert of(events, ad.RollChanged) == [
        ad.RollChanged("Harry", ad.RollChange.REMEMBRALL, (4, 4), 1)
    ]
    rolled = of(events, ad.TableRolled)[0]
    assert (rolled.dice, rolled.total) == ((4, 4), 9)
    assert rolled.modifiers == (("Magic skill", 0), ("stored +1", 1))
    assert rolled.result == "Get past Fluffy"
    harry = game.players["Harry"]
    assert (harry.future_bonuses, harry.remembralls, harry.space) == (0, 0, Space.FLUFFY)


# ----- AD-19: the first landing on the Great Hall is the Sorting only -------------------------


def test_first_great_hall_landing_is_the_sorting_only() -> None:
    p, events, _ = visit(Space.GREAT_HALL, [1, 1], house=None)  # a 1 would be Holiday Dinner
    assert results(events) == [("sorting", "Gryffindor")]
    assert (p.house, p.turns_to_miss) == ("Gryffindor", 0)
    p, events, _ = visit(Space.GREAT_HALL, [1], house="Gryffindor")  # the second time
    assert results(events) == [("great_hall", "Holiday Dinner")]
    assert p.turns_to_miss == 1


# ----- AD-20: Catch the Express is the one step, now ------------------------------------------


def test_catch_the_express_moves_one_space_and_ends_the_turn() -> None:
    p, events, game = visit(Space.PLATFORM, [5, 3], house=None)
    moves = [(e.origin, e.destination) for e in of(events, ad.Moved)]
    assert moves == [("Familiar Shop", "Platform 9 3/4"), ("Platform 9 3/4", "Great Hall")]
    assert results(events) == [("platform", "Catch the Express"), ("sorting", "Ravenclaw")]
    assert p.space is Space.GREAT_HALL
    assert game.to_act == ("Ron",)  # no loop move follows in the same turn


# ----- AD-21: clues are a threshold, never spent ----------------------------------------------


def test_clues_are_not_spent_on_the_shortcut_or_the_dungeon() -> None:
    game = started([2], space=Space.LIBRARY, clues=5)
    game, _ = run(game, ad.GoToThirdFloor("Harry"))  # 2: chased away by the cat
    assert game.players["Harry"].space is Space.THIRD_FLOOR
    assert game.players["Harry"].clues == 5
    game = again(game, [1, 1])
    game, _ = run(game, ad.EnterDungeon("Harry"))  # 2: bitten, to the Hospital
    assert game.players["Harry"].space is Space.HOSPITAL
    assert game.players["Harry"].clues == 5
    game = again(game, [], turns_to_miss=0)
    assert ad.GoToThirdFloor("Harry") in game.legal_actions()  # the way back is open


# ----- AD-22: past a challenge, the pawn goes on ----------------------------------------------


def test_after_passing_a_challenge_the_pawn_must_move_on() -> None:
    game = started([6, 6], space=Space.THIRD_FLOOR, clues=5)
    game, _ = run(game, ad.EnterDungeon("Harry"))
    assert game.players["Harry"].space is Space.FLUFFY
    game = again(game, [6, 6])
    assert game.legal_actions() == (ad.TakeTurn("Harry"),)  # no staying, no turning back
    refused: list[Action] = [
        ad.MoveOne("Harry"),
        ad.RollToMove("Harry"),
        ad.GoToThirdFloor("Harry"),
        ad.EnterDungeon("Harry"),
    ]
    for action in refused:
        with pytest.raises(IllegalActionError):
            game.check(action)
    game, events = run(game, ad.TakeTurn("Harry"))
    assert results(events) == [("devils_snare", "Get past the Roots")]
    assert game.players["Harry"].space is Space.DEVILS_SNARE


# ----- AD-23: a bewitched broom lasts one match -----------------------------------------------


def test_bewitched_broom_lasts_one_match() -> None:
    p, events, game = visit(Space.QUIDDITCH_FIELD, [6, 1, 2], on_team=True)  # 2 + 1: no injury
    assert of(events, ad.TableRolled)[-1].modifiers == (("bewitched broom", 1),)
    assert p.space is Space.QUIDDITCH_FIELD
    game = again(game, [5, 1, 3], space=Space.LIBRARY)  # an ordinary match: 3, no +1
    game, events = run(game, ad.MoveOne("Harry"))
    injury = of(events, ad.TableRolled)[-1]
    assert (injury.table, injury.modifiers, injury.result) == (
        "match_injury",
        (("bewitched broom", 0),),
        "No Injury",
    )
    assert game.players["Harry"].space is Space.QUIDDITCH_FIELD


# ----- AD-24: a declined place on the team is offered again -----------------------------------


def test_a_declined_team_offer_comes_back() -> None:
    game = started([6], space=Space.LIBRARY, flying=1)
    game, _ = game.apply(ad.MoveOne("Harry"))
    game, _ = game.apply(ad.DeclineTeam("Harry"))
    assert not game.players["Harry"].on_team
    game = again(game, [6], space=Space.LIBRARY)
    game, events = game.apply(ad.MoveOne("Harry"))
    assert results(events) == [("flying_lessons", "Get accepted on the Quidditch Team")]
    assert game.legal_actions() == (ad.JoinTeam("Harry"), ad.DeclineTeam("Harry"))
    game, _ = game.apply(ad.JoinTeam("Harry"))
    assert (game.players["Harry"].on_team, game.players["Harry"].study) == (True, -1)


# ----- AD-25: without a round limit, a game nobody ends goes on -------------------------------


class FirstAction:
    """A bot that always takes the first action offered: it moves one space, never the dungeon."""

    def choose(self, view: object, player: str, actions: Sequence[Action]) -> Action:
        return actions[0]


def test_without_a_round_limit_a_game_nobody_ends_goes_on() -> None:
    game = started([2] * 3000, space=Space.GREAT_HALL)
    ron = attrs.evolve(
        game.players["Ron"],
        invited=True,
        boarded=True,
        house=ad.House.HUFFLEPUFF,
        space=Space.GREAT_HALL,
    )
    game = attrs.evolve(game, players=game.players.set("Ron", ron), turn=1)
    bots = {"Harry": FirstAction(), "Ron": FirstAction()}
    game = ad.play_out(game, bots, max_steps=1500)  # stops with the game unfinished
    assert game.setup.max_rounds is None
    assert game.round > 500
    assert not game.is_over and game.outcome is None and game.finished is None
    assert ad.MoveOne(game.to_act[0]) in game.legal_actions()
