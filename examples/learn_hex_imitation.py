"""Learn to play 5x5 Hex by imitating the greedy agent: a masked policy in plain numpy.

    python examples/learn_hex_imitation.py            # about a minute on one CPU core
    python examples/learn_hex_imitation.py --games 150 --epochs 15 --eval 100   # CI size

1. Data: the greedy agent plays against ``random`` (seats alternating) and
   against itself after a few random opening stones; each greedy decision is
   recorded as (observation, legal mask, action) with :func:`hexkit.rl.observation`
   and :func:`hexkit.rl.legal_mask_array` -- the mover's view only.
2. Model: a two-layer perceptron (80 inputs: the 3x5x5 planes and 5 features,
   128 ReLU units, 26 action logits); illegal actions get ``-inf`` before the
   softmax, so the policy only ever puts weight on legal moves. Trained with
   cross-entropy and Adam, written out in numpy (no learning library).
3. Test: the learnt policy (most likely legal move) plays ``--eval`` games
   against ``random``, half as Black, half as White, on seeds the training
   never used, and so does the same network untrained (the baseline); the
   script prints both win rates with 95% Wilson intervals and exits with
   status 1 unless the trained policy's lower end is above 50% and above the
   untrained one's win rate.
"""

from __future__ import annotations

import math
import time
from typing import Any

import numpy as np
import typer

import hexkit
from hexkit.agents.spec import make_agent
from hexkit.cli import run_typer
from hexkit.rl import encoder_for, legal_mask_array, observation
from hexkit.sim.stats import wilson

SIZE = 5


def collect(game: Any, config: Any, games: int, seed: int) -> tuple[np.ndarray, ...]:
    """Greedy decisions from ``games`` games: observations, masks, actions."""
    obs, masks, actions = [], [], []
    for i in range(games):
        state = game.new(config, seed + i)
        greedy = make_agent("greedy", seed + i)
        if i % 3 == 2:  # greedy against itself, after two random stones each
            agents = [greedy, make_agent("greedy", seed + i + 10_000)]
            rng = np.random.default_rng(seed + i)
            for _ in range(4):
                legal = game.legal_indices(state)
                game.apply_index(state, int(rng.choice(legal)))
            teacher = {0, 1}
        else:  # greedy against random, seats alternating
            teacher_seat = i % 2
            agents = [greedy, make_agent("random", seed + i)]
            if teacher_seat == 1:
                agents.reverse()
            teacher = {teacher_seat}
        while not game.is_over(state):
            player = game.current_player(state)
            legal = game.legal_actions(state)
            action = agents[player].act(game, game.view(state, player), legal)
            if player in teacher:
                obs.append(observation(game, state, player))
                masks.append(legal_mask_array(game, state).astype(bool))
                actions.append(game.action_to_index(state, action))
            game.apply(state, action)
    return np.array(obs), np.array(masks), np.array(actions)


