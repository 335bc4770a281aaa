"""Generic choices continue with typed values; old saves naming them by strings load as them.

A :class:`~hexkit_empyreal.actions.ChooseHex` / :class:`~hexkit_empyreal.actions.ChooseOption`
holds its continuation ``then`` as a typed value (one ``<Step>Then`` per
typed step, the context as named fields) and its ``domain`` as a typed
value listed by a ``@lists(Type)`` function. Table-driven over
:data:`hexkit_empyreal.migrate.THEN_OF` and
:data:`~hexkit_empyreal.migrate.OLD_DOMAINS`: a save naming the continuation
by its old op name (context in ``ints``/``strs``/``steps``) and the domain by
its old name loads as the typed form, and continues with exactly the step
the old name made with the answer added (:func:`~hexkit_empyreal.migrate.step_of`);
names and arguments that do not fit are refused naming the field.

Source: docs/flow.md, "Porting plan" (Empyreal).
"""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path
from typing import Any

import attrs
import pytest

from hexkit.errors import InvalidRecordError
from hexkit.serialize import codec

from hexkit_empyreal import GAME
from hexkit_empyreal.actions import (
    DOMAIN_TYPES,
    HEX_THENS,
    OPTION_THENS,
    ArielClearThen,
    CarDestinations,
    ChooseHex,
    ChooseOption,
    HexThen,
    InNetworkGoods,
    PickHex,
    ReturnGoodAt,
    ReturnGoodAtThen,
)
from hexkit_empyreal.hidden_draws import DRAWS
from hexkit_empyreal.migrate import OLD_DOMAINS, OLD_OPS, THEN_OF, Op, answer_field, step_of
from hexkit_empyreal.rules.dispatch import LISTS

SRC = Path(__file__).resolve().parents[2] / "src" / "hexkit_empyreal"


@pytest.fixture(scope="module")
def saved() -> dict[str, Any]:
    state = GAME.new(GAME.make_config(3), 11)
    for _ in range(60):
        GAME.apply(state, GAME.legal_actions(state)[0])
    data: dict[str, Any] = codec(GAME).state_to_dict(state)
    return data


def _load(saved: dict[str, Any], *pending: dict[str, Any]) -> Any:
    data = copy.deepcopy(saved)
    data["state"]["pending"] += list(pending)
    return codec(GAME).state_from_dict(data)


def test_no_continuation_or_domain_is_named_by_a_string_any_more() -> None:
    text = "\n".join(p.read_text() for p in SRC.rglob("*.py"))
    assert not re.findall(r'\bthen="', text)
    assert not re.findall(r'\bdomain="', text)
    assert "@domain(" not in text


def test_every_old_name_has_its_typed_form() -> None:
    kinds = (*HEX_THENS, *OPTION_THENS)
    assert len(kinds) == len(set(kinds)) == 43
    assert set(THEN_OF.values()) == set(kinds)
    assert {OLD_OPS[name].kind for name in OLD_OPS if OLD_OPS[name].kind in THEN_OF} == set(THEN_OF)
    assert len(OLD_DOMAINS) == 28 and set(OLD_DOMAINS.values()) == set(DOMAIN_TYPES)
    assert set(LISTS) == set(DOMAIN_TYPES)  # every domain is listed by one function
    assert set(DRAWS) <= set(OPTION_THENS)
    for domain in DOMAIN_TYPES:
        assert all(kind in kinds for kind in domain.reads)


THENS = sorted(name for name in OLD_OPS if OLD_OPS[name].kind in THEN_OF)


def _context(name: str) -> tuple[bool, list[Any], list[Any], Any]:
    """An old choice's context for the op ``name`` (its positions but the answer's) and an answer."""
    shape = OLD_OPS[name]
    hex_choice = issubclass(THEN_OF[shape.kind], HexThen)
    ints_names = shape.ints[:-1] if hex_choice else shape.ints
    strs_names = shape.strs if hex_choice else shape.strs[:-1]

    def sample(names: tuple[str, ...], make: Any) -> list[Any]:
        out: list[Any] = []
        for i, n in enumerate(names):
            out.extend([make(i), make(i + 1)] if n.startswith("*") else [make(i)])
        return out

    ints = sample(ints_names, lambda i: 3 + i)
    strs = sample(strs_names, lambda i: {"flag?": "to_folio"}.get(strs_names[min(i, len(strs_names) - 1)], f"{name}-{i}"))
    return hex_choice, ints, strs, (5 if hex_choice else f"{name}-answer")


