"""The Clue demo: notebook bots play a whole game, narrated as a spectator sees it.

The narration is the events as somebody at the table who is not playing sees
them: who showed a card to whom, never which card, and never a hand or the
envelope until the end. ``hogwarts-rules demo clue`` runs it (through the
game's `GameSpec.demo`).

Examples:
    >>> lines = []
    >>> game = demo(3, 2, lines.append)
    >>> lines[0]
    'Clue demo: Ann, Ben, Cat, played by notebook bots'
    >>> game.is_over, lines[-1] == game.outcome.description
    (True, True)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from hogwarts_rules.bots import Bot, deciding_seat, seat_actions
from hogwarts_rules.clue.bots import NotebookBot
from hogwarts_rules.clue.game import Game, new_game
from hogwarts_rules.events import events_for

__all__ = ["SEATS", "demo"]

SEATS: Final = ("Ann", "Ben", "Cat", "Dan", "Eve")
"""The demo's players, in seat order (the first ``players`` of them play)."""

_SPECTATOR: Final = "<table>"  # no player is called this: the events as a spectator sees them


def demo(players: int, seed: int, say: Callable[[str], None] = print) -> Game:
    """Let notebook bots play a whole game, narrating it as a spectator sees it.

    Args:
        players: how many play (3 to 5): the first of `SEATS`.
        seed: the dice's seed; the same seed plays the same game.
        say: called with each line of narration.

    Returns:
        The final game.

    Raises:
        IllegalActionError: ``players`` is not 3 to 5.
    """
    names = list(SEATS[:players])
    game = new_game(names, seed=seed)
    board = game.content.board
    bots: dict[str, Bot] = {name: NotebookBot(board) for name in game.seat_names}
    say(f"Clue demo: {', '.join(names)}, played by notebook bots")
    while not game.is_over:
        seat = deciding_seat(game)
        if seat is None:  # only an external roll could go on (never with a seed)
            break
        action = bots[seat].choose(game.view(seat), seat, seat_actions(game, seat))
        game, events = game.apply(action)
        for event in events_for(events, _SPECTATOR):
            say(f"  {event.description}")
    if game.outcome is not None:
        say(game.outcome.description)
    return game
