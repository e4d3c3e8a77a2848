"""Every pickle protocol works for every Game and State, an object that was never set up refuses
every call, and corrupted pickles never crash the process.

The crashing cases run in a subprocess, so that a regression fails one test instead of killing
the test run.
"""

from __future__ import annotations

import base64
import copy
import gzip
import json
import pickle
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import tablebits as tb
from tests.support.game_params import game_cases

ROOT = Path(__file__).resolve().parents[2]
PROTOCOLS = range(pickle.HIGHEST_PROTOCOL + 1)


def run_isolated(code: str) -> str:
    """Runs ``code`` in a fresh interpreter; fails on a crash or an uncaught error."""
    child = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True,
                           text=True, timeout=300)
    assert child.returncode == 0, f"exit {child.returncode}\n{child.stderr[-3000:]}"
    return child.stdout


@pytest.mark.parametrize(("game_id", "params"), game_cases())
def test_every_protocol_round_trips(game_id, params):
    run_isolated(f"""
        import pickle, tablebits as tb
        game = tb.make({game_id!r}, **{params!r})
        state = game.new_initial_state(seed=5)
        for _ in range(7):
            if state.is_terminal():
                break
            if state.is_simultaneous_node():
                acting = state.acting_players()
                state.apply_actions([state.legal_actions(p)[0] if p in acting else -1
                                     for p in range(game.num_players)])
            else:
                state.apply_action(state.legal_actions()[-1])
        for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
            g = pickle.loads(pickle.dumps(game, protocol))
            s = pickle.loads(pickle.dumps(state, protocol))
            assert g == game and g.params == game.params, protocol
            assert s == state and s.to_dict() == state.to_dict(), protocol
            assert type(s) is type(state) and s.game == game, protocol
        assert callable(state.__reduce__()[0]) and callable(game.__reduce__()[0])
    """)


def test_copies_stay_independent():
    state = tb.make("good_fortune").new_initial_state(seed=2)
    for clone in (copy.copy(state), copy.deepcopy(state), pickle.loads(pickle.dumps(state, 0))):
        clone.apply_action(clone.legal_actions()[0])
        assert clone != state


def test_objects_never_set_up_refuse_every_call():
    out = run_isolated("""
        import inspect, tablebits as tb
        refused = 0
        from tablebits import _core
        others = [_core.BotConfig("ismcts", iterations=5), _core.Evaluator(lambda o, m: (o, m))]
        for game_id in tb.games():
            game = tb.make(game_id)
            state = game.new_initial_state(seed=3)
            for obj in (game, state, game.info, *others):
                blank = type(obj).__new__(type(obj))
                for name, member in inspect.getmembers(type(obj)):
                    if member is getattr(object, name, None):
                        continue  # object's own (Evaluator has no __eq__): never reads the C++ side
                    if name.startswith("__") and name not in ("__eq__", "__hash__", "__repr__",
                                                                "__str__", "__reduce__",
                                                                "__reduce_ex__", "__copy__"):
                        continue
                    for args in ((), (0,), (0, 0), (obj,)):
                        try:
                            value = getattr(blank, name)
                            if callable(value):
                                value(*args)
                        except TypeError as err:
                            if "never set up" in str(err):
                                refused += 1
                                break
                        except ValueError:
                            raise AssertionError(f"{name} of a blank {type(obj).__name__} "
                                                 "got past the check")
                        else:
                            raise AssertionError(f"{name} answered on a blank object")
                assert (obj == blank) is False
                try:
                    blank == obj
                except TypeError:
                    pass
                else:
                    if type(obj).__eq__ is not object.__eq__:
                        raise AssertionError("a blank object compared")
        print(refused)
    """)
    assert int(out) > 100


def test_every_class_of_the_extension_pickles_or_refuses_cleanly():
    # Protocols 0 and 1 aborted the interpreter for every pybind11 class (copyreg calls the
    # pybind11_object base, where pybind11 gives up with std::terminate).
    out = run_isolated("""
        import pickle, tablebits as tb
        from tablebits import _core
        game = tb.make("hoi_pho")
        objects = [game, game.new_initial_state(seed=1), game.info, _core.BotConfig("random"),
                   _core.Evaluator(lambda o, m: (o, m)), _core.State.__new__(_core.State),
                   _core.Game.__new__(_core.Game)]
        outcomes = []
        for obj in objects:
            for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
                try:
                    back = pickle.loads(pickle.dumps(obj, protocol))
                except (TypeError, pickle.PicklingError):
                    outcomes.append("refused")
                else:
                    assert type(back) is type(obj)
                    outcomes.append("same" if back == obj else "other")
        print(" ".join(outcomes))
    """).split()
    per = pickle.HIGHEST_PROTOCOL + 1
    game, state, info, bot, evaluator = (out[i * per : (i + 1) * per] for i in range(5))
    assert game == state == bot == ["same"] * per
    assert info == evaluator == ["refused"] * per  # no pickle support, a clean TypeError


def test_the_issue_repro_a_cut_short_old_pickle_refuses_calls():
    # The compat corpus's pickles go through copyreg.__newobj__ (opcode NEWOBJ, 0x81) and
    # __setstate__; one cut short right after NEWOBJ loads an object that was never set up.
    corpus = json.loads(gzip.decompress((ROOT / "tests/compat/hoi_pho-v2.json.gz").read_bytes()))
    old = base64.b64decode(corpus["states"][0]["pickle"])
    i = old.index(b"\x81")
    cut = old[: i + 1] + b"." + old[i + 2 :]
    run_isolated(f"""
        import pickle, tablebits as tb
        o = pickle.loads({cut!r})
        for call in (lambda: o.observation_string(0), o.to_bytes, o.current_player,
                     lambda: pickle.dumps(o)):
            try:
                call()
            except TypeError as err:
                assert "never set up" in str(err), err
            else:
                raise AssertionError("a blank state answered")
    """)


def test_new_pickles_cut_short_never_give_a_state():
    state = tb.make("hoi_pho").new_initial_state(seed=3)
    for protocol in PROTOCOLS:
        data = pickle.dumps(state, protocol)
        for i in range(len(data)):
            try:
                obj = pickle.loads(data[:i] + b".")
            except Exception:  # noqa: BLE001 - any clean error is a refusal
                continue
            assert not isinstance(obj, tb.State) or obj == state, (protocol, i)


@pytest.mark.heavy  # a long fuzz run
def test_mutated_pickle_fuzz_smoke():
    child = subprocess.run(
        [sys.executable, str(ROOT / "csrc/fuzz/fuzz_pickles.py"), "--inputs", "1500"],
        capture_output=True, text=True, timeout=900,
    )
    assert child.returncode == 0, child.stderr[-3000:]
    assert child.stdout.count("0 crashes") == len(tb.games())
