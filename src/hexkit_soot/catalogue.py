"""Soot & Timber's stable action numbers, built on each answer's stable identity.

Every Soot answer is a ``Choose(code, arg)`` answering a question of some
``kind`` (``"turn"``, ``"explore.hex"``, ``"market.qty"``...): the key of an
answer is ``(kind, code, arg)``, which the port onto :mod:`hexkit.flow`
keeps (the question's ``.kind``, the answer's ``.code`` and ``.arg``). This
file, not Soot's rules, lists the keys a config can offer:

* **hex-valued answers** (:data:`HEX_PACKED`): ``arg`` is
  ``hex_code(h) * m + sub`` (``hexkit_soot.grid.hex_code``); listed for every
  hex ``h`` of the disc of radius :data:`RADIUS` around the first tile and
  every ``sub`` below the stated bound (six edge directions; the camp,
  settlement and facility kinds of the config's data). A key means "found a
  Lumber camp at hex h", "build a road on edge (h, 3)" in every state.
* **small-integer answers** (:data:`INT_ARGS`): ``arg`` is a count, a slot,
  a good or card id, a player; listed over the stated range (measured over
  seeded random games of 2-6 players, 4 games each, then padded by half).

Why not wholly derived from the rules: the map grows by exploration with no
fixed edge, and the question kinds with their argument meanings are Soot's
own vocabulary, which is being ported; so the disc and the ranges are a
declared bound. A key outside them (a new question kind, a hex past the
disc, an argument past its range) is still numbered, in the overflow block
of 256 numbers by legal order (:mod:`hexkit.rl.spaces`), and the mask stays
exact; tests/rl/test_spaces.py measures how rarely that happens.

Sizes: ``action_space(game, config).size``: 36,860 for every player count
numbers (mostly hex x sub keys; a policy's output layer is sparse): the
36,849 of rules 0.3.3, numbered as before, then 11 more bids
(:data:`INT_ARGS_LATER`).
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any, cast

from hexkit.game import Game, GameConfig
from hexkit.hexes import Hex

from hexkit.rl.spaces import KeyedSpace
from hexkit_soot.config import data
from hexkit_soot.grid import code_hex, hex_code

__all__ = ["action_space", "key", "RADIUS", "HEX_PACKED", "INT_ARGS", "INT_ARGS_LATER"]

RADIUS = 14
"""Hexes listed for hex-valued answers: distance at most RADIUS from ``Hex(0, 0)``
(measured reach of random games: 11)."""

HEX_PACKED: dict[tuple[str, str], tuple[int, str]] = {
    ("explore.hex", "hex"): (1, ""),
    ("move.walk", "hex"): (1, ""),
    ("move.drive", "hex"): (1, ""),
    ("move.drive", "trail"): (1, ""),
    ("effect", "hex"): (1, ""),
    ("effect", "community"): (1, ""),
    ("turn", "Abandon Camp"): (1, ""),
    ("upkeep.remove", "camp"): (1, ""),
    ("community.interact", "interact"): (2, "2"),
    ("route.edge", "edge"): (8, "6"),
    ("effect", "edge"): (8, "6"),
    ("upkeep.remove", "facility"): (8, "8"),
    ("camp.found", "camp"): (16, "camps"),
    ("settlement.found", "settle"): (8, "settlements"),
    ("structure.build", "build"): (32, "facilities"),
}
"""``(kind, code) -> (m, subs)``: ``arg = hex_code(h) * m + sub`` with ``sub`` below
``subs`` (a number, or the name of the data table whose entries it indexes)."""

INT_ARGS: dict[tuple[str, str], tuple[int, int]] = {
    ('cards.bid', 'bid'): (0, 9),
    ('cards.bonus', 'discard'): (0, 33),
    ('cards.draw', 'blind'): (0, 4),
    ('cards.draw', 'row'): (0, 8),
    ('cards.keep', 'keep'): (0, 34),
    ('effect', 'down'): (-1, 3),
    ('effect', 'good'): (0, 40),
    ('effect', 'stop'): (0, 4),
    ('effect', 'up'): (0, 5),
    ('event.choose', 'A'): (0, 4),
    ('event.choose', 'B'): (0, 5),
    ('explore.source', 'draw'): (0, 4),
    ('explore.source', 'survey'): (0, 6),
    ('explore.tile', 'tile'): (0, 7),
    ('market.good', 'buy'): (0, 40),
    ('market.good', 'sell'): (0, 43),
    ('market.qty', 'qty'): (0, 9),
    ('move.agent', 'agent'): (0, 27),
    ('move.agent', 'done'): (0, 4),
    ('move.cargo', 'done'): (0, 4),
    ('move.cargo', 'go'): (0, 4),
    ('move.cargo', 'load'): (0, 43),
    ('move.cargo', 'unload'): (0, 43),
    ('pay', 'way'): (0, 8),
    ('pay.private', 'way'): (0, 6),
    ('route.edge', 'done'): (0, 4),
    ('route.kind', 'rail'): (0, 7),
    ('route.kind', 'road'): (0, 6),
    ('route.kind', 'upgrade'): (0, 7),
    ('setup.draft', 'archetype'): (0, 9),
    ('setup.secret', 'discard'): (0, 16),
    ('soot.scrub', 'qty'): (0, 5),
    ('trade.answer', 'accept'): (0, 5),
    ('trade.answer', 'decline'): (0, 4),
    ('trade.build', 'ask'): (0, 43),
    ('trade.build', 'cancel'): (0, 4),
    ('trade.build', 'currency'): (-16, 24),
    ('trade.build', 'due'): (0, 21),
    ('trade.build', 'give'): (0, 43),
    ('trade.build', 'propose'): (0, 4),
    ('trade.target', 'player'): (0, 16),
    ('turn', 'Abandon Contract'): (0, 24),
    ('turn', 'Build Route'): (0, 4),
    ('turn', 'Build Structure'): (0, 4),
    ('turn', 'Buy Upgrade'): (0, 4),
    ('turn', 'Claim Contract'): (0, 7),
    ('turn', 'Community Interaction'): (0, 4),
    ('turn', 'Deliver Binding'): (0, 58),
    ('turn', 'Discard for Action'): (0, 4),
    ('turn', 'Draw Cards'): (0, 4),
    ('turn', 'Explore'): (0, 4),
    ('turn', 'Found Camp'): (0, 4),
    ('turn', 'Found Settlement'): (0, 4),
    ('turn', 'Fulfil Contract'): (0, 7),
    ('turn', 'Market Transaction'): (0, 4),
    ('turn', 'Move'): (0, 4),
    ('turn', 'Offer Trade'): (0, 4),
    ('turn', 'Overtime'): (0, 4),
    ('turn', 'Pass'): (0, 4),
    ('turn', 'Play Card'): (0, 34),
    ('turn', 'Provisioner'): (0, 292),
    ('turn', 'Repay Loan'): (0, 4),
    ('turn', 'Scrub Soot'): (0, 4),
    ('turn', 'Spend Card'): (0, 34),
    ('turn', 'Take Loan'): (0, 4),
    ('turn', 'Unlock Outer District'): (0, 4),
    ('upgrade.buy', 'upgrade'): (0, 30),
}
"""``(kind, code) -> (low, high)``: small-integer arguments listed, inclusive."""

INT_ARGS_LATER: dict[tuple[str, str], tuple[int, int]] = {
    ('cards.bid', 'bid'): (10, 20),
}
"""Ranges widened after the numbering was pinned, listed after every key above
so that no earlier number moves: ``(kind, code) -> (low, high)``, inclusive.

