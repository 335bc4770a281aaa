"""Data of the optional modules read with the base data: ``trust.toml``, ``scenarios.toml``,
``shares.toml`` and ``labor.toml``.

The entries are attrs classes read with the same :class:`hexkit.data.DataReader`
as every base file (:func:`hexkit_soot.data.load_data`), so a designer's
``data_dir``, ``--set`` overrides (``trust.scoring.camp_points=4``,
``scenarios.river-delta.points=3``, ``trust.cards.10.camp=false``,
``shares.share_price=5``, ``labor.hire_cost=3``, ``labor.seasons.0=Decline``),
the per-field error messages (``trust.toml:card[3] (3).camp: ...``,
``shares.number.share_price.value: ...``) and the provenance check (every
entry's ``source``) reach them. They are fields of
:class:`~hexkit_soot.data.SootData` (``trust``, ``scenarios``, ``shares``,
``labor``), so ``hexkit sweep`` and ``hexkit tune`` can vary them too.

``shares.toml`` and ``labor.toml`` are optional in a designer's folder: a
folder without one plays the packaged file (:func:`module_file_bytes`, also
what the module's rules digest is taken of).

Source: rulebook, "Optional Modules" (The Trust; Scenarios); the cards
themselves are in the Components doc, not in the text (assumed entries).
"""

from __future__ import annotations

import hashlib
import tomllib
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Any

import attrs

from hexkit.data import DataReader, Report, source_field
from hexkit.errors import InvalidRecordError

__all__ = ["TrustScoring", "TrustBonus", "TrustCard", "TrustData", "ScenarioCard", "SCENARIO_NAMES",
           "ShareNumbers", "LaborData", "SHARE_NUMBERS", "OPTIONAL_FILES", "optional_document", "module_file_bytes",
           "module_digest",
           "load_share_numbers", "load_labor", "read_trust", "read_scenarios", "read_shares", "read_labor",
           "check_modules"]

SCENARIO_NAMES = ("river-delta", "mountain-pass", "long-valley")
"""The three scenario cards, by module name (each module reads its card)."""


def _nonneg(instance: Any, attribute: Any, value: int) -> None:
    if value < 0:
        raise ValueError(f"{attribute.name} must not be negative, got {value}")


def _rounds(instance: Any, attribute: Any, value: tuple[int, ...]) -> None:
    bad = [r for r in value if not 1 <= r <= 14]
    if bad:
        raise ValueError(f"{attribute.name}: rounds run 1-14, not {bad}")


@attrs.frozen(kw_only=True)
class TrustScoring:
    """The Trust's numbers (``trust.toml`` ``[scoring]``).

    Attributes:
        camp_points: points per Trust camp.
        slot_points: points per seized Central City Tier 3 slot.
        camp_reach: hexes from its network within which it claims a site.
        seize_rounds: rounds (1-14) on which it seizes a slot.
        source: provenance.
    """

    camp_points: int = attrs.field(validator=_nonneg)
    slot_points: int = attrs.field(validator=_nonneg)
    camp_reach: int = attrs.field(validator=_nonneg)
    seize_rounds: tuple[int, ...] = attrs.field(validator=_rounds)
    source: str = source_field()


@attrs.frozen(kw_only=True)
class TrustBonus:
    """One printed round bonus of the Trust's score schedule.

    Attributes:
        round: the round (1-14) whose Trust turn scores it.
        points: points scored.
        source: provenance.
    """

    round: int = attrs.field(validator=attrs.validators.and_(attrs.validators.ge(1), attrs.validators.le(14)))
    points: int = attrs.field(validator=_nonneg)
    source: str = source_field()


@attrs.frozen(kw_only=True)
class TrustCard:
    """One card of the Trust's deck (numbered 1..n in file order).

    Attributes:
        number: the card's printed number.
        explore: whether the card shows the explore step.
        camp: whether the card shows the camp icon.
        source: provenance.
    """

    number: int
    explore: bool
    camp: bool
    source: str = source_field()


