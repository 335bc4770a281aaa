"""Bookkeeping primitives: currency, points, goods, soot, prestige, prices.

Every rule and effect changes these numbers only through the functions here,
so the invariants hold everywhere: currency never negative, soot within
0-10, goods conserved between the supply and their places, prices within
their floor and maximum. Each function logs what happened.

Source: rulebook, "Soot & Prestige", "Market Economy", "Communities";
Components, "Token supply".
"""

from __future__ import annotations

from typing import Any, TypeAlias

import cattrs

from hexkit.components import PriceTrack, Scale, Track
from hexkit.errors import HexkitError
from hexkit.game import PlayerId
from hexkit.hexes import Hex
from hexkit_soot.config import data
from hexkit_soot.rules.capacity import network_room, tile_room
from hexkit_soot.state import Goods, SootState, TokenSupply, add_goods, touch_map
from hexkit_soot.state import tally as _tally  # "what was played" counters

__all__ = [
    "data",
    "gain_currency",
    "pay_currency",
    "spend_currency",
    "start_package",
    "transfer_currency",
    "gain_points",
    "from_supply",
    "to_supply",
    "tokens_out",
    "component_hooks",
    "recount_supply",
    "gain_goods",
    "Where",
    "place_goods",
    "return_goods",
    "move_goods",
    "hand_over_goods",
    "soot_track",
    "prestige_track",
    "advance_soot",
    "remove_soot",
    "change_prestige",
    "price_track",
    "move_price",
    "raise_price_floor",
    "raw_price",
    "good_value",
    "PRESTIGE_NAMES",
]

PRESTIGE_NAMES = {-2: "Reviled", -1: "Disliked", 0: "Neutral", 1: "Good", 2: "Respected", 3: "Honoured"}
"""Names of the prestige levels (assumed; the rulebook names Neutral and Good)."""


def gain_currency(state: SootState, player: PlayerId, n: int, why: str = "") -> None:
    """Give ``player`` ``n`` ¤ from the bank.

    Args:
        state: the game.
        player: who gains.
        n: how much (nothing happens when ``n <= 0``).
        why: logged reason ("" logs nothing).
    """
    if n <= 0:
        return
    state.players[player].currency += n
    if why:
        state.note(player, f"gained {n}¤ ({why})")


def pay_currency(state: SootState, player: PlayerId, n: int, why: str = "") -> bool:
    """``player`` pays ``n`` ¤ to the bank if they can.

    Args:
        state: the game.
        player: who pays.
        n: how much.
        why: logged reason.

    Returns:
        Whether it was paid; when it cannot be, nothing changes (currency
        never goes negative).
    """
    if n <= 0:
        return True
    p = state.players[player]
    if p.currency < n:
        return False
    p.currency -= n
    if why:
        state.note(player, f"paid {n}¤ ({why})")
    return True


def spend_currency(state: SootState, player: PlayerId, n: int, why: str = "") -> None:
    """``player`` pays ``n`` ¤ to the bank; the caller has checked they hold it.

    Args:
        state: the game.
        player: who pays.
        n: how much (nothing happens when ``n <= 0``).
        why: logged reason ("" logs nothing).

    Raises:
        RuntimeError: ``player`` holds less than ``n`` ¤ (a rule let an
            unaffordable payment through; nothing changes).
    """
    if not pay_currency(state, player, n, why):
        raise RuntimeError(f"P{player} must pay {n}¤ but holds {state.players[player].currency}¤")


def start_package(state: SootState, player: PlayerId, currency: int, prestige: int) -> None:
    """Set ``player``'s starting currency and prestige (set-up, nothing logged).

    Args:
        state: the game.
        player: the seat.
        currency: starting ¤ (the archetype's package).
        prestige: starting prestige level.

    Source: rulebook, "Setup" (archetype packages).
    """
    p = state.players[player]
    p.currency = currency
    p.prestige = prestige


