"""The strong Soot & Timber agent: legal answers from its view, engine valuation, and what it plays."""

from __future__ import annotations

from hexkit.hexes import Hex
from hexkit.rng import Rng
from hexkit_soot import GAME
from hexkit_soot.actions import SOOT_DECISIONS
from hexkit_soot.rules.camps import place_camp
from hexkit_soot.rules.routes import set_route
from hexkit_soot.state import CENTRAL_CITY, RAIL, tally
from hexkit_soot.strong import StrongSootAgent, engine_value
from hexkit_soot.strong_macro import Script, macros, virtual
from hexkit_soot.strong_plan import plan_of, rail_progress

from tests.soot.helpers import balance_supply, connect, legal, place, raw, settle, start


def test_a_camp_is_worth_more_than_its_founding_points() -> None:
    s = start(("Merchant", "Industrialist"))
    before = engine_value(s, 0)
    points = s.players[0].points
    place(s, Hex(1, 0), "Plains")
    place_camp(s, 0, Hex(1, 0), "Farm")
    gained = s.players[0].points - points
    assert gained == 3  # 1 + 2 for the first Agriculture camp
    assert engine_value(s, 0) - before > gained  # plus the Grain it will still grow


def test_a_loan_lowers_the_value() -> None:
    s = start()
    before = engine_value(s, 0)
    s.players[0].loans += 1
    s.players[0].currency += 5
    assert engine_value(s, 0) < before


def test_strong_agent_plays_a_two_player_game_to_the_end_and_founds_camps() -> None:
    state = GAME.setup(GAME.make_config(players=2), Rng(5))
    agents = [GAME.strong_agent(1), StrongSootAgent(2)]
    while not GAME.is_over(state):
        seat = GAME.current_player(state)
        assert seat is not None
        legal = list(GAME.legal_actions(state))
        choice = agents[seat].act(GAME, GAME.view(state, seat), legal)
        assert choice in legal
        GAME.apply(state, choice)
    played = GAME.played(state)
    assert sum(played["camps_founded"]) >= 1
    assert max(p.loans for p in state.players) < 3


def test_rail_progress_counts_own_rail_towards_the_nearest_settlement() -> None:
    s = start()
    settle(s, Hex(3, 0), founder=1)
    assert rail_progress(s, 0) == 0.0  # no rail yet
    place(s, Hex(1, 0))
    set_route(s, CENTRAL_CITY, Hex(1, 0), RAIL, 0)
    assert rail_progress(s, 0) == 5.0 * 1 / 3  # one of the three hexes to (3,0)
    assert rail_progress(s, 1) == 0.0  # another player's rail is not the link


def test_a_reachable_settlement_gives_an_upgrade_macro_buying_what_is_missing() -> None:
    s = start()
    settle(s, Hex(2, 0), founder=0)
    connect(s, Hex(2, 0))
    p = s.players[0]
    p.hand = []
    p.currency = 40
    p.stock = {"Lumber": 2}
    plan = plan_of(s, 0, 10)
    assert any(g.kind == "upgrade" and g.site == Hex(2, 0) for g in plan.goals)
    up = next(m for m in macros(s, 0, plan) if m.key[0] == "Upgrade Settlement")
    # Town (calibrated cost: 1 Lumber, 1 Cut Stone, 1 Processed Foods): the Lumber held, the rest
    # bought at the listed price + 1
    assert dict(up.goods) == {"Cut Stone": 1, "Processed Foods": 1}
    assert up.spend == s.prices["Cut Stone"] + 1 + s.prices["Processed Foods"] + 1
    kinds = [st.action for st in up.steps]
    assert kinds == ["Market Transaction", "Market Transaction", "Move", "Upgrade Settlement"]
    after = virtual(GAME.clone(s), 0, up)
    assert after.players[0].stock["Cut Stone"] == 1 and after.players[0].currency == 40 - up.spend
    assert Hex(2, 0) in after.players[0].builders


def test_a_buy_script_answers_the_market_questions() -> None:
    s = start()
    s.players[0].currency = 20
    GAME.apply(s, next(a for a in GAME.legal_actions(s) if a.code == "Market Transaction"))
    script = Script("Market Transaction", good="Coal", units=2)
    before = s.players[0].stock.get("Coal", 0)
    while s.pending and isinstance(s.pending[-1], SOOT_DECISIONS) and s.pending[-1].kind.startswith("market"):
        choice = script.answer(s.pending[-1], list(GAME.legal_actions(s)))
        assert choice is not None
        GAME.apply(s, choice)
    assert s.players[0].stock.get("Coal", 0) == before + 2


