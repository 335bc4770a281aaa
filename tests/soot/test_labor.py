"""The Labor module: hiring (2¤, +1 food), idle facilities, Labor Demands in Hardship, strikes, conformance.

Rulebook, "Optional Modules" (Labor): "Tier 2/3 facilities each require 1
worker meeple (hire: 2¤ at any settlement, +1 food upkeep each). In
Hardship, a Labor Demands check each round: every player pays 1¤ per worker
or that worker strikes (facility idle) until paid double. The Luxury
Manufactory's workers never strike."
"""

from __future__ import annotations

import json

import attrs
import pytest

from hexkit.agents.greedy import GreedyAgent
from hexkit.errors import IllegalActionError, InvalidRecordError
from hexkit.hexes import Hex
from hexkit.record import GameRecord, record_from_json, record_to_json, replay
from hexkit.rng import Rng
from hexkit.serialize import codec
from hexkit.testing import check_game
from hexkit.validation import StateValidationError
from hexkit_soot import GAME
from hexkit_soot.config import SootConfig
from hexkit_soot.game import SootGame
from hexkit_soot.rules.flow import advance
from hexkit_soot.rules.settlements import slots_of
from hexkit_soot.rules.setup import new_state
from hexkit_soot.actions import Choose, LaborDemand
from hexkit_soot.render import render_text
from hexkit_soot.rules import labor
from hexkit_soot.rules.labor import LABOR, NONE, STRIKING, WORKING, labor_data, labor_value
from hexkit_soot.rules.upkeep import food_bill
from hexkit_soot.state import CENTRAL_CITY, Facility, SootState
from hexkit_soot.svg import svg_style
from tests.soot.helpers import facility, give, legal, settle, start

CODEC = codec(GAME)
TOWN = Hex(2, 0)
SAWMILL = 0  # slot of the Sawmill in the settlement at TOWN


def _labor(state: SootState) -> SootState:
    """``state`` with the labor module switched on (same players and seed)."""
    state.config = GAME.make_config(players=state.config.players, variants={"labor"})
    state.invalidate_legal()
    return state


def _position(workers: tuple[int, ...] = ()) -> tuple[SootState, int]:
    """Round 1, the first player to act owns a Sawmill at TOWN (and the inputs of one firing on its hex).

    ``workers``: the Sawmill's worker value, if given.

    Returns:
        The state and the seat at the turn menu.
    """
    state = _labor(start(("Merchant", "Industrialist")))
    seat = state.pending[-1].player
    settle(state, TOWN, founder=1 - seat)
    facility(state, TOWN, "Sawmill", seat)
    if workers:
        _set(state, TOWN, SAWMILL, workers[0])
    give(state, seat, {"Timber": 2, "Grain": 1}, at=TOWN)
    state.invalidate_legal()
    return state, seat


def _set(state: SootState, at: Hex, slot: int, worker: int) -> None:
    labor.set_worker(state, at, slot, worker)


def _code(at: Hex, slot: int) -> int:
    from hexkit_soot.grid import hex_code

    return hex_code(at) * 8 + slot


def _codes(state: SootState) -> set[str]:
    return {a.code for a in legal(state)}


def _lines(state: SootState) -> list[str]:
    return [e.text for e in state.log]


# -- data and config ---------------------------------------------------------------

def test_data_numbers_come_from_the_rulebook() -> None:
    data = labor_data()
    assert (data.hire_cost, data.worker_food, data.wage, data.strike_settlement) == (2, 1, 1, 2)
    assert data.tiers == (2, 3) and data.seasons == ("Hardship",)
    assert data.never_strike == ("Luxury Manufactory",)
    config = GAME.make_config(players=3, variants={"labor"})
    assert config.modules == frozenset({"labor"})
    assert config.module_versions[0].startswith("labor 1+")


