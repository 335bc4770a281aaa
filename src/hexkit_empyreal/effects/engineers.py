"""The 17 Engineers.

An Engineer is used in the Activate Specialists phase by exhausting it (the
engine flips it); Administrate or a Refresh effect readies it again, and it
may be used again the same turn once refreshed. Abilities with a price
("Pay 1 mana to ...") are offered only with that mana; copy abilities only
when there is something to copy. "This turn" abilities change the turn's
modifiers (Move+Activate costs, inherent costs, free Transfers).

Interpretations (*assumed*):

* Garek Tesias moves Spellcar tiles only: printed Company Spellcars are
  part of the folio. A tile moved off a printed Spellcar uncovers it.
* Arret Draamivaar copies the ability of a face-up Engineer of any other
  player (a teammate too, Team Variant), not another Arret Draamivaar.
* Uumi Nuoc cannot copy Limited Express (it has no railyard position when
  copied in the Activate Specialists phase).

Source: rulebook, Specialist Reference: Engineers; Activate Specialists;
Team Variant (copy exception).
"""

from __future__ import annotations

from collections.abc import Sequence

from hexkit_empyreal.actions import (
    AerlionFree,
    BareCells,
    CarDestinations,
    ChooseHex,
    ChooseOption,
    CopyEffectThen,
    GarekFrom,
    GarekFromThen,
    GarekSlots,
    GarekTiles,
    GarekTo,
    GarekToThen,
    MovableCars,
    MoveCarFrom,
    MoveCarFromThen,
    MoveCarTo,
    MoveCarToThen,
    OtherEngineers,
    SeedGood,
    SeedGoodThen,
    UumiOptions,
)
from hexkit_empyreal.effects import unique_verbs as u
from hexkit_empyreal.effects import verbs as v
from hexkit_empyreal.effects.registry import EffectContext, Steps, effect
from hexkit_empyreal.effects.unique_spellcars import mirror
from hexkit_empyreal.rules import goods as ledger
from hexkit_empyreal.rules.dispatch import Choice, lists, runs
from hexkit_empyreal.rules.railyard import slot_index, slot_label
from hexkit_empyreal.state import EmpyrealState, bits, board, data, touch_folio

__all__: list[str] = []


@effect("Adelaide Chivers")
def adelaide_chivers(ctx: EffectContext) -> Steps:
    """Gain Spellcar.

    Source: rulebook, Engineers, Adelaide Chivers.
    """
    return [v.gain_spellcar(ctx)]


@effect("Aerlion")
def aerlion(ctx: EffectContext) -> Steps:
    """Place Wasteland; Transfers over that Wasteland are free for the rest of the turn.

    Source: rulebook, Engineers, Aerlion.
    """
    ctx.state.turn.flags.pop("last_wasteland", None)
    return [v.place_wasteland(ctx), AerlionFree(player=ctx.player)]


@runs(AerlionFree)
def _aerlion_free(state: EmpyrealState, o: AerlionFree) -> Steps | None:
    cell = state.turn.flags.pop("last_wasteland", -1)
    if cell >= 0:
        state.turn.free_hexes.append(cell)
        state.note(o.player, f"Transfers over the Wasteland on {board(state).hexes[cell]} are free this turn")
    return None


def _other_engineers(state: EmpyrealState, player: int) -> list[str]:
    return u.copy_targets(
        state, player, lambda f: f.engineer if f.engineer_ready else "", "Arret Draamivaar"
    )


def _arret_ok(ctx: EffectContext) -> bool:
    return bool(_other_engineers(ctx.state, ctx.player))


@effect("Arret Draamivaar", available=_arret_ok)
def arret_draamivaar(ctx: EffectContext) -> Steps:
    """Use the ability of another player's face-up Engineer as if it were yours (paying its price).

    Source: rulebook, Engineers, Arret Draamivaar; Team Variant (copy exception).
    """
    return [
        ChooseOption(
            player=ctx.player, prompt="choose a face-up Engineer to copy", domain=OtherEngineers(),
            then=CopyEffectThen(pay_inherent=False),
        )
    ]


