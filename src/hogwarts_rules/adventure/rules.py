"""First Year Adventure's rules, run on a draft of the game inside one ``apply``.

`Game.apply` stays pure: it hands the game and the action to `play`, which
thaws what it changes into a private, mutable `Draft` (the players it touches
become `PlayerDraft` copies), lets the rules below change that draft step by
step, and freezes it once at the end. The draft never leaves this module; no
caller ever sees it change. When the rules must stop part-way (a decision, or a
roll from external dice), the engine is handed a function that freezes the draft
as it stands, and calls it only then.

The rules read as the rulebook's turn does: roll, read the row, apply its
effects (see `hogwarts_rules.adventure.tables` for the tables, which are data).
"""

from __future__ import annotations

import enum
import functools
import operator
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Final, TypeVar

from hogwarts_rules.actions import Action
from hogwarts_rules.adventure.actions import (
    ChooseHouse,
    ChooseSpace,
    DeclineTeam,
    EnterDungeon,
    GoToThirdFloor,
    JoinTeam,
    KeepRoll,
    MoveOne,
    PlayerAction,
    RollOff,
    RollToMove,
    TakeTurn,
    UseBonus,
    UseRemembrall,
)
from hogwarts_rules.adventure.board import (
    DUNGEON,
    LOOP,
    Region,
    Space,
    loop_step,
    next_space,
    region,
)
from hogwarts_rules.adventure.events import (
    AmountRolled,
    Attribute,
    AttributeSet,
    ChallengePassed,
    CluesChanged,
    Ending,
    GameEnded,
    HousePointsChanged,
    ItemGained,
    KnowledgeGained,
    MissReason,
    Moved,
    Movement,
    Possession,
    RollChange,
    RollChanged,
    RolledOff,
    SkillChanged,
    TableRolled,
    TeamDecision,
    TurnMissed,
    TurnOrderSet,
    TurnsLost,
)
from hogwarts_rules.adventure.player import Player, PlayerDraft, _thaw
from hogwarts_rules.adventure.tables import (
    BOARDING_GIFTS,
    HOUSES,
    SPACE_TABLES,
    TABLES,
    Effect,
    EffectKind,
    Familiar,
    House,
    Item,
    Knowledge,
    RollModifier,
    Row,
    Skill,
    Table,
    Upbringing,
    Wand,
    Wealth,
)
from hogwarts_rules.engine import Context, copier
from hogwarts_rules.events import constructor
from hogwarts_rules.frozen import FrozenMap, adopt
from hogwarts_rules.history import History

if TYPE_CHECKING:
    from hogwarts_rules.adventure.game import Game

__all__ = ["CLUES_FOR_SHORTCUT", "VOLDEMORT_POINTS", "Draft", "play", "turn_actions"]

VOLDEMORT_POINTS: Final = 170
"""House points Dumbledore awards for defeating Voldemort."""

CLUES_FOR_SHORTCUT: Final = 5
"""Clues needed to go straight to the 3rd Floor, and to enter the dungeon."""

_new: Final = object.__new__

_SITUATIONS: Final[Mapping[Space, int]] = {
    space: 0 if region(space) is not Region.HOGWARTS else 2 if space is Space.THIRD_FLOOR else 1
    for space in Space
}
"""Where each space leaves a turn: 0 off the loop (one way on), 1 on the loop (a choice of
moves), 2 on the 3rd Floor (where the dungeon is entered); +2 with clues for the shortcut."""


_Choice = tuple[tuple[Action, ...], dict[str, tuple[Action, ...]]]
_Choices = tuple[tuple[str], tuple[_Choice, ...]]


def _turn_choices(name: str) -> _Choices:
    """Who acts, ``(name,)``, and what ``name`` may start a turn with in each situation.

    One entry per situation of `_SITUATIONS` (0 to 4): the actions, and the memo a game
    value is primed with (shared, never changed: see `GameBase.legal_actions`).
    """
    take, one, roll = TakeTurn(name), MoveOne(name), RollToMove(name)
    third, dungeon = GoToThirdFloor(name), EnterDungeon(name)
    choices = ((take,), (one, roll), (one, roll), (one, roll, third), (one, roll, dungeon))
    return (name,), tuple((actions, {name: actions}) for actions in choices)


_TURN_CHOICES: Final[dict[str, _Choices]] = {}
"""`_turn_choices` by name, once worked out (actions are values: one tuple serves every
game; cleared past `_TURN_CHOICES_LIMIT` names)."""
_TURN_CHOICES_LIMIT: Final = 1024


def _choices_of(name: str) -> _Choices:
    """`_turn_choices` of ``name``, kept in `_TURN_CHOICES`."""
    found = _TURN_CHOICES.get(name)
    if found is None:
        if len(_TURN_CHOICES) >= _TURN_CHOICES_LIMIT:
            _TURN_CHOICES.clear()
        found = _TURN_CHOICES[name] = _turn_choices(name)
    return found


@functools.lru_cache(maxsize=1024)
def _roll_choices(name: str, remembrall: bool, bonus: bool) -> tuple[Action, ...]:
    """What ``name`` may do with a roll just seen (one tuple serves every game)."""
    options: list[Action] = [KeepRoll(name)]
    if remembrall:
        options.append(UseRemembrall(name))
    if bonus:
        options.append(UseBonus(name))
    return tuple(options)


