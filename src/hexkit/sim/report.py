"""The report of a study: terminal tables, PNG plots and one HTML page.

``hexkit report results.jsonl --out report/`` calls :func:`write_report`.
Tables are built once as plain data (:class:`TableData`) and rendered both
with rich (terminal) and as HTML. Plots use matplotlib's ``Agg`` backend
(no display needed) and are embedded in the HTML page as base64, so the
page is one self-contained file.
"""

from __future__ import annotations

import base64
import html
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import attrs
from rich.console import Console
from rich.table import Table

from hexkit.sim.stats import ALL_SEATS, Played, Spread, Summary, WinRate

__all__ = [
    "TableData",
    "summary_tables",
    "played_tables",
    "warning_table",
    "print_tables",
    "write_plots",
    "write_html",
    "write_report",
]


@attrs.frozen
class TableData:
    """A table as text, renderable to the terminal and to HTML.

    Attributes:
        title: caption.
        headers: column names.
        rows: cells as text.
    """

    title: str
    headers: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]

    def to_rich(self) -> Table:
        """The table for a rich console."""
        table = Table(title=self.title, title_justify="left")
        for index, header in enumerate(self.headers):
            # Fold rather than cut long cells: a sweep's settings differ only
            # at the end ("archetypes.Rancher.currency=2" and "=6").
            table.add_column(header, justify="left" if index == 0 else "right", overflow="fold")
        for row in self.rows:
            table.add_row(*row)
        return table

    def to_html(self) -> str:
        """The table as an HTML fragment."""
        head = "".join(f"<th>{html.escape(h)}</th>" for h in self.headers)
        body = "".join(
            "<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in row) + "</tr>"
            for row in self.rows
        )
        return (
            f"<h2>{html.escape(self.title)}</h2>"
            f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"
        )


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _win_table(title: str, rates: Sequence[WinRate], baseline: float) -> TableData:
    rows = tuple(
        (r.key, str(r.n), str(r.wins), _pct(r.rate), f"{_pct(r.low)} - {_pct(r.high)}",
         "yes" if r.low > baseline or r.high < baseline else "no")
        for r in rates
    )
    headers = ("", "games", "wins", "win rate", "95% CI (Wilson)", f"differs from {_pct(baseline)}")
    return TableData(title, headers, rows)


def _spread_row(key: str, values: list[float]) -> tuple[str, ...]:
    s = Spread.of(values)
    return (key, str(s.n), f"{s.mean:.2f}", f"{s.median:g}", f"{s.stdev:.2f}", f"{s.low:g}", f"{s.high:g}")


_SPREAD_HEADERS = ("", "n", "mean", "median", "stdev", "min", "max")


def played_tables(summary: Summary) -> list[TableData]:
    """"What was played": for each mechanism the share of games in which it
    happened and its mean count per game, over all seats and by agent (per
    seat played). One table per game, so a mixed file is never pooled."""
    tables = []
    for game, table in summary.played.items():
        everyone = table.get(ALL_SEATS, {})
        agents = sorted(who for who in table if who != ALL_SEATS)
        rows: list[tuple[str, ...]] = []
        for name in sorted(everyone):
            for who in (ALL_SEATS, *agents):
                counts = table[who].get(name, Played())
                label = name if who == ALL_SEATS else ""
                rows.append((label, who, str(counts.n), str(counts.happened),
                             _pct(counts.share), f"{counts.mean:.2f}"))
        title = "What was played" + (f" ({game})" if summary.mixed or not summary.game else "")
        headers = ("mechanism", "seats", "games", "happened in", "share", "mean per game")
        tables.append(TableData(title, headers, tuple(rows)))
    return tables


def warning_table(summary: Summary) -> TableData | None:
    """The summary's warnings (a mixed file, a mechanism that never happens,
    a cut last line) as a one-column table, or ``None`` if there are none."""
    found = summary.warnings()
    if not found:
        return None
    return TableData("Warnings", ("warning",), tuple((w,) for w in found))