@attrs.frozen(kw_only=True)
class TrustData:
    """Everything ``trust.toml`` holds.

    Attributes:
        version: the file's format version.
        scoring: the Trust's numbers.
        round_bonus: the printed round bonuses.
        cards: the deck, in number order.
    """

    version: int
    scoring: TrustScoring
    round_bonus: tuple[TrustBonus, ...]
    cards: tuple[TrustCard, ...]

    def bonus(self, round_: int) -> int:
        """The printed bonus of round ``round_`` (0 when none is printed)."""
        return sum(b.points for b in self.round_bonus if b.round == round_)


@attrs.frozen(kw_only=True)
class ScenarioCard:
    """One scenario set-up card (``scenarios.toml``).

    Attributes:
        name: the module name (``"river-delta"`` ...).
        title: the card's title (``"The River Delta"``).
        seed: how it seeds the stack: ``"river"`` (double the river tiles) or a
            terrain whose tiles go on top.
        seed_tiles: how many tiles of that terrain go on top (terrain seeds).
        points: the card's scoring number (River Ports' founding points, the
            pass's points, the premium distance).
        source: provenance.
    """

    name: str = attrs.field(validator=attrs.validators.in_(SCENARIO_NAMES))
    title: str
    seed: str
    seed_tiles: int = attrs.field(validator=_nonneg)
    points: int = attrs.field(validator=_nonneg)
    source: str = source_field()


@attrs.frozen(kw_only=True)
class _TrustHead:
    """The top of ``trust.toml``: its version (the tables are read on their own)."""

    version: int
    scoring: Any = None
    round_bonus: Any = None
    card: Any = None


def read_trust(reader: DataReader) -> TrustData | None:
    """``trust.toml`` through ``reader`` (problems collected there); ``None`` if a part broke."""
    version = reader.record("trust.toml", _TrustHead, path="trust")
    scorings = reader.table("trust.toml", "scoring", TrustScoring)  # one [[scoring]] entry (with its source)
    reader.places["trust.scoring"] = "trust.toml:scoring[0]"
    if len(scorings) > 1:
        reader.problems.add("trust.toml:scoring", f"expected one [[scoring]] entry, got {len(scorings)}")
    scoring = scorings[0] if scorings else None
    bonuses = reader.table("trust.toml", "round_bonus", TrustBonus, path="trust.round_bonus")
    cards = reader.table("trust.toml", "card", TrustCard, path="trust.cards")
    reader.places.setdefault("trust.cards", "trust.toml:card")
    reader.places.setdefault("trust.round_bonus", "trust.toml:round_bonus")
    if version is None or scoring is None:
        return None
    return TrustData(version=version.version, scoring=scoring, round_bonus=tuple(bonuses), cards=tuple(cards))


def read_scenarios(reader: DataReader) -> dict[str, ScenarioCard]:
    """``scenarios.toml`` through ``reader``: the cards by module name."""
    cards = reader.table("scenarios.toml", "scenario", ScenarioCard, path="scenarios")
    reader.places.setdefault("scenarios", "scenarios.toml:scenario")
    return reader.keyed(cards, "scenarios")


def check_modules(trust: TrustData, scenarios: dict[str, ScenarioCard], terrains: Any, report: Report) -> None:
    """The checks across entries of the module files (reported by data path).

    * the Trust's cards are numbered 1..n in order, and at least one;
    * each round has at most one printed bonus;
    * every scenario module has its card; a card's seed is ``"river"`` or a terrain.

    Args:
        trust: the Trust's data.
        scenarios: the scenario cards by name.
        terrains: the base data's terrains by name.
        report: ``report(path, reason)``.
    """
    numbers = [c.number for c in trust.cards]
    if numbers != list(range(1, len(numbers) + 1)):
        report("trust.cards", f"cards must be numbered 1..{len(numbers)} in order, got {numbers}")
    if not numbers:
        report("trust.cards", "the Trust needs at least one card")
    rounds = [b.round for b in trust.round_bonus]
    for i, r in enumerate(rounds):
        if r in rounds[:i]:
            report(f"trust.round_bonus.{i}.round", f"round {r} has two printed bonuses")
    for name in SCENARIO_NAMES:
        card = scenarios.get(name)
        if card is None:
            report("scenarios", f"no card for the scenario {name!r}")
        elif card.seed != "river" and card.seed not in terrains:
            report(f"scenarios.{name}.seed", f"seed must be 'river' or a terrain, not {card.seed!r}")


# -- Shares and Labor (shares.toml, labor.toml) -------------------------------------------

