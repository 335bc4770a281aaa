"""End of the Line: the mandatory Upgrade, then back to Start.

After the optional delivery the player must choose one Upgrade, even if it
gives nothing: Gain Mana and Reclaim Mana; Gain Specialist and Refresh;
Gain Spellcar twice (the Market is wiped between the two gains if only two
remain). Then the Conductor returns to Start and the turn ends.

Source: rulebook, End of the Line; Upgrade.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hexkit_empyreal.actions import Refresh, ReturnToStart, auto
from hexkit_empyreal.actions import Choose, UpgradeChoice, interned
from hexkit_empyreal.effects.registry import Steps, push
from hexkit_empyreal.rules import mana
from hexkit_empyreal.rules.dispatch import EmpyrealHandler, runs
from hexkit_empyreal.rules.railyard import gain_spellcar_steps
from hexkit_empyreal.rules.specialists import gain_specialist_steps
from hexkit_empyreal.state import EmpyrealState
from hexkit_empyreal.state import tally

__all__ = ["UPGRADES"]

UPGRADES = ("Gain Mana and Reclaim Mana", "Gain Specialist and Refresh", "Gain Spellcar twice")


class UpgradeHandler(EmpyrealHandler[UpgradeChoice]):
    """Choose one of the three Upgrades."""

    def answers(self, state: EmpyrealState, d: UpgradeChoice) -> Sequence[Any]:
        return [interned(Choose, u) for u in UPGRADES]

    def answer(self, state: EmpyrealState, d: UpgradeChoice, action: Any) -> None:
        p = d.player
        tally(state, "upgrades", p)
        state.note(p, f"{state.players[p].company} upgraded: {action.option}")
        if action.option == UPGRADES[0]:
            ps = state.players[p]
            before = ps.mana
            gained = mana.gain(state, p, 1)
            reclaimed = mana.reclaim(state, p)
            state.note(
                p, f"{ps.company} gained {gained} mana and reclaimed {reclaimed} ({mana.before_after(before, ps.mana)})"
            )
        elif action.option == UPGRADES[1]:
            push(state, [*gain_specialist_steps(p), auto(Refresh, p)])
        else:
            push(state, [*gain_spellcar_steps(p), *gain_spellcar_steps(p)])

    def why(self, state: EmpyrealState, d: UpgradeChoice, action: Any) -> str | None:
        return f"the Upgrades are: {', '.join(UPGRADES)}"


@runs(Refresh)
def _refresh(state: EmpyrealState, o: Refresh) -> Steps | None:
    mana.refresh(state, o.player, captain=o.captain, engineer=o.engineer)
    return None


@runs(ReturnToStart)
def _return_to_start(state: EmpyrealState, o: ReturnToStart) -> Steps | None:
    state.players[o.player].conductor = 0
    return None
