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
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import attrs
from rich.console import Console
from rich.table import Table

from hexkit.sim.stats import (
    ALL_SEATS,
    SMALL_SAMPLE,
    Played,
    Spread,
    Summary,
    WinRate,
    adjust_p,
    binomial_p,
)
from hexkit.sim.results import read_results
from hexkit.sim.summary import summarize

__all__ = [
    "TableData",
    "summary_tables",
    "played_tables",
    "warning_table",
    "print_tables",
    "write_plots",
    "write_html",
    "write_report",
    "split_studies",
    "report_file",
    "section_heading",
    "plot_sizes",
    "PAGE_WIDTH",
    "DPI",
]


@attrs.frozen
class TableData:
    """A table as text, renderable to the terminal and to HTML.

    Attributes:
        title: caption.
        headers: column names.
        rows: cells as text.
        note: how to read it (the statistics used), under the table.
    """

    title: str
    headers: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    note: str = ""

    def to_rich(self) -> Table:
        """The table for a rich console."""
        table = Table(title=self.title, title_justify="left", caption=self.note or None,
                      caption_justify="left")
        widths = [max([len(h), *(len(r[i]) for r in self.rows if i < len(r))])
                  for i, h in enumerate(self.headers)]
        for index, header in enumerate(self.headers):
            # The first column (names, a sweep's settings) keeps its words
            # whole: it wraps between words, at least 28 characters wide, rather
            # than folding into letter fragments; number columns never wrap.
            if index == 0:
                table.add_column(header, justify="left", overflow="fold",
                                 min_width=min(widths[0], 28))
            else:
                table.add_column(header, justify="right", overflow="fold")
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


def _win_table(title: str, rates: Sequence[WinRate], baseline: float,
               method: str = "holm") -> TableData:
    """Win rates with Wilson intervals, the exact binomial test against the
    fair share, its p-value adjusted over the table's rows (Holm by default)
    and a flag for small samples; rows sorted by win rate, highest first."""
    ordered = sorted(rates, key=lambda r: (-r.rate, r.key))
    raw = [binomial_p(r.wins, r.n, baseline) if 0 < baseline < 1 else 1.0 for r in ordered]
    adjusted = adjust_p(raw, method)
    name = {"holm": "Holm", "fdr_bh": "Benjamini-Hochberg"}.get(method, method)
    rows = tuple(
        (r.key, str(r.n), str(r.wins), _pct(r.rate), f"{100 * r.low:.1f}-{_pct(r.high)}",
         f"{p:.2g}", "yes" if p < 0.05 else "no", "small" if r.n < SMALL_SAMPLE else "")
        for r, p in zip(ordered, adjusted)
    )
    headers = ("", "games", "wins", "rate", "95% CI", "p adj.", "differs", f"n<{SMALL_SAMPLE}")
    note = (f"95% CI: Wilson. p: exact binomial test against the fair share "
            f"{_pct(baseline)}, {name}-adjusted over the {len(ordered)} rows. differs: p < 0.05.")
    return TableData(title, headers, rows, note)


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
            f"{name}: {summary.games} games"
            + (f", config {summary.config}" if summary.config not in ("", "{}") else ""),
            ("games", "finished", "failed", "players", "mean seconds/game"),
            ((str(summary.games), str(summary.finished), str(len(summary.errors)),
              str(summary.players), f"{Spread.of(summary.seconds).mean:.3f}"),),
        ),
        *([w] if (w := warning_table(summary)) is not None else []),
        _win_table("Win rate by seat", summary.by_seat, baseline),
        _win_table("Win rate by agent (per seat played)", summary.by_agent, baseline),
    ]
    for part, rates in summary.by_part.items():
        tables.append(_win_table(f"Win rate by {part}", rates, baseline))
    for part, rates in summary.by_agent_part.items():
        tables.append(_win_table(f"Win rate by agent and {part}", rates, baseline))
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


PAGE_WIDTH = 10.0
"""Width of every plot in inches: 1000 px at :data:`DPI`, inside the page's
1100 px column, so a 1280 px browser shows plots at their own size (no
squashed text)."""
DPI = 100
ROW = 0.3
"""Inches per bar or box of a horizontal plot (9 pt labels need about 0.17)."""
LABEL_SIZE = 9


def _height(rows: int, extra: float = 1.4) -> float:
    return max(2.5, ROW * rows + extra)


def _win_rate_axes(ax: Any, title: str, rates: Sequence[WinRate], baseline: float) -> None:
    """Sorted horizontal bars (highest win rate on top) with 95% intervals
    and the fair share as a dashed line; small samples drawn paler."""
    ordered = sorted(rates, key=lambda r: (r.rate, r.key))
    ys = list(range(len(ordered)))
    values = [r.rate for r in ordered]
    errors = [[max(0.0, r.rate - r.low) for r in ordered],
              [max(0.0, r.high - r.rate) for r in ordered]]
    colours = ["#a6bddb" if r.n < SMALL_SAMPLE else "#4c72b0" for r in ordered]
    ax.barh(ys, values, xerr=errors, capsize=3, color=colours, height=0.7)
    ax.axvline(baseline, color="grey", linestyle="--", linewidth=1, label="fair share")
    ax.set_yticks(ys, [f"{r.key} (n={r.n})" for r in ordered], fontsize=LABEL_SIZE)
    ax.set_xlim(0, 1)
    ax.set_xlabel("win rate (95% Wilson interval)")
    ax.set_title(title, loc="left")
    ax.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.01, 1.0), frameon=False)


