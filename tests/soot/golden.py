"""Golden playthroughs and perft counts of Soot & Timber.

Regenerate after a deliberate rules change::

    .venv/bin/python -m tests.soot.golden --regenerate

(or ``HEXKIT_UPDATE_GOLDEN=1 pytest tests/soot/test_golden.py`` for the transcripts).
Formats and names are hexkit's (docs/golden.md); the transcripts were
renamed from ``2p_seed1.txt`` to ``2p-seed1.txt`` (content unchanged).

Transcripts: seeded random games (the agent's seed is fixed too), every
answer with its label and every log line, then the final picture and the
score sheet. Perft: for positions reached by seeded random play, the number
of legal actions and of action sequences of length 2.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping
from pathlib import Path

from hexkit.rng import Rng
from hexkit.testing import golden_transcript, random_agent
from hexkit.testing import perft_table as core_perft_table
from hexkit_soot import GAME
from hexkit_soot.render import render_state
from hexkit_soot.state import SootState

HERE = Path(__file__).parent / "golden"
GAMES = {"2p-seed1": (2, 1), "4p-seed2": (4, 2)}
"""Transcript name (hexkit's scheme, :func:`hexkit.testing.golden_name`): players, seed."""
POSITIONS = {"3p_seed7_step40": (3, 7, 40), "4p_seed8_step300": (4, 8, 300), "2p_seed9_step250": (2, 9, 250)}


def _breakdown(seat: int, parts: Mapping[str, int]) -> str:
    return f"P{seat}: " + ", ".join(f"{k} {v}" for k, v in parts.items())


def transcript(players: int, seed: int) -> str:
    """The text of one seeded random game, in hexkit's golden format
    (:func:`hexkit.testing.golden_transcript`, layout ``"interleaved"``)."""
    return golden_transcript(
        GAME, GAME.make_config(players=players), seed, random_agent(seed * 7919 + 1),
        render=render_state, layout="interleaved", breakdown=_breakdown,
        header=f"Soot & Timber golden game: {players} players, seed {seed}")


def position(players: int, seed: int, steps: int) -> SootState:
    """The state after ``steps`` seeded random answers."""
    state = GAME.new(GAME.make_config(players=players), seed)
    chooser = Rng(seed)
    for _ in range(steps):
        if GAME.is_over(state):
            break
        legal = GAME.legal_actions(state)
        GAME.apply(state, legal[chooser.randbelow(len(legal))])
    return state


def perft(state: SootState) -> tuple[int, int]:
    """Legal actions now, and action sequences of length 2 (kept for old callers;
    :func:`hexkit.testing.perft_table` is the one format)."""
    d1, d2 = core_perft_table(GAME, state, 2)
    return d1, d2


def perft_positions() -> dict[str, dict[str, int]]:
    """Perft counts of every saved position (``perft.json``'s content)."""
    out = {}
    for name, (players, seed, steps) in POSITIONS.items():
        d1, d2 = core_perft_table(GAME, position(players, seed, steps), 2)
        out[name] = {"players": players, "seed": seed, "steps": steps, "depth1": d1, "depth2": d2}
    return out


perft_table = perft_positions
"""The old name of :func:`perft_positions`, kept for callers."""


def regenerate() -> None:
    """Write every transcript and the perft table."""
    HERE.mkdir(exist_ok=True)
    for name, (players, seed) in GAMES.items():
        (HERE / f"{name}.txt").write_text(transcript(players, seed), encoding="utf-8")
    (HERE / "perft.json").write_text(json.dumps(perft_positions(), indent=2, sort_keys=True) + "\n", encoding="utf-8")


if __name__ == "__main__":
    if "--regenerate" in sys.argv:
        regenerate()
        print(f"wrote {HERE}")
    else:
        print(__doc__)
