"""The shared verbs effects are written with.

One import gives an effect author every state change the rules themselves
use, so an effect never edits the state's fields directly and the
invariants (currency never negative, soot 0-10, goods conserved, prices
within their tracks) hold::

    from hexkit_soot.effects import verbs

Currency and points: :func:`gain_currency`, :func:`pay_currency`,
:func:`transfer_currency`, :func:`gain_points`.
Goods: :func:`gain_goods` (from the supply to the network or a hex),
:func:`lose_goods` (from the network back to the supply), :func:`stock_of`.
Soot and prestige: :func:`advance_soot`, :func:`remove_soot`,
:func:`change_prestige`, :func:`gain_favor`.
Market: :func:`move_price` (one track), :func:`move_tier` (every track of a tier).
Map: :func:`build_route` (one segment), :func:`found_camp`, :func:`add_stack_tokens`,
:func:`move_agent`.
Turn: :func:`extra_action`, :func:`draw_cards`.
Questions: :func:`hexkit_soot.effects.ask` with answers to the effect's ``resume``.

Source: rulebook (the sections named on each verb).
"""

from __future__ import annotations

from hexkit.game import PlayerId
from hexkit.hexes import Hex
from hexkit_soot.ledger import (
    data,
    advance_soot,
    change_prestige,
    gain_currency,
    gain_goods,
    gain_points,
    good_value,
    move_price,
    pay_currency,
    raw_price,
    remove_soot,
    return_goods,
    to_supply,
    transfer_currency,
)
from hexkit_soot.rules.camps import place_camp
from hexkit_soot.rules.cards import draw_blind
from hexkit_soot.rules.communities import add_favor
from hexkit_soot.rules.milestones import check_rail_link
from hexkit_soot.rules.routes import set_route
from hexkit_soot.rules.shares import offer_issue
from hexkit_soot.state import RAIL, SootState, touch_map

__all__ = [
    "data",
    "gain_currency",
    "pay_currency",
    "transfer_currency",
    "gain_points",
    "gain_goods",
    "lose_goods",
    "stock_of",
    "advance_soot",
    "remove_soot",
    "change_prestige",
    "gain_favor",
    "move_price",
    "move_tier",
    "good_value",
    "raw_price",
    "build_route",
    "found_camp",
    "add_stack_tokens",
    "move_agent",
    "extra_action",
    "draw_cards",
]


def lose_goods(state: SootState, player: PlayerId, good: str, n: int, why: str = "") -> int:
    """Return goods from ``player``'s warehouse network to the supply.

    Args:
        state: the game.
        player: who loses them.
        good: the good.
        n: most units to lose.
        why: logged reason.

    Returns:
        How many were lost (at most what the network holds).
    """
    p = state.players[player]
    k = min(n, p.stock.get(good, 0))
    if k > 0:
        return_goods(state, player, good, k)
        if why:
            state.note(player, f"lost {k} {good} ({why})")
    return k


def stock_of(state: SootState, player: PlayerId, good: str) -> int:
    """Units of ``good`` in ``player``'s warehouse network.

    Args:
        state: the game.
        player: the seat.
        good: the good.

    Returns:
        The count (0 if none).
    """
    return state.players[player].stock.get(good, 0)


def move_tier(state: SootState, tier: int, steps: int, why: str = "") -> None:
    """Move every tracked price of one tier.

    Args:
        state: the game.
        tier: 2 or 3.
        steps: steps up (negative: down), each within its floor and maximum.
        why: logged reason.

    Source: rulebook, "Market Economy" (price tracks).
    """
    for name, good in data(state).goods.items():
        if good.kind == "tracked" and good.tier == tier:
            move_price(state, name, steps, why)


def gain_favor(state: SootState, player: PlayerId, at: Hex, n: int = 1) -> None:
    """Raise ``player``'s Favor with the community at ``at`` (a pact forms at 3).

    Args:
        state: the game.
        player: the seat.
        at: the community's hex (nothing happens if there is none).
        n: favor steps (Favor stays within 0-3).

    Source: rulebook, "Favor and Exclusive Pacts".
    """
    add_favor(state, player, at, n)


def build_route(state: SootState, player: PlayerId, a: Hex, b: Hex, kind: int) -> None:
    """Lay one route segment owned by ``player``, paying nothing (rail: check the First Rail Link).

    Args:
        state: the game.
        player: the owner.
        a: one end.
        b: the other end (adjacent to ``a``).
        kind: 2 road, 3 rail.

    Source: rulebook, "Routes".
    """
    set_route(state, a, b, kind, player)
    state.note(player, f"built {'rail' if kind == 3 else 'road'} {a}-{b}")
    if kind == RAIL:
        check_rail_link(state, player)
        offer_issue(state, player)  # module shares: certificates in the line (nothing when off)


def found_camp(state: SootState, player: PlayerId, at: Hex, kind: str) -> None:
    """Found a camp for free, with its points, stack and prestige effects.

    Args:
        state: the game.
        player: the owner.
        at: an explored hex where the camp type fits (the caller checks).
        kind: the camp type's name.

    Source: rulebook, "Camps" (on founding).
    """
    place_camp(state, player, at, kind)


def add_stack_tokens(state: SootState, at: Hex, n: int) -> None:
    """Add depletion tokens to the stack placed at ``at``.

    Args:
        state: the game.
        at: the site's hex (nothing happens if no stack is placed there).
        n: tokens to add.

    Source: rulebook, "Extract" (depletion stacks).
    """
    if at in state.stacks:
        state.stacks[at] += n
        touch_map(state)


def move_agent(state: SootState, player: PlayerId, agent: str, index: int, to: Hex) -> None:
    """Put an agent of ``player`` on a hex (no path, trail, fuel or toll).

    Effects that move along paths use the Move rules instead.

    Args:
        state: the game.
        player: the owner.
        agent: ``"Explorer"``, ``"Builder"`` or ``"Caravan"``.
        index: which of that kind (0 first).
        to: the hex.
    """
    p = state.players[player]
    if agent == "Explorer":
        p.explorers[index] = to
    elif agent == "Builder":
        p.builders[index] = to
    else:
        p.caravans[index].loc = to


def extra_action(state: SootState, player: PlayerId, n: int = 1, restricted: bool = False) -> None:
    """Give ``player`` bonus actions this round.

    Args:
        state: the game.
        player: the seat.
        n: how many.
        restricted: usable only for Refine or Move (Master Engineer).

    Source: rulebook, "Bonus actions".
    """
    p = state.players[player]
    if restricted:
        p.restricted += n
    else:
        p.actions += n
    state.note(player, f"gained {n} bonus action{'s' if n > 1 else ''}")


def draw_cards(state: SootState, player: PlayerId, n: int) -> int:
    """``player`` draws cards blind (the discards are reshuffled when needed).

    Args:
        state: the game.
        player: the seat.
        n: how many.

    Returns:
        How many were drawn (fewer when deck and discards run out).

    Source: rulebook, §15 "Cards".
    """
    got = 0
    for _ in range(n):
        card = draw_blind(state)
        if card is None:
            break
        state.players[player].hand.append(card)
        got += 1
    return got
