"""Golden playthroughs and perft counts of Beacons: any change in them is a rules change.

Regenerate after a deliberate rules change (and bump ``GameInfo.version``)::

    PYTHONPATH=examples/beacons/src python examples/beacons/tests/golden.py --regenerate

and review the diff: every changed line is a behaviour change. hexkit's
``tests/test_tutorialgame.py`` checks them. The formats are hexkit's
(docs/golden.md, :mod:`hexkit.testing`): a transcript ``<players>p-seed<seed>.txt`` per golden game;
saved positions ``<name>.json`` and their counts in ``perft.json``,
``{"<name>": [depth 1, depth 2]}``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from hexkit.rng import Rng
from hexkit.serialize import codec
from hexkit.testing import golden_transcript, perft_table, random_agent
from hexkit.testing import perft as core_perft

from hexkit_beacons import GAME, BeaconsState, render_text

HERE = Path(__file__).parent / "golden"

PLAYTHROUGHS: dict[str, tuple[int, int]] = {"2p-seed1": (2, 1), "3p-seed2": (3, 2)}
"""Name: players, seed."""

POSITIONS: dict[str, tuple[int, int, int, str]] = {
    # name: players, seed, random actions at least, then the first such question
    "2p-menu": (2, 3, 10, "Menu"),
    "4p-light": (4, 4, 20, "AskHex"),
}


def play(players: int, seed: int) -> tuple[BeaconsState, list[str]]:
    """A seeded random game to its end; the state and one line per action."""
    state = GAME.new(GAME.make_config(players), seed)
    chooser = Rng(seed ^ 0x5EED)
    lines = []
    while state.pending:
        legal = GAME.legal_actions(state)
        action = legal[chooser.randbelow(len(legal))]
        lines.append(f"{state.step:4d} P{GAME.current_player(state)} [{len(legal)}] {action}")
        GAME.apply(state, action)
    return state, lines


def playthrough(players: int, seed: int) -> str:
    """A seeded game as text in hexkit's golden format
    (:func:`hexkit.testing.golden_transcript`, layout ``"steps"``): every action,
    the log, the final board, the scores and each seat's breakdown."""
    return golden_transcript(
        GAME, GAME.make_config(players), seed, random_agent(seed ^ 0x5EED), render=render_text,
        breakdown=lambda seat, parts: f"P{seat} {dict(parts)}")


def position(players: int, seed: int, steps: int, question: str) -> BeaconsState:
    """The first ``question`` after at least ``steps`` seeded random actions."""
    state = GAME.new(GAME.make_config(players), seed)
    chooser = Rng(seed)
    while state.pending:
        if state.step >= steps and type(state.decision()).__name__ == question:
            break
        legal = GAME.legal_actions(state)
        GAME.apply(state, legal[chooser.randbelow(len(legal))])
    return state


def perft(state: BeaconsState, depth: int) -> int:
    """The number of action sequences of length ``depth`` from ``state`` (:func:`hexkit.testing.perft`)."""
    return core_perft(GAME, state, depth)


def regenerate() -> None:
    """Write every golden file."""
    HERE.mkdir(exist_ok=True)
    for name, args in PLAYTHROUGHS.items():
        (HERE / f"{name}.txt").write_text(playthrough(*args))
    counts: dict[str, Any] = {}
    c = codec(GAME)
    for name, spec in POSITIONS.items():
        state = position(*spec)
        (HERE / f"{name}.json").write_text(c.state_to_json(state, indent=1) + "\n")
        counts[name] = perft_table(GAME, state, 2)
    (HERE / "perft.json").write_text(json.dumps(counts, indent=1, sort_keys=True) + "\n")


if __name__ == "__main__":
    if "--regenerate" in sys.argv:
        regenerate()
        print(f"regenerated {HERE}")
    else:
        print(__doc__)
