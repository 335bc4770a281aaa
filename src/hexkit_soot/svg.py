"""An SVG picture of a Soot & Timber state, through the core's ``svg_style`` hook.

:func:`svg_style` returns the explored map (each hex with its tile id) and a
:class:`SootStyle` that draws:

* each tile's terrain (pale fills), water overlays outlined in blue, the
  Central City dark;
* labels: settlements with tier and specialisation initials (``T2 MaT``: Market Town; :func:`spec_codes`),
  communities (``TP`` Trading Post, ``TC`` Tribal Capital), printed sites
  (``Coal 4``: resource and tokens left when a stack is placed);
* markers: camps (squares in the owner's colour, the camp's initial),
  Explorers, Builders and caravans (circles ``E``, ``B``, ``c`` in the
  owner's colour); with the Shares module, ``S2`` diamonds (a line's share
  certificates) on each line's first segment;
* routes as lines between hex centres: trails dashed grey, roads and rail
  in the owner's colour (rail thicker);
* a title (round, season, phase) and a legend (terrains, players with
  points, currency and soot, and a line for every kind of label, marker
  and line drawn: CC/S1/T2/C3 and specialisation initials, TP/TC, OD,
  sites, camps, E/B/c, trails, roads, rail); with Partnerships on, each
  player's partner and a line per partnership with its score so far (the
  lower of the partners' public-track points).

The style copies what it draws when it is made, so a picture never changes
when the state is played on::

    from hexkit.render import render_state_svg
    svg = render_state_svg(GAME, state)

Source: DESIGN.md (pictures of the board); rulebook, "The Map" and Components.
"""

from __future__ import annotations

from collections.abc import Sequence

from hexkit.hexes import Hex
from hexkit.render import LegendEntry, Link, Marker, MarkerShape, Style
from hexkit_soot.config import game_data
from hexkit_soot.rules.explore import tile_info
from hexkit_soot.rules.partners import partner_of, seating
from hexkit_soot.rules.seasons import season_of
from hexkit_soot.rules.shares import line_edges, line_name
from hexkit_soot.rules.trust import seized_slots, trust_score
from hexkit_soot.rules.labor import NONE, STRIKING, labor_on, needs_worker, worker_at
from hexkit_soot.grid import code_edge
from hexkit_soot.state import OUTER_HEX, RAIL, ROAD, TRAIL, SootState

__all__ = ["TERRAIN_FILLS", "PLAYER_COLOURS", "SootStyle", "svg_style", "spec_codes"]

TERRAIN_FILLS: dict[str, str] = {
    "Plains": "#eee3a8",
    "Forest": "#9cc98a",
    "Hill": "#d9c19a",
    "Mountain": "#bfb3a6",
    "Swamp": "#a8c4a0",
    "Central City": "#6d5f57",
    "Outer District": "#8a7b72",
}
"""Fill of each terrain."""

PLAYER_COLOURS = ("#c0392b", "#2471a3", "#229954", "#d68910", "#7d3c98", "#17202a")
"""Seat colours 0-5."""

_WATER = "#2e86c1"
_TRAIL = "#7f8c8d"


