"""Phase 3, Upkeep: food, the company store, tearing down, the Frontier Tax.

Each player pays food: 1 per camp, their share of settlement upkeep, 2 per
Tier 3 facility owned, +1 in Hardship, +2 after Overtime. A settlement
costs 2 food: 1 from its founder, 1 from the player with most facilities
there (tie or none: the founder). Food comes from the network and the
player's caravans (food values: Grain 1, Fish 1, Livestock 2, Processed
Foods 2); overpaid food gives no change. Each missing food costs 2¤ at the
company store. A player who cannot pay tears down facilities or abandons
camps of their choice until they can; if nothing is left to remove, their
settlements go Struggling (no production or transactions next round).
Rounds 4, 8 and 12: the Frontier Tax (:mod:`hexkit_soot.rules.taxes`).

The payer chooses which food goods pay (any combination that covers the
bill without a unit to spare; a Livestock may overpay a bill of 1) and,
when a good is both in the network and on caravans, which of them gives it
(:mod:`hexkit_soot.rules.payment`); with one way to pay nothing is asked.
Food short of the bill is all paid, the rest at the company store.

Interpretations (assumed): upkeep is settled in turn order.

Source: rulebook, Phase 3 "Upkeep", "Taxes", "Settlement upkeep", Seasons (Hardship).
"""

from __future__ import annotations

from collections.abc import Sequence

from hexkit.game import PlayerId
from hexkit.flow import Handler
from hexkit_soot.actions import Choose, PayUpkeepFood, UpkeepRemoval
from hexkit_soot.effects import Hook, modify
from hexkit_soot.grid import code_hex, hex_code, season_of
from hexkit_soot.ledger import data, remove_soot, spend_currency
from hexkit_soot.rules.camps import abandon_camp
from hexkit_soot.rules.labor import forget, worker_food
from hexkit_soot.rules.network import food_value
from hexkit_soot.rules.payment import (Need, Pick, SettlingHandler, Stages, default, places, pool_of, settle,
                                       source_need, take)
from hexkit_soot.rules.steps import opt
from hexkit_soot.rules.taxes import TAX_ROUNDS, pay_tax
from hexkit_soot.rules.trades import enforce_bindings
from hexkit_soot.state import Goods, SootState, touch_map

__all__ = ["food_bill", "settlement_payer", "food_available", "food_stages", "pay_food", "run_upkeep", "RemovalHandler",
           "FoodHandler"]


def settlement_payer(state: SootState, at: object) -> PlayerId:
    """Who pays a settlement's second food: most facilities there (tie or none: founder).

    Args:
        state: the game.
        at: the settlement's hex.
    """
    s = state.settlements[at]  # type: ignore[index]
    counts: dict[int, int] = {}
    for f in s.facilities:
        counts[f.owner] = counts.get(f.owner, 0) + 1
    if not counts:
        return s.founder
    best = max(counts.values())
    leaders = [p for p, n in counts.items() if n == best]
    return leaders[0] if len(leaders) == 1 else s.founder


def food_bill(state: SootState, player: PlayerId) -> int:
    """Food ``player`` owes this Upkeep.

    Args:
        state: the game.
        player: the seat concerned.
    """
    d = data(state)
    nums = d.numbers
    bill = nums.camp_food * sum(1 for c in state.camps.values() if c.owner == player)
    for at, s in state.settlements.items():
        if s.founder >= 0:  # the Central City has no upkeep of its own
            if s.founder == player:
                bill += nums.settlement_food // 2
            if settlement_payer(state, at) == player:
                bill += nums.settlement_food - nums.settlement_food // 2
        bill += nums.tier3_food * sum(1 for f in s.facilities if f.owner == player and d.facilities[f.name].tier == 3)
    if season_of(state.round) == "Hardship":
        bill += nums.hardship_food
    bill += state.players[player].overtime
    bill += worker_food(state, player)  # module labor: +1 food per worker (0 when off)
    return max(0, modify(state, player, Hook.FOOD_UPKEEP, bill))


