"""Consistency checks of a loaded state: seats, names, places, bounds, token counts and pending questions.

:meth:`SootGame.validate_state` refuses a saved state whose numbers break
the rules' bounds; these checks refuse one whose references cannot be right
(a seat that does not exist, a good, card, tile or facility the data does
not know, an index out of range, a question no rule answers or asked of
the wrong seat, tokens invented or lost), which would otherwise load and
fail many moves later with a bare ``IndexError`` or ``KeyError``. Every
problem is collected in a :class:`~hexkit.validation.Problems` list and
each names its field, as ``state.order.3``.

The checks run in two stages: first every field on its own (names, ranges,
seats, places); then, only if those are sound, the checks that combine
fields and look things up by them (token totals, the pending questions'
answers), which could not run on unknown names.

Source: rulebook, "Components" (finite token supply, the card deck, the
terrain tiles, the price tracks) and the seat-based rules throughout.
"""

from __future__ import annotations

from collections import Counter

from collections.abc import Iterable
from typing import Any, cast

from hexkit.errors import IllegalActionError, UnanswerableQuestionError
from hexkit.game import Game
from hexkit.validation import Problems
from hexkit_soot.actions import (TYPED_QUESTIONS, ChoosePayment, EffectQuestion, PayUpkeepFood, AnswerOffer,
                                 BonusDiscard, BuildOffer, BuildSegment, CaravanStop,
                                 DrawCards, HandLimitDiscard, KeepDrawn, LegacyBid,
                                 ChooseEventOption, ChooseExplorer, ChooseGood, ChooseMarket, DiscardSecret,
                                 DraftArchetype, DriveLeg, ExploreSource, ExtractMode, FireFacility, FrontierTax,
                                 IssueShares,
                                 KeepTile, MarketQuantity, MoveAgent, MoveWalk, OfferTarget, PlaceTile, RanchOutput,
                                 ReserveSlot, ScrubSoot, SootQuestion, SpecialiseSettlement, Step)
from hexkit_soot.data import SootData
from hexkit_soot.grid import code_hex, hex_code
from hexkit_soot.ledger import data
from hexkit_soot.rules.shares import certificates_allowed, line_edges, record_of
from hexkit_soot.rules.movement import BUDGET
from hexkit_soot.rules.payment import Paying, Rerun, asked_again
from hexkit_soot.effects import REGISTRY as EFFECTS, Hook, modify
from hexkit_soot.rules.network import network_capacity, network_load
from hexkit_soot.rules.player_counts import actions_per_round, contract_copies, shared_copies
from hexkit_soot.rules.routes import candidate_edges
from hexkit_soot.rules.steps import GENERATORS, HANDLERS
from hexkit_soot.state import CENTRAL_CITY as CENTRAL_HEX, CENTRAL_TILE, NO_OWNERS, NO_ROUTES, OUTER_HEX, OUTER_TILE
from hexkit_soot.state import POINT_SOURCES, RAIL, ROAD, Goods, SootState
from hexkit_soot.views import HIDDEN, HIDDEN_BID

__all__ = [
    "check_references", "check_players", "check_bounds", "check_fields", "check_network", "check_combined",
    "PHASES", "ROUTE_KINDS", "STEP_DATA", "STEP_ANSWERS",
]

PHASES = frozenset({"draft", "secrets", "market", "actions", "upkeep", "production", "end", "over"})
"""Every value ``SootState.phase`` takes."""

ROUTE_KINDS = 4
"""Route kinds per segment: 0 none, 1 trail, 2 road, 3 rail."""

CENTRAL_CITY = "Central City"
"""The kind of the settlement that starts on the map (not a settlement type one founds)."""

SPECIAL_TILES = (-1, -2)
"""Tile ids of the Central City and the Outer District (on the map, never in a stack)."""


def check_references(
    state: SootState, problems: Problems | None = None, game: Game[SootState, Any] | None = None
) -> None:
    """Refuse a state whose seats, names, places, bounds or token counts are impossible.

    Args:
        state: a loaded state (a full state or a player's view).
        problems: where to add the problems; if ``None``, a new list is
            made and raised at the end.
        game: the game, to try the answers of the question on top on copies
            (``None``: not tried).

    Raises:
        StateValidationError: (when ``problems`` is ``None``) naming every
            field that is wrong.
    """
    own = problems is None
    found = Problems() if problems is None else problems
    check_fields(state, found)
    if not found.errors:
        check_combined(state, found, game)
    if own:
        found.raise_if_any()


def check_fields(state: SootState, problems: Problems) -> None:
    """Stage one: every field on its own (see the module docstring)."""
    problems.errors += check_bounds(state).errors
    _check_seats(state, problems)
    _check_names(state, problems)
    _check_places(state, problems)
    _check_map(state, problems)
    _check_market(state, problems)
    _check_steps(state, problems)


def check_combined(state: SootState, problems: Problems, game: Game[SootState, Any] | None = None) -> None:
    """Stage two: token totals, agents and actions left, and the pending questions, on a state whose
    fields are sound.

    ``game``, when given, tries the answers of the question on top on copies.
    """
    _check_tokens(state, problems)
    _check_agents(state, problems)
    _check_actions(state, problems)  # reads the passives in play, so only once their names are known
    _check_pending(state, problems, game)


def check_players(state: SootState, problems: Problems) -> None:
    """Each player's purse and tracks: currency not negative; Soot within the
    track; loans within the limit; no more camps owned than founded; a hidden
    ingredient count only in another player's view; and each placed blind
    bid a bid (only another player's view hides one).

    Source: rulebook, "Soot" (the track), "Loans", "Legacy cards" (blind bids).
    """
    numbers = data(state).numbers
    loan_max = max(numbers.loan_max, numbers.loan_max_2p)
    for seat, player in enumerate(state.players):
        where = f"state.players.{seat}"
        _not_negative(problems, f"{where}.currency", player.currency)
        if not 0 <= player.soot <= numbers.soot_max:
            problems.add(f"{where}.soot", f"{player.soot} is outside 0..{numbers.soot_max}")
        if not 0 <= player.loans <= loan_max:
            problems.add(f"{where}.loans", f"{player.loans} is outside 0..{loan_max}")
        if not numbers.prestige_min <= player.prestige <= numbers.prestige_max:
            problems.add(f"{where}.prestige", f"{player.prestige} is outside {numbers.prestige_min}..{numbers.prestige_max}")
        owned = sum(1 for camp in state.camps.values() if camp.owner == seat)
        if player.camps_founded < owned:
            problems.add(f"{where}.camps_founded", f"{player.camps_founded} camps founded but {owned} owned now")
        if player.screened and (player.screened < 0 or state.viewer in (None, seat)):
            problems.add(f"{where}.screened", f"{player.screened} hidden ingredients: only another player's"
                         f" view may hide some (viewer {state.viewer})")
    if not 0 <= state.round <= numbers.hard_cap:
        problems.add("state.round", f"{state.round} is outside 0..{numbers.hard_cap}")
    if not 0 <= state.last_round <= numbers.hard_cap:
        problems.add("state.last_round", f"{state.last_round} is outside 0..{numbers.hard_cap}")
    elif state.last_round and not state.frontier_closed:
        problems.add("state.last_round", f"round {state.last_round} is set as the last, but the Frontier has not"
                     " closed (the final rounds start when it does)")
    contracts = len(data(state).contracts) * contract_copies(len(state.players))
    for seat, player in enumerate(state.players):
        where = f"state.players.{seat}"
        if player.overtime > numbers.overtime_food or (player.overtime and "overtime" not in player.used):
            problems.add(f"{where}.overtime", f"{player.overtime} food owed for Overtime: {numbers.overtime_food}"
                         " once a round after working Overtime, else 0")
        if player.contracts_done > contracts:
            problems.add(f"{where}.contracts_done", f"{player.contracts_done} contracts fulfilled; the game has"
                         f" {contracts}")
    for seat, bid in enumerate(state.bids):
        if bid < HIDDEN_BID or (bid == HIDDEN_BID and state.viewer in (None, seat)):
            problems.add(f"state.bids.{seat}", f"{bid} is not a bid (only another player's view hides one)")


