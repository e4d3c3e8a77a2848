"""The Baseline bot and its weights files (numpy only): the checks that refuse weights of another
game, parameter set or observation layout and corrupt files, the atomic write, and a small
strength smoke test of the shipped Good Fortune network against random play."""

from __future__ import annotations

import copy
import gc
import json
import pickle
import subprocess
import sys
import zipfile
from pathlib import Path

import numpy as np
import pytest

import tablebits as tb
from tablebits.bots import Baseline, parse, weights
from tablebits.bots.names import UNTIL_TIME_LIMIT

ROOT = Path(__file__).resolve().parents[2]


def random_arrays(game: tb.Game, hidden: int = 8, seed: int = 0) -> dict[str, np.ndarray]:
    rng = np.random.default_rng(seed)
    obs = int(np.prod(game.observation_shape))
    shapes = {"hidden0_w": (obs, hidden), "hidden0_b": (hidden,),
              "policy_w": (hidden, game.num_actions), "policy_b": (game.num_actions,),
              "value_w": (hidden, game.num_players), "value_b": (game.num_players,)}
    return {k: rng.normal(0, 0.1, s).astype(np.float32) for k, s in shapes.items()}


def write_raw(path: Path, meta: dict, arrays: dict[str, np.ndarray]) -> None:
    np.savez(path, meta=np.frombuffer(json.dumps(meta).encode(), np.uint8), **arrays)


def read_raw(path: Path) -> tuple[dict, dict[str, np.ndarray]]:
    with np.load(path) as data:
        arrays = {k: data[k] for k in data.files}
    return json.loads(arrays.pop("meta").tobytes()), arrays


@pytest.fixture
def gf_file(tmp_path: Path) -> Path:
    path = tmp_path / "gf.npz"
    weights.save_weights(path, tb.make("good_fortune"), random_arrays(tb.make("good_fortune")))
    return path


def test_round_trip_computes_the_mlp(gf_file: Path) -> None:
    game = tb.make("good_fortune")
    arrays = random_arrays(game)
    net = weights.load_weights(gf_file, game)
    x = np.random.default_rng(1).random((3, 332), dtype=np.float32)
    # the MLP by hand: ReLU hidden layer, policy logits, sigmoid values
    h = np.maximum(x @ arrays["hidden0_w"] + arrays["hidden0_b"], 0)
    logits, values = net.forward(x)
    np.testing.assert_allclose(logits, h @ arrays["policy_w"] + arrays["policy_b"], rtol=1e-5)
    np.testing.assert_allclose(
        values, 1 / (1 + np.exp(-(h @ arrays["value_w"] + arrays["value_b"]))), rtol=1e-5)
    masks = np.zeros((3, game.num_actions), bool)
    masks[:, [2, 5]] = True
    priors, _ = net.evaluate(x, masks)
    assert (priors[:, ~masks[0]] == 0).all() and (priors[:, [2, 5]] > 0).all()


def test_other_game_is_refused_naming_file_and_game(gf_file: Path) -> None:
    with pytest.raises(ValueError, match=r"gf\.npz.*game 'good_fortune'.*'color_mafia'"):
        weights.load_weights(gf_file, tb.make("color_mafia"))


def test_other_parameters_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "cm4.npz"
    four = tb.make("color_mafia", players=4)
    weights.save_weights(path, four, random_arrays(four))
    with pytest.raises(ValueError, match=r"cm4\.npz.*for color_mafia with players=4, but the "
                       r"game has players=3"):
        weights.load_weights(path, tb.make("color_mafia", players=3))
    with pytest.raises(ValueError, match=r"plays color_mafia with players=4 .*not players=3"):
        tb.arena("color_mafia", [Baseline("color_mafia", weights=path), "random"], games=1,
                 players=3)


