"""Consistency checks of a loaded state: seats, names, places and token counts.

:meth:`SootGame.validate_state` refuses a saved state whose numbers break
the rules' bounds; these checks refuse one whose references cannot be right
(a seat that does not exist, a good or card the data does not know, a
question no rule answers, tokens invented or lost), which would otherwise
load and fail many moves later with a bare ``IndexError`` or ``KeyError``.
Each check names the field, as ``state.order.3``.

Source: rulebook, "Components" (finite token supply, the card deck) and
the seat-based rules throughout.
"""

from __future__ import annotations

from collections.abc import Iterable

from hexkit.errors import InvalidRecordError
from hexkit.validation import Problems
from hexkit_soot.ledger import D
from hexkit_soot.rules.steps import GENERATORS, HANDLERS
from hexkit_soot.state import Goods, SootState

__all__ = ["check_references", "check_bounds", "PHASES"]

PHASES = frozenset({"draft", "secrets", "market", "actions", "upkeep", "production", "end", "over"})
"""Every value ``SootState.phase`` takes."""

HIDDEN_CARD = "?"
"""A card another player's view does not show."""


def check_references(state: SootState) -> None:
    """Refuse a state whose seats, names, places or token counts are impossible.

    Args:
        state: a loaded state (a full state or a player's view).

    Raises:
        InvalidRecordError: naming the first field that is wrong.
    """
    check_bounds(state).raise_if_any()
    _check_seats(state)
    _check_names(state)
    _check_places(state)
    _check_tokens(state)
    _check_pending(state)


_COUNTS = ("actions", "restricted", "overtime", "founded", "camps_founded", "town_upgrades", "contracts_done")
"""Per-player counters that can never be negative."""


def check_bounds(state: SootState) -> Problems:
    """Every index into the data within range and every counter not negative, all collected.

    Indices: contracts (held, in the deck, waiting, in the row, where -1 is an
    empty slot), events (the pile and the one in force, -1 none), public and
    secret objectives and Market Flux cards; a
    player's view may show -1 for what it hides. Counters: actions left,
    restricted actions, overtime, foundings, upgrades, contracts done, and
    the ``played`` counters when the state has them (one non-negative count
    per seat for each mechanism).

    Args:
        state: a loaded state (a full state or a player's view).

    Returns:
        The problems found (empty when there are none).
    """
    problems = Problems()
    data = D(state)
    hidden = state.viewer is not None
    sizes = {
        "contract": len(data.contracts),
        "event": len(data.events),
        "public objective": len(data.public_objectives),
        "secret objective": len(data.secret_objectives),
        "flux card": len(data.flux),
    }

    def indices(field: str, values: list[int], what: str, empty_ok: bool = False) -> None:
        for i, v in enumerate(values):
            if not (0 <= v < sizes[what] or (v == -1 and (empty_ok or hidden))):
                problems.add(f"{field}.{i}", f"{v} is not a {what} (0..{sizes[what] - 1})")

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
            value = getattr(p, name)
            if value < 0:
                problems.add(f"{where}.{name}", f"must not be negative, got {value}")
    _check_played(state, problems)
    return problems


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


def _seat(field: str, seat: int, players: int, none_ok: bool = False) -> None:
    if not (0 <= seat < players or (none_ok and seat == -1)):
        allowed = f"-1 or 0..{players - 1}" if none_ok else f"0..{players - 1}"
        raise InvalidRecordError(field, f"seat {seat} is not one of {allowed}")


def _unique_seats(field: str, seats: list[int], players: int) -> None:
    for i, seat in enumerate(seats):
        _seat(f"{field}.{i}", seat, players)
    if len(set(seats)) != len(seats):
        raise InvalidRecordError(field, f"a seat appears twice in {seats}")


def _check_seats(state: SootState) -> None:
    n = state.config.players
    _unique_seats("state.order", state.order, n)
    if state.order and len(state.order) != n:
        raise InvalidRecordError("state.order", f"{len(state.order)} seats for a {n}-player game")
    _unique_seats("state.passed", state.passed, n)
    for name in ("turn", "event_token", "triggered_by"):
        _seat(f"state.{name}", getattr(state, name), n, none_ok=True)
    if state.viewer is not None:
        _seat("state.viewer", state.viewer, n)
    for h, s in state.settlements.items():
        _seat(f"state.settlements.{h}.founder", s.founder, n, none_ok=True)
        _seat(f"state.settlements.{h}.reserve_owner", s.reserve_owner, n, none_ok=True)
        for i, f in enumerate(s.facilities):
            _seat(f"state.settlements.{h}.facilities.{i}.owner", f.owner, n)
    for h, c in state.camps.items():
        _seat(f"state.camps.{h}.owner", c.owner, n)
    for h, community in state.communities.items():
        _seat(f"state.communities.{h}.pact", community.pact, n, none_ok=True)
    for h, owners in state.route_owner.items():
        for d, owner in enumerate(owners):
            _seat(f"state.route_owner.{h}.{d}", owner, n, none_ok=True)
    for name, owner in state.milestones.items():
        _seat(f"state.milestones.{name}", owner, n, none_ok=True)


