"""Refine: fire facilities you own or rent.

Cost 1 action + inputs + use costs, no agent. Choose facilities one at a
time; each fires once. A firing consumes its inputs and its use cost
(fuel or food) from the facility's hex (your caravans and loose goods
there) or from your whole warehouse network if the hex is one of your
nodes; outputs appear there (in the network if it is a node, except Tier 3
goods, which stay loose on the hex; what the network has no room for is
lost to the supply, I40). Renting another player's facility
costs a usage fee to its owner (2¤ at a settlement, 3¤ at the Central City
or for a Tier 3 facility); any firing by someone other than the
settlement's founder, of a rented or an owned facility, pays the founder's
Charter. The
Industrialist makes 1 more output per owned facility fired. Soot: 1 step
per 2 fuel burned in the action (rounded up).

The payer chooses how each firing is paid (:mod:`hexkit_soot.rules.payment`):
which of the recipe's choice inputs (the Luxury Manufactory takes Herbs,
Gold or a Cultural Artifact), which fuel goods (Coal, Charcoal, Coke) or
food goods pay the use cost, and, when a good sits in more than one place
(a caravan on the hex, loose on the hex, the network), which place gives
it. A choice with a single way is made without asking.

Interpretations (assumed): a food use cost may be overpaid with a
2-value food good, but no unit beyond what covers it is taken; fuel burned
is the use cost (after Efficient Furnace); a Struggling settlement's
facilities cannot fire.

Source: rulebook, "Refine", "Facilities", "Soot" (generating soot).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

import attrs

from hexkit.game import PlayerId
from hexkit.hexes import Hex
from hexkit_soot.actions import Choose, FireFacility
from hexkit_soot.data import FacilityType
from hexkit_soot.effects import Hook, modify
from hexkit_soot.effects.reactions import Moment, notify
from hexkit_soot.grid import code_hex, hex_code
from hexkit_soot.ledger import data, advance_soot, from_supply, place_goods, transfer_currency
from hexkit_soot.rules.labor import idle_codes
from hexkit_soot.rules.milestones import check_production
from hexkit_soot.rules.network import food_value, fuel_value, is_node, network_room, pool_at, tier3
from hexkit_soot.rules.payment import (
    Need,
    Paying,
    Pick,
    SettlingHandler,
    Stages,
    default,
    pay,
    places,
    pool_of,
    source_need,
    take,
    units_of,
)
from hexkit_soot.rules.settlements import charter
from hexkit_soot.rules.steps import main_action, opt
from hexkit_soot.state import CENTRAL_CITY, Facility, Goods, SootState, add_goods
from hexkit_soot.state import tally as _tally  # "what was played" counters

__all__ = ["Firing", "FireHandler", "usage_fee", "can_fire", "firing_stages", "firing_plan", "fire", "soot_for_fuel"]


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
    nums = data(state).numbers
    if at == CENTRAL_CITY or facility.tier == 3:
        return nums.usage_fee_city
    return nums.usage_fee_settlement


def _use_value(facility: FacilityType) -> Callable[[SootState, str], int]:
    return fuel_value if facility.use_kind == "fuel" else food_value


def _use_amount(state: SootState, player: PlayerId, facility: FacilityType) -> int:
    """Fuel or food one firing of ``facility`` costs ``player`` (fuel after modifiers such as Efficient Furnace)."""
    amount = facility.use_amount
    if facility.use_kind == "fuel":
        amount = modify(state, player, Hook.FUEL_USE, amount, {"facility": facility.name})
    return amount


def _less(pool: Goods, *taken: Goods) -> Goods:
    out = dict(pool)
    for goods in taken:
        for g, n in goods.items():
            add_goods(out, g, -n)
    return out


def _use_need(state: SootState, facility: FacilityType, rest: Goods, amount: int) -> Need:
    value = _use_value(facility)
    names = data(state).goods
    return Need.of(f"{facility.use_kind} for the {facility.name}", amount,
                   [(g, value(state, g), rest.get(g, 0)) for g in names])


def _consumed(state: SootState, facility: FacilityType, picks: Sequence[Pick]) -> Goods:
    """Goods a firing consumes with these picks (inputs, choice input, use cost), in the data's order."""
    total = units_of([tuple(facility.inputs.items()), *picks[:2]])
    return {g: total[g] for g in data(state).goods if g in total}


