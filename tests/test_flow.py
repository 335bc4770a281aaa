"""The core turn engine, hexkit.flow: vocabulary, registry, errors, legal view, numbering.

Games exercised: "Claims" (tests/test_flow_game.py: every engine part, with a
Catalogue and with the default LegalOrder numbering), the Hex tutorial, and
Empyreal and Soot through the core's generic numbering.
"""

from __future__ import annotations

import copy
import pickle
import re
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import hexkit
from hexkit.errors import (
    FlowError,
    HexkitError,
    IllegalActionError,
    IllegalAnswerError,
    UnanswerableQuestionError,
    UnknownQuestionError,
)
from hexkit.flow import (
    DONE,
    SKIP,
    AnswerKind,
    AskHex,
    AskNumber,
    AskOption,
    ComponentChoice,
    ComponentRef,
    Done,
    Flow,
    FlowGame,
    HexChoice,
    LegalView,
    NumberChoice,
    OptionChoice,
    Question,
    Resume,
    Skip,
    Step,
    YesNo,
)
from hexkit.game import ActionSpaceError, Catalogue, GameConfig, LegalOrder, State
from hexkit.hexes import Hex
from hexkit.rng import Rng
from hexkit.serialize import codec, make_converter

from tests.test_flow_game import BANK, CLAIM, GAME, POSITIONAL, Claims, ClaimsGame, Menu, MenuHandler, PayFor

from hexkit_hexgame import GAME as HEX
from hexkit_hexgame import Place, Swap

CONVERTER = make_converter()

ANSWERS = [
    HexChoice(Hex(2, -1), "Lake (2,-1)"),
    OptionChoice("explore", "Explore"),
    ComponentChoice(ComponentRef("spellcar", "Flow Controller")),
    NumberChoice(3, "3 mana"),
    YesNo(True),
    YesNo(False),
    DONE,
    SKIP,
]


# -- the vocabulary --------------------------------------------------------------------


def test_answers_have_labels_kinds_and_highlights() -> None:
    assert [str(a) for a in ANSWERS] == [
        "Lake (2,-1)", "Explore", "spellcar:Flow Controller", "3 mana", "yes", "no", "done", "skip"
    ]
    assert [a.kind for a in ANSWERS] == [
        AnswerKind.HEX, AnswerKind.OPTION, AnswerKind.COMPONENT, AnswerKind.NUMBER,
        AnswerKind.YES_NO, AnswerKind.YES_NO, AnswerKind.DONE, AnswerKind.DONE,
    ]
    assert [a.hex for a in ANSWERS] == [Hex(2, -1)] + [None] * 7
    assert ANSWERS[2].component == ComponentRef("spellcar", "Flow Controller")
    assert ANSWERS[0].label == "Lake (2,-1)" and HexChoice(Hex(0, 1)).label == "(0,1)"


def test_answers_are_frozen_slotted_and_hashable_and_the_label_is_not_identity() -> None:
    for answer in ANSWERS:
        assert not hasattr(answer, "__dict__")
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            answer.text = "x"  # type: ignore[misc, union-attr]
    assert HexChoice(Hex(1, 1), "a") == HexChoice(Hex(1, 1), "b")
    assert hash(OptionChoice("go", "Go!")) == hash(OptionChoice("go"))
    assert len(set(ANSWERS)) == len(ANSWERS)
    assert Done() != Skip()
    assert YesNo(True) != YesNo(False)


@pytest.mark.parametrize("answer", ANSWERS, ids=str)
def test_answers_round_trip_through_the_converter(answer: Any) -> None:
    data = CONVERTER.unstructure(answer)
    back = CONVERTER.structure(data, type(answer))
    assert back == answer and str(back) == str(answer)
    assert pickle.loads(pickle.dumps(answer)) == answer