def transfer_currency(state: SootState, payer: PlayerId, payee: PlayerId, n: int, why: str = "") -> bool:
    """``payer`` pays ``n`` ¤ to ``payee`` if they can.

    Args:
        state: the game.
        payer: who pays.
        payee: who receives.
        n: how much.
        why: logged reason ("" logs nothing).

    Returns:
        Whether it was paid; when it cannot be, nothing changes.
    """
    if n <= 0:
        return True
    p = state.players[payer]
    if p.currency < n:
        return False
    p.currency -= n
    state.players[payee].currency += n
    if why:
        state.note(payer, f"paid {n}¤ to P{payee} ({why})")
    return True


def gain_points(state: SootState, player: PlayerId, n: int, why: str, source: str = "other") -> None:
    """Move ``player``'s public score marker and tally the points by source.

    Args:
        state: the game.
        player: whose marker.
        n: points (negative to lose).
        why: logged reason.
        source: one of :data:`~hexkit_soot.state.POINT_SOURCES` (``SootState.points_by``).

    Source: rulebook, "Final Scoring" (the Public Track).
    """
    if n == 0:
        return
    state.players[player].points += n
    counts = state.points_by.get(source)
    row = [0] * len(state.players) if counts is None else list(counts)
    row[player] += n
    state.points_by[source] = tuple(row)  # a tuple: a clone shares the old one (SootState.copy)
    state.note(player, f"{'+' if n > 0 else ''}{n} points ({why})")


def from_supply(state: SootState, good: str, n: int) -> int:
    """Take up to ``n`` tokens of ``good`` from the finite supply.

    The supply is the core's :class:`~hexkit.components.Supply`
    (:class:`~hexkit_soot.state.TokenSupply`): this and :func:`to_supply`
    are its only writers.

    Args:
        state: the game.
        good: the good.
        n: how many wanted (nothing is taken when ``n <= 0``).

    Returns:
        How many were taken (fewer, or none, when the supply runs out).

    Source: Components, "Token supply" (intentionally finite).
    """
    return state.supply.take(good, n) if n > 0 else 0


def to_supply(state: SootState, good: str, n: int) -> None:
    """Return ``n`` tokens of ``good`` to the supply.

    Args:
        state: the game.
        good: the good.
        n: how many (nothing happens when ``n <= 0``).

    Raises:
        InsufficientError: fewer than ``n`` tokens of ``good`` are out of
            the supply (a rule would create tokens; nothing changes).
    """
    if n > 0:
        state.supply.put_back(good, n)


def tokens_out(state: SootState) -> dict[str, int]:
    """The tokens of each good out of the supply: printed tokens minus held ones.

    What the :class:`~hexkit_soot.state.TokenSupply` keeps as ``out`` (a good
    with none out has no entry). The supply is public, so a view counts the
    same as the full state. A state whose config names data that cannot be
    read counts none (its load is refused for that reason anyway).

    Args:
        state: the game.
    """
    try:
        goods = data(state).goods
    except HexkitError:
        return {}
    held = state.supply.stock
    out = {name: g.tokens - held.get(name, 0) for name, g in goods.items()}
    return {name: n for name, n in out.items() if n > 0}


def component_hooks(conv: cattrs.Converter) -> None:
    """Save the state's core components in the shape their fields had before.

    The token supply (:class:`~hexkit_soot.state.TokenSupply`) is saved as
    its held counts by good, so older files load unchanged. Counts are not
    checked here: :mod:`hexkit_soot.integrity` names a negative one by field.
    What is out of the supply is counted again by :func:`recount_supply`
    (:meth:`~hexkit_soot.game.SootGame.restore_derived`).

    Args:
        conv: the game's converter (after the core's hooks).
    """

    def unstructure_supply(supply: TokenSupply) -> dict[str, int]:
        return dict(supply.stock)

    def structure_supply(saved: Any, _: Any) -> TokenSupply:
        return TokenSupply.from_counts(conv.structure(saved, dict[str, int]))

    conv.register_unstructure_hook(TokenSupply, unstructure_supply)
    conv.register_structure_hook(TokenSupply, structure_supply)


