"""The state of a game of Soot & Timber.

Everything that changes lives here, flat: ints, small lists and dicts keyed
by :class:`~hexkit.hexes.Hex` or by a good's name. Static facts (component
data, recipes, prices printed on the board) stay in
:class:`~hexkit_soot.data.SootData` and are shared by every clone.

Goods have exactly one place at any time (token conservation):

* ``SootState.supply``: the bank's finite token supply (a :class:`TokenSupply`,
  the core's :class:`~hexkit.components.Supply` keyed by good name);
* ``PlayerState.stock``: the player's warehouse network (Central City plus built
  warehouses; goods move freely between its nodes);
* ``PlayerState.loose``: goods the player owns lying on a hex (a camp tile,
  holding at most 2, or a facility's hex where outputs appear);
* ``Caravan.cargo``: goods on a caravan.

Routes are stored per hex as six-slot tuples in direction order of
:data:`hexkit.hexes.DIRECTIONS`, once at each end: ``route_kind`` (0 none,
1 trail, 2 road, 3 rail) and ``route_owner`` (-1 public or none). A trail
stays when a road or rail is built over it: ``trails`` keeps, per hex, a
bit mask of the directions where a trail lies, whatever ``route_kind`` says.

Source: rulebook (all sections); Components Specification.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypeAlias

import attrs

from hexkit.components import Supply
from hexkit.game import PlayerId, State
from hexkit.hexes import Hex
from hexkit.revision import fresh_revisions, next_revision

__all__ = [
    "Goods",
    "Six",
    "NO_ROUTES",
    "TRAIL",
    "ROAD",
    "RAIL",
    "ROUTE_NAMES",
    "CENTRAL_CITY",
    "CENTRAL_TILE",
    "OUTER_TILE",
    "OUTER_HEX",
    "Caravan",
    "Camp",
    "Facility",
    "Settlement",
    "Community",
    "BindingContract",
    "TradeOffer",
    "ShareLine",
    "TokenSupply",
    "PlayerState",
    "SootState",
    "add_goods",
    "take_goods",
    "PLAYED",
    "POINT_SOURCES",
    "tally",
    "MAP",
    "SECTIONS",
    "touch_map",
    "renew_revisions",
]

Goods: TypeAlias = dict[str, int]
"""Counts of goods by name; zero counts are removed."""

Six: TypeAlias = tuple[int, int, int, int, int, int]
"""One value per hex direction."""

NO_ROUTES: Six = (0, 0, 0, 0, 0, 0)
NO_OWNERS: Six = (-1, -1, -1, -1, -1, -1)
TRAIL = 1
ROAD = 2
RAIL = 3
ROUTE_NAMES = ("none", "trail", "road", "rail")

CENTRAL_CITY = Hex(0, 0)
"""The Central City's hex."""
CENTRAL_TILE = -1
"""Tile id of the Central City in ``SootState.tiles``."""
OUTER_TILE = -2
"""Tile id of the Outer District (5-6 players)."""
OUTER_HEX = Hex(1, 0)
"""The Outer District's hex: the Central City's neighbour in direction 0 (assumed)."""


_NEW = object.__new__
"""Makes a bare instance for the fast ``copy`` methods: filling its slots one
by one skips the keyword handling of the attrs ``__init__``, which took most
of a clone's time. A field added to such a class must be assigned in its
``copy``; one left out is an ``AttributeError`` at its first use (the
conformance suite compares clones field by field), never a silent default."""


PLAYED = (
    "camps_founded", "extracts", "settlements_founded", "settlement_upgrades", "facilities_built",
    "refines", "roads_built", "rail_built", "soot_gained", "frontier_tax_paid", "contracts_fulfilled",
    "milestones_claimed", "objectives_scored", "tier2_sold", "tier3_sold", "loans_taken",
    "trades_accepted", "community_interactions", "cards_played", "events",
)
"""The mechanisms counted in ``SootState.played`` ("what was played"), in report order."""

