"""The commands Hufflepuff & Ravenclaw adds to ``hogwarts-rules``: ``odds``.

``hogwarts-rules odds`` prints `odds_table`: the chance that a test succeeds for
every Target Number (rows) and the Youth the player may spend after the roll
(columns). Target Numbers of zero and below are shown too: no roll makes them,
but Youth still can (a first year's Accio is at TN -5). The game's
`GameSpec.commands` hands `odds_arguments` and `odds_run` to the command line.

Examples:
    >>> import argparse
    >>> parser = argparse.ArgumentParser(prog="odds")
    >>> odds_arguments(parser)
    >>> odds_run(parser.parse_args(["--die", "6", "--youth", "1"]))
    TN / Youth     0     1
       -3        0%    0%
       -2        0%   17%
       -1        0%   33%
        0        0%   50%
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
from hogwarts_rules.hufflepuff_ravenclaw.tables import SKILL_DIE, YOUTH_TN_BONUS

__all__ = ["ODDS_EXAMPLES", "odds_arguments", "odds_run", "odds_table"]

ODDS_EXAMPLES: Final = """\
examples:
  hogwarts-rules odds
  hogwarts-rules odds --die 6 --youth 3
  hogwarts-rules odds --exact
  hogwarts-rules odds --lowest -5
"""
"""The examples ``hogwarts-rules odds --help`` ends with."""

_MOST_YOUTH = 7  # a first-year's pool
_LOWEST = -100  # the lowest Target Number the command shows (modifiers are bounded to +-100)


def odds_table(
    *,
    die: int = SKILL_DIE,
    youth: int = _MOST_YOUTH,
    exact: bool = False,
    lowest: int | None = None,
) -> str:
    """H&R success chances as a table: a row per Target Number, a column per Youth available.

    A cell is the chance that a test against that TN succeeds when the player may
    spend up to that much Youth after seeing the roll (`success_chance`). The rows
    run from ``lowest`` to the die's size. By default ``lowest`` is the Target
    Number that even all the Youth shown cannot save (``-3 * youth``), so every
    TN that Youth can still make is listed, zero and below included.

    Examples:
        >>> print(odds_table(die=6, youth=1))
        TN / Youth     0     1
           -3        0%    0%
           -2        0%   17%
           -1        0%   33%
            0        0%   50%
            1       17%   67%
            2       33%   83%
            3       50%  100%
            4       67%  100%
            5       83%  100%
            6      100%  100%
    """
    header = "TN / Youth" + "".join(f"{y:>{8 if exact else 6}}" for y in range(youth + 1))
    lines = [header]
    first = -YOUTH_TN_BONUS * youth if lowest is None else lowest
    for target in range(min(first, die), die + 1):
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
    parser.add_argument(
        "--lowest",
        type=int,
        default=None,
        choices=range(_LOWEST, SKILL_DIE + 1),
        metavar=f"{{{_LOWEST}..{SKILL_DIE}}}",
        help="the lowest Target Number shown (default: the one all the Youth shown cannot save)",
    )


def odds_run(args: argparse.Namespace) -> int:
    """Print the odds table the parsed arguments ask for; return the exit status (0)."""
    print(odds_table(die=args.die, youth=args.youth, exact=args.exact, lowest=args.lowest))
    return 0
