"""One test per card ability of the 60-card deck, on small hand-built positions.

Cards are played the way a player plays them: from the hand, through the
turn menu's "Play Card" free action; each test then answers the ability's
questions and checks the resulting numbers.

Source: rulebook §15 "Cards"; data ``cards.toml`` (assumed abilities).
"""

from __future__ import annotations

import pytest

import hexkit_soot.effects.cards  # noqa: F401  (registers the abilities)
from hexkit.hexes import Hex
from hexkit_soot import GAME
from hexkit_soot.actions import Choose, Step
from hexkit_soot.effects import Hook, lookup, missing, modify
from hexkit_soot.effects.reactions import Moment, notify
from hexkit_soot.grid import edge_code, hex_code
from hexkit_soot.ledger import data
from hexkit_soot.rules.camps import camp_cost
from hexkit_soot.rules.cards import card_id
from hexkit_soot.rules.market import sell_price
from hexkit_soot.rules.routes import route_at
from hexkit_soot.rules.setup import give_package
from hexkit_soot.state import CENTRAL_CITY, RAIL, ROAD, TRAIL, Community, Facility, SootState

from tests.soot.helpers import answer, balance_supply, base, legal, raw

E1 = Hex(1, 0)
E2 = Hex(2, 0)


def tile_id(state: SootState, terrain: str, site: str = "", river: bool = False) -> int:
    """A tile id of the data with this terrain, site and river icon."""
    return data(state).tile_list().index((terrain, site, river))


def position(players: int = 2, archetypes: tuple[str, ...] = ("Railroad Baron", "Merchant")) -> SootState:
    """Round 2 (Thaw), Action phase, P0 to play; Plains tiles east of the Central City at (1,0) and (2,0)."""
    state = GAME.new(GAME.make_config(players), seed=11)
    state.pending.clear()
    for seat, name in enumerate(archetypes):
        give_package(state, seat, name)
    state.round = 2
    state.phase = "actions"
    state.order = list(range(players))
    for p in state.players:
        p.actions = 3
    plains = tile_id(state, "Plains")
    state.tiles[E1] = plains
    state.tiles[E2] = plains
    state.pending.append(Step(player=0, prompt="turn", kind="turn"))
    state.invalidate_legal()
    return state


def codes(state: SootState) -> list[tuple[str, int]]:
    return [(a.code, a.arg) for a in legal(state)]


def play(state: SootState, card: str, player: int = 0) -> None:
    """Put ``card`` in the player's hand and play it for its ability from the turn menu."""
    state.players[player].hand.append(card)
    answer(state, "Play Card", card_id(state, card))


def playable(state: SootState, card: str, player: int = 0) -> bool:
    state.players[player].hand.append(card)
    ok = ("Play Card", card_id(state, card)) in codes(state)
    state.players[player].hand.remove(card)
    return ok


def test_every_card_has_an_ability() -> None:
    d = data(position())
    assert len(d.cards) == 24
    assert sum(c.copies for c in d.cards.values()) == 60
    assert sum(1 for c in d.cards.values() if c.legacy) == 10
    assert missing(d.cards) == []


def test_every_ability_documents_its_source() -> None:
    for name in data(position()).cards:
        found = lookup(name)
        assert found is not None and found.play is not None
        assert "Source:" in (found.play.__doc__ or ""), name


def test_surveyors_chain_walks_two_hexes_and_blazes_trails() -> None:
    state = position()
    play(state, "Surveyor's Chain")
    assert codes(state) == [("hex", hex_code(E1))]  # only explored neighbours; no stop before the first step
    answer(state, "hex", hex_code(E1))
    assert sorted(codes(state)) == sorted([("hex", hex_code(CENTRAL_CITY)), ("hex", hex_code(E2)), ("stop", 0)])
    answer(state, "hex", hex_code(E2))
    p = state.players[0]
    assert p.explorers == [E2]
    assert route_at(state, CENTRAL_CITY, CENTRAL_CITY.neighbors().index(E1)) == TRAIL
    assert route_at(state, E1, E1.neighbors().index(E2)) == TRAIL
    assert "Surveyor's Chain" in state.discard and p.hand == []
    assert state.pending[-1].kind == "turn"