class SootStyle(Style[int]):
    """Draws a Soot & Timber map (contents: tile ids).

    Args:
        state: the state to draw (copied: later play does not change the picture).
    """

    def __init__(self, state: SootState) -> None:
        data = game_data(state.config)
        self._terrain = {h: tile_info(state, t)[0] for h, t in state.tiles.items()}
        self._site = {h: tile_info(state, t)[1] for h, t in state.tiles.items()}
        self._water = set(state.water)
        self._stacks = dict(state.stacks)
        self._labels: dict[Hex, str] = {}
        codes = spec_codes(list(data.specialisations))
        for h, s in state.settlements.items():
            if s.kind == "Central City":
                self._labels[h] = "CC"
            else:
                spec = codes.get(s.spec, "")
                self._labels[h] = f"{'STC'[s.tier - 1]}{s.tier} {spec}"
        if state.outer_district:
            self._labels[OUTER_HEX] = "OD +2" if state.outer_district == 2 else "OD"
        for h, c in state.communities.items():
            self._labels[h] = "TP" if c.kind == "Trading Post" else "TC"
        self._markers: dict[Hex, list[Marker]] = {}
        for h, camp in state.camps.items():
            self._markers.setdefault(h, []).append(Marker(
                color=PLAYER_COLOURS[camp.owner % 6], shape=MarkerShape.SQUARE, text=camp.kind[0],
                title=f"{camp.kind} of P{camp.owner}"))
        for h, kind in state.trust_camps.items():  # module trust: Trust camps, black squares
            self._markers.setdefault(h, []).append(Marker(
                color="#000000", shape=MarkerShape.SQUARE, text="X", title=f"Trust camp ({kind}): dead to players"))
        if labor_on(state):  # module labor: a triangle per worker, W at work, S on strike
            for h, s in sorted(state.settlements.items()):
                for slot, f in enumerate(s.facilities):
                    worker = worker_at(state, h, slot)
                    if worker != NONE and needs_worker(state, f.name):
                        strike = worker == STRIKING
                        self._markers.setdefault(h, []).append(Marker(
                            color=PLAYER_COLOURS[f.owner % 6], shape=MarkerShape.TRIANGLE, size=0.12,
                            text="S" if strike else "W",
                            title=f"P{f.owner} worker at the {f.name}: "
                                  + ("on strike (the facility idles)" if strike else "at work")))
        for seat, p in enumerate(state.players):
            colour = PLAYER_COLOURS[seat % 6]
            for h in p.explorers:
                self._markers.setdefault(h, []).append(Marker(color=colour, text="E", title=f"P{seat} Explorer"))
            for h in p.builders:
                self._markers.setdefault(h, []).append(Marker(color=colour, text="B", title=f"P{seat} Builder"))
            for i, car in enumerate(p.caravans):
                load = ", ".join(f"{n} {g}" for g, n in sorted(car.cargo.items())) or "empty"
                self._markers.setdefault(car.loc, []).append(
                    Marker(color=colour, shape=MarkerShape.DIAMOND, size=0.12, text="c",
                           title=f"P{seat} caravan {i}: {load}"))
        for line in state.share_lines:  # module shares: a marker on each line's root segment
            h, _ = code_edge(line.root)
            holders = ", ".join(f"P{q} {n}" for q, n in enumerate(line.held) if n)
            segments = len(line_edges(state, line.owner, line.root))
            self._markers.setdefault(h, []).append(Marker(
                color=PLAYER_COLOURS[line.owner % 6], shape=MarkerShape.DIAMOND, text=f"S{line.issued}",
                title=f"P{line.owner}'s line {line_name(line.root)}: {segments} rail, {line.issued} share "
                      f"certificate(s) ({holders}; the owner's unsold), {line.tolls} toll(s) matched"))
        self._links: list[Link] = []
        for h, kinds in sorted(state.route_kind.items()):
            owners = state.route_owner[h]
            for d, n in enumerate(h.neighbors()):
                k = kinds[d]
                if not k or not h < n:
                    continue
                if k == TRAIL:
                    self._links.append(Link(a=h, b=n, color=_TRAIL, width=0.05, dashed=True, title="trail"))
                else:
                    colour = PLAYER_COLOURS[owners[d] % 6] if owners[d] >= 0 else _TRAIL
                    width = 0.14 if k == RAIL else 0.08
                    name = "rail" if k == RAIL else "road" if k == ROAD else "route"
                    over = " over a trail" if state.trails.get(h, 0) >> d & 1 else ""
                    self._links.append(Link(a=h, b=n, color=colour, width=width, title=f"{name} of P{owners[d]}{over}"))
        self._title = (f"Soot & Timber - round {state.round} ({season_of(max(1, state.round))}), "
                       f"phase {state.phase}" + (" - the Frontier has closed" if state.frontier_closed else ""))
        self._legend = [LegendEntry(color=c, text=t) for t, c in TERRAIN_FILLS.items()
                        if t != "Outer District" or state.outer_district]
        self._legend.append(LegendEntry(color=_WATER, text="water overlay (outline)"))
        for seat, p in enumerate(state.players):
            mate = partner_of(state, seat)  # module partnerships: -2 when off
            self._legend.append(LegendEntry(
                color=PLAYER_COLOURS[seat % 6], shape=MarkerShape.CIRCLE,
                text=f"P{seat} {p.archetype}: {p.points} pts, {p.currency}¤, soot {p.soot}"
                     + (f", partner P{mate}" if mate >= 0 else "")))
        if partner_of(state, 0) >= 0:  # Partnerships: each pair, the lower public-track points counts
            for a, b in seating(state.config.players):
                pa, pb = state.players[a].points, state.players[b].points
                self._legend.append(LegendEntry(
                    color=PLAYER_COLOURS[a % 6], shape=MarkerShape.SQUARE,
                    text=f"partnership P{a}+P{b}: {min(pa, pb)} (the lower of P{a} {pa}, P{b} {pb} pts)"))
        self._legend.extend(_symbol_legend(state, set(self._labels.values()), self._links))
        del data

    def fill(self, h: Hex, content: int) -> str:
        """The terrain's fill."""
        return TERRAIN_FILLS.get(self._terrain.get(h, ""), "#dddddd")

    def label(self, h: Hex, content: int) -> str:
        """Settlement, community or printed site."""
        if h in self._labels:
            return self._labels[h]
        site = self._site.get(h, "")
        if site:
            left = self._stacks.get(h)
            return site if left is None else f"{site} {left}"
        return ""

    def markers(self, h: Hex, content: int) -> Sequence[Marker]:
        """Camps and agents on ``h``."""
        return self._markers.get(h, ())

    def tooltip(self, h: Hex, content: int) -> str:
        """Coordinates and terrain."""
        return f"{h} {self._terrain.get(h, '')}" + (" (water)" if h in self._water else "")

    def outline(self, h: Hex, content: int) -> str:
        """Water overlays are ringed in blue."""
        return _WATER if h in self._water else ""

    def links(self) -> Sequence[Link]:
        """Trails, roads and rail."""
        return self._links

    def title(self) -> str:
        """Round, season and phase."""
        return self._title

    def legend(self) -> Sequence[LegendEntry]:
        """Terrains and players."""
        return self._legend


