"""The Shares module: share certificates in rail lines, bought by rivals, paid from tolls.

Rules (rulebook, "Optional Modules", Shares): when any player builds rail
they may issue shares in that line, one certificate per 3 segments; other
players buy shares at 4¤, paid to the line's owner; whenever tolls are paid
on a line, the bank matches the toll and the total splits among the
shareholders, rounding in the owner's favour; at game end each share is
worth 1 point and 1¤ of portfolio. The numbers are in data/shares.toml.

Interpretations (``docs/rules/soot.md``, I80-I87):

* **A line** (I80) is a maximal set of one owner's rail segments connected
  through shared hexes (roads, trails and other owners' rail do not join
  it). It grows when its owner lays rail touching it (a Build Route, a road
  upgraded to rail, The Golden Spike) and two lines of one owner merge when
  a segment joins them: their certificates and holdings add up, the older
  record (:class:`~hexkit_soot.state.ShareLine`) keeps its name. Rail is
  never removed, so a line never splits.
* **Issuing** (I81): at the end of a Build Route action (or a card) that
  laid or upgraded rail, the builder is asked, for each line the new rail
  belongs to, how many certificates to issue, from 1 up to
  ``segments // 3 - issued``, or none (``done``). Certificates not issued
  may be issued at a later rail build on that line (counted on all its
  segments), never at another time. Issued certificates are the owner's
  until sold: the owner is the shareholder of the unsold ones.
* **Buying** (I82): a free action on your turn in the Action phase
  (``Buy Share``, like a loan): one certificate of a rival's line that its
  owner still holds, for 4¤ paid to the owner; any number of times while
  certificates are for sale and you can pay. The owner cannot refuse (the
  price of issuing); a bought share is never resold.
* **Tolls on a line** (I83): the base toll (1¤ per distinct rival owner per
  Move) is "paid on a line" when the leg it is paid on crosses that owner's
  rail: the line of the first such segment along the leg. If that line has
  certificates, the bank adds the same amount again (``match_per_toll``) and
  the total splits over the certificates: each other holder gets
  ``floor(total * held / issued)``, the owner keeps the rest (the rounding
  goes to the owner). A toll on roads only, or on a line without
  certificates, is the base rule alone.
* **Railroad Baron** (I84): under the Switching Yard the toll is 2¤, so the
  bank matches 2¤ and 4¤ split.
* **End** (I85): each certificate is a share for whoever holds it, the
  owner's unsold ones included: 1 point (score sheet line ``shares``) and 1¤
  of portfolio (the tie-breaker; :func:`share_portfolio`).

Source: rulebook, "Optional Modules" (Shares); "Routes" (tolls).
"""

from __future__ import annotations

from collections.abc import Sequence

from hexkit.errors import InvalidRecordError
from hexkit.flow import Handler
from hexkit.game import PlayerId
from hexkit.hexes import Hex
from hexkit_soot.actions import Choose, IssueShares
from hexkit_soot.effects import Hook, modify
from hexkit_soot.grid import code_edge, edge_code
from hexkit_soot.ledger import data, gain_currency, transfer_currency
from hexkit_soot.module_data import ShareNumbers, load_share_numbers, module_digest
from hexkit_soot.registry import REGISTRY, SootRegistry
from hexkit_soot.rules.modules import register_module
from hexkit_soot.rules.steps import free_action, opt, optf
from hexkit_soot.state import NO_OWNERS, NO_ROUTES, RAIL, ShareLine, SootState
from hexkit_soot.state import tally as _tally  # "what was played" counters

__all__ = [
    "NAME", "RULES_VERSION", "ShareNumbers", "share_numbers", "load_numbers", "line_edges", "line_name",
    "lines_of", "record_of", "certificates_allowed", "shares_held", "share_portfolio", "expected_income",
    "rail_progress",
    "note_rail", "offer_issue", "on_toll", "check_shares", "share_text", "Shares", "MODULE", "register", "PLAYED",
    "IssueHandler",
]

NAME = "shares"
"""The module's (and variant's) name."""

