"""The six common Spellcar kinds (six tiles each) and the printed Company Spellcars.

Every common kind builds on the terrains printed on its tile
(``ctx.spec.terrains``):

* Build on Two: build on each shown terrain, in the order you choose
  (inherent 2).
* Free City & Wasteland Transfer: build on the terrain; one City and one
  Wasteland Transfer of this build are free.
* Free Competitor Transfer: build on the terrain; one Competitor Transfer
  of this build is free.
* Pick One of Three (inherent 1) / Pick One of Two: build on one of the
  shown terrains.
* Reclaim Mana: build on the terrain, then Reclaim 1 mana.

Source: rulebook, Spellcar Reference (Common Spellcars); Captains and Their
Company Spellcars.
"""

from __future__ import annotations

from hexkit_empyreal.data import TERRAINS
from hexkit_empyreal.effects import verbs as v
from hexkit_empyreal.effects.registry import EffectContext, Steps, effect
from hexkit_empyreal.state import data

__all__: list[str] = []


def _terrains(ctx: EffectContext) -> tuple[int, ...]:
    if ctx.spec is None or not ctx.spec.terrains:
        raise ValueError(f"{ctx.source} needs terrains on its Spellcar data")
    return ctx.spec.terrain_ids


@effect("Build on Two")
def build_on_two(ctx: EffectContext) -> Steps:
    """Build on each of the two shown terrains, in either order."""
    a, b = _terrains(ctx)[:2]
    return [
        v.choose(
            ctx,
            [
                (f"{TERRAINS[a]} first", [v.build_track(ctx, v.terrain(a)), v.build_track(ctx, v.terrain(b))]),
                (f"{TERRAINS[b]} first", [v.build_track(ctx, v.terrain(b)), v.build_track(ctx, v.terrain(a))]),
            ],
        )
    ]


@effect("Free City & Wasteland Transfer")
def free_city_wasteland(ctx: EffectContext) -> Steps:
    """Build on the terrain with one free City and one free Wasteland Transfer."""
    return [v.build_track(ctx, v.terrain(*_terrains(ctx)), free_city=True, free_wasteland=True)]


@effect("Free Competitor Transfer")
def free_competitor(ctx: EffectContext) -> Steps:
    """Build on the terrain with one free Competitor Transfer."""
    return [v.build_track(ctx, v.terrain(*_terrains(ctx)), free_competitor=True)]


@effect("Pick One of Three")
def pick_one_of_three(ctx: EffectContext) -> Steps:
    """Build on one of the three shown terrains."""
    return [v.build_track(ctx, v.terrain(*_terrains(ctx)))]


@effect("Pick One of Two")
def pick_one_of_two(ctx: EffectContext) -> Steps:
    """Build on one of the two shown terrains."""
    return [v.build_track(ctx, v.terrain(*_terrains(ctx)))]


@effect("Reclaim Mana")
def reclaim_mana(ctx: EffectContext) -> Steps:
    """Build on the terrain, then Reclaim 1 mana (``effects.reclaim_mana_reclaim``)."""
    return [v.build_track(ctx, v.terrain(*_terrains(ctx))), v.reclaim(ctx, data(ctx.state).effects.reclaim_mana_reclaim)]
