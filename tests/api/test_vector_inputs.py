"""The private array module (tablebits._batch) checks everything it is handed.

Among them: Hội Phố parameter bytes patched to 9 players, which `simulate_chunk` must not play,
and a result buffer with one column for a 5-player game (its columns are checked, not only its
rows). Unchecked, either crashes the interpreter. Every case below must raise, never crash.
"""

from __future__ import annotations

import numpy as np
import pytest

import tablebits as tb
from tablebits import _batch

FIVE = tb.make("hoi_pho", players=5)


def result_buffers(count: int, players: int):
    return (
        np.zeros((count, players), np.float32),
        np.zeros((count, players), np.float32),
        np.zeros(count, np.uint32),
        np.zeros(count, np.uint8),  # truncated
    )


def patched(game, offset: int, value: int) -> bytes:
    blob = bytearray(game._params_blob())
    blob[offset] = value
    return bytes(blob)


def test_parameter_bytes_for_nine_players_are_rejected():
    blob = patched(FIVE, 0, 9)  # Params::players is the first byte
    with pytest.raises(ValueError, match="parameter 'players' must be in 3..5"):
        _batch.simulate_chunk("hoi_pho", blob, 1, 0, *result_buffers(4, 9), 1)
    with pytest.raises(ValueError, match="players"):
        _batch.BatchCore("hoi_pho", blob, 2, 9, FIVE.observation_shape[0], False)


@pytest.mark.parametrize(
    ("game_id", "offset", "value", "match"),
    [
        ("hoi_pho", 1, 2, "sheep_tie"),  # a bool byte that is neither 0 nor 1
        ("hoi_pho", 2, 7, "rps"),  # a choice past the named ones
        ("color_mafia", 1, 200, "chips_per_color"),
        ("good_fortune", 0, 5, "variant"),
        ("fox_duet", 1, 6, "board"),  # an even number of spaces
    ],
)
def test_out_of_range_parameter_bytes_are_rejected(game_id, offset, value, match):
    game = tb.make(game_id)
    buffers = result_buffers(2, game.num_players)
    with pytest.raises(ValueError, match=match):
        _batch.simulate_chunk(game_id, patched(game, offset, value), 1, 0, *buffers, 1)


def test_parameter_bytes_of_the_wrong_size_or_game_are_rejected():
    buffers = result_buffers(2, 5)
    with pytest.raises(ValueError, match="blob"):
        _batch.simulate_chunk("hoi_pho", FIVE._params_blob()[:-1], 1, 0, *buffers, 1)
    with pytest.raises(ValueError, match="unknown game"):
        _batch.simulate_chunk("chess", FIVE._params_blob(), 1, 0, *buffers, 1)


def test_result_buffers_with_one_column_for_five_players_are_rejected():
    returns, scores, lengths, truncated = result_buffers(8, 5)
    one_column = np.zeros((8, 1), np.float32)
    blob = FIVE._params_blob()
    with pytest.raises(ValueError, match=r"returns must have shape \(8, 5\)"):
        _batch.simulate_chunk("hoi_pho", blob, 1, 0, one_column, scores, lengths, truncated, 1)
    with pytest.raises(ValueError, match=r"scores must have shape \(8, 5\)"):
        _batch.simulate_chunk("hoi_pho", blob, 1, 0, returns, one_column, lengths, truncated, 1)
    with pytest.raises(ValueError, match="returns"):
        _batch.simulate_chunk("hoi_pho", blob, 1, 0, returns[:3], scores[:3], lengths, truncated, 1)


def test_wrong_dtypes_non_contiguous_and_none_buffers_are_rejected():
    returns, scores, lengths, truncated = result_buffers(8, 5)
    blob = FIVE._params_blob()
    with pytest.raises(ValueError, match="dtype"):
        _batch.simulate_chunk(
            "hoi_pho", blob, 1, 0, returns.astype(np.float64), scores, lengths, truncated, 1
        )
    with pytest.raises(ValueError, match="dtype"):
        _batch.simulate_chunk(
            "hoi_pho", blob, 1, 0, returns, scores, lengths.astype(np.int64), truncated, 1
        )
    wide = np.zeros((8, 10), np.float32)
    with pytest.raises(ValueError, match="contiguous"):
        _batch.simulate_chunk("hoi_pho", blob, 1, 0, wide[:, ::2], scores, lengths, truncated, 1)
    with pytest.raises(TypeError):
        _batch.simulate_chunk("hoi_pho", blob, 1, 0, None, scores, lengths, truncated, 1)


def test_simulate_chunk_with_checked_buffers_still_plays():
    returns, scores, lengths, truncated = result_buffers(16, 5)
    _batch.simulate_chunk("hoi_pho", FIVE._params_blob(), 3, 0, returns, scores, lengths,
                          truncated, 2)
    assert (lengths > 0).all()
    assert np.allclose(returns.sum(axis=1), 1.0, atol=1e-5)  # win shares


def arena_inputs(game, count: int, bots=None):
    n = game.num_players
    configs = bots if bots is not None else [tb.bots.Random()] * n
    return dict(
        bots=b"".join(bot.config._bytes() for bot in configs),
        seats=np.zeros((count, n), np.int32),
        returns=np.zeros((count, n), np.float32),
        scores=np.zeros((count, n), np.float32),
        lengths=np.zeros(count, np.uint32),
        truncated=np.zeros(count, np.uint8),
    )


def call_arena(game, inputs, blob=None):
    _batch.arena_chunk(
        game.id, blob if blob is not None else game._params_blob(), inputs["bots"], 1, 0,
        inputs["seats"], inputs["returns"], inputs["scores"], inputs["lengths"],
        inputs["truncated"], 1,
    )


