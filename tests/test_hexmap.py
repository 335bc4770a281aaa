"""Tests for hexkit.hexmap: shapes, edges, copies, assembling boards."""

from __future__ import annotations

import doctest
from collections.abc import MutableMapping

import pytest
from hypothesis import given
from hypothesis import strategies as st

import hexkit.hexmap
from hexkit.errors import HexkitError
from hexkit.hexes import ORIGIN, Hex, Parity, from_offset, rotate_right, spiral
from hexkit.hexmap import Board, BoardOverlapError, Bounds, HexMap, HexMapError, assemble
from tests import strategies_hex as sh


def test_doctests() -> None:
    result = doctest.testmod(hexkit.hexmap)
    assert result.attempted > 15 and result.failed == 0


def test_is_a_mutable_mapping() -> None:
    m: HexMap[str] = HexMap()
    assert isinstance(m, MutableMapping)
    m[Hex(0, 0)] = "a"
    m[Hex(1, 0)] = "b"
    del m[Hex(0, 0)]
    assert list(m.items()) == [(Hex(1, 0), "b")]
    assert m.get(Hex(5, 5)) is None and Hex(1, 0) in m
    assert repr(m) == "HexMap({Hex(q=1, r=0): 'b'})"
    assert not hasattr(m, "__dict__")


def test_hexagon_radius_2_has_12_edge_hexes() -> None:
    m = HexMap.hexagon(2, "plain")
    assert len(m) == 19
    edges = m.edge_hexes()
    assert len(edges) == 12
    assert set(edges) == {h for h in m if h.length() == 2}
    assert edges == sorted(edges)
    assert [h for h in m if m.is_edge(h)] == [h for h in spiral(ORIGIN, 2) if h.length() == 2]


def test_edges_of_other_shapes() -> None:
    assert HexMap.hexagon(0, 0).edge_hexes() == [ORIGIN]
    assert HexMap.hexagon(0, 0).is_edge(ORIGIN)
    assert HexMap().edge_hexes() == []
    r = HexMap.rhombus(4, 3, 0)
    assert len(r) == 12 and len(r.edge_hexes()) == 10  # the 2 middle hexes are inside
    rect = HexMap.rectangle(5, 4, 0, Parity.ODD_R)
    assert len(rect.edge_hexes()) == 2 * 5 + 2 * 2
    # A hole makes its ring edges.
    m = HexMap.hexagon(3, 0)
    del m[ORIGIN]
    assert set(m.edge_hexes()) == {h for h in m if h.length() in (1, 3)}
    assert not m.is_edge(ORIGIN)


def test_neighbors_in_map() -> None:
    m = HexMap.hexagon(1, 0)
    assert m.neighbors_in_map(ORIGIN) == list(ORIGIN.neighbors())
    assert m.neighbors_in_map(Hex(1, 0)) == [n for n in Hex(1, 0).neighbors() if n in m]
    assert len(m.neighbors_in_map(Hex(1, 0))) == 3


def test_shapes() -> None:
    assert list(HexMap.hexagon(2, 0, Hex(4, 4))) == spiral(Hex(4, 4), 2)
    assert HexMap.rhombus(3, 2, "x", Hex(1, 1)).bounds() == Bounds(1, 3, 1, 2)
    for parity in Parity:
        rect = HexMap.rectangle(4, 3, 0, parity)
        assert set(rect) == {from_offset((c, r), parity) for c in range(4) for r in range(3)}
    for bad in (lambda: HexMap.hexagon(-1, 0), lambda: HexMap.rhombus(-1, 2, 0), lambda: HexMap.rectangle(1, -2, 0)):
        with pytest.raises(HexMapError):
            bad()
    with pytest.raises(HexMapError):
        HexMap().bounds()


def test_copy_is_independent_and_typed() -> None:
    m = HexMap.hexagon(2, 0)
    c = m.copy()
    assert type(c) is HexMap and c == m and c is not m
    c[ORIGIN] = 5
    del c[Hex(1, 0)]
    assert m[ORIGIN] == 0 and Hex(1, 0) in m
    assert list(c) == [h for h in m if h != Hex(1, 0)]


