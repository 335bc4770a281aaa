"""Results as data: a study's rows as a pandas DataFrame, one row per game and seat.

``load_results("results.jsonl")`` is what a designer slices::

    df = load_results("results.jsonl")
    finished = df[df.finished]
    finished.groupby(["agent", "captain"]).won.agg(["mean", "count"])

Why pandas rather than polars: the statistics the report uses
(statsmodels' interval and multiple-comparison functions, scipy) and
matplotlib take pandas objects directly; a study is at most a few hundred
thousand seat rows, where polars' speed does not matter; and pandas is
what most designers and notebooks already know (its ``groupby`` /
``pivot_table`` / ``crosstab`` answer "who wins with what" in one line).

Columns (one row per game and seat; a failed game keeps its seats with
``finished`` false and no score):

``game``, ``version``, ``index``, ``seed``, ``players``, ``seat``
    what was played (``version``: the game's rules version).
``agent``
    the agent spec in this seat.
``faction``, and one column per faction part
    the seat's faction as the game's ``factions`` hook named it, and its
    parts: the game's optional ``faction_parts`` attribute names them
    (for example ``("company", "captain")`` for a label
    ``"Company (Captain)"``); a game without it gets ``faction`` only.
``score``, ``place``, ``won``
    the final score, the place (1 = winner) and whether the seat won (every
    seat of the row's ``winners``: both partners of a winning partnership).
``finished``, ``error``, ``end_reason``, ``safeguard``
    whether the game ended normally; the failure message; why it ended;
    whether an engine safeguard (not a rule of the game) ended it
    (:func:`is_safeguard`).
``turns``, ``decisions``, ``seconds``, ``agent_seconds``
    game length and time (``agent_seconds``: this seat's thinking time).
``config``
    the study's variants, overrides and options as one canonical JSON
    text (rows with different ``config`` are different studies), with the
    ``variants`` and each override and option also as a column of its own
    (``set:PATH`` and ``option:NAME``).
``decided_by``
    the first tie-break rule that decided first place (``"only player"``
    when none was needed).
``played:NAME``, ``played_total:NAME``
    this seat's count of each mechanism of the game's ``played`` hook, and
    the game's total (the same on every seat row of the game).
``score:PART``
    this seat's score breakdown.

Rows written before the ``config`` field existed read as the default
config (``{}``): a results file is never refused for its age.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from hexkit.errors import HexkitError, InvalidRecordError
from hexkit.sim.results import read_results

if TYPE_CHECKING:  # pandas is imported when a frame is made, not with hexkit.sim
    import pandas as pd

__all__ = [
    "load_results",
    "winning_seats",
    "rows_frame",
    "faction_part_names",
    "split_faction",
    "is_safeguard",
    "config_key",
    "study_key",
    "study_label",
    "StudyKey",
    "STUDY_KEYS",
    "MixedResultsError",
    "check_single_study",
]

STUDY_KEYS = ("game", "version", "players", "config")
"""Columns that must agree for rows to be pooled in one table: a report
splits a file into one section per combination (or refuses it)."""

_LABEL = re.compile(r"^(?P<first>.*?)\s*\((?P<second>[^()]*)\)\s*$")

_SAFEGUARD_WORDS = ("safeguard", "engine limit", "did not end within")


class MixedResultsError(HexkitError, ValueError):
    """A results file whose rows come from more than one game, rules
    version, player count or config, where one study was expected."""


def is_safeguard(end_reason: Any, error: Any = None) -> bool:
    """Whether a game was ended by an engine safeguard rather than a rule.

    A plugin's ``end_reason`` hook marks a safeguard by saying so (the
    word "safeguard", as in Empyreal's ``"round limit (engine
    safeguard)"``); a game cut by the study's decision or time limit has
    an ``error`` saying it "did not end within" the limit.

    Example:
        >>> is_safeguard("round limit (engine safeguard)"), is_safeguard("6 Demand Tiles")
        (True, False)
    """
    text = f"{end_reason or ''} {error or ''}".lower()
    return any(word in text for word in _SAFEGUARD_WORDS)


def config_key(row: dict[str, Any]) -> str:
    """A row's ``config`` as canonical JSON text (``"{}"`` when absent or default)."""
    config = row.get("config") or {}
    if not isinstance(config, dict):
        raise InvalidRecordError(f"seed {row.get('seed')}.config", f"not a table: {config!r}")
    kept = {k: v for k, v in config.items() if v not in (None, [], {}, "")}
    return json.dumps(kept, sort_keys=True)


