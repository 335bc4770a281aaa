"""The Trust: a scripted rival company (automa) and the solo game.

Each Trust turn, after all players pass (the ``after_actions`` hook), it
flips a card of its 12-card deck (data/trust.toml, reshuffled when empty):

1. on an explore card it explores the open edge nearest the Central City
   (any open hex next to a placed tile; ties by hex order), placing the
   highest-printed-value Surveyed row tile if the row has one (no payment,
   the surveyor gets nothing), else the top of the terrain stack;
2. on a camp icon it claims the best unclaimed site within 3 hexes of its
   network (Central City + the hexes it explored + its camps): a Trust camp,
   dead to players (:func:`blocks_site`);
3. on rounds 4 and 8 it seizes one Central City Tier 3 slot, which becomes
   unbuildable (:func:`seized_slots`).

Trust score (:func:`trust_score`): 3 per camp + 5 per seized slot + the
printed round bonuses. Solo game: one player against the Trust, won by a
final score higher than the Trust's (:func:`verdict`).

"Printed value" of a tile (assumed, documented): the printed price of its
site's resource (0 without a site); "best site" is the same value, ties by
hex order.

The Trust's explore, like a player's (interpretation, assumed): it places
one tile (a Surveyed tile, else the top of the stack: it keeps what it
draws, so nothing goes to the Surveyed row), draws one community bag token
for it (a Trading Post or Tribal Capital places its medallion there), and
collects nothing (the Trust has no goods or ¤). The rulebook's "the stack
may still be explored to its end" holds for the Trust too: it draws below
the Frontier Closes marker, and when its draw reveals the marker Stage 1
begins exactly as when a player draws it; no seat triggered it, so the
fourth tie-breaker ("the player who triggered Stage 1") favours nobody.

Source: rulebook, "Optional Modules", The Trust; the Trust turn summary.
"""

from __future__ import annotations

from hexkit.hexes import Hex
from hexkit.game import PlayerId
from hexkit_soot.grid import code_hex, hex_code
from hexkit_soot.ledger import data
from hexkit_soot.module_data import TrustData, module_digest
from hexkit_soot.rules.modules import register_module
from hexkit_soot.rules.camps import camp_kinds_at
from hexkit_soot.rules.explore import meet_community, tile_stack
from hexkit_soot.rules.scoring import score_sheet, score_totals
from hexkit_soot.rules.settlements import slots_of
from hexkit_soot.state import CENTRAL_CITY, SootState, touch_map

__all__ = ["TRUST", "Trust", "trust_lines", "trust_data", "trust_score", "seized_slots", "blocks_site", "verdict",
           "trust_closed", "trust_wins", "trust_threat"]

RULES_VERSION = 2
"""The Trust's rules version (with the data digest, in ``SootConfig.module_versions``)."""


def trust_data(state: SootState) -> TrustData:
    """The Trust's data of ``state``'s game: ``trust.toml`` of its data folder, with its overrides.

    Read with the base data (:mod:`hexkit_soot.module_data`), so ``data_dir``
    and ``--set trust.scoring.camp_points=4`` reach it.

    Args:
        state: the game.
    """
    return data(state).trust


def _value(state: SootState, tile: int) -> int:
    """Printed value of a tile: its site's printed price (0 without a site)."""
    site = data(state).tile_list()[tile][1]
    good = data(state).goods.get(site) if site else None
    return int(good.price) if good is not None and good.price else 0


def seized_slots(state: SootState) -> int:
    """Central City Tier 3 slots the Trust has seized (0 without the module)."""
    return state.module_state.get("trust.seized", [0])[0]


def blocks_site(state: SootState, at: Hex) -> bool:
    """Whether ``at`` holds a Trust camp (a site dead to players)."""
    return at in state.trust_camps


def trust_score(state: SootState) -> int:
    """The Trust's score: 3 per camp + 5 per seized slot + round bonuses.

    Args:
        state: the game.
    """
    sc = trust_data(state).scoring
    bonus = sum(state.module_state.get("trust.points", []))
    return sc.camp_points * len(state.trust_camps) + sc.slot_points * seized_slots(state) + bonus


def trust_wins(state: SootState) -> bool:
    """Whether the Trust won a solo game: the player did not beat its score.

    Source: rulebook, The Trust ("solo: beat the Trust's score").

    Args:
        state: a finished game.
    """
    if "trust" not in getattr(state.config, "modules", ()) or state.config.players != 1:
        return False
    return trust_score(state) >= max(score_sheet(state).totals)


