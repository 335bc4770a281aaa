"""Seasons: Thaw 1-3, Boom 4-6, Hardship 7-9, Decline 10-12.

Each season's effect lives where it acts; this module names the seasons:

* Thaw: the Explore collection is doubled (:func:`hexkit_soot.rules.explore.collect`).
* Boom: +1 per unit sold (:func:`hexkit_soot.rules.market.sell_price`); Tier 3
  prices rise 1 each Market Update (:mod:`hexkit_soot.rules.market_update`);
  Tier 2 contracts join the deck at its start.
* Hardship: +1 food per player (:func:`hexkit_soot.rules.upkeep.food_bill`);
  Tier 3 prices rise 1 each Market Update; Tier 3 contracts join the deck.
* Decline: Extract takes 1 token (:func:`hexkit_soot.rules.extract.extract_at`);
  rivers are frozen in rounds 10-11 (:func:`rivers_frozen`). Final rounds
  after 12 use Decline with the rivers open.
* Founding points: Thaw/Boom 4, Hardship 3, Decline 2
  (:func:`hexkit_soot.rules.settlements.founding_points`).

Source: rulebook, "Seasons"; reference card "SEASONS".
"""

from __future__ import annotations

__all__ = ["SEASONS", "season_of", "rivers_frozen"]

SEASONS = ("Thaw", "Boom", "Hardship", "Decline")


def season_of(round_: int) -> str:
    """The season of a round: Thaw 1-3, Boom 4-6, Hardship 7-9, Decline 10 and later.

    Args:
        round_: the round number.

    Source: rulebook, "Seasons": final rounds after 12 use Decline.
    """
    if round_ <= 3:
        return "Thaw"
    if round_ <= 6:
        return "Boom"
    if round_ <= 9:
        return "Hardship"
    return "Decline"


def rivers_frozen(round_: int) -> bool:
    """Rivers are frozen in rounds 10 and 11 (open again in the final rounds after 12).

    Args:
        round_: the round number.

    Source: rulebook, reference card "Decline ... rivers frozen 10-11".
    """
    return round_ in (10, 11)
