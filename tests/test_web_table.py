"""The web table in a browser: two people play one game of Clue, each on their own page.

The table (``hogwarts-rules web``'s app around a `Relay`) runs in a thread; headless
Chromium (the distribution's ``/usr/bin/chromium``, driven by Playwright: never
``playwright install``) opens two browser contexts, one per person. Each page shows
only its own seat, and a move made on one page is pushed to the other.

Without ``/usr/bin/chromium`` (or Playwright) the tests skip, saying why, unless the
environment variable ``HOGWARTS_RULES_REQUIRE_BROWSER=1`` is set (``.ci/run`` sets
it): then they fail.
"""

from __future__ import annotations

import base64
import json
import os
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from hogwarts_rules import find_game

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
REQUIRED = os.environ.get("HOGWARTS_RULES_REQUIRE_BROWSER") == "1"
PLAYERS = ["Ann", "Ben", "Cat"]
PEOPLE = ["Ann", "Ben"]
SEED = 3
WAIT_MS = 15_000  # any one wait in the browser


def expect(target: Any) -> Any:
    """Playwright's ``expect`` (imported only once the browser tests run)."""
    from playwright.sync_api import expect as playwright_expect

    return playwright_expect(target)


def _missing() -> str | None:
    """Why the browser tests cannot run here, or ``None``."""
    if not CHROMIUM.exists():
        return (
            f"no Chromium at {CHROMIUM}: install the distribution's chromium package "
            "(HOGWARTS_RULES_REQUIRE_BROWSER=1 makes this a failure)"
        )
    for module in ("playwright", "starlette", "uvicorn", "sse_starlette"):
        try:
            __import__(module)
        except ImportError:
            return f"{module} is not installed (the dev dependencies and the web extra)"
    return None


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    reason = _missing()
    if reason is not None:
        if REQUIRED:
            pytest.fail(f"HOGWARTS_RULES_REQUIRE_BROWSER=1, but {reason}")
        pytest.skip(reason)
    from playwright.sync_api import expect as playwright_expect
    from playwright.sync_api import sync_playwright

    playwright_expect.set_options(timeout=WAIT_MS)

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            yield launched
        finally:
            launched.close()


@pytest.fixture
def table(browser: Any) -> Iterator[tuple[str, dict[str, str], Any]]:
    """A running table with one game: its address, each person's link, the relay."""
    from hogwarts_rules.frontends.web.app import create_app, running
    from hogwarts_rules.frontends.web.relay import Relay

    relay = Relay()
    created = relay.add_game("clue", PLAYERS, PEOPLE, seed=SEED)
    with running(create_app(relay)) as base:
        links = {
            seat: f"{base}/#seat={seat}&token={token}" for seat, token in created["tokens"].items()
        }
        yield base, links, relay


def hands() -> dict[str, set[str]]:
    """Each player's hand in this game, as each one's own view shows it (through the spec)."""
    game = find_game("clue").new_game(PLAYERS, seed=SEED)
    while not all(game.view(name).hand for name in PLAYERS):
        game, _ = game.apply(game.legal_actions()[0])  # choosing a student draws nothing
    return {name: set(game.view(name).hand) for name in PLAYERS}


@pytest.fixture
def open_page(
    browser: Any, table: tuple[str, dict[str, str], Any]
) -> Iterator[Callable[[str], Any]]:
    """Opens a link in a browser context of its own (one person); all closed before the table."""
    contexts: list[Any] = []
    errors: list[str] = []  # the pages' script errors: there must be none

    def opened(link: str) -> Any:
        context = browser.new_context(viewport={"width": 1400, "height": 1000})
        contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.set_default_timeout(WAIT_MS)
        page.goto(link)
        return page

    yield opened
    for context in contexts:
        context.close()
    assert errors == []


def wait_for_status(page: Any, text: str) -> None:
    expect(page.locator("#status")).to_have_text(text, timeout=WAIT_MS)


def ready(page: Any) -> Any:
    """The page, once it has shown its seat's state (the page's own policy forbids eval)."""
    expect(page.locator("body")).to_have_attribute("data-step", re.compile(r"\d+"))
    return page


