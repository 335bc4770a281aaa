"""Face-down tiles drawn into a pending question: hidden from the other seats.

Aella Ivaline Oran'hei draws the top three Station Masters of the face-down
stack and asks her owner to keep one. Until the choice is made the three
names are known only to the player choosing; the other seats' views see as
many placeholders. A sample built for a search puts the names back from
the sampled stack, so the question stays consistent with it; the chooser's own sample
keeps the names it saw on top of its stack.

Source: rulebook, Surveyors (Aella Ivaline Oran'hei); Setting Up the Game
(the Specialist stacks are face-down).
"""

from __future__ import annotations

import attrs
from hexkit.game import Decision

from hexkit_empyreal.actions import AellaKeepThen, ChooseOption, OptionThen
from hexkit_empyreal.config import OPEN
from hexkit_empyreal.state import EmpyrealState

__all__ = ["DRAWS", "hide_drawn", "pin_drawn", "resample_drawn"]

DRAWS: dict[type[OptionThen], int] = {AellaKeepThen: 2}
"""The continuation of a question whose options were drawn face-down, by
type -> the Specialist stack they were drawn from (2: Station Masters)."""


def _stack_of(d: Decision) -> int | None:
    """The stack a pending question's options were drawn from, or ``None`` (not a draw)."""
    if not isinstance(d, ChooseOption):
        return None
    return DRAWS.get(type(d.then))


def _is_draw(d: Decision) -> bool:
    return _stack_of(d) is not None


def hide_drawn(state: EmpyrealState, player: int, hidden: str) -> None:
    """Replace the drawn names of other seats' pending questions by ``hidden``.

    Args:
        state: the view being redacted (changed in place).
        player: the seat the view is for; its own questions keep their names.
        hidden: the placeholder name of a face-down tile.
    """
    if OPEN in state.config.variants:
        return  # the stacks are face-up: anyone can read the top three
    state.pending = [
        attrs.evolve(d, options=(hidden,) * len(d.options))
        if _is_draw(d) and d.player != player and isinstance(d, ChooseOption)
        else d
        for d in state.pending
    ]


def pin_drawn(view: EmpyrealState, hidden: str) -> None:
    """Write the names of the viewer's own drawn question on top of its stack.

    The drawn tiles are still on the stack until one is kept; writing them
    there before the stack is resampled keeps a sample from dealing them
    elsewhere (into the box, say).

    Args:
        view: a view about to be determinized (changed in place).
        hidden: the placeholder name of a face-down tile.
    """
    for d in view.pending:
        kind = _stack_of(d)
        if kind is not None and isinstance(d, ChooseOption) and d.options and hidden not in d.options:
            stack = view.stacks[kind]
            top = len(stack) - len(d.options)
            if top >= 0 and hidden in stack[top:] and all(n in (hidden, *d.options) for n in stack[top:]):
                stack[top:] = list(d.options)


def resample_drawn(sample: EmpyrealState, hidden: str) -> None:
    """Give hidden drawn questions of a sample the names on top of its stack.

    Args:
        sample: a determinized view (changed in place); its stacks hold names.
        hidden: the placeholder name of a face-down tile.
    """
    fixed: list[Decision] = []
    for d in sample.pending:
        kind = _stack_of(d)
        if kind is not None and isinstance(d, ChooseOption) and hidden in d.options:
            top = sample.stacks[kind][-len(d.options):]
            d = attrs.evolve(d, options=tuple(sorted(set(top))))
        fixed.append(d)
    sample.pending = fixed
