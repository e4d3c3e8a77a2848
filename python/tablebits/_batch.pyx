# distutils: language = c++
# cython: language_level=3, boundscheck=False, wraparound=False, embedsignature=True
"""tablebits._batch: the array-level API (Cython over the same C++ headers as the object API).

Loops over numpy buffers run in C++ with the GIL released, split over a thread pool.
"""

from libc.stdint cimport int32_t, int64_t, uint8_t, uint32_t, uint64_t
from libcpp.string cimport string
from libcpp.vector cimport vector

import numpy as np


cdef extern from "bindings/any_game.hpp" namespace "tb":
    cdef cppclass BatchBuffers:
        int32_t* current_player
        uint64_t* legal
        float* rewards
        uint8_t* terminated
        int32_t* episode_steps
        float* observations

    cdef cppclass AnyBatchEnv:
        void reset(uint64_t seed, int threads) nogil
        int64_t step(const int32_t* actions, int threads) nogil
        void sample_actions(int32_t* out, int threads) nogil
        string state_bytes(size_t i)

    AnyBatchEnv* new_batch_env(const string& id, const string& blob, size_t n,
                               BatchBuffers buffers) except +
    void simulate_any(const string& id, const string& blob, uint64_t seed, uint64_t first,
                      size_t count, float* returns, float* scores, uint32_t* lengths,
                      int threads) except + nogil
    void arena_any(const string& id, const string& blob, const int32_t* kinds,
                   const uint32_t* iterations, const double* exploration, int entries,
                   uint64_t seed, uint64_t first, size_t count, int32_t* seats, float* returns,
                   float* scores, uint32_t* lengths, vector[int32_t]* actions,
                   int threads) except + nogil


cdef extern from "tablebits/core/arena.hpp" namespace "tb":
    uint64_t arena_game_seed_cpp "tb::arena_game_seed"(uint64_t seed, uint64_t game_index)


def simulate_chunk(str game_id, bytes params_blob, uint64_t seed, uint64_t first,
                   float[:, ::1] returns, float[:, ::1] scores, uint32_t[::1] lengths,
                   int threads):
    """Plays games first .. first+len(lengths)-1 of job `seed` with random moves, in C++."""
    cdef size_t count = lengths.shape[0]
    if returns.shape[0] != count or scores.shape[0] != count:
        raise ValueError("returns, scores and lengths must have the same number of rows")
    if count == 0:
        return
    cdef string gid = game_id.encode()
    cdef string blob = params_blob
    with nogil:
        simulate_any(gid, blob, seed, first, count, &returns[0, 0], &scores[0, 0],
                     &lengths[0], threads)


def arena_chunk(str game_id, bytes params_blob, const int32_t[::1] kinds,
                const uint32_t[::1] iterations, const double[::1] exploration, uint64_t seed,
                uint64_t first, int32_t[:, ::1] seats, float[:, ::1] returns,
                float[:, ::1] scores, uint32_t[::1] lengths, int threads, bint record=False):
    """Plays games first .. first+len(lengths)-1 of arena job `seed` in C++ (GIL released).

    Entry e of kinds/iterations/exploration is one bot (kind 0 random, 1 ISMCTS) per seat; game
    i seats entry (s + i) mod N at seat s and writes it to seats[i - first, s]. With `record`,
    returns each game's decisions: a flat list, N entries (the joint action, -1 for players
    not acting) per step; else None.
    """
    cdef size_t count = lengths.shape[0]
    cdef int entries = kinds.shape[0]
    if iterations.shape[0] != entries or exploration.shape[0] != entries:
        raise ValueError("kinds, iterations and exploration must have one entry per bot")
    if (seats.shape[0] != count or returns.shape[0] != count or scores.shape[0] != count
            or seats.shape[1] != entries or returns.shape[1] != entries
            or scores.shape[1] != entries):
        raise ValueError("seats, returns and scores must be (games, bots) like lengths")
    if count == 0:
        return [] if record else None
    cdef string gid = game_id.encode()
    cdef string blob = params_blob
    cdef vector[vector[int32_t]] actions
    if record:
        actions.resize(count)
    cdef vector[int32_t]* out = actions.data() if record else NULL
    with nogil:
        arena_any(gid, blob, &kinds[0], &iterations[0], &exploration[0], entries, seed, first,
                  count, &seats[0, 0], &returns[0, 0], &scores[0, 0], &lengths[0], out, threads)
    return [list(game) for game in actions] if record else None


def arena_game_seed(uint64_t seed, uint64_t game_index):
    """The seed of the initial state of game `game_index` in arena job `seed`."""
    return arena_game_seed_cpp(seed, game_index)


cdef class BatchCore:
    """N games of one type stepped together; see tablebits.VectorEnv for the public face."""

    cdef AnyBatchEnv* env
    cdef readonly object current_player, legal, rewards, terminated, episode_steps, observations
    cdef int players

    def __cinit__(self, str game_id, bytes params_blob, size_t num_envs, int players,
                  int obs_size, bint observations):
        self.env = NULL
        self.players = players
        self.current_player = np.zeros(num_envs, np.int32)
        self.legal = np.zeros((num_envs, players), np.uint64)
        self.rewards = np.zeros((num_envs, players), np.float32)
        self.terminated = np.zeros(num_envs, np.bool_)
        self.episode_steps = np.zeros(num_envs, np.int32)
        self.observations = (np.zeros((num_envs, players, obs_size), np.float32)
                             if observations else None)
        cdef int32_t[::1] cur = self.current_player
        cdef uint64_t[:, ::1] legal = self.legal
        cdef float[:, ::1] rewards = self.rewards
        cdef uint8_t[::1] term = self.terminated.view(np.uint8)
        cdef int32_t[::1] steps = self.episode_steps
        cdef float[:, :, ::1] obs
        cdef BatchBuffers b
        b.current_player = &cur[0]
        b.legal = &legal[0, 0]
        b.rewards = &rewards[0, 0]
        b.terminated = &term[0]
        b.episode_steps = &steps[0]
        b.observations = NULL
        if observations:
            obs = self.observations
            b.observations = &obs[0, 0, 0]
        self.env = new_batch_env(game_id.encode(), params_blob, num_envs, b)

    def __dealloc__(self):
        del self.env

    def reset(self, uint64_t seed, int threads):
        with nogil:
            self.env.reset(seed, threads)

    def step(self, const int32_t[:, ::1] actions, int threads):
        """Returns -1, or env * players + player of the first illegal entry (nothing applied)."""
        cdef int64_t bad
        with nogil:
            bad = self.env.step(&actions[0, 0], threads)
        return bad

    def sample_actions(self, int32_t[:, ::1] out, int threads):
        with nogil:
            self.env.sample_actions(&out[0, 0], threads)

    def state_bytes(self, size_t i):
        return <bytes>self.env.state_bytes(i)

    def expand_masks(self, uint8_t[:, :, ::1] out):
        """Writes the legal bitmasks as a (N, players, num_actions) boolean array."""
        cdef uint64_t[:, ::1] legal = self.legal
        cdef Py_ssize_t i, p, a
        cdef uint64_t m
        with nogil:
            for i in range(out.shape[0]):
                for p in range(out.shape[1]):
                    m = legal[i, p]
                    for a in range(out.shape[2]):
                        out[i, p, a] = (m >> a) & 1