OPTIONAL_FILES = ("shares.toml", "labor.toml")
"""Module files a designer's folder may leave out (the packaged file is played then)."""

SHARE_NUMBERS = ("segments_per_certificate", "share_price", "match_per_toll", "points_per_share",
                 "portfolio_per_share")
"""The names of the Shares numbers, in file order."""

_SHARE_LOW = {"segments_per_certificate": 1, "share_price": 1}
"""Lowest legal value of a Shares number (the others may be 0)."""


def module_file_bytes(folder: str | Path | None, file: str) -> bytes:
    """The bytes of module file ``file`` a game with data folder ``folder`` plays: the folder's
    own file if it has one, else the packaged one (``None``: packaged).

    Args:
        folder: a designer's data folder, or ``None``.
        file: ``"trust.toml"``, ``"scenarios.toml"``, ``"shares.toml"`` or ``"labor.toml"``.
    """
    if folder is not None:
        path = Path(folder) / file
        if path.is_file():
            return path.read_bytes()
    return resources.files("hexkit_soot").joinpath(f"data/{file}").read_bytes()


def module_digest(folder: str | Path | None, file: str) -> str:
    """The first 12 hex digits of the SHA-256 of the module file a game with data folder
    ``folder`` plays (:func:`module_file_bytes`): the data part of a module's rules version.

    Args:
        folder: a designer's data folder, or ``None``.
        file: the module's data file.
    """
    return hashlib.sha256(module_file_bytes(folder, file)).hexdigest()[:12]


def _at_least(low: int) -> Callable[[Any, Any, int], None]:
    def check(instance: Any, attribute: Any, value: int) -> None:
        if type(value) is not int or value < low:
            raise ValueError(f"{attribute.name} must be an integer >= {low}, got {value!r}")
    return check


def _nonneg_number(instance: Any, attribute: Any, value: float) -> None:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value < 0:
        raise ValueError(f"{attribute.name} must be a number >= 0, got {value!r}")


@attrs.frozen(kw_only=True)
class ShareNumbers:
    """The Shares module's numbers (data/shares.toml); ``--set shares.share_price=5`` reaches them.

    Attributes:
        segments_per_certificate: rail segments per certificate (3).
        share_price: ¤ a buyer pays the owner per certificate (4).
        match_per_toll: ¤ the bank adds per 1¤ of toll paid on a line with certificates (1).
        points_per_share: points per share held at game end (1).
        portfolio_per_share: ¤ of portfolio per share held (1).
        sources: each number's provenance (``rulebook: ...`` or ``assumed: ...``).
    """

    segments_per_certificate: int = attrs.field(validator=_at_least(1))
    share_price: int = attrs.field(validator=_at_least(1))
    match_per_toll: int = attrs.field(validator=_at_least(0))
    points_per_share: int = attrs.field(validator=_at_least(0))
    portfolio_per_share: int = attrs.field(validator=_at_least(0))
    sources: dict[str, str] = attrs.field(factory=dict, eq=False)


def _share_numbers(raw: dict[str, Any], report: Report) -> ShareNumbers | None:
    """The numbers of a parsed shares.toml, every problem reported (``shares.number.share_price``)."""
    problems: list[str] = []

    def add(field: str, reason: str) -> None:
        problems.append(field)
        report(field, reason)

    values: dict[str, int] = {}
    sources: dict[str, str] = {}
    entries = raw.get("number", [])
    if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
        add("shares.number", f"must be an array of tables ([[number]]), not {entries!r}")
        entries = []
    for i, entry in enumerate(entries):
        name = entry.get("name")
        field = f"shares.number.{name if isinstance(name, str) else i}"
        if name not in SHARE_NUMBERS:
            add(field, f"unknown number (known: {', '.join(SHARE_NUMBERS)})")
            continue
        value = entry.get("value")
        low = _SHARE_LOW.get(name, 0)
        if type(value) is not int or value < low:
            add(f"{field}.value", f"{value!r} is not an integer >= {low}")
        else:
            values[name] = value
        source = entry.get("source")
        if not isinstance(source, str) or not source.startswith(("rulebook: ", "assumed: ")) or len(source) < 12:
            add(f"{field}.source", f"{source!r} must say 'rulebook: ...' or 'assumed: <reason>'")
        else:
            sources[name] = source
    for name in SHARE_NUMBERS:
        if name not in values and not any(f.startswith(f"shares.number.{name}") for f in problems):
            add(f"shares.number.{name}", "missing")
    if problems:
        return None
    return ShareNumbers(sources=sources, **values)


