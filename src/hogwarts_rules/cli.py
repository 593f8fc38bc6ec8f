"""Deprecated: moved to `hogwarts_rules.frontends.cli`; this path is kept for one release."""

from hogwarts_rules.frontends.cli import *  # noqa: F403
from hogwarts_rules.frontends.cli import __all__ as __all__
