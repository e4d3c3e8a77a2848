"""PettingZoo environments for every tablebits game (``pip install "tablebits[pettingzoo]"``).

>>> from tablebits.pettingzoo import env
>>> e = env("good_fortune")
>>> e.reset(seed=7)
>>> e.agent_selection in e.possible_agents
True

``env(game_id, render_mode=None, **params)`` is an AEC env and ``parallel_env(...)`` a Parallel
env. Both are written once over the generic ``Game``/``State`` API, so every registered game
gets them. The mapping (agents, spaces, rewards, simultaneous nodes, chance) is documented in
``docs/adapters/pettingzoo.md``; in short:

- agents ``player_0`` ... ``player_{n-1}`` are the seats;
- observations are ``{"observation": float32 tensor, "action_mask": int8 mask}``;
- rewards are 0 until the game ends, then the returns (win shares; both Fox Duet players get
  the team result); a round cap ends the game as a truncation;
- AEC: at a simultaneous node the acting players choose one after another in seat order and
  the joint action is applied after the last choice; no observation shows a pending choice;
- Parallel: each step takes the actions of every acting player (the player to move at a
  sequential node); other agents' entries are ignored and their action masks are all zero.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv

from .._core import TERMINAL, Game, IllegalActionError, State
from .._registry import resolve_game
from ._options import RENDER_MODES, check_illegal_action, check_render_mode, render
from ._spaces import Seeder, agent_names, mask_box, mask_of, observation_box
from ._turns import LastStep, Turns, as_action

__all__ = ["AECGame", "ParallelGame", "env", "parallel_env"]


def env(game_id: str, /, render_mode: str | None = None, **params: Any) -> AECGame:
    """The AEC env of ``game_id`` with game parameters ``params``."""
    return AECGame(resolve_game(game_id, **params), render_mode=render_mode)


def parallel_env(
    game_id: str,
    /,
    render_mode: str | None = None,
    *,
    illegal_action: str = "raise",
    illegal_reward: float = -1.0,
    **params: Any,
) -> ParallelGame:
    """The Parallel env of ``game_id``; see ``ParallelGame`` for ``illegal_action``."""
    return ParallelGame(
        resolve_game(game_id, **params),
        render_mode=render_mode,
        illegal_action=illegal_action,
        illegal_reward=illegal_reward,
    )


class _Common:
    """Spaces, agent names, rendering and the end-of-game bookkeeping both env kinds share."""

    game: Game
    possible_agents: list[str]
    render_mode: str | None

    def _setup(self, game: Game, render_mode: str | None) -> None:
        self.game = game
        self.render_mode = check_render_mode(render_mode)
        self.possible_agents = agent_names(game)
        self._seats = {a: i for i, a in enumerate(self.possible_agents)}
        # One space object per agent, so that seeding one agent's space leaves the others be.
        self.observation_spaces = {
            a: spaces.Dict({"observation": observation_box(game), "action_mask": mask_box(game)})
            for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(game.num_actions) for a in self.possible_agents}
        self._seeder = Seeder()
        self._state: State | None = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[self._known(agent)]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[self._known(agent)]

    def _known(self, agent: Any) -> str:
        if agent not in self._seats:
            raise ValueError(f"unknown agent {agent!r}; agents are {self.possible_agents}")
        return str(agent)

    def _live_state(self) -> State:
        if self._state is None:
            raise ValueError("call reset() before using the env")
        return self._state

    def _observation(self, seat: int, legal: list[int]) -> dict[str, np.ndarray]:
        return {
            "observation": self._live_state().observation_tensor(seat),
            "action_mask": mask_of(self.game, legal),
        }

    def _final(self) -> tuple[dict[str, float], bool]:
        """(rewards = the returns, whether the end was a round cap) of the finished game."""
        state = self._live_state()
        returns = state.returns()
        rewards = {a: float(returns[i]) for a, i in self._seats.items()}
        return rewards, bool(state.is_truncated())

    def render(self) -> str | np.ndarray | None:
        return render(self.render_mode, self._live_state, self._last_step)

    def _last_step(self) -> LastStep | None:
        """The state before the last step and its joint action, which an ``"rgb_array"``
        frame captions."""
        raise NotImplementedError

    def close(self) -> None:
        pass


class AECGame(_Common, AECEnv[str, dict[str, np.ndarray], int]):
    """A tablebits game as a PettingZoo AEC env (one agent acts per ``step``).

    The legal actions are in the observation's ``action_mask`` only; ``infos[agent]`` is an
    empty dict, as in PettingZoo's classic games (trainers such as Tianshou store infos in
    fixed-shape replay buffers, so a variable-length list there breaks them).

    An action outside the mask, ``None`` from a live agent, or a step after every agent
    has finished raises ``ValueError`` (``TypeError`` for a non-integer action) and leaves the
    env as it was. For PettingZoo's end-the-game-on-illegal-move convention wrap the env in
    ``pettingzoo.utils.wrappers.TerminateIllegalWrapper``.
    """

    # Not for PettingZoo's aec_to_parallel, which expects every agent to act once per cycle:
    # parallel_env() is the Parallel form.
    metadata = {"render_modes": RENDER_MODES, "name": "tablebits_v0", "is_parallelizable": False}

    def __init__(self, game: Game, render_mode: str | None = None) -> None:
        super().__init__()
        self._setup(game, render_mode)
        self.metadata = {**AECGame.metadata, "name": f"tablebits_{game.id}_v0"}
        self._turns: Turns | None = None
        self.agents: list[str] = []

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self._state = self.game.new_initial_state(self._seeder.next(seed))
        self._turns = Turns(self._state)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self._skip_agent_selection = None
        self._select_mover()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self._seats[self._known(agent)]
        if self._turns is None:
            raise ValueError("call reset() before observe()")
        return self._observation(seat, self._turns.legal_actions(seat))

    def step(self, action: Any) -> None:
        if self._turns is None:
            raise ValueError("call reset() before step()")
        if not self.agents:
            raise ValueError("the game is over and every agent has finished: call reset()")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is acting: None is only for finished agents")
        moved = self._turns.choose(self._seats[agent], action)  # raises, changing nothing
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        if moved and self._turns.state.is_terminal():
            self.rewards, truncated = self._final()
            self.terminations = dict.fromkeys(self.agents, not truncated)
            self.truncations = dict.fromkeys(self.agents, truncated)
        self._accumulate_rewards()
        self._select_mover()
        if self.render_mode == "human":
            self.render()

    def _last_step(self) -> LastStep | None:
        return None if self._turns is None else self._turns.last

    def _select_mover(self) -> None:
        assert self._turns is not None
        mover = self._turns.to_move()
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.possible_agents}
        if mover == TERMINAL:
            self._deads_step_first()
        else:
            self.agent_selection = self.possible_agents[mover]


class ParallelGame(_Common, ParallelEnv[str, dict[str, np.ndarray], int]):
    """A tablebits game as a PettingZoo Parallel env (every acting agent acts per ``step``).

    ``step(actions)`` needs an action for each acting agent (``infos[agent]["acting"]``); the
    entries of agents who are not acting are ignored and may be left out. A missing, unknown or
    illegal entry is bad input. With ``illegal_action="raise"`` (the default) it raises
    ``ValueError`` naming the agent and the env is unchanged. With ``"terminate"``, PettingZoo's
    convention for classic games, an illegal (or missing) action ends the game at once: each
    offending agent gets ``illegal_reward``, the others 0, and ``infos[agent]["illegal_action"]``
    is True for the offenders.
    """

    metadata = {"render_modes": RENDER_MODES, "name": "tablebits_v0"}

    def __init__(
        self,
        game: Game,
        render_mode: str | None = None,
        illegal_action: str = "raise",
        illegal_reward: float = -1.0,
    ) -> None:
        self._setup(game, render_mode)
        self.metadata = {**ParallelGame.metadata, "name": f"tablebits_{game.id}_v0"}
        self.illegal_action = check_illegal_action(illegal_action)
        self.illegal_reward = float(illegal_reward)
        self.agents: list[str] = []
        self._last: LastStep | None = None  # the last step: the state before it, its move

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, dict[str, np.ndarray]], dict[str, dict[str, Any]]]:
        self._state = self.game.new_initial_state(self._seeder.next(seed))
        self._last = None
        self.agents = self.possible_agents[:]
        return self._observations(), self._infos()

    def step(
        self, actions: dict[str, Any]
    ) -> tuple[
        dict[str, dict[str, np.ndarray]],
        dict[str, float],
        dict[str, bool],
        dict[str, bool],
        dict[str, dict[str, Any]],
    ]:
        state = self._live_state()
        if not self.agents:
            raise ValueError("the game is over: call reset()")
        if not isinstance(actions, dict):
            raise TypeError(f"actions must be a dict agent -> action, not {type(actions).__name__}")
        for agent in actions:
            self._known(agent)
        joint, offenders = self._joint(state, actions)
        if offenders:
            return self._end_illegally(offenders)
        self._last = (state.clone(), joint)
        if state.is_simultaneous_node():
            state.apply_actions(joint)
        else:
            state.apply_action(joint[state.current_player()])
        agents = self.agents
        observations, infos = self._observations(), self._infos()
        if state.is_terminal():
            rewards, truncated = self._final()
            self.agents = []
        else:
            rewards, truncated = dict.fromkeys(agents, 0.0), False
        over = state.is_terminal()
        if self.render_mode == "human":
            self.render()
        return (
            observations,
            rewards,
            dict.fromkeys(agents, over and not truncated),
            dict.fromkeys(agents, over and truncated),
            infos,
        )

    def _last_step(self) -> LastStep | None:
        return self._last

    def _joint(self, state: State, actions: dict[str, Any]) -> tuple[list[int], list[str]]:
        """The joint action (-1 for players not acting) and the agents whose entry is bad."""
        joint = [-1] * self.game.num_players
        offenders = []
        for seat in state.acting_players():
            agent = self.possible_agents[seat]
            legal = state.legal_actions(seat)
            action = actions.get(agent)
            if action is None:
                problem = f"{agent} is acting but has no action in actions"
            else:
                joint[seat] = as_action(action)
                if joint[seat] in legal:
                    continue
                problem = f"illegal action {joint[seat]} for {agent}; legal actions: {legal}"
            if self.illegal_action == "raise":
                raise IllegalActionError(problem)
            offenders.append(agent)
        return joint, offenders

    def _end_illegally(self, offenders: list[str]) -> Any:
        agents = self.agents
        observations = self._observations()
        rewards = {a: (self.illegal_reward if a in offenders else 0.0) for a in agents}
        infos = {a: {**info, "illegal_action": a in offenders} for a, info in self._infos().items()}
        self.agents = []
        return (
            observations,
            rewards,
            dict.fromkeys(agents, True),
            dict.fromkeys(agents, False),
            infos,
        )

    def _observations(self) -> dict[str, dict[str, np.ndarray]]:
        state = self._live_state()
        return {a: self._observation(i, state.legal_actions(i)) for a, i in self._seats.items()
                if a in self.agents}

    def _infos(self) -> dict[str, dict[str, Any]]:
        state = self._live_state()
        acting = set(state.acting_players())
        return {
            a: {"acting": i in acting, "legal_moves": state.legal_actions(i)}
            for a, i in self._seats.items()
            if a in self.agents
        }