def _known(field: str, names: Iterable[str], known: Iterable[str], what: str, allow: Iterable[str] = ()) -> None:
    ok = set(known) | set(allow)
    for i, name in enumerate(names):
        if name not in ok:
            raise InvalidRecordError(f"{field}.{i}", f"{name!r} is not {what} of this game")


def _check_names(state: SootState) -> None:
    data = D(state)
    if state.phase not in PHASES:
        raise InvalidRecordError("state.phase", f"{state.phase!r} is not one of {sorted(PHASES)}")
    cards = data.cards
    for field, pile in (("state.deck", state.deck), ("state.discard", state.discard),
                        ("state.legacy_gone", state.legacy_gone)):
        _known(field, pile, cards, "a card", allow=(HIDDEN_CARD,))
    _known("state.card_row", state.card_row, cards, "a card", allow=("",))
    for seat, p in enumerate(state.players):
        where = f"state.players.{seat}"
        _known(f"{where}.hand", p.hand, cards, "a card", allow=(HIDDEN_CARD,))
        if p.archetype:
            _known(f"{where}.archetype", [p.archetype], data.archetypes, "an archetype")
        _goods(f"{where}.stock", p.stock, state)
        for h, goods in p.loose.items():
            _goods(f"{where}.loose.{h}", goods, state)
        for i, c in enumerate(p.caravans):
            _goods(f"{where}.caravans.{i}.cargo", c.cargo, state)
    _goods("state.supply", state.supply, state)


def _goods(field: str, goods: Goods, state: SootState) -> None:
    known = D(state).goods
    for name, count in goods.items():
        if name not in known:
            raise InvalidRecordError(f"{field}.{name}", "is not a good of this game")
        if count < 0:
            raise InvalidRecordError(f"{field}.{name}", f"must not be negative, got {count}")


def _check_places(state: SootState) -> None:
    for seat, p in enumerate(state.players):
        where = f"state.players.{seat}"
        for kind, hexes in (("explorers", p.explorers), ("builders", p.builders), ("warehouses", p.warehouses)):
            for i, h in enumerate(hexes):
                if h not in state.tiles:
                    raise InvalidRecordError(f"{where}.{kind}.{i}", f"{h} is not an explored hex")
        for i, c in enumerate(p.caravans):
            if c.loc not in state.tiles:
                raise InvalidRecordError(f"{where}.caravans.{i}.loc", f"{c.loc} is not an explored hex")


def _check_tokens(state: SootState) -> None:
    """Every good's tokens add up to the supply printed in the data (finite tokens).

    Ingredients behind another player's screen are counted by number only.
    """
    data = D(state)
    total: Goods = dict(state.supply)
    for p in state.players:
        for goods in (p.stock, *p.loose.values(), *(c.cargo for c in p.caravans)):
            for g, n in goods.items():
                total[g] = total.get(g, 0) + n
    screened = sum(p.screened for p in state.players)
    specials = [g for g, good in data.goods.items() if good.kind == "special"]
    for name, good in data.goods.items():
        if good.kind == "special":
            continue
        if total.get(name, 0) != good.tokens:
            raise InvalidRecordError(
                f"state.supply.{name}", f"{total.get(name, 0)} {name} tokens on the table, the game has {good.tokens}"
            )
    held = sum(total.get(g, 0) for g in specials) + screened
    printed = sum(data.goods[g].tokens for g in specials)
    if held != printed:
        raise InvalidRecordError("state.supply", f"{held} ingredient tokens on the table, the game has {printed}")


def _check_pending(state: SootState) -> None:
    n = state.config.players
    for i, step in enumerate(state.pending):
        kind = getattr(step, "kind", "")
        if kind != "effect" and kind not in HANDLERS:
            raise InvalidRecordError(f"state.pending.{i}.kind", f"no rule answers a {kind!r} question")
        _seat(f"state.pending.{i}.player", step.player, n)
    if state.pending:  # the question on top is the one answered next (those below wait)
        top, i = state.pending[-1], len(state.pending) - 1
        kind = getattr(top, "kind", "")
        if kind not in GENERATORS and kind != "effect" and not getattr(top, "options", ()):
            raise InvalidRecordError(f"state.pending.{i}.options", f"a {kind!r} question with no answers")
    if not state.pending and state.phase != "over":
        raise InvalidRecordError("state.pending", f"no question pending in phase {state.phase!r}: the game is not over")
