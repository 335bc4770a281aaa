"""Taxes: the Frontier Tax.

Rounds 4, 8 and 12, in Upkeep: every player pays 1¤ per camp they own. A
player who cannot pay abandons 1 camp (of their choice) per unpaid 1¤, then
pays for the camps left.

Source: rulebook, "Taxes"; Phase 3 "Upkeep" step 3; reference card.
"""

from __future__ import annotations

from hexkit.game import PlayerId
from hexkit_soot.actions import Choose, Step
from hexkit_soot.grid import code_hex, hex_code
from hexkit_soot.ledger import data, spend_currency
from hexkit_soot.rules.camps import abandon_camp
from hexkit_soot.rules.steps import ask, handles, opt
from hexkit_soot.state import SootState
from hexkit_soot.state import tally as _tally  # "what was played" counters

__all__ = ["TAX_ROUNDS", "pay_tax"]

TAX_ROUNDS = (4, 8, 12)
"""Rounds with the Frontier Tax."""


def pay_tax(state: SootState, player: PlayerId) -> bool:
    """Collect the Frontier Tax from ``player``.

    Args:
        state: the game.
        player: the seat concerned.

    Returns:
        True when settled; False when a camp must be abandoned first (asked).
    """
    nums = data(state).numbers
    p = state.players[player]
    camps = [h for h, c in state.camps.items() if c.owner == player]
    due = nums.tax_per_camp * len(camps)
    if due <= p.currency:
        if due:
            spend_currency(state, player, due)
            _tally(state, "frontier_tax_paid", player, due)
            state.note(player, f"paid {due}¤ Frontier Tax")
        return True
    unpaid = due - p.currency
    options = [opt("camp", hex_code(h), f"abandon camp at {h}") for h in sorted(camps)]
    ask(state, player, "upkeep.tax", options, f"Frontier Tax: {unpaid}¤ unpaid, abandon a camp", data=(unpaid,))
    return False


@handles("upkeep.tax")
def on_tax(state: SootState, step: Step, answer: Choose) -> None:
    """Abandon one camp per unpaid 1¤; once all are abandoned, pay what is left."""
    player = step.player
    abandon_camp(state, player, code_hex(answer.arg), "Frontier Tax unpaid")
    left = step.data[0] - 1
    p = state.players[player]
    camps = sorted(h for h, c in state.camps.items() if c.owner == player)
    if left > 0 and camps:
        options = [opt("camp", hex_code(h), f"abandon camp at {h}") for h in camps]
        ask(state, player, "upkeep.tax", options, f"Frontier Tax: {left}¤ unpaid, abandon a camp", data=(left,))
        return
    due = min(p.currency, data(state).numbers.tax_per_camp * len(camps))
    spend_currency(state, player, due)
    _tally(state, "frontier_tax_paid", player, due)
    state.note(player, f"paid {due}¤ Frontier Tax on the remaining camps")
    p.counters["tax_done"] = state.round
