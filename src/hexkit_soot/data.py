"""Component data of Soot & Timber, loaded from ``data/*.toml``.

Every number of the game lives in the TOML files beside this module. Each
entry carries ``source = "rulebook: ..."`` or ``source = "assumed: ..."``.
:func:`load_data` reads a directory (the packaged one by default, or a
designer's copy named by :attr:`SootConfig.data_dir`) with :mod:`hexkit.data`,
structures every entry into the frozen attrs classes below and cross-checks
the names. A malformed file is refused with one
:class:`~hexkit.data.InvalidDataError` naming every broken file, entry and
field (``goods.toml:good[4] (Stone).price``).

Source: Components Specification (second prototype edition).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import attrs

from hexkit.data import DataReader, DataSet, Report, source_field
from hexkit.errors import InvalidRecordError
from hexkit_soot.module_data import (
    LaborData,
    ScenarioCard,
    ShareNumbers,
    TrustData,
    check_modules,
    optional_document,
    read_labor,
    read_scenarios,
    read_shares,
    read_trust,
)
from hexkit_soot.rules.seasons import SEASONS as SEASON_NAMES

__all__ = [
    "Good",
    "FacilityType",
    "CampType",
    "Terrain",
    "TileGroup",
    "SiteType",
    "StackSize",
    "CommunityType",
    "SettlementType",
    "Specialisation",
    "Tier",
    "Archetype",
    "UpgradeType",
    "CardType",
    "EventType",
    "ContractType",
    "PublicObjective",
    "SecretObjective",
    "Milestone",
    "FluxCard",
    "Numbers",
    "EffectNumbers",
    "fill_text",
    "SootData",
    "load_data",
    "data_for",
    "DATA",
    "DATA_DIR",
]

DATA_DIR = Path(__file__).parent / "data"
"""The packaged data directory."""


def _nonneg(instance: Any, attribute: Any, value: int) -> None:
    if value < 0:
        raise ValueError(f"{attribute.name} must not be negative, got {value}")


def _positive(instance: Any, attribute: Any, value: int) -> None:
    if value < 1:
        raise ValueError(f"{attribute.name} must be at least 1, got {value}")


def _nonneg_map(instance: Any, attribute: Any, value: dict[str, int]) -> None:
    for key, n in value.items():
        if n <= 0:
            raise ValueError(f"{attribute.name}[{key!r}] must be positive, got {n}")


@attrs.frozen(kw_only=True)
class Good:
    """One good: raw (fixed price), tracked (price track) or special (flat price).

    Attributes:
        name: the rulebook's name.
        kind: ``"raw"``, ``"tracked"`` or ``"special"``.
        tier: 1 for raw and special goods, 2 or 3 for tracked goods.
        price: printed price of raw and special goods.
        minimum: track minimum (tracked goods).
        base: track start (tracked goods).
        maximum: track maximum (tracked goods).
        food: food value when paid as upkeep (0: not food).
        fuel: fuel units per token (0: not fuel).
        link: the input whose track a sale of this Tier 3 good raises.
        tokens: size of the finite token supply.
        source: provenance.
    """

    name: str
    kind: str = attrs.field(validator=attrs.validators.in_(("raw", "tracked", "special")))
    tier: int = 1
    price: int = attrs.field(default=0, validator=_nonneg)
    minimum: int = 0
    base: int = 0
    maximum: int = 0
    food: int = attrs.field(default=0, validator=_nonneg)
    fuel: int = attrs.field(default=0, validator=_nonneg)
    link: str = ""
    tokens: int = attrs.field(default=20, validator=_nonneg)
    source: str = source_field()

    def __attrs_post_init__(self) -> None:
        if self.kind == "tracked" and not (0 <= self.minimum <= self.base <= self.maximum):
            raise ValueError(
                f"tracked good needs minimum <= base <= maximum, got"
                f" {self.minimum}/{self.base}/{self.maximum}"
            )
        if self.kind == "tracked" and self.tier not in (2, 3):
            raise ValueError(f"tracked goods are Tier 2 or 3, not {self.tier}")


@attrs.frozen(kw_only=True)
class FacilityType:
    """A facility and its recipe (tier 0 = the Warehouse, which has no recipe).

    Attributes:
        name: facility name.
        tier: 2 or 3 (0 for the Warehouse).
        inputs: goods consumed per firing.
        choice: one unit of any of these is also consumed per firing.
        outputs: goods made per firing.
        use_kind: ``"fuel"`` or ``"food"``.
        use_amount: use cost units per firing.
        build: goods paid by Build Structure.
        source: provenance.
    """

    name: str
    tier: int = attrs.field(validator=attrs.validators.in_((0, 2, 3)))
    inputs: dict[str, int] = attrs.field(factory=dict, validator=_nonneg_map)
    choice: tuple[str, ...] = ()
    outputs: dict[str, int] = attrs.field(factory=dict, validator=_nonneg_map)
    use_kind: str = attrs.field(default="", validator=attrs.validators.in_(("", "fuel", "food")))
    use_amount: int = attrs.field(default=0, validator=_nonneg)
    build: dict[str, int] = attrs.field(factory=dict, validator=_nonneg_map)
    source: str = source_field()


@attrs.frozen(kw_only=True)
class CampType:
    """A camp type.

    Attributes:
        name: camp name.
        category: ``Extraction``, ``Forestry`` or ``Agriculture``.
        produces: the good a renewable camp makes each Production ("" for site camps).
        sites: the site resources a site camp may work (empty for renewable camps).
        terrains: terrains it may be founded on.
        cost: goods paid on founding.
        source: provenance.
    """

    name: str
    category: str = attrs.field(
        validator=attrs.validators.in_(("Extraction", "Forestry", "Agriculture"))
    )
    produces: str = ""
    sites: tuple[str, ...] = ()
    terrains: tuple[str, ...] = ()
    cost: dict[str, int] = attrs.field(factory=dict, validator=_nonneg_map)
    source: str = source_field()


@attrs.frozen(kw_only=True)
class Terrain:
    """A terrain and its exploration grant."""

    name: str
    grant: str
    source: str = source_field()


@attrs.frozen(kw_only=True)
class TileGroup:
    """``count`` terrain tiles of one kind (terrain, printed site, river icon)."""

    terrain: str
    site: str = ""
    river: bool = False
    count: int = attrs.field(validator=_nonneg)
    source: str = source_field()


@attrs.frozen(kw_only=True)
class SiteType:
    """A site resource's depletion stack."""

    resource: str
    stack: int = attrs.field(validator=_nonneg)
    semi_renewable: bool = False
    source: str = source_field()


