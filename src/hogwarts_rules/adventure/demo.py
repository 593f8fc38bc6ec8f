"""The First Year Adventure demo: heuristic bots play a whole game, narrated.

Every line is wrapped to 100 characters (a continuation line is indented four
more spaces). By default the narration is short: the key moments (the order of
play, each sorting, each dungeon secret learnt, each challenge passed further into
the dungeon than before, big gains and losses of house points, the Mirror's
obsession), the
house points every `STANDINGS_EVERY` rounds, and the result. With ``full=True``
every event is narrated, round by round.
``hogwarts-rules demo adventure`` runs it (through the game's `GameSpec.demo`).

Examples:
    >>> lines = []
    >>> game = demo(2, 11, lines.append)
    >>> lines[0]
    'First Year Adventure demo: Harry, Ron, played by bots'
    >>> game.is_over, lines[-2].startswith(" and ".join(game.outcome.winners))
    (True, True)
    >>> max(len(line) for line in lines) <= 100
    True
    >>> every = []
    >>> demo(2, 11, every.append, full=True) == game, len(every) > 4 * len(lines)
    (True, True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

from hogwarts_rules._text import fill, wrap
from hogwarts_rules.adventure.board import DUNGEON, Space
from hogwarts_rules.adventure.bots import HeuristicBot
from hogwarts_rules.adventure.events import (
    Attribute,
    AttributeSet,
    ChallengePassed,
    HousePointsChanged,
    KnowledgeGained,
    MissReason,
    Moved,
    Movement,
    TeamDecision,
    TurnMissed,
    TurnOrderSet,
    TurnsLost,
)
from hogwarts_rules.adventure.game import Game, new_game
from hogwarts_rules.bots import Bot, deciding_seat, seat_actions
from hogwarts_rules.events import Event

__all__ = ["BIG_GAIN", "DEMO_ROUND_LIMIT", "SEATS", "STANDINGS_EVERY", "demo"]

SEATS: Final = ("Harry", "Ron", "Hermione", "Neville")
"""The demo's players, in seat order (the first ``players`` of them play)."""

DEMO_ROUND_LIMIT: Final = 500
"""The demo ends after this many rounds (a game between bots almost never lasts this long)."""

STANDINGS_EVERY: Final = 20
"""The short narration gives the standings every this many rounds."""

BIG_GAIN: Final = 20
"""The short narration tells of house points gained or lost this many at a time, or more."""

_DUNGEON: Final = tuple(DUNGEON)


def demo(
    players: int, seed: int, say: Callable[[str], None] = print, *, full: bool = False
) -> Game:
    """Let heuristic bots play a whole game, narrating it to ``say``.

    Args:
        players: how many play (2 to 4): the first of `SEATS`.
        seed: the dice's seed; the same seed plays the same game.
        say: called with each line of narration.
        full: narrate every event under its round's heading (by default: the key
            moments, the standings now and then, and the result).

    Returns:
        The final game (the same whatever ``full`` is).

    Raises:
        IllegalActionError: ``players`` is not 2 to 4.
    """
    say = _wrapping(say)
    names = list(SEATS[:players])
    game = new_game(names, seed=seed, max_rounds=DEMO_ROUND_LIMIT)
    bots: dict[str, Bot] = {name: HeuristicBot() for name in game.seat_names}
    say(f"First Year Adventure demo: {', '.join(names)}, played by bots")
    narrator = _Narrator(say, full)
    while not game.is_over:
        seat = deciding_seat(game)
        if seat is None:  # only an external roll could go on (never with a seed)
            break
        action = bots[seat].choose(game.view(seat), seat, seat_actions(game, seat))
        before = game
        game, events = game.apply(action)
        narrator.tell(before, game, events)
    outcome = game.outcome
    if outcome is not None:
        scores = [f"{name} {points}{_house(game, name)}" for name, points in outcome.scores.items()]
        winners = " and ".join(outcome.winners)
        rounds = "1 round" if game.round == 1 else f"{game.round} rounds"
        why = outcome.description.removeprefix("The game ended because ").rstrip(".")
        head = f"{winners} won after {rounds} ({why}). House points: "
        for line in fill(head, [*scores[:-1], scores[-1] + "."], ", ", "    "):
            say(line)  # wrapped between two players' points, never inside
    return game


def _wrapping(say: Callable[[str], None]) -> Callable[[str], None]:
    """``say``, each text wrapped to `WIDTH` (continuation lines indented 4 more spaces)."""

    def wrapped(text: str) -> None:
        indent = text[: len(text) - len(text.lstrip(" "))]
        for line in wrap(text.strip(), indent, indent + "    ") or [text]:
            say(line)

    return wrapped


def _house(game: Game, name: str) -> str:
    house = game.players[name].house
    return f" ({house})" if house is not None else ""


class _Narrator:
    """Says the events of each step: all of them, or the key moments."""

    def __init__(self, say: Callable[[str], None], full: bool) -> None:
        self.say = say
        self.full = full
        self.shown_round = 0
        self.furthest: dict[str, int] = {}  # each player's furthest dungeon space so far
        self.known: set[tuple[str, str]] = set()  # each dungeon secret each player learnt

    def tell(self, before: Game, after: Game, events: Sequence[Event]) -> None:
        """Narrate the ``events`` of the step from ``before`` to ``after``."""
        round_number, turn = before.round, before.turn
        order = before.order
        for event in events:
            if isinstance(event, TurnOrderSet):
                round_number, turn, order = 1, 0, event.order
            elif isinstance(event, TurnMissed):
                # Turns pass at the end of a step: a missed turn belongs to the round it
                # falls in, which may be the next one.
                seat = order.index(event.player)
                if seat <= turn:
                    round_number += 1
                turn = seat
            if self.full:
                if round_number and round_number != self.shown_round:
                    self.shown_round = round_number
                    self.say(f"Round {round_number}")
                self.say(f"  {event.description}")
            elif self._is_key(event):
                self.say(f"  Round {round_number}: {event.description}")
        if self.full or after.is_over or not before.round:
            return
        for finished in range(before.round, after.round):
            if finished % STANDINGS_EVERY == 0:
                standings = ", ".join(
                    f"{name} {player.house_points}" for name, player in after.players.items()
                )
                self.say(f"After round {finished}, house points: {standings}")

    def _is_key(self, event: Event) -> bool:
        if isinstance(event, TurnOrderSet):
            return True
        if isinstance(event, KnowledgeGained):
            known = (event.player, event.what)
            if known in self.known:  # learnt again: nothing new
                return False
            self.known.add(known)
            return True
        if isinstance(event, AttributeSet):
            return event.attribute == Attribute.HOUSE
        if isinstance(event, TeamDecision):
            return event.joined
        if isinstance(event, TurnsLost):
            return event.reason == MissReason.MIRROR
        if isinstance(event, HousePointsChanged):
            return abs(event.change) >= BIG_GAIN
        if isinstance(event, Moved) and event.how == Movement.DUNGEON:
            # Into the dungeon, and before Voldemort: the steps between say little.
            ends = event.destination in (_DUNGEON[0], _DUNGEON[-1])
            return self._further(event.player, event.destination) and ends
        if isinstance(event, ChallengePassed):
            return self._further(event.player, event.space, passed=True)
        return False

    def _further(self, player: str, space: str, *, passed: bool = False) -> bool:
        """Whether ``player`` is deeper in the dungeon than ever (reaching or passing ``space``)."""
        try:
            depth = 2 * _DUNGEON.index(Space(space)) + int(passed)
        except ValueError:
            return False
        if depth <= self.furthest.get(player, -1):
            return False
        self.furthest[player] = depth
        return True
