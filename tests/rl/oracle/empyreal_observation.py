# A frozen copy of the encoder as it was on main at d4709df (2026-12-03), kept as the
# reference of tests/rl/test_observation_oracle.py. Do not edit: the fast encoder must match it.
"""The observation of an Empyreal game for learning agents (:mod:`hexkit.rl`).

Computed from ``game.view(state, player)`` only: the Spellcar deck order,
face-down Specialist stacks and boxed Awards never reach it.

Planes: the map raster is the bounding box of the terrain boards' axial
coordinates for the player count (``(q, r)`` is column ``q - q0``, row
``r - r0``): 5 rows by 18 columns for 2-3 players (three boards), and the
boxes of the four-, five- and six-board maps otherwise. Plane ``[c, row, col]``:

================  ==============================================================
plane             meaning
================  ==============================================================
on_map            1 on a hex of the map
terrain_X         1 where the terrain is ``X`` (``TERRAIN_LETTERS``: D F G L V M W C;
                  Wastelands change it)
goods_i           number of Goods of colour ``i`` (data order) on the hex
cars_k            1 where seat ``(player + k) % players`` has a train car
                  (``k = 0`` is the viewer; 6 slots, unused ones zero)
city_i            1 on a City of colour ``i``
last_built        1 on the hex of this turn's latest Build Track
================  ==============================================================

Features, in order (``spec.features`` names each one):

* per seat slot ``k`` (0 the viewer, then turn order; 6 slots): ``present``,
  ``to_move``, ``teammate``, ``mana``, ``spent``, ``conductor``, ``cars_left``,
  ``goods_<colour>`` (6), ``demand_tiles``, ``captain_ready``, ``engineer``,
  ``engineer_ready``, ``surveyor``, ``surveyor_used``, ``station_masters``,
  ``railyard_filled``, ``company_<i>`` (one-hot, data order);
* the game: ``round``, ``phase_<name>`` (setup, play, final, over),
  ``end_triggered``, ``wasteland``, ``supply_<colour>``, ``deck_size``,
  ``discard_size``, ``stack_<type>_size`` (3), ``stand_<i>`` (Demand Tiles
  left at each City, stand order), ``turn_activations``, ``turn_locked``,
  ``turn_free_transfers``, ``turn_extra``;
* ``decision_<Type>``: the pending decision's type, one-hot;
* ``market_<id>``: copies of each Spellcar in the face-up Market;
* ``railyard_<id>``: copies of each Spellcar in the viewer's railyard;
* ``specialist_<name>``: 1 for each Specialist the viewer holds, 2 for one
  visible in a Specialist stack (Open Information, or a stack being chosen from);
* ``award_<name>``: 1 for an Award in play, 2 for one still in the Expert draft.

Counts are raw numbers (not scaled).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.typing import NDArray

from hexkit.game import PlayerId
from hexkit.rl import Encoder, Float32Array, ObservationError, ObservationSpec
from hexkit.rng import Rng

from hexkit_empyreal.actions import DECISION_TYPES, ChooseSpecialist
from hexkit_empyreal.board import Board, board_for, choose_layout
from hexkit_empyreal.config import OPEN, EmpyrealConfig
from hexkit_empyreal.data import CITY, TERRAIN_LETTERS, game_data
from hexkit_empyreal.state import EmpyrealState, bits, board

__all__ = ["EmpyrealEncoder", "SLOTS", "PHASES"]

SLOTS = 6
"""Seat slots in the planes and features (the most players Empyreal takes)."""
PHASES = ("setup", "play", "final", "over")
"""The phases, in the order of the ``phase_*`` features."""
_HIDDEN = "?"


class EmpyrealEncoder(Encoder):
    """Encodes an Empyreal view; the shapes depend only on the config's player count and data.

    Args:
        config: the game's config.
    """

    reads_full_state = True

    def __init__(self, config: EmpyrealConfig) -> None:
        d = game_data(config)
        self._n = config.players
        self._config = config
        colours = [g.colour for g in d.goods]
        self._ncol = ncol = len(colours)
        self._companies = {c.name: i for i, c in enumerate(d.companies)}
        self._spellcars = {name: i for i, name in enumerate(d.spellcars)}
        self._specialists = {s.name: i for i, s in enumerate(d.specialists)}
        self._awards = {a.name: i for i, a in enumerate(d.awards)}
        self._decisions = {t: i for i, t in enumerate(DECISION_TYPES)}
        sample = board_for(choose_layout(config.players, Rng(0), d), config)
        self._q0 = min(h.q for h in sample.hexes)
        self._r0 = min(h.r for h in sample.hexes)
        height = max(h.r for h in sample.hexes) - self._r0 + 1
        width = max(h.q for h in sample.hexes) - self._q0 + 1
        self._ncities = len(sample.cities)
        self._positions: dict[int, tuple[Board, NDArray[np.intp]]] = {}
        self._map: tuple[Board, tuple[tuple[int, ...], tuple[tuple[int, ...], ...]], Float32Array] | None = None
        planes = (["on_map"] + [f"terrain_{t}" for t in TERRAIN_LETTERS]
                  + [f"goods_{c}" for c in colours] + [f"cars_{k}" for k in range(SLOTS)]
                  + [f"city_{c}" for c in colours] + ["last_built"])
        self._p_terrain = 1
        self._p_goods = 1 + len(TERRAIN_LETTERS)
        self._p_cars = self._p_goods + ncol
        self._p_city = self._p_cars + SLOTS
        self._p_last = self._p_city + ncol
        per_seat = (["present", "to_move", "teammate", "mana", "spent", "conductor", "cars_left"]
                    + [f"goods_{c}" for c in colours]
                    + ["demand_tiles", "captain_ready", "engineer", "engineer_ready", "surveyor",
                       "surveyor_used", "station_masters", "railyard_filled"]
                    + [f"company_{i}" for i in range(len(self._companies))])
        self._per_seat = len(per_seat)
        features = [f"seat{k}_{name}" for k in range(SLOTS) for name in per_seat]
        self._f_game = len(features)
        features += (["round"] + [f"phase_{p}" for p in PHASES] + ["end_triggered", "wasteland"]
                     + [f"supply_{c}" for c in colours] + ["deck_size", "discard_size"]
                     + [f"stack_{t}_size" for t in ("engineer", "surveyor", "station_master")]
                     + [f"stand_{i}" for i in range(self._ncities)]
                     + ["turn_activations", "turn_locked", "turn_free_transfers", "turn_extra"])
        self._f_decision = len(features)
        features += [f"decision_{t.__name__}" for t in DECISION_TYPES]
        self._f_market = len(features)
        features += [f"market_{s}" for s in d.spellcars]
        self._f_railyard = len(features)
        features += [f"railyard_{s}" for s in d.spellcars]
        self._f_specialist = len(features)
        features += [f"specialist_{s.name}" for s in d.specialists]
        self._f_award = len(features)
        features += [f"award_{a.name}" for a in d.awards]
        self.spec = ObservationSpec(tuple(planes), height, width, tuple(features))

    def _cells(self, b: Board) -> NDArray[np.intp]:
        """Raster position ``row * W + col`` of each cell of ``b`` (cached per board)."""
        got = self._positions.get(id(b))
        if got is not None and got[0] is b:
            return got[1]
        w, h = self.spec.width, self.spec.height
        rows = np.array([x.r - self._r0 for x in b.hexes], dtype=np.intp)
        cols = np.array([x.q - self._q0 for x in b.hexes], dtype=np.intp)
        if rows.min() < 0 or cols.min() < 0 or rows.max() >= h or cols.max() >= w:
            raise ObservationError(f"board layout {b.layout} does not fit the {h}x{w} raster of"
                                   f" a {self._n}-player map")
        flat = rows * w + cols
        self._positions[id(b)] = (b, flat)
        return flat

    def fill(self, view: Any, player: PlayerId, planes: Float32Array, features: Float32Array) -> None:
        s: EmpyrealState = view
        n = len(s.players)
        if n != self._n:
            raise ObservationError(f"a {n}-player state given to the {self._n}-player encoder")
        b = board(s)
        pos = self._cells(b)
        flat = planes.reshape(planes.shape[0], -1)
        # The map planes (on_map, terrain, goods, cities) change only when terrain or goods
        # do: they are kept for the last (board, terrain, goods) seen and copied in whole.
        key = (tuple(s.terrain), tuple(s.goods))
        cached = self._map
        if cached is None or cached[0] is not b or cached[1] != key:
            cached = self._map = (b, key, self._map_planes(s, b, pos, flat.shape))
        flat[:] = cached[2]
        pc = self._p_cars
        rows: list[int] = []
        cells: list[int] = []
        for seat, folio in enumerate(s.players):  # a Network's bit mask: its train cars' cells
            found = bits(folio.net)
            rows += [pc + (seat - player) % n] * len(found)
            cells += found
        if s.turn.last_built >= 0:
            rows.append(self._p_last)
            cells.append(s.turn.last_built)
        if rows:
            flat[np.array(rows), pos[cells]] = 1.0
        values = [0.0] * len(features)
        self._features(s, player, values)
        features[:] = values

    def _map_planes(self, s: EmpyrealState, b: Board, pos: NDArray[np.intp],
                    shape: tuple[int, ...]) -> Float32Array:
        """The on_map, terrain, goods and city planes of ``s``, shape ``(C, H * W)`` (others zero)."""
        flat = np.zeros(shape, dtype=np.float32)
        flat[0, pos] = 1.0
        flat[self._p_terrain + np.asarray(s.terrain, dtype=np.intp), pos] = 1.0
        goods = s.goods
        full = [cell for cell, here in enumerate(goods) if here]
        if full:
            m = len(goods)  # cubes counted per (colour, cell) by one bincount
            keys = [colour * m + cell for cell in full for colour in goods[cell]]
            counts = np.bincount(keys, minlength=self._ncol * m)
            flat[self._p_goods:self._p_goods + self._ncol, pos] = counts.reshape(self._ncol, m)
        cities = [(self._p_city + colour, city) for city, colour in zip(b.cities, b.city_colour)
                  if s.terrain[city] == CITY]
        if cities:
            where = np.array(cities, dtype=np.intp)
            flat[where[:, 0], pos[where[:, 1]]] = 1.0
        return flat

    def _features(self, s: EmpyrealState, player: PlayerId, f: list[float]) -> None:
        n = len(s.players)
        ncol = self._ncol
        top = s.pending[-1] if s.pending else None
        mover = top.player if top is not None else -1
        config = s.cfg
        mine = config.team_of(player)
        for k in range(n):
            seat = (player + k) % n
            p = s.players[seat]
            o = k * self._per_seat
            f[o] = 1.0
            f[o + 1] = float(seat == mover)
            f[o + 2] = float(seat != player and config.team_of(seat) == mine and config.teams < n)
            f[o + 3] = p.pool.available
            f[o + 4] = p.pool.spent
            f[o + 5] = p.conductor
            f[o + 6] = p.cars_left
            f[o + 7:o + 7 + ncol] = p.goods
            o += 7 + ncol
            f[o] = len(p.tiles)
            f[o + 1] = float(p.captain_ready)
            f[o + 2] = float(bool(p.engineer))
            f[o + 3] = float(p.engineer_ready)
            f[o + 4] = float(bool(p.surveyor))
            f[o + 5] = float(p.surveyor_used)
            f[o + 6] = len(p.station_masters)
            f[o + 7] = sum(1 for slot in p.railyard if slot and slot != "-")
            company = self._companies.get(p.company)
            if company is not None:
                f[o + 8 + company] = 1.0
        o = self._f_game
        f[o] = s.round
        if s.phase in PHASES:
            f[o + 1 + PHASES.index(s.phase)] = 1.0
        o += 1 + len(PHASES)
        f[o] = float(s.end_triggered)
        f[o + 1] = s.wasteland
        f[o + 2:o + 2 + ncol] = s.supply
        o += 2 + ncol
        f[o] = len(s.deck)
        f[o + 1] = len(s.discard)
        for t, stack in enumerate(s.stacks[:3]):
            f[o + 2 + t] = len(stack)
        o += 5
        for c, stand in enumerate(s.stands[: self._ncities]):
            f[o + c] = len(stand)
        o += self._ncities
        f[o] = s.turn.activations
        f[o + 1] = s.turn.locked
        f[o + 2] = s.turn.free_transfers
        f[o + 3] = float(s.turn.extra_turn)
        i: int | None
        if top is not None:
            i = self._decisions.get(type(top))
            if i is not None:
                f[self._f_decision + i] = 1.0
        cars = self._spellcars
        for sid in s.market:
            i = cars.get(sid)
            if i is not None:
                f[self._f_market + i] += 1.0
        for sid in s.players[player].railyard:
            i = cars.get(sid)
            if i is not None:
                f[self._f_railyard + i] += 1.0
        specs = self._specialists
        seeing = -2  # a view: its stacks are already redacted
        if s.viewer != player:  # the full state: face-down stacks as Empyreal's redact hides them
            seeing = -1
            if OPEN in s.config.variants:
                seeing = -2
            elif isinstance(top, ChooseSpecialist) and top.player == player:
                seeing = top.kind
        for t, stack in enumerate(s.stacks):
            if seeing != -2 and t != seeing:
                continue
            for name in stack:
                i = specs.get(name) if name != _HIDDEN else None
                if i is not None:
                    f[self._f_specialist + i] = 2.0
        me = s.players[player]
        for name in (me.engineer, me.surveyor, *me.station_masters):
            i = specs.get(name)
            if i is not None:
                f[self._f_specialist + i] = 1.0
        for name in s.award_offer:
            i = self._awards.get(name)
            if i is not None:
                f[self._f_award + i] = 2.0
        for name in s.awards:
            i = self._awards.get(name)
            if i is not None:
                f[self._f_award + i] = 1.0
