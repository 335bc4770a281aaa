"""The shared verbs effects are built from.

Each verb returns a step (a decision or a typed automatic step)
for the effect to return; the engine runs the steps in order. An effect is
usually a one-liner::

    @effect("Liquid Purifier")
    def liquid_purifier(ctx: EffectContext) -> Steps:
        return [build_track(ctx, terrain(LAKE)), gain_mana(ctx)]

Targets for :func:`build_track`: :func:`terrain` (one or more terrains,
Wasteland included), :data:`ANY_TERRAIN`, :data:`EDGE`, :data:`ANYWHERE`
(Global), :func:`home` (the Company's Home Terrain), :data:`COMPETITOR`,
:data:`NEAR_CITY`, :data:`NEAR_CITY_OR_WASTELAND`; combine with
``attrs.evolve(target, anywhere=True, cells=(...))``.

Continuations are typed automatic steps (:data:`hexkit_empyreal.actions.EFFECT_STEPS`,
each run by a ``@runs(Type)`` function), returned after the previous steps,
with :data:`LAST_BUILT` standing for the hex of the latest Build Track
(``-1`` when it was declined: the step then does nothing). A
:func:`choose_hex` / :func:`choose_option` lists its options from a typed
:class:`~hexkit_empyreal.actions.Domain` (a ``@lists(Type)`` function) and
continues with a typed ``then`` (a :class:`~hexkit_empyreal.actions.HexThen` /
:class:`~hexkit_empyreal.actions.OptionThen`: the step the answer completes).

Source: rulebook, Game Effects (Place Wasteland, Build Track, Transfer) and
the Spellcar and Specialist references (Gain Mana, Reclaim Mana, Refresh,
Gain Spellcar, Gain Specialist, Deliver, copy effects).
"""

from __future__ import annotations

from collections.abc import Sequence

from hexkit.game import Decision

from hexkit_empyreal.actions import AskReturnGood, ExtraTurn, GainSpecialist, GainSpellcar, NoOp, Refresh, auto
from hexkit_empyreal.rules.dispatch import Choice, lists, runs
from hexkit_empyreal.actions import (
    Branch,
    BuildTrack,
    ChooseHex,
    ChooseOption,
    CopyEffect,
    DeliverChoice,
    Domain,
    GainMana,
    HexThen,
    InNetworkGoods,
    MoveGoodColour,
    MoveGoodColourThen,
    MoveGoodSource,
    MoveGoodSourceThen,
    MoveGoodSources,
    MoveGoodTarget,
    MoveGoodTargetThen,
    MoveGoodTargets,
    OptionThen,
    PayMana,
    PlaceGood,
    PlaceGoodColour,
    PlaceGoodColourThen,
    PlaceWastelandThen,
    ReclaimMana,
    ReturnGoodAt,
    ReturnGoodAtThen,
    ReturnGoodColour,
    ReturnGoodColourThen,
    SupplyColours,
    Target,
    WastelandTargets,
)
from hexkit_empyreal.data import TERRAINS, WASTELAND, terrain_index
from hexkit_empyreal.effects.registry import EffectContext, Steps, get_effect
from hexkit_empyreal.rules import goods as ledger
from hexkit_empyreal.rules import mana
from hexkit_empyreal.rules.network import adjacent_mask
from hexkit_empyreal.state import EmpyrealState, bits, board, data

__all__ = [
    "LAST_BUILT",
    "ANY_TERRAIN",
    "EDGE",
    "ANYWHERE",
    "COMPETITOR",
    "NEAR_CITY",
    "NEAR_CITY_OR_WASTELAND",
    "terrain",
    "home",
    "build_track",
    "place_wasteland",
    "gain_mana",
    "reclaim",
    "refresh",
    "pay",
    "gain_spellcar",
    "gain_specialist",
    "deliver",
    "choose",
    "choose_hex",
    "choose_option",
    "copy_effect",
    "place_good",
    "move_good_into",
    "return_good",
    "extra_turn",
]

LAST_BUILT = -1
"""Stands for the hex of the latest Build Track in :func:`place_good` and ops."""

ANY_TERRAIN = Target(label="any terrain (except Wasteland)")
EDGE = Target(label="any terrain on the edge of the map (except Wasteland)", edge=True)
ANYWHERE = Target(label="any terrain anywhere (except Wasteland)", anywhere=True)
COMPETITOR = Target(label="a hex with a competitor train car", terrains=tuple(range(7)), competitor=True)
NEAR_CITY = Target(label="any terrain (except Wasteland) adjacent to a City", near_city=True)
NEAR_CITY_OR_WASTELAND = Target(
    label="any terrain (except Wasteland) adjacent to a City or Wasteland", near_city=True, near_wasteland=True
)


