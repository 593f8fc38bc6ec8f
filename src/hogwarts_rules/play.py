"""Deprecated: moved to hogwarts_rules.frontends.play; this path is kept for one release."""

from hogwarts_rules.frontends.play import *  # noqa: F403
from hogwarts_rules.frontends.play import __all__ as __all__
