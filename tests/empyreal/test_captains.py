"""One test (or more) per Captain and Wild Captain, plus exhausting and refreshing.

Rulebook table (Captains and Their Company Spellcars; Wild Captains) to code and tests:

| Captain | Code (``effects/captains.py``) | Tests |
|---|---|---|
| Bartok Kulle | ``bartok_kulle`` | ``test_bartok_kulle_places_wasteland_keeping_the_goods``, ``test_bartok_kulle_builds_on_wasteland`` |
| Dolores Malephaise | ``dolores_malephaise`` | ``test_dolores_malephaise_pays_to_pull_a_good_into_the_network``, ``test_dolores_malephaise_may_take_from_a_teammates_hex``, ``test_dolores_malephaise_needs_a_mana`` |
| Marcinae Ayle Shorec | ``marcinae_ayle_shorec`` | ``test_marcinae_ayle_shorec_returns_a_good_to_move_a_train_car``, ``test_marcinae_ayle_shorec_needs_a_good_and_a_place_to_go`` |
| Rayleigh Kerigan | ``rayleigh_kerigan`` | ``test_rayleigh_kerigan_makes_moves_cheap_this_turn`` |
| Runika Zenanen | ``runika_zenanen`` | ``test_runika_zenanen_reclaims_five`` |
| Seth Cremmul | ``seth_cremmul`` | ``test_seth_cremmul_makes_every_activation_free`` |
| Irialandradayamorella | ``irialandradayamorella`` | ``test_irialandradayamorella_pays_then_builds_next_to_a_city``, ``test_irialandradayamorella_needs_a_mana`` |
| Trias Blackwind | ``trias_blackwind`` | ``test_trias_blackwind_builds_on_home_terrain_or_refreshes_the_engineer`` |
"""

from __future__ import annotations

import pytest

from hexkit_empyreal import Activate, Choose, Done, Move, UseSpecialist
from hexkit_empyreal.actions import MainAction, SpecialistPhase
from hexkit_empyreal.data import WASTELAND

from tests.empyreal.helpers import AE, GS
from tests.empyreal.unique_support import (
    COLOURS, E, FAR, KL, KT, P, SE, W, area, builds, c, cars_at, choose, do, goods_at, h, hexes, legal, offered,
    options, pick, put, use, DATA, rich_area, fuzz,
)


def top(state):
    return state.pending[-1]


def to_main(s) -> None:
    """Finish the Activate Specialists phase if it is still open."""
    if isinstance(top(s), SpecialistPhase):
        do(s, Done())


def captain(s, name: str) -> None:
    s.players[0].captain = name
    s.players[0].captain_ready = True


def test_bartok_kulle_places_wasteland_keeping_the_goods() -> None:
    s = area()
    captain(s, "Bartok Kulle")
    put(s, *W, goods=["yellow"])
    yellow = s.supply[COLOURS.index("yellow")]
    use(s, "Bartok Kulle")
    assert options(s) == ["Build Track on Wasteland", "Place Wasteland"]
    choose(s, "Place Wasteland")
    pick(s, W)
    assert s.terrain[c(s, W)] == WASTELAND
    assert s.players[0].goods[COLOURS.index("yellow")] == 1  # on the folio, not the supply
    assert s.supply[COLOURS.index("yellow")] == yellow
    assert not s.players[0].captain_ready


def test_bartok_kulle_builds_on_wasteland() -> None:
    s = area()
    captain(s, "Bartok Kulle")
    put(s, *W, "Wasteland")
    use(s, "Bartok Kulle")
    choose(s, "Build Track on Wasteland")
    assert builds(s) == {h(W): 0}


def test_dolores_malephaise_pays_to_pull_a_good_into_the_network() -> None:
    s = area()
    captain(s, "Dolores Malephaise")
    put(s, *FAR, goods=["grey"])
    put(s, *E, goods=["red"], cars=[1])  # a competitor's hex: not a source
    use(s, "Dolores Malephaise")
    assert s.players[0].mana == 4
    assert hexes(s) == {h(FAR)}
    pick(s, FAR)
    assert hexes(s) == {h(P)}
    pick(s, P)
    assert goods_at(s, P) == ["grey"] and goods_at(s, FAR) == []


def test_dolores_malephaise_may_take_from_a_teammates_hex() -> None:
    s = area((KL, KT, GS, AE), ["team"])
    captain(s, "Dolores Malephaise")
    put(s, *E, goods=["red"], cars=[2])
    use(s, "Dolores Malephaise")
    assert h(E) in hexes(s)


def test_dolores_malephaise_needs_a_mana() -> None:
    s = area()
    captain(s, "Dolores Malephaise")
    put(s, *FAR, goods=["grey"])
    s.players[0].mana = 0
    assert not offered(s, "Dolores Malephaise")


