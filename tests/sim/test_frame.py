"""Results as data: load_results gives one row per game and seat with the factions split."""

from __future__ import annotations

import json
from pathlib import Path

import pandas as pd
import pytest

from hexkit.sim import Study, simulate
from hexkit.sim.frame import (
    MixedResultsError,
    check_single_study,
    is_safeguard,
    load_results,
    split_faction,
)


@pytest.fixture(scope="module")
def empyreal(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("empyreal") / "r.jsonl"
    simulate(Study(game="empyreal", players=3, agents=("greedy", "random"), games=2, seed=5),
             path, backend="serial")
    return path


def test_empyreal_rows_split_company_and_captain(empyreal: Path) -> None:
    frame = load_results(empyreal)
    rows = [json.loads(line) for line in empyreal.read_text().splitlines()]
    assert len(frame) == 2 * 3  # one row per game and seat
    for column in ("game", "version", "seed", "seat", "agent", "faction", "company", "captain",
                   "score", "place", "won", "finished", "config", "end_reason", "safeguard",
                   "played:deliveries", "played:transfers"):
        assert column in frame.columns, column
    assert set(frame.version) == {rows[0]["version"]}
    for row in rows:
        mine = frame[frame.seed == row["seed"]].sort_values("seat")
        assert list(mine.agent) == row["seats"]
        assert list(mine.faction) == row["factions"]
        assert [f"{c} ({k})" for c, k in zip(mine.company, mine.captain)] == row["factions"]
        assert list(mine.score) == [float(s) for s in row["scores"]]
        assert list(mine.won) == [seat == row["winner"] for seat in range(3)]
        assert list(mine["played:deliveries"]) == [s["deliveries"] for s in row["played"]["by_seat"]]
        assert set(mine.place) == {1, 2, 3}
    # slicing in three lines, as the tutorial shows
    done = frame[frame.finished]
    by_captain = done.groupby("captain").won.agg(["mean", "count"])
    assert int(by_captain["count"].sum()) == 6


def test_soot_rows_have_an_archetype_column(tmp_path: Path) -> None:
    path = tmp_path / "s.jsonl"
    simulate(Study(game="soot", players=2, agents=("random",), games=1, seed=0,
                   overrides={"archetypes.Rancher.currency": "6"}), path, backend="serial")
    frame = load_results(path)
    row = json.loads(path.read_text())
    assert list(frame.archetype) == row["factions"]
    assert "company" not in frame.columns
    assert frame["set:archetypes.Rancher.currency"].tolist() == ["6", "6"]
    assert json.loads(frame.config[0]) == {"overrides": {"archetypes.Rancher.currency": "6"}}


def test_old_rows_without_config_read_as_the_default_config(empyreal: Path, tmp_path: Path) -> None:
    old = tmp_path / "old.jsonl"
    lines = []
    for line in empyreal.read_text().splitlines():
        row = json.loads(line)
        for field in ("config", "agents", "max_decisions"):
            del row[field]
        lines.append(json.dumps(row))
    old.write_text("\n".join(lines) + "\n")
    assert list(load_results(old).config) == ["{}"] * 6
    pd.testing.assert_frame_equal(load_results(old).drop(columns=["config"]),
                                  load_results(empyreal).drop(columns=["config"]))


def test_a_frame_of_two_configs_is_refused_naming_both(empyreal: Path) -> None:
    frame = load_results(empyreal)
    other = frame.assign(config='{"overrides": {"rules.start_mana": "5"}}')
    check_single_study(frame)
    with pytest.raises(MixedResultsError, match=r"mix 2 studies.*start_mana.*2 games.*2 games"):
        check_single_study(pd.concat([frame, other]))


def test_faction_labels_and_safeguards() -> None:
    assert split_faction("Kings' Line (Seth Cremmul)", ("company", "captain")) == \
        {"company": "Kings' Line", "captain": "Seth Cremmul"}
    assert split_faction("unchosen", ("company", "captain")) == {"company": "unchosen", "captain": None}
    assert split_faction("Rancher", ("archetype",)) == {"archetype": "Rancher"}
    assert is_safeguard("round limit (engine safeguard)")
    assert is_safeguard(None, "HexkitError: the game did not end within 40 decisions")
    assert not is_safeguard("Frontier Closes marker drawn")


def test_the_tutorials_three_line_slice_runs_as_written(empyreal: Path, tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """The balance-study tutorial's Empyreal example, run verbatim on a real Empyreal file."""
    import re
    import shutil

    tutorial = Path(__file__).resolve().parents[2] / "docs" / "tutorials" / "balance-study.md"
    text = tutorial.read_text(encoding="utf-8")
    block = re.search(r"The same three lines find.*?```python\n(.*?)```", text, re.S)
    assert block, "the tutorial's slicing example moved"
    code = [line for line in block[1].splitlines() if line.strip()]
    assert len(code) == 3
    shutil.copy(empyreal, tmp_path / "results.jsonl")
    monkeypatch.chdir(tmp_path)
    names: dict[str, object] = {"load_results": load_results}
    *lines, last = code
    exec("\n".join(lines), names)  # noqa: S102 - the documentation's own code
    table = eval(last.split("#")[0], names)  # noqa: S307
    frame = load_results(empyreal)
    done = frame[frame.finished & ~frame.safeguard]
    assert list(table.index.names) == ["agent", "captain"]
    assert list(table.columns) == ["mean", "count"]
    assert list(table["mean"]) == sorted(table["mean"])
    assert int(table["count"].sum()) == len(done) == 6
    for (agent, captain), row in table.iterrows():
        mine = done[(done.agent == agent) & (done.captain == captain)]
        assert (row["count"], row["mean"]) == (len(mine), mine.won.astype(bool).mean())


def test_the_reports_win_rates_are_the_frames_group_bys(empyreal: Path) -> None:
    """The report's tables (summarize, built on the frame) say what the DataFrame says."""
    from hexkit.sim import read_results, summarize

    frame = load_results(empyreal)
    done = frame[frame.finished]
    summary = summarize(read_results(empyreal))

    def grouped(column: str) -> dict[str, tuple[int, int]]:
        table = done.groupby(column).won.agg(lambda w: int(w.astype(bool).sum())).to_dict()
        counts = done.groupby(column).size().to_dict()
        return {str(k): (table[k], counts[k]) for k in table}

    assert {r.key: (r.wins, r.n) for r in summary.by_agent} == grouped("agent")
    assert {r.key: (r.wins, r.n) for r in summary.by_faction} == grouped("faction")
    for part in ("company", "captain"):
        assert {r.key: (r.wins, r.n) for r in summary.by_part[part]} == grouped(part)
    seats = {f"seat {k}": v for k, v in grouped("seat").items()}
    assert {r.key: (r.wins, r.n) for r in summary.by_seat} == seats


def _hand_rows() -> list[dict[str, object]]:
    base = {"game": "toy", "version": "1", "seats": ["a", "b"], "breakdown": [{"x": 2}, {}],
            "decisions": 10, "error": None, "order": [0, 1], "turns": 4, "seconds": 0.5}
    return [
        dict(base, index=0, seed=0, scores=[5, 3], winner=0, end_reason="board full",
             played={"total": {"camp": 1}, "by_seat": [{"camp": 1}, {"camp": 0}]}),
        dict(base, index=1, seed=1, seats=["b", "a"], scores=[2, 7], winner=1, order=[1, 0],
             breakdown=[{"x": 1}, {}], decided_by=["most cash"], end_reason="board full",
             played={"total": {"camp": 3}, "by_seat": [{"camp": 3}, {"camp": 0}]}),
        dict(base, index=2, seed=2, error="did not end within 99 decisions"),
    ]


def test_summary_numbers_come_from_the_frame() -> None:
    """Every table of the report, from three hand-made rows (one failed)."""
    from hexkit.sim.frame import rows_frame
    from hexkit.sim.frame_summary import summarize_frame
    from hexkit.sim.stats import ALL_SEATS
    from hexkit.sim.summary import summarize

    summary = summarize(_hand_rows())
    assert (summary.games, summary.players, summary.game) == (3, 2, "toy")
    assert summary.errors == [(2, "did not end within 99 decisions")]
    assert summary.safeguard_ends == 1
    assert [(r.key, r.wins, r.n) for r in summary.by_agent] == [("a", 2, 2), ("b", 0, 2)]
    assert [(r.key, r.wins, r.n) for r in summary.by_seat] == [("seat 0", 1, 2), ("seat 1", 1, 2)]
    assert summary.scores_by_agent == {"a": [5.0, 7.0], "b": [3.0, 2.0]}
    assert summary.decided_by == {"only player": 1, "most cash": 1}
    assert summary.end_reasons == {"board full": 2}
    assert summary.decisions == [10.0, 10.0] and summary.turns == [4.0, 4.0]
    # A part missing from a seat's breakdown counts 0: a has x = 2 and none, b none and 1.
    assert summary.components == {"a": {"x": 1.0}, "b": {"x": 0.5}}
    camp_all = summary.played["toy"][ALL_SEATS]["camp"]
    camp_b = summary.played["toy"]["b"]["camp"]
    assert (camp_all.n, camp_all.happened, camp_all.total) == (2, 2, 4)
    assert (camp_b.n, camp_b.happened, camp_b.total) == (2, 1, 3)
    assert summarize_frame(rows_frame(_hand_rows())) == summary
