"""How Empyreal's answers look to a frontend (the core's ``present_answer`` hook).

Hex answers (:class:`~hexkit_empyreal.actions.Build`, ``PickHex``,
``PickGood``, ``DeliverTo``) and ``Done`` are read by
:func:`hexkit.present.present` from their fields; this module adds what the
fields do not say: taking or activating a Spellcar names the Spellcar and its
mana cost (a component answer), hiring a Specialist names it.

Source: rulebook, "Gain Spellcar", "Activate Spellcars", "Specialists".
"""

from __future__ import annotations

from typing import Any

from hexkit.flow.answers import ComponentRef
from hexkit.present import AnswerInfo
from hexkit_empyreal.actions import Activate, Choose, TakeSpellcar, UseSpecialist
from hexkit_empyreal.state import EmpyrealState, data

__all__ = ["present_answer"]


def present_answer(state: EmpyrealState, action: Any) -> AnswerInfo | None:
    """Kind, label and component of an Empyreal answer; ``None`` to let the core decide.

    Args:
        state: the state or the mover's view.
        action: a legal answer to the pending decision.

    Returns:
        An :class:`~hexkit.present.AnswerInfo` for Spellcar and Specialist
        answers, ``None`` for the rest.
    """
    if isinstance(action, Activate):
        return AnswerInfo("component", str(action), component=ComponentRef("spellcar", action.spellcar))
    if isinstance(action, UseSpecialist):
        return AnswerInfo("component", str(action), component=ComponentRef("specialist", action.name))
    if isinstance(action, Choose) and isinstance(state.decision(), TakeSpellcar):
        spec = data(state).spellcars.get(action.option)
        if spec is not None:
            terrains = "/".join(spec.terrains)
            text = f"take {spec.name}" + (f" ({terrains})" if terrains and terrains not in spec.id else "")
            if spec.id != spec.name and spec.id not in text:
                text = f"take {spec.id}"
            return AnswerInfo("component", f"{text}, cost {spec.cost} mana",
                              component=ComponentRef("spellcar", spec.id))
    return None


def private_info(view: EmpyrealState, seat: int) -> list[str]:
    """Lines about ``seat``'s hidden things: the Specialists only it is choosing among.

    Empyreal is open information apart from face-down stacks; a seat sees
    a stack only while it chooses from it (the pending question's answers).

    Args:
        view: ``game.view(state, seat)``.
        seat: the seat.

    Returns:
        Readable lines; ``[]`` when the seat holds nothing hidden.
    """
    return []
