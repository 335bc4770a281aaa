"""Place Wasteland.

A Wasteland tile goes on a hex In-Network or Network-Adjacent that is not a
City and not already Wasteland. Goods there are destroyed (back to the
supply, or to the folio for Bartok Kulle); train cars stay on top. With no
tile left in the supply the effect does nothing; with no legal hex it is
skipped.

The tiles are taken from the supply as a core
:class:`~hexkit.components.Supply` (:func:`wasteland_supply`), made from
``EmpyrealState.wasteland`` and written back: the state, its saves and its
clone keep the plain count. A tile is never returned.

Source: rulebook, Components (20 Wasteland tiles); Place Wasteland ("If
the supply of Wasteland tiles is exhausted, further Place Wasteland actions
have no effect"); FAQ (no legal hex: skip).
"""

from __future__ import annotations

from collections.abc import Sequence

from hexkit.components import Supply

from hexkit_empyreal.actions import PlaceWasteland, WastelandTargets
from hexkit_empyreal.data import CITY, WASTELAND
from hexkit_empyreal.effects.registry import Steps
from hexkit_empyreal.rules.dispatch import Choice, lists, runs
from hexkit_empyreal.rules import goods as ledger
from hexkit_empyreal.rules.network import adjacent_mask
from hexkit_empyreal.state import REV_MAP, REV_SUPPLY, EmpyrealState, bits, board, data, touch
from hexkit_empyreal.state import tally

__all__ = ["WASTELAND_TILE", "wasteland_supply", "wasteland_targets", "place_wasteland"]

WASTELAND_TILE = "Wasteland tile"
"""The one kind of token in the :func:`wasteland_supply`."""


def wasteland_supply(state: EmpyrealState) -> Supply[str]:
    """The Wasteland tiles as a core :class:`~hexkit.components.Supply`.

    One kind, :data:`WASTELAND_TILE`: ``EmpyrealState.wasteland`` held, the
    rest of the printed tiles (``rules.wasteland_tiles``, 20) out: placed on
    the map (the boards' printed Wasteland hexes are not tiles). Made from
    the count, not kept: :func:`place_wasteland` writes it back.

    Args:
        state: the game.

    Raises:
        ComponentError: ``wasteland`` is negative or above the printed count
            (a state no load accepts).

    Source: rulebook, Components (20 Wasteland tiles).
    """
    held = state.wasteland
    return Supply.single(WASTELAND_TILE, held, data(state).rules.wasteland_tiles - held)


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
    """Put a Wasteland tile from the supply on ``cell``; returns the number of Goods destroyed.

    With no tile left in the supply nothing happens and 0 is returned.

    Args:
        state: the game.
        player: who places it.
        cell: a legal hex (see :func:`wasteland_targets`).
        to_folio: destroyed Goods go to the player's folio (Bartok Kulle).
    """
    supply = wasteland_supply(state)
    if not supply.take(WASTELAND_TILE):
        return 0  # the supply is exhausted: no effect
    state.wasteland = supply.stock[WASTELAND_TILE]
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
