"""Spellcar conservation under random play: every Spellcar tile is in exactly one place.

The places are the draw pile, the discard, the Spellcar Market and the
railyards (and the question placing a Spellcar just taken); the Companies' printed Spellcars are not tiles and are left
out. The set of tiles never changes after set-up, and the Market holds
two Spellcars or fewer only when the stack and the discard are both empty. CI checks a few short
games; ``make soak`` (marker ``soak``) plays many full ones, 2-6 players.

Source: rulebook, Components (the Spellcar tiles), "Gain Spellcar".
"""

from __future__ import annotations

from collections import Counter

import pytest

from hexkit.rng import Rng

from hexkit_empyreal import GAME
from hexkit_empyreal.state import EmpyrealState, data


def _places(state: EmpyrealState) -> Counter[str]:
    tiles = {s.id for s in data(state).spellcars.values() if not s.company}
    held: Counter[str] = Counter()
    for pile in (state.deck, state.discard, state.market):
        held.update(pile)
    for folio in state.players:
        held.update(sid for sid in folio.railyard if sid in tiles)
    # a Spellcar taken and not yet placed travels on the pending question
    held.update(d.spellcar for d in state.pending if getattr(d, "spellcar", "") in tiles)
    return held


def _check_game(config, seed: int) -> int:
    state = GAME.new(config, seed)
    start = _places(state)
    assert all(n == 1 for n in start.values()), "a Spellcar tile is in two places at set-up"
    chooser = Rng(seed ^ 0x5EED)
    steps = 0
    while not GAME.is_over(state):
        legal = GAME.legal_actions(state)
        GAME.apply(state, legal[chooser.randbelow(len(legal))])
        steps += 1
        now = _places(state)
        twice = sorted(s for s, n in now.items() if n != 1)
        assert not twice, f"seed {seed} step {state.step}: Spellcars {twice} in more than one place"
        # the wipe applies any time: a Market of two or fewer only when nothing is left to deal
        assert len(state.market) > 2 or not (state.deck or state.discard), (
            f"seed {seed} step {state.step}: Market of {len(state.market)} with"
            f" {len(state.deck)} in the stack and {len(state.discard)} in the discard"
        )
        assert set(now) == set(start), (
            f"seed {seed} step {state.step}: lost {sorted(set(start) - set(now))},"
            f" invented {sorted(set(now) - set(start))}"
        )
    return steps


@pytest.mark.parametrize("players", [2, 4, 6])
def test_spellcars_are_conserved(players: int) -> None:
    config = GAME.make_config(players, ["expert", "open"], round_limit=6)
    assert _check_game(config, players) > 50


@pytest.mark.soak
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_spellcars_are_conserved_soak(players: int) -> None:
    for variants in ((), ("expert", "open"), ("awards", "friendly")):
        config = GAME.make_config(players, variants)
        for seed in range(20):
            _check_game(config, seed)
