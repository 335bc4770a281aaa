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

The vector returned is **read-only** (``flags.writeable`` false: writing into
it raises ``ValueError``; ``np.array(obs)`` is a writable copy) and its values
never change while the caller holds it. The encoder keeps, per seat, up to
:data:`POOL` vectors with what each was written from; it writes the next
observation in place into one that no caller holds any more (told by its
reference count), so the usual loop, which drops or overwrites each
observation before asking for the next, pays no copy of the 3,032-7,232
numbers; a caller holding every vector of the seat gets the next one in a
copy. (Until 2026-12-07 every call returned a writable copy.)
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from itertools import compress
from operator import ne
from typing import Any

import numpy as np
from numpy.typing import NDArray

from hexkit.game import PlayerId
from hexkit.rl import Encoder, Float32Array, ObservationError, ObservationSpec, ScalarView, rewrite, rewrite_flag, scalar_view
from hexkit.rng import Rng

from hexkit_empyreal.actions import DECISION_TYPES, ChooseSpecialist
from hexkit_empyreal.board import Board, board_for, choose_layout
from hexkit_empyreal.config import OPEN, EmpyrealConfig
from hexkit_empyreal.data import CITY, TERRAIN_LETTERS, game_data
from hexkit_empyreal.state import (REV_AWARDS, REV_MAP, REV_MARKET, REV_SECTIONS, REV_STACKS, REV_STANDS, REV_SUPPLY,
                                   EmpyrealState, bits, board, folio_rev)

__all__ = ["EmpyrealEncoder", "SLOTS", "PHASES", "POOL"]

SLOTS = 6
"""Seat slots in the planes and features (the most players Empyreal takes)."""
PHASES = ("setup", "play", "final", "over")
"""The phases, in the order of the ``phase_*`` features."""
_HIDDEN = "?"
_CARD_PARTS = (("market", (0,)), ("railyard", (1,)), ("specialists", (2, 3, 4, 5, 6)), ("awards", (7, 8)))
"""The card feature blocks and the parts of the card key each is made from."""
_FOLIO0 = folio_rev(0)
"""The stamp of seat 0's folio; seat ``i``'s is ``_FOLIO0 + 2 * i`` and its mana pool's the next one."""
_SEAT_FIELDS = ("mana", "spent", "conductor", "cars_left", "goods", "tiles", "captain_ready", "engineer",
                "engineer_ready", "surveyor", "surveyor_used", "station_masters", "railyard", "company")
"""What a seat slot's features are made from, in the order of the encoder's seat keys (goods, tiles,
station_masters, railyard: lists, compared with copies)."""


POOL = 2
"""Memos (vectors, with the section keys they were written from) kept per seat; see ``EmpyrealEncoder._buffer``."""

_FREE = 2
"""The reference count of a handed-out view nobody outside the encoder holds: the pool's list and
the argument of ``sys.getrefcount``."""


def _no_refcount(obj: object) -> int:  # an interpreter without reference counts: always copy
    return _FREE + 1


_refcount: Callable[[object], int] = getattr(sys, "getrefcount", _no_refcount)


