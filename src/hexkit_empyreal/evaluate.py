"""The position heuristic used by the greedy and MCTS agents.

``evaluate(state, player)`` is this player's *worth* minus the best rival's
(in the Team Variant: this team's worth minus the best other team's). A
worth is the score so far plus what the position promises:

* **the next delivery**: the best (Goods, Demand Tile) delivery the player
  could make now to a Network-Adjacent City of the Goods' colour, scaled by
  how far the Conductor has come towards the End of the Line (and almost in
  full while a delivery is being made there);
* **Goods In-Network**, each worth more the nearer the player's Network is
  to the City of its colour (Network-Adjacent: deliverable);
* **progress** of the Conductor towards the End of the Line (the Upgrade
  waiting there), kept while the End of the Line is being resolved;
* **reach**: how near the Network is to each City (so train cars are
  placed towards Cities even before they hold Goods);
* **train cars placed** (they also end the game when a Company runs out),
  available mana (less for each crystal beyond ``mana_enough``), spent mana, gained Spellcars and Specialists, and a small
  bonus for a Build Track the player is about to make.

The weights are a playtest hypothesis, tuned so that each step of a
delivery (move, choose the City, pick up each Good, take the Demand Tile)
is an improvement a one-step greedy agent can see. Static distances from
each hex to each City are computed once per map and shared.

Source: rulebook, Deliver; Demand Tiles; Scoring (what is worth VP);
DESIGN.md (a per-game evaluation for the greedy and MCTS agents).
"""

from __future__ import annotations

from hexkit_empyreal.actions import ReturnToStart
from hexkit_empyreal.actions import (
    ActivateSpellcars,
    Branch,
    BuildTrack,
    ChooseHex,
    ChooseOption,
    ChooseSpecialist,
    ChooseSpecialistType,
    ClaimDemand,
    DeliverChoice,
    PickGoods,
    PlaceSpellcar,
    TakeSpellcar,
)
from hexkit_empyreal.board import Board
from hexkit_empyreal.config import AWARDS, EXPERT, TEAM
from hexkit_empyreal.data import EmpyrealData
from hexkit_empyreal.rules.scoring import score_sheet
from hexkit_empyreal.state import EmpyrealState, board, data

__all__ = ["evaluate", "evaluate_strong", "worth", "city_distances", "WEIGHTS", "STRONG_WEIGHTS"]

WEIGHTS: dict[str, float] = {
    "car": 0.3,
    "mana": 0.15,
    "mana_extra": 0.05,
    "mana_enough": 6,
    "spent": 0.05,
    "spellcar": 0.4,
    "specialist": 0.6,
    "reach": 0.06,
    "build_pending": 0.3,
    "choice_pending": 0.2,
    "progress": 0.2,
    "activation": 0.1,
    "good_adjacent": 0.3,
    "good_decay": 0.62,
    "ready_min": 0.3,
    "ready_span": 0.5,
    "delivering": 0.85,
}
"""Weights of the parts of a worth (see the module docstring)."""

_FAR = 7
"""Distances to a City are capped here."""

_DIST: dict[int, tuple[Board, tuple[tuple[int, ...], ...], tuple[int, ...]]] = {}


def city_distances(b: Board) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """Per cell, the hex distance to the City of each colour (capped); and the stand of each colour.

    Computed once per map and shared by every state on it.
    """
    got = _DIST.get(id(b))
    if got is not None and got[0] is b:
        return got[1], got[2]
    stand_of = [-1] * 6
    for s, colour in enumerate(b.city_colour):
        if 0 <= colour < 6 and stand_of[colour] < 0:
            stand_of[colour] = s
    rows = []
    for h in b.hexes:
        row = []
        for colour in range(6):
            s = stand_of[colour]
            row.append(_FAR if s < 0 else min(_FAR, h.distance(b.hexes[b.cities[s]])))
        rows.append(tuple(row))
    table = tuple(rows)
    _DIST[id(b)] = (b, table, tuple(stand_of))
    return table, tuple(stand_of)


