"""A bag of tokens drawn blind, without replacement."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Generic, TypeVar

import attrs

from hexkit.components._errors import MissingItemError, check_amount
from hexkit.rng import Rng

__all__ = ["Bag"]

T = TypeVar("T")


@attrs.define(slots=True)
class Bag(Generic[T]):
    """Tokens drawn blind without replacement (e.g. Soot & Timber's community bag).

    ``items`` is the bag's content. Its order carries no game meaning, but it
    is part of the state: a draw swaps the chosen token with the last one
    before removing it, so the same seed and the same order give the same
    draws. Drawing from an empty bag returns ``None``; it never raises.

    Args:
        items: the tokens in the bag.

    Example:
        >>> bag = Bag(["blank", "blank", "ore"])
        >>> bag.count("blank"), len(bag)
        (2, 3)
        >>> bag.draw_many(5, Rng(4))
        ['blank', 'blank', 'ore']
        >>> bag.draw(Rng(4)) is None
        True
    """

    items: list[T] = attrs.field(factory=list)

    def __len__(self) -> int:
        """Return the number of tokens in the bag."""
        return len(self.items)

    def __contains__(self, item: object) -> bool:
        """Return whether at least one ``item`` is in the bag."""
        return item in self.items

    def copy(self) -> Bag[T]:
        """Return an independent copy (the list is copied, tokens are shared)."""
        new: Bag[T] = Bag.__new__(Bag)
        new.items = self.items.copy()
        return new

    def count(self, item: T) -> int:
        """Return how many ``item`` tokens are in the bag."""
        return self.items.count(item)

    def counts(self) -> dict[T, int]:
        """Return the number of tokens of each kind in the bag."""
        return dict(Counter(self.items))

    def add(self, item: T, n: int = 1) -> None:
        """Put ``n`` copies of ``item`` into the bag.

        Raises:
            ComponentError: ``n`` is negative.
        """
        check_amount("Bag", "add", n)
        self.items.extend([item] * n)

    def extend(self, items: Iterable[T]) -> None:
        """Put every token of ``items`` into the bag."""
        self.items.extend(items)

    def draw(self, rng: Rng) -> T | None:
        """Draw one token uniformly at random.

        Returns:
            The token, or ``None`` if the bag is empty.
        """
        items = self.items
        if not items:
            return None
        i = rng.randbelow(len(items))
        items[i], items[-1] = items[-1], items[i]
        return items.pop()

    def draw_many(self, n: int, rng: Rng) -> list[T]:
        """Draw up to ``n`` tokens; fewer only if the bag runs out.

        Raises:
            ComponentError: ``n`` is negative.
        """
        check_amount("Bag", "draw_many", n)
        out: list[T] = []
        for _ in range(min(n, len(self.items))):
            i = rng.randbelow(len(self.items))
            self.items[i], self.items[-1] = self.items[-1], self.items[i]
            out.append(self.items.pop())
        return out

    def remove(self, item: T) -> T:
        """Take one specific ``item`` out of the bag (not a blind draw).

        Raises:
            MissingItemError: no such token is in the bag (the bag is
                unchanged).
        """
        try:
            i = self.items.index(item)
        except ValueError:
            raise MissingItemError("Bag", item, "bag") from None
        return self.items.pop(i)
