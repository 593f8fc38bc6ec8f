"""The web table's relay (``hogwarts-rules web``): what it answers, refuses and survives.

Through Starlette's test client for the answers and refusals, and through a real
uvicorn server in a thread for what only sockets show (a header h11 refuses, idle
connections, 100 clients at once, the pushed updates).
"""

from __future__ import annotations

import argparse
import concurrent.futures
import contextlib
import functools
import http.client
import json
import re
import socket
import subprocess
import sys
import threading
import time
import warnings
from collections.abc import Callable, Iterator, Mapping
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("sse_starlette")
pytest.importorskip("uvicorn")

import httpx

with warnings.catch_warnings():  # Starlette 1.x asks for httpx2, which is not needed here
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from hogwarts_rules.frontends import web
from hogwarts_rules.frontends.web.app import WORKERS, create_app, running
from hogwarts_rules.frontends.web.relay import (
    Limits,
    Relay,
    RelayError,
    spent_by,
)

BASE = "http://127.0.0.1:8000"
PLAYERS = ["Ann", "Ben", "Cat"]
JSON = {"Content-Type": "application/json"}


def strict_json(text: str | bytes) -> Any:
    """Parse as JSON that every reader accepts (no NaN or Infinity)."""

    def refuse(name: str) -> Any:
        raise ValueError(f"not JSON: {name}")

    return json.loads(text, parse_constant=refuse)


@pytest.fixture
def relay() -> Relay:
    return Relay(page_seeds=True)


@pytest.fixture
def client(relay: Relay) -> Iterator[TestClient]:
    with TestClient(create_app(relay), base_url=BASE) as test_client:
        yield test_client


def new_game(client: TestClient, **fields: Any) -> dict[str, Any]:
    request = {"op": "new", "game": "clue", "players": PLAYERS, "humans": ["Ann", "Ben"]}
    reply = client.post("/api", json=request | fields)
    assert reply.status_code == 200, reply.text
    data: dict[str, Any] = reply.json()
    return data


def state(client: TestClient, token: str, **fields: Any) -> dict[str, Any]:
    reply = client.post("/api", json={"op": "state", "token": token} | fields)
    assert reply.status_code == 200, reply.text
    data: dict[str, Any] = reply.json()
    return data


def refusal(response: httpx.Response) -> tuple[int, str]:
    body = strict_json(response.content)
    assert body["ok"] is False
    return response.status_code, body["error"]["code"]


# ----- malformed requests ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "body",
    [
        {"op": {}},
        {"op": []},
        {"op": None},
        {"op": "save", "token": "x"},
        {"op": "close", "game_id": "g1"},
        [],
        "new",
        7,
    ],
)
def test_malformed_ops_get_an_error_reply(client: TestClient, body: object) -> None:
    status, code = refusal(client.post("/api", json=body))
    assert status == 400 and code in ("unknown_op", "bad_request")


def test_an_id_that_is_not_json_is_never_echoed(client: TestClient) -> None:
    nan = client.post("/api", content=b'{"id": NaN, "op": {}}', headers=JSON)
    assert refusal(nan) == (400, "bad_json")
    assert strict_json(nan.content)["id"] is None
    for bad_id in (2**60, "x" * 100, 1.5, True, {"a": 1}):
        reply = client.post("/api", json={"id": bad_id, "op": {}})
        assert strict_json(reply.content)["id"] is None
    reply = client.post("/api", content=b'{"id": "\\ud800", "op": {}}', headers=JSON)
    assert strict_json(reply.content)["id"] is None
    assert client.post("/api", json={"id": 7, "op": {}}).json()["id"] == 7
    assert client.post("/api", content=b'{"id": 1e999, "op": "x"}', headers=JSON).status_code == 400


def test_a_token_with_a_lone_surrogate_is_refused(client: TestClient) -> None:
    new_game(client)
    body = b'{"op": "state", "token": "abc\\udc80"}'
    assert refusal(client.post("/api", content=body, headers=JSON)) == (400, "bad_request")
    for query in ("abc%ED%B2%80", "abc%80", "%00"):  # a surrogate's UTF-8 bytes; not UTF-8
        reply = client.get(f"/api/stream?token={query}")
        assert refusal(reply) == (403, "forbidden")
    # Not UTF-8 at all.
    assert refusal(client.post("/api", content=b'{"op": "\xff"}', headers=JSON)) == (
        400,
        "bad_json",
    )


def test_content_length_must_be_ascii_digits(client: TestClient) -> None:
    for length in ("\u00b2".encode("latin-1"), b"-1", b"1e3", b" ", b"99999999999"):
        reply = client.post(
            "/api",
            content=b"{}",
            headers={"Content-Type": "application/json", "Content-Length": length},
        )
        assert reply.status_code in (400, 411, 413)
        assert strict_json(reply.content)["ok"] is False


