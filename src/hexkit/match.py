"""A game in progress with its seats, record and undo history, for frontends and scripts."""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from hexkit.agents.base import Agent
from hexkit.errors import HexkitError
from hexkit.game import Game, GameConfig, PlayerId, State
from hexkit.record import GameRecord, replay
from hexkit.rng import Rng

__all__ = ["Match", "SeatRecord", "new_seed"]


def new_seed() -> int:
    """A fresh 128-bit random seed, for a game whose seed nobody chose.

    A seat that learns the seed can replay the whole game, hidden parts
    included, so a seed is handed only to whoever may see everything.
    """
    return secrets.randbits(128)


@attrs.frozen
class SeatRecord:
    """What one seat may keep of a game: its own views, never the seed.

    Attributes:
        game: registry name of the game.
        version: the game's rules version.
        config: the game's config (public).
        seat: the seat the record is for.
        views: the state as that seat saw it, before the first action and
            after each action (``views[i]`` after ``i`` actions).
    """

    game: str
    version: str
    config: GameConfig
    seat: PlayerId
    views: tuple[State, ...]


class Match:
    """Holds a game, its state, its record and who sits in each seat.

    Seats without an agent are answered from outside with :meth:`play` (a
    human at a frontend). :meth:`undo` and :meth:`redo` move to an earlier
    or later decision by replaying the record from the start, so they are
    exact for every game.

    Hidden information: a match that ``serves`` a seat acts only for that
    seat (:meth:`play` refuses the others' decisions; agents of other seats
    still move through :meth:`step`). :meth:`undo` never goes back past an
    action that showed the watched seat (the served one, or any seat when
    none is served) something it could not see before (a blind draw, a
    revealed tile): undoing it would let that seat peek and choose again.
    Such an action is a barrier; :meth:`undo` refuses to cross it (nothing
    is redrawn). Serve a seat so that only its own reveals are barriers.

    Args:
        game: the rules.
        config: players, variants and options.
        seed: the game's seed; ``None`` (the default) draws a fresh 128-bit
            random one (:func:`new_seed`), kept in :attr:`record`.
        agents: agent by seat; missing seats are played from outside.
        serves: the seat this match shows to (a frontend's player); its
            :meth:`observed` state hides what that seat may not see.
    """

    def __init__(
        self,
        game: Game[Any, Any],
        config: GameConfig,
        seed: int | None = None,
        agents: Mapping[PlayerId, Agent] | None = None,
        serves: PlayerId | None = None,
    ) -> None:
        self.game = game
        if seed is None:
            seed = new_seed()
        self.state: State = game.new(config, seed)
        self.record = GameRecord.start(game, config, seed)
        """The full record, seed included: it replays every hidden fact, so it
        is for the match's owner only; give a seat :meth:`record_for`."""
        self.agents: dict[PlayerId, Agent] = dict(agents or {})
        self.serves = serves
        self._redo: list[Any] = []

    @classmethod
    def resume(
        cls,
        game: Game[Any, Any],
        record: GameRecord,
        agents: Mapping[PlayerId, Agent] | None = None,
        serves: PlayerId | None = None,
    ) -> Match:
        """A match that goes on from a saved record (its config, seed and actions).

        The record's actions are replayed from the start, so the match can
        undo into them as into its own.

        Raises:
            InvalidRecordError: if the record is for another game, or one of
                its actions is illegal where it stands (``field`` names its index).
        """
        match = cls(game, record.config, record.seed, agents, serves)
        match.state = replay(game, record)
        match.record.actions = list(record.actions)
        return match

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
            HexkitError: if this match serves a seat and another seat is to
                move (a served frontend never acts for someone else).
        """
        player = self.current_player
        if self.serves is not None and player is not None and player != self.serves:
            raise HexkitError(
                f"this match serves seat {self.serves}; seat {player} is to move and"
                " only its own agent may act for it"
            )
        self._apply(action)

    def _apply(self, action: Any) -> None:
        self.game.apply(self.state, action)
        self.record.actions.append(action)
        self._redo.clear()

    def _reveals(self, state: State, action: Any) -> bool:
        """Whether ``action`` played in ``state`` shows the watched seat hidden information.

        The watched seat's view (the served seat, or every seat) is rebuilt
        from two samples of what it could not see before the action; if the
        view after the action differs from the true one, the action revealed
        something (a blind draw, a turned tile).
        """
        game = self.game
        if game.info.information.value == "perfect" and not game.info.stochastic:
            return False
        after = game.clone(state)
        game.apply(after, action)
        seats = [self.serves] if self.serves is not None else range(game.num_players(state))
        for seat in seats:
            truth = game.view(after, seat)
            before = game.view(state, seat)
            for salt in (1, 2):
                sample = game.determinize(before, seat, Rng(0x5EED ^ salt ^ (state.step << 8)))
                try:
                    game.apply(sample, action)
                except Exception:
                    return True
                if game.view(sample, seat) != truth:
                    return True
        return False

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
        # One listing serves the agent and apply's check (the mover's legal actions
        # are the same from its view); a plain tuple holds nothing of the state.
        legal = tuple(self.game.legal_actions(self.state))
        action = agent.act(self.game, self.game.view(self.state, player), legal)
        self._apply(action)
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

    def record_for(self, seat: PlayerId) -> SeatRecord:
        """The redacted record a seat may be given: its own views, no seed.

        Unlike :attr:`record` (the full record, which replays the hidden
        parts), this holds only what ``seat`` saw after each action.

        Raises:
            HexkitError: if ``seat`` is not a seat of this game.
        """
        game = self.game
        if not 0 <= seat < game.num_players(self.state):
            raise HexkitError(f"seat {seat} is not in this game")
        state: State = game.new(self.record.config, self.record.seed)
        views = [game.view(state, seat)]
        for action in self.record.actions:
            game.apply(state, action)
            views.append(game.view(state, seat))
        return SeatRecord(game.info.name, game.info.version, self.record.config, seat, tuple(views))

    # -- history --------------------------------------------------------
    def undo(self, steps: int = 1) -> None:
        """Go back ``steps`` decisions (they can be redone).

        Raises:
            HexkitError: if fewer than ``steps`` actions were played, or one of
                them drew randomness (hidden information was revealed); nothing
                is undone then.
        """
        if not 0 < steps <= len(self.record.actions):
            raise HexkitError(
                f"cannot undo {steps} step(s); {len(self.record.actions)} played"
            )
        keep = len(self.record.actions) - steps
        earlier = replay(self.game, self.record, upto=keep)
        self._check_no_reveal(earlier, keep)
        undone = self.record.actions[keep:]
        self._redo.extend(reversed(undone))
        del self.record.actions[keep:]
        self.state = earlier

    def _check_no_reveal(self, state: State, keep: int) -> None:
        """Raise unless the actions after the first ``keep`` reveal nothing to the watched seat."""
        probe = self.game.clone(state)
        last = -1
        for index in range(keep, len(self.record.actions)):
            action = self.record.actions[index]
            if self._reveals(probe, action):
                last = index
            self.game.apply(probe, action)
        if last >= 0:
            played = len(self.record.actions)
            raise HexkitError(
                f"cannot undo {played - keep} step(s): action {last} drew hidden information"
                f" (a blind draw or a reveal); at most {played - last - 1} can be undone"
            )

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
