"""Structures: facilities, warehouses, City training, the Outer District.

Build Structure costs 1 action + the structure's resources, with your
Builder on the hex and, at a settlement, route access to it
(:mod:`.access`, I51). Tier 2 facilities go in settlement slots; Tier 3
facilities in the Central City's slots (4, 3 at 2 players, +2 with the
Outer District) or one per City. The builder owns the facility. A
founder's reserved slot (if they chose to reserve one) is kept for them
for 3 rounds. Warehouses (2
Lumber + 1 Stone, at most 2) go at a settlement or your own camp and make
the hex a node of your network; they take no facility slot and are not
facilities, so the Founder's Charter does not pay for one (assumed, I54).
A City trains one caravan per game for any player (3 Grain + 2¤, 1
action). At 5-6 players the Outer District tile lies beside the Central
City from set-up (``state.OUTER_HEX``) and adds 2 Tier 3 slots to the
Central City once someone unlocks it (4 Cut Stone, 1 action, +2 points);
facilities in those slots are Central City facilities (assumed, I56).

Source: rulebook, "Facilities", "Central City", "Warehouses & Network",
"Gaining agents" (City training), §23 Outer District.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from hexkit.game import PlayerId
from hexkit.hexes import Hex
from hexkit_soot.actions import BuildStructure, Choose, TrainCaravan, UnlockOuterDistrict
from hexkit_soot.grid import code_hex, distinct_sorted, hex_code
from hexkit_soot.ledger import data, gain_points
from hexkit_soot.rules.access import route_access
from hexkit_soot.rules.camps import builder_discount
from hexkit_soot.rules.cards import build_payment, wild_cards
from hexkit_soot.rules.network import affordable, build_pool, can_build, pay_build, waivable
from hexkit_soot.rules.payment import SettlingHandler
from hexkit_soot.rules.settlements import charter, slots_of
from hexkit_soot.rules.steps import main_action, opt
from hexkit_soot.data import SootData
from hexkit_soot.state import CENTRAL_CITY, Caravan, Facility, Goods, SootState, touch_map
from hexkit_soot.state import tally as _tally  # "what was played" counters

__all__ = ["buildable", "free_slots", "BuildHandler", "TrainHandler", "OuterHandler"]


def free_slots(state: SootState, at: Hex, player: PlayerId) -> int:
    """Facility slots at ``at`` that ``player`` may build in now.

    Args:
        state: the game.
        at: the hex.
        player: who would build.
    """
    s = state.settlements[at]
    free = slots_of(state, at) - len(s.facilities)
    if s.reserve_owner >= 0 and s.reserve_owner != player and state.round <= s.reserve_until:
        free -= 1
    return free


def buildable(state: SootState, player: PlayerId, at: Hex) -> list[str]:
    """Structures ``player`` may build on ``at`` now (ignoring cost).

    A settlement's slots and its warehouse place need route access (I51);
    a warehouse on your own camp does not.

    Args:
        state: the game.
        player: the seat concerned.
        at: the hex.
    """
    d = data(state)
    out: list[str] = []
    s = state.settlements.get(at)
    p = state.players[player]
    if s is not None and free_slots(state, at, player) > 0:
        if s.kind == "Central City":
            out.extend(d.facilities_of_tier(3))
        else:
            out.extend(d.facilities_of_tier(2))
            if s.tier == 3 and not any(d.facilities[f.name].tier == 3 for f in s.facilities):
                out.extend(d.facilities_of_tier(3))
    if (at != CENTRAL_CITY and at not in p.warehouses and len(p.warehouses) < d.numbers.warehouses_max
            and ((s is not None) or (at in state.camps and state.camps[at].owner == player))):
        out.append("Warehouse")
    if out and s is not None and not route_access(state, player, at):  # the search last: most hexes offer nothing
        return []
    return out


def _cost(state: SootState, player: PlayerId, at: Hex, name: str) -> tuple[dict[str, int], int]:
    """The printed goods of ``name`` and the units the Explorer and Builder together let ``player`` waive."""
    cost = data(state).facilities[name].build
    return dict(cost), waivable(cost, builder_discount(state, player, at))


def _builds(state: SootState, player: PlayerId) -> Iterator[tuple[Hex, str]]:
    """``(hex, structure)`` pairs ``player`` may build and pay now, in menu order.

    A structure's missing units are at least its list's :func:`_core` goods missing
    (every cost holds them), and cards and waived units (at most the discount) cover
    the missing ones: when that bound already exceeds them, no cost at that hex is
    tested (the usual case: a Builder at the Central City without Cut Stone and Lumber).
    """
    p = state.players[player]
    if p.currency < 0:  # can_build's first test (no currency to pay): nothing is payable
        return
    d = data(state)
    facilities = d.facilities
    cards = len(p.hand)
    for at in distinct_sorted(p.builders):
        names = buildable(state, player, at)
        if names:
            # the goods and the discount (see _cost) are the same for every structure here;
            # can_build(state, player, cost, at, pool=pool, waive=...) is affordable() once the
            # player is known solvent: the pool's goods short by at most the cards and waived units
            pool = build_pool(state, player, at)
            discount = builder_discount(state, player, at)
            if not affordable(_core(d, names), pool, cards + discount):
                continue
            for name in names:
                cost = facilities[name].build
                if affordable(cost, pool, cards + waivable(cost, discount) if discount else cards):
                    yield at, name


def _options(state: SootState, player: PlayerId) -> list[Choose]:
    names = list(data(state).facilities)
    return [opt("build", hex_code(at) * 32 + names.index(name), f"build {name} at {at}")
            for at, name in _builds(state, player)]


_CORES: tuple[object, dict[tuple[str, ...], Goods]] = (None, {})
"""The data the cores below were made for, then by list of structures the goods every
one of their costs holds (per good, the least any of them asks; Tier 3 facilities all
ask Cut Stone and Lumber)."""


def _core(d: SootData, names: list[str]) -> Goods:
    """The goods every structure of ``names`` costs at least (see :data:`_CORES`)."""
    global _CORES
    if _CORES[0] is not d:
        _CORES = (d, {})
    key = tuple(names)
    core = _CORES[1].get(key)
    if core is None:
        costs = [d.facilities[name].build for name in names]
        core = {g: min(cost.get(g, 0) for cost in costs) for g in costs[0]}
        core = _CORES[1][key] = {g: n for g, n in core.items() if n > 0}
    return core


def _available(state: SootState, player: PlayerId) -> bool:
    """Whether :func:`_builds` finds a structure (it stops at the first)."""
    return next(_builds(state, player), None) is not None


@main_action("Build Structure", _available)
def start(state: SootState, player: PlayerId) -> None:
    """Begin Build Structure: choose what and where."""
    state.pending.append(BuildStructure(player=player, prompt="Build Structure: what, where?"))


class BuildHandler(SettlingHandler[BuildStructure]):
    """The :class:`~hexkit_soot.actions.BuildStructure` question: what, where; then pay and build.

    Source: rulebook, "Facilities".
    """

    def answers(self, state: SootState, question: BuildStructure) -> Sequence[Choose]:
        """``Choose("build", hex_code(h) * 32 + i)`` for each structure the player may build and pay."""
        return tuple(_options(state, question.player))

    def resolve_paying(self, state: SootState, question: BuildStructure, answer: Choose,
                       given: tuple[int, ...]) -> None:
        """Pay (the cards as wild resources ``given`` so far) and build."""
        _on_build(state, question, answer, given)


def _on_build(state: SootState, question: BuildStructure, answer: Choose, given: tuple[int, ...]) -> None:
    """Pay and build; the settlement's Charter pays its founder for a facility
    built by another player (not for a Warehouse: I54).

    Source: rulebook, "Facilities", "Founder's Charter", "Warehouses & Network".
    """
    player = question.player
    at = code_hex(answer.arg // 32)
    name = list(data(state).facilities)[answer.arg % 32]
    cost, waive = _cost(state, player, at, name)
    paid = build_payment(state, question, answer, cost, at, waive, given=given)
    if paid is None:
        return
    pay_build(state, player, paid.goods, at, why=f"{name} at {at}", cards=paid.cards, waived=paid.waived)
    if name == "Warehouse":
        state.players[player].warehouses.append(at)
        state.note(player, f"built a Warehouse at {at}")
    else:
        s = state.settlements[at]
        s.facilities.append(Facility(name=name, owner=player))
        _tally(state, "facilities_built", player)
        if s.reserve_owner == player:
            s.reserve_owner = -1
        touch_map(state)
        state.note(player, f"built a {name} at {at}")
        charter(state, at, player, "facility built")  # a Warehouse is a node, not a facility (I54)


# -- City training -----------------------------------------------------------

def _train_options(state: SootState, player: PlayerId) -> list[Choose]:
    for s in state.settlements.values():  # an untrained City first, unsorted (most games have none yet)
        if s.kind != "Central City" and s.tier == 3 and not s.trained:
            break
    else:
        return []
    cities = [at for at, s in sorted(state.settlements.items())
              if s.kind != "Central City" and s.tier == 3 and not s.trained]
    if not cities:  # the common case, decided before any lookup
        return []
    nums = data(state).numbers
    cost = {"Grain": nums.city_training_grain}
    return [opt("train", hex_code(at), f"train a caravan at {at}")
            for at in cities if can_build(state, player, cost, at, nums.city_training_currency)]


@main_action("Train Caravan", lambda s, p: bool(_train_options(s, p)))
def start_train(state: SootState, player: PlayerId) -> None:
    """City training: choose the City."""
    state.pending.append(TrainCaravan(player=player, prompt="Train Caravan: at which City?"))


class TrainHandler(SettlingHandler[TrainCaravan]):
    """The :class:`~hexkit_soot.actions.TrainCaravan` question: at which City; then pay and gain a caravan.

    Source: rulebook, "Gaining agents" (City training).
    """

    def answers(self, state: SootState, question: TrainCaravan) -> Sequence[Choose]:
        """``Choose("train", hex_code(h))`` for each untrained City the player can pay at."""
        return tuple(_train_options(state, question.player))

    def resolve_paying(self, state: SootState, question: TrainCaravan, answer: Choose,
                       given: tuple[int, ...]) -> None:
        """Pay and gain a caravan at the City."""
        nums = data(state).numbers
        at = code_hex(answer.arg)
        cost = {"Grain": nums.city_training_grain}
        cards = wild_cards(state, question, answer, cost, at, given=given)
        if cards is None:
            return
        player = question.player
        pay_build(state, player, cost, at, nums.city_training_currency, why=f"City training at {at}", cards=cards)
        state.settlements[at].trained = True
        touch_map(state)
        state.players[player].caravans.append(Caravan(loc=at))
        state.note(player, f"trained a caravan at {at}")


# -- Outer District (5-6 players) --------------------------------------------

def _outer_ok(state: SootState, player: PlayerId) -> bool:
    nums = data(state).numbers
    return state.outer_district == 1 and can_build(
        state, player, {"Cut Stone": nums.outer_district_cut_stone}, CENTRAL_CITY
    )


@main_action("Unlock Outer District", _outer_ok)
def start_outer(state: SootState, player: PlayerId) -> None:
    """Unlock the Outer District: +2 Tier 3 slots at the Central City, +2 points."""
    _on_outer(state, UnlockOuterDistrict(player=player, prompt="Unlock the Outer District"), opt("outer"), ())


class OuterHandler(SettlingHandler[UnlockOuterDistrict]):
    """The :class:`~hexkit_soot.actions.UnlockOuterDistrict` question: never asked (the menu's action
    answers it at once); its handler runs again when the payer has chosen the cards.

    Source: rulebook, §23 Outer District.
    """

    def answers(self, state: SootState, question: UnlockOuterDistrict) -> Sequence[Choose]:
        """``Choose("outer")``, the one answer the menu's action gives."""
        return (opt("outer"),)

    def resolve_paying(self, state: SootState, question: UnlockOuterDistrict, answer: Choose,
                       given: tuple[int, ...]) -> None:
        """Pay the Cut Stone and unlock."""
        _on_outer(state, question, answer, given)


def _on_outer(state: SootState, question: UnlockOuterDistrict, answer: Choose, given: tuple[int, ...]) -> None:
    """Pay the Cut Stone (asking which cards, if cards must cover it) and unlock."""
    nums = data(state).numbers
    cost = {"Cut Stone": nums.outer_district_cut_stone}
    cards = wild_cards(state, question, answer, cost, CENTRAL_CITY, given=given)
    if cards is None:
        return
    player = question.player
    pay_build(state, player, cost, CENTRAL_CITY, why="the Outer District", cards=cards)
    state.outer_district = 2
    state.settlements[CENTRAL_CITY].extra_slots += nums.outer_district_slots
    touch_map(state)
    gain_points(state, player, nums.outer_district_points, "unlocked the Outer District",
                source="outer_district")
