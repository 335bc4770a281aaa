"""Refine: fire facilities you own or rent.

Cost 1 action + inputs + use costs, no agent. Choose facilities one at a
time; each fires once. A firing consumes its inputs and its use cost
(fuel or food) from the facility's hex (your caravans and loose goods
there) or from your whole warehouse network if the hex is one of your
nodes; outputs appear there (in the network if it is a node, except Tier 3
goods, which stay loose on the hex). Renting another player's facility
costs a usage fee to its owner (2¤ at a settlement, 3¤ at the Central City
or for a Tier 3 facility) and pays the settlement founder's Charter. The
Industrialist makes 1 more output per owned facility fired. Soot: 1 step
per 2 fuel burned in the action (rounded up).

Interpretations (assumed): use costs are paid with the cheapest fuel
(Coal first) and with food that overpays least; a choice input (Luxury
Manufactory) uses the first of Herbs, Gold, Cultural Artifact available.
A Struggling settlement's facilities cannot fire.

Source: rulebook, "Refine", "Facilities", "Soot" (generating soot).
"""

from __future__ import annotations

from hexkit.game import PlayerId
from hexkit.hexes import Hex
from hexkit_soot.actions import Choose, Step
from hexkit_soot.data import FacilityType
from hexkit_soot.effects import Hook, modify
from hexkit_soot.grid import code_hex, hex_code
from hexkit_soot.ledger import D, advance_soot, from_supply, transfer_currency
from hexkit_soot.rules.network import food_value, fuel_value, is_node, pay, pool_at, tier3
from hexkit_soot.rules.settlements import charter
from hexkit_soot.rules.steps import ask, handles, main_action, opt
from hexkit_soot.state import CENTRAL_CITY, Goods, SootState, add_goods

__all__ = ["usage_fee", "firing_plan", "fire", "soot_for_fuel"]


def soot_for_fuel(fuel: int) -> int:
    """Soot for ``fuel`` burned in one Refine action: 1 per 2, rounded up.

    Args:
        fuel: fuel burned in one Refine action.
    """
    return (fuel + 1) // 2


def usage_fee(state: SootState, at: Hex, facility: FacilityType) -> int:
    """Fee a non-owner pays to use ``facility`` at ``at``.

    Args:
        state: the game.
        at: the hex.
        facility: the facility type.
    """
    nums = D(state).numbers
    if at == CENTRAL_CITY or facility.tier == 3:
        return nums.usage_fee_city
    return nums.usage_fee_settlement


def _use_goods(state: SootState, pool: Goods, kind: str, amount: int) -> Goods | None:
    """Goods that pay ``amount`` of fuel or food from ``pool`` (None if impossible)."""
    if amount <= 0:
        return {}
    value = fuel_value if kind == "fuel" else food_value
    units = sorted(((value(state, g), D(state).goods[g].price or state.prices.get(g, 0), g) for g in pool if value(state, g)))
    out: Goods = {}
    need = amount
    # cheapest-per-unit first; for food, prefer exact small values to avoid overpaying
    for v, _, g in units:
        have = pool[g]
        while have and need > 0 and v <= need:
            add_goods(out, g, 1)
            have -= 1
            need -= v
    if need > 0:
        for v, _, g in units:
            if pool[g] - out.get(g, 0) > 0:
                add_goods(out, g, 1)
                need -= v
                break
    return out if need <= 0 else None


def firing_plan(state: SootState, player: PlayerId, at: Hex, facility: FacilityType) -> tuple[Goods, int] | None:
    """Goods one firing of ``facility`` at ``at`` would consume, and fuel burned; None if not possible.

    Args:
        state: the game.
        player: who fires it.
        at: the hex.
        facility: the facility type.
    """
    pool = pool_at(state, player, at)
    need: Goods = dict(facility.inputs)
    for g, n in need.items():
        if pool.get(g, 0) < n:
            return None
    if facility.choice:
        pick = next((g for g in facility.choice if pool.get(g, 0) > need.get(g, 0)), None)
        if pick is None:
            return None
        add_goods(need, pick, 1)
    rest = {g: n - need.get(g, 0) for g, n in pool.items() if n - need.get(g, 0) > 0}
    amount = facility.use_amount
    fuel = 0
    if facility.use_kind == "fuel":
        amount = modify(state, player, Hook.FUEL_USE, amount, {"facility": facility.name})
        fuel = amount
    use = _use_goods(state, rest, facility.use_kind, amount)
    if use is None:
        return None
    for g, n in use.items():
        add_goods(need, g, n)
    return need, fuel


