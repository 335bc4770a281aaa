"""Study summaries (Wilson intervals, win rates, scores) and the written report."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from hexkit.errors import InvalidRecordError
from hexkit.sim.report import summary_tables, write_report
from hexkit.sim.frame import MixedResultsError
from hexkit.sim.results import read_results
from hexkit.sim.stats import Spread, wilson
from hexkit.sim.summary import summarize, summarize_studies


def test_wilson_interval_matches_published_values() -> None:
    # 95% Wilson score intervals (Newcombe 1998, Table I style figures).
    assert [round(x, 4) for x in wilson(60, 100)] == [0.5020, 0.6906]
    assert [round(x, 4) for x in wilson(0, 10)] == [0.0, 0.2775]
    assert [round(x, 4) for x in wilson(10, 10)] == [0.7225, 1.0]
    assert [round(x, 4) for x in wilson(81, 263)] == [0.2553, 0.3662]
    assert wilson(0, 0) == (0.0, 1.0)


def row(seed: int, seats: list[str], scores: list[int], winner: int, **extra: Any) -> dict[str, Any]:
    order = sorted(range(len(scores)), key=lambda p: (p != winner, -scores[p], p))
    base = {
        "game": "toy", "seed": seed, "seats": seats, "scores": scores, "winner": winner,
        "order": order, "decided_by": ["total"] * (len(scores) - 1), "decisions": 10 + seed,
        "turns": 5, "seconds": 0.5, "error": None,
        "breakdown": [{"cards": s - 1, "pairs": 1} for s in scores], "factions": None,
    }
    base.update(extra)
    return base


ROWS = [
    row(0, ["mcts", "random"], [9, 4], 0, factions=["Red", "Blue"]),
    row(1, ["random", "mcts"], [3, 8], 1, factions=["Red", "Blue"]),
    row(2, ["mcts", "random"], [5, 6], 1, factions=["Blue", "Red"],
        decided_by=["most cards"]),
    row(3, ["random", "mcts"], [7, 7], 1, factions=["Blue", "Red"], decided_by=["tied"]),
    {"game": "toy", "seed": 4, "seats": ["mcts", "random"], "error": "RuntimeError: boom",
     "record": {}},
]


def test_summary_counts_wins_by_seat_agent_and_faction() -> None:
    summary = summarize(ROWS)
    assert (summary.games, summary.finished, summary.errors) == (5, 4, [(4, "RuntimeError: boom")])
    assert [(r.key, r.wins, r.n) for r in summary.by_seat] == [("seat 0", 1, 4), ("seat 1", 3, 4)]
    assert [(r.key, r.wins, r.n) for r in summary.by_agent] == [("mcts", 3, 4), ("random", 1, 4)]
    assert [(r.key, r.wins, r.n) for r in summary.by_faction] == [("Blue", 1, 4), ("Red", 3, 4)]
    mcts = summary.by_agent[0]
    assert (mcts.low, mcts.high) == wilson(3, 4)
    assert summary.scores_by_agent["mcts"] == [9, 8, 5, 7]
    assert summary.decided_by == {"total": 2, "most cards": 1, "tied": 1}
    assert summary.components["Red"] == {"cards": (8 + 2 + 5 + 6) / 4, "pairs": 1.0}
    assert summary.decisions == [10, 11, 12, 13] and summary.turns == [5, 5, 5, 5]
    spread = Spread.of(summary.scores_by_agent["mcts"])
    assert (spread.mean, spread.median, spread.low, spread.high) == (7.25, 7.5, 5, 9)


def test_tables_flag_rates_that_differ_from_an_even_chance() -> None:
    many = [row(i, ["mcts", "random"] if i % 2 == 0 else ["random", "mcts"], [1, 0] if i % 2 == 0
                else [0, 1], i % 2) for i in range(40)]
    tables = {t.title: t for t in summary_tables(summarize(many))}
    agent = tables["Win rate by agent (per seat played)"]
    assert agent.rows[0][:4] == ("mcts", "40", "40", "100.0%")
    # exact binomial p of 40/40 against 1/2 is 2 * 0.5**40; Holm over 2 rows doubles it
    assert float(agent.rows[0][5]) == pytest.approx(2 * 2 * 0.5**40, rel=0.05)
    assert agent.rows[0][6:] == ("yes", "")
    assert "Holm-adjusted over the 2 rows" in agent.note
    seat = tables["Win rate by seat"]
    assert seat.rows[0][3] == "50.0%" and seat.rows[0][6] == "no"


def test_report_writes_pngs_and_one_self_contained_page(tmp_path: Path) -> None:
    tables, page = write_report(summarize(ROWS), tmp_path / "out")
    pngs = sorted(p.name for p in (tmp_path / "out").glob("*.png"))
    assert pngs == ["components.png", "length.png", "scores.png", "win_rate_agent.png",
                    "win_rate_faction.png", "win_rate_seat.png"]
    for name in pngs:
        assert (tmp_path / "out" / name).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    text = page.read_text()
    assert text.count('src="data:image/png;base64,') == 6
    assert not re.search(r"src=['\"](?!data:)", text)
    assert "Win rate by faction" in text and "RuntimeError: boom" in text
    assert any(t.title == "Failed games (1; first 20)" for t in tables)


def test_results_files_are_read_line_by_line_with_clear_errors(tmp_path: Path) -> None:
    path = tmp_path / "r.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in ROWS[:2]) + "\n\n")
    assert [r["seed"] for r in read_results(path)] == [0, 1]
    path.write_text(json.dumps(ROWS[0]) + "\n{not json\n")
    with pytest.raises(InvalidRecordError, match=r"r.jsonl:2"):
        list(read_results(path))
    path.write_text('[1, 2]\n')
    with pytest.raises(InvalidRecordError, match="not a result row"):
        list(read_results(path))
    with pytest.raises(InvalidRecordError, match="cannot read results"):
        list(read_results(tmp_path / "missing.jsonl"))
    broken = dict(ROWS[0])
    del broken["scores"]
    with pytest.raises(InvalidRecordError, match="incomplete result row"):
        summarize([broken])


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("scores", [1.0], r"seed 0\.scores.*expected 2 numbers"),
        ("scores", ["28", "3"], r"seed 0\.scores"),
        ("winner", 9, r"seed 0\.winner.*seat 9 is not one of 0\.\.1"),
        ("breakdown", "points", r"seed 0\.breakdown"),
        ("factions", ["Red"], r"seed 0\.factions"),
    ],
)
def test_a_tampered_row_is_refused_naming_the_seed_and_field(field: str, value: object, message: str) -> None:
    row = {**ROWS[0], field: value}
    with pytest.raises(InvalidRecordError, match=message):
        summarize([row])


def test_wilson_interval_always_contains_the_observed_rate() -> None:
    # Floating point used to give wilson(0, 400)[0] == 8.7e-19 and
    # wilson(400, 400)[1] == 0.9999999999999999, so `rate - low` went negative
    # and matplotlib refused the error bars (the demo crashed).
    for n in range(1, 1001):
        assert wilson(0, n)[0] == 0.0
        assert wilson(n, n)[1] == 1.0
        for wins in {0, 1, n // 2, n - 1, n}:
            low, high = wilson(wins, n)
            assert 0.0 <= low <= wins / n <= high <= 1.0


def test_report_plots_an_agent_that_never_wins_and_one_that_always_wins(tmp_path: Path) -> None:
    # 400 appearances each: the n at which the demo crashed.
    rows = [
        row(seed, ["greedy", "random"] if seed % 2 == 0 else ["random", "greedy"],
            [9, 1] if seed % 2 == 0 else [1, 9], seed % 2)
        for seed in range(400)
    ]
    summary = summarize(rows)
    rates = {r.key: r for r in summary.by_agent}
    assert (rates["greedy"].rate, rates["greedy"].high) == (1.0, 1.0)
    assert (rates["random"].rate, rates["random"].low) == (0.0, 0.0)
    _, page = write_report(summary, tmp_path / "out")
    assert (tmp_path / "out" / "win_rate_agent.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert page.exists()


# -- what was played -------------------------------------------------------------
def _played(by_seat: list[dict[str, int]]) -> dict[str, Any]:
    total = {k: sum(s[k] for s in by_seat) for k in by_seat[0]}
    return {"total": total, "by_seat": by_seat}


def test_what_was_played_gives_shares_and_means_by_agent_and_warns() -> None:
    rows = [
        row(0, ["a", "b"], [3, 1], 0, played=_played([{"camps": 2, "loans": 0}, {"camps": 0, "loans": 0}])),
        row(1, ["b", "a"], [1, 3], 1, played=_played([{"camps": 1, "loans": 0}, {"camps": 3, "loans": 0}])),
        row(2, ["a", "b"], [3, 1], 0, played=_played([{"camps": 0, "loans": 0}, {"camps": 0, "loans": 0}])),
    ]
    summary = summarize(rows)
    camps = summary.played["toy"]
    assert (camps["all seats"]["camps"].happened, camps["all seats"]["camps"].total) == (2, 6)
    assert (camps["a"]["camps"].n, camps["a"]["camps"].happened, camps["a"]["camps"].mean) == (3, 2, 5 / 3)
    assert (camps["b"]["camps"].happened, camps["b"]["camps"].mean) == (1, 1 / 3)
    assert summary.warnings() == ["toy: 'loans' never happened in 3 finished games"]
    tables = {t.title: t for t in summary_tables(summary)}
    table = tables["What was played"]
    assert table.rows[0] == ("camps", "all seats", "3", "2", "66.7%", "2.00")
    assert table.rows[1] == ("", "a", "3", "2", "66.7%", "1.67")
    assert tables["Warnings"].rows == (("toy: 'loans' never happened in 3 finished games",),)


def test_summarize_refuses_rows_of_two_games_and_splits_them_on_request(tmp_path: Path) -> None:
    rows = [
        row(0, ["a", "b"], [3, 1], 0, played=_played([{"camps": 1}, {"camps": 0}])),
        dict(row(1, ["a", "b"], [1, 3], 1, played=_played([{"moves": 4}, {"moves": 5}])), game="hex"),
    ]
    with pytest.raises(MixedResultsError, match=r"toy .*2 players.* and, from seed 1, hex "):
        summarize(rows)
    parts = summarize_studies(rows)
    assert [key[0] for key in parts] == ["toy", "hex"]
    toy, hexes = parts.values()
    assert (toy.games, hexes.games) == (1, 1)
    assert {r.key: (r.wins, r.n) for r in toy.by_agent} == {"a": (1, 1), "b": (0, 1)}
    assert {r.key: (r.wins, r.n) for r in hexes.by_agent} == {"a": (0, 1), "b": (1, 1)}
    assert set(toy.played) == {"toy"} and set(hexes.played) == {"hex"}
    assert not toy.mixed and not any("mixes" in w for w in toy.warnings())


@pytest.mark.parametrize(
    ("change", "named"),
    [
        ({"config": {"overrides": {"rules.start_mana": 5}}}, "start_mana"),
        ({"version": "9.9"}, "toy 9.9"),
        ({"seats": ["a", "b", "c"], "scores": [1, 3, 0], "breakdown": [{}, {}, {}]}, "3 players"),
    ],
)
def test_summarize_never_pools_configs_versions_or_player_counts(change: dict[str, Any],
                                                                 named: str) -> None:
    first = [row(s, ["a", "b"], [3, 1], 0) for s in range(3)]
    other = [dict(row(s, ["a", "b"], [1, 3], 1), **change) for s in range(3, 5)]
    with pytest.raises(MixedResultsError, match=f"from seed 3, .*{re.escape(named)}"):
        summarize(first + other)
    parts = summarize_studies(first + other)
    assert [p.games for p in parts.values()] == [3, 2]
    assert [next(r.wins for r in p.by_agent if r.key == "a") for p in parts.values()] == [3, 0]


def test_summarize_of_a_mixed_file_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "mixed.jsonl"
    lines = [row(0, ["a", "b"], [3, 1], 0), dict(row(1, ["a", "b"], [3, 1], 0), game="hex")]
    path.write_text("".join(json.dumps(r) + "\n" for r in lines))
    with pytest.raises(MixedResultsError, match="never pooled"):
        summarize(read_results(path))
    assert [p.games for p in summarize_studies(read_results(path)).values()] == [1, 1]


def test_a_bad_played_field_is_refused_naming_the_row() -> None:
    bad = row(4, ["a", "b"], [3, 1], 0, played={"total": {"camps": 1}, "by_seat": [{"camps": 1}]})
    with pytest.raises(InvalidRecordError, match=r"seed 4\.played"):
        summarize([bad])
