"""Terminal play: people answer their seats' questions at a prompt, agents the rest.

``hexkit play GAME --human SEAT`` runs :func:`play_in_terminal`. Each time a
human seat must answer, it shows the events since its last answer from that
seat's view of the log (never the other seats' actions as such: a blind bid
or a kept card is told only as the seat may know it), the seat's view of the
board when the seat to answer changes (the game's text board), the question, and the numbered legal answers from :func:`hexkit.present.present`
(a hex answer says what is on the hex, a card answer names the card and its
cost). The person types a number, a label (or a unique part of one), or a
command:

==============  ==========================================================
``undo``        take back this seat's last decision (not past a reveal)
``save FILE``   write the game record (JSON; it holds the seed)
``board``       show the board again
``log [N]``     show the last N events (default 20) this seat may see
``help``        list the commands
``quit``        stop the game
==============  ==========================================================

A game saved with ``save FILE`` goes on with ``hexkit play GAME --resume FILE``.

Only what the answering seat may see is printed: boards, logs and labels are
built from ``game.view(state, seat)``. While an agent thinks, a spinner runs.

The prompt is prompt_toolkit's :class:`~prompt_toolkit.PromptSession` (history,
completion of labels and commands) when standard input is a terminal, or a
plain line reader when it is a pipe (scripts, tests).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Collection, Sequence
from pathlib import Path
from typing import Any, TextIO

from rich.console import Console

from hexkit.errors import HexkitError
from hexkit.game import Game, PlayerId, State
from hexkit.match import Match
from hexkit.present import PresentedQuestion, present
from hexkit.record import GameRecord, record_to_json

__all__ = ["COMMANDS", "TerminalTable", "choose_answer", "play_in_terminal", "line_reader"]

COMMANDS = {
    "undo": "take back your last decision (not past a blind draw or a reveal)",
    "save FILE": "write the game record as JSON (it holds the seed: every hidden fact)",
    "board": "show the board again",
    "log [N]": "show the last N events you may see (default 20)",
    "help": "show this list",
    "quit": "stop the game",
}
"""The commands the prompt takes besides an answer, with their help text."""

_FIRST_NEWS = 20
"""Events shown to a seat the first time it is asked (the rest: ``log N``)."""

_SHOWN_KINDS = frozenset({"hex", "component"})
"""Answer kinds the prompt names after the label (what a board would highlight); a
number, yes/no, done or named option says what it is in its label."""

Reader = Callable[[str, Sequence[str]], str]
"""Reads one line: ``reader(prompt, completions) -> line``; raises EOFError at the end."""


class AnswerNotUnderstood(HexkitError):
    """A typed line that is neither an answer's number, nor a label, nor a command."""


def choose_answer(question: PresentedQuestion, text: str) -> int:
    """The index of the answer a typed line picks.

    Args:
        question: the question shown.
        text: what the person typed: a number (1-based, as shown), a whole
            label (case does not matter), or a part of exactly one label.

    Returns:
        The answer's index in the legal actions.

    Raises:
        AnswerNotUnderstood: if the number is out of range, or the text
            matches no label or several (the message lists them).
    """
    typed = " ".join(text.split()).lower()
    answers = question.answers
    if typed.isdigit():
        number = int(typed)
        if not 1 <= number <= len(answers):
            raise AnswerNotUnderstood(f"answer {number} is not offered; choose 1 to {len(answers)}")
        return answers[number - 1].index
    exact = [a for a in answers if a.label.lower() == typed]
    if len(exact) == 1:
        return exact[0].index
    if exact:  # the game labels these alike: only the number tells them apart
        shown = _numbers(exact)
        raise AnswerNotUnderstood(f"answers {shown} are all labelled {exact[0].label!r}; type the number")
    starts = [a for a in answers if a.label.lower().startswith(typed)]
    inside = starts or [a for a in answers if typed in a.label.lower()]
    if len(inside) == 1:
        return inside[0].index
    if not inside:
        raise AnswerNotUnderstood(f"{text.strip()!r} is no answer's number or label; type help")
    raise AnswerNotUnderstood(f"{text.strip()!r} matches answers {_numbers(inside)}; type more of the"
                              " label or its number")


