"""Drive a game of Clue the way a user interface (or a game server) would.

Clue is the game with secrets, so the program that runs the table keeps the whole
`clue.Game` to itself and gives each seat only:

- its view, `game.view(seat)`: its own hand, everything public, its legal actions;
- the events it may see, `events_for(events, seat)`: a card shown to Ben is named to
  Ben and to the player who showed it, and the others learn only that a card was shown.

The loop of every driver is the same:

    whose turn? (game.to_act) -> that seat's view -> its legal actions -> pick one
    -> game.apply(action) -> deliver to each seat the events it may see

Here bots pick the actions (a detective for Ann, notebook bots for Ben and Cat); a UI
would show the legal actions as buttons and wait for a click. Half-way through, the
game is saved as JSON and loaded again, as a server does between requests.

Run it from a checkout: ``python examples/drive_a_game.py``
"""

from __future__ import annotations

import json
import tempfile
from collections.abc import Mapping, Sequence
from pathlib import Path

from hogwarts_rules import clue
from hogwarts_rules.actions import Action
from hogwarts_rules.events import Event, events_for

SEATS = ("Ann", "Ben", "Cat")  # in seat order: play passes to the next name
SEED = 6  # seeded dice: the same game on every machine
SUGGESTIONS_BEFORE_SAVING = 3


def make_bots() -> dict[str, clue.Bot]:
    """One bot per seat. A bot only ever sees its own seat's view, like a human player."""
    return {"Ann": clue.DetectiveBot(), "Ben": clue.NotebookBot(), "Cat": clue.NotebookBot()}


def pick(bot: clue.Bot, view: clue.ClueView, seat: str, actions: Sequence[Action]) -> Action:
    """Choose one of ``seat``'s legal actions.

    A UI would draw ``view`` (the seat's hand, the board, the suggestions so far), offer
    ``actions`` as buttons and return the one clicked. ``actions[0]`` would do for a
    quick test; here a bot decides (every bot of every game has this
    ``choose(view, seat, actions)``).
    """
    return bot.choose(view, seat, actions)


def step(game: clue.Game, bots: Mapping[str, clue.Bot]) -> tuple[clue.Game, tuple[Event, ...]]:
    """Play one action: find who acts, ask them, apply their choice."""
    if game.to_act:
        # Someone must decide: the player whose turn it is, or a player asked to show a
        # card during someone else's turn. (With seeded dice nobody waits for a roll.)
        (seat,) = game.to_act
        view = game.view(seat)  # all this seat may know, never the envelope or other hands
        action = pick(bots[seat], view, seat, view.legal_actions)
    else:
        # Nobody must act: here only before the deal. The table itself deals the cards.
        (action,) = game.legal_actions()  # clue.Deal()
    # apply() returns the next game and the events; `game` itself never changes.
    return game.apply(action)


def deliver(events: Sequence[Event]) -> dict[str, tuple[Event, ...]]:
    """The events each seat may see: what a server would send down each connection."""
    return {seat: events_for(events, seat) for seat in SEATS}


def narrate(delivered: Mapping[str, Sequence[Event]]) -> None:
    """Print what the seats were told: a line once if everyone saw it the same, else per seat."""
    told = {seat: [event.description for event in events] for seat, events in delivered.items()}
    if len({len(lines) for lines in told.values()}) != 1:
        # Some seat was not told of an event at all: print each seat's lines in full.
        for seat, lines in told.items():
            for line in lines:
                print(f"  [{seat}] {line}")
        return
    for versions in zip(*told.values(), strict=True):  # one event, as each seat saw it
        seen_by: dict[str, list[str]] = {}  # what was seen -> the seats that saw it
        for seat, line in zip(told, versions, strict=True):
            seen_by.setdefault(line, []).append(seat)
        if len(seen_by) == 1:
            print(f"  {versions[0]}")
        else:
            for line, seats in seen_by.items():
                print(f"  [{', '.join(seats)}] {line}")


def play(
    game: clue.Game, bots: Mapping[str, clue.Bot], *, until_suggestions: int | None = None
) -> clue.Game:
    """Drive the game until it is over (or, if given, has ``until_suggestions`` suggestions)."""
    while not game.is_over:
        if until_suggestions is not None and len(game.suggestions) >= until_suggestions:
            break
        if game.step == "roll" and game.current_player is not None and game.awaiting is None:
            print(f"-- {game.current_player}'s turn --")
        game, events = step(game, bots)
        narrate(deliver(events))
    return game


def save_and_load(game: clue.Game, folder: Path) -> clue.Game:
    """Save the game as JSON and load it back, as a server does between two requests."""
    path = folder / "game.json"
    # to_dict() is JSON-safe: the set-up (seats, seed) and every action so far. It rebuilds
    # every secret, so keep it on the server; players get views and filtered events.
    path.write_text(json.dumps(game.to_dict()), encoding="utf-8")
    print(f"\nSaved after {len(game.history)} actions to {path.name} ({path.stat().st_size} bytes)")
    # from_dict() checks the data by replaying every action under the rules.
    loaded = clue.Game.from_dict(json.loads(path.read_text(encoding="utf-8")))
    assert loaded == game, "a loaded game is equal to the game saved"
    print("Loaded it back: an equal game, with the same secrets and the same dice to come")
    # What a client would receive instead: its view, with the legal actions as JSON.
    seat = loaded.current_player or SEATS[0]
    payload = loaded.view(seat).to_dict()
    print(f"{seat}'s screen gets a view of {len(json.dumps(payload))} bytes of JSON:")
    print(f"  hand: {', '.join(payload['hand'])}")
    print(f"  legal actions: {[action['type'] for action in payload['legal_actions']]}\n")
    return loaded


def main() -> None:
    game = clue.new_game(list(SEATS), seed=SEED)
    bots = make_bots()
    print(f"Clue for {', '.join(SEATS)} (seed {SEED}): the table deals")
    game = play(game, bots, until_suggestions=SUGGESTIONS_BEFORE_SAVING)

    with tempfile.TemporaryDirectory() as folder:
        game = save_and_load(game, Path(folder))

    game = play(game, bots)

    outcome = game.outcome
    assert outcome is not None
    print(f"\nGame over: {outcome.description}", end=" ")
    print(f"({len(game.history)} actions, {len(game.suggestions)} suggestions)")


if __name__ == "__main__":
    main()
