"""The strong Empyreal agent: its filters and a whole game."""

from __future__ import annotations

import pytest

from hexkit.match import Match
from hexkit.rng import Rng

from hexkit_empyreal import GAME, Move
from hexkit_empyreal.actions import Choose, MainAction, SelectCaptain, SelectCompany
from hexkit_empyreal.rules.railyard import slot_index
from hexkit_empyreal.state import EmpyrealState
from hexkit_empyreal.strong import StrongEmpyrealAgent, sensible
from hexkit_empyreal.strong_eval import evaluate_strong
from hexkit_empyreal.strong_setup import setup_choice

from tests.empyreal.helpers import KL, KT, begin, legal, put, sandbox


def test_no_paid_move_onto_an_empty_column() -> None:
    state = sandbox((KL, KT))
    ps = state.players[0]
    ps.mana = 10
    ry = ps.railyard
    for slot in range(len(ry)):
        if ry[slot] != "-":
            ry[slot] = ""
    ry[slot_index("A1")] = "Kings' Line Spellcar"
    put(state, 2, 1, cars=[0])
    begin(state, 0, MainAction(player=0))
    moves = [a for a in sensible(state, legal(state)) if isinstance(a, Move)]
    # Columns B, C and D are empty: paying to move there buys nothing; the free
    # one-space Move to A is kept.
    assert [(a.spaces, a.cost) for a in moves] == [(1, 0)]


def test_strong_agent_is_the_games_hook_and_finishes_a_game() -> None:
    agent = GAME.strong_agent(3)
    assert isinstance(agent, StrongEmpyrealAgent)
    agents = {s: GAME.strong_agent(s) for s in range(2)}
    match = Match(GAME, GAME.make_config(2), seed=5, agents=agents)
    match.run()
    state = match.state
    assert isinstance(state, EmpyrealState)
    assert GAME.is_over(state)
    assert not GAME.end_reason(state).startswith("round limit")
    assert sum(GAME.played(state)["deliveries"]) >= 2


def test_captain_choice_takes_the_best_measured_captain() -> None:
    state = GAME.new(GAME.make_config(2), 0)
    # The first decisions of a fresh game are the Company choices (reverse turn order).
    assert isinstance(state.pending[-1], SelectCompany)
    company = setup_choice(GAME, state, legal(state))
    assert isinstance(company, Choose)
    # Caterpillar has the highest measured Company value, and the Wild Captain
    # Irialandradayamorella (the highest Captain value) can lead it.
    assert company.option == "Caterpillar Conveyance Consortium"
    GAME.apply(state, company)
    assert isinstance(state.pending[-1], SelectCaptain)
    captain = setup_choice(GAME, state, legal(state))
    assert captain == Choose("Irialandradayamorella")
    assert setup_choice(GAME, sandbox((KL, KT)), [Choose("x")]) is None
    # With a stream, the draw is among the Companies within 4 VP of the best
    # (with Irialandradayamorella: Caterpillar 35.2, Golden Sands 34.1,
    # Afterworld 33.7, Kings' Line 32.9; Kerigan 29.1 and Gesselheim 23.6 are out).
    fresh = GAME.new(GAME.make_config(2), 0)
    rng = Rng(1)
    drawn = set()
    for _ in range(60):
        pick = setup_choice(GAME, fresh, legal(fresh), rng)
        assert isinstance(pick, Choose)
        drawn.add(pick.option)
    assert drawn == {"Caterpillar Conveyance Consortium", "Golden Sands Company", "Afterworld Express", "Kings' Line"}


def test_lap_tile_and_trigger_terms() -> None:
    state = sandbox((KL, KT))
    state.played["upgrades"] = [0, 0]
    flat = {"tile": 0.0, "captain": 0.0, "lap": 0.0, "trigger": 0.0}
    base = evaluate_strong(state, 0, {}, flat)
    # Each Upgrade taken (End of the Line reached) is worth ``lap`` against the rival.
    state.played["upgrades"] = [2, 0]
    assert evaluate_strong(state, 0, {}, dict(flat, lap=1.5)) - base == pytest.approx(3.0)
    # A Double Demand Tile is worth its 1 VP plus ``tile``.
    state.players[0].tiles.append((0, 0))
    assert evaluate_strong(state, 0, {}, dict(flat, tile=0.5)) - base == pytest.approx(1.5)
    # Once the end is triggered, the leader (1 VP to 0) gains ``trigger``, the other loses it.
    state.end_triggered = True
    assert evaluate_strong(state, 0, {}, dict(flat, trigger=3.0)) - base == pytest.approx(4.0)
    assert evaluate_strong(state, 1, {}, dict(flat, trigger=3.0)) - evaluate_strong(
        state, 1, {}, flat
    ) == pytest.approx(-3.0)
