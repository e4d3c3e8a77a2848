"""Policy/value network weights for one game, and their numpy-only inference.

A weights file is an ``.npz`` (numpy's zip of arrays; read with ``allow_pickle=False``) holding
a small multilayer perceptron -- ``obs -> ReLU(hidden) x layers -> (policy logits over the
action ids, each player's value)`` -- and a ``meta`` entry (UTF-8 JSON bytes) that tags it with
what it was trained on. An actor-critic network with separate trunks (SB3's PPO: the actor and
the critic each have their own hidden layers) adds ``critic{i}_w``/``_b``, the critic's hidden
layers, as many as the actor's: the value head then reads the critic's last layer instead of
the actor's.

- ``format``: this module's ``FORMAT``;
- ``game``, ``params``: the game id and its parameter set (``Game.params``);
- ``observation_size``, ``num_actions``, ``num_players``;
- ``layout``: ``observation_digest(game)``, a digest of the observation encoding (below);
- ``rollout_mix`` (optional, default 0): the share of a playout in each leaf's value that
  ``Baseline`` plays this network with unless told otherwise, chosen by measurement;
- ``playout_visits`` (optional, default 0): likewise, the PUCT ``playout_visits`` ``Baseline``
  plays it with by default (a new node valued by a playout until its next visit);
- ``predict`` (optional, default 0): likewise, the budget's share ``Baseline`` spends by default
  predicting the other players at simultaneous nodes (``tb.bots.ISMCTS``'s ``predict``);
- ``linear_values`` (optional, default false): the value head gives the values themselves, not
  their logits (a critic fitted to the returns by regression, as PPO's is).

``load_weights(path, game)`` refuses (``ValueError`` naming the file and the difference) a file
trained for another game, other parameters, another observation size or layout, and a file that
is not a well-formed weights file at all. The network runs on numpy alone: torch is needed only
to train one (``tablebits.train``).

The layout digest is a SHA-256 over the observation tensors of fixed probe positions (a few
deterministic walks through the game from fixed seeds, every player's view at every step): any
change of what a feature means, of its order, or of the tensor's size changes the digest, so
weights trained on an older encoding are refused instead of silently misread.

>>> import tablebits as tb
>>> net = load_weights(shipped_path("good_fortune"), tb.make("good_fortune"))
>>> net.game_id, net.observation_size
('good_fortune', 332)
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import zipfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from .._checks import is_int
from .._core import Game, NetworkEvaluator
from .._paths import write_atomically

__all__ = ["FORMAT", "MAX_BYTES", "Network", "check_network_game", "load_weights",
           "observation_digest", "params_difference", "save_weights", "shipped_networks",
           "shipped_path", "trained_for"]

#: The version of the file format; a file of another version is refused.
FORMAT = 1

#: Where the package keeps the shipped weights: ``<game id>.npz`` for a game's default
#: parameters, ``<game id>-<label>.npz`` for others (the file's meta says which).
SHIPPED = Path(__file__).resolve().parent / "baselines"

_PROBE_SEEDS = range(4)
_PROBE_STEPS = 24


def shipped_networks(game_id: str) -> list[tuple[Path, dict[str, Any]]]:
    """(file, parameters it was trained on) of every network the package ships for
    ``game_id``, the default parameter set's first."""
    if not isinstance(game_id, str):
        raise TypeError(f"game_id must be a str, not {type(game_id).__name__}")
    paths = sorted(SHIPPED.glob(f"{game_id}.npz")) + sorted(SHIPPED.glob(f"{game_id}-*.npz"))
    return [(path, trained_for(path)[1]) for path in paths]


def shipped_path(game_id: str, params: dict[str, Any] | None = None) -> Path:
    """The weights file the package ships for ``game_id`` under ``params`` (a ``Game.params``;
    default: the game's default parameters). ``ValueError`` if there is none, naming the
    parameters that differ from every shipped network and listing the sets that have one."""
    networks = shipped_networks(game_id)
    if not networks:
        shipped = sorted({p.stem.split("-")[0] for p in SHIPPED.glob("*.npz")})
        raise ValueError(f"no shipped baseline weights for {game_id!r}; shipped: {shipped}")
    if params is None:
        return networks[0][0]
    for path, trained in networks:
        if trained == params:
            return path
    defaults = networks[0][1]

    def differs(trained: dict[str, Any]) -> list[str]:
        return [k for k in sorted(params) if params[k] != trained.get(k)]

    names = sorted(set.intersection(*(set(differs(t)) for _, t in networks)))
    given = ", ".join(f"{k}={params[k]!r}" for k in names) or "these parameters"
    varying = sorted({k for _, t in networks for k in t if t[k] != defaults.get(k)})
    sets = "; ".join(", ".join(f"{k}={t[k]!r}" for k in varying) or "the defaults"
                     for _, t in networks)
    raise ValueError(f"no shipped Baseline network for {game_id} with {given}; networks exist "
                     f"for: {sets} (other parameters at their defaults)")


