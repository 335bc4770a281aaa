"""Tests for hexkit.components: rulebook cases, defined outcomes, properties."""

from __future__ import annotations

import copy
from collections import Counter
from typing import Any

import cattrs
import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hexkit.components import (
    Bag,
    ComponentError,
    Deck,
    EmptyPolicy,
    FillEmptySlots,
    InsufficientError,
    MarketRow,
    MissingItemError,
    Pool,
    PriceTrack,
    Supply,
    Track,
    WipeWhenLow,
)
from hexkit.errors import HexkitError
from hexkit.rng import Rng
from tests import strategies_components as sc

converter = cattrs.Converter()


# --- Deck -------------------------------------------------------------------


def test_deck_draw_order_top_is_end() -> None:
    deck = Deck([1, 2, 3])
    assert deck.peek(2) == [3, 2]
    assert deck.draw() == 3
    assert deck.draw_many(5, Rng(0)) == [2, 1]
    assert deck.draw(Rng(0)) is None and deck.draw_many(3, Rng(0)) == []


def test_deck_stop_policy_never_touches_discards() -> None:
    deck = Deck([1, 2], [7, 8], EmptyPolicy.STOP)
    assert deck.draw_many(5) == [2, 1]
    assert deck.draw() is None
    assert deck.discard_pile == [7, 8]


def test_deck_reshuffle_policy_shuffles_discards_in() -> None:
    deck = Deck([1], [7, 8, 9], EmptyPolicy.RESHUFFLE)
    drawn = deck.draw_many(10, Rng(5))
    assert drawn[0] == 1 and sorted(drawn[1:]) == [7, 8, 9]
    assert deck.total == 0


def test_deck_reshuffle_is_deterministic() -> None:
    a = Deck.from_items(range(20), rng=Rng(9))
    b = Deck.from_items(range(20), rng=Rng(9))
    assert a == b and a.draw_pile != list(range(20))


def test_deck_reshuffle_without_rng_raises_and_changes_nothing() -> None:
    deck = Deck([1], [7, 8], EmptyPolicy.RESHUFFLE)
    before = deck.copy()
    with pytest.raises(ComponentError, match="no rng"):
        deck.draw_many(3)
    assert deck == before
    assert deck.draw() == 1
    with pytest.raises(ComponentError, match="2 discards"):
        deck.draw()


def test_deck_remove_put_top_bottom() -> None:
    deck = Deck([1, 2, 3, 2])
    assert deck.remove(2) == 2 and deck.draw_pile == [1, 2, 3]
    deck.put_top(9)
    deck.put_bottom(0)
    assert deck.draw_pile == [0, 1, 2, 3, 9]
    with pytest.raises(MissingItemError, match="Deck: 5 is not in the draw pile"):
        deck.remove(5)
    deck.discard(4)
    assert deck.remove(4, from_discard=True) == 4
    with pytest.raises(LookupError):
        deck.remove(4, from_discard=True)


def test_deck_negative_amount() -> None:
    with pytest.raises(ComponentError, match="non-negative"):
        Deck([1]).draw_many(-1)


# --- Bag --------------------------------------------------------------------


def test_bag_draws_everything_once() -> None:
    bag = Bag.of("aabbbc")
    assert bag.counts() == {"a": 2, "b": 3, "c": 1}
    drawn = bag.draw_many(10, Rng(3))
    assert sorted(drawn) == list("aabbbc") and len(bag) == 0 and bag.stock == {}
    assert bag.draw(Rng(3)) is None
    bag.add("z", 2)
    assert "z" in bag and bag.count("z") == 2
    with pytest.raises(MissingItemError):
        bag.remove("q")


# --- MarketRow ----------------------------------------------------------------


def test_fill_empty_slots_soot_card_row_of_five() -> None:
    row = MarketRow.empty(5, Deck.from_items(range(60), rng=Rng(1)), FillEmptySlots())
    row.refill()
    assert len(row) == 5
    taken = row.take(2)
    assert len(row) == 5 and taken not in row.slots and row.deck.total == 54