def spec_codes(names: Sequence[str]) -> dict[str, str]:
    """A short distinct code for each specialisation: its initials ("DT" Depot
    Town), or, where initials collide, the first word's first two letters and
    the other initials ("MaT" Market Town, "MiT" Mill Town).

    Args:
        names: the specialisations' names.
    """
    initials = {n: "".join(w[0] for w in n.split()) for n in names}
    out = {}
    for n in names:
        if sum(1 for v in initials.values() if v == initials[n]) > 1:
            words = n.split()
            out[n] = words[0][:2] + "".join(w[0] for w in words[1:])
        else:
            out[n] = initials[n]
    return out


_KEY = "#555555"
"""Swatch colour of the legend's symbol entries (the owner's colour is used on the map)."""


def _symbol_legend(state: SootState, labels: set[str], links: Sequence[Link]) -> list[LegendEntry]:
    """A legend line for every kind of label, marker and line the picture draws.

    Args:
        state: the state drawn.
        labels: the settlement, community and Outer District labels drawn.
        links: the lines drawn.
    """
    out: list[LegendEntry] = []

    def key(text: str, shape: MarkerShape | None = None, colour: str = _KEY) -> None:
        out.append(LegendEntry(color=colour, text=text, shape=shape))

    if "CC" in labels:
        key("CC: the Central City")
    tiers = sorted({lab.split()[0] for lab in labels if lab[:1] in "STC" and lab[1:2].isdigit()})
    if tiers:
        names = {"S1": "Settlement", "T2": "Town", "C3": "City"}
        specs = sorted({lab.split()[1] for lab in labels if lab[:1] in "STC" and lab[1:2].isdigit() and len(lab.split()) > 1})
        spec_names = {code: name for name, code in spec_codes(list(game_data(state.config).specialisations)).items()}
        key(", ".join(f"{t}: {names.get(t, t)}" for t in tiers)
            + ("; " + ", ".join(f"{sp}: {spec_names.get(sp, sp)}" for sp in specs) if specs else ""))
    if "TP" in labels:
        key("TP: Trading Post (community)")
    if "TC" in labels:
        key("TC: Tribal Capital (community)")
    if any(lab.startswith("OD") for lab in labels):
        key("OD: the Outer District (+2: unlocked)")
    if any(site for site in (tile_info(state, t)[1] for t in state.tiles.values())):
        key("Coal 4: a printed site and the tokens left in its stack")
    if state.camps:
        kinds = sorted({c.kind for c in state.camps.values()})
        key("camp (owner's colour): " + ", ".join(f"{k[0]} {k}" for k in kinds), MarkerShape.SQUARE)
    if "trust.seized" in state.module_state:  # module trust
        key(f"X: Trust camp (dead to players); the Trust: score {trust_score(state)}, "
            f"{seized_slots(state)} seized Central City slot(s)", MarkerShape.SQUARE, "#000000")
    if labor_on(state):  # module labor
        key("W / S: a facility's worker at work / on strike (owner's colour; a Tier 2/3 facility without one "
            "cannot fire)", MarkerShape.TRIANGLE)
    if state.share_lines:  # module shares
        key("S2: a rail line's share certificates (owner's colour, on its first segment)", MarkerShape.DIAMOND)
    if any(p.explorers for p in state.players):
        key("E: Explorer (owner's colour)", MarkerShape.CIRCLE)
    if any(p.builders for p in state.players):
        key("B: Builder (owner's colour)", MarkerShape.CIRCLE)
    if any(p.caravans for p in state.players):
        key("c: caravan (owner's colour)", MarkerShape.DIAMOND)
    titles = {link.title.split(" of ")[0] for link in links}
    if "trail" in titles:
        key("dashed grey line: trail (public)", colour=_TRAIL)
    if "road" in titles:
        key("thin line: road (owner's colour)")
    if "rail" in titles:
        key("thick line: rail (owner's colour)")
    return out


def svg_style(state: SootState) -> tuple[dict[Hex, int], SootStyle]:
    """The map (explored hexes with their tile ids) and the style that draws ``state``.

    Args:
        state: the state (or a player's view).

    Returns:
        ``(map, style)`` for :func:`hexkit.render.render_state_svg`.
    """
    return dict(state.tiles), SootStyle(state)
