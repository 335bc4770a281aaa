"""The protocol's messages: parsing with clear errors, dumping, the generated JSON Schema."""

from __future__ import annotations

import json

import attrs
import pytest

from hexkit.server.protocol import (
    CLIENT_MESSAGES,
    PROTOCOL_VERSION,
    SERVER_MESSAGES,
    AnswerMsg,
    ErrorMsg,
    Join,
    ProtocolError,
    TableState,
    dump,
    json_schema,
    parse_client,
)


def test_parse_good_messages() -> None:
    assert parse_client('{"type": "join", "v": 1, "token": "abc"}') == Join("abc")
    assert parse_client('{"type": "join", "v": 1}') == Join("")
    assert parse_client('{"type": "answer", "v": 1, "step": 4, "index": 0}') == AnswerMsg(4, 0)


@pytest.mark.parametrize(
    ("text", "code", "field", "words"),
    [
        ("{not json", "bad-json", None, "not JSON"),
        ("[1, 2]", "bad-type", "type", "JSON object"),
        ('{"type": "cheat", "v": 1}', "bad-type", "type", "unknown message type 'cheat'"),
        ('{"type": "answer", "step": 1, "index": 0}', "bad-version", "v", "protocol version, 1. is missing"),
        ('{"type": "answer", "v": 2, "step": 1, "index": 0}', "bad-version", "v", "not 2"),
        ('{"type": "answer", "v": 1, "index": 0}', "bad-field", "step", "'step' is missing"),
        ('{"type": "answer", "v": 1, "step": "3", "index": 0}', "bad-field", "step", "must be an integer"),
        ('{"type": "answer", "v": 1, "step": 3, "index": true}', "bad-field", "index", "must be an integer"),
        ('{"type": "answer", "v": 1, "step": 3, "index": 0, "seat": 1}', "bad-field", "seat", "unknown field"),
        ('{"type": "join", "v": 1, "token": 5}', "bad-field", "token", "must be a string"),
    ],
)
def test_bad_messages_name_the_problem(text: str, code: str, field: str | None, words: str) -> None:
    with pytest.raises(ProtocolError, match=words) as caught:
        parse_client(text)
    assert caught.value.code == code and caught.value.field == field


def test_dump_puts_the_type_tag_and_version() -> None:
    data = json.loads(dump(ErrorMsg(PROTOCOL_VERSION, "stale", "late", "step")))
    assert data == {"type": "error", "v": 1, "code": "stale", "message": "late", "field": "step"}


def test_schema_covers_every_message_and_field() -> None:
    schema = json_schema()
    assert schema["version"] == PROTOCOL_VERSION
    defs = schema["$defs"]
    for cls in [*CLIENT_MESSAGES.values(), *SERVER_MESSAGES.values()]:
        entry = defs[cls.__name__]
        assert entry["properties"]["type"] == {"const": cls.type}
        assert {f.name for f in attrs.fields(cls)} <= set(entry["properties"])
    state = defs["TableState"]
    assert state["properties"]["question"] == {"anyOf": [{"$ref": "#/$defs/QuestionOut"}, {"type": "null"}]}
    assert set(state["required"]) >= {"svg", "log", "private", "question", "step"}
    assert defs["AnswerMsg"]["properties"]["v"] == {"const": 1}
    assert len(schema["client"]["anyOf"]) == 4 and len(schema["server"]["anyOf"]) == 4
    json.dumps(schema)  # JSON all the way down
    assert TableState.type == "state"


def test_committed_schema_matches_the_classes() -> None:
    from pathlib import Path

    committed = Path(__file__).parents[2] / "docs" / "protocol.schema.json"
    assert json.loads(committed.read_text()) == json_schema(), (
        "docs/protocol.schema.json is stale: python -m hexkit.server.protocol > docs/protocol.schema.json")
