"""Phase 4, Production.

Every renewable camp (Farm, Ranch, Lumber Camp) makes 1 of its good on its
tile (Rancher: +1 at Farms and Ranches); a camp on a water hex also makes
1 Fish; a camp tile holds at most 2 goods and the excess is lost. A camp
with your warehouse on it is a node of your network: its production goes
straight into the network (assumed: goods move freely between nodes), as
far as the network has room (I40: the rest is lost, like a full tile's). In
rounds 3, 6, 9 and 12 every semi-renewable stack (Furs, Herbs) with at
least 1 token gains 1. Exclusive Pacts pay out.

Livestock Empire (Rancher upgrade): each of the owner's Ranches may make
1 Leather instead of its Livestock. The owner is asked once per Ranch
each Production (camps produce in hex order, so the phase pauses on the
question and resumes after it). The Leather is exactly 1: production
bonuses such as the Rancher's +1 apply to Livestock only (assumed: "1
Leather" is the printed amount). No question is asked when it could not
matter: no Leather left in the supply, or no room for goods on the tile.

Source: rulebook, Phase 4 "Production"; §21 Rancher (passive, Livestock
Empire).
"""

from __future__ import annotations

from collections.abc import Sequence

from hexkit.flow import Handler
from hexkit.hexes import Hex
from hexkit_soot.actions import Choose, RanchOutput
from hexkit_soot.effects import Hook, modify
from hexkit_soot.ledger import data, gain_goods
from hexkit_soot.rules.camps import tile_room
from hexkit_soot.rules.communities import pact_payout
from hexkit_soot.rules.explore import tile_info
from hexkit_soot.rules.steps import opt
from hexkit_soot.state import Camp, SootState, touch_map

__all__ = ["run_production", "produce_camp", "SEMI_ROUNDS", "LIVESTOCK_EMPIRE", "RanchHandler"]

SEMI_ROUNDS = (3, 6, 9, 12)
LIVESTOCK_EMPIRE = "Livestock Empire"
"""The Rancher upgrade that lets each Ranch make 1 Leather instead."""
_LEATHER = "Leather"


def produce_camp(state: SootState, at: Hex, camp: Camp, leather: bool = False) -> None:
    """One camp's production: its good (or 1 Leather from a Ranch), plus Fish on water.

    Args:
        state: the game.
        at: the camp's hex.
        camp: the camp.
        leather: a Livestock Empire Ranch making 1 Leather instead of Livestock.

    Source: rulebook, Phase 4 "Production"; §21 Livestock Empire.
    """
    ct = data(state).camps[camp.kind]
    where = None if at in state.players[camp.owner].warehouses else at  # a warehouse camp feeds the network
    if leather:
        gain_goods(state, camp.owner, _LEATHER, 1, at=where)
    elif ct.produces:
        n = modify(state, camp.owner, Hook.PRODUCTION, 1, {"camp": camp.kind, "hex": at})
        gain_goods(state, camp.owner, ct.produces, n, at=where)
    if state.water.get(at):
        gain_goods(state, camp.owner, "Fish", 1, at=where)


def _asks_leather(state: SootState, at: Hex, camp: Camp) -> bool:
    """Whether the owner chooses between Livestock and 1 Leather for this Ranch now."""
    if camp.kind != "Ranch" or LIVESTOCK_EMPIRE not in state.players[camp.owner].upgrades:
        return False
    room = at in state.players[camp.owner].warehouses or tile_room(state, at) > 0
    return room and state.supply.count(_LEATHER) > 0


def run_production(state: SootState) -> bool:
    """Produce for every camp, grow semi-renewable stacks, pay pacts; return True when done.

    ``state.cursor`` is the next camp to produce, in hex order (0 when the
    phase starts; back to 0 when it ends). The phase stops at a Livestock
    Empire question and resumes after the answer.

    Args:
        state: the game.

    Returns:
        False while a question is pending.
    """
    camps = sorted(state.camps.items())
    while state.cursor < len(camps):
        at, camp = camps[state.cursor]
        if _asks_leather(state, at, camp):
            state.pending.append(RanchOutput(player=camp.owner, at=at,
                                             prompt=f"Livestock Empire: Ranch at {at} makes Livestock or 1 Leather?"))
            return False
        produce_camp(state, at, camp)
        state.cursor += 1
    state.cursor = 0
    d = data(state)
    if state.round in SEMI_ROUNDS:
        for at, left in state.stacks.items():
            site = tile_info(state, state.tiles[at])[1]
            if left >= 1 and d.sites[site].semi_renewable:
                state.stacks[at] = left + 1
                touch_map(state)
    pact_payout(state)
    return True


_OUTPUTS = (opt("ranch", 0, "Livestock"), opt("ranch", 1, "1 Leather"))


class RanchHandler(Handler[SootState, RanchOutput, Choose]):
    """The :class:`~hexkit_soot.actions.RanchOutput` question: Livestock or 1 Leather.

    Source: upgrade tile "Livestock Empire".
    """

    def answers(self, state: SootState, question: RanchOutput) -> Sequence[Choose]:
        """``Choose("ranch", 0)`` (Livestock) and ``Choose("ranch", 1)`` (1 Leather)."""
        return _OUTPUTS

    def resolve(self, state: SootState, question: RanchOutput, answer: Choose) -> None:
        """Produce the asked Ranch's Livestock or 1 Leather, then go on with the next camp."""
        at = question.at
        produce_camp(state, at, state.camps[at], leather=answer.arg == 1)
        state.cursor += 1
