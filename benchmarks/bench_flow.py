"""The turn engine's costs: clone of a state with a pending stack, against ``copy.deepcopy``.

The engine keeps its pending decisions (questions, automatic steps, asks
with their continuations) as frozen values in the state's ``pending`` list,
so a clone copies one list of references. This prints the clone time of
the "Claims" test game (tests/test_flow_game.py) mid-turn, with an
``AskNumber`` carrying a ``PayFor`` continuation above an ``EndTurn`` step,
and of a 40-move Hex position, each against ``copy.deepcopy``; and the
pending stack alone. (The Claims state is a few short lists, so its
``deepcopy`` is cheap too: the ratio that tracks the engine is the stack's.)
No pass/fail.

Run from the repository root: ``python -m benchmarks.bench_flow``.
"""

from __future__ import annotations

import copy
import timeit
from typing import Any

from hexkit.hexes import Hex
from hexkit.rng import Rng

from hexkit_hexgame import GAME as HEX
from tests.test_flow_game import CLAIM, GAME, HexChoice

ROUNDS = 5


def _claims_mid_turn() -> Any:
    state = GAME.new(GAME.make_config(3), 1)
    GAME.apply(state, CLAIM)
    GAME.apply(state, HexChoice(Hex(2, 0)))
    return state


def _hex_midgame() -> Any:
    state = HEX.new(HEX.make_config(2, size=11), 1)
    rng = Rng(1)
    for _ in range(40):
        legal = HEX.legal_actions(state)
        HEX.apply(state, legal[rng.randbelow(len(legal))])
    return state


def _compare(name: str, game: Any, state: Any) -> None:
    number = 5000
    clone = min(timeit.repeat(lambda: game.clone(state), number=number, repeat=ROUNDS)) / number
    deep = min(timeit.repeat(lambda: copy.deepcopy(state), number=100, repeat=ROUNDS)) / 100
    print(f"{name:44} clone {clone * 1e6:6.1f} us   deepcopy {deep * 1e6:7.0f} us"
          f"   ({deep / clone:.0f}x slower)")


class _Stack:
    """Clone of the pending stack alone: what the engine adds to a game's clone."""

    @staticmethod
    def clone(pending: list[Any]) -> list[Any]:
        return pending.copy()


def main() -> None:
    claims = _claims_mid_turn()
    print(f"pending stack of the Claims state: {[type(d).__name__ for d in claims.pending]}")
    _compare("pending stack alone (2 entries)", _Stack, claims.pending)
    _compare("claims (3 players, mid-turn, Ask + Resume)", GAME, claims)
    _compare("hex 11x11 (40 moves)", HEX, _hex_midgame())


if __name__ == "__main__":
    main()
