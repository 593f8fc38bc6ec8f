"""The catalogue of games: the built-in ones, those of installed packages, and any registered.

`find_game` takes a kind or an alias (``"clue"``, ``"adventure"``, ``"hr"``) and
returns the game's `GameSpec`; `games` lists them all. Other packages add a game
by declaring an entry point in the group ``hogwarts_rules.games`` whose object
is a `GameSpec`::

    [project.entry-points."hogwarts_rules.games"]
    dice-race = "my_package.spec:SPEC"

and a program can add one at run time with `register_game`. The built-in games
are imported on first use, so importing the core loads no game.

Examples:
    >>> from hogwarts_rules import find_game, games
    >>> [spec.kind for spec in games()]
    ['first-year-adventure', 'clue', 'hufflepuff-ravenclaw']
    >>> find_game("HR").kind
    'hufflepuff-ravenclaw'
    >>> find_game("chess")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    hogwarts_rules.catalogue.UnknownGameError: unknown game 'chess' (known: ...)
"""

from __future__ import annotations

import importlib
import importlib.metadata
import threading
import warnings
from typing import Final

from hogwarts_rules.errors import RulesError
from hogwarts_rules.serialization import shown_key
from hogwarts_rules.spec import GameSpec

__all__ = [
    "BUILT_IN",
    "ENTRY_POINT_GROUP",
    "UnknownGameError",
    "find_game",
    "games",
    "register_game",
    "unregister_game",
]

ENTRY_POINT_GROUP: Final = "hogwarts_rules.games"
"""The entry-point group through which installed packages add games."""

BUILT_IN: Final = (
    "hogwarts_rules.adventure.spec:SPEC",
    "hogwarts_rules.clue.spec:SPEC",
    "hogwarts_rules.hufflepuff_ravenclaw.spec:SPEC",
)
"""The library's own games, as ``module:attribute`` of their specs."""


class UnknownGameError(RulesError):
    """No game of the catalogue has that kind or alias (code ``unknown_game``)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(code, message)


_lock = threading.RLock()
_specs: dict[str, GameSpec] = {}  # kind -> spec, in the order added
_loaded = False
_loading = False  # a plug-in that calls find_game while it is imported sees what is loaded


def _load(reference: str) -> object:
    module, _, attribute = reference.partition(":")
    return getattr(importlib.import_module(module), attribute)


def _add(spec: GameSpec, *, replace: bool) -> None:
    if not isinstance(spec, GameSpec):
        raise TypeError(f"{type(spec).__name__} is not a GameSpec")
    taken = {name.casefold(): kind for kind, s in _specs.items() for name in s.names}
    for name in spec.names:
        owner = taken.get(name.casefold())
        if owner is not None and not (replace and owner == spec.kind):
            hint = " (register_game(spec, replace=True) replaces it)" if owner == spec.kind else ""
            raise ValueError(f"the game name {name!r} is taken by {owner}{hint}")
    _specs[spec.kind] = spec


def _ensure_loaded() -> None:
    global _loaded, _loading
    if _loaded:
        return
    with _lock:
        if _loaded or _loading:
            return
        _loading = True
        try:
            _load_all()
        finally:
            _loading = False
        _loaded = True


def _load_all() -> None:
    """The built-in games first, then the plug-ins, in entry-point order."""
    for reference in BUILT_IN:
        spec = _load(reference)
        assert isinstance(spec, GameSpec)
        _add(spec, replace=True)
    for entry in importlib.metadata.entry_points(group=ENTRY_POINT_GROUP):
        try:
            spec = entry.load()
            _add(spec, replace=False)
        except Exception as exc:  # a broken plug-in must not break the library
            warnings.warn(
                f"game entry point {entry.name!r} was not loaded: {str(exc)[:200]}",
                RuntimeWarning,
                stacklevel=4,
            )


def register_game(spec: GameSpec, *, replace: bool = False) -> GameSpec:
    """Add a game to the catalogue at run time, and return its spec.

    Args:
        spec: the game's spec.
        replace: replace a game of the same kind (its names may then stay).

    Raises:
        ValueError: its kind or an alias is already taken (and not ``replace``).
        TypeError: ``spec`` is not a `GameSpec`.
    """
    _ensure_loaded()
    with _lock:
        _add(spec, replace=replace)
    return spec


def unregister_game(kind: str) -> None:
    """Take a game out of the catalogue (for tests and plug-in reloading).

    Raises:
        UnknownGameError: there is no game of that kind.
    """
    _ensure_loaded()
    with _lock:
        if not isinstance(kind, str) or kind not in _specs:
            raise UnknownGameError("unknown_game", f"no game of kind {shown_key(kind)!r}")
        del _specs[kind]


def games() -> tuple[GameSpec, ...]:
    """Every game of the catalogue: the built-in ones first, then those added."""
    _ensure_loaded()
    with _lock:
        return tuple(_specs.values())


def find_game(name: str) -> GameSpec:
    """The spec of the game with this kind or alias (case does not matter).

    Raises:
        UnknownGameError: no game has that name (code ``unknown_game``).
    """
    specs = games()
    if not isinstance(name, str):
        raise UnknownGameError(
            "unknown_game", f"unknown game: a game's name is a string, not {type(name).__name__}"
        )
    folded = name.casefold()
    for spec in specs:
        if any(folded == n.casefold() for n in spec.names):
            return spec
    known = ", ".join(n for spec in specs for n in spec.names)
    raise UnknownGameError("unknown_game", f"unknown game {name[:60]!r} (known: {known})")
