"""Empyreal on the core engine: native handlers, nested steps, old saves migrated.

Source: docs/flow.md, "Porting plan" (Empyreal); issue 13 item 2.
"""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from hexkit.errors import InvalidRecordError
from hexkit.flow import FlowGame, Legacy
from hexkit.serialize import codec

from hexkit_empyreal import GAME
from hexkit_empyreal.actions import Branch, BuildTrack, Choose, GainMana, PayThen, Target
from hexkit_empyreal.rules.choices import BranchHandler
from hexkit_empyreal.rules.dispatch import EmpyrealHandler
from hexkit_empyreal.rules.flow import LEGACY, NATIVE


@pytest.fixture(scope="module")
def saved() -> dict[str, Any]:
    state = GAME.new(GAME.make_config(3), 11)
    for _ in range(60):
        GAME.apply(state, GAME.legal_actions(state)[0])
    data: dict[str, Any] = codec(GAME).state_to_dict(state)
    return data


def _with_pending(saved: dict[str, Any], *steps: dict[str, Any]) -> Any:
    data = copy.deepcopy(saved)
    data["state"]["pending"] += list(steps)
    return codec(GAME).state_from_dict(data)


def test_the_game_runs_on_the_engine_with_every_question_registered() -> None:
    assert isinstance(GAME, FlowGame)
    registered = GAME.flow.registered()["question"]
    assert set(registered) == set(NATIVE) and LEGACY == ()
    assert isinstance(GAME.flow.handler(Branch(player=0, labels=(), branches=())), BranchHandler)
    assert not any(isinstance(GAME.flow.handler(k.__new__(k)), Legacy) for k in registered)
    assert all(isinstance(GAME.flow.handler(k.__new__(k)), EmpyrealHandler) for k in registered)


def test_a_branch_nests_its_steps_as_values_and_round_trips(saved: dict[str, Any]) -> None:
    seat = saved["state"]["turn"]["player"]
    build = BuildTrack(player=seat, prompt="build", target=Target(label="Lake", terrains=(2,)))
    branch = Branch(player=seat, prompt="choose", labels=("a", "b"),
                    branches=((GainMana(player=seat, amount=2),), (build,)))
    state = codec(GAME).state_from_dict(saved)
    state.pending.append(branch)
    text = codec(GAME).state_to_json(state)
    written = json.loads(text)["state"]["pending"][-1]
    assert written["branches"][1][0]["type"] == "BuildTrack"
    assert written["branches"][1][0]["target"]["terrains"] == [2]
    back = codec(GAME).state_from_json(text)
    assert back.pending[-1] == branch
    assert list(GAME.legal_actions(back)) == [Choose("a"), Choose("b")]
    GAME.apply(back, Choose("b"))
    assert back.pending[-1] == build


def test_a_branch_saved_as_json_text_is_migrated(saved: dict[str, Any]) -> None:
    seat = saved["state"]["turn"]["player"]
    old_text = json.dumps([{"type": "BuildTrack", "player": seat, "prompt": "build", "free_city": False,
                            "free_wasteland": False, "free_competitor": False, "source": "",
                            "target": {"__target__": {"label": "Lake", "terrains": [2], "edge": False,
                                                      "anywhere": False, "competitor": False,
                                                      "near_city": False, "near_wasteland": False,
                                                      "cells": [], "transfers": True}}}])
    state = _with_pending(saved, {"type": "Branch", "player": seat, "prompt": "", "labels": ["x"],
                                  "optional": True, "branches": [old_text]})
    top = state.pending[-1]
    assert isinstance(top, Branch) and top.optional
    assert top.branches == ((BuildTrack(player=seat, prompt="build", target=Target(label="Lake", terrains=(2,))),),)


def test_an_op_that_carried_steps_as_text_is_migrated(saved: dict[str, Any]) -> None:
    seat = saved["state"]["turn"]["player"]
    inner = json.dumps([{"type": "Op", "player": seat, "prompt": "", "op": "gain_mana", "ints": [1], "strs": []}])
    state = _with_pending(saved, {"type": "Op", "player": seat, "prompt": "", "op": "u_pay_then",
                                  "ints": [1], "strs": [inner, "Irialandra"]})
    assert state.pending[-1] == PayThen(player=seat, amount=1, what="Irialandra", steps=(GainMana(player=seat, amount=1),))


def test_steps_text_that_does_not_decode_is_refused_naming_the_field(saved: dict[str, Any]) -> None:
    seat = saved["state"]["turn"]["player"]
    with pytest.raises(InvalidRecordError) as got:
        _with_pending(saved, {"type": "Branch", "player": seat, "prompt": "", "labels": ["x"],
                              "optional": False, "branches": ["{not json"]})
    assert "branches.0" in str(got.value)
    with pytest.raises(InvalidRecordError, match="missing field 'labels'"):
        _with_pending(saved, {"type": "Branch", "player": seat, "prompt": "", "optional": False,
                              "branches": []})


