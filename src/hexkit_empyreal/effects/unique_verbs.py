"""Small verbs shared by the unique Spellcar and Specialist effects.

These sit on top of :mod:`hexkit_empyreal.effects.verbs` and the rules
modules; they are the pieces several unique effects need and the common
verbs do not offer:

* :func:`pay_then`: pay an effect's own price, then run its steps (nothing
  happens when the mana is no longer there, e.g. through a copy effect);
* :func:`return_goods_then`: return one or more In-Network Goods to the
  supply, then run steps (the FAQ's "destroy a Good for an effect": callers
  check first that both parts are possible);
* moving train cars (:func:`car_destinations`, :func:`move_car`) and Goods;
* :func:`repeat_build`: "Build Track ... up to N times" as a chain that
  stops when the player declines;
* Spellcar activation outside Move+Activate (:func:`activate_now`), the
  railyard slot an effect runs from (:func:`current_slot`) and the printed
  Company Spellcar under a slot (:func:`printed_under`);
* :func:`copy_candidates`: which effects a copy effect may run now.

Each continuation and domain here is a typed value
(:class:`~hexkit_empyreal.actions.ReturnGoodsAtThen`,
:class:`~hexkit_empyreal.actions.CarDestinations`...).

Source: rulebook, Spellcar Reference; Specialist Reference; FAQ ("destroy a
Good for an effect": both parts must be possible; "not enough Goods in the
supply": do not perform the effect).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from hexkit_empyreal.actions import (
    AnyaToThen,
    BuildAgain,
    BuildTrack,
    CarDestinations,
    ChooseHex,
    ChooseOption,
    InNetworkGoods,
    MarcinaeMoveThen,
    MovableCars,
    MoveCarToThen,
    PayThen,
    ReturnGoodsAt,
    ReturnGoodsAtThen,
    ReturnGoodsColour,
    ReturnGoodsColourThen,
)
from hexkit_empyreal.data import CITY, SpellcarSpec
from hexkit_empyreal.effects.registry import EffectContext, Steps, get_effect
from hexkit_empyreal.rules import goods as ledger
from hexkit_empyreal.rules import mana
from hexkit_empyreal.rules.network import add_car, is_competitor, remove_car
from hexkit_empyreal.rules.dispatch import Choice, lists, runs
from hexkit_empyreal.rules.railyard import slot_label
from hexkit_empyreal.state import EmpyrealState, PlayerState, bits, board, data

__all__ = [
    "SLOT_FLAG",
    "pay_then",
    "can_gain_mana",
    "network_goods",
    "return_goods_then",
    "car_destinations",
    "movable_cars",
    "move_car",
    "move_good",
    "repeat_build",
    "current_slot",
    "printed_under",
    "activate_now",
    "copy_candidates",
    "copy_targets",
    "effect_usable",
    "competitors",
    "colour_name",
]

SLOT_FLAG = "u_effect_slot"
"""Turn flag naming the railyard slot of a Spellcar activated outside Move+Activate."""


def colour_name(state: EmpyrealState, colour: int) -> str:
    """The colour name of a Good colour index (``3`` -> ``"blue"``)."""
    return data(state).colours[colour]


def competitors(state: EmpyrealState, player: int) -> list[int]:
    """The competitors of ``player``, in turn order after them.

    Args:
        state: the game.
        player: the seat whose competitors are wanted.

    Returns:
        Seats that are not ``player`` and not on ``player``'s team.

    Source:
        rulebook, Team Variant ("competitor" excludes teammates).
    """
    n = state.config.players
    return [s for s in ((player + i) % n for i in range(1, n)) if is_competitor(state, player, s)]


# ---------------------------------------------------------------- mana
def copy_targets(
    state: EmpyrealState, player: int, held: Callable[[PlayerState], str], copier: str
) -> list[str]:
    """Other players' Specialists that ``copier`` may copy: usable now, sorted, once each.

    Args:
        state: the game.
        player: the seat copying.
        held: which Specialist of a folio is a candidate ("" if none or unavailable).
        copier: the copying Specialist itself, which cannot copy another of its kind.
    """
    out: list[str] = []
    for seat, folio in enumerate(state.players):
        name = held(folio)
        if seat == player or not name or name == copier or name in out:
            continue
        if effect_usable(state, player, name):
            out.append(name)
    return sorted(out)


def pay_then(player: int, amount: int, steps: Steps, what: str = "") -> PayThen:
    """Pay ``amount`` mana, then run ``steps``; if the mana is not there, do nothing.

    The check happens when the step runs, so a copy effect (Arret
    Draamivaar copying Luc von Gott) cannot get the effect for free.

    Args:
        player: who pays.
        amount: the effect's own price ("Pay 1 mana to ...").
        steps: what the payment buys.
        what: a name for the log.

    Returns:
        The step to return from an effect.
    """
    return PayThen(player=player, amount=amount, what=what, steps=tuple(steps))


@runs(PayThen)
def _pay_then(state: EmpyrealState, o: PayThen) -> Steps | None:
    amount = o.amount
    ps = state.players[o.player]
    if ps.mana < amount:
        state.note(o.player, f"{ps.company} cannot pay {amount} mana for {o.what or 'the effect'}; it does nothing")
        return None
    mana.pay(state, o.player, amount)
    if amount:
        state.note(o.player, f"{ps.company} paid {amount} mana for {o.what or 'the effect'}")
    return o.steps


def can_gain_mana(state: EmpyrealState, player: int) -> bool:
    """Whether Gain Mana would add a crystal.

    Returns:
        True while the Company owns fewer than ten crystals (available plus spent).

    Source:
        rulebook, Gaining Mana.
    """
    ps = state.players[player]
    return ps.mana + ps.spent < mana.cap(state)


# ---------------------------------------------------------------- goods
def network_goods(state: EmpyrealState, player: int) -> int:
    """Goods on ``player``'s In-Network hexes."""
    goods = state.goods
    return sum(len(goods[c]) for c in bits(state.players[player].net))


