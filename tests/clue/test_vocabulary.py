"""Clue's vocabularies are string enums, and saved games, views, events and content keep
the same strings: a game saved before they were enums loads, and saves the same JSON."""

from __future__ import annotations

import copy
import enum
import json
from pathlib import Path
from typing import Any

import attrs
import pytest

from hogwarts_rules import InvalidDataError, clue
from hogwarts_rules.clue import vocabulary
from hogwarts_rules.clue.content import AFFECTS
from hogwarts_rules.clue.turn import BLACK_DIE

# Saved by commit 528f4d6, before the vocabularies were enums: a 3-player game of
# NotebookBots (seed 7), over after 41 actions, Ben the winner.
SAVED = Path(__file__).parent / "data" / "saved_game_528f4d6.json"

VOCABULARIES: dict[type[enum.StrEnum], tuple[str, ...]] = {
    clue.Phase: ("deal", "play", "over"),
    clue.Step: ("roll", "move", "act"),
    clue.DieFace: ("star", "dark mark"),
    clue.Square: ("#", ".", "*"),
    clue.HelpKind: ("ally", "item", "spell"),
    clue.Special: ("", "alohomora", "felix_felicis"),
    clue.Affects: (
        "everyone",
        "roller",
        "everyone_else",
        "in_locations",
        "in_corridors",
        "most_floo",
    ),
    clue.MoveKind: ("walk", "fireplace"),
    clue.FactKind: ("holds", "shown", "lacks", "one_of", "not_solution"),
}


def saved() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(SAVED.read_text("utf-8"))
    return data


def test_the_vocabularies_keep_their_strings() -> None:
    assert set(VOCABULARIES) == {getattr(vocabulary, name) for name in vocabulary.__all__}
    for cls, values in VOCABULARIES.items():
        assert issubclass(cls, enum.StrEnum)
        assert tuple(member.value for member in cls) == values
        for member in cls:
            assert member == member.value and hash(member) == hash(member.value)
            assert json.dumps(member) == json.dumps(member.value)
    assert VOCABULARIES[clue.Affects] == AFFECTS
    assert BLACK_DIE[:2] == ("star", "dark mark") and BLACK_DIE[2:] == clue.WHEEL_NAMES
    assert all(type(face) is str for face in BLACK_DIE)  # the dice draw plain strings


def test_a_game_saved_before_the_enums_loads_and_saves_the_same() -> None:
    data = saved()
    game = clue.Game.from_dict(data)  # replays the actions and checks the saved state
    assert game.phase is clue.Phase.OVER and game.step is clue.Step.ACT
    assert game.winner == "Ben" and game.is_over
    written = json.dumps(game.to_dict(), indent=1, sort_keys=True) + "\n"
    # (saved with sorted keys, in format version 1: written again as version 2, whose
    # seed and state are decimal strings)
    old = SAVED.read_text("utf-8")
    assert '"version": 1' in old and '"seed": 7,' in old and '"state": 7\n' in old
    new = old.replace('"version": 1', '"version": 2').replace('"seed": 7,', '"seed": "7",')
    assert written == new.replace('"state": 7\n', '"state": "7"\n')
    state = game.to_dict()["state"]
    assert type(state["phase"]) is str and type(state["step"]) is str
    assert repr(game) == "<clue.Game: over, won by Ben, 3 players, 4 suggestions>"


def test_a_saved_state_with_another_phase_is_refused() -> None:
    data = saved()
    data["state"]["phase"] = "play"
    with pytest.raises(InvalidDataError) as caught:
        clue.Game.from_dict(data)
    assert caught.value.code == "state_mismatch"


def test_the_game_holds_members_whatever_it_is_given() -> None:
    game = clue.new_game(["Ann", "Ben", "Cat"], seed=2)
    assert game.phase is clue.Phase.DEAL and game.step is clue.Step.ROLL
    moved = attrs.evolve(game, step="move", phase="play")  # strings are converted
    assert moved.step is clue.Step.MOVE and moved.phase is clue.Phase.PLAY
    with pytest.raises(ValueError):
        attrs.evolve(game, step="dance")


