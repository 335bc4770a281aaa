"""Generic choices the effects are built from: pick a name, pick a hex, pick a branch.

Source: DESIGN.md (turns are sequences of small decisions).
"""

from __future__ import annotations

from typing import Any

from hexkit_empyreal.actions import (
    DONE,
    Branch,
    Choose,
    ChooseHex,
    ChooseOption,
    Done,
    Op,
    PickHex,
    decode_steps,
    interned,
)
from hexkit_empyreal.effects.registry import get_domain, push
from hexkit_empyreal.rules.declines import note_declined
from hexkit_empyreal.rules.dispatch import Handler, handles
from hexkit_empyreal.state import EmpyrealState, board

__all__ = ["options_of", "cells_of"]


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
        state.pending.append(Op(player=d.player, op=d.then, ints=d.ints, strs=d.strs + (action.option,)))

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
        state.pending.append(Op(player=d.player, op=d.then, ints=d.ints + (cell,), strs=d.strs))

    @staticmethod
    def explain(state: EmpyrealState, d: ChooseHex, action: Any) -> str | None:
        if isinstance(action, PickHex):
            return f"hex {action.hex} is not a legal choice ({d.prompt})"
        return None


@handles(Branch)
class BranchHandler(Handler):
    """Pick one labelled sequence of steps."""

    @staticmethod
    def actions(state: EmpyrealState, d: Branch) -> list[Any]:
        acts: list[Any] = [interned(Choose, label) for label in d.labels]
        if d.optional:
            acts.append(DONE)
        return acts

    @staticmethod
    def perform(state: EmpyrealState, d: Branch, action: Any) -> None:
        if isinstance(action, Done):
            note_declined(state, d)
            return
        push(state, decode_steps(d.branches[d.labels.index(action.option)]))

    @staticmethod
    def explain(state: EmpyrealState, d: Branch, action: Any) -> str | None:
        return f"the options are: {', '.join(d.labels)}"