StudyKey = tuple[str, str, int, str]
"""A study's identity: game, rules version, player count, config (:func:`study_key`)."""


def study_key(row: dict[str, Any]) -> StudyKey:
    """The study a result row belongs to: ``(game, version, players, config)``
    (:data:`STUDY_KEYS`); rows with different keys are never pooled.

    Example:
        >>> study_key({"game": "hex", "version": "1.0", "seats": ["a", "b"], "seed": 0})
        ('hex', '1.0', 2, '{}')
    """
    seats = row.get("seats")
    return (str(row.get("game", "")), str(row.get("version", "")),
            int(row.get("players") or (len(seats) if isinstance(seats, list) else 0)),
            config_key(row))


def study_label(key: StudyKey) -> str:
    """``"soot 0.3.1, 4 players, config {...}"``: a study key for people."""
    game, version, players, config = key
    return f"{game} {version}, {players} players, config {config}"


def faction_part_names(game_name: str) -> tuple[str, ...]:
    """The names of a game's faction parts, from its optional
    ``faction_parts`` attribute; ``()`` for a game without it or one that
    is not installed (looked up by registry name only, never imported from
    a file's text)."""
    from hexkit.registry import available_games, load_game

    if game_name not in available_games():
        return ()
    try:
        game = load_game(game_name)
    except Exception:  # a broken plugin must not stop reading its results
        return ()
    parts = getattr(game, "faction_parts", ())
    return tuple(str(p) for p in parts) if isinstance(parts, (tuple, list)) else ()


def split_faction(label: str, names: Sequence[str]) -> dict[str, str | None]:
    """Split a faction label into its named parts.

    One part: the label itself. Two parts: ``"First (Second)"``; a label
    without the parenthesis (``"unchosen"``) fills the first part only.

    Example:
        >>> split_faction("Afterworld Express (Dolores Malephaise)", ("company", "captain"))
        {'company': 'Afterworld Express', 'captain': 'Dolores Malephaise'}
    """
    if not names:
        return {}
    if len(names) == 1:
        return {names[0]: label}
    match = _LABEL.match(label)
    values: list[str | None] = [match["first"], match["second"]] if match else [label, None]
    values += [None] * (len(names) - len(values))
    return dict(zip(names, values[: len(names)]))


def _seat_rows(row: dict[str, Any], parts: Sequence[str]) -> list[dict[str, Any]]:
    where = f"seed {row.get('seed')}"
    try:
        seats = [str(s) for s in row["seats"]]
    except (KeyError, TypeError) as exc:
        raise InvalidRecordError(f"{where}.seats", f"missing or not a list: {exc}") from None
    finished = row.get("error") is None
    factions = row.get("factions") if isinstance(row.get("factions"), list) else None
    scores = row.get("scores") if finished else None
    order = list(row.get("order") or []) if finished else []
    if finished and (not isinstance(scores, list) or len(scores) != len(seats)):
        raise InvalidRecordError(f"{where}.scores", f"expected {len(seats)} numbers, got {scores!r}")
    breakdown = row.get("breakdown") if finished and isinstance(row.get("breakdown"), list) else None
    played = row.get("played") if isinstance(row.get("played"), dict) else None
    by_seat = played.get("by_seat") if played else None
    config: dict[str, Any] = row["config"] if isinstance(row.get("config"), dict) else {}
    key = config_key(row)
    thinking = row.get("agent_seconds") if isinstance(row.get("agent_seconds"), list) else None
    common: dict[str, Any] = {
        "game": str(row.get("game", "")),
        "version": str(row.get("version", "")),
        "index": row.get("index"),
        "seed": row.get("seed"),
        "players": int(row.get("players") or len(seats)),
        "config": key,
        "variants": "+".join(str(v) for v in config.get("variants") or []) or "none",
        "finished": finished,
        "error": None if finished else str(row.get("error")),
        "end_reason": row.get("end_reason"),
        "safeguard": is_safeguard(row.get("end_reason"), row.get("error")),
        "turns": row.get("turns"),
        "decisions": row.get("decisions"),
        "seconds": row.get("seconds"),
        "decided_by": str(decided[0]) if (decided := row.get("decided_by")) else "only player",
    }
    if played is not None and isinstance(played.get("total"), dict):
        for name, count in played["total"].items():
            common[f"played_total:{name}"] = count
    for path, value in (config.get("overrides") or {}).items():
        common[f"set:{path}"] = value
    for name, value in (config.get("options") or {}).items():
        common[f"option:{name}"] = value
    won = winning_seats(row)
    out = []
    for seat, agent in enumerate(seats):
        entry = dict(common, seat=seat, agent=agent)
        faction = str(factions[seat]) if factions is not None and seat < len(factions) else None
        entry["faction"] = faction
        if faction is not None:
            entry.update(split_faction(faction, parts))
        if finished and scores is not None:
            entry["score"] = float(scores[seat])
            entry["place"] = order.index(seat) + 1 if seat in order else None
            entry["won"] = seat in won
        else:
            entry["score"], entry["place"], entry["won"] = None, None, None
        entry["agent_seconds"] = thinking[seat] if thinking and seat < len(thinking) else None
        if isinstance(by_seat, list) and seat < len(by_seat) and isinstance(by_seat[seat], dict):
            for name, count in by_seat[seat].items():
                entry[f"played:{name}"] = count
        if breakdown is not None and seat < len(breakdown) and isinstance(breakdown[seat], dict):
            for name, value in breakdown[seat].items():
                entry[f"score:{name}"] = value
        out.append(entry)
    return out


