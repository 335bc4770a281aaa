"""Golden playthroughs and perft counts: any change is a rules change and must be deliberate.

Regenerate with ``.venv/bin/python -m tests.soot.golden --regenerate``.
"""

from __future__ import annotations

import json

import pytest

from hexkit.testing import check_golden, perft_table

from hexkit_soot import GAME
from tests.soot.golden import HERE, PLAYTHROUGHS, POSITIONS, playthrough, saved_position


@pytest.mark.parametrize("name", sorted(PLAYTHROUGHS))
def test_playthrough_matches_the_golden_transcript(name: str) -> None:
    check_golden(HERE / f"{name}.txt", playthrough(*PLAYTHROUGHS[name]))


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_perft_counts_of_saved_positions(name: str) -> None:
    counts = json.loads((HERE / "perft.json").read_text(encoding="utf-8"))[name]
    assert perft_table(GAME, saved_position(name), 2) == counts

