"""One test per event option (20 events x A/B), on small hand-built positions.

Events run the way the Market Update runs them (``apply_event`` with the
Event Token holder's choice); questions they ask are answered through the
game's ``apply``.

Source: rulebook §16 "Events"; data ``events.toml`` (assumed options).
"""

from __future__ import annotations

import pytest

import hexkit_soot.effects.events  # noqa: F401  (registers the events)
from hexkit.hexes import Hex
from hexkit_soot import GAME
from hexkit_soot.actions import Choose, Step
from hexkit_soot.effects import missing
from hexkit_soot.effects.events import EVENT_NAMES
from hexkit_soot.ledger import data
from hexkit_soot.rules.market_update import apply_event
from hexkit_soot.rules.setup import give_package
from hexkit_soot.state import CENTRAL_CITY, RAIL, Camp, Facility, Settlement, SootState

from tests.soot.helpers import answer, balance_supply, base, legal

ARCHES = ("Railroad Baron", "Merchant", "Rancher")
# packages: Baron 4¤, 2 Iron Ore, 1 Timber; Merchant 8¤, 1 Grain, 1 Timber; Rancher 2¤, 2 Grain, 2 Livestock


def tile_id(state: SootState, terrain: str, site: str = "", river: bool = False) -> int:
    return data(state).tile_list().index((terrain, site, river))


def position(players: int = 3) -> SootState:
    """Round 4, Market Update phase, Event Token with P1; three archetypes."""
    state = GAME.new(GAME.make_config(players), seed=5)
    state.pending.clear()
    for seat in range(players):
        give_package(state, seat, ARCHES[seat % 3])
    state.round = 4
    state.phase = "market"
    state.order = list(range(players))
    state.event_token = 1
    state.pending.append(Step(player=1, prompt="placeholder", kind="turn"))
    return state


def event(state: SootState, name: str, option: str, holder: int = 1) -> None:
    index = next(i for i, e in enumerate(data(state).events) if e.name == name)
    apply_event(state, index, option, holder)


def cash(state: SootState) -> list[int]:
    return [p.currency for p in state.players]


def test_all_twenty_events_are_registered_in_four_packs() -> None:
    d = data(position())
    assert [e.name for e in d.events] == list(EVENT_NAMES)
    assert {s: sum(1 for e in d.events if e.season == s) for s in ("Thaw", "Boom", "Hardship", "Decline")} == {
        "Thaw": 5, "Boom": 5, "Hardship": 5, "Decline": 5}
    assert missing(EVENT_NAMES) == []


def test_every_event_documents_its_source_and_both_options() -> None:
    from hexkit_soot.effects import lookup

    for name in EVENT_NAMES:
        found = lookup(name)
        assert found is not None and found.play is not None
        doc = found.play.__doc__ or ""
        assert "Source:" in doc and "A:" in doc and "B:" in doc, name


# -- Thaw ---------------------------------------------------------------------

def test_spring_floods_a_fish_on_camps_on_water() -> None:
    state = position()
    wet, dry = Hex(1, 0), Hex(0, 1)
    state.tiles[wet] = tile_id(state, "Plains", river=True)
    state.tiles[dry] = tile_id(state, "Plains")
    state.water[wet] = True
    state.camps[wet] = Camp(owner=2, kind="Farm")
    state.camps[dry] = Camp(owner=0, kind="Farm")
    state.players[2].loose[wet] = {"Grain": 1}
    event(state, "Spring Floods", "A")
    assert state.players[2].loose[wet] == {"Grain": 1, "Fish": 1}
    assert dry not in state.players[0].loose


def test_spring_floods_a_respects_the_tile_cap() -> None:
    state = position()
    wet = Hex(1, 0)
    state.tiles[wet] = tile_id(state, "Plains", river=True)
    state.water[wet] = True
    state.camps[wet] = Camp(owner=2, kind="Farm")
    state.players[2].loose[wet] = {"Grain": 2}
    event(state, "Spring Floods", "A")
    assert state.players[2].loose[wet] == {"Grain": 2}


