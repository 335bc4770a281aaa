"""Component data: counts, provenance, validation, designer overrides."""

from __future__ import annotations

import shutil
import tomllib
from pathlib import Path

import pytest

from hexkit.data import source_problem
from hexkit.errors import ConfigError, InvalidRecordError

from hexkit_empyreal import GAME
from hexkit_empyreal.data import DATA_DIR, load_data
from hexkit_empyreal.state import data

DATA = load_data()


def test_component_counts() -> None:
    assert len(DATA.tiles) == 67
    assert sum(1 for s in DATA.tiles if s.name == s.id) == 31
    assert [sum(1 for s in DATA.specialists if s.type == t) for t in ("Engineer", "Surveyor", "Station Master")] == [17, 17, 17]
    assert len(DATA.captains) == 8 and sum(1 for c in DATA.captains if not c.company) == 2
    assert len(DATA.companies) == 6 and len(DATA.awards) == 10
    assert len(DATA.boards) == 12
    r = DATA.rules
    assert (r.train_cars, r.wasteland_tiles, r.goods_per_colour, r.start_mana, r.mana_cap) == (35, 20, 35, 5, 10)
    assert sum(r.demand_tiles_per_colour) * 6 == 30


def test_companies_respect_the_folio_facts() -> None:
    homes = set()
    for c in DATA.companies:
        homes.add(c.home)
        assert len(c.columns) >= 4 and all(1 <= n <= 3 for n in c.columns)
        assert f"{c.name} Spellcar" in c.printed.values()  # the Captain's Company Spellcar
        assert next(k for k in DATA.captains if k.name == c.captain).company == c.name
    assert len(homes) == 6


def test_every_entry_has_provenance() -> None:
    for path in DATA_DIR.glob("*.toml"):
        doc = tomllib.loads(path.read_text())
        entries = [doc] if "source" in doc else []
        for value in doc.values():
            entries += [e for e in (value if isinstance(value, list) else [value]) if isinstance(e, dict)]
        assert entries, path.name
        for entry in entries:
            assert source_problem(entry["source"]) is None, (path.name, entry)
    for name in ("rules.toml", "effects.toml"):  # a source for every number
        entries = tomllib.loads((DATA_DIR / name).read_text())["number"]
        assert all(source_problem(e["source"]) is None for e in entries), name
    rules = {e["name"]: e["source"] for e in tomllib.loads((DATA_DIR / "rules.toml").read_text())["number"]}
    assert [n for n, s in rules.items() if s.startswith("assumed: ")] == ["round_limit"]


def test_a_malformed_file_names_the_entry_and_field(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    shutil.copytree(DATA_DIR, folder)
    text = (folder / "spellcars.toml").read_text().replace('cost = 3\nterrains = ["Forest"]', 'cost = "three"\nterrains = ["Forest"]', 1)
    (folder / "spellcars.toml").write_text(text)
    with pytest.raises(InvalidRecordError) as info:
        load_data(str(folder))
    assert "Reforester" in info.value.field and "cost" in info.value.field


def test_overrides_change_a_number_without_code() -> None:
    cfg = GAME.make_config(3, overrides={"rules.start_mana": "7", "spellcars.Flow Controller.cost": 2})
    state = GAME.new(cfg, 1)
    assert all(ps.mana == 7 for ps in state.players)
    assert data(state).spellcars["Flow Controller"].cost == 2
    assert load_data().spellcars["Flow Controller"].cost == 0  # the shipped data is unchanged
    with pytest.raises(ConfigError, match="start_money"):
        GAME.make_config(3, overrides={"rules.start_money": 7})


def test_a_data_folder_replaces_the_shipped_data(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    shutil.copytree(DATA_DIR, folder)
    text = (folder / "rules.toml").read_text().replace('name = "train_cars"\nvalue = 35', 'name = "train_cars"\nvalue = 20')
    (folder / "rules.toml").write_text(text)
    state = GAME.new(GAME.make_config(2, data_dir=str(folder)), 0)
    assert all(ps.cars_left == 20 for ps in state.players)
