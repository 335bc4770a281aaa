"""The Labor module: workers for Tier 2/3 facilities, Labor Demands in Hardship, strikes.

Rules (rulebook, "Optional Modules", Labor): Tier 2 and Tier 3 facilities
each require one worker meeple (hire: 2¤ at any settlement; each worker adds
1 food to upkeep). In Hardship there is a Labor Demands check each round:
every player pays 1¤ per worker or that worker strikes (its facility idles)
until paid double. The Luxury Manufactory's workers never strike.

Interpretations (assumed, ``docs/rules/soot.md`` I70-I76):

* I70 Hiring is a free action on your turn (``Hire Worker``, like a loan):
  pay 2¤ to the bank and one of your own Tier 2/3 facilities without a
  worker gets one. "At any settlement" is where the worker is hired: every
  Tier 2/3 facility stands in a settlement or the Central City, so it is
  hired where its facility stands, and no agent needs to be there (Refine
  needs no agent either). Only the owner hires; a renter fires a staffed
  facility and pays the usual fee.
* I71 A facility without a worker at work (none hired, or on strike) cannot
  fire: Refine does not offer it, and an answer naming it is refused with
  the Labor rule named. The Warehouse (Tier 0) needs none.
* I72 Each hired worker, at work or on strike, adds 1 food to its owner's
  Upkeep food bill.
* I73 The Labor Demands check runs in each Hardship round (rounds 7-9) when
  every player has passed, before Upkeep (the module ``after_actions``
  hook): in turn order, each worker at work (facilities in hex order) asks
  its owner for 1¤; the owner pays it or lets the worker strike. A player
  without 1¤ cannot pay: the worker strikes. A worker already on strike is
  not asked again.
* I74 A strike ends when the owner pays double (2¤): a free action on their
  turn (``End Strike``), at any time after the check.
* I75 The Luxury Manufactory's workers are never asked and never strike
  (they are still hired and still eat).
* I76 A facility torn down (an unpaid Upkeep) takes its worker with it: no
  refund, no more food.

State: ``SootState.module_state`` keys ``labor.workers`` (answer codes,
``hex_code * 8 + slot`` as Refine's, of the facilities with a worker at
work) and ``labor.strikes`` (those whose worker is on strike), both sorted;
absent without the module, so base-game states and saves are unchanged.
A facility torn down leaves both lists and the codes of the later slots of
its settlement move down by one (:func:`forget`). Numbers: ``data/labor.toml`` (every entry with its
``source``); a designer's ``data_dir`` with its own ``labor.toml`` replaces it.

Source: rulebook, "Optional Modules" (Labor).
"""

from __future__ import annotations

import sys
from collections.abc import Iterator, Sequence
from typing import Any

from hexkit.flow import Handler
from hexkit.game import PlayerId
from hexkit.hexes import Hex
from hexkit.validation import Problems
from hexkit_soot.actions import Choose, LaborDemand, SootDecision
from hexkit_soot.grid import code_hex, hex_code, season_of
from hexkit_soot.data import load_data
from hexkit_soot.ledger import data, spend_currency
from hexkit_soot.module_data import LaborData, module_digest
from hexkit_soot.registry import REGISTRY, SootRegistry, add_declared
from hexkit_soot.rules.modules import register_module
from hexkit_soot.rules.steps import free_action, opt, optf
from hexkit_soot.state import Facility, SootState

__all__ = [
    "NAME", "RULES_VERSION", "NONE", "WORKING", "STRIKING", "WORKERS", "STRIKES", "LaborData", "labor_data",
    "labor_on", "needs_worker", "worker_at", "set_worker", "is_idle", "idle_codes", "workers_of", "worker_food",
    "forget", "labor_value", "labor_lines", "worker_text", "why_idle", "refine_note", "check_workers", "Labor",
    "DemandHandler",
    "LABOR", "register",
]