@pytest.mark.parametrize("name", THENS)
def test_an_old_choice_loads_typed_and_continues_with_the_same_step(saved: dict[str, Any], name: str) -> None:
    seat = saved["state"]["turn"]["player"]
    hex_choice, ints, strs, answer = _context(name)
    kind = THEN_OF[OLD_OPS[name].kind]
    has_steps = any(f.name == "steps" for f in attrs.fields(kind))
    steps = [{"type": "GainMana", "player": seat, "prompt": "", "amount": 2}] if has_steps else []
    old: dict[str, Any] = {"type": "ChooseHex" if hex_choice else "ChooseOption", "player": seat, "prompt": "old",
                           "then": name, "ints": ints, "strs": strs, "steps": steps, "optional": True}
    if hex_choice:
        old["domain"] = "in_network_goods"
    else:
        old.update(domain="", options=["a", "b"])
    state = _load(saved, old)
    top = state.pending[-1]
    assert type(top.then) is kind and top.prompt == "old" and top.optional
    assert top.domain == (InNetworkGoods() if hex_choice else None)
    # the step the old name made with the answer added last, field for field
    before = Op(player=seat, op=name, ints=(*ints, answer) if hex_choice else tuple(ints),
                strs=tuple(strs) if hex_choice else (*strs, answer), steps=tuple(getattr(top.then, "steps", ())))
    assert top.then.step(seat, answer) == step_of(before)
    assert getattr(top.then.step(seat, answer), answer_field(kind)) == answer
    # written in the typed form, read back the same
    written = json.loads(codec(GAME).state_to_json(state))["state"]["pending"][-1]
    assert written["then"]["type"] == kind.__name__ and "ints" not in written and "strs" not in written
    assert codec(GAME).state_from_json(codec(GAME).state_to_json(state)).pending[-1] == top


@pytest.mark.parametrize("name", sorted(OLD_DOMAINS))
def test_an_old_domain_name_loads_as_its_typed_domain(saved: dict[str, Any], name: str) -> None:
    seat = saved["state"]["turn"]["player"]
    kind = OLD_DOMAINS[name]
    # a continuation the domain can read (the first it names), else any of the right kind
    hex_listing = name not in {"supply_colours", "u_voco_colours", "u_other_engineers", "u_garek_from", "u_garek_to",
                               "u_uumi_options", "u_tiles_of", "u_other_surveyors", "u_ran_options",
                               "u_telemyr_swaps", "u_wardlaw_first", "u_wardlaw_second"}
    then = next(iter(kind.reads), None)
    old_then = next((n for n in THENS if THEN_OF[OLD_OPS[n].kind] is then), None)
    if old_then is None:
        old_then = "u_ariel" if hex_listing else "u_aella_keep"
    _, ints, strs, _ = _context(old_then)
    if name == "u_goods_around":
        old_then, ints = "return_good_at", [4]  # Volcanic Vexxer's: the centre first
    old = {"type": "ChooseHex" if hex_listing else "ChooseOption", "player": seat, "prompt": "", "domain": name,
           "then": old_then, "ints": ints, "strs": strs, "optional": True}
    if not hex_listing:
        old["options"] = []
    top = _load(saved, old).pending[-1]
    assert type(top.domain) is kind
    if name == "u_goods_around":
        assert top.domain.centre == 4 and top.then == ReturnGoodAtThen()


