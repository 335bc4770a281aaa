"""A small hand-built neighbourhood and drivers for the unique-effect tests.

The map is the engine's sandbox (boards 1A-3A, every non-City hex Desert,
no Goods, no train cars). Kings' Line (seat 0, Home Terrain Lake) has one
train car on ``P`` = (10,1); the six hexes around it are named by compass
direction. The City (10,3) is next to ``SE`` only; ``NE`` and ``NW`` are on
the map edge.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from hexkit_empyreal import GAME, Activate, Choose, Move, UseSpecialist
from hexkit_empyreal.actions import Build, MainAction, PickHex, StartTurn
from hexkit_empyreal.data import load_data
from hexkit_empyreal.rules.railyard import slot_index
from hexkit_empyreal.state import EmpyrealState, board

from tests.empyreal.helpers import KL, KT, begin, cell, legal, put, sandbox

DATA = load_data()
COLOURS = DATA.colours

P = (10, 1)
E, NE, NW, W, SW, SE = (11, 1), (11, 0), (10, 0), (9, 1), (9, 2), (10, 2)
CITY = (10, 3)
FAR = (2, 4)


def area(companies: Sequence[str] = (KL, KT), variants: Iterable[str] = (), **options: Any) -> EmpyrealState:
    """The sandbox with Kings' Line's train car on P (a Lake without Goods)."""
    state = sandbox(companies, variants, **options)
    put(state, *P, "Lake", cars=[0])
    return state


def c(state: EmpyrealState, qr: tuple[int, int]) -> int:
    """Cell of a hex given as (q, r)."""
    return cell(state, *qr)


def hexes(state: EmpyrealState) -> set[str]:
    """Hexes offered by the pending decision (PickHex or Build answers)."""
    return {str(a.hex) for a in legal(state) if isinstance(a, (PickHex, Build))}


def builds(state: EmpyrealState) -> dict[str, int]:
    """Build answers offered: hex -> Transfer cost."""
    return {str(a.hex): a.cost for a in legal(state) if isinstance(a, Build)}


def options(state: EmpyrealState) -> list[str]:
    """Choose answers offered."""
    return [a.option for a in legal(state) if isinstance(a, Choose)]


def h(qr: tuple[int, int]) -> str:
    """The text of a hex, as actions print it."""
    return f"({qr[0]},{qr[1]})"


def do(state: EmpyrealState, action: Any) -> None:
    """Apply a legal action (raises IllegalActionError otherwise)."""
    GAME.apply(state, action)


def pick(state: EmpyrealState, qr: tuple[int, int]) -> None:
    """Answer a hex choice or a build with the hex (q, r)."""
    for a in legal(state):
        if isinstance(a, (PickHex, Build)) and str(a.hex) == h(qr):
            GAME.apply(state, a)
            return
    raise AssertionError(f"{h(qr)} not offered: {[str(a) for a in legal(state)]}")


def choose(state: EmpyrealState, option: str) -> None:
    """Answer with ``Choose(option)``."""
    GAME.apply(state, Choose(option))


def activate(state: EmpyrealState, spellcar: str, slot: str = "C1", player: int = 0, **extra: str) -> Activate:
    """Put ``spellcar`` in ``slot`` (and ``extra`` slots), move onto its column and activate it.

    Returns:
        The :class:`Activate` action taken (its ``cost`` is what was paid).
    """
    ps = state.players[player]
    ps.railyard[slot_index(slot)] = spellcar
    for other, sid in extra.items():
        ps.railyard[slot_index(other)] = sid
    ps.conductor = slot_index(slot) // 3
    begin(state, player, MainAction(player=player, prompt="main action"))
    do(state, Move(1, 0))
    return activate_more(state, slot)


def activate_more(state: EmpyrealState, slot: str) -> Activate:
    """Activate the Spellcar in ``slot`` of the Conductor's column (the offered cost)."""
    for a in legal(state):
        if isinstance(a, Activate) and a.slot == slot:
            GAME.apply(state, a)
            return a
    raise AssertionError(f"{slot} not offered: {[str(a) for a in legal(state)]}")


