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
    D,
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
    to_supply,
    transfer_currency,
)
from hexkit_soot.state import SootState, add_goods

__all__ = [
    "D",
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
    """Return up to ``n`` of ``good`` from ``player``'s warehouse network to the supply.

    Returns:
        How many were lost.
    """
    p = state.players[player]
    k = min(n, p.stock.get(good, 0))
    if k > 0:
        add_goods(p.stock, good, -k)
        to_supply(state, good, k)
        if why:
            state.note(player, f"lost {k} {good} ({why})")
    return k


def stock_of(state: SootState, player: PlayerId, good: str) -> int:
    """Units of ``good`` in ``player``'s warehouse network."""
    return state.players[player].stock.get(good, 0)


def move_tier(state: SootState, tier: int, steps: int, why: str = "") -> None:
    """Move every tracked price of ``tier`` (2 or 3) by ``steps``."""
    for name, good in D(state).goods.items():
        if good.kind == "tracked" and good.tier == tier:
            move_price(state, name, steps, why)


def gain_favor(state: SootState, player: PlayerId, at: Hex, n: int = 1) -> None:
    """Raise ``player``'s Favor with the community at ``at`` (forms a pact at 3).

    Source: rulebook, "Favor and Exclusive Pacts".
    """
    from hexkit_soot.rules.communities import add_favor

    add_favor(state, player, at, n)


def build_route(state: SootState, player: PlayerId, a: Hex, b: Hex, kind: int) -> None:
    """Lay one segment of ``kind`` (2 road, 3 rail) between adjacent hexes, owned by ``player``.

    No cost is paid; the caller decides what the effect costs.

    Source: rulebook, "Routes".
    """
    from hexkit_soot.rules.routes import set_route

    set_route(state, a, b, kind, player)
    state.note(player, f"built {'rail' if kind == 3 else 'road'} {a}-{b}")


def found_camp(state: SootState, player: PlayerId, at: Hex, kind: str) -> None:
    """Found a camp of ``kind`` at ``at`` for free, with its points and stack.

    Source: rulebook, "Camps" (on founding).
    """
    from hexkit_soot.rules.camps import place_camp

    place_camp(state, player, at, kind)


def add_stack_tokens(state: SootState, at: Hex, n: int) -> None:
    """Add ``n`` depletion tokens to the placed stack at ``at`` (if any)."""
    if at in state.stacks:
        state.stacks[at] += n


def move_agent(state: SootState, player: PlayerId, agent: str, index: int, to: Hex) -> None:
    """Put ``player``'s agent (``"Explorer"``, ``"Builder"``, ``"Caravan"``) number ``index`` on ``to``.

    No path, trail, fuel or toll: effects that move along paths use the
    Move rules instead.
    """
    p = state.players[player]
    if agent == "Explorer":
        p.explorers[index] = to
    elif agent == "Builder":
        p.builders[index] = to
    else:
        p.caravans[index].loc = to


def extra_action(state: SootState, player: PlayerId, n: int = 1, restricted: bool = False) -> None:
    """Give ``player`` ``n`` bonus actions this round (``restricted``: Refine or Move only).

    Source: rulebook, "Bonus actions".
    """
    p = state.players[player]
    if restricted:
        p.restricted += n
    else:
        p.actions += n
    state.note(player, f"gained {n} bonus action{'s' if n > 1 else ''}")


def draw_cards(state: SootState, player: PlayerId, n: int) -> int:
    """``player`` draws ``n`` cards blind (reshuffling the discards when needed).

    Returns:
        How many were drawn.
    """
    from hexkit_soot.rules.cards import draw_blind

    got = 0
    for _ in range(n):
        card = draw_blind(state)
        if card is None:
            break
        state.players[player].hand.append(card)
        got += 1
    return got