def test_surveyors_chain_may_stop_after_one_hex() -> None:
    state = position()
    play(state, "Surveyor's Chain")
    answer(state, "hex", hex_code(E1))
    answer(state, "stop")
    assert state.players[0].explorers == [E1]


def test_surveyors_chain_not_playable_without_explored_neighbour() -> None:
    state = position()
    state.players[0].explorers = [Hex(-3, 0)]
    state.tiles[Hex(-3, 0)] = tile_id(state, "Plains")
    assert not playable(state, "Surveyor's Chain")


def test_teamsters_gives_a_move_without_spending_an_action() -> None:
    state = position()
    play(state, "Teamsters")
    assert state.pending[-1].kind == "move.agent"
    answer(state, "agent", 0)  # the Explorer
    answer(state, "hex", hex_code(E2))
    answer(state, "done")
    assert state.players[0].explorers == [E2]
    assert state.players[0].actions == 3


def test_foreman_adds_one_action() -> None:
    state = position()
    play(state, "Foreman")
    assert state.players[0].actions == 4


def test_land_grant_makes_the_next_camp_cheaper_until_used() -> None:
    state = position()
    assert camp_cost(state, 0, E1, "Farm") == ({"Timber": 1, "Stone": 1}, 1, 0)
    play(state, "Land Grant")
    assert camp_cost(state, 0, E1, "Farm") == ({"Timber": 1, "Stone": 1}, 0, 1)
    assert not playable(state, "Land Grant")  # does not stack
    notify(state, 0, Moment.CAMP_FOUNDED, {"hex": E1, "kind": "Farm"})
    assert camp_cost(state, 0, E1, "Farm") == ({"Timber": 1, "Stone": 1}, 1, 0)
    assert camp_cost(state, 1, E1, "Farm") == ({"Timber": 1, "Stone": 1}, 1, 0)


@pytest.mark.parametrize(
    ("card", "gains"),
    [
        ("Timber Contract", {"Timber": 2}),
        ("Quarry Crew", {"Stone": 2}),
        ("Iron Tools", {"Iron Ore": 1, "Coal": 1}),
        ("Harvest Festival", {"Grain": 2}),
    ],
)
def test_goods_cards_fill_the_network(card: str, gains: dict[str, int]) -> None:
    state = position()
    before = dict(state.players[0].stock)  # Railroad Baron: 2 Iron Ore, 1 Timber
    supply = state.supply.counts()
    play(state, card)
    for good, n in gains.items():
        assert state.players[0].stock.get(good, 0) == before.get(good, 0) + n
        assert state.supply.count(good) == supply[good] - n


def test_goods_card_comes_up_short_when_the_supply_runs_out() -> None:
    state = position()
    state.supply.take("Timber", state.supply.count("Timber") - 1)
    play(state, "Timber Contract")
    assert state.players[0].stock["Timber"] == 2  # 1 from the package + the last token
    assert state.supply.count("Timber") == 0


def test_market_day_moves_one_price() -> None:
    state = position()
    play(state, "Market Day")
    lumber = list(data(state).goods).index("Lumber")
    answer(state, "good", lumber)
    assert sorted(codes(state)) == [("down", -1), ("up", 1)]
    answer(state, "up")
    assert state.prices["Lumber"] == base(state, "Lumber") + 1
    assert state.prices["Cut Stone"] == base(state, "Cut Stone")  # no other track moved


def test_market_day_offers_only_moves_that_change_a_price() -> None:
    state = position()
    state.prices["Lumber"] = data(state).goods["Lumber"].maximum
    play(state, "Market Day")
    answer(state, "good", list(data(state).goods).index("Lumber"))
    assert codes(state) == [("down", -1)]


