"""The README is also the PyPI page: it must read well with no checkout at hand."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from hogwarts_rules.frontends.cli import main

ROOT = Path(__file__).parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
DOCS_SITE = "https://hogwarts-rules.readthedocs.io/en/latest/"
RAW = "https://raw.githubusercontent.com/hogwarts-rules/hogwarts-rules/main/"
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")


def test_pip_install_comes_first() -> None:
    first_block = README.split("```", 2)[1]
    assert first_block.splitlines()[1] == "pip install hogwarts-rules"


def test_every_link_is_absolute() -> None:
    links = LINK.findall(README)
    assert links
    assert [link for link in links if not link.startswith("https://")] == []


def test_every_docs_link_names_a_page() -> None:
    pages = set(re.findall(re.escape(DOCS_SITE) + r"([a-z0-9/-]*)", README))
    assert {"", "cli/", "protocol/", "pictures/", "adventure/", "clue/"} <= pages
    for page in pages:
        path = page.rstrip("/")
        assert (
            not path
            or (ROOT / "docs" / f"{path}.md").is_file()
            or (ROOT / "docs" / path / "index.md").is_file()
        ), page


def test_the_picture_is_a_file_of_the_repository() -> None:
    (picture,) = [link for link in LINK.findall(README) if link.startswith(RAW)]
    path = ROOT / picture.removeprefix(RAW)
    assert path.is_file() and path.suffix == ".svg"
    assert "![" in README.split(picture)[0].rsplit("\n", 1)[-1]  # shown, not just linked


def test_every_extra_is_explained() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    table = README.split("| Extra | What it gives |", 1)[1].split("\n\n", 1)[0]
    explained = set(re.findall(r"^\| `([a-z]+)`(?:, `([a-z]+)`)?", table, re.MULTILINE))
    names = {name for pair in explained for name in pair if name}
    assert names == set(project["optional-dependencies"])
    assert "hogwarts-rules play" in table and "hogwarts-rules web" in table


def test_every_command_is_shown(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--help"])
    commands = re.findall(r"^    ([a-z]+) ", capsys.readouterr().out, re.MULTILINE)
    assert {"demo", "play", "simulate", "serve", "web", "odds"} <= set(commands)
    for command in commands:
        assert f"hogwarts-rules {command}" in README, command
