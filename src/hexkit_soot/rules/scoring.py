"""Final scoring, objectives and tie-breakers.

Total = Public Track + End-Game Public + Hidden.

* Public Track: points scored during play (camps, settlements, upgrades,
  milestones, contracts, upgrades bought).
* End-Game Public: each public objective gives 4 points to the leader and 2
  to the runner-up, full points to every tied player; prestige (2 points per
  level above Neutral, minus 2 per level below: assumed); -1 per 2 soot;
  -6 per loan outstanding.
* Hidden: secret objectives reached.

Tie-breakers, in order: most secret objective points; higher portfolio
(currency plus goods at current prices: assumed reading); lower soot; the
player who triggered Stage 1.

Source: rulebook, "Final Scoring", "Objectives", "Soot" (game end), "Loans".
"""

from __future__ import annotations

from hexkit.game import PlayerId, ScoreSheet
from hexkit.scoring import TieRule, award_places, rank_with_tiebreaks
from hexkit_soot.data import SootData
from hexkit_soot.ledger import D, good_value
from hexkit_soot.rules.milestones import far_camps
from hexkit_soot.state import RAIL, ROAD, SootState

__all__ = ["measure", "objective_points", "secret_points", "portfolio", "final_scores"]


def measure(state: SootState, player: PlayerId, name: str) -> int:
    """The value of an objective measure for ``player``."""
    data = D(state)
    p = state.players[player]
    if name == "camps":
        return sum(1 for c in state.camps.values() if c.owner == player)
    if name == "settlements_founded":
        return p.founded
    if name in ("segments", "rail"):
        want = (RAIL,) if name == "rail" else (ROAD, RAIL)
        total = 0
        for h, kinds in state.route_kind.items():
            owners = state.route_owner[h]
            total += sum(1 for d in range(6) if kinds[d] in want and owners[d] == player)
        return total // 2
    if name in ("facilities", "tier3_facilities"):
        return sum(1 for s in state.settlements.values() for f in s.facilities
                   if f.owner == player and (name == "facilities" or data.facilities[f.name].tier == 3))
    if name == "soot":
        return p.soot
    if name == "prestige":
        return p.prestige
    if name == "currency":
        return p.currency
    if name == "far_camps":
        return far_camps(state, player)
    if name == "camp_categories":
        return len(p.categories)
    if name == "clean_with_facility":
        return int(p.soot <= 3 and measure(state, player, "facilities") > 0)
    if name == "pacts":
        return sum(1 for c in state.communities.values() if c.pact == player)
    if name == "contracts":
        return p.contracts_done
    if name == "currency_no_loans":
        return p.currency if p.loans == 0 else 0
    if name == "upgrades_done":
        return p.town_upgrades
    raise ValueError(f"unknown measure {name!r}")


def objective_points(state: SootState) -> list[dict[str, int]]:
    """Points from each public objective, per player (4/2, ties full to all)."""
    data: SootData = D(state)
    nums = data.numbers
    n = state.config.players
    out: list[dict[str, int]] = [{} for _ in range(n)]
    for idx in state.public:
        obj = data.public_objectives[idx]
        values = {p: measure(state, p, obj.measure) for p in range(n)}
        prizes = award_places(values, (nums.objective_first, nums.objective_second), TieRule.FULL_TO_ALL,
                              minimum=obj.minimum, lower_is_better=obj.lower)
        for p, pts in prizes.items():
            out[p][obj.name] = pts
    return out


def secret_points(state: SootState, player: PlayerId) -> int:
    """Points from ``player``'s kept secret objectives."""
    data = D(state)
    total = 0
    for idx in state.players[player].secrets:
        obj = data.secret_objectives[idx]
        if measure(state, player, obj.measure) >= obj.target:
            total += obj.points
    return total


def portfolio(state: SootState, player: PlayerId) -> int:
    """Currency plus the value of every good the player owns, at current prices."""
    p = state.players[player]
    total = p.currency
    for g, n in p.stock.items():
        total += n * good_value(state, g)
    for goods in p.loose.values():
        for g, n in goods.items():
            total += n * good_value(state, g)
    for c in p.caravans:
        for g, n in c.cargo.items():
            total += n * good_value(state, g)
    return total


def final_scores(state: SootState) -> ScoreSheet:
    """The score sheet (final once the game is over)."""
    nums = D(state).numbers
    n = state.config.players
    objectives = objective_points(state)
    totals = []
    breakdown = []
    secrets = []
    for player in range(n):
        p = state.players[player]
        parts: dict[str, int] = {"public track": p.points}
        for name, pts in objectives[player].items():
            parts[f"objective: {name}"] = pts
        parts["prestige"] = p.prestige * nums.prestige_points_per_level
        parts["soot"] = -(p.soot // nums.soot_points_divisor)
        parts["loans"] = -nums.loan_penalty * p.loans
        hidden = secret_points(state, player)
        parts["secret objectives"] = hidden
        secrets.append(hidden)
        totals.append(sum(parts.values()))
        breakdown.append(parts)
    ranking = rank_with_tiebreaks(
        range(n),
        [
            ("total points", lambda q: totals[q]),
            ("most secret objective points", lambda q: secrets[q]),
            ("higher portfolio", lambda q: portfolio(state, q)),
            ("lower soot", lambda q: -state.players[q].soot),
            ("triggered Stage 1", lambda q: int(state.triggered_by == q)),
        ],
    )
    decided = tuple(d if d is not None else "tied" for d in ranking.decided_by)
    return ScoreSheet(tuple(totals), tuple(breakdown), tuple(ranking.order), decided)
