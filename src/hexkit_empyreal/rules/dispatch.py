"""Decision handlers and the loop that runs automatic steps.

Each decision type has a :class:`Handler`: the legal answers, how an answer
changes the state, and why an answer is illegal. :func:`settle` runs the
automatic steps on top of the stack (the typed ones of
:data:`~hexkit_empyreal.actions.TURN_STEPS`, by type, and the
:class:`~hexkit_empyreal.actions.Op` steps, by name)
(and drops generic choices that have no option left) until a player must
answer, or the game is over.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from types import ModuleType
from typing import Any, ClassVar, TypeVar

from hexkit.flow import Handler as FlowHandler
from hexkit.flow import Step
from hexkit.game import Decision

from hexkit_empyreal.actions import ChooseHex, ChooseOption, Op
from hexkit_empyreal.effects.registry import Steps, get_op, mark, marks_of, push, register
from hexkit_empyreal.rules.declines import note_nothing_to_choose
from hexkit_empyreal.state import EmpyrealState

__all__ = ["Handler", "HANDLERS", "STEPS", "StepFn", "runs", "EmpyrealHandler", "explain_text", "handles", "install", "settle"]


class Handler:
    """How one decision type is answered. Subclass and register with :func:`handles`."""

    decision: ClassVar[type[Decision]]

    @staticmethod
    def actions(state: EmpyrealState, d: Any) -> list[Any]:
        """The legal answers."""
        raise NotImplementedError

    @staticmethod
    def perform(state: EmpyrealState, d: Any, action: Any) -> None:
        """Apply a legal answer; ``d`` is already popped from the stack."""
        raise NotImplementedError

    @staticmethod
    def explain(state: EmpyrealState, d: Any, action: Any) -> str | None:
        """Why ``action`` is not a legal answer (``None``: no specific rule)."""
        return None


HANDLERS: dict[type[Decision], type[Handler]] = {}

Q = TypeVar("Q", bound=Decision)


class EmpyrealHandler(FlowHandler[EmpyrealState, Q, Any]):
    """A native handler of the core engine for one Empyreal question type.

    Subclasses give :meth:`answers`, :meth:`answer` (the effect of a legal
    answer; the question is already popped) and :meth:`explain`;
    :meth:`resolve` runs the answer, then :func:`settle` (the automatic
    :class:`~hexkit_empyreal.actions.Op` steps, which are not engine steps yet).
    Instances are registered from ``rules/flow.py``; nothing registers on import.
    """

    def answer(self, state: EmpyrealState, question: Q, answer: Any) -> None:
        """Apply a legal ``answer`` (override)."""
        raise NotImplementedError

    def resolve(self, state: EmpyrealState, question: Q, answer: Any) -> None:
        """Apply ``answer``, then run the automatic steps that follow."""
        self.answer(state, question, answer)
        settle(state)


def explain_text(d: Decision, reason: str | None) -> str:
    """The refusal text: the handler's ``reason``, or the pending decision named.

    Args:
        d: the pending decision.
        reason: the rule the answer breaks, if the handler knows it.
    """
    what = d.prompt or (type(d).__doc__ or type(d).__name__).strip().splitlines()[0].rstrip(".")
    return reason or f"it does not answer the pending decision ({what})"


def handles(dtype: type[Decision]) -> Any:
    """Class decorator marking a :class:`Handler` of ``dtype`` (registered by :func:`install`)."""

    def decorate(cls: type[Handler]) -> type[Handler]:
        cls.decision = dtype
        return mark(cls, "handler", "", dtype)

    return decorate


T = TypeVar("T", bound=Step)

StepFn = Callable[[EmpyrealState, T], "Steps | None"]
"""The code of a typed automatic step: change the state, return the steps to run next."""

STEPS: dict[type[Decision], Callable[[EmpyrealState, Any], "Steps | None"]] = {}
"""The code of each typed automatic step (:data:`~hexkit_empyreal.actions.TURN_STEPS`), by type."""


def runs(kind: type[T]) -> Callable[[StepFn[T]], StepFn[T]]:
    """Mark the function that runs the automatic step type ``kind`` (registered by :func:`install`).

    mypy checks that the function takes a ``kind``: the pairing is typed, not a name.
    """

    def decorate(fn: StepFn[T]) -> StepFn[T]:
        return mark(fn, "step", "", kind)

    return decorate


_INSTALLED: set[str] = set()


def install(modules: Iterable[ModuleType]) -> None:
    """Register every handler, typed step, effect, op, domain and passive marked in ``modules``.

    Called by :class:`~hexkit_empyreal.game.EmpyrealGame` with its list of
    rule and effect modules; installing a module again does nothing.

    Raises:
        ValueError: two objects marked with one name, or two handlers for
            one decision type (naming it).
    """
    for module in modules:
        if module.__name__ in _INSTALLED:
            continue
        for obj, (kind, name, extra) in marks_of(module):
            if kind == "step":
                if STEPS.setdefault(extra, obj) is not obj:
                    raise ValueError(f"two functions run {extra.__name__}: {STEPS[extra].__name__}, {obj.__name__}")
            elif kind != "handler":
                register(obj, kind, name, extra)
            elif HANDLERS.setdefault(extra, obj) is not obj:
                raise ValueError(f"two handlers for {extra.__name__}: {HANDLERS[extra].__name__}, {obj.__name__}")
        _INSTALLED.add(module.__name__)


def settle(state: EmpyrealState) -> None:
    """Run automatic steps until a player must answer or nothing is pending."""
    pending = state.pending
    while pending:
        top = pending[-1]
        kind = type(top)
        if isinstance(top, Op):
            pending.pop()
            push(state, get_op(top.op)(state, top))
            continue
        run = STEPS.get(kind)
        if run is not None:
            pending.pop()
            push(state, run(state, top))
            continue
        if isinstance(top, (ChooseHex, ChooseOption)):
            if not top.optional and not HANDLERS[kind].actions(state, top):
                pending.pop()
                note_nothing_to_choose(state, top)
                continue
        break