def winning_seats(row: dict[str, Any]) -> frozenset[int]:
    """The seats a result row credits with the win: its ``winners`` (the winner and its
    teammates, e.g. both partners), or ``{winner}`` for a row written before that field
    existed; none when an opponent outside the seats won (``winner`` -1).

    Example:
        >>> sorted(winning_seats({"winner": 1, "winners": [1, 3]})), sorted(winning_seats({"winner": 2}))
        ([1, 3], [2])
    """
    listed = row.get("winners")
    if isinstance(listed, list):
        return frozenset(int(s) for s in listed)
    winner = row.get("winner")
    return frozenset() if winner is None or int(winner) < 0 else frozenset({int(winner)})


def rows_frame(rows: Iterable[dict[str, Any]]) -> pd.DataFrame:
    """The DataFrame of result rows (see the module docstring for columns).

    Raises:
        InvalidRecordError: naming the seed and field of a row that cannot
            be read (no seats, scores of the wrong length).
    """
    import pandas as pd

    names: dict[str, tuple[str, ...]] = {}
    records: list[dict[str, Any]] = []
    for row in rows:
        game = str(row.get("game", ""))
        if game not in names:
            names[game] = faction_part_names(game)
        records += _seat_rows(row, names[game])
    frame = pd.DataFrame.from_records(records)
    if frame.empty:
        return pd.DataFrame(columns=["game", "version", "index", "seed", "players", "seat",
                                     "agent", "faction", "score", "place", "won", "finished",
                                     "config"])
    frame["won"] = frame["won"].astype("boolean")
    frame["finished"] = frame["finished"].astype(bool)
    frame["safeguard"] = frame["safeguard"].astype(bool)
    for column in [c for c in frame.columns if c.startswith(("played:", "played_total:"))]:
        frame[column] = frame[column].astype("Int64")
    return frame


def load_results(path: str | Path) -> pd.DataFrame:
    """A results file (``hexkit simulate --out``) as a DataFrame, one row
    per game and seat.

    A last line cut by an interrupted write is skipped (its size is in
    ``frame.attrs["bytes_ignored"]``).

    Args:
        path: the JSON-lines results file.

    Returns:
        The frame; see :mod:`hexkit.sim.frame` for its columns.

    Raises:
        InvalidRecordError: if a line is not a result row, naming it.

    Example:
        >>> df = load_results(results)                       # doctest: +SKIP
        >>> df[df.finished].groupby("captain").won.mean()    # doctest: +SKIP
    """
    rows = read_results(path)
    frame = rows_frame(rows)
    frame.attrs["bytes_ignored"] = rows.bytes_ignored
    frame.attrs["path"] = str(path)
    return frame


def check_single_study(frame: pd.DataFrame, where: str = "the results") -> None:
    """Refuse a frame whose rows come from more than one study.

    Raises:
        MixedResultsError: listing each game, version, player count and
            config found, with its number of games.
    """
    if frame.empty:
        return
    groups = frame.drop_duplicates(["seed", "index", *STUDY_KEYS]).groupby(list(STUDY_KEYS))
    if groups.ngroups <= 1:
        return
    listed = "; ".join(
        f"{game} {version}, {players} players, config {config}: {len(group)} games"
        for (game, version, players, config), group in groups
    )
    raise MixedResultsError(f"{where} mix {groups.ngroups} studies, which are never pooled: "
                            f"{listed}")
