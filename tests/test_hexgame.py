"""The tutorial game Hex (examples/hexgame): rules, numbering, caches, conformance."""

from __future__ import annotations

import copy
import json
import time

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import hexkit
from hexkit.errors import ConfigError, IllegalActionError
from hexkit.hexes import Hex
from hexkit.rng import Rng
from hexkit.serialize import codec
from hexkit.testing import check_game, check_golden, golden_name, golden_transcript, perft_table, random_agent

from hexkit_hexgame import (
    COLOURS,
    GAME,
    SWAP,
    HexState,
    Place,
    Swap,
    action_to_index,
    index_to_action,
    parse_action,
    render_text,
    stones_to_connect,
    winning_chain,
)

CODEC = codec(GAME)


def new(size: int = 5, *variants: str, seed: int = 0) -> HexState:
    return GAME.new(GAME.make_config(2, variants, size=size), seed)


def play(state: HexState, moves: str) -> HexState:
    """Apply space-separated moves written as the log writes them ("c2", "swap")."""
    for word in moves.split():
        GAME.apply(state, parse_action(word))
    return state


def dump(state: HexState) -> str:
    return CODEC.state_to_json(state)


def random_game(size: int, seed: int, *variants: str) -> HexState:
    state = new(size, *variants, seed=seed)
    rng = Rng(seed)
    while not GAME.is_over(state):
        legal = GAME.legal_actions(state)
        GAME.apply(state, legal[rng.randbelow(len(legal))])
    return state


# -- the registry and the config --------------------------------------------


def test_registered_under_hex() -> None:
    assert "hex" in hexkit.available_games()
    assert hexkit.load_game("hex") is GAME
    assert GAME.info.variants == ("swap",)
    assert GAME.info.hidden_fields == ()


def test_default_board_is_11_by_11_with_black_to_move() -> None:
    state = GAME.new()
    assert state.config.size == 11
    assert len(state.cells) == 121
    assert len(GAME.legal_actions(state)) == 121
    assert GAME.current_player(state) == 0
    assert GAME.num_distinct_actions(state.config) == 122


@pytest.mark.parametrize("size", [0, 27, -3])
def test_board_size_out_of_range_is_a_config_error(size: int) -> None:
    with pytest.raises(ConfigError, match="1 to 26"):
        GAME.make_config(2, size=size)


def test_players_and_variants_are_checked() -> None:
    with pytest.raises(ConfigError, match="2-2 players"):
        GAME.make_config(3)
    with pytest.raises(ConfigError, match="unknown variant"):
        GAME.make_config(2, {"pie"})


def test_every_size_from_1_to_26_sets_up() -> None:
    for size in range(1, 27):
        assert len(GAME.legal_actions(new(size))) == size * size


def test_a_1x1_board_is_won_by_the_first_stone() -> None:
    state = play(new(1, "swap"), "a1")
    assert GAME.winner(state) == 0
    assert state.step == 1
    assert GAME.legal_actions(state) == ()


# -- winning chains ------------------------------------------------------------


def test_black_wins_by_joining_top_and_bottom() -> None:
    state = play(new(5), "c1 a1 c2 a2 c3 a3 c4 a4")
    assert not GAME.is_over(state)
    assert stones_to_connect(state, 0) == 1
    play(state, "c5")
    assert GAME.is_over(state)
    assert GAME.winner(state) == 0
    assert state.winner == 0
    assert state.step == 9
    assert state.log[-1].text == "Black places c5 and joins top and bottom"
    assert GAME.returns(state) == [1.0, 0.0]
    sheet = GAME.scores(state)
    assert sheet.totals == (1, 0)
    assert sheet.order == (0, 1)
    assert sheet.decided_by == ("edges joined",)
    assert winning_chain(state) == frozenset(Hex(2, r) for r in range(5))


