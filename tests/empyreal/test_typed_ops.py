"""The ops once named by strings are typed steps; old saves' ops load as them.

Table-driven over :data:`hexkit_empyreal.migrate.OLD_OPS`: every old op
shape (its ``ints`` and ``strs`` by position) loads from a save as its typed
step with named fields, is run by the function registered for its type,
and an op whose arguments do not fit is refused naming the field.

Source: docs/flow.md, "Porting plan" (Empyreal).
"""

from __future__ import annotations

import copy
import json
from typing import Any

import attrs
import pytest

from hexkit.errors import InvalidRecordError
from hexkit.serialize import codec

from hexkit_empyreal import GAME
from hexkit_empyreal.actions import DECISION_TYPES, EFFECT_STEPS, TURN_STEPS, TYPED_STEPS
from hexkit_empyreal.migrate import OLD_OPS, TYPED_OPS, Op, step_of
from hexkit_empyreal.rules.dispatch import STEPS


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


def _sample(names: tuple[str, ...], make: Any) -> list[Any]:
    """One argument per position (the optional ones given, two for a rest)."""
    out: list[Any] = []
    for i, n in enumerate(names):
        out.extend([make(i), make(i + 1)] if n.startswith("*") else [make(i)])
    return out


def _text(name: str, field: str) -> Any:
    """A text argument the step's ``read`` accepts (a flag's own text; a colour's name, which the load checks)."""
    return {"flag": "to_folio", "colour": "red"}.get(field.strip("*?"), f"{name}-{field}")


CASES = sorted(OLD_OPS)


def test_every_old_op_name_is_a_typed_step_now() -> None:
    assert not set(OLD_OPS) & set(TYPED_OPS)
    assert {shape.kind for shape in OLD_OPS.values()} == set(EFFECT_STEPS)
    assert TYPED_STEPS == (*TURN_STEPS, *EFFECT_STEPS)
    assert set(EFFECT_STEPS) <= set(DECISION_TYPES)
    assert all(k in STEPS for k in TYPED_STEPS)
    assert set(GAME.flow.registered()["step"]) == set(TYPED_STEPS)


@pytest.mark.parametrize("name", CASES)
def test_an_old_op_loads_as_its_typed_step(saved: dict[str, Any], name: str) -> None:
    shape = OLD_OPS[name]
    seat = saved["state"]["turn"]["player"]
    ints = _sample(shape.ints, lambda i: 3 + i)
    strs = [_text(name, n) for n in shape.strs for _ in ((0, 1) if n.startswith("*") else (0,))]
    old = {"type": "Op", "player": seat, "prompt": "old", "op": name, "ints": ints, "strs": strs}
    has_steps = any(f.name == "steps" for f in attrs.fields(shape.kind))
    if has_steps:
        old["steps"] = [{"type": "GainMana", "player": seat, "prompt": "", "amount": 2}]
    state = _with_pending(saved, old)
    top = state.pending[-1]
    assert type(top) is shape.kind and top.player == seat and top.prompt == "old"
    # the same step as the one a choice naming the old op builds at run time
    op = Op(player=seat, prompt="old", op=name, ints=tuple(ints), strs=tuple(strs),
            steps=tuple(state.pending[-1].steps) if has_steps else ())
    assert step_of(op) == top
    # written in the new shape, read back the same
    written = json.loads(codec(GAME).state_to_json(state))["state"]["pending"][-1]
    assert written["type"] == shape.kind.__name__ and "op" not in written and "ints" not in written
    assert codec(GAME).state_from_json(codec(GAME).state_to_json(state)).pending[-1] == top


@pytest.mark.parametrize("name", CASES)
def test_an_old_op_whose_arguments_do_not_fit_is_refused_naming_the_field(saved: dict[str, Any], name: str) -> None:
    shape = OLD_OPS[name]
    seat = saved["state"]["turn"]["player"]
    ints = _sample(shape.ints, lambda i: 3 + i)
    strs = [_text(name, n) for n in shape.strs for _ in ((0, 1) if n.startswith("*") else (0,))]

    def rest(names: tuple[str, ...]) -> bool:
        return any(n.startswith("*") for n in names)

    def required(names: tuple[str, ...]) -> bool:
        return any(not n.endswith("?") and not n.startswith("*") for n in names)

    if not rest(shape.ints):
        field, ints = "ints", [*ints, 99]
    elif required(shape.ints):
        field, ints = "ints", []
    elif not rest(shape.strs):
        field, strs = "strs", [*strs, "extra"]
    else:
        pytest.skip("takes any number of arguments")
    with pytest.raises(InvalidRecordError) as got:
        _with_pending(saved, {"type": "Op", "player": seat, "prompt": "", "op": name, "ints": ints, "strs": strs,
                              "steps": []})
    assert f"{field}: {name!r} takes" in str(got.value)
