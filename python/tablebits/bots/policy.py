"""``Policy``: a network's policy played directly, without search (an RL agent's snapshot)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from .._checks import check_optional_seed
from .._core import BotConfig, Game, State
from .._registry import make
from .builtin import BuiltinBot
from .weights import Network, check_network_game, load_weights, trained_for

__all__ = ["Policy"]


class Policy(BuiltinBot):
    """The policy of the network in ``weights`` (a ``tablebits.bots.weights`` file), played
    without search, in C++: the player's observation goes through the network once and the move
    is drawn from the softmax of its logits over the legal actions -- what a masked policy
    gradient agent such as MaskablePPO plays -- or, with ``greedy=True``, is the most probable
    legal move. The draw comes from ``seed`` (``None``: the operating system) in ``act``, and
    from the driver's seed in ``tb.arena`` and ``VectorGameEnv``'s opponents.

    ``game`` is a ``Game``, which the weights must match, or a game id, which takes the
    parameters the weights were trained on. Its name is the file's path (``@greedy`` appended
    when greedy), which ``tablebits.bots.parse`` reads back. A Policy pickles and copies as its
    arguments (the copy loads the file again).

    >>> import tablebits as tb
    >>> from tablebits.bots.weights import shipped_path
    >>> bot = Policy("good_fortune", shipped_path("good_fortune"))
    >>> state = tb.make("good_fortune").new_initial_state(seed=3)
    >>> bot.act(state, 0) in state.legal_actions()
    True
    """

    def __init__(
        self,
        game: str | Game,
        weights: str | os.PathLike[str],
        greedy: bool = False,
        seed: int | None = 0,
    ) -> None:
        if not isinstance(greedy, bool):
            raise TypeError(f"greedy must be a bool, got {greedy!r}")
        if not isinstance(weights, (str, os.PathLike)):
            raise TypeError(f"weights must be a path, not {type(weights).__name__}")
        path = Path(weights)
        if not isinstance(game, Game):
            game = make(game, **trained_for(path)[1])
        self.network: Network = load_weights(path, game)
        self.game = game
        self.weights = path
        self.greedy = greedy
        self.seed = check_optional_seed(seed)
        self._evaluator = self.network.native()  # registered while the bot lives
        self.config = BotConfig("policy", evaluator=self._evaluator.id, greedy=int(greedy))
        self.name = os.fspath(weights) + ("@greedy" if greedy else "")

    learned = True

    def _decision_seed(self) -> int | None:
        return self.seed

    def check_game(self, game: Game) -> None:
        """``ValueError`` unless ``game`` is the game (parameters included) of the weights."""
        check_network_game(self.name, self.game, game)
        super().check_game(game)

    def act(self, state: State, player: int) -> int:
        """A legal action of ``player``, for a state of the weights' game only (``ValueError``
        otherwise)."""
        self.check_game(state.game)
        return super().act(state, player)

    def __reduce__(self) -> tuple[Any, ...]:
        # By its arguments: its evaluator is registered with the engine by id.
        return (Policy, (self.game, self.weights, self.greedy, self.seed))
