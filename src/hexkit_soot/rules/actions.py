"""Phase 2, Actions: the turn cycle, passing, bonus actions, Overtime.

Players take one action at a time in turn order, cycling, until everyone
has passed. Each has 3 actions per round (4 at 2 players) plus bonus
actions. A player out of actions (or choosing to stop) passes and leaves
the cycle; the first to pass takes the Event Token. Free actions (loans,
contracts, cards, trades, abandoning camps) may be taken on your turn
without ending it; passing is always possible, so no game can stall.
Bonus actions: discard 2 cards (once per round, :mod:`.cards`), Overtime
(once per round: +1 action, +2 food at Upkeep), cards and upgrades.

Source: rulebook, Phase 2 "Actions"; reference card "ACTIONS/ROUND".
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from hexkit.flow import Handler
from hexkit.game import PlayerId
from hexkit_soot.actions import Choose, Step
from hexkit_soot.effects import Hook, modify
from hexkit_soot.ledger import data
from hexkit_soot.registry import REGISTRY, FreeOptions, MenuLine
from hexkit_soot.rules.player_counts import actions_per_round
from hexkit_soot.rules.steps import FREE_ACTIONS, MAIN_ACTIONS, ask, free_action, generates, handles, opt, optf
from hexkit_soot.state import SootState

__all__ = ["start_actions", "next_turn", "turn_options", "actions_per_round", "free_of_action", "TurnMenu"]


def start_actions(state: SootState) -> None:
    """Give everyone their actions for the round and start the cycle.

    Args:
        state: the game.
    """
    base = actions_per_round(state)
    for i, p in enumerate(state.players):
        p.actions = base + modify(state, i, Hook.BONUS_ACTIONS, 0)
        p.restricted = modify(state, i, Hook.RESTRICTED_ACTIONS, 0)
    state.passed = []
    state.cursor = 0
    state.phase = "actions"


def next_turn(state: SootState) -> bool:
    """Ask the next player in the cycle for their turn; return False when all have passed.

    Args:
        state: the game.
    """
    n = len(state.order)
    if len(state.passed) >= n:
        return False
    for k in range(n):
        player = state.order[(state.cursor + k) % n]
        if player not in state.passed:
            state.cursor = (state.cursor + k) % n
            state.turn = player
            ask(state, player, "turn", prompt=f"P{player}: your turn")
            return True
    return False


def free_of_action(state: SootState, player: PlayerId, name: str) -> bool:
    """Whether main action ``name`` would use no action now (Rail Depot: a Build Route once a round).

    Args:
        state: the game.
        player: the seat concerned.
        name: the main action's name.

    Returns:
        True if taking it now costs no action, so it may be taken with none left.

    Source: rulebook, §21 Railroad Baron, Rail Depot.
    """
    return name == "Build Route" and modify(state, player, Hook.ROUTE_FREE_ACTION, 0) > 0


def _can_take(state: SootState, player: PlayerId, name: str) -> bool:
    p = state.players[player]
    action = MAIN_ACTIONS[name]
    if p.actions <= 0 and not (p.restricted > 0 and action.restricted_ok) and not free_of_action(state, player, name):
        return False
    return action.available(state, player)


MENU_ORDER = (
    "Explore", "Move", "Build Route", "Found Camp", "Extract", "Refine", "Market Transaction",
    "Found Settlement", "Upgrade Settlement", "Build Structure", "Community Interaction",
    "Draw Cards", "Scrub Soot", "Buy Upgrade", "Train Caravan", "Unlock Outer District",
)
"""Main actions in the order the turn menu lists them: the game's own arc
(explore, connect, extract, transform, deliver, reinvest), then the rest.
A fixed order keeps action lists, records and transcripts independent of
the order in which rule modules happen to be imported."""


def _ordered(names: Iterable[str], first: Sequence[str]) -> list[str]:
    """``names`` with those in ``first`` in that order, the rest after, sorted."""
    known = set(names)
    return [n for n in first if n in known] + sorted(known - set(first))


_PASS = opt("Pass", 0, "pass")


def _menus() -> tuple[list[MenuLine], list[FreeOptions]]:
    """Main actions with their answers (immutable, so built once and shared)
    and checks, and the free actions' menu entries, in menu order: kept on
    the registry, derived again if its tables grew."""
    sizes = (len(MAIN_ACTIONS), len(FREE_ACTIONS))
    menu = REGISTRY.menu
    if menu is None or menu[0] != sizes:
        main = [(opt(name, 0, name), MAIN_ACTIONS[name].available, MAIN_ACTIONS[name].restricted_ok, name)
                for name in _ordered(MAIN_ACTIONS, MENU_ORDER)]
        free = [FREE_ACTIONS[name].options for name in sorted(FREE_ACTIONS)]
        menu = REGISTRY.menu = (sizes, main, free)
    return menu[1], menu[2]


def turn_options(state: SootState, player: PlayerId) -> list[Choose]:
    """The turn menu: main actions that can be completed, free actions, pass.

    Main actions come in :data:`MENU_ORDER`; free actions by name. A main
    action needs an action left, a bonus action restricted to Refine or
    Move for the main actions that accept one, or no action at all (Rail
    Depot): the same test as :func:`_can_take`, made once for the menu.

    Args:
        state: the game.
        player: the seat concerned.
    """
    main, free = _menus()
    p = state.players[player]
    # plain Python loops: a check called from the interpreter is cheaper than through C
    # (compress over map(operator.call, ...) cost 17 M more instructions over 4 games)
    if p.actions > 0:
        out = [answer for answer, available, _, _ in main if available(state, player)]
    else:
        restricted = p.restricted > 0
        out = [answer for answer, available, restricted_ok, name in main
               if ((restricted and restricted_ok) or (name == "Build Route" and free_of_action(state, player, name)))
               and available(state, player)]
    for options in free:
        out.extend(options(state, player))
    out.append(_PASS)
    return out


@generates("turn")
def gen_turn(state: SootState, step: Step) -> list[Choose]:
    """Legal answers to the turn question."""
    return turn_options(state, step.player)


@handles("turn")
def on_turn(state: SootState, step: Step, answer: Choose) -> None:
    """Take a main action, a free action, or pass."""
    player = step.player
    p = state.players[player]
    code = answer.code
    if code == "Pass":
        state.passed.append(player)
        if len(state.passed) == 1:
            state.event_token = player
            state.note(player, "passed first and takes the Event Token")
        else:
            state.note(player, "passed")
        state.cursor = (state.cursor + 1) % len(state.order)
        return
    action = MAIN_ACTIONS.get(code)
    if action is not None:
        if free_of_action(state, player, code):
            p.counters["route_free"] = 1  # Rail Depot: marked used when the Build Route ends
        elif action.restricted_ok and p.restricted > 0:
            p.restricted -= 1
        else:
            p.actions -= 1
        state.note(player, f"action: {code}")
        state.cursor = (state.cursor + 1) % len(state.order)
        action.start(state, player)
        return
    # A free action: the turn question stays under whatever it asks.
    state.pending.append(step)
    FREE_ACTIONS[code].perform(state, player, answer)


_OVERTIME: dict[int, tuple[Choose]] = {}
"""Overtime's menu entry by the food it costs (immutable: shared by every menu)."""


