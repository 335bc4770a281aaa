"""One test (or more) per Surveyor, plus once per game and the team copy exception.

Rulebook table (Surveyors) to code and tests:

| Surveyor | Code (``effects/surveyors.py``) | Tests |
|---|---|---|
| Aella Ivaline Oran'hei | ``aella_ivaline_oranhei`` | ``test_aella_ivaline_oranhei_keeps_one_of_three_station_masters``, ``test_aella_station_master_sits_over_the_surveyor_and_leaves_the_slot_free`` |
| Almir Nol Kanda | ``almir_nol_kanda`` | ``test_almir_nol_kanda_seeds_up_to_three_goods``, ``test_almir_nol_kanda_may_stop_early`` |
| Anya Southwind | ``anya_southwind`` | ``test_anya_southwind_moves_train_cars_four_times`` |
| Ariel Malephaise | ``ariel_malephaise`` | ``test_ariel_malephaise_clears_a_hex_and_its_neighbours`` |
| Cin Atalar | ``cin_atalar`` | ``test_cin_atalar_gathers_the_neighbouring_goods`` |
| Doc Silnan | ``doc_silnan`` | ``test_doc_silnan_copies_a_face_down_surveyor``, ``test_doc_silnan_needs_another_surveyor``, ``test_doc_silnan_may_copy_a_teammate`` |
| Eirene Lemina Kobor | ``eirene_lemina_kobor`` | ``test_eirene_lemina_kobor_takes_another_turn`` |
| Hikaru Sorayama | ``hikaru_sorayama`` | ``test_hikaru_sorayama_reclaims_then_gains_two`` |
| Hydeart Burnstein | ``hydeart_burnstein`` | ``test_hydeart_burnstein_builds_four_times_on_one_terrain`` |
| John Strong Stevenson | ``john_strong_stevenson`` | ``test_john_strong_stevenson_builds_three_times``, ``test_john_strong_stevenson_stops_when_declined`` |
| Lyal Kerigan | ``lyal_kerigan`` | ``test_lyal_kerigan_delivers_four_and_may_take_a_demand_tile`` |
| Milton Barts | ``milton_barts`` | ``test_milton_barts_gains_two_spellcars_and_activates_both`` |
| Mindra Dirac | ``mindra_dirac`` | ``test_mindra_dirac_builds_around_an_in_network_hex`` |
| Ran Ugobia | ``ran_ugobia`` | ``test_ran_ugobia_refreshes_and_uses_without_exhausting`` |
| Telemyr | ``telemyr`` | ``test_telemyr_swaps_engineers_and_refreshes_the_one_taken``, ``test_telemyr_swaps_station_masters``, ``test_telemyr_swapping_the_station_master_over_aella_keeps_it_over_the_surveyor`` |
| Wardlaw O'Brien | ``wardlaw_obrien`` | ``test_wardlaw_obrien_swaps_demand_tiles_and_the_moved_tile_takes_its_own_colour`` |
| Welsie Acktern | ``welsie_acktern`` | ``test_welsie_acktern_builds_anywhere_then_on_home_terrain_next_to_it`` |
"""

from __future__ import annotations

import pytest

from hexkit.hexes import Hex

from hexkit_empyreal import Build, Choose, DeliverTo, Done, PickGood, PlaceAt, UseSpecialist
from hexkit_empyreal.actions import BuildTrack, ChooseHex, ClaimDemand, SpecialistPhase, TakeSpellcar
from hexkit_empyreal.rules.deliver import delivery_targets
from hexkit_empyreal.state import board

from tests.empyreal.helpers import AE, GS
from tests.empyreal.unique_support import (
    CITY, COLOURS, DATA, E, FAR, KL, KT, NE, P, SE, SW, W, area, builds, c, cars_at, choose, do, goods_at, h,
    hexes, legal, offered, options, pick, put, use, rich_area, fuzz,
)


def top(state):
    return state.pending[-1]


def to_main(s) -> None:
    if isinstance(top(s), SpecialistPhase):
        do(s, Done())


def surveyor(s, name: str, seat: int = 0, used: bool = False) -> None:
    s.players[seat].surveyor = name
    s.players[seat].surveyor_used = used


