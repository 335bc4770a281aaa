"""Routes: trails, roads and rail; the Build Route action.

Segments join two adjacent explored hexes. Trails are public and free (laid
by Explorers and Builders walking through wilderness); roads and rail are
owned by their first builder. Build Route costs 1 action plus resources:
1 Timber + 1 Stone per 2 road segments, 1 Iron Ore + 1 Timber per rail
segment; roads may be upgraded to rail at the rail cost. It needs no agent
and extends from any hex holding your route, a trail, your agent, your camp
or the Central City.

Interpretations (assumed): one Build Route action lays up to 2 segments
(one road payment covers both; rail pays per segment); a road or rail may
be built over a trail, and the trail stays under it (``SootState.trails``):
trails are permanent, so every caravan may still take that edge at trail
speed without fuel or toll, while the road or rail serves those who use it
at its speed (I50); only your own roads can be upgraded.

Source: rulebook, "Routes"; reference card "BUILD COSTS".
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Literal

from hexkit.errors import InvalidRecordError
from hexkit.flow import Handler
from hexkit.game import PlayerId
from hexkit.hexes import Hex
from hexkit_soot.actions import BuildSegment, Choose, RouteKind
from hexkit_soot.effects import Hook, modify
from hexkit_soot.effects.reactions import Moment, notify
from hexkit_soot.grid import code_edge, edge_code
from hexkit_soot.memo import map_memo
from hexkit_soot.rules.cards import build_payment
from hexkit_soot.rules.milestones import check_rail_link
from hexkit_soot.rules.network import affordable, can_pay, pay, waivable
from hexkit_soot.rules import shares as _shares  # module shares: lines and the issue offer
from hexkit_soot.rules.modules import rail_built
from hexkit_soot.rules.payment import SettlingHandler
from hexkit_soot.rules.steps import main_action, opt, optf
from hexkit_soot.state import CENTRAL_CITY, NO_OWNERS, NO_ROUTES, RAIL, ROAD, ROUTE_NAMES, TRAIL, SootState, touch_map
from hexkit_soot.state import tally as _tally  # "what was played" counters

__all__ = ["route_at", "owner_at", "has_trail", "check_trails", "set_route", "anchors", "candidate_edges", "any_edge", "ROAD_COST", "RAIL_COST",
           "KindHandler", "SegmentHandler"]

Route = Literal["road", "rail", "upgrade"]
"""What a Build Route action lays: a road, a rail, or a road upgraded to rail."""

ROAD_COST = {"Timber": 1, "Stone": 1}
"""Resources per 2 road segments (rulebook reference card)."""
RAIL_COST = {"Iron Ore": 1, "Timber": 1}
"""Resources per rail segment (rulebook reference card)."""


def route_at(state: SootState, h: Hex, direction: int) -> int:
    """Route kind on the edge from ``h`` in ``direction`` (0 none, 1 trail, 2 road, 3 rail).

    Args:
        state: the game.
        h: the hex.
        direction: a direction index 0-5 (:data:`hexkit.hexes.DIRECTIONS` order).
    """
    kinds = state.route_kind.get(h)
    return kinds[direction] if kinds is not None else 0


def owner_at(state: SootState, h: Hex, direction: int) -> PlayerId:
    """Owner of the segment from ``h`` in ``direction`` (-1 public or none).

    Args:
        state: the game.
        h: the hex.
        direction: a direction index 0-5 (:data:`hexkit.hexes.DIRECTIONS` order).
    """
    owners = state.route_owner.get(h)
    return owners[direction] if owners is not None else -1


def has_trail(state: SootState, h: Hex, direction: int) -> bool:
    """Whether a trail lies on the edge from ``h`` in ``direction`` (also under a road or rail).

    Args:
        state: the game.
        h: the hex.
        direction: a direction index 0-5 (:data:`hexkit.hexes.DIRECTIONS` order).

    Source: rulebook, "Trails" (permanent, free, usable by all).
    """
    return bool(state.trails.get(h, 0) >> direction & 1)


def check_trails(state: SootState) -> None:
    """Refuse a loaded state whose trail marks disagree with its routes.

    Every segment of kind trail has its trail bit; a trail bit lies only on
    a segment with a route (a trail, or a road or rail built over one) and
    is set at both ends.

    Args:
        state: the game.

    Raises:
        InvalidRecordError: naming the hex (``"state.trails.(1, 0)"``).

    Source: rulebook, "Trails" (permanent).
    """
    for h, kinds in state.route_kind.items():
        mask = state.trails.get(h, 0)
        for d in range(6):
            if kinds[d] == TRAIL and not mask >> d & 1:
                raise InvalidRecordError(f"state.trails.{h}", f"the trail in direction {d} is not marked")
    for h, mask in state.trails.items():
        kinds = state.route_kind.get(h, NO_ROUTES)
        for d, n in enumerate(h.neighbors()):
            if mask >> d & 1 and (not kinds[d] or not state.trails.get(n, 0) >> (d + 3) % 6 & 1):
                raise InvalidRecordError(f"state.trails.{h}", f"a trail in direction {d} without a route or its other end")


def _put(state: SootState, h: Hex, d: int, kind: int, owner: PlayerId) -> None:
    kinds = list(state.route_kind.get(h, NO_ROUTES))
    owners = list(state.route_owner.get(h, NO_OWNERS))
    kinds[d] = kind
    owners[d] = owner
    state.route_kind[h] = (kinds[0], kinds[1], kinds[2], kinds[3], kinds[4], kinds[5])
    state.route_owner[h] = (owners[0], owners[1], owners[2], owners[3], owners[4], owners[5])
    if kind == TRAIL:
        state.trails[h] = state.trails.get(h, 0) | 1 << d
    touch_map(state)


def set_route(state: SootState, a: Hex, b: Hex, kind: int, owner: PlayerId) -> None:
    """Put a segment of ``kind`` owned by ``owner`` between adjacent hexes ``a`` and ``b``.

    A trail is also recorded in ``SootState.trails``, where it stays when a
    road or rail is later built on the same edge.

    Args:
        state: the game.
        a: one end.
        b: the other end, adjacent to ``a``.
        kind: 1 trail, 2 road, 3 rail.
        owner: the owner (-1 public).
    """
    d = a.neighbors().index(b)
    _put(state, a, d, kind, owner)
    _put(state, b, (d + 3) % 6, kind, owner)
    if kind == RAIL:
        _shares.note_rail(state, a, b, owner)  # module shares (nothing when off)
        if owner >= 0:
            rail_built(state, owner, a, b)  # modules' on_rail (The Mountain Pass); nothing without modules


def anchors(state: SootState, player: PlayerId) -> set[Hex]:
    """Hexes a route may extend from: your routes, any trail, your agents, your camps, the Central City.

    Args:
        state: the game.
        player: the seat concerned.
    """
    return set(_anchor_hexes(state, player))


def _anchor_hexes(state: SootState, player: PlayerId) -> Iterator[Hex]:
    """The hexes of :func:`anchors`, some perhaps twice, the cheap ones first
    (Central City, agents, camps), the scan of every route last."""
    p = state.players[player]
    yield CENTRAL_CITY
    yield from p.explorers
    yield from p.builders
    for c in p.caravans:
        yield c.loc
    for h, camp in state.camps.items():
        if camp.owner == player:
            yield h
    yield from state.trails  # trails under roads and rail count too
    owners_of = state.route_owner
    for h, kinds in state.route_kind.items():
        owners = owners_of[h]
        for d in range(6):
            if kinds[d] and owners[d] == player:
                yield h
                break


def _open(existing: int, owner: PlayerId, player: PlayerId, upgrade: bool) -> bool:
    """Whether an edge with route ``existing`` owned by ``owner`` takes ``player``'s road or rail
    (a bare edge or a trail), or, when ``upgrade``, is ``player``'s road."""
    return existing == ROAD and owner == player if upgrade else existing in (0, TRAIL)


