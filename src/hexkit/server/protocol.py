"""The messages between ``hexkit serve`` and its clients, as attrs classes.

Every message is a JSON object with ``"type"`` (its tag) and ``"v"`` (the
protocol version, :data:`PROTOCOL_VERSION`). Clients send
:class:`Join`, :class:`AnswerMsg`, :class:`UndoMsg` and :class:`Ping`; the
server sends :class:`Welcome`, :class:`TableState`, :class:`ErrorMsg` and
:class:`Pong`. :func:`json_schema` builds the JSON Schema of all of them
from these classes (``python -m hexkit.server.protocol`` prints it), and
``docs/protocol.md`` documents them.

Every :class:`TableState` sent to a seat is built from ``game.view(state,
seat)`` only (a spectator's from the public view), so no message carries
another seat's hidden things.
"""

from __future__ import annotations

import json
import types
import typing
from collections.abc import Mapping
from typing import Any, ClassVar, Union, get_args, get_origin

import attrs

from hexkit.errors import HexkitError
from hexkit.serialize import parse_json

__all__ = [
    "PROTOCOL_VERSION",
    "ProtocolError",
    "Join",
    "AnswerMsg",
    "UndoMsg",
    "Ping",
    "AnswerOut",
    "QuestionOut",
    "LogLine",
    "Scores",
    "Welcome",
    "TableState",
    "ErrorMsg",
    "Pong",
    "CLIENT_MESSAGES",
    "SERVER_MESSAGES",
    "parse_client",
    "dump",
    "json_schema",
]

PROTOCOL_VERSION = 1
"""The protocol's version; a client sending another one is refused with ``bad-version``."""