def test_spring_floods_b_a_fish_for_everyone() -> None:
    state = position()
    fish = state.supply.count("Fish")
    event(state, "Spring Floods", "B")
    assert [p.stock.get("Fish", 0) for p in state.players] == [1, 1, 1]
    assert state.supply.count("Fish") == fish - 3


def test_wagon_train_a_two_grain_each() -> None:
    state = position()
    event(state, "Wagon Train Arrives", "A")
    assert [p.stock.get("Grain", 0) for p in state.players] == [2, 3, 4]


def test_wagon_train_b_one_currency_each() -> None:
    state = position()
    event(state, "Wagon Train Arrives", "B")
    assert cash(state) == [5, 9, 3]


def _camps(state: SootState, counts: list[int]) -> None:
    r = 0
    for seat, n in enumerate(counts):
        for _ in range(n):
            r += 1
            state.camps[Hex(r, -r)] = Camp(owner=seat, kind="Farm")


def test_land_speculators_a_fewest_camps_gain_two() -> None:
    state = position()
    _camps(state, [2, 0, 0])
    event(state, "Land Speculators", "A")
    assert cash(state) == [4, 10, 4]


def test_land_speculators_b_most_camps_pay_one() -> None:
    state = position()
    _camps(state, [2, 2, 1])
    event(state, "Land Speculators", "B")
    assert cash(state) == [3, 7, 2]


def test_land_speculators_b_nobody_pays_without_camps() -> None:
    state = position()
    event(state, "Land Speculators", "B")
    assert cash(state) == [4, 8, 2]


def test_fur_rendezvous_a_cloth_up_two() -> None:
    state = position()
    event(state, "Fur Rendezvous", "A")
    assert state.prices["Cloth"] == base(state, "Cloth") + 2


def test_fur_rendezvous_b_furs_stacks_grow() -> None:
    state = position()
    furs, iron = Hex(1, 0), Hex(2, 0)
    state.tiles[furs] = tile_id(state, "Forest", "Furs")
    state.tiles[iron] = tile_id(state, "Hill", "Iron Ore")
    state.stacks[furs] = 2
    state.stacks[iron] = 2
    event(state, "Fur Rendezvous", "B")
    assert state.stacks == {furs: 3, iron: 2}


def test_survey_party_a_everyone_draws_one() -> None:
    state = position()
    deck = len(state.deck)
    event(state, "Survey Party", "A")
    assert [len(p.hand) for p in state.players] == [1, 1, 1]
    assert len(state.deck) == deck - 3


def test_survey_party_b_token_holder_gains_two() -> None:
    state = position()
    event(state, "Survey Party", "B", holder=1)
    assert cash(state) == [4, 10, 2]


# -- Boom ---------------------------------------------------------------------

def test_railway_mania_a_steel_and_pig_iron_up() -> None:
    state = position()
    event(state, "Railway Mania", "A")
    assert (state.prices["Steel"], state.prices["Pig Iron"]) == (base(state, "Steel") + 1, base(state, "Pig Iron") + 1)


def test_railway_mania_b_rail_owners_score() -> None:
    from hexkit_soot.rules.routes import set_route

    state = position()
    state.tiles[Hex(1, 0)] = tile_id(state, "Plains")
    set_route(state, CENTRAL_CITY, Hex(1, 0), RAIL, 2)
    event(state, "Railway Mania", "B")
    assert [p.points for p in state.players] == [0, 0, 1]


def test_gold_fever_a_luxury_up_two() -> None:
    state = position()
    event(state, "Gold Fever", "A")
    assert state.prices["Luxury Goods"] == base(state, "Luxury Goods") + 2


def test_gold_fever_b_gold_stacks_grow() -> None:
    state = position()
    gold, coal = Hex(1, 0), Hex(2, 0)
    state.tiles[gold] = tile_id(state, "Mountain", "Gold")
    state.tiles[coal] = tile_id(state, "Mountain", "Coal")
    state.stacks[gold] = 1
    state.stacks[coal] = 1
    event(state, "Gold Fever", "B")
    assert state.stacks == {gold: 2, coal: 1}