def test_price_gouging_adds_one_per_unit_to_the_next_sale() -> None:
    state = position()
    timber = raw(state, "Timber")
    assert sell_price(state, 0, "Timber", CENTRAL_CITY) == timber
    play(state, "Price Gouging")
    assert sell_price(state, 0, "Timber", CENTRAL_CITY) == timber + 1
    assert sell_price(state, 1, "Timber", CENTRAL_CITY) == timber
    assert sell_price(state, 0, "Cultural Artifact", CENTRAL_CITY) == 5  # flat price, no bonus
    notify(state, 0, Moment.SOLD, {"good": "Cultural Artifact", "units": 1, "hex": CENTRAL_CITY})
    assert sell_price(state, 0, "Timber", CENTRAL_CITY) == timber + 1  # not used up by a flat-priced sale
    notify(state, 0, Moment.SOLD, {"good": "Timber", "units": 1, "hex": CENTRAL_CITY})
    assert sell_price(state, 0, "Timber", CENTRAL_CITY) == timber


def test_bank_draft_gives_three() -> None:
    state = position()
    play(state, "Bank Draft")
    assert state.players[0].currency == 4 + 3


def test_smoke_scrubbers_removes_up_to_two_soot() -> None:
    state = position()
    assert not playable(state, "Smoke Scrubbers")
    state.players[0].soot = 3
    play(state, "Smoke Scrubbers")
    assert state.players[0].soot == 1
    play(state, "Smoke Scrubbers")
    assert state.players[0].soot == 0


def test_double_shift_adds_one_firing_to_the_next_refine() -> None:
    state = position()
    assert modify(state, 0, Hook.EXTRA_FIRINGS, 0) == 0
    play(state, "Double Shift")
    assert modify(state, 0, Hook.EXTRA_FIRINGS, 0) == 1
    notify(state, 0, Moment.REFINE_DONE, {"hexes": ()})
    assert modify(state, 0, Hook.EXTRA_FIRINGS, 0) == 0


def test_railway_survey_lays_a_free_road() -> None:
    state = position()
    stock = dict(state.players[0].stock)
    play(state, "Railway Survey")
    d = CENTRAL_CITY.neighbors().index(E1)
    assert ("edge", edge_code(CENTRAL_CITY, d)) in codes(state)
    answer(state, "edge", edge_code(CENTRAL_CITY, d))
    assert route_at(state, CENTRAL_CITY, d) == ROAD
    assert state.route_owner[CENTRAL_CITY][d] == 0
    assert state.route_owner[E1][(d + 3) % 6] == 0
    assert state.players[0].stock == stock


def test_golden_spike_builds_a_free_rail_below_three_segments() -> None:
    state = position()
    play(state, "The Golden Spike")
    d = CENTRAL_CITY.neighbors().index(E1)
    answer(state, "edge", edge_code(CENTRAL_CITY, d))
    assert route_at(state, CENTRAL_CITY, d) == RAIL
    assert state.players[0].points == 0
    assert "The Golden Spike" in state.legacy_gone and "The Golden Spike" not in state.discard


def test_golden_spike_scores_three_with_three_rail_segments() -> None:
    from hexkit_soot.rules.routes import set_route

    state = position()
    state.tiles[Hex(3, 0)] = tile_id(state, "Plains")
    for a, b in ((CENTRAL_CITY, E1), (E1, E2), (E2, Hex(3, 0))):
        set_route(state, a, b, RAIL, 0)
    play(state, "The Golden Spike")
    assert state.players[0].points == 3
    assert state.pending[-1].kind == "turn"


def test_great_exhibition_scores_two_per_tier3_facility() -> None:
    state = position()
    assert not playable(state, "The Great Exhibition")
    cc = state.settlements[CENTRAL_CITY]
    cc.facilities += [Facility(name="Steelworks", owner=0), Facility(name="Glassworks", owner=0),
                      Facility(name="Tool Works", owner=1)]
    play(state, "The Great Exhibition")
    assert state.players[0].points == 4


def test_land_rush_founds_a_free_camp_under_the_builder() -> None:
    state = position()
    state.players[0].builders = [E1]
    cur, stock = state.players[0].currency, dict(state.players[0].stock)
    play(state, "The Land Rush")
    kinds = list(data(state).camps)
    assert sorted(codes(state)) == sorted(
        [("camp", hex_code(E1) * 16 + kinds.index("Farm")), ("camp", hex_code(E1) * 16 + kinds.index("Ranch"))]
    )
    answer(state, "camp", hex_code(E1) * 16 + kinds.index("Farm"))
    assert state.camps[E1].owner == 0 and state.camps[E1].kind == "Farm"
    assert state.players[0].points == 3  # 1 for the camp + 2 for the first Agriculture camp
    assert state.players[0].currency == cur and state.players[0].stock == stock


