"""A JSON string is never read as a list of its letters (one hook in make_converter)."""

from __future__ import annotations

import json
from collections.abc import Sequence

import attrs
import pytest

from hexkit.errors import InvalidRecordError
from hexkit.match import Match
from hexkit.record import record_from_json, record_to_json
from hexkit.registry import load_game
from hexkit.serialize import codec, converter, structure_checked


@attrs.frozen
class Holder:
    a: list[str]
    b: tuple[int, ...]
    c: frozenset[str]
    d: Sequence[int]
    e: tuple[int, str]
    f: set[str]


GOOD = {"a": ["x"], "b": [1], "c": ["q"], "d": [1, 2], "e": [1, "s"], "f": ["r"]}


def test_lists_still_load() -> None:
    assert structure_checked(converter, GOOD, Holder, "doc") == Holder(
        ["x"], (1,), frozenset({"q"}), (1, 2), (1, "s"), {"r"})


@pytest.mark.parametrize(("field", "wanted"), [
    ("a", "list[str]"), ("b", "tuple[int, ...]"), ("c", "frozenset[str]"), ("d", "Sequence[int]"),
    ("e", "tuple[int, str]"), ("f", "set[str]"),
])
def test_a_string_is_not_a_list(field: str, wanted: str) -> None:
    with pytest.raises(InvalidRecordError) as err:
        structure_checked(converter, dict(GOOD, **{field: "zz"}), Holder, "doc")
    assert err.value.field == f"doc.{field}"
    assert f"expected a JSON list ({wanted}), not the string 'zz'" in str(err.value)


def test_soot_state_used_as_text_is_refused() -> None:
    game = load_game("soot")
    c = codec(game)
    data = json.loads(c.state_to_json(game.new(game.make_config(2), 1)))
    data["state"]["players"][0]["used"] = "zz"
    with pytest.raises(InvalidRecordError) as err:
        c.state_from_json(json.dumps(data))
    assert err.value.field == "state.players[0].used"
    assert "expected a JSON list (list[str]), not the string 'zz'" in str(err.value)


def test_record_variants_as_text_is_refused() -> None:
    game = load_game("soot")
    record = json.loads(record_to_json(game, Match(game, game.make_config(2), seed=1).record))
    record["config"]["variants"] = "shares"
    with pytest.raises(InvalidRecordError) as err:
        record_from_json(game, json.dumps(record))
    assert err.value.field == "config.variants"
    assert "not the string 'shares'" in str(err.value) and "unknown variant" not in str(err.value)


def test_campaign_envelope_as_text_is_refused() -> None:
    from hexkit_soot.campaign import Campaign

    data = json.loads(Campaign.start(2, 2, ["random"]).to_json())
    data["envelope"] = "The Silver Strike"
    with pytest.raises(InvalidRecordError) as err:
        Campaign.from_json(json.dumps(data))
    assert err.value.field == "campaign.envelope"
    assert "not the string 'The Silver Strike'" in str(err.value)
