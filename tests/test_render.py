"""Tests of hexkit.render: SVG pictures (golden files), text layout, states, records, PNG.

Regenerate the golden SVGs after a deliberate change of the drawing with::

    HEXKIT_UPDATE_GOLDEN=1 .venv/bin/pytest tests/test_render.py
"""

from __future__ import annotations

import importlib.util
import math
import os
import re
import xml.etree.ElementTree as ET
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

import hexkit
from hexkit.agents import RandomAgent
from hexkit.hexes import DIRECTIONS, Hex
from hexkit.hexmap import HexMap
from hexkit.layout import FLAT, POINTY, Layout, Orientation
from hexkit.render import (
    DrawsSvg,
    EdgeHighlight,
    LegendEntry,
    Link,
    Marker,
    MarkerShape,
    RenderError,
    SimpleStyle,
    Style,
    auto_colour,
    board_picture,
    edge_segment,
    legend_for,
    palette,
    render_record_step,
    render_state_svg,
    render_svg,
    render_text,
    save_picture,
    svg_to_png,
)
from hexkit.rng import Rng

GOLDEN = Path(__file__).parent / "golden_svg"
SVG = "{http://www.w3.org/2000/svg}"
TERRAIN = ("plain", "forest", "lake", "mountain")
COLOURS = {"plain": "#f4e9c9", "forest": "#7dab6b", "lake": "#7fb3d5", "mountain": "#a39a8f"}
CAR_COLOURS = ("#c0392b", "#2e86c1", "#f1c40f")


# -- a fixed seeded map and its style ------------------------------------------


def seeded_map(seed: int = 7) -> HexMap[tuple[str, int]]:
    """A radius-3 hexagon: seeded terrain and 0-3 "train cars" per hex."""
    rng = Rng(seed)
    board: HexMap[tuple[str, int]] = HexMap()
    for h in Hex(0, 0).spiral(3):
        board[h] = (TERRAIN[rng.randbelow(4)], rng.randbelow(4))
    return board


def seeded_style(orientation: Orientation) -> SimpleStyle[tuple[str, int]]:
    def fill(h: Hex, content: tuple[str, int]) -> str:
        return COLOURS[content[0]]

    def label(h: Hex, content: tuple[str, int]) -> str:
        return "City" if h == Hex(0, 0) else ("L" if content[0] == "lake" else "")

    def markers(h: Hex, content: tuple[str, int]) -> list[Marker]:
        shapes = list(MarkerShape)
        return [
            Marker(color=CAR_COLOURS[i % 3], shape=shapes[(h.q + i) % 4], title=f"car {i}")
            for i in range(content[1])
        ]

    return SimpleStyle(
        fill_of=fill,
        label_of=label,
        markers_of=markers,
        tooltip_of=lambda h, c: f"{h} {c[0]}",
        highlights=(
            EdgeHighlight(hex=Hex(0, 0), direction=0, color="#1f4e9c", title="river"),
            EdgeHighlight(hex=Hex(0, 0), direction=1, color="#1f4e9c"),
            EdgeHighlight(hex=Hex(2, -1), direction=4, color="#8e44ad", width=0.2),
        ),
        connections=(
            Link(a=Hex(-2, 0), b=Hex(-1, 0), color="#6e2c00"),
            Link(a=Hex(-1, 0), b=Hex(-1, 1), color="#6e2c00", dashed=True),
        ),
        caption="Seed 7",
        key=legend_for(COLOURS),
        hex_orientation=orientation,
    )


def normalise(svg: str) -> str:
    """Round every number to one decimal and collapse whitespace, for golden comparison."""

    def one_decimal(match: re.Match[str]) -> str:
        value = round(float(match.group(0)), 1) + 0.0
        return f"{value:.1f}"

    text = re.sub(r"-?\d+(?:\.\d+)?(?:e-?\d+)?", one_decimal, svg)
    return re.sub(r"\s+", " ", text).strip()


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg.encode("utf-8"))


