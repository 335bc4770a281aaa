"""Not repeating oneself: a guard that breaks cycles of no-progress decisions.

Some rules let a player undo what they just did (load a good, unload it,
load it again). An agent whose evaluation cannot tell the positions apart
may then cycle forever. Chess engines meet the same problem and treat a
repeated position specially; hexkit agents do it simply: they remember each
position they decided in (the redacted view, without the step counter, the
log and the random stream) and the actions they took there, and when a
position comes back they do not take the same action from it again, as long
as another legal action is left. A cycle is therefore left after at most as
many turns round it as the position has legal actions.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from typing import Any

from hexkit.game import Game, State
from hexkit.serialize import codec

__all__ = ["RepetitionGuard", "position_key"]

_IGNORED = ("step", "log", "rng", "viewer")


def position_key(game: Game[Any, Any], view: State) -> bytes:
    """A digest of ``view`` that ignores the step counter, log and RNG, so the
    same position reached again gives the same key."""
    log = view.log
    view.log = []  # the log only grows: leave it out before encoding, not after
    try:
        body = codec(game).state_to_dict(view)["state"]
    finally:
        view.log = log
    if isinstance(body, dict):
        body = {k: v for k, v in body.items() if k not in _IGNORED}
    text = json.dumps(body, sort_keys=True, default=str)
    return hashlib.blake2b(text.encode(), digest_size=16).digest()


class RepetitionGuard:
    """Remembers positions and the actions taken from them during one game.

    The memory is cleared when a view's step is lower than the last one
    seen, i.e. when the agent starts a new game.
    """

    def __init__(self) -> None:
        self._taken: dict[bytes, list[Any]] = {}
        self._last_step = -1
        self._key: bytes | None = None

    def allowed(self, game: Game[Any, Any], view: State, legal: Sequence[Any]) -> Sequence[Any]:
        """The legal actions not already taken from this position (all of
        them if every one was)."""
        if view.step < self._last_step:
            self._taken.clear()
        self._last_step = view.step
        self._key = position_key(game, view)
        taken = self._taken.get(self._key)
        if not taken:
            return legal
        fresh = [a for a in legal if a not in taken]
        return fresh or legal

    def record(self, action: Any) -> None:
        """Remember that ``action`` was taken from the last position checked."""
        if self._key is not None:
            self._taken.setdefault(self._key, []).append(action)
