"""A market's price tracks: prices that step between a rising floor and a maximum."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Generic, TypeAlias, TypeVar

import attrs

from hexkit.components._errors import ComponentError, MissingItemError, check_amount

__all__ = ["PriceTrack", "Scale"]

K = TypeVar("K")

Scale: TypeAlias = tuple[int, int, int]
"""A good's printed ``(minimum, base, maximum)`` price."""


@attrs.define(slots=True)
class PriceTrack(Generic[K]):
    """The sliding price tracks of a market: one price per good, each between its floor and maximum.

    Each good ``k`` has a printed scale ``(minimum, base, maximum)``, a
    current ``prices[k]`` and a current ``floors[k]``. The floor starts at
    ``minimum`` and only rises (Soot & Timber's Scarcity Cascade: "+2 price
    floor above minimum"); the price never goes below the floor or above
    ``maximum``, and steps past a bound are lost. A market of one good is a
    track with one key.

    The scales are printed facts: a copy shares them, and nothing here
    changes them. ``prices`` and ``floors`` may be a game state's own dicts
    (:meth:`over`): changing the track changes the state, which saves and
    clones its dicts as before (Soot & Timber's ``SootState.prices`` and
    ``floors``).

    Args:
        scales: the printed ``(minimum, base, maximum)`` of each good.
        prices: the current price of each good (a good of ``scales`` left
            out starts at its ``base``).
        floors: the current floor of each good (left out: its ``minimum``).

    Raises:
        ComponentError: a good's numbers are inconsistent (``minimum <= base
            <= maximum`` and ``minimum <= floor <= price <= maximum`` must
            hold), or a price or floor names a good without a scale.

    Example:
        >>> market = PriceTrack({"steel": (2, 5, 9), "glass": (1, 3, 6)})
        >>> market.step("steel", -10), market.step("steel", 2)
        (2, 4)
        >>> market.raise_floor("steel", 2)
        4
        >>> market.step("steel", -3), market.raise_floor_to("steel", 6), market.price("steel")
        (4, True, 6)
        >>> market.prices, market.floors
        ({'steel': 6, 'glass': 3}, {'steel': 6, 'glass': 1})
    """

    scales: Mapping[K, Scale]
    prices: dict[K, int] = attrs.field(factory=dict)
    floors: dict[K, int] = attrs.field(factory=dict)

    def __attrs_post_init__(self) -> None:
        unknown = [k for k in (*self.prices, *self.floors) if k not in self.scales]
        if unknown:
            raise ComponentError(f"PriceTrack: no scale for {unknown}")
        for k, (minimum, base, maximum) in self.scales.items():
            price = self.prices.setdefault(k, base)
            floor = self.floors.setdefault(k, minimum)
            if not (minimum <= base <= maximum and minimum <= floor <= price <= maximum):
                raise ComponentError(
                    f"PriceTrack: {k!r} needs minimum <= base <= maximum and "
                    "minimum <= floor <= price <= maximum, got "
                    f"minimum={minimum} base={base} maximum={maximum} floor={floor} price={price}"
                )

    @classmethod
    def over(cls, scales: Mapping[K, Scale], prices: dict[K, int], floors: dict[K, int]) -> PriceTrack[K]:
        """The track over a game state's own dicts, used as they are (not copied, not checked).

        For a state that keeps its prices and floors as plain dicts (its
        save shape) and checks them where it loads them. Every good of
        ``scales`` must have a price and a floor.

        Args:
            scales: the printed scales (shared, e.g. cached per data set).
            prices: the state's prices, changed in place by the track.
            floors: the state's floors, changed in place by the track.
        """
        track: PriceTrack[K] = cls.__new__(cls)
        track.scales = scales
        track.prices = prices
        track.floors = floors
        return track

    def __contains__(self, good: object) -> bool:
        """Whether ``good`` has a track here."""
        return good in self.scales

    def __iter__(self) -> Iterator[K]:
        """The goods, in scale order."""
        return iter(self.scales)

    def __len__(self) -> int:
        """The number of goods."""
        return len(self.scales)

    def copy(self) -> PriceTrack[K]:
        """Return an independent copy (prices and floors copied; the scales are shared)."""
        new: PriceTrack[K] = PriceTrack.__new__(PriceTrack)
        new.scales = self.scales
        new.prices = self.prices.copy()
        new.floors = self.floors.copy()
        return new

    def _scale(self, good: K) -> Scale:
        try:
            return self.scales[good]
        except KeyError:
            raise MissingItemError("PriceTrack", good, "price tracks") from None

    def price(self, good: K) -> int:
        """The current price of ``good``.

        Raises:
            MissingItemError: ``good`` has no track.
        """
        self._scale(good)
        return self.prices[good]

    def floor(self, good: K) -> int:
        """The current floor of ``good``.

        Raises:
            MissingItemError: ``good`` has no track.
        """
        self._scale(good)
        return self.floors[good]

    def can_rise(self, good: K) -> bool:
        """Whether a step up would change the price of ``good``."""
        return self.prices[good] < self._scale(good)[2]

    def can_fall(self, good: K) -> bool:
        """Whether a step down would change the price of ``good``."""
        self._scale(good)
        return self.prices[good] > self.floors[good]

    def step(self, good: K, n: int) -> int:
        """Move the price of ``good`` by ``n`` steps (negative: down), within its floor and maximum.

        Returns:
            The new price.

        Raises:
            MissingItemError: ``good`` has no track (nothing changes).
        """
        maximum = self._scale(good)[2]
        new = self.prices[good] + n
        if new > maximum:
            new = maximum
        floor = self.floors[good]
        if new < floor:
            new = floor
        self.prices[good] = new
        return new

    def step_up(self, good: K, n: int = 1) -> int:
        """Raise the price of ``good`` by ``n`` steps, at most to its maximum; return the new price.

        Raises:
            ComponentError: ``n`` is negative.
            MissingItemError: ``good`` has no track.
        """
        check_amount("PriceTrack", "step_up", n)
        return self.step(good, n)

    def step_down(self, good: K, n: int = 1) -> int:
        """Lower the price of ``good`` by ``n`` steps, at most to its floor; return the new price.

        Raises:
            ComponentError: ``n`` is negative.
            MissingItemError: ``good`` has no track.
        """
        check_amount("PriceTrack", "step_down", n)
        return self.step(good, -n)

    def raise_floor(self, good: K, n: int) -> int:
        """Raise the floor of ``good`` by ``n`` (at most to its maximum); lift the price to it.

        Returns:
            The new floor.

        Raises:
            ComponentError: ``n`` is negative (a floor never falls).
            MissingItemError: ``good`` has no track.
        """
        check_amount("PriceTrack", "raise_floor", n)
        self._scale(good)
        self.raise_floor_to(good, self.floors[good] + n)
        return self.floors[good]

    def raise_floor_to(self, good: K, level: int) -> bool:
        """Raise the floor of ``good`` to ``level`` (at most its maximum) if it is lower; lift the price to it.

        Returns:
            Whether the floor rose (a floor already at or above ``level`` stays).

        Raises:
            MissingItemError: ``good`` has no track.
        """
        maximum = self._scale(good)[2]
        level = min(maximum, level)
        if level <= self.floors[good]:
            return False
        self.floors[good] = level
        if self.prices[good] < level:
            self.prices[good] = level
        return True

    def reset(self, good: K) -> int:
        """Put the price of ``good`` back on its base (or its floor, if that is higher); return it.

        Raises:
            MissingItemError: ``good`` has no track.
        """
        base = self._scale(good)[1]
        self.prices[good] = max(base, self.floors[good])
        return self.prices[good]
