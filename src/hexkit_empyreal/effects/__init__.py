"""Effects of Spellcars and Specialists, registered by their rulebook names.

See :mod:`hexkit_empyreal.effects.registry` for the registries and
:mod:`hexkit_empyreal.effects.verbs` for the shared verbs. Importing this
package registers every effect module that exists.
"""

from __future__ import annotations

import importlib

from hexkit_empyreal.effects.registry import (
    EffectContext,
    Passive,
    Steps,
    domain,
    effect,
    get_effect,
    op,
    passive,
    registered_effects,
    registered_passives,
)

__all__ = [
    "EffectContext",
    "Passive",
    "Steps",
    "domain",
    "effect",
    "get_effect",
    "op",
    "passive",
    "registered_effects",
    "registered_passives",
    "EFFECT_MODULES",
]

EFFECT_MODULES = (
    "verbs",
    "common_spellcars",
    "company_spellcars",
    "unique_spellcars",
    "captains",
    "engineers",
    "surveyors",
    "station_masters",
)
"""Effect modules loaded at import; missing ones (not written yet) are skipped."""

for _name in EFFECT_MODULES:
    try:
        importlib.import_module(f"hexkit_empyreal.effects.{_name}")
    except ModuleNotFoundError as _exc:
        if _exc.name != f"hexkit_empyreal.effects.{_name}":
            raise