def test_foreign_buyers_a_tier2_up() -> None:
    state = position()
    event(state, "Foreign Buyers", "A")
    assert (state.prices["Lumber"], state.prices["Bronze"], state.prices["Steel"]) == (
        base(state, "Lumber") + 1, base(state, "Bronze") + 1, base(state, "Steel"))


def test_foreign_buyers_b_tier3_up() -> None:
    state = position()
    event(state, "Foreign Buyers", "B")
    assert (state.prices["Lumber"], state.prices["Steel"], state.prices["Luxury Goods"]) == (
        base(state, "Lumber"), base(state, "Steel") + 1, base(state, "Luxury Goods") + 1)


def test_credit_boom_a_borrowers_gain_two() -> None:
    state = position()
    state.players[0].loans = 2
    event(state, "Credit Boom", "A")
    assert cash(state) == [6, 8, 2]


def test_credit_boom_b_debt_free_gain_one() -> None:
    state = position()
    state.players[0].loans = 1
    event(state, "Credit Boom", "B")
    assert cash(state) == [4, 9, 3]


def test_lumber_rush_a_lumber_and_cut_stone_up() -> None:
    state = position()
    event(state, "Lumber Rush", "A")
    assert (state.prices["Lumber"], state.prices["Cut Stone"]) == (base(state, "Lumber") + 1, base(state, "Cut Stone") + 1)


def test_lumber_rush_b_a_timber_each() -> None:
    state = position()
    event(state, "Lumber Rush", "B")
    assert [p.stock.get("Timber", 0) for p in state.players] == [2, 2, 1]


# -- Hardship -----------------------------------------------------------------

def test_drought_a_processed_foods_up_two() -> None:
    state = position()
    event(state, "Drought", "A")
    assert state.prices["Processed Foods"] == base(state, "Processed Foods") + 2


def test_drought_b_each_pays_food_or_two() -> None:
    state = position()
    names = list(data(state).goods)
    # P1 (token holder, 8¤, 1 Grain) chooses; P2 (2¤, Grain + Livestock) chooses; P0 (4¤, no food) pays 2¤
    event(state, "Drought", "B", holder=1)
    assert state.pending[-1].player == 1
    assert sorted((a.code, a.arg) for a in legal(state)) == [("cash", 2), ("food", names.index("Grain"))]
    answer(state, "food", names.index("Grain"))
    assert state.pending[-1].player == 2
    answer(state, "food", names.index("Livestock"))
    assert state.pending[-1].kind == "turn"
    assert cash(state) == [2, 8, 2]
    assert state.players[1].stock == {"Timber": 1}
    assert state.players[2].stock == {"Grain": 2, "Livestock": 1}


def test_drought_b_food_on_a_caravan_counts() -> None:
    state = position()
    state.players[0].caravans[0].cargo = {"Fish": 1, "Iron Ore": 1}
    state.players[0].currency = 1
    state.players[1].stock = {}
    state.players[2].stock = {}
    balance_supply(state)
    event(state, "Drought", "B", holder=1)
    assert state.players[0].caravans[0].cargo == {"Iron Ore": 1}  # only one way open: paid without asking
    assert cash(state) == [1, 6, 0]


def test_drought_b_without_food_or_currency_pays_nothing() -> None:
    state = position()
    state.players[0].currency = 1
    state.players[1].stock = {}
    state.players[2].stock = {}
    event(state, "Drought", "B", holder=1)
    assert cash(state) == [1, 6, 0]
    assert state.pending[-1].kind == "turn"


def test_harsh_winter_a_soot_for_everyone() -> None:
    state = position()
    state.players[0].soot = 3
    event(state, "Harsh Winter", "A")
    assert [p.soot for p in state.players] == [4, 1, 1]
    assert state.players[0].prestige == -1  # reached threshold 4
    assert state.players[2].prestige == 1  # the Rancher keeps Good


def test_harsh_winter_b_one_per_camp_at_most_three() -> None:
    state = position()
    _camps(state, [5, 1, 0])
    event(state, "Harsh Winter", "B")
    assert cash(state) == [1, 7, 2]


