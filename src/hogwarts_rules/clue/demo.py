"""The Clue demo: notebook bots play a whole game, and we read the winner's notebook.

The game is played first, then narrated over the shoulder of the player who won
it (of the first player, when nobody wins): the events as that player sees them
(the cards shown to them, never another player's card or the envelope until the
end), and after each step that taught them something, their notebook: the exact
deduction of `hogwarts_rules.clue.deduction` (how many envelopes are still
possible, and the exact odds that each suggested card is in the envelope, before
and after).

By default the narration is short: the set-up, each suggestion that taught the
winner something (with what their notebook learnt), every accusation, and the
result. With ``full=True`` every event is narrated. Lines are wrapped to 100
characters (a continuation is indented 4 more spaces). ``hogwarts-rules demo clue``
runs it (through the game's `GameSpec.demo`).

Examples:
    >>> lines = []
    >>> game = demo(3, 2, lines.append)
    >>> lines[0]
    'Clue demo: Ann, Ben, Cat, played by notebook bots'
    >>> game.is_over, lines[-1] == f"  {game.outcome.winners[0]} is right and wins."
    (True, True)
    >>> any("possible envelopes" in line for line in lines)
    True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Final

import attrs

from hogwarts_rules._text import wrap
from hogwarts_rules.bots import Bot, deciding_seat, seat_actions
from hogwarts_rules.clue.bots import NotebookBot
from hogwarts_rules.clue.deduction import ENVELOPE, Deduction, Notebook
from hogwarts_rules.clue.events import (
    AccusationChecked,
    Accused,
    CardShown,
    GameEnded,
    Passed,
    Suggested,
    Unrefuted,
)
from hogwarts_rules.clue.game import Game, new_game
from hogwarts_rules.events import Event

__all__ = ["SEATS", "demo"]

SEATS: Final = ("Ann", "Ben", "Cat", "Dan", "Eve")
"""The demo's players, in seat order (the first ``players`` of them play)."""


@attrs.frozen
class _Step:
    """One step of the game: the events it made, and the game after it."""

    events: tuple[Event, ...]
    after: Game


def demo(
    players: int, seed: int, say: Callable[[str], None] = print, *, full: bool = False
) -> Game:
    """Let notebook bots play a whole game, then narrate it over the winner's shoulder.

    Args:
        players: how many play (3 to 5): the first of `SEATS`.
        seed: the dice's seed; the same seed plays the same game.
        say: called with each line of narration.
        full: narrate every event (by default: the set-up, the suggestions that
            taught the winner something, the accusations and the result).

    Returns:
        The final game (the same whatever ``full`` is).

    Raises:
        IllegalActionError: ``players`` is not 3 to 5.
    """
    say = _wrapping(say)
    names = list(SEATS[:players])
    game = new_game(names, seed=seed)
    board = game.content.board
    bots: dict[str, Bot] = {name: NotebookBot(board) for name in game.seat_names}
    steps: list[_Step] = []
    while not game.is_over:
        seat = deciding_seat(game)
        if seat is None:  # only an external roll could go on (never with a seed)
            break
        action = bots[seat].choose(game.view(seat), seat, seat_actions(game, seat))
        game, events = game.apply(action)
        steps.append(_Step(events, game))
    outcome = game.outcome
    reader = outcome.winners[0] if outcome is not None and outcome.winners else names[0]
    say(f"Clue demo: {', '.join(names)}, played by notebook bots")
    _narrate(steps, reader, say, full)
    return game


def _narrate(steps: Sequence[_Step], reader: str, say: Callable[[str], None], full: bool) -> None:
    """Say the game as ``reader`` saw it, with what ``reader``'s notebook learnt."""
    won = steps and any(
        isinstance(event, GameEnded) and event.winner == reader for event in steps[-1].events
    )
    whose = "the winner's" if won else "the first player's"
    say(f"Over {reader}'s shoulder ({whose} notebook: exact odds from what {reader} has seen):")
    known: Deduction | None = None
    suggestion = _Suggestion()  # the suggestion going on
    untold = 0  # suggestions that taught the reader nothing, since the last one said

    def say_untold() -> None:
        nonlocal untold
        if untold:
            said = "1 suggestion" if untold == 1 else f"{untold} suggestions"
            say(f"  ({said} taught {reader} nothing new)")
        untold = 0

    for step in steps:
        for event in (event.seen_by(reader) for event in step.events):
            if event is None:
                continue
            if isinstance(event, Suggested):
                if suggestion.asked:
                    untold += 1  # the one before taught nothing (else it was said)
                suggestion = _Suggestion(event)
            elif isinstance(event, (Passed, CardShown, Unrefuted)):
                suggestion.answer(event)
            line = _line(event)
            if full:
                if line:
                    say(f"  {line}")
            elif isinstance(event, (Accused, AccusationChecked, GameEnded)) and line:
                if isinstance(event, Accused):
                    untold += bool(suggestion.asked)
                    suggestion = _Suggestion()
                    say_untold()
                say(f"  {line}")
        view = step.after.view(reader)
        if not view.hand or step.after.is_over:
            continue
        now = Notebook.from_view(view).solve(reasons=False)
        if known is None:
            hand = ", ".join(_unbroken(card) for card in view.hand)
            say(f"  {reader} holds {hand}: {_envelopes(now)}.")
        elif _count(now) != _count(known):
            if not full and suggestion.made is not None:
                say_untold()
                say(f"  {suggestion.line()}")
            say(f"    {reader}'s notebook: {_learnt(known, now, suggestion.asked)}")
            suggestion = _Suggestion()
        known = now


