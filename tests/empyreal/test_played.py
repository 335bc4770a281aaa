"""What was played: the ``played`` counters on scripted positions."""

from __future__ import annotations

from hexkit.hexes import Hex

from hexkit_empyreal import GAME, Build, Choose, Done, Move, PickHex
from hexkit_empyreal.actions import BuildTrack, MainAction
from hexkit_empyreal.data import GLACIER
from hexkit_empyreal.effects import verbs as v
from hexkit_empyreal.effects.registry import EffectContext
from hexkit_empyreal.state import PLAYED

from tests.empyreal.helpers import KL, KT, begin, legal, put, reload, sandbox
from tests.empyreal.test_deliver import deliver_all, runika_delivery


def test_every_mechanism_is_declared_with_zero_counts_per_seat() -> None:
    state = GAME.new(GAME.make_config(3), 1)
    played = GAME.played(state)
    assert list(played) == list(PLAYED)
    assert len(PLAYED) == 9
    assert all(counts == [0, 0, 0] for counts in played.values())


def test_delivery_counts_goods_the_delivery_and_the_tile() -> None:
    state = runika_delivery()
    deliver_all(state)
    GAME.apply(state, Choose("Triple Demand (2 VP)"))
    played = GAME.played(state)
    assert played["goods_delivered"] == [3, 0]
    assert played["deliveries"] == [1, 0]
    assert played["demand_tiles"] == [1, 0]



def test_transfer_build_counts_only_with_a_transfer() -> None:
    state = sandbox((KL, KT))
    put(state, 2, 1, cars=[0])
    put(state, 0, 1, "Glacier")  # beyond the City (1,1): a 3-mana City Transfer
    put(state, 3, 0, "Glacier")  # Network-Adjacent: no Transfer
    state.players[0].mana = 5
    begin(state, 0, BuildTrack(player=0, target=v.terrain(GLACIER)))
    GAME.apply(state, Build(Hex(3, 0), 0))
    assert GAME.played(state)["transfers"] == [0, 0]
    begin(state, 0, BuildTrack(player=0, target=v.terrain(GLACIER)))
    GAME.apply(state, Build(Hex(0, 1), 3))
    assert GAME.played(state)["transfers"] == [1, 0]


def test_wasteland_administrate_spellcar_and_upgrade() -> None:
    state = sandbox((KL, KT))
    put(state, 2, 1, cars=[0])
    begin(state, 0, v.place_wasteland(EffectContext(state, 0, "test")))
    GAME.apply(state, PickHex(Hex(2, 1)))
    begin(state, 1, MainAction(player=1))
    put(state, 4, 4, cars=[1])
    GAME.apply(state, Choose("Administrate"))
    GAME.apply(state, next(a for a in legal(state) if isinstance(a, Choose)))
    GAME.apply(state, legal(state)[0])  # place the Spellcar
    state.players[0].conductor = 4
    begin(state, 0, MainAction(player=0))
    GAME.apply(state, Move(1, 0))
    GAME.apply(state, Done())  # no delivery
    GAME.apply(state, Choose("Gain Specialist and Refresh"))
    GAME.apply(state, Choose("Station Master"))
    GAME.apply(state, legal(state)[0])
    played = GAME.played(state)
    assert played["wastelands_placed"] == [1, 0]
    assert played["administrates"] == [0, 1]
    assert played["spellcars_built"] == [0, 1]
    assert played["upgrades"] == [1, 0]
    assert played["specialists_hired"] == [1, 0]


def test_counts_are_cloned_saved_and_seen_in_views() -> None:
    state = runika_delivery()
    deliver_all(state)
    copy = GAME.clone(state)
    copy.played["deliveries"][0] += 5
    assert state.played["deliveries"] == [1, 0]
    again = reload(state)
    assert again.played == state.played
    assert GAME.view(state, 1).played == state.played