def terrain(*terrains: int | str) -> Target:
    """A target of one or more terrains (indices or names; Wasteland allowed)."""
    ids = tuple(t if isinstance(t, int) else terrain_index(t) for t in terrains)
    return Target(label=" or ".join(TERRAINS[t] for t in ids), terrains=ids)


def home(ctx: EffectContext) -> Target:
    """The Company's Home Terrain."""
    return terrain(data(ctx.state).company_by_name[ctx.me.company].home)


def build_track(
    ctx: EffectContext,
    target: Target,
    *,
    free_city: bool = False,
    free_wasteland: bool = False,
    free_competitor: bool = False,
) -> Decision:
    """Build Track on ``target`` (Network-Adjacent unless Global), with Transfers.

    The player may decline (FAQ: building is never forced).
    """
    return BuildTrack(
        player=ctx.player,
        prompt=f"build track on {target.label}, or done",
        target=target,
        free_city=free_city,
        free_wasteland=free_wasteland,
        free_competitor=free_competitor,
        source=ctx.source,
    )


def place_wasteland(ctx: EffectContext, *, to_folio: bool = False) -> Decision:
    """Place Wasteland In-Network or Network-Adjacent (skipped if impossible).

    Args:
        to_folio: destroyed Goods go to the folio (Bartok Kulle).
    """
    return ChooseHex(
        player=ctx.player,
        prompt="choose a hex to Place Wasteland on",
        domain=WastelandTargets(),
        then=PlaceWastelandThen(to_folio=to_folio),
    )


def gain_mana(ctx: EffectContext, amount: int = 1) -> Decision:
    """Gain Mana (up to the cap of ten crystals)."""
    return GainMana(player=ctx.player, amount=amount)


def reclaim(ctx: EffectContext, amount: int | None = None) -> Decision:
    """Reclaim Mana: all spent mana, or ``amount``."""
    return ReclaimMana(player=ctx.player, amount=amount)


def refresh(ctx: EffectContext, *, captain: bool = True, engineer: bool = True) -> Decision:
    """Refresh the Captain and/or the Engineer."""
    return Refresh(player=ctx.player, captain=captain, engineer=engineer)


def pay(ctx: EffectContext, amount: int) -> Decision:
    """Spend mana (an effect's own price, e.g. "Pay 1 mana to ..."); check affordability first."""
    return PayMana(player=ctx.player, amount=amount)


def gain_spellcar(ctx: EffectContext) -> Decision:
    """Gain Spellcar (lost if there is no room)."""
    return auto(GainSpellcar, ctx.player)


def gain_specialist(ctx: EffectContext) -> Decision:
    """Gain Specialist (lost if there is no room)."""
    return auto(GainSpecialist, ctx.player)


def deliver(ctx: EffectContext, limit: int = 0, *, tiles: bool = False) -> Decision:
    """Deliver up to ``limit`` Goods (0: any number) to a Network-Adjacent City.

    Args:
        tiles: whether the delivery may earn a Demand Tile (Lyal Kerigan).
    """
    return DeliverChoice(player=ctx.player, prompt="deliver, or skip", mode="effect", limit=limit, tiles=tiles)


def choose(ctx: EffectContext, options: Sequence[tuple[str, Steps]], *, optional: bool = False) -> Decision:
    """Choose one of several labelled sequences of steps ("Gain Mana or Gain Spellcar")."""
    return Branch(
        player=ctx.player,
        prompt="choose: " + " or ".join(label for label, _ in options),
        labels=tuple(label for label, _ in options),
        branches=tuple(tuple(steps) for _, steps in options),
        optional=optional,
    )


def choose_hex(
    ctx: EffectContext,
    domain: Domain,
    then: HexThen,
    *,
    optional: bool = False,
    prompt: str = "choose a hex",
) -> Decision:
    """Ask for a hex of ``domain``, then run ``then.step(player, cell)``."""
    return ChooseHex(player=ctx.player, prompt=prompt, domain=domain, then=then, optional=optional)


def choose_option(
    ctx: EffectContext,
    then: OptionThen,
    *,
    options: Sequence[str] = (),
    domain: Domain | None = None,
    optional: bool = False,
    prompt: str = "choose",
) -> Decision:
    """Ask for a name (fixed ``options`` or a ``domain``), then run ``then.step(player, name)``."""
    return ChooseOption(
        player=ctx.player, prompt=prompt, domain=domain, options=tuple(options), then=then, optional=optional,
    )


