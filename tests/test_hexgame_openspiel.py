"""The tutorial Hex game against a real peer: OpenSpiel's ``hex``.

The mapping, checked here move by move:

* OpenSpiel's player 0 (``x``) joins top and bottom, like hexkit's Black
  (seat 0); its player 1 (``o``) joins left and right, like White.
* OpenSpiel's action ``row * board_size + col`` is the cell ``Hex(col, row)``,
  which is hexkit's action number for ``Place(Hex(col, row))``; both games
  draw row ``r`` shifted right of row ``r - 1``, so ``(q, r)`` touches
  ``(q + 1, r - 1)`` and ``(q - 1, r + 1)`` in both.
* OpenSpiel's ``swap`` parameter (default ``False``) is hexkit's variant
  ``"swap"``: action ``board_size ** 2``, which moves Black's stone to the
  mirror cell as White's, then Black moves.

The same random index sequences must give the same legal actions at every
step, the same terminal step, the same final board and the same winner.
Under the swap rule, half the games take the swap.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from hexkit.rng import Rng
from hexkit.testing import perft

from hexkit_hexgame import GAME, HexState

pyspiel = pytest.importorskip("pyspiel")


def test_openspiel_defaults_are_the_ones_we_map() -> None:
    params = pyspiel.load_game("hex").get_parameters()
    assert params["board_size"] == 11
    assert params["swap"] is False
    game = pyspiel.load_game("hex", {"board_size": 5, "swap": True})
    assert game.num_distinct_actions() == GAME.num_distinct_actions(GAME.make_config(2, size=5))


def _cells(spiel_state: Any, size: int) -> list[int | None]:
    """The owners of the cells in OpenSpiel's picture (x is seat 0, o seat 1)."""
    marks = [c for c in str(spiel_state) if c in ".xo"]
    assert len(marks) == size * size
    return [None if m == "." else 0 if m == "x" else 1 for m in marks]


def play_both(size: int, seed: int, swap: bool, spiel_game: Any) -> tuple[int, int]:
    """Play one random game in both engines in lockstep; return (steps, winner)."""
    config = GAME.make_config(2, {"swap"} if swap else set(), size=size)
    ours: HexState = GAME.new(config, seed)
    theirs = spiel_game.new_initial_state()
    rng = Rng(seed)
    while not theirs.is_terminal():
        assert not GAME.is_over(ours), f"seed {seed}: OpenSpiel goes on at step {ours.step}"
        assert GAME.current_player(ours) == theirs.current_player()
        legal = GAME.legal_indices(ours)
        assert legal == theirs.legal_actions(), f"seed {seed}, step {ours.step}"
        index = legal[rng.randbelow(len(legal))]
        if legal[-1] == size * size and seed % 2 == 0:
            index = legal[-1]  # take the swap in half the games, not 1 in size**2
        GAME.apply(ours, GAME.index_to_action(ours, index))  # the path a user takes
        theirs.apply_action(index)
    assert GAME.is_over(ours), f"seed {seed}: OpenSpiel ended at step {ours.step}, hexkit did not"
    assert ours.step == len(theirs.history())
    assert ours.cells == _cells(theirs, size)
    returns = theirs.returns()
    winner = 0 if returns[0] > 0 else 1
    assert GAME.winner(ours) == winner, f"seed {seed}"
    return ours.step, winner


@pytest.mark.parametrize(
    ("size", "swap", "games"),
    [(11, False, 1000), (11, True, 500), (5, False, 300), (7, True, 300), (2, True, 100)],
)
def test_same_random_games_end_alike(size: int, swap: bool, games: int) -> None:
    spiel_game = pyspiel.load_game("hex", {"board_size": size, "swap": swap})
    results = [play_both(size, seed, swap, spiel_game) for seed in range(games)]
    wins = Counter(winner for _, winner in results)
    # Random play on a real board gives both colours many wins, and games
    # of many lengths: the agreement is not a string of trivial games.
    assert wins[0] > games // 5 and wins[1] > games // 5
    assert len({steps for steps, _ in results}) >= (3 if size <= 2 else 10)


def _perft_ours(state: HexState, depth: int) -> int:
    """hexkit's perft (a finished game is a leaf, as OpenSpiel counts it)."""
    return perft(GAME, state, depth, count_finished=True)


def _perft_spiel(state: Any, depth: int) -> int:
    if depth == 0 or state.is_terminal():
        return 1
    return sum(_perft_spiel(state.child(a), depth - 1) for a in state.legal_actions())


@pytest.mark.parametrize(("size", "swap", "depth"), [(2, True, 5), (3, True, 4), (3, False, 6)])
def test_perft_counts_match(size: int, swap: bool, depth: int) -> None:
    """Leaf counts of the whole game tree to a depth (finished games are leaves).

    tests/test_hexgame.py keeps the counts themselves.
    """
    config = GAME.make_config(2, {"swap"} if swap else set(), size=size)
    ours = _perft_ours(GAME.new(config), depth)
    theirs = _perft_spiel(
        pyspiel.load_game("hex", {"board_size": size, "swap": swap}).new_initial_state(), depth
    )
    assert ours == theirs
