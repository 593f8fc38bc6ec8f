"""The exceptions raised by hogwarts-rules.

Every error the library raises on purpose is a `RulesError`, which is a
`ValueError`. Each carries a short machine-readable `code`
(stable across releases, so programs and third-party UIs can branch on it) and a
human-readable message that names the rule that was broken.

Error messages never reveal hidden information (a card in an envelope, the next
roll of the seeded dice); they describe the action that was refused and why.

Examples:
    >>> from hogwarts_rules import IllegalActionError
    >>> err = IllegalActionError("incapacitated", "Weasley is unconscious and cannot act")
    >>> err.code
    'incapacitated'
    >>> str(err)
    'Weasley is unconscious and cannot act'
    >>> isinstance(err, ValueError)
    True
"""

from __future__ import annotations

__all__ = [
    "DiceError",
    "IllegalActionError",
    "InvalidDataError",
    "RulesError",
]


class RulesError(ValueError):
    """Root of every error hogwarts-rules raises on purpose.

    Attributes:
        code: a short, stable, machine-readable identifier such as
            ``"not_your_turn"`` or ``"unknown_skill"``.
        message: the human-readable explanation (also ``str(error)``).
    """

    code: str
    message: str

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.code!r}, {self.message!r})"

    def __reduce__(self) -> tuple[type[RulesError], tuple[str, str]]:
        # Keep errors picklable (process pools re-raise them in the parent).
        return (type(self), (self.code, self.message))


class IllegalActionError(RulesError):
    """An action the rules do not allow now.

    Raised by ``Game.apply`` and ``Game.check`` for an action that is the wrong
    type, names an unknown player, skill or stat, is made by the wrong player, or
    breaks a rule. The game is never changed: games are immutable values.
    """


class InvalidDataError(RulesError):
    """Malformed serialized data given to a ``from_dict`` function.

    The message names the offending field (as a path such as ``$.actions[3].points``).
    """

    path: str

    def __init__(self, code: str, message: str, path: str = "$") -> None:
        super().__init__(code, message)
        self.path = path

    def __reduce__(self) -> tuple[type[RulesError], tuple[str, str, str]]:  # type: ignore[override]
        return (type(self), (self.code, self.message, self.path))


class DiceError(RulesError):
    """A dice source could not produce a roll.

    Raised, for example, when scripted dice run out of rolls, or when a scripted
    roll does not fit the die being rolled (a 7 on a d6).
    """
