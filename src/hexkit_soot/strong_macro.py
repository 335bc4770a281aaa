"""Scripted actions and short plans of the strong Soot & Timber agent.

A :class:`Script` answers the questions of one turn-menu action in a fixed
way (buy this good, sell that one, walk the Builder towards a hex, build or
upgrade this, fire that facility); a question it has no answer for is left
to the search. A :class:`Macro` is a few such actions in a row that end in
one that scores (a Town upgrade, a Tier 3 facility, a firing): the goods
still missing are bought first, then the Builder walks to the site, then the
last action is taken. The agent values a macro on a copy of its sample in
which the purchases and the walk are already done (:func:`virtual`), and
compares the gain per action with its best single action.

Source: rulebook, "Market Economy", "Move", "Build Structure", "Upgrade
Settlement", "Refine"; the approach is hexkit's (issue 10).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from hexkit.game import PlayerId
from hexkit.hexes import Hex
from hexkit_soot.actions import BuildSegment, FireFacility, SootDecision
from hexkit_soot.config import game_data
from hexkit_soot.grid import code_edge, code_hex, hex_code
from hexkit_soot.ledger import from_supply
from hexkit_soot.rules.market import buy_price, max_units, sell_price
from hexkit_soot.rules.network import is_node, network_room
from hexkit_soot.state import CENTRAL_CITY, SootState, add_goods
from hexkit_soot.strong_plan import Plan, rail_reach

__all__ = ["Script", "Macro", "macros", "virtual", "sales"]

_UNITS = 3
"""Units bought in one Market Transaction (the rulebook's 3)."""


_BOUND = frozenset({"market.where", "market.good", "market.qty", "move.agent", "move.walk", "structure.build",
                    "settlement.upgrade", "settlement.found", "route.kind", "route.edge", "upgrade.buy"})
"""Questions a script answers itself."""


@attrs.define(frozen=True)
class Script:
    """Fixed answers to one turn-menu action's questions.

    Attributes:
        action: the turn-menu answer's code (``Market Transaction``, ``Move``,
            ``Build Structure``, ``Upgrade Settlement``, ``Refine``).
        good: the good traded.
        units: how many.
        side: ``buy`` or ``sell``.
        site: the hex walked to, built on, upgraded or fired at.
        name: the structure built or the facility fired (``rail`` for Build Route).
        reach: for rail, the hexes the own rail already joins to the Central City
            (a segment from one of them, ending nearest ``site``, is laid).
    """

    action: str
    good: str = ""
    units: int = 0
    side: str = "buy"
    site: Hex = CENTRAL_CITY
    name: str = ""
    reach: frozenset[Hex] = frozenset()

    def answer(self, step: SootDecision, legal: Sequence[Any]) -> Any | None:
        """This script's answer to ``step`` (None: left to the search).

        Args:
            step: the question.
            legal: its answers.
        """
        kind = step.kind
        if kind == "market.where":
            return next((a for a in legal if a.arg == hex_code(self.site)), None)
        if kind == "market.good":
            return next((a for a in legal if a.code == self.side and a.label.startswith(f"{self.side} {self.good} at ")),
                        None)
        if kind == "market.qty":
            return max((a for a in legal if a.arg <= self.units), key=lambda a: a.arg, default=None)
        if kind == "move.agent":
            return self._agent(legal)
        if kind == "move.walk":
            return min(legal, key=lambda a: code_hex(a.arg).distance(self.site), default=None)
        if kind == "structure.build":
            return next((a for a in legal if a.label == f"build {self.name} at {self.site}"), None)
        if kind == "route.kind":
            return next((a for a in legal if a.code == self.name), None)
        if isinstance(step, BuildSegment):
            return self._edge(step.built, legal)
        if kind == "settlement.found":
            return next((a for a in legal if a.label == f"found {self.name} at {self.site}"), None)
        if kind == "settlement.upgrade":
            return next((a for a in legal if a.arg == hex_code(self.site)), None)
        if kind == "upgrade.buy":
            return next((a for a in legal if a.label == f"buy upgrade {self.name}"), None)
        if isinstance(step, FireFacility) and not step.fired:
            return next((a for a in legal if a.label.startswith(f"fire {self.name} at {self.site}")), None)
        return None

    def _edge(self, built: int, legal: Sequence[Any]) -> Any | None:
        """The segment from the joined rail that ends nearest the site (``done`` when none gets nearer).

        The first segment starts on :attr:`reach`; the second may start where
        the first ended (a hex next to it, nearer the site than all of it).
        """
        start = min((r.distance(self.site) for r in self.reach), default=99)
        best, gap = None, 99
        for a in legal:
            if a.code != "edge":
                continue
            h, d = code_edge(a.arg)
            n = h.neighbors()[d]
            for near, far in ((h, n), (n, h)):
                joined = near in self.reach or (built >= 1 and near.distance(self.site) < start
                                                and any(x in self.reach for x in near.neighbors()))
                if joined and far not in self.reach and far.distance(self.site) < min(gap, near.distance(self.site)):
                    best, gap = a, far.distance(self.site)
        if best is None:
            return next((a for a in legal if a.code == "done"), None)
        return best

    def _agent(self, legal: Sequence[Any]) -> Any | None:
        for a in legal:
            if a.label.startswith("move Builder at ") and a.label != f"move Builder at {self.site}":
                return a
        return next((a for a in legal if a.code == "done"), None)

    def binds(self, step: SootDecision) -> bool:
        """Whether the script must answer ``step`` (else it fails): every question of its choices.

        Args:
            step: the question.
        """
        return step.kind in _BOUND or (isinstance(step, FireFacility) and not step.fired)


@attrs.define(frozen=True)
class Macro:
    """Purchases, a walk and a last action that scores.

    Attributes:
        steps: the scripts in order (purchases, the walk, the last action).
        goods: the goods bought, by name.
        spend: the currency they cost.
        chain: whether it is a step of the industrial chain (a Tier 3 facility,
            a firing, an upgrade) that the agent takes even when a single
            action gains more now.
    """

    steps: tuple[Script, ...]
    goods: tuple[tuple[str, int], ...]
    spend: int
    chain: bool = True

    @property
    def key(self) -> tuple[str, str, Hex]:
        """What the macro ends in: the last action, its structure or facility, its hex."""
        last = self.steps[-1]
        return last.action, last.name, last.site


def _walk(state: SootState, seat: PlayerId, site: Hex) -> list[Script]:
    """Moves that bring the nearest Builder onto ``site`` (none when one stands there; 2 hexes a Move)."""
    builders = state.players[seat].builders
    if not builders:
        return []
    near = min(b.distance(site) for b in builders)
    return [Script("Move", site=site)] * ((near + 1) // 2)


def _purchases(state: SootState, seat: PlayerId, cost: dict[str, int], wild: int,
               keep: int = 0, partial: bool = False) -> tuple[list[Script], dict[str, int], int] | None:
    """The Market Transactions that complete ``cost`` (cards cover up to ``wild`` units); None if
    unaffordable with ``keep`` currency left for the last action (``partial``: if the first
    purchase is unaffordable; the rest is bought as currency comes in)."""
    p = state.players[seat]
    short = {g: n - p.stock.get(g, 0) for g, n in cost.items() if n > p.stock.get(g, 0)}
    for g in sorted(short, key=lambda g: short[g]):  # cards cover the smallest shortfalls first
        if wild <= 0:
            break
        use = min(wild, short[g])
        short[g] -= use
        wild -= use
    steps: list[Script] = []
    bought: dict[str, int] = {}
    spend = 0
    for g, n in sorted(short.items(), key=lambda gn: -gn[1]):
        if n <= 0:
            continue
        if state.supply.count(g) < n or game_data(state.config).goods[g].kind == "special":
            return None
        spend += n * buy_price(state, seat, g)
        bought[g] = n
        steps.extend(Script("Market Transaction", good=g, units=min(_UNITS, n - k)) for k in range(0, n, _UNITS))
    sales_, income = _room(state, seat, sum(bought.values()), cost)
    if sales_ is None:
        return None
    if partial and steps:
        first = steps[0]
        if first.units * buy_price(state, seat, first.good) > p.currency + income:
            return None
    elif spend + keep > p.currency + income:
        return None
    for sale in sales_:
        bought[sale.good] = bought.get(sale.good, 0) - sale.units
    return sales_ + steps, bought, spend - income


def _room(state: SootState, seat: PlayerId, units: int, cost: dict[str, int]) -> tuple[list[Script] | None, int]:
    """Sales at the Central City that make network room for ``units`` bought goods, and their income.

    The goods held most that ``cost`` does not use go first (the network
    fills with exploration grants). None when no sales make the room.
    """
    room = network_room(state, seat)
    if units <= room:
        return [], 0
    goods = game_data(state.config).goods
    stock = state.players[seat].stock
    spare = sorted(((n, g) for g, n in stock.items() if g not in cost and goods[g].kind != "special" and n > 0),
                   reverse=True)
    out, income, most = [], 0, max_units(state, seat)
    for n, g in spare:
        if units <= room:
            break
        k = min(n, most, units - room)
        out.append(Script("Market Transaction", good=g, units=k, side="sell"))
        income += k * sell_price(state, seat, g, CENTRAL_CITY)
        room += k
    return (out, income) if units <= room else (None, 0)


def _firing_cost(state: SootState, name: str) -> dict[str, int]:
    """One firing's goods: inputs, the cheapest choice input, the use cost in Coal or Grain."""
    data = game_data(state.config)
    ft = data.facilities[name]
    cost = dict(ft.inputs)
    if ft.choice:
        pick = min((g for g in ft.choice if data.goods[g].kind != "special"), key=lambda g: data.goods[g].price)
        cost[pick] = cost.get(pick, 0) + 1
    if ft.use_amount:
        g = "Coal" if ft.use_kind == "fuel" else "Grain"
        cost[g] = cost.get(g, 0) + ft.use_amount
    return cost


_FIRE_SHARE = 1.0
"""Share of a Tier 3 facility's first firing that must be affordable after building it (0.6, the
rest to come in over the next rounds, left facilities unfired: Tier 3 sales in 0-33% of games)."""


def _can_run(state: SootState, seat: PlayerId, name: str, spend: int) -> bool:
    """Whether ``seat`` can still buy one firing of ``name`` after spending ``spend`` on building it."""
    ft = game_data(state.config).facilities.get(name)
    if ft is None or ft.tier != 3:
        return True
    stock = state.players[seat].stock
    fire = sum(max(0, n - stock.get(g, 0)) * buy_price(state, seat, g) for g, n in _firing_cost(state, name).items())
    return state.players[seat].currency - spend >= _FIRE_SHARE * fire


def macros(state: SootState, seat: PlayerId, plan: Plan) -> list[Macro]:
    """The macros worth valuing at this turn: the plan's goals, and one firing of each own facility at a node.

    Args:
        state: a full (sampled) state, at ``seat``'s turn menu.
        seat: the player.
        plan: the goals of this decision.
    """
    wild = len(state.players[seat].hand)
    out = []
    for goal in plan.goals:
        keep = game_data(state.config).numbers.settlement_currency if goal.kind == "settle" else 0
        if goal.kind == "tile":
            keep = game_data(state.config).upgrades[goal.name].currency
        bought = _purchases(state, seat, goal.cost, wild, keep)
        if bought is None:
            continue
        if goal.kind == "build" and not _can_run(state, seat, goal.name, bought[2]):
            continue
        if goal.kind == "rail":
            last = Script("Build Route", site=goal.site, name="rail", reach=frozenset(rail_reach(state, seat)))
            out.append(Macro((*bought[0], last), tuple(bought[1].items()), bought[2]))
            continue
        if goal.kind == "tile":  # no walk: an upgrade tile is paid from the network
            out.append(Macro((*bought[0], Script("Buy Upgrade", name=goal.name)), tuple(bought[1].items()), bought[2]))
            continue
        last = {"upgrade": Script("Upgrade Settlement", site=goal.site),
                "settle": Script("Found Settlement", site=goal.site, name=goal.name)}.get(
                    goal.kind, Script("Build Structure", site=goal.site, name=goal.name))
        out.append(Macro((*bought[0], *_walk(state, seat, goal.site), last), tuple(bought[1].items()), bought[2]))
    data = game_data(state.config)
    for at, s in sorted(state.settlements.items()):
        if s.struggling or not is_node(state, seat, at):
            continue
        for f in s.facilities:
            if f.owner != seat or data.facilities[f.name].tier == 0:
                continue
            bought = _purchases(state, seat, _firing_cost(state, f.name), 0, partial=True)
            if bought is not None:
                out.append(Macro((*bought[0], Script("Refine", site=at, name=f.name)),
                                 tuple(bought[1].items()), bought[2]))
    return out


def virtual(state: SootState, seat: PlayerId, macro: Macro) -> SootState:
    """``state`` (a copy made by the caller) with ``macro``'s purchases and walk done, in place.

    Args:
        state: the copy to change.
        seat: the player.
        macro: the macro.

    Returns:
        ``state``.
    """
    p = state.players[seat]
    for g, n in macro.goods:
        add_goods(p.stock, g, n)
        from_supply(state, g, n)  # bought: at most what the supply holds (macro checks it)
    p.currency -= macro.spend
    state.invalidate_legal()  # changed by hand: the answers are listed afresh
    last = macro.steps[-1]
    if last.action not in ("Refine", "Buy Upgrade") and p.builders:
        i = min(range(len(p.builders)), key=lambda k: p.builders[k].distance(last.site))
        p.builders[i] = last.site
    return state


def sales(state: SootState, seat: PlayerId) -> list[Script]:
    """Sales of the Tier 3 goods ``seat`` holds at the Central City (loose there or on a caravan there).

    Args:
        state: a full (sampled) state.
        seat: the seller.
    """
    data = game_data(state.config)
    p = state.players[seat]
    here: dict[str, int] = dict(p.loose.get(CENTRAL_CITY, {}))
    for c in p.caravans:
        if c.loc == CENTRAL_CITY:
            for g, n in c.cargo.items():
                here[g] = here.get(g, 0) + n
    return [Script("Market Transaction", good=g, units=n, side="sell") for g, n in sorted(here.items())
            if n > 0 and data.goods[g].kind == "tracked" and data.goods[g].tier == 3]