@attrs.frozen(kw_only=True)
class StackSize:
    """The terrain stack size for some player counts."""

    players: tuple[int, ...]
    tiles: int = attrs.field(validator=_nonneg)
    source: str = source_field()


@attrs.frozen(kw_only=True)
class CommunityType:
    """A community bag token kind (name ``""`` is a blank)."""

    name: str
    count: int = attrs.field(validator=_nonneg)
    gives: str = ""
    source: str = source_field()


@attrs.frozen(kw_only=True)
class SettlementType:
    """A settlement type with its two printed specialisations."""

    name: str
    terrains: tuple[str, ...]
    requires: str = attrs.field(default="", validator=attrs.validators.in_(("", "river")))
    cost: dict[str, int] = attrs.field(factory=dict, validator=_nonneg_map)
    specialisations: tuple[str, str]
    source: str = source_field()


@attrs.frozen(kw_only=True)
class Specialisation:
    """A settlement specialisation and its effect (market, slot or depot)."""

    name: str
    effect: str = attrs.field(validator=attrs.validators.in_(("market", "slot", "depot")))
    source: str = source_field()


@attrs.frozen(kw_only=True)
class Tier:
    """A settlement tier (1 Settlement, 2 Town, 3 City)."""

    name: str
    level: int
    slots: int = attrs.field(validator=_nonneg)
    points: int = 0
    cost: dict[str, int] = attrs.field(factory=dict, validator=_nonneg_map)
    source: str = source_field()


@attrs.frozen(kw_only=True)
class Archetype:
    """An archetype board: package, limits, passive and its three upgrades."""

    name: str
    currency: int = attrs.field(validator=_nonneg)
    goods: dict[str, int] = attrs.field(factory=dict, validator=_nonneg_map)
    caravans: int = attrs.field(validator=_nonneg)
    camps: int = attrs.field(validator=_nonneg)
    settlements: int = attrs.field(validator=_nonneg)
    wilderness_bonus: str = attrs.field(
        default="", validator=attrs.validators.in_(("", "Explorer", "Builder"))
    )
    prestige: int = 0
    passive: str
    upgrades: tuple[str, str, str]
    source: str = source_field()


@attrs.frozen(kw_only=True)
class UpgradeType:
    """An upgrade tile: archetype (``""`` for a shared upgrade), cost and copies."""

    number: int
    name: str
    archetype: str = ""
    copies: str = attrs.field(default="one", validator=attrs.validators.in_(("one", "half")))
    currency: int = attrs.field(validator=_nonneg)
    cost: dict[str, int] = attrs.field(factory=dict, validator=_nonneg_map)
    text: str = ""
    source: str = source_field()


@attrs.frozen(kw_only=True)
class CardType:
    """A multi-use card (ability, currency value, one wild resource)."""

    name: str
    copies: int = attrs.field(validator=_nonneg)
    value: int = attrs.field(validator=_nonneg)
    legacy: bool = False
    text: str = ""
    source: str = source_field()


@attrs.frozen(kw_only=True)
class EventType:
    """An event card with options A and B."""

    name: str
    season: str = attrs.field(
        validator=attrs.validators.in_(("Thaw", "Boom", "Hardship", "Decline"))
    )
    a: str
    b: str
    source: str = source_field()


