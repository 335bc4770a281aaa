"""The turn: Activate Specialists, then Administrate or Move+Activate.

* Activate Specialists: any number, in any order, before the main action.
  Captains and Engineers exhaust (flip) until Refreshed; Surveyors flip
  once per game; Station Masters with an activated ability use it once a
  turn (passive ones are always on).
* Administrate: Reclaim Mana, Refresh Captain and Engineer, Gain Spellcar,
  in any order (the order is asked only when a Specialist adds a step to
  Administrate, because otherwise it cannot matter).
* Move+Activate: move the Conductor 1-4 spaces (0/1/3/6 mana in total),
  stopping at the End of the Line; then activate Spellcars of that column
  (1st free, 2nd 1 mana, 3rd 2 more: 0/1/3 in total) plus their inherent
  costs; mana gained by an activation cannot pay for another activation.

Source: rulebook, Gameplay; Activate Specialists; Administrate; Move + Activate.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from hexkit_empyreal.actions import EndActivation, EndTurn, OpenSpecialistPhase, ReturnToStart, StartTurn, auto
from hexkit_empyreal.actions import (
    DONE,
    Activate,
    ActivateSpellcars,
    AdministrateSteps,
    Choose,
    DeliverChoice,
    Done,
    MainAction,
    Move,
    SpecialistPhase,
    UpgradeChoice,
    UseSpecialist,
    interned,
)
from hexkit_empyreal.data import SpellcarSpec
from hexkit_empyreal.effects.registry import EffectContext, Steps, get_effect, passives_with, push
from hexkit_empyreal.rules import mana
from hexkit_empyreal.rules.dispatch import EmpyrealHandler, runs
from hexkit_empyreal.rules.railyard import gain_spellcar_steps, slot_index, slot_label
from hexkit_empyreal.state import EmpyrealState, TurnState, data, recall_asked, remember_asked, touch_folio
from hexkit_empyreal.state import tally

__all__ = [
    "ADMINISTRATE",
    "ADMIN_STEPS",
    "move_costs",
    "activation_cost",
    "usable_specialists",
    "run_effect",
    "end_of_line",
    "start_turn_steps",
]

ADMINISTRATE = "Administrate"
ADMIN_STEPS = ("Reclaim Mana", "Refresh", "Gain Spellcar")


def end_of_line(state: EmpyrealState, player: int) -> int:
    """The Conductor position of the End of the Line (Start is 0)."""
    return len(data(state).company_by_name[state.players[player].company].columns) + 1


def move_costs(state: EmpyrealState, player: int) -> tuple[int, ...]:
    """Total mana to move 1, 2, 3, 4 spaces this turn (modifiers applied)."""
    costs: tuple[int, ...] = data(state).rules.move_costs
    for p in passives_with(state, player, "move_costs"):
        costs = p.move_costs(state, player, costs)
    if state.turn.move_costs:
        costs = tuple(min(a, b) for a, b in zip(costs, state.turn.move_costs))
    return costs


def activation_cost(state: EmpyrealState, player: int, spec: SpellcarSpec) -> int:
    """Mana to activate ``spec`` as the next activation this turn (0/1/2 plus inherent)."""
    inherent = 0 if state.turn.ignore_inherent else spec.cost
    return _next_activation(state, player) + inherent


def _next_activation(state: EmpyrealState, player: int) -> int:
    """Mana for the next activation this turn, inherent costs aside."""
    costs: tuple[int, ...] = data(state).rules.activation_costs
    for p in passives_with(state, player, "activation_costs"):
        costs = p.activation_costs(state, player, costs)
    if state.turn.activation_costs:
        costs = tuple(min(a, b) for a, b in zip(costs, state.turn.activation_costs))
    return costs[min(state.turn.activations, len(costs) - 1)]


def run_effect(
    state: EmpyrealState, player: int, name: str, source: str, spec: SpellcarSpec | None = None, copied: bool = False
) -> None:
    """Run the registered effect ``name`` and push its steps.

    Raises:
        KeyError: the effect is not registered (callers offer only registered ones).
    """
    entry = get_effect(name)
    if entry is None:
        raise KeyError(f"effect {name!r} is not registered")
    push(state, entry.run(EffectContext(state, player, source, spec, copied)))


def _specialist_effect_ok(state: EmpyrealState, player: int, name: str) -> bool:
    entry = get_effect(name)
    if entry is None:
        return False
    return entry.available is None or entry.available(EffectContext(state, player, name))


def usable_specialists(state: EmpyrealState, player: int) -> list[str]:
    """Specialists ``player`` may activate now, in folio order."""
    return list(_usable(state, player))


def _usable(state: EmpyrealState, player: int) -> Iterator[str]:
    """The usable Specialists one by one (a caller may stop at the first)."""
    ps = state.players[player]
    if ps.captain and ps.captain_ready and _specialist_effect_ok(state, player, ps.captain):
        yield ps.captain
    if ps.engineer and ps.engineer_ready and _specialist_effect_ok(state, player, ps.engineer):
        yield ps.engineer
    if ps.surveyor and not ps.surveyor_used and _specialist_effect_ok(state, player, ps.surveyor):
        yield ps.surveyor
    if ps.station_masters:
        specs = data(state).specialist_by_name
        for sm in ps.station_masters:
            spec = specs.get(sm)
            if spec is not None and spec.mode == "per_turn" and sm not in state.turn.used:
                if _specialist_effect_ok(state, player, sm):
                    yield sm


def start_turn_steps(player: int) -> Steps:
    """Steps that begin ``player``'s turn."""
    return [auto(StartTurn, player)]