def test_made_upgrades_refines_and_tier3_sales_raise_the_value() -> None:
    s = start()
    before = engine_value(s, 0)
    for name in ("settlement_upgrades", "refines", "tier3_sold"):
        tally(s, name, 0)
        now = engine_value(s, 0)
        assert now > before, name
        before = now


def test_a_rail_script_lays_two_segments_from_the_central_city_towards_the_settlement() -> None:
    s = start()
    settle(s, Hex(3, 0), founder=1)
    for h in (Hex(1, 0), Hex(2, 0), Hex(0, 1), Hex(1, -1)):
        place(s, h)
    p = s.players[0]
    p.hand = []
    p.stock = {"Iron Ore": 2, "Timber": 2}
    balance_supply(s)
    script = Script("Build Route", site=Hex(3, 0), name="rail", reach=frozenset({CENTRAL_CITY}))
    GAME.apply(s, next(a for a in legal(s) if a.code == "Build Route"))
    while s.pending and isinstance(s.pending[-1], SOOT_DECISIONS) and s.pending[-1].kind.startswith("route"):
        choice = script.answer(s.pending[-1], legal(s))
        assert choice is not None
        GAME.apply(s, choice)
    assert s.played["rail_built"][0] == 2
    assert rail_progress(s, 0) == 5.0 * 2 / 3  # (0,0)-(1,0)-(2,0): two of the three hexes


def test_upgrade_tiles_become_goals_late_and_their_macro_buys_the_goods_then_the_tile() -> None:
    s = start(("Merchant", "Industrialist"))
    p = s.players[0]
    p.hand = []
    p.currency = 20
    p.stock = {}
    assert not any(g.kind == "tile" for g in plan_of(s, 0, 10).goals)  # not while the game is young
    plan = plan_of(s, 0, 3)
    assert sorted(g.name for g in plan.goals if g.kind == "tile") == [
        "Commodity Futures", "Market Intelligence", "Trade Empire"]
    tile = next(m for m in macros(s, 0, plan) if m.key[:2] == ("Buy Upgrade", "Trade Empire"))
    assert dict(tile.goods) == {"Stone": 1, "Timber": 1}  # Trade Empire: 1 Timber + 1 Stone
    assert tile.spend == raw(s, "Stone") + 1 + raw(s, "Timber") + 1  # the printed prices + the markup
    assert [st.action for st in tile.steps] == ["Market Transaction", "Market Transaction", "Buy Upgrade"]
    after = virtual(GAME.clone(s), 0, tile)
    points = after.players[0].points
    GAME.apply(after, next(a for a in GAME.legal_actions(after) if a.code == "Buy Upgrade"))
    choice = tile.steps[-1].answer(after.pending[-1], list(GAME.legal_actions(after)))
    assert choice is not None
    GAME.apply(after, choice)
    assert "Trade Empire" in after.players[0].upgrades
    assert after.players[0].points == points + 1  # 1 point a tile (rulebook)
    assert after.players[0].currency == 20 - tile.spend - 2  # and 2 currency


def test_a_held_contract_out_of_reach_is_abandoned_for_a_deliverable_one_in_the_row() -> None:
    from hexkit_soot.ledger import data

    s = start(("Merchant", "Industrialist"))
    names = [c.name for c in data(s).contracts]
    p = s.players[0]
    # two frontier contracts and no settlement 4+ hexes out: neither can be delivered
    p.contracts = [names.index("Bridge Girders"), names.index("Army Rations")]
    s.contract_row = [names.index("Timber for the Yards"), -1, -1, -1]
    p.stock = {"Timber": 3}  # the row's contract is deliverable at once (Central City)
    s.invalidate_legal()
    agent = StrongSootAgent(7)
    choice = agent.act(GAME, GAME.view(s, 0), list(GAME.legal_actions(s)))
    assert choice.code == "Abandon Contract"
    GAME.apply(s, choice)
    choice = agent.act(GAME, GAME.view(s, 0), list(GAME.legal_actions(s)))
    assert choice.code == "Claim Contract" and str(choice).endswith("Timber for the Yards")
    GAME.apply(s, choice)
    assert names.index("Timber for the Yards") in p.contracts and len(p.contracts) == 2
