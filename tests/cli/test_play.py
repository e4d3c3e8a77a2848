"""`tablebits play`, end to end: the real program driven through a pseudo-terminal."""

from __future__ import annotations

import io
import re
import sys

import pexpect
import pytest

import tablebits as tb
from tablebits.cli.board import board_text

PROMPT = r"seat \d+> "
#: "  #3  select 4  (clover|mati, die 3)": the list's number, the move, what it leaves out
MOVE_LINE = re.compile(r"^\s+(#?)(\d+)  (.+?)(?:  \(.*\))?\s*$")
GAMES = [
    ("good_fortune", [], 1, ["random"]),
    ("good_fortune", ["variant=guess"], 0, ["ismcts:30"]),
    ("color_mafia", ["players=3"], 2, ["random"]),
    ("hoi_pho", ["players=3"], 1, ["ismcts:30", "random"]),
    ("hoi_pho", [], 0, ["random"]),
    ("fox_duet", [], 1, ["random"]),
]


def _spawn(tmp_path, game, params, seat, bots, seed=5, records="game.jsonl"):
    args = ["-m", "tablebits", "play", game, "--seat", str(seat), "--seed", str(seed),
            "--records", str(tmp_path / records), "--bots", *bots]
    for p in params:
        args += ["--param", p]
    log = io.StringIO()
    child = pexpect.spawn(sys.executable, args, encoding="utf-8", timeout=20, cwd=tmp_path,
                          dimensions=(50, 200))
    child.logfile_read = log
    return child, log


def _listing(before: str) -> list[tuple[str, str]]:
    """(what to type for it, the move) of each move in the list printed before the prompt."""
    listing = re.split(r"Your moves.*:\n", before.replace("\r\n", "\n"))[-1]
    return [(m.group(1) + m.group(2), m.group(3)) for line in listing.splitlines()
            if (m := MOVE_LINE.match(line))]


def _moves(before: str) -> list[str]:
    """The move list printed just before the prompt."""
    return [move for _, move in _listing(before)]


def _play(tmp_path, game, params, seat, bots, undo_at=None):
    """Plays a whole game choosing move (7 * decision) mod n at each decision, typed as its
    number or (every other decision) as its text; at decision ``undo_at`` it first plays
    another move, then undoes it at the next prompt. Returns (moves chosen, transcript)."""
    child, log = _spawn(tmp_path, game, params, seat, bots)
    chosen: list[str] = []
    decision = 0
    detour: list[str] | None = None  # the moves of the decision to come back to
    undone = False
    while True:
        if child.expect([PROMPT, r"Record saved to (\S+)"]) == 1:
            break
        listing = _listing(child.before)
        moves = [move for _, move in listing]
        assert moves, child.before
        if detour is not None:  # the prompt after the move to be undone
            child.sendline("undo")
            child.expect(r"Undone: back to step \d+")
            child.expect(PROMPT)
            listing = _listing(child.before)
            moves = [move for _, move in listing]
            assert moves == detour
            detour, undone = None, True
        i = (7 * decision) % len(moves)
        if decision == undo_at and not undone and len(moves) > 1:
            detour = moves
            child.sendline(listing[(i + 1) % len(moves)][0])
            continue
        child.sendline(moves[i] if decision % 2 else listing[i][0])
        chosen.append(moves[i])
        decision += 1
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    return chosen, log.getvalue().replace("\r\n", "\n")


def _human_steps(record, seat):
    """(step, state before it, the human's action string) for each of the human's decisions."""
    states = list(tb.replay(record))
    out = []
    for k, (player, text) in enumerate(zip(record.players, record.strings, strict=True)):
        if player == seat:
            out.append((k, states[k], text))
        elif isinstance(text, list) and text[seat] is not None:
            out.append((k, states[k], text[seat]))
    return out


