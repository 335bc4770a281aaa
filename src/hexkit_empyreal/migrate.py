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

Every automatic step once named by a string is a typed step now: the 14 of
the turn (:data:`TYPED_OPS`) and the 57 of the effects (:data:`OLD_OPS`,
which says which named field each old positional ``ints``/``strs`` argument
fills). An old ``Op`` (:class:`Op`, kept here only as the shape such a save
has) loads as its typed step (:func:`typed_op`); a name no step had, or
arguments that do not fit, are refused naming the field (``op: ...``,
``ints: ...``). A
``ChooseHex``/``ChooseOption`` continues with a typed value (``then``, a
``<Step>Then``) listing its options from a typed ``domain``; one saved when
it named both by strings loads as that form (:func:`migrate_choice`, by
:data:`THEN_OF` and :data:`OLD_DOMAINS`), continuing with exactly the step
the old name made with the answer (:func:`step_of`).

Source: docs/flow.md, "Porting plan" (Empyreal).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from hexkit.flow import Step
from hexkit.game import Decision

from hexkit_empyreal import actions
from hexkit_empyreal.actions import (
    HEX_THENS,
    OPTION_THENS,
    ActivateSlot,
    AellaKeep,
    AerlionFree,
    AnyaFrom,
    AnyaTo,
    ArielClear,
    AskReturnGood,
    BareCells,
    BeginPlay,
    BuildAgain,
    BuildOnLastWasteland,
    CarDestinations,
    CinGather,
    ClearLastBuilt,
    CopyEffect,
    DiscardTile,
    DoloresColour,
    DoloresSource,
    DoloresSources,
    DoloresTarget,
    Domain,
    EndActivation,
    EndTurn,
    ExtraTurn,
    GainMana,
    GainSpecialist,
    GainSpellcar,
    GameOver,
    GarekFrom,
    GarekSlots,
    GarekTiles,
    GarekTo,
    GoodsAround,
    HexThen,
    HydeartBuild,
    InNetworkGoods,
    MarcinaeColour,
    MarcinaeMove,
    MarcinaeSource,
    MarcinaeSources,
    MiltonActivate,
    MiltonFirst,
    MindraBuild,
    MindraCells,
    MirrorAt,
    MirrorCells,
    MirrorColour,
    MovableCars,
    MoveCarFrom,
    MoveCarTo,
    MoveCarToThen,
    MoveGoodColour,
    MoveGoodSource,
    MoveGoodSources,
    MoveGoodTarget,
    MoveGoodTargets,
    NetworkCells,
    NetworkExcept,
    NoOp,
    OpenSpecialistPhase,
    OptionThen,
    OtherEngineers,
    OtherSurveyors,
    PayMana,
    PayThen,
    PerilBegin,
    PlaceGood,
    PlaceGoodColour,
    PlaceWasteland,
    RanOptions,
    RanUse,
    ReclaimMana,
    Refresh,
    ReturnGoodAt,
    ReturnGoodColour,
    ReturnGoodsAt,
    ReturnGoodsColour,
    ReturnToStart,
    SeedGood,
    StartTurn,
    SupplyColours,
    SwitchFrom,
    SwitchMine,
    SwitchTheirs,
    SwitchTo,
    SwitchWith,
    TelemyrSwap,
    TelemyrSwaps,
    TilesOf,
    TransmuteAt,
    TransmuteDo,
    TransmuteFrom,
    UumiOptions,
    VexxerReturn,
    VocoColours,
    VocoTake,
    WardlawFirst,
    WardlawPartners,
    WardlawSwap,
    WardlawTiles,
    WastelandTargets,
    WelsieHome,
    WorldspannerSecond,
)

__all__ = [
    "LEGACY_STEPS_IN_STRS",
    "TYPED_OPS",
    "OldOp",
    "OLD_OPS",
    "Op",
    "typed_op",
    "step_of",
    "OLD_DOMAINS",
    "THEN_OF",
    "answer_field",
    "migrate_choice",
    "legacy_steps",
    "migrate_branch",
    "migrate_steps",
]

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


