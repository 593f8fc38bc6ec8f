"""Hufflepuff & Ravenclaw on a terminal: a game master's console for ``hogwarts-rules play hr``.

The library has no bots for Hufflepuff & Ravenclaw: one person runs the table,
as its game master, and answers the characters' Youth questions too. `Terminal`
implements `hogwarts_rules.spec.TerminalHooks` (the scene's text board) and
builds the `Console` (`hogwarts_rules.spec.GameMasterConsole`): the lines it
understands, the odds it shows before each roll (`hogwarts_rules.hufflepuff_ravenclaw.odds`),
and the actions it hands to the front end to apply.

| line | what it does |
|---|---|
| ``characters`` | every character: year, Youth, Size, damage and wound |
| ``sheet Sky`` | one character's whole sheet |
| ``add Ginny`` | a new first year with average stats joins the scene |
| ``add sheet`` | a character sheet, pasted as JSON (ends with an empty line) |
| ``add sheet FILE`` | a character sheet from a JSON file |
| ``test Sky mischief bravery +2`` | a skill test (the game's notation) |
| ``quality Sky fortitude`` | a roll against a quality |
| ``contest Sky mischief bravery vs Weasley notice intellect`` | a contest |
| ``spell Sky lumos`` | a spell (``with agility``, ``silent``, ``prepare astronomy``) |
| ``brawl Sky vs Weasley armed`` | one round of a brawl (``armed`` after a side) |
| ``duel Sky flipendo 2 vs Weasley rictusempra`` | one round of a wizard duel (a number: the spell's damage Points; none: a jinx) |
| ``odds 7``, ``odds 7 3`` | the chance of a test at TN 7 (with up to 3 Youth) |
| ``spend 2``, or ``2`` | the answer to a Youth question (the character deciding) |
| ``damage``, ``heal``, ``fall``, ``learn``, ``class``, ``remove`` | as the notation |
| ``end session``, ``school break``, ``end of year``, ``end scene`` | as the notation |

Any other action of the scene may be typed as its JSON (``action.to_dict()``).
Before each roll the console says the Target Number, part by part, and the
chance of success with and without the Youth the character has.

Examples:
    >>> from hogwarts_rules import hufflepuff_ravenclaw as hr
    >>> scene = hr.new_game(["Sky", "Weasley"], seed=1)
    >>> console = Console()
    >>> reply = console.answer(scene, "test Sky mischief bravery +2", input)
    >>> reply.action
    SkillTest(character='Sky', skill='Mischief', stat='Bravery', modifiers=(Modifier(value=2, reason='situation'),), traits=())
    >>> reply.lines[0]
    'Sky tests Bravery + Mischief: TN 5 (Bravery 3, Mischief 0, situation +2)'
    >>> reply.lines[1]
    'Chance of success: 25% without Youth; 100% spending up to 7 Youth (expected 2.2 spent).'
"""  # noqa: E501

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any, Final

import attrs

from hogwarts_rules._text import fill, numbered, plural
from hogwarts_rules.actions import Action
from hogwarts_rules.engine import GameBase
from hogwarts_rules.errors import InvalidDataError, RulesError
from hogwarts_rules.hufflepuff_ravenclaw.actions import (
    AddCharacter,
    BrawlRound,
    CastSpell,
    Contest,
    Duellist,
    DuelRound,
    Fighter,
    QualityTest,
    SkillTest,
    SpendYouth,
    TestSpec,
)
from hogwarts_rules.hufflepuff_ravenclaw.character import Character
from hogwarts_rules.hufflepuff_ravenclaw.game import Game
from hogwarts_rules.hufflepuff_ravenclaw.odds import (
    brawl_round_odds,
    contest_odds,
    expected_youth_cost,
    spell_odds,
    success_chance,
    youth_to_spend,
)
from hogwarts_rules.hufflepuff_ravenclaw.resolution import blow
from hogwarts_rules.hufflepuff_ravenclaw.tables import QUALITY_DIE, SKILL_DIE
from hogwarts_rules.hufflepuff_ravenclaw.text import board_text
from hogwarts_rules.hufflepuff_ravenclaw.view import SceneView
from hogwarts_rules.notation import parse_action, tokenize
from hogwarts_rules.serialization import structure
from hogwarts_rules.spec import ConsoleReply

