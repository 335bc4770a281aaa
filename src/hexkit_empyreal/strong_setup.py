"""The strong agent's choice of Company and Captain, from measured play.

The position evaluation cannot tell Companies or Captains apart before the
first turn, so the greedy answer at set-up is close to arbitrary. These
tables hold, per Captain and per Company, the mean final score margin
(own score minus the opponent's) the strong agent reached with it in 2-player
games against the greedy agent (about 460 seat-games, seeds 0-139; see
``docs/rules/empyreal-strong-agent.md``). At set-up the agent draws, at
random from its own stream, one of the Companies whose value plus that of
its best available Captain is within :data:`TOLERANCE` of the best (so that
a study with the strong agent in every seat still sees several Companies),
then takes that best Captain. Unknown names count 0.

Source: rulebook, Setting Up the Game (Select Companies; Wild Captains);
issue 10 (priors from play).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hexkit.game import Game
from hexkit.rng import Rng

from hexkit_empyreal.actions import Choose, SelectCaptain, SelectCompany
from hexkit_empyreal.state import EmpyrealState

__all__ = ["CAPTAIN_VALUE", "COMPANY_VALUE", "TOLERANCE", "setup_choice"]

TOLERANCE = 4.0
"""Companies this close (in VP of margin) to the best one are drawn among at random."""

CAPTAIN_VALUE: dict[str, float] = {
    "Irialandradayamorella": 18.5,
    "Seth Cremmul": 13.8,
    "Dolores Malephaise": 13.8,
    "Trias Blackwind": 12.4,
    "Runika Zenanen": 10.2,
    "Marcinae Ayle Shorec": 6.4,
    "Bartok Kulle": 1.1,
    "Rayleigh Kerigan": 1.1,
}
"""Mean final margin of the strong agent by Captain (2 players, against greedy)."""

COMPANY_VALUE: dict[str, float] = {
    "Caterpillar Conveyance Consortium": 16.7,
    "Golden Sands Company": 15.6,
    "Afterworld Express": 15.2,
    "Kings' Line": 14.4,
    "Kerigan Transcontinental": 10.6,
    "Gesselheim Imperial": 5.1,
}
"""Mean final margin of the strong agent by Company (2 players, against greedy)."""


def _option(action: Any) -> str:
    return action.option if isinstance(action, Choose) else ""


def setup_choice(
    game: Game[Any, Any], state: EmpyrealState, legal: Sequence[Any], rng: Rng | None = None
) -> Any | None:
    """The answer to a Company or Captain choice by the tables, or ``None`` at any other decision.

    Args:
        game: the game (to list the Captains a Company would allow).
        state: the agent's view.
        legal: the legal answers.
        rng: draws among the Companies near the best (``None``: the first best).

    Returns:
        One element of ``legal``, or ``None`` when the pending decision is
        neither :class:`SelectCompany` nor :class:`SelectCaptain`.
    """
    top = state.pending[-1] if state.pending else None
    if isinstance(top, SelectCaptain):
        return max(legal, key=lambda a: CAPTAIN_VALUE.get(_option(a), 0.0))
    if not isinstance(top, SelectCompany):
        return None
    values = []
    for action in legal:
        child = game.clone(state)
        game.apply(child, action)
        captains = game.legal_actions(child)
        value = COMPANY_VALUE.get(_option(action), 0.0)
        values.append(value + max((CAPTAIN_VALUE.get(_option(c), 0.0) for c in captains), default=0.0))
    best = max(values)
    if rng is None:
        return legal[values.index(best)]
    near = [a for a, v in zip(legal, values) if v >= best - TOLERANCE]
    return near[rng.randbelow(len(near))]
