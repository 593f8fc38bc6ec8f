"""JSON Schemas (draft 2020-12) for the JSON forms of every game, generated from the code.

Nothing here is written by hand per class, and no game is named: the games are
reached through the catalogue (`hogwarts_rules.catalogue.games`) and each game's
`GameSpec`, so a game added to the catalogue (built in, installed or registered
at run time) gets its five schemas with no edit here. The schemas are built by
walking the attrs classes, their type hints and the `Registry` of tagged actions
and events, following the rules of the strict converter in
`hogwarts_rules.serialization`:

* an attrs class is an object with one property per field and
  ``additionalProperties: false`` (``from_dict`` refuses unknown fields); a field
  is required unless it has a default (``from_dict`` fills it in);
* a tagged class (an action or an event) also has ``"type": {"const": TAG}``, and a
  field typed with a base class is a ``oneOf`` over its registered subclasses;
* whole numbers lie from ``-MAX_SAFE_INT`` to ``MAX_SAFE_INT`` (±(2**53 - 1): every
  JSON reader keeps them exactly), strings and object keys are at most
  ``MAX_STRING`` characters;
* an `enum.Enum` or a `typing.Literal` is an ``enum``, a tuple is an array
  (``prefixItems`` for a fixed length), a `FrozenMap` or a dict is an object, a
  dice source is one of the three kinds `dice_from_dict` reads (a seed or a dice
  state is a decimal string, with a pattern that admits exactly 0 to 2**64 - 1).

Parts that the library only writes (a saved game's ``state``, a view, an
outcome) list every field as required, since the writer always emits them all.
What they hold besides a class's fields (a property such as a character's
``wound``) is read from a small sample game of each kind: ``spec.new_game(
spec.min_players, seed=0)``, and the view of its first seat. The small
hand-written pieces are the shared leaves (``int``, ``str``, ``DiceSource``), the
envelope of a saved game (which mirrors `GameBase.from_dict`) and the one
convention of a saved game's state that no type states: an entry typed as the
engine's awaited request (`Decision` or `ChanceRequest`, which have no JSON form
of their own) is written in words, its prompt or its label (``_IN_WORDS``).

Every schema document has ``$schema`` (draft 2020-12), an ``$id`` under `BASE_URI`
(an identifier, never fetched: the ``.invalid`` domain cannot resolve), a
``title``, a ``description`` taken from the class docstrings, and its shared parts
in ``$defs``. Each document is self-contained: it refers to nothing outside itself.

Examples:
    >>> schemas = game_schemas("hufflepuff-ravenclaw")
    >>> sorted(schemas)
    ['action', 'event', 'game', 'outcome', 'view']
    >>> schemas["action"]["$id"]
    'https://hogwarts-rules.invalid/schemas/hufflepuff-ravenclaw/action.json'
    >>> damage = schemas["action"]["$defs"]["hr.damage"]
    >>> damage["properties"]["type"], damage["required"]
    ({'const': 'hr.damage'}, ['type', 'character', 'points'])
    >>> game_schemas("hr")["view"]["properties"]["viewer"]["anyOf"]
    [{'$ref': '#/$defs/str'}, {'type': 'null'}]
    >>> schema_for(int)["$defs"]["int"]["maximum"] == 2**53 - 1
    True
"""

from __future__ import annotations

import argparse
import enum
import inspect
import json
import re
import sys
import types
from collections.abc import Callable, Iterator, Mapping, Sequence
from collections.abc import Set as AbcSet
from pathlib import Path
from typing import Any, Final, Literal, Union, get_args, get_origin, get_type_hints

import attrs

from hogwarts_rules.actions import ACTIONS, CORE_ACTIONS, Action, ChanceOutcome
from hogwarts_rules.catalogue import find_game, games
from hogwarts_rules.dice import MAX_SIDES, DiceSource, ExternalDice, ScriptedDice, SeededDice
from hogwarts_rules.engine import ChanceRequest, Decision, GameBase, Outcome
from hogwarts_rules.errors import MAX_MESSAGE, MAX_PATH
from hogwarts_rules.events import EVENTS, Event
from hogwarts_rules.frozen import FrozenMap
from hogwarts_rules.serialization import (
    FORMAT,
    FORMAT_VERSION,
    MAX_SAFE_INT,
    MAX_STRING,
    Registry,
    unstructure,
)
from hogwarts_rules.spec import GameSpec

__all__ = [
    "BASE_URI",
    "DIALECT",
    "GAMES",
    "SCHEMA_NAMES",
    "Mode",
    "all_schemas",
    "game_classes",
    "game_schemas",
    "main",
    "outdated_schemas",
    "protocol_schema",
    "schema_for",
    "write_schemas",
]

DIALECT: Final = "https://json-schema.org/draft/2020-12/schema"
"""The ``$schema`` of every document: JSON Schema draft 2020-12."""

BASE_URI: Final = "https://hogwarts-rules.invalid/schemas/"
"""The base of every ``$id``: ``BASE_URI + "clue/action.json"``.

An identifier only (``.invalid`` never resolves). The files use the same relative
paths in `write_schemas` output, in ``docs/schemas/`` and on the documentation site.
"""

SCHEMA_NAMES: Final = ("action", "event", "game", "view", "outcome")
"""The schemas of each game, in the order `game_schemas` returns them (the same for every game)."""


def game_classes() -> dict[str, type[GameBase]]:
    """Every game of the catalogue now: its kind (as in saved games and schema paths) -> its class.

    A snapshot: a game registered later is in the next call's answer (and in `GAMES`).

    Examples:
        >>> classes = game_classes()
        >>> list(classes)
        ['first-year-adventure', 'clue', 'hufflepuff-ravenclaw']
        >>> classes["clue"].KIND
        'clue'
    """
    return {spec.kind: spec.game_class for spec in games()}


class _CatalogueGames(Mapping[str, type[GameBase]]):
    """A live, read-only mapping of kind -> game class over the catalogue (see `GAMES`)."""

    def __getitem__(self, kind: str) -> type[GameBase]:
        return game_classes()[kind]

    def __iter__(self) -> Iterator[str]:
        return iter(game_classes())

    def __len__(self) -> int:
        return len(games())

    def __repr__(self) -> str:
        return f"GAMES({game_classes()!r})"


