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


def section(title: str) -> str:
    """The README's ``## title`` section, up to the next one."""
    return README.split(f"\n## {title}\n", 1)[1].split("\n## ", 1)[0]


def prose(text: str) -> str:
    """``text`` less its fenced code blocks."""
    return "".join(text.split("```")[::2])


def test_the_first_block_says_to_use_a_checkout_before_a_release() -> None:
    """True before the first release and after it (the README is the PyPI page too)."""
    after_first_block = README.split("```", 3)[2].split("\n\n", 2)[1]
    assert "before a\nrelease is on PyPI" in after_first_block
    assert "finds nothing" not in after_first_block
    assert "Set up" in after_first_block
    assert '`.venv/bin/pip install ".[terminal,web]"`' in after_first_block
    assert '.venv/bin/pip install ".[terminal,web]"' in section("Install")


def test_set_up_starts_from_a_clone_and_says_how_to_run_the_command() -> None:
    setup = section("Set up")
    blocks = setup.split("```")[1::2]
    commands = [block.removeprefix("sh\n").strip() for block in blocks]
    assert commands[0] == (
        "git clone https://github.com/hogwarts-rules/hogwarts-rules && cd hogwarts-rules"
    )
    assert commands[1] == (
        "python3 -m venv .venv && .venv/bin/pip install . "
        "&& .venv/bin/hogwarts-rules demo adventure"
    )
    assert commands[2].startswith(
        "python3 -m venv .venv && .venv/bin/python -m pip install -U pip && "
        ".venv/bin/pip install -e . --group dev && "
    )
    text = " ".join(prose(setup).split())
    assert "source .venv/bin/activate" in text and "`.venv/bin/hogwarts-rules`" in text
    assert "pip 25.1" in text and "PEP 735" in text and "about two minutes" in text
    # No sentence of the set-up holds parentheses within parentheses.
    depth = 0
    for char in text:
        depth += {"(": 1, ")": -1}.get(char, 0)
        assert depth <= 1, text
    assert depth == 0


def test_set_up_says_truly_which_extras_the_dev_group_holds() -> None:
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    groups = pyproject["dependency-groups"]

    def names(requirements: list[object]) -> set[str]:
        found: set[str] = set()
        for requirement in requirements:
            if isinstance(requirement, dict):
                found |= names(groups[requirement["include-group"]])
            else:
                name = re.split(r"[<>=!~;\[ ]", str(requirement), maxsplit=1)[0]
                found.add(name.lower().replace("_", "-"))
        return found

    dev = names(groups["dev"])
    extras = pyproject["project"]["optional-dependencies"]
    held = {extra for extra, requirements in extras.items() if names(requirements) <= dev}
    text = " ".join(prose(section("Set up")).split())
    said = re.search(r"libraries of the ((?:`[a-z]+`(?:, | and )?)+) extras", text)
    assert said is not None, text
    assert set(re.findall(r"`([a-z]+)`", said[1])) == held
    left_out = re.search(r"but not those of ((?:`[a-z]+`(?: or )?)+)", text)
    assert left_out is not None, text
    assert set(re.findall(r"`([a-z]+)`", left_out[1])) == set(extras) - held
    assert "every extra" not in README
