"""A seeded, serialisable random source.

Every random choice a game makes comes from its state's own :class:`Rng`, so
the same seed and actions give the same game on every machine and Python
version. The generator is SplitMix64: its whole state is one 64-bit integer,
which makes cloning and saving free and keeps results independent of
CPython's ``random`` internals.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

__all__ = ["Rng"]

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


class Rng:
    """SplitMix64 random source with a one-integer state.

    Args:
        seed: any integer; it is reduced modulo 2**64.

    Example:
        >>> rng = Rng(7)
        >>> [rng.randbelow(6) for _ in range(5)]
        [3, 0, 0, 3, 4]
    """

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = seed & _MASK

    def next64(self) -> int:
        """Return the next raw 64-bit output (an int in ``[0, 2**64)``)."""
        self.state = z = (self.state + _GOLDEN) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def randbelow(self, n: int) -> int:
        """Return a uniform integer in ``[0, n)``.

        Raises:
            ValueError: if ``n`` is not positive.
        """
        if n <= 0:
            raise ValueError(f"randbelow needs a positive bound, got {n}")
        # Rejection sampling keeps the result exactly uniform.
        limit = _MASK - (_MASK + 1) % n
        while True:
            x = self.next64()
            if x <= limit:
                return x % n

    def randint(self, low: int, high: int) -> int:
        """Return a uniform integer in ``[low, high]`` (both ends included)."""
        return low + self.randbelow(high - low + 1)

    def random(self) -> float:
        """Return a uniform float in ``[0.0, 1.0)`` with 53 random bits."""
        return (self.next64() >> 11) * (1.0 / (1 << 53))

    def choice(self, items: Sequence[T]) -> T:
        """Return one element of a non-empty sequence.

        Raises:
            IndexError: if ``items`` is empty.
        """
        if not items:
            raise IndexError("cannot choose from an empty sequence")
        return items[self.randbelow(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle ``items`` in place (Fisher-Yates)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.randbelow(i + 1)
            items[i], items[j] = items[j], items[i]

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        """Return ``k`` distinct elements of ``items`` in random order.

        Raises:
            ValueError: if ``k`` is negative or larger than ``len(items)``.
        """
        if not 0 <= k <= len(items):
            raise ValueError(f"sample size {k} out of range for {len(items)} items")
        pool = list(items)
        for i in range(k):
            j = i + self.randbelow(len(pool) - i)
            pool[i], pool[j] = pool[j], pool[i]
        return pool[:k]

    def spawn(self) -> Rng:
        """Return an independent generator seeded from this one."""
        return Rng(self.next64())

    def copy(self) -> Rng:
        """Return a generator in the same state (an independent copy)."""
        return Rng(self.state)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and other.state == self.state

    def __hash__(self) -> int:
        return hash(("Rng", self.state))

    def __repr__(self) -> str:
        return f"Rng(state={self.state:#x})"