def test_the_json_of_answers_is_stable() -> None:
    assert [CONVERTER.unstructure(a) for a in ANSWERS[:4]] == [
        {"hex": "(2,-1)", "text": "Lake (2,-1)"},
        {"option": "explore", "text": "Explore"},
        {"ref": {"group": "spellcar", "key": "Flow Controller"}, "text": ""},
        {"value": 3, "text": "3 mana"},
    ]


def test_the_hex_tutorial_answers_are_vocabulary_answers() -> None:
    place = Place(Hex(2, 1))
    assert place.kind is AnswerKind.HEX and place.hex == Hex(2, 1) and place.label == "place c2"
    assert Swap().kind is AnswerKind.OPTION and Swap().hex is None


# -- registration and errors -----------------------------------------------------------


def test_registering_a_type_twice_or_an_ask_handler_is_refused() -> None:
    flow: Flow[Claims] = Flow("claims")
    flow.question(Menu, MenuHandler(flow))
    with pytest.raises(FlowError, match="question Menu is registered twice"):
        flow.question(Menu, MenuHandler(flow))
    with pytest.raises(FlowError, match="AskHex is an Ask"):
        flow.question(AskHex, MenuHandler(flow))  # type: ignore[arg-type]


def test_a_game_must_declare_what_its_flow_registers() -> None:
    class Undeclared(ClaimsGame):
        decision_types = (Menu,)

    with pytest.raises(FlowError, match="decision_types lacks EndTurn"):
        Undeclared()


@attrs.frozen(kw_only=True)
class Stray(Question):
    """A question nobody registered."""


@attrs.frozen(kw_only=True)
class StrayStep(Step):
    """A step nobody registered."""


@attrs.frozen(kw_only=True)
class StrayResume(Resume):
    """A continuation nobody registered."""


def test_an_unknown_question_raises_naming_it() -> None:
    state = GAME.new(GAME.make_config(2), 1)
    state.pending.append(Stray(player=1, prompt="who knows"))
    with pytest.raises(UnknownQuestionError, match="question Stray .*registered: Menu") as info:
        GAME.legal_actions(state)
    assert info.value.item == Stray(player=1, prompt="who knows") and info.value.role == "question"
    with pytest.raises(UnknownQuestionError, match="Stray"):
        GAME.flow.ask(state, Stray(player=0))


def test_an_unknown_step_or_continuation_raises_naming_it() -> None:
    state = GAME.new(GAME.make_config(2), 1)
    with pytest.raises(UnknownQuestionError, match="step StrayStep .*registered: EndTurn"):
        GAME.flow.then(state, StrayStep(player=0))
    state.pending.append(StrayStep(player=0))
    with pytest.raises(UnknownQuestionError, match="StrayStep"):
        GAME.flow.settle(state)
    assert state.pending[-1] == StrayStep(player=0)  # not dropped
    with pytest.raises(UnknownQuestionError, match="continuation StrayResume .*Bank, ClaimAt, PayFor"):
        GAME.flow.ask(state, AskOption(player=0, options=(CLAIM,), then=StrayResume()))


def test_an_unanswerable_question_is_an_error_never_skipped() -> None:
    state = GAME.new(GAME.make_config(2), 1)
    before = len(state.pending)
    with pytest.raises(UnanswerableQuestionError, match=r"AskNumber \(pay\?\) has no legal answer"):
        GAME.flow.ask(state, AskNumber(player=0, prompt="pay?", low=3, high=2, then=PayFor(hex=Hex(0, 0))))
    assert len(state.pending) == before
    # optional: the skip is an answer
    GAME.flow.ask(state, AskNumber(player=0, low=3, high=2, optional=True, then=PayFor(hex=Hex(0, 0))))
    assert list(GAME.legal_actions(state)) == [SKIP]