def test_fill_empty_slots_take_without_refill_waits_for_round() -> None:
    row = MarketRow.empty(4, Deck(list(range(10))), FillEmptySlots())
    row.refill()
    row.take(0, refill=False)
    row.take(1, refill=False)
    assert row.slots[:2] == [None, None]
    row.refill()
    assert row.slots == [5, 4, 7, 6]


def test_wipe_when_low_empyreal() -> None:
    deck = Deck(list(range(100, 112)))
    row = MarketRow.empty(6, deck, WipeWhenLow(threshold=2, deal=6))
    row.refill()
    first = list(row.slots)
    assert len(row) == 6
    for i in range(3):
        row.take(i)
    assert len(row) == 3  # three remain: no wipe yet
    remaining = [x for x in row.slots if x is not None]
    row.take(3)  # now only two remain: discard them, deal six
    assert len(row) == 6
    assert row.deck.discard_pile == remaining[1:]
    assert not set(row.slots) & set(first)


def test_wipe_when_low_short_deck_leaves_empty_slots() -> None:
    row = MarketRow([1, 2, 3], Deck([9], policy=EmptyPolicy.STOP), WipeWhenLow(2, 3))
    row.take(0)
    assert row.slots == [9, None, None]
    assert row.deck.discard_pile == [2, 3]


def test_compact_row_empyreal_spellcar_market() -> None:
    # Rulebook, Administrate (Gain Spellcar): "any time only two Spellcars
    # remain in the market, discard them and deal a new market of six".
    deck = Deck(list(range(100, 112)), policy=EmptyPolicy.RESHUFFLE)
    row = MarketRow.empty(6, deck, WipeWhenLow(threshold=2, deal=6), compact=True)
    assert row.refill(Rng(1)) is True
    assert row.slots == [111, 110, 109, 108, 107, 106] and row.size == 6 and row.compact
    assert row.take_item(109, refill=False) == 109
    assert row.slots == [111, 110, 108, 107, 106]  # the gap closes: no None in a compact row
    for item in (111, 110):
        row.take_item(item, Rng(1))
    assert row.slots == [108, 107, 106]  # three remain: no wipe
    row.take_item(108, Rng(1))  # two remain: wipe, deal six
    assert row.deck.discard_pile == [107, 106]
    assert row.slots == [105, 104, 103, 102, 101, 100] and len(row.deck) == 0
    # The stack is empty: the next wipe deals from the whole discard pile
    # (the wiped two included), shuffled into a new stack; taken items are gone.
    for item in (105, 104, 103, 102):
        row.take_item(item, Rng(2))
    assert sorted(row.slots) == [100, 101, 106, 107]
    assert row.deck.discard_pile == [] and len(row.deck) == 0


def test_wipe_when_low_keeps_the_row_when_nothing_can_be_dealt() -> None:
    row = MarketRow(["a", "b"], Deck([], [], EmptyPolicy.RESHUFFLE), WipeWhenLow(2, 6), capacity=6)
    before = row.copy()
    assert row.refill(Rng(1)) is False
    assert row == before
    stop = MarketRow(["a"], Deck([], ["x"], EmptyPolicy.STOP), WipeWhenLow(2, 6), capacity=6)
    assert stop.refill(Rng(1)) is False and stop.slots == ["a"]


def test_take_item_missing_leaves_row_unchanged() -> None:
    row = MarketRow([1, 2, 2], Deck([7]), FillEmptySlots(), capacity=3)
    before = row.copy()
    with pytest.raises(MissingItemError, match="5 is not in the row"):
        row.take_item(5)
    assert row == before
    assert row.take_item(2) == 2 and row.slots == [1, 2, 7]  # the first 2 is taken, then a top-up


