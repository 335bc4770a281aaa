"""Soot & Timber's four design-intent figures (issue 10, calibration).

Usage::

    python benchmarks/soot_economics.py                 # data figures (a) and (b) only
    python benchmarks/soot_economics.py GAMES SEED      # and (c), (d) from GAMES strong games
    python benchmarks/soot_economics.py GAMES SEED WORKERS   # the same games over a process pool
    python benchmarks/soot_economics.py GAMES SEED WORKERS DATA_DIR   # with a designer's copy of data/
    python benchmarks/soot_economics.py figures ROWS...      # (c), (d) and the rest from saved rows

The rulebook's design intent, each measured here:

(a) "Buying inputs at market and refining them roughly breaks even": for each
    facility recipe, the outputs at base price against the inputs bought at
    price + markup plus its use cost bought the same way (the cheapest fuel
    or food good that covers it). Roughly even: within 1¤ a firing.
(b) "Real margins come from owning the whole chain": the same firing from
    own goods (own camp, own route, own facility, own sale: inputs and use
    cost valued at what they would sell for), against buying the outputs at
    market and selling them (always the markup lost a unit).
(c) "Soot is the price of speed": in played games, does the fastest
    industrial player (most Refine actions; ties: most soot gained) end with
    soot on the track?
(d) No single source gives more than half of a winner's points: the
    winner's positive points by source (``rules.scoring.points_by_source``).

Games: 4 players, the strong agent in every seat (as ``benchmarks/soot_strong.py``),
seeds SEED .. SEED+GAMES-1. Also printed: the winning-score median and the share
of games in which each mechanism happened.
"""

from __future__ import annotations

import functools
import json
import math
import statistics
import sys
from collections.abc import Callable
from typing import Any

from hexkit_soot import GAME
from hexkit_soot.data import SootData, load_data
from hexkit_soot.rules.scoring import points_by_source

if __package__:  # imported as benchmarks.soot_economics
    from .soot_strong import play_strong
else:  # run as a script: its folder is on sys.path
    from soot_strong import play_strong


def market_value(data: SootData, good: str) -> int:
    """What one unit sells for at the Central City at the start (base or printed price)."""
    g = data.goods[good]
    return g.base if g.kind == "tracked" else g.price


def buy_cost(data: SootData, good: str) -> int:
    """What one unit costs to buy at the start (price + markup)."""
    return market_value(data, good) + data.numbers.buy_markup


def use_cost(data: SootData, kind: str, amount: int, price: Callable[[SootData, str], int]) -> int:
    """The cheapest way to cover ``amount`` of fuel or food with one good, priced by ``price``."""
    best = math.inf
    for name, g in data.goods.items():
        per = g.fuel if kind == "fuel" else g.food
        if per > 0:
            best = min(best, math.ceil(amount / per) * price(data, name))
    return int(best)


def recipe_figures(data: SootData) -> list[dict[str, object]]:
    """Figures (a) and (b) for every facility recipe (one firing, no passives)."""
    rows = []
    for name, fac in data.facilities.items():
        if not fac.tier:
            continue
        extra = [min(fac.choice, key=lambda g: buy_cost(data, g))] if fac.choice else []
        made = sum(market_value(data, g) * n for g, n in fac.outputs.items())
        bought = sum(buy_cost(data, g) * n for g, n in fac.inputs.items()) + sum(buy_cost(data, g) for g in extra)
        bought += use_cost(data, fac.use_kind, fac.use_amount, buy_cost)
        own = sum(market_value(data, g) * n for g, n in fac.inputs.items()) + sum(market_value(data, g) for g in extra)
        own += use_cost(data, fac.use_kind, fac.use_amount, market_value)
        resell = -data.numbers.buy_markup * sum(fac.outputs.values())
        rows.append({"facility": name, "tier": fac.tier, "outputs": made, "bought_inputs": bought,
                     "bought_margin": made - bought, "own_margin": made - own, "buy_and_resell": resell})
    return rows


def play(seed: int, players: int = 4, data_dir: str | None = None) -> dict[str, Any]:
    """One game with the strong agent in every seat: per-seat figures for (c) and (d)."""
    state, cpu = play_strong(seed, players, data_dir)
    sheet = GAME.scores(state)
    played = GAME.played(state)
    return {"seed": seed, "cpu": round(cpu, 2), "rounds": state.round,
            "scores": list(sheet.totals), "winner": sheet.order[0],
            "soot": [p.soot for p in state.players], "loans": [p.loans for p in state.players],
            "refines": played["refines"],
            "soot_gained": played["soot_gained"],
            "by_source": [points_by_source(state, q) for q in range(players)],
            "played": {k: sum(v) for k, v in played.items()}}


