"""Soot: the Scrub Soot action (generation and thresholds live in the ledger).

Scrub Soot: 1 action, your Builder at a hex where you own a facility or at
the Central City; pay 1¤ per cube and remove up to 3.

Source: rulebook, "Soot" (cleaning up).
"""

from __future__ import annotations

from collections.abc import Sequence

from hexkit.flow import Handler
from hexkit.game import PlayerId
from hexkit_soot.actions import Choose, ScrubSoot
from hexkit_soot.ledger import data, pay_currency, remove_soot
from hexkit_soot.rules.steps import main_action, opt
from hexkit_soot.state import CENTRAL_CITY, SootState

__all__ = ["scrub_sites", "ScrubHandler"]


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
    nums = data(state).numbers
    p = state.players[player]
    return min(nums.scrub_max, p.soot, p.currency // max(1, nums.scrub_cost))


# no soot, nothing to scrub: decided before any lookup (the common case)
@main_action("Scrub Soot", lambda s, p: s.players[p].soot > 0 and _most(s, p) > 0 and scrub_sites(s, p))
def start(state: SootState, player: PlayerId) -> None:
    """Choose how many cubes to remove."""
    state.pending.append(ScrubSoot(player=player, prompt="Scrub Soot: how many?", most=_most(state, player)))


class ScrubHandler(Handler[SootState, ScrubSoot, Choose]):
    """The :class:`~hexkit_soot.actions.ScrubSoot` question: how many cubes to remove.

    Source: rulebook, "Scrub Soot".
    """

    def answers(self, state: SootState, question: ScrubSoot) -> Sequence[Choose]:
        """``Choose("qty", n)`` for ``n`` in 1..``most``."""
        return tuple(opt("qty", n, f"remove {n} soot") for n in range(1, question.most + 1))

    def resolve(self, state: SootState, question: ScrubSoot, answer: Choose) -> None:
        """Pay and remove."""
        pay_currency(state, question.player, answer.arg * data(state).numbers.scrub_cost, "Scrub Soot")
        remove_soot(state, question.player, answer.arg, "Scrub Soot")