def test_ask_or_runs_the_rule_for_nothing_to_choose_instead_of_dropping() -> None:
    state = GAME.new(GAME.make_config(2), 1)
    depth = len(state.pending)
    empty = AskNumber(player=0, prompt="pay?", low=1, high=0, then=PayFor(hex=Hex(0, 0)))
    asked = GAME.flow.ask_or(state, empty, lambda s: s.note(0, "nothing to pay"))
    assert not asked and len(state.pending) == depth and state.log[-1].text == "nothing to pay"
    some = AskNumber(player=0, prompt="pay?", low=1, high=1, then=PayFor(hex=Hex(0, 0)))
    assert GAME.flow.ask_or(state, some, lambda s: s.note(0, "never"))
    assert state.pending[-1] is some and state.log[-1].text == "nothing to pay"


def test_a_handler_question_with_no_answer_raises_when_listed() -> None:
    class Silent(MenuHandler):
        def answers(self, state: Claims, question: Menu) -> tuple[()]:
            return ()

    class SilentGame(ClaimsGame):
        def build_flow(self) -> Flow[Claims]:
            flow: Flow[Claims] = Flow("silent")
            flow.question(Menu, Silent(flow))
            return flow

    game = SilentGame()
    state = game.new(game.make_config(2), 1)
    legal = game.legal_actions(state)
    with pytest.raises(UnanswerableQuestionError, match="Menu .*your turn.* has no legal answer"):
        len(legal)


def test_an_illegal_answer_names_the_question_and_changes_nothing() -> None:
    state = GAME.new(GAME.make_config(2), 3)
    GAME.apply(state, CLAIM)
    GAME.apply(state, HexChoice(Hex(4, 0)))
    before = codec(GAME).state_to_json(state)
    with pytest.raises(IllegalAnswerError) as info:
        GAME.apply(state, NumberChoice(3))
    assert info.value.rule == "3 is not a legal answer to AskNumber (pay how much for (4,0)?)"
    assert isinstance(info.value.question, AskNumber) and info.value.question.high == 2
    assert isinstance(info.value, IllegalActionError)
    assert codec(GAME).state_to_json(state) == before
    with pytest.raises(IllegalAnswerError, match="expected"):
        GAME.apply(state, NumberChoice(True))  # type: ignore[arg-type]  # bool is not int
    assert codec(GAME).state_to_json(state) == before


# -- ask, then resume ------------------------------------------------------------------


def test_sub_questions_resume_without_re_running_the_handler() -> None:
    state = GAME.new(GAME.make_config(2), 1)
    runs = MenuHandler.runs
    GAME.apply(state, CLAIM)
    assert isinstance(state.pending[-1], AskHex) and isinstance(state.pending[-2], Step)
    GAME.apply(state, HexChoice(Hex(1, 0)))
    top = state.pending[-1]
    assert isinstance(top, AskNumber) and top.then == PayFor(hex=Hex(1, 0)) and (top.low, top.high) == (1, 2)
    GAME.apply(state, NumberChoice(2))
    assert MenuHandler.runs == runs + 1
    assert state.owner[1] == 0 and state.coins == [0, 2] and state.paid == [2, 0]
    assert isinstance(state.pending[-1], Menu) and state.pending[-1].player == 1  # EndTurn ran
    assert [e.text for e in state.log] == ["pays 2 for (1,0)"]


def test_a_pending_continuation_is_saved_as_a_nested_typed_value() -> None:
    state = GAME.new(GAME.make_config(2), 1)
    GAME.apply(state, CLAIM)
    GAME.apply(state, HexChoice(Hex(2, 0)))
    data = codec(GAME).state_to_dict(state)["state"]["pending"]
    assert data[-1]["type"] == "AskNumber"
    assert data[-1]["then"] == {"type": "PayFor", "hex": "(2,0)"}
    back = codec(GAME).state_from_json(codec(GAME).state_to_json(state))
    assert back == state and back.pending[-1].then == PayFor(hex=Hex(2, 0))


