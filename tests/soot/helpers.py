"""Hand-built positions for the rule tests."""

from __future__ import annotations

from collections.abc import Sequence

from hexkit.hexes import Hex
from hexkit.rng import Rng
from hexkit_soot import GAME
from hexkit_soot.actions import Choose
from hexkit_soot.ledger import data, from_supply
from hexkit_soot.rules.flow import advance
from hexkit_soot.rules.setup import give_package, new_state
from hexkit_soot.rules.routes import route_at, set_route
from hexkit_soot.state import CENTRAL_CITY, TRAIL, Camp, Facility, Settlement, SootState, add_goods, touch_map


def start(archetypes: Sequence[str] = ("Merchant", "Industrialist"), seed: int = 1) -> SootState:
    """A game at the first turn of round 1 with the given archetypes (no Legacy card in the row)."""
    config = GAME.make_config(players=len(archetypes))
    state = new_state(config, Rng(seed))
    cards = data(state).cards
    state.deck = [c for c in state.deck if cards[c].legacy] + [c for c in state.deck if not cards[c].legacy]
    for i, name in enumerate(archetypes):
        give_package(state, i, name)
    state.draft_pool = []
    for p in state.players:
        p.secrets = sorted([state.secret_deck.pop(), state.secret_deck.pop()])
    state.phase = "secrets"
    state.cursor = len(archetypes)
    advance(state)
    return state


def place(state: SootState, at: Hex, terrain: str = "Plains", site: str = "", river: bool = False) -> None:
    """Put a tile of the given kind on ``at`` (taken from the tile list, not the stack)."""
    tiles = data(state).tile_list()
    tile = next(i for i, t in enumerate(tiles) if t == (terrain, site, river))
    state.tiles[at] = tile
    if river:
        state.water[at] = True
    touch_map(state)  # a map written by hand is stamped as the rules' writers do


def give(state: SootState, player: int, goods: dict[str, int], at: Hex | None = None) -> None:
    """Give goods from the supply to a player's network (or loose on a hex)."""
    p = state.players[player]
    for g, n in goods.items():
        k = from_supply(state, g, n)
        if at is None:
            add_goods(p.stock, g, k)
        else:
            add_goods(p.loose.setdefault(at, {}), g, k)


def balance_supply(state: SootState) -> None:
    """Take from the supply the tokens a test put on the table by hand.

    The supply is a core :class:`~hexkit.components.Supply`: a good returned
    to it must have been taken out of it. A test that writes goods straight
    into a network, onto a hex or a caravan calls this afterwards, so those
    goods count as taken (as many as the supply still holds).
    """
    held: dict[str, int] = {}
    for p in state.players:
        for goods in (p.stock, *p.loose.values(), *(c.cargo for c in p.caravans)):
            for g, n in goods.items():
                held[g] = held.get(g, 0) + n
    for g, n in held.items():
        extra = n - state.supply.out.get(g, 0)
        if extra > 0:
            from_supply(state, g, extra)


def settle(state: SootState, at: Hex, founder: int, spec: str = "Market Town", tier: int = 1,
           kind: str = "Frontier Settlement") -> Settlement:
    """Put a settlement on ``at`` (placing a Plains tile if needed)."""
    if at not in state.tiles:
        place(state, at)
    s = Settlement(kind=kind, spec=spec, founder=founder, tier=tier)
    state.settlements[at] = s
    touch_map(state)
    return s


def connect(state: SootState, to: Hex, frm: Hex = CENTRAL_CITY) -> None:
    """Join ``to`` to ``frm`` by public trails on the straight line (Plains tiles placed where missing;
    segments that already carry a route are kept), as a Builder walking there would."""
    hexes = frm.line(to)
    for a, b in zip(hexes, hexes[1:]):
        for h in (a, b):
            if h not in state.tiles:
                place(state, h)
        if not route_at(state, a, a.neighbors().index(b)):
            set_route(state, a, b, TRAIL, -1)


def camp(state: SootState, at: Hex, owner: int, kind: str, terrain: str = "Plains", site: str = "",
         river: bool = False) -> None:
    """Put a camp on a freshly placed tile."""
    place(state, at, terrain, site, river)
    state.camps[at] = Camp(owner=owner, kind=kind)
    if site:
        state.stacks[at] = data(state).sites[site].stack
    touch_map(state)


def facility(state: SootState, at: Hex, name: str, owner: int) -> None:
    """Put a facility in the settlement (or Central City) at ``at``."""
    state.settlements[at].facilities.append(Facility(name=name, owner=owner))
    touch_map(state)


def token_total(state: SootState) -> dict[str, int]:
    """Every good token on the table: supply + networks + loose + caravans."""
    total = state.supply.counts()
    for p in state.players:
        for g, n in p.stock.items():
            total[g] = total.get(g, 0) + n
        for goods in p.loose.values():
            for g, n in goods.items():
                total[g] = total.get(g, 0) + n
        for c in p.caravans:
            for g, n in c.cargo.items():
                total[g] = total.get(g, 0) + n
    return total


def legal(state: SootState) -> list[Choose]:
    """The legal answers, recomputed (tests edit states by hand between steps)."""
    state.invalidate_legal()
    return list(GAME.legal_actions(state))


def answer(state: SootState, code: str, arg: int | None = None) -> None:
    """Apply the legal answer with ``code`` (and ``arg``); fails the test if there is none."""
    for a in legal(state):
        if a.code == code and (arg is None or a.arg == arg):
            GAME.apply(state, a)
            return
    raise AssertionError(f"no legal answer {code} {arg}; legal: {[str(a) for a in legal(state)]}")


def bid(state: SootState, amount: int) -> None:
    """Place a blind Legacy bid of ``amount`` (one answer, ``Choose("bid", amount)``)."""
    answer(state, "bid", amount)


def base(state: SootState, good: str) -> int:
    """The printed base price of a tracked good in the loaded data (an assumed number, so the
    rule tests read it here rather than repeat it: calibration may change it)."""
    return data(state).goods[good].base


def raw(state: SootState, good: str) -> int:
    """The fixed printed price of a raw or special good in the loaded data (assumed numbers)."""
    return data(state).goods[good].price
