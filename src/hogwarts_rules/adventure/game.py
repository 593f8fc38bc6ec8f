"""First Year Adventure: the game value and its rules.

Examples:
    >>> from hogwarts_rules import adventure
    >>> game = adventure.new_game(["Harry", "Hermione"], seed=3)
    >>> game.legal_actions()
    (RollOff(),)
    >>> game, events = game.apply(adventure.RollOff())
    >>> game.to_act
    ('Hermione',)
    >>> print(events[-1].description)
    Hermione goes first; the order of play is Hermione, Harry
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Final, Self

import attrs

from hogwarts_rules.actions import Action
from hogwarts_rules.adventure.actions import (
    AdventureAction,
    EnterDungeon,
    GoToThirdFloor,
    MoveOne,
    PlayerAction,
    RollOff,
    RollToMove,
    TakeTurn,
)
from hogwarts_rules.adventure.board import Region, region
from hogwarts_rules.adventure.errors import refuse
from hogwarts_rules.adventure.events import Ending
from hogwarts_rules.adventure.player import Player, PlayerDraft
from hogwarts_rules.adventure.rules import CLUES_FOR_SHORTCUT, VOLDEMORT_POINTS, play, turn_actions
from hogwarts_rules.adventure.view import AdventureView, view_for
from hogwarts_rules.dice import DiceSource
from hogwarts_rules.engine import Context, GameBase, Outcome, check_player_names, make_dice
from hogwarts_rules.frozen import FrozenMap
from hogwarts_rules.serialization import shown_key, unstructure

__all__ = [
    "CLUES_FOR_SHORTCUT",
    "KIND",
    "MAX_ROUND_LIMIT",
    "VOLDEMORT_POINTS",
    "AdventureSetup",
    "Game",
    "Player",
    "PlayerDraft",
    "new_game",
]

KIND: Final = "first-year-adventure"
"""The game's kind, as written in saved games."""

MAX_ROUND_LIMIT: Final = 100_000
"""The largest round limit (`AdventureSetup.max_rounds`) a game accepts."""


@attrs.frozen
class AdventureSetup:
    """How a game starts.

    Attributes:
        players: the players' names, in seat order (play passes in this order).
        dice: the dice the game starts with.
        max_rounds: end the game after this many rounds (for simulations), or ``None``.
    """

    players: tuple[str, ...]
    dice: DiceSource
    max_rounds: int | None = None


