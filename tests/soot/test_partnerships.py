"""Partnerships: opposite seating, no partner tolls, shared nodes, the lower total, the winner.

Source: rulebook, "Optional Modules" (Partnerships); interpretations in docs/rules/soot.md.
"""

from __future__ import annotations

import pytest

from hexkit.errors import ConfigError
from hexkit.testing import play_random
from hexkit_soot import GAME
from hexkit_soot.rules.capacity import is_node
from hexkit_soot.rules.partnerships import (
    describe, partner_of, partners, partnership_ranking, partnership_scores, partnership_value, seating,
)
from hexkit_soot.rules.routes import set_route
from hexkit_soot.rules.scoring import score_sheet
from hexkit_soot.state import CENTRAL_CITY, RAIL, SootState
from tests.soot.helpers import place
from tests.soot.test_movement import A, B, C, begin, cargo, leg, position

FOUR = ("Merchant", "Industrialist", "Prospector", "Rancher")


def partnered(archetypes: tuple[str, ...] = FOUR) -> SootState:
    s = position(archetypes)
    s.config = GAME.make_config(len(archetypes), modules={"partnerships"})
    return s


def test_seating_is_opposite_for_4_and_6() -> None:
    assert seating(4) == ((0, 2), (1, 3))
    assert seating(6) == ((0, 3), (1, 4), (2, 5))


@pytest.mark.parametrize("players", [2, 3, 5])
def test_other_player_counts_are_refused_naming_players(players: int) -> None:
    with pytest.raises(ConfigError, match="players: the partnerships module needs 4 or 6"):
        GAME.new(GAME.make_config(players, modules={"partnerships"}), 1)


def test_partner_of_is_off_without_the_module() -> None:
    s = position(FOUR)
    assert partner_of(s, 0) == -2 and not partners(s, 0, 2)
    s = partnered()
    assert [partner_of(s, q) for q in range(4)] == [2, 3, 0, 1]
    assert partners(s, 1, 3) and not partners(s, 0, 1) and not partners(s, 0, 0)


def test_no_toll_to_a_partner_one_toll_to_a_rival() -> None:
    for module, paid in ((False, 2), (True, 1)):
        s = partnered() if module else position(FOUR)
        for h in (A, B, C):
            place(s, h)
        set_route(s, CENTRAL_CITY, A, RAIL, 2)  # the partner's rail
        set_route(s, A, B, RAIL, 1)             # a rival's rail
        cargo(s, {"Coal": 1, "Grain": 1})
        money = [p.currency for p in s.players]
        begin(s)
        leg(s, A)
        leg(s, B)
        assert s.players[0].currency == money[0] - paid
        assert s.players[1].currency == money[1] + 1
        assert s.players[2].currency == money[2] + (0 if module else 1)


def test_a_partners_warehouse_is_your_node() -> None:
    s = position(FOUR)
    s.players[2].warehouses.append(A)
    assert not is_node(s, 0, A)
    s = partnered()
    s.players[2].warehouses.append(A)
    assert is_node(s, 0, A) and is_node(s, 2, A) and not is_node(s, 1, A)


def test_partnership_score_is_the_lower_total_and_ranks_best_first() -> None:
    s = partnered()
    totals = [30, 25, 12, 40]
    assert partnership_scores(s, totals) == [((0, 2), 12), ((1, 3), 25)]
    assert partnership_ranking(s, totals) == [((1, 3), 25), ((0, 2), 12)]
    assert describe(s, totals) == ["partnership 1+3: 25 (P1 25, P3 40)", "partnership 0+2: 12 (P0 30, P2 12)"]
    assert partnership_value(s, 0, totals) == 12 - 25  # own min minus best rival partnership
    assert partnership_value(s, 3, totals) == 25 - 12


def test_ties_go_to_the_base_tie_breakers_of_the_weaker_partner() -> None:
    s = partnered()
    s.players[1].currency += 50  # P1 (weaker of 1+3) has the higher portfolio
    totals = [20, 20, 20, 30]
    assert [pair for pair, _ in partnership_ranking(s, totals)] == [(1, 3), (0, 2)]


def test_random_games_with_partnerships_end_and_score_per_seat() -> None:
    for players, seed in ((4, 3), (6, 4)):
        state, _ = play_random(GAME, GAME.make_config(players, modules={"partnerships"}), seed)
        sheet = score_sheet(state)
        assert len(sheet.totals) == players
        got = partnership_scores(state, sheet.totals)
        assert [score for _, score in got] == [min(sheet.totals[a], sheet.totals[b]) for a, b in seating(players)]
        assert any("are partners" in e.text for e in state.log)


