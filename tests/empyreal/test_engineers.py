"""One test (or more) per Engineer, plus exhausting, refreshing and the team copy exception.

Rulebook table (Engineers) to code and tests:

| Engineer | Code (``effects/engineers.py``) | Tests |
|---|---|---|
| Adelaide Chivers | ``adelaide_chivers`` | ``test_adelaide_chivers_gains_a_spellcar`` |
| Aerlion | ``aerlion`` | ``test_aerlion_places_wasteland_and_transfers_over_it_are_free`` |
| Arret Draamivaar | ``arret_draamivaar`` | ``test_arret_draamivaar_copies_a_face_up_engineer``, ``test_arret_draamivaar_needs_a_face_up_engineer``, ``test_arret_draamivaar_may_copy_a_teammate``, ``test_arret_draamivaar_pays_the_copied_price`` |
| Candide Malephaise | ``candide_malephaise`` | ``test_candide_malephaise_builds_on_a_competitor_hex``, ``test_candide_malephaise_does_not_count_a_teammate`` |
| Daedalus Khimsey | ``daedalus_khimsey`` | ``test_daedalus_khimsey_delivers_one_good`` |
| Eloi Klaus | ``eloi_klaus`` | ``test_eloi_klaus_frees_activations_and_reclaims_on_moving`` |
| Garek Tesias | ``garek_tesias`` | ``test_garek_tesias_moves_a_tile_to_an_empty_slot_even_in_the_third_row``, ``test_garek_tesias_swaps_two_tiles`` |
| Irion Juiz | ``irion_juiz`` | ``test_irion_juiz_pays_to_move_a_train_car`` |
| Lixis Ran Kanda | ``lixis_ran_kanda`` | ``test_lixis_ran_kanda_seeds_a_good_of_the_terrain``, ``test_lixis_ran_kanda_with_an_empty_supply_does_nothing`` |
| Luc von Gott | ``luc_von_gott`` | ``test_luc_von_gott_pays_one_to_gain_one``, ``test_luc_von_gott_needs_a_mana`` |
| Malandrax Mecchi | ``malandrax_mecchi`` | ``test_malandrax_mecchi_pays_to_pull_a_neighbouring_good`` |
| Manch | ``manch`` | ``test_manch_pays_to_refresh_the_captain`` |
| Orman Kaspar | ``orman_kaspar`` | ``test_orman_kaspar_reclaims_three`` |
| Rixia van Sorrel | ``rixia_van_sorrel`` | ``test_rixia_van_sorrel_pays_to_copy_a_good`` |
| Sarafina Vanedran | ``sarafina_vanedran`` | ``test_sarafina_vanedran_ignores_inherent_costs_only`` |
| Uumi Nuoc | ``uumi_nuoc`` | ``test_uumi_nuoc_pays_to_copy_a_market_spellcar``, ``test_uumi_nuoc_needs_mana_for_its_price_and_the_copied_cost``, ``test_uumi_nuoc_may_copy_transformer_which_copies_again`` |
| Wendy Thristle | ``wendy_thristle`` | ``test_wendy_thristle_makes_one_transfer_free`` |
"""

from __future__ import annotations

import pytest

from hexkit.hexes import Hex

from hexkit_empyreal import Activate, Choose, DeliverTo, Done, Move, PickGood, UseSpecialist
from hexkit_empyreal.actions import BuildTrack, ClaimDemand, SpecialistPhase, TakeSpellcar, Target
from hexkit_empyreal.data import DESERT, WASTELAND
from hexkit_empyreal.rules.build import build_options
from hexkit_empyreal.rules.railyard import slot_index

from tests.empyreal.helpers import AE, GS
from tests.empyreal.unique_support import (
    CITY, COLOURS, DATA, KL, KT, P, SE, W, area, builds, c, cars_at, choose, city_colour, do, goods_at, h, hexes,
    legal, offered, options, pick, put, use, rich_area, fuzz,
)


def top(state):
    return state.pending[-1]


def to_main(s) -> None:
    if isinstance(top(s), SpecialistPhase):
        do(s, Done())


def engineer(s, name: str, seat: int = 0, ready: bool = True) -> None:
    s.players[seat].engineer = name
    s.players[seat].engineer_ready = ready


