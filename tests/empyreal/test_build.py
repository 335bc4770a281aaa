"""Build Track and Transfers, with the rulebook's Transfer example."""

from __future__ import annotations

import attrs
import pytest

from hexkit.errors import IllegalActionError
from hexkit.hexes import Hex

from hexkit_empyreal import GAME, Build, Done
from hexkit_empyreal.actions import BuildTrack
from hexkit_empyreal.data import GLACIER, LAKE
from hexkit_empyreal.effects import verbs as v

from tests.empyreal.helpers import AE, KL, KT, GS, begin, cell, legal, put, sandbox


def build(state, target, player=0, **free):
    begin(state, player, BuildTrack(player=player, target=target, **free))
    return {str(a.hex): a.cost for a in legal(state) if isinstance(a, Build)}


def transfer_example():
    """Kings' Line (seat 0) on (2,1), next to the blue City (1,1); a Wasteland on
    (3,1); Kerigan (seat 1) track on (2,2) and (2,3); Glaciers 1, 2, 3 beyond."""
    state = sandbox((KL, KT))
    put(state, 2, 1, cars=[0])
    put(state, 0, 1, "Glacier")  # 1: beyond the City
    put(state, 3, 1, "Wasteland")
    put(state, 4, 1, "Glacier")  # 2: beyond the Wasteland
    put(state, 2, 2, cars=[1])
    put(state, 2, 3, cars=[1])
    put(state, 2, 4, "Glacier")  # 3: beyond two Kerigan hexes
    state.players[0].mana = 5
    return state


def test_transfer_example_city_3_wasteland_4_two_competitors_4() -> None:
    state = transfer_example()
    assert build(state, v.terrain(GLACIER)) == {"(0,1)": 3, "(4,1)": 4, "(2,4)": 4}


def test_transfers_are_limited_by_mana() -> None:
    state = transfer_example()
    state.players[0].mana = 3
    assert build(state, v.terrain(GLACIER)) == {"(0,1)": 3}
    with pytest.raises(IllegalActionError, match="Transfer over a Wasteland costs 4 mana; 3 available"):
        GAME.apply(state, Build(Hex(4, 1), 4))
    state.players[0].mana = 2
    state._legal = None  # the state was changed by hand
    with pytest.raises(IllegalActionError, match="Transfer over a City costs 3 mana; 2 available"):
        GAME.apply(state, Build(Hex(0, 1), 3))
    with pytest.raises(IllegalActionError, match=r"Transfers to \(2,4\) cost 4 mana; 2 available"):
        GAME.apply(state, Build(Hex(2, 4), 4))


def test_building_pays_the_transfer_and_logs_it() -> None:
    state = transfer_example()
    build(state, v.terrain(GLACIER))
    GAME.apply(state, Build(Hex(0, 1), 3))
    ps = state.players[0]
    assert (ps.mana, ps.spent, ps.cars_left) == (2, 3, 33)
    assert state.cars[cell(state, 0, 1)] == (0,)
    assert "paid 3 mana for Transfers" in state.log[-1].text


def test_wasteland_with_a_competitor_costs_the_wasteland_price() -> None:
    state = transfer_example()
    put(state, 3, 1, cars=[1])
    assert build(state, v.terrain(GLACIER))["(4,1)"] == 4


def test_free_transfers_of_common_spellcars() -> None:
    state = transfer_example()
    got = build(state, v.terrain(GLACIER), free_city=True, free_wasteland=True)
    assert got == {"(0,1)": 0, "(4,1)": 0, "(2,4)": 4}
    state = transfer_example()
    got = build(state, v.terrain(GLACIER), free_competitor=True)
    assert got == {"(0,1)": 3, "(4,1)": 4, "(2,4)": 2}


def test_network_adjacent_targets_and_limits() -> None:
    state = sandbox((KL, KT, GS, AE))
    put(state, 2, 1, cars=[0])
    put(state, 3, 0, "Lake", cars=[1, 2])  # two competitors: still room
    put(state, 2, 2, "Lake", cars=[1, 2, 3])  # full hex (3 cars)
    put(state, 3, 1, "Lake")
    put(state, 5, 1, "Lake")  # not Network-Adjacent
    got = build(state, v.terrain(LAKE))
    assert got == {"(3,0)": 0, "(3,1)": 0}
    with pytest.raises(IllegalActionError, match=r"hex \(5,1\) is not Network-Adjacent"):
        GAME.apply(state, Build(Hex(5, 1), 0))
    with pytest.raises(IllegalActionError, match="already holds 3 train cars"):
        GAME.apply(state, Build(Hex(2, 2), 0))
    with pytest.raises(IllegalActionError, match="you already have a train car"):
        GAME.apply(state, Build(Hex(2, 1), 0))
    with pytest.raises(IllegalActionError, match="never occupy a City"):
        GAME.apply(state, Build(Hex(1, 1), 0))


