"""Hand-built positions for Empyreal tests."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from hexkit.game import Decision
from hexkit.hexes import Hex

from hexkit_empyreal import GAME
from hexkit_empyreal.data import CITY, DESERT, load_data, terrain_index
from hexkit_empyreal.effects.registry import push
from hexkit_empyreal.rules import settle
from hexkit_empyreal.rules.network import add_car
from hexkit_empyreal.rules.setup import assign_company
from hexkit_empyreal.state import EmpyrealState, TurnState, board

DATA = load_data()
AE, CC, GI, GS, KT, KL = (c.name for c in DATA.companies)


def sandbox(
    companies: Sequence[str] = (KL, KT, GS),
    variants: Iterable[str] = (),
    seed: int = 0,
    filler: int = DESERT,
    **options: Any,
) -> EmpyrealState:
    """A set-up game (boards 1A-3A for 2-3 players) with Companies chosen,
    no train cars, no Goods, and every non-City hex of the ``filler`` terrain."""
    cfg = GAME.make_config(len(companies), variants, **options)
    state = GAME.new(cfg, seed)
    while len(companies) <= 3 and state.layout[0] != "1A":
        seed += 1
        state = GAME.new(cfg, seed)
    state.pending.clear()
    for seat, company in enumerate(companies):
        assign_company(state, seat, company, DATA.company_by_name[company].captain)
    b = board(state)
    for c in range(b.size):
        if state.terrain[c] != CITY:
            state.terrain[c] = filler
        state.goods[c] = ()
        state.cars[c] = ()
    for ps in state.players:
        ps.net = 0
        ps.cars_left = DATA.rules.train_cars
    state.phase = "play"
    state.turn = TurnState(player=0)
    state.log.clear()
    state._legal = None
    return state


def reload(state: EmpyrealState) -> EmpyrealState:
    """``state`` saved and loaded again through the codec, for a sandbox.

    A sandbox repaints the printed map and empties it of Goods, which the
    load checks refuse (terrain changes only under a Wasteland tile; 35 Goods
    of each colour). The copy saved gets the map's printed terrain back (its
    Wasteland tiles kept) and a Goods supply that adds up, and nothing else.
    """
    from hexkit.serialize import codec

    from hexkit_empyreal.data import WASTELAND
    from hexkit_empyreal.state import GoodsSupply, goods_out

    copy = GAME.clone(state)
    printed = board(copy).start_terrain
    copy.terrain = [t if t == WASTELAND else printed[c] for c, t in enumerate(copy.terrain)]
    copy.wasteland = DATA.rules.wasteland_tiles - sum(
        1 for c, t in enumerate(copy.terrain) if t == WASTELAND and printed[c] != WASTELAND)
    out = goods_out(copy, len(DATA.goods))
    copy.supply = GoodsSupply.from_counts([DATA.rules.goods_per_colour - out.get(c, 0) for c in range(len(DATA.goods))])
    copy.supply.out = out
    c_ = codec(GAME)
    return c_.state_from_json(c_.state_to_json(copy))


def cell(state: EmpyrealState, q: int, r: int) -> int:
    """The cell of hex (q, r)."""
    return board(state).index[Hex(q, r)]


def put(
    state: EmpyrealState,
    q: int,
    r: int,
    terrain: str | None = None,
    goods: Sequence[str] = (),
    cars: Sequence[int] = (),
) -> int:
    """Set a hex's terrain, Goods (colour names) and train cars (seats)."""
    c = cell(state, q, r)
    if terrain is not None:
        state.terrain[c] = terrain_index(terrain)
    if goods:
        state.goods[c] = tuple(sorted(DATA.colour_index(g) for g in goods))
    for seat in cars:
        add_car(state, seat, c)
    state._legal = None
    return c


def begin(state: EmpyrealState, player: int, *steps: Decision) -> None:
    """Start ``player``'s turn with these steps pending."""
    state.turn = TurnState(player=player)
    state.pending.clear()
    push(state, list(steps))
    settle(state)
    state._legal = None


def legal(state: EmpyrealState) -> list[Any]:
    return list(GAME.legal_actions(state))


def strs(actions: Iterable[Any]) -> list[str]:
    return [str(a) for a in actions]