def test_white_wins_by_a_bent_chain_from_left_to_right() -> None:
    # a3 (0,2) - b2 (1,1) - c2 (2,1) - d1 (3,0) - e1 (4,0): each pair is adjacent
    # because (q, r) touches (q + 1, r - 1).
    state = play(new(5), "a1 a3 b1 b2 a2 c2 b3 d1 b4")
    assert not GAME.is_over(state)
    play(state, "e1")
    assert GAME.winner(state) == 1
    assert state.step == 10
    assert state.log[-1].text == "White places e1 and joins left and right"
    assert GAME.scores(state).order == (1, 0)
    assert winning_chain(state) == {Hex(0, 2), Hex(1, 1), Hex(2, 1), Hex(3, 0), Hex(4, 0)}
    assert render_text(state).splitlines() == [
        "   a b c d e",
        " 1 x x . O O  1",
        " 2  x O O . .  2",
        " 3   O x . . .  3",
        " 4    . x . . .  4",
        " 5     . . . . .  5",
        "       a b c d e",
        "White (o, left-right) has won",
    ]


def test_the_other_diagonal_does_not_connect() -> None:
    # a1 b2 c3 d4 e5 are (i, i): (q, r) does not touch (q + 1, r + 1).
    state = play(new(5), "a1 e1 b2 e2 c3 e3 d4 a5 e5")
    assert not GAME.is_over(state)
    assert stones_to_connect(state, 0) == 4


def test_no_winner_while_the_game_goes_on() -> None:
    state = play(new(5), "c3")
    assert GAME.winner(state) is None
    assert GAME.scores(state).totals == (0, 0)
    assert winning_chain(state) == frozenset()
    assert render_text(state).splitlines()[-1] == "White (o, left-right) to move"


# -- the swap rule ----------------------------------------------------------------


def test_swap_moves_blacks_first_stone_to_its_mirror_as_white() -> None:
    state = play(new(5, "swap"), "b1")
    legal = GAME.legal_actions(state)
    assert legal[-1] == Swap()
    assert len(legal) == 24 + 1
    decision = state.decision()
    assert decision is not None and decision.prompt == "White: choose an empty cell, or swap"
    play(state, "swap")
    assert state.stone(Hex(1, 0)) is None  # b1 emptied
    assert state.stone(Hex(0, 1)) == 1  # a2 is White's
    assert [i for i, owner in enumerate(state.cells) if owner is not None] == [5]
    assert GAME.current_player(state) == 0
    assert state.step == 2
    assert state.log[-1].text == "White swaps: Black's b1 becomes White's a2"
    assert SWAP not in GAME.legal_actions(state)
    assert len(GAME.legal_actions(state)) == 24


def test_after_a_swap_the_old_stone_no_longer_counts_for_black() -> None:
    # Black's c1 touched the top edge; after the swap White owns a3 and Black
    # must still build the whole chain.
    state = play(new(3, "swap"), "c1 swap")
    assert stones_to_connect(state, 0) == 3
    play(state, "b1 c1 b2 c2")
    assert not GAME.is_over(state)
    play(state, "b3")
    assert GAME.winner(state) == 0


def test_swap_on_the_long_diagonal_changes_only_the_colour() -> None:
    state = play(new(5, "swap"), "c3 swap")
    assert state.stone(Hex(2, 2)) == 1
    assert state.cells.count(None) == 24


def test_swap_is_only_whites_first_action() -> None:
    state = new(5, "swap")
    before = dump(state)
    with pytest.raises(IllegalActionError, match="White's first action, not action 1"):
        GAME.apply(state, SWAP)
    assert dump(state) == before
    play(state, "a1 b1")
    with pytest.raises(IllegalActionError, match="not action 3"):
        GAME.apply(state, SWAP)


def test_swap_needs_the_variant() -> None:
    state = play(new(5), "a1")
    before = dump(state)
    with pytest.raises(IllegalActionError) as info:
        GAME.apply(state, SWAP)
    assert info.value.rule == "the swap rule is not in use (variant 'swap' was not chosen)"
    assert dump(state) == before


# -- illegal actions ----------------------------------------------------------------


def test_an_occupied_cell_is_refused_and_nothing_changes() -> None:
    state = play(new(5), "c2 d4")
    before = dump(state)
    legal_before = tuple(GAME.legal_actions(state))
    with pytest.raises(IllegalActionError) as info:
        GAME.apply(state, Place(Hex(2, 1)))
    assert info.value.rule == "c2 (2,1) already holds a Black stone; stones go on empty cells only"
    assert info.value.action == Place(Hex(2, 1))
    assert dump(state) == before
    assert tuple(GAME.legal_actions(state)) == legal_before
    with pytest.raises(IllegalActionError, match="already holds a White stone"):
        GAME.apply(state, parse_action("d4"))
    assert dump(state) == before


