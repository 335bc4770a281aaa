"""What an event changed, in one log line.

An event's effect may touch prices, floors, depletion stacks, camps, and
every player's currency, points, prestige, soot, actions, cards and goods.
:func:`snapshot` records those public quantities before the effect runs and
:func:`changes` lists what differs afterwards ("Coal price 3 -> 6; P1 2
Grain -> 1"), so the log says concretely what the event did. Ingredient
kinds are behind their owners' screens, so only their total is compared.

Source: rulebook, §16 Events (each option changes the game's state).
"""

from __future__ import annotations

from hexkit.hexes import Hex
from hexkit_soot.ledger import data
from hexkit_soot.state import SootState

__all__ = ["snapshot", "changes", "NOTHING"]

Snapshot = dict[str, int | str]

NOTHING = "nothing changed"
"""What :func:`changes` says when no public quantity differs."""


_LABELS: tuple[object, dict[str, int], tuple[tuple[str, tuple[tuple[str, str], ...]], ...], dict[int, _Seat]] = (
    None, {}, (), {})
"""The data the labels below were made for; its goods' places in the data's order; per
price field, its goods' labels; per seat, that seat's labels (:class:`_Seat`). A snapshot
writes about a hundred labels, the same at every event: made once, not formatted again."""


_AT: dict[Hex, tuple[str, str]] = {}
"""A hex's two labels, ``"stack at (2, -1)"`` and ``"camp at (2, -1)"`` (a hex's text is fixed by its value)."""


class _Seat:
    """One seat's labels: its fixed quantities, and by good its network's (``held``) and its caravans' labels."""

    __slots__ = ("fixed", "held", "carried", "ingredients")

    def __init__(self, seat: int) -> None:
        who = f"P{seat}"
        self.fixed = tuple(f"{who} {what}" for what in ("currency", "points", "prestige", "soot", "actions", "cards",
                                                       "caravans"))
        self.held: dict[str, str] = {}
        self.carried: dict[str, str] = {}
        self.ingredients = f"{who} ingredients"


def _labels(state: SootState) -> tuple[object, dict[str, int], tuple[tuple[str, tuple[tuple[str, str], ...]], ...],
                                       dict[int, _Seat]]:
    """:data:`_LABELS` for ``state``'s data (made again when the data changes)."""
    global _LABELS
    d = data(state)
    if _LABELS[0] is not d:
        goods = d.goods
        _LABELS = (d, {g: i for i, g in enumerate(goods)},
                   tuple((field, tuple((g, f"{g} {label}") for g in goods))
                         for field, label in (("prices", "price"), ("floors", "price floor"),
                                              ("raw_bonus", "price bonus"))), {})
    return _LABELS


def snapshot(state: SootState) -> Snapshot:
    """The public quantities an event may change, by label.

    Args:
        state: the game.

    Returns:
        ``{label: value}`` (labels are what the log shows).
    """
    goods = data(state).goods
    _, place, priced, seats = _labels(state)
    out: Snapshot = {}
    # In the data's good order and the hexes' order, never a dict's: a reloaded state's
    # dicts come back in another order, and the log must read the same either way.
    for field, labels in priced:
        by_good = getattr(state, field)
        for g, label in labels:
            if g in by_good:
                out[label] = by_good[g]
    if len(_AT) > 10_000:
        _AT.clear()
    for h in sorted(state.stacks):
        at = _AT.get(h)
        if at is None:
            at = _AT[h] = (f"stack at {h}", f"camp at {h}")
        out[at[0]] = state.stacks[h]
    for h in sorted(state.camps):
        camp = state.camps[h]
        at = _AT.get(h)
        if at is None:
            at = _AT[h] = (f"stack at {h}", f"camp at {h}")
        out[at[1]] = f"P{camp.owner} {camp.kind}"
    for i, p in enumerate(state.players):
        seat = seats.get(i)
        if seat is None:
            seat = seats[i] = _Seat(i)
        currency, points, prestige, soot, actions, cards, caravans = seat.fixed
        out[currency] = p.currency
        out[points] = p.points
        out[prestige] = p.prestige
        out[soot] = p.soot
        out[actions] = p.actions
        out[cards] = len(p.hand)
        out[caravans] = len(p.caravans)
        ingredients = p.screened
        stock = p.stock
        # the goods held, in the data's order (goods the data does not name are not shown)
        for g in sorted([g for g in stock if g in place], key=place.__getitem__):
            if goods[g].kind == "special":
                ingredients += stock[g]
            else:
                held = seat.held.get(g)
                if held is None:
                    held = seat.held[g] = f"P{i} {g}"
                out[held] = stock[g]
        for c in p.caravans:
            cargo = c.cargo
            for g in sorted([g for g in cargo if g in place], key=place.__getitem__):
                carried = seat.carried.get(g)
                if carried is None:
                    carried = seat.carried[g] = f"P{i} {g} on caravans"
                out[carried] = int(out.get(carried, 0)) + cargo[g]
        out[seat.ingredients] = ingredients
    out["in force this round"] = ", ".join(state.active)
    return out


def changes(before: Snapshot, after: Snapshot) -> str:
    """What differs from ``before`` to ``after``, as text (:data:`NOTHING` if nothing).

    Args:
        before: a :func:`snapshot` taken earlier.
        after: one taken now.
    """
    parts = []
    for key in list(dict.fromkeys([*before, *after])):
        old, new = before.get(key), after.get(key)
        if old == new:
            continue
        if key == "in force this round":
            parts.append(f"in force this round: {new or 'nothing'}")
        elif isinstance(old, str) or isinstance(new, str):
            parts.append(f"{key}: {old or 'none'} -> {new or 'none'}")
        else:
            parts.append(f"{key} {old or 0} -> {new or 0}")
    return "; ".join(parts) or NOTHING
