"""Taxes: the Frontier Tax.

Rounds 4, 8 and 12, in Upkeep: every player pays 1¤ per camp they own. A
player who cannot pay abandons 1 camp (of their choice) per unpaid 1¤, then
pays for the camps left.

Source: rulebook, "Taxes"; Phase 3 "Upkeep" step 3; reference card.
"""

from __future__ import annotations

from collections.abc import Sequence

from hexkit.flow import Handler
from hexkit.game import PlayerId
from hexkit_soot.actions import Choose, FrontierTax
from hexkit_soot.grid import code_hex, hex_code
from hexkit_soot.ledger import data, spend_currency
from hexkit_soot.rules.camps import abandon_camp
from hexkit_soot.rules.steps import opt
from hexkit_soot.state import SootState
from hexkit_soot.state import tally as _tally  # "what was played" counters

__all__ = ["TAX_ROUNDS", "pay_tax", "TaxHandler"]

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
    state.pending.append(FrontierTax(player=player, prompt=f"Frontier Tax: {unpaid}¤ unpaid, abandon a camp",
                                     unpaid=unpaid))
    return False


class TaxHandler(Handler[SootState, FrontierTax, Choose]):
    """The :class:`~hexkit_soot.actions.FrontierTax` question: which camp to abandon.

    Source: rulebook, "Phase 3: Upkeep" (Frontier Tax).
    """

    def answers(self, state: SootState, question: FrontierTax) -> Sequence[Choose]:
        """``Choose("camp", hex_code(h))`` for each camp of the player, in hex order."""
        return tuple(opt("camp", hex_code(h), f"abandon camp at {h}")
                     for h in sorted(h for h, c in state.camps.items() if c.owner == question.player))

    def resolve(self, state: SootState, question: FrontierTax, answer: Choose) -> None:
        """Abandon one camp per unpaid 1¤; once all are abandoned, pay what is left."""
        _on_tax(state, question, answer)


def _on_tax(state: SootState, question: FrontierTax, answer: Choose) -> None:
    """Abandon one camp per unpaid 1¤; once all are abandoned, pay what is left."""
    player = question.player
    abandon_camp(state, player, code_hex(answer.arg), "Frontier Tax unpaid")
    left = question.unpaid - 1
    p = state.players[player]
    camps = sorted(h for h, c in state.camps.items() if c.owner == player)
    if left > 0 and camps:
        state.pending.append(FrontierTax(player=player, prompt=f"Frontier Tax: {left}¤ unpaid, abandon a camp",
                                         unpaid=left))
        return
    due = min(p.currency, data(state).numbers.tax_per_camp * len(camps))
    spend_currency(state, player, due)
    _tally(state, "frontier_tax_paid", player, due)
    state.note(player, f"paid {due}¤ Frontier Tax on the remaining camps")
    p.counters["tax_done"] = state.round
