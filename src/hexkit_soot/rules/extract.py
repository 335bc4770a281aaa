"""Extract: pull non-renewable (and semi-renewable) resources from a camp's site.

Cost 1 action; your Caravan must be at your camp. Remove 2 tokens from the
camp's depletion stack (Decline: 1) and load them onto the caravan and/or
the tile (at most 2 goods on a tile). Ruthless Exploitation takes 2 more
and costs 1 Prestige. When the last token of the last active site of a
non-renewable resource leaves the map, its Scarcity Cascade fires: the raw
price rises 3 for good, and every tracked good made from it gets a price
floor 2 above its minimum.

Interpretation (assumed): tokens that would fit neither on the caravan nor
on the tile stay in the stack (nothing is wasted).

Source: rulebook, "Extract", "Scarcity Cascade", Seasons (Decline).
"""

from __future__ import annotations

from collections.abc import Sequence

from hexkit.flow import Handler
from hexkit.game import PlayerId
from hexkit.hexes import Hex
from hexkit_soot.actions import Choose, ExtractCamp, ExtractMode
from hexkit_soot.effects import Hook, modify
from hexkit_soot.grid import code_hex, hex_code, season_of
from hexkit_soot.ledger import data, change_prestige, from_supply, place_goods, raise_price_floor
from hexkit_soot.rules.camps import tile_room
from hexkit_soot.rules.explore import tile_info
from hexkit_soot.rules.movement import caravan_capacity
from hexkit_soot.rules.steps import main_action, opt
from hexkit_soot.state import SootState, touch_map
from hexkit_soot.state import tally as _tally  # "what was played" counters

__all__ = ["extractable", "extract_at", "scarcity_cascade", "CampHandler", "ModeHandler"]


def extractable(state: SootState, player: PlayerId) -> list[Hex]:
    """Your camps with a placed, non-empty stack and one of your caravans present.

    Args:
        state: the game.
        player: the seat concerned.
    """
    p = state.players[player]
    here = {c.loc for c in p.caravans}
    return sorted(
        h for h, camp in state.camps.items()
        if camp.owner == player and h in here and state.stacks.get(h, 0) > 0
    )


def _available(state: SootState, player: PlayerId) -> bool:
    # bool(extractable(...)), asked from the caravans (few) rather than the camps
    camps, stacks = state.camps, state.stacks
    for c in state.players[player].caravans:
        camp = camps.get(c.loc)
        if camp is not None and camp.owner == player and stacks.get(c.loc, 0) > 0:
            return True
    return False


@main_action("Extract", _available)
def start(state: SootState, player: PlayerId) -> None:
    """Begin Extract: choose the camp."""
    state.pending.append(ExtractCamp(player=player, prompt="Extract: which camp?"))


class CampHandler(Handler[SootState, ExtractCamp, Choose]):
    """The :class:`~hexkit_soot.actions.ExtractCamp` question: at which camp.

    Source: rulebook, "Extract".
    """

    def answers(self, state: SootState, question: ExtractCamp) -> Sequence[Choose]:
        """``Choose("hex", hex_code(h))`` for each camp with goods to extract."""
        return tuple(opt("hex", hex_code(h), f"extract at {h}") for h in extractable(state, question.player))

    def resolve(self, state: SootState, question: ExtractCamp, answer: Choose) -> None:
        """Ask how hard."""
        state.pending.append(ExtractMode(player=question.player, prompt="Extract: how hard?", at=code_hex(answer.arg)))


_MODES = (opt("normal", 0, "extract"), opt("ruthless", 1, "Ruthless Exploitation (+2, -1 Prestige)"))


class ModeHandler(Handler[SootState, ExtractMode, Choose]):
    """The :class:`~hexkit_soot.actions.ExtractMode` question: normal or ruthless.

    Source: rulebook, "Extract" (Ruthless Exploitation).
    """

    def answers(self, state: SootState, question: ExtractMode) -> Sequence[Choose]:
        """``normal`` and ``ruthless``."""
        return _MODES

    def resolve(self, state: SootState, question: ExtractMode, answer: Choose) -> None:
        """Extract."""
        extract_at(state, question.player, question.at, ruthless=answer.code == "ruthless")


def extract_at(state: SootState, player: PlayerId, at: Hex, ruthless: bool = False) -> int:
    """Remove tokens from the stack at ``at`` onto ``player``'s caravan there and the tile.

    Args:
        state: the game.
        player: the seat concerned.
        at: the hex.
        ruthless: Ruthless Exploitation (+2 tokens, -1 Prestige).

    Returns:
        Tokens removed.
    """
    nums = data(state).numbers
    season = season_of(state.round)
    n = nums.extract_tokens_decline if season == "Decline" else nums.extract_tokens
    if ruthless:
        n += nums.ruthless_bonus
        change_prestige(state, player, -1, "Ruthless Exploitation")
    n = modify(state, player, Hook.EXTRACT_TOKENS, n, {"hex": at})
    terrain, site, river = tile_info(state, state.tiles[at])
    p = state.players[player]
    index = next(i for i, c in enumerate(p.caravans) if c.loc == at)
    caravan = p.caravans[index]
    room_caravan = caravan_capacity(state, player) - caravan.load()
    room_tile = tile_room(state, at)
    k = min(n, state.stacks[at], room_caravan + room_tile)
    k = from_supply(state, site, k)
    on_caravan = min(k, room_caravan)
    if on_caravan:
        place_goods(state, player, site, on_caravan, index)
    if k - on_caravan:
        place_goods(state, player, site, k - on_caravan, at)
    state.stacks[at] -= k
    touch_map(state)
    _tally(state, "extracts", player)
    state.note(player, f"extracted {k} {site} at {at}" + (" (ruthless)" if ruthless else "")
               + f", {state.stacks[at]} left")
    if state.stacks[at] == 0:
        scarcity_cascade(state, site)
    return k


def scarcity_cascade(state: SootState, resource: str) -> bool:
    """Fire the Scarcity Cascade of ``resource`` if no active site of it has tokens left.

    Args:
        state: the game.
        resource: the site resource whose stack just emptied.

    Returns:
        Whether it fired now.

    Source: rulebook, "Scarcity Cascade".
    """
    d = data(state)
    site = d.sites.get(resource)
    if site is None or site.semi_renewable or resource in state.cascaded:
        return False
    for h, left in state.stacks.items():
        if left > 0 and tile_info(state, state.tiles[h])[1] == resource:
            return False
    nums = d.numbers
    state.cascaded.append(resource)
    state.raw_bonus[resource] = state.raw_bonus.get(resource, 0) + nums.cascade_raw
    state.note(None, f"Scarcity Cascade: the last {resource} site is exhausted; {resource} +{nums.cascade_raw}")
    for fac in d.facilities.values():
        if resource in fac.inputs or resource in fac.choice:
            for out in fac.outputs:
                g = d.goods[out]
                if g.kind == "tracked":
                    raise_price_floor(state, out, g.minimum + nums.cascade_floor)
    return True