GAMES: Final[Mapping[str, type[GameBase]]] = _CatalogueGames()
"""Every game of the catalogue: its kind -> its class, kept for compatibility.

A live view of the catalogue, not a copy: a game registered at run time (with
`hogwarts_rules.register_game`) is in it at once. Kinds only (no aliases); for a
snapshot call `game_classes`, for everything else about a game use
`hogwarts_rules.find_game`.

Examples:
    >>> "clue" in GAMES, "hr" in GAMES, len(GAMES)
    (True, False, 3)
"""

Mode = Literal["read", "write"]
"""``"read"``: what ``from_dict`` accepts (fields with defaults may be left out);
``"write"``: what the library writes (every field present)."""

Schema = dict[str, Any]

_MAX_SEED: Final = 2**64 - 1


def _at_most(limit: int) -> str:
    """A regular expression of the decimal numbers from 0 to ``limit``, canonical (no leading 0).

    Examples:
        >>> _at_most(25)
        '^(0|[1-9]|1[0-9]|2[0-4]|25)$'
        >>> pattern = re.compile(_at_most(_MAX_SEED))
        >>> [bool(pattern.match(str(n))) for n in (0, 10, _MAX_SEED, _MAX_SEED + 1, 10**20)]
        [True, True, True, False, False]
        >>> [bool(pattern.match(text)) for text in ("", "01", "+1", "1 ", "1.0")]
        [False, False, False, False, False]
    """
    digits = str(limit)
    width = len(digits)
    more = width - 2  # a shorter number: a first digit, then up to this many digits
    shorter = "[1-9]" + (f"[0-9]{{0,{more}}}" if more > 1 else "[0-9]?" if more == 1 else "")
    parts = ["0", shorter] if width > 1 else []
    for i, digit in enumerate(digits):  # same length: a prefix of the limit, then a smaller digit
        low = "1" if i == 0 and width > 1 else "0"
        high = int(digit) - 1
        if high >= int(low):
            rest = width - i - 1
            tail = "" if rest == 0 else "[0-9]" if rest == 1 else f"[0-9]{{{rest}}}"
            parts.append(f"{digits[:i]}[{low}-{high}]{tail}".replace(f"[{high}-{high}]", str(high)))
    parts.append(digits)
    return "^(" + "|".join(parts) + ")$"


_MAX_SCRIPT: Final = 1_000_000  # the longest script dice_from_dict reads

# The engine's requests have no JSON form of their own: an entry of a saved game's
# state typed with them (such as ``awaiting``) is written in words, by this attribute.
_IN_WORDS: Final[Mapping[type, str]] = {Decision: "prompt", ChanceRequest: "label"}
_REQUEST_NOUNS: Final[Mapping[type, str]] = {Decision: "decision", ChanceRequest: "roll"}

_SECTION: Final = re.compile(
    r"^(Args|Arguments|Attributes|Examples?|Raises|Returns|Yields|Notes?|Warnings?|Todo):\s*$"
)
_ENTRY: Final = re.compile(r"^(\w+)(?: \([^)]*\))?:\s*(.*)$")


# ----- docstrings ------------------------------------------------------------------------


def _own_doc(obj: object) -> str:
    """The object's own docstring (a class's, not inherited from its bases), cleaned."""
    doc = obj.__dict__.get("__doc__") if isinstance(obj, type) else inspect.getdoc(obj)
    return inspect.cleandoc(doc) if isinstance(doc, str) else ""


def _paragraphs(lines: Sequence[str]) -> str:
    """Join lines into paragraphs (one line each), separated by blank lines."""
    paragraphs: list[list[str]] = [[]]
    for line in lines:
        if line.strip():
            paragraphs[-1].append(line.strip())
        elif paragraphs[-1]:
            paragraphs.append([])
    return "\n\n".join(" ".join(p) for p in paragraphs if p)


def _summary(obj: object) -> str:
    """A docstring's text before its first section (``Attributes:``, ``Examples:``...)."""
    lines = _own_doc(obj).splitlines()
    end = next((i for i, line in enumerate(lines) if _SECTION.match(line)), len(lines))
    return _paragraphs(lines[:end])


def _attribute_docs(cls: type) -> dict[str, str]:
    """The ``Attributes:`` entries of a class's docstring and its bases' (nearest first)."""
    found: dict[str, str] = {}
    for klass in cls.__mro__:
        inside, name, text = False, "", list[str]()
        for line in [*_own_doc(klass).splitlines(), "End:"]:
            if line[:1].strip():  # a line at column 0: a section header or plain text
                if name:
                    found.setdefault(name, _paragraphs(text))
                inside, name = line.strip() == "Attributes:", ""
                continue
            if not inside:
                continue
            entry = _ENTRY.match(line[4:]) if line[4:5].strip() else None
            if entry:
                if name:
                    found.setdefault(name, _paragraphs(text))
                name, text = entry.group(1), [entry.group(2)]
            elif name:
                text.append(line)
    return found


def _with_doc(schema: Schema, description: str) -> Schema:
    """``schema`` with a description (after its title, if any)."""
    if not description:
        return schema
    head = {"title": schema["title"]} if "title" in schema else {}
    return {**head, "description": description[:1].upper() + description[1:], **schema}


# ----- the schema builder ----------------------------------------------------------------


def _is_attrs(hint: object) -> bool:
    return isinstance(hint, type) and attrs.has(hint)


def _registry_of(cls: type) -> Registry | None:
    if issubclass(cls, Action):
        return ACTIONS
    if issubclass(cls, Event):
        return EVENTS
    return None


def _tag_of(cls: type) -> str | None:
    """The ``"type"`` tag of a registered class (not inherited from a registered base)."""
    registry = _registry_of(cls)
    tag = cls.__dict__.get("TYPE")
    if registry is None or not isinstance(tag, str) or registry.classes.get(tag) is not cls:
        return None
    return tag


def _member_hint(cls: type, name: str) -> Any:
    """The type of a class's field, or the return type of its property, called ``name``."""
    if _is_attrs(cls) and name in attrs.fields_dict(cls):
        return get_type_hints(cls)[name]
    member = inspect.getattr_static(cls, name, None)
    if isinstance(member, property) and member.fget is not None:
        return get_type_hints(member.fget)["return"]
    raise TypeError(f"{cls.__name__} has no field or property {name!r}")


