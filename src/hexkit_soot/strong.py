"""A strong Soot & Timber agent: an engine evaluation and a lookahead over whole actions.

The agent sees only its view. At its turn menu it plays each candidate main
action through to its end on a sampled state (each sub-question of the
action answered greedily by the same evaluation) and takes the action whose
end position it values most; the rest of the chosen action's answers are
then replayed from that plan while they stay legal. The evaluation values
the engine, not points now: camps by what they will still produce,
facilities by the firings left, the Builder standing where it can found
something, contracts by how much of their goods are in hand, and currency at
a weight that falls towards the end (points are what count then). Loans cost
their 6 points at once in the evaluation, so they are taken only when what
they buy is worth more. Trades are never offered and always declined, and
blind bids are 0: they are rarely worth an answer. Two terms keep the
engine in view: the tiles left above the Frontier Closes marker are worth
points to everyone (an agent that explores every turn ends the game by
round 6, before any chain runs), and a facility gains as the inputs of a
firing come within its reach, each Refine made counting as progress.

Source: rulebook (all sections); the approach is hexkit's (issue 10).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from hexkit.agents.greedy import own_view
from hexkit.errors import IllegalActionError
from hexkit.game import Game, PlayerId, State
from hexkit.hexes import Hex
from hexkit.rng import Rng
from hexkit_soot.actions import SOOT_DECISIONS, Choose, SootDecision
from hexkit_soot.config import game_data
from hexkit_soot.data import FacilityType
from hexkit_soot.ledger import good_value
from hexkit_soot.rules.modules import module_value, rival_seats
from hexkit_soot.rules.contracts import deliverable_at, destinations
from hexkit_soot.rules.network import pool_at
from hexkit_soot.rules.objectives import measure, objective_points, secret_points
from hexkit_soot.rules.scoring import portfolio, score_totals
from hexkit_soot.state import CENTRAL_CITY, SootState
from hexkit_soot.strong_macro import Macro, Script, macros, sales, virtual
from hexkit_soot.strong_plan import Plan, plan_of, plan_value, shopping
from hexkit_soot.strong_turn import hand_back

__all__ = ["StrongSootAgent", "engine_value"]

_SKIP = frozenset({"Offer Trade", "Abandon Contract", "Take Loan", "Discard for Action", "Spend Card",
                   "Provisioner", "Abandon Camp", "Overtime"})
"""Turn-menu answers never searched (never worth it, or taken by a rule)."""
_ALWAYS = ("Fulfil Contract", "Deliver Binding")
"""Turn-menu answers taken at once whenever offered (free points or owed goods)."""
_FREE = frozenset({"Claim Contract", "Hire Worker", "End Strike", "Buy Share"})
"""Free turn-menu answers taken before the main action when they gain anything (see ``_free_claim``;
module labor: hiring a worker and ending a strike; module shares: ``Buy Share``; valued by the
modules' ``value`` hooks)."""
_CLAIM_BAR = 0.05
_SWAP_BAR = 1.0
"""Least gain (points) of abandoning a held contract and claiming a row one instead."""
_RENEWABLE = frozenset({"Farm", "Ranch", "Lumber Camp"})
_CHAIN_DEPTH = 10
_SAMPLED = frozenset({"route.edge"})
"""Sub-questions whose answers a lookahead values only a sample of (a route's next edge: the
widest menu, and half of the search's time when all were tried)."""
_SAMPLE = 6
_SETTLEMENT_PROMISE = 1.0
"""Points an own settlement is worth per round left (at most 8): what can be built on it."""
_STACK_TILE = 0.5
"""Points each tile left above the Frontier Closes marker is worth (time for the engine to run)."""
_STAGE_INPUTS = 3.0
"""Points an own facility gains when one firing's inputs are in its reach."""
_STAGE_REFINED = 5.0
"""Points each Refine the player made is worth to the search (falling in the last rounds)."""
_MACRO_BAR = 0.5
"""A macro is taken when its gain per action is this share of the best single action's gain or more
(its last step pays for the set-up that a single action's lookahead does not see)."""
_FINE_GOODS = 3.0
"""An own Tier 3 facility's worth while First of the Fine Goods is unclaimed (its first firing claims it)."""
_STAGE_UPGRADE = 3.0
"""Points each settlement upgrade the player made is worth to the search beyond its score (the slots
and City privileges it opens; falling in the last rounds)."""
_SOLD_TIER3 = 5.0
"""Points each Tier 3 unit the player sold is worth to the search (the chain's last step; 1.0 with
nothing for making them left Tier 3 facilities unfired: a firing from bought inputs loses money).
Ninth round: 3.0 -> 5.0, since a unit held is worth ``_TIER3_HELD`` (2.0) and a sale gained only 1 over
it for an action (seeds 300-323: Tier 3 units sold 0.9 -> 1.7 a game, in 58% -> 62% of games; winning
score +0.12 game for game; docs/agents-soot.md)."""
_PLAN_TOP = 3
"""Turn planner: how many of the best first actions (by the one-action search) are also valued by their
best follow-up action (0: the planner is off)."""
_PLAN_FOLLOW = frozenset({"Found Camp", "Extract", "Refine", "Found Settlement", "Upgrade Settlement",
                          "Build Structure", "Build Route", "Market Transaction"})
"""Turn planner: the main actions tried as the follow-up (those that score or complete a set-up; every
main action as follow-up, tried first, cost 34 s a game)."""
_MONEY_START = 0.5
_MONEY_END = 0.15
_CONTRACT_HELD = 0.6
"""Share of a held contract's points credited for the share of its goods in hand."""
_TIER3_HELD = 2.0
"""Points each Tier 3 unit the player holds is worth to the search (made, not yet sold)."""


def _rounds_left(state: SootState) -> int:
    last = state.last_round or 13
    return max(0, last - state.round)


def engine_value(state: SootState, seat: PlayerId, objectives: list[dict[str, int]] | None = None,
                 plan: Plan | None = None) -> float:
    """What ``seat``'s position is worth in points: score so far plus the engine's promise.

    Args:
        state: a full (sampled) state.
        seat: the player valued.
        objectives: public objective standings to reuse (the search computes
            them once a decision: one action rarely moves them, and they are
            the costliest part of the score); computed from ``state`` when ``None``.
        plan: the player's goals for this decision (:func:`~hexkit_soot.strong_plan.plan_of`);
            computed from ``state`` when ``None``.

    Returns:
        The value; the best rival's score so far counts against it a little.
    """
    data = game_data(state.config)
    totals = _totals(state, seat, objectives)
    p = state.players[seat]
    left = _rounds_left(state)
    late = left / 13.0
    value = float(totals[seat])
    value += portfolio(state, seat) * _money_weight(late)
    camp_kinds = data.camps
    for h, camp in state.camps.items():
        if camp.owner != seat:
            continue
        kind = camp_kinds[camp.kind]
        if camp.kind in _RENEWABLE:
            good = kind.produces
            value += 0.25 * min(left, 8) * good_value(state, good)
        else:
            value += 0.6 * min(state.stacks.get(h, 0), 2 * left)
    for at, s in state.settlements.items():
        if s.founder == seat:  # room for facilities, a market, the upgrade path
            value += _SETTLEMENT_PROMISE * min(left, 8)
        for f in s.facilities:
            if f.owner == seat and f.name != "Warehouse":  # a Tier 3 facility eats 2 food a round
                fine = data.facilities[f.name].tier == 3
                value += 2.0 + (0.4 if fine else 0.7) * min(left, 8)
                if fine and "First of the Fine Goods" not in state.milestones:
                    value += _FINE_GOODS
    for w in p.warehouses:  # a node where the player's facility stands lets it refine from the network
        here = state.settlements.get(w)
        value += 4.0 if here is not None and any(f.owner == seat for f in here.facilities) else 1.0
    if p.archetype and left > 0:
        arch = data.archetypes[p.archetype]
        free = _free_site(state)
        if p.camps_founded < arch.camps:
            for b in p.builders:
                if b in free:
                    value += 1.0 + (0.8 if free[b] else 0.0)
        sites = [h for h, camp in state.camps.items() if camp.owner == seat and state.stacks.get(h, 0) > 0]
        for c in p.caravans:
            if sites:
                near = min(c.loc.distance(h) for h in sites)
                value += max(0.0, 0.8 - 0.15 * near)
    value += _contracts_value(state, seat, late)
    value += _secrets_value(state, seat)
    value += _chain_stages(state, seat, late)
    value += plan_value(state, seat, plan if plan is not None else plan_of(state, seat, left))
    if not state.frontier_closed:  # every tile drawn brings the Frontier Closes marker nearer
        value += _STACK_TILE * max(0, len(state.tile_stack) - state.below_marker)
    value += 0.3 * len(p.hand) * late
    value -= 2.0 * p.overtime
    others = [totals[q] for q in rival_seats(state, seat)]  # every other seat but a partner
    value += module_value(state, seat)  # optional modules' terms (the Trust's threat); 0 without modules
    return value - 0.2 * (max(others) if others else 0)


def _money_weight(late: float) -> float:
    """Points one ¤ of portfolio is worth with ``late`` (rounds left / 13) of the game to go: about what
    it buys in points while there is time to spend it, falling to ``_MONEY_END`` (a tie-break only)."""
    return _MONEY_END + (_MONEY_START - _MONEY_END) * min(1.0, late)


_SECRET_PROGRESS = 0.6
"""Share of a kept secret objective's points credited for the share of its target reached (the score
counts it only once reached: without this a one-action search never works towards one)."""


def _secrets_value(state: SootState, seat: PlayerId) -> float:
    """Progress towards ``seat``'s kept secret objectives not reached yet (reached ones are in the score)."""
    data = game_data(state.config)
    value = 0.0
    for idx in state.players[seat].secrets:
        if idx < 0:
            continue
        obj = data.secret_objectives[idx]
        got = measure(state, seat, obj.measure)
        if got < obj.target:
            value += _SECRET_PROGRESS * obj.points * got / obj.target
    return value


def _contracts_value(state: SootState, seat: PlayerId, late: float) -> float:
    """Held contracts: one deliverable now is worth what fulfilling it pays (a free action taken at
    the next turn menu, which a one-action lookahead does not reach); the others by the share of
    their goods in hand, and only where their destination exists on the map."""
    data = game_data(state.config)
    p = state.players[seat]
    value = 0.0
    for idx in p.contracts:
        ct = data.contracts[idx]
        if deliverable_at(state, seat, idx) is not None:
            value += ct.points + ct.currency * _money_weight(late)
            continue
        if not destinations(state, ct.destination):
            continue
        need = sum(ct.goods.values()) or 1
        have = sum(min(n, p.stock.get(g, 0) + sum(c.cargo.get(g, 0) for c in p.caravans))
                   for g, n in ct.goods.items())
        value += 0.3 + ct.points * _CONTRACT_HELD * have / need
    return value


def _totals(state: SootState, seat: PlayerId, objectives: list[dict[str, int]] | None) -> list[int]:
    """Each player's score as the final scoring would give it now; rivals without their secret objectives.

    A rival's secrets are only sampled in the agent's state, and measuring
    them at every node of the search was a fifth of its time; ``seat``'s own
    are counted.
    """
    if getattr(state.config, "modules", None):  # a module scores its own lines: the full sheet
        return score_totals(state, objectives)
    nums = game_data(state.config).numbers
    if objectives is None:
        objectives = objective_points(state)
    out = []
    for q, p in enumerate(state.players):
        total = (p.points + sum(objectives[q].values()) + p.prestige * nums.prestige_points_per_level
                 - p.soot // nums.soot_points_divisor - nums.loan_penalty * p.loans)
        out.append(total + (secret_points(state, q) if q == seat else 0))
    return out


def _chain_stages(state: SootState, seat: PlayerId, late: float) -> float:
    """Progress along the industrial chain: inputs in a facility's reach, inputs hauled, refined goods held.

    Each own facility (not the Warehouse) is worth up to ``_STAGE_INPUTS``
    (the best rival facility, which can be rented, half of that)
    more as the goods one firing consumes come within its reach (caravans on
    its hex, loose goods there, the network at a node); inputs on a caravan
    elsewhere count at a discount that falls with the distance, so a haul is
    worth starting. Each Refine made (the ``refines`` counter) earns a bonus
    that shrinks towards the end, so firing beats leaving inputs idle
    (bought goods do not earn it, so buying refined goods is not rewarded).

    Args:
        state: a full (sampled) state.
        seat: the player valued.
        late: rounds left / 13.
    """
    if late <= 0:
        return 0.0
    data = game_data(state.config)
    p = state.players[seat]
    value = 0.0
    rented = 0.0
    for at, s in state.settlements.items():
        for f in s.facilities:
            if f.name == "Warehouse" or s.struggling:
                continue
            stage = _reach_stage(state, seat, at, data.facilities[f.name])
            if f.owner == seat:
                value += stage
            else:
                rented = max(rented, 0.5 * stage)
    value += rented
    fired = state.played.get("refines")
    if fired:
        value += _STAGE_REFINED * fired[seat] * min(1.0, 2 * late)
    upgraded = state.played.get("settlement_upgrades")
    if upgraded:
        value += _STAGE_UPGRADE * upgraded[seat] * min(1.0, 2 * late)
    sold = state.played.get("tier3_sold")
    if sold:
        value += _SOLD_TIER3 * sold[seat]
    return value + _TIER3_HELD * _tier3_held(state, seat)


def _tier3_held(state: SootState, seat: PlayerId) -> int:
    """Tier 3 units ``seat`` holds (loose where they were made, or on its caravans)."""
    goods = game_data(state.config).goods
    p = state.players[seat]
    n = sum(k for here in p.loose.values() for g, k in here.items() if goods[g].tier == 3)
    return n + sum(k for c in p.caravans for g, k in c.cargo.items() if goods[g].tier == 3)


def _reach_stage(state: SootState, seat: PlayerId, at: Hex, ft: FacilityType) -> float:
    """How much of one firing of ``ft`` at ``at`` is in ``seat``'s reach or on its way (0 to ``_STAGE_INPUTS``).

    The inputs, one unit of a choice input (Luxury Manufactory) and the use
    cost's fuel or food all count.
    """
    data = game_data(state.config)
    pool = pool_at(state, seat, at)
    need = sum(ft.inputs.values()) + (1 if ft.choice else 0) + ft.use_amount or 1
    got = sum(min(n, pool.get(g, 0)) for g, n in ft.inputs.items())
    if ft.choice:
        got += min(1, sum(pool.get(g, 0) for g in ft.choice))
    if ft.use_amount:
        goods = data.goods
        fuel = ft.use_kind == "fuel"
        spare = sum((goods[g].fuel if fuel else goods[g].food) * max(0, n - ft.inputs.get(g, 0))
                    for g, n in pool.items() if g in goods)
        got += min(ft.use_amount, spare)
    hauled = 0.0
    for c in state.players[seat].caravans:
        if c.loc != at:
            carry = sum(min(n, c.cargo.get(g, 0)) for g, n in ft.inputs.items())
            hauled += carry * max(0.0, 1.0 - 0.12 * c.loc.distance(at))
    return _STAGE_INPUTS * min(1.0, (got + 0.7 * min(hauled, need - got)) / need)


_DEEPER = frozenset({"market.qty"})
"""Sub-questions whose answers the one that opened them is valued through."""


def _asks_more(game: Game[Any, Any], child: SootState, player: PlayerId) -> bool:
    """Whether ``child`` waits on ``player``'s next answer to a question in :data:`_DEEPER`."""
    if not child.pending or game.is_over(child):
        return False
    step = child.pending[-1]
    return isinstance(step, SOOT_DECISIONS) and step.player == player and step.kind in _DEEPER


def _free_site(state: SootState) -> dict[Any, bool]:
    """Explored hexes where a camp might go: hex -> whether it has a printed site."""
    tiles = game_data(state.config).tile_list()
    out = {}
    for h, t in state.tiles.items():
        if t < 0 or h == CENTRAL_CITY or h in state.camps or h in state.settlements or h in state.communities:
            continue
        out[h] = bool(tiles[t][1])
    return out


class StrongSootAgent:
    """Plays each main action to its end on a sampled state and keeps the best (see module doc).

    Args:
        seed: seeds the agent's own stream (sampling of hidden parts, ties).
    """

    name = "strong"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)
        self.plan: list[Choose] = []
        self.objectives: list[dict[str, int]] | None = None
        self.goals: Plan | None = None
        self.commit: tuple[str, str, Hex] | None = None

    def act(self, game: Game[Any, Any], view: State, legal: Sequence[Any]) -> Any:
        """Return one element of ``legal``.

        Args:
            game: the rules (Soot & Timber).
            view: the state as this player sees it.
            legal: the legal answers.
        """
        if len(legal) == 1:
            self.plan.clear()
            return legal[0]
        player, seen = own_view(game, view)
        assert isinstance(seen, SootState)
        step = seen.pending[-1]
        assert isinstance(step, SOOT_DECISIONS)
        while self.plan:
            planned = self.plan.pop(0)
            if planned in legal and step.kind != "turn":
                return next(a for a in legal if a == planned)
            self.plan.clear()
        ruled = self._rule(seen, step, legal)
        if ruled is not None:
            return ruled
        sample = game.determinize(seen, player, self.rng)
        self.objectives = objective_points(sample)
        self.goals = plan_of(sample, player, _rounds_left(sample))
        if step.kind == "turn":
            return self._turn(game, sample, player, legal)
        return self._greedy(game, sample, player, legal)[0]

    # -- rules for the questions that need no search --------------------------
    def _rule(self, state: SootState, step: SootDecision, legal: Sequence[Any]) -> Any | None:
        codes = {a.code: a for a in legal}
        if step.kind == "trade.answer":
            return codes.get("decline")
        if step.kind == "cards.bid":  # one answer per bid (0 up to the purse): the agent bids 0
            return min(legal, key=lambda a: a.arg)
        if step.kind == "turn":
            for code in _ALWAYS:
                if code in codes:
                    return codes[code]
            p = state.players[step.player]
            if "Repay Loan" in codes and (p.currency >= 12 or (_rounds_left(state) <= 1 and p.currency >= 7)):
                return codes["Repay Loan"]
        return None

    # -- search ------------------------------------------------------------
    def _turn(self, game: Game[Any, Any], sample: SootState, player: PlayerId, legal: Sequence[Any]) -> Any:
        game.legal_actions(sample)
        claim = self._free_claim(game, sample, player, legal)
        if claim is not None:
            return claim
        candidates = [a for a in legal if a.code not in _SKIP and a.code not in _FREE]
        tried: list[tuple[float, int, Any, list[Choose], SootState | None]] = []
        for action in candidates:
            value, plan, child = self._play(game, sample, player, action)
            tried.append((value, len(tried), action, plan, child))
        market = next((a for a in candidates if a.code == "Market Transaction"), None)
        if market is not None:
            buys = [Script("Market Transaction", good=g, units=n) for g, n in shopping(sample, player, self.goals or Plan())]
            for script in buys + sales(sample, player):
                value, plan, child = self._play(game, sample, player, market, script)
                tried.append((value, len(tried), market, plan, child))
        best, best_value, best_plan = candidates[0], -math.inf, []
        for value, _, action, plan, _child in tried:
            if value > best_value + 1e-9:
                best, best_value, best_plan = action, value, plan
        if _PLAN_TOP and sample.players[player].actions >= 2:
            best, best_plan = self._plan_turn(game, player, tried, best, best_plan)
        macro = self._best_macro(game, sample, player, best_value)
        if macro is not None:
            first = macro.steps[0]
            action = next((a for a in legal if a.code == first.action), None)
            if action is not None:
                value, plan = self._chain(game, sample, player, action, first)
                if value > -math.inf:
                    best, best_plan = action, plan
        self.plan = best_plan
        return best

    def _plan_turn(self, game: Game[Any, Any], player: PlayerId,
                   tried: list[tuple[float, int, Any, list[Choose], SootState | None]],
                   best: Any, best_plan: list[Choose]) -> tuple[Any, list[Choose]]:
        """The turn planner: rank the :data:`_PLAN_TOP` best first actions by the value after their best follow-up.

        Each end position is handed back to ``player`` at once
        (:func:`~hexkit_soot.strong_turn.hand_back`: the rivals' actions in
        between are skipped) and every follow-up main action is played on it
        the way the one-action search plays a first one; an action is worth
        the better of its own end value and its best follow-up's (stopping
        after one is always possible). Ties keep the one-action order.

        Args:
            game: the rules.
            player: the seat deciding.
            tried: (end value, menu position, action, its answers, end position) of every first action tried.
            best: the one-action search's choice, and ``best_plan`` its answers (kept when no plan applies).

        Returns:
            The first action to take and the answers of its sub-questions.
        """
        top = sorted((t for t in tried if t[4] is not None and t[0] > -math.inf),
                     key=lambda t: (-t[0], t[1]))[:_PLAN_TOP]
        chosen, chosen_value = (best, best_plan), -math.inf
        for value, _, action, plan, child in top:
            assert child is not None
            two = value
            if not game.is_over(child) and hand_back(child, player):
                for follow in game.legal_actions(child):
                    if follow.code in _PLAN_FOLLOW:
                        two = max(two, self._chain(game, child, player, follow, fresh=True)[0])
            if two > chosen_value + 1e-9:
                chosen, chosen_value = (action, plan), two
        return chosen

    def _free_claim(self, game: Game[Any, Any], sample: SootState, player: PlayerId,
                    legal: Sequence[Any]) -> Any | None:
        """The contract worth claiming now, if any: claiming costs no action, so it is weighed against
        standing still, not against the main actions (which it never displaces)."""
        claims = [a for a in legal if a.code in _FREE]
        if not claims:
            return self._swap(game, sample, player, legal)
        now = engine_value(sample, player, self.objectives, self.goals)
        best, best_gain = None, _CLAIM_BAR
        for action in claims:
            gain = self._chain(game, sample, player, action)[0] - now
            if gain > best_gain:
                best, best_gain = action, gain
        return best

    def _best_macro(self, game: Game[Any, Any], sample: SootState, player: PlayerId, single: float) -> Macro | None:
        """The macro to follow now: the one committed to while it lasts, else a new one worth committing to.

        A macro is committed to when its whole gain is positive and either its
        gain per action is at least :data:`_MACRO_BAR` of the best single
        action's gain (``single`` is that action's end value) or it is a step
        of the chain the search cannot see pay (a Tier 3 facility and its
        firing, a settlement upgrade). Once committed, its remaining steps are
        taken while the macro can still be completed.
        """
        now = engine_value(sample, player, self.objectives, self.goals)
        options = macros(sample, player, self.goals or Plan())
        if self.commit is not None:
            kept = next((m for m in options if m.key == self.commit), None)
            if kept is not None:
                return kept
            self.commit = None
        best, best_score = None, 0.0
        for macro in options:
            child = virtual(game.clone(sample), player, macro)
            last = macro.steps[-1]
            action = next((a for a in game.legal_actions(child) if a.code == last.action), None)
            if action is None:
                continue
            gain = self._chain(game, child, player, action, last, fresh=True)[0] - now
            rate = gain / len(macro.steps)
            if gain <= 0 or not (macro.chain or rate >= _MACRO_BAR * (single - now)):
                continue
            if rate > best_score:
                best, best_score = macro, rate
        if best is not None:
            self.commit = best.key
        return best

    def _chain(self, game: Game[Any, Any], sample: SootState, player: PlayerId, action: Any,
               script: Script | None = None, fresh: bool = False) -> tuple[float, list[Choose]]:
        """Play ``action`` and answer its sub-questions greedily (or by ``script``); value the end.

        ``fresh``: ``sample`` is a changed copy, its listed answers not shared with the state it came from.
        """
        value, plan, _ = self._play(game, sample, player, action, script, fresh)
        return value, plan

    def _swap(self, game: Game[Any, Any], sample: SootState, player: PlayerId,
              legal: Sequence[Any]) -> Any | None:
        """A held contract to abandon for a better one in the row, if any (both free actions).

        A player holding its limit of contracts cannot claim; one held contract
        whose goods or destination are out of reach (a frontier or Tier 3 one)
        blocked the slot for the rest of the game. The contract abandoned is the
        one whose abandoning and the best claim after it gain most, by at least
        :data:`_SWAP_BAR` (abandoned contracts are discarded, so none returns).
        """
        abandons = [a for a in legal if a.code == "Abandon Contract"]
        if not abandons or all(c < 0 for c in sample.contract_row) or _rounds_left(sample) < 1:
            return None
        now = engine_value(sample, player, self.objectives, self.goals)
        best, best_gain = None, _SWAP_BAR
        for action in abandons:
            _, _, child = self._play(game, sample, player, action)
            if child is None:
                continue
            for claim in game.legal_actions(child):
                if claim.code in _FREE:
                    gain = self._chain(game, child, player, claim, fresh=True)[0] - now
                    if gain > best_gain:
                        best, best_gain = action, gain
        return best

    def _play(self, game: Game[Any, Any], sample: SootState, player: PlayerId, action: Any,
              script: Script | None = None, fresh: bool = False) -> tuple[float, list[Choose], SootState | None]:
        """:meth:`_chain`, also returning the end position (``None`` when ``action`` fails)."""
        child = game.clone(sample)
        if not fresh:
            child.reuse_legal(sample)
        try:
            game.apply(child, action)
        except IllegalActionError:
            return -math.inf, [], None
        plan: list[Choose] = []
        for _ in range(_CHAIN_DEPTH):
            if game.is_over(child) or game.current_player(child) != player:
                break
            step = child.pending[-1]
            if not isinstance(step, SOOT_DECISIONS) or step.kind == "turn":
                break
            legal = list(game.legal_actions(child))
            scripted = script.answer(step, legal) if script is not None else None
            if script is not None and scripted is None and script.binds(step):
                return -math.inf, [], None  # the scripted answer is not on offer
            if scripted is not None:
                choice = scripted
            elif len(legal) == 1:
                choice = legal[0]
            else:
                ruled = self._rule(child, step, legal)
                if ruled is None and step.kind in _SAMPLED and len(legal) > _SAMPLE:
                    legal = self._subset(legal)
                choice = ruled if ruled is not None else self._greedy(game, child, player, legal)[0]
            plan.append(choice)
            game.apply(child, choice)
        return engine_value(child, player, self.objectives, self.goals), plan, child

    def _subset(self, legal: Sequence[Any]) -> list[Any]:
        """``_SAMPLE`` of the answers, drawn from the agent's own stream (menu order kept)."""
        picked = sorted(self.rng.sample(range(len(legal)), _SAMPLE))
        return [legal[i] for i in picked]

    def _greedy(self, game: Game[Any, Any], sample: SootState, player: PlayerId,
                legal: Sequence[Any], deeper: bool = False) -> tuple[Any, float]:
        """The answer whose end position is worth most, and that worth.

        An answer that only opens the next question of the same action (a
        good to trade, then how many) is valued by the best answer to that
        question (once: ``deeper``), so buying is seen for what it buys.
        """
        best, best_value = legal[0], -math.inf
        game.legal_actions(sample)
        for action in legal:
            child = game.clone(sample)
            child.reuse_legal(sample)
            try:
                game.apply(child, action)
            except IllegalActionError:
                continue
            if deeper and _asks_more(game, child, player):
                value = self._greedy(game, child, player, list(game.legal_actions(child)), False)[1]
            else:
                value = engine_value(child, player, self.objectives, self.goals)
            if value > best_value + 1e-9:
                best, best_value = action, value
        return best, best_value