def test_arena_chunk_rejects_bad_bot_bytes():
    good = arena_inputs(FIVE, 3)
    for bots, match in [
        (b"\x07" + good["bots"][1:], "arena bots"),  # an unknown bot type
        (good["bots"][:-1], "arena bots"),  # cut short
        (good["bots"] + good["bots"][:1], "one bot per seat"),  # one byte too many
        (arena_inputs(tb.make("good_fortune"), 3)["bots"], "arena bots"),  # two bots, five seats
    ]:
        inputs = dict(good, bots=bots)
        with pytest.raises(ValueError, match=match):
            call_arena(FIVE, inputs)


def test_arena_chunk_rejects_one_column_outputs_and_patched_parameters():
    inputs = arena_inputs(FIVE, 3)
    inputs["returns"] = np.zeros((3, 1), np.float32)
    with pytest.raises(ValueError, match="returns"):
        call_arena(FIVE, inputs)
    inputs = arena_inputs(FIVE, 3)
    inputs["truncated"] = np.zeros(2, np.uint8)
    with pytest.raises(ValueError, match="truncated"):
        call_arena(FIVE, inputs)
    with pytest.raises(ValueError, match="players"):
        call_arena(FIVE, arena_inputs(FIVE, 3), blob=patched(FIVE, 0, 9))


def batch_core(game, num_envs: int = 4, observations: bool = True):
    core = _batch.BatchCore(
        game.id, game._params_blob(), num_envs, game.num_players, game.observation_shape[0],
        observations,
    )
    core.reset(1, 1)
    return core


def test_batch_core_rejects_a_shape_that_disagrees_with_the_game():
    blob = FIVE._params_blob()
    obs = FIVE.observation_shape[0]
    with pytest.raises(ValueError, match="players"):
        _batch.BatchCore("hoi_pho", blob, 4, 1, obs, True)
    with pytest.raises(ValueError, match="obs_size"):
        _batch.BatchCore("hoi_pho", blob, 4, 5, obs - 1, True)
    with pytest.raises(ValueError, match="num_envs"):
        _batch.BatchCore("hoi_pho", blob, 0, 5, obs, True)


def test_batch_core_rejects_buffers_of_the_wrong_shape():
    core = batch_core(FIVE)
    with pytest.raises(ValueError, match="actions"):
        core.step(np.zeros((4, 1), np.int32), 1)
    with pytest.raises(ValueError, match="actions"):
        core.step(np.zeros((3, 5), np.int32), 1)
    with pytest.raises(ValueError, match="dtype"):
        core.step(np.zeros((4, 5), np.int64), 1)
    with pytest.raises(ValueError, match="out"):
        core.sample_actions(np.zeros((4, 1), np.int32), 1)
    with pytest.raises(ValueError, match="out"):
        core.expand_masks(np.zeros((4, 5, 64), np.uint8))
    with pytest.raises(ValueError, match="env index"):
        core.state_bytes(4)
    with pytest.raises(TypeError):
        core.step(None, 1)


def test_scribbled_output_buffers_cannot_drive_the_rules():
    """The published legal masks and current players are outputs: the env steps from its own."""
    core = batch_core(FIVE)
    actions = np.zeros((4, 5), np.int32)
    core.sample_actions(actions, 1)
    legal_before = core.legal.copy()
    core.legal[:] = np.uint64(2**64 - 1)  # every action "legal"
    core.current_player[:] = 4
    bad = np.full((4, 5), 62, np.int32)  # an id no Hội Phố node allows
    assert core.step(bad, 1) == int(np.argmax(legal_before.reshape(-1) != 0))
    core.legal[:] = legal_before
    assert core.step(actions, 1) == -1


def test_absurd_thread_counts_are_capped():
    returns, scores, lengths, truncated = result_buffers(300, 5)
    _batch.simulate_chunk("hoi_pho", FIVE._params_blob(), 1, 0, returns, scores, lengths,
                          truncated, 100_000)
    assert (lengths > 0).all()


def test_one_seat_walk_checks_its_inputs():
    core = batch_core(FIVE, observations=False)
    obs = np.zeros((4, FIVE.observation_shape[0]), np.float32)
    masks = np.zeros((4, FIVE.num_actions), np.uint8)
    random = tb.bots.Random().config._bytes()
    one = np.ones(1)
    with pytest.raises(ValueError, match="seat"):
        core.set_learner(5, False, random, one, False)
    with pytest.raises(ValueError, match="at least one"):
        core.set_learner(0, False, b"", np.ones(0), False)
    with pytest.raises(ValueError, match="exactly one weight per bot"):
        core.set_learner(0, False, random * 2, one, False)
    with pytest.raises(ValueError, match="opponents"):
        core.set_learner(0, False, b"\x07" + random[1:], one, False)
    with pytest.raises(ValueError, match="weights must be finite"):
        core.set_learner(0, False, random, np.array([np.inf]), False)
    with pytest.raises(TypeError):
        core.set_learner(0, False, None, one, False)
    core.set_learner(0, False, random, one, False)
    with pytest.raises(ValueError, match="obs_out"):
        core.learner_reset(1, 1, np.zeros((4, 3), np.float32), masks)
    with pytest.raises(ValueError, match="masks_out"):
        core.learner_reset(1, 1, obs, np.zeros((4, 3), np.uint8))
    with pytest.raises(TypeError):
        core.learner_reset(1, 1, None, masks)
    core.learner_reset(1, 1, obs, masks)
    with pytest.raises(ValueError, match="actions"):
        core.learner_step(np.zeros(3, np.int32), 1, obs, masks)
    with pytest.raises(TypeError):
        core.learner_step(None, 1, obs, masks)
    assert core.learner_step(np.full(4, 62, np.int32), 1, obs, masks) == 0  # illegal: env 0
