"""Resource discounts: the player chooses which resource a discount waives.

Rulebook: "When your Explorer and Builder occupy the same hex, the Builder
pays -1 resource on any building action there (minimum 1 total resource)";
§21 Railroad Baron (-1 resource per Build Route action, min 1), Town
Founder's Land Office (camps -1 resource, settlements -2). Camp, route,
settlement and Town costs are in ``data/*.toml`` (Farm: 1 Timber + 1
Stone; Town: 2 Lumber + 2 Cut Stone + 1 Processed Foods; rail: 1 Iron Ore
+ 1 Timber per segment).
"""

from __future__ import annotations

from hexkit.hexes import Hex
from hexkit_soot.ledger import data
from hexkit_soot.state import SootState
from tests.soot.helpers import answer, connect, give, legal, place, settle, start

PLAINS = Hex(1, 0)


def _together(state: SootState, at: Hex) -> None:
    """Explorer and Builder of seat 0 on ``at``, seat 0's network emptied, no cards in hand."""
    p = state.players[0]
    p.explorers[0] = at
    p.builders[0] = at
    p.hand.clear()
    for g, n in list(p.stock.items()):
        state.supply.put_back(g, n)
    p.stock.clear()


def _camp_options(state: SootState) -> list[str]:
    return [str(a) for a in legal(state) if a.code == "Found Camp"]


def test_one_stone_and_no_timber_founds_a_farm_when_explorer_and_builder_stand_together() -> None:
    s = start(("Merchant", "Industrialist"))
    place(s, PLAINS, "Plains")
    _together(s, PLAINS)
    give(s, 0, {"Stone": 1})
    currency = s.players[0].currency
    assert _camp_options(s) == ["Found Camp"]
    answer(s, "Found Camp")
    assert [str(a) for a in legal(s)] == [f"found Farm at {PLAINS}"]
    answer(s, "camp")
    # no question: waiving the Timber is the one way to pay; the Stone and 1¤ are paid
    assert s.camps[PLAINS].kind == "Farm"
    assert s.players[0].stock.get("Stone", 0) == 0
    assert s.players[0].currency == currency - 1
    assert any("discount waived 1 Timber" in e.text for e in s.log)


def test_without_the_discount_one_stone_does_not_found_a_farm() -> None:
    s = start(("Merchant", "Industrialist"))
    place(s, PLAINS, "Plains")
    _together(s, PLAINS)
    s.players[0].explorers[0] = Hex(0, 0)  # Explorer elsewhere: no discount
    give(s, 0, {"Stone": 1})
    assert _camp_options(s) == []


def test_holding_both_the_player_chooses_which_resource_is_waived() -> None:
    for waived, kept in (("Timber", "Timber"), ("Stone", "Stone")):
        s = start(("Merchant", "Industrialist"))
        place(s, PLAINS, "Plains")
        _together(s, PLAINS)
        give(s, 0, {"Stone": 1, "Timber": 1})
        answer(s, "Found Camp")
        answer(s, "camp")
        options = {str(a): a for a in legal(s)}
        assert sorted(options) == ["discount waives: 1 Stone", "discount waives: 1 Timber"]
        assert s.pending[-1].prompt == "Discount: which resources does it waive?"
        from hexkit_soot import GAME

        GAME.apply(s, options[f"discount waives: 1 {waived}"])
        assert s.camps[PLAINS].kind == "Farm"
        assert s.players[0].stock == {kept: 1}  # the waived good stays in the network; the other was paid


def test_town_upgrade_short_a_lumber_waives_the_lumber() -> None:
    s = start(("Merchant", "Industrialist"))
    town = Hex(2, 0)
    settle(s, town, founder=1)
    connect(s, town)
    _together(s, town)
    cost = dict(data(s).tiers[1].cost)  # the Town's assumed cost (calibrated: read from the data)
    give(s, 0, {g: n - (g == "Lumber") for g, n in cost.items() if n - (g == "Lumber") > 0})
    assert [a.code for a in legal(s) if a.code == "Upgrade Settlement"] == ["Upgrade Settlement"]
    answer(s, "Upgrade Settlement")
    answer(s, "upgrade")
    # only waiving a Lumber leaves a cost the network can pay: no question
    assert s.settlements[town].tier == 2
    assert s.players[0].stock == {}
    paid = " + ".join(f"{n - (g == 'Lumber')} {g}" for g, n in cost.items() if n - (g == "Lumber") > 0)
    assert any(f"paid {paid} for Town" in e.text for e in s.log)


