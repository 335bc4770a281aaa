"""The state of an Empyreal: Spells & Steam game.

Flat and fast to clone: the map is lists indexed by cell number (see
:mod:`hexkit_empyreal.board`), holding immutable tuples; each Company's
Network is also kept as a bit mask of cells. The static map (neighbours,
edge, Cities) is not in the state: :func:`board` looks it up from
``layout``.

Source: rulebook, Components; Inside Your Company Folio.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from typing import Any

import attrs

from hexkit.components import Pool, Supply
from hexkit.game import State
from hexkit.revision import fresh_revisions, next_revision

from hexkit_empyreal.board import Board, board_for
from hexkit_empyreal.config import EmpyrealConfig
from hexkit_empyreal.data import EmpyrealData, game_data

__all__ = ["GoodsSupply", "PlayerState", "TurnState", "EmpyrealState", "PLAYED", "tally", "board", "data", "bits", "spread", "goods_out", "remember_asked", "recall_asked",
           "REV_MAP", "REV_SUPPLY", "REV_MARKET", "REV_STACKS", "REV_AWARDS", "REV_STANDS", "REV_SECTIONS",
           "folio_rev", "mana_rev", "touch", "touch_folio", "touch_mana"]

Cell = int
"""A hex of the map by number (index into :attr:`Board.hexes`)."""
Seat = int
"""A player's seat, 0 is the Start Player."""

PLAYED: tuple[str, ...] = (
    "spellcars_built",
    "specialists_hired",
    "transfers",
    "deliveries",
    "goods_delivered",
    "demand_tiles",
    "wastelands_placed",
    "upgrades",
    "administrates",
)
"""The mechanisms counted in :attr:`EmpyrealState.played` ("what was played").

``spellcars_built``: Spellcars placed in a railyard; ``specialists_hired``:
Specialists gained; ``transfers``: track built with at least one Transfer;
``deliveries``: deliveries of at least one Good (any means); ``goods_delivered``:
Goods picked up by deliveries; ``demand_tiles``: Demand Tiles taken;
``wastelands_placed``: Wasteland tiles placed; ``upgrades``: End of the Line
Upgrades chosen; ``administrates``: Administrate actions.
"""


@attrs.define(slots=True, eq=True)
class GoodsSupply(Supply[int]):
    """The Goods supply: a core :class:`~hexkit.components.Supply` keyed by colour index.

    It also reads as the list of counts per colour (its saved shape, and
    what a reader such as the RL observation encoder takes): ``supply[c]``,
    ``len(supply)`` (the colours), iteration in colour order. Moves go
    through the :class:`~hexkit.components.Supply` methods (``take``,
    ``put_back``), called by :mod:`hexkit_empyreal.rules.goods` alone.

    Source: rulebook, Components (35 Goods of each of six colours).
    """

    @classmethod
    def from_counts(cls, counts: Sequence[int]) -> GoodsSupply:
        """The supply holding ``counts[c]`` Goods of colour ``c``, nothing out.

        Counts are not checked (a loaded file's are named by
        :meth:`~hexkit_empyreal.game.EmpyrealGame.validate_state`).
        """
        supply = cls.__new__(cls)
        supply.stock = dict(enumerate(counts))
        supply.out = {}
        return supply

    def __len__(self) -> int:
        """The number of colours."""
        return len(self.stock)

    def __getitem__(self, colour: int) -> int:
        """Goods of ``colour`` in the supply.

        Raises:
            IndexError: no such colour.
        """
        try:
            return self.stock[colour]
        except KeyError:
            raise IndexError(f"no Good colour {colour}") from None

    def __iter__(self) -> Iterator[int]:
        """The counts in colour order."""
        stock = self.stock
        return iter([stock[c] for c in sorted(stock)])


