"""One test (or more) per Station Master: once-a-turn abilities and passive modifiers.

Also the FAQ points that concern them: Specialist abilities stack; a "return
Goods for an effect" ability needs both parts possible; not enough Goods in
the supply means no effect.

Rulebook table (Station Masters) to code and tests:

| Station Master | Code (``effects/station_masters.py``) | Tests |
|---|---|---|
| Antine Frass | ``AntineFrass`` (passive) | ``test_antine_frass_city_transfers_are_free``, ``test_antine_frass_city_transfers_are_free_at_zero_mana`` |
| Clive Melmont | ``clive_melmont`` | ``test_clive_melmont_reclaims_one_once_a_turn`` |
| Dareios Kuel | ``dareios_kuel`` | ``test_dareios_kuel_returns_two_goods_to_gain_mana``, ``test_dareios_kuel_needs_two_goods_and_room_for_mana`` |
| Feylana Chorgitz | ``feylana_chorgitz`` | ``test_feylana_chorgitz_pays_and_returns_a_good_to_refresh_the_engineer``, ``test_feylana_chorgitz_needs_an_exhausted_engineer`` |
| Hai of Noirwood | ``HaiOfNoirwood`` (passive) | ``test_hai_of_noirwood_claims_one_tile_higher_at_the_end_of_the_line``, ``test_hai_of_noirwood_one_good_earns_a_double`` |
| Irini Grenhart | ``IriniGrenhart`` (passive) | ``test_irini_grenhart_competitor_transfers_cost_one``, ``test_irini_grenhart_and_wendy_thristle_stack`` |
| Levine Casterlie | ``LevineCasterlie`` (passive) | ``test_levine_casterlie_second_activation_free_third_costs_one`` |
| Leto Fulgore | ``LetoFulgore`` (passive) | ``test_leto_fulgore_gains_mana_after_an_end_of_the_line_delivery`` |
| Lucca Turlotte | ``lucca_turlotte`` | ``test_lucca_turlotte_pays_two_and_returns_two_goods_to_refresh_the_captain`` |
| Nicomedes An'sige | ``NicomedesAnsige`` (passive) | ``test_nicomedes_ansige_delivers_one_good_when_administrating`` |
| Peril | ``Peril`` (passive) | ``test_peril_activates_then_moves_and_skips_the_end_of_the_line``, ``test_peril_move_short_of_the_end_of_the_line_ends_the_turn``, ``test_peril_is_not_offered_at_start`` |
| Sanathes Danah | ``SanathesDanah`` (passive) | ``test_sanathes_danah_wasteland_transfers_cost_one`` |
| Simon la Faucheuse | ``SimonLaFaucheuse`` (passive) | ``test_simon_la_faucheuse_move_costs`` |
| Tegusgan | ``tegusgan`` | ``test_tegusgan_pays_two_and_returns_two_goods_to_build``, ``test_tegusgan_needs_goods_and_mana`` |
| Tzart Kargan | ``TzartKargan`` (passive) | ``test_tzart_kargan_builds_on_home_terrain_when_administrating`` |
| Viona Larone | ``VionaLarone`` (passive) | ``test_viona_larone_activates_one_spellcar_twice_and_no_other``, ``test_viona_larone_second_activation_cannot_use_mana_gained_by_the_first``, ``test_viona_larone_without_viona_no_second_activation`` |
| Voco Astrum | ``VocoAstrum`` (passive) | ``test_voco_astrum_adds_two_goods_when_no_tile_is_taken``, ``test_voco_astrum_gives_nothing_when_a_tile_is_taken``, ``test_voco_astrum_with_a_short_supply_gives_nothing`` |
"""

from __future__ import annotations

import pytest

from hexkit.hexes import Hex

from hexkit_empyreal import Activate, Choose, DeliverTo, Done, Move, PickGood, UseSpecialist
from hexkit_empyreal.actions import (
    ActivateSpellcars,
    AdministrateSteps,
    BuildTrack,
    ClaimDemand,
    DeliverChoice,
    MainAction,

    SpecialistPhase,
    Target,
    UpgradeChoice,
)
from hexkit_empyreal.data import DESERT
from hexkit_empyreal.effects.station_masters import PERIL
from hexkit_empyreal.rules.build import build_options
from hexkit_empyreal.state import board