def test_other_observation_layout_is_refused(gf_file: Path) -> None:
    meta, arrays = read_raw(gf_file)
    meta["layout"] = "0" * 64  # trained on an encoding that is not this build's
    write_raw(gf_file, meta, arrays)
    with pytest.raises(ValueError, match=r"gf\.npz.*another observation layout"):
        weights.load_weights(gf_file, tb.make("good_fortune"))
    meta["observation_size"] = 200
    write_raw(gf_file, meta, arrays)
    with pytest.raises(ValueError, match=r"gf\.npz.*observation size 200.*332"):
        weights.load_weights(gf_file, tb.make("good_fortune"))


def test_layout_digest_tracks_the_encoding() -> None:
    gf = tb.make("good_fortune")
    assert weights.observation_digest(gf) == weights.observation_digest(tb.make("good_fortune"))
    four, five = tb.make("color_mafia", players=4), tb.make("color_mafia", players=3)
    assert weights.observation_digest(four) != weights.observation_digest(five)


@pytest.mark.parametrize("damage", ["truncate", "garbage", "no_meta", "bad_meta", "shape",
                                    "nan", "missing", "format", "plain_npy", "deep_meta",
                                    "training_type", "extra_entry", "huge_entry", "float64"])
def test_corrupt_files_are_refused_naming_the_file(gf_file: Path, damage: str) -> None:
    meta, arrays = read_raw(gf_file)
    if damage == "plain_npy":  # one array, not a zip of them: numpy's load returns no archive
        gf_file.write_bytes(b"")
        with gf_file.open("wb") as f:
            np.save(f, arrays["policy_w"])
    elif damage == "deep_meta":  # JSON deeper than Python's recursion limit
        text = json.dumps(meta)[:-1] + ', "deep": ' + "[" * 100_000 + "]" * 100_000 + "}"
        np.savez(gf_file, meta=np.frombuffer(text.encode(), np.uint8), **arrays)
    elif damage == "training_type":
        meta["training"] = ["rounds", 3]
        write_raw(gf_file, meta, arrays)
    elif damage == "extra_entry":  # an entry no weights file has is refused, not ignored
        write_raw(gf_file, meta, {**arrays, "extra": np.zeros(3, np.float32)})
    elif damage == "huge_entry":  # a few hundred KB of zip that unpack to more than the limit
        huge = np.zeros(weights.MAX_BYTES // 4 + 1, np.float32)
        np.savez_compressed(gf_file, meta=np.frombuffer(json.dumps(meta).encode(), np.uint8),
                            **arrays, hidden9_w=huge)
    elif damage == "float64":
        write_raw(gf_file, meta, {**arrays, "value_b": arrays["value_b"].astype(np.float64)})
    elif damage == "truncate":
        gf_file.write_bytes(gf_file.read_bytes()[:500])
    elif damage == "garbage":
        gf_file.write_bytes(b"not a zip at all" * 10)
    elif damage == "no_meta":
        np.savez(gf_file, **arrays)
    elif damage == "bad_meta":
        np.savez(gf_file, meta=np.frombuffer(b"{oops", np.uint8), **arrays)
    elif damage == "shape":
        arrays["policy_w"] = arrays["policy_w"][:, :3]
        write_raw(gf_file, meta, arrays)
    elif damage == "nan":
        arrays["value_b"][0] = np.nan
        write_raw(gf_file, meta, arrays)
    elif damage == "missing":
        del arrays["value_w"]
        write_raw(gf_file, meta, arrays)
    else:
        meta["format"] = 99
        write_raw(gf_file, meta, arrays)
    with pytest.raises(ValueError, match=r"weights file .*gf\.npz"):
        weights.load_weights(gf_file, tb.make("good_fortune"))
    with pytest.raises(ValueError, match=r"gf\.npz"):
        Baseline("good_fortune", weights=gf_file)


def test_entries_are_checked_before_their_data_is_read(gf_file: Path) -> None:
    # An entry whose header declares 4 GiB: refused from its sizes, without reading 4 GiB.
    meta, arrays = read_raw(gf_file)
    write_raw(gf_file, meta, arrays)
    header = np.lib.format.header_data_from_array_1_0(np.zeros(1, np.float32))
    header["shape"] = (2**30,)
    with zipfile.ZipFile(gf_file, "a") as archive, archive.open("hidden1_w.npy", "w") as f:
        np.lib.format.write_array_header_1_0(f, header)
        f.write(b"\0" * 64)
    with pytest.raises(ValueError, match=r"gf\.npz is corrupt: hidden1_w declares "
                                         r"4,294,967,296 bytes in an entry of"):
        weights.load_weights(gf_file, tb.make("good_fortune"))


def test_missing_file_and_unshipped_game(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match=r"nothing\.npz does not exist"):
        weights.load_weights(tmp_path / "nothing.npz", tb.make("good_fortune"))
    with pytest.raises(ValueError, match="no shipped baseline weights for 'chess'"):
        weights.shipped_path("chess")


def test_a_failed_write_leaves_the_previous_file(gf_file: Path, monkeypatch) -> None:
    game = tb.make("good_fortune")
    before = gf_file.read_bytes()

    def torn(f, **arrays):  # writes half a zip, then the process "dies"
        f.write(b"PK\x03\x04 half")
        raise KeyboardInterrupt

    monkeypatch.setattr(np, "savez_compressed", torn)
    with pytest.raises(KeyboardInterrupt):
        weights.save_weights(gf_file, game, random_arrays(game, seed=5))
    assert gf_file.read_bytes() == before
    weights.load_weights(gf_file, game)


def test_parse_and_names() -> None:
    game = tb.make("good_fortune")
    bot = parse("baseline:100", game)
    assert isinstance(bot, Baseline) and bot.iterations == 100 and bot.name == "baseline:100"
    assert parse("baseline:20ms", game).time_limit == 0.02
    assert parse("baseline", game).iterations == Baseline(game).iterations == 200
    timed = Baseline(game, time_limit=0.02)  # searches for the whole 20 ms, as baseline:20ms
    assert (timed.iterations, timed.name) == (UNTIL_TIME_LIMIT, "baseline:20ms")
    assert pickle.loads(pickle.dumps(timed)).iterations == UNTIL_TIME_LIMIT
    with pytest.raises(ValueError, match="pass the game"):
        parse("baseline:100")
    with pytest.raises(ValueError, match="bad bot spec"):
        parse("baseline:lots", game)


def test_a_trained_file_with_a_budget_is_a_baseline_on_that_file(gf_file: Path, capsys) -> None:
    """``PATH.npz:BUDGET[~MIX]`` searches with the file's network (the arrays written here), is
    named by that spec, and plays from the command line."""
    game = tb.make("good_fortune")
    bot = parse(f"{gf_file}:50~0.25", game)
    assert isinstance(bot, Baseline) and bot.weights == gf_file
    assert (bot.iterations, bot.rollout_mix, bot.name) == (50, 0.25, f"{gf_file}:50~0.25")
    np.testing.assert_array_equal(bot.network.hidden[0][0], random_arrays(game)["hidden0_w"])
    assert parse(bot.name, game).name == bot.name
    assert parse(f"{gf_file}:20ms", game).time_limit == 0.02
    with pytest.raises(ValueError, match="bad bot spec .*got 'lots'"):
        parse(f"{gf_file}:lots", game)
    with pytest.raises(ValueError, match=r"missing\.npz does not exist"):
        parse(f"{gf_file.parent / 'missing.npz'}:50", game)
    with pytest.raises(ValueError, match="pass the game"):
        parse(f"{gf_file}:50")
    from tablebits.cli.main import main
    assert main(["arena", "good_fortune", "--bots", f"{gf_file}:20", "random", "--games", "2",
                 "--no-progress"]) == 0
    assert f"{gf_file}:20" in capsys.readouterr().out


def test_shipped_weights_fit_their_game_and_size_limit() -> None:
    shipped = sorted(weights.SHIPPED.glob("*.npz"))
    assert shipped, "no shipped weights"
    for path in shipped:
        assert path.stat().st_size <= 1_000_000, path
        game_id = path.stem.split("-")[0]
        bot = Baseline(game_id, weights=path)
        assert bot.network.game_id == game_id


def test_baseline_beats_random_in_good_fortune() -> None:
    # ISMCTS(1000) wins every game against random (docs/strength.md); the network with 50
    # PUCT iterations must win clearly too: the lower bound of its 95% interval above 0.75.
    result = tb.arena("good_fortune", [Baseline("good_fortune", iterations=50), "random"],
                      games=60, seed=7, threads=1)
    interval = tb.stats.share_interval(result.returns[result.seats == 0])
    assert interval.low > 0.75, interval


def test_cli_arena_with_baseline() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "tablebits", "arena", "good_fortune", "--bots", "baseline:30",
         "random", "--games", "4", "--no-progress"],
        capture_output=True, text=True, check=True, cwd=ROOT,
    )
    assert "baseline:30" in out.stdout