@attrs.frozen(kw_only=True)
class Op(Decision):
    """The saved shape of an automatic step named by a string (saves from before its typed step).

    Nothing runs an ``Op``: the game's codec reads one (its ``"type"`` tag is
    ``"Op"``) as the typed step it became (:func:`typed_op`), and the engine
    only ever holds typed steps.

    Attributes:
        op: the old name (a key of :data:`TYPED_OPS` or :data:`OLD_OPS`).
        ints: integer arguments, by position.
        strs: text arguments, by position.
        steps: the steps it ran after its own work (typed values).
    """

    op: str
    ints: tuple[int, ...] = ()
    strs: tuple[str, ...] = ()
    steps: tuple[Decision, ...] = ()


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


Values = dict[str, Any]


@attrs.frozen
class OldOp:
    """How an op once named by a string reads as the typed step it became.

    The old op carried its context by position (``ints``, ``strs``); each
    position is a field of the typed step.

    Attributes:
        kind: the typed step.
        ints: the field each integer fills, in order. ``"name?"``: may be
            absent (the field's default); ``"*name"``: the rest, as a tuple
            (``"*_"``: ignored), the names after it taking the last ones.
        strs: the same for the text arguments.
        read: turns the positional values into the fields where they are not
            one-to-one (a flag kept as text, a bool kept as ``0``/``1``).
    """

    kind: type[Step]
    ints: tuple[str, ...] = ()
    strs: tuple[str, ...] = ()
    read: Callable[[Values], Values] | None = None

    def values(self, name: str, ints: Sequence[Any], strs: Sequence[Any]) -> Values:
        """The typed step's fields (but ``player``, ``prompt``, ``steps``).

        Raises:
            ValueError: too few or too many arguments, naming the field
                (``ints: 'place_good' takes 2 integers (cell, colour), not 1``).
        """
        out: Values = {}
        _positions(out, "ints", "integers", name, ints, self.ints)
        _positions(out, "strs", "texts", name, strs, self.strs)
        return self.read(out) if self.read is not None else out


def _positions(out: Values, field: str, what: str, name: str, got: Sequence[Any], names: tuple[str, ...]) -> None:
    """Fill ``out`` from the arguments ``got`` by the position names ``names`` (see :class:`OldOp`).

    One name may be a rest (``"*name"``, a tuple; ``"*_"``: ignored) anywhere;
    the names after it take the last arguments.
    """
    rest = next((i for i, n in enumerate(names) if n.startswith("*")), None)
    head = names if rest is None else names[:rest]
    tail = () if rest is None else names[rest + 1:]
    least = sum(1 for n in head if not n.endswith("?")) + len(tail)
    if len(got) < least or (rest is None and len(got) > len(head)):
        wanted = ", ".join(names) or "none"
        raise ValueError(f"{field}: {name!r} takes {what} ({wanted}), not {len(got)}")
    taken = min(len(head), len(got) - len(tail))
    for i, n in enumerate(head[:taken]):
        out[n.rstrip("?")] = got[i]
    if rest is not None:
        if names[rest] != "*_":
            out[names[rest][1:]] = tuple(got[taken:len(got) - len(tail)])
        for j, n in enumerate(tail):
            out[n] = got[len(got) - len(tail) + j]


def _flag(field: str, text: str) -> Callable[[Values], Values]:
    """``read``: the text argument ``flag`` equal to ``text`` becomes the bool ``field``."""

    def read(values: Values) -> Values:
        flag = values.pop("flag", None)
        return {**values, field: flag == text}

    return read


def _as_bool(field: str) -> Callable[[Values], Values]:
    """``read``: the integer ``field`` (``0``/``1``) becomes a bool."""

    def read(values: Values) -> Values:
        if field in values:
            return {**values, field: bool(values[field])}
        return values

    return read


