"""The strong Soot & Timber agent: legal answers from its view, engine valuation, and what it plays."""

from __future__ import annotations

from hexkit.hexes import Hex
from hexkit.rng import Rng
from hexkit_soot import GAME
from hexkit_soot.rules.camps import place_camp
from hexkit_soot.strong import StrongSootAgent, engine_value

from tests.soot.helpers import place, start


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