def test_failed_refill_restores_shared_lists_in_place() -> None:
    slots: list[int | None] = [1]
    pile: list[int] = []
    discards = [5, 6]
    row = MarketRow(slots, Deck(pile, discards), WipeWhenLow(1, 3), capacity=3)
    with pytest.raises(ComponentError, match="no rng"):
        row.refill()
    assert row.slots is slots and row.deck.draw_pile is pile and row.deck.discard_pile is discards
    assert (slots, pile, discards) == ([1], [], [5, 6])


def test_market_row_with_its_own_vacant_marker() -> None:
    # Soot & Timber's card row keeps "" in an empty slot, its contract row -1:
    # the row works over such a list as it is, and writes the same marker back.
    cards = ["", "b", ""]
    row: MarketRow[str, FillEmptySlots] = MarketRow(list[str | None](cards), Deck(["x"], ["y"]), FillEmptySlots(), vacant="")
    assert len(row) == 1 and row.available() == [(1, "b")]
    assert row.refill(Rng(1)) and row.slots == ["x", "b", "y"] and row.deck.total == 0
    assert row.take(1, refill=False) == "b" and row.slots == ["x", "", "y"]
    with pytest.raises(MissingItemError, match="filled slots \\[0, 2\\]"):
        row.take(1)
    assert row.copy() == row and row.copy().vacant == ""
    contracts: MarketRow[int, WipeWhenLow] = MarketRow([4, -1, -1], Deck([1, 2, 3], policy=EmptyPolicy.STOP), WipeWhenLow(1, 3), vacant=-1)
    assert contracts.refill() and contracts.slots == [3, 2, 1] and contracts.deck.discard_pile == [4]
    empty = MarketRow.empty(2, Deck([9], policy=EmptyPolicy.STOP), FillEmptySlots(), vacant=-1)
    assert empty.slots == [-1, -1] and empty.refill() and empty.slots == [9, -1] and len(empty) == 1


def test_market_take_errors_leave_row_unchanged() -> None:
    row = MarketRow([1, None], Deck([5], [6, 7]), FillEmptySlots())
    before = row.copy()
    with pytest.raises(MissingItemError, match="filled slots \\[0\\]"):
        row.take(1)
    with pytest.raises(MissingItemError):
        row.take(7)
    assert row == before
    # The refill would need a reshuffle of the discards and no rng was given:
    # the take is rejected and the row (item, slots, deck) is unchanged.
    with pytest.raises(ComponentError, match="no rng"):
        row.take(0)
    assert row == before
    assert row.take(0, Rng(1)) == 1
    assert row.slots[0] == 5 and row.slots[1] in (6, 7) and row.deck.total == 1


# --- Track --------------------------------------------------------------------


def test_track_soot_thresholds_fire_once() -> None:
    soot = Track(0, 10, 0, thresholds=(8, 4))
    assert soot.thresholds == (4, 8)
    assert soot.advance(3) == []
    assert soot.advance(1) == [4]
    assert soot.advance(-4) == [] and soot.value == 0
    assert soot.advance(9) == [8]  # 4 already fired
    assert soot.advance(50) == [] and soot.value == 10
    assert soot.advance(-50) == [] and soot.value == 0
    assert soot.fired == {4, 8} and soot.pending() == []


def test_track_jump_fires_all_crossed() -> None:
    t = Track(0, 20, 2, (4, 8, 12))
    assert t.set(13) == [4, 8, 12]


@pytest.mark.parametrize(
    "args",
    [(0, 10, 11, ()), (5, 4, 4, ()), (0, 10, 0, (0,)), (0, 10, 0, (11,))],
)
def test_track_rejects_inconsistent(args: tuple[int, int, int, tuple[int, ...]]) -> None:
    with pytest.raises(ComponentError, match="Track"):
        Track(*args)
    with pytest.raises(ComponentError):
        Track(0, 10, 0, (4,), frozenset({5}))


# --- PriceTrack ---------------------------------------------------------------


