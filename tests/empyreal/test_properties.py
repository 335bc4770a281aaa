"""Properties of states reached by random play (hypothesis)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hexkit.errors import IllegalActionError
from hexkit.rng import Rng
from hexkit.serialize import codec

from hexkit_empyreal import GAME, Build, Done, Move
from hexkit.hexes import Hex

from tests.empyreal.strategies import states

SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
CODEC = codec(GAME)


@SETTINGS
@given(states())
def test_json_round_trip(state) -> None:
    text = CODEC.state_to_json(state)
    back = CODEC.state_from_json(text)
    assert back == state and CODEC.state_to_json(back) == text
    assert list(GAME.legal_actions(back)) == list(GAME.legal_actions(state))


@SETTINGS
@given(states(), st.integers(0, 2**16))
def test_clone_is_independent(state, seed: int) -> None:
    twin = GAME.clone(state)
    before = CODEC.state_to_json(twin)
    rng = Rng(seed)
    for _ in range(20):
        if GAME.is_over(state):
            break
        legal = GAME.legal_actions(state)
        GAME.apply(state, legal[rng.randbelow(len(legal))])
    assert CODEC.state_to_json(twin) == before


@SETTINGS
@given(states())
def test_rejected_actions_change_nothing(state) -> None:
    before = CODEC.state_to_json(state)
    legal = set(GAME.legal_actions(state))
    for action in (Build(Hex(99, 99), 0), Move(5, 0), Move(1, 99), Done(), Build(Hex(0, 0), 7)):
        if action in legal:
            continue
        try:
            GAME.apply(state, action)
        except IllegalActionError as exc:
            assert exc.rule
        else:
            raise AssertionError(f"{action} was accepted")
        assert CODEC.state_to_json(state) == before


@SETTINGS
@given(states())
def test_views_keep_the_movers_actions(state) -> None:
    mover = GAME.current_player(state)
    if mover is None:
        return
    view = GAME.view(state, mover)
    assert list(GAME.legal_actions(view)) == list(GAME.legal_actions(state))
    sample = GAME.determinize(view, mover, Rng(1))
    assert list(GAME.legal_actions(sample)) == list(GAME.legal_actions(state))
