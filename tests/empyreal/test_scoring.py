"""Scoring, Award ties (rulebook examples) and tie-breakers."""

from __future__ import annotations

from hexkit_empyreal import GAME
from hexkit_empyreal.rules.awards import award_points

from tests.empyreal.helpers import AE, CC, GS, KL, KT, put, sandbox


def technologist(values):
    """A game where Technologist values are exactly ``values`` (Captain 1 + mana)."""
    companies = [KL, KT, GS, AE, CC][: len(values)]
    state = sandbox(companies, variants=["awards"])
    state.awards = ["Technologist"]
    for ps, value in zip(state.players, values):
        ps.mana, ps.spent = value - 1, 0
    return state


def test_two_tied_first_split_six_and_four_third_gets_two() -> None:
    state = technologist([5, 5, 3, 2])
    assert award_points(state)["Technologist"] == [5, 5, 2, 0]


def test_three_tied_second_split_four_and_two_third_not_awarded() -> None:
    state = technologist([8, 4, 4, 4])
    assert award_points(state)["Technologist"] == [6, 2, 2, 2]


def test_two_players_only_four_to_the_best_and_minimum_one() -> None:
    state = technologist([3, 2])
    assert award_points(state)["Technologist"] == [4, 0]
    state.awards = ["Cache"]  # nobody has Goods In-Network: nobody qualifies
    assert award_points(state)["Cache"] == [0, 0]


def test_three_players_six_and_four() -> None:
    state = technologist([3, 2, 1])
    assert award_points(state)["Technologist"] == [6, 4, 0]


def test_drive_by_fewest_cars_next_to_cities_needs_at_least_one() -> None:
    state = sandbox((KL, KT, GS), variants=["awards"])
    state.awards = ["Drive By"]
    put(state, 2, 1, cars=[0])  # next to the City (1,1)
    put(state, 1, 2, cars=[0])
    put(state, 0, 2, cars=[1])
    put(state, 5, 3, cars=[2])  # next to the City (4,3)
    got = award_points(state)["Drive By"]
    # values: seat 0 -> 2, seat 1 -> 1, seat 2 -> 1: seats 1 and 2 tie for the fewest.
    assert got == [0, 5, 5]  # (6 + 4) // 2 each; no third place with 3 players


def test_tie_breakers_in_order() -> None:
    state = sandbox((KL, KT, GS, AE))
    a, b, c, d = state.players
    for ps in state.players:
        ps.tiles = [(0, 0)]  # 1 VP each
    a.goods[0], b.goods[0], c.goods[0], d.goods[0] = 5, 4, 4, 4  # 6, 5+1? no: totals below
    b.tiles = [(0, 0), (0, 0)]  # b: 4 goods + 2 = 6 = a: 5 + 1
    c.tiles = [(0, 0), (0, 0)]
    d.tiles = [(0, 0), (0, 0)]
    b.cars_left, c.cars_left, d.cars_left = 30, 30, 31
    sheet = GAME.scores(state)
    assert sheet.totals == (6, 6, 6, 6)
    # a delivered most Goods; b and c tie on cars placed, c is further from the Start Player.
    assert sheet.order == (0, 2, 1, 3)
    assert sheet.decided_by == ("most Goods delivered", "furthest from the Start Player", "most train cars placed")


def test_team_scores_with_colour_majorities() -> None:
    state = sandbox((KL, KT, GS, AE), variants=["team"])
    p = state.players
    p[0].goods = [3, 0, 0, 0, 0, 0]
    p[2].goods = [0, 2, 0, 0, 0, 0]
    p[1].goods = [1, 2, 0, 0, 0, 0]
    p[3].tiles = [(1, 2)]  # 3 VP
    sheet = GAME.scores(state)
    # Team 0 (seats 0, 2): 5 Goods + yellow majority 5 + green tie 5 = 15.
    # Team 1 (seats 1, 3): 3 Goods + 3 VP tile + green tie 5 = 11.
    assert sheet.totals == (15, 11, 15, 11)
    assert sheet.order[:2] in ((0, 2), (2, 0))
    assert sheet.decided_by[1] == "total VP"


def test_award_measures_on_a_small_position() -> None:
    from hexkit_empyreal.rules.awards import measure
    from hexkit_empyreal.data import load_data

    awards = load_data().award_by_name
    state = sandbox((KL, KT, GS))
    # Seat 0: a group of three ((2,1),(3,1),(3,0): (3,0) on the top edge) and a lone car on the edge (0,4).
    for q, r in ((2, 1), (3, 1), (3, 0), (0, 4)):
        put(state, q, r, cars=[0])
    put(state, 3, 1, cars=[1])  # seat 1 shares (3,1)
    put(state, 2, 1, goods=["blue", "red"])
    state.players[0].tiles = [(3, 0), (3, 1), (0, 0)]
    values = {name: measure(state, 0, awards[name]) for name in awards}
    assert values == {
        "Branch Office": 2,
        "Cache": 2,
        "Conglomerate": 3,
        "Cosmopolitan": 1,  # (2,1) is next to the City (1,1)
        "Diversity": 2,
        "Drive By": 1,
        "Edgelord": 2,
        "Focus": 2,
        "Second Opinion": 1,
        "Technologist": 1 + 5,  # the Captain and 5 mana; printed Spellcars do not count
    }


def test_score_breakdown_lines_add_up_to_the_totals() -> None:
    """The sheet's parts are points only (train cars placed break ties but
    are not points), so reports can stack them."""
    from hexkit.testing import play_random

    for seed in (1, 2):
        state, _ = play_random(GAME, GAME.make_config(4, ["awards"]), seed)
        sheet = GAME.scores(state)
        assert [sum(parts.values()) for parts in sheet.breakdown] == list(sheet.totals)
        assert all("train cars placed" not in parts for parts in sheet.breakdown)
