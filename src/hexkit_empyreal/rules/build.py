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

from collections.abc import Callable, Sequence
from typing import Any

from hexkit_empyreal.actions import DONE, Build, BuildTrack, Done, Target, interned
from hexkit_empyreal.board import Board
from hexkit_empyreal.config import TEAM
from hexkit_empyreal.data import CITY, TERRAINS, WASTELAND
from hexkit_empyreal.effects.registry import passives_with
from hexkit_empyreal.rules import mana
from hexkit_empyreal.rules.declines import note_declined
from hexkit_empyreal.rules.dispatch import EmpyrealHandler
from hexkit_empyreal.rules.network import add_car, adjacent_mask
from hexkit_empyreal.state import EmpyrealState, bits, board, data, spread
from hexkit_empyreal.state import tally

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
    for p in passives_with(state, player, "transfer_costs"):
        costs = p.transfer_costs(state, player, costs)
    return costs


def target_ok(state: EmpyrealState, player: int, t: Target, cell: int) -> bool:
    """Whether ``cell`` is a legal hex for the target, Network-Adjacency aside."""
    return _checker(state, player, t)(cell)


def _checker(state: EmpyrealState, player: int, t: Target) -> Callable[[int], bool]:
    """A fast predicate for :func:`target_ok` (terrain mask and flags precomputed)."""
    b = board(state)
    terrain = state.terrain
    cars_of = state.cars
    allowed = sum(1 << x for x in t.terrains) if t.terrains else (1 << WASTELAND) - 1
    edge = b.edge if t.edge else None
    cells = frozenset(t.cells) if t.cells else None
    competitor = t.competitor
    near = t.near_city or t.near_wasteland
    cfg = state.cfg
    team = TEAM in cfg.variants
    my_team = cfg.team_of(player) if team else -1
    most = data(state).rules.max_cars_per_hex

    def ok(cell: int) -> bool:
        if not allowed >> terrain[cell] & 1:
            return False
        cars = cars_of[cell]
        if cars and (len(cars) >= most or player in cars):
            return False
        if edge is not None and not edge[cell]:
            return False
        if cells is not None and cell not in cells:
            return False
        if competitor and not any(
            o != player and not (team and cfg.team_of(o) == my_team) for o in cars
        ):
            return False
        if near:
            hit = bool(t.near_city and b.nmask[cell] & b.city_mask)
            if not hit and t.near_wasteland:
                hit = any(terrain[n] == WASTELAND for n in b.neighbours[cell])
            if not hit:
                return False
        return True

    return ok


_TERRAIN_MASKS: dict[bytes, tuple[int, ...]] = {}
_TERRAIN_MASKS_KEPT = 512


def terrain_masks(terrain: list[int]) -> tuple[int, ...]:
    """The cells of each terrain index as bit masks (a Wasteland tile changes them).

    Memoised by the terrain itself (a few hundred layouts are kept): the
    terrain changes only when a Wasteland is placed, while every build asks.
    """
    key = bytes(terrain)
    masks = _TERRAIN_MASKS.get(key)
    if masks is None:
        acc = [0] * len(TERRAINS)
        for c, t in enumerate(terrain):
            acc[t] |= 1 << c
        if len(_TERRAIN_MASKS) >= _TERRAIN_MASKS_KEPT:
            _TERRAIN_MASKS.clear()
        masks = _TERRAIN_MASKS[key] = tuple(acc)
    return masks


def _nets(state: EmpyrealState, player: int) -> tuple[int, int, int]:
    """(cells holding three train cars, with a competitor's car, with a teammate's car) as bit masks.

    Counted over the Networks' bit masks, which is exact while no Company
    has two train cars on one hex. An opponent's effect may put a second
    one there (rulebook, Build Track; Switching Station): then the cars
    on the map outnumber the Network cells and the hexes are counted.
    """
    one = two = three = 0  # cells with at least 1, 2, 3 seats' train cars
    comp = mate = 0
    cfg = state.cfg
    team = TEAM in cfg.variants
    my_team = cfg.team_of(player) if team else -1
    on_map = cells = 0
    for seat, ps in enumerate(state.players):
        net = ps.net
        three |= two & net
        two |= one & net
        one |= net
        on_map -= ps.cars_left
        cells += net.bit_count()
        if seat == player:
            continue
        if team and cfg.team_of(seat) == my_team:
            mate |= net
        else:
            comp |= net
    rules = data(state).rules
    on_map += rules.train_cars * len(state.players)
    most = rules.max_cars_per_hex
    if on_map != cells or most != 3:  # the bit count above knows full hexes only at 3 cars
        three = 0
        for c, cars in enumerate(state.cars):
            if len(cars) >= most:
                three |= 1 << c
    return three, comp, mate


