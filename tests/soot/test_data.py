"""Component data: counts from the rulebook, provenance, packages worth 12."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from hexkit.errors import InvalidRecordError
from hexkit_soot.data import DATA_DIR, load_data

DATA = load_data()


def test_rulebook_counts() -> None:
    tiles = DATA.tile_list()
    assert len(tiles) == 130
    rivers = [t for t in tiles if t[2]]
    assert len(rivers) == 10
    assert {t: sum(1 for r in rivers if r[0] == t) for t in ("Plains", "Forest", "Swamp", "Hill")} == {
        "Plains": 4, "Forest": 3, "Swamp": 2, "Hill": 1}
    sites = sum(1 for t in tiles if t[1])
    assert 0.26 <= sites / 130 <= 0.30
    kinds = [g.kind for g in DATA.goods.values()]
    assert kinds.count("raw") == 13
    tracked = [g for g in DATA.goods.values() if g.kind == "tracked"]
    assert len(tracked) == 15
    assert sum(1 for g in tracked if g.tier == 2) == 10 and sum(1 for g in tracked if g.tier == 3) == 5
    assert sum(c.copies for c in DATA.cards.values()) == 60
    assert sum(1 for c in DATA.cards.values() if c.legacy) == 10
    assert all(c.copies == 1 for c in DATA.cards.values() if c.legacy)
    assert len(DATA.events) == 20
    for season in ("Thaw", "Boom", "Hardship", "Decline"):
        assert sum(1 for e in DATA.events if e.season == season) == 5
    assert len(DATA.milestones) == 5
    assert len(DATA.archetypes) == 6
    assert len(DATA.flux) == 15
    assert {c.name: c.count for c in DATA.communities} == {"Trading Post": 6, "Tribal Capital": 4, "": 8}
    assert DATA.goods["Cultural Artifact"].tokens == 12 and DATA.goods["Specialty Material"].tokens == 12


def test_demand_links_as_printed() -> None:
    links = {n: g.link for n, g in DATA.goods.items() if g.link}
    assert links == {"Steel": "Pig Iron", "Glass": "Coke", "Precision Instruments": "Copper Wire",
                     "Tools & Equipment": "Steel", "Luxury Goods": "Cloth"}


def test_flux_each_good_once_as_riser_and_faller() -> None:
    tracked = sorted(n for n, g in DATA.goods.items() if g.kind == "tracked")
    assert sorted(f.rises for f in DATA.flux) == tracked
    assert sorted(f.falls for f in DATA.flux) == tracked


@pytest.mark.parametrize("name", sorted(load_data().archetypes))
def test_package_worth_about_12(name: str) -> None:
    """Every starting package: currency + goods at printed prices within 12 +- 1."""
    arch = DATA.archetypes[name]
    value = arch.currency + sum(DATA.price_of_raw(g) * n for g, n in arch.goods.items())
    assert abs(value - 12) <= 1, f"{name} package is worth {value}"


def test_every_entry_has_provenance() -> None:
    for path in DATA_DIR.glob("*.toml"):
        text = path.read_text()
        entries = text.count("[[")
        sources = text.count('source = "rulebook: ') + text.count('source = "assumed: ')
        assert entries == sources, path.name


def test_malformed_file_names_entry_and_field(tmp_path: Path) -> None:
    target = tmp_path / "data"
    shutil.copytree(DATA_DIR, target)
    goods = target / "goods.toml"
    goods.write_text(goods.read_text().replace('name = "Stone"\nkind = "raw"\nprice = 2', 'name = "Stone"\nkind = "raw"\nprice = "two"', 1))
    with pytest.raises(InvalidRecordError) as err:
        load_data(target)
    assert "Stone" in str(err.value) and "price" in str(err.value)


def test_designer_override_changes_a_number(tmp_path: Path) -> None:
    target = tmp_path / "data"
    shutil.copytree(DATA_DIR, target)
    rules = target / "rules.toml"
    rules.write_text(rules.read_text().replace('name = "loan_amount"\nvalue = 5', 'name = "loan_amount"\nvalue = 6'))
    assert load_data(target).numbers.loan_amount == 6


def test_config_overrides_change_numbers_and_refuse_unknown_paths() -> None:
    from hexkit.errors import ConfigError
    from hexkit_soot import GAME
    from hexkit_soot.config import game_data

    config = GAME.make_config(players=2, overrides={"numbers.loan_amount": 6, "goods.Timber.price": "3"})
    data = game_data(config)
    assert data.numbers.loan_amount == 6 and data.goods["Timber"].price == 3
    assert load_data().numbers.loan_amount == 5
    with pytest.raises(ConfigError):
        GAME.make_config(players=2, overrides={"numbers.no_such_number": 1})


def _value(good: str) -> int:
    """What one unit sells for at the start (tracked: base price; raw and special: printed price)."""
    g = DATA.goods[good]
    return g.base if g.kind == "tracked" else g.price


def _firing(name: str, price: Callable[[str], int]) -> tuple[int, int]:
    """One firing of facility ``name``: (outputs at base prices, inputs and use cost at ``price``)."""
    fac = DATA.facilities[name]
    cost = sum(price(g) * n for g, n in fac.inputs.items())
    if fac.choice:
        cost += min(price(g) for g in fac.choice)
    carriers = [(g, d.fuel if fac.use_kind == "fuel" else d.food) for g, d in DATA.goods.items()]
    cost += min(-(-fac.use_amount // per) * price(g) for g, per in carriers if per > 0)
    return sum(_value(g) * n for g, n in fac.outputs.items()), cost


FACILITIES = sorted(n for n, f in DATA.facilities.items() if f.tier)


@pytest.mark.parametrize("name", FACILITIES)
def test_refining_bought_inputs_roughly_breaks_even(name: str) -> None:
    """Design intent (rulebook, "Integration is profit"; Components): inputs and use cost
    bought at market (price + the +1 markup a unit) are repaid by the outputs at base
    prices within 1 currency a firing."""
    made, bought = _firing(name, lambda g: _value(g) + DATA.numbers.buy_markup)
    assert abs(made - bought) <= 1, f"{name}: makes {made} from {bought} bought"


@pytest.mark.parametrize("name", FACILITIES)
def test_an_owned_chain_earns_a_clear_margin_over_buying(name: str) -> None:
    """Design intent: real margins come from owning the chain. Made from own goods (valued
    at what they would sell for), a firing earns at least 2 currency more than selling
    those goods (buying the outputs instead loses the markup on every unit)."""
    made, own = _firing(name, _value)
    assert made - own >= 2, f"{name}: makes {made} from own goods worth {own}"


def _worth(goods: dict[str, int]) -> int:
    """What ``goods`` are worth at base (tracked) or printed (raw) prices."""
    return sum(_value(g) * n for g, n in goods.items())


def test_town_city_and_tier3_builds_cost_what_they_did_before_the_tier2_price_change() -> None:
    """Calibration (issue 10, eighth round): the Tier 2 bases rose by 2, so the assumed costs
    paid in Tier 2 goods were cut back to their old worth (Town 15, City 26-27, Tier 3
    facilities 12-17 at base prices before the change)."""
    assert _worth(DATA.tiers[1].cost) == 15  # Town: 1 Lumber, 1 Cut Stone, 1 Processed Foods
    assert _worth(DATA.tiers[2].cost) == 27  # City
    builds = {n: _worth(f.build) for n, f in DATA.facilities.items() if f.tier == 3}
    assert builds == {"Steelworks": 17, "Glassworks": 15, "Instrument Works": 16, "Tool Works": 16,
                      "Luxury Manufactory": 16}


def test_secret_objective_targets_are_single_steps_or_small_counts() -> None:
    """Calibration (issue 10, eighth round): targets strong players reach (they were 2-5 of a
    count the whole table reached about 2 times a game)."""
    targets = {s.name: (s.target, s.points) for s in DATA.secret_objectives}
    assert targets["Rail Magnate"] == (3, 5) and targets["Mill Row"] == (2, 5)
    assert targets["Founding Father"] == (1, 4) and targets["Town Upgrader"] == (1, 4)
    assert targets["Contractor"] == (2, 4) and targets["Respected Citizen"] == (1, 4)
    assert targets["Debt Free Fortune"] == (10, 5)
    assert all(points in (4, 5) for _, points in targets.values())
