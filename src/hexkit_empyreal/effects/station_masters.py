"""The 17 Station Masters.

Station Masters never flip. Five have an ability used once a turn in the
Activate Specialists phase (registered as effects; the engine offers each
once a turn). The other twelve are passive (registered as
:class:`~hexkit_empyreal.effects.registry.Passive`): they change a rule of
the turn through the engine's hooks -

* move costs (Simon la Faucheuse), activation costs (Levine Casterlie),
  Transfer costs (Antine Frass, Irini Grenhart, Sanathes Danah);
* extra Administrate steps (Nicomedes An'sige, Tzart Kargan);
* an extra main action (Peril: activate, then move) and the activate-twice
  hook (Viona Larone);
* Demand Tile thresholds and steps after a delivery at the End of the Line
  (Hai of Noirwood, Leto Fulgore, Voco Astrum).

Specialist abilities stack (FAQ): every hook takes the costs already
modified and lowers them further, never raises them.

Interpretations (*assumed*):

* Peril: reaching the End of the Line by moving after activating sends the
  Conductor straight back to Start: no delivery and no Upgrade (the
  Conductor does not stop there; the engine's ``MainAction.deliver=False``).
* Viona Larone: the first activation costs what a first activation costs,
  the second one of the same Spellcar costs 1 mana (or less if another
  ability makes the next activation cheaper), inherent costs paid each
  time; mana gained by the first cannot pay for the second.
* Hai of Noirwood counts one Good more toward the Demand Tile thresholds
  of an End of the Line delivery (one Good then earns a Double Demand).
* Leto Fulgore and Voco Astrum need at least one Good delivered; Voco's two
  Goods may be of two colours, each of a City next to your Network.
* Feylana Chorgitz and Lucca Turlotte need the Specialist to Refresh to be
  exhausted, Dareios Kuel needs room for the mana, Tegusgan a hex to build
  on (FAQ: both parts of a "destroy a Good for an effect" must be possible).

Source: rulebook, Specialist Reference: Station Masters; Activate
Specialists; FAQ.
"""

from __future__ import annotations

from collections.abc import Sequence

from hexkit_empyreal.actions import EndActivation, GainMana, PerilBegin, VocoColours, VocoTake, VocoTakeThen, auto
from hexkit_empyreal.rules.dispatch import Choice, lists, runs
from hexkit_empyreal.actions import (
    ActivateSpellcars,
    BuildTrack,
    ChooseOption,
    DeliverChoice,
    MainAction,
)
from hexkit_empyreal.effects import unique_verbs as u
from hexkit_empyreal.effects import verbs as v
from hexkit_empyreal.effects.registry import EffectContext, Passive, Steps, effect, passive, passives_of
from hexkit_empyreal.rules import goods as ledger
from hexkit_empyreal.rules.build import build_options
from hexkit_empyreal.state import EmpyrealState, board, data

__all__: list[str] = []