__all__ = ["MAX_SHEET_CHARS", "MAX_SHEET_LINES", "Console", "Terminal"]

MAX_SHEET_LINES: Final = 200
"""The most lines of a character sheet pasted into ``add sheet``."""

MAX_SHEET_CHARS: Final = 20_000
"""The most characters of a character sheet pasted into ``add sheet``."""

_HELP: Final = (
    "Game master's commands (names may be shortened to a word: 'creatures', 'mischief'):",
    "  characters                   every character: year, Youth, Size, damage, wound",
    "  sheet NAME                   one character's whole sheet",
    "  add NAME | add sheet [FILE]  a new first year, or a sheet as JSON (pasted, or a file)",
    "  test WHO SKILL STAT [+N]     a skill test, e.g. test Sky mischief bravery +2",
    "  quality WHO QUALITY [+N]     a roll against Intellect, Fortitude or Bravery",
    "  contest WHO SKILL STAT vs WHO SKILL STAT",
    "  spell WHO SPELL [with STAT] [silent] [prepare astronomy|arithmancy]",
    "  brawl WHO [armed] vs WHO [armed]",
    "  duel WHO SPELL [POINTS] vs WHO SPELL [POINTS]   a duel round (no POINTS: a jinx;",
    "                               with STAT and silent as for spell)",
    "  odds TN [YOUTH]              the chance of a test at that Target Number",
    "  spend N (or N)               answer a Youth question for the character asked",
    "  damage WHO N [reason], heal WHO N, fall WHO METRES, learn WHO SPELL,",
    "  class WHO SKILL, remove WHO, end session, school break, end of year, end scene",
    "  (any other action of the scene as its JSON)",
)
_INFO: Final = frozenset({"characters", "chars", "sheet", "odds"})
_VERBS: Final = (
    "characters",
    "sheet",
    "add",
    "test",
    "quality",
    "contest",
    "spell",
    "brawl",
    "duel",
    "odds",
    "spend",
    "damage",
    "heal",
    "fall",
    "learn",
    "class",
    "remove",
    "end session",
    "school break",
    "end of year",
    "end scene",
)

_FIRST_WORDS: Final = frozenset({"chars", *(verb.split()[0] for verb in _VERBS)})


def _scene(game: GameBase) -> Game:
    if not isinstance(game, Game):
        raise TypeError(f"expected a Hufflepuff & Ravenclaw scene, got {type(game).__name__}")
    return game


def _view(view: Any) -> SceneView:
    if not isinstance(view, SceneView):
        raise TypeError(f"expected a SceneView, got {type(view).__name__}")
    return view


def _sheet(c: Character) -> list[str]:
    """One character's sheet: year, Youth, health, stats, skills, traits, spells."""
    year = "an adult" if c.year is None else f"year {c.year}, Youth {c.youth}/{c.youth_max}"
    lines = [f"{c.name}: {year}; Size {c.size}, {c.damage} damage ({c.wound.value})"]
    numbers = [f"{name} {value}" for name, value in c.stats.items()]
    numbers += [f"{name} {value} (d6)" for name, value in c.qualities.items()]
    lines += fill("  Stats: ", numbers, ", ", "    ")
    if c.skills:
        lines += fill("  Skills: ", [f"{n} {v:+d}" for n, v in c.skills.items()], ", ", "    ")
    if c.traits:
        traits = [f"{name} {trait.value:+d}" for name, trait in c.traits.items()]
        lines += fill("  Traits: ", traits, ", ", "    ")
    if c.spells:
        lines += fill("  Spells: ", sorted(c.spells), ", ", "    ")
    if c.classes:
        lines += fill("  Classes: ", sorted(c.classes), ", ", "    ")
    return lines


def _pct(chance: Fraction) -> str:
    return f"{float(chance):.0%}"


def _parts(parts: Sequence[tuple[str, int]]) -> str:
    shown = [f"{name} {value}" for name, value in parts[:2]]
    shown += [f"{name} {value:+d}" for name, value in parts[2:]]
    return ", ".join(shown)


