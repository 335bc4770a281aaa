"""Abilities of the 60-card multi-use deck (50 regular cards, 10 Legacy cards).

Each card of ``data/cards.toml`` is registered here under its name. Playing
a card for its ability is offered only when :func:`playable` says the
ability can do something now; the rules discard the card (or remove a
Legacy card from the game) and then run the ability. Abilities that need a
choice ask one small question at a time through
:func:`hexkit_soot.effects.ask`; optional parts offer a "stop"/"skip".

The abilities' texts are the data file's (the card list of the Components
doc is missing, so every ability is an assumption marked there). Where the
text leaves a detail open, the docstring names the reading taken.

Every ability is a function of one :class:`~hexkit_soot.effects.Ctx`
(the card's player and the game) that returns nothing; passive parts are
modifiers ``(state, player, value, args) -> value`` and reactions
``(ctx, args) -> None`` (see :mod:`hexkit_soot.effects.reactions`).

Source: rulebook, §15 "Cards" (ability, currency, wild resource; Legacy
cards leave the game when played for their ability); data ``cards.toml``
(assumed abilities).
"""

from __future__ import annotations

import attrs

from hexkit.flow import Flow, Resume
from hexkit.game import PlayerId
from hexkit.hexes import Hex
from hexkit_soot.actions import Choose
from hexkit_soot.data import fill_text
from hexkit_soot.effects import (
    Ctx,
    Hook,
    HookArgs,
    activate,
    ask,
    deactivate,
    effect,
    lookup,
    modifier,
    sources,
    verbs,
)
from hexkit_soot.effects.reactions import Moment, MomentArgs, reaction
from hexkit_soot.grid import code_edge, code_hex, edge_code, hex_code
from hexkit_soot.rules.camps import camp_kinds_at, can_found_camp
from hexkit_soot.rules.routes import any_edge, candidate_edges, route_at, set_route
from hexkit_soot.rules.steps import MAIN_ACTIONS
from hexkit_soot.state import RAIL, ROAD, TRAIL, SootState

__all__ = [
    "SurveyorPick",
    "SurveyorWalk",
    "PriceGood",
    "PriceDirection",
    "FireRival",
    "FreeSegment",
    "FreeCamp",
    "StrikeHex",
    "TreatyCommunity",
    "surveyor_pick",
    "surveyor_walk",
    "price_good",
    "price_direction",
    "fire_rival",
    "free_segment",
    "free_camp",
    "strike_hex",
    "treaty_community",
    "register",
    "tracked_goods",
    "price_move_options",
    "direction_options",
    "apply_price_move",
    "price_steps",
    "rail_segments",
    "tier3_facilities",
    "network_goods",
    "NEEDS",
    "why_unplayable",
]


# -- helpers shared with the events and upgrades -----------------------------------

def tracked_goods(state: SootState) -> list[str]:
    """The tracked goods (Tier 2 and 3) in data order.

    Args:
        state: the game (its data names the goods).

    Returns:
        The names of the goods with a price track.
    """
    return [n for n, g in verbs.data(state).goods.items() if g.kind == "tracked"]


def _gid(state: SootState, good: str) -> int:
    return verbs.data(state).good_ids[good]


def _gname(state: SootState, gid: int) -> str:
    return list(verbs.data(state).goods)[gid]


def price_move_options(state: SootState) -> list[tuple[str, int, str]]:
    """One option per tracked good whose price can still move up or down.

    The answer's ``arg`` is the good's index in the data; the direction is
    asked next (:func:`direction_options`).

    Args:
        state: the game.

    Returns:
        ``(code, arg, label)`` triples for :func:`hexkit_soot.effects.ask`.
    """
    out = []
    for name in tracked_goods(state):
        g = verbs.data(state).goods[name]
        price = state.prices[name]
        if price < g.maximum or price > state.floors[name]:
            out.append(("good", _gid(state, name), f"move the {name} price ({price})"))
    return out


def direction_options(state: SootState, good: str, steps: int = 1) -> list[tuple[str, int, str]]:
    """``up`` and/or ``down`` for ``good``, whichever can still change its price.

    Args:
        state: the game.
        good: a tracked good.
        steps: how far the price moves (each label names the price reached, within the track).

    Returns:
        ``(code, direction, label)`` triples; ``direction`` is +1 or -1.
    """
    g = verbs.data(state).goods[good]
    price = state.prices[good]
    floor = state.floors[good]
    out = []
    if price < g.maximum:
        out.append(("up", 1, f"{good} up to {min(price + steps, g.maximum)}"))
    if price > floor:
        out.append(("down", -1, f"{good} down to {max(price - steps, floor)}"))
    return out


def price_steps(state: SootState, source: str) -> int:
    """Steps the price chosen by ``source`` moves: Commodity Futures' or Market Day's number.

    Args:
        state: the game.
        source: ``"Commodity Futures"`` or ``"Market Day"``.

    Returns:
        ``effects.commodity_futures_steps`` or ``effects.market_day_steps``.
    """
    numbers = verbs.data(state).effects
    return numbers.commodity_futures_steps if source == "Commodity Futures" else numbers.market_day_steps


