"""The rules of Soot & Timber, one module per rule as the rulebook names it.

:mod:`hexkit_soot.game` imports every module so that their steps and
actions register themselves.
"""
