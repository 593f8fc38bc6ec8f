r"""The JSON-lines transport of the engine protocol: one request line in, one reply line out.

This module knows lines, bytes and streams, and nothing of games: it checks a
request line (its size, UTF-8, nesting depth and JSON syntax) and parses it,
writes each reply as one line of ASCII JSON and flushes it, and loops over two
streams. What a request means is `hogwarts_rules.frontends.serve.protocol`'s
business (`Server.handle`).

`serve` runs a `Server` over the process's standard streams (what
``hogwarts-rules serve`` runs); `run` over any two streams; `answer_line`
answers one line.

Examples:
    >>> import io
    >>> from hogwarts_rules.frontends.serve.protocol import Server
    >>> out = io.StringIO()
    >>> serve(io.StringIO('{"id": 1, "op": "list"}\n{"op": "quit"}\n'), out)
    0
    >>> print(out.getvalue(), end="")
    {"id": 1, "ok": true, "games": []}
    {"id": null, "ok": true}
    >>> print(answer_line(Server(), "[" * 65 + "]" * 65))
    {"id": null, "ok": false, "error": {"code": "too_deep", "message": "arrays and objects may nest at most 64 deep", "field": null}}
"""  # noqa: E501

from __future__ import annotations

import io
import json
import re
import sys
from collections.abc import Mapping
from itertools import accumulate
from typing import IO, Any, Final, NoReturn

from hogwarts_rules.frontends.serve.protocol import (
    MAX_DEPTH,
    MAX_LINE_BYTES,
    Refusal,
    Server,
    error_reply,
)

__all__ = ["answer_line", "decode_line", "encode_reply", "run", "serve"]

_MAX_DIGITS: Final = 400  # longer whole numbers are refused while parsing
_STRINGS: Final = re.compile(r'"[^"]*"')
_NOT_BRACKETS: Final = re.compile(r"[^\[\]{}]+")
_DEPTH_CHANGE: Final[Mapping[str, int]] = {"[": 1, "{": 1, "]": -1, "}": -1}
_TOO_LONG: Final = f"a request line is at most {MAX_LINE_BYTES} bytes"
_TOO_DEEP: Final = f"arrays and objects may nest at most {MAX_DEPTH} deep"


class _BadJson(ValueError):
    """Raised by the JSON parser's hooks (a NaN, a huge number, a repeated key)."""


# ----- reading a line ---------------------------------------------------------------------------


def _too_deep(text: str) -> bool:
    """True if arrays and objects nest deeper than `MAX_DEPTH` (exact for valid JSON).

    Linear and recursion-free: escapes and then strings are removed with non-backtracking
    patterns, and the depth is a running sum over the brackets left.
    """
    if text.count("[") + text.count("{") <= MAX_DEPTH:
        return False
    # Inside a string a backslash always starts a two-character escape, so removing
    # ``\\`` pairs from the left and then ``\"`` leaves only the quotes that delimit.
    plain = text.replace("\\\\", "").replace('\\"', "")
    plain = _STRINGS.sub("", plain)
    quote = plain.find('"')
    if quote >= 0:  # an unterminated string: the rest is inside it
        plain = plain[:quote]
    brackets = _NOT_BRACKETS.sub("", plain)
    return max(accumulate(map(_DEPTH_CHANGE.__getitem__, brackets)), default=0) > MAX_DEPTH


def _reject_constant(name: str) -> NoReturn:
    raise _BadJson(f"{name} is not a JSON value")


def _parse_int(text: str) -> int:
    if len(text) > _MAX_DIGITS:
        raise _BadJson(f"a number of more than {_MAX_DIGITS} digits")
    return int(text)


def _unique_object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result = dict(pairs)
    if len(result) != len(pairs):
        raise _BadJson("an object names the same key twice")
    return result


def _line_text(line: str | bytes) -> str:
    """The text of a request line without its line ending, checked for size and UTF-8."""
    if isinstance(line, bytes | bytearray):
        raw = bytes(line)
        if raw.endswith(b"\n"):
            raw = raw[:-1]
            if raw.endswith(b"\r"):
                raw = raw[:-1]
        if len(raw) > MAX_LINE_BYTES:
            raise Refusal("line_too_long", _TOO_LONG)
        try:
            return raw.decode("utf-8")
        except UnicodeDecodeError:
            raise Refusal("bad_json", "the line is not valid UTF-8") from None
    if isinstance(line, str):
        text = line
        if text.endswith("\n"):
            text = text[:-1]
            if text.endswith("\r"):
                text = text[:-1]
        if len(text) > MAX_LINE_BYTES:
            raise Refusal("line_too_long", _TOO_LONG)
        try:
            size = len(text.encode("utf-8"))
        except UnicodeEncodeError:
            raise Refusal("bad_json", "the line is not valid UTF-8") from None
        if size > MAX_LINE_BYTES:
            raise Refusal("line_too_long", _TOO_LONG)
        return text
    raise Refusal("bad_json", "a request line must be text")