NAME = "labor"
"""The module's name (and its variant's)."""
RULES_VERSION = 1
"""The Labor rules version (with the data digest, in ``SootConfig.module_versions``)."""
NONE, WORKING, STRIKING = 0, 1, 2
"""A facility's worker (:func:`worker_at`): none, at work, on strike."""
WORKERS = "labor.workers"
"""``module_state`` key: sorted codes of the facilities with a worker at work."""
STRIKES = "labor.strikes"
"""``module_state`` key: sorted codes of the facilities whose worker is on strike."""
_FILE = "labor.toml"
_NO_CODES: frozenset[int] = frozenset()


def labor_data(state: SootState | None = None) -> LaborData:
    """The Labor numbers a game plays with: ``SootData.labor`` (the designer's
    ``data_dir/labor.toml`` if it has one, else the packaged file, with the config's
    ``--set labor.*`` overrides).

    Args:
        state: the game (``None``: the packaged data).

    Raises:
        InvalidRecordError: the file is malformed (every broken field named).
    """
    return load_data().labor if state is None else data(state).labor


def labor_on(state: SootState) -> bool:
    """Whether the Labor module is on in ``state``'s game."""
    return NAME in getattr(state.config, "modules", ())


def needs_worker(state: SootState, name: str) -> bool:
    """Whether a facility of type ``name`` needs a worker (Tier 2 or 3; never the Warehouse).

    Args:
        state: the game.
        name: the facility type.
    """
    ft = data(state).facilities.get(name)
    return ft is not None and ft.tier in labor_data(state).tiers


def _code(at: Hex, slot: int) -> int:
    return hex_code(at) * 8 + slot


def worker_at(state: SootState, at: Hex, slot: int) -> int:
    """The worker of the facility in ``slot`` at ``at``: :data:`NONE`, :data:`WORKING` or :data:`STRIKING`.

    Args:
        state: the game (always :data:`NONE` without the module).
        at: the settlement's hex.
        slot: the facility's index in ``Settlement.facilities``.
    """
    code = _code(at, slot)
    if code in state.module_state.get(WORKERS, ()):
        return WORKING
    if code in state.module_state.get(STRIKES, ()):
        return STRIKING
    return NONE


def set_worker(state: SootState, at: Hex, slot: int, worker: int) -> None:
    """Make the worker of the facility in ``slot`` at ``at`` ``worker`` (module on).

    Args:
        state: the game.
        at: the hex.
        slot: the facility's slot.
        worker: :data:`NONE`, :data:`WORKING` or :data:`STRIKING`.
    """
    code = _code(at, slot)
    for key, value in ((WORKERS, WORKING), (STRIKES, STRIKING)):
        codes = state.module_state.setdefault(key, [])
        if code in codes:
            codes.remove(code)
        if worker == value:
            codes.append(code)
            codes.sort()


def is_idle(state: SootState, at: Hex, slot: int, fac: Facility) -> bool:
    """Whether ``fac`` (in ``slot`` at ``at``) cannot fire for want of a worker at work (False without the module).

    Source: rulebook, Labor ("Tier 2/3 facilities each require 1 worker"; a strike idles it).
    """
    return labor_on(state) and needs_worker(state, fac.name) and _code(at, slot) not in state.module_state.get(WORKERS, ())


def _facilities(state: SootState) -> Iterator[tuple[Hex, int, Facility]]:
    """Every facility in hex order, then slot order."""
    for at, s in sorted(state.settlements.items()):
        for slot, fac in enumerate(s.facilities):
            yield at, slot, fac


def idle_codes(state: SootState) -> frozenset[int]:
    """Answer codes (``hex_code * 8 + slot``, as Refine's) of every facility that cannot fire for want of a worker.

    Empty without the module (the base game's Refine is unchanged).

    Args:
        state: the game.
    """
    if NAME not in getattr(state.config, "modules", ()):
        return _NO_CODES
    return frozenset(_code(at, slot) for at, slot, fac in _facilities(state) if is_idle(state, at, slot, fac))