def _covers(state: SootState, facility: FacilityType, rest: Goods, amount: int) -> bool:
    value = _use_value(facility)
    return amount <= 0 or sum(value(state, g) * n for g, n in rest.items() if n > 0) >= amount


def can_fire(
    state: SootState, player: PlayerId, at: Hex, facility: FacilityType, pool: Goods | None = None
) -> bool:
    """Whether ``player`` holds, at ``at``, the inputs and use cost of one firing of ``facility``.

    Args:
        state: the game.
        player: who would fire it.
        at: the facility's hex.
        facility: the facility type.
        pool: ``pool_at(state, player, at)`` when the caller already has it
            (several facilities at one hex); only read.

    Source: rulebook, "Refine" (inputs and use costs present at the facility or in the network).
    """
    if pool is None:
        pool = pool_at(state, player, at)
    for g, n in facility.inputs.items():
        if pool.get(g, 0) < n:
            return False
    amount = _use_amount(state, player, facility)
    rest = _less(pool, facility.inputs)
    if not facility.choice:
        return _covers(state, facility, rest, amount)
    return any(rest.get(g, 0) > 0 and _covers(state, facility, _less(rest, {g: 1}), amount) for g in facility.choice)


def firing_stages(state: SootState, player: PlayerId, at: Hex, facility: FacilityType) -> Stages:
    """The parts of paying one firing: the choice input, the use cost, then where each good comes from.

    Stage 1 is one of the recipe's choice inputs (nothing to pay when the
    recipe has none), among those held that leave the use cost payable;
    stage 2 is the use cost, any fuel (or food) goods covering it; then one
    stage per good consumed, in the data's order, choosing the caravans,
    loose goods or network units that pay it.

    Args:
        state: the game.
        player: who fires it.
        at: the facility's hex.
        facility: the facility type (its inputs are assumed held: :func:`can_fire`).

    Returns:
        The stages, for :func:`~hexkit_soot.rules.payment.pay` (a :class:`Firing`).

    Source: rulebook, "Refine" (use costs: fuel or food), production chain
    diagram (Luxury Manufactory inputs), "Warehouses & Network".
    """
    found = places(state, player, at, is_node(state, player, at))
    pool = pool_of(found)
    amount = _use_amount(state, player, facility)
    rest = _less(pool, facility.inputs)

    def stages(picks: Sequence[Pick]) -> Need | None:
        if not picks:
            held = [g for g in facility.choice
                    if rest.get(g, 0) > 0 and _covers(state, facility, _less(rest, {g: 1}), amount)]
            return Need.of(f"input for the {facility.name}", 1 if facility.choice else 0,
                           [(g, 1, rest[g]) for g in held])
        if len(picks) == 1:
            return _use_need(state, facility, _less(rest, units_of(picks)), amount)
        goods = list(_consumed(state, facility, picks).items())
        k = len(picks) - 2
        return source_need(found, *goods[k]) if k < len(goods) else None

    return stages


def firing_plan(state: SootState, player: PlayerId, at: Hex, facility: FacilityType) -> tuple[Goods, int] | None:
    """Goods the first listed way of paying one firing consumes, and fuel burned; None if impossible.

    Args:
        state: the game.
        player: who fires it.
        at: the hex.
        facility: the facility type.
    """
    if not can_fire(state, player, at, facility):
        return None
    picks = default(firing_stages(state, player, at, facility))
    return _consumed(state, facility, picks), _use_amount(state, player, facility) if facility.use_kind == "fuel" else 0


