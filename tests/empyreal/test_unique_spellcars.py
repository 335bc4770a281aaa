"""One test (or more) per unique Spellcar, on the hand-built neighbourhood of ``unique_support``.

Each test activates the Spellcar through Move+Activate (so the inherent cost
is checked as paid), answers the decisions it offers and asserts the state.

Rulebook table (Unique Spellcars) to code and tests:

| Spellcar | Code (``effects/unique_spellcars.py``) | Tests |
|---|---|---|
| Arctic Shocker | ``arctic_shocker`` | ``test_arctic_shocker_builds_on_glacier_then_adds_a_good_of_any_colour``, ``test_arctic_shocker_declined_build_places_no_good`` |
| Car Bomb | ``car_bomb`` | ``test_car_bomb_makes_each_competitor_discard_a_tile``, ``test_car_bomb_discard_refills_an_empty_market``, ``test_car_bomb_spares_teammates`` |
| Corruption Junction | ``corruption_junction`` | ``test_corruption_junction_places_wasteland_and_gains_mana`` |
| Deep One | ``deep_one`` | ``test_deep_one_builds_on_a_mountain_anywhere`` |
| Flow Controller | ``flow_controller`` | ``test_flow_controller_reclaims_three`` |
| Follow Through | ``follow_through`` | ``test_follow_through_builds_only_where_a_competitor_is`` |
| Gilt Runner | ``gilt_runner`` | ``test_gilt_runner_refreshes_captain_and_engineer``, ``test_gilt_runner_gains_a_specialist`` |
| Horizon Chaser | ``horizon_chaser`` | ``test_horizon_chaser_builds_on_the_map_edge`` |
| The Hypetrain | ``the_hypetrain`` | ``test_the_hypetrain_gains_two_spellcars`` |
| Icecar | ``icecar`` | ``test_icecar_returns_a_good_then_gains_mana``, ``test_icecar_needs_both_parts_possible`` |
| Limited Express | ``limited_express`` | ``test_limited_express_copies_a_neighbour_in_its_row_paying_its_cost``, ``test_limited_express_without_a_neighbour_does_nothing``, ``test_limited_express_cannot_copy_what_it_cannot_pay_for`` |
| Liquid Purifier | ``liquid_purifier`` | ``test_liquid_purifier_builds_on_lake_and_gains_mana`` |
| Luxury Carriage | ``luxury_carriage`` | ``test_luxury_carriage_gains_a_specialist_or_a_spellcar`` |
| Mana Surger | ``mana_surger`` | ``test_mana_surger_gains_mana_that_cannot_pay_another_activation`` |
| Meditation Mecha | ``meditation_mecha`` | ``test_meditation_mecha_gains_a_spellcar`` |
| Metro | ``metro`` | ``test_metro_builds_next_to_a_city`` |
| Mirror Box | ``mirror_box`` | ``test_mirror_box_copies_an_in_network_good``, ``test_mirror_box_asks_the_colour_when_the_hex_has_two`` |
| Pollinator | ``pollinator`` | ``test_pollinator_moves_a_good_into_the_network`` |
| Pollution Solution | ``pollution_solution`` | ``test_pollution_solution_builds_on_two_wastelands`` |
| Refinery Car | ``refinery_car`` | ``test_refinery_car_gains_a_specialist_or_mana`` |
| Reforester | ``reforester`` | ``test_reforester_builds_twice_on_forest_with_a_heartwood_each_time``, ``test_reforester_without_heartwood_in_the_supply_still_builds`` |
| Science Car | ``science_car`` | ``test_science_car_gains_mana_or_a_spellcar`` |
| Searing Supplier | ``searing_supplier`` | ``test_searing_supplier_delivers_exactly_one_good_without_a_tile`` |
| Spice Convoy | ``spice_convoy`` | ``test_spice_convoy_builds_on_desert_and_refreshes_the_engineer_only`` |
| Suburban Express | ``suburban_express`` | ``test_suburban_express_builds_next_to_a_city_or_a_wasteland`` |
| Switching Station | ``switching_station`` | ``test_switching_station_swaps_with_a_competitor_train_car``, ``test_switching_station_ignores_a_teammate``, ``test_switching_station_may_move_a_competitor_car_where_it_already_has_one`` |
| Terraformer | ``terraformer`` | ``test_terraformer_builds_on_wasteland_then_adds_a_good`` |
| Transformer | ``transformer`` | ``test_transformer_copies_a_market_spellcar_paying_its_cost``, ``test_transformer_offers_only_what_it_can_pay_for`` |
| Transmuter | ``transmuter`` | ``test_transmuter_replaces_a_good_from_the_supply`` |
| Volcanic Vexxer | ``volcanic_vexxer`` | ``test_volcanic_vexxer_builds_on_lava_then_returns_a_neighbouring_good`` |
| Worldspanner | ``worldspanner`` | ``test_worldspanner_second_build_is_on_another_terrain_type`` |
"""

