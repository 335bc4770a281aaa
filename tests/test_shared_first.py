"""Shared first place: teammates and full ties in ScoreSheet and returns()."""

from __future__ import annotations

import copy

from hexkit.game import ScoreSheet

from hexkit_empyreal import GAME as EMPYREAL
from hexkit_empyreal.config import TEAM
from hexkit_soot import GAME as SOOT
from hexkit_soot.rules.scoring import score_sheet


def _sheet(order: tuple[int, ...], decided: tuple[str, ...]) -> ScoreSheet:
    n = len(order)
    return ScoreSheet(tuple([5] * n), tuple({"points": 5} for _ in range(n)), order, decided)


def test_winners_and_sides_of_a_clear_winner_a_team_and_a_full_tie() -> None:
    clear = _sheet((2, 0, 1), ("total VP", "tied"))
    assert clear.winners == (2,) and clear.sides == 1
    team = _sheet((2, 0, 3, 1), ("same team", "total VP", "same team"))
    assert team.winners == (2, 0) and team.sides == 1
    tied = _sheet((1, 0, 2), ("tied", "total VP"))
    assert tied.winners == (1, 0) and tied.sides == 2


def test_score_sheet_prints_as_a_table() -> None:
    sheet = ScoreSheet((3, 7), ({"goods": 3}, {"goods": 7}), (1, 0), ("total VP",))
    text = str(sheet)
    lines = text.splitlines()
    assert lines[0].split() == ["place", "seat", "total", "goods", "decided", "by"]
    assert lines[2].split() == ["1", "P1", "7", "7"]
    assert lines[3].split() == ["2", "P0", "3", "3", "total", "VP"]
    assert lines[-1] == "Winner: P1"
    assert "ScoreSheet(" not in text


def test_empyreal_team_totals_16_0_16_0_both_teammates_win() -> None:
    state = EMPYREAL.new(EMPYREAL.make_config(players=4, variants=[TEAM]), seed=1)
    cfg = state.cfg
    assert [s for s in range(4) if cfg.team_of(s) == cfg.team_of(0)] == [0, 2]
    for s in (0, 2):
        state.players[s].goods = [16] + [0] * (len(state.players[s].goods) - 1)
    state.pending.clear()  # the game is over
    sheet = EMPYREAL.scores(state)
    assert sheet.totals == (37, 0, 37, 0)  # team total: 16 + 16 Goods and 5 for the colour majority
    assert set(sheet.winners) == {0, 2} and sheet.sides == 1
    assert EMPYREAL.returns(state) == [1.0, 0.0, 1.0, 0.0]


def test_soot_players_tied_on_every_tie_breaker_share_first_place() -> None:
    state = SOOT.new(SOOT.make_config(players=2), seed=1)
    state.players[1] = copy.deepcopy(state.players[0])  # identical standing
    state.triggered_by = None
    state.pending.clear()
    sheet = score_sheet(state)
    assert sheet.decided_by == ("tied",)
    assert set(sheet.winners) == {0, 1} and sheet.sides == 2
    assert SOOT.returns(state) == [0.5, 0.5]
