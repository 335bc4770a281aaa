"""A seeded, serialisable random source.

Every random choice a game makes comes from its state's own :class:`Rng`, so
the same seed and actions give the same game on every machine and Python
version. The generator is SplitMix64: its whole state is one 64-bit integer,
which makes cloning and saving free and keeps results independent of
CPython's ``random`` internals.

A game's seed is never the generator's state itself: :func:`game_rng`
derives the state from the whole seed through a keyed BLAKE2b hash
(:func:`derive_seed`), so every bit of a 128-bit seed counts, consecutive
seeds give unrelated games, and a view (which never shows the state) does
not let anyone search small seeds for the hidden order.
"""

from __future__ import annotations

import hashlib
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

from hexkit.errors import HexkitError

__all__ = ["DERIVATION_KEY", "DERIVATION_VERSION", "Rng", "SeedError", "derive_seed", "game_rng"]

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15

DERIVATION_VERSION = 1
"""Version of the seed derivation; changing the hash, its key or its inputs
changes every game and bumps it (the games' rules versions bump with it)."""

DERIVATION_KEY = b"hexkit seed derivation"
"""The fixed BLAKE2b ``key`` of :func:`derive_seed` (public: it separates
hexkit's derivation from other uses of the hash, it is not a secret)."""


class SeedError(HexkitError, ValueError):
    """A seed that is not a non-negative ``int`` (``bool`` is refused too)."""


def _check_seed(seed: object) -> int:
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise SeedError(f"seed {seed!r} must be a non-negative int, not {type(seed).__name__}")
    if seed < 0:
        raise SeedError(f"seed {seed} must be a non-negative int")
    return int(seed)


def _field(value: int) -> bytes:
    """``value`` as a length-prefixed big-endian field (unambiguous when joined)."""
    body = value.to_bytes(max(1, (value.bit_length() + 7) // 8), "big")
    return len(body).to_bytes(8, "big") + body


def derive_seed(seed: int, domain: str, *extra: int) -> int:
    """A 64-bit value derived from the whole of ``seed`` for one purpose.

    The hash is BLAKE2b with an 8-byte digest, ``key`` :data:`DERIVATION_KEY`
    and ``person`` ``b"hexkit:v1:" + domain`` (version
    :data:`DERIVATION_VERSION`); the message is ``seed`` and each of
    ``extra`` as length-prefixed big-endian integers. Different domains
    (``"game"``, ``"agent"``) give unrelated values for the same seed.

    Args:
        seed: any non-negative ``int``, of any size; every bit counts.
        domain: what the value is for (at most 6 ASCII characters).
        *extra: further non-negative integers mixed in (a seat).

    Returns:
        An int in ``[0, 2**64)``.

    Raises:
        SeedError: if ``seed`` (or an ``extra``) is negative or not an
            ``int`` (``bool`` and ``float`` included); the message names it.

    Example:
        >>> derive_seed(0, "game") == derive_seed(0, "game") != derive_seed(1, "game")
        True
    """
    message = b"".join(_field(_check_seed(v)) for v in (seed, *extra))
    person = f"hexkit:v{DERIVATION_VERSION}:{domain}".encode("ascii")
    digest = hashlib.blake2b(message, digest_size=8, key=DERIVATION_KEY, person=person)
    return int.from_bytes(digest.digest(), "big")


def game_rng(seed: int) -> Rng:
    """The random source of a new game seeded ``seed`` (used by ``Game.new``).

    Its state is :func:`derive_seed` ``(seed, "game")``, never the seed
    itself.

    Raises:
        SeedError: if ``seed`` is negative or not an ``int``.

    Example:
        >>> game_rng(5) == game_rng(5) != Rng(5)
        True
    """
    return Rng(derive_seed(seed, "game"))


class Rng:
    """SplitMix64 random source with a one-integer state.

    ``Rng(x)`` starts from the raw state ``x``: it is for agents' own seeds,
    saved states and tests. A game's generator comes from :func:`game_rng`.

    Args:
        seed: any integer; it is reduced modulo 2**64 and used as the state.

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
