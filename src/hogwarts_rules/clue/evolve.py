"""`replace` for the rules of Clue: the engine's `hogwarts_rules.engine.replace`.

It copies a frozen attrs value with some fields changed (no converter or validator
runs, so every changed value must already have its final type), with a function
compiled once per class that sets each field through its slot; a game's private
memo (who acts, the legal actions) starts empty in the copy.

Examples:
    >>> from hogwarts_rules.clue.records import Seat
    >>> seat = Seat("Ann", "Harry", (3, 4), floo=2)
    >>> replace(seat, floo=1).floo, seat.floo
    (1, 2)
    >>> replace(seat, colour="red")
    Traceback (most recent call last):
    ...
    TypeError: Seat has no field 'colour'
"""

from __future__ import annotations

from hogwarts_rules.engine import replace

__all__ = ["replace"]
