"""Generic choices the effects are built from: pick a name, pick a hex, pick a branch.

Source: DESIGN.md (turns are sequences of small decisions).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hexkit.flow import Handler as FlowHandler

from hexkit_empyreal.actions import (
    DONE,
    Branch,
    Choose,
    ChooseHex,
    ChooseOption,
    Done,
    Op,
    PickHex,
    interned,
)
from hexkit_empyreal.effects.registry import get_domain, push
from hexkit_empyreal.rules.declines import note_declined
from hexkit_empyreal.rules.dispatch import Handler, handles, settle
from hexkit_empyreal.state import EmpyrealState, board

__all__ = ["options_of", "cells_of", "BranchHandler"]


def options_of(state: EmpyrealState, d: ChooseOption) -> list[str]:
    """The options of a :class:`ChooseOption` now."""
    if d.domain:
        return [str(x) for x in get_domain(d.domain)(state, d)]
    return list(d.options)


def cells_of(state: EmpyrealState, d: ChooseHex) -> list[int]:
    """The cells of a :class:`ChooseHex` now."""
    return [int(x) for x in get_domain(d.domain)(state, d)]


@handles(ChooseOption)
class ChooseOptionHandler(Handler):
    """Pick a name; the op ``then`` runs with it."""

    @staticmethod
    def actions(state: EmpyrealState, d: ChooseOption) -> list[Any]:
        acts: list[Any] = [interned(Choose, o) for o in options_of(state, d)]
        if d.optional:
            acts.append(DONE)
        return acts

    @staticmethod
    def perform(state: EmpyrealState, d: ChooseOption, action: Any) -> None:
        if isinstance(action, Done):
            note_declined(state, d)
            return
        state.pending.append(Op(player=d.player, op=d.then, ints=d.ints, strs=d.strs + (action.option,), steps=d.steps))

    @staticmethod
    def explain(state: EmpyrealState, d: ChooseOption, action: Any) -> str | None:
        return f"the options are: {', '.join(options_of(state, d)) or 'none'}"


@handles(ChooseHex)
class ChooseHexHandler(Handler):
    """Pick a hex; the op ``then`` runs with its cell."""

    @staticmethod
    def actions(state: EmpyrealState, d: ChooseHex) -> list[Any]:
        hexes = board(state).hexes
        acts: list[Any] = [interned(PickHex, hexes[c]) for c in cells_of(state, d)]
        if d.optional:
            acts.append(DONE)
        return acts

    @staticmethod
    def perform(state: EmpyrealState, d: ChooseHex, action: Any) -> None:
        if isinstance(action, Done):
            note_declined(state, d)
            return
        cell = board(state).index[action.hex]
        state.pending.append(Op(player=d.player, op=d.then, ints=d.ints + (cell,), strs=d.strs, steps=d.steps))

    @staticmethod
    def explain(state: EmpyrealState, d: ChooseHex, action: Any) -> str | None:
        if isinstance(action, PickHex):
            return f"hex {action.hex} is not a legal choice ({d.prompt})"
        return None


class BranchHandler(FlowHandler[EmpyrealState, Branch, Any]):
    """Pick one labelled sequence of steps: a native handler of the core engine.

    The chosen branch's steps are typed values nested in the question, so
    they are pushed as they are: no text is decoded, no op is named.
    """

    def answers(self, state: EmpyrealState, question: Branch) -> Sequence[Any]:
        """``Choose(label)`` for each label in order, then ``DONE`` if the branch is optional."""
        acts: list[Any] = [interned(Choose, label) for label in question.labels]
        if question.optional:
            acts.append(DONE)
        return acts

    def resolve(self, state: EmpyrealState, question: Branch, answer: Any) -> None:
        """Push the chosen branch's steps (or note the decline), then run the automatic steps."""
        if isinstance(answer, Done):
            note_declined(state, question)
        else:
            push(state, question.branches[question.labels.index(answer.option)])
        settle(state)

    def explain(self, state: EmpyrealState, question: Branch, answer: object) -> str | None:
        """The labels on offer."""
        return f"the options are: {', '.join(question.labels)}"