def _numbers(answers: Sequence[Any], most: int = 8) -> str:
    """The shown numbers of ``answers``: ``"1, 2, 3"``, or the first ``most`` and how many more."""
    shown = ", ".join(f"{a.index + 1}" for a in answers[:most])
    return shown + (f" and {len(answers) - most} more" if len(answers) > most else "")


def line_reader(stream: TextIO, out: Console) -> Reader:
    """A reader of plain lines from ``stream`` (a pipe), echoing the prompt to ``out``."""

    def read(prompt: str, completions: Sequence[str]) -> str:
        out.print(prompt, end="", markup=False, highlight=False)
        line = stream.readline()
        if not line:
            raise EOFError
        out.print(line.rstrip("\n"), markup=False, highlight=False)
        return line

    return read


def prompt_reader() -> Reader:
    """A prompt_toolkit reader: history, and completion of answer labels and commands."""
    from prompt_toolkit import PromptSession
    from prompt_toolkit.completion import WordCompleter

    session: PromptSession[str] = PromptSession()

    def read(prompt: str, completions: Sequence[str]) -> str:
        completer = WordCompleter(list(completions), ignore_case=True, sentence=True)
        return session.prompt(prompt, completer=completer)

    return read


class TerminalTable:
    """One game at a terminal: the match, who is human, and the prompt loop.

    Args:
        game: the rules.
        match: the match (agents seated for the non-human seats).
        humans: the seats people play.
        read: the line reader (:func:`prompt_reader` or :func:`line_reader`).
        out: where to print.
        agent_names: agent spec by seat, for the spinner and the scores.
    """

    def __init__(self, game: Game[Any, Any], match: Match, humans: Collection[PlayerId],
                 read: Reader, out: Console, agent_names: Sequence[str] = ()) -> None:
        self.game = game
        self.match = match
        self.humans = frozenset(humans)
        self.read = read
        self.out = out
        self.agent_names = list(agent_names)
        self.actors: list[PlayerId] = _movers(game, match.record)
        """The seat that took each action of ``match.record`` (for ``undo``)."""
        self.seen: dict[PlayerId, int] = {}
        """How many events of its view's log each human seat has been shown."""

    # -- showing ----------------------------------------------------------
    def board(self, seat: PlayerId) -> None:
        """Print the text board as ``seat`` sees it."""
        from hexkit.cli import render_hook

        hook = render_hook(self.game)
        view = self.game.view(self.match.state, seat)
        if hook is not None:
            self.out.print(hook(view), markup=False, highlight=False)
        else:
            self.out.print(f"(no text board for {self.game.info.name}; step {view.step})")

    def log(self, seat: PlayerId, tail: int = 20) -> None:
        """Print the last ``tail`` events of ``seat``'s view of the log."""
        entries = self.game.view(self.match.state, seat).log
        for entry in entries[-tail:] if tail > 0 else entries:
            self.out.print(str(entry), markup=False, highlight=False)

    def news(self, seat: PlayerId) -> None:
        """Print the events of ``seat``'s view of the log that it has not been shown yet.

        What happened since the seat's last answer is told from its own view,
        never by describing the other seats' actions: a blind bid, a card kept
        or a secret discarded shows there only as the seat may know it.
        """
        entries = self.game.view(self.match.state, seat).log
        start = self.seen.get(seat)
        if start is None or start > len(entries):  # first time, or after an undo
            start = max(0, len(entries) - _FIRST_NEWS)
            if start:
                self.out.print(f"... {start} earlier events (type log N to see them)",
                               markup=False, highlight=False, style="dim")
        for entry in entries[start:]:
            self.out.print(str(entry), markup=False, highlight=False, style="dim")
        self.seen[seat] = len(entries)

    def question(self, seat: PlayerId, question: PresentedQuestion) -> None:
        """Print the question and its numbered answers."""
        prompt = question.prompt.removeprefix(f"P{seat}: ")  # a prompt naming its seat already (Soot's turn)
        self.out.print(f"\nP{seat}: {prompt}", markup=False, highlight=False, style="bold")
        for number, answer in enumerate(question.answers, 1):
            tag = f" [{answer.kind}]" if answer.kind in _SHOWN_KINDS else ""
            self.out.print(f"  {number:>3}. {answer.label}{tag}", markup=False, highlight=False)

    # -- playing ----------------------------------------------------------
    def _agent_moves(self) -> None:
        """Let agents play until a human is to move or the game ends (spinner while they think)."""
        match = self.match
        while not match.is_over and match.current_player not in self.humans:
            seat = match.current_player
            assert seat is not None  # not over
            name = self.agent_names[seat] if seat < len(self.agent_names) else "agent"
            with self.out.status(f"P{seat} ({name}) is thinking...", spinner="dots"):
                match.step()
            self.actors.append(seat)  # what it did reaches people as their views' news

    def _undo(self, seat: PlayerId) -> None:
        """Undo back to ``seat``'s last decision."""
        if seat not in self.actors:
            raise HexkitError("nothing of yours to undo yet")
        last = len(self.actors) - 1 - self.actors[::-1].index(seat)
        steps = len(self.actors) - last
        self.match.undo(steps)
        del self.actors[last:]
        self.seen = {s: len(self.game.view(self.match.state, s).log) for s in self.seen}
        self.out.print(f"undone {steps} decision(s)")

    def command(self, seat: PlayerId, line: str) -> bool | None:
        """Run a command line; ``True`` to quit, ``False`` if it ran, ``None`` if it is none."""
        word, _, rest = line.strip().partition(" ")
        word = word.lower()
        if word in ("quit", "exit"):
            return True
        if word == "help":
            for name, text in COMMANDS.items():
                self.out.print(f"  {name:<10} {text}", markup=False, highlight=False)
            self.out.print("  or type an answer's number, its label, or a part of it")
            return False
        if word == "board":
            self.board(seat)
            return False
        if word == "log":
            if rest.strip() and not rest.strip().isdigit():
                raise HexkitError(f"log takes a number of events (log 20), not {rest.strip()!r}")
            self.log(seat, int(rest) if rest.strip() else 20)
            return False
        if word == "undo":
            self._undo(seat)
            return False
        if word == "save":
            if not rest.strip():
                raise HexkitError("save needs a file name: save FILE")
            path = Path(rest.strip())
            path.write_text(record_to_json(self.game, self.match.record, indent=1) + "\n",
                            encoding="utf-8")
            self.out.print(f"record saved to {path} (it holds the seed: every hidden fact)")
            return False
        return None

    def run(self) -> int:
        """Play until the game ends or someone quits; returns 0 at the end, 1 on quit."""
        game, match = self.game, self.match
        shown_to: PlayerId | None = None
        while True:
            self._agent_moves()
            if match.is_over:
                break
            seat = match.current_player
            assert seat is not None
            view: State = game.view(match.state, seat)
            question = present(game, view)
            if question is None:  # pragma: no cover - a game must pend a decision
                raise HexkitError("the game is not over but nothing is pending")
            self.news(seat)
            if shown_to != seat:
                self.board(seat)
                shown_to = seat
            self.question(seat, question)
            completions = [a.label for a in question.answers] + [c.split()[0] for c in COMMANDS]
            try:
                line = self.read(f"P{seat}> ", completions)
            except (EOFError, KeyboardInterrupt):
                self.out.print("\ninput ended: game stopped")
                return 1
            if not line.strip():
                continue
            try:
                done = self.command(seat, line)
                if done:
                    self.out.print("game stopped")
                    return 1
                if done is False:
                    if line.strip().lower().startswith("undo"):
                        shown_to = None
                    continue
                index = choose_answer(question, line)
                action = game.legal_actions(view)[index]
                match.play(action)
                self.actors.append(seat)
            except (HexkitError, ValueError, OSError) as exc:
                self.out.print(f"! {exc}", markup=False, highlight=False, style="red")
        from hexkit.cli import print_scores

        for seat in sorted(self.humans):
            self.news(seat)
            self.board(seat)
            break
        print_scores(game, match.state, self.agent_names or None, out=self.out)
        return 0