@attrs.define(kw_only=True, slots=True, eq=True)
class PlayerState:
    """One Company's folio and pieces.

    Attributes:
        company: Company name ("" before Company selection).
        captain: Captain name; ``captain_ready`` is False while exhausted.
        engineer: Engineer name or ""; ``engineer_ready`` as for the Captain.
        surveyor: Surveyor name or ""; ``surveyor_used`` once flipped (once a game).
        station_masters: Station Masters in play (normally zero or one; a
            second one when Aella Ivaline Oran'hei put one over the Surveyor).
        over_surveyor: the Station Master in play over the Surveyor slot
            (put there by Aella Ivaline Oran'hei), or "". It is one of
            ``station_masters`` (its ability works as any other's) but does
            not fill the Station Master slot, so a Station Master can still
            be gained for that slot.
        pool: the mana crystals, available and spent (available + spent
            never exceeds the cap of 10; the cap is a rule of the game data,
            applied by :func:`hexkit_empyreal.rules.mana.gain`). Read it as
            :attr:`mana` and :attr:`spent`; it changes only through
            :mod:`hexkit_empyreal.rules.mana`. Saved as the two numbers
            ``mana`` and ``spent``.
        conductor: Conductor position: 0 is Start, 1..k the path spaces,
            k+1 the End of the Line.
        railyard: Spellcar id per slot (column * 3 + row); "" empty, "-" no slot.
        goods: delivered goods per colour.
        tiles: Demand Tiles taken, as (colour, kind) with kind 0 Double,
            1 Triple, 2 Quadruple.
        cars_left: train cars in the Company supply; taken and put back as a core
            :class:`~hexkit.components.Supply` made from it
            (:func:`hexkit_empyreal.rules.network.car_supply`).
        net: cells holding this Company's train cars, as a bit mask.
    """

    company: str = ""
    captain: str = ""
    captain_ready: bool = True
    engineer: str = ""
    engineer_ready: bool = True
    surveyor: str = ""
    surveyor_used: bool = False
    station_masters: list[str] = attrs.field(factory=list)
    over_surveyor: str = ""
    pool: Pool = attrs.field(factory=lambda: Pool(available=5))
    conductor: int = 0
    railyard: list[str] = attrs.field(factory=list)
    goods: list[int] = attrs.field(factory=lambda: [0] * 6)
    tiles: list[tuple[int, int]] = attrs.field(factory=list)
    cars_left: int = 35
    net: int = 0

    def copy(self) -> PlayerState:
        """An independent copy (slots set directly: the fast clone runs this per seat)."""
        new = _new_player(PlayerState)
        new.company = self.company
        new.captain = self.captain
        new.captain_ready = self.captain_ready
        new.engineer = self.engineer
        new.engineer_ready = self.engineer_ready
        new.surveyor = self.surveyor
        new.surveyor_used = self.surveyor_used
        new.station_masters = self.station_masters.copy()
        new.over_surveyor = self.over_surveyor
        new.pool = self.pool.copy()
        new.conductor = self.conductor
        new.railyard = self.railyard.copy()
        new.goods = self.goods.copy()
        new.tiles = self.tiles.copy()
        new.cars_left = self.cars_left
        new.net = self.net
        return new

    @property
    def mana(self) -> int:
        """Available mana crystals."""
        return self.pool.available

    @mana.setter
    def mana(self, value: int) -> None:
        # For building positions by hand (tests, tools): the rules change
        # mana only through hexkit_empyreal.rules.mana.
        self.pool.available = value

    @property
    def spent(self) -> int:
        """Spent mana crystals."""
        return self.pool.spent

    @spent.setter
    def spent(self, value: int) -> None:
        self.pool.spent = value

    @property
    def delivered(self) -> int:
        """Goods delivered in total."""
        return sum(self.goods)


@attrs.define(kw_only=True, slots=True, eq=True)
class TurnState:
    """What the current turn has done so far and the modifiers in force.

    Attributes:
        player: whose turn it is.
        activated: railyard slots activated this turn.
        activations: number of Spellcar activations paid so far.
        activating: True while Spellcars are being activated (mana gained
            then is locked).
        locked: mana gained by activations this turn, not yet spent; it
            cannot pay for another activation.
        move_costs: total mana to move 1-4 spaces this turn (rule and
            Specialist modifiers applied), or empty for the default.
        activation_costs: mana for the 1st, 2nd, 3rd activation, or empty.
        ignore_inherent: inherent Spellcar costs are ignored this turn.
        free_transfers: Transfers of any kind that are free this turn.
        free_hexes: cells that may be Transferred over for free this turn.
        last_built: the cell of the latest Build Track (-1 if none).
        extra_turn: the player takes another turn after this one.
        used: Specialists used this turn (once-a-turn Station Masters).
        gained: Spellcar ids gained this turn, in order (Milton Barts).
        twice: the slot being activated twice (Viona Larone), or -1.
        flags: free counters for effects (name -> value).
    """

    player: int = 0
    activated: list[int] = attrs.field(factory=list)
    activations: int = 0
    activating: bool = False
    locked: int = 0
    move_costs: tuple[int, ...] = ()
    activation_costs: tuple[int, ...] = ()
    ignore_inherent: bool = False
    free_transfers: int = 0
    free_hexes: list[int] = attrs.field(factory=list)
    last_built: int = -1
    extra_turn: bool = False
    used: list[str] = attrs.field(factory=list)
    gained: list[str] = attrs.field(factory=list)
    twice: int = -1
    flags: dict[str, int] = attrs.field(factory=dict)

    def copy(self) -> TurnState:
        """An independent copy (slots set directly, as :meth:`PlayerState.copy`)."""
        new = _new_turn(TurnState)
        new.player = self.player
        new.activated = self.activated.copy()
        new.activations = self.activations
        new.activating = self.activating
        new.locked = self.locked
        new.move_costs = self.move_costs
        new.activation_costs = self.activation_costs
        new.ignore_inherent = self.ignore_inherent
        new.free_transfers = self.free_transfers
        new.free_hexes = self.free_hexes.copy()
        new.last_built = self.last_built
        new.extra_turn = self.extra_turn
        new.used = self.used.copy()
        new.gained = self.gained.copy()
        new.twice = self.twice
        new.flags = self.flags.copy()
        return new


