"""The commands Hufflepuff & Ravenclaw adds to ``hogwarts-rules``: ``odds``.

``hogwarts-rules odds`` prints `odds_table`: the chance that a test succeeds for
every Target Number (rows) and the Youth the player may spend after the roll
(columns). The game's `GameSpec.commands` hands `odds_arguments` and `odds_run`
to the command line.

Examples:
    >>> import argparse
    >>> parser = argparse.ArgumentParser(prog="odds")
    >>> odds_arguments(parser)
    >>> odds_run(parser.parse_args(["--die", "6", "--youth", "1"]))
    TN / Youth     0     1
        1       17%   67%
        2       33%   83%
        3       50%  100%
        4       67%  100%
        5       83%  100%
        6      100%  100%
    0
"""

from __future__ import annotations

import argparse
from typing import Final

from hogwarts_rules.hufflepuff_ravenclaw.odds import success_chance
from hogwarts_rules.hufflepuff_ravenclaw.tables import SKILL_DIE

__all__ = ["ODDS_EXAMPLES", "odds_arguments", "odds_run", "odds_table"]

ODDS_EXAMPLES: Final = """\
examples:
  hogwarts-rules odds
  hogwarts-rules odds --die 6 --youth 3
  hogwarts-rules odds --exact
"""
"""The examples ``hogwarts-rules odds --help`` ends with."""

_MOST_YOUTH = 7  # a first-year's pool


def odds_table(*, die: int = SKILL_DIE, youth: int = _MOST_YOUTH, exact: bool = False) -> str:
    """H&R success chances as a table: a row per Target Number, a column per Youth available.

    A cell is the chance that a test against that TN succeeds when the player may
    spend up to that much Youth after seeing the roll (`success_chance`).

    Examples:
        >>> print(odds_table(die=6, youth=1))
        TN / Youth     0     1
            1       17%   67%
            2       33%   83%
            3       50%  100%
            4       67%  100%
            5       83%  100%
            6      100%  100%
    """
    header = "TN / Youth" + "".join(f"{y:>{8 if exact else 6}}" for y in range(youth + 1))
    lines = [header]
    for target in range(1, die + 1):
        cells = []
        for spend in range(youth + 1):
            chance = success_chance(target, youth=spend, die=die)
            cells.append(f"{chance!s:>8}" if exact else f"{float(chance):>6.0%}")
        lines.append(f"{target:>5}     " + "".join(cells))
    return "\n".join(lines)


def odds_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the ``odds`` command's arguments (``--die``, ``--youth``, ``--exact``) to ``parser``."""
    parser.description = (
        "The chance a Hufflepuff & Ravenclaw test succeeds, for every Target Number (rows) "
        "and Youth available to spend after the roll (columns)."
    )
    parser.epilog = ODDS_EXAMPLES
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    parser.add_argument(
        "--die", type=int, default=SKILL_DIE, choices=[6, 20], help="the die (default: 20)"
    )
    parser.add_argument(
        "--youth",
        type=int,
        default=_MOST_YOUTH,
        choices=range(0, _MOST_YOUTH + 1),
        metavar=f"{{0..{_MOST_YOUTH}}}",
        help=f"the most Youth to show (default: {_MOST_YOUTH}, a first-year's pool)",
    )
    parser.add_argument("--exact", action="store_true", help="exact fractions, not percentages")


def odds_run(args: argparse.Namespace) -> int:
    """Print the odds table the parsed arguments ask for; return the exit status (0)."""
    print(odds_table(die=args.die, youth=args.youth, exact=args.exact))
    return 0
