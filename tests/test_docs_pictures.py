"""The docs' pictures are drawn at build time, and the built site asks nothing of the net."""

from __future__ import annotations

import importlib.util
import re
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).parent.parent
DOCS = ROOT / "docs"
SVG = "{http://www.w3.org/2000/svg}"


def _hooks() -> ModuleType:
    spec = importlib.util.spec_from_file_location("docs_hooks", DOCS / "hooks.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["docs_hooks"] = module
    spec.loader.exec_module(module)
    return module


hooks = _hooks()


def test_the_pictures_page_asks_for_every_picture() -> None:
    page = (DOCS / "pictures.md").read_text(encoding="utf-8")
    assert hooks.PICTURE_MARKER.findall(page) == list(hooks.PICTURES)
    rendered = hooks.render_markers(page)
    assert not hooks.PICTURE_MARKER.search(rendered)
    assert rendered.count('<figure class="hr-picture"') == len(hooks.PICTURES)


@pytest.mark.parametrize("name", list(hooks.PICTURES))
def test_each_picture_is_drawn_by_the_library(name: str) -> None:
    block = hooks.render_picture(name)
    assert block.startswith(f'<figure class="hr-picture" data-picture="{name}">\n')
    assert block.endswith("</figcaption>\n</figure>")
    assert "\n\n" not in block  # Markdown passes an HTML block through up to a blank line
    drawing = block.split("\n", 1)[1].rsplit("\n<figcaption>", 1)[0]
    if drawing.startswith("<svg"):
        root = ET.fromstring(drawing)
        assert root.tag == f"{SVG}svg"
        assert root.find(f"{SVG}title") is not None
    else:
        assert drawing.startswith(("<table", "<div"))
    assert not re.search(r"""(src|href)=["']https?:""", drawing)  # nothing fetched


def test_the_pictures_are_of_games_played_through_the_catalogue() -> None:
    game = hooks.played("clue", 4, 5, 60)
    assert game is hooks.played("clue", 4, 5, 60)
    view = ET.fromstring(hooks.render_picture("clue-view").split("\n", 1)[1].split("\n<fig")[0])
    hand = [e.get("data-card") for e in view.iter() if e.get("class") == "card hand-card"]
    assert hand == list(game.view("Ann").hand)


def test_an_unknown_picture_is_named_with_the_known_ones() -> None:
    with pytest.raises(KeyError, match="unknown picture 'nope' \\(known: clue-deduction"):
        hooks.render_markers("<!-- picture: nope -->")


def _facts(svg: str) -> list[tuple[str | None, ...]]:
    """What a Clue picture shows of its game (pawns and cards), whatever its wording."""
    root = ET.fromstring(svg)
    facts: list[tuple[str | None, ...]] = []
    for element in root.iter():
        if element.get("class") == "pawn":
            facts.append(("pawn", element.get("data-player"), element.get("data-position")))
        if element.get("data-card"):
            facts.append(("card", element.get("class"), element.get("data-card")))
    return facts


def test_the_readme_picture_is_the_scripts(tmp_path: Path) -> None:
    # `python docs/hooks.py` writes it; run it again when the pictures change.
    written = hooks.write_readme_picture(tmp_path / "board.svg")
    committed = hooks.README_PICTURE.read_text(encoding="utf-8")
    assert _facts(committed) == _facts(written.read_text(encoding="utf-8"))
    assert len(_facts(committed)) > 10
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert hooks.README_PICTURE.relative_to(ROOT).as_posix() in readme


def test_the_site_loads_nothing_from_outside() -> None:
    """The theme's fonts, the repository's stars and Mermaid would each be fetched.

    Checked in a browser when this was built (every page of the site, no request to
    another host); here, the settings that make it so.
    """
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    theme = config.split("\ntheme:\n", 1)[1].split("\n\n", 1)[0]
    assert re.search(r"^  font: false$", theme, re.MULTILINE)
    assert re.search(r"^  custom_dir: docs/overrides$", theme, re.MULTILINE)
    template = (DOCS / "overrides" / "partials" / "source.html").read_text(encoding="utf-8")
    link = template.split("-#}", 1)[1]
    assert '<a href="{{ config.repo_url }}"' in link and "data-md-component" not in link
    scripts = re.findall(r"^extra_javascript:\n((?:  - .*\n)+)", config, re.MULTILINE)
    assert scripts == ["  - javascripts/mermaid.tiny.js\n"]
    mermaid = (DOCS / "javascripts" / "mermaid.tiny.js").read_text(encoding="utf-8")
    assert mermaid.rstrip().endswith('globalThis["mermaid"] = ' + MERMAID_GLOBAL)
    assert "extra_css" not in config


MERMAID_GLOBAL = 'globalThis.__esbuild_esm_mermaid_nm["mermaid"].default;'


def test_the_terminal_pictures_are_the_scripts(tmp_path: Path) -> None:
    """docs/images/play-*.svg are what docs/terminal_screenshot.py draws today."""
    import importlib.util

    script = Path(__file__).resolve().parents[1] / "docs" / "terminal_screenshot.py"
    spec = importlib.util.spec_from_file_location("terminal_screenshot", script)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    vars(module)["IMAGES"] = tmp_path  # draw into tmp_path
    module.main()
    for name in module.SESSIONS:
        drawn = (tmp_path / f"{name}.svg").read_text(encoding="utf-8")
        committed = (script.parent / "images" / f"{name}.svg").read_text(encoding="utf-8")
        assert drawn == committed, f"run python docs/terminal_screenshot.py ({name})"
