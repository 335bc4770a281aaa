"""Helpers for the server tests: an app over a store, seats joined over the WebSocket."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient

from hexkit.server.app import create_app


class Seat:
    """One joined socket with helpers to send and to wait for states."""

    def __init__(self, ws: Any) -> None:
        self.ws = ws
        self.last: dict[str, Any] | None = None

    def send(self, **message: Any) -> None:
        self.ws.send_text(json.dumps({"v": 1, **message}))

    def receive(self) -> dict[str, Any]:
        message: dict[str, Any] = self.ws.receive_json()
        if message["type"] == "state":
            self.last = message
        return message

    def state(self, until: Callable[[dict[str, Any]], bool] = lambda s: True, limit: int = 400) -> dict[str, Any]:
        for _ in range(limit):
            message = self.receive()
            if message["type"] == "state" and until(message):
                return message
        raise AssertionError("no such state arrived")

    def error(self) -> dict[str, Any]:
        for _ in range(50):
            message = self.receive()
            if message["type"] == "error":
                return message
        raise AssertionError("no error arrived")


@pytest.fixture
def client() -> Iterator[TestClient]:
    with TestClient(create_app(":memory:")) as c:
        yield c


def make_table(client: TestClient, **body: Any) -> dict[str, Any]:
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    data: dict[str, Any] = response.json()
    return data
