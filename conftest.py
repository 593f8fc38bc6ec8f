"""Import every module of the package before pytest collects their doctests.

With ``--import-mode=importlib``, pytest imports ``src/hogwarts_rules/x.py`` for its
doctests by file; when the package is not imported yet, it imports the package
first (which imports ``x``) and then executes ``x.py`` a second time as a new
module object. Two copies of a module's classes then exist, and ``isinstance``
between them fails (a `GameSpec` from one copy is not one of the other's).
Imported here first, every module is found in ``sys.modules`` and reused.
"""

from __future__ import annotations

import importlib
import pkgutil

import hogwarts_rules

for _module in pkgutil.walk_packages(hogwarts_rules.__path__, "hogwarts_rules."):
    if not _module.name.endswith("__main__"):
        importlib.import_module(_module.name)
