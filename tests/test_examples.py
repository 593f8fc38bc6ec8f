"""The examples run: the two scripts, and every notebook, executed cell by cell.

The notebooks run on a Jupyter kernel of this interpreter (the ``python3`` kernel that
ipykernel installs in the environment), so they use the same hogwarts_rules as the
tests. They are committed without outputs, and match `examples/build_notebooks.py`.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
NOTEBOOKS = sorted(path.name for path in EXAMPLES.glob("*.ipynb"))
PICTURES = {"image/svg+xml", "text/html"}


def test_there_are_notebooks() -> None:
    assert NOTEBOOKS == [
        "adventure_tour.ipynb",
        "clue_tour.ipynb",
        "hufflepuff_ravenclaw_tour.ipynb",
        "simulation.ipynb",
    ]


def _run(script: str, *args: str, timeout: float) -> str:
    result = subprocess.run(
        [sys.executable, str(EXAMPLES / script), *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    return result.stdout


def test_drive_a_game_plays_a_whole_game_of_clue() -> None:
    out = _run("drive_a_game.py", timeout=60)
    lines = out.splitlines()
    assert lines[0] == "Clue for Ann, Ben, Cat (seed 6): the table deals"
    # Secrets reach only the seats that may see them.
    assert "  [Ben, Cat] Ann is dealt 6 cards" in lines
    assert any(line.startswith("  [Ann] Ann is dealt ") for line in lines)
    assert any(line.endswith(" shows a card to Ben") for line in lines)
    # The game is saved as JSON half-way and goes on from the loaded copy.
    assert any(line.startswith("Saved after ") for line in lines)
    assert "Loaded it back: an equal game, with the same secrets and the same dice to come" in lines
    assert lines[-1].startswith("Game over: ")
    assert "solved the mystery" in lines[-1] or "nobody wins" in out
    # Seeded: the same transcript every time.
    assert _run("drive_a_game.py", timeout=60) == out


def test_simulate_on_dask_matches_a_serial_run() -> None:
    importlib.import_module("distributed")
    out = _run("simulate_on_dask.py", "--games", "12", "--check", "3", timeout=120)
    assert "12 games of adventure on the cluster in " in out
    assert "the first 3 records are identical to a serial run here" in out
    assert "12 games of First Year Adventure; 12 finished by the rules" in out
    assert "seat 4 (Neville, heuristic)" in out


def _load(path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"_examples_{path.stem}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("name", NOTEBOOKS)
def test_notebooks_are_committed_clean_and_built_by_the_script(name: str) -> None:
    nbformat = importlib.import_module("nbformat")
    committed = nbformat.read(EXAMPLES / name, as_version=4)
    for cell in committed.cells:
        if cell.cell_type == "code":
            assert cell.outputs == [], f"{name}: clear the outputs before committing"
            assert cell.execution_count is None, f"{name}: clear the outputs before committing"
    built = _load(EXAMPLES / "build_notebooks.py").NOTEBOOKS[name]
    assert committed == built, f"{name} differs: run python examples/build_notebooks.py"


@pytest.fixture
def jupyter_env(monkeypatch: pytest.MonkeyPatch) -> None:
    # Use the platform's standard directories (and skip jupyter_core's warning about the
    # migration to them); the kernel inherits the environment.
    monkeypatch.setenv("JUPYTER_PLATFORM_DIRS", "1")
    monkeypatch.delenv("MPLBACKEND", raising=False)  # the kernel's inline backend draws


def _execute(nb: Any) -> Any:
    nbclient = importlib.import_module("nbclient")
    client = nbclient.NotebookClient(
        nb,
        timeout=600,
        kernel_name="python3",
        resources={"metadata": {"path": str(EXAMPLES)}},
    )
    return client.execute()


# nbclient, jupyter_client and zmq may warn about their own deprecations (paths, event
# loops); those are theirs, not the examples'.
_JUPYTER_WARNINGS = pytest.mark.filterwarnings("ignore::DeprecationWarning")


@_JUPYTER_WARNINGS
@pytest.mark.usefixtures("jupyter_env")
def test_the_kernel_is_this_interpreter() -> None:
    nbformat = importlib.import_module("nbformat")
    nb = nbformat.v4.new_notebook(
        cells=[nbformat.v4.new_code_cell("import sys\nprint(sys.prefix)")]
    )
    _execute(nb)
    (output,) = nb.cells[0].outputs
    assert os.path.samefile(output["text"].strip(), sys.prefix)


@_JUPYTER_WARNINGS
@pytest.mark.usefixtures("jupyter_env")
@pytest.mark.parametrize("name", NOTEBOOKS)
def test_notebook_runs(name: str) -> None:
    nbformat = importlib.import_module("nbformat")
    nb = nbformat.read(EXAMPLES / name, as_version=4)
    _execute(nb)  # raises CellExecutionError, naming the cell, if any cell fails
    code_cells = [cell for cell in nb.cells if cell.cell_type == "code"]
    assert all(cell.execution_count is not None for cell in code_cells)
    for cell in code_cells:
        assert not any(output.output_type == "error" for output in cell.outputs)
        if "picture" in cell.metadata.get("tags", []):
            shown = {kind for output in cell.outputs for kind in output.get("data", {})}
            assert shown & PICTURES, f"{name}: no picture from {cell.source!r}"