@runs(StartTurn)
def _start_turn(state: EmpyrealState, o: StartTurn) -> Steps | None:
    state.turn = TurnState(player=o.player)
    return [auto(OpenSpecialistPhase, o.player)]


@runs(OpenSpecialistPhase)
def _specialist_phase(state: EmpyrealState, o: OpenSpecialistPhase) -> Steps | None:
    usable = usable_specialists(state, o.player)
    if usable:
        question = SpecialistPhase(player=o.player, prompt="activate Specialists, or done")
        remember_asked(state, question, usable)  # listed next by the handler: found once
        return [question]
    return [MainAction(player=o.player, prompt="Administrate or Move+Activate")]


class SpecialistPhaseHandler(EmpyrealHandler[SpecialistPhase]):
    """Activate a Specialist, or go on to the main action."""

    def answers(self, state: EmpyrealState, d: SpecialistPhase) -> Sequence[Any]:
        usable = recall_asked(state, d)
        if usable is None:
            usable = usable_specialists(state, d.player)
        acts: list[Any] = [interned(UseSpecialist, n) for n in usable]
        acts.append(DONE)
        return acts

    def answer(self, state: EmpyrealState, d: SpecialistPhase, action: Any) -> None:
        p = d.player
        if isinstance(action, Done):
            state.pending.append(MainAction(player=p, prompt="Administrate or Move+Activate"))
            return
        ps = state.players[p]
        name = action.name
        if name == ps.captain:
            ps.captain_ready = False
        elif name == ps.engineer:
            ps.engineer_ready = False
        elif name == ps.surveyor:
            ps.surveyor_used = True
        else:
            state.turn.used.append(name)
        touch_folio(state, p)
        state.note(p, f"{ps.company} activated {name}")
        state.pending.append(auto(OpenSpecialistPhase, p))
        run_effect(state, p, name, name)

    def why(self, state: EmpyrealState, d: SpecialistPhase, action: Any) -> str | None:
        if isinstance(action, UseSpecialist):
            ps = state.players[d.player]
            if action.name not in (ps.captain, ps.engineer, ps.surveyor, *ps.station_masters):
                return f"{action.name} is not one of your Specialists"
            if get_effect(action.name) is None:
                return f"{action.name} has no activated ability in this engine"
            return f"{action.name} is exhausted, already used, or cannot be used now"
        return None


def _extras(state: EmpyrealState, player: int) -> dict[str, Steps]:
    out: dict[str, Steps] = {}
    for p in passives_with(state, player, "administrate_steps"):
        out.update(dict(p.administrate_steps(state, player)))
    return out


def _main_extras(state: EmpyrealState, player: int) -> dict[str, Steps]:
    out: dict[str, Steps] = {}
    for p in passives_with(state, player, "main_actions"):
        out.update(dict(p.main_actions(state, player)))
    return out


