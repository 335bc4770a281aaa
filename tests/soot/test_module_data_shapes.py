"""A shares.toml or labor.toml whose tables have the wrong shape is refused naming the field (no traceback)."""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest

from hexkit.errors import InvalidRecordError
from hexkit_soot import GAME
from hexkit_soot.rules.labor import labor_data
from hexkit_soot.rules.shares import load_numbers


@pytest.mark.parametrize("text, field", [
    ("version = 1\nnumber = 5\n", "shares.number"),
    ('version = 1\nnumber = [5, "x"]\n', "shares.number"),
])
def test_a_shares_file_of_the_wrong_shape_names_the_field(text: str, field: str) -> None:
    with pytest.raises(InvalidRecordError) as err:
        load_numbers(text)
    assert err.value.field == field and "must be an array of tables ([[number]])" in str(err.value)
    assert "shares.number.share_price: missing" in str(err.value)


@pytest.mark.parametrize("text, field", [
    ("version = 1\nnumber = 5\n", "labor.number"),
    ("version = 1\nnumber = [5]\n", "labor.number"),
    ("version = 1\ntiers = 7\n", "labor.tiers"),
    ("version = 1\nagent = 3\n", "labor.agent"),
    ('version = "x"\n', "labor.version"),
])
def test_a_labor_file_of_the_wrong_shape_names_the_field(tmp_path: Path, text: str, field: str) -> None:
    (tmp_path / "labor.toml").write_text(text)
    state = GAME.new(GAME.make_config(players=2), 1)
    state.config = attrs.evolve(state.config, data_dir=str(tmp_path))
    with pytest.raises(InvalidRecordError) as err:
        labor_data(state)
    assert f"{field}: must be" in str(err.value) or err.value.field == field
