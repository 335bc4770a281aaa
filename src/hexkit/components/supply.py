"""A finite supply of tokens of several kinds."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Generic, Self, TypeVar

import attrs

from hexkit.components._errors import ComponentError, InsufficientError, check_amount

__all__ = ["Supply"]

K = TypeVar("K")


@attrs.define(slots=True)
class Supply(Generic[K]):
    """Finite tokens by kind: train cars, goods, wasteland tiles.

    ``stock[k]`` is what the supply holds; ``out[k]`` is what has been taken
    from it and not put back. ``stock[k] + out[k]`` (:meth:`total`) never
    changes: tokens are neither created nor lost, and nothing ever goes
    negative. ``out`` lists only kinds with tokens out (putting the last one
    back removes the entry), so two supplies holding the same tokens compare
    equal however they got there; ``stock`` keeps a kind at 0 (its kinds are
    the supply's).

    Taking from an empty or short supply is a defined outcome: :meth:`take`
    takes what there is and returns how many that was (never raises for
    shortage); :meth:`take_exact` takes all or nothing and raises
    :class:`InsufficientError` otherwise.

    A supply may be stored (Empyreal's Goods, Soot's tokens: a subclass
    keyed by good) or made for one move from a count the state keeps
    (:meth:`single`: Empyreal's train cars and Wasteland tiles).

    Args:
        stock: tokens held, by kind.
        out: tokens taken out, by kind.

    Example:
        >>> goods = Supply.of({"ore": 2, "grain": 5})
        >>> goods.take("ore", 3), goods.count("ore"), goods.out["ore"]
        (2, 0, 2)
        >>> goods.take_exact("grain", 9)
        Traceback (most recent call last):
        ...
        hexkit.components.InsufficientError: Supply: cannot take 9 'grain', only 5 available
        >>> goods.put_back("ore", 1); goods.total("ore")
        2
    """

    stock: dict[K, int] = attrs.field(factory=dict)
    out: dict[K, int] = attrs.field(factory=dict)

    def __attrs_post_init__(self) -> None:
        bad = {k: v for d in (self.stock, self.out) for k, v in d.items() if v < 0}
        if bad:
            raise ComponentError(f"Supply: negative counts {bad}")

    @classmethod
    def of(cls, counts: Mapping[K, int]) -> Supply[K]:
        """Return a full supply holding ``counts`` with nothing taken out."""
        return cls(dict(counts), {})

    @classmethod
    def single(cls, kind: K, held: int, out: int = 0) -> Self:
        """Return a supply of one kind: ``held`` tokens in it, ``out`` taken out.

        For a game whose state keeps such a supply as one plain count (a
        Company's 35 train cars, the 20 Wasteland tiles): the count is made
        into a supply, taken from or put back into, and :meth:`count` is
        written back, so the state's layout, saves and clone stay an ``int``.
        ``out`` (the printed total minus ``held``) is what :meth:`put_back`
        allows back; it is listed only when positive, as in any supply.
        Cheaper than the constructor (one kind to check, no attrs
        ``__init__``): a game may make one per move.

        Args:
            kind: the token kind (named in error messages).
            held: tokens in the supply.
            out: tokens taken out of it.

        Returns:
            The supply, of ``cls``.

        Raises:
            ComponentError: ``held`` or ``out`` is negative.

        Example:
            >>> cars = Supply.single("train car", 1, 34)
            >>> cars.take("train car", 2), cars.count("train car"), cars.total("train car")
            (1, 0, 35)
        """
        if held < 0 or out < 0:
            raise ComponentError(f"Supply: negative counts {{{kind!r}: {held if held < 0 else out}}}")
        new = cls.__new__(cls)
        new.stock = {kind: held}
        new.out = {kind: out} if out else {}
        return new

    def copy(self) -> Self:
        """Return an independent copy, of the same class (a subclass stays itself)."""
        cls = type(self)  # a game's subclass stays itself
        new = cls.__new__(cls)
        new.stock = self.stock.copy()
        new.out = self.out.copy()
        return new

    def count(self, kind: K) -> int:
        """Return how many ``kind`` tokens the supply holds (0 for an unknown kind)."""
        return self.stock.get(kind, 0)

    def total(self, kind: K) -> int:
        """Return held plus taken out for ``kind``: constant over the supply's life."""
        return self.stock.get(kind, 0) + self.out.get(kind, 0)

    def counts(self) -> dict[K, int]:
        """Return a copy of the held counts."""
        return dict(self.stock)

    def can_take(self, kind: K, n: int = 1) -> bool:
        """Return whether ``n`` ``kind`` tokens are held."""
        return self.stock.get(kind, 0) >= n

    def take(self, kind: K, n: int = 1) -> int:
        """Take up to ``n`` tokens of ``kind``.

        Returns:
            How many were taken: ``min(n, count(kind))``, so 0 from an empty
            supply or an unknown kind.

        Raises:
            ComponentError: ``n`` is negative.
        """
        if n < 0:  # the check is called only to fail: a take is in the games' move code
            check_amount("Supply", "take", n)
        stock = self.stock
        have = stock.get(kind, 0)
        got = n if n < have else have
        if got:
            stock[kind] = have - got
            out = self.out
            out[kind] = out.get(kind, 0) + got
        return got

    def take_exact(self, kind: K, n: int = 1) -> int:
        """Take exactly ``n`` tokens of ``kind``, or none.

        Returns:
            ``n``.

        Raises:
            InsufficientError: fewer than ``n`` are held (names the kind, the
                request and the count; the supply is unchanged).
            ComponentError: ``n`` is negative.
        """
        check_amount("Supply", "take_exact", n)
        have = self.stock.get(kind, 0)
        if have < n:
            raise InsufficientError("Supply", "take", kind, n, have)
        return self.take(kind, n)

    def put_back(self, kind: K, n: int = 1) -> None:
        """Return ``n`` tokens of ``kind`` that were taken out.

        Raises:
            InsufficientError: fewer than ``n`` of that kind are out (that
                would create tokens; the supply is unchanged).
            ComponentError: ``n`` is negative.
        """
        if n < 0:
            check_amount("Supply", "put_back", n)
        outs = self.out
        out = outs.get(kind, 0)
        if out < n:
            raise InsufficientError("Supply", "put back", kind, n, out, held="taken out")
        if n:
            if out == n:
                del outs[kind]  # ``out`` lists only kinds with tokens out
            else:
                outs[kind] = out - n
            stock = self.stock
            stock[kind] = stock.get(kind, 0) + n
