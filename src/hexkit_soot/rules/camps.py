"""Camps: Found Camp, founding points, abandoning.

Found Camp costs 1 action + 1¤ + the camp's resources (Prospector: no ¤);
your Builder must be on the target hex. One camp per hex; never on the
Central City, a settlement or a community. Site camps (mines, quarries,
trapping and herb camps) need the matching printed site with tokens left;
renewable camps (Farm, Ranch, Lumber Camp) need their terrain. On founding:
+1 point, +2 points for your first camp of its category, the site's
depletion stack is placed if it is not on the map yet, and -1 Prestige if
the hex is next to a community. The archetype's camp limit is a founding
limit: it counts camps founded over the game, so an abandoned camp does
not free its place (founding points are not lost either). Abandoning (a
free action) removes the camp; the stack stays.

A camp tile holds at most 2 goods (whoever owns them). Interpretation
(assumed): a camp cannot be founded on a hex where more than 2 goods lie
(they must be hauled off first: goods are never discarded), so founding
never puts a tile over its cap.

Source: rulebook, "Camps" (abandoning); §21 ("Camps/Settlements columns
are founding limits"); "Prestige" (losing);
"Production" (tile cap 2); "Warehouses & Network" (no discarding).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from hexkit.game import PlayerId
from hexkit.hexes import Hex
from hexkit_soot.actions import Choose, FoundCamp
from hexkit_soot.effects import Hook, modify
from hexkit_soot.effects.reactions import Moment, notify
from hexkit_soot.grid import code_hex, distinct_sorted, hex_code
from hexkit_soot.ledger import data, change_prestige, gain_points
from hexkit_soot.memo import map_memo
from hexkit_soot.rules.campaign import is_exhausted
from hexkit_soot.rules.capacity import goods_on_tile, tile_room
from hexkit_soot.rules.cards import build_payment
from hexkit_soot.rules.explore import tile_info
from hexkit_soot.rules.milestones import check_magnate
from hexkit_soot.rules.network import affordable, build_pool, pay_build, waivable
from hexkit_soot.rules.payment import SettlingHandler
from hexkit_soot.rules.steps import free_action, main_action, opt
from hexkit_soot.state import CENTRAL_CITY, Camp, SootState, touch_map
from hexkit_soot.state import tally as _tally  # "what was played" counters

__all__ = ["goods_on_tile", "tile_room", "camp_kinds_at", "camp_cost", "place_camp", "abandon_camp", "camps_of", "can_found_camp", "builder_discount", "FoundHandler"]


def camps_of(state: SootState, player: PlayerId) -> list[Hex]:
    """Hexes of ``player``'s camps.

    Args:
        state: the game.
        player: the seat concerned.
    """
    return [h for h, c in state.camps.items() if c.owner == player]


def builder_discount(state: SootState, player: PlayerId, at: Hex) -> int:
    """1 when your Explorer and Builder share ``at`` (rulebook: Explorer + Builder together).

    Args:
        state: the game.
        player: the seat concerned.
        at: the hex.
    """
    p = state.players[player]
    return 1 if at in p.explorers and at in p.builders else 0


def _free_hex(state: SootState, at: Hex) -> bool:
    # a settlement on the hex does not bar a camp: the rulebook bars only community hexes
    # ("their hex cannot host camps or settlements"; interpretation I8 in docs/rules/soot.md)
    return (at in state.tiles and at != CENTRAL_CITY and at not in state.camps
            and at not in state.trust_camps  # a Trust camp's site is dead to players
            and at not in state.communities)


def camp_kinds_at(state: SootState, at: Hex) -> list[str]:
    """Camp types that may be founded on ``at`` (ignoring cost and limits).

    The map's part of the answer is memoised per map revision
    (:mod:`hexkit_soot.memo`); the goods lying on the tile (the players'
    purses) are counted at each call.

    Args:
        state: the game.
        at: the hex.
    """
    memo = map_memo(state)
    key = ("camp_kinds_at", at)
    kinds: list[str] | None = memo.get(key)
    if kinds is None:
        kinds = memo[key] = _map_kinds_at(state, at)
    if kinds and goods_on_tile(state, at) > data(state).numbers.tile_cap:
        return []
    return kinds[:] if kinds else []


def _map_kinds_at(state: SootState, at: Hex) -> list[str]:
    """The camp types of :func:`camp_kinds_at` by the map alone (the goods lying there not asked)."""
    if not _free_hex(state, at):
        return []
    # the types the tile's terrain and site fit (data); a site camp also needs tokens left
    stacks = state.stacks
    # a tile depleted in an earlier campaign game enters play exhausted: its stack starts at 0
    unplaced = 0 if at not in stacks and is_exhausted(state, at) else 1
    return [name for name, site_camp in data(state).camps_on_tile(state.tiles[at])
            if not site_camp or stacks.get(at, unplaced) > 0]


def camp_cost(state: SootState, player: PlayerId, at: Hex, kind: str) -> tuple[dict[str, int], int, int]:
    """Goods, ¤ and waivable units to found ``kind`` at ``at`` for ``player``.

    Args:
        state: the game.
        player: the seat concerned.
        at: the hex.
        kind: the camp type's name.

    Returns:
        ``(goods, currency, waive)``: the printed goods (none at all under
        Claim Stakes), the currency after effects, and how many units of the
        goods the discounts (Explorer and Builder together, Land Office, Land
        Grant) let the player waive, their choice of which (at least 1 unit
        is paid).

    Source: rulebook, "Camps", "Explorer and Builder together"; §21.
    """
    cost = data(state).camps[kind].cost
    discount, currency = _camp_terms(state, player, at)
    goods = dict(cost) if discount < 99 else {}
    return goods, currency, waivable(goods, discount)


def _camp_terms(state: SootState, player: PlayerId, at: Hex) -> tuple[int, int]:
    """The discount (resource units; 99 and more: no goods at all) and the ¤
    of founding a camp at ``at``, the same for every camp type (see :func:`camp_cost`)."""
    discount = builder_discount(state, player, at) + modify(state, player, Hook.CAMP_RESOURCES, 0)
    currency = modify(state, player, Hook.CAMP_CURRENCY, data(state).numbers.camp_currency)
    return discount, max(0, currency)


def _limit(state: SootState, player: PlayerId) -> int:
    arch = data(state).archetypes.get(state.players[player].archetype)
    return arch.camps if arch is not None else 0


def can_found_camp(state: SootState, player: PlayerId) -> bool:
    """Whether ``player`` has founded fewer camps than their archetype's limit.

    Args:
        state: the game.
        player: the seat concerned.

    Returns:
        True while a founding is left; abandoned camps still count.

    Source: rulebook, §21 (camp and settlement columns are founding limits).
    """
    return state.players[player].camps_founded < _limit(state, player)


def _sites(state: SootState, player: PlayerId) -> Iterator[tuple[Hex, str]]:
    """``(hex, camp type)`` pairs ``player`` may found and pay now, in menu order."""
    p = state.players[player]
    for at in distinct_sorted(p.builders):
        kinds = camp_kinds_at(state, at)
        # the founding limit asked only where a camp could go (most Builders stand where none can)
        if kinds and can_found_camp(state, player):
            # the pool, the discount and the ¤ are the same for every camp type here (camp_cost)
            discount, cur = _camp_terms(state, player, at)
            if p.currency < cur:  # can_build's first test, the same for every camp type here
                continue
            pool = build_pool(state, player, at)
            camps = data(state).camps
            cards = len(p.hand)
            for kind in kinds:
                goods = camps[kind].cost if discount < 99 else {}  # only read
                # can_build(state, player, goods, at, cur, pool=pool, waive=...), the ¤ tested above
                if affordable(goods, pool, cards + waivable(goods, discount) if discount > 0 else cards):
                    yield at, kind


def _options(state: SootState, player: PlayerId) -> list[Choose]:
    kinds = list(data(state).camps)
    return [opt("camp", hex_code(at) * 16 + kinds.index(kind), f"found {kind} at {at}")
            for at, kind in _sites(state, player)]


def _available(state: SootState, player: PlayerId) -> bool:
    """Whether :func:`_sites` finds one: its test, as a plain loop (no generator made
    at every turn menu)."""
    p = state.players[player]
    for at in distinct_sorted(p.builders):
        kinds = camp_kinds_at(state, at)
        if kinds and can_found_camp(state, player):
            discount, cur = _camp_terms(state, player, at)
            if p.currency < cur:
                continue
            pool = build_pool(state, player, at)
            camps = data(state).camps
            cards = len(p.hand)
            for kind in kinds:
                goods = camps[kind].cost if discount < 99 else {}
                if affordable(goods, pool, cards + waivable(goods, discount) if discount > 0 else cards):
                    return True
    return False


@main_action("Found Camp", _available)
def start(state: SootState, player: PlayerId) -> None:
    """Begin Found Camp: choose hex and camp type."""
    state.pending.append(FoundCamp(player=player, prompt="Found Camp: which camp where?"))


class FoundHandler(SettlingHandler[FoundCamp]):
    """The :class:`~hexkit_soot.actions.FoundCamp` question: which camp where; then pay and place it.

    Source: rulebook, "Found Camp".
    """

    def answers(self, state: SootState, question: FoundCamp) -> Sequence[Choose]:
        """``Choose("camp", hex_code(h) * 16 + i)`` for each camp type the player may found and pay at ``h``."""
        return tuple(_options(state, question.player))

    def resolve_paying(self, state: SootState, question: FoundCamp, answer: Choose, given: tuple[int, ...]) -> None:
        """Pay and place the camp."""
        player = question.player
        at = code_hex(answer.arg // 16)
        kind = list(data(state).camps)[answer.arg % 16]
        goods, cur, waive = camp_cost(state, player, at, kind)
        paid = build_payment(state, question, answer, goods, at, waive, given=given)
        if paid is None:
            return
        pay_build(state, player, paid.goods, at, cur, why=f"{kind} at {at}", cards=paid.cards, waived=paid.waived)
        place_camp(state, player, at, kind)
        notify(state, player, Moment.CAMP_FOUNDED, {"hex": at, "kind": kind})


def place_camp(state: SootState, player: PlayerId, at: Hex, kind: str) -> None:
    """Put ``player``'s camp of ``kind`` on ``at`` with its founding effects (no cost).

    Args:
        state: the game.
        player: the seat concerned.
        at: the hex.
        kind: the camp type's name.
    """
    d = data(state)
    nums = d.numbers
    camp = d.camps[kind]
    state.camps[at] = Camp(owner=player, kind=kind)
    touch_map(state)
    state.note(player, f"founded a {kind} at {at}")
    gain_points(state, player, nums.camp_points, "camp", source="camps")
    p = state.players[player]
    p.camps_founded += 1
    _tally(state, "camps_founded", player)
    if camp.category not in p.categories:
        p.categories.append(camp.category)
        gain_points(state, player, nums.first_category_points, f"first {camp.category} camp", source="camps")
    terrain, site, river = tile_info(state, state.tiles[at])
    if camp.sites and site:  # the stack is placed by the first camp; effects (Deep Survey) add at every camp
        fresh = d.sites[site].stack
        if at not in state.stacks and is_exhausted(state, at):  # Campaign: depleted in an earlier game
            fresh = 0
            state.note(player, f"campaign: the site at {at} was depleted in an earlier game (no tokens)")
        base = state.stacks.get(at, fresh)
        state.stacks[at] = modify(state, player, Hook.SITE_STACK, base, {"resource": site})
        touch_map(state)
    if any(n in state.communities for n in at.neighbors()):
        change_prestige(state, player, -1, "camp next to a community")
    check_magnate(state, player)


def abandon_camp(state: SootState, player: PlayerId, at: Hex, why: str) -> None:
    """Remove ``player``'s camp at ``at``; the site and its stack stay. Loose goods there stay theirs.

    Args:
        state: the game.
        player: the seat concerned.
        at: the hex.
        why: the reason written to the log.
    """
    del state.camps[at]
    touch_map(state)
    state.note(player, f"abandoned the camp at {at} ({why})")


def _abandon_options(state: SootState, player: PlayerId) -> list[Choose]:
    if not state.camps:  # the common case, decided before any lookup
        return []
    return [opt("Abandon Camp", hex_code(h), f"abandon camp at {h}") for h in sorted(camps_of(state, player))]


@free_action("Abandon Camp", _abandon_options)
def on_abandon(state: SootState, player: PlayerId, answer: Choose) -> None:
    """Abandon a camp voluntarily (free action)."""
    abandon_camp(state, player, code_hex(answer.arg), "voluntarily")
