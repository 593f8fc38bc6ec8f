"""``python -m hogwarts_rules``: the command line."""

import sys

from hogwarts_rules.frontends.cli import main

if __name__ == "__main__":
    sys.exit(main())
