"""The six Company Captains and the two Wild Captains.

A Captain is activated in the Activate Specialists phase by exhausting it
(the engine flips it); it is ready again after Administrate or a Refresh
effect. The printed Company Spellcars of the Captain table are registered
by the engine (:mod:`hexkit_empyreal.effects.company_spellcars`).

Abilities with a price or a "destroy a Good for" part are offered only when
they can be paid and both parts can be done (FAQ); the ``available``
predicates say so.

Interpretations (*assumed*):

* Irialandradayamorella's 1 mana pays for either choice.
* Dolores Malephaise moves the Good onto one of your In-Network hexes
  (a different hex from where it was); a hex holding only a teammate's
  train car counts as free of competitors (Team Variant).

Source: rulebook, Specialist Reference: Captains and Their Company
Spellcars; Wild Captains; Activate Specialists; FAQ.
"""

from __future__ import annotations

from collections.abc import Sequence

from hexkit_empyreal.actions import (
    CarDestinations,
    ChooseHex,
    ChooseOption,
    DoloresColour,
    DoloresColourThen,
    DoloresSource,
    DoloresSourceThen,
    DoloresSources,
    DoloresTarget,
    DoloresTargetThen,
    MarcinaeColour,
    MarcinaeColourThen,
    MarcinaeMove,
    MarcinaeMoveThen,
    MarcinaeSource,
    MarcinaeSourceThen,
    MarcinaeSources,
    NetworkExcept,
)
from hexkit_empyreal.data import WASTELAND
from hexkit_empyreal.effects import unique_verbs as u
from hexkit_empyreal.effects import verbs as v
from hexkit_empyreal.effects.registry import EffectContext, Steps, effect
from hexkit_empyreal.rules import goods as ledger
from hexkit_empyreal.rules.dispatch import Choice, lists, runs
from hexkit_empyreal.rules.network import has_competitor
from hexkit_empyreal.state import EmpyrealState, bits, board, data

__all__: list[str] = []


@effect("Bartok Kulle")
def bartok_kulle(ctx: EffectContext) -> Steps:
    """Either Build Track on a Wasteland, or Place Wasteland keeping the destroyed Goods on the folio.

    Source: rulebook, Captains, Bartok Kulle.
    """
    return [
        v.choose(
            ctx,
            [
                ("Build Track on Wasteland", [v.build_track(ctx, v.terrain(WASTELAND))]),
                ("Place Wasteland", [v.place_wasteland(ctx, to_folio=True)]),
            ],
        )
    ]


def _dolores_ok(ctx: EffectContext) -> bool:
    return ctx.me.mana >= data(ctx.state).effects.dolores_malephaise_mana and bool(_dolores_sources(ctx.state, ctx.player, first=True))


def _dolores_sources(state: EmpyrealState, player: int, *, first: bool = False) -> list[int]:
    net = state.players[player].net
    cars = state.cars
    out = []
    for c, goods in enumerate(state.goods):
        if not goods or not net & ~(1 << c):
            continue
        if cars[c] and has_competitor(state, player, c):
            continue
        out.append(c)
        if first:
            break
    return out


@effect("Dolores Malephaise", available=_dolores_ok)
def dolores_malephaise(ctx: EffectContext) -> Steps:
    """Pay 1 mana: move a Good from any hex without a competitor train car onto one of your In-Network hexes.

    Source: rulebook, Captains, Dolores Malephaise.
    """
    return [
        u.pay_then(
            ctx.player,
            data(ctx.state).effects.dolores_malephaise_mana,
            [
                ChooseHex(
                    player=ctx.player, prompt="choose the hex to take a Good from", domain=DoloresSources(),
                    then=DoloresSourceThen(),
                )
            ],
            ctx.source,
        )
    ]


@lists(DoloresSources)
def _dolores_sources_domain(state: EmpyrealState, domain: DoloresSources, d: Choice) -> Sequence[int]:
    return _dolores_sources(state, d.player)


@runs(DoloresSource)
def _dolores_source(state: EmpyrealState, o: DoloresSource) -> Steps | None:
    return [
        ChooseHex(
            player=o.player, prompt="choose the In-Network hex to move the Good to", domain=NetworkExcept(),
            then=DoloresTargetThen(source=o.source),
        )
    ]


@lists(NetworkExcept)
def _network_except(state: EmpyrealState, domain: NetworkExcept, d: Choice) -> Sequence[int]:
    then = d.then
    if not isinstance(then, DoloresTargetThen):
        return ()  # refused at load (integrity): NetworkExcept reads a DoloresTargetThen
    skip = then.source
    return [c for c in bits(state.players[d.player].net) if c != skip]


@runs(DoloresTarget)
def _dolores_target(state: EmpyrealState, o: DoloresTarget) -> Steps | None:
    source, target = o.source, o.target
    colours = sorted(set(state.goods[source]))
    if len(colours) > 1:
        names = data(state).colours
        return [
            ChooseOption(
                player=o.player, prompt="choose the Good to move", options=tuple(names[c] for c in colours),
                then=DoloresColourThen(source=source, target=target),
            )
        ]
    u.move_good(state, o.player, source, target, colours[0])
    return None


@runs(DoloresColour)
def _dolores_colour(state: EmpyrealState, o: DoloresColour) -> Steps | None:
    u.move_good(state, o.player, o.source, o.target, data(state).colour_index(o.colour))
    return None


