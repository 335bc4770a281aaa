"""The report's numbers computed from the results DataFrame.

:func:`summarize_frame` turns the frame of :func:`hexkit.sim.frame.rows_frame`
(one row per game and seat) into the :class:`~hexkit.sim.stats.Summary`
that the report, the sweep tables and the demo print. The report is thus
built from the same frame a designer slices: a number in the report is a
``groupby`` of :func:`~hexkit.sim.frame.load_results` away.

Checks on the rows themselves (one study, complete rows) are made by
:func:`hexkit.sim.summary.summarize` before the frame is built.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from hexkit.sim.stats import ALL_SEATS, Played, Summary, WinRate

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["summarize_frame"]

_GAME = ["index", "seed"]
"""Columns that pick one game out of the seat rows."""


def summarize_frame(frame: pd.DataFrame, part_names: dict[str, tuple[str, ...]] | None = None) -> Summary:
    """The :class:`~hexkit.sim.stats.Summary` of one study's seat frame.

    Args:
        frame: :func:`~hexkit.sim.frame.rows_frame` of the study's rows (one
            study: callers check it, see :func:`hexkit.sim.summary.summarize`).
        part_names: each game's faction part names (columns of the frame);
            found from the installed games when not given.

    Returns:
        The summary; failed games count in ``games`` and ``errors`` only.
    """
    summary = Summary()
    if frame.empty:
        return summary
    games = frame.drop_duplicates(_GAME + ["game"])
    summary.game = str(games["game"].iloc[0])
    if "config" in games:
        summary.config = str(games["config"].iloc[0])  # the study's variants and settings, for the title
    summary.games = len(games)
    summary.game_counts = {str(k): int(v) for k, v in Counter(games["game"]).items()}
    failed = games[~games["finished"]]
    summary.errors = [(int(seed), str(error)) for seed, error in zip(failed["seed"], failed["error"])]
    summary.safeguard_ends = int(games["safeguard"].sum())
    seats = frame[frame["finished"]]
    done = games[games["finished"]]
    if seats.empty:
        return summary
    summary.players = int(seats.groupby(_GAME, dropna=False)["seat"].size().max())
    summary.decisions = [float(d) for d in done["decisions"]]
    summary.turns = [float(t) for t in done["turns"] if _present(t)]
    summary.seconds = [float(s) for s in done["seconds"] if _present(s)]
    summary.end_reasons = dict(Counter(str(r) for r in done["end_reason"] if _present(r)).most_common())
    summary.decided_by = dict(Counter(str(r) for r in done["decided_by"]).most_common())
    summary.by_seat = _rates(seats, seats["seat"].map(lambda s: f"seat {s}"), order=seats["seat"])
    summary.by_agent = _rates(seats, seats["agent"])
    summary.scores_by_agent = _scores(seats, seats["agent"])
    summary.scores_by_seat = _scores(seats, seats["seat"].map(lambda s: f"seat {s}"))
    with_faction = seats[seats["faction"].notna()]
    summary.by_faction = _rates(with_faction, with_faction["faction"])
    summary.scores_by_faction = _scores(with_faction, with_faction["faction"])
    _add_parts(summary, seats, part_names)
    summary.components = _components(seats)
    summary.played = _played(seats, done)
    return summary


def _present(value: Any) -> bool:
    """Whether a cell holds a value (not None or NaN)."""
    return value is not None and value == value


def _rates(seats: pd.DataFrame, keys: pd.Series, order: pd.Series | None = None) -> list[WinRate]:
    """Win rates grouped by ``keys``, sorted by ``order`` (default: the keys)."""
    if seats.empty:
        return []
    grouped = seats["won"].astype(bool).groupby([order if order is not None else keys, keys])
    return [WinRate.of(str(key), int(won.sum()), int(won.size)) for (_, key), won in grouped]


def _scores(seats: pd.DataFrame, keys: pd.Series) -> dict[str, list[float]]:
    """Final scores by key, keys in first-seen order, scores in row order."""
    out: dict[str, list[float]] = {}
    for key, score in zip(keys, seats["score"]):
        out.setdefault(str(key), []).append(float(score))
    return out


def _add_parts(summary: Summary, seats: pd.DataFrame,
               part_names: dict[str, tuple[str, ...]] | None) -> None:
    """Win rates by each faction part alone, and by agent and part."""
    from hexkit.sim.frame import faction_part_names

    names = (part_names or {}).get(summary.game)
    if names is None:
        names = faction_part_names(summary.game)
    for part in names:
        if part not in seats.columns:
            continue
        having = seats[seats[part].notna()]
        if having.empty:
            continue
        summary.by_part[part] = _rates(having, having[part])
        pairs = having["agent"].astype(str) + " / " + having[part].astype(str)
        if having["agent"].nunique() > 1:
            summary.by_agent_part[part] = _rates(having, pairs)


def _components(seats: pd.DataFrame) -> dict[str, dict[str, float]]:
    """Mean score breakdown per faction (or per agent where a seat has none);
    a part missing from a seat's breakdown counts 0 for it."""
    columns = sorted(c for c in seats.columns if c.startswith("score:"))
    groups = seats["faction"].where(seats["faction"].notna(), seats["agent"]).astype(str)
    out: dict[str, dict[str, float]] = {}
    for group, rows in seats.groupby(groups, sort=True):
        means = {c.removeprefix("score:"): float(rows[c].fillna(0).astype(float).mean())
                 for c in columns if rows[c].notna().any()}
        if means:
            out[str(group)] = means
    return out


def _played(seats: pd.DataFrame, done: pd.DataFrame) -> dict[str, dict[str, dict[str, Played]]]:
    """"What was played": per game, for all seats (the game totals) and per agent."""
    totals = [c for c in done.columns if c.startswith("played_total:")]
    per_seat = [c for c in seats.columns if c.startswith("played:")]
    out: dict[str, dict[str, dict[str, Played]]] = {}
    if not totals and not per_seat:
        return out
    for name, games in done.groupby("game", sort=False):
        everyone: dict[str, Played] = {}
        for column in totals:
            everyone.update(_counted(column.removeprefix("played_total:"), games[column]))
        if everyone:
            out.setdefault(str(name), {})[ALL_SEATS] = everyone
    for (game, agent), rows in seats.groupby(["game", "agent"], sort=False):
        mine: dict[str, Played] = {}
        for column in per_seat:
            mine.update(_counted(column.removeprefix("played:"), rows[column]))
        if mine:
            out.setdefault(str(game), {})[str(agent)] = mine
    return out


def _counted(name: str, counts: pd.Series) -> dict[str, Played]:
    """One mechanism's :class:`~hexkit.sim.stats.Played` over the cells that hold a count."""
    present = counts.dropna().astype(int)
    if present.empty:
        return {}
    return {name: Played(n=int(present.size), happened=int((present > 0).sum()),
                         total=int(present.sum()))}