def apply_price_move(state: SootState, good: str, steps: int, why: str) -> None:
    """Move ``good``'s price by ``steps`` (within its floor and maximum).

    Args:
        state: the game.
        good: a tracked good.
        steps: signed number of steps.
        why: reason for the log.
    """
    verbs.move_price(state, good, steps, why)


def rail_segments(state: SootState, player: PlayerId) -> int:
    """Rail segments owned by ``player`` (each segment is stored at both ends).

    Args:
        state: the game.
        player: the owner.

    Returns:
        The number of segments.
    """
    ends = 0
    for h, kinds in state.route_kind.items():
        owners = state.route_owner[h]
        for d in range(6):
            if kinds[d] == RAIL and owners[d] == player:
                ends += 1
    return ends // 2


def tier3_facilities(state: SootState, player: PlayerId) -> int:
    """Tier 3 facilities owned by ``player``.

    Args:
        state: the game.
        player: the owner.

    Returns:
        The number of Tier 3 facilities in the Central City and in Cities.
    """
    facs = verbs.data(state).facilities
    return sum(
        1
        for s in state.settlements.values()
        for f in s.facilities
        if f.owner == player and facs[f.name].tier == 3
    )


def network_goods(state: SootState, player: PlayerId) -> list[str]:
    """Goods in ``player``'s warehouse network, sorted by name.

    Special goods (Cultural Artifacts and Specialty Materials) are not
    listed: they are kept behind the player's screen, never warehoused (and
    their kinds are hidden from the other players).

    Args:
        state: the game.
        player: whose network.

    Returns:
        The names of the goods with at least one unit there.

    Source: rulebook, Components ("keep behind your screen").
    """
    goods = verbs.data(state).goods
    return sorted(g for g, n in state.players[player].stock.items() if n > 0 and goods[g].kind != "special")


def _is_active(state: SootState, name: str, player: PlayerId) -> bool:
    return f"{name}@{player}" in state.active


# -- Surveyor's Chain -----------------------------------------------------------------

_SURVEYOR = "Surveyor's Chain"


def _walk_options(state: SootState, at: Hex, stop: bool) -> list[tuple[str, int, str]]:
    out = [("hex", hex_code(n), f"Explorer to {n}") for n in sorted(at.neighbors()) if n in state.tiles]
    if stop and out:
        out.append(("stop", 0, "stop here"))
    return out


def _surveyor_playable(ctx: Ctx) -> bool:
    return any(_walk_options(ctx.state, h, False) for h in ctx.state.players[ctx.player].explorers)


@attrs.frozen(kw_only=True)
class SurveyorPick(Resume):
    """Surveyor's Chain asking which Explorer walks.

    Attributes:
        player: who plays the card.
    """

    player: PlayerId


@attrs.frozen(kw_only=True)
class SurveyorWalk(Resume):
    """Surveyor's Chain asking where the Explorer steps next (or to stop).

    Attributes:
        player: who plays the card.
        explorer: the walking Explorer's index.
        left: hexes it may still walk.
    """

    player: PlayerId
    explorer: int
    left: int


def _surveyor_step(state: SootState, player: PlayerId, explorer: int, left: int) -> None:
    at = state.players[player].explorers[explorer]
    walked = left < verbs.data(state).effects.surveyors_chain_hexes  # stopping is offered after the first step
    ask(
        state, player, _SURVEYOR, f"walk:{explorer}:{left}", _walk_options(state, at, walked),
        f"Surveyor's Chain: move the Explorer at {at} ({left} hex{'es' if left > 1 else ''} left)",
        then=SurveyorWalk(player=player, explorer=explorer, left=left),
    )


def surveyor_pick(state: SootState, then: SurveyorPick, answer: Choose) -> None:
    """The Explorer chosen walks: ask its first step."""
    _surveyor_step(state, then.player, answer.arg, verbs.data(state).effects.surveyors_chain_hexes)


def _surveyor_resume(ctx: Ctx, stage: str, answer: Choose) -> None:
    """The older form (a save of Soot 0.3.2: stages ``explorer`` and ``walk:<explorer>:<left>``)."""
    if stage == "explorer":
        surveyor_pick(ctx.state, SurveyorPick(player=ctx.player), answer)
        return
    _, explorer_s, left_s = stage.split(":")
    surveyor_walk(ctx.state, SurveyorWalk(player=ctx.player, explorer=int(explorer_s), left=int(left_s)), answer)


def surveyor_walk(state: SootState, then: SurveyorWalk, answer: Choose) -> None:
    """Step to the hex answered (blazing a trail where no route is), or stop; ask the next step."""
    player, explorer, left = then.player, then.explorer, then.left
    if answer.code == "stop":
        return
    p = state.players[player]
    start = p.explorers[explorer]
    target = code_hex(answer.arg)
    d = start.neighbors().index(target)
    trail = route_at(state, start, d) == 0
    if trail:
        set_route(state, start, target, TRAIL, -1)
    verbs.move_agent(state, player, "Explorer", explorer, target)
    state.note(player, f"Explorer moved {start} -> {target}" + (", blazed 1 trail" if trail else "")
               + " (Surveyor's Chain)")
    if left > 1:
        _surveyor_step(state, player, explorer, left - 1)


