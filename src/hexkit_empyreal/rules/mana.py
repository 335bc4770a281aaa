"""Mana: spending, Gain Mana, Reclaim Mana, the cap of ten crystals, Refresh.

The only writer of mana: a Company's crystals are a
:class:`hexkit.components.Pool` (``PlayerState.pool``) changed by these
functions alone, each of which stamps the pool's revision
(:func:`~hexkit_empyreal.state.touch_mana`).

A Company owns at most ``mana_cap`` (10) crystals, available plus spent;
mana gained beyond that is lost. Mana gained (or reclaimed) by a Spellcar
activation is *locked* for the rest of the turn: it cannot pay for another
activation, but can pay anything else (Transfers, effects).

Source: rulebook, Spending Mana; Gaining Mana; Activate Spellcars ("Any
mana gained from an Activation cannot be used to pay for additional
Activations in the same turn"); Administrate (Reclaim Mana, Refresh).
"""

from __future__ import annotations

from hexkit_empyreal.state import EmpyrealState, data, touch_folio, touch_mana

__all__ = ["pay", "gain", "reclaim", "refresh", "unlocked", "cap", "before_after"]


def cap(state: EmpyrealState) -> int:
    """The mana crystal limit per Company (10)."""
    return data(state).rules.mana_cap


def before_after(before: int, after: int) -> str:
    """Log words for a mana change: ``"mana 2 before, 5 after"``."""
    return f"mana {before} before, {after} after"


def unlocked(state: EmpyrealState, player: int) -> int:
    """Mana that may pay for a Spellcar activation now."""
    available = state.players[player].pool.available
    if state.turn.player == player:
        return available - state.turn.locked
    return available


def pay(state: EmpyrealState, player: int, cost: int, *, activation: bool = False) -> None:
    """Spend ``cost`` mana (moved to the spent pile).

    Non-activation costs are paid from locked mana first, keeping unlocked
    mana for activations. Callers check affordability first (an illegal
    action never reaches here).

    Args:
        state: the game.
        player: who pays.
        cost: mana to spend (0 is a no-op).
        activation: the cost is an activation cost (cannot use locked mana).

    Raises:
        ValueError: not enough mana (a bug in the caller, never a player error).
    """
    if cost <= 0:
        return
    pool = state.players[player].pool
    available = unlocked(state, player) if activation else pool.available
    if cost > available:
        raise ValueError(f"cannot pay {cost} mana with {available} available")
    pool.spend(cost)
    touch_mana(state, player)
    turn = state.turn
    if not activation and turn.player == player and turn.locked:
        turn.locked = max(0, turn.locked - cost)


def _lock(state: EmpyrealState, player: int, amount: int) -> None:
    turn = state.turn
    if amount and turn.activating and turn.player == player:
        turn.locked += amount


def gain(state: EmpyrealState, player: int, amount: int = 1) -> int:
    """Gain Mana: add new crystals up to the cap; returns how many were gained.

    Source: rulebook, Gaining Mana.
    """
    pool = state.players[player].pool
    got = pool.gain(max(0, min(amount, cap(state) - pool.total)))
    touch_mana(state, player)
    _lock(state, player, got)
    return got


def reclaim(state: EmpyrealState, player: int, amount: int | None = None) -> int:
    """Reclaim Mana: move spent mana back (all, or ``amount``); returns how much.

    Source: rulebook, Administrate (Reclaim Mana).
    """
    got = state.players[player].pool.reclaim(None if amount is None else max(0, amount))
    touch_mana(state, player)
    _lock(state, player, got)
    return got


def refresh(state: EmpyrealState, player: int, *, captain: bool = True, engineer: bool = True) -> None:
    """Refresh: flip the Captain and/or Engineer face-up.

    Source: rulebook, Administrate (Refresh).
    """
    ps = state.players[player]
    if captain:
        ps.captain_ready = True
    if engineer:
        ps.engineer_ready = True
    touch_folio(state, player)