def copy_effect(ctx: EffectContext, spellcar_or_name: str, *, pay_inherent: bool = True) -> Decision:
    """Run another Spellcar's (or Specialist's) effect, paying its inherent cost.

    Args:
        spellcar_or_name: a Spellcar id (its inherent cost is paid) or an effect name.
        pay_inherent: pay the copied Spellcar's inherent cost.
    """
    return CopyEffect(player=ctx.player, name=spellcar_or_name, pay_inherent=pay_inherent)


def place_good(ctx: EffectContext, cell: int = LAST_BUILT, colour: int | None = None) -> Decision:
    """Place a Good from the supply on ``cell`` (default: the hex just built on).

    Args:
        colour: the colour index, or ``None`` to let the player choose any colour.
    """
    return PlaceGood(player=ctx.player, cell=cell, colour=-1 if colour is None else colour)


def move_good_into(ctx: EffectContext) -> Decision:
    """Choose an In-Network hex and move a Good from an adjacent hex into it."""
    return ChooseHex(
        player=ctx.player, prompt="choose an In-Network hex to move a Good into",
        domain=MoveGoodTargets(), then=MoveGoodTargetThen(),
    )


def return_good(ctx: EffectContext, then_steps: Steps = ()) -> Decision:
    """Return an In-Network Good to the supply, then run ``then_steps`` (skipped if no Good)."""
    return Branch(
        player=ctx.player, prompt="return an In-Network Good to the supply",
        labels=("return a Good",), branches=((auto(AskReturnGood, ctx.player), *then_steps),),
    ) if _any_good(ctx) else auto(NoOp, ctx.player)


def _any_good(ctx: EffectContext) -> bool:
    goods = ctx.state.goods
    return any(goods[c] for c in bits(ctx.me.net))


def extra_turn(ctx: EffectContext) -> Decision:
    """Take another turn after this one."""
    return auto(ExtraTurn, ctx.player)


# ------------------------------------------------------------------ ops
@runs(NoOp)
def _noop(state: EmpyrealState, o: NoOp) -> Steps | None:
    return None


@runs(GainMana)
def _gain_mana(state: EmpyrealState, o: GainMana) -> Steps | None:
    got = mana.gain(state, o.player, o.amount)
    state.note(o.player, f"{state.players[o.player].company} gained {got} mana")
    return None


@runs(ReclaimMana)
def _reclaim(state: EmpyrealState, o: ReclaimMana) -> Steps | None:
    got = mana.reclaim(state, o.player, o.amount)
    state.note(o.player, f"{state.players[o.player].company} reclaimed {got} mana")
    return None


@runs(PayMana)
def _pay(state: EmpyrealState, o: PayMana) -> Steps | None:
    cost = o.amount
    if state.players[o.player].mana >= cost:
        mana.pay(state, o.player, cost)
    return None


@runs(ExtraTurn)
def _extra_turn(state: EmpyrealState, o: ExtraTurn) -> Steps | None:
    state.turn.extra_turn = True
    return None


@runs(CopyEffect)
def _copy_effect(state: EmpyrealState, o: CopyEffect) -> Steps | None:
    name = o.name
    spec = data(state).spellcars.get(name)
    effect_name = spec.effect if spec is not None else name
    entry = get_effect(effect_name)
    if entry is None:
        return None
    cost = spec.cost if spec is not None and o.pay_inherent and not state.turn.ignore_inherent else 0
    if cost > state.players[o.player].mana:
        state.note(o.player, f"cannot pay {cost} mana to copy {name}")
        return None
    mana.pay(state, o.player, cost)
    state.note(o.player, f"{state.players[o.player].company} copied {name}")
    return entry.run(EffectContext(state, o.player, name, spec, True))


@runs(PlaceGood)
def _place_good(state: EmpyrealState, o: PlaceGood) -> Steps | None:
    cell, colour = o.cell, o.colour
    if cell == LAST_BUILT:
        cell = state.turn.last_built
    if cell < 0:
        return None
    if colour < 0:
        return [ChooseOption(
            player=o.player, prompt="choose the colour of the Good", domain=SupplyColours(),
            then=PlaceGoodColourThen(cell=cell),
        )]
    _put_good(state, o.player, cell, colour)
    return None


@lists(SupplyColours)
def _supply_colours(state: EmpyrealState, domain: SupplyColours, d: Choice) -> Sequence[str]:
    colours = data(state).colours
    return [colours[c] for c in range(6) if state.supply.count(c) > 0]


