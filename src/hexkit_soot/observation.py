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

from itertools import compress, islice
from operator import ne
from typing import Any

import numpy as np

from hexkit.game import PlayerId
from hexkit.hexes import Hex
from hexkit.rl import Encoder, Float32Array, ObservationSpec, ScalarView, rewrite, rewrite_flag, scalar_view

from hexkit_soot.actions import TYPED_QUESTIONS
from hexkit_soot.config import SootConfig, game_data
from hexkit_soot.registry import REGISTRY
from hexkit_soot.rules.communities import INGREDIENTS
from hexkit_soot.rules.seasons import SEASONS, season_of
from hexkit_soot.state import CENTRAL_CITY, MAP, NO_ROUTES, SootState

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


_CARD_PARTS = ("hand", "row", "contract_row", "my_contract", "my_secret", "public", "event", "draft",
               "my_upgrade")
"""The card feature blocks, in the order of the parts of the encoder's card key."""
_SEAT_FIELDS = ("currency", "points", "prestige", "soot", "loans", "actions", "restricted", "overtime",
                "contracts_done", "founded", "camps_founded", "screened", "archetype", "hand", "secrets",
                "contracts", "warehouses", "stock")
"""What a seat slot's features are made from, but the number of caravans (the last five: containers),
in the order of the encoder's seat keys."""
_Pieces = tuple[list[Hex], list[Hex], list[Hex]]
"""One seat's Explorers, Builders and caravan locations."""


def _changed(now: dict[Hex, Any], old: dict[Hex, Any]) -> list[Hex]:
    """The keys whose values differ between two dicts (present in one only included).

    Most changes add entries at the end (a tile explored, a route built): when ``old``'s
    keys and values are ``now``'s first ones, the answer is ``now``'s new keys, found
    by comparing lists (identical objects compare at C speed, no hashing)."""
    m = len(old)
    if len(now) >= m and list(islice(now, m)) == list(old) and list(islice(now.values(), m)) == list(old.values()):
        return list(islice(now, m, None))
    changed = list(compress(now, map(ne, now.values(), map(old.get, now))))  # C-level loops
    if len(old) + len(changed) > len(now):  # some keys may be gone
        changed += [h for h in old if h not in now]
    return changed


