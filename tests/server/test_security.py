"""What a client of the server (or a file) may not make the server do:
import code, read paths, think without end, crash on deep JSON."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from hexkit.errors import InvalidRecordError
from hexkit.sim.study import Study, play_game


@pytest.fixture
def fresh_import() -> Any:
    """Forget ``this`` (and ``antigravity``) so an import of it shows."""
    for name in ("this", "antigravity"):
        sys.modules.pop(name, None)
    yield
    for name in ("this", "antigravity"):
        sys.modules.pop(name, None)


def _row() -> dict[str, Any]:
    study = Study(game="hex", players=2, agents=("random", "greedy"), games=1, seed=3)
    row: dict[str, Any] = play_game(study, 0)
    return row


@pytest.mark.parametrize("spec", ["this.Foo", "os.system", "antigravity.x:url=1"])
def test_table_seats_never_import(client: TestClient, fresh_import: Any, spec: str) -> None:
    response = client.post("/api/tables", json={"game": "hex", "players": 2, "seats": ["human", spec]})
    assert response.status_code == 400
    assert response.json()["field"] == "seats"
    assert response.json()["error"] == (
        f"seats[1]: {spec!r} is not an installed agent (import references are not accepted here);"
        " installed agents: random, greedy, mcts, strong")
    assert "this" not in sys.modules and "antigravity" not in sys.modules
    assert client.app.state.store.ids() == []  # type: ignore[attr-defined]


def test_registered_agents_still_seat(client: TestClient) -> None:
    for spec in ("strong", "greedy", "random", "mcts:iterations=50"):
        response = client.post("/api/tables", json={"game": "hex", "players": 2, "seats": ["human", spec]})
        assert response.status_code == 201, response.text


@pytest.mark.parametrize("key", ["agents", "seats"])
def test_a_row_naming_an_import_is_refused(client: TestClient, fresh_import: Any, key: str) -> None:
    from hexkit.sim.rowreplay import replay_row

    row = dict(_row(), **{key: ["this.Foo", "random"]})
    with pytest.raises(InvalidRecordError) as caught:
        replay_row(row)
    assert caught.value.field == f"{key}[0]"
    assert "'this.Foo' is not an installed agent (import references are not accepted here)" in str(caught.value)
    response = client.post("/api/replays", content=json.dumps(row))
    assert response.status_code == 400 and response.json()["field"] == f"{key}[0]"
    assert "this" not in sys.modules


def test_hexkit_replay_of_a_row_never_imports(tmp_path: Path, fresh_import: Any) -> None:
    from typer.testing import CliRunner

    from hexkit.cli import app

    path = tmp_path / "row.jsonl"
    path.write_text(json.dumps(dict(_row(), agents=["this.Foo", "random"])) + "\n")
    result = CliRunner().invoke(app, ["replay", str(path), "--seed", "3"])
    assert result.exit_code != 0
    assert "this" not in sys.modules
    assert isinstance(result.exception, InvalidRecordError)
    assert "'this.Foo' is not an installed agent" in str(result.exception)


@pytest.mark.parametrize(("where", "field"), [
    ("config", "config.data_dir"), ("config", "config.data"), ("top", "data_dir"),
    ("options", "config.options.data"),
])
def test_an_upload_naming_server_paths_is_refused(client: TestClient, where: str, field: str) -> None:
    row = _row()
    key = field.rpartition(".")[2]
    if where == "top":
        row[key] = "/etc"
    elif where == "config":
        row["config"] = dict(row.get("config") or {}, **{key: "/etc"})
    else:
        row["config"] = dict(row.get("config") or {}, options={key: "/etc"})
    response = client.post("/api/replays", content=json.dumps(row))
    assert response.status_code == 400
    assert response.json()["field"] == field
    assert "/etc" not in response.json()["error"]


@pytest.mark.parametrize("key", ["data_dir", "data"])
def test_a_record_naming_server_paths_is_refused(client: TestClient, key: str) -> None:
    from hexkit.match import Match
    from hexkit.record import record_to_json
    from hexkit.registry import load_game

    game = load_game("soot")
    record = json.loads(record_to_json(game, Match(game, game.make_config(2), seed=1).record))
    record["config"][key] = "/etc"
    response = client.post("/api/replays", content=json.dumps(record))
    assert response.status_code == 400, response.text
    assert response.json()["field"] == f"config.{key}"
    assert "/etc" not in response.json()["error"] and "missing" not in response.json()["error"]


@pytest.mark.parametrize(("spec", "words"), [
    ("mcts:iterations=100000000", "seats[1]: iterations=100000000 is over the server's limit of 5000"),
    ("mcts:seconds=3600", "seats[1]: seconds=3600 is over the server's limit of 10"),
    ("greedy:samples=1000", "seats[1]: samples=1000 is over the server's limit of 64"),
])
def test_agent_effort_is_capped(client: TestClient, spec: str, words: str) -> None:
    response = client.post("/api/tables", json={"game": "hex", "players": 2, "seats": ["human", spec]})
    assert response.status_code == 400
    assert response.json()["field"] == "seats"
    assert response.json()["error"] == words + " per decision"
    ok = client.post("/api/tables", json={"game": "hex", "players": 2,
                                          "seats": ["human", "mcts:iterations=5000"]})
    assert ok.status_code == 201


@pytest.mark.parametrize("players", [1, 2, 3])
@pytest.mark.parametrize("how", ["modules", "variants"])
def test_partnerships_needs_four_or_six_players(client: TestClient, players: int, how: str) -> None:
    body = {"game": "soot", "players": players, "seats": ["human"] * players, how: ["partnerships"]}
    if players == 1:
        body[how] = ["partnerships", "trust"]
    response = client.post("/api/tables", json=body)
    assert response.status_code == 400, response.text
    assert response.json()["field"] == how
    assert response.json()["error"] == (
        f"{how}: players: the partnerships module needs 4 or 6 players (partners sit opposite), not {players}")
    assert client.app.state.store.ids() == []  # type: ignore[attr-defined]
    made = client.post("/api/tables", json=dict(body, players=4, seats=["human"] * 4, **{how: ["partnerships"]}))
    assert made.status_code == 201, made.text


def test_soot_config_refuses_partnerships_for_two() -> None:
    from hexkit.errors import ConfigError
    from hexkit.registry import load_game

    game = load_game("soot")
    for players in (2, 3, 5):
        with pytest.raises(ConfigError, match=f"players: the partnerships module needs 4 or 6 players"
                                              f" \\(partners sit opposite\\), not {players}"):
            game.make_config(players, variants=["partnerships"])
    assert "partnerships" in game.make_config(4, variants=["partnerships"]).modules
    assert "partnerships" in game.make_config(6, modules=frozenset({"partnerships"})).modules


def test_no_repeated_prefix_in_errors(client: TestClient) -> None:
    response = client.post("/api/tables", json={"game": "soot", "players": 7, "seats": ["human"] * 7})
    assert response.status_code == 400 and response.json()["field"] == "players"
    assert response.json()["error"] == ("players: Soot & Timber takes 1-6 players (1: the solo game against the"
                                        " Trust), not 7")


def test_games_lists_partnerships_available(client: TestClient) -> None:
    soot = next(g for g in client.get("/api/games").json() if g["name"] == "soot")
    assert {m["name"]: m["available"] for m in soot["modules"]}["partnerships"] is True


def test_deep_json_is_a_400_not_a_500(client: TestClient) -> None:
    deep = "[" * 100_000
    for route in ("/api/replays", "/api/tables"):
        response = client.post(route, content=deep)
        assert response.status_code in (400, 413), (route, response.status_code)
    response = client.post("/api/replays", content=deep)
    assert response.status_code == 400 and "nested deeper" in response.json()["error"]
    shallow = "[" * 70 + "]" * 70
    response = client.post("/api/tables", content=shallow)
    assert response.status_code == 400 and "nested deeper" in response.json()["error"]


def test_deep_websocket_message_is_bad_json(client: TestClient) -> None:
    from hexkit.server.protocol import ProtocolError, parse_client

    with pytest.raises(ProtocolError) as err:
        parse_client("[" * 3000)
    assert err.value.code == "bad-json" and "nested deeper" in str(err.value)


def test_replays_kept_in_memory_are_capped(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    from hexkit.server import app as server_app

    row = json.dumps(_row())
    monkeypatch.setattr(server_app, "MAX_REPLAY_BYTES", 2 * len(row) + 10)
    ids = [client.post("/api/replays", content=row).json()["id"] for _ in range(3)]
    kept = client.app.state.replays  # type: ignore[attr-defined]
    assert list(kept) == ids[1:]
    assert client.get(f"/api/replays/{ids[0]}/0").status_code == 404
    assert client.get(f"/api/replays/{ids[2]}/0").status_code == 200
    monkeypatch.setattr(server_app, "MAX_REPLAY_BYTES", 10**9)
    monkeypatch.setattr(server_app, "MAX_REPLAYS", 2)
    more = [client.post("/api/replays", content=row).json()["id"] for _ in range(3)]
    assert list(kept) == more[1:]


@pytest.mark.parametrize("field", ["step", "index"])
def test_a_negative_step_or_index_is_bad_field(field: str) -> None:
    from hexkit.server.protocol import AnswerMsg, ProtocolError, parse_client

    message = {"type": "answer", "v": 1, "step": 0, "index": 0, field: -1}
    with pytest.raises(ProtocolError) as err:
        parse_client(json.dumps(message))
    assert (err.value.code, err.value.field) == ("bad-field", field)
    assert str(err.value) == f"field {field!r} must be 0 or more, not -1"
    assert parse_client(json.dumps(dict(message, **{field: 0}))) == AnswerMsg(0, 0)


def test_a_negative_step_over_the_socket(client: TestClient) -> None:
    from tests.server.conftest import Seat, make_table

    table = make_table(client, game="hex", players=2, seats=["human", "human"], seed=1)
    with client.websocket_connect(f"/ws/{table['id']}") as ws:
        seat = Seat(ws)
        seat.send(type="join", token=table["seats"][0]["token"])
        seat.state()
        seat.send(type="answer", step=-1, index=0)
        error = seat.error()
        assert (error["code"], error["field"]) == ("bad-field", "step")


def test_config_and_rules_agree_on_partnership_counts() -> None:
    from hexkit_soot import config
    from hexkit_soot.rules import partners

    assert config.PARTNER_COUNTS == partners.PARTNER_COUNTS == (4, 6)


def test_a_stored_table_naming_an_import_is_not_loaded(client: TestClient, fresh_import: Any) -> None:
    from hexkit.match import Match
    from hexkit.record import record_to_json
    from hexkit.registry import load_game
    from hexkit.server.store import StoredTable

    game = load_game("hex")
    record = record_to_json(game, Match(game, game.make_config(2), seed=1).record)
    store = client.app.state.store  # type: ignore[attr-defined]
    store.save(StoredTable("bad", "hex", record, [{"player": "human", "token": ""},
                                                 {"player": "this.Foo", "token": ""}], True))
    with client.websocket_connect("/ws/bad") as ws:
        message = ws.receive_json()
        assert message["code"] == "no-table"
        assert "seats[1]: 'this.Foo' is not an installed agent" in message["message"]
    assert "this" not in sys.modules


def test_a_stored_table_over_the_agent_limits_is_not_loaded(client: TestClient) -> None:
    from hexkit.match import Match
    from hexkit.record import record_to_json
    from hexkit.registry import load_game
    from hexkit.server.store import StoredTable

    game = load_game("hex")
    record = record_to_json(game, Match(game, game.make_config(2), seed=1).record)
    store = client.app.state.store  # type: ignore[attr-defined]
    store.save(StoredTable("greedy-row", "hex", record, [{"player": "human", "token": ""},
                                                        {"player": "mcts:iterations=100000000", "token": ""}],
                           True))
    with client.websocket_connect("/ws/greedy-row") as ws:
        message = ws.receive_json()
        assert message["code"] == "no-table"
        assert "seats[1]: iterations=100000000 is over the server's limit of 5000" in message["message"]


def test_a_page_of_another_site_cannot_create_tables_or_replays(client: TestClient) -> None:
    body = {"game": "hex", "players": 2, "seats": ["human", "greedy"]}
    refused = client.post("/api/tables", content=json.dumps(body),
                          headers={"Origin": "https://evil.example", "Content-Type": "text/plain"})
    assert refused.status_code == 403
    assert refused.json()["field"] == "Origin" and "https://evil.example" in refused.json()["error"]
    assert client.post("/api/replays", content="{}", headers={"Origin": "https://evil.example"}).status_code == 403
    same = client.post("/api/tables", json=body, headers={"Origin": "http://testserver"})
    assert same.status_code == 201
    assert client.post("/api/tables", json=body).status_code == 201  # curl, scripts: no Origin


def test_a_boolean_is_not_a_protocol_version() -> None:
    from hexkit.server.protocol import ProtocolError, parse_client

    with pytest.raises(ProtocolError, match="field 'v' must be 1"):
        parse_client('{"type": "ping", "v": true}')


def test_a_key_given_twice_or_a_seat_count_below_one_is_refused(client: TestClient) -> None:
    from hexkit.server.protocol import ProtocolError, parse_client

    with pytest.raises(ProtocolError, match="the key is given twice"):
        parse_client('{"type": "ping", "v": 1, "v": 1}')
    twice = client.post("/api/tables", content='{"game": "hex", "game": "soot", "players": 2}')
    assert twice.status_code == 400 and "given twice" in twice.json()["error"]
    none = client.post("/api/tables", json={"game": "hex", "players": -1})
    assert none.status_code == 400 and none.json()["field"] == "players"
