"""Soot's card questions as typed questions: ``"cards.draw"`` (:class:`~hexkit_soot.actions.DrawCards`),
``"cards.keep"`` (:class:`~hexkit_soot.actions.KeepDrawn`, private), ``"cards.bonus"``
(:class:`~hexkit_soot.actions.BonusDiscard`, private) and ``"cards.limit"``
(:class:`~hexkit_soot.actions.HandLimitDiscard`, private).

Their answers keep the ``Choose(code, arg)`` and labels the ``Step`` had, an old
save's step loads as the typed question (or is refused naming the field), and
another seat's view masks what the answers would show of the asker's cards.

Source: rulebook, §15 "Cards" (Draw Cards, draw 2 keep 1, discard 2 for a
bonus action); Phase 5 (hand limit 7).
"""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from hexkit.errors import InvalidRecordError
from hexkit.serialize import codec
from hexkit_soot import GAME
from hexkit_soot.actions import BonusDiscard, DrawCards, HandLimitDiscard, KeepDrawn, SootQuestion
from hexkit_soot.catalogue import key
from hexkit_soot.ledger import data
from hexkit_soot.rules.cards import ask_hand_limit, card_id
from hexkit_soot.state import SootState

from .helpers import answer, start

ROW = ["Bank Draft", "Land Grant", "", "Foreman", "Bank Draft"]


def _deal(state: SootState, cards: list[str]) -> list[str]:
    """Take ``cards`` out of the deck (the copies in play stay as the game has them)."""
    for card in cards:
        if card in state.deck:
            state.deck.remove(card)
        elif card in state.discard:
            state.discard.remove(card)
        else:  # in the row: its slot stays empty
            state.card_row[state.card_row.index(card)] = ""
    return list(cards)


def _set_row(state: SootState, row: list[str]) -> None:
    state.deck[:0] = [c for c in state.card_row if c]  # the old row goes to the bottom of the deck
    state.card_row = _deal(state, [c for c in row if c]) and list(row)


def _set_hand(state: SootState, seat: int, hand: list[str]) -> None:
    state.deck[:0] = state.players[seat].hand
    state.players[seat].hand = _deal(state, hand)


def _draw() -> SootState:
    """P0 at its turn menu with a known row, asks Draw Cards."""
    state = start(("Merchant", "Rancher"))
    _set_row(state, ROW)
    answer(state, "Draw Cards")
    return state


def _keep() -> SootState:
    """P0 drew Foreman and Land Grant blind (the two top cards of the deck)."""
    state = _draw()
    _deal(state, ["Foreman", "Land Grant"])
    state.deck += ["Foreman", "Land Grant"]
    answer(state, "blind")
    return state


def _bonus() -> SootState:
    state = start(("Merchant", "Rancher"))
    _set_hand(state, 0, ["Foreman", "Bank Draft", "Foreman"])
    answer(state, "Discard for Action")
    return state


def _limit() -> SootState:
    state = start(("Merchant", "Rancher"))
    _set_hand(state, 1, ["Bank Draft"] * 2 + ["Foreman"] * 2 + ["Land Grant"] * 3 + ["Surveyor's Chain"] * 2)  # 9: 2 over 7
    state.pending.clear()
    assert ask_hand_limit(state, 1)
    return state


def _old(state: SootState, data_: list[int]) -> dict[str, Any]:
    """The state saved as before: the question on top as an untagged ``Step`` with its fixed options."""
    q = state.pending[-1]
    saved = copy.deepcopy(codec(GAME).state_to_dict(state))
    saved["state"]["pending"][-1] = {
        "player": q.player, "prompt": q.prompt, "kind": q.kind, "tag": "", "data": data_,
        "options": [{"code": a.code, "arg": a.arg, "label": a.label} for a in GAME.legal_actions(state)]}
    return saved


def test_draw_cards_answers_the_row_and_the_blind_draw_as_before() -> None:
    state = _draw()
    q = state.pending[-1]
    assert isinstance(q, DrawCards) and q.kind == "cards.draw" and q.prompt == "Draw Cards: row or blind?"
    assert [(a.code, a.arg, a.label) for a in GAME.legal_actions(state)] == [
        ("row", 0, "take Bank Draft from the row"), ("row", 1, "take Land Grant from the row"),
        ("row", 3, "take Foreman from the row"), ("row", 4, "take Bank Draft from the row"),
        ("blind", 0, "draw 2 blind, keep 1")]
    assert key(q, GAME.legal_actions(state)[2]) == ("cards.draw", "row", 3)
    hand = len(state.players[0].hand)
    answer(state, "row", 3)
    assert state.players[0].hand[-1] == "Foreman" and len(state.players[0].hand) == hand + 1
    assert state.card_row == ["Bank Draft", "Land Grant", "", "", "Bank Draft"]  # refilled in the Market Update only


