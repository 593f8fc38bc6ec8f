"""The adapters page's loop runs (its doctests run with the other Markdown pages)."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path
from typing import Any

import pytest

PAGE = Path(__file__).resolve().parents[2] / "docs" / "adapters.md"
MARKED = re.compile(r"<!-- run: (\w+) -->\n```python\n(.*?)```", re.DOTALL)


def _blocks(extra: str) -> list[str]:
    return [code for name, code in MARKED.findall(PAGE.read_text("utf-8")) if name == extra]


def test_the_page_marks_a_loop_to_run() -> None:
    assert len(_blocks("pettingzoo")) == 1


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
