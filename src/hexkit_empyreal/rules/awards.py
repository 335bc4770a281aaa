"""Awards: the ten objectives and their place prizes.

6/4/2 VP to the best three (2 VP only with four or more players; 2
players: 4 VP to the best only). A player needs a value of at least 1 to
qualify. Ties: the tied players add the prizes of the places they occupy
and split them, rounding down, and those places are used up
(``TieRule.SPLIT_POOLED``).

Interpretations: a rail group is a set of the Company's train cars
connected through adjacent hexes; Technologist counts Specialists
(Captain included), non-printed Spellcars and all mana crystals owned
(available and spent).

Source: rulebook, Awards; Scoring (Award tiles).
"""

from __future__ import annotations

from hexkit.scoring import TieRule, award_places

from hexkit_empyreal.data import AwardSpec
from hexkit_empyreal.state import EmpyrealState, bits, board, data

__all__ = ["measure", "award_points", "rail_groups"]


def rail_groups(state: EmpyrealState, player: int) -> list[int]:
    """Sizes of the player's rail groups (connected In-Network hexes)."""
    b = board(state)
    net = state.players[player].net
    seen = 0
    sizes = []
    for c in bits(net):
        if seen >> c & 1:
            continue
        size = 0
        stack = [c]
        seen |= 1 << c
        while stack:
            x = stack.pop()
            size += 1
            for n in b.neighbours[x]:
                if net >> n & 1 and not seen >> n & 1:
                    seen |= 1 << n
                    stack.append(n)
        sizes.append(size)
    return sizes


def measure(state: EmpyrealState, player: int, award: AwardSpec) -> int:
    """A player's value toward an Award."""
    b = board(state)
    ps = state.players[player]
    net = ps.net
    m = award.measure
    if m == "rail_groups":
        return len(rail_groups(state, player))
    if m == "largest_rail_group":
        return max(rail_groups(state, player), default=0)
    if m == "goods_in_network":
        return sum(len(state.goods[c]) for c in bits(net))
    if m == "cars_next_to_cities":
        return bin(net & b.city_adjacent_mask).count("1")
    if m == "cars_on_edge":
        return bin(net & b.edge_mask).count("1")
    if m == "demand_colours":
        return len({col for col, _ in ps.tiles})
    if m == "demand_one_colour":
        counts: dict[int, int] = {}
        for col, _ in ps.tiles:
            counts[col] = counts.get(col, 0) + 1
        return max(counts.values(), default=0)
    if m == "cars_sharing_hexes":
        return sum(1 for c in bits(net) if any(o != player for o in state.cars[c]))
    # specialists_spellcars_mana
    spells = data(state).spellcars
    specialists = sum(1 for s in (ps.captain, ps.engineer, ps.surveyor) if s) + len(ps.station_masters)
    cars = sum(1 for s in ps.railyard if s not in ("", "-") and not spells[s].printed)
    return specialists + cars + ps.mana + ps.spent


def award_points(state: EmpyrealState) -> dict[str, list[int]]:
    """Points of every Award in play, per seat."""
    d = data(state)
    n = state.config.players
    prizes = d.rules.award_prizes[n]
    out: dict[str, list[int]] = {}
    for name in state.awards:
        spec = d.award_by_name[name]
        values = {p: measure(state, p, spec) for p in range(n)}
        got = award_places(
            values, prizes, TieRule.SPLIT_POOLED, minimum=d.rules.award_minimum, lower_is_better=spec.lower_is_better
        )
        out[name] = [got[p] for p in range(n)]
    return out