from __future__ import annotations

from hexkit.hexes import Hex

from hexkit_empyreal import GAME, Activate, DeliverTo, Done, PickGood, PlaceAt
from hexkit_empyreal.actions import ActivateSpellcars, ClaimDemand, DiscardTileThen, TakeSpellcar
from hexkit_empyreal.data import WASTELAND
from hexkit_empyreal.rules.railyard import slot_index

from tests.empyreal.helpers import GS, AE
from tests.empyreal.unique_support import (
    CITY, COLOURS, DATA, E, FAR, KL, KT, NE, NW, P, SE, SW, W,
    activate, area, builds, c, cars_at, choose, city_colour, do, goods_at, h, hexes, legal,
    options, pick, put,
)


def supply(state, colour: str) -> int:
    return state.supply[COLOURS.index(colour)]


def top(state):
    return state.pending[-1]


# ------------------------------------------------------------ builds
def test_arctic_shocker_builds_on_glacier_then_adds_a_good_of_any_colour() -> None:
    s = area()
    put(s, *W, "Glacier")
    red = supply(s, "red")
    assert activate(s, "Arctic Shocker").cost == 2
    assert builds(s) == {h(W): 0}
    pick(s, W)
    assert sorted(options(s)) == sorted(COLOURS)
    choose(s, "red")
    assert cars_at(s, W) == (0,)
    assert goods_at(s, W) == ["red"]
    assert supply(s, "red") == red - 1
    assert s.players[0].mana == 3


def test_arctic_shocker_declined_build_places_no_good() -> None:
    s = area()
    put(s, *W, "Glacier")
    activate(s, "Arctic Shocker")
    do(s, Done())
    assert isinstance(top(s), ActivateSpellcars)
    assert goods_at(s, W) == []


def test_deep_one_builds_on_a_mountain_anywhere() -> None:
    s = area()
    put(s, *FAR, "Mountain")
    put(s, *W, "Mountain")
    assert activate(s, "Deep One").cost == 2
    assert builds(s) == {h(FAR): 0, h(W): 0}
    pick(s, FAR)
    assert cars_at(s, FAR) == (0,)
    assert s.players[0].cars_left == DATA.rules.train_cars - 2


def test_follow_through_builds_only_where_a_competitor_is() -> None:
    s = area()
    put(s, *W, cars=[1])
    assert activate(s, "Follow Through").cost == 1
    assert builds(s) == {h(W): 0}
    pick(s, W)
    assert cars_at(s, W) == (0, 1)


def test_horizon_chaser_builds_on_the_map_edge() -> None:
    s = area()
    assert activate(s, "Horizon Chaser").cost == 0
    assert builds(s) == {h(NE): 0, h(NW): 0}


def test_metro_builds_next_to_a_city() -> None:
    s = area()
    assert activate(s, "Metro").cost == 0
    assert builds(s) == {h(SE): 0}


def test_suburban_express_builds_next_to_a_city_or_a_wasteland() -> None:
    s = area()
    put(s, 12, 1, "Wasteland")
    assert activate(s, "Suburban Express").cost == 1
    assert builds(s) == {h(SE): 0, h(E): 0}


def test_pollution_solution_builds_on_two_wastelands() -> None:
    s = area()
    put(s, *W, "Wasteland")
    put(s, *SW, "Wasteland")
    assert activate(s, "Pollution Solution").cost == 1
    assert builds(s) == {h(W): 0, h(SW): 0}
    pick(s, W)
    assert builds(s) == {h(SW): 0}
    pick(s, SW)
    assert cars_at(s, W) == (0,) and cars_at(s, SW) == (0,)


