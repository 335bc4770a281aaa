"""Reading saves written before a decision kind moved onto the core engine.

Empyreal's :class:`~hexkit_empyreal.actions.Branch` kept the steps of each
option as compact JSON text with its own ``{"__target__": ...}`` tagging (a
second serializer inside a decision). Since the port onto :mod:`hexkit.flow`
the steps are typed values nested in the question and saved through the one
converter. A save from before keeps loading: :func:`migrate_branch` turns
its text into the nested form (the same steps, the same order), and
:func:`migrate_steps` does the same for the four ops that carried steps as
their first text argument (:data:`LEGACY_STEPS_IN_STRS`), so the
rules version (``0.3.0``) and the golden files stay as they are. Text that
does not decode is refused naming the field (``branches.0``).

Source: docs/flow.md, "Porting plan" (Empyreal).
"""

from __future__ import annotations

import json
from typing import Any

from hexkit.game import Decision

from hexkit_empyreal.actions import (
    BeginPlay,
    EndActivation,
    EndTurn,
    GainSpecialist,
    GainSpellcar,
    GameOver,
    OpenSpecialistPhase,
    ReturnToStart,
    StartTurn,
    AskReturnGood,
    ExtraTurn,
    NoOp,
    PerilBegin,
    Refresh,
)

__all__ = ["LEGACY_STEPS_IN_STRS", "TYPED_OPS", "typed_op", "legacy_steps", "migrate_branch", "migrate_steps"]

LEGACY_STEPS_IN_STRS = frozenset({"u_pay_then", "u_return_at", "u_return_colour", "u_build_again"})
"""The ops whose first text argument held more steps as JSON text before the
flow port (now the ``steps`` field of the op and of the choice that leads to it)."""


def _plain(value: Any) -> Any:
    """A value of the old text form in the converter's JSON form."""
    if isinstance(value, dict):
        if "__target__" in value and len(value) == 1:
            inner = value["__target__"]
            if not isinstance(inner, dict):
                raise ValueError("a '__target__' holds an object")
            return {k: _plain(v) for k, v in inner.items()}
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


def legacy_steps(text: str) -> list[dict[str, Any]]:
    """The steps of one old ``Branch`` option, as JSON objects the converter reads.

    Args:
        text: the JSON text the old ``encode_steps`` wrote (a list of
            objects, each with a ``"type"`` tag).

    Returns:
        One JSON object per step, in order; a nested old ``Branch`` is
        migrated too.

    Raises:
        ValueError: the text is not a JSON list of tagged objects.
    """
    try:
        items = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ValueError(f"not the JSON text of a list of steps ({exc.msg})") from None
    if not isinstance(items, list) or not all(isinstance(i, dict) and isinstance(i.get("type"), str) for i in items):
        raise ValueError("not a list of steps, each an object with a 'type' tag")
    out = []
    for item in items:
        step = _plain(item)
        if step["type"] == "Branch":
            step = migrate_branch(step)
        out.append(step)
    return out


def migrate_branch(saved: dict[str, Any]) -> dict[str, Any]:
    """A saved ``Branch`` with its options' steps nested (old text decoded; new form unchanged).

    Raises:
        ValueError: an option's text does not decode, naming which (``branches.1: ...``).
    """
    branches = saved.get("branches")
    if not isinstance(branches, list) or not any(isinstance(b, str) for b in branches):
        return saved
    nested = []
    for j, branch in enumerate(branches):
        if isinstance(branch, str):
            try:
                branch = legacy_steps(branch)
            except ValueError as exc:
                raise ValueError(f"branches.{j}: {exc}") from None
        nested.append(branch)
    return {**saved, "branches": nested}


def migrate_steps(saved: dict[str, Any], name_key: str) -> dict[str, Any]:
    """A saved ``Op``, ``ChooseHex`` or ``ChooseOption`` with its ``steps`` field.

    A save from before the port has no ``steps``: it gets none, except that
    an op of :data:`LEGACY_STEPS_IN_STRS` (``name_key`` names the field
    holding the op: ``"op"`` or ``"then"``) moves its first text argument,
    decoded, into ``steps``.

    Raises:
        ValueError: that text does not decode (``strs.0: ...``).
    """
    if "steps" in saved:
        return saved
    out = {**saved, "steps": []}
    strs = saved.get("strs")
    if saved.get(name_key) in LEGACY_STEPS_IN_STRS and isinstance(strs, list) and strs and isinstance(strs[0], str):
        try:
            out["steps"] = legacy_steps(strs[0])
        except ValueError as exc:
            raise ValueError(f"strs.0: {exc}") from None
        out["strs"] = strs[1:]
    return out


TYPED_OPS: dict[str, type[Decision]] = {
    "start_turn": StartTurn,
    "specialist_phase": OpenSpecialistPhase,
    "end_activation": EndActivation,
    "end_turn": EndTurn,
    "game_over": GameOver,
    "begin_play": BeginPlay,
    "gain_spellcar": GainSpellcar,
    "gain_specialist": GainSpecialist,
    "return_to_start": ReturnToStart,
    "extra_turn": ExtraTurn,
    "noop": NoOp,
    "ask_return_good": AskReturnGood,
    "u_peril_begin": PerilBegin,
    "refresh": Refresh,
}
"""The ops that became typed steps (:data:`~hexkit_empyreal.actions.TYPED_STEPS`), by their old name."""


def typed_op(saved: dict[str, Any]) -> dict[str, Any] | None:
    """The saved form of the typed step an old ``Op`` became, or ``None`` if it is still an ``Op``.

    Only an op with no arguments is one of :data:`TYPED_OPS` (the old code
    never gave these arguments), but ``refresh``, whose ``strs``
    ``["captain_only"]`` / ``["engineer_only"]`` become ``Refresh``'s two
    flags; its seat and prompt are kept.
    """
    kind = TYPED_OPS.get(saved.get("op"))  # type: ignore[arg-type]
    strs = saved.get("strs") or []
    if kind is Refresh and strs in (["captain_only"], ["engineer_only"]) and not saved.get("ints"):
        return {"type": "Refresh", "player": saved.get("player"), "prompt": saved.get("prompt"),
                "captain": strs == ["captain_only"], "engineer": strs == ["engineer_only"]}
    if kind is None or saved.get("ints") or strs or saved.get("steps"):
        return None
    out = {"type": kind.__name__, "player": saved.get("player"), "prompt": saved.get("prompt")}
    if kind is Refresh:
        out.update(captain=True, engineer=True)
    return out