def polygons(root: ET.Element) -> list[ET.Element]:
    return list(root.iter(f"{SVG}polygon"))


def points_of(polygon: ET.Element) -> list[tuple[float, float]]:
    pairs = polygon.attrib["points"].split()
    return [(float(x), float(y)) for x, y in (p.split(",") for p in pairs)]


# -- golden files ------------------------------------------------------------------


@pytest.mark.parametrize("name,orientation", [("pointy", POINTY), ("flat", FLAT)])
def test_seeded_map_matches_golden_svg(name: str, orientation: Orientation) -> None:
    svg = render_svg(seeded_map(), seeded_style(orientation))
    path = GOLDEN / f"seeded_map_{name}.svg"
    if os.environ.get("HEXKIT_UPDATE_GOLDEN"):
        path.parent.mkdir(exist_ok=True)
        path.write_text(svg, encoding="utf-8")
    assert path.exists(), f"missing {path}; run with HEXKIT_UPDATE_GOLDEN=1"
    assert normalise(svg) == normalise(path.read_text(encoding="utf-8"))


def test_normalise_ignores_float_noise_but_not_real_changes() -> None:
    assert normalise('<a x="1.00001"  y="-0.0"/>') == normalise('<a x="1.0" y="0"/>')
    assert normalise('<a x="1.2"/>') != normalise('<a x="1.4"/>')


# -- structure -------------------------------------------------------------------


@pytest.mark.parametrize("orientation", [POINTY, FLAT])
def test_one_polygon_per_hex_at_the_layout_position(orientation: Orientation) -> None:
    board = seeded_map()
    layout = Layout(orientation, (20.0, 20.0), (0.0, 0.0))
    root = parse(render_svg(board, seeded_style(orientation), layout=layout))
    cells = polygons(root)
    assert len(cells) == len(board) == 37
    assert [p.attrib["data-hex"] for p in cells] == [str(h) for h in board]
    for polygon in cells:
        h = hexkit.hexes.parse_hex(polygon.attrib["data-hex"])
        pts = points_of(polygon)
        assert len(pts) == 6
        cx = sum(x for x, _ in pts) / 6
        cy = sum(y for _, y in pts) / 6
        expected = layout.hex_to_pixel(h)
        assert cx == pytest.approx(expected.x, abs=0.02)
        assert cy == pytest.approx(expected.y, abs=0.02)
        assert polygon.attrib["fill"] == COLOURS[board[h][0]]
        assert polygon.find(f"{SVG}title").text == f"{h} {board[h][0]}"  # type: ignore[union-attr]


@pytest.mark.parametrize("orientation", [POINTY, FLAT])
def test_pointy_and_flat_differ_in_corner_angle(orientation: Orientation) -> None:
    root = parse(render_svg(HexMap({Hex(0, 0): 0}), layout=Layout(orientation, (10.0, 10.0))))
    (polygon,) = polygons(root)
    pts = points_of(polygon)
    if orientation == POINTY:  # a corner straight down: (0, 10)
        assert (0.0, 10.0) in pts and (10.0, 0.0) not in pts
    else:  # a corner straight right: (10, 0)
        assert (10.0, 0.0) in pts and (0.0, 10.0) not in pts


def test_view_box_contains_every_hex_and_the_title_and_legend() -> None:
    root = parse(render_svg(seeded_map(), seeded_style(POINTY), margin=5.0))
    left, top, width, height = map(float, root.attrib["viewBox"].split())
    for polygon in polygons(root):
        for x, y in points_of(polygon):
            assert left < x < left + width and top < y < top + height
    texts = ["".join(t.itertext()) for t in root.iter(f"{SVG}text")]
    assert "Seed 7" in texts
    assert [t for t in texts if t in COLOURS] == list(COLOURS)