def test_first_transferred_hex_must_be_network_adjacent() -> None:
    state = sandbox((KL, KT))
    put(state, 0, 0, cars=[0])
    put(state, 3, 0, "Wasteland")  # two steps away: cannot be the first Transfer
    put(state, 4, 0, "Lake")
    state.players[0].mana = 10
    assert "(4,0)" not in build(state, v.terrain(LAKE))


def test_chained_transfers_each_paid() -> None:
    state = sandbox((KL, KT))
    put(state, 2, 1, cars=[0])
    put(state, 3, 1, "Wasteland")
    put(state, 4, 1, cars=[1])
    put(state, 5, 1, "Lake")
    state.players[0].mana = 10
    assert build(state, v.terrain(LAKE)) == {"(5,1)": 6}


def test_target_kinds() -> None:
    state = sandbox((KL, KT))
    put(state, 1, 3, cars=[0])  # next to nothing special; (0,3) and (0,4) are map edge
    put(state, 0, 3, "Glacier")
    got = build(state, v.EDGE)
    assert set(got) == {"(0,3)", "(0,4)", "(1,4)"}
    assert set(build(state, v.NEAR_CITY)) == {"(1,2)"}  # next to the City (1,1)
    put(state, 4, 2, cars=[0])  # next to the City (4,3)
    # Direct builds cost 0; across the City (a 3-mana Transfer) its other neighbours too.
    assert build(state, v.NEAR_CITY) == {
        "(1,2)": 0, "(5,2)": 0, "(3,3)": 0, "(5,3)": 3, "(3,4)": 3, "(4,4)": 3,
    }
    put(state, 3, 2, cars=[1])
    assert set(build(state, v.COMPETITOR)) == {"(3,2)"}
    glob = build(state, attrs.evolve(v.terrain(GLACIER), anywhere=True))
    assert glob == {"(0,3)": 0}


def test_teammate_transfer_costs_one_and_is_not_a_competitor() -> None:
    state = sandbox((KL, KT, GS, "Afterworld Express"), variants=["team"])
    # seats 0 and 2 are a team
    put(state, 2, 1, cars=[0])
    put(state, 3, 1, "Lake", cars=[2])
    put(state, 4, 1, "Lake")
    state.players[0].mana = 3
    got = build(state, v.terrain(LAKE))
    assert got == {"(3,1)": 0, "(4,1)": 1}
    assert build(state, v.COMPETITOR) == {}


def test_declining_a_build_is_always_legal() -> None:
    state = sandbox((KL, KT))
    put(state, 2, 1, cars=[0])
    begin(state, 0, BuildTrack(player=0, target=v.terrain(LAKE)))
    assert Done() in legal(state)


def test_the_target_mask_agrees_with_the_per_hex_test() -> None:
    """build_options tests targets as one bit mask; it must accept exactly
    the hexes the per-hex test (target_ok) accepts, for every kind of target."""
    from hexkit.rng import Rng

    from hexkit_empyreal.actions import Target
    from hexkit_empyreal.rules.build import _ok_mask, target_ok
    from hexkit_empyreal.state import bits, board

    targets = [Target(label=f"terrain {x}", terrains=(x,)) for x in range(6)] + [
        Target(label="any"),
        Target(label="edge", edge=True),
        Target(label="competitor", competitor=True),
        Target(label="city", near_city=True),
        Target(label="wasteland", near_wasteland=True),
        Target(label="city or wasteland", near_city=True, near_wasteland=True),
        Target(label="cells", cells=(3, 4, 5, 40, 41)),
        Target(label="lake edge", terrains=(3,), edge=True, anywhere=True),
    ]
    checked = 0
    for players, variants, seed in ((4, ("team",), 3), (3, (), 4), (6, (), 5)):
        state = GAME.new(GAME.make_config(players, variants), seed)
        chooser = Rng(seed)
        while state.pending and state.step < 900:
            if state.step % 60 == 0:
                size = board(state).size
                for t in targets:
                    for p in range(players):
                        expected = [c for c in range(size) if target_ok(state, p, t, c)]
                        assert bits(_ok_mask(state, p, t)) == expected, (t.label, p, state.step)
                        checked += 1
            legal = GAME.legal_actions(state)
            GAME.apply(state, legal[chooser.randbelow(len(legal))])
    assert checked > 1000


def test_a_hex_with_two_cars_of_one_company_and_a_third_is_full() -> None:
    """Build Track: "an opponent may move one of your trains into a hex where
    you already have one"; such a hex with a third car holds 3 and is full."""
    state = sandbox((KL, KT, GS))
    put(state, 2, 1, cars=[0])
    put(state, 3, 0, "Lake", cars=[1, 1, 2])  # as after a Switching Station swap
    put(state, 3, 1, "Lake", cars=[1, 1])
    assert build(state, v.terrain(LAKE)) == {"(3,1)": 0}