OLD_OPS: dict[str, OldOp] = {
    # effects/verbs.py
    "gain_mana": OldOp(GainMana, ints=("amount?",)),
    "reclaim": OldOp(ReclaimMana, ints=("amount?",)),
    "pay": OldOp(PayMana, ints=("amount",)),
    "copy_effect": OldOp(CopyEffect, ints=("pay_inherent?",), strs=("name",), read=_as_bool("pay_inherent")),
    "place_good": OldOp(PlaceGood, ints=("cell", "colour")),
    "place_good_colour": OldOp(PlaceGoodColour, ints=("cell",), strs=("colour",)),
    "move_good_target": OldOp(MoveGoodTarget, ints=("target",)),
    "move_good_source": OldOp(MoveGoodSource, ints=("target", "source")),
    "move_good_colour": OldOp(MoveGoodColour, ints=("target", "source"), strs=("colour",)),
    "return_good_at": OldOp(ReturnGoodAt, ints=("*_", "cell")),  # Volcanic Vexxer's choice holds the centre first
    "return_good_colour": OldOp(ReturnGoodColour, ints=("cell",), strs=("colour",)),
    # rules/wasteland.py
    "place_wasteland": OldOp(PlaceWasteland, ints=("cell",), strs=("flag?",), read=_flag("to_folio", "to_folio")),
    # effects/station_masters.py
    "u_voco_take": OldOp(VocoTake, strs=("colour",)),
    # effects/company_spellcars.py
    "build_on_last_wasteland": OldOp(BuildOnLastWasteland, strs=("source?",)),
    # effects/unique_verbs.py
    "u_pay_then": OldOp(PayThen, ints=("amount",), strs=("what",)),
    "u_return_at": OldOp(ReturnGoodsAt, ints=("count", "cell")),
    "u_return_colour": OldOp(ReturnGoodsColour, ints=("count", "cell"), strs=("colour",)),
    "u_build_again": OldOp(BuildAgain, ints=("times",)),
    # effects/engineers.py
    "u_aerlion_free": OldOp(AerlionFree),
    "u_garek_from": OldOp(GarekFrom, strs=("choice",)),
    "u_garek_to": OldOp(GarekTo, ints=("source",), strs=("choice",)),
    "u_move_from": OldOp(MoveCarFrom, ints=("source",)),
    "u_move_to": OldOp(MoveCarTo, ints=("source", "target")),
    "u_seed_good": OldOp(SeedGood, ints=("times", "cell")),
    # effects/captains.py
    "u_dolores_source": OldOp(DoloresSource, ints=("source",)),
    "u_dolores_target": OldOp(DoloresTarget, ints=("source", "target")),
    "u_dolores_colour": OldOp(DoloresColour, ints=("source", "target"), strs=("colour",)),
    "u_marcinae_source": OldOp(MarcinaeSource, ints=("cell",)),
    "u_marcinae_colour": OldOp(MarcinaeColour, ints=("cell",), strs=("colour",)),
    "u_marcinae_move": OldOp(MarcinaeMove, ints=("colour", "source", "target")),
    # effects/unique_spellcars.py
    "u_worldspanner_second": OldOp(WorldspannerSecond, strs=("source",)),
    "u_clear_last_built": OldOp(ClearLastBuilt),
    "u_vexxer": OldOp(VexxerReturn),
    "u_mirror_at": OldOp(MirrorAt, ints=("cell",)),
    "u_mirror_colour": OldOp(MirrorColour, ints=("cell",), strs=("colour",)),
    "u_transmute_at": OldOp(TransmuteAt, ints=("cell",)),
    "u_transmute_from": OldOp(TransmuteFrom, ints=("cell",), strs=("colour",)),
    "u_transmute_do": OldOp(TransmuteDo, ints=("cell", "old"), strs=("colour",)),
    "u_switch_from": OldOp(SwitchFrom, ints=("mine",)),
    "u_switch_to": OldOp(SwitchTo, ints=("mine", "theirs")),
    "u_switch_with": OldOp(SwitchWith, ints=("mine", "theirs"), strs=("company",)),
    "u_discard_tile": OldOp(DiscardTile, strs=("choice",)),
    # effects/surveyors.py
    "u_aella_keep": OldOp(AellaKeep, strs=("name",)),
    "u_ran_use": OldOp(RanUse, strs=("*used", "name")),
    "u_telemyr_swap": OldOp(TelemyrSwap, strs=("swap",)),
    "u_hydeart_build": OldOp(HydeartBuild, strs=("source", "terrain")),
    "u_mindra_build": OldOp(MindraBuild, ints=("cell",), strs=("source",)),
    "u_welsie_home": OldOp(WelsieHome, strs=("source",)),
    "u_anya_from": OldOp(AnyaFrom, ints=("times", "source")),
    "u_anya_to": OldOp(AnyaTo, ints=("times", "source", "target")),
    "u_ariel": OldOp(ArielClear, ints=("cell",)),
    "u_cin": OldOp(CinGather, ints=("cell",)),
    "u_milton": OldOp(MiltonActivate, strs=("*railyard",)),
    "u_milton_first": OldOp(MiltonFirst, ints=("*slots",), strs=("choice",)),
    "u_activate_slot": OldOp(ActivateSlot, ints=("slot",)),
    "u_wardlaw_first": OldOp(WardlawFirst, ints=("times",), strs=("first",)),
    "u_wardlaw_swap": OldOp(WardlawSwap, ints=("times",), strs=("first", "second")),
}
"""The ops of the effects that became typed steps, by their old name, with
where each old argument goes. A :class:`~hexkit_empyreal.actions.ChooseHex`
or :class:`~hexkit_empyreal.actions.ChooseOption` saved when it named its
continuation by one of these names (``then``, the answer added last to its
``ints``/``strs``) loads as the typed continuation (:func:`migrate_choice`)."""