def check_network(state: SootState, problems: Problems) -> None:
    """Bulk goods in each player's network within its warehouse capacity (I40)."""
    for seat in range(len(state.players)):
        load, capacity = network_load(state, seat), network_capacity(state, seat)
        if load > capacity:
            problems.add(f"state.players.{seat}.stock",
                         f"{load} bulk goods exceed the warehouse network's capacity of {capacity}")


_COUNTS = ("actions", "restricted", "overtime", "founded", "camps_founded", "town_upgrades", "contracts_done")
"""Per-player counters that can never be negative."""


def check_bounds(state: SootState) -> Problems:
    """Every index into the data within range and every counter not negative, all collected.

    Indices: contracts (held, in the deck, waiting, in the row, where -1 is an
    empty slot), events (the pile and the one in force, -1 none), public and
    secret objectives and Market Flux cards; a
    player's view may show -1 for what it hides. Counters: actions left,
    restricted actions, overtime, foundings, upgrades, contracts done, the
    round cursor and the other per-state counts, and the ``played`` counters
    when the state has them (one non-negative count per seat for each
    mechanism).

    Args:
        state: a loaded state (a full state or a player's view).

    Returns:
        The problems found (empty when there are none).
    """
    problems = Problems()
    d = data(state)
    hidden = state.viewer is not None
    sizes = {
        "contract": len(d.contracts),
        "event": len(d.events),
        "public objective": len(d.public_objectives),
        "secret objective": len(d.secret_objectives),
        "flux card": len(d.flux),
    }

    def indices(field: str, values: list[int], what: str, empty_ok: bool = False) -> None:
        for i, v in enumerate(values):
            if not (0 <= v < sizes[what] or (v == -1 and (empty_ok or hidden))):
                problems.add(f"{field}.{i}", f"{v} is not {_a(what)} ({_range(sizes[what])})")

    indices("state.contract_deck", state.contract_deck, "contract")
    indices("state.contract_later", state.contract_later, "contract")
    indices("state.contract_row", state.contract_row, "contract", empty_ok=True)
    indices("state.events", state.events, "event")
    indices("state.public", state.public, "public objective")
    indices("state.secret_deck", state.secret_deck, "secret objective")
    indices("state.flux", state.flux, "flux card")
    indices("state.flux_discard", state.flux_discard, "flux card")
    if not -1 <= state.event_now < sizes["event"]:
        problems.add("state.event_now", f"{state.event_now} is not an event (-1 or 0..{sizes['event'] - 1})")
    for seat, p in enumerate(state.players):
        where = f"state.players.{seat}"
        indices(f"{where}.contracts", p.contracts, "contract")
        indices(f"{where}.secrets", p.secrets, "secret objective")
        indices(f"{where}.dealt", p.dealt, "secret objective")
        for name in _COUNTS:
            _not_negative(problems, f"{where}.{name}", getattr(p, name))
        for name, count in p.counters.items():
            _not_negative(problems, f"{where}.counters.{name}", count)
        for i, mark in enumerate(p.soot_marks):
            _not_negative(problems, f"{where}.soot_marks.{i}", mark)
    for name in ("cursor", "below_marker", "outer_district", "last_round"):
        _not_negative(problems, f"state.{name}", getattr(state, name))
    _check_played(state, problems)
    _check_points_by(state, problems)
    return problems


def _a(noun: str) -> str:
    """``noun`` with its article: "an explorer", "a builder"."""
    return f"{'an' if noun[:1].lower() in 'aeiou' else 'a'} {noun}"


def _range(size: int) -> str:
    """The indices of ``size`` things, "0..4", or "none" when there are none."""
    return f"0..{size - 1}" if size > 0 else "there are none"


def _not_negative(problems: Problems, field: str, value: int) -> None:
    if value < 0:
        problems.add(field, f"must not be negative, got {value}")


def _check_played(state: SootState, problems: Problems) -> None:
    """The ``played`` counters, if the state has them: name -> one count >= 0 per seat."""
    played = getattr(state, "played", None)
    if played is None:
        return
    n = state.config.players
    for name, counts in played.items():
        if len(counts) != n:
            problems.add(f"state.played.{name}", f"{len(counts)} counts for a {n}-player game")
        for seat, count in enumerate(counts):
            if count < 0:
                problems.add(f"state.played.{name}.{seat}", f"must not be negative, got {count}")


def _check_points_by(state: SootState, problems: Problems) -> None:
    """``points_by``: every source of :data:`POINT_SOURCES` once, one count a seat, summing to the track.

    Counts may be negative (points can be lost), but a seat's sources always
    add up to its public-track points, since every change goes through
    :func:`hexkit_soot.ledger.gain_points`.
    """
    n = state.config.players
    names = set(state.points_by)
    for name in sorted(names - set(POINT_SOURCES)):
        problems.add(f"state.points_by.{name}", f"is not a point source (one of {', '.join(POINT_SOURCES)})")
    for name in POINT_SOURCES:
        if name not in names:
            problems.add(f"state.points_by.{name}", "is missing")
    if any(len(counts) != n for counts in state.points_by.values()):
        for name, counts in state.points_by.items():
            if len(counts) != n:
                problems.add(f"state.points_by.{name}", f"{len(counts)} counts for a {n}-player game")
        return
    for seat, p in enumerate(state.players):
        total = sum(counts[seat] for counts in state.points_by.values())
        if total != p.points:
            problems.add(f"state.points_by (seat {seat})",
                         f"sources add up to {total}, but the public track shows {p.points}")


# -- seats -----------------------------------------------------------------------------------------


def _seat(problems: Problems, field: str, seat: int, players: int, none_ok: bool = False) -> None:
    if not (0 <= seat < players or (none_ok and seat == -1)):
        allowed = f"-1 or 0..{players - 1}" if none_ok else f"0..{players - 1}"
        problems.add(field, f"seat {seat} is not one of {allowed}")


def _unique_seats(problems: Problems, field: str, seats: list[int], players: int) -> None:
    for i, seat in enumerate(seats):
        _seat(problems, f"{field}.{i}", seat, players)
    if len(set(seats)) != len(seats):
        problems.add(field, f"a seat appears twice in {seats}")


def _check_seats(state: SootState, problems: Problems) -> None:
    n = state.config.players
    _unique_seats(problems, "state.order", state.order, n)
    if state.order and len(state.order) != n:
        problems.add("state.order", f"{len(state.order)} seats for a {n}-player game")
    _unique_seats(problems, "state.passed", state.passed, n)
    for name in ("turn", "event_token", "triggered_by"):
        _seat(problems, f"state.{name}", getattr(state, name), n, none_ok=True)
    if state.viewer is not None:
        _seat(problems, "state.viewer", state.viewer, n)
    for i, seat in enumerate(state.surveyors):
        _seat(problems, f"state.surveyors.{i}", seat, n)
    if len(state.surveyors) != len(state.survey):
        problems.add("state.surveyors", f"{len(state.surveyors)} surveyors for {len(state.survey)} surveyed tiles")
    if state.bids and len(state.bids) != n:
        problems.add("state.bids", f"{len(state.bids)} bids for a {n}-player game")
    for h, s in state.settlements.items():
        _seat(problems, f"state.settlements.{h}.founder", s.founder, n, none_ok=True)
        _seat(problems, f"state.settlements.{h}.reserve_owner", s.reserve_owner, n, none_ok=True)
        for i, f in enumerate(s.facilities):
            _seat(problems, f"state.settlements.{h}.facilities.{i}.owner", f.owner, n)
    for h, c in state.camps.items():
        _seat(problems, f"state.camps.{h}.owner", c.owner, n)
    for h, community in state.communities.items():
        _seat(problems, f"state.communities.{h}.pact", community.pact, n, none_ok=True)
    for h, owners in state.route_owner.items():
        for d, owner in enumerate(owners):
            _seat(problems, f"state.route_owner.{h}.{d}", owner, n, none_ok=True)
    for name, owner in state.milestones.items():
        _seat(problems, f"state.milestones.{name}", owner, n, none_ok=True)
    for i, b in enumerate(state.bindings):
        _seat(problems, f"state.bindings.{i}.seller", b.seller, n)
        _seat(problems, f"state.bindings.{i}.buyer", b.buyer, n)
    if state.offer is not None:
        _seat(problems, "state.offer.offerer", state.offer.offerer, n)
        _seat(problems, "state.offer.target", state.offer.target, n, none_ok=True)