def _movers(game: Game[Any, Any], record: GameRecord) -> list[PlayerId]:
    """The seat to move before each action of ``record`` (a resumed game's history)."""
    if not record.actions:
        return []
    state: State = game.new(record.config, record.seed)
    movers: list[PlayerId] = []
    for action in record.actions:
        mover = game.current_player(state)
        assert mover is not None  # a replayable record acts only while the game is on
        movers.append(mover)
        game.apply(state, action)
    return movers


def play_in_terminal(game: Game[Any, Any], match: Match, humans: Collection[PlayerId],
                     agent_names: Sequence[str] = (), *, stdin: TextIO | None = None,
                     out: Console | None = None, read: Reader | None = None) -> int:
    """Play ``match`` at the terminal with people in ``humans`` and agents elsewhere.

    Args:
        game: the rules.
        match: the match, agents seated for every seat not in ``humans``.
        humans: the seats people play (at least one).
        agent_names: what to call each seat's player (agent specs, ``"human"``).
        stdin: the input stream (default: ``sys.stdin``); a pipe is read line by line.
        out: the console to print to.
        read: a line reader to use instead (tests pass one built on
            prompt_toolkit's pipe input).

    Returns:
        0 when the game ended, 1 when a person quit or the input ended.

    Raises:
        HexkitError: if a human seat is not in the game or has an agent.
    """
    players = game.num_players(match.state)
    for seat in humans:
        if not 0 <= seat < players:
            raise HexkitError(f"--human {seat}: the game has seats 0 to {players - 1}")
        if seat in match.agents:
            raise HexkitError(f"--human {seat}: that seat has an agent")
    out = out or Console()
    if read is None:
        stream = stdin or sys.stdin
        read = line_reader(stream, out)
        if stream.isatty() and stream is sys.stdin:
            try:
                read = prompt_reader()
            except ImportError:  # the play extra is missing: plain lines still work
                pass
    if len(set(humans)) == 1:
        match.serves = next(iter(humans))  # undo stops only at this seat's reveals
    return TerminalTable(game, match, humans, read, out, agent_names).run()


