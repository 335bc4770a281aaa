"""Component data of Empyreal: Spells & Steam, loaded from ``data/*.toml``.

Every list of components (terrain boards, goods, Companies, Captains,
Spellcars, Specialists, Awards) and every number of the rules lives in a TOML
file beside this module. :func:`load_data` reads them into attrs classes
with :mod:`hexkit.data` and checks them; a malformed file is refused with one
:class:`~hexkit.data.InvalidDataError` naming every broken entry and field
(``spellcars.toml:tiles[12] (Reforester).cost``).

A designer changes a number by copying the ``data`` folder, editing it and
pointing :attr:`EmpyrealConfig.data_dir` at the copy.

Source: rulebook, Components.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, cast

import attrs

from hexkit.data import DataReader, DataSet, Report, source_field

__all__ = [
    "TERRAINS",
    "DESERT",
    "FOREST",
    "GLACIER",
    "LAKE",
    "LAVA",
    "MOUNTAIN",
    "WASTELAND",
    "CITY",
    "TERRAIN_LETTERS",
    "GoodSpec",
    "BoardSide",
    "CompanySpec",
    "CaptainSpec",
    "SpellcarSpec",
    "SpecialistSpec",
    "AwardSpec",
    "RuleNumbers",
    "FriendlyRemovals",
    "EmpyrealData",
    "DATA_DIR",
    "DATA",
    "load_data",
    "game_data",
    "data_key",
    "terrain_index",
]

DATA_DIR = Path(__file__).parent / "data"
"""The folder of the shipped data files."""

TERRAINS: tuple[str, ...] = (
    "Desert",
    "Forest",
    "Glacier",
    "Lake",
    "Lava",
    "Mountain",
    "Wasteland",
    "City",
)
"""Terrain names by engine index: 0-5 are the good-bearing terrains (the
index of a terrain is also the colour index of its good), 6 Wasteland, 7 City."""

DESERT, FOREST, GLACIER, LAKE, LAVA, MOUNTAIN, WASTELAND, CITY = range(8)
TERRAIN_LETTERS = "DFGLVMWC"
"""One letter per terrain index, as used in ``boards.toml`` and the text map."""

SPECIALIST_TYPES = ("Engineer", "Surveyor", "Station Master")


def terrain_index(name: str) -> int:
    """Return the engine index of a terrain name.

    Raises:
        ValueError: the name is not a terrain of the rulebook.
    """
    try:
        return TERRAINS.index(name)
    except ValueError:
        raise ValueError(f"unknown terrain {name!r}; terrains are {', '.join(TERRAINS)}") from None


def _non_empty(_: Any, attribute: attrs.Attribute[Any], value: str) -> None:
    if not value:
        raise ValueError(f"{attribute.name} must not be empty")


def _terrain_name(_: Any, attribute: attrs.Attribute[Any], value: str) -> None:
    terrain_index(value)


def _terrain_list(_: Any, attribute: attrs.Attribute[Any], value: tuple[str, ...]) -> None:
    for name in value:
        terrain_index(name)


@attrs.frozen(kw_only=True)
class GoodSpec:
    """A good: its name, colour and the terrain it is found on."""

    name: str = attrs.field(validator=_non_empty)
    colour: str = attrs.field(validator=_non_empty)
    terrain: str = attrs.field(validator=_terrain_name)
    source: str = source_field()


@attrs.frozen(kw_only=True)
class BoardSide:
    """One side of a terrain board.

    Attributes:
        id: ``"1A"``, ``"4B"``, ``"2C"``...
        board: the physical board (1-6).
        side: ``"A"``, ``"B"`` or ``"C"``.
        rows: rows of terrain letters (``TERRAIN_LETTERS``), axial r by q.
        city_colours: colour of each City in reading order.
    """

    id: str = attrs.field(validator=_non_empty)
    board: int
    side: str = attrs.field(validator=attrs.validators.in_(("A", "B", "C")))
    rows: tuple[str, ...]
    city_colours: tuple[str, ...]
    source: str = source_field()

    def __attrs_post_init__(self) -> None:
        for row in self.rows:
            bad = set(row) - set(TERRAIN_LETTERS)
            if bad:
                raise ValueError(f"rows: unknown terrain letters {sorted(bad)}")
        cities = sum(row.count("C") for row in self.rows)
        if cities != len(self.city_colours):
            raise ValueError(
                f"city_colours: {len(self.city_colours)} colours for {cities} Cities"
            )
        wanted = 1 if self.side == "C" else 2
        if cities != wanted:
            raise ValueError(f"rows: side {self.side} holds {wanted} Cities, not {cities}")


@attrs.frozen(kw_only=True)
class CompanySpec:
    """A Company folio.

    Attributes:
        name: the Company's name.
        code: two-letter code used on the text map.
        colour: colour of its train cars.
        home: its Home Terrain.
        captain: its own Captain.
        columns: railyard rows under each Conductor-path space (1-3).
        printed: printed Company Spellcars by slot label (``"B1"``).
    """

    name: str = attrs.field(validator=_non_empty)
    code: str = attrs.field(validator=_non_empty)
    colour: str
    home: str = attrs.field(validator=_terrain_name)
    captain: str = attrs.field(validator=_non_empty)
    columns: tuple[int, ...]
    printed: dict[str, str]
    source: str = source_field()

    def __attrs_post_init__(self) -> None:
        if len(self.columns) < 4:
            raise ValueError("columns: the Conductor path needs at least four spaces")
        for size in self.columns:
            if not 1 <= size <= 3:
                raise ValueError(f"columns: a column holds one to three Spellcars, not {size}")
        for label in self.printed:
            col, row = slot_of_label(label)
            if col >= len(self.columns) or row >= self.columns[col]:
                raise ValueError(f"printed: slot {label} is not in the railyard")


@attrs.frozen(kw_only=True)
class CaptainSpec:
    """A Captain placard; ``company`` is empty for the two Wild Captains."""

    name: str = attrs.field(validator=_non_empty)
    company: str
    source: str = source_field()


@attrs.frozen(kw_only=True)
class SpellcarSpec:
    """A Spellcar: a tile or a printed Company Spellcar.

    Attributes:
        id: unique id (the name for unique Spellcars; kind and terrains for
            common ones, ``"Pick One of Two (Desert/Lake)"``).
        name: the rulebook name (the kind, for common Spellcars).
        effect: registered effect name (see :mod:`hexkit_empyreal.effects`).
        cost: inherent mana cost.
        terrains: terrain names shown on it.
        company: the Company whose folio prints it ("" for tiles).
    """

    id: str = attrs.field(validator=_non_empty)
    name: str = attrs.field(validator=_non_empty)
    effect: str = attrs.field(validator=_non_empty)
    cost: int = attrs.field(validator=attrs.validators.in_(range(0, 11)))
    terrains: tuple[str, ...] = attrs.field(validator=_terrain_list)
    company: str = ""
    source: str = source_field()

    @property
    def printed(self) -> bool:
        """Whether this is printed on a folio rather than a tile."""
        return bool(self.company)

    @property
    def terrain_ids(self) -> tuple[int, ...]:
        """The terrains as engine indices."""
        return tuple(terrain_index(t) for t in self.terrains)


@attrs.frozen(kw_only=True)
class SpecialistSpec:
    """A Specialist tile: Engineer, Surveyor or Station Master.

    Attributes:
        mode: ``exhaust``, ``once``, ``per_turn`` (used in the Activate
            Specialists phase once a turn) or ``passive``.
    """

    name: str = attrs.field(validator=_non_empty)
    type: str = attrs.field(validator=attrs.validators.in_(SPECIALIST_TYPES))
    mode: str = attrs.field(validator=attrs.validators.in_(("exhaust", "once", "per_turn", "passive")))
    source: str = source_field()


@attrs.frozen(kw_only=True)
class AwardSpec:
    """An Award tile and the metric it ranks."""

    name: str = attrs.field(validator=_non_empty)
    measure: str = attrs.field(
        validator=attrs.validators.in_(
            (
                "rail_groups",
                "goods_in_network",
                "largest_rail_group",
                "cars_next_to_cities",
                "demand_colours",
                "cars_on_edge",
                "demand_one_colour",
                "cars_sharing_hexes",
                "specialists_spellcars_mana",
            )
        )
    )
    lower_is_better: bool = False
    min_players: int = 2
    source: str = source_field()


@attrs.frozen(kw_only=True)
class EffectNumbers:
    """Numbers printed on Captains, Specialists and Spellcars that their effects read.

    Read from ``effects.toml``'s ``[[number]]`` entries (name, value, source:
    the Specialist or Spellcar Reference entry each comes from); override
    paths ``effects.<field>``, e.g. ``effects.runika_zenanen_reclaim``. Every
    field is mana, Goods, builds, a count of uses, or a cost table: total mana
    to move the Conductor 1, 2, 3, 4 spaces, or the marginal mana of the 1st,
    2nd and 3rd activation. Only the "costs nothing" zeros stay in code (Antine
    Frass, Seth Cremmul, Sarafina Vanedran)."""

    runika_zenanen_reclaim: int = attrs.field(validator=attrs.validators.ge(0))
    rayleigh_kerigan_move_costs: tuple[int, int, int, int]
    dolores_malephaise_mana: int = attrs.field(validator=attrs.validators.ge(0))
    irialandradayamorella_mana: int = attrs.field(validator=attrs.validators.ge(0))
    orman_kaspar_reclaim: int = attrs.field(validator=attrs.validators.ge(0))
    eloi_klaus_reclaim: int = attrs.field(validator=attrs.validators.ge(0))
    irion_juiz_mana: int = attrs.field(validator=attrs.validators.ge(0))
    luc_von_gott_mana: int = attrs.field(validator=attrs.validators.ge(0))
    malandrax_mecchi_mana: int = attrs.field(validator=attrs.validators.ge(0))
    manch_mana: int = attrs.field(validator=attrs.validators.ge(0))
    rixia_van_sorrel_mana: int = attrs.field(validator=attrs.validators.ge(0))
    uumi_nuoc_mana: int = attrs.field(validator=attrs.validators.ge(0))
    dareios_kuel_goods: int = attrs.field(validator=attrs.validators.ge(0))
    feylana_chorgitz_mana: int = attrs.field(validator=attrs.validators.ge(0))
    feylana_chorgitz_goods: int = attrs.field(validator=attrs.validators.ge(0))
    lucca_turlotte_mana: int = attrs.field(validator=attrs.validators.ge(0))
    lucca_turlotte_goods: int = attrs.field(validator=attrs.validators.ge(0))
    tegusgan_mana: int = attrs.field(validator=attrs.validators.ge(0))
    tegusgan_goods: int = attrs.field(validator=attrs.validators.ge(0))
    voco_astrum_goods: int = attrs.field(validator=attrs.validators.ge(1))
    simon_la_faucheuse_move_costs: tuple[int, int, int, int]
    clive_melmont_reclaim: int = attrs.field(validator=attrs.validators.ge(0))
    levine_casterlie_activation_costs: tuple[int, int, int]
    irini_grenhart_competitor_transfer: int = attrs.field(validator=attrs.validators.ge(0))
    sanathes_danah_wasteland_transfer: int = attrs.field(validator=attrs.validators.ge(0))
    hai_of_noirwood_bonus: int = attrs.field(validator=attrs.validators.ge(0))
    hikaru_sorayama_gain: int = attrs.field(validator=attrs.validators.ge(0))
    hydeart_burnstein_builds: int = attrs.field(validator=attrs.validators.ge(1))
    john_strong_stevenson_builds: int = attrs.field(validator=attrs.validators.ge(1))
    almir_nol_kanda_goods: int = attrs.field(validator=attrs.validators.ge(0))
    aella_ivaline_draws: int = attrs.field(validator=attrs.validators.ge(1))
    anya_southwind_moves: int = attrs.field(validator=attrs.validators.ge(1))
    wardlaw_obrien_swaps: int = attrs.field(validator=attrs.validators.ge(1))
    lyal_kerigan_goods: int = attrs.field(validator=attrs.validators.ge(1))
    flow_controller_reclaim: int = attrs.field(validator=attrs.validators.ge(0))
    reclaim_mana_reclaim: int = attrs.field(validator=attrs.validators.ge(0))


@attrs.frozen(kw_only=True)
class RuleNumbers:
    """Every number of the rules: ``rules.toml``'s ``[[number]]`` entries (name, value and
    the rulebook section or ``assumed`` reason of each); override paths ``rules.<field>``."""

    start_mana: int
    mana_cap: int
    train_cars: int
    wasteland_tiles: int
    goods_per_colour: int
    max_cars_per_hex: int
    market_size: int
    market_wipe_at: int
    move_costs: tuple[int, int, int, int]
    activation_costs: tuple[int, int, int]
    city_transfer: int
    wasteland_transfer: int
    competitor_transfer: int
    teammate_transfer: int
    required_tiles: tuple[int, ...]
    epic_extra_tiles: int
    demand_per_city: tuple[tuple[int, int, int], ...]
    demand_values: tuple[int, int, int]
    demand_goods: tuple[int, int, int]
    demand_tiles_per_colour: tuple[int, int, int]
    awards_dealt: int
    award_prizes: tuple[tuple[int, ...], ...]
    award_minimum: int
    team_colour_bonus: int
    round_limit: int

    def __attrs_post_init__(self) -> None:
        if len(self.required_tiles) < 7 or len(self.demand_per_city) < 7 or len(self.award_prizes) < 7:
            raise ValueError("required_tiles, demand_per_city and award_prizes need entries for 0-6 players")
        if self.start_mana > self.mana_cap:
            raise ValueError("start_mana is above mana_cap")
        for field in attrs.fields(RuleNumbers):
            value = getattr(self, field.name)
            numbers = value if isinstance(value, tuple) else (value,)
            flat = [n for v in numbers for n in (v if isinstance(v, tuple) else (v,))]
            if any(isinstance(n, int) and n < 0 for n in flat):
                raise ValueError(f"{field.name} must not be negative, got {value!r}")


@attrs.frozen(kw_only=True)
class FriendlyRemovals:
    """Components removed by Friendly(ish) Competition."""

    captains: tuple[str, ...]
    specialists: tuple[str, ...]
    spellcars: tuple[str, ...]
    source: str = source_field()


def slot_of_label(label: str) -> tuple[int, int]:
    """Split a railyard slot label (``"B2"``) into (column, row), both from 0.

    Raises:
        ValueError: the label is not a letter and a row number 1-3.
    """
    if len(label) != 2 or not label[0].isalpha() or label[1] not in "123":
        raise ValueError(f"railyard slot {label!r} is not a column letter and a row 1-3")
    return ord(label[0].upper()) - ord("A"), int(label[1]) - 1


@attrs.frozen(kw_only=True, slots=False)
class EmpyrealData:
    """All component data of one game (shared by every state of that game).

    Override paths (``GameConfig.overrides``) walk these fields:
    ``rules.start_mana``, ``spellcars.Flow Controller.cost``,
    ``companies.Kings' Line.home``, ``specialists.Peril.mode``...

    Attributes:
        goods: the six goods in terrain order.
        boards: the twelve terrain board sides.
        companies: the six Companies.
        captains: the eight Captain placards.
        spellcars: every Spellcar by id: the 67 tiles and the printed ones.
        specialists: the 51 Specialist tiles.
        awards: the ten Award tiles.
        rules: the numbers of the rules.
        effects: the numbers the Captain, Specialist and Spellcar effects read.
        friendly: the Friendly(ish) Competition removals.
    """

    goods: tuple[GoodSpec, ...]
    boards: tuple[BoardSide, ...]
    companies: tuple[CompanySpec, ...]
    captains: tuple[CaptainSpec, ...]
    spellcars: dict[str, SpellcarSpec]
    specialists: tuple[SpecialistSpec, ...]
    awards: tuple[AwardSpec, ...]
    rules: RuleNumbers
    effects: EffectNumbers
    friendly: FriendlyRemovals

    def __attrs_post_init__(self) -> None:
        # Derived lookups (not fields: an override changes the fields they come from).
        d = self.__dict__
        d["_tiles"] = tuple(s for s in self.spellcars.values() if not s.company)
        d["_printed"] = tuple(s for s in self.spellcars.values() if s.company)
        d["_company_by_name"] = {c.name: c for c in self.companies}
        d["_specialist_by_name"] = {s.name: s for s in self.specialists}
        d["_award_by_name"] = {a.name: a for a in self.awards}
        d["_colours"] = tuple(g.colour for g in self.goods)

    @property
    def tiles(self) -> tuple[SpellcarSpec, ...]:
        """The 67 Spellcar tiles."""
        return cast(tuple[SpellcarSpec, ...], self.__dict__["_tiles"])

    @property
    def printed(self) -> tuple[SpellcarSpec, ...]:
        """The Spellcars printed on the Company folios."""
        return cast(tuple[SpellcarSpec, ...], self.__dict__["_printed"])

    @property
    def company_by_name(self) -> dict[str, CompanySpec]:
        """Companies by name."""
        return cast(dict[str, CompanySpec], self.__dict__["_company_by_name"])

    @property
    def specialist_by_name(self) -> dict[str, SpecialistSpec]:
        """Specialists by name."""
        return cast(dict[str, SpecialistSpec], self.__dict__["_specialist_by_name"])

    @property
    def award_by_name(self) -> dict[str, AwardSpec]:
        """Awards by name."""
        return cast(dict[str, AwardSpec], self.__dict__["_award_by_name"])

    @property
    def colours(self) -> tuple[str, ...]:
        """Good colours by colour index."""
        return cast(tuple[str, ...], self.__dict__["_colours"])

    def colour_index(self, colour: str) -> int:
        """Return the index of a good colour.

        Raises:
            ValueError: unknown colour.
        """
        try:
            return self.colours.index(colour)
        except ValueError:
            raise ValueError(f"unknown good colour {colour!r}") from None


def _check(data: EmpyrealData, report: Report) -> None:
    """The checks across entries and files (reported by data path)."""
    if [g.terrain for g in data.goods] != list(TERRAINS[:6]):
        report("goods", f"one good for each of the six terrains, in terrain order {TERRAINS[:6]}")
    for side in data.boards:
        for colour in side.city_colours:
            if colour not in data.colours:
                report(f"boards.{side.id}.city_colours", f"unknown colour {colour!r}")
    names = [c.name for c in data.companies]
    for company in data.companies:
        for label, sid in company.printed.items():
            spec = data.spellcars.get(sid)
            if spec is None or spec.company != company.name:
                report(f"companies.{company.name}.printed.{label}", f"{sid!r} is not a printed Spellcar of {company.name}")
    for captain in data.captains:
        if captain.company and captain.company not in names:
            report(f"captains.{captain.name}.company", f"unknown Company {captain.company!r}")
    for key, spec in data.spellcars.items():
        if key != spec.id:
            report(f"spellcars.{key}.id", f"the id {spec.id!r} differs from its key")


def _read(reader: DataReader) -> EmpyrealData:
    """Every file of a data folder, assembled into :class:`EmpyrealData`."""
    rules = reader.values("rules.toml", "number", RuleNumbers, path="rules")
    effects = reader.values("effects.toml", "number", EffectNumbers, path="effects")
    friendly = reader.record("variants.toml", FriendlyRemovals, table="friendly", path="friendly")
    cars = [reader.table("spellcars.toml", table, SpellcarSpec, path="spellcars") for table in ("tiles", "printed")]
    spellcars = reader.keyed(cars[0] + cars[1], "spellcars", key="id")
    goods = reader.table("goods.toml", "goods", GoodSpec, path="goods")
    boards = reader.table("boards.toml", "boards", BoardSide, path="boards")
    companies = reader.table("companies.toml", "companies", CompanySpec, path="companies")
    captains = reader.table("captains.toml", "captains", CaptainSpec, path="captains")
    specialists = reader.table("specialists.toml", "specialists", SpecialistSpec, path="specialists")
    awards = reader.table("awards.toml", "awards", AwardSpec, path="awards")
    reader.raise_if_any()
    return EmpyrealData(
        goods=tuple(goods),
        boards=tuple(boards),
        companies=tuple(companies),
        captains=tuple(captains),
        spellcars=spellcars,
        specialists=tuple(specialists),
        awards=tuple(awards),
        rules=reader.got(rules),
        effects=reader.got(effects),
        friendly=reader.got(friendly),
    )


DATA = DataSet(DATA_DIR, _read, _check)
"""The data set of the game: shipped folder, reader and checks (see :mod:`hexkit.data`)."""


def load_data(folder: str | None = None) -> EmpyrealData:
    """Load and check the component data (cached per folder).

    Args:
        folder: a folder with the same files as the shipped ``data`` folder,
            or ``None`` for the shipped data.

    Returns:
        The checked :class:`EmpyrealData`.

    Raises:
        InvalidDataError: a file is missing or malformed; each of its
            ``errors`` names the file, table, entry and field.
    """
    return DATA.load(folder)


def data_key(config: Any) -> tuple[str | None, tuple[tuple[str, str], ...]]:
    """What a config's data depends on: the data folder and the overrides."""
    folder = getattr(config, "data", None) or getattr(config, "data_dir", None)
    overrides = getattr(config, "overrides", None) or {}
    return folder, tuple(sorted((str(k), repr(v)) for k, v in overrides.items()))


def game_data(config: Any) -> EmpyrealData:
    """The component data a config plays with: its data folder, then its overrides.

    Args:
        config: a game config (``data`` or ``data_dir`` names a replacement
            data folder; ``overrides`` maps dotted paths to new values).

    Returns:
        The checked data (cached per folder and overrides).

    Raises:
        InvalidDataError: a data file is malformed, or an override breaks a
            check across entries.
        ConfigError: an override names a path that does not exist or a
            value of the wrong type.
    """
    folder = getattr(config, "data", None) or getattr(config, "data_dir", None)
    return DATA.with_overrides(folder, getattr(config, "overrides", None) or {})