@attrs.define
class _Builder:
    """Builds one schema document: schemas for type hints, with shared parts in ``$defs``.

    Definitions get provisional names while the document is built; `finish` picks
    the final names (the class name, or the tag of a tagged class) and fixes the refs.
    """

    actions: tuple[type[Action], ...] | None = None  # what a field typed `Action` holds
    _keys: dict[tuple[Any, ...], str] = attrs.field(factory=dict)
    _defs: dict[str, Schema] = attrs.field(factory=dict)
    _names: dict[str, tuple[str, type | None, Mode]] = attrs.field(factory=dict)

    def define(
        self,
        key: tuple[Any, ...],
        name: str,
        build: Callable[[], Schema],
        cls: type | None = None,
        mode: Mode = "read",
    ) -> Schema:
        """A ``$ref`` to the definition ``key``, building it on first use."""
        temp = self._keys.get(key)
        if temp is None:
            temp = self._keys[key] = f"~{len(self._keys)}"
            self._names[temp] = (name, cls, mode)
            self._defs[temp] = {}  # reserved first: a recursive type refers to itself
            self._defs[temp] = build()
        return {"$ref": f"#/$defs/{temp}"}

    # --- leaves ---

    def integer(self) -> Schema:
        """A whole number the converter accepts."""
        return self.define(
            ("int",),
            "int",
            lambda: {
                "description": (
                    f"A whole number from -{MAX_SAFE_INT} to {MAX_SAFE_INT}: "
                    "+-(2**53 - 1), which every JSON reader keeps exactly."
                ),
                "type": "integer",
                "minimum": -MAX_SAFE_INT,
                "maximum": MAX_SAFE_INT,
            },
        )

    def string(self) -> Schema:
        """A string the converter accepts."""
        return self.define(
            ("str",),
            "str",
            lambda: {
                "description": f"A string of at most {MAX_STRING} characters.",
                "type": "string",
                "maxLength": MAX_STRING,
            },
        )

    def dice(self) -> Schema:
        """A dice source, as `dice_from_dict` reads it (one of three kinds)."""

        def build() -> Schema:
            seed: Schema = {
                "description": (
                    f"A decimal string from '0' to '{_MAX_SEED}' (2**64 - 1), digits "
                    "only, without leading zeros: a 64-bit number that every JSON reader "
                    "keeps exactly."
                ),
                "type": "string",
                "pattern": _at_most(_MAX_SEED),
            }
            roll: Schema = {"type": "integer", "minimum": 1, "maximum": MAX_SIDES}
            kinds: list[tuple[type, str, Schema]] = [
                (SeededDice, "seeded", {"seed": seed, "state": seed}),
                (
                    ScriptedDice,
                    "scripted",
                    {
                        "rolls": {"type": "array", "items": roll, "maxItems": _MAX_SCRIPT},
                        "position": {"type": "integer", "minimum": 0, "maximum": _MAX_SCRIPT},
                    },
                ),
                (ExternalDice, "external", {}),
            ]
            return {
                "description": _summary(DiceSource),
                "oneOf": [
                    _with_doc(
                        {
                            "type": "object",
                            "properties": {"kind": {"const": kind}, **fields},
                            "required": ["kind", *fields],
                            "additionalProperties": False,
                        },
                        _summary(cls),
                    )
                    for cls, kind, fields in kinds
                ],
            }

        return self.define(("dice",), "DiceSource", build)

    # --- type hints ---

    def schema(self, hint: Any, mode: Mode = "read") -> Schema:
        """The schema of values of type ``hint`` (a ``$ref`` for classes)."""
        origin, args = get_origin(hint), get_args(hint)
        if hint is Any or hint is object:
            return {}
        if hint is None or hint is type(None):
            return {"type": "null"}
        if hint is bool:
            return {"type": "boolean"}
        if hint is int:
            return self.integer()
        if hint is str:
            return self.string()
        if hint in (DiceSource, SeededDice, ScriptedDice, ExternalDice):
            return self.dice()
        if origin is Literal:
            return self.literal(args)
        if origin in (Union, types.UnionType):
            return {"anyOf": [self.schema(arg, mode) for arg in args]}
        if isinstance(hint, type) and issubclass(hint, enum.Enum):
            return self.enumeration(hint)
        if hint is tuple or origin is tuple:
            return self.fixed_or_any_tuple(args, mode)
        if origin in (frozenset, set, AbcSet, list, Sequence) or hint in (frozenset, list):
            (item,) = args or (Any,)
            array: Schema = {"type": "array", "items": self.schema(item, mode)}
            if mode == "write" and (origin in (frozenset, set, AbcSet) or hint is frozenset):
                array["uniqueItems"] = True  # written sorted, without repeats
            return array
        if origin in (FrozenMap, dict, Mapping) or hint in (FrozenMap, dict):
            key, value = args or (str, Any)
            return self.mapping(key, self.schema(value, mode))
        if isinstance(hint, type) and issubclass(hint, Action | Event):
            if _tag_of(hint) is not None:
                return self.tagged(hint)
            return self.union(hint)
        if _is_attrs(hint):
            return self.record(hint, mode)
        raise TypeError(f"no JSON schema for {hint!r}")

    def literal(self, values: tuple[Any, ...]) -> Schema:
        """One of fixed values."""
        kinds = {type(v) for v in values}
        result: Schema = {"enum": list(values)}
        if kinds == {str}:
            result = {"type": "string", **result}
        return result

    def enumeration(self, cls: type[enum.Enum]) -> Schema:
        """An enum, by its values."""
        values = [member.value for member in cls]
        json_type = "string" if all(type(v) is str for v in values) else None

        def build() -> Schema:
            body: Schema = {"enum": values}
            if json_type:
                body = {"type": json_type, **body}
            return _with_doc({"title": cls.__name__, **body}, _summary(cls))

        return self.define(("enum", cls), cls.__name__, build, cls)

    def fixed_or_any_tuple(self, args: tuple[Any, ...], mode: Mode) -> Schema:
        """A tuple: homogeneous (``tuple[X, ...]``) or of fixed length (``tuple[X, Y]``)."""
        if not args:
            return {"type": "array"}
        if len(args) == 2 and args[1] is Ellipsis:
            return {"type": "array", "items": self.schema(args[0], mode)}
        return {
            "type": "array",
            "prefixItems": [self.schema(arg, mode) for arg in args],
            "items": False,
            "minItems": len(args),
        }

    def mapping(self, key: Any, value: Schema) -> Schema:
        """An object with keys of type ``key`` (strings) and values matching ``value``."""
        if key is str:
            names: Schema = {"maxLength": MAX_STRING}
        elif get_origin(key) is Literal and all(type(v) is str for v in get_args(key)):
            names = {"enum": list(get_args(key))}
        else:
            raise TypeError(f"no JSON schema for mappings with {key!r} keys")
        return {"type": "object", "propertyNames": names, "additionalProperties": value}

    def members(self, base: type) -> tuple[type, ...]:
        """The registered subclasses of ``base`` (for `Action`: the document's actions)."""
        if base is Action and self.actions is not None:
            return self.actions
        registry = _registry_of(base)
        assert registry is not None
        found = tuple(c for c in registry.classes.values() if issubclass(c, base))
        if not found:
            raise TypeError(f"no registered class is a {base.__name__}")
        return found

    def union(self, base: type) -> Schema:
        """A tagged record of any registered subclass of ``base`` (``oneOf`` by ``"type"``)."""
        members = self.members(base)

        def build() -> Schema:
            return _with_doc({"title": base.__name__, **self.one_of(members)}, _summary(base))

        return self.define(("union", base, members), base.__name__, build, base)

    def one_of(self, members: Sequence[type]) -> Schema:
        """A ``oneOf`` over tagged classes.

        The ``"type"`` is also checked on its own, so that a validator reports an
        unknown tag as such.
        """
        tags = [_tag_of(cls) for cls in members]
        return {
            "type": "object",
            "properties": {"type": {"enum": tags}},
            "required": ["type"],
            "oneOf": [self.tagged(cls) for cls in members],
        }

    def tagged(self, cls: type) -> Schema:
        """A registered action or event: its ``"type"`` tag and its fields (as read)."""
        return self.define(("tagged", cls), _tag_of(cls) or "", lambda: self.tagged_body(cls), cls)

    def tagged_body(self, cls: type) -> Schema:
        """The object schema of a registered action or event."""
        tag = _tag_of(cls)
        assert tag is not None
        extra: Schema = {}
        if issubclass(cls, Event):
            extra["description"] = {
                "type": "string",
                "description": "The event in words (written by to_dict, ignored by from_dict).",
            }
        return self.body(cls, "read", {"type": {"const": tag}}, extra)

    def record(self, cls: type, mode: Mode, extras: Sequence[str] = ()) -> Schema:
        """A plain attrs class, plus ``extras``: properties that its JSON form also holds."""
        return self.define(
            ("record", cls, mode, tuple(extras)),
            cls.__name__,
            lambda: self.body(cls, mode, {}, self.extras(cls, extras)),
            cls,
            mode,
        )

    def extras(self, cls: type, names: Sequence[str]) -> Schema:
        """Schemas of the properties ``names`` of ``cls`` (written as well as the fields)."""
        docs = {name: _summary(inspect.getattr_static(cls, name)) for name in names}
        return {
            name: _with_doc(self.schema(_member_hint(cls, name), "write"), docs[name])
            for name in names
        }

    def body(self, cls: type, mode: Mode, first: Schema, last: Schema) -> Schema:
        """The object schema of an attrs class: ``first``, the fields, then ``last``."""
        hints = get_type_hints(cls)
        docs = _attribute_docs(cls)
        properties: Schema = dict(first)
        required = list(first)
        for field in attrs.fields(cls):
            if not field.init:  # a private memo: never written nor read (as unstructure does)
                continue
            prop = _with_doc(self.schema(hints[field.name], mode), docs.get(field.name, ""))
            default = _json_default(field)
            if default is not attrs.NOTHING and mode == "read":
                prop = {**prop, "default": default}
            properties[field.name] = prop
            if mode == "write" or field.default is attrs.NOTHING:
                required.append(field.name)
        properties.update(last)
        if mode == "write":
            required.extend(name for name in last if name not in required)
        result: Schema = {"title": cls.__name__, "type": "object", "properties": properties}
        if required:
            result["required"] = required
        result["additionalProperties"] = False
        return _with_doc(result, _summary(cls))

    # --- what the library writes: a saved game's state, a view ---

    def state(self, game: GameBase) -> Schema:
        """The ``state`` of a saved game: its keys are read from ``game``'s own state."""
        return {
            "description": (
                "The current state, for readers of the file (written by to_dict; on load it "
                "must equal the state the actions produce)."
            ),
            **self.written_object(type(game), game._state_dict()),
        }

    def written_object(self, cls: type, sample: Mapping[str, Any]) -> Schema:
        """The object ``sample`` is an example of: one property per key, typed by ``cls``.

        Each key is a field or a property of ``cls`` (the type of the game's or the
        view's member of the same name), written as `written` describes; every key is
        required (the writer always writes them all).

        Raises:
            TypeError: a key that is neither a field nor a property of ``cls``, or
                a type with no JSON form.
        """
        docs = _attribute_docs(cls)
        properties: Schema = {}
        for key, value in sample.items():
            hint = _member_hint(cls, key)
            doc = docs.get(key) or _summary(inspect.getattr_static(cls, key, None))
            words = self.in_words(hint, value)
            if words is not None:
                properties[key] = words
                continue
            properties[key] = _with_doc(self.written(hint, value), doc)
        return {
            "type": "object",
            "properties": properties,
            "required": list(properties),
            "additionalProperties": False,
        }

    def in_words(self, hint: Any, sample: object) -> Schema | None:
        """The schema of an engine request written in words (see `_IN_WORDS`), else ``None``.

        A member typed with `Decision` or `ChanceRequest` (and ``None``) has no JSON
        form of its own: a game writes it as the request's prompt or label.

        Raises:
            TypeError: the sample holds something other than words or ``null``.
        """
        members = get_args(hint) if get_origin(hint) in (Union, types.UnionType) else (hint,)
        requests = [m for m in members if m is not type(None) and m is not None]
        if not requests or any(m not in _IN_WORDS for m in requests):
            return None
        if sample is not None and not isinstance(sample, str):
            raise TypeError(
                f"a request ({hint!r}) is written in words, not as {type(sample).__name__}"
            )
        words = " or ".join(
            f"the {_IN_WORDS[m]} of the awaited {_REQUEST_NOUNS[m]}" for m in requests
        )
        nullable = len(requests) < len(members)
        schema: Schema = {
            "description": f"What is awaited, in words: {words}"
            + ("; null when nothing is awaited." if nullable else "."),
        }
        if nullable:
            schema["anyOf"] = [self.string(), {"type": "null"}]
        else:
            schema.update(self.string())
        return schema

    def written(self, hint: Any, sample: object) -> Schema:
        """A written value of type ``hint``, as ``sample`` shows it.

        The JSON form of an attrs value (or of a mapping of them) in a game's state
        may hold some of the class's properties besides its fields.
        """
        if not isinstance(sample, dict):
            return self.schema(hint, "write")
        if _is_attrs(hint):
            return self.record(hint, "write", self.extra_names(hint, [sample]))
        if get_origin(hint) in (FrozenMap, dict, Mapping):
            key, value = get_args(hint)
            if _is_attrs(value):
                entries = [entry for entry in sample.values() if isinstance(entry, dict)]
                record = self.record(value, "write", self.extra_names(value, entries))
                return self.mapping(key, record)
        return self.schema(hint, "write")

    @staticmethod
    def extra_names(cls: type, entries: Sequence[Mapping[str, Any]]) -> list[str]:
        """The keys of ``entries`` that are not fields of ``cls``, sorted."""
        fields = attrs.fields_dict(cls)
        return sorted({name for entry in entries for name in entry if name not in fields})

    # --- the document ---

    def finish(self, root: Schema) -> Schema:
        """Name the definitions, fix every ``$ref``, and attach ``$defs`` to ``root``."""
        wanted: dict[str, list[str]] = {}
        for temp, (name, _, _) in self._names.items():
            wanted.setdefault(name, []).append(temp)
        final: dict[str, str] = {}
        for name, temps in wanted.items():
            classes = {self._names[t][1] for t in temps}
            for temp in temps:
                _, cls, mode = self._names[temp]
                chosen = name
                if len(classes) > 1 and cls is not None:  # two classes of the same name
                    chosen = f"{_package_name(cls)}.{name}"
                if len(temps) > 1 and mode == "write":  # the same class, read and written
                    chosen += ".written"
                final[temp] = chosen
        if len(set(final.values())) != len(final):  # pragma: no cover - a new kind of clash
            raise TypeError(f"two schema definitions share a name: {sorted(final.values())}")
        document: Schema = _rename(root, final)
        defs = {final[temp]: _rename(body, final) for temp, body in self._defs.items()}
        if defs:
            document["$defs"] = dict(sorted(defs.items(), key=lambda item: item[0].lower()))
        return document


