"""A question nobody can answer, or an answer for an unknown effect, is an error naming it."""

from __future__ import annotations

import attrs
import pytest

from hexkit.errors import HexkitError, UnanswerableQuestionError, UnknownQuestionError
from hexkit.flow import Resume
from hexkit_soot import GAME
from hexkit_soot.actions import Choose, ChoosePayment, EffectQuestion, Step
from hexkit_soot.rules.steps import GENERATORS, ask
from tests.soot.helpers import start


def test_a_question_with_no_options_and_no_generator_is_an_error() -> None:
    state = start()
    before = list(state.pending)
    with pytest.raises(HexkitError, match=r"question 'upkeep.tax' \('Frontier Tax'\) for P0 has no options"):
        ask(state, 0, "upkeep.tax", (), "Frontier Tax")
    assert state.pending == before  # nothing pushed


def test_a_question_with_a_generator_may_have_no_fixed_options() -> None:
    state = start()
    ask(state, 0, "turn", (), "your turn")
    assert state.pending[-1].kind == "turn" and state.pending[-1].options == ()


def test_an_answer_for_an_unknown_effect_is_an_error_naming_it() -> None:
    state = start()
    answer = Choose(code="x", arg=0, label="x")
    state.pending.append(EffectQuestion(player=0, prompt="Nowhere Card: choose", source="Nowhere Card", stage="stage",
                                        options=(answer,)))
    state.invalidate_legal()
    before = list(state.pending)
    with pytest.raises(HexkitError, match="effect 'Nowhere Card' is not a registered effect"):
        GAME.apply(state, GAME.legal_actions(state)[0])
    assert state.pending == before  # the question is still there


def test_an_answer_for_an_effect_without_resume_is_an_error() -> None:
    state = start()
    answer = Choose(code="x", arg=0, label="x")
    state.pending.append(EffectQuestion(player=0, prompt="Bank Draft: choose", source="Bank Draft", stage="stage",
                                        options=(answer,)))
    state.invalidate_legal()
    with pytest.raises(HexkitError, match="effect 'Bank Draft' takes no answers"):
        GAME.apply(state, GAME.legal_actions(state)[0])


def test_an_answer_to_a_kind_nobody_declared_is_an_error_naming_it() -> None:
    state = start()
    answer = Choose(code="x", arg=0, label="x")
    state.pending.append(Step(player=0, prompt="Mystery", kind="no.such.kind", options=(answer,)))
    state.invalidate_legal()
    before = list(state.pending)
    with pytest.raises(UnknownQuestionError, match="no.such.kind.*Mystery"):
        GAME.apply(state, answer)
    assert state.pending == before


def test_a_generated_question_with_no_answer_is_an_error_naming_it(monkeypatch: pytest.MonkeyPatch) -> None:
    state = start()
    monkeypatch.setitem(GENERATORS, "test.empty", lambda s, step: [])
    state.pending.append(Step(player=0, prompt="Choose nothing", kind="test.empty"))
    state.invalidate_legal()
    with pytest.raises(UnanswerableQuestionError, match="Choose nothing"):
        list(GAME.legal_actions(state))


@attrs.frozen(kw_only=True)
class _Stray(Resume):
    """A continuation no game registered."""


def test_a_question_whose_continuation_nobody_registered_is_an_error_naming_it() -> None:
    state = start()
    answer = Choose(code="x", arg=0, label="x")
    for question in (Step(player=0, prompt="Stray", kind="pay", options=(answer,), then=_Stray()),
                     ChoosePayment(player=0, prompt="Stray", what="x", by_unit=False, offered=(0,), shown=("x",),
                                   then=_Stray()),
                     EffectQuestion(player=0, prompt="Stray", source="Bank Draft", stage="", options=(answer,),
                                    then=_Stray())):
        state.pending.append(question)
        state.invalidate_legal()
        before = list(state.pending)
        with pytest.raises(UnknownQuestionError, match="continuation _Stray"):
            GAME.apply(state, GAME.legal_actions(state)[0])
        assert state.pending == before
        state.pending.pop()
