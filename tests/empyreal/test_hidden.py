"""Hidden information: face-down Specialist stacks, the Spellcar deck order, boxed Awards."""

from __future__ import annotations

from hexkit.rng import Rng

from hexkit_empyreal import GAME, Choose
from hexkit_empyreal.game import HIDDEN

from tests.empyreal.helpers import KL, KT, sandbox
from tests.empyreal.test_verbs import ctx, run
from hexkit_empyreal.effects import verbs as v


def test_view_hides_stacks_deck_order_and_box() -> None:
    state = GAME.new(GAME.make_config(3, ["awards"]), 4)
    view = GAME.view(state, 1)
    assert all(set(s) == {HIDDEN} for s in view.stacks)
    assert all(set(b) == {HIDDEN} for b in view.box)
    assert set(view.award_box) == {HIDDEN}
    assert view.deck == sorted(state.deck)
    assert view.market == state.market and view.awards == state.awards


def test_open_information_shows_stacks() -> None:
    state = GAME.new(GAME.make_config(3, ["open"]), 4)
    assert GAME.view(state, 1).stacks == state.stacks


def test_the_chooser_sees_the_stack_picked_up() -> None:
    state = sandbox((KL, KT))
    run(state, v.gain_specialist(ctx(state)))
    GAME.apply(state, Choose("Surveyor"))
    mine, theirs = GAME.view(state, 0), GAME.view(state, 1)
    assert mine.stacks[1] == state.stacks[1] and set(theirs.stacks[1]) == {HIDDEN}
    assert GAME.legal_actions(mine) == GAME.legal_actions(state)


def test_determinize_is_consistent() -> None:
    state = GAME.new(GAME.make_config(4, ["awards"]), 9)
    view = GAME.view(state, 2)
    sample = GAME.determinize(view, 2, Rng(1))
    for t in range(3):
        assert len(sample.stacks[t]) == len(state.stacks[t])
        names = sample.stacks[t] + sample.box[t]
        assert HIDDEN not in names and len(set(names)) == 17
        assert sorted(names) == sorted(state.stacks[t] + state.box[t])
    assert sorted(sample.deck) == sorted(state.deck)
    assert HIDDEN not in sample.award_box
    assert sorted(sample.award_box + sample.awards) == sorted(state.award_box + state.awards)
    # The visible parts are unchanged.
    assert sample.market == state.market and sample.goods == state.goods and sample.players == state.players
