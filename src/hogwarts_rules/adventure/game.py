"""First Year Adventure: the game value and its rules.

Examples:
    >>> from hogwarts_rules import adventure
    >>> game = adventure.new_game(["Harry", "Hermione"], seed=3)
    >>> game.legal_actions()
    (RollOff(),)
    >>> game, events = game.apply(adventure.RollOff())
    >>> game.to_act
    ('Hermione',)
    >>> print(events[-1].description)
    Hermione goes first; the order of play is Hermione, Harry
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Final, Self

import attrs

from hogwarts_rules.actions import Action
from hogwarts_rules.adventure.actions import (
    AdventureAction,
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
from hogwarts_rules.adventure.errors import refuse
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
from hogwarts_rules.dice import DiceSource
from hogwarts_rules.engine import (
    Context,
    GameBase,
    Outcome,
    check_player_names,
    make_dice,
    replace,
)
from hogwarts_rules.frozen import FrozenMap, sorted_repr
from hogwarts_rules.serialization import unstructure

__all__ = [
    "CLUES_FOR_SHORTCUT",
    "KIND",
    "MAX_ROUND_LIMIT",
    "VOLDEMORT_POINTS",
    "AdventureSetup",
    "Game",
    "Player",
    "new_game",
]

KIND: Final = "first-year-adventure"
"""The game's kind, as written in saved games."""

CLUES_FOR_SHORTCUT: Final = 5
"""Clues needed to go straight to the 3rd Floor, and to enter the dungeon."""

VOLDEMORT_POINTS: Final = 170
"""House points Dumbledore awards for defeating Voldemort."""

MAX_ROUND_LIMIT: Final = 100_000
"""The largest round limit (`AdventureSetup.max_rounds`) a game accepts."""


if TYPE_CHECKING:
    from hogwarts_rules.adventure.view import AdventureView


def _names(value: Sequence[str]) -> frozenset[str]:
    return frozenset(value)


_FAMILY_MODIFIER: Final[Mapping[Upbringing | None, int]] = {
    Upbringing.WIZARDS: 1,
    Upbringing.MUGGLES: -1,
}
"""Platform 9 3/4: add 1 if you were raised by Wizards, subtract one if Muggles raised you."""

_OWL_MODIFIER: Final[Mapping[Familiar | None, int]] = {Familiar.BARN_OWL: 1, Familiar.SNOW_OWL: 2}
"""Mail Table: add 1 if you have a Barn Owl, 2 if you have a Snow Owl."""


@attrs.frozen
class Player:
    """Everything one player keeps track of.

    Attributes:
        name: the player's name.
        space: where the pawn stands.
        house: the house, once sorted.
        magic: Magic skill.
        flying: Flying skill.
        study: Study skill.
        chess: Chess skill.
        house_points: house points (may be negative).
        clues: clues gathered.
        raised_by: who raised the player, once known.
        mean_family: raised by a mean family.
        wizards_mark: born with the Wizard's Mark (automatically defeats Voldemort).
        wealth: how well off the player is, once known.
        wealth_modifier: -1, 0 or +1.
        wand: the wand, once bought.
        familiar: the familiar, once bought.
        chocolate_frogs: Chocolate Frogs.
        beans: Every Flavour Beans.
        sweaters: sweaters from home.
        remembralls: unused Remembralls (each rerolls one roll).
        cloak: has the Cloak of Invisibility.
        nimbus: has a Nimbus 2000.
        clue_sources_used: "one time only" clue sources already used.
        turns_to_miss: turns still to miss.
        mirror_turns: turns still to stay in front of the Mirror of Erised.
        future_bonuses: stored "+1 to one future roll".
        study_bonus: +1s waiting for the next Study roll.
        fluffys_secret: Hagrid told Fluffy's secret.
        plant_lore: learned plant lore.
        on_team: on the Quidditch team.
        been_obsessed: has been obsessed by the Mirror before.
        invited: the Invitation tables have been rolled.
        boarded: has had the Platform's frogs and beans.
        repeat_table: a table to roll again next turn instead of moving.
    """

    name: str
    space: Space = Space.INVITATION
    house: House | None = None
    magic: int = 0
    flying: int = 0
    study: int = 0
    chess: int = 0
    house_points: int = 0
    clues: int = 0
    raised_by: Upbringing | None = None
    mean_family: bool = False
    wizards_mark: bool = False
    wealth: Wealth | None = None
    wealth_modifier: int = 0
    wand: Wand | None = None
    familiar: Familiar | None = None
    chocolate_frogs: int = 0
    beans: int = 0
    sweaters: int = 0
    remembralls: int = 0
    cloak: bool = False
    nimbus: bool = False
    clue_sources_used: frozenset[str] = attrs.field(
        default=frozenset(), converter=_names, repr=sorted_repr
    )
    turns_to_miss: int = 0
    mirror_turns: int = 0
    future_bonuses: int = 0
    study_bonus: int = 0
    fluffys_secret: bool = False
    plant_lore: bool = False
    on_team: bool = False
    been_obsessed: bool = False
    invited: bool = False
    boarded: bool = False
    repeat_table: str | None = None

    def skill(self, name: Skill | str) -> int:
        """A skill by name (a `Skill`: ``magic``, ``flying``, ``study``, ``chess``)."""
        value: int = getattr(self, name)
        return value