def _chance_line(without: Fraction, best: Fraction, youth: int, cost: Fraction | None) -> str:
    """The one wording of every chance shown before a roll (tests, qualities and spells)."""
    base = f"Chance of success: {_pct(without)} without Youth"
    if youth <= 0:
        return base + " (no Youth left)."
    spent = "" if cost is None else f" (expected {float(cost):.1f} spent)"
    return f"{base}; {_pct(best)} spending up to {youth} Youth{spent}."


def _youth_line(target: int, youth: int, die: int = SKILL_DIE) -> str:
    without = success_chance(target, die=die)
    if youth <= 0:
        return _chance_line(without, without, youth, None)
    best = success_chance(target, youth=youth, die=die)
    return _chance_line(without, best, youth, expected_youth_cost(target, youth=youth, die=die))


class _Refusal(Exception):
    """Internal: a console line that names nothing to do (its message says why)."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def _refused(message: str) -> ConsoleReply:
    return ConsoleReply((message,), error=True)


class Console:
    """The game master's console of a scene (see the module; `GameMasterConsole`)."""

    def help(self) -> list[str]:
        """The console's commands, one a line."""
        return list(_HELP)

    def words(self, game: GameBase) -> list[str]:
        """The commands, the characters, then each word of the skills, stats and spells."""
        scene = _scene(game)
        names = [*scene.characters, *scene.setup.skills, *scene.setup.stats, *scene.setup.spells]
        parts = [part for name in names[len(scene.characters) :] for part in name.split()]
        return [*_VERBS, *scene.characters, *dict.fromkeys(part.lower() for part in parts)]

    def answer(self, game: GameBase, line: str, read_more: Callable[[str], str]) -> ConsoleReply:
        """The reply to one line: what to show, and the action to apply, if any."""
        scene = _scene(game)
        try:
            tokens = tokenize(line)
        except RulesError as exc:
            return _refused(exc.message)
        if not tokens:
            return _refused("Type a command, or help.")
        verb = tokens[0].casefold()
        rest = tokens[1:]
        try:
            if scene.to_act and scene.to_act[0] in scene.characters:
                asked = self._youth(scene, tokens)
                if asked is not None:
                    return asked
                if verb not in _INFO:
                    who = scene.to_act[0]
                    most = scene.characters[who].youth
                    return _refused(
                        f"{who} must answer the Youth question first: type how much Youth "
                        f"to spend, 0 to {most} (or characters, sheet, odds)."
                    )
            if verb in ("characters", "chars") and not rest:
                return ConsoleReply(tuple(self._characters(scene)))
            if verb == "sheet" and rest:
                name = self._character(scene, rest)
                return ConsoleReply(tuple(_sheet(scene.characters[name])))
            if verb == "add" and rest:
                return self._add(scene, rest, read_more)
            if verb == "odds":
                return self._odds(rest)
            if verb == "test":
                return self._test(scene, line)
            if verb == "quality":
                return self._quality(scene, line)
            if verb == "contest":
                return self._contest(scene, rest)
            if verb == "spell":
                return self._spell(scene, rest)
            if verb == "brawl":
                return self._brawl(scene, rest)
            if verb == "duel":
                return self._duel(scene, rest)
            if verb not in _FIRST_WORDS and not line.lstrip().startswith("{"):
                return _refused(
                    f"{tokens[0][:40]!r} is not a command: type help for the commands "
                    f"({', '.join(_VERBS)}, or an action as JSON)."
                )
            try:
                return ConsoleReply(action=parse_action(scene, line))
            except RulesError as exc:
                said = exc.message[:1].upper() + exc.message[1:].rstrip(".")
                return _refused(f"{said}; type help for the commands.")
        except (RulesError, _Refusal) as exc:
            text = exc.message[:1].upper() + exc.message[1:]
            return _refused(text if text.endswith(".") else text + ".")

    # ----- reading names --------------------------------------------------------------------

    @staticmethod
    def _character(scene: Game, tokens: Sequence[str]) -> str:
        wanted = " ".join(tokens).casefold()
        for name in scene.characters:
            if name.casefold() == wanted:
                return name
        found = [name for name in scene.characters if name.casefold().startswith(wanted)]
        if len(found) == 1:
            return found[0]
        known = ", ".join(scene.characters) or "none yet"
        raise _Refusal(f"no character called {wanted[:40]!r} ({known})")

    # ----- the commands ---------------------------------------------------------------------

    def _characters(self, scene: Game) -> list[str]:
        if not scene.characters:
            return ["No characters yet: add NAME."]
        lines = []
        for name, c in scene.characters.items():
            year = "adult" if c.year is None else f"year {c.year}"
            youth = "" if c.year is None else f", Youth {c.youth}/{c.youth_max}"
            lines.append(
                f"  {name}: {year}{youth}, Size {c.size}, {plural(c.damage, 'damage point')} "
                f"({c.wound.value})"
            )
        return lines

    def _youth(self, scene: Game, tokens: Sequence[str]) -> ConsoleReply | None:
        """The answer to a Youth question (``2`` or ``spend 2``), or ``None`` for another line."""
        who = scene.to_act[0]
        said = [token.casefold() for token in tokens]
        if said[0] == "spend":
            said = said[1:]
        if len(said) != 1 or not said[0].isdigit() or len(said[0]) > 3:
            if tokens[0].casefold() == "spend":
                return _refused("Say how much Youth: spend N.")
            return None
        return ConsoleReply(action=SpendYouth(who, int(said[0])))

    def _add(
        self, scene: Game, rest: Sequence[str], read_more: Callable[[str], str]
    ) -> ConsoleReply:
        if rest[0].casefold() != "sheet":
            name = " ".join(rest)
            return ConsoleReply(
                (f"{name} joins the scene: a first year with average stats and 7 Youth.",),
                AddCharacter(Character.first_year(name)),
            )
        if len(rest) > 1:
            return self._sheet_file(" ".join(rest[1:]))
        lines: list[str] = []
        size = 0
        while True:
            more = read_more("sheet> ")
            if not more.strip():
                break
            lines.append(more)
            size += len(more) + 1
            if len(lines) > MAX_SHEET_LINES or size > MAX_SHEET_CHARS:
                return _refused(
                    f"A sheet has at most {MAX_SHEET_LINES} lines and {MAX_SHEET_CHARS} "
                    "characters: nothing was added."
                )
        return self._sheet_text("\n".join(lines))

    def _sheet_file(self, name: str) -> ConsoleReply:
        """``add sheet FILE``: a character sheet read from a JSON file (bounded)."""
        try:
            path = Path(name).expanduser()
            if not path.is_file():  # no directories, devices or pipes (a pipe would block)
                return _refused(f"Could not read {name}: not a regular file.")
            with path.open("rb") as handle:
                raw = handle.read(MAX_SHEET_CHARS * 4 + 1)
            text = raw.decode("utf-8")
        except OSError as exc:
            return _refused(f"Could not read {name}: {exc.strerror or exc}.")
        except (UnicodeDecodeError, ValueError):
            return _refused(f"Could not read {name}: it is not a UTF-8 text file.")
        if len(text) > MAX_SHEET_CHARS:
            return _refused(f"A sheet has at most {MAX_SHEET_CHARS} characters: nothing was added.")
        return self._sheet_text(text)

    def _sheet_text(self, text: str) -> ConsoleReply:
        """A character sheet given as JSON text."""
        try:
            data = json.loads(text)
            sheet = structure(data, Character)
        except (ValueError, RecursionError) as exc:
            if isinstance(exc, InvalidDataError):
                return _refused(f"Not a character sheet: {exc.message}; nothing was added.")
            return _refused(f"Not a character sheet (not valid JSON: {exc}); nothing was added.")
        return ConsoleReply((f"{sheet.name} joins the scene.",), AddCharacter(sheet))

    def _odds(self, rest: Sequence[str]) -> ConsoleReply:
        numbers = [token for token in rest if token.lstrip("+-").isdigit() and len(token) <= 4]
        if len(numbers) != len(rest) or not 1 <= len(rest) <= 2:
            return _refused("Say odds TN, or odds TN YOUTH (e.g. odds 7 3).")
        target = int(rest[0])
        youth = int(rest[1]) if len(rest) == 2 else 0
        if youth < 0:
            return _refused("Youth is 0 or more.")
        lines = [f"A d20 test at TN {target}: {_pct(success_chance(target))} without Youth."]
        for spend in range(1, min(youth, 20) + 1):
            lines.append(f"  with up to {spend} Youth: {_pct(success_chance(target, youth=spend))}")
        return ConsoleReply(tuple(lines))

    def _test(self, scene: Game, line: str) -> ConsoleReply:
        action = parse_action(scene, line)
        assert isinstance(action, SkillTest)
        parts = scene.target_number(action.spec())
        target = sum(value for _, value in parts)
        youth = scene.characters[action.character].youth
        return ConsoleReply(
            (
                f"{action.character} tests {action.stat} + {action.skill}: TN {target} "
                f"({_parts(parts)})",
                _youth_line(target, youth),
            ),
            action,
        )

    def _quality(self, scene: Game, line: str) -> ConsoleReply:
        action = parse_action(scene, line)
        assert isinstance(action, QualityTest)
        c = scene.character(action.character)
        target = c.stat(action.quality) + sum(m.value for m in action.modifiers)
        return ConsoleReply(
            (
                f"{action.character} rolls a d6 against {action.quality}: TN {target}",
                _youth_line(target, c.youth, QUALITY_DIE),
            ),
            action,
        )

    @staticmethod
    def _sides(rest: Sequence[str], what: str) -> tuple[list[str], list[str]]:
        said = [token.casefold() for token in rest]
        if said.count("vs") != 1:
            raise _Refusal(f"write the two sides of the {what} with vs between")
        at = said.index("vs")
        first, second = list(rest[:at]), list(rest[at + 1 :])
        if not first or not second:
            raise _Refusal(f"write the two sides of the {what} with vs between")
        return first, second

    def _contest(self, scene: Game, rest: Sequence[str]) -> ConsoleReply:
        first, second = self._sides(rest, "contest")
        specs: list[TestSpec] = []
        for side in (first, second):
            test = parse_action(scene, " ".join(["test", *(json.dumps(t) for t in side)]))
            assert isinstance(test, SkillTest)
            specs.append(test.spec())
        targets = [sum(v for _, v in scene.target_number(spec)) for spec in specs]
        youths = [scene.characters[spec.character].youth for spec in specs]
        odds = contest_odds(targets[0], targets[1], first_youth=youths[0], second_youth=youths[1])
        a, b = specs[0].character, specs[1].character
        return ConsoleReply(
            (
                f"Contest: {a} at TN {targets[0]} ({youths[0]} Youth) against {b} at TN "
                f"{targets[1]} ({youths[1]} Youth)",
                f"{a} wins {_pct(odds.first_wins)}, {b} wins {_pct(odds.second_wins)}, tie "
                f"{_pct(odds.tie)} (each spending Youth to win).",
            ),
            Contest(specs[0], specs[1]),
        )

    def _casting(self, scene: Game, rest: Sequence[str], what: str) -> tuple[list[str], str, bool]:
        """The words of a casting without ``silent`` and ``with STAT``: (words, stat, verbal)."""
        stat = "Intellect"
        verbal = True
        words = [w for w in rest if w.casefold() != "silent"]
        if len(words) < len(rest):
            verbal = False
        said = [w.casefold() for w in words]
        if "with" in said:
            at = said.index("with")
            if at + 1 >= len(words):
                raise _Refusal("with is followed by a stat or quality")
            stat = self._stat(scene, words[at + 1])
            del words[at : at + 2]
        if len(words) < 2:
            raise _Refusal(f"write {what}, the caster, then the spell")
        return words, stat, verbal

    def _spell(self, scene: Game, rest: Sequence[str]) -> ConsoleReply:
        preparation: Any = None
        words = list(rest)
        said = [w.casefold() for w in words]
        if "prepare" in said:
            at = said.index("prepare")
            if at + 1 >= len(words) or said[at + 1] not in ("astronomy", "arithmancy"):
                raise _Refusal("prepare is followed by astronomy or arithmancy")
            preparation = words[at + 1].capitalize()
            del words[at : at + 2]
        words, stat, verbal = self._casting(scene, words, "spell")
        who, spell = self._caster_and_spell(scene, words)
        action = CastSpell(who, spell, stat=stat, verbal=verbal, preparation=preparation)
        odds = spell_odds(scene, action)
        lines = [f"{who} casts {spell}: TN {odds.target} ({_parts(odds.parts)})"]
        if odds.prepared_target is not None and odds.preparation_chance is not None:
            lines.append(
                f"The {preparation} test first succeeds {_pct(odds.preparation_chance)}; "
                f"then TN {odds.prepared_target}."
            )
        without = spell_odds(scene, action, youth=0).chance
        cost = None
        if odds.prepared_target is None and odds.youth > 0:  # (a preparation shares the Youth)
            cost = expected_youth_cost(odds.target, youth=odds.youth)
        lines.append(_chance_line(without, odds.chance, odds.youth, cost))
        return ConsoleReply(tuple(lines), action)

    @staticmethod
    def _stat(scene: Game, word: str) -> str:
        names = [*scene.setup.stats, "Intellect", "Fortitude", "Bravery"]
        found = [name for name in names if name.casefold().startswith(word.casefold())]
        if len(found) != 1:
            raise _Refusal(f"{word[:40]!r} names no one stat or quality")
        return found[0]

    def _caster_and_spell(self, scene: Game, words: Sequence[str]) -> tuple[str, str]:
        for end in range(len(words) - 1, 0, -1):
            try:
                who = self._character(scene, words[:end])
            except _Refusal:
                continue
            wanted = " ".join(words[end:]).casefold()
            spells = list(scene.setup.spells)
            exact = [s for s in spells if s.casefold() == wanted]
            found = exact or [s for s in spells if wanted in s.casefold()]
            if len(found) == 1:
                return who, found[0]
            raise _Refusal(f"{wanted[:40]!r} names no one spell of this scene")
        return self._character(scene, words[:1]), ""

    def _brawl(self, scene: Game, rest: Sequence[str]) -> ConsoleReply:
        first, second = self._sides(rest, "brawl")
        fighters: list[Fighter] = []
        for side in (first, second):
            armed = side[-1].casefold() == "armed"
            name = self._character(scene, side[:-1] if armed else side)
            fighters.append(Fighter(name, armed=armed))
        targets = [sum(v for _, v in scene.target_number(f.spec())) for f in fighters]
        sizes = [scene.characters[f.character].size for f in fighters]
        blows = [blow(size, armed=f.armed) for size, f in zip(sizes, fighters, strict=True)]
        round_odds = brawl_round_odds(targets[0], targets[1], blows[0], blows[1])
        to_first, to_second = round_odds.expected_damage
        contest = contest_odds(targets[0], targets[1])
        a, b = fighters[0].character, fighters[1].character
        return ConsoleReply(
            (
                f"Brawl round: {a} at TN {targets[0]} (blow {blows[0]}) against {b} at TN "
                f"{targets[1]} (blow {blows[1]})",
                f"{a} wins {_pct(contest.first_wins)}, {b} wins {_pct(contest.second_wins)}, "
                f"tie {_pct(contest.tie)} (without Youth); expected damage: {a} "
                f"{float(to_first):.1f}, {b} {float(to_second):.1f}.",
            ),
            BrawlRound(fighters[0], fighters[1]),
        )

    def _duel(self, scene: Game, rest: Sequence[str]) -> ConsoleReply:
        first, second = self._sides(rest, "duel")
        duellists: list[Duellist] = []
        for side in (first, second):
            words, stat, verbal = self._casting(scene, side, "each side of a duel")
            damage = 0
            if words[-1].isdecimal() and words[-1].isascii():
                if len(words[-1]) > 6:
                    raise _Refusal(f"{words[-1][:12]}... is too many damage Points")
                damage = int(words[-1])
                words = words[:-1]
            who, spell = self._caster_and_spell(scene, words)
            duellists.append(Duellist(who, spell, damage=damage, stat=stat, verbal=verbal))
        action = DuelRound(duellists[0], duellists[1])
        scene.check(action)
        targets = [sum(v for _, v in scene.spell_target_number(d.cast())) for d in duellists]
        youths = [scene.characters[d.character].youth for d in duellists]
        odds = contest_odds(targets[0], targets[1], first_youth=youths[0], second_youth=youths[1])
        a, b = duellists[0], duellists[1]

        def lands(d: Duellist) -> str:
            return "a jinx" if d.damage == 0 else plural(d.damage, "Point")

        return ConsoleReply(
            (
                f"Duel round: {a.character} casts {a.spell} at TN {targets[0]} ({lands(a)}, "
                f"{youths[0]} Youth) against {b.character} casting {b.spell} at TN "
                f"{targets[1]} ({lands(b)}, {youths[1]} Youth)",
                f"{a.character} wins {_pct(odds.first_wins)}, {b.character} wins "
                f"{_pct(odds.second_wins)}, tie {_pct(odds.tie)} (each spending Youth to win).",
            ),
            action,
        )


