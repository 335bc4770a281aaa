"""Team Variant: 2v2, 2v2v2, 3v3.

Seats alternate between teams (seat ``i`` is on team ``i % teams``);
Transfers over a teammate's train car cost 1 mana; 'competitor' never means
a teammate (see :mod:`hexkit_empyreal.rules.network`); no Awards (checked by
the config); a team scores the sum of its members' Goods and Demand Tiles
plus 5 VP for each colour of Good in which it has the most (all tied teams
get it).

Source: rulebook, Team Variant.
"""

from __future__ import annotations

from hexkit.scoring import majorities

from hexkit_empyreal.state import EmpyrealState, data

__all__ = ["team_members", "colour_bonus"]


def team_members(state: EmpyrealState, team: int) -> list[int]:
    """Seats of a team."""
    cfg = state.cfg
    return [s for s in range(cfg.players) if cfg.team_of(s) == team]


def colour_bonus(state: EmpyrealState) -> list[int]:
    """5 VP per colour of Good for each team holding the most of it."""
    cfg = state.cfg
    values = {
        t: {col: sum(state.players[s].goods[col] for s in team_members(state, t)) for col in range(6)}
        for t in range(cfg.teams)
    }
    got = majorities(values, data(state).rules.team_colour_bonus, kinds=range(6))
    return [got[t] for t in range(cfg.teams)]
