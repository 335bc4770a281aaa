"""The terrain stack and the secret objectives are core Decks over the state's own lists."""

from __future__ import annotations

from hexkit.components import Deck, EmptyPolicy
from hexkit_soot import GAME
from hexkit_soot.actions import Choose, DiscardSecret
from hexkit_soot.rules.explore import tile_stack
from hexkit_soot.rules.objectives import secret_deck
from hexkit_soot.rules.setup import SecretHandler, ask_secret, new_state
from hexkit_soot.state import SootState

from tests.soot.helpers import start


def answer(state: SootState, code: str, arg: int | None = None) -> None:
    """Apply the legal answer with ``code`` (and ``arg`` if given)."""
    GAME.apply(state, next(a for a in GAME.legal_actions(state) if a.code == code and (arg is None or a.arg == arg)))


def _known_stack(state: SootState, n: int) -> list[int]:
    """Give ``state`` a stack of ``n`` tiles of its own (bottom first) and return it."""
    known = state.tile_stack[:n]
    state.tile_stack = list(known)
    state.below_marker = 0  # the marker under the whole stack: it surfaces only when the stack is empty
    return known


def test_the_views_write_through_the_state_lists() -> None:
    s = start(("Merchant", "Rancher"))
    stack, secrets = tile_stack(s), secret_deck(s)
    assert isinstance(stack, Deck) and stack.draw_pile is s.tile_stack and stack.policy is EmptyPolicy.STOP
    assert secrets.draw_pile is s.secret_deck and secrets.policy is EmptyPolicy.STOP
    top = s.tile_stack[-3:]
    assert stack.draw_many(3) == top[::-1] and len(s.tile_stack) == len(stack)


def test_the_prospector_draws_the_3_top_tiles_of_a_known_stack() -> None:
    s = start(("Prospector", "Rancher"))
    t = _known_stack(s, 6)
    answer(s, "Explore")
    answer(s, "draw")
    assert s.drawn == [t[5], t[4], t[3]]  # top first
    assert s.tile_stack == t[:3] and not s.frontier_closed
    assert [a.arg for a in GAME.legal_actions(s)] == [0, 1, 2]


def test_the_surveyed_excess_goes_to_the_bottom_of_the_stack() -> None:
    s = start(("Merchant", "Rancher"))
    t = _known_stack(s, 9)
    s.tile_stack = t[:6]
    s.survey, s.surveyors = [t[6], t[7], t[8]], [1, 1, 1]  # the row is full (three)
    answer(s, "Explore")
    answer(s, "draw")
    assert s.drawn == [t[5], t[4]]
    answer(s, "tile", 0)
    answer(s, "hex")
    assert s.survey == [t[7], t[8], t[4]] and s.surveyors == [1, 1, 0]
    assert s.tile_stack == [t[6], t[0], t[1], t[2], t[3]] and s.below_marker == 1


def test_a_short_stack_draws_what_is_left_and_reveals_the_marker() -> None:
    s = start(("Prospector", "Rancher"))
    t = _known_stack(s, 1)
    answer(s, "Explore")
    answer(s, "draw")
    assert s.drawn == [t[0]] and s.tile_stack == []
    assert s.frontier_closed and s.triggered_by == 0


def test_secret_objectives_are_dealt_from_the_top_and_discarded_to_the_bottom() -> None:
    state = new_state(GAME.make_config(players=2), GAME.new(GAME.make_config(players=2), 3).rng)
    state.secret_deck = [10, 11, 12, 13, 14]
    ask_secret(state, 1)
    assert state.players[1].dealt == [14, 13, 12] and state.secret_deck == [10, 11]
    question = state.pending[-1]
    assert isinstance(question, DiscardSecret) and question.player == 1
    SecretHandler().resolve(state, question, Choose(code="discard", arg=13))
    assert state.secret_deck == [13, 10, 11]
    assert state.players[1].secrets == [12, 14] and state.players[1].dealt == []


def test_a_short_secret_deck_deals_what_is_left() -> None:
    state = new_state(GAME.make_config(players=2), GAME.new(GAME.make_config(players=2), 3).rng)
    state.secret_deck = [7, 9]
    ask_secret(state, 0)
    assert state.players[0].dealt == [9, 7] and state.secret_deck == []


def test_a_game_deals_each_player_the_top_three_and_puts_each_discard_at_the_bottom() -> None:
    state = GAME.new(GAME.make_config(players=3), 5)
    dealt: dict[int, list[int]] = {}
    discarded: list[int] = []
    while state.phase in ("draft", "secrets"):
        question = state.pending[-1]
        before = list(state.secret_deck)
        action = GAME.legal_actions(state)[0]
        GAME.apply(state, action)
        if isinstance(question, DiscardSecret):
            before = [action.arg, *before]  # the discarded objective went to the bottom
            discarded.append(action.arg)
        top = state.pending[-1] if state.pending else None
        if isinstance(top, DiscardSecret) and top.player not in dealt:  # just dealt
            assert state.players[top.player].dealt == before[:-4:-1] and state.secret_deck == before[:-3]
            dealt[top.player] = list(state.players[top.player].dealt)
        elif not isinstance(question, DiscardSecret):
            assert state.secret_deck == before
    assert sorted(dealt) == [0, 1, 2] and len(discarded) == 3
    assert state.secret_deck[:3] == discarded[::-1]  # the last discard at the very bottom
    for seat, cards in dealt.items():
        assert state.players[seat].secrets == sorted(set(cards) - set(discarded))