@effect(_SURVEYOR, resume=_surveyor_resume, playable=_surveyor_playable)
def surveyors_chain(ctx: Ctx) -> None:
    """Walk one Explorer up to 2 hexes (``effects.surveyors_chain_hexes``), one at a time, over explored hexes.

    Each step goes to a neighbouring explored hex and blazes a public trail
    on the segment if it had no route yet (like a Move through wilderness).
    After the first step the player may stop. With several Explorers the
    player first picks which one walks.

    Source: assumed (data ``cards.toml``, Surveyor's Chain); trails as in the
    rulebook, "Agents & Movement" (trails in wilderness).
    """
    state, player = ctx.state, ctx.player
    walkers = [i for i, h in enumerate(state.players[player].explorers) if _walk_options(state, h, False)]
    if len(walkers) > 1:
        options = [("explorer", i, f"Explorer at {state.players[player].explorers[i]}") for i in walkers]
        ask(state, player, _SURVEYOR, "explorer", options, "Surveyor's Chain: which Explorer?",
            then=SurveyorPick(player=player))
    elif walkers:
        _surveyor_step(state, player, walkers[0], verbs.data(state).effects.surveyors_chain_hexes)


# -- Teamsters ------------------------------------------------------------------------

def _teamsters_playable(ctx: Ctx) -> bool:
    move = MAIN_ACTIONS.get("Move")
    return move is not None and move.available(ctx.state, ctx.player)


@effect("Teamsters", playable=_teamsters_playable)
def teamsters(ctx: Ctx) -> None:
    """Start a full Move action at once, without spending one of the round's actions.

    Source: assumed (data ``cards.toml``, Teamsters); the Move action as in
    the rulebook, "Agents & Movement".
    """
    ctx.state.note(ctx.player, "takes a free Move (Teamsters)")
    MAIN_ACTIONS["Move"].start(ctx.state, ctx.player)


# -- Foreman --------------------------------------------------------------------------

@effect("Foreman")
def foreman(ctx: Ctx) -> None:
    """One bonus action for this round (``effects.foreman_actions``).

    Source: assumed (data ``cards.toml``, Foreman); bonus actions from cards:
    rulebook, "Phase 2: Actions".
    """
    verbs.extra_action(ctx.state, ctx.player, verbs.data(ctx.state).effects.foreman_actions)


# -- Land Grant -------------------------------------------------------------------------

_LAND_GRANT = "Land Grant"


@effect(_LAND_GRANT, playable=lambda ctx: not _is_active(ctx.state, _LAND_GRANT, ctx.player))
def land_grant(ctx: Ctx) -> None:
    """Until the end of the round, the next Found Camp costs no ¤ and 1 resource less
    (``effects.land_grant_camp_resources``).

    Several Land Grants do not stack: a second one is offered only after
    the first is used or the round has ended.

    Source: assumed (data ``cards.toml``, Land Grant); camp costs: rulebook,
    "Camps" (1¤ + resources).
    """
    activate(ctx.state, _LAND_GRANT, ctx.player)
    ctx.state.note(ctx.player, "the next camp this round is cheaper (Land Grant)")


@modifier(_LAND_GRANT, Hook.CAMP_CURRENCY)
def _land_grant_currency(state: SootState, player: PlayerId, value: int, args: HookArgs) -> int:
    """Land Grant: the camp costs no ¤. Source: assumed (data ``cards.toml``, Land Grant)."""
    return 0


@modifier(_LAND_GRANT, Hook.CAMP_RESOURCES)
def _land_grant_resources(state: SootState, player: PlayerId, value: int, args: HookArgs) -> int:
    """Land Grant: 1 resource less. Source: assumed (data ``cards.toml``, Land Grant)."""
    return value + verbs.data(state).effects.land_grant_camp_resources


@reaction(_LAND_GRANT, Moment.CAMP_FOUNDED)
def _land_grant_used(ctx: Ctx, args: MomentArgs) -> None:
    """Land Grant is used up by the Found Camp action. Source: assumed (data ``cards.toml``)."""
    deactivate(ctx.state, _LAND_GRANT, ctx.player)


# -- goods cards ---------------------------------------------------------------------------

def _gain_all(ctx: Ctx, goods: dict[str, int]) -> None:
    for good, n in goods.items():
        verbs.gain_goods(ctx.state, ctx.player, good, n, why=ctx.source)


@effect("Timber Contract")
def timber_contract(ctx: Ctx) -> None:
    """2 Timber (``effects.timber_contract_timber``) from the supply into the warehouse network
    (fewer if it runs short).

    Source: assumed (data ``cards.toml``, Timber Contract); finite supply:
    Components, "Token supply".
    """
    _gain_all(ctx, {"Timber": verbs.data(ctx.state).effects.timber_contract_timber})