def _package_name(cls: type) -> str:
    """The short name of a class's package (``"clue"`` for ``hogwarts_rules.clue.game``)."""
    parts = cls.__module__.split(".")
    return parts[1] if len(parts) > 1 else parts[0]


def _json_default(field: attrs.Attribute[Any]) -> Any:
    """A field's default as JSON, or ``attrs.NOTHING`` (none, or computed from the instance)."""
    default: Any = field.default
    if isinstance(default, attrs.Factory):  # type: ignore[arg-type]
        if default.takes_self:
            return attrs.NOTHING
        default = default.factory()
    if default is attrs.NOTHING:
        return attrs.NOTHING
    try:
        return unstructure(default)
    except Exception:  # pragma: no cover - a default the converter cannot write
        return attrs.NOTHING


def _rename(value: Any, names: Mapping[str, str]) -> Any:
    """A copy of ``value`` with every ``#/$defs/~N`` reference given its final name."""
    if isinstance(value, dict):
        result = {key: _rename(item, names) for key, item in value.items()}
        ref = result.get("$ref")
        if isinstance(ref, str) and ref.startswith("#/$defs/~"):
            result["$ref"] = "#/$defs/" + names[ref.removeprefix("#/$defs/")]
        return result
    if isinstance(value, list):
        return [_rename(item, names) for item in value]
    return value


