"""The browser table of examples/web: a person plays Clue against bots.

The host (``examples/web/server.py``) runs as a subprocess. One test talks to its
relay directly, to check that it serves the page's seat only; the other drives the
page in headless Chromium (the system's ``/usr/bin/chromium``, through Playwright)
through two of the person's turns, and checks that the page shows the person's hand,
never another hand or the envelope, only the events the seat may see, and the
reachable squares, which move the pawn when clicked.

Both need Playwright and the system Chromium, and fail without them (CI installs
them; never ``playwright install``).
"""

from __future__ import annotations

import contextlib
import importlib.util
import json
import queue
import re
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, sync_playwright

from hogwarts_rules import clue
from hogwarts_rules.frontends.serve import Server

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
SERVER = Path(__file__).resolve().parent.parent / "examples" / "web" / "server.py"
PLAYERS = ("Ann", "Ben", "Cat")
SEAT = "Ann"
SEED = 3  # the person enters a location and suggests; a bot shows a bot a card
TIMEOUT_MS = 20_000  # any one wait in the browser
DEADLINE_S = 90  # the whole game in the browser
SECRET_TYPES = ("clue.cards_dealt", "clue.help_card_drawn", "clue.card_shown")


# ----- the game as the library plays it ------------------------------------------------------


def dealt_game(seed: int) -> clue.Game:
    """The game after the deal: its hands and envelope.

    Choosing a student draws nothing, so the hands and the envelope do not depend on
    the choices: each player takes the first student offered here.
    """
    game, _ = clue.new_game(list(PLAYERS), seed=seed).apply(clue.Deal())
    while game.phase == "deal":
        game, _ = game.apply(game.legal_actions()[0])
    return game


def secret_names(game: clue.Game) -> set[str]:
    """The suspects and items the person may not see: other hands and the envelope.

    Locations are left out: their names are public (wheels, fireplaces).
    """
    cards = set(game.envelope)
    for name in PLAYERS:
        if name != SEAT:
            cards |= set(game.seats[name].hand)
    return {card for card in cards if clue.category_of(card) != "location"}


# ----- the host ---------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Start ``server.py --port 0``; yield its address; always stop it."""
    errors = tmp_path_factory.mktemp("web") / "stderr.txt"
    with (
        errors.open("w") as stderr,
        subprocess.Popen(
            [sys.executable, str(SERVER), "--port", "0", "--page-seeds"],
            stdout=subprocess.PIPE,
            stderr=stderr,
            text=True,
        ) as process,
    ):
        try:
            lines: queue.Queue[str] = queue.Queue()
            assert process.stdout is not None
            reader = threading.Thread(
                target=lambda: lines.put(process.stdout.readline() if process.stdout else ""),
                daemon=True,
            )
            reader.start()
            try:
                line = lines.get(timeout=30)
            except queue.Empty:
                line = ""
            match = re.fullmatch(r"Serving on (http://127\.0\.0\.1:\d+/)\n", line)
            assert match, f"no address from the server: {line!r} {errors.read_text()}"
            yield match.group(1)
        finally:
            process.terminate()
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(timeout=10)