def test_cholera_a_most_soot_loses_prestige() -> None:
    state = position()
    state.players[0].soot = 3
    state.players[1].soot = 3
    event(state, "Cholera Outbreak", "A")
    assert [p.prestige for p in state.players] == [-1, -1, 1]


def test_cholera_a_nobody_at_zero_soot() -> None:
    state = position()
    event(state, "Cholera Outbreak", "A")
    assert [p.prestige for p in state.players] == [0, 0, 1]


def test_cholera_b_soot_five_or_more_loses_prestige() -> None:
    state = position()
    state.players[0].soot = 5
    state.players[1].soot = 4
    event(state, "Cholera Outbreak", "B")
    assert [p.prestige for p in state.players] == [-1, 0, 1]


def test_bank_panic_a_one_per_loan() -> None:
    state = position()
    state.players[0].loans = 3
    state.players[2].loans = 3
    event(state, "Bank Panic", "A")
    assert cash(state) == [1, 8, 0]  # P2 had only 2¤


def test_bank_panic_b_every_price_falls() -> None:
    state = position()
    event(state, "Bank Panic", "B")
    assert (state.prices["Lumber"], state.prices["Steel"]) == (base(state, "Lumber") - 1, base(state, "Steel") - 1)


def _facilities(state: SootState, owners: list[int]) -> None:
    at = Hex(2, -1)
    state.tiles[at] = tile_id(state, "Plains")
    state.settlements[at] = Settlement(kind="Frontier Settlement", founder=0,
                                       facilities=[Facility(name="Sawmill", owner=o) for o in owners])
    state.settlements[at].facilities.append(Facility(name="Warehouse", owner=2))


def test_labor_unrest_a_one_per_facility_at_most_three() -> None:
    state = position()
    _facilities(state, [0, 0, 0, 0, 1])
    event(state, "Labor Unrest", "A")
    assert cash(state) == [1, 7, 2]  # P2's warehouse is no facility


def test_labor_unrest_b_facility_owners_lose_prestige() -> None:
    state = position()
    _facilities(state, [1])
    event(state, "Labor Unrest", "B")
    assert [p.prestige for p in state.players] == [0, -1, 1]


# -- Decline ------------------------------------------------------------------

def _seams(state: SootState) -> tuple[Hex, Hex, Hex, Hex]:
    gold, coal, herbs, iron = Hex(1, 0), Hex(2, 0), Hex(3, 0), Hex(4, 0)
    state.tiles[gold] = tile_id(state, "Mountain", "Gold")
    state.tiles[coal] = tile_id(state, "Mountain", "Coal")
    state.tiles[herbs] = tile_id(state, "Swamp", "Herbs")
    state.tiles[iron] = tile_id(state, "Hill", "Iron Ore")
    state.stacks.update({gold: 1, coal: 3, herbs: 1, iron: 2})
    return gold, coal, herbs, iron


def test_exhausted_seams_a_last_tokens_go_and_cascade() -> None:
    state = position()
    gold, coal, herbs, iron = _seams(state)
    event(state, "Exhausted Seams", "A")
    assert state.stacks == {gold: 0, coal: 3, herbs: 1, iron: 2}
    assert state.cascaded == ["Gold"]
    assert state.raw_bonus["Gold"] == 3


def test_exhausted_seams_b_one_token_off_leaving_one() -> None:
    state = position()
    gold, coal, herbs, iron = _seams(state)
    event(state, "Exhausted Seams", "B")
    assert state.stacks == {gold: 1, coal: 2, herbs: 1, iron: 1}
    assert state.cascaded == []


def test_market_glut_a_tier2_down() -> None:
    state = position()
    event(state, "Market Glut", "A")
    assert (state.prices["Lumber"], state.prices["Steel"]) == (base(state, "Lumber") - 1, base(state, "Steel"))


def test_market_glut_b_tier3_down() -> None:
    state = position()
    event(state, "Market Glut", "B")
    assert (state.prices["Lumber"], state.prices["Steel"], state.prices["Glass"]) == (
        base(state, "Lumber"), base(state, "Steel") - 1, base(state, "Glass") - 1)