def test_worldspanner_second_build_is_on_another_terrain_type() -> None:
    s = area()
    put(s, *W, "Lava")
    put(s, *SW, "Lava")
    put(s, *E, "Forest")
    assert activate(s, "Worldspanner").cost == 3
    assert len(builds(s)) == 6
    pick(s, W)
    second = builds(s)
    assert h(SW) not in second
    assert h(E) in second and h(NE) in second
    pick(s, E)
    assert cars_at(s, E) == (0,)
    assert s.players[0].mana == 2


def test_liquid_purifier_builds_on_lake_and_gains_mana() -> None:
    s = area()
    put(s, *W, "Lake")
    assert activate(s, "Liquid Purifier").cost == 2
    assert builds(s) == {h(W): 0}
    pick(s, W)
    assert s.players[0].mana == 4  # 5 - 2 + 1
    assert s.turn.locked == 1  # gained by an activation


def test_spice_convoy_builds_on_desert_and_refreshes_the_engineer_only() -> None:
    s = area()
    ps = s.players[0]
    ps.engineer, ps.engineer_ready, ps.captain_ready = "Orman Kaspar", False, False
    assert activate(s, "Spice Convoy").cost == 1
    assert len(builds(s)) == 6  # every neighbour is Desert
    pick(s, W)
    assert ps.engineer_ready and not ps.captain_ready


def test_reforester_builds_twice_on_forest_with_a_heartwood_each_time() -> None:
    s = area()
    put(s, *W, "Forest")
    put(s, *SW, "Forest")
    green = supply(s, "green")
    assert activate(s, "Reforester").cost == 3
    pick(s, W)
    assert goods_at(s, W) == ["green"]
    pick(s, SW)
    assert goods_at(s, SW) == ["green"]
    assert supply(s, "green") == green - 2


def test_reforester_without_heartwood_in_the_supply_still_builds() -> None:
    s = area()
    put(s, *W, "Forest")
    s.supply.stock[COLOURS.index("green")] = 0  # a position built by hand
    activate(s, "Reforester")
    pick(s, W)
    assert cars_at(s, W) == (0,)
    assert goods_at(s, W) == []


def test_terraformer_builds_on_wasteland_then_adds_a_good() -> None:
    s = area()
    put(s, *W, "Wasteland")
    assert activate(s, "Terraformer").cost == 2
    pick(s, W)
    choose(s, "grey")
    assert goods_at(s, W) == ["grey"]
    assert s.terrain[c(s, W)] == WASTELAND


def test_volcanic_vexxer_builds_on_lava_then_returns_a_neighbouring_good() -> None:
    s = area()
    put(s, *W, "Lava")
    put(s, 8, 1, goods=["yellow"])
    put(s, *P, goods=["blue"])
    yellow = supply(s, "yellow")
    assert activate(s, "Volcanic Vexxer").cost == 1
    pick(s, W)
    assert hexes(s) == {"(8,1)", h(P)}
    pick(s, (8, 1))
    assert goods_at(s, (8, 1)) == []
    assert supply(s, "yellow") == yellow + 1


# ------------------------------------------------------------ mana
def test_flow_controller_reclaims_three() -> None:
    s = area()
    s.players[0].mana, s.players[0].spent = 2, 6
    assert activate(s, "Flow Controller").cost == 0
    assert (s.players[0].mana, s.players[0].spent) == (5, 3)


def test_mana_surger_gains_mana_that_cannot_pay_another_activation() -> None:
    s = area()
    s.players[0].mana = 1
    assert activate(s, "Mana Surger", C2="Flow Controller").cost == 1
    assert s.players[0].mana == 1
    assert not [a for a in legal(s) if isinstance(a, Activate)]  # 2nd activation costs 1; the 1 is locked


def test_corruption_junction_places_wasteland_and_gains_mana() -> None:
    s = area()
    put(s, *W, goods=["yellow"])
    yellow, tiles = supply(s, "yellow"), s.wasteland
    assert activate(s, "Corruption Junction").cost == 1
    assert h(W) in hexes(s) and h(P) in hexes(s)
    pick(s, W)
    assert s.terrain[c(s, W)] == WASTELAND
    assert goods_at(s, W) == [] and supply(s, "yellow") == yellow + 1
    assert s.wasteland == tiles - 1
    assert (s.players[0].mana, s.players[0].spent) == (5, 1)


