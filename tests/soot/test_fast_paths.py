"""The fast paths of the turn menu, the movement search and clone agree with
the plain definitions they replace, on positions of seeded random play.

Each check compares a fast helper with the slow form it stands for (the
form the rules used before): ``holds_at`` with ``bool(pool_at(...))``,
``affordable`` with ``can_pay``, the data's camp types per tile with the
terrain and site test, the movement tree's paths with a walk back from each
hex, a caravan stop's "drive on" test and a driven leg with the full
``caravan_reach``/``trail_reach`` dictionaries, and ``clone`` with a fresh
structure of equal, unshared parts.
"""

from __future__ import annotations

import heapq
from functools import cache

from hexkit.hexes import Hex
from hexkit.rng import Rng
from hexkit_soot import GAME
from hexkit_soot.grid import hex_code, rivers_frozen
from hexkit_soot.ledger import data
from hexkit_soot.rules import movement as mv
from hexkit_soot.rules.camps import camp_kinds_at
from hexkit_soot.rules.explore import tile_info
from hexkit_soot.rules.network import affordable, can_pay, holds_at, is_node, pool_at
from hexkit_soot.state import NO_OWNERS, NO_ROUTES, RAIL, ROAD, TRAIL, SootState


@cache
def _positions() -> tuple[SootState, ...]:
    """Every 7th position of two seeded random 4-player games and one 3-player game."""
    out = []
    for players, seed in ((4, 0), (4, 1), (3, 5)):
        state = GAME.new(GAME.make_config(players=players), seed)
        chooser = Rng(seed ^ 0x5EED)
        while state.pending:
            if state.step % 7 == 0:
                out.append(GAME.clone(state))
            legal = GAME.legal_actions(state)
            GAME.apply(state, legal[chooser.randbelow(len(legal))])
    return tuple(out)


def _hexes(state: SootState) -> list[Hex]:
    return sorted(state.tiles)


def test_holds_at_is_a_non_empty_pool() -> None:
    checked = 0
    for state in _positions()[::3]:
        for player in range(len(state.players)):
            for at in _hexes(state):
                for network in (None, True, False):
                    assert holds_at(state, player, at, network) == bool(pool_at(state, player, at, network))
                    checked += 1
    assert checked > 10_000


def test_affordable_is_can_pay_from_the_network() -> None:
    costs = [{"Timber": 1}, {"Timber": 2, "Stone": 1}, {"Iron": 3}, {"Coal": 1, "Iron": 1, "Timber": 1}, {}]
    seen = set()
    for state in _positions():
        for player, p in enumerate(state.players):
            for cost in costs:
                for waive in (0, 1):
                    fast = p.currency >= 0 and affordable(cost, p.stock, len(p.hand) + waive)
                    assert fast == can_pay(state, player, cost, None, waive=waive)
                    seen.add(fast)
    assert seen == {True, False}


def test_camp_types_per_tile_are_the_terrain_and_site_test() -> None:
    d = data(_positions()[0])
    for tile in range(len(d.tile_list())):
        terrain, site, _ = tile_info(_positions()[0], tile)
        expected = [(name, bool(camp.sites)) for name, camp in d.camps.items()
                    if terrain in camp.terrains and (not camp.sites or site in camp.sites)]
        assert list(d.camps_on_tile(tile)) == expected
    kinds = {k for state in _positions() for at in _hexes(state) for k in camp_kinds_at(state, at)}
    assert len(kinds) >= 3  # several camp types were offered somewhere


