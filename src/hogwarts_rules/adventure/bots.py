"""Bots for First Year Adventure: a random bot and a sensible heuristic bot.

Bots see only what a player sees (`Game.view`) and choose among the legal actions.

Examples:
    >>> from hogwarts_rules import adventure
    >>> game = adventure.new_game(["Harry", "Ron"], seed=1, max_rounds=200)
    >>> bots = {"Harry": adventure.HeuristicBot(), "Ron": adventure.RandomBot(seed=2)}
    >>> final = adventure.play_out(game, bots)
    >>> final.is_over
    True
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence

from hogwarts_rules.actions import Action
from hogwarts_rules.adventure.actions import (
    ChooseHouse,
    ChooseSpace,
    EnterDungeon,
    GoToThirdFloor,
    JoinTeam,
    KeepRoll,
    MoveOne,
    RollOff,
    RollToMove,
    UseBonus,
    UseRemembrall,
)
from hogwarts_rules.adventure.board import Space, loop_step
from hogwarts_rules.adventure.game import CLUES_FOR_SHORTCUT, Game, Player
from hogwarts_rules.adventure.tables import TABLES, EffectKind
from hogwarts_rules.adventure.view import AdventureView
from hogwarts_rules.bots import Bot as _Bot
from hogwarts_rules.bots import RandomBot as _RandomBot
from hogwarts_rules.bots import play_out as _play_out

__all__ = ["Bot", "HeuristicBot", "RandomBot", "play_out"]


Bot = _Bot
"""The one bot contract of every game (`hogwarts_rules.bots.Bot`); kept here for old imports."""

RandomBot = _RandomBot
"""`hogwarts_rules.bots.RandomBot`, kept here for old imports."""


# Spaces worth aiming for when rolling, by what they tend to give; the Mirror,
# Dark Woods and Hagrid's detention risk lost turns.
_GOOD = {
    Space.LIBRARY: 3,
    Space.THIRD_FLOOR: 2,
    Space.HAGRIDS_COTTAGE: 2,
    Space.GREAT_HALL: 1,
    Space.TRANSFIGURATION: 2,
    Space.POTIONS: 2,
    Space.CHARMS: 2,
    Space.DEFENCE: 2,
    Space.HERBOLOGY: 2,
    Space.QUIDDITCH_FIELD: 1,
    Space.DARK_WOODS: 0,
    Space.MIRROR_OF_ERISED: -2,
    Space.DORM_ROOMS: 0,
    Space.HOSPITAL: 0,
}


# Classes that can raise Magic, worth more to a player who cannot beat Voldemort yet.
_MAGIC_CLASSES = {Space.CHARMS: 4, Space.TRANSFIGURATION: 4, Space.DEFENCE: 4}


@functools.cache
def _step_or_roll(here: Space, ready: bool) -> type[Action]:
    """Move one space when it is worth at least the average of a roll, else roll."""
    values = _GOOD if ready else {**_GOOD, **_MAGIC_CLASSES}
    one = values.get(loop_step(here, 1), 1)
    rolled = sum(values.get(loop_step(here, steps), 1) for steps in range(1, 7)) / 6
    return MoveOne if one >= rolled else RollToMove


@functools.cache
def _harmful(key: str, result: object) -> bool:
    """Whether the row of table ``key`` with this result sends to the Hospital or costs points."""
    table = TABLES.get(key)
    rows = [r for r in table.rows if r.result == result] if table else []
    return any(
        e.kind is EffectKind.HOSPITAL or (e.kind is EffectKind.POINTS and e.amount < 0)
        for r in rows
        for e in r.effects
    )


# What `HeuristicBot.choose` looks for among the actions, in one pass: the first
# shortcut (EnterDungeon, else GoToThirdFloor), RollOff, whether a roll may be kept
# or a space chosen, the first JoinTeam (else ChooseHouse), MoveOne and RollToMove.
_Plan = tuple[Action | None, Action | None, bool, bool, Action | None, Action | None, Action | None]

_PLANS: dict[int, tuple[Sequence[Action], _Plan]] = {}
"""`_plan` by the identity of the actions (a turn's actions are shared tuples); each
entry keeps its actions alive, so their id is not reused meanwhile."""
_PLANS_LIMIT = 256


def _plan(actions: Sequence[Action]) -> _Plan:
    """What ``actions`` offer the heuristic bot (see `_Plan`), known by identity once seen."""
    seen = _PLANS.get(id(actions))
    if seen is not None and seen[0] is actions:
        return seen[1]
    first: dict[type[Action], Action] = {}  # the first action of each kind
    for action in actions:
        if type(action) not in first:
            first[type(action)] = action
    plan = (
        first.get(EnterDungeon) or first.get(GoToThirdFloor),
        first.get(RollOff),
        KeepRoll in first,
        ChooseSpace in first,
        first.get(JoinTeam) or first.get(ChooseHouse),
        first.get(MoveOne),
        first.get(RollToMove),
    )
    if type(actions) is tuple:  # only an immutable sequence may be known by identity
        if len(_PLANS) >= _PLANS_LIMIT:
            _PLANS.clear()
        _PLANS[id(actions)] = actions, plan
    return plan


class HeuristicBot:
    """A sensible player.

    Takes the 3rd Floor shortcut and enters the dungeon as soon as it has the
    clues and a chance against Voldemort (the Wizard's Mark, or Magic plus stored
    +1s of at least 1; until then it haunts the classes that raise Magic); on the
    loop it moves one space when that space is better than the average of a roll;
    it uses the Remembrall or a stored +1 when the roll would send it to the
    Hospital or lose points; it picks the first free house, joins the Quidditch
    team, and takes secret passages to the 3rd Floor when ready, else to a class.
    """

    def __repr__(self) -> str:
        return "HeuristicBot()"

    @staticmethod
    def ready(player: Player) -> bool:
        """True when the player has a chance to defeat Voldemort."""
        return player.wizards_mark or player.magic + player.future_bonuses >= 1

    def choose(self, view: AdventureView, player: str, actions: Sequence[Action]) -> Action:
        """See `Bot.choose`."""
        me = view.players[player]
        ready = me.wizards_mark or me.magic + me.future_bonuses >= 1  # `ready`, written out
        seen = _PLANS.get(id(actions))  # `_plan`, its known case written out
        plan = seen[1] if seen is not None and seen[0] is actions else _plan(actions)
        shortcut, roll_off, keep, choose_space, join_or_house, move_one, roll = plan
        if ready and shortcut is not None:
            return shortcut
        if roll_off is not None:
            return roll_off
        if keep:
            return self._keep_or_change(view, actions)
        if choose_space:
            ready_to_go = me.clues >= CLUES_FOR_SHORTCUT and ready
            wanted = Space.THIRD_FLOOR if ready_to_go else Space.CHARMS
            for action in actions:
                if isinstance(action, ChooseSpace) and action.space == wanted.value:
                    return action
        if join_or_house is not None:
            return join_or_house
        if move_one is not None:
            found = move_one if _step_or_roll(me.space, ready) is MoveOne else roll
            if found is not None:
                return found
        return actions[0]

    def _keep_or_change(self, view: AdventureView, actions: Sequence[Action]) -> Action:
        details = view.details
        if _harmful(str(details.get("table", "")), details.get("result")):
            for kind in (UseBonus, UseRemembrall):
                for action in actions:
                    if isinstance(action, kind):
                        return action
        for action in actions:
            if isinstance(action, KeepRoll):
                return action
        return actions[0]


def play_out(game: Game, bots: Mapping[str, Bot], *, max_steps: int = 100_000) -> Game:
    """Let bots play ``game`` to the end (or ``max_steps`` actions) and return it.

    `hogwarts_rules.bots.play_out` with this game's step limit; each bot sees only
    its player's view.
    """
    return _play_out(game, bots, max_steps=max_steps)
