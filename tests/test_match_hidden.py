"""A Match keeps hidden information hidden: no acting for other seats, no undo past a reveal."""

from __future__ import annotations

import pytest

from hexkit.agents import RandomAgent
from hexkit.errors import HexkitError
from hexkit.match import Match

from tests.toygame import GAME


def _match() -> Match:
    return Match(GAME, GAME.make_config(2), seed=2, agents={1: RandomAgent(1)}, serves=0)


def test_a_served_match_refuses_to_act_for_another_seat() -> None:
    match = _match()
    match.play(match.legal_actions()[0])
    match.play(match.legal_actions()[0])
    assert match.current_player == 1
    with pytest.raises(HexkitError, match="serves seat 0; seat 1 is to move"):
        match.play(match.legal_actions()[0])
    assert len(match.record.actions) == 2
    match.step()  # seat 1's own agent may move
    assert len(match.record.actions) == 3


def test_undo_stops_at_the_served_seats_blind_draw() -> None:
    match = _match()
    match.play(match.legal_actions()[0])  # pick a card: nothing new seen
    hand_before = list(match.observed().hands[0])
    match.play(match.legal_actions()[0])  # play it; the draw shows seat 0 a new card
    assert match.observed().hands[0] != hand_before
    with pytest.raises(HexkitError, match="action 1 drew hidden information"):
        match.undo(1)
    assert len(match.record.actions) == 2  # nothing undone


def test_undo_without_a_reveal_is_exact() -> None:
    match = _match()
    first = match.legal_actions()[0]
    match.play(first)
    match.undo(1)
    assert match.record.actions == [] and match.state == GAME.new(GAME.make_config(2), 2)
    match.redo(1)
    assert match.record.actions == [first]


def test_a_match_without_a_seed_draws_a_128_bit_one_and_records_it() -> None:
    a = Match(GAME, GAME.make_config(2))
    b = Match(GAME, GAME.make_config(2))
    assert a.record.seed != b.record.seed
    assert a.record.seed.bit_length() > 64  # 128 random bits (fails once in 2**64)
    assert a.state == GAME.new(GAME.make_config(2), a.record.seed)


def test_a_seat_gets_only_its_own_views_and_no_seed() -> None:
    match = _match()
    match.play(match.legal_actions()[0])
    match.play(match.legal_actions()[0])
    match.step()
    mine = match.record_for(0)
    assert not hasattr(mine, "seed") and not hasattr(mine, "actions")
    assert len(mine.views) == len(match.record.actions) + 1
    assert mine.views[-1] == GAME.view(match.state, 0)
    assert all(v.viewer == 0 for v in mine.views)
    assert mine.views[-1].hands[0] == match.state.hands[0]
    assert match.record.seed == 2  # the full record keeps the seed
    with pytest.raises(HexkitError, match="seat 5"):
        match.record_for(5)
