"""Games saved before the vocabularies became `StrEnum`s load, and save the same JSON.

``saves/finished.json`` (a game Voldemort ended) and ``saves/deciding.json`` (a game
waiting for Ron to keep or change a roll) were written by the library before the
change, and are kept as they were written: in format version 1, which wrote the
dice's seed and state as numbers. They are saved again in version 2, the same JSON
but for the version and the seed and state, written as decimal strings.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from hogwarts_rules import InvalidDataError, find_game
from hogwarts_rules import adventure as ad

SAVES = Path(__file__).resolve().parent / "saves"


def saved(name: str) -> Any:
    return json.loads((SAVES / f"{name}.json").read_text(encoding="utf-8"))


def as_version_2(data: Any) -> Any:
    """A version 1 save as version 2 writes it: the seed and the state as strings."""
    data = json.loads(json.dumps(data))
    assert data["version"] == 1
    data["version"] = 2
    dice = data["setup"]["dice"]
    dice["seed"], dice["state"] = str(dice["seed"]), str(dice["state"])
    return data


@pytest.mark.parametrize("name", ["finished", "deciding"])
def test_an_old_save_loads_and_saves_the_same_json(name: str) -> None:
    data = saved(name)
    game = ad.Game.from_dict(data)
    expected = as_version_2(data)
    assert json.loads(json.dumps(game.to_dict())) == expected
    assert json.dumps(game.to_dict(), sort_keys=True) == json.dumps(expected, sort_keys=True)
    assert find_game("adventure").from_dict(data) == game
    assert ad.Game.from_dict(expected) == game


def test_an_old_save_loads_with_typed_vocabularies() -> None:
    game = ad.Game.from_dict(saved("finished"))
    assert game.finished is ad.Ending.VOLDEMORT_DEFEATED
    assert game.outcome is not None and game.outcome.reason == "voldemort_defeated"
    harry = game.players["Harry"]
    assert harry.house is ad.House.GRYFFINDOR
    assert harry.raised_by is ad.Upbringing.WIZARDS
    assert (harry.wealth, harry.wealth_modifier) == (ad.Wealth.POOR, -1)
    assert harry.familiar is ad.Familiar.BARN_OWL and harry.wand is ad.Wand.OAK_WOOD
    assert game.players["Hermione"].raised_by is ad.Upbringing.MUGGLES


def test_an_old_save_taken_mid_decision_plays_on() -> None:
    game = ad.Game.from_dict(saved("deciding"))
    assert game.to_act == ("Ron",)
    assert game.legal_actions() == (ad.KeepRoll("Ron"), ad.UseBonus("Ron"))
    view = game.view("Ron")
    assert view.prompt == "Ron rolled 5 for movement: keep it, or change it?"
    game, events = game.apply(ad.UseBonus("Ron"))
    assert any(isinstance(e, ad.RollChanged) and e.how is ad.RollChange.BONUS for e in events)


def test_a_changed_old_save_is_refused() -> None:
    data = saved("finished")
    data["state"]["finished"] = "round_limit"
    with pytest.raises(InvalidDataError) as caught:
        ad.Game.from_dict(data)
    assert caught.value.code == "state_mismatch"