@attrs.frozen(kw_only=True)
class Game(GameBase):
    """A game of First Year Adventure (immutable; see `hogwarts_rules.engine`).

    Attributes:
        setup: how the game started.
        players: every player's record, by name, in seat order.
        order: the order of play once the roll-off is done (first player first).
        turn: the index in ``order`` of the player whose turn it is.
        round: the current round (1 for the first round; 0 before the roll-off).
        finished: why the game ended, or ``None`` while it goes on.
    """

    KIND: ClassVar[str] = KIND
    SETUP_TYPE: ClassVar[type[Any]] = AdventureSetup
    ACTION_TYPE: ClassVar[type[Action]] = AdventureAction

    setup: AdventureSetup = attrs.field(repr=False)
    players: FrozenMap[str, Player]
    order: tuple[str, ...] = ()
    turn: int = 0
    round: int = 0
    finished: Ending | None = None

    # ----- reading the game -------------------------------------------------------------

    def __str__(self) -> str:
        """The text board (see `hogwarts_rules.adventure.text.board_text`)."""
        from hogwarts_rules.adventure.text import board_text

        return board_text(self)

    def __repr__(self) -> str:
        """A short summary that shows no secret (see `hogwarts_rules.adventure.text.short_repr`)."""
        from hogwarts_rules.adventure.text import short_repr

        return short_repr(self)

    @property
    def current_player(self) -> str | None:
        """Whose turn it is (``None`` before the roll-off and after the end)."""
        if not self.order or self.finished is not None:
            return None
        return self.order[self.turn]

    def player(self, name: str) -> Player:
        """A player's record by name.

        Raises:
            IllegalActionError: there is no such player.
        """
        found = self.players.get(name) if type(name) is str else None
        if found is None:
            raise refuse(
                "unknown_player", f"there is no player called {shown_key(name)!r} in this game"
            )
        return found

    def view(self, seat: str | None) -> AdventureView:
        """What ``seat`` may see (``None``: the table): every record, never the dice.

        Raises:
            IllegalActionError: there is no such player.
        """
        # The seats' tuple holds the same names as ``players`` (a plain tuple: read faster).
        if seat is not None and (type(seat) is not str or seat not in self.setup.players):
            self.player(seat)  # raises
        return view_for(self, seat)

    @property
    def seat_names(self) -> tuple[str, ...]:
        """The players, in seat order."""
        return self.setup.players

    @property
    def is_over(self) -> bool:
        """True once Voldemort is defeated (or the round limit is reached)."""
        return self.finished is not None

    @property
    def scores(self) -> FrozenMap[str, int]:
        """Every player's house points."""
        return FrozenMap({name: p.house_points for name, p in self.players.items()})

    @property
    def outcome(self) -> Outcome | None:
        """The winners (most house points; ties share the win) once the game is over."""
        if self.finished is None:
            return None
        best = max(self.scores.values())
        winners = tuple(name for name, points in self.scores.items() if points == best)
        defeated = self.finished == Ending.VOLDEMORT_DEFEATED
        why = "Voldemort was defeated" if defeated else "the round limit was reached"
        reason = Ending(self.finished).value
        return Outcome(winners, reason, self.scores, f"The game ended because {why}.")

    # ----- pictures ---------------------------------------------------------------------------

    def to_svg(self, *, width: int | None = None) -> str:
        """The board, the pawns and the players as an SVG document (see `board_svg`).

        Args:
            width: the picture's width in pixels (default `svg.DEFAULT_WIDTH`).
        """
        from hogwarts_rules.adventure.svg import DEFAULT_WIDTH, board_svg

        return board_svg(self, width=DEFAULT_WIDTH if width is None else width)

    def _repr_svg_(self) -> str:
        """The picture Jupyter shows for a game (`to_svg`)."""
        return self.to_svg()

    # ----- what can happen now --------------------------------------------------------------

    def _root_to_act(self) -> tuple[str, ...]:
        current = self.current_player
        return () if current is None else (current,)

    def _root_actions(self) -> tuple[Action, ...]:
        if not self.order:
            return (RollOff(),)
        name = self.current_player
        if name is None:
            return ()
        return turn_actions(self.players[name])

    def _check_root(self, action: Action) -> None:
        if action in self._legal_root():
            return
        if isinstance(action, RollOff):
            raise refuse("already_started", "the roll for who goes first has been made")
        if not isinstance(action, PlayerAction):
            raise refuse("bad_action", f"{type(action).__name__} cannot start a turn")
        p = self.player(action.player)
        if not self.order:
            raise refuse("not_started", "roll for who goes first (RollOff) before the first turn")
        if action.player != self.current_player:
            raise refuse("not_your_turn", f"it is {self.current_player}'s turn, not {p.name}'s")
        kind = type(action).__name__
        if isinstance(action, TakeTurn):
            raise refuse("on_the_loop", f"{p.name} is on the loop: move 1 space or roll to move")
        if isinstance(action, MoveOne | RollToMove):
            raise refuse(
                "straight_run", f"{kind} is for the loop; on {p.space} you move one space a turn"
            )
        if isinstance(action, GoToThirdFloor | EnterDungeon):
            if region(p.space) is not Region.HOGWARTS:
                raise refuse("not_on_loop", f"{kind} is only allowed from a space of the loop")
            if p.clues < CLUES_FOR_SHORTCUT:
                raise refuse(
                    "need_clues", f"{kind} needs {CLUES_FOR_SHORTCUT} clues; {p.name} has {p.clues}"
                )
            if isinstance(action, EnterDungeon):
                raise refuse("not_on_third_floor", "the dungeon is entered from the 3rd Floor")
            raise refuse(
                "on_third_floor", f"{p.name} is already on the 3rd Floor: enter the dungeon or move"
            )
        raise refuse(
            "not_now", f"{kind} is a decision the rules ask for; no such decision is awaited"
        )

    # ----- the rules (run on a draft: see hogwarts_rules.adventure.rules) ----------------

    def _play(self, ctx: Context, action: Action) -> Self:
        return play(self, ctx, action)  # type: ignore[return-value]

    # The engine calls `play` itself (one call fewer per action).
    _play_to_end = play

    # ----- serialization ------------------------------------------------------------------------

    @classmethod
    def _start(cls, setup: AdventureSetup) -> Self:
        names = check_player_names(setup.players, minimum=2, maximum=4)
        limit = setup.max_rounds
        if limit is not None and (type(limit) is not int or not 1 <= limit <= MAX_ROUND_LIMIT):
            raise refuse(
                "bad_option", f"max_rounds must be a whole number from 1 to {MAX_ROUND_LIMIT}"
            )
        return cls(dice=setup.dice, setup=setup, players=FrozenMap({n: Player(n) for n in names}))

    def _state_dict(self) -> dict[str, Any]:
        return {
            "players": {name: unstructure(p) for name, p in self.players.items()},
            "order": list(self.order),
            "turn": self.turn,
            "round": self.round,
            "finished": None if self.finished is None else str(self.finished),
            "to_act": list(self.to_act),
        }


def new_game(
    players: Sequence[str],
    *,
    seed: int | None = None,
    dice: DiceSource | None = None,
    **options: Any,
) -> Game:
    """Start a game of First Year Adventure for 2 to 4 players.

    The first action is the roll for who goes first (`RollOff`).

    Args:
        players: the players' names, in seat order.
        seed: seed for the default `SeededDice`.
        dice: another dice source (scripted or external); not with ``seed``.
        **options: ``max_rounds`` (end after that many rounds; for simulations).

    Raises:
        IllegalActionError: bad names, player count or options.
    """
    unknown = sorted(set(options) - {"max_rounds"})
    if unknown:
        raise refuse("unknown_option", f"unknown option {unknown[0]!r} (known: max_rounds)")
    names = check_player_names(players, minimum=2, maximum=4)
    setup = AdventureSetup(names, make_dice(seed, dice), options.get("max_rounds"))
    return Game._start(setup)