def test_aella_ivaline_oranhei_keeps_one_of_three_station_masters() -> None:
    s = area()
    surveyor(s, "Aella Ivaline Oran'hei")
    s.stacks[2] = ["Clive Melmont", "Peril", "Simon la Faucheuse", "Tegusgan"]
    use(s, "Aella Ivaline Oran'hei")
    assert options(s) == ["Peril", "Simon la Faucheuse", "Tegusgan"]
    choose(s, "Peril")
    assert s.players[0].station_masters == ["Peril"]
    assert sorted(s.stacks[2]) == ["Clive Melmont", "Simon la Faucheuse", "Tegusgan"]
    assert s.players[0].surveyor_used


def _gain_specialist(s, player: int = 0) -> list[str]:  # type: ignore[no-untyped-def]
    """Run one Gain Specialist for ``player`` now; return the types offered."""
    from hexkit_empyreal.actions import GainSpecialist
    from hexkit_empyreal.effects.registry import push
    from hexkit_empyreal.rules import settle

    s.pending.clear()
    push(s, [GainSpecialist(player=player)])
    settle(s)
    s._legal = None
    return options(s)


def test_aella_station_master_sits_over_the_surveyor_and_leaves_the_slot_free() -> None:
    s = area()
    surveyor(s, "Aella Ivaline Oran'hei")
    s.stacks[2] = ["Clive Melmont", "Peril", "Simon la Faucheuse", "Tegusgan"]
    use(s, "Aella Ivaline Oran'hei")
    choose(s, "Tegusgan")
    me = s.players[0]
    assert me.over_surveyor == "Tegusgan" and me.station_masters == ["Tegusgan"]
    assert "put the Station Master Tegusgan into play over Aella" in s.log[-1].text
    # The Station Master slot is still empty: a later Gain Specialist may fill it.
    assert _gain_specialist(s) == ["Engineer", "Station Master"]
    choose(s, "Station Master")
    choose(s, "Simon la Faucheuse")
    assert me.station_masters == ["Tegusgan", "Simon la Faucheuse"] and me.over_surveyor == "Tegusgan"
    # Both are in play (Simon's passive move costs apply) and now both slots are full.
    from hexkit_empyreal.effects.registry import passives_of
    from hexkit_empyreal.rules.specialists import has_type

    assert any(type(p).__name__ == "SimonLaFaucheuse" for p in passives_of(s, 0))
    assert has_type(s, 0, 2) and _gain_specialist(s) == ["Engineer"]
    # The state round-trips with the new field.
    from tests.empyreal.helpers import reload

    assert reload(s).players[0].over_surveyor == "Tegusgan"


def test_telemyr_swapping_the_station_master_over_aella_keeps_it_over_the_surveyor() -> None:
    s = area()
    surveyor(s, "Telemyr")
    s.players[1].surveyor, s.players[1].surveyor_used = "Aella Ivaline Oran'hei", True
    s.players[1].station_masters = ["Peril", "Clive Melmont"]
    s.players[1].over_surveyor = "Peril"
    s.players[0].station_masters = ["Tegusgan"]
    use(s, "Telemyr")
    choose(s, "Station Master Tegusgan for Peril")
    assert s.players[0].station_masters == ["Peril"] and s.players[0].over_surveyor == ""
    assert s.players[1].station_masters == ["Tegusgan", "Clive Melmont"]
    assert s.players[1].over_surveyor == "Tegusgan"
    assert _gain_specialist(s, 1) == ["Engineer"]  # both of seat 1's slots stay full


def test_almir_nol_kanda_seeds_up_to_three_goods() -> None:
    s = area()
    surveyor(s, "Almir Nol Kanda")
    put(s, *W, cars=[0])
    put(s, *E, "Forest", cars=[0])
    put(s, *SW, "Glacier", cars=[0])
    use(s, "Almir Nol Kanda")
    assert hexes(s) == {h(P), h(W), h(E), h(SW)}
    pick(s, P)
    pick(s, E)
    pick(s, W)
    assert not isinstance(top(s), ChooseHex)  # three times at most
    assert (goods_at(s, P), goods_at(s, E), goods_at(s, W), goods_at(s, SW)) == (["blue"], ["green"], ["yellow"], [])


