"""Deprecated: moved to `hogwarts_rules.frontends.schema`; this path is kept for one release."""

import sys

from hogwarts_rules.frontends.schema import *  # noqa: F403
from hogwarts_rules.frontends.schema import __all__ as __all__
from hogwarts_rules.frontends.schema import main

if __name__ == "__main__":
    sys.exit(main())
