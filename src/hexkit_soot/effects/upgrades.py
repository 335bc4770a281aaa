"""What the upgrade tiles do: 18 archetype upgrades and the shared upgrades.

Buying a tile is a rule (:mod:`hexkit_soot.rules.upgrades`: 1 action + 2¤
+ its resources, 1 point). What the tile does afterwards is registered here
under the tile's name: mostly passive changes to a number the rules compute
(:func:`hexkit_soot.effects.modifier` at a :class:`~hexkit_soot.effects.Hook`),
some reactions to a moment of the round
(:mod:`hexkit_soot.effects.reactions`), a free action (Provisioner), and
parts that happen on purchase (Claim Stakes' three free camps). Livestock
Empire's choice is a question of the Production phase
(:mod:`hexkit_soot.rules.production`).

Three tiles are worked mostly elsewhere: Revenue Office's Charter
payment on sales is made by :func:`hexkit_soot.rules.market.sell` (only a
purchase note is registered here), the Trail Boss's new agent is asked
in :class:`hexkit_soot.rules.upgrades.BuyHandler`, and Sanitation Works'
modifier is with the passives in :mod:`hexkit_soot.effects.passives`.
Their tests are with the others in ``tests/soot/test_upgrades.py``.

The numbers printed on the tiles are read from ``effects.toml``
(:class:`~hexkit_soot.data.EffectNumbers`: ``effects.switching_yard_toll``,
``effects.claim_stakes_camps``, ...); the docstrings give the packaged values.

Source: rulebook, §21 (each archetype's three upgrades), "Gaining agents"
(shared upgrade #19 Trail Boss), "Soot" (Sanitation Works); data
``archetypes.toml`` (costs assumed).
"""

from __future__ import annotations

import attrs

from hexkit.flow import Flow, Resume
from hexkit.game import PlayerId
from hexkit_soot.actions import Choose
from hexkit_soot.effects import Ctx, Hook, HookArgs, ask, effect, modifier, verbs
from hexkit_soot.effects.cards import PriceDirection, PriceGood, price_direction, price_good, price_move_options
from hexkit_soot.effects.reactions import Moment, MomentArgs, reaction
from hexkit_soot.grid import code_hex, hex_code
from hexkit_soot.ledger import move_goods, return_goods
from hexkit_soot.rules.movement import caravan_capacity
from hexkit_soot.rules.network import tier3
from hexkit_soot.rules.settlements import is_market
from hexkit_soot.rules.steps import free_action, opt
from hexkit_soot.state import SootState

__all__ = ["market_intelligence_peek", "owns", "load_outputs", "LoadOutputs", "load_answered", "register"]

_FREE_GOODS = 99
"""A resource discount this large makes a camp cost no goods at all (see ``rules.camps.camp_cost``)."""


def owns(state: SootState, player: PlayerId, upgrade: str) -> bool:
    """Whether ``player`` owns the upgrade tile ``upgrade``.

    Args:
        state: the game.
        player: the seat.
        upgrade: the tile's name.

    Returns:
        True if the tile is among the player's upgrades.
    """
    return upgrade in state.players[player].upgrades


# -- Railroad Baron ---------------------------------------------------------------------

_DEPOT = "Rail Depot"


@modifier(_DEPOT, Hook.ROUTE_FREE_ACTION)
def rail_depot(state: SootState, player: PlayerId, value: int, args: HookArgs) -> int:
    """Rail Depot: one Build Route per round uses no action (so it may be taken with none left).

    The hook only answers (the turn menu asks it to offer Build Route to a
    player with no action left); the ``ROUTE_BUILT`` reaction marks the tile
    used for the round (``PlayerState.used``) once the free Build Route ends.

    Source: rulebook, §21 Railroad Baron, Rail Depot.
    """
    return value if _DEPOT in state.players[player].used else 1


@reaction(_DEPOT, Moment.ROUTE_BUILT)
def _depot_used(ctx: Ctx, args: MomentArgs) -> None:
    """Rail Depot is used for the round once a Build Route was free. Source: rulebook, §21 Rail Depot."""
    if args.get("free") and _DEPOT not in ctx.state.players[ctx.player].used:
        ctx.state.players[ctx.player].used.append(_DEPOT)