def desert_costs(s) -> dict[int, int]:
    d = BuildTrack(player=0, target=Target(label="Desert", terrains=(DESERT,)))
    return {cell: cost for cell, (cost, _) in build_options(s, 0, d).items()}


def test_adelaide_chivers_gains_a_spellcar() -> None:
    s = area()
    engineer(s, "Adelaide Chivers")
    use(s, "Adelaide Chivers")
    assert isinstance(top(s), TakeSpellcar)
    assert not s.players[0].engineer_ready


def test_aerlion_places_wasteland_and_transfers_over_it_are_free() -> None:
    s = area()
    engineer(s, "Aerlion")
    put(s, *W, goods=["yellow"])
    use(s, "Aerlion")
    pick(s, W)
    assert s.terrain[c(s, W)] == WASTELAND and goods_at(s, W) == []
    assert desert_costs(s)[c(s, (8, 1))] == 0
    s.turn.free_hexes.clear()
    assert desert_costs(s)[c(s, (8, 1))] == 4  # the usual Wasteland Transfer


def test_arret_draamivaar_copies_a_face_up_engineer() -> None:
    s = area()
    engineer(s, "Arret Draamivaar")
    engineer(s, "Orman Kaspar", seat=1)
    s.players[0].mana, s.players[0].spent = 2, 6
    use(s, "Arret Draamivaar")
    assert options(s) == ["Orman Kaspar"]
    choose(s, "Orman Kaspar")
    assert (s.players[0].mana, s.players[0].spent) == (5, 3)
    assert s.players[1].engineer_ready  # the original is untouched


def test_arret_draamivaar_needs_a_face_up_engineer() -> None:
    s = area()
    engineer(s, "Arret Draamivaar")
    engineer(s, "Orman Kaspar", seat=1, ready=False)
    assert not offered(s, "Arret Draamivaar")


def test_arret_draamivaar_may_copy_a_teammate() -> None:
    s = area((KL, KT, GS, AE), ["team"])
    engineer(s, "Arret Draamivaar")
    engineer(s, "Orman Kaspar", seat=2)
    use(s, "Arret Draamivaar")
    assert options(s) == ["Orman Kaspar"]


def test_arret_draamivaar_pays_the_copied_price() -> None:
    s = area()
    engineer(s, "Arret Draamivaar")
    engineer(s, "Luc von Gott", seat=1)
    use(s, "Arret Draamivaar")
    choose(s, "Luc von Gott")
    assert (s.players[0].mana, s.players[0].spent) == (5, 1)  # paid 1, gained 1


def test_candide_malephaise_builds_on_a_competitor_hex() -> None:
    s = area()
    engineer(s, "Candide Malephaise")
    put(s, *W, cars=[1])
    use(s, "Candide Malephaise")
    assert builds(s) == {h(W): 0}
    pick(s, W)
    assert cars_at(s, W) == (0, 1)


def test_candide_malephaise_does_not_count_a_teammate() -> None:
    s = area((KL, KT, GS, AE), ["team"])
    engineer(s, "Candide Malephaise")
    put(s, *W, cars=[2])
    use(s, "Candide Malephaise")
    assert builds(s) == {}


def test_daedalus_khimsey_delivers_one_good() -> None:
    s = area()
    engineer(s, "Daedalus Khimsey")
    put(s, *SE, cars=[0])
    colour = city_colour(s)
    put(s, *P, goods=[colour, colour])
    use(s, "Daedalus Khimsey")
    do(s, DeliverTo(Hex(*CITY), colour))
    do(s, PickGood(Hex(*P)))
    do(s, Done())
    assert not isinstance(top(s), ClaimDemand)
    assert s.players[0].goods[COLOURS.index(colour)] == 1


def test_eloi_klaus_frees_activations_and_reclaims_on_moving() -> None:
    s = area()
    engineer(s, "Eloi Klaus")
    ps = s.players[0]
    ps.railyard[6:9] = ["Deep One", "Mana Surger", "Flow Controller"]
    ps.conductor, ps.spent = 2, 3
    use(s, "Eloi Klaus")
    to_main(s)
    do(s, Move(1, 0))
    assert (ps.mana, ps.spent) == (6, 2)
    assert Activate("C1", "Deep One", 2) in legal(s)  # inherent cost only
    do(s, Activate("C1", "Deep One", 2))
    do(s, Done())
    assert Activate("C2", "Mana Surger", 1) in legal(s)  # no +1 for the second activation
    do(s, Activate("C2", "Mana Surger", 1))
    assert Activate("C3", "Flow Controller", 0) in legal(s)  # no +2 for the third


