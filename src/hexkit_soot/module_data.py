"""Data of the optional modules read with the base data: ``trust.toml`` and ``scenarios.toml``.

The entries are attrs classes read by the same :class:`hexkit.data.DataReader`
as every base file (:func:`hexkit_soot.data.load_data`), so a designer's
``data_dir``, ``--set`` overrides (``trust.scoring.camp_points=4``,
``scenarios.river-delta.points=3``, ``trust.cards.10.camp=false``), the
per-field error messages (``trust.toml:card[3] (3).camp: ...``) and the
provenance check (every entry's ``source``) reach them. They are fields of
:class:`~hexkit_soot.data.SootData` (``trust`` and ``scenarios``).

Source: rulebook, "Optional Modules" (The Trust; Scenarios); the cards
themselves are in the Components doc, not in the text (assumed entries).
"""

from __future__ import annotations

from typing import Any

import attrs

from hexkit.data import DataReader, Report, source_field

__all__ = ["TrustScoring", "TrustBonus", "TrustCard", "TrustData", "ScenarioCard", "SCENARIO_NAMES",
           "read_trust", "read_scenarios", "check_modules"]

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