class MainActionHandler(EmpyrealHandler[MainAction]):
    """Administrate, or Move+Activate by 1-4 spaces."""

    def answers(self, state: EmpyrealState, d: MainAction) -> Sequence[Any]:
        p = d.player
        ps = state.players[p]
        acts: list[Any] = [] if d.moves_only else [interned(Choose, ADMINISTRATE)]
        room = end_of_line(state, p) - ps.conductor
        costs = move_costs(state, p)
        have = ps.mana
        for n in range(1, min(4, room) + 1):
            cost = costs[n - 1]
            if cost <= have:
                acts.append(interned(Move, n, cost))
        if not d.moves_only:
            extras = _main_extras(state, p)
            if extras:
                acts.extend(interned(Choose, label) for label in extras)
        return acts

    def answer(self, state: EmpyrealState, d: MainAction, action: Any) -> None:
        p = d.player
        ps = state.players[p]
        if isinstance(action, Choose):
            if action.option == ADMINISTRATE:
                tally(state, "administrates", p)
                state.note(p, f"{ps.company} administrated")
                extras = _extras(state, p)
                if extras:
                    state.pending.append(auto(EndTurn, p))
                    state.pending.append(
                        AdministrateSteps(player=p, prompt="choose the next Administrate step", remaining=ADMIN_STEPS + tuple(extras))
                    )
                    return
                before = ps.mana
                got = mana.reclaim(state, p)
                mana.refresh(state, p)
                state.note(p, f"{ps.company} reclaimed {got} mana ({mana.before_after(before, ps.mana)}) and refreshed")
                push(state, [*gain_spellcar_steps(p), auto(EndTurn, p)])
                return
            push(state, _main_extras(state, p)[action.option])
            return
        mana.pay(state, p, action.cost)
        ps.conductor += action.spaces
        eol = end_of_line(state, p)
        where = "the End of the Line" if ps.conductor == eol else f"space {chr(ord('A') + ps.conductor - 1)}"
        state.note(p, f"{ps.company} moved its Conductor {action.spaces} to {where} for {action.cost} mana")
        bonus = state.turn.flags.get("reclaim_on_move", 0)
        if bonus:
            mana.reclaim(state, p, bonus)
        if ps.conductor == eol and not d.deliver:
            ps.conductor = 0
            state.note(p, f"{ps.company}'s Conductor returned to Start without delivering")
            push(state, [auto(EndTurn, p)])
            return
        if ps.conductor == eol:
            push(
                state,
                [
                    DeliverChoice(player=p, prompt="deliver to a City, or skip", mode="eol"),
                    UpgradeChoice(player=p, prompt="choose an Upgrade"),
                    auto(ReturnToStart, p),
                    auto(EndTurn, p),
                ],
            )
            return
        if not d.activate:
            push(state, [auto(EndTurn, p)])
            return
        state.turn.activating = True
        push(
            state,
            [
                ActivateSpellcars(player=p, prompt="activate a Spellcar, or done"),
                auto(EndActivation, p),
                auto(EndTurn, p),
            ],
        )

    def why(self, state: EmpyrealState, d: MainAction, action: Any) -> str | None:
        if isinstance(action, Move):
            p = d.player
            ps = state.players[p]
            if not 1 <= action.spaces <= 4:
                return "the Conductor moves at least one and at most four spaces"
            if ps.conductor + action.spaces > end_of_line(state, p):
                return "the Conductor must stop at the End of the Line"
            cost = move_costs(state, p)[action.spaces - 1]
            if cost != action.cost:
                return f"moving {action.spaces} spaces costs {cost} mana, not {action.cost}"
            return f"moving {action.spaces} spaces costs {cost} mana; {ps.mana} available"
        return None


class AdministrateStepsHandler(EmpyrealHandler[AdministrateSteps]):
    """The Administrate steps in the order the player chooses."""

    def answers(self, state: EmpyrealState, d: AdministrateSteps) -> Sequence[Any]:
        acts: list[Any] = [interned(Choose, s) for s in d.remaining]
        if not any(s in ADMIN_STEPS for s in d.remaining):
            acts.append(DONE)
        return acts

    def answer(self, state: EmpyrealState, d: AdministrateSteps, action: Any) -> None:
        p = d.player
        if isinstance(action, Done):
            return
        rest = tuple(s for s in d.remaining if s != action.option)
        if rest:
            state.pending.append(AdministrateSteps(player=p, prompt=d.prompt, remaining=rest))
        ps = state.players[p]
        if action.option == "Reclaim Mana":
            before = ps.mana
            got = mana.reclaim(state, p)
            state.note(p, f"{ps.company} reclaimed {got} mana ({mana.before_after(before, ps.mana)})")
        elif action.option == "Refresh":
            mana.refresh(state, p)
            state.note(p, f"{ps.company} refreshed its Captain and Engineer")
        elif action.option == "Gain Spellcar":
            push(state, gain_spellcar_steps(p))
        else:
            push(state, _extras(state, p).get(action.option, ()))


