"""Tables kept in SQLite (the standard library's ``sqlite3``), so a restart loses nothing.

One row per table: the game's name, its full record as JSON (config, seed
and every action: the server's secret, never sent to a seat), the seats
(who plays each: ``"human"`` or an agent spec, and the SHA-256 of the seat's
token, never the token itself) and whether undo is allowed. The record is
rewritten after every action, in one transaction.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any

import attrs

from hexkit.errors import HexkitError

__all__ = ["StoredTable", "TableStore", "token_hash"]

_SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    record TEXT NOT NULL,
    seats TEXT NOT NULL,
    undo INTEGER NOT NULL,
    created REAL NOT NULL,
    updated REAL NOT NULL
)
"""


def token_hash(token: str) -> str:
    """The SHA-256 hex digest under which a seat token is stored."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


@attrs.frozen
class StoredTable:
    """One row of the store.

    Attributes:
        id: the table id.
        game: the game's registry name.
        record: the record's JSON text (:func:`hexkit.record.record_to_json`).
        seats: per seat, ``{"player": "human" | agent spec, "token": sha256 or ""}``.
        undo: whether seats may undo.
    """

    id: str
    game: str
    record: str
    seats: list[dict[str, str]]
    undo: bool


class StoreError(HexkitError):
    """The table database cannot be opened or used (the message names the file)."""


class TableStore:
    """The SQLite file of the tables (thread-safe: one connection behind a lock).

    Args:
        path: the database file (created if missing); ``":memory:"`` for tests.
    """

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        self._lock = threading.Lock()
        try:
            self._db = sqlite3.connect(self.path, check_same_thread=False)
            with self._lock, self._db:
                self._db.execute("PRAGMA journal_mode=WAL")
                self._db.execute(_SCHEMA)
        except sqlite3.Error as exc:  # a folder, a file that is no database, no permission
            raise StoreError(f"cannot use {self.path} as the table database: {exc}") from None

    def save(self, table: StoredTable) -> None:
        """Insert or replace a table's row."""
        now = time.time()
        with self._lock, self._db:
            self._db.execute(
                "INSERT INTO tables (id, game, record, seats, undo, created, updated)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)"
                " ON CONFLICT(id) DO UPDATE SET record = excluded.record, updated = excluded.updated",
                (table.id, table.game, table.record, json.dumps(table.seats), int(table.undo), now, now),
            )

    def update_record(self, table_id: str, record: str) -> None:
        """Rewrite a table's record (after an action or an undo)."""
        with self._lock, self._db:
            self._db.execute("UPDATE tables SET record = ?, updated = ? WHERE id = ?",
                             (record, time.time(), table_id))

    def load(self, table_id: str) -> StoredTable | None:
        """The stored table, or ``None`` if there is none with that id."""
        with self._lock:
            row = self._db.execute(
                "SELECT id, game, record, seats, undo FROM tables WHERE id = ?", (table_id,)
            ).fetchone()
        if row is None:
            return None
        seats: Any = json.loads(row[3])
        return StoredTable(row[0], row[1], row[2], list(seats), bool(row[4]))

    def ids(self) -> list[str]:
        """Every table id, oldest first."""
        with self._lock:
            return [r[0] for r in self._db.execute("SELECT id FROM tables ORDER BY created")]

    def close(self) -> None:
        """Close the connection."""
        with self._lock:
            self._db.close()