@effect("Quarry Crew")
def quarry_crew(ctx: Ctx) -> None:
    """2 Stone (``effects.quarry_crew_stone``) from the supply into the warehouse network.

    Source: assumed (data ``cards.toml``, Quarry Crew).
    """
    _gain_all(ctx, {"Stone": verbs.data(ctx.state).effects.quarry_crew_stone})


@effect("Iron Tools")
def iron_tools(ctx: Ctx) -> None:
    """1 Iron Ore and 1 Coal (``effects.iron_tools_iron_ore``, ``effects.iron_tools_coal``) into the
    warehouse network.

    Source: assumed (data ``cards.toml``, Iron Tools).
    """
    numbers = verbs.data(ctx.state).effects
    _gain_all(ctx, {"Iron Ore": numbers.iron_tools_iron_ore, "Coal": numbers.iron_tools_coal})


@effect("Harvest Festival")
def harvest_festival(ctx: Ctx) -> None:
    """2 Grain (``effects.harvest_festival_grain``) from the supply into the warehouse network.

    Source: assumed (data ``cards.toml``, Harvest Festival).
    """
    _gain_all(ctx, {"Grain": verbs.data(ctx.state).effects.harvest_festival_grain})


# -- Market Day ---------------------------------------------------------------------------

@attrs.frozen(kw_only=True)
class PriceGood(Resume):
    """An effect asking which tracked price to move (Market Day, Commodity Futures).

    Attributes:
        player: who answers.
        source: the effect's name (for the log and the next question).
    """

    player: PlayerId
    source: str


@attrs.frozen(kw_only=True)
class PriceDirection(Resume):
    """An effect asking whether the chosen price goes up or down.

    Attributes:
        source: the effect's name (for the log).
        good: the good whose price moves.
    """

    source: str
    good: str


def price_good(state: SootState, then: PriceGood, answer: Choose) -> None:
    """The good answered (``skip``: none): ask up or down."""
    if answer.code == "skip":
        return
    good = _gname(state, answer.arg)
    options = direction_options(state, good, price_steps(state, then.source))
    ask(state, then.player, then.source, f"dir:{answer.arg}", options,
        f"{then.source}: {good} up or down?", then=PriceDirection(source=then.source, good=good))


def price_direction(state: SootState, then: PriceDirection, answer: Choose) -> None:
    """Move the price the way answered (``+1`` up or ``-1`` down), by the source's steps."""
    apply_price_move(state, then.good, answer.arg * price_steps(state, then.source), then.source)


def _market_day_resume(ctx: Ctx, stage: str, answer: Choose) -> None:
    """The older form (a save of Soot 0.3.2: stages ``good`` and ``dir:<good id>``)."""
    if stage == "good":
        price_good(ctx.state, PriceGood(player=ctx.player, source=ctx.source), answer)
    else:
        good = _gname(ctx.state, int(stage.split(":")[1]))
        price_direction(ctx.state, PriceDirection(source=ctx.source, good=good), answer)


@effect("Market Day", resume=_market_day_resume, playable=lambda ctx: bool(price_move_options(ctx.state)))
def market_day(ctx: Ctx) -> None:
    """Move one tracked price 1 step (``effects.market_day_steps``): first the good, then up or down.

    Only moves that change a price are offered (a price at its maximum
    cannot go up, one on its floor cannot go down).

    Source: assumed (data ``cards.toml``, Market Day); price tracks:
    rulebook, "Market Economy".
    """
    ask(ctx.state, ctx.player, ctx.source, "good", price_move_options(ctx.state), "Market Day: which price?",
        then=PriceGood(player=ctx.player, source=ctx.source))


# -- Price Gouging ------------------------------------------------------------------------

_GOUGING = "Price Gouging"


@effect(_GOUGING, playable=lambda ctx: not _is_active(ctx.state, _GOUGING, ctx.player))
def price_gouging(ctx: Ctx) -> None:
    """Until the end of the round, the next sale pays 1¤ more per unit sold (``effects.price_gouging_bonus``).

    Source: assumed (data ``cards.toml``, Price Gouging); sale prices:
    rulebook, "Market Economy".
    """
    activate(ctx.state, _GOUGING, ctx.player)
    bonus = verbs.data(ctx.state).effects.price_gouging_bonus
    ctx.state.note(ctx.player, f"the next sale this round earns +{bonus} per unit (Price Gouging)")


@modifier(_GOUGING, Hook.SELL_BONUS)
def _gouging_bonus(state: SootState, player: PlayerId, value: int, args: HookArgs) -> int:
    """Price Gouging: +1¤ per unit sold. Source: assumed (data ``cards.toml``, Price Gouging)."""
    return value + verbs.data(state).effects.price_gouging_bonus


@reaction(_GOUGING, Moment.SOLD)
def _gouging_used(ctx: Ctx, args: MomentArgs) -> None:
    """Price Gouging is used up by a sale it raised (not a flat-priced special good). Source: assumed."""
    good = args.get("good", "")
    if good in verbs.data(ctx.state).goods and verbs.data(ctx.state).goods[good].kind == "special":
        return
    deactivate(ctx.state, _GOUGING, ctx.player)


