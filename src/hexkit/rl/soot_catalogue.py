"""Backward-compatible alias of :mod:`hexkit_soot.catalogue` (the catalogue moved into its plugin)."""

from hexkit_soot.catalogue import *  # noqa: F401,F403
from hexkit_soot.catalogue import action_space as action_space  # noqa: F401