def test_bodies_are_bounded(client: TestClient) -> None:
    big = json.dumps({"op": "state", "token": "x" * 70_000})
    assert refusal(client.post("/api", content=big, headers=JSON)) == (413, "bad_request")

    def chunks() -> Iterator[bytes]:  # no Content-Length: refused before reading
        yield b'{"op": "state", "token": "'
        yield b"x" * 70_000
        yield b'"}'

    assert client.post("/api", content=chunks(), headers=JSON).status_code in (411, 413)
    form = client.post("/api", content=b"op=new", headers={"Content-Type": "text/plain"})
    assert refusal(form) == (415, "bad_request")
    deep = "[" * 100_000 + "]" * 100_000
    assert client.post("/api", content=deep, headers=JSON).status_code in (400, 413)
    deep = '{"op": "state", "token": ' + "[" * 60 + "]" * 60 + "}"
    assert client.post("/api", content=deep, headers=JSON).status_code in (400, 403)


# ----- Host and Origin ---------------------------------------------------------------------------


def test_host_and_origin_must_be_allowed_names() -> None:
    app = create_app(Relay(), ["127.0.0.1", "table.example"])
    with TestClient(app, base_url=BASE) as client:
        assert client.get("/").status_code == 200
        assert client.get("/", headers={"Host": "localhost:9000"}).status_code == 200
        assert client.get("/", headers={"Host": "table.example"}).status_code == 200
        for host in ("evil.example", "127.0.0.1.evil.example", "", "bad host:x", "a:99999"):
            assert client.get("/", headers={"Host": host}).status_code == 400, host
        # DNS rebinding: the right address under another name is refused, API included.
        rebound = client.post("/api", json={"op": "new"}, headers={"Host": "evil.example:8000"})
        assert refusal(rebound) == (400, "bad_request")
        for origin in ("http://evil.example", "null", "file://", "http://127.0.0.1.evil.example"):
            reply = client.post("/api", json={"op": "new"}, headers={"Origin": origin})
            assert refusal(reply) == (403, "forbidden"), origin
        same = client.post("/api", json={"op": {}}, headers={"Origin": "http://127.0.0.1:8000"})
        assert refusal(same) == (400, "unknown_op")


def test_a_host_is_a_name_and_a_port_only() -> None:
    app = create_app(Relay(), ["127.0.0.1"])
    with TestClient(app, base_url=BASE) as client:
        for host in (
            "evil.com@127.0.0.1",
            "127.0.0.1#.evil",
            "localhost?.evil",
            "127.0.0.1/x",
            "127.0.0.1:8000/",
            "user:pw@localhost:8000",
            "127.0.0.1:0",
        ):
            assert client.get("/", headers={"Host": host}).status_code == 400, host
        assert client.get("/", headers={"Host": "[::1]:8000"}).status_code == 200


def test_the_origin_must_be_the_served_one() -> None:
    app = create_app(Relay(), ["127.0.0.1"])
    with TestClient(app, base_url=BASE) as client:  # served as http://127.0.0.1:8000
        for origin in (
            "http://127.0.0.1:9000",  # another port: another site
            "https://127.0.0.1:8000",
            "http://127.0.0.1",  # port 80
            "http://localhost:8000",  # allowed, but not the host this page is on
            "http://127.0.0.1:8000/",
            "http://evil.example@127.0.0.1:8000",
            "http://127.0.0.1:8000#x",
        ):
            reply = client.post("/api", json={"op": "new"}, headers={"Origin": origin})
            assert refusal(reply) == (403, "forbidden"), origin
        local = {"Host": "localhost", "Origin": "http://localhost:80"}
        assert refusal(client.post("/api", json={"op": {}}, headers=local)) == (400, "unknown_op")


def test_the_page_is_served_with_a_strict_policy(client: TestClient) -> None:
    for path in ("/", "/app.js", "/style.css"):
        reply = client.get(path)
        assert reply.status_code == 200
        assert "default-src 'self'" in reply.headers["content-security-policy"]
        assert reply.headers["x-content-type-options"] == "nosniff"
    assert client.get("/server.py").status_code == 404
    assert client.get("/../relay.py").status_code == 404
    config = client.get("/api/config").json()
    assert [game["kind"] for game in config["games"]] == ["first-year-adventure", "clue"]
    assert config["page_seeds"] is True


# ----- seats, tokens, games ----------------------------------------------------------------------


def test_each_seat_sees_only_its_own_view(client: TestClient) -> None:
    game = new_game(client, seed=3)
    assert sorted(game["tokens"]) == ["Ann", "Ben"] and game["bots"] == {"Cat": "notebook"}
    ann = state(client, game["tokens"]["Ann"])
    assert ann["seat"] == "Ann" and ann["view"]["player"] == "Ann"
    assert ann["status"] == "Your move, Ann." and ann["prompt"]
    ben = state(client, game["tokens"]["Ben"])
    assert ben["view"]["player"] == "Ben" and ben["status"] == "Waiting for Ann."
    assert ben["choices"] == [] and ben["prompt"] == ""
    # Ben may not act for Ann, nor see Ann's picture.
    choice = ann["choices"][0]["action"]
    reply = client.post(
        "/api", json={"op": "apply", "token": game["tokens"]["Ben"], "action": choice}
    )
    assert refusal(reply)[0] == 409
    assert 'data-player="Ann"' not in ben["svg"].split('class="private"')[-1]
    # Nothing in a seat's state is any other seat's secret, the seed or the dice.
    for seat in ("Ann", "Ben"):
        text = json.dumps(state(client, game["tokens"][seat]))
        assert '"seed"' not in text and '"dice"' not in text and "envelope_cards" not in text


