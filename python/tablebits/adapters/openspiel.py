"""OpenSpiel games for every tablebits game (``pip install "tablebits[openspiel]"``).

>>> from tablebits.openspiel import load_game
>>> game = load_game("good_fortune", rng_seed=1)
>>> game.get_type().short_name
'tablebits_good_fortune'
>>> state = game.new_initial_state()
>>> state.is_terminal()
False

Importing this module registers every game with ``pyspiel.register_game`` as
``tablebits_<game_id>``, so ``pyspiel.load_game("tablebits_hoi_pho(players=3)")`` works too.
A game loaded with parameters other than the defaults is registered under its own short name,
``tablebits_<game_id>[<the parameters>]`` (e.g. ``tablebits_hoi_pho[players=3]``), that loads
it with those parameters: clients that reload a game by its short name (Shimmy on every
``reset``) keep them, list-valued ones included.
Written once over the generic API; the mapping is documented in ``docs/adapters/openspiel.md``:

- **Dynamics**: a game whose every node is sequential (``game.info.dynamics == "sequential"``)
  is ``SEQUENTIAL``; one with simultaneous nodes is ``SIMULTANEOUS``, and its sequential nodes
  are ordinary single-player nodes (OpenSpiel allows both in one game). At a simultaneous node
  the players who are not acting have no legal actions and their entry of the joint action is
  ignored. With ``turn_based=True`` the game is ``SEQUENTIAL`` instead: the acting players of a
  simultaneous node choose one after another in seat order, and the joint action is applied
  after the last choice; no observation shows a pending choice (what tree searches such as
  OpenSpiel's MCTS and ISMCTS bots need).
- **Chance**: a game with chance events (a seeded deal, or draws inside ``apply``) is
  ``SAMPLED_STOCHASTIC``: the events are drawn from the random generator that lives in the
  state, and there are no chance nodes. A game without any is ``DETERMINISTIC``. A
  new initial state takes its seed from the game's generator (parameter ``rng_seed``; -1, the
  default, seeds it from the operating system). OpenSpiel creates an initial state for every
  ``clone``, so the sequence of seeds is reproducible only for a fixed sequence of calls. With
  ``chance_seed=True`` the deal is an opening chance node instead, which clients that seed
  their chance sampling (Shimmy's ``reset(seed=...)``) control; a seeded Shimmy reset of a game
  without it warns, naming ``chance_seed=True``.
- **Information**, **utility**, utility range, ``max_game_length`` come from ``game.info``:
  constant-sum win shares (sum 1), identical returns for the cooperative Fox Duet.
- Observations: ``observation_string`` and ``observation_tensor`` (through the observer API,
  ``make_py_observer``) are the state's ``observation_string``/``observation_tensor``.
- Information states: ``information_state_string(player)`` is the player's action-observation
  history (perfect recall: its first observation, then after every step its own action and
  its new observation; ``_recall.py``), so OpenSpiel's CFR family runs, e.g.
  ``outcome_sampling_mccfr`` on a sequential game (``turn_based=True`` for the others). There
  is no information-state tensor: a history has no fixed size.
- ``resample_from_infostate(player, sampler)`` is ``State.resample`` (seeded from
  ``sampler``), so searches see only what ``player`` knows.

Parameters whose values are lists (boards, tile sets, contract lists) can be passed to
``load_game`` but are not OpenSpiel game parameters, so a serialized game string records only
the scalar ones.
"""

from __future__ import annotations

import hashlib
import sys
import warnings
from collections.abc import Sequence
from typing import Any, ClassVar

import numpy as np
import pyspiel

from .._core import Game, State
from .._registry import games, make, resolve_game
from ._recall import Recall
from ._turns import Turns, as_action

__all__ = [
    "SEED_OUTCOMES", "TablebitsGame", "TablebitsState", "load_game", "register_all", "short_name",
]