def test_land_rush_respects_the_camp_limit() -> None:
    from hexkit_soot.state import Camp

    state = position()
    state.players[0].builders = [E1]
    for q in range(4):  # Railroad Baron: 4 camps
        state.camps[Hex(q, -3)] = Camp(owner=0, kind="Farm")
    state.players[0].camps_founded = 4  # the limit counts foundings
    assert not playable(state, "The Land Rush")


def test_silver_strike_puts_two_gold_on_the_explorers_hex() -> None:
    state = position()
    state.players[0].explorers = [E1]
    gold = state.supply.count("Gold")
    play(state, "The Silver Strike")
    assert state.players[0].loose[E1] == {"Gold": 2}
    assert state.supply.count("Gold") == gold - 2


def test_treaty_of_the_falls_gives_two_favor_and_a_prestige() -> None:
    state = position()
    state.communities[E2] = Community(kind="Trading Post", favor=[1, 0])
    play(state, "The Treaty of the Falls")
    answer(state, "community", hex_code(E2))
    assert state.communities[E2].favor == [3, 0]
    assert state.communities[E2].pact == 0  # Favor 3 forms the pact
    assert state.players[0].prestige == 1


def test_treaty_without_communities_gives_only_the_prestige() -> None:
    state = position()
    play(state, "The Treaty of the Falls")
    assert state.players[0].prestige == 1
    assert state.pending[-1].kind == "turn"


def test_the_panic_lowers_every_tracked_price() -> None:
    state = position()
    state.prices["Cloth"] = state.floors["Cloth"]
    play(state, "The Panic")
    assert state.prices["Lumber"] == base(state, "Lumber") - 1
    assert state.prices["Steel"] == base(state, "Steel") - 1
    assert state.prices["Cloth"] == state.floors["Cloth"]  # already on its floor


def test_royal_charter_gives_three_points_and_three_currency() -> None:
    state = position()
    play(state, "The Royal Charter")
    assert state.players[0].points == 3
    assert state.players[0].currency == 7


def test_steam_engine_patent_adds_one_output_to_the_first_firing_of_a_round() -> None:
    state = position()
    play(state, "The Steam Engine Patent")
    assert "The Steam Engine Patent" in state.legacy_gone
    assert state.players[0].lasting == ["The Steam Engine Patent"]
    assert modify(state, 1, Hook.FACILITY_OUTPUT, 0, {"facility": "Sawmill", "owned": True}) == 0
    args = {"facility": "Sawmill", "owned": True}
    assert modify(state, 0, Hook.FACILITY_OUTPUT, 0, args) == 1
    state.players[0].made.append("Lumber")
    assert modify(state, 0, Hook.FACILITY_OUTPUT, 0, args) == 0


def test_telegraph_draws_two_and_gives_an_action() -> None:
    state = position()
    deck = len(state.deck)
    play(state, "The Telegraph")
    assert len(state.players[0].hand) == 2
    assert len(state.deck) == deck - 2
    assert state.players[0].actions == 4


def test_great_fire_takes_one_chosen_good_from_each_rival() -> None:
    state = position(3, ("Railroad Baron", "Merchant", "Rancher"))
    # Merchant: 1 Grain, 1 Timber; Rancher: 2 Grain, 2 Livestock
    names = list(data(state).goods)
    play(state, "The Great Fire")
    assert state.pending[-1].player == 0
    assert sorted(codes(state)) == sorted([("good", names.index("Grain")), ("good", names.index("Timber"))])
    answer(state, "good", names.index("Timber"))
    answer(state, "good", names.index("Livestock"))
    assert state.players[1].stock == {"Grain": 1}
    assert state.players[2].stock == {"Grain": 2, "Livestock": 1}
    assert state.players[0].stock == {"Iron Ore": 2, "Timber": 1}
    assert state.pending[-1].kind == "turn"


def test_great_fire_skips_a_rival_with_an_empty_network() -> None:
    state = position()
    state.players[1].stock = {}
    play(state, "The Great Fire")
    assert state.pending[-1].kind == "turn"


