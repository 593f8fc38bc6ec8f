"""A browser table for Clue: one person plays one seat, bots play the others.

Run it from a checkout, in a virtualenv where the library is installed:

    python examples/web/server.py                  # http://127.0.0.1:8000/
    python examples/web/server.py --port 0         # any free port (printed)

The web server is the host of the table. It keeps one protocol `Server`
(`hogwarts_rules.frontends.serve`), which holds the whole games with their secrets, and only
relays to the page what its one seat may see:

- ``GET /``, ``/app.js``, ``/style.css``: the page (static files of this folder).
- ``POST /api``: a protocol request as JSON, answered with the protocol reply. The page
  may only send ``new``, ``state``, ``apply`` and ``events``:

  - ``new`` creates a game of Clue where the page plays ``seat`` and bots play every
    other seat. The reply adds a random ``token``: the page sends it back with every
    later request, and the host refuses a request without the right token.
  - ``state``, ``apply`` and ``events`` are relayed for the page's own seat only:
    every request names that seat, so the engine's replies are per-seat replies, with
    the events that seat may see and nothing of another seat's (the host never asks
    for a ``"role": "host"`` reply, which holds every hand).
  - after ``new`` and after each ``apply``, the host itself lets the bots play
    (``play_bots`` for the person's seat) until the person must decide again or the
    game ends, and answers with the events of the person's seat only (never the
    bots' actions, even as the engine gives them to the seat: the page has no use
    for them).

  Anything else (another seat, another op such as ``save``, ``load``, ``play_bots`` or
  ``quit``, an unknown game, a wrong token) is refused with a protocol error reply,
  ``{"ok": false, "error": {"code": "forbidden", ...}}``, and HTTP status 403.
- ``GET /board.svg?game_id=...&token=...``: the board as the page's seat sees it
  (`clue.ClueView.to_svg`, drawn from that seat's view only: the view the protocol
  gives the seat, rebuilt from its JSON form).

One `Server` is shared by every request, behind a lock.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import secrets
import threading
from collections.abc import Mapping
from dataclasses import dataclass
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, Final
from urllib.parse import parse_qs, urlsplit

import attrs

from hogwarts_rules import find_game
from hogwarts_rules.frontends.serve import Server
from hogwarts_rules.serialization import structure

HERE: Final = Path(__file__).resolve().parent
STATIC: Final = {  # the only files served, by URL path
    "/": ("index.html", "text/html; charset=utf-8"),
    "/index.html": ("index.html", "text/html; charset=utf-8"),
    "/app.js": ("app.js", "text/javascript; charset=utf-8"),
    "/style.css": ("style.css", "text/css; charset=utf-8"),
}
SEAT_OPS: Final = frozenset({"state", "apply", "events"})
CLUE: Final = find_game("clue")  # the game this table plays, from the catalogue
BOT_NAMES: Final = CLUE.bot_names  # offered to the page: notebook, detective, random
MAX_BOT_STEPS: Final = 20_000  # bot actions after one of the person's (as clue.play_out)
MAX_TABLES: Final = 50  # games kept; a new game closes the oldest beyond that
MAX_BODY: Final = 64 * 1024  # bytes of one request
BOARD_WIDTH: Final = 900  # pixels of /board.svg (the page scales it)
# Only the page's content may be loaded or run: no inline script, nothing from elsewhere.
PAGE_POLICY: Final = "default-src 'self'; img-src 'self' data:; object-src 'none'"


def typed_view(data: Mapping[str, Any]) -> Any:
    """A seat's Clue view rebuilt from the JSON the protocol gives that seat.

    The JSON form also repeats some values under other names (``viewer``); only the
    view's own fields are read back.
    """
    names = {field.name for field in attrs.fields(CLUE.view_class)}
    as_json = json.loads(json.dumps(dict(data)))  # exactly what the page gets
    return structure(
        {key: value for key, value in as_json.items() if key in names}, CLUE.view_class
    )


def error_reply(
    request_id: object, code: str, message: str, field: str | None = None
) -> dict[str, Any]:
    """A protocol error reply."""
    return {
        "id": request_id,
        "ok": False,
        "error": {"code": code, "message": message, "field": field},
    }


@dataclass(frozen=True)
class Table:
    """One game created by a page: the person's seat, the page's token, the bots."""

    seat: str
    token: str
    bots: Mapping[str, str]  # seat -> bot name, for every other seat


class Forbidden(Exception):
    """A request the page may not make (answered with code ``forbidden``, HTTP 403)."""

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.field = field


class Host:
    """The table's host: relays the page's requests for its one seat, and plays the bots."""

    def __init__(self, server: Server, *, page_seeds: bool = False) -> None:
        self._server = server
        # The seed decides the deal and the envelope: a page that picks it knows every
        # secret. Only tests and demos may let it (``--page-seeds``).
        self._page_seeds = page_seeds
        self._lock = threading.Lock()
        self._tables: dict[str, Table] = {}  # game_id -> table

    def handle(self, request: object) -> tuple[int, dict[str, Any]]:
        """Answer one request of the page: (HTTP status, protocol reply)."""
        if not isinstance(request, dict):
            return HTTPStatus.BAD_REQUEST, error_reply(
                None, "bad_request", "a request is a JSON object"
            )
        request_id = request.get("id")
        op = request.get("op")
        try:
            with self._lock:  # one request at a time, bots' moves included
                if op == "new":
                    return HTTPStatus.OK, self._new(request_id, request)
                if op in SEAT_OPS:
                    return HTTPStatus.OK, self._seat_op(request_id, str(op), request)
                raise Forbidden(f"the page may not send {op!r}", "$.op")
        except Forbidden as refusal:
            return HTTPStatus.FORBIDDEN, error_reply(
                request_id, "forbidden", refusal.message, refusal.field
            )

    def board_svg(self, game_id: str, token: str) -> str:
        """The board as the table's seat sees it (raises `Forbidden`)."""
        with self._lock:
            table = self._table(game_id, token)
            reply = self._server.handle(
                {"id": "board", "op": "state", "game_id": game_id, "seat": table.seat}
            )
        if not reply.get("ok"):
            raise Forbidden(str(reply.get("error", {}).get("message", "no state")))
        # The seat's own view, rebuilt from its JSON form: nothing more than the page gets.
        svg: str = typed_view(reply["view"]).to_svg(width=BOARD_WIDTH)
        return svg

    # ----- the ops -----------------------------------------------------------------------

    def _new(self, request_id: object, request: Mapping[str, Any]) -> dict[str, Any]:
        players = request.get("players")
        seat = request.get("seat")
        bot = request.get("bot", "notebook")
        if request.get("game", "clue") != "clue":
            raise Forbidden("this table plays Clue only", "$.game")
        if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
            return error_reply(request_id, "bad_type", "players: a list of names", "$.players")
        if not isinstance(seat, str) or seat not in players:
            return error_reply(request_id, "bad_value", "seat: one of the players", "$.seat")
        if bot not in BOT_NAMES:
            known = ", ".join(BOT_NAMES)
            return error_reply(request_id, "unknown_bot", f"bot: one of {known}", "$.bot")
        while len(self._tables) >= MAX_TABLES:  # forget the oldest game
            oldest = next(iter(self._tables))
            del self._tables[oldest]
            self._server.handle({"op": "close", "game_id": oldest})
        created = self._server.handle(
            {
                "id": request_id,
                "op": "new",
                "game": "clue",
                "players": players,
                # Without a seed the engine draws a fresh one, which nobody sees.
                "seed": request.get("seed") if self._page_seeds else None,
            }
        )
        if not created.get("ok"):
            return created
        game_id = str(created["game_id"])
        bots = {name: str(bot) for name in players if name != seat}
        table = Table(seat=seat, token=secrets.token_urlsafe(24), bots=bots)
        self._tables[game_id] = table
        played = self._play_bots(request_id, game_id, table)
        if not played.get("ok", True):
            return played
        return {**created, "seat": seat, "token": table.token, "bots": bots} | played

    def _seat_op(self, request_id: object, op: str, request: Mapping[str, Any]) -> dict[str, Any]:
        game_id = request.get("game_id")
        token = request.get("token")
        if not isinstance(game_id, str) or not isinstance(token, str):
            raise Forbidden("game_id and token: from the reply to new", "$.token")
        table = self._table(game_id, token)
        if request.get("seat") != table.seat:
            raise Forbidden(f"this page plays {table.seat} only", "$.seat")
        # Only the fields each op takes are relayed (never the token).
        relayed: dict[str, Any] = {"id": request_id, "op": op, "game_id": game_id}
        relayed["seat"] = table.seat
        if op == "apply":
            relayed["action"] = request.get("action")
        if op == "events":
            relayed["since"] = request.get("since", 0)
        reply = self._server.handle(relayed)  # a reply for the page's seat only
        if op != "apply" or not reply.get("ok"):
            return reply
        # The person has acted: let the bots play.
        if reply.get("is_over"):
            return reply
        played = self._play_bots(request_id, game_id, table)
        if not played.get("ok", True):
            return played
        merged = reply["events"][table.seat] + played["events"][table.seat]
        return reply | played | {"events": {table.seat: merged}}

    # ----- helpers -----------------------------------------------------------------------

    def _table(self, game_id: str, token: str) -> Table:
        table = self._tables.get(game_id)
        if table is None or not secrets.compare_digest(table.token.encode(), str(token).encode()):
            raise Forbidden("not a game of this page", "$.game_id")
        return table

    def _play_bots(self, request_id: object, game_id: str, table: Table) -> dict[str, Any]:
        """Let the bots play until the person must decide or the game ends.

        Returns ``step``, ``to_act``, ``is_over`` and the person's ``events`` (the
        reply the engine gives the person's seat; the bots' actions stay here), or an
        error reply.
        """
        request = {
            "id": request_id,
            "op": "play_bots",
            "game_id": game_id,
            "seat": table.seat,  # the reply is for the person's seat
            "bots": dict(table.bots),
            "max_steps": MAX_BOT_STEPS,
        }
        reply = self._server.handle(request)
        if not reply.get("ok"):
            return reply
        return {
            "step": reply["step"],
            "to_act": reply["to_act"],
            "is_over": reply["is_over"],
            "outcome": reply["outcome"],
            "events": {table.seat: reply["events"][table.seat]},
        }