def test_text_board_shows_the_partnerships() -> None:
    from hexkit_soot.render import render_text
    s = partnered()
    s.players[0].points, s.players[2].points = 7, 4
    text = render_text(s)
    assert "partnership P0+P2: P0 7 pts, P2 4 pts (partnership counts the lower: 4)" in text
    assert "partnership P1+P3" in text
    assert "partnership" not in render_text(position(FOUR))


def test_svg_board_shows_the_partners_and_the_partnership_scores() -> None:
    from hexkit.render import render_state_svg
    s = partnered()
    s.players[0].points, s.players[2].points = 7, 4
    s.players[1].points, s.players[3].points = 3, 9
    svg = render_state_svg(GAME, s)
    assert "partner P2" in svg and "partner P0" in svg and "partner P3" in svg
    assert "partnership P0+P2: 4 (the lower of P0 7, P2 4 pts)" in svg
    assert "partnership P1+P3: 3 (the lower of P1 3, P3 9 pts)" in svg
    plain = render_state_svg(GAME, position(FOUR))
    assert "partnership" not in plain and "partner P" not in plain


def test_score_sheet_prints_the_partnerships() -> None:
    from io import StringIO

    from rich.console import Console

    from hexkit.cli import print_scores
    state, _ = play_random(GAME, GAME.make_config(4, modules={"partnerships"}), 3)
    buf = StringIO()
    print_scores(GAME, state, out=Console(file=buf, width=200))
    text = buf.getvalue()
    lines = describe(state)
    assert lines and lines[0] in text and "<- wins" in text
    assert GAME.score_notes(position(FOUR)) == []


def test_the_sheet_winners_are_both_partners_of_the_winning_partnership() -> None:
    # seed 13 (rules 0.4.0; seed 9 under 0.3.3): P2 has the best total (-12) but 0+2 scores -15 (P0),
    # 1+3 scores -14 (P1): 1+3 wins
    state, _ = play_random(GAME, GAME.make_config(4, modules={"partnerships"}), 13)
    assert GAME.scores(state).totals == (-15, -14, -12, -13)
    sheet = GAME.scores(state)
    best_pair = partnership_ranking(state, sheet.totals)[0][0]
    assert max(range(4), key=lambda q: sheet.totals[q]) not in best_pair  # the case that went wrong
    assert set(sheet.winners) == set(best_pair) and sheet.sides == 1
    assert GAME.winner(state) in best_pair
    assert [GAME.returns(state)[q] for q in range(4)] == [1.0 if q in best_pair else 0.0 for q in range(4)]
    assert sheet.decided_by[0] == "same team" and sheet.decided_by[2] == "same team"
    assert sheet.decided_by[1] == "partnership score"
    assert sheet.result_line().startswith("Winning team: ")


def test_fully_tied_partnerships_share_first_place(monkeypatch: pytest.MonkeyPatch) -> None:
    from hexkit_soot.rules import scoring
    from hexkit_soot.rules.partners import team_order
    s = partnered()
    keys = [scoring.tiebreak_values(s, q) for q in range(4)]
    order, decided = team_order(4, [5, 5, 5, 5], keys, (0, 1, 2, 3))
    assert order == (0, 2, 1, 3) and decided == ("same team", "higher portfolio", "same team")
    monkeypatch.setattr(scoring, "portfolio", lambda state, q: 10)  # nothing separates them now
    keys = [scoring.tiebreak_values(s, q) for q in range(4)]
    order, decided = team_order(4, [5, 5, 5, 5], keys, (0, 1, 2, 3))
    assert decided == ("same team", "tied", "same team")


def test_team_order_is_pure_and_puts_partners_together() -> None:
    from hexkit_soot.rules.partners import rank_partnerships, team_order
    totals, keys = [30, 25, 12, 40], [(0, 0, 0, 0)] * 4
    assert rank_partnerships(4, totals, keys) == [((1, 3), 25), ((0, 2), 12)]
    assert team_order(4, totals, keys, (3, 0, 1, 2)) == ((3, 1, 0, 2), ("same team", "partnership score", "same team"))
    six = [10, 20, 30, 40, 5, 31]  # pairs 0+3 -> 10, 1+4 -> 5, 2+5 -> 30
    assert team_order(6, six, [(0, 0, 0, 0)] * 6, tuple(range(6)))[0] == (2, 5, 0, 3, 1, 4)
