"""Explore: draw terrain, place a tile, meet communities, collect.

Cost 1 action; your Explorer must be next to an open map edge. Draw 2
tiles (Prospector 3) and place one next to the Explorer, or take a tile
from the Surveyed Territory row (1¤ to its surveyor; your own are free).
Unchosen tiles go face up to the row (at most 3; the excess goes to the
bottom of the stack). The Explorer steps onto the new tile (no trail).
Draw one community bag token. Collect the terrain grant, 1 of the site's
resource, 1 Fish on a water tile, and 1¤ per already-explored neighbour
beyond the first; Thaw doubles the collection, the Prospector doubles it
again. If the Frontier Closes marker surfaces, Stage 1 begins. The terrain
stack is a core :class:`~hexkit.components.Deck` (:func:`tile_stack`).

Interpretation (assumed): the collected goods go to the explorer's
warehouse network (the rulebook does not say where they appear).

Source: rulebook, "Explore" and "The Map"; Components, "Water overlays".
"""

from __future__ import annotations

from collections.abc import Sequence

from hexkit.components import Bag, Deck, EmptyPolicy
from hexkit.flow import Handler
from hexkit.game import PlayerId
from hexkit.hexes import Hex
from hexkit_soot.actions import ChooseExplorer, Choose, ExploreSource, KeepTile, PlaceTile
from hexkit_soot.effects import Hook, modify
from hexkit_soot.grid import code_hex, hex_code, season_of
from hexkit_soot.ledger import data, gain_currency, gain_goods, transfer_currency
from hexkit_soot.rules.steps import main_action, opt
from hexkit_soot.state import Community, SootState, touch_map

__all__ = ["open_edges", "tile_info", "tile_label", "collect", "check_marker", "meet_community", "community_bag",
           "tile_stack", "ExplorerHandler", "SourceHandler", "KeepHandler", "PlaceHandler"]


def tile_info(state: SootState, tile: int) -> tuple[str, str, bool]:
    """``(terrain, site, river)`` of a tile id.

    Args:
        state: the game.
        tile: a tile id (negative: the Central City or the Outer District).
    """
    if tile < 0:
        return ("Central City" if tile == -1 else "Outer District", "", False)
    return data(state).tile_list()[tile]


def tile_label(state: SootState, tile: int) -> str:
    """A tile's readable name (``"Hill (Coal site, river)"``).

    Args:
        state: the game.
        tile: a tile id.
    """
    terrain, site, river = tile_info(state, tile)
    extra = [f"{site} site"] if site else []
    if river:
        extra.append("river")
    return terrain + (f" ({', '.join(extra)})" if extra else "")


def open_edges(state: SootState, at: Hex) -> list[Hex]:
    """Unexplored neighbours of ``at`` (where a new tile may go).

    Args:
        state: the game.
        at: the hex.
    """
    return [n for n in at.neighbors() if n not in state.tiles]


def _explorers(state: SootState, player: PlayerId) -> list[int]:
    return [i for i, h in enumerate(state.players[player].explorers) if open_edges(state, h)]


def _available(state: SootState, player: PlayerId) -> bool:
    tiles = state.tiles
    for h in state.players[player].explorers:
        for n in h.neighbors():
            if n not in tiles:  # an Explorer with an open edge (see _explorers), found without listing them
                return bool(state.tile_stack) or _survey_slots(state, player) != []
    return False


def _survey_slots(state: SootState, player: PlayerId) -> list[int]:
    """The Surveyed Territory slots ``player`` may take: their own tiles, or another's if they can pay the fee."""
    fee = data(state).numbers.survey_fee
    cur = state.players[player].currency
    return [i for i, who in enumerate(state.surveyors) if who == player or cur >= fee]


def _survey_option(state: SootState, i: int) -> Choose:
    return opt("survey", i, f"take surveyed {tile_label(state, state.survey[i])} (P{state.surveyors[i]})")


@main_action("Explore", _available)
def start(state: SootState, player: PlayerId) -> None:
    """Begin Explore: choose the Explorer if several can explore, then draw or take a survey."""
    explorers = _explorers(state, player)
    if len(explorers) > 1:
        state.pending.append(ChooseExplorer(player=player, prompt="Explore: which Explorer?",
                                            explorers=tuple(explorers)))
    else:
        _ask_source(state, player, explorers[0])


def _ask_source(state: SootState, player: PlayerId, explorer: int) -> None:
    state.pending.append(ExploreSource(player=player, prompt="Explore: draw or take a surveyed tile?",
                                       explorer=explorer, draw=bool(state.tile_stack),
                                       surveys=tuple(_survey_slots(state, player))))