@attrs.frozen(kw_only=True)
class ContractType:
    """A delivery contract."""

    name: str
    tier: int = attrs.field(validator=attrs.validators.in_((1, 2, 3)))
    goods: dict[str, int] = attrs.field(validator=_nonneg_map)
    destination: str = attrs.field(
        validator=attrs.validators.in_(("Central City", "Frontier", "Settlement", "Market"))
    )
    points: int = attrs.field(validator=_nonneg)
    currency: int = attrs.field(default=0, validator=_nonneg)
    source: str = source_field()


MEASURES = (
    "camps", "settlements_founded", "segments", "facilities", "soot", "prestige", "currency",
    "far_camps", "rail", "camp_categories", "clean_with_facility", "pacts", "tier3_facilities",
    "contracts", "currency_no_loans", "upgrades_done",
)


@attrs.frozen(kw_only=True)
class PublicObjective:
    """A public objective: most (or least) of a measure."""

    name: str
    measure: str = attrs.field(validator=attrs.validators.in_(MEASURES))
    lower: bool = False
    minimum: int | None = None
    text: str = ""
    source: str = source_field()


@attrs.frozen(kw_only=True)
class SecretObjective:
    """A secret objective: reach ``target`` in a measure for ``points``."""

    name: str
    measure: str = attrs.field(validator=attrs.validators.in_(MEASURES))
    target: int
    points: int = attrs.field(validator=_nonneg)
    source: str = source_field()


@attrs.frozen(kw_only=True)
class Milestone:
    """A milestone tile."""

    name: str
    points: int = attrs.field(validator=_nonneg)
    text: str = ""
    source: str = source_field()


@attrs.frozen(kw_only=True)
class FluxCard:
    """A 2-player Market Flux card: a riser and a faller."""

    rises: str
    falls: str
    source: str = source_field()


@attrs.frozen(kw_only=True)
class Numbers:
    """Every scalar number of the rules (``data/rules.toml``); see that file for sources."""

    actions_per_round: int
    actions_per_round_2p: int
    hand_limit: int
    card_row: int
    contract_row: int
    contracts_held: int
    public_objectives: int
    secret_dealt: int
    secret_kept: int
    loan_amount: int
    loan_repay: int
    loan_max: int
    loan_max_2p: int
    loan_penalty: int
    shortfall_cost: int
    tax_per_camp: int
    camp_food: int
    settlement_food: int
    tier3_food: int
    overtime_food: int
    tile_cap: int
    caravan_capacity: int
    extract_tokens: int
    extract_tokens_decline: int
    ruthless_bonus: int
    explore_draw: int
    survey_row: int
    survey_fee: int
    frontier_marker_depth: int
    camp_currency: int
    camp_points: int
    first_category_points: int
    settlement_currency: int
    founding_points_thaw: int
    founding_points_boom: int
    founding_points_hardship: int
    founding_points_decline: int
    charter_payment: int
    reserve_rounds: int
    usage_fee_settlement: int
    usage_fee_city: int
    cc_tier3_slots: int
    cc_tier3_slots_2p: int
    outer_district_slots: int
    outer_district_cut_stone: int
    outer_district_points: int
    warehouses_max: int
    warehouse_capacity: int = attrs.field(validator=_nonneg)
    soot_max: int
    soot_threshold_1: int
    soot_threshold_2: int
    soot_upgrade_lock: int
    soot_points_divisor: int
    scrub_max: int
    scrub_cost: int
    premium_distance: int
    premium: int
    boom_bonus: int
    sell_units: int
    merchant_sell_units: int
    buy_markup: int
    toll: int
    cascade_raw: int
    cascade_floor: int
    hardship_food: int
    favor_max: int
    pact_reset: int
    prestige_min: int
    prestige_max: int
    prestige_points_per_level: int
    interaction_base_cost: int
    objective_first: int
    objective_second: int
    last_round: int
    final_rounds: int
    hard_cap: int
    binding_open_max: int
    binding_penalty: int
    trade_offers_per_round: int
    trade_edits_max: int
    trade_currency_step: int
    binding_deadline_rounds: int
    city_training_grain: int
    city_training_currency: int
    upgrade_points: int
    settlement_spacing: int