@attrs.frozen
class AdventureSetup:
    """How a game starts.

    Attributes:
        players: the players' names, in seat order (play passes in this order).
        dice: the dice the game starts with.
        max_rounds: end the game after this many rounds (for simulations), or ``None``.
    """

    players: tuple[str, ...]
    dice: DiceSource
    max_rounds: int | None = None


@attrs.frozen(kw_only=True)
class Game(GameBase):
    """A game of First Year Adventure (immutable; see `hogwarts_rules.engine`).

    Attributes:
        setup: how the game started.
        players: every player's record, by name, in seat order.
        order: the order of play once the roll-off is done (first player first).
        turn: the index in ``order`` of the player whose turn it is.
        round: the current round (1 for the first round; 0 before the roll-off).
        finished: why the game ended, or ``None`` while it goes on.
    """

    KIND: ClassVar[str] = KIND
    SETUP_TYPE: ClassVar[type[Any]] = AdventureSetup
    ACTION_TYPE: ClassVar[type[Action]] = AdventureAction

    setup: AdventureSetup = attrs.field(repr=False)
    players: FrozenMap[str, Player]
    order: tuple[str, ...] = ()
    turn: int = 0
    round: int = 0
    finished: Ending | None = None

    # ----- reading the game -------------------------------------------------------------

    @property
    def current_player(self) -> str | None:
        """Whose turn it is (``None`` before the roll-off and after the end)."""
        if not self.order or self.finished is not None:
            return None
        return self.order[self.turn]

    def player(self, name: str) -> Player:
        """A player's record by name.

        Raises:
            IllegalActionError: there is no such player.
        """
        found = self.players.get(name) if type(name) is str else None
        if found is None:
            raise refuse(
                "unknown_player", f"there is no player called {str(name)[:60]!r} in this game"
            )
        return found

    def view(self, seat: str | None) -> AdventureView:
        """What ``seat`` may see (``None``: the table): every record, never the dice.

        Raises:
            IllegalActionError: there is no such player.
        """
        from hogwarts_rules.adventure.view import view_for

        if seat is not None:
            self.player(seat)
        return view_for(self, seat)

    @property
    def seat_names(self) -> tuple[str, ...]:
        """The players, in seat order."""
        return self.setup.players

    @property
    def is_over(self) -> bool:
        """True once Voldemort is defeated (or the round limit is reached)."""
        return self.finished is not None

    @property
    def scores(self) -> FrozenMap[str, int]:
        """Every player's house points."""
        return FrozenMap({name: p.house_points for name, p in self.players.items()})

    @property
    def outcome(self) -> Outcome | None:
        """The winners (most house points; ties share the win) once the game is over."""
        if self.finished is None:
            return None
        best = max(self.scores.values())
        winners = tuple(name for name, points in self.scores.items() if points == best)
        defeated = self.finished == Ending.VOLDEMORT_DEFEATED
        why = "Voldemort was defeated" if defeated else "the round limit was reached"
        reason = Ending(self.finished).value
        return Outcome(winners, reason, self.scores, f"The game ended because {why}.")

    # ----- pictures ---------------------------------------------------------------------------

    def to_svg(self, *, width: int | None = None) -> str:
        """The board, the pawns and the players as an SVG document (see `board_svg`).

        Args:
            width: the picture's width in pixels (default `svg.DEFAULT_WIDTH`).
        """
        from hogwarts_rules.adventure.svg import DEFAULT_WIDTH, board_svg

        return board_svg(self, width=DEFAULT_WIDTH if width is None else width)

    def _repr_svg_(self) -> str:
        """The picture Jupyter shows for a game (`to_svg`)."""
        return self.to_svg()

    # ----- what can happen now --------------------------------------------------------------

    def _root_to_act(self) -> tuple[str, ...]:
        current = self.current_player
        return () if current is None else (current,)

    def _root_actions(self) -> tuple[Action, ...]:
        if not self.order:
            return (RollOff(),)
        name = self.current_player
        if name is None:
            return ()
        p = self.players[name]
        if region(p.space) is not Region.HOGWARTS:
            return (TakeTurn(name),)
        actions: list[Action] = [MoveOne(name), RollToMove(name)]
        if p.clues >= CLUES_FOR_SHORTCUT:
            if p.space is Space.THIRD_FLOOR:
                actions.append(EnterDungeon(name))
            else:
                actions.append(GoToThirdFloor(name))
        return tuple(actions)

    def _check_root(self, action: Action) -> None:
        if action in self._root_actions():
            return
        if isinstance(action, RollOff):
            raise refuse("already_started", "the roll for who goes first has been made")
        if not isinstance(action, PlayerAction):
            raise refuse("bad_action", f"{type(action).__name__} cannot start a turn")
        p = self.player(action.player)
        if not self.order:
            raise refuse("not_started", "roll for who goes first (RollOff) before the first turn")
        if action.player != self.current_player:
            raise refuse("not_your_turn", f"it is {self.current_player}'s turn, not {p.name}'s")
        kind = type(action).__name__
        if isinstance(action, TakeTurn):
            raise refuse("on_the_loop", f"{p.name} is on the loop: move 1 space or roll to move")
        if isinstance(action, MoveOne | RollToMove):
            raise refuse(
                "straight_run", f"{kind} is for the loop; on {p.space} you move one space a turn"
            )
        if isinstance(action, GoToThirdFloor | EnterDungeon):
            if region(p.space) is not Region.HOGWARTS:
                raise refuse("not_on_loop", f"{kind} is only allowed from a space of the loop")
            if p.clues < CLUES_FOR_SHORTCUT:
                raise refuse(
                    "need_clues", f"{kind} needs {CLUES_FOR_SHORTCUT} clues; {p.name} has {p.clues}"
                )
            if isinstance(action, EnterDungeon):
                raise refuse("not_on_third_floor", "the dungeon is entered from the 3rd Floor")
            raise refuse(
                "on_third_floor", f"{p.name} is already on the 3rd Floor: enter the dungeon or move"
            )
        raise refuse(
            "not_now", f"{kind} is a decision the rules ask for; no such decision is awaited"
        )

    # ----- small helpers ------------------------------------------------------------------------

    def _with(self, p: Player) -> Self:
        return replace(self, players=self.players.set(p.name, p))

    def _update(self, name: str, **changes: Any) -> Self:
        return self._with(replace(self.players[name], **changes))

    def _points(self, ctx: Context, name: str, change: int) -> Self:
        p = self.players[name]
        game = self._update(name, house_points=p.house_points + change)
        ctx.emit(HousePointsChanged(name, change, p.house_points + change))
        return game

    def _skill(self, ctx: Context, name: str, skill: Skill, change: int) -> Self:
        value = self.players[name].skill(skill) + change
        ctx.emit(SkillChanged(name, skill, change, value))
        return self._update(name, **{skill: value})

    def _miss(self, ctx: Context, name: str, turns: int) -> Self:
        p = self.players[name]
        ctx.emit(TurnsLost(name, turns, MissReason.MISSED))
        return self._update(name, turns_to_miss=p.turns_to_miss + turns)

    # ----- rolling ----------------------------------------------------------------------------

    def _roll(
        self,
        ctx: Context,
        name: str,
        count: int,
        purpose: str,
        preview: Table | None,
        extra: tuple[tuple[str, int], ...] = (),
    ) -> tuple[Self, tuple[int, ...], int]:
        """Roll ``count`` D6 for ``name``, who may then change it (Remembrall, stored +1).

        Returns the game (items used up), the dice, and the +1s added.
        """
        label = f"{name}'s {purpose}"
        dice = ctx.roll_many(count, 6, label=label, state=self)
        bonus = 0
        game = self
        while True:
            p = game.players[name]
            options: list[Action] = [KeepRoll(name)]
            if p.remembralls:
                options.append(UseRemembrall(name))
            if p.future_bonuses:
                options.append(UseBonus(name))
            if len(options) == 1:
                return game, dice, bonus
            shown = " + ".join(str(d) for d in dice) + (f" +{bonus}" if bonus else "")
            details: dict[str, int | str] = {"purpose": purpose, "roll": sum(dice) + bonus}
            if preview is not None:
                mods = sum(v for _, v in (*game._modifiers(name, preview), *extra))
                details["table"] = preview.key
                details["result"] = preview.row_for(sum(dice) + bonus + mods).result
            prompt = f"{name} rolled {shown} for {purpose}: keep it, or change it?"
            choice = ctx.decide(name, options, prompt=prompt, details=details, state=game)
            if isinstance(choice, KeepRoll):
                return game, dice, bonus
            if isinstance(choice, UseRemembrall):
                game = game._update(name, remembralls=p.remembralls - 1)
                dice = ctx.roll_many(count, 6, label=f"{label} (Remembrall reroll)", state=game)
                ctx.emit(RollChanged(name, RollChange.REMEMBRALL, dice, bonus))
            else:
                game = game._update(name, future_bonuses=p.future_bonuses - 1)
                bonus += 1
                ctx.emit(RollChanged(name, RollChange.BONUS, dice, bonus))

    def _amount(self, ctx: Context, name: str, count: int, purpose: str) -> tuple[Self, int]:
        game, dice, bonus = self._roll(ctx, name, count, purpose, None)
        total = sum(dice) + bonus
        ctx.emit(AmountRolled(name, purpose, dice, total))
        return game, total

    def _modifiers(self, name: str, table: Table) -> list[tuple[str, int]]:
        p = self.players[name]
        mods: list[tuple[str, int]] = []
        for key in table.modifier_keys:
            match key:
                case (
                    RollModifier.MAGIC
                    | RollModifier.FLYING
                    | RollModifier.STUDY
                    | RollModifier.CHESS
                ):
                    mods.append((f"{key.title()} skill", p.skill(Skill(key))))
                    if key is RollModifier.STUDY and p.study_bonus:
                        mods.append(("cram", p.study_bonus))
                case RollModifier.WEALTH:
                    mods.append(("wealth", p.wealth_modifier))
                case RollModifier.FAMILY:
                    mods.append(("family", _FAMILY_MODIFIER.get(p.raised_by, 0)))
                case RollModifier.OWL:
                    mods.append(("owl", _OWL_MODIFIER.get(p.familiar, 0)))
                case RollModifier.CLOAK:
                    mods.append(("cloak", 1 if p.cloak else 0))
                case RollModifier.OBSESSED:
                    mods.append(("previously obsessed", -2 if p.been_obsessed else 0))
                case RollModifier.MEAN_FAMILY:
                    mods.append(("mean family", 1 if p.mean_family else 0))
                case RollModifier.BEWITCHED:
                    pass  # the Quidditch Match passes it in (``extra``): see EffectKind.TABLE
        return mods

    def _roll_table(
        self, ctx: Context, name: str, key: str, extra: tuple[tuple[str, int], ...] = ()
    ) -> tuple[Self, Row]:
        """Roll on a table and return the row read (its effects are not applied yet)."""
        table = TABLES[key]
        game, dice, bonus = self._roll(ctx, name, table.dice, table.title, table, extra)
        mods = [*game._modifiers(name, table), *extra]
        if bonus:
            mods.append(("stored +1", bonus))
        total = sum(dice) + sum(v for _, v in mods)
        row = table.row_for(total)
        ctx.emit(TableRolled(name, key, table.title, dice, tuple(mods), total, row.result))
        if RollModifier.STUDY in table.modifier_keys and game.players[name].study_bonus:
            game = game._update(name, study_bonus=0)
        return game, row

    def _table(
        self, ctx: Context, name: str, key: str, extra: tuple[tuple[str, int], ...] = ()
    ) -> Self:
        game, row = self._roll_table(ctx, name, key, extra)
        return game._effects(ctx, name, row.effects, key)

    # ----- effects ------------------------------------------------------------------------------

    def _effects(self, ctx: Context, name: str, effects: Sequence[Effect], table: str) -> Self:
        game = self
        for effect in effects:
            game = game._effect(ctx, name, effect, table)
            if game.finished is not None:
                break
        return game

    def _effect(self, ctx: Context, name: str, effect: Effect, table: str) -> Self:
        """Apply one effect of a row of ``table`` (see `Effect` for the vocabulary)."""
        p = self.players[name]
        match effect.kind:
            case EffectKind.POINTS:
                return self._points(ctx, name, effect.amount)
            case EffectKind.POINTS_DICE:
                game, total = self._amount(ctx, name, effect.amount, "house points")
                return game._points(ctx, name, total)
            case EffectKind.CLUE:
                return self._clue(ctx, name, effect.what)
            case EffectKind.SKILL:
                return self._skill(ctx, name, Skill(effect.what), effect.amount)
            case EffectKind.MISS:
                return self._miss(ctx, name, effect.amount)
            case EffectKind.HOSPITAL:
                game = self._move(ctx, name, Space.HOSPITAL, Movement.HOSPITAL)
                return game._miss(ctx, name, effect.amount)
            case EffectKind.GO:
                return self._land(ctx, name, Space(effect.what), Movement.FORCED)
            case EffectKind.MOVE_DICE:
                game, steps = self._amount(ctx, name, effect.amount, "the Moving Staircases")
                return game._land(ctx, name, loop_step(p.space, steps), Movement.FORCED)
            case EffectKind.SECRET_PASSAGE:
                options = [ChooseSpace(name, s.value) for s in LOOP if s is not p.space]
                choice = ctx.decide(
                    name, options, prompt=f"{name} found a secret passage: where to?", state=self
                )
                assert isinstance(choice, ChooseSpace)
                return self._land(ctx, name, Space(choice.space), Movement.SECRET_PASSAGE)
            case EffectKind.TABLE:
                return self._roll_on(ctx, name, effect.what, bewitched=bool(effect.amount))
            case EffectKind.ITEM:
                return self._item(ctx, name, Item(effect.what), effect.amount)
            case EffectKind.RAISED_BY:
                ctx.emit(AttributeSet(name, Attribute.RAISED_BY, effect.what))
                return self._update(name, raised_by=Upbringing(effect.what))
            case EffectKind.MEAN_FAMILY:
                ctx.emit(AttributeSet(name, Attribute.FAMILY, "mean"))
                return self._update(name, mean_family=True)
            case EffectKind.WEALTH:
                ctx.emit(AttributeSet(name, Attribute.WEALTH, effect.what))
                return self._update(name, wealth=Wealth(effect.what), wealth_modifier=effect.amount)
            case EffectKind.WAND:
                ctx.emit(AttributeSet(name, Attribute.WAND, effect.what))
                return self._update(name, wand=Wand(effect.what))
            case EffectKind.FAMILIAR:
                ctx.emit(AttributeSet(name, Attribute.FAMILIAR, effect.what))
                return self._update(name, familiar=Familiar(effect.what))
            case EffectKind.HOUSE:
                return self._sorted_into(ctx, name, House(effect.what))
            case EffectKind.FUTURE_BONUS:
                ctx.emit(ItemGained(name, Possession.FUTURE_BONUS))
                return self._update(name, future_bonuses=p.future_bonuses + 1)
            case EffectKind.STUDY_BONUS:
                ctx.emit(ItemGained(name, Possession.STUDY_BONUS))
                return self._update(name, study_bonus=p.study_bonus + 1)
            case EffectKind.KNOW:
                return self._learn(ctx, name, Knowledge(effect.what))
            case EffectKind.WIZARDS_MARK:
                return self._learn(ctx, name, Knowledge.WIZARDS_MARK)
            case EffectKind.STAY_DICE:
                game, turns = self._amount(ctx, name, effect.amount, "turns in front of the Mirror")
                ctx.emit(TurnsLost(name, turns, MissReason.MIRROR))
                return game._update(name, mirror_turns=turns, been_obsessed=True)
            case EffectKind.MOVE_ON:
                ahead = next_space(p.space)
                assert ahead is not None
                return self._land(ctx, name, ahead, Movement.STEP)
            case EffectKind.REPEAT:
                return self._update(name, repeat_table=table)
            case EffectKind.TEAM_OFFER:
                offer = [JoinTeam(name), DeclineTeam(name)]
                choice = ctx.decide(
                    name,
                    offer,
                    prompt=f"{name} is offered a place on the Quidditch team",
                    state=self,
                )
                joined = isinstance(choice, JoinTeam)
                ctx.emit(TeamDecision(name, joined))
                if not joined:
                    return self
                return self._update(name, on_team=True)._skill(ctx, name, Skill.STUDY, -1)
            case EffectKind.PICK_HOUSE:
                free = [h for h in HOUSES if h not in self._taken_houses()]
                choice = ctx.decide(
                    name,
                    [ChooseHouse(name, h.value) for h in free],
                    prompt=f"{name} may pick a house",
                    state=self,
                )
                assert isinstance(choice, ChooseHouse)
                return self._sorted_into(ctx, name, House(choice.house))
            case EffectKind.PASS:
                ctx.emit(ChallengePassed(name, p.space.value, False))
                return self
            case EffectKind.DEFEAT_VOLDEMORT:
                return self._defeat_voldemort(ctx, name, automatically=False)
        raise AssertionError(f"unknown effect {effect!r}")  # pragma: no cover

    def _clue(self, ctx: Context, name: str, once: str) -> Self:
        """Gain a clue; a one-time-only source (``once``) gives it only the first time."""
        p = self.players[name]
        if once and once in p.clue_sources_used:
            return self
        used = p.clue_sources_used | frozenset((once,)) if once else p.clue_sources_used
        ctx.emit(CluesChanged(name, p.clues + 1, once))
        return self._update(name, clues=p.clues + 1, clue_sources_used=used)

    def _roll_on(self, ctx: Context, name: str, key: str, *, bewitched: bool) -> Self:
        """Roll on another table (the Package Table and the Quidditch Match have more to them)."""
        if key == "package":
            return self._package(ctx, name)
        game = self._table(ctx, name, key)
        if key == "quidditch_match" and game.finished is None:
            broom = (("bewitched broom", 1 if bewitched else 0),)
            game = game._table(ctx, name, "match_injury", broom)
        return game

    def _learn(self, ctx: Context, name: str, knowledge: Knowledge) -> Self:
        ctx.emit(KnowledgeGained(name, knowledge))
        return self._update(name, **{knowledge.value: True})

    def _sorted_into(self, ctx: Context, name: str, house: House) -> Self:
        ctx.emit(AttributeSet(name, Attribute.HOUSE, house.value))
        return self._update(name, house=house)

    def _taken_houses(self) -> set[House]:
        return {p.house for p in self.players.values() if p.house is not None}

    def _item(self, ctx: Context, name: str, item: Item, amount: int) -> Self:
        """Gain ``item`` (``amount`` D6 of Chocolate Frogs or Every Flavour Beans)."""
        p = self.players[name]
        match item:
            case Item.CHOCOLATE_FROGS:
                game, count = self._amount(ctx, name, amount, "Chocolate Frogs")
                ctx.emit(ItemGained(name, Possession.CHOCOLATE_FROGS, count))
                return game._update(name, chocolate_frogs=p.chocolate_frogs + count)
            case Item.BEANS:
                game, count = self._amount(ctx, name, amount, "Every Flavour Beans")
                ctx.emit(ItemGained(name, Possession.BEANS, count))
                return game._update(name, beans=p.beans + count)
            case Item.SWEATER:
                ctx.emit(ItemGained(name, Possession.SWEATER))
                return self._update(name, sweaters=p.sweaters + 1)
            case Item.REMEMBRALL:
                ctx.emit(ItemGained(name, Possession.REMEMBRALL))
                return self._update(name, remembralls=p.remembralls + 1)
            case Item.CLOAK:
                ctx.emit(ItemGained(name, Possession.CLOAK))
                return self._update(name, cloak=True)
            case Item.NIMBUS:
                ctx.emit(ItemGained(name, Possession.NIMBUS))
                return self._update(name, nimbus=True)
        raise AssertionError(f"unknown item {item!r}")  # pragma: no cover

    def _package(self, ctx: Context, name: str) -> Self:
        game = self
        while True:
            game, row = game._roll_table(ctx, name, "package")
            p = game.players[name]
            owned = {Item.CLOAK: p.cloak, Item.NIMBUS: p.nimbus}
            # "Roll again if you have one."
            if not any(e.kind is EffectKind.ITEM and owned.get(Item(e.what)) for e in row.effects):
                return game._effects(ctx, name, row.effects, "package")

    # ----- moving -------------------------------------------------------------------------------

    def _move(self, ctx: Context, name: str, space: Space, how: Movement) -> Self:
        p = self.players[name]
        ctx.emit(Moved(name, p.space.value, space.value, how))
        return self._update(name, space=space)

    def _land(self, ctx: Context, name: str, space: Space, how: Movement) -> Self:
        """Move to ``space``, which then takes effect."""
        return self._move(ctx, name, space, how)._arrive(ctx, name)

    def _arrive(self, ctx: Context, name: str) -> Self:
        p = self.players[name]
        space = p.space
        if space is Space.GRINGOTTS:
            return self._table(ctx, name, "gringotts_wealth")._table(ctx, name, "gringotts_visit")
        if space is Space.PLATFORM:
            game = self
            if not p.boarded:
                game = game._update(name, boarded=True)
                for gift in BOARDING_GIFTS:
                    game = game._effect(ctx, name, gift, "platform")
            return game._table(ctx, name, "platform")
        if space is Space.GREAT_HALL and p.house is None:
            return self._sorting(ctx, name)
        if space is Space.QUIDDITCH_FIELD:
            return self._table(ctx, name, "quidditch_team" if p.on_team else "flying_lessons")
        if space is Space.FLUFFY and p.fluffys_secret:
            ctx.emit(ChallengePassed(name, space.value, True))
            return self
        if space is Space.DEVILS_SNARE and p.plant_lore:
            ctx.emit(ChallengePassed(name, space.value, True))
            return self
        if space is Space.SORCERERS_STONE and p.wizards_mark:
            return self._defeat_voldemort(ctx, name, automatically=True)
        key = SPACE_TABLES.get(space)
        return self if key is None else self._table(ctx, name, key)

    def _sorting(self, ctx: Context, name: str) -> Self:
        game = self
        while True:
            game, row = game._roll_table(ctx, name, "sorting")
            (effect,) = row.effects
            if effect.kind is EffectKind.HOUSE and effect.what in game._taken_houses():
                continue  # "If you roll a House someone already has roll again."
            return game._effect(ctx, name, effect, "sorting")

    def _defeat_voldemort(self, ctx: Context, name: str, *, automatically: bool) -> Self:
        ctx.emit(ChallengePassed(name, Space.SORCERERS_STONE.value, automatically))
        game = self._points(ctx, name, VOLDEMORT_POINTS)
        for other in game.players.values():  # "Everyone goes to the Great Hall."
            game = game._move(ctx, other.name, Space.GREAT_HALL, Movement.FORCED)
        return game._finish(ctx, Ending.VOLDEMORT_DEFEATED)

    def _finish(self, ctx: Context, reason: Ending) -> Self:
        game = attrs.evolve(self, finished=reason)
        outcome = game.outcome
        assert outcome is not None
        ctx.emit(GameEnded(outcome.winners, reason, tuple(outcome.scores.items())))
        return game

    # ----- turns ------------------------------------------------------------------------------

    def _play(self, ctx: Context, action: Action) -> Self:
        if isinstance(action, RollOff):
            return self._roll_off(ctx)
        assert isinstance(action, PlayerAction)
        game = self._turn(ctx, action)
        return game if game.finished is not None else game._next_turn(ctx)

    def _roll_off(self, ctx: Context) -> Self:
        rolling = list(self.setup.players)
        while True:
            rolls = [
                (name, ctx.roll(6, label=f"{name}'s roll for who goes first", state=self))
                for name in rolling
            ]
            ctx.emit(RolledOff(tuple(rolls)))
            best = max(roll for _, roll in rolls)
            rolling = [name for name, roll in rolls if roll == best]
            if len(rolling) == 1:
                break
        seats = self.setup.players
        first = seats.index(rolling[0])
        order = seats[first:] + seats[:first]
        ctx.emit(TurnOrderSet(order))
        return attrs.evolve(self, order=order, turn=0, round=1)

    def _turn(self, ctx: Context, action: PlayerAction) -> Self:
        name = action.player
        p = self.players[name]
        if isinstance(action, TakeTurn):
            if p.space is Space.INVITATION and not p.invited:
                game = self._update(name, invited=True)
                for key in ("childhood", "magical_talent", "additional_talent"):
                    game = game._table(ctx, name, key)
                return game._table(ctx, name, "admissions")
            if p.repeat_table is not None:
                return self._update(name, repeat_table=None)._table(ctx, name, p.repeat_table)
            ahead = next_space(p.space)
            assert ahead is not None
            how = Movement.DUNGEON if ahead in DUNGEON else Movement.STEP
            return self._land(ctx, name, ahead, how)
        if isinstance(action, MoveOne):
            return self._land(ctx, name, loop_step(p.space, 1), Movement.STEP)
        if isinstance(action, RollToMove):
            game, steps = self._amount(ctx, name, 1, "movement")
            return game._land(ctx, name, loop_step(p.space, steps), Movement.ROLL)
        if isinstance(action, GoToThirdFloor):
            return self._land(ctx, name, Space.THIRD_FLOOR, Movement.SHORTCUT)
        assert isinstance(action, EnterDungeon)
        return self._land(ctx, name, Space.FLUFFY, Movement.DUNGEON)

    def _next_turn(self, ctx: Context) -> Self:
        players = self.players
        turn, round_number = self.turn, self.round
        limit = self.setup.max_rounds
        while True:
            turn += 1
            if turn == len(self.order):
                turn = 0
                round_number += 1
                if limit is not None and round_number > limit:
                    game = replace(self, players=players, turn=0, round=limit)
                    return game._finish(ctx, Ending.ROUND_LIMIT)
            p = players[self.order[turn]]
            if p.mirror_turns:
                p = replace(p, mirror_turns=p.mirror_turns - 1)
                ctx.emit(TurnMissed(p.name, MissReason.MIRROR, p.mirror_turns + p.turns_to_miss))
            elif p.turns_to_miss:
                p = replace(p, turns_to_miss=p.turns_to_miss - 1)
                ctx.emit(TurnMissed(p.name, MissReason.MISSED, p.turns_to_miss))
            else:
                return replace(self, players=players, turn=turn, round=round_number)
            players = players.set(p.name, p)

    # ----- serialization ------------------------------------------------------------------------

    @classmethod
    def _start(cls, setup: AdventureSetup) -> Self:
        names = check_player_names(setup.players, minimum=2, maximum=4)
        limit = setup.max_rounds
        if limit is not None and (type(limit) is not int or not 1 <= limit <= MAX_ROUND_LIMIT):
            raise refuse(
                "bad_option", f"max_rounds must be a whole number from 1 to {MAX_ROUND_LIMIT}"
            )
        return cls(dice=setup.dice, setup=setup, players=FrozenMap({n: Player(n) for n in names}))

    def _state_dict(self) -> dict[str, Any]:
        return {
            "players": {name: unstructure(p) for name, p in self.players.items()},
            "order": list(self.order),
            "turn": self.turn,
            "round": self.round,
            "finished": self.finished,
            "to_act": list(self.to_act),
        }


def new_game(
    players: Sequence[str],
    *,
    seed: int | None = None,
    dice: DiceSource | None = None,
    **options: Any,
) -> Game:
    """Start a game of First Year Adventure for 2 to 4 players.

    The first action is the roll for who goes first (`RollOff`).

    Args:
        players: the players' names, in seat order.
        seed: seed for the default `SeededDice`.
        dice: another dice source (scripted or external); not with ``seed``.
        **options: ``max_rounds`` (end after that many rounds; for simulations).

    Raises:
        IllegalActionError: bad names, player count or options.
    """
    unknown = sorted(set(options) - {"max_rounds"})
    if unknown:
        raise refuse("unknown_option", f"unknown option {unknown[0]!r} (known: max_rounds)")
    names = check_player_names(players, minimum=2, maximum=4)
    setup = AdventureSetup(names, make_dice(seed, dice), options.get("max_rounds"))
    return Game._start(setup)
