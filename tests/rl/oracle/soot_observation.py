# A frozen copy of the encoder as it was on main at d4709df (2026-12-03), kept as the
# reference of tests/rl/test_observation_oracle.py. Do not edit: the fast encoder must match it.
"""The observation of a Soot & Timber game for learning agents (:mod:`hexkit.rl`).

Computed from ``game.view(state, player)`` only: other hands, secret
objectives, screened ingredients, blind bids and pile orders never reach it.

Planes: a window of radius ``R`` around the Central City, rasterised as
axial ``(q, r)`` with ``q, r`` in ``-R..R`` (column ``q + R``, row ``r + R``),
so ``(2R + 1, 2R + 1)``. ``R`` is 7 for 2 players, 9 for 3-4, 12 for 5-6
(the farthest tile in 18 random games at each count was 6, 8 and 11 hexes
out); a tile beyond it is counted in the feature ``tiles_outside``.
"Mine" is the viewer, "others" any other seat.

==================  ================================================================
plane               meaning
==================  ================================================================
in_window           1 on a hex at most ``R`` from the Central City
tile                1 where a tile lies (the Central City and Outer District included)
terrain_<name>      1 where the tile's terrain is ``name`` (data order)
site_<name>         1 where the tile prints the site ``name``
river               1 where the tile has a river icon; ``water``: a water overlay
community_<kind>    1 where a community of that kind stands (``blank`` for a blank token)
pact_mine/others    1 where the community is pacted by the viewer / another seat
camp_mine/others    1 where the viewer / another seat has a camp
stack               the depletion stack left on the hex
settlement          the settlement's tier (0 for none); ``settlement_mine``: founded by
                    the viewer; ``facilities_mine/others``: facilities owned there
route_mine/others   directions with a route owned by the viewer / another seat
route_level         the best route kind on the hex (1 trail, 2 road, 3 rail)
explorer_mine/...   the viewer's / others' Explorers, Builders and caravans on the hex
loose_mine          goods the viewer has lying on the hex
==================  ================================================================

Features (``spec.features`` names each one): per seat slot ``k`` (0 the
viewer, then seat order; 6 slots) ``present``, ``to_move``, ``currency``,
``points``, ``prestige``, ``soot``, ``loans``, ``actions``, ``restricted``,
``overtime``, ``hand``, ``secrets``, ``contracts``, ``contracts_done``,
``founded``, ``camps_founded``, ``caravans``, ``warehouses``, ``screened``
(hidden ingredient tokens), ``stock_<good>`` (the ingredients stay 0 for
others) and ``archetype_<name>``; then ``round``, ``phase_<name>``,
``season_<name>``, ``frontier_closed``, ``last_round``, ``outer_district``,
``tile_stack``, ``deck``, ``discard``, ``tiles_outside``, ``auction``,
``price_<good>`` and ``floor_<good>`` for the tracked goods,
``supply_<good>``, ``decision_<kind>`` (one-hot), ``hand_<card>`` (the
viewer's copies), ``row_<card>`` (card row), ``contract_row_<i>`` and
``my_contract_<i>``, ``my_secret_<i>``, ``public_<i>``, ``event_<i>`` (this
round's event), ``draft_<archetype>``, ``my_upgrade_<name>``.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from hexkit.game import PlayerId
from hexkit.hexes import Hex
from hexkit.rl import Encoder, Float32Array, ObservationSpec

from hexkit_soot.config import SootConfig, game_data
from hexkit_soot.actions import TYPED_QUESTIONS
from hexkit_soot.registry import REGISTRY
from hexkit_soot.rules.communities import INGREDIENTS
from hexkit_soot.rules.seasons import SEASONS, season_of
from hexkit_soot.state import CENTRAL_CITY, SootState

__all__ = ["SootEncoder", "SLOTS", "PHASES", "default_radius"]

SLOTS = 6
"""Seat slots in the features (the most players Soot & Timber takes)."""
PHASES = ("draft", "market", "actions", "upkeep", "production", "end", "over")
"""The phases, in the order of the ``phase_*`` features."""


def default_radius(players: int) -> int:
    """The window radius ``R`` used for ``players`` players (see the module docstring)."""
    return 7 if players <= 2 else 9 if players <= 4 else 12


_MAP_PLANES = ("in_window", "tile")
_TAIL_PLANES = ("river", "water", "pact_mine", "pact_others", "camp_mine", "camp_others", "stack",
                "settlement", "settlement_mine", "facilities_mine", "facilities_others",
                "route_mine", "route_others", "route_level", "explorer_mine", "explorer_others",
                "builder_mine", "builder_others", "caravan_mine", "caravan_others", "loose_mine")
_SEAT = ("present", "to_move", "currency", "points", "prestige", "soot", "loans", "actions",
         "restricted", "overtime", "hand", "secrets", "contracts", "contracts_done", "founded",
         "camps_founded", "caravans", "warehouses", "screened")


_Marks = tuple[list[int], list[int], list[int], list[float]]
"""(planes, rows, cols, values) of marks on the planes."""


class SootEncoder(Encoder):
    """Encodes a Soot & Timber view; shapes depend only on the config (players, data) and ``radius``.

    Given the full state it screens the other seats' ingredients itself (the
    only hidden thing it reads), so :func:`hexkit.rl.observation` makes no view.

    Args:
        config: the game's config.
        radius: the window radius ``R`` (default :func:`default_radius`).
    """

    reads_full_state = True

    def __init__(self, config: SootConfig, radius: int | None = None) -> None:
        d = game_data(config)
        self._n = config.players
        R = self._R = default_radius(config.players) if radius is None else radius
        tiles = d.tile_list()
        terrains = sorted({t for t, _, _ in tiles} | set(d.terrains))
        sites = sorted({s for _, s, _ in tiles if s})
        kinds = [c.name or "blank" for c in d.communities]
        self._tiles = tiles
        self._terrain = {t: i for i, t in enumerate(terrains)}
        self._site = {s: i for i, s in enumerate(sites)}
        self._community = {c.name: i for i, c in enumerate(d.communities)}
        planes = [*_MAP_PLANES, *(f"terrain_{t}" for t in terrains), *(f"site_{s}" for s in sites),
                  *(f"community_{k}" for k in kinds), *_TAIL_PLANES]
        self._p = {name: i for i, name in enumerate(planes)}
        self._p_terrain = 2
        self._p_site = 2 + len(terrains)
        self._p_comm = self._p_site + len(sites)
        goods = list(d.goods)
        self._goods = {g: i for i, g in enumerate(goods)}
        self._archetypes = {a: i for i, a in enumerate(d.archetypes)}
        tracked = [g for g, spec in d.goods.items() if spec.kind == "tracked"]
        self._tracked = tracked
        per_seat = [*_SEAT, *(f"stock_{g}" for g in goods), *(f"archetype_{a}" for a in d.archetypes)]
        self._per_seat = len(per_seat)
        f = [f"seat{k}_{name}" for k in range(SLOTS) for name in per_seat]
        names: dict[str, int] = {}
        sizes: dict[str, int] = {}

        def block(label: str, items: list[str]) -> None:
            names[label] = len(f)
            sizes[label] = len(items)
            f.extend(f"{label}_{x}" for x in items)

        names["game"] = len(f)
        f += ["round", *(f"phase_{p}" for p in PHASES), *(f"season_{s}" for s in SEASONS),
              "frontier_closed", "last_round", "outer_district", "tile_stack", "deck", "discard",
              "tiles_outside", "auction"]
        block("price", tracked)
        block("floor", tracked)
        block("supply", goods)
        # the question kinds: the registry's Step kinds and the typed questions' (the same names as before they were typed)
        kinds = sorted({*REGISTRY.handlers, *(q.kind for q in TYPED_QUESTIONS)} - {"effect"})  # no flag, as before
        self._kinds = {k: i for i, k in enumerate(kinds)}
        block("decision", kinds)
        cards = list(d.cards)
        self._cards = {c: i for i, c in enumerate(cards)}
        block("hand", cards)
        block("row", cards)
        block("contract_row", [str(i) for i in range(len(d.contracts))])
        block("my_contract", [str(i) for i in range(len(d.contracts))])
        block("my_secret", [str(i) for i in range(len(d.secret_objectives))])
        block("public", [str(i) for i in range(len(d.public_objectives))])
        block("event", [str(i) for i in range(len(d.events))])
        block("draft", list(d.archetypes))
        self._upgrades = {u: i for i, u in enumerate(d.upgrades)}
        block("my_upgrade", list(d.upgrades))
        self._f = names
        self._size = sizes
        side = 2 * R + 1
        self.spec = ObservationSpec(tuple(planes), side, side, tuple(f))
        self._window = np.zeros((side, side), dtype=np.float32)
        for r in range(-R, R + 1):
            for q in range(-R, R + 1):
                if Hex(q, r).distance(CENTRAL_CITY) <= R:
                    self._window[r + R, q + R] = 1.0
        self._map: tuple[Any, list[int], list[int], list[int], int] | None = None
        self._routes: dict[int, tuple[Any, _Marks, _Marks]] = {}
        # (row, col) of every hex inside the window, looked up once per hex instead of computed
        self._cells: dict[Hex, tuple[int, int]] = {}
        for r in range(-R, R + 1):
            for q in range(-R, R + 1):
                if abs(q + r) <= R:
                    self._cells[Hex(q + CENTRAL_CITY[0], r + CENTRAL_CITY[1])] = (r + R, q + R)

    def _at(self, h: Hex) -> tuple[int, int] | None:
        R = self._R
        q, r = h[0] - CENTRAL_CITY[0], h[1] - CENTRAL_CITY[1]
        if -R <= q <= R and -R <= r <= R and abs(q + r) <= R:
            return r + R, q + R
        return None

    def fill(self, view: Any, player: PlayerId, planes: Float32Array, features: Float32Array) -> None:
        s: SootState = view
        p = self._p
        at = self._cells.get  # same answers as self._at, a dict lookup
        planes[0] = self._window
        # (plane, row, col, value) marks gathered in lists, written by two numpy calls:
        # ``put`` marks are assigned, ``add`` marks summed
        put: tuple[list[int], list[int], list[int], list[float]] = ([], [], [], [])
        add: tuple[list[int], list[int], list[int], list[float]] = ([], [], [], [])

        def mark(to: tuple[list[int], list[int], list[int], list[float]], plane: int,
                 xy: tuple[int, int], value: float = 1.0) -> None:
            to[0].append(plane)
            to[1].append(xy[0])
            to[2].append(xy[1])
            to[3].append(value)

        # The tile and water marks change only when a tile is laid or water changes: they are
        # kept for the last (tiles, water) seen (a value key, so never stale).
        key = (tuple(s.tiles.items()), tuple(s.water.items()))
        cached = self._map
        if cached is None or cached[0] != key:
            cached = self._map = (key, *self._map_marks(s))
        _, map_planes, map_rows, map_cols, outside = cached
        if map_planes:
            put[0].extend(map_planes)
            put[1].extend(map_rows)
            put[2].extend(map_cols)
            put[3].extend([1.0] * len(map_planes))
        for h, c in s.communities.items():
            xy = at(h)
            if xy is None:
                continue
            kind = self._community.get(c.kind)
            if kind is not None:
                mark(put, self._p_comm + kind, xy)
            if c.pact >= 0:
                mark(put, p["pact_mine" if c.pact == player else "pact_others"], xy)
        for h, camp in s.camps.items():
            xy = at(h)
            if xy is not None:
                mark(put, p["camp_mine" if camp.owner == player else "camp_others"], xy)
        for h, left in s.stacks.items():
            xy = at(h)
            if xy is not None:
                mark(put, p["stack"], xy, left)
        for h, st in s.settlements.items():
            xy = at(h)
            if xy is None:
                continue
            mark(put, p["settlement"], xy, st.tier)
            mark(put, p["settlement_mine"], xy, float(st.founder == player))
            for fac in st.facilities:
                mark(add, p["facilities_mine" if fac.owner == player else "facilities_others"], xy)
        # Route marks change only when a route is built: kept per seat for the last routes seen.
        rkey = (tuple(s.route_owner.items()), tuple(s.route_kind.items()))
        got = self._routes.get(player)
        if got is None or got[0] != rkey:
            got = self._routes[player] = (rkey, *self._route_marks(s, player))
        for to, marks in ((put, got[1]), (add, got[2])):
            for column, values in zip(to, marks):
                column.extend(values)  # type: ignore[attr-defined]
        for seat, pl in enumerate(s.players):
            side = "mine" if seat == player else "others"
            for name, where in (("explorer", pl.explorers), ("builder", pl.builders),
                                ("caravan", [c.loc for c in pl.caravans])):
                plane = p[f"{name}_{side}"]
                for h in where:
                    xy = at(h)
                    if xy is not None:
                        mark(add, plane, xy)
        for h, goods in s.players[player].loose.items():
            xy = at(h)
            if xy is not None:
                mark(put, p["loose_mine"], xy, sum(goods.values()))
        if put[0]:
            planes[put[0], put[1], put[2]] = put[3]
        if add[0]:
            np.add.at(planes, (np.array(add[0]), np.array(add[1]), np.array(add[2])), add[3])
        values = [0.0] * len(features)
        self._features(s, player, values, outside)
        features[:] = values

    def _map_marks(self, s: SootState) -> tuple[list[int], list[int], list[int], int]:
        """(planes, rows, cols) of the tile, terrain, site, river and water marks; tiles outside the window."""
        at = self._cells.get
        tiles = self._tiles
        planes: list[int] = []
        rows: list[int] = []
        cols: list[int] = []
        outside = 0

        def mark(plane: int, xy: tuple[int, int]) -> None:
            planes.append(plane)
            rows.append(xy[0])
            cols.append(xy[1])

        p_tile, p_terrain, p_site, p_river = 1, self._p_terrain, self._p_site, self._p["river"]
        for h, tile in s.tiles.items():
            xy = at(h)
            if xy is None:
                outside += 1
                continue
            mark(p_tile, xy)
            if 0 <= tile < len(tiles):
                terrain, site, river = tiles[tile]
                mark(p_terrain + self._terrain[terrain], xy)
                if site:
                    mark(p_site + self._site[site], xy)
                if river:
                    mark(p_river, xy)
        for h, wet in s.water.items():
            xy = at(h)
            if wet and xy is not None:
                mark(self._p["water"], xy)
        return planes, rows, cols, outside

    def _route_marks(self, s: SootState, player: PlayerId) -> tuple[_Marks, _Marks]:
        """(assigned, summed) marks of the route planes seen by ``player``."""
        at = self._cells.get
        p = self._p
        put: _Marks = ([], [], [], [])
        add: _Marks = ([], [], [], [])
        route_mine, route_others, route_level = p["route_mine"], p["route_others"], p["route_level"]
        for h, owners in s.route_owner.items():
            xy = at(h)
            if xy is None:
                continue
            kinds = s.route_kind.get(h, (0,) * 6)
            level = 0
            for owner, kind in zip(owners, kinds):
                if kind > 0:
                    level = max(level, kind)
                    if owner >= 0:
                        add[0].append(route_mine if owner == player else route_others)
                        add[1].append(xy[0])
                        add[2].append(xy[1])
                        add[3].append(1.0)
            put[0].append(route_level)
            put[1].append(xy[0])
            put[2].append(xy[1])
            put[3].append(level)
        return put, add

    def _features(self, s: SootState, player: PlayerId, f: list[float], outside: int) -> None:
        n = len(s.players)
        top = s.pending[-1] if s.pending else None
        mover = top.player if top is not None else -1
        goods, per = self._goods, self._per_seat
        stock0 = len(_SEAT)
        arch0 = stock0 + len(goods)
        for k in range(n):
            seat = (player + k) % n
            pl = s.players[seat]
            o = k * per
            f[o:o + len(_SEAT)] = (
                1.0, float(seat == mover), pl.currency, pl.points, pl.prestige, pl.soot, pl.loans,
                pl.actions, pl.restricted, pl.overtime, len(pl.hand), len(pl.secrets),
                len(pl.contracts), pl.contracts_done, pl.founded, pl.camps_founded,
                len(pl.caravans), len(pl.warehouses), pl.screened)
            screened = pl.screened
            if seat != player and s.viewer != player:  # the full state: screen the ingredients here
                screened += sum(pl.stock.get(g, 0) for g in INGREDIENTS)
            f[o + len(_SEAT) - 1] = screened
            for good, count in pl.stock.items():
                i = goods.get(good)
                if i is not None and (seat == player or good not in INGREDIENTS):
                    f[o + stock0 + i] = count
            a = self._archetypes.get(pl.archetype)
            if a is not None:
                f[o + arch0 + a] = 1.0
        F = self._f
        o = F["game"]
        f[o] = s.round
        if s.phase in PHASES:
            f[o + 1 + PHASES.index(s.phase)] = 1.0
        o += 1 + len(PHASES)
        if s.round >= 1:
            season = season_of(s.round)
            if season in SEASONS:
                f[o + SEASONS.index(season)] = 1.0
        o += len(SEASONS)
        f[o:o + 8] = (float(s.frontier_closed), s.last_round, s.outer_district, len(s.tile_stack),
                      len(s.deck), len(s.discard), outside, float(bool(s.auction)))
        for i, good in enumerate(self._tracked):
            f[F["price"] + i] = s.prices.get(good, 0)
            f[F["floor"] + i] = s.floors.get(good, 0)
        for good, count in s.supply.stock.items():
            i = goods.get(good)
            if i is not None:
                f[F["supply"] + i] = count
        if top is not None:
            kind = self._kinds.get(getattr(top, "kind", ""))
            if kind is not None:
                f[F["decision"] + kind] = 1.0
        cards = self._cards
        me = s.players[player]
        for card in me.hand:
            i = cards.get(card)
            if i is not None:
                f[F["hand"] + i] += 1.0
        for card in s.card_row:
            i = cards.get(card)
            if i is not None:
                f[F["row"] + i] += 1.0
        self._multi(f, F["contract_row"], s.contract_row, self._size["contract_row"])
        self._multi(f, F["my_contract"], me.contracts, self._size["my_contract"])
        self._multi(f, F["my_secret"], me.secrets, self._size["my_secret"])
        self._multi(f, F["public"], s.public, self._size["public"])
        if s.event_now >= 0:
            self._multi(f, F["event"], [s.event_now], self._size["event"])
        for name in s.draft_pool:
            i = self._archetypes.get(name)
            if i is not None:
                f[F["draft"] + i] = 1.0
        for name in me.upgrades:
            i = self._upgrades.get(name)
            if i is not None:
                f[F["my_upgrade"] + i] = 1.0

    @staticmethod
    def _multi(f: list[float], start: int, items: list[int], size: int) -> None:
        for i in items:
            if 0 <= i < size:
                f[start + i] += 1.0
