"""The numbers and terrains of Beacons, read from ``data/*.toml`` by :mod:`hexkit.data`.

Every entry carries its provenance (``source = "rulebook: §3 ..."``); the
loader collects every problem of every file and names the file, entry and
field. A config replaces the files (``config.data``) or single numbers
(``config.overrides``, ``hexkit ... --set numbers.turns=8``).

Source: RULES.md (every number).
"""

from __future__ import annotations

from pathlib import Path

import attrs

from hexkit.data import DataReader, DataSet, Report, source_field
from hexkit.game import GameConfig

__all__ = ["Numbers", "Terrain", "BeaconsData", "DATA", "MAX_TURNS", "game_data"]

DATA_DIR = Path(__file__).parent / "data"

MAX_TURNS = 20
"""The most turns per player a data file may ask for (it bounds ``GameInfo.max_decisions``)."""


@attrs.frozen(kw_only=True)
class Numbers:
    """The rules' numbers (``rules.toml``, one ``[[number]]`` entry each)."""

    radius: int
    hand_size: int
    hand_limit: int
    start_oil: int
    oil_cap: int
    rest_oil: int
    crowding_cost: int
    turns: int
    group_prizes: tuple[int, ...]


@attrs.frozen(kw_only=True)
class Terrain:
    """One terrain (``terrain.toml``): its hexes on the board, cards in the deck, points."""

    name: str
    letter: str
    hexes: int
    cards: int
    points: int
    source: str = source_field()


@attrs.frozen(kw_only=True)
class BeaconsData:
    """Everything the rules read from the data files."""

    numbers: Numbers
    terrains: tuple[Terrain, ...]

    def terrain(self, name: str) -> Terrain:
        """The terrain called ``name`` (``KeyError`` if none)."""
        for terrain in self.terrains:
            if terrain.name == name:
                return terrain
        raise KeyError(name)


def _read(reader: DataReader) -> BeaconsData:
    numbers = reader.values("rules.toml", "number", Numbers, path="numbers")
    terrains = reader.table("terrain.toml", "terrain", Terrain, path="terrains")
    reader.keyed(terrains, "terrains")
    reader.raise_if_any()
    return BeaconsData(numbers=reader.got(numbers), terrains=tuple(terrains))


def _check(data: BeaconsData, report: Report) -> None:
    """The checks across entries: the terrains fill the board exactly, numbers in range."""
    n = data.numbers
    hexes = 1 + 3 * n.radius * (n.radius + 1)
    dealt = sum(t.hexes for t in data.terrains)
    if dealt != hexes:
        report("terrains", f"the terrains give {dealt} hexes; a board of radius {n.radius} has {hexes}")
    if not 1 <= n.turns <= MAX_TURNS:
        report("numbers.turns", f"must be from 1 to {MAX_TURNS}, not {n.turns}")
    if not 0 <= n.start_oil <= n.oil_cap:
        report("numbers.start_oil", f"must be from 0 to oil_cap {n.oil_cap}, not {n.start_oil}")
    if n.hand_size * 4 > sum(t.cards for t in data.terrains):
        report("numbers.hand_size", "4 players cannot each be dealt a hand from the deck")


DATA = DataSet(DATA_DIR, _read, _check)
"""The game's data set: the shipped folder, how to read it, the checks."""


def game_data(config: GameConfig) -> BeaconsData:
    """The data a config plays with: its data folder, then its overrides (cached).

    Raises:
        InvalidDataError: a file is broken (every problem named).
        ConfigError: an override names no number or has the wrong type.
    """
    return DATA.with_overrides(config.data, config.overrides)