def _best_tile(stand: list[tuple[int, int]], colour: int, count: int, need: tuple[int, ...], values: tuple[int, ...]) -> int:
    best = 0
    for col, kind in stand:
        if col == colour and need[kind] <= count and values[kind] > best:
            best = values[kind]
    return best


def _at_end_of_line(state: EmpyrealState, player: int) -> bool:
    """Whether ``player`` is in the middle of its End of the Line (deliver, Upgrade) before going back to Start."""
    for d in state.pending:
        if type(d) is ReturnToStart and d.player == player:
            return True
    return False


_TILE_IDS: dict[int, tuple[object, frozenset[str]]] = {}
_GOOD_VALUE: dict[tuple[float, float], tuple[float, ...]] = {}


def _tile_ids(d: EmpyrealData) -> frozenset[str]:
    """Ids of the Spellcar tiles (not printed on a folio), cached per data."""
    got = _TILE_IDS.get(id(d))
    if got is None or got[0] is not d:
        got = _TILE_IDS[id(d)] = (d, frozenset(s.id for s in d.tiles))
    return got[1]


def _good_values(adjacent: float, decay: float) -> tuple[float, ...]:
    """Value of one In-Network Good by the distance from the Network to its City."""
    got = _GOOD_VALUE.get((adjacent, decay))
    if got is None:
        got = _GOOD_VALUE[(adjacent, decay)] = tuple(adjacent * decay ** (n - 1) for n in range(_FAR + 1))
    return got


def worth(state: EmpyrealState, player: int, vp: float) -> float:
    """``vp`` (the player's score so far) plus what the position promises (see the module docstring)."""
    b = board(state)
    d = data(state)
    rules = d.rules
    need, values = rules.demand_goods, rules.demand_values
    dist, stand_of = city_distances(b)
    ps = state.players[player]
    goods = state.goods
    have = [0, 0, 0, 0, 0, 0]
    rows = []
    net = ps.net
    while net:
        low = net & -net
        cell = low.bit_length() - 1
        net ^= low
        for g in goods[cell]:
            have[g] += 1
        rows.append(dist[cell])
    w = WEIGHTS
    value = vp
    if rows:
        near = list(map(min, zip(*rows))) if len(rows) > 1 else list(rows[0])
        good_value = _good_values(w["good_adjacent"], w["good_decay"])
        for colour in range(6):
            if have[colour]:
                # In-Network Goods: worth most when their City is Network-Adjacent.
                value += have[colour] * good_value[near[colour]]
        value += w["reach"] * (6 * _FAR - sum(near))
    else:
        near = [_FAR] * 6
    # Progress of the Conductor (kept while the End of the Line is resolved).
    eol = len(d.company_by_name[ps.company].columns) + 1 if ps.company else 6
    pos = ps.conductor
    if pos >= eol and not _at_end_of_line(state, player):
        pos = 0
    value += w["progress"] * pos
    # The next delivery, by how soon it can be made.
    stands = state.stands
    top = state.pending[-1] if state.pending else None
    mine = top is not None and top.player == player
    kind = type(top)
    if mine and isinstance(top, PickGoods):
        left = have[top.colour] if not top.limit else min(have[top.colour], top.limit - top.count)
        tile = _best_tile(stands[top.stand], top.colour, top.count + left, need, values) if top.tiles else 0
        value += w["delivering"] * (left + tile)
    elif mine and isinstance(top, ClaimDemand):
        value += w["delivering"] * _best_tile(stands[top.stand], top.colour, top.count, need, values)
    else:
        best = 0
        for colour in range(6):
            if near[colour] == 1 and have[colour]:
                k = have[colour]
                got = k + _best_tile(stands[stand_of[colour]], colour, k, need, values)
                if got > best:
                    best = got
        if best:
            if mine and kind is DeliverChoice:
                ready = w["delivering"]
            else:
                ready = w["ready_min"] + w["ready_span"] * (pos if pos < eol else 0) / eol
            value += ready * best
        if mine:
            # Opportunities the player is about to take (so that each step of an
            # effect, a gain or an activation is seen as worth taking).
            if kind is BuildTrack:
                value += w["build_pending"]
            elif kind is ChooseHex or kind is ChooseOption or kind is Branch:
                value += w["choice_pending"]
            elif kind is TakeSpellcar:
                value += 0.9 * w["spellcar"]
            elif kind is PlaceSpellcar:
                value += 0.95 * w["spellcar"]
            elif kind is ChooseSpecialistType:
                value += 0.85 * w["specialist"]
            elif kind is ChooseSpecialist:
                value += 0.9 * w["specialist"]
            elif kind is ActivateSpellcars and state.turn.twice < 0:
                col = ps.conductor - 1
                ry = ps.railyard
                done = state.turn.activated
                for slot in range(col * 3, min(col * 3 + 3, len(ry))):
                    if ry[slot] and ry[slot] != "-" and slot not in done:
                        value += w["activation"]
    value += w["car"] * (rules.train_cars - ps.cars_left)
    enough = int(w["mana_enough"])
    m = ps.mana
    value += w["mana"] * min(m, enough) + w["mana_extra"] * max(0, m - enough) + w["spent"] * ps.spent
    tiles = _tile_ids(d)
    gained = 0
    for sid in ps.railyard:
        if sid in tiles:
            gained += 1
    value += w["spellcar"] * gained
    specialists = (1 if ps.engineer else 0) + (1 if ps.surveyor and not ps.surveyor_used else 0) + len(ps.station_masters)
    value += w["specialist"] * specialists
    return value