def test_broken_labor_data_names_every_field(tmp_path) -> None:  # noqa: ANN001
    (tmp_path / "labor.toml").write_text(
        'version = 1\n[[number]]\nname = "hire_cost"\nvalue = -2\nsource = "rulebook: x"\n'
        '[[number]]\nname = "wage"\nvalue = 1\nsource = "guess"\n')
    state = GAME.new(GAME.make_config(players=2), 1)
    state.config = attrs.evolve(state.config, data_dir=str(tmp_path))
    with pytest.raises(InvalidRecordError, match="labor.number.hire_cost") as err:
        labor_data(state)
    text = str(err.value)
    assert "labor.number.wage.source" in text and "labor.number.worker_food" in text and "labor.tiers" in text


# -- hiring ------------------------------------------------------------------------------

def test_hire_costs_two_and_each_worker_adds_one_food() -> None:
    state, seat = _position()
    before_food, before_cash = food_bill(state, seat), state.players[seat].currency
    hire = [a for a in legal(state) if a.code == "Hire Worker"]
    assert [a.label for a in hire] == [f"hire a worker for the Sawmill at {TOWN} (2¤)"]
    GAME.apply(state, hire[0])
    assert state.players[seat].currency == before_cash - 2
    assert labor.worker_at(state, TOWN, SAWMILL) == WORKING
    assert food_bill(state, seat) == before_food + 1
    assert f"hired a worker for the Sawmill at {TOWN} (2¤)" in _lines(state)
    assert "Hire Worker" not in _codes(state)  # one worker per facility
    assert state.pending[-1].kind == "turn" and state.pending[-1].player == seat  # a free action: the turn goes on


def test_hire_needs_two_currency_and_only_the_owner_hires() -> None:
    state, seat = _position()
    state.players[seat].currency = 1
    assert "Hire Worker" not in _codes(state)
    state.players[seat].currency = 2
    assert "Hire Worker" in _codes(state)
    state.settlements[TOWN].facilities[SAWMILL] = attrs.evolve(
        state.settlements[TOWN].facilities[SAWMILL], owner=1 - seat)
    assert "Hire Worker" not in _codes(state)  # the rival's facility: its owner hires


def test_module_off_has_no_workers_no_menu_entry_and_the_same_food() -> None:
    state = start(("Merchant", "Industrialist"))
    seat = state.pending[-1].player
    settle(state, TOWN, founder=1 - seat)
    facility(state, TOWN, "Sawmill", seat)
    give(state, seat, {"Timber": 2, "Grain": 1}, at=TOWN)
    state.invalidate_legal()
    codes = _codes(state)
    assert "Refine" in codes and "Hire Worker" not in codes and "End Strike" not in codes
    bill = food_bill(state, seat)
    assert labor.worker_food(state, seat) == 0 and labor_value(state, seat) == 0.0
    assert "[no worker]" not in render_text(state)
    _labor(state)
    assert food_bill(state, seat) == bill  # no worker hired yet: no extra food


# -- idle facilities ---------------------------------------------------------------------

def test_a_facility_without_a_worker_cannot_refine() -> None:
    state, seat = _position()
    assert "Refine" not in _codes(state)
    saved = CODEC.state_to_json(state)
    with pytest.raises(IllegalActionError, match="module labor: Tier 2/3 facilities each require 1 worker") as err:
        GAME.apply(state, Choose(code="Refine", arg=0, label="Refine"))
    assert f"the Sawmill at {TOWN} (no worker)" in str(err.value)
    assert CODEC.state_to_json(state) == saved  # refused: nothing changed
    hire = next(a for a in legal(state) if a.code == "Hire Worker")
    GAME.apply(state, hire)
    assert "Refine" in _codes(state)
    GAME.apply(state, next(a for a in legal(state) if a.code == "Refine"))
    fire = next(a for a in legal(state) if a.code == "fire")
    GAME.apply(state, fire)
    assert state.players[seat].loose[TOWN].get("Lumber") == 2  # the staffed Sawmill fired: 2 Timber -> 2 Lumber