def test_price_track_clamps_and_floor() -> None:
    p = PriceTrack({"ore": (1, 4, 8)})
    assert p.price("ore") == 4 and p.floor("ore") == 1
    assert p.step_up("ore", 10) == 8 and not p.can_rise("ore")
    assert p.step_down("ore", 20) == 1 and not p.can_fall("ore")
    # Soot & Timber scarcity cascade: "+2 price floor above minimum".
    assert p.raise_floor("ore", 2) == 3 and p.price("ore") == 3
    assert p.step("ore", -5) == 3
    assert not p.raise_floor_to("ore", 2) and p.raise_floor_to("ore", 20) and p.floor("ore") == 8
    assert p.reset("ore") == 8
    with pytest.raises(ComponentError, match="PriceTrack: step_down"):
        p.step_down("ore", -1)
    with pytest.raises(MissingItemError, match="'tin' is not in the price tracks"):
        p.step("tin", 1)
    with pytest.raises(ComponentError, match="floor=5 price=4"):
        PriceTrack({"ore": (1, 4, 8)}, {"ore": 4}, {"ore": 5})
    with pytest.raises(ComponentError, match="no scale for \\['tin'\\]"):
        PriceTrack({"ore": (1, 4, 8)}, {"tin": 4})


def test_price_track_over_a_states_dicts() -> None:
    # Soot & Timber keeps its prices and floors as two dicts of its state:
    # the track works on them in place, and its copy shares only the scales.
    prices, floors = {"steel": 5}, {"steel": 2}
    track = PriceTrack.over({"steel": (2, 5, 9)}, prices, floors)
    assert track.step("steel", 7) == 9 and prices == {"steel": 9}
    twin = track.copy()
    twin.step_down("steel", 3)
    assert prices == {"steel": 9} and twin.prices == {"steel": 6} and twin.scales is track.scales


# --- Supply -------------------------------------------------------------------


def test_supply_take_short_is_defined() -> None:
    cars = Supply.of({"train": 3})
    assert cars.take("train", 5) == 3
    assert cars.take("train") == 0 and cars.count("train") == 0
    assert cars.take("goods", 2) == 0
    assert cars.out == {"train": 3} and cars.total("train") == 3


def test_supply_take_exact_names_kind_and_counts() -> None:
    goods = Supply.of({"ore": 2})
    with pytest.raises(InsufficientError) as info:
        goods.take_exact("ore", 3)
    assert str(info.value) == "Supply: cannot take 3 'ore', only 2 available"
    assert (info.value.kind, info.value.requested, info.value.available) == ("ore", 3, 2)
    assert isinstance(info.value, HexkitError) and isinstance(info.value, ValueError)
    assert goods == Supply.of({"ore": 2})
    assert goods.take_exact("ore", 2) == 2


def test_supply_put_back_cannot_create_tokens() -> None:
    s = Supply.of({"ore": 2})
    s.take("ore", 1)
    with pytest.raises(InsufficientError, match="cannot put back 2 'ore', only 1 taken out"):
        s.put_back("ore", 2)
    s.put_back("ore", 1)
    assert s == Supply.of({"ore": 2}) and s.out == {}  # the last one back: no entry left


def test_supply_equal_however_reached() -> None:
    """``out`` lists only kinds with tokens out: a supply that took and gave
    back equals a fresh one (Empyreal's Goods supply rebuilds ``out`` on load)."""
    goods = Supply.of({0: 3, 1: 2})
    goods.take(0, 2)
    goods.take(1)
    goods.put_back(1)
    assert goods.out == {0: 2} and goods.stock == {0: 1, 1: 2}
    goods.put_back(0, 1)
    assert goods.out == {0: 1}
    goods.put_back(0, 1)
    assert goods == Supply.of({0: 3, 1: 2}) and goods.total(0) == 3


def test_supply_copy_keeps_a_subclass() -> None:
    """A game may subclass Supply (Empyreal's GoodsSupply): its copy is of that class."""

    @attrs.define(slots=True)
    class Named(Supply[str]):
        def first(self) -> str:
            return min(self.stock)

    s = Named({"ore": 2, "coal": 1}, {})
    s.take("ore")
    c = s.copy()
    assert type(c) is Named and c == s and c.first() == "coal"
    c.take("ore")
    assert s.count("ore") == 1 and c.count("ore") == 0