# -- names -----------------------------------------------------------------------------------------


def _known(problems: Problems, field: str, names: Iterable[str], known: Iterable[str], what: str,
           allow: Iterable[str] = ()) -> None:
    ok = set(known) | set(allow)
    for i, name in enumerate(names):
        if name not in ok:
            problems.add(f"{field}.{i}", f"{name!r} is not {what} of this game")


def _key(problems: Problems, field: str, name: str, known: Iterable[str], what: str) -> None:
    if name not in set(known):
        problems.add(field, f"{name!r} is not {what} of this game")


def _check_names(state: SootState, problems: Problems) -> None:
    d = data(state)
    if state.phase not in PHASES:
        problems.add("state.phase", f"{state.phase!r} is not one of {sorted(PHASES)}")
    cards = d.cards
    hidden = (HIDDEN,) if state.viewer is not None else ()
    for field, pile in (("state.deck", state.deck), ("state.discard", state.discard),
                        ("state.legacy_gone", state.legacy_gone)):
        _known(problems, field, pile, cards, "a card", allow=hidden)
    _known(problems, "state.card_row", state.card_row, cards, "a card", allow=("",))
    if state.auction:
        _key(problems, "state.auction", state.auction, cards, "a card")
    _known(problems, "state.draft_pool", state.draft_pool, d.archetypes, "an archetype")
    _known(problems, "state.cascaded", state.cascaded, d.goods, "a good")
    milestones = [m.name for m in d.milestones]
    for name in state.milestones:
        _key(problems, f"state.milestones.{name}", name, milestones, "a milestone")
    most = shared_copies(len(state.players))  # set-up's copies; a purchase only takes one away
    for name, count in state.shared_upgrades.items():
        _key(problems, f"state.shared_upgrades.{name}", name, d.upgrades, "an upgrade")
        _not_negative(problems, f"state.shared_upgrades.{name}", count)
        if count > most:
            problems.add(f"state.shared_upgrades.{name}",
                         f"{count} copies left, but a {len(state.players)}-player game has {most} of each shared upgrade")
    kinds = [c.name for c in d.communities]
    for name, count in state.bag.items():
        _key(problems, f"state.bag.{name}", name, kinds, "a community token")
        _not_negative(problems, f"state.bag.{name}", count)
    _check_copies(state, problems)
    for seat, p in enumerate(state.players):
        where = f"state.players.{seat}"
        screened = (HIDDEN,) if state.viewer not in (None, seat) else ()
        _known(problems, f"{where}.hand", p.hand, cards, "a card", allow=screened)
        if p.archetype:
            _known(problems, f"{where}.archetype", [p.archetype], d.archetypes, "an archetype")
        _known(problems, f"{where}.upgrades", p.upgrades, d.upgrades, "an upgrade")
        _goods(problems, f"{where}.stock", p.stock, state)
        for h, goods in p.loose.items():
            _goods(problems, f"{where}.loose.{h}", goods, state)
        for i, c in enumerate(p.caravans):
            _goods(problems, f"{where}.caravans.{i}.cargo", c.cargo, state)
    _goods(problems, "state.supply", state.supply.stock, state)
    for i, b in enumerate(state.bindings):
        _goods(problems, f"state.bindings.{i}.goods", b.goods, state)
        _not_negative(problems, f"state.bindings.{i}.price", b.price)
    if state.offer is not None:
        _goods(problems, "state.offer.give", state.offer.give, state)
        _goods(problems, "state.offer.ask", state.offer.ask, state)
        _not_negative(problems, "state.offer.edits", state.offer.edits)


def _goods(problems: Problems, field: str, goods: Goods, state: SootState) -> None:
    known = data(state).goods
    for name, count in goods.items():
        if name not in known:
            problems.add(f"{field}.{name}", "is not a good of this game")
        elif count < 0:
            problems.add(f"{field}.{name}", f"must not be negative, got {count}")


# -- places and the map ----------------------------------------------------------------------------


def _check_places(state: SootState, problems: Problems) -> None:
    for seat, p in enumerate(state.players):
        where = f"state.players.{seat}"
        for kind, hexes in (("explorers", p.explorers), ("builders", p.builders), ("warehouses", p.warehouses)):
            for i, h in enumerate(hexes):
                if h not in state.tiles:
                    problems.add(f"{where}.{kind}.{i}", f"{h} is not an explored hex")
        for i, c in enumerate(p.caravans):
            if c.loc not in state.tiles:
                problems.add(f"{where}.caravans.{i}.loc", f"{c.loc} is not an explored hex")
        for h in p.loose:
            if h not in state.tiles:
                problems.add(f"{where}.loose.{h}", f"{h} is not an explored hex")


def _tile(problems: Problems, field: str, tile: int, size: int, on_map: bool, hidden: bool) -> None:
    if 0 <= tile < size or (on_map and tile in SPECIAL_TILES) or (hidden and tile == -1):
        return
    allowed = f"-2, -1 or 0..{size - 1}" if on_map else f"0..{size - 1}"
    problems.add(field, f"{tile} is not a terrain tile ({allowed})")


def _check_map(state: SootState, problems: Problems) -> None:
    """Tiles, depletion stacks, routes, camps, settlements and communities against the data."""
    soot_data = data(state)
    size = len(soot_data.tile_list())
    view = state.viewer is not None
    for h, tile in state.tiles.items():
        _tile(problems, f"state.tiles.{h}", tile, size, on_map=True, hidden=False)
        home = {CENTRAL_TILE: CENTRAL_HEX, OUTER_TILE: OUTER_HEX}.get(tile)
        if home is not None and h != home:
            name = "Central City" if tile == CENTRAL_TILE else "Outer District"
            problems.add(f"state.tiles.{h}", f"{tile} is the {name}, which stands at {home}")
    if state.tiles.get(CENTRAL_HEX, CENTRAL_TILE) != CENTRAL_TILE:
        problems.add(f"state.tiles.{CENTRAL_HEX}", f"{state.tiles[CENTRAL_HEX]}: the Central City's hex holds its tile"
                     f" ({CENTRAL_TILE})")
    for name, tiles in (("tile_stack", state.tile_stack), ("survey", state.survey), ("drawn", state.drawn)):
        for i, tile in enumerate(tiles):
            _tile(problems, f"state.{name}.{i}", tile, size, on_map=False, hidden=view and name == "tile_stack")
    for h, n in state.stacks.items():
        if h not in state.tiles:
            problems.add(f"state.stacks.{h}", f"{h} is not an explored hex")
        _not_negative(problems, f"state.stacks.{h}", n)
    for name, routes in (("route_kind", state.route_kind), ("route_owner", state.route_owner),
                         ("trails", state.trails)):
        for h in routes:
            if h not in state.tiles:
                problems.add(f"state.{name}.{h}", f"{h} is not an explored hex")
    for h, kinds in state.route_kind.items():
        for d, kind in enumerate(kinds):
            if not 0 <= kind < ROUTE_KINDS:
                problems.add(f"state.route_kind.{h}.{d}", f"{kind} is not a route kind (0 none, 1 trail, 2 road, 3 rail)")
    _check_segments(state, problems)
    for h, mask in state.trails.items():
        if not 0 <= mask < 64:
            problems.add(f"state.trails.{h}", f"{mask} is not a mask of six directions (0..63)")
    for h, camp in state.camps.items():
        if h not in state.tiles:
            problems.add(f"state.camps.{h}", f"{h} is not an explored hex")
        _key(problems, f"state.camps.{h}.kind", camp.kind, soot_data.camps, "a camp type")
    tiers = [t.level for t in soot_data.tiers]
    for h, s in state.settlements.items():
        where = f"state.settlements.{h}"
        if h not in state.tiles:
            problems.add(where, f"{h} is not an explored hex")
        _key(problems, f"{where}.kind", s.kind, [*soot_data.settlements, CENTRAL_CITY], "a settlement type")
        if s.spec:
            _key(problems, f"{where}.spec", s.spec, soot_data.specialisations, "a specialisation")
        if s.tier not in tiers:
            problems.add(f"{where}.tier", f"{s.tier} is not a tier ({min(tiers)}..{max(tiers)})")
        for name in ("reserve_until", "extra_slots"):
            _not_negative(problems, f"{where}.{name}", getattr(s, name))
        for i, f in enumerate(s.facilities):
            _key(problems, f"{where}.facilities.{i}.name", f.name, soot_data.facilities, "a facility")
    tokens = [c.name for c in soot_data.communities]
    favor_max = soot_data.numbers.favor_max
    for h, community in state.communities.items():
        where = f"state.communities.{h}"
        if h not in state.tiles:
            problems.add(where, f"{h} is not an explored hex")
        _key(problems, f"{where}.kind", community.kind, tokens, "a community token")
        if len(community.favor) != state.config.players:
            problems.add(f"{where}.favor", f"{len(community.favor)} favor tracks for a {state.config.players}-player game")
        for seat, favor in enumerate(community.favor):
            if not 0 <= favor <= favor_max:
                problems.add(f"{where}.favor.{seat}", f"{favor} is outside 0..{favor_max}")


