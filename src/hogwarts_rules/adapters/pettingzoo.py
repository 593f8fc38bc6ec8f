"""A PettingZoo AEC environment for every game with codecs (First Year Adventure, Clue).

``env(game, **options)`` builds the environment for a game named by kind or
alias (through the catalogue, `hogwarts_rules.find_game`). It needs the
``pettingzoo`` extra (``pip install "hogwarts-rules[pettingzoo]"``: PettingZoo,
Gymnasium and NumPy). See the documentation page *Adapters* for a loop.

- **Agents** are ``"player_0"`` to ``"player_{n-1}"``, one per seat in seat
  order (`HogwartsEnv.seat_of` gives the seat's name).
- **Actions**: ``Discrete(codec.size)`` from the game's action codec
  (`GameSpec.action_codec`); a number says what is done, and the agent selected
  does it. A number whose action is not legal now raises `IllegalActionError`
  (the observation's ``action_mask`` marks the legal ones) and changes nothing.
- **Observations**: a dict with ``"observation"``, the seat's view as a
  ``float32`` vector (`GameSpec.observation_codec`; built from
  ``game.view(seat)`` only, never the dice or another seat's secret), and
  ``"action_mask"``, an ``int8`` vector with a 1 for each legal number.
- **Infos**: ``{"seat": name, "view": game.view(seat)}`` (the raw view) for
  each agent, unless built with ``info_view=False`` (then only the seat).
- **Rewards**: 0 on every step; when the game ends, +1 to each winner (all the
  players sharing a tie), -1 to every other player, and 0 to everyone when
  nobody wins (a game of Clue where everyone accused wrongly). A truncated game
  gives no reward.
- **Terminations** when the game ends by its rules; **truncations** after
  ``max_steps`` agent decisions (default: the spec's `GameSpec.max_steps`).
- Steps nobody decides (First Year Adventure's roll-off, Clue's deal) are
  applied by the environment itself, and are not counted as steps.
- ``reset(seed=...)`` seeds the environment's own generator, which draws each
  game's seed; the same seed and the same actions give the same game.
- ``render()`` returns (``render_mode="human"``: prints) a plain text summary.

Importing this module needs nothing beyond the library (so that the package's
modules can all be imported); `env` raises `ImportError` when the extra is
missing. A loop (see the *Adapters* page for one that is run by the tests):

    from hogwarts_rules.adapters.pettingzoo import env

    table = env("clue", players=3)
    table.reset(seed=7)
    for agent in table.agent_iter():
        observation, reward, terminated, truncated, info = table.last()
        ...
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Final

from hogwarts_rules.bots import deciding_seat, seat_actions
from hogwarts_rules.catalogue import find_game
from hogwarts_rules.codec import ActionCodec, ObservationCodec
from hogwarts_rules.engine import GameBase
from hogwarts_rules.errors import IllegalActionError
from hogwarts_rules.spec import OptionError

try:
    import gymnasium
    import numpy as np
    from pettingzoo import AECEnv  # type: ignore[import-untyped,import-not-found,unused-ignore]
except ImportError as _exc:  # the extra is not installed: `env` says so
    _MISSING: ImportError | None = _exc
    AECEnv = object
else:
    _MISSING = None

__all__ = ["MAX_SEED", "HogwartsEnv", "Observation", "env"]

MAX_SEED: Final = 2**53 - 1
"""The largest seed the environment draws for a game (safe to write as JSON)."""

Observation = dict[str, Any]
"""An observation: ``{"observation": float32 vector, "action_mask": int8 vector}``."""


def env(game: str, **options: Any) -> HogwartsEnv:
    """The AEC environment of ``game`` (a kind or an alias): see `HogwartsEnv`.

    Raises:
        UnknownGameError: no game of that name is in the catalogue.
        IllegalActionError: the game has no codecs (code ``no_adapter``), or bad seats.
        OptionError: an unknown game option, or a bad value (``max_steps`` and
            ``render_mode`` too).
    """
    return HogwartsEnv(game, **options)


def _outcome_rewards(game: GameBase) -> dict[str, float]:
    outcome = game.outcome
    winners = () if outcome is None else outcome.winners
    if not winners:
        return dict.fromkeys(game.seat_names, 0.0)
    return {seat: 1.0 if seat in winners else -1.0 for seat in game.seat_names}


class HogwartsEnv(AECEnv):  # type: ignore[misc,unused-ignore]
    """A game of the library as a PettingZoo AEC environment (see the module docstring).

    Args:
        game: the game's kind or alias (``"adventure"``, ``"clue"``).
        players: the seats (names, or a count; default the game's default count).
        max_steps: truncate after this many agent decisions (default: the spec's).
        render_mode: ``None`` or ``"ansi"`` (`render` returns the text) or
            ``"human"`` (`render` prints it).
        info_view: put each seat's raw view in its info (``True``, the default).
        **options: the game's own options (validated by its spec).
    """

    metadata: Final[dict[str, Any]] = {
        "name": "hogwarts_rules",
        "render_modes": ["ansi", "human"],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: str,
        *,
        players: Sequence[str] | int | None = None,
        max_steps: int | None = None,
        render_mode: str | None = None,
        info_view: bool = True,
        **options: Any,
    ) -> None:
        if _MISSING is not None:
            raise ImportError(
                'the PettingZoo adapter needs its extra: pip install "hogwarts-rules[pettingzoo]"'
            ) from _MISSING
        super().__init__()
        self.spec = find_game(game)
        if self.spec.action_codec is None or self.spec.observation_codec is None:
            raise IllegalActionError(
                "no_adapter", f"{self.spec.title} has no action or observation codec"
            )
        if render_mode not in (None, "ansi", "human"):
            raise OptionError(
                "bad_option",
                f"render_mode must be None, 'ansi' or 'human', not {str(render_mode)[:20]!r}",
                "render_mode",
            )
        if max_steps is not None and (type(max_steps) is not int or max_steps < 1):
            raise OptionError(
                "bad_option", "max_steps must be a whole number of at least 1", "max_steps"
            )
        self.render_mode = render_mode
        self.max_steps = self.spec.max_steps if max_steps is None else max_steps
        self.info_view = info_view
        self._seats = self.spec.seat_list(players)
        self._options = self.spec.check_options(options)
        probe = self.spec.new_game(self._seats, seed=0, **self._options)
        self.action_codec: ActionCodec = self.spec.action_codec(probe)
        self.observation_codec: ObservationCodec = self.spec.observation_codec(probe)
        names = probe.seat_names
        self.possible_agents = [f"player_{i}" for i in range(len(names))]
        self._seat_of = dict(zip(self.possible_agents, names, strict=True))
        self._agent_of = {seat: agent for agent, seat in self._seat_of.items()}
        features = self.observation_codec.features
        low = np.array([f.low for f in features], dtype=np.float32)
        high = np.array([f.high for f in features], dtype=np.float32)
        self._low, self._high = low, high
        size = self.action_codec.size
        self.observation_spaces = {
            agent: gymnasium.spaces.Dict(
                {
                    "observation": gymnasium.spaces.Box(low, high, dtype=np.float32),
                    "action_mask": gymnasium.spaces.Box(0, 1, (size,), dtype=np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {
            agent: gymnasium.spaces.Discrete(size) for agent in self.possible_agents
        }
        self._rng: random.Random | None = None
        self.game: GameBase = probe
        self.steps = 0
        self._views: dict[str, Any] = {}

    # ----- the spaces ---------------------------------------------------------------------

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """The observation space of ``agent`` (the same object every time)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """The action space of ``agent`` (the same object every time)."""
        return self.action_spaces[agent]

    def seat_of(self, agent: str) -> str:
        """The seat (player name in the game) of ``agent``."""
        return self._seat_of[agent]

    def agent_of(self, seat: str) -> str:
        """The agent of a seat."""
        return self._agent_of[seat]

    # ----- playing ---------------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game (``seed`` seeds the environment's generator; ``options`` unused)."""
        if seed is not None:
            self._rng = random.Random(seed)
        elif self._rng is None:
            self._rng = random.Random()
        game_seed = self._rng.randint(0, MAX_SEED)
        self.game = self.spec.new_game(self._seats, seed=game_seed, **self._options)
        self.steps = 0
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self._skip_agent_selection = None
        self._advance()
        self._after_move()

    def step(self, action: Any) -> None:
        """The selected agent takes the action numbered ``action`` (``None`` once it is done).

        Raises:
            IllegalActionError: the number is outside the space (``bad_action``) or its
                action is not legal now (the game's code); nothing changes.
            ValueError: an action other than ``None`` for an agent that is done.
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise IllegalActionError("bad_action", f"{agent} must choose an action number")
        chosen = self.action_codec.decode(action, self._seat_of[agent])
        self.game, _ = self.game.apply(chosen)
        self.steps += 1
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        self._advance()
        if self.game.is_over:
            for seat, reward in _outcome_rewards(self.game).items():
                self.rewards[self._agent_of[seat]] = reward
            self.terminations = dict.fromkeys(self.agents, True)
        elif self.steps >= self.max_steps:
            self.truncations = dict.fromkeys(self.agents, True)
        self._accumulate_rewards()
        self._after_move()

    def _advance(self) -> None:
        """Apply the steps nobody decides (a roll-off, a deal) until somebody must decide."""
        game = self.game
        while not game.is_over and not game.to_act:
            legal = game.legal_actions()
            if len(legal) != 1 or legal[0].actor is not None:
                break
            game, _ = game.apply(legal[0])
        self.game = game

    def _after_move(self) -> None:
        """Select the next agent and refresh the infos (the views are rebuilt on demand)."""
        self._views = {}
        if self.game.is_over or self.truncations.get(self.agents[0], False):
            self.agent_selection = self.agents[0]
        else:
            seat = deciding_seat(self.game)
            if seat is None:  # pragma: no cover - seeded games always have a decider
                raise RuntimeError("no seat may act, and the game is not over")
            self.agent_selection = self._agent_of[seat]
        self.infos = {agent: self._info(agent) for agent in self.agents}

    def _view(self, agent: str) -> Any:
        found = self._views.get(agent)
        if found is None:
            found = self._views[agent] = self.game.view(self._seat_of[agent])
        return found

    def _info(self, agent: str) -> dict[str, Any]:
        if self.info_view:
            return {"seat": self._seat_of[agent], "view": self._view(agent)}
        return {"seat": self._seat_of[agent]}

    def observe(self, agent: str) -> Observation:
        """What ``agent`` observes now: its view as numbers, and its action mask."""
        view = self._view(agent)
        listed = getattr(view, "legal_actions", None)  # every view lists its seat's actions
        if not isinstance(listed, tuple):
            listed = seat_actions(self.game, self._seat_of[agent])
        mask = np.zeros(self.action_codec.size, dtype=np.int8)
        mask[[self.action_codec.encode(action) for action in listed]] = 1
        vector = np.asarray(self.observation_codec.encode(view, clip=False), dtype=np.float32)
        np.clip(vector, self._low, self._high, out=vector)
        return {"observation": vector, "action_mask": mask}

    # ----- showing ---------------------------------------------------------------------------

    def summary(self) -> str:
        """The game as plain text, as a spectator sees it (no secret).

        A line of steps and one of the seats, the text board of the table's view, and
        the outcome or who acts.
        """
        game = self.game
        lines = [f"{self.spec.title}: step {self.steps} of at most {self.max_steps}"]
        lines.append(
            "seats: " + ", ".join(f"{agent} = {seat}" for agent, seat in self._seat_of.items())
        )
        lines.append(str(game.view(None)))  # the game's text board
        outcome = game.outcome
        if outcome is not None:
            winners = ", ".join(outcome.winners) or "nobody"
            lines.append(f"over ({outcome.reason}): won by {winners}")
            if outcome.scores:
                scores = ", ".join(f"{seat} {score}" for seat, score in outcome.scores.items())
                lines.append(f"scores: {scores}")
        elif self.steps >= self.max_steps:
            lines.append("truncated: the step limit was reached")
        else:
            lines.append("to act: " + ", ".join(game.to_act))
        return "\n".join(lines)

    def render(self) -> str | None:
        """The `summary` (``render_mode="human"``: printed, and ``None`` returned)."""
        text = self.summary()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release (no window, no process)."""
