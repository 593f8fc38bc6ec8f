"""``hogwarts-rules web``: a table in the browser for several people, with bots for the rest.

Each person's seat has its own link holding a secret token; bots play the other
seats; every page is told of each move as it happens (Server-Sent Events) and
shows only its own seat's view, events, picture and notebook. The games are
reached through the catalogue and their `GameSpec` only (Clue and First Year
Adventure: every game with bots and a picture of a seat's view).

Two modules: `hogwarts_rules.frontends.web.relay` (the games, seats, tokens, bots
and limits; no web library) and `hogwarts_rules.frontends.web.app` (HTTP, on
Starlette and uvicorn: the ``web`` extra, imported only when the table runs). See
``docs/web.md``.

Examples:
    >>> import argparse
    >>> parser = argparse.ArgumentParser()
    >>> add_arguments(parser)
    >>> args = parser.parse_args(["clue", "--seats", "Ann,Ben", "--players", "4"])
    >>> args.game, args.seats, args.players, args.port
    ('clue', 'Ann,Ben', '4', 8000)
"""

from __future__ import annotations

import argparse
import contextlib
import socket
import sys
from typing import Final
from urllib.parse import quote

__all__ = ["EXTRA_MESSAGE", "add_arguments", "lan_address", "link_host", "main", "run"]

EXTRA_MESSAGE: Final = 'the web table needs the "web" extra: pip install "hogwarts-rules[web]"'
"""What ``run`` says when Starlette, uvicorn or sse-starlette is missing."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the ``web`` command's arguments to ``parser``."""
    parser.add_argument(
        "game", nargs="?", default="clue", help="the game: clue or adventure (default: clue)"
    )
    parser.add_argument(
        "--seats",
        default=None,
        help="the seats people play, by name, separated by commas (default: the first seat)",
    )
    parser.add_argument(
        "--players",
        default=None,
        help="how many players, or their names separated by commas (default: the game's "
        "usual count; the --seats names come first)",
    )
    parser.add_argument(
        "--bot", default=None, help="the bots' strategy (default: the game's first)"
    )
    parser.add_argument(
        "--seed", type=int, default=None, help="the first game's seed (default: a fresh one)"
    )
    parser.add_argument("--host", default="127.0.0.1", help="the address to listen on")
    parser.add_argument("--port", type=int, default=8000, help="the port (0: any free port)")
    parser.add_argument(
        "--allow-host",
        action="append",
        default=[],
        metavar="NAME",
        help="another host name pages may use to reach the table (repeatable; loopback "
        "names and --host are always allowed)",
    )
    parser.add_argument(
        "--page-seeds",
        action="store_true",
        help="let a page choose a new game's seed (a seed tells every hand: demos and tests)",
    )


_EVERYWHERE: Final = ("0.0.0.0", "::", "")
_LOOPBACK: Final = ("127.0.0.1", "localhost", "::1")


def lan_address() -> str | None:
    """This machine's address on its network (IPv4), or ``None`` when it has none.

    The address a packet to another network would leave from (nothing is sent).
    """
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect(("192.0.2.1", 9))  # TEST-NET-1: connect() on UDP sends nothing
        address = str(probe.getsockname()[0])
        if not address.startswith("127.") and address != "0.0.0.0":
            return address
    return None