def test_zip_entries_are_plain_arrays(gf_file: Path) -> None:
    # allow_pickle=False reads every entry: the file holds no pickled object
    names = zipfile.ZipFile(gf_file).namelist()
    assert sorted(names) == sorted(f"{k}.npy" for k in [*random_arrays(tb.make("good_fortune")),
                                                          "meta"])


def test_value_targets_mix_the_teacher_estimate_keeping_the_sum() -> None:
    from tablebits.train.selfplay import value_targets

    gf, cm, fox = tb.make("good_fortune"), tb.make("color_mafia", players=4), tb.make("fox_duet")
    got = value_targets(gf, np.array([1.0, 0.0]), np.array([0, 1]), np.array([0.6, 0.3]), 0.5)
    np.testing.assert_allclose(got, [[0.8, 0.2], [0.15, 0.85]], rtol=1e-6)  # by seat from the mover
    got = value_targets(cm, np.array([0.0, 0.5, 0.5, 0.0]), np.array([0]), np.array([0.4]), 0.5)
    np.testing.assert_allclose(got, [[0.2, 0.4, 0.4, 0.0]], rtol=1e-6)
    got = value_targets(cm, np.array([1.0, 0.0, 0.0, 0.0]), np.array([0]), np.array([0.2]), 1.0)
    np.testing.assert_allclose(got, [[0.2, 0.8 / 3, 0.8 / 3, 0.8 / 3]], rtol=1e-6)
    got = value_targets(fox, np.array([0.0, 0.0]), np.array([1]), np.array([0.3]), 0.5)
    np.testing.assert_allclose(got, [[0.15, 0.15]], rtol=1e-6)
    got = value_targets(gf, np.array([1.0, 0.0]), np.array([1]), np.array([0.9]), 0.0)
    np.testing.assert_allclose(got, [[0.0, 1.0]])  # player 1 lost: its own entry first


