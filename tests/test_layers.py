"""The layers: the core and the front ends import no game package; old paths still work."""

from __future__ import annotations

import ast
import importlib
import subprocess
import sys
from pathlib import Path

import pytest

import hogwarts_rules

PACKAGE = Path(hogwarts_rules.__file__).parent
GAME_PACKAGES = ("adventure", "clue", "hufflepuff_ravenclaw")
# Modules that stay at their old paths as deprecated one-line re-exports of a front end.
MOVED = {
    "hogwarts_rules.cli": "hogwarts_rules.frontends.cli",
    "hogwarts_rules.play": "hogwarts_rules.frontends.play",
    "hogwarts_rules.simulation": "hogwarts_rules.frontends.simulation",
    "hogwarts_rules.schema": "hogwarts_rules.frontends.schema",
    "hogwarts_rules.serve": "hogwarts_rules.frontends.serve",
}


def _imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text("utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module is not None:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return found


def _game_imports(path: Path) -> list[str]:
    return sorted(
        name
        for name in _imported_modules(path)
        if any(
            name == f"hogwarts_rules.{game}" or name.startswith(f"hogwarts_rules.{game}.")
            for game in GAME_PACKAGES
        )
    )


def _layer_files() -> list[Path]:
    core = [p for p in PACKAGE.glob("*.py") if p.stem not in {m.rsplit(".", 1)[1] for m in MOVED}]
    front = [
        *sorted((PACKAGE / "frontends").rglob("*.py")),
        *sorted((PACKAGE / "adapters").rglob("*.py")),
    ]
    return [*core, *front]


@pytest.mark.parametrize("path", _layer_files(), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_core_and_front_ends_import_no_game_package(path: Path) -> None:
    assert _game_imports(path) == []


def test_the_check_sees_a_game_import() -> None:
    # The check above must be able to fail: a game's own spec imports its package.
    assert _game_imports(PACKAGE / "clue" / "spec.py")


def test_importing_the_library_and_its_front_ends_loads_no_game() -> None:
    # (The OpenSpiel adapter is the exception: importing it registers the games
    # with pyspiel, through the catalogue, as OpenSpiel requires.)
    code = (
        "import sys, hogwarts_rules, hogwarts_rules.frontends.schema, "
        "hogwarts_rules.frontends.simulation, hogwarts_rules.frontends.serve, "
        "hogwarts_rules.frontends.play, hogwarts_rules.frontends.cli, "
        "hogwarts_rules.frontends.web, hogwarts_rules.frontends.web.relay, "
        "hogwarts_rules.frontends.web.app, "
        "hogwarts_rules.adapters.pettingzoo\n"
        "print(sorted(m for m in sys.modules if m.startswith(('hogwarts_rules.adventure', "
        "'hogwarts_rules.clue', 'hogwarts_rules.hufflepuff_ravenclaw'))))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert out.strip() == "[]"


@pytest.mark.parametrize(("old", "new"), sorted(MOVED.items()))
def test_old_module_paths_re_export_the_front_ends(old: str, new: str) -> None:
    old_module = importlib.import_module(old)
    new_module = importlib.import_module(new)
    assert old_module.__all__ == new_module.__all__
    for name in new_module.__all__:
        assert getattr(old_module, name) is getattr(new_module, name)
    assert "Deprecated" in (old_module.__doc__ or "")