def move_good(state: EmpyrealState, player: int, source: int, target: int, colour: int) -> None:
    """Move one Good of ``colour`` from ``source`` to ``target`` and log it."""
    ledger.cell_to_cell(state, source, target, colour)
    b = board(state)
    state.note(player, f"moved a {colour_name(state, colour)} Good from {b.hexes[source]} to {b.hexes[target]}")


def _return_good(state: EmpyrealState, player: int, cell: int, colour: int) -> None:
    ledger.cell_to_supply(state, cell, colour)
    state.note(player, f"returned a {colour_name(state, colour)} Good from {board(state).hexes[cell]} to the supply")


def return_goods_then(player: int, count: int, steps: Steps, *, optional: bool = False) -> ChooseHex:
    """Return ``count`` In-Network Goods to the supply one by one, then run ``steps``.

    Callers check first that ``count`` Goods are In-Network and that the
    rest of the effect can be taken (FAQ: both parts must be possible).

    Args:
        player: who returns the Goods.
        count: how many Goods.
        steps: what the Goods pay for.
        optional: whether the first choice may be declined (then nothing happens).

    Returns:
        The first choice (a hex holding an In-Network Good).

    Source:
        rulebook, FAQ (destroy a Good for an effect).
    """
    return ChooseHex(
        player=player,
        prompt=f"choose an In-Network Good to return to the supply ({count} to go)",
        domain=InNetworkGoods(),
        then=ReturnGoodsAtThen(count=count, steps=tuple(steps)),
        optional=optional,
    )


@runs(ReturnGoodsAt)
def _return_at(state: EmpyrealState, o: ReturnGoodsAt) -> Steps | None:
    count, cell = o.count, o.cell
    colours = sorted(set(state.goods[cell]))
    if len(colours) > 1:
        names = data(state).colours
        return [
            ChooseOption(
                player=o.player,
                prompt="choose the Good to return",
                options=tuple(names[c] for c in colours),
                then=ReturnGoodsColourThen(count=count, cell=cell, steps=o.steps),
            )
        ]
    return _returned(state, o.player, count, cell, colours[0], o.steps)


@runs(ReturnGoodsColour)
def _return_colour(state: EmpyrealState, o: ReturnGoodsColour) -> Steps | None:
    return _returned(state, o.player, o.count, o.cell, data(state).colour_index(o.colour), o.steps)


def _returned(state: EmpyrealState, player: int, count: int, cell: int, colour: int, then: Steps) -> Steps:
    _return_good(state, player, cell, colour)
    if count > 1:
        return [return_goods_then(player, count - 1, then)]
    return then


# ---------------------------------------------------------------- train cars
def car_destinations(state: EmpyrealState, player: int, source: int) -> list[int]:
    """Hexes next to ``source`` a train car of ``player`` may move to.

    Args:
        state: the game.
        player: the train car's Company.
        source: the hex it stands on.

    Returns:
        Neighbouring cells that are not a City, hold fewer than three train
        cars and none of ``player``'s.

    Source:
        rulebook, Build Track (limits that apply to moving train cars too).
    """
    most = data(state).rules.max_cars_per_hex
    terrain = state.terrain
    cars = state.cars
    return [
        n for n in board(state).neighbours[source]
        if terrain[n] != CITY and len(cars[n]) < most and player not in cars[n]
    ]


def movable_cars(state: EmpyrealState, player: int) -> list[int]:
    """In-Network hexes whose train car of ``player`` can move to an adjacent hex."""
    return [c for c in bits(state.players[player].net) if car_destinations(state, player, c)]


def move_car(state: EmpyrealState, player: int, source: int, target: int) -> None:
    """Move one train car of ``player`` from ``source`` to ``target`` and log it."""
    remove_car(state, player, source)
    add_car(state, player, target)
    b = board(state)
    state.note(player, f"{state.players[player].company} moved a train car from {b.hexes[source]} to {b.hexes[target]}")


