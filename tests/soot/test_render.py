"""The text picture of the map."""

from __future__ import annotations

from hexkit.hexes import Hex
from hexkit_soot import GAME, render_text
from hexkit_soot.render import render_map, render_routes
from hexkit_soot.state import CENTRAL_CITY, ROAD, Community

from tests.soot.helpers import camp, place, settle, start


def test_map_shows_terrain_rivers_communities_settlements_camps_agents() -> None:
    s = start(("Merchant", "Rancher"))
    place(s, Hex(1, 0), "Forest", river=True)
    place(s, Hex(-1, 0), "Hill")
    s.communities[Hex(-1, 0)] = Community(kind="Trading Post", favor=[0, 0])
    settle(s, Hex(0, 2), founder=0, tier=2)
    camp(s, Hex(1, -1), 1, "Farm")
    s.players[0].explorers[0] = Hex(1, 0)
    for p in s.players:
        p.builders = []
        for c in p.caravans:
            c.loc = Hex(0, 2)
    text = render_map(s)
    assert "f.E" in text                  # river Forest with P0's Explorer
    assert "HT" in text                   # Hill with a Trading Post
    assert "P2*" in text                  # a Town with several caravans
    assert "Pb" in text                   # a camp of seat 1 (letter b)
    assert "C.E" in text                  # the Central City with P1's Explorer


def test_routes_listed_by_owner_and_state_summary() -> None:
    s = start(("Merchant", "Rancher"))
    from hexkit_soot.rules.routes import set_route

    place(s, Hex(1, 0))
    set_route(s, CENTRAL_CITY, Hex(1, 0), ROAD, 1)
    assert "P1: road (0,0)-(1,0)" in render_routes(s)
    summary = render_text(s)
    assert "P0 Merchant" in summary and "P1 Rancher" in summary and "Round 1" in summary


def test_svg_picture_through_the_core_hook() -> None:
    from hexkit.render import DrawsSvg, render_state_svg

    s = start(("Merchant", "Rancher"))
    place(s, Hex(1, 0), "Forest", river=True)
    camp(s, Hex(0, 1), 1, "Farm")
    from hexkit_soot.rules.routes import set_route

    set_route(s, CENTRAL_CITY, Hex(1, 0), ROAD, 0)
    assert isinstance(GAME, DrawsSvg)
    hexes, style = GAME.svg_style(s)
    assert set(hexes) == set(s.tiles)
    assert style.label(CENTRAL_CITY, hexes[CENTRAL_CITY]) == "CC"
    assert [m.text for m in style.markers(Hex(0, 1), hexes[Hex(0, 1)])] == ["F"]
    assert style.outline(Hex(1, 0), hexes[Hex(1, 0)]) != ""
    assert len(style.links()) == 1
    svg = render_state_svg(GAME, s)
    assert svg.startswith("<?xml") and "Soot &amp; Timber - round 1" in svg


def test_svg_legend_explains_every_label_marker_and_line() -> None:
    from hexkit.render import render_state_svg
    from hexkit_soot.state import TRAIL
    from hexkit_soot.rules.routes import set_route

    s = start(("Merchant", "Rancher"))
    place(s, Hex(1, 0), "Forest")
    place(s, Hex(-1, 0), "Hill")
    place(s, Hex(0, -1), "Plains")
    s.communities[Hex(-1, 0)] = Community(kind="Trading Post", favor=[0, 0])
    s.communities[Hex(0, -1)] = Community(kind="Tribal Capital", favor=[0, 0])
    settle(s, Hex(0, 2), founder=0, tier=2)
    camp(s, Hex(1, -1), 1, "Farm")
    set_route(s, CENTRAL_CITY, Hex(1, 0), TRAIL, -1)
    set_route(s, CENTRAL_CITY, Hex(-1, 0), ROAD, 0)
    set_route(s, CENTRAL_CITY, Hex(0, -1), 3, 1)
    hexes, style = GAME.svg_style(s)
    legend = [entry.text for entry in style.legend()]
    for text in ("CC: the Central City", "T2: Town; MaT: Market Town", "TP: Trading Post (community)",
                 "TC: Tribal Capital (community)", "camp (owner's colour): F Farm", "E: Explorer (owner's colour)",
                 "B: Builder (owner's colour)", "c: caravan (owner's colour)", "dashed grey line: trail (public)",
                 "thin line: road (owner's colour)", "thick line: rail (owner's colour)"):
        assert text in legend, text
    svg = render_state_svg(GAME, s)
    assert "TC: Tribal Capital (community)" in svg and "thick line: rail" in svg