def _ok_mask(
    state: EmpyrealState,
    player: int,
    t: Target,
    masks: tuple[int, ...] | None = None,
    nets: tuple[int, int, int] | None = None,
) -> int:
    """The cells :func:`target_ok` accepts, as one bit mask (Network-Adjacency aside).

    The same tests as :func:`_checker`, on whole cell sets: the target's
    terrains, fewer than three train cars and none of ``player``'s, then the
    edge, the listed cells, a competitor's car, next to a City or Wasteland.
    """
    b = board(state)
    if masks is None:
        masks = terrain_masks(state.terrain)
    allowed = 0
    for x in t.terrains or range(WASTELAND):
        allowed |= masks[x]
    full, comp, _ = _nets(state, player) if nets is None else nets
    ok = allowed & ~full & ~state.players[player].net
    if t.edge:
        ok &= b.edge_mask
    if t.cells:
        ok &= sum(1 << c for c in set(t.cells))
    if t.competitor:
        ok &= comp
    if t.near_city or t.near_wasteland:
        near = b.city_adjacent_mask if t.near_city else 0
        if t.near_wasteland:
            near |= spread(masks[WASTELAND], b.nmask)
        ok &= near
    return ok


def build_options(
    state: EmpyrealState, player: int, d: BuildTrack, *, budget: int | None = None
) -> dict[int, tuple[int, int]]:
    """Every legal target of a build with its cheapest cost.

    A query: the state is never changed.

    Args:
        state: the game.
        player: who builds.
        d: the Build Track decision (its target and free Transfers).
        budget: mana that may pay for Transfers (default: the Company's
            available mana). An availability check that must keep mana for
            another cost passes less; an explanation passes more, to find a
            route that is too dear.

    Returns:
        ``{cell: (mana, turn_free_transfers_used)}``.
    """
    ps = state.players[player]
    if ps.cars_left <= 0:
        return {}
    if budget is None:
        budget = ps.mana
    t = d.target
    b = board(state)
    masks = terrain_masks(state.terrain)
    nets = _nets(state, player)
    ok = _ok_mask(state, player, t, masks, nets)
    if t.anywhere:
        cells = t.cells or range(b.size)
        return {c: (0, 0) for c in cells if ok >> c & 1}
    adj = adjacent_mask(b, ps.net)
    out: dict[int, tuple[int, int]] = dict.fromkeys(bits(adj & ok), _FREE)
    if not t.transfers or budget < 0:
        return out
    turn = state.turn
    mine = turn.player == player
    if d.free_city or d.free_wasteland or d.free_competitor or (mine and (turn.free_transfers or turn.free_hexes)):
        _search(state, player, d, adj, out, ok, budget, _transfer_classes(state, player, masks, nets))
    elif budget > 0:
        _search_plain(state, player, adj, out, ok, budget, _transfer_classes(state, player, masks, nets))
    else:
        # A free Transfer (Antine Frass's City Transfers) needs no mana at all.
        costs = transfer_costs(state, player)
        if 0 in costs:
            _search_plain(state, player, adj, out, ok, budget, _transfer_classes(state, player, masks, nets, costs))
    return out


_FREE = (0, 0)


def _transfer_cost_fn(state: EmpyrealState, player: int) -> Callable[[int], int]:
    """Mana to Transfer over a cell (-1: not transferable), memoised for one search."""
    city_cost, waste_cost, comp_cost = transfer_costs(state, player)
    mate_cost = data(state).rules.teammate_transfer
    terrain = state.terrain
    cars_of = state.cars
    cfg = state.cfg
    team = TEAM in cfg.variants
    my_team = cfg.team_of(player) if team else -1
    memo: dict[int, int] = {}

    def cost(cell: int) -> int:
        v = memo.get(cell)
        if v is not None:
            return v
        t = terrain[cell]
        if t == CITY:
            v = city_cost
        elif t == WASTELAND:
            v = waste_cost
        else:
            v = -1
            for o in cars_of[cell]:
                if o == player:
                    continue
                if team and cfg.team_of(o) == my_team:
                    v = mate_cost if v < 0 else min(v, mate_cost)
                else:
                    v = comp_cost if v < 0 else min(v, comp_cost)
        memo[cell] = v
        return v

    return cost


def _transfer_classes(
    state: EmpyrealState,
    player: int,
    masks: tuple[int, ...],
    nets: tuple[int, int, int],
    costs: tuple[int, int, int] | None = None,
) -> list[tuple[int, int]]:
    """The transferable cells as disjoint ``(cell mask, mana)`` classes.

    The same costs as :func:`_transfer_cost_fn`, cell set by cell set: Cities,
    Wastelands (whatever train cars they hold), hexes with a competitor's
    car, with only a teammate's car (Team Variant), with both (the cheaper).
    Cells of ``player``'s own Network are left out (a chain never crosses them).
    """
    city_cost, waste_cost, comp_cost = transfer_costs(state, player) if costs is None else costs
    b = board(state)
    net = state.players[player].net
    waste = masks[WASTELAND]
    _, comp, mate = nets
    plain = ~(b.city_mask | waste | net)
    classes = [(b.city_mask & ~net, city_cost), (waste & ~net, waste_cost)]
    if mate:
        mate_cost = data(state).rules.teammate_transfer
        classes += [
            (comp & ~mate & plain, comp_cost),
            (mate & ~comp & plain, mate_cost),
            (comp & mate & plain, min(comp_cost, mate_cost)),
        ]
    else:
        classes.append((comp & plain, comp_cost))
    return [(mask, k) for mask, k in classes if mask]


