# distutils: language = c++
# cython: language_level=3, boundscheck=False, wraparound=False, embedsignature=True
"""tablebits._batch: the array-level API (Cython over the same C++ headers as the object API).

Loops over numpy buffers run in C++ with the GIL released, split over a thread pool. Nothing here
trusts its caller: the parameter bytes are checked by the game's validate_params, and every
buffer's dtype and C-contiguity (by its typed memoryview) and shape (against the game) before C++
touches it, so bad input raises instead of crashing.
"""

from libc.stdint cimport int32_t, int64_t, uint8_t, uint32_t, uint64_t
from libcpp.string cimport string
from libcpp.vector cimport vector

from cpython.pycapsule cimport PyCapsule_GetPointer

import numpy as np

from tablebits import _core


cdef extern from "bindings/any_game.hpp" namespace "tb":
    cdef cppclass SigintScope:
        SigintScope()
        int raise_if_stopped() except -1

    cdef cppclass BatchBuffers:
        int32_t* current_player
        uint64_t* legal
        float* rewards
        uint8_t* terminated
        uint8_t* truncated
        int32_t* episode_steps
        float* observations
        float* final_returns
        float* final_observations

    cdef cppclass SeatBuffers:
        int32_t* seat
        int32_t* opponent
        uint64_t* game_seed
        int32_t* final_seat
        int32_t* final_opponent
        float* reward
        float* final_obs

    cdef cppclass GameShape:
        int players
        int observation_size
        int num_actions

    GameShape game_shape(const string& id, const string& blob) except +

    cdef cppclass AnyBatchEnv:
        void reset(uint64_t seed, int threads) nogil
        int64_t step(const int32_t* actions, int threads) nogil
        void sample_actions(int32_t* out, int threads) nogil
        string state_bytes(size_t i)
        void set_learner(int seat, bint rotate, const string& bots, const double* weights,
                         size_t count, bint allow_time_limits, SeatBuffers out) except +
        void learner_reset(uint64_t seed, int threads, float* obs, uint8_t* masks) nogil
        int64_t learner_step(const int32_t* actions, int threads, float* obs,
                             uint8_t* masks) nogil

    AnyBatchEnv* new_batch_env(const string& id, const string& blob, size_t n,
                               BatchBuffers buffers) except +
    void simulate_any(const string& id, const string& blob, uint64_t seed, uint64_t first,
                      size_t count, float* returns, float* scores, uint32_t* lengths,
                      uint8_t* truncated, uint8_t* starts, int threads) except + nogil
    void arena_any(const string& id, const string& blob, const string& bots_blob,
                   uint64_t seed, uint64_t first, size_t count, int32_t* seats, float* returns,
                   float* scores, uint32_t* lengths, uint8_t* truncated,
                   vector[int32_t]* actions, uint8_t* starts, int threads,
                   bint allow_time_limits) except + nogil


cdef extern from "tablebits/core/arena.hpp" namespace "tb":
    uint64_t arena_game_seed_cpp "tb::arena_game_seed"(uint64_t seed, uint64_t game_index)


cdef extern from "tablebits/core/rng.hpp" namespace "tb":
    uint64_t derive_seed_cpp "tb::derive_seed"(uint64_t seed, uint64_t index, uint64_t stream)


cdef extern from "tablebits/core/evaluator.hpp" namespace "tb":
    cdef cppclass EvaluatorRegistry:
        @staticmethod
        void adopt(EvaluatorRegistry* shared)


# Learned evaluators are registered through the object API; arena bots here must find them.
EvaluatorRegistry.adopt(<EvaluatorRegistry*>PyCapsule_GetPointer(
    _core._evaluator_registry, b"tablebits.EvaluatorRegistry"))


cdef GameShape checked_shape(str game_id, bytes params_blob) except *:
    """The game's shape; ValueError for an unknown game or parameter bytes it does not accept."""
    return game_shape(game_id.encode(), params_blob)


cdef check_rows(str name, Py_ssize_t rows, Py_ssize_t cols, Py_ssize_t want_rows,
                Py_ssize_t want_cols):
    if rows != want_rows or cols != want_cols:
        raise ValueError(f"{name} must have shape ({want_rows}, {want_cols}), got ({rows}, {cols})")


cdef check_length(str name, Py_ssize_t rows, Py_ssize_t want_rows):
    if rows != want_rows:
        raise ValueError(f"{name} must have {want_rows} entries, got {rows}")