def plot_sizes(path: Path) -> tuple[int, int]:
    """Width and height in pixels of a PNG plot (read from its header)."""
    data = path.read_bytes()[:24]
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")


def write_plots(summary: Summary, out: Path) -> dict[str, Path]:
    """Write the report's PNG plots into ``out``, each :data:`PAGE_WIDTH`
    inches wide at :data:`DPI` and as tall as its rows need.

    Returns:
        Plot file by title: win rates (by seat, agent, each faction part,
        faction) as sorted horizontal bars with intervals, score
        distributions, score-component breakdown, game-length histogram.
    """
    plt = _pyplot()
    out.mkdir(parents=True, exist_ok=True)
    written: dict[str, Path] = {}
    baseline = 1 / summary.players if summary.players else 0.0

    def save(fig: Any, name: str, title: str) -> None:
        path = out / name
        fig.savefig(path, dpi=DPI)
        plt.close(fig)
        written[title] = path

    panels: list[tuple[str, str, Sequence[WinRate]]] = [
        ("seat", "Win rate by seat", summary.by_seat),
        ("agent", "Win rate by agent", summary.by_agent),
    ]
    panels += [(f"part_{_file_name(part)}", f"Win rate by {part}", rates)
               for part, rates in summary.by_part.items()]
    panels += [(f"agent_{_file_name(part)}", f"Win rate by agent and {part}", rates)
               for part, rates in summary.by_agent_part.items()]
    if summary.by_faction:
        panels.append(("faction", "Win rate by faction", summary.by_faction))
    for name, title, rates in panels:
        if not rates:
            continue
        fig, ax = plt.subplots(figsize=(PAGE_WIDTH, _height(len(rates))), layout="constrained")
        _win_rate_axes(ax, title, rates, baseline)
        save(fig, f"win_rate_{name}.png", title)

    groups = summary.groups()
    if groups:
        label = "faction" if summary.scores_by_faction else "agent"
        keys = sorted(groups, key=lambda k: (Spread.of(groups[k]).median, k))
        fig, ax = plt.subplots(figsize=(PAGE_WIDTH, _height(len(keys))), layout="constrained")
        ax.boxplot([groups[k] for k in keys], orientation="horizontal", showmeans=True)
        ax.set_yticks(range(1, len(keys) + 1), keys, fontsize=LABEL_SIZE)
        ax.set_xlabel("final score")
        ax.set_title(f"Score distribution by {label} (sorted by median)", loc="left")
        save(fig, "scores.png", f"Score distribution by {label}")

    if summary.components:
        # A part named "total" repeats the sum of the others: leave it out.
        parts = sorted({p for comps in summary.components.values() for p in comps
                        if p.lower() != "total"})
        keys = sorted(summary.components,
                      key=lambda k: (sum(summary.components[k].get(p, 0.0) for p in parts), k))
        colours = plt.get_cmap("tab20").colors
        fig, ax = plt.subplots(figsize=(PAGE_WIDTH, _height(len(keys), 1.8)),
                               layout="constrained")
        right = [0.0] * len(keys)
        left = [0.0] * len(keys)
        for index, part in enumerate(parts):
            widths = [summary.components[k].get(part, 0.0) for k in keys]
            # Positive parts stack right from zero, negative ones (penalties) left.
            starts = [r if w >= 0 else lft for w, r, lft in zip(widths, right, left)]
            ax.barh(range(len(keys)), widths, left=starts, label=part, height=0.7,
                    color=colours[index % len(colours)])
            right = [r + max(w, 0.0) for r, w in zip(right, widths)]
            left = [lft + min(w, 0.0) for lft, w in zip(left, widths)]
        ax.axvline(0, color="black", linewidth=0.8)
        ax.set_yticks(range(len(keys)), keys, fontsize=LABEL_SIZE)
        ax.set_xlabel("mean points per game")
        ax.set_title("Score breakdown (mean per game)", loc="left")
        ax.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.01, 1.0), frameon=False)
        save(fig, "components.png", "Score-component breakdown")

    fig, ax = plt.subplots(figsize=(PAGE_WIDTH, 3.5), layout="constrained")
    if summary.decisions:
        ax.hist(summary.decisions, bins=min(30, max(5, len(set(summary.decisions)))), color="#55a868")
    ax.set_xlabel("decisions per game")
    ax.set_ylabel("games")
    title = "Game length"
    if summary.turns:
        title += f" (turns: mean {Spread.of(summary.turns).mean:.1f})"
    ax.set_title(title, loc="left")
    save(fig, "length.png", "Game length histogram")
    return written


def _file_name(text: str) -> str:
    return "".join(c if c.isalnum() else "_" for c in text.lower())


