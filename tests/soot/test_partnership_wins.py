"""Studies and campaigns credit both partners of the winning partnership.

Source: rulebook, "Optional Modules" (Partnerships: partners score separately; a
partnership's final score is the lower of the two partners' totals; the winning
partnership's both seats win. The Campaign: most total points across the three games).
"""

from __future__ import annotations

from typing import Any

import pytest

from hexkit.cli_campaign import study_lines
from hexkit.errors import InvalidRecordError
from hexkit.sim.frame import rows_frame, winning_seats
from hexkit.sim.study import Study, play_game
from hexkit.sim.summary import summarize
from hexkit.sim.tournament import rate_rows
from hexkit_soot import campaign as campaign_module
from hexkit_soot.campaign import Campaign, CampaignGame


@pytest.fixture(scope="module")
def partnered_row() -> dict[str, Any]:
    study = Study(game="soot", players=4, agents=("random", "greedy"), games=1, seed=9,
                  variants=("partnerships",))
    return play_game(study, 0)


def test_a_partnership_row_names_both_winners(partnered_row: dict[str, Any]) -> None:
    row = partnered_row
    assert row["error"] is None
    scores = row["scores"]
    pairs = {(0, 2): min(scores[0], scores[2]), (1, 3): min(scores[1], scores[3])}
    best = max(pairs, key=lambda p: pairs[p])
    if pairs[(0, 2)] != pairs[(1, 3)]:  # the lower partner's total decides
        assert set(row["winners"]) == set(best)
    assert len(row["winners"]) == 2 and row["winner"] == row["winners"][0]
    assert (row["winners"][0] + 2) % 4 == row["winners"][1]  # partners sit opposite
    assert row["decided_by"][0] == "same team"


def test_the_frame_the_summary_and_the_tournament_credit_both_partners(partnered_row: dict[str, Any]) -> None:
    row = partnered_row
    frame = rows_frame([row])
    assert sorted(frame[frame.won.astype(bool)].seat) == sorted(row["winners"])
    summary = summarize([row])
    assert sum(r.wins for r in summary.by_seat) == 2
    assert {r.key for r in summary.by_seat if r.wins} == {f"seat {s}" for s in row["winners"]}
    # agents rotate over the seats (random, greedy, random, greedy): partners play the same agent,
    # whose two seats both win (2 of 2 appearances); a tournament counts the game once for it
    agents = {row["seats"][s] for s in row["winners"]}
    assert [(r.wins, r.n) for r in summary.by_agent if r.key in agents] == [(2, 2)]
    ratings = {r.agent: r.wins for r in rate_rows([row], ["random", "greedy"])}
    assert {a for a, w in ratings.items() if w} == agents


def test_old_rows_without_winners_still_read_as_one_winner() -> None:
    row = {"game": "toy", "seed": 0, "seats": ["a", "b"], "scores": [3, 1], "winner": 0, "decisions": 9,
           "error": None, "breakdown": [{}, {}]}
    assert winning_seats(row) == {0}
    assert [r.wins for r in summarize([row]).by_seat] == [1, 0]
    assert winning_seats({"winner": -1, "winners": [], "beaten_by": "the Trust"}) == frozenset()
    with pytest.raises(InvalidRecordError, match="winners"):
        summarize([dict(row, winners=[1])])  # the winner must be one of its winners
    with pytest.raises(InvalidRecordError, match="winners"):
        summarize([dict(row, winners=[0, 5])])


def _campaign(modules: tuple[str, ...], games: list[tuple[tuple[int, ...], tuple[int, ...]]]) -> Campaign:
    return Campaign(players=4, seed=1, agents=("random",) * 4, modules=modules,
                    games=tuple(CampaignGame(seed=i, totals=totals, ranking=ranking, legacy_played=(), depleted=())
                                for i, (totals, ranking) in enumerate(games)))


# three games: totals by seat and the score sheet's order (partnerships: team order)
_GAMES = [((30, 25, 12, 40), (1, 3, 0, 2)),   # 0+2: 12, 1+3: 25 -> 1+3 win
          ((10, 20, 30, 5), (0, 2, 1, 3)),    # 0+2: 10, 1+3: 5 -> 0+2 win
          ((22, 18, 24, 30), (0, 2, 1, 3))]   # 0+2: 22, 1+3: 18 -> 0+2 win


def test_campaign_standings_with_partnerships_sum_the_partnership_scores() -> None:
    c = _campaign(("partnerships",), _GAMES)
    assert c.totals() == [62, 63, 66, 75]
    assert c.partnership_totals() == [((0, 2), 44), ((1, 3), 48)]  # 12+10+22, 25+5+18
    assert [c.game_winners(i) for i in range(3)] == [(1, 3), (0, 2), (0, 2)]
    assert c.games_won() == [2, 1, 2, 1]
    assert c.standings() == [3, 1, 2, 0]  # 1+3 (48) first, the higher total first within it
    assert c.winners() == (3, 1) and c.winner() == 3
    status = c.status()
    assert "won by P1+P3" in status and "won by P0+P2" in status
    assert "partnerships (the lower partner's total, summed over the games): P0+P2 44, P1+P3 48" in status
    assert status.endswith("campaign winners: P3+P1 (partnership)")


def test_campaign_without_partnerships_still_has_one_winner() -> None:
    c = _campaign((), _GAMES)
    assert c.standings()[0] == 3 and c.winners() == (3,) and c.winner() == 3
    assert c.games_won() == [2, 1, 0, 0]
    assert c.status().endswith("campaign winner: P3")
    assert _campaign((), _GAMES[:2]).winners() == ()


def test_the_campaign_study_credits_both_partners(monkeypatch: pytest.MonkeyPatch) -> None:
    done = [_campaign(("partnerships",), _GAMES), _campaign(("partnerships",), _GAMES[1:] + _GAMES[:1])]
    monkeypatch.setattr(campaign_module, "play_campaigns", lambda *args: done)
    lines = study_lines(2, 4, 1, ["random"], ["partnerships"])
    assert lines[1:] == [f"P{s}: 2 campaign wins, mean total {t:.1f}" if s in (1, 3) else
                         f"P{s}: 0 campaign wins, mean total {t:.1f}"
                         for s, t in enumerate([62, 63, 66, 75])]