# ----- HTTP --------------------------------------------------------------------------------


class Handler(BaseHTTPRequestHandler):
    """Serves the page, ``/board.svg`` and ``POST /api`` for the one `Host`."""

    host: Host  # set on the class by `main`
    server_version = "hogwarts-rules-web"
    verbose = False

    def do_GET(self) -> None:
        url = urlsplit(self.path)
        if url.path == "/board.svg":
            query = parse_qs(url.query)
            game_id = query.get("game_id", [""])[0]
            token = query.get("token", [""])[0]
            try:
                svg = self.host.board_svg(game_id, token)
            except Forbidden as refusal:
                self._send(HTTPStatus.FORBIDDEN, str(refusal).encode(), "text/plain")
                return
            self._send(HTTPStatus.OK, svg.encode(), "image/svg+xml; charset=utf-8")
            return
        if url.path not in STATIC:
            self._send(HTTPStatus.NOT_FOUND, b"not found", "text/plain")
            return
        name, kind = STATIC[url.path]
        self._send(HTTPStatus.OK, (HERE / name).read_bytes(), kind)

    def do_POST(self) -> None:
        if urlsplit(self.path).path != "/api":
            self._send(HTTPStatus.NOT_FOUND, b"not found", "text/plain")
            return
        length = self.headers.get("Content-Length", "")
        status: int
        if self.headers.get_content_type() != "application/json":
            # Other web sites can send text/plain without asking: only this page's
            # fetch() calls send JSON (a cross-site JSON request needs CORS, never granted).
            status, reply = (
                HTTPStatus.UNSUPPORTED_MEDIA_TYPE,
                error_reply(None, "bad_request", "send the request as application/json"),
            )
        elif not length.isdigit() or not 0 < int(length) <= MAX_BODY:
            status, reply = (
                HTTPStatus.BAD_REQUEST,
                error_reply(None, "bad_request", f"a request body of 1 to {MAX_BODY} bytes"),
            )
        else:
            try:
                request = json.loads(self.rfile.read(int(length)))
            except (ValueError, UnicodeDecodeError, RecursionError):
                status, reply = (
                    HTTPStatus.BAD_REQUEST,
                    error_reply(None, "bad_json", "the body is not JSON"),
                )
            else:
                status, reply = self.host.handle(request)
        self._send(status, json.dumps(reply).encode(), "application/json")

    def _send(self, status: int, body: bytes, kind: str) -> None:
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Content-Security-Policy", PAGE_POLICY)
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: Any) -> None:
        if self.verbose:
            super().log_message(format, *args)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Play Clue against bots in a browser.")
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on")
    parser.add_argument("--port", type=int, default=8000, help="port (0: any free port)")
    parser.add_argument("--verbose", action="store_true", help="log every request")
    parser.add_argument(
        "--page-seeds",
        action="store_true",
        help="let the page choose the game's seed (for tests and demos only: the seed "
        "reveals every hand and the envelope)",
    )
    args = parser.parse_args(argv)
    Handler.host = Host(Server(), page_seeds=args.page_seeds)
    Handler.verbose = args.verbose
    with ThreadingHTTPServer((args.host, args.port), Handler) as httpd:
        host, port = httpd.server_address[:2]
        print(f"Serving on http://{host!s}:{port}/", flush=True)
        with contextlib.suppress(KeyboardInterrupt):
            httpd.serve_forever()


if __name__ == "__main__":
    main()
