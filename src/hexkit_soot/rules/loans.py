"""Loans: borrow 5¤, repay 7¤ (free actions); -6 points per loan left at the end.

At most 3 loans outstanding (2 at 2 players).

Source: rulebook, "Loans"; reference card "LOANS".
"""

from __future__ import annotations

from hexkit.game import PlayerId
from hexkit_soot.actions import Choose
from hexkit_soot.ledger import data, gain_currency, pay_currency
from hexkit_soot.rules.player_counts import loan_limit
from hexkit_soot.rules.steps import free_action, opt, optf
from hexkit_soot.state import SootState
from hexkit_soot.state import tally as _tally  # "what was played" counters

__all__ = ["loan_limit"]


def _take_options(state: SootState, player: PlayerId) -> list[Choose]:
    if state.players[player].loans >= loan_limit(state):
        return []
    return [optf("Take Loan", 0, "borrow {}¤", data(state).numbers.loan_amount)]


@free_action("Take Loan", _take_options)
def on_take(state: SootState, player: PlayerId, answer: Choose) -> None:
    """Borrow."""
    state.players[player].loans += 1
    _tally(state, "loans_taken", player)
    gain_currency(state, player, data(state).numbers.loan_amount, "loan")


def _repay_options(state: SootState, player: PlayerId) -> list[Choose]:
    p = state.players[player]
    if not p.loans:  # the common case, decided before any lookup
        return []
    repay = data(state).numbers.loan_repay
    if p.currency >= repay:
        return [optf("Repay Loan", 0, "repay a loan for {}¤", repay)]
    return []


@free_action("Repay Loan", _repay_options)
def on_repay(state: SootState, player: PlayerId, answer: Choose) -> None:
    """Repay one loan."""
    pay_currency(state, player, data(state).numbers.loan_repay, "loan repaid")
    state.players[player].loans -= 1