from tests.empyreal.unique_support import (
    CITY, COLOURS, P, SE, W, area, begin, builds, c, choose, do, goods_at, h, legal, offered, options, pick, put,
    use, DATA, rich_area, fuzz,
)


def top(state):
    return state.pending[-1]


def master(s, *names: str, seat: int = 0) -> None:
    s.players[seat].station_masters = list(names)


def desert_costs(s) -> dict[int, int]:
    d = BuildTrack(player=0, target=Target(label="Desert", terrains=(DESERT,)))
    return {cell: cost for cell, (cost, _) in build_options(s, 0, d).items()}


def moves(s) -> list[Move]:
    return [a for a in legal(s) if isinstance(a, Move)]


def main_action(s, player: int = 0) -> None:
    begin(s, player, MainAction(player=player, prompt="main action"))


# ------------------------------------------------------------ once a turn
def test_clive_melmont_reclaims_one_once_a_turn() -> None:
    s = area()
    master(s, "Clive Melmont")
    s.players[0].mana, s.players[0].spent = 2, 3
    use(s, "Clive Melmont")
    assert (s.players[0].mana, s.players[0].spent) == (3, 2)
    assert UseSpecialist("Clive Melmont") not in legal(s)
    assert offered(s, "Clive Melmont")  # the next turn it is back


def test_dareios_kuel_returns_two_goods_to_gain_mana() -> None:
    s = area()
    master(s, "Dareios Kuel")
    put(s, *P, goods=["blue", "red"])
    use(s, "Dareios Kuel")
    pick(s, P)
    assert options(s) == ["blue", "red"]
    choose(s, "red")
    pick(s, P)
    assert goods_at(s, P) == []
    assert s.players[0].mana == 6


def test_dareios_kuel_needs_two_goods_and_room_for_mana() -> None:
    s = area()
    master(s, "Dareios Kuel")
    put(s, *P, goods=["blue"])
    assert not offered(s, "Dareios Kuel")
    put(s, *P, goods=["blue", "red"])
    s.players[0].mana = 10
    assert not offered(s, "Dareios Kuel")  # FAQ: both parts must be possible
    s.players[0].mana = 9
    assert offered(s, "Dareios Kuel")


def test_feylana_chorgitz_pays_and_returns_a_good_to_refresh_the_engineer() -> None:
    s = area()
    master(s, "Feylana Chorgitz")
    ps = s.players[0]
    ps.engineer, ps.engineer_ready = "Orman Kaspar", False
    put(s, *P, goods=["blue"])
    use(s, "Feylana Chorgitz")
    pick(s, P)
    assert ps.engineer_ready and ps.mana == 4 and goods_at(s, P) == []


def test_feylana_chorgitz_needs_an_exhausted_engineer() -> None:
    s = area()
    master(s, "Feylana Chorgitz")
    s.players[0].engineer, s.players[0].engineer_ready = "Orman Kaspar", True
    put(s, *P, goods=["blue"])
    assert not offered(s, "Feylana Chorgitz")


def test_lucca_turlotte_pays_two_and_returns_two_goods_to_refresh_the_captain() -> None:
    s = area()
    master(s, "Lucca Turlotte")
    ps = s.players[0]
    ps.captain_ready = False
    put(s, *P, goods=["blue"])
    put(s, *W, goods=["yellow"], cars=[0])
    use(s, "Lucca Turlotte")
    pick(s, P)
    pick(s, W)
    assert ps.captain_ready and ps.mana == 3
    assert goods_at(s, P) == goods_at(s, W) == []


