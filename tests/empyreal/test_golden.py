"""Golden playthroughs and perft counts: any change is a rules change.

Regenerate with ``.venv/bin/python -m tests.empyreal.golden --regenerate``.
"""

from __future__ import annotations

import json

import pytest

from hexkit.serialize import codec
from hexkit.testing import check_golden, perft_table

from hexkit_empyreal import GAME
from tests.empyreal.golden import HERE, PLAYTHROUGHS, POSITIONS, RULEBOOK_ENDS, play, playthrough


@pytest.mark.parametrize("name", sorted(PLAYTHROUGHS))
def test_playthrough_matches_the_golden_transcript(name: str) -> None:
    check_golden(HERE / f"{name}.txt", playthrough(*PLAYTHROUGHS[name]))


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_perft_counts_of_saved_positions(name: str) -> None:
    counts = json.loads((HERE / "perft.json").read_text())[name]
    state = codec(GAME).state_from_json((HERE / f"{name}.json").read_text())
    assert perft_table(GAME, state, 2) == counts


@pytest.mark.parametrize("name", sorted(RULEBOOK_ENDS))
def test_a_golden_game_ends_by_the_rulebook_trigger(name: str) -> None:
    """At least one golden game ends by a rulebook trigger, before the engine's round limit."""
    state, _ = play(*PLAYTHROUGHS[name])
    assert GAME.end_reason(state) == RULEBOOK_ENDS[name] == "out of train cars"
    assert state.cfg.round_limit is None and state.round == 38 < 40  # the default safeguard is 40 rounds
    assert [ps.cars_left for ps in state.players].count(0) >= 1
    text = (HERE / f"{name}.txt").read_text()
    assert "the game ended by out of train cars: " in text
    assert "engine's round limit" not in text
