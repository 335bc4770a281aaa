"""A text picture of a Soot & Timber state.

:func:`render_map` draws the explored map as offset rows of hex cells,
each cell three characters: terrain letter, then what stands there::

    P  Plains   F Forest   H Hill   M Mountain   S Swamp   C Central City
    O  Outer District (5-6 players; second char '+' once unlocked)
    lower case = water overlay (river)
    second char: a community (T Trading Post, R Tribal Capital), a
    settlement tier (1 Settlement, 2 Town, 3 City), a camp owner (seat
    digit on a camp: shown as the letter a-f), or '.'
    third char: agents (E Explorer, B Builder, c caravan; '*' for several)

:func:`render_routes` lists segments by owner; :func:`render_text` adds
the market, players and a score summary (with the Shares module, a line per
rail line with certificates and per seat holding shares).

Source: rulebook, "The Map"; components (tiles, medallions, tokens).
"""

from __future__ import annotations

from hexkit.hexes import Hex
from hexkit_soot.config import game_data
from hexkit_soot.rules.explore import tile_info
from hexkit_soot.rules.trust import trust_lines
from hexkit_soot.rules.labor import labor_lines, labor_on, worker_text
from hexkit_soot.rules.partners import partner_of, seating
from hexkit_soot.rules.shares import share_text
from hexkit_soot.state import CENTRAL_CITY, OUTER_TILE, ROUTE_NAMES, SootState

__all__ = ["render_map", "render_routes", "render_text"]

_TERRAIN = {"Plains": "P", "Forest": "F", "Hill": "H", "Mountain": "M", "Swamp": "S",
            "Central City": "C", "Outer District": "O"}


def _cell(state: SootState, h: Hex) -> str:
    terrain = tile_info(state, state.tiles[h])[0]
    first = _TERRAIN.get(terrain, "?")
    if state.water.get(h):
        first = first.lower()
    second = "."
    if h in state.communities:
        second = "T" if state.communities[h].kind == "Trading Post" else "R"
    elif h in state.settlements and h != CENTRAL_CITY:
        second = str(state.settlements[h].tier)
    elif h in state.camps:
        second = "abcdef"[state.camps[h].owner]
    elif h in state.trust_camps:
        second = "X"  # a Trust camp (module trust): dead to players
    elif state.tiles[h] == OUTER_TILE and state.outer_district == 2:
        second = "+"  # unlocked: its 2 Tier 3 slots are open
    agents = []
    for p in state.players:
        agents += ["E" for e in p.explorers if e == h]
        agents += ["B" for b in p.builders if b == h]
        agents += ["c" for c in p.caravans if c.loc == h]
    third = " " if not agents else agents[0] if len(agents) == 1 else "*"
    return first + second + third


def render_map(state: SootState) -> str:
    """The explored map as text (pointy-top rows, odd rows shifted right).

    Args:
        state: the game.
    """
    if not state.tiles:
        return "(no map)"
    rs = [h[1] for h in state.tiles]
    rows = range(min(rs), max(rs) + 1)
    cols = [h[0] + (h[1] - (h[1] & 1)) // 2 for h in state.tiles]
    left, right = min(cols), max(cols)
    lines = []
    for r in rows:
        shift = "  " if r & 1 else ""
        cells = []
        for col in range(left, right + 1):
            q = col - (r - (r & 1)) // 2
            h = Hex(q, r)
            cells.append(_cell(state, h) if h in state.tiles else "   ")
        lines.append((f"{r:>3} " + shift + " ".join(cells)).rstrip())
    legend = "P/F/H/M/S terrain (lower case: river), C Central City; T/R community; 1-3 settlement tier; a-f camp owner; E/B/c agents"
    if state.outer_district:
        legend += "; O Outer District (O+ unlocked)"
    return "\n".join([*lines, legend])


def render_routes(state: SootState) -> str:
    """Road and rail segments by owner, and the number of public trails (those under roads and rail included).

    Args:
        state: the game.
    """
    by_owner: dict[int, list[str]] = {}
    trails = 0
    for h in sorted(state.route_kind):
        kinds = state.route_kind[h]
        owners = state.route_owner[h]
        under = state.trails.get(h, 0)
        for d, n in enumerate(h.neighbors()):
            if kinds[d] and h < n:
                trails += under >> d & 1
                if kinds[d] != 1:
                    over = " over a trail" if under >> d & 1 else ""
                    by_owner.setdefault(owners[d], []).append(f"{ROUTE_NAMES[kinds[d]]} {h}-{n}{over}")
    lines = [f"trails: {trails}"]
    for owner in sorted(by_owner):
        lines.append(f"P{owner}: " + ", ".join(by_owner[owner]))
    return "\n".join(lines)


def render_text(state: SootState) -> str:
    """Map, routes, prices and players.

    Args:
        state: the game.
    """
    data = game_data(state.config)
    out = [f"Round {state.round} - phase {state.phase}" + (" - the Frontier has closed" if state.frontier_closed else ""),
           render_map(state), render_routes(state)]
    prices = ", ".join(f"{g} {state.prices[g]}" for g in state.prices)
    out.append(f"prices: {prices}")
    for i, p in enumerate(state.players):
        stock = ", ".join(f"{n} {g}" for g, n in sorted(p.stock.items())) or "-"
        if p.screened:
            stock += f"; {p.screened} hidden ingredient{'s' if p.screened > 1 else ''}"
        out.append(f"P{i} {p.archetype}: {p.points} pts, {p.currency}¤, soot {p.soot}, prestige {p.prestige}, "
                   f"loans {p.loans}, hand {len(p.hand)}, network: {stock}")
    if partner_of(state, 0) >= 0:  # Partnerships: each pair with its public-track points, the lower one counts
        for a, b in seating(state.config.players):
            pa, pb = state.players[a].points, state.players[b].points
            out.append(f"partnership P{a}+P{b}: P{a} {pa} pts, P{b} {pb} pts (partnership counts the lower: {min(pa, pb)})")
    for h, s in sorted(state.settlements.items()):
        if labor_on(state):  # module labor: each facility's worker
            facs = ", ".join(f"{f.name}(P{f.owner}){worker_text(state, h, i, f)}"
                             for i, f in enumerate(s.facilities)) or "no facilities"
        else:
            facs = ", ".join(f"{f.name}(P{f.owner})" for f in s.facilities) or "no facilities"
        name = f"{s.kind} ({s.spec})" if s.spec else s.kind
        founder = f", founded by P{s.founder}" if s.founder >= 0 else ""
        out.append(f"{name} at {h}, tier {s.tier}{founder}{', Struggling' if s.struggling else ''}: {facs}")
    if "trust.seized" in state.module_state:  # module trust
        out.extend(trust_lines(state))
    out.extend(labor_lines(state))  # module labor (empty when off)
    if state.share_lines:  # module shares: each line's certificates and holders, each seat's shares
        out.extend(share_text(state))
    del data
    return "\n".join(out)
