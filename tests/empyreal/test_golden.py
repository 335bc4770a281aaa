"""Golden playthroughs and perft counts: any change is a rules change.

Regenerate with ``.venv/bin/python -m tests.empyreal.golden --regenerate``.
"""

from __future__ import annotations

import json

import pytest

from hexkit.serialize import codec

from hexkit_empyreal import GAME
from tests.empyreal.golden import HERE, PLAYTHROUGHS, POSITIONS, perft, playthrough


@pytest.mark.parametrize("name", sorted(PLAYTHROUGHS))
def test_playthrough_matches_the_golden_transcript(name: str) -> None:
    expected = (HERE / f"{name}.txt").read_text()
    assert playthrough(*PLAYTHROUGHS[name]) == expected


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_perft_counts_of_saved_positions(name: str) -> None:
    counts = json.loads((HERE / "perft.json").read_text())[name]
    state = codec(GAME).state_from_json((HERE / f"{name}.json").read_text())
    assert [perft(state, 1), perft(state, 2)] == counts