@lists(MovableCars)
def _movable(state: EmpyrealState, domain: MovableCars, d: Choice) -> Sequence[int]:
    return movable_cars(state, d.player)


@lists(CarDestinations)
def _destinations(state: EmpyrealState, domain: CarDestinations, d: Choice) -> Sequence[int]:
    then = d.then
    if not isinstance(then, (MoveCarToThen, MarcinaeMoveThen, AnyaToThen)):
        return ()  # refused at load (integrity): CarDestinations reads the car's source from these
    return car_destinations(state, d.player, then.source)


# ---------------------------------------------------------------- building
def repeat_build(build: BuildTrack, times: int) -> Steps:
    """Repeat a Build Track up to ``times`` times.

    Args:
        build: the Build Track decision to repeat.
        times: the most builds.

    Returns:
        Steps: the build, then a step that offers it again only if the
        player built (declining ends the chain).
    """
    if times <= 1:
        return [build]
    return [build, BuildAgain(player=build.player, times=times - 1, steps=(build,))]


@runs(BuildAgain)
def _build_again(state: EmpyrealState, o: BuildAgain) -> Steps | None:
    if state.turn.last_built < 0:
        return None
    build = o.steps[0] if o.steps else None
    if not isinstance(build, BuildTrack):
        return None
    return repeat_build(build, o.times)


# ---------------------------------------------------------------- railyard
def current_slot(state: EmpyrealState) -> int:
    """The railyard slot of the Spellcar whose effect is running (-1 if none).

    A Spellcar activated outside Move+Activate (Milton Barts) sets
    :data:`SLOT_FLAG`; otherwise it is the latest activation of the turn.
    """
    flagged = state.turn.flags.get(SLOT_FLAG, -1)
    if flagged >= 0:
        return flagged
    return state.turn.activated[-1] if state.turn.activated else -1


def printed_under(state: EmpyrealState, player: int, slot: int) -> str:
    """The printed Company Spellcar at ``slot`` of ``player``'s folio ("" if none)."""
    company = data(state).company_by_name.get(state.players[player].company)
    if company is None:
        return ""
    return company.printed.get(slot_label(slot), "")


def effect_usable(state: EmpyrealState, player: int, name: str, spec: SpellcarSpec | None = None) -> bool:
    """Whether the effect ``name`` is registered and may be used by ``player`` now."""
    entry = get_effect(name)
    if entry is None:
        return False
    return entry.available is None or entry.available(EffectContext(state, player, name, spec))


def inherent(state: EmpyrealState, spec: SpellcarSpec) -> int:
    """The inherent cost to pay for ``spec`` now (0 while inherent costs are ignored)."""
    return 0 if state.turn.ignore_inherent else spec.cost


def copy_candidates(state: EmpyrealState, player: int, ids: Sequence[str], *, budget: int, exclude: str) -> list[str]:
    """Spellcar ids a copy effect may copy: registered, affordable, not ``exclude``.

    Args:
        state: the game.
        player: who copies.
        ids: Spellcar ids to consider.
        budget: mana available for the inherent cost.
        exclude: an effect name that may not be copied (the copy effect itself).
    """
    spells = data(state).spellcars
    out: list[str] = []
    for sid in ids:
        spec = spells.get(sid)
        if spec is None or spec.effect == exclude or sid in out:
            continue
        if get_effect(spec.effect) is None or inherent(state, spec) > budget:
            continue
        out.append(sid)
    return sorted(out)


def activate_now(state: EmpyrealState, player: int, slot: int) -> Steps | None:
    """Activate the Spellcar at ``slot`` outside Move+Activate, paying its inherent cost.

    The activation is not counted as a Move+Activate activation (Milton
    Barts). With too little mana for the inherent cost nothing happens.

    Args:
        state: the game.
        player: whose railyard.
        slot: the railyard slot.

    Returns:
        The Spellcar effect's steps, or ``None``.
    """
    ps = state.players[player]
    sid = ps.railyard[slot]
    spec = data(state).spellcars.get(sid)
    if spec is None:
        return None
    entry = get_effect(spec.effect)
    if entry is None:
        state.note(player, f"{sid} has no effect in this engine")
        return None
    cost = inherent(state, spec)
    if cost > ps.mana:
        state.note(player, f"{ps.company} cannot pay the inherent {cost} mana of {sid}; it is not activated")
        return None
    mana.pay(state, player, cost)
    state.note(player, f"{ps.company} activated {sid} ({slot_label(slot)}) for {cost} mana")
    flags = state.turn.flags
    flags[SLOT_FLAG] = slot
    try:
        steps = entry.run(EffectContext(state, player, sid, spec))
    finally:
        del flags[SLOT_FLAG]
    return steps