def test_a_struck_facility_is_refused_at_the_refine_question_naming_the_strike() -> None:
    state, seat = _position(workers=(STRIKING,))
    facility(state, TOWN, "Stonecutter", seat)
    _set(state, TOWN, 1, WORKING)
    give(state, seat, {"Stone": 2}, at=TOWN)
    state.invalidate_legal()
    GAME.apply(state, next(a for a in legal(state) if a.code == "Refine"))
    offered = [a for a in legal(state) if a.code == "fire"]
    assert [a.arg for a in offered] == [_code(TOWN, 1)]  # the Stonecutter only
    saved = CODEC.state_to_json(state)
    with pytest.raises(IllegalActionError, match="its worker is on strike") as err:
        GAME.apply(state, Choose(code="fire", arg=_code(TOWN, SAWMILL), label=f"fire Sawmill at {TOWN}"))
    assert "Sawmill" in str(err.value) and "module labor" in str(err.value)
    assert CODEC.state_to_json(state) == saved


# -- Labor Demands -------------------------------------------------------------------------

def _check_position() -> tuple[SootState, int, int]:
    """Round 7 (Hardship), actions over: P-seat has a working Sawmill and a working Luxury
    Manufactory at the Central City; the rival a working Tannery and no currency."""
    state, seat = _position(workers=(WORKING,))
    rival = 1 - seat
    facility(state, TOWN, "Tannery", rival)
    _set(state, TOWN, 1, WORKING)
    facility(state, CENTRAL_CITY, "Luxury Manufactory", seat)
    _set(state, CENTRAL_CITY, len(state.settlements[CENTRAL_CITY].facilities) - 1, WORKING)
    state.players[rival].currency = 0
    state.players[seat].currency = 5
    state.round = 7
    state.pending.clear()
    state.phase = "upkeep"
    state.cursor = 0
    state.order = [seat, rival]
    return state, seat, rival


def _answer_demand(state: SootState, code: str) -> None:
    """Answer the Labor Demands question on top through its handler (no flow afterwards)."""
    step = state.pending.pop()
    assert isinstance(step, LaborDemand) and step.kind == "labor.demand"
    handler = labor.DemandHandler()
    handler.resolve(state, step, next(a for a in handler.answers(state, step) if a.code == code))


def test_labor_demands_one_per_worker_paid_or_struck_luxury_exempt() -> None:
    state, seat, rival = _check_position()
    LABOR.after_actions(state)
    assert state.pending[-1].kind == "labor.demand" and state.pending[-1].player == seat
    assert [a.code for a in labor.DemandHandler().answers(state, state.pending[-1])] == ["pay", "strike"]
    _answer_demand(state, "pay")
    assert state.players[seat].currency == 5 - 1  # 1¤ for its one striking-eligible worker
    assert not state.pending  # the Luxury Manufactory is never asked; the rival cannot pay
    assert labor.worker_at(state, TOWN, SAWMILL) == WORKING and labor.worker_at(state, TOWN, 1) == STRIKING
    lux = len(state.settlements[CENTRAL_CITY].facilities) - 1
    assert state.settlements[CENTRAL_CITY].facilities[lux].name == "Luxury Manufactory"
    assert labor.worker_at(state, CENTRAL_CITY, lux) == WORKING
    lines = _lines(state)
    assert "Labor Demands (Hardship): 2 worker(s) ask 1¤ each" in lines  # the Luxury Manufactory's is not one
    assert any("never strikes" in t and "Luxury Manufactory" in t for t in lines)
    assert f"paid 1¤ wages to the worker at the Sawmill at {TOWN} (Labor Demands)" in lines
    assert any(t.startswith(f"the worker at the Tannery at {TOWN} strikes (no 1¤ for wages)") for t in lines)