def test_tegusgan_pays_two_and_returns_two_goods_to_build() -> None:
    s = area()
    master(s, "Tegusgan")
    put(s, *P, goods=["blue", "blue"])
    use(s, "Tegusgan")
    pick(s, P)
    pick(s, P)
    assert len(builds(s)) == 6
    pick(s, W)
    assert s.players[0].mana == 3 and s.cars[c(s, W)] == (0,)


def test_tegusgan_needs_goods_and_mana() -> None:
    s = area()
    master(s, "Tegusgan")
    put(s, *P, goods=["blue", "blue"])
    s.players[0].mana = 1
    assert not offered(s, "Tegusgan")


# ------------------------------------------------------------ costs
def test_simon_la_faucheuse_move_costs() -> None:
    s = area()
    master(s, "Simon la Faucheuse")
    main_action(s)
    assert moves(s) == [Move(1, 0), Move(2, 0), Move(3, 2), Move(4, 4)]


def test_simon_and_rayleigh_kerigan_stack() -> None:
    s = area()
    master(s, "Simon la Faucheuse")
    s.players[0].captain = "Rayleigh Kerigan"
    use(s, "Rayleigh Kerigan")
    assert moves(s) == [Move(1, 0), Move(2, 0), Move(3, 0), Move(4, 2)]


def test_levine_casterlie_second_activation_free_third_costs_one() -> None:
    s = area()
    master(s, "Levine Casterlie")
    ps = s.players[0]
    ps.railyard[6:9] = ["Flow Controller", "Meditation Mecha", "Horizon Chaser"]
    ps.conductor = 2
    main_action(s)
    do(s, Move(1, 0))
    do(s, Activate("C1", "Flow Controller", 0))
    assert Activate("C2", "Meditation Mecha", 0) in legal(s)
    do(s, Activate("C2", "Meditation Mecha", 0))
    do(s, Done())  # no Spellcar taken
    assert Activate("C3", "Horizon Chaser", 1) in legal(s)


def test_antine_frass_city_transfers_are_free() -> None:
    s = area()
    put(s, *SE, cars=[0])
    beyond = c(s, (10, 4))
    assert desert_costs(s)[beyond] == 3
    master(s, "Antine Frass")
    assert desert_costs(s)[beyond] == 0


def test_antine_frass_city_transfers_are_free_at_zero_mana() -> None:
    s = area()
    put(s, *SE, cars=[0])
    beyond = c(s, (10, 4))
    s.players[0].mana = 0
    assert beyond not in desert_costs(s)  # a 3-mana City Transfer, unaffordable
    master(s, "Antine Frass")
    assert desert_costs(s)[beyond] == 0


def test_irini_grenhart_competitor_transfers_cost_one() -> None:
    s = area()
    put(s, *W, cars=[1])
    beyond = c(s, (8, 1))
    assert desert_costs(s)[beyond] == 2
    master(s, "Irini Grenhart")
    assert desert_costs(s)[beyond] == 1


def test_sanathes_danah_wasteland_transfers_cost_one() -> None:
    s = area()
    put(s, *W, "Wasteland")
    beyond = c(s, (8, 1))
    assert desert_costs(s)[beyond] == 4
    master(s, "Sanathes Danah")
    assert desert_costs(s)[beyond] == 1


def test_irini_grenhart_and_wendy_thristle_stack() -> None:
    s = area()
    master(s, "Irini Grenhart")
    s.players[0].engineer = "Wendy Thristle"
    put(s, *W, cars=[1])
    put(s, 8, 1, cars=[1])
    two_over = c(s, (7, 1 + 1))  # (7,2): past two competitor hexes
    assert desert_costs(s)[two_over] == 2  # 1 + 1
    use(s, "Wendy Thristle")
    assert desert_costs(s)[two_over] == 1  # one of them free