@modifier("Switching Yard", Hook.TOLL_RATE)
def switching_yard(state: SootState, player: PlayerId, value: int, args: HookArgs) -> int:
    """Switching Yard: rivals crossing the owner's segments pay 2¤ instead of 1¤ per Move.

    Source: rulebook, §21 Railroad Baron, Switching Yard; "Routes" (tolls).
    """
    return max(value, verbs.data(state).effects.switching_yard_toll)


@modifier("Express Line", Hook.RAIL_FUEL)
def express_line(state: SootState, player: PlayerId, value: int, args: HookArgs) -> int:
    """Express Line: the owner's laden caravans burn no fuel on a rail journey.

    Source: rulebook, §21 Railroad Baron, Express Line; "Agents & Movement"
    (fuel for laden caravans on roads and rail).
    """
    return 0


# -- Town Founder ---------------------------------------------------------------------------

@modifier("Land Office", Hook.CAMP_RESOURCES)
def land_office_camps(state: SootState, player: PlayerId, value: int, args: HookArgs) -> int:
    """Land Office: camps cost 1 resource less (a cost never falls below 1 resource).

    Source: rulebook, §21 Town Founder, Land Office.
    """
    return value + verbs.data(state).effects.land_office_camp_resources


@modifier("Land Office", Hook.SETTLEMENT_RESOURCES)
def land_office_settlements(state: SootState, player: PlayerId, value: int, args: HookArgs) -> int:
    """Land Office: settlements cost 2 resources less (never below 1 resource).

    Source: rulebook, §21 Town Founder, Land Office.
    """
    return value + verbs.data(state).effects.land_office_settlement_resources


@modifier("Municipal Planning", Hook.UPGRADE_POINTS)
def municipal_planning(state: SootState, player: PlayerId, value: int, args: HookArgs) -> int:
    """Municipal Planning: every Town or City upgrade the owner makes scores 2 more points.

    Source: rulebook, §21 Town Founder, Municipal Planning.
    """
    return value + verbs.data(state).effects.municipal_planning_points


@effect("Revenue Office")
def revenue_office(ctx: Ctx) -> None:
    """Revenue Office, on purchase: from now on the owner's Charter also pays on sales.

    The payment itself is made by the sale rule (:func:`hexkit_soot.rules.market.sell`):
    when another player sells at a settlement the owner founded, the bank
    pays the owner the Charter (2¤ for the Town Founder).

    Source: rulebook, §21 Town Founder, Revenue Office; "Settlements" (Charter).
    """
    ctx.state.note(ctx.player, "the Charter now also pays on every sale at your settlements (Revenue Office)")


# -- Industrialist ------------------------------------------------------------------------------

@modifier("Efficient Furnace", Hook.FUEL_USE)
def efficient_furnace(state: SootState, player: PlayerId, value: int, args: HookArgs) -> int:
    """Efficient Furnace: each fuel use cost is 1 lower, but never below 1.

    Less fuel burned means less soot (1 per 2 fuel in a Refine).

    Source: rulebook, §21 Industrialist, Efficient Furnace; "Soot".
    """
    numbers = verbs.data(state).effects
    return max(value - numbers.efficient_furnace_fuel, min(value, numbers.efficient_furnace_min_fuel))


_VERTICAL = "Vertical Integration"


def _vertical_options(state: SootState, player: PlayerId, hexes: tuple[int, ...]) -> list[tuple[str, int, str]]:
    p = state.players[player]
    cap = caravan_capacity(state, player)
    out = []
    for code in sorted(set(hexes)):
        at = code_hex(code)
        outputs = _outputs_at(state, code)
        loose = p.loose.get(at, {})
        if any(loose.get(g, 0) for g in outputs) and any(c.loc == at and c.load() < cap for c in p.caravans):
            out.append(("load", code, f"load the outputs at {at} onto your caravans there"))
    return out


def _outputs_at(state: SootState, code: int) -> list[str]:
    """Goods the facilities at the hex ``code`` make."""
    s = state.settlements.get(code_hex(code))
    if s is None:
        return []
    facs = verbs.data(state).facilities
    return sorted({g for f in s.facilities for g in facs[f.name].outputs})


def _vertical_ask(state: SootState, player: PlayerId, hexes: tuple[int, ...]) -> None:
    options = _vertical_options(state, player, hexes)
    if options:
        options.append(("skip", 0, "leave the outputs where they are"))
        left = tuple(sorted(set(hexes)))
        stage = "load:" + ",".join(str(h) for h in left)
        ask(state, player, _VERTICAL, stage, options, "Vertical Integration: load outputs onto caravans?",
            then=LoadOutputs(player=player, hexes=left))