def test_assemble_with_rotation() -> None:
    # Two 3-hex boards: a straight bar (0,0)-(1,0)-(2,0) placed twice.
    bar = HexMap({Hex(0, 0): "a", Hex(1, 0): "b", Hex(2, 0): "c"})
    m = assemble([Board(bar), Board(bar, Hex(0, 1), 1), (bar, Hex(5, 5), 3)])
    assert len(m) == 9
    assert [m[h] for h in (Hex(0, 0), Hex(1, 0), Hex(2, 0))] == ["a", "b", "c"]
    # Rotation 1 step right: (1,0) -> (0,1), (2,0) -> (0,2); then +(0,1).
    assert [m[h] for h in (Hex(0, 1), Hex(0, 2), Hex(0, 3))] == ["a", "b", "c"]
    # Rotation 3 steps is a half turn: (1,0) -> (-1,0).
    assert [m[h] for h in (Hex(5, 5), Hex(4, 5), Hex(3, 5))] == ["a", "b", "c"]
    assert list(m) == [Hex(0, 0), Hex(1, 0), Hex(2, 0), Hex(0, 1), Hex(0, 2), Hex(0, 3), Hex(5, 5), Hex(4, 5), Hex(3, 5)]


def test_assemble_overlap_names_the_hex() -> None:
    bar = HexMap({Hex(0, 0): 1, Hex(1, 0): 2, Hex(2, 0): 3})
    with pytest.raises(BoardOverlapError) as info:
        # The second board's (0,0) lands on the first board's (2,0).
        assemble([(bar, ORIGIN, 0), (bar, Hex(2, 0), 2)])
    err = info.value
    assert isinstance(err, HexkitError) and isinstance(err, ValueError)
    assert err.hex == Hex(2, 0) and (err.first, err.second) == (0, 1)
    assert str(err.hex) in str(err)


def test_assemble_rejects_bad_rotation() -> None:
    bar = HexMap({ORIGIN: 1})
    for bad in (-1, 6, 1.0, True):
        with pytest.raises(HexMapError):
            assemble([(bar, ORIGIN, bad)])  # type: ignore[list-item]


@given(sh.hexmaps(st.integers()), sh.small_hexes(), st.integers(0, 5))
def test_placed_is_rotate_then_translate(m: HexMap[int], offset: Hex, rotation: int) -> None:
    p = m.placed(offset, rotation)
    expected = {}
    for h, v in m.items():
        for _ in range(rotation):
            h = rotate_right(h)
        expected[h + offset] = v
    assert p == expected and len(p) == len(m)
    # Undo it: move back, then rotate the remaining steps.
    back = p.placed(-offset, 0).placed(ORIGIN, (6 - rotation) % 6)
    assert back == m


@given(sh.hexmaps(st.integers()))
def test_edge_hexes_property(m: HexMap[int]) -> None:
    edges = set(m.edge_hexes())
    for h in m:
        assert (h in edges) == (len(m.neighbors_in_map(h)) < 6) == m.is_edge(h)


@given(sh.shaped_hexmaps())
def test_bounds_contain_every_hex(m: HexMap[int]) -> None:
    if not m:
        return
    b = m.bounds()
    assert all(b.min_q <= h.q <= b.max_q and b.min_r <= h.r <= b.max_r for h in m)
    assert {h.q for h in m} >= {b.min_q, b.max_q} and {h.r for h in m} >= {b.min_r, b.max_r}


@given(st.lists(sh.hexmaps(st.just(0), max_size=8), max_size=4), st.data())
def test_assemble_total_or_overlap(maps: list[HexMap[int]], data: st.DataObject) -> None:
    boards = [Board(m, data.draw(sh.hexes(20)), data.draw(st.integers(0, 5))) for m in maps]
    placed = [b.hexmap.placed(b.offset, b.rotation) for b in boards]
    total = sum(len(p) for p in placed)
    union = set().union(*placed) if placed else set()
    if len(union) == total:
        assert set(assemble(boards)) == union
    else:
        with pytest.raises(BoardOverlapError):
            assemble(boards)