class Terminal:
    """Hufflepuff & Ravenclaw on a terminal: the scene's board and the game master's console."""

    def __init__(self, game: GameBase) -> None:
        """Hooks for ``game`` (a scene; nothing of it is kept).

        Raises:
            TypeError: ``game`` is not a scene.
        """
        _scene(game)

    def console(self, game: GameBase) -> Console:
        """The game master's console."""
        _scene(game)
        return Console()

    def board(self, view: Any) -> list[str]:
        """The scene's text board (`text.board_text`), less what is awaited.

        The question awaited is the screen's (`screen`, in words, with what spending
        Youth would do), so the board leaves it out: each fact is shown once.
        """
        return board_text(attrs.evolve(_view(view), prompt="")).splitlines()

    def screen(self, view: Any) -> list[str]:
        """What is awaited, in words."""
        view = _view(view)
        if view.prompt and view.to_act:
            lines = [view.prompt]
            details = view.details
            roll, target, youth = details.get("roll"), details.get("target"), details.get("youth")
            die = details.get("die", SKILL_DIE)
            if all(isinstance(v, int) for v in (roll, target, youth, die)):
                assert isinstance(roll, int) and isinstance(target, int)
                assert isinstance(youth, int) and isinstance(die, int)
                needed = youth_to_spend(target, roll, youth, die=die)
                if needed == 0:
                    lines.append("The roll succeeds already: spend 0 keeps it.")
                elif needed is None:
                    lines.append(f"Even {youth} Youth cannot save it.")
                else:
                    lines.append(f"Spending {needed} turns it into a success.")
                lines.append(f"Type how much Youth {view.to_act[0]} spends: 0 to {youth}.")
            return lines
        return ["The game master's move (help for the commands)."]

    def describe(self, view: Any, action: Action) -> str:
        """One action in words: its kind, then its plain fields (``learn spell (Sky, Lumos)``)."""
        if isinstance(action, SpendYouth):
            return f"{action.character} spends {plural(action.points, 'Youth point')}"
        data = dict(action.to_dict())
        kind = str(data.pop("type", type(action).__name__)).removeprefix("hr.")
        fields = [
            str(value) if isinstance(value, str | int) else json.dumps(value, ensure_ascii=False)
            for value in data.values()
            if value not in (None, [], {}, "")
        ]
        text = kind.replace("_", " ") + (f" ({', '.join(fields)})" if fields else "")
        return text if len(text) <= 200 else text[:197] + "..."

    def menu(self, view: Any, actions: Sequence[Action]) -> list[str]:
        """The actions, numbered from 1."""
        lines: list[str] = []
        numbered(lines, [(i, self.describe(view, a)) for i, a in enumerate(actions, 1)])
        return lines

    def heading(self, view: Any) -> str | None:
        """No headings: a scene has no rounds."""
        return None

    def ending(self, view: Any) -> list[str]:
        """The scene is over; the characters as they stand."""
        view = _view(view)
        lines = ["The game master ended the scene."]
        for name, c in view.characters.items():
            youth = "" if c.year is None else f", Youth {c.youth}/{c.youth_max}"
            lines.append(f"  {name}: {plural(c.damage, 'damage point')} ({c.wound.value}){youth}")
        return lines
