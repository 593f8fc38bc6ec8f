"""The engine protocol read by a client in a second language: JavaScript, on Node.

``examples/protocol-client/client.mjs`` starts ``python -m hogwarts_rules serve``, plays
a whole game of every game through the protocol and validates every reply line, and
every object inside it, against the published schemas in ``docs/schemas/`` with its
own small JSON Schema validator (no npm package). Skipped when ``node`` is missing,
unless ``HOGWARTS_RULES_REQUIRE_NODE=1`` (as in ``.ci/run``), which makes it fail.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CLIENT = ROOT / "examples" / "protocol-client" / "client.mjs"
NODE = shutil.which("node")


def _node() -> str:
    if NODE is None:
        if os.environ.get("HOGWARTS_RULES_REQUIRE_NODE") == "1":
            pytest.fail("node is not installed, and HOGWARTS_RULES_REQUIRE_NODE=1 requires it")
        pytest.skip("node is not installed (set HOGWARTS_RULES_REQUIRE_NODE=1 to require it)")
    return NODE


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    return subprocess.run(
        [_node(), str(CLIENT), "--python", sys.executable, *args],
        capture_output=True,
        text=True,
        timeout=600,
        cwd=ROOT,
        env=env,
        check=False,
    )


def test_the_javascript_client_plays_every_game_and_validates_every_message() -> None:
    done = _run()
    assert done.returncode == 0, done.stderr[-3000:]
    summary = json.loads(done.stdout.strip().splitlines()[-1])
    assert summary["ok"] is True
    kinds = [game["kind"] for game in summary["games"]]
    assert kinds == ["first-year-adventure", "clue", "hufflepuff-ravenclaw"]
    assert all(game["history_length"] > 0 for game in summary["games"])
    assert summary["messages"] > 300 and summary["objects"] > summary["messages"]
    asks = summary["asks"]
    # Every kind of question was asked and checked, ordinary turns included.
    for asked in (
        "clue deal", "clue roll", "clue move", "clue decision", "clue chance", "clue over",
        "first-year-adventure roll_off", "first-year-adventure turn",
        "first-year-adventure decision", "first-year-adventure chance",
        "hufflepuff-ravenclaw game_master", "hufflepuff-ravenclaw decision",
        "hufflepuff-ravenclaw over",
    ):  # fmt: skip
        assert asks.get(asked, 0) > 0, asked


def test_the_client_rejects_what_does_not_fit_the_schemas() -> None:
    done = _run("--self-test")
    assert done.returncode == 0, done.stderr[-3000:]
    assert json.loads(done.stdout)["rejected"] == 6  # prototype-named fields included


def test_the_client_fails_on_a_schema_that_does_not_fit(tmp_path: Path) -> None:
    """The client is a real check: with a view schema that wants a field nobody writes, it fails."""
    schemas = tmp_path / "schemas"
    shutil.copytree(ROOT / "docs" / "schemas", schemas)
    view = schemas / "clue" / "view.json"
    document = json.loads(view.read_text(encoding="utf-8"))
    document["required"].append("dice")
    view.write_text(json.dumps(document), encoding="utf-8")
    done = _run("--schemas", str(schemas))
    assert done.returncode == 1
    assert "missing dice" in done.stderr