class SootEncoder(Encoder):
    """Encodes a Soot & Timber view; shapes depend only on the config (players, data) and ``radius``.

    Given the full state it screens the other seats' ingredients itself (the
    only hidden thing it reads), so :func:`hexkit.rl.observation` makes no view.

    How it is fast: the vector last written is kept per seat with a copy of
    the values each section came from (a value key, never stale); a call
    compares the live values with those copies and rewrites only what
    changed: the tile, water and route planes hex by hex, the pieces by the
    hexes a seat's pieces left and reached, a seat slot as a block made once
    per change of that seat (shared by every viewer), and the other sections
    (communities, camps and stacks, settlements, loose goods, the game's
    numbers, prices, supply, each card block) whole.

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
        # every question kind, whether a Step kind or a typed question's (same order as before the port);
        # the effect questions had no flag before they were typed (no registry handler answered them)
        # and still have none, so the observation's features did not move
        kinds = sorted({*REGISTRY.handlers, *(q.kind for q in TYPED_QUESTIONS)} - {"effect"})
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
        self._o_game = cut + names["game"]  # ``round`` to ``auction``
        self._o_prices = slice(cut + names["price"], cut + names["price"] + 2 * len(tracked))  # prices, floors
        self._o_decision = cut + names["decision"]
        # per seat: (the vector as last written, a memoryview of it for single numbers, section keys
        # (copies of what each section was written from), positions each sparse section wrote)
        self._memo: dict[int, tuple[Float32Array, ScalarView, dict[Any, Any], dict[str, Any]]] = {}
        # per seat: a copy of its fields as last met (made once per change, shared by every viewer's key)
        self._fields: dict[int, tuple[Any, ...]] = {}
        # the Explorer, Builder and caravan planes' offsets, (others, mine)
        self._o_pieces = tuple(tuple(self._o[f"{name}_{side}"] for name in ("explorer", "builder", "caravan"))
                               for side in ("others", "mine"))

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

    def vector(self, state: Any, player: PlayerId) -> Float32Array:
        """The observation vector of ``state`` seen by ``player`` (a new array).

        Args:
            state: a view for ``player``, or (``reads_full_state``) the full state.
            player: the observing seat.
        """
        s: SootState = state
        memo = self._memo.get(player)
        if memo is None:
            vec0 = np.zeros(self.spec.size, dtype=np.float32)
            vec0[:self._hw] = self._window.ravel()
            memo = self._memo[player] = (vec0, scalar_view(vec0), {}, {})
        vec, mv, keys, spots = memo
        players = s.players
        pending = s.pending
        top = pending[-1] if pending else None
        mover = top.player if top is not None else -1
        full = s.viewer != player  # the full state: the other seats' ingredients screened here
        n = len(players)
        key: Any
        # the map's sections, skipped whole when the map's revision stamp is the one last
        # encoded for this seat (hexkit.revision: equal stamps, equal values)
        stamp = s.revisions[MAP]
        if keys.get("map_stamp") != stamp:
            # the map: tiles and water, then routes, patched hex by hex where they changed
            if s.tiles != keys.get("tiles") or s.water != keys.get("water"):
                self._patch_map(vec, mv, keys, s)
            if s.route_owner != keys.get("route_owner") or s.route_kind != keys.get("route_kind"):
                self._patch_routes(mv, keys, s, player)
            # the planes of the pieces on the map, one section each
            communities = s.communities
            key = (list(communities), [(c.kind, c.pact) for c in communities.values()])
            if keys.get("communities") != key:
                self._write(vec, spots, "communities", self._community_marks(s, player))
                keys["communities"] = key
            if keys.get("camps") != s.camps or keys.get("stacks") != s.stacks:
                self._write(vec, spots, "camps", self._camp_marks(s, player))
                keys["camps"], keys["stacks"] = dict(s.camps), dict(s.stacks)
            key = [(h, st.tier, st.founder, [f.owner for f in st.facilities]) for h, st in s.settlements.items()]
            if keys.get("settlements") != key:
                self._write(vec, spots, "settlements", self._settlement_marks(s, player))
                keys["settlements"] = key
            keys["map_stamp"] = stamp
        # Explorers, Builders, caravan locations per seat: moved on the planes where they changed
        pieces: Any = keys.get("pieces")
        if pieces is None:
            pieces = keys["pieces"] = [([], [], [])] * n
        caravans = []
        seat = 0
        for pl in players:
            explorers, builders = pl.explorers, pl.builders
            locs = [c.loc for c in pl.caravans]
            caravans.append(len(locs))
            was = pieces[seat]
            if was[0] != explorers or was[1] != builders or was[2] != locs:
                self._patch_pieces(mv, was, (explorers, builders, locs), seat == player)
                pieces[seat] = (explorers[:], builders[:], locs)
            seat += 1
        loose = players[player].loose
        if keys.get("loose") != loose:
            o_loose = self._o["loose_mine"]
            cell = self._cell.get
            marks: tuple[list[int], list[float]] = ([], [])
            for h, goods in loose.items():
                at = cell(h)
                if at is not None:
                    marks[0].append(o_loose + at)
                    marks[1].append(sum(goods.values()))
            self._write(vec, spots, "loose", marks)
            keys["loose"] = {h: dict(goods) for h, goods in loose.items()}
        # the features: a slice per seat slot, then the game's blocks
        per, cut = self._per_seat, self._base_f
        # compared with copies in one comparison (Python attribute reads: faster than an attrgetter)
        key = [(pl.currency, pl.points, pl.prestige, pl.soot, pl.loans, pl.actions, pl.restricted,
                pl.overtime, pl.contracts_done, pl.founded, pl.camps_founded, pl.screened, pl.archetype,
                pl.hand, pl.secrets, pl.contracts, pl.warehouses, pl.stock) for pl in players]
        seats = keys.get("seats")
        if seats != key or keys.get("caravans") != caravans or keys.get("full") is not full:
            if seats is None or keys.get("full") is not full:
                seats = keys["seats"] = [None] * n
                keys["caravans"] = [-1] * n
                keys["full"] = full
            old_caravans = keys["caravans"]
            shared = self._fields
            for seat, now in enumerate(key):
                was = seats[seat]
                if was != now or old_caravans[seat] != caravans[seat]:
                    o = cut + ((seat - player) % n) * per
                    if was is None:
                        vec[o + 2:o + per] = self._seat_values(players[seat], seat == player, full)
                        mv[o] = 1.0  # present
                    else:
                        self._patch_seat(mv, o, was, now, caravans[seat], seat == player, full)
                    # the copy of the fields, made once per change of the seat for every viewer
                    copy = shared.get(seat)
                    if copy is None or copy != now:
                        copy = shared[seat] = (*now[:-5], *[x.copy() for x in now[-5:]])
                    seats[seat] = copy
            keys["caravans"] = caravans
        slot = (mover - player) % n if 0 <= mover < n else -1  # the slot to move
        if keys.get("to_move") != slot:
            rewrite_flag(mv, spots, "to_move", cut + slot * per + 1 if slot >= 0 else -1)
            keys["to_move"] = slot
        kind = self._kinds.get(getattr(top, "kind", "")) if top is not None else None
        if keys.get("decision") != kind:
            rewrite_flag(mv, spots, "decision", self._o_decision + kind if kind is not None else -1)
            keys["decision"] = kind
        key = (s.round, s.phase, s.frontier_closed, s.last_round, s.outer_district, len(s.tile_stack),
               len(s.deck), len(s.discard), keys["outside"], bool(s.auction))
        if keys.get("game") != key:
            o = self._o_game
            values = self._game_values(key)
            vec[o:o + len(values)] = values
            keys["game"] = key
        prices, floors = s.prices, s.floors
        if keys.get("prices") != prices or keys.get("floors") != floors:
            o, m = self._o_prices.start, len(self._tracked)
            for i, g in enumerate(self._tracked):
                mv[o + i] = prices.get(g, 0)
                mv[o + m + i] = floors.get(g, 0)
            keys["prices"], keys["floors"] = dict(prices), dict(floors)
        supply = s.supply.stock
        if keys.get("supply") != supply:
            self._patch_supply(mv, keys.get("supply", {}), supply)
            keys["supply"] = dict(supply)
        me = players[player]
        key = (tuple(me.hand), tuple(s.card_row), tuple(s.contract_row), tuple(me.contracts),
               tuple(me.secrets), tuple(s.public), s.event_now, tuple(s.draft_pool), tuple(me.upgrades))
        old_cards = keys.get("cards")
        if old_cards != key:
            self._write_cards(vec, mv, spots, key, old_cards)
            keys["cards"] = key
        return vec.copy()

    def _patch_seat(self, mv: ScalarView, o: int, was: tuple[Any, ...], now: tuple[Any, ...], caravans: int,
                    mine: bool, full: bool) -> None:
        """Rewrite the features of the seat slot at ``o`` whose fields (:data:`_SEAT_FIELDS`) changed
        from ``was`` to ``now``; ``caravans`` is the seat's number of caravans now."""
        for i in range(8):  # currency, points, prestige, soot, loans, actions, restricted, overtime
            if was[i] != now[i]:
                mv[o + 2 + i] = now[i]
        for i, f in ((13, 10), (14, 11), (15, 12), (16, 17)):  # hand, secrets, contracts, warehouses: counts
            if len(was[i]) != len(now[i]):
                mv[o + f] = len(now[i])
        for i, f in ((8, 13), (9, 14), (10, 15)):  # contracts_done, founded, camps_founded
            if was[i] != now[i]:
                mv[o + f] = now[i]
        mv[o + 16] = caravans
        stock, old_stock = now[17], was[17]
        if old_stock != stock:  # another seat's ingredients are behind its screen
            self._patch_counts(mv, o + len(_SEAT), old_stock, stock, () if mine else INGREDIENTS)
        if was[11] != now[11] or (full and not mine and old_stock != stock):
            screened = now[11]
            if full and not mine:  # the full state: the ingredients behind the screen, counted
                screened += sum([stock.get(g, 0) for g in INGREDIENTS])
            mv[o + 18] = screened
        if was[12] != now[12]:
            arch, a0 = self._archetypes, o + len(_SEAT) + len(self._goods)
            a = arch.get(was[12])
            if a is not None:
                mv[a0 + a] = 0.0
            a = arch.get(now[12])
            if a is not None:
                mv[a0 + a] = 1.0

    def _patch_map(self, vec: Float32Array, mv: ScalarView, keys: dict[Any, Any], s: SootState) -> None:
        """Rewrite the tile, terrain, site, river and water marks of the hexes whose tile or water changed."""
        tiles, water = s.tiles, s.water
        cell, hw = self._cell.get, self._hw
        old: dict[Hex, int] = keys.get("tiles", {})
        if tiles != old:
            changed = _changed(tiles, old)
            table = self._tiles
            p_terrain, p_site, p_river = self._p_terrain, self._p_site, self._p["river"]
            for h in changed:
                at = cell(h)
                if at is None:
                    continue
                vec[hw + at:self._p_comm * hw:hw] = 0.0  # tile, terrain and site planes
                mv[p_river * hw + at] = 0.0
                tile = tiles.get(h)
                if tile is None:
                    continue
                mv[hw + at] = 1.0
                if 0 <= tile < len(table):
                    terrain, site, river = table[tile]
                    mv[(p_terrain + self._terrain[terrain]) * hw + at] = 1.0
                    if site:
                        mv[(p_site + self._site[site]) * hw + at] = 1.0
                    if river:
                        mv[p_river * hw + at] = 1.0
            keys["tiles"] = dict(tiles)
            outside = keys.get("outside", 0)  # tiles beyond the window: counted by the hexes that changed
            for h in changed:
                if h not in self._cell:
                    outside += (h in tiles) - (h in old)
            keys["outside"] = outside
        elif "outside" not in keys:
            keys["outside"] = 0
        old_water: dict[Hex, bool] = keys.get("water", {})
        if water != old_water:
            o_water = self._o["water"]
            for h in [h for h, wet in water.items() if old_water.get(h) != wet] + [
                    h for h in old_water if h not in water]:
                at = cell(h)
                if at is not None:
                    mv[o_water + at] = 1.0 if water.get(h) else 0.0
            keys["water"] = dict(water)

    def _patch_routes(self, mv: ScalarView, keys: dict[Any, Any], s: SootState, player: PlayerId) -> None:
        """Rewrite the route planes at the hexes whose route owners or kinds changed."""
        owners_now, kinds_now = s.route_owner, s.route_kind
        old_owners: dict[Hex, Any] = keys.get("route_owner", {})
        old_kinds: dict[Hex, Any] = keys.get("route_kind", {})
        changed = set(_changed(owners_now, old_owners))
        changed.update(_changed(kinds_now, old_kinds))
        cell, o = self._cell.get, self._o
        o_mine, o_others, o_level = o["route_mine"], o["route_others"], o["route_level"]
        for h in changed:
            at = cell(h)
            if at is None:
                continue
            mine = others = level = 0
            owners = owners_now.get(h)
            if owners is not None:
                for owner, kind in zip(owners, kinds_now.get(h, NO_ROUTES)):
                    if kind > 0:
                        level = max(level, kind)
                        if owner >= 0:
                            if owner == player:
                                mine += 1
                            else:
                                others += 1
            mv[o_mine + at] = mine
            mv[o_others + at] = others
            mv[o_level + at] = level
        keys["route_owner"], keys["route_kind"] = dict(owners_now), dict(kinds_now)

    def _patch_pieces(self, mv: ScalarView, old: _Pieces, new: _Pieces, mine: bool) -> None:
        """Move one seat's Explorers, Builders and caravans on the piece planes from ``old`` to ``new``."""
        cell = self._cell.get
        for plane, was, now in zip(self._o_pieces[mine], old, new):
            if was == now:
                continue
            for h in was:
                at = cell(h)
                if at is not None:
                    mv[plane + at] -= 1.0
            for h in now:
                at = cell(h)
                if at is not None:
                    mv[plane + at] += 1.0

    def _patch_supply(self, mv: ScalarView, old: dict[str, int], supply: dict[str, int]) -> None:
        """Rewrite the ``supply_*`` features that changed from ``old`` to ``supply``."""
        self._patch_counts(mv, self._base_f + self._f["supply"], old, supply, ())

    def _patch_counts(self, mv: ScalarView, start: int, old: dict[str, int], now: dict[str, int],
                      hidden: tuple[str, ...]) -> None:
        """Rewrite the per-good counts at ``start`` (data order) that changed from ``old`` to
        ``now``; a good of ``hidden`` is not shown (left 0)."""
        goods = self._goods
        for good in old:
            if good not in now:
                g = goods.get(good)
                if g is not None:
                    mv[start + g] = 0.0
        for good, count in now.items():
            if old.get(good) != count and good not in hidden:
                g = goods.get(good)
                if g is not None:
                    mv[start + g] = count

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

    def _seat_values(self, pl: Any, mine: bool, full: bool) -> list[float]:
        """The features of one seat slot, but ``present`` and ``to_move`` (the first two)."""
        stock = pl.stock
        screened = pl.screened
        if full and not mine:  # the full state: the ingredients behind the screen, counted
            screened += sum([stock.get(g, 0) for g in INGREDIENTS])
        values: list[float] = [pl.currency, pl.points, pl.prestige, pl.soot, pl.loans, pl.actions,
                               pl.restricted, pl.overtime, len(pl.hand), len(pl.secrets),
                               len(pl.contracts), pl.contracts_done, pl.founded, pl.camps_founded,
                               len(pl.caravans), len(pl.warehouses), screened]
        values += [0.0] * (self._per_seat - 2 - len(values))
        goods, stock0 = self._goods, len(_SEAT) - 2
        for good, count in stock.items():
            i = goods.get(good)
            if i is not None and (mine or good not in INGREDIENTS):
                values[stock0 + i] = count
        a = self._archetypes.get(pl.archetype)
        if a is not None:
            values[stock0 + len(goods) + a] = 1.0
        return values

    def _game_values(self, key: tuple[Any, ...]) -> list[float]:
        """The features from ``round`` to ``auction``, from the game key."""
        f = [0.0] * (1 + len(PHASES) + len(SEASONS) + 8)
        rnd, phase = key[0], key[1]
        f[0] = rnd
        if phase in PHASES:
            f[1 + PHASES.index(phase)] = 1.0
        o = 1 + len(PHASES)
        if rnd >= 1:
            season = season_of(rnd)
            if season in SEASONS:
                f[o + SEASONS.index(season)] = 1.0
        o += len(SEASONS)
        f[o:o + 8] = (float(key[2]), key[3], key[4], key[5], key[6], key[7], key[8], float(key[9]))
        return f

    def _write_cards(self, vec: Float32Array, mv: ScalarView, spots: dict[str, Any], key: tuple[Any, ...],
                     old: tuple[Any, ...] | None) -> None:
        """Rewrite the card features (``hand_*`` to the end) whose part of ``key`` changed since ``old``
        (a block of counts by difference: the old items' marks cleared, the new ones counted).

        ``key``: (hand, card row, contract row, my contracts, my secrets, public objectives,
        event, draft pool, my upgrades).
        """
        F, base, limits = self._f, self._base_f, self._limits
        for i, label in enumerate(_CARD_PARTS):
            items = key[i]
            if old is not None and old[i] == items:
                continue
            if old is not None and i < 6:  # a block of counts: the old items taken off, the new counted
                start, size = limits[label]
                o = base + start
                if i < 2:  # cards, by name
                    cards = self._cards
                    for c in old[i]:
                        j = cards.get(c)
                        if j is not None:
                            mv[o + j] = 0.0
                    for c in items:
                        j = cards.get(c)
                        if j is not None:
                            mv[o + j] += 1.0
                else:  # contracts, objectives, by index
                    for j in old[i]:
                        if 0 <= j < size:
                            mv[o + j] = 0.0
                    for j in items:
                        if 0 <= j < size:
                            mv[o + j] += 1.0
                continue
            idx: list[int] = []
            val: list[float] = []
            if label == "hand" or label == "row":
                cards = self._cards
                self._counts(idx, val, base + F[label], [cards.get(c) for c in items])
            elif label == "event":
                start, size = limits["event"]
                if 0 <= items < size:
                    idx.append(base + start + items)
                    val.append(1.0)
            elif label == "draft" or label == "my_upgrade":
                table = self._archetypes if label == "draft" else self._upgrades
                o = base + F[label]
                for j in {table.get(name) for name in items}:
                    if j is not None:
                        idx.append(o + j)
                        val.append(1.0)
            else:
                start, size = limits[label]
                if items:
                    self._counts(idx, val, base + start, [j if 0 <= j < size else None for j in items])
            rewrite(vec, spots, label, idx, val)

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
