"""An approximate best response: one seat searched against a ``BotPolicy`` in every other seat.

At each of its decisions the responder values every legal action by playouts that know the
bot: after the action, the other seats play the bot's fixed strategy to the end and the
responder's own seat plays one of its playout policies: the bot's strategy too, and a fixed
search of its own (``base``). An action is worth the best of its playout policies' values. With
the bot as playout policy each playout is the bot's own game with one move changed (a rollout
policy improvement: the responder does at least as well as the bot in its seat, up to the noise
of the playouts); the fixed search keeps the responder strong against a weak bot, whose own
continuations would be weak. The bot's mixed choices at simultaneous nodes are sampled: a fresh
seed per choice.

Where the responder sees the whole position (``state.resample`` changes nothing), two more
things hold, because then the bot's replies at sequential nodes are known exactly:

- **Kept lines.** A playout that met no simultaneous node is an exact line: the responder can
  play it out and get exactly its result. The best such line found is kept and followed until
  a better one turns up or the game leaves it, so the result never falls below the best line
  seen.
- **Exact endgame.** Within ``exact_steps`` steps of the end, the responder searches every
  action of its own against the bot's replies (its sampled mixed choices at simultaneous
  nodes), memoised by the position's bytes: an exact best response to the known strategy.

Hidden information (Color Mafia, Hội Phố) is drawn afresh for each playout with
``state.resample(seat)``: a guess at what the responder cannot see, which ignores what the
bot's earlier moves reveal, one reason the result is only a lower bound.
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import product

from .._core import State
from .bot_policy import BotPolicy

__all__ = ["Responder", "Step", "Value", "seat_value"]

#: One step of a game: an action at a sequential node, the joint action at a simultaneous one.
Step = int | tuple[int, ...]
#: A result for the responder's seat: (win share, score margin over the best other seat).
#: Compared as a tuple: the win share first, the margin only between equal win shares.
Value = tuple[float, float]


def seat_value(state: State, seat: int) -> Value:
    """The finished game's win share of ``seat`` and its score margin over the best other."""
    scores = state.scores()
    others = max(s for p, s in enumerate(scores) if p != seat)
    return state.returns()[seat], scores[seat] - others


def apply_step(state: State, step: Step) -> None:
    if isinstance(step, tuple):
        state.apply_actions(list(step))
    else:
        state.apply_action(step)