def test_supply_single_is_one_kind_made_from_a_count() -> None:
    """Empyreal's train cars: 35 printed, a plain count in the state, a Supply for each move."""
    cars = Supply.single("train car", 1, 34)
    assert cars == Supply({"train car": 1}, {"train car": 34}) and cars.total("train car") == 35
    assert cars.take("train car") == 1 and cars.stock == {"train car": 0}  # the 35th
    assert cars.take("train car") == 0 and cars.out == {"train car": 35}  # the 36th: none, no error
    with pytest.raises(InsufficientError, match="cannot take 1 'train car', only 0 available"):
        cars.take_exact("train car")
    full = Supply.single("tile", 20)
    assert full == Supply.of({"tile": 20}) and full.out == {}  # nothing out: no entry, as any supply
    with pytest.raises(InsufficientError, match="cannot put back 1 'tile', only 0 taken out"):
        full.put_back("tile")


def test_supply_single_refuses_negative_counts_and_keeps_a_subclass() -> None:
    with pytest.raises(ComponentError, match=r"negative counts \{'tile': -1\}"):
        Supply.single("tile", -1, 21)  # more on the table than were printed
    with pytest.raises(ComponentError, match=r"negative counts \{'tile': -2\}"):
        Supply.single("tile", 3, -2)

    @attrs.define(slots=True)
    class Tiles(Supply[str]):
        pass

    assert type(Tiles.single("tile", 2, 1)) is Tiles


def test_supply_and_pool_refuse_negative_amounts_with_the_same_messages() -> None:
    """``take``/``put_back``/``spend``... test ``n < 0`` inline before calling the shared check."""
    s = Supply.of({"ore": 2})
    for op in ("take", "put_back", "take_exact"):
        with pytest.raises(ComponentError, match=f"Supply: {op} needs a non-negative amount, got -1"):
            getattr(s, op)("ore", -1)
    p = Pool(available=3, spent=2, cap=10)
    for op in ("spend", "gain", "reclaim", "lose"):
        with pytest.raises(ComponentError, match=f"Pool: {op} needs a non-negative amount, got -1"):
            getattr(p, op)(-1)
    assert s == Supply.of({"ore": 2}) and p == Pool(available=3, spent=2, cap=10)


# --- Pool ---------------------------------------------------------------------


def test_pool_empyreal_mana() -> None:
    mana = Pool(available=5, cap=10)  # start 5, maximum 10
    with pytest.raises(InsufficientError) as info:
        mana.spend(6)
    assert str(info.value) == "Pool: cannot spend 6, only 5 available"
    assert mana == Pool(5, 0, 10)
    mana.spend(3)
    assert mana.gain(9) == 8 and mana.available == 10  # 1 lost over the cap
    assert mana.reclaim() == 0 and mana.spent == 3  # full: stays spent
    mana.spend(4)
    assert mana.reclaim(5) == 4 and (mana.available, mana.spent) == (10, 3)
    mana.spend(10)
    assert mana.reclaim(5) == 5 and (mana.available, mana.spent) == (5, 8)  # Runika: Reclaim 5
    assert mana.reclaim() == 5 and (mana.available, mana.spent) == (10, 3)


def test_pool_rejects_bad_state() -> None:
    with pytest.raises(ComponentError, match="above cap"):
        Pool(11, 0, 10)
    with pytest.raises(ComponentError, match="negative"):
        Pool(-1)
    with pytest.raises(ComponentError, match="Pool: gain"):
        Pool().gain(-2)


# --- properties: round trip -----------------------------------------------------

