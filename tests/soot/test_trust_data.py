"""The Trust's and the scenarios' data go through the one loader (hexkit.data via SootData):
data_dir, ``--set`` overrides, per-field errors and the provenance check reach trust.toml and scenarios.toml."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from hexkit.data import InvalidDataError
from hexkit.errors import ConfigError
from hexkit_soot import GAME
from hexkit_soot.data import DATA_DIR, load_data
from hexkit_soot.rules.scenarios import SCENARIOS, scenario_data
from hexkit_soot.rules.trust import TRUST, trust_data, trust_score
from hexkit_soot.state import Settlement
from hexkit.hexes import Hex


def _copy(tmp_path: Path) -> Path:
    folder = tmp_path / "data"
    shutil.copytree(DATA_DIR, folder)
    return folder


def test_set_override_reaches_the_trust_score() -> None:
    config = GAME.make_config(players=2, variants={"trust"}, overrides={"trust.scoring.slot_points": 7})
    state = GAME.new(config, 4)
    assert trust_data(state).scoring.slot_points == 7
    state.round = 4
    TRUST.after_actions(state)
    assert trust_score(state) == 3 * len(state.trust_camps) + 7  # one seized slot at 7, no round-4 bonus


def test_set_override_reaches_a_scenario_card() -> None:
    config = GAME.make_config(players=3, variants={"river-delta"}, overrides={"scenarios.river-delta.points": 3})
    state = GAME.new(config, 5)
    assert scenario_data(state)["river-delta"].points == 3


def test_bad_override_names_the_trust_file_place() -> None:
    with pytest.raises(ConfigError, match=r"trust\.toml:scoring\[0\]\.camp_points"):
        GAME.make_config(players=2, variants={"trust"}, overrides={"trust.scoring.camp_points": "three"})
    with pytest.raises(InvalidDataError, match=r"numbered 1\.\.12 in order"):
        GAME.make_config(players=2, variants={"trust"}, overrides={"trust.cards.3.number": 9})


def test_data_dir_copy_with_a_changed_card_is_played(tmp_path: Path) -> None:
    folder = _copy(tmp_path)
    path = folder / "trust.toml"
    text = path.read_text()
    path.write_text(text.replace("camp_points = 3", "camp_points = 4"))
    assert load_data(folder).trust.scoring.camp_points == 4
    state = GAME.new(GAME.make_config(players=2, variants={"trust"}, data_dir=str(folder)), 1)
    state.trust_camps = {Hex(1, 0): "Mine"}
    assert trust_score(state) == 4


def test_data_dir_errors_name_every_broken_field(tmp_path: Path) -> None:
    folder = _copy(tmp_path)
    trust = folder / "trust.toml"
    trust.write_text(trust.read_text().replace("explore = true", "explore = \"often\"", 1)
                     .replace('source = "rulebook: 3 per camp', 'source = "from the box: 3 per camp', 1))
    scen = folder / "scenarios.toml"
    scen.write_text(scen.read_text().replace('seed = "Mountain"', 'seed = "Volcano"'))
    with pytest.raises(InvalidDataError) as err:
        load_data(folder)
    fields = [e.field for e in err.value.errors]
    assert "trust.toml:card[0].explore" in fields
    assert "trust.toml:scoring[0].source" in fields
    assert len(fields) == 2  # the cross-entry checks run once the files structure


def test_data_dir_scenario_seed_must_be_a_terrain(tmp_path: Path) -> None:
    folder = _copy(tmp_path)
    scen = folder / "scenarios.toml"
    scen.write_text(scen.read_text().replace('seed = "Mountain"', 'seed = "Volcano"'))
    with pytest.raises(InvalidDataError, match=r"scenarios\.toml:scenario\[1\] \(mountain-pass\)\.seed'?: seed must be 'river' or a terrain, not 'Volcano'"):
        load_data(folder)


