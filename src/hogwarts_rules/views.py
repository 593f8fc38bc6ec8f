"""Helpers shared by the games' views (the views themselves live in each game's package).

Every game's ``game.view(seat)`` returns a frozen, typed view (see
`hogwarts_rules.spec.View`); ``game.view(None)`` is the table's. The helpers here
keep what every view says of the awaited decision and of the seat's actions the
same across games.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Literal, TypeVar

import attrs

from hogwarts_rules._build import positional as _positional
from hogwarts_rules.bots import seat_actions
from hogwarts_rules.dice import CHANCE
from hogwarts_rules.engine import ChanceRequest, Decision
from hogwarts_rules.errors import InvalidDataError
from hogwarts_rules.frozen import FrozenMap
from hogwarts_rules.serialization import structure

if TYPE_CHECKING:
    from hogwarts_rules.actions import Action
    from hogwarts_rules.engine import GameBase

__all__ = [
    "EngineAskKind",
    "actions_dict",
    "awaited_for",
    "engine_ask",
    "plain",
    "positional",
    "view_from_dict",
    "viewer_actions",
]

V = TypeVar("V")

_NOTHING: FrozenMap[str, int | str] = FrozenMap()


EngineAskKind = Literal["over", "chance", "decision"]
"""The questions every game asks alike (each game's ``Ask`` kinds include them)."""


def engine_ask(
    game: GameBase, viewer: str | None, *, secret: bool, over: str = "The game is over."
) -> tuple[str | None, EngineAskKind, str] | None:
    """Who acts and what they are asked, when the engine itself asks it, else ``None``.

    The end (the outcome in words, or ``over``), a roll of external dice, or a
    decision the rules ask for on the way: as ``(who, kind, words)`` for a game's
    ``Ask``. With ``secret``, a decision's words go to the deciding seat only (the
    others read "Ben must decide"). ``None``: an ordinary step of the game's own,
    which the game words itself.
    """
    if game.is_over:
        outcome = game.outcome
        return (None, "over", over if outcome is None else outcome.description)
    request = game.awaiting
    if isinstance(request, ChanceRequest):
        return (CHANCE, "chance", request.label)
    if isinstance(request, Decision):
        if secret and request.player != viewer:
            return (request.player, "decision", f"{request.player} must decide")
        return (request.player, "decision", request.prompt)
    return None


def awaited_for(
    game: GameBase, seat: str | None, *, public: bool
) -> tuple[str, FrozenMap[str, int | str]]:
    """The prompt and details of what ``game`` awaits, as ``seat`` may know them.

    A decision's prompt and details go to the seat that decides, and to everyone
    when ``public`` (a game without secrets); an external roll's label is public.
    ``("", {})`` when nothing is awaited or the seat may not know.
    """
    pending = game.pending
    if pending is None:
        return "", _NOTHING
    request = pending.request
    if isinstance(request, ChanceRequest):
        return request.label, _NOTHING
    if isinstance(request, Decision) and (public or request.player == seat):
        return request.prompt, request.details
    return "", _NOTHING


def positional(cls: type[V]) -> Callable[..., V]:
    """A fast constructor for the frozen attrs view class ``cls`` (for building views).

    It takes every field positionally, in declaration order (defaults too), and sets
    them as they are: no converter or validator runs, so each value must already have
    its final type (values the game built itself). The view is equal to the one
    ``cls(...)`` builds from the same values. Generated once per class (one line per
    field, filled in as the class's mutable twin: see `hogwarts_rules._build`).

    Examples:
        >>> @attrs.frozen
        ... class Point:
        ...     x: int
        ...     y: int = 0
        >>> positional(Point)(1, 2) == Point(1, 2)
        True
    """
    return _positional(cls)


def viewer_actions(game: GameBase, seat: str | None) -> tuple[Action, ...]:
    """What ``seat`` may do now (see `hogwarts_rules.bots.seat_actions`); the table: nothing."""
    return () if seat is None else seat_actions(game, seat)


def plain(value: Any) -> Any:
    """``value`` with JSON's own types only: string enums become plain strings, tuples lists.

    So that a view's JSON form is the same object whether it was read back from
    JSON text or not, and compares equal across languages.
    """
    if isinstance(value, dict):
        return {plain(k): plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [plain(v) for v in value]
    if isinstance(value, enum.Enum):
        return plain(value.value)
    if isinstance(value, str) and type(value) is not str:
        return str.__str__(value)
    return value


def actions_dict(result: dict[str, Any], actions: tuple[Action, ...]) -> dict[str, Any]:
    """A view's JSON form: ``actions`` as tagged action objects, every value a JSON type."""
    result["legal_actions"] = [action.to_dict() for action in actions]
    converted: dict[str, Any] = plain(result)
    return converted


def view_from_dict(cls: type[V], data: object) -> V:
    """Rebuild a view of class ``cls`` from its ``to_dict()`` output, strictly.

    A ``viewer`` key that only repeats a field under another name (Clue's
    ``player``) is accepted and ignored.

    Raises:
        InvalidDataError: the data does not fit the view (the message names the field).
    """
    if not isinstance(data, dict):
        raise InvalidDataError("bad_type", "$: a view must be a JSON object")
    names = {field.name for field in attrs.fields(cls)}  # type: ignore[arg-type]
    body = {key: value for key, value in data.items() if key in names or key != "viewer"}
    return structure(body, cls)
