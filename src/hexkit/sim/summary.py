"""A study's :class:`~hexkit.sim.stats.Summary` from its result rows.

:func:`summarize` checks the rows (one study, complete rows), puts them in
the results DataFrame (:func:`hexkit.sim.frame.rows_frame`) and computes the
report's numbers from it (:func:`hexkit.sim.frame_summary.summarize_frame`);
:func:`summarize_studies` gives one summary per study of a mixed file.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from hexkit.errors import InvalidRecordError
from hexkit.sim.frame import MixedResultsError, rows_frame, study_key, study_label
from hexkit.sim.frame_summary import summarize_frame
from hexkit.sim.stats import Summary

__all__ = ["summarize", "summarize_studies"]


def _check_played(seats: list[str], played: Any) -> None:
    """Refuse a ``played`` field that is not a total and one count table per seat."""
    where = "played"
    if not isinstance(played, dict) or not isinstance(played.get("by_seat"), list) \
            or len(played["by_seat"]) != len(seats) \
            or not isinstance(played.get("total"), dict):
        raise InvalidRecordError(where, f"expected total and {len(seats)} seats, got {played!r}")
    tables = [("total", played["total"])] + [("by_seat", counts) for counts in played["by_seat"]]
    for part, counts in tables:
        for name, count in dict(counts).items():
            if isinstance(count, bool) or not isinstance(count, int):
                raise InvalidRecordError(f"{where}.{part}.{name}", f"not a count: {count!r}")


def _check_row(row: dict[str, Any], seats: list[str], winner: int,
               factions: list[str] | None, breakdown: Any) -> None:
    """Refuse a finished game's row whose parts do not fit together (a
    hand-edited or truncated file), naming the row's seed and the field."""
    where = f"seed {row.get('seed')}"
    n = len(seats)
    scores = row["scores"]
    if len(scores) != n or any(isinstance(v, bool) or not isinstance(v, (int, float)) for v in scores):
        raise InvalidRecordError(f"{where}.scores", f"expected {n} numbers, got {scores!r}")
    if not 0 <= winner < n and not (winner == -1 and row.get("beaten_by")):
        raise InvalidRecordError(f"{where}.winner", f"seat {winner} is not one of 0..{n - 1} "
                                 "(-1 only with beaten_by: an opponent outside the seats won)")
    winners = row.get("winners")
    if winners is not None and (not isinstance(winners, list)
                                or any(isinstance(w, bool) or not isinstance(w, int) or not 0 <= w < n
                                       for w in winners)
                                or (winner >= 0 and winner not in winners) or (winner < 0 and winners)):
        raise InvalidRecordError(f"{where}.winners", f"expected the winner {winner} and its teammates "
                                 f"(seats 0..{n - 1}; [] when an opponent outside the seats won), got {winners!r}")
    if factions is not None and (not isinstance(factions, list) or len(factions) != n):
        raise InvalidRecordError(f"{where}.factions", f"expected {n} factions, got {factions!r}")
    if not isinstance(breakdown, list) or len(breakdown) != n or not all(
        isinstance(parts, dict) and all(isinstance(v, (int, float)) for v in parts.values())
        for parts in breakdown
    ):
        raise InvalidRecordError(f"{where}.breakdown", f"expected {n} tables of numbers")


def summarize(rows: Iterable[dict[str, Any]]) -> Summary:
    """Summarise the result rows of one study, through the results DataFrame.

    Rows of different studies (game, rules version, player count or config:
    :func:`hexkit.sim.frame.study_key`) are never pooled: the first row of
    a second study stops the summary with :class:`~hexkit.sim.frame.MixedResultsError`.
    :func:`summarize_studies` gives one summary per study instead.

    Example:
        >>> row = {"game": "toy", "seed": 0, "seats": ["a", "b"], "scores": [3, 1],
        ...        "winner": 0, "decisions": 9, "error": None, "breakdown": [{}, {}]}
        >>> [(r.key, r.wins, r.n) for r in summarize([row]).by_agent]
        [('a', 1, 1), ('b', 0, 1)]
        >>> summarize([row, dict(row, seed=1, config={"options": {"size": 5}})])
        Traceback (most recent call last):
        ...
        hexkit.sim.frame.MixedResultsError: the rows mix studies, which are never pooled: ...

    Args:
        rows: result rows (a list, or :func:`~hexkit.sim.results.read_results` of a file).

    Returns:
        The :class:`Summary`.

    Raises:
        MixedResultsError: if the rows come from more than one study,
            naming both and the seed of the first row of the second.
        InvalidRecordError: if a finished game's row lacks a field the
            summary needs.
    """
    first_key: tuple[str, str, int, str] | None = None
    kept: list[dict[str, Any]] = []
    for row in rows:
        key = study_key(row)
        if first_key is None:
            first_key = key
        elif key != first_key:
            raise MixedResultsError(
                f"the rows mix studies, which are never pooled: {study_label(first_key)} and, "
                f"from seed {row.get('seed')}, {study_label(key)}; summarize_studies(rows) "
                f"gives one summary per study (hexkit report --split)")
        if row.get("error") is None:
            _check_finished(row)
        kept.append(row)
    summary = summarize_frame(rows_frame(kept))
    summary.bytes_ignored = int(getattr(rows, "bytes_ignored", 0))
    return summary


def _check_finished(row: dict[str, Any]) -> None:
    """Refuse a finished game's row that lacks or garbles a field the summary needs."""
    try:
        seats: list[str] = list(row["seats"])
        [float(s) for s in row["scores"]]
        winner = int(row["winner"])
        factions: list[str] | None = row.get("factions")
        breakdown: list[dict[str, float]] = row.get("breakdown") or [{} for _ in seats]
        float(row["decisions"])
    except (KeyError, TypeError, ValueError) as exc:
        raise InvalidRecordError(f"seed {row.get('seed')}", f"incomplete result row: {exc}") from None
    _check_row(row, seats, winner, factions, breakdown)
    if row.get("played") is not None:
        try:
            _check_played(seats, row["played"])
        except InvalidRecordError as exc:
            raise InvalidRecordError(f"seed {row.get('seed')}.{exc.field}", exc.reason) from None


def summarize_studies(
    rows: Iterable[dict[str, Any]],
) -> dict[tuple[str, str, int, str], Summary]:
    """One :class:`Summary` per study of ``rows`` (a file that mixes games,
    rules versions, player counts or configs), keyed by
    :func:`hexkit.sim.frame.study_key` in the order first seen; nothing is
    pooled across studies.

    Example:
        >>> row = {"game": "toy", "seed": 0, "seats": ["a", "b"], "scores": [3, 1],
        ...        "winner": 0, "decisions": 9, "error": None, "breakdown": [{}, {}]}
        >>> parts = summarize_studies([row, dict(row, seed=1, config={"options": {"size": 5}})])
        >>> [(key[3], part.games) for key, part in parts.items()]
        [('{}', 1), ('{"options": {"size": 5}}', 1)]

    Raises:
        InvalidRecordError: as :func:`summarize`.
    """
    groups: dict[tuple[str, str, int, str], list[dict[str, Any]]] = {}
    for row in rows:
        groups.setdefault(study_key(row), []).append(row)
    summaries = {key: summarize(group) for key, group in groups.items()}
    ignored = int(getattr(rows, "bytes_ignored", 0))
    for summary in summaries.values():
        summary.bytes_ignored = ignored
    return summaries