def test_a_refused_wage_strikes_until_paid_double() -> None:
    state, seat, _ = _check_position()
    LABOR.after_actions(state)
    _answer_demand(state, "strike")
    assert state.players[seat].currency == 5  # nothing paid
    assert labor.worker_at(state, TOWN, SAWMILL) == STRIKING
    assert labor_value(state, seat) < 0  # the agents see the idle facility
    # the next round's turn: the Sawmill idles; ending the strike costs 2¤
    state.phase = "actions"
    state.round = 8
    state.pending.clear()
    from hexkit_soot.rules.steps import ask

    ask(state, seat, "turn", prompt=f"P{seat}: your turn")
    state.invalidate_legal()
    assert "Refine" not in _codes(state)
    end = [a for a in legal(state) if a.code == "End Strike"]
    assert [a.label for a in end] == [f"pay 2¤ (double wages) to end the strike at the Sawmill at {TOWN}"]
    GAME.apply(state, end[0])
    assert state.players[seat].currency == 5 - 2
    assert labor.worker_at(state, TOWN, SAWMILL) == WORKING
    assert "Refine" in _codes(state)
    assert labor_value(state, seat) == 0.0


def test_a_worker_on_strike_is_not_asked_again_and_still_eats() -> None:
    state, seat, rival = _check_position()
    _set(state, TOWN, SAWMILL, STRIKING)
    food = food_bill(state, seat)
    LABOR.after_actions(state)
    assert not state.pending  # the seat's only striking-eligible worker is already out
    assert state.players[seat].currency == 5
    assert labor.workers_of(state, seat) == 2 and labor.worker_food(state, seat) == 2  # Sawmill + Luxury
    assert food_bill(state, seat) == food


@pytest.mark.parametrize("round_", [1, 3, 4, 6, 10, 12, 14])
def test_no_check_outside_hardship(round_: int) -> None:
    state, seat, rival = _check_position()
    state.round = round_
    LABOR.after_actions(state)
    assert not state.pending
    assert state.players[seat].currency == 5 and labor.worker_at(state, TOWN, 1) == WORKING
    assert not any(t.startswith("Labor Demands (") for t in _lines(state))


@pytest.mark.parametrize("round_", [7, 8, 9])
def test_a_check_in_every_hardship_round(round_: int) -> None:
    state, seat, rival = _check_position()
    state.round = round_
    LABOR.after_actions(state)
    assert state.pending[-1].kind == "labor.demand"


def test_the_check_runs_in_the_round_before_upkeep() -> None:
    """Played through the round: when the last player passes in round 7 the check asks before Upkeep."""
    state, seat, rival = _check_position()
    state.phase = "actions"
    state.passed = [rival]
    state.players[seat].actions = 0
    from hexkit_soot.rules.steps import ask

    ask(state, seat, "turn", prompt=f"P{seat}: your turn")
    state.invalidate_legal()
    GAME.apply(state, next(a for a in legal(state) if a.code == "Pass"))
    assert state.phase == "upkeep" and state.pending[-1].kind == "labor.demand"
    assert not any("upkeep" in t and "food" in t for t in _lines(state)[-6:])  # food not paid yet


# -- teardown, validation, pictures -----------------------------------------------------------------

def test_a_torn_down_facility_takes_its_worker() -> None:
    state, seat = _position(workers=(WORKING,))
    assert labor.worker_food(state, seat) == 1
    labor_food = food_bill(state, seat)
    from hexkit_soot.rules.upkeep import _remove

    _remove(state, seat, Choose(code="facility", arg=_code(TOWN, SAWMILL), label=""), "could not pay upkeep")
    assert state.settlements[TOWN].facilities == []
    # the worker's 1 food goes, and the settlement's second food (the seat had the most facilities there)
    assert labor.worker_food(state, seat) == 0 and food_bill(state, seat) == labor_food - 1 - 1
    assert _lines(state)[-1] == f"tore down Sawmill at {TOWN} (could not pay upkeep); its worker leaves"


