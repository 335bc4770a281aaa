"""Game records: the config, seed and actions that replay a whole game."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import attrs

from hexkit.errors import IllegalActionError, InvalidRecordError
from hexkit.game import Game, GameConfig, State
from hexkit.serialize import SCHEMA_VERSION, check_version, codec, parse_json, structure_checked

__all__ = ["GameRecord", "replay", "record_to_json", "record_from_json"]


@attrs.define
class GameRecord:
    """Everything needed to replay a game exactly.

    Attributes:
        game: registry name of the game.
        version: the game's rules version when recorded.
        config: the game's config.
        seed: the seed passed to :meth:`Game.new`.
        actions: the actions applied, in order.
    """

    game: str
    version: str
    config: GameConfig
    seed: int
    actions: list[Any] = attrs.field(factory=list)

    @classmethod
    def start(cls, game: Game[Any, Any], config: GameConfig, seed: int) -> GameRecord:
        """An empty record for a new game."""
        return cls(game.info.name, game.info.version, config, seed, [])


def replay(game: Game[Any, Any], record: GameRecord, upto: int | None = None) -> State:
    """Rebuild the state after the first ``upto`` actions (all by default).

    Raises:
        InvalidRecordError: if the record is for another game, or one of its
            actions is illegal where it stands (``field`` names its index).
    """
    if record.game != game.info.name:
        raise InvalidRecordError("game", f"record is for {record.game!r}, not {game.info.name!r}")
    state: State = game.new(record.config, record.seed)
    actions = record.actions if upto is None else record.actions[:upto]
    for index, action in enumerate(actions):
        try:
            game.apply(state, action)
        except IllegalActionError as exc:
            raise InvalidRecordError(f"actions[{index}]", exc.rule) from None
    return state


def record_to_json(game: Game[Any, Any], record: GameRecord, indent: int | None = None) -> str:
    """The JSON text of a record, with a schema version."""
    c = codec(game)
    data = {
        "schema": SCHEMA_VERSION,
        "game": record.game,
        "version": record.version,
        "config": c.converter.unstructure(record.config, unstructure_as=game.config_type),
        "seed": record.seed,
        "actions": [c.encode_action(a) for a in record.actions],
    }
    return json.dumps(data, indent=indent, sort_keys=True)


def record_from_json(game: Game[Any, Any], text: str | bytes, *,
                     allow_version_mismatch: bool = False) -> GameRecord:
    """Parse a record written by :func:`record_to_json`.

    The actions are decoded but not replayed; :func:`replay` checks them.

    Args:
        game: the game the record must be for.
        text: the JSON text.
        allow_version_mismatch: accept a record made under another rules
            version (its replay may diverge or fail).

    Raises:
        VersionMismatchError: if the record was made under another rules
            version and ``allow_version_mismatch`` is false.
        InvalidRecordError: naming the malformed field.
    """
    data = parse_json(text)
    if not isinstance(data, dict):
        raise InvalidRecordError("", f"expected a JSON object, not {type(data).__name__}")
    for key in ("schema", "game", "version", "config", "seed", "actions"):
        if key not in data:
            raise InvalidRecordError(key, "missing")
    if data["schema"] != SCHEMA_VERSION:
        raise InvalidRecordError("schema", f"unsupported schema {data['schema']!r}")
    if data["game"] != game.info.name:
        raise InvalidRecordError("game", f"record is for {data['game']!r}, not {game.info.name!r}")
    if not isinstance(data["version"], str):
        raise InvalidRecordError("version", f"expected a string, not {data['version']!r}")
    if not allow_version_mismatch:
        check_version(game, data["version"])
    extra = sorted(set(data) - {"schema", "game", "version", "config", "seed", "actions"})
    if extra:
        raise InvalidRecordError(extra[0], "unknown key in a game record")
    c = codec(game)
    config = structure_checked(c.converter, data["config"], game.config_type, "config")
    seed = data["seed"]
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        raise InvalidRecordError("seed", f"expected a non-negative integer, not {seed!r}")
    raw_actions = data["actions"]
    if not isinstance(raw_actions, list):
        raise InvalidRecordError("actions", "expected a list")
    actions: Sequence[Any] = [
        c.decode_action(a, f"actions[{i}]") for i, a in enumerate(raw_actions)
    ]
    try:
        config.check(game.info)
    except ValueError as exc:
        raise InvalidRecordError("config", str(exc)) from None
    return GameRecord(str(data["game"]), str(data["version"]), config, seed, list(actions))