POINT_SOURCES = (
    "camps", "settlements", "settlement_upgrades", "upgrades", "contracts", "milestones",
    "outer_district", "cards", "events", "other",
)
"""Where public-track points come from, tallied per seat in ``SootState.points_by``
(the calibration study's "points by source"); ``other`` for a caller that names none."""


MAP = 0
"""Index in ``SootState.revisions`` of the map's stamp: ``tiles``, ``water``, ``camps``,
``stacks``, ``settlements`` (with their facilities, tiers, reservations, flags),
``communities`` (with their favor and pacts), ``route_kind``, ``route_owner``,
``trails`` and ``trust_camps``."""
SECTIONS = 1
"""How many sections ``SootState.revisions`` stamps."""


def touch_map(state: SootState) -> None:
    """Stamp the map section of ``state`` anew (:func:`hexkit.revision.next_revision`):
    called by every writer of a map field (see :data:`MAP`) after it writes.

    A missed call is a stale memo (the turn menu's map-bound parts, the
    encoder's map planes); ``tests/soot/test_revisions.py`` compares them
    with fresh results at every decision of random games.
    """
    state.revisions[MAP] = next_revision()


def renew_revisions(state: SootState) -> None:
    """Give every section of ``state`` a fresh stamp (a loaded, set-up or resampled state)."""
    state.revisions = fresh_revisions(SECTIONS)


def tally(state: SootState, name: str, seat: PlayerId, n: int = 1) -> None:
    """Count ``n`` more of mechanism ``name`` for ``seat`` in ``state.played``.

    Args:
        state: the game.
        name: one of :data:`PLAYED`.
        seat: the player it happened to (an event with no player: its chooser).
        n: how many (units, steps or currency, as the mechanism counts).
    """
    counts = state.played.get(name)
    row = [0] * len(state.players) if counts is None else list(counts)
    row[seat] += n
    state.played[name] = tuple(row)  # rows are tuples: a clone shares them safely (see SootState.copy)


def add_goods(goods: Goods, name: str, n: int) -> None:
    """Add ``n`` (may be negative) of ``name`` to ``goods``, dropping zero counts.

    Args:
        goods: counts by good name (changed in place).
        name: the good.
        n: how many (negative to remove).
    """
    v = goods.get(name, 0) + n
    if v:
        goods[name] = v
    else:
        goods.pop(name, None)


def take_goods(goods: Goods, name: str, n: int) -> int:
    """Remove up to ``n`` of ``name``; return how many were removed.

    Args:
        goods: counts by good name (changed in place).
        name: the good.
        n: most units to remove.
    """
    have = goods.get(name, 0)
    k = have if have < n else n
    if k:
        add_goods(goods, name, -k)
    return k


@attrs.define(slots=True, eq=True)
class TokenSupply(Supply[str]):
    """The bank's finite token supply: a core :class:`~hexkit.components.Supply` keyed by good name.

    It is saved as the mapping of held counts (``stock``; a kind keeps its
    entry at 0) and read through the core's ``count(good)``. Tokens move only through :func:`hexkit_soot.ledger.from_supply` and
    :func:`~hexkit_soot.ledger.to_supply` (``take`` and ``put_back``), so
    ``stock[g] + out[g]`` stays the printed token count of ``g``.
    ``out`` is not saved: a loaded state counts it again (printed tokens
    minus the held ones: :func:`hexkit_soot.ledger.recount_supply`).

    Source: Components, "Token supply" (intentionally finite).
    """

    @classmethod
    def from_counts(cls, counts: Mapping[str, int]) -> TokenSupply:
        """The supply holding ``counts`` with nothing out (counts not checked:
        :mod:`hexkit_soot.integrity` names a negative one by field)."""
        new = cls.__new__(cls)  # a bare instance filled field by field, as in ``copy``
        new.stock = dict(counts)
        new.out = {}
        return new


@attrs.define(kw_only=True, slots=True, eq=True)
class Caravan:
    """A caravan on the map.

    Attributes:
        loc: its hex.
        cargo: goods it carries.
    """

    loc: Hex
    cargo: Goods = attrs.field(factory=dict)

    def copy(self) -> Caravan:
        """Independent copy (filled into a bare instance, see :data:`_NEW`)."""
        new: Caravan = _NEW(Caravan)
        new.loc = self.loc
        new.cargo = self.cargo.copy()
        return new

    def load(self) -> int:
        """Units carried."""
        return sum(self.cargo.values())