RULES_VERSION = 1
"""The Shares rules version (with the data digest, in ``SootConfig.module_versions``)."""

PLAYED = ("shares_issued", "shares_bought", "tolls_matched")
"""The module's mechanisms in ``SootState.played`` (listed by ``SootGame.played`` with the module on):
certificates issued, shares bought, tolls matched (counted for the line's owner)."""

_FRESH = "shares.fresh"
"""``module_state`` key: the rail segments (edge codes) laid since the last issue offer."""

def load_numbers(text: str, where: str = "shares.toml") -> ShareNumbers:
    """Parse and check a shares data file on its own (:func:`hexkit_soot.module_data.load_share_numbers`).

    Raises:
        InvalidRecordError: naming every bad field (``shares.number.share_price``).
    """
    return load_share_numbers(text, where)


def share_numbers(state: SootState) -> ShareNumbers:
    """The numbers the game plays with: ``SootData.shares`` (the config's data directory's
    shares.toml, else the packaged one, with the config's ``--set shares.*`` overrides).

    Args:
        state: the game.
    """
    return data(state).shares


def _on(state: SootState) -> bool:
    return NAME in getattr(state.config, "modules", ())


# -- lines ------------------------------------------------------------------

def _canon(h: Hex, d: int) -> int:
    """The smaller edge code of the segment from ``h`` in direction ``d`` (it has one at each end)."""
    n = h.neighbors()[d]
    return min(edge_code(h, d), edge_code(n, (d + 3) % 6))


def line_edges(state: SootState, owner: PlayerId, edge: int) -> frozenset[int]:
    """The line through segment ``edge``: every rail segment of ``owner`` connected to it.

    Args:
        state: the game.
        owner: the rail's owner.
        edge: an :func:`~hexkit_soot.grid.edge_code` of one of ``owner``'s rail segments.

    Returns:
        The canonical edge codes of the line's segments (empty if ``edge`` is not ``owner``'s rail).
    """
    h, d = code_edge(edge)
    if d > 5 or state.route_kind.get(h, NO_ROUTES)[d] != RAIL or state.route_owner.get(h, NO_OWNERS)[d] != owner:
        return frozenset()
    seen = {h}
    todo = [h]
    edges: set[int] = set()
    kinds_of, owners_of = state.route_kind, state.route_owner
    while todo:
        at = todo.pop()
        kinds = kinds_of.get(at, NO_ROUTES)
        owners = owners_of.get(at, NO_OWNERS)
        for k, n in enumerate(at.neighbors()):
            if kinds[k] == RAIL and owners[k] == owner:
                edges.add(_canon(at, k))
                if n not in seen:
                    seen.add(n)
                    todo.append(n)
    return frozenset(edges)


def lines_of(state: SootState, owner: PlayerId) -> list[frozenset[int]]:
    """Every line of ``owner``, ordered by their smallest segment code.

    Args:
        state: the game.
        owner: the seat.
    """
    found: list[frozenset[int]] = []
    covered: set[int] = set()
    for h in sorted(state.route_kind):
        kinds = state.route_kind[h]
        owners = state.route_owner[h]
        for d in range(6):
            if kinds[d] == RAIL and owners[d] == owner:
                code = _canon(h, d)
                if code not in covered:
                    line = line_edges(state, owner, code)
                    covered |= line
                    found.append(line)
    return sorted(found, key=min)


def line_name(edge: int) -> str:
    """A line's name in the log and on the boards: its root segment, ``(0, 0)-(1, 0)``.

    Args:
        edge: the root's edge code.
    """
    h, d = code_edge(edge)
    return f"{h}-{h.neighbors()[d]}"


def record_of(state: SootState, owner: PlayerId, line: frozenset[int]) -> ShareLine | None:
    """The certificate record of ``line`` (``None``: no certificate issued in it yet).

    Args:
        state: the game.
        owner: the line's owner.
        line: its segments (:func:`line_edges`).
    """
    for record in state.share_lines:
        if record.owner == owner and record.root in line:
            return record
    return None


