"""Memos of map-bound results, keyed by the map's revision stamp.

The turn menu asks the same questions of the map at most of a player's
menus (the map is unchanged since that player's previous menu at about six
menus in ten): which settlement types a hex takes, which camp types its
tile and site allow, whether a player's pieces touch an open edge. Their
answers depend only on the map (``SootState.revisions[MAP]``, stamped by
every writer of the map: :func:`hexkit_soot.state.touch_map`), the static
data and, where a player is concerned, values given in the key (their
pieces' hexes). A stamp is never reused in a process
(:mod:`hexkit.revision`), so one memo serves every state that holds it: a
clone, a view, the next decisions of the same game.

Every memoised value is read-only for its callers. ``tests/soot/test_revisions.py``
compares the memoised results with fresh ones (:func:`memo_off`) at every
decision of random games.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from contextlib import contextmanager
from typing import Any

from hexkit_soot.state import MAP, SootState

__all__ = ["map_memo", "memo_off"]

_BY_MAP: dict[int, tuple[object, dict[Hashable, Any]]] = {}
"""Per map stamp, the config the answers were found under (answers read its data and
modules; a test may swap a state's config by hand) and the answers by key (a key
names its question first)."""
_MAX = 64
"""Map stamps kept; the whole memo is dropped when it is full (a playout's map
changes every few decisions, so old stamps are rarely asked again)."""
_ON = [True]


def map_memo(state: SootState) -> dict[Hashable, Any]:
    """The memo of answers about ``state``'s map (a dict to read and fill; a fresh
    empty one while :func:`memo_off` is in force).

    Args:
        state: the game.
    """
    stamp = state.revisions[MAP]
    entry = _BY_MAP.get(stamp)
    if entry is not None and entry[0] is state.config:
        return entry[1]
    memo: dict[Hashable, Any] = {}
    if _ON[0]:
        if len(_BY_MAP) >= _MAX:
            _BY_MAP.clear()
        _BY_MAP[stamp] = (state.config, memo)
    return memo


@contextmanager
def memo_off() -> Iterator[None]:
    """Answer every question afresh inside the block (for tests comparing memo and fresh)."""
    saved = dict(_BY_MAP)
    _BY_MAP.clear()
    _ON[0] = False
    try:
        yield
    finally:
        _ON[0] = True
        _BY_MAP.clear()
        _BY_MAP.update(saved)
