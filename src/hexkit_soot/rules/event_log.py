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

from hexkit_soot.ledger import data
from hexkit_soot.state import SootState

__all__ = ["snapshot", "changes", "NOTHING"]

Snapshot = dict[str, int | str]

NOTHING = "nothing changed"
"""What :func:`changes` says when no public quantity differs."""


def snapshot(state: SootState) -> Snapshot:
    """The public quantities an event may change, by label.

    Args:
        state: the game.

    Returns:
        ``{label: value}`` (labels are what the log shows).
    """
    goods = data(state).goods
    out: Snapshot = {}
    # In the data's good order and the hexes' order, never a dict's: a reloaded state's
    # dicts come back in another order, and the log must read the same either way.
    for label, by_good in (("price", state.prices), ("price floor", state.floors),
                           ("price bonus", state.raw_bonus)):
        for g in goods:
            if g in by_good:
                out[f"{g} {label}"] = by_good[g]
    for h in sorted(state.stacks):
        out[f"stack at {h}"] = state.stacks[h]
    for h in sorted(state.camps):
        camp = state.camps[h]
        out[f"camp at {h}"] = f"P{camp.owner} {camp.kind}"
    for i, p in enumerate(state.players):
        who = f"P{i}"
        out[f"{who} currency"] = p.currency
        out[f"{who} points"] = p.points
        out[f"{who} prestige"] = p.prestige
        out[f"{who} soot"] = p.soot
        out[f"{who} actions"] = p.actions
        out[f"{who} cards"] = len(p.hand)
        out[f"{who} caravans"] = len(p.caravans)
        ingredients = p.screened
        for g in goods:
            if g not in p.stock:
                continue
            if goods[g].kind == "special":
                ingredients += p.stock[g]
            else:
                out[f"{who} {g}"] = p.stock[g]
        for c in p.caravans:
            for g in goods:
                if g in c.cargo:
                    key = f"{who} {g} on caravans"
                    out[key] = int(out.get(key, 0)) + c.cargo[g]
        out[f"{who} ingredients"] = ingredients
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