def test_almir_nol_kanda_may_stop_early() -> None:
    s = area()
    surveyor(s, "Almir Nol Kanda")
    put(s, *W, cars=[0])
    use(s, "Almir Nol Kanda")
    pick(s, P)
    do(s, Done())
    assert goods_at(s, W) == [] and goods_at(s, P) == ["blue"]


def test_anya_southwind_moves_train_cars_four_times() -> None:
    s = area()
    surveyor(s, "Anya Southwind")
    use(s, "Anya Southwind")
    path = [P, W, (8, 1), (7, 2), (6, 2)]
    for a, b in zip(path, path[1:]):
        pick(s, a)
        pick(s, b)
    assert cars_at(s, (6, 2)) == (0,)
    assert s.players[0].net == 1 << c(s, (6, 2))
    assert not isinstance(top(s), ChooseHex)


def test_ariel_malephaise_clears_a_hex_and_its_neighbours() -> None:
    s = area()
    surveyor(s, "Ariel Malephaise")
    put(s, *W, cars=[1])
    put(s, *SE, cars=[0, 1])
    put(s, *FAR, cars=[1])
    use(s, "Ariel Malephaise")
    assert hexes(s) == {h(P), h(SE)}
    pick(s, P)
    assert cars_at(s, P) == cars_at(s, W) == cars_at(s, SE) == ()
    assert cars_at(s, FAR) == (1,)
    assert s.players[0].cars_left == DATA.rules.train_cars
    assert s.players[1].cars_left == DATA.rules.train_cars - 1
    assert s.players[0].net == 0 and s.players[1].net == 1 << c(s, FAR)


def test_cin_atalar_gathers_the_neighbouring_goods() -> None:
    s = area()
    surveyor(s, "Cin Atalar")
    put(s, *P, goods=["blue"])
    put(s, *W, goods=["green"])
    put(s, *E, goods=["yellow", "yellow"])
    put(s, *FAR, goods=["red"])
    use(s, "Cin Atalar")
    pick(s, P)
    assert goods_at(s, P) == ["yellow", "yellow", "green", "blue"]
    assert goods_at(s, W) == goods_at(s, E) == []
    assert goods_at(s, FAR) == ["red"]


def test_doc_silnan_copies_a_face_down_surveyor() -> None:
    s = area()
    surveyor(s, "Doc Silnan")
    surveyor(s, "Hikaru Sorayama", seat=1, used=True)
    s.players[0].mana, s.players[0].spent = 2, 6
    use(s, "Doc Silnan")
    assert options(s) == ["Hikaru Sorayama"]
    choose(s, "Hikaru Sorayama")
    assert (s.players[0].mana, s.players[0].spent) == (10, 0)


def test_doc_silnan_needs_another_surveyor() -> None:
    s = area()
    surveyor(s, "Doc Silnan")
    assert not offered(s, "Doc Silnan")


def test_doc_silnan_may_copy_a_teammate() -> None:
    s = area((KL, KT, GS, AE), ["team"])
    surveyor(s, "Doc Silnan")
    surveyor(s, "Eirene Lemina Kobor", seat=2)
    use(s, "Doc Silnan")
    assert options(s) == ["Eirene Lemina Kobor"]


def test_eirene_lemina_kobor_takes_another_turn() -> None:
    s = area()
    surveyor(s, "Eirene Lemina Kobor")
    use(s, "Eirene Lemina Kobor")
    to_main(s)
    do(s, Choose("Administrate"))
    assert isinstance(top(s), TakeSpellcar)
    do(s, Done())
    assert s.turn.player == 0 and top(s).player == 0  # seat 0 again, not seat 1
    assert UseSpecialist("Eirene Lemina Kobor") not in legal(s)  # once per game


def test_hikaru_sorayama_reclaims_then_gains_two() -> None:
    s = area()
    surveyor(s, "Hikaru Sorayama")
    s.players[0].mana, s.players[0].spent = 1, 5
    use(s, "Hikaru Sorayama")
    assert (s.players[0].mana, s.players[0].spent) == (8, 0)