def status(page: Any) -> str:
    text: str = page.locator("#status").inner_text()
    return text


def page_text(page: Any) -> str:
    """Everything the page holds: its text and the picture's (card names included)."""
    text: str = page.evaluate("document.body.innerText + ' ' + document.body.innerHTML")
    return text


def take_turns(page: Any, seat: str) -> None:
    """Take the person's first choice (their student)."""
    page.wait_for_function(
        f"document.getElementById('status').textContent === 'Your move, {seat}.'"
    )
    page.locator("#choices button").first.click()


def test_two_people_play_one_game_each_on_their_own_page(
    table: tuple[str, dict[str, str], Any], open_page: Callable[[str], Any]
) -> None:
    _, links, _ = table
    ann = ready(open_page(links["Ann"]))
    ben = ready(open_page(links["Ben"]))
    assert "You play Ann." in ann.locator("#whoami").inner_text()
    assert "You play Ben." in ben.locator("#whoami").inner_text()
    assert "Cat (bot)" in ann.locator("#whoami").inner_text()
    assert status(ann) == "Your move, Ann."
    assert status(ben) == "Waiting for Ann."
    assert ben.locator("#choices button").count() == 0
    # Ann chooses her student: Ben's page is told, without Ben doing anything.
    labels = ann.locator("#choices button").all_inner_texts()
    assert labels and all(re.fullmatch(r"Play [A-Z][a-z]+", label) for label in labels)
    step = ben.locator("body").get_attribute("data-step")
    ann.locator("#choices button").first.click()
    expect(ben.locator("body")).not_to_have_attribute("data-step", step)
    wait_for_status(ben, "Your move, Ben.")
    expect(ben.locator("#log")).to_contain_text("Ann plays")
    # Ben chooses too; then the bot, and the cards are dealt: each page shows its own hand.
    take_turns(ben, "Ben")
    for page in (ann, ben):
        expect(page.locator("#notebook-section")).to_be_visible()
        expect(page.locator("#notebook tbody tr").first).to_be_visible()
    dealt = hands()
    for seat, page in (("Ann", ann), ("Ben", ben)):
        text = page_text(page)
        held = set(re.findall(r'class="card hand-card" data-card="([^"]+)"', text))
        assert held == dealt[seat]  # its own hand, no other
        # The notebook knows this seat's own cards, and nothing yet of any other hand.
        certain = page.locator("#certain li")
        expect(certain).to_have_count(len(dealt[seat]))
        for entry in certain.all():
            assert entry.get_attribute("data-card") in dealt[seat]
            assert f"held by {seat} " in entry.text_content()
    # Each page's pawn ring marks its own seat only.
    assert ann.locator("circle.pawn.mine").get_attribute("data-player") == "Ann"
    assert ben.locator("circle.pawn.mine").get_attribute("data-player") == "Ben"
    screenshot = os.environ.get("HOGWARTS_RULES_WEB_SCREENSHOT")
    if screenshot:  # docs/web_screenshot.py asks for the docs' picture
        capture(ann, Path(screenshot))


def capture(page: Any, path: Path) -> None:
    """A PNG of the page (through the DevTools protocol, which headless shells always answer)."""
    session = page.context.new_cdp_session(page)
    shot = session.send("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": False})
    path.write_bytes(base64.b64decode(shot["data"]))


def only_way_spends_a_card(relay: Any) -> tuple[str, str, dict[str, Any]]:
    """A game where Ann's only way to a place spends a one-time card: (token, place, choice).

    Ann (the only person) takes her first choice each time, never accusing, until one
    of her moves spends a card and is the only way to its place.
    """
    for seed in range(1, 40):
        token = relay.add_game("clue", PLAYERS, ["Ann"], seed=seed)["tokens"]["Ann"]
        for _ in range(60):
            state = relay.state(token)
            ways: dict[str, list[dict[str, Any]]] = {}
            for choice in state["choices"]:
                if "destination" in choice["action"]:
                    ways.setdefault(choice["action"]["destination"], []).append(choice)
            for place, choices in ways.items():
                if len(choices) == 1 and choices[0]["spends"]:
                    return token, place, choices[0]
            choices = [c for c in state["choices"] if c["action"]["type"] != "clue.accuse"]
            if state["is_over"] or not choices:
                break
            relay.apply(token, choices[0]["action"])
        relay.handle({"op": "end", "token": token})
    raise AssertionError("no game found where a card is the only way somewhere")


