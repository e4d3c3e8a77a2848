"""The perfect-information team solver (tablebits.bots.solve.team_solve) and the PIMC bot.

The solver is checked against a brute force over the pure-Python reference rules
(tests/games/reference/fox_duet.py) on small hand-built Fox Duet endgames, with the team evaluation
restated here from docs/search.md.
"""

from __future__ import annotations

import pytest

import tablebits as tb
from tablebits.bots.solve import team_solve
from tests.games.reference import fox_duet as reference

# The team evaluation, restated from docs/search.md.
WIN, BASE, GEM, SPARE, DISTANCE, SHORT = 1 << 24, 1 << 22, 1000, 1500, 60, 1 << 21
TRICKS, ROUNDS = 11, 3


def progress(s: reference.FoxDuetState) -> int:
    if s.phase == "forest_end":
        return s.round * TRICKS
    return (s.round - 1) * TRICKS + s.trick - 1


def evaluate(s: reference.FoxDuetState) -> int:
    if s.outcome is not None:
        return WIN if s.outcome == "won" else 0
    spare = s.forest_supply - (ROUNDS - s.round)
    c = len(s.gems) // 2
    nearest = min((abs(i - c - s.tracker) for i, g in enumerate(s.gems) if g), default=len(s.gems))
    v = BASE - GEM * sum(s.gems) + SPARE * spare - DISTANCE * nearest
    return v - SHORT if spare < 0 else v


def brute_force(s: reference.FoxDuetState, horizon: int) -> int:
    """The best team value over every line of play (all joint choices at the Gift)."""
    if s.outcome is not None or progress(s) >= horizon:
        return evaluate(s)
    best = -1
    if s.phase == "gift":
        for a0 in s.legal_actions(0):
            for a1 in s.legal_actions(1):
                child = s.clone()
                child.apply_actions([a0, a1])
                best = max(best, brute_force(child, horizon))
        return best
    for a in s.legal_actions():
        child = s.clone()
        child.apply_action(a)
        best = max(best, brute_force(child, horizon))
    return best


def endgame(
    hands: list[list[str]], deck: list[str], decree: str, gems: list[int], **extra: object
) -> dict:
    """A round-3 Fox Duet position at the lead with len(hands[0]) tricks left (both round-end
    tokens placed, one at each end)."""
    left = len(hands[0])
    d: dict = {
        "game": "fox_duet", "level": 1, "round": 3, "trick": TRICKS + 1 - left, "dealer": 0,
        "leader": 1, "phase": "lead", "hands": hands, "decree": decree, "deck": deck,
        "trick_cards": {"lead": None, "follow": None}, "tracker": 0, "gems": gems,
        "plus": [False, True, False, True, True, False, True, False, True, False, False],
        "covered": [1, 1], "forest_supply": 2, "gem_supply": 0, "outcome": None,
        "rng": 7, "played": [], "known": [[], []], "voids": [[], []], "fox_target": None,
        "ignore": None,
    }
    d.update(extra)
    used = {c for h in d["hands"] for c in h} | set(d["deck"]) | {d["decree"]}
    all_cards = [f"{s}{r}" for s in "RSD" for r in range(1, 11)]
    d["played"] = [c for c in all_cards if c not in used]
    return d


ENDGAMES = [
    # Three tricks, two gems within reach on the left: a line that collects both wins.
    endgame([["R2", "S5", "D9"], ["R8", "S1", "D3"]], ["R1", "R3", "R4", "R5", "R6", "R7", "R9"],
            "S10", [0, 0, 0, 0, 1, 0, 1, 0, 0, 0, 0]),
    # A Fox, a Gift and a Musician in three tricks; three gems spread out (no win possible).
    endgame([["R3", "S7", "D1"], ["R10", "S2", "D6"]], ["R1", "R2", "R4", "R5", "R6", "R7", "R8"],
            "D8", [0, 1, 0, 1, 0, 0, 0, 0, 2, 0, 0]),
    # Four tricks, a Gazelle pair and a Heir, tracker off centre, no spare token.
    endgame([["R5", "S5", "D9", "S3"], ["R6", "S8", "D2", "D7"]],
            ["R1", "R2", "R3", "R4", "R7", "R8", "R9"], "R10", [0, 0, 0, 2, 0, 0, 1, 0, 1, 0, 0],
            tracker=1, covered=[2, 0], forest_supply=2),
]


@pytest.mark.parametrize("d", ENDGAMES)
@pytest.mark.parametrize("depth", [1, 2, 0])
def test_team_solve_matches_brute_force(d: dict, depth: int) -> None:
    ref = reference.make().state_from_dict(d)
    left = len(d["hands"][0])
    horizon = progress(ref) + (depth if depth else left)
    expected = brute_force(ref, horizon)
    state = tb.make("fox_duet").state_from_dict(d)
    got = team_solve(state, depth=depth, table_bits=12)
    assert got.value == expected
    # The joint action it names attains that value.
    child = ref.clone()
    child.apply_action(got.joint_action[ref.current_player()])
    assert brute_force(child, horizon) == expected


