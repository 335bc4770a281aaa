"""The cheaper forms of hot rules code equal the plain forms they replaced, at every decision of random games.

Issue 13 (random playouts per CPU-second) made several turn-menu checks and
question builders cheaper without changing what they give. Each is compared
here with the plain form it replaced (kept below as the reference), at every
decision of random games of 1-6 players with modules:

- the main actions' availability checks written as plain loops or with a
  bound first (Build Structure, Buy Upgrade, Found Camp, Found Settlement,
  Community Interaction, Market Transaction, Move) against "the rule's
  generator finds one" (or the generator expression they were);
- the whole turn menu against a listcomp and loop of extends over the same
  checks (the form it has again, after gathering it in C proved dearer);
- an offer's answers (give, ask, currency) kept by good name, and the walk,
  edge and Abandon Contract answers kept by hex, edge or hand, against the
  ``optf`` calls that made them;
- a Move's packed masks unpacked over their set bits, against a test of every bit;
- the event log's snapshot with its labels made once, against the labels formatted afresh.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from hexkit.game import PlayerId
from hexkit_soot import GAME
from hexkit_soot.actions import Choose
from hexkit_soot.config import SootConfig, data
from hexkit_soot.rules import camps, communities, contracts, event_log, market, movement, settlements, structures, trades, upgrades
from hexkit_soot.rules.actions import _menus, free_of_action, turn_options, _PASS
from hexkit_soot.rules.steps import optf, opt
from hexkit_soot.state import SootState, TradeOffer
from tests.soot.test_module_mix import mixes


def _configs() -> list[SootConfig]:
    plain = [GAME.make_config(players=n) for n in range(1, 7)]
    return plain + mixes(6, 23)


CONFIGS = _configs()


def _menu_reference(state: SootState, player: PlayerId) -> list[Choose]:
    """The turn menu as a listcomp and a loop of extends (the form before issue 13's work)."""
    main, free = _menus()
    p = state.players[player]
    if p.actions > 0:
        out = [answer for answer, available, _, _ in main if available(state, player)]
    else:
        restricted = p.restricted > 0
        out = [answer for answer, available, restricted_ok, name in main
               if ((restricted and restricted_ok) or free_of_action(state, player, name))
               and available(state, player)]
    for options in free:
        out.extend(options(state, player))
    out.append(_PASS)
    return out


def _give_reference(state: SootState, offer: TradeOffer) -> list[Choose]:
    ids = data(state).good_ids
    if offer.binding:
        return [optf("give", ids[g], "promise 1 more {}", g) for g in trades._owned_kinds(state, offer.offerer)]
    stock = state.players[offer.offerer].stock
    return [optf("give", ids[g], "give 1 more {}", g)
            for g in trades._tradeable(state, stock) if offer.give.get(g, 0) < stock[g] and g not in offer.ask]


def _ask_reference(state: SootState, offer: TradeOffer, names: Sequence[str]) -> list[Choose]:
    if offer.binding:
        return []
    stock = state.players[offer.target].stock
    specials = data(state).special_goods
    room = trades._ingredients(state, offer.target) - sum(offer.ask.get(g, 0) for g in specials)
    ids = data(state).good_ids
    out = [optf("ask", ids[g], "ask 1 more {}", g)
           for g in trades._tradeable(state, stock)
           if g not in specials and offer.ask.get(g, 0) < stock[g] and g not in offer.give]
    if room > 0:
        out.extend(optf("ask", ids[g], "ask 1 more {}", g) for g in specials if g not in offer.give)
    return sorted(out, key=lambda o: names[o.arg])


def _currency_reference(state: SootState, offer: TradeOffer) -> list[Choose]:
    step = data(state).numbers.trade_currency_step
    top = state.players[offer.target].currency
    bottom = 0 if offer.binding else -state.players[offer.offerer].currency
    out = []
    for v in sorted({offer.currency + d for d in (-step, -1, 1, step)}):
        if bottom <= v <= top:
            if v > 0:
                out.append(optf("currency", v, "currency: P{} pays {}¤", offer.target, v))
            elif v < 0:
                out.append(optf("currency", v, "currency: you pay {}¤", -v))
            else:
                out.append(opt("currency", v, "currency: none"))
    return out


def _snapshot_reference(state: SootState) -> dict[str, int | str]:
    """The event log's snapshot with every label formatted afresh (the form before issue 13's work)."""
    goods = data(state).goods
    out: dict[str, int | str] = {}
    for label, by_good in (("price", state.prices), ("price floor", state.floors), ("price bonus", state.raw_bonus)):
        for g in goods:
            if g in by_good:
                out[f"{g} {label}"] = by_good[g]
    for h in sorted(state.stacks):
        out[f"stack at {h}"] = state.stacks[h]
    for h in sorted(state.camps):
        camp = state.camps[h]
        out[f"camp at {h}"] = f"P{camp.owner} {camp.kind}"
    for i, p in enumerate(state.players):
        who = f"P{i}"
        out[f"{who} currency"] = p.currency
        out[f"{who} points"] = p.points
        out[f"{who} prestige"] = p.prestige
        out[f"{who} soot"] = p.soot
        out[f"{who} actions"] = p.actions
        out[f"{who} cards"] = len(p.hand)
        out[f"{who} caravans"] = len(p.caravans)
        ingredients = p.screened
        for g in goods:
            if g not in p.stock:
                continue
            if goods[g].kind == "special":
                ingredients += p.stock[g]
            else:
                out[f"{who} {g}"] = p.stock[g]
        for c in p.caravans:
            for g in goods:
                if g in c.cargo:
                    key = f"{who} {g} on caravans"
                    out[key] = int(out.get(key, 0)) + c.cargo[g]
        out[f"{who} ingredients"] = ingredients
    out["in force this round"] = ", ".join(state.active)
    return out


def _market_reference(state: SootState, player: PlayerId) -> bool:
    """Market Transaction's check with its last test as a generator over _listed and tier3 (before issue 13's work)."""
    from hexkit_soot.rules.market import _listed, markets_for
    from hexkit_soot.rules.network import holds_at, is_node, network_room, tier3
    from hexkit_soot.rules.settlements import is_market
    from hexkit_soot.effects import Hook, modify
    from hexkit_soot.state import CENTRAL_CITY

    if is_market(state, CENTRAL_CITY) and is_node(state, player, CENTRAL_CITY) and holds_at(state, player, CENTRAL_CITY, True):
        return True
    markets = markets_for(state, player)
    if not markets:
        return False
    if any(holds_at(state, player, h) for h in markets):
        return True
    cur = state.players[player].currency
    markup = modify(state, player, Hook.BUY_MARKUP, data(state).numbers.buy_markup)
    tier3_only = network_room(state, player) == 0 and all(is_node(state, player, h) for h in markets)
    return any(_listed(state, name) + markup <= cur for name, g in data(state).goods.items()
               if g.kind != "special" and state.supply.count(name) > 0
               and (not tier3_only or tier3(state, name)))


def _labelled(answers: Sequence[Choose]) -> list[tuple[str, int, str]]:
    return [(a.code, a.arg, a.label) for a in answers]


@pytest.mark.parametrize("config", CONFIGS, ids=[f"{c.players}p-{'+'.join(sorted(c.modules)) or 'base'}"
                                                  for c in CONFIGS])
def test_fast_forms_equal_the_plain_ones_at_every_decision(config: SootConfig) -> None:
    seed = 7 + config.players
    state = GAME.new(config, seed)
    pick = random.Random(seed).randrange
    menus = offers = opened = snapshots = edges = 0
    decisions = 0
    while state.pending and decisions < 2500:
        top = state.pending[-1]
        if getattr(top, "kind", None) == "turn":
            menus += 1
            player = top.player
            assert _labelled(turn_options(state, player)) == _labelled(_menu_reference(state, player))
            cts = data(state).contracts
            assert _labelled(contracts._abandon_options(state, player)) == _labelled(
                [optf("Abandon Contract", c, "abandon {}", cts[c].name)
                 for c in dict.fromkeys(state.players[player].contracts)])
            checks = {
                "Build Structure": (structures._available, next(structures._builds(state, player), None) is not None),
                "Buy Upgrade": (upgrades._any_purchasable, bool(upgrades.purchasable(state, player))),
                "Found Camp": (camps._available, next(camps._sites(state, player), None) is not None),
                "Found Settlement": (settlements._can_found,
                                     next(settlements._foundings(state, player), None) is not None),
                "Market Transaction": (market._available, _market_reference(state, player)),
                "Move": (movement._available, bool(state.players[player].caravans) or any(
                    n in state.tiles for h in (*state.players[player].explorers, *state.players[player].builders)
                    for n in h.neighbors())),
                "Community Interaction": (communities._available,
                                          next(communities._interactions(state, player), None) is not None),
            }
            for name, (fast, plain) in checks.items():
                assert fast(state, player) == plain, f"{name} at decision {decisions}"
                opened += plain
        offer = state.offer
        if getattr(top, "kind", None) == "trade.build" and offer is not None:
            offers += 1
            names = data(state).good_names
            assert _labelled(trades._give_options(state, offer, names)) == _labelled(_give_reference(state, offer))
            assert _labelled(trades._ask_options(state, offer, names)) == _labelled(_ask_reference(state, offer, names))
            assert _labelled(trades._currency_options(state, offer)) == _labelled(_currency_reference(state, offer))
        if getattr(top, "kind", None) == "move.walk":
            from hexkit_soot.grid import hex_code

            start = movement._walker(state, top)
            best, _ = movement._walker_tree(state, top.player, start, top.agent)
            plain = [optf("hex", hex_code(t), "to {}", t) for t in sorted(best) if t != start]
            assert _labelled(GAME.flow.handler(top).answers(state, top)) == _labelled(plain)
        if getattr(top, "kind", None) == "route.edge":
            from hexkit_soot.grid import edge_code
            from hexkit_soot.rules import routes

            kind = routes.ROAD if top.route == "road" else routes.RAIL
            plain = [optf("edge", edge_code(h, d), "{} {}-{}", top.route, h, h.neighbors()[d])
                     for h, d in routes.candidate_edges(state, top.player, kind, upgrade=top.route == "upgrade")]
            assert _labelled(routes._edge_options(state, top.player, top.route)) == _labelled(plain)
            edges += len(plain)
        if decisions % 50 == 0:
            snapshots += 1
            fast = event_log.snapshot(state)
            plain = _snapshot_reference(state)
            assert list(fast.items()) == list(plain.items())  # the same labels, values and order
        legal = GAME.legal_actions(state)
        GAME.apply(state, legal[pick(len(legal))])
        decisions += 1
    assert menus > 0 and snapshots > 0
    assert opened > 0 and edges > 0  # open checks and edge questions met (21-1,323 edges per config)


def test_some_checks_open_and_offers_are_built() -> None:
    """The comparisons above meet open checks and offers (the four games these seeds play)."""
    opened = offers = 0
    for seed in range(4):
        state = GAME.new(GAME.make_config(players=4), seed)
        pick = random.Random(seed ^ 0x5EED).randrange
        while state.pending:
            top = state.pending[-1]
            if getattr(top, "kind", None) == "turn":
                opened += structures._available(state, top.player) + upgrades._any_purchasable(state, top.player)
                opened += camps._available(state, top.player) + communities._available(state, top.player)
            offers += getattr(top, "kind", None) == "trade.build"
            legal = GAME.legal_actions(state)
            GAME.apply(state, legal[pick(len(legal))])
    assert opened > 100 and offers > 100


@pytest.mark.parametrize("mask", [0, 1, 0b1011, 1 << 31, (1 << 32) - 1, 0x5A5A_5A5A, (1 << 40) | 0b110,
                                  (0xFF << 32) | (1 << 16) | 1, 0xAB << 32])
def test_masks_unpack_as_a_test_of_every_bit(mask: int) -> None:
    agents = tuple(a for a in range(32) if mask >> a & 1)
    paid = tuple(sorted(o for o in range(8) if (mask >> 32) & (1 << o)))
    assert movement._unpacked(mask) == (agents, paid)
    assert movement._paid(mask) == frozenset(paid)
    low = mask & 0xFFFF
    assert movement._bits(low) == tuple(g for g in range(low.bit_length()) if low >> g & 1)