def _has_steps(kind: type[Step]) -> bool:
    return any(f.name == "steps" for f in attrs.fields(kind))


def step_of(o: Op) -> Decision:
    """The typed step an :class:`Op` stands for, or the op itself.

    Args:
        o: an op, e.g. the one an old choice built from its ``then`` name,
            its context and the answer (what a migrated choice's
            continuation builds, tested field for field).

    Returns:
        The typed step of :data:`OLD_OPS` with the op's arguments as named
        fields (its seat, prompt and ``steps`` kept), or ``o`` if its name
        is not one of them.

    Raises:
        ValueError: the arguments do not fit the step, naming the field.
    """
    shape = OLD_OPS.get(o.op)
    if shape is None:
        return o
    values = shape.values(o.op, o.ints, o.strs)
    if o.steps or _has_steps(shape.kind):
        if not _has_steps(shape.kind):
            raise ValueError(f"steps: {o.op!r} runs no further steps")
        values["steps"] = o.steps
    return shape.kind(player=o.player, prompt=o.prompt, **values)


def typed_op(saved: Any) -> dict[str, Any]:
    """The saved form of the typed step an old saved ``Op`` became.

    An op of :data:`TYPED_OPS` has no arguments (the old code never gave
    these any), but ``refresh``, whose ``strs`` ``["captain_only"]`` /
    ``["engineer_only"]`` become ``Refresh``'s two flags; its seat and
    prompt are kept. An op of :data:`OLD_OPS` gets its arguments as the
    step's named fields (its ``steps`` kept as saved).

    Raises:
        ValueError: not an object; a name no step had (``op: 'x' is not a
            step of this game``); arguments that do not fit its step,
            naming the field (``ints``, ``strs`` or ``steps``).
    """
    if not isinstance(saved, dict):
        raise ValueError(f"expected an object, not {type(saved).__name__}")
    name = saved.get("op")
    shape = OLD_OPS.get(name) if isinstance(name, str) else None
    if shape is not None:
        return _typed_from_old(shape, saved)
    kind = TYPED_OPS.get(name) if isinstance(name, str) else None
    if kind is None:
        raise ValueError(f"op: {name!r} is not a step of this game")
    strs = saved.get("strs") or []
    if kind is Refresh and strs in (["captain_only"], ["engineer_only"]) and not saved.get("ints"):
        return {"type": "Refresh", "player": saved.get("player"), "prompt": saved.get("prompt"),
                "captain": strs == ["captain_only"], "engineer": strs == ["engineer_only"]}
    for field in ("ints", "strs", "steps"):
        if saved.get(field):
            raise ValueError(f"{field}: {name!r} takes no arguments, not {saved[field]!r}")
    out = {"type": kind.__name__, "player": saved.get("player"), "prompt": saved.get("prompt")}
    if kind is Refresh:
        out.update(captain=True, engineer=True)
    return out