def workers_of(state: SootState, player: PlayerId) -> int:
    """Workers ``player`` employs (at work or on strike)."""
    return sum(1 for at, slot, f in _facilities(state) if f.owner == player and worker_at(state, at, slot) != NONE)


def worker_food(state: SootState, player: PlayerId) -> int:
    """Food ``player``'s workers add to this Upkeep: 1 per worker (0 without the module).

    Source: rulebook, Labor ("+1 food upkeep each").
    """
    if not labor_on(state):
        return 0
    return labor_data(state).worker_food * workers_of(state, player)


def forget(state: SootState, at: Hex, slot: int) -> bool:
    """A facility was torn down from ``slot`` at ``at``: its worker leaves (I76); later slots' codes move down.

    Changes nothing without the module (no key is made).

    Args:
        state: the game.
        at: the hex.
        slot: the slot it stood in (already removed from ``Settlement.facilities``).

    Returns:
        Whether it had a worker.
    """
    if WORKERS not in state.module_state and STRIKES not in state.module_state:
        return False
    gone = _code(at, slot)
    had = False
    for key in (WORKERS, STRIKES):
        codes = state.module_state.get(key)
        if codes is None:
            continue
        had = had or gone in codes
        state.module_state[key] = sorted(c - 1 if c // 8 == gone // 8 and c > gone else c for c in codes if c != gone)
    return had


def _set_worker(state: SootState, at: Hex, slot: int, worker: int) -> Facility:
    set_worker(state, at, slot, worker)
    return state.settlements[at].facilities[slot]


def _own(state: SootState, player: PlayerId, code: int) -> tuple[Hex, int, Facility] | None:
    """The facility of answer code ``code`` if it exists and ``player`` owns it."""
    if type(code) is not int or code < 0:
        return None
    at, slot = code_hex(code // 8), code % 8
    s = state.settlements.get(at)
    if s is None or slot >= len(s.facilities) or s.facilities[slot].owner != player:
        return None
    return at, slot, s.facilities[slot]


# -- hiring and ending strikes (free actions) --------------------------------

def _hire_options(state: SootState, player: PlayerId) -> list[Choose]:
    if NAME not in getattr(state.config, "modules", ()):
        return []
    cost = labor_data(state).hire_cost
    if state.players[player].currency < cost:
        return []
    return [optf("Hire Worker", _code(at, slot), "hire a worker for the {} at {} ({}¤)", fac.name, at, cost)
            for at, slot, fac in _facilities(state)
            if fac.owner == player and needs_worker(state, fac.name) and worker_at(state, at, slot) == NONE]


@free_action("Hire Worker", _hire_options)
def on_hire(state: SootState, player: PlayerId, answer: Choose) -> None:
    """Hire a worker for one of your facilities: 2¤ to the bank (I70).

    Source: rulebook, Labor ("hire: 2¤ at any settlement").
    """
    at, slot = code_hex(answer.arg // 8), answer.arg % 8
    cost = labor_data(state).hire_cost
    spend_currency(state, player, cost)
    fac = _set_worker(state, at, slot, WORKING)
    state.note(player, f"hired a worker for the {fac.name} at {at} ({cost}¤)")


def _strike_options(state: SootState, player: PlayerId) -> list[Choose]:
    if NAME not in getattr(state.config, "modules", ()):
        return []
    cost = labor_data(state).strike_settlement
    if state.players[player].currency < cost:
        return []
    return [optf("End Strike", _code(at, slot), "pay {}¤ (double wages) to end the strike at the {} at {}",
                 cost, fac.name, at)
            for at, slot, fac in _facilities(state) if fac.owner == player and worker_at(state, at, slot) == STRIKING]


@free_action("End Strike", _strike_options)
def on_end_strike(state: SootState, player: PlayerId, answer: Choose) -> None:
    """Pay double wages (2¤) and the striking worker goes back to work (I74).

    Source: rulebook, Labor ("strikes ... until paid double").
    """
    at, slot = code_hex(answer.arg // 8), answer.arg % 8
    cost = labor_data(state).strike_settlement
    spend_currency(state, player, cost)
    fac = _set_worker(state, at, slot, WORKING)
    state.note(player, f"paid {cost}¤ (double wages): the strike at the {fac.name} at {at} ends")


# -- the Labor Demands check -----------------------------------------------------

def _demands(state: SootState) -> list[tuple[PlayerId, int]]:
    """``(owner, code)`` of every worker a check may ask, in turn order, then hex and slot order."""
    never = labor_data(state).never_strike
    out: list[tuple[PlayerId, int]] = []
    for player in state.order:
        out.extend((player, _code(at, slot)) for at, slot, fac in _facilities(state)
                   if fac.owner == player and fac.name not in never and worker_at(state, at, slot) != NONE)
    return out


def _strike(state: SootState, player: PlayerId, at: Hex, slot: int, why: str) -> None:
    fac = _set_worker(state, at, slot, STRIKING)
    state.note(player, f"the worker at the {fac.name} at {at} strikes ({why}): the facility idles until paid "
                       f"{labor_data(state).strike_settlement}¤")


def _go_on(state: SootState, after: int) -> None:
    """Ask the next worker of the check (position ``after`` onwards) for wages; strike those unpaid."""
    wage = labor_data(state).wage
    demands = _demands(state)
    for player, code in demands[after:]:
        at, slot = code_hex(code // 8), code % 8
        fac = state.settlements[at].facilities[slot]
        if worker_at(state, at, slot) != WORKING:
            continue  # already on strike: not asked again (I73)
        if state.players[player].currency < wage:
            _strike(state, player, at, slot, f"no {wage}¤ for wages")
            continue
        state.pending.append(LaborDemand(
            player=player, at=at, slot=slot,
            prompt=f"Labor Demands: pay {wage}¤ to your worker at the {fac.name} at {at}, or it strikes"))
        return


def start_demands(state: SootState) -> None:
    """Run the Labor Demands check (I73, I75): log it, then ask the first worker.

    Args:
        state: the game (a round of a season with the check).

    Source: rulebook, Labor ("In Hardship, a Labor Demands check each round").
    """
    data = labor_data(state)
    asked = _demands(state)
    state.note(None, f"Labor Demands ({season_of(state.round)}): {len(asked)} worker(s) ask {data.wage}¤ each")
    for at, slot, fac in _facilities(state):
        if fac.name in data.never_strike and worker_at(state, at, slot) != NONE:
            state.note(fac.owner, f"the worker at the {fac.name} at {at} never strikes (best wages in the territory)")
    _go_on(state, 0)


class DemandHandler(Handler[SootState, LaborDemand, Choose]):
    """The :class:`~hexkit_soot.actions.LaborDemand` question: pay the worker's wage, or let it strike.

    Source: module labor, "Labor Demands".
    """

    def answers(self, state: SootState, question: LaborDemand) -> Sequence[Choose]:
        """``Choose("pay", code)`` and ``Choose("strike", code)`` for the facility's ``code``."""
        at, code = question.at, _code(question.at, question.slot)
        name = state.settlements[at].facilities[question.slot].name
        wage = labor_data(state).wage
        return (optf("pay", code, "pay {}¤ wages to the worker at the {} at {}", wage, name, at),
                optf("strike", code, "let the worker at the {} at {} strike", name, at))

    def resolve(self, state: SootState, question: LaborDemand, answer: Choose) -> None:
        """Pay the worker's wage or let it strike, then ask the next worker."""
        player, code = question.player, _code(question.at, question.slot)
        demands = _demands(state)
        here = _own(state, player, code)
        if here is None or (player, code) not in demands:
            return  # a question naming no worker of the player (a tampered save): the check ends
        at, slot, fac = here
        if worker_at(state, at, slot) == WORKING:
            if answer.code == "pay" and state.players[player].currency >= labor_data(state).wage:
                wage = labor_data(state).wage
                spend_currency(state, player, wage)
                state.note(player, f"paid {wage}¤ wages to the worker at the {fac.name} at {at} (Labor Demands)")
            else:
                _strike(state, player, at, slot, "wages refused")
        _go_on(state, demands.index((player, code)) + 1)


# -- agents, pictures, refusals, checks ---------------------------------------------

def labor_value(state: SootState, player: PlayerId) -> float:
    """The agents' worth term of ``player``'s workers: minus the promise of each own idle facility.

    An own Tier 2/3 facility without a worker at work loses
    ``idle_base + idle_per_round * min(rounds left, 8)`` points (assumed
    weights, data/labor.toml ``agent``): more than the 2¤ hire or the 1¤
    wage at any agent's currency weight while rounds are left, so the agents
    hire for the facilities they built and pay wages while firing is ahead.

    Args:
        state: the game (module on; 0 when off).
        player: the seat valued.
    """
    if not labor_on(state):
        return 0.0
    data = labor_data(state)
    idle = sum(1 for at, slot, f in _facilities(state) if f.owner == player and is_idle(state, at, slot, f))
    if not idle:
        return 0.0
    left = max(0, (state.last_round or 13) - state.round)
    return -idle * (data.idle_base + data.idle_per_round * min(left, 8))


def worker_text(state: SootState, at: Hex, slot: int, fac: Facility) -> str:
    """A facility's worker on the text board: ``" [worker]"``, ``" [on strike]"``, ``" [no worker]"``; ``""`` when off.

    Args:
        state: the game.
        at: the facility's hex.
        slot: its slot.
        fac: the facility.
    """
    if not labor_on(state) or not needs_worker(state, fac.name):
        return ""
    return {NONE: " [no worker]", WORKING: " [worker]", STRIKING: " [on strike]"}[worker_at(state, at, slot)]


def labor_lines(state: SootState) -> list[str]:
    """The Labor line of the text board: each player's workers and strikes.

    Args:
        state: the game (module on; empty when off).
    """
    if not labor_on(state):
        return []
    parts = []
    for seat in range(len(state.players)):
        own = [worker_at(state, at, slot) for at, slot, f in _facilities(state)
               if f.owner == seat and needs_worker(state, f.name)]
        if own:
            working = own.count(WORKING)
            striking = own.count(STRIKING)
            parts.append(f"P{seat} {working} at work, {striking} on strike, {len(own) - working - striking} unstaffed")
    season = " (Labor Demands this round)" if season_of(max(1, state.round)) in labor_data(state).seasons else ""
    return [f"labor{season}: " + ("; ".join(parts) or "no Tier 2/3 facilities yet")]


def _rule(state: SootState) -> str:
    data = labor_data(state)
    return (f"module labor: Tier 2/3 facilities each require 1 worker at work (hire one for {data.hire_cost}¤; "
            f"a strike ends when paid {data.strike_settlement}¤)")


def why_idle(state: SootState, step: SootDecision, action: Any) -> str | None:
    """Why ``action`` cannot fire a facility at a Refine question: it has no worker at work (else None).

    Args:
        state: the game.
        step: the question on top.
        action: the refused answer.
    """
    if step.kind != "refine.fire" or not isinstance(action, Choose) or action.code != "fire":
        return None
    if action.arg not in idle_codes(state):
        return None
    at, slot = code_hex(action.arg // 8), action.arg % 8
    fac = state.settlements[at].facilities[slot]
    what = "its worker is on strike" if worker_at(state, at, slot) == STRIKING else "it has no worker"
    return f"Refine: the {fac.name} at {at} cannot fire: {what} ({_rule(state)})"


def refine_note(state: SootState, player: PlayerId) -> str:
    """A note for a refused Refine: ``player``'s facilities idle for want of a worker ('' when none)."""
    idle = [(at, slot, f) for at, slot, f in _facilities(state) if f.owner == player and is_idle(state, at, slot, f)]
    if not idle:
        return ""
    names = ", ".join(f"the {f.name} at {at} ({'on strike' if worker_at(state, at, slot) == STRIKING else 'no worker'})"
                      for at, slot, f in idle)
    return f"; idle: {names} ({_rule(state)})"


def check_workers(state: SootState, problems: Problems) -> None:
    """Add a problem for each impossible worker record.

    ``labor.workers`` and ``labor.strikes`` exist only with the module on,
    are sorted without repeats, share no code, and each code names a Tier 2/3
    facility on the map; a pending Labor Demands question names a worker at
    work of the player asked.

    Args:
        state: a loaded state.
        problems: where to add them.
    """
    on = labor_on(state)
    seen: set[int] = set()
    for key in (WORKERS, STRIKES):
        codes = state.module_state.get(key)
        if codes is None:
            continue
        field = f"state.module_state.{key}"
        if not on:
            problems.add(field, "workers without the labor module")
            continue
        if codes != sorted(set(codes)):
            problems.add(field, "must be sorted, without repeats")
        for i, code in enumerate(codes):
            if type(code) is not int or code < 0:
                problems.add(f"{field}.{i}", f"{code!r} is not a facility code")
                continue
            at, slot = code_hex(code // 8), code % 8
            s = state.settlements.get(at)
            if s is None or slot >= len(s.facilities):
                problems.add(f"{field}.{i}", f"no facility in slot {slot} at {at}")
            elif not needs_worker(state, s.facilities[slot].name):
                problems.add(f"{field}.{i}", f"the {s.facilities[slot].name} at {at} takes no worker "
                                             "(Tier 2/3 facilities only)")
            elif code in seen:
                problems.add(f"{field}.{i}", f"the {s.facilities[slot].name} at {at} is both at work and on strike")
            seen.add(code)
    for j, step in enumerate(state.pending):
        if isinstance(step, LaborDemand):
            code = _code(step.at, step.slot) if step.slot in range(8) else -1
            here = _own(state, step.player, code) if 0 <= step.player < len(state.players) else None
            if not on or here is None or worker_at(state, here[0], here[1]) != WORKING:
                problems.add(f"state.pending.{j}.at", "a Labor Demands question must name a worker at work "
                                                      "of the player asked (its at and slot)")


class Labor:
    """The Labor module (hooks called by the round; see :mod:`hexkit_soot.rules.modules`)."""

    name = NAME
    state_keys = (WORKERS, STRIKES)
    rules_version = RULES_VERSION
    data_file = _FILE
    version = f"{RULES_VERSION}+{module_digest(None, _FILE)}"

    def on_setup(self, state: SootState) -> None:
        """Log the module (facilities start without workers)."""
        data = labor_data(state)
        state.module_state |= {WORKERS: [], STRIKES: []}
        state.note(None, f"labor: Tier 2/3 facilities need a worker ({data.hire_cost}¤, +{data.worker_food} food "
                         f"each); Labor Demands each {'/'.join(sorted(data.seasons))} round")

    def after_actions(self, state: SootState) -> None:
        """The Labor Demands check in each round of a season with one (Hardship)."""
        if season_of(state.round) in labor_data(state).seasons:
            start_demands(state)

    def on_round_end(self, state: SootState) -> None:
        """Nothing at the round's end."""

    def score(self, state: SootState, player: PlayerId) -> dict[str, int]:
        """No score parts (workers cost currency and food; they score nothing)."""
        return {}

    def value(self, state: SootState, player: PlayerId) -> float:
        """Evaluation hook: :func:`labor_value` (the strong agent adds it to its worth)."""
        return labor_value(state, player)


LABOR = Labor()
"""The module object; :func:`register` puts it and its free actions and question in the registry."""


def register(registry: SootRegistry = REGISTRY) -> None:
    """Register the module and its declarations (explicit: importing this file registers nothing).

    Args:
        registry: the tables to register it in.
    """
    add_declared(registry, sys.modules[__name__])
    register_module(LABOR, registry)
