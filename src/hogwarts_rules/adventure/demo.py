"""The First Year Adventure demo: heuristic bots play a whole game, narrated event by event.

``hogwarts-rules demo adventure`` runs it (through the game's `GameSpec.demo`).

Examples:
    >>> lines = []
    >>> game = demo(2, 11, lines.append)
    >>> lines[0]
    'First Year Adventure demo: Harry, Ron, played by bots'
    >>> game.is_over, lines[-1].startswith(" and ".join(game.outcome.winners))
    (True, True)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from hogwarts_rules.adventure.bots import HeuristicBot
from hogwarts_rules.adventure.game import Game, new_game
from hogwarts_rules.bots import Bot, deciding_seat, seat_actions

__all__ = ["DEMO_ROUND_LIMIT", "SEATS", "demo"]

SEATS: Final = ("Harry", "Ron", "Hermione", "Neville")
"""The demo's players, in seat order (the first ``players`` of them play)."""

DEMO_ROUND_LIMIT: Final = 500
"""The demo ends after this many rounds (a game between bots almost never lasts this long)."""


def demo(players: int, seed: int, say: Callable[[str], None] = print) -> Game:
    """Let heuristic bots play a whole game, passing every event's narration to ``say``.

    Args:
        players: how many play (2 to 4): the first of `SEATS`.
        seed: the dice's seed; the same seed plays the same game.
        say: called with each line of narration.

    Returns:
        The final game.

    Raises:
        IllegalActionError: ``players`` is not 2 to 4.
    """
    names = list(SEATS[:players])
    game = new_game(names, seed=seed, max_rounds=DEMO_ROUND_LIMIT)
    bots: dict[str, Bot] = {name: HeuristicBot() for name in game.seat_names}
    say(f"First Year Adventure demo: {', '.join(names)}, played by bots")
    shown_round = 0
    while not game.is_over:
        if game.round != shown_round and game.pending is None and game.round:
            shown_round = game.round
            say(f"Round {shown_round}")
        seat = deciding_seat(game)
        if seat is None:  # only an external roll could go on (never with a seed)
            break
        action = bots[seat].choose(game.view(seat), seat, seat_actions(game, seat))
        game, events = game.apply(action)
        for event in events:
            say(f"  {event.description}")
    outcome = game.outcome
    if outcome is not None:
        say(f"{' and '.join(outcome.winners)} won after {game.round} rounds: {outcome.description}")
    return game
