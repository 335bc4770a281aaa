"""Game End: the triggers, finishing the round, the final deliveries.

The end is triggered when a Company holds the required Demand Tiles (6 for
2-3 players, 5 for 4, 4 for 5+; one more with Epic) or has no train cars
left. Play continues until the round returns to the Start Player; then
each Company may make one final delivery in reverse turn order (no
Specialists, no Conductor move; Demand Tiles may still be taken).

When the game is over the log gives the end reason (the trigger, naming
the Company, or the safeguard) and the final table: each place with its VP
and tie-breaker values. A skipped or impossible final delivery is logged
by :mod:`.deliver`.

Engine safeguard (assumed): after ``round_limit`` rounds (rules.toml,
default 40) the end is triggered as well, so a stalled game always ends.

Source: rulebook, Game End; Gameplay (required Demand Tiles); Epic.
"""

from __future__ import annotations

from hexkit_empyreal.actions import EndTurn, GameOver, auto
from hexkit_empyreal.rules.dispatch import runs
from hexkit_empyreal.actions import DeliverChoice
from hexkit_empyreal.config import EPIC, TEAM
from hexkit_empyreal.effects.registry import Steps
from hexkit_empyreal.rules.scoring import TIEBREAK_VALUES, places, score_sheet, tiebreak_values
from hexkit_empyreal.rules.turn import start_turn_steps
from hexkit_empyreal.state import EmpyrealState, data

__all__ = ["required_tiles", "check_trigger", "round_limit", "end_reason", "end_detail", "final_lines"]


def required_tiles(state: EmpyrealState) -> int:
    """Demand Tiles that trigger the game end for this player count and variants."""
    r = data(state).rules
    n = r.required_tiles[state.config.players]
    if EPIC in state.config.variants:
        n += r.epic_extra_tiles
    return n


def round_limit(state: EmpyrealState) -> int:
    """The safeguard round limit (0: none)."""
    cfg = state.cfg
    return cfg.round_limit if cfg.round_limit is not None else data(state).rules.round_limit


def check_trigger(state: EmpyrealState) -> None:
    """Set ``end_triggered`` when a trigger condition holds (logged once)."""
    if state.end_triggered:
        return
    need = required_tiles(state)
    for ps in state.players:
        if len(ps.tiles) >= need:
            state.end_triggered = True
            state.note(None, f"{ps.company} has {len(ps.tiles)} Demand Tiles: the game end is triggered")
            return
        if ps.cars_left <= 0 and ps.company:
            state.end_triggered = True
            state.note(None, f"{ps.company} has run out of train cars: the game end is triggered")
            return
    limit = round_limit(state)
    if limit and state.round >= limit:
        state.end_triggered = True
        state.note(None, f"round {state.round} is the engine's round limit: the game end is triggered")


def end_reason(state: EmpyrealState) -> str:
    """Why a finished game ended, judged from the final state.

    The rulebook's triggers are named when one holds at the end (Demand
    Tiles first, as :func:`check_trigger` tests them); otherwise the
    engine's round limit ended it.

    Source: rulebook, Game End.
    """
    need = required_tiles(state)
    if any(len(ps.tiles) >= need for ps in state.players):
        return f"{need} Demand Tiles"
    if any(ps.cars_left <= 0 and ps.company for ps in state.players):
        return "out of train cars"
    return "round limit (engine safeguard)"


def end_detail(state: EmpyrealState) -> str:
    """:func:`end_reason` in a sentence that names the Company concerned.

    Source: rulebook, Game End.
    """
    need = required_tiles(state)
    for ps in state.players:
        if len(ps.tiles) >= need:
            return f"{ps.company} holds {len(ps.tiles)} Demand Tiles, {need} end the game"
    for ps in state.players:
        if ps.cars_left <= 0 and ps.company:
            return f"{ps.company} has placed all its train cars"
    return f"no rulebook trigger happened by round {state.round}"


def _count(n: int, what: str) -> str:
    """``"1 Good delivered"``, ``"3 Goods delivered"``: the first word of ``what`` is the plural."""
    first, _, rest = what.partition(" ")
    return f"{n} {first[:-1] if n == 1 else first} {rest}"


def _decided(why: str) -> str:
    if why == "same team":
        return "; same team as the seat above"
    if why == "tied":
        return "; tied with the seat above (no tie-breaker separates them)"
    return f"; placed by {why}"


def _ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def final_lines(state: EmpyrealState) -> list[str]:
    """The final table as log lines: the end reason, then each place with
    its VP, the tie-breaker values and the rule that decided the place.

    Source: rulebook, Game End; Scoring; Tiebreakers.
    """
    sheet = score_sheet(state)
    values = tiebreak_values(state)
    place = places(sheet)
    lines = [f"the game ended by {end_reason(state)}: {end_detail(state)}"]
    if TEAM in state.config.variants:
        lines.append(
            "teams score and break ties together, on their members' summed Goods and train cars, then their latest seat"
        )
    goods, cars, turn = TIEBREAK_VALUES
    for i, seat in enumerate(sheet.order):
        v = values[seat]
        tie = f"{_count(v[goods], goods)}, {_count(v[cars], cars)}, {turn} {v[turn]}"
        lines.append(
            f"{_ordinal(place[i])} place: {state.players[seat].company} (seat {seat}) {sheet.totals[seat]} VP;"
            f" tie-breakers: {tie}{_decided(sheet.decided_by[i - 1]) if i else ''}"
        )
    return lines


@runs(EndTurn)
def _end_turn(state: EmpyrealState, o: EndTurn) -> Steps | None:
    p = o.player
    check_trigger(state)
    if state.turn.extra_turn:
        state.note(p, f"{state.players[p].company} takes another turn")
        return start_turn_steps(p)
    n = state.config.players
    nxt = p + 1
    if nxt < n:
        return start_turn_steps(nxt)
    if state.end_triggered:
        state.phase = "final"
        state.note(None, "the round is complete: final deliveries in reverse turn order")
        steps: list[GameOver | DeliverChoice] = [
            DeliverChoice(player=s, prompt="final delivery, or skip", mode="final") for s in reversed(range(n))
        ]
        steps.append(auto(GameOver, 0))
        return steps
    state.round += 1
    return start_turn_steps(0)


@runs(GameOver)
def _game_over(state: EmpyrealState, o: GameOver) -> Steps | None:
    state.phase = "over"
    state.note(None, "the game is over")
    for line in final_lines(state):
        state.note(None, line)
    return None