def turn_actions(player: PlayerDraft) -> tuple[Action, ...]:
    """What ``player`` may start a turn with, where they stand with the clues they have."""
    situation = _SITUATIONS[player.space]
    if situation and player.clues >= CLUES_FOR_SHORTCUT:
        situation += 2
    name = player.name
    return (_TURN_CHOICES.get(name) or _choices_of(name))[1][situation][0]


# Each event built by a generated constructor: every field positionally, nothing
# converted (the rules pass final values), as `Event` classes would build them.
_amount_rolled: Final = constructor(AmountRolled)
_challenge_passed: Final = constructor(ChallengePassed)
_clues_changed: Final = constructor(CluesChanged)
_moved: Final = constructor(Moved)
_points_changed: Final = constructor(HousePointsChanged)
_skill_changed: Final = constructor(SkillChanged)
_table_rolled: Final = constructor(TableRolled)
_turn_missed: Final = constructor(TurnMissed)
_turns_lost: Final = constructor(TurnsLost)

_FAMILY_MODIFIER: Final[Mapping[Upbringing | None, int]] = {
    Upbringing.WIZARDS: 1,
    Upbringing.MUGGLES: -1,
}
"""Platform 9 3/4: add 1 if you were raised by Wizards, subtract one if Muggles raised you."""

_OWL_MODIFIER: Final[Mapping[Familiar | None, int]] = {Familiar.BARN_OWL: 1, Familiar.SNOW_OWL: 2}
"""Mail Table: add 1 if you have a Barn Owl, 2 if you have a Snow Owl."""

_SKILL_LABELS: Final[Mapping[RollModifier, str]] = {
    key: f"{key.title()} skill"
    for key in (RollModifier.MAGIC, RollModifier.FLYING, RollModifier.STUDY, RollModifier.CHESS)
}


_Mods = tuple[tuple[str, int], ...]
_Read = Callable[[PlayerDraft], _Mods]


def _skill(key: RollModifier) -> _Read:
    """A skill's modifier: the skill itself (Study adds the +1s of cramming too)."""
    label = _SKILL_LABELS[key]
    value = operator.attrgetter(str(key))

    def read(p: PlayerDraft) -> _Mods:
        return ((label, value(p)),)

    def read_study(p: PlayerDraft) -> _Mods:
        if p.study_bonus:
            return (label, p.study), ("cram", p.study_bonus)
        return ((label, p.study),)

    return read_study if key is RollModifier.STUDY else read


def _plus_wealth(p: PlayerDraft) -> _Mods:
    return (("wealth", p.wealth_modifier),)


def _plus_family(p: PlayerDraft) -> _Mods:
    return (("family", _FAMILY_MODIFIER.get(p.raised_by, 0)),)


def _plus_owl(p: PlayerDraft) -> _Mods:
    return (("owl", _OWL_MODIFIER.get(p.familiar, 0)),)


def _plus_cloak(p: PlayerDraft) -> _Mods:
    return (("cloak", 1 if p.cloak else 0),)


def _plus_obsessed(p: PlayerDraft) -> _Mods:
    return (("previously obsessed", -2 if p.been_obsessed else 0),)


def _plus_mean_family(p: PlayerDraft) -> _Mods:
    return (("mean family", 1 if p.mean_family else 0),)


def _plus_bewitched(p: PlayerDraft) -> _Mods:
    return ()  # the Quidditch Match passes it in (``extra``): see EffectKind.TABLE


_MODIFIER_READERS: Final[Mapping[RollModifier, _Read]] = {
    RollModifier.MAGIC: _skill(RollModifier.MAGIC),
    RollModifier.FLYING: _skill(RollModifier.FLYING),
    RollModifier.STUDY: _skill(RollModifier.STUDY),
    RollModifier.CHESS: _skill(RollModifier.CHESS),
    RollModifier.WEALTH: _plus_wealth,
    RollModifier.FAMILY: _plus_family,
    RollModifier.OWL: _plus_owl,
    RollModifier.CLOAK: _plus_cloak,
    RollModifier.OBSESSED: _plus_obsessed,
    RollModifier.MEAN_FAMILY: _plus_mean_family,
    RollModifier.BEWITCHED: _plus_bewitched,
}
"""What each kind of modifier adds to a roll, each with its label (every `RollModifier`
has one)."""


def _no_modifiers(p: PlayerDraft) -> _Mods:
    return ()


def _modifiers_of(table: Table) -> _Read:
    """One reader for all of ``table``'s modifiers, in the order the table lists them."""
    readers = [_MODIFIER_READERS[m] for m in table.modifier_keys]
    if not readers:
        return _no_modifiers
    if len(readers) == 1:
        return readers[0]

    def read(p: PlayerDraft) -> _Mods:
        return tuple(mod for reader in readers for mod in reader(p))

    return read


_TABLE_MODIFIERS: Final[Mapping[str, _Read]] = {
    key: _modifiers_of(table) for key, table in TABLES.items()
}
"""Each table's modifiers, in the order the table lists them."""


_DRAFT_FIELDS: Final = ("players", "order", "turn", "round", "finished")
_COPIERS: Final[dict[type[Game], Callable[..., Game]]] = {}
"""Each game class's copy with what a draft changes (`copier`, the fields above in order)."""

_FINISHED_FIELDS: Final = (
    "players",
    "order",
    "turn",
    "round",
    "finished",
    "dice",
    "pending",
    "history",
    "_memo_to_act",
    "_memo_root",
    "_memo",
)
_FINISHERS: Final[dict[type[Game], Callable[..., Game]]] = {}
"""Each game class's copy for a finished action (`copier`, the fields above in order)."""