def test_a_saved_unknown_continuation_is_refused_naming_it() -> None:
    state = GAME.new(GAME.make_config(2), 1)
    GAME.apply(state, CLAIM)
    text = codec(GAME).state_to_json(state).replace('"ClaimAt"', '"Bogus"')
    with pytest.raises(HexkitError, match="Bogus"):
        codec(GAME).state_from_json(text)


# -- the legal view --------------------------------------------------------------------


def test_the_legal_view_is_lazy_cached_and_a_snapshot() -> None:
    state = GAME.new(GAME.make_config(2), 1)
    legal = GAME.legal_actions(state)
    assert isinstance(legal, LegalView) and "unlisted" in repr(legal)
    assert GAME.legal_actions(state) is legal
    assert BANK in legal and "unlisted" not in repr(legal)  # no fast check: listed once, as a set
    assert len(legal) == 3 and bool(legal) and list(legal) == [CLAIM, BANK, DONE]
    assert legal[1] == BANK and legal.index(DONE) == 2 and legal.count(BANK) == 1
    GAME.apply(state, BANK)
    assert list(legal) == [CLAIM, BANK, DONE] and BANK in legal  # the snapshot of step 0
    assert list(GAME.legal_actions(state)) == [YesNo(True), YesNo(False)]


def test_the_hex_view_answers_membership_without_listing() -> None:
    state = HEX.new(HEX.make_config(2, size=3))
    legal = HEX.legal_actions(state)
    assert Place(Hex(1, 1)) in legal and Place(Hex(5, 5)) not in legal and Swap() not in legal
    assert "unlisted" in repr(legal)
    HEX.apply(state, Place(Hex(1, 1)))  # the view is listed as it detaches
    assert len(legal) == 9 and Place(Hex(1, 1)) in legal
    assert Place(Hex(1, 1)) not in HEX.legal_actions(state)


# -- properties under random play ------------------------------------------------------

FLOW_GAMES: list[FlowGame[Any, Any]] = [GAME, POSITIONAL, HEX]


def _config(game: FlowGame[Any, Any], players: int) -> GameConfig:
    if game is HEX:
        return HEX.make_config(2, {"swap"}, size=4)
    return game.make_config(players)


def _random_position(game: FlowGame[Any, Any], seed: int, steps: int, players: int) -> State:
    state = game.new(_config(game, players), seed)
    rng = Rng(seed)
    for _ in range(steps):
        if game.is_over(state):
            break
        legal = game.legal_actions(state)
        game.apply(state, legal[rng.randbelow(len(legal))])
    return state


positions = st.tuples(
    st.sampled_from(range(len(FLOW_GAMES))), st.integers(0, 10_000), st.integers(0, 40),
    st.integers(2, 3),
)


@settings(max_examples=80, deadline=None)
@given(positions)
def test_a_clone_is_independent(case: tuple[int, int, int, int]) -> None:
    game = FLOW_GAMES[case[0]]
    state = _random_position(game, *case[1:])
    twin = game.clone(state)
    before = codec(game).state_to_json(twin)
    assert twin == state and twin.pending is not state.pending
    rng = Rng(case[1] + 1)
    while not game.is_over(state):
        legal = game.legal_actions(state)
        game.apply(state, legal[rng.randbelow(len(legal))])
    assert codec(game).state_to_json(twin) == before


@settings(max_examples=80, deadline=None)
@given(positions)
def test_the_mask_agrees_with_the_legal_actions_and_numbers_round_trip(
    case: tuple[int, int, int, int],
) -> None:
    game = FLOW_GAMES[case[0]]
    state = _random_position(game, *case[1:])
    legal = list(game.legal_actions(state))
    mask = game.legal_mask(state)
    assert len(mask) == game.action_space_size(state.config)
    assert sum(mask) == len(legal)
    numbers = [game.action_to_index(state, a) for a in legal]
    assert [i for i, flag in enumerate(mask) if flag] == sorted(numbers)
    assert game.legal_indices(state) == numbers
    assert [game.index_to_action(state, i) for i in numbers] == legal


