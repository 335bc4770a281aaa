"""Terminal play (hexkit.terminal): answers by number and label, commands, views only."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from rich.console import Console

from hexkit.agents.base import Agent
from hexkit.agents.spec import make_agent
from hexkit.match import Match
from hexkit.present import present
from hexkit.record import record_from_json
from hexkit.registry import load_game
from hexkit.terminal import AnswerNotUnderstood, choose_answer, line_reader, play_in_terminal


class FirstAgent(Agent):
    """Plays the first legal action (deterministic)."""

    def act(self, game, view, legal):  # type: ignore[no-untyped-def]
        return legal[0]


def _hex_match() -> tuple[object, Match]:
    game = load_game("hex")
    config = game.make_config(2, size=3)
    return game, Match(game, config, seed=1, agents={1: FirstAgent()})


def test_choose_answer_by_number_label_and_part() -> None:
    game = load_game("hex")
    q = present(game, game.new(game.make_config(2, size=3), 0))
    assert q is not None
    assert choose_answer(q, "1") == 0
    assert choose_answer(q, " 9 ") == 8
    assert choose_answer(q, q.answers[4].label.upper()) == 4
    assert choose_answer(q, "place b2") == 4
    with pytest.raises(AnswerNotUnderstood, match="choose 1 to 9"):
        choose_answer(q, "10")
    with pytest.raises(AnswerNotUnderstood, match="matches answers"):
        choose_answer(q, "place")
    with pytest.raises(AnswerNotUnderstood, match="no answer"):
        choose_answer(q, "castle")


def _run(lines: str) -> tuple[int, str, Match]:
    game, match = _hex_match()
    out = Console(file=io.StringIO(), width=120, force_terminal=False)
    status = play_in_terminal(game, match, {0}, ["human", "first"],  # type: ignore[arg-type]
                              read=line_reader(io.StringIO(lines), out), out=out)
    text = out.file.getvalue()  # type: ignore[attr-defined]
    return status, text, match


def test_a_whole_game_by_typed_numbers_and_labels() -> None:
    # Black (seat 0) plays the column b: b1, b2, b3 joins top and bottom on 3x3;
    # the agent plays the first empty cell each time (a1, c1, a2...).
    status, text, match = _run("place b1\nhelp\nzzz\nb2\n3\n")
    assert status == 0, text
    assert match.is_over and match.game.winner(match.state) == 0
    assert "is no answer's number or label" in text
    assert "undo" in text and "save FILE" in text
    assert "Final scores" in text


def test_undo_board_log_save_quit(tmp_path: Path) -> None:
    target = tmp_path / "game.json"
    status, text, match = _run(f"b1\nundo\nc1\nlog 2\nboard\nsave {target}\nquit\n")
    assert status == 1
    assert "undone 2 decision(s)" in text
    assert "game stopped" in text
    record = record_from_json(match.game, target.read_text())
    assert [str(a) for a in record.actions] == ["place c1", "place a1"]
    assert len(match.record.actions) == 2


def test_prompt_toolkit_session_reads_piped_keys() -> None:
    from prompt_toolkit import PromptSession

    game, match = _hex_match()
    out = Console(file=io.StringIO(), width=120)
    with create_pipe_input() as pipe:
        pipe.send_text("b1\nb2\nb3\n")
        session: PromptSession[str] = PromptSession(input=pipe, output=DummyOutput())
        status = play_in_terminal(game, match, {0}, read=lambda p, c: session.prompt(p),  # type: ignore[arg-type]
                                  out=out)
    assert status == 0 and game.winner(match.state) == 0  # type: ignore[attr-defined]


def test_hidden_hand_of_the_other_seat_never_printed() -> None:
    """Soot: the human seat sees its own secret objectives, not the agent's."""
    game = load_game("soot")
    config = game.make_config(2)
    match = Match(game, config, seed=5, agents={0: FirstAgent()})
    out = Console(file=io.StringIO(), width=160)
    play_in_terminal(game, match, {1}, read=line_reader(io.StringIO("1\n1\n1\n1\nquit\n"), out), out=out)
    text = out.file.getvalue()  # type: ignore[attr-defined]
    from hexkit_soot.config import data

    names = data(match.state).secret_objectives
    mine = {names[i].name for i in match.state.players[1].secrets + match.state.players[1].dealt}
    theirs = {names[i].name for i in match.state.players[0].secrets + match.state.players[0].dealt} - mine
    assert mine and any(n in text for n in mine)
    assert theirs and not any(n in text for n in theirs)


def test_cli_play_human_with_piped_stdin() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "hexkit", "play", "hex", "--set", "size=3", "--human", "0",
         "--agents", "random", "--seed", "3"],
        input="quit\n", capture_output=True, text=True, timeout=120,
    )
    assert proc.returncode == 1, proc.stderr
    assert "P0: Black: choose an empty cell" in proc.stdout and "game stopped" in proc.stdout
    bad = subprocess.run([sys.executable, "-m", "hexkit", "play", "hex", "--human", "5"],
                         input="", capture_output=True, text=True, timeout=120)
    assert bad.returncode == 2 and "--human 5" in bad.stderr