_SPACE_NAMES: Final[Mapping[Space, str]] = {space: space.value for space in Space}
"""Each space's name as a plain string (as events write it)."""

_LOOP_AHEAD: Final[Mapping[Space, tuple[Space, ...]]] = {
    space: tuple(loop_step(space, steps) for steps in range(7)) for space in LOOP
}
"""`loop_step` worked out for every loop space and 0 to 6 steps (a roll of one D6)."""


def _rows_by_total(table: Table) -> tuple[int, tuple[Row, ...]]:
    """``table``'s rows indexed by clamped total: (lowest total, one row per total)."""
    return table.lowest, tuple(table.row_for(t) for t in range(table.lowest, table.highest + 1))


_ROWS: Final[Mapping[str, tuple[int, tuple[Row, ...]]]] = {
    key: _rows_by_total(table) for key, table in TABLES.items()
}
"""Every table compiled once from its data: the row each (clamped) total reads."""


def _row(key: str, total: int) -> Row:
    """The row ``total`` reads on table ``key`` (clamped onto the table: ruling AD-4)."""
    lowest, rows = _ROWS[key]
    index = total - lowest
    if index < 0:
        return rows[0]
    return rows[index] if index < len(rows) else rows[-1]


class Draft:
    """One action's private, mutable copy of a `Game` (see the module docs).

    Attributes:
        ctx: the action's context (dice, decisions, events).
        game: the game the action started from (never changed).
        players: every player's record: the frozen `Player` until the rules change
            it, then its `PlayerDraft`.
        order: the order of play.
        turn: the index in ``order`` of the player whose turn it is.
        round: the current round.
        finished: why the game ended, once it has.
    """

    __slots__ = (
        "ctx",
        "emit",
        "finished",
        "game",
        "order",
        "players",
        "round",
        "touched",
        "turn",
    )

    def __init__(self, ctx: Context, game: Game) -> None:
        """Start changing ``game`` for one action."""
        self.ctx = ctx
        self.emit = ctx.events.append
        self.game = game
        self.players: dict[str, PlayerDraft] = game.players.to_dict()  # type: ignore[assignment]
        self.touched: list[str] = []  # whose records are drafts now
        self.order = game.order
        self.turn = game.turn
        self.round = game.round
        self.finished = game.finished

    # ----- the draft itself --------------------------------------------------------------

    def mine(self, name: str) -> PlayerDraft:
        """``name``'s record, thawed for changing (once per action)."""
        p = self.players[name]
        if type(p) is not PlayerDraft:
            p = self.players[name] = _thaw(p)  # type: ignore[arg-type]
            self.touched.append(name)
        return p

    def freeze(self, history: History | None = None) -> Game:
        """The game as the draft now stands, as a frozen value (the draft is done).

        With ``history``, the finished result of the action: the context's dice, that
        history and nothing pending (one copy of the game instead of two).
        """
        game = self.game
        if self.touched:
            data = self.players
            for name in self.touched:
                data[name].__class__ = Player  # `freeze`, in place: the draft is done
            # The map takes the dict itself: the draft is done, nothing changes it again.
            players: FrozenMap[str, Player] = adopt(data)  # type: ignore[arg-type]
        else:
            players = game.players
        if history is None:
            copy = _COPIERS.get(type(game))
            if copy is None:
                copy = _COPIERS[type(game)] = copier(type(game), *_DRAFT_FIELDS)
            return copy(game, players, self.order, self.turn, self.round, self.finished)
        # What comes next is known here: who acts and what they may start a turn with,
        # so the new value answers `to_act` and `legal_actions` without working them out.
        finish = _FINISHERS.get(type(game))
        if finish is None:
            finish = _FINISHERS[type(game)] = copier(type(game), *_FINISHED_FIELDS)
        order = self.order
        to_act: tuple[str, ...]
        seats: dict[str, tuple[Action, ...]] | None
        if self.finished is None:
            name = order[self.turn]
            p = self.players[name]  # `turn_actions`, written out (the record, without the map)
            situation = _SITUATIONS[p.space]
            if situation and p.clues >= CLUES_FOR_SHORTCUT:
                situation += 2
            to_act, choices = _TURN_CHOICES.get(name) or _choices_of(name)
            actions, seats = choices[situation]
        else:
            actions = to_act = ()
            seats = None
        return finish(
            game,
            players,
            order,
            self.turn,
            self.round,
            self.finished,
            self.ctx.dice,
            None,
            history,
            to_act,
            actions,
            seats,
        )

    def scores(self) -> dict[str, int]:
        """Every player's house points, in seat order."""
        return {name: p.house_points for name, p in self.players.items()}

    # ----- small helpers -------------------------------------------------------------

    def points(self, name: str, change: int) -> None:
        """Add ``change`` house points (negative: take them away)."""
        p = self.mine(name)
        p.house_points += change
        self.emit(_points_changed(name, change, p.house_points))

    def skill(self, name: str, skill: Skill, change: int) -> None:
        """Change one of ``name``'s skills by ``change``."""
        p = self.mine(name)
        value: int = getattr(p, skill) + change
        self.emit(_skill_changed(name, skill, change, value))
        setattr(p, skill, value)

    def miss(self, name: str, turns: int) -> None:
        """``name`` misses ``turns`` more turns."""
        self.emit(_turns_lost(name, turns, MissReason.MISSED))
        self.mine(name).turns_to_miss += turns

    # ----- rolling -------------------------------------------------------------------

    def roll(
        self,
        name: str,
        count: int,
        purpose: str,
        preview: Table | None,
        extra: tuple[tuple[str, int], ...] = (),
    ) -> tuple[tuple[int, ...], int]:
        """Roll ``count`` D6 for ``name``, who may then change it (Remembrall, stored +1).

        Returns the dice and the +1s added (items used up come off the draft).
        """
        ctx = self.ctx
        if ctx.external:
            dice = ctx.roll_many(count, 6, label=f"{name}'s {purpose}", state=self.freeze)
        elif count == 1:
            dice = (ctx.roll_die(6),)
        else:  # one die at a time, as `Context.roll_many` rolls them
            roll_die = ctx.roll_die
            dice = tuple([roll_die(6) for _ in range(count)])
        p = self.players[name]
        if not p.remembralls and not p.future_bonuses:
            return dice, 0
        return self.change_roll(name, count, purpose, preview, extra, dice)

    def change_roll(
        self,
        name: str,
        count: int,
        purpose: str,
        preview: Table | None,
        extra: tuple[tuple[str, int], ...],
        dice: tuple[int, ...],
    ) -> tuple[tuple[int, ...], int]:
        """Offer ``name`` the Remembrall and the stored +1s on ``dice`` (see `roll`)."""
        ctx = self.ctx
        bonus = 0
        while True:
            p = self.players[name]
            if not p.remembralls and not p.future_bonuses:
                return dice, bonus
            options = _roll_choices(name, p.remembralls > 0, p.future_bonuses > 0)
            if ctx.replaying:  # the choice is made already: nobody reads what is asked
                choice = ctx.decide(name, options, prompt="", state=self.freeze)
            else:
                shown = " + ".join(map(str, dice)) + (f" +{bonus}" if bonus else "")
                rolled = sum(dice) + bonus
                details: dict[str, int | str] = {"purpose": purpose, "roll": rolled}
                if preview is not None:
                    for _, value in (*self.modifiers(name, preview), *extra):
                        rolled += value
                    details["table"] = preview.key
                    details["result"] = _row(preview.key, rolled).result
                prompt = f"{name} rolled {shown} for {purpose}: keep it, or change it?"
                choice = ctx.decide(
                    name, options, prompt=prompt, details=details, state=self.freeze
                )
            if isinstance(choice, KeepRoll):
                return dice, bonus
            if isinstance(choice, UseRemembrall):
                self.mine(name).remembralls -= 1
                dice = ctx.roll_many(
                    count, 6, label=f"{name}'s {purpose} (Remembrall reroll)", state=self.freeze
                )
                ctx.emit(RollChanged(name, RollChange.REMEMBRALL, dice, bonus))
            else:
                self.mine(name).future_bonuses -= 1
                bonus += 1
                ctx.emit(RollChanged(name, RollChange.BONUS, dice, bonus))

    def amount(self, name: str, count: int, purpose: str) -> int:
        """Roll ``count`` D6 for an amount (spaces, points, frogs, turns) and say so."""
        ctx = self.ctx
        p = self.players[name]
        if count == 1 and not (ctx.external or p.remembralls or p.future_bonuses):
            total = ctx.roll_die(6)  # `roll` without a choice to offer, as it rolls
            self.emit(_amount_rolled(name, purpose, (total,), total))
            return total
        dice, bonus = self.roll(name, count, purpose, None)
        total = sum(dice) + bonus
        self.emit(_amount_rolled(name, purpose, dice, total))
        return total

    def modifiers(self, name: str, table: Table) -> tuple[tuple[str, int], ...]:
        """What ``table`` adds to ``name``'s roll, each with its label (zeros included)."""
        return _TABLE_MODIFIERS[table.key](self.players[name])

    def roll_table(self, name: str, key: str, extra: tuple[tuple[str, int], ...] = ()) -> Row:
        """Roll on a table and return the row read (its effects are not applied yet)."""
        return self.read_table(name, key, extra)[0]

    def read_table(
        self, name: str, key: str, extra: tuple[tuple[str, int], ...] = ()
    ) -> tuple[Row, tuple[tuple[_Apply, Effect], ...]]:
        """Roll on a table: the row read and its effects, compiled (not applied yet)."""
        table, lowest, rows, studies, modifiers, count, title = _PLAYS[key]
        ctx = self.ctx
        p = self.players[name]
        if ctx.external or p.remembralls or p.future_bonuses:
            dice, bonus = self.roll(name, count, title, table, extra)
            total = sum(dice)
            p = self.players[name]  # the record as the roll left it
        elif count == 1:  # `roll` without a choice to offer, as it rolls
            total = ctx.roll_die(6)
            dice, bonus = (total,), 0
        else:
            roll_die = ctx.roll_die
            dice, bonus = tuple([roll_die(6) for _ in range(count)]), 0
            total = sum(dice)
        # The table's own modifiers, then ``extra``, then the stored +1s.
        mods = () if modifiers is None else modifiers(p)
        if extra:
            mods += extra
        if bonus:
            mods += (("stored +1", bonus),)
        for _, value in mods:
            total += value
        index = total - lowest
        found = rows[0] if index < 0 else rows[index] if index < len(rows) else rows[-1]
        self.emit(_table_rolled(name, key, title, dice, mods, total, found[0].result))
        if studies and p.study_bonus:
            self.mine(name).study_bonus = 0
        return found

    def table(self, name: str, key: str, extra: tuple[tuple[str, int], ...] = ()) -> None:
        """Roll on table ``key`` and apply the row's effects."""
        for apply, effect in self.read_table(name, key, extra)[1]:
            apply(self, name, effect, key)
            if self.finished is not None:
                break

    # ----- effects -------------------------------------------------------------------

    def effects(self, name: str, effects: Sequence[Effect], table: str) -> None:
        """Apply a row's effects in order (stopping once the game has ended)."""
        for effect in effects:
            _EFFECTS[effect.kind](self, name, effect, table)
            if self.finished is not None:
                break

    def effect(self, name: str, effect: Effect, table: str) -> None:
        """Apply one effect of a row of ``table`` (see `Effect` for the vocabulary)."""
        _EFFECTS[effect.kind](self, name, effect, table)

    def clue(self, name: str, once: str) -> None:
        """Gain a clue; a one-time-only source (``once``) gives it only the first time."""
        p = self.players[name]
        if once and once in p.clue_sources_used:
            return
        p = self.mine(name)
        if once:
            p.clue_sources_used = p.clue_sources_used | frozenset((once,))
        p.clues += 1
        self.emit(_clues_changed(name, p.clues, once))

    def roll_on(self, name: str, key: str, *, bewitched: bool) -> None:
        """Roll on another table (the Package Table and the Quidditch Match have more to them)."""
        if key == "package":
            self.package(name)
            return
        self.table(name, key)
        if key == "quidditch_match" and self.finished is None:
            broom = (("bewitched broom", 1 if bewitched else 0),)
            self.table(name, "match_injury", broom)

    def learn(self, name: str, knowledge: Knowledge) -> None:
        """``name`` learns something (Fluffy's secret, plant lore, the Wizard's Mark)."""
        self.emit(KnowledgeGained(name, knowledge))
        setattr(self.mine(name), knowledge.value, True)

    def sorted_into(self, name: str, house: House) -> None:
        """``name`` joins ``house``."""
        self.emit(AttributeSet(name, Attribute.HOUSE, house.value))
        self.mine(name).house = house

    def taken_houses(self) -> set[House]:
        """The houses somebody has already been sorted into."""
        return {p.house for p in self.players.values() if p.house is not None}

    def item(self, name: str, item: Item, amount: int) -> None:
        """Gain ``item`` (``amount`` D6 of Chocolate Frogs or Every Flavour Beans)."""
        emit = self.emit
        match item:
            case Item.CHOCOLATE_FROGS:
                count = self.amount(name, amount, "Chocolate Frogs")
                emit(ItemGained(name, Possession.CHOCOLATE_FROGS, count))
                self.mine(name).chocolate_frogs += count
            case Item.BEANS:
                count = self.amount(name, amount, "Every Flavour Beans")
                emit(ItemGained(name, Possession.BEANS, count))
                self.mine(name).beans += count
            case Item.SWEATER:
                emit(ItemGained(name, Possession.SWEATER))
                self.mine(name).sweaters += 1
            case Item.REMEMBRALL:
                emit(ItemGained(name, Possession.REMEMBRALL))
                self.mine(name).remembralls += 1
            case Item.CLOAK:
                emit(ItemGained(name, Possession.CLOAK))
                self.mine(name).cloak = True
            case Item.NIMBUS:
                emit(ItemGained(name, Possession.NIMBUS))
                self.mine(name).nimbus = True
            case _:  # pragma: no cover
                raise AssertionError(f"unknown item {item!r}")

    def package(self, name: str) -> None:
        """The Package Table: roll again while the row gives something already owned."""
        while True:
            row = self.roll_table(name, "package")
            p = self.players[name]
            owned = {Item.CLOAK: p.cloak, Item.NIMBUS: p.nimbus}
            # "Roll again if you have one."
            items = [_ITEMS[e.what] for e in row.effects if e.kind is EffectKind.ITEM]
            if not any(owned.get(item) for item in items):
                self.effects(name, row.effects, "package")
                return

    # ----- moving --------------------------------------------------------------------

    def move(self, name: str, space: Space, how: Movement) -> None:
        """Move ``name``'s pawn to ``space`` (the space does not take effect: see `land`)."""
        p = self.mine(name)
        self.emit(_moved(name, _SPACE_NAMES[p.space], _SPACE_NAMES[space], how))
        p.space = space

    def land(self, name: str, space: Space, how: Movement) -> None:
        """Move to ``space``, which then takes effect."""
        players = self.players  # `move` and `mine`, written out: every turn lands somewhere
        p = players[name]
        if type(p) is not PlayerDraft:
            p = players[name] = _thaw(p)  # type: ignore[arg-type]
            self.touched.append(name)
        self.emit(_moved(name, _SPACE_NAMES[p.space], _SPACE_NAMES[space], how))
        p.space = space
        key = _LANDINGS[space]  # `arrive` and `table`, written out for most spaces
        if key is None:
            return
        if key is _ARRIVE:
            self.arrive(name)
            return
        for apply, effect in self.read_table(name, key)[1]:
            apply(self, name, effect, key)
            if self.finished is not None:
                break

    def arrive(self, name: str) -> None:
        """The space ``name`` has just reached takes effect."""
        p = self.players[name]
        space = p.space
        if space not in _SPECIAL_SPACES:  # most spaces: roll on the space's table
            key = SPACE_TABLES.get(space)
            if key is not None:
                self.table(name, key)
        elif space is Space.GRINGOTTS:
            self.table(name, "gringotts_wealth")
            self.table(name, "gringotts_visit")
        elif space is Space.PLATFORM:
            if not p.boarded:
                self.mine(name).boarded = True
                for gift in BOARDING_GIFTS:
                    self.effect(name, gift, "platform")
            self.table(name, "platform")
        elif space is Space.GREAT_HALL and p.house is None:
            self.sorting(name)
        elif space is Space.QUIDDITCH_FIELD:
            self.table(name, "quidditch_team" if p.on_team else "flying_lessons")
        elif (space is Space.FLUFFY and p.fluffys_secret) or (
            space is Space.DEVILS_SNARE and p.plant_lore
        ):
            self.emit(_challenge_passed(name, space.value, True))
        elif space is Space.SORCERERS_STONE and p.wizards_mark:
            self.defeat_voldemort(name, automatically=True)
        else:
            key = SPACE_TABLES.get(space)
            if key is not None:
                self.table(name, key)

    def sorting(self, name: str) -> None:
        """The Sorting: roll until the row names a house nobody has."""
        while True:
            row = self.roll_table(name, "sorting")
            (effect,) = row.effects
            if effect.kind is EffectKind.HOUSE and effect.what in self.taken_houses():
                continue  # "If you roll a House someone already has roll again."
            self.effect(name, effect, "sorting")
            return

    def defeat_voldemort(self, name: str, *, automatically: bool) -> None:
        """``name`` defeats Voldemort: the points, everyone to the Great Hall, the end."""
        self.emit(ChallengePassed(name, Space.SORCERERS_STONE.value, automatically))
        self.points(name, VOLDEMORT_POINTS)
        for other in list(self.players):  # "Everyone goes to the Great Hall."
            self.move(other, Space.GREAT_HALL, Movement.FORCED)
        self.finish(Ending.VOLDEMORT_DEFEATED)

    def finish(self, reason: Ending) -> None:
        """End the game (the winners have the most house points; ties share the win)."""
        self.finished = reason
        scores = self.scores()
        best = max(scores.values())
        winners = tuple(name for name, points in scores.items() if points == best)
        self.emit(GameEnded(winners, reason, tuple(scores.items())))

    # ----- turns ---------------------------------------------------------------------

    def roll_off(self) -> None:
        """Roll for who goes first (ties roll again) and set the order of play."""
        ctx = self.ctx
        rolling = list(self.game.setup.players)
        while True:
            rolls = [
                (name, ctx.roll(6, label=f"{name}'s roll for who goes first", state=self.freeze))
                for name in rolling
            ]
            ctx.emit(RolledOff(tuple(rolls)))
            best = max(roll for _, roll in rolls)
            rolling = [name for name, roll in rolls if roll == best]
            if len(rolling) == 1:
                break
        seats = self.game.setup.players
        first = seats.index(rolling[0])
        order = seats[first:] + seats[:first]
        ctx.emit(TurnOrderSet(order))
        self.order, self.turn, self.round = order, 0, 1

    def turn_of(self, action: PlayerAction) -> None:
        """The turn ``action`` starts: the Invitation, a repeated table, or a move."""
        name = action.player
        p = self.players[name]
        kind = type(action)  # the exact classes: only listed actions get here
        if kind is RollToMove:
            ctx = self.ctx
            if ctx.external or p.remembralls or p.future_bonuses:
                steps = self.amount(name, 1, "movement")  # more than 6 with stored +1s
            else:  # `amount`, written out: nobody is asked about the roll
                steps = ctx.roll_die(6)
                self.emit(_amount_rolled(name, "movement", (steps,), steps))
            here = self.players[name].space
            ahead = _LOOP_AHEAD[here][steps] if steps <= 6 else loop_step(here, steps)
            self.land(name, ahead, Movement.ROLL)
        elif kind is TakeTurn:
            if p.space is Space.INVITATION and not p.invited:
                self.mine(name).invited = True
                for key in ("childhood", "magical_talent", "additional_talent"):
                    self.table(name, key)
                self.table(name, "admissions")
            elif p.repeat_table is not None:
                key = p.repeat_table
                self.mine(name).repeat_table = None
                self.table(name, key)
            else:
                following = next_space(p.space)
                assert following is not None
                how = Movement.DUNGEON if following in DUNGEON else Movement.STEP
                self.land(name, following, how)
        elif kind is MoveOne:
            self.land(name, _LOOP_AHEAD[p.space][1], Movement.STEP)
        elif kind is GoToThirdFloor:
            self.land(name, Space.THIRD_FLOOR, Movement.SHORTCUT)
        else:
            assert isinstance(action, EnterDungeon)
            self.land(name, Space.FLUFFY, Movement.DUNGEON)

    def next_turn(self) -> None:
        """Pass the turn on, past players who miss theirs; end at the round limit."""
        order = self.order
        players = self.players
        turn = self.turn
        while True:
            turn += 1
            if turn == len(order):
                turn = 0
                self.round += 1
                limit = self.game.setup.max_rounds
                if limit is not None and self.round > limit:
                    self.turn = turn
                    self.round = limit
                    self.finish(Ending.ROUND_LIMIT)
                    return
            name = order[turn]
            p = players[name]
            if p.mirror_turns:
                mine = self.mine(name)
                mine.mirror_turns -= 1
                left = mine.mirror_turns + mine.turns_to_miss
                self.emit(_turn_missed(name, MissReason.MIRROR, left))
            elif p.turns_to_miss:
                mine = self.mine(name)
                mine.turns_to_miss -= 1
                self.emit(_turn_missed(name, MissReason.MISSED, mine.turns_to_miss))
            else:
                self.turn = turn
                return