def test_icecar_returns_a_good_then_gains_mana() -> None:
    s = area()
    put(s, *P, goods=["blue"])
    blue = supply(s, "blue")
    assert activate(s, "Icecar").cost == 0
    assert hexes(s) == {h(P)} and Done() in legal(s)
    pick(s, P)
    assert goods_at(s, P) == [] and supply(s, "blue") == blue + 1
    assert s.players[0].mana == 6


def test_icecar_needs_both_parts_possible() -> None:
    """FAQ: with ten crystals the Good may not be returned for nothing."""
    s = area()
    put(s, *P, goods=["blue"])
    s.players[0].mana = 10
    activate(s, "Icecar")
    assert isinstance(top(s), ActivateSpellcars)
    assert goods_at(s, P) == ["blue"]


def test_declined_icecar_says_so_in_the_log() -> None:
    s = area()
    put(s, *P, goods=["blue"])
    activate(s, "Icecar")
    do(s, Done())
    texts = [e.text for e in s.log]
    assert texts[-2] == "Kings' Line activated Icecar for 0 mana"
    assert texts[-1].startswith("Kings' Line declined (")
    assert goods_at(s, P) == ["blue"] and s.players[0].mana == 5


# ------------------------------------------------------------ Spellcars and Specialists
def _market(s) -> None:
    s.market = ["Metro", "Icecar", "Mana Surger", "Flow Controller", "Deep One", "Transformer"]


def test_meditation_mecha_gains_a_spellcar() -> None:
    s = area()
    _market(s)
    assert activate(s, "Meditation Mecha").cost == 0
    assert isinstance(top(s), TakeSpellcar)
    choose(s, "Metro")
    do(s, PlaceAt("A2"))
    assert s.players[0].railyard[slot_index("A2")] == "Metro"
    assert "Metro" not in s.market


def test_the_hypetrain_gains_two_spellcars() -> None:
    s = area()
    _market(s)
    assert activate(s, "The Hypetrain").cost == 1
    choose(s, "Metro")
    do(s, PlaceAt("A2"))
    choose(s, "Icecar")
    do(s, PlaceAt("B2"))
    ry = s.players[0].railyard
    assert (ry[slot_index("A2")], ry[slot_index("B2")]) == ("Metro", "Icecar")
    assert len(s.market) == 4


def test_gilt_runner_refreshes_captain_and_engineer() -> None:
    s = area()
    ps = s.players[0]
    ps.engineer, ps.engineer_ready, ps.captain_ready = "Orman Kaspar", False, False
    assert activate(s, "Gilt Runner").cost == 2
    assert options(s) == ["Gain Specialist", "Refresh"]
    choose(s, "Refresh")
    assert ps.captain_ready and ps.engineer_ready


def test_gilt_runner_gains_a_specialist() -> None:
    s = area()
    activate(s, "Gilt Runner")
    choose(s, "Gain Specialist")
    assert options(s) == ["Engineer", "Surveyor", "Station Master"]


def test_luxury_carriage_gains_a_specialist_or_a_spellcar() -> None:
    s = area()
    assert activate(s, "Luxury Carriage").cost == 1
    assert options(s) == ["Gain Specialist", "Gain Spellcar"]
    choose(s, "Gain Spellcar")
    assert isinstance(top(s), TakeSpellcar)


def test_refinery_car_gains_a_specialist_or_mana() -> None:
    s = area()
    assert activate(s, "Refinery Car").cost == 2
    assert options(s) == ["Gain Specialist", "Gain Mana"]
    choose(s, "Gain Mana")
    assert s.players[0].mana == 4


def test_science_car_gains_mana_or_a_spellcar() -> None:
    s = area()
    assert activate(s, "Science Car").cost == 2
    assert options(s) == ["Gain Mana", "Gain Spellcar"]
    choose(s, "Gain Mana")
    assert s.players[0].mana == 4