def simulate_chunk(str game_id not None, bytes params_blob not None, uint64_t seed, uint64_t first,
                   float[:, ::1] returns not None, float[:, ::1] scores not None,
                   uint32_t[::1] lengths not None, uint8_t[::1] truncated not None, int threads,
                   uint8_t[::1] starts=None):
    """Plays games first .. first+len(lengths)-1 of job `seed` with random moves, in C++.

    returns and scores are float32 (len(lengths), players), truncated and starts (each game's
    starting seat, position 0 of the turn order; None: not written) uint8 (len(lengths),); all
    C-contiguous.
    """
    cdef GameShape shape = checked_shape(game_id, params_blob)
    cdef Py_ssize_t count = lengths.shape[0]
    check_rows("returns", returns.shape[0], returns.shape[1], count, shape.players)
    check_rows("scores", scores.shape[0], scores.shape[1], count, shape.players)
    check_length("truncated", truncated.shape[0], count)
    if starts is not None:
        check_length("starts", starts.shape[0], count)
    if count == 0:
        return
    cdef string gid = game_id.encode()
    cdef string blob = params_blob
    cdef uint8_t* start_out = &starts[0] if starts is not None else NULL
    cdef SigintScope sigint  # Ctrl-C stops the C++ loop; KeyboardInterrupt is raised below
    with nogil:
        simulate_any(gid, blob, seed, first, count, &returns[0, 0], &scores[0, 0],
                     &lengths[0], &truncated[0], start_out, threads)
    sigint.raise_if_stopped()


def arena_chunk(str game_id not None, bytes params_blob not None, bytes bots_blob not None,
                uint64_t seed, uint64_t first, int32_t[:, ::1] seats not None,
                float[:, ::1] returns not None, float[:, ::1] scores not None,
                uint32_t[::1] lengths not None, uint8_t[::1] truncated not None, int threads,
                bint record=False, bint allow_time_limits=False, uint8_t[::1] starts=None):
    """Plays games first .. first+len(lengths)-1 of arena job `seed` in C++ (GIL released).

    `bots_blob` holds one bot per seat (the concatenated ``BotConfig._bytes()``); game i seats
    bot entry (s + i) mod N at seat s and writes it to seats[i - first, s], and each game's
    starting seat (position 0 of the turn order) to starts unless it is None. With `record`,
    returns each game's decisions: a flat list, N entries (the joint action, -1 for players
    not acting) per step; else None. Time-limited bots are refused unless
    `allow_time_limits` (their games depend on the machine's speed).
    """
    cdef GameShape shape = checked_shape(game_id, params_blob)
    cdef Py_ssize_t count = lengths.shape[0]
    cdef int entries = shape.players
    check_rows("seats", seats.shape[0], seats.shape[1], count, entries)
    check_rows("returns", returns.shape[0], returns.shape[1], count, entries)
    check_rows("scores", scores.shape[0], scores.shape[1], count, entries)
    check_length("truncated", truncated.shape[0], count)
    if starts is not None:
        check_length("starts", starts.shape[0], count)
    if count == 0:
        return [] if record else None
    cdef string gid = game_id.encode()
    cdef string blob = params_blob
    cdef string bots = bots_blob
    cdef vector[vector[int32_t]] actions
    if record:
        actions.resize(<size_t>count)
    cdef vector[int32_t]* out = actions.data() if record else NULL
    cdef uint8_t* start_out = &starts[0] if starts is not None else NULL
    cdef SigintScope sigint  # Ctrl-C stops the C++ loop; KeyboardInterrupt is raised below
    with nogil:
        arena_any(gid, blob, bots, seed, first, count, &seats[0, 0], &returns[0, 0],
                  &scores[0, 0], &lengths[0], &truncated[0], out, start_out, threads,
                  allow_time_limits)
    sigint.raise_if_stopped()
    return [list(game) for game in actions] if record else None


def arena_game_seed(uint64_t seed, uint64_t game_index):
    """The seed of the initial state of game `game_index` in arena job `seed`."""
    return arena_game_seed_cpp(seed, game_index)


def opponent_seed(uint64_t game_seed, uint64_t node, int player):
    """The seed an opponent (not random) of the one-seat walk decides with for `player` at
    decision node `node` (from 0) of the game whose initial state has seed `game_seed`: the
    seed State.bot_action takes for the same decision (core/seat_env.hpp)."""
    return derive_seed_cpp(game_seed, node, <uint64_t>player)