def _check_segments(state: SootState, problems: Problems) -> None:
    """A segment reads the same from both of its hexes (kind and owner), and a road or rail has the
    player who built it as its owner (trails belong to no one).

    Source: rulebook, "Routes" (roads and rail are built and owned; trails are public).
    """
    for h, kinds in state.route_kind.items():
        owners = state.route_owner.get(h, NO_OWNERS)
        for d, (kind, owner) in enumerate(zip(kinds, owners)):
            if kind in (ROAD, RAIL) and owner < 0:
                problems.add(f"state.route_owner.{h}.{d}", f"the {'road' if kind == ROAD else 'rail'} in"
                             f" direction {d} has no owner; the player who built it owns it")
            n = h.neighbors()[d]
            back = (d + 3) % 6
            there = state.route_kind.get(n, NO_ROUTES)[back], state.route_owner.get(n, NO_OWNERS)[back]
            if 0 < kind < ROUTE_KINDS and 0 <= there[0] < ROUTE_KINDS and (kind, owner) != there:
                problems.add(f"state.route_kind.{h}.{d}", f"kind {kind}, owner {owner}, but from {n} the same"
                             f" segment reads kind {there[0]}, owner {there[1]}")


def _check_market(state: SootState, problems: Problems) -> None:
    """Prices on their tracks, floors and bonuses of known goods."""
    goods = data(state).goods
    for name, price in state.prices.items():
        good = goods.get(name)
        if good is None or good.kind != "tracked":
            problems.add(f"state.prices.{name}", "is not a good with a price track")
        elif not good.minimum <= price <= good.maximum:
            problems.add(f"state.prices.{name}", f"{price} is off the track ({good.minimum}..{good.maximum})")
    for field, table in (("floors", state.floors), ("raw_bonus", state.raw_bonus)):
        for name, n in table.items():
            if name not in goods:
                problems.add(f"state.{field}.{name}", "is not a good of this game")
            _not_negative(problems, f"state.{field}.{name}", n)
    for name, good in goods.items():  # every price track is on the board from set-up on
        if good.kind != "tracked":
            continue
        for field, table in (("prices", state.prices), ("floors", state.floors)):
            if name not in table:
                problems.add(f"state.{field}.{name}", "is missing: every tracked good has a price and a floor")
        floor, now = state.floors.get(name), state.prices.get(name)
        if floor is not None and not good.minimum <= floor <= good.maximum:
            problems.add(f"state.floors.{name}", f"{floor} is off the track ({good.minimum}..{good.maximum})")
        elif floor is not None and now is not None and good.minimum <= now < floor:  # off the track: said above
            problems.add(f"state.prices.{name}", f"{now} is below its floor {floor}")


# -- pending questions -----------------------------------------------------------------------------


def _check_steps(state: SootState, problems: Problems) -> None:
    """Each question names a rule that answers it and a seat that exists."""
    n = state.config.players
    for i, step in enumerate(state.pending):
        if isinstance(step, Step):
            kind = step.kind
            if kind not in HANDLERS:
                problems.add(f"state.pending.{i}.kind", f"no rule answers a {kind!r} question")
        elif not isinstance(step, TYPED_QUESTIONS):
            problems.add(f"state.pending.{i}", f"{type(step).__name__} is not a Soot question")
            continue
        _seat(problems, f"state.pending.{i}.player", step.player, n)
    if not state.pending and state.phase != "over":
        problems.add("state.pending", f"no question pending in phase {state.phase!r}: the game is not over")
    if state.pending and state.phase == "over":
        problems.add("state.pending", "the game is over: no question may be pending")


STEP_DATA: dict[str, tuple[str, ...]] = {}
"""What each integer of a question's ``data`` refers to, by question kind (the
rule that asks it writes them): an index of the asked player's explorer,
caravan or agent (explorers 0-7, builders 8-15, caravans from 16), of a
drawn tile, a good or a card; an explored hex (its :func:`~hexkit_soot.grid.hex_code`);
the movement points
spent (``budget``); or a count. Questions not listed carry no indices (none
is listed now: the last kinds with data, the card questions, are typed and
checked field by field)."""

STEP_ANSWERS: dict[str, dict[str, str]] = {}
"""What the ``arg`` of a question's fixed answers refers to, by kind and answer code."""


def _refers(state: SootState, player: int, what: str, value: int) -> str:
    """Why ``value`` cannot be a ``what`` of ``player`` ("" when it can)."""
    d = data(state)
    p = state.players[player]
    if what == "count":
        return "" if value >= 0 else f"{value} is negative"
    if what == "budget":
        return "" if 0 <= value <= BUDGET else f"{value} movement points is outside 0..{BUDGET}"
    if what == "agent":
        groups = ((0, p.explorers, "explorer"), (8, p.builders, "builder"))
        for base, agents, name in groups:
            if base <= value < base + 8:
                return "" if value - base < len(agents) else f"P{player} has no {name} {value - base}"
        return "" if 0 <= value - 16 < len(p.caravans) else f"{value} is not an agent of P{player}"
    sizes = {"explorer": len(p.explorers), "caravan": len(p.caravans), "drawn": len(state.drawn),
             "good": len(d.goods), "card": len(d.cards), "draft": len(state.draft_pool),
             "row": len(state.card_row), "survey": len(state.survey)}
    if what in sizes:
        return "" if 0 <= value < sizes[what] else f"{value} is out of range for {_a(what)} ({_range(sizes[what])})"
    return "" if value >= 0 and code_hex(value) in state.tiles else f"{value} is not the code of an explored hex"