def _lower(costs: tuple[int, ...], mine: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(min(a, b) for a, b in zip(costs, mine)) + costs[len(mine):]


# ============================================================ once a turn
@effect("Clive Melmont")
def clive_melmont(ctx: EffectContext) -> Steps:
    """Reclaim 1 mana.

    Source: rulebook, Station Masters, Clive Melmont.
    """
    return [v.reclaim(ctx, data(ctx.state).effects.clive_melmont_reclaim)]


def _dareios_ok(ctx: EffectContext) -> bool:
    goods = data(ctx.state).effects.dareios_kuel_goods
    return u.network_goods(ctx.state, ctx.player) >= goods and u.can_gain_mana(ctx.state, ctx.player)


@effect("Dareios Kuel", available=_dareios_ok)
def dareios_kuel(ctx: EffectContext) -> Steps:
    """Return two In-Network Goods to the supply, then Gain Mana.

    Source: rulebook, Station Masters, Dareios Kuel; FAQ.
    """
    return [u.return_goods_then(ctx.player, data(ctx.state).effects.dareios_kuel_goods, [v.gain_mana(ctx)])]


def _feylana_ok(ctx: EffectContext) -> bool:
    me = ctx.me
    n = data(ctx.state).effects
    return (me.mana >= n.feylana_chorgitz_mana and bool(me.engineer) and not me.engineer_ready
            and u.network_goods(ctx.state, ctx.player) >= n.feylana_chorgitz_goods)


@effect("Feylana Chorgitz", available=_feylana_ok)
def feylana_chorgitz(ctx: EffectContext) -> Steps:
    """Pay 1 mana and return an In-Network Good to the supply, then Refresh your Engineer.

    Source: rulebook, Station Masters, Feylana Chorgitz; FAQ.
    """
    n = data(ctx.state).effects
    refresh = [v.refresh(ctx, captain=False)]
    return [u.pay_then(ctx.player, n.feylana_chorgitz_mana,
                       [u.return_goods_then(ctx.player, n.feylana_chorgitz_goods, refresh)], ctx.source)]


def _lucca_ok(ctx: EffectContext) -> bool:
    me = ctx.me
    n = data(ctx.state).effects
    return (me.mana >= n.lucca_turlotte_mana and not me.captain_ready
            and u.network_goods(ctx.state, ctx.player) >= n.lucca_turlotte_goods)


@effect("Lucca Turlotte", available=_lucca_ok)
def lucca_turlotte(ctx: EffectContext) -> Steps:
    """Pay 2 mana and return two In-Network Goods to the supply, then Refresh your Captain.

    Source: rulebook, Station Masters, Lucca Turlotte; FAQ.
    """
    n = data(ctx.state).effects
    refresh = [v.refresh(ctx, engineer=False)]
    return [u.pay_then(ctx.player, n.lucca_turlotte_mana,
                       [u.return_goods_then(ctx.player, n.lucca_turlotte_goods, refresh)], ctx.source)]


def _tegusgan_build(player: int) -> BuildTrack:
    return BuildTrack(
        player=player, prompt=f"build track on {v.ANY_TERRAIN.label}, or done", target=v.ANY_TERRAIN, source="Tegusgan"
    )


def _tegusgan_ok(ctx: EffectContext) -> bool:
    me = ctx.me
    n = data(ctx.state).effects
    if me.mana < n.tegusgan_mana or u.network_goods(ctx.state, ctx.player) < n.tegusgan_goods:
        return False
    # The build comes after paying 2 mana: Transfers may use only the rest.
    return bool(build_options(ctx.state, ctx.player, _tegusgan_build(ctx.player), budget=me.mana - n.tegusgan_mana))


@effect("Tegusgan", available=_tegusgan_ok)
def tegusgan(ctx: EffectContext) -> Steps:
    """Pay 2 mana and return two In-Network Goods to the supply, then Build Track on any terrain but Wasteland.

    Source: rulebook, Station Masters, Tegusgan; FAQ.
    """
    n = data(ctx.state).effects
    build = [_tegusgan_build(ctx.player)]
    return [u.pay_then(ctx.player, n.tegusgan_mana, [u.return_goods_then(ctx.player, n.tegusgan_goods, build)], ctx.source)]


# ============================================================ cheaper moves, activations, Transfers
@passive("Simon la Faucheuse")
class SimonLaFaucheuse(Passive):
    """Moving the Conductor 1 or 2 spaces is free, 3 spaces 2 mana, 4 spaces 4 mana.

    Source: rulebook, Station Masters, Simon la Faucheuse.
    """

    def move_costs(self, state: EmpyrealState, player: int, costs: tuple[int, ...]) -> tuple[int, ...]:
        """Lower the move costs to 0/0/2/4."""
        return _lower(costs, data(state).effects.simon_la_faucheuse_move_costs)


@passive("Levine Casterlie")
class LevineCasterlie(Passive):
    """The second Spellcar activation of a Move+Activate is free, the third costs 1 mana.

    Source: rulebook, Station Masters, Levine Casterlie.
    """

    def activation_costs(self, state: EmpyrealState, player: int, costs: tuple[int, ...]) -> tuple[int, ...]:
        """Lower the marginal activation costs to 0/0/1."""
        return _lower(costs, data(state).effects.levine_casterlie_activation_costs)


@passive("Antine Frass")
class AntineFrass(Passive):
    """City Transfers cost nothing when you Build Track.

    Source: rulebook, Station Masters, Antine Frass.
    """

    def transfer_costs(
        self, state: EmpyrealState, player: int, costs: tuple[int, int, int]
    ) -> tuple[int, int, int]:
        """City Transfers: 0."""
        return (0, costs[1], costs[2])


@passive("Irini Grenhart")
class IriniGrenhart(Passive):
    """Competitor Transfers cost only 1 mana when you Build Track.

    Source: rulebook, Station Masters, Irini Grenhart.
    """

    def transfer_costs(
        self, state: EmpyrealState, player: int, costs: tuple[int, int, int]
    ) -> tuple[int, int, int]:
        """Competitor Transfers: at most 1."""
        return (costs[0], costs[1], min(costs[2], data(state).effects.irini_grenhart_competitor_transfer))


@passive("Sanathes Danah")
class SanathesDanah(Passive):
    """Wasteland Transfers cost only 1 mana when you Build Track.

    Source: rulebook, Station Masters, Sanathes Danah.
    """

    def transfer_costs(
        self, state: EmpyrealState, player: int, costs: tuple[int, int, int]
    ) -> tuple[int, int, int]:
        """Wasteland Transfers: at most 1."""
        return (costs[0], min(costs[1], data(state).effects.sanathes_danah_wasteland_transfer), costs[2])


# ============================================================ Administrate
@passive("Nicomedes An'sige")
class NicomedesAnsige(Passive):
    """When you Administrate you may also Deliver one Good.

    Source: rulebook, Station Masters, Nicomedes An'sige.
    """

    def administrate_steps(self, state: EmpyrealState, player: int) -> list[tuple[str, Steps]]:
        """An optional "Deliver one Good" step."""
        return [
            (
                "Deliver one Good (Nicomedes An'sige)",
                [DeliverChoice(player=player, prompt="deliver one Good, or skip", mode="effect", limit=1, tiles=False)],
            )
        ]


@passive("Tzart Kargan")
class TzartKargan(Passive):
    """When you Administrate you may also Build Track on your Home Terrain.

    Source: rulebook, Station Masters, Tzart Kargan.
    """

    def administrate_steps(self, state: EmpyrealState, player: int) -> list[tuple[str, Steps]]:
        """An optional "Build Track on Home Terrain" step."""
        home = data(state).company_by_name[state.players[player].company].home
        target = v.terrain(home)
        return [
            (
                "Build Track on Home Terrain (Tzart Kargan)",
                [BuildTrack(player=player, prompt=f"build track on {home}, or done", target=target, source="Tzart Kargan")],
            )
        ]


# ============================================================ delivery
@passive("Hai of Noirwood")
class HaiOfNoirwood(Passive):
    """At the End of the Line a delivery counts one Good more for Demand Tiles.

    Source: rulebook, Station Masters, Hai of Noirwood.
    """

    def demand_bonus(self, state: EmpyrealState, player: int, mode: str) -> int:
        """1 for an End of the Line delivery."""
        return data(state).effects.hai_of_noirwood_bonus if mode == "eol" else 0


@passive("Leto Fulgore")
class LetoFulgore(Passive):
    """After delivering at the End of the Line, Gain Mana (always taken: it never hurts).

    Source: rulebook, Station Masters, Leto Fulgore.
    """

    def after_delivery(
        self, state: EmpyrealState, player: int, mode: str, count: int, took_tile: bool
    ) -> Steps:
        """Gain Mana after an End of the Line delivery of at least one Good."""
        if mode == "eol" and count > 0:
            return [GainMana(player=player, amount=1)]
        return ()


def _voco_colours(state: EmpyrealState, player: int) -> list[int]:
    b = board(state)
    net = state.players[player].net
    return sorted({b.city_colour[s] for s, city in enumerate(b.cities) if b.nmask[city] & net})


@passive("Voco Astrum")
class VocoAstrum(Passive):
    """Delivering at the End of the Line without taking a Demand Tile adds two supply Goods to your folio.

    Each Good has the colour of a City next to your Network. With fewer
    than two such Goods in the supply nothing is added (FAQ).

    Source: rulebook, Station Masters, Voco Astrum; FAQ.
    """

    def after_delivery(
        self, state: EmpyrealState, player: int, mode: str, count: int, took_tile: bool
    ) -> Steps:
        """Two choices of a Good colour after a tile-less End of the Line delivery."""
        if mode != "eol" or count <= 0 or took_tile:
            return ()
        goods = data(state).effects.voco_astrum_goods
        if sum(state.supply.count(c) for c in _voco_colours(state, player)) < goods:
            state.note(player, "Voco Astrum: not enough Goods in the supply")
            return ()
        return [_voco_pick(player) for _ in range(goods)]


def _voco_pick(player: int) -> ChooseOption:
    return ChooseOption(
        player=player, prompt="Voco Astrum: choose the colour of a Good to add to your folio", domain=VocoColours(),
        then=VocoTakeThen(),
    )


@lists(VocoColours)
def _voco_colours_domain(state: EmpyrealState, domain: VocoColours, d: Choice) -> Sequence[str]:
    names = data(state).colours
    return [names[c] for c in _voco_colours(state, d.player) if state.supply.count(c) > 0]


@runs(VocoTake)
def _voco_take(state: EmpyrealState, o: VocoTake) -> Steps | None:
    colour = data(state).colour_index(o.colour)
    ledger.supply_to_folio(state, o.player, colour)  # the domain offers only colours in the supply
    ps = state.players[o.player]
    state.note(o.player, f"{ps.company} added a {o.colour} Good from the supply to its folio (Voco Astrum)")
    return None


# ============================================================ turn structure: Peril and Viona Larone
PERIL = "Activate then Move (Peril)"


@passive("Peril")
class Peril(Passive):
    """A main action: activate the Spellcars where the Conductor stands, then move it.

    The move is the engine's moves-only Move+Activate without activation;
    reaching the End of the Line this way sends the Conductor straight back
    to Start (no delivery, no Upgrade: assumed, see the module notes).

    Source: rulebook, Station Masters, Peril; Move + Activate.
    """

    def main_actions(self, state: EmpyrealState, player: int) -> list[tuple[str, Steps]]:
        """Offered while the Conductor stands on a path space (not at Start)."""
        if state.players[player].conductor < 1:
            return []
        return [
            (
                PERIL,
                [
                    auto(PerilBegin, player),
                    ActivateSpellcars(player=player, prompt="activate a Spellcar, or done"),
                    auto(EndActivation, player),
                    MainAction(
                        player=player, prompt="now move the Conductor (Peril)", moves_only=True, activate=False,
                        deliver=False,
                    ),
                ],
            )
        ]


@runs(PerilBegin)
def _peril_begin(state: EmpyrealState, o: PerilBegin) -> Steps | None:
    state.turn.activating = True
    state.note(o.player, f"{state.players[o.player].company} activates before moving (Peril)")
    return None


@passive("Viona Larone")
class VionaLarone(Passive):
    """In a Move+Activate, the one Spellcar activated may be activated again for 1 mana (plus its inherent cost).

    After that second activation no other Spellcar may be activated (the
    engine's activate-twice hook). If another ability makes the next
    activation cheaper than 1 mana, that price applies (abilities stack).

    Source: rulebook, Station Masters, Viona Larone; FAQ (abilities stack).
    """

    def activate_twice_cost(self, state: EmpyrealState, player: int) -> int | None:
        """1 mana, or the next activation's price if that is lower."""
        costs: tuple[int, ...] = data(state).rules.activation_costs
        for p in passives_of(state, player):
            costs = p.activation_costs(state, player, costs)
        if state.turn.activation_costs:
            costs = _lower(costs, state.turn.activation_costs)
        k = min(state.turn.activations, len(costs) - 1)
        return min(1, costs[k])