def test_garek_tesias_moves_a_tile_to_an_empty_slot_even_in_the_third_row() -> None:
    s = area()
    engineer(s, "Garek Tesias")
    ry = s.players[0].railyard
    ry[slot_index("A1")] = "Icecar"  # covers the printed Reclaim Mana
    ry[slot_index("C1")] = "Metro"
    use(s, "Garek Tesias")
    assert options(s) == ["A1 Icecar", "C1 Metro"]
    choose(s, "A1 Icecar")
    assert "C3 (empty)" in options(s) and "C1 Metro" in options(s)
    choose(s, "C3 (empty)")
    assert ry[slot_index("C3")] == "Icecar"
    assert ry[slot_index("A1")] == DATA.company_by_name[KL].printed["A1"]


def test_garek_tesias_swaps_two_tiles() -> None:
    s = area()
    engineer(s, "Garek Tesias")
    ry = s.players[0].railyard
    ry[slot_index("C1")], ry[slot_index("D2")] = "Metro", "Icecar"
    use(s, "Garek Tesias")
    choose(s, "C1 Metro")
    choose(s, "D2 Icecar")
    assert (ry[slot_index("C1")], ry[slot_index("D2")]) == ("Icecar", "Metro")


def test_irion_juiz_pays_to_move_a_train_car() -> None:
    s = area()
    engineer(s, "Irion Juiz")
    use(s, "Irion Juiz")
    assert s.players[0].mana == 4
    assert hexes(s) == {h(P)}
    pick(s, P)
    pick(s, W)
    assert cars_at(s, W) == (0,) and cars_at(s, P) == ()


def test_lixis_ran_kanda_seeds_a_good_of_the_terrain() -> None:
    s = area()
    engineer(s, "Lixis Ran Kanda")
    put(s, *W, goods=["red"], cars=[0])  # has a Good: not offered
    blue = s.supply[COLOURS.index("blue")]
    use(s, "Lixis Ran Kanda")
    assert hexes(s) == {h(P)}
    pick(s, P)
    assert goods_at(s, P) == ["blue"]  # P is a Lake
    assert s.supply[COLOURS.index("blue")] == blue - 1


def test_lixis_ran_kanda_with_an_empty_supply_does_nothing() -> None:
    s = area()
    engineer(s, "Lixis Ran Kanda")
    s.supply.stock[COLOURS.index("blue")] = 0  # a position built by hand
    use(s, "Lixis Ran Kanda")
    assert hexes(s) == set()
    assert goods_at(s, P) == []


def test_luc_von_gott_pays_one_to_gain_one() -> None:
    s = area()
    engineer(s, "Luc von Gott")
    use(s, "Luc von Gott")
    assert (s.players[0].mana, s.players[0].spent) == (5, 1)


def test_luc_von_gott_needs_a_mana() -> None:
    s = area()
    engineer(s, "Luc von Gott")
    s.players[0].mana = 0
    assert not offered(s, "Luc von Gott")


def test_malandrax_mecchi_pays_to_pull_a_neighbouring_good() -> None:
    s = area()
    engineer(s, "Malandrax Mecchi")
    put(s, *W, goods=["green"])
    use(s, "Malandrax Mecchi")
    assert s.players[0].mana == 4
    pick(s, P)
    pick(s, W)
    assert goods_at(s, P) == ["green"]


def test_manch_pays_to_refresh_the_captain() -> None:
    s = area()
    engineer(s, "Manch")
    s.players[0].captain_ready = False
    use(s, "Manch")
    assert s.players[0].captain_ready and s.players[0].mana == 4


def test_orman_kaspar_reclaims_three() -> None:
    s = area()
    engineer(s, "Orman Kaspar")
    s.players[0].mana, s.players[0].spent = 2, 6
    use(s, "Orman Kaspar")
    assert (s.players[0].mana, s.players[0].spent) == (5, 3)