def recount_supply(state: SootState) -> None:
    """Recount what is out of the token supply in a state read from a file (:func:`tokens_out`).

    Args:
        state: the loaded game (its supply holds the saved counts).
    """
    state.supply.out = tokens_out(state)


def gain_goods(
    state: SootState, player: PlayerId, good: str, n: int, at: Hex | None = None, why: str = ""
) -> int:
    """Give ``player`` up to ``n`` of ``good`` from the supply.

    Args:
        state: the game.
        player: who gains.
        good: the good.
        n: how many.
        at: ``None`` for the warehouse network (it takes at most its room,
            :func:`~hexkit_soot.rules.network.network_room`; ingredients
            always fit); a hex for loose goods there (a camp tile keeps at
            most ``tile_cap`` goods, whoever owns them). The excess is not
            taken: it stays in the supply.
        why: logged reason.

    Returns:
        How many were gained (the supply, the network's room or the tile cap
        may limit it).

    Source: rulebook, "Production" (excess production is lost); Components,
    "Token supply" (warehouse caps; assumed I40).
    """
    if n <= 0:
        return 0
    p = state.players[player]
    if at is None:
        target: Goods = p.stock
        if data(state).goods[good].kind != "special":
            room = network_room(state, player)
            if room < n:
                state.note(player, f"{n - room} {good} lost: the warehouse network is full")
                n = room
    else:
        target = p.loose.setdefault(at, {})
        if at in state.camps:
            n = min(n, tile_room(state, at))
    k = from_supply(state, good, n)
    if k:
        add_goods(target, good, k)
    if at is not None and not target:
        del p.loose[at]
    if k and why:
        where = "" if at is None else f" at {at}"
        state.note(player, f"gained {k} {good}{where} ({why})")
    return k


Where: TypeAlias = Hex | int | None
"""One of a player's places for goods: ``None`` the warehouse network (``stock``),
a :class:`~hexkit.hexes.Hex` the goods lying loose there, an ``int`` the
caravan of that index (its ``cargo``)."""


def _holding(state: SootState, player: PlayerId, where: Where) -> Goods:
    p = state.players[player]
    if where is None:
        return p.stock
    if isinstance(where, Hex):
        return p.loose.setdefault(where, {})
    return p.caravans[where].cargo


def _drop_if_empty(state: SootState, player: PlayerId, where: Where) -> None:
    """A hex with no loose goods left is no longer listed (``loose`` keeps no empty hex)."""
    if isinstance(where, Hex):
        loose = state.players[player].loose
        if where in loose and not loose[where]:
            del loose[where]


def place_goods(state: SootState, player: PlayerId, good: str, n: int, where: Where = None) -> None:
    """Put ``n`` of ``good``, just taken from the supply with :func:`from_supply`, in one of ``player``'s places.

    The caller has checked the room there (:func:`gain_goods` checks it
    itself). Nothing is logged.

    Args:
        state: the game.
        player: the owner.
        good: the good.
        n: how many (0: nothing but, for a hex, listing it).
        where: the place (see :data:`Where`).
    """
    add_goods(_holding(state, player, where), good, n)


def return_goods(state: SootState, player: PlayerId, good: str, n: int, where: Where = None) -> None:
    """Take ``n`` of ``good`` from one of ``player``'s places back to the supply.

    Args:
        state: the game.
        player: the owner.
        good: the good.
        n: how many (at most what is there: the caller has counted them).
        where: the place (see :data:`Where`).
    """
    add_goods(_holding(state, player, where), good, -n)
    _drop_if_empty(state, player, where)
    to_supply(state, good, n)


