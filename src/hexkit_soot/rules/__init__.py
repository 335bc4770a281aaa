"""The rules of Soot & Timber, one module per rule as the rulebook names it.

:func:`hexkit_soot.game.register` registers each module's declared steps
and actions explicitly; importing a module registers nothing.
"""