def _check_copies(state: SootState, problems: Problems) -> None:
    """No more of a component than the game has: community tokens (in the bag and met on the
    map), cards (every pile, the row and the hands), the card row's slots, and the Soot Track's
    passed thresholds (each a threshold, at most once; a mark stays when soot is scrubbed below it).

    Source: rulebook, Components (6/4/8 community tokens, the 60-card deck, the 5-card row); "Soot Track".
    """
    d = data(state)
    met = Counter(c.kind for c in state.communities.values())
    for token in d.communities:
        held = state.bag.get(token.name, 0) + met[token.name]
        if held > token.count:
            problems.add(f"state.bag.{token.name}", f"{state.bag.get(token.name, 0)} in the bag and {met[token.name]} "
                         f"on the map: the game has {token.count} {token.name or 'blank'} tokens")
    if len(state.card_row) != d.numbers.card_row:
        problems.add("state.card_row", f"{len(state.card_row)} slots; the card row has {d.numbers.card_row}")
    seen = Counter([*state.deck, *state.discard, *state.legacy_gone, *state.card_row,
                    *(card for p in state.players for card in p.hand)])  # an auctioned card is still in the row
    for name, n in sorted(seen.items()):
        card = d.cards.get(name)
        if card is not None and n > card.copies:
            problems.add(f"state.cards.{name}", f"{n} copies in play; the deck has {card.copies}")
    _check_secret_copies(state, problems)
    _check_deck_copies(state, problems)
    thresholds = (d.numbers.soot_threshold_1, d.numbers.soot_threshold_2)
    for seat, p in enumerate(state.players):
        marks = list(p.soot_marks)
        if len(set(marks)) != len(marks) or any(m not in thresholds for m in marks):
            problems.add(f"state.players.{seat}.soot_marks",
                         f"{marks}: the thresholds passed, each once, of {list(thresholds)}")
        unmarked = [t for t in thresholds if p.soot >= t and t not in marks]
        if unmarked:  # the track marks a threshold (and takes the Prestige) on the move that reaches it
            problems.add(f"state.players.{seat}.soot",
                         f"{p.soot} has reached {unmarked} but soot_marks {marks} does not record it")


TRAIL_BOSS = "Trail Boss"
"""The shared upgrade that gives one agent of the buyer's choice (rulebook §4.6, shared upgrade #19)."""


def _check_agents(state: SootState, problems: Problems) -> None:
    """No player has more agents than the rules hand out, nor fewer than set-up gave (none is ever lost).

    A drafted player starts with 1 Explorer, 1 Builder and the archetype's
    caravans; each Trail Boss owned adds one agent of any kind, and each City
    trains at most one caravan in the game, for any player (the cities'
    ``trained`` flags count them). Before the draft a player has no agents.

    Source: rulebook, §21 (starting caravans), "Gaining agents" (Trail Boss,
    City training).
    """
    d = data(state)
    trained = sum(1 for s in state.settlements.values() if s.trained)
    by_city = 0  # caravans beyond start and Trail Boss, over all players: each a trained City's
    refused = False
    for seat, p in enumerate(state.players):
        where = f"state.players.{seat}"
        arch = d.archetypes.get(p.archetype) if p.archetype else None
        if p.archetype and arch is None:
            continue  # an unknown archetype is refused by its name
        if arch is None:
            for kind in ("explorers", "builders", "caravans"):
                if getattr(p, kind):
                    problems.add(f"{where}.{kind}", f"{len(getattr(p, kind))} before the draft; agents come"
                                 " with the archetype")
            continue
        for field, done, most, what in (("camps_founded", p.camps_founded, arch.camps, "camps"),
                                        ("founded", p.founded, arch.settlements, "settlements")):
            if done > most:  # the founding limits printed on the archetype's board
                problems.add(f"{where}.{field}", f"{done} {what} founded; the {p.archetype} founds at most {most}")
        boss = p.upgrades.count(TRAIL_BOSS)
        starts = {"explorers": 1, "builders": 1, "caravans": arch.caravans}
        for kind, start in starts.items():
            have = len(getattr(p, kind))
            if have < start:
                problems.add(f"{where}.{kind}", f"{have}: the {p.archetype} starts with {start} and agents"
                             " are never lost")
        walkers = max(0, len(p.explorers) - 1) + max(0, len(p.builders) - 1)
        if walkers > boss:  # only Trail Boss gives an Explorer or a Builder
            kind = "explorers" if len(p.explorers) > 1 else "builders"
            problems.add(f"{where}.{kind}", f"{len(getattr(p, kind))}: {walkers} Explorers and Builders beyond"
                         f" the start, but {boss} Trail Boss owned")
            refused = True
            continue
        city = max(0, len(p.caravans) - arch.caravans - (boss - walkers))
        if city > trained:
            problems.add(f"{where}.caravans", f"{len(p.caravans)}: the {p.archetype} starts with {arch.caravans},"
                         f" {boss - walkers} more from Trail Boss, and {trained} Cities have trained one")
            refused = True
        by_city += city
    if by_city > trained and not refused:
        problems.add("state.settlements", f"{by_city} caravans trained but {trained} Cities marked trained"
                     " (each trains one caravan a game)")


def _check_actions(state: SootState, problems: Problems) -> None:
    """Actions left within what one round can hand out: the round's actions and bonus actions at its
    start, one for Overtime, one for discarding two cards, and every action card's bonus if all their
    copies were played; restricted actions within the round's (Master Engineer).

    Source: rulebook, Phase 2 "Actions" (actions per round, Overtime, bonus actions); cards Foreman
    and The Telegraph (``effects.foreman_actions``, ``effects.telegraph_actions``).
    """
    d = data(state)
    cards = d.effects.foreman_actions * _copies(d, "Foreman") + d.effects.telegraph_actions * _copies(
        d, "The Telegraph")
    base = actions_per_round(state) + 2 + cards
    for seat, p in enumerate(state.players):
        most = base + modify(state, seat, Hook.BONUS_ACTIONS, 0)
        if p.actions > most:
            problems.add(f"state.players.{seat}.actions", f"{p.actions} actions left: one round gives at most {most}")
        restricted = modify(state, seat, Hook.RESTRICTED_ACTIONS, 0)
        if p.restricted > restricted:
            problems.add(f"state.players.{seat}.restricted",
                         f"{p.restricted} restricted actions left: this player's round gives {restricted}")


def _copies(d: SootData, name: str) -> int:
    """Copies of card ``name`` in the deck (0 when the data has no such card)."""
    card = d.cards.get(name)
    return card.copies if card is not None else 0


def _check_deck_copies(state: SootState, problems: Problems) -> None:
    """Each event card once (the deck, the event now); each contract no more often than its
    copies at this player count; the archetypes offered in the draft each once.

    Source: rulebook, Setup (the event and contract decks, the archetype draft).
    """
    events = Counter(state.events)
    for event, n in sorted(events.items()):
        if n > 1:
            problems.add("state.events", f"event {event} is in the deck {n} times; the game has one")
    if state.event_now >= 0 and state.event_now in events:
        problems.add("state.event_now", f"event {state.event_now} is also still in the deck")
    copies = contract_copies(state.config.players)
    held = Counter([*state.contract_deck, *state.contract_later, *(c for c in state.contract_row if c >= 0),
                    *(c for p in state.players for c in p.contracts)])
    for contract, n in sorted(held.items()):
        if n > copies:
            problems.add("state.contract_deck", f"contract {contract} is in play {n} times; a"
                         f" {state.config.players}-player game has {copies} of each")
    for i, name in enumerate(state.draft_pool):
        if name in state.draft_pool[:i]:
            problems.add(f"state.draft_pool.{i}", f"{name} is offered twice")


def _check_secret_copies(state: SootState, problems: Problems) -> None:
    """Each secret objective card is in one place (the deck, a hand dealt, a hand kept), and a
    player keeps no more than the rules let it. Source: rulebook, Setup (deal, keep)."""
    numbers = data(state).numbers
    where: dict[int, str] = {}
    places = [("state.secret_deck", state.secret_deck)]
    for seat, p in enumerate(state.players):
        places += [(f"state.players.{seat}.dealt", p.dealt), (f"state.players.{seat}.secrets", p.secrets)]
        if len(p.secrets) > numbers.secret_kept:
            problems.add(f"state.players.{seat}.secrets",
                         f"{len(p.secrets)} kept; a player keeps {numbers.secret_kept}")
        if len(p.dealt) > numbers.secret_dealt:
            problems.add(f"state.players.{seat}.dealt",
                         f"{len(p.dealt)} dealt; a player is dealt {numbers.secret_dealt}")
    for field, cards in places:
        for i, card in enumerate(cards):
            if card < 0:  # hidden in a view
                continue
            if card in where:
                problems.add(f"{field}.{i}", f"secret objective {card} is also at {where[card]}")
            else:
                where[card] = f"{field}.{i}"


