"""A row of face-up slots refilled from a deck by a pluggable rule."""

from __future__ import annotations

from typing import Generic, Literal, Protocol, TypeVar

import attrs

from hexkit.components._errors import ComponentError, MissingItemError
from hexkit.components.deck import Deck
from hexkit.rng import Rng

__all__ = ["FillEmptySlots", "MarketRow", "RefillRule", "WipeWhenLow"]

T = TypeVar("T")
R = TypeVar("R", bound="RefillRule")


class RefillRule(Protocol):
    """How a :class:`MarketRow` refills its slots from its deck.

    A rule is a small immutable value (a frozen attrs class, so it can be
    saved with the row). A rule changes ``slots`` in place (never its
    length) and may draw from and discard to ``deck``. It must not create or
    drop items: whatever leaves a slot goes to ``deck``'s discard pile.
    """

    def refill(self, slots: list[T | None], deck: Deck[T], rng: Rng | None) -> None:
        """Refill ``slots`` from ``deck``, using ``rng`` if the deck reshuffles."""
        ...


@attrs.define(slots=True, frozen=True)
class FillEmptySlots:
    """Fill every empty slot from the deck, in slot order; others stay put.

    Soot & Timber's card row (5 slots) and contract row (4 slots). When the
    deck cannot give a card (see :class:`~hexkit.components.EmptyPolicy`)
    the remaining slots stay empty.

    Example:
        >>> row = MarketRow([None, 7, None], Deck([1, 2, 3]), FillEmptySlots())
        >>> row.refill()
        >>> row.slots
        [3, 7, 2]
    """

    kind: Literal["fill_empty_slots"] = "fill_empty_slots"

    def refill(self, slots: list[T | None], deck: Deck[T], rng: Rng | None) -> None:
        """Fill the empty slots, lowest index first."""
        for i, item in enumerate(slots):
            if item is None:
                slots[i] = deck.draw(rng)


@attrs.define(slots=True, frozen=True)
class WipeWhenLow:
    """When at most ``threshold`` items remain, discard them and deal ``deal`` new.

    Empyreal: "any time only two Spellcars remain in the market, discard
    them and deal a new market of six" (``WipeWhenLow(2, 6)`` on 6 slots).
    A refill of an empty row (set-up) deals a full market. The new items
    fill slots ``0 .. deal-1``; slots past ``deal`` and slots the deck
    cannot fill stay empty. One refill wipes at most once.

    Args:
        threshold: wipe when the number of filled slots is at most this.
        deal: how many items the new market gets (at most the row size).

    Example:
        >>> row = MarketRow([5, None, None, 6], Deck([1, 2, 3, 4]), WipeWhenLow(2, 4))
        >>> row.refill()
        >>> row.slots, row.deck.discard_pile
        ([4, 3, 2, 1], [5, 6])
    """

    threshold: int = 2
    deal: int = 6
    kind: Literal["wipe_when_low"] = "wipe_when_low"

    def refill(self, slots: list[T | None], deck: Deck[T], rng: Rng | None) -> None:
        """Wipe and deal if the row is low; otherwise do nothing."""
        filled = [x for x in slots if x is not None]
        if len(filled) > self.threshold:
            return
        for x in filled:
            deck.discard(x)
        new = deck.draw_many(min(self.deal, len(slots)), rng)
        for i in range(len(slots)):
            slots[i] = new[i] if i < len(new) else None


@attrs.define(slots=True)
class MarketRow(Generic[T, R]):
    """Face-up slots (``None`` = empty) refilled from a deck by a rule.

    Write the type with its rule: ``MarketRow[Card, WipeWhenLow]`` (or a
    union of rule types), so that cattrs knows how to load the rule.

    Args:
        slots: the face-up items, ``None`` for an empty slot; its length is
            the row size and never changes.
        deck: where new items come from and wiped items go.
        rule: the :class:`RefillRule`.

    Example:
        >>> row = MarketRow.empty(3, Deck([1, 2, 3, 4, 5]), FillEmptySlots())
        >>> row.refill()
        >>> row.slots
        [5, 4, 3]
        >>> row.take(1), row.slots
        (4, [5, 2, 3])
        >>> row.take(0, refill=False), row.slots
        (5, [None, 2, 3])
    """

    slots: list[T | None]
    deck: Deck[T]
    rule: R

    @classmethod
    def empty(cls, size: int, deck: Deck[T], rule: R) -> MarketRow[T, R]:
        """Return a row of ``size`` empty slots (call :meth:`refill` to deal it)."""
        if size < 0:
            raise ComponentError(f"MarketRow: size must be non-negative, got {size}")
        return cls([None] * size, deck, rule)

    def __len__(self) -> int:
        """Return the number of filled slots."""
        return sum(1 for x in self.slots if x is not None)

    @property
    def size(self) -> int:
        """The number of slots, filled or not."""
        return len(self.slots)

    def view(self) -> tuple[T | None, ...]:
        """Return the slots as an immutable tuple."""
        return tuple(self.slots)

    def available(self) -> list[tuple[int, T]]:
        """Return ``(index, item)`` for every filled slot, in slot order."""
        return [(i, x) for i, x in enumerate(self.slots) if x is not None]

    def copy(self) -> MarketRow[T, R]:
        """Return an independent copy (slots and deck copied; the rule is immutable)."""
        new: MarketRow[T, R] = MarketRow.__new__(MarketRow)
        new.slots = self.slots.copy()
        new.deck = self.deck.copy()
        new.rule = self.rule
        return new

    def refill(self, rng: Rng | None = None) -> None:
        """Apply the refill rule now.

        Args:
            rng: passed to the deck for a reshuffle if one is needed.

        Raises:
            ComponentError: the deck needs a reshuffle and ``rng`` is ``None``
                (the row is unchanged).
        """
        self._apply_rule(rng)

    def _apply_rule(self, rng: Rng | None) -> None:
        if rng is not None:
            self.rule.refill(self.slots, self.deck, rng)
            return
        # Without an rng a reshuffle fails part way: keep the row unchanged.
        slots, deck = self.slots.copy(), self.deck.copy()
        try:
            self.rule.refill(self.slots, self.deck, None)
        except ComponentError:
            self.slots[:] = slots
            self.deck.draw_pile, self.deck.discard_pile = deck.draw_pile, deck.discard_pile
            raise

    def take(self, index: int, rng: Rng | None = None, *, refill: bool = True) -> T:
        """Take the item in slot ``index``, then apply the rule unless ``refill`` is false.

        Args:
            index: the slot (negative indices count from the end).
            rng: for a deck reshuffle during the refill.
            refill: ``False`` leaves the slot empty (Soot & Timber refills
                its rows once per round, not on each take).

        Returns:
            The item taken.

        Raises:
            MissingItemError: the index is out of range or the slot is empty
                (the row is unchanged).
            ComponentError: the refill needs a deck reshuffle and ``rng`` is
                ``None`` (the row is unchanged, the item stays in its slot).
        """
        item = self.slots[index] if -len(self.slots) <= index < len(self.slots) else None
        if item is None:
            raise MissingItemError("MarketRow", index, f"filled slots {self._filled()}")
        self.slots[index] = None
        if refill:
            try:
                self._apply_rule(rng)
            except ComponentError:
                self.slots[index] = item
                raise
        return item

    def _filled(self) -> list[int]:
        return [i for i, x in enumerate(self.slots) if x is not None]