def _edges(state: SootState, player: PlayerId, kind: int, upgrade: bool) -> Iterator[tuple[Hex, int]]:
    """Candidate edges, in hex order."""
    seen: set[tuple[Hex, Hex]] = set()
    tiles = state.tiles
    for h in sorted(anchors(state, player)):
        if h not in tiles:
            continue
        kinds = state.route_kind.get(h, NO_ROUTES)
        owners = state.route_owner.get(h, NO_OWNERS)
        for d, n in enumerate(h.neighbors()):
            if n not in tiles:
                continue
            key = (h, n) if h < n else (n, h)
            if key in seen:
                continue
            if _open(kinds[d], owners[d], player, upgrade):
                seen.add(key)
                yield h, d


def candidate_edges(state: SootState, player: PlayerId, kind: int, upgrade: bool = False) -> list[tuple[Hex, int]]:
    """Edges where ``player`` may lay ``kind`` (road or rail), or upgrade a road to rail.

    Args:
        state: the game.
        player: the seat concerned.
        kind: 2 road or 3 rail.
        upgrade: find your roads to upgrade to rail instead.

    Returns:
        ``(hex, direction)`` pairs, each edge once, in hex order.
    """
    return list(_edges(state, player, kind, upgrade))


def any_edge(state: SootState, player: PlayerId, kind: int, upgrade: bool = False) -> bool:
    """Whether :func:`candidate_edges` has an edge (found without listing them all).

    Args:
        state: the game.
        player: the seat concerned.
        kind: 2 road or 3 rail.
        upgrade: look for your roads to upgrade to rail instead.

    The answer is memoised per map revision (:mod:`hexkit_soot.memo`) and the
    hexes of the player's pieces, all it reads besides the map; ``kind`` takes
    no part in it (a road edge is a rail edge).
    """
    p = state.players[player]
    key = ("any_edge", player, upgrade, tuple(p.explorers), tuple(p.builders), tuple([c.loc for c in p.caravans]))
    memo = map_memo(state)
    found: bool | None = memo.get(key)
    if found is None:
        found = memo[key] = _any_edge(state, player, upgrade)
    return found