def test_legend_swatches_may_be_marker_shapes() -> None:
    style: SimpleStyle[int] = SimpleStyle(key=[
        LegendEntry("#7fb3d5", "Lake"), LegendEntry("#c0392b", "Crizma", "circle"),
        LegendEntry("#2e86c1", "Kings' Line", MarkerShape.SQUARE),
    ])
    root = parse(render_svg(HexMap({Hex(0, 0): 0}), style))
    (legend,) = [g for g in root.iter(f"{SVG}g") if g.attrib.get("class") == "legend"]
    swatches = [(e.tag.removeprefix(SVG), e.attrib["fill"]) for e in legend
                if e.tag != f"{SVG}text"]
    assert swatches == [("rect", "#7fb3d5"), ("circle", "#c0392b"), ("rect", "#2e86c1")]
    assert [e.attrib.get("class") for e in legend if e.tag != f"{SVG}text"] == [None, "legend-swatch", "legend-swatch"]


def test_markers_are_drawn_with_their_shapes_colours_and_titles() -> None:
    board = seeded_map()
    root = parse(render_svg(board, seeded_style(POINTY)))
    markers = [e for e in root.iter() if e.attrib.get("class") == "marker"]
    assert len(markers) == sum(cars for _, cars in board.values())
    tags = {e.attrib["data-shape"]: e.tag.removeprefix(SVG) for e in markers}
    assert tags == {"circle": "circle", "square": "rect", "triangle": "path", "diamond": "path"}
    assert {e.attrib["fill"] for e in markers} <= set(CAR_COLOURS)
    assert all(e.find(f"{SVG}title") is not None for e in markers)


def test_marker_text_is_written_in_a_readable_ink() -> None:
    style: SimpleStyle[int] = SimpleStyle(
        markers_of=lambda h, c: [Marker(color="#111111", text="3"), Marker(color="#ffee88", text="C")]
    )
    root = parse(render_svg(HexMap({Hex(0, 0): 0}), style))
    texts = [t for t in root.iter(f"{SVG}text") if t.attrib.get("class") == "marker-text"]
    assert [(t.text, t.attrib["fill"]) for t in texts] == [("3", "#ffffff"), ("C", "#000000")]


def test_marker_sizes_scale_with_the_hex() -> None:
    board = HexMap({Hex(0, 0): 0})
    style: SimpleStyle[int] = SimpleStyle(markers_of=lambda h, c: [Marker(color="red", size=0.25)])
    root = parse(render_svg(board, style, hex_size=40.0))
    (circle,) = root.iter(f"{SVG}circle")
    assert float(circle.attrib["r"]) == pytest.approx(10.0)
    assert (float(circle.attrib["cx"]), float(circle.attrib["cy"])) == (0.0, 0.0)


@pytest.mark.parametrize("orientation", [POINTY, FLAT])
@pytest.mark.parametrize("direction", range(6))
def test_edge_highlight_is_the_side_shared_with_the_neighbour(
    orientation: Orientation, direction: int
) -> None:
    layout = Layout(orientation, (10.0, 7.0), (3.0, 4.0))
    h = Hex(1, -2)
    a, b = edge_segment(layout, h, direction)
    mine = layout.polygon_corners(h)
    theirs = layout.polygon_corners(h + DIRECTIONS[direction])
    for p in (a, b):
        assert any(math.dist(p, c) < 1e-9 for c in mine)
        assert any(math.dist(p, c) < 1e-9 for c in theirs)
    assert math.dist(a, b) > 1.0


def test_edge_highlights_become_lines() -> None:
    root = parse(render_svg(seeded_map(), seeded_style(FLAT)))
    lines = [e for e in root.iter(f"{SVG}line") if e.attrib.get("class") == "edge"]
    assert [(e.attrib["data-hex"], e.attrib["data-direction"]) for e in lines] == [
        ("(0,0)", "0"), ("(0,0)", "1"), ("(2,-1)", "4"),
    ]
    assert lines[2].attrib["stroke"] == "#8e44ad"
    assert float(lines[2].attrib["stroke-width"]) == pytest.approx(0.2 * 30.0)