def observation_digest(game: Game) -> str:
    """A hex SHA-256 of ``game``'s observation encoding, read from probe positions: each walk
    starts from a fixed seed and always plays the ``step``-th legal action (modulo their
    number), and every player's observation tensor at every step goes into the digest."""
    h = hashlib.sha256()
    h.update(json.dumps([game.id, list(game.observation_shape)]).encode())
    for seed in _PROBE_SEEDS:
        state = game.new_initial_state(seed=seed)
        for step in range(_PROBE_STEPS):
            for player in range(game.num_players):
                h.update(np.ascontiguousarray(state.observation_tensor(player), "<f4").tobytes())
            if state.is_terminal():
                break
            if state.is_simultaneous_node():
                joint = [-1] * game.num_players  # -1: a player who is not acting
                for player in state.acting_players():
                    legal = state.legal_actions(player)
                    joint[player] = legal[(step + seed + player) % len(legal)]
                state.apply_actions(joint)
            else:
                legal = state.legal_actions()
                state.apply_action(legal[(step + seed) % len(legal)])
    return h.hexdigest()


def _meta_of(game: Game) -> dict[str, Any]:
    return {
        "format": FORMAT, "game": game.id, "params": game.params,
        "observation_size": int(np.prod(game.observation_shape)),
        "num_actions": game.num_actions, "num_players": game.num_players,
        "layout": observation_digest(game),
    }


#: A layer's (weight (in, out), bias (out,)).
Layer = tuple[np.ndarray, np.ndarray]


