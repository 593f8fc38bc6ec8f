"""First Year Adventure keeps the contract (`hogwarts_rules.testing.check_contract`)."""

from __future__ import annotations

from hogwarts_rules import find_game
from hogwarts_rules.testing import check_contract


def test_first_year_adventure_keeps_the_contract() -> None:
    report = check_contract(find_game("adventure"), games=4, max_steps=120)
    assert report.games == 4 and report.processes == 2
    assert report.decisions > 0 and report.chance_requests > 0 and report.bot_moves > 0