def test_outlines_ring_the_chosen_hexes_without_adding_polygons() -> None:
    offered = {Hex(1, 0), Hex(0, 1)}
    style: SimpleStyle[int] = SimpleStyle(outline_of=lambda h, c: "#e67e22" if h in offered else "")
    root = parse(render_svg(HexMap.hexagon(1, 0), style))
    rings = [e for e in root.iter() if e.attrib.get("class") == "outline"]
    assert {e.attrib["data-hex"] for e in rings} == {"(1,0)", "(0,1)"}
    assert all(e.attrib["stroke"] == "#e67e22" and e.tag == f"{SVG}path" for e in rings)
    assert len(polygons(root)) == 7


def test_outlined_rings_the_offered_cells_of_a_game_and_keeps_its_style() -> None:
    from hexkit.render import outlined

    game = hex_game()
    if not isinstance(game, DrawsSvg):  # pragma: no cover
        pytest.skip("the Hex game has no svg_style hook")
    state = game.new(game.make_config(2, size=3), seed=0)
    for action in game.legal_actions(state)[:2]:
        game.apply(state, action)
    hexmap, style = game.svg_style(state)
    offered = [a.hex for a in game.legal_actions(state)]
    plain = render_svg(hexmap, style)
    ringed = render_svg(hexmap, outlined(style, offered, "#00aa00"))
    rings = [e for e in parse(ringed).iter() if e.attrib.get("class") == "outline"]
    assert sorted(e.attrib["data-hex"] for e in rings) == sorted(str(h) for h in offered)
    assert len(offered) == 7
    # Everything else is drawn as the game's own style draws it.
    without = re.sub(r'<g class="outlines".*?</g>\s*', "", ringed, flags=re.S)
    assert normalise(without) == normalise(plain)


def test_links_join_hex_centres() -> None:
    layout = Layout(POINTY, (10.0, 10.0), (0.0, 0.0))
    style: SimpleStyle[int] = SimpleStyle(connections=[
        Link(a=Hex(0, 0), b=Hex(1, 0), color="#8b4513", title="road"),
        Link(a=Hex(1, 0), b=Hex(1, 1), color="#555555", width=0.2, dashed=True),
    ])
    root = parse(render_svg(HexMap.hexagon(1, 0), style, layout=layout))
    lines = [e for e in root.iter(f"{SVG}line") if e.attrib.get("class") == "link"]
    assert len(lines) == 2
    first, second = lines
    end = layout.hex_to_pixel(Hex(1, 0))
    assert (float(first.attrib["x1"]), float(first.attrib["y1"])) == (0.0, 0.0)
    assert (float(first.attrib["x2"]), float(first.attrib["y2"])) == (round(end.x, 2), round(end.y, 2))
    assert first.find(f"{SVG}title").text == "road"  # type: ignore[union-attr]
    assert "stroke-dasharray" not in first.attrib and second.attrib["stroke-dasharray"] == "4.0 3.0"
    assert float(second.attrib["stroke-width"]) == pytest.approx(2.0)


def test_text_and_attributes_are_escaped() -> None:
    nasty = 'a<&"b'
    style: SimpleStyle[int] = SimpleStyle(
        label_of=lambda h, c: nasty, tooltip_of=lambda h, c: nasty, caption=nasty,
        key=[LegendEntry('x" onload="alert(1)', nasty)],
    )
    root = parse(render_svg(HexMap({Hex(0, 0): 0}), style))
    texts = ["".join(t.itertext()) for t in root.iter(f"{SVG}text")]
    assert texts.count(nasty) == 3
    assert all("onload" not in e.attrib for e in root.iter())


def test_multiline_labels_become_tspans() -> None:
    style: SimpleStyle[int] = SimpleStyle(label_of=lambda h, c: "Lake\n3 tiles")
    root = parse(render_svg(HexMap({Hex(0, 0): 0}), style))
    (label,) = [t for t in root.iter(f"{SVG}text") if t.attrib.get("class") == "label"]
    assert [s.text for s in label.iter(f"{SVG}tspan")] == ["Lake", "3 tiles"]