def _typed_from_old(shape: OldOp, saved: dict[str, Any]) -> dict[str, Any]:
    """The saved form of the step of ``shape`` an old saved op of :data:`OLD_OPS` becomes."""
    saved = migrate_steps(saved, "op")  # the steps of an older save, kept as text in strs.0
    name = saved["op"]
    args = {}
    for field in ("ints", "strs"):
        value = saved.get(field, [])
        if not isinstance(value, list):
            raise ValueError(f"{field}: expected a list, not {type(value).__name__}")
        args[field] = value
    out: dict[str, Any] = {"type": shape.kind.__name__, "player": saved.get("player"), "prompt": saved.get("prompt", "")}
    out.update(shape.values(name, args["ints"], args["strs"]))
    steps = saved.get("steps") or []
    if _has_steps(shape.kind):
        out["steps"] = steps
    elif steps:
        raise ValueError(f"steps: {name!r} runs no further steps")
    return out


OLD_DOMAINS: dict[str, type[Domain]] = {
    "wasteland_targets": WastelandTargets,
    "supply_colours": SupplyColours,
    "move_good_targets": MoveGoodTargets,
    "move_good_sources": MoveGoodSources,
    "in_network_goods": InNetworkGoods,
    "u_voco_colours": VocoColours,
    "u_movable_cars": MovableCars,
    "u_car_destinations": CarDestinations,
    "u_other_engineers": OtherEngineers,
    "u_garek_from": GarekTiles,
    "u_garek_to": GarekSlots,
    "u_bare_cells": BareCells,
    "u_uumi_options": UumiOptions,
    "u_dolores_sources": DoloresSources,
    "u_network_except": NetworkExcept,
    "u_marcinae_sources": MarcinaeSources,
    "u_goods_around": GoodsAround,
    "u_mirror_cells": MirrorCells,
    "u_switch_mine": SwitchMine,
    "u_switch_theirs": SwitchTheirs,
    "u_tiles_of": TilesOf,
    "u_other_surveyors": OtherSurveyors,
    "u_ran_options": RanOptions,
    "u_telemyr_swaps": TelemyrSwaps,
    "u_mindra_cells": MindraCells,
    "u_network": NetworkCells,
    "u_wardlaw_first": WardlawTiles,
    "u_wardlaw_second": WardlawPartners,
}
"""The typed domain each old domain name became (28). ``u_goods_around`` read
its centre from the choice's first integer: :class:`GoodsAround` holds it."""

THEN_OF: dict[type[Step], type[HexThen] | type[OptionThen]] = {
    **{vars(actions)[kind.__name__[:-len("Then")]]: kind for kind in HEX_THENS},
    **{vars(actions)[option.__name__[:-len("Then")]]: option for option in OPTION_THENS},
}
"""The continuation type that completes each typed step (named after it: ``MoveCarTo`` -> ``MoveCarToThen``)."""


def answer_field(kind: type[HexThen] | type[OptionThen]) -> str:
    """The field of the step ``kind`` builds that the answer fills (the one field of the step it does not hold).

    >>> answer_field(MoveCarToThen)
    'target'
    """
    step = next(s for s, then in THEN_OF.items() if then is kind)
    held = {f.name for f in attrs.fields(kind)} | {"player", "prompt"}
    (name,) = (f.name for f in attrs.fields(step) if f.name not in held)
    return str(name)