def _any_edge(state: SootState, player: PlayerId, upgrade: bool) -> bool:
    """:func:`any_edge` found afresh."""
    tiles = state.tiles
    for h in _anchor_hexes(state, player):  # the cheap anchors first; no need to sort or dedupe
        if h in tiles:
            kinds = state.route_kind.get(h, NO_ROUTES)
            owners = state.route_owner.get(h, NO_OWNERS)
            for d, n in enumerate(h.neighbors()):
                if n in tiles and _open(kinds[d], owners[d], player, upgrade):
                    return True
    return False


def _cost(state: SootState, player: PlayerId, kind: int, first: bool) -> tuple[dict[str, int], int]:
    """The printed resources of one payment for ``kind`` and the units the
    discount (Railroad Baron) lets ``player`` waive: on the action's first
    payment only, their choice of which, at least 1 unit paid."""
    base = ROAD_COST if kind == ROAD else RAIL_COST
    if not first:
        return dict(base), 0
    return dict(base), waivable(base, modify(state, player, Hook.ROUTE_RESOURCES, 0))


def _available(state: SootState, player: PlayerId) -> bool:
    # can_pay from the network for both kinds (as _can_pay_first), its pool and cards read once
    p = state.players[player]
    if p.currency < 0:  # can_pay's first test: no first payment of either kind
        return False
    discount = modify(state, player, Hook.ROUTE_RESOURCES, 0)  # as _cost asks, once for both kinds
    cards = len(p.hand)
    rail = affordable(RAIL_COST, p.stock, cards + waivable(RAIL_COST, discount) if discount > 0 else cards)
    if (rail or affordable(ROAD_COST, p.stock, cards + waivable(ROAD_COST, discount) if discount > 0 else cards)) \
            and any_edge(state, player, ROAD):
        return True  # a road edge is also a rail edge
    return rail and any_edge(state, player, RAIL, upgrade=True)


def _can_pay_first(state: SootState, player: PlayerId, kind: int) -> bool:
    cost, waive = _cost(state, player, kind, True)
    return can_pay(state, player, cost, None, waive=waive)


def _kind_options(state: SootState, player: PlayerId) -> list[Choose]:
    out = []
    if _can_pay_first(state, player, ROAD) and any_edge(state, player, ROAD):
        out.append(opt("road", ROAD, "build road"))
    if _can_pay_first(state, player, RAIL):
        if any_edge(state, player, RAIL):
            out.append(opt("rail", RAIL, "build rail"))
        if any_edge(state, player, RAIL, upgrade=True):
            out.append(opt("upgrade", RAIL, "upgrade road to rail"))
    return out


@main_action("Build Route", _available)
def start(state: SootState, player: PlayerId) -> None:
    """Begin Build Route: choose road, rail or upgrade."""
    state.pending.append(RouteKind(player=player, prompt="Build Route: road, rail or upgrade?"))


_EDGE_ANSWERS: dict[tuple[str, Hex, int], Choose] = {}
"""The answer of each edge by route code, hex and direction (its argument and label are
fixed by those three): an edge question lists every candidate edge, often many, and
making each answer again (the neighbour's hex, the edge's code, the label's key) was
most of listing them."""


