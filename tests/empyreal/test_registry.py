"""Which rulebook effects are registered; the missing ones are listed by name."""

from __future__ import annotations

import pytest

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


def test_decorating_registers_nothing_until_installed() -> None:
    from types import ModuleType

    from hexkit_empyreal.effects import registry
    from hexkit_empyreal.rules.dispatch import install

    module = ModuleType("tests.empyreal.fake_effects")

    def fake(ctx: registry.EffectContext) -> registry.Steps:
        return []

    fake.__module__ = module.__name__
    module.fake = registry.effect("Fake Effect For Test")(fake)  # type: ignore[attr-defined]
    assert get_effect("Fake Effect For Test") is None
    try:
        install([module])
        entry = get_effect("Fake Effect For Test")
        assert entry is not None and entry.run is fake
        install([module])  # a second install of a module does nothing
    finally:
        del registry._EFFECTS["Fake Effect For Test"]


def test_a_name_marked_twice_is_refused_when_installed() -> None:
    from hexkit_empyreal.effects import registry

    with pytest.raises(ValueError, match="effect .Flow Controller. is registered twice"):
        registry.register(lambda ctx: [], "effect", "Flow Controller")


def test_a_domain_type_listed_twice_is_refused_when_installed() -> None:
    import types

    from hexkit_empyreal.actions import WastelandTargets
    from hexkit_empyreal.rules.dispatch import install, lists

    module = types.ModuleType("fake_lists_for_test")

    def again(state: object, domain: object, d: object) -> list[int]:
        return []

    again.__module__ = module.__name__
    module.again = lists(WastelandTargets)(again)  # type: ignore[attr-defined,arg-type]
    with pytest.raises(ValueError, match="two functions list WastelandTargets"):
        install([module])


def test_every_module_with_registrations_is_installed_by_the_game() -> None:
    import importlib
    import pkgutil

    import hexkit_empyreal
    from hexkit_empyreal.effects.registry import marks_of
    from hexkit_empyreal.game import MODULES

    marked = set()
    for info in pkgutil.walk_packages(hexkit_empyreal.__path__, "hexkit_empyreal."):
        module = importlib.import_module(info.name)
        if marks_of(module):
            marked.add(info.name)
    assert marked == {m.__name__ for m in MODULES}
    assert len(marked) == 16  # rules.build, .choices and .deliver hold only question handlers


def test_every_question_type_has_its_native_handler_on_the_flow() -> None:
    from hexkit_empyreal import GAME
    from hexkit_empyreal.actions import DECISION_TYPES, TYPED_STEPS
    from hexkit_empyreal.rules.flow import NATIVE_HANDLERS

    questions = {t for t in DECISION_TYPES if t not in TYPED_STEPS}
    assert set(GAME.flow.registered()["question"]) == questions == set(NATIVE_HANDLERS)
    assert len(questions) == 20
