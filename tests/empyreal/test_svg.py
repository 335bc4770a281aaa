"""The SVG picture of a whole Empyreal state (the ``svg_style`` hook).

The golden picture is the saved position ``golden/3p-build.json`` drawn by
:mod:`hexkit_empyreal.svg`; after a deliberate change of the drawing,
regenerate it (with the other golden files) by::

    .venv/bin/python -m tests.empyreal.golden --regenerate

and review the diff.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from hexkit.hexes import Hex
from hexkit.render import DrawsSvg, render_state_svg
from hexkit.rng import Rng

from hexkit_empyreal import GAME
from hexkit_empyreal.data import CITY, WASTELAND
from hexkit_empyreal.state import EmpyrealState, board, data
from hexkit_empyreal.svg import (
    CITY_FILLS,
    GOOD_COLOURS,
    LAST_TURN_COLOUR,
    MIN_SEAT_DISTANCE,
    MIN_SEAT_GAP,
    SEAT_COLOURS,
    TERRAIN_FILLS,
    colour_distance,
    last_turn_hexes,
)
from tests.empyreal.golden import HERE, SVG_POSITION, golden_svg, normalise_svg
from tests.empyreal.helpers import KL, KT, GS, put, sandbox

pytest.importorskip("drawsvg")

NS = "{http://www.w3.org/2000/svg}"


def midgame(players: int = 4, seed: int = 3, steps: int = 400) -> EmpyrealState:
    state = GAME.new(GAME.make_config(players), seed)
    chooser = Rng(seed)
    while state.pending and state.step < steps:
        legal = GAME.legal_actions(state)
        GAME.apply(state, legal[chooser.randbelow(len(legal))])
    return state


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg.encode("utf-8"))


def by_class(root: ET.Element, name: str) -> list[ET.Element]:
    return [e for e in root.iter() if e.attrib.get("class") == name]


def test_the_game_has_the_hook() -> None:
    assert isinstance(GAME, DrawsSvg)


def test_seeded_midgame_state_draws_every_hex_good_and_train_car() -> None:
    # a real mid-game position: the first seed whose random game has at
    # least 20 train cars and 80 Goods on the board at step 400
    state = next(s for s in map(lambda seed: midgame(seed=seed), range(3, 23))
                 if sum(map(len, s.cars)) >= 20 and sum(map(len, s.goods)) >= 80)
    b = board(state)
    cars = sum(len(c) for c in state.cars)
    goods = sum(len(g) for g in state.goods)
    assert cars >= 20 and goods >= 80
    root = parse(render_state_svg(GAME, state))
    polygons = list(root.iter(f"{NS}polygon"))
    assert len(polygons) == b.size == len(state.terrain)
    assert {p.attrib["data-hex"] for p in polygons} == {str(h) for h in b.hexes}
    markers = by_class(root, "marker")
    assert sum(1 for m in markers if m.attrib["data-shape"] == "square") == cars
    assert sum(1 for m in markers if m.attrib["data-shape"] == "circle") == goods
    assert len(markers) == cars + goods
    # Each train car is drawn in its seat's colour, with its seat written on it.
    expected = sorted(SEAT_COLOURS[s] for cs in state.cars for s in cs)
    assert sorted(m.attrib["fill"] for m in markers if m.attrib["data-shape"] == "square") == expected
    seats = sorted(e.text or "" for e in by_class(root, "marker-text"))
    assert seats == sorted(str(s) for cs in state.cars for s in cs)


def test_fills_labels_and_edge() -> None:
    state = midgame()
    b = board(state)
    d = data(state)
    root = parse(render_state_svg(GAME, state))
    fill = {p.attrib["data-hex"]: p.attrib["fill"] for p in root.iter(f"{NS}polygon")}
    wastelands = [c for c in range(b.size) if state.terrain[c] == WASTELAND]
    assert wastelands and all(fill[str(b.hexes[c])] == TERRAIN_FILLS["Wasteland"] for c in wastelands)
    for stand, city in enumerate(b.cities):
        assert state.terrain[city] == CITY
        assert fill[str(b.hexes[city])] == CITY_FILLS[d.colours[b.city_colour[stand]]]
    # Six Cities, each labelled with its remaining Demand Tiles (3-5 players: D T T Q).
    labels = {e.attrib["data-hex"]: "".join(e.itertext()) for e in by_class(root, "label")}
    assert len(labels) == 6
    for stand, city in enumerate(b.cities):
        left = sorted(k for _, k in state.stands[stand])
        assert labels[str(b.hexes[city])] == (" ".join("DTQ"[k] for k in left) or "-")
    # The map edge: one thick line per side of an edge hex that faces off the map.
    sides = sum(6 - len(b.neighbours[c]) for c in range(b.size))
    assert len(by_class(root, "edge")) == sides > 0
    legend = "".join(e for g in by_class(root, "legend") for e in g.itertext())
    for name in ("Desert", "Wasteland", "Heartwood", *(ps.company for ps in state.players)):
        assert name in legend


def test_a_city_stand_after_claims_and_a_swapped_tile() -> None:
    state = midgame()
    b = board(state)
    d = data(state)
    state.stands[0] = [(b.city_colour[0], 1)]
    other = (b.city_colour[1] + 1) % 6 if (b.city_colour[1] + 1) % 6 != b.city_colour[1] else 0
    state.stands[1] = [(other, 2), (b.city_colour[1], 0)]
    state.stands[2] = []
    root = parse(render_state_svg(GAME, state))
    labels = {e.attrib["data-hex"]: "".join(e.itertext()) for e in by_class(root, "label")}
    initial = "s" if d.colours[other] == "grey" else d.colours[other][0]
    assert labels[str(b.hexes[b.cities[0]])] == "T"
    assert labels[str(b.hexes[b.cities[1]])] == f"D Q{initial}"
    assert labels[str(b.hexes[b.cities[2]])] == "-"


def test_the_picture_is_a_snapshot_and_views_draw_too() -> None:
    state = midgame(3, seed=5, steps=250)
    hexmap, style = GAME.svg_style(state)
    before = render_state_svg(GAME, state)
    legal = GAME.legal_actions(state)
    GAME.apply(state, legal[0])
    from hexkit.render import render_svg

    assert render_svg(hexmap, style) == before
    view = GAME.view(state, 1)
    assert len(list(parse(render_state_svg(GAME, view)).iter(f"{NS}polygon"))) == board(state).size


def test_golden_svg_of_a_saved_position() -> None:
    path = HERE / f"{SVG_POSITION}.svg"
    assert path.exists(), f"missing {path}; run .venv/bin/python -m tests.empyreal.golden --regenerate"
    assert normalise_svg(golden_svg()) == normalise_svg(path.read_text(encoding="utf-8"))


def test_no_seat_colour_looks_like_a_good_city_or_terrain_colour() -> None:
    others = {**GOOD_COLOURS, **{f"{k} City": v for k, v in CITY_FILLS.items()}, **TERRAIN_FILLS}
    assert len(SEAT_COLOURS) == GAME.info.max_players == 6
    closest = min(colour_distance(seat, other) for seat in SEAT_COLOURS for other in others.values())
    assert closest >= MIN_SEAT_DISTANCE == 30.0
    gaps = [colour_distance(a, b) for i, a in enumerate(SEAT_COLOURS) for b in SEAT_COLOURS[i + 1 :]]
    assert min(gaps) >= MIN_SEAT_GAP == 40.0
    assert min(colour_distance(LAST_TURN_COLOUR, c) for c in [*others.values(), *SEAT_COLOURS]) >= MIN_SEAT_DISTANCE
    # The distance itself: identical colours 0, black to white 100 (CIE76 L* runs 0..100).
    assert colour_distance("#2166c4", "#2166c4") == 0.0
    assert round(colour_distance("#000000", "#ffffff"), 1) == 100.0


def track_position():
    """Kings' Line on (2,1)-(3,1)-(3,2) and alone on (6,2); Kingstrail shares (2,1)-(3,1)."""
    state = sandbox((KL, KT, GS))
    put(state, 2, 1, cars=[0, 1])
    put(state, 3, 1, cars=[0, 1])
    put(state, 3, 2, cars=[0])
    put(state, 6, 2, cars=[0])
    put(state, 9, 2, cars=[2])
    return state


