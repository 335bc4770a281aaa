"""The turn: Move+Activate costs (rulebook example), Administrate, End of the Line."""

from __future__ import annotations

import pytest

from hexkit.errors import IllegalActionError

from hexkit_empyreal import GAME, Activate, Choose, Done, Move
from hexkit_empyreal.actions import ActivateSpellcars, MainAction, TakeSpellcar, UpgradeChoice
from hexkit_empyreal.rules.railyard import slot_index

from tests.empyreal.helpers import KL, KT, begin, legal, put, sandbox

P3 = "Pick One of Three (Desert/Forest/Glacier)"
P3B = "Pick One of Three (Lake/Lava/Mountain)"


def runika():
    """Kings' Line railyard of the Move+Activate example: A:1, B:2, C:3, D:4 and 5;
    Spellcars 3, 4 and 5 have an inherent cost of 1."""
    state = sandbox((KL, KT))
    ry = state.players[0].railyard
    ry[slot_index("C1")] = P3
    ry[slot_index("D2")] = P3B
    assert ry[slot_index("D1")] == "Kings' Line Spellcar"
    state.players[0].mana = 10
    put(state, 2, 1, cars=[0])
    return state


def test_move_costs_zero_one_three_six() -> None:
    state = runika()
    begin(state, 0, MainAction(player=0))
    moves = [a for a in legal(state) if isinstance(a, Move)]
    assert [(m.spaces, m.cost) for m in moves] == [(1, 0), (2, 1), (3, 3), (4, 6)]


def _activation_options(state, spaces):
    begin(state, 0, MainAction(player=0))
    GAME.apply(state, Move(spaces, (0, 1, 3, 6)[spaces - 1]))
    return [a for a in legal(state) if isinstance(a, Activate)]


def test_runika_five_options() -> None:
    # Pay 0 to move to A and activate 1.
    assert [(a.slot, a.cost) for a in _activation_options(runika(), 1)] == [("A1", 0)]
    # Pay 1 to move to B and activate 2.
    assert [(a.slot, a.cost) for a in _activation_options(runika(), 2)] == [("B1", 0)]
    # Pay 3 to move to C plus 1 to activate 3 (its inherent cost).
    assert [(a.slot, a.cost) for a in _activation_options(runika(), 3)] == [("C1", 1)]
    # Pay 6 to move to D plus 1 to activate 4 OR 5...
    state = runika()
    opts = _activation_options(state, 4)
    assert sorted((a.slot, a.cost) for a in opts) == [("D1", 1), ("D2", 1)]
    # ... or 3 to activate both 4 AND 5: the second costs 1 + its inherent 1.
    GAME.apply(state, next(a for a in opts if a.slot == "D2"))
    while not isinstance(state.decision(), ActivateSpellcars):
        GAME.apply(state, Done())
    second = [a for a in legal(state) if isinstance(a, Activate)]
    assert [(a.slot, a.cost) for a in second] == [("D1", 2)]
    assert state.players[0].mana == 10 - 6 - 1


def test_mana_gained_by_an_activation_cannot_pay_another() -> None:
    state = runika()
    state.players[0].mana = 7
    state.players[0].spent = 2  # 9 crystals: room for one more
    opts = _activation_options(state, 4)  # 6 paid, 1 left
    gain = next(a for a in opts if a.slot == "D1")  # Kings' Line Spellcar: Gain Mana, inherent 1
    GAME.apply(state, gain)
    ps = state.players[0]
    assert ps.mana == 1 and state.turn.locked == 1
    # D2 would cost 1 + 1 = 2; the gained crystal may not pay for it.
    assert [a for a in legal(state) if isinstance(a, Activate)] == []
    with pytest.raises(IllegalActionError, match="mana gained by an activation cannot pay"):
        GAME.apply(state, Activate("D2", P3B, 2))


def test_move_must_stop_at_end_of_the_line() -> None:
    state = runika()
    state.players[0].conductor = 3  # at C; D then the End of the Line
    begin(state, 0, MainAction(player=0))
    moves = [(a.spaces, a.cost) for a in legal(state) if isinstance(a, Move)]
    assert moves == [(1, 0), (2, 1)]
    with pytest.raises(IllegalActionError, match="must stop at the End of the Line"):
        GAME.apply(state, Move(3, 3))


def test_end_of_the_line_delivery_upgrade_and_back_to_start() -> None:
    state = runika()
    state.players[0].conductor = 4
    state.players[0].mana, state.players[0].spent = 4, 3
    begin(state, 0, MainAction(player=0))
    GAME.apply(state, Move(1, 0))
    assert state.players[0].conductor == 5
    assert type(state.decision()).__name__ == "DeliverChoice"
    GAME.apply(state, Done())  # no delivery
    assert isinstance(state.decision(), UpgradeChoice)
    with pytest.raises(IllegalActionError):
        GAME.apply(state, Done())  # the Upgrade is mandatory
    GAME.apply(state, Choose("Gain Mana and Reclaim Mana"))
    ps = state.players[0]
    assert (ps.mana, ps.spent, ps.conductor) == (8, 0, 0)
    assert GAME.current_player(state) == 1
    assert "Kings' Line gained 1 mana and reclaimed 3 (mana 4 before, 8 after)" in [e.text for e in state.log]