def _search_plain(
    state: EmpyrealState,
    player: int,
    adj: int,
    out: dict[int, tuple[int, int]],
    ok: int,
    budget: int,
    classes: list[tuple[int, int]],
) -> None:
    """Cheapest Transfer chains without free Transfers: a bucket queue of cell masks.

    Bucket ``k`` holds the transferable cells first reached for ``k`` mana;
    the hexes next to them are targets at that cost, and the transferable
    ones among those go to bucket ``k + cost`` (a zero cost, to this one).
    """
    net = state.players[player].net
    nmask = board(state).nmask
    # No chain costs more than crossing every transferable cell once.
    budget = min(budget, sum(k * mask.bit_count() for mask, k in classes))
    buckets = [0] * (budget + 1)
    for mask, k in classes:
        if k <= budget:
            buckets[k] |= adj & mask
    settled = 0
    seen = adj | net  # cells already offered (or refused) as targets
    for spent in range(budget + 1):
        frontier = buckets[spent] & ~settled
        while frontier:
            settled |= frontier
            reach = spread(frontier, nmask) & ~net
            fresh = reach & ~seen
            if fresh:
                seen |= fresh
                for n in bits(fresh & ok):
                    out[n] = (spent, 0)
            frontier = 0
            for mask, k in classes:
                nxt = reach & mask & ~settled
                if not nxt:
                    continue
                if k == 0:
                    frontier |= nxt
                elif spent + k <= budget:
                    buckets[spent + k] |= nxt


def _search(
    state: EmpyrealState,
    player: int,
    d: BuildTrack,
    adj: int,
    out: dict[int, tuple[int, int]],
    ok: int,
    budget: int,
    classes: list[tuple[int, int]],
) -> None:
    """Cheapest Transfer chains with free Transfers: a bucket queue of cell masks.

    A search state is a set of cells reached with the same free-token kinds
    used (``used``: the decision's free City, Wasteland and Competitor
    Transfers and one of the turn's free Transfers); it is ordered by
    (mana, turn tokens spent), so bucket ``2 * mana + tokens``. A free hex of
    the turn is crossed for nothing; any other transferable hex for its
    mana, or with an unused token of its kind, or with the turn's token.
    Tokens only add bits to ``used``, so a bucket is settled in increasing
    ``used`` order.
    """
    turn = state.turn
    mine = turn.player == player
    turn_tokens = turn.free_transfers if mine else 0
    free_hexes = sum(1 << c for c in set(turn.free_hexes)) if mine else 0
    nmask = board(state).nmask
    net = state.players[player].net
    terrain = state.terrain
    kinds: list[tuple[int, int, int]] = []
    for mask, k in classes:
        t = terrain[(mask & -mask).bit_length() - 1]  # a class holds one kind of hex
        kinds.append((mask, k, _CITY if t == CITY else _WASTE if t == WASTELAND else _COMP))
    start_used = (0 if d.free_city else _CITY) | (0 if d.free_wasteland else _WASTE) | (
        0 if d.free_competitor else _COMP
    ) | (0 if turn_tokens else _TURN)
    # No chain costs more than crossing every transferable cell once.
    budget = min(budget, sum(k * mask.bit_count() for mask, k in classes))
    buckets: list[dict[int, int]] = [{} for _ in range(2 * budget + 2)]
    settled: dict[int, int] = {}

    def reach_from(cells: int, prio: int, used: int) -> None:
        """Queue the ways to cross the transferable ``cells`` from a state at ``prio``."""
        mana = prio >> 1
        for mask, k, bit in kinds:
            nxt = cells & mask
            if not nxt:
                continue
            free = nxt & free_hexes
            paid = nxt & ~free_hexes
            if free:
                queue(prio, used, free)
            if paid:
                if mana + k <= budget:
                    queue(prio + 2 * k, used, paid)
                if not used & bit:
                    queue(prio, used | bit, paid)
                if not used & _TURN:
                    queue(prio + 1, used | _TURN, paid)

    def queue(prio: int, used: int, cells: int) -> None:
        bucket = buckets[prio]
        bucket[used] = bucket.get(used, 0) | cells

    reach_from(adj, 0, start_used)
    seen = adj | net  # cells already offered (or refused) as targets
    for prio, bucket in enumerate(buckets):
        while bucket:
            used = min(bucket)
            cells = bucket.pop(used) & ~settled.get(used, 0)
            if not cells:
                continue
            settled[used] = settled.get(used, 0) | cells
            reach = spread(cells, nmask) & ~net
            fresh = reach & ~seen
            if fresh:
                seen |= fresh
                value = (prio >> 1, prio & 1)
                for n in bits(fresh & ok):
                    out[n] = value
            reach_from(reach, prio, used)


