"""The strong Soot & Timber agent's plan: progress towards the next steps of the chain.

A one-action lookahead sees a Town upgrade, a Tier 3 facility or a rail
link only when its last action is taken; the goods bought before, the
Builder's walk and the first rail segments gain nothing at once, so the
search never starts them. This module values that progress in points:

* **Goals** (a Town or City upgrade of a settlement the player can reach,
  a Tier 3 facility in a free Central City slot): the share of the goal's
  build cost already held (network, caravans, cards as wild resources) times
  :data:`PROGRESS` of what the goal scores; once it is all held, the Builder
  walking to the goal's hex is worth :data:`WALK` of it more. Only the best
  goal counts, so goods are never counted twice.
* **Rail link**: while First Rail Link is open, the share of the way from
  the Central City to the nearest settlement that the player's own rail
  covers, times the milestone and a little more.

The goals a player can reach are computed once a decision (:func:`plan_of`),
not at every node of the search: route access is a search over the map.

Source: rulebook, "Upgrade Settlement", "Facilities", "Milestones", "Build
Route"; the approach is hexkit's (issue 10).
"""

from __future__ import annotations

import attrs

from hexkit.game import PlayerId
from hexkit.hexes import Hex
from hexkit_soot.config import game_data
from hexkit_soot.rules.access import route_access
from hexkit_soot.rules.contracts import destinations
from hexkit_soot.rules.milestones import rail_reach
from hexkit_soot.rules.network import is_node
from hexkit_soot.rules.settlements import settlement_types_at
from hexkit_soot.rules.structures import free_slots
from hexkit_soot.state import CENTRAL_CITY, SootState

__all__ = ["Goal", "Plan", "plan_of", "rail_reach", "plan_value", "rail_progress", "shopping", "PROGRESS", "WALK"]

PROGRESS = 0.0
"""Share of a goal's worth credited when its whole cost is held (0: off; the macros of
:mod:`hexkit_soot.strong_macro` buy towards the goals instead)."""
WALK = 0.25
"""Share of a goal's worth credited for the Builder standing on its hex (cost held)."""
_RAIL_LINK = 5.0
"""Worth of linking the Central City to a settlement by own rail: the milestone's 3, and the
segments for the segment objectives, faster laden caravans and tolls (4: rail in 17% of games;
7: in all, with the money Tier 3 and upgrades needed gone)."""
_CARGO = 0.8
"""A good on a caravan counts this much towards a goal (it must still reach the site or a node)."""


@attrs.define(frozen=True)
class Goal:
    """One step of the chain the player can work towards.

    Attributes:
        site: the hex where the Builder must stand.
        cost: the goods it takes.
        worth: the points it is worth when done (score and engine).
        kind: ``upgrade`` (Upgrade Settlement), ``build`` (Build Structure),
            ``rail`` (Build Route, rail towards ``site`` from the own rail joined to the Central City)
            ``settle`` (Found Settlement of type ``name``) or ``tile`` (Buy Upgrade of the
            archetype's upgrade tile ``name``, at no site: bought from the network).
        name: the structure built (``build``), the settlement type (``settle``) or the
            upgrade tile (``tile``).
    """

    site: Hex
    cost: dict[str, int]
    worth: float
    kind: str = "upgrade"
    name: str = ""


@attrs.define(frozen=True)
class Plan:
    """The goals of one player for one decision.

    Attributes:
        goals: the goals reachable now.
    """

    goals: tuple[Goal, ...] = ()


def plan_of(state: SootState, seat: PlayerId, left: int) -> Plan:
    """The goals ``seat`` can work towards in ``state`` (computed once a decision).

    Args:
        state: a full (sampled) state.
        seat: the player.
        left: rounds left.

    Returns:
        The plan (no goals in the last round: nothing bought then is used).
    """
    if left < 1:
        return Plan()
    return Plan(tuple(_upgrade_goals(state, seat) + _tier3_goals(state, seat, left) + _rail_goals(state, seat)
                      + _settle_goals(state, seat, left) + _depot_goals(state, seat)
                      + _tile_goals(state, seat, left)))


TILE_ROUNDS = 4
"""Rounds left at most when the archetype's upgrade tiles become goals (buying their goods at the
market is worth it once the goods and currency left would otherwise end the game unscored)."""


def _tile_goals(state: SootState, seat: PlayerId, left: int) -> list[Goal]:
    """The archetype's own upgrade tiles not bought yet, in the last :data:`TILE_ROUNDS` rounds.

    Each scores 1 point (rulebook, §21) for 1 action, 2¤ and two raw goods;
    the one-action search buys one only when its goods happen to be held, so
    players ended the game with 20-140¤ of goods and currency unscored.
    """
    if left > TILE_ROUNDS:
        return []
    data = game_data(state.config)
    p = state.players[seat]
    out = []
    for name in data.upgrades_for(p.archetype):
        up = data.upgrades[name]
        if up.archetype and name not in p.upgrades:
            out.append(Goal(CENTRAL_CITY, dict(up.cost), float(data.numbers.upgrade_points), "tile", name))
    return out


