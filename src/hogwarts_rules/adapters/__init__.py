"""Adapters to game-AI frameworks, written once over `hogwarts_rules.GameSpec`.

- `hogwarts_rules.adapters.pettingzoo`: a PettingZoo AEC environment for every
  game whose spec gives an action and an observation codec (First Year
  Adventure and Clue). Needs the ``pettingzoo`` extra:
  ``pip install "hogwarts-rules[pettingzoo]"``.

An adapter reaches a game only through the catalogue (`hogwarts_rules.find_game`)
and its spec's hooks (`GameSpec.action_codec`, `GameSpec.observation_codec`),
never by importing a game's package, so a game added by another package works
with it too. Importing this package imports no framework.
"""

__all__: list[str] = []