@attrs.frozen(kw_only=True)
class LoadOutputs(Resume):
    """Vertical Integration asking which fired hex's loose outputs to load onto caravans (or to skip).

    Attributes:
        player: the owner.
        hexes: the fired hexes still on offer (hex codes, ascending).
    """

    player: PlayerId
    hexes: tuple[int, ...]


def load_answered(state: SootState, then: LoadOutputs, answer: Choose) -> None:
    """Load the outputs at the hex answered and offer the other hexes (``skip``: stop)."""
    if answer.code != "load":
        return
    load_outputs(state, then.player, answer.arg)
    _vertical_ask(state, then.player, tuple(h for h in then.hexes if h != answer.arg))


def register(flow: Flow[SootState]) -> None:
    """Register the upgrades' typed continuations with the game's engine (called by ``game.py``).

    Args:
        flow: the game's engine.
    """
    flow.resume(LoadOutputs, load_answered)


def load_outputs(state: SootState, player: PlayerId, code: int) -> int:
    """Move ``player``'s loose facility outputs at the hex ``code`` onto their caravans there.

    Tier 3 goods go first (they cannot be warehoused), then by name; each
    caravan fills to its capacity.

    Args:
        state: the game.
        player: the owner of the goods and caravans.
        code: the hex, as :func:`hexkit_soot.grid.hex_code` writes it.

    Returns:
        Units loaded.
    """
    at = code_hex(code)
    p = state.players[player]
    cap = caravan_capacity(state, player)
    loose = p.loose.get(at, {})
    goods = sorted(_outputs_at(state, code), key=lambda g: (not tier3(state, g), g))
    moved = 0
    for i, c in enumerate(p.caravans):
        if c.loc != at:
            continue
        for g in goods:
            k = min(loose.get(g, 0), cap - c.load())
            if k > 0:
                move_goods(state, player, g, k, at, i)
                moved += k
    if moved:
        state.note(player, f"loaded {moved} output{'s' if moved > 1 else ''} at {at} onto caravans (Vertical Integration)")
    return moved


def _vertical_resume(ctx: Ctx, stage: str, answer: Choose) -> None:
    """The older form (a save of Soot 0.3.2: stage ``load:<hex code>,...``)."""
    hexes = tuple(int(h) for h in stage.split(":")[1].split(","))
    load_answered(ctx.state, LoadOutputs(player=ctx.player, hexes=hexes), answer)


@effect(_VERTICAL, resume=_vertical_resume)
def vertical_integration(ctx: Ctx) -> None:
    """Vertical Integration has no immediate part; it acts after each Refine (see the reaction).

    Source: rulebook, §21 Industrialist, Vertical Integration.
    """


@reaction(_VERTICAL, Moment.REFINE_DONE)
def _vertical_after_refine(ctx: Ctx, args: MomentArgs) -> None:
    """After a Refine, offer to load each fired hex's loose outputs onto the owner's caravans there (or skip).

    Source: rulebook, §21 Industrialist, Vertical Integration.
    """
    hexes = tuple(hex_code(h) for h in args.get("hexes", ()))
    _vertical_ask(ctx.state, ctx.player, hexes)


@modifier("Master Engineer", Hook.RESTRICTED_ACTIONS)
def master_engineer(state: SootState, player: PlayerId, value: int, args: HookArgs) -> int:
    """Master Engineer: one more action each round, usable only for Refine or Move.

    Source: rulebook, §21 Industrialist, Master Engineer.
    """
    return value + verbs.data(state).effects.master_engineer_actions


# -- Prospector ------------------------------------------------------------------------------------

@modifier("Prospecting Gear", Hook.EXPLORE_DRAW)
def prospecting_gear(state: SootState, player: PlayerId, value: int, args: HookArgs) -> int:
    """Prospecting Gear: Explore draws 4 tiles (keep 1; the rest go to the Surveyed row).

    Source: rulebook, §21 Prospector, Prospecting Gear.
    """
    return max(value, verbs.data(state).effects.prospecting_gear_draw)


