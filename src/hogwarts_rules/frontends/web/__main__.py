"""``python -m hogwarts_rules.frontends.web``: the web table (`hogwarts_rules.frontends.web`)."""

from __future__ import annotations

import sys

from hogwarts_rules.frontends.web import main

if __name__ == "__main__":
    sys.exit(main())
