"""Revision stamps: telling cheaply which parts of a state changed.

A game that wants its observers (an RL encoder, a memo of a turn menu) to
skip work for the parts of a state that did not change divides its state
into *sections* (the map, each seat, the market, the turn numbers) and keeps
one integer stamp per section. The one function that writes a quantity
stamps its section with :func:`next_revision` after writing it.

Stamps come from one process-wide counter, so a stamp is never reused: two
states (a state and its clone, two clones that went their own ways, a view)
whose stamps for a section are equal got that section from the same write
and hold the same values there. An observer may therefore key a memo by the
stamp alone, across every state of the process, in any order.

Rules for a game that keeps stamps:

- every write of a section's values is followed by a new stamp for that
  section (a missed stamp is a stale memo: test it, for example by comparing
  an encoder with and without its memo over random games);
- ``clone`` and ``view`` copy the stamps (a view's redaction depends only on
  the section's values and the viewer, so a per-viewer memo stays right);
- a state read from a save gets fresh stamps (``Game.restore_derived``):
  stamps are never saved, compared across processes or shown to a player.

>>> from hexkit.revision import next_revision, fresh_revisions
>>> a = next_revision()
>>> next_revision() > a
True
>>> stamps = fresh_revisions(3)
>>> len(set(stamps)) == 3 and min(stamps) > a
True
"""

from __future__ import annotations

import itertools

__all__ = ["next_revision", "fresh_revisions"]

_counter = itertools.count(1)

next_revision = _counter.__next__
"""Return a stamp no earlier call in this process returned (a positive ``int``).

The counter is process-wide and not thread-safe across states shared by
threads; a process of its own (the simulation harness's workers) has its own
counter, which is fine since stamps never leave the process.
"""


def fresh_revisions(sections: int) -> list[int]:
    """A new stamp for each of ``sections`` sections: a list of distinct ints.

    Raises:
        ValueError: if ``sections`` is negative.
    """
    if sections < 0:
        raise ValueError(f"sections must be >= 0, got {sections}")
    return [next_revision() for _ in range(sections)]