def evaluate(state: EmpyrealState, player: int) -> float:
    """This player's worth minus the best rival's (this team's minus the best other team's).

    Args:
        state: the position (a full state or a determinised sample).
        player: the seat to evaluate for.

    Returns:
        A number in VP-like units; higher is better for ``player``.
    """
    n = state.config.players
    variants = state.config.variants
    if TEAM in variants or AWARDS in variants or EXPERT in variants:
        totals = [float(t) for t in score_sheet(state).totals]
        if TEAM in variants:
            cfg = state.cfg
            team = [0.0] * cfg.teams
            for s in range(n):
                # Team totals are already summed per seat; add each seat's promise.
                team[cfg.team_of(s)] += worth(state, s, 0.0)
            mine = cfg.team_of(player)
            base = totals[player]
            own = base + team[mine]
            others = [totals[s] + team[cfg.team_of(s)] for s in range(n) if cfg.team_of(s) != mine]
            return own - (max(others) if others else 0.0)
    else:
        values = data(state).rules.demand_values
        totals = [float(ps.delivered + sum(values[k] for _, k in ps.tiles)) for ps in state.players]
    worths = [worth(state, s, totals[s]) for s in range(n)]
    mine_w = worths[player]
    rival = max((w for s, w in enumerate(worths) if s != player), default=0.0)
    return mine_w - rival


STRONG_WEIGHTS: dict[str, float] = {}
"""Overrides of :data:`WEIGHTS` used by :func:`evaluate_strong` (empty: the same weights)."""


def evaluate_strong(state: EmpyrealState, player: int) -> float:
    """The strong agent's evaluation: :func:`evaluate` with :data:`STRONG_WEIGHTS`.

    Args:
        state: the position (a full state or a determinised sample).
        player: the seat to evaluate for.

    Returns:
        A number in VP-like units; higher is better for ``player``.
    """
    if not STRONG_WEIGHTS:
        return evaluate(state, player)
    saved = {k: WEIGHTS[k] for k in STRONG_WEIGHTS}
    WEIGHTS.update(STRONG_WEIGHTS)
    try:
        return evaluate(state, player)
    finally:
        WEIGHTS.update(saved)