def post(base_url: str, request: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    """POST one request to /api: (HTTP status, reply)."""
    data = json.dumps(request).encode()
    http = urllib.request.Request(
        base_url + "api", data=data, headers={"Content-Type": "application/json"}
    )
    try:
        with urllib.request.urlopen(http, timeout=30) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        with error:
            return error.code, json.loads(error.read())


def get(base_url: str, path: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(base_url + path, timeout=30) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        with error:
            return error.code, error.read().decode()


def test_the_relay_serves_the_page_seat_only(base_url: str) -> None:
    game = dealt_game(SEED)
    status, created = post(
        base_url,
        {
            "id": 1,
            "op": "new",
            "game": "clue",
            "players": list(PLAYERS),
            "seat": SEAT,
            "seed": SEED,
        },
    )
    assert status == 200 and created["ok"], created
    assert created["seat"] == SEAT
    assert set(created["bots"]) == {"Ben", "Cat"}
    own = {"game_id": created["game_id"], "seat": SEAT, "token": created["token"]}

    refused: list[dict[str, Any]] = [
        {"op": "state", **own, "seat": "Ben"},
        {"op": "events", **own, "seat": "Cat", "since": 0},
        {
            "op": "apply",
            **own,
            "seat": "Ben",
            "action": {"type": "clue.roll_dice", "player": "Ben"},
        },
        {"op": "state", **own, "token": "guessed"},
        {"op": "state", "game_id": created["game_id"], "seat": SEAT},
        {"op": "play_bots", **own, "bots": {SEAT: "random"}},
        {"op": "save", **own},
        {"op": "load", "data": {}},
        {"op": "undo", **own},
        {"op": "list"},
        {"op": "hello"},
        {"op": "quit"},
    ]
    for number, request in enumerate(refused, start=2):
        status, reply = post(base_url, {"id": number, **request})
        assert status == 403, request
        assert reply["id"] == number and reply["ok"] is False
        assert reply["error"]["code"] == "forbidden", reply
    assert get(base_url, f"board.svg?game_id={created['game_id']}&token=guessed")[0] == 403

    # The person's own seat: the bots have played up to the person's decision.
    status, state = post(base_url, {"id": 20, "op": "state", **own})
    assert status == 200 and state["ok"]
    assert state["to_act"] == [SEAT] and state["legal_actions"]
    status, applied = post(
        base_url, {"id": 21, "op": "apply", **own, "action": state["legal_actions"][0]}
    )
    assert status == 200 and applied["ok"], applied
    assert set(applied["events"]) == {SEAT}  # only the person's events come back
    status, state = post(base_url, {"id": 22, "op": "state", **own})
    assert state["view"]["player"] == state["view"]["viewer"] == SEAT
    assert "dice" not in state["view"] and "seed" not in text_of(state)
    assert state["view"]["hand"] == list(game.seats[SEAT].hand)
    assert state["view"]["envelope"] == []
    text = json.dumps(state)
    assert not [card for card in secret_names(game) if card in text]
    status, svg = get(base_url, f"board.svg?game_id={created['game_id']}&token={own['token']}")
    assert status == 200 and svg.startswith("<svg")
    assert not [card for card in secret_names(game) if card in svg]


def text_of(value: Any) -> str:
    return json.dumps(value)


# ----- the page ----------------------------------------------------------------------------------


@contextlib.contextmanager
def launched_browser() -> Iterator[Browser]:
    """The system Chromium, headless, through Playwright."""
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            yield launched
        finally:
            launched.close()


def settle(page: Page) -> None:
    """Wait for the page to finish its exchange with the host; fail on an error shown."""
    page.wait_for_selector("body[data-state='ready']", timeout=TIMEOUT_MS)
    error = page.locator("#error")
    assert error.is_hidden(), error.text_content()


def texts(page: Page, selector: str) -> list[str]:
    return [text.strip() for text in page.locator(selector).all_text_contents()]


def cards(page: Page, selector: str) -> list[str]:
    items = page.locator(selector)
    return [items.nth(i).get_attribute("data-card") or "" for i in range(items.count())]


def check_secrets(page: Page, game: clue.Game) -> None:
    """The page shows the person's hand, never another hand nor the envelope."""
    assert cards(page, "#hand li[data-card]") == list(game.seats[SEAT].hand)
    others = {card for name in PLAYERS if name != SEAT for card in game.seats[name].hand}
    assert not others & set(cards(page, "#hand li[data-card]"))
    assert page.locator("#envelope-section").is_hidden()
    assert page.locator("#envelope li[data-card]").count() == 0
    body = page.locator("body").inner_text()
    assert "envelope holds" not in body and "envelope held" not in body
    # A card shown to the person is one the refuter holds.
    shown = page.locator("#shown-to-me li[data-card]")
    for i in range(shown.count()):
        card = shown.nth(i).get_attribute("data-card") or ""
        who = re.fullmatch(r".* \(by (\w+)\)", shown.nth(i).text_content() or "")
        assert who and card in game.seats[who.group(1)].hand


def check_log(entries: list[tuple[str, str]], game: clue.Game) -> None:
    """The log holds the events as the person sees them: secrets of others redacted."""
    hand = game.seats[SEAT].hand
    assert ("clue.cards_dealt", f"{SEAT} is dealt {', '.join(hand)}") in entries
    for kind, text in entries:
        assert kind, text
        if kind == "clue.cards_dealt" and not text.startswith(f"{SEAT} "):
            assert re.fullmatch(r"\w+ is dealt \d+ cards", text), text
        if kind == "clue.help_card_drawn" and "face down" in text and not text.startswith(SEAT):
            assert re.fullmatch(r"\w+ takes a Help card, face down", text), text
        if kind == "clue.card_shown":
            shown = re.fullmatch(r"(\w+) shows (.+) to (\w+)", text)
            assert shown, text
            refuter, card, suggester = shown.groups()
            if SEAT in (refuter, suggester):
                holder = game.seats[refuter].hand
                assert card in holder, text
            else:
                assert card == "a card", text


def test_a_person_plays_two_turns_against_bots(base_url: str) -> None:
    # No skip: without the browser, the test fails.
    assert CHROMIUM.exists(), f"the browser test needs {CHROMIUM} (apt-get install chromium)"
    with launched_browser() as browser:
        play_two_turns(browser, base_url)


def play_two_turns(browser: Browser, base_url: str) -> None:
    """Play the person's seat for two turns, checking the page after each action."""
    game = dealt_game(SEED)
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    page.set_default_timeout(TIMEOUT_MS)
    page_errors: list[str] = []
    page.on("pageerror", lambda error: page_errors.append(str(error)))
    query = f"?players={','.join(PLAYERS)}&seat={SEAT}&seed={SEED}&bot=notebook"
    page.goto(base_url + query)
    page.wait_for_selector("#status:not(:empty)", timeout=TIMEOUT_MS)
    settle(page)

    turns = 0  # the person's rolls
    log_sizes = [page.locator("#log li").count()]
    moves: list[str] = []
    suggested = False
    deadline = time.monotonic() + DEADLINE_S
    for _ in range(60):  # far more than two turns take
        assert time.monotonic() < deadline, "the page is too slow"
        actions = page.locator("#actions")
        roll = actions.locator("button[data-action-type='clue.roll_dice']")
        student = actions.locator("button[data-action-type='clue.choose_student']")
        suggest = actions.locator("button[data-action-type='clue.suggest']")
        end = actions.locator("button[data-action-type='clue.end_turn']")
        destinations = page.locator("#board .destination")
        if roll.count():
            if turns == 2:
                break  # two turns played, the bots' in between
            turns += 1
            roll.click()
        elif student.count():
            student.first.click()
        elif destinations.count():
            places = [
                destinations.nth(i).get_attribute("data-destination") or ""
                for i in range(destinations.count())
            ]
            rooms = [p for p in places if "," not in p and p != clue.BURROW]
            place = rooms[0] if rooms else places[-1]
            destinations.nth(places.index(place)).click()
            choice = page.locator("#move-choice button")
            settle(page)
            if choice.count():  # several ways there (Felix Felicis, Alohomora, Floo)
                choice.first.click()
            settle(page)
            moves.append(place)
            # The pawn is there, on the board and in the table.
            pawn = page.locator(f"#board circle.pawn[data-player='{SEAT}']")
            assert pawn.get_attribute("data-position") == place
            assert (
                page.locator(f"#players tr[data-player='{SEAT}'] td.position").text_content()
                == place
            )
        elif suggest.count():
            suggested = True
            suggest.click()
        elif end.count():
            end.click()
        else:
            actions.locator("button").first.click()
        settle(page)
        check_secrets(page, game)
        log_sizes.append(page.locator("#log li").count())
    assert turns == 2, "the person did not get to play two turns"
    assert moves and suggested

    # The log grew, as the person saw the game.
    assert log_sizes == sorted(log_sizes) and log_sizes[-1] > log_sizes[0]
    items = page.locator("#log li")
    entries = [
        (items.nth(i).get_attribute("data-type") or "", (items.nth(i).text_content() or "").strip())
        for i in range(items.count())
    ]
    check_log(entries, game)
    lines = [text for _, text in entries]
    first_roll = next(i for i, line in enumerate(lines) if line.startswith(f"{SEAT} rolls"))
    assert any(line.startswith("Ben rolls") for line in lines[first_roll:])
    assert any(line.startswith("Cat rolls") for line in lines[first_roll:])
    assert any(kind == "clue.card_shown" and "a card" in text for kind, text in entries)
    assert texts(page, "#suggestions li")
    # Exactly the events the host relays for the seat, in order, nothing added.
    session = page.evaluate("({gameId: session.gameId, token: session.token})")
    status, relayed = post(
        base_url,
        {
            "op": "events",
            "game_id": session["gameId"],
            "seat": SEAT,
            "token": session["token"],
            "since": 0,
        },
    )
    assert status == 200 and relayed["ok"]
    assert lines == [entry["event"]["description"] for entry in relayed["events"]]
    assert page_errors == []
    page.close()


def test_the_host_picks_the_seed_and_refuses_odd_requests() -> None:
    """Without --page-seeds the page's seed is ignored (a seed reveals every secret)."""
    host = load_web_server().Host(Server())
    request = {"op": "new", "game": "clue", "players": list(PLAYERS), "seat": SEAT}
    hands = set()
    for number in range(3):
        status, created = host.handle({"id": number, **request, "seed": SEED})
        assert status == 200 and created["ok"], created
        own = {"game_id": created["game_id"], "seat": SEAT, "token": created["token"]}
        status, state = host.handle({"op": "state", **own})
        while not state["view"]["hand"]:  # choose a student: the cards are dealt after
            host.handle({"op": "apply", **own, "action": state["legal_actions"][0]})
            status, state = host.handle({"op": "state", **own})
        hands.add(tuple(state["view"]["hand"]))
        # A token that is not ASCII is refused, not a crash.
        status, reply = host.handle({"op": "state", **own, "token": "\u00e9"})
        assert status == 403 and reply["error"]["code"] == "forbidden"
    assert len(hands) > 1  # three games, three random seeds: not the page's


class RecordingServer(Server):
    """The engine, noting every request the host sends it."""

    def __init__(self) -> None:
        super().__init__()
        self.requests: list[dict[str, Any]] = []

    def handle(self, request: object) -> dict[str, Any]:
        assert isinstance(request, dict)
        self.requests.append(request)
        return super().handle(request)


def test_the_host_asks_the_engine_for_the_page_seat_only() -> None:
    """Every request the host makes is for the page's seat: never a host reply, nor save."""
    engine = RecordingServer()
    host = load_web_server().Host(engine, page_seeds=True)
    request = {"op": "new", "game": "clue", "players": list(PLAYERS), "seat": SEAT, "seed": SEED}
    status, created = host.handle({"id": 1, **request})
    assert status == 200 and created["ok"], created
    own = {"game_id": created["game_id"], "seat": SEAT, "token": created["token"]}
    relayed = [created]
    for number in range(2, 40):
        status, state = host.handle({"id": number, "op": "state", **own})
        if state["is_over"]:
            break
        action = next(
            (a for a in state["legal_actions"] if a["type"] != "clue.accuse"),
            state["legal_actions"][0],
        )
        status, reply = host.handle({"id": number, "op": "apply", **own, "action": action})
        assert status == 200 and reply["ok"], reply
        relayed.append(reply)
    ops = {sent["op"] for sent in engine.requests}
    assert ops <= {"new", "state", "apply", "events", "play_bots", "close"}
    assert "play_bots" in ops
    for sent in engine.requests:
        assert "role" not in sent, sent
        if sent["op"] != "new":
            assert sent["seat"] == SEAT, sent
    for reply in relayed:
        assert set(reply["events"]) == {SEAT} and "actions" not in reply


def load_web_server() -> Any:
    """examples/web/server.py as a module."""
    spec = importlib.util.spec_from_file_location("_web_server", SERVER)
    assert spec is not None and spec.loader is not None
    web = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = web  # its dataclasses look their module up
    spec.loader.exec_module(web)
    return web


def test_the_relay_answers_cross_site_and_deep_requests(base_url: str) -> None:
    body = json.dumps({"op": "new", "players": ["X", "Y", "Z"], "seat": "X"}).encode()
    plain = urllib.request.Request(
        base_url + "api", data=body, headers={"Content-Type": "text/plain"}
    )
    try:
        urllib.request.urlopen(plain, timeout=30)
        raise AssertionError("a text/plain request was accepted")
    except urllib.error.HTTPError as error:
        assert error.code == 415
    deep = ('{"op": "state", "x": ' + "[" * 30_000 + "]" * 30_000 + "}").encode()
    request = urllib.request.Request(
        base_url + "api", data=deep, headers={"Content-Type": "application/json"}
    )
    try:
        urllib.request.urlopen(request, timeout=30)
        raise AssertionError("a 30,000-deep request was accepted")
    except urllib.error.HTTPError as error:
        assert error.code == 400
        assert json.loads(error.read())["error"]["code"] == "bad_json"
