"""A person at the terminal takes one seat; built-in bots play the others (``tablebits play``).

The person sees exactly what their seat knows (``observation_string``), the legal moves with
their action strings, and types a move or its number. ``undo`` goes back to their previous
decision; ``quit`` or the end of input leaves without saving. At a simultaneous node the bots
choose after the person, and their choices are shown afterwards. In every game a decision is
public once it has been applied, so the bots' moves are shown as their action strings.

Bot decisions are reproducible: the bot of seat ``p`` deciding step ``k`` is seeded from
``(seed, p, k)``, so after an undo the same moves bring back the same game.
"""

from __future__ import annotations

import difflib
import re
import sys
from collections.abc import Callable, Sequence
from typing import TextIO

from .._core import SIMULTANEOUS, Game, State
from ..bots.builtin import BuiltinBot, step_decider
from ..pictures.narrate import legend, narrate, rules_summary
from ..records import GameRecord, RecordWriter
from .board import board_text, intro, move_note, named, unname

__all__ = ["HELP", "HumanGame"]

HUMAN = "human"  #: the bot name of the person's seat in a record

HELP = """\
Type a move as it is written in the list, or its number in the list. Where the moves carry
numbers of their own (tiles, merchants), a bare number is that number (9 is select 9) and #3
is the list's third move. Hội Phố's merchants can be named (play pig). Other commands:
  ?, help   this text
  undo      back to your previous decision (the bots replay the same way)
  quit      leave the game (nothing is saved)"""


class _Quit(Exception):
    """The person left: ``quit`` or the end of input."""


class HumanGame:
    """One game with a person at ``seat`` and ``bots[p]`` at every other seat ``p``.

    ``bots`` has one entry per seat; the person's entry is ignored (``None`` is fine).
    ``read(prompt)`` returns one line of input (``input`` by default; it raises EOFError at
    the end of input) and everything else is written to ``out``.
    """

    def __init__(
        self,
        game: Game,
        seat: int,
        bots: Sequence[BuiltinBot | None],
        seed: int,
        read: Callable[[str], str] = input,
        out: TextIO | None = None,
    ) -> None:
        if not 0 <= seat < game.num_players:
            raise ValueError(f"seat must be in 0..{game.num_players - 1}, got {seat}")
        if len(bots) != game.num_players:
            raise ValueError(f"{game.id} has {game.num_players} seats; got {len(bots)} entries")
        for p, bot in enumerate(bots):
            if p != seat and not isinstance(bot, BuiltinBot):
                raise TypeError(f"seat {p} needs a built-in bot, not {bot!r}")
        self.game = game
        self.seat = seat
        self.bots = list(bots)
        self.seed = seed
        self.read = read
        self.out = out if out is not None else sys.stdout
        names = [HUMAN if p == seat else self._bot(p).name for p in range(game.num_players)]
        self.writer = RecordWriter(game, seed, names)

    def run(self) -> GameRecord | None:
        """Plays the game to its end; the record, or None if the person left."""
        state = self.game.new_initial_state(self.seed)
        self._say(f"{self.game.id}: you are seat {self.seat} of {self.game.num_players}; "
                  f"seed {self.seed}. Type ? for help.")
        for line in [*legend(state, self.seat), *intro(state)]:
            self._say(line)
        try:
            while not state.is_terminal():
                state = self._step(state)
        except _Quit:
            self._say("You left the game; nothing is saved.")
            return None
        self._say("\n== Game over ==")
        self._say(board_text(state, self.seat))
        returns, scores = state.returns(), state.scores()
        for p in range(self.game.num_players):
            who = "you" if p == self.seat else self._bot(p).name
            self._say(f"  seat {p} ({who}): return {returns[p]:g}, score {scores[p]:g}")
        self._say(f"Your result: {_verdict(returns, self.seat)}.")
        return self.writer.finish(state)

    def _step(self, state: State) -> State:
        """Plays one step (asking the person when they act); returns the state to go on from."""
        current = state.current_player()
        step = len(self.writer.actions)
        before = state.clone()
        if current == SIMULTANEOUS:
            acting = state.acting_players()
            joint = [-1] * self.game.num_players
            if self.seat in acting:
                choice = self._ask(state, step)
                if choice is None:
                    return self._undo()
                joint[self.seat] = choice
            for p in acting:
                if p != self.seat:
                    joint[p] = self._bot_action(state, p, step)
            shown = [
                f"{self._who(p)} chose {state.action_to_string(a, p)}"
                for p, a in enumerate(joint) if a >= 0
            ]
            self.writer.apply(state, joint)
            # The board is not printed here: the lines below say what changed, and the next
            # decision or the end prints it (twice in a row, it read as two steps).
            self._say("Revealed at once: " + "; ".join(shown) + ".")
        elif current == self.seat:
            choice = self._ask(state, step)
            if choice is None:
                return self._undo()
            self._say(f"You play {state.action_to_string(choice, current)}.")
            self.writer.apply(state, choice)
        else:
            action = self._bot_action(state, current, step)
            self._say(f"{self._who(current)} plays {state.action_to_string(action, current)}.")
            self.writer.apply(state, action)
        # What changed, as this seat sees it, told with the move just recorded: several moves
        # can lead to one position (a Mouse duel, a round's end), and only the move played
        # gives the rules' reasons.
        for line in narrate(before, state, self.seat, self.writer.actions[-1]):
            self._say(f"  > {line}")
        return state

    def _ask(self, state: State, step: int) -> int | None:
        """The person's action at ``state``, or None for ``undo``; raises _Quit."""
        legal = state.legal_actions(self.seat)
        texts = [state.action_to_string(a, self.seat) for a in legal]
        node = "everyone acting chooses at once" if state.is_simultaneous_node() else "your move"
        self._say(f"\n== Step {step}: {node} ==")
        self._say(board_text(state, self.seat))
        own = _own_numbers(texts)
        self._say("Your moves:" if not own else
                  "Your moves (a bare number is a move's own number; #N is the list's N-th):")
        mark = "#" if own else ""
        for i, text in enumerate(texts, start=1):
            note = move_note(state, text)
            self._say(f"  {mark + str(i):>4}  {text}" + (f"  ({note})" if note else ""))
        while True:
            try:
                line = self.read(f"seat {self.seat}> ").strip()
            except EOFError:
                self._say("")
                raise _Quit from None
            command = line.lower()
            if command in ("?", "help"):
                self._say(HELP)
                self._say(rules_summary(state))
            elif command in ("quit", "exit"):
                raise _Quit
            elif command == "undo":
                if self.writer.last_decision(self.seat) is None:
                    self._say("Nothing to undo: this is your first decision.")
                else:
                    return None
            else:
                action, problem = _read_move(line, legal, texts, state, self.seat)
                if action is not None:
                    return action
                where = f"#1-#{len(legal)}" if own else f"1-{len(legal)}"
                self._say(f"{problem} Type a move, its number in the list ({where}), or ? for "
                          "help.")


    def _undo(self) -> State:
        """The state of the person's previous decision, with later steps forgotten."""
        k = self.writer.last_decision(self.seat)
        assert k is not None  # _ask only returns None when there is one
        self._say(f"Undone: back to step {k}.")
        return self.writer.truncate(k)

    def _bot(self, player: int) -> BuiltinBot:
        bot = self.bots[player]
        assert bot is not None  # checked in __init__ for every seat but the person's
        return bot

    def _bot_action(self, state: State, player: int, step: int) -> int:
        bot = step_decider(self._bot(player), self.seed, player, step)
        return int(bot.act(state.clone(), player))

    def _who(self, player: int) -> str:
        if player == self.seat:
            return "you"
        return f"seat {player} ({self._bot(player).name})"

    def _say(self, text: str) -> None:
        print(text, file=self.out, flush=True)