def _copy_caravans(caravans: list[Caravan]) -> list[Caravan]:
    """Independent copies of ``caravans`` (:meth:`Caravan.copy` inlined: one call a
    player, not one a caravan, on a clone's path)."""
    out = []
    for caravan in caravans:
        new: Caravan = _NEW(Caravan)
        new.loc = caravan.loc
        new.cargo = caravan.cargo.copy()
        out.append(new)
    return out


@attrs.define(kw_only=True, slots=True, eq=True, frozen=True)
class Camp:
    """A camp token (immutable: replaced when it changes).

    Attributes:
        owner: the player who founded it.
        kind: its camp type name.
    """

    owner: PlayerId
    kind: str


@attrs.define(kw_only=True, slots=True, eq=True, frozen=True)
class Facility:
    """A facility in a settlement or Central City slot (immutable)."""

    name: str
    owner: PlayerId


@attrs.define(kw_only=True, slots=True, eq=True)
class Settlement:
    """A settlement, or the Central City (``kind == "Central City"``).

    Attributes:
        kind: settlement type.
        spec: chosen specialisation ("" for the Central City).
        founder: who founded it (-1 for the Central City).
        tier: 1 Settlement, 2 Town, 3 City.
        facilities: built facilities (Warehouses included, which take no slot).
        reserve_owner: the founder's reserved slot (-1 none).
        reserve_until: last round the reservation holds.
        struggling: upkeep unpaid: no production or transactions next round.
        trained: a City has trained its one caravan.
        extra_slots: slots added by the Outer District.
    """

    kind: str
    spec: str = ""
    founder: PlayerId = -1
    tier: int = 1
    facilities: list[Facility] = attrs.field(factory=list)
    reserve_owner: PlayerId = -1
    reserve_until: int = 0
    struggling: bool = False
    trained: bool = False
    extra_slots: int = 0

    def copy(self) -> Settlement:
        """Independent copy (filled into a bare instance, see :data:`_NEW`)."""
        new: Settlement = _NEW(Settlement)
        new.kind = self.kind
        new.spec = self.spec
        new.founder = self.founder
        new.tier = self.tier
        new.facilities = self.facilities.copy()
        new.reserve_owner = self.reserve_owner
        new.reserve_until = self.reserve_until
        new.struggling = self.struggling
        new.trained = self.trained
        new.extra_slots = self.extra_slots
        return new


@attrs.define(kw_only=True, slots=True, eq=True)
class Community:
    """A Trading Post or Tribal Capital medallion.

    Attributes:
        kind: ``"Trading Post"`` or ``"Tribal Capital"``.
        favor: favor 0-3 of each player.
        pact: the player holding its Exclusive Pact (-1 none).
    """

    kind: str
    favor: list[int]
    pact: PlayerId = -1

    def copy(self) -> Community:
        """Independent copy (filled into a bare instance, see :data:`_NEW`)."""
        new: Community = _NEW(Community)
        new.kind = self.kind
        new.favor = self.favor.copy()
        new.pact = self.pact
        return new


@attrs.define(kw_only=True, slots=True, eq=True)
class BindingContract:
    """A signed Binding Trade Contract: ``seller`` owes ``buyer`` goods by ``deadline``.

    Attributes:
        seller: who must deliver.
        buyer: who receives.
        goods: the goods still owed (units by good).
        price: currency the buyer paid at signing and the contract still holds
            for the undelivered goods; paid to the seller as goods arrive.
        deadline: the round whose Upkeep enforces it.
    """

    seller: PlayerId
    buyer: PlayerId
    goods: Goods
    price: int
    deadline: int

    def units(self) -> int:
        """Units still owed."""
        return sum(self.goods.values())

    def copy(self) -> BindingContract:
        """Independent copy."""
        return BindingContract(seller=self.seller, buyer=self.buyer, goods=self.goods.copy(),
                               price=self.price, deadline=self.deadline)