def food_available(state: SootState, player: PlayerId) -> Goods:
    """Food goods usable for upkeep: network plus all caravans.

    Args:
        state: the game.
        player: the seat concerned.
    """
    p = state.players[player]
    out = {g: n for g, n in p.stock.items() if food_value(state, g)}
    for c in p.caravans:
        for g, n in c.cargo.items():
            if food_value(state, g):
                out[g] = out.get(g, 0) + n
    return out


def food_stages(state: SootState, player: PlayerId, bill: int) -> Stages:
    """The parts of paying ``bill`` food: which food goods, then which places give each.

    The first stage lists the food goods covering the bill (all of them when
    they fall short); then one stage per good paid, in the data's order,
    choosing the network or caravan units that pay it.

    Args:
        state: the game.
        player: the payer.
        bill: food owed.

    Returns:
        The stages, for :func:`~hexkit_soot.rules.payment.settle`.

    Source: rulebook, Phase 3 "Upkeep" (food from the network or caravans; food values).
    """
    found = places(state, player, None, network=True)
    pool = pool_of(found)
    food = Need.of("Upkeep food", bill, [(g, food_value(state, g), pool[g]) for g in data(state).goods if pool.get(g)])

    def stages(picks: Sequence[Pick]) -> Need | None:
        if not picks:
            return food
        goods = _in_order(state, picks[0])
        k = len(picks) - 1
        return source_need(found, *goods[k]) if k < len(goods) else None

    return stages


def _in_order(state: SootState, pick: Pick) -> list[tuple[str, int]]:
    """The goods of a way in the data's order (the order their places are asked)."""
    order = list(data(state).goods)
    return sorted(pick, key=lambda gn: order.index(gn[0]))


def _consume(state: SootState, player: PlayerId, picks: Sequence[Pick]) -> Goods:
    """Take the chosen food from the chosen places; return it by good."""
    for (g, _), pick in zip(_in_order(state, picks[0]), picks[1:]):
        for key, n in pick:
            take(state, player, None, key, g, n)
    return dict(picks[0])


def _removables(state: SootState, player: PlayerId) -> list[Choose]:
    out = [opt("camp", hex_code(h), f"abandon camp at {h}") for h, c in sorted(state.camps.items()) if c.owner == player]
    for h, s in sorted(state.settlements.items()):
        for i, f in enumerate(s.facilities):
            if f.owner == player:
                out.append(opt("facility", hex_code(h) * 8 + i, f"tear down {f.name} at {h}"))
    return out


def pay_food(state: SootState, player: PlayerId, given: tuple[int, ...] = ()) -> bool:
    """Settle ``player``'s food; return False while they must answer first (asked).

    A player who cannot afford the shortfall is asked to remove something;
    a player with a choice of food goods (or of where they come from) is
    asked how to pay.

    Args:
        state: the game.
        player: the seat concerned.
        given: the payment's answers so far (``()`` the first time; :class:`FoodHandler`
            passes those the payment hands it once the payer has chosen).
    """
    nums = data(state).numbers
    bill = food_bill(state, player)
    if bill <= 0:
        state.note(player, f"upkeep {bill} food: paid no food")
        return True
    stages = food_stages(state, player, bill)
    held = food_available(state, player)
    missing = max(0, bill - sum(food_value(state, g) * n for g, n in held.items()))
    p = state.players[player]
    cost = missing * nums.shortfall_cost
    if cost > p.currency:
        options = _removables(state, player)
        if options:
            state.pending.append(UpkeepRemoval(
                player=player, prompt=f"Upkeep: {bill} food owed, {missing} short and {cost}¤ needed: tear down or abandon"))
            return False
        _consume(state, player, default(stages))
        paid = p.currency
        spend_currency(state, player, paid)
        founded = [s for s in state.settlements.values() if s.founder == player]
        struggle = "; their settlements struggle" if founded else ""
        state.note(player, f"could not pay upkeep: {missing} food short, paid {paid}¤{struggle}")
        for s in founded:
            s.struggling = True
        touch_map(state)
        return True
    asked = PayUpkeepFood(player=player, prompt=f"Upkeep: {bill} food owed")
    picks = settle(state, asked, Choose(code="food"), stages, given)
    if picks is None:
        return False
    used = _consume(state, player, picks)
    spend_currency(state, player, cost)
    paid_text = ", ".join(f"{n} {g}" for g, n in used.items()) or "no food"
    state.note(player, f"upkeep {bill} food: paid {paid_text}" + (f" and {cost}¤ at the company store" if cost else ""))
    return True