_DYNAMICS = {
    "sequential": pyspiel.GameType.Dynamics.SEQUENTIAL,
    "simultaneous": pyspiel.GameType.Dynamics.SIMULTANEOUS,
    "mixed": pyspiel.GameType.Dynamics.SIMULTANEOUS,
}
_INFORMATION = {
    "perfect": pyspiel.GameType.Information.PERFECT_INFORMATION,
    "imperfect": pyspiel.GameType.Information.IMPERFECT_INFORMATION,
}
_UTILITY = {
    "zero_sum": pyspiel.GameType.Utility.ZERO_SUM,
    "constant_sum": pyspiel.GameType.Utility.CONSTANT_SUM,
    "identical": pyspiel.GameType.Utility.IDENTICAL,
    "general_sum": pyspiel.GameType.Utility.GENERAL_SUM,
}
_PREFIX = "tablebits_"
_OWN_PARAMS = {"rng_seed": -1, "turn_based": False, "chance_seed": False}
# chance_seed=True: the number of equally likely seeds at the opening chance node.
SEED_OUTCOMES = 2**12
_SCALARS = (bool, int, float, str)


def short_name(game_id: str) -> str:
    """OpenSpiel's name of a tablebits game: ``tablebits_<game_id>``."""
    return _PREFIX + game_id


def load_game(game_id: str, /, **params: Any) -> TablebitsGame:
    """The OpenSpiel game of ``game_id``: game parameters plus ``rng_seed`` and ``turn_based``."""
    if game_id not in _GAME_CLASSES:
        raise ValueError(f"unknown game {game_id!r}; available: {', '.join(games())}")
    return _GAME_CLASSES[game_id](params)


def _game_type(
    game: Game, turn_based: bool, spec: dict[str, Any], name: str | None = None
) -> pyspiel.GameType:
    info = game.info
    dynamics = _DYNAMICS[info.dynamics]
    if turn_based:
        dynamics = pyspiel.GameType.Dynamics.SEQUENTIAL
    return pyspiel.GameType(
        short_name=name or short_name(game.id),
        long_name=f"tablebits {game.id}",
        dynamics=dynamics,
        chance_mode=_chance_mode(game),
        information=_INFORMATION[info.information],
        utility=_UTILITY[info.utility],
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.num_players,
        min_num_players=game.num_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        provides_factored_observation_string=False,
        parameter_specification=spec,
    )


def _chance_mode(game: Game) -> pyspiel.GameType.ChanceMode:
    """``DETERMINISTIC`` only for a game with no chance at all: none inside ``apply``
    (``game.info.chance == "deterministic"``) and an initial state that is the same for every
    seed (``game.info`` covers ``apply`` only; a seeded deal, as in Good Fortune, is chance
    too). Otherwise ``SAMPLED_STOCHASTIC``: the state's seeded generator draws it."""
    if game.info.chance != "deterministic":
        return pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    boards = {str(game.new_initial_state(seed)) for seed in range(4)}
    if len(boards) > 1:
        return pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    return pyspiel.GameType.ChanceMode.DETERMINISTIC


def _scalar_params(params: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in params.items() if isinstance(v, _SCALARS)}


def _variant_name(game_id: str, params: dict[str, Any]) -> str:
    """The short name of ``game_id`` with ``params``: ``tablebits_<game_id>`` when each is its
    default, else ``tablebits_<game_id>[k=v,...]`` over the others, sorted (a list-valued one
    as ``k=#<digest>``). No parentheses: OpenSpiel's game strings put the parameters there."""
    defaults = {**make(game_id).params, **_OWN_PARAMS}
    parts = []
    for key in sorted(params):
        value = params[key]
        default = defaults.get(key)
        if type(value) is type(default) and value == default:
            continue
        if isinstance(value, _SCALARS):
            parts.append(f"{key}={value}")
        else:
            digest = hashlib.sha256(repr(value).encode()).hexdigest()[:12]
            parts.append(f"{key}=#{digest}")
    return short_name(game_id) + (f"[{','.join(parts)}]" if parts else "")


