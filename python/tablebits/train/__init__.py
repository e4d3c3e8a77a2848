"""Training the Baseline networks: ``tablebits train GAME`` / ``python -m tablebits.train GAME``
(torch needed: ``pip install 'tablebits[train]'``; playing with the result needs numpy only).

The method is distillation of a strong search, not AlphaZero's PUCT self-play: each round
plays ``games_per_round`` games in which every decision is an ISMCTS search of
``teacher_iterations`` iterations (in C++, several games at once), records the visit shares
and the final returns of every searched position, and fits the network to the last ``window``
rounds' positions (policy: cross-entropy to the visit shares; value: each player's win share).
The reason is the budget: about an hour per game on two cores. A self-play position of PUCT
costs one evaluator call per batch of leaves through Python, some 4x slower per iteration than
ISMCTS's rollouts in C++, so within the hour the teacher's positions are both more numerous and
better searched (thousands of iterations each) than PUCT self-play's could be. The ``Baseline``
bot then plays PUCT with the network: priors from the imitated search, values instead of
rollouts.

Runs are reproducible (the same configuration gives the same weights; round ``k`` depends only
on ``(seed, k)`` and the previous rounds) and resumable: the checkpoint is written between
rounds, atomically, so a kill or Ctrl-C loses at most the round in progress, and running the
same command again continues from it. See ``train.loop`` for the files written.
"""

from __future__ import annotations

from .loop import TrainConfig, train

__all__ = ["TrainConfig", "train"]
