"""tablebits.pettingzoo: PettingZoo's own test kit on every game, plus the mapping's promises."""

from __future__ import annotations

import random

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, parallel_api_test, parallel_seed_test, seed_test

import tablebits as tb
from tablebits.pettingzoo import env, parallel_env
from tests.support.adapter_cases import adapter_cases

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")


@pytest.mark.parametrize(("game_id", "params"), adapter_cases())
def test_pettingzoo_test_kit(game_id, params):
    api_test(env(game_id, **params), num_cycles=200)
    seed_test(lambda: env(game_id, **params), num_cycles=200)
    parallel_api_test(parallel_env(game_id, **params), num_cycles=200)
    # The kit samples actions without their masks, so an illegal sample is likely: the kit
    # needs PettingZoo's classic end-the-game convention for it (the default raises).
    parallel_seed_test(
        lambda: parallel_env(game_id, illegal_action="terminate", **params), num_cycles=200
    )


def play_aec(e, seed: int, rng: random.Random) -> tuple[list, dict[str, float]]:
    """A whole game with uniformly random masked actions: the (agent, action) sequence and
    every agent's total reward."""
    e.reset(seed=seed)
    moves = []
    totals = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter():
        obs, _, term, trunc, info = e.last()
        action = None
        if not (term or trunc):
            legal = np.flatnonzero(obs["action_mask"]).tolist()
            assert info == {}  # fixed shape for replay buffers: the mask is in the observation
            action = rng.choice(legal)
        moves.append((agent, action))
        e.step(action)
        for a, r in e.rewards.items():
            totals[a] += r
    return moves, totals


@pytest.mark.parametrize(("game_id", "params"), adapter_cases())
def test_aec_matches_object_api(game_id, params):
    """Same seed and actions: the AEC env and the object API reach the same returns.

    The object API replays the recorded choices itself: a sequential node applies the mover's
    choice, a simultaneous node gathers its acting players' choices (made one by one in the
    AEC env) into one joint action.
    """
    e = env(game_id, **params)
    for seed in range(3):
        moves, totals = play_aec(e, seed, random.Random(seed))
        state = tb.make(game_id, **params).new_initial_state(seed)
        choices = iter([(int(a.split("_")[1]), x) for a, x in moves if x is not None])
        while not state.is_terminal():
            if state.is_simultaneous_node():
                joint = [-1] * state.game.num_players
                for p in state.acting_players():
                    who, action = next(choices)
                    assert who == p
                    joint[p] = action
                state.apply_actions(joint)
            else:
                who, action = next(choices)
                assert who == state.current_player()
                state.apply_action(action)
        assert next(choices, None) is None
        # After the end every agent stepped once more, with None, and left.
        n = len(e.possible_agents)
        assert sorted(a for a, _ in moves[-n:]) == e.possible_agents
        assert all(x is None for _, x in moves[-n:]) and e.agents == []
        assert totals == {f"player_{i}": pytest.approx(r) for i, r in enumerate(state.returns())}


def test_aec_rewards_are_returns_and_fox_duet_shares_the_team_result():
    e = env("fox_duet")
    rng = random.Random(0)
    seen = set()
    for seed in range(40):
        e.reset(seed=seed)
        totals = dict.fromkeys(e.possible_agents, 0.0)
        for _ in e.agent_iter():
            obs, _, term, trunc, _ = e.last()
            action = None if term or trunc else rng.choice(np.flatnonzero(obs["action_mask"]))
            e.step(action)
            for a, r in e.rewards.items():
                totals[a] += r
        assert totals["player_0"] == totals["player_1"]
        seen.add(totals["player_0"])
    assert seen <= {0.0, 1.0}


def test_aec_simultaneous_choice_is_hidden_until_the_last_acting_player_chooses():
    e = env("color_mafia", players=3)  # every player picks a coin at once first
    e.reset(seed=4)
    before = {a: e.observe(a)["observation"].copy() for a in e.possible_agents}
    assert e.agent_selection == "player_0"
    e.step(int(np.flatnonzero(e.observe("player_0")["action_mask"])[0]))
    assert e.agent_selection == "player_1"
    for a in e.possible_agents:  # nobody's observation moved: the choice is pending
        assert np.array_equal(e.observe(a)["observation"], before[a])
    assert not e.observe("player_0")["action_mask"].any()  # it has chosen
    e.step(int(np.flatnonzero(e.observe("player_1")["action_mask"])[0]))
    e.step(int(np.flatnonzero(e.observe("player_2")["action_mask"])[0]))
    assert not np.array_equal(e.observe("player_0")["observation"], before["player_0"])