def hands_after_deal(client: TestClient, tokens: Mapping[str, str]) -> dict[str, list[str]]:
    """Play the humans' first choices until both have a hand; each seat's own hand."""
    for _ in range(20):
        hands = {seat: state(client, token)["view"]["hand"] for seat, token in tokens.items()}
        if all(hands.values()):
            return hands
        for token in tokens.values():
            choices = state(client, token)["choices"]
            if choices:
                client.post(
                    "/api", json={"op": "apply", "token": token, "action": choices[0]["action"]}
                )
    raise AssertionError("no deal")


def test_a_page_seed_works_only_when_allowed(client: TestClient) -> None:
    first = hands_after_deal(client, new_game(client, seed=11)["tokens"])
    again = hands_after_deal(client, new_game(client, seed=11)["tokens"])
    assert first == again
    strict = Relay()
    with TestClient(create_app(strict), base_url=BASE) as other:
        reply = other.post(
            "/api", json={"op": "new", "game": "clue", "players": PLAYERS, "seed": 3}
        )
        assert refusal(reply) == (403, "forbidden")
        assert "--page-seeds" in reply.json()["error"]["message"]
    # The command line's own game may have a seed.
    assert strict.add_game("clue", PLAYERS, ["Ann"], seed=3)["tokens"]


def test_only_a_seat_of_the_game_can_end_it(client: TestClient, relay: Relay) -> None:
    one = new_game(client)
    two = new_game(client)
    assert refusal(client.post("/api", json={"op": "end", "token": "nope"})) == (403, "forbidden")
    assert refusal(client.post("/api", json={"op": "end"})) == (403, "forbidden")
    reply = client.post("/api", json={"op": "end", "token": one["tokens"]["Ben"]})
    assert reply.json()["ended_by"] == "Ben"
    assert relay.game_ids() == [two["game_id"]]
    for token in one["tokens"].values():
        assert refusal(client.post("/api", json={"op": "state", "token": token}))[0] == 403
    assert state(client, two["tokens"]["Ann"])["game_id"] == two["game_id"]


def test_new_never_evicts_a_live_game() -> None:
    now = [0.0]
    relay = Relay(
        limits=Limits(games=3, games_per_creator=2, idle_seconds=60), clock=lambda: now[0]
    )
    request = {"op": "new", "game": "clue", "players": PLAYERS}
    a1 = relay.handle(request, creator="10.0.0.1")
    a2 = relay.handle(request, creator="10.0.0.1")
    a3 = relay.handle(request, creator="10.0.0.1")
    assert a3["error"]["code"] == "too_many_games"  # per creator
    b1 = relay.handle(request, creator="10.0.0.2")
    c1 = relay.handle(request, creator="10.0.0.3")
    assert c1["error"]["code"] == "too_many_games"  # overall
    assert relay.game_ids() == [a1["game_id"], a2["game_id"], b1["game_id"]]
    # Once idle, the oldest-idle game makes room (a touched game stays).
    now[0] = 61.0
    relay.handle({"op": "state", "token": a1["tokens"]["Ann"]})
    c1 = relay.handle(request, creator="10.0.0.3")
    assert c1["ok"], c1
    assert relay.game_ids() == [a1["game_id"], b1["game_id"], c1["game_id"]]
    assert (
        relay.handle({"op": "state", "token": a2["tokens"]["Ann"]})["error"]["code"] == "forbidden"
    )


def test_a_page_never_evicts_the_hosts_own_game() -> None:
    # The game the command line started (its links printed at the terminal) stays,
    # however long idle, when pages fill the table: a page's new game is refused.
    now = [0.0]
    relay = Relay(limits=Limits(games=2, idle_seconds=60), clock=lambda: now[0])
    host = relay.add_game("clue", 3, ["Ann"])
    page = relay.handle({"op": "new", "game": "clue", "players": PLAYERS}, creator="10.0.0.1")
    now[0] = 61.0
    again = relay.handle({"op": "new", "game": "clue", "players": PLAYERS}, creator="10.0.0.2")
    assert again["ok"], again  # the page's idle game made room
    assert host["game_id"] in relay.game_ids() and page["game_id"] not in relay.game_ids()
    now[0] = 200.0
    relay.handle({"op": "state", "token": again["tokens"]["Ann"]})  # live again
    full = relay.handle({"op": "new", "game": "clue", "players": PLAYERS}, creator="10.0.0.3")
    assert full["error"]["code"] == "too_many_games"  # the host's idle game stays
    assert relay.game_ids() == [host["game_id"], again["game_id"]]