@attrs.frozen(kw_only=True)
class EffectNumbers:
    """Every number the effect code of cards, events, upgrade tiles and archetype
    passives reads (``data/effects.toml``, ``[[number]]`` entries with their
    sources; override paths ``effects.<field>``, e.g.
    ``--set effects.royal_charter_points=5``). A data folder without the file
    plays with the packaged one.

    Each field is named by the card, event, tile or archetype and what the
    number is (``land_office_settlement_resources``); none is negative, and
    :attr:`surveyors_chain_hexes` and
    :attr:`exhausted_seams_thinned_at_least` are at least 1. The texts of ``cards.toml``, ``events.toml`` and
    ``archetypes.toml`` quote these numbers as ``{name}`` (see :func:`fill_text`;
    :attr:`SootData.card_texts`, :attr:`SootData.event_texts`,
    :attr:`SootData.upgrade_texts` are the texts filled in).

    Source: rulebook, §21 (upgrade tiles and passives); the rest assumed
    (the card and event lists are missing; numbers from their data texts).
    """

    surveyors_chain_hexes: int = attrs.field(validator=_positive)
    foreman_actions: int = attrs.field(validator=_nonneg)
    land_grant_camp_resources: int = attrs.field(validator=_nonneg)
    timber_contract_timber: int = attrs.field(validator=_nonneg)
    quarry_crew_stone: int = attrs.field(validator=_nonneg)
    iron_tools_iron_ore: int = attrs.field(validator=_nonneg)
    iron_tools_coal: int = attrs.field(validator=_nonneg)
    harvest_festival_grain: int = attrs.field(validator=_nonneg)
    market_day_steps: int = attrs.field(validator=_nonneg)
    price_gouging_bonus: int = attrs.field(validator=_nonneg)
    bank_draft_currency: int = attrs.field(validator=_nonneg)
    smoke_scrubbers_soot: int = attrs.field(validator=_nonneg)
    double_shift_firings: int = attrs.field(validator=_nonneg)
    golden_spike_rail_segments: int = attrs.field(validator=_nonneg)
    golden_spike_points: int = attrs.field(validator=_nonneg)
    great_exhibition_points: int = attrs.field(validator=_nonneg)
    silver_strike_gold: int = attrs.field(validator=_nonneg)
    treaty_of_the_falls_favor: int = attrs.field(validator=_nonneg)
    treaty_of_the_falls_prestige: int = attrs.field(validator=_nonneg)
    panic_steps: int = attrs.field(validator=_nonneg)
    royal_charter_points: int = attrs.field(validator=_nonneg)
    royal_charter_currency: int = attrs.field(validator=_nonneg)
    steam_engine_patent_output: int = attrs.field(validator=_nonneg)
    telegraph_cards: int = attrs.field(validator=_nonneg)
    telegraph_actions: int = attrs.field(validator=_nonneg)
    spring_floods_camp_fish: int = attrs.field(validator=_nonneg)
    spring_floods_fish: int = attrs.field(validator=_nonneg)
    wagon_train_grain: int = attrs.field(validator=_nonneg)
    wagon_train_currency: int = attrs.field(validator=_nonneg)
    land_speculators_currency: int = attrs.field(validator=_nonneg)
    land_speculators_payment: int = attrs.field(validator=_nonneg)
    fur_rendezvous_steps: int = attrs.field(validator=_nonneg)
    fur_rendezvous_tokens: int = attrs.field(validator=_nonneg)
    survey_party_cards: int = attrs.field(validator=_nonneg)
    survey_party_currency: int = attrs.field(validator=_nonneg)
    railway_mania_steps: int = attrs.field(validator=_nonneg)
    railway_mania_points: int = attrs.field(validator=_nonneg)
    gold_fever_steps: int = attrs.field(validator=_nonneg)
    gold_fever_tokens: int = attrs.field(validator=_nonneg)
    foreign_buyers_steps: int = attrs.field(validator=_nonneg)
    credit_boom_loan_currency: int = attrs.field(validator=_nonneg)
    credit_boom_currency: int = attrs.field(validator=_nonneg)
    lumber_rush_steps: int = attrs.field(validator=_nonneg)
    lumber_rush_timber: int = attrs.field(validator=_nonneg)
    drought_steps: int = attrs.field(validator=_nonneg)
    drought_currency: int = attrs.field(validator=_nonneg)
    harsh_winter_soot: int = attrs.field(validator=_nonneg)
    harsh_winter_currency_per_camp: int = attrs.field(validator=_nonneg)
    harsh_winter_currency_max: int = attrs.field(validator=_nonneg)
    cholera_soot: int = attrs.field(validator=_nonneg)
    cholera_prestige: int = attrs.field(validator=_nonneg)
    bank_panic_currency_per_loan: int = attrs.field(validator=_nonneg)
    bank_panic_steps: int = attrs.field(validator=_nonneg)
    labor_unrest_currency_per_facility: int = attrs.field(validator=_nonneg)
    labor_unrest_currency_max: int = attrs.field(validator=_nonneg)
    labor_unrest_prestige: int = attrs.field(validator=_nonneg)
    exhausted_seams_thinned_at_least: int = attrs.field(validator=_positive)
    exhausted_seams_thinned_tokens: int = attrs.field(validator=_nonneg)
    market_glut_steps: int = attrs.field(validator=_nonneg)
    reform_movement_soot: int = attrs.field(validator=_nonneg)
    reform_movement_prestige: int = attrs.field(validator=_nonneg)
    westward_exodus_currency: int = attrs.field(validator=_nonneg)
    westward_exodus_points: int = attrs.field(validator=_nonneg)
    last_frontier_cards: int = attrs.field(validator=_nonneg)
    last_frontier_points: int = attrs.field(validator=_nonneg)
    switching_yard_toll: int = attrs.field(validator=_nonneg)
    land_office_camp_resources: int = attrs.field(validator=_nonneg)
    land_office_settlement_resources: int = attrs.field(validator=_nonneg)
    municipal_planning_points: int = attrs.field(validator=_nonneg)
    efficient_furnace_fuel: int = attrs.field(validator=_nonneg)
    efficient_furnace_min_fuel: int = attrs.field(validator=_nonneg)
    master_engineer_actions: int = attrs.field(validator=_nonneg)
    prospecting_gear_draw: int = attrs.field(validator=_nonneg)
    deep_survey_tokens: int = attrs.field(validator=_nonneg)
    claim_stakes_camps: int = attrs.field(validator=_nonneg)
    market_intelligence_contracts: int = attrs.field(validator=_nonneg)
    market_intelligence_peek: int = attrs.field(validator=_nonneg)
    commodity_futures_steps: int = attrs.field(validator=_nonneg)
    agricultural_mastery_food: int = attrs.field(validator=_nonneg)
    provisioner_price: int = attrs.field(validator=_nonneg)
    sanitation_works_soot: int = attrs.field(validator=_nonneg)
    railroad_baron_route_resources: int = attrs.field(validator=_nonneg)
    town_founder_slots: int = attrs.field(validator=_nonneg)
    town_founder_charter: int = attrs.field(validator=_nonneg)
    industrialist_output: int = attrs.field(validator=_nonneg)
    prospector_draw: int = attrs.field(validator=_nonneg)
    prospector_grant_multiplier: int = attrs.field(validator=_nonneg)
    rancher_production: int = attrs.field(validator=_nonneg)


