"""The Python layer as one piece: resolve_game at every entry point, the error classes, the
VectorEnv's truncation and final buffers, simulate's truncated column, and bots as data."""

from __future__ import annotations

import hashlib
import pickle
import random

import numpy as np
import pytest

import tablebits as tb
from tablebits._registry import resolve_game
from tests.support.game_params import PARAM_SETS
from tests.support.helpers import random_joint


def entry_points(game):
    """Every entry point that takes a game, called with `game` and the extra parameters."""
    return {
        "VectorEnv": lambda **kw: tb.VectorEnv(game, 2, **kw),
        "simulate": lambda **kw: tb.simulate(game, 3, **kw),
        "arena": lambda **kw: tb.arena(game, ["random"], 3, **kw),
        "play": lambda **kw: tb.play(game, [tb.bots.Random(1), tb.bots.Random(2)], **kw),
    }


def test_every_entry_point_takes_a_game_or_an_id():
    game = tb.make("good_fortune", variant="guess")
    by_game = tb.simulate(game, 50, seed=3)
    by_id = tb.simulate("good_fortune", 50, seed=3, variant="guess")
    assert np.array_equal(by_game.returns, by_id.returns)
    assert by_game.params == by_id.params == game.params
    for call in entry_points(game).values():
        call()
    for call in entry_points("good_fortune").values():
        call(variant="guess")


def test_parameters_with_a_game_raise_the_same_error_everywhere():
    game = tb.make("good_fortune")
    with pytest.raises(ValueError) as direct:
        resolve_game(game, variant="guess")
    assert "variant" in str(direct.value)
    for name, call in entry_points(game).items():
        with pytest.raises(ValueError) as err:
            call(variant="guess")
        assert str(err.value) == str(direct.value), name
    with pytest.raises(TypeError):
        resolve_game(3)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="unknown game"):
        resolve_game("chess")
    assert resolve_game("color_mafia", players=3) == tb.make("color_mafia", players=3)
    assert resolve_game(game) is game


def test_a_parameter_named_like_the_game_argument_is_an_unknown_parameter():
    """Hypothesis found ``make("hoi_pho", game_id=b"")`` raising Python's "got multiple values
    for argument 'game_id'" TypeError: the game argument is positional-only everywhere, so such
    a name is a game parameter like any other, and unknown."""
    with pytest.raises(ValueError, match="unknown parameter.*: game_id "):
        tb.make("hoi_pho", game_id=b"")
    with pytest.raises(ValueError, match="unknown parameter.*: game_or_id "):
        resolve_game("hoi_pho", game_or_id=1)
    for call in entry_points("good_fortune").values():
        with pytest.raises(ValueError, match="unknown parameter.*: game "):
            call(game="fox_duet")


def test_error_classes():
    assert issubclass(tb.IllegalActionError, ValueError)
    assert issubclass(tb.InvalidStateError, ValueError)
    assert not issubclass(tb.IllegalActionError, tb.InvalidStateError)
    game = tb.make("good_fortune")
    state = game.new_initial_state(seed=2)
    before = state.to_bytes()
    illegal = next(a for a in range(game.num_actions) if a not in state.legal_actions())
    with pytest.raises(tb.IllegalActionError, match="illegal action"):
        state.apply_action(illegal)
    with pytest.raises(tb.IllegalActionError):
        state.apply_actions([0, -1])  # a sequential node
    assert state.to_bytes() == before
    with pytest.raises(tb.InvalidStateError):
        game.state_from_bytes(before[:-1])
    with pytest.raises(tb.InvalidStateError):
        game.state_from_bytes(before[:4] + bytes(len(before) - 4))
    d = state.to_dict()
    with pytest.raises(tb.InvalidStateError):
        game.state_from_dict({**d, "round": 12})  # Good Fortune has 9 rounds
    with pytest.raises(tb.InvalidStateError):
        game.state_from_dict({**d, "extra": 1})
    with pytest.raises(TypeError):
        game.state_from_dict({**d, "round": "one"})  # a wrong type is not an invalid state
    # Both tiles selected is the place phase; in the select phase it is unreachable (accepted,
    # the engine would lose a tile and later have no legal action).
    state.apply_action(state.legal_actions()[0])
    d = state.to_dict()
    other = state.current_player()
    tile = d["racks"][other][0]
    racks = [list(r) for r in d["racks"]]
    racks[other].remove(tile)
    selected = list(d["selected"])
    selected[other] = tile
    with pytest.raises(tb.InvalidStateError, match="both tiles"):
        game.state_from_dict({**d, "racks": racks, "selected": selected})
    env = tb.VectorEnv(game, 3, seed=1)
    actions = env.sample_actions()
    actions[1, env.current_player[1]] = illegal if env.current_player[1] == 0 else 63
    with pytest.raises(tb.IllegalActionError, match="env 1"):
        env.step(actions)

    class Cheater:
        def act(self, state, player):
            return 63

    with pytest.raises(tb.IllegalActionError):
        tb.play(game, [Cheater(), Cheater()])