@runs(PlaceGoodColour)
def _place_good_colour(state: EmpyrealState, o: PlaceGoodColour) -> Steps | None:
    _put_good(state, o.player, o.cell, data(state).colour_index(o.colour))
    return None


def _put_good(state: EmpyrealState, player: int, cell: int, colour: int) -> None:
    if not ledger.supply_to_cell(state, cell, colour):
        state.note(player, f"no {data(state).colours[colour]} Good left in the supply")
        return
    state.note(player, f"placed a {data(state).colours[colour]} Good on {board(state).hexes[cell]}")


@lists(MoveGoodTargets)
def _move_good_targets(state: EmpyrealState, domain: MoveGoodTargets, d: Choice) -> Sequence[int]:
    b = board(state)
    goods = state.goods
    return [c for c in bits(state.players[d.player].net) if any(goods[n] for n in b.neighbours[c])]


@runs(MoveGoodTarget)
def _move_good_target(state: EmpyrealState, o: MoveGoodTarget) -> Steps | None:
    return [ChooseHex(
        player=o.player, prompt="choose the adjacent hex to take the Good from",
        domain=MoveGoodSources(), then=MoveGoodSourceThen(target=o.target),
    )]


@lists(MoveGoodSources)
def _move_good_sources(state: EmpyrealState, domain: MoveGoodSources, d: Choice) -> Sequence[int]:
    then = d.then
    if not isinstance(then, MoveGoodSourceThen):
        return ()  # refused at load (integrity): MoveGoodSources reads a MoveGoodSourceThen
    return [n for n in board(state).neighbours[then.target] if state.goods[n]]


@runs(MoveGoodSource)
def _move_good_source(state: EmpyrealState, o: MoveGoodSource) -> Steps | None:
    target, source = o.target, o.source
    colours = sorted(set(state.goods[source]))
    if len(colours) == 1:
        _move_good(state, o.player, source, target, colours[0])
        return None
    names = data(state).colours
    return [ChooseOption(
        player=o.player, prompt="choose the Good to move", options=tuple(names[c] for c in colours),
        then=MoveGoodColourThen(target=target, source=source),
    )]


@runs(MoveGoodColour)
def _move_good_colour(state: EmpyrealState, o: MoveGoodColour) -> Steps | None:
    _move_good(state, o.player, o.source, o.target, data(state).colour_index(o.colour))
    return None


def _move_good(state: EmpyrealState, player: int, source: int, target: int, colour: int) -> None:
    ledger.cell_to_cell(state, source, target, colour)
    b = board(state)
    state.note(player, f"moved a {data(state).colours[colour]} Good from {b.hexes[source]} to {b.hexes[target]}")


@lists(InNetworkGoods)
def _in_network_goods(state: EmpyrealState, domain: InNetworkGoods, d: Choice) -> Sequence[int]:
    goods = state.goods
    return [c for c in bits(state.players[d.player].net) if goods[c]]


@runs(AskReturnGood)
def _ask_return_good(state: EmpyrealState, o: AskReturnGood) -> Steps | None:
    return [ChooseHex(player=o.player, prompt="choose an In-Network Good to return", domain=InNetworkGoods(),
                      then=ReturnGoodAtThen())]


@runs(ReturnGoodAt)
def _return_good_at(state: EmpyrealState, o: ReturnGoodAt) -> Steps | None:
    cell = o.cell
    colours = sorted(set(state.goods[cell]))
    if len(colours) == 1:
        _return(state, o.player, cell, colours[0])
        return None
    names = data(state).colours
    return [ChooseOption(
        player=o.player, prompt="choose the Good to return", options=tuple(names[c] for c in colours),
        then=ReturnGoodColourThen(cell=cell),
    )]


@runs(ReturnGoodColour)
def _return_good_colour(state: EmpyrealState, o: ReturnGoodColour) -> Steps | None:
    _return(state, o.player, o.cell, data(state).colour_index(o.colour))
    return None


def _return(state: EmpyrealState, player: int, cell: int, colour: int) -> None:
    ledger.cell_to_supply(state, cell, colour)
    state.note(player, f"returned a {data(state).colours[colour]} Good from {board(state).hexes[cell]} to the supply")


def network_and_adjacent(state: EmpyrealState, player: int) -> int:
    """In-Network plus Network-Adjacent cells as a bit mask (for effects)."""
    net = state.players[player].net
    return net | adjacent_mask(board(state), net)


_ = WASTELAND  # re-exported name used by effect modules
