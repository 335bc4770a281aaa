"""The rules of Empyreal: Spells & Steam, one module per rulebook rule.

Importing this package registers every decision handler and op.
"""

from hexkit_empyreal.rules import (  # noqa: F401  (imported to register handlers)
    awards,
    build,
    choices,
    deliver,
    game_end,
    mana,
    network,
    railyard,
    scoring,
    setup,
    specialists,
    turn,
    upgrade,
    wasteland,
)
from hexkit_empyreal.rules.dispatch import HANDLERS, Handler, handles, settle

__all__ = ["HANDLERS", "Handler", "handles", "settle"]
