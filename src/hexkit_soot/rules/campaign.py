"""The Campaign module's rules inside one game: the envelope and the exhausted tiles.

The campaign object that links three games (files, the CLI, studies) is
:mod:`hexkit_soot.campaign`; this module is what a game of a campaign runs:
at set-up the cards in the campaign envelope leave the deck and the row,
and a camp founded on a tile depleted in an earlier game gets an empty
stack. The carried state arrives on the config
(:class:`hexkit_soot.campaign.CampaignConfig`: ``envelope`` and
``exhausted``).

Source: rulebook, "Optional Modules" (The Campaign).
"""

from __future__ import annotations

from hexkit.errors import ConfigError
from hexkit.game import PlayerId
from hexkit_soot.effects import Ctx, Hook, modify
from hexkit_soot.effects.reactions import Moment, MomentArgs, reaction
from hexkit_soot.ledger import D
from hexkit_soot.state import SootState

__all__ = ["NAME", "EXHAUSTED", "CampaignModule", "MODULE", "carry_out"]

NAME = "campaign"
"""The module's name."""
EXHAUSTED = "Campaign: exhausted sites"
"""The lasting effect each player holds when tiles enter play exhausted."""



def _carried(state: SootState) -> tuple[tuple[str, ...], frozenset[int]]:
    config = state.config
    return tuple(getattr(config, "envelope", ())), frozenset(getattr(config, "exhausted", ()))


class CampaignModule:
    """The ``campaign`` module: applies the envelope and the exhausted tiles at set-up."""

    name = NAME

    def on_setup(self, state: SootState) -> None:
        """Take the envelope's cards out of the deck and row; mark exhausted tiles."""
        envelope, exhausted = _carried(state)
        cards = D(state).cards
        for name in envelope:
            if name not in cards:
                raise ConfigError(f"envelope: unknown card {name!r}")
            if name in state.deck:
                state.deck.remove(name)
            elif name in state.card_row:
                slot = state.card_row.index(name)
                state.card_row[slot] = state.deck.pop() if state.deck else ""
            state.note(None, f"campaign: {name} is in the campaign envelope (out of this game)")
        if exhausted:
            for p in state.players:
                p.lasting.append(EXHAUSTED)
            state.note(None, f"campaign: {len(exhausted)} depleted tile(s) enter play exhausted")

    def after_actions(self, state: SootState) -> None:
        """Nothing."""

    def on_round_end(self, state: SootState) -> None:
        """Nothing."""

    def score(self, state: SootState, player: PlayerId) -> dict[str, int]:
        """No extra line (campaign points are each game's totals summed)."""
        return {}


@reaction(EXHAUSTED, Moment.CAMP_FOUNDED)
def _exhausted_site(ctx: Ctx, args: MomentArgs) -> None:
    """A camp founded on a tile depleted in an earlier game gets an empty stack.

    Source: rulebook, The Campaign ("those tiles enter play already exhausted").
    """
    state = ctx.state
    at = args["hex"]
    _, exhausted = _carried(state)
    if at in state.stacks and state.tiles.get(at) in exhausted:
        state.stacks[at] = modify(state, ctx.player, Hook.SITE_STACK, 0, {"resource": ""})
        state.note(ctx.player, f"campaign: the site at {at} was depleted in an earlier game ({state.stacks[at]} left)")


MODULE = CampaignModule()
"""The module object (registered by :func:`register`)."""


def carry_out(state: SootState) -> tuple[tuple[str, ...], tuple[int, ...]]:
    """What a finished game adds to the campaign: Legacy cards played for their ability, depleted tile ids.

    Args:
        state: a finished game.

    Returns:
        ``(cards, tile_ids)``, the tile ids sorted.
    """
    depleted = sorted({state.tiles[h] for h, n in state.stacks.items() if n == 0 and h in state.tiles})
    return tuple(state.legacy_gone), tuple(depleted)