class ProtocolError(HexkitError, ValueError):
    """A message the server refuses; ``code`` is the :class:`ErrorMsg` code.

    Args:
        code: short machine-readable reason (``bad-json``, ``bad-field``,
            ``stale``, ``not-your-turn``, ``illegal``, ``bad-token``...).
        message: what is wrong, naming the field.
        field: the offending field, if one.
    """

    def __init__(self, code: str, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.field = field


# -- client -> server -------------------------------------------------------
@attrs.frozen
class Join:
    """First message on a socket: take a seat with its token, or watch.

    Attributes:
        token: the seat's token from its link; empty to join as a spectator.
    """

    type: ClassVar[str] = "join"
    token: str = ""


@attrs.frozen
class AnswerMsg:
    """Answer the pending question.

    Attributes:
        step: the :attr:`QuestionOut.step` answered (a stale one is refused).
        index: the chosen :attr:`AnswerOut.index`.
    """

    type: ClassVar[str] = "answer"
    step: int
    index: int


@attrs.frozen
class UndoMsg:
    """Take back this seat's last decision (where the table allows it)."""

    type: ClassVar[str] = "undo"


@attrs.frozen
class Ping:
    """Keep-alive; the server answers :class:`Pong`."""

    type: ClassVar[str] = "ping"


# -- server -> client -------------------------------------------------------
@attrs.frozen
class AnswerOut:
    """One legal answer (see :class:`hexkit.present.PresentedAnswer`).

    Attributes:
        index: what :class:`AnswerMsg` sends back.
        kind: ``hex``, ``option``, ``component``, ``number``, ``yes/no`` or ``done``.
        label: what to show.
        hex: ``"(q,r)"`` as in the SVG's ``data-hex`` attribute, or ``None``.
        component: ``"group:key"``, or ``None``.
    """

    index: int
    kind: str
    label: str
    hex: str | None = None
    component: str | None = None


@attrs.frozen
class QuestionOut:
    """The question pending for the receiving seat.

    Attributes:
        step: actions applied so far; an answer must name it.
        prompt: the question text.
        answers: the legal answers.
    """

    step: int
    prompt: str
    answers: list[AnswerOut]


@attrs.frozen
class LogLine:
    """One event of the log as the receiving seat may see it.

    Attributes:
        step: actions applied before it.
        player: the seat it concerns, or ``None``.
        text: what happened.
    """

    step: int
    player: int | None
    text: str


@attrs.frozen
class Scores:
    """Scores so far (final when the game is over).

    Attributes:
        totals: total by seat.
        breakdown: parts by seat.
        order: seats from first place to last.
    """

    totals: list[int]
    breakdown: list[dict[str, int]]
    order: list[int]


@attrs.frozen
class Welcome:
    """Sent once after a good :class:`Join`.

    Attributes:
        v: protocol version.
        table: the table id.
        game: the game's registry name.
        title: the game's title.
        seat: the joined seat, or ``None`` for a spectator.
        players: seat labels (``"human"`` or the agent spec).
        undo: whether the table allows undo.
        variants: the optional rules in play (sorted).
        modules: the optional modules in play (sorted; ``[]`` for a game without modules).
    """

    type: ClassVar[str] = "welcome"
    v: int
    table: str
    game: str
    title: str
    seat: int | None
    players: list[str]
    undo: bool
    variants: list[str]
    modules: list[str]


@attrs.frozen
class TableState:
    """The whole table as the receiving seat may see it (sent after every change).

    Attributes:
        v: protocol version.
        table: the table id.
        seat: the receiving seat, or ``None`` for a spectator.
        step: actions applied so far.
        to_move: the seat to move, or ``None`` when the game is over.
        waiting: what the seat to move is asked (its prompt), for everyone.
        question: the receiving seat's question, or ``None`` if it is not to move.
        svg: the board drawn from the receiving seat's view.
        board: the text board from that view ("" if the game has none).
        log: the log as that view has it (the last 200 events).
        scores: scores so far, or ``None`` if they cannot be told from the view.
        private: lines about the seat's own hidden things (hand, secret objectives).
        over: whether the game has ended.
        result: the result line once over ("" before).
        can_undo: whether an undo by this seat would be accepted now.
        thinking: whether an agent is choosing now.
    """

    type: ClassVar[str] = "state"
    v: int
    table: str
    seat: int | None
    step: int
    to_move: int | None
    waiting: str
    question: QuestionOut | None
    svg: str
    board: str
    log: list[LogLine]
    scores: Scores | None
    private: list[str]
    over: bool
    result: str
    can_undo: bool
    thinking: bool


@attrs.frozen
class ErrorMsg:
    """A refused message; nothing changed.

    Attributes:
        v: protocol version.
        code: machine-readable reason (see :class:`ProtocolError`).
        message: what is wrong, naming the field.
        field: the offending field, if one.
    """

    type: ClassVar[str] = "error"
    v: int
    code: str
    message: str
    field: str | None = None


@attrs.frozen
class Pong:
    """Answer to :class:`Ping`."""

    type: ClassVar[str] = "pong"
    v: int


CLIENT_MESSAGES: dict[str, type] = {c.type: c for c in (Join, AnswerMsg, UndoMsg, Ping)}
"""Client message classes by tag."""

SERVER_MESSAGES: dict[str, type] = {c.type: c for c in (Welcome, TableState, ErrorMsg, Pong)}
"""Server message classes by tag."""


# -- parsing and dumping ----------------------------------------------------
def _check(value: Any, hint: Any, field: str) -> Any:
    origin = get_origin(hint)
    if origin in (Union, types.UnionType):
        options = get_args(hint)
        if value is None and type(None) in options:
            return None
        for option in options:
            if option is not type(None):
                return _check(value, option, field)
    if hint is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise ProtocolError("bad-field", f"field {field!r} must be an integer, not {value!r}", field)
        return value
    if hint is str:
        if not isinstance(value, str):
            raise ProtocolError("bad-field", f"field {field!r} must be a string, not {value!r}", field)
        return value
    raise ProtocolError("bad-field", f"field {field!r} has a type clients cannot send", field)


def parse_client(text: str | bytes) -> Join | AnswerMsg | UndoMsg | Ping:
    """Parse one client message, checking every field.

    Args:
        text: the JSON text received.

    Returns:
        The message value.

    Raises:
        ProtocolError: malformed JSON (``bad-json``), not an object or an
            unknown ``type`` (``bad-type``), a wrong ``v`` (``bad-version``),
            a missing, unknown or mistyped field (``bad-field``).
    """
    try:
        data = parse_json(text, unique_keys=True)  # depth-checked: deep nesting is refused
    except (ValueError, UnicodeDecodeError) as exc:
        raise ProtocolError("bad-json", f"message is not JSON: {exc}") from None
    if not isinstance(data, dict):
        raise ProtocolError("bad-type", "message must be a JSON object with a 'type' field", "type")
    tag = data.get("type")
    cls = CLIENT_MESSAGES.get(tag) if isinstance(tag, str) else None
    if cls is None:
        known = ", ".join(sorted(CLIENT_MESSAGES))
        raise ProtocolError("bad-type", f"unknown message type {tag!r}; known: {known}", "type")
    if "v" not in data:
        raise ProtocolError("bad-version", f"field 'v' (the protocol version, {PROTOCOL_VERSION}) is missing", "v")
    version = data.get("v")
    if type(version) is not int or version != PROTOCOL_VERSION:  # true == 1 in Python: not a version
        raise ProtocolError(
            "bad-version", f"field 'v' must be {PROTOCOL_VERSION} (this server's protocol), not {version!r}", "v"
        )
    hints = typing.get_type_hints(cls)
    fields = {f.name: f for f in attrs.fields(cls)}
    extra = sorted(set(data) - set(fields) - {"type", "v"})
    if extra:
        raise ProtocolError("bad-field", f"unknown field(s) {', '.join(extra)} in {tag!r}", extra[0])
    values = {}
    for name, f in fields.items():
        if name not in data:
            if f.default is attrs.NOTHING:
                raise ProtocolError("bad-field", f"field {name!r} is missing from {tag!r}", name)
            continue
        values[name] = _check(data[name], hints[name], name)
    if cls is AnswerMsg:  # steps and answer numbers count from 0: a negative one is malformed, not stale
        for name in ("step", "index"):
            if values[name] < 0:
                raise ProtocolError("bad-field", f"field {name!r} must be 0 or more, not {values[name]}", name)
    message: Join | AnswerMsg | UndoMsg | Ping = cls(**values)
    return message


def _plain(value: Any) -> Any:
    if attrs.has(type(value)):
        return {f.name: _plain(getattr(value, f.name)) for f in attrs.fields(type(value))}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    return value


def dump(message: Any) -> str:
    """The JSON text of a message, ``type`` first."""
    return json.dumps({"type": type(message).type, **_plain(message)}, separators=(",", ":"))


# -- schema -----------------------------------------------------------------
def _schema_of(hint: Any, defs: dict[str, Any]) -> dict[str, Any]:
    origin = get_origin(hint)
    if origin in (Union, types.UnionType):
        return {"anyOf": [_schema_of(a, defs) for a in get_args(hint)]}
    if hint is type(None):
        return {"type": "null"}
    if hint is int:
        return {"type": "integer"}
    if hint is str:
        return {"type": "string"}
    if hint is bool:
        return {"type": "boolean"}
    if origin is list:
        return {"type": "array", "items": _schema_of(get_args(hint)[0], defs)}
    if origin is dict:
        return {"type": "object", "additionalProperties": _schema_of(get_args(hint)[1], defs)}
    if attrs.has(hint):
        name = hint.__name__
        if name not in defs:
            defs[name] = {}
            defs[name] = _object_schema(hint, defs)
        return {"$ref": f"#/$defs/{name}"}
    raise TypeError(f"no JSON Schema for {hint!r}")


def _object_schema(cls: type, defs: dict[str, Any]) -> dict[str, Any]:
    hints = typing.get_type_hints(cls)
    props: dict[str, Any] = {}
    required: list[str] = []
    tag = getattr(cls, "type", None)
    if isinstance(tag, str):
        props["type"] = {"const": tag}
        required.append("type")
    for f in attrs.fields(cls):
        props[f.name] = _schema_of(hints[f.name], defs)
        if f.default is attrs.NOTHING:
            required.append(f.name)
    if isinstance(tag, str) and cls in CLIENT_MESSAGES.values():
        props["v"] = {"const": PROTOCOL_VERSION}
        required.append("v")
    doc = (cls.__doc__ or "").strip().splitlines()[0]
    return {"type": "object", "description": doc, "properties": props, "required": required,
            "additionalProperties": False}


def json_schema() -> dict[str, Any]:
    """The JSON Schema (2020-12) of every message, built from the classes.

    Returns:
        A schema whose ``$defs`` hold each message and part; ``client`` and
        ``server`` list what each side sends.
    """
    defs: dict[str, Any] = {}
    client = [_schema_of(c, defs) for c in CLIENT_MESSAGES.values()]
    server = [_schema_of(c, defs) for c in SERVER_MESSAGES.values()]
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": f"hexkit table protocol, version {PROTOCOL_VERSION}",
        "version": PROTOCOL_VERSION,
        "client": {"anyOf": client},
        "server": {"anyOf": server},
        "$defs": defs,
    }


if __name__ == "__main__":  # pragma: no cover
    print(json.dumps(json_schema(), indent=1))
