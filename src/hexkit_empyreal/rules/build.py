"""Build Track and Transfers.

Build Track places one of your train cars on a legal target hex: a hex of
the target's kind that is Network-Adjacent (unless the target is Global),
not a City, holding fewer than three train cars and none of yours.

Transfers let a build skip hexes: over a City (3 mana), a Wasteland (4),
a hex with a competitor's train car (2; a Wasteland with a competitor car
costs the Wasteland price), in the Team Variant a teammate's hex (1). They
chain: the first transferred hex must be Network-Adjacent, each next one
adjacent to the previous, and the built hex adjacent to the last; each is
paid separately. Free Transfers (Common Spellcars, Wendy Thristle,
Aerlion) and cheaper ones (Station Masters) apply.

**Engine choice (documented in docs/rules/empyreal.md):** a build offers
each legal target hex once, at its cheapest total Transfer cost (a
Dijkstra search over transfer chains, preferring to keep turn-wide free
Transfers when costs tie). Dearer routes to the same hex are never useful,
so no choice is lost.

Source: rulebook, Build Track; Transfers; Team Variant (Discounted Transfers).
"""

from __future__ import annotations

import heapq
from typing import Any

from hexkit_empyreal.actions import Build, BuildTrack, Done, Target
from hexkit_empyreal.config import TEAM
from hexkit_empyreal.data import CITY, TERRAINS, WASTELAND
from hexkit_empyreal.effects.registry import passives_of
from hexkit_empyreal.rules import mana
from hexkit_empyreal.rules.dispatch import Handler, handles
from hexkit_empyreal.rules.network import add_car, adjacent_mask
from hexkit_empyreal.state import EmpyrealState, bits, board, data

__all__ = ["build_options", "transfer_costs", "target_ok", "explain_build"]

# Free-token bits in the search state.
_CITY, _WASTE, _COMP, _TURN = 1, 2, 4, 8


def transfer_costs(state: EmpyrealState, player: int) -> tuple[int, int, int]:
    """Mana for a (City, Wasteland, Competitor) Transfer for ``player`` now.

    Source: rulebook, Transfers; Station Masters (Antine Frass, Irini
    Grenhart, Sanathes Danah) through their passive hooks.
    """
    r = data(state).rules
    costs = (r.city_transfer, r.wasteland_transfer, r.competitor_transfer)
    for p in passives_of(state, player):
        costs = p.transfer_costs(state, player, costs)
    return costs


def target_ok(state: EmpyrealState, player: int, t: Target, cell: int) -> bool:
    """Whether ``cell`` is a legal hex for the target, Network-Adjacency aside."""
    terrain = state.terrain[cell]
    if terrain == CITY:
        return False
    cars = state.cars[cell]
    if len(cars) >= 3 or player in cars:
        return False
    if t.terrains:
        if terrain not in t.terrains:
            return False
    elif terrain == WASTELAND:
        return False
    b = board(state)
    if t.edge and not b.edge[cell]:
        return False
    if t.cells and cell not in t.cells:
        return False
    if t.competitor:
        cfg = state.cfg
        team = TEAM in cfg.variants
        if not any(o != player and not (team and cfg.team_of(o) == cfg.team_of(player)) for o in cars):
            return False
    if t.near_city or t.near_wasteland:
        near = False
        if t.near_city and b.nmask[cell] & b.city_mask:
            near = True
        if not near and t.near_wasteland:
            near = any(state.terrain[n] == WASTELAND for n in b.neighbours[cell])
        if not near:
            return False
    return True


def build_options(state: EmpyrealState, player: int, d: BuildTrack) -> dict[int, tuple[int, int]]:
    """Every legal target of a build with its cheapest cost.

    Returns:
        ``{cell: (mana, turn_free_transfers_used)}``.
    """
    ps = state.players[player]
    if ps.cars_left <= 0:
        return {}
    t = d.target
    b = board(state)
    if t.anywhere:
        cells = t.cells or range(b.size)
        return {c: (0, 0) for c in cells if target_ok(state, player, t, c)}
    net = ps.net
    adj = adjacent_mask(b, net)
    out: dict[int, tuple[int, int]] = {}
    for c in bits(adj):
        if target_ok(state, player, t, c):
            out[c] = (0, 0)
    if not t.transfers or ps.mana <= 0 and not (
        d.free_city or d.free_wasteland or d.free_competitor or state.turn.free_transfers
        or state.turn.free_hexes
    ):
        return out
    _search(state, player, d, adj, out)
    return out


def _transfer_kind(state: EmpyrealState, player: int, cell: int) -> int:
    """0: not transferable, 1 City, 2 Wasteland, 3 competitor, 4 teammate only."""
    terrain = state.terrain[cell]
    if terrain == CITY:
        return 1
    if terrain == WASTELAND:
        return 2
    cars = state.cars[cell]
    if not cars:
        return 0
    cfg = state.cfg
    team = TEAM in cfg.variants
    mate = False
    for o in cars:
        if o == player:
            continue
        if team and cfg.team_of(o) == cfg.team_of(player):
            mate = True
        else:
            return 3
    return 4 if mate else 0


