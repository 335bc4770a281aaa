"""Which effects are registered, and which are still missing (the second engineer's part)."""

from __future__ import annotations

from hexkit_soot import GAME  # noqa: F401  (imports every registration)
from hexkit_soot.data import load_data
from hexkit_soot.effects import missing

DATA = load_data()

CARDS = sorted(DATA.cards)
EVENTS = [e.name for e in DATA.events]
ARCHETYPE_UPGRADES = sorted(n for n, u in DATA.upgrades.items() if u.archetype)


def test_archetype_passives_registered() -> None:
    assert missing([a.passive for a in DATA.archetypes.values()], need_play=False) == []


def test_every_card_ability_registered() -> None:
    assert missing(CARDS) == []


def test_every_event_registered() -> None:
    assert missing(EVENTS) == []


def test_every_archetype_upgrade_registered() -> None:
    assert missing(ARCHETYPE_UPGRADES, need_play=False) == []


def test_component_name_counts() -> None:
    assert len(CARDS) == 24 and len(EVENTS) == 20 and len(ARCHETYPE_UPGRADES) == 18