def use(state: EmpyrealState, name: str, player: int = 0) -> None:
    """Start ``player``'s turn and activate the Specialist ``name``."""
    begin(state, player, StartTurn(player=player))
    do(state, UseSpecialist(name))


def offered(state: EmpyrealState, name: str, player: int = 0) -> bool:
    """Whether ``name`` is offered in the Activate Specialists phase of a fresh turn."""
    begin(state, player, StartTurn(player=player))
    return UseSpecialist(name) in legal(state)


def goods_at(state: EmpyrealState, qr: tuple[int, int]) -> list[str]:
    """Colour names of the Goods on a hex."""
    return [COLOURS[g] for g in state.goods[c(state, qr)]]


def cars_at(state: EmpyrealState, qr: tuple[int, int]) -> tuple[int, ...]:
    """Seats of the train cars on a hex."""
    return state.cars[c(state, qr)]


def city_colour(state: EmpyrealState, qr: tuple[int, int] = CITY) -> str:
    """Colour of the City on a hex."""
    b = board(state)
    return COLOURS[b.city_colour[b.cities.index(c(state, qr))]]




def totals(state: EmpyrealState) -> tuple[list[int], list[int]]:
    """Goods per colour (map + folios + supply) and train cars per seat (map + supply)."""
    goods = [
        sum(g.count(col) for g in state.goods) + sum(ps.goods[col] for ps in state.players) + state.supply[col]
        for col in range(6)
    ]
    cars = [sum(cs.count(seat) for cs in state.cars) + ps.cars_left for seat, ps in enumerate(state.players)]
    return goods, cars


def rich_area(companies: Sequence[str] = (KL, KT)) -> EmpyrealState:
    """The neighbourhood with Goods, a competitor, a Wasteland and enough mana for anything."""
    state = area(companies)
    put(state, *P, goods=["blue", "red"])
    put(state, *W, "Lava", goods=["red"], cars=[1])
    put(state, *SW, "Wasteland")
    put(state, *E, "Forest", goods=["green"], cars=[0])
    put(state, *SE, "Lake", goods=["blue"], cars=[0])
    put(state, *FAR, "Mountain", goods=["grey"], cars=[1])
    state.players[0].mana, state.players[0].spent = 7, 2
    state.players[1].engineer = "Orman Kaspar"
    state.players[1].surveyor = "Hikaru Sorayama"
    state.players[1].station_masters = ["Clive Melmont"]
    return state


def fuzz(state: EmpyrealState, name: str, seed: int, player: int = 0) -> None:
    """Use the Specialist ``name`` and answer its decisions at random until the phase returns.

    Checks that Goods and train cars are conserved and that the turn goes on.
    """
    from hexkit.rng import Rng

    from hexkit_empyreal.actions import MainAction, SpecialistPhase

    before = totals(state)
    rng = Rng(seed)
    use(state, name, player)
    for _ in range(60):
        top = state.pending[-1]
        if isinstance(top, (SpecialistPhase, MainAction)) and top.player == player:
            break
        acts = legal(state)
        GAME.apply(state, acts[rng.randbelow(len(acts))])
    top = state.pending[-1]
    assert isinstance(top, (SpecialistPhase, MainAction)), (name, top)
    assert totals(state) == before, name
    ps = state.players[player]
    assert 0 <= ps.mana and ps.mana + ps.spent <= DATA.rules.mana_cap, name


__all__ = [
    "DATA", "COLOURS", "KL", "KT", "P", "E", "NE", "NW", "W", "SW", "SE", "CITY", "FAR",
    "area", "c", "hexes", "builds", "options", "h", "do", "pick", "choose", "activate", "activate_more",
    "use", "offered", "goods_at", "cars_at", "city_colour", "put", "legal", "begin", "totals", "rich_area", "fuzz",
]
