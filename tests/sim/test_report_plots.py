"""The report at page width: plot sizes, sorted bars, labels that do not overlap."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hexkit.sim.report import DPI, PAGE_WIDTH, _pyplot, _win_rate_axes, plot_sizes, write_report
from hexkit.sim.stats import WinRate
from hexkit.sim.summary import summarize


def _row(seed: int, factions: list[str], winner: int) -> dict[str, Any]:
    return {"game": "toy", "seed": seed, "index": seed, "seats": ["greedy", "random"],
            "scores": [2 if winner == 0 else 1, 2 if winner == 1 else 1], "winner": winner,
            "order": [winner, 1 - winner], "decided_by": ["total"], "decisions": 10,
            "error": None, "breakdown": [{"a": 1}, {"a": 1}], "factions": factions}


def test_29_factions_fit_the_page_without_overlapping_labels(tmp_path: Path) -> None:
    import random

    names = [f"Company {i} (Captain with a long name {i})" for i in range(29)]
    luck = random.Random(1)
    rows = [_row(s, [names[s % 29], names[(s + 7) % 29]], luck.randrange(2)) for s in range(290)]
    summary = summarize(rows)
    assert len(summary.by_faction) == 29
    _, page = write_report(summary, tmp_path)
    html = page.read_text()
    for png in tmp_path.glob("*.png"):
        width, height = plot_sizes(png)
        assert width == PAGE_WIDTH * DPI <= 1100, png.name  # shown at its own size at 1280 px
        assert f'width="{width}" height="{height}"' in html
    assert plot_sizes(tmp_path / "win_rate_faction.png")[1] >= 29 * 0.3 * DPI
    # the labels themselves, drawn as in the report: 29, sorted, none overlapping
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(PAGE_WIDTH, 0.3 * 29 + 1.4), layout="constrained")
    _win_rate_axes(ax, "Win rate by faction", summary.by_faction, 0.5)
    fig.canvas.draw()
    labels = [t for t in ax.get_yticklabels() if t.get_text()]
    assert len(labels) == 29
    boxes = [t.get_window_extent() for t in labels]
    for below, above in zip(boxes, boxes[1:]):
        assert below.y1 <= above.y0, "overlapping labels"
    assert all(box.x0 >= 0 for box in boxes)  # inside the figure
    widths = [bar.get_width() for bar in ax.patches[:29]]  # bottom to top
    assert widths == sorted(widths) and widths[0] < widths[-1]  # highest win rate on top
    legend = ax.get_legend().get_window_extent()
    assert legend.x0 >= ax.get_window_extent().x1  # the legend is outside the data
    plt.close(fig)


def test_small_samples_are_flagged_in_tables_and_warnings(tmp_path: Path) -> None:
    rows = [_row(s, ["Big", "Small" if s < 5 else "Big"], s % 2) for s in range(80)]
    summary = summarize(rows)
    rates = {r.key: r for r in summary.by_faction}
    assert rates["Small"].n == 5
    tables, _ = write_report(summary, tmp_path)
    faction = next(t for t in tables if t.title == "Win rate by faction")
    flags = {r[0]: r[-1] for r in faction.rows}
    assert flags == {"Big": "", "Small": "small"}
    assert any("1 faction rows have fewer than 30" in w for w in summary.warnings())


def test_a_safeguard_ending_is_warned() -> None:
    rows = [dict(_row(s, ["A", "B"], s % 2), end_reason="round limit (engine safeguard)" if s < 3
                 else "6 Demand Tiles") for s in range(10)]
    warnings = summarize(rows).warnings()
    assert any(w.startswith("3 of 10 games were ended by an engine safeguard") for w in warnings)


def test_win_rates_by_faction_part_and_by_agent_and_part() -> None:
    rows = [_row(s, ["Kings' Line (Seth)", "Golden Sands (Iria)"], 0 if s < 15 else 1)
            for s in range(20)]
    summary = summarize(rows)
    assert summary.by_part == {}  # 'toy' has no faction_parts hook: no parts invented
    # A game with the hook: Empyreal's labels split into company and captain
    rows = [dict(r, game="empyreal") for r in rows]
    summary = summarize(rows)
    captain = {r.key: (r.wins, r.n) for r in summary.by_part["captain"]}
    assert captain == {"Seth": (15, 20), "Iria": (5, 20)}
    pairs = {r.key: (r.wins, r.n) for r in summary.by_agent_part["captain"]}
    assert pairs == {"greedy / Seth": (15, 20), "random / Iria": (5, 20)}
    assert WinRate.of("x", 15, 20).low < 0.75 < WinRate.of("x", 15, 20).high


def test_the_sweep_plot_keeps_its_legend_and_tick_labels_clear(tmp_path: Path) -> None:
    from hexkit.sim import Study
    from hexkit.sim.sweep import SweepPoint, sweep_figure, write_sweep_plot

    archetypes = ["Rancher", "Industrialist", "Preservationist", "Speculator"]
    points = []
    for value in range(8):  # 8 settings with long paths, 4 factions
        rows = [_row(s, [archetypes[s % 4], archetypes[(s + 1) % 4]], (s + value) % 2)
                for s in range(40)]
        label = {"archetypes.Rancher.currency": str(value), "rules.market.refill_at": "2"}
        points.append(SweepPoint(label, Study(game="toy", players=2, agents=("greedy", "random")), summarize(rows), tmp_path / "x.jsonl"))
    plt = _pyplot()
    fig = sweep_figure(points)
    fig.canvas.draw()
    axes = fig.axes
    assert len(axes) == 2
    legend = fig.legends[0].get_window_extent()
    assert [t.get_text() for t in fig.legends[0].get_texts()] == sorted(archetypes)
    assert all(legend.x0 >= ax.get_window_extent().x1 for ax in axes)  # outside the data
    for ax in axes:
        # the values that vary on the ticks; their path, and the fixed setting, below
        assert [t.get_text() for t in ax.get_xticklabels()] == [str(v) for v in range(8)]
        assert ax.get_xlabel() == "archetypes.Rancher.currency (fixed: rules.market.refill_at=2)"
        ticks = [t.get_window_extent() for t in ax.get_xticklabels() if t.get_text()]
        assert len(ticks) == 8
        for left, right in zip(ticks, ticks[1:]):
            assert left.x1 <= right.x0, "overlapping sweep labels"
    assert axes[0].xaxis.label.get_window_extent().x1 <= axes[1].get_window_extent().x0
    plt.close(fig)
    path = write_sweep_plot(points, tmp_path / "sweep.png")
    assert plot_sizes(path) == (PAGE_WIDTH * DPI, int(4.2 * DPI))
    # two settings varying together, 8 points: "value / value" ticks that still fit
    for number, point in enumerate(points):
        point.label["rules.market.refill_at"] = str(number % 2 + 1)
    fig = sweep_figure(points)
    fig.canvas.draw()
    ax = fig.axes[0]
    assert ax.get_xticklabels()[3].get_text() == "3 / 2"
    assert ax.get_xlabel() == "archetypes.Rancher.currency / rules.market.refill_at"
    ticks = [t.get_window_extent() for t in ax.get_xticklabels()]
    assert all(a.x1 <= b.x0 for a, b in zip(ticks, ticks[1:]))
    plt.close(fig)