def _depot_goals(state: SootState, seat: PlayerId) -> list[Goal]:
    """A Warehouse at the settlement where the player's held contracts are due, when none of its nodes is.

    A node at the destination puts the whole network there: the goods of a
    contract due at "any settlement" (or a frontier one) are delivered from
    stock, with no caravan haul. The settlement nearest a Builder is chosen;
    the goal is worth the points of the contracts it opens.
    """
    data = game_data(state.config)
    p = state.players[seat]
    if len(p.warehouses) >= data.numbers.warehouses_max or not p.builders:
        return []
    worth: dict[Hex, float] = {}
    for idx in p.contracts:
        ct = data.contracts[idx]
        if ct.destination not in ("Settlement", "Frontier"):
            continue
        sites = [h for h in destinations(state, ct.destination) if not state.settlements[h].struggling]
        if not sites or any(is_node(state, seat, h) for h in sites):
            continue
        for h in sites:
            worth[h] = worth.get(h, 0.0) + ct.points
    if not worth:
        return []
    site = min(worth, key=lambda h: (min(b.distance(h) for b in p.builders) - worth[h], h))
    return [Goal(site, dict(data.facilities["Warehouse"].build), worth[site] + 1.0, "build", "Warehouse")]


_SETTLE_WALK = 4
"""Farthest a Builder is sent to found a settlement (hexes)."""


SETTLE_EACH = False
"""Whether each player's first settlement is a goal (True) or only the map's first (False, the default).
Tried in the eighth round (since rules 0.3.2 a settlement may stand next to the Central City or on the
player's own camp): 4 settlements a game instead of 2, and Refines and Tier 3 sales all but stop (the
founders' food upkeep), winning median lower; docs/agents-soot.md."""


def _settle_goals(state: SootState, seat: PlayerId, left: int) -> list[Goal]:
    """A first settlement (:data:`SETTLE_EACH`), on the best free hex near a Builder (the archetype's limit allowing).

    The hex nearest a Builder is preferred, and among those one 3 hexes from
    the Central City (near enough for a rail link and route access, far
    enough for its own market).
    """
    data = game_data(state.config)
    p = state.players[seat]
    arch = data.archetypes.get(p.archetype)
    if left < 4 or arch is None or p.founded >= arch.settlements or not p.builders:
        return []
    if SETTLE_EACH:
        if p.founded >= 1:
            return []  # each player's first only: each costs its founder food every round
    elif any(h != CENTRAL_CITY for h in state.settlements):
        return []  # only the map's first: each costs its founder food every round (one each: 3.8 a game)
    best: tuple[float, Hex, str] | None = None
    for h in state.tiles:
        near = min(b.distance(h) for b in p.builders)
        if near > _SETTLE_WALK:
            continue
        kinds = settlement_types_at(state, h)
        if not kinds:
            continue
        score = near + 0.5 * abs(h.distance(CENTRAL_CITY) - 3)
        if best is None or (score, h) < (best[0], best[1]):
            best = (score, h, kinds[0])
    if best is None:
        return []
    return [Goal(best[1], dict(data.settlements[best[2]].cost), 4.0, "settle", best[2])]


_RAIL_REACH = 5
"""Farthest settlement (hexes from the Central City) a rail link is planned to."""


def _rail_goals(state: SootState, seat: PlayerId) -> list[Goal]:
    """The next rail segments (two a Build Route) towards the settlement nearest the Central City."""
    if "First Rail Link" in state.milestones:
        return []
    towns = [h for h in state.settlements if h != CENTRAL_CITY and h.distance(CENTRAL_CITY) <= _RAIL_REACH]
    if not towns:
        return []
    reached = rail_reach(state, seat)
    site = min(towns, key=lambda t: (min(r.distance(t) for r in reached), t.distance(CENTRAL_CITY), t))
    gap = min(r.distance(site) for r in reached)
    k = min(2, gap)
    return [Goal(site, {"Iron Ore": k, "Timber": k}, _RAIL_LINK * k / max(1, site.distance(CENTRAL_CITY)),
                 "rail", "rail")] if k else []


def _upgrade_goals(state: SootState, seat: PlayerId) -> list[Goal]:
    """Town and City upgrades of settlements ``seat`` reaches (Soot 5 or less)."""
    data = game_data(state.config)
    p = state.players[seat]
    if p.soot > 5:
        return []
    out = []
    for at, s in sorted(state.settlements.items()):
        if s.kind == "Central City" or s.tier >= len(data.tiers) or s.struggling:
            continue
        if not route_access(state, seat, at):
            continue
        tier = data.tiers[s.tier]
        worth = float(tier.points) + 1.0  # the points and one more slot
        if s.tier == 1 and "First Town" not in state.milestones:
            worth += 3.0
        out.append(Goal(at, dict(tier.cost), worth))
    return out


