"""Consistency checks of a loaded Empyreal state: names, indices, counts and the pending stack.

:meth:`EmpyrealGame.validate_state` refuses a saved state whose numbers
break the rules' bounds; :func:`check_bounds` adds the references that
cannot be right (a Spellcar, Specialist, Award, board side, Company or
Captain the data does not know, a Demand Tile kind or a Good colour out of
range, a cell off the map, a seat that does not exist, a question no rule
asks) which would otherwise load and fail moves later with a bare
``IndexError`` or ``KeyError``. Every problem is collected and each names
its field, as ``state.players.1.tiles.0``.

Source: rulebook, Components (Demand Tiles: Double, Triple, Quadruple;
the Specialist types); Setting Up the Game; Gameplay (turn order).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

import attrs

from hexkit.validation import Problems

from hexkit_empyreal.actions import EFFECT_STEPS as TYPED_EFFECT_STEPS
from hexkit_empyreal.actions import TURN_STEPS, PlaceGood
from hexkit_empyreal.actions import (
    ActivateSpellcars,
    AdministrateSteps,
    Branch,
    BuildTrack,
    ChooseHex,
    ChooseOption,
    ChooseSpecialist,
    ChooseSpecialistType,
    ClaimDemand,
    DeliverChoice,
    EliminateAward,
    GoodsAround,
    MainAction,
    PickGoods,
    PlaceHeadquarters,
    PlaceSpellcar,
    SelectCaptain,
    SelectCompany,
    SpecialistPhase,
    TakeSpellcar,
    UpgradeChoice,
)
from hexkit_empyreal.board import Board, board_for
from hexkit_empyreal.data import SPECIALIST_TYPES, TERRAINS, WASTELAND, EmpyrealData
from hexkit_empyreal.effects.registry import passives_of
from hexkit_empyreal.rules.dispatch import LISTS
from hexkit_empyreal.rules.turn import ADMIN_STEPS
from hexkit_empyreal.state import PLAYED, EmpyrealState, data

__all__ = ["check_bounds", "PHASES", "HIDDEN"]

PHASES = frozenset({"setup", "play", "final", "over"})
"""Every value ``EmpyrealState.phase`` takes."""

HIDDEN = "?"
"""What a redacted Specialist or Award looks like in a view."""

DELIVERY_MODES = frozenset({"eol", "final", "effect"})
"""The ways a delivery is made (End of the Line, final delivery, an effect)."""

SETUP_STEPS = (SelectCompany, SelectCaptain, EliminateAward, PlaceHeadquarters)
"""Questions asked only while the game is set up."""

TYPED_STEPS = (
    SpecialistPhase, MainAction, AdministrateSteps, ActivateSpellcars, UpgradeChoice, TakeSpellcar,
    PlaceSpellcar, ChooseSpecialistType, ChooseSpecialist, BuildTrack, Branch,
)
"""Questions asked only of the player whose turn it is (during play)."""


def check_bounds(state: EmpyrealState, problems: Problems) -> None:
    """Add every name, index and count of ``state`` that is out of bounds to ``problems``.

    Checks the board sides and the map's lists (terrain, Goods, cars per
    cell); the Demand Tile stands and the tiles taken (colour and kind); the
    Spellcar deck, discard and Market; the Specialist stacks and box by
    type; the Awards; each folio's Conductor, tiles and counts; the turn's
    seat, slots, cells and names; the phase and round; the free Captains;
    the ``played`` counters; and each pending question (its step, domain,
    names and indices, the seat it asks, and that the seat to move is the
    one whose turn it is).

    Args:
        state: a loaded state (a full state or a player's view).
        problems: where the problems go.
    """
    d = data(state)
    b = _board(state, d, problems)
    cells = len(b.hexes) if b is not None else None
    _check_map(state, d, b, problems)
    _check_piles(state, d, problems)
    for seat, folio in enumerate(state.players):
        _check_folio(state, d, seat, folio, problems)
    _check_turn(state, d, cells, problems)
    _check_played(state, problems)
    _check_pending(state, d, b, problems)
    _check_once(state, problems)


def _check_once(state: EmpyrealState, problems: Problems) -> None:
    """Each Spellcar tile is in one place at a time; a Company and a Captain belong to one player."""
    seen: dict[str, str] = {}
    places = [("state.deck", state.deck), ("state.discard", state.discard), ("state.market", state.market)]
    places += [(f"state.players.{seat}.railyard", folio.railyard) for seat, folio in enumerate(state.players)]
    for field, names in places:
        for i, name in enumerate(names):
            if name in ("", "-", HIDDEN):
                continue
            if name in seen:
                problems.add(f"{field}.{i}", f"Spellcar {name!r} is also at {seen[name]}")
            else:
                seen[name] = f"{field}.{i}"
    for what in ("company", "captain"):
        owner: dict[str, int] = {}
        for seat, folio in enumerate(state.players):
            name = getattr(folio, what)
            if name and name in owner:
                problems.add(f"state.players.{seat}.{what}", f"{name!r} is P{owner[name]}'s too")
            owner.setdefault(name, seat)
            if what == "captain" and name and name in state.free_captains:
                problems.add(f"state.players.{seat}.captain", f"{name!r} is also among state.free_captains")


def _names(problems: Problems, field: str, names: Iterable[str], known: Iterable[str], what: str,
           allow: Iterable[str] = ()) -> None:
    ok = set(known) | set(allow)
    for i, name in enumerate(names):
        if name not in ok:
            problems.add(f"{field}.{i}", f"{name!r} is not {what} of this game")


def _index(problems: Problems, field: str, value: int, size: int, what: str, none: bool = False) -> None:
    if not (0 <= value < size or (none and value == -1)):
        allowed = f"-1 or 0..{size - 1}" if none else f"0..{size - 1}"
        problems.add(field, f"{value} is not {what} ({allowed})")


def _not_negative(problems: Problems, field: str, value: int) -> None:
    if value < 0:
        problems.add(field, f"must not be negative, got {value}")


def _board(state: EmpyrealState, d: EmpyrealData, problems: Problems) -> Board | None:
    sides = {s.id for s in d.boards}
    bad = [i for i, side in enumerate(state.layout) if side not in sides]
    for i in bad:
        problems.add(f"state.layout.{i}", f"{state.layout[i]!r} is not a board side of this game")
    if bad:
        return None
    try:
        return board_for(state.layout, state.config)
    except (ValueError, KeyError, IndexError) as exc:
        problems.add("state.layout", f"the board sides {list(state.layout)} do not make a map: {exc}")
        return None


def _check_map(state: EmpyrealState, d: EmpyrealData, b: Board | None, problems: Problems) -> None:
    colours = len(d.goods)
    if b is not None:
        for name in ("terrain", "goods", "cars"):
            got = len(getattr(state, name))
            if got != len(b.hexes):
                problems.add(f"state.{name}", f"{got} cells; the map has {len(b.hexes)}")
        if len(state.stands) != len(b.cities):
            problems.add("state.stands", f"{len(state.stands)} stands; the map has {len(b.cities)} Cities")
    for cell, terrain in enumerate(state.terrain):
        _index(problems, f"state.terrain.{cell}", terrain, len(TERRAINS), "a terrain")
    if b is not None and len(state.terrain) == len(b.hexes):
        _check_wasteland(state, d, b, problems)
    if b is not None and len(state.stands) == len(b.cities):
        _check_demand_tiles(state, d, b, problems)
    for cell, goods in enumerate(state.goods):
        for i, colour in enumerate(goods):
            _index(problems, f"state.goods.{cell}.{i}", colour, colours, "a Good colour")
    for s, stand in enumerate(state.stands):
        _tiles(problems, f"state.stands.{s}", stand, colours, len(d.rules.demand_values))
    stock = state.supply.stock
    if sorted(stock) != list(range(len(stock))) or len(stock) != colours:
        problems.add("state.supply", f"{len(stock)} counts; the game has {colours} Goods")


def _check_wasteland(state: EmpyrealState, d: EmpyrealData, b: Board, problems: Problems) -> None:
    """Terrain changes only where a Wasteland tile was placed, and the tiles placed plus those left
    in the supply are the game's ``rules.wasteland_tiles``.

    Source: rulebook, Components (Wasteland tiles); "Wasteland" (a tile covers a hex's printed terrain).
    """
    placed = 0
    for cell, (now, printed) in enumerate(zip(state.terrain, b.start_terrain)):
        if now == printed:
            continue
        if now != WASTELAND:
            problems.add(f"state.terrain.{cell}", f"{TERRAINS[now] if 0 <= now < len(TERRAINS) else now} on a hex"
                         f" printed {TERRAINS[printed]}: only a Wasteland tile changes a hex's terrain")
            continue
        placed += 1
    tiles = d.rules.wasteland_tiles
    if 0 <= state.wasteland <= tiles and state.wasteland + placed != tiles:
        problems.add("state.wasteland", f"{state.wasteland} left + {placed} placed on the map is not the game's {tiles}")


def _check_demand_tiles(state: EmpyrealState, d: EmpyrealData, b: Board, problems: Problems) -> None:
    """The Demand Tiles in the stands and on folios are the ones set-up placed: for each City, of its
    colour, ``rules.demand_per_city[players]`` Doubles, Triples and Quadruples (a Surveyor may swap
    tiles between stands, and a delivery moves one to a folio, but none comes or goes).

    Source: rulebook, Setting Up the Game, "Place Demands".
    """
    per = d.rules.demand_per_city
    players = state.config.players
    if not 0 <= players < len(per):
        return
    placed: Counter[tuple[int, int]] = Counter()
    for colour in b.city_colour:
        for kind, count in enumerate(per[players]):
            placed[(colour, kind)] += count
    now: Counter[tuple[int, int]] = Counter((c, k) for stand in state.stands for c, k in stand)
    now.update((c, k) for ps in state.players for c, k in ps.tiles)
    colours, kinds = len(d.goods), len(d.rules.demand_values)
    if any(not (0 <= c < colours and 0 <= k < kinds) for c, k in now):
        return  # a tile out of range is named by its own field
    names = ("Double", "Triple", "Quadruple")
    for tile in sorted(set(now) | set(placed)):
        if now[tile] != placed[tile]:
            colour, kind = tile
            name = names[kind] if kind < len(names) else f"kind {kind}"
            problems.add("state.stands", f"{now[tile]} {name} of colour {colour} in the stands and on folios;"
                         f" set-up placed {placed[tile]}")


def _tiles(problems: Problems, field: str, tiles: list[tuple[int, int]], colours: int, kinds: int) -> None:
    for i, (colour, kind) in enumerate(tiles):
        _index(problems, f"{field}.{i}.0", colour, colours, "a Good colour")
        _index(problems, f"{field}.{i}.1", kind, kinds, "a Demand Tile kind (0 Double, 1 Triple, 2 Quadruple)")


def _hidden(state: EmpyrealState) -> tuple[str, ...]:
    """The names allowed for what is face down: ``?`` in a player's view, nothing in a full state."""
    return (HIDDEN,) if state.viewer is not None else ()


def _check_piles(state: EmpyrealState, d: EmpyrealData, problems: Problems) -> None:
    spellcars = d.spellcars
    _names(problems, "state.deck", state.deck, spellcars, "a Spellcar")
    _names(problems, "state.discard", state.discard, spellcars, "a Spellcar")
    _names(problems, "state.market", state.market, spellcars, "a Spellcar", allow=("",))
    for field, piles in (("state.stacks", state.stacks), ("state.box", state.box)):
        if len(piles) != len(SPECIALIST_TYPES):
            problems.add(field, f"{len(piles)} piles; there are {len(SPECIALIST_TYPES)} Specialist types")
        for t, pile in enumerate(piles[: len(SPECIALIST_TYPES)]):
            kind = SPECIALIST_TYPES[t]
            known = (s.name for s in d.specialists if s.type == kind)
            _names(problems, f"{field}.{t}", pile, known, f"a{'n' if kind == 'Engineer' else ''} {kind}",
                   allow=_hidden(state))
    awards = d.award_by_name
    _names(problems, "state.awards", state.awards, awards, "an Award")
    _names(problems, "state.award_offer", state.award_offer, awards, "an Award")
    _names(problems, "state.award_box", state.award_box, awards, "an Award", allow=_hidden(state))
    _names(problems, "state.free_captains", state.free_captains, (c.name for c in d.captains), "a Captain")
    if state.phase not in PHASES:
        problems.add("state.phase", f"{state.phase!r} is not one of {sorted(PHASES)}")
    limit = state.cfg.round_limit if state.cfg.round_limit is not None else d.rules.round_limit
    if state.round < 1 or (limit and state.round > limit + 1):
        problems.add("state.round", f"{state.round} is outside 1..{limit + 1 if limit else 'any'}")
    _not_negative(problems, "state.wasteland", state.wasteland)


def _check_folio(state: EmpyrealState, d: EmpyrealData, seat: int, folio: Any, problems: Problems) -> None:
    where = f"state.players.{seat}"
    by_type = {kind: {s.name for s in d.specialists if s.type == kind} for kind in SPECIALIST_TYPES}
    for field, kind in (("engineer", "Engineer"), ("surveyor", "Surveyor"), ("over_surveyor", "Station Master")):
        name = getattr(folio, field)
        if name and name not in _hidden(state) and name not in by_type[kind]:
            problems.add(f"{where}.{field}", f"{name!r} is not a{'n' if kind == 'Engineer' else ''} {kind}")
    _names(problems, f"{where}.station_masters", folio.station_masters, by_type["Station Master"],
           "a Station Master", allow=_hidden(state))
    _tiles(problems, f"{where}.tiles", folio.tiles, len(d.goods), len(d.rules.demand_values))
    company = d.company_by_name.get(folio.company)
    if company is not None:
        ends = len(company.columns) + 1
        _index(problems, f"{where}.conductor", folio.conductor, ends + 1, "a Conductor space")
        slots = len(company.columns) * 3
        if folio.railyard and len(folio.railyard) != slots:
            problems.add(f"{where}.railyard", f"{len(folio.railyard)} slots; {folio.company} has {slots}")
    elif folio.company == "" and state.phase != "setup":
        problems.add(f"{where}.company", "no Company chosen after set-up")
    elif folio.company == "" and (folio.captain or folio.net):
        problems.add(f"{where}.company", "no Company, but a Captain or train cars on the map")
    for name in ("spent", "cars_left", "conductor"):
        _not_negative(problems, f"{where}.{name}", getattr(folio, name))


def _check_turn(state: EmpyrealState, d: EmpyrealData, cells: int | None, problems: Problems) -> None:
    turn, n = state.turn, state.config.players
    _index(problems, "state.turn.player", turn.player, n, "a seat")
    slots = len(state.players[turn.player].railyard) if 0 <= turn.player < len(state.players) else 0
    for i, slot in enumerate(turn.activated):
        _index(problems, f"state.turn.activated.{i}", slot, slots, "a railyard slot")
    _index(problems, "state.turn.twice", turn.twice, slots, "a railyard slot", none=True)
    for name in ("activations", "locked", "free_transfers"):
        _not_negative(problems, f"state.turn.{name}", getattr(turn, name))
    if 0 <= turn.player < len(state.players) and turn.locked > state.players[turn.player].pool.available:
        # locked mana is mana gained by this turn's activations and still held (rules/mana.py)
        problems.add("state.turn.locked", f"{turn.locked} mana locked, but P{turn.player} holds"
                     f" {state.players[turn.player].pool.available}")
    for i, cost in enumerate(turn.move_costs):
        _not_negative(problems, f"state.turn.move_costs.{i}", cost)
    for i, cost in enumerate(turn.activation_costs):
        _not_negative(problems, f"state.turn.activation_costs.{i}", cost)
    if cells is not None:
        _index(problems, "state.turn.last_built", turn.last_built, cells, "a cell", none=True)
        for i, cell in enumerate(turn.free_hexes):
            _index(problems, f"state.turn.free_hexes.{i}", cell, cells, "a cell")
    _names(problems, "state.turn.used", turn.used, d.specialist_by_name, "a Specialist")
    _names(problems, "state.turn.gained", turn.gained, d.spellcars, "a Spellcar")


def _check_played(state: EmpyrealState, problems: Problems) -> None:
    """The ``played`` counters: a known mechanism name -> one count >= 0 per seat."""
    n = state.config.players
    for name, counts in state.played.items():
        if name not in PLAYED:
            problems.add(f"state.played.{name}", "is not a mechanism this game counts")
        if len(counts) != n:
            problems.add(f"state.played.{name}", f"{len(counts)} counts for a {n}-player game")
        for seat, count in enumerate(counts):
            _not_negative(problems, f"state.played.{name}.{seat}", count)


def _check_pending(state: EmpyrealState, d: EmpyrealData, b: Board | None, problems: Problems) -> None:
    n = state.config.players
    if state.phase == "over" and state.pending:
        problems.add("state.pending", f"{len(state.pending)} questions pending in a finished game")
    if state.phase in PHASES - {"over"} and not state.pending:
        problems.add("state.pending", f"no question pending in phase {state.phase!r}: the game is not over")
    for kind in (SelectCompany, PlaceHeadquarters):
        seats = [step.player for step in state.pending if type(step) is kind]
        if len(set(seats)) != len(seats):
            problems.add("state.pending", f"a seat is asked twice for {kind.__name__}: {seats}")
    for i, step in enumerate(state.pending):
        where = f"state.pending.{i}"
        if not 0 <= step.player < n:
            continue  # the base check names it
        _check_step(state, d, b, where, step, problems)
        top = i == len(state.pending) - 1  # answered next; those below may wait for a Company
        if top and isinstance(step, PlaceHeadquarters) and not state.players[step.player].company:
            problems.add(f"{where}.player", f"seat {step.player} has no Company yet")
        if isinstance(step, SelectCompany) and state.players[step.player].company:
            problems.add(f"{where}.player", f"seat {step.player} has a Company already")
        if isinstance(step, SETUP_STEPS) and state.phase != "setup":
            problems.add(where, f"a set-up question ({type(step).__name__}) in phase {state.phase!r}")
        if isinstance(step, TYPED_STEPS) and state.phase == "play" and step.player != state.turn.player:
            problems.add(f"{where}.player", f"seat {step.player} is asked, but it is seat"
                         f" {state.turn.player}'s turn")


_STEPS_WITH_STEPS = frozenset(k for k in TYPED_EFFECT_STEPS if any(f.name == "steps" for f in attrs.fields(k)))
"""The typed steps that carry further steps (checked like an op's)."""


_CELL_FIELDS = frozenset({"cell", "source", "target", "mine", "theirs"})
"""The integer fields of the typed steps and continuations that hold a cell of the map."""
_COLOUR_FIELDS = frozenset({"colour", "old"})
"""The integer fields that hold a Good colour's index (``TransmuteDo.old``: the colour replaced)."""
_COUNT_FIELDS = frozenset({"count", "times", "amount"})


def _check_fields(d: EmpyrealData, where: str, step: Any, cells: int | None, problems: Problems) -> None:
    """A typed step's (or continuation's) cells, colours and counts, by field name.

    ``PlaceGood`` alone takes ``-1`` for both (the hex just built on; the
    player's choice of colour).
    """
    unset = isinstance(step, PlaceGood)
    for field in attrs.fields(type(step)):
        value = getattr(step, field.name)
        if not isinstance(value, int) or isinstance(value, bool):
            if field.name == "colour" and isinstance(value, str) and value not in d.colours:
                problems.add(f"{where}.colour", f"{value!r} is not a Good colour of this game")
            continue
        if field.name in _CELL_FIELDS and cells is not None:
            _index(problems, f"{where}.{field.name}", value, cells, "a cell", none=unset)
        elif field.name in _COLOUR_FIELDS:
            _index(problems, f"{where}.{field.name}", value, len(d.goods), "a Good colour", none=unset)
        elif field.name in _COUNT_FIELDS:
            _not_negative(problems, f"{where}.{field.name}", value)


def _check_choice(step: ChooseHex | ChooseOption, where: str, cells: int | None, problems: Problems) -> None:
    """A generic choice's continuation and domain: known to this game, and the domain's
    listing able to read the continuation it is paired with."""
    then, domain = step.then, step.domain
    if domain is None:
        return
    if type(domain) not in LISTS:
        problems.add(f"{where}.domain", f"{type(domain).__name__} is not listed by this game")
    if domain.reads and not isinstance(then, domain.reads):
        wanted = " or ".join(k.__name__ for k in domain.reads)
        problems.add(f"{where}.then", f"{type(domain).__name__} reads a {wanted}, not {type(then).__name__}")
    if isinstance(domain, GoodsAround) and cells is not None:
        _index(problems, f"{where}.domain.centre", domain.centre, cells, "a cell")


def _check_step(state: EmpyrealState, d: EmpyrealData, b: Board | None, where: str, step: Any,
                problems: Problems) -> None:
    """The names and indices one pending question carries."""
    if not 0 <= step.player < state.config.players:
        problems.add(f"{where}.player", f"seat {step.player} is not in a {state.config.players}-player game")
        return
    colours = len(d.goods)
    stands = len(b.cities) if b is not None else None
    cells = len(b.hexes) if b is not None else None
    if isinstance(step, TYPED_EFFECT_STEPS + TURN_STEPS):
        _check_fields(d, where, step, cells, problems)
    if isinstance(step, (ChooseOption, ChooseHex)):
        _check_choice(step, where, cells, problems)
        if step.then is not None:
            _check_fields(d, f"{where}.then", step.then, cells, problems)
        for k, sub in enumerate(getattr(step.then, "steps", ())):
            _check_step(state, d, b, f"{where}.then.steps.{k}", sub, problems)
    if isinstance(step, Branch):
        if len(step.labels) != len(step.branches):
            problems.add(f"{where}.branches", f"{len(step.branches)} branches for {len(step.labels)} labels")
        for j, branch in enumerate(step.branches):
            for k, sub in enumerate(branch):
                _check_step(state, d, b, f"{where}.branches.{j}.{k}", sub, problems)
    if type(step) in _STEPS_WITH_STEPS:
        for k, sub in enumerate(step.steps):
            _check_step(state, d, b, f"{where}.steps.{k}", sub, problems)
    if isinstance(step, (PickGoods, ClaimDemand)):
        if stands is not None:
            _index(problems, f"{where}.stand", step.stand, stands, "a City stand")
        _index(problems, f"{where}.colour", step.colour, colours, "a Good colour")
        _not_negative(problems, f"{where}.count", step.count)
    if isinstance(step, (DeliverChoice, PickGoods, ClaimDemand)) and step.mode not in DELIVERY_MODES:
        problems.add(f"{where}.mode", f"{step.mode!r} is not one of {sorted(DELIVERY_MODES)}")
    if isinstance(step, (DeliverChoice, PickGoods)):
        _not_negative(problems, f"{where}.limit", step.limit)
    if isinstance(step, AdministrateSteps):
        extras = (name for p in passives_of(state, step.player) for name, _ in p.administrate_steps(state, step.player))
        _names(problems, f"{where}.remaining", step.remaining, (*ADMIN_STEPS, *extras), "an Administrate step")
        if len(set(step.remaining)) != len(step.remaining):
            problems.add(f"{where}.remaining", "a step appears twice")
    if isinstance(step, ChooseSpecialist):
        _index(problems, f"{where}.kind", step.kind, len(SPECIALIST_TYPES),
               "a Specialist type (0 Engineer, 1 Surveyor, 2 Station Master)")
    if isinstance(step, PlaceSpellcar) and step.spellcar not in d.spellcars:
        problems.add(f"{where}.spellcar", f"{step.spellcar!r} is not a Spellcar of this game")
    if isinstance(step, SelectCaptain) and step.company not in d.company_by_name:
        problems.add(f"{where}.company", f"{step.company!r} is not a Company of this game")
    if isinstance(step, PlaceHeadquarters) and cells is not None:
        _index(problems, f"{where}.first", step.first, cells, "a cell", none=True)
    if isinstance(step, BuildTrack):
        for j, terrain in enumerate(step.target.terrains):
            _index(problems, f"{where}.target.terrains.{j}", terrain, len(TERRAINS), "a terrain")
        if cells is not None:
            for j, cell in enumerate(step.target.cells):
                _index(problems, f"{where}.target.cells.{j}", cell, cells, "a cell")