@attrs.define(kw_only=True, slots=True, eq=True)
class TradeOffer:
    """An offer being put together or awaiting the target's answer (public).

    Attributes:
        offerer: who makes the offer.
        target: who is asked (-1 until chosen).
        give: goods the offerer hands over (a contract: the goods promised).
        ask: goods asked of the target (always empty for a contract).
        currency: net currency; positive: the target pays the offerer,
            negative: the offerer pays the target (a contract: the price, >= 0).
        binding: a Binding Trade Contract rather than a trade.
        deadline: a contract's deadline round (0 for a trade).
        edits: answers spent building the offer (bounded by ``trade_edits_max``).
    """

    offerer: PlayerId
    target: PlayerId = -1
    give: Goods = attrs.field(factory=dict)
    ask: Goods = attrs.field(factory=dict)
    currency: int = 0
    binding: bool = False
    deadline: int = 0
    edits: int = 0

    def copy(self) -> TradeOffer:
        """Independent copy."""
        return TradeOffer(offerer=self.offerer, target=self.target, give=self.give.copy(),
                          ask=self.ask.copy(), currency=self.currency, binding=self.binding,
                          deadline=self.deadline, edits=self.edits)


@attrs.define(kw_only=True, slots=True, eq=True)
class ShareLine:
    """A rail line with share certificates issued (module ``shares``; public).

    A line is a connected set of one owner's rail segments
    (:mod:`hexkit_soot.rules.shares`); it is recorded once its first
    certificate is issued, and named by one of its segments, which stays in
    it for the rest of the game (rail is never removed).

    Attributes:
        owner: the seat owning the line's rail.
        root: the :func:`~hexkit_soot.grid.edge_code` of a segment of the line
            (its smaller code of the two ends), the line's name.
        issued: certificates issued in the line (at most one per 3 segments).
        held: certificates held per seat; the owner holds those not sold yet.
        tolls: tolls paid on the line so far (matched by the bank).
    """

    owner: PlayerId
    root: int
    issued: int = 0
    held: list[int] = attrs.field(factory=list)
    tolls: int = 0

    def copy(self) -> ShareLine:
        """Independent copy."""
        return ShareLine(owner=self.owner, root=self.root, issued=self.issued, held=self.held.copy(),
                         tolls=self.tolls)