def _search(
    state: EmpyrealState, player: int, d: BuildTrack, adj: int, out: dict[int, tuple[int, int]]
) -> None:
    ps = state.players[player]
    budget = ps.mana
    city_cost, waste_cost, comp_cost = transfer_costs(state, player)
    mate_cost = data(state).rules.teammate_transfer
    turn = state.turn
    turn_tokens = turn.free_transfers if turn.player == player else 0
    free_hexes = set(turn.free_hexes) if turn.player == player else set()
    b = board(state)
    net = ps.net
    t = d.target
    start_used = (0 if d.free_city else _CITY) | (0 if d.free_wasteland else _WASTE) | (
        0 if d.free_competitor else _COMP
    ) | (0 if turn_tokens else _TURN)
    kinds: dict[int, int] = {}

    def kind_of(c: int) -> int:
        k = kinds.get(c)
        if k is None:
            k = kinds[c] = _transfer_kind(state, player, c)
        return k

    best: dict[tuple[int, int], tuple[int, int]] = {}
    heap: list[tuple[int, int, int, int]] = []

    def options(c: int, used: int) -> list[tuple[int, int, int]]:
        """(mana, turn tokens, used mask) ways to transfer over c."""
        k = kind_of(c)
        if c in free_hexes:
            return [(0, 0, used)]
        if k == 1:
            base, bit = city_cost, _CITY
        elif k == 2:
            base, bit = waste_cost, _WASTE
        elif k == 3:
            cars = state.cars[c]
            base, bit = comp_cost, _COMP
            if any(o != player and not is_comp(o) for o in cars):
                base = min(base, mate_cost)
        else:
            base, bit = mate_cost, _COMP
        ways = [(base, 0, used)]
        if not used & bit:
            ways.append((0, 0, used | bit))
        if not used & _TURN:
            ways.append((0, 1, used | _TURN))
        return ways

    cfg = state.cfg
    team = TEAM in cfg.variants
    my_team = cfg.team_of(player) if team else -1

    def is_comp(o: int) -> bool:
        return not (team and cfg.team_of(o) == my_team)

    for c in bits(adj):
        if kind_of(c):
            for cost, tok, used in options(c, start_used):
                if cost <= budget:
                    key = (c, used)
                    if key not in best or (cost, tok) < best[key]:
                        best[key] = (cost, tok)
                        heapq.heappush(heap, (cost, tok, c, used))
    while heap:
        cost, tok, c, used = heapq.heappop(heap)
        if best.get((c, used)) != (cost, tok):
            continue
        for n in b.neighbours[c]:
            if net >> n & 1:
                continue
            prev = out.get(n)
            if (prev is None or (cost, tok) < prev) and target_ok(state, player, t, n):
                out[n] = (cost, tok)
            if kind_of(n):
                for ncost, ntok, nused in options(n, used):
                    total = cost + ncost
                    if total > budget:
                        continue
                    key = (n, nused)
                    val = (total, tok + ntok)
                    if key not in best or val < best[key]:
                        best[key] = val
                        heapq.heappush(heap, (total, tok + ntok, n, nused))


def do_build(state: EmpyrealState, player: int, cell: int, cost: int, tokens: int, source: str) -> None:
    """Pay the Transfers and place the train car (shared by every build)."""
    mana.pay(state, player, cost)
    if tokens:
        state.turn.free_transfers -= tokens
    add_car(state, player, cell)
    state.turn.last_built = cell
    b = board(state)
    where = f"{TERRAINS[state.terrain[cell]]} {b.hexes[cell]}"
    paid = f", paid {cost} mana for Transfers" if cost else ""
    free = " (used a free Transfer)" if tokens else ""
    src = f" with {source}" if source else ""
    state.note(player, f"{state.players[player].company} built track on {where}{src}{paid}{free}")


def explain_build(state: EmpyrealState, player: int, d: BuildTrack, cell: int | None, cost: int) -> str:
    """Name the rule a Build Track target breaks."""
    b = board(state)
    if cell is None:
        return "that hex is not on the map"
    h = b.hexes[cell]
    t = d.target
    ps = state.players[player]
    terrain = state.terrain[cell]
    if ps.cars_left <= 0:
        return f"{ps.company} has no train cars left in its supply"
    if terrain == CITY:
        return f"a train car can never occupy a City; {h} is a City"
    if player in state.cars[cell]:
        return f"you already have a train car on {h}"
    if len(state.cars[cell]) >= 3:
        return f"hex {h} already holds 3 train cars"
    if not target_ok(state, player, t, cell):
        return f"hex {h} ({TERRAINS[terrain]}) is not a legal target for Build Track on {t.label}"
    options = build_options(state, player, d)
    if cell in options:
        return f"building on {h} costs {options[cell][0]} mana for Transfers, not {cost}"
    adj = adjacent_mask(b, ps.net)
    if not adj >> cell & 1:
        # Is there a transfer route that is too dear? Retry with unlimited mana.
        real = ps.mana
        ps.mana = 10**6
        try:
            dear = build_options(state, player, d).get(cell)
        finally:
            ps.mana = real
        if dear is not None:
            return f"Transfers to {h} cost {dear[0]} mana; {real} available"
        return f"hex {h} is not Network-Adjacent"
    return f"hex {h} is not a legal target"


@handles(BuildTrack)
class BuildTrackHandler(Handler):
    """Answers to :class:`BuildTrack`: a target hex at its cheapest cost, or decline."""

    @staticmethod
    def actions(state: EmpyrealState, d: BuildTrack) -> list[Any]:
        hexes = board(state).hexes
        opts = build_options(state, d.player, d)
        acts: list[Any] = [Build(hexes[c], v[0]) for c, v in sorted(opts.items())]
        acts.append(Done())
        return acts

    @staticmethod
    def perform(state: EmpyrealState, d: BuildTrack, action: Any) -> None:
        if isinstance(action, Done):
            state.turn.last_built = -1
            return
        cell = board(state).index[action.hex]
        cost, tokens = build_options(state, d.player, d)[cell]
        do_build(state, d.player, cell, cost, tokens, d.source)

    @staticmethod
    def explain(state: EmpyrealState, d: BuildTrack, action: Any) -> str | None:
        if isinstance(action, Build):
            cell = board(state).index.get(action.hex)
            return explain_build(state, d.player, d, cell, action.cost)
        return None