# -- Bank Draft, Smoke Scrubbers ------------------------------------------------------------

@effect("Bank Draft")
def bank_draft(ctx: Ctx) -> None:
    """3¤ from the bank (``effects.bank_draft_currency``).

    Source: assumed (data ``cards.toml``, Bank Draft).
    """
    verbs.gain_currency(ctx.state, ctx.player, verbs.data(ctx.state).effects.bank_draft_currency, why=ctx.source)


@effect("Smoke Scrubbers", playable=lambda ctx: ctx.state.players[ctx.player].soot > 0)
def smoke_scrubbers(ctx: Ctx) -> None:
    """Take up to 2 soot (``effects.smoke_scrubbers_soot``) off the Soot Track (as much as is there).

    Removing soot never hurts (thresholds fire only once), so the card
    removes as much as it can without asking.

    Source: assumed (data ``cards.toml``, Smoke Scrubbers); Soot Track:
    rulebook, "Soot".
    """
    verbs.remove_soot(ctx.state, ctx.player, verbs.data(ctx.state).effects.smoke_scrubbers_soot, ctx.source)


# -- Double Shift ------------------------------------------------------------------------------

_DOUBLE = "Double Shift"


@effect(_DOUBLE, playable=lambda ctx: not _is_active(ctx.state, _DOUBLE, ctx.player))
def double_shift(ctx: Ctx) -> None:
    """Until the end of the round, the next Refine may fire one facility a second time
    (``effects.double_shift_firings``).

    Source: assumed (data ``cards.toml``, Double Shift); extra firings from
    cards: rulebook, "Refine".
    """
    activate(ctx.state, _DOUBLE, ctx.player)
    ctx.state.note(ctx.player, "the next Refine may fire a facility twice (Double Shift)")


@modifier(_DOUBLE, Hook.EXTRA_FIRINGS)
def _double_firings(state: SootState, player: PlayerId, value: int, args: HookArgs) -> int:
    """Double Shift: one extra firing. Source: assumed (data ``cards.toml``, Double Shift)."""
    return value + verbs.data(state).effects.double_shift_firings


@reaction(_DOUBLE, Moment.REFINE_DONE)
def _double_used(ctx: Ctx, args: MomentArgs) -> None:
    """Double Shift is used up by the Refine. Source: assumed (data ``cards.toml``)."""
    deactivate(ctx.state, _DOUBLE, ctx.player)


# -- Railway Survey and The Golden Spike ------------------------------------------------------

def _edge_options(state: SootState, player: PlayerId, kind: int) -> list[tuple[str, int, str]]:
    name = "rail" if kind == RAIL else "road"
    return [
        ("edge", edge_code(h, d), f"{name} {h}-{h.neighbors()[d]}")
        for h, d in candidate_edges(state, player, kind)
    ]


def _any_edge(state: SootState, player: PlayerId, kind: int) -> bool:
    """Whether :func:`_edge_options` has an option (found without listing them)."""
    return any_edge(state, player, kind)


@attrs.frozen(kw_only=True)
class FreeSegment(Resume):
    """Railway Survey or The Golden Spike asking where the free segment goes.

    Attributes:
        player: who played the card.
        kind: the segment's route kind (``ROAD`` or ``RAIL``).
    """

    player: PlayerId
    kind: int


def free_segment(state: SootState, then: FreeSegment, answer: Choose) -> None:
    """Lay the free segment on the edge answered (the First Rail Link is checked)."""
    h, d = code_edge(answer.arg)
    verbs.build_route(state, then.player, h, h.neighbors()[d], then.kind)


def _build_resume(ctx: Ctx, stage: str, answer: Choose) -> None:
    """The older form (a save of Soot 0.3.2: stage ``road`` or ``rail``)."""
    free_segment(ctx.state, FreeSegment(player=ctx.player, kind=RAIL if stage == "rail" else ROAD), answer)


@effect(
    "Railway Survey",
    resume=_build_resume,
    playable=lambda ctx: _any_edge(ctx.state, ctx.player, ROAD),
)
def railway_survey(ctx: Ctx) -> None:
    """Lay 1 road segment free, where a Build Route could extend from.

    Source: assumed (data ``cards.toml``, Railway Survey); where routes may
    go: rulebook, "Routes".
    """
    ask(ctx.state, ctx.player, ctx.source, "road", _edge_options(ctx.state, ctx.player, ROAD),
        "Railway Survey: where is the free road?", then=FreeSegment(player=ctx.player, kind=ROAD))


def _spike_playable(ctx: Ctx) -> bool:
    need = verbs.data(ctx.state).effects.golden_spike_rail_segments
    return rail_segments(ctx.state, ctx.player) >= need or _any_edge(ctx.state, ctx.player, RAIL)