_QUOTED = re.compile(r"\{([a-z0-9_]+)(?::([^/{}]*)/([^/{}]*))?\}")
"""A number quoted in a card, event or upgrade text: ``{royal_charter_points}``, or with the words
for one and for many (``#`` stands for the number): ``{telegraph_cards:# card/# cards}``."""


def fill_text(text: str, numbers: Mapping[str, int]) -> str:
    """``text`` with every quoted number filled in (a name that is no number is left as it is).

    ``{name}`` becomes the number; ``{name:one/many}`` becomes ``one`` when
    the number is 1, else ``many``, with ``#`` in either replaced by the number.

    Args:
        text: a text of ``cards.toml``, ``events.toml`` or ``archetypes.toml``.
        numbers: the numbers by name (:attr:`SootData.text_numbers`: the effect and rule numbers).

    Returns:
        The text a player reads.

    Example:
        >>> fill_text("Draw {n:# card/# cards} blind ({n})", {"n": 1})
        'Draw 1 card blind (1)'
    """
    if "{" not in text:
        return text

    def number(match: re.Match[str]) -> str:
        value = numbers.get(match.group(1))
        if value is None:
            return match.group(0)
        if match.group(2) is None:
            return str(value)
        return (match.group(2) if value == 1 else match.group(3)).replace("#", str(value))

    return _QUOTED.sub(number, text)


def unknown_numbers(text: str, numbers: Mapping[str, int]) -> list[str]:
    """The names quoted in ``text`` (see :func:`fill_text`) that are not among ``numbers``."""
    return [m.group(1) for m in _QUOTED.finditer(text) if m.group(1) not in numbers]