def do_build(state: EmpyrealState, player: int, cell: int, cost: int, tokens: int, source: str) -> None:
    """Pay the Transfers and place the train car (shared by every build)."""
    mana.pay(state, player, cost)
    if tokens:
        state.turn.free_transfers -= tokens
    add_car(state, player, cell)
    state.turn.last_built = cell
    if cost or tokens:
        tally(state, "transfers", player)
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
    most = data(state).rules.max_cars_per_hex
    if len(state.cars[cell]) >= most:
        return f"hex {h} already holds {most} train cars"
    if not target_ok(state, player, t, cell):
        return f"hex {h} ({TERRAINS[terrain]}) is not a legal target for Build Track on {t.label}"
    options = build_options(state, player, d)
    if cell in options:
        return f"building on {h} costs {options[cell][0]} mana for Transfers, not {cost}"
    adj = adjacent_mask(b, ps.net)
    if not adj >> cell & 1:
        # Is there a transfer route that is too dear? Retry with unlimited mana.
        real = ps.mana
        dear = build_options(state, player, d, budget=10**6).get(cell)
        if dear is not None:
            single = _single_transfer(state, player, cell, adj)
            if single is not None and single[1] == dear[0]:
                return f"Transfer over {single[0]} costs {single[1]} mana; {real} available"
            return f"Transfers to {h} cost {dear[0]} mana; {real} available"
        return f"hex {h} is not Network-Adjacent"
    return f"hex {h} is not a legal target"


# The options computed for the legal actions (always fresh) are reused by
# perform for the same state, step and decision: the base class validates an
# action against those very legal actions just before performing it.
_LAST: list[Any] = [None, -1, None, None]


def _options(state: EmpyrealState, d: BuildTrack, fresh: bool) -> dict[int, tuple[int, int]]:
    last = _LAST
    if not fresh and last[0] is state and last[1] == state.step and last[2] is d:
        return last[3]  # type: ignore[no-any-return]
    opts = build_options(state, d.player, d)
    last[0], last[1], last[2], last[3] = state, state.step, d, opts
    return opts


def _single_transfer(state: EmpyrealState, player: int, cell: int, adj: int) -> tuple[str, int] | None:
    """The cheapest one-hex Transfer route to ``cell``: (what is crossed, cost)."""
    cost = _transfer_cost_fn(state, player)
    best: tuple[str, int] | None = None
    for n in board(state).neighbours[cell]:
        if not adj >> n & 1:
            continue
        k = cost(n)
        if k < 0 or (best is not None and best[1] <= k):
            continue
        t = state.terrain[n]
        what = "a City" if t == CITY else "a Wasteland" if t == WASTELAND else "a competitor's train car"
        best = (what, k)
    return best


_BUILDS: list[Any] = [None, ()]


def _build_answers(b: Board) -> tuple[Build, ...]:
    """The free-build answer of every cell of ``b`` (the shared interned values), by cell."""
    last = _BUILDS
    if last[0] is not b:
        last[0], last[1] = b, tuple(interned(Build, h, 0) for h in b.hexes)
    return last[1]  # type: ignore[no-any-return]


class BuildTrackHandler(EmpyrealHandler[BuildTrack]):
    """Answers to :class:`BuildTrack`: a target hex at its cheapest cost, or decline."""

    def answers(self, state: EmpyrealState, d: BuildTrack) -> Sequence[Any]:
        opts = _options(state, d, True)
        table = _build_answers(board(state))
        acts: list[Any] = []
        for c in sorted(opts):
            cost = opts[c][0]
            acts.append(table[c] if cost == 0 else interned(Build, table[c].hex, cost))
        acts.append(DONE)
        return acts

    def answer(self, state: EmpyrealState, d: BuildTrack, action: Any) -> None:
        if isinstance(action, Done):
            state.turn.last_built = -1
            note_declined(state, d)
            return
        cell = board(state).index[action.hex]
        cost, tokens = _options(state, d, False)[cell]
        do_build(state, d.player, cell, cost, tokens, d.source)

    def why(self, state: EmpyrealState, d: BuildTrack, action: Any) -> str | None:
        if isinstance(action, Build):
            cell = board(state).index.get(action.hex)
            return explain_build(state, d.player, d, cell, action.cost)
        return None
