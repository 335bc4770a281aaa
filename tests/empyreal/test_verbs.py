"""The shared verbs on small positions."""

from __future__ import annotations

from hexkit.hexes import Hex

from hexkit_empyreal import GAME, Choose, PickHex
from hexkit_empyreal.effects import verbs as v
from hexkit_empyreal.effects.registry import EffectContext, push
from hexkit_empyreal.rules import settle
from hexkit_empyreal.state import TurnState

from tests.empyreal.helpers import KL, KT, cell, legal, put, sandbox, strs


def run(state, *steps, player=0):
    state.turn = TurnState(player=player)
    state.pending.clear()
    push(state, list(steps))
    settle(state)
    state._legal = None


def ctx(state, player=0):
    return EffectContext(state, player, "test")


def test_gain_mana_caps_at_ten_crystals() -> None:
    state = sandbox((KL, KT))
    ps = state.players[0]
    ps.mana, ps.spent = 6, 3
    run(state, v.gain_mana(ctx(state), 3))
    assert (ps.mana, ps.spent) == (7, 3)


def test_reclaim_some_or_all() -> None:
    state = sandbox((KL, KT))
    ps = state.players[0]
    ps.mana, ps.spent = 1, 5
    run(state, v.reclaim(ctx(state), 3))
    assert (ps.mana, ps.spent) == (4, 2)
    run(state, v.reclaim(ctx(state)))
    assert (ps.mana, ps.spent) == (6, 0)


def test_refresh_captain_engineer_or_one() -> None:
    state = sandbox((KL, KT))
    ps = state.players[0]
    ps.captain_ready = ps.engineer_ready = False
    run(state, v.refresh(ctx(state), captain=False))
    assert (ps.captain_ready, ps.engineer_ready) == (False, True)
    run(state, v.refresh(ctx(state)))
    assert ps.captain_ready


def test_gain_specialist_picks_up_the_stack() -> None:
    state = sandbox((KL, KT))
    run(state, v.gain_specialist(ctx(state)))
    assert strs(legal(state)) == ["choose Engineer", "choose Surveyor", "choose Station Master", "done"]
    GAME.apply(state, Choose("Engineer"))
    stack = sorted(state.stacks[0])
    assert strs(legal(state)) == [f"choose {n}" for n in stack]
    GAME.apply(state, Choose(stack[0]))
    assert state.players[0].engineer == stack[0] and len(state.stacks[0]) == 2
    run(state, v.gain_specialist(ctx(state)))
    assert "choose Engineer" not in strs(legal(state))


def test_gain_spellcar_lost_without_room() -> None:
    state = sandbox((KL, KT))
    ry = state.players[0].railyard
    for i, s in enumerate(ry):
        if s not in ("-",):
            ry[i] = "Metro"
    run(state, v.gain_spellcar(ctx(state)))
    assert state.pending == [] and "the gain is lost" in state.log[-1].text


def test_place_good_of_any_colour_on_last_built() -> None:
    state = sandbox((KL, KT))
    c = put(state, 2, 1, cars=[0])
    state.turn.last_built = c
    state.pending.clear()
    push(state, [v.place_good(ctx(state))])
    settle(state)
    state._legal = None
    assert len(legal(state)) == 6
    GAME.apply(state, Choose("white"))
    assert state.goods[c] == (2,)


def test_return_good_then_steps() -> None:
    state = sandbox((KL, KT))
    put(state, 2, 1, goods=["blue"], cars=[0])
    supply = state.supply[3]
    run(state, v.return_good(ctx(state), [v.gain_mana(ctx(state))]))
    GAME.apply(state, Choose("return a Good"))
    GAME.apply(state, PickHex(Hex(2, 1)))
    assert state.supply[3] == supply + 1 and state.players[0].mana == 6


def test_copy_effect_pays_inherent_cost() -> None:
    state = sandbox((KL, KT))
    run(state, v.copy_effect(ctx(state), "Kings' Line Spellcar"))
    ps = state.players[0]
    assert (ps.mana, ps.spent) == (5, 1)  # paid 1, gained 1


def test_choose_between_branches_and_extra_turn() -> None:
    state = sandbox((KL, KT))
    c = ctx(state)
    run(state, v.choose(c, [("Gain Mana", [v.gain_mana(c)]), ("Another turn", [v.extra_turn(c)])]))
    GAME.apply(state, Choose("Another turn"))
    assert state.turn.extra_turn
