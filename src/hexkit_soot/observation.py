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
from hexkit.rl import Encoder, Float32Array, ObservationSpec, rewrite, rewrite_flag

from hexkit_soot.config import SootConfig, data_of
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


_BASE_TAIL = ("river", "water", "route_mine", "route_others", "route_level")
"""The planes after the community planes that a base holds (with every plane before them)."""


def _runs(numbers: list[int]) -> list[tuple[int, int]]:
    """``[(first, last), ...]`` of the runs of consecutive numbers in a sorted list."""
    runs: list[tuple[int, int]] = []
    for x in numbers:
        if runs and runs[-1][1] == x - 1:
            runs[-1] = (runs[-1][0], x)
        else:
            runs.append((x, x))
    return runs


_Marks = tuple[list[int], list[int], list[int], list[float]]
"""(planes, rows, cols, values) of marks on the planes."""


class SootEncoder(Encoder):
    """Encodes a Soot & Timber view; shapes depend only on the config (players, data) and ``radius``.

    Given the full state it screens the other seats' ingredients itself (the
    only hidden thing it reads), so :func:`hexkit.rl.observation` makes no view.

    How it is fast: the planes that change only when a tile is laid, water
    changes or a route is built (window, tiles, terrain, sites, rivers, water,
    routes) are kept per seat as a whole base vector for the last values of
    those fields seen (a value key, never stale); every other number (the
    marks of communities, camps, stacks, settlements, pieces and loose goods,
    and the features) is gathered as (position, value) pairs, distinct
    positions, and written into a copy of the base by one numpy call.

    Args:
        config: the game's config.
        radius: the window radius ``R`` (default :func:`default_radius`).
    """

    reads_full_state = True

    def __init__(self, config: SootConfig, radius: int | None = None) -> None:
        d = data_of(config)
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
        self._kinds = {k: i for i, k in enumerate(sorted(REGISTRY.handlers))}
        block("decision", sorted(REGISTRY.handlers))
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
        # per seat: (tiles/water key, routes key, the base vector with those planes, tiles outside)
        self._bases: dict[int, tuple[Any, Any, Float32Array, int]] = {}
        # (row, col) of every hex inside the window, looked up once per hex instead of computed
        self._cells: dict[Hex, tuple[int, int]] = {}
        for r in range(-R, R + 1):
            for q in range(-R, R + 1):
                if abs(q + r) <= R:
                    self._cells[Hex(q + CENTRAL_CITY[0], r + CENTRAL_CITY[1])] = (r + R, q + R)
        # the same as a cell number ``row * side + col``; a plane's mark is ``plane * side² + cell``
        self._cell = {h: row * side + col for h, (row, col) in self._cells.items()}
        self._hw = hw = side * side
        self._base_f = self.spec.plane_size  # where the features start in the vector
        self._o_comm = self._p_comm * hw
        self._o = {name: i * hw for name, i in self._p.items()}
        self._limits = {label: (names[label], sizes[label]) for label in names if label != "game"}
        cut = self.spec.plane_size
        # the "game" section of the features: from ``round`` to the end of ``supply_*``
        self._game_span = (cut + names["game"], cut + names["supply"] + sizes["supply"])
        self._o_decision = cut + names["decision"]
        # the planes a base holds (window, tile, terrain, site; river, water; routes), as vector slices
        P = self._p
        held = [*range(self._p_comm), *(P[name] for name in _BASE_TAIL)]
        self._base_spans = [slice(a * hw, (b + 1) * hw) for a, b in _runs(sorted(held))]
        # per seat: (base vector, the vector as last written, section keys, positions written)
        self._memo: dict[int, tuple[Float32Array, Float32Array, dict[Any, Any], dict[str, Any]]] = {}

    def _at(self, h: Hex) -> tuple[int, int] | None:
        R = self._R
        q, r = h[0] - CENTRAL_CITY[0], h[1] - CENTRAL_CITY[1]
        if -R <= q <= R and -R <= r <= R and abs(q + r) <= R:
            return r + R, q + R
        return None

    def fill(self, view: Any, player: PlayerId, planes: Float32Array, features: Float32Array) -> None:
        vector = self.vector(view, player)
        cut = self._base_f
        planes[...] = vector[:cut].reshape(planes.shape)
        features[:] = vector[cut:]

    def _base(self, s: SootState, player: PlayerId) -> tuple[Float32Array, int]:
        """The vector of ``player``'s map and route planes (the rest zero), tiles outside the window."""
        # value keys: copies of the dicts the planes come from (compared as dicts, no items built)
        key = (s.tiles, s.water)
        rkey = (s.route_owner, s.route_kind)
        got = self._bases.get(player)
        if got is not None and got[0] == key and got[1] == rkey:
            return got[2], got[3]
        cached = self._map
        if cached is None or cached[0] != key:
            cached = self._map = ((dict(s.tiles), dict(s.water)), *self._map_marks(s))
        map_key, map_planes, map_rows, map_cols, outside = cached
        base = np.zeros(self.spec.size, dtype=np.float32)
        planes = base[:self._base_f].reshape(self.spec.plane_shape)
        planes[0] = self._window
        if map_planes:
            planes[map_planes, map_rows, map_cols] = 1.0
        put, add = self._route_marks(s, player)
        if put[0]:
            planes[put[0], put[1], put[2]] = put[3]
        if add[0]:
            np.add.at(planes, (np.array(add[0]), np.array(add[1]), np.array(add[2])), add[3])
        self._bases[player] = (map_key, (dict(s.route_owner), dict(s.route_kind)), base, outside)
        return base, outside

    def vector(self, state: Any, player: PlayerId) -> Float32Array:
        """The observation vector of ``state`` seen by ``player`` (a new array).

        Args:
            state: a view for ``player``, or (``reads_full_state``) the full state.
            player: the observing seat.
        """
        s: SootState = state
        base, outside = self._base(s, player)
        memo = self._memo.get(player)
        if memo is None:
            memo = self._memo[player] = (base, base.copy(), {}, {})
        elif memo[0] is not base:  # a tile, water or a route changed: copy in the base's planes
            vec = memo[1]
            for span in self._base_spans:
                vec[span] = base[span]
            memo = self._memo[player] = (base, vec, memo[2], memo[3])
        _, vec, keys, spots = memo
        players = s.players
        top = s.pending[-1] if s.pending else None
        mover = top.player if top is not None else -1
        full = s.viewer != player  # the full state: the other seats' ingredients screened here
        n = len(players)
        # the planes of the pieces on the map, one section each
        key: Any = tuple([(h, c.kind, c.pact) for h, c in s.communities.items()])
        if keys.get("communities") != key:
            self._write(vec, spots, "communities", self._community_marks(s, player))
            keys["communities"] = key
        key = (s.camps, s.stacks)
        if keys.get("camps") != key:
            self._write(vec, spots, "camps", self._camp_marks(s, player))
            keys["camps"] = (dict(s.camps), dict(s.stacks))
        key = tuple([(h, st.tier, st.founder, tuple(st.facilities)) for h, st in s.settlements.items()])
        if keys.get("settlements") != key:
            self._write(vec, spots, "settlements", self._settlement_marks(s, player))
            keys["settlements"] = key
        key = tuple([(tuple(pl.explorers), tuple(pl.builders), tuple([c.loc for c in pl.caravans]))
                     for pl in players])
        if keys.get("pieces") != key:
            self._write(vec, spots, "pieces", self._piece_marks(s, player))
            keys["pieces"] = key
        key = tuple([(h, sum(goods.values())) for h, goods in players[player].loose.items()])
        if keys.get("loose") != key:
            o_loose = self._o["loose_mine"]
            cell = self._cell.get
            marks: tuple[list[int], list[float]] = ([], [])
            for h, total in key:
                at = cell(h)
                if at is not None:
                    marks[0].append(o_loose + at)
                    marks[1].append(total)
            self._write(vec, spots, "loose", marks)
            keys["loose"] = key
        # the features: a dense slice per seat slot, then the game's blocks
        per, cut = self._per_seat, self._base_f
        for k in range(n):
            seat = (player + k) % n
            pl = players[seat]
            screened = pl.screened
            if seat != player and full:
                stock = pl.stock
                screened += sum(stock.get(g, 0) for g in INGREDIENTS)
            key = (pl.currency, pl.points, pl.prestige, pl.soot, pl.loans,
                   pl.actions, pl.restricted, pl.overtime, len(pl.hand), len(pl.secrets),
                   len(pl.contracts), pl.contracts_done, pl.founded, pl.camps_founded,
                   len(pl.caravans), len(pl.warehouses), screened, pl.stock, pl.archetype)
            if keys.get(k) != key:
                o = cut + k * per
                vec[o + 2:o + per] = self._seat_values(key, seat == player)
                vec[o] = 1.0  # present
                keys[k] = (*key[:17], dict(pl.stock), pl.archetype)
        key = (mover - player) % n if 0 <= mover < n else -1  # the slot to move
        if keys.get("to_move") != key:
            rewrite_flag(vec, spots, "to_move", cut + key * per + 1 if key >= 0 else -1)
            keys["to_move"] = key
        kind = self._kinds.get(getattr(top, "kind", "")) if top is not None else None
        if keys.get("decision") != kind:
            rewrite_flag(vec, spots, "decision", self._o_decision + kind if kind is not None else -1)
            keys["decision"] = kind
        key = (s.round, s.phase, s.frontier_closed, s.last_round, s.outer_district, len(s.tile_stack),
               len(s.deck), len(s.discard), outside, bool(s.auction), s.prices, s.floors, s.supply)
        if keys.get("game") != key:
            o, end = self._game_span
            vec[o:end] = self._game_values(s, outside)
            keys["game"] = (*key[:10], dict(s.prices), dict(s.floors), dict(s.supply))
        me = players[player]
        key = (tuple(me.hand), tuple(s.card_row), tuple(s.contract_row), tuple(me.contracts),
               tuple(me.secrets), tuple(s.public), s.event_now, tuple(s.draft_pool), tuple(me.upgrades))
        if keys.get("cards") != key:
            self._write(vec, spots, "cards", self._card_marks(s, player))
            keys["cards"] = key
        return vec.copy()

    @staticmethod
    def _write(vec: Float32Array, spots: dict[str, Any], name: str,
               marks: tuple[list[int], list[float]]) -> None:
        """Rewrite section ``name`` with its (positions, values) (:func:`hexkit.rl.rewrite`)."""
        rewrite(vec, spots, name, marks[0], marks[1])

    def _community_marks(self, s: SootState, player: PlayerId) -> tuple[list[int], list[float]]:
        o, cell, community, hw = self._o, self._cell.get, self._community.get, self._hw
        idx: list[int] = []
        o_comm, pact_mine, pact_others = self._o_comm, o["pact_mine"], o["pact_others"]
        for h, c in s.communities.items():
            at = cell(h)
            if at is None:
                continue
            kind = community(c.kind)
            if kind is not None:
                idx.append(o_comm + kind * hw + at)
            if c.pact >= 0:
                idx.append((pact_mine if c.pact == player else pact_others) + at)
        return idx, [1.0] * len(idx)

    def _camp_marks(self, s: SootState, player: PlayerId) -> tuple[list[int], list[float]]:
        o, cell = self._o, self._cell.get
        idx: list[int] = []
        val: list[float] = []
        camp_mine, camp_others, o_stack = o["camp_mine"], o["camp_others"], o["stack"]
        for h, camp in s.camps.items():
            at = cell(h)
            if at is not None:
                idx.append((camp_mine if camp.owner == player else camp_others) + at)
                val.append(1.0)
        for h, left in s.stacks.items():
            at = cell(h)
            if at is not None:
                idx.append(o_stack + at)
                val.append(left)
        return idx, val

    def _settlement_marks(self, s: SootState, player: PlayerId) -> tuple[list[int], list[float]]:
        o, cell = self._o, self._cell.get
        idx: list[int] = []
        val: list[float] = []
        add: dict[int, float] = {}
        o_set, o_mine = o["settlement"], o["settlement_mine"]
        fac_mine, fac_others = o["facilities_mine"], o["facilities_others"]
        for h, st in s.settlements.items():
            at = cell(h)
            if at is None:
                continue
            idx += (o_set + at, o_mine + at)
            val += (st.tier, float(st.founder == player))
            for fac in st.facilities:
                k = (fac_mine if fac.owner == player else fac_others) + at
                add[k] = add.get(k, 0.0) + 1.0
        idx.extend(add)
        val.extend(add.values())
        return idx, val

    def _piece_marks(self, s: SootState, player: PlayerId) -> tuple[list[int], list[float]]:
        o, cell = self._o, self._cell.get
        add: dict[int, float] = {}
        for seat, pl in enumerate(s.players):
            side = "mine" if seat == player else "others"
            for name, where in (("explorer", pl.explorers), ("builder", pl.builders),
                                ("caravan", [c.loc for c in pl.caravans])):
                plane = o[f"{name}_{side}"]
                for h in where:
                    at = cell(h)
                    if at is not None:
                        k = plane + at
                        add[k] = add.get(k, 0.0) + 1.0
        return list(add), list(add.values())

    def _seat_values(self, key: tuple[Any, ...], mine: bool) -> list[float]:
        """The features of one seat slot from its key, but ``present`` and ``to_move`` (the first two)."""
        values = [*key[:17]]
        values += [0.0] * (self._per_seat - 2 - len(values))
        goods, stock0 = self._goods, len(_SEAT) - 2
        for good, count in key[17].items():
            i = goods.get(good)
            if i is not None and (mine or good not in INGREDIENTS):
                values[stock0 + i] = count
        a = self._archetypes.get(key[18])
        if a is not None:
            values[stock0 + len(goods) + a] = 1.0
        return values

    def _game_values(self, s: SootState, outside: int) -> list[float]:
        """The features from ``round`` to the end of ``supply_*``."""
        start, end = self._game_span
        F = self._f
        f = [0.0] * (end - start)
        o = F["game"] - (start - self._base_f)
        shift = self._base_f - start  # positions below are relative to the features' start
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
            f[F["price"] + shift + i] = s.prices.get(good, 0)
            f[F["floor"] + shift + i] = s.floors.get(good, 0)
        goods = self._goods
        for good, count in s.supply.items():
            g = goods.get(good)
            if g is not None:
                f[F["supply"] + shift + g] = count
        return f

    def _card_marks(self, s: SootState, player: PlayerId) -> tuple[list[int], list[float]]:
        """The features from ``hand_*`` to the end: cards, contracts, objectives, event, draft, upgrades."""
        F, base, limits = self._f, self._base_f, self._limits
        idx: list[int] = []
        val: list[float] = []
        me = s.players[player]
        cards = self._cards
        self._counts(idx, val, base + F["hand"], [cards.get(c) for c in me.hand])
        self._counts(idx, val, base + F["row"], [cards.get(c) for c in s.card_row])
        for label, items in (("contract_row", s.contract_row), ("my_contract", me.contracts),
                             ("my_secret", me.secrets), ("public", s.public)):
            start, size = limits[label]
            if items:
                self._counts(idx, val, base + start, [i if 0 <= i < size else None for i in items])
        start, size = limits["event"]
        if 0 <= s.event_now < size:
            idx.append(base + start + s.event_now)
            val.append(1.0)
        o = base + F["draft"]
        for i in {self._archetypes.get(name) for name in s.draft_pool}:
            if i is not None:
                idx.append(o + i)
                val.append(1.0)
        o = base + F["my_upgrade"]
        for i in {self._upgrades.get(name) for name in me.upgrades}:
            if i is not None:
                idx.append(o + i)
                val.append(1.0)
        return idx, val

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

    @staticmethod
    def _counts(idx: list[int], val: list[float], start: int, found: list[int | None]) -> None:
        """Append ``start + i`` with the number of times ``i`` is in ``found`` (``None`` skipped)."""
        if not found:
            return
        copies: dict[int | None, float] = {}
        for i in found:
            copies[i] = copies.get(i, 0.0) + 1.0
        for i, c in copies.items():
            if i is not None:
                idx.append(start + i)
                val.append(c)
