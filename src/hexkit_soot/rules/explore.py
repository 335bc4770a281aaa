"""Explore: draw terrain, place a tile, meet communities, collect.

Cost 1 action; your Explorer must be next to an open map edge. Draw 2
tiles (Prospector 3) and place one next to the Explorer, or take a tile
from the Surveyed Territory row (1¤ to its surveyor; your own are free).
Unchosen tiles go face up to the row (at most 3; the excess goes to the
bottom of the stack). The Explorer steps onto the new tile (no trail).
Draw one community bag token. Collect the terrain grant, 1 of the site's
resource, 1 Fish on a water tile, and 1¤ per already-explored neighbour
beyond the first; Thaw doubles the collection, the Prospector doubles it
again. If the Frontier Closes marker surfaces, Stage 1 begins.

Interpretation (assumed): the collected goods go to the explorer's
warehouse network (the rulebook does not say where they appear).

Source: rulebook, "Explore" and "The Map"; Components, "Water overlays".
"""

from __future__ import annotations

from hexkit.game import PlayerId
from hexkit.hexes import Hex
from hexkit_soot.actions import Choose, Step
from hexkit_soot.effects import Hook, modify
from hexkit_soot.grid import code_hex, hex_code, season_of
from hexkit_soot.ledger import D, gain_currency, gain_goods, transfer_currency
from hexkit_soot.rules.steps import ask, handles, main_action, opt
from hexkit_soot.state import Community, SootState

__all__ = ["open_edges", "tile_info", "tile_label", "collect", "check_marker", "meet_community"]


def tile_info(state: SootState, tile: int) -> tuple[str, str, bool]:
    """``(terrain, site, river)`` of a tile id.

    Args:
        state: the game.
        tile: a tile id (negative: the Central City or the Outer District).
    """
    if tile < 0:
        return ("Central City" if tile == -1 else "Outer District", "", False)
    return D(state).tile_list()[tile]


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
                return bool(state.tile_stack) or _survey_options(state, player) != []
    return False


def _survey_options(state: SootState, player: PlayerId) -> list[Choose]:
    out = []
    fee = D(state).numbers.survey_fee
    cur = state.players[player].currency
    for i, (tile, who) in enumerate(zip(state.survey, state.surveyors)):
        if who == player or cur >= fee:
            out.append(opt("survey", i, f"take surveyed {tile_label(state, tile)} (P{who})"))
    return out


@main_action("Explore", _available)
def start(state: SootState, player: PlayerId) -> None:
    """Begin Explore: choose the Explorer if several can explore, then draw or take a survey."""
    explorers = _explorers(state, player)
    if len(explorers) > 1:
        options = [opt("explorer", i, f"Explorer at {state.players[player].explorers[i]}") for i in explorers]
        ask(state, player, "explore.explorer", options, "Explore: which Explorer?")
    else:
        _ask_source(state, player, explorers[0])


def _ask_source(state: SootState, player: PlayerId, explorer: int) -> None:
    options = []
    if state.tile_stack:
        options.append(opt("draw", 0, "draw tiles"))
    options.extend(_survey_options(state, player))
    ask(state, player, "explore.source", options, "Explore: draw or take a surveyed tile?", data=(explorer,))


@handles("explore.explorer")
def on_explorer(state: SootState, step: Step, answer: Choose) -> None:
    """Remember the Explorer, ask for the source."""
    _ask_source(state, step.player, answer.arg)


@handles("explore.source")
def on_source(state: SootState, step: Step, answer: Choose) -> None:
    """Draw tiles, or take a surveyed tile."""
    player = step.player
    explorer = step.data[0]
    if answer.code == "draw":
        n = modify(state, player, Hook.EXPLORE_DRAW, _draw_count(state, player))
        drawn = [state.tile_stack.pop() for _ in range(min(n, len(state.tile_stack)))]
        state.drawn = drawn
        state.note(player, f"drew {', '.join(tile_label(state, t) for t in drawn)}")
        check_marker(state, player)
        options = [opt("tile", i, f"keep {tile_label(state, t)}") for i, t in enumerate(drawn)]
        ask(state, player, "explore.tile", options, "Explore: which tile to place?", data=(explorer,))
    else:
        i = answer.arg
        tile, who = state.survey.pop(i), state.surveyors.pop(i)
        if who != player:
            transfer_currency(state, player, who, D(state).numbers.survey_fee, "surveyed tile")
        state.drawn = [tile]
        _ask_hex(state, player, explorer, 0)


def _draw_count(state: SootState, player: PlayerId) -> int:
    return D(state).numbers.explore_draw


def _ask_hex(state: SootState, player: PlayerId, explorer: int, tile_index: int) -> None:
    at = state.players[player].explorers[explorer]
    options = [opt("hex", hex_code(h), f"place at {h}") for h in open_edges(state, at)]
    ask(state, player, "explore.hex", options, "Explore: where to place it?", data=(explorer, tile_index))


@handles("explore.tile")
def on_tile(state: SootState, step: Step, answer: Choose) -> None:
    """Keep one drawn tile; survey the rest."""
    _ask_hex(state, step.player, step.data[0], answer.arg)


@handles("explore.hex")
def on_hex(state: SootState, step: Step, answer: Choose) -> None:
    """Place the tile, move the Explorer, draw a community token, collect."""
    player = step.player
    explorer, tile_index = step.data
    nums = D(state).numbers
    drawn = state.drawn
    tile = drawn.pop(tile_index)
    for other in drawn:
        state.survey.append(other)
        state.surveyors.append(player)
    while len(state.survey) > nums.survey_row:
        state.tile_stack.insert(0, state.survey.pop(0))
        state.surveyors.pop(0)
        state.below_marker += 1
    state.drawn = []
    at = code_hex(answer.arg)
    state.tiles[at] = tile
    terrain, site, river = tile_info(state, tile)
    if river:
        state.water[at] = True
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


def _community(state: SootState, player: PlayerId | None, at: Hex) -> None:
    bag = state.bag
    total = sum(bag.values())
    if total <= 0:
        return
    k = state.rng.randbelow(total)
    for kind in sorted(bag):
        if k < bag[kind]:
            break
        k -= bag[kind]
    bag[kind] -= 1
    if not bag[kind]:
        del bag[kind]
    if kind:
        state.communities[at] = Community(kind=kind, favor=[0] * state.config.players)
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
    grant = D(state).terrains[terrain].grant
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