@modifier("Deep Survey", Hook.SITE_STACK)
def deep_survey(state: SootState, player: PlayerId, value: int, args: HookArgs) -> int:
    """Deep Survey: every site the owner camps gets 2 more depletion tokens.

    That holds for a fresh stack and for one already on the map (left by an
    abandoned camp). Re-founding cannot farm tokens without end: the camp
    limit counts camps founded (:func:`hexkit_soot.rules.camps.can_found_camp`).

    Source: rulebook, §21 Prospector, Deep Survey.
    """
    return value + verbs.data(state).effects.deep_survey_tokens


_STAKES = "Claim Stakes"


@effect(_STAKES)
def claim_stakes(ctx: Ctx) -> None:
    """Claim Stakes, on purchase: the owner's next 3 Found Camp actions cost no resources.

    The ¤ part of the camp cost (none for the Prospector) is unchanged.
    The count lives in ``PlayerState.counters["Claim Stakes"]`` and goes down by
    one with each camp founded by the Found Camp action.

    Source: rulebook, §21 Prospector, Claim Stakes.
    """
    camps = verbs.data(ctx.state).effects.claim_stakes_camps
    ctx.state.players[ctx.player].counters[_STAKES] = camps
    ctx.state.note(ctx.player, f"the next {camps} camps cost no resources (Claim Stakes)")


@modifier(_STAKES, Hook.CAMP_RESOURCES)
def _stakes_free(state: SootState, player: PlayerId, value: int, args: HookArgs) -> int:
    """Claim Stakes: no resources while free camps are left. Source: rulebook, §21 Claim Stakes."""
    return value + _FREE_GOODS if state.players[player].counters.get(_STAKES, 0) > 0 else value


@reaction(_STAKES, Moment.CAMP_FOUNDED)
def _stakes_used(ctx: Ctx, args: MomentArgs) -> None:
    """Claim Stakes: one free camp fewer after each Found Camp action. Source: rulebook, §21 Claim Stakes."""
    counters = ctx.state.players[ctx.player].counters
    left = counters.get(_STAKES, 0)
    if left > 0:
        counters[_STAKES] = left - 1


# -- Merchant ----------------------------------------------------------------------------------------

@modifier("Market Intelligence", Hook.CONTRACT_LIMIT)
def market_intelligence(state: SootState, player: PlayerId, value: int, args: HookArgs) -> int:
    """Market Intelligence: hold up to 3 contracts (the peek at the contract deck is a view matter).

    Source: rulebook, §21 Merchant, Market Intelligence; "Contracts" (hold 2).
    """
    return max(value, verbs.data(state).effects.market_intelligence_contracts)


def market_intelligence_peek(state: SootState, player: PlayerId) -> int:
    """How many contracts on top of the contract deck ``player`` may look at: 0 without the tile.

    The views (:meth:`hexkit_soot.game.SootGame.redact`) and samples leave those in place.

    Source: rulebook, §21 Merchant, Market Intelligence ("peek the top 3 of the contract deck anytime").
    """
    if "Market Intelligence" not in state.players[player].upgrades:
        return 0
    return verbs.data(state).effects.market_intelligence_peek


_FUTURES = "Commodity Futures"


def _futures_resume(ctx: Ctx, stage: str, answer: Choose) -> None:
    """The older form (a save of Soot 0.3.2: stages ``good`` and ``dir:<good id>``)."""
    if stage == "good":
        price_good(ctx.state, PriceGood(player=ctx.player, source=_FUTURES), answer)
    elif answer.code != "skip":
        good = list(verbs.data(ctx.state).goods)[int(stage.split(":")[1])]
        price_direction(ctx.state, PriceDirection(source=_FUTURES, good=good), answer)


@effect(_FUTURES, resume=_futures_resume)
def commodity_futures(ctx: Ctx) -> None:
    """Commodity Futures: at each Market Update the owner may move one tracked price 1 step
    (``effects.commodity_futures_steps``), or skip.

    The Market Update rule runs this for every owner in turn order. The
    rules also run an upgrade's effect when it is bought; outside the
    Market Update phase it does nothing then. First the good is chosen
    (only goods whose price can still move; or skip), then up or down.

    Source: rulebook, §21 Merchant, Commodity Futures.
    """
    if ctx.state.phase != "market":
        return
    options = price_move_options(ctx.state)
    if options:
        options.append(("skip", 0, "leave the prices"))
        ask(ctx.state, ctx.player, _FUTURES, "good", options, "Commodity Futures: move a price?",
            then=PriceGood(player=ctx.player, source=_FUTURES))