def test_keep_drawn_lists_the_two_cards_then_discards_the_other() -> None:
    state = _keep()
    q = state.pending[-1]
    assert isinstance(q, KeepDrawn) and q.prompt == "Draw Cards: keep which?"
    assert q.drawn == (card_id(state, "Land Grant"), card_id(state, "Foreman"))  # drawn from the top (last) down
    assert [(a.code, a.label) for a in GAME.legal_actions(state)] == [("keep", "keep Land Grant"), ("keep", "keep Foreman")]
    answer(state, "keep", card_id(state, "Foreman"))
    assert state.players[0].hand[-1] == "Foreman" and state.discard[-1] == "Land Grant"


def test_two_copies_drawn_are_one_answer() -> None:
    state = _draw()
    state.deck[-2:] = ["Foreman", "Foreman"]
    answer(state, "blind")
    assert [(a.code, a.arg) for a in GAME.legal_actions(state)] == [("keep", card_id(state, "Foreman"))]


def test_bonus_discards_two_cards_for_one_action() -> None:
    state = _bonus()
    q = state.pending[-1]
    assert isinstance(q, BonusDiscard) and q.left == 2 and q.prompt == "discard a card (2 to go)"
    assert [a.label for a in GAME.legal_actions(state)] == ["discard Bank Draft", "discard Foreman"]
    actions = state.players[0].actions
    answer(state, "discard", card_id(state, "Foreman"))
    q = state.pending[-1]
    assert isinstance(q, BonusDiscard) and q.left == 1 and q.prompt == "discard a card (1 to go)"
    answer(state, "discard", card_id(state, "Foreman"))
    assert state.players[0].hand == ["Bank Draft"] and state.discard[-2:] == ["Foreman", "Foreman"]
    assert state.players[0].actions == actions + 1


def test_hand_limit_is_asked_per_card_over_seven() -> None:
    state = _limit()
    q = state.pending[-1]
    assert isinstance(q, HandLimitDiscard) and q.prompt == "discard a card (2 to go)"
    assert [a.label for a in GAME.legal_actions(state)] == ["discard Bank Draft", "discard Foreman",
                                                            "discard Land Grant", "discard Surveyor's Chain"]
    answer(state, "discard", card_id(state, "Land Grant"))
    assert isinstance(state.pending[-1], HandLimitDiscard) and state.pending[-1].prompt == "discard a card (1 to go)"
    answer(state, "discard", card_id(state, "Land Grant"))
    assert len(state.players[1].hand) == 7 and state.players[1].hand.count("Land Grant") == 1


@pytest.mark.parametrize(("make", "cls"), [(_keep, KeepDrawn), (_bonus, BonusDiscard), (_limit, HandLimitDiscard)],
                         ids=["keep", "bonus", "limit"])
def test_another_seats_view_shows_no_card_of_a_private_card_question(make: Any, cls: type[SootQuestion]) -> None:
    state = make()
    q = state.pending[-1]
    other = 1 - q.player
    cards = {card for a in GAME.legal_actions(state) for card in data(state).cards if a.label.endswith(card)}
    assert cards
    view = GAME.view(state, other)
    shown = view.pending[-1]
    assert isinstance(shown, cls)
    code = "keep" if cls is KeepDrawn else "discard"
    assert [(a.code, a.arg, a.label) for a in GAME.legal_actions(view)] == [(code, -1, "?")]
    assert not any(card in json.dumps(codec(GAME).state_to_dict(view)["state"]["pending"]) for card in cards)
    if isinstance(shown, KeepDrawn):
        assert shown.drawn == (-1, -1)
        assert isinstance(q, KeepDrawn) and q.drawn != (-1, -1)
    assert GAME.view(state, q.player).pending[-1] == q  # the asker sees it whole
    codec(GAME).state_from_dict(codec(GAME).state_to_dict(view))  # a masked view loads (its integrity checks pass)


@pytest.mark.parametrize(("make", "data_"), [(_draw, []), (_keep, None), (_bonus, [2]), (_limit, [2])],
                         ids=["draw", "keep", "bonus", "limit"])
def test_an_old_card_step_loads_as_the_typed_question_and_plays_the_same(make: Any, data_: list[int] | None) -> None:
    state = make()
    q = state.pending[-1]
    if data_ is None:
        assert isinstance(q, KeepDrawn)
        data_ = list(q.drawn)
    loaded = codec(GAME).state_from_dict(_old(state, data_))
    assert loaded.pending == state.pending
    last = GAME.legal_actions(state)[-1]
    GAME.apply(loaded, last)
    GAME.apply(state, last)
    assert codec(GAME).state_to_dict(loaded) == codec(GAME).state_to_dict(state)


