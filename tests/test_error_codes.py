"""The core's error codes are listed once (`errors.CORE_ERROR_CODES`), and the list is true.

The source is read (``ast``): every code a core module raises is listed, and every
listed code is raised. The games' own lists are checked in their test folders.
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from pathlib import Path

import pytest

from hogwarts_rules import find_game
from hogwarts_rules.dice import ScriptedDice
from hogwarts_rules.errors import CORE_ERROR_CODES, RulesError
from tests.error_codes import Found, raised_codes

ROOT = Path(__file__).resolve().parent.parent / "src" / "hogwarts_rules"

FRONT_ENDS = frozenset({"__main__", "cli", "play", "schema", "serve", "simulation"})
"""Top-level modules that are front ends (or their old paths), not the core."""

PASSED_ON = {"serialization.py": "_first_error"}
"""Where a core module raises a code computed by a function: the function returns it."""


def core_files() -> list[Path]:
    """The core's modules: the package's top-level modules (front ends left out) and the
    game-AI adapters (which reach games through the core only)."""
    top = [path for path in sorted(ROOT.glob("*.py")) if path.stem not in FRONT_ENDS]
    return [*top, *sorted((ROOT / "adapters").glob("*.py"))]


def returned_codes(path: Path, function: str) -> set[str]:
    """The codes ``function`` returns: the last item of each tuple it returns, when a literal."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    codes = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef) and node.name == function:
            for inner in ast.walk(node):
                if isinstance(inner, ast.Return) and isinstance(inner.value, ast.Tuple):
                    last = inner.value.elts[-1]
                    if isinstance(last, ast.Constant) and isinstance(last.value, str):
                        codes.add(last.value)
    return codes


def core_codes() -> Found:
    found = raised_codes(core_files(), ROOT)
    for name, function in PASSED_ON.items():
        for code in returned_codes(ROOT / name, function):
            found.codes.setdefault(code, []).append(f"{name}:{function}")
    return found


def test_the_core_modules_are_read() -> None:
    names = {path.name for path in core_files()}
    assert {"engine.py", "dice.py", "serialization.py", "spec.py", "catalogue.py"} <= names
    assert "bots.py" in names and "serve.py" not in names


def test_every_code_the_core_raises_is_listed() -> None:
    found = core_codes()
    missing = {code: places for code, places in found.codes.items() if code not in CORE_ERROR_CODES}
    assert not missing, f"raised but not in CORE_ERROR_CODES: {missing}"


def test_every_listed_code_is_raised() -> None:
    unused = sorted(set(CORE_ERROR_CODES) - set(core_codes().codes))
    assert not unused, f"in CORE_ERROR_CODES but raised nowhere in the core: {unused}"


def test_every_code_raised_is_a_literal_or_passed_on() -> None:
    unresolved = core_codes().unresolved
    # serialization's one computed code comes from _first_error (PASSED_ON).
    assert [place.partition(":")[0] for place in unresolved] == list(PASSED_ON)


def test_the_codes_read_well() -> None:
    for code, meaning in CORE_ERROR_CODES.items():
        assert code.isidentifier() and code == code.lower(), code
        assert meaning[0].isupper() and meaning.endswith("."), code
        assert "\n" not in meaning and len(meaning) <= 120, code


def test_the_list_is_read_only() -> None:
    with pytest.raises(TypeError):
        CORE_ERROR_CODES["new"] = "x"  # type: ignore[index]


def _saved_with_a_wrong_state() -> object:
    data = find_game("hr").new_game(["Sky"], seed=1).to_dict()
    data["state"]["ended"] = True
    return find_game("hr").from_dict(data)


@pytest.mark.parametrize(
    ("make", "code"),
    [
        (lambda: ScriptedDice(()).roll(6), "dice_exhausted"),
        (lambda: ScriptedDice((7,)).roll(6), "bad_script"),
        (lambda: find_game("nonesuch"), "unknown_game"),
        (lambda: find_game("adventure").new_game(2, seed=1, colour="red"), "unknown_option"),
        (lambda: find_game("hr").from_dict({"format": "x"}), "bad_format"),
        (_saved_with_a_wrong_state, "state_mismatch"),
    ],
)
def test_the_core_raises_listed_codes(make: Callable[[], object], code: str) -> None:
    with pytest.raises(RulesError) as caught:
        make()
    assert caught.value.code == code
    assert code in CORE_ERROR_CODES


def test_the_scanner_finds_what_it_should(tmp_path: Path) -> None:
    source = tmp_path / "m.py"
    source.write_text(
        "def _refuse(code, message):\n"
        "    return IllegalActionError(code, message)\n"
        "def f(exc, other):\n"
        "    raise _refuse('one', 'm')\n"
        "    raise errors.InvalidDataError(code='two', message='m')\n"
        "    raise OptionError(exc.code, 'm', 'o')\n"
        "    raise DiceError(other_code(), 'm')\n",
        encoding="utf-8",
    )
    found = raised_codes([source], tmp_path)
    assert found.codes == {"one": ["m.py:4"], "two": ["m.py:5"]}
    assert found.unresolved == ["m.py:7"]