def _marcinae_sources(state: EmpyrealState, player: int) -> list[int]:
    goods = state.goods
    return [c for c in bits(state.players[player].net) if goods[c] and u.car_destinations(state, player, c)]


def _marcinae_ok(ctx: EffectContext) -> bool:
    goods = ctx.state.goods
    return any(goods[c] and u.car_destinations(ctx.state, ctx.player, c) for c in bits(ctx.me.net))


@effect("Marcinae Ayle Shorec", available=_marcinae_ok)
def marcinae_ayle_shorec(ctx: EffectContext) -> Steps:
    """Return a Good from one of your In-Network hexes to move your train car there to a neighbouring hex.

    Offered only when some In-Network hex has both a Good and a legal hex
    for the train car to go to (FAQ: both parts must be possible).

    Source: rulebook, Captains, Marcinae Ayle Shorec; FAQ.
    """
    return [
        ChooseHex(
            player=ctx.player, prompt="choose the In-Network hex (its Good goes back, its train car moves)",
            domain=MarcinaeSources(), then=MarcinaeSourceThen(),
        )
    ]


@lists(MarcinaeSources)
def _marcinae_sources_domain(state: EmpyrealState, domain: MarcinaeSources, d: Choice) -> Sequence[int]:
    return _marcinae_sources(state, d.player)


@runs(MarcinaeSource)
def _marcinae_source(state: EmpyrealState, o: MarcinaeSource) -> Steps | None:
    cell = o.cell
    colours = sorted(set(state.goods[cell]))
    if len(colours) > 1:
        names = data(state).colours
        return [
            ChooseOption(
                player=o.player, prompt="choose the Good to return", options=tuple(names[c] for c in colours),
                then=MarcinaeColourThen(cell=cell),
            )
        ]
    return [_marcinae_where(o.player, cell, colours[0])]


@runs(MarcinaeColour)
def _marcinae_colour(state: EmpyrealState, o: MarcinaeColour) -> Steps | None:
    return [_marcinae_where(o.player, o.cell, data(state).colour_index(o.colour))]


def _marcinae_where(player: int, cell: int, colour: int) -> ChooseHex:
    return ChooseHex(
        player=player, prompt="choose where the train car moves", domain=CarDestinations(),
        then=MarcinaeMoveThen(colour=colour, source=cell),
    )


@runs(MarcinaeMove)
def _marcinae_move(state: EmpyrealState, o: MarcinaeMove) -> Steps | None:
    colour, source, target = o.colour, o.source, o.target
    ledger.cell_to_supply(state, source, colour)
    state.note(o.player, f"returned a {u.colour_name(state, colour)} Good from {board(state).hexes[source]} to the supply")
    u.move_car(state, o.player, source, target)
    return None


@effect("Rayleigh Kerigan")
def rayleigh_kerigan(ctx: EffectContext) -> Steps | None:
    """This turn the Conductor moves one to three spaces for free and four for 2 mana.

    Source: rulebook, Captains, Rayleigh Kerigan.
    """
    turn = ctx.state.turn
    mine = data(ctx.state).effects.rayleigh_kerigan_move_costs
    turn.move_costs = tuple(min(a, b) for a, b in zip(turn.move_costs, mine)) if turn.move_costs else mine
    ctx.state.note(ctx.player, f"this turn moving 1-3 spaces is free and 4 spaces cost {mine[3]} mana")
    return None


@effect("Runika Zenanen")
def runika_zenanen(ctx: EffectContext) -> Steps:
    """Reclaim 5 mana.

    Source: rulebook, Captains, Runika Zenanen; Activate Specialists (example).
    """
    return [v.reclaim(ctx, data(ctx.state).effects.runika_zenanen_reclaim)]


@effect("Seth Cremmul")
def seth_cremmul(ctx: EffectContext) -> Steps | None:
    """This turn every Spellcar activation is free, inherent costs included.

    Source: rulebook, Captains, Seth Cremmul.
    """
    turn = ctx.state.turn
    turn.activation_costs = (0, 0, 0)
    turn.ignore_inherent = True
    ctx.state.note(ctx.player, "this turn Spellcar activations are free and inherent costs are ignored")
    return None


def _paid(ctx: EffectContext) -> bool:
    return ctx.me.mana >= data(ctx.state).effects.irialandradayamorella_mana


@effect("Irialandradayamorella", available=_paid)
def irialandradayamorella(ctx: EffectContext) -> Steps:
    """Pay 1 mana, then Gain Specialist or Build Track on a non-Wasteland hex next to a City.

    Source: rulebook, Wild Captains, Irialandradayamorella.
    """
    return [
        u.pay_then(
            ctx.player,
            data(ctx.state).effects.irialandradayamorella_mana,
            [
                v.choose(
                    ctx,
                    [
                        ("Gain Specialist", [v.gain_specialist(ctx)]),
                        ("Build Track next to a City", [v.build_track(ctx, v.NEAR_CITY)]),
                    ],
                )
            ],
            ctx.source,
        )
    ]


@effect("Trias Blackwind")
def trias_blackwind(ctx: EffectContext) -> Steps:
    """Either Build Track on your Home Terrain, or Refresh your Engineer.

    Source: rulebook, Wild Captains, Trias Blackwind.
    """
    return [
        v.choose(
            ctx,
            [
                ("Build Track on Home Terrain", [v.build_track(ctx, v.home(ctx))]),
                ("Refresh Engineer", [v.refresh(ctx, captain=False)]),
            ],
        )
    ]