def link_host(
    listen: str, allow_hosts: list[str], lan: str | None = None
) -> tuple[str, list[str], str]:
    """The host name of the printed links, the names to allow besides, and a note in words.

    Listening on every interface, the machine's ``lan`` address is allowed (an address
    cannot be rebound as a name can). The links use the first ``--allow-host`` name when
    given; else that ``lan`` address; else the address listened on.

    Examples:
        >>> link_host("0.0.0.0", [], lan="192.168.1.20")[:2]
        ('192.168.1.20', ['192.168.1.20'])
        >>> link_host("0.0.0.0", ["table.lan"], lan="192.168.1.20")[:2]
        ('table.lan', ['192.168.1.20'])
        >>> link_host("127.0.0.1", [])[2].startswith("Only this machine")
        True
    """
    everywhere = listen in _EVERYWHERE
    also = [lan] if everywhere and lan is not None else []
    other_name = "if they reach this machine by another name, add --allow-host NAME."
    if allow_hosts:
        name = allow_hosts[0]
        note = (
            f"Other machines open the links by the name {name} "
            "(every other name they may use needs its own --allow-host)."
        )
    elif everywhere and lan is None:
        name = "127.0.0.1"
        note = (
            "No network address of this machine was found: to play from other machines, "
            "give --allow-host NAME (the name or address they reach it by)."
        )
    elif everywhere or listen.lower() not in _LOOPBACK:
        name = lan if everywhere and lan is not None else listen
        note = f"Other machines open the links at {name}; {other_name}"
    else:
        name = listen
        note = (
            "Only this machine can open these links: to play from several machines, "
            "start with --host 0.0.0.0 (and --allow-host NAME if they reach it by a name)."
        )
    return name, also, note


def _names(text: str | None) -> list[str]:
    return [] if text is None else [name.strip() for name in text.split(",") if name.strip()]


def run(args: argparse.Namespace) -> int:
    """Start the first game, print each person's link, and serve the table until stopped.

    Returns the exit status (2: bad arguments or the extra missing).
    """
    try:
        import uvicorn

        from hogwarts_rules.frontends.web.app import (
            create_app,
            listening_socket,
            uvicorn_config,
        )
    except ImportError:
        print(f"hogwarts-rules: error: {EXTRA_MESSAGE}", file=sys.stderr)
        return 2
    from hogwarts_rules.frontends.web.relay import Relay, RelayError

    relay = Relay(page_seeds=args.page_seeds)
    players_text: str | None = args.players
    humans = _names(args.seats)
    players: list[str] | int
    if players_text is not None and players_text.strip().isdecimal():
        players = int(players_text)
    elif players_text is not None:
        players = _names(players_text)
    else:
        players = 0
    try:
        if players == 0:
            from hogwarts_rules.catalogue import find_game

            players = find_game(args.game).default_players
        created = relay.add_game(args.game, players, humans or [], bot=args.bot, seed=args.seed)
    except (RelayError, LookupError, ValueError) as error:
        message = getattr(error, "message", error)
        print(f"hogwarts-rules: error: {message} (see: hogwarts-rules web --help)", file=sys.stderr)
        return 2
    allow_hosts: list[str] = list(args.allow_host)
    name, also, note = link_host(
        args.host, allow_hosts, lan_address() if args.host in _EVERYWHERE else None
    )
    app = create_app(relay, [args.host, *allow_hosts, *also])
    config = uvicorn_config(app, args.host, args.port)
    server = uvicorn.Server(config)
    config.load()
    sock = listening_socket(config)
    port = sock.getsockname()[1]
    shown = f"[{name}]" if ":" in name else name
    base = f"http://{shown}:{port}/"
    print(f"{created['title']} at {base} (players: {', '.join(created['players'])})")
    for seat, token in created["tokens"].items():
        print(f"  {seat}: {base}#seat={quote(seat)}&token={token}")
    print(note)
    print(
        "Each link is one seat's: give it only to that person. Ctrl+C stops the table.", flush=True
    )
    with sock, contextlib.suppress(KeyboardInterrupt):
        server.run(sockets=[sock])
    return 0


def main(argv: list[str] | None = None) -> int:
    """``python -m hogwarts_rules.frontends.web``: the ``web`` command on its own."""
    parser = argparse.ArgumentParser(
        prog="python -m hogwarts_rules.frontends.web",
        description="Play a game in the browser: one link per person, bots for the rest.",
    )
    add_arguments(parser)
    return run(parser.parse_args(argv))