# Revision stamps (:mod:`hexkit.revision`): one per section of the state, in
# ``EmpyrealState._revs``. The function that writes a section's values stamps it
# (``touch``) after the write; clone and view copy the stamps, a load or a change by
# hand (``invalidate_legal``) gives fresh ones. Stamps are never saved or compared
# as game values. What each section covers (what an observer may skip while its
# stamp is unchanged):
REV_MAP = 0
"""``terrain`` and the Goods on the map (``goods``): :mod:`~hexkit_empyreal.rules.goods`, :mod:`~hexkit_empyreal.rules.wasteland`."""
REV_SUPPLY = 1
"""The Goods ``supply`` and the Wasteland tiles left (``wasteland``)."""
REV_MARKET = 2
"""The Spellcar ``market``, ``deck`` and ``discard`` (:mod:`~hexkit_empyreal.rules.railyard`)."""
REV_STACKS = 3
"""The Specialist ``stacks`` and ``box`` (:mod:`~hexkit_empyreal.rules.specialists`)."""
REV_AWARDS = 4
"""``awards``, ``award_offer`` and ``award_box``."""
REV_STANDS = 5
"""The Demand Tile ``stands``."""
_REV_SEATS = 6
REV_SECTIONS = _REV_SEATS + 2 * 6
"""Stamps per state: the six above, then two per seat slot (at most six seats):
the folio (:func:`folio_rev`) and the mana pool (:func:`mana_rev`). The plain
numbers that change on most turns have no stamp, readers compare them: a
seat's ``net``, ``cars_left`` and ``conductor``, the map's ``cars``, ``turn``,
``round``, ``phase`` and ``end_triggered``."""


def folio_rev(seat: int) -> int:
    """The section of ``seat``'s folio: every :class:`PlayerState` field but ``pool``, ``net``,
    ``cars_left`` and ``conductor`` (ints without a stamp)."""
    return _REV_SEATS + 2 * seat


def mana_rev(seat: int) -> int:
    """The section of ``seat``'s mana pool (written by :mod:`hexkit_empyreal.rules.mana` alone)."""
    return _REV_SEATS + 2 * seat + 1


def _new_revs() -> list[int]:
    # one new stamp for every section: never issued before, so no observer holds it for any
    # section (sections are compared one by one, never with each other)
    return [next_revision()] * REV_SECTIONS


def touch(state: EmpyrealState, section: int) -> None:
    """Stamp ``section`` (``REV_*``) of ``state`` anew: its writer calls it after changing its values."""
    state._revs[section] = next_revision()


def touch_folio(state: EmpyrealState, seat: int) -> None:
    """Stamp ``seat``'s folio anew (after changing a :class:`PlayerState` field of :func:`folio_rev`)."""
    state._revs[_REV_SEATS + 2 * seat] = next_revision()


def touch_mana(state: EmpyrealState, seat: int) -> None:
    """Stamp ``seat``'s mana pool anew (:mod:`hexkit_empyreal.rules.mana`, after a change)."""
    state._revs[_REV_SEATS + 2 * seat + 1] = next_revision()


_new_player = PlayerState.__new__
_new_turn = TurnState.__new__