@lists(OtherEngineers)
def _other_engineers_domain(state: EmpyrealState, domain: OtherEngineers, d: Choice) -> Sequence[str]:
    return _other_engineers(state, d.player)


@effect("Candide Malephaise")
def candide_malephaise(ctx: EffectContext) -> Steps:
    """Build Track on a Network-Adjacent hex that holds a competitor train car.

    Source: rulebook, Engineers, Candide Malephaise.
    """
    return [v.build_track(ctx, v.COMPETITOR)]


@effect("Daedalus Khimsey")
def daedalus_khimsey(ctx: EffectContext) -> Steps:
    """Deliver one In-Network Good to a Network-Adjacent City.

    Source: rulebook, Engineers, Daedalus Khimsey.
    """
    return [v.deliver(ctx, 1)]


@effect("Eloi Klaus")
def eloi_klaus(ctx: EffectContext) -> Steps | None:
    """This turn's Move+Activate activations cost nothing (inherent costs still paid); Reclaim 1 mana on moving.

    Source: rulebook, Engineers, Eloi Klaus.
    """
    turn = ctx.state.turn
    turn.activation_costs = (0, 0, 0)
    turn.flags["reclaim_on_move"] = turn.flags.get("reclaim_on_move", 0) + data(ctx.state).effects.eloi_klaus_reclaim
    ctx.state.note(ctx.player, "this turn Spellcar activations are free (inherent costs apply) and moving reclaims 1 mana")
    return None


def _tile_slots(state: EmpyrealState, player: int) -> list[int]:
    spells = data(state).spellcars
    ry = state.players[player].railyard
    return [s for s, sid in enumerate(ry) if sid not in ("", "-") and not spells[sid].printed]


def _garek_ok(ctx: EffectContext) -> bool:
    return bool(_tile_slots(ctx.state, ctx.player))


@effect("Garek Tesias", available=_garek_ok)
def garek_tesias(ctx: EffectContext) -> Steps:
    """Swap two Spellcar tiles of your railyard, or move one to an empty slot (the third row too).

    Source: rulebook, Engineers, Garek Tesias.
    """
    return [
        ChooseOption(
            player=ctx.player, prompt="choose the Spellcar to move", domain=GarekTiles(), then=GarekFromThen(),
        )
    ]


@lists(GarekTiles)
def _garek_from_domain(state: EmpyrealState, domain: GarekTiles, d: Choice) -> Sequence[str]:
    ry = state.players[d.player].railyard
    return [f"{slot_label(s)} {ry[s]}" for s in _tile_slots(state, d.player)]


@runs(GarekFrom)
def _garek_from(state: EmpyrealState, o: GarekFrom) -> Steps | None:
    return [
        ChooseOption(
            player=o.player, prompt="choose where it goes (an empty slot, or a tile to swap with)",
            domain=GarekSlots(), then=GarekToThen(source=slot_index(o.choice[:2])),
        )
    ]


@lists(GarekSlots)
def _garek_to_domain(state: EmpyrealState, domain: GarekSlots, d: Choice) -> Sequence[str]:
    then = d.then
    if not isinstance(then, GarekToThen):
        return ()  # refused at load (integrity): GarekSlots reads a GarekToThen
    source = then.source
    ry = state.players[d.player].railyard
    out = []
    for s in range(len(ry)):
        if s == source or ry[s] == "-":
            continue
        if ry[s] == "":
            out.append(f"{slot_label(s)} (empty)")
    out += [f"{slot_label(s)} {ry[s]}" for s in _tile_slots(state, d.player) if s != source]
    return out


@runs(GarekTo)
def _garek_to(state: EmpyrealState, o: GarekTo) -> Steps | None:
    source, target = o.source, slot_index(o.choice[:2])
    ps = state.players[o.player]
    ry = ps.railyard
    moving = ry[source]
    if ry[target] == "":
        ry[target] = moving
        ry[source] = u.printed_under(state, o.player, source)
        state.note(o.player, f"{ps.company} moved {moving} from {slot_label(source)} to {slot_label(target)}")
    else:
        ry[source], ry[target] = ry[target], moving
        state.note(o.player, f"{ps.company} swapped {moving} ({slot_label(source)}) and {ry[source]} ({slot_label(target)})")
    touch_folio(state, o.player)
    return None


