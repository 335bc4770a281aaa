"""A bounded integer track with thresholds that fire once."""

from __future__ import annotations

import attrs

from hexkit.components._errors import ComponentError

__all__ = ["Track"]


@attrs.define(slots=True)
class Track:
    """A bounded integer with thresholds that fire once each.

    A threshold ``t`` fires the first time a move takes the value from below
    ``t`` to ``t`` or above; after that it is in ``fired`` and never fires
    again, even if the value drops and climbs back. Thresholds at or below
    the starting value have not been *crossed*, so they fire only if the
    value first drops below them and then climbs back.

    Args:
        minimum: lowest value.
        maximum: highest value.
        value: current value (the start).
        thresholds: the threshold values, each in ``(minimum, maximum]``.
        fired: thresholds that have already fired.

    Raises:
        ComponentError: the bounds, value or thresholds are inconsistent.

    Example:
        >>> soot = Track(0, 10, 0, thresholds=(4, 8))
        >>> soot.advance(5)
        [4]
        >>> soot.advance(-3), soot.advance(20), soot.value
        ([], [8], 10)
        >>> soot.advance(-10), soot.advance(10)
        ([], [])
    """

    minimum: int
    maximum: int
    value: int
    thresholds: tuple[int, ...] = ()
    fired: frozenset[int] = frozenset()

    def __attrs_post_init__(self) -> None:
        if not self.minimum <= self.value <= self.maximum:
            raise ComponentError(
                f"Track: value {self.value} outside [{self.minimum}, {self.maximum}]"
            )
        bad = [t for t in self.thresholds if not self.minimum < t <= self.maximum]
        if bad:
            raise ComponentError(
                f"Track: thresholds {bad} outside ({self.minimum}, {self.maximum}]"
            )
        if not self.fired <= set(self.thresholds):
            raise ComponentError(
                f"Track: fired {sorted(self.fired - set(self.thresholds))} are not thresholds"
            )
        self.thresholds = tuple(sorted(set(self.thresholds)))
        self.fired = frozenset(self.fired)

    def copy(self) -> Track:
        """Return an independent copy (all fields are immutable values)."""
        new = Track.__new__(Track)
        new.minimum = self.minimum
        new.maximum = self.maximum
        new.value = self.value
        new.thresholds = self.thresholds
        new.fired = self.fired
        return new

    @property
    def room_up(self) -> int:
        """How far the value can still rise."""
        return self.maximum - self.value

    @property
    def room_down(self) -> int:
        """How far the value can still fall."""
        return self.value - self.minimum

    def advance(self, n: int) -> list[int]:
        """Move the value by ``n`` (negative moves down), clamped to the bounds.

        Args:
            n: the step; the part beyond a bound is lost.

        Returns:
            The thresholds that fired on this move, in ascending order
            (empty when moving down).
        """
        old = self.value
        new = min(self.maximum, max(self.minimum, old + n))
        self.value = new
        if new <= old or not self.thresholds:
            return []
        crossed = [t for t in self.thresholds if old < t <= new and t not in self.fired]
        if crossed:
            self.fired = self.fired.union(crossed)
        return crossed

    def set(self, value: int) -> list[int]:
        """Move to ``value`` (clamped); thresholds fire as for :meth:`advance`."""
        return self.advance(value - self.value)

    def pending(self) -> list[int]:
        """Return the thresholds that have not fired yet, ascending."""
        return [t for t in self.thresholds if t not in self.fired]