``('cards.bid', 'bid')``: since rules 0.4.0 a Legacy bid is one answer, any
amount from 0 to the bidder's currency (before, +1 / +5 / place: 0, 1 and 5).
The 0-9 of :data:`INT_ARGS` and 10-20 here cover the purses measured at bid
questions: 98.8% of 481 in 20 seeded random games (2-6 players, 4 seeds
each) were at most 15¤, the largest 33¤; strong and greedy games stayed
under 26¤. A richer bidder's higher amounts go to the overflow block."""


def key(decision: Any, action: Any) -> Hashable:
    """``(question kind, answer code, answer arg)``: the stable identity of a Soot answer."""
    return (getattr(decision, "kind", type(decision).__name__), action.code, action.arg)


def _kind(decision: Any) -> Hashable:
    return getattr(decision, "kind", type(decision).__name__)


def _subs(bound: str, data: Any) -> int:
    return int(bound) if bound.isdigit() else len(getattr(data, bound))


def action_space(game: Game[Any, Any], config: GameConfig) -> KeyedSpace:
    """The :class:`KeyedSpace` of Soot under ``config`` (see the module notes).

    Raises:
        ValueError: if a packed answer's sub-bound exceeds its multiplier.
    """
    d = data(game.new(config, 0))
    disc = sorted(Hex(q, r) for q in range(-RADIUS, RADIUS + 1) for r in range(-RADIUS, RADIUS + 1)
                  if abs(q + r) <= RADIUS)
    keys: list[Hashable] = []
    for (kind, code), (m, bound) in HEX_PACKED.items():
        subs = m if not bound else _subs(bound, d)
        if subs > m:
            raise ValueError(f"soot_catalogue.HEX_PACKED[{kind!r}, {code!r}]: {subs} subs exceed {m}")
        for h in disc:
            base = hex_code(h) * m
            keys.extend((kind, code, base + sub) for sub in range(subs))
    for table in (INT_ARGS, INT_ARGS_LATER):
        for (kind, code), (low, high) in table.items():
            keys.extend((kind, code, arg) for arg in range(low, high + 1))

    def describe(k: Hashable) -> str:
        kind, code, arg = cast("tuple[str, str, int]", k)
        packed = HEX_PACKED.get((kind, code))
        if packed is None:
            return f"{kind}: {code} {arg}"
        m = packed[0]
        return f"{kind}: {code} at {code_hex(arg // m)}" + (f" #{arg % m}" if m > 1 else "")

    return KeyedSpace(keys, key, overflow=256, describe=describe, context=_kind)