def _document(
    builder: _Builder, root: Schema, *, title: str, description: str, id_: str | None
) -> Schema:
    head: Schema = {"$schema": DIALECT}
    if id_ is not None:
        head["$id"] = id_
    head["title"] = title
    if description:
        head["description"] = description
    body = builder.finish(root)
    return {**head, **{k: v for k, v in body.items() if k not in ("title", "description")}}


def _root(builder: _Builder, target: Any, mode: Mode) -> Schema:
    """The top of a document for ``target``: an object or a ``oneOf``, not a lone ``$ref``."""
    if isinstance(target, Registry):
        members = list(target.classes.values())
        return builder.one_of(members)
    if isinstance(target, type) and issubclass(target, Action | Event):
        if _tag_of(target) is None:
            return builder.one_of(builder.members(target))
        return builder.tagged_body(target)
    if _is_attrs(target):
        return builder.body(target, mode, {}, {})
    return builder.schema(target, mode)


def schema_for(
    target: Any, *, mode: Mode = "read", title: str | None = None, id: str | None = None
) -> Schema:
    """A complete draft 2020-12 schema document for a class, a type hint or a `Registry`.

    Args:
        target: a `Registry` (``ACTIONS``, ``EVENTS``: a ``oneOf`` over every registered
            class, of every game), an action or event base class (a ``oneOf`` over its
            registered subclasses), any attrs class, or a type hint such as
            ``tuple[int, ...]``.
        mode: ``"read"`` (fields with defaults are optional, as for ``from_dict``) or
            ``"write"`` (every field is required, as the library writes them).
        title: the document's title (by default the class name or the registry's family).
        id: the document's ``$id``, if any.

    Raises:
        TypeError: a type the converter has no JSON form for (``Fraction``, ...).

    Examples:
        >>> from hogwarts_rules import find_game
        >>> clue_game = find_game("clue").game_class  # loads the game: its actions are registered
        >>> schema = schema_for(ACTIONS.classes["clue.move_to"])
        >>> schema["title"], schema["required"]
        ('MoveTo', ['type', 'player', 'destination'])
        >>> schema["properties"]["felix"]["type"], schema["properties"]["felix"]["default"]
        ('boolean', False)
        >>> schema["properties"]["felix"]["description"]
        'Use a Felix Felicis card (move 7 instead of the green die; used up).'
        >>> [alt["$ref"] for alt in schema_for(clue_game.ACTION_TYPE)["oneOf"]][:2]
        ['#/$defs/clue.deal', '#/$defs/clue.choose_student']
        >>> schema_for(tuple[int, str])["prefixItems"]
        [{'$ref': '#/$defs/int'}, {'$ref': '#/$defs/str'}]
    """
    builder = _Builder()
    root = _root(builder, target, mode)
    if isinstance(target, Registry):
        name, doc = f"{target.family.capitalize()}", f"Any registered {target.family}."
    elif isinstance(target, type):
        name, doc = target.__name__, _summary(target)
    else:
        name, doc = str(target), ""
    return _document(builder, root, title=title or name, description=doc, id_=id)


