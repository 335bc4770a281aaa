"""Backward-compatible alias of :mod:`hexkit_empyreal.catalogue` (the catalogue moved into its plugin)."""

from hexkit_empyreal.catalogue import *  # noqa: F401,F403
from hexkit_empyreal.catalogue import action_space as action_space  # noqa: F401
