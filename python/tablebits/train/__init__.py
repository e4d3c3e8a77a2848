"""Training the Baseline networks: ``tablebits train GAME`` / ``python -m tablebits.train GAME``
(torch needed: ``pip install 'tablebits[train]'``; playing with the result needs numpy only).

Each round plays ``games_per_round`` games in which every decision is a teacher's search of
``teacher_iterations`` iterations (in C++, several games at once), records the visit shares and
the final returns of every searched position, and fits the network to the last ``window``
rounds' positions (policy: cross-entropy to the visit shares; value: each player's win share).
The teacher is ISMCTS (distillation: the network imitates a search stronger than itself), or
PUCT with the run's own network (``teacher="puct"``, expert iteration as in AlphaZero: the
network searches, plays itself and learns from the searches, so the teacher grows with it). With
PUCT a fitted candidate becomes the teacher only when it beats the accepted network in a gate
arena (``train.gate``); a run may start from the shipped network (``warm_start``).

Runs are reproducible (the same configuration gives the same weights; round ``k`` depends only
on ``(seed, k)`` and the previous rounds) and resumable: the checkpoint is written between
rounds, atomically, so a kill or Ctrl-C loses at most the round in progress, and running the
same command again continues from it. See ``train.loop`` for the files written.
"""

from __future__ import annotations

from .loop import TrainConfig, train

__all__ = ["TrainConfig", "train"]