@attrs.frozen(kw_only=True)
class SootData:
    """All component data of one game, checked and indexed.

    Attributes:
        goods: every good by name, in file order.
        good_names: good names in file order (index = good id; derived).
        good_ids: good id by name (derived).
        tier3_goods: names of the Tier 3 goods (derived; never warehoused, never traded).
        special_goods: names of the special goods (ingredients), in file order (derived).
        card_ids: card id (index in ``cards``) by name (derived).
        facilities: facility types by name.
        camps: camp types by name.
        terrains: terrain by name.
        tiles: the terrain tile groups.
        sites: site stacks by resource.
        stack_sizes: terrain stack sizes.
        communities: community bag token kinds.
        settlements: settlement types by name.
        specialisations: specialisations by name.
        tiers: settlement tiers, level 1..3.
        archetypes: archetypes by name.
        upgrades: upgrade tiles by name.
        cards: card types by name.
        events: events in file order.
        contracts: contract types in file order.
        public_objectives: public objective cards.
        secret_objectives: secret objective cards.
        milestones: the five milestones.
        flux: the 2P Market Flux cards.
        numbers: the rule numbers.
        effects: the numbers the effects read (``effects.toml``; the packaged file if the folder has none).
        text_numbers: the numbers a text may quote, by name: the rule numbers and the effect numbers (derived).
        card_texts: each card's text with its numbers filled in (derived).
        event_texts: each event's options A and B with their numbers filled in, by name (derived).
        upgrade_texts: each upgrade tile's text with its numbers filled in (derived).
        trust: the Trust module's data (``trust.toml``; :mod:`hexkit_soot.module_data`).
        scenarios: the scenario cards by module name (``scenarios.toml``).
        shares: the Shares module's numbers (``shares.toml``; the packaged file if the folder has none).
        labor: the Labor module's numbers (``labor.toml``; the packaged file if the folder has none).
    """

    goods: dict[str, Good]
    facilities: dict[str, FacilityType]
    camps: dict[str, CampType]
    terrains: dict[str, Terrain]
    tiles: tuple[TileGroup, ...]
    sites: dict[str, SiteType]
    stack_sizes: tuple[StackSize, ...]
    communities: tuple[CommunityType, ...]
    settlements: dict[str, SettlementType]
    specialisations: dict[str, Specialisation]
    tiers: tuple[Tier, ...]
    archetypes: dict[str, Archetype]
    upgrades: dict[str, UpgradeType]
    cards: dict[str, CardType]
    events: tuple[EventType, ...]
    contracts: tuple[ContractType, ...]
    public_objectives: tuple[PublicObjective, ...]
    secret_objectives: tuple[SecretObjective, ...]
    milestones: tuple[Milestone, ...]
    flux: tuple[FluxCard, ...]
    numbers: Numbers
    effects: EffectNumbers
    trust: TrustData
    scenarios: dict[str, ScenarioCard]
    shares: ShareNumbers
    labor: LaborData
    _tile_table: tuple[tuple[str, str, bool], ...] = attrs.field(init=False, repr=False, eq=False)
    _tier_facilities: dict[int, tuple[str, ...]] = attrs.field(init=False, repr=False, eq=False)
    # Derived from ``goods`` once: the rules ask these in every menu.
    good_names: tuple[str, ...] = attrs.field(init=False, repr=False, eq=False)
    good_ids: dict[str, int] = attrs.field(init=False, repr=False, eq=False)
    tier3_goods: frozenset[str] = attrs.field(init=False, repr=False, eq=False)
    special_goods: tuple[str, ...] = attrs.field(init=False, repr=False, eq=False)
    card_ids: dict[str, int] = attrs.field(init=False, repr=False, eq=False)
    _upgrades_by_archetype: dict[str, tuple[str, ...]] = attrs.field(init=False, repr=False, eq=False)
    _tile_camps: tuple[tuple[tuple[str, bool], ...], ...] = attrs.field(init=False, repr=False, eq=False)
    text_numbers: dict[str, int] = attrs.field(init=False, repr=False, eq=False)
    card_texts: dict[str, str] = attrs.field(init=False, repr=False, eq=False)
    event_texts: dict[str, tuple[str, str]] = attrs.field(init=False, repr=False, eq=False)
    upgrade_texts: dict[str, str] = attrs.field(init=False, repr=False, eq=False)

    def __attrs_post_init__(self) -> None:
        table: list[tuple[str, str, bool]] = []
        for group in self.tiles:
            table.extend([(group.terrain, group.site, group.river)] * group.count)
        object.__setattr__(self, "_tile_table", tuple(table))
        tiers: dict[int, list[str]] = {}
        for name, f in self.facilities.items():
            tiers.setdefault(f.tier, []).append(name)
        object.__setattr__(self, "_tier_facilities", {t: tuple(names) for t, names in tiers.items()})
        goods = self.goods
        object.__setattr__(self, "good_names", tuple(goods))
        object.__setattr__(self, "good_ids", {name: i for i, name in enumerate(goods)})
        object.__setattr__(self, "tier3_goods", frozenset(
            n for n, g in goods.items() if g.kind == "tracked" and g.tier == 3))
        object.__setattr__(self, "special_goods", tuple(n for n, g in goods.items() if g.kind == "special"))
        object.__setattr__(self, "card_ids", {name: i for i, name in enumerate(self.cards)})
        object.__setattr__(self, "_tile_camps", tuple(
            self._camps_on(terrain, site) for terrain, site, _ in table))
        object.__setattr__(self, "_upgrades_by_archetype", {
            arch: tuple(n for n, u in self.upgrades.items() if u.archetype in ("", arch))
            for arch in {"", *(u.archetype for u in self.upgrades.values()), *self.archetypes}
        })
        numbers = {**attrs.asdict(self.numbers), **attrs.asdict(self.effects)}
        object.__setattr__(self, "text_numbers", numbers)
        object.__setattr__(self, "card_texts", {n: fill_text(c.text, numbers) for n, c in self.cards.items()})
        object.__setattr__(self, "event_texts", {
            e.name: (fill_text(e.a, numbers), fill_text(e.b, numbers)) for e in self.events})
        object.__setattr__(self, "upgrade_texts", {n: fill_text(u.text, numbers) for n, u in self.upgrades.items()})

    # -- derived, read-only helpers ------------------------------------
    def price_of_raw(self, name: str) -> int:
        """Printed price of a raw or special good (tracked goods: base price)."""
        g = self.goods[name]
        return g.base if g.kind == "tracked" else g.price

    def upgrades_for(self, archetype: str) -> tuple[str, ...]:
        """Names of the upgrade tiles ``archetype`` may buy (its own and the shared ones), in file order."""
        found = self._upgrades_by_archetype.get(archetype)
        if found is None:
            return tuple(n for n, u in self.upgrades.items() if u.archetype in ("", archetype))
        return found

    def facilities_of_tier(self, tier: int) -> tuple[str, ...]:
        """Names of the facility types of ``tier``, in file order."""
        return self._tier_facilities.get(tier, ())

    def _camps_on(self, terrain: str, site: str) -> tuple[tuple[str, bool], ...]:
        """Camp types whose terrain and site (if any) fit, with whether each is a site camp, in file order."""
        return tuple((name, bool(camp.sites)) for name, camp in self.camps.items()
                     if terrain in camp.terrains and (not camp.sites or site in camp.sites))

    def camps_on_tile(self, tile: int) -> tuple[tuple[str, bool], ...]:
        """The camp types the terrain and printed site of tile ``tile`` fit,
        in file order, each with whether it is a site camp (which also needs
        tokens left in the hex's stack).

        Args:
            tile: a tile id (negative: the Central City or the Outer District).

        Returns:
            ``(camp type name, is a site camp)`` pairs.
        """
        if tile >= 0:
            return self._tile_camps[tile]
        return self._camps_on("Central City" if tile == -1 else "Outer District", "")

    def tile_list(self) -> tuple[tuple[str, str, bool], ...]:
        """Every terrain tile as ``(terrain, site, river)``, in file order (index = tile id)."""
        return self._tile_table

    def stack_size(self, players: int) -> int:
        """Terrain stack size for ``players`` players."""
        for size in self.stack_sizes:
            if players in size.players:
                return size.tiles
        raise InvalidRecordError("map.stack_size", f"no terrain stack size for {players} players")


