"""Settlements: Found Settlement, specialisations, the Charter, Upgrade Settlement.

Found Settlement costs 1 action + 3¤ + the type's resources; your Builder
must be on the hex. Choose one of the type's two specialisations (for
good) and score founding points by season: Thaw/Boom 4, Hardship 3,
Decline 2. Your Charter marker goes on it: the bank pays you 1¤ (Town
Founder: 2) whenever another player builds or uses a facility there, and
you may reserve one facility slot for yourself for 3 rounds (asked at once). Settlements are public:
anyone may build and trade there. Upgrade Settlement (Settlement -> Town
-> City) costs 1 action + resources with your Builder present, is
forbidden at Soot 6+, and scores for whoever does the work.

Interpretations (assumed): a settlement may stand on a camp's hex (and a
camp on a settlement's hex): the rulebook bars only community hexes; no
spacing between settlements (``settlement_spacing`` = 1, data); a River Settlement needs a water overlay
on or next to its hex; the reservation holds through round founding + 3
and ends early when the founder builds a facility there.

Source: rulebook, "Settlements", "Upgrade Settlement", "Soot" (growth limit).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from hexkit.flow import Handler
from hexkit.game import PlayerId
from hexkit.hexes import Hex
from hexkit_soot.actions import Choose, FoundSettlement, ReserveSlot, SpecialiseSettlement, UpgradeSettlement
from hexkit_soot.effects import Hook, modify
from hexkit_soot.grid import code_hex, distinct_sorted, hex_code, season_of
from hexkit_soot.ledger import data, gain_currency, gain_points
from hexkit_soot.memo import map_memo
from hexkit_soot.rules.camps import builder_discount
from hexkit_soot.rules.cards import build_payment
from hexkit_soot.rules.explore import tile_info
from hexkit_soot.rules.milestones import check_rail_link, claim
from hexkit_soot.rules.modules import settlement_founded
from hexkit_soot.rules.network import affordable, build_pool, can_build, pay_build, waivable
from hexkit_soot.rules.payment import SettlingHandler
from hexkit_soot.rules.player_counts import central_city_slots
from hexkit_soot.rules.steps import main_action, opt
from hexkit_soot.state import CENTRAL_CITY, Settlement, SootState, touch_map
from hexkit_soot.state import tally as _tally  # "what was played" counters

__all__ = ["settlement_types_at", "founding_points", "slots_of", "charter", "is_market", "river_adjacent",
           "FoundHandler", "SpecHandler", "ReserveHandler", "UpgradeHandler"]

TIER_NAMES = {1: "Settlement", 2: "Town", 3: "City"}


def river_adjacent(state: SootState, at: Hex) -> bool:
    """Water overlay on ``at`` or a neighbour (rulebook: river-adjacent).

    Args:
        state: the game.
        at: the hex.
    """
    water = state.water
    return at in water or not water.keys().isdisjoint(at.neighbors())


def settlement_types_at(state: SootState, at: Hex) -> list[str]:
    """Settlement types allowed on ``at`` (ignoring cost and limits; a list not to change:
    memoised per map revision, :mod:`hexkit_soot.memo`).

    Args:
        state: the game.
        at: the hex.
    """
    memo = map_memo(state)
    key = ("settlement_types_at", at)
    kinds: list[str] | None = memo.get(key)
    if kinds is None:
        kinds = memo[key] = _types_at(state, at)
    return kinds


def _types_at(state: SootState, at: Hex) -> list[str]:
    """:func:`settlement_types_at` found afresh (it reads only the map and the data)."""
    # a camp on the hex does not bar a settlement (rulebook: only a community's hex "cannot host
    # camps or settlements"; interpretation I8 in docs/rules/soot.md)
    tile = state.tiles.get(at)
    settlements = state.settlements
    if tile is None or at == CENTRAL_CITY or at in settlements or at in state.communities:
        return []
    d = data(state)
    terrain = tile_info(state, tile)[0]
    # the terrain first (most hexes take no type), then the spacing (data; 1: only the hex itself
    # must be free, the rulebook having no spacing rule), then a river where required
    fits = [(name, st.requires == "river") for name, st in d.settlements.items() if terrain in st.terrains]
    if not fits:
        return []
    spacing = d.numbers.settlement_spacing
    if spacing > 1:  # a distance of 0 is the hex itself, already known free of settlements
        q, r = at
        for h in settlements:  # Hex.distance, inlined (one per settlement on the map)
            dq, dr = h[0] - q, h[1] - r
            if max(abs(dq), abs(dr), abs(dq + dr)) < spacing:
                return []
    river: bool | None = None  # river_adjacent, asked once if some type requires it
    out = []
    for name, needs_river in fits:
        if needs_river:
            if river is None:
                river = river_adjacent(state, at)
            if not river:
                continue
        out.append(name)
    return out


def founding_points(state: SootState) -> int:
    """Founding points in the current season.

    Args:
        state: the game.
    """
    nums = data(state).numbers
    return {
        "Thaw": nums.founding_points_thaw,
        "Boom": nums.founding_points_boom,
        "Hardship": nums.founding_points_hardship,
        "Decline": nums.founding_points_decline,
    }[season_of(state.round)]


def slots_of(state: SootState, at: Hex) -> int:
    """Facility slots of the settlement at ``at`` (Central City: its Tier 3 slots).

    Args:
        state: the game.
        at: the hex.
    """
    s = state.settlements[at]
    if s.kind == "Central City":
        return central_city_slots(state) + s.extra_slots
    slots = data(state).tiers[s.tier - 1].slots
    if s.spec and data(state).specialisations[s.spec].effect == "slot":
        slots += 1
    return modify(state, s.founder, Hook.SETTLEMENT_SLOTS, slots, {"hex": at})


def is_market(state: SootState, at: Hex) -> bool:
    """Whether ``at`` is a market location (Central City, Market Town, River Port), not Struggling.

    Args:
        state: the game.
        at: the hex.
    """
    s = state.settlements.get(at)
    if s is None or s.struggling:
        return False
    return s.kind == "Central City" or (bool(s.spec) and data(state).specialisations[s.spec].effect == "market")


def charter(state: SootState, at: Hex, user: PlayerId, why: str) -> None:
    """Pay the Charter of the settlement at ``at`` when ``user`` (not the founder) builds or uses there.

    Args:
        state: the game.
        at: the settlement's hex.
        user: who built or used a facility there.
        why: what happened, for the log.
    """
    s = state.settlements.get(at)
    if s is None or s.founder < 0 or s.founder == user:
        return
    amount = modify(state, s.founder, Hook.CHARTER, data(state).numbers.charter_payment)
    gain_currency(state, s.founder, amount, f"Charter at {at}: {why}")


def _limit(state: SootState, player: PlayerId) -> int:
    arch = data(state).archetypes.get(state.players[player].archetype)
    return arch.settlements if arch is not None else 0


def _cost(state: SootState, player: PlayerId, at: Hex, kind: str) -> tuple[dict[str, int], int]:
    """The printed goods of ``kind`` and the units the discounts let ``player`` waive there."""
    cost = data(state).settlements[kind].cost
    return dict(cost), waivable(cost, _discount(state, player, at))


def _discount(state: SootState, player: PlayerId, at: Hex) -> int:
    """The resource discount of founding at ``at``, the same for every settlement type (see :func:`_cost`)."""
    return builder_discount(state, player, at) + modify(state, player, Hook.SETTLEMENT_RESOURCES, 0)


def _foundings(state: SootState, player: PlayerId) -> Iterator[tuple[Hex, str]]:
    """``(hex, settlement type)`` pairs ``player`` may found and pay now, in menu order."""
    p = state.players[player]
    for at in distinct_sorted(p.builders):
        kinds = settlement_types_at(state, at)
        # the limit asked only where a settlement could go (most Builders stand where none can)
        if kinds and p.founded < _limit(state, player):
            d = data(state)
            if p.currency < d.numbers.settlement_currency:  # can_build's first test, the same for every type
                return
            pool = build_pool(state, player, at)  # the same for every type here, as is the discount
            discount = _discount(state, player, at)
            types = d.settlements
            cards = len(p.hand)
            for kind in kinds:
                cost = types[kind].cost  # only read
                # can_build(state, player, cost, at, currency, pool=pool, waive=...), the currency tested above
                if affordable(cost, pool, cards + waivable(cost, discount) if discount else cards):
                    yield at, kind


def _found_options(state: SootState, player: PlayerId) -> list[Choose]:
    kinds = list(data(state).settlements)
    return [opt("settle", hex_code(at) * 8 + kinds.index(kind), f"found {kind} at {at}")
            for at, kind in _foundings(state, player)]


def _can_found(state: SootState, player: PlayerId) -> bool:
    """Whether :func:`_foundings` finds one: its test, as a plain loop (no generator
    made at every turn menu)."""
    p = state.players[player]
    for at in distinct_sorted(p.builders):
        kinds = settlement_types_at(state, at)
        if kinds and p.founded < _limit(state, player):
            d = data(state)
            if p.currency < d.numbers.settlement_currency:
                return False  # as _foundings: the same for every hex
            pool = build_pool(state, player, at)
            discount = _discount(state, player, at)
            types = d.settlements
            cards = len(p.hand)
            for kind in kinds:
                cost = types[kind].cost
                if affordable(cost, pool, cards + waivable(cost, discount) if discount else cards):
                    return True
    return False


@main_action("Found Settlement", _can_found)
def start_found(state: SootState, player: PlayerId) -> None:
    """Begin Found Settlement: choose hex and type."""
    state.pending.append(FoundSettlement(player=player, prompt="Found Settlement: which, where?"))


class FoundHandler(Handler[SootState, FoundSettlement, Choose]):
    """The :class:`~hexkit_soot.actions.FoundSettlement` question: which type, where.

    Source: rulebook, "Found Settlement".
    """

    def answers(self, state: SootState, question: FoundSettlement) -> Sequence[Choose]:
        """``Choose("settle", hex_code(h) * 8 + type)`` for each site and type the player may found."""
        return tuple(_found_options(state, question.player))

    def resolve(self, state: SootState, question: FoundSettlement, answer: Choose) -> None:
        """Ask for the specialisation (a :class:`~hexkit_soot.actions.SpecialiseSettlement`, which pays)."""
        state.pending.append(SpecialiseSettlement(player=question.player, prompt="Found Settlement: specialisation?",
                                                  at=code_hex(answer.arg // 8), settlement=answer.arg % 8))


class SpecHandler(SettlingHandler[SpecialiseSettlement]):
    """The :class:`~hexkit_soot.actions.SpecialiseSettlement` question: which specialisation; then
    pay, place the settlement and ask about the Charter's reserve.

    Source: rulebook, "Found Settlement".
    """

    def answers(self, state: SootState, question: SpecialiseSettlement) -> Sequence[Choose]:
        """``Choose("spec", i)`` for each specialisation of the settlement type."""
        kind = list(data(state).settlements)[question.settlement]
        specs = data(state).settlements[kind].specialisations
        return tuple(opt("spec", i, f"specialise as {name}") for i, name in enumerate(specs))

    def resolve_paying(self, state: SootState, question: SpecialiseSettlement, answer: Choose,
                       given: tuple[int, ...]) -> None:
        """Pay, place the settlement, score founding points, place the Charter; ask about the reserve."""
        _on_spec(state, question, answer, given)


def _on_spec(state: SootState, question: SpecialiseSettlement, answer: Choose, given: tuple[int, ...]) -> None:
    """Pay, place the settlement, score founding points, place the Charter; ask about the reserve."""
    player = question.player
    at = question.at
    kind = list(data(state).settlements)[question.settlement]
    spec = data(state).settlements[kind].specialisations[answer.arg]
    nums = data(state).numbers
    cost, waive = _cost(state, player, at, kind)
    paid = build_payment(state, question, answer, cost, at, waive, given=given)
    if paid is None:
        return
    pay_build(state, player, paid.goods, at, nums.settlement_currency, why=f"{kind} at {at}", cards=paid.cards,
              waived=paid.waived)
    state.settlements[at] = Settlement(kind=kind, spec=spec, founder=player, tier=1)
    touch_map(state)
    state.players[player].founded += 1
    _tally(state, "settlements_founded", player)
    state.note(player, f"founded a {kind} ({spec}) at {at}")
    gain_points(state, player, founding_points(state), f"founding in {season_of(state.round)}",
                source="settlements")
    settlement_founded(state, player, at)  # modules' founding hooks (The River Delta: River Ports +2)
    check_rail_link(state, player)  # someone's rail may already end here
    rounds = nums.reserve_rounds
    state.pending.append(ReserveSlot(player=player, at=at,
                                     prompt=f"Charter at {at}: reserve a facility slot for yourself for {rounds} rounds?"))


class ReserveHandler(Handler[SootState, ReserveSlot, Choose]):
    """The :class:`~hexkit_soot.actions.ReserveSlot` question: the Charter's reserve marker, or none.

    Source: rulebook, "Found Settlement".
    """

    def answers(self, state: SootState, question: ReserveSlot) -> Sequence[Choose]:
        """``Choose("reserve", 1)`` and ``Choose("reserve", 0)``."""
        rounds = data(state).numbers.reserve_rounds
        return (opt("reserve", 1, f"reserve a facility slot for {rounds} rounds"), opt("reserve", 0, "reserve no slot"))

    def resolve(self, state: SootState, question: ReserveSlot, answer: Choose) -> None:
        """Place the reserve marker (or not): for 3 rounds only the founder may build in that slot."""
        if not answer.arg:
            return
        s = state.settlements[question.at]
        s.reserve_owner = question.player
        s.reserve_until = state.round + data(state).numbers.reserve_rounds
        touch_map(state)
        state.note(question.player, f"reserved a facility slot at {question.at} until the end of round {s.reserve_until}")


def _upgrade_options(state: SootState, player: PlayerId) -> list[Choose]:
    p = state.players[player]
    if p.soot >= data(state).numbers.soot_upgrade_lock:
        return []
    out = []
    for at in distinct_sorted(p.builders):
        s = state.settlements.get(at)
        if s is None or s.kind == "Central City" or s.tier >= 3:
            continue
        tier = data(state).tiers[s.tier]
        if can_build(state, player, tier.cost, at, waive=waivable(tier.cost, builder_discount(state, player, at))):
            out.append(opt("upgrade", hex_code(at), f"upgrade {at} to {tier.name}"))
    return out


@main_action("Upgrade Settlement", lambda s, p: bool(_upgrade_options(s, p)))
def start_upgrade(state: SootState, player: PlayerId) -> None:
    """Begin Upgrade Settlement: choose which."""
    state.pending.append(UpgradeSettlement(player=player, prompt="Upgrade Settlement: which?"))


class UpgradeHandler(SettlingHandler[UpgradeSettlement]):
    """The :class:`~hexkit_soot.actions.UpgradeSettlement` question: which settlement; then pay and raise its tier.

    Source: rulebook, "Upgrade Settlement".
    """

    def answers(self, state: SootState, question: UpgradeSettlement) -> Sequence[Choose]:
        """``Choose("upgrade", hex_code(h))`` for each settlement the player may upgrade and pay."""
        return tuple(_upgrade_options(state, question.player))

    def resolve_paying(self, state: SootState, question: UpgradeSettlement, answer: Choose,
                       given: tuple[int, ...]) -> None:
        """Pay, raise the tier, score."""
        _on_upgrade(state, question, answer, given)


def _on_upgrade(state: SootState, question: UpgradeSettlement, answer: Choose, given: tuple[int, ...]) -> None:
    """Pay, raise the tier, score."""
    player = question.player
    at = code_hex(answer.arg)
    s = state.settlements[at]
    tier = data(state).tiers[s.tier]
    waive = waivable(tier.cost, builder_discount(state, player, at))
    paid = build_payment(state, question, answer, tier.cost, at, waive, given=given)
    if paid is None:
        return
    pay_build(state, player, paid.goods, at, why=f"{tier.name} at {at}", cards=paid.cards, waived=paid.waived)
    s.tier += 1
    touch_map(state)
    state.players[player].town_upgrades += 1
    _tally(state, "settlement_upgrades", player)
    state.note(player, f"upgraded {at} to a {tier.name}")
    points = modify(state, player, Hook.UPGRADE_POINTS, tier.points, {"tier": s.tier})
    gain_points(state, player, points, f"{tier.name} upgrade", source="settlement_upgrades")
    if s.tier == 2:
        claim(state, player, "First Town")