def move_goods(state: SootState, player: PlayerId, good: str, n: int, source: Where, target: Where) -> None:
    """Move ``n`` of ``good`` between two of ``player``'s places (loading, unloading).

    Args:
        state: the game.
        player: the owner.
        good: the good.
        n: how many (at most what ``source`` holds; the caller has checked
            the room at ``target``).
        source: where they are.
        target: where they go.
    """
    add_goods(_holding(state, player, source), good, -n)
    _drop_if_empty(state, player, source)
    add_goods(_holding(state, player, target), good, n)


def hand_over_goods(state: SootState, giver: PlayerId, taker: PlayerId, good: str, n: int) -> None:
    """Move ``n`` of ``good`` from ``giver``'s warehouse network to ``taker``'s (trades, contracts).

    Args:
        state: the game.
        giver: who gives (holds at least ``n``).
        taker: who receives (the caller has checked the room).
        good: the good.
        n: how many.
    """
    add_goods(state.players[giver].stock, good, -n)
    add_goods(state.players[taker].stock, good, n)


def soot_track(state: SootState, player: PlayerId) -> Track:
    """``player``'s Soot Track as a core :class:`~hexkit.components.Track`.

    0 to ``soot_max``, thresholds ``soot_threshold_1`` and ``_2`` (4 and 8)
    each firing once. Made from ``PlayerState.soot`` and ``soot_marks``, the
    saved shape (two numbers clone faster than a track per player): the
    ledger writes the value and the fired thresholds back.

    Args:
        state: the game.
        player: whose track.

    Source: rulebook, "Soot" (the Soot Track and its thresholds).
    """
    nums = data(state).numbers
    top = nums.soot_max
    marks = tuple(m for m in (nums.soot_threshold_1, nums.soot_threshold_2) if 0 < m <= top)
    p = state.players[player]
    return Track(0, top, p.soot, marks, frozenset(m for m in p.soot_marks if m in marks))


def prestige_track(state: SootState, player: PlayerId) -> Track:
    """``player``'s prestige as a core :class:`~hexkit.components.Track` (``prestige_min`` to ``prestige_max``).

    Made from ``PlayerState.prestige`` (the saved shape); the ledger writes
    the value back.

    Args:
        state: the game.
        player: whose prestige.

    Source: rulebook, "Prestige".
    """
    nums = data(state).numbers
    return Track(nums.prestige_min, nums.prestige_max, state.players[player].prestige)


def advance_soot(state: SootState, player: PlayerId, n: int, why: str = "") -> None:
    """Advance ``player``'s Soot Track (at most to the top, 10).

    The first time the track reaches each threshold (4 and 8), the player
    loses 1 Prestige.

    Args:
        state: the game.
        player: whose track.
        n: steps (nothing happens when ``n <= 0``).
        why: logged reason.

    Source: rulebook, "Soot": generating soot and thresholds.
    """
    if n <= 0:
        return
    p = state.players[player]
    before = p.soot
    track = soot_track(state, player)
    fired = track.advance(n)
    p.soot = track.value
    _tally(state, "soot_gained", player, p.soot - before)
    if p.soot != before:
        state.note(player, f"soot {before} -> {p.soot}{f' ({why})' if why else ''}")
    for mark in fired:
        p.soot_marks.append(mark)
        change_prestige(state, player, -1, f"soot reached {mark}")


def remove_soot(state: SootState, player: PlayerId, n: int, why: str = "") -> int:
    """Remove soot from ``player``'s track.

    Args:
        state: the game.
        player: whose track.
        n: most cubes to remove.
        why: logged reason.

    Returns:
        How many were removed (never below 0).

    Source: rulebook, "Soot" (cleaning up).
    """
    p = state.players[player]
    k = min(n, p.soot)
    if k > 0:
        track = soot_track(state, player)
        track.advance(-k)
        p.soot = track.value
        state.note(player, f"removed {k} soot ({why})" if why else f"removed {k} soot")
    return k