def test_a_one_time_card_is_never_spent_without_asking(
    table: tuple[str, dict[str, str], Any], open_page: Callable[[str], Any]
) -> None:
    base, _, relay = table
    token, place, choice = only_way_spends_a_card(relay)
    ann = ready(open_page(f"{base}/#seat=Ann&token={token}"))
    step = ann.locator("body").get_attribute("data-step")
    sent: list[dict[str, Any]] = []

    def watch(route: Any) -> None:  # every request the page sends, then on to the table
        sent.append(json.loads(route.request.post_data or "{}"))
        route.continue_()

    ann.route("**/api", watch)
    target = ann.locator(f'rect.destination[data-destination="{place}"]')
    target.click()  # the only way there: still asked first
    expect(ann.locator("#confirm")).to_be_visible()
    assert choice["spends"] in ann.locator("#confirm-text").inner_text()
    assert not [request for request in sent if request.get("op") == "apply"]
    ann.locator("#confirm-no").click()
    expect(ann.locator("#confirm")).to_be_hidden()
    assert not [request for request in sent if request.get("op") == "apply"]
    assert ann.locator("body").get_attribute("data-step") == step
    # Asked again, and confirmed: sent once, and the card is spent.
    target.click()
    ann.locator("#confirm-yes").click()
    expect(ann.locator("body")).not_to_have_attribute("data-step", step)
    applied = [request for request in sent if request.get("op") == "apply"]
    assert [request["action"] for request in applied] == [choice["action"]]
    assert ann.locator("#error").is_hidden()


def test_a_seats_newest_page_replaces_its_oldest(
    table: tuple[str, dict[str, str], Any], open_page: Callable[[str], Any]
) -> None:
    _, links, relay = table
    first = ready(open_page(links["Ann"]))
    for _ in range(relay.limits.listeners_per_seat):  # a phone that changed networks...
        newest = ready(open_page(links["Ann"]))
    wait_for_status(first, "This seat is open on a newer page: reload to play here.")
    expect(first.locator("#choices button")).to_have_count(0)
    wait_for_status(newest, "Your move, Ann.")


def test_a_page_without_a_token_starts_games_and_hands_out_links(
    table: tuple[str, dict[str, str], Any], open_page: Callable[[str], Any]
) -> None:
    base, _, relay = table
    page = open_page(base + "/")
    expect(page.locator("#game-choice option")).to_have_count(2)
    assert not page.locator("#seed-label").is_visible()  # seeds are the host's here
    page.select_option("#game-choice", "first-year-adventure")
    assert page.locator("input[name=players]").input_value() == "Harry, Ron, Hermione, Neville"
    page.fill("input[name=humans]", "Harry, Ron")
    page.locator("#new-game button[type=submit]").click()
    page.wait_for_selector("#link-list a")
    seats = [link.get_attribute("data-seat") for link in page.locator("#link-list a").all()]
    assert seats == ["Harry", "Ron"]
    assert len(relay.game_ids()) == 2
    ron = ready(open_page(page.locator('#link-list a[data-seat="Ron"]').get_attribute("href")))
    assert "You play Ron." in ron.locator("#whoami").inner_text()
    assert ron.locator("#board svg circle.pawn").count() == 4
    labels = [
        label.text_content() or "" for label in ron.locator("#board svg text.pawn-label").all()
    ]
    assert sorted(labels) == ["Ha", "He", "Ne", "Ro"]


def test_without_chromium_the_browser_tests_say_why(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(globals(), "CHROMIUM", Path("/nonexistent/chromium"))
    reason = _missing()
    assert reason is not None and "no Chromium at /nonexistent/chromium" in reason