def test_saved_states_with_impossible_workers_are_refused_naming_the_field() -> None:
    state, seat = _position(workers=(WORKING,))
    GAME.validate_state(state)
    data = json.loads(CODEC.state_to_json(state))
    code = _code(TOWN, SAWMILL)
    assert data["state"]["module_state"]["labor.workers"] == [code]
    assert labor.worker_at(CODEC.state_from_json(json.dumps(data)), TOWN, SAWMILL) == WORKING
    for bad, why in (([code + 1], "no facility in slot 1"), ([code, code], "without repeats")):
        data["state"]["module_state"]["labor.workers"] = bad
        with pytest.raises(StateValidationError, match=rf"module_state\.labor\.workers.*{why}"):
            CODEC.state_from_json(json.dumps(data))
    data["state"]["module_state"]["labor.workers"] = [code]
    data["state"]["module_state"]["labor.strikes"] = [code]
    with pytest.raises(StateValidationError, match="both at work and on strike"):
        CODEC.state_from_json(json.dumps(data))
    off = start(("Merchant", "Industrialist"))
    settle(off, TOWN, founder=0)
    facility(off, TOWN, "Sawmill", 0)
    off.module_state["labor.workers"] = [code]
    with pytest.raises(StateValidationError, match="workers without the labor module"):
        GAME.validate_state(off)


def test_module_off_states_have_no_labor_keys_and_load_as_before() -> None:
    state = GAME.new(GAME.make_config(players=2), 1)
    assert not any(k.startswith("labor.") for k in state.module_state)
    on = GAME.new(GAME.make_config(players=2, variants={"labor"}), 1)
    assert on.module_state["labor.workers"] == [] and on.module_state["labor.strikes"] == []


def test_a_teardown_moves_the_later_slots_workers_down() -> None:
    state, seat = _position(workers=(NONE,))
    facility(state, TOWN, "Stonecutter", seat)
    _set(state, TOWN, 1, STRIKING)
    from hexkit_soot.rules.upkeep import _remove

    _remove(state, seat, Choose(code="facility", arg=_code(TOWN, SAWMILL), label=""), "could not pay upkeep")
    assert _lines(state)[-1] == f"tore down Sawmill at {TOWN} (could not pay upkeep)"  # it had no worker
    assert [f.name for f in state.settlements[TOWN].facilities] == ["Stonecutter"]
    assert labor.worker_at(state, TOWN, 0) == STRIKING and state.module_state["labor.strikes"] == [_code(TOWN, 0)]
    GAME.validate_state(state)


def test_boards_show_workers_and_strikes() -> None:
    state, seat = _position(workers=(STRIKING,))
    facility(state, TOWN, "Stonecutter", seat)
    text = render_text(state)
    assert "Sawmill(P%d) [on strike]" % seat in text and "Stonecutter(P%d) [no worker]" % seat in text
    assert "labor: P%d 0 at work, 1 on strike, 1 unstaffed" % seat in text
    _, style = svg_style(state)
    titles = [m.title for m in style.markers(TOWN, 0)]
    assert f"P{seat} worker at the Sawmill: on strike (the facility idles)" in titles
    assert any("worker" in e.text for e in style.legend())


# -- agents -------------------------------------------------------------------------------------

def test_agents_value_an_idle_facility_below_its_hire() -> None:
    state, seat = _position()
    idle = labor_value(state, seat)
    assert idle == pytest.approx(-(0.5 + 0.6 * 8))  # round 1: 12 rounds left, at most 8 counted
    hire = next(a for a in legal(state) if a.code == "Hire Worker")
    after = GAME.clone(state)
    GAME.apply(after, hire)
    assert labor_value(after, seat) == 0.0
    assert GAME.evaluate(after, seat) > GAME.evaluate(state, seat)  # the greedy agent's evaluation gains


def test_greedy_pays_wages_and_strong_hires() -> None:
    state, seat, _ = _check_position()
    LABOR.after_actions(state)
    agent = GreedyAgent(3)
    choice = agent.act(GAME, GAME.view(state, seat), list(GAME.legal_actions(state)))
    assert choice.code == "pay"
    fresh, who = _position()
    strong = GAME.strong_agent(5)
    pick = strong.act(GAME, GAME.view(fresh, who), list(GAME.legal_actions(fresh)))
    assert pick.code == "Hire Worker"