# ----- the effects, one small function per kind of effect ------------------------------

_E = TypeVar("_E", bound=enum.Enum)


def _by_value(kind: type[_E]) -> Mapping[str, _E]:
    """Each member of ``kind`` by its value: ``kind(value)``, as a dict lookup.

    A row's value is read at every roll, and calling an enum class is slower.
    """
    return {member.value: member for member in kind}


_SKILLS: Final = _by_value(Skill)
_SPACES: Final = _by_value(Space)
_ITEMS: Final = _by_value(Item)
_HOUSES: Final = _by_value(House)
_KNOWLEDGE: Final = _by_value(Knowledge)
_WEALTHS: Final = _by_value(Wealth)


def _hospital(d: Draft, name: str, effect: Effect, table: str) -> None:
    d.move(name, Space.HOSPITAL, Movement.HOSPITAL)
    d.miss(name, effect.amount)


def _move_dice(d: Draft, name: str, effect: Effect, table: str) -> None:
    start = d.players[name].space
    steps = d.amount(name, effect.amount, "the Moving Staircases")
    d.land(name, loop_step(start, steps), Movement.FORCED)


def _secret_passage(d: Draft, name: str, effect: Effect, table: str) -> None:
    here = d.players[name].space
    options = [ChooseSpace(name, s.value) for s in LOOP if s is not here]
    choice = d.ctx.decide(
        name, options, prompt=f"{name} found a secret passage: where to?", state=d.freeze
    )
    assert isinstance(choice, ChooseSpace)
    d.land(name, Space(choice.space), Movement.SECRET_PASSAGE)