def test_bad_new_games_are_refused(client: TestClient) -> None:
    cases: list[dict[str, Any]] = [
        {"game": "hufflepuff-ravenclaw"},
        {"game": "chess"},
        {"game": 3},
        {"players": ["Ann", "Ann", "Ben"]},
        {"players": ["Ann"]},
        {"players": 9},
        {"players": ["Ann", " Ben", "Cat"]},
        {"humans": ["Zed"]},
        {"humans": ["Ann", "Ann"]},
        {"humans": []},
        {"bot": "genius"},
        {"seed": -1},
        {"seed": 2**60},
        {"seed": "3"},
    ]
    for fields in cases:
        request = {"op": "new", "game": "clue", "players": PLAYERS} | fields
        status, code = refusal(client.post("/api", json=request))
        assert (status, code) == (400, "bad_value"), fields


def test_adventure_through_the_relay(client: TestClient) -> None:
    game = new_game(client, game="adventure", players=4, humans=["Harry"], bot="heuristic")
    assert game["players"] == ["Harry", "Ron", "Hermione", "Neville"]
    harry = state(client, game["tokens"]["Harry"])
    assert harry["svg"].startswith("<svg") and harry["notebook"] is None
    assert 'class="pawn-label"' in harry["svg"]


def test_one_time_cards_are_marked() -> None:
    assert (
        spent_by({"type": "clue.move_to", "destination": "1,2", "felix": True}) == "Felix Felicis"
    )
    assert spent_by({"type": "clue.protect", "card": "Invisibility Cloak"}) == "Invisibility Cloak"
    assert spent_by({"type": "clue.move_to", "destination": "1,2", "alohomoras": 1}) == (
        "1 Alohomora card"
    )
    assert spent_by({"type": "clue.move_to", "destination": "1,2"}) is None
    assert spent_by({"type": "clue.show_card", "card": "Hogwarts"}) is None
    # First Year Adventure: the Remembrall ("reroll one roll in the future") and a
    # stored "+1 to one future dice roll" are used up; keeping a roll spends nothing.
    assert spent_by({"type": "adventure.use_remembrall", "player": "Ann"}) == "Remembrall"
    assert spent_by({"type": "adventure.use_bonus", "player": "Ann"}) == "+1 to one future roll"
    for kind in ("keep_roll", "roll_to_move", "move_one", "choose_house", "join_team"):
        assert spent_by({"type": f"adventure.{kind}", "player": "Ann"}) is None
    # Floo powder is a stock of tokens, not a one-time card.
    assert spent_by({"type": "clue.pay_floo", "player": "Ann"}) is None


def test_a_remembrall_is_spent_only_after_asking() -> None:
    seats = ["Harry", "Ron", "Hermione"]
    relay = Relay()
    tokens = relay.add_game("adventure", seats, seats, seed=38)["tokens"]  # a Remembrall at 91
    offered = None
    for _ in range(120):
        pages = [relay.state(token) for token in tokens.values()]
        page = next(page for page in pages if page["choices"])
        by_type = {choice["action"]["type"]: choice for choice in page["choices"]}
        if "adventure.use_remembrall" in by_type:
            offered = by_type
            break
        choice = by_type.get("adventure.keep_roll", page["choices"][0])
        relay.apply(tokens[page["seat"]], choice["action"])
    assert offered is not None, "this seed's game offers a Remembrall"
    assert offered["adventure.use_remembrall"]["spends"] == "Remembrall"
    assert offered["adventure.keep_roll"]["spends"] is None


def test_the_relay_reads_protocol_4_lengths_only() -> None:
    from hogwarts_rules.frontends.web import relay as relay_module

    assert relay_module._length({"history_length": 3}) == 3
    assert relay_module._length({"step": 3}) == 0  # protocol 3's name: no longer read


def drive(
    relay: Relay, tokens: Mapping[str, str], stop: Callable[[str, dict[str, Any]], bool]
) -> tuple[str, dict[str, Any]]:
    """Play the humans' seats (never accusing) until ``stop(seat, state)``."""
    for _ in range(600):
        acted = False
        for seat, token in tokens.items():
            current = relay.state(token)
            if stop(seat, current):
                return seat, current
            choices = [c for c in current["choices"] if c["action"]["type"] != "clue.accuse"]
            if choices:
                relay.apply(token, choices[-1]["action"])
                acted = True
        if not acted:
            break
    raise AssertionError("never stopped")


