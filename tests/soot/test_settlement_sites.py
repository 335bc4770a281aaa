"""Where settlements and camps may stand (interpretation I8, rules 0.3.2).

The rulebook bars only community hexes ("their hex cannot host camps or
settlements") and has no spacing rule: a settlement may stand on a camp's hex,
a camp on a settlement's hex, and a settlement next to the Central City or
another settlement.
"""

from __future__ import annotations

from hexkit.hexes import Hex
from hexkit_soot.grid import hex_code
from hexkit_soot.ledger import data
from hexkit_soot.rules.camps import camp_kinds_at
from hexkit_soot.rules.settlements import settlement_types_at
from hexkit_soot.state import CENTRAL_CITY, Community, SootState

from tests.soot.helpers import answer, give, place, settle, start


def _pass_round_to(s: SootState, seat: int) -> None:
    while s.pending[-1].player != seat or s.pending[-1].kind != "turn":
        answer(s, "Pass")


def _found_settlement(s: SootState, at: Hex) -> None:
    answer(s, "Found Settlement")
    answer(s, "settle", hex_code(at) * 8 + list(data(s).settlements).index("Frontier Settlement"))
    answer(s, "spec", 0)
    if s.pending and s.pending[-1].kind == "settlement.reserve":
        answer(s, "reserve", 0)


def test_builder_founds_a_settlement_on_the_hex_of_its_own_camp() -> None:
    s = start(("Town Founder", "Merchant"))
    at = Hex(2, 0)
    place(s, at, "Plains")
    s.players[0].builders[0] = at
    give(s, 0, {"Timber": 3, "Stone": 1})  # package: 4¤, 2 Grain, 2 Stone
    answer(s, "Found Camp")
    answer(s, "camp", hex_code(at) * 16 + list(data(s).camps).index("Farm"))
    assert s.camps[at].kind == "Farm" and s.camps[at].owner == 0
    assert s.players[0].points == 1 + 2 and s.players[0].currency == 3
    assert settlement_types_at(s, at) == ["Frontier Settlement"]  # was [] until 0.3.1
    _pass_round_to(s, 0)
    _found_settlement(s, at)
    st = s.settlements[at]
    assert st.kind == "Frontier Settlement" and st.founder == 0
    assert s.camps[at].owner == 0  # the camp stays
    assert s.players[0].points == 3 + 4  # Thaw founding points
    assert s.players[0].currency == 0  # 3¤ paid
    assert s.players[0].stock.get("Timber", 0) == 0 and s.players[0].stock.get("Grain", 0) == 0


def test_settlement_next_to_the_central_city_and_next_to_another_settlement() -> None:
    s = start(("Town Founder", "Merchant"))
    at = Hex(1, 0)
    assert at.distance(CENTRAL_CITY) == 1
    place(s, at, "Plains")
    assert settlement_types_at(s, at) == ["Frontier Settlement"]  # was [] with spacing 2
    s.players[0].builders[0] = at
    give(s, 0, {"Timber": 2})
    _found_settlement(s, at)
    assert s.settlements[at].founder == 0 and s.players[0].points == 4
    nxt = Hex(2, 0)
    place(s, nxt, "Plains")
    assert nxt.distance(at) == 1
    assert settlement_types_at(s, nxt) == ["Frontier Settlement"]
    assert settlement_types_at(s, at) == [] and settlement_types_at(s, CENTRAL_CITY) == []
    assert data(s).numbers.settlement_spacing == 1


def test_camp_on_a_settlement_hex_but_never_on_a_community() -> None:
    s = start(("Town Founder", "Merchant"))
    at = Hex(2, 0)
    settle(s, at, founder=1)
    assert camp_kinds_at(s, at) == ["Farm", "Ranch"]
    town = Hex(0, 2)
    place(s, town, "Plains")
    s.communities[town] = Community(kind="Trading Post", favor=[0, 0])
    assert camp_kinds_at(s, town) == [] and settlement_types_at(s, town) == []
    assert camp_kinds_at(s, CENTRAL_CITY) == []