def _reference_search(state: SootState, player: int, start: Hex, walker_cost: int, livestock: bool,
                      budget: int, free: bool = False) -> dict[Hex, tuple[int, list[Hex], bool, frozenset[int], bool, list[int]]]:
    """The movement search as first written: pair keys, a walk back from each hex."""
    tiles, water = state.tiles, state.water
    frozen = rivers_frozen(state.round)
    trail_cost = 6 if livestock else 12
    step_of = (99, 12, 6, 3)
    best = {start: (0, 0)}
    prev: dict[Hex, tuple[Hex, int, int, int]] = {}
    heap = [(0, 0, start)]
    while heap:
        cost, rivals, h = heapq.heappop(heap)
        if best.get(h, (99, 99)) < (cost, rivals):
            continue
        kinds = state.route_kind.get(h, NO_ROUTES)
        owners = state.route_owner.get(h, NO_OWNERS)
        under = state.trails.get(h, 0)
        for d, n in enumerate(h.neighbors()):
            if n not in tiles:
                continue
            k = kinds[d]
            wild = 0
            if walker_cost:
                step, wild, k = walker_cost, 0 if k else 1, 0
            else:
                if k >= ROAD and (free or (under >> d & 1 and trail_cost <= step_of[k])):
                    k = TRAIL if under >> d & 1 else 0
                step = trail_cost if k == TRAIL else step_of[k]
                if not frozen and h in water and n in water and 3 < step:
                    step, k = 3, -1
            nc = cost + step
            if nc > budget:
                continue
            key = (nc, rivals + (1 if k in (ROAD, RAIL) and owners[d] not in (-1, player) else 0))
            if key < best.get(n, (99, 99)):
                best[n] = key
                prev[n] = (h, d, k, wild)
                heapq.heappush(heap, (key[0], key[1], n))
    out = {}
    for target in best:
        if target == start:
            continue
        hexes, powered, owners_set, wilds, cur = [target], False, set(), [], target
        while cur != start:
            ph, d, k, wild = prev[cur]
            if k in (ROAD, RAIL):
                powered = True
                o = state.route_owner.get(ph, NO_OWNERS)[d]
                if o not in (-1, player):
                    owners_set.add(o)
            if wild:
                wilds.append(hex_code(ph) * 8 + d)
            hexes.append(ph)
            cur = ph
        hexes.reverse()
        via = any(is_node(state, player, x) for x in hexes)
        out[target] = (best[target][0], hexes, powered, frozenset(owners_set), via, wilds)
    return out


def _facts(paths: dict[Hex, mv.Path]) -> dict[Hex, tuple[int, list[Hex], bool, frozenset[int], bool, list[int]]]:
    return {h: (p.cost, p.hexes, p.powered, p.owners, p.via_node, p.wild) for h, p in paths.items()}


def test_search_paths_match_the_walk_back_search() -> None:
    searches = 0
    for state in _positions()[::2]:
        for player, p in enumerate(state.players):
            for start in [*p.explorers, *p.builders]:
                for walker in (4, 6):
                    fast = mv._search(state, player, start, walker, False)
                    ref = _reference_search(state, player, start, walker, False, mv.BUDGET)
                    assert list(_facts(fast).items()) == list(ref.items())  # same hexes, same order
            for c in p.caravans:
                for livestock in (False, True):
                    for free in (False, True):
                        for budget in (mv.BUDGET, 6):
                            fast = mv._search(state, player, c.loc, 0, livestock, budget, free)
                            ref = _reference_search(state, player, c.loc, 0, livestock, budget, free)
                            assert list(_facts(fast).items()) == list(ref.items())
                            searches += 1
    assert searches > 500


def test_caravan_stop_and_leg_match_the_full_reach() -> None:
    legs = trails = 0
    for state in _positions():
        for player, p in enumerate(state.players):
            for index in range(len(p.caravans)):
                for spent in (0, 3, 9):
                    for fuelled in (False, True):
                        for paid in (frozenset(), frozenset({(player + 1) % len(state.players)})):
                            reach = mv.caravan_reach(state, player, index, paid, spent, fuelled, False)
                            trail = mv.trail_reach(state, player, index, reach, paid, spent, fuelled)
                            assert mv._drives_on(state, player, index, paid, spent, fuelled, False) == bool(reach or trail)
                            for target, path in reach.items():
                                got = mv._leg_to(state, player, index, paid, spent, fuelled, False, target, False)
                                assert _facts({target: got}) == _facts({target: path})
                                legs += 1
                            for target, path in trail.items():
                                got = mv._leg_to(state, player, index, paid, spent, fuelled, False, target, True)
                                assert _facts({target: got}) == _facts({target: path})
                                trails += 1
    assert legs > 1000 and trails > 10


def test_clone_is_equal_and_shares_no_mutable_part_but_the_tallies_rows() -> None:
    for state in _positions()[::10]:
        copy = GAME.clone(state)
        assert copy == state
        for mine, theirs in zip(copy.players, state.players):
            assert mine is not theirs and mine.caravans == theirs.caravans
            for a, b in zip(mine.caravans, theirs.caravans):
                assert a is not b and a.cargo is not b.cargo
            for h in mine.loose:
                assert mine.loose[h] is not theirs.loose[h]
        for h, s in copy.settlements.items():
            assert s is not state.settlements[h] and s.facilities is not state.settlements[h].facilities
        for h, c in copy.communities.items():
            assert c is not state.communities[h] and c.favor is not state.communities[h].favor
        # the tallies' rows are tuples, shared by design: their writers replace a row
        # (state.tally, ledger.gain_points); the dicts are the copy's
        assert copy.played is not state.played and copy.points_by is not state.points_by