# ------------------------------------------------------------ Goods
def test_mirror_box_copies_an_in_network_good() -> None:
    s = area()
    put(s, *P, goods=["blue"])
    blue = supply(s, "blue")
    assert activate(s, "Mirror Box").cost == 1
    assert hexes(s) == {h(P)}
    pick(s, P)
    assert goods_at(s, P) == ["blue", "blue"]
    assert supply(s, "blue") == blue - 1


def test_mirror_box_asks_the_colour_when_the_hex_has_two() -> None:
    s = area()
    put(s, *P, goods=["blue", "red"])
    activate(s, "Mirror Box")
    pick(s, P)
    assert options(s) == ["blue", "red"]
    choose(s, "red")
    assert goods_at(s, P) == ["blue", "red", "red"]


def test_pollinator_moves_a_good_into_the_network() -> None:
    s = area()
    put(s, *W, goods=["green"])
    assert activate(s, "Pollinator").cost == 1
    assert hexes(s) == {h(P)}
    pick(s, P)
    assert hexes(s) == {h(W)}
    pick(s, W)
    assert goods_at(s, P) == ["green"] and goods_at(s, W) == []


def test_transmuter_replaces_a_good_from_the_supply() -> None:
    s = area()
    put(s, *P, goods=["blue"])
    blue, red = supply(s, "blue"), supply(s, "red")
    assert activate(s, "Transmuter").cost == 1
    pick(s, P)
    assert "blue" not in options(s) and "red" in options(s)
    choose(s, "red")
    assert goods_at(s, P) == ["red"]
    assert (supply(s, "blue"), supply(s, "red")) == (blue + 1, red - 1)


def test_searing_supplier_delivers_exactly_one_good_without_a_tile() -> None:
    s = area()
    put(s, *SE, cars=[0])
    colour = city_colour(s)
    put(s, *P, goods=[colour, colour])
    assert activate(s, "Searing Supplier").cost == 1
    do(s, DeliverTo(Hex(*CITY), colour))
    do(s, PickGood(Hex(*P)))
    assert PickGood(Hex(*P)) not in legal(s)  # limited to one Good
    do(s, Done())
    assert not isinstance(top(s), ClaimDemand)
    assert s.players[0].goods[COLOURS.index(colour)] == 1
    assert goods_at(s, P) == [colour]


# ------------------------------------------------------------ train cars
def test_switching_station_swaps_with_a_competitor_train_car() -> None:
    s = area()
    put(s, *W, cars=[1])
    assert activate(s, "Switching Station").cost == 1
    assert hexes(s) == {h(P)}
    pick(s, P)
    assert hexes(s) == {h(W)}
    pick(s, W)
    assert cars_at(s, P) == (1,) and cars_at(s, W) == (0,)
    assert s.players[0].net == 1 << c(s, W)
    assert s.players[1].net == 1 << c(s, P)
    assert s.players[0].cars_left == s.players[1].cars_left == DATA.rules.train_cars - 1


def test_switching_station_ignores_a_teammate() -> None:
    s = area((KL, KT, GS, AE), ["team"])
    put(s, *W, cars=[2])  # seat 2 is seat 0's teammate
    activate(s, "Switching Station")
    assert isinstance(top(s), ActivateSpellcars)
    assert cars_at(s, W) == (2,)


# ------------------------------------------------------------ competitors' railyards
def test_car_bomb_makes_each_competitor_discard_a_tile() -> None:
    s = area((KL, KT, GS))
    kt = s.players[1]
    kt.railyard[slot_index("A1")] = "Metro"  # covers a printed Spellcar
    kt.railyard[slot_index("C1")] = "Transformer"
    assert activate(s, "Car Bomb").cost == 1
    assert top(s).player == 1
    assert sorted(options(s)) == ["A1 Metro", "C1 Transformer"]
    choose(s, "A1 Metro")
    assert kt.railyard[slot_index("A1")] == DATA.company_by_name[KT].printed["A1"]
    assert "Metro" in s.discard
    assert GAME.current_player(s) == 0  # Golden Sands has no tile to discard
    assert isinstance(top(s), ActivateSpellcars)


def test_car_bomb_discard_refills_an_empty_market() -> None:
    # The stack and Market ran dry; the tile Car Bomb discards is dealt again at once.
    s = area((KL, KT, GS))
    s.deck, s.market, s.discard = [], [], []
    s.players[1].railyard[slot_index("C1")] = "Metro"
    activate(s, "Car Bomb")
    choose(s, "C1 Metro")
    assert s.market == ["Metro"]
    assert s.deck == [] and s.discard == []