def certificates_allowed(state: SootState, line: frozenset[int]) -> int:
    """Certificates a line of ``len(line)`` segments may have in all (one per 3 segments).

    Args:
        state: the game.
        line: its segments.
    """
    return len(line) // share_numbers(state).segments_per_certificate


def _merge(state: SootState, owner: PlayerId) -> None:
    """Join the records of ``owner``'s lines that one line now holds (the older keeps its name)."""
    mine = [r for r in state.share_lines if r.owner == owner]
    if len(mine) < 2:
        return
    for i, keep in enumerate(mine):
        if keep not in state.share_lines:
            continue
        line = line_edges(state, owner, keep.root)
        for other in mine[i + 1:]:
            if other in state.share_lines and other.root in line:
                keep.issued += other.issued
                keep.held = [a + b for a, b in zip(keep.held, other.held)]
                keep.tolls += other.tolls
                state.share_lines.remove(other)
                state.note(owner, f"joined its lines {line_name(keep.root)} and {line_name(other.root)}: "
                                  f"{keep.issued} share certificates in line {line_name(keep.root)}")


def note_rail(state: SootState, a: Hex, b: Hex, owner: PlayerId) -> None:
    """A rail segment of ``owner`` was laid between ``a`` and ``b``: merge joined lines, remember it for the offer.

    Called by :func:`hexkit_soot.rules.routes.set_route` (the one writer of
    routes) for every rail segment; does nothing with the module off.

    Args:
        state: the game.
        a: one end.
        b: the other end.
        owner: the rail's owner.
    """
    if not _on(state) or owner < 0:
        return
    state.module_state.setdefault(_FRESH, []).append(_canon(a, a.neighbors().index(b)))
    _merge(state, owner)


def _pending_offer(state: SootState, player: PlayerId) -> tuple[frozenset[int], int] | None:
    """The next line of ``player``'s fresh rail with certificates left to issue, and how many."""
    fresh = state.module_state.get(_FRESH, [])
    while fresh:
        line = line_edges(state, player, fresh[0])
        if not line:
            fresh.pop(0)
            continue
        fresh[:] = [e for e in fresh if e not in line]
        record = record_of(state, player, line)
        left = certificates_allowed(state, line) - (record.issued if record is not None else 0)
        if left > 0:
            return line, left
    state.module_state.pop(_FRESH, None)
    return None


def offer_issue(state: SootState, player: PlayerId) -> None:
    """After a rail build: ask ``player`` how many certificates to issue in the next line it built on.

    Each line the new rail belongs to is offered once (one question at a
    time; the answer asks about the next). Nothing is asked with the module
    off or when no line has a certificate left to issue.

    Args:
        state: the game.
        player: the builder.

    Source: rulebook, Shares ("when any player builds rail, they may issue
    shares in that line (one certificate per 3 segments)").
    """
    if not _on(state) or _FRESH not in state.module_state:
        return
    found = _pending_offer(state, player)
    if found is None:
        return
    line, left = found
    name = _name(state, player, line)
    state.pending.append(IssueShares(
        player=player, root_edge=min(line), most=left,
        prompt=f"Shares: issue certificates in your line {name} ({len(line)} rail segments, up to {left} more)?"))


def _name(state: SootState, player: PlayerId, line: frozenset[int]) -> str:
    """The line's name: its record's root once certificates were issued in it, else its smallest segment."""
    record = record_of(state, player, line)
    return line_name(record.root if record is not None else min(line))


class IssueHandler(Handler[SootState, IssueShares, Choose]):
    """The :class:`~hexkit_soot.actions.IssueShares` question: how many certificates to issue.

    Source: module shares.
    """

    def answers(self, state: SootState, question: IssueShares) -> Sequence[Choose]:
        """``Choose("qty", k)`` for ``k`` in 1..``most``, then ``Choose("done", 0)``."""
        name = _name(state, question.player, line_edges(state, question.player, question.root_edge))
        options = [optf("qty", k, "issue {} share certificate(s) in line {}", k, name)
                   for k in range(1, question.most + 1)]
        return (*options, opt("done", 0, "issue no certificate"))

    def resolve(self, state: SootState, question: IssueShares, answer: Choose) -> None:
        """Issue the chosen number of certificates (held by the owner until sold); then the next line."""
        _issue(state, question.player, question.root_edge, answer)


