"""Find, by reading the source (``ast``), every error code a package raises.

A code is the first argument (or the ``code=`` keyword) of a call to one of the
library's error classes or refusal helpers (`RAISERS`). The tests of each
``ERROR_CODES`` list compare it with what this finds, both ways.

A call whose code is not a string literal is accepted only when it passes a code
along: the enclosing function's own parameter (a helper such as ``_refuse(code,
message)``) or another error's ``.code``. Any other call is reported, so that no
code escapes the lists.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable
from pathlib import Path
from typing import Final

import attrs

__all__ = ["RAISERS", "Found", "package_files", "raised_codes"]

RAISERS: Final = frozenset(
    {
        "RulesError",
        "IllegalActionError",
        "InvalidDataError",
        "DiceError",
        "OptionError",
        "UnknownGameError",
        "ContradictionError",
        "refuse",
        "_refuse",
    }
)
"""The names of the error classes and helpers whose first argument is an error code."""


@attrs.frozen
class Found:
    """What `raised_codes` found.

    Attributes:
        codes: each code, with where it is raised (``file:line``).
        unresolved: calls whose code is neither a literal nor passed along (``file:line``).
    """

    codes: dict[str, list[str]]
    unresolved: list[str]


def package_files(directory: Path) -> list[Path]:
    """Every Python file of a package directory, sub-packages included, sorted."""
    return sorted(directory.rglob("*.py"))


def _callee(call: ast.Call) -> str | None:
    func = call.func
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return None


def _code_argument(call: ast.Call) -> ast.expr | None:
    for keyword in call.keywords:
        if keyword.arg == "code":
            return keyword.value
    return call.args[0] if call.args else None


class _Visitor(ast.NodeVisitor):
    def __init__(self, where: str) -> None:
        self.where = where
        self.parameters: list[set[str]] = []
        self.codes: dict[str, list[str]] = {}
        self.unresolved: list[str] = []

    def _function(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        args = node.args
        names = {a.arg for a in (*args.posonlyargs, *args.args, *args.kwonlyargs)}
        self.parameters.append(names)
        self.generic_visit(node)
        self.parameters.pop()

    visit_FunctionDef = _function
    visit_AsyncFunctionDef = _function

    def visit_Call(self, node: ast.Call) -> None:
        if _callee(node) in RAISERS:
            code = _code_argument(node)
            at = f"{self.where}:{node.lineno}"
            if isinstance(code, ast.Constant) and isinstance(code.value, str):
                self.codes.setdefault(code.value, []).append(at)
            elif isinstance(code, ast.Attribute) and code.attr == "code":
                pass  # another error's code, passed along
            elif isinstance(code, ast.Name) and self.parameters and code.id in self.parameters[-1]:
                pass  # a helper passing its caller's code along
            else:
                self.unresolved.append(at)
        self.generic_visit(node)


def raised_codes(files: Iterable[Path], root: Path | None = None) -> Found:
    """Every code raised in ``files`` (locations relative to ``root`` when given)."""
    codes: dict[str, list[str]] = {}
    unresolved: list[str] = []
    for path in files:
        where = str(path.relative_to(root)) if root is not None else str(path)
        visitor = _Visitor(where)
        visitor.visit(ast.parse(path.read_text(encoding="utf-8"), filename=str(path)))
        for code, places in visitor.codes.items():
            codes.setdefault(code, []).extend(places)
        unresolved.extend(visitor.unresolved)
    return Found(codes, unresolved)
