"""Hex writes cells as the log does (``j5``): in records, in saved JSON and on the SVG's edges."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

import pytest

from hexkit.errors import InvalidRecordError
from hexkit.hexes import Hex
from hexkit.record import GameRecord, record_from_json, record_to_json, replay
from hexkit.render import render_state_svg
from hexkit.serialize import codec

from hexkit_hexgame import GAME, Place, parse_action, parse_cell

SVG = "{http://www.w3.org/2000/svg}"


def _record(moves: list[str], size: int = 11) -> GameRecord:
    config = GAME.make_config(2, size=size)
    return GameRecord("hex", GAME.info.version, config, 0, [parse_action(m) for m in moves])


def test_the_record_names_cells_as_the_log_does() -> None:
    record = _record(["j5", "a1", "k11"])
    data = json.loads(record_to_json(GAME, record))
    assert data["actions"] == [{"type": "Place", "hex": "j5"}, {"type": "Place", "hex": "a1"},
                               {"type": "Place", "hex": "k11"}]
    state = replay(GAME, record)
    assert [entry.text for entry in state.log[1:]] == ["Black places j5", "White places a1", "Black places k11"]
    loaded = record_from_json(GAME, record_to_json(GAME, record))
    assert loaded.actions == [Place(Hex(9, 4)), Place(Hex(0, 0)), Place(Hex(10, 10))]


def test_the_swap_round_trips_beside_named_cells() -> None:
    config = GAME.make_config(2, {"swap"}, size=5)
    record = GameRecord("hex", GAME.info.version, config, 0, [parse_action("b3"), parse_action("swap")])
    data = json.loads(record_to_json(GAME, record))
    assert data["actions"] == [{"type": "Place", "hex": "b3"}, {"type": "Swap"}]
    assert record_from_json(GAME, json.dumps(data)).actions == record.actions


@pytest.mark.parametrize("cell", ["(9,4)", "j0", "J5", "5j", "", "jj", 94, None, ["j", 5]])
def test_a_malformed_cell_is_refused_naming_the_field(cell: object) -> None:
    data = json.loads(record_to_json(GAME, _record(["c3", "d4"])))
    data["actions"][1]["hex"] = cell
    with pytest.raises(InvalidRecordError) as info:
        record_from_json(GAME, json.dumps(data))
    assert info.value.field == "actions[1].hex"
    assert "is not a cell name like 'j5'" in str(info.value)


def test_a_named_cell_off_the_board_is_refused_on_replay() -> None:
    data = json.loads(record_to_json(GAME, _record(["c3", "l12"], size=11)))
    assert data["actions"][1]["hex"] == "l12"
    record = record_from_json(GAME, json.dumps(data))
    with pytest.raises(InvalidRecordError) as info:
        replay(GAME, record)
    assert info.value.field == "actions[1]" and "l12 is not a cell of the 11x11 board" in str(info.value)


def test_parse_cell_reads_column_then_row_from_one() -> None:
    assert parse_cell("a1") == Hex(0, 0)
    assert parse_cell("j5") == Hex(9, 4)
    assert parse_cell("z26") == Hex(25, 25)
    with pytest.raises(ValueError, match="not a cell name"):
        parse_cell("(9,4)")


def test_a_place_off_every_board_cannot_be_saved() -> None:
    with pytest.raises(Exception, match="no cell name"):
        codec(GAME).encode_action(Place(Hex(-1, 0)))


def test_the_svg_shows_the_coordinates_along_the_edges() -> None:
    state = GAME.new(GAME.make_config(2, size=11))
    root = ET.fromstring(render_state_svg(GAME, state))
    captions = [(t.attrib["data-hex"], "".join(t.itertext())) for t in root.iter(f"{SVG}text")
                if t.attrib.get("class") == "caption"]
    letters = "abcdefghijk"
    # Letters above (row -1) and below (row 11) each column; numbers left (column -1) and right (column 11).
    assert [text for h, text in captions if h.endswith(",-1)")] == list(letters)
    assert [text for h, text in captions if h.endswith(",11)")] == list(letters)
    assert [text for h, text in captions if h.startswith("(-1,")] == [str(r) for r in range(1, 12)]
    assert [text for h, text in captions if h.startswith("(11,")] == [str(r) for r in range(1, 12)]
    assert len(captions) == 44
    assert ("(9,-1)", "j") in captions and ("(-1,4)", "5") in captions  # column j, row 5: cell j5