@pytest.mark.parametrize("relative", [False, True])
def test_relative_values_are_read_by_seat_from_the_rows_player(relative: bool) -> None:
    # Every evaluator row answers (0.9, 0.1). With uniform priors and a large c_puct each root
    # action gets exactly one walk, which ends at the child and evaluates it from the view of the
    # player to act there. By player id, the root player p's value is always entry p; by seat,
    # it is 0.9 when p acts at the child (entry 0 is the row's player) and 0.1 when the other
    # player does.
    game = tb.make("good_fortune")
    state = game.new_initial_state(seed=4)
    state.apply_action(state.legal_actions()[0])
    p = state.current_player()
    legal = state.legal_actions()

    def evaluator(obs: np.ndarray, masks: np.ndarray):
        return np.ones(masks.shape), np.tile([0.9, 0.1], (len(obs), 1))

    found = tb.search(state, iterations=1 + len(legal), evaluator=evaluator, batch_size=1,
                      c_puct=100.0, relative_values=relative)
    for a in legal:
        assert found.visits[a] == 1
        child = state.clone()
        child.apply_action(a)
        by_seat = 0.9 if child.current_player() == p else 0.1
        want = by_seat if relative else [0.9, 0.1][p]
        assert found.values[a] == pytest.approx(want), (a, child.current_player(), p)