def _steps(state: SootState) -> list[Step | SootQuestion]:
    """The pending questions (a Soot state holds only :class:`Step` and typed questions; the codec loads no other)."""
    return cast("list[Step | SootQuestion]", state.pending)


def _check_typed(state: SootState, i: int, q: SootQuestion, problems: Problems) -> None:
    """The fields of a typed question refer to what exists (a masked one in another seat's view aside)."""
    if isinstance(q, MarketQuantity):
        if q.at is None and state.viewer not in (None, q.player) and q.good == -1:
            return
        where = f"state.pending.{i}"
        if q.at is None or q.at not in state.tiles:
            problems.add(f"{where}.at", f"{q.at} is not an explored hex")
        if not 0 <= q.good < len(data(state).goods):
            problems.add(f"{where}.good", f"{q.good} is out of range for a good (0..{len(data(state).goods) - 1})")
        if q.most < 1:
            problems.add(f"{where}.most", f"{q.most}: a market question offers at least 1 unit")
    elif isinstance(q, ScrubSoot):
        soot = state.players[q.player].soot if 0 <= q.player < len(state.players) else 0
        if not 1 <= q.most <= soot:
            problems.add(f"state.pending.{i}.most", f"{q.most}: P{q.player} can scrub 1..{soot} soot")
    elif isinstance(q, (ChooseExplorer, ExploreSource, KeepTile, PlaceTile)) and 0 <= q.player < len(state.players):
        _check_explore(state, f"state.pending.{i}", q, problems)
    elif isinstance(q, CaravanStop) and q.screened:
        if state.viewer in (None, q.player):
            problems.add(f"state.pending.{i}.screened", "only another seat's view masks a caravan's stop")
    elif isinstance(q, (MoveAgent, MoveWalk, DriveLeg, CaravanStop)) and 0 <= q.player < len(state.players):
        _check_move(state, f"state.pending.{i}", q, problems)
    elif isinstance(q, FireFacility):
        _check_fire(state, f"state.pending.{i}", q, problems)
    elif isinstance(q, ChooseMarket):
        if not q.markets:
            problems.add(f"state.pending.{i}.markets", "a market question offers at least one market")
        for j, h in enumerate(q.markets):
            if h not in state.settlements:
                problems.add(f"state.pending.{i}.markets.{j}", f"{h} is not a settlement (a market location)")
    elif isinstance(q, ChooseGood):
        if q.screened:
            if state.viewer in (None, q.player):
                problems.add(f"state.pending.{i}.screened", "only another seat's view masks a market question")
        else:
            if q.at is None or q.at not in state.settlements:
                problems.add(f"state.pending.{i}.at", f"{q.at} is not a settlement (a market location)")
            for name, goods in (("sell", q.sell), ("buy", q.buy)):
                for j, g in enumerate(goods):
                    _in_range(problems, f"state.pending.{i}.{name}.{j}", g, len(data(state).goods), "good")
                    if g in goods[:j]:  # each good one answer
                        problems.add(f"state.pending.{i}.{name}.{j}", f"good {g} is listed twice")
    elif isinstance(q, ChoosePayment):
        _check_payment(state, f"state.pending.{i}", q, problems)
    elif isinstance(q, EffectQuestion):
        _check_effect(state, f"state.pending.{i}", q, problems)
    elif isinstance(q, PayUpkeepFood) and state.phase != "upkeep":
        problems.add(f"state.pending.{i}", f"an upkeep food question in phase {state.phase!r}, not 'upkeep'")
    elif isinstance(q, FrontierTax) and q.unpaid < 1:
        problems.add(f"state.pending.{i}.unpaid", f"{q.unpaid}: a Frontier Tax question has at least 1¤ unpaid")
    elif isinstance(q, ChooseEventOption):
        if not 0 <= state.event_now < len(data(state).events):
            problems.add(f"state.pending.{i}", f"an event question, but no event this round (state.event_now {state.event_now})")
        elif q.player != state.event_token:
            problems.add(f"state.pending.{i}.player", f"P{q.player} does not hold the Event Token (P{state.event_token} does)")
    elif isinstance(q, (BuildOffer, AnswerOffer)):
        _check_offer_question(state, f"state.pending.{i}", q, problems)
    elif isinstance(q, (ExtractMode, RanchOutput)):
        camp = state.camps.get(q.at)
        if camp is None or camp.owner != q.player:
            problems.add(f"state.pending.{i}.at", f"{q.at} is not a camp of P{q.player}")
        elif isinstance(q, RanchOutput) and camp.kind != "Ranch":
            problems.add(f"state.pending.{i}.at", f"the camp at {q.at} is {_a(camp.kind)}, not a Ranch")
    elif isinstance(q, ReserveSlot):
        founded = state.settlements.get(q.at)
        if founded is None or founded.founder != q.player:
            problems.add(f"state.pending.{i}.at", f"{q.at} is not a settlement founded by P{q.player}")
    elif isinstance(q, IssueShares):
        line = line_edges(state, q.player, q.root_edge) if 0 <= q.player < len(state.players) else frozenset()
        if not line:
            problems.add(f"state.pending.{i}.root_edge", f"{q.root_edge} is not a rail segment of P{q.player}")
        if q.most < 1:
            problems.add(f"state.pending.{i}.most", f"{q.most}: a Shares question offers at least 1 certificate")
        elif line:  # one certificate per so many segments, less those issued already
            record = record_of(state, q.player, line)
            left = certificates_allowed(state, line) - (record.issued if record is not None else 0)
            if q.most > left:
                problems.add(f"state.pending.{i}.most",
                             f"{q.most} certificates offered; the line of {len(line)} rail segments has {max(left, 0)} left to issue")
    elif isinstance(q, OfferTarget):
        if not q.trade and not q.contract:
            problems.add(f"state.pending.{i}.trade", "an offer question offers neither a trade nor a contract")
        for name, seats in (("trade", q.trade), ("contract", q.contract)):
            for j, seat in enumerate(seats):
                if seat == q.player:
                    problems.add(f"state.pending.{i}.{name}.{j}", f"P{seat} cannot make an offer to itself")
                else:
                    _in_range(problems, f"state.pending.{i}.{name}.{j}", seat, len(state.players), "seat")
    elif isinstance(q, BuildSegment):
        if q.built not in (0, 1):
            problems.add(f"state.pending.{i}.built", f"{q.built}: a Build Route action lays at most 2 segments")
        elif 0 <= q.player < len(state.players) and not candidate_edges(
                state, q.player, ROAD if q.route == "road" else RAIL, upgrade=q.route == "upgrade"):
            problems.add(f"state.pending.{i}.route", f"P{q.player} has no edge to lay a {q.route} segment on")
    elif isinstance(q, SpecialiseSettlement):
        kinds = data(state).settlements
        if _in_range(problems, f"state.pending.{i}.settlement", q.settlement, len(kinds), "settlement type"):
            if q.at not in state.tiles:
                problems.add(f"state.pending.{i}.at", f"{q.at} is not an explored hex")
            elif q.at in state.settlements:
                problems.add(f"state.pending.{i}.at", f"{q.at} holds a settlement already")
    elif isinstance(q, DraftArchetype) and not state.draft_pool:
        problems.add(f"state.pending.{i}", "a draft question with no archetype left in the pool")
    elif isinstance(q, (DrawCards, KeepDrawn, BonusDiscard, HandLimitDiscard)) and 0 <= q.player < len(state.players):
        _check_cards(state, f"state.pending.{i}", q, problems)
    elif isinstance(q, LegacyBid) and 0 <= q.player < len(state.players):
        _check_bid(state, f"state.pending.{i}", q, problems)
    elif isinstance(q, DiscardSecret) and 0 <= q.player < len(state.players) and not state.players[q.player].dealt:
        problems.add(f"state.pending.{i}", f"a secret objective question, but P{q.player} holds none dealt")


