"""The ``hogwarts-rules`` command line (also ``python -m hogwarts_rules``).

``hogwarts-rules demo adventure --players 4 --seed 7`` lets bots play a whole game
of First Year Adventure and narrates every event; ``hogwarts-rules demo
hufflepuff-ravenclaw`` plays a short scene of the RPG mechanics.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence

from hogwarts_rules import __version__, adventure, clue
from hogwarts_rules import hufflepuff_ravenclaw as hr
from hogwarts_rules.engine import Decision
from hogwarts_rules.events import Event, events_for

__all__ = ["demo_adventure", "demo_clue", "demo_hufflepuff_ravenclaw", "main"]

_ADVENTURE_NAMES = ("Harry", "Ron", "Hermione", "Neville")
_DEMO_ROUND_LIMIT = 500  # a game between bots almost never lasts this long

_EXAMPLES = """\
examples:
  hogwarts-rules demo adventure
  hogwarts-rules demo adventure --players 2 --seed 11
  hogwarts-rules demo hufflepuff-ravenclaw --seed 7
"""


def _youth_policy(game: hr.Game) -> hr.SpendYouth:
    """Spend the least Youth that turns the awaited roll into a success, if 3 points or fewer."""
    (name,) = game.to_act
    character = game.characters[name]
    request = game.awaiting
    assert isinstance(request, Decision)
    roll, target = request.details["roll"], request.details["target"]
    assert isinstance(roll, int) and isinstance(target, int)
    needed = hr.youth_to_spend(target, roll, character.youth)
    return hr.SpendYouth(name, needed if needed is not None and needed <= 3 else 0)


def _play(
    game: hr.Game, action: hr.HufflepuffRavenclawAction, say: Callable[[str], None]
) -> hr.Game:
    game, events = game.apply(action)
    _narrate(events, say)
    while game.to_act:
        game, events = game.apply(_youth_policy(game))
        _narrate(events, say)
    return game


def _narrate(events: Sequence[Event], say: Callable[[str], None]) -> None:
    for event in events:
        say(f"  {event.description}")


def demo_hufflepuff_ravenclaw(seed: int, say: Callable[[str], None] = print) -> hr.Game:
    """Play the demo scene (tests, a spell, a contest, a brawl, a fall, a school break)."""
    sky = hr.Character.first_year(
        "Sky",
        stats={"Agility": 4, "Size": 3},
        qualities={"Bravery": 4},
        skills={"Brawl": 1, "Mischief": 2, "Charms": 1},
        spells={"Lumos", "Wingardium Leviosa"},
        classes={"Charms"},
    )
    weasley = hr.Character.first_year(
        "Weasley",
        stats={"Agility": 3, "Size": 3},
        qualities={"Fortitude": 2},
        skills={"Brawl": 2, "Notice": 1},
    )
    game = hr.new_game([sky, weasley], seed=seed)
    say(f"Hufflepuff & Ravenclaw demo (seed {seed}): Sky and Weasley after curfew")
    say("Sky sneaks past the portraits (Bravery + Mischief, guards close by: -2):")
    sneak = hr.SkillTest("Sky", "Mischief", "Bravery", (hr.Modifier(-2, "guards close by"),))
    game = _play(game, sneak, say)
    say("Sky lights the way (Lumos, a standard spell, said aloud):")
    game = _play(game, hr.CastSpell("Sky", "Lumos"), say)
    say("Weasley spots the light (a contest: Weasley's Notice against Sky's Mischief):")
    spot = hr.Contest(
        hr.TestSpec("Weasley", "Notice", "Intellect"), hr.TestSpec("Sky", "Mischief", "Agility")
    )
    game = _play(game, spot, say)
    say("A brawl breaks out:")
    for round_number in range(1, 9):
        if not all(c.is_conscious for c in game.characters.values()):
            break
        say(f" Round {round_number}")
        game = _play(game, hr.BrawlRound(hr.Fighter("Sky"), hr.Fighter("Weasley")), say)
    if game.characters["Sky"].is_conscious:
        say("Sky scarpers down the moving staircase and falls 6 metres:")
        game = _play(game, hr.Fall("Sky", 6), say)
    say("The session ends:")
    game = _play(game, hr.EndSession(), say)
    say("Winter break:")
    game = _play(game, hr.SchoolBreak(), say)
    game = _play(game, hr.EndScene(), say)
    for character in game.characters.values():
        skills = ", ".join(f"{k} {v}" for k, v in character.skills.items())
        say(
            f"{character.name}: {character.damage} damage ({character.wound.value}), "
            f"Youth {character.youth}, skills {skills}"
        )
    return game


def demo_adventure(players: int, seed: int, say: Callable[[str], None] = print) -> adventure.Game:
    """Let heuristic bots play a whole game of First Year Adventure, narrating every event."""
    names = list(_ADVENTURE_NAMES[:players])
    game = adventure.new_game(names, seed=seed, max_rounds=_DEMO_ROUND_LIMIT)
    bots = {name: adventure.HeuristicBot() for name in names}
    say(f"First Year Adventure demo (seed {seed}): {', '.join(names)}, played by bots")
    shown_round = 0
    while not game.is_over:
        if game.round != shown_round and game.pending is None and game.round:
            shown_round = game.round
            say(f"Round {shown_round}")
        who = game.to_act[0] if game.to_act else names[0]
        action = bots[who].choose(game.view(who), who, game.legal_actions())
        game, events = game.apply(action)
        _narrate(events, say)
    outcome = game.outcome
    assert outcome is not None
    say(f"{' and '.join(outcome.winners)} won after {game.round} rounds: {outcome.description}")
    return game


_CLUE_NAMES = ("Ann", "Ben", "Cat", "Dan", "Eve")
_SPECTATOR = "<table>"  # no player is called this: events as a spectator sees them


def demo_clue(players: int, seed: int, say: Callable[[str], None] = print) -> clue.Game:
    """Let notebook bots play a whole game of Clue, narrated as a spectator sees it."""
    names = list(_CLUE_NAMES[:players])
    game = clue.new_game(names, seed=seed)
    bots = {name: clue.NotebookBot() for name in names}
    say(f"Clue demo (seed {seed}): {', '.join(names)}, played by notebook bots")
    while not game.is_over:
        who = game.to_act[0] if game.to_act else names[0]
        view = game.view(who)
        actions = view.legal_actions if game.to_act else game.legal_actions()
        game, events = game.apply(bots[who].choose(view, actions))
        _narrate(events_for(events, _SPECTATOR), say)
    outcome = game.outcome
    assert outcome is not None
    say(outcome.description)
    return game


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="hogwarts-rules",
        description="Rules engines for three Hogwarts tabletop games.",
        epilog=_EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"hogwarts-rules {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    demo = commands.add_parser(
        "demo",
        help="play a short game and narrate it",
        description="Play a short game with scripted characters and narrate every event.",
        epilog=_EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    demo.add_argument(
        "game", choices=["adventure", "clue", "hufflepuff-ravenclaw"], help="which game to play"
    )
    demo.add_argument("--seed", type=int, default=7, help="seed for the dice (default: 7)")
    demo.add_argument(
        "--players",
        type=int,
        default=4,
        choices=range(2, 6),
        metavar="{2,3,4,5}",
        help="players in a board game: 2-4 for adventure, 3-5 for clue (default: 4)",
    )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    args = _parser().parse_args(argv)
    try:
        if args.command == "demo":
            if not 0 <= args.seed < 2**64:
                print("hogwarts-rules: error: --seed must be from 0 to 2**64 - 1", file=sys.stderr)
                return 2
            limits = {"adventure": (2, 4), "clue": (3, 5)}.get(args.game)
            if limits and not limits[0] <= args.players <= limits[1]:
                print(
                    f"hogwarts-rules: error: {args.game} is for {limits[0]} to {limits[1]} players",
                    file=sys.stderr,
                )
                return 2
            if args.game == "adventure":
                demo_adventure(args.players, args.seed)
            elif args.game == "clue":
                demo_clue(args.players, args.seed)
            else:
                demo_hufflepuff_ravenclaw(args.seed)
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # the reader went away (``| head``): stop quietly
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0
    return 0
