"""Deprecated: moved to `hogwarts_rules.frontends.serve`; this path is kept for one release."""

from hogwarts_rules.frontends.serve import *  # noqa: F403
from hogwarts_rules.frontends.serve import __all__ as __all__
