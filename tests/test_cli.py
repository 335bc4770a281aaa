"""The hexkit command: each subcommand, and one-line errors with exit status 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hexkit.cli import main
from hexkit.record import record_from_json, replay
from hexkit.registry import load_game


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_games_lists_installed_plugins_with_versions(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "games")
    assert code == 0
    assert "hex" in out and "1.1.0" in out and "2-2" in out


def test_play_prints_log_board_scores_and_saves_a_record(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    record = tmp_path / "game.json"
    code, out, err = run(capsys, "play", "hex", "--players", "2", "--seed", "4", "--agents",
                         "greedy,random", "--set", "size=5", "--log-tail", "3", "--save",
                         str(record))
    assert (code, err) == (0, "")
    assert "earlier events" in out and "joins" in out
    assert "Final scores" in out and "Winner: P" in out and "edges joined" in out
    assert "a b c d e" in out  # the render_text hook's board
    game = load_game("hex")
    saved = record_from_json(game, record.read_text())
    final = replay(game, saved)
    assert game.is_over(final) and saved.config.size == 5  # type: ignore[attr-defined]
    assert f"Winner: P{game.winner(final)}" in out


def test_replay_stops_at_a_step_and_shows_the_next_action(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    record = tmp_path / "game.json"
    run(capsys, "play", "hex", "--set", "size=4", "--save", str(record))
    code, out, _ = run(capsys, "replay", str(record), "--step", "3")
    assert code == 0
    assert "3 of" in out and "To move: P1" in out and "Next in the record: place" in out
    code, out, _ = run(capsys, "replay", str(record))
    assert code == 0 and "Final scores" in out


def test_simulate_report_and_replay_a_failed_game(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    results = tmp_path / "r.jsonl"
    code, out, err = run(capsys, "simulate", "tests.test_sim:HOOKED", "--players", "2",
                         "--games", "12", "--agents", "greedy,random", "--seed", "0",
                         "--workers", "1", "--out", str(results))
    assert (code, err) == (0, "")
    assert "12 games in" in out and "Win rate by faction" in out
    rows = [json.loads(line) for line in results.read_text().splitlines()]
    assert [r["seed"] for r in rows] == list(range(12))
    code, out, _ = run(capsys, "report", str(results), "--out", str(tmp_path / "rep"))
    assert code == 0 and "Win rate by agent" in out and "Final score by faction" in out
    assert (tmp_path / "rep" / "index.html").exists()
    failed = next(r for r in rows if r["error"])
    # the row's game_ref names a module: the file alone is not enough (nothing
    # is imported from a file); the command line may name it
    code, out, err = run(capsys, "replay", str(results), "--seed", str(failed["seed"]))
    assert code == 2 and "module references are never imported from a file" in err, err
    code, out, _ = run(capsys, "replay", str(results), "--seed", str(failed["seed"]),
                       "--game", "tests.test_sim:HOOKED")
    assert code == 0 and "To move" in out


def test_play_reports_a_failing_game_as_a_bug_with_exit_1_and_saves_its_record(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    seed = _seed_failing_at_step_1()
    saved = tmp_path / "failed.json"
    code, _, err = run(capsys, "play", "tests.test_sim:HOOKED", "--seed", str(seed),
                       "--agents", "greedy,random", "--save", str(saved))
    assert code == 1 and err.count("\n") == 1
    assert f"the game failed at step 1 (seat 0, agent greedy), seed {seed}: RuntimeError: planted bug" in err
    record = json.loads(saved.read_text())
    assert record["seed"] == seed and len(record["actions"]) == 1  # up to the failing step


def _seed_failing_at_step_1() -> int:
    """A seed whose game of the planted bug, greedy against random, fails at step 1."""
    from hexkit.agents.spec import make_agent
    from hexkit.match import Match
    from hexkit.sim.study import agent_seed
    from tests.test_sim import HOOKED

    config = HOOKED.make_config(2)
    for seed in range(500):
        agents = {s: make_agent(spec, agent_seed(seed, s)) for s, spec in enumerate(["greedy", "random"])}
        match = Match(HOOKED, config, seed, agents=agents)
        try:
            match.step()
            match.step()
        except RuntimeError:
            if match.state.step == 1:
                return seed
    raise AssertionError("no seed in 0..499 fails at step 1")


def test_play_seats_every_player_of_a_config_set_count(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "play", "hex", "--set", "size=3", "--set", "players=2", "--seed", "1")
    assert (code, err) == (0, "")


def test_simulate_records_games_cut_at_max_decisions(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    results = tmp_path / "r.jsonl"
    code, out, _ = run(capsys, "simulate", "tests.toygame:GAME", "--games", "4",
                       "--max-decisions", "3", "--out", str(results))
    # every game failed: nothing to report, so the command fails (1, not 2: the
    # arguments were fine) and names the first failure
    assert code == 1 and "4 failed" in out and "first failure: seed 0" in out
    rows = [json.loads(line) for line in results.read_text().splitlines()]
    assert {r["error"] for r in rows} == {"HexkitError: the game did not end within 3 decisions"}
    assert all(len(r["record"]["actions"]) == 3 for r in rows)


def test_sweep_reports_each_value(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, err = run(capsys, "sweep", "tests.test_sim:HOOKED", "--set", "bonus=0,30",
                         "--games", "8", "--agents", "random", "--out", str(tmp_path / "sw"))
    assert (code, err) == (0, "")
    assert "bonus=0" in out and "bonus=30" in out and "Win rate by faction" in out
    assert (tmp_path / "sw" / "sweep.png").exists() and (tmp_path / "sw" / "index.html").exists()


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["play", "chess"], "no game named 'chess'"),
        (["play", "hex", "--agents", "alphazero"], "unknown agent 'alphazero'"),
        (["play", "hex", "--agents", "mcts:depth=2"], "unknown parameter 'depth'"),
        (["play", "hex", "--players", "3"], "Hex takes 2-2 players, not 3"),
        (["play", "hex", "--players", "two"], "Invalid value for '--players'"),
        (["play", "hex", "--variant", "fog"], "unknown variant(s) fog"),
        (["play", "hex", "--set", "size=big"], "expected int"),
        (["play", "hex", "--set", "bonus.vp=1"], "hex does not read data overrides"),
        (["simulate", "tests.test_sim:HOOKED", "--set", "malus=1", "--games", "2"],
         "no field 'malus'"),
        (["simulate", "tests.test_sim:HOOKED", "--set", "bonus=much", "--games", "2"],
         "expected int"),
        (["simulate", "hex", "--backend", "spark", "--games", "2"], "unknown backend 'spark'"),
        (["simulate", "hex", "--workers", "0", "--games", "2"], "workers must be at least 1"),
        (["simulate", "hex", "--max-decisions", "0"], "--max-decisions must be at least 1"),
        (["sweep", "hex", "--set", "size"], "expected PATH=VALUE (a sweep takes PATH=V1"),
        (["sweep", "hex", "--set", "size=4,4"], "4 given twice"),
        (["sweep", "hex", "--set", "size=3,99", "--games", "1"], "size=99"),
        (["play", "hex", "--bogus"], "No such option: --bogus"),
        (["replay", "/no/such/record.json"], "cannot read /no/such/record.json"),
        (["report", "/no/such/results.jsonl"], "cannot read results"),
        (["replay", "{tmp}/bad.json"], "bad.json: not valid JSON"),
        (["replay", "{tmp}/other.json"], "no game named 'go'"),
        (["replay", "{tmp}/tampered.json"], "actions[0]"),
        (["replay", "{tmp}/short.json", "--step", "9"], "--step 9 is outside 0..1"),
        (["report", "{tmp}/empty.jsonl"], "holds no result rows"),
    ],
)
def test_bad_input_is_one_line_and_exit_status_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, argv: list[str], message: str
) -> None:
    (tmp_path / "bad.json").write_text("{not json")
    (tmp_path / "other.json").write_text(json.dumps({"game": "go"}))
    record = {"schema": 1, "game": "hex", "version": "1.1.0", "seed": 0,
              "config": {"players": 2, "variants": [], "data": None, "overrides": {}, "size": 3},
              "actions": [{"type": "Place", "hex": "a1"}]}
    (tmp_path / "short.json").write_text(json.dumps(record))
    record["actions"] = [{"type": "Place", "hex": "h8"}]
    (tmp_path / "tampered.json").write_text(json.dumps(record))
    (tmp_path / "empty.jsonl").write_text("")
    code, out, err = run(capsys, *(a.replace("{tmp}", str(tmp_path)) for a in argv))
    assert code == 2
    assert err.count("\n") == 1 and err.startswith("hexkit: error: ")
    assert message in err
    assert "Traceback" not in out + err


def test_the_demo_scales_its_games_to_the_budget() -> None:
    from hexkit.demo import plan_games

    assert plan_games(0.05, 150, 2, 2) == 200  # fast games: the full 200
    assert plan_games(3.0, 60, 2, 2) == 34  # 60 s x 2 workers x 85% / 3 s, even
    assert plan_games(100.0, 10, 2, 2) == 2  # never fewer than one game per agent


@pytest.mark.soak
def test_the_demo_finishes_within_five_minutes(tmp_path: Path) -> None:
    import subprocess
    import sys
    import time

    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "hexkit.demo", "--out", str(tmp_path)],
                          capture_output=True, text=True, timeout=330)
    assert done.returncode == 0, done.stderr
    assert time.perf_counter() - started < 300
    assert "Win rate by agent" in done.stdout and "Final scores" in done.stdout
    assert (tmp_path / "index.html").exists()


def test_the_demo_sizes_its_study_to_the_budget_and_says_so(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    import time

    import hexkit.demo as demo

    # The tutorial Hex game only, with no reserve: the study gets the whole budget.
    monkeypatch.setattr(demo, "SHIPPED", ())
    monkeypatch.setattr(demo, "RESERVE", 0.0)
    monkeypatch.setattr(demo, "MAX_GAMES", 10**6)
    began = time.perf_counter()
    # 12 s: two timed trial games (random Hex games take milliseconds), then
    # as many games as the measured time says fit.
    assert demo.main(["--budget", "12", "--agents", "random", "--out", str(tmp_path),
                      "--workers", "2"]) == 0
    assert time.perf_counter() - began < 12 + 40  # the games at the deadline, plots, HTML
    out = " ".join(capsys.readouterr().out.split())
    assert "games played in" in out and "from a measured" in out, out
    assert "What was played" in out and "random in every seat" in out
    page = (tmp_path / "index.html").read_text()
    assert "games played in" in page and "What was played" in page


def test_the_demo_leaves_out_a_game_whose_agent_is_too_slow(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    import hexkit.demo as demo

    monkeypatch.setattr(demo, "SHIPPED", ())
    monkeypatch.setattr(demo, "RESERVE", 0.0)
    # A sixth of a 1.5 s budget is too little for a Hex game of 2,000-iteration MCTS.
    assert demo.main(["--budget", "1.5", "--agents", "mcts:iterations=2000", "--out",
                      str(tmp_path), "--workers", "1"]) == 1
    out = " ".join(capsys.readouterr().out.split())
    assert "did not finish a game within" in out and "no study" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["simulate", "tests.toygame:GAME", "--games", "2", "--workers", "0"],
         "--workers must be at least 1, not 0"),
        (["simulate", "tests.toygame:GAME", "--games", "0"], "--games must be at least 1, not 0"),
        (["simulate", "tests.toygame:GAME", "--games", "2", "--backend", "spark"],
         "unknown backend 'spark'"),
        (["sweep", "tests.test_sim:HOOKED", "--set", "bonus=0,3", "--games", "2", "--workers", "0"],
         "--workers must be at least 1, not 0"),
        (["sweep", "tests.test_sim:HOOKED", "--set", "bonus=0,3", "--games", "0"],
         "--games must be at least 1, not 0"),
    ],
)
def test_bad_run_options_leave_existing_results_alone(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, argv: list[str], message: str
) -> None:
    kept = tmp_path / "keep.jsonl"
    kept.write_text('{"old": 1}\n')
    sweep = tmp_path / "sweep"
    sweep.mkdir()
    (sweep / "00_bonus=0.jsonl").write_text('{"old": 2}\n')
    out = str(sweep if argv[0] == "sweep" else kept)
    code, stdout, err = run(capsys, *argv, "--out", out)
    assert code == 2 and err.count("\n") == 1 and message in err, err
    assert "games" not in stdout  # no banner or progress bar before the error
    assert kept.read_text() == '{"old": 1}\n'
    assert sorted(p.name for p in sweep.iterdir()) == ["00_bonus=0.jsonl"]
    assert (sweep / "00_bonus=0.jsonl").read_text() == '{"old": 2}\n'


def test_the_library_checks_run_options_before_opening_the_output(tmp_path: Path) -> None:
    from hexkit.errors import ConfigError
    from hexkit.sim import Study, simulate
    from hexkit.sim.sweep import parse_setting, run_sweep

    kept = tmp_path / "keep.jsonl"
    kept.write_text("old\n")
    study = Study(game="tests.toygame:GAME", players=2, agents=("random",), games=2)
    with pytest.raises(ConfigError, match="workers must be at least 1"):
        simulate(study, kept, workers=0)
    with pytest.raises(ConfigError, match="unknown backend"):
        simulate(study, kept, backend="spark")  # type: ignore[arg-type]
    assert kept.read_text() == "old\n"
    with pytest.raises(ConfigError, match="workers must be at least 1"):
        run_sweep(Study(game="tests.test_sim:HOOKED", players=2, agents=("random",), games=2),
                  [parse_setting("bonus=0,3")], tmp_path / "sw", workers=0)
    assert not (tmp_path / "sw").exists()


@pytest.mark.parametrize("command", ["play", "simulate", "sweep"])
@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("custom_agent.EpsilonGreedy:epsilon=abc",
         "agent 'custom_agent.EpsilonGreedy:epsilon=abc': epsilon must be a number, not 'abc'"),
        ("mcts:iterations=x", "agent 'mcts:iterations=x': iterations must be an integer or none, "
                              "not 'x'"),
        ("mcts:rollout=smart", "rollout must be 'random' or 'greedy', not 'smart'"),
        ("greedy:samples=2.5", "samples must be an integer, not '2.5'"),
    ],
)
def test_agent_parameters_of_the_wrong_type_are_refused_before_any_game(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    command: str, spec: str, message: str,
) -> None:
    monkeypatch.syspath_prepend(str(Path(__file__).parents[1] / "examples"))
    argv = {
        "play": ["play", "hex", "--set", "size=3"],
        "simulate": ["simulate", "hex", "--set", "size=3", "--games", "2",
                     "--out", str(tmp_path / "r.jsonl")],
        "sweep": ["sweep", "hex", "--set", "size=3,4", "--games", "2", "--out", str(tmp_path / "sw")],
    }[command]
    code, out, err = run(capsys, *argv, "--agents", f"{spec},random")
    assert code == 2 and err.count("\n") == 1 and message in err, err
    assert "Traceback" not in out + err
    assert not (tmp_path / "r.jsonl").exists() and not (tmp_path / "sw").exists()


def test_agent_parameters_are_converted_to_the_annotated_type() -> None:
    from hexkit.agents.mcts import MCTSAgent
    from hexkit.agents.spec import make_agent

    agent = make_agent("mcts:c=1:seconds=0.5:iterations=none", 3)
    assert isinstance(agent, MCTSAgent)
    assert agent.c == 1.0 and type(agent.c) is float and agent.iterations is None


@pytest.mark.parametrize(
    ("action", "field", "message"),
    [
        (None, "actions[0]", "action is null, not an object"),
        (5, "actions[0]", "action is a number (5), not an object"),
        ("Place", "actions[0]", "action is a string ('Place'), not an object"),
        ({"type": "NoSuchAction", "hex": "a1"}, "actions[0].type",
         "unknown action type 'NoSuchAction' (known: Place"),
    ],
)
def test_a_record_with_a_bad_action_says_what_is_wrong(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, action: object, field: str, message: str
) -> None:
    record = {"schema": 1, "game": "hex", "version": "1.1.0", "seed": 0,
              "config": {"players": 2, "variants": [], "data": None, "overrides": {}, "size": 3},
              "actions": [action]}
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(record))
    code, out, err = run(capsys, "replay", str(path))
    assert code == 2 and err.count("\n") == 1, err
    assert f"field '{field}'" in err and message in err, err
    assert "required field missing" not in err and "unknown error" not in err


def test_decoding_actions_of_a_game_with_several_action_types() -> None:
    from hexkit.errors import InvalidRecordError
    from hexkit.serialize import codec
    from tests.toygame import GAME

    c = codec(GAME)
    with pytest.raises(InvalidRecordError, match=r"unknown action type 'Nope' \(known: PickCard, PlayAt\)"):
        c.decode_action({"type": "Nope"}, "actions[5]")
    with pytest.raises(InvalidRecordError, match=r"action has no 'type' \(known: PickCard, PlayAt\)"):
        c.decode_action({}, "actions[5]")
    with pytest.raises(InvalidRecordError, match="action is null, not an object") as info:
        c.decode_action(None, "actions[5]")
    assert info.value.field == "actions[5]"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["play", "hex", "--set", "size=3", "--log-tail", "-1"],
         "--log-tail must be 0 (all events) or more, not -1"),
        (["replay", "{tmp}/game.json", "--log-tail", "-3"],
         "--log-tail must be 0 (all events) or more, not -3"),
        (["report", "{tmp}/r.jsonl", "--out", "{tmp}/r.jsonl"],
         "--out {tmp}/r.jsonl is a file; it must be a directory"),
        (["sweep", "hex", "--set", "size=3,4", "--games", "2", "--out", "{tmp}/r.jsonl"],
         "--out {tmp}/r.jsonl is a file; it must be a directory"),
        (["simulate", "hex", "--set", "size=3", "--games", "2", "--out", "{tmp}"],
         "--out {tmp} is a directory; it must be a results file"),
        (["simulate", "hex", "--set", "size=3", "--games", "2", "--out", "{tmp}/r.jsonl/x/r.jsonl"],
         "cannot create folder {tmp}/r.jsonl/x: {tmp}/r.jsonl is a file"),
    ],
)
def test_minor_usage_errors_name_the_option_or_path(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, argv: list[str], message: str
) -> None:
    run(capsys, "play", "hex", "--set", "size=3", "--save", str(tmp_path / "game.json"))
    run(capsys, "simulate", "hex", "--set", "size=3", "--games", "2",
        "--out", str(tmp_path / "r.jsonl"))
    before = (tmp_path / "r.jsonl").read_text()
    code, out, err = run(capsys, *(a.replace("{tmp}", str(tmp_path)) for a in argv))
    assert code == 2 and err.count("\n") == 1, err
    assert message.replace("{tmp}", str(tmp_path)) in err, err
    assert "Errno" not in err and "Traceback" not in out + err
    assert (tmp_path / "r.jsonl").read_text() == before


def test_wide_tables_fold_long_cells_instead_of_cutting_them(
    capsys: pytest.CaptureFixture[str],
) -> None:
    import io

    from rich.console import Console

    from hexkit.sim.report import TableData

    table = TableData("Win rate by agent (95% CI)", ("setting", "games", "greedy", "random"),
                      (("archetypes.Rancher.currency=2", "4", "50.0% (20.1% - 79.9%)", "0.0%"),
                       ("archetypes.Rancher.currency=6", "4", "25.0% (4.6% - 69.9%)", "25.0%")))
    buffer = io.StringIO()
    Console(file=buffer, width=60).print(table.to_rich())
    text = buffer.getvalue()
    assert "…" not in text
    cells = "".join(line.split("│")[1].strip() for line in text.splitlines() if line.count("│") > 2)
    assert "archetypes.Rancher.currency=2" in cells and "archetypes.Rancher.currency=6" in cells
    code, out, _ = run(capsys, "games")
    assert code == 0 and "…" not in out and "information" in out


def test_play_names_why_the_game_ended_above_the_result(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "play", "soot", "--players", "2", "--seed", "5", "--agents",
                         "random", "--log-tail", "1")
    assert (code, err) == (0, "")
    ended = next(line for line in out.splitlines() if line.startswith("Game ended: "))
    reason = ended.removeprefix("Game ended: ")
    assert reason and out.index(ended) < out.rindex("Winner")


def test_players_and_set_players_must_agree(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "play", "soot", "--players", "2", "--set", "players=3", "--seed", "1")
    assert code == 2 and "--players 2 and --set players=3 disagree" in err
    code, _, err = run(capsys, "play", "hex", "--players", "2", "--set", "players=2",
                       "--set", "size=3", "--seed", "1")
    assert (code, err) == (0, "")


def test_serve_refuses_a_bad_port_or_database_in_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, err = run(capsys, "serve", "--port", "99999")
    assert code == 2 and err == "hexkit: error: --port 99999 is not a TCP port (1 to 65535)\n"
    assert out == ""  # no banner for a server that never started
    code, out, err = run(capsys, "serve", "--port", "8781", "--db", str(tmp_path))
    assert code == 2 and f"cannot use {tmp_path} as the table database" in err and out == ""
    notdb = tmp_path / "notes.sqlite3"
    notdb.write_text("{}\n" * 200)
    code, _, err = run(capsys, "serve", "--port", "8781", "--db", str(notdb))
    assert code == 2 and "file is not a database" in err


def test_replay_of_a_results_file_without_seed_says_to_give_one(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    results = tmp_path / "r.jsonl"
    results.write_text('{"seed": 0, "game": "hex"}\n{"seed": 1, "game": "hex"}\n')
    code, _, err = run(capsys, "replay", str(results))
    assert code == 2 and f"{results}: not valid JSON" in err and "give --seed S" in err
