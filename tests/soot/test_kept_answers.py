"""Questions whose answers are made when asked and kept for their listing: the offer
being built (:func:`~hexkit_soot.rules.trades._ask_build`) and a caravan's stop
(:func:`~hexkit_soot.rules.movement._ask_stop`). What a listed question hands back must
be what its handler makes afresh, labels included, and a changed state must not be
answered from the kept answers."""

from __future__ import annotations

import random

from hexkit_soot import GAME
from hexkit_soot.actions import BuildOffer, CaravanStop
from hexkit_soot.rules import movement, trades


def test_a_listed_offer_question_gives_the_answers_made_afresh_labels_included() -> None:
    seen = reused = 0
    for seed in range(4):
        state = GAME.new(GAME.make_config(players=4), seed)
        pick = random.Random(seed ^ 0x5EED).randrange
        while state.pending and state.step < 900:
            question = state.pending[-1]
            legal = GAME.legal_actions(state)
            if isinstance(question, BuildOffer):
                seen += 1
                reused += trades._LAST_BUILT[0] is question
                listed = [(a.code, a.arg, a.label) for a in legal]
                kept = trades._LAST_BUILT
                trades._LAST_BUILT = (None, -1, False, ())
                try:
                    fresh = [(a.code, a.arg, a.label) for a in trades._build_options(state, question)]
                finally:
                    trades._LAST_BUILT = kept
                assert listed == fresh, state.step
            GAME.apply(state, legal[pick(len(legal))])
    assert seen > 50 and reused == seen


def test_another_offer_is_not_answered_from_the_kept_answers() -> None:
    state = GAME.new(GAME.make_config(players=4), 0)
    pick = random.Random(0x5EED).randrange
    while not isinstance(state.pending[-1], BuildOffer):
        legal = GAME.legal_actions(state)
        GAME.apply(state, legal[pick(len(legal))])
    question = state.pending[-1]
    assert state.offer is not None
    other = GAME.clone(state)
    assert other.offer is not None
    other.offer.binding = not other.offer.binding  # the labels read the offer's kind
    fresh = trades._build_options(other, question)
    verb = "promise" if other.offer.binding else "give"
    gives = [a for a in fresh if a.code == "give"]
    assert gives and all(a.label.startswith(verb) for a in gives)
    assert trades._build_options(state, question) == trades._LAST_BUILT[3]


def test_a_listed_caravan_stop_gives_the_answers_made_afresh_labels_included() -> None:
    seen = reused = 0
    handler = movement.StopHandler()
    for seed in range(6):
        state = GAME.new(GAME.make_config(players=4), seed)
        pick = random.Random(seed ^ 0x5EED).randrange
        while state.pending:
            question = state.pending[-1]
            legal = GAME.legal_actions(state)
            if isinstance(question, CaravanStop):
                seen += 1
                reused += movement._LAST_STOP[0] is question
                listed = [(a.code, a.arg, a.label) for a in legal]
                kept = movement._LAST_STOP
                movement._LAST_STOP = (None, None, ())
                try:
                    fresh = [(a.code, a.arg, a.label) for a in handler.answers(state, question)]
                finally:
                    movement._LAST_STOP = kept
                assert listed == fresh, state.step
            GAME.apply(state, legal[pick(len(legal))])
    assert seen > 50 and reused == seen


def test_a_stop_whose_caravan_moved_is_not_answered_from_the_kept_answers() -> None:
    state = GAME.new(GAME.make_config(players=4), 0)
    pick = random.Random(0x5EED).randrange
    while not isinstance(state.pending[-1], CaravanStop):
        legal = GAME.legal_actions(state)
        GAME.apply(state, legal[pick(len(legal))])
    question = state.pending[-1]
    assert isinstance(question, CaravanStop)
    handler = movement.StopHandler()
    assert handler.answers(state, question) is movement._LAST_STOP[2]
    other = GAME.clone(state)
    caravan = other.players[question.player].caravans[question.caravan]
    caravan.loc = caravan.loc.neighbor(0)  # the "done" label names the caravan's hex
    done = [a for a in handler.answers(other, question) if a.code == "done"]
    assert done and done[0].label.endswith(f"stops at {caravan.loc}")