@attrs.define(kw_only=True, slots=True, eq=True)
class PlayerState:
    """One player's board, agents, goods and counters.

    Attributes:
        archetype: the drafted archetype ("" before the draft).
        currency: ¤ held (never negative).
        points: the public score track.
        prestige: prestige level (0 Neutral; see ``rules.toml``).
        soot: the Soot Track, 0-10.
        soot_marks: soot thresholds already passed (4, 8).
        explorers: hexes of the player's Explorers.
        builders: hexes of the player's Builders.
        caravans: the player's caravans.
        stock: goods in the warehouse network.
        loose: goods the player owns lying on hexes.
        warehouses: hexes of built warehouses.
        hand: cards in hand (names).
        secrets: kept secret objectives (indexes into the data).
        dealt: secret objectives dealt and not yet chosen.
        contracts: held contracts (indexes into the data).
        contracts_done: contracts fulfilled.
        loans: loans outstanding.
        actions: actions left this round.
        restricted: of those, actions usable only for Refine or Move.
        used: once-per-round things used this round ("discard", "overtime", ...).
        overtime: extra food owed this round from Overtime.
        upgrades: upgrade tiles owned.
        counters: effect state by name (for cards, upgrades, events).
        categories: camp categories already founded (first-of-category bonus).
        founded: settlements founded.
        camps_founded: camps founded over the game (abandoned ones included:
            the archetype's camp limit counts foundings).
        town_upgrades: Upgrade Settlement actions taken.
        made: goods this player's firings made this round (The Full Chain).
        lasting: names of effects active for this player for the rest of the game
            (Legacy cards such as The Steam Engine Patent); not upgrades.
        screened: in another player's view only, how many Cultural Artifacts and
            Specialty Materials this player keeps behind their screen (the
            split by kind is taken out of ``stock``); always 0 in a full state.
    """

    archetype: str = ""
    currency: int = 0
    points: int = 0
    prestige: int = 0
    soot: int = 0
    soot_marks: list[int] = attrs.field(factory=list)
    explorers: list[Hex] = attrs.field(factory=list)
    builders: list[Hex] = attrs.field(factory=list)
    caravans: list[Caravan] = attrs.field(factory=list)
    stock: Goods = attrs.field(factory=dict)
    loose: dict[Hex, Goods] = attrs.field(factory=dict)
    warehouses: list[Hex] = attrs.field(factory=list)
    hand: list[str] = attrs.field(factory=list)
    secrets: list[int] = attrs.field(factory=list)
    dealt: list[int] = attrs.field(factory=list)
    contracts: list[int] = attrs.field(factory=list)
    contracts_done: int = 0
    loans: int = 0
    actions: int = 0
    restricted: int = 0
    used: list[str] = attrs.field(factory=list)
    overtime: int = 0
    upgrades: list[str] = attrs.field(factory=list)
    counters: dict[str, int] = attrs.field(factory=dict)
    categories: list[str] = attrs.field(factory=list)
    founded: int = 0
    camps_founded: int = 0
    town_upgrades: int = 0
    made: list[str] = attrs.field(factory=list)
    lasting: list[str] = attrs.field(factory=list)
    screened: int = 0

    def copy(self) -> PlayerState:
        """Independent copy (containers copied level by level), filled into a
        bare instance field by field (see :data:`_NEW`)."""
        new: PlayerState = _NEW(PlayerState)
        new.archetype = self.archetype
        new.currency = self.currency
        new.points = self.points
        new.prestige = self.prestige
        new.soot = self.soot
        new.soot_marks = self.soot_marks.copy()
        new.explorers = self.explorers.copy()
        new.builders = self.builders.copy()
        new.caravans = _copy_caravans(self.caravans)
        new.stock = self.stock.copy()
        new.loose = dict(zip(self.loose, map(dict.copy, self.loose.values()))) if self.loose else {}
        new.warehouses = self.warehouses.copy()
        new.hand = self.hand.copy()
        new.secrets = self.secrets.copy()
        new.dealt = self.dealt.copy()
        new.contracts = self.contracts.copy()
        new.contracts_done = self.contracts_done
        new.loans = self.loans
        new.actions = self.actions
        new.restricted = self.restricted
        new.used = self.used.copy()
        new.overtime = self.overtime
        new.upgrades = self.upgrades.copy()
        new.counters = self.counters.copy()
        new.categories = self.categories.copy()
        new.founded = self.founded
        new.camps_founded = self.camps_founded
        new.town_upgrades = self.town_upgrades
        new.made = self.made.copy()
        new.lasting = self.lasting.copy()
        new.screened = self.screened
        return new