@pytest.mark.parametrize(
    ("action", "rule"),
    [
        (Place(Hex(5, 0)), "f1 is not a cell of the 5x5 board"),
        (Place(Hex(0, -1)), "(0,-1) is not a cell of the 5x5 board"),
        ("c2", "not an action of this game (str; actions are Place, Swap)"),
        (None, "not an action of this game (NoneType; actions are Place, Swap)"),
    ],
)
def test_other_illegal_actions_name_their_rule(action: object, rule: str) -> None:
    state = play(new(5), "c2")
    before = dump(state)
    with pytest.raises(IllegalActionError) as info:
        GAME.apply(state, action)
    assert info.value.rule == rule
    assert dump(state) == before


def test_nothing_is_legal_once_the_game_is_over() -> None:
    state = play(new(2), "a1 b1 a2")
    assert GAME.winner(state) == 0
    with pytest.raises(IllegalActionError, match="game is over: Black has joined top and bottom"):
        GAME.apply(state, parse_action("b2"))
    assert GAME.legal_mask(state) == [False] * 5
    assert GAME.legal_indices(state) == []


# -- views, JSON, clones ----------------------------------------------------------


def test_the_perfect_information_view_is_the_state() -> None:
    state = play(new(5, "swap", seed=9), "b1 swap c3 d2")
    full = CODEC.state_to_dict(state)["state"]
    assert full["viewer"] is None
    for player in (0, 1):
        view = GAME.view(state, player)
        seen = CODEC.state_to_dict(view)["state"]
        assert seen["viewer"] == player
        # Only the always-hidden RNG and the viewer's seat differ.
        assert {k: v for k, v in seen.items() if k not in ("rng", "viewer")} == {
            k: v for k, v in full.items() if k not in ("rng", "viewer")
        }
        assert view.cells == state.cells and view.winner == state.winner
        assert tuple(GAME.legal_actions(view)) == tuple(GAME.legal_actions(state))


def test_saved_state_is_small_and_reloads_into_the_same_game() -> None:
    state = play(new(4, seed=3), "b2 c2 b3")
    data = json.loads(dump(state))["state"]
    assert set(data) == {"config", "rng", "step", "pending", "log", "viewer", "cells", "winner",
                         "played"}
    assert data["played"] == {"moves": [2, 1], "swaps": [0, 0]}
    assert data["cells"][5] == 0 and data["cells"][6] == 1
    loaded = CODEC.state_from_json(dump(state))
    assert loaded == state
    # The caches are rebuilt from the cells: both copies finish alike.
    for s in (state, loaded):
        play(s, "c3 b4 a4 b1")
    assert dump(loaded) == dump(state)
    assert GAME.winner(loaded) == GAME.winner(state) == 0


@pytest.mark.parametrize(
    ("field", "value", "named"),
    [
        ("cells.4", 7, "state.cells[4]"),
        ("cells.4", "black", "state.cells[4]"),
        ("winner", 3, "state.winner"),
        ("cells", [None] * 5, "state"),  # a length check of the whole state
    ],
)
def test_tampered_states_are_refused_with_the_field_named(
    field: str, value: object, named: str
) -> None:
    data = json.loads(dump(play(new(3), "b2")))
    target = data["state"]
    *path, last = field.split(".")
    for key in path:
        target = target[key]
    target[int(last) if last.isdigit() else last] = value
    with pytest.raises(hexkit.InvalidRecordError) as info:
        CODEC.state_from_dict(data)
    assert info.value.field == named


def test_clone_is_independent_and_much_faster_than_deepcopy() -> None:
    state = play(new(11, seed=2), "f6 e7 f5 d9 a1")
    twin = GAME.clone(state)
    assert twin == state and dump(twin) == dump(state)
    play(twin, "k11 j10")
    assert state.step == 5 and state.cells[120] is None
    assert dump(twin) != dump(state)
    repeats = 200
    start = time.perf_counter()
    for _ in range(repeats):
        GAME.clone(state)
    fast = time.perf_counter() - start
    start = time.perf_counter()
    for _ in range(repeats):
        copy.deepcopy(state)
    slow = time.perf_counter() - start
    assert slow > 10 * fast


