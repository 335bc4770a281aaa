"""Parameter sweeps: the same study for each value of one or more settings.

``hexkit sweep soot --set archetypes.rancher.currency=4,6,8 --games 200``
runs one study per value (the cartesian product when several ``--set``
are given) with the same seeds, so differences come from the setting and
not from luck of the draw, and reports how win rates and scores move.

A setting's path is one of:

* ``players``: the player count;
* ``variants``: the optional rules, ``none`` or names joined by ``+``;
* a field of the game's config class (``hand_size``), converted to the
  type of its default;
* anything else: a dotted path into the game's component data, passed in
  ``GameConfig.overrides`` and applied by the plugin with
  :func:`hexkit.overrides.apply_overrides` at set-up (which checks the
  path and converts the value).

Every combination is validated before any game is played.
"""

from __future__ import annotations

import itertools
import re
import textwrap
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import attrs

from hexkit.errors import ConfigError
from hexkit.overrides import set_path
from hexkit.sim.report import DPI, PAGE_WIDTH, TableData, _pct, _pyplot, summary_tables, write_html
from hexkit.sim.run import Backend, OutMode, check_run_options, simulate
from hexkit.sim.results import read_results
from hexkit.sim.stats import Spread, Summary, WinRate
from hexkit.sim.summary import summarize
from hexkit.sim.study import Study

__all__ = ["Setting", "parse_setting", "apply_setting", "sweep_studies", "SweepPoint", "run_sweep", "sweep_tables",
           "sweep_figure", "write_sweep_plot",
           "write_sweep_report"]

Setting = tuple[str, list[str]]
"""A path and the values to try, as written on the command line."""

_PATH = re.compile(r"^[A-Za-z_][\w \-']*(\.[\w \-']+)*$")


def parse_setting(text: str) -> Setting:
    """Split ``"PATH=V1,V2,V3"``.

    Raises:
        ConfigError: if there is no ``=``, no value, or the path is malformed.
    """
    path, eq, values = text.partition("=")
    path = path.strip()
    if not eq or not path:
        raise ConfigError(f"--set {text!r}: expected PATH=VALUE (a sweep takes PATH=V1,V2,...)")
    if not _PATH.match(path):
        raise ConfigError(f"--set {text!r}: {path!r} is not a dotted path")
    items = [v.strip() for v in values.split(",")]
    if not values.strip() or not all(items):
        raise ConfigError(f"--set {text!r}: give one or more comma-separated values")
    twice = sorted({v for v in items if items.count(v) > 1})
    if twice:
        raise ConfigError(f"--set {text!r}: {', '.join(twice)} given twice (each value is one study)")
    return path, items


def apply_setting(study: Study, path: str, value: str) -> Study:
    """``study`` with one setting changed (see the module docstring for paths).

    Raises:
        ConfigError: if the value cannot be converted to the setting's type.
    """
    if path == "players":
        try:
            return attrs.evolve(study, players=int(value))
        except ValueError:
            raise ConfigError(f"players: expected an integer, got {value!r}") from None
    if path == "variants":
        names = () if value.lower() == "none" else tuple(v for v in value.split("+") if v)
        return attrs.evolve(study, variants=names)
    config_type = study.load().config_type
    fields = {f.name for f in attrs.fields(config_type)} - {"players", "variants", "overrides"}
    if path in fields:
        default = config_type(players=study.players)
        coerced = getattr(set_path(default, path, value), path)
        return attrs.evolve(study, options={**study.options, path: coerced})
    return attrs.evolve(study, overrides={**study.overrides, path: value})


def sweep_studies(base: Study, settings: Sequence[Setting]) -> list[tuple[dict[str, str], Study]]:
    """One validated study per combination of the settings' values.

    Args:
        base: the study to vary.
        settings: paths and values.

    Returns:
        (values by path, study) per combination, in product order.

    Raises:
        ConfigError: naming the first setting or combination that is invalid.
    """
    if not settings:
        raise ConfigError("a sweep needs at least one --set PATH=V1,V2")
    paths = [path for path, _ in settings]
    if len(set(paths)) != len(paths):
        raise ConfigError("each --set path may be given once")
    points: list[tuple[dict[str, str], Study]] = []
    for combo in itertools.product(*(values for _, values in settings)):
        study = base
        label = dict(zip(paths, combo))
        try:
            for path, value in zip(paths, combo):
                study = apply_setting(study, path, value)
            study.validate()
        except (ConfigError, ValueError, TypeError) as exc:
            where = ", ".join(f"{k}={v}" for k, v in label.items())
            raise ConfigError(f"{where}: {exc}") from None
        points.append((label, study))
    return points