class FoodHandler(SettlingHandler[PayUpkeepFood]):
    """The :class:`~hexkit_soot.actions.PayUpkeepFood` question: never asked (Upkeep answers it at once);
    its handler runs again when the payer has chosen which food pays.

    Source: rulebook, "Phase 3: Upkeep".
    """

    def answers(self, state: SootState, question: PayUpkeepFood) -> Sequence[Choose]:
        """``Choose("food")``, the one answer Upkeep gives."""
        return (opt("food"),)

    def resolve_paying(self, state: SootState, question: PayUpkeepFood, answer: Choose,
                       given: tuple[int, ...]) -> None:
        """Pay the food as chosen (the payment's answers ``given``); the next player's upkeep follows."""
        if pay_food(state, question.player, given):
            state.cursor += 1


class RemovalHandler(Handler[SootState, UpkeepRemoval, Choose]):
    """The :class:`~hexkit_soot.actions.UpkeepRemoval` question: which camp to abandon or facility to tear down.

    Source: rulebook, "Phase 3: Upkeep".
    """

    def answers(self, state: SootState, question: UpkeepRemoval) -> Sequence[Choose]:
        """The player's camps, then its facilities, in hex order."""
        return tuple(_removables(state, question.player))

    def resolve(self, state: SootState, question: UpkeepRemoval, answer: Choose) -> None:
        """Tear down a facility or abandon a camp to afford upkeep (then upkeep is retried)."""
        _remove(state, question.player, answer, "could not pay upkeep")


def _remove(state: SootState, player: PlayerId, answer: Choose, why: str) -> None:
    if answer.code == "camp":
        abandon_camp(state, player, code_hex(answer.arg), why)
    else:
        at = code_hex(answer.arg // 8)
        fac = state.settlements[at].facilities.pop(answer.arg % 8)
        touch_map(state)
        left = forget(state, at, answer.arg % 8)  # module labor: its worker leaves with it (False when off)
        state.note(player, f"tore down {fac.name} at {at} ({why})" + ("; its worker leaves" if left else ""))


def run_upkeep(state: SootState) -> bool:
    """Advance Upkeep one player at a time; return True when the phase is done.

    ``state.cursor`` counts: 0 = start, then 1..N food for each player in
    turn order, then N+1..2N tax.

    Args:
        state: the game.
    """
    n = len(state.order)
    if state.cursor == 0:
        for s in state.settlements.values():
            s.struggling = False
        touch_map(state)
        enforce_bindings(state)
        state.cursor = 1
    while state.cursor <= n:
        player = state.order[state.cursor - 1]
        if not pay_food(state, player):
            return False
        state.cursor += 1
    while state.cursor <= 2 * n:
        player = state.order[state.cursor - n - 1]
        if state.round in TAX_ROUNDS and state.players[player].counters.get("tax_done") != state.round:
            if not pay_tax(state, player):
                return False
        state.cursor += 1
    for player in state.order:
        cleaned = modify(state, player, Hook.SOOT_PER_ROUND, 0)
        if cleaned:
            remove_soot(state, player, cleaned, "Sanitation Works")
    return True