def test_round_cap_is_a_truncation():
    e = env("color_mafia", players=3, max_rounds=1)
    e.reset(seed=0)
    rng = random.Random(1)
    while not any(e.terminations.values()) and not any(e.truncations.values()):
        e.step(rng.choice(np.flatnonzero(e.observe(e.agent_selection)["action_mask"])))
    state = e._state
    assert state is not None and state.is_terminal()
    assert all(e.truncations.values()) == state.is_truncated()
    assert all(e.terminations.values()) == (not state.is_truncated())


def test_aec_bad_input_raises_and_changes_nothing():
    e = env("good_fortune")
    with pytest.raises(ValueError, match="reset"):
        e.step(0)
    e.reset(seed=1)
    agent = e.agent_selection
    mask = e.observe(agent)["action_mask"]
    before = e._state.to_bytes()
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(ValueError, match="illegal action"):
        e.step(illegal)
    with pytest.raises(ValueError, match="None"):
        e.step(None)
    with pytest.raises(TypeError):
        e.step(1.5)
    with pytest.raises(ValueError, match="unknown agent"):
        e.observe("player_7")
    assert e._state.to_bytes() == before and e.agent_selection == agent
    play_aec(e, 2, random.Random(0))
    with pytest.raises(ValueError, match="over"):
        e.step(0)


def test_parallel_bad_input_raises_and_changes_nothing():
    e = parallel_env("color_mafia", players=3)
    obs, infos = e.reset(seed=3)
    before = e._state.to_bytes()
    legal = {a: int(np.flatnonzero(o["action_mask"])[0]) for a, o in obs.items()}
    with pytest.raises(ValueError, match="unknown agent"):
        e.step({**legal, "player_9": 0})
    with pytest.raises(ValueError, match="no action"):
        e.step({a: x for a, x in legal.items() if a != "player_1"})
    illegal = int(np.flatnonzero(obs["player_2"]["action_mask"] == 0)[0])
    with pytest.raises(ValueError, match="illegal action"):
        e.step({**legal, "player_2": illegal})
    assert e._state.to_bytes() == before and e.agents == e.possible_agents


def test_parallel_terminate_mode_ends_the_game_and_penalises_the_offender():
    e = parallel_env("color_mafia", players=3, illegal_action="terminate", illegal_reward=-2.0)
    obs, _ = e.reset(seed=3)
    actions = {a: int(np.flatnonzero(o["action_mask"])[0]) for a, o in obs.items()}
    actions["player_1"] = int(np.flatnonzero(obs["player_1"]["action_mask"] == 0)[0])
    _, rewards, terms, truncs, infos = e.step(actions)
    assert rewards == {"player_0": 0.0, "player_1": -2.0, "player_2": 0.0}
    assert all(terms.values()) and not any(truncs.values())
    assert infos["player_1"]["illegal_action"] and not infos["player_0"]["illegal_action"]
    assert e.agents == []
    with pytest.raises(ValueError, match="over"):
        e.step(actions)


@pytest.mark.parametrize("game_id", ["hoi_pho", "fox_duet"])
def test_parallel_steps_every_acting_agent_and_ignores_the_others(game_id):
    e = parallel_env(game_id)
    obs, infos = e.reset(seed=5)
    rng = random.Random(5)
    steps = 0
    while e.agents:
        state = e._state
        acting = set(state.acting_players())
        assert {a for a, i in infos.items() if i["acting"]} == {f"player_{p}" for p in acting}
        for a, o in obs.items():  # only acting agents have a mask
            assert o["action_mask"].any() == (int(a.split("_")[1]) in acting)
        # Non-acting agents send garbage; it must be ignored.
        actions = {
            a: (rng.choice(np.flatnonzero(o["action_mask"])) if o["action_mask"].any() else 999)
            for a, o in obs.items()
        }
        obs, rewards, terms, truncs, infos = e.step(actions)
        steps += 1
    assert steps > 5
    returns = state.returns()
    assert rewards == {f"player_{i}": pytest.approx(r) for i, r in enumerate(returns)}


def test_render_modes():
    e = env("good_fortune", render_mode="ansi")
    e.reset(seed=1)
    assert e.render() == str(e._state)
    with pytest.raises(ValueError, match="render_mode"):
        env("good_fortune", render_mode="rgb")


def test_a_parameter_named_game_id_is_an_unknown_parameter():
    """The game argument is positional-only: not Python's "multiple values" TypeError."""
    for make_env in (env, parallel_env):
        with pytest.raises(ValueError, match="unknown parameter.*: game_id "):
            make_env("fox_duet", game_id="hoi_pho")
