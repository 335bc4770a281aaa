"""Tests for hexkit.scoring with the rulebooks' own numbers."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hexkit.scoring import (
    Ranking,
    ScoringError,
    TieRule,
    award_places,
    majorities,
    majority_holders,
    rank_with_tiebreaks,
)

EMPYREAL = (6, 4, 2)  # Award tiles, 4+ players
SOOT = (4, 2)  # public objectives


# --- Empyreal: Spells & Steam, "Award tiles" ------------------------------------


def test_empyreal_no_ties() -> None:
    assert award_places({"A": 5, "B": 3, "C": 2, "D": 1}, EMPYREAL, minimum=1) == {
        "A": 6, "B": 4, "C": 2, "D": 0,
    }


def test_empyreal_two_tie_for_first() -> None:
    # "Add 6VP and 4VP and split, giving each player 5VP. Third place is awarded as 2VP."
    got = award_places({"A": 7, "B": 7, "C": 4, "D": 2}, EMPYREAL, TieRule.SPLIT_POOLED, minimum=1)
    assert got == {"A": 5, "B": 5, "C": 2, "D": 0}


def test_empyreal_three_tie_for_second() -> None:
    # "Add 4VP and 2VP and split, giving each player 2VP. Third place is not awarded."
    got = award_places({"A": 9, "B": 4, "C": 4, "D": 4, "E": 1}, EMPYREAL, minimum=1)
    assert got == {"A": 6, "B": 2, "C": 2, "D": 2, "E": 0}


def test_empyreal_two_tie_for_second_consumes_third() -> None:
    got = award_places({"A": 9, "B": 4, "C": 4, "D": 3}, EMPYREAL, minimum=1)
    assert got == {"A": 6, "B": 3, "C": 3, "D": 0}


def test_empyreal_four_tie_for_first_rounds_down() -> None:
    assert award_places(dict.fromkeys("ABCD", 3), EMPYREAL, minimum=1) == dict.fromkeys("ABCD", 3)
    assert award_places(dict.fromkeys("ABCDE", 3), EMPYREAL, minimum=1) == dict.fromkeys("ABCDE", 2)


def test_empyreal_three_players_get_6_and_4() -> None:
    # third place (2VP) only in games with four or more players
    assert award_places({"A": 3, "B": 2, "C": 1}, (6, 4), minimum=1) == {"A": 6, "B": 4, "C": 0}


def test_empyreal_two_player_game_best_only() -> None:
    # "In a 2-player game, give 4VP to the best player only."
    assert award_places({"A": 3, "B": 2}, (4,), minimum=1) == {"A": 4, "B": 0}
    assert award_places({"A": 3, "B": 3}, (4,), minimum=1) == {"A": 2, "B": 2}


def test_empyreal_minimum_one_to_qualify() -> None:
    # "a player must have at least a value of 1 towards the Award"
    assert award_places({"A": 2, "B": 0, "C": 0, "D": 0}, EMPYREAL, minimum=1) == {
        "A": 6, "B": 0, "C": 0, "D": 0,
    }
    assert award_places(dict.fromkeys("AB", 0), EMPYREAL, minimum=1) == {"A": 0, "B": 0}
    assert award_places({}, EMPYREAL, minimum=1) == {}


def test_fewest_is_lower_is_better() -> None:
    # Drive By: "Fewest train cars adjacent to Cities"
    got = award_places({"A": 1, "B": 4, "C": 2, "D": 1}, EMPYREAL, minimum=1, lower_is_better=True)
    assert got == {"A": 5, "B": 0, "C": 2, "D": 5}


# --- Soot & Timber, "Public objectives" ----------------------------------------------


def test_soot_objective_plain() -> None:
    assert award_places({"A": 5, "B": 3, "C": 1}, SOOT, TieRule.FULL_TO_ALL) == {"A": 4, "B": 2, "C": 0}


def test_soot_objective_tie_for_leader_full_points_to_all() -> None:
    got = award_places({"A": 5, "B": 5, "C": 3, "D": 1}, SOOT, TieRule.FULL_TO_ALL)
    assert got == {"A": 4, "B": 4, "C": 2, "D": 0}  # runner-up is the next distinct value


def test_soot_objective_tie_for_runner_up() -> None:
    got = award_places({"A": 5, "B": 3, "C": 3, "D": 1}, SOOT, TieRule.FULL_TO_ALL)
    assert got == {"A": 4, "B": 2, "C": 2, "D": 0}


def test_full_to_all_skip_is_competition_ranking() -> None:
    got = award_places({"A": 5, "B": 5, "C": 3}, SOOT, TieRule.FULL_TO_ALL_SKIP)
    assert got == {"A": 4, "B": 4, "C": 0}


# --- majorities (Empyreal team variant) -------------------------------------------------


def test_team_colour_majorities() -> None:
    goods = {
        "team1": {"crizma": 3, "ehrlite": 1, "heartwood": 2},
        "team2": {"crizma": 3, "ehrlite": 2},
        "team3": {"hylatine": 0},
    }
    assert majorities(goods, 5) == {"team1": 10, "team2": 10, "team3": 0}
    holders = majority_holders(goods, kinds=["crizma", "hylatine", "vital silver"])
    assert holders == {"crizma": ["team1", "team2"], "hylatine": [], "vital silver": []}


# --- tie-break chains: Empyreal "Tiebreakers" ---------------------------------------------


def _empyreal_ranking(
    vp: dict[str, int], goods: dict[str, int], trains: dict[str, int], seats: list[str], start: str
) -> Ranking[str]:
    n = len(seats)
    distance = {p: (seats.index(p) - seats.index(start)) % n for p in seats}
    return rank_with_tiebreaks(
        seats,
        [
            ("total VP", vp.__getitem__),
            ("most goods delivered", goods.__getitem__),
            ("most trains placed", trains.__getitem__),
            ("furthest from start player", distance.__getitem__),
        ],
    )


def test_tiebreak_chain_each_key() -> None:
    seats = ["A", "B", "C", "D"]
    vp = {"A": 40, "B": 40, "C": 40, "D": 40}
    goods = {"A": 10, "B": 12, "C": 10, "D": 10}
    trains = {"A": 14, "B": 9, "C": 14, "D": 11}
    r = _empyreal_ranking(vp, goods, trains, seats, start="B")
    # B most goods; A and C equal goods and trains: A is 3 seats from B, C 1 seat.
    assert r.order == ("B", "A", "C", "D")
    assert r.decided_by == ("most goods delivered", "furthest from start player", "most trains placed")
    assert r.winner == "B" and r.winner_decided_by == "most goods delivered"
    assert r.winners == ("B",)


def test_tiebreak_vp_decides() -> None:
    r = _empyreal_ranking({"A": 30, "B": 31}, {"A": 9, "B": 0}, {"A": 9, "B": 0}, ["A", "B"], "A")
    assert r.order == ("B", "A") and r.winner_decided_by == "total VP"


def test_tiebreak_unbroken_tie_is_reported() -> None:
    r = rank_with_tiebreaks(["x", "y", "z"], [("score", {"x": 1, "y": 3, "z": 3}.__getitem__)])
    assert r.order == ("y", "z", "x") and r.decided_by == (None, "score")
    assert r.winners == ("y", "z") and r.winner_decided_by is None
    assert r.groups() == [("y", "z"), ("x",)]


def test_ranking_errors() -> None:
    with pytest.raises(ScoringError, match="duplicate"):
        rank_with_tiebreaks(["a", "a"], [])
    with pytest.raises(ScoringError, match="no winner"):
        _ = rank_with_tiebreaks([], []).winner
    single = rank_with_tiebreaks(["a"], [("k", len)])
    assert single.winner == "a" and single.winner_decided_by is None and single.groups() == [("a",)]


# --- properties -----------------------------------------------------------------------------

values_st = st.dictionaries(st.sampled_from("ABCDEF"), st.integers(0, 5))
prizes_st = st.lists(st.integers(0, 10), max_size=4).map(lambda xs: tuple(sorted(xs, reverse=True)))


@given(values_st, prizes_st)
def test_split_pooled_never_pays_more_than_the_prizes(values: dict[str, int], prizes: tuple[int, ...]) -> None:
    got = award_places(values, prizes, minimum=1)
    assert set(got) == set(values)
    assert sum(got.values()) <= sum(prizes)
    for p, v in values.items():
        if v < 1:
            assert got[p] == 0
        for q, w in values.items():
            if v == w:
                assert got[p] == got[q]
            if v > w >= 1:
                assert got[p] >= got[q]


@given(values_st, prizes_st)
def test_full_to_all_gives_place_prize(values: dict[str, int], prizes: tuple[int, ...]) -> None:
    got = award_places(values, prizes, TieRule.FULL_TO_ALL)
    distinct = sorted(set(values.values()), reverse=True)
    for p, v in values.items():
        place = distinct.index(v)
        assert got[p] == (prizes[place] if place < len(prizes) else 0)


@given(st.lists(st.tuples(st.integers(0, 3), st.integers(0, 3)), min_size=1, max_size=6))
def test_ranking_is_sorted_and_decisions_are_right(rows: list[tuple[int, int]]) -> None:
    players = list(range(len(rows)))
    r = rank_with_tiebreaks(players, [("a", lambda p: rows[p][0]), ("b", lambda p: rows[p][1])])
    assert sorted(r.order) == players
    for (x, y), key in zip(zip(r.order, r.order[1:]), r.decided_by):
        assert rows[x] >= rows[y]
        expected = None if rows[x] == rows[y] else ("a" if rows[x][0] != rows[y][0] else "b")
        assert key == expected
        if key is None:
            assert x < y  # unbroken ties keep input order


def test_doctests() -> None:
    import doctest

    import hexkit.scoring

    result = doctest.testmod(hexkit.scoring)
    assert result.attempted > 0 and result.failed == 0
