"""Golden playthroughs and perft counts: any change is a rules change and must be deliberate.

Regenerate with ``.venv/bin/python -m tests.soot.golden --regenerate``.
"""

from __future__ import annotations

import json

import pytest

from tests.soot.golden import GAMES, HERE, perft_table, transcript


@pytest.mark.parametrize("name", sorted(GAMES))
def test_golden_transcript(name: str) -> None:
    players, seed = GAMES[name]
    expected = (HERE / f"{name}.txt").read_text(encoding="utf-8")
    assert transcript(players, seed) == expected


def test_perft_counts() -> None:
    expected = json.loads((HERE / "perft.json").read_text(encoding="utf-8"))
    assert perft_table() == expected
