"""Game records: one game's decisions with their strings, saved as versioned JSON Lines.

>>> import tablebits as tb
>>> record = tb.play("good_fortune", [tb.bots.Random(1), tb.bots.Random(2)], seed=7)
>>> states = list(tb.replay(record))            # initial .. terminal, every step checked
>>> states[-1].returns() == record.returns
True

A record holds the game id, its parameters and the initial state's seed, one bot name per seat,
every decision (the player and its action, or the joint action at a simultaneous node) with its
action string, and the final returns and scores. The format (``FORMAT``, ``VERSION``) is
described in docs/records.md. ``save_records`` writes one JSON object per line;
``load_records`` reads them back and rejects a corrupted or foreign file with the line number.
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, BinaryIO

import numpy as np

from . import _batch
from ._checks import is_int
from ._core import SIMULTANEOUS, Game, State
from ._paths import write_atomically
from ._registry import make
from ._version import __version__

__all__ = [
    "FORMAT",
    "READS",
    "VERSION",
    "GameRecord",
    "RecordError",
    "RecordWriter",
    "load_records",
    "replay",
    "bot_name",
    "iter_arena_records",
    "record_bytes",
    "record_line",
    "save_records",
]

FORMAT = "tablebits-game-record"  #: the ``format`` field of every record
VERSION = 2  #: the ``version`` written; bumped on any change an older reader cannot read
#: The versions this library reads: 1 has no ``tablebits`` field (the version that wrote it).
READS = (1, 2)

Action = int | list[int]  # an action at a sequential node, or a joint action (-1: not acting)
ActionString = str | list[str | None]


class RecordError(ValueError):
    """A record that cannot be read, or that does not replay to what it says."""


@dataclass(frozen=True)
class GameRecord:
    """One whole game: enough to rebuild every state, plus the strings and results to check.

    ``actions[k]`` is step ``k``: an int played by ``players[k]`` at a sequential node, or the
    joint action (one entry per player, -1 for those not acting) when ``players[k] ==
    SIMULTANEOUS``. ``strings[k]`` is its action string (a list with ``None`` for the players
    not acting, at a simultaneous node). ``seed`` is the initial state's:
    ``game.new_initial_state(seed)``. ``arena`` is ``{"seed": S, "game": i}`` for game ``i`` of
    an arena job, else ``None``. ``truncated`` is true when a safety cap, not the rules, ended
    the game (``State.is_truncated``).
    """

    game_id: str
    params: dict[str, Any]
    seed: int
    bots: list[str]  #: one name per seat ("human" for a person at the terminal)
    players: list[int]
    actions: list[Action]
    strings: list[ActionString]
    returns: list[float]
    scores: list[float]
    truncated: bool = False
    arena: dict[str, int] | None = field(default=None)
    #: the tablebits version that wrote the record (``None``: a version-1 record, unrecorded)
    tablebits: str | None = field(default=__version__)

    @property
    def game(self) -> Game:
        """The game, rebuilt from ``game_id`` and ``params``."""
        return make(self.game_id, **self.params)

    def final_state(self) -> State:
        """The terminal state, after checking every step (see ``tb.replay``)."""
        states = replay(self)
        state = next(states)
        for state in states:  # noqa: B007 - the last one is wanted
            pass
        return state

    def to_dict(self) -> dict[str, Any]:
        """The JSON object of one record (format version ``VERSION``)."""
        steps: list[dict[str, Any]] = []
        for player, action, text in zip(self.players, self.actions, self.strings, strict=True):
            if player == SIMULTANEOUS:
                steps.append({"joint": action, "strings": text})
            else:
                steps.append({"player": player, "action": action, "string": text})
        out: dict[str, Any] = {
            "format": FORMAT,
            "version": VERSION,
            "game": self.game_id,
            "params": self.params,
            "seed": self.seed,
            "bots": self.bots,
            "steps": steps,
            "returns": self.returns,
            "scores": self.scores,
        }
        if self.truncated:
            out["truncated"] = True
        if self.arena is not None:
            out["arena"] = self.arena
        if self.tablebits is not None:
            out["tablebits"] = self.tablebits
        return out

    @classmethod
    def from_dict(cls, d: Any) -> GameRecord:
        """The record of a JSON object; anything missing, extra or mistyped raises RecordError.

        Only the structure is checked here; ``tb.replay`` checks the moves against the rules.
        """
        return _parse(d)


def bot_name(bot: object) -> str:
    """The name a record gives a bot: its ``name`` attribute, else its class name."""
    name = getattr(bot, "name", None)
    return name if isinstance(name, str) else type(bot).__name__


class RecordWriter:
    """Builds a GameRecord while a game is played: ``apply`` plays one step and notes it."""

    def __init__(self, game: Game, seed: int, bots: list[str]) -> None:
        self.game = game
        self.seed = seed
        self.bots = bots
        self.players: list[int] = []
        self.actions: list[Action] = []
        self.strings: list[ActionString] = []

    def apply(self, state: State, action: Action) -> None:
        """Applies ``action`` (an int, or a joint list at a simultaneous node) to ``state``."""
        player = state.current_player()
        if player == SIMULTANEOUS and not isinstance(action, list):
            raise TypeError("a simultaneous node takes a joint action (a list)")
        if player != SIMULTANEOUS and isinstance(action, list):
            raise TypeError(f"player {player} is to move: pass one action, not a list")
        try:
            text = _action_string(state, player, action)
        except ValueError:
            # An action id out of range has no string: the engine rejects it with its own
            # error (IllegalActionError), leaving the state unchanged.
            _apply(state, action)
            raise
        _apply(state, action)
        self.players.append(player)
        self.actions.append(list(action) if isinstance(action, list) else int(action))
        self.strings.append(text)

    def last_decision(self, seat: int) -> int | None:
        """The step of ``seat``'s last decision so far (a move, or its part of a joint one),
        or None."""
        for k in range(len(self.actions) - 1, -1, -1):
            action = self.actions[k]
            if action[seat] >= 0 if isinstance(action, list) else self.players[k] == seat:
                return k
        return None

    def truncate(self, steps: int) -> State:
        """Forgets every step from ``steps`` on; returns the state before step ``steps``."""
        del self.players[steps:], self.actions[steps:], self.strings[steps:]
        state = self.game.new_initial_state(self.seed)
        for action in self.actions:
            _apply(state, action)
        return state

    def finish(self, state: State, arena: dict[str, int] | None = None) -> GameRecord:
        """The record of the game that ended in ``state``."""
        if not state.is_terminal():
            raise ValueError("the game is not over")
        return GameRecord(
            game_id=self.game.id, params=self.game.params, seed=self.seed, bots=list(self.bots),
            players=list(self.players), actions=list(self.actions), strings=list(self.strings),
            returns=state.returns(), scores=state.scores(), truncated=state.is_truncated(),
            arena=arena,
        )


def replay(record: GameRecord) -> Iterator[State]:
    """Yields the states of ``record``, from the initial one to the terminal one.

    Each step is checked before it is applied: whose turn it is, that the action is legal and
    that its string is the recorded one; at the end, that the game is over with the recorded
    returns and scores. A mismatch raises ``RecordError`` naming the game and the step. Every
    yielded state is a copy the caller may keep.
    """
    if not isinstance(record, GameRecord):
        raise TypeError(f"replay takes a GameRecord, not {type(record).__name__}")
    where = f"{record.game_id} game (seed {record.seed})"
    try:
        game = record.game
    except (ValueError, TypeError) as err:
        raise RecordError(f"{where}: {err}") from None
    if len(record.bots) != game.num_players:
        raise RecordError(
            f"{where}: {len(record.bots)} bot names for {game.num_players} seats"
        )
    state = game.new_initial_state(record.seed)
    yield state.clone()
    steps = zip(record.players, record.actions, record.strings, strict=True)
    for k, (player, action, text) in enumerate(steps):
        _check_step(state, k, player, action, text, where)
        yield state.clone()
    if not state.is_terminal():
        raise RecordError(f"{where}: the record ends after {len(record.actions)} steps, "
                          "but the game is not over")
    if not _close(state.returns(), record.returns) or not _close(state.scores(), record.scores):
        raise RecordError(
            f"{where}: the game ends with returns {state.returns()} and scores "
            f"{state.scores()}, the record says {record.returns} and {record.scores}"
        )
    if state.is_truncated() != record.truncated:
        ended = "a safety cap" if state.is_truncated() else "the rules"
        raise RecordError(f"{where}: {ended} ended the game, the record says otherwise")


def _check_step(
    state: State, k: int, player: int, action: Action, text: ActionString, where: str
) -> None:
    """Applies step ``k`` to ``state`` after checking it; RecordError on any mismatch."""
    at = f"{where}, step {k}"
    current = state.current_player()
    if current != player:
        expected = "a simultaneous node" if current == SIMULTANEOUS else f"player {current}"
        got = "a simultaneous step" if player == SIMULTANEOUS else f"player {player}"
        if state.is_terminal():
            expected = "the end of the game"
        raise RecordError(f"{at}: the record has {got}, the game has {expected}")
    try:
        actual = _action_string(state, player, action)
        if actual != text:
            raise RecordError(f"{at}: the action {action} reads {actual!r}, the record says "
                              f"{text!r}")
        _apply(state, action)
    except RecordError:
        raise
    except (ValueError, TypeError) as err:
        raise RecordError(f"{at}: {err}") from None


def _action_string(state: State, player: int, action: Action) -> ActionString:
    """The string of ``action`` by ``player`` (a list, None where -1, for a joint action)."""
    if isinstance(action, list):
        return [state.action_to_string(a, p) if a >= 0 else None for p, a in enumerate(action)]
    return state.action_to_string(action, player)


def _apply(state: State, action: Action) -> None:
    """One step: ``apply_actions`` for a joint action, else ``apply_action``."""
    if isinstance(action, list):
        state.apply_actions(action)
    else:
        state.apply_action(action)


def _close(a: list[float], b: list[float]) -> bool:
    """Equal up to float32 rounding (the arena keeps returns and scores as float32)."""
    return len(a) == len(b) and all(
        math.isclose(x, y, rel_tol=1e-6, abs_tol=1e-6) for x, y in zip(a, b, strict=True)
    )


def save_records(records: Iterable[GameRecord], path: str | os.PathLike[str]) -> Path:
    """Writes ``records`` to ``path`` as JSON Lines (one record per line); returns the path.

    The file is written whole or not at all: into a temporary file in the same folder, renamed
    over ``path`` at the end. The records are written one by one as ``records`` yields them,
    so a generator of records never needs them all in memory at once.
    """

    def write(f: BinaryIO) -> None:
        for i, record in enumerate(records):
            if not isinstance(record, GameRecord):
                raise TypeError(f"record {i} is a {type(record).__name__}, not a GameRecord")
            f.write(record_line(record))

    return write_atomically(path, write)


def record_line(record: GameRecord) -> bytes:
    """One line of a record file: the record as compact JSON, UTF-8, ending in a newline."""
    line = json.dumps(record.to_dict(), separators=(",", ":"), allow_nan=False)
    return line.encode("utf-8") + b"\n"


#: The memory one recorded step takes until the records are written (``record_bytes``): each
#: game's decisions as a Python list, one pointer (8 bytes) per player per step, with room for
#: games longer than the sample's.
_STEP_BYTES_PER_PLAYER = 8
_GAME_BYTES = 120  # a game's list and its entry in the list of games
_LENGTH_MARGIN = 2.0  # bot games run longer than random ones by less than this
_LENGTH_SAMPLE = 256  # random games whose mean length the estimate starts from


def record_bytes(game: Game, games: int) -> int:
    """The memory that noting the decisions of ``games`` games of ``game`` takes until their
    records are written (``tb.arena(..., records=path)``), estimated before any game is played
    from the mean length of a few random games."""
    sample = min(games, _LENGTH_SAMPLE)
    players = game.num_players
    lengths = np.zeros(sample, np.uint32)
    _batch.simulate_chunk(
        game.id, game._params_blob(), 0, 0, np.zeros((sample, players), np.float32),
        np.zeros((sample, players), np.float32), lengths, np.zeros(sample, np.uint8), 1,
    )
    steps = float(lengths.mean()) * _LENGTH_MARGIN
    return int(games * (_GAME_BYTES + steps * players * _STEP_BYTES_PER_PLAYER))


def arena_records(game: Game, result: Any, actions: list[list[int]]) -> list[GameRecord]:
    """The records of an arena job (an ArenaResult) from the decisions its C++ games noted.

    ``actions[i]`` holds game ``i``'s steps, one joint action of ``num_players`` entries each
    (at a sequential node only the mover's entry counts). Each game is replayed here to add the
    action strings, and must end with the returns, scores and truncation the arena reported.
    """
    return list(iter_arena_records(game, result, actions))


def iter_arena_records(game: Game, result: Any, actions: list[list[int]]) -> Iterator[GameRecord]:
    """``arena_records`` one record at a time (what ``save_records`` takes without keeping
    them all)."""
    n = game.num_players
    for i, flat in enumerate(actions):
        seed = _batch.arena_game_seed(result.seed, i)
        bots = [result.bots[b] for b in result.seats[i]]
        writer = RecordWriter(game, seed, bots)
        state = game.new_initial_state(seed)
        for k in range(0, len(flat), n):
            joint = flat[k : k + n]
            player = state.current_player()
            writer.apply(state, joint if player == SIMULTANEOUS else joint[player])
        record = writer.finish(state, arena={"seed": result.seed, "game": i})
        if not (_close(record.returns, result.returns[i].tolist())
                and _close(record.scores, result.scores[i].tolist())
                and record.truncated == bool(result.truncated[i])):
            raise RuntimeError(f"{game.id} arena game {i} does not replay to its results")
        yield record


def load_records(path: str | os.PathLike[str], check: bool = True) -> list[GameRecord]:
    """The records of a JSON Lines file written by ``save_records`` (blank lines skipped).

    A line that is not JSON, not a tablebits record of a version this library reads, or (with
    ``check``, the default) that does not replay exactly, raises ``RecordError`` naming the
    file and the line number.
    """
    records = []
    with open(path, "rb") as f:
        for number, raw in enumerate(f, start=1):
            try:
                try:
                    line = raw.decode("utf-8")
                except UnicodeDecodeError:
                    raise RecordError("not UTF-8 text") from None
                if not line.strip():
                    continue
                data = _json_line(line)
                record = _parse(data)
                if check:
                    record.final_state()
            except RecordError as err:
                raise RecordError(f"{path}, line {number}: {err}") from None
            records.append(record)
    return records


def _json_line(line: str) -> Any:
    """One line's JSON value; RecordError for what json refuses, too deep nesting
    (RecursionError) and ints longer than Python's digit limit included."""
    try:
        return json.loads(line)
    except json.JSONDecodeError as err:
        raise RecordError(f"not JSON ({err.msg})") from None
    except RecursionError:
        raise RecordError("not a record: JSON nested too deeply") from None
    except ValueError as err:  # e.g. an int of more than sys.get_int_max_str_digits() digits
        raise RecordError(f"not JSON ({err})") from None


_KEYS = {"format", "version", "game", "params", "seed", "bots", "steps", "returns", "scores"}


def _parse(d: Any) -> GameRecord:
    """GameRecord.from_dict: checks the structure of one record object."""
    if not isinstance(d, dict) or d.get("format") != FORMAT:
        raise RecordError(f"not a tablebits game record (no \"format\": \"{FORMAT}\")")
    version = d.get("version")
    if version not in READS or not is_int(version):
        raise RecordError(f"record version {version!r}; this tablebits reads versions "
                          f"{', '.join(map(str, READS))}")
    missing = _KEYS - d.keys()
    extra = d.keys() - _KEYS - {"truncated", "arena"} - ({"tablebits"} if version >= 2 else set())
    if missing or extra:
        raise RecordError(f"missing fields {sorted(missing)}, unknown fields {sorted(extra)}")
    game_id, params, seed, bots = d["game"], d["params"], d["seed"], d["bots"]
    _expect(isinstance(game_id, str), "game", "a string")
    _expect(isinstance(params, dict), "params", "an object")
    _expect(is_int(seed) and 0 <= seed < 2**64, "seed", "an int in [0, 2**64)")
    _expect(isinstance(bots, list) and all(isinstance(b, str) for b in bots), "bots",
            "a list of strings")
    truncated = d.get("truncated", False)
    _expect(isinstance(truncated, bool), "truncated", "true or false")
    arena = d.get("arena")
    if arena is not None:
        _expect(isinstance(arena, dict) and arena.keys() == {"seed", "game"}
                and all(is_int(v) and v >= 0 for v in arena.values()), "arena",
                "{\"seed\": int, \"game\": int}")
    written_by = d.get("tablebits")
    _expect(written_by is None or isinstance(written_by, str), "tablebits", "a version string")
    returns, scores = d["returns"], d["scores"]
    for name, values in (("returns", returns), ("scores", scores)):
        _expect(isinstance(values, list) and len(values) == len(bots)
                and all(_is_number(v) for v in values), name, "one number per seat")
    players: list[int] = []
    actions: list[Action] = []
    strings: list[ActionString] = []
    steps = d["steps"]
    _expect(isinstance(steps, list), "steps", "a list")
    for k, step in enumerate(steps):
        if isinstance(step, dict) and step.keys() == {"player", "action", "string"}:
            ok = (is_int(step["player"]) and 0 <= step["player"] < len(bots)
                  and is_int(step["action"]) and isinstance(step["string"], str))
            _expect(ok, f"steps[{k}]", "player and action ints in range and a string")
            players.append(step["player"])
            actions.append(step["action"])
            strings.append(step["string"])
        elif isinstance(step, dict) and step.keys() == {"joint", "strings"}:
            joint, texts = step["joint"], step["strings"]
            ok = (isinstance(joint, list) and isinstance(texts, list)
                  and len(joint) == len(texts) == len(bots)
                  and all(is_int(a) for a in joint)
                  and all((t is None) == (a == -1) and (t is None or isinstance(t, str))
                          for a, t in zip(joint, texts, strict=True)))
            _expect(ok, f"steps[{k}]", "a joint action per seat (-1 for no action) with a "
                    "string for each action and null for the others")
            players.append(SIMULTANEOUS)
            actions.append(list(joint))
            strings.append(list(texts))
        else:
            raise RecordError(f"steps[{k}] must be {{player, action, string}} or "
                              "{joint, strings}")
    return GameRecord(
        game_id=game_id, params=params, seed=seed, bots=list(bots), players=players,
        actions=actions, strings=strings, returns=[float(v) for v in returns],
        scores=[float(v) for v in scores], truncated=truncated,
        arena=dict(arena) if arena is not None else None, tablebits=written_by,
    )


def _is_number(v: Any) -> bool:
    return (is_int(v) or isinstance(v, float)) and math.isfinite(v)


def _expect(ok: bool, name: str, what: str) -> None:
    if not ok:
        raise RecordError(f"{name} must be {what}")
