"""One bot contract for every game, and one loop that lets bots play.

A bot is anything with ``choose(view, seat, actions) -> Action``: it sees only
``seat``'s view (``game.view(seat)``, never the game) and picks one of the
actions that seat may take now. `play_out` is the loop every front end uses.

Examples:
    >>> from hogwarts_rules import find_game
    >>> from hogwarts_rules.bots import play_out
    >>> spec = find_game("clue")
    >>> game = spec.new_game(3, seed=3)
    >>> bots = {seat: spec.make_bot("notebook", game) for seat in game.seat_names}
    >>> play_out(game, bots).is_over
    True
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from hogwarts_rules.dice import CHANCE
from hogwarts_rules.serialization import shown_key

if TYPE_CHECKING:
    from hogwarts_rules.actions import Action
    from hogwarts_rules.engine import GameBase

__all__ = ["Bot", "RandomBot", "deciding_seat", "play_out", "seat_actions"]

G = TypeVar("G", bound="GameBase")


class Bot(Protocol):
    """Anything that picks one of the legal actions for a seat from its view."""

    def choose(self, view: Any, seat: str, actions: Sequence[Action]) -> Action:
        """Pick one of ``actions`` (never empty) for ``seat``, seeing only ``view``."""
        ...


class RandomBot:
    """Picks uniformly among the legal actions (with its own seeded generator).

    Works for every game. In Clue it nearly always accuses in The Burrow, and
    nearly always wrongly, so games between random bots end fast.
    """

    def __init__(self, seed: int = 0) -> None:
        """Create a bot whose choices follow ``seed``."""
        self._random = random.Random(seed)

    def __repr__(self) -> str:
        # Not the seed: it would tell every choice the bot is going to make.
        return "RandomBot()"

    def choose(self, view: Any, seat: str, actions: Sequence[Action]) -> Action:
        """See `Bot.choose`.

        The index is drawn as ``random.Random.randrange`` draws it (the fewest bits
        that hold ``len(actions) - 1``, drawn again while too large), written out here
        so that a seed picks the same actions on every Python version, with two calls fewer.

        Raises:
            ValueError: ``actions`` is empty.
        """
        count = len(actions)
        if not count:
            raise ValueError("RandomBot.choose needs at least one action to choose from")
        bits = count.bit_length()
        draw = self._random.getrandbits
        index = draw(bits)
        while index >= count:
            index = draw(bits)
        return actions[index]


def seat_actions(game: GameBase, seat: str) -> tuple[Action, ...]:
    """What ``seat`` may do now.

    When somebody must decide, the seat's legal actions (none unless it is one of
    them). When nobody must (before the deal or the roll-off, or in a game
    master's scene), the seat's own actions and those nobody owns.
    """
    if game.is_over:
        return ()
    to_act = game.to_act
    if to_act:
        return game.legal_actions(seat) if seat in to_act else ()
    return tuple(a for a in game.legal_actions() if a.actor is None or a.actor == seat)


def deciding_seat(game: GameBase, seats: Sequence[str] | None = None) -> str | None:
    """The seat that acts next: the first of ``game.to_act``, or the first seat that may act.

    ``None`` when the game is over, awaits an external roll, or no seat (of
    ``seats``, by default every seat) may act.
    """
    if game.is_over:
        return None
    to_act = game.to_act
    if to_act == (CHANCE,):
        return None
    candidates = seats if seats is not None else game.seat_names
    if to_act:  # somebody must decide: they have actions by the contract
        return next((seat for seat in to_act if seat in candidates), None)
    for seat in candidates:
        if seat_actions(game, seat):
            return seat
    return None


def play_out(game: G, bots: Mapping[str, Bot], *, max_steps: int = 20_000) -> G:
    """Let bots play ``game`` to the end (or ``max_steps`` actions) and return it.

    Each bot sees only its seat's view. The loop stops early when the game awaits
    an external roll or a seat without a bot (a person's seat, for instance): the
    game it returns is then not over, and ``game.to_act`` says who is awaited.

    Args:
        game: the game to play on.
        bots: a bot for some or all of the seats, by seat name.
        max_steps: the most actions applied.

    Raises:
        TypeError: ``bots`` is not a mapping of seat names to bots.
        ValueError: a key of ``bots`` is not one of the game's seats.
        RuntimeError: a bot chose an action that is not one of those offered.
    """
    if not isinstance(bots, Mapping):
        raise TypeError(f"bots must map seat names to bots (a dict), not a {type(bots).__name__}")
    seats = game.seat_names
    for key in bots:
        if key not in seats:
            raise ValueError(
                f"bots has a bot for {shown_key(key)!r}, which is no seat of this game"
                f" (the seats are {', '.join(seats)})"
            )
    steps = 0
    while steps < max_steps:
        seat = deciding_seat(game, tuple(s for s in game.seat_names if s in bots))
        if seat is None:
            break
        view = game.view(seat)
        # Every view lists its seat's actions (`seat_actions`): computed once per step.
        listed = getattr(view, "legal_actions", None)
        actions = listed if isinstance(listed, tuple) else seat_actions(game, seat)
        action = bots[seat].choose(view, seat, actions)
        if action not in actions:
            raise RuntimeError(f"the bot of {seat} chose an action that is not legal now")
        game, _ = game.apply(action)
        steps += 1
    return game
