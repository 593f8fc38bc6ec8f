"""The ``hogwarts-rules`` command line (also ``python -m hogwarts_rules``).

``hogwarts-rules demo hufflepuff-ravenclaw --seed 7`` plays a short scene and
narrates every event.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence

from hogwarts_rules import __version__
from hogwarts_rules import hufflepuff_ravenclaw as hr
from hogwarts_rules.engine import Decision
from hogwarts_rules.events import Event

__all__ = ["demo_hufflepuff_ravenclaw", "main"]

_EXAMPLES = """\
examples:
  hogwarts-rules demo hufflepuff-ravenclaw
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
    demo.add_argument("game", choices=["hufflepuff-ravenclaw"], help="which game to play")
    demo.add_argument("--seed", type=int, default=7, help="seed for the dice (default: 7)")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    args = _parser().parse_args(argv)
    try:
        if args.command == "demo":
            if not 0 <= args.seed < 2**64:
                print("hogwarts-rules: error: --seed must be from 0 to 2**64 - 1", file=sys.stderr)
                return 2
            demo_hufflepuff_ravenclaw(args.seed)
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    return 0