def test_hydeart_burnstein_builds_four_times_on_one_terrain() -> None:
    s = area()
    surveyor(s, "Hydeart Burnstein")
    for qr in (W, SW, E, NE, SE):
        put(s, *qr, "Forest")
    use(s, "Hydeart Burnstein")
    assert options(s) == ["Desert", "Forest", "Glacier", "Lake", "Lava", "Mountain"]
    choose(s, "Forest")
    assert builds(s) == {h(W): 0, h(SW): 0, h(E): 0, h(NE): 0, h(SE): 0}
    for qr in (W, SW, E, NE):
        pick(s, qr)
    assert not isinstance(top(s), BuildTrack)
    assert cars_at(s, SE) == ()


def test_john_strong_stevenson_builds_three_times() -> None:
    s = area()
    surveyor(s, "John Strong Stevenson")
    use(s, "John Strong Stevenson")
    for qr in (W, SW, E):
        pick(s, qr)
    assert not isinstance(top(s), BuildTrack)
    assert s.players[0].cars_left == DATA.rules.train_cars - 4


def test_john_strong_stevenson_stops_when_declined() -> None:
    s = area()
    surveyor(s, "John Strong Stevenson")
    use(s, "John Strong Stevenson")
    pick(s, W)
    do(s, Done())
    assert not isinstance(top(s), BuildTrack)


def test_lyal_kerigan_delivers_four_and_may_take_a_demand_tile() -> None:
    s = area()
    surveyor(s, "Lyal Kerigan")
    put(s, *SE, cars=[0])
    b = board(s)
    colour = COLOURS[b.city_colour[b.cities.index(c(s, CITY))]]
    put(s, *P, goods=[colour] * 5)
    use(s, "Lyal Kerigan")
    do(s, DeliverTo(Hex(*CITY), colour))
    for _ in range(4):
        do(s, PickGood(Hex(*P)))
    assert PickGood(Hex(*P)) not in legal(s)
    do(s, Done())
    assert isinstance(top(s), ClaimDemand)
    assert options(s) == ["Double Demand (1 VP)", "Triple Demand (2 VP)", "Quadruple Demand (3 VP)"]
    choose(s, "Quadruple Demand (3 VP)")
    assert s.players[0].tiles == [(COLOURS.index(colour), 2)]
    assert s.players[0].goods[COLOURS.index(colour)] == 4


def test_milton_barts_gains_two_spellcars_and_activates_both() -> None:
    s = area()
    surveyor(s, "Milton Barts")
    s.market = ["Mana Surger", "Flow Controller", "Metro", "Icecar", "Deep One", "Transformer"]
    use(s, "Milton Barts")
    choose(s, "Mana Surger")
    do(s, PlaceAt("A2"))
    choose(s, "Flow Controller")
    do(s, PlaceAt("B2"))
    assert options(s) == ["A2 Mana Surger", "B2 Flow Controller"]
    choose(s, "A2 Mana Surger")
    # Mana Surger: pay 1, gain 1 (5/1); Flow Controller: reclaim up to 3 (6/0)
    assert (s.players[0].mana, s.players[0].spent) == (6, 0)
    assert s.turn.activations == 0


def test_mindra_dirac_builds_around_an_in_network_hex() -> None:
    s = area()
    surveyor(s, "Mindra Dirac")
    put(s, *W, "Wasteland")
    put(s, *E, cars=[1])
    use(s, "Mindra Dirac")
    pick(s, P)
    placed = 0
    while isinstance(top(s), BuildTrack):
        acts = [a for a in legal(s) if isinstance(a, Build)]
        assert len(acts) == 1
        do(s, acts[0])
        placed += 1
    assert placed == 6
    assert cars_at(s, W) == (0,) and cars_at(s, E) == (0, 1)
    assert s.players[0].cars_left == DATA.rules.train_cars - 7


def test_ran_ugobia_refreshes_and_uses_without_exhausting() -> None:
    s = area()
    surveyor(s, "Ran Ugobia")
    ps = s.players[0]
    ps.engineer, ps.engineer_ready, ps.captain_ready = "Orman Kaspar", False, False
    ps.mana, ps.spent = 0, 10
    use(s, "Ran Ugobia")
    assert options(s) == ["Runika Zenanen", "Orman Kaspar"]
    choose(s, "Runika Zenanen")
    assert options(s) == ["Orman Kaspar"]
    choose(s, "Orman Kaspar")
    assert (ps.mana, ps.spent) == (8, 2)
    assert ps.captain_ready and ps.engineer_ready
    do(s, Done())
    assert UseSpecialist("Runika Zenanen") in legal(s)


