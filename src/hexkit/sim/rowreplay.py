"""Play a finished study game again from its result row.

A row carries everything its game needs: the game, the player count, the
config (variants, data overrides, options), the seed, the agent specs by
seat and the decision limit. Agents are seeded from the game seed and the
seat (:func:`~hexkit.sim.study.agent_seed`), and every built-in agent with
an iteration budget is deterministic given its seed, so playing the row's
study game again gives the same actions, and so the same record, as the
study did. An agent with a wall-clock budget (``mcts:seconds=...``) is
not: its search depth depends on the machine, and :func:`replay_row` says
so when the replayed scores differ.
"""

from __future__ import annotations

from typing import Any

import attrs

from hexkit.agents.spec import installed_agent_spec
from hexkit.errors import HexkitError, InvalidRecordError
from hexkit.record import GameRecord
from hexkit.sim.study import Study, play_game

__all__ = ["RowReplay", "row_study", "replay_row", "clock_bound_specs"]


def clock_bound_specs(specs: list[str]) -> list[str]:
    """The specs whose agent thinks for a time rather than a number of
    iterations (``seconds=`` set), and so may play differently on another
    machine or load."""
    return [spec for spec in specs if any(part.startswith("seconds=") and part != "seconds=none"
                                          for part in spec.split(":")[1:])]


def row_study(row: dict[str, Any], game_ref: str) -> tuple[Study, int]:
    """The study (of ``index + 1`` games) whose game ``index`` is the row's game.

    Rows written before rows had ``agents`` and ``config`` give a study of
    the seats' agents, no variants and no overrides.

    Raises:
        InvalidRecordError: naming the field the row lacks.
    """
    where = f"seed {row.get('seed')}"
    try:
        index, seed, seats = int(row["index"]), int(row["seed"]), [str(s) for s in row["seats"]]
    except (KeyError, TypeError, ValueError) as exc:
        raise InvalidRecordError(where, f"not a study row (index, seed, seats): {exc}") from None
    players = int(row.get("players") or len(seats))
    agents = row.get("agents")
    # A file names only installed agents: nothing it says is imported.
    named = [(f"seats[{i}]", s) for i, s in enumerate(row["seats"])]
    if isinstance(agents, list):
        named += [(f"agents[{i}]", a) for i, a in enumerate(agents)]
    for field, spec in named:
        try:
            installed_agent_spec(spec, field)
        except HexkitError as exc:
            raise InvalidRecordError(field, str(exc).removeprefix(f"{field}: ")) from None
    if not isinstance(agents, list) or not agents:
        agents = [seats[(j - index) % players] for j in range(players)]
    config: dict[str, Any] = row["config"] if isinstance(row.get("config"), dict) else {}
    study = Study(
        game=game_ref, players=players, agents=tuple(str(a) for a in agents), games=index + 1,
        seed=seed - index, variants=tuple(config.get("variants") or ()),
        overrides=dict(config.get("overrides") or {}), options=dict(config.get("options") or {}),
        max_decisions=row.get("max_decisions"),
    )
    if study.seats(index) != seats:
        raise InvalidRecordError(f"{where}.seats", f"{seats} is not the rotation of agents {agents}")
    return study, index


@attrs.frozen
class RowReplay:
    """A study game played again.

    Attributes:
        record: the game record (``hexkit replay`` shows it).
        row: the new result row.
        same: whether the new row has the study row's scores, winner and
            decision count.
        clock_bound: specs that think for a time (may differ between runs).
    """

    record: GameRecord
    row: dict[str, Any]
    same: bool
    clock_bound: list[str]


def replay_row(row: dict[str, Any], game_ref: str | None = None) -> RowReplay:
    """Play the row's game again and return its record.

    Args:
        row: a result row of ``hexkit simulate`` (finished or failed).
        game_ref: the game to play (a registry name or, given on the
            command line, ``module:GAME``); default: the row's ``game``,
            which must be an installed game (a file never names what is
            imported).

    Raises:
        InvalidRecordError: if the row lacks what is needed.
        HexkitError: if the game or an agent cannot be set up.
    """
    from hexkit.registry import game_named_in_file

    ref = game_ref if game_ref is not None else game_named_in_file(row.get("game")).info.name
    study, index = row_study(row, ref)
    kept: list[GameRecord] = []
    new = play_game(study, index, keep=kept)
    fields = ("scores", "winner", "winners", "decisions", "error")
    same = all(new.get(f) == row.get(f) for f in fields if f in row)
    return RowReplay(kept[0], new, same, clock_bound_specs(list(study.agents)))