def test_the_status_says_when_the_person_must_show_a_card() -> None:
    relay = Relay()
    tokens = relay.add_game("clue", PLAYERS, ["Ann", "Ben"], seed=5)["tokens"]

    def must_show(seat: str, current: dict[str, Any]) -> bool:
        return any(c["action"]["type"] == "clue.show_card" for c in current["choices"])

    seat, current = drive(relay, tokens, must_show)
    assert current["view"]["current_player"] != seat
    assert current["status"] == f"Your move, {seat}."
    assert "show" in current["prompt"].lower()
    assert all(" to act" not in text for text in (current["status"], current["prompt"]))
    assert all(c["label"].startswith("Show ") for c in current["choices"])
    other = next(name for name in tokens if name != seat)
    assert relay.state(tokens[other])["status"] == f"Waiting for {seat}."
    # The pictures say it in words too: whose turn, and who must show a card first.
    for token in tokens.values():
        title = relay.state(token)["svg"].split("<title>", 1)[1].split("</title>", 1)[0]
        assert title.endswith(f"; waiting for {seat}") and " to act" not in title


def test_choices_are_in_words() -> None:
    relay = Relay()
    tokens = relay.add_game("clue", PLAYERS, ["Ann", "Ben"], seed=5)["tokens"]
    seen: set[str] = set()

    def collect(seat: str, current: dict[str, Any]) -> bool:
        for choice in current["choices"]:
            seen.add(choice["action"]["type"])
            assert "clue." not in choice["label"] and "_" not in choice["label"]
        return len(seen) >= 6

    drive(relay, tokens, collect)


# ----- the CLI's arguments -----------------------------------------------------------------------


def test_the_command_line_arguments() -> None:
    parser = argparse.ArgumentParser()
    web.add_arguments(parser)
    args = parser.parse_args(
        ["adventure", "--seats", "Ann,Ben", "--players", "4", "--port", "0", "--allow-host", "x"]
    )
    assert (args.game, args.seats, args.players, args.allow_host) == (
        "adventure",
        "Ann,Ben",
        "4",
        ["x"],
    )


def test_without_the_extra_run_says_what_to_install(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(__import__("sys").modules, "uvicorn", None)
    parser = argparse.ArgumentParser()
    web.add_arguments(parser)
    assert web.run(parser.parse_args(["clue"])) == 2
    assert 'pip install "hogwarts-rules[web]"' in capsys.readouterr().err


def test_links_name_the_host_other_machines_use() -> None:
    assert web.link_host("0.0.0.0", [], lan="192.168.1.20")[:2] == (
        "192.168.1.20",
        ["192.168.1.20"],
    )
    assert web.link_host("::", [], lan=None)[0] == "127.0.0.1"
    assert "--allow-host" in web.link_host("::", [], lan=None)[2]
    assert web.link_host("0.0.0.0", ["table.lan", "x"], lan="10.0.0.2")[:2] == (
        "table.lan",
        ["10.0.0.2"],
    )
    assert web.link_host("127.0.0.1", ["table.lan"], lan=None)[:2] == ("table.lan", [])
    assert web.link_host("10.0.0.2", [], lan=None)[:2] == ("10.0.0.2", [])
    assert "--host 0.0.0.0" in web.link_host("127.0.0.1", [])[2]


@contextlib.contextmanager
def started_table(*extra: str) -> Iterator[tuple[str, dict[str, str], str]]:
    """Run the table in a process: (its heading, its links by seat, its note)."""
    command = [sys.executable, "-m", "hogwarts_rules.frontends.web", "clue"]
    command += ["--seats", "Ann", "--players", "3", "--port", "0", *extra]
    with subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True
    ) as process:
        try:
            assert process.stdout is not None
            heading = process.stdout.readline()
            links = dict([process.stdout.readline().strip().split(": ", 1)])
            yield heading, links, process.stdout.readline()
        finally:
            process.terminate()
            process.wait(timeout=20)


def test_links_use_the_allowed_name_and_it_is_served() -> None:
    with started_table("--allow-host", "table.example") as (heading, links, note):
        assert heading.startswith("Clue at http://table.example:"), heading
        assert links["Ann"].startswith("http://table.example:")
        assert "table.example" in note
        port = heading.split(":")[2].split("/")[0]
        token = links["Ann"].rsplit("token=", 1)[1]
        reply = httpx.post(
            f"http://127.0.0.1:{port}/api",
            json={"op": "state", "token": token},
            headers={"Host": f"table.example:{port}", "Origin": f"http://table.example:{port}"},
            timeout=20,
        )
        assert reply.json()["seat"] == "Ann"


def test_listening_everywhere_links_and_allows_the_network_address() -> None:
    lan = web.lan_address()
    if lan is None:
        pytest.skip("this machine has no network address")
    with started_table("--host", "0.0.0.0") as (heading, links, note):
        assert heading.startswith(f"Clue at http://{lan}:"), heading
        assert lan in note
        port = heading.split(":")[2].split("/")[0]
        token = links["Ann"].rsplit("token=", 1)[1]
        reply = httpx.post(
            f"http://127.0.0.1:{port}/api",
            json={"op": "state", "token": token},
            headers={"Host": f"{lan}:{port}"},
            timeout=20,
        )
        assert reply.status_code == 200 and reply.json()["seat"] == "Ann"


