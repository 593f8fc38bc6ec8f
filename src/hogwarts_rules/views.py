"""Helpers shared by the games' views (the views themselves live in each game's package).

Every game's ``game.view(seat)`` returns a frozen, typed view (see
`hogwarts_rules.spec.View`); ``game.view(None)`` is the table's. The helpers here
keep what every view says of the awaited decision and of the seat's actions the
same across games.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from hogwarts_rules.bots import seat_actions
from hogwarts_rules.engine import ChanceRequest, Decision
from hogwarts_rules.frozen import FrozenMap

if TYPE_CHECKING:
    from hogwarts_rules.actions import Action
    from hogwarts_rules.engine import GameBase

__all__ = ["actions_dict", "awaited_for", "viewer_actions"]


def awaited_for(
    game: GameBase, seat: str | None, *, public: bool
) -> tuple[str, FrozenMap[str, int | str]]:
    """The prompt and details of what ``game`` awaits, as ``seat`` may know them.

    A decision's prompt and details go to the seat that decides, and to everyone
    when ``public`` (a game without secrets); an external roll's label is public.
    ``("", {})`` when nothing is awaited or the seat may not know.
    """
    request = game.awaiting
    if isinstance(request, ChanceRequest):
        return request.label, FrozenMap()
    if isinstance(request, Decision) and (public or request.player == seat):
        return request.prompt, request.details
    return "", FrozenMap()


def viewer_actions(game: GameBase, seat: str | None) -> tuple[Action, ...]:
    """What ``seat`` may do now (see `hogwarts_rules.bots.seat_actions`); the table: nothing."""
    return () if seat is None else seat_actions(game, seat)


def actions_dict(result: dict[str, Any], actions: tuple[Action, ...]) -> dict[str, Any]:
    """Put ``actions`` into a view's JSON form as tagged action objects."""
    result["legal_actions"] = [action.to_dict() for action in actions]
    return result
