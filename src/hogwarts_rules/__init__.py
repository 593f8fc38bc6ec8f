"""hogwarts-rules: typed, pure-Python rules engines for three Hogwarts tabletop games.

* `hogwarts_rules.adventure`: First Year Adventure, a roll-and-move board game;
* `hogwarts_rules.clue`: Clue: World of Harry Potter, hidden-information deduction;
* `hogwarts_rules.hufflepuff_ravenclaw`: the Hufflepuff & Ravenclaw d20/Youth mechanics.

Every game follows one contract (see `hogwarts_rules.engine`): immutable game
values, ``game.apply(action) -> (next_game, events)``, legal actions for every
decision, injectable dice (`hogwarts_rules.dice`), typed events, per-seat views
and JSON round-trips. Each game is described by a `GameSpec`, found in the
catalogue by `find_game` (by kind or alias) or listed by `games`.

Examples:
    >>> import hogwarts_rules
    >>> from hogwarts_rules import hufflepuff_ravenclaw as hr
    >>> scene = hr.new_game(["Sky"], dice=hogwarts_rules.ScriptedDice([4]))
    >>> scene, events = scene.apply(hr.SkillTest("Sky", "Mischief", "Bravery"))
    >>> print(events[0].description)
    Sky rolls 4 on d20 for Bravery + Mischief, needing 3 or less (3 Bravery +0 Mischief)
"""

from hogwarts_rules.actions import Action, ChanceOutcome
from hogwarts_rules.bots import Bot, RandomBot, play_out
from hogwarts_rules.catalogue import (
    UnknownGameError,
    find_game,
    games,
    register_game,
    unregister_game,
)
from hogwarts_rules.dice import CHANCE, DiceSource, ExternalDice, ScriptedDice, SeededDice
from hogwarts_rules.engine import ChanceRequest, Decision, GameBase, GameRecord, Outcome
from hogwarts_rules.errors import DiceError, IllegalActionError, InvalidDataError, RulesError
from hogwarts_rules.events import Event, events_for
from hogwarts_rules.frozen import FrozenMap
from hogwarts_rules.spec import GameSpec, Option, OptionError, View

__version__ = "0.1.0"

__all__ = [
    "CHANCE",
    "Action",
    "Bot",
    "ChanceOutcome",
    "ChanceRequest",
    "Decision",
    "DiceError",
    "DiceSource",
    "Event",
    "ExternalDice",
    "FrozenMap",
    "GameBase",
    "GameRecord",
    "GameSpec",
    "IllegalActionError",
    "InvalidDataError",
    "Option",
    "OptionError",
    "Outcome",
    "RandomBot",
    "RulesError",
    "ScriptedDice",
    "SeededDice",
    "UnknownGameError",
    "View",
    "__version__",
    "events_for",
    "find_game",
    "games",
    "play_out",
    "register_game",
    "unregister_game",
]
