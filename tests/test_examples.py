"""The scripted examples in examples/ run as a user runs them, and print true things.

Each script runs in a subprocess with small arguments and must finish within
a minute; its output is checked against the game's own answers (the winner
of the replayed record, the number of pictures, the bounds of game length).
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import hexkit

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
SVG = "{http://www.w3.org/2000/svg}"


def run(script: str, *args: str | Path) -> str:
    done = subprocess.run(
        [sys.executable, str(EXAMPLES / script), *map(str, args)],
        capture_output=True, text=True, timeout=60, cwd=EXAMPLES.parent,
    )
    assert done.returncode == 0, f"{script} failed:\n{done.stdout}\n{done.stderr}"
    return done.stdout


def winner_line(output: str) -> tuple[int, int]:
    match = re.search(r"^Winner: P(\d+) after (\d+) decisions$", output, re.MULTILINE)
    assert match, output
    return int(match[1]), int(match[2])


@pytest.fixture(scope="module")
def hex_record(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    path = tmp_path_factory.mktemp("record") / "game.json"
    out = run("play_one_game.py", "--game", "hex", "--option", "size=5", "--seed", "4",
              "--agents", "greedy,random", "--record", path)
    return path, out


def test_play_one_game_prints_the_log_scores_and_the_true_winner(hex_record: tuple[Path, str]) -> None:
    path, out = hex_record
    game = hexkit.load_game("hex")
    record = hexkit.record_from_json(game, path.read_text(encoding="utf-8"))
    state = hexkit.replay(game, record)
    assert game.is_over(state)
    assert winner_line(out) == (game.winner(state), len(record.actions))
    assert record.config.size == 5 and record.seed == 4  # type: ignore[attr-defined]
    log_lines = [line for line in out.splitlines() if line.startswith("[")]
    assert log_lines == [str(entry) for entry in state.log]
    sheet = game.scores(state)
    first = re.search(r"^  1\. P(\d+) \((\w+)\): (\d+)", out, re.MULTILINE)
    assert first and (int(first[1]), int(first[3])) == (sheet.winner, sheet.totals[sheet.winner])
    assert first[2] == ("greedy" if sheet.winner == 0 else "random")


def test_play_one_game_is_deterministic(hex_record: tuple[Path, str]) -> None:
    _, out = hex_record
    again = run("play_one_game.py", "--game", "hex", "--option", "size=5", "--seed", "4",
                "--agents", "greedy,random")
    assert again == out.rsplit("Record saved", 1)[0]


def test_replay_to_svg_draws_each_turn_and_agrees_on_the_winner(
    hex_record: tuple[Path, str], tmp_path: Path
) -> None:
    path, played = hex_record
    out = run("replay_to_svg.py", path, "--out", tmp_path)
    assert winner_line(out) == winner_line(played)
    decisions = len(json.loads(path.read_text(encoding="utf-8"))["actions"])
    pictures = sorted(tmp_path.glob("step-*.svg"))
    # Hex has one decision per turn: the set-up plus one picture per action.
    assert len(pictures) == decisions + 1
    assert f"{len(pictures)} pictures of {decisions} decisions" in out
    for step, picture in enumerate(pictures):
        root = ET.fromstring(picture.read_bytes())
        assert len(list(root.iter(f"{SVG}polygon"))) == 25
        stones = [c for c in root.iter(f"{SVG}circle") if c.get("class") == "marker"]
        assert len(stones) == step


def test_replay_to_svg_draws_a_picture_per_turn_of_the_default_game(tmp_path: Path) -> None:
    from hexkit.render import DrawsSvg, board_picture

    path = tmp_path / "game.json"
    run("play_one_game.py", "--agents", "random", "--seed", "2", "--record", path)
    text = path.read_text(encoding="utf-8")
    game = hexkit.load_game(json.loads(text)["game"])
    if not isinstance(game, DrawsSvg):
        pytest.skip(f"{game.info.name} has no svg_style hook")
    record = hexkit.record_from_json(game, text)
    # Count the turns as the script defines them: the player to move changes.
    state, turns = game.new(record.config, record.seed), 0
    for action in record.actions:
        mover = game.current_player(state)
        game.apply(state, action)
        turns += game.current_player(state) != mover or game.is_over(state)
    out = run("replay_to_svg.py", path, "--out", tmp_path / "pictures")
    pictures = sorted((tmp_path / "pictures").glob("step-*.svg"))
    assert len(pictures) == turns + 1
    assert winner_line(out) == (game.winner(state), len(record.actions))
    cells = len(board_picture(game, state)[0])
    last = ET.fromstring(pictures[-1].read_bytes())
    assert len(list(last.iter(f"{SVG}polygon"))) == cells


_SWEEP_ROW = (r"^\s+(\S+)\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+%|-)\s+(\d+)%-(\d+)%"
              r"\s+([\d.]+)\s+(\d+)\s+(\d+)$")


def test_designer_sweep_plays_each_value_on_the_same_seeds() -> None:
    out = run("designer_sweep.py", "--game", "hex", "--param", "size", "--values", "3,4",
              "--games", "4", "--agents", "random")
    assert "win rate of Black" in out
    rows = re.findall(_SWEEP_ROW, out, re.MULTILINE)
    assert [r[0] for r in rows] == ["3", "4"]
    for size, games, seats, wins, rate, low, high, mean, shortest, longest in rows:
        n = int(size)
        # Black holds one seat of each 2-player game; its rate lies in its interval.
        assert (int(games), int(seats)) == (4, 4)
        assert int(low) <= 100 * int(wins) / 4 <= int(high)
        # A Hex game needs at least 2n-1 decisions (n stones of the winner) and
        # at most n*n (the board full).
        assert 2 * n - 1 <= int(shortest) <= float(mean) <= int(longest) <= n * n


def test_designer_sweep_sends_data_paths_to_config_overrides() -> None:
    out = run("designer_sweep.py", "--game", "hex", "--param", "size", "--values", "3",
              "--games", "1")
    assert "size (config field) in ['3']" in out
    done = subprocess.run(
        [sys.executable, str(EXAMPLES / "designer_sweep.py"), "--game", "hex",
         "--param", "rules.start_mana", "--values", "3", "--games", "1"],
        capture_output=True, text=True, timeout=60,
    )
    assert "rules.start_mana (config.overrides)" in done.stdout
    # Hex has no component data: the override would change nothing, so it is refused.
    assert done.returncode == 2
    assert "hex does not read data overrides; rules.start_mana would change nothing" in done.stderr


def test_designer_sweep_default_game_and_parameter() -> None:
    done = subprocess.run(
        [sys.executable, str(EXAMPLES / "designer_sweep.py"), "--games", "2", "--agents", "random"],
        capture_output=True, text=True, timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert "archetypes.Rancher.currency" in done.stdout and "win rate of Rancher" in done.stdout
    rows = re.findall(_SWEEP_ROW, done.stdout, re.MULTILINE)
    assert [r[0] for r in rows] == ["4", "6", "8"] and all(r[1] == "2" for r in rows)


def test_replay_to_svg_refuses_a_game_it_cannot_draw(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from tests.toygame import GAME as toy

    record = hexkit.GameRecord.start(toy, toy.make_config(2), 1)
    path = tmp_path / "toy.json"
    path.write_text(hexkit.record_to_json(toy, record), encoding="utf-8")
    monkeypatch.syspath_prepend(str(EXAMPLES))
    monkeypatch.setattr(hexkit, "load_game", lambda name: toy)
    import replay_to_svg

    assert replay_to_svg.main([str(path), "--out", str(tmp_path / "pictures")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("replay_to_svg.py: error: ") and err.count("\n") == 1
    assert "cannot be drawn yet: it has no svg_style hook" in err
    assert not (tmp_path / "pictures").exists()


def test_custom_agent_beats_random_play() -> None:
    out = run("custom_agent.py", "--game", "hex", "--games", "4")
    match = re.search(r"epsilon-greedy won (\d+) of 4 games of Hex", out)
    assert match and int(match[1]) >= 3


def test_examples_run_with_their_default_game(tmp_path: Path) -> None:
    """The default game is Empyreal once installed, else Hex; the record must agree."""
    path = tmp_path / "game.json"
    out = run("play_one_game.py", "--agents", "random", "--tail", "3", "--record", path)
    text = path.read_text(encoding="utf-8")
    game = hexkit.load_game(json.loads(text)["game"])
    state = hexkit.replay(game, hexkit.record_from_json(game, text))
    assert winner_line(out) == (game.winner(state), state.step)


def test_every_example_has_a_main_and_is_documented() -> None:
    docs = "\n".join(p.read_text(encoding="utf-8") for p in (EXAMPLES.parent / "docs").rglob("*.md"))
    scripts = sorted(p.name for p in EXAMPLES.glob("*.py") if not p.name.startswith("_"))
    assert scripts == ["bot_client.py", "custom_agent.py", "designer_sweep.py", "learn_hex_imitation.py",
                       "play_one_game.py", "replay_to_svg.py"]
    for name in scripts:
        assert "def main(argv: list[str] | None = None) -> int:" in (EXAMPLES / name).read_text()
        assert f"examples/{name}" in docs, f"{name} is not referenced from the docs"


def test_examples_type_check_strictly() -> None:
    pytest.importorskip("mypy")
    scripts = sorted(str(p) for p in EXAMPLES.glob("*.py"))
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-error-summary", *scripts],
        capture_output=True, text=True, timeout=300, cwd=EXAMPLES,
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_examples_in_the_api_reference_run() -> None:
    """The ``>>>`` examples of every public hexkit module, as the API reference shows them.

    (The Sphinx doctest builder runs the pages' own examples; these are run here,
    each in its module's namespace.)
    """
    import doctest
    import importlib
    import pkgutil

    names = ["hexkit"] + [
        m.name for m in pkgutil.walk_packages(hexkit.__path__, "hexkit.")
        if not any(part.startswith("_") for part in m.name.split("."))
    ]
    failed: list[str] = []
    examples = 0
    for name in names:
        module = importlib.import_module(name)
        result = doctest.testmod(module, optionflags=doctest.ELLIPSIS, report=False)
        examples += result.attempted
        if result.failed:
            failed.append(f"{name}: {result.failed} of {result.attempted}")
    assert not failed, failed
    assert examples > 50


def run_failing(script: str, *args: str | Path) -> str:
    done = subprocess.run(
        [sys.executable, str(EXAMPLES / script), *map(str, args)],
        capture_output=True, text=True, timeout=60, cwd=EXAMPLES.parent,
    )
    assert done.returncode == 2, f"{script}:\n{done.stdout}\n{done.stderr}"
    assert "Traceback" not in done.stdout + done.stderr
    assert done.stderr.count("\n") == 1 and done.stderr.startswith(f"{script}: error: ")
    return done.stderr


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--game", "nosuch"], "no game named 'nosuch'"),
        (["--game", "hex", "--players", "9"], "Hex takes 2-2 players, not 9"),
        (["--game", "hex", "--option", "size=x"], "'--option': 'size=x': expected KEY=INTEGER"),
        (["--seed", "x"], "Invalid value for '--seed'"),
        (["--nosuch"], "No such option: --nosuch"),
        (["--game", "hex", "--agents", "mcts:iterations=x"], "iterations must be an integer"),
    ],
)
def test_play_one_game_reports_bad_input_in_one_line(args: list[str], message: str) -> None:
    assert message in run_failing("play_one_game.py", *args)


TYPER_SCRIPTS = ["custom_agent.py", "designer_sweep.py", "play_one_game.py", "replay_to_svg.py"]


@pytest.mark.parametrize("script", TYPER_SCRIPTS)
def test_the_examples_parse_with_typer_like_hexkit(script: str) -> None:
    """Issue 17, item 6: the demo and these examples use hexkit's CLI library (typer),
    with its help, and bad values give one line and status 2, not a traceback."""
    source = (EXAMPLES / script).read_text(encoding="utf-8")
    assert "import typer" in source and "argparse" not in source
    assert "run_typer(app, argv" in source
    done = subprocess.run([sys.executable, str(EXAMPLES / script), "--help"],
                          capture_output=True, text=True, timeout=60, cwd=EXAMPLES.parent)
    assert done.returncode == 0 and f"Usage: {script}" in done.stdout, done.stderr
    assert "Traceback" not in run_failing(script, "--nosuch")


def test_the_demo_parses_with_typer_and_reports_bad_values_in_one_line(
        capsys: pytest.CaptureFixture[str]) -> None:
    import hexkit.cli
    import hexkit.demo as demo
    import typer

    assert isinstance(demo.app, typer.Typer) and "argparse" not in Path(demo.__file__).read_text()
    assert isinstance(hexkit.cli.app, typer.Typer)
    assert demo.main(["--games", "x"]) == 2
    err = capsys.readouterr().err
    assert err == ("python -m hexkit.demo: error: Invalid value for '--games': Input should be "
                   "a valid integer, unable to parse string as an integer\n")
    assert demo.main(["--workers", "0"]) == 2
    assert "'--workers': must be at least 1, not 0" in capsys.readouterr().err


def test_custom_agent_and_designer_sweep_report_bad_values_in_one_line() -> None:
    assert "'--games'" in run_failing("custom_agent.py", "--games", "x")
    assert "'--games'" in run_failing("custom_agent.py", "--games", "0")
    assert "'--games'" in run_failing("designer_sweep.py", "--games", "x")


def test_replay_to_svg_reports_bad_records_in_one_line(hex_record: tuple[Path, str],
                                                       tmp_path: Path) -> None:
    path, _ = hex_record
    text = path.read_text(encoding="utf-8")
    (tmp_path / "cut.json").write_text(text[: len(text) // 2])
    assert "is not JSON" in run_failing("replay_to_svg.py", tmp_path / "cut.json")
    (tmp_path / "list.json").write_text("[1, 2]")
    assert "not a game record" in run_failing("replay_to_svg.py", tmp_path / "list.json")
    assert "cannot read" in run_failing("replay_to_svg.py", tmp_path / "missing.json")
    data = json.loads(text)
    data["actions"][1] = data["actions"][0]  # the same hex twice: illegal
    (tmp_path / "illegal.json").write_text(json.dumps(data))
    assert "action 1" in run_failing("replay_to_svg.py", tmp_path / "illegal.json",
                                     "--out", tmp_path / "pics")


def test_learn_hex_imitation_beats_random() -> None:
    pytest.importorskip("numpy")
    out = run("learn_hex_imitation.py", "--games", "150", "--epochs", "15", "--eval", "100")
    found = re.search(r"^policy vs random: (\d+)/100 wins", out, re.MULTILINE)
    base = re.search(r"^untrained network vs random: (\d+)/100 wins", out, re.MULTILINE)
    assert found and base, out
    assert int(found[1]) >= 80 and int(found[1]) > int(base[1]) + 20
