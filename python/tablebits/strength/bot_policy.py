"""A built-in bot seen as one fixed strategy, the thing a best response is computed against.

A search bot's decision depends on what its player knows and on the seed of the decision. The
arena draws a new seed per decision, so there the bot is a mixed strategy. ``BotPolicy`` fixes
it as follows:

- At a sequential node the decision seed is derived from ``seed``, the player and the player's
  observation, so the bot is one deterministic strategy (a function of what it knows), drawn
  from the family the arena plays. A best response may know its every reply; they are cached
  by the observation.
- At a simultaneous node a known deterministic choice would be exploited the way a shown hand
  is in rock-paper-scissors, which says nothing about the bot. There the bot stays mixed: every
  time it chooses it draws a fresh seed, so its choice is distributed as the search's choice
  over seeds. A best response can only sample that distribution (``samples``).
"""

from __future__ import annotations

import hashlib

from .._core import BotConfig, State

__all__ = ["BotPolicy", "derive_seed"]


def derive_seed(seed: int, *parts: bytes | int | str) -> int:
    """A 64-bit seed from ``seed`` and ``parts``: the same inputs, the same seed everywhere."""
    return _seed_of(_digest(seed, *parts))


def _digest(seed: int, *parts: bytes | int | str) -> hashlib.blake2b:
    """The hash ``derive_seed`` reads its seed from, open for more parts (``_extended``)."""
    return _extended(hashlib.blake2b(seed.to_bytes(8, "little"), digest_size=8), parts)


def _extended(digest: hashlib.blake2b, parts: tuple[bytes | int | str, ...]) -> hashlib.blake2b:
    for part in parts:
        if isinstance(part, int):
            part = part.to_bytes(8, "little", signed=True)
        elif isinstance(part, str):
            part = part.encode()
        digest.update(len(part).to_bytes(4, "little"))
        digest.update(part)
    return digest


def _seed_of(digest: hashlib.blake2b) -> int:
    return int.from_bytes(digest.digest(), "little")


class BotPolicy:
    """The built-in bot ``config`` as a fixed strategy, seeded by ``seed`` (module docstring).

    ``queries`` counts the searches run (cached answers are not counted again).
    """

    def __init__(self, config: BotConfig, seed: int) -> None:
        self.config = config
        self.queries = 0
        # derive_seed(seed, "reply", ...) and (seed, "sample", ...) hashed up to the fixed
        # parts once: a playout asks for a reply at nearly every step
        self._reply_digest = _digest(seed, "reply")
        self._sample_digest = _digest(seed, "sample")
        self._replies: dict[tuple[int, bytes], int] = {}
        self._samples: dict[tuple[int, bytes], list[int]] = {}

    def forget(self) -> None:
        """Drops the cached replies and samples (they would be found again: this only bounds
        the memory a long run holds)."""
        self._replies.clear()
        self._samples.clear()

    def _knowledge(self, state: State, player: int) -> tuple[int, bytes]:
        # The observation is exactly what the player knows, and a built-in bot decides from
        # nothing more, so equal observations must give equal replies.
        return player, state.observation_tensor(player).tobytes()

    def reply(self, state: State, player: int) -> int:
        """The bot's action at a sequential node where ``player`` is to move: always the same
        for the same observation."""
        key = self._knowledge(state, player)
        action = self._replies.get(key)
        if action is None:
            action = self.draw(state, player, _seed_of(_extended(self._reply_digest.copy(), key)))
            self._replies[key] = action
        return action

    def draw(self, state: State, player: int, seed: int) -> int:
        """The bot's choice for ``player`` with decision seed ``seed``: one draw of its mixed
        choice at a simultaneous node when ``seed`` is drawn at random."""
        self.queries += 1
        return state.bot_action(self.config, player, seed=seed)

    def samples(self, state: State, player: int, count: int) -> list[int]:
        """``count`` draws of ``player``'s choice at a simultaneous node, with seeds derived
        from ``seed`` and the observation (so the same on every call), never from a game's
        own draws: a best response's model of the mixed choice."""
        key = self._knowledge(state, player)
        drawn = self._samples.setdefault(key, [])
        drawn.extend(
            self.draw(state, player, _seed_of(_extended(self._sample_digest.copy(), (k, *key))))
            for k in range(len(drawn), count)
        )
        return drawn[:count]
