"""Deprecated: moved to `hogwarts_rules.frontends.simulation`; this path is kept for one release."""

from hogwarts_rules.frontends.simulation import *  # noqa: F403
from hogwarts_rules.frontends.simulation import __all__ as __all__
