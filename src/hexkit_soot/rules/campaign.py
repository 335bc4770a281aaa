"""The Campaign module's rules inside one game: the envelope and the exhausted tiles.

The campaign object that links three games (files, the CLI, studies) is
:mod:`hexkit_soot.campaign`; this module is what a game of a campaign runs:
at set-up the cards in the campaign envelope leave the deck and the row;
a tile depleted in an earlier game enters play already exhausted
(:func:`is_exhausted`): its site's stack is 0 before any camp is founded,
so no site camp is offered there (:func:`hexkit_soot.rules.camps.camp_kinds_at`:
not to players, not to the Trust), and a camp put there by a card or an
event (:func:`hexkit_soot.rules.camps.place_camp`, the one way every camp
is placed) gets an empty stack, to which effects such as Deep Survey still
add their tokens. The carried state arrives on the config
(:class:`hexkit_soot.campaign.CampaignConfig`: ``envelope`` and
``exhausted``).

Source: rulebook, "Optional Modules" (The Campaign).
"""

from __future__ import annotations

from hexkit.errors import ConfigError
from hexkit.game import PlayerId
from hexkit.hexes import Hex
from hexkit_soot.ledger import data
from hexkit_soot.state import SootState

__all__ = ["NAME", "CampaignModule", "MODULE", "carry_out", "is_exhausted"]

NAME = "campaign"
"""The module's name."""


def _carried(state: SootState) -> tuple[tuple[str, ...], frozenset[int]]:
    config = state.config
    return tuple(getattr(config, "envelope", ())), frozenset(getattr(config, "exhausted", ()))


class CampaignModule:
    """The ``campaign`` module: applies the envelope and the exhausted tiles at set-up."""

    name = NAME

    def on_setup(self, state: SootState) -> None:
        """Take the envelope's cards out of the deck and row; mark exhausted tiles.

        Raises:
            ConfigError: an envelope name that is no card, or an exhausted tile id
                that is no index of ``SootData.tile_list()``.
        """
        envelope, exhausted = _carried(state)
        cards = data(state).cards
        for name in envelope:
            if name not in cards:
                raise ConfigError(f"envelope: unknown card {name!r}")
            if name in state.deck:
                state.deck.remove(name)
            elif name in state.card_row:
                slot = state.card_row.index(name)
                state.card_row[slot] = state.deck.pop() if state.deck else ""
            state.note(None, f"campaign: {name} is in the campaign envelope (out of this game)")
        tiles = len(data(state).tile_list())
        for tile in sorted(exhausted):
            if not 0 <= tile < tiles:
                raise ConfigError(f"exhausted: unknown tile id {tile} (tile ids are 0-{tiles - 1})")
        if exhausted:
            state.note(None, f"campaign: {len(exhausted)} depleted tile(s) enter play exhausted")

    def after_actions(self, state: SootState) -> None:
        """Nothing."""

    def on_round_end(self, state: SootState) -> None:
        """Nothing."""

    def score(self, state: SootState, player: PlayerId) -> dict[str, int]:
        """No extra line (campaign points are each game's totals summed)."""
        return {}


def is_exhausted(state: SootState, at: Hex) -> bool:
    """Whether the tile on ``at`` was depleted in an earlier game of the campaign (module ``campaign``).

    Such a tile enters play already exhausted: its site's stack starts at 0.

    Args:
        state: the game.
        at: an explored hex.

    Source: rulebook, The Campaign ("those tiles enter play already exhausted").
    """
    config = state.config
    exhausted: tuple[int, ...] = getattr(config, "exhausted", ())
    return bool(exhausted) and state.tiles.get(at, -1) in exhausted and NAME in getattr(config, "modules", ())


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