def test_plain_map_and_errors() -> None:
    root = parse(render_svg(HexMap.rhombus(3, 2, None)))
    assert {p.attrib["fill"] for p in polygons(root)} == {"#eeeeee"}
    with pytest.raises(RenderError, match="empty map"):
        render_svg(HexMap())
    with pytest.raises(ValueError, match="size must be positive"):
        Marker(color="red", size=0)
    with pytest.raises(ValueError):
        Marker(color="red", shape="hexagon")


def test_style_protocol_defaults_and_structural_check() -> None:
    class Bare(Style[str]):
        pass

    bare = Bare()
    assert (bare.fill(Hex(0, 0), "x"), bare.label(Hex(0, 0), "x")) == ("#eeeeee", "")
    assert bare.markers(Hex(0, 0), "x") == () and bare.edges() == ()
    assert bare.orientation() == POINTY and bare.tooltip(Hex(2, -1), "x") == "(2,-1)"
    assert isinstance(SimpleStyle(), Style)
    assert not isinstance(object(), Style)


def test_palette_and_auto_colour_are_stable() -> None:
    assert auto_colour("forest") == "#a7dbc7"
    assert auto_colour(("car", 3)) == auto_colour(("car", 3)) != auto_colour(("car", 4))
    fill = palette({"lake": "blue"})
    assert fill(Hex(0, 0), "lake") == "blue"
    assert fill(Hex(0, 0), ["unhashable"]) == "#eeeeee"


# -- text -------------------------------------------------------------------------


def test_render_text_pointy_rectangle_shifts_odd_rows() -> None:
    from hexkit.hexes import Parity

    board = HexMap.rectangle(3, 3, ".", Parity.ODD_R)
    text = render_text(board, lambda h: "ab" if h == Hex(0, 0) else "c")
    assert text == "ab  c   c\n  c   c   c\nc   c   c"


def test_render_text_follows_the_parity_of_offset_rectangles() -> None:
    from hexkit.hexes import Parity

    even_r = render_text(HexMap.rectangle(3, 3, ".", Parity.EVEN_R), lambda h: "o")
    assert even_r == " o o o\no o o\n o o o"  # even rows shoved right
    odd_q = render_text(HexMap.rectangle(3, 2, ".", Parity.ODD_Q), lambda h: "o", orientation=FLAT)
    assert odd_q == "o   o\n  o\no   o\n  o"  # the odd column shoved down


def test_render_text_flat_hexagon() -> None:
    text = render_text(HexMap.hexagon(1, 0), lambda h: str(h.q + 1), orientation=FLAT)
    assert text.splitlines() == ["  1", "0   2", "  1", "0   2", "  1"]


def test_render_text_width_and_empty() -> None:
    assert render_text([], str) == ""
    assert render_text([Hex(0, 0), Hex(1, 0)], lambda h: "x", width=3) == " x   x"
    with pytest.raises(RenderError, match="wider than 1"):
        render_text([Hex(0, 0)], lambda h: "xx", width=1)


# -- game states and records ------------------------------------------------------


def hex_game() -> Any:
    try:
        return hexkit.load_game("hex")
    except hexkit.UnknownGameError:  # pragma: no cover - the tutorial plugin is installed by make
        pytest.skip("the tutorial Hex game is not installed")


class DrawnHex:
    """The Hex game with an svg_style hook added by delegation (as a plugin would write it)."""

    def __init__(self, game: Any) -> None:
        self._game = game

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)

    def svg_style(self, state: Any) -> tuple[HexMap[Any], Style[Any]]:
        board = HexMap({h: state.cells[i] for i, h in enumerate(state.board.hexes)})
        stones = ("#222222", "#fafafa")

        def markers(h: Hex, owner: int | None) -> Sequence[Marker]:
            return () if owner is None else [Marker(color=stones[owner], size=0.55)]

        return board, SimpleStyle(markers_of=markers, caption=f"step {state.step}")


def played_record(game: Any, seed: int = 5, size: int = 5) -> hexkit.GameRecord:
    config = game.make_config(2, size=size)
    match = hexkit.Match(game, config, seed=seed, agents={0: RandomAgent(1), 1: RandomAgent(2)})
    match.run()
    return match.record