def _check_cards(state: SootState, where: str, q: DrawCards | KeepDrawn | BonusDiscard | HandLimitDiscard,
                 problems: Problems) -> None:
    """A card question has something to answer with: a card to draw, two cards drawn (cards of the
    game; -1 only in another seat's view), cards in hand to discard (2 or 1 still to go for the
    bonus action, more than the hand limit at the end of the round).

    Source: rulebook, §15 "Cards"; Phase 5 (hand limit).
    """
    hand = len(state.players[q.player].hand)
    if isinstance(q, DrawCards):
        if not any(state.card_row) and not state.deck and not state.discard:
            problems.add(where, "a Draw Cards question, but the card row, the deck and the discard pile are empty")
    elif isinstance(q, KeepDrawn):
        if len(q.drawn) != 2:
            problems.add(f"{where}.drawn", f"{len(q.drawn)} cards drawn; the blind draw keeps 1 of 2")
        hidden = state.viewer not in (None, q.player)
        for j, c in enumerate(q.drawn):
            if not (hidden and c == -1):
                _in_range(problems, f"{where}.drawn.{j}", c, len(data(state).cards), "card")
        if not hidden and any(c < 0 for c in q.drawn):
            problems.add(f"{where}.drawn", "only another seat's view hides the cards drawn")
    elif isinstance(q, BonusDiscard):
        if q.left not in (1, 2):
            problems.add(f"{where}.left", f"{q.left}: the bonus action takes 2 discards, so 1 or 2 are left")
        elif hand < q.left:
            problems.add(f"{where}.left", f"{q.left} cards still to discard, but P{q.player} holds {hand}")
    elif hand <= data(state).numbers.hand_limit:
        problems.add(where, f"a hand limit question, but P{q.player} holds {hand} cards"
                     f" (limit {data(state).numbers.hand_limit})")


def _check_bid(state: SootState, where: str, q: LegacyBid, problems: Problems) -> None:
    """A bid question has an auction of the Legacy card in its slot, and the bids placed are
    those of the bidders before the asker in turn order (the asker's and later ones not yet).

    A save of rules 0.3.x asked a bid as raises (+1, +5, place) and kept the
    running amount in ``state.bids``: one taken mid-raise is refused here,
    naming the bid (0.4.0 asks a bid as one answer and cannot resume a raise).

    Source: rulebook, §15.3 "Legacy cards".
    """
    if not state.auction:
        problems.add(where, "a bid question, but no Legacy card is being auctioned (state.auction is empty)")
    elif not 0 <= q.slot < len(state.card_row) or state.card_row[q.slot] != state.auction:
        problems.add(f"{where}.slot", f"{q.slot}: the card row slot holding {state.auction} (the card auctioned)")
    if len(state.bids) != len(state.players) or q.player not in state.order:
        problems.add("state.bids", f"{len(state.bids)} bids for {len(state.players)} bidders in the turn order")
        return
    k = state.order.index(q.player)
    for j, seat in enumerate(state.order):
        bid = state.bids[seat]
        if j < k and bid == -1:
            problems.add(f"state.bids.{seat}", f"P{seat} bids before P{q.player} in turn order but has not bid")
        elif j == k and bid != -1:
            problems.add(f"state.bids.{seat}", f"P{seat} is asked to bid but holds a bid of {bid}: a running bid"
                         " of a rules 0.3.x save (bids built by raises), which rules 0.4.0 (a bid is one answer)"
                         " cannot resume; finish the auction under 0.3.x")
        elif j > k and bid != -1:
            problems.add(f"state.bids.{seat}", f"P{seat} bids after P{q.player} in turn order but has bid")


def _check_offer_question(state: SootState, where: str, q: BuildOffer | AnswerOffer, problems: Problems) -> None:
    """A trade question has an offer to build (its offerer asked) or to answer (its target asked),
    and names goods that exist (a masked one only in another seat's view)."""
    offer = state.offer
    building = isinstance(q, BuildOffer)
    if offer is None:
        problems.add(where, f"a {q.kind!r} question without an offer (state.offer is null)")
    elif (offer.offerer if building else offer.target) != q.player:
        asked = "offerer" if building else "target"
        problems.add(f"{where}.player", f"P{q.player} is not the offer's {asked}")
    if not isinstance(q, BuildOffer):
        return
    if q.screened:
        if state.viewer in (None, q.player):
            problems.add(f"{where}.screened", "only another seat's view masks the offer's answers")
        return
    for name, goods in (("give", q.give), ("ask", q.ask)):
        for j, g in enumerate(goods):
            _in_range(problems, f"{where}.{name}.{j}", g, len(data(state).goods), "good")