def test_telemyr_swaps_engineers_and_refreshes_the_one_taken() -> None:
    s = area()
    surveyor(s, "Telemyr")
    s.players[0].engineer, s.players[0].engineer_ready = "Orman Kaspar", True
    s.players[1].engineer, s.players[1].engineer_ready = "Luc von Gott", False
    use(s, "Telemyr")
    assert "Engineer Orman Kaspar for Luc von Gott" in options(s)
    assert "Captain Runika Zenanen for Rayleigh Kerigan" in options(s)
    choose(s, "Engineer Orman Kaspar for Luc von Gott")
    assert (s.players[0].engineer, s.players[0].engineer_ready) == ("Luc von Gott", True)
    assert (s.players[1].engineer, s.players[1].engineer_ready) == ("Orman Kaspar", True)


def test_telemyr_swaps_station_masters() -> None:
    s = area()
    surveyor(s, "Telemyr")
    s.players[0].station_masters = ["Clive Melmont"]
    s.players[1].station_masters = ["Peril"]
    use(s, "Telemyr")
    choose(s, "Station Master Clive Melmont for Peril")
    assert s.players[0].station_masters == ["Peril"] and s.players[1].station_masters == ["Clive Melmont"]


def test_wardlaw_obrien_swaps_demand_tiles_and_the_moved_tile_takes_its_own_colour() -> None:
    s = area()
    surveyor(s, "Wardlaw O'Brien")
    b = board(s)
    here = b.cities.index(c(s, CITY))
    there = b.cities.index(c(s, (7, 1)))
    hc, tc = b.city_colour[here], b.city_colour[there]
    for i in range(len(s.stands)):
        s.stands[i] = []
    s.stands[here] = [(hc, 0)]
    s.stands[there] = [(tc, 2)]
    use(s, "Wardlaw O'Brien")
    first = f"{COLOURS[tc]} Quadruple Demand at {h((7, 1))}"
    second = f"{COLOURS[hc]} Double Demand at {h(CITY)}"
    assert options(s) == sorted([first, second])
    choose(s, first)
    assert options(s) == [second]
    choose(s, second)
    assert s.stands[here] == [(tc, 2)] and s.stands[there] == [(hc, 0)]
    do(s, Done())  # no second swap
    put(s, *SE, cars=[0])
    put(s, *P, goods=[COLOURS[tc]])
    assert (here, tc) in delivery_targets(s, 0)


def test_welsie_acktern_builds_anywhere_then_on_home_terrain_next_to_it() -> None:
    s = area()
    surveyor(s, "Welsie Acktern")
    put(s, 3, 4, "Lake")
    use(s, "Welsie Acktern")
    assert h(FAR) in builds(s)
    pick(s, FAR)
    assert builds(s) == {"(3,4)": 0}
    pick(s, (3, 4))
    assert cars_at(s, FAR) == (0,) and cars_at(s, (3, 4)) == (0,)


def test_a_surveyor_is_used_once_per_game() -> None:
    s = area()
    surveyor(s, "Hikaru Sorayama")
    use(s, "Hikaru Sorayama")
    assert s.players[0].surveyor_used
    assert not offered(s, "Hikaru Sorayama")
    s.players[0].captain_ready = True
    s.players[0].engineer_ready = True
    assert not offered(s, "Hikaru Sorayama")  # a Refresh does not bring it back


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("name", [x.name for x in DATA.specialists if x.type == "Surveyor"])
def test_random_answers_to_each_surveyor_conserve_goods_and_cars(name: str, seed: int) -> None:
    s = rich_area()
    surveyor(s, name)
    s.players[0].engineer = "Orman Kaspar"
    fuzz(s, name, seed)


def test_the_module_table_lists_every_surveyor() -> None:
    assert __doc__ is not None
    assert all(f"| {x.name} |" in __doc__ for x in DATA.specialists if x.type == "Surveyor")