def _read_only(vec: Float32Array) -> Float32Array:
    """A read-only view of ``vec`` (its values change only through ``vec``)."""
    out = vec.view()
    out.setflags(write=False)
    return out


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
        self._open = OPEN in config.variants
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
        self._position_lists: dict[int, tuple[Board, list[int]]] = {}
        self._cities: dict[int, tuple[Board, dict[int, int]]] = {}
        # per seat: up to POOL memos, the most recently written first, each a list of: the vector as
        # last written, a memoryview of it (scalar writes through it cost half a numpy item
        # assignment), section keys (copies of what each section was written from), positions each
        # sparse section wrote, and the read-only view of the vector handed to callers
        self._memo: dict[int, list[list[Any]]] = {}
        n = config.players
        self._teammates = [[float(seat != viewer and config.team_of(seat) == config.team_of(viewer)
                                  and config.teams < n) for seat in range(n)] for viewer in range(n)]
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
        self._hw = height * width
        self._cut = self.spec.plane_size
        # per viewer, per seat: where the seat's car plane and its feature slot start in the vector
        self._offsets = [([(self._p_cars + (seat - viewer) % n) * self._hw for seat in range(n)],
                          [self._cut + ((seat - viewer) % n) * self._per_seat for seat in range(n)])
                         for viewer in range(n)]

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

    def _cell_list(self, b: Board, pos: NDArray[np.intp]) -> list[int]:
        """:meth:`_cells` as a list of ints (for scalar writes), cached per board."""
        got = self._position_lists.get(id(b))
        if got is not None and got[0] is b:
            return got[1]
        at: list[int] = pos.tolist()
        self._position_lists[id(b)] = (b, at)
        return at

    def fill(self, view: Any, player: PlayerId, planes: Float32Array, features: Float32Array) -> None:
        vector = self.vector(view, player)
        cut = self.spec.plane_size
        planes[...] = vector[:cut].reshape(planes.shape)
        features[:] = vector[cut:]

    def _patch_map(self, vec: Float32Array, mv: ScalarView, keys: dict[Any, Any], s: EmpyrealState, b: Board,
                   pos: NDArray[np.intp]) -> None:
        """Rewrite the map planes (on_map, terrain, goods, cities): all of them for a new board, else
        the cells whose terrain or goods changed since ``keys`` (copies of the lists last written)."""
        hw = self._hw
        terrain, goods = s.terrain, s.goods
        at = self._cell_list(b, pos)
        if keys.get("board") is not b or len(keys["terrain"]) != len(terrain) or len(keys["goods"]) != len(goods):
            flat = self._map_planes(s, b, pos, (len(self.spec.planes), hw)).ravel()
            for span in (slice(0, self._p_cars * hw), slice(self._p_city * hw, self._p_last * hw)):
                vec[span] = flat[span]
        else:
            cities = self._city_colours(b)
            was_terrain, was_goods = keys["terrain"], keys["goods"]
            p_terrain, p_goods, p_city, ncol = self._p_terrain, self._p_goods, self._p_city, self._ncol
            cells = range(len(terrain))  # the cells that changed, found by C-level loops
            changed = set(compress(cells, map(ne, terrain, was_terrain)))
            changed.update(compress(cells, map(ne, goods, was_goods)))
            for c in sorted(changed):
                t, here = terrain[c], goods[c]
                x = at[c]
                if t != was_terrain[c]:
                    mv[(p_terrain + was_terrain[c]) * hw + x] = 0.0
                    mv[(p_terrain + t) * hw + x] = 1.0
                if here != was_goods[c]:
                    for colour in was_goods[c]:
                        mv[(p_goods + colour) * hw + x] = 0.0
                    for colour in here:
                        mv[(p_goods + colour) * hw + x] += 1.0
                city = cities.get(c)
                if city is not None:
                    mv[(p_city + city) * hw + x] = 1.0 if t == CITY else 0.0
        keys["board"], keys["terrain"], keys["goods"], keys["at"] = b, terrain[:], goods[:], at

    def _city_colours(self, b: Board) -> dict[int, int]:
        """City cell -> its colour, cached per board."""
        got = self._cities.get(id(b))
        if got is not None and got[0] is b:
            return got[1]
        colours = dict(zip(b.cities, b.city_colour))
        self._cities[id(b)] = (b, colours)
        return colours

    def vector(self, state: Any, player: PlayerId) -> Float32Array:
        """The observation vector of ``state`` seen by ``player`` (a new array).

        The vector is kept per seat as last written, and each section (the
        map's cells, train cars, each seat slot's features, the game's, the
        decision, the cards) is rewritten, or patched where it changed, only
        when the values it is made from change. Whether they changed is told
        by the state's revision stamps (:data:`~hexkit_empyreal.state.REV_MAP`
        and the others: one integer compared per section, the same stamp is
        the same values in any state of the process); the scalars without a
        stamp (train car masks, turn numbers, round, phase) are compared. A
        section whose stamp moved is patched where its values differ from the
        copies kept. Single numbers are written through a memoryview of the
        vector (half the cost of a numpy item assignment).

        Args:
            state: a view for ``player``, or (``reads_full_state``) the full state.
            player: the observing seat.

        Raises:
            ObservationError: for a state of another player count.
        """
        s: EmpyrealState = state
        players = s.players
        n = len(players)
        if n != self._n:
            raise ObservationError(f"a {n}-player state given to the {self._n}-player encoder")
        vec, mv, keys, spots, out = self._buffer(player)
        handed: Float32Array = out
        hw = self._hw
        revs = s._revs
        seen = keys["revs"]  # the stamps of the sections as last written for this seat
        b = board(s)
        if keys.get("board") is not b or seen[REV_MAP] != revs[REV_MAP]:
            if keys.get("board") is not b and "cars" in keys:  # another board (another game): the
                # train car and last-built marks were made at the old board's cells
                vec[self._p_cars * hw:self._p_city * hw] = 0.0
                vec[self._p_last * hw:self._cut] = 0.0
                keys["cars"] = [0] * n
                del keys["last_built"]
                spots.pop("last_built", None)
            self._patch_map(vec, mv, keys, s, b, self._cells(b))
            seen[REV_MAP] = revs[REV_MAP]
        at: list[int] = keys["at"]  # raster position of each cell of the board
        turn = s.turn
        last = turn.last_built
        if keys.get("last_built") != last:
            rewrite_flag(mv, spots, "last_built", self._p_last * hw + at[last] if last >= 0 else -1)
            keys["last_built"] = last
        pending = s.pending
        top = pending[-1] if pending else None
        mover = top.player if top is not None else -1
        cut, per = self._cut, self._per_seat
        seats = keys.get("seats")  # per seat: copies of the values its features were written from
        if seats is None:
            seats = keys["seats"] = [None] * n
            keys["cars"] = [0] * n
        cars = keys["cars"]  # per seat: the train car bit mask last written
        planes, offsets = self._offsets[player]  # per seat: where its car plane and its features start
        folio = _FOLIO0
        seat = 0
        for p in players:  # per seat: the train cars, the folio and the pool by their stamps, two numbers
            net = p.net
            if cars[seat] != net:  # a Network's bit mask: only the cells of the bits that changed
                was_net = cars[seat]
                o = planes[seat]
                for cell in bits(was_net & ~net):
                    mv[o + at[cell]] = 0.0
                for cell in bits(net & ~was_net):
                    mv[o + at[cell]] = 1.0
                cars[seat] = net
            was = seats[seat]
            if seen[folio] != revs[folio]:  # the folio (and the pool): patched where they differ from the copies
                fields = (p.pool.available, p.pool.spent, p.conductor, p.cars_left, p.goods, p.tiles,
                          p.captain_ready, p.engineer, p.engineer_ready, p.surveyor, p.surveyor_used,
                          p.station_masters, p.railyard, p.company)
                o = offsets[seat]
                if was is None:
                    self._write_seat(vec, o, fields)
                    vec[o] = 1.0  # present
                    vec[o + 2] = self._teammates[player][seat]
                else:
                    self._patch_seat(mv, o, was, fields)
                (available, spent, c, left, goods, tiles, ready, e, er, sv, su, masters, railyard, company) = fields
                seats[seat] = [available, spent, c, left, goods[:], tiles[:], ready, e, er, sv, su, masters[:],
                               railyard[:], company]
                seen[folio] = revs[folio]
                seen[folio + 1] = revs[folio + 1]
            else:
                if seen[folio + 1] != revs[folio + 1]:  # the mana pool (mana_rev): two numbers
                    pool = p.pool
                    available, spent = pool.available, pool.spent
                    o = offsets[seat]
                    if was[0] != available:
                        was[0] = mv[o + 3] = available
                    if was[1] != spent:
                        was[1] = mv[o + 4] = spent
                    seen[folio + 1] = revs[folio + 1]
                c, left = p.conductor, p.cars_left  # no stamp: compared
                if c != was[2]:
                    was[2] = mv[offsets[seat] + 5] = c
                if left != was[3]:
                    was[3] = mv[offsets[seat] + 6] = left
            folio += 2
            seat += 1
        slot = (mover - player) % n if 0 <= mover < n else -1  # the slot to move
        if keys.get("to_move") != slot:
            rewrite_flag(mv, spots, "to_move", cut + slot * per + 1 if slot >= 0 else -1)
            keys["to_move"] = slot
        now = (s.round, s.phase, s.end_triggered, s.wasteland, turn.activations, turn.locked, turn.free_transfers,
               turn.extra_turn, revs[REV_SUPPLY], revs[REV_MARKET], revs[REV_STACKS], revs[REV_STANDS])
        if keys.get("game_now") != now:  # what the game's features are made from (numbers and stamps)
            self._game_features(vec, mv, keys, s, revs, turn)
            keys["game_now"] = now
        kind = self._decisions.get(type(top)) if top is not None else None
        if keys.get("decision") != kind:
            rewrite_flag(mv, spots, "decision", cut + self._f_decision + kind if kind is not None else -1)
            keys["decision"] = kind
        # what of the Specialist stacks the seat sees: a view made for it shows them as game.view
        # redacted them; the full state is redacted here the same way (Empyreal's redact)
        shown = -2 if self._open else (top.kind if isinstance(top, ChooseSpecialist) and top.player == player
                                       else -1)
        is_view = s.viewer == player
        if keys.get("market_rev") != revs[REV_MARKET]:  # the Market's copies counted anew when it changed
            market, was = s.market, keys.get("market", ())
            if market != was:
                o = cut + self._f_market
                ids = self._spellcars
                for sid in was:
                    j = ids.get(sid)
                    if j is not None:
                        mv[o + j] = 0.0
                for sid in market:
                    j = ids.get(sid)
                    if j is not None:
                        mv[o + j] += 1.0
                keys["market"] = market[:]
            keys["market_rev"] = revs[REV_MARKET]
        stamp = (revs[REV_STACKS], revs[REV_AWARDS], shown, is_view)
        mine = revs[_FOLIO0 + 2 * player]  # the seat's railyard and Specialists are in its folio
        if keys.get("cards_revs") != stamp:
            self._patch_cards(vec, mv, keys, spots, s, player, -2 if is_view else shown)
            keys["cards_revs"], keys["cards_folio"] = stamp, mine
        elif keys["cards_folio"] != mine:  # the folio moved: its cards compared with the copies
            was = keys["cards"]
            me = players[player]
            if (me.railyard != was[1] or me.engineer != was[4] or me.surveyor != was[5]
                    or me.station_masters != was[6]):
                self._patch_cards(vec, mv, keys, spots, s, player, -2 if is_view else shown)
            keys["cards_folio"] = mine
        return handed

    def _buffer(self, player: PlayerId) -> list[Any]:
        """The memo to write ``player``'s next vector into: ``[vector, memoryview, keys, spots, out]``.

        ``out`` is the read-only view of the vector that :meth:`vector` hands out. A memo whose
        ``out`` the caller no longer holds (its reference count is the pool's own) is written in
        place: no copy. While the caller holds the last one, the next call writes into a second
        memo of the seat (made once, encoded from nothing, then patched from its own last values);
        when the caller holds every memo of the seat, the most recent one's vector is copied and
        the copy becomes the memo's (what the caller holds never changes).
        """
        pool = self._memo.get(player)
        if pool is None:
            pool = self._memo[player] = []
        refs = _refcount
        for i, memo in enumerate(pool):
            if refs(memo[4]) <= _FREE:  # the pool's list and this call's argument only
                if i:
                    pool.insert(0, pool.pop(i))
                return memo
        if len(pool) < POOL:
            vec = np.zeros(self.spec.size, dtype=np.float32)
            memo = [vec, scalar_view(vec), {"revs": [0] * REV_SECTIONS}, {}, _read_only(vec)]
            pool.insert(0, memo)
            return memo
        memo = pool[0]  # every vector held by the caller: keep the most recent one's values in a copy
        vec = memo[0].copy()
        memo[0], memo[1], memo[4] = vec, scalar_view(vec), _read_only(vec)
        return memo

    def _patch_cards(self, vec: Float32Array, mv: ScalarView, keys: dict[Any, Any], spots: dict[Any, Any],
                     s: EmpyrealState, player: PlayerId, seeing: int) -> None:
        """Rewrite the railyard, Specialist and Award features whose parts changed since
        ``keys["cards"]`` (copies of what they were written from); ``seeing`` is the stack the seat
        sees in a full state (-1 none, -2 all: a view or Open Information). The Market's features
        are :meth:`vector`'s (part 0 of the key is always empty here)."""
        me = s.players[player]
        stacks = s.stacks
        cut = self._cut
        key: Any = ((), me.railyard, seeing,  # compared with copies
                    stacks if seeing == -2 else stacks[seeing:seeing + 1] if seeing >= 0 else [],
                    me.engineer, me.surveyor, me.station_masters, s.award_offer, s.awards)
        was = keys.get("cards")
        if was == key:
            return
        key = ((), key[1][:], seeing, [stack[:] for stack in key[3]], key[4], key[5], key[6][:],
               key[7][:], key[8][:])
        if was is not None and was[1] != key[1]:  # the railyard: the copies counted anew
            cars = self._spellcars
            o = cut + self._f_railyard
            for sid in was[1]:
                j = cars.get(sid)
                if j is not None:
                    mv[o + j] = 0.0
            for sid in key[1]:
                j = cars.get(sid)
                if j is not None:
                    mv[o + j] += 1.0
        for label, part in _CARD_PARTS if was is None else _CARD_PARTS[2:]:  # each block rewritten
            # alone, when its part changed
            if was is None or any([was[i] != key[i] for i in part]):
                marks = self._card_marks(tuple(key[i] if i in part else () for i in range(9)))
                rewrite(vec, spots, label, [cut + i for i in marks], list(marks.values()))
        keys["cards"] = key

    def _game_features(self, vec: Float32Array, mv: ScalarView, keys: dict[Any, Any], s: EmpyrealState,
                       revs: list[int], turn: Any) -> None:
        """Patch the game's features, ``round`` to ``turn_extra``: the scalars compared with those
        written last, the supply, deck, stack and stand sizes only when their section's stamp moved."""
        o = self._cut + self._f_game
        g = keys.get("game")
        stacks = s.stacks
        if g is None:  # the first state this seat sees: every feature written
            key = (s.round, s.phase, s.end_triggered, s.wasteland, s.supply.stock, len(s.deck), len(s.discard),
                   len(stacks[0]), len(stacks[1]), len(stacks[2]), s.stands, turn.activations, turn.locked,
                   turn.free_transfers, turn.extra_turn)
            self._patch_game(vec, mv, o, None, key)
            keys["game"] = [*key[:4], dict(key[4]), *key[5:10], [stand[:] for stand in key[10]], *key[11:]]
            keys["game_seen"] = [revs[REV_SUPPLY], revs[REV_MARKET], revs[REV_STACKS], revs[REV_STANDS]]
            return
        seen = keys["game_seen"]
        if s.round != g[0]:
            g[0] = mv[o] = s.round
        if s.phase != g[1]:
            if g[1] in PHASES:
                mv[o + 1 + PHASES.index(g[1])] = 0.0
            if s.phase in PHASES:
                mv[o + 1 + PHASES.index(s.phase)] = 1.0
            g[1] = s.phase
        o += 1 + len(PHASES)
        if s.end_triggered != g[2]:
            g[2] = s.end_triggered
            mv[o] = float(s.end_triggered)
        if s.wasteland != g[3]:
            g[3] = mv[o + 1] = s.wasteland
        if seen[0] != revs[REV_SUPPLY]:
            old, stock = g[4], s.supply.stock
            if old != stock:
                for i, c in enumerate(sorted(stock)):  # the counts in colour order, as ``iter(supply)``
                    if old.get(c) != stock[c]:
                        mv[o + 2 + i] = stock[c]
                g[4] = dict(stock)
            seen[0] = revs[REV_SUPPLY]
        o += 2 + self._ncol
        if seen[1] != revs[REV_MARKET]:
            if len(s.deck) != g[5]:
                g[5] = mv[o] = len(s.deck)
            if len(s.discard) != g[6]:
                g[6] = mv[o + 1] = len(s.discard)
            seen[1] = revs[REV_MARKET]
        if seen[2] != revs[REV_STACKS]:
            for t in range(3):
                if len(stacks[t]) != g[7 + t]:
                    g[7 + t] = mv[o + 2 + t] = len(stacks[t])
            seen[2] = revs[REV_STACKS]
        o += 5
        if seen[3] != revs[REV_STANDS]:
            old_stands, stands = g[10], s.stands
            for c in range(self._ncities):
                size = len(stands[c]) if c < len(stands) else 0
                if c >= len(old_stands) or len(old_stands[c]) != size:
                    mv[o + c] = size
            g[10] = [stand[:] for stand in stands]
            seen[3] = revs[REV_STANDS]
        o += self._ncities
        if turn.activations != g[11]:
            g[11] = mv[o] = turn.activations
        if turn.locked != g[12]:
            g[12] = mv[o + 1] = turn.locked
        if turn.free_transfers != g[13]:
            g[13] = mv[o + 2] = turn.free_transfers
        if turn.extra_turn != g[14]:
            g[14] = turn.extra_turn
            mv[o + 3] = float(turn.extra_turn)

    def _write_seat(self, vec: Float32Array, o: int, fields: tuple[Any, ...]) -> None:
        """Write the features of a seat slot from ``mana`` on (at ``o + 3``) from :data:`_SEAT_FIELDS`."""
        (available, spent, conductor, cars_left, goods, tiles, captain_ready, engineer,
         engineer_ready, surveyor, surveyor_used, masters, railyard, company) = fields
        vec[o + 3:o + self._per_seat] = self._seat_values(
            (available, spent, conductor, cars_left, goods, len(tiles), captain_ready,
             bool(engineer), engineer_ready, bool(surveyor), surveyor_used, len(masters),
             len(railyard) - railyard.count("") - railyard.count("-"), company))

    def _patch_seat(self, mv: ScalarView, o: int, was: Sequence[Any], now: Sequence[Any]) -> None:
        """Rewrite the features of the seat slot at ``o`` whose fields changed from ``was`` to ``now``."""
        if was[0] != now[0]:  # mana, spent, conductor, cars_left
            mv[o + 3] = now[0]
        if was[1] != now[1]:
            mv[o + 4] = now[1]
        if was[2] != now[2]:
            mv[o + 5] = now[2]
        if was[3] != now[3]:
            mv[o + 6] = now[3]
        ncol = self._ncol
        if was[4] != now[4]:
            old_goods, goods = was[4], now[4]
            for c in range(ncol):
                if old_goods[c] != goods[c]:
                    mv[o + 7 + c] = goods[c]
        b = o + 7 + ncol
        if len(was[5]) != len(now[5]):
            mv[b] = len(now[5])
        for i in (6, 7, 8, 9, 10):  # captain_ready, engineer, engineer_ready, surveyor, surveyor_used
            if was[i] != now[i]:
                mv[b + i - 5] = bool(now[i])
        if len(was[11]) != len(now[11]):
            mv[b + 6] = len(now[11])
        if was[12] != now[12]:
            railyard = now[12]
            mv[b + 7] = len(railyard) - railyard.count("") - railyard.count("-")
        if was[13] != now[13]:
            company = self._companies.get(was[13])
            if company is not None:
                mv[b + 8 + company] = 0.0
            company = self._companies.get(now[13])
            if company is not None:
                mv[b + 8 + company] = 1.0

    def _patch_game(self, vec: Float32Array, mv: ScalarView, o: int, was: tuple[Any, ...] | None,
                    now: tuple[Any, ...]) -> None:
        """Rewrite the game's features (at ``o``) whose parts changed from key ``was`` to ``now``
        (all of them when ``was`` is ``None``)."""
        ncol, ncities = self._ncol, self._ncities
        if was is None:
            vec[o:o + self._f_decision - self._f_game] = 0.0
            was = (None, None, None, None, {}, None, None, None, None, None, [], None, None, None, None)
        if was[0] != now[0]:
            mv[o] = now[0]
        if was[1] != now[1]:
            if was[1] in PHASES:
                mv[o + 1 + PHASES.index(was[1])] = 0.0
            if now[1] in PHASES:
                mv[o + 1 + PHASES.index(now[1])] = 1.0
        o += 1 + len(PHASES)
        if was[2] != now[2]:
            mv[o] = float(now[2])
        if was[3] != now[3]:
            mv[o + 1] = now[3]
        if was[4] != now[4]:
            old, stock = was[4], now[4]
            for i, c in enumerate(sorted(stock)):  # the counts in colour order, as ``iter(supply)``
                if old.get(c) != stock[c]:
                    mv[o + 2 + i] = stock[c]
        o += 2 + ncol
        for i in range(5):  # deck, discard, the three stack sizes
            if was[5 + i] != now[5 + i]:
                mv[o + i] = now[5 + i]
        o += 5
        if was[10] != now[10]:
            old_stands, stands = was[10], now[10]
            for c in range(ncities):
                size = len(stands[c]) if c < len(stands) else 0
                if c >= len(old_stands) or len(old_stands[c]) != size:
                    mv[o + c] = size
        o += ncities
        for i in range(4):  # activations, locked, free_transfers, extra_turn
            if was[11 + i] != now[11 + i]:
                mv[o + i] = float(now[11 + i])

    def _seat_values(self, key: tuple[Any, ...]) -> list[float]:
        """A seat slot's features from ``mana`` on, from its key."""
        f = [0.0] * (self._per_seat - 3)
        ncol = self._ncol
        f[0:4] = key[0:4]
        f[4:4 + ncol] = key[4]
        o = 4 + ncol
        f[o:o + 8] = (key[5], float(key[6]), float(key[7]), float(key[8]), float(key[9]), float(key[10]),
                      key[11], key[12])
        company = self._companies.get(key[13])
        if company is not None:
            f[o + 8 + company] = 1.0
        return f

    def _game_values(self, key: tuple[Any, ...]) -> list[float]:
        """The game's features, ``round`` to ``turn_extra``, from their key."""
        ncol = self._ncol
        f = [0.0] * (self._f_decision - self._f_game)
        f[0] = key[0]
        if key[1] in PHASES:
            f[1 + PHASES.index(key[1])] = 1.0
        o = 1 + len(PHASES)
        f[o] = float(key[2])
        f[o + 1] = key[3]
        f[o + 2:o + 2 + ncol] = key[4]
        o += 2 + ncol
        f[o] = key[5]
        f[o + 1] = key[6]
        for t, size in enumerate(key[7]):
            f[o + 2 + t] = size
        o += 5
        for c, size in enumerate(key[8]):
            f[o + c] = size
        o += self._ncities
        f[o:o + 4] = (key[9], key[10], key[11], float(key[12]))
        return f

    def _card_marks(self, key: tuple[Any, ...]) -> dict[int, float]:
        """Feature position -> value of the Market, railyard, Specialist and Award features."""
        market, railyard, _, stacks, engineer, surveyor, masters, offer, awards = key
        found: dict[int, float] = {}
        cars = self._spellcars
        for start, ids in ((self._f_market, market), (self._f_railyard, railyard)):
            for sid in ids:
                i = cars.get(sid)
                if i is not None:
                    found[start + i] = found.get(start + i, 0.0) + 1.0
        specs = self._specialists
        for stack in stacks:
            for name in stack:
                i = specs.get(name) if name != _HIDDEN else None
                if i is not None:
                    found[self._f_specialist + i] = 2.0
        for name in (engineer, surveyor, *masters):
            i = specs.get(name)
            if i is not None:
                found[self._f_specialist + i] = 1.0
        for value, names in ((2.0, offer), (1.0, awards)):
            for name in names:
                i = self._awards.get(name)
                if i is not None:
                    found[self._f_award + i] = value
        return found

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