def test_legal_actions_are_a_snapshot() -> None:
    state = new(3)
    legal = GAME.legal_actions(state)
    play(state, "b2")
    assert len(legal) == 9
    assert Place(Hex(1, 1)) in legal
    assert Place(Hex(1, 1)) not in GAME.legal_actions(state)
    assert list(legal) == [Place(Hex(q, r)) for r in range(3) for q in range(3)]


# -- action numbers ------------------------------------------------------------------


def test_action_numbers_follow_rows_then_swap() -> None:
    assert action_to_index(parse_action("c2"), 11) == 13
    assert action_to_index(SWAP, 11) == 121
    assert index_to_action(120, 11) == Place(Hex(10, 10))
    for size in (1, 4, 11):
        for index in range(size * size + 1):
            assert action_to_index(index_to_action(index, size), size) == index
    with pytest.raises(ValueError, match="not in 0..121"):
        index_to_action(122, 11)
    with pytest.raises(ValueError, match="not on a 11x11 board"):
        action_to_index(Place(Hex(11, 0)), 11)


def test_mask_and_indices_agree_with_legal_actions() -> None:
    state = play(new(4, "swap"), "b2")
    mask = GAME.legal_mask(state)
    indices = GAME.legal_indices(state)
    assert len(mask) == 17
    assert mask[5] is False and mask[16] is True
    assert indices == [i for i, ok in enumerate(mask) if ok]
    assert [GAME.index_to_action(state, i) for i in indices] == list(GAME.legal_actions(state))
    assert [GAME.action_to_index(state, a) for a in GAME.legal_actions(state)] == indices


def test_apply_index_is_apply_by_number() -> None:
    by_action = new(5, "swap", seed=4)
    by_index = new(5, "swap", seed=4)
    rng = Rng(4)
    while not GAME.is_over(by_action):
        indices = GAME.legal_indices(by_index)
        index = indices[rng.randbelow(len(indices))]
        GAME.apply(by_action, GAME.index_to_action(by_action, index))
        GAME.apply_index(by_index, index)
        assert dump(by_index) == dump(by_action)
    before = dump(by_index)
    with pytest.raises(IllegalActionError, match="the game is over"):
        GAME.apply_index(by_index, 0)
    assert dump(by_index) == before


def test_apply_index_refuses_illegal_numbers_and_changes_nothing() -> None:
    state = play(new(3), "a1")
    before = dump(state)
    with pytest.raises(IllegalActionError, match="already holds a Black stone"):
        GAME.apply_index(state, 0)
    with pytest.raises(IllegalActionError, match="variant 'swap' was not chosen"):
        GAME.apply_index(state, 9)
    with pytest.raises(IllegalActionError, match="not in 0..9"):
        GAME.apply_index(state, 10)
    with pytest.raises(IllegalActionError, match="not in 0..9"):
        GAME.apply_index(state, -1)
    assert dump(state) == before


# -- perft: leaf counts of the game tree ----------------------------------------------

PERFT = {
    # (size, swap): leaves at depth 1, 2, ... (a finished game is a leaf).
    # 3x3 without swap: 9*8*7*6*5 = 15120 at depth 5, then Black's wins on
    # the 5th stone cut depth 6 below 9*8*7*6*5*4 = 60480. With swap, depth 2
    # is 9 * (8 + 1). Agreement with OpenSpiel: tests/test_hexgame_openspiel.py.
    (2, True): [4, 16, 36, 48, 48],
    (3, True): [9, 81, 576, 3528],
    (3, False): [9, 72, 504, 3024, 15120, 56160],
}


@pytest.mark.parametrize(("size", "swap"), list(PERFT))
def test_perft_counts(size: int, swap: bool) -> None:
    state = new(size, *(["swap"] if swap else []))
    assert perft_table(GAME, state, len(PERFT[size, swap]), count_finished=True) == PERFT[size, swap]


# -- win detection against an independent count --------------------------------------