def test_a_masked_keep_step_of_a_view_loads_masked() -> None:
    state = _keep()
    view = GAME.view(state, 1)
    saved = _old(view, [-1, -1])
    saved["state"]["pending"][-1]["options"] = [{"code": "keep", "arg": -1, "label": "?"}]
    assert codec(GAME).state_from_dict(saved).pending[-1] == view.pending[-1]


@pytest.mark.parametrize(("make", "data_", "message"), [
    (_draw, [3], "data: a 'cards.draw' question holds no data, not [3]"),
    (_keep, [5], "data: a 'cards.keep' question holds [card drawn, card drawn], not [5]"),
    (_keep, [5, -1], "data: a 'cards.keep' question holds two card indexes (or -1 -1 when masked)"),
    (_bonus, [3], "data: a 'cards.bonus' question has 1 or 2 cards left to discard, not 3"),
    (_bonus, [-1], "data: a masked 'cards.bonus' question (another seat's view) does not say how many"),
    (_limit, [], "data: a 'cards.limit' question holds [cards over the limit], not []"),
], ids=["draw", "keep-short", "keep-mixed", "bonus-3", "bonus-masked", "limit-empty"])
def test_an_old_card_step_that_does_not_fit_is_refused_naming_the_field(make: Any, data_: list[int],
                                                                          message: str) -> None:
    with pytest.raises(InvalidRecordError, match=r"state.pending\[\d+\]") as caught:
        codec(GAME).state_from_dict(_old(make(), data_))
    assert message in str(caught.value)


@pytest.mark.parametrize(("make", "field", "value", "says"), [
    (_keep, "drawn", [99, 1], "99 is out of range for a card"),
    (_keep, "drawn", [1], "1 cards drawn; the blind draw keeps 1 of 2"),
    (_keep, "drawn", [-1, -1], "only another seat's view hides the cards drawn"),
    (_bonus, "left", 3, "the bonus action takes 2 discards"),
], ids=["keep-range", "keep-one", "keep-masked", "bonus-left"])
def test_a_card_question_naming_what_does_not_exist_is_refused(make: Any, field: str, value: Any, says: str) -> None:
    saved = codec(GAME).state_to_dict(make())
    saved["state"]["pending"][-1][field] = value
    with pytest.raises(InvalidRecordError, match=rf"state.pending.\d+.{field}") as caught:
        codec(GAME).state_from_dict(saved)
    assert says in str(caught.value)


def test_a_hand_limit_question_under_the_limit_is_refused() -> None:
    saved = codec(GAME).state_to_dict(_limit())
    saved["state"]["players"][1]["hand"] = saved["state"]["players"][1]["hand"][:7]
    with pytest.raises(InvalidRecordError, match=r"state.pending.\d+") as caught:
        codec(GAME).state_from_dict(saved)
    assert "a hand limit question, but P1 holds 7 cards (limit 7)" in str(caught.value)


def test_the_placeholder_of_a_masked_question_is_refused_and_the_view_is_unchanged() -> None:
    # another seat's view lists one "?" answer for a private question (someone must answer it);
    # applying it is an illegal action that leaves the view exactly as it was (found by the
    # mutation soak: a save turned into a view crashed with the question popped)
    import random

    from hexkit.errors import IllegalActionError

    state = GAME.new(GAME.make_config(players=3), 4)
    rng = random.Random(4)
    while not isinstance(state.pending[-1], KeepDrawn):
        GAME.apply(state, rng.choice(list(GAME.legal_actions(state))))
    other = (state.pending[-1].player + 1) % 3
    view = GAME.view(state, other)
    placeholder = list(GAME.legal_actions(view))
    assert [(a.code, a.arg, a.label) for a in placeholder] == [("keep", -1, "?")]
    before = codec(GAME).state_to_dict(view)
    with pytest.raises(IllegalActionError, match="a masked Draw Cards question"):
        GAME.apply(view, placeholder[0])
    assert codec(GAME).state_to_dict(view) == before


def test_the_placeholder_of_a_masked_secret_objective_discard_is_refused() -> None:
    # set-up: a seat discards one of its 3 dealt secret objectives; the others see one "?" answer
    from hexkit.errors import IllegalActionError
    from hexkit_soot.actions import DiscardSecret

    state = GAME.new(GAME.make_config(players=2), 2)
    while not isinstance(state.pending[-1], DiscardSecret):
        GAME.apply(state, list(GAME.legal_actions(state))[0])
    view = GAME.view(state, 1 - state.pending[-1].player)
    placeholder = list(GAME.legal_actions(view))
    assert [(a.code, a.arg, a.label) for a in placeholder] == [("discard", -1, "?")]
    before = codec(GAME).state_to_dict(view)
    with pytest.raises(IllegalActionError, match="a masked secret objective question"):
        GAME.apply(view, placeholder[0])
    assert codec(GAME).state_to_dict(view) == before
