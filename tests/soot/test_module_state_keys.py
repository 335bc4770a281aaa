"""A saved state's ``module_state`` holds only the keys its game's modules keep: any other key is
refused at load with an ``InvalidRecordError`` naming the field, and no state is made.

Source: DESIGN.md ("malformed or tampered input gets a clear ValueError subclass naming the
field"); rulebook, "Optional Modules" (the Trust's deck, seized slots and camps; Labor's workers).
"""

from __future__ import annotations

import json

import pytest

from hexkit.errors import InvalidRecordError
from hexkit.serialize import codec
from hexkit_soot import GAME
from hexkit_soot.rules.modules import MODULES, check_module_state
from hexkit.validation import Problems

CODEC = codec(GAME)


def _tampered(variants: set[str], players: int, key: str, value: list[int]) -> str:
    state = GAME.new(GAME.make_config(players=players, variants=variants), 3)
    data = json.loads(CODEC.state_to_json(state))
    data["state"]["module_state"][key] = value
    return json.dumps(data)


def test_a_clean_module_state_loads() -> None:
    state = GAME.new(GAME.make_config(players=1, variants={"labor", "shares"}), 3)
    assert set(state.module_state) == {"trust.deck", "trust.seized", "trust.points", "trust.network",
                                       "labor.workers", "labor.strikes"}
    again = CODEC.state_from_json(CODEC.state_to_json(state))
    assert again.module_state == state.module_state


def test_an_unknown_key_is_refused_naming_the_field() -> None:
    with pytest.raises(InvalidRecordError) as err:
        CODEC.state_from_json(_tampered({"trust"}, 1, "trust.bonus", [5]))
    assert err.value.field == "state.module_state.trust.bonus"
    assert "unknown module state key" in str(err.value)
    assert "trust.deck, trust.marker, trust.network, trust.points, trust.seized" in str(err.value)


def test_a_key_of_a_module_the_game_does_not_play_is_refused() -> None:
    with pytest.raises(InvalidRecordError) as err:
        CODEC.state_from_json(_tampered(set(), 2, "trust.seized", [2]))  # 2 seized slots in a base game
    assert err.value.field == "state.module_state.trust.seized"
    assert "a key of the 'trust' module, which this game does not play" in str(err.value)
    with pytest.raises(InvalidRecordError, match="state.module_state.pass.first"):
        CODEC.state_from_json(_tampered({"river-delta"}, 2, "pass.first", [0]))


def test_the_check_leaves_the_state_unchanged() -> None:
    state = GAME.new(GAME.make_config(players=2, variants={"mountain-pass"}), 3)
    state.module_state["pass.first"] = [1]
    state.module_state["nonsense"] = [1, 2]
    before = CODEC.state_to_json(state)
    problems = Problems()
    check_module_state(state, problems)
    assert [e.field for e in problems.errors] == ["state.module_state.nonsense"]
    assert CODEC.state_to_json(state) == before


def test_every_registered_module_declares_its_keys() -> None:
    declared = {name: tuple(getattr(m, "state_keys", ())) for name, m in MODULES.items()}
    assert declared["trust"] == ("trust.deck", "trust.seized", "trust.points", "trust.network", "trust.marker")
    assert declared["mountain-pass"] == ("pass.first",) and declared["labor"] == ("labor.workers", "labor.strikes")
    assert declared["shares"] == ("shares.fresh",)