def test_bad_command_lines_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (
        ["chess"],
        ["clue", "--seats", "Zed", "--players", "Ann,Ben,Cat"],
        ["clue", "--players", "9"],
    ):
        assert web.main(argv) == 2, argv
    assert capsys.readouterr().err.startswith("hogwarts-rules: error: ")


def test_a_game_the_table_does_not_offer_is_named(capsys: pytest.CaptureFixture[str]) -> None:
    assert web.main(["hr"]) == 2
    error = capsys.readouterr().err
    assert "the web table does not offer hufflepuff-ravenclaw (games: " in error
    assert web.main(["chess"]) == 2
    assert "unknown game 'chess' (known: " in capsys.readouterr().err


# ----- on real sockets ---------------------------------------------------------------------------


@pytest.fixture
def live(relay: Relay) -> Iterator[str]:
    with running(create_app(relay), header_seconds=1.0) as base:
        yield base


def raw(base: str, data: bytes, timeout: float = 5.0) -> bytes:
    host, port = base.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=timeout) as sock:
        sock.sendall(data)
        chunks = []
        while True:
            chunk = sock.recv(65536)
            if not chunk:
                break
            chunks.append(chunk)
    return b"".join(chunks)


def test_a_superscript_content_length_on_the_wire(live: str) -> None:
    request = (
        b"POST /api HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        b"Content-Length: \xc2\xb2\r\nConnection: close\r\n\r\n{}"
    )
    assert raw(live, request).startswith(b"HTTP/1.1 400")
    # The server still answers.
    assert httpx.get(live + "/api/config").status_code == 200


def test_idle_sockets_are_closed(live: str) -> None:
    host, port = live.removeprefix("http://").split(":")
    started = time.monotonic()
    with socket.create_connection((host, int(port)), timeout=10) as silent:
        assert silent.recv(1) == b""  # closed by the server, no request ever sent
    with socket.create_connection((host, int(port)), timeout=10) as slow:
        slow.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")  # a head never finished
        assert slow.recv(1) == b""
    assert time.monotonic() - started < 8
    # A kept-alive connection that goes quiet after its answer is closed too.
    connection = http.client.HTTPConnection(host, int(port), timeout=10)
    connection.request("GET", "/api/config")
    assert connection.getresponse().read()
    assert connection.sock is not None
    assert connection.sock.recv(1) == b""
    connection.close()