@modifier("Trade Empire", Hook.BUY_MARKUP)
def trade_empire(state: SootState, player: PlayerId, value: int, args: HookArgs) -> int:
    """Trade Empire: the owner buys at the listed price, without the +1 markup.

    Source: rulebook, §21 Merchant, Trade Empire; reference card "MARKET".
    """
    return 0


# -- Rancher ---------------------------------------------------------------------------------------------

@modifier("Agricultural Mastery", Hook.FOOD_UPKEEP)
def agricultural_mastery(state: SootState, player: PlayerId, value: int, args: HookArgs) -> int:
    """Agricultural Mastery: the owner's food bill at Upkeep is 2 lower (never below 0).

    Source: rulebook, §21 Rancher, Agricultural Mastery.
    """
    return max(0, value - verbs.data(state).effects.agricultural_mastery_food)


_LIVESTOCK = "Livestock Empire"


@effect(_LIVESTOCK)
def livestock_empire_bought(ctx: Ctx) -> None:
    """Livestock Empire, on purchase: nothing happens at once.

    From the next Production on, the owner is asked for each Ranch whether
    it makes its Livestock or 1 Leather instead
    (:func:`hexkit_soot.rules.production.run_production`).

    Source: rulebook, §21 Rancher, Livestock Empire ("each Ranch may
    produce 1 Leather instead of Livestock").
    """
    ctx.state.note(ctx.player, "each Ranch may make 1 Leather instead of Livestock at Production (Livestock Empire)")


_PROVISIONER = "Provisioner"


_FROM_CARAVAN = 64
"""Provisioner answers: ``arg = good index + 64 * source``; source 0 is the
network, k + 1 the player's caravan k standing at a market location."""


def _provisioner_options(state: SootState, player: PlayerId) -> list[Choose]:
    if not owns(state, player, _PROVISIONER):
        return []
    goods = verbs.data(state).goods
    names = list(goods)
    p = state.players[player]
    label = f"to the company store for {verbs.data(state).effects.provisioner_price}¤"
    out = [opt(_PROVISIONER, names.index(g), f"Provisioner: sell 1 {g} from the network {label}")
           for g in sorted(p.stock) if goods[g].food > 0 and p.stock[g] > 0]
    for k, c in enumerate(p.caravans):
        if c.cargo and is_market(state, c.loc):
            out.extend(opt(_PROVISIONER, names.index(g) + _FROM_CARAVAN * (k + 1),
                           f"Provisioner: sell 1 {g} from caravan {k} at {c.loc} {label}")
                       for g in sorted(c.cargo) if goods[g].food > 0 and c.cargo[g] > 0)
    return out


@effect(_PROVISIONER)
def provisioner_bought(ctx: Ctx) -> None:
    """Provisioner, on purchase: nothing happens at once; the free action :func:`provisioner` opens.

    Source: rulebook, §21 Rancher, Provisioner.
    """
    price = verbs.data(ctx.state).effects.provisioner_price
    ctx.state.note(ctx.player, f"may now sell food to the company store at {price}¤ each (Provisioner)")


@free_action(_PROVISIONER, _provisioner_options)
def provisioner(state: SootState, player: PlayerId, answer: Choose) -> None:
    """Provisioner: sell 1 food good to the company store for a flat 2¤ (free action).

    The good comes from the network or from one of the player's caravans
    standing at a market location (where goods are sold from the field).
    Repeat it to sell any quantity. The good returns to the supply and no
    price track moves.

    Source: rulebook, §21 Rancher, Provisioner; "Upkeep" (company store);
    "Markets" (selling from the field: a caravan at a market location).
    """
    good = list(verbs.data(state).goods)[answer.arg % _FROM_CARAVAN]
    source = answer.arg // _FROM_CARAVAN
    if source == 0:
        sold = verbs.lose_goods(state, player, good, 1)
    else:
        cargo = state.players[player].caravans[source - 1].cargo
        sold = 1 if cargo.get(good, 0) > 0 else 0
        if sold:
            return_goods(state, player, good, 1, source - 1)
    if sold:
        verbs.gain_currency(state, player, verbs.data(state).effects.provisioner_price,
                            f"sold 1 {good} to the company store")