def decode_line(line: str | bytes) -> object:
    r"""Check one request line (size, UTF-8, depth, JSON) and parse it.

    Raises:
        Refusal: ``line_too_long``, ``bad_json`` or ``too_deep``.

    Examples:
        >>> decode_line(b'{"op": "list"}\r\n')
        {'op': 'list'}
        >>> decode_line('{"op": "list", "op": "hello"}')
        Traceback (most recent call last):
        ...
        hogwarts_rules.frontends.serve.protocol.Refusal: not accepted: an object names the same key twice
    """  # noqa: E501
    text = _line_text(line)
    if _too_deep(text):
        raise Refusal("too_deep", _TOO_DEEP)
    try:
        return json.loads(
            text,
            parse_constant=_reject_constant,
            parse_int=_parse_int,
            object_pairs_hook=_unique_object,
        )
    except RecursionError:
        raise Refusal("too_deep", _TOO_DEEP) from None
    except _BadJson as exc:
        raise Refusal("bad_json", f"not accepted: {exc}") from None
    except ValueError as exc:
        where = f" (line 1, column {exc.colno})" if isinstance(exc, json.JSONDecodeError) else ""
        raise Refusal("bad_json", f"the line is not valid JSON{where}") from None


# ----- writing a reply --------------------------------------------------------------------------


def encode_reply(reply: Mapping[str, Any]) -> str:
    """One reply as one line of JSON, in ASCII, without a line ending.

    A reply that cannot be written as JSON (a bug, never a request's fault) becomes
    an ``internal_error`` reply with no detail.
    """
    try:
        return json.dumps(reply, ensure_ascii=True, allow_nan=False)
    except (TypeError, ValueError, RecursionError):  # pragma: no cover - a bug, not a request's
        fallback = error_reply(reply.get("id"), Refusal("internal_error", "internal error"))
        return json.dumps(fallback, ensure_ascii=True)


def answer_line(server: Server, line: str | bytes) -> str:
    """``server``'s reply to one request line, as one line (see `Server.handle_line`)."""
    try:
        request = decode_line(line)
    except Refusal as refusal:
        reply = error_reply(None, refusal)
    except Exception:  # pragma: no cover - the decoder refuses everything it cannot read
        reply = error_reply(None, Refusal("internal_error", "internal error"))
    else:
        reply = server.handle(request)
    return encode_reply(reply)


def _write(stdout: IO[Any], reply: str) -> bool:
    """Write one reply line and flush; False if the reader has gone away."""
    try:
        if isinstance(stdout, io.RawIOBase | io.BufferedIOBase):
            stdout.write(reply.encode("ascii") + b"\n")
        else:
            stdout.write(reply + "\n")
        stdout.flush()
    except BrokenPipeError:
        return False
    return True


def _skip_rest_of_line(stdin: IO[Any], newline: str | bytes) -> None:
    while True:
        chunk = stdin.readline(65536)
        if not chunk or chunk.endswith(newline):
            return


# ----- the loop ---------------------------------------------------------------------------------


def run(server: Server, stdin: IO[Any], stdout: IO[Any]) -> int:
    """Answer request lines from ``stdin`` on ``stdout`` until end of input or ``quit``.

    See `Server.run`.

    Returns:
        The exit status: 0.
    """
    limit = MAX_LINE_BYTES + 2  # room for "\r\n"
    while not server.closed:
        try:
            line = stdin.readline(limit)
        except UnicodeDecodeError:
            reply = encode_reply(error_reply(None, Refusal("bad_json", "not valid UTF-8")))
            if not _write(stdout, reply):
                break
            continue
        if not line:
            break
        newline = "\n" if isinstance(line, str) else b"\n"
        if len(line) >= limit and not line.endswith(newline):
            _skip_rest_of_line(stdin, newline)
            reply = encode_reply(error_reply(None, Refusal("line_too_long", _TOO_LONG)))
        elif not line.strip():
            continue
        else:
            reply = answer_line(server, line)
        if not _write(stdout, reply):
            break
    return 0


def serve(stdin: IO[Any] | None = None, stdout: IO[Any] | None = None) -> int:
    """Run a `Server` over standard input and output (what ``hogwarts-rules serve`` runs).

    Args:
        stdin: where requests come from; the process's standard input (read as bytes,
            so that invalid UTF-8 is answered, not fatal) if ``None``.
        stdout: where replies go; the process's standard output if ``None``.

    Returns:
        The exit status: 0 once the input ends or a ``quit`` request is answered.
    """
    source: IO[Any] = getattr(sys.stdin, "buffer", sys.stdin) if stdin is None else stdin
    return run(Server(), source, sys.stdout if stdout is None else stdout)
