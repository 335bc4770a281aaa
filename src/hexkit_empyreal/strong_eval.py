"""The strong agent's position evaluation: the greedy worth, re-weighted, plus a race term.

The greedy evaluation (:mod:`hexkit_empyreal.evaluate`) values Spellcars,
mana and reclaimed mana highly enough that a whole-turn search prefers
Administrate to moving the Conductor turn after turn: it fills the railyard
and reaches the End of the Line (the delivery and the Upgrade) far too
rarely. :data:`STRONG_OVERRIDES` re-weights those parts, and
:func:`evaluate_strong` adds two terms the greedy worth does not have:

* ``tile``: each Demand Tile held, beyond its printed VP (tiles are what end
  the game: the player ahead wants them, and a delivery that takes one is
  worth more than the same Goods delivered without one);
* ``captain``: a ready (not exhausted) Captain;
* ``lap``: each End of the Line reached (an Upgrade taken). The greedy worth
  values the Conductor's progress and drops it when the Conductor returns to
  Start, so without this term reaching the End of the Line looks like a loss
  of ``progress`` times the path length;
* ``trigger``: once the game end is triggered, plus this when the player's
  points lead the best rival's, minus it when they trail (so the player
  ahead ends the game and the player behind does not);
* ``lead_car`` and ``lead_tile``: while the player's points lead, each train
  car placed and each Demand Tile held is worth this much more (the two
  ways to trigger the end: the leader hurries it).

Both are taken as a difference to the best rival, like the worth.

Source: rulebook, End of the Line; Demand Tiles; Game End; issue 10.
"""

from __future__ import annotations

from collections.abc import Mapping

from hexkit_empyreal.config import AWARDS, EXPERT, TEAM
from hexkit_empyreal.evaluate import WEIGHTS, evaluate, worth
from hexkit_empyreal.state import EmpyrealState, data

__all__ = ["STRONG_OVERRIDES", "EXTRA", "evaluate_strong", "own_value"]

STRONG_OVERRIDES: dict[str, float] = {"spellcar": 0.25, "car": 0.4}
"""Weights of :data:`~hexkit_empyreal.evaluate.WEIGHTS` the strong agent changes."""

EXTRA: dict[str, float] = {"tile": 0.5, "captain": 0.0, "lap": 1.2, "trigger": 3.0, "lead_car": 0.3, "lead_tile": 1.0}
"""Weights of the strong agent's own terms (see the module docstring)."""


def _extra(state: EmpyrealState, player: int, extra: Mapping[str, float]) -> float:
    tile, captain, lap = extra.get("tile", 0.0), extra.get("captain", 0.0), extra.get("lap", 0.0)
    trigger = extra.get("trigger", 0.0)
    lead_car, lead_tile = extra.get("lead_car", 0.0), extra.get("lead_tile", 0.0)
    if not tile and not captain and not lap and not trigger and not lead_car and not lead_tile:
        return 0.0
    laps = state.played.get("upgrades") or [0] * len(state.players)
    values = [
        tile * len(ps.tiles) + (captain if ps.captain_ready else 0.0) + lap * laps[s]
        for s, ps in enumerate(state.players)
    ]
    rival = max((v for s, v in enumerate(values) if s != player), default=0.0)
    value = values[player] - rival
    if not (trigger or lead_car or lead_tile):
        return value
    values_of = data(state).rules.demand_values
    points = [float(ps.delivered + sum(values_of[k] for _, k in ps.tiles)) for ps in state.players]
    best = max((v for s, v in enumerate(points) if s != player), default=0.0)
    if trigger and state.end_triggered and points[player] != best:
        value += trigger if points[player] > best else -trigger
    if points[player] > best:
        ps = state.players[player]
        value += lead_car * (data(state).rules.train_cars - ps.cars_left) + lead_tile * len(ps.tiles)
    return value


def evaluate_strong(
    state: EmpyrealState,
    player: int,
    overrides: Mapping[str, float] | None = None,
    extra: Mapping[str, float] | None = None,
) -> float:
    """The strong agent's value of ``state`` for ``player`` (VP-like units).

    Args:
        state: the position (a full state or a determinised sample).
        player: the seat to evaluate for.
        overrides: weights replacing :data:`WEIGHTS` entries
            (default :data:`STRONG_OVERRIDES`).
        extra: weights of the extra terms (default :data:`EXTRA`).

    Returns:
        The greedy evaluation under the overrides plus the extra terms.
    """
    over = STRONG_OVERRIDES if overrides is None else overrides
    value = 0.0
    if over:
        saved = {k: WEIGHTS[k] for k in over}
        WEIGHTS.update(over)
        try:
            value = evaluate(state, player)
        finally:
            WEIGHTS.update(saved)
    else:
        value = evaluate(state, player)
    return value + _extra(state, player, EXTRA if extra is None else extra)


def own_value(
    state: EmpyrealState,
    player: int,
    overrides: Mapping[str, float] | None = None,
    extra: Mapping[str, float] | None = None,
) -> float:
    """``player``'s own part of :func:`evaluate_strong`, without the rivals.

    Within the player's own turn the rivals' worths barely change, so the
    one-step choices of a turn's playout compare this (four times cheaper at
    4 players) and only the end-of-turn position is valued in full. Games
    with the Team, Awards or Expert variants are valued in full.

    Args:
        state: the position.
        player: the seat to value.
        overrides: as for :func:`evaluate_strong`.
        extra: as for :func:`evaluate_strong`.

    Returns:
        The player's points, promise and own extra terms (VP-like units).
    """
    variants = state.config.variants
    if TEAM in variants or AWARDS in variants or EXPERT in variants:
        return evaluate_strong(state, player, overrides, extra)
    over = STRONG_OVERRIDES if overrides is None else overrides
    ext = EXTRA if extra is None else extra
    ps = state.players[player]
    values = data(state).rules.demand_values
    vp = float(ps.delivered + sum(values[k] for _, k in ps.tiles))
    saved = {k: WEIGHTS[k] for k in over}
    WEIGHTS.update(over)
    try:
        value = worth(state, player, vp)
    finally:
        WEIGHTS.update(saved)
    laps = state.played.get("upgrades") or [0] * len(state.players)
    value += ext.get("tile", 0.0) * len(ps.tiles) + ext.get("lap", 0.0) * laps[player]
    return value + (ext.get("captain", 0.0) if ps.captain_ready else 0.0)