def load_share_numbers(text: str, where: str = "shares.toml") -> ShareNumbers:
    """Parse and check a shares data file on its own.

    Args:
        text: the TOML text.
        where: the file's name, for error messages.

    Raises:
        InvalidRecordError: naming every bad field (``shares.number.share_price``):
            a missing or unknown name, a value that is not a positive integer
            (``match_per_toll``, ``points_per_share``, ``portfolio_per_share``
            may be 0), a source that is neither ``rulebook:`` nor ``assumed:``.
    """
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise InvalidRecordError(where, f"not TOML: {exc}") from exc
    problems: list[tuple[str, str]] = []
    got = _share_numbers(raw, lambda field, reason: problems.append((field, reason)))
    if problems or got is None:
        raise InvalidRecordError(problems[0][0], "; ".join(f"{f}: {r}" for f, r in problems))
    return got


def _tuple_of(kind: type) -> Callable[[Any, Any, tuple[Any, ...]], None]:
    def check(instance: Any, attribute: Any, value: tuple[Any, ...]) -> None:
        if not isinstance(value, tuple) or not all(type(v) is kind for v in value):
            raise ValueError(f"{attribute.name} must be a list of {kind.__name__}, got {value!r}")
    return check


@attrs.frozen(kw_only=True)
class LaborData:
    """The Labor module's numbers (data/labor.toml); ``--set labor.hire_cost=3`` reaches them.

    Attributes:
        hire_cost: ¤ to hire one worker (2).
        worker_food: food each worker adds to Upkeep (1).
        wage: ¤ per worker at a Labor Demands check (1).
        strike_settlement: ¤ that ends a strike ("double": 2).
        tiers: facility tiers that need a worker (2 and 3).
        seasons: seasons with a Labor Demands check each round (Hardship).
        never_strike: facilities whose workers never strike (the Luxury Manufactory).
        idle_base: agents' worth lost by an idle facility (points).
        idle_per_round: agents' worth lost per round left (at most 8), points.
        version: the file's version.
    """

    hire_cost: int = attrs.field(validator=_at_least(0))
    worker_food: int = attrs.field(validator=_at_least(0))
    wage: int = attrs.field(validator=_at_least(0))
    strike_settlement: int = attrs.field(validator=_at_least(0))
    tiers: tuple[int, ...] = attrs.field(validator=_tuple_of(int))
    seasons: tuple[str, ...] = attrs.field(validator=_tuple_of(str))
    never_strike: tuple[str, ...] = attrs.field(validator=_tuple_of(str))
    idle_base: float = attrs.field(validator=_nonneg_number)
    idle_per_round: float = attrs.field(validator=_nonneg_number)
    version: int = 1


_LABOR_NUMBERS = ("hire_cost", "worker_food", "wage", "strike_settlement")


def _source_ok(entry: dict[str, Any]) -> bool:
    source = entry.get("source")
    return isinstance(source, str) and (source.startswith("rulebook: ") or source.startswith("assumed: "))


def _labor_tables(raw: dict[str, Any], key: str, report: Report) -> list[dict[str, Any]] | None:
    """``raw[key]`` as an array of tables (``[[key]]``; absent: ``[]``), or ``None`` with the problem named."""
    entries = raw.get(key, [])
    if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
        report(f"labor.{key}", f"must be an array of tables ([[{key}]]), not {entries!r}")
        return None
    return entries


