"""Empyreal's turn engine: the :class:`~hexkit.flow.Flow` of the game, built explicitly.

:func:`build_flow` (called once by :meth:`EmpyrealGame.build_flow
<hexkit_empyreal.game.EmpyrealGame.build_flow>`) installs the rule and effect
modules and registers, for each decision type, how the engine answers it:
a native :class:`~hexkit.flow.Handler` for the kinds already ported, and a
:class:`~hexkit.flow.Legacy` handler (the old
:class:`~hexkit_empyreal.rules.dispatch.Handler` and :func:`settle`) for the
rest. :data:`NATIVE` and :data:`LEGACY` list which is which
(docs/flow.md, "Porting plan").

Source: DESIGN.md (the game protocol); docs/flow.md.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from types import ModuleType
from typing import Any

from hexkit.errors import FlowError
from hexkit.flow import Flow, Handler, Legacy
from hexkit.game import Decision

from hexkit_empyreal.actions import (
    DECISION_TYPES,
    Branch,
    EliminateAward,
    Op,
    PlaceHeadquarters,
    SelectCaptain,
    SelectCompany,
    TURN_STEPS,
)
from hexkit_empyreal.rules.choices import BranchHandler
from hexkit_empyreal.rules.setup import (
    EliminateAwardHandler,
    PlaceHeadquartersHandler,
    SelectCaptainHandler,
    SelectCompanyHandler,
)
from hexkit_empyreal.rules.dispatch import HANDLERS, STEPS, explain_text, install, settle
from hexkit_empyreal.effects.registry import push
from hexkit_empyreal.state import EmpyrealState

__all__ = ["build_flow", "legacy_handler", "NATIVE_HANDLERS", "NATIVE", "LEGACY"]

NATIVE_HANDLERS: dict[type[Decision], Callable[[], Handler[EmpyrealState, Any, Any]]] = {
    Branch: BranchHandler,
    SelectCompany: SelectCompanyHandler,
    SelectCaptain: SelectCaptainHandler,
    PlaceHeadquarters: PlaceHeadquartersHandler,
    EliminateAward: EliminateAwardHandler,
}
"""The native :class:`~hexkit.flow.Handler` of each ported decision type (a factory of it)."""

NATIVE: tuple[type[Decision], ...] = tuple(NATIVE_HANDLERS)
"""Decision types answered by a native :class:`~hexkit.flow.Handler`."""

LEGACY: tuple[type[Decision], ...] = tuple(
    t for t in DECISION_TYPES if t not in NATIVE and t is not Op and t not in TURN_STEPS
)
"""Decision types still answered by the old code through :class:`~hexkit.flow.Legacy`
(:class:`~hexkit_empyreal.actions.Op` is never answered: :func:`settle` runs it)."""


def legacy_handler(kind: type[Decision]) -> Legacy:
    """A :class:`~hexkit.flow.Legacy` handler for ``kind`` from its old handler class.

    The answers, the effect (followed by :func:`settle`, which runs the
    automatic steps and drops a choice with nothing to choose) and the
    refusal text are the old code's, so records, goldens and perft do not move.

    Raises:
        KeyError: if no old handler of ``kind`` is installed.
    """
    old = HANDLERS[kind]

    def answers(state: EmpyrealState) -> Iterable[Any]:
        return old.actions(state, state.pending[-1])

    def perform(state: EmpyrealState, action: Any) -> None:
        d = state.pending.pop()
        old.perform(state, d, action)
        settle(state)

    def explain(state: EmpyrealState, action: Any) -> str:
        d = state.pending[-1]
        try:
            reason = old.explain(state, d, action)
        except (AttributeError, KeyError, ValueError, TypeError, IndexError):
            reason = None
        return explain_text(d, reason)

    return Legacy(answers=answers, perform=perform, explain=explain)


def build_flow(modules: Sequence[ModuleType]) -> Flow[EmpyrealState]:
    """Install ``modules`` and register every answerable decision type of the game.

    Args:
        modules: the rule and effect modules whose marked handlers, ops,
            domains, effects and passives are installed (``game.MODULES``).

    Returns:
        The game's flow: the typed automatic steps of
        :data:`~hexkit_empyreal.actions.TURN_STEPS` as engine steps,
        :data:`NATIVE_HANDLERS` for the ported questions,
        :func:`legacy_handler` for every other one but
        :class:`~hexkit_empyreal.actions.Op` (run by name by :func:`settle`).

    Raises:
        FlowError: a type registered twice, or a typed step no module runs.
    """
    install(modules)
    flow: Flow[EmpyrealState] = Flow("empyreal")
    for kind in DECISION_TYPES:
        if kind is Op:
            continue
        if kind in TURN_STEPS:
            continue
        make = NATIVE_HANDLERS.get(kind)
        flow.question(kind, make() if make is not None else legacy_handler(kind))
    for step in TURN_STEPS:  # typed automatic steps: the engine knows each by its type
        run = STEPS.get(step)
        if run is None:
            raise FlowError(f"empyreal: no installed module runs the step {step.__name__}")
        flow.step(step, _pushing(run))
    return flow


def _pushing(run: Callable[[EmpyrealState, Any], Any]) -> Callable[[EmpyrealState, Any], None]:
    """An Empyreal step function (returns the steps to run next) as an engine step (pushes them)."""

    def step(state: EmpyrealState, top: Any) -> None:
        push(state, run(state, top))

    return step
