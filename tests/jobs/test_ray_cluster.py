"""The Ray backend across several nodes, simulated on one machine with ray.cluster_utils."""

from __future__ import annotations

import numpy as np
import pytest

import tablebits as tb
from tablebits.jobs import ray as distributed
from tablebits.jobs.job import SimulateJob

#: A multi-node cluster on one machine: heavy, and never beside the other Ray tests.
pytestmark = [pytest.mark.heavy, pytest.mark.xdist_group("ray")]

ray = pytest.importorskip("ray")
cluster_utils = pytest.importorskip("ray.cluster_utils")


@pytest.fixture(scope="module")
def cluster():
    nodes = cluster_utils.Cluster(
        initialize_head=True, head_node_args={"num_cpus": 1, "include_dashboard": False}
    )
    try:
        nodes.add_node(num_cpus=1)
        nodes.add_node(num_cpus=1)
        # Ray's default 30 s is short on a loaded 2-core machine: three raylets start here.
        nodes.wait_for_nodes(timeout=300)
        yield nodes
    finally:
        ray.shutdown()
        nodes.shutdown()


def test_chunks_run_on_several_nodes_with_identical_results(cluster):
    game = tb.make("color_mafia", players=4)
    job = SimulateJob(game_id="color_mafia", params=game.params, blob=game._params_blob(),
                      seed=17, players=4)
    run = distributed.run(job, 40_000, address=cluster.address, threads=1, task_seconds=0.02,
                          keep_games=True, progress=False)
    assert len(set(run.nodes)) > 1, run.nodes
    local = tb.simulate("color_mafia", 40_000, seed=17, threads=2, players=4)
    returns, scores, lengths, truncated, starts = run.outcome.arrays
    assert np.array_equal(returns, local.returns) and np.array_equal(scores, local.scores)
    assert np.array_equal(lengths, local.lengths) and np.array_equal(truncated, local.truncated)
    assert np.array_equal(starts, local.starts)
    # And through the public entry point, joined to the same cluster.
    arena = tb.arena("color_mafia", ["ismcts:10", "random"], 12, seed=2, backend="ray",
                     players=4, task_seconds=0.01)
    local_arena = tb.arena("color_mafia", ["ismcts:10", "random"], 12, seed=2, players=4)
    assert np.array_equal(arena.returns, local_arena.returns)