def verdict(state: SootState) -> str:
    """The solo (or Trust) verdict line: '' without the module.

    Args:
        state: the game.
    """
    if "trust" not in getattr(state.config, "modules", ()):
        return ""
    sheet = score_sheet(state)
    trust = trust_score(state)
    best = max(sheet.totals)
    if state.config.players == 1:
        who = "P0 beats the Trust" if best > trust else "the Trust wins"
        return f"solo: P0 {best} vs the Trust {trust}: {who}"
    return f"the Trust scored {trust}" + (" and beat every player" if trust >= best else "")


RIVAL_WEIGHT = 0.2
"""Evaluation weight of a rival's point (the strong agent's weight of the best rival seat)."""
LEAD_WEIGHT = 0.5
"""Further weight of each point by which the Trust leads a solo player (who must pass it to win)."""


def trust_threat(state: SootState, player: PlayerId, own: int) -> float:
    """The agents' term for the Trust, from its score against ``player``'s total.

    Solo, the Trust is the only rival and the game is won only by beating it:
    each Trust point counts against the player at the rival weight (0.2), and
    each point by which it leads the player at a further 0.5, so the more the
    Trust leads, the more a point of the player's own or one denied to the
    Trust is worth; once the player leads, only the rival weight is left. With
    seats in the game the Trust cannot win (the best seat does) and its score
    threatens nobody: 0 (what it takes, dead sites and seized slots, is in the
    position itself).

    Args:
        state: the game (module ``trust``).
        player: the seat evaluated.
        own: ``player``'s current total.

    Returns:
        0 or negative. Example: solo, Trust 20 against 14: -0.2*20 - 0.5*6 = -7.0;
        against 25: -4.0.
    """
    if state.config.players != 1:
        return 0.0
    trust = trust_score(state)
    return -RIVAL_WEIGHT * trust - LEAD_WEIGHT * max(0, trust - own)


def trust_lines(state: SootState) -> list[str]:
    """The Trust's lines on the text board: camps, seized slots, score.

    Args:
        state: the game.
    """
    camps = ", ".join(f"{kind} {h}" for h, kind in sorted(state.trust_camps.items())) or "none"
    return [f"the Trust: score {trust_score(state)}, {seized_slots(state)} seized Central City Tier 3 slot(s), "
            f"{len(state.trust_camps)} camp(s) (X on the map): {camps}"]


def _network(state: SootState) -> list[Hex]:
    return [CENTRAL_CITY, *(code_hex(c) for c in state.module_state.get("trust.network", [])), *state.trust_camps]


def _explore(state: SootState) -> None:
    """The Trust explores the open edge nearest the Central City, as a player would.

    Source: rulebook, The Trust step (1); "Explore"; "Game End" Stage 1. See
    the module docstring for the interpretation (one tile, no collection, a
    community token, the marker).
    """
    edges = sorted({n for h in state.tiles for n in h.neighbors() if n not in state.tiles},
                   key=lambda n: (n.distance(CENTRAL_CITY), tuple(n)))
    if not edges:
        return
    at = edges[0]
    if state.survey:
        i = max(range(len(state.survey)), key=lambda k: (_value(state, state.survey[k]), -k))
        tile = state.survey.pop(i)
        state.surveyors.pop(i)
        how = "took a Surveyed tile"
    else:
        top = tile_stack(state).draw()  # "the stack may still be explored to its end", below the marker too
        if top is None:
            state.note(None, "the Trust finds the tile stack and the Surveyed row empty: no explore")
            return
        tile = top
        how = "drew a tile" + (" (below the Frontier Closes marker)" if state.frontier_closed else "")
    state.tiles[at] = tile
    if data(state).tile_list()[tile][2]:
        state.water[at] = True
    touch_map(state)
    state.module_state.setdefault("trust.network", []).append(hex_code(at))
    terrain, site, _ = data(state).tile_list()[tile]
    state.note(None, f"the Trust {how} and explored {terrain}{' (' + site + ')' if site else ''} at {at}")
    meet_community(state, None, at)  # one bag token per Explore, as for a player
    if how.startswith("drew") and not state.frontier_closed and len(state.tile_stack) <= state.below_marker:
        state.frontier_closed = True  # Stage 1; no seat triggered it (tie-breaker 4 goes to nobody)
        state.triggered_by = -1
        state.module_state["trust.marker"] = [state.round]
        state.note(None, "the Trust revealed the Frontier Closes marker: the endgame is armed")


