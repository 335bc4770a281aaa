"""Empyreal's Transfer search (bit masks) against the core's ``hexkit.paths``.

Issue 13 asks whether Empyreal's track search (``build_options``) can stand
on :func:`hexkit.paths.distances_from`. This collects the Build Tracks of 12
random 4-player games that use no free Transfer (the plain search), answers
each both ways (the core's Dijkstra over ``Hex`` values from the Network,
entering a transferable hex for its Transfer cost; a target costs its
cheapest reached neighbour), checks that the targets and costs agree, and
times both. Run: ``python -m benchmarks.bench_empyreal_paths``.
No pass/fail: figures to compare between commits.
"""

from __future__ import annotations

from typing import Any

import time
from hexkit.paths import distances_from
from hexkit.rng import Rng
from hexkit_empyreal import GAME as game
from hexkit_empyreal.actions import BuildTrack
from hexkit_empyreal.rules import build as B
from hexkit_empyreal.state import board, bits

def with_paths(s, d):
    """The same answer through the core: Dijkstra (hexkit.paths.distances_from)
    from the Network over transferable hexes, entering one costs its Transfer;
    a target costs the cheapest reached neighbour (a Network hex: 0)."""
    p = d.player
    b = board(s)
    ps = s.players[p]
    masks = B.terrain_masks(s.terrain); nets = B._nets(s, p)
    ok = B._ok_mask(s, p, d.target, masks, nets)
    cost_of = {}
    for mask, k in B._transfer_classes(s, p, masks, nets):
        for c in bits(mask):
            cost_of[b.hexes[c]] = k
    net = {b.hexes[c] for c in bits(ps.net)}
    budget = ps.mana

    def step(a, h):
        return cost_of.get(h) if h not in net else None

    dist = distances_from(net, step, max_cost=budget)
    index = b.index
    out = {}
    for a, k in dist.items():
        for h in a.neighbors():
            c = index.get(h)
            if c is not None and ok >> c & 1 and h not in net and (c not in out or k < out[c]):
                out[c] = int(k)
    return out



def _cases() -> list[Any]:
    cases = []
    for seed in range(12):
        state = game.new(game.make_config(players=4), seed)
        ch = Rng(seed ^ 0x5EED)
        while state.pending:
            top = state.pending[-1]
            t = state.turn
            if (isinstance(top, BuildTrack) and top.target.transfers and not top.target.anywhere
                    and not (top.free_city or top.free_wasteland or top.free_competitor or t.free_transfers or t.free_hexes)):
                cases.append((game.clone(state), top))
            legal = game.legal_actions(state)
            game.apply(state, legal[ch.randbelow(len(legal))])
    return cases


def main() -> None:
    cases = _cases()
    agree = 0
    for s, d in cases:
        mine = {c: v[0] for c, v in B.build_options(s, d.player, d).items()}
        agree += mine == with_paths(s, d)
    print(f"{len(cases)} positions; same targets and costs in {agree}")
    for name, fn in (("bit masks (build_options)", lambda s, d: B.build_options(s, d.player, d)), ("hexkit.paths", with_paths)):
        t0 = time.process_time()
        for _ in range(3):
            for s, d in cases: fn(s, d)
        print(f"{name:28} {(time.process_time()-t0)/3/len(cases)*1e6:8.1f} us per Build Track")


if __name__ == "__main__":
    main()
