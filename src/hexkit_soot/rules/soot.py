"""Soot: the Scrub Soot action (generation and thresholds live in the ledger).

Scrub Soot: 1 action, your Builder at a hex where you own a facility or at
the Central City; pay 1¤ per cube and remove up to 3.

Source: rulebook, "Soot" (cleaning up).
"""

from __future__ import annotations

from hexkit.game import PlayerId
from hexkit_soot.actions import Choose, Step
from hexkit_soot.ledger import D, pay_currency, remove_soot
from hexkit_soot.rules.steps import ask, handles, main_action, opt
from hexkit_soot.state import CENTRAL_CITY, SootState

__all__ = ["scrub_sites"]


def scrub_sites(state: SootState, player: PlayerId) -> bool:
    """Whether a Builder of ``player`` stands where they may scrub.

    Args:
        state: the game.
        player: the seat concerned.
    """
    for h in state.players[player].builders:
        if h == CENTRAL_CITY:
            return True
        s = state.settlements.get(h)
        if s is not None and any(f.owner == player for f in s.facilities):
            return True
    return False


def _most(state: SootState, player: PlayerId) -> int:
    nums = D(state).numbers
    p = state.players[player]
    return min(nums.scrub_max, p.soot, p.currency // max(1, nums.scrub_cost))


# no soot, nothing to scrub: decided before any lookup (the common case)
@main_action("Scrub Soot", lambda s, p: s.players[p].soot > 0 and _most(s, p) > 0 and scrub_sites(s, p))
def start(state: SootState, player: PlayerId) -> None:
    """Choose how many cubes to remove."""
    options = [opt("qty", n, f"remove {n} soot") for n in range(1, _most(state, player) + 1)]
    ask(state, player, "soot.scrub", options, "Scrub Soot: how many?")


@handles("soot.scrub")
def on_scrub(state: SootState, step: Step, answer: Choose) -> None:
    """Pay and remove."""
    pay_currency(state, step.player, answer.arg * D(state).numbers.scrub_cost, "Scrub Soot")
    remove_soot(state, step.player, answer.arg, "Scrub Soot")
