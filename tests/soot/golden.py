"""Golden playthroughs and perft counts of Soot & Timber.

Regenerate after a deliberate rules change::

    .venv/bin/python -m tests.soot.golden --regenerate

Transcripts: seeded random games (the agent's seed is fixed too), every
answer with its label and every log line, then the final picture and the
score sheet. Perft: for positions reached by seeded random play, the number
of legal actions and of action sequences of length 2.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from hexkit.rng import Rng
from hexkit_soot import GAME
from hexkit_soot.render import render_state
from hexkit_soot.state import SootState

HERE = Path(__file__).parent / "golden"
GAMES = {"2p_seed1": (2, 1), "4p_seed2": (4, 2)}
POSITIONS = {"3p_seed7_step40": (3, 7, 40), "4p_seed8_step300": (4, 8, 300), "2p_seed9_step250": (2, 9, 250)}


def transcript(players: int, seed: int) -> str:
    """The text of one seeded random game."""
    state = GAME.new(GAME.make_config(players=players), seed)
    chooser = Rng(seed * 7919 + 1)
    lines = [f"Soot & Timber golden game: {players} players, seed {seed}"]
    shown = 0
    while not GAME.is_over(state):
        for entry in state.log[shown:]:
            lines.append(str(entry))
        shown = len(state.log)
        legal = GAME.legal_actions(state)
        action = legal[chooser.randbelow(len(legal))]
        lines.append(f"> P{GAME.current_player(state)} {action}")
        GAME.apply(state, action)
    lines.extend(str(e) for e in state.log[shown:])
    lines.append(render_state(state))
    sheet = GAME.scores(state)
    lines.append(f"totals {sheet.totals} order {sheet.order} decided by {sheet.decided_by}")
    for seat, parts in enumerate(sheet.breakdown):
        lines.append(f"P{seat}: " + ", ".join(f"{k} {v}" for k, v in parts.items()))
    return "\n".join(lines) + "\n"


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
    """Legal actions now, and action sequences of length 2."""
    legal = list(GAME.legal_actions(state))
    total = 0
    for action in legal:
        child = GAME.clone(state)
        GAME.apply(child, action)
        total += len(GAME.legal_actions(child))
    return len(legal), total


def perft_table() -> dict[str, dict[str, int]]:
    """Perft counts of every saved position."""
    out = {}
    for name, (players, seed, steps) in POSITIONS.items():
        d1, d2 = perft(position(players, seed, steps))
        out[name] = {"players": players, "seed": seed, "steps": steps, "depth1": d1, "depth2": d2}
    return out


def regenerate() -> None:
    """Write every transcript and the perft table."""
    HERE.mkdir(exist_ok=True)
    for name, (players, seed) in GAMES.items():
        (HERE / f"{name}.txt").write_text(transcript(players, seed), encoding="utf-8")
    (HERE / "perft.json").write_text(json.dumps(perft_table(), indent=2, sort_keys=True) + "\n", encoding="utf-8")


if __name__ == "__main__":
    if "--regenerate" in sys.argv:
        regenerate()
        print(f"wrote {HERE}")
    else:
        print(__doc__)