# ----- the schemas of a game --------------------------------------------------------------


def _game_actions(cls: type[GameBase]) -> tuple[type[Action], ...]:
    """Every action a game accepts: its own, `ChanceOutcome`, and the core's (`Practice`...)."""
    own = [c for c in ACTIONS.classes.values() if issubclass(c, cls.ACTION_TYPE)]
    return (ChanceOutcome, *CORE_ACTIONS, *own)


def _game_events(cls: type[GameBase]) -> tuple[type[Event], ...]:
    """Every registered event of a game: those under its actions' tag prefixes (``"clue."``).

    A game uses one prefix for its tags; an event defined in the game class's own
    module counts too.
    """
    prefixes = {
        tag.partition(".")[0] + "."
        for tag, action in ACTIONS.classes.items()
        if issubclass(action, cls.ACTION_TYPE) and "." in tag
    }
    prefixes.add("core.")  # the core's own events (practice mode), which every game may emit
    return tuple(
        event
        for tag, event in EVENTS.classes.items()
        if tag.startswith(tuple(prefixes)) or event.__module__ == cls.__module__
    )


def _uri(kind: str, name: str) -> str:
    return f"{BASE_URI}{kind}/{name}.json"


def _tagged_union(cls: type[GameBase], family: str) -> tuple[_Builder, Schema]:
    builder = _Builder(actions=_game_actions(cls))
    members = _game_actions(cls) if family == "action" else _game_events(cls)
    return builder, builder.one_of(members)


def _sample(spec: GameSpec) -> tuple[GameBase, str]:
    """A small game of ``spec``'s kind and its first seat: where written keys are read from."""
    game = spec.new_game(spec.min_players, seed=0)
    return game, game.seat_names[0]


def _game_document(spec: GameSpec) -> Schema:
    """The saved-game document (``to_dict``) of a game: the envelope mirrors ``from_dict``."""
    cls = spec.game_class
    reads_setup = inspect.getattr_static(cls, "_from_setup_dict")
    if reads_setup is not inspect.getattr_static(GameBase, "_from_setup_dict"):
        raise TypeError(f"{cls.__name__} reads its own set-up: its schema cannot be derived")
    game, _ = _sample(spec)
    builder = _Builder(actions=_game_actions(cls))
    setup_type: type = cls.SETUP_TYPE
    root: Schema = {
        "type": "object",
        "properties": {
            "format": {"const": FORMAT, "description": "Always this value."},
            "version": {"const": FORMAT_VERSION, "description": "The format's version."},
            "game": {"const": cls.KIND, "description": "The game's kind."},
            "setup": _with_doc(builder.schema(setup_type), _summary(setup_type)),
            "actions": {
                "description": "Every action applied, in order.",
                "type": "array",
                "items": builder.union(Action),
            },
            "state": builder.state(game),
        },
        "required": ["format", "version", "game", "setup", "actions"],
        "additionalProperties": False,
    }
    description = (
        f"{_summary(cls)}\n\nThe JSON form of a game (Game.to_dict(), read back by "
        "Game.from_dict(), which also replays the actions under the rules)."
    )
    return _document(
        builder,
        root,
        title=f"{spec.title} saved game",
        description=description,
        id_=_uri(spec.kind, "game"),
    )


def _view_document(spec: GameSpec) -> Schema:
    """The JSON form of ``game.view(seat)`` (and of the table's ``game.view(None)``)."""
    view_class = spec.view_class
    if not callable(getattr(view_class, "to_dict", None)):
        raise TypeError(f"{view_class.__name__} has no to_dict(): it has no JSON form")
    game, seat = _sample(spec)
    view = game.view(seat)
    if not isinstance(view, view_class):
        raise TypeError(
            f"{spec.kind}: game.view() gives a {type(view).__name__}, "
            f"not the spec's view_class {view_class.__name__}"
        )
    # A view lists a seat's legal actions: the core's own (practice mode) are never among them.
    listed = tuple(c for c in _game_actions(spec.game_class) if c not in CORE_ACTIONS)
    builder = _Builder(actions=listed)
    root = {"title": view_class.__name__, **builder.written_object(view_class, view.to_dict())}
    description = (
        f"{_summary(view_class)}\n\nThe JSON form of what one seat may see: "
        f"game.view(seat).to_dict(), a {view_class.__name__} (game.view(None): the "
        "table's view, what a spectator sees). It never holds the dice, a seed or a "
        "dice state, nor another seat's secret."
    )
    return _document(
        builder,
        root,
        title=f"{spec.title} view",
        description=description,
        id_=_uri(spec.kind, "view"),
    )


def _derived_setup(cls: type[GameBase]) -> bool:
    """True when the game's set-up is read by the engine's default, from ``SETUP_TYPE``."""
    reads = inspect.getattr_static(cls, "_from_setup_dict")
    return reads is inspect.getattr_static(GameBase, "_from_setup_dict")


def game_schemas(kind: str) -> dict[str, Schema]:
    """The schemas of one game of the catalogue, by name (`SCHEMA_NAMES`).

    * ``"action"``: one action, ``action.to_dict()`` (the game's actions and `ChanceOutcome`);
    * ``"event"``: one event, ``event.to_dict()``;
    * ``"game"``: a saved game, ``game.to_dict()``;
    * ``"view"``: what a seat (or the table) may see, ``game.view(seat).to_dict()``
      (the spec's ``view_class``);
    * ``"outcome"``: ``serialization.unstructure(game.outcome)``.

    A game that reads its own set-up (it overrides ``_from_setup_dict``) has no
    ``"game"`` schema: its set-up's form cannot be derived.

    Args:
        kind: the game's kind or an alias, as `hogwarts_rules.find_game` takes it
            (``"clue"``, ``"first-year-adventure"``, ``"hr"``...); the documents'
            ``$id`` always use the kind.

    Raises:
        UnknownGameError: no game of the catalogue has that name (code
            ``unknown_game``; a `ValueError`).
        TypeError: the game has a form with no JSON schema.

    Examples:
        >>> schemas = game_schemas("clue")
        >>> schemas["view"]["title"], schemas["view"]["required"][:3]
        ('Clue view', ['viewer', 'player', 'hand'])
        >>> schemas["game"]["properties"]["game"]
        {'const': 'clue', 'description': "The game's kind."}
        >>> game_schemas("adventure")["view"]["$id"]
        'https://hogwarts-rules.invalid/schemas/first-year-adventure/view.json'
    """
    spec = find_game(kind)
    cls = spec.game_class
    result: dict[str, Schema] = {}
    for family in ("action", "event"):
        builder, root = _tagged_union(cls, family)
        base = "Action" if family == "action" else "Event"
        description = (
            f"One {family} of {spec.title}, as {family}.to_dict() writes it and "
            f"{base}.from_dict() reads it, tagged by its type."
        )
        result[family] = _document(
            builder,
            root,
            title=f"{spec.title} {family}",
            description=description,
            id_=_uri(spec.kind, family),
        )
    if _derived_setup(cls):
        result["game"] = _game_document(spec)
    result["view"] = _view_document(spec)
    builder = _Builder()
    result["outcome"] = _document(
        builder,
        builder.body(Outcome, "write", {}, {}),
        title=f"{spec.title} outcome",
        description=(
            f"{_summary(Outcome)} The JSON form of game.outcome once the game is over "
            "(serialization.unstructure(outcome))."
        ),
        id_=_uri(spec.kind, "outcome"),
    )
    return result


