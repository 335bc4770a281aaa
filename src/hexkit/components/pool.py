"""An amount split into available and spent, with a cap (mana, currency)."""

from __future__ import annotations

import attrs

from hexkit.components._errors import ComponentError, InsufficientError, check_amount

__all__ = ["Pool"]


@attrs.define(slots=True)
class Pool:
    """Available and spent amounts with a cap on the available amount.

    Empyreal mana (``PlayerState.pool``): start 5 available; spending
    pushes crystals off the folio (``spent``), Reclaim brings them back.
    Empyreal's cap of 10 bounds available *plus* spent and is a number of
    the game's data, so its pool is uncapped and the plugin's ``gain``
    passes only what fits.

    Semantics:
        - :meth:`spend` moves available to spent, all or nothing: if short
          it raises :class:`InsufficientError` and changes nothing.
        - :meth:`gain` adds to available up to ``cap``; the excess is lost
          (returned amount = what was actually gained).
        - :meth:`reclaim` moves spent back to available, never above
          ``cap``; what does not fit stays spent (it is not lost).
        - ``available + spent`` changes only by :meth:`gain` (by exactly its
          return value) and :meth:`lose`.

    Args:
        available: the amount ready to spend.
        spent: the amount spent and not yet reclaimed.
        cap: the most ``available`` may hold (``None``: no cap).

    Raises:
        ComponentError: a negative amount, or ``available`` above ``cap``.

    Example:
        >>> mana = Pool(available=5, cap=10)
        >>> mana.spend(4); mana.gain(8), mana.available
        (8, 9)
        >>> mana.reclaim(), mana.available, mana.spent
        (1, 10, 3)
    """

    available: int = 0
    spent: int = 0
    cap: int | None = None

    def __attrs_post_init__(self) -> None:
        if self.available < 0 or self.spent < 0 or (self.cap is not None and self.cap < 0):
            raise ComponentError(
                f"Pool: negative amount (available={self.available}, "
                f"spent={self.spent}, cap={self.cap})"
            )
        if self.cap is not None and self.available > self.cap:
            raise ComponentError(f"Pool: available {self.available} above cap {self.cap}")

    def copy(self) -> Pool:
        """Return an independent copy."""
        new = Pool.__new__(Pool)
        new.available = self.available
        new.spent = self.spent
        new.cap = self.cap
        return new

    @property
    def total(self) -> int:
        """Available plus spent."""
        return self.available + self.spent

    @property
    def room(self) -> int | None:
        """How much more ``available`` can hold (``None`` when uncapped)."""
        return None if self.cap is None else self.cap - self.available

    def can_spend(self, n: int) -> bool:
        """Return whether ``n`` is available."""
        return 0 <= n <= self.available

    def spend(self, n: int) -> None:
        """Move ``n`` from available to spent.

        Raises:
            InsufficientError: less than ``n`` is available (names both
                amounts; the pool is unchanged).
            ComponentError: ``n`` is negative.
        """
        if n < 0:  # checked inline first: mana moves on most turns
            check_amount("Pool", "spend", n)
        if n > self.available:
            raise InsufficientError("Pool", "spend", None, n, self.available)
        self.available -= n
        self.spent += n

    def gain(self, n: int) -> int:
        """Add ``n`` to available; whatever would pass ``cap`` is lost.

        Returns:
            The amount actually gained (``n`` minus the loss at the cap).

        Raises:
            ComponentError: ``n`` is negative.
        """
        if n < 0:
            check_amount("Pool", "gain", n)
        got = n if self.cap is None else min(n, self.cap - self.available)
        self.available += got
        return got

    def reclaim(self, n: int | None = None) -> int:
        """Move spent back to available: all of it (``n=None``) or up to ``n``.

        The move stops at ``cap``; the rest stays spent.

        Returns:
            The amount moved.

        Raises:
            ComponentError: ``n`` is negative.
        """
        want = self.spent if n is None else n
        if want < 0:
            check_amount("Pool", "reclaim", want)
        moved = min(want, self.spent)
        if self.cap is not None:
            moved = min(moved, self.cap - self.available)
        self.spent -= moved
        self.available += moved
        return moved

    def lose(self, n: int) -> None:
        """Remove ``n`` from available entirely (paid to someone, destroyed).

        Raises:
            InsufficientError: less than ``n`` is available (the pool is
                unchanged).
            ComponentError: ``n`` is negative.
        """
        if n < 0:
            check_amount("Pool", "lose", n)
        if n > self.available:
            raise InsufficientError("Pool", "lose", None, n, self.available)
        self.available -= n