def _issue(state: SootState, player: PlayerId, root_edge: int, answer: Choose) -> None:
    if answer.code == "qty":
        line = line_edges(state, player, root_edge)
        record = record_of(state, player, line)
        if record is None:
            record = ShareLine(owner=player, root=min(line), held=[0] * len(state.players))
            state.share_lines.append(record)
        record.issued += answer.arg
        record.held[player] += answer.arg
        _tally(state, "shares_issued", player, answer.arg)
        state.note(player, f"issued {answer.arg} share certificate(s) in its line {line_name(record.root)} "
                           f"({len(line)} rail segments; {record.issued} issued, "
                           f"{record.held[player]} unsold)")
    else:
        state.note(player, "issued no share certificate")
    offer_issue(state, player)


# -- buying -------------------------------------------------------------------

def _buy_options(state: SootState, player: PlayerId) -> list[Choose]:
    if not state.share_lines:  # the common case (module off, or nothing issued yet)
        return []
    price = share_numbers(state).share_price
    if state.players[player].currency < price:
        return []
    return [optf("Buy Share", record.root, "buy a share of P{}'s line {} for {}¤", record.owner,
                 line_name(record.root), price)
            for record in state.share_lines if record.owner != player and record.held[record.owner] > 0]


@free_action("Buy Share", _buy_options)
def on_buy(state: SootState, player: PlayerId, answer: Choose) -> None:
    """Buy one unsold certificate of a rival's line, paying its owner.

    Source: rulebook, Shares ("other players buy shares at 4¤ (paid to the line's owner)").
    """
    record = next(r for r in state.share_lines if r.root == answer.arg and r.owner != player)
    price = share_numbers(state).share_price
    transfer_currency(state, player, record.owner, price, "")
    record.held[record.owner] -= 1
    record.held[player] += 1
    _tally(state, "shares_bought", player)
    state.note(player, f"bought a share of P{record.owner}'s line {line_name(record.root)} for {price}¤ "
                       f"(now holds {record.held[player]} of {record.issued})")


# -- tolls --------------------------------------------------------------------

def _toll_line(state: SootState, owner: PlayerId, hexes: list[Hex]) -> ShareLine | None:
    """The certificate record of the line of ``owner``'s first rail segment along ``hexes``."""
    for a, b in zip(hexes, hexes[1:]):
        d = a.neighbors().index(b)
        if state.route_kind.get(a, NO_ROUTES)[d] == RAIL and state.route_owner.get(a, NO_OWNERS)[d] == owner:
            return record_of(state, owner, line_edges(state, owner, _canon(a, d)))
    return None


def on_toll(state: SootState, owner: PlayerId, hexes: list[Hex], toll: int) -> None:
    """A toll of ``toll`` ¤ was paid to ``owner`` for a leg over ``hexes``: match it and split it if on a line.

    The bank adds ``toll * match_per_toll``; of the total, each holder other
    than the owner gets ``total * held // issued`` (paid by the owner, who
    received the toll and the match), the owner keeps the rest. Called by
    the Move rules after the toll is paid; nothing happens with the module
    off, on roads only or on a line without certificates.

    Args:
        state: the game.
        owner: who was paid the toll.
        hexes: the leg's hexes, start first.
        toll: the toll paid (1¤; 2¤ under the Switching Yard).

    Source: rulebook, Shares ("whenever tolls are paid on a line, the bank
    matches the toll and the total splits among shareholders (round in
    owner's favor)").
    """
    if not state.share_lines or toll <= 0:
        return
    record = _toll_line(state, owner, hexes)
    if record is None or record.issued <= 0:
        return
    match = toll * share_numbers(state).match_per_toll
    gain_currency(state, owner, match, "")
    record.tolls += 1
    _tally(state, "tolls_matched", owner)
    total = toll + match
    parts = []
    kept = total
    for q, held in enumerate(record.held):
        if q == owner or held <= 0:
            continue
        part = total * held // record.issued
        if part:
            transfer_currency(state, owner, q, part, "")
        kept -= part
        parts.append(f"P{q} {part}¤")
    split = ", ".join(parts) + ", " if parts else ""
    state.note(owner, f"toll on its line {line_name(record.root)}: the bank matched {match}¤; "
                      f"{total}¤ over {record.issued} certificate(s): {split}P{owner} keeps {kept}¤")