def _firable(
    state: SootState, player: PlayerId, fired: tuple[int, ...], extra: int = 0
) -> Iterator[tuple[int, Hex, Facility]]:
    """``(answer code, hex, facility)`` of each facility ``player`` may fire now, in menu order."""
    settlements = state.settlements
    for s in settlements.values():  # a settlement with a facility that may fire, unsorted (often none)
        if s.facilities and not s.struggling:
            break
    else:
        return
    d = data(state)
    cur = state.players[player].currency
    idle = idle_codes(state)  # module labor: facilities without a worker at work cannot fire (empty when off)
    for at, s in sorted(settlements.items()):
        if s.struggling or not s.facilities:
            continue
        pool: Goods | None = None  # the goods usable here, the same for every facility of the hex
        for slot, fac in enumerate(s.facilities):
            code = hex_code(at) * 8 + slot
            if code in fired and (extra <= 0 or fac.owner != player):  # extra firings: your own facilities
                continue
            if idle and code in idle:
                continue
            ft = d.facilities[fac.name]
            if fac.owner != player and usage_fee(state, at, ft) > cur:
                continue
            if pool is None:
                pool = pool_at(state, player, at)
            if can_fire(state, player, at, ft, pool):
                yield code, at, fac


def _candidates(state: SootState, player: PlayerId, fired: tuple[int, ...], extra: int = 0) -> tuple[int, ...]:
    """The codes of the facilities ``player`` may fire now, in menu order."""
    return tuple(code for code, _, _ in _firable(state, player, fired, extra))


