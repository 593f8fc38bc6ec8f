"""The adapters pages' loops run (their doctests run with the other Markdown pages)."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path
from typing import Any

import pytest

DOCS = Path(__file__).resolve().parents[2] / "docs"
PAGE = DOCS / "adapters.md"
OPENSPIEL_PAGE = DOCS / "openspiel.md"
MARKED = re.compile(r"<!-- run: (\w+) -->\n```python\n(.*?)```", re.DOTALL)


def _blocks(extra: str, page: Path = PAGE) -> list[str]:
    return [code for name, code in MARKED.findall(page.read_text("utf-8")) if name == extra]


def test_the_pages_mark_a_loop_to_run() -> None:
    assert len(_blocks("pettingzoo")) == 1
    assert len(_blocks("openspiel", OPENSPIEL_PAGE)) == 1


def test_the_openspiel_loop_runs() -> None:
    pytest.importorskip("pyspiel")
    (code,) = _blocks("openspiel", OPENSPIEL_PAGE)
    namespace: dict[str, Any] = {}
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, str(OPENSPIEL_PAGE), "exec"), namespace)
    state = namespace["state"]
    assert state.is_terminal()
    assert len(state.returns()) == 3 and out.getvalue().startswith("[")


def test_the_pettingzoo_loop_runs() -> None:
    pytest.importorskip("pettingzoo")
    (code,) = _blocks("pettingzoo")
    namespace: dict[str, Any] = {}
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, str(PAGE), "exec"), namespace)
    table = namespace["table"]
    assert table.game.is_over and not table.agents
    returns = namespace["returns"]
    assert sorted(returns.values()) in ([-1.0, -1.0, 1.0], [0.0, 0.0, 0.0])
    assert out.getvalue().startswith("Clue: step ")