class Responder:
    """Plays ``seat`` as an approximate best response to ``policy`` (module docstring), with
    the playout policies ``policy`` and ``bases`` in its own seat.

    ``rollouts`` playouts (per playout policy) value each action (one suffices, and is all
    that is played, where the playout meets no chance and no simultaneous node);
    ``exact_steps`` is how close to the end the exact search starts (0: never). ``rng`` drives
    the playouts' draws.
    """

    def __init__(self, policy: BotPolicy, seat: int, *, bases: list[BotPolicy], rollouts: int,
                 exact_steps: int, rng: random.Random) -> None:
        self.policy = policy
        self.playout_policies = [policy, *bases]
        self.seat = seat
        self.rollouts = rollouts
        self.exact_steps = exact_steps
        self.rng = rng
        self._line: list[Step] = []  # the kept line, from the current position on
        self._line_value: Value | None = None
        self._exact_memo: dict[bytes, Value] = {}

    def observe(self, step: Step) -> None:
        """The game took ``step``: the kept line moves on with it, or is dropped if it left."""
        if self._line and self._line[0] == step:
            self._line.pop(0)
        else:
            self._line, self._line_value = [], None

    def choose(self, state: State) -> int:
        """The responder's action at ``state``, where its seat acts."""
        options = state.legal_actions(self.seat)
        if len(options) == 1:
            return options[0]
        known = self._sees_everything(state)
        values, remaining = self._playout_values(state, options, known)
        if known and remaining <= self.exact_steps:
            return max(options, key=lambda a: self._exact_action_value(state, a))
        best = max(options, key=lambda a: values[a][0])
        value, line = values[best]
        if line is not None and (self._line_value is None or value > self._line_value):
            self._line, self._line_value = line, value
        if self._line_value is not None and self._line_value >= value:
            step = self._line[0]
            return step[self.seat] if isinstance(step, tuple) else step
        return best

    def _sees_everything(self, state: State) -> bool:
        world = state.resample(self.seat, seed=self.rng.getrandbits(64))
        return world.to_bytes() == state.to_bytes()

    def _joint(self, state: State, action: int, others: dict[int, int]) -> Step:
        if not state.is_simultaneous_node():
            return action
        joint = [-1] * state.game.num_players
        for p in state.acting_players():
            joint[p] = action if p == self.seat else others[p]
        return tuple(joint)

    def _playout_values(
        self, state: State, options: list[int], known: bool
    ) -> tuple[dict[int, tuple[Value, list[Step] | None]], int]:
        """Each option's value (the best playout policy's mean), with its exact line (``None``
        if a playout drew anything), and how many steps a playout took to the end from
        ``state``."""
        sums = {(a, k): [0.0, 0.0] for a in options for k in range(len(self.playout_policies))}
        lines: dict[tuple[int, int], list[Step] | None] = {}
        remaining = played = 0
        for r in range(self.rollouts):
            world = state if known else state.resample(self.seat, seed=self.rng.getrandbits(64))
            others = self._others_choices(world, r, known)
            # common random numbers: every option's playout draws the same sequence of seeds,
            # so the options differ by their own consequences more than by luck
            draws = self.rng.getrandbits(64)
            repeats = False  # would a further playout differ from this one?
            for a, k in sums:
                step = self._joint(world, a, others)
                child = world.clone()
                apply_step(child, step)
                (share, margin), line, drew = self._playout(
                    child, self.playout_policies[k], random.Random(draws))
                sums[a, k][0] += share
                sums[a, k][1] += margin
                exact = known and not others and not drew
                lines[a, k] = [step, *line] if exact else None
                repeats = repeats or not exact
                remaining = 1 + len(line)
            played += 1
            if not repeats:
                break
        values: dict[int, tuple[Value, list[Step] | None]] = {}
        for (a, k), (s, m) in sums.items():
            value = (s / played, m / played)
            if a not in values or value > values[a][0]:
                values[a] = (value, lines[a, k])
        return values, remaining

    def _others_choices(self, world: State, r: int, known: bool) -> dict[int, int]:
        """The other acting seats' choices at a simultaneous node (none at a sequential one):
        the ``r``-th sample of the bot's mixed choice, shared by every option."""
        if not world.is_simultaneous_node():
            return {}
        return {
            p: (self.policy.samples(world, p, r + 1)[r] if known
                else self.policy.draw(world, p, self.rng.getrandbits(64)))
            for p in world.acting_players() if p != self.seat
        }

    def _playout(self, state: State, mine: BotPolicy,
                 draws: random.Random) -> tuple[Value, list[Step], bool]:
        """The bot plays every other seat to the end and ``mine`` the responder's, the mixed
        choices seeded from ``draws``: the value for the seat, the steps, and whether a mixed
        choice was drawn."""
        line: list[Step] = []
        drew = False
        while not state.is_terminal():
            if state.is_simultaneous_node():
                joint = [-1] * state.game.num_players
                for p in state.acting_players():
                    joint[p] = self._policy_of(p, mine).draw(state, p, draws.getrandbits(64))
                step: Step = tuple(joint)
                drew = True
            else:
                p = state.current_player()
                step = self._policy_of(p, mine).reply(state, p)
            apply_step(state, step)
            line.append(step)
        return seat_value(state, self.seat), line, drew

    def _policy_of(self, player: int, mine: BotPolicy) -> BotPolicy:
        return mine if player == self.seat else self.policy

    def _exact_action_value(self, state: State, action: int) -> Value:
        """The exact value of ``action`` at ``state`` against the bot (sampled mixed choices at
        simultaneous nodes, weighted by how often each was drawn)."""
        if not state.is_simultaneous_node():
            child = state.clone()
            child.apply_action(action)
            return self._exact(child)
        seats = [p for p in state.acting_players() if p != self.seat]
        shares = [Counter(self.policy.samples(state, p, self.rollouts)) for p in seats]
        share = margin = 0.0
        for choice in product(*(list(c.items()) for c in shares)):
            weight = 1.0
            for _, count in choice:
                weight *= count / self.rollouts
            child = state.clone()
            apply_step(child, self._joint(state, action, {p: a for p, (a, _) in
                                                          zip(seats, choice, strict=True)}))
            s, m = self._exact(child)
            share += weight * s
            margin += weight * m
        return share, margin

    def _exact(self, state: State) -> Value:
        if state.is_terminal():
            return seat_value(state, self.seat)
        key = state.to_bytes()
        value = self._exact_memo.get(key)
        if value is not None:
            return value
        if state.is_simultaneous_node() and self.seat not in state.acting_players():
            value = self._exact_action_value(state, -1)
        elif state.is_simultaneous_node() or state.current_player() == self.seat:
            value = max(self._exact_action_value(state, a)
                        for a in state.legal_actions(self.seat))
        else:
            child = state.clone()
            child.apply_action(self.policy.reply(state, state.current_player()))
            value = self._exact(child)
        self._exact_memo[key] = value
        return value