@settings(max_examples=60, deadline=None)
@given(size=st.integers(1, 9), seed=st.integers(0, 2**32), swap=st.booleans())
def test_union_find_agrees_with_connected_groups(size: int, seed: int, swap: bool) -> None:
    """Every random game ends exactly when hexkit.paths finds a joining group."""
    state = new(size, *(["swap"] if swap else []), seed=seed)
    rng = Rng(seed)
    while True:
        chain = winning_chain(state)
        if GAME.is_over(state):
            winner = state.winner
            assert winner is not None and chain
            assert stones_to_connect(state, winner) == 0
            assert stones_to_connect(state, 1 - winner) is None
            break
        # No joining group yet, for either colour.
        for player in (0, 1):
            assert stones_to_connect(state, player) != 0
        legal = GAME.legal_actions(state)
        GAME.apply(state, legal[rng.randbelow(len(legal))])
    assert state.step <= size * size + (1 if swap else 0)


def test_random_games_on_a_full_board_never_draw() -> None:
    """RULES.md §5: every full board joins exactly one pair of edges."""
    for seed in range(50):
        state = random_game(4, seed)
        assert state.winner in (0, 1)
    rng = Rng(7)
    for size in range(1, 9):
        for _ in range(25):
            full = new(size)
            full.cells = [COLOURS[rng.randbelow(2)] for _ in range(size * size)]
            full.forget()
            joined = [stones_to_connect(full, p) == 0 for p in (0, 1)]
            assert joined.count(True) == 1
            links, (top, bottom), (left, right) = full.links, *full.board.goals
            assert (links.find(top) == links.find(bottom)) == joined[0]
            assert (links.find(left) == links.find(right)) == joined[1]


# -- the conformance suite -------------------------------------------------------------


def test_conformance_suite() -> None:
    configs = [
        GAME.make_config(2),
        GAME.make_config(2, {"swap"}, size=5),
        GAME.make_config(2, {"swap"}, size=2),
        GAME.make_config(2, size=1),
    ]
    report = check_game(GAME, configs, seeds=range(100))
    assert report.games == 400
    assert report.rejected > 0
    assert report.views > 0


# -- pictures --------------------------------------------------------------------------


def test_svg_picture_through_the_core_hook() -> None:
    pytest.importorskip("drawsvg")
    from hexkit.render import DrawsSvg, render_state_svg

    state = play(new(5), "c1 a1 c2 a2 c3 a3 c4 a4 c5")
    assert isinstance(GAME, DrawsSvg)
    svg = render_state_svg(GAME, state)
    assert svg.count('class="marker"') == 9
    assert svg.count('stroke="#d4a017"') == 5  # the winning chain, ringed in gold
    assert "Hex 5x5, move 9: Black has won" in svg
    # The rim of an n x n rhombus has 8n - 2 cell sides: Black owns the 2n
    # above the top row and the 2n below the bottom row, White the rest.
    board, style = GAME.svg_style(state)
    colours = [edge.color for edge in style.edges()]
    assert len(colours) == 38
    assert colours.count("#222222") == 20
    assert len(board) == 25 and board[Hex(2, 4)] == 0 and board[Hex(1, 4)] is None


def test_study_hooks_name_the_colours_and_count_turns() -> None:
    state = play(new(5, "swap"), "b1 swap c3")
    assert GAME.factions(state) == ["Black", "White"]
    assert GAME.turns(state) == 3


# -- golden transcripts (hexkit's one format, :func:`hexkit.testing.golden_transcript`) ---

HEX_GOLDEN = Path(__file__).parent / "hexgame" / "golden"
HEX_GOLDENS = {golden_name(2, 1): (5, (), 1), golden_name(2, 2, "swap"): (5, ("swap",), 2)}
"""File name: board size, variants, seed (players are always 2)."""


@pytest.mark.parametrize("name", sorted(HEX_GOLDENS))
def test_golden_transcript(name: str) -> None:
    size, variants, seed = HEX_GOLDENS[name]
    config = GAME.make_config(2, variants, size=size)
    text = golden_transcript(GAME, config, seed, random_agent(seed ^ 0x5EED), render=render_text)
    check_golden(HEX_GOLDEN / name, text)
