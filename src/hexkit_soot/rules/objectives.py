"""Objectives: public objectives (most/least, 4 and 2 points) and secret objectives.

Three public objectives are revealed at set-up and scored at the end: 4
points to the leader and 2 to the runner-up, full points to every tied
player (:func:`hexkit.scoring.award_places` with
``TieRule.FULL_TO_ALL_SKIP``). Tied players occupy as many places as they
are (assumed, I55): two tied leaders take first and second place, 4 points
each, and the next player is third, with nothing; "full points" replaces
sharing the places' points (4 + 2 split 3 and 3), it does not create a
further runner-up. Each player keeps 2 of 3 secret
objectives, revealed and scored at the end: reach the target, score the
points. Objective cards are assumed data (``data/scoring.toml``); their
conditions are named measures computed here. The undealt secret objectives
are a core :class:`~hexkit.components.Deck` (:func:`secret_deck`): set-up
deals from its top and puts each discarded one at its bottom
(:mod:`hexkit_soot.rules.setup`).

Source: rulebook, "Objectives".
"""

from __future__ import annotations

from hexkit.components import Deck, EmptyPolicy
from hexkit.game import PlayerId
from hexkit.scoring import TieRule, award_places
from hexkit_soot.data import SootData
from hexkit_soot.ledger import data
from hexkit_soot.rules.milestones import far_camps
from hexkit_soot.state import RAIL, ROAD, SootState, tally

__all__ = ["secret_deck", "measure", "objective_points", "secret_points", "count_scored"]


def secret_deck(state: SootState) -> Deck[int]:
    """The undealt secret objectives as a core :class:`~hexkit.components.Deck` over ``SootState.secret_deck``.

    Objective indexes (into ``SootData.secret_objectives``), bottom first,
    top last, in hidden order. Set-up deals 3 from the top to each player
    and puts each one discarded at the bottom; nothing is ever discarded to
    a pile or reshuffled (policy ``STOP``: a deal from a short deck deals
    what is left). Changing the deck changes the state; the saved state
    keeps its list (the clone copies it as before).

    Args:
        state: the game.

    Source: rulebook, "Set-up" (3 secret objectives dealt, 1 discarded) and
    "Objectives".
    """
    return Deck(state.secret_deck, [], EmptyPolicy.STOP)


def measure(state: SootState, player: PlayerId, name: str) -> int:
    """The value of an objective measure for ``player``.

    Args:
        state: the game.
        player: the seat concerned.
        name: the measure's name (see ``data.MEASURES``).
    """
    soot_data = data(state)
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
                   if f.owner == player and (name == "facilities" or soot_data.facilities[f.name].tier == 3))
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
    """Points from each public objective, per player (4/2, ties full to all; a tie uses up places, I55).

    Args:
        state: the game.
    """
    d: SootData = data(state)
    nums = d.numbers
    n = state.config.players
    out: list[dict[str, int]] = [{} for _ in range(n)]
    for idx in state.public:
        obj = d.public_objectives[idx]
        values = {p: measure(state, p, obj.measure) for p in range(n)}
        prizes = award_places(values, (nums.objective_first, nums.objective_second), TieRule.FULL_TO_ALL_SKIP,
                              minimum=obj.minimum, lower_is_better=obj.lower)
        for p, pts in prizes.items():
            out[p][obj.name] = pts
    return out


def secret_points(state: SootState, player: PlayerId) -> int:
    """Points from ``player``'s kept secret objectives (0 for those a view hides).

    Args:
        state: the game.
        player: the seat concerned.
    """
    d = data(state)
    total = 0
    for idx in state.players[player].secrets:
        if idx < 0:  # another player's objective, hidden in a view: unknown, so not counted
            continue
        obj = d.secret_objectives[idx]
        if measure(state, player, obj.measure) >= obj.target:
            total += obj.points
    return total


def count_scored(state: SootState) -> None:
    """Count, at the game's end, each player's objectives that score
    (public ones with points, kept secret ones reached) in ``state.played``.

    Args:
        state: the game (a full state: secrets known).
    """
    d = data(state)
    for player, prizes in enumerate(objective_points(state)):
        won = sum(1 for pts in prizes.values() if pts > 0)
        won += sum(1 for idx in state.players[player].secrets
                   if idx >= 0 and measure(state, player, d.secret_objectives[idx].measure)
                   >= d.secret_objectives[idx].target)
        tally(state, "objectives_scored", player, won)