def _irion_ok(ctx: EffectContext) -> bool:
    return ctx.me.mana >= data(ctx.state).effects.irion_juiz_mana and bool(u.movable_cars(ctx.state, ctx.player))


@effect("Irion Juiz", available=_irion_ok)
def irion_juiz(ctx: EffectContext) -> Steps:
    """Pay 1 mana to move one of your train cars to a neighbouring hex.

    Source: rulebook, Engineers, Irion Juiz.
    """
    return [u.pay_then(ctx.player, data(ctx.state).effects.irion_juiz_mana, [_move_one(ctx.player)], ctx.source)]


def _move_one(player: int) -> ChooseHex:
    return ChooseHex(player=player, prompt="choose a train car to move", domain=MovableCars(), then=MoveCarFromThen())


@runs(MoveCarFrom)
def _move_from(state: EmpyrealState, o: MoveCarFrom) -> Steps | None:
    return [
        ChooseHex(
            player=o.player, prompt="choose where the train car moves", domain=CarDestinations(),
            then=MoveCarToThen(source=o.source),
        )
    ]


@runs(MoveCarTo)
def _move_to(state: EmpyrealState, o: MoveCarTo) -> Steps | None:
    u.move_car(state, o.player, o.source, o.target)
    return None


@effect("Lixis Ran Kanda")
def lixis_ran_kanda(ctx: EffectContext) -> Steps:
    """Put a Good of the hex's own terrain from the supply on an In-Network hex without a Good.

    Source: rulebook, Engineers, Lixis Ran Kanda.
    """
    return [seed_goods(ctx.player, 1)]


def seed_goods(player: int, times: int) -> ChooseHex:
    """Lixis Ran Kanda's step; Almir Nol Kanda repeats it up to three times (declining ends it)."""
    return ChooseHex(
        player=player, prompt="choose an In-Network hex without a Good", domain=BareCells(),
        then=SeedGoodThen(times=times), optional=True,
    )


@lists(BareCells)
def _bare_cells(state: EmpyrealState, domain: BareCells, d: Choice) -> Sequence[int]:
    terrain = state.terrain
    goods = state.goods
    return [
        c for c in bits(state.players[d.player].net)
        if not goods[c] and terrain[c] < 6 and state.supply.count(terrain[c]) > 0
    ]


@runs(SeedGood)
def _seed_good(state: EmpyrealState, o: SeedGood) -> Steps | None:
    times, cell = o.times, o.cell
    colour = state.terrain[cell]
    ledger.supply_to_cell(state, cell, colour)  # the domain offers only colours in the supply
    state.note(o.player, f"placed a {u.colour_name(state, colour)} Good from the supply on {board(state).hexes[cell]}")
    if times > 1:
        return [seed_goods(o.player, times - 1)]
    return None


def _luc_ok(ctx: EffectContext) -> bool:
    return ctx.me.mana >= data(ctx.state).effects.luc_von_gott_mana


def _manch_ok(ctx: EffectContext) -> bool:
    return ctx.me.mana >= data(ctx.state).effects.manch_mana


@effect("Luc von Gott", available=_luc_ok)
def luc_von_gott(ctx: EffectContext) -> Steps:
    """Pay 1 mana to Gain Mana (a new crystal: the paid one is only spent).

    Source: rulebook, Engineers, Luc von Gott.
    """
    return [u.pay_then(ctx.player, data(ctx.state).effects.luc_von_gott_mana, [v.gain_mana(ctx)], ctx.source)]


def _malandrax_ok(ctx: EffectContext) -> bool:
    state = ctx.state
    nbrs = board(state).neighbours
    goods = state.goods
    return ctx.me.mana >= data(state).effects.malandrax_mecchi_mana and any(any(goods[n] for n in nbrs[c]) for c in bits(ctx.me.net))