def _check_fire(state: SootState, where: str, q: FireFacility, problems: Problems) -> None:
    """A Refine question names facilities on the map, burned fuel and extra firings that are not negative."""
    for name, value in (("fuel", q.fuel), ("extra", q.extra)):
        if value < 0:
            problems.add(f"{where}.{name}", f"{value} is negative")
    for name, codes in (("fired", q.fired), ("offered", q.offered)):
        for j, code in enumerate(codes):
            s = state.settlements.get(code_hex(code // 8)) if code >= 0 else None
            if s is None or code % 8 >= len(s.facilities):
                problems.add(f"{where}.{name}.{j}", f"{code} is not a facility on the map (hex code * 8 + slot)")


def _check_payment(state: SootState, where: str, q: ChoosePayment, problems: Problems) -> None:
    """A payment question's answers fit its kind, its continuation pays for the asker, and a
    :class:`~hexkit_soot.rules.payment.Paying` rule asks the same question now (masked: a view only)."""
    if q.screened:
        if state.viewer in (None, q.player):
            problems.add(f"{where}.screened", "only another seat's view masks a payment question")
        return
    if not q.offered:
        problems.add(f"{where}.offered", "a payment question offers at least one answer")
    if len(q.shown) != len(q.offered):
        problems.add(f"{where}.shown", f"{len(q.shown)} texts for {len(q.offered)} answers")
    if not q.by_unit and list(q.offered) != list(range(len(q.offered))):
        problems.add(f"{where}.offered", f"{list(q.offered)}: the ways are numbered from 0")
    if q.by_unit and (any(j < 0 for j in q.offered) or list(q.offered) != sorted(set(q.offered))):
        problems.add(f"{where}.offered", f"{list(q.offered)}: the units are distinct kinds, ascending")
    then = q.then
    if not isinstance(then, (Paying, Rerun)):
        problems.add(f"{where}.then", f"a payment question continues a Paying rule or a Rerun, not {type(then).__name__}")
        return
    payer = then.payer if isinstance(then, Paying) else then.step.player
    if payer != q.player:
        problems.add(f"{where}.then", f"the payment is P{payer}'s, but P{q.player} is asked")
    elif not problems.errors:
        why = asked_again(state, q)
        if why is not None:
            problems.add(f"{where}.then", why)


def _check_effect(state: SootState, where: str, q: EffectQuestion, problems: Problems) -> None:
    """An effect question names a registered effect (one that takes answers, without a
    continuation), offers answers, each once (masked: a view only)."""
    if q.screened and state.viewer in (None, q.player):
        problems.add(f"{where}.screened", "only another seat's view masks an effect question")
    found = EFFECTS.get(q.source)
    if found is None:
        problems.add(f"{where}.source", f"{q.source!r} is not a registered effect")
    elif q.then is None and found.resume is None:
        problems.add(f"{where}.then", f"effect {q.source!r} takes no answers without a continuation")
    if not q.options:
        problems.add(f"{where}.options", "an effect question offers at least one answer")
    for j, option in enumerate(q.options):
        if option in q.options[:j]:
            problems.add(f"{where}.options.{j}", f"{option.code} {option.arg} is offered twice")


def _check_move(state: SootState, where: str, q: MoveAgent | MoveWalk | DriveLeg | CaravanStop,
                problems: Problems) -> None:
    """A Move question names agents the asker has and seats that exist; a walker is one of them, already counted as moved."""
    for j, agent in enumerate(q.moved):
        why = _refers(state, q.player, "agent", agent)
        if why:
            problems.add(f"{where}.moved.{j}", why)
    for j, seat in enumerate(q.tolls_paid):
        _in_range(problems, f"{where}.tolls_paid.{j}", seat, len(state.players), "seat")
    if isinstance(q, CaravanStop):
        for name, goods in (("loaded", q.loaded), ("unloaded", q.unloaded), ("loads", q.loads), ("unloads", q.unloads)):
            for j, g in enumerate(goods):
                _in_range(problems, f"{where}.{name}.{j}", g, len(data(state).goods), "good")
    if isinstance(q, (DriveLeg, CaravanStop)):
        if _in_range(problems, f"{where}.caravan", q.caravan, len(state.players[q.player].caravans), "caravan"):
            if 16 + q.caravan not in q.moved:
                problems.add(f"{where}.moved", f"the driving caravan {q.caravan} (agent {16 + q.caravan}) is not among the agents moved")
        if not 0 <= q.spent <= BUDGET:
            problems.add(f"{where}.spent", f"{q.spent} movement points is outside 0..{BUDGET}")
    if isinstance(q, MoveWalk):
        p = state.players[q.player]
        walkers = p.builders if q.agent == "Builder" else p.explorers
        if _in_range(problems, f"{where}.index", q.index, len(walkers), q.agent.lower()):
            number = q.index + (8 if q.agent == "Builder" else 0)
            if number not in q.moved:
                problems.add(f"{where}.moved", f"the walking {q.agent} {q.index} (agent {number}) is not among the agents moved")


def _in_range(problems: Problems, where: str, value: int, size: int, what: str) -> bool:
    """Adds a problem at ``where`` unless ``0 <= value < size``; whether it was in range."""
    if 0 <= value < size:
        return True
    problems.add(where, f"{value} is out of range for {_a(what)} ({_range(size)})")
    return False


def _check_explore(state: SootState, where: str, q: ChooseExplorer | ExploreSource | KeepTile | PlaceTile,
                   problems: Problems) -> None:
    """An Explore question names the asker's Explorers, surveyed slots and drawn tiles that exist."""
    explorers = state.players[q.player].explorers
    if isinstance(q, ChooseExplorer):
        if not q.explorers:
            problems.add(f"{where}.explorers", "an Explore question offers at least one Explorer")
        for j, e in enumerate(q.explorers):
            _in_range(problems, f"{where}.explorers.{j}", e, len(explorers), "explorer")
        return
    _in_range(problems, f"{where}.explorer", q.explorer, len(explorers), "explorer")
    if isinstance(q, ExploreSource):
        if not q.draw and not q.surveys:
            problems.add(f"{where}.surveys", "neither a draw nor a surveyed tile is offered")
        if q.draw and not state.tile_stack:
            problems.add(f"{where}.draw", "the terrain stack is empty: there is nothing to draw")
        for j, slot in enumerate(q.surveys):
            _in_range(problems, f"{where}.surveys.{j}", slot, len(state.survey), "survey")
    elif isinstance(q, KeepTile):
        if not state.drawn:
            problems.add(f"{where}", "no tile drawn to keep (state.drawn is empty)")
    else:
        _in_range(problems, f"{where}.tile", q.tile, len(state.drawn), "drawn")


def _check_step_data(state: SootState, i: int, problems: Problems) -> None:
    step = _steps(state)[i]
    if not isinstance(step, Step):
        _check_typed(state, i, step, problems)
        return
    masked = state.viewer is not None and step.player != state.viewer
    for j, (what, value) in enumerate(zip(STEP_DATA.get(step.kind, ()), step.data)):
        why = "" if masked and value == -1 else _refers(state, step.player, what, value)
        if why:
            problems.add(f"state.pending.{i}.data.{j}", why)
    answers = STEP_ANSWERS.get(step.kind, {})
    for j, option in enumerate(step.options):
        refers = answers.get(option.code)
        why = "" if refers is None or (masked and option.arg == -1) else _refers(state, step.player, refers, option.arg)
        if why:
            problems.add(f"state.pending.{i}.options.{j}.arg", why)


def _check_pending(state: SootState, problems: Problems, game: Game[SootState, Any] | None) -> None:
    """The question on top can be answered, each question's indices refer to
    what the asked player has, and a turn is asked of the seat whose turn it is.
    (The questions whose answers are hexes an agent reaches, edges a route may
    take, list them from the state: :class:`~hexkit_soot.actions.MoveWalk`,
    :class:`~hexkit_soot.actions.DriveLeg`, :class:`~hexkit_soot.actions.BuildSegment`.)"""
    if state.phase == "actions":
        for i, step in enumerate(_steps(state)):
            if step.kind == "turn" and step.player != state.turn:
                problems.add(f"state.pending.{i}.player",
                             f"seat {step.player} is asked for a turn, but it is P{state.turn}'s turn")
            elif step.kind == "turn" and step.player in state.passed:
                problems.add(f"state.pending.{i}.player", f"seat {step.player} is asked for a turn but has passed")
    if state.pending:  # the question on top is the one answered next (those below wait)
        top, i = _steps(state)[-1], len(state.pending) - 1
        if isinstance(top, Step) and top.kind not in GENERATORS and not top.options:
            problems.add(f"state.pending.{i}.options", f"a {top.kind!r} question with no answers")
    for i in range(len(state.pending)):
        _check_step_data(state, i, problems)
    if state.pending and not problems.errors and game is not None:
        _check_answers(state, problems, game)


DRY_RUN_ANSWERS = 32
"""How many of the top question's fixed answers a load tries on a copy."""


def _check_answers(state: SootState, problems: Problems, game: Game[SootState, Any]) -> None:
    """Each fixed answer of the question on top can be applied, on a copy.

    A question's answers were fixed when it was asked, so a damaged save can
    hold answers (or context) the rules can no longer apply; trying them on
    a copy refuses it now, naming the question, instead of failing at the
    next move. Answers the rules refuse as illegal are fine; only a crash is
    a problem. A player's view is not tried: it hides what the answers may
    need (the deck, other screens), and a seat plays from a determinized copy.
    """
    i = len(state.pending) - 1
    top = _steps(state)[i]
    if state.viewer is not None:
        return
    # a typed question's answers are listed from its fields (a market question's quantities)
    try:
        options = top.options if isinstance(top, Step) else tuple(game.legal_actions(state))
    except UnanswerableQuestionError:  # a typed question whose answers, read from the state, are none
        problems.add(f"state.pending.{i}", f"a {top.kind!r} question with no answers: nobody could answer it")
        return
    for j, answer in enumerate(options[:DRY_RUN_ANSWERS]):
        try:
            game.apply(game.clone(state), answer)
        except IllegalActionError:
            continue
        except Exception as exc:  # the point: a crash of the rules on this save
            problems.add(f"state.pending.{i}.options.{j}",
                         f"answering {answer} fails ({type(exc).__name__}: {exc}): the question cannot be answered here")
            return


def _check_tokens(state: SootState, problems: Problems) -> None:
    """Every good's tokens add up to the supply printed in the data (finite tokens).

    Ingredients behind another player's screen are counted by number only.
    """
    d = data(state)
    total: Goods = dict(state.supply.stock)
    for p in state.players:
        for goods in (p.stock, *p.loose.values(), *(c.cargo for c in p.caravans)):
            for g, n in goods.items():
                total[g] = total.get(g, 0) + n
    screened = sum(p.screened for p in state.players)
    specials = [g for g, good in d.goods.items() if good.kind == "special"]
    for name, good in d.goods.items():
        if good.kind == "special":
            continue
        if total.get(name, 0) != good.tokens:
            problems.add(f"state.supply.{name}", f"{total.get(name, 0)} {name} tokens on the table, the game has {good.tokens}")
    held = sum(total.get(g, 0) for g in specials) + screened
    printed = sum(d.goods[g].tokens for g in specials)
    if held != printed:
        problems.add("state.supply", f"{held} ingredient tokens on the table, the game has {printed}")
