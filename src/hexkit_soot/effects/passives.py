"""Archetype passives and the shared upgrades' passive parts.

Each archetype's passive is registered under the archetype's name (the
``passive`` field of ``archetypes.toml``), so :func:`hexkit_soot.effects.modify`
finds it for every player of that archetype. Agent bonuses (moving 3 in
wilderness) come from the ``wilderness_bonus`` field of the data; the
passives' numbers from ``effects.toml`` (``effects.railroad_baron_route_resources``,
``effects.town_founder_charter``, ...; the docstrings give the packaged values).

Source: rulebook, §21 "Archetypes"; "Soot" (Sanitation Works).
"""

from __future__ import annotations

from hexkit.game import PlayerId
from hexkit_soot.effects import Hook, HookArgs, modifier
from hexkit_soot.ledger import data
from hexkit_soot.state import SootState

__all__: list[str] = []


@modifier("Railroad Baron", Hook.ROUTE_RESOURCES)
def _baron(state: SootState, player: PlayerId, value: int, args: HookArgs) -> int:
    """-1 resource per Build Route action (minimum 1 resource)."""
    return value + data(state).effects.railroad_baron_route_resources


@modifier("Town Founder", Hook.SETTLEMENT_SLOTS)
def _founder_slots(state: SootState, player: PlayerId, value: int, args: HookArgs) -> int:
    """Settlements you found have +1 facility slot."""
    return value + data(state).effects.town_founder_slots


@modifier("Town Founder", Hook.CHARTER)
def _founder_charter(state: SootState, player: PlayerId, value: int, args: HookArgs) -> int:
    """Your Founder's Charter pays 2."""
    return max(value, data(state).effects.town_founder_charter)


@modifier("Industrialist", Hook.FACILITY_OUTPUT)
def _industrialist(state: SootState, player: PlayerId, value: int, args: HookArgs) -> int:
    """+1 output from every facility you own when it fires."""
    return value + data(state).effects.industrialist_output if args.get("owned") else value


@modifier("Prospector", Hook.EXPLORE_DRAW)
def _prospector_draw(state: SootState, player: PlayerId, value: int, args: HookArgs) -> int:
    """Explore draws 3 tiles (one more than the rule)."""
    return value + data(state).effects.prospector_draw


@modifier("Prospector", Hook.EXPLORE_MULTIPLIER)
def _prospector_grants(state: SootState, player: PlayerId, value: int, args: HookArgs) -> int:
    """Exploration grants are always doubled (x4 with Thaw)."""
    return value * data(state).effects.prospector_grant_multiplier


@modifier("Prospector", Hook.CAMP_CURRENCY)
def _prospector_camps(state: SootState, player: PlayerId, value: int, args: HookArgs) -> int:
    """Camps cost no currency."""
    return 0


@modifier("Merchant", Hook.SELL_UNITS)
def _merchant(state: SootState, player: PlayerId, value: int, args: HookArgs) -> int:
    """Sell up to 5 units per Market Transaction."""
    return max(value, data(state).numbers.merchant_sell_units) if args.get("side") == "sell" else value


@modifier("Rancher", Hook.PRODUCTION)
def _rancher(state: SootState, player: PlayerId, value: int, args: HookArgs) -> int:
    """+1 production at your Farms and Ranches."""
    return value + data(state).effects.rancher_production if args.get("camp") in ("Farm", "Ranch") else value


@modifier("Sanitation Works", Hook.SOOT_PER_ROUND)
def _sanitation(state: SootState, player: PlayerId, value: int, args: HookArgs) -> int:
    """Shared upgrade: remove 1 soot each round (at Upkeep)."""
    return value + data(state).effects.sanitation_works_soot