def _draw_count(state: SootState, player: PlayerId) -> int:
    return data(state).numbers.explore_draw


def _ask_hex(state: SootState, player: PlayerId, explorer: int, tile: int) -> None:
    state.pending.append(PlaceTile(player=player, prompt="Explore: where to place it?", explorer=explorer, tile=tile))


class ExplorerHandler(Handler[SootState, ChooseExplorer, Choose]):
    """The :class:`~hexkit_soot.actions.ChooseExplorer` question: which Explorer explores.

    Source: rulebook, "Explore".
    """

    def answers(self, state: SootState, question: ChooseExplorer) -> Sequence[Choose]:
        """``Choose("explorer", i)`` for each Explorer of the question, labelled with its hex."""
        at = state.players[question.player].explorers
        return tuple(opt("explorer", i, f"Explorer at {at[i]}") for i in question.explorers)

    def resolve(self, state: SootState, question: ChooseExplorer, answer: Choose) -> None:
        """Remember the Explorer, ask for the source."""
        _ask_source(state, question.player, answer.arg)


class SourceHandler(Handler[SootState, ExploreSource, Choose]):
    """The :class:`~hexkit_soot.actions.ExploreSource` question: draw tiles, or take a surveyed one.

    Source: rulebook, "Explore" steps 1-2; the surveyor's fee.
    """

    def answers(self, state: SootState, question: ExploreSource) -> Sequence[Choose]:
        """``Choose("draw", 0)`` if the stack holds tiles, then ``Choose("survey", i)`` per takeable slot."""
        out = [opt("draw", 0, "draw tiles")] if question.draw else []
        out.extend(_survey_option(state, i) for i in question.surveys)
        return tuple(out)

    def resolve(self, state: SootState, question: ExploreSource, answer: Choose) -> None:
        """Draw tiles (then ask which to keep), or take a surveyed tile, paying its surveyor (then ask where)."""
        player, explorer = question.player, question.explorer
        if answer.code == "draw":
            n = modify(state, player, Hook.EXPLORE_DRAW, _draw_count(state, player))
            drawn = tile_stack(state).draw_many(max(n, 0))  # top first; fewer near the stack's end
            state.drawn = drawn
            state.note(player, f"drew {', '.join(tile_label(state, t) for t in drawn)}")
            check_marker(state, player)
            state.pending.append(KeepTile(player=player, prompt="Explore: which tile to place?", explorer=explorer))
        else:
            i = answer.arg
            tile, who = state.survey.pop(i), state.surveyors.pop(i)
            if who != player:
                transfer_currency(state, player, who, data(state).numbers.survey_fee, "surveyed tile")
            state.drawn = [tile]
            _ask_hex(state, player, explorer, 0)


class KeepHandler(Handler[SootState, KeepTile, Choose]):
    """The :class:`~hexkit_soot.actions.KeepTile` question: which drawn tile to place.

    Source: rulebook, "Explore" steps 2-3.
    """

    def answers(self, state: SootState, question: KeepTile) -> Sequence[Choose]:
        """``Choose("tile", i)`` for each drawn tile."""
        return tuple(opt("tile", i, f"keep {tile_label(state, t)}") for i, t in enumerate(state.drawn))

    def resolve(self, state: SootState, question: KeepTile, answer: Choose) -> None:
        """Keep that tile (the others are surveyed once it is placed); ask where."""
        _ask_hex(state, question.player, question.explorer, answer.arg)


class PlaceHandler(Handler[SootState, PlaceTile, Choose]):
    """The :class:`~hexkit_soot.actions.PlaceTile` question: where the kept tile goes.

    Source: rulebook, "Explore" steps 3-5.
    """

    def answers(self, state: SootState, question: PlaceTile) -> Sequence[Choose]:
        """``Choose("hex", hex_code(h))`` for each unexplored neighbour ``h`` of the Explorer."""
        at = state.players[question.player].explorers[question.explorer]
        return tuple(opt("hex", hex_code(h), f"place at {h}") for h in open_edges(state, at))

    def resolve(self, state: SootState, question: PlaceTile, answer: Choose) -> None:
        """Place the tile, survey the others, move the Explorer, draw a community token, collect."""
        _place(state, question.player, question.explorer, question.tile, code_hex(answer.arg))