def test_game_without_hook_cannot_be_drawn() -> None:
    from tests.toygame import GAME as toy

    assert not isinstance(toy, DrawsSvg)
    with pytest.raises(RenderError, match="'draft' cannot be drawn: it has no svg_style"):
        render_state_svg(toy, toy.new(toy.make_config(2), seed=1))


def test_the_hex_plugin_draws_itself_through_its_hook() -> None:
    game = hex_game()
    if not isinstance(game, DrawsSvg):  # pragma: no cover - before the plugin had its hook
        pytest.skip("the Hex game has no svg_style hook")
    record = played_record(game)
    root = parse(render_record_step(game, record, 6))
    assert len(polygons(root)) == 25
    hexes = {p.attrib["data-hex"] for p in polygons(root)}
    assert hexes == {f"({q},{r})" for q in range(5) for r in range(5)}


def test_state_and_record_steps_are_drawn_through_the_hook() -> None:
    game = hex_game()
    drawn = DrawnHex(game)
    assert isinstance(drawn, DrawsSvg)
    record = played_record(game)
    total = len(record.actions)
    assert 9 <= total <= 25
    for step in (0, 3, total):
        root = parse(render_record_step(drawn, record, step))  # type: ignore[arg-type]
        assert len(polygons(root)) == 25
        stones = [c for c in root.iter(f"{SVG}circle") if c.attrib.get("class") == "marker"]
        assert len(stones) == step
        black = sum(1 for c in stones if c.attrib["fill"] == "#222222")
        assert black == (step + 1) // 2
        assert f"step {step}" in "".join(root.itertext())
    assert render_record_step(drawn, record, -1) == render_record_step(drawn, record, total - 1)  # type: ignore[arg-type]
    assert render_record_step(drawn, record) == render_state_svg(drawn, hexkit.replay(game, record))  # type: ignore[arg-type]
    for bad in (total + 1, -total - 1):
        with pytest.raises(RenderError, match=f"steps 0..{total}"):
            render_record_step(drawn, record, bad)  # type: ignore[arg-type]


def test_seeded_game_state_matches_golden_svg() -> None:
    """A fixed seeded Hex game (random agents, seed 5) after 12 decisions, in this file's style."""
    game = hex_game()
    svg = render_record_step(DrawnHex(game), played_record(game), 12)  # type: ignore[arg-type]
    path = GOLDEN / "hex_seed5_step12.svg"
    if os.environ.get("HEXKIT_UPDATE_GOLDEN"):
        path.write_text(svg, encoding="utf-8")
    assert path.exists(), f"missing {path}; run with HEXKIT_UPDATE_GOLDEN=1"
    assert normalise(svg) == normalise(path.read_text(encoding="utf-8"))


def test_hook_returning_garbage_is_refused() -> None:
    game = hex_game()

    class Broken(DrawnHex):
        def svg_style(self, state: Any) -> Any:
            return "not a picture"

    with pytest.raises(RenderError, match=r"must return \(hexmap, style\)"):
        board_picture(Broken(game), game.new(game.make_config(2, size=3)))  # type: ignore[arg-type]


# -- PNG --------------------------------------------------------------------------


def test_png_conversion(tmp_path: Path) -> None:
    pytest.importorskip("cairosvg")
    svg = render_svg(seeded_map(), seeded_style(POINTY))
    png = svg_to_png(svg)
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")
    root = parse(svg)
    assert (width, height) == (round(float(root.attrib["width"])), round(float(root.attrib["height"])))
    written = save_picture(svg, tmp_path / "board.svg", png=True)
    assert written == tmp_path / "board.png" and written.read_bytes()[:4] == b"\x89PNG"
    assert save_picture(svg, tmp_path / "b.svg").read_text(encoding="utf-8") == svg


# -- docstring examples -------------------------------------------------------------


