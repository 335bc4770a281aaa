"""The rules of Empyreal: Spells & Steam, one module per rulebook rule.

Importing this package registers nothing: ``game.py`` installs the rule
modules it lists (:func:`~hexkit_empyreal.rules.dispatch.install`).
"""

from hexkit_empyreal.rules.dispatch import EmpyrealHandler, install, settle

__all__ = ["EmpyrealHandler", "install", "settle"]
