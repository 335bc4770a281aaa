"""Illegal actions are refused with the rule they break, and change nothing."""

from __future__ import annotations

import pytest

from hexkit.errors import IllegalActionError
from hexkit.serialize import codec

from hexkit_empyreal import GAME, Activate, Choose, Move, PlaceAt, UseSpecialist
from hexkit_empyreal.actions import MainAction, PlaceSpellcar, SpecialistPhase
from hexkit_empyreal.rules.railyard import slot_index

from tests.empyreal.helpers import KL, KT, begin, put, sandbox

CODEC = codec(GAME)


def refused(state, action, match: str) -> None:
    before = CODEC.state_to_json(state)
    with pytest.raises(IllegalActionError, match=match):
        GAME.apply(state, action)
    assert CODEC.state_to_json(state) == before


def test_move_messages() -> None:
    state = sandbox((KL, KT))
    state.players[0].mana = 2
    begin(state, 0, MainAction(player=0))
    refused(state, Move(3, 3), "moving 3 spaces costs 3 mana; 2 available")
    refused(state, Move(2, 0), "moving 2 spaces costs 1 mana, not 0")
    refused(state, Move(5, 10), "at least one and at most four spaces")


def test_activation_messages() -> None:
    state = sandbox((KL, KT))
    put(state, 2, 1, cars=[0])
    begin(state, 0, MainAction(player=0))
    GAME.apply(state, Move(1, 0))
    refused(state, Activate("B1", "Kings' Line: Pick One of Two (Lake/Forest)", 0), "only Spellcars in the Conductor's column")
    refused(state, Activate("A1", "Metro", 0), "Metro is not at A1")


def test_placement_messages() -> None:
    state = sandbox((KL, KT))
    begin(state, 0, PlaceSpellcar(player=0, spellcar="Metro"))
    refused(state, PlaceAt("C3"), "the second row of the railyard must be full before the third is used")
    refused(state, PlaceAt("A1"), "printed Company Spellcars may be covered only when no empty space is left")
    refused(state, PlaceAt("F1"), "the railyard has no slot F1")
    GAME.apply(state, PlaceAt("A2"))
    assert state.players[0].railyard[slot_index("A2")] == "Metro"


def test_specialist_messages() -> None:
    state = sandbox((KL, KT))
    begin(state, 0, SpecialistPhase(player=0))
    refused(state, UseSpecialist("Seth Cremmul"), "Seth Cremmul is not one of your Specialists")
    GAME.apply(state, UseSpecialist("Runika Zenanen"))
    state.pending[:] = [SpecialistPhase(player=0)]
    state._legal = None
    refused(state, UseSpecialist("Runika Zenanen"), "exhausted")


def test_wrong_decision_is_named() -> None:
    state = sandbox((KL, KT))
    begin(state, 0, MainAction(player=0))
    refused(state, Choose("Refresh"), r"it does not answer the pending decision \(Administrate or Move\+Activate\)")
