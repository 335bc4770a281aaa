""""What was played": the counters in ``SootState.played`` and ``SootGame.played``."""

from __future__ import annotations

import pytest

from hexkit.hexes import Hex
from hexkit.rng import Rng
from hexkit.serialize import codec
from hexkit_soot import GAME
from hexkit_soot.actions import Choose
from hexkit_soot.ledger import advance_soot
from hexkit_soot.rules.camps import place_camp
from hexkit_soot.rules.extract import extract_at
from hexkit_soot.rules.loans import on_take
from hexkit_soot.rules.market import sell
from hexkit_soot.rules.taxes import pay_tax
from hexkit_soot.state import CENTRAL_CITY, PLAYED, tally

from tests.soot.helpers import camp, give, place, start


def test_every_mechanism_listed_with_zeros_at_the_start() -> None:
    s = start()
    played = GAME.played(s)
    assert list(played) == list(PLAYED)
    assert all(counts == [0, 0] for counts in played.values())
    assert "camps_founded" in played and "tier3_sold" in played and len(played) == 20


def test_camps_extracts_soot_tax_and_loans_are_counted() -> None:
    s = start(("Merchant", "Industrialist"))
    place(s, Hex(1, 0), "Plains")
    place_camp(s, 0, Hex(1, 0), "Farm")
    at = Hex(2, 0)
    camp(s, at, 1, "Mining Camp", "Hill", "Iron Ore")  # placed directly: not a founding
    s.players[1].caravans[0].loc = at
    extract_at(s, 1, at)
    advance_soot(s, 1, 3, "test")
    advance_soot(s, 1, 9, "test")  # capped at 10: only 7 more steps
    s.round = 4
    s.players[0].currency = 5
    assert pay_tax(s, 0)  # 1 camp: 1¤
    on_take(s, 1, Choose(code="Take Loan"))
    played = GAME.played(s)
    assert played["camps_founded"] == [1, 0]
    assert played["extracts"] == [0, 1]
    assert played["soot_gained"] == [0, 10]
    assert played["frontier_tax_paid"] == [1, 0]
    assert played["loans_taken"] == [0, 1]


def test_tier_sales_count_units_and_raw_sales_do_not() -> None:
    s = start()
    give(s, 0, {"Lumber": 2, "Steel": 3, "Timber": 2})
    sell(s, 0, "Lumber", 2, CENTRAL_CITY)
    sell(s, 0, "Timber", 2, CENTRAL_CITY)
    played = GAME.played(s)
    assert played["tier2_sold"] == [2, 0]
    assert played["tier3_sold"] == [0, 0]


def test_counts_survive_clone_and_serialisation_and_show_in_views() -> None:
    s = start()
    place(s, Hex(1, 0), "Plains")
    place_camp(s, 0, Hex(1, 0), "Farm")
    copy = GAME.clone(s)
    tally(copy, "camps_founded", 0, 5)  # the one writer replaces the row it shares
    assert copy.played["camps_founded"] == (6, 0)
    assert s.played["camps_founded"] == (1, 0)  # the copy is independent
    back = codec(GAME).state_from_json(codec(GAME).state_to_json(s))
    assert back.played["camps_founded"] == (1, 0)  # a JSON list, read back as a tuple
    assert GAME.played(GAME.view(s, 1))["camps_founded"] == [1, 0]
    # and the original's writes leave the copy alone
    tally(s, "camps_founded", 1)
    assert (s.played["camps_founded"], copy.played["camps_founded"]) == ((1, 1), (6, 0))
    with pytest.raises(TypeError):  # a row is a value: a write in place fails loudly, never reaching a clone
        s.played["camps_founded"][0] += 1  # type: ignore[index]


def test_a_played_game_counts_what_its_log_shows() -> None:
    from hexkit.agents.base import RandomAgent

    state = GAME.setup(GAME.make_config(players=2), Rng(3))
    agents = [RandomAgent(1), RandomAgent(2)]
    while not GAME.is_over(state):
        seat = GAME.current_player(state)
        assert seat is not None
        legal = list(GAME.legal_actions(state))
        GAME.apply(state, agents[seat].act(GAME, GAME.view(state, seat), legal))
    played = GAME.played(state)
    # one event each even round: this game (rules 0.4.0) ends in round 11, so rounds 2..10
    assert state.round == 11 and sum(played["events"]) == state.round // 2 == 5
    assert played["camps_founded"] == [p.camps_founded for p in state.players]
    assert played["contracts_fulfilled"] == [p.contracts_done for p in state.players]
    assert sum(played["milestones_claimed"]) == len(state.milestones)
