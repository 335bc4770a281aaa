"""Decision handlers and the loop that runs automatic steps.

Each decision type has a :class:`Handler`: the legal answers, how an answer
changes the state, and why an answer is illegal. :func:`settle` runs the
automatic :class:`~hexkit_empyreal.actions.Op` steps on top of the stack
(and drops generic choices that have no option left) until a player must
answer, or the game is over.
"""

from __future__ import annotations

from typing import Any, ClassVar

from hexkit.game import Decision

from hexkit_empyreal.actions import ChooseHex, ChooseOption, Op
from hexkit_empyreal.effects.registry import get_op, push
from hexkit_empyreal.rules.declines import note_nothing_to_choose
from hexkit_empyreal.state import EmpyrealState

__all__ = ["Handler", "HANDLERS", "handles", "settle"]


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


def handles(dtype: type[Decision]) -> Any:
    """Class decorator registering a :class:`Handler` for ``dtype``."""

    def register(cls: type[Handler]) -> type[Handler]:
        cls.decision = dtype
        HANDLERS[dtype] = cls
        return cls

    return register


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
        if isinstance(top, (ChooseHex, ChooseOption)):
            if not top.optional and not HANDLERS[kind].actions(state, top):
                pending.pop()
                note_nothing_to_choose(state, top)
                continue
        break