@pytest.mark.parametrize(("game", "params", "seat", "bots"), GAMES)
def test_a_whole_game_at_the_terminal(tmp_path, game, params, seat, bots):
    chosen, transcript = _play(tmp_path, game, params, seat, bots)
    assert "Traceback" not in transcript
    [record] = tb.load_records(tmp_path / "game.jsonl")  # checks every step and the result
    assert record.game_id == game and record.seed == 5 and record.bots[seat] == "human"
    mine = _human_steps(record, seat)
    assert [text for _, _, text in mine] == chosen  # exactly the moves typed
    # Before each decision the player saw their own view and nothing else of the state.
    at = 0
    for k, state, _ in mine:
        view = board_text(state, seat)
        found = transcript.find(f"== Step {k}:", at)
        assert found >= 0 and transcript.find(view, found) >= 0
        at = found + 1
    mine = record.returns[seat]
    verdict = ("you lost" if mine <= 0 else "you won" if mine >= 1
               else f"a shared win (share {mine:g})")
    assert "== Game over ==" in transcript and f"Your result: {verdict}." in transcript
    assert f"Record saved to {tmp_path / 'game.jsonl'}" in transcript


def test_help_bad_input_and_simultaneous_reveal(tmp_path):
    child, log = _spawn(tmp_path, "color_mafia", [], 0, ["ismcts:30", "random"])
    child.expect(PROMPT)
    moves = _moves(child.before)
    child.sendline("?")
    child.expect("undo +back to your previous decision")
    child.expect(PROMPT)
    child.sendline("fly to the moon")
    child.expect(r"Unknown move 'fly to the moon'\. Type a move, its number in the list \(1-\d+\)")
    child.expect(PROMPT)
    child.sendline("99")
    child.expect("There is no move 99")
    child.expect(PROMPT)
    child.sendline("")
    child.expect("Nothing typed")
    child.expect(PROMPT)
    child.sendline("undo")
    child.expect("Nothing to undo")
    child.expect(PROMPT)
    # The bots' coin choices are shown only after ours, with the outcome as we see it.
    assert "chose" not in log.getvalue()
    child.sendline("1")
    child.expect(f"Revealed at once: you chose {re.escape(moves[0])}; seat 1 \\(ismcts:30\\) "
                 r"chose coin \w; seat 2 \(random\) chose coin \w; seat 3 \(random\) chose "
                 r"coin \w\.")
    child.expect(PROMPT)
    child.sendline("quit")
    child.expect("You left the game; nothing is saved.")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0 and "Traceback" not in log.getvalue()
    assert not (tmp_path / "game.jsonl").exists()


def test_an_illegal_move_is_refused_with_its_reason(tmp_path):
    game = tb.make("good_fortune")
    state = game.new_initial_state(5)
    legal = set(state.legal_actions())
    illegal = next(a for a in range(game.num_actions) if a not in legal)
    text = state.action_to_string(illegal, state.current_player())
    child, log = _spawn(tmp_path, "good_fortune", [], state.current_player(), ["random"])
    child.expect(PROMPT)
    child.sendline(text)
    child.expect(f"{re.escape(text)} is not legal now")
    child.expect(PROMPT)
    child.sendeof()  # the end of input leaves cleanly
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0 and "Traceback" not in log.getvalue()


@pytest.mark.parametrize(("game", "params", "seat", "bots"), [GAMES[1], GAMES[3], GAMES[5]])
def test_undo_replays_the_bots_the_same_way(tmp_path, game, params, seat, bots):
    straight, _ = _play(tmp_path, game, params, seat, bots)
    first = (tmp_path / "game.jsonl").read_text()
    (tmp_path / "game.jsonl").unlink()  # --records never replaces a file without --force
    with_undo, transcript = _play(tmp_path, game, params, seat, bots, undo_at=2)
    assert "Undone: back to step" in transcript
    assert with_undo == straight
    assert (tmp_path / "game.jsonl").read_text() == first