def test_town_upgrade_short_a_cut_stone_waives_the_cut_stone() -> None:
    s = start(("Merchant", "Industrialist"))
    town = Hex(2, 0)
    settle(s, town, founder=1)
    connect(s, town)
    _together(s, town)
    cost = dict(data(s).tiers[1].cost)
    give(s, 0, {g: n - (g == "Cut Stone") for g, n in cost.items() if n - (g == "Cut Stone") > 0})
    answer(s, "Upgrade Settlement")
    answer(s, "upgrade")
    assert s.settlements[town].tier == 2
    assert s.players[0].stock == {}


def test_town_upgrade_with_everything_asks_among_the_three_goods() -> None:
    s = start(("Merchant", "Industrialist"))
    town = Hex(2, 0)
    settle(s, town, founder=1)
    connect(s, town)
    _together(s, town)
    give(s, 0, dict(data(s).tiers[1].cost))
    answer(s, "Upgrade Settlement")
    answer(s, "upgrade")
    assert sorted(str(a) for a in legal(s)) == [
        "discount waives: 1 Cut Stone", "discount waives: 1 Lumber", "discount waives: 1 Processed Foods",
    ]
    answer(s, "way", next(a.arg for a in legal(s) if str(a) == "discount waives: 1 Processed Foods"))
    assert s.settlements[town].tier == 2
    assert s.players[0].stock == {"Processed Foods": 1}


def test_railroad_baron_with_iron_ore_and_no_timber_builds_rail() -> None:
    s = start(("Railroad Baron", "Merchant"))
    place(s, PLAINS, "Plains")
    _together(s, Hex(0, 0))
    give(s, 0, {"Iron Ore": 1})
    answer(s, "Build Route")
    assert [str(a) for a in legal(s)] == ["build rail"]  # a road needs 1 Timber + 1 Stone less 1: not payable
    answer(s, "rail")
    answer(s, "edge")
    assert s.players[0].stock == {}
    assert any("paid 1 Iron Ore for rail, discount waived 1 Timber" in e.text for e in s.log)


def test_railroad_baron_holding_both_chooses() -> None:
    s = start(("Railroad Baron", "Merchant"))
    place(s, PLAINS, "Plains")
    _together(s, Hex(0, 0))
    give(s, 0, {"Iron Ore": 1, "Timber": 1})
    answer(s, "Build Route")
    answer(s, "rail")
    answer(s, "edge")
    assert sorted(str(a) for a in legal(s)) == ["discount waives: 1 Iron Ore", "discount waives: 1 Timber"]
    answer(s, "way", next(a.arg for a in legal(s) if str(a) == "discount waives: 1 Iron Ore"))
    assert s.players[0].stock == {"Iron Ore": 1}


def test_land_office_and_explorer_builder_waive_three_of_a_settlements_six() -> None:
    s = start(("Town Founder", "Merchant"))
    at = Hex(3, 0)
    place(s, at, "Plains")
    _together(s, at)
    s.players[0].upgrades.append("Land Office")
    s.players[0].currency = 10
    give(s, 0, {"Timber": 2, "Stone": 1})  # Frontier Settlement: 2 Timber + 2 Stone + 2 Grain, 3 waived
    options = [a for a in legal(s) if a.code == "Found Settlement"]
    assert options
    answer(s, "Found Settlement")
    answer(s, "settle", next(a.arg for a in legal(s) if "Frontier Settlement" in str(a)))
    answer(s, "spec")
    # short 1 Stone + 2 Grain, exactly 3 units: one way, nothing asked
    assert s.settlements[at].kind == "Frontier Settlement"
    assert s.players[0].stock == {}
    assert s.players[0].currency == 10 - 3
    assert any("paid 2 Timber + 1 Stone + 3¤ for Frontier Settlement at (3,0), discount waived 2 Grain + 1 Stone" in e.text for e in s.log)