def _place(state: SootState, player: PlayerId, explorer: int, tile_index: int, at: Hex) -> None:
    nums = data(state).numbers
    drawn = state.drawn
    tile = drawn.pop(tile_index)
    for other in drawn:
        state.survey.append(other)
        state.surveyors.append(player)
    while len(state.survey) > nums.survey_row:
        tile_stack(state).put_bottom(state.survey.pop(0))
        state.surveyors.pop(0)
        state.below_marker += 1
    state.drawn = []
    state.tiles[at] = tile
    terrain, site, river = tile_info(state, tile)
    if river:
        state.water[at] = True
    touch_map(state)
    state.players[player].explorers[explorer] = at
    state.note(player, f"explored {tile_label(state, tile)} at {at}")
    _community(state, player, at)
    collect(state, player, at)


def meet_community(state: SootState, player: PlayerId | None, at: Hex) -> None:
    """Draw one community bag token for the tile just explored at ``at``; a Trading Post or
    Tribal Capital places its medallion there (a blank places nothing).

    Args:
        state: the game.
        player: who explored (``None``: the Trust, module ``trust``).
        at: the new tile's hex.

    Source: rulebook, "Explore" (one bag token per Explore); Components, community tiles.
    """
    _community(state, player, at)


def tile_stack(state: SootState) -> Deck[int]:
    """The terrain stack as a core :class:`~hexkit.components.Deck` over ``SootState.tile_stack``.

    Tile ids (into ``SootData.tile_list()``), bottom first, top last, in
    hidden order. Explore draws from the top (2, the Prospector 3; the
    Trust 1) and puts the Surveyed row's excess at the bottom; nothing is
    discarded or reshuffled (policy ``STOP``: a draw near the end draws what
    is left, and the stack may be explored to its end, below the Frontier
    Closes marker too). Changing the deck changes the state; the saved
    state keeps its list (the clone copies it as before).

    Args:
        state: the game.

    Source: rulebook, "Explore" steps 1 and 4; "The Map" (the terrain stack).
    """
    return Deck(state.tile_stack, [], EmptyPolicy.STOP)


def community_bag(state: SootState) -> Bag[str]:
    """The community bag: a core :class:`~hexkit.components.Bag` over ``state.bag`` (counts by
    community kind, ``""`` for a blank token), writing through it.

    Source: rulebook, Components (community tokens, drawn blind).
    """
    return Bag.over(state.bag)


def _community(state: SootState, player: PlayerId | None, at: Hex) -> None:
    kind = community_bag(state).draw(state.rng)  # a blank token is "" (None: the bag is empty)
    if kind:
        state.communities[at] = Community(kind=kind, favor=[0] * state.config.players)
        touch_map(state)
        state.note(player, f"met a {kind} at {at}")


def collect(state: SootState, player: PlayerId, at: Hex) -> None:
    """The Explore collection on the new tile ``at``.

    Terrain grant + 1 of the site's resource + 1 Fish on water + 1¤ per
    explored neighbour beyond the first. Thaw doubles everything collected;
    the Prospector's passive doubles the grants, the goods (the water
    overlay "grants 1 Fish on exploration"), not the neighbours' ¤; the goods go to the warehouse network,
    and what it has no room for is lost (I40).

    Args:
        state: the game.
        player: the seat concerned.
        at: the hex.

    Source: rulebook, "Explore" step 5; "Prospector" passive ("exploration
    grants are always doubled"); Components, water overlay.
    """
    terrain, site, river = tile_info(state, state.tiles[at])
    thaw = 2 if season_of(state.round) == "Thaw" else 1
    mult = modify(state, player, Hook.EXPLORE_MULTIPLIER, thaw)  # the grants: goods
    grant = data(state).terrains[terrain].grant
    gain_goods(state, player, grant, mult, why="terrain grant")
    if site:
        gain_goods(state, player, site, mult, why="site")
    if state.water.get(at):
        gain_goods(state, player, "Fish", mult, why="river")
    neighbours = sum(1 for n in at.neighbors() if n in state.tiles)
    if neighbours > 1:
        gain_currency(state, player, (neighbours - 1) * thaw, "explored neighbours")


def check_marker(state: SootState, player: PlayerId) -> None:
    """Reveal the Frontier Closes marker once the tiles above it are drawn.

    Args:
        state: the game.
        player: who drew the last tile (the Stage 1 trigger).

    Source: rulebook, "Explore" step 6; "Game End" Stage 1.
    """
    if not state.frontier_closed and len(state.tile_stack) <= state.below_marker:
        state.frontier_closed = True
        state.triggered_by = player
        state.note(player, "revealed the Frontier Closes marker: the endgame is armed")