def _known_goods(report: Report, path: str, names: Iterable[str], goods: dict[str, Good]) -> None:
    for good in names:
        if good not in goods:
            report(path, f"unknown good {good!r}")


def _check(data: SootData, report: Report) -> None:
    """The checks across entries and files (reported by data path)."""
    goods = data.goods
    for name, good in goods.items():
        if good.link and good.link not in goods:
            report(f"goods.{name}.link", f"unknown good {good.link!r}")
    for name, fac in data.facilities.items():
        for field in ("inputs", "outputs", "build", "choice"):
            _known_goods(report, f"facilities.{name}.{field}", getattr(fac, field), goods)
    for i, group in enumerate(data.tiles):
        if group.terrain not in data.terrains:
            report(f"tiles.{i}.terrain", f"unknown terrain {group.terrain!r}")
        if group.site and group.site not in data.sites:
            report(f"tiles.{i}.site", f"no stack size for site {group.site!r}")
    for name, camp in data.camps.items():
        if camp.produces and camp.produces not in goods:
            report(f"camps.{name}.produces", f"unknown good {camp.produces!r}")
        _known_goods(report, f"camps.{name}.cost", camp.cost, goods)
    for name, st in data.settlements.items():
        for special in st.specialisations:
            if special not in data.specialisations:
                report(f"settlements.{name}.specialisations", f"unknown specialisation {special!r}")
        _known_goods(report, f"settlements.{name}.cost", st.cost, goods)
    if [t.level for t in data.tiers] != [1, 2, 3]:
        report("tiers", "need tiers of level 1, 2 and 3")
    for name, arch in data.archetypes.items():
        _known_goods(report, f"archetypes.{name}.goods", arch.goods, goods)
        for up in arch.upgrades:
            if up not in data.upgrades or data.upgrades[up].archetype != name:
                report(f"archetypes.{name}.upgrades", f"no upgrade {up!r} of this archetype")
    for i, ct in enumerate(data.contracts):
        _known_goods(report, f"contracts.{i}.goods", ct.goods, goods)
    for i, fc in enumerate(data.flux):
        for moved in (fc.rises, fc.falls):
            if moved not in goods or goods[moved].kind != "tracked":
                report(f"flux.{i}", f"{moved!r} is not a tracked good")
    for name, card in data.cards.items():
        for unknown in unknown_numbers(card.text, data.text_numbers):
            report(f"cards.{name}.text", f"quotes {unknown!r}, which is no number of effects.toml or rules.toml")
    for i, event in enumerate(data.events):
        for option in ("a", "b"):
            for unknown in unknown_numbers(getattr(event, option), data.text_numbers):
                report(f"events.{i}.{option}", f"quotes {unknown!r}, which is no number of effects.toml or rules.toml")
    for name, upgrade in data.upgrades.items():
        for unknown in unknown_numbers(upgrade.text, data.text_numbers):
            report(f"upgrades.{name}.text", f"quotes {unknown!r}, which is no number of effects.toml or rules.toml")
    numbers = data.effects
    if numbers.exhausted_seams_thinned_tokens >= numbers.exhausted_seams_thinned_at_least:
        report("effects.exhausted_seams_thinned_tokens",
               f"must be less than exhausted_seams_thinned_at_least ({numbers.exhausted_seams_thinned_at_least}):"
               " option B thins a stack, never empties it")
    check_modules(data.trust, data.scenarios, data.terrains, report)  # the optional modules' files
    for tier in data.labor.tiers:
        if tier not in (1, 2, 3):
            report("labor.tiers", f"tier {tier} is not a facility tier (1, 2 or 3)")
    for name in data.labor.never_strike:
        if name not in data.facilities:
            report("labor.never_strike", f"unknown facility {name!r}")
    for season in data.labor.seasons:
        if season not in SEASON_NAMES:
            report("labor.seasons", f"unknown season {season!r} (seasons: {', '.join(SEASON_NAMES)})")