@effect("Malandrax Mecchi", available=_malandrax_ok)
def malandrax_mecchi(ctx: EffectContext) -> Steps:
    """Pay 1 mana: pick an In-Network hex and move a Good from a neighbouring hex onto it.

    Source: rulebook, Engineers, Malandrax Mecchi.
    """
    return [u.pay_then(ctx.player, data(ctx.state).effects.malandrax_mecchi_mana, [v.move_good_into(ctx)], ctx.source)]


@effect("Manch", available=_manch_ok)
def manch(ctx: EffectContext) -> Steps:
    """Pay 1 mana to Refresh your Captain.

    Source: rulebook, Engineers, Manch.
    """
    return [u.pay_then(ctx.player, data(ctx.state).effects.manch_mana, [v.refresh(ctx, engineer=False)], ctx.source)]


@effect("Orman Kaspar")
def orman_kaspar(ctx: EffectContext) -> Steps:
    """Reclaim 3 mana.

    Source: rulebook, Engineers, Orman Kaspar.
    """
    return [v.reclaim(ctx, data(ctx.state).effects.orman_kaspar_reclaim)]


def _rixia_ok(ctx: EffectContext) -> bool:
    state = ctx.state
    return ctx.me.mana >= data(state).effects.rixia_van_sorrel_mana and any(
        any(state.supply.count(g) > 0 for g in state.goods[c]) for c in bits(ctx.me.net)
    )


@effect("Rixia van Sorrel", available=_rixia_ok)
def rixia_van_sorrel(ctx: EffectContext) -> Steps:
    """Pay 1 mana: on an In-Network hex with a Good, add a Good of that colour from the supply.

    Source: rulebook, Engineers, Rixia van Sorrel.
    """
    return [u.pay_then(ctx.player, data(ctx.state).effects.rixia_van_sorrel_mana, [mirror(ctx.player)], ctx.source)]


@effect("Sarafina Vanedran")
def sarafina_vanedran(ctx: EffectContext) -> Steps | None:
    """This turn inherent Spellcar costs are ignored (Move+Activate costs are still paid).

    Source: rulebook, Engineers, Sarafina Vanedran.
    """
    ctx.state.turn.ignore_inherent = True
    ctx.state.note(ctx.player, "this turn inherent Spellcar costs are ignored")
    return None


def _uumi_options(state: EmpyrealState, player: int, budget: int) -> list[str]:
    if budget < 0:
        return []
    return u.copy_candidates(state, player, state.market, budget=budget, exclude="Limited Express")


def _uumi_ok(ctx: EffectContext) -> bool:
    return bool(_uumi_options(ctx.state, ctx.player, ctx.me.mana - data(ctx.state).effects.uumi_nuoc_mana))


@effect("Uumi Nuoc", available=_uumi_ok)
def uumi_nuoc(ctx: EffectContext) -> Steps:
    """Pay 1 mana to copy a Market Spellcar's effect, paying its inherent cost too.

    Source: rulebook, Engineers, Uumi Nuoc.
    """
    return [
        u.pay_then(
            ctx.player,
            data(ctx.state).effects.uumi_nuoc_mana,
            [
                ChooseOption(
                    player=ctx.player, prompt="choose a Market Spellcar to copy", domain=UumiOptions(),
                    then=CopyEffectThen(pay_inherent=True),
                )
            ],
            ctx.source,
        )
    ]


@lists(UumiOptions)
def _uumi_options_domain(state: EmpyrealState, domain: UumiOptions, d: Choice) -> Sequence[str]:
    return _uumi_options(state, d.player, state.players[d.player].mana)


@effect("Wendy Thristle")
def wendy_thristle(ctx: EffectContext) -> Steps | None:
    """One Competitor, City or Wasteland Transfer this turn costs nothing.

    Source: rulebook, Engineers, Wendy Thristle.
    """
    ctx.state.turn.free_transfers += 1
    ctx.state.note(ctx.player, "one Transfer this turn is free")
    return None