# -- holdings, value, checks -----------------------------------------------------

def shares_held(state: SootState, player: PlayerId) -> int:
    """Certificates ``player`` holds over every line (its own unsold ones included).

    Args:
        state: the game.
        player: the seat.
    """
    return sum(record.held[player] for record in state.share_lines if player < len(record.held))


def share_portfolio(state: SootState, player: PlayerId) -> int:
    """The ¤ of portfolio ``player``'s shares add (1 per share).

    Args:
        state: the game.
        player: the seat.
    """
    if not state.share_lines:
        return 0
    return share_numbers(state).portfolio_per_share * shares_held(state, player)


_TOLL_PRIOR = 0.1
"""Agents' guess of tolls per round on a line nobody has paid a toll on yet (a heuristic, not a rule)."""


def expected_income(state: SootState, player: PlayerId) -> float:
    """``player``'s expected ¤ from tolls on lines with certificates for the rest of the game.

    Per line: the tolls paid so far per round played (at least
    :data:`_TOLL_PRIOR`) times the rounds left, times the toll and its match,
    times ``player``'s fraction of the certificates. An agents' heuristic.

    Args:
        state: the game.
        player: the seat.
    """
    if not state.share_lines:
        return 0.0
    left = max(0, (state.last_round or 13) - state.round)
    if not left:
        return 0.0
    match = share_numbers(state).match_per_toll
    total = 0.0
    for record in state.share_lines:
        held = record.held[player] if player < len(record.held) else 0
        if held <= 0 or record.issued <= 0:
            continue
        rate = max(_TOLL_PRIOR, record.tolls / max(1, state.round))
        toll = modify(state, record.owner, Hook.TOLL_RATE, data(state).numbers.toll)
        total += rate * left * toll * (1 + match) * held / record.issued
    return total


_PROGRESS = 0.5
"""Points the agents give a whole certificate's worth of rail progress (a heuristic, not a rule)."""


def rail_progress(state: SootState, player: PlayerId) -> float:
    """Shares' worth of rail ``player`` has laid towards its lines' next certificates (agents' heuristic).

    Args:
        state: the game.
        player: the seat.

    Returns:
        ``sum(len(line) % 3 / 3) * points_per_share`` over the player's lines (0 with the module off).
    """
    if not _on(state):
        return 0.0
    nums = share_numbers(state)
    per = nums.segments_per_certificate
    return sum(len(line) % per / per for line in lines_of(state, player)) * nums.points_per_share


