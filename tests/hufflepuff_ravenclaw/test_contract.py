"""Hufflepuff & Ravenclaw keeps the contract (`hogwarts_rules.testing.check_contract`).

The game master may ask for any test, so ``legal_actions()`` lists only the
actions that need no arguments (its spec says so: ``complete_actions=False``);
the kit is given tests, spells, fights and harm to propose as well (some of them
impossible, to be refused).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from hogwarts_rules import find_game
from hogwarts_rules import hufflepuff_ravenclaw as hr
from hogwarts_rules.actions import Action
from hogwarts_rules.engine import GameBase
from hogwarts_rules.testing import check_contract


def propose(game: GameBase, rng: random.Random) -> Sequence[Action]:
    assert isinstance(game, hr.Game)
    first, second = (
        rng.sample(game.seat_names, 2) if len(game.seat_names) > 1 else [game.seat_names[0]] * 2
    )
    skill = rng.choice(sorted(game.setup.skills))
    stat = rng.choice([s for s in game.setup.stats if s != "Size"])
    return [
        hr.SkillTest(first, skill, stat),
        hr.QualityTest(first, rng.choice(hr.QUALITIES)),
        hr.Contest(hr.TestSpec(first, skill, stat), hr.TestSpec(second, skill, stat)),
        hr.CastSpell(first, rng.choice(sorted(game.setup.spells))),
        hr.BrawlRound(hr.Fighter(first), hr.Fighter(second)),
        hr.Damage(first, rng.randint(1, 3)),
        hr.Fall(second, rng.randint(1, 12)),
        hr.Heal(first, 1),
        hr.SkillTest(first, "No such skill", stat),
    ]


def test_hufflepuff_ravenclaw_keeps_the_contract() -> None:
    report = check_contract(find_game("hr"), games=4, max_steps=40, propose=propose)
    assert report.games == 4 and report.processes == 2
    assert report.decisions > 0 and report.chance_requests > 0 and report.refusals > 0
