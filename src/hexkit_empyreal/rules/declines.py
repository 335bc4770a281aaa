"""Log lines for questions that end without effect: declined, or nothing to choose.

A Spellcar or Specialist whose question is declined, or whose question has
no answer, would otherwise leave its activation line in the log with
nothing after it; these lines say what happened instead.

Source: rulebook, Activate Spellcars (effects are optional where they say
"may"); hexkit log conventions.
"""

from __future__ import annotations

from hexkit.game import Decision

from hexkit_empyreal.actions import Done
from hexkit_empyreal.state import EmpyrealState

__all__ = ["note_declined", "note_nothing_to_choose"]


def _what(d: Decision) -> str:
    return d.prompt or type(d).__name__


def note_declined(state: EmpyrealState, d: Decision) -> None:
    """Log that ``d`` was answered with Done (declined, or nothing was offered).

    The legal actions cached for this step tell the two apart; without a
    cache the answer is logged as declined.
    """
    who = state.players[d.player].company
    cached = state._legal
    if cached is not None and cached[0] == state.step and all(isinstance(a, Done) for a in cached[1]):
        state.note(d.player, f"{who} had nothing to choose ({_what(d)})")
    else:
        state.note(d.player, f"{who} declined ({_what(d)})")


def note_nothing_to_choose(state: EmpyrealState, d: Decision) -> None:
    """Log that a required question was skipped because it has no answer."""
    state.note(d.player, f"{state.players[d.player].company} had nothing to choose ({_what(d)})")