@pytest.mark.parametrize("name", ["empyreal", "soot"])
def test_a_full_game_at_the_terminal_through_prompt_toolkit(name: str) -> None:
    """A person plays seat 0 to the end against greedy, every answer typed into a
    prompt_toolkit session (a number, or the answer's label when it names one answer)."""
    import random

    from prompt_toolkit import PromptSession

    from hexkit.agents.spec import make_agent

    game = load_game(name)
    match = Match(game, game.make_config(2), seed=13, agents={1: make_agent("greedy", 7)})
    out = Console(file=io.StringIO(), width=160)
    rng = random.Random(2)
    typed = {"number": 0, "label": 0}
    with create_pipe_input() as pipe:
        session: PromptSession[str] = PromptSession(input=pipe, output=DummyOutput())

        def read(prompt: str, completions: object) -> str:
            seat = game.current_player(match.state)
            assert seat == 0  # asked only for the person's seat
            question = present(game, game.view(match.state, seat))
            assert question is not None
            index = rng.randrange(len(question.answers))
            label = question.answers[index].label
            try:
                by_label = choose_answer(question, label) == index
            except AnswerNotUnderstood:  # labelled like another answer: the number only
                by_label = False
            if rng.random() < 0.5 and by_label:
                text, typed["label"] = label, typed["label"] + 1
            else:
                text, typed["number"] = str(index + 1), typed["number"] + 1
            pipe.send_text(text + "\n")
            return session.prompt(prompt)

        status = play_in_terminal(game, match, {0}, ["human", "greedy"], read=read, out=out)
    text = out.file.getvalue()  # type: ignore[attr-defined]
    assert status == 0 and match.is_over, text[-2000:]
    assert "Final scores" in text
    assert typed["number"] > 5 and typed["label"] > 5


def test_answers_labelled_alike_are_told_apart_by_number() -> None:
    from hexkit.present import PresentedAnswer, PresentedQuestion

    q = PresentedQuestion(0, "which tile?", 4, (PresentedAnswer(0, "option", "keep Plains (river)"),
                                                PresentedAnswer(1, "option", "keep Plains (river)"),
                                                PresentedAnswer(2, "option", "keep Forest")))
    with pytest.raises(AnswerNotUnderstood, match=r"answers 1, 2 are all labelled 'keep Plains \(river\)'; type the number"):
        choose_answer(q, "keep plains (river)")
    assert choose_answer(q, "2") == 1 and choose_answer(q, "forest") == 2


def test_a_prompt_that_names_its_seat_is_not_prefixed_twice() -> None:
    """Soot's turn question says "P1: your turn"; the terminal printed "P1: P1: your turn"."""
    game = load_game("soot")
    match = Match(game, game.make_config(2), seed=5, agents={0: FirstAgent()})
    out = Console(file=io.StringIO(), width=160)
    play_in_terminal(game, match, {1}, read=line_reader(io.StringIO("1\n" * 12 + "quit\n"), out), out=out)
    text = out.file.getvalue()  # type: ignore[attr-defined]
    assert "P1: your turn" in text and "P1: P1:" not in text


def test_a_game_saved_at_the_prompt_resumes_with_play_resume(tmp_path: Path) -> None:
    """``save FILE``, quit, then ``hexkit play hex --resume FILE``: the same position,
    and ``undo`` reaches back into the moves played before the save."""
    target = tmp_path / "game.json"
    status, _, match = _run(f"b1\nsave {target}\nquit\n")
    assert status == 1 and [str(a) for a in match.record.actions] == ["place b1", "place a1"]
    proc = subprocess.run(
        [sys.executable, "-m", "hexkit", "play", "hex", "--resume", str(target), "--human", "0",
         "--agents", "random"],
        input="undo\nc1\nquit\n", capture_output=True, text=True, timeout=120,
    )
    assert proc.returncode == 1, proc.stderr
    assert "undone 2 decision(s)" in proc.stdout and "[0] P0 Black places c1" in proc.stdout
    board = proc.stdout.split("P0> ")[0]  # the board shown before the first prompt
    assert " 1 o x .  1" in board  # b1 (Black) and a1 (the agent) as saved
    clash = subprocess.run(
        [sys.executable, "-m", "hexkit", "play", "hex", "--resume", str(target), "--seed", "4"],
        capture_output=True, text=True, timeout=120)
    assert clash.returncode == 2 and "drop --seed" in clash.stderr


def test_a_human_seat_is_told_only_what_its_view_shows() -> None:
    """Soot at 3 players, the human at seat 2: the rivals' blind bids, kept cards and
    secret objectives reach it only as its view of the log tells them (the terminal
    once printed every rival action: "P1: raise the bid by 5", "P0: discard ...")."""
    game = load_game("soot")
    match = Match(game, game.make_config(3), seed=11,
                  agents={0: make_agent("random", 1), 1: make_agent("random", 2)})
    out = Console(file=io.StringIO(), width=160)
    play_in_terminal(game, match, {2}, read=line_reader(io.StringIO("3\n3\n3\n3\n3\nquit\n"), out),
                     out=out)
    text = out.file.getvalue()  # type: ignore[attr-defined]
    assert "bids revealed:" in text and "kept 2 secret objectives" in text
    assert not [line for line in text.splitlines() if line.startswith(("P0: ", "P1: "))]
    from hexkit_soot.config import data

    names = data(match.state).secret_objectives
    rivals = {names[i].name for seat in (0, 1) for i in match.state.players[seat].secrets}
    assert rivals and not any(name in text for name in rivals)


def test_many_matches_say_how_many_more_and_log_wants_a_number() -> None:
    game = load_game("hex")
    question = present(game, game.new(game.make_config(2, size=5), 0))
    assert question is not None
    with pytest.raises(AnswerNotUnderstood, match=r"matches answers 1, 2, 3, 4, 5, 6, 7, 8 and 17 more;"):
        choose_answer(question, "place")
    status, text, _ = _run("log abc\nquit\n")
    assert status == 1 and "! log takes a number of events (log 20), not 'abc'" in text