def test_a_body_cut_short_logs_nothing(live: str) -> None:
    # A client that closes in the middle of its POST body made Starlette raise
    # ClientDisconnect, which uvicorn logged as a 40-line traceback: anyone could fill
    # the host's log without a token.
    import logging

    records: list[logging.LogRecord] = []

    class Kept(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            records.append(record)

    handler = Kept(logging.WARNING)
    logger = logging.getLogger("uvicorn.error")
    logger.addHandler(handler)
    try:
        host, port = live.removeprefix("http://").split(":")
        for _ in range(3):
            with socket.create_connection((host, int(port)), timeout=5) as sock:
                sock.sendall(
                    f"POST /api HTTP/1.1\r\nHost: {host}:{port}\r\n"
                    "Content-Type: application/json\r\nContent-Length: 100\r\n\r\n"
                    '{"op":'.encode()
                )
                time.sleep(0.2)  # the app is reading the body when the client goes
        time.sleep(0.5)
        assert httpx.get(live + "/api/config", timeout=10).status_code == 200
    finally:
        logger.removeHandler(handler)
    assert [record.getMessage() for record in records] == []


def test_a_hundred_clients_at_once(live: str, relay: Relay) -> None:
    token = relay.add_game("clue", PLAYERS, ["Ann"], seed=3)["tokens"]["Ann"]
    clients = 100
    barrier = threading.Barrier(clients)

    def one_client(n: int) -> float:
        host, port = live.removeprefix("http://").split(":")
        barrier.wait(timeout=30)
        start = time.perf_counter()
        # 100 machines: each from its own loopback address (one address holds at most 32)
        connection = http.client.HTTPConnection(
            host, int(port), timeout=60, source_address=(f"127.0.1.{n + 1}", 0)
        )
        try:  # one connection each, two requests on it: any reset raises here
            connection.request("GET", "/")
            page = connection.getresponse()
            assert page.status == 200 and page.read()
            body = json.dumps({"op": "state", "token": token})
            connection.request("POST", "/api", body, {"Content-Type": "application/json"})
            reply = connection.getresponse()
            assert reply.status == 200
            assert strict_json(reply.read())["seat"] == "Ann"
        finally:
            connection.close()
        return time.perf_counter() - start

    started = time.perf_counter()
    with concurrent.futures.ThreadPoolExecutor(clients) as pool:
        times = list(pool.map(one_client, range(clients)))  # any reset raises here
    wall = time.perf_counter() - started
    workers = [t for t in threading.enumerate() if t.name.startswith("AnyIO worker")]
    assert len(workers) <= WORKERS + 1  # + the one Starlette's lifespan may hold
    print(
        f"\n100 clients: all answered, no reset; wall {wall:.2f} s, slowest {max(times):.2f} s, "
        f"median {sorted(times)[50]:.3f} s; engine threads {len(workers)} (bound {WORKERS})"
    )


def read_events(lines: Iterator[str], count: int) -> list[tuple[str, dict[str, Any]]]:
    """The next ``count`` events of a Server-Sent Events stream's lines."""
    found: list[tuple[str, dict[str, Any]]] = []
    kind, data = "", ""
    for line in lines:
        if line.startswith("event:"):
            kind = line.split(":", 1)[1].strip()
        elif line.startswith("data:"):
            data += line.split(":", 1)[1].strip()
        elif line == "" and kind:
            found.append((kind, strict_json(data)))
            kind, data = "", ""
            if len(found) >= count:
                break
    return found


def test_updates_are_pushed_to_every_seat(live: str, relay: Relay) -> None:
    tokens = relay.add_game("clue", PLAYERS, ["Ann", "Ben"], seed=3)["tokens"]
    with httpx.Client(base_url=live, timeout=20) as http_client:
        with http_client.stream("GET", "/api/stream", params={"token": tokens["Ben"]}) as stream:
            assert stream.headers["content-type"].startswith("text/event-stream")
            lines = stream.iter_lines()
            ((kind, first),) = read_events(lines, 1)
            assert kind == "state" and first["seat"] == "Ben"
            ann = relay.state(tokens["Ann"])
            relay.apply(tokens["Ann"], ann["choices"][0]["action"])  # Ann chooses a student
            ((kind, pushed),) = read_events(lines, 1)
            assert kind == "state" and pushed["step"] > first["step"]
            assert pushed["seat"] == "Ben" and pushed["view"]["player"] == "Ben"
            assert any(event["type"] == "clue.student_chosen" for event in pushed["events"])
            relay.end(tokens["Ann"])
            ((kind, _),) = read_events(lines, 1)
            assert kind == "ended"
        # One page more than a seat may hold: the oldest is told it is replaced.
        tokens = relay.add_game("clue", PLAYERS, ["Ann"])["tokens"]
        readers = []  # a line reader dropped would close its stream
        with contextlib.ExitStack() as opened:  # every stream stays open till the end
            for _ in range(relay.limits.listeners_per_seat + 1):
                stream = opened.enter_context(
                    http_client.stream("GET", "/api/stream", params={"token": tokens["Ann"]})
                )
                assert stream.status_code == 200
                readers.append(stream.iter_lines())
                read_events(readers[-1], 1)
            ((kind, _),) = read_events(readers[0], 1)
            assert kind == "replaced"


def test_a_seats_newest_page_replaces_its_oldest() -> None:
    relay = Relay(limits=Limits(listeners_per_seat=2))
    token = relay.add_game("clue", PLAYERS, ["Ann"])["tokens"]["Ann"]
    calls: list[int] = []
    pages = [relay.listen(token, functools.partial(calls.append, n)) for n in range(4)]
    assert [page.active for page in pages] == [False, False, True, True]
    assert calls == [0, 1]  # each replaced page is told once
    pages[2]()
    pages[2]()  # stopping twice is harmless
    assert not pages[2].active
    relay.apply(token, relay.state(token)["choices"][0]["action"])
    assert calls == [0, 1, 3]


def test_the_pages_of_one_creators_games_are_bounded() -> None:
    relay = Relay(limits=Limits(listeners=6, listeners_per_seat=1, listeners_per_creator=3))
    request = {"op": "new", "game": "clue", "players": PLAYERS, "humans": PLAYERS}
    mine = [relay.handle(request, creator="10.0.0.1")["tokens"] for _ in range(2)]
    for tokens in (mine[0], mine[1]):
        relay.listen(tokens["Ann"], lambda: None)
    relay.listen(mine[0]["Ben"], lambda: None)
    with pytest.raises(RelayError) as refused:
        relay.listen(mine[1]["Ben"], lambda: None)
    assert (refused.value.code, refused.value.status) == ("too_many_listeners", 429)
    assert relay.listen(mine[1]["Ann"], lambda: None).active  # it replaces the seat's own
    other = relay.handle(request, creator="10.0.0.2")["tokens"]
    relay.listen(other["Ann"], lambda: None)
    host = relay.add_game("clue", PLAYERS, PLAYERS)["tokens"]  # the command line's game
    relay.listen(host["Ann"], lambda: None)
    relay.listen(host["Ben"], lambda: None)  # not counted against a creator
    with pytest.raises(RelayError):  # 6 in all
        relay.listen(host["Cat"], lambda: None)


def test_relay_errors_carry_a_status() -> None:
    error = RelayError("forbidden", "no", 403, "$.token")
    assert error.reply(float("nan")) == {
        "id": None,
        "ok": False,
        "error": {"code": "forbidden", "message": "no", "field": "$.token"},
    }


def test_connections_beyond_the_bound_are_refused_not_reset(relay: Relay) -> None:
    token = relay.add_game("clue", PLAYERS, ["Ann"])["tokens"]["Ann"]
    with (
        running(create_app(relay), max_connections=2) as base,
        httpx.Client(base_url=base, timeout=10) as http_client,
        contextlib.ExitStack() as opened,
    ):
        readers = []  # a line reader dropped would close its stream
        for _ in range(2):
            stream = opened.enter_context(
                http_client.stream("GET", "/api/stream", params={"token": token})
            )
            readers.append(stream.iter_lines())
            read_events(readers[-1], 1)
        assert http_client.get("/api/config").status_code == 503


def test_forwarded_for_headers_are_not_believed(live: str) -> None:
    request = {"op": "new", "game": "clue", "players": PLAYERS, "humans": ["Ann"]}
    statuses = [
        httpx.post(
            live + "/api",
            json=request,
            headers={"X-Forwarded-For": f"10.9.8.{n}", "Forwarded": f"for=10.9.8.{n}"},
            timeout=30,
        ).status_code
        for n in range(7)
    ]
    assert statuses == [200] * 4 + [429] * 3


def test_one_address_cannot_hold_every_connection(relay: Relay) -> None:
    with (
        running(
            create_app(relay), max_connections=12, max_per_address=4, header_seconds=30
        ) as base,
        contextlib.ExitStack() as opened,
    ):
        host, port = base.removeprefix("http://").split(":")
        held = []
        for _ in range(14):  # idle connections from another address
            held.append(
                opened.enter_context(
                    socket.create_connection(
                        (host, int(port)), timeout=10, source_address=("127.0.0.2", 0)
                    )
                )
            )
        refused = [sock for sock in held[4:]]
        for sock in refused:
            answer = b""
            while chunk := sock.recv(4096):
                answer += chunk
            assert answer.startswith(b"HTTP/1.1 503"), answer
        held[0].settimeout(0.3)
        with pytest.raises(TimeoutError):  # the first four stay open
            held[0].recv(1)
        assert httpx.get(base + "/api/config", timeout=10).status_code == 200


def test_the_module_runs_the_table() -> None:
    command = [sys.executable, "-m", "hogwarts_rules.frontends.web", "adventure"]
    command += ["--seats", "Harry,Ron", "--players", "3", "--port", "0"]
    with subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True
    ) as process:
        try:
            assert process.stdout is not None
            heading = process.stdout.readline()
            assert heading.startswith("First Year Adventure at http://127.0.0.1:")
            links = dict(process.stdout.readline().strip().split(": ", 1) for _ in range(2))
            assert sorted(links) == ["Harry", "Ron"]
            token = links["Ron"].rsplit("token=", 1)[1]
            base = heading.split(" at ", 1)[1].split("/ ", 1)[0]
            reply = httpx.post(base + "/api", json={"op": "state", "token": token}, timeout=20)
            assert reply.json()["seat"] == "Ron"
            assert reply.json()["players"][2] == {"name": "Hermione", "bot": "heuristic"}
        finally:
            process.terminate()
            process.wait(timeout=20)