def _attribute(field: str, attribute: Attribute, values: Mapping[str, object]) -> _Apply:
    """An effect that sets ``field`` to the row's value (and says so)."""

    def apply(d: Draft, name: str, effect: Effect, table: str) -> None:
        d.emit(AttributeSet(name, attribute, effect.what))
        setattr(d.mine(name), field, values[effect.what])

    return apply


def _mean_family(d: Draft, name: str, effect: Effect, table: str) -> None:
    d.emit(AttributeSet(name, Attribute.FAMILY, "mean"))
    d.mine(name).mean_family = True


def _wealth(d: Draft, name: str, effect: Effect, table: str) -> None:
    d.emit(AttributeSet(name, Attribute.WEALTH, effect.what))
    p = d.mine(name)
    p.wealth = _WEALTHS[effect.what]
    p.wealth_modifier = effect.amount


def _future_bonus(d: Draft, name: str, effect: Effect, table: str) -> None:
    d.emit(ItemGained(name, Possession.FUTURE_BONUS))
    d.mine(name).future_bonuses += 1


def _study_bonus(d: Draft, name: str, effect: Effect, table: str) -> None:
    d.emit(ItemGained(name, Possession.STUDY_BONUS))
    d.mine(name).study_bonus += 1


def _stay_dice(d: Draft, name: str, effect: Effect, table: str) -> None:
    turns = d.amount(name, effect.amount, "turns in front of the Mirror")
    d.emit(TurnsLost(name, turns, MissReason.MIRROR))
    p = d.mine(name)
    p.mirror_turns = turns
    p.been_obsessed = True


