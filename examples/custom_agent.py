"""A custom agent: any object with a ``name`` and an ``act`` method (run with ``--games 20``)."""

from collections.abc import Sequence
from typing import Any, Optional

import typer

import hexkit
from _shared import pick_game
from hexkit.agents import Agent, RandomAgent
from hexkit.cli import run_typer


class EpsilonGreedy:
    """The best one-step action by ``game.evaluate``; a random one with chance ``epsilon``."""
    name = "epsilon-greedy"

    def __init__(self, seed: int = 0, epsilon: float = 0.1) -> None:
        self.rng, self.epsilon = hexkit.Rng(seed), epsilon

    def act(self, game: hexkit.Game[Any, Any], view: hexkit.State, legal: Sequence[Any]) -> Any:
        if self.rng.random() < self.epsilon:
            return self.rng.choice(legal)
        me = view.pending[-1].player  # the seat to move: this agent's
        sample = game.determinize(view, me, self.rng)  # guess hidden parts, never peek
        values = []
        for action in legal:  # look one decision ahead on a copy
            child = game.clone(sample)
            game.apply(child, action)
            over, won = game.is_over(child), game.winner(child) == me
            values.append((1e9 if won else -1e9) if over else game.evaluate(child, me))
        best = max(values)  # ties are broken at random, from the agent's own stream
        return self.rng.choice([a for a, v in zip(legal, values) if v == best])


app = typer.Typer(add_completion=False, pretty_exceptions_enable=False)


@app.command(help="EpsilonGreedy against RandomAgent, seats alternating.")
def duel(
    game_name: Optional[str] = typer.Option(None, "--game", help="registry name (default: empyreal, else hex)"),
    games: int = typer.Option(10, "--games", min=1, help="games to play"),
) -> None:
    game, wins = pick_game(game_name), 0
    for i in range(games):  # alternate seats; same seeds on every run
        agents: dict[int, Agent] = {i % 2: EpsilonGreedy(seed=i), 1 - i % 2: RandomAgent(seed=i)}
        (match := hexkit.Match(game, game.make_config(2), seed=i, agents=agents)).run()
        wins += game.winner(match.state) == i % 2
    print(f"{EpsilonGreedy.name} won {wins} of {games} games of {game.info.title}")


def main(argv: list[str] | None = None) -> int:
    """Parse ``argv`` with typer (as ``hexkit`` does) and play; return the exit status."""
    return run_typer(app, argv, "custom_agent.py")


if __name__ == "__main__":
    raise SystemExit(main())