class _Suggestion:
    """A suggestion and its answers, said in one line."""

    def __init__(self, made: Suggested | None = None) -> None:
        self.made = made
        self.asked: tuple[str, ...] = (
            () if made is None else (made.suspect, made.item, made.location)
        )
        self.passed: list[str] = []
        self.answer_said = ""

    def answer(self, event: Event) -> None:
        """Add a player's answer (a pass, a card shown, or nobody's)."""
        if isinstance(event, Passed):
            self.passed.append(event.player)
        elif isinstance(event, CardShown):
            self.answer_said = event.description
        elif isinstance(event, Unrefuted):
            self.answer_said = "nobody can show a card"

    def line(self) -> str:
        """The suggestion and its answers."""
        assert self.made is not None
        said = f"{self.made.player} suggests {', '.join(self.asked)}: "
        if self.passed:
            *others, last = self.passed
            who = f"{', '.join(others)} and {last} have" if others else f"{last} has"
            said += f"{who} none of them; "
        return said + (self.answer_said or "no answer yet")


_KEEP: Final = "\N{NO-BREAK SPACE}"  # a space the wrapping never breaks at (said as a space)


def _unbroken(text: str) -> str:
    """``text`` kept on one line when wrapped (a card, or a card's odds)."""
    return text.replace(" ", _KEEP)


def _wrapping(say: Callable[[str], None]) -> Callable[[str], None]:
    """``say``, each text wrapped to `WIDTH` (continuation lines indented 4 more spaces)."""

    def wrapped(text: str) -> None:
        indent = text[: len(text) - len(text.lstrip(" "))]
        for line in wrap(text.strip(), indent, indent + "    ") or [text]:
            say(line.replace(_KEEP, " "))

    return wrapped


def _line(event: Event) -> str:
    """An event's narration (the end said once: the envelope is named by the accusation)."""
    if isinstance(event, AccusationChecked) and event.correct:
        return ""  # the winner's line says it
    if isinstance(event, GameEnded) and event.winner is not None:
        return f"{event.winner} is right and wins."
    return event.description


def _count(deduction: Deduction) -> int:
    """How many envelopes (triples) the deduction still allows."""
    return sum(1 for deals in deduction.triples.values() if deals)


def _envelopes(deduction: Deduction, before: Deduction | None = None) -> str:
    """How many envelopes the deduction allows, in words (and how many it allowed)."""
    count = _count(deduction)
    said = "1 possible envelope" if count == 1 else f"{count} possible envelopes"
    return said if before is None else f"{_count(before)} -> {said}"


def _learnt(before: Deduction, after: Deduction, asked: Sequence[str]) -> str:
    """What one step taught: possible envelopes, and each asked card's envelope odds."""
    said = _envelopes(after, before)
    odds = [
        _unbroken(
            f"{card} {_odds(before.envelope_probability(card))} -> "
            f"{_odds(after.envelope_probability(card))}"
        )
        for card in asked
        if before.envelope_probability(card) != after.envelope_probability(card)
    ]
    if odds:
        said += "; chance in the envelope: " + ", ".join(odds)
    certain = {c.card for c in after.certainties if c.owner == ENVELOPE}
    new = [
        card
        for card in certain
        if card not in {c.card for c in before.certainties if c.owner == ENVELOPE}
        and not (card in asked and after.envelope_probability(card) == 1)  # said above
    ]
    if after.solution is not None:
        said += f"; solved: {', '.join(after.solution)}"
    elif new:
        said += f"; certain: {', '.join(sorted(new))}"
    return said


def _odds(probability: Fraction) -> str:
    """A probability exactly, then in words: ``1/5 (20%)``, ``0 (ruled out)``, ``1 (certain)``.

    Examples:
        >>> _odds(Fraction(1, 5)), _odds(Fraction(0)), _odds(Fraction(1))
        ('1/5 (20%)', '0 (ruled out)', '1 (certain)')
        >>> _odds(Fraction(1, 582)), _odds(Fraction(581, 582))
        ('1/582 (under 1%)', '581/582 (over 99%)')
    """
    if probability == 0:
        return "0 (ruled out)"
    if probability == 1:
        return "1 (certain)"
    if probability < Fraction(1, 200):
        return f"{probability} (under 1%)"
    if probability > Fraction(199, 200):
        return f"{probability} (over 99%)"
    return f"{probability} ({float(probability):.0%})"