def test_the_turn_steps_are_typed_engine_steps_and_old_ops_load_as_them() -> None:
    from pathlib import Path

    from hexkit_empyreal.actions import TYPED_STEPS, EndActivation, EndTurn

    assert set(GAME.flow.registered()["step"]) == set(TYPED_STEPS)
    saved = json.loads((Path(__file__).parent / "golden" / "4p-activate.json").read_text())
    assert [d.get("op") for d in saved["state"]["pending"]][:2] == ["end_turn", "end_activation"]
    state = codec(GAME).state_from_dict(saved)
    assert state.pending[:2] == [EndTurn(player=3), EndActivation(player=3)]
    written = json.loads(codec(GAME).state_to_json(state))["state"]["pending"][0]
    assert written == {"type": "EndTurn", "player": 3, "prompt": ""}


def test_an_op_of_a_name_no_step_had_is_refused_naming_the_field(saved: dict[str, Any]) -> None:
    seat = saved["state"]["turn"]["player"]
    with pytest.raises(InvalidRecordError, match=r"pending\[\d+\].*op: 'u_no_such_op' is not a step of this game"):
        _with_pending(saved, {"type": "Op", "player": seat, "prompt": "", "op": "u_no_such_op",
                              "ints": [], "strs": ["a", "b"]})


def test_an_old_refresh_op_loads_as_the_typed_step_with_its_flags(saved: dict[str, Any]) -> None:
    from hexkit_empyreal.actions import Refresh

    seat = saved["state"]["turn"]["player"]
    state = _with_pending(
        saved,
        {"type": "Op", "player": seat, "prompt": "", "op": "refresh", "ints": [], "strs": ["captain_only"]},
        {"type": "Op", "player": seat, "prompt": "", "op": "refresh", "ints": [], "strs": []},
    )
    assert state.pending[-2:] == [Refresh(player=seat, captain=True, engineer=False), Refresh(player=seat)]


def test_the_actions_are_the_shared_answer_kinds_with_their_highlights() -> None:
    from hexkit.flow import AnswerKind, ComponentRef
    from hexkit.hexes import Hex

    from hexkit_empyreal.actions import (
        DONE, Activate, Build, DeliverTo, Move, PickGood, PickHex, PlaceAt, UseSpecialist,
    )

    assert (Build(Hex(1, 0), 2).kind, Build(Hex(1, 0), 2).hex) == (AnswerKind.HEX, Hex(1, 0))
    assert DeliverTo(Hex(0, 1), "Red").hex == Hex(0, 1)
    assert PickHex(Hex(2, -1)).kind is PickGood(Hex(2, -1)).kind is AnswerKind.HEX
    assert Choose("Refresh").kind is PlaceAt("C3").kind is AnswerKind.OPTION
    assert Activate("D2", "Flow Controller", 1).component == ComponentRef("spellcar", "Flow Controller")
    assert UseSpecialist("Peril").component == ComponentRef("specialist", "Peril")
    assert Move(2, 3).kind is AnswerKind.NUMBER and DONE.kind is AnswerKind.DONE
    assert codec(GAME).encode_action(Build(Hex(1, 0), 2)) == {"type": "Build", "hex": "(1,0)", "cost": 2}


def test_no_op_named_by_a_string_is_left_in_the_engine() -> None:
    import hexkit_empyreal.actions as actions
    import hexkit_empyreal.effects.registry as registry
    from hexkit_empyreal.migrate import Op

    assert not hasattr(actions, "Op") and not hasattr(registry, "get_op") and not hasattr(registry, "op")
    assert Op not in actions.DECISION_TYPES and Op in GAME.decision_types  # read from old saves only


def test_an_old_typed_op_given_arguments_is_refused_naming_the_field(saved: dict[str, Any]) -> None:
    seat = saved["state"]["turn"]["player"]
    with pytest.raises(InvalidRecordError, match=r"pending\[\d+\].*ints: 'end_turn' takes no arguments"):
        _with_pending(saved, {"type": "Op", "player": seat, "prompt": "", "op": "end_turn", "ints": [3], "strs": []})


@pytest.mark.parametrize(("step", "field"), [
    ({"type": "Op", "op": "place_good", "ints": [0, 99], "strs": []}, "colour"),
    ({"type": "PlaceGood", "cell": 0, "colour": 99}, "colour"),
    ({"type": "PlaceGood", "cell": 10**30, "colour": 1}, "cell"),
    ({"type": "Op", "op": "place_good", "ints": [99999, -4], "strs": []}, "cell"),
    ({"type": "PlaceGoodColour", "cell": 3, "colour": "Mauve"}, "colour"),
    ({"type": "MoveCarTo", "source": -5, "target": 2}, "source"),
    ({"type": "BuildAgain", "times": -1, "steps": []}, "times"),
])
def test_a_typed_step_with_a_cell_colour_or_count_out_of_range_is_refused(
        saved: dict[str, Any], step: dict[str, Any], field: str) -> None:
    # found by a new-user run: these loaded, then raised IndexError (or were skipped) when run
    seat = saved["state"]["turn"]["player"]
    with pytest.raises(InvalidRecordError, match=rf"pending\.\d+\.{field}"):
        _with_pending(saved, {"player": seat, "prompt": "", **step})