def _move_on(d: Draft, name: str, effect: Effect, table: str) -> None:
    ahead = next_space(d.players[name].space)
    assert ahead is not None
    d.land(name, ahead, Movement.STEP)


def _repeat(d: Draft, name: str, effect: Effect, table: str) -> None:
    d.mine(name).repeat_table = table


def _team_offer(d: Draft, name: str, effect: Effect, table: str) -> None:
    offer = [JoinTeam(name), DeclineTeam(name)]
    prompt = f"{name} is offered a place on the Quidditch team"
    choice = d.ctx.decide(name, offer, prompt=prompt, state=d.freeze)
    joined = isinstance(choice, JoinTeam)
    d.emit(TeamDecision(name, joined))
    if joined:
        d.mine(name).on_team = True
        d.skill(name, Skill.STUDY, -1)


def _pick_house(d: Draft, name: str, effect: Effect, table: str) -> None:
    taken = d.taken_houses()
    options = [ChooseHouse(name, h.value) for h in HOUSES if h not in taken]
    choice = d.ctx.decide(name, options, prompt=f"{name} may pick a house", state=d.freeze)
    assert isinstance(choice, ChooseHouse)
    d.sorted_into(name, House(choice.house))


def _pass(d: Draft, name: str, effect: Effect, table: str) -> None:
    d.emit(ChallengePassed(name, d.players[name].space.value, False))