class TablebitsGame(pyspiel.Game):
    """A tablebits ``Game`` as a ``pyspiel.Game`` (see the module docstring for the mapping).

    Each game has its own subclass (``game_id`` set), which is what OpenSpiel's registry calls
    with the parameters; so has each game with non-default parameters (``variant_params``
    set, under the short name ``_variant_name`` gives), the parameters given on top of those.
    """

    game_id: str
    variant_params: ClassVar[dict[str, Any]] = {}

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        game_id = self.game_id
        params = {**self.variant_params, **(params or {})}
        self.load_params = dict(params)  # everything load_game was given, lists included
        rng_seed = params.pop("rng_seed", -1)
        turn_based = params.pop("turn_based", False)
        chance_seed = params.pop("chance_seed", False)
        if not isinstance(rng_seed, int) or isinstance(rng_seed, bool) or rng_seed < -1:
            raise ValueError(
                f"rng_seed must be -1 (random) or a non-negative int, got {rng_seed!r}"
            )
        if not isinstance(turn_based, bool):
            raise ValueError(f"turn_based must be a bool, got {turn_based!r}")
        if not isinstance(chance_seed, bool):
            raise ValueError(f"chance_seed must be a bool, got {chance_seed!r}")
        self.tb_game = resolve_game(game_id, **params)
        self.turn_based = turn_based
        self.chance_seed = chance_seed
        info = self.tb_game.info
        steps_per_node = self.tb_game.num_players if turn_based else 1
        own = {"rng_seed": rng_seed, "turn_based": turn_based, "chance_seed": chance_seed}
        # OpenSpiel fills in the specification's values for the parameters a game string
        # leaves out: a variant's own values, so that its short name alone loads it.
        spec = {**_scalar_params(self.tb_game.params), **own}
        name = _variant_name(game_id, self.load_params)
        game_type = _game_type(self.tb_game, turn_based, spec, name)
        _register_variant(game_type, game_id, self.load_params)
        super().__init__(
            game_type,
            pyspiel.GameInfo(
                num_distinct_actions=self.tb_game.num_actions,
                max_chance_outcomes=SEED_OUTCOMES if chance_seed else 0,
                num_players=self.tb_game.num_players,
                min_utility=info.min_utility,
                max_utility=info.max_utility,
                utility_sum=info.utility_sum,
                max_game_length=info.max_game_length * steps_per_node + int(chance_seed),
            ),
            {**_scalar_params(self.tb_game.params), **own},
        )
        self._seeds = np.random.default_rng(None if rng_seed == -1 else rng_seed)

    def new_initial_state(self, *_: Any) -> TablebitsState:
        """A new game, seeded from this game's generator (chance lives in the state)."""
        if not self.chance_seed and _seeded_shimmy_reset():
            warnings.warn(_SHIMMY_UNSEEDED.format(name=self.get_type().short_name),
                          UserWarning, stacklevel=2)
        seed = int(self._seeds.integers(2**63))
        return TablebitsState(self, self.tb_game.new_initial_state(seed))

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> _Observer | _RecallObserver:
        """The observer of ``observation_string``/``observation_tensor``, or with
        ``perfect_recall`` that of the information-state strings (action-observation histories;
        no tensor)."""
        if params:
            raise ValueError(f"tablebits observers take no parameters, got {params}")
        if iig_obs_type is not None and iig_obs_type.perfect_recall:
            return _RecallObserver()
        return _Observer(self.tb_game)


_SHIMMY_UNSEEDED = (
    "{name} deals from its own generator, not from a chance node, so Shimmy's "
    "reset(seed=...) does not choose the deal and the same seed deals different games "
    "(PettingZoo's api_test then fails): load the game with chance_seed=True, e.g. "
    "tablebits.openspiel.load_game(game_id, chance_seed=True)"
)


def _seeded_shimmy_reset() -> bool:
    """Whether Shimmy's ``OpenSpielCompatibilityV0.reset`` called with a seed is creating this
    initial state. Shimmy samples chance nodes with the generator that seed seeds, and reloads
    the game by name on every reset: a game without ``chance_seed`` has no chance node, so the
    seed reaches nothing. Found by the caller's code: the reset itself calls
    ``new_initial_state`` once (OpenSpiel's own calls, for shapes and clones, come through
    other frames), so a reset warns once."""
    module = sys.modules.get("shimmy.openspiel_compatibility")
    wrapper = getattr(module, "OpenSpielCompatibilityV0", None)
    reset = getattr(getattr(wrapper, "reset", None), "__code__", None)
    if reset is None:  # Shimmy is not even imported
        return False
    try:
        caller = sys._getframe(2)  # 0: this function, 1: new_initial_state
    except ValueError:  # called from C++ with no Python caller
        return False
    return caller.f_code is reset and caller.f_locals.get("seed") is not None