def _fire_option(state: SootState, player: PlayerId, code: int) -> Choose:
    at = code_hex(code // 8)
    fac = state.settlements[at].facilities[code % 8]
    rent = "" if fac.owner == player else f" (rent from P{fac.owner})"
    return opt("fire", code, f"fire {fac.name} at {at}{rent}")


@main_action("Refine", lambda s, p: next(_firable(s, p, ()), None) is not None, restricted_ok=True)
def start(state: SootState, player: PlayerId) -> None:
    """Begin Refine: choose the first facility.

    Extra firings granted by effects (:attr:`Hook.EXTRA_FIRINGS`) let a
    facility of the player's own, already fired in this action, fire again
    (Double Shift: "one of your facilities"); a rented one fires once.
    """
    extra = modify(state, player, Hook.EXTRA_FIRINGS, 0)
    state.pending.append(FireFacility(player=player, prompt="Refine: fire which facility?", fuel=0, extra=extra,
                                      fired=(), offered=_candidates(state, player, ())))


class FireHandler(SettlingHandler[FireFacility]):
    """The :class:`~hexkit_soot.actions.FireFacility` question: fire one facility, or stop refining.

    Source: rulebook, "Refine".
    """

    def answers(self, state: SootState, question: FireFacility) -> Sequence[Choose]:
        """``Choose("fire", code)`` for each facility offered; ``done`` once one has fired."""
        options = tuple(_fire_option(state, question.player, code) for code in question.offered)
        return (*options, opt("done", 0, "stop refining")) if question.fired else options

    def resolve_paying(self, state: SootState, question: FireFacility, answer: Choose,
                       given: tuple[int, ...]) -> None:
        """Fire one facility (paying its inputs and use cost as the player chooses, the answers
        ``given`` so far), or finish and take the soot."""
        if answer.code == "done":
            _finish(state, question.player, question.fuel, question.fired)
            return
        pay(state, Firing(payer=question.player, code=answer.arg, fuel=question.fuel, extra=question.extra,
                          fired=question.fired), given)


@attrs.frozen(kw_only=True)
class Firing(Paying):
    """A firing waiting for its inputs and use cost (:func:`firing_stages`) to be chosen.

    Attributes:
        code: the facility (hex code * 8 + slot), the ``fire`` answer's argument.
        fuel: fuel burned so far in this Refine action.
        extra: extra firings left (:attr:`Hook.EXTRA_FIRINGS`).
        fired: the facilities fired so far in this action.
    """

    code: int
    fuel: int
    extra: int
    fired: tuple[int, ...]

    def stages(self, state: SootState) -> Stages:
        """The firing's payment: what it consumes, as :func:`firing_stages` lists it."""
        at = code_hex(self.code // 8)
        ft = data(state).facilities[state.settlements[at].facilities[self.code % 8].name]
        return firing_stages(state, self.payer, at, ft)

    def paid(self, state: SootState, picks: list[Pick]) -> None:
        """Fire with the ways chosen, then offer another facility (or finish)."""
        player, extra = self.payer, self.extra
        if self.code in self.fired:
            extra -= 1
        fuel = self.fuel + fire(state, player, code_hex(self.code // 8), self.code % 8, picks)
        fired = (*self.fired, self.code)
        options = _candidates(state, player, fired, extra)
        if options:
            state.pending.append(FireFacility(player=player, prompt="Refine: fire another facility?", fuel=fuel,
                                              extra=extra, fired=fired, offered=options))
        else:
            _finish(state, player, fuel, fired)


def _finish(state: SootState, player: PlayerId, fuel: int, fired: tuple[int, ...]) -> None:
    if fired:
        _tally(state, "refines", player)
    soot = soot_for_fuel(fuel)
    if soot:
        advance_soot(state, player, soot, f"{fuel} fuel burned")
    hexes = tuple(dict.fromkeys(code_hex(c // 8) for c in fired))
    notify(state, player, Moment.REFINE_DONE, {"hexes": hexes})


def fire(state: SootState, player: PlayerId, at: Hex, slot: int, picks: Sequence[Pick] | None = None) -> int:
    """Fire the facility in ``slot`` at ``at`` once for ``player``; return fuel burned.

    Pays the usage fee when renting and the settlement's Charter whenever
    the user is not its founder (even for the user's own facility), consumes
    inputs and use cost as chosen, and places the outputs.

    Args:
        state: the game.
        player: who fires it.
        at: the hex.
        slot: the facility's slot in the settlement.
        picks: the ways chosen for :func:`firing_stages` (default: the first
            listed way of each; the firing must be possible).
    """
    d = data(state)
    s = state.settlements[at]
    fac = s.facilities[slot]
    ft = d.facilities[fac.name]
    if picks is None:
        if not can_fire(state, player, at, ft):  # nothing changes when it cannot fire
            return 0
        picks = default(firing_stages(state, player, at, ft))
    if fac.owner != player:
        transfer_currency(state, player, fac.owner, usage_fee(state, at, ft), f"use of {fac.name}")
    charter(state, at, player, "facility used")  # any user but the founder, renter or owner
    need = _consumed(state, ft, picks)
    for g, pick in zip(need, picks[2:]):
        for key, n in pick:
            take(state, player, at, key, g, n)
    fuel = _use_amount(state, player, ft) if ft.use_kind == "fuel" else 0
    bonus = modify(state, player, Hook.FACILITY_OUTPUT, 0, {"facility": fac.name, "owned": fac.owner == player})
    p = state.players[player]
    node = is_node(state, player, at)
    made = []
    for i, (g, n) in enumerate(ft.outputs.items()):
        want = n + (bonus if i == 0 else 0)
        if node and not tier3(state, g):
            k = from_supply(state, g, min(want, network_room(state, player)))
            lost = min(want, state.supply.count(g) + k) - k  # made, but no room: back to the supply
            place_goods(state, player, g, k)
        else:
            k = from_supply(state, g, want)
            lost = 0
            place_goods(state, player, g, k, at)
        if k + lost == 0:
            continue
        made.append(f"{k} {g}" + (f" ({lost} lost: the warehouse network is full)" if lost else ""))
        p.made.append(g)
    state.note(player, f"fired {fac.name} at {at}: {' + '.join(f'{n} {g}' for g, n in need.items())} -> {', '.join(made) or 'nothing (supply empty)'}")
    check_production(state, player, ft)
    notify(state, player, Moment.FIRED, {"facility": fac.name, "hex": at})
    return fuel
