"""Deliberately broken variants of the toy game: `check_contract` must catch each.

Each variant is a subclass of `ToyGame` with a kind of its own and one fault,
and has its spec here at module level (so that another process, which replays a
game to check determinism, can import it).
"""

from __future__ import annotations

from typing import Any, ClassVar

import attrs

from hogwarts_rules.actions import Action
from hogwarts_rules.dice import DiceSource, SeededDice
from hogwarts_rules.errors import IllegalActionError
from hogwarts_rules.events import Event
from hogwarts_rules.frozen import FrozenMap
from hogwarts_rules.spec import GameSpec
from tests.toy_game import Boost, ToyGame, ToyView, make_spec

__all__ = [
    "ACCEPTS_UNLISTED",
    "BAD_CODE",
    "DICE_ATTRIBUTE",
    "HASH_ORDER",
    "LEAKY_BOOST",
    "MUTATING",
    "PEEKING",
    "REFUSING",
]


def _fields(view: ToyView) -> dict[str, Any]:
    return attrs.asdict(view, recurse=False)


# ----- views that leak -----------------------------------------------------------------


@attrs.frozen
class DiceView(ToyView):
    """A view that carries the dice (a bot could call ``view.dice.roll(6)``)."""

    dice: DiceSource | None = None


class DiceAttributeGame(ToyGame):
    KIND: ClassVar[str] = "toy-broken-dice-attribute"

    def view(self, seat: str | None) -> ToyView:
        return DiceView(**_fields(super().view(seat)), dice=self.dice)


@attrs.frozen
class PeekingView(ToyView):
    """A view that shows the next roll under another name."""

    hint: int = 0


class PeekingGame(ToyGame):
    KIND: ClassVar[str] = "toy-broken-peeking"

    def view(self, seat: str | None) -> ToyView:
        hint = self.dice.roll(6)[0] if isinstance(self.dice, SeededDice) else 0
        return PeekingView(**_fields(super().view(seat)), hint=hint)


@attrs.frozen
class LeakyView(ToyView):
    """A view that shows every player's face-down boost card."""

    boosts: FrozenMap[str, int] = attrs.field(factory=FrozenMap)


class LeakyBoostGame(ToyGame):
    KIND: ClassVar[str] = "toy-broken-leaky-boost"

    def view(self, seat: str | None) -> ToyView:
        return LeakyView(**_fields(super().view(seat)), boosts=self.boosts)


class HashOrderGame(ToyGame):
    """The view lists the pawns in the order of a set of names (it varies with hash seeds)."""

    KIND: ClassVar[str] = "toy-broken-hash-order"

    def view(self, seat: str | None) -> ToyView:
        fields = _fields(super().view(seat))
        fields["positions"] = FrozenMap({p: self.positions[p] for p in set(self.positions)})
        return ToyView(**fields)


# ----- rules that break the contract ------------------------------------------------------


class MutatingGame(ToyGame):
    """``apply`` moves the turn on in the game it was called on."""

    KIND: ClassVar[str] = "toy-broken-mutating"

    def apply(self, action: Action) -> tuple[Any, tuple[Event, ...]]:
        result = super().apply(action)
        if self.dealt:
            object.__setattr__(self, "turn", (self.turn + 1) % len(self.seat_names))
        return result


class RefusingGame(ToyGame):
    """Lists the boost card even once it was played, and then refuses it."""

    KIND: ClassVar[str] = "toy-broken-refusing"

    def _root_actions(self) -> tuple[Action, ...]:
        actions = super()._root_actions()
        current = self.current_player
        if current is not None and current in self.used:
            return (*actions, Boost(current))
        return actions


class AcceptsUnlistedGame(ToyGame):
    """Accepts a boost card played twice, though it lists it only once."""

    KIND: ClassVar[str] = "toy-broken-accepts-unlisted"

    def _check_root(self, action: Action) -> None:
        if isinstance(action, Boost) and action.player == self.current_player:
            return
        super()._check_root(action)


class BadCodeGame(ToyGame):
    """Refuses an action out of turn with a code that is not snake_case."""

    KIND: ClassVar[str] = "toy-broken-bad-code"

    def _check_root(self, action: Action) -> None:
        try:
            super()._check_root(action)
        except IllegalActionError as exc:
            raise IllegalActionError("Not Your Turn", exc.message) from None


def _spec(game_class: type[ToyGame]) -> GameSpec:
    return make_spec(game_class, aliases=())


DICE_ATTRIBUTE = _spec(DiceAttributeGame)
PEEKING = _spec(PeekingGame)
LEAKY_BOOST = _spec(LeakyBoostGame)
HASH_ORDER = _spec(HashOrderGame)
MUTATING = _spec(MutatingGame)
REFUSING = _spec(RefusingGame)
ACCEPTS_UNLISTED = _spec(AcceptsUnlistedGame)
BAD_CODE = _spec(BadCodeGame)