def migrate_choice(saved: dict[str, Any], hex_choice: bool) -> dict[str, Any]:
    """A saved ``ChooseHex`` (``hex_choice``) or ``ChooseOption`` in the typed form.

    A save from before this form named its continuation by an old op name
    (``"then": "u_move_to"``) with the context in ``ints``/``strs``/``steps``
    (the answer was added last), and its domain by name (``"domain":
    "u_car_destinations"``, ``""`` for fixed options). It loads as the typed
    continuation with named fields (:data:`THEN_OF`, the positions of
    :data:`OLD_OPS`: ``{"type": "MoveCarToThen", "source": 4}``) and the
    typed domain (:data:`OLD_DOMAINS`); a choice in the typed form is
    returned as it is.

    Raises:
        ValueError: naming the field: a ``then`` or ``domain`` name this
            game does not know, a continuation of the other kind of choice,
            or context that does not fit it (``ints: ...``).
    """
    then, domain = saved.get("then"), saved.get("domain")
    if not isinstance(then, str) and not isinstance(domain, str):
        return saved
    saved = migrate_steps(saved, "then")  # an older save kept steps as text in strs.0
    args: dict[str, list[Any]] = {}
    for field in ("ints", "strs", "steps"):
        value = saved.get(field, [])
        if not isinstance(value, list):
            raise ValueError(f"{field}: expected a list, not {type(value).__name__}")
        args[field] = value
    out = {k: v for k, v in saved.items() if k not in args}
    if isinstance(domain, str):
        out["domain"] = _old_domain(domain, hex_choice, args["ints"])
    if isinstance(then, str):
        out["then"] = _old_then(then, hex_choice, args)
    elif args["ints"] or args["strs"] or args["steps"]:
        raise ValueError("ints: a typed continuation holds its own context")
    return out


def _old_domain(name: str, hex_choice: bool, ints: list[Any]) -> dict[str, Any] | None:
    """The saved form of the typed domain an old domain name became."""
    if name == "" and not hex_choice:
        return None  # the fixed options
    kind = OLD_DOMAINS.get(name)
    if kind is None:
        raise ValueError(f"domain: {name!r} is not a choice of this game")
    if kind is GoodsAround:
        if not ints:
            raise ValueError(f"ints: the domain {name!r} takes its centre from the first integer, and there is none")
        return {"type": kind.__name__, "centre": ints[0]}
    return {"type": kind.__name__}


def _old_then(name: str, hex_choice: bool, args: dict[str, list[Any]]) -> dict[str, Any]:
    """The saved form of the typed continuation an old ``then`` name (and its context) became."""
    shape = OLD_OPS.get(name)
    if shape is None:
        raise ValueError(f"then: {name!r} is not a step of this game")
    kind = THEN_OF.get(shape.kind)
    if kind is None:
        raise ValueError(f"then: {name!r} is not a step a choice continues with")
    if issubclass(kind, HexThen) != hex_choice:
        wanted = "ChooseOption" if hex_choice else "ChooseHex"
        raise ValueError(f"then: {name!r} continues a {wanted}, not this choice")
    ints, strs = args["ints"], args["strs"]
    try:  # the answer was added last: a placeholder for it here, dropped below
        values = shape.values(name, [*ints, 0], strs) if hex_choice else shape.values(name, ints, [*strs, ""])
    except ValueError as exc:
        field = str(exc).split(":", 1)[0]
        names = shape.ints if field == "ints" else shape.strs
        if (field == "ints") == hex_choice:
            names = names[:-1]
        got = ints if field == "ints" else strs
        what = "integers" if field == "ints" else "texts"
        raise ValueError(
            f"{field}: a choice continuing with {name!r} holds {what} ({', '.join(names) or 'none'}), not {len(got)}"
        ) from None
    fields = {f.name for f in attrs.fields(kind)}
    out: dict[str, Any] = {"type": kind.__name__, **{k: v for k, v in values.items() if k in fields}}
    if "steps" in fields:
        out["steps"] = args["steps"]
    elif args["steps"]:
        raise ValueError(f"steps: {name!r} runs no further steps")
    return out
