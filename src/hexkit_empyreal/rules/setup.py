"""Setting Up the Game.

Build the map from the terrain boards for the player count, put a Good on
every hex but Cities and Wasteland, fill each City stand with Demand Tiles
(by player count), shuffle the Spellcars and deal a Market of six, deal the
face-down Specialist stacks (players + 1 of each type), deal Awards (Awards
variant) or the Expert offer, then: Expert award elimination in turn order,
Company and Captain selection in reverse turn order (Wild Captains lead any
Company), Headquarters placement in turn order. Seat 0 is the Start Player.

Source: rulebook, Setting Up the Game; Advanced Rules (Awards, Expert);
Friendly(ish) Competition; Team Variant (seating).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from hexkit.components import Deck, EmptyPolicy, MarketRow, Pool
from hexkit.rng import Rng

from hexkit_empyreal.actions import BeginPlay, auto
from hexkit_empyreal.actions import (
    Choose,
    EliminateAward,
    PickHex,
    PlaceHeadquarters,
    SelectCaptain,
    SelectCompany,
    interned,
)
from hexkit_empyreal.board import board_for, choose_layout
from hexkit_empyreal.config import EXPERT, FRIENDLY, EmpyrealConfig
from hexkit_empyreal.data import CITY, TERRAINS, WASTELAND, game_data, terrain_index
from hexkit_empyreal.effects.registry import Steps, push
from hexkit_empyreal.rules.dispatch import EmpyrealHandler, runs
from hexkit_empyreal.rules.network import add_car
from hexkit_empyreal.rules.railyard import market_rule
from hexkit_empyreal.rules.turn import start_turn_steps
from hexkit_empyreal.state import REV_AWARDS, EmpyrealState, GoodsSupply, PlayerState, board, data, touch, touch_folio
from hexkit_empyreal.state import PLAYED

__all__ = ["new_state", "hq_cells", "assign_company"]


def new_state(config: EmpyrealConfig, rng: Rng) -> EmpyrealState:
    """Set up a game and push the set-up decisions.

    Args:
        config: a checked config.
        rng: the game's random source (kept in the state).

    Returns:
        The state, waiting for the first set-up decision.
    """
    d = game_data(config)
    r = d.rules
    n = config.players
    friendly = FRIENDLY in config.variants
    layout = choose_layout(n, rng, d)
    b = board_for(layout, config)
    terrain = list(b.start_terrain)
    supply = GoodsSupply.from_counts([r.goods_per_colour] * 6)
    goods: list[tuple[int, ...]] = []
    for t in terrain:
        goods.append((t,) if t < 6 and supply.take(t) else ())
    per = r.demand_per_city[n]
    stands = [[(colour, k) for k in range(3) for _ in range(per[k])] for colour in b.city_colour]
    removed = set(d.friendly.spellcars) if friendly else set()
    deck = Deck.from_items((s.id for s in d.tiles if s.name not in removed), EmptyPolicy.RESHUFFLE, rng)
    row = MarketRow.empty(r.market_size, deck, market_rule(r), compact=True)
    row.refill(rng)
    market = cast("list[str]", row.slots)
    stacks: list[list[str]] = []
    box: list[list[str]] = []
    gone = set(d.friendly.specialists) if friendly else set()
    for kind in ("Engineer", "Surveyor", "Station Master"):
        names = [s.name for s in d.specialists if s.type == kind and s.name not in gone]
        rng.shuffle(names)
        stacks.append(names[: n + 1])
        box.append(sorted(names[n + 1 :]))
    awards: list[str] = []
    offer: list[str] = []
    award_box: list[str] = []
    if config.uses_awards:
        pool = [a.name for a in d.awards if a.min_players <= n]
        rng.shuffle(pool)
        if EXPERT in config.variants:
            offer = pool[: n + 2]
            award_box = sorted(pool[n + 2 :])
        else:
            awards = pool[: r.awards_dealt]
            award_box = sorted(pool[r.awards_dealt :])
    captains = [c.name for c in d.captains if not (friendly and c.name in d.friendly.captains)]
    state = EmpyrealState(
        config=config,
        rng=rng,
        layout=layout,
        terrain=terrain,
        goods=goods,
        cars=[() for _ in terrain],
        stands=stands,
        supply=supply,
        wasteland=r.wasteland_tiles,
        deck=deck.draw_pile,
        discard=deck.discard_pile,
        market=market,
        stacks=stacks,
        box=box,
        awards=awards,
        award_offer=offer,
        award_box=award_box,
        players=[PlayerState(pool=Pool(available=r.start_mana), cars_left=r.train_cars) for _ in range(n)],
        free_captains=captains,
        played={name: [0] * n for name in PLAYED},
    )
    state.note(None, f"map: boards {', '.join(layout)}; Spellcar Market: {', '.join(market)}")
    if awards:
        state.note(None, f"Awards in play: {', '.join(awards)}")
    steps: list[Any] = []
    if offer:
        order = [i % n for i in range(len(offer) - r.awards_dealt)]
        steps += [EliminateAward(player=s, prompt="eliminate an Award") for s in order]
    steps += [SelectCompany(player=s, prompt="choose a Company") for s in reversed(range(n))]
    steps += [PlaceHeadquarters(player=s, prompt="place your first train car on your Home Terrain") for s in range(n)]
    steps.append(auto(BeginPlay, 0))
    push(state, steps)
    return state


@runs(BeginPlay)
def _begin_play(state: EmpyrealState, o: BeginPlay) -> Steps | None:
    state.phase = "play"
    state.note(None, "play begins with the Start Player")
    return start_turn_steps(0)


def _taken_companies(state: EmpyrealState) -> set[str]:
    return {p.company for p in state.players if p.company}


def _feasible(state: EmpyrealState, companies: set[str], captains: set[str], players_left: int) -> bool:
    d = data(state)
    own = sum(1 for c in companies if d.company_by_name[c].captain in captains)
    wild = sum(1 for c in d.captains if not c.company and c.name in captains)
    return own + min(wild, len(companies) - own) >= players_left


def _captain_options(state: EmpyrealState, company: str) -> list[str]:
    d = data(state)
    free = set(state.free_captains)
    taken = _taken_companies(state) | {company}
    left = {c.name for c in d.companies} - taken
    players_left = sum(1 for p in state.players if not p.company) - 1
    own = d.company_by_name[company].captain
    options = [c.name for c in d.captains if c.name in free and (c.name == own or not c.company)]
    return [c for c in options if _feasible(state, left, free - {c}, players_left)]


class SelectCompanyHandler(EmpyrealHandler[SelectCompany]):
    """Choose a Company not yet taken (with a Captain available for it)."""

    def answers(self, state: EmpyrealState, d: SelectCompany) -> Sequence[Any]:
        taken = _taken_companies(state)
        names = [c.name for c in data(state).companies if c.name not in taken]
        return [interned(Choose, c) for c in names if _captain_options(state, c)]

    def answer(self, state: EmpyrealState, d: SelectCompany, action: Any) -> None:
        state.pending.append(SelectCaptain(player=d.player, prompt="choose a Captain", company=action.option))

    def why(self, state: EmpyrealState, d: SelectCompany, action: Any) -> str | None:
        if isinstance(action, Choose) and action.option in _taken_companies(state):
            return f"{action.option} is already taken"
        return None


class SelectCaptainHandler(EmpyrealHandler[SelectCaptain]):
    """Choose the Company's own Captain or a Wild Captain."""

    def answers(self, state: EmpyrealState, d: SelectCaptain) -> Sequence[Any]:
        return [interned(Choose, c) for c in _captain_options(state, d.company)]

    def answer(self, state: EmpyrealState, d: SelectCaptain, action: Any) -> None:
        assign_company(state, d.player, d.company, action.option)

    def why(self, state: EmpyrealState, d: SelectCaptain, action: Any) -> str | None:
        return f"{d.company} may be led by its own Captain or a free Wild Captain"