def test_legacy_cards_leave_the_game_and_regular_cards_are_discarded() -> None:
    state = position()
    play(state, "The Royal Charter")
    play(state, "Bank Draft")
    assert state.legacy_gone == ["The Royal Charter"]
    assert state.discard == ["Bank Draft"]
    assert lookup("Bank Draft") is not None


# -- through the rules that use them up (the rules announce the moment) ----------

def test_land_grant_is_used_up_by_a_found_camp_action() -> None:
    state = position()
    state.players[0].builders = [E1]
    state.players[0].loose[E1] = {"Timber": 1, "Stone": 1}  # camp goods are paid where the camp goes
    play(state, "Land Grant")
    answer(state, "Found Camp")
    kinds = list(data(state).camps)
    answer(state, "camp", hex_code(E1) * 16 + kinds.index("Farm"))
    ways = {str(a): a for a in legal(state)}
    assert sorted(ways) == ["discount waives: 1 Stone", "discount waives: 1 Timber"]  # the player's choice
    GAME.apply(state, ways["discount waives: 1 Stone"])
    assert state.players[0].currency == 4  # no ¤ for the camp
    assert state.players[0].loose[E1] == {"Stone": 1}  # 1 Timber paid instead of Timber + Stone
    assert "Land Grant@0" not in state.active
    assert camp_cost(state, 0, E2, "Farm") == ({"Timber": 1, "Stone": 1}, 1, 0)


def test_price_gouging_is_used_up_by_a_sale() -> None:
    state = position()
    play(state, "Price Gouging")
    answer(state, "Market Transaction")
    answer(state, "sell", list(data(state).goods).index("Iron Ore"))
    answer(state, "qty", 2)
    assert state.players[0].currency == 4 + 2 * (3 + 1)
    assert "Price Gouging@0" not in state.active


def test_double_shift_fires_a_facility_twice_in_one_refine() -> None:
    from hexkit_soot.state import Settlement

    state = position()
    mill = Settlement(kind="Frontier Settlement", spec="Mill Town", founder=0,
                      facilities=[Facility(name="Sawmill", owner=0)])
    state.settlements[E1] = mill
    state.players[0].loose[E1] = {"Timber": 4, "Grain": 2}
    balance_supply(state)
    play(state, "Double Shift")
    answer(state, "Refine")
    answer(state, "fire", hex_code(E1) * 8)
    answer(state, "fire", hex_code(E1) * 8)
    assert state.players[0].loose[E1] == {"Lumber": 4}


def test_steam_engine_patent_lasts_beyond_the_round() -> None:
    from hexkit_soot.effects import sources

    state = position()
    play(state, "The Steam Engine Patent")
    state.active.clear()  # a new round
    assert "The Steam Engine Patent" in sources(state, 0)


def test_steam_engine_patent_in_a_real_refine_only_the_first_firing_gains() -> None:
    from hexkit_soot.state import Settlement

    state = position()
    mill = Settlement(kind="Frontier Settlement", spec="Mill Town", founder=0,
                      facilities=[Facility(name="Sawmill", owner=0), Facility(name="Stonecutter", owner=0)])
    state.settlements[E1] = mill
    state.players[0].loose[E1] = {"Timber": 2, "Stone": 2, "Grain": 2}
    balance_supply(state)
    play(state, "The Steam Engine Patent")
    answer(state, "Refine")
    answer(state, "fire", hex_code(E1) * 8)  # Sawmill first: 2 + 1 Lumber
    answer(state, "fire", hex_code(E1) * 8 + 1)  # Stonecutter: 2 Cut Stone, no bonus
    assert state.players[0].loose[E1] == {"Lumber": 3, "Cut Stone": 2}