def read_effects(reader: DataReader) -> EffectNumbers | None:
    """``effects.toml`` through ``reader`` (the packaged file if the folder has none); problems collected there."""
    if optional_document(reader, "effects.toml") is None:
        return None
    return reader.values("effects.toml", "number", EffectNumbers, path="effects")


def _read(reader: DataReader) -> SootData:
    """Every file of a data folder, assembled into :class:`SootData`."""

    def table(file: str, key: str, cls: type[Any], path: str) -> list[Any]:
        return reader.table(file, key, cls, path=path)

    def keyed(file: str, key: str, cls: type[Any], path: str, by: str = "name") -> dict[str, Any]:
        return reader.keyed(table(file, key, cls, path), path, by)

    parts: dict[str, Any] = {
        "goods": keyed("goods.toml", "good", Good, "goods"),
        "facilities": keyed("facilities.toml", "facility", FacilityType, "facilities"),
        "camps": keyed("camps.toml", "camp", CampType, "camps"),
        "terrains": keyed("map.toml", "terrain", Terrain, "terrains"),
        "tiles": tuple(table("map.toml", "tiles", TileGroup, "tiles")),
        "sites": keyed("map.toml", "site", SiteType, "sites", "resource"),
        "stack_sizes": tuple(table("map.toml", "stack_size", StackSize, "stack_sizes")),
        "communities": tuple(table("map.toml", "community", CommunityType, "communities")),
        "specialisations": keyed("settlements.toml", "specialisation", Specialisation, "specialisations"),
        "settlements": keyed("settlements.toml", "settlement", SettlementType, "settlements"),
        "tiers": tuple(sorted(table("settlements.toml", "tier", Tier, "tiers"), key=lambda t: t.level)),
        "archetypes": keyed("archetypes.toml", "archetype", Archetype, "archetypes"),
        "upgrades": keyed("archetypes.toml", "upgrade", UpgradeType, "upgrades"),
        "cards": keyed("cards.toml", "card", CardType, "cards"),
        "events": tuple(table("events.toml", "event", EventType, "events")),
        "contracts": tuple(table("contracts.toml", "contract", ContractType, "contracts")),
        "flux": tuple(table("scoring.toml", "flux", FluxCard, "flux")),
        "public_objectives": tuple(table("scoring.toml", "public", PublicObjective, "public_objectives")),
        "secret_objectives": tuple(table("scoring.toml", "secret", SecretObjective, "secret_objectives")),
        "milestones": tuple(table("scoring.toml", "milestone", Milestone, "milestones")),
    }
    numbers = reader.values("rules.toml", "number", Numbers, path="numbers")
    effects = read_effects(reader)
    trust = read_trust(reader)  # the optional modules' files, read and checked like the base ones
    scenarios = read_scenarios(reader)
    shares = read_shares(reader)
    labor = read_labor(reader)
    reader.raise_if_any()
    return SootData(numbers=reader.got(numbers), effects=reader.got(effects), trust=reader.got(trust),
                    scenarios=scenarios,
                    shares=reader.got(shares), labor=reader.got(labor), **parts)


DATA = DataSet(DATA_DIR, _read, _check)
"""The data set of the game: shipped folder, reader and checks (see :mod:`hexkit.data`)."""


def load_data(directory: str | Path | None = None) -> SootData:
    """Load and check every data file of a directory.

    Args:
        directory: a directory holding the ``*.toml`` files; ``None`` for
            the packaged data. Results are cached per directory.

    Returns:
        The checked :class:`SootData`.

    Raises:
        InvalidDataError: naming the file, entry and field of every problem
            (a missing or unknown field, a wrong type, a failed check, or a
            name that refers to nothing).
    """
    return DATA.load(directory)


def data_for(folder: str | Path | None, overrides: dict[str, Any]) -> SootData:
    """A folder's data (``None``: packaged) with a config's overrides applied and checked.

    Raises:
        InvalidDataError: a data file is malformed, or an override breaks a
            check across entries.
        ConfigError: an override names no field or has the wrong type.
    """
    return DATA.with_overrides(folder, overrides)
