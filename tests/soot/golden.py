"""Golden playthroughs and perft counts of Soot & Timber.

Regenerate after a deliberate rules change::

    .venv/bin/python -m tests.soot.golden --regenerate

(or ``HEXKIT_UPDATE_GOLDEN=1 pytest tests/soot/test_golden.py`` for the transcripts)
and review the diff: every changed line is a behaviour change.

Formats and names are hexkit's (docs/golden.md), the same as Empyreal's
``tests/empyreal/golden.py``: transcripts by
:func:`hexkit.testing.golden_transcript`, named ``{players}p-seed{seed}.txt``;
each perft position saved as ``{name}.json`` (so a count does not move when
the way to the position changes) and its counts by
:func:`hexkit.testing.perft_table` in ``perft.json`` as ``{name: [depth 1, depth 2]}``.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping
from pathlib import Path

from hexkit.rng import Rng
from hexkit.serialize import codec
from hexkit.testing import golden_transcript, perft_table, random_agent
from hexkit.testing import perft as core_perft
from hexkit_soot import GAME
from hexkit_soot.render import render_text
from hexkit_soot.state import SootState

HERE = Path(__file__).parent / "golden"

PLAYTHROUGHS: dict[str, tuple[int, int]] = {"2p-seed1": (2, 1), "4p-seed2": (4, 2)}
"""Transcript name (:func:`hexkit.testing.golden_name`): players, seed."""

POSITIONS: dict[str, tuple[int, int, int]] = {
    # name: players, seed, seeded random answers
    "3p-seed7-step40": (3, 7, 40),
    "4p-seed8-step300": (4, 8, 300),
    "2p-seed9-step250": (2, 9, 250),
}


def _breakdown(seat: int, parts: Mapping[str, int]) -> str:
    return f"P{seat}: " + ", ".join(f"{k} {v}" for k, v in parts.items())


def playthrough(players: int, seed: int) -> str:
    """The text of one seeded random game, in hexkit's golden format
    (:func:`hexkit.testing.golden_transcript`, layout ``"interleaved"``)."""
    return golden_transcript(
        GAME, GAME.make_config(players=players), seed, random_agent(seed * 7919 + 1),
        render=render_text, layout="interleaved", breakdown=_breakdown,
        header=f"Soot & Timber golden game: {players} players, seed {seed}")


def position(players: int, seed: int, steps: int) -> SootState:
    """The state after ``steps`` seeded random answers (how the saved positions were made)."""
    state = GAME.new(GAME.make_config(players=players), seed)
    chooser = Rng(seed)
    for _ in range(steps):
        if GAME.is_over(state):
            break
        legal = GAME.legal_actions(state)
        GAME.apply(state, legal[chooser.randbelow(len(legal))])
    return state


def saved_position(name: str) -> SootState:
    """The saved position ``golden/{name}.json``."""
    return codec(GAME).state_from_json((HERE / f"{name}.json").read_text(encoding="utf-8"))


def perft(state: SootState, depth: int) -> int:
    """Number of action sequences of length ``depth`` from ``state`` (:func:`hexkit.testing.perft`)."""
    return core_perft(GAME, state, depth)


def regenerate() -> None:
    """Write every transcript, saved position and the perft table."""
    HERE.mkdir(exist_ok=True)
    for name, (players, seed) in PLAYTHROUGHS.items():
        (HERE / f"{name}.txt").write_text(playthrough(players, seed), encoding="utf-8")
    counts = {}
    c = codec(GAME)
    for name, args in POSITIONS.items():
        state = position(*args)
        (HERE / f"{name}.json").write_text(c.state_to_json(state, indent=1) + "\n", encoding="utf-8")
        counts[name] = perft_table(GAME, state, 2)
    (HERE / "perft.json").write_text(json.dumps(counts, indent=1, sort_keys=True) + "\n", encoding="utf-8")


if __name__ == "__main__":
    if "--regenerate" in sys.argv:
        regenerate()
        print(f"regenerated {HERE}")
    else:
        print(__doc__)