def check_shares(state: SootState) -> None:
    """Refuse a loaded state whose share records cannot be right.

    Each record's owner is a seat, its root is a rail segment of the owner,
    no two records name one line, ``held`` has one count per seat, none
    negative, summing to ``issued``, and ``issued`` is within one per 3
    segments of its line; records exist only with the module on.

    Args:
        state: the game.

    Raises:
        InvalidRecordError: naming the field (``"state.share_lines.0.held"``).
    """
    if state.share_lines and not _on(state):
        raise InvalidRecordError("state.share_lines", "share certificates in a game without the shares module")
    n = len(state.players)
    seen: list[frozenset[int]] = []
    for i, record in enumerate(state.share_lines):
        field = f"state.share_lines.{i}"
        if not 0 <= record.owner < n:
            raise InvalidRecordError(f"{field}.owner", f"{record.owner} is not a seat of a {n}-player game")
        line = line_edges(state, record.owner, record.root)
        if record.root not in line:
            raise InvalidRecordError(f"{field}.root", f"{record.root} is not a rail segment of P{record.owner}")
        if any(line == other for other in seen):
            raise InvalidRecordError(f"{field}.root", f"line {line_name(record.root)} is recorded twice")
        seen.append(line)
        if len(record.held) != n or any(h < 0 for h in record.held):
            raise InvalidRecordError(f"{field}.held", f"{record.held}: one count >= 0 per seat expected")
        if sum(record.held) != record.issued:
            raise InvalidRecordError(f"{field}.held", f"{sum(record.held)} held, {record.issued} issued")
        if not 0 < record.issued <= certificates_allowed(state, line):
            raise InvalidRecordError(f"{field}.issued", f"{record.issued} certificates for {len(line)} rail "
                                                        f"segments (at most {certificates_allowed(state, line)})")
        if record.tolls < 0:
            raise InvalidRecordError(f"{field}.tolls", f"{record.tolls} is negative")
    fresh = state.module_state.get(_FRESH, [])
    if fresh and not _on(state):
        raise InvalidRecordError(f"state.module_state.{_FRESH}", "rail noted for shares without the module")


def share_text(state: SootState) -> list[str]:
    """The text board's share lines: one per line with certificates, one per seat holding shares.

    Args:
        state: the game.

    Returns:
        e.g. ``["shares: P1's line (0, 0)-(1, 0): 7 rail, 2 certificates (P0 1, P1 1 unsold), 3 tolls", ...]``.
    """
    out = []
    for record in state.share_lines:
        line = line_edges(state, record.owner, record.root)
        holders = ", ".join(f"P{q} {h}" + (" unsold" if q == record.owner else "")
                            for q, h in enumerate(record.held) if h)
        out.append(f"shares: P{record.owner}'s line {line_name(record.root)}: {len(line)} rail, "
                   f"{record.issued} certificate(s) ({holders}), {record.tolls} toll(s) matched")
    if state.share_lines:
        nums = share_numbers(state)
        for q in range(len(state.players)):
            held = shares_held(state, q)
            if held:
                out.append(f"P{q} holds {held} share(s): {held * nums.points_per_share} pts + "
                           f"{held * nums.portfolio_per_share}¤ portfolio at the end")
    return out


class Shares:
    """The Shares module object (registered as ``shares``)."""

    name = NAME
    state_keys = (_FRESH,)
    rules_version = RULES_VERSION
    data_file = "shares.toml"
    version = f"{RULES_VERSION}+{module_digest(None, 'shares.toml')}"

    def on_setup(self, state: SootState) -> None:
        """Check the data and log the module."""
        nums = share_numbers(state)
        state.note(None, f"shares: one certificate per {nums.segments_per_certificate} rail segments of a line, "
                         f"{nums.share_price}¤ each; tolls on a line matched by the bank")

    def after_actions(self, state: SootState) -> None:
        """Nothing (shares act at rail builds, purchases and tolls)."""

    def on_round_end(self, state: SootState) -> None:
        """Nothing."""

    def score(self, state: SootState, player: PlayerId) -> dict[str, int]:
        """The score sheet line ``shares``: 1 point per share held."""
        return {"shares": share_numbers(state).points_per_share * shares_held(state, player)}

    def value(self, state: SootState, player: PlayerId) -> float:
        """The agents' evaluation term: expected toll income at 1/3 point per ¤ (the evaluation's money
        weight), plus half a point per share's worth of progress towards a line's next certificate
        (``segments % 3 / 3``: rail laid that a later build turns into a share)."""
        return expected_income(state, player) / 3.0 + _PROGRESS * rail_progress(state, player)


MODULE = Shares()
"""The module object; :func:`register` puts it in the registry (called by :func:`hexkit_soot.game.register`)."""


def register(registry: SootRegistry = REGISTRY) -> None:
    """Register the module (explicit: importing this file registers nothing).

    Args:
        registry: the tables to register it in.
    """
    register_module(MODULE, registry)