# Color Mafia with 2 chips of a colour, capped at 3 rounds: about half the games end by the cap,
# the others by the rules.
CAPPED = tb.make("color_mafia", players=3, chips_per_color=2, max_rounds=3)


@pytest.mark.parametrize(
    "game", [CAPPED, tb.make("good_fortune")],
    ids=["color_mafia-capped", "good_fortune"],
)
def test_vector_env_truncation_and_final_buffers_match_states(game):
    n = 12
    env = tb.VectorEnv(game, n, seed=8, threads=2, observations=True)
    assert env.final_observations is not None
    assert not env.final_returns.any() and not env.final_observations.any()
    rng = random.Random(1)
    ended = {"terminated": 0, "truncated": 0}
    for _ in range(60):
        mirrors = [env.state(i) for i in range(n)]
        actions = np.full((n, game.num_players), -1, np.int32)
        for i, state in enumerate(mirrors):
            if state.is_simultaneous_node():
                joint = random_joint(state, game.num_players, rng)
                actions[i] = joint
                state.apply_actions(joint)
            else:
                action = rng.choice(state.legal_actions())
                actions[i, state.current_player()] = action
                state.apply_action(action)
        rewards, terminated, truncated = env.step(actions)
        assert rewards is env.rewards and terminated is env.terminated
        assert truncated is env.truncated
        for i, state in enumerate(mirrors):
            if not state.is_terminal():
                assert not terminated[i] and not truncated[i]
                assert state == env.state(i)
                continue
            assert truncated[i] == state.is_truncated()
            assert terminated[i] == (not state.is_truncated())
            ended["truncated" if truncated[i] else "terminated"] += 1
            assert env.final_returns[i].tolist() == pytest.approx(state.returns())
            assert env.rewards[i].tolist() == pytest.approx(state.returns())
            for p in range(game.num_players):
                assert np.array_equal(env.final_observations[i, p], state.observation_tensor(p))
            assert env.episode_steps[i] == 0  # auto-reset
    assert ended["terminated"] > 0
    assert (ended["truncated"] > 0) == game.info.can_truncate
    env.reset(3)
    assert not env.final_returns.any() and not env.truncated.any()


def test_vector_env_without_observations_keeps_final_returns():
    env = tb.VectorEnv("good_fortune", 4, seed=2)
    assert env.final_observations is None
    for _ in range(36):  # exactly one game
        rewards, terminated, truncated = env.step(env.sample_actions())
    assert terminated.all() and not truncated.any()
    assert np.array_equal(env.final_returns, rewards)
    after = env.final_returns.copy()
    env.step(env.sample_actions())
    assert np.array_equal(env.final_returns, after)  # kept until the next game ends


def test_simulate_and_arena_truncated_columns():
    for result in (tb.simulate(CAPPED, 2000, seed=1), tb.arena(CAPPED, ["random"], 300, seed=1)):
        assert result.truncated.dtype == np.bool_ and result.truncated.shape == (result.games,)
        assert 0 < result.truncated.sum() < result.games
        # The rules: a truncated game gives 1/N to each player and lasts all 3 rounds, each a
        # coin choice and at most one chip move per player.
        assert np.allclose(result.returns[result.truncated], 1 / 3)
        assert (result.lengths[result.truncated] >= 3).all()
        assert (result.lengths[result.truncated] <= 3 * 4).all()
        assert "truncated" in result.summary()
    assert not tb.simulate("fox_duet", 200, seed=1).truncated.any()