def test_endgames_cover_a_win_and_no_win() -> None:
    # The brute force itself: the endgames exercise both a won line and positions valued by the
    # evaluation.
    values = [brute_force(reference.make().state_from_dict(d), 99) for d in ENDGAMES]
    assert WIN in values and any(v < WIN for v in values)


def test_team_solve_gift_node() -> None:
    # Player 0 leads the Gift S7 with cards left on both sides: a simultaneous node, solved as
    # one joint choice of the team.
    d = endgame([["R3", "S7", "D1"], ["R10", "S2", "D6"]],
                ["R1", "R2", "R4", "R5", "R6", "R7", "R8"], "D8", [0, 1, 0, 1, 0, 0, 0, 0, 2, 0, 0],
                leader=0)
    ref = reference.make().state_from_dict(d)
    ref.apply_action(reference.parse_card("S7"))
    assert ref.phase == "gift"
    state = tb.make("fox_duet").state_from_dict(d)
    state.apply_action(state.string_to_action("S7"))
    got = team_solve(state)
    assert got.value == brute_force(ref, progress(ref) + 3)
    for p in (0, 1):
        assert got.joint_action[p] in state.legal_actions(p)
    for p in (0, 1):
        assert tb.bots.PIMC(samples=4).act(state, p) in state.legal_actions(p)


def test_team_solve_refuses() -> None:
    with pytest.raises(ValueError, match="team solver"):
        team_solve(tb.make("good_fortune").new_initial_state(seed=1))
    with pytest.raises(ValueError, match="depth"):
        team_solve(tb.make("fox_duet").new_initial_state(seed=1), depth=-1)


def test_pimc_reproducible() -> None:
    game = tb.make("fox_duet")
    for seed in range(6):
        state = game.new_initial_state(seed)
        cur = state.current_player()
        a = tb.bots.PIMC(samples=6, depth=2, seed=seed).act(state, cur)
        assert a in state.legal_actions()
        assert tb.bots.PIMC(samples=6, depth=2, seed=seed).act(state, cur) == a
        # The samples' values do not depend on the thread that solved them.
        assert tb.bots.PIMC(samples=6, depth=2, seed=seed, threads=2).act(state, cur) == a


@pytest.mark.parametrize(
    "kwargs, match",
    [
        ({"samples": 0}, "samples"),
        ({"depth": -1}, "depth"),
        ({"depth": 5000}, "depth"),
        ({"threads": 0}, "threads"),
        ({"time_limit": -1.0}, "time_limit"),
        ({"samples": 2.5}, "samples"),
    ],
)
def test_pimc_bad_parameters(kwargs: dict, match: str) -> None:
    with pytest.raises((ValueError, TypeError), match=match):
        tb.bots.PIMC(**kwargs)


def test_pimc_refused_by_other_games() -> None:
    state = tb.make("good_fortune").new_initial_state(seed=1)
    with pytest.raises(ValueError, match="pimc"):
        tb.bots.PIMC().act(state, state.current_player())
    with pytest.raises(ValueError, match="pimc"):
        tb.arena("good_fortune", [tb.bots.PIMC(), "random"], games=2)


def test_pimc_parse() -> None:
    bot = tb.bots.parse("pimc:30@3")
    assert isinstance(bot, tb.bots.PIMC) and (bot.samples, bot.depth) == (30, 3)
    assert (tb.bots.parse("pimc").samples, tb.bots.parse("pimc:7").depth) == (10, 1)
    with pytest.raises(ValueError, match="pimc"):
        tb.bots.parse("pimc:x")


def test_pimc_team_beats_ismcts_team() -> None:
    # ISMCTS teams win about 1 game in 20 at this budget; a PIMC team that did not
    # search well would not clear the bar below.
    games = 40
    pimc = tb.arena("fox_duet", ["pimc:6@1", "pimc:6@1"], games=games, seed=11, threads=2)
    ismcts = tb.arena("fox_duet", ["ismcts:300", "ismcts:300"], games=games, seed=11, threads=2)
    pimc_wins = int((pimc.returns[:, 0] == 1).sum())
    ismcts_wins = int((ismcts.returns[:, 0] == 1).sum())
    assert pimc_wins >= 8
    assert pimc_wins > ismcts_wins + 4


@pytest.mark.parametrize("game_id", ["good_fortune", "color_mafia", "hoi_pho"])
def test_a_game_without_the_team_solver_refuses_pimc_before_any_move(game_id):
    game = tb.make(game_id)
    bot = tb.bots.PIMC(samples=2)
    with pytest.raises(ValueError, match="the pimc bot needs a cooperative game"):
        bot.check_game(game)
    bots = [bot] + [tb.bots.Random() for _ in range(game.num_players - 1)]
    with pytest.raises(ValueError, match="the pimc bot needs a cooperative game"):
        tb.play(game, bots)  # before the first move, whoever makes it
    tb.bots.ISMCTS(10).check_game(game)
    tb.bots.PIMC(samples=2).check_game(tb.make("fox_duet"))