def test_marcinae_ayle_shorec_returns_a_good_to_move_a_train_car() -> None:
    s = area()
    captain(s, "Marcinae Ayle Shorec")
    put(s, *P, goods=["blue"])
    blue = s.supply[COLOURS.index("blue")]
    use(s, "Marcinae Ayle Shorec")
    assert hexes(s) == {h(P)}
    pick(s, P)
    assert len(hexes(s)) == 6
    pick(s, W)
    assert cars_at(s, W) == (0,) and cars_at(s, P) == ()
    assert goods_at(s, P) == [] and s.supply[COLOURS.index("blue")] == blue + 1


def test_marcinae_ayle_shorec_needs_a_good_and_a_place_to_go() -> None:
    s = area()
    captain(s, "Marcinae Ayle Shorec")
    assert not offered(s, "Marcinae Ayle Shorec")  # no In-Network Good
    put(s, *P, goods=["blue"])
    assert offered(s, "Marcinae Ayle Shorec")


def test_rayleigh_kerigan_makes_moves_cheap_this_turn() -> None:
    s = area()
    captain(s, "Rayleigh Kerigan")
    use(s, "Rayleigh Kerigan")
    to_main(s)
    assert isinstance(top(s), MainAction)
    assert [a for a in legal(s) if isinstance(a, Move)] == [Move(1, 0), Move(2, 0), Move(3, 0), Move(4, 2)]


def test_runika_zenanen_reclaims_five() -> None:
    s = area()
    s.players[0].mana, s.players[0].spent = 0, 7
    use(s, "Runika Zenanen")
    assert (s.players[0].mana, s.players[0].spent) == (5, 2)
    assert not s.players[0].captain_ready


def test_seth_cremmul_makes_every_activation_free() -> None:
    s = area()
    captain(s, "Seth Cremmul")
    ps = s.players[0]
    ps.railyard[6], ps.railyard[7] = "Deep One", "Worldspanner"  # C1, C2: inherent 2 and 3
    ps.conductor = 2
    use(s, "Seth Cremmul")
    to_main(s)
    do(s, Move(1, 0))
    assert Activate("C1", "Deep One", 0) in legal(s)
    do(s, Activate("C1", "Deep One", 0))
    do(s, Done())  # decline the build
    assert Activate("C2", "Worldspanner", 0) in legal(s)
    assert ps.mana == 5


def test_irialandradayamorella_pays_then_builds_next_to_a_city() -> None:
    s = area()
    captain(s, "Irialandradayamorella")
    use(s, "Irialandradayamorella")
    assert s.players[0].mana == 4
    assert options(s) == ["Gain Specialist", "Build Track next to a City"]
    choose(s, "Build Track next to a City")
    assert builds(s) == {h(SE): 0}


def test_irialandradayamorella_needs_a_mana() -> None:
    s = area()
    captain(s, "Irialandradayamorella")
    s.players[0].mana = 0
    assert not offered(s, "Irialandradayamorella")


def test_trias_blackwind_builds_on_home_terrain_or_refreshes_the_engineer() -> None:
    s = area()
    captain(s, "Trias Blackwind")
    put(s, *W, "Lake")
    use(s, "Trias Blackwind")
    assert options(s) == ["Build Track on Home Terrain", "Refresh Engineer"]
    choose(s, "Build Track on Home Terrain")
    assert builds(s) == {h(W): 0}
    s2 = area()
    captain(s2, "Trias Blackwind")
    s2.players[0].engineer, s2.players[0].engineer_ready = "Orman Kaspar", False
    use(s2, "Trias Blackwind")
    choose(s2, "Refresh Engineer")
    assert s2.players[0].engineer_ready


def test_captain_exhausts_and_administrate_refreshes_it() -> None:
    s = area()
    use(s, "Runika Zenanen")
    assert isinstance(top(s), MainAction)  # nothing else to activate
    do(s, Choose("Administrate"))
    assert s.players[0].captain_ready


def test_a_refreshed_captain_can_be_used_again_the_same_turn() -> None:
    s = area()
    ps = s.players[0]
    ps.engineer, ps.engineer_ready = "Manch", True
    ps.spent, ps.mana = 6, 4
    use(s, "Runika Zenanen")
    assert UseSpecialist("Runika Zenanen") not in legal(s)
    do(s, UseSpecialist("Manch"))  # pay 1 to Refresh the Captain
    assert isinstance(top(s), SpecialistPhase)
    do(s, UseSpecialist("Runika Zenanen"))
    assert (ps.mana, ps.spent) == (10, 0)  # 4 -> 9 (reclaim 5), 8 (Manch), 10 (reclaims the last 2)


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("name", [c.name for c in DATA.captains])
def test_random_answers_to_each_captain_conserve_goods_and_cars(name: str, seed: int) -> None:
    s = rich_area()
    captain(s, name)
    fuzz(s, name, seed)


def test_the_module_table_lists_every_captain() -> None:
    assert __doc__ is not None
    assert all(f"| {x.name} |" in __doc__ for x in DATA.captains)