@settings(max_examples=80, deadline=None)
@given(positions, st.integers(0, 2047))
def test_an_illegal_number_or_answer_leaves_the_state_unchanged(
    case: tuple[int, int, int, int], number: int,
) -> None:
    game = FLOW_GAMES[case[0]]
    state = _random_position(game, *case[1:])
    if game.is_over(state):
        return
    before = codec(game).state_to_json(state)
    mask = game.legal_mask(state)
    if number < len(mask) and mask[number]:
        return
    with pytest.raises(IllegalActionError):
        game.apply_index(state, number)
    assert codec(game).state_to_json(state) == before
    foreign = [Done(), OptionChoice("nonsense"), NumberChoice(99), Place(Hex(9, 9)), "text"]
    for answer in foreign:
        if answer in game.legal_actions(state):
            continue
        with pytest.raises(IllegalActionError) as info:
            game.apply(state, answer)
        if isinstance(info.value, IllegalAnswerError):
            assert info.value.question == state.pending[-1]
        assert codec(game).state_to_json(state) == before


def test_numbers_in_a_catalogue_always_mean_the_same_answer() -> None:
    space = GAME.action_space(GAME.make_config(2))
    assert isinstance(space, Catalogue)
    state = _random_position(GAME, 5, 7, 2)
    assert [space.action_at(i) for i in range(space.size)] == [
        GAME.index_to_action(state, i) for i in range(space.size)
    ]
    assert isinstance(POSITIONAL.action_space(POSITIONAL.make_config(2)), LegalOrder)


# -- the plugins through the generic default -------------------------------------------


@pytest.mark.parametrize("name", ["empyreal", "soot"])
def test_the_plugins_are_numbered_by_the_generic_default(name: str) -> None:
    game = hexkit.load_game(name)
    state = game.new(game.make_config(2), 4)
    rng = Rng(4)
    for _ in range(60):
        legal = game.legal_actions(state)
        mask = game.legal_mask(state)
        assert len(mask) == game.action_space_size(state.config) == 2048
        assert sum(mask) == len(legal) and all(mask[: len(legal)])
        index = rng.randbelow(len(legal))
        assert game.index_to_action(state, index) == legal[index]
        assert game.action_to_index(state, legal[index]) == index
        twin = game.clone(state)
        game.apply_index(twin, index)
        game.apply(state, legal[index])
        assert codec(game).state_to_json(twin) == codec(game).state_to_json(state)
    with pytest.raises(IllegalActionError, match="not in 0.."):
        game.apply_index(state, 2047)


def test_a_clone_shares_the_immutable_stack_entries_and_equals_a_deepcopy() -> None:
    state = _random_position(GAME, 2, 5, 3)
    GAME.apply(state, CLAIM)
    twin = GAME.clone(state)
    assert len(state.pending) == 2 and twin == state == copy.deepcopy(state)
    assert twin.pending is not state.pending and twin.pending[-1] is state.pending[-1]


def test_the_example_of_the_flow_guide_runs() -> None:
    text = (Path(__file__).parent.parent / "docs" / "flow.md").read_text(encoding="utf-8")
    block = re.search(r"```python\n(.*?)```", text, re.S)
    assert block is not None
    namespace: dict[str, Any] = {"__name__": "flow_guide"}
    exec(compile(block.group(1), "docs/flow.md", "exec"), namespace)
    state = namespace["state"]
    assert state.owned == [Hex(1, 0)] and state.coins == 1


def test_legal_order_with_no_legal_action_says_so() -> None:
    space = LegalOrder(8)
    with pytest.raises(ActionSpaceError, match="action number 0: no action is legal now"):
        space.action_at(0, ())
    with pytest.raises(ActionSpaceError, match=r"action number 3 is not in 0\.\.1 "):
        space.action_at(3, ("a", "b"))