ROUND_TRIP = [
    (sc.decks(sc.ints), Deck[int]),
    (sc.decks(sc.strs), Deck[str]),
    (sc.bags(sc.ints), Bag[int]),
    (sc.bags(sc.strs), Bag[str]),
    (sc.market_rows(sc.ints), MarketRow[int, FillEmptySlots | WipeWhenLow]),
    (sc.market_rows(sc.strs), MarketRow[str, FillEmptySlots | WipeWhenLow]),
    (sc.tracks(), Track),
    (sc.price_tracks(), PriceTrack[str]),
    (sc.supplies(), Supply[str]),
    (sc.supplies().map(lambda s: Supply({len(k): v for k, v in s.stock.items()})), Supply[int]),
    (sc.pools(), Pool),
]


@pytest.mark.parametrize(("strategy", "cls"), ROUND_TRIP, ids=lambda x: getattr(x, "__name__", str(x)))
@settings(max_examples=60)
@given(data=st.data())
def test_round_trip(strategy: Any, cls: Any, data: st.DataObject) -> None:
    x = data.draw(strategy)
    raw = converter.unstructure(x, cls)
    back = converter.structure(raw, cls)
    assert back == x and type(back) is type(x)
    assert converter.unstructure(back, cls) == raw


# --- properties: conservation, defined outcomes, copy independence --------------


def _apply_deck_ops(deck: Deck[Any], ops: list[tuple[str, int]], rng: Rng, hand: list[Any]) -> None:
    for op, n in ops:
        if op == "draw":
            x = deck.draw(rng)
            if x is not None:
                hand.append(x)
        elif op == "draw_many":
            got = deck.draw_many(n, rng)
            assert len(got) == n or (len(deck) == 0 and (not deck.discard_pile or deck.policy is EmptyPolicy.STOP))
            hand.extend(got)
        elif op in ("discard_drawn", "put_top", "put_bottom") and hand:
            x = hand.pop(n % len(hand))
            {"discard_drawn": deck.discard, "put_top": deck.put_top, "put_bottom": deck.put_bottom}[op](x)
        elif op == "remove" and deck.draw_pile:
            hand.append(deck.remove(deck.draw_pile[n % len(deck.draw_pile)]))
        elif op == "shuffle":
            deck.shuffle(rng)
        elif op == "reshuffle":
            deck.reshuffle(rng)
        elif op == "peek":
            assert deck.peek(n) == deck.draw_pile[::-1][:n]


@given(sc.decks(sc.ints), sc.deck_ops(), sc.rngs())
def test_deck_conservation(deck: Deck[int], ops: list[tuple[str, int]], rng: Rng) -> None:
    before = Counter(deck.draw_pile + deck.discard_pile)
    hand: list[int] = []
    _apply_deck_ops(deck, ops, rng, hand)
    assert Counter(deck.draw_pile + deck.discard_pile + hand) == before


@given(sc.decks(sc.strs), sc.deck_ops(), sc.rngs())
def test_deck_copy_independent(deck: Deck[str], ops: list[tuple[str, int]], rng: Rng) -> None:
    snapshot = copy.deepcopy(deck)
    clone = deck.copy()
    assert clone == deck
    _apply_deck_ops(clone, ops, rng, [])
    clone.draw_pile.append("x")
    clone.discard_pile.append("y")
    assert deck == snapshot


@given(sc.bags(sc.ints), st.lists(st.tuples(st.sampled_from(["draw", "draw_many", "add", "remove"]), st.integers(0, 5)), max_size=20), sc.rngs())
def test_bag_conservation_and_copy(bag: Bag[int], ops: list[tuple[str, int]], rng: Rng) -> None:
    snapshot = copy.deepcopy(bag)
    work = bag.copy()
    before = Counter(work.stock)
    hand: list[int] = []
    for op, n in ops:
        if op == "draw":
            x = work.draw(rng)
            assert (x is None) == (not work.stock and x is None)
            if x is not None:
                hand.append(x)
        elif op == "draw_many":
            size = len(work)
            got = work.draw_many(n, rng)
            assert len(got) == min(n, size)
            hand.extend(got)
        elif op == "add" and hand:
            work.add(hand.pop())
        elif op == "remove" and work.stock:
            kinds = sorted(work.stock)
            hand.append(work.remove(kinds[n % len(kinds)]))
    assert 0 not in work.stock.values()  # a kind whose count reaches 0 leaves the bag
    assert Counter(work.stock) + Counter(hand) == before
    assert bag == snapshot