# ------------------------------------------------------------ Administrate
def test_nicomedes_ansige_delivers_one_good_when_administrating() -> None:
    s = area()
    master(s, "Nicomedes An'sige")
    put(s, *SE, cars=[0])
    colour = COLOURS[board(s).city_colour[board(s).cities.index(c(s, CITY))]]
    put(s, *P, goods=[colour, colour])
    main_action(s)
    do(s, Choose("Administrate"))
    assert isinstance(top(s), AdministrateSteps)
    choose(s, "Deliver one Good (Nicomedes An'sige)")
    assert isinstance(top(s), DeliverChoice)
    do(s, DeliverTo(Hex(*CITY), colour))
    do(s, PickGood(Hex(*P)))
    assert PickGood(Hex(*P)) not in legal(s)
    do(s, Done())
    assert s.players[0].goods[COLOURS.index(colour)] == 1
    assert isinstance(top(s), AdministrateSteps)  # the three usual steps remain


def test_tzart_kargan_builds_on_home_terrain_when_administrating() -> None:
    s = area()
    master(s, "Tzart Kargan")
    put(s, *W, "Lake")
    main_action(s)
    do(s, Choose("Administrate"))
    choose(s, "Build Track on Home Terrain (Tzart Kargan)")
    assert builds(s) == {h(W): 0}
    pick(s, W)
    assert s.cars[c(s, W)] == (0,)


# ------------------------------------------------------------ End of the Line
def _to_end_of_the_line(s, goods: int) -> str:
    """Kings' Line one step before the End of the Line, next to the City with ``goods`` Goods of its colour."""
    put(s, *SE, cars=[0])
    b = board(s)
    stand = b.cities.index(c(s, CITY))
    colour = b.city_colour[stand]
    s.stands[stand] = [(colour, 0), (colour, 1), (colour, 2)]
    put(s, *P, goods=[COLOURS[colour]] * goods)
    s.players[0].conductor = 4
    main_action(s)
    do(s, Move(1, 0))
    assert isinstance(top(s), DeliverChoice)
    do(s, DeliverTo(Hex(*CITY), COLOURS[colour]))
    for _ in range(goods):
        do(s, PickGood(Hex(*P)))
    do(s, Done())
    return COLOURS[colour]


def test_hai_of_noirwood_claims_one_tile_higher_at_the_end_of_the_line() -> None:
    s = area()
    _to_end_of_the_line(s, 2)
    assert options(s) == ["Double Demand (1 VP)"]
    s2 = area()
    master(s2, "Hai of Noirwood")
    _to_end_of_the_line(s2, 2)
    assert options(s2) == ["Double Demand (1 VP)", "Triple Demand (2 VP)"]


def test_leto_fulgore_gains_mana_after_an_end_of_the_line_delivery() -> None:
    s = area()
    master(s, "Leto Fulgore")
    _to_end_of_the_line(s, 1)
    assert isinstance(top(s), UpgradeChoice)
    assert s.players[0].mana == 6


def test_voco_astrum_adds_two_goods_when_no_tile_is_taken() -> None:
    s = area()
    master(s, "Voco Astrum")
    colour = _to_end_of_the_line(s, 2)
    assert isinstance(top(s), ClaimDemand)
    do(s, Done())  # no tile
    assert options(s) == [colour]
    choose(s, colour)
    choose(s, colour)
    assert s.players[0].goods[COLOURS.index(colour)] == 4
    assert isinstance(top(s), UpgradeChoice)


def test_voco_astrum_gives_nothing_when_a_tile_is_taken() -> None:
    s = area()
    master(s, "Voco Astrum")
    _to_end_of_the_line(s, 2)
    choose(s, "Double Demand (1 VP)")
    assert isinstance(top(s), UpgradeChoice)


def test_voco_astrum_with_a_short_supply_gives_nothing() -> None:
    s = area()
    master(s, "Voco Astrum")
    b = board(s)
    s.supply.stock[b.city_colour[b.cities.index(c(s, CITY))]] = 1  # a position built by hand
    _to_end_of_the_line(s, 2)
    do(s, Done())
    assert isinstance(top(s), UpgradeChoice)


