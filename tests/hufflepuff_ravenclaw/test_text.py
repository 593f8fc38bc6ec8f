"""The text summary of a Hufflepuff & Ravenclaw scene: every character once, what is awaited."""

from __future__ import annotations

import pytest

from hogwarts_rules import hufflepuff_ravenclaw as hr
from hogwarts_rules.hufflepuff_ravenclaw.text import board_text, short_repr
from tests.test_text_boards import hr_states

WOUNDS = {
    hr.Wound.UNHURT: "unhurt",
    hr.Wound.MINOR: "Minor Wound",
    hr.Wound.MAJOR: "Major Wound",
    hr.Wound.UNCONSCIOUS: "unconscious",
    hr.Wound.DEAD: "dead",
}


def _table(text: str) -> list[str]:
    lines = text.splitlines()
    assert lines[1].startswith("  Character")
    rows = []
    for line in lines[2:]:
        if line[:1] not in (" ", ">") or line.startswith("  Details"):
            break
        rows.append(line)
    return rows


@pytest.mark.parametrize("seed", range(10))
def test_every_character_is_in_the_table_once(seed: int) -> None:
    for scene in hr_states(seed):
        for view in (scene.view(None), *(scene.view(name) for name in scene.seat_names)):
            text = board_text(view)
            rows = _table(text)
            assert len(rows) == len(view.characters)
            for row, (name, c) in zip(rows, view.characters.items(), strict=True):
                shown = name if len(name) <= 24 else name[:23] + "~"
                assert row[2:].split("  ")[0] == shown
                assert row.startswith(">") == (name in view.to_act)
                assert WOUNDS[c.wound] in row
                assert f"{c.youth}/{c.youth_max}" in row
                assert f"\n{name}:\n" in text  # the sheet
            if view.prompt and not view.ended:
                assert "Awaiting" in text


def test_the_status_says_what_the_scene_awaits() -> None:
    sky = hr.Character.first_year("Sky", skills={"Brawl": 1}, traits={"Quick": 1})
    scene = hr.new_game([sky, hr.Character.first_year("Bo")], seed=5)
    assert board_text(scene).splitlines()[0].endswith("the game master's move")
    scene, _ = scene.apply(hr.Damage("Bo", 2))  # a Major Wound: Fortitude to stay conscious
    text = board_text(scene)
    assert text.splitlines()[0] == "Hufflepuff & Ravenclaw - Bo to decide"
    assert "Major Wound" in _table(text)[1] and _table(text)[1].startswith(">")
    assert any(line.startswith("Awaiting Bo: Bo rolled") for line in text.splitlines())
    assert "  Traits: Quick +1" in text.splitlines()
    assert short_repr(scene) == "<hufflepuff_ravenclaw.Game: 2 characters, Bo to decide>"
    while scene.to_act:
        scene, _ = scene.apply(scene.legal_actions()[0])
    scene, _ = scene.apply(hr.EndScene())
    assert board_text(scene.view("Sky")).splitlines()[0].endswith("the scene has ended")
    assert short_repr(scene.view(None)) == (
        "<SceneView of the table: 2 characters, the scene has ended>"
    )
