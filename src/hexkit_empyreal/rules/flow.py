"""Empyreal's turn engine: the :class:`~hexkit.flow.Flow` of the game, built explicitly.

:func:`build_flow` (called once by :meth:`EmpyrealGame.build_flow
<hexkit_empyreal.game.EmpyrealGame.build_flow>`) installs the rule and effect
modules and registers, for every question type, its native
:class:`~hexkit_empyreal.rules.dispatch.EmpyrealHandler` (:data:`NATIVE_HANDLERS`)
and, for every typed automatic step of
:data:`~hexkit_empyreal.actions.TYPED_STEPS`, the function that runs it. No
question is answered through :class:`~hexkit.flow.Legacy` any more
(:data:`LEGACY` is empty). Every automatic step is typed (71); an
automatic step named by a string (``Op``) is only the shape of older saves,
loaded as its typed step (:mod:`hexkit_empyreal.migrate`).

Source: DESIGN.md (the game protocol); docs/flow.md, "Porting plan".
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from types import ModuleType
from typing import Any

from hexkit.errors import FlowError
from hexkit.flow import Flow, Handler
from hexkit.game import Decision

from hexkit_empyreal.actions import (
    DECISION_TYPES,
    TYPED_STEPS,
    ActivateSpellcars,
    AdministrateSteps,
    Branch,
    BuildTrack,
    ChooseHex,
    ChooseOption,
    ChooseSpecialist,
    ChooseSpecialistType,
    ClaimDemand,
    DeliverChoice,
    EliminateAward,
    MainAction,
    PickGoods,
    PlaceHeadquarters,
    PlaceSpellcar,
    SelectCaptain,
    SelectCompany,
    SpecialistPhase,
    TakeSpellcar,
    UpgradeChoice,
)
from hexkit_empyreal.effects.registry import push
from hexkit_empyreal.rules.build import BuildTrackHandler
from hexkit_empyreal.rules.choices import BranchHandler, ChooseHexHandler, ChooseOptionHandler
from hexkit_empyreal.rules.deliver import ClaimDemandHandler, DeliverChoiceHandler, PickGoodsHandler
from hexkit_empyreal.rules.dispatch import STEPS, install
from hexkit_empyreal.rules.railyard import PlaceSpellcarHandler, TakeSpellcarHandler
from hexkit_empyreal.rules.setup import (
    EliminateAwardHandler,
    PlaceHeadquartersHandler,
    SelectCaptainHandler,
    SelectCompanyHandler,
)
from hexkit_empyreal.rules.specialists import ChooseSpecialistHandler, ChooseTypeHandler
from hexkit_empyreal.rules.turn import (
    ActivateSpellcarsHandler,
    AdministrateStepsHandler,
    MainActionHandler,
    SpecialistPhaseHandler,
)
from hexkit_empyreal.rules.upgrade import UpgradeHandler
from hexkit_empyreal.state import EmpyrealState

__all__ = ["build_flow", "NATIVE_HANDLERS", "NATIVE", "LEGACY"]

NATIVE_HANDLERS: dict[type[Decision], Callable[[], Handler[EmpyrealState, Any, Any]]] = {
    # set-up
    SelectCompany: SelectCompanyHandler,
    SelectCaptain: SelectCaptainHandler,
    EliminateAward: EliminateAwardHandler,
    PlaceHeadquarters: PlaceHeadquartersHandler,
    # the turn
    SpecialistPhase: SpecialistPhaseHandler,
    MainAction: MainActionHandler,
    AdministrateSteps: AdministrateStepsHandler,
    ActivateSpellcars: ActivateSpellcarsHandler,
    BuildTrack: BuildTrackHandler,
    DeliverChoice: DeliverChoiceHandler,
    PickGoods: PickGoodsHandler,
    ClaimDemand: ClaimDemandHandler,
    UpgradeChoice: UpgradeHandler,
    TakeSpellcar: TakeSpellcarHandler,
    PlaceSpellcar: PlaceSpellcarHandler,
    ChooseSpecialistType: ChooseTypeHandler,
    ChooseSpecialist: ChooseSpecialistHandler,
    # the generic choices effects are made of
    ChooseOption: ChooseOptionHandler,
    ChooseHex: ChooseHexHandler,
    Branch: BranchHandler,
}
"""The native handler of each question type (a factory of it)."""

NATIVE: tuple[type[Decision], ...] = tuple(NATIVE_HANDLERS)
"""Question types answered by a native :class:`~hexkit.flow.Handler`: all of them."""

LEGACY: tuple[type[Decision], ...] = tuple(
    t for t in DECISION_TYPES if t not in NATIVE and t not in TYPED_STEPS
)
"""Question types still answered through :class:`~hexkit.flow.Legacy`: none."""


def build_flow(modules: Sequence[ModuleType]) -> Flow[EmpyrealState]:
    """Install ``modules`` and register every question and typed step of the game.

    Args:
        modules: the rule and effect modules whose marked steps,
            domains, effects and passives are installed (``game.MODULES``).

    Returns:
        The game's flow: :data:`NATIVE_HANDLERS` for the questions, and the
        typed automatic steps of :data:`~hexkit_empyreal.actions.TYPED_STEPS`
        as engine steps.

    Raises:
        FlowError: a type registered twice, a question type with no
            handler, or a typed step no installed module runs.
    """
    install(modules)
    flow: Flow[EmpyrealState] = Flow("empyreal")
    missing = [t.__name__ for t in LEGACY]
    if missing:
        raise FlowError(f"empyreal: no handler for {', '.join(missing)}")
    for kind, make in NATIVE_HANDLERS.items():
        flow.question(kind, make())
    for step in TYPED_STEPS:  # typed automatic steps: the engine knows each by its type
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