def test_docstring_examples_of_hexkit_render() -> None:
    import doctest
    import importlib

    for name in ("hexkit.render", "hexkit.render._style", "hexkit.render._svg",
                 "hexkit.render._text", "hexkit.render._state"):
        module = importlib.import_module(name)
        # The public objects live in hexkit.render (their __module__ says so),
        # so collect their examples from there, and the private modules' own.
        finder = doctest.DocTestFinder(exclude_empty=True)
        failures = 0
        tests = 0
        for test in finder.find(module, name):
            runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
            runner.run(test)
            failures += runner.failures
            tests += len(test.examples)
        assert failures == 0, f"{name}: {failures} failing docstring examples"
        if name == "hexkit.render":
            assert tests >= 10


# -- the command line -------------------------------------------------------------


def test_hexkit_render_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cli = pytest.importorskip("hexkit.cli")
    if "render" not in {c.name for c in cli.app.registered_commands}:  # pragma: no cover
        pytest.skip("the CLI has no render command")
    game = hex_game()
    record = played_record(game)
    path = tmp_path / "game.json"
    path.write_text(hexkit.record_to_json(game, record), encoding="utf-8")
    out = tmp_path / "pictures" / "board.svg"  # a folder that does not exist yet
    assert cli.main(["render", str(path), "--step", "7", "--out", str(out)]) == 0
    assert out.read_text(encoding="utf-8") == render_record_step(game, record, 7)
    printed = "".join(capsys.readouterr().out.split())  # rich may wrap or fold a long path
    assert "".join(f"Hex, seed 5, step 7: wrote {out}".split()) in printed
    total = len(record.actions)
    assert cli.main(["render", str(path), "--step", str(total + 1), "--out", str(out)]) == 2
    assert f"outside the record, which has steps 0..{total}" in capsys.readouterr().err
    if importlib.util.find_spec("cairosvg") is not None:
        assert cli.main(["render", str(path), "--png", "--out", str(out)]) == 0
        assert (tmp_path / "pictures" / "board.png").read_bytes()[:4] == b"\x89PNG"


def test_without_drawsvg_text_works_and_svg_says_what_to_install(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import sys

    monkeypatch.setitem(sys.modules, "drawsvg", None)  # makes `import drawsvg` fail
    assert render_text([Hex(0, 0)], lambda h: "x") == "x"
    with pytest.raises(RenderError, match=r"pip install 'hexkit\[svg\]'"):
        render_svg(HexMap({Hex(0, 0): 0}))
    monkeypatch.setitem(sys.modules, "cairosvg", None)
    with pytest.raises(RenderError, match=r"pip install 'hexkit\[png\]'"):
        svg_to_png("<svg/>")


# -- every installed game that can be drawn ---------------------------------------


def _installed_games() -> list[str]:
    return hexkit.available_games()


@pytest.mark.parametrize("name", _installed_games())
def test_every_drawable_game_draws_one_polygon_per_hex_of_its_map(name: str) -> None:
    """The svg_style hook of each installed game, on a seeded position after random play."""
    try:
        game = hexkit.load_game(name)
    except Exception as exc:  # pragma: no cover - a plugin being written
        pytest.skip(f"{name} does not load: {exc}")
    if not isinstance(game, DrawsSvg):
        pytest.skip(f"{name} has no svg_style hook")
    state = game.new(game.make_config(max(2, game.info.min_players)), seed=11)
    agent = RandomAgent(11)
    for _ in range(40):
        if game.is_over(state):
            break
        game.apply(state, agent.act(game, state, game.legal_actions(state)))
    hexmap, style = board_picture(game, state)
    assert isinstance(style, Style)
    svg = render_state_svg(game, state)
    assert svg == render_state_svg(game, state)  # deterministic
    root = parse(svg)
    cells = polygons(root)
    assert len(cells) == len(hexmap) > 0
    assert {p.attrib["data-hex"] for p in cells} == {str(h) for h in hexmap}
    # And the view a player sees draws too.
    view = game.view(state, 0)
    assert len(polygons(parse(render_state_svg(game, view)))) == len(board_picture(game, view)[0])
