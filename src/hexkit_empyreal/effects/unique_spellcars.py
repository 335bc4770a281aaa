"""The 31 unique Spellcars, one registered effect each.

Each effect is a short list of steps built from the shared verbs
(:mod:`hexkit_empyreal.effects.verbs` and
:mod:`hexkit_empyreal.effects.unique_verbs`). A Spellcar is always
activatable once paid for; an effect that finds nothing to act on does
nothing (it is logged). Build Track is never forced (FAQ), so every build
offers "done".

Interpretations where the reference is terse (marked *assumed*):

* Goods placed after a build (Arctic Shocker, Reforester, Terraformer)
  go on the hex just built; if the build is declined, or the supply has no
  such Good (FAQ: do not perform the effect), only that part is skipped.
* Worldspanner builds twice on "any terrain (except Wasteland)", the second
  time on a terrain type other than the first build's.
* Limited Express and Transformer cannot copy themselves (a copy of the
  copy would only copy again); Limited Express copies neighbours of the
  slot of the Spellcar being activated.
* Car Bomb: each competitor discards one Spellcar *tile* (printed Company
  Spellcars cannot leave the folio; a printed one under the discarded
  tile shows again).

Source: rulebook, Spellcar Reference (Unique Spellcars); FAQ.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs
from hexkit.game import Decision

from hexkit_empyreal.actions import (
    BuildTrack,
    ChooseHex,
    ChooseOption,
    ClearLastBuilt,
    CopyEffectThen,
    DiscardTile,
    DiscardTileThen,
    GoodsAround,
    InNetworkGoods,
    MirrorAt,
    MirrorAtThen,
    MirrorCells,
    MirrorColour,
    MirrorColourThen,
    ReturnGoodAtThen,
    SwitchFrom,
    SwitchFromThen,
    SwitchMine,
    SwitchTheirs,
    SwitchTo,
    SwitchToThen,
    SwitchWith,
    SwitchWithThen,
    TilesOf,
    TransmuteAt,
    TransmuteAtThen,
    TransmuteDo,
    TransmuteDoThen,
    TransmuteFrom,
    TransmuteFromThen,
    VexxerReturn,
    WorldspannerSecond,
)
from hexkit_empyreal.data import FOREST, GLACIER, LAKE, LAVA, MOUNTAIN, TERRAINS, WASTELAND, DESERT
from hexkit_empyreal.effects import verbs as v
from hexkit_empyreal.effects import unique_verbs as u
from hexkit_empyreal.effects.registry import EffectContext, Steps, effect
from hexkit_empyreal.rules import goods as ledger
from hexkit_empyreal.rules.dispatch import Choice, lists, runs
from hexkit_empyreal.rules.network import is_competitor
from hexkit_empyreal.rules.railyard import discard_spellcar, slot_index, slot_label
from hexkit_empyreal.state import EmpyrealState, bits, board, data, touch_folio

__all__: list[str] = []


def _none(ctx: EffectContext, why: str) -> None:
    ctx.state.note(ctx.player, f"{ctx.source} has no effect: {why}")


# ------------------------------------------------------------ build only
@effect("Deep One")
def deep_one(ctx: EffectContext) -> Steps:
    """Build Track on a Mountain hex anywhere on the map (Global).

    Source: rulebook, Unique Spellcars, Deep One.
    """
    return [v.build_track(ctx, attrs.evolve(v.terrain(MOUNTAIN), anywhere=True, label="Mountain anywhere"))]


@effect("Follow Through")
def follow_through(ctx: EffectContext) -> Steps:
    """Build Track on a Network-Adjacent hex holding at least one competitor train car.

    Source: rulebook, Unique Spellcars, Follow Through.
    """
    return [v.build_track(ctx, v.COMPETITOR)]


@effect("Horizon Chaser")
def horizon_chaser(ctx: EffectContext) -> Steps:
    """Build Track on a map-edge hex of any terrain but Wasteland.

    Source: rulebook, Unique Spellcars, Horizon Chaser.
    """
    return [v.build_track(ctx, v.EDGE)]


@effect("Metro")
def metro(ctx: EffectContext) -> Steps:
    """Build Track on a non-Wasteland hex next to a City.

    Source: rulebook, Unique Spellcars, Metro.
    """
    return [v.build_track(ctx, v.NEAR_CITY)]


@effect("Suburban Express")
def suburban_express(ctx: EffectContext) -> Steps:
    """Build Track on a non-Wasteland hex next to a City or a Wasteland.

    Source: rulebook, Unique Spellcars, Suburban Express.
    """
    return [v.build_track(ctx, v.NEAR_CITY_OR_WASTELAND)]


@effect("Pollution Solution")
def pollution_solution(ctx: EffectContext) -> Steps:
    """Build Track on a Wasteland, twice.

    Source: rulebook, Unique Spellcars, Pollution Solution.
    """
    return [v.build_track(ctx, v.terrain(WASTELAND)), v.build_track(ctx, v.terrain(WASTELAND))]


@effect("Worldspanner")
def worldspanner(ctx: EffectContext) -> Steps:
    """Build Track twice, on two different terrain types (Wasteland excluded: assumed).

    Source: rulebook, Unique Spellcars, Worldspanner.
    """
    ctx.state.turn.last_built = -1
    return [v.build_track(ctx, v.ANY_TERRAIN), WorldspannerSecond(player=ctx.player, source=ctx.source)]


@runs(WorldspannerSecond)
def _worldspanner_second(state: EmpyrealState, o: WorldspannerSecond) -> Steps | None:
    first = state.turn.last_built
    terrains = tuple(range(6))
    if first >= 0:
        terrains = tuple(t for t in terrains if t != state.terrain[first])
    label = "a terrain other than " + TERRAINS[state.terrain[first]] if first >= 0 else "any terrain (except Wasteland)"
    target = attrs.evolve(v.ANY_TERRAIN, terrains=terrains, label=label)
    return [BuildTrack(player=o.player, prompt=f"build track on {label}, or done", target=target, source=o.source)]


# ------------------------------------------------------------ build and more
@effect("Liquid Purifier")
def liquid_purifier(ctx: EffectContext) -> Steps:
    """Build Track on Lake, and Gain Mana.

    Source: rulebook, Unique Spellcars, Liquid Purifier.
    """
    return [v.build_track(ctx, v.terrain(LAKE)), v.gain_mana(ctx)]


@effect("Spice Convoy")
def spice_convoy(ctx: EffectContext) -> Steps:
    """Build Track on Desert, and Refresh the Engineer.

    Source: rulebook, Unique Spellcars, Spice Convoy.
    """
    return [v.build_track(ctx, v.terrain(DESERT)), v.refresh(ctx, captain=False)]


def _build_then_good(ctx: EffectContext, where: int, colour: int | None) -> Steps:
    ctx.state.turn.last_built = -1
    return [v.build_track(ctx, v.terrain(where)), v.place_good(ctx, v.LAST_BUILT, colour)]


@effect("Arctic Shocker")
def arctic_shocker(ctx: EffectContext) -> Steps:
    """Build Track on Glacier, then put a Good of any colour from the supply on that hex.

    Source: rulebook, Unique Spellcars, Arctic Shocker.
    """
    return _build_then_good(ctx, GLACIER, None)


@effect("Terraformer")
def terraformer(ctx: EffectContext) -> Steps:
    """Build Track on Wasteland, then put a Good of any colour from the supply on that hex.

    Source: rulebook, Unique Spellcars, Terraformer.
    """
    return _build_then_good(ctx, WASTELAND, None)


@effect("Reforester")
def reforester(ctx: EffectContext) -> Steps:
    """Twice: Build Track on Forest, then put a green Heartwood Good from the supply there.

    Source: rulebook, Unique Spellcars, Reforester.
    """
    return [*_build_then_good(ctx, FOREST, FOREST), ClearLastBuilt(player=ctx.player), *_build_then_good(ctx, FOREST, FOREST)]


@runs(ClearLastBuilt)
def _clear_last_built(state: EmpyrealState, o: ClearLastBuilt) -> Steps | None:
    state.turn.last_built = -1
    return None


@effect("Volcanic Vexxer")
def volcanic_vexxer(ctx: EffectContext) -> Steps:
    """Build Track on Lava, then return a Good next to that hex to the supply.

    Source: rulebook, Unique Spellcars, Volcanic Vexxer.
    """
    ctx.state.turn.last_built = -1
    return [v.build_track(ctx, v.terrain(LAVA)), VexxerReturn(player=ctx.player)]


@runs(VexxerReturn)
def _vexxer(state: EmpyrealState, o: VexxerReturn) -> Steps | None:
    cell = state.turn.last_built
    if cell < 0:
        return None
    return [
        ChooseHex(
            player=o.player,
            prompt="choose a Good next to the new track to return to the supply",
            domain=GoodsAround(centre=cell),
            then=ReturnGoodAtThen(),
        )
    ]


@lists(GoodsAround)
def _goods_around(state: EmpyrealState, domain: GoodsAround, d: Choice) -> Sequence[int]:
    return [n for n in board(state).neighbours[domain.centre] if state.goods[n]]


# ------------------------------------------------------------ mana, cars, Specialists
@effect("Flow Controller")
def flow_controller(ctx: EffectContext) -> Steps:
    """Reclaim 3 mana.

    Source: rulebook, Unique Spellcars, Flow Controller.
    """
    return [v.reclaim(ctx, data(ctx.state).effects.flow_controller_reclaim)]


@effect("Mana Surger")
def mana_surger(ctx: EffectContext) -> Steps:
    """Gain Mana.

    Source: rulebook, Unique Spellcars, Mana Surger.
    """
    return [v.gain_mana(ctx)]


@effect("Meditation Mecha")
def meditation_mecha(ctx: EffectContext) -> Steps:
    """Gain Spellcar.

    Source: rulebook, Unique Spellcars, Meditation Mecha.
    """
    return [v.gain_spellcar(ctx)]


@effect("The Hypetrain")
def the_hypetrain(ctx: EffectContext) -> Steps:
    """Gain Spellcar, then Gain Spellcar again.

    Source: rulebook, Unique Spellcars, The Hypetrain.
    """
    return [v.gain_spellcar(ctx), v.gain_spellcar(ctx)]


@effect("Gilt Runner")
def gilt_runner(ctx: EffectContext) -> Steps:
    """Either Gain Specialist, or Refresh the Captain and the Engineer.

    Source: rulebook, Unique Spellcars, Gilt Runner.
    """
    return [v.choose(ctx, [("Gain Specialist", [v.gain_specialist(ctx)]), ("Refresh", [v.refresh(ctx)])])]


@effect("Luxury Carriage")
def luxury_carriage(ctx: EffectContext) -> Steps:
    """Either Gain Specialist or Gain Spellcar.

    Source: rulebook, Unique Spellcars, Luxury Carriage.
    """
    return [v.choose(ctx, [("Gain Specialist", [v.gain_specialist(ctx)]), ("Gain Spellcar", [v.gain_spellcar(ctx)])])]


@effect("Refinery Car")
def refinery_car(ctx: EffectContext) -> Steps:
    """Either Gain Specialist or Gain Mana.

    Source: rulebook, Unique Spellcars, Refinery Car.
    """
    return [v.choose(ctx, [("Gain Specialist", [v.gain_specialist(ctx)]), ("Gain Mana", [v.gain_mana(ctx)])])]


@effect("Science Car")
def science_car(ctx: EffectContext) -> Steps:
    """Either Gain Mana or Gain Spellcar.

    Source: rulebook, Unique Spellcars, Science Car.
    """
    return [v.choose(ctx, [("Gain Mana", [v.gain_mana(ctx)]), ("Gain Spellcar", [v.gain_spellcar(ctx)])])]


@effect("Corruption Junction")
def corruption_junction(ctx: EffectContext) -> Steps:
    """Place Wasteland (skipped if impossible), and Gain Mana.

    Source: rulebook, Unique Spellcars, Corruption Junction.
    """
    return [v.place_wasteland(ctx), v.gain_mana(ctx)]


@effect("Searing Supplier")
def searing_supplier(ctx: EffectContext) -> Steps:
    """Deliver a single Good to a Network-Adjacent City (no Demand Tile, no Upgrade).

    Source: rulebook, Unique Spellcars, Searing Supplier; End of the Line
    (Upgrades only at the End of the Line).
    """
    return [v.deliver(ctx, 1)]


# ------------------------------------------------------------ Goods on the map
@effect("Icecar")
def icecar(ctx: EffectContext) -> Steps | None:
    """Return an In-Network Good to the supply, then Gain Mana.

    Both parts must be possible (FAQ): with no In-Network Good, or ten
    mana crystals already, nothing happens. The return may be declined.

    Source: rulebook, Unique Spellcars, Icecar; FAQ (destroy a Good for an effect).
    """
    if not u.network_goods(ctx.state, ctx.player):
        _none(ctx, "no In-Network Good")
        return None
    if not u.can_gain_mana(ctx.state, ctx.player):
        _none(ctx, "no room for more mana, so no Good may be returned")
        return None
    return [u.return_goods_then(ctx.player, 1, [v.gain_mana(ctx)], optional=True)]


@effect("Mirror Box")
def mirror_box(ctx: EffectContext) -> Steps:
    """Copy a Good: on an In-Network hex with a Good, add one of that colour from the supply.

    Source: rulebook, Unique Spellcars, Mirror Box.
    """
    return [mirror(ctx.player)]


def mirror(player: int) -> ChooseHex:
    """The Mirror Box step (also Rixia van Sorrel's)."""
    return ChooseHex(
        player=player, prompt="choose an In-Network hex with a Good to copy", domain=MirrorCells(), then=MirrorAtThen()
    )


@lists(MirrorCells)
def _mirror_cells(state: EmpyrealState, domain: MirrorCells, d: Choice) -> Sequence[int]:
    supply = state.supply
    goods = state.goods
    return [c for c in bits(state.players[d.player].net) if any(supply.can_take(g) for g in goods[c])]


@runs(MirrorAt)
def _mirror_at(state: EmpyrealState, o: MirrorAt) -> Steps | None:
    cell = o.cell
    colours = sorted({g for g in state.goods[cell] if state.supply.count(g) > 0})
    if len(colours) > 1:
        names = data(state).colours
        return [
            ChooseOption(
                player=o.player, prompt="choose the colour to copy", options=tuple(names[c] for c in colours),
                then=MirrorColourThen(cell=cell),
            )
        ]
    if colours:
        _supply_good(state, o.player, cell, colours[0])
    return None


@runs(MirrorColour)
def _mirror_colour(state: EmpyrealState, o: MirrorColour) -> Steps | None:
    _supply_good(state, o.player, o.cell, data(state).colour_index(o.colour))
    return None


def _supply_good(state: EmpyrealState, player: int, cell: int, colour: int) -> None:
    if not ledger.supply_to_cell(state, cell, colour):
        state.note(player, f"no {u.colour_name(state, colour)} Good left in the supply")
        return
    state.note(player, f"placed a {u.colour_name(state, colour)} Good from the supply on {board(state).hexes[cell]}")


@effect("Pollinator")
def pollinator(ctx: EffectContext) -> Steps:
    """Pick an In-Network hex and move a Good from a hex next to it onto it.

    Source: rulebook, Unique Spellcars, Pollinator.
    """
    return [v.move_good_into(ctx)]


@effect("Transmuter")
def transmuter(ctx: EffectContext) -> Steps:
    """Swap an In-Network Good for a Good of another colour from the supply (may be declined).

    Source: rulebook, Unique Spellcars, Transmuter.
    """
    return [
        ChooseHex(
            player=ctx.player, prompt="choose an In-Network Good to replace, or done", domain=InNetworkGoods(),
            then=TransmuteAtThen(), optional=True,
        )
    ]


@runs(TransmuteAt)
def _transmute_at(state: EmpyrealState, o: TransmuteAt) -> Steps | None:
    cell = o.cell
    colours = sorted(set(state.goods[cell]))
    names = data(state).colours
    if len(colours) > 1:
        return [
            ChooseOption(
                player=o.player, prompt="choose the Good to replace", options=tuple(names[c] for c in colours),
                then=TransmuteFromThen(cell=cell),
            )
        ]
    return [_transmute_to(state, o.player, cell, colours[0])]


@runs(TransmuteFrom)
def _transmute_from(state: EmpyrealState, o: TransmuteFrom) -> Steps | None:
    return [_transmute_to(state, o.player, o.cell, data(state).colour_index(o.colour))]


def _transmute_to(state: EmpyrealState, player: int, cell: int, old: int) -> ChooseOption:
    names = data(state).colours
    options = tuple(names[c] for c in range(6) if c != old and state.supply.count(c) > 0)
    return ChooseOption(
        player=player, prompt="choose the new Good from the supply", options=options,
        then=TransmuteDoThen(cell=cell, old=old),
    )


@runs(TransmuteDo)
def _transmute_do(state: EmpyrealState, o: TransmuteDo) -> Steps | None:
    cell, old = o.cell, o.old
    new = data(state).colour_index(o.colour)
    ledger.exchange(state, cell, old, new)  # the choice offered only colours in the supply
    state.note(
        o.player,
        f"replaced a {u.colour_name(state, old)} Good on {board(state).hexes[cell]} with a {u.colour_name(state, new)} one",
    )
    return None


# ------------------------------------------------------------ train cars
@effect("Switching Station")
def switching_station(ctx: EffectContext) -> Steps:
    """Swap one of your train cars with a competitor's train car on a neighbouring hex.

    You may not end on a hex already holding your train car; the
    competitor's car may (the rulebook allows an opponent's effect to do so).

    Source: rulebook, Unique Spellcars, Switching Station; Build Track.
    """
    return [
        ChooseHex(
            player=ctx.player, prompt="choose your train car to swap", domain=SwitchMine(), then=SwitchFromThen(),
        )
    ]


def _switch_partners(state: EmpyrealState, player: int, cell: int) -> list[int]:
    cars = state.cars
    return [
        n for n in board(state).neighbours[cell]
        if player not in cars[n] and any(is_competitor(state, player, o) for o in cars[n])
    ]


@lists(SwitchMine)
def _switch_mine(state: EmpyrealState, domain: SwitchMine, d: Choice) -> Sequence[int]:
    return [c for c in bits(state.players[d.player].net) if _switch_partners(state, d.player, c)]


@runs(SwitchFrom)
def _switch_from(state: EmpyrealState, o: SwitchFrom) -> Steps | None:
    return [
        ChooseHex(
            player=o.player, prompt="choose the neighbouring hex with the competitor's train car",
            domain=SwitchTheirs(), then=SwitchToThen(mine=o.mine),
        )
    ]


@lists(SwitchTheirs)
def _switch_theirs(state: EmpyrealState, domain: SwitchTheirs, d: Choice) -> Sequence[int]:
    then = d.then
    if not isinstance(then, SwitchToThen):
        return ()  # refused at load (integrity): SwitchTheirs reads a SwitchToThen
    return _switch_partners(state, d.player, then.mine)


@runs(SwitchTo)
def _switch_to(state: EmpyrealState, o: SwitchTo) -> Steps | None:
    mine, theirs = o.mine, o.theirs
    others = sorted({s for s in state.cars[theirs] if is_competitor(state, o.player, s)})
    if len(others) > 1:
        names = tuple(state.players[s].company for s in others)
        return [
            ChooseOption(
                player=o.player, prompt="choose whose train car to swap with", options=names,
                then=SwitchWithThen(mine=mine, theirs=theirs),
            )
        ]
    _swap(state, o.player, mine, theirs, others[0])
    return None


@runs(SwitchWith)
def _switch_with(state: EmpyrealState, o: SwitchWith) -> Steps | None:
    other = next(s for s, ps in enumerate(state.players) if ps.company == o.company)
    _swap(state, o.player, o.mine, o.theirs, other)
    return None


def _swap(state: EmpyrealState, player: int, mine: int, theirs: int, other: int) -> None:
    u.move_car(state, player, mine, theirs)
    u.move_car(state, other, theirs, mine)


# ------------------------------------------------------------ competitors' railyards
@effect("Car Bomb")
def car_bomb(ctx: EffectContext) -> Steps | None:
    """Every competitor discards a Spellcar tile of their choice from their railyard.

    Teammates are not competitors. A competitor without tiles discards
    nothing; a printed Company Spellcar under the discarded tile shows again.

    Source: rulebook, Unique Spellcars, Car Bomb; Team Variant.
    """
    steps: list[Decision] = []
    for other in u.competitors(ctx.state, ctx.player):
        steps.append(
            ChooseOption(
                player=other, prompt="Car Bomb: choose a Spellcar to discard", domain=TilesOf(),
                then=DiscardTileThen(),
            )
        )
    return steps


def _tile_slots(state: EmpyrealState, player: int) -> list[int]:
    spells = data(state).spellcars
    ry = state.players[player].railyard
    return [s for s, sid in enumerate(ry) if sid not in ("", "-") and not spells[sid].printed]


@lists(TilesOf)
def _tiles_of(state: EmpyrealState, domain: TilesOf, d: Choice) -> Sequence[str]:
    ry = state.players[d.player].railyard
    return [f"{slot_label(s)} {ry[s]}" for s in _tile_slots(state, d.player)]


@runs(DiscardTile)
def _discard_tile(state: EmpyrealState, o: DiscardTile) -> Steps | None:
    label = o.choice
    slot = slot_index(label[:2])
    ps = state.players[o.player]
    sid = ps.railyard[slot]
    ps.railyard[slot] = u.printed_under(state, o.player, slot)
    touch_folio(state, o.player)
    state.note(o.player, f"{ps.company} discarded {sid} from {label[:2]}")
    discard_spellcar(state, sid)
    return None


# ------------------------------------------------------------ copies
@effect("Limited Express")
def limited_express(ctx: EffectContext) -> Steps | None:
    """Copy the Spellcar immediately left or right of this one in its row, paying its inherent cost.

    Source: rulebook, Unique Spellcars, Limited Express.
    """
    state = ctx.state
    slot = u.current_slot(state)
    if slot < 0:
        _none(ctx, "it is not activated from a railyard slot")
        return None
    ry = ctx.me.railyard
    ids = []
    for side in (slot - 3, slot + 3):
        if 0 <= side < len(ry) and ry[side] not in ("", "-"):
            ids.append(ry[side])
    options = u.copy_candidates(state, ctx.player, ids, budget=ctx.me.mana, exclude="Limited Express")
    if not options:
        _none(ctx, "no neighbouring Spellcar it can copy")
        return None
    return [
        ChooseOption(
            player=ctx.player, prompt="choose the neighbouring Spellcar to copy", options=tuple(options),
            then=CopyEffectThen(pay_inherent=True),
        )
    ]


@effect("Transformer")
def transformer(ctx: EffectContext) -> Steps | None:
    """Copy a Spellcar of the Market, paying its inherent cost.

    Source: rulebook, Unique Spellcars, Transformer.
    """
    options = u.copy_candidates(ctx.state, ctx.player, ctx.state.market, budget=ctx.me.mana, exclude="Transformer")
    if not options:
        _none(ctx, "no Spellcar in the Market it can copy")
        return None
    return [
        ChooseOption(
            player=ctx.player, prompt="choose a Market Spellcar to copy", options=tuple(options),
            then=CopyEffectThen(pay_inherent=True),
        )
    ]

