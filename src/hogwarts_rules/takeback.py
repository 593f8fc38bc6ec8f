"""Fair take-backs: undoing moves never lets a seat learn what it could not learn at a table.

At a physical table a player may say "wait, I meant the other door" while nothing has
happened since but their own choice. Once a die has rolled, a card has been drawn or
shown, someone has passed, or another seat has been asked to decide, taking the move
back would let the player ask the same question twice, or know the future (the
dice and the decks would give the same answers again). So a take-back of the last
``steps`` actions is allowed only when

* every one of them was taken by the same seat (or all by nobody);
* none was a roll supplied from outside (`ChanceOutcome`), and the dice did not move;
* none caused an event that may tell a seat something new (`Event.REVEALS`);
* after none of them was another seat asked to decide.

`GameBase.takeback` and `GameBase.can_take_back` apply the rule; `play` and
``serve`` use them for ``undo``, and a saved game loaded over the game it came from
counts as a take-back too. Checking a take-back rebuilds the earlier game: from the
set-up, or (``base=`` of `take_back` and `take_back_problem`) from a known earlier
state, such as the snapshots ``serve`` keeps, so that a take-back late in a long
game costs what the actions since the snapshot cost.

**Practice mode** is the one exception, and every seat is told of it: once the game
has a `Practice` action, any take-back to a point where no decision or roll is
awaited is allowed, and one that the rule above would refuse re-keys the seeded
dice with fresh entropy (`Rekey`, with a `DiceRekeyed` event), so the future after
it differs from the one taken back. The `Practice` action itself is never taken
back (every seat was told), and taking back a `Rekey` counts as taking back a draw
(it would bring back the dice it replaced), so it re-keys again.

Examples:
    >>> from hogwarts_rules import find_game
    >>> spec = find_game("clue")
    >>> game = spec.new_game(3, seed=1)
    >>> game.can_take_back()  # nothing to take back yet
    False
    >>> dealt, _ = game.apply(game.legal_actions()[0])
    >>> dealt.can_take_back()  # the deal shuffled, and showed every seat its cards
    False
    >>> print(take_back_problem(dealt, 1))
    a roll or a draw was made since
"""

from __future__ import annotations

import contextlib
import secrets
from typing import TYPE_CHECKING, TypeVar

from hogwarts_rules.actions import Action, ChanceOutcome, Practice, Rekey
from hogwarts_rules.dice import DiceSource, ExternalDice, SeededDice, seed_to_string
from hogwarts_rules.engine import Context, Decision, GameRecord, _Suspend
from hogwarts_rules.errors import IllegalActionError

if TYPE_CHECKING:
    from hogwarts_rules.engine import GameBase

__all__ = ["steps_since_decision", "take_back", "take_back_problem"]

G = TypeVar("G", bound="GameBase")


class _Counted:
    """Dice that count their rolls (while a take-back is checked; never kept in a game).

    A roll made part-way through an action that then waits for a decision leaves no
    trace in the waiting game's dice (the action re-runs from its start), but the roll
    may already be shown in the decision's prompt: counting catches it.
    """

    __slots__ = ("count", "inner")

    def __init__(self, inner: DiceSource, count: list[int]) -> None:
        self.inner = inner
        self.count = count

    def roll(self, sides: int) -> tuple[int, DiceSource]:
        self.count[0] += 1
        value, after = self.inner.roll(sides)
        return value, _Counted(after, self.count)


def _rolls_in_run(root: GameBase, action: Action, inputs: tuple[Action, ...]) -> int:
    """The dice one run of ``action`` from ``root`` rolls, fed ``inputs``, to its end or stop."""
    count = [0]
    ctx = Context(_Counted(root.dice, count), inputs)
    with contextlib.suppress(_Suspend):
        root._play(ctx, action)
    return count[0]


def _new_rolls(state: GameBase, action: Action) -> int:
    """How many dice applying ``action`` to ``state`` rolls that had not been rolled before."""
    if isinstance(action, ChanceOutcome | Rekey):
        return 1  # a Rekey drew new dice: taking it back would bring the old ones back
    if state.pending is None:
        if isinstance(state.dice, ExternalDice):
            return 0  # its rolls are ChanceOutcome actions
        return _rolls_in_run(state, action, ())
    pending = state.pending
    root = pending.root
    if isinstance(root.dice, ExternalDice):
        return 0
    before = _rolls_in_run(root, pending.action, pending.inputs)
    return _rolls_in_run(root, pending.action, (*pending.inputs, action)) - before