def write_html(
    title: str,
    sections: Sequence[tuple[str, Sequence[TableData], dict[str, Path]]],
    path: Path,
    notes: Sequence[str] = (),
) -> Path:
    """Write one self-contained HTML page (images inlined as base64) from the
    Jinja2 template ``hexkit/sim/templates/report.html`` (autoescaped).

    Args:
        title: page title.
        sections: (heading, tables, plots by title) per section.
        path: the file to write.
        notes: paragraphs under the title.

    Returns:
        ``path``.
    """
    import jinja2

    env = jinja2.Environment(
        loader=jinja2.PackageLoader("hexkit.sim", "templates"),
        autoescape=jinja2.select_autoescape(["html"]),
        undefined=jinja2.StrictUndefined,
    )
    rendered = env.get_template("report.html").render(
        title=title,
        notes=list(notes),
        sections=[
            {
                "heading": heading,
                "tables": list(tables),
                "plots": [
                    {"title": plot_title, "data": base64.b64encode(plot.read_bytes()).decode("ascii"),
                     "width": plot_sizes(plot)[0], "height": plot_sizes(plot)[1]}
                    for plot_title, plot in plots.items()
                ],
            }
            for heading, tables, plots in sections
        ],
    )
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(rendered, encoding="utf-8")
    return path


def split_studies(rows: Iterable[dict[str, Any]]) -> dict[tuple[str, str, int, str], list[dict[str, Any]]]:
    """Rows grouped by study: game, rules version, player count and config
    (:func:`hexkit.sim.frame.study_key`), in the order first seen. A report
    gives each group its own section and never pools them."""
    from hexkit.sim.frame import study_key

    groups: dict[tuple[str, str, int, str], list[dict[str, Any]]] = {}
    for row in rows:
        groups.setdefault(study_key(row), []).append(row)
    return groups


def report_file(results: str | Path, out: str | Path, *, split: bool = False,
                notes: Sequence[str] = ()) -> tuple[list[TableData], Path]:
    """Report a results file into ``out``: one study, or with ``split`` one
    section per study of a mixed file (see :func:`split_studies`).

    Raises:
        MixedResultsError: if the file mixes studies and ``split`` is false
            (nothing is written), naming each study and its games.
        InvalidRecordError: if the file has no rows or a bad line.
    """
    from hexkit.errors import InvalidRecordError
    from hexkit.sim.frame import MixedResultsError

    rows = read_results(results)
    groups = split_studies(rows)
    if not groups:
        cut = rows.bytes_ignored
        raise InvalidRecordError(str(results), "holds no result rows" + (
            f" (its last line, {cut} bytes, was cut before its end)" if cut else ""))
    if len(groups) > 1 and not split:
        listed = "; ".join(f"{section_heading(k)}: {len(v)} games" for k, v in groups.items())
        raise MixedResultsError(f"{results} mixes {len(groups)} studies, which are never pooled "
                                f"({listed}); pass --split (split=True from Python) for one section per study")
    parts = []
    for key, group in groups.items():
        summary = summarize(group)
        summary.bytes_ignored = rows.bytes_ignored
        parts.append((section_heading(key), summary))
    return write_report(parts[0][1] if len(parts) == 1 else parts, out,
                        notes=[f"Results: {results}", *notes])


def section_heading(key: tuple[str, str, int, str]) -> str:
    """``"soot 0.3.1, 4 players, config {...}"`` for a group of :func:`split_studies`."""
    from hexkit.sim.frame import study_label

    return study_label(key)


def write_report(
    summary: Summary | Sequence[tuple[str, Summary]], out: str | Path, notes: Sequence[str] = ()
) -> tuple[list[TableData], Path]:
    """Write the PNG plots and ``index.html`` of one study into ``out``, or
    of several studies (``(heading, summary)`` pairs, one section and one
    plot folder each, never pooled).

    Returns:
        The tables (for printing; with several studies, each section's
        tables after a title table naming it) and the HTML page's path.
    """
    directory = Path(out)
    if isinstance(summary, Summary):
        tables = summary_tables(summary)
        plots = write_plots(summary, directory)
        page = write_html(
            f"hexkit report: {summary.game or 'study'}", [("", tables, plots)],
            directory / "index.html", notes,
        )
        return tables, page
    sections: list[tuple[str, Sequence[TableData], dict[str, Path]]] = []
    printed: list[TableData] = []
    for number, (heading, part) in enumerate(summary):
        tables = summary_tables(part)
        plots = write_plots(part, directory / f"study_{number + 1}")
        sections.append((heading, tables, plots))
        printed += [TableData(f"Study {number + 1} of {len(summary)}: {heading}", ("",), ()), *tables]
    games = ", ".join(dict.fromkeys(part.game for _, part in summary))
    page = write_html(f"hexkit report: {games} ({len(summary)} studies)", sections,
                      directory / "index.html",
                      [*notes, f"This file holds {len(summary)} studies (different games, rules "
                               f"versions, player counts or configs); each has its own section "
                               f"and none is pooled with another."])
    return printed, page