@effect("The Golden Spike", resume=_build_resume, playable=_spike_playable)
def golden_spike(ctx: Ctx) -> None:
    """Legacy: 3 points with 3+ rail segments owned; otherwise 1 free rail segment.

    The numbers are ``effects.golden_spike_points`` and ``effects.golden_spike_rail_segments``.

    Source: assumed (data ``cards.toml``, The Golden Spike); Legacy cards:
    rulebook, §15.
    """
    state, player = ctx.state, ctx.player
    numbers = verbs.data(state).effects
    if rail_segments(state, player) >= numbers.golden_spike_rail_segments:
        verbs.gain_points(state, player, numbers.golden_spike_points, ctx.source, source="cards")
    else:
        ask(state, player, ctx.source, "rail", _edge_options(state, player, RAIL),
            "The Golden Spike: where is the free rail?", then=FreeSegment(player=player, kind=RAIL))


# -- The Great Exhibition ------------------------------------------------------------------------

@effect("The Great Exhibition", playable=lambda ctx: tier3_facilities(ctx.state, ctx.player) > 0)
def great_exhibition(ctx: Ctx) -> None:
    """Legacy: 2 points per Tier 3 facility owned (``effects.great_exhibition_points``).

    Source: assumed (data ``cards.toml``, The Great Exhibition).
    """
    n = tier3_facilities(ctx.state, ctx.player)
    points = verbs.data(ctx.state).effects.great_exhibition_points
    verbs.gain_points(ctx.state, ctx.player, points * n, f"{ctx.source}, {n} Tier 3 facilit{'ies' if n > 1 else 'y'}",
                      source="cards")


# -- The Land Rush ---------------------------------------------------------------------------------

def _land_rush_options(state: SootState, player: PlayerId) -> list[tuple[str, int, str]]:
    if not can_found_camp(state, player):
        return []
    kinds = list(verbs.data(state).camps)
    out = []
    for at in sorted(set(state.players[player].builders)):
        for kind in camp_kinds_at(state, at):
            out.append(("camp", hex_code(at) * 16 + kinds.index(kind), f"found {kind} at {at} free"))
    return out


@attrs.frozen(kw_only=True)
class FreeCamp(Resume):
    """The Land Rush asking which camp to found where.

    Attributes:
        player: who played the card.
    """

    player: PlayerId