@dataclass
class Network:
    """An MLP: ``hidden`` (weight, bias) pairs with ReLU, then a policy head (logits over the
    action ids) and a value head (each player's value: a sigmoid, so in [0, 1], the range of
    the games' win shares; the output itself with ``linear_values``). The value head reads the
    last ``hidden`` layer, or with a separate ``critic`` trunk (as many layers, also from the
    observation) the critic's. The values are by seat from the observer, as the observations
    are written: entry ``k`` is player ``(p + k) % num_players`` for an observation of player
    ``p`` (search with ``relative_values=True``)."""

    meta: dict[str, Any]
    hidden: list[Layer]
    policy: Layer
    value: Layer
    training: dict[str, Any] = field(default_factory=dict)  #: how it was trained (free-form)
    #: the critic's own hidden layers (empty: the value head shares the actor's ``hidden``)
    critic: list[Layer] = field(default_factory=list)
    #: the game (parameters included) it was loaded for, which ``native()`` binds it to
    game: Game | None = field(default=None, repr=False, compare=False)

    @property
    def game_id(self) -> str:
        return str(self.meta["game"])

    @property
    def observation_size(self) -> int:
        return int(self.meta["observation_size"])

    @property
    def rollout_mix(self) -> float:
        """The ``rollout_mix`` ``Baseline`` plays this network with by default."""
        return float(self.meta.get("rollout_mix", 0.0))

    @property
    def playout_visits(self) -> int:
        """The ``playout_visits`` ``Baseline`` plays this network with by default."""
        return int(self.meta.get("playout_visits", 0))

    @property
    def predict(self) -> float:
        """The ``predict`` share ``Baseline`` plays this network with by default."""
        return float(self.meta.get("predict", 0.0))

    @property
    def linear_values(self) -> bool:
        """Whether the value head gives the values themselves (no sigmoid)."""
        return bool(self.meta.get("linear_values", False))

    def forward(self, observations: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Policy logits ``(B, num_actions)`` and values ``(B, num_players)`` of a batch of
        observations ``(B, observation_size)``."""
        x = np.asarray(observations, np.float32).reshape(len(observations), -1)
        if x.shape[1] != self.observation_size:
            raise ValueError(
                f"the {self.game_id} network takes observations of size "
                f"{self.observation_size}, got {x.shape[1]}"
            )
        actor = _trunk(x, self.hidden)
        critic = _trunk(x, self.critic) if self.critic else actor
        logits = actor @ self.policy[0] + self.policy[1]
        z = critic @ self.value[0] + self.value[1]
        return logits, z if self.linear_values else 1.0 / (1.0 + np.exp(-z))

    def evaluate(self, observations: np.ndarray,
                 masks: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The ``tb.search`` evaluator: priors (a softmax of the logits over the legal actions)
        and each player's value."""
        logits, values = self.forward(observations)
        logits = np.where(masks, logits, -np.inf)
        top = logits.max(axis=1, keepdims=True)
        priors = np.exp(logits - np.where(np.isfinite(top), top, 0.0))
        return priors, values

    def native(self) -> NetworkEvaluator:
        """The same network run in C++ (``tablebits._core.NetworkEvaluator``), the evaluator
        ``Baseline`` searches with: the numbers of ``evaluate`` up to float rounding, without
        the GIL. It is bound to ``game`` (the one ``load_weights`` checked it against): a
        search of another game or parameter set refuses it (``ValueError``). A separate critic
        runs beside the actor as one network of twice the width: each layer joins the two side
        by side, the weights between them zero, so each half computes what it computes alone."""
        hidden, policy, value = self.hidden, self.policy, self.value
        if self.critic:
            hidden, policy, value = _joined(self.hidden, self.critic, policy, value)
        return NetworkEvaluator(hidden, policy, value, game=self.game,
                                linear_values=self.linear_values)

    def arrays(self) -> dict[str, np.ndarray]:
        """The parameters by name, as stored in the file."""
        out: dict[str, np.ndarray] = {}
        for i, (w, b) in enumerate(self.hidden):
            out[f"hidden{i}_w"], out[f"hidden{i}_b"] = w, b
        for i, (w, b) in enumerate(self.critic):
            out[f"critic{i}_w"], out[f"critic{i}_b"] = w, b
        out["policy_w"], out["policy_b"] = self.policy
        out["value_w"], out["value_b"] = self.value
        return out


def _trunk(x: np.ndarray, layers: list[Layer]) -> np.ndarray:
    for w, b in layers:
        x = np.maximum(x @ w + b, 0.0)
    return x


def _joined(actor: list[Layer], critic: list[Layer], policy: Layer,
            value: Layer) -> tuple[list[Layer], Layer, Layer]:
    """Actor and critic trunks of equal depth as one trunk (block-diagonal weights after the
    first layer, which both read in full), with heads that read their own half."""
    hidden = []
    for i, ((wa, ba), (wc, bc)) in enumerate(zip(actor, critic, strict=True)):
        if i == 0:
            w = np.concatenate([wa, wc], axis=1)
        else:
            w = np.zeros((wa.shape[0] + wc.shape[0], wa.shape[1] + wc.shape[1]), np.float32)
            w[: wa.shape[0], : wa.shape[1]] = wa
            w[wa.shape[0]:, wa.shape[1]:] = wc
        hidden.append((w, np.concatenate([ba, bc])))
    width_a = actor[-1][0].shape[1]
    width_c = critic[-1][0].shape[1]

    def reading(head: Layer, offset: int) -> Layer:
        w = np.zeros((width_a + width_c, head[0].shape[1]), np.float32)
        w[offset: offset + head[0].shape[0]] = head[0]
        return w, head[1]

    return hidden, reading(policy, 0), reading(value, width_a)


def save_weights(path: str | os.PathLike[str], game: Game, arrays: dict[str, np.ndarray],
                 training: dict[str, Any] | None = None, rollout_mix: float = 0.0,
                 linear_values: bool = False, playout_visits: int = 0,
                 predict: float = 0.0) -> None:
    """Writes ``arrays`` (``hidden{i}_w``/``_b``, optionally ``critic{i}_w``/``_b``,
    ``policy_w``/``_b``, ``value_w``/``_b``, float32) tagged for ``game`` to ``path``, atomically
    (a temporary file, then ``os.replace``): a kill mid-write leaves the previous file, never a
    torn one. ``rollout_mix``, ``playout_visits`` and ``predict`` are the settings
    ``Baseline`` plays the network with by default; ``linear_values`` marks a value head
    without the sigmoid."""
    if not _is_mix(rollout_mix):
        raise ValueError(f"rollout_mix must be a number in [0, 1], got {rollout_mix!r}")
    if not isinstance(linear_values, bool):
        raise TypeError(f"linear_values must be a bool, got {linear_values!r}")
    if not _is_visits(playout_visits):
        raise ValueError(f"playout_visits must be a whole number in [0, 2**32), got "
                         f"{playout_visits!r}")
    if not _is_predict(predict):
        raise ValueError(f"predict must be a number in [0, 1), got {predict!r}")
    meta = dict(_meta_of(game), training=training or {}, rollout_mix=float(rollout_mix))
    if playout_visits:
        meta["playout_visits"] = int(playout_visits)
    if predict:
        meta["predict"] = float(predict)
    if linear_values:
        meta["linear_values"] = True
    payload: dict[str, Any] = {k: np.ascontiguousarray(v, np.float32) for k, v in arrays.items()}
    payload["meta"] = np.frombuffer(json.dumps(meta, sort_keys=True).encode(), np.uint8)
    target = Path(path)
    write_atomically(target, lambda f: np.savez_compressed(f, **payload))
    load_weights(target, game)  # what was written reads back


#: The most a weights file may hold, uncompressed: the shipped networks take about 1 MB, and
#: a file declaring more is refused before anything is read (a small zip may unpack to GBs).
MAX_BYTES = 64 * 2**20
#: The entries a weights file may hold.
_ENTRY = re.compile(r"((hidden|critic)\d{1,3}_[wb]|policy_[wb]|value_[wb]|meta)\.npy")


def _read(path: Path) -> tuple[dict[str, Any], dict[str, np.ndarray]]:
    """The meta and the arrays of a weights file, each entry's name, type and size checked
    before its data is read: no file makes this read more than ``MAX_BYTES``."""
    try:
        archive = zipfile.ZipFile(path)
    except FileNotFoundError:
        raise ValueError(f"weights file {path} does not exist") from None
    except (OSError, zipfile.BadZipFile, ValueError, EOFError) as err:
        raise ValueError(f"weights file {path} is corrupt or not an .npz (numpy's zip of "
                         f"arrays): {err}") from None
    try:
        with archive:
            arrays = _entries(path, archive)
    except (OSError, ValueError, EOFError, zipfile.BadZipFile, KeyError) as err:
        if str(err).startswith(f"weights file {path}"):
            raise
        raise ValueError(f"weights file {path} is corrupt or not an .npz: {err}") from None
    if "meta" not in arrays:
        raise ValueError(f"weights file {path} is corrupt: it has no 'meta' entry")
    try:
        meta = json.loads(arrays.pop("meta").tobytes().decode())
    except (ValueError, UnicodeDecodeError) as err:
        raise ValueError(f"weights file {path} is corrupt: unreadable meta ({err})") from None
    except RecursionError:
        raise ValueError(f"weights file {path} is corrupt: its meta is nested too deeply") \
            from None
    if not isinstance(meta, dict):
        raise ValueError(f"weights file {path} is corrupt: meta is not a JSON object")
    return meta, arrays


def _entries(path: Path, archive: zipfile.ZipFile) -> dict[str, np.ndarray]:
    """Every entry of ``archive`` as an array, after checking the names and the sizes the zip
    and each array's header declare."""
    infos = archive.infolist()
    names = [info.filename for info in infos]
    unknown = [name for name in names if not _ENTRY.fullmatch(name)]
    if unknown:
        shown = ", ".join(repr(name[:40]) for name in unknown[:3])
        raise ValueError(f"weights file {path} is corrupt: unknown entries {shown} (a weights "
                         "file holds meta, hidden<i>_w/_b, critic<i>_w/_b, policy_w/_b and "
                         "value_w/_b)")
    if len(set(names)) != len(names):
        raise ValueError(f"weights file {path} is corrupt: an entry appears twice")
    total = sum(info.file_size for info in infos)
    if total > MAX_BYTES:
        raise ValueError(f"weights file {path} unpacks to {total:,} bytes; a weights file holds "
                         f"at most {MAX_BYTES:,}")
    arrays = {}
    for info in infos:
        name = info.filename[: -len(".npy")]
        with archive.open(info) as f:
            arrays[name] = _array(path, name, f, info.file_size)
    return arrays


def _array(path: Path, name: str, f: Any, size: int) -> np.ndarray:
    """The array of one ``.npy`` entry of ``size`` bytes: float32 (``meta``: uint8 bytes), no
    larger than the entry, its header read and checked before the data."""
    version = np.lib.format.read_magic(f)
    if version == (1, 0):
        shape, fortran, dtype = np.lib.format.read_array_header_1_0(f)
    elif version == (2, 0):
        shape, fortran, dtype = np.lib.format.read_array_header_2_0(f)
    else:
        raise ValueError(f"weights file {path} is corrupt: {name} is an .npy of version "
                         f"{version}")
    want = np.dtype(np.uint8 if name == "meta" else np.float32)
    if dtype != want:
        raise ValueError(f"weights file {path} is corrupt: {name} holds {dtype}, not {want}")
    count = int(np.prod(shape, dtype=np.int64)) if shape else 1
    nbytes = count * want.itemsize
    if nbytes > size:
        raise ValueError(f"weights file {path} is corrupt: {name} declares {nbytes:,} bytes in "
                         f"an entry of {size:,}")
    data = f.read(nbytes)
    if len(data) != nbytes:
        raise ValueError(f"weights file {path} is corrupt: {name} ends early")
    return np.frombuffer(data, want).reshape(shape, order="F" if fortran else "C").copy()


def params_difference(trained: Any, given: dict[str, Any]) -> tuple[str, str]:
    """The parameters in which two parameter sets differ, as ``name=value`` text for each side
    (a long value, a tile list, cut short): what a mismatch message names."""
    trained = trained if isinstance(trained, dict) else {}
    differ = [k for k in dict.fromkeys([*trained, *given]) if trained.get(k) != given.get(k)]

    def shown(params: dict[str, Any]) -> str:
        texts = {k: repr(params[k]) if k in params else "(none)" for k in differ}
        return ", ".join(f"{k}={t if len(t) <= 40 else t[:40] + '...'}" for k, t in texts.items())

    return shown(trained), shown(given)


def check_network_game(bot: str, trained: Game, game: Game) -> None:
    """``ValueError`` unless ``game`` is ``trained`` (parameters included), the game of the
    weights bot ``bot`` plays; the message names the parameters that differ."""
    if game == trained:
        return
    if game.id != trained.id:
        raise ValueError(f"bot {bot} plays {trained.id} (its weights' game), not {game.id}")
    was, given = params_difference(trained.params, game.params)
    raise ValueError(f"bot {bot} plays {game.id} with {was} (the parameters its weights were "
                     f"trained on), not {given}")


def _check_meta(path: Path, meta: dict[str, Any], game: Game) -> None:
    if meta.get("format") != FORMAT:
        raise ValueError(f"weights file {path} has format {meta.get('format')!r}, this "
                         f"tablebits reads format {FORMAT}")
    want = _meta_of(game)
    if meta.get("game") == game.id and meta.get("params") != want["params"]:
        trained, given = params_difference(meta.get("params"), want["params"])
        raise ValueError(f"weights file {path} was trained for {game.id} with {trained}, but the "
                         f"game has {given}")
    for key, what in (("game", "game"), ("params", "parameters"),
                      ("observation_size", "observation size"), ("num_actions", "action count"),
                      ("num_players", "player count")):
        if meta.get(key) != want[key]:
            raise ValueError(f"weights file {path} was trained for {what} {meta.get(key)!r}, "
                             f"but the game has {want[key]!r}")
    if not isinstance(meta.get("linear_values", False), bool):
        raise ValueError(f"weights file {path} is corrupt: linear_values "
                         f"{meta.get('linear_values')!r} is not a bool")
    mix = meta.get("rollout_mix", 0.0)
    if not _is_mix(mix):
        raise ValueError(f"weights file {path} is corrupt: rollout_mix {mix!r} is not a number "
                         "in [0, 1]")
    if not _is_visits(meta.get("playout_visits", 0)):
        raise ValueError(f"weights file {path} is corrupt: playout_visits "
                         f"{meta.get('playout_visits')!r} is not a whole number in [0, 2**32)")
    if not _is_predict(meta.get("predict", 0.0)):
        raise ValueError(f"weights file {path} is corrupt: predict {meta.get('predict')!r} is "
                         "not a number in [0, 1)")
    if meta.get("layout") != want["layout"]:
        raise ValueError(
            f"weights file {path} was trained on another observation layout of {game.id} "
            f"(digest {str(meta.get('layout'))[:12]}..., this build's {want['layout'][:12]}...): "
            "retrain it (tablebits train)"
        )


def _is_mix(value: Any) -> bool:
    """Whether ``value`` is a ``rollout_mix``: a number in [0, 1]."""
    return bool(isinstance(value, (int, float, np.integer, np.floating))
            and not isinstance(value, (bool, np.bool_)) and 0.0 <= value <= 1.0)


def _is_predict(value: Any) -> bool:
    """Whether ``value`` is a ``predict`` share: a number in [0, 1)."""
    return _is_mix(value) and value < 1.0


def _is_visits(value: Any) -> bool:
    """Whether ``value`` is a ``playout_visits`` (PUCT's is an unsigned 32-bit count)."""
    return is_int(value) and 0 <= int(value) < 2**32


def _layers(arrays: dict[str, np.ndarray], prefix: str) -> list[Layer]:
    """The (weight, bias) pairs ``prefix0``, ``prefix1``, ... up to the first missing one."""
    layers: list[Layer] = []
    while f"{prefix}{len(layers)}_w" in arrays:
        i = len(layers)
        layers.append((arrays[f"{prefix}{i}_w"], arrays[f"{prefix}{i}_b"]))
    return layers


def _network(path: Path, meta: dict[str, Any], arrays: dict[str, np.ndarray]) -> Network:
    try:
        hidden = _layers(arrays, "hidden")
        critic = _layers(arrays, "critic")
        policy = (arrays["policy_w"], arrays["policy_b"])
        value = (arrays["value_w"], arrays["value_b"])
    except KeyError as err:
        raise ValueError(f"weights file {path} is corrupt: it has no array {err}") from None
    if critic and len(critic) != len(hidden):
        raise ValueError(f"weights file {path} is corrupt: its critic has {len(critic)} hidden "
                         f"layers, its actor {len(hidden)} (a separate critic has as many)")

    def chained(name: str, layers: list[Layer]) -> list[tuple[str, tuple[int, int]]]:
        sizes = [int(meta["observation_size"])]
        sizes += [w.shape[-1] if w.ndim else 0 for w, _ in layers]
        return [(f"{name}{i}", (sizes[i], sizes[i + 1])) for i in range(len(layers))]

    expected = chained("hidden", hidden) + chained("critic", critic)
    width = expected[len(hidden) - 1][1][1] if hidden else int(meta["observation_size"])
    value_width = expected[-1][1][1] if critic else width
    expected += [("policy", (width, int(meta["num_actions"]))),
                 ("value", (value_width, int(meta["num_players"])))]
    for (name, shape), (w, b) in zip(expected, [*hidden, *critic, policy, value], strict=True):
        if w.shape != shape or b.shape != shape[1:] or w.dtype != np.float32 \
                or b.dtype != np.float32:
            raise ValueError(f"weights file {path} is corrupt: {name} has shapes {w.shape}, "
                             f"{b.shape} ({w.dtype}), expected {shape}, {shape[1:]} (float32)")
        if not (np.isfinite(w).all() and np.isfinite(b).all()):
            raise ValueError(f"weights file {path} is corrupt: {name} holds NaN or infinity")
    training = meta.get("training", {})
    if not isinstance(training, dict):
        raise ValueError(f"weights file {path} is corrupt: meta's training is a "
                         f"{type(training).__name__}, not an object")
    return Network(meta=meta, hidden=hidden, policy=policy, value=value, training=dict(training),
                   critic=critic)


def trained_for(path: str | os.PathLike[str]) -> tuple[str, dict[str, Any]]:
    """The game id and parameter set the weights in ``path`` were trained on (``ValueError`` if
    the file is not a readable weights file)."""
    target = Path(path)
    meta = _read(target)[0]
    game_id, params = meta.get("game"), meta.get("params")
    if not isinstance(game_id, str) or not isinstance(params, dict):
        raise ValueError(f"weights file {target} is corrupt: its meta has no game or parameters")
    return game_id, params


def load_weights(path: str | os.PathLike[str], game: Game) -> Network:
    """The network in ``path``, checked against ``game`` (``ValueError`` naming the file and
    the mismatch, or what is corrupt)."""
    if not isinstance(game, Game):
        raise TypeError(f"game must be a tablebits Game, not {type(game).__name__}")
    target = Path(path)
    meta, arrays = _read(target)
    _check_meta(target, meta, game)
    network = _network(target, meta, arrays)
    network.game = game
    return network