def _points(d: Draft, name: str, effect: Effect, table: str) -> None:
    p = d.players[name]  # `Draft.points`, written out: the commonest effect
    if type(p) is not PlayerDraft:
        p = d.mine(name)
    p.house_points += effect.amount
    d.emit(_points_changed(name, effect.amount, p.house_points))


def _go(d: Draft, name: str, effect: Effect, table: str) -> None:
    d.land(name, _SPACES[effect.what], Movement.FORCED)


def _miss(d: Draft, name: str, effect: Effect, table: str) -> None:
    d.miss(name, effect.amount)


_Apply = Callable[[Draft, str, Effect, str], None]

_EFFECTS: Final[Mapping[EffectKind, _Apply]] = {
    EffectKind.POINTS: _points,
    EffectKind.POINTS_DICE: lambda d, name, e, t: d.points(
        name, d.amount(name, e.amount, "house points")
    ),
    EffectKind.CLUE: lambda d, name, e, t: d.clue(name, e.what),
    EffectKind.SKILL: lambda d, name, e, t: d.skill(name, _SKILLS[e.what], e.amount),
    EffectKind.MISS: _miss,
    EffectKind.HOSPITAL: _hospital,
    EffectKind.GO: _go,
    EffectKind.MOVE_DICE: _move_dice,
    EffectKind.SECRET_PASSAGE: _secret_passage,
    EffectKind.TABLE: lambda d, name, e, t: d.roll_on(name, e.what, bewitched=bool(e.amount)),
    EffectKind.ITEM: lambda d, name, e, t: d.item(name, _ITEMS[e.what], e.amount),
    EffectKind.RAISED_BY: _attribute("raised_by", Attribute.RAISED_BY, _by_value(Upbringing)),
    EffectKind.MEAN_FAMILY: _mean_family,
    EffectKind.WEALTH: _wealth,
    EffectKind.WAND: _attribute("wand", Attribute.WAND, _by_value(Wand)),
    EffectKind.FAMILIAR: _attribute("familiar", Attribute.FAMILIAR, _by_value(Familiar)),
    EffectKind.HOUSE: lambda d, name, e, t: d.sorted_into(name, _HOUSES[e.what]),
    EffectKind.FUTURE_BONUS: _future_bonus,
    EffectKind.STUDY_BONUS: _study_bonus,
    EffectKind.KNOW: lambda d, name, e, t: d.learn(name, _KNOWLEDGE[e.what]),
    EffectKind.WIZARDS_MARK: lambda d, name, e, t: d.learn(name, Knowledge.WIZARDS_MARK),
    EffectKind.STAY_DICE: _stay_dice,
    EffectKind.MOVE_ON: _move_on,
    EffectKind.REPEAT: _repeat,
    EffectKind.TEAM_OFFER: _team_offer,
    EffectKind.PICK_HOUSE: _pick_house,
    EffectKind.PASS: _pass,
    EffectKind.DEFEAT_VOLDEMORT: lambda d, name, e, t: d.defeat_voldemort(
        name, automatically=False
    ),
}
"""What each kind of effect does to the draft (every `EffectKind` has one)."""