@attrs.define(kw_only=True, slots=True, eq=True)
class EmpyrealState(State):
    """A whole game.

    Attributes:
        layout: the terrain board sides in use (keys the static :class:`Board`).
        terrain: terrain index of each cell (Wasteland tiles change it).
        goods: colours of the Goods on each cell (sorted tuple).
        cars: seats of the train cars on each cell (sorted tuple).
        stands: Demand Tiles left in each City's stand (stand order of
            :attr:`Board.cities`), as (colour, kind).
        supply: the Goods supply (:class:`GoodsSupply`, a core
            :class:`~hexkit.components.Supply` keyed by colour index):
            ``supply[c]`` Goods of colour ``c`` are in the supply,
            ``supply.out[c]`` on the map or on folios (the total of each
            colour never changes). It changes only through
            :mod:`hexkit_empyreal.rules.goods`. Saved as the list of counts
            per colour; ``out`` is counted again when a state is built with
            none (a loaded state).
        wasteland: Wasteland tiles left in the supply; taken as a core
            :class:`~hexkit.components.Supply` made from it
            (:func:`hexkit_empyreal.rules.wasteland.wasteland_supply`).
        deck: Spellcar draw pile (hidden order); ``discard``: discarded
            Spellcars; ``market``: the face-up Spellcar Market.
        stacks: the Specialist Market stacks, by type (Engineer, Surveyor,
            Station Master); face-down unless Open Information.
        box: Specialists returned to the box at set-up, by type.
        awards: Award tiles in play; ``award_offer``: Awards still in the
            Expert draft; ``award_box``: Awards not in play.
        players: one folio per seat.
        turn: the current turn.
        phase: ``setup``, ``play``, ``final`` (final deliveries) or ``over``.
        round: the round being played (1-based).
        end_triggered: the game end was triggered; the round is finished.
        free_captains: Captain placards not yet chosen.
        played: what was played so far: mechanism name (:data:`PLAYED`) to a
            count per seat.
    """

    layout: tuple[str, ...] = ()
    terrain: list[int] = attrs.field(factory=list)
    goods: list[tuple[int, ...]] = attrs.field(factory=list)
    cars: list[tuple[int, ...]] = attrs.field(factory=list)
    stands: list[list[tuple[int, int]]] = attrs.field(factory=list)
    supply: GoodsSupply = attrs.field(factory=lambda: GoodsSupply())
    wasteland: int = 0
    deck: list[str] = attrs.field(factory=list)
    discard: list[str] = attrs.field(factory=list)
    market: list[str] = attrs.field(factory=list)
    stacks: list[list[str]] = attrs.field(factory=list)
    box: list[list[str]] = attrs.field(factory=list)
    awards: list[str] = attrs.field(factory=list)
    award_offer: list[str] = attrs.field(factory=list)
    award_box: list[str] = attrs.field(factory=list)
    players: list[PlayerState] = attrs.field(factory=list)
    turn: TurnState = attrs.field(factory=TurnState)
    phase: str = "setup"
    round: int = 1
    end_triggered: bool = False
    free_captains: list[str] = attrs.field(factory=list)
    played: dict[str, list[int]] = attrs.field(factory=dict)
    _revs: list[int] = attrs.field(init=False, factory=_new_revs, eq=False, repr=False, alias="_revs")
    """Revision stamps by section (``REV_*``, :func:`folio_rev`, :func:`mana_rev`): not saved, not compared."""

    def __attrs_post_init__(self) -> None:
        supply = self.supply
        if not supply.out and supply.stock:  # loaded (``out`` is not saved), or built by hand
            supply.out = goods_out(self, len(supply.stock))

    def copy(self) -> EmpyrealState:
        """An independent copy (the fast clone); the revision stamps are copied."""
        new = EmpyrealState(
            **self.base_fields_copy(),
            layout=self.layout,
            terrain=self.terrain.copy(),
            goods=self.goods.copy(),
            cars=self.cars.copy(),
            stands=[s.copy() for s in self.stands],
            supply=self.supply.copy(),
            wasteland=self.wasteland,
            deck=self.deck.copy(),
            discard=self.discard.copy(),
            market=self.market.copy(),
            stacks=[s.copy() for s in self.stacks],
            box=[s.copy() for s in self.box],
            awards=self.awards.copy(),
            award_offer=self.award_offer.copy(),
            award_box=self.award_box.copy(),
            players=[p.copy() for p in self.players],
            turn=self.turn.copy(),
            phase=self.phase,
            round=self.round,
            end_triggered=self.end_triggered,
            free_captains=self.free_captains.copy(),
            played={k: v.copy() for k, v in self.played.items()},
        )
        new._revs = self._revs.copy()
        return new

    def restamp(self) -> None:
        """Give every section a fresh revision stamp (a loaded state; a state changed by hand)."""
        self._revs = fresh_revisions(REV_SECTIONS)

    def invalidate_legal(self) -> None:
        """Forget the cached legal actions, and the options found when the
        question on top was asked (:func:`remember_asked`), and stamp every
        section afresh (:meth:`restamp`): after changing a state by hand,
        outside :meth:`~hexkit.game.Game.apply`."""
        State.invalidate_legal(self)
        self.restamp()
        if _ASKED[1] is self:
            _ASKED[0] = _ASKED[1] = _ASKED[2] = None

    @property
    def cfg(self) -> EmpyrealConfig:
        """The config, typed."""
        config = self.config
        if not isinstance(config, EmpyrealConfig):
            raise TypeError("an Empyreal state needs an EmpyrealConfig")
        return config


