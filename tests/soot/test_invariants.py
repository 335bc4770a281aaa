"""Invariants under random legal play: conservation, bounds, the game's end."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from hexkit.rng import Rng
from hexkit.serialize import codec
from hexkit_soot import GAME
from hexkit_soot.actions import Choose
from hexkit_soot.ledger import data
from hexkit_soot.rules.camps import goods_on_tile
from hexkit_soot.rules.network import network_capacity, network_load
from hexkit_soot.state import SootState

from tests.soot.helpers import token_total


def _check(state: SootState, tokens: dict[str, int], cards: int) -> None:
    assert token_total(state) == tokens, "goods tokens are conserved"
    assert all(v >= 0 for v in state.supply.stock.values())
    held = len(state.deck) + len(state.discard) + sum(1 for c in state.card_row if c) + len(state.legacy_gone)
    held += sum(len(p.hand) for p in state.players) + (1 if state.auction and state.auction not in state.card_row else 0)
    held += sum(len(s.drawn) for s in state.pending if getattr(s, "kind", "") == "cards.keep")  # drawn, not yet kept
    assert held == cards, "cards are conserved"
    cap = data(state).numbers.tile_cap
    for p in state.players:
        assert p.currency >= 0
        assert 0 <= p.soot <= 10
        assert p.loans >= 0
        for h, goods in p.loose.items():
            assert all(n > 0 for n in goods.values())
        for c in p.caravans:
            assert sum(c.cargo.values()) <= data(state).numbers.caravan_capacity
    for seat in range(len(state.players)):
        load, room = network_load(state, seat), network_capacity(state, seat)
        assert load <= room, f"P{seat}'s network holds {load} bulk goods, capacity {room}"
    for h in state.camps:
        assert goods_on_tile(state, h) <= cap, f"the camp tile {h} holds more than {cap} goods"
    for good, price in state.prices.items():
        g = data(state).goods[good]
        assert state.floors[good] <= price <= g.maximum
    assert state.round <= 14


@pytest.mark.parametrize("players,seed", [(2, 1), (3, 2), (4, 3), (5, 4), (6, 5)])
def test_invariants_every_step(players: int, seed: int) -> None:
    state = GAME.new(GAME.make_config(players=players), seed)
    tokens = {name: g.tokens for name, g in data(state).goods.items()}
    cards = sum(c.copies for c in data(state).cards.values())
    chooser = Rng(seed)
    while not GAME.is_over(state):
        _check(state, tokens, cards)
        legal = GAME.legal_actions(state)
        GAME.apply(state, legal[chooser.randbelow(len(legal))])
    _check(state, tokens, cards)
    assert state.phase == "over"
    assert state.round <= 14 and (state.round == 14 or state.round == state.last_round)


# Seeds whose random play with the benchmark's chooser once put more than 2
# goods on a camp tile (a camp founded where goods lay, goods unloaded onto a
# full tile): (4, 225) as reported, the others found by scanning seeds.
_CAMP_CAP_SEEDS = [(4, 225), (2, 271), (3, 155), (4, 116), (4, 139), (4, 213), (5, 119), (6, 120)]


@pytest.mark.parametrize("players,seed", _CAMP_CAP_SEEDS)
def test_a_camp_tile_never_holds_more_than_two_goods(players: int, seed: int) -> None:
    state = GAME.new(GAME.make_config(players=players), seed)
    tokens = {name: g.tokens for name, g in data(state).goods.items()}
    cards = sum(c.copies for c in data(state).cards.values())
    chooser = Rng(seed ^ 0x5EED)
    while not GAME.is_over(state):
        legal = GAME.legal_actions(state)
        GAME.apply(state, legal[chooser.randbelow(len(legal))])
        _check(state, tokens, cards)


def test_same_seed_same_game() -> None:
    texts = []
    for _ in range(2):
        state = GAME.new(GAME.make_config(players=3), 11)
        chooser = Rng(4)
        while not GAME.is_over(state):
            legal = GAME.legal_actions(state)
            GAME.apply(state, legal[chooser.randbelow(len(legal))])
        texts.append(codec(GAME).state_to_json(state))
    assert texts[0] == texts[1]


def test_explorer_focused_play_closes_the_frontier_early() -> None:
    """An agent that always explores draws the marker and ends the game before round 14."""
    state = GAME.new(GAME.make_config(players=2), 3)
    chooser = Rng(3)
    while not GAME.is_over(state):
        legal = GAME.legal_actions(state)
        pick = next((a for a in legal if a.code in ("Explore", "draw", "tile", "hex")), None)
        if pick is None or state.pending[-1].kind == "turn" and state.players[state.pending[-1].player].actions == 0:
            pick = next((a for a in legal if a.code == "Pass"), legal[chooser.randbelow(len(legal))])
        GAME.apply(state, pick)
    assert state.frontier_closed and state.triggered_by >= 0
    assert state.round == state.last_round < 14


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_determinize_keeps_counts_and_the_movers_legal_actions(seed: int) -> None:
    from collections import Counter

    state = GAME.new(GAME.make_config(players=4), seed)
    chooser = Rng(seed)
    for _ in range(150 * seed):
        legal = GAME.legal_actions(state)
        GAME.apply(state, legal[chooser.randbelow(len(legal))])
    mover = GAME.current_player(state)
    assert mover is not None
    sample = GAME.determinize(GAME.view(state, mover), mover, Rng(99))
    d = data(state)
    def cards(s: SootState) -> Counter[str]:
        c: Counter[str] = Counter(s.deck + s.discard + [x for x in s.card_row if x] + s.legacy_gone)
        for p in s.players:
            c.update(p.hand)
        return c
    assert sum(cards(sample).values()) == sum(cards(state).values())
    assert set(cards(sample)) <= set(d.cards)
    assert len(sample.tile_stack) == len(state.tile_stack) and -1 not in sample.tile_stack
    assert sample.players[mover].hand == state.players[mover].hand
    assert tuple(GAME.legal_actions(sample)) == tuple(GAME.legal_actions(state))
    GAME.apply(sample, GAME.legal_actions(sample)[0])  # the sample plays on


_PREFER = ("Refine", "Build Structure", "Upgrade Settlement", "Found Settlement", "Extract", "Found Camp",
           "Buy Upgrade", "Train Caravan", "Unlock Outer District", "Fulfil Contract", "Claim Contract",
           "Market Transaction", "Move", "Explore", "Build Route")


def _builder_agent(state: SootState, legal: Sequence[Choose], rng: Rng) -> Choose:
    """A random player that prefers building to free actions, so more rules get exercised."""
    top = state.pending[-1]
    if getattr(top, "kind", "") == "turn" and rng.random() < 0.8:
        codes = {a.code: a for a in legal}
        for name in _PREFER:
            if name in codes and not (name == "Market Transaction" and rng.random() < 0.5):
                return codes[name]
    if getattr(top, "kind", "") == "move.cargo" and rng.random() < 0.7:
        loads = [a for a in legal if a.code == "load"]
        if loads:
            return loads[rng.randbelow(len(loads))]
    return legal[rng.randbelow(len(legal))]


@pytest.mark.parametrize("players,seed", [(2, 21), (3, 22), (4, 23), (5, 24), (6, 25)])
def test_invariants_with_a_builder_agent(players: int, seed: int) -> None:
    state = GAME.new(GAME.make_config(players=players), seed)
    tokens = {name: g.tokens for name, g in data(state).goods.items()}
    cards = sum(c.copies for c in data(state).cards.values())
    chooser = Rng(seed)
    while not GAME.is_over(state):
        _check(state, tokens, cards)
        GAME.apply(state, _builder_agent(state, GAME.legal_actions(state), chooser))
    _check(state, tokens, cards)
    assert state.phase == "over"