@given(
    st.lists(sc.ints, max_size=6), sc.decks(sc.ints), sc.refill_rules(),
    st.lists(st.tuples(st.sampled_from(["take", "take_norefill", "refill"]), st.integers(0, 6)), max_size=20),
    sc.rngs(),
)
def test_compact_market_conservation(
    items: list[int], deck: Deck[int], rule: Any, ops: list[tuple[str, int]], rng: Rng
) -> None:
    row: MarketRow[int, Any] = MarketRow(list[int | None](items), deck, rule, capacity=6)
    before = Counter(items + deck.draw_pile + deck.discard_pile)
    hand: list[int] = []
    for op, n in ops:
        if op == "refill":
            row.refill(rng)
        elif row.slots:
            item = row.slots[n % len(row.slots)]
            assert item is not None
            assert row.take_item(item, rng, refill=op == "take") == item
            hand.append(item)
        assert None not in row.slots and len(row.slots) <= 6
    assert Counter([x for x in row.slots if x is not None] + row.deck.draw_pile + row.deck.discard_pile + hand) == before


@given(sc.market_rows(sc.ints), st.lists(st.tuples(st.sampled_from(["take", "take_norefill", "refill"]), st.integers(0, 6)), max_size=20), sc.rngs())
def test_market_conservation_and_copy(row: MarketRow[int, Any], ops: list[tuple[str, int]], rng: Rng) -> None:
    def content(r: MarketRow[int, Any]) -> Counter[int]:
        return Counter([x for x in r.slots if x is not None] + r.deck.draw_pile + r.deck.discard_pile)

    snapshot = copy.deepcopy(row)
    work = row.copy()
    before = content(work)
    size = work.size
    hand: list[int] = []
    for op, n in ops:
        if op == "refill":
            work.refill(rng)
        elif work.available():
            index, item = work.available()[n % len(work)]
            assert work.take(index, rng, refill=op == "take") == item
            hand.append(item)
        else:
            with pytest.raises(MissingItemError):
                work.take(n, rng)
        assert work.size == size
    assert content(work) + Counter(hand) == before
    assert row == snapshot


@given(sc.tracks(), st.lists(st.integers(-12, 12), max_size=20))
def test_track_bounds_and_fire_once(track: Track, steps: list[int]) -> None:
    snapshot = copy.deepcopy(track)
    work = track.copy()
    fired_total: list[int] = []
    for n in steps:
        old = work.value
        got = work.advance(n)
        assert work.minimum <= work.value <= work.maximum
        assert work.value == min(work.maximum, max(work.minimum, old + n))
        assert all(old < t <= work.value for t in got)
        fired_total.extend(got)
    assert len(fired_total) == len(set(fired_total))
    assert not set(fired_total) & snapshot.fired
    assert work.fired == snapshot.fired | set(fired_total)
    assert track == snapshot


@given(sc.price_tracks(), sc.amount_ops(["step_up", "step_down", "raise_floor", "reset", "step"]))
def test_price_track_invariants(price: PriceTrack[str], ops: list[tuple[str, int]]) -> None:
    snapshot = copy.deepcopy(price)
    work = price.copy()
    for i, (op, n) in enumerate(ops):
        good = list(work.scales)[i % len(work.scales)]
        floor = work.floor(good)
        state = work.copy()
        if op == "reset":
            work.reset(good)
        elif op == "step":
            work.step(good, n)
        elif n < 0:
            with pytest.raises(ComponentError):
                getattr(work, op)(good, n)
            assert work == state
        else:
            getattr(work, op)(good, n)
        minimum, _, maximum = work.scales[good]
        assert minimum <= floor <= work.floor(good) <= work.price(good) <= maximum
    assert price == snapshot


