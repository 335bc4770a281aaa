"""A market price that steps between a floor and a maximum."""

from __future__ import annotations

import attrs

from hexkit.components._errors import ComponentError, check_amount

__all__ = ["PriceTrack"]


@attrs.define(slots=True)
class PriceTrack:
    """A price that steps up and down between a floor and a maximum.

    The floor starts at ``minimum`` and can only rise (Soot & Timber's
    scarcity cascade: "+2 price floor above minimum"). The price never goes
    below the floor or above ``maximum``; steps past a bound are lost.

    Args:
        minimum: the printed lowest price.
        base: the printed starting price.
        maximum: the printed highest price.
        price: the current price (defaults to ``base``).
        floor: the current floor (defaults to ``minimum``).

    Raises:
        ComponentError: the prices are inconsistent
            (``minimum <= base <= maximum`` and
            ``minimum <= floor <= price <= maximum`` must hold).

    Example:
        >>> steel = PriceTrack(minimum=2, base=5, maximum=9)
        >>> steel.step_down(10), steel.step_up(2)
        (2, 4)
        >>> steel.raise_floor(2)
        4
        >>> steel.step_down(3), steel.raise_floor(2), steel.price
        (4, 6, 6)
    """

    minimum: int
    base: int
    maximum: int
    price: int = attrs.field()
    floor: int = attrs.field()

    @price.default
    def _price_default(self) -> int:
        return self.base

    @floor.default
    def _floor_default(self) -> int:
        return self.minimum

    def __attrs_post_init__(self) -> None:
        if not (
            self.minimum <= self.base <= self.maximum
            and self.minimum <= self.floor <= self.price <= self.maximum
        ):
            raise ComponentError(
                "PriceTrack: need minimum <= base <= maximum and "
                "minimum <= floor <= price <= maximum, got "
                f"minimum={self.minimum} base={self.base} maximum={self.maximum} "
                f"floor={self.floor} price={self.price}"
            )

    def copy(self) -> PriceTrack:
        """Return an independent copy."""
        new = PriceTrack.__new__(PriceTrack)
        new.minimum = self.minimum
        new.base = self.base
        new.maximum = self.maximum
        new.price = self.price
        new.floor = self.floor
        return new

    def step_up(self, n: int = 1) -> int:
        """Raise the price by ``n`` steps, at most to ``maximum``; return the new price.

        Raises:
            ComponentError: ``n`` is negative.
        """
        check_amount("PriceTrack", "step_up", n)
        self.price = min(self.maximum, self.price + n)
        return self.price

    def step_down(self, n: int = 1) -> int:
        """Lower the price by ``n`` steps, at most to the floor; return the new price.

        Raises:
            ComponentError: ``n`` is negative.
        """
        check_amount("PriceTrack", "step_down", n)
        self.price = max(self.floor, self.price - n)
        return self.price

    def raise_floor(self, n: int) -> int:
        """Raise the floor by ``n`` (at most to ``maximum``); lift the price to it.

        Returns:
            The new floor.

        Raises:
            ComponentError: ``n`` is negative (a floor never falls).
        """
        check_amount("PriceTrack", "raise_floor", n)
        self.floor = min(self.maximum, self.floor + n)
        self.price = max(self.price, self.floor)
        return self.floor

    def reset(self) -> int:
        """Put the price back on ``base`` (or the floor, if that is higher); return it."""
        self.price = max(self.base, self.floor)
        return self.price
