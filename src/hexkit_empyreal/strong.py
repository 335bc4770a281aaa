"""The strong Empyreal agent: whole-turn search at the decisions that matter.

Most decisions of an Empyreal turn have one sensible answer (which Good to
pick up next, where to place a gained Spellcar); a one-step look with the
position evaluation finds it. A few decide the turn: whether to use a
Specialist, Administrate or how far to move the Conductor, and which
Upgrade to take. At those *key* decisions the agent plays each candidate
answer to the end of its own turn (its later decisions of the turn taken
one step greedily) on a sample of the hidden parts, and keeps the answer
whose end-of-turn position :func:`~hexkit_empyreal.strong_eval.evaluate_strong`
values most (inside the playout, steps are compared by the player's own
worth, :func:`~hexkit_empyreal.strong_eval.own_value`). Company and Captain
are chosen from measured tables (:mod:`hexkit_empyreal.strong_setup`). Before searching it drops answers no good player takes:
paying mana to move onto a column with no Spellcar to activate.

The agent sees only ``view(state, seat)``; the hidden parts are guessed by
:meth:`EmpyrealGame.determinize` from its own seeded stream.

Source: rulebook, Gameplay (a turn: Activate Specialists, then a main
action); Move + Activate (movement costs); issue 10 (a strong agent).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from hexkit.agents.greedy import WIN_BONUS, own_view
from hexkit.agents.repetition import RepetitionGuard
from hexkit.errors import IllegalActionError
from hexkit.game import Game, State
from hexkit.rng import Rng

from hexkit_empyreal.actions import (
    Choose,
    MainAction,
    Move,
    SelectCaptain,
    SelectCompany,
    SpecialistPhase,
    UpgradeChoice,
)
from hexkit_empyreal.strong_eval import evaluate_strong, own_value
from hexkit_empyreal.strong_setup import setup_choice
from hexkit_empyreal.rules.railyard import legal_slots
from hexkit_empyreal.rules.turn import ADMINISTRATE, end_of_line
from hexkit_empyreal.state import EmpyrealState

__all__ = ["StrongEmpyrealAgent", "sensible"]

KEY_DECISIONS: tuple[type, ...] = (SpecialistPhase, MainAction, UpgradeChoice)
"""Decisions answered by playing each candidate to the end of the turn."""


def sensible(state: EmpyrealState, legal: Sequence[Any]) -> list[Any]:
    """The legal answers worth considering: without a paid Move onto a column
    holding no Spellcar (it buys nothing the free one-space Move does not),
    and without Administrate when the railyard has no room for a Spellcar and
    at most 2 mana is spent (it would only stall the Conductor).

    Moving to the End of the Line is always kept (the delivery and the
    Upgrade are there). Never returns an empty list.
    """
    top = state.pending[-1] if state.pending else None
    if not isinstance(top, MainAction):
        return list(legal)
    ps = state.players[top.player]
    eol = end_of_line(state, top.player)
    ry = ps.railyard
    idle = not legal_slots(state, top.player) and ps.spent <= 2
    kept = []
    for a in legal:
        if idle and isinstance(a, Choose) and a.option == ADMINISTRATE:
            continue  # no room for a Spellcar and little to reclaim: it only stalls
        if isinstance(a, Move) and a.cost > 0:
            dest = ps.conductor + a.spaces
            if dest < eol:
                col = dest - 1
                if not any(s and s != "-" for s in ry[col * 3 : col * 3 + 3]):
                    continue
        kept.append(a)
    return kept or list(legal)


class StrongEmpyrealAgent:
    """Whole-turn search at the key decisions, greedy elsewhere.

    Args:
        seed: seeds the agent's :class:`~hexkit.rng.Rng` (determinisation, ties).
        samples: determinisations per key decision (each candidate is played
            out on every sample).
        depth: most decisions played out after a key decision's answer.
        overrides: evaluation weights (default
            :data:`~hexkit_empyreal.strong_eval.STRONG_OVERRIDES`).
        extra: weights of the strong evaluation's own terms (default
            :data:`~hexkit_empyreal.strong_eval.EXTRA`).
        prefer: choose Company and Captain by the measured tables of
            :mod:`~hexkit_empyreal.strong_setup`; ``False``: uniformly at
            random (a balance study that wants every Company played).
        quick: inside a turn's playout, compare steps by the player's own
            worth only (:func:`~hexkit_empyreal.strong_eval.own_value`).
    """

    name = "empyreal-strong"

    def __init__(
        self,
        seed: int = 0,
        samples: int = 1,
        depth: int = 24,
        overrides: Mapping[str, float] | None = None,
        extra: Mapping[str, float] | None = None,
        prefer: bool = True,
        quick: bool = True,
    ) -> None:
        self.rng = Rng(seed)
        self.prefer = prefer
        self.quick = quick
        self.overrides = overrides
        self.extra = extra
        self.samples = samples
        self.depth = depth
        self.guard = RepetitionGuard()

    def act(self, game: Game[Any, Any], view: State, legal: Sequence[Any]) -> Any:
        """Return one element of ``legal`` (see the class docstring)."""
        if len(legal) == 1:
            return legal[0]
        player, seen = own_view(game, view)
        if not isinstance(seen, EmpyrealState):
            raise TypeError("the strong Empyreal agent plays Empyreal only")
        if isinstance(seen.pending[-1], (SelectCompany, SelectCaptain)):
            if self.prefer:
                return setup_choice(game, seen, legal, self.rng)
            return legal[self.rng.randbelow(len(legal))]
        choices = sensible(seen, self.guard.allowed(game, seen, legal))
        top = seen.pending[-1]
        key = isinstance(top, KEY_DECISIONS) and len(choices) > 1
        totals = [0.0] * len(choices)
        for _ in range(self.samples if key else 1):
            sample = game.determinize(seen, player, self.rng)
            game.legal_actions(sample)
            for i, action in enumerate(choices):
                totals[i] += self._value(game, sample, action, player, key)
        best = max(totals)
        tied = [i for i, v in enumerate(totals) if v >= best - 1e-9]
        chosen = choices[tied[self.rng.randbelow(len(tied))]]
        self.guard.record(chosen)
        return chosen

    def _value(
        self, game: Game[Any, Any], sample: State, action: Any, player: int, key: bool, quick: bool = False
    ) -> float:
        """The value for ``player`` of ``action``: after it (a plain answer) or
        at the end of the player's turn (a key decision); ``quick`` values
        the player's own part only (a step inside a turn's playout)."""
        child = game.clone(sample)
        child.reuse_legal(sample)
        try:
            game.apply(child, action)
        except IllegalActionError:
            return -math.inf
        if key:
            self._finish_turn(game, child, player)
        if quick and isinstance(child, EmpyrealState) and not child.end_triggered:
            return own_value(child, player, self.overrides, self.extra)
        return self._score(game, child, player)

    def _finish_turn(self, game: Game[Any, Any], state: State, player: int) -> None:
        """Play ``player``'s remaining decisions of this turn one step greedily."""
        for _ in range(self.depth):
            if game.current_player(state) != player:
                return
            legal = game.legal_actions(state)
            if not isinstance(state, EmpyrealState):
                return
            choices = sensible(state, legal)
            if len(choices) == 1:
                game.apply(state, choices[0])
                continue
            best, pick = -math.inf, choices[0]
            for action in choices:
                value = self._value(game, state, action, player, False, quick=self.quick)
                if value > best:
                    best, pick = value, action
            game.apply(state, pick)

    def _score(self, game: Game[Any, Any], state: State, player: int) -> float:
        if not isinstance(state, EmpyrealState):
            return 0.0
        value = evaluate_strong(state, player, self.overrides, self.extra)
        if game.is_over(state):
            value += WIN_BONUS if game.winner(state) == player else -WIN_BONUS
        return value
