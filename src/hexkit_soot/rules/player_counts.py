"""Player-count rules: what changes at 2 players and at 5-6 players.

* 1 player (solo, only with the ``trust`` module): the 2-player numbers
  (assumed: the solo board is the 2-player board with the Trust as rival).
* 2 players: 4 actions per round; at most 2 loans; 3 Tier 3 slots in the
  Central City; one copy of each contract tile; the Market Flux deck (15
  cards, each tracked good once as riser and once as faller) flipped at
  every Market Update (:func:`hexkit_soot.rules.market_update.flip_flux`)
  unless the ``no-market-flux`` variant is chosen.
* 3-4 players: 3 actions; 3 loans; 4 slots; two copies of each contract.
* 5-6 players: as 3-4, three copies of each contract, and the Outer
  District (:func:`hexkit_soot.rules.structures.start_outer`): +2 Tier 3
  slots once a player unlocks it (4 Cut Stone, 1 action, +2 points).
* Shared upgrades: ceil(N/2) copies each. Terrain stack: 35/50/65/80 tiles.

Source: rulebook, §23 (player counts), "Loans", "Central City",
"Contracts" (copies per tile), "Gaining agents" (ceil(N/2) copies).
"""

from __future__ import annotations

from hexkit_soot.ledger import data
from hexkit_soot.state import SootState

__all__ = [
    "actions_per_round",
    "loan_limit",
    "central_city_slots",
    "contract_copies",
    "shared_copies",
    "uses_market_flux",
    "has_outer_district",
]


def actions_per_round(state: SootState) -> int:
    """Regular actions per round: 3, or 4 at 2 players.

    Args:
        state: the game.
    """
    nums = data(state).numbers
    return nums.actions_per_round_2p if state.config.players <= 2 else nums.actions_per_round


def loan_limit(state: SootState) -> int:
    """Loans a player may have outstanding: 3, or 2 at 2 players.

    Args:
        state: the game.
    """
    nums = data(state).numbers
    return nums.loan_max_2p if state.config.players <= 2 else nums.loan_max


def central_city_slots(state: SootState) -> int:
    """Printed Tier 3 slots of the Central City: 4, or 3 at 2 players (Outer District not included).

    Args:
        state: the game.
    """
    nums = data(state).numbers
    printed = nums.cc_tier3_slots_2p if state.config.players <= 2 else nums.cc_tier3_slots
    # The Trust's seized slots are unbuildable (module ``trust``; empty dict otherwise)
    return printed - state.module_state.get("trust.seized", (0,))[0]


def contract_copies(players: int) -> int:
    """Copies of each contract tile: 1 at 2 players, 2 at 3-4, 3 at 5-6.

    Args:
        players: the number of players.
    """
    return 1 if players <= 2 else 2 if players <= 4 else 3


def shared_copies(players: int) -> int:
    """Copies of each shared upgrade: ceil(N/2).

    Args:
        players: the number of players.
    """
    return (players + 1) // 2


def uses_market_flux(state: SootState) -> bool:
    """Whether the 2-player Market Flux deck is in play.

    Args:
        state: the game.
    """
    return state.config.players == 2 and "no-market-flux" not in state.config.variants


def has_outer_district(players: int) -> bool:
    """Whether the Outer District is in play (5-6 players).

    Args:
        players: the number of players.
    """
    return players >= 5