@attrs.define
class SweepPoint:
    """One combination of a sweep and its outcome.

    Attributes:
        label: value by path.
        study: the study played.
        summary: its summary.
        results: its results file.
    """

    label: dict[str, str]
    study: Study
    summary: Summary
    results: Path

    @property
    def name(self) -> str:
        """``"path=value, path=value"``."""
        return ", ".join(f"{k}={v}" for k, v in self.label.items())


def _slug(label: dict[str, str]) -> str:
    text = "_".join(f"{k}={v}" for k, v in label.items())
    return re.sub(r"[^\w=.+-]+", "-", text)[:80]


def run_sweep(
    base: Study,
    settings: Sequence[Setting],
    out: str | Path,
    *,
    workers: int = 1,
    backend: Backend = "process",
    on_point: Callable[[dict[str, str], Study], None] | None = None,
    progress: Callable[[dict[str, Any]], None] | None = None,
    on_start: Callable[[int, int], None] | None = None,
    mode: OutMode = "resume",
) -> list[SweepPoint]:
    """Run the study of every combination, each into ``out/<label>.jsonl``.

    Args:
        base: the study to vary.
        settings: paths and values (see :func:`parse_setting`).
        out: directory for the results files.
        workers: see :func:`hexkit.sim.run.run_study`.
        backend: see :func:`hexkit.sim.run.run_study`.
        on_point: called before each combination is played.
        progress: called with each result row.
        on_start: see :func:`~hexkit.sim.run.simulate` (called for each
            results file: the games it kept, the games planned).
        mode: what to do with a point's results file that exists:
            ``"resume"`` (the default) keeps its games and plays the
            missing ones (refusing a file of another study), ``"overwrite"``
            replaces it, ``"new"`` refuses it.

    Returns:
        One point per combination.

    Raises:
        ConfigError: if any combination is invalid (before playing anything).
    """
    check_run_options(workers, backend)
    studies = list(sweep_studies(base, settings))
    directory = Path(out)
    directory.mkdir(parents=True, exist_ok=True)
    points: list[SweepPoint] = []
    for index, (label, study) in enumerate(studies):
        if on_point is not None:
            on_point(label, study)
        path = directory / f"{index:02d}_{_slug(label)}.jsonl"
        # Resume: a sweep run again into its folder keeps the games it finished
        # (and refuses a file of another study) rather than replacing them.
        simulate(study, path, workers=workers, backend=backend, progress=progress, mode=mode,
                 on_start=on_start)
        points.append(SweepPoint(label, study, summarize(read_results(path)), path))
    return points


def _groups(points: Sequence[SweepPoint], kind: str | None = None) -> tuple[str, list[str]]:
    if kind is None:
        kind = "faction" if any(p.summary.by_faction for p in points) else "agent"
    rates = (p.summary.by_faction if kind == "faction" else p.summary.by_agent for p in points)
    return kind, sorted({r.key for group in rates for r in group})


def _rates(summary: Summary, kind: str) -> dict[str, WinRate]:
    return {r.key: r for r in (summary.by_faction if kind == "faction" else summary.by_agent)}


def _scores(summary: Summary, kind: str) -> dict[str, list[float]]:
    return summary.scores_by_faction if kind == "faction" else summary.scores_by_agent


def sweep_tables(points: Sequence[SweepPoint]) -> list[TableData]:
    """How win rates and mean scores move across the sweep, by faction (if
    the game has factions) and by agent, with game length."""
    tables: list[TableData] = []
    kinds = ["faction", "agent"] if any(p.summary.by_faction for p in points) else ["agent"]
    for kind in kinds:
        _, keys = _groups(points, kind)
        win_rows = []
        score_rows = []
        for point in points:
            rates = _rates(point.summary, kind)
            scores = _scores(point.summary, kind)
            win_rows.append((
                point.name,
                str(point.summary.finished),
                str(len(point.summary.errors)),
                *(
                    f"{_pct(rates[k].rate)} [{_pct(rates[k].low)}, {_pct(rates[k].high)}]"
                    if k in rates else "-"
                    for k in keys
                ),
            ))
            score_rows.append((
                point.name,
                *(f"{Spread.of(scores.get(k, [])).mean:.2f}" for k in keys),
                f"{Spread.of(point.summary.decisions).mean:.1f}",
            ))
        tables.append(TableData(f"Win rate by {kind} (95% CI)", ("setting", "games", "failed", *keys),
                                tuple(win_rows)))
        tables.append(TableData(f"Mean final score by {kind}", ("setting", *keys, "decisions/game"),
                                tuple(score_rows)))
    return tables


