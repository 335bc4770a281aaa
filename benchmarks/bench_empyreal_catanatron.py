"""Empyreal's random 4-player playouts against catanatron, without Soot.

The same measurement as :mod:`benchmarks.bench_catanatron` (CPU time,
interleaved games after a warm-up, decisions per CPU-second; the clone at
mid-game against ``copy.deepcopy``), for Empyreal alone, so a change to
Empyreal can be measured in half the time. Run:
``python -m benchmarks.bench_empyreal_catanatron [games]``.
No pass/fail: figures to compare between commits.
"""

from __future__ import annotations

import copy
import sys

from benchmarks.bench_catanatron import (
    Game,
    _catan_game,
    _hexkit_game,
    _hexkit_midgame,
    _per_call_us,
    _playouts,
)
from hexkit_empyreal import GAME as EMPYREAL


def main(games: int = 12) -> None:
    if Game is None:  # pragma: no cover
        print("catanatron is not installed (pip install -e '.[test]'); skipped")
        return
    figures = _playouts({
        "catanatron": _catan_game,
        "hexkit empyreal": lambda seed: _hexkit_game(EMPYREAL, seed),
    }, games)
    catan, ours = figures["catanatron"], figures["hexkit empyreal"]
    print(f"decisions/CPU-s: catanatron {catan[1]:.0f}, empyreal {ours[1]:.0f}, "
          f"ratio {ours[1] / catan[1]:.2f}x (games/CPU-s ratio {ours[0] / catan[0]:.2f}x)")
    state = _hexkit_midgame(EMPYREAL)
    fast = _per_call_us(lambda: EMPYREAL.clone(state), 300)
    deep = _per_call_us(lambda: copy.deepcopy(state), 20)
    print(f"empyreal clone {fast:.0f} us, deepcopy {deep:.0f} us, ratio {deep / fast:.0f}x")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 12)