# Arena and simulate digests recorded with the engine before bots became data (one ISMCTS(30,
# exploration 0.9) against random players, 12 games, seed 21; 2,000 random games, seed 4): the
# bot types and their generic dispatch must reproduce every game bit for bit.
DIGESTS = {
    "color_mafia-0": ("404dfea0d0f77710", "942306bd86630493"),
    "color_mafia-1": ("860a61000f297f06", "3833622e49a4c981"),
    "color_mafia-2": ("26ae08783414d3ba", "a379d7a55861c310"),
    "fox_duet-0": ("bac5d5e0db3182a8", "083532fb69fda137"),
    "good_fortune-0": ("a83e69f5d43481c2", "caa3c2322c57ee94"),
    "good_fortune-1": ("dcaba1c75edf2195", "44a5f9e433fed14f"),
    "good_fortune-2": ("d3ec83ac45f7568f", "b0e8a5f1f28494bd"),
    "good_fortune-3": ("aae3af24b5719234", "c668734726d7ee96"),
    "hoi_pho-0": ("9070fa0de8531d8b", "4e3273fc228f4899"),
    "hoi_pho-1": ("f89a5c25cfd2248e", "eec4d6ad2fdd0ce9"),
    "hoi_pho-2": ("91d284c50ba10798", "92924d2963a82d22"),
}


def digest(*arrays: np.ndarray) -> str:
    h = hashlib.sha256()
    for a in arrays:
        h.update(np.ascontiguousarray(a).tobytes())
    return h.hexdigest()[:16]


@pytest.mark.parametrize("key", sorted(DIGESTS))
def test_arena_and_simulate_bit_identical_to_before_bots_as_data(key):
    # The parameter sets of that time (tests/support/game_params.py, by index); later ones have
    # no record.
    game_id, index = key.rsplit("-", 1)
    params = PARAM_SETS[game_id][int(index)]
    bots = [tb.bots.ISMCTS(30, exploration=0.9), tb.bots.Random()]
    r = tb.arena(game_id, bots, games=12, seed=21, threads=2, **params)
    s = tb.simulate(game_id, 2000, seed=4, threads=2, **params)
    assert digest(r.seats, r.returns, r.scores, r.lengths) == DIGESTS[key][0]
    assert digest(s.returns, s.scores, s.lengths) == DIGESTS[key][1]


def test_bot_configs_are_data_checked_once():
    config = tb.bots.ISMCTS(50, exploration=1.5).config
    assert config.name == "ismcts"
    assert config.fields == {
        "iterations": 50, "exploration": 1.5, "time_limit": None, "threads": 1, "predict": 0.0
    }
    assert config.reproducible and not tb.bots.ISMCTS(time_limit=0.5).config.reproducible
    assert pickle.loads(pickle.dumps(config)) == config
    assert config != tb.bots.Random().config
    with pytest.raises(ValueError, match="unknown bot"):
        tb._core.BotConfig("alphabeta")
    with pytest.raises(ValueError, match="unknown parameter"):
        tb._core.BotConfig("ismcts", depth=3)
    with pytest.raises(ValueError):
        tb._core.BotConfig("random", iterations=3)
    for bad in ({"iterations": 0}, {"exploration": -1.0}, {"time_limit": 0}):
        with pytest.raises(ValueError):
            tb._core.BotConfig("ismcts", **bad)
    with pytest.raises(TypeError):
        tb._core.BotConfig("ismcts", iterations="many")
    # The State methods and the bots go through the same checks and the same search.
    state = tb.make("hoi_pho").new_initial_state(seed=4)
    for p in state.acting_players()[:2]:
        assert state.bot_action(config, p, seed=9) == tb.search(
            state, p, iterations=50, exploration=1.5, seed=9
        ).best_action
        assert tb.bots.ISMCTS(50, exploration=1.5, seed=9).act(state, p) == state.bot_action(
            config, p, seed=9
        )
        random_config = tb.bots.Random().config
        assert state.bot_action(random_config, p, seed=5) == state.bot_action(
            random_config, p, seed=5
        )
        assert state.bot_action(random_config, p, seed=5) in state.legal_actions(p)
    with pytest.raises(ValueError):
        tb.search(state, 0, iterations=0)


def test_solve_goes_through_the_engine_for_every_game():
    state = tb.make("good_fortune").new_initial_state(seed=11)
    while state.to_dict()["round"] < 8:
        state.apply_action(state.legal_actions()[0])
    assert tb.solve(state).best_actions
    for other in (tb.make("fox_duet"), tb.make("good_fortune", variant="guess")):
        with pytest.raises(ValueError, match="does not apply"):
            tb.solve(other.new_initial_state(seed=1))
    with pytest.raises(ValueError):
        tb.solve(state, max_nodes=0)
    with pytest.raises(ValueError):
        tb.solve(state, time_limit=-1.0)
    with pytest.raises(ValueError):
        tb.solve(state, table_bits=40)
