"""Your Network: In-Network and Network-Adjacent hexes, train cars on the map.

The only writer of train cars: :func:`add_car` and :func:`remove_car` move
them between a Company's supply (``cars_left``) and the map (``cars``, and
the ``net`` bit mask). The supply is taken from and put back into as a core
:class:`~hexkit.components.Supply` (:func:`car_supply`), made from
``cars_left`` and written back, so the state, its saves and its clone keep
the plain count (read as is by the build search and the RL encoder).

In-Network: a hex holding one of your train cars. Network-Adjacent: a hex
next to an In-Network hex that is not In-Network itself (never both). The
Network need not be connected. In the Team Variant a teammate is not a
competitor.

Source: rulebook, Your Network; Build Track ("at most 3 train cars", "never
two of yours on one hex", "never on a City"); Team Variant.
"""

from __future__ import annotations

from hexkit.components import Supply

from hexkit_empyreal.board import Board
from hexkit_empyreal.config import TEAM
from hexkit_empyreal.state import EmpyrealState, bits, board, data, spread

__all__ = [
    "adjacent_mask",
    "network_adjacent",
    "in_network",
    "TRAIN_CAR",
    "car_supply",
    "add_car",
    "remove_car",
    "is_competitor",
    "is_teammate",
    "has_competitor",
    "goods_in_network",
]


def adjacent_mask(b: Board, net: int) -> int:
    """Network-Adjacent cells (bit mask) of a Network given as a bit mask."""
    return spread(net, b.nmask) & ~net


def network_adjacent(state: EmpyrealState, player: int) -> int:
    """Network-Adjacent cells of ``player`` as a bit mask."""
    return adjacent_mask(board(state), state.players[player].net)


def in_network(state: EmpyrealState, player: int, cell: int) -> bool:
    """Whether ``cell`` holds one of ``player``'s train cars."""
    return bool(state.players[player].net >> cell & 1)


def is_teammate(state: EmpyrealState, a: int, b: int) -> bool:
    """Whether two different seats are on the same team (Team Variant only)."""
    cfg = state.cfg
    return a != b and TEAM in cfg.variants and cfg.team_of(a) == cfg.team_of(b)


def is_competitor(state: EmpyrealState, a: int, b: int) -> bool:
    """Whether seat ``b`` is a competitor of seat ``a`` (teammates are not)."""
    if a == b:
        return False
    cfg = state.cfg
    return not (TEAM in cfg.variants and cfg.team_of(a) == cfg.team_of(b))


def has_competitor(state: EmpyrealState, player: int, cell: int) -> bool:
    """Whether ``cell`` holds at least one competitor train car."""
    return any(is_competitor(state, player, o) for o in state.cars[cell])


TRAIN_CAR = "train car"
"""The one kind of token in a Company's :func:`car_supply`."""


def car_supply(state: EmpyrealState, player: int) -> Supply[str]:
    """``player``'s Company supply of train cars as a core :class:`~hexkit.components.Supply`.

    One kind, :data:`TRAIN_CAR`: ``cars_left`` held, the rest of the
    printed cars (``rules.train_cars``, 35) out on the map. Made from
    ``PlayerState.cars_left``, not kept: :func:`add_car` and
    :func:`remove_car` write its count back.

    Args:
        state: the game.
        player: whose Company.

    Raises:
        ComponentError: ``cars_left`` is negative or above the printed
            count (a state no load accepts).

    Source: rulebook, Components (210 train cars, 35 each).
    """
    held = state.players[player].cars_left
    return Supply.single(TRAIN_CAR, held, data(state).rules.train_cars - held)


def add_car(state: EmpyrealState, player: int, cell: int) -> bool:
    """Place a train car of ``player`` from its Company supply on ``cell``.

    Returns:
        False (and nothing changes) when the supply is empty: a defined
        outcome, not an error (the rules offer no build then; running out
        triggers the game end, :mod:`hexkit_empyreal.rules.game_end`).

    Source: rulebook, Components (35 train cars); Game End (out of train cars).
    """
    ps = state.players[player]
    supply = car_supply(state, player)
    if not supply.take(TRAIN_CAR):
        return False
    state.cars[cell] = tuple(sorted(state.cars[cell] + (player,)))
    ps.cars_left = supply.stock[TRAIN_CAR]
    ps.net |= 1 << cell
    return True


def remove_car(state: EmpyrealState, player: int, cell: int) -> None:
    """Return a train car of ``player`` on ``cell`` to its Company supply.

    Raises:
        ValueError: ``player`` has no train car on ``cell``.
        InsufficientError: none of the Company's cars is out of its supply
            (a state no load accepts). Nothing changes in either case.

    Source: rulebook, Surveyors (Ariel Malephaise: "return them to their
    Company's supply"); moving a train car.
    """
    cars = list(state.cars[cell])
    cars.remove(player)
    supply = car_supply(state, player)
    supply.put_back(TRAIN_CAR)
    state.cars[cell] = tuple(cars)
    ps = state.players[player]
    ps.cars_left = supply.stock[TRAIN_CAR]
    if player not in cars:
        ps.net &= ~(1 << cell)


def goods_in_network(state: EmpyrealState, player: int, colour: int | None = None) -> int:
    """Goods (of one colour, or all) on ``player``'s In-Network hexes."""
    goods = state.goods
    total = 0
    for c in bits(state.players[player].net):
        g = goods[c]
        if g:
            total += len(g) if colour is None else g.count(colour)
    return total
