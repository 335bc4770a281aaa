"""Deliver and Demand Tiles.

Choose a City that is Network-Adjacent to you; pick up any number of
In-Network Goods of its colour (they need not be connected to the City);
then take one Demand Tile of that City you qualify for: Double (2 Goods,
1 VP), Triple (3, 2 VP), Quadruple (4, 3 VP). A Demand Tile moved to
another City by Wardlaw O'Brien is claimed with Goods of the tile's colour.

Source: rulebook, Deliver; Demand Tiles; Your Network ("any train car ...
can still deliver to any City adjacent to your Network"); Wardlaw O'Brien.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hexkit_empyreal.actions import (
    DONE,
    Choose,
    ClaimDemand,
    DeliverChoice,
    DeliverTo,
    Done,
    PickGood,
    PickGoods,
    interned,
)
from hexkit_empyreal.effects.registry import passives_with, push
from hexkit_empyreal.rules import goods as ledger
from hexkit_empyreal.rules.dispatch import EmpyrealHandler
from hexkit_empyreal.state import REV_STANDS, EmpyrealState, bits, board, data, touch, touch_folio
from hexkit_empyreal.state import tally

__all__ = ["TILE_NAMES", "delivery_targets", "claimable", "tile_label", "goods_phrase", "note_final_skip"]

TILE_NAMES = ("Double Demand", "Triple Demand", "Quadruple Demand")


def goods_phrase(count: int, colour: str = "") -> str:
    """Words for a number of Goods: ``"1 grey Good"``, ``"3 blue Goods"``, ``"2 Goods"``."""
    kind = f"{colour} " if colour else ""
    return f"{count} {kind}{'Good' if count == 1 else 'Goods'}"


def tile_label(state: EmpyrealState, kind: int) -> str:
    """Readable name of a Demand Tile kind (``"Triple Demand (2 VP)"``)."""
    return f"{TILE_NAMES[kind]} ({data(state).rules.demand_values[kind]} VP)"


def delivery_targets(state: EmpyrealState, player: int) -> list[tuple[int, int]]:
    """(stand, colour) pairs ``player`` may deliver to now, with a Good to deliver."""
    b = board(state)
    net = state.players[player].net
    goods = state.goods
    have = [0] * 6
    for c in bits(net):
        for g in goods[c]:
            have[g] += 1
    out = []
    for s, city in enumerate(b.cities):
        if not b.nmask[city] & net:
            continue
        colours = {b.city_colour[s]} | {col for col, _ in state.stands[s]}
        for col in sorted(colours):
            if have[col]:
                out.append((s, col))
    return out


def claimable(state: EmpyrealState, player: int, stand: int, colour: int, count: int, mode: str) -> list[int]:
    """Demand Tile kinds in the stand ``player`` may take after delivering ``count`` Goods."""
    need = data(state).rules.demand_goods
    bonus = sum(p.demand_bonus(state, player, mode) for p in passives_with(state, player, "demand_bonus"))
    kinds = {k for col, k in state.stands[stand] if col == colour and need[k] <= count + bonus}
    return sorted(kinds)


def note_final_skip(state: EmpyrealState, player: int, why: str) -> None:
    """Log that ``player``'s final delivery did not happen, and why.

    Source: rulebook, Game End (each Company may make one final delivery:
    "may", so skipping it is allowed and the log says so).
    """
    state.note(player, f"{state.players[player].company} makes no final delivery: {why}")


def _finish(state: EmpyrealState, d: PickGoods) -> None:
    if d.tiles and d.count and claimable(state, d.player, d.stand, d.colour, d.count, d.mode):
        state.pending.append(
            ClaimDemand(player=d.player, prompt="take a Demand Tile", stand=d.stand, colour=d.colour, count=d.count, mode=d.mode)
        )
        return
    _after(state, d.player, d.mode, d.count, False)


def _after(state: EmpyrealState, player: int, mode: str, count: int, took: bool) -> None:
    for p in passives_with(state, player, "after_delivery"):
        push(state, p.after_delivery(state, player, mode, count, took))


class DeliverChoiceHandler(EmpyrealHandler[DeliverChoice]):
    """Choose the City (and colour) to deliver to, or skip."""

    def answers(self, state: EmpyrealState, d: DeliverChoice) -> Sequence[Any]:
        b = board(state)
        colours = data(state).colours
        acts: list[Any] = [interned(DeliverTo, b.hexes[b.cities[s]], colours[c]) for s, c in delivery_targets(state, d.player)]
        acts.append(DONE)
        return acts

    def answer(self, state: EmpyrealState, d: DeliverChoice, action: Any) -> None:
        if isinstance(action, Done):
            if d.mode == "final":
                possible = bool(delivery_targets(state, d.player))
                why = "it chose to skip it" if possible else "no Network-Adjacent City takes any of its In-Network Goods"
                note_final_skip(state, d.player, why)
            return
        b = board(state)
        stand = b.cities.index(b.index[action.city])
        colour = data(state).colour_index(action.colour)
        state.pending.append(
            PickGoods(
                player=d.player,
                prompt=f"pick up {action.colour} Goods",
                stand=stand,
                colour=colour,
                mode=d.mode,
                limit=d.limit,
                tiles=d.tiles,
            )
        )

    def why(self, state: EmpyrealState, d: DeliverChoice, action: Any) -> str | None:
        if isinstance(action, DeliverTo):
            b = board(state)
            cell = b.index.get(action.city)
            if cell is None or cell not in b.cities:
                return f"there is no City at {action.city}"
            if not b.nmask[cell] & state.players[d.player].net:
                return f"the City at {action.city} is not Network-Adjacent"
            return f"you have no In-Network {action.colour} Goods to deliver to {action.city}"
        return None


class PickGoodsHandler(EmpyrealHandler[PickGoods]):
    """Pick up In-Network Goods of the delivery's colour one at a time."""

    def answers(self, state: EmpyrealState, d: PickGoods) -> Sequence[Any]:
        acts: list[Any] = []
        if not d.limit or d.count < d.limit:
            b = board(state)
            goods = state.goods
            for c in bits(state.players[d.player].net):
                if d.colour in goods[c]:
                    acts.append(interned(PickGood, b.hexes[c]))
        acts.append(DONE)
        return acts

    def answer(self, state: EmpyrealState, d: PickGoods, action: Any) -> None:
        if isinstance(action, Done):
            if d.count:
                tally(state, "deliveries", d.player)
                ps = state.players[d.player]
                city = board(state).hexes[board(state).cities[d.stand]]
                state.note(d.player, f"{ps.company} delivered {goods_phrase(d.count, data(state).colours[d.colour])} to {city}")
            elif d.mode == "final":
                note_final_skip(state, d.player, "it picked up no Goods")
            _finish(state, d)
            return
        cell = board(state).index[action.hex]
        ledger.cell_to_folio(state, d.player, cell, d.colour)
        tally(state, "goods_delivered", d.player)
        nd = PickGoods(
            player=d.player, prompt=d.prompt, stand=d.stand, colour=d.colour, count=d.count + 1,
            mode=d.mode, limit=d.limit, tiles=d.tiles,
        )
        state.pending.append(nd)

    def why(self, state: EmpyrealState, d: PickGoods, action: Any) -> str | None:
        if isinstance(action, PickGood):
            if d.limit and d.count >= d.limit:
                return f"this delivery is limited to {d.limit} Good{'s' if d.limit > 1 else ''}"
            return f"hex {action.hex} holds no In-Network {data(state).colours[d.colour]} Good"
        return None


