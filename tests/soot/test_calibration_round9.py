"""Round nine of the Soot & Timber calibration (issue 10; docs/agents-soot.md, "Ninth round").

N1: a contract pays in currency what its goods sell for at the start plus its old
reward (1-4), so a delivery is never a currency loss. N2: the assumed food values
(the rulebook's food table 20.1 is missing) let one Grain pay a settlement's 2 food.
"""

from __future__ import annotations

from hexkit.hexes import Hex
from hexkit_soot.data import load_data
from hexkit_soot.rules.upkeep import food_bill, pay_food
from hexkit_soot.state import SootState, add_goods

from tests.soot.helpers import camp, give, start

DATA = load_data()


def _value(good: str) -> int:
    """What one unit sells for at the start (tracked: base price; raw and special: printed price)."""
    g = DATA.goods[good]
    return g.base if g.kind == "tracked" else g.price


def test_every_contract_pays_its_goods_worth_plus_a_small_reward() -> None:
    for c in DATA.contracts:
        worth = sum(_value(g) * n for g, n in c.goods.items())
        assert worth + 1 <= c.currency <= worth + 4, f"{c.name}: pays {c.currency} for goods worth {worth}"
    pays = {c.name: c.currency for c in DATA.contracts}
    assert pays["Timber for the Yards"] == 3 * 2 + 2  # 3 Timber at the printed 2, old reward 2
    assert pays["Bridge Girders"] == 20 + 4  # 1 Steel at base 20, old reward 4
    assert pays["Observatory Lenses"] == 18 + 18 + 3


def test_food_values_and_what_one_grain_pays() -> None:
    food = {g: DATA.goods[g].food for g in ("Grain", "Fish", "Livestock", "Processed Foods")}
    assert food == {"Grain": 2, "Fish": 2, "Livestock": 3, "Processed Foods": 3}
    nums = DATA.numbers
    assert nums.settlement_food == 2  # rulebook: each settlement costs 2 food a round
    assert -(-nums.settlement_food // food["Grain"]) == 1  # now one Grain, before two
    lux = DATA.facilities["Luxury Manufactory"]
    assert lux.use_kind == "food" and lux.use_amount == 3  # 1 Livestock (food 3) a firing, as 2 food before N2


def _upkeep(food: dict[str, int], camps: int) -> SootState:
    s = start(("Merchant", "Rancher"))
    for i in range(camps):
        camp(s, Hex(1 + i, 0), 0, "Farm")
    p = s.players[0]
    for g, n in list(p.stock.items()):
        add_goods(p.stock, g, -n)
        s.supply.put_back(g, n)
    give(s, 0, food)
    s.pending.clear()
    s.phase, s.cursor, s.order = "upkeep", 1, [0, 1]
    return s


def test_two_grain_feed_three_camps_without_the_company_store() -> None:
    s = _upkeep({"Grain": 2}, camps=3)
    assert food_bill(s, 0) == 3
    currency = s.players[0].currency
    assert pay_food(s, 0) and not s.pending
    assert "Grain" not in s.players[0].stock  # 4 food paid for 3 owed: no change (rulebook)
    assert s.players[0].currency == currency  # nothing short, nothing at the company store