@given(sc.supplies(), st.lists(st.tuples(st.sampled_from(["take", "take_exact", "put_back"]), sc.kinds, st.integers(-1, 12)), max_size=25))
def test_supply_conservation(supply: Supply[str], ops: list[tuple[str, str, int]]) -> None:
    snapshot = copy.deepcopy(supply)
    work = supply.copy()
    totals = {k: work.total(k) for k in ["ore", "grain", "coal", "timber"]}
    hand: Counter[str] = Counter()
    for op, kind, n in ops:
        state = work.copy()
        have = work.count(kind)
        if n < 0:
            with pytest.raises(ComponentError):
                getattr(work, op)(kind, n)
            assert work == state
        elif op == "take":
            got = work.take(kind, n)
            assert got == min(n, have)
            hand[kind] += got
        elif op == "take_exact" and n > have:
            with pytest.raises(InsufficientError, match=repr(kind)):
                work.take_exact(kind, n)
            assert work == state
        elif op == "take_exact":
            hand[kind] += work.take_exact(kind, n)
        elif n <= work.out.get(kind, 0):
            work.put_back(kind, n)
            hand[kind] -= n
        else:
            with pytest.raises(InsufficientError):
                work.put_back(kind, n)
            assert work == state
        assert all(v >= 0 for v in [*work.stock.values(), *work.out.values()])
        assert {k: work.total(k) for k in totals} == totals
    for k in totals:
        assert work.out.get(k, 0) - supply.out.get(k, 0) == hand[k]
        assert work.count(k) + hand[k] == supply.count(k)
    assert supply == snapshot


@given(sc.pools(), sc.amount_ops(["spend", "gain", "reclaim", "reclaim_all", "lose"]))
def test_pool_accounting(pool: Pool, ops: list[tuple[str, int]]) -> None:
    snapshot = copy.deepcopy(pool)
    work = pool.copy()
    gained = lost = 0
    for op, n in ops:
        state = work.copy()
        try:
            if op == "gain":
                got = work.gain(n)
                assert 0 <= got <= n
                gained += got
            elif op == "reclaim_all":
                work.reclaim()
            elif op == "reclaim":
                assert work.reclaim(n) <= n
            elif op == "lose":
                work.lose(n)
                lost += n
            else:
                work.spend(n)
        except ComponentError as e:
            assert work == state, "a rejected operation changed the pool"
            assert n < 0 or (isinstance(e, InsufficientError) and e.requested == n > e.available)
        assert work.available >= 0 and work.spent >= 0
        assert work.cap is None or work.available <= work.cap
        assert work.total == snapshot.total + gained - lost
    assert pool == snapshot


@pytest.mark.parametrize(
    "module",
    ["bag", "deck", "market", "pool", "price_track", "supply", "track"],
)
def test_doctests(module: str) -> None:
    import doctest
    import importlib

    result = doctest.testmod(importlib.import_module(f"hexkit.components.{module}"))
    assert result.attempted > 0 and result.failed == 0


def test_bag_draw_walks_the_kinds_in_sorted_order_with_one_random_number() -> None:
    # k = randbelow(6) picks the k-th token of a, a, b, b, b, c (kinds sorted), whatever the insertion order
    for k, want in enumerate("aabbbc"):
        class Fixed(Rng):
            def randbelow(self, n: int) -> int:
                assert n == 6
                return k

        bag = Bag({"c": 1, "b": 3, "a": 2})
        assert bag.draw(Fixed(0)) == want and len(bag) == 5


def test_a_bag_over_a_dict_writes_through_it() -> None:
    counts = {"blank": 1, "Homestead": 2}
    bag = Bag.over(counts)
    bag.remove("blank")
    bag.add("Mill Town")
    assert counts == {"Homestead": 2, "Mill Town": 1}
    with pytest.raises(MissingItemError):
        bag.remove("blank")
    assert counts == {"Homestead": 2, "Mill Town": 1}