def change_prestige(state: SootState, player: PlayerId, delta: int, why: str) -> None:
    """Move ``player``'s prestige within the track.

    A player whose prestige falls below Neutral loses every Exclusive Pact
    (Favor with that community resets to 2).

    Args:
        state: the game.
        player: whose prestige.
        delta: levels up (negative: down).
        why: logged reason.

    Source: rulebook, "Prestige" and "Exclusive Pacts".
    """
    if delta == 0:
        return
    nums = data(state).numbers
    p = state.players[player]
    before = p.prestige
    track = prestige_track(state, player)
    track.advance(delta)
    p.prestige = track.value
    if p.prestige == before:
        return
    state.note(
        player,
        f"prestige {PRESTIGE_NAMES.get(before, before)} -> {PRESTIGE_NAMES.get(p.prestige, p.prestige)} ({why})",
    )
    if p.prestige < 0:
        for hex_, community in state.communities.items():
            if community.pact == player:
                community.pact = -1
                community.favor[player] = nums.pact_reset
                touch_map(state)
                state.note(player, f"Exclusive Pact with the {community.kind} at {hex_} broke")


_SCALES: list[Any] = [None, None]
"""The last data set seen and its price scales (the scales are printed facts)."""


def price_track(state: SootState) -> PriceTrack[str]:
    """The 15 sliding price tracks as a core :class:`~hexkit.components.PriceTrack`.

    A track over the state's own dicts (``SootState.prices`` and
    ``floors``): changing it changes the state, which saves and clones the
    two dicts as before. The scales are the tracked goods' printed
    ``(minimum, base, maximum)``, made once per data set. Raw and special
    goods have no track: their price is printed, plus any Scarcity Cascade
    rise (``SootState.raw_bonus``, :func:`raw_price`).

    Args:
        state: the game.

    Source: rulebook, "Market Economy" (sliding price tracks).
    """
    d = data(state)
    if _SCALES[0] is not d:
        scales: dict[str, Scale] = {name: (g.minimum, g.base, g.maximum)
                                    for name, g in d.goods.items() if g.kind == "tracked"}
        _SCALES[0], _SCALES[1] = d, scales
    return PriceTrack.over(_SCALES[1], state.prices, state.floors)


def move_price(state: SootState, good: str, steps: int, why: str = "") -> int:
    """Move a tracked good's price within its floor and maximum.

    Args:
        state: the game.
        good: the good (raw and special goods have no track: nothing moves).
        steps: steps up (negative: down).
        why: logged reason ("" logs nothing).

    Returns:
        The new price (0 for goods without a track).

    Source: rulebook, "Market Economy" (sliding price tracks).
    """
    if data(state).goods[good].kind != "tracked" or steps == 0:
        return state.prices.get(good, 0)
    old = state.prices[good]
    new = price_track(state).step(good, steps)
    if new != old and why:
        state.note(None, f"{good} {old} -> {new} ({why})")
    return new


def raise_price_floor(state: SootState, good: str, level: int) -> bool:
    """Raise a tracked good's price floor to ``level`` (at most its maximum), lifting its price.

    Args:
        state: the game.
        good: a tracked good.
        level: the new floor (a floor already at or above it stays).

    Returns:
        Whether the floor rose (logged).

    Source: rulebook, "Scarcity Cascade" (+2 price floor above minimum).
    """
    if not price_track(state).raise_floor_to(good, level):
        return False
    state.note(None, f"{good} price floor rises to {state.floors[good]}")
    return True


def raw_price(state: SootState, good: str) -> int:
    """Current price of a raw or special good.

    Args:
        state: the game.
        good: the good.

    Returns:
        The printed price plus any Scarcity Cascade rise.

    Source: rulebook, "Scarcity Cascade".
    """
    return data(state).goods[good].price + state.raw_bonus.get(good, 0)


def good_value(state: SootState, good: str) -> int:
    """Current value of one unit of ``good``.

    Args:
        state: the game.
        good: the good.

    Returns:
        Its track price (tracked goods) or its fixed price.
    """
    price = state.prices.get(good)
    return price if price is not None else raw_price(state, good)
