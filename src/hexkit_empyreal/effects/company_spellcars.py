"""The printed Company Spellcars of the Captain table (one per Company).

Source: rulebook, Captains and Their Company Spellcars.
"""

from __future__ import annotations

import attrs

from hexkit_empyreal.actions import BuildOnLastWasteland, BuildTrack
from hexkit_empyreal.data import WASTELAND
from hexkit_empyreal.effects import verbs as v
from hexkit_empyreal.effects.registry import EffectContext, Steps, effect
from hexkit_empyreal.rules.dispatch import runs
from hexkit_empyreal.state import EmpyrealState

__all__: list[str] = []


@effect("Afterworld Express Spellcar")
def afterworld(ctx: EffectContext) -> Steps:
    """Move a Good from a hex next to an In-Network hex into it (inherent 1)."""
    return [v.move_good_into(ctx)]


@effect("Caterpillar Conveyance Consortium Spellcar")
def caterpillar(ctx: EffectContext) -> Steps:
    """Build Track on any terrain except Wasteland (inherent 1)."""
    return [v.build_track(ctx, v.ANY_TERRAIN)]


@effect("Gesselheim Imperial Spellcar")
def gesselheim(ctx: EffectContext) -> Steps:
    """Place Wasteland, then Build Track on that Wasteland."""
    ctx.state.turn.flags.pop("last_wasteland", None)
    return [v.place_wasteland(ctx), BuildOnLastWasteland(player=ctx.player, source=ctx.source)]


@runs(BuildOnLastWasteland)
def _build_on_last_wasteland(state: EmpyrealState, o: BuildOnLastWasteland) -> Steps | None:
    cell = state.turn.flags.pop("last_wasteland", -1)
    if cell < 0:
        return None
    target = attrs.evolve(v.terrain(WASTELAND), cells=(cell,), label="the Wasteland just placed")
    return [BuildTrack(player=o.player, prompt="build track on the Wasteland just placed, or done", target=target, source=o.source)]


@effect("Golden Sands Company Spellcar")
def golden_sands(ctx: EffectContext) -> Steps:
    """Gain Spellcar."""
    return [v.gain_spellcar(ctx)]


@effect("Kerigan Transcontinental Spellcar")
def kerigan(ctx: EffectContext) -> Steps:
    """Gain Specialist, or Refresh the Captain and Engineer (inherent 1)."""
    return [v.choose(ctx, [("Gain Specialist", [v.gain_specialist(ctx)]), ("Refresh", [v.refresh(ctx)])])]


@effect("Kings' Line Spellcar")
def kings_line(ctx: EffectContext) -> Steps:
    """Gain Mana (inherent 1)."""
    return [v.gain_mana(ctx)]