def test_each_company_track_joins_its_adjacent_train_cars() -> None:
    root = parse(render_state_svg(GAME, track_position()))
    links = sorted(
        (e.attrib["data-from"], e.attrib["data-to"], e.attrib["stroke"], round(float(e.attrib["stroke-width"]), 2))
        for e in by_class(root, "link")
    )
    unit = 30.0  # the default hex size
    wide, one = round(0.21 * unit, 2), round(0.14 * unit, 2)
    assert links == sorted([
        ("(2,1)", "(3,1)", SEAT_COLOURS[0], wide),  # shared: seat 0 below, drawn wider
        ("(2,1)", "(3,1)", SEAT_COLOURS[1], one),
        ("(3,1)", "(3,2)", SEAT_COLOURS[0], one),
    ])  # (6,2) and (9,2) have no adjacent car of their Company: no track


def test_the_last_turn_is_ringed() -> None:
    state = track_position()
    state.note(0, "Kings' Line built track on Desert (3,2) with Deep One")
    state.note(None, "Kings' Line has 6 Demand Tiles: the game end is triggered")
    state.note(1, f"{KT} moved its Conductor 1 to space A for 0 mana")  # names no hex: passed over
    assert last_turn_hexes(state) == (0, [Hex(3, 2)])
    state.note(2, f"{GS} built track on Desert (9,2) with Free City Transfer, paid 1 mana for Transfers")
    state.note(2, f"{GS} delivered 2 blue Goods to (4,3) and 9 (99,99)")  # (99,99) is off the map
    assert last_turn_hexes(state) == (2, [Hex(9, 2), Hex(4, 3)])
    root = parse(render_state_svg(GAME, state))
    rings = {e.attrib["data-hex"]: e.attrib["stroke"] for e in by_class(root, "outline")}
    assert rings == {"(9,2)": LAST_TURN_COLOUR, "(4,3)": LAST_TURN_COLOUR}
    legend = "".join(e for g in by_class(root, "legend") for e in g.itertext())
    assert "ring: the hexes of the last turn (seat 2)" in legend
    assert "seat 0 Kings' Line: train car (square) and track (line)" in legend


def test_nothing_is_ringed_before_a_turn_touched_the_map() -> None:
    state = track_position()
    assert last_turn_hexes(state) == (None, [])
    assert by_class(parse(render_state_svg(GAME, state)), "outline") == []
