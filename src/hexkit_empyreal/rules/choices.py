"""Generic choices the effects are built from: pick a name, pick a hex, pick a branch.

Source: DESIGN.md (turns are sequences of small decisions).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from hexkit_empyreal.actions import (
    DONE,
    Branch,
    Choose,
    ChooseHex,
    ChooseOption,
    Done,
    PickHex,
    interned,
)
from hexkit_empyreal.board import Board
from hexkit_empyreal.effects.registry import push
from hexkit_empyreal.rules.declines import note_declined
from hexkit_empyreal.rules.dispatch import EmpyrealHandler, offered
from hexkit_empyreal.state import EmpyrealState, board, recall_asked

__all__ = ["options_of", "cells_of", "ChooseOptionHandler", "ChooseHexHandler", "BranchHandler"]


def options_of(state: EmpyrealState, d: ChooseOption) -> list[str]:
    """The options of a :class:`ChooseOption` now."""
    return [str(x) for x in offered(state, d)]


def cells_of(state: EmpyrealState, d: ChooseHex) -> list[int]:
    """The cells of a :class:`ChooseHex` now."""
    return [int(x) for x in offered(state, d)]


class ChooseOptionHandler(EmpyrealHandler[ChooseOption]):
    """Pick a name; the choice's continuation ``then`` builds the typed step it completes, pushed to run next."""

    def answers(self, state: EmpyrealState, d: ChooseOption) -> Sequence[Any]:
        found = recall_asked(state, d) if d.domain else None
        names = options_of(state, d) if found is None else [str(x) for x in found]
        acts: list[Any] = [interned(Choose, o) for o in names]
        if d.optional:
            acts.append(DONE)
        return acts

    def answer(self, state: EmpyrealState, d: ChooseOption, action: Any) -> None:
        if isinstance(action, Done):
            note_declined(state, d)
            return
        state.pending.append(d.then.step(d.player, action.option))

    def why(self, state: EmpyrealState, d: ChooseOption, action: Any) -> str | None:
        return f"the options are: {', '.join(options_of(state, d)) or 'none'}"


_PICKS: list[Any] = [None, ()]


def _pick_answers(b: Board) -> tuple[PickHex, ...]:
    """The :class:`PickHex` answer of every cell of ``b`` (the shared interned values), by cell."""
    last = _PICKS
    if last[0] is not b:
        last[0], last[1] = b, tuple(interned(PickHex, h) for h in b.hexes)
    return last[1]  # type: ignore[no-any-return]


class ChooseHexHandler(EmpyrealHandler[ChooseHex]):
    """Pick a hex; the choice's continuation ``then`` builds the typed step its cell completes, pushed to run next."""

    def answers(self, state: EmpyrealState, d: ChooseHex) -> Sequence[Any]:
        found = recall_asked(state, d)
        cells = cells_of(state, d) if found is None else [int(x) for x in cast("Sequence[int]", found)]
        table = _pick_answers(board(state))
        acts: list[Any] = [table[c] for c in cells]
        if d.optional:
            acts.append(DONE)
        return acts

    def answer(self, state: EmpyrealState, d: ChooseHex, action: Any) -> None:
        if isinstance(action, Done):
            note_declined(state, d)
            return
        state.pending.append(d.then.step(d.player, board(state).index[action.hex]))

    def why(self, state: EmpyrealState, d: ChooseHex, action: Any) -> str | None:
        if isinstance(action, PickHex):
            return f"hex {action.hex} is not a legal choice ({d.prompt})"
        return None


class BranchHandler(EmpyrealHandler[Branch]):
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

    def answer(self, state: EmpyrealState, question: Branch, answer: Any) -> None:
        """Push the chosen branch's steps (or note the decline)."""
        if isinstance(answer, Done):
            note_declined(state, question)
        else:
            push(state, question.branches[question.labels.index(answer.option)])

    def why(self, state: EmpyrealState, question: Branch, answer: Any) -> str | None:
        """The labels on offer."""
        return f"the options are: {', '.join(question.labels)}"
