"""The 17 Surveyors: strong abilities used once per game.

The engine flips a Surveyor face-down when it is used; it never comes back.
"Up to N times" abilities are chains that end when the player declines.

Interpretations (*assumed*):

* Aella Ivaline Oran'hei draws the three top tiles of the Station Master
  stack of the Specialist Market (the face-down supply of that type); the
  chosen one joins your Station Masters in play but sits over Aella
  (``PlayerState.over_surveyor``), so your Station Master slot stays free
  for a later Gain Specialist; the others go back and the stack is shuffled.
* Doc Silnan copies any other player's Surveyor (teammates too), except
  another Doc Silnan.
* Mindra Dirac builds on every neighbouring hex a train car may go to,
  Wasteland included, one optional build per hex, without Transfers.
* Telemyr swaps Specialists of the same type (Captain, Engineer or Station
  Master); the one you give keeps its face, the one you take is Refreshed.
  A Station Master taken goes where the one given was (over Aella or in
  the Station Master slot).
* Welsie Acktern's second build goes on a hex of your Home Terrain next to
  the first one.
* Wardlaw O'Brien swaps two tiles of different stands (swapping tiles of
  one stand changes nothing).

Source: rulebook, Specialist Reference: Surveyors; Activate Specialists;
Team Variant (copy exception).
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs
from hexkit.game import Decision

from hexkit_empyreal.actions import (
    ActivateSlot,
    AellaKeep,
    AellaKeepThen,
    AnyaFrom,
    AnyaFromThen,
    AnyaTo,
    AnyaToThen,
    ArielClear,
    ArielClearThen,
    BuildTrack,
    CarDestinations,
    ChooseHex,
    ChooseOption,
    CinGather,
    CinGatherThen,
    CopyEffectThen,
    HydeartBuild,
    HydeartBuildThen,
    MiltonActivate,
    MiltonFirst,
    MiltonFirstThen,
    MindraBuild,
    MindraBuildThen,
    MindraCells,
    MovableCars,
    NetworkCells,
    OtherSurveyors,
    RanOptions,
    RanUse,
    RanUseThen,
    Target,
    TelemyrSwap,
    TelemyrSwapThen,
    TelemyrSwaps,
    WardlawFirst,
    WardlawFirstThen,
    WardlawPartners,
    WardlawSwap,
    WardlawSwapThen,
    WardlawTiles,
    WelsieHome,
)
from hexkit_empyreal.data import TERRAINS, terrain_index
from hexkit_empyreal.effects import unique_verbs as u
from hexkit_empyreal.effects import verbs as v
from hexkit_empyreal.effects.engineers import seed_goods
from hexkit_empyreal.effects.registry import EffectContext, Steps, effect, get_effect
from hexkit_empyreal.rules import goods as ledger
from hexkit_empyreal.rules import mana
from hexkit_empyreal.rules.build import target_ok
from hexkit_empyreal.rules.deliver import TILE_NAMES, goods_phrase
from hexkit_empyreal.rules.dispatch import Choice, lists, runs
from hexkit_empyreal.rules.network import remove_car
from hexkit_empyreal.rules.railyard import slot_label
from hexkit_empyreal.rules.specialists import specialist_stack
from hexkit_empyreal.state import REV_STACKS, REV_STANDS, EmpyrealState, bits, board, data, touch, touch_folio
from hexkit_empyreal.state import tally

__all__: list[str] = []


# ------------------------------------------------------------ Specialists
@effect("Aella Ivaline Oran'hei")
def aella_ivaline_oranhei(ctx: EffectContext) -> Steps | None:
    """Draw three Station Masters from the Market stack, keep one in play, return the others.

    The three drawn are the options of the choice (so the choice does not
    depend on the hidden order of the stack once drawn); other seats' views
    show placeholders instead (``hidden_draws.hide_drawn``).

    Source: rulebook, Surveyors, Aella Ivaline Oran'hei.
    """
    drawn = sorted(set(specialist_stack(ctx.state, 2).peek(data(ctx.state).effects.aella_ivaline_draws)))
    if not drawn:
        ctx.state.note(ctx.player, "no Station Master is left to draw")
        return None
    return [
        ChooseOption(
            player=ctx.player, prompt="choose the Station Master to keep", options=tuple(drawn), then=AellaKeepThen(),
        )
    ]


@runs(AellaKeep)
def _aella_keep(state: EmpyrealState, o: AellaKeep) -> Steps | None:
    name = o.name
    stack = specialist_stack(state, 2)
    if name in stack.draw_pile:
        stack.remove(name)
    stack.shuffle(state.rng)
    touch(state, REV_STACKS)
    ps = state.players[o.player]
    ps.station_masters.append(name)
    ps.over_surveyor = name
    touch_folio(state, o.player)
    tally(state, "specialists_hired", o.player)
    state.note(o.player, f"{ps.company} put the Station Master {name} into play over Aella; the others went back to the stack")
    return None


def _other_surveyors(state: EmpyrealState, player: int) -> list[str]:
    return u.copy_targets(state, player, lambda f: f.surveyor, "Doc Silnan")


def _doc_ok(ctx: EffectContext) -> bool:
    return bool(_other_surveyors(ctx.state, ctx.player))


@effect("Doc Silnan", available=_doc_ok)
def doc_silnan(ctx: EffectContext) -> Steps:
    """Use the ability of another player's Surveyor, face-up or face-down.

    Source: rulebook, Surveyors, Doc Silnan; Team Variant (copy exception).
    """
    return [
        ChooseOption(
            player=ctx.player, prompt="choose a Surveyor to copy", domain=OtherSurveyors(),
            then=CopyEffectThen(pay_inherent=False),
        )
    ]


@lists(OtherSurveyors)
def _other_surveyors_domain(state: EmpyrealState, domain: OtherSurveyors, d: Choice) -> Sequence[str]:
    return _other_surveyors(state, d.player)


def _ran_options(state: EmpyrealState, player: int, used: tuple[str, ...]) -> list[str]:
    ps = state.players[player]
    out = []
    for name in (ps.captain, ps.engineer):
        if name and name not in used and u.effect_usable(state, player, name):
            out.append(name)
    return out


@effect("Ran Ugobia")
def ran_ugobia(ctx: EffectContext) -> Steps:
    """Refresh your Captain and Engineer, then you may use each once without exhausting it.

    Source: rulebook, Surveyors, Ran Ugobia.
    """
    mana.refresh(ctx.state, ctx.player)
    ctx.state.note(ctx.player, f"{ctx.me.company} refreshed its Captain and Engineer")
    return [_ran_choice(ctx.player, ())]


def _ran_choice(player: int, used: tuple[str, ...]) -> ChooseOption:
    return ChooseOption(
        player=player, prompt="use your Captain or Engineer without exhausting it, or done",
        domain=RanOptions(), then=RanUseThen(used=used), optional=True,
    )


@lists(RanOptions)
def _ran_options_domain(state: EmpyrealState, domain: RanOptions, d: Choice) -> Sequence[str]:
    then = d.then
    if not isinstance(then, RanUseThen):
        return ()  # refused at load (integrity): RanOptions reads a RanUseThen
    return _ran_options(state, d.player, then.used)


@runs(RanUse)
def _ran_use(state: EmpyrealState, o: RanUse) -> Steps | None:
    name = o.name
    entry = get_effect(name)
    if entry is None:
        return None
    state.note(o.player, f"{state.players[o.player].company} used {name} without exhausting it")
    steps = entry.run(EffectContext(state, o.player, name))
    return [*(steps or ()), _ran_choice(o.player, (*o.used, name))]


def _telemyr_swaps(state: EmpyrealState, player: int) -> dict[str, tuple[str, int, str, str]]:
    """label -> (kind, other seat, mine, theirs)."""
    me = state.players[player]
    out: dict[str, tuple[str, int, str, str]] = {}
    for s, ps in enumerate(state.players):
        if s == player:
            continue
        if me.captain and ps.captain:
            out[f"Captain {me.captain} for {ps.captain}"] = ("captain", s, me.captain, ps.captain)
        if me.engineer and ps.engineer:
            out[f"Engineer {me.engineer} for {ps.engineer}"] = ("engineer", s, me.engineer, ps.engineer)
        for mine in me.station_masters:
            for theirs in ps.station_masters:
                out[f"Station Master {mine} for {theirs}"] = ("station", s, mine, theirs)
    return out


def _telemyr_ok(ctx: EffectContext) -> bool:
    return bool(_telemyr_swaps(ctx.state, ctx.player))


@effect("Telemyr", available=_telemyr_ok)
def telemyr(ctx: EffectContext) -> Steps:
    """Swap your Captain, Engineer or a Station Master for another player's, for good.

    Source: rulebook, Surveyors, Telemyr.
    """
    return [
        ChooseOption(
            player=ctx.player, prompt="choose the Specialists to swap", domain=TelemyrSwaps(), then=TelemyrSwapThen(),
        )
    ]


@lists(TelemyrSwaps)
def _telemyr_swaps_domain(state: EmpyrealState, domain: TelemyrSwaps, d: Choice) -> Sequence[str]:
    return sorted(_telemyr_swaps(state, d.player))


@runs(TelemyrSwap)
def _telemyr_swap(state: EmpyrealState, o: TelemyrSwap) -> Steps | None:
    kind, other, mine, theirs = _telemyr_swaps(state, o.player)[o.swap]
    me = state.players[o.player]
    them = state.players[other]
    if kind == "captain":
        me.captain, them.captain = theirs, mine
        them.captain_ready = me.captain_ready
        me.captain_ready = True
    elif kind == "engineer":
        me.engineer, them.engineer = theirs, mine
        them.engineer_ready = me.engineer_ready
        me.engineer_ready = True
    else:
        me.station_masters[me.station_masters.index(mine)] = theirs
        them.station_masters[them.station_masters.index(theirs)] = mine
        # The tile taken goes where the one given was (over Aella or in the slot).
        mine_over, theirs_over = me.over_surveyor == mine, them.over_surveyor == theirs
        me.over_surveyor = theirs if mine_over else me.over_surveyor
        them.over_surveyor = mine if theirs_over else them.over_surveyor
    touch_folio(state, o.player)
    touch_folio(state, other)
    state.note(o.player, f"{me.company} took {theirs} from {them.company} in exchange for {mine}")
    return None


# ------------------------------------------------------------ turns and mana
@effect("Eirene Lemina Kobor")
def eirene_lemina_kobor(ctx: EffectContext) -> Steps:
    """Take another turn after this one.

    Source: rulebook, Surveyors, Eirene Lemina Kobor.
    """
    return [v.extra_turn(ctx)]


@effect("Hikaru Sorayama")
def hikaru_sorayama(ctx: EffectContext) -> Steps:
    """Reclaim all spent mana, then Gain 2 mana.

    Source: rulebook, Surveyors, Hikaru Sorayama.
    """
    return [v.reclaim(ctx), v.gain_mana(ctx, data(ctx.state).effects.hikaru_sorayama_gain)]


# ------------------------------------------------------------ building
@effect("Hydeart Burnstein")
def hydeart_burnstein(ctx: EffectContext) -> Steps:
    """Name a terrain other than Wasteland and Build Track on up to four hexes of it.

    Source: rulebook, Surveyors, Hydeart Burnstein.
    """
    return [
        ChooseOption(
            player=ctx.player, prompt="choose a terrain type", options=TERRAINS[:6],
            then=HydeartBuildThen(source=ctx.source),
        )
    ]


@runs(HydeartBuild)
def _hydeart_build(state: EmpyrealState, o: HydeartBuild) -> Steps | None:
    target = v.terrain(terrain_index(o.terrain))
    state.turn.last_built = -1
    build = BuildTrack(player=o.player, prompt=f"build track on {target.label}, or done", target=target, source=o.source)
    return u.repeat_build(build, data(state).effects.hydeart_burnstein_builds)


@effect("John Strong Stevenson")
def john_strong_stevenson(ctx: EffectContext) -> Steps:
    """Build Track on any terrain but Wasteland, up to three times.

    Source: rulebook, Surveyors, John Strong Stevenson.
    """
    build = v.build_track(ctx, v.ANY_TERRAIN)
    if not isinstance(build, BuildTrack):
        return [build]
    ctx.state.turn.last_built = -1
    return u.repeat_build(build, data(ctx.state).effects.john_strong_stevenson_builds)


@effect("Mindra Dirac")
def mindra_dirac(ctx: EffectContext) -> Steps:
    """Pick an In-Network hex and Build Track on each hex around it that can take your train car.

    Source: rulebook, Surveyors, Mindra Dirac.
    """
    return [
        ChooseHex(
            player=ctx.player, prompt="choose an In-Network hex to build around", domain=MindraCells(),
            then=MindraBuildThen(source=ctx.source),
        )
    ]


_EVERY_HEX = Target(label="the hex", terrains=tuple(range(7)), transfers=False)


def _mindra_around(state: EmpyrealState, player: int, cell: int) -> list[int]:
    return [n for n in board(state).neighbours[cell] if target_ok(state, player, _EVERY_HEX, n)]


@lists(MindraCells)
def _mindra_cells(state: EmpyrealState, domain: MindraCells, d: Choice) -> Sequence[int]:
    return [c for c in bits(state.players[d.player].net) if _mindra_around(state, d.player, c)]


@runs(MindraBuild)
def _mindra_build(state: EmpyrealState, o: MindraBuild) -> Steps | None:
    hexes = board(state).hexes
    steps: list[Decision] = []
    for n in _mindra_around(state, o.player, o.cell):
        target = attrs.evolve(_EVERY_HEX, cells=(n,), label=f"{TERRAINS[state.terrain[n]]} {hexes[n]}")
        steps.append(
            BuildTrack(player=o.player, prompt=f"build track on {target.label}, or done", target=target, source=o.source)
        )
    return steps


@effect("Welsie Acktern")
def welsie_acktern(ctx: EffectContext) -> Steps:
    """Build Track anywhere on the map (not Wasteland), then on a hex of your Home Terrain next to it.

    Source: rulebook, Surveyors, Welsie Acktern.
    """
    ctx.state.turn.last_built = -1
    return [v.build_track(ctx, v.ANYWHERE), WelsieHome(player=ctx.player, source=ctx.source)]


@runs(WelsieHome)
def _welsie_home(state: EmpyrealState, o: WelsieHome) -> Steps | None:
    first = state.turn.last_built
    if first < 0:
        return None
    ps = state.players[o.player]
    home = terrain_index(data(state).company_by_name[ps.company].home)
    target = Target(
        label=f"{TERRAINS[home]} next to {board(state).hexes[first]}", terrains=(home,), anywhere=True,
        cells=board(state).neighbours[first],
    )
    return [BuildTrack(player=o.player, prompt=f"build track on {target.label}, or done", target=target, source=o.source)]


# ------------------------------------------------------------ train cars and Goods
@effect("Anya Southwind")
def anya_southwind(ctx: EffectContext) -> Steps:
    """Move one of your train cars to a neighbouring hex, up to four times (the same one or others).

    Source: rulebook, Surveyors, Anya Southwind.
    """
    return [_anya(ctx.player, data(ctx.state).effects.anya_southwind_moves)]


def _anya(player: int, times: int) -> ChooseHex:
    return ChooseHex(
        player=player, prompt=f"choose a train car to move ({times} moves left), or done", domain=MovableCars(),
        then=AnyaFromThen(times=times), optional=True,
    )


@runs(AnyaFrom)
def _anya_from(state: EmpyrealState, o: AnyaFrom) -> Steps | None:
    return [
        ChooseHex(
            player=o.player, prompt="choose where the train car moves", domain=CarDestinations(),
            then=AnyaToThen(times=o.times, source=o.source),
        )
    ]


@runs(AnyaTo)
def _anya_to(state: EmpyrealState, o: AnyaTo) -> Steps | None:
    times, source, target = o.times, o.source, o.target
    u.move_car(state, o.player, source, target)
    if times > 1:
        return [_anya(o.player, times - 1)]
    return None


@effect("Almir Nol Kanda")
def almir_nol_kanda(ctx: EffectContext) -> Steps:
    """Up to three times: put a Good of the hex's terrain from the supply on an In-Network hex without a Good.

    Source: rulebook, Surveyors, Almir Nol Kanda.
    """
    return [seed_goods(ctx.player, data(ctx.state).effects.almir_nol_kanda_goods)]


@effect("Ariel Malephaise")
def ariel_malephaise(ctx: EffectContext) -> Steps:
    """Pick an In-Network hex: every train car on it and around it (yours too) goes back to its supply.

    Source: rulebook, Surveyors, Ariel Malephaise.
    """
    return [
        ChooseHex(player=ctx.player, prompt="choose an In-Network hex to clear", domain=NetworkCells(), then=ArielClearThen())
    ]


@lists(NetworkCells)
def _network(state: EmpyrealState, domain: NetworkCells, d: Choice) -> Sequence[int]:
    return bits(state.players[d.player].net)


@runs(ArielClear)
def _ariel(state: EmpyrealState, o: ArielClear) -> Steps | None:
    cell = o.cell
    b = board(state)
    removed = 0
    for c in (cell, *b.neighbours[cell]):
        for seat in state.cars[c]:
            remove_car(state, seat, c)
            removed += 1
    state.note(o.player, f"removed {removed} train cars on and around {b.hexes[cell]}")
    return None


@effect("Cin Atalar")
def cin_atalar(ctx: EffectContext) -> Steps:
    """Pick an In-Network hex and move every Good of the hexes around it onto it.

    Source: rulebook, Surveyors, Cin Atalar.
    """
    return [
        ChooseHex(player=ctx.player, prompt="choose an In-Network hex to gather Goods on", domain=NetworkCells(), then=CinGatherThen())
    ]


@runs(CinGather)
def _cin(state: EmpyrealState, o: CinGather) -> Steps | None:
    cell = o.cell
    b = board(state)
    moved = 0
    for n in b.neighbours[cell]:
        moved += ledger.gather(state, n, cell)
    state.note(o.player, f"moved {goods_phrase(moved)} onto {b.hexes[cell]}")
    return None


# ------------------------------------------------------------ delivery and Demand Tiles
@effect("Lyal Kerigan")
def lyal_kerigan(ctx: EffectContext) -> Steps:
    """Deliver up to four Goods of one colour from your Network; it may earn a Demand Tile.

    Source: rulebook, Surveyors, Lyal Kerigan.
    """
    return [v.deliver(ctx, data(ctx.state).effects.lyal_kerigan_goods, tiles=True)]


@effect("Milton Barts")
def milton_barts(ctx: EffectContext) -> Steps:
    """Gain Spellcar twice, then activate both new Spellcars at no activation cost (inherent costs paid).

    Source: rulebook, Surveyors, Milton Barts.
    """
    return [
        v.gain_spellcar(ctx),
        v.gain_spellcar(ctx),
        MiltonActivate(player=ctx.player, railyard=tuple(ctx.me.railyard)),
    ]


@runs(MiltonActivate)
def _milton(state: EmpyrealState, o: MiltonActivate) -> Steps | None:
    ry = state.players[o.player].railyard
    before = o.railyard
    new = [s for s in range(len(ry)) if s < len(before) and ry[s] != before[s] and ry[s] not in ("", "-")]
    if not new:
        return None
    if len(new) == 1:
        return u.activate_now(state, o.player, new[0])
    return [
        ChooseOption(
            player=o.player, prompt="choose which new Spellcar to activate first",
            options=tuple(f"{slot_label(s)} {ry[s]}" for s in new), then=MiltonFirstThen(slots=tuple(new)),
        )
    ]


@runs(MiltonFirst)
def _milton_first(state: EmpyrealState, o: MiltonFirst) -> Steps | None:
    first = next(s for s in o.slots if o.choice.startswith(slot_label(s) + " "))
    rest = [s for s in o.slots if s != first]
    steps = list(u.activate_now(state, o.player, first) or ())
    steps += [ActivateSlot(player=o.player, slot=s) for s in rest]
    return steps


@runs(ActivateSlot)
def _activate_slot(state: EmpyrealState, o: ActivateSlot) -> Steps | None:
    return u.activate_now(state, o.player, o.slot)


def _tile_labels(state: EmpyrealState) -> dict[str, tuple[int, int, int]]:
    """label -> (stand, colour, kind) of every Demand Tile on the map."""
    b = board(state)
    colours = data(state).colours
    out: dict[str, tuple[int, int, int]] = {}
    for s, stand in enumerate(state.stands):
        city = b.hexes[b.cities[s]]
        for colour, kind in stand:
            out[f"{colours[colour]} {TILE_NAMES[kind]} at {city}"] = (s, colour, kind)
    return out


def _wardlaw_ok(ctx: EffectContext) -> bool:
    return sum(1 for stand in ctx.state.stands if stand) >= 2


@effect("Wardlaw O'Brien", available=_wardlaw_ok)
def wardlaw_obrien(ctx: EffectContext) -> Steps:
    """Swap two Demand Tiles between City stands, up to twice; a moved tile is claimed with Goods of its own colour.

    Source: rulebook, Surveyors, Wardlaw O'Brien.
    """
    return [_wardlaw(ctx.player, data(ctx.state).effects.wardlaw_obrien_swaps)]


def _wardlaw(player: int, times: int) -> ChooseOption:
    return ChooseOption(
        player=player, prompt=f"choose a Demand Tile to swap ({times} swaps left), or done", domain=WardlawTiles(),
        then=WardlawFirstThen(times=times), optional=True,
    )


@lists(WardlawTiles)
def _wardlaw_first_domain(state: EmpyrealState, domain: WardlawTiles, d: Choice) -> Sequence[str]:
    if sum(1 for stand in state.stands if stand) < 2:
        return []
    return sorted(_tile_labels(state))


@runs(WardlawFirst)
def _wardlaw_first(state: EmpyrealState, o: WardlawFirst) -> Steps | None:
    return [
        ChooseOption(
            player=o.player, prompt="choose the Demand Tile to swap it with", domain=WardlawPartners(),
            then=WardlawSwapThen(times=o.times, first=o.first),
        )
    ]


@lists(WardlawPartners)
def _wardlaw_second_domain(state: EmpyrealState, domain: WardlawPartners, d: Choice) -> Sequence[str]:
    then = d.then
    if not isinstance(then, WardlawSwapThen):
        return ()  # refused at load (integrity): WardlawPartners reads a WardlawSwapThen
    tiles = _tile_labels(state)
    first = tiles.get(then.first)
    if first is None:
        return []
    return sorted(
        label for label, (s, colour, kind) in tiles.items() if s != first[0] and (colour, kind) != first[1:]
    )


@runs(WardlawSwap)
def _wardlaw_swap(state: EmpyrealState, o: WardlawSwap) -> Steps | None:
    tiles = _tile_labels(state)
    s1, c1, k1 = tiles[o.first]
    s2, c2, k2 = tiles[o.second]
    state.stands[s1].remove((c1, k1))
    state.stands[s2].remove((c2, k2))
    state.stands[s1].append((c2, k2))
    state.stands[s2].append((c1, k1))
    touch(state, REV_STANDS)
    state.note(o.player, f"swapped the {o.first} and the {o.second} Demand Tiles")
    times = o.times
    if times > 1:
        return [_wardlaw(o.player, times - 1)]
    return None