def free_camp(state: SootState, then: FreeCamp, answer: Choose) -> None:
    """Found the camp answered (hex code * 16 + camp type) without paying."""
    at = code_hex(answer.arg // 16)
    kind = list(verbs.data(state).camps)[answer.arg % 16]
    verbs.found_camp(state, then.player, at, kind)


def _land_rush_resume(ctx: Ctx, stage: str, answer: Choose) -> None:
    """The older form (a save of Soot 0.3.2: stage ``camp``)."""
    free_camp(ctx.state, FreeCamp(player=ctx.player), answer)


@effect(
    "The Land Rush",
    resume=_land_rush_resume,
    playable=lambda ctx: bool(_land_rush_options(ctx.state, ctx.player)),
)
def land_rush(ctx: Ctx) -> None:
    """Legacy: found a camp on a Builder's hex without paying anything.

    The camp limit of the archetype still counts; founding points, the
    depletion stack and the community prestige loss apply as for any camp.

    Source: assumed (data ``cards.toml``, The Land Rush); founding: rulebook,
    "Camps".
    """
    ask(ctx.state, ctx.player, ctx.source, "camp", _land_rush_options(ctx.state, ctx.player),
        "The Land Rush: which camp where?", then=FreeCamp(player=ctx.player))


# -- The Silver Strike -------------------------------------------------------------------------------

@attrs.frozen(kw_only=True)
class StrikeHex(Resume):
    """The Silver Strike asking on which Explorer's hex the Gold appears.

    Attributes:
        player: who played the card.
        source: the card's name (for the log).
    """

    player: PlayerId
    source: str


def strike_hex(state: SootState, then: StrikeHex, answer: Choose) -> None:
    """2 Gold (``effects.silver_strike_gold``) appear loose on the hex answered."""
    gold = verbs.data(state).effects.silver_strike_gold
    verbs.gain_goods(state, then.player, "Gold", gold, at=code_hex(answer.arg), why=then.source)


def _strike_resume(ctx: Ctx, stage: str, answer: Choose) -> None:
    """The older form (a save of Soot 0.3.2: stage ``hex``)."""
    strike_hex(ctx.state, StrikeHex(player=ctx.player, source=ctx.source), answer)


@effect("The Silver Strike", resume=_strike_resume, playable=lambda ctx: bool(ctx.state.players[ctx.player].explorers))
def silver_strike(ctx: Ctx) -> None:
    """Legacy: 2 Gold (``effects.silver_strike_gold``) appear loose on an Explorer's hex, owned by the player.

    With several Explorers the player chooses the hex. On a camp tile the
    tile cap of 2 goods applies.

    Source: assumed (data ``cards.toml``, The Silver Strike); loose goods and
    the tile cap: rulebook, "Production" and "Extract".
    """
    state, player = ctx.state, ctx.player
    hexes = sorted(set(state.players[player].explorers))
    if len(hexes) == 1:
        verbs.gain_goods(state, player, "Gold", verbs.data(state).effects.silver_strike_gold, at=hexes[0],
                         why=ctx.source)
    else:
        ask(state, player, ctx.source, "hex", [("hex", hex_code(h), f"Gold at {h}") for h in hexes],
            "The Silver Strike: on which Explorer's hex?", then=StrikeHex(player=player, source=ctx.source))


# -- The Treaty of the Falls ------------------------------------------------------------------------

@attrs.frozen(kw_only=True)
class TreatyCommunity(Resume):
    """The Treaty of the Falls asking with which community.

    Attributes:
        player: who played the card.
        source: the card's name (for the log).
    """

    player: PlayerId
    source: str


def treaty_community(state: SootState, then: TreatyCommunity, answer: Choose) -> None:
    """+2 Favor with the community answered, then +1 Prestige (``effects.treaty_of_the_falls_*``)."""
    numbers = verbs.data(state).effects
    verbs.gain_favor(state, then.player, code_hex(answer.arg), numbers.treaty_of_the_falls_favor)
    verbs.change_prestige(state, then.player, numbers.treaty_of_the_falls_prestige, then.source)


def _treaty_resume(ctx: Ctx, stage: str, answer: Choose) -> None:
    """The older form (a save of Soot 0.3.2: stage ``community``)."""
    treaty_community(ctx.state, TreatyCommunity(player=ctx.player, source=ctx.source), answer)


@effect("The Treaty of the Falls", resume=_treaty_resume)
def treaty_of_the_falls(ctx: Ctx) -> None:
    """Legacy: +2 Favor with a community of the player's choice, then +1 Prestige
    (``effects.treaty_of_the_falls_favor``, ``effects.treaty_of_the_falls_prestige``).

    Any community on the map may be chosen (Favor stops at 3; reaching it
    forms the Exclusive Pact if nobody holds it). With no community on the
    map only the Prestige is gained.

    Source: assumed (data ``cards.toml``, The Treaty of the Falls); Favor and
    pacts: rulebook, "Communities".
    """
    state, player = ctx.state, ctx.player
    options = [
        ("community", hex_code(h), f"the {c.kind} at {h} (Favor {c.favor[player]})")
        for h, c in sorted(state.communities.items())
    ]
    if not ask(state, player, ctx.source, "community", options, "The Treaty of the Falls: with which community?",
               then=TreatyCommunity(player=player, source=ctx.source)):
        verbs.change_prestige(state, player, verbs.data(state).effects.treaty_of_the_falls_prestige, ctx.source)


# -- The Panic, The Royal Charter ----------------------------------------------------------------------

@effect("The Panic")
def the_panic(ctx: Ctx) -> None:
    """Legacy: every tracked price (Tier 2 and 3) falls 1 step (``effects.panic_steps``; not below its floor).

    Source: assumed (data ``cards.toml``, The Panic).
    """
    steps = verbs.data(ctx.state).effects.panic_steps
    verbs.move_tier(ctx.state, 2, -steps, ctx.source)
    verbs.move_tier(ctx.state, 3, -steps, ctx.source)


@effect("The Royal Charter")
def royal_charter(ctx: Ctx) -> None:
    """Legacy: 3 points and 3¤ (``effects.royal_charter_points``, ``effects.royal_charter_currency``).

    Source: assumed (data ``cards.toml``, The Royal Charter).
    """
    numbers = verbs.data(ctx.state).effects
    verbs.gain_points(ctx.state, ctx.player, numbers.royal_charter_points, ctx.source, source="cards")
    verbs.gain_currency(ctx.state, ctx.player, numbers.royal_charter_currency, why=ctx.source)


# -- The Steam Engine Patent ------------------------------------------------------------------------------

_PATENT = "The Steam Engine Patent"


def _has_patent(state: SootState, player: PlayerId) -> bool:
    return _PATENT in sources(state, player)


@effect(_PATENT, playable=lambda ctx: not _has_patent(ctx.state, ctx.player))
def steam_engine_patent(ctx: Ctx) -> None:
    """Legacy: for the rest of the game, the first firing each round makes 1 more output
    (``effects.steam_engine_patent_output``).

    The card's name goes to the player's lasting effects (``PlayerState.lasting``),
    which stay active every round. The extra unit is of the facility's first
    output (as the Industrialist's bonus). "First firing" is read from the
    round's record of goods made: a firing adds 1 while the player has made
    nothing yet this round.

    Source: assumed (data ``cards.toml``, The Steam Engine Patent).
    """
    ctx.state.players[ctx.player].lasting.append(_PATENT)
    extra = verbs.data(ctx.state).effects.steam_engine_patent_output
    ctx.state.note(ctx.player, f"holds The Steam Engine Patent: +{extra} output on the first firing of each round")


@modifier(_PATENT, Hook.FACILITY_OUTPUT)
def _patent_output(state: SootState, player: PlayerId, value: int, args: HookArgs) -> int:
    """The Steam Engine Patent: +1 output while nothing was made this round. Source: assumed (data ``cards.toml``)."""
    return value + verbs.data(state).effects.steam_engine_patent_output if not state.players[player].made else value


# -- The Telegraph -------------------------------------------------------------------------------------------

@effect("The Telegraph")
def telegraph(ctx: Ctx) -> None:
    """Legacy: draw 2 cards blind (as many as the deck and discards hold) and 1 bonus action
    (``effects.telegraph_cards``, ``effects.telegraph_actions``).

    Source: assumed (data ``cards.toml``, The Telegraph).
    """
    numbers = verbs.data(ctx.state).effects
    got = verbs.draw_cards(ctx.state, ctx.player, numbers.telegraph_cards)
    ctx.state.note(ctx.player, f"drew {got} card{'s' if got != 1 else ''} blind ({ctx.source})")
    verbs.extra_action(ctx.state, ctx.player, numbers.telegraph_actions)


# -- The Great Fire -----------------------------------------------------------------------------------------------

_FIRE = "The Great Fire"


def _fire_next(state: SootState, player: PlayerId, after: int) -> None:
    """Ask about the next rival (in seat order after ``after``) who has goods in the network."""
    n = len(state.players)
    for k in range(after + 1, player + n):
        rival = k % n
        if rival == player:
            continue
        goods = network_goods(state, rival)
        if goods:
            options = [("good", _gid(state, g), f"P{rival} loses 1 {g}") for g in goods]
            ask(state, player, _FIRE, f"rival:{k}", options, f"The Great Fire: which good does P{rival} lose?",
                then=FireRival(player=player, k=k))
            return


@attrs.frozen(kw_only=True)
class FireRival(Resume):
    """The Great Fire asking which good a rival loses.

    Attributes:
        player: who played the card.
        k: the rival's position counted from seat 0 (the rival is ``k % players``).
    """

    player: PlayerId
    k: int


def fire_rival(state: SootState, then: FireRival, answer: Choose) -> None:
    """The rival loses 1 of the good answered; ask about the next rival."""
    rival = then.k % len(state.players)
    verbs.lose_goods(state, rival, _gname(state, answer.arg), 1, why=_FIRE)
    _fire_next(state, then.player, then.k)


def _fire_resume(ctx: Ctx, stage: str, answer: Choose) -> None:
    """The older form (a save of Soot 0.3.2: stage ``rival:<k>``)."""
    fire_rival(ctx.state, FireRival(player=ctx.player, k=int(stage.split(":")[1])), answer)


def register(flow: Flow[SootState]) -> None:
    """Register the cards' typed continuations with the game's engine (called by ``game.py``).

    Args:
        flow: the game's engine.
    """
    flow.resume(SurveyorPick, surveyor_pick)
    flow.resume(SurveyorWalk, surveyor_walk)
    flow.resume(PriceGood, price_good)
    flow.resume(PriceDirection, price_direction)
    flow.resume(FireRival, fire_rival)
    flow.resume(FreeSegment, free_segment)
    flow.resume(FreeCamp, free_camp)
    flow.resume(StrikeHex, strike_hex)
    flow.resume(TreatyCommunity, treaty_community)


@effect(_FIRE, resume=_fire_resume)
def great_fire(ctx: Ctx) -> None:
    """Legacy: each rival loses 1 good of the player's choice from their warehouse network.

    Rivals are handled in seat order after the player; a rival with an empty
    network is skipped. The lost good returns to the supply.

    Source: assumed (data ``cards.toml``, The Great Fire).
    """
    _fire_next(ctx.state, ctx.player, ctx.player)


# -- why a card cannot be played now ----------------------------------------------------------

NEEDS: dict[str, str] = {
    _SURVEYOR: "an Explorer next to an explored hex",
    "Teamsters": "a Move you could make now",
    _LAND_GRANT: "no Land Grant already waiting for your next camp this round",
    "Market Day": "a tracked price that can still move",
    _GOUGING: "no Price Gouging already waiting for your next sale this round",
    "Smoke Scrubbers": "soot on your track",
    _DOUBLE: "no Double Shift already waiting for your next Refine this round",
    "Railway Survey": "an edge where a road may be built from your network",
    "The Golden Spike": "{golden_spike_rail_segments} rail segments of yours, or an edge where rail may be built",
    "The Great Exhibition": "a Tier 3 facility of yours",
    "The Land Rush": "a Builder on a hex where a camp fits, under your camp limit",
    "The Silver Strike": "an Explorer on the map",
    _PATENT: "not holding The Steam Engine Patent already",
}
"""What each card with a condition needs before its ability may be played (for error messages;
numbers quoted as in the data texts, :func:`hexkit_soot.data.fill_text`)."""


def why_unplayable(state: SootState, player: PlayerId, card: str) -> str | None:
    """Why ``player`` cannot play ``card`` for its ability now, or ``None`` if they can.

    Args:
        state: the game.
        player: the seat.
        card: the card's name.

    Returns:
        A sentence naming what the ability needs and is missing, or ``None``.
    """
    found = lookup(card)
    if found is None or found.play is None:
        return f"{card} has no ability to play"
    if found.playable is None or found.playable(Ctx(state=state, player=player, source=card)):
        return None
    return f"{card} needs {fill_text(NEEDS.get(card, 'its condition met'), verbs.data(state).text_numbers)}"