def play_humans(game: Game[Any, Any], config: Any, seed: int, seats: Sequence[str],
                humans: Sequence[PlayerId], save: Path | None = None,
                resume: GameRecord | None = None) -> int:
    """The body of ``hexkit play GAME --human SEAT``: seat agents, play, save.

    Args:
        game: the rules.
        config: the checked config.
        seed: the game's seed.
        seats: agent spec by seat (those of human seats are ignored).
        humans: the seats people play.
        save: where to write the record at the end (or after quitting).
        resume: a saved record to go on from (``hexkit play --resume``); its
            config and seed are ``config`` and ``seed``.

    Returns:
        The exit status: 0 when the game ended, 1 when it was stopped.

    Raises:
        HexkitError: a human seat outside the game.
    """
    from hexkit.agents.spec import make_agent
    from hexkit.sim.study import agent_seed

    wanted = set(humans)
    players = config.players
    for seat in wanted:
        if not 0 <= seat < players:
            raise HexkitError(f"--human {seat}: the game has seats 0 to {players - 1}")
    agents = {s: make_agent(spec, agent_seed(seed, s)) for s, spec in enumerate(seats) if s not in wanted}
    names = ["human" if s in wanted else spec for s, spec in enumerate(seats)]
    match = (Match(game, config, seed, agents=agents) if resume is None
             else Match.resume(game, resume, agents=agents))
    status = play_in_terminal(game, match, wanted, names)
    if save is not None:
        save.write_text(record_to_json(game, match.record, indent=1) + "\n", encoding="utf-8")
    return status
