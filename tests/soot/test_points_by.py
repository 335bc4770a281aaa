"""Points by source: ``SootState.points_by`` and ``rules.scoring.points_by_source``.

The calibration study (issue 10) asks whether any single source gives more than
half of a winner's points, so every public-track point is tallied by where it
came from; the tally always sums to the public track.

Source: rulebook, "Camps" (+1, +2 first of a category), "Settlements"
(founding points by season), "Final Scoring" (Total = Public Track + End-Game
Public + Hidden).
"""

from __future__ import annotations

from hexkit.agents.base import RandomAgent
from hexkit.hexes import Hex
from hexkit.rng import Rng
from hexkit.serialize import codec
from hexkit_soot import GAME
from hexkit_soot.ledger import gain_points
from hexkit_soot.rules.camps import place_camp
from hexkit_soot.rules.scoring import score_sheet, points_by_source
from hexkit_soot.state import POINT_SOURCES

from tests.soot.helpers import place, start


def test_every_source_starts_at_zero() -> None:
    s = start()
    assert list(s.points_by) == list(POINT_SOURCES)
    assert all(counts == (0, 0) for counts in s.points_by.values())


def test_a_first_camp_scores_three_camp_points() -> None:
    s = start()
    place(s, Hex(1, 0), "Plains")
    place_camp(s, 0, Hex(1, 0), "Farm")
    assert s.points_by["camps"] == (1 + 2, 0)  # +1 a camp, +2 first Agriculture camp
    assert s.players[0].points == 3


def test_tally_survives_clone_and_serialisation_and_shows_in_views() -> None:
    s = start()
    place(s, Hex(1, 0), "Plains")
    place_camp(s, 0, Hex(1, 0), "Farm")
    copy = GAME.clone(s)
    gain_points(copy, 0, 5, "test", "camps")  # the one writer replaces the row it shares
    assert copy.points_by["camps"] == (8, 0)
    assert s.points_by["camps"] == (3, 0)  # the copy is independent
    back = codec(GAME).state_from_json(codec(GAME).state_to_json(s))
    assert back.points_by["camps"] == (3, 0)
    assert GAME.view(s, 1).points_by["camps"] == (3, 0)
    # and the original's writes leave the copy alone
    gain_points(s, 1, 2, "test", "camps")
    assert (s.points_by["camps"], copy.points_by["camps"]) == ((3, 2), (8, 0))


def test_sources_sum_to_the_public_track_and_the_total_in_a_played_game() -> None:
    state = GAME.setup(GAME.make_config(players=2), Rng(3))
    agents = [RandomAgent(1), RandomAgent(2)]
    while not GAME.is_over(state):
        seat = GAME.current_player(state)
        assert seat is not None
        legal = list(GAME.legal_actions(state))
        GAME.apply(state, agents[seat].act(GAME, GAME.view(state, seat), legal))
    sheet = score_sheet(state)
    for q, p in enumerate(state.players):
        assert sum(counts[q] for counts in state.points_by.values()) == p.points
        split = points_by_source(state, q)
        assert split["other"] == 0  # every rule that scores names its source
        assert sum(split.values()) == sheet.totals[q]


def test_loading_refuses_a_tally_that_disagrees_with_the_track() -> None:
    import pytest

    from hexkit.validation import StateValidationError

    s = start()
    place(s, Hex(1, 0), "Plains")
    place_camp(s, 0, Hex(1, 0), "Farm")
    GAME.validate_state(s)  # 3 camp points, track at 3: accepted
    s.points_by["camps"] = (5, 0)
    s.points_by["shares"] = (0, 0)
    del s.points_by["events"]
    with pytest.raises(StateValidationError) as err:
        GAME.validate_state(s)
    text = str(err.value)
    assert "state.points_by.shares" in text and "state.points_by.events" in text
    s.points_by["events"] = (0, 0)
    del s.points_by["shares"]
    with pytest.raises(StateValidationError, match=r"add up to 5, but the public track shows 3"):
        GAME.validate_state(s)
