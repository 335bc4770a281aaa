"""Setting Up the Game for every player count and the set-up decisions."""

from __future__ import annotations

import pytest

from hexkit.errors import ConfigError, IllegalActionError

from hexkit_empyreal import GAME, Choose, PickHex
from hexkit_empyreal.actions import EliminateAward, PlaceHeadquarters, SelectCaptain, SelectCompany
from hexkit_empyreal.data import CITY, WASTELAND, load_data
from hexkit_empyreal.state import board

DATA = load_data()
BOARDS = {2: 3, 3: 3, 4: 4, 5: 5, 6: 6}
TILES_PER_CITY = {2: 3, 3: 4, 4: 4, 5: 4, 6: 5}


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_map_goods_demand_and_markets(players: int) -> None:
    for seed in range(4):
        state = GAME.new(GAME.make_config(players), seed)
        b = board(state)
        assert len(state.layout) == BOARDS[players]
        sides = {s[-1] for s in state.layout}
        if players <= 3:
            assert sides in ({"A"}, {"B"})
        elif players == 6:
            assert sides == {"C"}
        else:
            assert sorted(s[-1] for s in state.layout).count("C") == (2 if players == 4 else 4)
        assert len(b.cities) == 6 and sorted(b.city_colour) == list(range(6))
        for c in range(b.size):
            t = state.terrain[c]
            assert state.goods[c] == (() if t in (CITY, WASTELAND) else (t,))
        on_map = [sum(g.count(col) for g in state.goods) for col in range(6)]
        assert [a + s for a, s in zip(on_map, state.supply)] == [35] * 6
        assert all(len(s) == TILES_PER_CITY[players] for s in state.stands)
        assert len(state.market) == 6 and len(state.deck) == 67 - 6
        assert [len(s) for s in state.stacks] == [players + 1] * 3
        assert [len(s) + len(b_) for s, b_ in zip(state.stacks, state.box)] == [17, 17, 17]
        assert state.wasteland == 20
        assert all(ps.mana == 5 and ps.cars_left == 35 for ps in state.players)


def test_thirty_demand_tiles_in_six_player_game() -> None:
    state = GAME.new(GAME.make_config(6), 1)
    tiles = [t for s in state.stands for t in s]
    assert len(tiles) == 30
    assert sorted({k for _, k in tiles}) == [0, 1, 2]
    assert sum(1 for _, k in tiles if k == 2) == 6


def test_company_selection_reverse_order_then_headquarters_in_turn_order() -> None:
    state = GAME.new(GAME.make_config(3), 2)
    seen = []
    while state.phase == "setup":
        d = state.decision()
        seen.append((type(d).__name__, d.player))
        GAME.apply(state, GAME.legal_actions(state)[0])
    picks = [p for name, p in seen if name == "SelectCompany"]
    hqs = [p for name, p in seen if name == "PlaceHeadquarters"]
    assert picks == [2, 1, 0]
    assert hqs == [0, 0, 1, 1, 2, 2]
    assert len({ps.company for ps in state.players}) == 3
    for seat, ps in enumerate(state.players):
        first, second = [c for c in range(len(state.cars)) if seat in state.cars[c]]
        assert ps.cars_left == 33
        home = DATA.company_by_name[ps.company].home
        terrains = {DATA.goods[state.terrain[c]].terrain if state.terrain[c] < 6 else "" for c in (first, second)}
        assert home in terrains
        assert second in board(state).neighbours[first]


def test_captain_choice_includes_wild_captains() -> None:
    state = GAME.new(GAME.make_config(2), 0)
    assert isinstance(state.decision(), SelectCompany)
    GAME.apply(state, Choose("Kings' Line"))
    assert isinstance(state.decision(), SelectCaptain)
    assert [str(a) for a in GAME.legal_actions(state)] == [
        "choose Runika Zenanen", "choose Irialandradayamorella", "choose Trias Blackwind",
    ]
    GAME.apply(state, Choose("Trias Blackwind"))
    GAME.apply(state, Choose("Kerigan Transcontinental"))
    assert "choose Trias Blackwind" not in [str(a) for a in GAME.legal_actions(state)]