cdef class BatchCore:
    """N games of one type stepped together; see tablebits.VectorEnv for the public face."""

    cdef AnyBatchEnv* env
    cdef readonly object current_player, legal, rewards, terminated, truncated, episode_steps
    cdef readonly object observations, final_returns, final_observations
    # The one-seat walk's per-env record (set_learner allocates them): see core/seat_env.hpp.
    cdef readonly object learner_seat, opponent, game_seed, final_seat, final_opponent
    cdef readonly object learner_reward, learner_final_obs
    cdef Py_ssize_t num_envs
    cdef int players, num_actions, obs_size

    def __cinit__(self, str game_id not None, bytes params_blob not None, size_t num_envs,
                  int players, int obs_size, bint observations):
        self.env = NULL
        cdef GameShape shape = checked_shape(game_id, params_blob)
        if players != shape.players or obs_size != shape.observation_size:
            raise ValueError(f"players and obs_size must be the game's ({shape.players}, "
                             f"{shape.observation_size}), got ({players}, {obs_size})")
        if num_envs < 1:
            raise ValueError("num_envs must be at least 1")
        self.num_envs = num_envs
        self.players = players
        self.num_actions = shape.num_actions
        self.obs_size = obs_size
        self.current_player = np.zeros(num_envs, np.int32)
        self.legal = np.zeros((num_envs, players), np.uint64)
        self.rewards = np.zeros((num_envs, players), np.float32)
        self.terminated = np.zeros(num_envs, np.bool_)
        self.truncated = np.zeros(num_envs, np.bool_)
        self.episode_steps = np.zeros(num_envs, np.int32)
        self.observations = (np.zeros((num_envs, players, obs_size), np.float32)
                             if observations else None)
        self.final_returns = np.zeros((num_envs, players), np.float32)
        self.final_observations = (np.zeros((num_envs, players, obs_size), np.float32)
                                   if observations else None)
        cdef int32_t[::1] cur = self.current_player
        cdef uint64_t[:, ::1] legal = self.legal
        cdef float[:, ::1] rewards = self.rewards
        cdef uint8_t[::1] term = self.terminated.view(np.uint8)
        cdef uint8_t[::1] trunc = self.truncated.view(np.uint8)
        cdef float[:, ::1] final_returns = self.final_returns
        cdef int32_t[::1] steps = self.episode_steps
        cdef float[:, :, ::1] obs
        cdef float[:, :, ::1] final_obs
        cdef BatchBuffers b
        b.current_player = &cur[0]
        b.legal = &legal[0, 0]
        b.rewards = &rewards[0, 0]
        b.terminated = &term[0]
        b.truncated = &trunc[0]
        b.episode_steps = &steps[0]
        b.final_returns = &final_returns[0, 0]
        b.observations = NULL
        b.final_observations = NULL
        if observations:
            obs = self.observations
            b.observations = &obs[0, 0, 0]
            final_obs = self.final_observations
            b.final_observations = &final_obs[0, 0, 0]
        self.env = new_batch_env(game_id.encode(), params_blob, num_envs, b)

    def __dealloc__(self):
        del self.env

    def reset(self, uint64_t seed, int threads):
        with nogil:
            self.env.reset(seed, threads)

    def step(self, const int32_t[:, ::1] actions not None, int threads):
        """Returns -1, or env * players + player of the first illegal entry (nothing applied)."""
        check_rows("actions", actions.shape[0], actions.shape[1], self.num_envs, self.players)
        cdef int64_t bad
        with nogil:
            bad = self.env.step(&actions[0, 0], threads)
        return bad

    def sample_actions(self, int32_t[:, ::1] out not None, int threads):
        check_rows("out", out.shape[0], out.shape[1], self.num_envs, self.players)
        with nogil:
            self.env.sample_actions(&out[0, 0], threads)

    def state_bytes(self, size_t i):
        if i >= <size_t>self.num_envs:
            raise ValueError(f"env index must be in [0, {self.num_envs}), got {i}")
        return <bytes>self.env.state_bytes(i)

    def expand_masks(self, uint8_t[:, :, ::1] out not None):
        """Writes the legal bitmasks as a (N, players, num_actions) boolean array."""
        check_rows("out", out.shape[0], out.shape[1], self.num_envs, self.players)
        if out.shape[2] != self.num_actions:
            raise ValueError(f"out must have {self.num_actions} columns per player, got {out.shape[2]}")
        cdef uint64_t[:, ::1] legal = self.legal
        cdef Py_ssize_t i, p, a
        cdef uint64_t m
        with nogil:
            for i in range(out.shape[0]):
                for p in range(out.shape[1]):
                    m = legal[i, p]
                    for a in range(out.shape[2]):
                        out[i, p, a] = (m >> a) & 1

    # One learning seat (tablebits.gymnasium.VectorGameEnv), the other seats played by an
    # opponent pool in C++ (core/seat_env.hpp). Each call writes the learner's observation
    # (N, obs_size) into `obs_out` and its legal actions (N, num_actions, 0/1) into
    # `masks_out`; the shared observation buffer is left as it was.

    def set_learner(self, int seat, bint rotate, bytes bots not None,
                    const double[::1] weights not None, bint allow_time_limits):
        """The learner's seat (rotating per game if `rotate`) and the opponent pool: `bots`
        holds len(weights) bots (the concatenated ``BotConfig._bytes()``), drawn one per game
        with probability weight / sum. ValueError, changing nothing, if the pool cannot play."""
        if not 0 <= seat < self.players:
            raise ValueError(f"seat must be in [0, {self.players}), got {seat}")
        if weights.shape[0] < 1:
            raise ValueError("the pool needs at least one bot")
        if self.learner_seat is None:
            self.learner_seat = np.zeros(self.num_envs, np.int32)
            self.opponent = np.zeros(self.num_envs, np.int32)
            self.game_seed = np.zeros(self.num_envs, np.uint64)
            self.final_seat = np.zeros(self.num_envs, np.int32)
            self.final_opponent = np.zeros(self.num_envs, np.int32)
            self.learner_reward = np.zeros(self.num_envs, np.float32)
            self.learner_final_obs = np.zeros((self.num_envs, self.obs_size), np.float32)
        cdef int32_t[::1] seats = self.learner_seat
        cdef int32_t[::1] opponents = self.opponent
        cdef uint64_t[::1] seeds = self.game_seed
        cdef int32_t[::1] final_seats = self.final_seat
        cdef int32_t[::1] final_opponents = self.final_opponent
        cdef float[::1] rewards = self.learner_reward
        cdef float[:, ::1] final_obs = self.learner_final_obs
        cdef SeatBuffers out
        out.seat = &seats[0]
        out.opponent = &opponents[0]
        out.game_seed = &seeds[0]
        out.final_seat = &final_seats[0]
        out.final_opponent = &final_opponents[0]
        out.reward = &rewards[0]
        out.final_obs = &final_obs[0, 0]
        self.env.set_learner(seat, rotate, bots, &weights[0], weights.shape[0],
                             allow_time_limits, out)

    def learner_reset(self, uint64_t seed, int threads, float[:, ::1] obs_out not None,
                      uint8_t[:, ::1] masks_out not None):
        """New games everywhere, the opponents playing until the learner must act."""
        self._check_learner_out(obs_out, masks_out)
        cdef SigintScope sigint
        with nogil:
            self.env.learner_reset(seed, threads, &obs_out[0, 0], &masks_out[0, 0])
        sigint.raise_if_stopped()

    def learner_step(self, const int32_t[::1] actions not None, int threads,
                     float[:, ::1] obs_out not None, uint8_t[:, ::1] masks_out not None):
        """The learner plays actions[i] in env i, then the opponents until it acts again.

        Returns -1, or the first env whose action is illegal (then nothing moves).
        """
        self._check_learner_out(obs_out, masks_out)
        check_length("actions", actions.shape[0], self.num_envs)
        cdef int64_t bad
        cdef SigintScope sigint
        with nogil:
            bad = self.env.learner_step(&actions[0], threads, &obs_out[0, 0], &masks_out[0, 0])
        sigint.raise_if_stopped()
        return bad

    def _check_learner_out(self, float[:, ::1] obs_out not None,
                           uint8_t[:, ::1] masks_out not None):
        check_rows("obs_out", obs_out.shape[0], obs_out.shape[1], self.num_envs, self.obs_size)
        check_rows("masks_out", masks_out.shape[0], masks_out.shape[1], self.num_envs,
                   self.num_actions)