def _candidates(state: SootState, player: PlayerId, fired: tuple[int, ...], extra: int = 0) -> list[Choose]:
    data = D(state)
    cur = state.players[player].currency
    out = []
    for at, s in sorted(state.settlements.items()):
        if s.struggling:
            continue
        for slot, fac in enumerate(s.facilities):
            code = hex_code(at) * 8 + slot
            if code in fired and extra <= 0:
                continue
            ft = data.facilities[fac.name]
            if fac.owner != player and usage_fee(state, at, ft) > cur:
                continue
            if firing_plan(state, player, at, ft) is not None:
                rent = "" if fac.owner == player else f" (rent from P{fac.owner})"
                out.append(opt("fire", code, f"fire {fac.name} at {at}{rent}"))
    return out


@main_action("Refine", lambda s, p: bool(_candidates(s, p, ())), restricted_ok=True)
def start(state: SootState, player: PlayerId) -> None:
    """Begin Refine: choose the first facility.

    Extra firings granted by effects (:attr:`Hook.EXTRA_FIRINGS`) let a
    facility already fired in this action fire again.
    """
    extra = modify(state, player, Hook.EXTRA_FIRINGS, 0)
    ask(state, player, "refine.fire", _candidates(state, player, ()), "Refine: fire which facility?", data=(0, extra))


@handles("refine.fire")
def on_fire(state: SootState, step: Step, answer: Choose) -> None:
    """Fire one facility, or finish and take the soot."""
    player = step.player
    fuel, extra = step.data[0], step.data[1]
    fired = step.data[2:]
    if answer.code == "done":
        _finish(state, player, fuel, fired)
        return
    if answer.arg in fired:
        extra -= 1
    at = code_hex(answer.arg // 8)
    slot = answer.arg % 8
    fuel += fire(state, player, at, slot)
    fired = (*fired, answer.arg)
    options = _candidates(state, player, fired, extra)
    if options:
        ask(state, player, "refine.fire", [*options, opt("done", 0, "stop refining")],
            "Refine: fire another facility?", data=(fuel, extra, *fired))
    else:
        _finish(state, player, fuel, fired)


def _finish(state: SootState, player: PlayerId, fuel: int, fired: tuple[int, ...]) -> None:
    soot = soot_for_fuel(fuel)
    if soot:
        advance_soot(state, player, soot, f"{fuel} fuel burned")
    from hexkit_soot.effects.reactions import Moment, notify

    hexes = tuple(dict.fromkeys(code_hex(c // 8) for c in fired))
    notify(state, player, Moment.REFINE_DONE, {"hexes": hexes})


def fire(state: SootState, player: PlayerId, at: Hex, slot: int) -> int:
    """Fire the facility in ``slot`` at ``at`` once for ``player``; return fuel burned.

    Pays the usage fee and Charter when renting, consumes inputs and use
    cost, and places the outputs.

    Args:
        state: the game.
        player: who fires it.
        at: the hex.
        slot: the facility's slot in the settlement.
    """
    data = D(state)
    s = state.settlements[at]
    fac = s.facilities[slot]
    ft = data.facilities[fac.name]
    if fac.owner != player:
        transfer_currency(state, player, fac.owner, usage_fee(state, at, ft), f"use of {fac.name}")
        charter(state, at, player, "facility used")
    plan = firing_plan(state, player, at, ft)
    if plan is None:  # cannot happen for a legal answer; nothing changes
        return 0
    need, fuel = plan
    pay(state, player, need, at, wild=False)
    bonus = modify(state, player, Hook.FACILITY_OUTPUT, 0, {"facility": fac.name, "owned": fac.owner == player})
    p = state.players[player]
    node = is_node(state, player, at)
    made = []
    for i, (g, n) in enumerate(ft.outputs.items()):
        k = from_supply(state, g, n + (bonus if i == 0 else 0))
        if not k:
            continue
        if node and not tier3(state, g):
            add_goods(p.stock, g, k)
        else:
            add_goods(p.loose.setdefault(at, {}), g, k)
        made.append(f"{k} {g}")
        p.made.append(g)
    state.note(player, f"fired {fac.name} at {at}: {' + '.join(f'{n} {g}' for g, n in need.items())} -> {', '.join(made) or 'nothing (supply empty)'}")
    from hexkit_soot.effects.reactions import Moment, notify
    from hexkit_soot.rules.milestones import check_production

    check_production(state, player, ft)
    notify(state, player, Moment.FIRED, {"facility": fac.name, "hex": at})
    return fuel