class Policy:
    """``logits = relu(x W1 + b1) W2 + b2``, masked; Adam on the cross-entropy."""

    def __init__(self, inputs: int, hidden: int, outputs: int, seed: int) -> None:
        rng = np.random.default_rng(seed)
        self.params = {
            "W1": rng.normal(0, math.sqrt(2 / inputs), (inputs, hidden)),
            "b1": np.zeros(hidden),
            "W2": rng.normal(0, math.sqrt(1 / hidden), (hidden, outputs)),
            "b2": np.zeros(outputs),
        }
        self.m = {k: np.zeros_like(v) for k, v in self.params.items()}
        self.v = {k: np.zeros_like(v) for k, v in self.params.items()}
        self.t = 0

    def logits(self, x: np.ndarray, mask: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        p = self.params
        h = np.maximum(x @ p["W1"] + p["b1"], 0.0)
        z = h @ p["W2"] + p["b2"]
        return np.where(mask, z, -np.inf), h

    def train_step(self, x: np.ndarray, mask: np.ndarray, y: np.ndarray, lr: float) -> float:
        z, h = self.logits(x, mask)
        z = z - z.max(axis=1, keepdims=True)
        e = np.where(mask, np.exp(z), 0.0)
        prob = e / e.sum(axis=1, keepdims=True)
        n = len(y)
        loss = -float(np.mean(np.log(prob[np.arange(n), y] + 1e-12)))
        dz = prob
        dz[np.arange(n), y] -= 1.0
        dz /= n
        p = self.params
        dh = (dz @ p["W2"].T) * (h > 0)
        grads = {"W2": h.T @ dz, "b2": dz.sum(0), "W1": x.T @ dh, "b1": dh.sum(0)}
        self.t += 1
        for k, g in grads.items():  # Adam
            self.m[k] = 0.9 * self.m[k] + 0.1 * g
            self.v[k] = 0.999 * self.v[k] + 0.001 * g * g
            mh = self.m[k] / (1 - 0.9 ** self.t)
            vh = self.v[k] / (1 - 0.999 ** self.t)
            p[k] -= lr * mh / (np.sqrt(vh) + 1e-8)
        return loss

    def choose(self, x: np.ndarray, mask: np.ndarray) -> int:
        z, _ = self.logits(x[None, :], mask[None, :])
        return int(np.argmax(z[0]))


def evaluate(game: Any, config: Any, policy: Policy, games: int, seed: int) -> int:
    """Games the policy wins against ``random``, alternating colours."""
    wins = 0
    for i in range(games):
        seat = i % 2
        state = game.new(config, seed + i)
        opponent = make_agent("random", seed + i)
        while not game.is_over(state):
            player = game.current_player(state)
            if player == seat:
                x = observation(game, state, player)
                game.apply_index(state, policy.choose(x, legal_mask_array(game, state).astype(bool)))
            else:
                game.apply(state, opponent.act(game, game.view(state, player), game.legal_actions(state)))
        wins += game.winner(state) == seat
    return wins


app = typer.Typer(add_completion=False, pretty_exceptions_enable=False)


@app.command()
def learn(
    games: int = typer.Option(600, "--games", min=1, help="teacher games to imitate"),
    epochs: int = typer.Option(40, "--epochs", min=1, help="passes over the data"),
    eval_games: int = typer.Option(400, "--eval", min=1, help="games against random"),
    seed: int = typer.Option(0, "--seed", help="seed of the data, the network and the games"),
) -> int:
    """Learn 5x5 Hex from the greedy agent, then play random; status 1 unless it learnt."""
    game = hexkit.load_game("hex")
    config = game.make_config(2, size=SIZE)
    spec = encoder_for(game, config).spec
    started = time.perf_counter()
    x, mask, y = collect(game, config, games, seed)
    print(f"data: {len(y)} greedy decisions from {games} games "
          f"(observation {spec.size} = planes {spec.plane_shape} + {len(spec.features)} features, "
          f"{game.action_space_size(config)} actions), {time.perf_counter() - started:.1f} s")
    policy = Policy(spec.size, 128, game.action_space_size(config), seed)
    untrained = evaluate(game, config, Policy(spec.size, 128, game.action_space_size(config),
                                              seed), eval_games, seed=1_000_000 + seed)
    rng = np.random.default_rng(seed)
    for epoch in range(epochs):
        order = rng.permutation(len(y))
        losses = [policy.train_step(x[b], mask[b], y[b], 3e-3)
                  for b in np.array_split(order, max(1, len(y) // 128))]
        if epoch in (0, epochs - 1) or (epoch + 1) % 10 == 0:
            z, _ = policy.logits(x, mask)
            agree = float(np.mean(np.argmax(z, axis=1) == y))
            print(f"epoch {epoch + 1}: loss {np.mean(losses):.3f}, agrees with greedy on {agree:.0%}")
    wins = evaluate(game, config, policy, eval_games, seed=1_000_000 + seed)
    low, high = wilson(wins, eval_games)
    ulow, uhigh = wilson(untrained, eval_games)
    print(f"untrained network vs random: {untrained}/{eval_games} wins "
          f"({untrained / eval_games:.1%}, 95% Wilson {ulow:.1%}-{uhigh:.1%})")
    print(f"policy vs random: {wins}/{eval_games} wins ({wins / eval_games:.1%}, 95% Wilson "
          f"{low:.1%}-{high:.1%}), {time.perf_counter() - started:.1f} s in all")
    return 0 if low > 0.5 and low > untrained / eval_games else 1



def main(argv: list[str] | None = None) -> int:
    """Parse ``argv`` with typer (as ``hexkit`` does) and run; return the exit status."""
    return run_typer(app, argv, "learn_hex_imitation.py")

if __name__ == "__main__":
    raise SystemExit(main())
