"""Effects of Spellcars and Specialists, registered by their rulebook names.

See :mod:`hexkit_empyreal.effects.registry` for the registries and
:mod:`hexkit_empyreal.effects.verbs` for the shared verbs. Importing this
package registers nothing: ``game.py`` installs the effect modules.
"""

from __future__ import annotations

from hexkit_empyreal.effects.registry import (
    EffectContext,
    Passive,
    Steps,
    effect,
    get_effect,
    passive,
    registered_effects,
    registered_passives,
)

__all__ = [
    "EffectContext",
    "Passive",
    "Steps",
    "effect",
    "get_effect",
    "passive",
    "registered_effects",
    "registered_passives",
]