def _edge_answer(code: str, h: Hex, d: int) -> Choose:
    """``optf("edge", edge_code(h, d), "{} {}-{}", code, h, neighbour)``, kept in :data:`_EDGE_ANSWERS`."""
    if len(_EDGE_ANSWERS) >= 20_000:
        _EDGE_ANSWERS.clear()
    answer = _EDGE_ANSWERS[(code, h, d)] = optf("edge", edge_code(h, d), "{} {}-{}", code, h, h.neighbors()[d])
    return answer


def _edge_options(state: SootState, player: PlayerId, code: str) -> list[Choose]:
    kind = ROAD if code == "road" else RAIL
    edges = candidate_edges(state, player, kind, upgrade=code == "upgrade")
    known = _EDGE_ANSWERS.get
    return [known((code, h, d)) or _edge_answer(code, h, d) for h, d in edges]


class KindHandler(Handler[SootState, RouteKind, Choose]):
    """The :class:`~hexkit_soot.actions.RouteKind` question: road, rail or upgrade.

    Source: rulebook, "Build Route".
    """

    def answers(self, state: SootState, question: RouteKind) -> Sequence[Choose]:
        """The kinds the player can pay the first segment of and has an edge for."""
        return tuple(_kind_options(state, question.player))

    def resolve(self, state: SootState, question: RouteKind, answer: Choose) -> None:
        """Ask for the first segment."""
        code = answer.code
        route: Route = "road" if code == "road" else "rail" if code == "rail" else "upgrade"
        state.pending.append(BuildSegment(player=question.player, prompt=f"Build Route: where ({code})?",
                                          route=route, built=0))


class SegmentHandler(SettlingHandler[BuildSegment]):
    """The :class:`~hexkit_soot.actions.BuildSegment` question: which segment (or done, after the first).

    Source: rulebook, "Build Route".
    """

    def answers(self, state: SootState, question: BuildSegment) -> Sequence[Choose]:
        """``Choose("edge", edge_code(h, d))`` for each edge offered for the route now; then ``done`` after the first."""
        edges = _edge_options(state, question.player, question.route)
        return (*edges, opt("done", 0, "done building")) if question.built else tuple(edges)

    def resolve_paying(self, state: SootState, question: BuildSegment, answer: Choose,
                       given: tuple[int, ...]) -> None:
        """Lay one segment (paying the first, and a rail's each); offer a second one while the action allows it."""
        _on_edge(state, question, answer, given)


def _on_edge(state: SootState, question: BuildSegment, answer: Choose, given: tuple[int, ...]) -> None:
    """Lay one segment; offer a second one while the action allows it."""
    player = question.player
    code = question.route
    kind = ROAD if code == "road" else RAIL
    built = question.built
    if answer.code == "done":
        _route_done(state, player)
        return
    h, d = code_edge(answer.arg)
    n = h.neighbors()[d]
    cost, waive = _cost(state, player, ROAD, True) if code == "road" else _cost(state, player, RAIL, built == 0)
    if code != "road" or built == 0:
        paid = build_payment(state, question, answer, cost, None, waive, given=given)
        if paid is None:
            return
        pay(state, player, paid.goods, None, why="road" if code == "road" else "rail", cards=paid.cards,
            waived=paid.waived)
    set_route(state, h, n, kind, player)
    _tally(state, "roads_built" if kind == ROAD else "rail_built", player)
    state.note(player, f"built {ROUTE_NAMES[kind]} {h}-{n}" + (" (upgrade)" if code == "upgrade" else ""))
    if kind == RAIL:
        check_rail_link(state, player)
    options = _edge_options(state, player, code) if built + 1 < 2 else []
    if code != "road" and not can_pay(state, player, RAIL_COST, None):
        options = []
    if options:
        state.pending.append(BuildSegment(player=player, prompt="Build Route: another segment?", route=code,
                                          built=built + 1))
    else:
        _route_done(state, player)


def _route_done(state: SootState, player: PlayerId) -> None:
    """Announce the end of a Build Route action (``free``: it used no action); with the
    Shares module, offer the builder certificates in the lines its new rail belongs to."""
    free = state.players[player].counters.pop("route_free", 0)
    notify(state, player, Moment.ROUTE_BUILT, {"free": free})
    _shares.offer_issue(state, player)  # module shares: asks only after rail was laid
