"""Monte Carlo tree search for any hexkit game, with hidden information.

:class:`MCTSAgent` runs UCT (UCB1 applied to trees) over the game protocol
alone: ``legal_actions``, ``apply``, ``clone``, ``current_player``,
``is_over``, ``returns`` and ``evaluate``. It never sees the true state:
each iteration (or batch of iterations) searches a *determinisation*, a
full state sampled from the agent's view by :meth:`Game.determinize`, and
all determinisations share one tree keyed by action sequences. This is
single-observer information-set MCTS (Cowling, Powley and Whitehouse,
2012): a child's exploration term uses the number of times it was
*available* rather than its parent's visits, since hidden parts make some
actions legal in only some samples.

Every node keeps one value sum per player, so the search is correct for any
number of players: at each node the player to move picks the child best for
*them* (the "max^n" back-up that is standard for multi-player UCT).

Rollouts are random or greedy (each step the best of a few sampled actions
by :meth:`Game.evaluate`), optionally cut at a depth; by default there is
no rollout at all and each new leaf is scored by ``evaluate`` directly. A
position that is not over is scored by ``evaluate`` minus the evaluation of
the root (so only what the searched moves change counts), squashed to
``[0, 1]`` with a logistic whose scale adapts to the magnitudes seen in
this search.

Plain UCT values a node by the mean result of the iterations through it.
Where the same player decides twice in a row, that mean averages the
player's good and bad follow-ups, so a move whose follow-ups are mostly
poor but include one strong one looks worse than it is; in a game whose
turn is many small decisions (an Empyreal turn is a dozen of them) that
misleads a deeper search badly. With the default ``backup="turn"`` such a
node is valued by its best child instead (max^n within a player's run of
decisions, where that player alone chooses), while a change of player
keeps the mean: the rivals' replies are sampled, not modelled, and the
best of a few sampled replies is a noisy guess. ``backup="max"`` backs the
best child up everywhere (implicit minimax backups with weight 1: Lanctot,
Winands, Pepels and Sturtevant, 2014); ``"mean"`` is plain UCT.
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from typing import Any, Literal

from hexkit.agents.greedy import WIN_BONUS, own_view, score_action
from hexkit.agents.repetition import RepetitionGuard
from hexkit.game import Game, PlayerId, State
from hexkit.rng import Rng

__all__ = ["MCTSAgent", "Rollout", "Backup"]

Rollout = Literal["random", "greedy"]
"""How a rollout chooses actions."""

Backup = Literal["turn", "max", "mean"]
"""Where a node is valued by its best child rather than by its mean result."""


class _Node:
    """Statistics of one action sequence from the root."""

    __slots__ = ("children", "visits", "avail", "value", "ranked", "prior", "best", "mover")

    def __init__(self, players: int) -> None:
        self.children: dict[Any, _Node] = {}
        self.best: list[float] | None = None
        self.mover: PlayerId = -1
        self.visits = 0
        self.avail = 0
        self.value = [0.0] * players
        self.ranked: list[Any] | None = None
        self.prior: dict[Any, float] = {}


class MCTSAgent:
    """UCT search with determinised hidden information, for any game.

    Args:
        iterations: search iterations per decision (``None``: limited by
            ``seconds`` only). With an iteration budget the agent is exactly
            reproducible from its seed.
        seconds: wall-clock budget per decision (``None``: no time limit).
            At least one of the two budgets must be set.
        c: exploration constant of UCB1 (values are in ``[0, 1]``).
        rollout: ``"random"`` or ``"greedy"`` rollouts.
        rollout_depth: decisions a rollout may play before the position is
            scored by ``evaluate`` (``None``: to the end of the game). 0
            (the default) scores each new leaf directly: with a good
            evaluation that beats random rollouts in long games.
        greedy_sample: legal actions a greedy rollout step evaluates (the
            best of a random sample of this many).
        epsilon: chance that a greedy rollout step plays at random instead.
        determinize_every: iterations that share one determinisation (1: a
            fresh sample of the hidden parts every iteration).
        prior_depth: tree depth down to which nodes rank their actions by a
            one-step ``evaluate`` (as :class:`GreedyAgent` does) when first
            reached. Such nodes expand their best-ranked actions first, admit
            only the top ``widen_base + widen_rate * sqrt(visits)`` actions
            (progressive widening), and add ``bias * prior / (visits + 1)``
            to UCB1 (progressive bias). 0 turns heuristic guidance off.
        widen_base: actions a ranked node admits before any visit.
        widen_rate: growth of the admitted actions with the node's visits.
        bias: weight of the progressive-bias term.
        avoid_repeats: do not take the same action again from a position
            seen before in this game (see :mod:`hexkit.agents.repetition`).
        eval_scale: scale of the logistic that maps ``evaluate`` to
            ``[0, 1]`` at a rollout cut-off (``None``: the mean magnitude of
            the evaluations seen so far in this search).
        relative: score a cut-off by ``evaluate`` minus the root's
            evaluation (for the same player, from the first determinisation
            of the decision), so that the search is blind to a constant
            offset of the evaluation and the logistic separates the moves
            at hand rather than the standing in the game.
        backup: which nodes are valued by their best child instead of
            their mean result: ``"turn"`` those where the player who just
            moved moves again, ``"max"`` all, ``"mean"`` none (plain UCT).
        seed: seeds the agent's :class:`~hexkit.rng.Rng`.

    Attributes:
        last_iterations: iterations run for the last decision.
        last_seconds: time the last decision took.
        last_values: the value in ``[0, 1]`` of each root action searched
            for the last decision, for the player who took it (its best
            child's or its mean result, as the search valued it).

    Raises:
        ValueError: on a budget or parameter out of range.
    """

    name = "mcts"

    def __init__(
        self,
        iterations: int | None = 200,
        seconds: float | None = None,
        *,
        c: float = 0.7,
        rollout: Rollout = "random",
        rollout_depth: int | None = 0,
        greedy_sample: int = 6,
        epsilon: float = 0.1,
        determinize_every: int = 1,
        prior_depth: int = 1,
        widen_base: int = 3,
        widen_rate: float = 1.0,
        bias: float = 1.0,
        avoid_repeats: bool = True,
        eval_scale: float | None = None,
        relative: bool = True,
        backup: Backup = "turn",
        seed: int = 0,
    ) -> None:
        if iterations is None and seconds is None:
            raise ValueError("MCTSAgent needs a budget: iterations, seconds or both")
        if iterations is not None and iterations < 1:
            raise ValueError(f"iterations must be at least 1, not {iterations}")
        if seconds is not None and seconds <= 0:
            raise ValueError(f"seconds must be positive, not {seconds}")
        if rollout not in ("random", "greedy"):
            raise ValueError(f"rollout must be 'random' or 'greedy', not {rollout!r}")
        if rollout_depth is not None and rollout_depth < 0:
            raise ValueError(f"rollout_depth must be >= 0, not {rollout_depth}")
        if determinize_every < 1 or greedy_sample < 1:
            raise ValueError("determinize_every and greedy_sample must be at least 1")
        if prior_depth < 0 or widen_base < 1 or widen_rate < 0:
            raise ValueError("prior_depth must be >= 0, widen_base >= 1 and widen_rate >= 0")
        if eval_scale is not None and eval_scale <= 0:
            raise ValueError(f"eval_scale must be positive, not {eval_scale}")
        if backup not in ("turn", "max", "mean"):
            raise ValueError(f"backup must be 'turn', 'max' or 'mean', not {backup!r}")
        self.iterations = iterations
        self.seconds = seconds
        self.c = c
        self.rollout = rollout
        self.rollout_depth = rollout_depth
        self.greedy_sample = greedy_sample
        self.epsilon = epsilon
        self.determinize_every = determinize_every
        self.prior_depth = prior_depth
        self.widen_base = widen_base
        self.widen_rate = widen_rate
        self.bias = bias
        self.guard = RepetitionGuard() if avoid_repeats else None
        self.eval_scale = eval_scale
        self.relative = relative
        self.backup = backup
        self.rng = Rng(seed)
        self.last_iterations = 0
        self.last_seconds = 0.0
        self.last_values: dict[Any, float] = {}
        self._abs_sum = 0.0
        self._abs_count = 0
        self._centre: list[float] = []

    # -- the decision ----------------------------------------------------
    def act(self, game: Game[Any, Any], view: State, legal: Sequence[Any]) -> Any:
        """Search from ``view`` and return the most visited legal action.

        Args:
            game: the rules.
            view: the state as the player to move sees it.
            legal: the legal actions (as given by ``game.legal_actions(view)``).

        Returns:
            One element of ``legal``.
        """
        if len(legal) == 1:
            self.last_iterations, self.last_seconds, self.last_values = 0, 0.0, {}
            return legal[0]
        start = time.perf_counter()
        player, seen = own_view(game, view)
        players = game.num_players(seen)
        root = _Node(players)
        self._abs_sum, self._abs_count = 0.0, 0
        deadline = None if self.seconds is None else start + self.seconds
        done = 0
        sample: State | None = None
        while True:
            if self.iterations is not None and done >= self.iterations:
                break
            if deadline is not None and done > 0 and time.perf_counter() >= deadline:
                break
            if done % self.determinize_every == 0 or sample is None:
                sample = game.determinize(seen, player, self.rng)
                if done == 0:
                    self._centre = [game.evaluate(sample, p) if self.relative else 0.0
                                    for p in range(players)]
                state = sample if self.determinize_every == 1 else game.clone(sample)
            else:
                state = game.clone(sample)
            self._iterate(game, root, state, players)
            done += 1
        self.last_iterations = done
        self.last_seconds = time.perf_counter() - start
        self.last_values = {a: _worth(child, player) for a, child in root.children.items()}
        choices = legal if self.guard is None else self.guard.allowed(game, seen, legal)
        chosen = self._best(root, choices, player)
        if self.guard is not None:
            self.guard.record(chosen)
        return chosen

    def _best(self, root: _Node, legal: Sequence[Any], player: PlayerId) -> Any:
        best_key: tuple[int, float] | None = None
        best: list[Any] = []
        for action in legal:
            child = root.children.get(action)
            key = (0, 0.0) if child is None else (child.visits, _worth(child, player))
            if best_key is None or key > best_key:
                best_key, best = key, [action]
            elif key == best_key:
                best.append(action)
        return best[self.rng.randbelow(len(best))]

    # -- one iteration ---------------------------------------------------
    def _rank(self, game: Game[Any, Any], node: _Node, state: State,
              legal: Sequence[Any], mover: PlayerId) -> list[Any]:
        """Rank ``legal`` by one-step evaluation (best first) and store priors
        in ``[0, 1]`` by rank; actions first seen later are appended."""
        known = node.prior
        fresh = [a for a in legal if a not in known]
        if fresh:
            scored = sorted(
                ((score_action(game, state, a, mover), i, a) for i, a in enumerate(fresh)),
                key=lambda item: (-item[0], item[1]),
            )
            ranked = (node.ranked or []) + [a for _, _, a in scored]
            node.ranked = ranked
            size = len(ranked)
            node.prior = {a: 1.0 - rank / size for rank, a in enumerate(ranked)}
        return node.ranked or []

    def _iterate(self, game: Game[Any, Any], root: _Node, state: State, players: int) -> None:
        node = root
        path = [root]
        rng = self.rng
        c = self.c
        bias = self.bias
        depth = 0
        while not game.is_over(state):
            legal = game.legal_actions(state)
            mover = game.current_player(state)
            if mover is None:  # pragma: no cover - is_over covers it
                break
            node.mover = mover
            children = node.children
            prior: dict[Any, float] | None = None
            if depth < self.prior_depth and len(legal) > 1:
                ranked = self._rank(game, node, state, legal, mover)
                prior = node.prior
                admit = self.widen_base + int(self.widen_rate * math.sqrt(node.visits))
                if admit < len(ranked):
                    legal_set = set(legal)
                    candidates: Sequence[Any] = [a for a in ranked if a in legal_set][:admit]
                else:
                    candidates = legal
                untried = [a for a in candidates if a not in children]
                untried.sort(key=lambda a: -prior[a] if prior else 0.0)
                pick_first = True
            else:
                candidates = legal
                untried = [a for a in legal if a not in children]
                pick_first = False
            if untried:
                action = untried[0] if pick_first else untried[rng.randbelow(len(untried))]
                child = _Node(players)
                child.avail = 1
                children[action] = child
                for other in candidates:
                    if other in children and other is not action:
                        children[other].avail += 1
                game.apply(state, action)
                path.append(child)
                break
            best_value = -math.inf
            chosen: Any = None
            for a in candidates:
                child = children[a]
                child.avail += 1
                best = child.best
                value = (child.value[mover] / child.visits if best is None else best[mover]) + (
                    c * math.sqrt(math.log(child.avail) / child.visits))
                if prior is not None:
                    value += bias * prior[a] / (child.visits + 1)
                if value > best_value:
                    best_value, chosen = value, a
            node = children[chosen]
            game.apply(state, chosen)
            path.append(node)
            depth += 1
        result = self._playout(game, state, players)
        for visited in path:
            visited.visits += 1
            totals = visited.value
            for p in range(players):
                totals[p] += result[p]
        if self.backup != "mean":
            _back_up_best(path, self.backup == "max")

    def _playout(self, game: Game[Any, Any], state: State, players: int) -> list[float]:
        rng = self.rng
        depth = 0
        limit = self.rollout_depth
        greedy = self.rollout == "greedy"
        while not game.is_over(state):
            if limit is not None and depth >= limit:
                return self._cutoff(game, state, players)
            legal = game.legal_actions(state)
            if greedy and len(legal) > 1 and rng.random() >= self.epsilon:
                action = self._greedy_step(game, state, legal)
            else:
                action = legal[rng.randbelow(len(legal))]
            game.apply(state, action)
            depth += 1
        return [float(v) for v in game.returns(state)]

    def _greedy_step(self, game: Game[Any, Any], state: State, legal: Sequence[Any]) -> Any:
        mover = game.current_player(state)
        if mover is None:  # pragma: no cover - the caller checked is_over
            return legal[0]
        k = self.greedy_sample
        candidates = list(legal) if len(legal) <= k else self.rng.sample(legal, k)
        best_value = -math.inf
        best: Any = candidates[0]
        for action in candidates:
            value = score_action(game, state, action, mover)
            if value > best_value:
                best_value, best = value, action
        return best

    def _cutoff(self, game: Game[Any, Any], state: State, players: int) -> list[float]:
        centre = self._centre
        values = [game.evaluate(state, p) - centre[p] for p in range(players)]
        for v in values:
            self._abs_sum += min(abs(v), WIN_BONUS)
            self._abs_count += 1
        scale = self.eval_scale
        if scale is None:
            scale = self._abs_sum / self._abs_count if self._abs_sum > 0 else 1.0
        return [_logistic(v / scale) for v in values]


def _worth(node: _Node, player: PlayerId) -> float:
    """A node's value for ``player``: its best child's, else its mean result."""
    best = node.best
    if best is not None:
        return best[player]
    return node.value[player] / node.visits if node.visits else 0.0


def _back_up_best(path: list[_Node], everywhere: bool) -> None:
    """Value each node of ``path`` below the root by its child best for its
    mover: all of them (``everywhere``), or those whose mover also made the
    move into them. The leaf (no children yet) keeps its mean."""
    for index in range(len(path) - 2, 0, -1):
        node = path[index]
        mover = node.mover
        if not everywhere and mover != path[index - 1].mover:
            node.best = None
            continue
        top: _Node | None = None
        top_value = -math.inf
        for child in node.children.values():
            value = _worth(child, mover)
            if value > top_value:
                top, top_value = child, value
        if top is not None:
            node.best = top.best if top.best is not None else [v / top.visits for v in top.value]


def _logistic(x: float) -> float:
    if x >= 0:
        return 1.0 / (1.0 + math.exp(-x))
    z = math.exp(x)
    return z / (1.0 + z)
