"""A First Year Adventure player's record: `Player`, and the draft the rules change.

`Player` is frozen, like every value a game holds. Inside one ``apply`` the rules
change a `PlayerDraft` instead (see `hogwarts_rules.adventure.rules`): `thaw`
copies a player into a draft once per action, and `freeze` turns the draft into
the new `Player` without copying again. No draft ever leaves ``apply``.

Examples:
    >>> harry = Player("Harry")
    >>> draft = thaw(harry)
    >>> draft.clues += 1
    >>> frozen = freeze(draft)
    >>> frozen.clues, harry.clues, type(frozen).__name__
    (1, 0, 'Player')
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

import attrs

from hogwarts_rules.adventure.board import Space
from hogwarts_rules.adventure.tables import Familiar, House, Skill, Upbringing, Wand, Wealth
from hogwarts_rules.frozen import sorted_repr

__all__ = ["Player", "PlayerDraft", "freeze", "thaw"]


def _names(value: Any) -> frozenset[str]:
    return frozenset(value)


@attrs.define(on_setattr=attrs.setters.NO_OP)
class PlayerDraft:
    """A player's record while the rules change it, inside one ``apply`` (never outside).

    The same fields as `Player`, its frozen form, which describes them.
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


# Frozen; its fields are declared on `PlayerDraft`, its mutable base, which the rules
# use inside one ``apply`` only.
@attrs.frozen
class Player(PlayerDraft):
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

    def skill(self, name: Skill | str) -> int:
        """A skill by name (a `Skill`: ``magic``, ``flying``, ``study``, ``chess``)."""
        value: int = getattr(self, name)
        return value


def _make_thaw() -> Callable[[Player], PlayerDraft]:
    """Generate `thaw`: one line per field, as the fields are declared."""
    names = [field.name for field in attrs.fields(PlayerDraft)]
    lines = ["def thaw(player):", "    draft = _new(_Draft)"]
    lines += [f"    draft.{name} = player.{name}" for name in names]
    lines.append("    return draft")
    namespace: dict[str, Any] = {"_new": object.__new__, "_Draft": PlayerDraft}
    exec("\n".join(lines), namespace)  # generated from the class's own field names
    function: Callable[[Player], PlayerDraft] = namespace["thaw"]
    return function


_thaw: Final = _make_thaw()


def thaw(player: Player) -> PlayerDraft:
    """A mutable copy of ``player`` for the rules to change (``player`` is untouched)."""
    return _thaw(player)


def freeze(draft: PlayerDraft) -> Player:
    """``draft`` as a frozen `Player`, in place: the draft must not be used afterwards.

    `Player` adds no storage to `PlayerDraft`, so the object only changes class.
    """
    draft.__class__ = Player
    assert isinstance(draft, Player)
    return draft
