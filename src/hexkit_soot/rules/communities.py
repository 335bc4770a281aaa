"""Communities & Pacts: Community Interaction, Favor, Exclusive Pacts.

Community Interaction: 1 action + currency by prestige (3 minus your
prestige level, at least 1: assumed), your Explorer or Builder on the
community's hex. You gain 1 ingredient (a Cultural Artifact or a Specialty
Material, your choice), +1 Prestige and +1 Favor (0-3) with it. At Favor 3
you form its Exclusive Pact (if nobody holds it): each Production you gain
1 ingredient from it, and no other player may interact with it. A pact
breaks (Favor back to 2) if your Prestige falls below Neutral (see
:func:`hexkit_soot.ledger.change_prestige`).

Ingredients are kept behind the player's screen: the log says that a player
gained an ingredient, never which kind (the split is hidden information,
see :mod:`hexkit_soot.views`).

Source: rulebook, "Communities", "Favor and Exclusive Pacts"; Components,
"Cultural Artifacts and Specialty Materials" (keep behind your screen).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from hexkit.flow import Handler
from hexkit.game import PlayerId
from hexkit.hexes import Hex
from hexkit_soot.actions import Choose, CommunityInteraction
from hexkit_soot.grid import code_hex, hex_code
from hexkit_soot.ledger import data, change_prestige, gain_goods, good_value, pay_currency
from hexkit_soot.rules.steps import main_action, opt, refuse_masked
from hexkit_soot.state import SootState, touch_map
from hexkit_soot.state import tally as _tally  # "what was played" counters

__all__ = ["interaction_cost", "add_favor", "pact_payout", "gain_ingredient", "screened_value", "INGREDIENTS",
           "InteractHandler"]

INGREDIENTS = ("Cultural Artifact", "Specialty Material")
"""The two ingredient goods, kept behind each player's screen."""


def gain_ingredient(state: SootState, player: PlayerId, good: str, why: str) -> int:
    """Put 1 ``good`` from the supply behind ``player``'s screen, logging it without its kind.

    Args:
        state: the game.
        player: who gains.
        good: the ingredient (one of :data:`INGREDIENTS`).
        why: the reason written to the log.

    Returns:
        1, or 0 when the supply of that kind is empty.

    Source: Components, "Cultural Artifacts and Specialty Materials" (keep
    behind your screen).
    """
    k = gain_goods(state, player, good, 1)
    if k:
        state.note(player, f"gained 1 ingredient ({why})")
    return k


def screened_value(state: SootState) -> int:
    """Value of one ingredient whose kind is hidden: the mean of the kinds' values, rounded down.

    Both kinds sell at a flat 5¤ (printed), so the mean is exact unless a
    designer's data gives them different prices.

    Args:
        state: the game (or a view).

    Source: rulebook, "Communities" (sell flat 5¤ at any market).
    """
    return sum(good_value(state, g) for g in INGREDIENTS) // len(INGREDIENTS)


def interaction_cost(state: SootState, player: PlayerId) -> int:
    """Currency a Community Interaction costs ``player`` (by prestige).

    Args:
        state: the game.
        player: the seat concerned.
    """
    return max(1, data(state).numbers.interaction_base_cost - state.players[player].prestige)


def add_favor(state: SootState, player: PlayerId, at: Hex, n: int = 1) -> None:
    """Raise Favor with the community at ``at``; form its pact at the top if free.

    Args:
        state: the game.
        player: the seat concerned.
        at: the hex.
        n: how many.
    """
    c = state.communities.get(at)
    if c is None:
        return
    top = data(state).numbers.favor_max
    c.favor[player] = min(top, c.favor[player] + n)
    touch_map(state)
    if c.favor[player] >= top and c.pact < 0 and state.players[player].prestige >= 0:
        c.pact = player
        state.note(player, f"formed an Exclusive Pact with the {c.kind} at {at}")


def _interactions(state: SootState, player: PlayerId) -> Iterator[tuple[Hex, str, int]]:
    """``(hex, community kind, ingredient index)`` of each interaction open to ``player``, in menu order."""
    p = state.players[player]
    communities = state.communities
    # an agent on a community first (most stand elsewhere), then the cost
    if communities.keys().isdisjoint(p.explorers) and communities.keys().isdisjoint(p.builders):
        return
    here = [h for h in p.explorers if h in communities] + [h for h in p.builders if h in communities]
    if p.currency < interaction_cost(state, player):
        return
    for at in sorted(set(here)):
        c = communities.get(at)
        if c is None or c.pact not in (-1, player):
            continue
        for i, g in enumerate(INGREDIENTS):
            if state.supply.count(g) > 0:
                yield at, c.kind, i


def _options(state: SootState, player: PlayerId) -> list[Choose]:
    return [opt("interact", hex_code(at) * 2 + i, f"trade with the {kind} at {at} for a {INGREDIENTS[i]}")
            for at, kind, i in _interactions(state, player)]


def _available(state: SootState, player: PlayerId) -> bool:
    """Whether :func:`_interactions` finds one (decided without it when no agent
    stands on a community, as at most menus)."""
    p = state.players[player]
    communities = state.communities.keys()
    if communities.isdisjoint(p.explorers) and communities.isdisjoint(p.builders):
        return False
    return next(_interactions(state, player), None) is not None


@main_action("Community Interaction", _available)
def start(state: SootState, player: PlayerId) -> None:
    """Choose the community and the ingredient."""
    state.pending.append(CommunityInteraction(player=player, prompt="Community Interaction: with whom, for what?"))


_HIDDEN_INTERACTION = (Choose(code="interact", arg=-1, label="?"),)
"""The one answer another seat's view shows of a screened asker's question (as the masked step did)."""


class InteractHandler(Handler[SootState, CommunityInteraction, Choose]):
    """The :class:`~hexkit_soot.actions.CommunityInteraction` question: with whom, for what.

    Source: rulebook, "Community Interaction".
    """

    def answers(self, state: SootState, question: CommunityInteraction) -> Sequence[Choose]:
        """One answer per community and ingredient open to the asker (masked in another seat's view of a screened asker)."""
        player = question.player
        if state.viewer is not None and state.viewer != player and state.players[player].screened:
            return _HIDDEN_INTERACTION
        return tuple(_options(state, player))

    def resolve(self, state: SootState, question: CommunityInteraction, answer: Choose) -> None:
        """Pay, gain the ingredient, prestige and favor."""
        player = question.player
        if answer.arg < 0:  # the placeholder of a masked question (another seat's view)
            refuse_masked(state, question, answer, "Community Interaction")
        at = code_hex(answer.arg // 2)
        good = INGREDIENTS[answer.arg % 2]
        pay_currency(state, player, interaction_cost(state, player), f"interaction at {at}")
        gain_ingredient(state, player, good, "Community Interaction")
        change_prestige(state, player, 1, "Community Interaction")
        add_favor(state, player, at, 1)
        _tally(state, "community_interactions", player)


def pact_payout(state: SootState) -> None:
    """Production: every pact holder gains 1 ingredient from each pact community.

    Args:
        state: the game.
    """
    data_gives = {c.name: c.gives for c in data(state).communities}
    for at, c in sorted(state.communities.items()):
        if c.pact >= 0:
            gain_ingredient(state, c.pact, data_gives.get(c.kind) or INGREDIENTS[0], f"pact at {at}")