def tally(state: EmpyrealState, name: str, seat: int, n: int = 1) -> None:
    """Count ``n`` more of mechanism ``name`` (one of :data:`PLAYED`) for ``seat``."""
    counts = state.played.get(name)
    if counts is None:
        counts = state.played[name] = [0] * len(state.players)
    counts[seat] += n


_last_board: list[object] = [None, None, None]


def board(state: EmpyrealState) -> Board:
    """The static :class:`Board` of a state's layout (identity-cached: clones share it)."""
    layout = state.layout
    config = state.config
    last = _last_board
    if last[0] is layout and last[1] is config:
        return last[2]  # type: ignore[return-value]
    b = board_for(layout, config)
    last[0], last[1], last[2] = layout, config, b
    return b


_last_data: list[object] = [None, None]


def data(state: EmpyrealState) -> EmpyrealData:
    """The component data of a state's game (identity-cached per config)."""
    config = state.config
    last = _last_data
    if last[0] is config:
        return last[1]  # type: ignore[return-value]
    d = game_data(config)
    last[0], last[1] = config, d
    return d


def spread(cells: int, nmask: Sequence[int]) -> int:
    """The union of the neighbour masks (``nmask``, one per cell) of every cell in ``cells``.

    The cells themselves are in it only where they neighbour each other.
    """
    out = 0
    while cells:  # few cells: no list of them
        low = cells & -cells
        out |= nmask[low.bit_length() - 1]
        cells ^= low
    return out


def bits(mask: int) -> list[int]:
    """Cells of a bit mask, lowest first."""
    out = []
    if mask.bit_count() > 8:
        # Dense masks: scan the binary digits (lowest cell first) at C speed.
        digits = bin(mask)[:1:-1]
        i = digits.find("1")
        while i >= 0:
            out.append(i)
            i = digits.find("1", i + 1)
        return out
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def goods_out(state: EmpyrealState, colours: int) -> dict[int, int]:
    """The Goods of each colour ``0 .. colours-1`` out of the supply: on the map plus on folios.

    What the Goods supply keeps as ``out`` (a colour with none out has no
    entry). Colours outside the range, which
    :meth:`~hexkit_empyreal.game.EmpyrealGame.validate_state` reports, are
    left out.
    """
    out = [0] * colours
    for goods in state.goods:
        for colour in goods:
            if 0 <= colour < colours:
                out[colour] += 1
    for ps in state.players:
        for colour, n in enumerate(ps.goods[:colours]):
            out[colour] += n
    return {c: n for c, n in enumerate(out) if n}


_ASKED: list[Any] = [None, None, None]


def remember_asked(state: EmpyrealState, question: object, options: Sequence[object]) -> None:
    """Keep the options a step found for the question it is leaving on top of ``state``.

    Memoised per decision: the step that asks must find the options anyway
    (to ask at all, or to skip a question with none), and the question's
    handler lists them next, on the same state with nothing changed in
    between; :func:`recall_asked` hands them over once. A state changed by
    hand in between must call :meth:`EmpyrealState.invalidate_legal`, as
    for the engine's own cache.
    """
    _ASKED[0], _ASKED[1], _ASKED[2] = question, state, options


def recall_asked(state: EmpyrealState, question: object) -> Sequence[object] | None:
    """The options :func:`remember_asked` kept for ``question`` on top of ``state`` (taken once), or ``None``."""
    memo = _ASKED
    if memo[0] is question and memo[1] is state and state.pending and state.pending[-1] is question:
        found: Sequence[object] = memo[2]
        memo[0] = memo[1] = memo[2] = None
        return found
    return None