def test_bad_arguments_exit_2(tmp_path):
    for extra, message in [
        (["--seat", "2"], "--seat must be in 0..1"),
        (["--bots", "random", "random"], "1 other seat; got 2 bots"),
        (["--bots", "alphazero"], "unknown bot"),
        (["--records", str(tmp_path / "no" / "x.jsonl")], "does not exist"),
    ]:
        out, status = pexpect.run(
            f"{sys.executable} -m tablebits play good_fortune --seed 1 {' '.join(extra)}",
            withexitstatus=True, encoding="utf-8", cwd=tmp_path, timeout=60,
        )
        assert status == 2 and message in out and "Traceback" not in out


def _opened(tmp_path, game, seat):
    """A game at its first prompt: (child, log, what was printed before the prompt)."""
    child, log = _spawn(tmp_path, game, [], seat, ["random"])
    child.expect(PROMPT)
    return child, log, child.before.replace("\r\n", "\n")


def _answer(child, line: str) -> str:
    """Types ``line`` at the prompt; what was printed until the next prompt."""
    child.sendline(line)
    child.expect(PROMPT)
    return child.before.replace("\r\n", "\n")


def _leave(child, log) -> None:
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0 and "Traceback" not in log.getvalue()


def test_good_fortune_tiles_show_their_charms_and_numbers_name_tiles(tmp_path):
    # Seed 5 deals seat 0 the rack 1 2 4 9 10 11 12 13 17 (nine tiles, so the list's ninth
    # move is tile 17, which "9" used to select). Charms and dice: the rules' tile table.
    child, log, shown = _opened(tmp_path, "good_fortune", 0)
    assert re.search(r"rack \[1 horseshoe\|scarab d2\] \[2 clover\|ganesha d2\]", shown)
    for tile in ("[9 hamsa|scarab d3]", "[13 ganesha|hamsa d1]", "[17 horseshoe|clover d3]"):
        assert tile in shown
    assert "#9  select 17  (horseshoe|clover, die 3)" in shown
    assert "Did you mean select 9?" in _answer(child, "slect 9")
    assert "No move has the number 3" in _answer(child, "3")  # tile 3 is on the line
    assert "You play select 9." in _answer(child, "9")
    _leave(child, log)
    child, log, _ = _opened(tmp_path, "good_fortune", 0)
    assert "You play select 17." in _answer(child, "#9")
    _leave(child, log)


def test_fox_cards_show_their_footprints(tmp_path):
    # Footprints by rank (rules): 2:3, 4:1, 6:2, 9:0, 10:3. Seed 5 gives seat 1 the lead.
    child, log, shown = _opened(tmp_path, "fox_duet", 1)
    assert "decree D6(2)" in shown
    assert re.search(r"your hand \[R9\(0\) S4\(1\) S6\(2\) .* S10\(3\) .* D10\(3\)\]", shown)
    listing = _listing(shown)
    assert listing[0] == ("1", "R9") and listing[5] == ("6", "S10")  # no numbers of their own
    assert re.search(r"\n +6  S10  \(3 footprints\)\n", shown)
    assert "You play S10." in _answer(child, "6")
    _leave(child, log)


def test_hoi_pho_merchants_by_name_and_one_board_per_simultaneous_step(tmp_path):
    # Seed 5 deals seat 0 a ship and the merchants 5, 7, 12 and 15: Cat, Dragon, Monkey and
    # Pig in the rules' table. Every player plays at once in the play phase.
    child, log, shown = _opened(tmp_path, "hoi_pho", 0)
    assert "hand [ship, 5 Cat, 7 Dragon, 12 Monkey, 15 Pig]" in shown
    assert "#5  play 15  (Pig)" in shown
    assert "Did you mean play pig (play 15)?" in _answer(child, "play pgi")
    assert "play 1 is not legal now" in _answer(child, "play mouse")  # no Mouse in hand
    after = _answer(child, "play PIG")
    assert "Revealed at once: you chose play 15;" in after
    # the board is printed once, for the next decision, not also right after the reveal
    assert after.count("you are player 0") == 1
    assert after.index("Revealed at once") < after.index("== Step 1:")
    assert "hand [ship, 5 Cat, 7 Dragon, 12 Monkey]" in after
    assert "you chose play 7;" in _answer(child, "dragon")
    _leave(child, log)