def trust_closed(state: SootState) -> bool:
    """Whether the Trust drew the Frontier Closes marker (Stage 1 began by its explore).

    Args:
        state: the game.
    """
    return "trust.marker" in state.module_state


def _site_kinds(state: SootState, at: Hex) -> list[str]:
    """Site-camp types a player could found on ``at``: the Trust claims printed
    sites only (a Farm or Lumber Camp on bare terrain is no "site")."""
    site_camps = {name for name, site_camp in data(state).camps_on_tile(state.tiles[at]) if site_camp}
    return [kind for kind in camp_kinds_at(state, at) if kind in site_camps]


def _camp(state: SootState) -> None:
    reach = trust_data(state).scoring.camp_reach
    net = _network(state)
    sites = [h for h in sorted(state.tiles, key=tuple)
             if any(h.distance(n) <= reach for n in net) and _site_kinds(state, h)]
    if not sites:
        return
    best = max(sites, key=lambda h: (_value(state, state.tiles[h]), [-c for c in h]))
    kind = _site_kinds(state, best)[0]
    state.trust_camps[best] = kind
    touch_map(state)
    state.note(None, f"the Trust claimed {kind} at {best} (a Trust camp: dead to players)")


class Trust:
    """The Trust module (hooks called by the round; see :mod:`hexkit_soot.rules.modules`)."""

    name = "trust"
    state_keys = ("trust.deck", "trust.seized", "trust.points", "trust.network", "trust.marker")
    rules_version = RULES_VERSION
    data_file = "trust.toml"
    version = f"{RULES_VERSION}+{module_digest(None, 'trust.toml')}"

    def on_setup(self, state: SootState) -> None:
        """Shuffle the 12-card deck (the game's random stream) and clear the Trust."""
        deck = list(range(len(trust_data(state).cards)))
        state.rng.shuffle(deck)
        state.module_state |= {"trust.deck": deck, "trust.seized": [0], "trust.points": [], "trust.network": []}
        state.trust_camps = {}
        touch_map(state)
        state.note(None, f"the Trust joins the game ({len(deck)}-card deck shuffled)")

    def after_actions(self, state: SootState) -> None:
        """The Trust's turn: flip a card, explore, camp, seize, round bonus."""
        data = trust_data(state)
        deck = state.module_state.setdefault("trust.deck", [])
        if not deck:
            deck.extend(range(len(data.cards)))
            state.rng.shuffle(deck)
        card = deck.pop()
        explore, camp = data.cards[card].explore, data.cards[card].camp
        state.note(None, f"the Trust flips card {card + 1}: {'explore' if explore else 'no explore'}"
                         f"{', camp' if camp else ''}")
        if explore:
            _explore(state)
        if camp:
            _camp(state)
        if state.round in data.scoring.seize_rounds:
            self._seize(state)
        bonus = data.bonus(state.round)
        if bonus:
            state.module_state.setdefault("trust.points", []).append(bonus)
            state.note(None, f"the Trust scores its round-{state.round} bonus: {bonus}")

    def _seize(self, state: SootState) -> None:
        used = sum(1 for f in state.settlements[CENTRAL_CITY].facilities if f.name != "Warehouse")
        free = slots_of(state, CENTRAL_CITY) - used
        if free <= 0:
            state.note(None, "the Trust finds no free Central City Tier 3 slot to seize")
            return
        state.module_state["trust.seized"] = [seized_slots(state) + 1]
        state.note(None, "the Trust seized a Central City Tier 3 slot (unbuildable)")

    def on_round_end(self, state: SootState) -> None:
        """Nothing at the round's end."""

    def score(self, state: SootState, player: PlayerId) -> dict[str, int]:
        """No score parts for players (the Trust's own score is :func:`trust_score`)."""
        return {}

    def value(self, state: SootState, player: PlayerId) -> float:
        """Evaluation hook: the Trust's threat to ``player`` (:func:`trust_threat`)."""
        return trust_threat(state, player, score_totals(state)[player])


TRUST = Trust()


def register() -> None:
    """Register the Trust (explicit; called from the game's registration)."""
    register_module(TRUST)
