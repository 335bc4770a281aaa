"""The agents' evaluations know the partner's score (module partnerships): the partner is no
rival (``allies`` / ``rival_seats``) and points above the partner's total count for nothing
(``Partnerships.value``, :func:`partner_cap`)."""

from __future__ import annotations

from hexkit_soot import GAME
from hexkit_soot.rules.modules import module_value, rival_seats
from hexkit_soot.rules.partnerships import partner_cap
from hexkit_soot.rules.scoring import score_totals
from hexkit_soot.strong import engine_value
from tests.soot.test_movement import position
from tests.soot.test_partnerships import FOUR, partnered


def test_partner_cap_numbers() -> None:
    s = partnered()
    assert partner_cap(s, 0, [30, 10, 22, 12]) == -8.0  # P0 30 vs partner P2 22
    assert partner_cap(s, 2, [30, 10, 22, 12]) == 0.0
    assert partner_cap(s, 1, [30, 10, 22, 12]) == -0.0 and partner_cap(s, 3, [30, 10, 22, 12]) == -2.0
    plain = position(FOUR)
    assert partner_cap(plain, 0, [30, 10, 22, 12]) == 0.0


def test_the_partner_is_no_rival() -> None:
    s = partnered()
    assert rival_seats(s, 0) == [1, 3] and rival_seats(s, 3) == [0, 2]
    assert rival_seats(position(FOUR), 0) == [1, 2, 3]


def test_module_value_is_the_cap_on_the_current_totals() -> None:
    s = partnered()
    s.players[0].points, s.players[2].points = 12, 5
    totals = score_totals(s)
    assert module_value(s, 0) == float(min(totals[0], totals[2]) - totals[0]) < 0
    assert module_value(s, 2) == 0.0


def test_greedy_evaluation_gains_from_the_lower_partners_points() -> None:
    """A point for the lower-scoring partner is worth a full point to the leader; a
    point for the leader itself nothing while it leads its partner."""
    s = partnered()
    s.players[0].points, s.players[2].points = 12, 5
    base = GAME.evaluate(s, 0)
    more_mate = GAME.clone(s)
    more_mate.players[2].points += 1
    assert GAME.evaluate(more_mate, 0) - base == 1.0  # without the module: -1 or 0 (the partner was a rival)
    more_own = GAME.clone(s)
    more_own.players[0].points += 1
    assert GAME.evaluate(more_own, 0) - base == 0.0
    plain = position(FOUR)
    plain.players[0].points, plain.players[2].points = 12, 5
    plain_more = GAME.clone(plain)
    plain_more.players[0].points += 1
    assert GAME.evaluate(plain_more, 0) - GAME.evaluate(plain, 0) == 1.0


def test_strong_evaluation_gains_from_the_lower_partners_points() -> None:
    s = partnered()
    s.players[0].points, s.players[2].points = 12, 5
    base = engine_value(s, 0)
    more_mate = GAME.clone(s)
    more_mate.players[2].points += 1
    assert abs(engine_value(more_mate, 0) - base - 1.0) < 1e-9
