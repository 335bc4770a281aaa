"""Gain Specialist and the Specialist Market.

Choose a Specialist type you do not have yet, pick up that whole stack,
keep one face-up and return the rest face-down. With no room (you have one
of each type, or the stack is empty) the gain is lost.

Not modelled: the rulebook's courtesy rule that lets others play on while a
player thinks about the stack (the choice is made at once here).

Source: rulebook, Upgrade (Gain Specialist); Setting Up the Game (Specialist Market).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hexkit.components import Deck, EmptyPolicy

from hexkit_empyreal.actions import GainSpecialist, auto
from hexkit_empyreal.actions import (
    DONE,
    Choose,
    ChooseSpecialist,
    ChooseSpecialistType,
    Done,
    interned,
)
from hexkit_empyreal.data import SPECIALIST_TYPES
from hexkit_empyreal.effects.registry import Steps
from hexkit_empyreal.rules.dispatch import EmpyrealHandler, runs
from hexkit_empyreal.state import REV_STACKS, EmpyrealState, touch, touch_folio
from hexkit_empyreal.state import tally

__all__ = ["has_type", "specialist_stack", "open_types", "gain_specialist_steps", "take_specialist"]


def has_type(state: EmpyrealState, player: int, t: int) -> bool:
    """Whether ``player``'s slot of type ``t`` (0 Engineer, 1 Surveyor, 2 Station Master) is filled.

    A Station Master that Aella Ivaline Oran'hei put over the Surveyor
    (``PlayerState.over_surveyor``) sits in the Surveyor slot, not in the
    Station Master slot.

    Source: rulebook, Upgrade (Gain Specialist: "a type you do not have
    yet"); Surveyors, Aella Ivaline Oran'hei ("put it into play over Aella").
    """
    ps = state.players[player]
    if t == 0:
        return bool(ps.engineer)
    if t == 1:
        return bool(ps.surveyor)
    sms = ps.station_masters
    return len(sms) > (1 if ps.over_surveyor and ps.over_surveyor in sms else 0)


def specialist_stack(state: EmpyrealState, t: int) -> Deck[str]:
    """The face-down stack of type ``t`` as a core :class:`~hexkit.components.Deck`.

    A view over the state's own list (``stacks[t]``, top last; changing the
    deck changes the state). A stack never refills: the Specialists left in
    the box at set-up are out of the game (policy ``STOP``).

    Source: rulebook, Setting Up the Game (Specialist Market).
    """
    return Deck(state.stacks[t], [], EmptyPolicy.STOP)


def open_types(state: EmpyrealState, player: int) -> list[int]:
    """Types ``player`` may gain now."""
    return [t for t in range(3) if state.stacks[t] and not has_type(state, player, t)]


def gain_specialist_steps(player: int) -> Steps:
    """Steps of one Gain Specialist."""
    return [auto(GainSpecialist, player)]


def take_specialist(state: EmpyrealState, player: int, t: int, name: str) -> None:
    """Put ``name`` (of type ``t``) face-up on ``player``'s folio."""
    ps = state.players[player]
    if t == 0:
        ps.engineer, ps.engineer_ready = name, True
    elif t == 1:
        ps.surveyor, ps.surveyor_used = name, False
    else:
        ps.station_masters.append(name)
    touch_folio(state, player)
    tally(state, "specialists_hired", player)
    state.note(player, f"{ps.company} gained the {SPECIALIST_TYPES[t]} {name}")


@runs(GainSpecialist)
def _gain_specialist(state: EmpyrealState, o: GainSpecialist) -> Steps | None:
    if not open_types(state, o.player):
        state.note(o.player, f"{state.players[o.player].company} has no room for a Specialist; the gain is lost")
        return None
    return [ChooseSpecialistType(player=o.player, prompt="choose a Specialist type")]


class ChooseTypeHandler(EmpyrealHandler[ChooseSpecialistType]):
    """Choose the stack to pick up, or decline."""

    def answers(self, state: EmpyrealState, d: ChooseSpecialistType) -> Sequence[Any]:
        acts: list[Any] = [interned(Choose, SPECIALIST_TYPES[t]) for t in open_types(state, d.player)]
        acts.append(DONE)
        return acts

    def answer(self, state: EmpyrealState, d: ChooseSpecialistType, action: Any) -> None:
        if isinstance(action, Done):
            return
        t = SPECIALIST_TYPES.index(action.option)
        state.pending.append(ChooseSpecialist(player=d.player, prompt=f"choose a {action.option}", kind=t))

    def why(self, state: EmpyrealState, d: ChooseSpecialistType, action: Any) -> str | None:
        if isinstance(action, Choose) and action.option in SPECIALIST_TYPES:
            t = SPECIALIST_TYPES.index(action.option)
            if has_type(state, d.player, t):
                return f"you already have a {action.option}; you can only have one of each type"
            return f"the {action.option} stack is empty"
        return None


class ChooseSpecialistHandler(EmpyrealHandler[ChooseSpecialist]):
    """Keep one Specialist of the picked-up stack; the rest go back face-down."""

    def answers(self, state: EmpyrealState, d: ChooseSpecialist) -> Sequence[Any]:
        return [interned(Choose, n) for n in sorted(set(state.stacks[d.kind]))]

    def answer(self, state: EmpyrealState, d: ChooseSpecialist, action: Any) -> None:
        specialist_stack(state, d.kind).remove(action.option)
        touch(state, REV_STACKS)
        take_specialist(state, d.player, d.kind, action.option)

    def why(self, state: EmpyrealState, d: ChooseSpecialist, action: Any) -> str | None:
        return "that Specialist is not in the stack you picked up"
