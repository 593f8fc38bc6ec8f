"""`benchmarks/speedup.py`'s summary: the median ratio decides, the runs' spread is shown.

The benchmark itself is slow and is never run by the suite; these tests check only how
it summarises runs (with the child runs stubbed out).
"""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

SPEEDUP = Path(__file__).resolve().parents[1] / "benchmarks" / "speedup.py"


@pytest.fixture(scope="module")
def speedup() -> Iterator[ModuleType]:
    spec = importlib.util.spec_from_file_location("speedup_under_test", SPEEDUP)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while built
    try:
        spec.loader.exec_module(module)
        yield module
    finally:
        del sys.modules[spec.name]


def _stub_runs(speedup: ModuleType, monkeypatch: pytest.MonkeyPatch, figures: list[float]) -> None:
    """Let the child runs return ``figures`` in turn (old, new, old, new...)."""
    given = iter(figures)

    def run_child(tree: Path, workload: Any, quick: bool) -> dict[str, float]:
        return {"figure": next(given), "applies": 100.0}

    monkeypatch.setattr(speedup, "run_child", run_child)


@pytest.mark.parametrize(
    ("figures", "median", "spread", "row"),
    [
        # three runs (old, new each): new/old 4.0, 6.0 and 5.0
        (
            [10.0, 40.0, 10.0, 60.0, 10.0, 50.0],
            5.0,
            (4.0, 6.0),
            "| 5.00x | 4.00x-6.00x | new/old >= 5 | yes |",
        ),
        # 3.5, 4.0 and 5.5: one run over the target, the median under it: not met
        (
            [10.0, 35.0, 10.0, 40.0, 10.0, 55.0],
            4.0,
            (3.5, 5.5),
            "| 4.00x | 3.50x-5.50x | new/old >= 5 | no |",
        ),
    ],
)
def test_the_median_ratio_decides_and_the_runs_spread_is_shown(
    speedup: ModuleType,
    monkeypatch: pytest.MonkeyPatch,
    figures: list[float],
    median: float,
    spread: tuple[float, float],
    row: str,
) -> None:
    workload = speedup.Workload(
        "adventure-random", "player-turns/s", 1, 1, "new/old >= 5", "rate", 5.0
    )
    _stub_runs(speedup, monkeypatch, figures)
    result = speedup.measure(Path("old"), Path("new"), workload, 3, quick=False)
    assert result["ratio"] == pytest.approx(median)
    assert result["spread"] == pytest.approx(spread)
    assert result["met"] is (median >= 5.0)
    lines = speedup.table({workload: result}, "c370d94", quick=False)
    assert "runs' new/old" in lines[0]
    assert lines[0].count("|") == lines[1].count("|") == lines[2].count("|")
    assert row in lines[2]