def summary_tables(summary: Summary) -> list[TableData]:
    """The report's tables: warnings, win rates by seat, agent and faction,
    scores, what was played, game length, what decided first place, and
    failed games."""
    baseline = 1 / summary.players if summary.players else 0.0
    name = summary.game or "game"
    tables = [
        TableData(
            f"{name}: {summary.games} games",
            ("games", "finished", "failed", "players", "mean seconds/game"),
            ((str(summary.games), str(summary.finished), str(len(summary.errors)),
              str(summary.players), f"{Spread.of(summary.seconds).mean:.3f}"),),
        ),
        *([w] if (w := warning_table(summary)) is not None else []),
        _win_table("Win rate by seat", summary.by_seat, baseline),
        _win_table("Win rate by agent (per seat played)", summary.by_agent, baseline),
    ]
    if summary.by_faction:
        tables.append(_win_table("Win rate by faction", summary.by_faction, baseline))
    score_rows = [_spread_row(k, v) for k, v in summary.scores_by_agent.items()]
    tables.append(TableData("Final score by agent", _SPREAD_HEADERS, tuple(score_rows)))
    if summary.scores_by_faction:
        rows = tuple(_spread_row(k, v) for k, v in sorted(summary.scores_by_faction.items()))
        tables.append(TableData("Final score by faction", _SPREAD_HEADERS, rows))
    tables.append(
        TableData("Final score by seat", _SPREAD_HEADERS,
                  tuple(_spread_row(k, v) for k, v in summary.scores_by_seat.items()))
    )
    parts = sorted({p for comps in summary.components.values() for p in comps})
    if parts:
        rows = tuple(
            (group, *(f"{comps.get(p, 0.0):.2f}" for p in parts))
            for group, comps in summary.components.items()
        )
        tables.append(TableData("Mean score breakdown", ("", *parts), rows))
    tables += played_tables(summary)
    length_rows = [_spread_row("decisions", summary.decisions)]
    if summary.turns:
        length_rows.append(_spread_row("turns", summary.turns))
    tables.append(TableData("Game length", _SPREAD_HEADERS, tuple(length_rows)))
    if summary.decided_by:
        finished = max(1, summary.finished)
        rows = tuple(
            (rule, str(n), _pct(n / finished)) for rule, n in summary.decided_by.items()
        )
        tables.append(TableData("What decided first place", ("rule", "games", "share"), rows))
    if summary.end_reasons:
        finished = max(1, summary.finished)
        rows = tuple(
            (reason, str(n), _pct(n / finished)) for reason, n in summary.end_reasons.items()
        )
        tables.append(TableData("How games ended", ("reason", "games", "share"), rows))
    if summary.errors:
        rows = tuple((str(seed), error[:120]) for seed, error in summary.errors[:20])
        title = f"Failed games ({len(summary.errors)}; first 20)"
        tables.append(TableData(title, ("seed", "error"), rows))
    return tables


def print_tables(tables: Sequence[TableData], console: Console | None = None) -> None:
    """Print tables to the terminal."""
    console = console or Console()
    for table in tables:
        console.print(table.to_rich())


def _pyplot() -> Any:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def _win_rate_axes(ax: Any, title: str, rates: Sequence[WinRate], baseline: float) -> None:
    keys = [r.key for r in rates]
    values = [r.rate for r in rates]
    errors = [[max(0.0, r.rate - r.low) for r in rates], [max(0.0, r.high - r.rate) for r in rates]]
    ax.bar(range(len(keys)), values, yerr=errors, capsize=4, color="#4c72b0")
    ax.axhline(baseline, color="grey", linestyle="--", linewidth=1, label="equal chance")
    ax.set_xticks(range(len(keys)), keys, rotation=30, ha="right", fontsize=8)
    ax.set_ylim(0, 1)
    ax.set_ylabel("win rate (95% CI)")
    ax.set_title(title)
    ax.legend(fontsize=8)