def write_sweep_plot(points: Sequence[SweepPoint], path: Path) -> Path:
    """Plot win rate (with intervals) and mean score against the settings, at
    page width, with the legend outside the data (one entry per faction or
    agent) and the settings as wrapped tick labels (:func:`sweep_figure`)."""
    plt = _pyplot()
    fig = sweep_figure(points)
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=DPI)
    plt.close(fig)
    return path


_AXIS_CHARACTERS = 48
"""About how many 8-point characters fit across one of the sweep plot's two panels."""


def _tick_labels(points: Sequence[SweepPoint]) -> tuple[list[str], str, bool]:
    """Tick labels (the values of the settings that vary, wrapped to fit
    their share of the axis), the axis label (those settings' paths, and
    the ones held fixed), and whether the ticks must be slanted to fit."""
    paths = list(points[0].label) if points else []
    varying = [k for k in paths if len({p.label.get(k) for p in points}) > 1] or paths
    fixed = [k for k in paths if k not in varying]
    width = max(4, _AXIS_CHARACTERS // max(1, len(points)) - 1)
    names = ["\n".join(textwrap.wrap(" / ".join(p.label.get(k, "") for k in varying), width)
                       or [""]) for p in points]
    rotate = any(len(line) > width for name in names for line in name.splitlines())
    xlabel = " / ".join(varying)
    if fixed:
        xlabel += " (fixed: " + ", ".join(f"{k}={points[0].label[k]}" for k in fixed) + ")"
    return names, "\n".join(textwrap.wrap(xlabel, _AXIS_CHARACTERS + 16)), rotate


def sweep_figure(points: Sequence[SweepPoint]) -> Any:
    """The matplotlib figure of :func:`write_sweep_plot` (the caller closes it)."""
    plt = _pyplot()
    kind, keys = _groups(points)
    xs = list(range(len(points)))
    fig, (left, right) = plt.subplots(1, 2, figsize=(PAGE_WIDTH, 4.2), layout="constrained")
    spread = 0.25 / max(1, len(keys))
    for number, key in enumerate(keys):
        rates = [_rates(p.summary, kind).get(key) for p in points]
        ys = [r.rate if r else float("nan") for r in rates]
        err = [
            [max(0.0, r.rate - r.low) if r else 0.0 for r in rates],
            [max(0.0, r.high - r.rate) if r else 0.0 for r in rates],
        ]
        # Nudge each series sideways so the intervals do not hide each other.
        shifted = [x + (number - (len(keys) - 1) / 2) * spread for x in xs]
        left.errorbar(shifted, ys, yerr=err, marker="o", capsize=3, label=key)
        means = [Spread.of(_scores(p.summary, kind).get(key, [])).mean for p in points]
        right.plot(xs, means, marker="o", label=key)
    names, xlabel, rotate = _tick_labels(points)
    for ax, ylabel in ((left, "win rate (95% Wilson interval)"), (right, "mean final score")):
        ax.set_xticks(xs, names, fontsize=8, rotation=45 if rotate else 0,
                      ha="right" if rotate else "center")
        ax.set_xlabel(xlabel, fontsize=8)
        ax.set_ylabel(ylabel)
    left.set_ylim(0, 1)
    left.set_title(f"Win rate by {kind}", loc="left")
    right.set_title(f"Mean score by {kind}", loc="left")
    fig.legend(*left.get_legend_handles_labels(), loc="outside right upper", fontsize=8,
               frameon=False)
    return fig


def write_sweep_report(points: Sequence[SweepPoint], out: str | Path) -> tuple[list[TableData], Path]:
    """Write the sweep plot and ``index.html`` (sweep tables, then each
    combination's own tables) into ``out``.

    Returns:
        The sweep tables and the page's path.
    """
    directory = Path(out)
    tables = sweep_tables(points)
    plot = write_sweep_plot(points, directory / "sweep.png")
    sections: list[tuple[str, Sequence[TableData], dict[str, Path]]] = [
        ("", tables, {"Win rate and score across the sweep": plot})
    ]
    sections += [(p.name, summary_tables(p.summary), {}) for p in points]
    game = points[0].summary.game if points else "study"
    page = write_html(f"hexkit sweep: {game}", sections, directory / "index.html")
    return tables, page
