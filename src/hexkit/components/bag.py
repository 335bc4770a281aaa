"""A bag of tokens drawn blind, without replacement."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Generic, TypeVar

import attrs

from hexkit.components._errors import MissingItemError, check_amount
from hexkit.rng import Rng

__all__ = ["Bag"]

T = TypeVar("T")


@attrs.define(slots=True)
class Bag(Generic[T]):
    """Tokens drawn blind without replacement (Soot & Timber's community bag).

    The bag is a count per kind of token (``stock``; a kind whose count
    reaches 0 leaves it). Tokens of one kind are alike, so the bag has no
    order to keep: a draw takes ``k = rng.randbelow(len(bag))`` and walks
    the kinds in sorted order (kinds must be orderable), so the same seed
    and the same counts give the same draws. Drawing from an empty bag
    returns ``None`` and uses no random number; it never raises.

    Args:
        stock: count per kind (not copied: :meth:`over` a state's dict
            makes the bag a view that writes through it).

    Example:
        >>> bag = Bag.of(["blank", "blank", "ore"])
        >>> bag.count("blank"), len(bag)
        (2, 3)
        >>> sorted(bag.draw_many(5, Rng(4)))
        ['blank', 'blank', 'ore']
        >>> bag.draw(Rng(4)) is None, bag.stock
        (True, {})
    """

    stock: dict[T, int] = attrs.field(factory=dict)

    @classmethod
    def of(cls, items: Iterable[T]) -> Bag[T]:
        """A bag holding each token of ``items``."""
        bag: Bag[T] = cls()
        bag.extend(items)
        return bag

    @classmethod
    def over(cls, stock: dict[T, int]) -> Bag[T]:
        """A bag that reads and writes ``stock`` in place (a state's own dict of counts)."""
        bag: Bag[T] = cls.__new__(cls)
        bag.stock = stock
        return bag

    def __len__(self) -> int:
        """Return the number of tokens in the bag."""
        return sum(self.stock.values())

    def __contains__(self, item: object) -> bool:
        """Return whether at least one ``item`` is in the bag."""
        return self.stock.get(item, 0) > 0  # type: ignore[arg-type]  # any object may be asked about

    def copy(self) -> Bag[T]:
        """Return an independent copy (the counts are copied)."""
        return Bag.over(self.stock.copy())

    def count(self, item: T) -> int:
        """Return how many ``item`` tokens are in the bag."""
        return self.stock.get(item, 0)

    def counts(self) -> dict[T, int]:
        """Return the number of tokens of each kind in the bag (a copy)."""
        return dict(self.stock)

    def add(self, item: T, n: int = 1) -> None:
        """Put ``n`` copies of ``item`` into the bag.

        Raises:
            ComponentError: ``n`` is negative.
        """
        check_amount("Bag", "add", n)
        if n:
            self.stock[item] = self.stock.get(item, 0) + n

    def extend(self, items: Iterable[T]) -> None:
        """Put every token of ``items`` into the bag."""
        stock = self.stock
        for item in items:
            stock[item] = stock.get(item, 0) + 1

    def draw(self, rng: Rng) -> T | None:
        """Draw one token uniformly at random (one ``randbelow`` of the bag's size).

        Returns:
            The token, or ``None`` if the bag is empty.
        """
        stock = self.stock
        total = sum(stock.values())
        if total <= 0:
            return None
        k = rng.randbelow(total)
        kinds: list[Any] = sorted(stock)
        for kind in kinds:
            if k < stock[kind]:
                break
            k -= stock[kind]
        self._take(kind)
        return kind  # type: ignore[no-any-return]

    def draw_many(self, n: int, rng: Rng) -> list[T]:
        """Draw up to ``n`` tokens one at a time; fewer only if the bag runs out.

        Raises:
            ComponentError: ``n`` is negative.
        """
        check_amount("Bag", "draw_many", n)
        out: list[T] = []
        for _ in range(n):
            token = self.draw(rng)
            if token is None:
                break
            out.append(token)
        return out

    def remove(self, item: T) -> T:
        """Take one specific ``item`` out of the bag (not a blind draw).

        Raises:
            MissingItemError: no such token is in the bag (the bag is
                unchanged).
        """
        if self.stock.get(item, 0) <= 0:
            raise MissingItemError("Bag", item, "bag")
        self._take(item)
        return item

    def _take(self, item: T) -> None:
        left = self.stock[item] - 1
        if left:
            self.stock[item] = left
        else:
            del self.stock[item]
