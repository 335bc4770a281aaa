"""The agents' evaluations know the Trust's threat: solo, it depends on the Trust's score
against the player's (rival weight 0.2 per Trust point, a further 0.5 per point of its lead);
with seats in the game the Trust cannot win and its score threatens nobody."""

from __future__ import annotations

from hexkit.hexes import Hex
from hexkit_soot import GAME
from hexkit_soot.rules.modules import module_value
from hexkit_soot.rules.scoring import score_totals
from hexkit_soot.rules.trust import trust_score, trust_threat
from hexkit_soot.state import SootState


def _solo(seed: int = 2) -> SootState:
    return GAME.new(GAME.make_config(players=1), seed)


def _with_trust_points(state: SootState, camps: int) -> None:
    state.trust_camps = {Hex(9, -k): "Mine" for k in range(camps)}


def test_threat_numbers_solo() -> None:
    s = _solo()
    _with_trust_points(s, 5)  # 5 camps: 15 points
    assert trust_score(s) == 15
    assert trust_threat(s, 0, 10) == -0.2 * 15 - 0.5 * 5
    assert trust_threat(s, 0, 15) == -0.2 * 15
    assert trust_threat(s, 0, 40) == -0.2 * 15


def test_threat_is_zero_with_seats() -> None:
    s = GAME.new(GAME.make_config(players=2, variants={"trust"}), 2)
    _with_trust_points(s, 5)
    assert trust_threat(s, 0, 0) == 0.0 and module_value(s, 0) == 0.0


def test_module_value_reads_the_players_total() -> None:
    s = _solo()
    _with_trust_points(s, 4)
    own = score_totals(s)[0]
    assert module_value(s, 0) == -0.2 * 12 - 0.5 * max(0, 12 - own)


def test_a_point_is_worth_more_while_the_trust_leads() -> None:
    """Greedy's evaluation: +1.5 for a point while the Trust leads, +1 once the player leads."""
    behind = _solo()
    _with_trust_points(behind, 10)  # 30 points: far ahead of a new player
    more = GAME.clone(behind)
    more.players[0].points += 1
    assert abs(GAME.evaluate(more, 0) - GAME.evaluate(behind, 0) - 1.5) < 1e-9
    ahead = _solo()
    ahead.players[0].points = 60
    more = GAME.clone(ahead)
    more.players[0].points += 1
    assert abs(GAME.evaluate(more, 0) - GAME.evaluate(ahead, 0) - 1.0) < 1e-9


def test_a_trust_camp_costs_the_solo_player() -> None:
    s = _solo()
    before = GAME.evaluate(s, 0)
    _with_trust_points(s, 1)
    own = score_totals(s)[0]
    lead = max(0, 3 - own) - 0
    assert abs(GAME.evaluate(s, 0) - before - (-0.2 * 3 - 0.5 * lead)) < 1e-9