@attrs.define(kw_only=True, slots=True, eq=True)
class SootState(State):
    """A game of Soot & Timber in progress.

    Attributes:
        players: one :class:`PlayerState` per seat.
        round: the round number, 1-14 (0 during the draft).
        phase: ``"draft"``, ``"market"``, ``"actions"``, ``"upkeep"``,
            ``"production"``, ``"end"`` or ``"over"``.
        cursor: progress within a phase (the next player to handle).
        order: this round's turn order.
        passed: players who passed this round, in pass order.
        turn: the seat whose turn it is in the action cycle.
        event_token: the Event Token holder.
        draft_pool: archetypes still on offer in the draft.
        frontier_closed: Stage 1 has been triggered.
        last_round: the round after which the game ends (0 until Stage 1).
        triggered_by: who drew the Frontier Closes marker (-1: the round-12 end).
        tiles: placed tiles by hex (tile id into ``SootData.tile_list()``).
        water: hexes with a water overlay.
        tile_stack: the terrain stack, bottom first (hidden order); drawn as a core
            :class:`~hexkit.components.Deck` (:func:`hexkit_soot.rules.explore.tile_stack`).
        below_marker: tiles under the Frontier Closes marker.
        survey: the Surveyed Territory row: tile ids.
        surveyors: who surveyed each row tile.
        drawn: tiles drawn by the Explore in progress.
        bag: community bag contents by kind ("" = blank).
        communities: communities by hex.
        camps: camps by hex.
        stacks: depletion stacks by hex (placed when a camp is first founded).
        settlements: settlements by hex (the Central City included).
        route_kind: route kinds per hex and direction.
        route_owner: route owners per hex and direction.
        trails: per hex, a bit mask of the directions with a trail (bit ``d``:
            direction ``d``), kept under any road or rail built over it.
        prices: current price of each tracked good.
        floors: current price floor of each tracked good (``prices`` and
            ``floors`` are moved as a core :class:`~hexkit.components.PriceTrack`:
            :func:`hexkit_soot.ledger.price_track`).
        raw_bonus: permanent raw price rises from Scarcity Cascades.
        cascaded: resources whose Scarcity Cascade has happened.
        supply: the bank's token supply (:class:`TokenSupply`, a core
            :class:`~hexkit.components.Supply`; saved as the held counts by good).
        deck: the card draw pile (hidden order), bottom first.
        discard: the card discard pile.
        card_row: the card market row ("" = empty slot). The three are used
            as a core :class:`~hexkit.components.Deck` and
            :class:`~hexkit.components.MarketRow`
            (:func:`hexkit_soot.rules.cards.card_deck`, ``card_row``).
        legacy_gone: Legacy cards played for their ability (out of the game).
        events: the event deck, indexes, bottom first (hidden order).
        event_now: the event of this round (-1 none).
        active: names of effects active this round (events and cards).
        contract_deck: contract indexes, bottom first (hidden order).
        contract_later: Tier 2 and 3 contracts waiting for their season.
        contract_row: contract row slots (-1 empty).
        public: the public objectives.
        secret_deck: undealt secret objectives, bottom first (hidden order); dealt as a
            core :class:`~hexkit.components.Deck` (:func:`hexkit_soot.rules.objectives.secret_deck`).
        milestones: milestone name -> player who claimed it.
        shared_upgrades: copies left of each shared upgrade.
        flux: the 2P Market Flux draw pile (hidden order).
        flux_discard: flipped Market Flux cards.
        auction: the Legacy card being auctioned ("" none).
        bids: blind bids (-1 not yet bid; hidden until revealed).
        bindings: open Binding Trade Contracts.
        offer: the trade offer being built or awaiting an answer.
        outer_district: 0 not in play, 1 in play, 2 unlocked.
        played: "what was played": mechanism name (:data:`PLAYED`) -> count per seat.
            A row is a tuple, replaced by :func:`tally`, its one writer, so ``copy``
            shares rows with the original (saved as a JSON list).
        trust_camps: The Trust's camps by hex (module ``trust``; dead to players).
        module_state: optional modules' counters by key; the Trust's: ``trust.deck`` (card indexes,
            bottom first), ``trust.seized`` ([slots]), ``trust.points`` ([round bonuses]),
            ``trust.network`` (hex codes it explored).
        points_by: public-track points by source (:data:`POINT_SOURCES`) -> points per
            seat; over all sources a seat's entries sum to its ``PlayerState.points``.
            Rows are tuples, replaced by :func:`~hexkit_soot.ledger.gain_points`, and
            shared by ``copy`` as ``played``'s are.
        share_lines: rail lines with share certificates (module ``shares``), oldest first.
        revisions: revision stamps per section (:mod:`hexkit.revision`; index :data:`MAP`),
            set by the writers (:func:`touch_map`), copied by ``copy`` and views, never
            saved or compared (``init=False``, ``eq=False``: a loaded state gets fresh
            ones from ``SootGame.restore_derived``).
    """

    players: list[PlayerState] = attrs.field(factory=list)
    round: int = 0
    phase: str = "draft"
    cursor: int = 0
    order: list[PlayerId] = attrs.field(factory=list)
    passed: list[PlayerId] = attrs.field(factory=list)
    turn: PlayerId = 0
    event_token: PlayerId = 0
    draft_pool: list[str] = attrs.field(factory=list)
    frontier_closed: bool = False
    last_round: int = 0
    triggered_by: PlayerId = -1
    tiles: dict[Hex, int] = attrs.field(factory=dict)
    water: dict[Hex, bool] = attrs.field(factory=dict)
    tile_stack: list[int] = attrs.field(factory=list)
    below_marker: int = 0
    survey: list[int] = attrs.field(factory=list)
    surveyors: list[PlayerId] = attrs.field(factory=list)
    drawn: list[int] = attrs.field(factory=list)
    bag: dict[str, int] = attrs.field(factory=dict)
    communities: dict[Hex, Community] = attrs.field(factory=dict)
    camps: dict[Hex, Camp] = attrs.field(factory=dict)
    stacks: dict[Hex, int] = attrs.field(factory=dict)
    settlements: dict[Hex, Settlement] = attrs.field(factory=dict)
    route_kind: dict[Hex, Six] = attrs.field(factory=dict)
    route_owner: dict[Hex, Six] = attrs.field(factory=dict)
    trails: dict[Hex, int] = attrs.field(factory=dict)
    prices: dict[str, int] = attrs.field(factory=dict)
    floors: dict[str, int] = attrs.field(factory=dict)
    raw_bonus: dict[str, int] = attrs.field(factory=dict)
    cascaded: list[str] = attrs.field(factory=list)
    supply: TokenSupply = attrs.field(factory=lambda: TokenSupply.from_counts({}))
    deck: list[str] = attrs.field(factory=list)
    discard: list[str] = attrs.field(factory=list)
    card_row: list[str] = attrs.field(factory=list)
    legacy_gone: list[str] = attrs.field(factory=list)
    events: list[int] = attrs.field(factory=list)
    event_now: int = -1
    active: list[str] = attrs.field(factory=list)
    contract_deck: list[int] = attrs.field(factory=list)
    contract_later: list[int] = attrs.field(factory=list)
    contract_row: list[int] = attrs.field(factory=list)
    public: list[int] = attrs.field(factory=list)
    secret_deck: list[int] = attrs.field(factory=list)
    milestones: dict[str, PlayerId] = attrs.field(factory=dict)
    shared_upgrades: dict[str, int] = attrs.field(factory=dict)
    flux: list[int] = attrs.field(factory=list)
    flux_discard: list[int] = attrs.field(factory=list)
    auction: str = ""
    bids: list[int] = attrs.field(factory=list)
    bindings: list[BindingContract] = attrs.field(factory=list)
    offer: TradeOffer | None = None
    outer_district: int = 0
    played: dict[str, tuple[int, ...]] = attrs.field(factory=dict)
    points_by: dict[str, tuple[int, ...]] = attrs.field(factory=dict)
    trust_camps: dict[Hex, str] = attrs.field(factory=dict)
    module_state: dict[str, list[int]] = attrs.field(factory=dict)
    share_lines: list[ShareLine] = attrs.field(factory=list)
    revisions: list[int] = attrs.field(init=False, eq=False, repr=False,
                                       factory=lambda: fresh_revisions(SECTIONS))

    def __getstate__(self) -> dict[str, object]:
        """The fields for pickling (and ``copy.deepcopy``), the revision stamps left out:
        stamps never leave the process (:mod:`hexkit.revision`)."""
        return {f.name: getattr(self, f.name) for f in attrs.fields(SootState) if f.name != "revisions"}

    def __setstate__(self, fields: dict[str, object]) -> None:
        """Restore pickled fields and give every section a fresh stamp (another process's
        stamps may mean other values here)."""
        for name, value in fields.items():
            object.__setattr__(self, name, value)
        self.revisions = fresh_revisions(SECTIONS)

    def invalidate_legal(self) -> None:
        """Forget the cached legal actions and give every section a fresh revision stamp
        (:func:`renew_revisions`): a state changed by hand, outside ``apply``, must not
        reuse what was memoised for its old values."""
        State.invalidate_legal(self)
        self.revisions = fresh_revisions(SECTIONS)

    def copy(self) -> SootState:
        """A fast independent copy (the body of ``SootGame.clone``), filled into
        a bare instance field by field (see :data:`_NEW`); every field, the
        base class's included, is assigned here."""
        new: SootState = _NEW(SootState)
        # the base fields (State.base_fields_copy, inlined: no dict and setattr loop;
        # _BASE_FIELDS checks at import that these are all of them)
        new.config = self.config
        new.rng = self.rng.copy()
        new.step = self.step
        new.pending = self.pending.copy()
        new.log = self.log.copy()
        new.viewer = self.viewer
        State.invalidate_legal(new)  # the engine's cache only: the stamps are copied below
        new.players = [p.copy() for p in self.players]
        new.round = self.round
        new.phase = self.phase
        new.cursor = self.cursor
        new.order = self.order.copy()
        new.passed = self.passed.copy()
        new.turn = self.turn
        new.event_token = self.event_token
        new.draft_pool = self.draft_pool.copy()
        new.frontier_closed = self.frontier_closed
        new.last_round = self.last_round
        new.triggered_by = self.triggered_by
        new.tiles = self.tiles.copy()
        new.water = self.water.copy()
        new.tile_stack = self.tile_stack.copy()
        new.below_marker = self.below_marker
        new.survey = self.survey.copy()
        new.surveyors = self.surveyors.copy()
        new.drawn = self.drawn.copy()
        new.bag = self.bag.copy()
        new.communities = {h: c.copy() for h, c in self.communities.items()}
        new.camps = self.camps.copy()
        new.stacks = self.stacks.copy()
        new.settlements = {h: s.copy() for h, s in self.settlements.items()}
        new.route_kind = self.route_kind.copy()
        new.route_owner = self.route_owner.copy()
        new.trails = self.trails.copy()
        new.prices = self.prices.copy()
        new.floors = self.floors.copy()
        new.raw_bonus = self.raw_bonus.copy()
        new.cascaded = self.cascaded.copy()
        new.supply = self.supply.copy()
        new.deck = self.deck.copy()
        new.discard = self.discard.copy()
        new.card_row = self.card_row.copy()
        new.legacy_gone = self.legacy_gone.copy()
        new.events = self.events.copy()
        new.event_now = self.event_now
        new.active = self.active.copy()
        new.contract_deck = self.contract_deck.copy()
        new.contract_later = self.contract_later.copy()
        new.contract_row = self.contract_row.copy()
        new.public = self.public.copy()
        new.secret_deck = self.secret_deck.copy()
        new.milestones = self.milestones.copy()
        new.shared_upgrades = self.shared_upgrades.copy()
        new.flux = self.flux.copy()
        new.flux_discard = self.flux_discard.copy()
        new.auction = self.auction
        new.bids = self.bids.copy()
        new.bindings = [b.copy() for b in self.bindings]
        new.offer = self.offer.copy() if self.offer is not None else None
        new.outer_district = self.outer_district
        # dicts of lists, their values copied by map (no Python frame per list)
        # rows shared: they are tuples, replaced by tally and ledger.gain_points, their writers
        new.played = self.played.copy()
        new.points_by = self.points_by.copy()
        new.trust_camps = dict(self.trust_camps)
        new.module_state = {k: list(v) for k, v in self.module_state.items()}
        new.share_lines = [line.copy() for line in self.share_lines]  # module shares
        new.revisions = self.revisions.copy()  # same values, same stamps (hexkit.revision)
        return new


_BASE_FIELDS = ("config", "rng", "step", "pending", "log", "viewer", "_legal")
"""The core :class:`~hexkit.game.State` fields :meth:`SootState.copy` fills itself
(:meth:`~hexkit.game.State.base_fields_copy` inlined, a clone being on every search's
path; ``_legal`` through :meth:`~hexkit.game.State.invalidate_legal`)."""
if tuple(f.name for f in attrs.fields(State)) != _BASE_FIELDS:  # pragma: no cover - a core change
    raise ImportError(f"hexkit.game.State has fields {[f.name for f in attrs.fields(State)]}; "
                      f"SootState.copy assigns {list(_BASE_FIELDS)}: update it")
