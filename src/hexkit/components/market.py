"""A row of face-up slots refilled from a deck by a pluggable rule."""

from __future__ import annotations

from typing import Generic, Literal, Protocol, TypeVar

import attrs

from hexkit.components._errors import ComponentError, MissingItemError
from hexkit.components.deck import Deck, EmptyPolicy
from hexkit.rng import Rng

__all__ = ["FillEmptySlots", "MarketRow", "RefillRule", "WipeWhenLow"]

T = TypeVar("T")
R = TypeVar("R", bound="RefillRule")


class RefillRule(Protocol):
    """How a :class:`MarketRow` refills its slots from its deck.

    A rule is a small immutable value (a frozen attrs class, so it can be
    saved with the row). A rule changes ``slots`` in place and may draw
    from and discard to ``deck``. It must not create or drop items:
    whatever leaves a slot goes to ``deck``'s discard pile. In a row of
    fixed slots (``compact`` false) it never changes the list's length and
    a slot equal to ``vacant`` (``None`` unless the row says otherwise) is
    empty; in a compact row ``slots`` holds only items, at most ``size`` of
    them.
    """

    def refill(
        self,
        slots: list[T | None],
        deck: Deck[T],
        rng: Rng | None,
        size: int,
        compact: bool,
        vacant: T | None = None,
    ) -> bool:
        """Refill ``slots`` (a row of ``size``) from ``deck``; return whether the row changed."""
        ...


def _can_deal(deck: Deck[T]) -> bool:
    """Whether ``deck`` can give a card now (its draw pile, or a reshuffle of its discards)."""
    return bool(deck.draw_pile) or (deck.policy is EmptyPolicy.RESHUFFLE and bool(deck.discard_pile))


@attrs.define(slots=True, frozen=True)
class FillEmptySlots:
    """Fill every empty slot from the deck, in slot order; others stay put.

    Soot & Timber's card row (5 slots, ``""`` for an empty one) and
    contract row (4 slots, ``-1``). When the deck cannot give a card (see
    :class:`~hexkit.components.EmptyPolicy`) the remaining slots stay
    empty. A compact row is topped up to its size.

    Example:
        >>> row = MarketRow([None, 7, None], Deck([1, 2, 3]), FillEmptySlots())
        >>> row.refill()
        True
        >>> row.slots
        [3, 7, 2]
        >>> cards = MarketRow(["", "b", ""], Deck(["x"]), FillEmptySlots(), vacant="")
        >>> cards.refill(), cards.slots
        (True, ['x', 'b', ''])
    """

    kind: Literal["fill_empty_slots"] = "fill_empty_slots"

    def refill(
        self,
        slots: list[T | None],
        deck: Deck[T],
        rng: Rng | None,
        size: int,
        compact: bool,
        vacant: T | None = None,
    ) -> bool:
        """Fill the empty slots, lowest index first."""
        changed = False
        if compact:
            while len(slots) < size:
                item = deck.draw(rng)
                if item is None:
                    break
                slots.append(item)
                changed = True
            return changed
        for i, item in enumerate(slots):
            if item == vacant:
                new = deck.draw(rng)
                if new is None:  # the deck cannot give more: the rest stay empty
                    break
                slots[i] = new
                changed = True
        return changed


@attrs.define(slots=True, frozen=True)
class WipeWhenLow:
    """When at most ``threshold`` items remain, discard them and deal ``deal`` new.

    Empyreal: "any time only two Spellcars remain in the market, discard
    them and deal a new market of six" (``WipeWhenLow(2, 6)`` on 6 slots).
    A refill of an empty row (set-up) deals a full market. The new items
    fill slots ``0 .. deal-1``; slots past ``deal`` and slots the deck
    cannot fill stay empty. One refill wipes at most once, and never while
    the deck cannot deal a card (the wipe would leave the row empty, or
    deal the same items back): the row then stays as it is.

    Args:
        threshold: wipe when the number of filled slots is at most this.
        deal: how many items the new market gets (at most the row size).

    Example:
        >>> row = MarketRow([5, None, None, 6], Deck([1, 2, 3, 4]), WipeWhenLow(2, 4))
        >>> row.refill()
        True
        >>> row.slots, row.deck.discard_pile
        ([4, 3, 2, 1], [5, 6])
    """

    threshold: int = 2
    deal: int = 6
    kind: Literal["wipe_when_low"] = "wipe_when_low"

    def refill(
        self,
        slots: list[T | None],
        deck: Deck[T],
        rng: Rng | None,
        size: int,
        compact: bool,
        vacant: T | None = None,
    ) -> bool:
        """Wipe and deal if the row is low and the deck can deal; otherwise do nothing."""
        if compact and len(slots) > self.threshold:  # the usual case, checked first (no list built)
            return False
        filled = [x for x in slots if x is not None and x != vacant]
        if len(filled) > self.threshold or not _can_deal(deck):
            return False
        for x in filled:
            deck.discard(x)
        new = deck.draw_many(min(self.deal, size), rng)
        if compact:
            slots[:] = new
        else:
            for i in range(len(slots)):
                slots[i] = new[i] if i < len(new) else vacant
        return True


