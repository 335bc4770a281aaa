"""Golden playthroughs and perft counts for Empyreal.

Regenerate after a deliberate rules change::

    .venv/bin/python -m tests.empyreal.golden --regenerate

(or ``HEXKIT_UPDATE_GOLDEN=1 pytest tests/empyreal/test_golden.py`` for the transcripts).
Formats are hexkit's (docs/golden.md): transcripts by
:func:`hexkit.testing.golden_transcript`, named ``{players}p[-{tags}]-seed{seed}.txt``;
perft counts by :func:`hexkit.testing.perft_table` in ``perft.json``.

and review the diff: every changed line is a behaviour change. The same
command rewrites the golden SVG picture (``golden/3p-build.svg``, the saved
position ``3p-build`` drawn by :mod:`hexkit_empyreal.svg`).
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

from hexkit.rng import Rng
from hexkit.serialize import codec
from hexkit.testing import Agent, golden_transcript, perft_table, random_agent
from hexkit.testing import perft as core_perft

from hexkit_empyreal import GAME, Build, Choose, DeliverTo, PickGood, render_text
from hexkit_empyreal.state import EmpyrealState

HERE = Path(__file__).parent / "golden"

PLAYTHROUGHS: dict[str, tuple[Any, ...]] = {
    # name: players, variants, config options, seed[, chooser (default "random")]
    "2p-seed1": (2, (), {"round_limit": 10}, 1),
    "4p-team-seed2": (4, ("team",), {"round_limit": 6}, 2),
    "5p-awards-friendly-seed3": (5, ("awards", "friendly"), {"round_limit": 5}, 3),
    "3p-keen-seed37": (3, (), {}, 37, "keen"),
}

RULEBOOK_ENDS: dict[str, str] = {"3p-keen-seed37": "out of train cars"}
"""Goldens that end by a rulebook trigger (not the engine's round limit), and which one."""

POSITIONS: dict[str, tuple[int, tuple[str, ...], int, int, str]] = {
    # name: players, variants, seed, random actions at least, then the first such decision
    "3p-main-action": (3, (), 4, 40, "MainAction"),
    "3p-build": (3, (), 5, 300, "BuildTrack"),
    "6p-build": (6, ("awards",), 6, 500, "BuildTrack"),
    "4p-activate": (4, ("team",), 7, 200, "ActivateSpellcars"),
}


def keen_choice(legal: list[Any], chooser: Rng) -> Any:
    """A seeded random choice that always delivers when it can (picking up
    Goods, taking a Demand Tile) and builds track 3 times in 4 when
    offered: rules-only play that reaches the rulebook's game end, where
    uniform random choice always meets the engine's round limit first."""
    keen = [
        a for a in legal
        if isinstance(a, (DeliverTo, PickGood)) or (isinstance(a, Choose) and "Demand" in a.option)
    ]
    if keen:
        return keen[chooser.randbelow(len(keen))]
    builds = [a for a in legal if isinstance(a, Build)]
    if builds and chooser.randbelow(4):
        return builds[chooser.randbelow(len(builds))]
    return legal[chooser.randbelow(len(legal))]


def agent(seed: int, how: str = "random") -> Agent:
    """The golden games' chooser (one for every seat): seeded random, or :func:`keen_choice`."""
    if how != "keen":
        return random_agent(seed ^ 0x5EED)
    chooser = Rng(seed ^ 0x5EED)
    return lambda state, legal: keen_choice(list(legal), chooser)


def play(
    players: int, variants: tuple[str, ...], options: dict[str, Any], seed: int, how: str = "random"
) -> tuple[EmpyrealState, list[str]]:
    """A seeded game played to its end; the state and one line per action."""
    state = GAME.new(GAME.make_config(players, variants, **options), seed)
    choose = agent(seed, how)
    lines = []
    while state.pending:
        legal = list(GAME.legal_actions(state))
        action = choose(state, legal)
        lines.append(f"{state.step:4d} P{GAME.current_player(state)} [{len(legal)}] {action}")
        GAME.apply(state, action)
    return state, lines


def playthrough(
    players: int, variants: tuple[str, ...], options: dict[str, Any], seed: int, how: str = "random"
) -> str:
    """A seeded game as text in hexkit's golden format (:func:`hexkit.testing.golden_transcript`,
    layout ``"steps"``): every action, the log, the final map and scores."""
    config = GAME.make_config(players, variants, **options)
    return golden_transcript(GAME, config, seed, agent(seed, how), render=render_text)


def position(players: int, variants: tuple[str, ...], seed: int, steps: int, decision: str) -> EmpyrealState:
    """The first ``decision`` after at least ``steps`` seeded random actions."""
    state = GAME.new(GAME.make_config(players, variants), seed)
    chooser = Rng(seed)
    while state.pending:
        if state.step >= steps and type(state.decision()).__name__ == decision:
            break
        legal = GAME.legal_actions(state)
        GAME.apply(state, legal[chooser.randbelow(len(legal))])
    return state


def perft(state: EmpyrealState, depth: int) -> int:
    """Number of action sequences of length ``depth`` from ``state`` (:func:`hexkit.testing.perft`)."""
    return core_perft(GAME, state, depth)


SVG_POSITION = "3p-build"
"""The saved position whose picture is kept as a golden SVG."""


def golden_svg() -> str:
    """The SVG picture of the saved position :data:`SVG_POSITION`."""
    from hexkit.render import render_state_svg

    state = codec(GAME).state_from_json((HERE / f"{SVG_POSITION}.json").read_text())
    return render_state_svg(GAME, state)


def normalise_svg(svg: str) -> str:
    """Round every number to one decimal and collapse whitespace (as the core's render tests do)."""

    def one_decimal(match: re.Match[str]) -> str:
        return f"{round(float(match.group(0)), 1) + 0.0:.1f}"

    text = re.sub(r"-?\d+(?:\.\d+)?(?:e-?\d+)?", one_decimal, svg)
    return re.sub(r"\s+", " ", text).strip()


def regenerate() -> None:
    """Write every golden file."""
    HERE.mkdir(exist_ok=True)
    for name, args in PLAYTHROUGHS.items():
        (HERE / f"{name}.txt").write_text(playthrough(*args))
    counts = {}
    c = codec(GAME)
    for name, args in POSITIONS.items():
        state = position(*args)
        (HERE / f"{name}.json").write_text(c.state_to_json(state, indent=1) + "\n")
        counts[name] = perft_table(GAME, state, 2)
    (HERE / "perft.json").write_text(json.dumps(counts, indent=1, sort_keys=True) + "\n")
    (HERE / f"{SVG_POSITION}.svg").write_text(golden_svg(), encoding="utf-8")


if __name__ == "__main__":
    if "--regenerate" in sys.argv:
        regenerate()
        print(f"regenerated {HERE}")
    else:
        print(__doc__)
