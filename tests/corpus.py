"""Saves taken along a random game, for the plugins' mutation corpora."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

from hexkit.game import Game, State
from hexkit.serialize import codec


def saves_along(game: Game[Any, Any], state: State, rng: random.Random, steps: int,
                count: int = 4) -> Iterator[dict[str, Any]]:
    """Parsed JSON saves of ``state`` at ``count`` steps drawn from the first ``steps``
    of a random game played on from it (fewer if it ends first)."""
    conv = codec(game)
    stops = sorted(rng.sample(range(steps), count))
    for step in range(steps):
        if game.is_over(state):
            break
        if step in stops:
            yield json.loads(conv.state_to_json(state))
        game.apply(state, rng.choice(list(game.legal_actions(state))))
