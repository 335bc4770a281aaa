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

from hexkit.render import DrawsSvg, render_state_svg
from hexkit.rng import Rng

from hexkit_empyreal import GAME
from hexkit_empyreal.data import CITY, WASTELAND
from hexkit_empyreal.state import EmpyrealState, board, data
from hexkit_empyreal.svg import CITY_FILLS, GOOD_COLOURS, TERRAIN_FILLS
from tests.empyreal.golden import HERE, SVG_POSITION, golden_svg, normalise_svg

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
    # Each train car is drawn in its Company's colour, with its seat written on it.
    d = data(state)
    colour_of = {s: GOOD_COLOURS[d.company_by_name[ps.company].colour] for s, ps in enumerate(state.players)}
    expected = sorted(colour_of[s] for cs in state.cars for s in cs)
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
