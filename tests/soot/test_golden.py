"""Golden playthroughs and perft counts: any change is a rules change and must be deliberate.

Regenerate with ``.venv/bin/python -m tests.soot.golden --regenerate``.
"""

from __future__ import annotations

import json

import pytest

from hexkit.testing import check_golden

from tests.soot.golden import GAMES, HERE, perft_positions, transcript


@pytest.mark.parametrize("name", sorted(GAMES))
def test_golden_transcript(name: str) -> None:
    players, seed = GAMES[name]
    check_golden(HERE / f"{name}.txt", transcript(players, seed))


def test_perft_counts() -> None:
    expected = json.loads((HERE / "perft.json").read_text(encoding="utf-8"))
    assert perft_positions() == expected
