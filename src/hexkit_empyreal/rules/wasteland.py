"""Place Wasteland.

A Wasteland tile goes on a hex In-Network or Network-Adjacent that is not a
City and not already Wasteland. Goods there are destroyed (back to the
supply, or to the folio for Bartok Kulle); train cars stay on top. With no
tile left in the supply the effect does nothing; with no legal hex it is
skipped.

Source: rulebook, Place Wasteland; FAQ (no legal hex: skip).
"""

from __future__ import annotations

from collections.abc import Sequence

from hexkit_empyreal.actions import PlaceWasteland, WastelandTargets
from hexkit_empyreal.data import CITY, WASTELAND
from hexkit_empyreal.effects.registry import Steps
from hexkit_empyreal.rules.dispatch import Choice, lists, runs
from hexkit_empyreal.rules import goods as ledger
from hexkit_empyreal.rules.network import adjacent_mask
from hexkit_empyreal.state import REV_MAP, REV_SUPPLY, EmpyrealState, bits, board, touch
from hexkit_empyreal.state import tally

__all__ = ["wasteland_targets", "place_wasteland"]


@lists(WastelandTargets)
def wasteland_targets(state: EmpyrealState, domain: WastelandTargets, d: Choice) -> Sequence[int]:
    """Cells where ``d.player`` may Place Wasteland now (empty if no tile is left)."""
    if state.wasteland <= 0:
        return []
    b = board(state)
    net = state.players[d.player].net
    mask = net | adjacent_mask(b, net)
    terrain = state.terrain
    return [c for c in bits(mask) if terrain[c] != CITY and terrain[c] != WASTELAND]


def place_wasteland(state: EmpyrealState, player: int, cell: int, *, to_folio: bool = False) -> int:
    """Put a Wasteland tile on ``cell``; returns the number of Goods destroyed.

    Args:
        state: the game.
        player: who places it.
        cell: a legal hex (see :func:`wasteland_targets`).
        to_folio: destroyed Goods go to the player's folio (Bartok Kulle).
    """
    if state.wasteland <= 0:
        return 0
    state.wasteland -= 1
    tally(state, "wastelands_placed", player)
    state.terrain[cell] = WASTELAND
    touch(state, REV_SUPPLY)
    touch(state, REV_MAP)
    goods = ledger.clear_to_folio(state, player, cell) if to_folio else ledger.clear_to_supply(state, cell)
    state.turn.flags["last_wasteland"] = cell
    where = board(state).hexes[cell]
    lost = f", destroying {len(goods)} Good{'s' if len(goods) != 1 else ''}" if goods else ""
    kept = " (added to the folio)" if goods and to_folio else ""
    state.note(player, f"{state.players[player].company} placed Wasteland on {where}{lost}{kept}")
    return len(goods)


@runs(PlaceWasteland)
def _place_wasteland_op(state: EmpyrealState, o: PlaceWasteland) -> Steps | None:
    place_wasteland(state, o.player, o.cell, to_folio=o.to_folio)
    return None
