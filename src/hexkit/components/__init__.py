"""Generic game components: decks, bags, market rows, tracks, supplies, pools.

Every component is a mutable, slotted attrs class with a fast independent
``copy()`` (for search that clones states thousands of times a second),
fields that a plain ``cattrs.Converter`` can unstructure and structure,
and defined outcomes for running out (documented on each class). All
randomness comes from a :class:`hexkit.rng.Rng` passed in.

Errors derive from :class:`ComponentError` (a :class:`hexkit.errors.HexkitError`
and a :class:`ValueError`); a component that raises is left unchanged.
"""

from hexkit.components._errors import ComponentError, InsufficientError, MissingItemError
from hexkit.components.bag import Bag
from hexkit.components.deck import Deck, EmptyPolicy
from hexkit.components.market import FillEmptySlots, MarketRow, RefillRule, WipeWhenLow
from hexkit.components.pool import Pool
from hexkit.components.price_track import PriceTrack, Scale
from hexkit.components.supply import Supply
from hexkit.components.track import Track

__all__ = [
    "Bag",
    "ComponentError",
    "Deck",
    "EmptyPolicy",
    "FillEmptySlots",
    "InsufficientError",
    "MarketRow",
    "MissingItemError",
    "Pool",
    "PriceTrack",
    "RefillRule",
    "Scale",
    "Supply",
    "Track",
    "WipeWhenLow",
]
