"""The greedy agent: one decision of lookahead scored by the game's evaluation."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from hexkit.agents.repetition import RepetitionGuard
from hexkit.errors import IllegalActionError
from hexkit.game import Game, PlayerId, State
from hexkit.rng import Rng

__all__ = ["GreedyAgent", "WIN_BONUS", "score_action", "own_view"]

WIN_BONUS = 1e9
"""Added to (or taken from) the evaluation of a state where the game is over,
so that winning now beats any heuristic advantage and losing now is avoided."""


def own_view(game: Game[Any, Any], given: State) -> tuple[PlayerId, State]:
    """The player to move and the state as that player may see it.

    Agents call this first: whatever they are handed (a proper view, or by
    mistake a full state or a determinised sample), they continue from the
    redacted view only, so no hidden information and no future randomness
    (the state's RNG) can influence their choice.

    Raises:
        ValueError: if the game is over (nobody is to move).
    """
    player = game.current_player(given)
    if player is None:
        raise ValueError("the game is over: there is no decision to take")
    return player, game.view(given, player)


def score_action(game: Game[Any, Any], sample: State, action: Any, player: PlayerId) -> float:
    """The evaluation for ``player`` after applying ``action`` to a copy of ``sample``.

    A finished game is worth :data:`WIN_BONUS` more (won) or less (lost)
    than its evaluation.
    """
    child = game.clone(sample)
    # The copy is at the same step as ``sample``: its legal actions, if already
    # listed, hold for the copy too, so apply's legality check reuses them.
    child.reuse_legal(sample)
    try:
        game.apply(child, action)
    except IllegalActionError:
        # Legal in the view but not in this guess of the hidden parts (a game
        # whose determinize misses a public commitment): never the best choice.
        return -math.inf
    value = game.evaluate(child, player)
    if game.is_over(child):
        # the winner and its teammates (a partnership's both seats) win: a game without teams
        # has the winner alone on its winning side
        value += WIN_BONUS if player in game.scores(child).winning_side else -WIN_BONUS
    return value


class GreedyAgent:
    """Takes the action whose immediate result the game evaluates best.

    The agent looks one decision ahead: it samples a full state consistent
    with its view (:meth:`Game.determinize`, so hidden cards and the order of
    decks are guessed, never read), applies each legal action to a copy, and
    scores the result with :meth:`Game.evaluate` for itself. Games supply the
    evaluation (the base class uses the score lead). Actions within
    ``tolerance`` of the best are tied and one is chosen from the agent's
    own seeded stream, so play is varied yet reproducible.

    Args:
        seed: seeds the agent's :class:`~hexkit.rng.Rng` (determinisation and
            tie-breaking).
        samples: determinisations averaged per decision (1 is the plain
            greedy agent; more smooths out guesses about hidden parts).
        tolerance: evaluations closer than this to the best count as tied.
        avoid_repeats: do not take the same action again from a position
            seen before in this game (see :mod:`hexkit.agents.repetition`).
    """

    name = "greedy"

    def __init__(self, seed: int = 0, samples: int = 1, tolerance: float = 1e-9,
                 avoid_repeats: bool = True) -> None:
        if samples < 1:
            raise ValueError(f"samples must be at least 1, not {samples}")
        self.rng = Rng(seed)
        self.samples = samples
        self.tolerance = tolerance
        self.guard = RepetitionGuard() if avoid_repeats else None

    def act(self, game: Game[Any, Any], view: State, legal: Sequence[Any]) -> Any:
        """Return the legal action with the best one-step evaluation.

        Args:
            game: the rules.
            view: the state as the player to move sees it.
            legal: the legal actions (as given by ``game.legal_actions(view)``).

        Returns:
            One element of ``legal``.
        """
        if len(legal) == 1:
            return legal[0]
        player, seen = own_view(game, view)
        choices = legal if self.guard is None else self.guard.allowed(game, seen, legal)
        totals = [0.0] * len(choices)
        for _ in range(self.samples):
            sample = game.determinize(seen, player, self.rng)
            game.legal_actions(sample)  # listed once, shared by every copy below
            for index, action in enumerate(choices):
                totals[index] += score_action(game, sample, action, player)
        best = max(totals)
        tied = [i for i, value in enumerate(totals) if value >= best - self.tolerance]
        chosen = choices[tied[self.rng.randbelow(len(tied))]]
        if self.guard is not None:
            self.guard.record(chosen)
        return chosen
