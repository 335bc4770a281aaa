"""A draw pile with a discard pile and a stated empty-pile policy."""

from __future__ import annotations

import enum
from collections.abc import Iterable
from typing import Generic, TypeVar

import attrs

from hexkit.components._errors import ComponentError, MissingItemError, check_amount
from hexkit.rng import Rng

__all__ = ["Deck", "EmptyPolicy"]

T = TypeVar("T")


class EmptyPolicy(enum.Enum):
    """What a :class:`Deck` does when asked to draw from an empty draw pile.

    Attributes:
        RESHUFFLE: move the whole discard pile into the draw pile, shuffle it
            with the rng given to the draw, and go on drawing. Only when both
            piles are empty does the draw come up short.
        STOP: never touch the discard pile; the draw comes up short.
    """

    RESHUFFLE = "reshuffle"
    STOP = "stop"


@attrs.define(slots=True)
class Deck(Generic[T]):
    """A draw pile plus a discard pile.

    The top of the draw pile is the *end* of ``draw_pile`` (so a draw is an
    O(1) ``pop``); the bottom is ``draw_pile[0]``. Items should be immutable
    values (ints, strings, frozen attrs objects): :meth:`copy` copies the
    piles, not the items.

    Drawing from an empty draw pile is a defined outcome, set by ``policy``:
    :meth:`draw` returns ``None`` and :meth:`draw_many` returns a shorter
    list once nothing is left to draw (with ``RESHUFFLE``, after the discard
    pile has been shuffled in).

    Args:
        draw_pile: the cards to draw, bottom first.
        discard_pile: the discarded cards, oldest first.
        policy: the empty-pile policy.

    Example:
        >>> deck = Deck.from_items(range(5), rng=Rng(1))
        >>> card = deck.draw()
        >>> card, len(deck)
        (0, 4)
        >>> deck.discard(card)
        >>> deck.draw_many(10, Rng(2))  # 4 cards, then the discard reshuffled in
        [3, 4, 1, 2, 0]
        >>> deck.draw(Rng(3)) is None
        True
    """

    draw_pile: list[T] = attrs.field(factory=list)
    discard_pile: list[T] = attrs.field(factory=list)
    policy: EmptyPolicy = EmptyPolicy.RESHUFFLE

    @classmethod
    def from_items(
        cls,
        items: Iterable[T],
        policy: EmptyPolicy = EmptyPolicy.RESHUFFLE,
        rng: Rng | None = None,
    ) -> Deck[T]:
        """Build a deck from ``items`` (last item on top), shuffled if ``rng`` is given.

        Args:
            items: the cards, bottom first.
            policy: the empty-pile policy.
            rng: if given, the draw pile is shuffled with it.

        Returns:
            The new deck with an empty discard pile.
        """
        deck = cls(list(items), [], policy)
        if rng is not None:
            rng.shuffle(deck.draw_pile)
        return deck

    def __len__(self) -> int:
        """Return the number of cards in the draw pile (not the discards)."""
        return len(self.draw_pile)

    @property
    def total(self) -> int:
        """Cards in the draw pile plus cards in the discard pile."""
        return len(self.draw_pile) + len(self.discard_pile)

    def copy(self) -> Deck[T]:
        """Return an independent copy (the piles are copied, items are shared)."""
        new: Deck[T] = Deck.__new__(Deck)
        new.draw_pile = self.draw_pile.copy()
        new.discard_pile = self.discard_pile.copy()
        new.policy = self.policy
        return new

    def shuffle(self, rng: Rng) -> None:
        """Shuffle the draw pile in place; the discard pile is untouched."""
        rng.shuffle(self.draw_pile)

    def reshuffle(self, rng: Rng) -> None:
        """Move every discard into the draw pile and shuffle the whole draw pile."""
        self.draw_pile.extend(self.discard_pile)
        self.discard_pile.clear()
        rng.shuffle(self.draw_pile)

    def _refill(self, rng: Rng | None) -> bool:
        """Apply the policy to an empty draw pile; return whether cards came back."""
        if self.policy is EmptyPolicy.STOP or not self.discard_pile:
            return False
        if rng is None:
            raise ComponentError(
                f"Deck: the draw pile is empty and {len(self.discard_pile)} discards "
                "must be reshuffled, but no rng was given"
            )
        self.reshuffle(rng)
        return True

    def draw(self, rng: Rng | None = None) -> T | None:
        """Draw the top card.

        Args:
            rng: shuffles the discards in when the policy is ``RESHUFFLE`` and
                the draw pile is empty. Not used otherwise.

        Returns:
            The card, or ``None`` when nothing can be drawn (empty draw pile
            under ``STOP``; both piles empty under ``RESHUFFLE``).

        Raises:
            ComponentError: a reshuffle is needed and ``rng`` is ``None``
                (the deck is unchanged).
        """
        if not self.draw_pile and not self._refill(rng):
            return None
        return self.draw_pile.pop()

    def draw_many(self, n: int, rng: Rng | None = None) -> list[T]:
        """Draw up to ``n`` cards, in draw order.

        Under ``RESHUFFLE`` the discards are shuffled in as often as needed
        (cards drawn by this call are not discards, so they never come back).

        Args:
            n: how many to draw.
            rng: as for :meth:`draw`.

        Returns:
            The cards drawn: fewer than ``n`` only when nothing more can be
            drawn (see :meth:`draw`).

        Raises:
            ComponentError: ``n`` is negative, or a reshuffle is needed and
                ``rng`` is ``None`` (the deck is unchanged in both cases).
        """
        check_amount("Deck", "draw_many", n)
        pile = self.draw_pile
        if n > len(pile) and self.policy is EmptyPolicy.RESHUFFLE and self.discard_pile:
            if rng is None:
                raise ComponentError(
                    f"Deck: drawing {n} from a draw pile of {len(pile)} needs a reshuffle "
                    f"of {len(self.discard_pile)} discards, but no rng was given"
                )
        out: list[T] = []
        while len(out) < n:
            if not pile and not self._refill(rng):
                break
            take = min(n - len(out), len(pile))
            out.extend(reversed(pile[len(pile) - take :]))
            del pile[len(pile) - take :]
        return out

    def peek(self, n: int = 1) -> list[T]:
        """Return up to ``n`` cards from the top of the draw pile, top first.

        Never reshuffles and never changes the deck.
        """
        check_amount("Deck", "peek", n)
        return self.draw_pile[: -n - 1 : -1] if n else []

    def discard(self, item: T) -> None:
        """Put ``item`` on top of the discard pile."""
        self.discard_pile.append(item)

    def put_top(self, item: T) -> None:
        """Put ``item`` on top of the draw pile (it is the next card drawn)."""
        self.draw_pile.append(item)

    def put_bottom(self, item: T) -> None:
        """Put ``item`` at the bottom of the draw pile."""
        self.draw_pile.insert(0, item)

    def remove(self, item: T, *, from_discard: bool = False) -> T:
        """Take one specific card out (the one nearest the top), e.g. to draft it.

        Args:
            item: the card to take (compared with ``==``).
            from_discard: search the discard pile instead of the draw pile.

        Returns:
            The card taken out of the deck.

        Raises:
            MissingItemError: the card is not in that pile (the deck is
                unchanged).
        """
        pile = self.discard_pile if from_discard else self.draw_pile
        for i in range(len(pile) - 1, -1, -1):
            if pile[i] == item:
                return pile.pop(i)
        raise MissingItemError("Deck", item, "discard pile" if from_discard else "draw pile")