def test_headquarters_rules() -> None:
    state = GAME.new(GAME.make_config(2), 0)
    GAME.apply(state, Choose("Kings' Line"))
    GAME.apply(state, Choose("Runika Zenanen"))
    GAME.apply(state, Choose("Afterworld Express"))
    GAME.apply(state, Choose("Dolores Malephaise"))
    d = state.decision()
    assert isinstance(d, PlaceHeadquarters) and d.player == 0
    b = board(state)
    # Seat 1 chose first (reverse turn order): seat 0 leads Afterworld Express, Home Terrain Lava.
    assert state.players[0].company == "Afterworld Express"
    firsts = [b.index[a.hex] for a in GAME.legal_actions(state)]
    lava = 4
    assert firsts and all(state.terrain[c] == lava for c in firsts)
    not_lava = next(h for c, h in enumerate(b.hexes) if state.terrain[c] != lava)
    with pytest.raises(IllegalActionError, match="Home Terrain"):
        GAME.apply(state, PickHex(not_lava))
    GAME.apply(state, GAME.legal_actions(state)[0])
    seconds = [b.index[a.hex] for a in GAME.legal_actions(state)]
    assert all(state.terrain[c] not in (CITY, WASTELAND) for c in seconds)


def test_expert_draft_eliminates_until_two_remain() -> None:
    state = GAME.new(GAME.make_config(4, ["expert"]), 5)
    assert len(state.award_offer) == 6
    order = []
    while isinstance(state.decision(), EliminateAward):
        order.append(state.decision().player)
        GAME.apply(state, GAME.legal_actions(state)[0])
    assert order == [0, 1, 2, 3]
    assert len(state.awards) == 2 and state.award_offer == []


def test_awards_variant_deals_two_and_two_players_lose_second_opinion() -> None:
    for seed in range(30):
        state = GAME.new(GAME.make_config(2, ["awards"]), seed)
        assert len(state.awards) == 2 and "Second Opinion" not in state.awards + state.award_box
    state = GAME.new(GAME.make_config(3, ["awards"]), 0)
    assert len(state.awards) + len(state.award_box) == 10


def test_friendly_competition_removals() -> None:
    state = GAME.new(GAME.make_config(6, ["friendly"]), 3)
    names = {n for s in state.stacks + state.box for n in s}
    for gone in DATA.friendly.specialists:
        assert gone not in names
    cars = set(state.deck + state.market)
    for gone in DATA.friendly.spellcars:
        assert gone not in cars
    assert not set(DATA.friendly.captains) & set(state.free_captains)
    while state.phase == "setup":  # 6 Companies with 4 Company Captains + 2 Wild Captains
        GAME.apply(state, GAME.legal_actions(state)[-1])
    assert len({ps.captain for ps in state.players}) == 6


def test_team_config_is_checked() -> None:
    GAME.make_config(4, ["team"])
    GAME.make_config(6, ["team"], team_size=3)
    with pytest.raises(ConfigError, match="cannot form teams"):
        GAME.make_config(5, ["team"])
    with pytest.raises(ConfigError, match="does not use Awards"):
        GAME.make_config(4, ["team", "awards"])


def test_team_seating_alternates_and_2v2v2_repeats_every_third_seat() -> None:
    from hexkit_empyreal.rules.network import is_competitor

    two_v_two = GAME.make_config(4, ["team"])
    assert [two_v_two.team_of(s) for s in range(4)] == [0, 1, 0, 1]
    three_v_three = GAME.make_config(6, ["team"], team_size=3)
    assert [three_v_three.team_of(s) for s in range(6)] == [0, 1, 0, 1, 0, 1]
    # 2v2v2: teams A, B, C, then A again from the fourth seat (the rulebook's example)
    two_v_two_v_two = GAME.make_config(6, ["team"], team_size=2)
    assert [two_v_two_v_two.team_of(s) for s in range(6)] == [0, 1, 2, 0, 1, 2]
    state = GAME.new(two_v_two_v_two, 0)
    assert [b for b in range(6) if not is_competitor(state, 0, b)] == [0, 3]
    assert [b for b in range(6) if not is_competitor(state, 1, b)] == [1, 4]


def test_seat_0_takes_the_first_turn_then_play_goes_round_in_seat_order() -> None:
    state = GAME.new(GAME.make_config(4), 5)
    while state.phase == "setup":
        GAME.apply(state, GAME.legal_actions(state)[0])
    assert state.turn.player == 0 and GAME.current_player(state) == 0
    order = [0]
    while len(order) < 5:
        GAME.apply(state, GAME.legal_actions(state)[0])
        if state.turn.player != order[-1]:
            order.append(state.turn.player)
    assert order == [0, 1, 2, 3, 0]


def test_required_demand_tiles_by_count_and_epic() -> None:
    from hexkit_empyreal.rules.game_end import required_tiles

    assert [required_tiles(GAME.new(GAME.make_config(n), 0)) for n in range(2, 7)] == [6, 6, 5, 4, 4]
    assert required_tiles(GAME.new(GAME.make_config(4, ["epic"]), 0)) == 6
