"""Empyreal and Soot on the core engine through the porting bridge (hexkit.flow.Legacy).

Each plugin's game becomes a FlowGame whose flow registers a Legacy handler
for each of its decision types: the engine owns the stack, the legal view,
the refusal and the numbering, while the answers and their effects are still
the plugin's. Random games must match the original plugin move by move and
state by state: this is the starting point of the port, one question kind at
a time (docs/flow.md, "Porting plan").
"""

from __future__ import annotations

from typing import Any

import pytest

from hexkit.errors import IllegalAnswerError
from hexkit.flow import Flow, FlowGame, Legacy, LegalView
from hexkit.game import Game
from hexkit.rng import Rng
from hexkit.serialize import codec
from hexkit.testing import check_game

from hexkit_empyreal.game import EmpyrealGame
from hexkit_soot.game import SootGame


def bridged(original: type[Game[Any, Any]]) -> FlowGame[Any, Any]:
    """``original`` as a FlowGame whose every decision type is a Legacy question."""
    if issubclass(original, FlowGame):  # already on the engine (Empyreal): wrap its own handlers
        return _rebridged(original)

    class Bridged(FlowGame[Any, Any], original):  # type: ignore[valid-type, misc]
        def build_flow(self) -> Flow[Any]:
            flow: Flow[Any] = Flow(self.info.name)
            legacy = Legacy(
                answers=lambda state: original.generate_actions(self, state),
                perform=lambda state, action: original.perform(self, state, action),
                explain=lambda state, action: original.explain_illegal(self, state, action),
            )
            for kind in self.decision_types:
                flow.question(kind, legacy)
            return flow

    Bridged.__name__ = f"{original.__name__}OnFlow"
    return Bridged()


def _rebridged(original: type[FlowGame[Any, Any]]) -> FlowGame[Any, Any]:
    """A game already on the engine, with each of its handlers behind a Legacy one."""
    inner = original().flow

    class Bridged(original):  # type: ignore[valid-type, misc]
        def build_flow(self) -> Flow[Any]:
            flow: Flow[Any] = Flow(self.info.name)

            def perform(state: Any, action: Any) -> None:
                question = state.pending.pop()
                inner.handler(question).resolve(state, question, action)
                inner.settle(state)

            legacy = Legacy(
                answers=lambda state: inner.handler(state.pending[-1]).answers(state, state.pending[-1]),
                perform=perform,
                explain=lambda state, action: inner.explain(state, action),
            )
            for kind in inner.registered()["question"]:
                flow.question(kind, legacy)
            for kind in inner.registered()["continuation"]:  # an Ask resumes as in the game
                flow.resume(kind, inner._resumes[kind])
            return flow

    Bridged.__name__ = f"{original.__name__}OnLegacy"
    return Bridged()


PAIRS = [(EmpyrealGame(), bridged(EmpyrealGame)), (SootGame(), bridged(SootGame))]


@pytest.mark.parametrize("pair", PAIRS, ids=["empyreal", "soot"])
@pytest.mark.parametrize("seed", [1, 2])
def test_a_bridged_game_plays_exactly_as_the_original(pair: tuple[Any, Any], seed: int) -> None:
    old, new = pair
    config = old.make_config(3)
    a, b = old.new(config, seed), new.new(config, seed)
    rng = Rng(seed)
    while not old.is_over(a):
        legal = old.legal_actions(a)
        view = new.legal_actions(b)
        assert isinstance(view, LegalView)
        assert tuple(view) == tuple(legal), f"step {a.step}"
        action = legal[rng.randbelow(len(legal))]
        old.apply(a, action)
        new.apply(b, action)
    assert new.is_over(b)
    assert codec(new).state_to_json(b) == codec(old).state_to_json(a)
    assert new.scores(b) == old.scores(a)


@pytest.mark.parametrize("pair", PAIRS, ids=["empyreal", "soot"])
def test_a_bridged_refusal_keeps_the_plugins_rule_and_names_the_question(pair: tuple[Any, Any]) -> None:
    old, new = pair
    config = old.make_config(2)
    a, b = old.new(config, 3), new.new(config, 3)
    other, rng, seen = old.new(old.make_config(4), 9), Rng(9), []
    for _ in range(40):  # answers of another game: most are not legal here
        legal = old.legal_actions(other)
        seen.extend(legal)
        old.apply(other, legal[rng.randbelow(len(legal))])
    foreign = next(x for x in seen if x not in old.legal_actions(a))
    with pytest.raises(Exception) as expected:
        old.apply(a, foreign)
    with pytest.raises(IllegalAnswerError) as got:
        new.apply(b, foreign)
    assert got.value.rule == expected.value.rule  # type: ignore[attr-defined]
    assert got.value.question == b.pending[-1]


@pytest.mark.parametrize("pair", PAIRS, ids=["empyreal", "soot"])
def test_a_bridged_game_passes_the_conformance_suite(pair: tuple[Any, Any]) -> None:
    _, new = pair
    report = check_game(new, [new.make_config(2)], [5], json_every=29, view_every=61)
    assert report.games == 1 and report.numbered > 0
