"""Every module number is reachable by ``--set`` (so by sweeps and tuning), refused values name
the field, an unknown path lists only settable names, and a module's rules digest is taken of
the module file the config's data folder plays.

Source: rulebook, "Optional Modules" (Shares: 4¤ a share; Labor: hire 2¤, +1 food, 1¤ wage,
paid double; The Trust: 3 per camp, 5 per slot).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from hexkit.data import InvalidDataError
from hexkit.errors import ConfigError, InvalidRecordError
from hexkit.record import GameRecord, record_from_json, record_to_json
from hexkit.sim.study import Study
from hexkit.sim.sweep import sweep_studies
from hexkit_soot import GAME
from hexkit_soot.config import game_data
from hexkit_soot.data import DATA_DIR
from hexkit_soot.rules.labor import labor_data
from hexkit_soot.rules.shares import share_numbers
from hexkit_soot.rules.trust import trust_data


def test_set_reaches_every_shares_and_labor_number() -> None:
    config = GAME.make_config(players=3, variants={"shares", "labor"}, overrides={
        "shares.segments_per_certificate": 2, "shares.share_price": "5", "shares.match_per_toll": 2,
        "shares.points_per_share": 3, "shares.portfolio_per_share": 0,
        "labor.hire_cost": 3, "labor.worker_food": 2, "labor.wage": 2, "labor.strike_settlement": 4,
        "labor.idle_base": 1, "labor.idle_per_round": "0.25", "labor.seasons.0": "Decline",
        "labor.tiers.0": 3, "labor.never_strike.0": "Steelworks"})
    state = GAME.new(config, 4)
    shares = share_numbers(state)
    assert (shares.segments_per_certificate, shares.share_price, shares.match_per_toll, shares.points_per_share,
            shares.portfolio_per_share) == (2, 5, 2, 3, 0)
    labor = labor_data(state)
    assert (labor.hire_cost, labor.worker_food, labor.wage, labor.strike_settlement) == (3, 2, 2, 4)
    assert (labor.idle_base, labor.idle_per_round) == (1.0, 0.25)
    assert labor.seasons == ("Decline",) and labor.tiers == (3, 3) and labor.never_strike == ("Steelworks",)
    assert any("labor: Tier 2/3 facilities need a worker (3¤, +2 food each); Labor Demands each Decline round"
               in e.text for e in state.log)
    # the packaged numbers are unchanged (rulebook: 4¤ a share; hire 2¤)
    plain = GAME.new(GAME.make_config(players=3, variants={"shares", "labor"}), 4)
    assert share_numbers(plain).share_price == 4 and labor_data(plain).hire_cost == 2


def test_set_reaches_the_trust_and_scenario_numbers() -> None:
    config = GAME.make_config(players=1, overrides={"trust.scoring.camp_points": 4, "trust.round_bonus.0.points": 7,
                                                    "trust.cards.0.camp": "false"})
    data = trust_data(GAME.new(config, 1))
    assert (data.scoring.camp_points, data.round_bonus[0].points, data.cards[0].camp) == (4, 7, False)
    delta = GAME.make_config(players=2, variants={"river-delta"}, overrides={"scenarios.river-delta.points": 3})
    assert game_data(delta).scenarios["river-delta"].points == 3


@pytest.mark.parametrize("path, value, named", [
    ("shares.share_price", 0, "share_price must be an integer >= 1"),
    ("shares.segments_per_certificate", -1, "segments_per_certificate must be an integer >= 1"),
    ("labor.wage", -1, "wage must be an integer >= 0"),
    ("labor.idle_base", "-0.5", "idle_base must be a number >= 0"),
])
def test_a_refused_module_number_names_the_field(path: str, value: object, named: str) -> None:
    with pytest.raises(ConfigError) as err:
        GAME.make_config(players=3, variants={"shares", "labor"}, overrides={path: value})
    assert path in str(err.value) and named in str(err.value)


@pytest.mark.parametrize("path, value, named", [
    ("labor.seasons.0", "Monsoon", "unknown season 'Monsoon'"),
    ("labor.never_strike.0", "Opera House", "unknown facility 'Opera House'"),
    ("labor.tiers.0", 7, "tier 7 is not a facility tier"),
])
def test_a_module_override_that_breaks_a_check_names_the_file(path: str, value: object, named: str) -> None:
    with pytest.raises(InvalidDataError) as err:
        GAME.make_config(players=3, variants={"labor"}, overrides={path: value})
    assert named in str(err.value) and "labor" in err.value.field


def test_an_unknown_path_lists_only_public_settable_names() -> None:
    with pytest.raises(ConfigError) as err:
        GAME.make_config(players=2, overrides={"share.share_price": 5})
    message = str(err.value)
    assert "SootData has no field 'share'" in message
    listed = message.split("settable fields: ")[1].rstrip(")").split(", ")
    assert {"shares", "labor", "trust", "scenarios", "numbers", "goods"} <= set(listed)
    assert not [name for name in listed if name.startswith("_")]
    assert not {"good_names", "good_ids", "tier3_goods", "special_goods", "card_ids"} & set(listed)
    with pytest.raises(ConfigError, match="has no field '_tile_table'"):  # a private field is not settable
        GAME.make_config(players=2, overrides={"_tile_table": 1})
    with pytest.raises(ConfigError, match="has no field 'good_names'"):  # nor a derived one
        GAME.make_config(players=2, overrides={"good_names.0": "Wood"})


def test_a_sweep_varies_a_shares_number() -> None:
    base = Study(game="soot", players=3, agents=("random",), games=1, variants=("shares",))
    points = sweep_studies(base, [("shares.share_price", ["4", "6"])])
    prices = [game_data(study.config()).shares.share_price for _, study in points]
    assert prices == [4, 6]
    with pytest.raises(ConfigError, match="shares.share_price=0"):
        sweep_studies(base, [("shares.share_price", ["0"])])


# -- item 3: the rules digest of a data folder's own module file ----------------------------------

def _folder(tmp_path: Path) -> Path:
    folder = tmp_path / "data"
    shutil.copytree(DATA_DIR, folder)
    return folder


@pytest.mark.parametrize("module, file, old, new", [
    ("shares", "shares.toml", "value = 4", "value = 5"),
    ("labor", "labor.toml", "value = 2\nsource = \"rulebook: Labor, hire: 2¤\"",
     "value = 3\nsource = \"rulebook: Labor, hire: 2¤\""),
    ("trust", "trust.toml", "camp_points = 3", "camp_points = 4"),
    ("river-delta", "scenarios.toml", "points = 2", "points = 3"),
])
def test_the_digest_is_of_the_data_folders_module_file(tmp_path: Path, module: str, file: str, old: str,
                                                       new: str) -> None:
    folder = _folder(tmp_path)
    players = 1 if module == "trust" else 3
    packaged = GAME.make_config(players=players, variants={module})
    copied = GAME.make_config(players=players, variants={module}, data_dir=str(folder))
    assert copied.module_versions == packaged.module_versions  # the same bytes: the same digest
    text = (folder / file).read_text(encoding="utf-8")
    assert old in text
    (folder / file).write_text(text.replace(old, new, 1), encoding="utf-8")
    edited = GAME.make_config(players=players, variants={module}, data_dir=str(tmp_path / "data"))
    mine = [v for v in edited.module_versions if v.startswith(f"{module} ")]
    theirs = [v for v in packaged.module_versions if v.startswith(f"{module} ")]
    assert mine[0].split("+")[0] == theirs[0].split("+")[0] and mine != theirs  # same rules, other data
    # a record made with the edited file replays with it, and is refused once the file changes again
    record = GameRecord.start(GAME, edited, 7)
    text = record_to_json(GAME, record)
    again = record_from_json(GAME, text)
    again.config.check(GAME.info)
    (folder / file).write_text(text_of(folder / file).replace(new, old, 1), encoding="utf-8")
    with pytest.raises(InvalidRecordError, match="module_versions: made with") as err:
        record_from_json(GAME, text)
    assert err.value.field == "config"


def text_of(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def test_a_folder_without_shares_or_labor_files_plays_and_digests_the_packaged_ones(tmp_path: Path) -> None:
    folder = _folder(tmp_path)
    (folder / "shares.toml").unlink()
    (folder / "labor.toml").unlink()
    config = GAME.make_config(players=3, variants={"shares", "labor"}, data_dir=str(folder))
    assert config.module_versions == GAME.make_config(players=3, variants={"shares", "labor"}).module_versions
    state = GAME.new(config, 2)
    assert share_numbers(state).share_price == 4 and labor_data(state).hire_cost == 2