def _labor(raw: dict[str, Any], report: Report) -> LaborData | None:
    """The data of a parsed labor.toml, every problem reported (``labor.number.hire_cost`` ...)."""
    problems: list[str] = []

    def add(field: str, reason: str) -> None:
        problems.append(field)
        report(field, reason)

    numbers: dict[str, int] = {}
    for i, entry in enumerate(_labor_tables(raw, "number", add) or []):
        name = entry.get("name", f"#{i}")
        value = entry.get("value")
        if type(value) is not int or value < 0:
            add(f"labor.number.{name}", f"must be a whole number >= 0, not {value!r}")
        elif not _source_ok(entry):
            add(f"labor.number.{name}.source", "must start with 'rulebook: ' or 'assumed: '")
        else:
            numbers[str(name)] = value
    for name in _LABOR_NUMBERS:
        if name not in numbers and not any(f.startswith(f"labor.number.{name}") for f in problems):
            add(f"labor.number.{name}", "missing")
    lists: dict[str, list[Any]] = {}
    for table in ("tiers", "seasons", "never_strike"):
        entries = _labor_tables(raw, table, add)
        if entries is None:
            continue
        if len(entries) != 1 or not isinstance(entries[0].get("value"), list):
            add(f"labor.{table}", "must be one entry with a list 'value'")
        elif not _source_ok(entries[0]):
            add(f"labor.{table}.source", "must start with 'rulebook: ' or 'assumed: '")
        else:
            lists[table] = entries[0]["value"]
    agents = _labor_tables(raw, "agent", add)
    agent = agents[0] if agents else {}
    weights: dict[str, float] = {}
    for name in ("idle_base", "idle_per_round"):
        value = agent.get(name)
        if not isinstance(value, (int, float)) or isinstance(value, bool) or value < 0:
            add(f"labor.agent.{name}", f"must be a number >= 0, not {value!r}")
        else:
            weights[name] = float(value)
    if agent and not _source_ok(agent):
        add("labor.agent.source", "must start with 'rulebook: ' or 'assumed: '")
    version = raw.get("version", 0)
    if type(version) is not int:
        add("labor.version", f"must be a whole number, not {version!r}")
    if problems:
        return None
    if not all(type(t) is int for t in lists["tiers"]):
        add("labor.tiers.value", f"must be whole numbers, not {lists['tiers']!r}")
    for table in ("seasons", "never_strike"):
        if not all(isinstance(v, str) for v in lists[table]):
            add(f"labor.{table}.value", f"must be names, not {lists[table]!r}")
    if problems:
        return None
    return LaborData(
        hire_cost=numbers["hire_cost"], worker_food=numbers["worker_food"], wage=numbers["wage"],
        strike_settlement=numbers["strike_settlement"], tiers=tuple(sorted(set(lists["tiers"]))),
        seasons=tuple(sorted(set(lists["seasons"]))), never_strike=tuple(sorted(set(lists["never_strike"]))),
        idle_base=weights["idle_base"], idle_per_round=weights["idle_per_round"], version=int(version),
    )


def load_labor(text: str, where: str = "labor.toml") -> LaborData:
    """Parse and check a labor data file on its own.

    Raises:
        InvalidRecordError: naming each broken field (``labor.number.hire_cost`` ...).
    """
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise InvalidRecordError(where, f"not TOML: {exc}") from None
    problems: list[tuple[str, str]] = []
    got = _labor(raw, lambda field, reason: problems.append((field, reason)))
    if problems or got is None:
        raise InvalidRecordError(problems[0][0], "; ".join(f"{f}: {r}" for f, r in problems))
    return got


def optional_document(reader: DataReader, file: str) -> dict[str, Any] | None:
    """A file the folder may leave out (a module's, or ``effects.toml``): its own, else the packaged
    text read in its place."""
    if not (reader.folder / file).is_file():
        reader.add_text(file, module_file_bytes(None, file).decode("utf-8"))
    return reader.document(file)


def read_shares(reader: DataReader) -> ShareNumbers | None:
    """``shares.toml`` through ``reader`` (the packaged file if the folder has none); problems collected there."""
    doc = optional_document(reader, "shares.toml")
    if doc is None:
        return None
    for name in SHARE_NUMBERS:
        reader.places[f"shares.{name}"] = f"shares.toml:number ({name})"
    return _share_numbers(doc, reader.problems.add)


def read_labor(reader: DataReader) -> LaborData | None:
    """``labor.toml`` through ``reader`` (the packaged file if the folder has none); problems collected there."""
    doc = optional_document(reader, "labor.toml")
    if doc is None:
        return None
    for name in _LABOR_NUMBERS:
        reader.places[f"labor.{name}"] = f"labor.toml:number ({name})"
    return _labor(doc, reader.problems.add)
