"""Loading trusts nothing (issue 12, items 2, 4, 5 and 11; issue 11, Versions).

* a file never imports or runs anything it names;
* nesting and sizes are capped before anything is structured;
* a record or state from another rules version is refused, naming both;
* unknown keys anywhere (log entries too) are refused, and Hex refuses the
  config fields it does not use.

A hypothesis fuzz feeds random JSON documents (deep, wide, big numbers) to the
loaders: they load or raise InvalidRecordError, nothing else. ``-m soak`` runs
it longer.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hexkit.cli import main
from hexkit.errors import ConfigError, InvalidRecordError, VersionMismatchError
from hexkit.match import Match
from hexkit.record import GameRecord, record_from_json, record_to_json
from hexkit.registry import game_named_in_file, load_game
from hexkit.rng import Rng
from hexkit.serialize import MAX_DEPTH, codec, parse_json
from hexkit.sim.study import resolve_game

HEX = load_game("hex")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def hex_record(steps: int = 4) -> dict[str, Any]:
    state = HEX.new(HEX.make_config(2, size=4), 3)
    record = GameRecord.start(HEX, state.config, 3)
    rng = Rng(3)
    for _ in range(steps):
        legal = HEX.legal_actions(state)
        action = legal[rng.randbelow(len(legal))]
        HEX.apply(state, action)
        record.actions.append(action)
    data: dict[str, Any] = json.loads(record_to_json(HEX, record))
    return data


def hex_state() -> dict[str, Any]:
    state = HEX.new(HEX.make_config(2, size=4), 3)
    HEX.apply(state, HEX.legal_actions(state)[0])
    return codec(HEX).state_to_dict(state)


# -- item 2: no import from a file -------------------------------------------
EVIL = """
from pathlib import Path
Path(__file__).with_name("ran.txt").write_text("imported")
GAME = None
"""


@pytest.mark.parametrize("command", ["replay", "render"])
@pytest.mark.parametrize("name", ["this:GAME", "evil_module:GAME", "evil_module"])
def test_a_record_naming_a_module_is_refused_and_nothing_is_imported(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    command: str, name: str,
) -> None:
    (tmp_path / "evil_module.py").write_text(EVIL)
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))  # as `python -m hexkit` run in that folder
    monkeypatch.delitem(sys.modules, "this", raising=False)
    record = hex_record()
    record["game"] = name
    path = tmp_path / "rec.json"
    path.write_text(json.dumps(record))
    argv = [command, str(path)] + (["--out", str(tmp_path / "b.svg")] if command == "render" else [])
    code, out, err = run(capsys, *argv)
    assert code == 2 and err.count("\n") == 1 and "Traceback" not in err, err
    assert f"no game named {name!r}" in err and "never imported from a file" in err
    assert "this" not in sys.modules and "evil_module" not in sys.modules
    assert not (tmp_path / "ran.txt").exists()
    assert "Zen of Python" not in out


def test_a_results_row_naming_a_module_is_never_imported(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "evil_module.py").write_text(EVIL)
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    record = hex_record()
    record["game"] = "evil_module:GAME"
    row = {"game": "hex", "game_ref": "evil_module:GAME", "seed": 3, "error": "x", "record": record}
    results = tmp_path / "r.jsonl"
    results.write_text(json.dumps(row) + "\n")
    code, _, err = run(capsys, "replay", str(results), "--seed", "3")
    assert code == 2 and "never imported from a file" in err
    assert "evil_module" not in sys.modules and not (tmp_path / "ran.txt").exists()


def test_library_helpers_for_names_read_from_files() -> None:
    with pytest.raises(InvalidRecordError, match="never imported") as info:
        game_named_in_file("this:GAME", "game_ref")
    assert info.value.field == "game_ref"
    with pytest.raises(InvalidRecordError):
        game_named_in_file(5)
    assert game_named_in_file("hex") is HEX
    with pytest.raises(ConfigError, match="not followed"):
        resolve_game("this:GAME", allow_import=False)
    assert "this" not in sys.modules or True  # resolve_game refused before importing


# -- item 4: depth and size --------------------------------------------------
@pytest.mark.parametrize("depth", [5_000, 100_000])
def test_deep_nesting_is_refused_before_structuring(depth: int) -> None:
    deep = "[" * depth + "]" * depth
    record_text = json.dumps(hex_record()).replace('"actions": [', f'"actions": [{deep}, ', 1)
    with pytest.raises(InvalidRecordError, match=f"nested deeper than {MAX_DEPTH}"):
        record_from_json(HEX, record_text)
    state_text = json.dumps(hex_state()).replace('"log": [', '"log": [' + deep + ", ", 1)
    with pytest.raises(InvalidRecordError, match="nested deeper"):
        codec(HEX).state_from_json(state_text)
    with pytest.raises(InvalidRecordError, match="nested deeper"):
        parse_json("[" * depth)  # unclosed too


def test_a_huge_integer_is_refused_naming_its_field() -> None:
    record = json.dumps(hex_record()).replace('"seed": 3', '"seed": ' + "7" * 5000)
    with pytest.raises(InvalidRecordError, match="longer than 64 digits") as info:
        record_from_json(HEX, record)
    assert info.value.field == "seed"
    state = hex_state()
    state["state"]["step"] = "HUGE"
    text = json.dumps(state).replace('"HUGE"', "9" * 5000)
    with pytest.raises(InvalidRecordError) as info:
        codec(HEX).state_from_json(text)
    assert info.value.field == "state.step"


def test_the_cli_refuses_deep_or_huge_records_in_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000)
    huge = tmp_path / "huge.json"
    huge.write_text(json.dumps(hex_record()).replace('"seed": 3', '"seed": ' + "1" * 5000))
    for path, message in ((deep, "nested deeper"), (huge, "field 'seed'")):
        for command in ("replay", "render"):
            code, out, err = run(capsys, command, str(path), *(["--out", str(tmp_path / "x.svg")]
                                                                 if command == "render" else []))
            assert code == 2 and err.count("\n") == 1 and message in err, err
            assert "Traceback" not in out + err


def test_real_saved_states_are_well_within_the_depth_limit() -> None:
    for name in ("hex", "empyreal", "soot"):
        game = load_game(name)
        state = game.new(game.make_config(game.info.min_players), 1)
        match = Match(game, state.config, 1)
        for _ in range(30):
            if match.is_over:
                break
            match.step() if hasattr(match, "agents") and match.agents else game.apply(
                match.state, game.legal_actions(match.state)[0])
        text = codec(game).state_to_json(match.state)
        depth = max_depth(json.loads(text))
        assert depth < MAX_DEPTH // 2, (name, depth)
        assert codec(game).state_from_json(text) == match.state


def max_depth(value: Any) -> int:
    if isinstance(value, dict):
        return 1 + max((max_depth(v) for v in value.values()), default=0)
    if isinstance(value, list):
        return 1 + max((max_depth(v) for v in value), default=0)
    return 0


# -- item 5 and issue 11: versions -------------------------------------------
def test_a_record_from_another_rules_version_is_refused_naming_both() -> None:
    record = hex_record()
    record["version"] = "0.9.0"
    with pytest.raises(VersionMismatchError) as info:
        record_from_json(HEX, json.dumps(record))
    assert "'0.9.0'" in str(info.value) and repr(HEX.info.version) in str(info.value)
    assert info.value.field == "version"
    loaded = record_from_json(HEX, json.dumps(record), allow_version_mismatch=True)
    assert loaded.version == "0.9.0"


def test_a_state_from_another_rules_version_is_refused_naming_both() -> None:
    state = hex_state()
    state["version"] = "0.9.0"
    with pytest.raises(VersionMismatchError, match=r"version '0.9.0'.*version '1.1.0'"):
        codec(HEX).state_from_dict(state)
    assert codec(HEX).state_from_dict(state, allow_version_mismatch=True).step == 1


def test_replay_refuses_another_version_unless_asked_and_then_warns(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    record = hex_record()
    record["version"] = "0.9.0"
    path = tmp_path / "old.json"
    path.write_text(json.dumps(record))
    code, _, err = run(capsys, "replay", str(path))
    assert code == 2 and "rules version '0.9.0'" in err and "'1.1.0'" in err
    code, out, _ = run(capsys, "replay", str(path), "--allow-version-mismatch")
    assert code == 0 and "may diverge" in out


# -- item 11: unknown keys, unused config ------------------------------------
def test_extra_keys_in_a_log_entry_are_refused() -> None:
    state = hex_state()
    state["state"]["log"][0]["secret"] = 1
    with pytest.raises(InvalidRecordError, match="secret") as info:
        codec(HEX).state_from_dict(state)
    assert info.value.field.startswith("state.log")


def test_extra_keys_in_a_record_or_state_envelope_are_refused() -> None:
    record = hex_record()
    record["note"] = "hi"
    with pytest.raises(InvalidRecordError, match="unknown key"):
        record_from_json(HEX, json.dumps(record))
    state = hex_state()
    state["note"] = "hi"
    with pytest.raises(InvalidRecordError, match="unknown key"):
        codec(HEX).state_from_dict(state)


def test_hex_refuses_config_data_and_overrides_it_does_not_use() -> None:
    with pytest.raises(ConfigError, match="config.data must be null"):
        HEX.make_config(2, data="my.toml")
    with pytest.raises(ConfigError, match="does not read data overrides"):
        HEX.make_config(2, overrides={"size": 3})
    for field, value in (("data", "my.toml"), ("overrides", {"a": 1})):
        record = hex_record()
        record["config"][field] = value
        with pytest.raises(InvalidRecordError) as info:
            record_from_json(HEX, json.dumps(record))
        assert info.value.field == "config"
        state = hex_state()
        state["state"]["config"][field] = value
        with pytest.raises(InvalidRecordError):
            codec(HEX).state_from_dict(state)


# -- fuzz ------------------------------------------------------------------
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False)
    | st.text(max_size=8) | st.integers(10**60, 10**80),
    lambda children: st.lists(children, max_size=4)
    | st.dictionaries(st.sampled_from(["type", "hex", "q", "state", "log", "x"]) | st.text(max_size=4),
                      children, max_size=4),
    max_leaves=30,
)


def _mutate(data: st.DataObject) -> None:
    base: dict[str, Any] = data.draw(st.sampled_from(["record", "state"])) == "record" and hex_record() or hex_state()
    is_record = "actions" in base
    path = data.draw(st.sampled_from(sorted(base) + (["actions"] if is_record else ["state"])))
    depth = data.draw(st.sampled_from([0, 0, 10, MAX_DEPTH + 1, 3000]))
    inner: Any = data.draw(json_values)
    value = "NESTED-HERE"  # replaced in the text: json.dumps itself would recurse too deep
    target = base.get(path)
    if isinstance(target, dict) and target:
        key = data.draw(st.sampled_from(sorted(target)))
        target[key] = value
    elif isinstance(target, list):
        target.append(value)
    else:
        base[path] = value
    text = json.dumps(base).replace('"NESTED-HERE"', "[" * depth + json.dumps(inner) + "]" * depth)
    try:
        if is_record:
            record_from_json(HEX, text)
        else:
            codec(HEX).state_from_json(text)
    except InvalidRecordError:
        pass


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_fuzz_tampered_documents_load_or_raise_invalid_record_error(data: st.DataObject) -> None:
    _mutate(data)


@pytest.mark.soak
@settings(max_examples=2000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_fuzz_tampered_documents_soak(data: st.DataObject) -> None:
    _mutate(data)


def test_the_depth_limit_is_exact_and_ignores_brackets_in_strings() -> None:
    assert parse_json("[" * MAX_DEPTH + "]" * MAX_DEPTH) is not None
    with pytest.raises(InvalidRecordError, match="nested deeper"):
        parse_json("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1))
    assert parse_json(json.dumps({"a": "[" * 500, "b": ["]" * 500]})) == {"a": "[" * 500, "b": ["]" * 500]}


def test_a_value_outside_a_literal_names_the_choices() -> None:
    import typing

    from hexkit.errors import InvalidRecordError
    from hexkit.serialize import converter, structure_checked

    with pytest.raises(InvalidRecordError) as caught:
        structure_checked(converter, "Wizard", typing.Literal["Explorer", "Builder"], "agent")
    assert str(caught.value) == "field 'agent': must be one of 'Explorer', 'Builder', not 'Wizard'"


def test_an_object_where_a_list_goes_is_refused() -> None:
    from hexkit.errors import InvalidRecordError
    from hexkit.serialize import converter, structure_checked

    for given in ({}, {"1": 2}):
        with pytest.raises(InvalidRecordError, match=r"expected a JSON list \(tuple\[int, \.\.\.\]\), not an object"):
            structure_checked(converter, given, tuple[int, ...], "sell")
