"""Revision stamps (:mod:`hexkit.revision`) and what is memoised by them, at every decision of random games.

A missed stamp is a stale memo. Three checks at every decision of random
games of 1, 2, 4 and 6 players, with modules:

- the map's stamp names its values: whenever a stamp met before comes back
  (the same state later, a clone, a view), the map holds exactly the values
  it held then, so every writer of the map stamped it;
- the legal actions (turn menus included) with the map memo equal those
  found afresh (:func:`hexkit_soot.memo.memo_off`), and so does the state
  an action leaves (movement searches are memoised on the apply side too);
- the observation of an encoder kept across the game (which skips the map
  when its stamp did not change) equals a new encoder's, from the full state
  and from the view.
"""

from __future__ import annotations

import random

import pytest

from hexkit_soot import GAME
from hexkit_soot.config import SootConfig
from hexkit_soot.memo import memo_off
from hexkit_soot.observation import SootEncoder
from hexkit_soot.rules.actions import turn_options
from hexkit_soot.state import MAP, SootState
from tests.soot.test_module_mix import mixes


def _map_values(state: SootState) -> str:
    """Every map field of :data:`hexkit_soot.state.MAP`, as text (attrs reprs show every field)."""
    return repr((state.tiles, state.water, state.camps, state.stacks, state.settlements, state.communities,
                 state.route_kind, state.route_owner, state.trails, state.trust_camps))


def _configs() -> list[SootConfig]:
    plain = [GAME.make_config(players=n) for n in (2, 4)]
    with_modules = [c for c in mixes(40, 11) if c.players in (1, 2, 4, 6)]
    by_count: dict[int, SootConfig] = {}
    for c in with_modules:  # one mix per player count, the most modules first
        if len(c.modules) > len(by_count.get(c.players, c).modules) or c.players not in by_count:
            by_count[c.players] = c
    return plain + [by_count[n] for n in sorted(by_count)]


CONFIGS = _configs()


@pytest.mark.parametrize("config", CONFIGS, ids=[f"{c.players}p-{'+'.join(sorted(c.modules)) or 'base'}"
                                                  for c in CONFIGS])
def test_stamps_memos_and_encoder_at_every_decision(config: SootConfig) -> None:
    seed = 3 + config.players
    state = GAME.new(config, seed)
    pick = random.Random(seed).randrange
    kept = SootEncoder(config)
    seen: dict[int, str] = {}
    decisions = menus = 0
    while state.pending and decisions < 1500:
        values = _map_values(state)
        stamp = state.revisions[MAP]
        assert seen.setdefault(stamp, values) == values, f"map changed without a new stamp at decision {decisions}"
        top = state.pending[-1]
        twin = state.copy()  # the same stamps, no cached answers
        assert twin.revisions == state.revisions
        memoised = list(GAME.legal_actions(twin))
        with memo_off():
            fresh = list(GAME.legal_actions(state.copy()))
        assert memoised == fresh, f"decision {decisions}: {top}"
        if getattr(top, "kind", None) == "turn":
            menus += 1
            mine = turn_options(twin, top.player)
            with memo_off():
                assert mine == turn_options(twin, top.player)
        if decisions % 3 == 0:
            seat = top.player if 0 <= top.player < config.players else 0
            view = GAME.view(state, seat)
            assert view.revisions == state.revisions
            assert (kept.vector(state, seat) == SootEncoder(config).vector(state, seat)).all()
            assert (kept.vector(view, seat) == SootEncoder(config).vector(view, seat)).all()
        legal = GAME.legal_actions(state)
        action = legal[pick(len(legal))]
        afresh = state.copy()
        with memo_off():
            GAME.apply(afresh, action)
        GAME.apply(state, action)
        assert state == afresh, f"decision {decisions}: {action} applied with the memo differs"
        decisions += 1
    assert menus > 0


def test_clone_view_and_load_stamps() -> None:
    """A clone and a view keep the stamps; a loaded, a resampled, a pickled (or deep-copied) and a
    hand-changed state get fresh ones."""
    from hexkit.rng import Rng
    from hexkit.serialize import GameCodec

    state = GAME.new(GAME.make_config(players=4), 1)
    assert GAME.clone(state).revisions == state.revisions
    assert GAME.view(state, 2).revisions == state.revisions
    codec = GameCodec(GAME)
    saved = codec.state_to_dict(state)
    assert "revisions" not in saved["state"]  # stamps are never saved
    loaded = codec.state_from_dict(saved)
    assert loaded == state  # stamps take no part in equality
    assert set(loaded.revisions).isdisjoint(state.revisions)
    sample = GAME.determinize(GAME.view(state, 0), 0, Rng(5))
    assert set(sample.revisions).isdisjoint(state.revisions)
    import copy
    import pickle

    for other in (pickle.loads(pickle.dumps(state)), copy.deepcopy(state)):  # stamps never leave the process
        assert other == state and other.players == state.players and other.log == state.log
        assert set(other.revisions).isdisjoint(state.revisions)
    before = list(state.revisions)
    state.invalidate_legal()  # what a change by hand calls
    assert set(state.revisions).isdisjoint(before)