def test_play_and_ladder_take_a_baseline() -> None:
    record = tb.play("good_fortune", [Baseline("good_fortune", iterations=20),
                                      tb.bots.Random(seed=1)], seed=2)
    assert record.bots[0] == "baseline:20" and len(record.actions) > 0
    result = tb.ladder("good_fortune", ["random", "baseline:20"], games=4, seed=1)
    assert result.bots == ["random", "baseline:20"]


def test_every_shipped_network_keeps_its_measured_defaults() -> None:
    # docs/strength.md: playouts help the competitive games' networks at 0.5; in Fox Duet random
    # playouts almost never win, so Baseline there plays the network alone. Only Color Mafia's
    # networks gained at 20 ms from valuing a new node by a playout until its next visit.
    measured = {"good_fortune": (0.5, 0), "color_mafia": (0.5, 1), "hoi_pho": (0.5, 0),
                "fox_duet": (0.0, 0)}
    assert set(tb.games()) == set(measured)
    for game_id, (mix, visits) in measured.items():
        for path, _ in weights.shipped_networks(game_id):
            bot = Baseline(game_id, iterations=10, weights=path)
            assert (bot.rollout_mix, bot.playout_visits) == (mix, visits), path


@pytest.mark.parametrize("key, bads", [("rollout_mix", (1.5, -0.1, "half", True)),
                                       ("playout_visits", (-1, 1.5, "one", True, 2**32))])
def test_a_weights_file_with_a_bad_playing_default_is_refused(tmp_path, key, bads) -> None:
    game = tb.make("good_fortune")
    arrays = Baseline(game, iterations=1).network.arrays()
    for bad in bads:
        path = tmp_path / "bad.npz"
        weights.save_weights(path, game, arrays)
        with np.load(path) as data:
            entries = {k: data[k] for k in data.files}
        meta = json.loads(entries["meta"].tobytes().decode())
        meta[key] = bad
        entries["meta"] = np.frombuffer(json.dumps(meta).encode(), np.uint8)
        np.savez(path, **entries)
        with pytest.raises(ValueError, match=f"{path}.*{key}"):
            weights.load_weights(path, game)
        with pytest.raises(ValueError, match=key):
            weights.save_weights(tmp_path / "x.npz", game, arrays, **{key: bad})


def test_a_baseline_name_with_a_prior_weight_parses_back(gf_file: Path) -> None:
    game = tb.make("good_fortune")
    for bot in (Baseline(game, iterations=10, c_puct=0.8),
                Baseline(game, iterations=10, c_puct=0.8, rollout_mix=0.25, weights=gf_file)):
        twin = tb.bots.parse(bot.name, game)
        assert (twin.name, twin.c_puct, twin.rollout_mix) == (bot.name, 0.8, bot.rollout_mix)
    with pytest.raises(ValueError, match="C_PUCT must be a number, got 'x'"):
        parse("baseline:10@x", game)
    with pytest.raises(ValueError, match="c_puct must be a finite number >= 0"):
        parse("baseline:10@-1", game)
    assert tb.bots.parse("baseline:10@0.8~0.25", game).name == "baseline:10@0.8~0.25"
    with pytest.raises(ValueError, match="C_PUCT must be a number"):
        tb.bots.parse("baseline:10@wide", game)


#: Every parameter set a shipped network serves: each player count, Good Fortune's variants.
NETWORKS = [("color_mafia", {"players": 3}), ("color_mafia", {"players": 4}),
            ("hoi_pho", {"players": 3}), ("hoi_pho", {"players": 4}), ("hoi_pho", {"players": 5}),
            ("good_fortune", {"variant": "standard"}), ("good_fortune", {"variant": "guess"}),
            ("fox_duet", {})]