def game_figures(rows: list[dict[str, Any]]) -> dict[str, object]:
    """Figures (c) and (d), the winning-score median and the what-was-played shares."""
    fastest_dirty, industrial, over_half = 0, 0, 0
    shares: list[float] = []
    source_count: dict[str, int] = {}
    for r in rows:
        refines, gained, soot = r["refines"], r["soot_gained"], r["soot"]
        if max(refines) > 0:
            industrial += 1
            seats = range(len(refines))
            fastest = max(seats, key=lambda q: (refines[q], gained[q]))
            fastest_dirty += int(soot[fastest] > 0)
        w = int(r["winner"])
        split = r["by_source"][w]
        positive = {k: v for k, v in split.items() if v > 0}
        total = sum(positive.values())
        top = max(positive, key=lambda k: positive[k]) if positive else "-"
        share = positive.get(top, 0) / total if total else 0.0
        shares.append(share)
        over_half += int(share > 0.5)
        source_count[top] = source_count.get(top, 0) + 1
    names = list(rows[0]["played"]) if rows else []
    wins = sorted(max(r["scores"]) for r in rows)
    q = statistics.quantiles(wins, n=4) if len(wins) > 1 else [wins[0]] * 3
    sources = sorted({k for r in rows for k in r["by_source"][int(r["winner"])]})
    return {
        "games": len(rows),
        "winning_median": statistics.median(wins),
        "winning_iqr": [q[0], q[2]],
        "winning_range": [wins[0], wins[-1]],
        "winner_points_by_source_mean": {
            k: round(statistics.mean(r["by_source"][int(r["winner"])].get(k, 0) for r in rows), 1)
            for k in sources},
        "three_loan_player_games": sum(1 for r in rows for n in r.get("loans", []) if n >= 3),
        "c_games_with_refines": industrial,
        "c_fastest_industrial_ends_with_soot": fastest_dirty,
        "d_winner_top_source_share_median": round(statistics.median(shares), 2),
        "d_games_top_source_over_half": over_half,
        "d_winner_top_source_counts": source_count,
        "played_share": {n: round(sum(1 for r in rows if r["played"][n] > 0) / len(rows), 2)
                         for n in names},
        "played_mean": {n: round(sum(r["played"][n] for r in rows) / len(rows), 1) for n in names},
        "cpu_mean": round(statistics.mean(float(r["cpu"]) for r in rows), 2),
    }


def main(argv: list[str]) -> None:
    rows: list[dict[str, Any]] = []
    if argv and argv[0] == "figures":
        rows = [json.loads(line) for name in argv[1:] for line in open(name, encoding="utf-8")
                if line.startswith('{"seed"')]
        rows.sort(key=lambda r: int(r["seed"]))
        print(json.dumps(game_figures(rows), indent=1))
        return
    data = load_data(argv[3] if len(argv) > 3 else None)
    print("(a)/(b) one firing at base prices, no passives: outputs, bought inputs, margins (currency)")
    print(f"{'facility':20} tier outputs bought  bought-margin own-chain-margin buy-and-resell")
    for row in recipe_figures(data):
        print(f"{row['facility']:20} {row['tier']:4} {row['outputs']:7} {row['bought_inputs']:6} "
              f"{row['bought_margin']:14} {row['own_margin']:16} {row['buy_and_resell']:14}")
    if len(argv) < 2:
        return
    games, first = int(argv[0]), int(argv[1])
    workers = int(argv[2]) if len(argv) > 2 else 1
    data_dir = argv[3] if len(argv) > 3 else None
    seeds = range(first, first + games)
    one = functools.partial(play, data_dir=data_dir)
    if workers > 1:
        from multiprocessing import Pool

        with Pool(workers) as pool:
            for row in pool.imap_unordered(one, seeds):
                rows.append(row)
                print(json.dumps(row), flush=True)
        rows.sort(key=lambda r: int(r["seed"]))
    else:
        for seed in seeds:
            rows.append(one(seed))
            print(json.dumps(rows[-1]), flush=True)
    if rows:
        print(json.dumps(game_figures(rows), indent=1))


if __name__ == "__main__":
    main(sys.argv[1:])
