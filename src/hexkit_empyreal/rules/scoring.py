"""Scoring and tie-breakers.

Total VP = Goods delivered (1 VP each) + Demand Tile values + Awards.
Ties: most Goods delivered, then most train cars placed (on the map at the
end), then the Company furthest from the Start Player in turn order.
Team Variant: teams score together (see :mod:`.variants.team`); every seat
shows its team's total and teammates are ranked together.

Source: rulebook, Scoring; Tiebreakers; Team Variant.
"""

from __future__ import annotations

from hexkit.game import SHARED_PLACE, ScoreSheet
from hexkit.scoring import rank_with_tiebreaks

from hexkit_empyreal.config import TEAM
from hexkit_empyreal.rules.awards import award_points
from hexkit_empyreal.rules.variants.team import colour_bonus, team_members
from hexkit_empyreal.state import EmpyrealState, data

__all__ = ["score_sheet", "TIEBREAKS", "TIEBREAK_VALUES", "tiebreak_values", "places"]

TIEBREAKS = ("total VP", "most Goods delivered", "most train cars placed", "furthest from the Start Player")


TIEBREAK_VALUES = ("Goods delivered", "train cars placed", "turn position")
"""The numbers behind the tie-breakers after total VP, in :data:`TIEBREAKS` order."""


def tiebreak_values(state: EmpyrealState) -> list[dict[str, int]]:
    """Per seat, the value of each tie-breaker (:data:`TIEBREAK_VALUES`).

    They are shown on the final table, not added to the score: Goods
    delivered, train cars on the map, and the turn position (how many seats
    after the Start Player the Company sits: 0 is the Start Player, and the
    further, the better). In the Team Variant the teams are compared on
    their members' summed Goods and train cars, then their latest seat.

    Source: rulebook, Tiebreakers.
    """
    return [
        {
            TIEBREAK_VALUES[0]: state.players[s].delivered,
            TIEBREAK_VALUES[1]: _cars_placed(state, s),
            TIEBREAK_VALUES[2]: s,
        }
        for s in range(state.config.players)
    ]


def places(sheet: ScoreSheet) -> list[int]:
    """The place (1 = first) of each entry of ``sheet.order``: a seat that
    no tie-breaker separated from the one before (``tied``), or its
    teammate (``same team``), shares that seat's place."""
    out: list[int] = []
    for i in range(len(sheet.order)):
        shared = i and sheet.decided_by[i - 1] in SHARED_PLACE
        out.append(out[-1] if shared else i + 1)
    return out


def _player_parts(state: EmpyrealState, seat: int) -> dict[str, int]:
    """The VP lines of a Company's score (they sum to its total)."""
    ps = state.players[seat]
    values = data(state).rules.demand_values
    return {
        "goods delivered": ps.delivered,
        "demand tiles": sum(values[k] for _, k in ps.tiles),
    }


def _cars_placed(state: EmpyrealState, seat: int) -> int:
    """Train cars on the map: a tie-breaker, not points."""
    return data(state).rules.train_cars - state.players[seat].cars_left


def score_sheet(state: EmpyrealState) -> ScoreSheet:
    """The score sheet (final once the game is over)."""
    n = state.config.players
    if TEAM in state.config.variants:
        return _team_sheet(state)
    parts = [_player_parts(state, s) for s in range(n)]
    for name, pts in award_points(state).items():
        for s in range(n):
            parts[s][f"award: {name}"] = pts[s]
    totals = [sum(p.values()) for p in parts]
    ranking = rank_with_tiebreaks(
        range(n),
        [
            (TIEBREAKS[0], lambda s: totals[s]),
            (TIEBREAKS[1], lambda s: parts[s]["goods delivered"]),
            (TIEBREAKS[2], lambda s: _cars_placed(state, s)),
            (TIEBREAKS[3], lambda s: s),
        ],
    )
    decided = tuple(k or "tied" for k in ranking.decided_by)
    return ScoreSheet(tuple(totals), tuple(parts), tuple(ranking.order), decided)


def _team_sheet(state: EmpyrealState) -> ScoreSheet:
    cfg = state.cfg
    n = cfg.players
    parts = [_player_parts(state, s) for s in range(n)]
    bonus = colour_bonus(state)
    team_total = []
    team_goods = []
    team_cars = []
    for t in range(cfg.teams):
        members = team_members(state, t)
        team_goods.append(sum(parts[s]["goods delivered"] for s in members))
        team_cars.append(sum(_cars_placed(state, s) for s in members))
        team_total.append(sum(parts[s]["goods delivered"] + parts[s]["demand tiles"] for s in members) + bonus[t])
    for s in range(n):
        t = cfg.team_of(s)
        parts[s]["team colour majorities"] = bonus[t]
        parts[s]["team total"] = team_total[t]
    ranking = rank_with_tiebreaks(
        range(cfg.teams),
        [
            (TIEBREAKS[0], lambda t: team_total[t]),
            (TIEBREAKS[1], lambda t: team_goods[t]),
            (TIEBREAKS[2], lambda t: team_cars[t]),
            (TIEBREAKS[3], lambda t: max(team_members(state, t))),
        ],
    )
    order: list[int] = []
    decided: list[str] = []
    for i, t in enumerate(ranking.order):
        members = sorted(team_members(state, t), reverse=True)
        if i:
            decided.append(ranking.decided_by[i - 1] or "tied")
        for j, s in enumerate(members):
            if j:
                decided.append("same team")
            order.append(s)
    totals = tuple(team_total[cfg.team_of(s)] for s in range(n))
    return ScoreSheet(totals, tuple(parts), tuple(order), tuple(decided))