# ----- the engine protocol's replies ---------------------------------------------------------


def _p_int(minimum: int = 0) -> Schema:
    return {"type": "integer", "minimum": minimum, "maximum": MAX_SAFE_INT}


def _p_object(
    properties: dict[str, Schema], *, optional: Sequence[str] = (), more: bool = False
) -> Schema:
    return {
        "type": "object",
        "properties": properties,
        "required": [name for name in properties if name not in optional],
        "additionalProperties": more,
    }


def _p_nullable(schema: Schema) -> Schema:
    return {"anyOf": [schema, {"type": "null"}]}


def _p_reply(
    fields: dict[str, Schema], *, optional: Sequence[str] = (), more: bool = False
) -> Schema:
    properties: dict[str, Schema] = {"id": {"$ref": "#/$defs/id"}, "ok": {"const": True}}
    properties.update(fields)
    return _p_object(properties, optional=optional, more=more)


def _ask_kinds() -> Schema:
    """The ``kind`` of a reply's ``ask``: one of the kinds the catalogue's games' views use.

    Read from each game's view schema (its ``Ask`` class's ``kind``); a plain string
    when a game's view says no list of kinds.
    """
    kinds: list[str] = []
    for spec in games():
        ask = _view_document(spec).get("$defs", {}).get("Ask", {})
        listed = ask.get("properties", {}).get("kind", {}).get("enum")
        if not isinstance(listed, list):
            return {"type": "string"}
        kinds.extend(kind for kind in listed if kind not in kinds)
    return {"type": "string", "enum": kinds}


def protocol_schema() -> Schema:
    """The replies of the engine protocol (``hogwarts-rules serve``), one ``$defs`` entry per op.

    ``$defs`` holds ``reply.<op>`` for each op's success and ``error`` for a failure;
    the document itself accepts any of them. The objects inside a reply (a view, an
    action, an event, an outcome, a saved game) are each game's own: validate them
    against the game's schemas (``"view"`` against ``<kind>/view.json``...). A
    ``state`` reply may carry a game's own fields besides those listed (its spec's
    ``extras``); no other reply holds a field not listed.

    Examples:
        >>> schema = protocol_schema()
        >>> sorted(schema["$defs"]["reply.state"]["required"])[:4]
        ['ask', 'game_id', 'history_length', 'id']
        >>> schema["$defs"]["error"]["properties"]["error"]["properties"]["message"]["maxLength"]
        300
    """
    string: Schema = {"type": "string"}
    strings: Schema = {"type": "array", "items": string}
    obj: Schema = {"type": "object"}
    objects: Schema = {"type": "array", "items": obj}
    count: Schema = {**_p_int(), "description": "How many actions the game's history holds."}
    moved: dict[str, Schema] = {
        "history_length": count,
        "events": {"type": "object", "additionalProperties": objects},
        "to_act": {"$ref": "#/$defs/to_act"},
        "ask": {"$ref": "#/$defs/ask"},
        "is_over": {"type": "boolean"},
        "outcome": _p_nullable(obj),
    }
    created = {"game_id": string, "kind": string, "seats": strings, "history_length": count}
    option = _p_object({"name": string, "type": string, "default": {}, "doc": string})
    defs: dict[str, Schema] = {
        "id": {
            "description": "The request's id, echoed (null when it had none or a bad one).",
            "anyOf": [
                {"type": "string", "maxLength": 64},
                {"type": "integer", "minimum": -MAX_SAFE_INT, "maximum": MAX_SAFE_INT},
                {"type": "null"},
            ],
        },
        "to_act": {
            "description": 'Who must decide now, as the view says it ("<chance>": a roll).',
            **strings,
        },
        "ask": {
            "description": "Who acts now and what they are asked: the view's own ask.",
            **_p_object({"player": _p_nullable(string), "kind": _ask_kinds(), "text": string}),
        },
        "error": {
            "description": "A refused request.",
            **_p_object(
                {
                    "id": {"$ref": "#/$defs/id"},
                    "ok": {"const": False},
                    "error": _p_object(
                        {
                            "code": string,
                            "message": {"type": "string", "maxLength": MAX_MESSAGE},
                            "field": _p_nullable({"type": "string", "maxLength": MAX_PATH}),
                            "rule": string,
                            "expected": {
                                "description": (
                                    "What would have been accepted where the request named"
                                    " something unknown (an action type, an option, a seat, a"
                                    " game, a bot, a schema, an op or a field)."
                                ),
                                **strings,
                            },
                        },
                        optional=("rule", "expected"),
                    ),
                }
            ),
        },
        "reply.hello": _p_reply(
            {
                "protocol": _p_int(1),
                "library": string,
                "games": strings,
                "ops": strings,
                "bots": {"type": "object", "additionalProperties": strings},
                "aliases": {"type": "object", "additionalProperties": string},
                "options": {
                    "type": "object",
                    "additionalProperties": {"type": "array", "items": option},
                },
                "limits": {"type": "object", "additionalProperties": _p_int()},
                "error_codes": strings,
            }
        ),
        "reply.new": _p_reply(created),
        "reply.load": _p_reply(created),
        "reply.state": _p_reply(
            {
                "game_id": string,
                "seat": string,
                "history_length": count,
                "to_act": {"$ref": "#/$defs/to_act"},
                "ask": {"$ref": "#/$defs/ask"},
                "view": obj,
                "legal_actions": objects,
                "is_over": {"type": "boolean"},
                "outcome": _p_nullable(obj),
                "practice": {"type": "boolean"},
                "chance": {
                    "type": "array",
                    "items": _p_object(
                        {
                            "action": obj,
                            "value": {"anyOf": [_p_int(-MAX_SAFE_INT), string]},
                            "probability": {"type": "string", "pattern": "^[0-9]+/[0-9]+$"},
                        }
                    ),
                },
            },
            optional=("chance",),
            more=True,
        ),
        "reply.apply": _p_reply(moved),
        "reply.bot": _p_reply({"action": obj, **moved}),
        "redacted_action": {
            "description": (
                "A bot's action chosen for another seat, in a game with secrets (play_bots):"
                ' its "type" and the field naming its actor ("player") only. Any other'
                " action of a reply is whole and fits the game's action.json."
            ),
            **_p_object({"type": string, "redacted": {"const": True}}),
            "additionalProperties": string,  # the actor's field
        },
        "reply.play_bots": _p_reply(
            {
                "steps": _p_int(),
                "actions": {
                    "type": "array",
                    "items": {"anyOf": [{"$ref": "#/$defs/redacted_action"}, obj]},
                },
                "actors": strings,
                "stopped": {
                    "enum": ["over", "max_steps", "step_limit", "chance", "no_bot"],
                },
                **moved,
            }
        ),
        "reply.events": _p_reply(
            {
                "history_length": count,
                "events": {
                    "type": "array",
                    "items": _p_object({"history_length": count, "event": obj}),
                },
            }
        ),
        "reply.save": _p_reply({"game_id": string, "game": obj}),
        "reply.undo": _p_reply(
            {
                "history_length": count,
                "to_act": {"$ref": "#/$defs/to_act"},
                "ask": {"$ref": "#/$defs/ask"},
                "is_over": {"type": "boolean"},
                "events": {"type": "object", "additionalProperties": objects},
            },
            optional=("events",),
        ),
        "reply.close": _p_reply({"game_id": string}),
        "reply.list": _p_reply(
            {
                "games": {
                    "type": "array",
                    "items": _p_object(
                        {
                            "game_id": string,
                            "kind": string,
                            "seats": strings,
                            "history_length": count,
                            "is_over": {"type": "boolean"},
                        }
                    ),
                }
            }
        ),
        "reply.schema": _p_reply({"kind": string, "name": string, "schema": obj}),
        "reply.quit": _p_reply({}),
    }
    return {
        "$schema": DIALECT,
        "$id": BASE_URI + "protocol/reply.json",
        "title": "Engine protocol reply",
        "description": (
            "One reply line of the engine protocol (hogwarts-rules serve, docs/protocol.md): "
            "$defs holds each op's success (reply.<op>) and the error reply."
        ),
        "anyOf": [
            {"$ref": f"#/$defs/{name}"} for name in defs if name.startswith(("reply.", "error"))
        ],
        "$defs": defs,
    }