def assign_company(state: EmpyrealState, seat: int, company: str, captain: str) -> None:
    """Give ``seat`` a Company folio (printed railyard) led by ``captain``."""
    spec = data(state).company_by_name[company]
    ps = state.players[seat]
    ps.company = company
    ps.captain = captain
    ps.captain_ready = True
    if captain in state.free_captains:
        state.free_captains.remove(captain)
    ry = []
    for col, size in enumerate(spec.columns):
        for row in range(3):
            label = f"{chr(ord('A') + col)}{row + 1}"
            ry.append(spec.printed.get(label, "") if row < size else "-")
    ps.railyard = ry
    touch_folio(state, seat)
    state.note(seat, f"chose {company} led by {captain}")


def hq_cells(state: EmpyrealState, player: int, first: int) -> list[int]:
    """Legal Headquarters hexes: unoccupied Home Terrain, then an adjacent unoccupied hex (not City/Wasteland)."""
    b = board(state)
    if first < 0:
        home = terrain_index(data(state).company_by_name[state.players[player].company].home)
        return [
            c for c in range(b.size)
            if state.terrain[c] == home and not state.cars[c] and _seconds(state, c)
        ]
    return _seconds(state, first)


def _seconds(state: EmpyrealState, first: int) -> list[int]:
    b = board(state)
    return [
        c for c in b.neighbours[first] if not state.cars[c] and state.terrain[c] not in (CITY, WASTELAND)
    ]


class PlaceHeadquartersHandler(EmpyrealHandler[PlaceHeadquarters]):
    """Place the two Headquarters train cars."""

    def answers(self, state: EmpyrealState, d: PlaceHeadquarters) -> Sequence[Any]:
        hexes = board(state).hexes
        return [interned(PickHex, hexes[c]) for c in hq_cells(state, d.player, d.first)]

    def answer(self, state: EmpyrealState, d: PlaceHeadquarters, action: Any) -> None:
        b = board(state)
        cell = b.index[action.hex]
        add_car(state, d.player, cell)
        state.note(d.player, f"{state.players[d.player].company} placed Headquarters on {TERRAINS[state.terrain[cell]]} {action.hex}")
        if d.first < 0:
            state.pending.append(
                PlaceHeadquarters(player=d.player, prompt="place your second train car next to the first", first=cell)
            )

    def why(self, state: EmpyrealState, d: PlaceHeadquarters, action: Any) -> str | None:
        if d.first < 0:
            return "the first train car goes on an unoccupied hex of your Home Terrain"
        return "the second train car goes on an unoccupied hex next to the first, not a City or Wasteland"


class EliminateAwardHandler(EmpyrealHandler[EliminateAward]):
    """Expert: eliminate one offered Award; the last two are in play."""

    def answers(self, state: EmpyrealState, d: EliminateAward) -> Sequence[Any]:
        return [interned(Choose, a) for a in sorted(state.award_offer)]

    def answer(self, state: EmpyrealState, d: EliminateAward, action: Any) -> None:
        state.award_offer.remove(action.option)
        touch(state, REV_AWARDS)
        state.note(d.player, f"eliminated the {action.option} Award")
        if len(state.award_offer) <= data(state).rules.awards_dealt:
            state.awards = sorted(state.award_offer)
            state.award_offer = []
            touch(state, REV_AWARDS)
            state.note(None, f"Awards in play: {', '.join(state.awards)}")

    def why(self, state: EmpyrealState, d: EliminateAward, action: Any) -> str | None:
        return "that Award is not on offer"
