"""Phase 4, Production.

Every renewable camp (Farm, Ranch, Lumber Camp) makes 1 of its good on its
tile (Rancher: +1 at Farms and Ranches); a camp on a water hex also makes
1 Fish; a camp tile holds at most 2 goods and the excess is lost. A camp
with your warehouse on it is a node of your network: its production goes
straight into the network (assumed: goods move freely between nodes), as
far as the network has room (I40: the rest is lost, like a full tile's). In
rounds 3, 6, 9 and 12 every semi-renewable stack (Furs, Herbs) with at
least 1 token gains 1. Exclusive Pacts pay out.

Source: rulebook, Phase 4 "Production"; §21 Rancher.
"""

from __future__ import annotations

from hexkit_soot.effects import Hook, modify
from hexkit_soot.ledger import D, gain_goods
from hexkit_soot.rules.communities import pact_payout
from hexkit_soot.rules.explore import tile_info
from hexkit_soot.state import SootState

__all__ = ["run_production", "SEMI_ROUNDS"]

SEMI_ROUNDS = (3, 6, 9, 12)


def run_production(state: SootState) -> None:
    """Produce for every camp, grow semi-renewable stacks, pay pacts.

    Args:
        state: the game.
    """
    data = D(state)
    for at, camp in sorted(state.camps.items()):
        ct = data.camps[camp.kind]
        node = at in state.players[camp.owner].warehouses  # a warehouse camp feeds the network
        if ct.produces:
            n = modify(state, camp.owner, Hook.PRODUCTION, 1, {"camp": camp.kind, "hex": at})
            good = ct.produces
            if camp.kind == "Ranch" and state.players[camp.owner].counters.get("leather_ranches", 0):
                good = "Leather"
            gain_goods(state, camp.owner, good, n, at=None if node else at)
        if state.water.get(at):
            gain_goods(state, camp.owner, "Fish", 1, at=None if node else at)
    if state.round in SEMI_ROUNDS:
        for at, left in state.stacks.items():
            site = tile_info(state, state.tiles[at])[1]
            if left >= 1 and data.sites[site].semi_renewable:
                state.stacks[at] = left + 1
    pact_payout(state)