def _overtime_options(state: SootState, player: PlayerId) -> Sequence[Choose]:
    if "overtime" in state.players[player].used:
        return ()
    food = data(state).numbers.overtime_food
    entry = _OVERTIME.get(food)
    if entry is None:
        entry = _OVERTIME[food] = (optf("Overtime", 0, "Overtime: +1 action, +{} food at Upkeep", food),)
    return entry


@free_action("Overtime", _overtime_options)
def on_overtime(state: SootState, player: PlayerId, answer: Choose) -> None:
    """Overtime: one more action, two more food at Upkeep."""
    p = state.players[player]
    p.used.append("overtime")
    p.actions += 1
    p.overtime += data(state).numbers.overtime_food
    state.note(player, "worked Overtime")


class TurnMenu(Handler[SootState, Step, Choose]):
    """The turn question (``Step(kind="turn")``) on the core engine.

    :meth:`answers` builds the menu (:func:`turn_options`): the main
    actions' availability checks run once per decision, when the engine's
    :class:`~hexkit.flow.LegalView` is listed. :meth:`contains` tests one
    answer directly: a main action runs only its own check
    (:func:`_can_take`), a free action lists only its own entries, ``Pass``
    is always open; the result equals membership in :meth:`answers`.

    Source: rulebook, Phase 2 "Actions".
    """

    fast_contains = True

    def answers(self, state: SootState, question: Step) -> Sequence[Choose]:
        """The turn menu of ``question.player``, in menu order."""
        return turn_options(state, question.player)

    def resolve(self, state: SootState, question: Step, answer: Choose) -> None:
        """Take the main action, the free action or pass (:func:`on_turn`); the question is popped."""
        on_turn(state, question, answer)

    def contains(self, state: SootState, question: Step, answer: object) -> bool:
        """Whether ``answer`` is on ``question.player``'s turn menu, without listing the whole menu.

        Args:
            state: the game.
            question: the pending turn question.
            answer: any value; only a :class:`Choose` can be legal.
        """
        if type(answer) is not Choose:
            return False
        code = answer.code
        if code == "Pass":
            return answer.arg == 0
        player = question.player
        if answer.arg == 0 and code in MAIN_ACTIONS and _can_take(state, player, code):
            return True
        own = FREE_ACTIONS.get(code)
        if own is not None and answer in own.options(state, player):
            return True
        # an entry listed by another free action under this code: the rare (illegal) case
        return any(answer in free.options(state, player) for name, free in FREE_ACTIONS.items() if free is not own)
