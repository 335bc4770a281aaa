"""Hidden information: face-down Specialist stacks, the Spellcar deck order, boxed Awards,
the Station Masters Aella Ivaline Oran'hei drew."""

from __future__ import annotations

from hexkit.rng import Rng

from hexkit_empyreal import GAME, Choose
from hexkit_empyreal.game import HIDDEN

from tests.empyreal.helpers import GS, KL, KT, sandbox
from tests.empyreal.unique_support import area, choose, use
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
    assert tuple(GAME.legal_actions(mine)) == tuple(GAME.legal_actions(state))


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


AELLA = "Aella Ivaline Oran'hei"


def _aella_choosing(variants=()):
    """Seat 0 uses Aella (taken out of the Surveyor supply); returns the state and the three drawn."""
    s = area((KL, KT, GS), variants)
    s.players[0].surveyor = AELLA
    for pile in (s.stacks[1], s.box[1]):
        if AELLA in pile:
            pile.remove(AELLA)
    drawn = sorted(s.stacks[2][-3:])
    use(s, AELLA)
    return s, drawn


def test_aella_draws_are_hidden_from_other_seats() -> None:
    s, drawn = _aella_choosing()
    assert len(drawn) == 3 and GAME.current_player(s) == 0
    mine = GAME.view(s, 0)
    assert sorted(a.option for a in GAME.legal_actions(mine) if isinstance(a, Choose)) == drawn
    assert tuple(GAME.legal_actions(mine)) == tuple(GAME.legal_actions(s))
    for seat in (1, 2):
        text = repr(GAME.view(s, seat))
        assert not any(name in text for name in drawn), seat
        assert GAME.view(s, seat).pending[-1].options == (HIDDEN,) * 3
    # the placeholders sit in a declared hidden field (the conformance suite allows only those)
    from hexkit.testing import _hidden, codec, flatten

    full = dict(flatten(codec(GAME).state_to_dict(s)["state"]))
    seen = dict(flatten(codec(GAME).state_to_dict(GAME.view(s, 1))["state"]))
    changed = [k for k in full if full[k] != seen.get(k)]
    assert "pending.1.options.0" in changed
    assert all(_hidden(k, ("rng", "viewer", *GAME.info.hidden_fields)) for k in changed)
    # the true state still knows them, so the answer works
    choose(s, drawn[1])
    assert s.players[0].station_masters == [drawn[1]]


def test_open_information_shows_aella_draws() -> None:
    s, drawn = _aella_choosing(["open"])
    assert GAME.view(s, 1).pending[-1].options == tuple(drawn)


def test_determinized_aella_question_matches_the_sampled_stack() -> None:
    s, drawn = _aella_choosing()
    theirs = GAME.determinize(GAME.view(s, 1), 1, Rng(3))
    assert list(theirs.pending[-1].options) == sorted(theirs.stacks[2][-3:])
    assert HIDDEN not in theirs.pending[-1].options
    mine = GAME.determinize(GAME.view(s, 0), 0, Rng(3))
    assert list(mine.pending[-1].options) == drawn
    assert sorted(mine.stacks[2][-3:]) == drawn  # the names seen stay on the stack, not in the box
    assert not set(drawn) & set(mine.box[2])