def all_schemas() -> dict[str, Schema]:
    """Every schema, by file name: each game's (``"clue/action.json"``...) and the protocol's.

    The engine protocol's replies are ``"protocol/reply.json"`` (`protocol_schema`).

    Examples:
        >>> names = all_schemas()
        >>> len(names), "hufflepuff-ravenclaw/game.json" in names, "protocol/reply.json" in names
        (16, True, True)
    """
    result = {
        f"{spec.kind}/{name}.json": schema
        for spec in games()
        for name, schema in game_schemas(spec.kind).items()
    }
    result["protocol/reply.json"] = protocol_schema()
    return result


def _text(schema: Schema) -> str:
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"


def write_schemas(directory: str | Path) -> list[Path]:
    """Write every schema of `all_schemas` under ``directory`` and return the paths written.

    Files are UTF-8 JSON, indented by two spaces; sub-directories are created.
    Files that are no longer generated are left alone (see `outdated_schemas`).

    Examples:
        >>> import tempfile
        >>> with tempfile.TemporaryDirectory() as tmp:
        ...     paths = write_schemas(tmp)
        ...     print(len(paths), outdated_schemas(tmp))
        16 []
    """
    root = Path(directory)
    written = []
    for name, schema in all_schemas().items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(_text(schema), encoding="utf-8")
        written.append(path)
    return written


def outdated_schemas(directory: str | Path) -> list[str]:
    """The schema files under ``directory`` that differ from `all_schemas`.

    Lists (by name, sorted) the files that are missing, whose content differs, and
    ``.json`` files in a game's sub-directory that are no longer generated.
    """
    root = Path(directory)
    expected = {name: _text(schema) for name, schema in all_schemas().items()}
    problems = set()
    for name, text in expected.items():
        path = root / name
        if not path.is_file() or path.read_text(encoding="utf-8") != text:
            problems.add(name)
    for kind in sorted({name.partition("/")[0] for name in expected}):
        for path in sorted((root / kind).glob("*.json")):
            name = f"{kind}/{path.name}"
            if name not in expected:
                problems.add(name)
    return sorted(problems)


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m hogwarts_rules.frontends.schema DIR``: write every schema under ``DIR``.

    (``python -m hogwarts_rules.schema DIR``, the old path, still works for one release.)

    With ``--check``, write nothing and exit with 1 if a file under ``DIR`` is outdated.

    Examples:
        >>> import tempfile
        >>> with tempfile.TemporaryDirectory() as tmp:
        ...     (Path(tmp) / "clue").mkdir()
        ...     _ = (Path(tmp) / "clue" / "old.json").write_text("{}")
        ...     code = main([tmp])
        ...     print(code, main(["--check", tmp]))
        wrote 16 schemas under ...
        outdated: clue/old.json
        0 1
    """
    parser = argparse.ArgumentParser(
        prog="python -m hogwarts_rules.frontends.schema",
        description="Write the JSON Schemas of every game's JSON forms.",
    )
    parser.add_argument("directory", help="where to write them (e.g. docs/schemas)")
    parser.add_argument(
        "--check", action="store_true", help="only check that the files are up to date"
    )
    args = parser.parse_args(argv)
    if args.check:
        problems = outdated_schemas(args.directory)
        for name in problems:
            print(f"outdated: {name}")
        return 1 if problems else 0
    paths = write_schemas(args.directory)
    print(f"wrote {len(paths)} schemas under {args.directory}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
