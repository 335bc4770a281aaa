"""Which rulebook effects are registered; the missing ones are listed by name."""

from __future__ import annotations

from hexkit_empyreal.data import load_data
from hexkit_empyreal.effects import get_effect, registered_effects, registered_passives

DATA = load_data()


def _needed() -> list[str]:
    names = {s.effect for s in DATA.tiles + DATA.printed}
    names |= {c.name for c in DATA.captains}
    names |= {s.name for s in DATA.specialists if s.mode != "passive"}
    return sorted(names)


def _needed_passives() -> list[str]:
    return sorted(s.name for s in DATA.specialists if s.mode == "passive")


def missing() -> list[str]:
    return [n for n in _needed() if get_effect(n) is None]


def missing_passives() -> list[str]:
    return [n for n in _needed_passives() if n not in registered_passives()]


def test_common_and_company_spellcars_are_registered() -> None:
    for kind in (
        "Build on Two",
        "Free City & Wasteland Transfer",
        "Free Competitor Transfer",
        "Pick One of Three",
        "Pick One of Two",
        "Reclaim Mana",
    ):
        assert get_effect(kind) is not None, kind
    for company in DATA.companies:
        assert get_effect(f"{company.name} Spellcar") is not None


def test_every_registered_effect_is_a_rulebook_name() -> None:
    assert set(registered_effects()) <= set(_needed())


def test_every_activated_effect_is_registered() -> None:
    # Every Spellcar (tile and printed), Captain and activated Specialist.
    assert missing() == []
    assert len(_needed()) == 31 + 6 + 6 + 8 + 17 + 17 + 5


def test_every_passive_station_master_is_registered() -> None:
    assert missing_passives() == []
    assert len(_needed_passives()) == 12
