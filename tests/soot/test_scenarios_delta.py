"""The River Delta: a River Port scores +2 founding points when it is founded (public track,
tallied with the founding points), not at the end; other settlements score the base points only."""

from __future__ import annotations

from hexkit.hexes import Hex
from hexkit.rng import Rng
from hexkit_soot import GAME
from hexkit_soot.grid import hex_code
from hexkit_soot.ledger import data
from hexkit_soot.rules.flow import advance
from hexkit_soot.rules.scenarios import SCENARIOS
from hexkit_soot.rules.setup import give_package, new_state
from hexkit_soot.state import SootState

from tests.soot.helpers import answer, give, place


def _start(modules: frozenset[str]) -> SootState:
    """Round 1, P0's first turn, Town Founder vs Merchant (as helpers.start, with ``modules``)."""
    state = new_state(GAME.make_config(players=2, modules=modules), Rng(1))
    cards = data(state).cards  # no Legacy card in the row (no auction)
    state.deck = [c for c in state.deck if cards[c].legacy] + [c for c in state.deck if not cards[c].legacy]
    for i, name in enumerate(("Town Founder", "Merchant")):
        give_package(state, i, name)
    state.draft_pool = []
    for p in state.players:
        p.secrets = sorted([state.secret_deck.pop(), state.secret_deck.pop()])
    state.phase = "secrets"
    state.cursor = 2
    advance(state)
    return state


def _found(state: SootState, kind: str, spec: int) -> Hex:
    at = Hex(2, 0)
    place(state, at, "Plains", river=True)
    state.players[0].builders[0] = at
    give(state, 0, {"Timber": 2})  # the package has 2 Grain, 2 Stone
    answer(state, "Found Settlement")
    answer(state, "settle", hex_code(at) * 8 + list(data(state).settlements).index(kind))
    answer(state, "spec", spec)
    return at


def test_a_river_port_scores_two_founding_points_at_once() -> None:
    state = _start(frozenset({"river-delta"}))
    at = _found(state, "River Settlement", 0)
    assert state.settlements[at].spec == "River Port"
    assert state.players[0].points == 4 + 2  # Thaw founding points + the River Delta's 2
    assert state.points_by["settlements"] == (6, 0)
    texts = [e.text for e in state.log]
    assert "+2 points (The River Delta: River Port founded)" in texts
    assert SCENARIOS["river-delta"].score(state, 0) == {}  # no end-of-game line any more


def test_a_mill_town_on_the_river_scores_the_base_points_only() -> None:
    state = _start(frozenset({"river-delta"}))
    at = _found(state, "River Settlement", 1)
    assert state.settlements[at].spec == "Mill Town"
    assert state.players[0].points == 4 and state.points_by["settlements"] == (4, 0)


def test_without_the_scenario_a_river_port_scores_the_base_points() -> None:
    state = _start(frozenset())
    at = _found(state, "River Settlement", 0)
    assert state.settlements[at].spec == "River Port" and state.players[0].points == 4


def test_the_card_number_is_the_founding_bonus() -> None:
    state = new_state(GAME.make_config(players=2, modules={"river-delta"},
                                       overrides={"scenarios.river-delta.points": 3}), Rng(1))
    assert SCENARIOS["river-delta"].card(state).points == 3