def test_cards_are_offered_only_when_their_ability_can_act() -> None:
    state = position()
    for h in (E1, E2):
        del state.tiles[h]  # the Central City alone: no edge to build on, nowhere to walk
    state.players[0].caravans = []
    assert not playable(state, "Railway Survey")
    assert not playable(state, "The Golden Spike")
    assert not playable(state, "Surveyor's Chain")
    assert not playable(state, "Teamsters")
    assert playable(state, "Bank Draft")
    state.players[0].stock = {}
    play(state, "Price Gouging")
    play(state, "Double Shift")
    play(state, "The Steam Engine Patent")
    assert not playable(state, "Price Gouging")
    assert not playable(state, "Double Shift")
    assert not playable(state, "The Steam Engine Patent")
    state.pending[-1] = Step(player=1, prompt="turn", kind="turn")
    assert playable(state, "Price Gouging", player=1)  # P0's card does not block P1's


# -- every ability in positions reached by random play -----------------------------------------

def midgame(players: int, seed: int, steps: int) -> SootState | None:
    """Random play for about ``steps`` decisions, stopped at a turn question (None if the game ended)."""
    from hexkit.rng import Rng

    state = GAME.new(GAME.make_config(players), seed)
    chooser = Rng(seed)
    n = 0
    while not GAME.is_over(state):
        if n >= steps and state.pending[-1].kind == "turn":
            return state
        options = GAME.legal_actions(state)
        GAME.apply(state, options[chooser.randbelow(len(options))])
        n += 1
    return None


def check_bounds(state: SootState, tokens: dict[str, int], cap: bool = True) -> None:
    """Goods conserved, currency and soot in range, prices within their tracks, camp tiles capped."""
    from tests.soot.helpers import token_total

    assert token_total(state) == tokens
    d = data(state)
    for p in state.players:
        assert p.currency >= 0 and 0 <= p.soot <= d.numbers.soot_max
        assert d.numbers.prestige_min <= p.prestige <= d.numbers.prestige_max
    for good, price in state.prices.items():
        assert state.floors[good] <= price <= d.goods[good].maximum
    for h, camp in state.camps.items():
        assert not cap or sum(state.players[camp.owner].loose.get(h, {}).values()) <= d.numbers.tile_cap
    assert all(n >= 0 for n in state.stacks.values())


def resolve(state: SootState, seed: int, limit: int = 400) -> None:
    """Answer at random until a turn question is on top again (or the game ends)."""
    from hexkit.rng import Rng

    chooser = Rng(seed)
    for _ in range(limit):
        if GAME.is_over(state) or state.pending[-1].kind == "turn":
            return
        options = GAME.legal_actions(state)
        assert options, "a pending question must have answers"
        GAME.apply(state, options[chooser.randbelow(len(options))])
    raise AssertionError("the ability did not finish")


@pytest.mark.parametrize(("players", "seed", "steps"), [(2, 1, 150), (3, 2, 400), (4, 3, 700), (6, 4, 500)])
def test_every_ability_keeps_the_invariants_in_random_positions(players: int, seed: int, steps: int) -> None:
    base = midgame(players, seed, steps)
    assert base is not None
    tokens = {name: g.tokens for name, g in data(base).goods.items()}
    check_bounds(base, tokens)
    played = 0
    for k, card in enumerate(data(base).cards):
        state = GAME.clone(base)
        player = state.pending[-1].player
        state.players[player].hand.append(card)
        state.invalidate_legal()
        choice = next((a for a in GAME.legal_actions(state) if a.code == "Play Card" and a.arg == card_id(state, card)), None)
        if choice is None:
            continue
        GAME.apply(state, choice)
        resolve(state, seed * 100 + k)
        check_bounds(state, tokens)
        played += 1
    assert played >= 12  # most abilities can act in a mid-game position


def test_why_unplayable_names_what_is_missing() -> None:
    from hexkit_soot.effects.cards import NEEDS, why_unplayable

    state = position()
    assert why_unplayable(state, 0, "Smoke Scrubbers") == "Smoke Scrubbers needs soot on your track"
    assert why_unplayable(state, 0, "The Great Exhibition") == "The Great Exhibition needs a Tier 3 facility of yours"
    assert why_unplayable(state, 0, "Bank Draft") is None
    state.players[0].soot = 2
    assert why_unplayable(state, 0, "Smoke Scrubbers") is None
    registered = {n: lookup(n) for n in data(state).cards}
    conditional = {n for n, e in registered.items() if e is not None and e.playable is not None}
    assert conditional == set(NEEDS)