class TablebitsState(pyspiel.State):
    """A tablebits ``State`` (plus pending choices in turn-based mode) as a ``pyspiel.State``.

    OpenSpiel clones and serializes a Python state through its ``__dict__``: here ``_turns``
    (the tablebits state and any pending choices), the ``_turn_based`` flag and ``_recall``
    (the steps applied, for the information states).
    """

    def __init__(self, game: TablebitsGame, state: State) -> None:
        super().__init__(game)
        self._turns = Turns(state)
        self._turn_based = game.turn_based
        self._recall = Recall(state)
        # chance_seed: the game is dealt by the opening chance node's outcome (the seed), so a
        # client that samples chance with its own seeded generator controls the deal.
        self._seed_pending = game.chance_seed

    @property
    def tb_state(self) -> State:
        """The tablebits ``State`` (without the pending choices of a turn-based node)."""
        return self._turns.state

    def current_player(self) -> int:
        if self._seed_pending:
            return int(pyspiel.PlayerId.CHANCE)
        state = self._turns.state
        if state.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        if self._turn_based:
            return self._turns.to_move()
        if state.is_simultaneous_node():
            return int(pyspiel.PlayerId.SIMULTANEOUS)
        return state.current_player()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """At the opening chance node of ``chance_seed=True``: the seeds, equally likely."""
        if not self._seed_pending:
            return []
        return [(seed, 1.0 / SEED_OUTCOMES) for seed in range(SEED_OUTCOMES)]

    def _legal_actions(self, player: int) -> list[int]:
        if self._seed_pending:
            return list(range(SEED_OUTCOMES)) if player == pyspiel.PlayerId.CHANCE else []
        if self._turn_based:
            return self._turns.legal_actions(player)
        return self._turns.state.legal_actions(player)

    def _apply_action(self, action: int) -> None:
        if self._seed_pending:
            if not isinstance(action, int) or not 0 <= action < SEED_OUTCOMES:
                raise ValueError(f"the opening chance node takes a seed in [0, {SEED_OUTCOMES})"
                                 f", got {action!r}")
            self._turns = Turns(self.get_game().tb_game.new_initial_state(action))
            self._recall = Recall(self._turns.state)  # the players' histories start at the deal
            self._seed_pending = False
        elif self._turn_based:
            player = self._turns.to_move()
            moves = {**self._turns.pending, player: as_action(action)}
            if self._turns.choose(player, action):  # the joint action went in: one step
                self._recall.record(moves)
        else:
            player = self._turns.state.current_player()
            self._turns.state.apply_action(as_action(action))
            self._recall.record({player: as_action(action)})

    def apply_actions(self, actions: Sequence[int | None]) -> None:
        """OpenSpiel's ``apply_actions``; the entry of a player with no legal action may also be
        ``None`` (it is ignored like any other entry of such a player). Shimmy's
        ``OpenSpielCompatibilityV0`` passes ``None`` for them at a simultaneous node."""
        if actions is None or isinstance(actions, (str, bytes)):
            raise TypeError(f"actions must be a list of ints, not {type(actions).__name__}")
        joint = list(actions)
        for player, action in enumerate(joint):
            if action is None:
                if player < self.num_players() and self.legal_actions(player):
                    raise ValueError(f"player {player} is acting: None is only for players "
                                     f"with no legal action")
                joint[player] = -1
        super().apply_actions(joint)

    def _apply_actions(self, actions: list[int]) -> None:
        state = self._turns.state
        if not state.is_simultaneous_node():
            # OpenSpiel's convention for simultaneous-move games (what rl_environment relies
            # on): a joint action at a node where one player acts applies that player's entry.
            if len(actions) != self.num_players():
                raise ValueError(
                    f"joint action must have {self.num_players()} entries, got {len(actions)}"
                )
            self._apply_action(actions[state.current_player()])
            return
        acting = set(state.acting_players())
        state.apply_actions([as_action(a) if p in acting else -1 for p, a in enumerate(actions)])
        self._recall.record({p: as_action(actions[p]) for p in sorted(acting)})

    def _action_to_string(self, player: int, action: int) -> str:
        state = self._turns.state
        if self._seed_pending:
            return f"seed {action}"
        if player >= 0 and action in state.legal_actions(player):
            return state.action_to_string(action, player)
        return f"action {action}"

    def is_terminal(self) -> bool:
        return self._turns.state.is_terminal()

    def returns(self) -> list[float]:
        return list(self._turns.state.returns())

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> TablebitsState:
        """A state consistent with what ``player_id`` knows, hidden information redrawn.

        Seeded from ``probability_sampler()`` (a uniform draw in [0, 1)). In turn-based mode
        the other players' pending choices are hidden too, so they are redrawn uniformly among
        their legal actions in the resampled state; ``player_id``'s own choice is kept.
        """
        seed = int(probability_sampler() * 2**53)
        new_state = self._turns.state.resample(player_id, seed)
        clone = self.clone()
        clone._turns = Turns(new_state)
        clone._recall = self._recall.resampled(player_id, new_state)
        for p, action in self._turns.pending.items():
            if p != player_id:
                legal = new_state.legal_actions(p)
                action = legal[int(probability_sampler() * len(legal)) % len(legal)]
            clone._turns.pending[p] = action
        return clone

    def __str__(self) -> str:
        return str(self._turns.state)

    def __reduce__(self) -> tuple[Any, ...]:
        # OpenSpiel pickles a state through SerializeGameAndState, which a Python game with
        # sampled chance cannot serve (it asks for the game's generator state).
        game = self.get_game()
        return (_unpickle_state, (game.game_id, game.load_params, self.serialize()))


