"""What the Soot log says: phase headers, struggling settlements, cancelled offers, event changes.

Rulebook: "Round Structure" (five phases each round), "Phase 3: Upkeep"
(an unpaid settlement upkeep marks it Struggling), §16 Events.
"""

from __future__ import annotations

from hexkit.hexes import Hex
from hexkit_soot import GAME
from hexkit_soot.ledger import D
from hexkit_soot.rules.upkeep import food_bill, pay_food
from tests.soot.helpers import legal, settle, start
from tests.soot.test_events import _seams, event, position


def test_every_phase_of_a_round_has_a_header_in_order() -> None:
    s = start(("Merchant", "Rancher"))
    while s.round == 1:
        options = legal(s)
        GAME.apply(s, next((a for a in options if a.code == "pass"), options[0]))
    headers = [e.text for e in s.log if e.text.startswith("== Round 1,")]
    assert headers == [
        "== Round 1, Phase 1: Market Update ==",
        "== Round 1, Phase 2: Actions ==",
        "== Round 1, Phase 3: Upkeep ==",
        "== Round 1, Phase 4: Production ==",
        "== Round 1, Phase 5: End ==",
    ]
    assert "== Round 2, Phase 1: Market Update ==" in [e.text for e in s.log]


def test_unpaid_upkeep_says_settlements_struggle_only_for_a_founder() -> None:
    s = start(("Merchant", "Rancher"))
    settle(s, Hex(2, 0), founder=0)
    s.players[0].stock = {}
    s.players[0].currency = 0
    s.pending.clear()
    assert food_bill(s, 0) == 2  # founder 1 + the facility owners' 1 (none: the founder)
    assert pay_food(s, 0)
    assert s.log[-1].text == "could not pay upkeep: 2 food short, paid 0¤; their settlements struggle"
    assert s.settlements[Hex(2, 0)].struggling

    s = start(("Merchant", "Rancher"))
    s.round = 7  # Hardship: +1 food per player, no camp or settlement needed
    s.players[0].stock = {}
    s.players[0].currency = 0
    s.pending.clear()
    assert food_bill(s, 0) == 1
    assert pay_food(s, 0)
    assert s.log[-1].text == "could not pay upkeep: 1 food short, paid 0¤"


def test_exhausted_seams_line_names_each_stack_changed() -> None:
    state = position()
    gold, coal, herbs, iron = _seams(state)
    event(state, "Exhausted Seams", "B")
    line = next(e.text for e in state.log if e.text.startswith("Exhausted Seams (B) changed"))
    assert line == (f"Exhausted Seams (B) changed: stack at {coal} 3 -> 2; stack at {iron} 2 -> 1")


def test_market_glut_line_names_the_prices() -> None:
    state = position()
    event(state, "Market Glut", "A")
    line = next(e.text for e in state.log if e.text.startswith("Market Glut (A) changed"))
    lumber = D(state).goods["Lumber"].base
    assert f"Lumber price {lumber} -> {lumber - 1}" in line
    assert "Steel price" not in line