def test_reform_movement_a_everyone_scrubs_one() -> None:
    state = position()
    state.players[0].soot = 4
    event(state, "Reform Movement", "A")
    assert [p.soot for p in state.players] == [3, 0, 0]


def test_reform_movement_b_cleanest_gain_prestige() -> None:
    state = position()
    state.players[0].soot = 4
    state.players[1].soot = 1
    state.players[2].soot = 1
    event(state, "Reform Movement", "B")
    assert [p.prestige for p in state.players] == [0, 1, 2]


def test_westward_exodus_a_settlers_without_settlements_gain_three() -> None:
    state = position()
    state.players[1].founded = 1
    event(state, "Westward Exodus", "A")
    assert cash(state) == [7, 8, 5]


def test_westward_exodus_b_founders_score_per_settlement() -> None:
    state = position()
    state.players[0].founded = 2
    state.players[2].founded = 1
    event(state, "Westward Exodus", "B")
    assert [p.points for p in state.players] == [2, 0, 1]


def test_last_frontier_a_everyone_draws_one() -> None:
    state = position()
    event(state, "Last Frontier", "A")
    assert [len(p.hand) for p in state.players] == [1, 1, 1]


def test_last_frontier_b_points_for_far_camps() -> None:
    state = position()
    state.camps[Hex(4, 0)] = Camp(owner=0, kind="Farm")
    state.camps[Hex(-2, -3)] = Camp(owner=0, kind="Farm")  # distance 5
    state.camps[Hex(3, 0)] = Camp(owner=1, kind="Farm")  # distance 3
    event(state, "Last Frontier", "B")
    assert [p.points for p in state.players] == [2, 0, 0]


def test_an_event_runs_inside_the_market_update_and_the_round_goes_on() -> None:
    from hexkit_soot.rules.flow import advance

    state = position()
    drought = next(i for i, e in enumerate(data(state).events) if e.name == "Drought")
    state.events = [i for i in state.events if i != drought] + [drought]
    state.pending.clear()
    state.round, state.phase, state.cursor = 8, "market", 0
    advance(state)
    assert state.pending[-1].kind == "event.choose" and state.pending[-1].player == 1
    answer(state, "B")
    names = list(data(state).goods)
    answer(state, "cash")  # P1 pays 2¤ rather than its Grain
    answer(state, "food", names.index("Grain"))  # P2
    assert cash(state) == [2, 6, 2]  # P0 had no food: 2¤
    assert (state.phase, state.cursor) == ("market", 3)  # past the event and the demand, at the refills:
    assert state.pending[-1].kind == "cards.bid"  # this seed deals a Legacy card into the row
    assert state.prices["Steel"] == base(state, "Steel") + 1  # Hardship: Tier 3 demand after the event


@pytest.mark.parametrize(("players", "seed", "steps"), [(2, 1, 150), (3, 2, 400), (5, 3, 600)])
def test_every_option_keeps_the_invariants_in_random_positions(players: int, seed: int, steps: int) -> None:
    from tests.soot.test_cards import check_bounds, midgame, resolve

    base = midgame(players, seed, steps)
    assert base is not None
    tokens = {name: g.tokens for name, g in data(base).goods.items()}
    for index in range(len(data(base).events)):
        for option in ("A", "B"):
            state = GAME.clone(base)
            apply_event(state, index, option, state.event_token)
            resolve(state, seed * 1000 + index)
            assert state.pending[-1].kind == "turn"
            check_bounds(state, tokens)


def test_a_change_line_reads_the_same_whatever_the_order_of_the_state_dicts() -> None:
    """A reloaded state's dicts come back in another order (found: 'Cut Stone price' logged
    before 'Lumber price' after a reload); the log follows the data's good order."""
    from hexkit_soot import GAME
    from hexkit_soot.rules.event_log import changes, snapshot

    state = GAME.new(GAME.make_config(2), 1)
    before = snapshot(state)
    state.prices = dict(reversed(list(state.prices.items())))  # as if reloaded in another order
    state.prices["Lumber"] += 1
    state.prices["Cut Stone"] += 1
    line = changes(before, snapshot(state))
    assert line.index("Lumber price") < line.index("Cut Stone price")