def test_rixia_van_sorrel_pays_to_copy_a_good() -> None:
    s = area()
    engineer(s, "Rixia van Sorrel")
    put(s, *P, goods=["blue"])
    use(s, "Rixia van Sorrel")
    pick(s, P)
    assert goods_at(s, P) == ["blue", "blue"] and s.players[0].mana == 4


def test_sarafina_vanedran_ignores_inherent_costs_only() -> None:
    s = area()
    engineer(s, "Sarafina Vanedran")
    ps = s.players[0]
    ps.railyard[6:8] = ["Deep One", "Mana Surger"]
    ps.conductor = 2
    use(s, "Sarafina Vanedran")
    to_main(s)
    do(s, Move(1, 0))
    do(s, Activate("C1", "Deep One", 0))
    do(s, Done())
    assert Activate("C2", "Mana Surger", 1) in legal(s)  # the Move+Activate cost is still paid


def test_uumi_nuoc_pays_to_copy_a_market_spellcar() -> None:
    s = area()
    engineer(s, "Uumi Nuoc")
    s.market = ["Limited Express", "Transformer", "Mana Surger", "Flow Controller", "Metro", "Icecar"]
    use(s, "Uumi Nuoc")
    assert s.players[0].mana == 4
    assert options(s) == ["Flow Controller", "Icecar", "Mana Surger", "Metro", "Transformer"]
    choose(s, "Mana Surger")
    assert (s.players[0].mana, s.players[0].spent) == (4, 2)  # 5 - 1 - 1 + 1


def test_wendy_thristle_makes_one_transfer_free() -> None:
    s = area()
    engineer(s, "Wendy Thristle")
    put(s, *W, cars=[1])
    beyond = c(s, (8, 1))
    assert desert_costs(s)[beyond] == 2
    use(s, "Wendy Thristle")
    assert desert_costs(s)[beyond] == 0
    assert s.turn.free_transfers == 1


def test_engineer_exhausts_and_administrate_refreshes_it() -> None:
    s = area()
    engineer(s, "Orman Kaspar")
    use(s, "Orman Kaspar")
    assert UseSpecialist("Orman Kaspar") not in legal(s)
    to_main(s)
    do(s, Choose("Administrate"))
    assert s.players[0].engineer_ready





def test_uumi_nuoc_needs_mana_for_its_price_and_the_copied_cost() -> None:
    s = area()
    engineer(s, "Uumi Nuoc")
    s.market = ["Mana Surger", "Deep One", "Transformer", "Limited Express", "Icecar", "Metro"]
    s.players[0].mana = 1
    assert offered(s, "Uumi Nuoc")  # 1 for Uumi, 0 for Icecar or Metro
    s.market = ["Mana Surger", "Deep One", "Transformer", "Limited Express", "Liquid Purifier", "Science Car"]
    assert not offered(s, "Uumi Nuoc")  # every copy costs at least 1 more


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("name", [x.name for x in DATA.specialists if x.type == "Engineer"])
def test_random_answers_to_each_engineer_conserve_goods_and_cars(name: str, seed: int) -> None:
    s = rich_area()
    engineer(s, name)
    s.market = ["Mana Surger", "Metro", "Reforester", "Transmuter", "Icecar", "Switching Station"]
    s.players[0].railyard[slot_index("C1")] = "Metro"
    fuzz(s, name, seed)


def test_the_module_table_lists_every_engineer() -> None:
    assert __doc__ is not None
    assert all(f"| {x.name} |" in __doc__ for x in DATA.specialists if x.type == "Engineer")


def test_uumi_nuoc_may_copy_transformer_which_copies_again() -> None:
    s = area()
    engineer(s, "Uumi Nuoc")
    s.market = ["Transformer", "Mana Surger", "Metro", "Icecar", "Deep One", "Flow Controller"]
    use(s, "Uumi Nuoc")
    choose(s, "Transformer")
    assert "Transformer" not in options(s)
    choose(s, "Mana Surger")
    assert (s.players[0].mana, s.players[0].spent) == (3, 3)  # 5 - 1 (Uumi) - 1 (Transformer) - 1 + 1