@pytest.mark.parametrize(("game_id", "params"), NETWORKS)
def test_baseline_plays_the_network_of_its_parameters(game_id: str, params: dict) -> None:
    game = tb.make(game_id, **params)
    bot = Baseline(game, iterations=20)
    assert bot.network.meta["params"] == game.params
    assert bot.network.observation_size == int(np.prod(game.observation_shape))
    state = game.new_initial_state(seed=1)
    player = state.acting_players()[0]
    assert bot.act(state, player) in state.legal_actions(player)
    assert len(weights.shipped_networks(game_id)) == sum(g == game_id for g, _ in NETWORKS)


def test_a_game_id_means_its_default_parameters() -> None:
    for game_id in tb.games():
        assert Baseline(game_id, iterations=1).game == tb.make(game_id)


@pytest.mark.parametrize(("game_id", "params", "named", "listed"), [
    ("hoi_pho", {"rps": "chance"}, "rps='chance'", "players=4; players=3; players=5"),
    ("color_mafia", {"players": 3, "chips_per_color": 3}, "chips_per_color=3", "players=3"),
    ("good_fortune", {"connection": "shared"}, "connection='shared'", "variant='guess'"),
])
def test_parameters_without_a_network_are_named(game_id: str, params: dict, named: str,
                                                listed: str) -> None:
    with pytest.raises(ValueError) as caught:
        Baseline(tb.make(game_id, **params))
    message = str(caught.value)
    assert f"no shipped Baseline network for {game_id} with {named}" in message
    assert listed in message


# -- the network's rules, copies, the bot's config --------------------------------------------

OTHER_RULES = [("good_fortune", {"variant": "guess"}), ("hoi_pho", {"rps": "chance"}),
               ("hoi_pho", {"sheep_tie": False})]


def acting(state: tb.State) -> int:
    player = state.current_player()
    return state.acting_players()[0] if player == tb.SIMULTANEOUS else player


@pytest.mark.parametrize(("game_id", "params"), OTHER_RULES, ids=str)
@pytest.mark.parametrize("native", [True, False])
def test_a_baseline_refuses_other_rules_everywhere(game_id: str, params: dict,
                                                   native: bool) -> None:
    # tb.arena always refused these; act, play and bot_action played the network silently.
    bot = Baseline(game_id, iterations=5, native=native)
    other = tb.make(game_id, **{**bot.game.params, **params})
    name = next(iter(params))
    seats = [bot] + [tb.bots.Random(seed=1)] * (other.num_players - 1)
    with pytest.raises(ValueError, match=f"plays {game_id} with {name}="):
        tb.play(other, seats, seed=1)
    state = other.new_initial_state(seed=1)
    with pytest.raises(ValueError, match=f"plays {game_id} with {name}="):
        bot.act(state, acting(state))
    with pytest.raises(ValueError, match="serves .* with other parameters"):
        state.bot_action(bot.config, acting(state), seed=1)
    with pytest.raises(ValueError, match="serves .* with other parameters"):
        tb.search(state, acting(state), iterations=5, evaluator=bot.network.native())
    with pytest.raises(ValueError, match=f"plays {game_id} with {name}="):
        tb.arena(other, [bot, "random"], games=1)
    home = bot.game.new_initial_state(seed=1)
    assert home.bot_action(bot.config, acting(home), seed=1) in home.legal_actions(acting(home))


@pytest.mark.parametrize("game_id", ["good_fortune", "color_mafia", "fox_duet", "hoi_pho"])
def test_the_config_of_a_dropped_bot_is_refused(game_id: str) -> None:
    # The config names the evaluator by id; once the bot is gone the id names nothing, and
    # bot_action used to play the lowest legal action instead of raising as tb.arena does.
    config = Baseline(game_id, iterations=5).config
    gc.collect()
    state = tb.make(game_id).new_initial_state(seed=1)
    with pytest.raises(ValueError, match="not a registered evaluator"):
        state.bot_action(config, acting(state), seed=1)
    with pytest.raises(ValueError, match="not a registered evaluator"):
        state._search(config, acting(state), 1)