def write_plots(summary: Summary, out: Path) -> dict[str, Path]:
    """Write the report's PNG plots into ``out``.

    Returns:
        Plot file by title: score distributions, win rates with intervals,
        score-component breakdown, game-length histogram.
    """
    plt = _pyplot()
    out.mkdir(parents=True, exist_ok=True)
    written: dict[str, Path] = {}
    baseline = 1 / summary.players if summary.players else 0.0

    def save(fig: Any, name: str, title: str) -> None:
        path = out / name
        fig.tight_layout()
        fig.savefig(path, dpi=90)
        plt.close(fig)
        written[title] = path

    groups = summary.groups()
    if groups:
        label = "faction" if summary.scores_by_faction else "agent"
        keys = sorted(groups)
        fig, ax = plt.subplots(figsize=(max(5.0, 1.2 * len(keys)), 4))
        ax.boxplot([groups[k] for k in keys], showmeans=True)
        ax.set_xticks(range(1, len(keys) + 1), keys, rotation=30, ha="right", fontsize=8)
        ax.set_ylabel("final score")
        ax.set_title(f"Score distribution by {label}")
        save(fig, "scores.png", f"Score distribution by {label}")

    panels = [("by seat", summary.by_seat), ("by agent", summary.by_agent)]
    if summary.by_faction:
        panels.append(("by faction", summary.by_faction))
    fig, axes = plt.subplots(1, len(panels), figsize=(5 * len(panels), 4), squeeze=False)
    for ax, (title, rates) in zip(axes[0], panels):
        _win_rate_axes(ax, f"Win rate {title}", rates, baseline)
    save(fig, "win_rates.png", "Win rates with 95% intervals")

    if summary.components:
        # A part named "total" repeats the sum of the others: leave it out.
        parts = sorted({p for comps in summary.components.values() for p in comps
                        if p.lower() != "total"})
        keys = list(summary.components)
        colours = plt.get_cmap("tab20").colors
        fig, ax = plt.subplots(figsize=(max(6.0, 1.3 * len(keys) + 3), 4.5))
        up = [0.0] * len(keys)
        down = [0.0] * len(keys)
        for index, part in enumerate(parts):
            heights = [summary.components[k].get(part, 0.0) for k in keys]
            # Positive parts stack up from zero, negative ones (penalties) down.
            bottoms = [u if h >= 0 else d for h, u, d in zip(heights, up, down)]
            ax.bar(range(len(keys)), heights, bottom=bottoms, label=part,
                   color=colours[index % len(colours)])
            up = [u + max(h, 0.0) for u, h in zip(up, heights)]
            down = [d + min(h, 0.0) for d, h in zip(down, heights)]
        ax.axhline(0, color="black", linewidth=0.8)
        ax.set_xticks(range(len(keys)), keys, rotation=30, ha="right", fontsize=8)
        ax.set_ylabel("mean points")
        ax.set_title("Score breakdown (mean per game)")
        ax.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.0, 1.0))
        save(fig, "components.png", "Score-component breakdown")

    fig, ax = plt.subplots(figsize=(6, 4))
    if summary.decisions:
        ax.hist(summary.decisions, bins=min(30, max(5, len(set(summary.decisions)))), color="#55a868")
    ax.set_xlabel("decisions per game")
    ax.set_ylabel("games")
    ax.set_title("Game length")
    if summary.turns:
        twin = ax.twiny()
        twin.set_xlabel(f"turns: mean {Spread.of(summary.turns).mean:.1f}")
        twin.set_xticks([])
    save(fig, "length.png", "Game length histogram")
    return written


_STYLE = """
body { font-family: system-ui, sans-serif; margin: 2em; max-width: 1100px; }
table { border-collapse: collapse; margin-bottom: 1em; }
th, td { border: 1px solid #ccc; padding: 0.25em 0.6em; text-align: right; }
td:first-child, th:first-child { text-align: left; }
img { max-width: 100%; display: block; margin: 1em 0; }
"""


def write_html(
    title: str,
    sections: Sequence[tuple[str, Sequence[TableData], dict[str, Path]]],
    path: Path,
    notes: Sequence[str] = (),
) -> Path:
    """Write one self-contained HTML page (images inlined as base64).

    Args:
        title: page title.
        sections: (heading, tables, plots by title) per section.
        path: the file to write.
        notes: paragraphs under the title.

    Returns:
        ``path``.
    """
    parts = [
        "<!DOCTYPE html><html><head><meta charset='utf-8'>",
        f"<title>{html.escape(title)}</title><style>{_STYLE}</style></head><body>",
        f"<h1>{html.escape(title)}</h1>",
    ]
    parts += [f"<p>{html.escape(note)}</p>" for note in notes]
    for heading, tables, plots in sections:
        if heading:
            parts.append(f"<h1>{html.escape(heading)}</h1>")
        parts += [table.to_html() for table in tables]
        for plot_title, plot in plots.items():
            data = base64.b64encode(plot.read_bytes()).decode("ascii")
            parts.append(f"<h2>{html.escape(plot_title)}</h2>")
            parts.append(f"<img alt='{html.escape(plot_title)}' src='data:image/png;base64,{data}'>")
    parts.append("</body></html>")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(parts), encoding="utf-8")
    return path


def write_report(
    summary: Summary, out: str | Path, notes: Sequence[str] = ()
) -> tuple[list[TableData], Path]:
    """Write the PNG plots and ``index.html`` of one study into ``out``.

    Returns:
        The tables (for printing) and the HTML page's path.
    """
    directory = Path(out)
    tables = summary_tables(summary)
    plots = write_plots(summary, directory)
    page = write_html(
        f"hexkit report: {summary.game or 'study'}", [("", tables, plots)],
        directory / "index.html", notes,
    )
    return tables, page