def _unfair(earlier: GameBase, undone: tuple[Action, ...]) -> str | None:
    """Why taking ``undone`` back to ``earlier`` is unfair, or ``None`` (the rule of the module)."""
    actor = undone[0].actor
    state = earlier
    for action in undone:
        if _new_rolls(state, action):
            return "a roll or a draw was made since"
        after, events = state.apply(action)
        for event in events:
            if event.REVEALS:
                return f"something was shown since ({event.TYPE})"
        request = after.awaiting
        if isinstance(request, Decision) and request.player != actor:
            return f"{request.player} has been asked to decide since"
        state = after
    if any(action.actor != actor for action in undone):
        return "another seat has acted since"
    return None


def _earlier(game: G, target: int, base: G | None) -> G:
    """The game after its first ``target`` actions, rebuilt from ``base`` or from the set-up.

    ``base`` is vouched for by the caller (see `take_back`); what can be checked in
    constant time is: its class, its length, and that its last action is the game's.
    """
    history = game.history
    if base is None:
        return type(game).replay(GameRecord(game.KIND, game._setup_dict(), history[:target]))
    if type(base) is not type(game):
        raise ValueError(f"base is a {type(base).__name__}, not a {type(game).__name__}")
    done = len(base.history)
    if done > target:
        raise ValueError(f"base is at step {done}, past step {target}, the one taken back to")
    if done and base.history[done - 1] != history[done - 1]:
        raise ValueError(f"base is not this game at step {done}: its last action differs")
    earlier = base
    for action in history[done:target]:
        earlier, _ = earlier.apply(action)
    return earlier


def _decided(game: G, steps: object, base: G | None) -> tuple[G | None, str | None, bool]:
    """The game before the last ``steps`` actions, why it may not be had, and whether to re-key.

    The earlier game is rebuilt once (from ``base`` when given, see `take_back`); the
    practice rule (see the module) is asked only when the fair rule refuses.
    """
    if type(steps) is not int or steps < 1:
        return None, "take back a whole number of actions, 1 or more", False
    history = game.history
    if steps > len(history):
        return None, "there is nothing that far back to take back", False
    target = len(history) - steps
    undone = tuple(history[target:])
    if any(isinstance(action, Practice) for action in undone):
        return None, "practice mode, once every seat has been told of it, stays", False
    practising = any(isinstance(action, Practice) for action in history[:target])
    if not practising and any(isinstance(action, ChanceOutcome) for action in undone):
        return None, "a roll or a draw was made since", False
    earlier = _earlier(game, target, base)
    problem = _unfair(earlier, undone)
    if problem is None:
        return earlier, None, False
    if not practising:
        return None, problem, False
    if earlier.pending is not None:
        return None, "in practice, take back to a point where no decision or roll is awaited", False
    return earlier, None, isinstance(earlier.dice, SeededDice)


def take_back_problem(game: G, steps: int = 1, *, base: G | None = None) -> str | None:
    """Why the last ``steps`` actions may not be taken back, or ``None`` when they may.

    The reason never names a card, a roll or anything else a seat may not know.
    ``base``: as for `take_back` (the answer is the same with it or without).

    Raises:
        ValueError: ``base`` is visibly not an earlier state of ``game`` (see `take_back`).
    """
    return _decided(game, steps, base)[1]


def take_back(game: G, steps: int = 1, *, base: G | None = None) -> G:
    """The game as it was before its last ``steps`` actions, if that is fair (see the module).

    In practice mode, a take-back the rule refuses is made anyway, and the game that
    comes back ends with a `Rekey` of its seeded dice.

    The earlier game is rebuilt by replaying the game's actions from its set-up, unless
    ``base`` gives a known earlier state to start from: the game as it was after its
    first ``len(base.history)`` actions (at or before the point taken back to), such
    as a snapshot a server keeps every hundred actions or so. Only the actions after it
    are replayed, so the cost is that of the distance from ``base``, not of the game's
    length; the answer is the same. The caller vouches that ``base`` is a state this
    game passed through; its class, its step and its last action are checked.

    Raises:
        IllegalActionError: code ``no_take_back``, saying why.
        ValueError: ``base`` is of another class, past the point taken back to, or its
            last action is not the game's action at that step.
    """
    earlier, problem, rekey = _decided(game, steps, base)
    if problem is not None or earlier is None:
        raise IllegalActionError("no_take_back", f"cannot take back: {problem}")
    if rekey:
        earlier, _ = earlier.apply(Rekey(seed_to_string(secrets.randbits(64))))
    return earlier


def steps_since_decision(game: GameBase, seat: str) -> int | None:
    """How many actions to take back to return to ``seat``'s last decision (``None``: none yet).

    That is every action since, and the seat's own action; whether they may be taken
    back is `take_back_problem`'s question.
    """
    for steps, action in enumerate(reversed(game.history), 1):
        if action.actor == seat:
            return steps
    return None
