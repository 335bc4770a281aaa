"""Porting aid: questions still answered by a plugin's own pre-engine code.

A plugin moves onto :mod:`hexkit.flow` one question kind at a time. First
its game becomes a :class:`~hexkit.flow.FlowGame` whose flow registers a
:class:`Legacy` handler for every decision type it has: the legal answers,
the effect of an answer and the refusal text all still come from the old
code, so records, goldens and perft stay byte-identical. Then each kind in
turn gets a native :class:`~hexkit.flow.Handler` (or becomes an
:class:`~hexkit.flow.Ask` with a typed continuation) and its ``Legacy``
registration is deleted. tests/test_flow_bridge.py runs Empyreal and Soot
this way and compares them with the originals move by move.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from hexkit.game import Decision, State

from hexkit.flow.engine import Handler

__all__ = ["Legacy"]


class Legacy(Handler[Any, Decision, Any]):
    """A question answered by the old code: the plugin's list of answers and its ``perform``.

    Args:
        answers: the old legal-answer listing (``game.generate_actions``).
        perform: the old ``perform``, which pops the question itself (the
            engine pops it first, so the bridge puts it back before the call).
        explain: the old refusal text (``game.explain_illegal``), if any.
    """

    def __init__(
        self,
        answers: Callable[[Any], Iterable[Any]],
        perform: Callable[[Any, Any], None],
        explain: Callable[[Any, Any], str] | None = None,
    ) -> None:
        self._answers = answers
        self._perform = perform
        self._explain = explain

    def answers(self, state: State, question: Decision) -> Sequence[Any]:
        return tuple(self._answers(state))

    def resolve(self, state: State, question: Decision, answer: Any) -> None:
        state.pending.append(question)
        self._perform(state, answer)

    def explain(self, state: State, question: Decision, answer: object) -> str | None:
        return None if self._explain is None else self._explain(state, answer)
