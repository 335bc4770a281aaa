"""Dotted-path overrides of component data, the designer's sweep knob."""

from __future__ import annotations

import attrs
import pytest

from hexkit.errors import ConfigError
from hexkit.overrides import apply_overrides, get_path, set_path


@attrs.frozen
class Card:
    name: str
    cost: int
    weight: float = 1.0
    legacy: bool = False


@attrs.frozen
class Data:
    cards: tuple[Card, ...]
    prices: dict[str, int]
    limit: int = 10


DATA = Data((Card("Flow Controller", 0), Card("Mana Surger", 1)), {"coal": 2})


def test_paths_reach_fields_keys_indices_and_names() -> None:
    assert get_path(DATA, "cards.Mana Surger.cost") == 1
    assert get_path(DATA, "cards.0.name") == "Flow Controller"
    assert get_path(DATA, "prices.coal") == 2
    changed = apply_overrides(
        DATA,
        {"cards.Mana Surger.cost": "3", "prices.coal": 4, "limit": "12", "cards.0.weight": 2},
    )
    assert changed.cards[1].cost == 3
    assert changed.prices == {"coal": 4}
    assert changed.limit == 12
    assert changed.cards[0].weight == 2.0 and isinstance(changed.cards[0].weight, float)
    assert DATA.cards[1].cost == 1 and DATA.prices == {"coal": 2}


def test_bool_values_from_strings() -> None:
    assert set_path(DATA, "cards.0.legacy", "yes").cards[0].legacy is True
    with pytest.raises(ConfigError, match="expected bool"):
        set_path(DATA, "cards.0.legacy", "maybe")


def test_bad_paths_and_values_are_named() -> None:
    with pytest.raises(ConfigError, match="no element named 'Icecar'"):
        set_path(DATA, "cards.Icecar.cost", 1)
    with pytest.raises(ConfigError, match="Card has no field 'price'"):
        set_path(DATA, "cards.0.price", 1)
    with pytest.raises(ConfigError, match="expected int"):
        set_path(DATA, "limit", "ten")
    with pytest.raises(ConfigError, match="no key 'iron'"):
        set_path(DATA, "prices.iron", 1)
    with pytest.raises(ConfigError, match="empty"):
        set_path(DATA, "cards..cost", 1)
    with pytest.raises(ConfigError, match="expected int"):
        set_path(DATA, "limit", True)


@attrs.frozen
class Checked:
    start: int = attrs.field(validator=attrs.validators.ge(0))


def test_the_data_class_validation_refuses_an_override() -> None:
    with pytest.raises(ConfigError, match=r"override start=-3 is refused: .*start"):
        set_path(Checked(5), "start", -3)