BAD: list[tuple[str, dict[str, Any], str]] = [
    ("unknown then", {"then": "no_such_op"}, "then: 'no_such_op' is not a step of this game"),
    ("then of no choice", {"then": "gain_mana"}, "then: 'gain_mana' is not a step a choice continues with"),
    ("then of a turn step", {"then": "end_turn"}, "then: 'end_turn' is not a step of this game"),
    ("unknown domain", {"domain": "no_such_domain"}, "domain: 'no_such_domain' is not a choice of this game"),
    ("then of an option", {"then": "copy_effect", "ints": [1]}, "then: 'copy_effect' continues a ChooseOption"),
    ("too many ints", {"then": "u_move_to", "ints": [3, 4]}, "ints: a choice continuing with 'u_move_to' holds integers (source), not 2"),
    ("too few ints", {"then": "u_move_to", "ints": []}, "ints: a choice continuing with 'u_move_to' holds integers (source), not 0"),
    ("texts it takes none of", {"then": "u_ariel", "strs": ["x"]}, "strs: a choice continuing with 'u_ariel' holds texts (none), not 1"),
    ("steps it does not run", {"then": "u_ariel", "steps": [{"type": "NoOp", "player": 0, "prompt": ""}]}, "steps: 'u_ariel' runs no further steps"),
    ("a centre missing", {"domain": "u_goods_around", "then": "return_good_at"}, "ints: the domain 'u_goods_around' takes its centre"),
    ("ints not a list", {"ints": 3}, "ints: expected a list, not int"),
    ("unknown typed continuation", {"then": {"type": "NoSuchThen"}}, "unknown continuation of a ChooseHex 'NoSuchThen'"),
    ("typed continuation of the other kind", {"then": {"type": "AellaKeepThen"}}, "unknown continuation of a ChooseHex 'AellaKeepThen'"),
    ("unknown field", {"then": {"type": "ArielClearThen", "cell": 3}}, "ArielClearThen has no field cell"),
    ("unknown typed domain", {"domain": {"type": "NoSuchDomain"}, "then": {"type": "ArielClearThen"}}, "unknown domain 'NoSuchDomain'"),
    ("a domain reading another continuation",
     {"domain": {"type": "CarDestinations"}, "then": {"type": "ArielClearThen"}},
     "state.pending.2.then': CarDestinations reads a MoveCarToThen or MarcinaeMoveThen or AnyaToThen, not ArielClearThen"),
    ("a centre off the map", {"domain": {"type": "GoodsAround", "centre": 999}, "then": {"type": "ReturnGoodAtThen"}},
     "state.pending.2.domain.centre"),
]


@pytest.mark.parametrize(("case", "change", "message"), BAD, ids=[b[0] for b in BAD])
def test_a_choice_that_does_not_fit_is_refused_naming_the_field(
    saved: dict[str, Any], case: str, change: dict[str, Any], message: str
) -> None:
    seat = saved["state"]["turn"]["player"]
    old = {"type": "ChooseHex", "player": seat, "prompt": "", "domain": "u_network", "then": "u_ariel",
           "ints": [], "strs": [], "optional": False, **change}
    if isinstance(old["then"], dict) or isinstance(old["domain"], dict):
        old = {k: v for k, v in old.items() if k not in ("ints", "strs")}
        if not isinstance(old["domain"], dict):
            old["domain"] = {"type": "NetworkCells"}
    assert len(saved["state"]["pending"]) == 2
    before = json.dumps(saved, sort_keys=True)
    with pytest.raises(InvalidRecordError) as got:
        _load(saved, old)
    assert message in str(got.value)
    assert json.dumps(saved, sort_keys=True) == before  # the saved data is not changed


def test_a_typed_choice_continues_with_its_step() -> None:
    state = GAME.new(GAME.make_config(3), 11)
    for _ in range(60):
        GAME.apply(state, GAME.legal_actions(state)[0])
    from hexkit_empyreal.state import board

    seat = state.turn.player
    cell = next(c for c, goods in enumerate(state.goods) if goods)
    choice = ChooseHex(player=seat, domain=InNetworkGoods(), then=ReturnGoodAtThen())
    handler = GAME.flow.handler(choice)
    handler.answer(state, choice, PickHex(board(state).hexes[cell]))  # type: ignore[attr-defined]
    assert state.pending[-1] == ReturnGoodAt(player=seat, cell=cell)
    assert ChooseOption(player=seat, then=next(iter(DRAWS))(), options=("x",)).domain is None
    assert ChooseHex(player=seat, domain=CarDestinations(), then=ArielClearThen()).then.step(seat, 4).cell == 4
