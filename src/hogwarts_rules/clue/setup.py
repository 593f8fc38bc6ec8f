"""Clue's set-up: the players, their students, and the deal.

`start` checks a `ClueSetup` and seats the players; `deal` is the rules of the
`Deal` action: the missing student (ruling CL-3), the students, the envelope,
the hands dealt one card at a time from the first player (CL-4), the Floo powder
(CL-6) and each player's face-down Help card (CL-5).

Examples:
    >>> from hogwarts_rules import clue
    >>> game = clue.new_game(["Ann", "Ben", "Cat"], seed=1, first_player="Ben")
    >>> game.order, game.phase
    (('Ben', 'Cat', 'Ann'), <Phase.DEAL: 'deal'>)
    >>> game, _ = game.apply(clue.Deal())
    >>> game.awaiting.prompt
    'Ben chooses a student'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Final, TypeVar

import attrs

from hogwarts_rules.clue.actions import ChooseStudent
from hogwarts_rules.clue.cards import ITEMS, LOCATIONS, MYSTERY_CARDS, STUDENTS, SUSPECTS
from hogwarts_rules.clue.content import Content, default_content
from hogwarts_rules.clue.errors import refuse
from hogwarts_rules.clue.events import CardsDealt, MissingStudent, StudentChosen
from hogwarts_rules.clue.records import Seat
from hogwarts_rules.clue.turn import draw_help
from hogwarts_rules.clue.vocabulary import Phase, Step
from hogwarts_rules.dice import DiceSource
from hogwarts_rules.engine import check_player_names
from hogwarts_rules.frozen import FrozenMap

if TYPE_CHECKING:
    from hogwarts_rules.clue.draft import Draft
    from hogwarts_rules.clue.game import Game

__all__ = ["FLOO_BY_PLAYERS", "ClueSetup", "deal", "start"]

G = TypeVar("G", bound="Game")

FLOO_BY_PLAYERS: Final[Mapping[int, int]] = {3: 8, 4: 10, 5: 12}
"""Floo powder each player starts with, by the number of players."""


@attrs.frozen
class ClueSetup:
    """How a game starts.

    Attributes:
        players: the players in seat order (play passes to the left, in this order).
        dice: the dice the game starts with.
        first_player: who starts (the text's "closest birthday"); the first listed if ``None``.
        students: students chosen in advance, by player; the others choose at the deal.
        content: the board and decks; the library's default when ``None``.
    """

    players: tuple[str, ...]
    dice: DiceSource
    first_player: str | None = None
    students: FrozenMap[str, str] = attrs.field(factory=FrozenMap, converter=FrozenMap)
    content: Content | None = None


def start(cls: type[G], setup: ClueSetup) -> G:
    """The game before the deal: ``setup`` checked, the players seated in the order of play.

    Raises:
        IllegalActionError: bad names or player count, an unknown first player or
            student, or two players with the same student.
    """
    names = check_player_names(setup.players, minimum=3, maximum=5)
    first = setup.first_player if setup.first_player is not None else names[0]
    if first not in names:
        raise refuse("unknown_player", f"the first player {str(first)[:60]!r} is not playing")
    for player, student in setup.students.items():
        if player not in names:
            raise refuse("unknown_player", f"{str(player)[:60]!r} is not playing")
        if student not in STUDENTS:
            raise refuse(
                "unknown_student",
                f"{str(student)[:60]!r} is not a student ({', '.join(STUDENTS)})",
            )
    if len(set(setup.students.values())) != len(setup.students):
        raise refuse("student_taken", "two players cannot play the same student")
    first_index = names.index(first)
    content = setup.content or default_content()
    return cls(
        dice=setup.dice,
        setup=setup,
        seats=FrozenMap({n: Seat(n) for n in names}),
        order=names[first_index:] + names[:first_index],
        wheels=FrozenMap({w.name: 0 for w in content.board.wheels}),
        help_deck=tuple(sorted(c.name for c in content.help_deck)),
        dark_deck=tuple(sorted(c.name for c in content.dark_deck)),
    )


def deal(d: Draft) -> None:
    """The `Deal`: everything is drawn and dealt, and the first player's turn begins."""
    ctx = d.ctx
    setup = d.game.setup
    # Ruling CL-3: students chosen in advance are never the missing one.
    chosen = set(setup.students.values())
    missing = ctx.draw(
        [s for s in STUDENTS if s not in chosen], label="the missing student", state=d.freeze
    )
    d.emit(MissingStudent(missing))
    d.missing = missing
    board = d.content.board
    for name in d.order:
        taken = {x.student for x in d.seats.values()} | {
            s for player, s in setup.students.items() if player != name
        }
        free = [s for s in STUDENTS if s != missing and s not in taken]
        fixed = setup.students.get(name)
        if fixed is not None:
            if fixed not in free:
                raise refuse(
                    "student_taken",
                    f"{fixed} is missing or taken; {name} must play another student",
                )
            student = fixed
        else:
            choice = ctx.decide(
                name,
                [ChooseStudent(name, s) for s in free],
                prompt=f"{name} chooses a student",
                state=d.freeze,
            )
            assert isinstance(choice, ChooseStudent)
            student = choice.student
        d.emit(StudentChosen(name, student))
        d.update_seat(name, student=student, position=board.starts[student])
    envelope = tuple(
        ctx.draw(cards, label=f"the envelope's {kind}", state=d.freeze)
        for kind, cards in (("suspect", SUSPECTS), ("item", ITEMS), ("location", LOCATIONS))
    )
    rest = [card for card in MYSTERY_CARDS if card not in envelope]
    hands: dict[str, list[str]] = {name: [] for name in d.order}
    for index in range(len(rest)):
        card = ctx.draw(rest, label="a mystery card to deal", state=d.freeze)
        rest.remove(card)
        hands[d.order[index % len(d.order)]].append(card)
    floo = FLOO_BY_PLAYERS[len(d.order)]
    for name in d.order:
        hand = tuple(sorted(hands[name], key=MYSTERY_CARDS.index))
        d.update_seat(name, hand=hand, floo=floo)
        d.emit(CardsDealt(name, len(hand), hand))
    d.envelope = envelope
    for name in d.order:
        draw_help(d, name, face_down=True)
    d.phase = Phase.PLAY
    d.turn = 0
    d.step = Step.ROLL