def _read_move(
    line: str, legal: list[int], texts: list[str], state: State, seat: int
) -> tuple[int | None, str]:
    """(action, "") for a legal move typed as its string (a Hội Phố merchant may be named),
    its own number or its place in the list (``#N``, or a bare ``N`` where the moves carry no
    numbers of their own); else (None, the reason)."""
    if not line:
        return None, "Nothing typed."
    typed = unname(state, line).lower()
    for action, text in zip(legal, texts, strict=True):
        if typed == text.lower():
            return action, ""
    own = _own_numbers(texts)
    listed = re.fullmatch(r"#\s*(\d+)", typed) if typed.isascii() else None
    if listed or (typed.isascii() and typed.isdigit() and not own):  # not '²': int() fails
        number = int(listed.group(1) if listed else typed)
        if 1 <= number <= len(legal):
            return legal[number - 1], ""
        return None, f"There is no move {'#' if own else ''}{number} in the list."
    if typed.isascii() and typed.isdigit():
        number = int(typed)
        found = own.get(number, [])
        if len(found) == 1:
            return legal[found[0]], ""
        if found:
            return None, f"{line} could be {' or '.join(texts[i] for i in found)}: type one."
        return None, f"No move has the number {number} (#{number} is the list's move {number})."
    try:
        action = state.string_to_action(unname(state, line), seat)
    except ValueError:
        return None, f"Unknown move {line!r}.{_suggestion(line, texts, state)}"
    return None, f"{state.action_to_string(action, seat)} is not legal now."


def _own_numbers(texts: list[str]) -> dict[int, list[int]]:
    """The numbers the moves carry as words of their own (``select 9``, ``play 15``,
    ``target 2``; not the rank of ``R9``), to the indexes of the moves that carry them."""
    own: dict[int, list[int]] = {}
    for i, text in enumerate(texts):
        for word in text.split():
            if word.isascii() and word.isdigit():
                own.setdefault(int(word), []).append(i)
    return own


def _suggestion(line: str, texts: list[str], state: State) -> str:
    """`` Did you mean ...?`` naming the legal move closest to a mistyped ``line``, or ``""``."""
    spellings = {text.lower(): text for text in texts}
    for text in texts:
        if name := named(state, text):
            spellings[name] = f"{name} ({text})"
    close = difflib.get_close_matches(line.lower(), list(spellings), n=1, cutoff=0.6)
    return f" Did you mean {spellings[close[0]]}?" if close else ""


def _verdict(returns: list[float], seat: int) -> str:
    """Lost (0), won (the whole return of 1, alone or, in a cooperative game, together) or a
    share of a win."""
    mine = returns[seat]
    if mine <= 0:
        return "you lost"
    if mine >= 1:
        return "you won"
    return f"a shared win (share {mine:g})"