_SPECIAL_SPACES: Final = frozenset(
    (
        Space.GRINGOTTS,
        Space.PLATFORM,
        Space.GREAT_HALL,
        Space.QUIDDITCH_FIELD,
        Space.FLUFFY,
        Space.DEVILS_SNARE,
        Space.SORCERERS_STONE,
    )
)
"""The spaces `Draft.arrive` treats otherwise than by rolling on their table (sometimes)."""

_ARRIVE: Final = "arrive"
_LANDINGS: Final[Mapping[Space, str | None]] = {
    space: _ARRIVE if space in _SPECIAL_SPACES else SPACE_TABLES.get(space) for space in Space
}
"""What landing on each space does (`Draft.land`): `Draft.arrive` for the special spaces
(``_ARRIVE``), else the key of the space's table, or ``None`` for a space without one."""


_Compiled = tuple[Row, tuple[tuple[_Apply, Effect], ...]]
_Play = tuple[Table, int, tuple[_Compiled, ...], bool, _Read | None, int, str]


def _compile(table: Table) -> _Play:
    """``table`` for `Draft.read_table`: each clamped total's row with its effects' functions."""
    lowest, rows = _ROWS[table.key]
    compiled = tuple((row, tuple((_EFFECTS[e.kind], e) for e in row.effects)) for row in rows)
    studies = RollModifier.STUDY in table.modifier_keys
    modifiers = _TABLE_MODIFIERS[table.key] if table.modifier_keys else None
    return table, lowest, compiled, studies, modifiers, table.dice, table.title


_PLAYS: Final[Mapping[str, _Play]] = {key: _compile(table) for key, table in TABLES.items()}
"""Every table compiled once from its data: (table, lowest total, row and effects per
total, whether the roll spends the Study +1s, its modifiers if it has any, its dice,
its title)."""


def play(game: Game, ctx: Context, action: Action, history: History | None = None) -> Game:
    """Apply a checked root action to ``game`` on a draft, and freeze the result once.

    With ``history``, the result is the action's finished game (see `Draft.freeze`).
    """
    draft = _new(Draft)  # `Draft(ctx, game)`, written out: once per action
    draft.ctx = ctx
    draft.emit = ctx.events.append
    draft.game = game
    draft.players = dict(game.players._data)  # `game.players.to_dict()`
    draft.touched = []
    draft.order = game.order
    draft.turn = game.turn
    draft.round = game.round
    draft.finished = game.finished
    if type(action) is RollOff:
        draft.roll_off()
    else:  # a listed turn action (`turn_of` asserts the kind of any other)
        draft.turn_of(action)  # type: ignore[arg-type]
        if draft.finished is None:
            draft.next_turn()
    return draft.freeze(history)
