"""Reactions: effects that hear that something happened.

Modifiers (:func:`hexkit_soot.effects.modifier`) change a number while the
rules compute it, and the rules compute some numbers for previews too (the
cost shown in a menu), so a modifier must not change the state. Effects that
last until their *next use* ("your next Found Camp", "your next sale") or
that act at a moment of the round ("at each Market Update") need to be told
when that moment has come. The rules call :func:`notify` at those moments;
it runs the reactions of every source active for the player (archetype,
upgrades, cards switched on with :func:`~hexkit_soot.effects.activate`), in
the same order as modifiers.

A reaction gets the :class:`~hexkit_soot.effects.Ctx` of its source and the
moment's arguments; it may change the state through the verbs and ask its
player a question with :func:`~hexkit_soot.effects.ask` (answered through
the source's ``resume``).

Example::

    @reaction("Price Gouging", Moment.SOLD)
    def used_up(ctx: Ctx, args: MomentArgs) -> None:
        deactivate(ctx.state, "Price Gouging", ctx.player)

Source: rulebook, §15 (cards that last "this round"), §21 (upgrades that act
at the Market Update or after a Refine).
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any, TypeAlias

from hexkit.game import PlayerId
from hexkit_soot.effects import Ctx, sources
from hexkit_soot.registry import REGISTRY, SootRegistry, declare
from hexkit_soot.state import SootState

__all__ = ["Moment", "MomentArgs", "ReactionFn", "REACTIONS", "reaction", "notify", "reactions_of"]


class Moment(enum.Enum):
    """The moments the rules announce, and the arguments each one passes."""

    CAMP_FOUNDED = "camp_founded"      #: a Found Camp action placed its camp; args: hex, kind
    ROUTE_BUILT = "route_built"        #: a Build Route action ended; args: free (1 if it used no action)
    FIRED = "fired"                    #: one facility fired; args: facility, hex
    REFINE_DONE = "refine_done"        #: a Refine action ended; args: hexes (tuple of fired hexes)
    SOLD = "sold"                      #: a Market Transaction sale; args: good, units, hex
    MARKET_UPDATE = "market_update"    #: Phase 1 of a round, once per player in turn order


MomentArgs: TypeAlias = Mapping[str, Any]
ReactionFn: TypeAlias = Callable[[Ctx, MomentArgs], None]

REACTIONS: dict[str, dict[Moment, ReactionFn]] = REGISTRY.reactions
"""Registered reactions: component name -> moment -> function (the registry's table)."""

_NO_ARGS: MomentArgs = MappingProxyType({})  # the shared default: read-only


def reaction(name: str, moment: Moment) -> Callable[[ReactionFn], ReactionFn]:
    """Declare the decorated function as ``name``'s reaction to ``moment`` (registered by ``game.register``).

    Args:
        name: the component's name exactly as in the data files.
        moment: when it runs.

    Returns:
        The decorator.

    Raises:
        ValueError: when registered, if ``name`` already reacts to ``moment``.
    """

    def declared(fn: ReactionFn) -> ReactionFn:
        def put(registry: SootRegistry) -> None:
            table = registry.reactions.setdefault(name, {})
            if moment in table:
                raise ValueError(f"effect {name!r} already reacts to {moment.value}")
            table[moment] = fn

        return declare(fn, put)

    return declared


def reactions_of(name: str) -> dict[Moment, ReactionFn]:
    """The reactions registered for ``name`` (empty if none)."""
    return REACTIONS.get(name, {})


def notify(state: SootState, player: PlayerId, moment: Moment, args: MomentArgs = _NO_ARGS) -> None:
    """Tell ``player``'s active sources that ``moment`` happened.

    The sources are collected before any reaction runs, so a reaction that
    switches its own source off (a card used up) does not disturb the others.

    Args:
        state: the game.
        player: whose sources react (a negative seat: nobody).
        moment: what happened.
        args: the moment's arguments (see :class:`Moment`).
    """
    if player < 0:
        return
    names = list(sources(state, player))
    for name in names:
        fn = REACTIONS.get(name, {}).get(moment)
        if fn is not None:
            fn(Ctx(state=state, player=player, source=name), args)