def test_a_baseline_pickles_and_copies_as_its_arguments_and_network(gf_file: Path) -> None:
    state = tb.make("good_fortune").new_initial_state(seed=5)
    for bot in (Baseline("good_fortune", iterations=30, seed=3, rollout_mix=0.25),
                Baseline("good_fortune", iterations=20, weights=gf_file, native=False)):
        want = bot.act(state, state.current_player())
        for twin in (copy.deepcopy(bot), copy.copy(bot), pickle.loads(pickle.dumps(bot))):
            assert twin.name == bot.name and twin.weights == bot.weights
            assert twin.config.fields["evaluator"] != bot.config.fields["evaluator"]
            assert twin.act(state, state.current_player()) == want
    # A trained file's copy carries the network: it plays without the file (a Ray worker
    # on another machine), where the shipped network's copy loads the package's file again.
    trained = Baseline("good_fortune", iterations=20, weights=gf_file, seed=4)
    want = trained.act(state, state.current_player())
    data = pickle.dumps(trained)
    gf_file.unlink()
    twin = pickle.loads(data)
    assert twin.name == trained.name and twin.act(state, state.current_player()) == want
    assert len(pickle.dumps(Baseline("good_fortune"))) < 1000 < len(data)
    plain = tb.bots.PUCT(lambda obs, masks: (np.ones(masks.shape), np.zeros((len(obs), 2))))
    for attempt in (copy.deepcopy, pickle.dumps):
        with pytest.raises(TypeError, match="cannot be pickled or copied: its evaluator"):
            attempt(plain)


def test_a_parameter_mismatch_names_the_parameter_not_the_tile_list() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "tablebits", "arena", "good_fortune", "--param",
         "connection=shared", "--bots", "baseline", "random", "--games", "2", "--no-progress"],
        capture_output=True, text=True, cwd=ROOT,
    )
    assert done.returncode == 2
    assert "no shipped Baseline network for good_fortune with connection='shared'" in done.stderr
    assert "horseshoe" not in done.stderr and len(done.stderr) < 400
    bot = Baseline("good_fortune", iterations=5)
    with pytest.raises(ValueError) as info:
        tb.arena("good_fortune", [bot, "random"], games=1, variant="guess")
    assert "with variant='standard'" in str(info.value) and "horseshoe" not in str(info.value)


def test_a_baseline_name_with_playout_visits_parses_back(gf_file: Path) -> None:
    game = tb.make("good_fortune")
    for bot in (Baseline(game, iterations=10, playout_visits=1),
                Baseline(game, iterations=10, c_puct=2, rollout_mix=0.25, playout_visits=3,
                         weights=gf_file)):
        twin = tb.bots.parse(bot.name, game)
        assert twin.name == bot.name and "+" in bot.name
        assert (twin.playout_visits, twin.c_puct, twin.rollout_mix) == (
            bot.playout_visits, bot.c_puct, bot.rollout_mix)
    assert parse("baseline:10@1e+06", game).c_puct == 1e6  # an exponent, not playout visits
    with pytest.raises(ValueError, match="PLAYOUT_VISITS must be a whole number, got 'x'"):
        parse("baseline:10+x", game)
    with pytest.raises(ValueError, match="playout_visits must be in 0.."):
        parse("baseline:10+-1", game)


def test_a_baseline_plays_the_playout_visits_stored_with_its_weights(tmp_path) -> None:
    """The file's ``playout_visits`` is the default, unnamed; another value is named, even 0."""
    game = tb.make("good_fortune")
    path = tmp_path / "two.npz"
    weights.save_weights(path, game, Baseline(game, iterations=1).network.arrays(),
                         rollout_mix=0.5, playout_visits=2)
    bot = parse(f"{path}:10", game)
    assert (bot.playout_visits, bot.name) == (2, f"{path}:10")
    plain = Baseline(game, iterations=10, weights=path, playout_visits=0)
    assert (plain.playout_visits, plain.name) == (0, f"{path}:10+0")
    assert parse(plain.name, game).playout_visits == 0
    assert pickle.loads(pickle.dumps(bot)).playout_visits == 2
