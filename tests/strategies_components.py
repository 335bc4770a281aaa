"""Hypothesis strategies for hexkit.components (one per component type)."""

from __future__ import annotations

from typing import Any, TypeVar

from hypothesis import strategies as st

from hexkit.components import (
    Bag,
    Deck,
    EmptyPolicy,
    FillEmptySlots,
    MarketRow,
    Pool,
    PriceTrack,
    Supply,
    Track,
    WipeWhenLow,
)
from hexkit.rng import Rng

T = TypeVar("T")

ints = st.integers(min_value=0, max_value=20)
strs = st.text(alphabet="abcdef", min_size=1, max_size=3)
kinds = st.sampled_from(["ore", "grain", "coal", "timber"])
seeds = st.integers(min_value=0, max_value=2**64 - 1)


def rngs() -> st.SearchStrategy[Rng]:
    return seeds.map(Rng)


def decks(items: st.SearchStrategy[T], max_size: int = 12) -> st.SearchStrategy[Deck[T]]:
    return st.builds(
        Deck,
        st.lists(items, max_size=max_size),
        st.lists(items, max_size=max_size),
        st.sampled_from(EmptyPolicy),
    )


def bags(items: st.SearchStrategy[T]) -> st.SearchStrategy[Bag[T]]:
    return st.lists(items, max_size=15).map(Bag.of)


def refill_rules() -> st.SearchStrategy[FillEmptySlots | WipeWhenLow]:
    return st.one_of(
        st.just(FillEmptySlots()),
        st.builds(WipeWhenLow, st.integers(0, 3), st.integers(1, 6)),
    )


@st.composite
def market_rows(
    draw: st.DrawFn, items: st.SearchStrategy[T]
) -> MarketRow[T, FillEmptySlots | WipeWhenLow]:
    size = draw(st.integers(0, 6))
    slots = draw(st.lists(st.none() | items, min_size=size, max_size=size))
    return MarketRow(slots, draw(decks(items)), draw(refill_rules()))


@st.composite
def tracks(draw: st.DrawFn) -> Track:
    lo = draw(st.integers(-5, 5))
    hi = draw(st.integers(lo, lo + 15))
    value = draw(st.integers(lo, hi))
    thresholds = draw(st.lists(st.integers(lo + 1, hi), max_size=4)) if hi > lo else []
    fired = draw(st.sets(st.sampled_from(thresholds))) if thresholds else set()
    return Track(lo, hi, value, tuple(thresholds), frozenset(fired))


@st.composite
def price_tracks(draw: st.DrawFn) -> PriceTrack[str]:
    scales, prices, floors = {}, {}, {}
    for good in draw(st.lists(st.sampled_from("abcdef"), min_size=1, max_size=4, unique=True)):
        lo = draw(st.integers(0, 5))
        hi = draw(st.integers(lo, lo + 10))
        base = draw(st.integers(lo, hi))
        floors[good] = draw(st.integers(lo, hi))
        prices[good] = draw(st.integers(floors[good], hi))
        scales[good] = (lo, base, hi)
    return PriceTrack(scales, prices, floors)


def supplies() -> st.SearchStrategy[Supply[str]]:
    return st.builds(
        Supply,
        st.dictionaries(kinds, st.integers(0, 10)),
        st.dictionaries(kinds, st.integers(0, 10)),
    )


@st.composite
def pools(draw: st.DrawFn) -> Pool:
    cap = draw(st.none() | st.integers(0, 12))
    available = draw(st.integers(0, 12 if cap is None else cap))
    return Pool(available, draw(st.integers(0, 12)), cap)


# Operations: (name, argument) pairs applied by the tests.
def deck_ops() -> st.SearchStrategy[list[tuple[str, Any]]]:
    return st.lists(
        st.tuples(
            st.sampled_from(["draw", "draw_many", "discard_drawn", "put_top", "put_bottom",
                             "remove", "shuffle", "reshuffle", "peek"]),
            st.integers(0, 6),
        ),
        max_size=25,
    )


def amount_ops(names: list[str]) -> st.SearchStrategy[list[tuple[str, Any]]]:
    return st.lists(st.tuples(st.sampled_from(names), st.integers(-1, 14)), max_size=25)