def test_administrate_reclaims_refreshes_and_gains_a_spellcar() -> None:
    state = runika()
    ps = state.players[0]
    ps.mana, ps.spent, ps.captain_ready = 2, 5, False
    begin(state, 0, MainAction(player=0))
    GAME.apply(state, Choose("Administrate"))
    assert (ps.mana, ps.spent, ps.captain_ready) == (7, 0, True)
    assert "Kings' Line reclaimed 5 mana (mana 2 before, 7 after) and refreshed" in [e.text for e in state.log]
    take = [a for a in legal(state) if isinstance(a, Choose)]
    assert len(take) == len(set(state.market))
    GAME.apply(state, take[0])
    slots = [a.slot for a in legal(state)]
    # Row 3 (C3, D3) only once row 2 is full; printed Spellcars are not covered while spaces are empty.
    assert slots == ["A2", "B2", "C2"]


def test_railyard_third_row_then_covering_printed() -> None:
    state = runika()
    ry = state.players[0].railyard
    for label in ("A2", "B2", "C2"):
        ry[slot_index(label)] = P3
    from hexkit_empyreal.rules.railyard import legal_slots, slot_label

    assert [slot_label(s) for s in legal_slots(state, 0)] == ["C3", "D3"]
    ry[slot_index("C3")] = P3
    ry[slot_index("D3")] = P3
    assert [slot_label(s) for s in legal_slots(state, 0)] == ["A1", "B1", "D1"]


def test_market_wipes_when_two_remain() -> None:
    state = runika()
    state.market = state.market[:3]
    deck_before = len(state.deck)
    begin(state, 0, MainAction(player=0))
    GAME.apply(state, Choose("Administrate"))
    GAME.apply(state, Choose(sorted(state.market)[0]))
    assert len(state.market) == 6
    assert len(state.discard) == 2
    assert len(state.deck) == deck_before - 6


def _exhausted_market(state, discard):
    """The stack and the Market both empty, these Spellcars in the discard."""
    pool = state.deck + state.market
    state.deck, state.market, state.discard = [], [], list(pool[:discard])
    return set(pool[:discard])


def test_empty_market_is_dealt_from_the_reshuffled_discard_before_a_gain() -> None:
    # Stack and Market ran dry earlier; 8 Spellcars have come back to the discard.
    state = runika()
    back = _exhausted_market(state, 8)
    begin(state, 0, MainAction(player=0))
    GAME.apply(state, Choose("Administrate"))
    # the discard became the new stack and the Market was dealt six before the gain
    assert len(state.market) == 6
    assert len(state.deck) == 2 and state.discard == []
    assert set(state.market) | set(state.deck) == back
    assert {a.option for a in legal(state) if isinstance(a, Choose)} == set(state.market)
    assert any("shuffled into a new stack" in e.text for e in state.log)


def test_small_discard_refills_the_market_with_what_there_is() -> None:
    # Only 3 Spellcars came back: the Market holds those 3, the discard and stack are empty.
    state = runika()
    back = _exhausted_market(state, 3)
    begin(state, 0, MainAction(player=0))
    GAME.apply(state, Choose("Administrate"))
    assert sorted(state.market) == sorted(back)
    assert state.deck == [] and state.discard == []
    taken = sorted(state.market)[0]
    GAME.apply(state, Choose(taken))
    # two left: wiped into the discard, reshuffled, and dealt again (nothing else to deal)
    assert sorted(state.market) == sorted(back - {taken})
    assert state.deck == [] and state.discard == []


def test_nothing_to_deal_loses_the_gain_and_says_so() -> None:
    state = runika()
    _exhausted_market(state, 0)
    begin(state, 0, MainAction(player=0))
    GAME.apply(state, Choose("Administrate"))
    assert state.market == []
    assert not any(isinstance(d, TakeSpellcar) for d in state.pending)
    assert any("Market is empty" in e.text for e in state.log)


def _at_upgrade(state):
    state.players[0].conductor = 4
    begin(state, 0, MainAction(player=0))
    GAME.apply(state, Move(1, 0))
    GAME.apply(state, Done())  # no delivery
    assert isinstance(state.decision(), UpgradeChoice)


def test_upgrade_gain_spellcar_twice_with_the_redeal_between() -> None:
    state = runika()
    state.market = state.market[:3]
    _at_upgrade(state)
    GAME.apply(state, Choose("Gain Spellcar twice"))
    first = sorted(state.market)[0]
    GAME.apply(state, Choose(first))
    assert len(state.market) == 6  # two were left: discarded, six dealt before the second gain
    GAME.apply(state, next(a for a in legal(state)))  # place the first
    second = sorted(state.market)[0]
    GAME.apply(state, Choose(second))
    GAME.apply(state, next(a for a in legal(state)))
    assert first in state.players[0].railyard and second in state.players[0].railyard
    assert state.players[0].conductor == 0 and GAME.current_player(state) == 1


def test_upgrade_gain_specialist_then_refresh() -> None:
    state = runika()
    state.players[0].captain_ready = False
    _at_upgrade(state)
    GAME.apply(state, Choose("Gain Specialist and Refresh"))
    GAME.apply(state, Choose("Station Master"))
    GAME.apply(state, legal(state)[0])
    ps = state.players[0]
    assert len(ps.station_masters) == 1 and ps.captain_ready
