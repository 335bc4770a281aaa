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
from hexkit.scoring import rank_with_tiebreaks
from hexkit_soot.ledger import data, good_value
from hexkit_soot.rules.communities import screened_value
from hexkit_soot.rules.modules import active_modules
from hexkit_soot.rules.objectives import measure, objective_points, secret_points
from hexkit_soot.rules.partners import NAME as PARTNERSHIPS
from hexkit_soot.rules.partners import TieBreak, team_order
from hexkit_soot.rules.shares import share_portfolio
from hexkit_soot.state import SootState

__all__ = [
    "measure", "objective_points", "secret_points", "portfolio", "score_sheet", "score_totals",
    "points_by_source", "tiebreak_values",
]  # objectives re-exported


def portfolio(state: SootState, player: PlayerId) -> int:
    """Currency plus the value of every good the player owns, at current prices
    (with the Shares module, plus 1¤ per share held).

    In another player's view, ingredients whose kind is hidden count at
    :func:`~hexkit_soot.rules.communities.screened_value` each.

    Args:
        state: the game.
        player: the seat concerned.
    """
    p = state.players[player]
    total = p.currency
    if p.screened:
        total += p.screened * screened_value(state)
    for g, n in p.stock.items():
        total += n * good_value(state, g)
    for goods in p.loose.values():
        for g, n in goods.items():
            total += n * good_value(state, g)
    for c in p.caravans:
        for g, n in c.cargo.items():
            total += n * good_value(state, g)
    if state.share_lines:  # module shares: 1¤ of portfolio per share held
        total += share_portfolio(state, player)
    return total


def tiebreak_values(state: SootState, player: PlayerId) -> TieBreak:
    """``player``'s base tie-break values, each higher-is-better, in the rulebook's order.

    Args:
        state: the game.
        player: the seat concerned.

    Returns:
        (secret objective points, portfolio in currency, minus soot, 1 if the seat
        triggered Stage 1 else 0).

    Source: rulebook, "Final Scoring" (tie-breakers).
    """
    return (secret_points(state, player), portfolio(state, player), -state.players[player].soot,
            int(state.triggered_by == player))


def _parts(state: SootState, player: PlayerId, objectives: dict[str, int]) -> dict[str, int]:
    """``player``'s score sheet lines (public objectives already awarded)."""
    nums = data(state).numbers
    p = state.players[player]
    parts: dict[str, int] = {"public track": p.points}
    for name, pts in objectives.items():
        parts[f"objective: {name}"] = pts
    parts["prestige"] = p.prestige * nums.prestige_points_per_level
    parts["soot"] = -(p.soot // nums.soot_points_divisor)
    parts["loans"] = -nums.loan_penalty * p.loans
    for module in active_modules(state):
        parts.update(module.score(state, player))
    parts["secret objectives"] = secret_points(state, player)
    return parts


def points_by_source(state: SootState, player: PlayerId) -> dict[str, int]:
    """``player``'s total split by where the points came from: the public track by
    source (``SootState.points_by``) and the end-game lines of the score sheet
    (objectives summed into one ``objectives`` line); the values sum to the total.

    Args:
        state: the game.
        player: the seat concerned.
    """
    out = {name: counts[player] for name, counts in state.points_by.items()}
    parts = _parts(state, player, objective_points(state)[player])
    out["other"] = out.get("other", 0) + parts.pop("public track") - sum(out.values())
    out["objectives"] = sum(v for k, v in parts.items() if k.startswith("objective: "))
    out.update({k: v for k, v in parts.items() if not k.startswith("objective: ")})
    return out


def score_totals(state: SootState, objectives: list[dict[str, int]] | None = None) -> list[int]:
    """Each player's total as :func:`score_sheet` would give it, without the
    breakdown and ranking (the agents' evaluation calls this at every node).

    Args:
        state: the game.
        objectives: public objective points per seat computed earlier (a search
            reuses one standing for all its nodes); computed now when ``None``.
    """
    if objectives is None:
        objectives = objective_points(state)
    return [sum(_parts(state, q, objectives[q]).values()) for q in range(state.config.players)]


def score_sheet(state: SootState) -> ScoreSheet:
    """The score sheet (final once the game is over).

    With Partnerships on, the order is the partnerships' (best first, partners
    together, ``"same team"``), so the winners are both partners of the winning
    partnership (:func:`~hexkit_soot.rules.partners.team_order`).

    Args:
        state: the game.

    Source: rulebook, "Final Scoring" and "Tie-breakers".
    """
    n = state.config.players
    objectives = objective_points(state)
    breakdown = [_parts(state, q, objectives[q]) for q in range(n)]
    totals = [sum(parts.values()) for parts in breakdown]
    secrets = [parts["secret objectives"] for parts in breakdown]
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
    order = tuple(ranking.order)
    if PARTNERSHIPS in getattr(state.config, "modules", ()):
        tiebreaks = [tiebreak_values(state, q) for q in range(n)]
        order, decided = team_order(n, totals, tiebreaks, order)
    return ScoreSheet(tuple(totals), tuple(breakdown), order, decided)