class ClaimDemandHandler(EmpyrealHandler[ClaimDemand]):
    """Take one Demand Tile you qualify for, or none."""

    def answers(self, state: EmpyrealState, d: ClaimDemand) -> Sequence[Any]:
        acts: list[Any] = [interned(Choose, tile_label(state, k)) for k in claimable(state, d.player, d.stand, d.colour, d.count, d.mode)]
        acts.append(DONE)
        return acts

    def answer(self, state: EmpyrealState, d: ClaimDemand, action: Any) -> None:
        if isinstance(action, Done):
            _after(state, d.player, d.mode, d.count, False)
            return
        kind = next(k for k in range(3) if tile_label(state, k) == action.option)
        state.stands[d.stand].remove((d.colour, kind))
        touch(state, REV_STANDS)
        ps = state.players[d.player]
        ps.tiles.append((d.colour, kind))
        touch_folio(state, d.player)
        tally(state, "demand_tiles", d.player)
        state.note(d.player, f"{ps.company} took the {data(state).colours[d.colour]} {tile_label(state, kind)} tile")
        _after(state, d.player, d.mode, d.count, True)

    def why(self, state: EmpyrealState, d: ClaimDemand, action: Any) -> str | None:
        return f"delivering {d.count} Goods does not qualify for that Demand Tile, or it is already taken"
