"""The Trust explores like a player: a community token for its tile, draws below the
Frontier Closes marker, and its draw of the marker begins Stage 1."""

from __future__ import annotations

from hexkit_soot import GAME
from hexkit_soot.rules.trust import TRUST, trust_closed
from hexkit_soot.state import CENTRAL_CITY, SootState

EXPLORE_ONLY = 1
"""Index of card 2 of data/trust.toml: explore, no camp icon."""


def _trust_game(seed: int = 3) -> SootState:
    state = GAME.new(GAME.make_config(players=2, variants={"trust"}), seed)
    state.round = 2  # no seizure, no round bonus
    state.survey, state.surveyors = [], []
    state.module_state["trust.deck"] = [EXPLORE_ONLY]
    return state


def _new_hex(before: SootState, after: SootState) -> object:
    (at,) = set(after.tiles) - set(before.tiles)
    return at


def test_the_trusts_tile_gets_its_community_token() -> None:
    state = _trust_game()
    state.bag = {"Trading Post": 1}
    before = GAME.clone(state)
    TRUST.after_actions(state)
    at = _new_hex(before, state)
    assert state.communities[at].kind == "Trading Post"
    assert state.communities[at].favor == [0, 0]
    assert state.bag == {}
    assert state.tiles[at] == before.tile_stack[-1] and len(state.tile_stack) == len(before.tile_stack) - 1
    assert at.distance(CENTRAL_CITY) == min(n.distance(CENTRAL_CITY) for h in before.tiles
                                            for n in h.neighbors() if n not in before.tiles)


def test_a_blank_token_places_no_medallion() -> None:
    state = _trust_game()
    state.bag = {"": 2}
    before = GAME.clone(state)
    TRUST.after_actions(state)
    assert _new_hex(before, state) not in state.communities and state.bag == {"": 1}


def test_the_trusts_draw_of_the_marker_begins_stage_1() -> None:
    state = _trust_game()
    state.below_marker = len(state.tile_stack) - 1  # one tile above the marker
    assert not state.frontier_closed
    TRUST.after_actions(state)
    assert state.frontier_closed and state.triggered_by == -1 and trust_closed(state)
    assert state.module_state["trust.marker"] == [2]
    assert any("the Trust revealed the Frontier Closes marker" in e.text for e in state.log)


def test_the_trust_draws_below_the_marker() -> None:
    state = _trust_game()
    state.below_marker = len(state.tile_stack)  # the marker is already out
    state.frontier_closed, state.triggered_by = True, 1
    n = len(state.tile_stack)
    TRUST.after_actions(state)
    assert len(state.tile_stack) == n - 1 and state.triggered_by == 1 and not trust_closed(state)
    assert any("below the Frontier Closes marker" in e.text for e in state.log)


def test_empty_stack_and_row_places_nothing() -> None:
    state = _trust_game()
    state.tile_stack, state.below_marker = [], 0
    state.frontier_closed = True
    tiles = dict(state.tiles)
    TRUST.after_actions(state)
    assert state.tiles == tiles
    assert any("tile stack and the Surveyed row empty" in e.text for e in state.log)


def test_a_game_the_trust_closed_says_so() -> None:
    state = _trust_game()
    state.below_marker = len(state.tile_stack) - 1
    TRUST.after_actions(state)
    assert GAME.end_reason(state) == "Frontier Closes marker drawn by the Trust"