def test_the_printed_links_accept_connections_before_the_server_runs(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # uvicorn's bind_socket only binds; a link printed before the socket listens refused
    # connections until the server had started (a CI run saw "Connection refused").
    import uvicorn

    reached: list[bool] = []

    def connect_instead(self: Any, sockets: list[socket.socket]) -> None:
        host, port = sockets[0].getsockname()[:2]
        printed = capsys.readouterr().out
        assert f"http://{host}:{port}/" in printed
        with socket.create_connection((host, port), timeout=5):
            reached.append(True)

    monkeypatch.setattr(uvicorn.Server, "run", connect_instead)
    assert web.main(["adventure", "--seats", "Harry", "--port", "0"]) == 0
    assert reached == [True]


def test_the_error_codes_are_listed_once_and_true() -> None:
    from pathlib import Path

    from hogwarts_rules.frontends.web import relay as relay_module

    folder = Path(relay_module.__file__).parent
    source = (folder / "relay.py").read_text("utf-8") + (folder / "app.py").read_text("utf-8")
    raised = set(re.findall(r'RelayError\(\s*"([a-z_]+)"', source))
    raised |= set(re.findall(r'\(\d{3}, "([a-z_]+)", "', source))  # the Host/Origin refusals
    assert raised == set(relay_module.ERROR_CODES)


def test_a_body_that_never_comes_is_given_up(relay: Relay) -> None:
    with running(create_app(relay, body_seconds=0.5), header_seconds=5.0) as base:
        started = time.monotonic()
        answer = raw(
            base,
            b"POST /api HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            b'Content-Length: 40\r\nConnection: close\r\n\r\n{"op": ',
        )
        assert answer.startswith(b"HTTP/1.1 408")
        assert time.monotonic() - started < 4
