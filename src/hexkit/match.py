"""A game in progress with its seats, record and undo history, for frontends and scripts."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from hexkit.agents.base import Agent
from hexkit.errors import HexkitError
from hexkit.game import Game, GameConfig, PlayerId, State
from hexkit.record import GameRecord, replay

__all__ = ["Match"]


class Match:
    """Holds a game, its state, its record and who sits in each seat.

    Seats without an agent are answered from outside with :meth:`play` (a
    human at a frontend). :meth:`undo` and :meth:`redo` move to any earlier
    or later decision by replaying the record from the start, so they are
    exact for every game.

    Args:
        game: the rules.
        config: players, variants and options.
        seed: the game's seed.
        agents: agent by seat; missing seats are played from outside.
        serves: the seat this match shows to (a frontend's player); its
            :meth:`observed` state hides what that seat may not see.
    """

    def __init__(
        self,
        game: Game[Any, Any],
        config: GameConfig,
        seed: int = 0,
        agents: Mapping[PlayerId, Agent] | None = None,
        serves: PlayerId | None = None,
    ) -> None:
        self.game = game
        self.state: State = game.new(config, seed)
        self.record = GameRecord.start(game, config, seed)
        self.agents: dict[PlayerId, Agent] = dict(agents or {})
        self.serves = serves
        self._redo: list[Any] = []

    # -- reading --------------------------------------------------------
    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.game.is_over(self.state)

    @property
    def current_player(self) -> PlayerId | None:
        """The seat to act, or ``None`` when the game is over."""
        return self.game.current_player(self.state)

    def observed(self) -> State:
        """The state as the served seat sees it (the full state if it serves none)."""
        if self.serves is None:
            return self.state
        seen: State = self.game.view(self.state, self.serves)
        return seen

    def legal_actions(self) -> Sequence[Any]:
        """Legal answers to the pending decision."""
        return self.game.legal_actions(self.state)

    # -- acting ---------------------------------------------------------
    def play(self, action: Any) -> None:
        """Apply ``action`` for the seat to move and record it.

        Raises:
            IllegalActionError: the state and record are unchanged.
        """
        self.game.apply(self.state, action)
        self.record.actions.append(action)
        self._redo.clear()

    def step(self) -> Any:
        """Let the agent of the seat to move choose and play one action.

        Raises:
            HexkitError: if the game is over or that seat has no agent.
        """
        player = self.current_player
        if player is None:
            raise HexkitError("the game is over")
        agent = self.agents.get(player)
        if agent is None:
            raise HexkitError(f"seat {player} has no agent; call play() for it")
        view = self.game.view(self.state, player)
        action = agent.act(self.game, view, self.game.legal_actions(view))
        self.play(action)
        return action

    def run(self, max_steps: int | None = None) -> int:
        """Step agents until the game ends, a seat without an agent is to move,
        or ``max_steps`` actions were played. Returns the actions played."""
        played = 0
        while not self.is_over and (max_steps is None or played < max_steps):
            if self.current_player not in self.agents:
                break
            self.step()
            played += 1
        return played

    # -- history --------------------------------------------------------
    def undo(self, steps: int = 1) -> None:
        """Go back ``steps`` decisions (they can be redone).

        Raises:
            HexkitError: if fewer than ``steps`` actions were played.
        """
        if not 0 < steps <= len(self.record.actions):
            raise HexkitError(
                f"cannot undo {steps} step(s); {len(self.record.actions)} played"
            )
        keep = len(self.record.actions) - steps
        undone = self.record.actions[keep:]
        self._redo.extend(reversed(undone))
        del self.record.actions[keep:]
        self.state = replay(self.game, self.record)

    def redo(self, steps: int = 1) -> None:
        """Replay ``steps`` undone decisions.

        Raises:
            HexkitError: if fewer than ``steps`` decisions can be redone.
        """
        if not 0 < steps <= len(self._redo):
            raise HexkitError(f"cannot redo {steps} step(s); {len(self._redo)} undone")
        for _ in range(steps):
            action = self._redo.pop()
            self.game.apply(self.state, action)
            self.record.actions.append(action)

    def goto(self, step: int) -> None:
        """Move to the state after ``step`` actions of the current line of play."""
        total = len(self.record.actions) + len(self._redo)
        if not 0 <= step <= total:
            raise HexkitError(f"step {step} outside 0..{total}")
        here = len(self.record.actions)
        if step < here:
            self.undo(here - step)
        elif step > here:
            self.redo(step - here)