def test_car_bomb_spares_teammates() -> None:
    s = area((KL, KT, GS, AE), ["team"])
    for seat in (1, 2, 3):
        s.players[seat].railyard[slot_index("C1")] = "Metro"
    activate(s, "Car Bomb")
    asked = [d.player for d in s.pending if isinstance(getattr(d, "then", None), DiscardTileThen)]
    assert sorted(asked) == [1, 3]


# ------------------------------------------------------------ copies
def test_limited_express_copies_a_neighbour_in_its_row_paying_its_cost() -> None:
    s = area()
    act = activate(s, "Limited Express", "C2", B2="Mana Surger", D2="Flow Controller", C1="Metro")
    assert act.cost == 1
    assert options(s) == ["Flow Controller", "Mana Surger"]
    choose(s, "Mana Surger")
    assert (s.players[0].mana, s.players[0].spent) == (4, 2)  # 5 - 1 - 1 + 1


def test_transformer_copies_a_market_spellcar_paying_its_cost() -> None:
    s = area()
    _market(s)
    assert activate(s, "Transformer").cost == 1
    assert options(s) == ["Deep One", "Flow Controller", "Icecar", "Mana Surger", "Metro"]
    choose(s, "Mana Surger")
    assert (s.players[0].mana, s.players[0].spent) == (4, 2)


def test_transformer_offers_only_what_it_can_pay_for() -> None:
    s = area()
    _market(s)
    s.players[0].mana = 2
    activate(s, "Transformer")
    assert "Deep One" not in options(s)  # inherent 2, only 1 left
    choose(s, "Metro")
    assert builds(s) == {h(SE): 0}


def test_every_unique_spellcar_is_registered() -> None:
    from hexkit_empyreal.effects import get_effect

    uniques = [s for s in DATA.tiles if s.name == s.id]
    assert len(uniques) == 31
    assert all(get_effect(s.effect) is not None for s in uniques)


def test_random_activations_of_all_uniques_leave_a_playable_state() -> None:
    """Every unique Spellcar activated with a random answer sequence never crashes."""
    from hexkit.rng import Rng

    rng = Rng(5)
    for spec in (s for s in DATA.tiles if s.name == s.id):
        s = area()
        put(s, *W, "Lava", goods=["red"], cars=[1])
        put(s, *SW, "Wasteland")
        put(s, *P, goods=["blue"])
        s.players[0].mana = 8
        activate(s, spec.id)
        for _ in range(30):
            if isinstance(top(s), ActivateSpellcars) and top(s).player == 0:
                break
            acts = legal(s)
            do(s, acts[rng.randbelow(len(acts))])
        assert isinstance(top(s), ActivateSpellcars), spec.id



def test_limited_express_without_a_neighbour_does_nothing() -> None:
    s = area()
    activate(s, "Limited Express", "C2")
    assert isinstance(top(s), ActivateSpellcars)
    assert (s.players[0].mana, s.players[0].spent) == (4, 1)


def test_limited_express_cannot_copy_what_it_cannot_pay_for() -> None:
    s = area()
    s.players[0].mana = 2
    activate(s, "Limited Express", "C2", B2="Deep One", D2="Flow Controller")
    assert options(s) == ["Flow Controller"]  # Deep One's inherent 2 > the 1 left


def test_the_module_table_lists_every_unique_spellcar() -> None:
    assert __doc__ is not None
    assert all(f"| {s.name} |" in __doc__ for s in DATA.tiles if s.name == s.id)


def test_switching_station_may_move_a_competitor_car_where_it_already_has_one() -> None:
    """Build Track: an opponent's effect may put your train car where you already have one."""
    s = area()
    put(s, *P, cars=[1])
    put(s, *W, cars=[1])
    activate(s, "Switching Station")
    pick(s, P)
    pick(s, W)
    assert cars_at(s, P) == (1, 1) and cars_at(s, W) == (0,)
    assert s.players[1].net == 1 << c(s, P)
    assert s.players[1].cars_left == DATA.rules.train_cars - 2
