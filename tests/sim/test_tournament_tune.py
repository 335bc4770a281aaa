"""Tournaments rate agents in the right order; tuning searches, resumes and keeps its history."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from hexkit.cli import main
from hexkit.errors import ConfigError
from hexkit.sim import Study
from hexkit.sim.run import ResultsFileError
from hexkit.sim.tournament import Tournament, pairings, run_tournament
from hexkit.sim.tune import parse_param, parse_target, run_tune


def test_a_small_round_robin_rates_random_below_greedy_below_mcts(tmp_path: Path) -> None:
    tournament = Tournament(game="hex", agents=("random", "greedy", "mcts:iterations=120"),
                            players=2, games=8, seed=0, options={"size": 4})
    result = run_tournament(tournament, tmp_path / "t", backend="serial")
    assert len(result.files) == 3 and len(result.rows) == 24
    ranked = [r.agent for r in result.ratings]
    assert ranked == ["mcts:iterations=120", "greedy", "random"]
    mu = {r.agent: r.mu for r in result.ratings}
    assert mu["random"] < mu["greedy"] < mu["mcts:iterations=120"]
    assert all(0 < r.sigma < 25 / 3 for r in result.ratings)  # uncertainty shrank, not gone
    assert all(r.games == 16 for r in result.ratings)
    # every agent of a pairing sat in each seat equally often
    for line_up, path in result.files.items():
        seats = [json.loads(line)["seats"] for line in path.read_text().splitlines()]
        assert sorted(map(tuple, seats)) == sorted([line_up, line_up[::-1]] * 4)


def test_tournament_command_writes_table_plot_and_resumes(tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "t"
    args = ["tournament", "hex", "--agents", "random,greedy", "--games", "4", "--set", "size=3",
            "--backend", "serial", "--out", str(out)]
    assert main(args) == 0
    text = capsys.readouterr().out
    assert "Ratings (openskill Plackett-Luce" in text and "Head to head" in text
    assert (out / "ratings.png").exists() and "Ratings" in (out / "index.html").read_text()
    assert main(args) == 2
    assert main([*args, "--resume"]) == 0


def test_pairings_cover_every_line_up() -> None:
    assert pairings(["a", "b", "c"], 3) == [("a", "b", "c")]
    assert pairings(["a", "b"], 3) == [("a", "a", "b"), ("a", "b", "b")]
    with pytest.raises(ConfigError, match="two different agents"):
        pairings(["a", "a"], 2)


def test_params_and_targets_are_parsed_with_clear_errors() -> None:
    assert parse_param("rules.start_mana=3..7").integer
    param = parse_param("x=0.5..1.5")
    assert (param.low, param.high, param.integer) == (0.5, 1.5, False)
    with pytest.raises(ConfigError, match="expected PATH=LOW..HIGH"):
        parse_param("size=3-7")
    with pytest.raises(ConfigError, match="LOW 7 is above HIGH 3"):
        parse_param("size=7..3")
    assert parse_target("median-winning-score=65..75").high == 75
    assert parse_target("faction-spread:captain").part == "captain"
    assert parse_target("mechanisms=0.5").low == 0.5
    with pytest.raises(ConfigError, match="choose median-winning-score"):
        parse_target("fun")


def test_tuning_runs_resumes_an_interrupted_trial_and_saves_history(tmp_path: Path) -> None:
    import optuna

    base = Study(game="hex", players=2, agents=("random",), games=6, seed=0)
    params = [parse_param("size=3..6")]
    target = parse_target("faction-spread")
    first = run_tune(base, params, target, tmp_path, trials=2, backend="serial")
    assert first.trials == 2
    with pytest.raises(ResultsFileError, match="already holds a tuning study"):
        run_tune(base, params, target, tmp_path, trials=3, backend="serial")
    # an interrupted trial: asked, never told
    study = optuna.load_study(study_name="hexkit-tune", storage=f"sqlite:///{tmp_path / 'tune.db'}")
    hung = study.ask({"size": optuna.distributions.IntDistribution(3, 6)})
    resumed = run_tune(base, params, target, tmp_path, trials=4, backend="serial", mode="resume")
    assert resumed.trials == 4
    trials = optuna.load_study(study_name="hexkit-tune",
                               storage=f"sqlite:///{tmp_path / 'tune.db'}").trials
    assert trials[hung.number].state.name == "FAIL"
    assert trials[hung.number + 1].params == hung.params  # asked again with the same value
    with (tmp_path / "history.csv").open() as handle:
        history = list(csv.DictReader(handle))
    assert [h["state"] for h in history].count("COMPLETE") == 4
    for h in history:
        if h["state"] == "COMPLETE":
            lines = (tmp_path / h["results"]).read_text().splitlines()
            assert [json.loads(x)["index"] for x in lines] == list(range(6))  # no game twice
    assert (tmp_path / "history.png").exists()
    assert 0 <= resumed.best_loss <= 1 and resumed.best["size"] in range(3, 7)
    with pytest.raises(ResultsFileError, match="another target"):
        run_tune(base, params, parse_target("mechanisms=0.5"), tmp_path, trials=5,
                 backend="serial", mode="resume")


def test_a_trial_that_repeats_earlier_values_says_so_and_plays_no_game(tmp_path: Path) -> None:
    """size=3..4 has two values, so 4 trials repeat at least two; each names its earlier trial."""
    base = Study(game="hex", players=2, agents=("random",), games=4, seed=0)
    repeats: list[tuple[int, int]] = []
    played: list[int] = []
    result = run_tune(base, [parse_param("size=3..4")], parse_target("faction-spread"), tmp_path,
                      trials=4, backend="serial", on_repeat=lambda n, e: repeats.append((n, e)),
                      progress=lambda _row: played.append(1))
    assert result.trials == 4
    distinct = result.history["size"].nunique()
    assert len(repeats) == 4 - distinct >= 2  # two values, four trials
    assert all(earlier < number for number, earlier in repeats)
    assert len(played) == distinct * 4  # 4 games a distinct value: none played for a repeat
    marked = result.history.dropna(subset=["repeat_of"])
    assert sorted(zip(marked.trial, marked.repeat_of.astype(int))) == sorted(repeats)
    for number, earlier in repeats:
        rows = result.history.set_index("trial")
        assert rows.loc[number, "loss"] == rows.loc[earlier, "loss"]


def test_long_trial_file_names_never_collide() -> None:
    from hexkit.sim.tune import _values_slug

    prefix = {f"data.a{i}.very_long_parameter_name": 1 for i in range(8)}
    one, two = _values_slug(dict(prefix, z=1)), _values_slug(dict(prefix, z=2))
    assert one != two and len(one) <= 150 and len(two) <= 150
    assert _values_slug({"size": 5}) == "size=5"