class ActivateSpellcarsHandler(EmpyrealHandler[ActivateSpellcars]):
    """Activate Spellcars of the Conductor's column, each once, or stop."""

    def answers(self, state: EmpyrealState, d: ActivateSpellcars) -> Sequence[Any]:
        p = d.player
        ps = state.players[p]
        col = ps.conductor - 1
        spells = data(state).spellcars
        free = mana.unlocked(state, p)
        acts: list[Any] = []
        turn = state.turn
        if turn.twice >= 0:
            return [DONE]
        twice = _twice_cost(state, p)
        step = -1  # the next activation's cost, computed once for the column
        if twice is not None and len(turn.activated) == 1:
            slot = turn.activated[0]
            spec = spells[ps.railyard[slot]]
            cost = twice + (0 if turn.ignore_inherent else spec.cost)
            if cost <= free:
                acts.append(interned(Activate, slot_label(slot), spec.id, cost))
        for slot in range(col * 3, min(col * 3 + 3, len(ps.railyard))):
            sid = ps.railyard[slot]
            if sid in ("", "-") or slot in state.turn.activated:
                continue
            spec = spells[sid]
            if get_effect(spec.effect) is None:
                continue
            if step < 0:
                step = _next_activation(state, p)
            cost = step + (0 if turn.ignore_inherent else spec.cost)
            if cost <= free:
                acts.append(interned(Activate, slot_label(slot), sid, cost))
        acts.append(DONE)
        return acts

    def answer(self, state: EmpyrealState, d: ActivateSpellcars, action: Any) -> None:
        if isinstance(action, Done):
            return
        p = d.player
        spec = data(state).spellcars[action.spellcar]
        mana.pay(state, p, action.cost, activation=True)
        turn = state.turn
        slot = slot_index(action.slot)
        if slot in turn.activated:
            turn.twice = slot
        turn.activated.append(slot)
        turn.activations += 1
        state.note(p, f"{state.players[p].company} activated {spec.id} for {action.cost} mana")
        state.pending.append(ActivateSpellcars(player=p, prompt=d.prompt))
        run_effect(state, p, spec.effect, spec.id, spec)

    def why(self, state: EmpyrealState, d: ActivateSpellcars, action: Any) -> str | None:
        if isinstance(action, Activate):
            p = d.player
            ps = state.players[p]
            try:
                slot = slot_index(action.slot)
            except ValueError:
                return f"{action.slot!r} is not a railyard slot"
            if slot // 3 != ps.conductor - 1:
                return f"only Spellcars in the Conductor's column can be activated, not {action.slot}"
            if slot in state.turn.activated:
                return f"each Spellcar can be activated only once; {action.slot} already was"
            if slot >= len(ps.railyard) or ps.railyard[slot] != action.spellcar:
                return f"{action.spellcar} is not at {action.slot}"
            spec = data(state).spellcars[action.spellcar]
            if get_effect(spec.effect) is None:
                return f"the effect of {spec.effect} is not implemented in this engine yet"
            cost = activation_cost(state, p, spec)
            if cost != action.cost:
                return f"activating {action.spellcar} now costs {cost} mana, not {action.cost}"
            free = mana.unlocked(state, p)
            return (
                f"activating {action.spellcar} costs {cost} mana; {free} available"
                " (mana gained by an activation cannot pay for another activation)"
            )
        return None


def _twice_cost(state: EmpyrealState, player: int) -> int | None:
    best: int | None = None
    for p in passives_with(state, player, "activate_twice_cost"):
        c = p.activate_twice_cost(state, player)
        if c is not None and (best is None or c < best):
            best = c
    return best


@runs(EndActivation)
def _end_activation(state: EmpyrealState, o: EndActivation) -> Steps | None:
    state.turn.activating = False
    return None