# -- records and conformance ------------------------------------------------------------------------

def test_a_record_replays_with_labor_and_refuses_another_labor_version() -> None:
    config = GAME.make_config(players=2, variants={"labor"})
    record = GameRecord(game="soot", version=GAME.info.version, config=config, seed=3, actions=[])
    state = GAME.new(config, 3)
    chooser = Rng(3)
    for _ in range(400):
        if GAME.is_over(state):
            break
        legal_now = GAME.legal_actions(state)
        action = legal_now[chooser.randbelow(len(legal_now))]
        record.actions.append(action)
        GAME.apply(state, action)
    text = record_to_json(GAME, record)
    assert "labor 1+" in text
    again = replay(GAME, record_from_json(GAME, text))
    assert CODEC.state_to_json(again) == CODEC.state_to_json(state)
    with pytest.raises(InvalidRecordError, match="module_versions: made with labor 0"):
        record_from_json(GAME, text.replace("labor 1+", "labor 0+"))


class _Staffed(SootGame):
    """Soot whose set-up gives each seat a Central City Tier 3 facility, as far as the slots go, with
    workers at work, none, at work, on strike in turn, and whose first round is round 7 (Hardship):
    random play rarely builds a facility (2 in 50 games), so the plain runs seldom reach hiring,
    strikes or Labor Demands; these games start there."""

    def setup(self, config: SootConfig, rng: Rng) -> SootState:
        state = new_state(config, rng)
        names = ("Luxury Manufactory", "Steelworks", "Glassworks", "Tool Works")
        workers = (WORKING, NONE, WORKING, STRIKING)
        facs = state.settlements[CENTRAL_CITY].facilities
        for seat in range(min(config.players, slots_of(state, CENTRAL_CITY))):
            facs.append(Facility(name=names[seat % 4], owner=seat))
            labor.set_worker(state, CENTRAL_CITY, seat, workers[seat % 4])
        state.round = 6  # the first round played is round 7, Hardship: Labor Demands at once (T3 food eats fast)
        advance(state)
        return state


STAFFED = _Staffed()


def test_staffed_games_reach_every_labor_mechanism() -> None:
    seen: set[str] = set()
    for players, seed in ((3, 1), (4, 2), (2, 3), (5, 4)):
        state = STAFFED.new(GAME.make_config(players=players, variants={"labor"}), seed)
        chooser = Rng(seed)
        while not STAFFED.is_over(state):
            options = STAFFED.legal_actions(state)
            STAFFED.apply(state, options[chooser.randbelow(len(options))])
        text = "\n".join(_lines(state))
        seen |= {k for k in ("hired a worker", "wages to", "strikes (", "strike at", "never strikes",
                             "its worker leaves") if k in text}
    assert seen == {"hired a worker", "wages to", "strikes (", "strike at", "never strikes", "its worker leaves"}


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_conformance_labor_staffed_short(players: int) -> None:
    report = check_game(STAFFED, [GAME.make_config(players=players, variants={"labor"})], seeds=range(1),
                        json_every=29, view_every=53, all_views=False)
    assert report.games == 1


@pytest.mark.soak
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_conformance_labor_staffed_soak(players: int) -> None:
    report = check_game(STAFFED, [GAME.make_config(players=players, variants={"labor"})], seeds=range(200, 210),
                        json_every=101, view_every=211, all_views=False)
    assert report.games == 10


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_conformance_labor_short(players: int) -> None:
    report = check_game(GAME, [GAME.make_config(players=players, variants={"labor"})], seeds=range(2),
                        json_every=61, view_every=97, all_views=False)
    assert report.games == 2


@pytest.mark.soak
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_conformance_labor_soak(players: int) -> None:
    report = check_game(GAME, [GAME.make_config(players=players, variants={"labor"})], seeds=range(100, 120),
                        json_every=307, view_every=401, all_views=False)
    assert report.games == 20