@attrs.define(slots=True)
class MarketRow(Generic[T, R]):
    """Face-up items refilled from a deck by a rule.

    Two shapes of row:

    - fixed slots (``compact`` false, the default): ``slots`` has one entry
      per slot, ``vacant`` (``None`` by default) for an empty one; taking
      leaves a gap (Soot & Timber's card row, whose empty slot is ``""``);
    - compact (``compact`` true): ``slots`` holds only the items, in the
      order they were dealt; taking closes the gap, and ``size`` is the
      most the row holds (Empyreal's Spellcar Market, where only which
      Spellcars are face up matters).

    Write the type with its rule: ``MarketRow[Card, WipeWhenLow]`` (or a
    union of rule types), so that cattrs knows how to load the rule.

    Args:
        slots: the face-up items (see above).
        deck: where new items come from and wiped items go.
        rule: the :class:`RefillRule`.
        capacity: the size of a compact row; ``None`` for fixed slots.
        vacant: what marks an empty slot of a fixed row (compared with
            ``==``; ``None`` by default). A game whose state already keeps a
            row with its own marker (``""``, ``-1``) makes the row over that
            list as it is.

    Example:
        >>> row = MarketRow.empty(3, Deck([1, 2, 3, 4, 5]), FillEmptySlots())
        >>> row.refill()
        True
        >>> row.take(1), row.slots
        (4, [5, 2, 3])
        >>> row.take(0, refill=False), row.slots
        (5, [None, 2, 3])
        >>> pile = MarketRow.empty(3, Deck([1, 2, 3, 4]), WipeWhenLow(1, 3), compact=True)
        >>> pile.refill(), pile.slots
        (True, [4, 3, 2])
        >>> pile.take_item(3, refill=False), pile.slots
        (3, [4, 2])
        >>> contracts = MarketRow([4, -1], Deck([7]), FillEmptySlots(), vacant=-1)
        >>> contracts.refill(), contracts.take(0, refill=False), contracts.slots
        (True, 4, [-1, 7])
    """

    slots: list[T | None]
    deck: Deck[T]
    rule: R
    capacity: int | None = None
    vacant: T | None = None

    @classmethod
    def empty(
        cls, size: int, deck: Deck[T], rule: R, *, compact: bool = False, vacant: T | None = None
    ) -> MarketRow[T, R]:
        """Return a row of ``size`` empty slots (call :meth:`refill` to deal it).

        Args:
            size: the number of slots.
            deck: where the items come from.
            rule: the refill rule.
            compact: a compact row (see the class doc).
            vacant: the marker of an empty slot of a fixed row.
        """
        if size < 0:
            raise ComponentError(f"MarketRow: size must be non-negative, got {size}")
        if compact:
            return cls([], deck, rule, size)
        return cls([vacant] * size, deck, rule, None, vacant)

    def __len__(self) -> int:
        """Return the number of filled slots."""
        vacant = self.vacant
        return sum(1 for x in self.slots if x != vacant)

    @property
    def compact(self) -> bool:
        """Whether taking an item closes the gap (see the class doc)."""
        return self.capacity is not None

    @property
    def size(self) -> int:
        """The number of slots, filled or not."""
        return len(self.slots) if self.capacity is None else self.capacity

    def view(self) -> tuple[T | None, ...]:
        """Return the slots as an immutable tuple."""
        return tuple(self.slots)

    def available(self) -> list[tuple[int, T]]:
        """Return ``(index, item)`` for every filled slot, in slot order."""
        vacant = self.vacant
        return [(i, x) for i, x in enumerate(self.slots) if x is not None and x != vacant]

    def copy(self) -> MarketRow[T, R]:
        """Return an independent copy (slots and deck copied; the rule is immutable)."""
        new: MarketRow[T, R] = MarketRow.__new__(MarketRow)
        new.slots = self.slots.copy()
        new.deck = self.deck.copy()
        new.rule = self.rule
        new.capacity = self.capacity
        new.vacant = self.vacant
        return new

    def refill(self, rng: Rng | None = None) -> bool:
        """Apply the refill rule now.

        Args:
            rng: passed to the deck for a reshuffle if one is needed.

        Returns:
            Whether the rule changed the row.

        Raises:
            ComponentError: the deck needs a reshuffle and ``rng`` is ``None``
                (the row is unchanged).
        """
        return self._apply_rule(rng)

    def _apply_rule(self, rng: Rng | None) -> bool:
        capacity = self.capacity  # size and compact read inline: Empyreal refills after every Spellcar taken
        if rng is not None:
            slots = self.slots
            size = len(slots) if capacity is None else capacity
            return self.rule.refill(slots, self.deck, rng, size, capacity is not None, self.vacant)
        # Without an rng a reshuffle fails part way: keep the row unchanged
        # (restored in place: the lists may be shared with a game's state).
        slots, pile, discards = self.slots.copy(), self.deck.draw_pile.copy(), self.deck.discard_pile.copy()
        try:
            return self.rule.refill(self.slots, self.deck, None, self.size, self.compact, self.vacant)
        except ComponentError:
            self.slots[:] = slots
            self.deck.draw_pile[:] = pile
            self.deck.discard_pile[:] = discards
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
        slots = self.slots
        vacant = self.vacant
        item = slots[index] if -len(slots) <= index < len(slots) else vacant
        if item is None or item == vacant:
            raise MissingItemError("MarketRow", index, f"filled slots {self._filled()}")
        if index < 0:
            index += len(slots)
        if self.capacity is None:
            slots[index] = vacant
        else:
            del slots[index]
        if refill:
            try:
                self._apply_rule(rng)
            except ComponentError:
                if self.capacity is None:
                    slots[index] = item
                else:
                    slots.insert(index, item)
                raise
        return item

    def take_item(self, item: T, rng: Rng | None = None, *, refill: bool = True) -> T:
        """Take the first slot holding ``item`` (compared with ``==``), as :meth:`take` does.

        Raises:
            MissingItemError: no slot holds ``item`` (the row is unchanged).
            ComponentError: as for :meth:`take`.
        """
        for i, x in enumerate(self.slots):
            if x is not None and x != self.vacant and x == item:
                return self.take(i, rng, refill=refill)
        raise MissingItemError("MarketRow", item, "row")

    def _filled(self) -> list[int]:
        vacant = self.vacant
        return [i for i, x in enumerate(self.slots) if x is not None and x != vacant]