def _unpickle_state(game_id: str, params: dict[str, Any], data: str) -> TablebitsState:
    state: TablebitsState = load_game(game_id, **params).deserialize_state(data)
    return state


class _Observer:
    """OpenSpiel's PyObserver interface over ``observation_tensor``/``observation_string``."""

    def __init__(self, game: Game) -> None:
        self.tensor = np.zeros(game.observation_shape, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: TablebitsState, player: int) -> None:
        self.tensor[...] = state.tb_state.observation_tensor(player)

    def string_from(self, state: TablebitsState, player: int) -> str:
        return state.tb_state.observation_string(player)


class _RecallObserver:
    """OpenSpiel's PyObserver interface over the information-state strings (no tensor)."""

    def __init__(self) -> None:
        self.tensor = np.zeros(0, np.float32)
        self.dict: dict[str, np.ndarray] = {}

    def set_from(self, state: TablebitsState, player: int) -> None:
        raise ValueError("tablebits games have information-state strings, not tensors")

    def string_from(self, state: TablebitsState, player: int) -> str:
        lines = state._recall.events(player)
        pending = state._turns.pending  # turn-based: a choice held until the joint action
        if player in pending:  # known to its chooser only; the same line once it is applied
            lines.append("you: " + state.tb_state.action_to_string(pending[player], player))
        return "\n".join(lines)


# game id -> its TablebitsGame subclass. OpenSpiel's registry keeps the registered callables
# until after the interpreter has shut down; classes are never freed before then (a plain
# function would be, and freeing it without the GIL aborts the process at exit).
_GAME_CLASSES: dict[str, type[TablebitsGame]] = {}

# short name of a game with non-default parameters -> its TablebitsGame subclass.
_VARIANT_CLASSES: dict[str, type[TablebitsGame]] = {}


def _register_variant(game_type: pyspiel.GameType, game_id: str, params: dict[str, Any]) -> None:
    """Registers ``game_type.short_name`` (a game with non-default ``params``) with OpenSpiel,
    once: loading that name loads the game with ``params``."""
    name = game_type.short_name
    if name == short_name(game_id) or name in _VARIANT_CLASSES:
        return
    base = _GAME_CLASSES[game_id]
    variant = type(base.__name__, (base,), {"variant_params": dict(params)})
    _VARIANT_CLASSES[name] = variant
    pyspiel.register_game(game_type, variant)


def register_all() -> None:
    """Registers ``tablebits_<game_id>`` with OpenSpiel for every game (done on import)."""
    registered = {t.short_name for t in pyspiel.registered_games()}
    for game_id in games():
        if game_id not in _GAME_CLASSES:
            camel = "".join(part.capitalize() for part in game_id.split("_"))
            _GAME_CLASSES[game_id] = type(f"{camel}Game", (TablebitsGame,), {"game_id": game_id})
        if short_name(game_id) not in registered:
            default = make(game_id)
            spec = {**_scalar_params(default.params), **_OWN_PARAMS}
            pyspiel.register_game(_game_type(default, False, spec), _GAME_CLASSES[game_id])


register_all()
