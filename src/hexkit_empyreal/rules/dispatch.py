"""The base of Empyreal's question handlers, and the loop that runs automatic steps.

Each question type has an :class:`EmpyrealHandler` (a native
:class:`hexkit.flow.Handler`): the legal answers, how an answer changes
the state, and why an answer is illegal; ``rules/flow.py`` registers one
instance of each on the game's :class:`~hexkit.flow.Flow`. :func:`settle` runs the
automatic steps on top of the stack (the typed ones of
:data:`~hexkit_empyreal.actions.TYPED_STEPS`, by type)
(and drops generic choices that have no option left) until a player must
answer, or the game is over.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from types import ModuleType
from typing import Any, TypeVar

from hexkit.flow import Handler as FlowHandler
from hexkit.flow import Step
from hexkit.game import Decision

from hexkit_empyreal.actions import ChooseHex, ChooseOption, Domain
from hexkit_empyreal.effects.registry import Steps, mark, marks_of, push, register
from hexkit_empyreal.rules.declines import note_nothing_to_choose
from hexkit_empyreal.state import EmpyrealState, remember_asked

__all__ = [
    "STEPS", "StepFn", "runs", "LISTS", "Choice", "ListFn", "lists", "offered", "EmpyrealHandler", "explain_text",
    "install", "settle",
]


Q = TypeVar("Q", bound=Decision)


class EmpyrealHandler(FlowHandler[EmpyrealState, Q, Any]):
    """A native handler of the core engine for one Empyreal question type.

    Subclasses give :meth:`answers`, :meth:`answer` (the effect of a legal
    answer; the question is already popped) and :meth:`why` (the rule an
    illegal answer breaks); :meth:`resolve` runs the answer, then
    :func:`settle` (the typed automatic steps), and
    :meth:`explain` names the pending question when :meth:`why` knows no rule.
    Instances are registered from ``rules/flow.py``; nothing registers on import.
    """

    def answer(self, state: EmpyrealState, question: Q, answer: Any) -> None:
        """Apply a legal ``answer`` (override)."""
        raise NotImplementedError

    def why(self, state: EmpyrealState, question: Q, answer: Any) -> str | None:
        """The rule ``answer`` breaks, or ``None`` (override)."""
        return None

    def resolve(self, state: EmpyrealState, question: Q, answer: Any) -> None:
        """Apply ``answer``, then run the automatic steps that follow."""
        self.answer(state, question, answer)
        settle(state)

    def explain(self, state: EmpyrealState, question: Q, answer: object) -> str:
        """:meth:`why`, or the pending question named (a malformed answer never raises here)."""
        try:
            reason = self.why(state, question, answer)
        except (AttributeError, KeyError, ValueError, TypeError, IndexError):
            reason = None
        return explain_text(question, reason)


def explain_text(d: Decision, reason: str | None) -> str:
    """The refusal text: the handler's ``reason``, or the pending decision named.

    Args:
        d: the pending decision.
        reason: the rule the answer breaks, if the handler knows it.
    """
    what = d.prompt or (type(d).__doc__ or type(d).__name__).strip().splitlines()[0].rstrip(".")
    return reason or f"it does not answer the pending decision ({what})"


T = TypeVar("T", bound=Step)

StepFn = Callable[[EmpyrealState, T], "Steps | None"]
"""The code of a typed automatic step: change the state, return the steps to run next."""

STEPS: dict[type[Decision], Callable[[EmpyrealState, Any], "Steps | None"]] = {}
"""The code of each typed automatic step (:data:`~hexkit_empyreal.actions.TYPED_STEPS`), by type."""


def runs(kind: type[T]) -> Callable[[StepFn[T]], StepFn[T]]:
    """Mark the function that runs the automatic step type ``kind`` (registered by :func:`install`).

    mypy checks that the function takes a ``kind``: the pairing is typed, not a name.
    """

    def decorate(fn: StepFn[T]) -> StepFn[T]:
        return mark(fn, "step", "", kind)

    return decorate


Choice = ChooseHex | ChooseOption
"""A generic choice: a hex or a name, listed from its domain."""

D = TypeVar("D", bound=Domain)

ListFn = Callable[[EmpyrealState, D, Choice], "Sequence[int] | Sequence[str]"]
"""The listing of a domain: the cells (a :class:`ChooseHex`) or names (a
:class:`ChooseOption`) on offer now, given the domain value and the choice
(whose ``player`` and continuation ``then`` it may read)."""

LISTS: dict[type[Domain], Callable[[EmpyrealState, Any, Choice], "Sequence[int] | Sequence[str]"]] = {}
"""The listing of each domain type (:data:`~hexkit_empyreal.actions.DOMAIN_TYPES`), by type."""


def lists(kind: type[D]) -> Callable[[ListFn[D]], ListFn[D]]:
    """Mark the function that lists the domain type ``kind`` (registered by :func:`install`).

    mypy checks that the function takes a ``kind``: the pairing is typed, not a name.
    """

    def decorate(fn: ListFn[D]) -> ListFn[D]:
        return mark(fn, "lists", "", kind)

    return decorate


def offered(state: EmpyrealState, d: Choice) -> Sequence[Any]:
    """The options of a generic choice now: its domain listed, or its fixed ``options``."""
    domain = d.domain
    if domain is None:
        return d.options if type(d) is ChooseOption else ()
    return LISTS[type(domain)](state, domain, d)


_INSTALLED: set[str] = set()


def install(modules: Iterable[ModuleType]) -> None:
    """Register every typed step, effect, op, domain and passive marked in ``modules``.

    Called by :class:`~hexkit_empyreal.game.EmpyrealGame` with its list of
    rule and effect modules; installing a module again does nothing.

    Raises:
        ValueError: two objects marked with one name, or two functions for
            one step type (naming it).
    """
    for module in modules:
        if module.__name__ in _INSTALLED:
            continue
        for obj, (kind, name, extra) in marks_of(module):
            if kind == "step":
                if STEPS.setdefault(extra, obj) is not obj:
                    raise ValueError(f"two functions run {extra.__name__}: {STEPS[extra].__name__}, {obj.__name__}")
            elif kind == "lists":
                if LISTS.setdefault(extra, obj) is not obj:
                    raise ValueError(f"two functions list {extra.__name__}: {LISTS[extra].__name__}, {obj.__name__}")
            else:
                register(obj, kind, name, extra)
        _INSTALLED.add(module.__name__)


def settle(state: EmpyrealState) -> None:
    """Run automatic steps until a player must answer or nothing is pending.

    One table lookup per step (the typed steps, by type); a generic choice left with no option is dropped with a note.
    """
    pending = state.pending
    steps = STEPS
    while pending:
        top = pending[-1]
        run = steps.get(type(top))
        if run is not None:
            pending.pop()
            more = run(state, top)
            if more:
                pending.extend(reversed(more))  # push(), inlined: this runs for every step
            continue
        if type(top) is ChooseHex or type(top) is ChooseOption:
            if top.optional:
                break
            # the options of rules/choices.py (options_of, cells_of), tested for none
            found = offered(state, top)
            if not found:
                pending.pop()
                note_nothing_to_choose(state, top)
                continue
            remember_asked(state, top, found)  # listed next by the handler
        break

