"""The server over Starlette's TestClient: tables, tokens, answers, errors, views, restarts."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from hexkit.registry import load_game
from hexkit.server.app import create_app
from tests.server.conftest import Seat, make_table


def join(client: TestClient, table: str, token: str = "") -> Any:
    ws = client.websocket_connect(f"/ws/{table}")
    return ws


def test_games_and_pages(client: TestClient) -> None:
    names = {g["name"] for g in client.get("/api/games").json()}
    assert {"hex", "empyreal", "soot"} <= names
    assert "New table" in client.get("/").text
    assert "table.js" in client.get("/t/anything").text
    assert "export" not in client.get("/static/table.js").text[:0]
    assert client.get("/static/table.js").status_code == 200


@pytest.mark.parametrize(
    ("body", "field", "words"),
    [
        ({"game": "chess", "players": 2}, "game", "not installed"),
        ({"game": "hexkit.demo:GAME", "players": 2}, "game", "not installed"),
        ({"game": "hex", "players": "two"}, "players", "whole number of seats"),
        ({"game": "hex", "players": 2, "seats": ["human"]}, "seats", "1 seat"),
        ({"game": "hex", "players": 2, "seats": ["human", "deep-thought"]}, "seats", "seats[1]"),
        ({"game": "hex", "players": 9, "seats": ["human"] * 9}, "players", "9"),
        ({"game": "soot", "players": 2, "seats": ["human", "human"], "variants": ["nope"]}, "variants", "nope"),
        ({"game": "empyreal", "players": 3, "seats": ["human"] * 3, "variants": ["team"]}, "variants", "teams"),
        ({"game": "soot", "players": 2, "seats": ["human"] * 2, "modules": ["river-delta", "long-valley"]},
         "modules", "exclude one another"),
        ({"game": "soot", "players": 2, "seats": ["human"] * 2, "modules": ["warp"]}, "modules", "unknown module"),
        ({"game": "empyreal", "players": 2, "modules": ["trust"]}, "modules", "no optional modules"),
        ({"game": "hex", "players": 2, "modules": "trust"}, "modules", "list"),
        ({"game": "hex", "players": 2, "data_dir": "/etc"}, "data_dir", "unknown field"),
        ({"game": "hex", "players": 2, "seed": -1}, "seed", "non-negative"),
    ],
)
def test_create_refuses_bad_tables(client: TestClient, body: dict[str, Any], field: str, words: str) -> None:
    response = client.post("/api/tables", json=body)
    assert response.status_code == 400
    assert response.json()["field"] == field and words in response.json()["error"]
    assert client.app.state.store.ids() == []  # type: ignore[attr-defined]


def test_links_tokens_and_spectators(client: TestClient) -> None:
    data = make_table(client, game="hex", players=2, seats=["human", "random"], seed=1)
    seat0 = data["seats"][0]
    assert seat0["link"].endswith(f"#seat=0&token={seat0['token']}") and len(seat0["token"]) >= 24
    assert data["seats"][1]["link"] is None and data["seats"][1]["token"] is None
    # a wrong token gets a clear error and the socket is closed
    with client.websocket_connect(f"/ws/{data['id']}") as ws:
        ws.send_text(json.dumps({"type": "join", "v": 1, "token": "guess"}))
        message = ws.receive_json()
        assert message == {"type": "error", "v": 1, "code": "bad-token",
                           "message": "that token opens no seat at this table", "field": "token"}
    # no table
    with client.websocket_connect("/ws/nosuch") as ws:
        assert ws.receive_json()["code"] == "no-table"
    # the first message must be a join
    with client.websocket_connect(f"/ws/{data['id']}") as ws:
        ws.send_text(json.dumps({"type": "answer", "v": 1, "step": 0, "index": 0}))
        assert ws.receive_json()["code"] == "join-first"
    # no token: a spectator, who gets no question and cannot act
    with client.websocket_connect(f"/ws/{data['id']}") as ws:
        seat = Seat(ws)
        seat.send(type="join")
        assert seat.receive()["seat"] is None
        state = seat.state()
        assert state["seat"] is None and state["question"] is None and state["private"] == []
        seat.send(type="answer", step=0, index=0)
        assert seat.error()["code"] == "spectator"


def _table_step(client: TestClient, table: str) -> int:
    manager = client.app.state.manager  # type: ignore[attr-defined]
    return len(manager.get(table).match.record.actions)


def test_bad_illegal_and_stale_answers_change_nothing(client: TestClient) -> None:
    data = make_table(client, game="hex", players=2, seats=["human", "human"], seed=1)
    tid = data["id"]
    with client.websocket_connect(f"/ws/{tid}") as w0, client.websocket_connect(f"/ws/{tid}") as w1:
        black, white = Seat(w0), Seat(w1)
        black.send(type="join", token=data["seats"][0]["token"])
        white.send(type="join", token=data["seats"][1]["token"])
        assert black.receive()["seat"] == 0 and white.receive()["seat"] == 1
        first = black.state()
        assert first["question"]["step"] == 0 and len(first["question"]["answers"]) == 121
        assert white.state()["question"] is None  # not white's turn: no question
        for raw, code in [("{oops", "bad-json"), ('{"type": "answer", "v": 1, "step": 0}', "bad-field"),
                          ('{"type": "answer", "v": 7, "step": 0, "index": 0}', "bad-version")]:
            w0.send_text(raw)
            assert black.error()["code"] == code
        black.send(type="answer", step=0, index=121)
        error = black.error()
        assert error["code"] == "illegal" and "0 to 120" in error["message"] and error["field"] == "index"
        white.send(type="answer", step=0, index=0)  # white acting out of turn (for black)
        error = white.error()
        assert error["code"] == "not-your-turn" and "seat 1 is not to move" in error["message"]
        assert _table_step(client, tid) == 0
        black.send(type="answer", step=0, index=5)
        after = black.state()
        assert after["step"] == 1 and after["question"] is None
        assert white.state()["question"]["step"] == 1
        white.send(type="answer", step=0, index=3)  # stale: names the earlier question
        error = white.error()
        assert error["code"] == "stale" and "step 0" in error["message"] and "step 1" in error["message"]
        assert _table_step(client, tid) == 1
        white.send(type="answer", step=1, index=0)
        assert black.state(lambda s: s["step"] == 2)["question"] is not None
        white.state(lambda s: s["step"] == 2)
        black.send(type="answer", step=2, index=0)
        black.state(lambda s: s["step"] == 3)
        white.send(type="undo")  # black acted since: not white's to take back
        assert white.error()["code"] == "no-undo"
        assert _table_step(client, tid) == 3


def test_whole_hex_game_against_an_agent_and_undo(client: TestClient) -> None:
    data = make_table(client, game="hex", players=2, seats=["human", "random"], seed=7)
    with client.websocket_connect(f"/ws/{data['id']}") as ws:
        me = Seat(ws)
        me.send(type="join", token=data["seats"][0]["token"])
        assert me.receive()["type"] == "welcome"
        state = me.state(lambda s: s["question"] is not None)
        # undo: answer, let the agent reply, take both back
        me.send(type="answer", step=state["question"]["step"], index=60)
        state = me.state(lambda s: s["question"] is not None)
        assert state["step"] == 2 and state["can_undo"]
        me.send(type="undo")
        state = me.state(lambda s: s["question"] is not None)
        assert state["step"] == 0 and not state["can_undo"]
        while not state["over"]:
            question = state["question"]
            hexes = [a for a in question["answers"] if a["kind"] == "hex"]
            assert hexes and all(a["hex"].startswith("(") for a in hexes)
            assert all(f'data-hex="{a["hex"]}"' in state["svg"] for a in hexes)
            me.send(type="answer", step=question["step"], index=hexes[0]["index"])
            state = me.state(lambda s: s["over"] or s["question"] is not None)
        assert state["result"] and state["scores"]["order"]
        assert "wins" in state["result"] or "won" in state["result"] or "P" in state["result"]


def _secret_names(game: Any, state: Any, seat: int) -> set[str]:
    from hexkit_soot.config import data

    objectives = data(state).secret_objectives
    p = state.players[seat]
    return {objectives[i].name for i in [*p.secrets, *p.dealt]} | set(p.hand)


def test_soot_seats_see_only_their_own_secrets(client: TestClient) -> None:
    data = make_table(client, game="soot", players=2, seats=["human", "human"], seed=11)
    tid = data["id"]
    manager = client.app.state.manager  # type: ignore[attr-defined]
    with client.websocket_connect(f"/ws/{tid}") as w0, client.websocket_connect(f"/ws/{tid}") as w1, \
            client.websocket_connect(f"/ws/{tid}") as w2:
        seats = [Seat(w0), Seat(w1)]
        watcher = Seat(w2)
        for s, seat in enumerate(seats):
            seat.send(type="join", token=data["seats"][s]["token"])
            seat.receive()
        watcher.send(type="join")
        watcher.receive()
        texts: list[list[str]] = [[], [], []]
        states = [seats[0].state(), seats[1].state()]
        watcher.state()
        for _ in range(8):  # draft, objectives: both seats answer their first option
            mover = manager.get(tid).match.current_player
            q = states[mover]["question"]
            assert q is not None
            seats[mover].send(type="answer", step=q["step"], index=0)
            states = [seats[0].state(lambda s: s["step"] == q["step"] + 1),
                      seats[1].state(lambda s: s["step"] == q["step"] + 1)]
            texts[0].append(json.dumps(states[0]))
            texts[1].append(json.dumps(states[1]))
            texts[2].append(json.dumps(watcher.state(lambda s: s["step"] == q["step"] + 1)))
        table = manager.get(tid)
        game, truth = table.game, table.match.state
        # a Legacy card won at auction is public (the log names the winner: "won The Panic for 0¤"); since
        # Soot 0.4.0 a bid is one answer, so the opening's two auctions end within these 8 answers
        won = {e.text.split("won ", 1)[1].rsplit(" for ", 1)[0] for e in truth.log if e.text.startswith("won ")}
        mine = [_secret_names(game, truth, 0) - won, _secret_names(game, truth, 1) - won]
        assert mine[0] and mine[1]
        assert any(line.startswith("Secret objective") or line.startswith("Objectives dealt")
                   for line in states[0]["private"])
        for s in (0, 1):
            others = mine[1 - s] - mine[s]
            assert others, "the two seats hold the same things: pick another seed"
            for name in others:
                assert all(name not in text for text in texts[s]), f"seat {s} saw {name}"
            assert any(name in text for name in mine[s] for text in texts[s])
        for name in (mine[0] | mine[1]):
            assert all(name not in text for text in texts[2]), f"a spectator saw {name}"


def test_restart_loses_nothing(tmp_path: Path) -> None:
    db = tmp_path / "tables.sqlite3"
    with TestClient(create_app(db)) as client:
        data = make_table(client, game="hex", players=2, seats=["human", "greedy"], seed=3)
        with client.websocket_connect(f"/ws/{data['id']}") as ws:
            me = Seat(ws)
            me.send(type="join", token=data["seats"][0]["token"])
            me.receive()
            q = me.state(lambda s: s["question"] is not None)["question"]
            me.send(type="answer", step=q["step"], index=10)
            before = me.state(lambda s: s["question"] is not None)
    assert before["step"] == 2
    with TestClient(create_app(db)) as client:  # a new process would read the same file
        with client.websocket_connect(f"/ws/{data['id']}") as ws:
            me = Seat(ws)
            me.send(type="join", token=data["seats"][0]["token"])
            me.receive()
            after = me.state()
            assert after["step"] == 2 and after["log"] == before["log"] and after["svg"] == before["svg"]
            assert after["question"] == before["question"]


def test_replay_a_record_step_by_step(client: TestClient) -> None:
    from hexkit.match import Match
    from hexkit.agents.spec import make_agent
    from hexkit.record import record_to_json

    game = load_game("hex")
    match = Match(game, game.make_config(2, size=4), seed=2,
                  agents={0: make_agent("random", 1), 1: make_agent("random", 2)})
    match.run()
    text = record_to_json(game, match.record)
    made = client.post("/api/replays", content=text)
    assert made.status_code == 201 and made.json()["steps"] == len(match.record.actions)
    rid = made.json()["id"]
    start = client.get(f"/api/replays/{rid}/0").json()
    end = client.get(f"/api/replays/{rid}/{len(match.record.actions)}").json()
    assert start["step"] == 0 and not start["over"] and end["over"]
    assert start["svg"].startswith("<?xml") and start["svg"] != end["svg"]
    assert client.get(f"/api/replays/{rid}/999").status_code == 404
    bad = client.post("/api/replays", content='{"game": "hex", "actions": 5}')
    assert bad.status_code == 400 and "cannot replay" in bad.json()["error"]


def test_variants_chosen_at_creation_reach_the_game_and_the_welcome(client: TestClient) -> None:
    games = {g["name"]: g for g in client.get("/api/games").json()}
    assert games["empyreal"]["variants"] == ["friendly", "awards", "expert", "epic", "open", "team"]
    assert games["empyreal"]["modules"] == [] and games["hex"]["modules"] == []
    soot = {m["name"]: m for m in games["soot"]["modules"]}
    assert set(soot) == {"trust", "river-delta", "mountain-pass", "long-valley", "partnerships",
                         "shares", "labor", "campaign"}
    assert soot["trust"]["available"] and soot["partnerships"]["available"]
    assert all(m["available"] and m["reason"] == "" for m in soot.values())  # all seven are built
    table = make_table(client, game="empyreal", players=2, seats=["human", "random"],
                       variants=["open", "awards"], seed=3)
    manager = client.app.state.manager  # type: ignore[attr-defined]
    assert manager.get(table["id"]).match.state.config.variants == {"open", "awards"}
    with client.websocket_connect(f"/ws/{table['id']}") as ws:
        seat = Seat(ws)
        seat.send(type="join", token=table["seats"][0]["token"])
        welcome = seat.receive()
        assert welcome["type"] == "welcome"
        assert welcome["variants"] == ["awards", "open"] and welcome["modules"] == []
    # and the stored record keeps them: a fresh manager over the same store reads them back
    from hexkit.server.tables import TableManager

    again = TableManager(client.app.state.store)  # type: ignore[attr-defined]
    assert again.get(table["id"]).match.state.config.variants == {"open", "awards"}


def test_replay_a_study_result_row(client: TestClient) -> None:
    from hexkit.sim.study import Study, play_game

    study = Study(game="hex", players=2, agents=("random", "greedy"), games=2, seed=9)
    row = play_game(study, 1)  # the second game: seats rotated, seed 10
    assert row["seed"] == 10 and row["error"] is None
    made = client.post("/api/replays", content=json.dumps(row))
    assert made.status_code == 201, made.text
    assert made.json()["steps"] == row["decisions"] and made.json()["seed"] == 10
    end = client.get(f"/api/replays/{made.json()['id']}/{row['decisions']}").json()
    assert end["over"] and end["svg"].startswith("<?xml")
    # a row whose config reads files on the server is refused, naming the field
    bad = dict(row, config={"variants": [], "overrides": {}, "options": {"data_dir": "/etc"}})
    refused = client.post("/api/replays", content=json.dumps(bad))
    assert refused.status_code == 400 and refused.json()["field"] == "config.options.data_dir"
    # a row that is not a study's (no seats rotation of its agents)
    wrong = client.post("/api/replays", content=json.dumps(dict(row, seats=["random"])))
    assert wrong.status_code == 400 and "seats" in wrong.json()["error"]
    # a whole results file is not one object: the page picks a line
    lines = client.post("/api/replays", content=json.dumps(row) + "\n" + json.dumps(row))
    assert lines.status_code == 400 and "cannot replay" in lines.json()["error"]


def test_oversized_upload_is_refused(client: TestClient) -> None:
    from hexkit.server.app import MAX_UPLOAD

    response = client.post("/api/replays", content=b" " * (MAX_UPLOAD + 1))
    assert response.status_code == 413 and "at most" in response.json()["error"]


def test_a_user_trying_to_break_a_table_changes_nothing(client: TestClient) -> None:
    """What a new user tried against a live server: each refused by name, the game unchanged."""
    data = make_table(client, game="soot", players=2, seats=["human", "human"], seed=3)
    tid = data["id"]
    manager = client.app.state.manager  # type: ignore[attr-defined]
    with client.websocket_connect(f"/ws/{tid}") as w0, client.websocket_connect(f"/ws/{tid}") as w1:
        seats = [Seat(w0), Seat(w1)]
        for s, seat in enumerate(seats):
            seat.send(type="join", token=data["seats"][s]["token"])
            assert seat.receive()["type"] == "welcome"
        states = [seat.state() for seat in seats]
        mover = next(s for s in (0, 1) if states[s]["question"])
        me, other = seats[mover], seats[1 - mover]
        step = states[mover]["question"]["step"]
        before = manager.get(tid).match.record.actions[:]
        cases: list[tuple[Any, str, str]] = [
            ('{"type": "answer", "step": 0, "index": 0}', "bad-version", "is missing"),
            ({"type": "answer", "v": 1, "step": step, "index": 0, "seat": 1 - mover}, "bad-field", "seat"),
            ({"type": "answer", "v": 1, "step": step + 5, "index": 0}, "stale", "has not been asked yet"),
            ({"type": "answer", "v": 1, "step": step, "index": 10**30}, "illegal", "not offered"),
            ({"type": "answer", "v": 1, "step": step, "index": 0, "pad": "x" * 5000}, "too-big", "at most 4096"),
            (b"\x00binary", "bad-json", "text frames"),
            ({"type": "undo", "v": 1}, "no-undo", "nothing of yours"),
        ]
        for message, code, words in cases:
            if isinstance(message, bytes):
                me.ws.send_bytes(message)
            else:
                me.ws.send_text(message if isinstance(message, str) else json.dumps(message))
            error = me.error()
            assert error["code"] == code and words in error["message"], (message, error)
        other.send(type="answer", step=step, index=0)  # the other seat answering for the mover
        assert other.error()["code"] == "not-your-turn"
        assert manager.get(tid).match.record.actions == before
        me.send(type="answer", step=step, index=0)
        me.state(lambda s: s["step"] == step + 1)
        me.send(type="answer", step=step, index=0)  # the same message sent again
        assert me.error()["code"] in ("stale", "not-your-turn")
        for _ in range(5):  # undo spam: one undo takes the answer back, the rest are refused
            me.send(type="undo")
        errors = [me.error() for _ in range(4)]
        assert {e["code"] for e in errors} == {"no-undo"}
        assert manager.get(tid).match.record.actions == before
    big = client.post("/api/tables", content=b"{" + b" " * 5000 + b"}")
    assert big.status_code == 413 and "at most" in big.json()["error"]