def _tier3_goals(state: SootState, seat: PlayerId, left: int) -> list[Goal]:
    """A Tier 3 facility in a free Central City slot, while none of ``seat``'s stands there."""
    if left < 3 or left > 10:
        return []
    data = game_data(state.config)
    city = state.settlements.get(CENTRAL_CITY)
    if city is None or free_slots(state, CENTRAL_CITY, seat) <= 0:
        return []
    if any(f.owner == seat for f in city.facilities):
        return []
    worth = 2.0 + 0.7 * min(left, 8) + (3.0 if "First of the Fine Goods" not in state.milestones else 1.0)
    return [Goal(CENTRAL_CITY, dict(ft.build), worth, "build", ft.name)
            for ft in data.facilities.values() if ft.tier == 3]


def _held(state: SootState, seat: PlayerId) -> dict[str, float]:
    p = state.players[seat]
    out: dict[str, float] = {g: float(n) for g, n in p.stock.items()}
    for c in p.caravans:
        for g, n in c.cargo.items():
            out[g] = out.get(g, 0.0) + _CARGO * n
    return out


def plan_value(state: SootState, seat: PlayerId, plan: Plan) -> float:
    """What the progress towards ``plan``'s best goal and the rail link is worth to ``seat``.

    Args:
        state: a full (sampled) state.
        seat: the player.
        plan: the goals (from :func:`plan_of` at the start of the decision).

    Returns:
        Points.
    """
    value = rail_progress(state, seat)
    if not plan.goals or PROGRESS <= 0:
        return value
    held = _held(state, seat)
    wild = float(len(state.players[seat].hand))
    p = state.players[seat]
    best = 0.0
    for goal in plan.goals:
        need = sum(goal.cost.values())
        got = sum(min(float(n), held.get(g, 0.0)) for g, n in goal.cost.items())
        share = min(1.0, (got + min(wild, need - got)) / need) if need else 1.0
        worth = PROGRESS * goal.worth * share
        if share >= 1.0 - 1e-9:
            near = min((b.distance(goal.site) for b in p.builders), default=9)
            worth += WALK * goal.worth * max(0.0, 1.0 - 0.2 * near)
        best = max(best, worth)
    return value + best


def rail_progress(state: SootState, seat: PlayerId) -> float:
    """The share of the way to First Rail Link that ``seat``'s own rail covers, in points.

    Args:
        state: a full (sampled) state.
        seat: the player.

    Returns:
        0 once the milestone is claimed or with no settlement on the map.
    """
    if "First Rail Link" in state.milestones:
        return 0.0
    towns = [h for h, s in state.settlements.items() if h != CENTRAL_CITY]
    if not towns:
        return 0.0
    start = min(CENTRAL_CITY.distance(t) for t in towns)
    reached = rail_reach(state, seat)
    if len(reached) == 1:
        return 0.0
    gap = min(r.distance(t) for r in reached for t in towns)
    return _RAIL_LINK * max(0.0, start - gap) / start if start else 0.0


_SHOPPING = 6
"""Most purchases a turn's search tries."""


def shopping(state: SootState, seat: PlayerId, plan: Plan) -> list[tuple[str, int]]:
    """Purchases worth trying this turn: ``(good, units)`` that the goals or a firing lack.

    The goods missing from each goal's cost (cards not counted), and the
    inputs, a choice input and the use cost's fuel (Coal) or food (Grain)
    missing for one firing of each of ``seat``'s facilities that stand on one
    of its warehouse nodes (where bought goods are in reach). At most 3 units
    each (one Market Transaction).

    Args:
        state: a full (sampled) state.
        seat: the buyer.
        plan: the goals of this decision.

    Returns:
        Up to :data:`_SHOPPING` purchases, the largest shortfall of a good kept.
    """
    stock = state.players[seat].stock
    want: dict[str, int] = {}

    def lack(g: str, n: int) -> None:
        short = min(3, n - stock.get(g, 0))
        if short > 0:
            want[g] = max(want.get(g, 0), short)

    data = game_data(state.config)
    for idx in state.players[seat].contracts:  # bought at the Central City, they are there to deliver
        ct = data.contracts[idx]
        if ct.destination in ("Central City", "Market") or any(
                is_node(state, seat, h) for h in destinations(state, ct.destination)):
            for g, n in ct.goods.items():
                if data.goods[g].kind != "special":
                    lack(g, n)
    first = list(want.items())  # a contract's goods are tried first: the cheapest points on offer
    for goal in plan.goals:
        for g, n in goal.cost.items():
            lack(g, n)
    for at, s in sorted(state.settlements.items()):
        if s.struggling or not is_node(state, seat, at):
            continue
        for f in s.facilities:
            ft = data.facilities.get(f.name)
            if f.owner != seat or ft is None or ft.tier == 0:
                continue
            for g, n in ft.inputs.items():
                lack(g, n)
            if ft.choice and not any(stock.get(g, 0) for g in ft.choice):
                lack(min((g for g in ft.choice if data.goods[g].kind != "special"),
                         key=lambda g: data.goods[g].price), 1)
            if ft.use_amount:
                lack("Coal" if ft.use_kind == "fuel" else "Grain", ft.use_amount)
    rest = sorted(((g, n) for g, n in want.items() if (g, n) not in first), key=lambda gn: -gn[1])
    return (first + rest)[:_SHOPPING]