def test_views_and_events_write_plain_strings() -> None:
    game = clue.play_out(
        clue.new_game(["Ann", "Ben", "Cat"], seed=7),
        {name: clue.NotebookBot() for name in ("Ann", "Ben", "Cat")},
    )
    for seat in ("Ann", None):
        data = json.loads(json.dumps(game.view(seat).to_dict()))
        assert (data["phase"], data["step"]) == ("over", "act")
    game = clue.new_game(["Ann", "Ben", "Cat"], seed=26, students={"Ann": "Harry", "Ben": "Ron"})
    game, _ = game.apply(clue.Deal())
    while not isinstance(game.legal_actions()[0], clue.MoveTo | clue.UseFireplace):
        game, _ = game.apply(game.legal_actions()[0])
    game, events = game.apply(game.legal_actions()[0])
    (moved,) = [event for event in events if isinstance(event, clue.Moved)]
    assert moved.how is clue.MoveKind.WALK
    data = moved.to_dict()
    assert type(data["how"]) is str and data["how"] == "walk"
    assert clue.Moved.from_dict(data) == moved
    with pytest.raises(InvalidDataError, match=r"\$\.how: expected one of 'walk', 'fireplace'"):
        clue.Moved.from_dict({**data, "how": "broomstick"})


def test_content_reads_and_writes_the_same_strings() -> None:
    content = clue.default_content()
    data = clue.content_to_dict(content)
    card = data["help_deck"][0]
    assert type(card["kind"]) is str and type(card["special"]) is str
    assert type(data["dark_deck"][0]["affects"]) is str
    assert {c["special"] for c in data["help_deck"]} == {"", "alohomora", "felix_felicis"}
    loaded = clue.load_content(copy.deepcopy(data))
    assert loaded == content and clue.content_to_dict(loaded) == data
    assert all(isinstance(c.affects, clue.Affects) for c in loaded.dark_deck)
    assert all(isinstance(c.kind, clue.HelpKind) for c in loaded.help_deck)
    assert all(isinstance(c.special, clue.Special) for c in loaded.help_deck)


@pytest.mark.parametrize(
    ("where", "value"),
    [
        (("help_deck", 0, "kind"), "villain"),
        (("help_deck", 1, "special"), "portkey"),
        (("dark_deck", 2, "affects"), "nobody"),
        (("dark_deck", 2, "affects"), 3),
        (("dark_deck", 2, "affects"), "x" * 5000),
    ],
)
def test_content_with_an_unknown_word_is_refused_naming_the_field(
    where: tuple[str, int, str], value: object
) -> None:
    data = clue.content_to_dict(clue.default_content())
    deck, index, field = where
    data[deck][index][field] = value
    with pytest.raises(InvalidDataError) as caught:
        clue.load_content(data)
    path = f"$.{deck}[{index}].{field}"
    assert caught.value.path == path and caught.value.code == "invalid_value"
    assert str(caught.value).startswith(path + ": ")


def test_a_fact_holds_its_kind_as_a_member() -> None:
    fact = clue.Fact("holds", "Ann", ("Scabior",))
    assert fact.kind is clue.FactKind.HOLDS and fact.text == "Ann holds Scabior"
    with pytest.raises(ValueError):
        clue.Fact("guesses", "Ann", ("Scabior",))
    book = clue.Notebook.start(["Ann", "Ben", "Cat"], hand_sizes={"Ann": 6, "Ben": 6, "Cat": 6})
    book = book.lacks("Ben", ["Scabior"]).one_of("Cat", ["Scabior", "Incendio", "Hogwarts"])
    assert [fact.kind for fact in book.facts] == [clue.FactKind.LACKS, clue.FactKind.ONE_OF]
