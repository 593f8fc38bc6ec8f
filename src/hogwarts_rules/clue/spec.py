"""The `GameSpec` of Clue: the one door front ends and tests use.

Examples:
    >>> from hogwarts_rules import find_game
    >>> spec = find_game("clue")
    >>> spec.bot_names, spec.perfect_information
    (('notebook', 'detective', 'random'), False)
    >>> game = spec.new_game(["Ann", "Ben", "Cat"], seed=2, students={"Ann": "Luna"})
    >>> game.setup.students["Ann"]
    'Luna'
    >>> spec.new_game(3, students={"Ann": 7})
    Traceback (most recent call last):
    ...
    hogwarts_rules.spec.OptionError: students: $['Ann']: expected a string, got a number
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from hogwarts_rules.bots import Bot, RandomBot
from hogwarts_rules.clue.actions import RollDice
from hogwarts_rules.clue.bots import NotebookBot
from hogwarts_rules.clue.cards import STUDENTS
from hogwarts_rules.clue.content import Board, Content, load_content
from hogwarts_rules.clue.detective import DetectiveBot
from hogwarts_rules.clue.game import KIND, Game, new_game
from hogwarts_rules.clue.notation import NOTATION
from hogwarts_rules.clue.view import ClueView
from hogwarts_rules.codec import ActionCodec, ObservationCodec
from hogwarts_rules.dice import _MASK64 as MASK64
from hogwarts_rules.dice import _splitmix64 as splitmix64
from hogwarts_rules.engine import GameBase
from hogwarts_rules.serialization import structure
from hogwarts_rules.spec import GameSpec, Option, SimulationHooks, TerminalHooks

__all__ = ["SPEC", "STUDENT_SALT", "notebook_report", "random_students"]

STUDENT_SALT: Final = 0x53545544454E5453  # "STUDENTS"
"""Mixed into a game's seed to draw simulated seats' students from a stream of their own."""


def _first_player(value: object) -> str:
    if type(value) is not str:
        raise TypeError("first_player must be a player's name")
    return value


def _students(value: object) -> Mapping[str, str]:
    return dict(structure(value, dict[str, str]))


def _content(value: object) -> Content:
    return value if isinstance(value, Content) else load_content(value)


def _board(game: GameBase) -> Board:
    """What Clue's bots are built with: the game's board (public: it lies on the table)."""
    assert isinstance(game, Game)
    return game.content.board


def _random(board: Board, seed: int) -> Bot:
    return RandomBot(seed)


def _notebook(board: Board, seed: int) -> Bot:
    return NotebookBot(board)


def _detective(board: Board, seed: int) -> Bot:
    return DetectiveBot(board)


def random_students(seed: int, seats: Sequence[str]) -> dict[str, str]:
    """Students dealt to ``seats`` at random from a game's ``seed`` (for simulations).

    They come from a stream of their own: students drawn from the dice's stream
    would follow the deal (the missing student, the envelope).

    Examples:
        >>> random_students(1, ["Ann", "Ben"]) == random_students(1, ["Ann", "Ben"])
        True
    """
    pool = list(STUDENTS)
    state = splitmix64((seed ^ STUDENT_SALT) & MASK64)[0]
    chosen: dict[str, str] = {}
    for name in seats:
        out, state = splitmix64(state)
        chosen[name] = pool.pop(out % len(pool))
    return chosen


def _simulation_options(seed: int, seats: Sequence[str]) -> Mapping[str, Any]:
    return {"students": random_students(seed, seats)}


def _record(game: Any) -> Mapping[str, Any]:
    assert isinstance(game, Game)
    turns = sum(1 for action in game.history if isinstance(action, RollDice))
    record: dict[str, Any] = {
        "turns": turns,
        "length": turns,
        "suggestions": len(game.suggestions),
        "wrong_accusations": len(game.wrong_accusations),
        "solved": game.winner is not None,
    }
    for i, name in enumerate(game.seat_names, 1):
        record[f"seat{i}_student"] = game.seats[name].student
    return record


def _movement(game: GameBase, seat: str | None) -> Mapping[str, Any]:
    """The moves of the seat whose move it is, each with the path it walks (for a UI)."""
    if not isinstance(game, Game) or seat is None or seat != game.current_player:
        return {"movement": []}
    return {
        "movement": [
            {"action": action.to_dict(), "destination": path[-1], "path": list(path)}
            for action, path in game.movement_options()
        ]
    }


def notebook_report(view: Any) -> dict[str, Any]:
    """What one seat of Clue can deduce from its view, as JSON for front ends.

    The exact deduction (`hogwarts_rules.clue.deduction`) of the view's notebook:

    - ``"dealt"``: whether the cards are dealt (before, the lists below are empty);
    - ``"solution"``: the envelope's three cards once they are certain, else ``null``;
    - ``"certain"``: each card whose place is certain, ``{"card", "place", "reasons"}``,
      with ``place`` a player's name or ``"envelope"`` and the reasons in words;
    - ``"cards"``: each card of the deck in order, ``{"card", "category", "envelope",
      "holders"}``: the exact probability that it is in the envelope as a fraction in
      a string (``"1/3"``) and, in ``holders``, each player's probability as a float.

    Examples:
        >>> from hogwarts_rules import clue
        >>> game = clue.new_game(["Ann", "Ben", "Cat"], seed=3)
        >>> notebook_report(game.view("Ann"))["dealt"]
        False
        >>> while not game.view("Ann").hand:  # the deal, then each player's student
        ...     game, _ = game.apply(game.legal_actions()[0])
        >>> report = notebook_report(game.view("Ann"))
        >>> report["dealt"], report["solution"], len(report["cards"])
        (True, None, 21)
        >>> held = [entry for entry in report["certain"] if entry["place"] == "Ann"]
        >>> len(held) == len(game.view("Ann").hand)
        True
    """
    from hogwarts_rules.clue.deduction import ENVELOPE, Notebook

    if not any(seat.hand_size for seat in view.seats):
        return {"dealt": False, "solution": None, "certain": [], "cards": []}
    deduction = Notebook.from_view(view).solve()
    solution = deduction.solution
    players = [owner for owner in deduction.owners if owner != ENVELOPE]
    return {
        "dealt": True,
        "solution": None if solution is None else list(solution),
        "certain": [
            {
                "card": certainty.card,
                "place": "envelope" if certainty.owner == ENVELOPE else certainty.owner,
                "reasons": list(certainty.reasons),
            }
            for certainty in deduction.certainties
        ],
        "cards": [
            {
                "card": card,
                "category": category,
                "envelope": str(deduction.envelope_probability(card)),
                "holders": {
                    player: float(deduction.probability(card, player)) for player in players
                },
            }
            for category, cards in deduction.deck
            for card in cards
        ],
    }


def _demo(players: int, seed: int, say: Any, *, full: bool = False) -> GameBase:
    from hogwarts_rules.clue.demo import demo

    return demo(players, seed, say, full=full)


def _resample(game: GameBase, seat: str, rng: Any, *, weighted: bool = False) -> GameBase:
    """`hogwarts_rules.clue.sampling.resample` (imported on first use)."""
    from hogwarts_rules.clue.sampling import resample

    assert isinstance(game, Game)
    return resample(game, seat, rng, weighted=weighted)


def _action_codec(game: GameBase) -> ActionCodec:
    from hogwarts_rules.clue.codec import action_codec

    return action_codec(game)


def _observation_codec(game: GameBase) -> ObservationCodec:
    from hogwarts_rules.clue.codec import observation_codec

    return observation_codec(game)


def _terminal(game: GameBase) -> TerminalHooks:
    from hogwarts_rules.clue.terminal import Terminal

    return Terminal(game)


SPEC: Final = GameSpec(
    kind=KIND,
    title="Clue",
    summary="Clue: World of Harry Potter, hidden-information deduction for 3 to 5 players.",
    game_class=Game,
    view_class=ClueView,
    create=new_game,
    min_players=3,
    max_players=5,
    default_players=4,
    seat_names=("Ann", "Ben", "Cat", "Dan", "Eve"),
    options=(
        Option(
            "first_player",
            "string",
            "The player who starts (default: the first seat).",
            parse=_first_player,
        ),
        Option(
            "students",
            "object",
            "Player -> student chosen in advance; the others choose at the deal.",
            parse=_students,
        ),
        Option(
            "content",
            "object",
            "The board and decks as JSON (docs/clue.md, 'Your own board and decks';"
            " default: the library's).",
            parse=_content,
        ),
    ),
    bots={"notebook": _notebook, "detective": _detective, "random": _random},
    bot_context=_board,
    perfect_information=False,
    max_steps=20_000,
    demo=_demo,
    terminal=_terminal,
    action_codec=_action_codec,
    observation_codec=_observation_codec,
    notation=NOTATION,
    resample=_resample,
    simulation=SimulationHooks(
        options=_simulation_options,
        record=_record,
        length_unit="turns",
        group="student",
        solved="won by a correct accusation",
    ),
    extras=_movement,
    notebook=notebook_report,
)
"""Clue's spec."""
