"""One test per common Spellcar kind and printed Company Spellcar, on hand-built positions."""

from __future__ import annotations

from hexkit.hexes import Hex

from hexkit_empyreal import GAME, Build, Choose, Done, PickHex
from hexkit_empyreal.data import load_data
from hexkit_empyreal.rules.turn import run_effect
from hexkit_empyreal.rules import settle
from hexkit_empyreal.state import TurnState

from tests.empyreal.helpers import AE, CC, GI, GS, KL, KT, cell, legal, put, sandbox, strs

DATA = load_data()


def use(state, spellcar_id, player=0):
    spec = DATA.spellcars[spellcar_id]
    state.turn = TurnState(player=player)
    state.pending.clear()
    run_effect(state, player, spec.effect, spec.id, spec)
    settle(state)
    state._legal = None


def builds(state):
    return {str(a.hex): a.cost for a in legal(state) if isinstance(a, Build)}


def position():
    """Kings' Line on (2,1); a Lake (3,1) and a Forest (2,2) next to it; a Wasteland
    (3,0) with a Lake (4,0) behind it; Kerigan on (2,0) with a Glacier (2,-1)... off map,
    so Kerigan on (1,2) with a Lake (0,3) behind it."""
    state = sandbox((KL, KT))
    put(state, 2, 1, cars=[0])
    put(state, 3, 1, "Lake")
    put(state, 2, 2, "Forest")
    put(state, 3, 0, "Wasteland")
    put(state, 4, 0, "Lake")
    put(state, 1, 2, cars=[1])
    put(state, 0, 3, "Lake")
    state.players[0].mana = 4
    return state


def test_types_and_counts_of_common_tiles() -> None:
    kinds = {}
    for s in DATA.tiles:
        if s.name != s.id:
            kinds.setdefault(s.name, []).append(s.terrains)
    assert len(kinds) == 6 and all(len(v) == 6 for v in kinds.values())
    for name, tiles in kinds.items():
        counts = {}
        for ts in tiles:
            for t in ts:
                counts[t] = counts.get(t, 0) + 1
        assert len(set(counts.values())) == 1 and len(counts) == 6, name


def test_pick_one_of_two() -> None:
    state = position()
    use(state, "Pick One of Two (Lake/Lava)")
    # Lake next to the Network, and Lakes behind the Wasteland (4) and Kerigan (2).
    assert builds(state) == {"(3,1)": 0, "(4,0)": 4, "(0,3)": 2}


def test_pick_one_of_three_with_inherent_cost_in_data() -> None:
    assert DATA.spellcars["Pick One of Three (Desert/Forest/Glacier)"].cost == 1
    state = position()
    use(state, "Pick One of Three (Desert/Forest/Glacier)")
    got = builds(state)
    assert got["(2,2)"] == 0 and "(3,1)" not in got  # Forest yes, Lake no


def test_free_city_and_wasteland_transfer() -> None:
    state = position()
    use(state, "Free City & Wasteland Transfer (Lake)")
    assert builds(state) == {"(3,1)": 0, "(4,0)": 0, "(0,3)": 2}
    GAME.apply(state, Build(Hex(4, 0), 0))
    assert state.players[0].mana == 4 and state.cars[cell(state, 4, 0)] == (0,)


def test_free_competitor_transfer() -> None:
    state = position()
    use(state, "Free Competitor Transfer (Lake)")
    assert builds(state) == {"(3,1)": 0, "(4,0)": 4, "(0,3)": 0}


def test_build_on_two_in_either_order() -> None:
    state = position()
    use(state, "Build on Two (Lake/Mountain)")
    assert strs(legal(state)) == ["choose Lake first", "choose Mountain first"]
    GAME.apply(state, Choose("Lake first"))
    GAME.apply(state, Build(Hex(3, 1), 0))
    assert type(state.decision()).__name__ == "BuildTrack"
    assert "Mountain" in state.decision().prompt
    GAME.apply(state, Done())
    assert state.pending == []


def test_reclaim_mana_builds_then_reclaims_one() -> None:
    state = position()
    state.players[0].spent = 3
    use(state, "Reclaim Mana (Lake)")
    GAME.apply(state, Build(Hex(3, 1), 0))
    assert (state.players[0].mana, state.players[0].spent) == (5, 2)


def test_kings_line_spellcar_gains_mana() -> None:
    state = position()
    use(state, "Kings' Line Spellcar")
    assert state.players[0].mana == 5


def test_golden_sands_spellcar_gains_a_spellcar() -> None:
    state = sandbox((GS, KT))
    use(state, "Golden Sands Company Spellcar")
    assert type(state.decision()).__name__ == "TakeSpellcar"


def test_kerigan_spellcar_specialist_or_refresh() -> None:
    state = sandbox((KT, KL))
    state.players[0].captain_ready = False
    use(state, "Kerigan Transcontinental Spellcar")
    assert strs(legal(state)) == ["choose Gain Specialist", "choose Refresh"]
    GAME.apply(state, Choose("Refresh"))
    assert state.players[0].captain_ready


def test_caterpillar_spellcar_any_terrain_but_wasteland() -> None:
    state = position()
    use(state, "Caterpillar Conveyance Consortium Spellcar")
    got = builds(state)
    assert "(3,0)" not in got and got["(3,1)"] == 0 and got["(2,2)"] == 0


def test_gesselheim_spellcar_places_wasteland_then_builds_on_it() -> None:
    state = sandbox((GI, KT))
    put(state, 2, 1, cars=[0])
    put(state, 3, 1, "Lake", goods=["blue"])
    use(state, "Gesselheim Imperial Spellcar")
    GAME.apply(state, PickHex(Hex(3, 1)))
    assert builds(state) == {"(3,1)": 0}
    GAME.apply(state, Build(Hex(3, 1), 0))
    c = cell(state, 3, 1)
    assert state.cars[c] == (0,) and state.goods[c] == () and state.terrain[c] == 6


def test_afterworld_spellcar_moves_a_good_into_the_network() -> None:
    state = sandbox((AE, KT))
    put(state, 2, 1, cars=[0])
    put(state, 3, 1, goods=["red", "blue"])
    use(state, "Afterworld Express Spellcar")
    GAME.apply(state, PickHex(Hex(2, 1)))
    assert strs(legal(state)) == ["choose hex (3,1)"]
    GAME.apply(state, PickHex(Hex(3, 1)))
    GAME.apply(state, Choose("red"))
    assert state.goods[cell(state, 2, 1)] == (4,) and state.goods[cell(state, 3, 1)] == (3,)