# ------------------------------------------------------------ turn structure
def test_peril_activates_then_moves_and_skips_the_end_of_the_line() -> None:
    s = area()
    master(s, "Peril")
    ps = s.players[0]
    ps.railyard[6] = "Flow Controller"
    ps.conductor, ps.spent, ps.mana = 3, 4, 1  # on space C
    main_action(s)
    do(s, Choose(PERIL))
    assert isinstance(top(s), ActivateSpellcars)
    do(s, Activate("C1", "Flow Controller", 0))
    assert (ps.mana, ps.spent) == (4, 1)
    do(s, Done())
    assert legal(s) == [Move(1, 0), Move(2, 1)]  # moves only: no Administrate, no second Peril
    do(s, Move(2, 1))
    assert ps.conductor == 0  # straight back to Start
    assert ps.mana == 3
    assert s.turn.player == 1  # no delivery, no Upgrade: the turn is over


def test_peril_move_short_of_the_end_of_the_line_ends_the_turn() -> None:
    s = area()
    master(s, "Peril")
    ps = s.players[0]
    ps.conductor = 2
    main_action(s)
    do(s, Choose(PERIL))
    do(s, Done())
    do(s, Move(1, 0))
    assert ps.conductor == 3
    assert s.turn.player == 1  # no activation after the move


def test_peril_is_not_offered_at_start() -> None:
    s = area()
    master(s, "Peril")
    main_action(s)
    assert Choose(PERIL) not in legal(s)


def test_viona_larone_activates_one_spellcar_twice_and_no_other() -> None:
    s = area()
    master(s, "Viona Larone")
    ps = s.players[0]
    ps.railyard[6:8] = ["Mana Surger", "Flow Controller"]
    ps.conductor = 2
    main_action(s)
    do(s, Move(1, 0))
    do(s, Activate("C1", "Mana Surger", 1))
    # again for 1 + inherent 1, or the other Spellcar as usual
    assert Activate("C1", "Mana Surger", 2) in legal(s)
    assert Activate("C2", "Flow Controller", 1) in legal(s)
    do(s, Activate("C1", "Mana Surger", 2))
    assert (ps.mana, ps.spent) == (4, 3)  # 5 -1 +1 -2 +1
    assert legal(s) == [Done()]


def test_viona_larone_second_activation_cannot_use_mana_gained_by_the_first() -> None:
    s = area()
    master(s, "Viona Larone")
    ps = s.players[0]
    ps.railyard[6] = "Mana Surger"
    ps.conductor, ps.mana = 2, 2
    main_action(s)
    do(s, Move(1, 0))
    do(s, Activate("C1", "Mana Surger", 1))
    assert ps.mana == 2  # 1 of it locked
    assert Activate("C1", "Mana Surger", 2) not in legal(s)


def test_viona_larone_without_viona_no_second_activation() -> None:
    s = area()
    ps = s.players[0]
    ps.railyard[6] = "Mana Surger"
    ps.conductor = 2
    main_action(s)
    do(s, Move(1, 0))
    do(s, Activate("C1", "Mana Surger", 1))
    assert legal(s) == [Done()]


def test_station_masters_never_flip() -> None:
    s = area()
    master(s, "Clive Melmont")
    use(s, "Clive Melmont")
    assert s.players[0].station_masters == ["Clive Melmont"]
    assert isinstance(top(s), (SpecialistPhase, MainAction))





@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("name", [x.name for x in DATA.specialists if x.type == "Station Master" and x.mode == "per_turn"])
def test_random_answers_to_each_once_a_turn_station_master_conserve_goods_and_cars(name: str, seed: int) -> None:
    s = rich_area()
    master(s, name)
    ps = s.players[0]
    ps.engineer, ps.engineer_ready, ps.captain_ready = "Orman Kaspar", False, False
    fuzz(s, name, seed)


def test_hai_of_noirwood_one_good_earns_a_double() -> None:
    s = area()
    master(s, "Hai of Noirwood")
    _to_end_of_the_line(s, 1)
    assert options(s) == ["Double Demand (1 VP)"]


def test_the_module_table_lists_every_station_master() -> None:
    assert __doc__ is not None
    assert all(f"| {x.name} |" in __doc__ for x in DATA.specialists if x.type == "Station Master")
