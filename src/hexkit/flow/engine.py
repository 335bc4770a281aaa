"""The turn engine: handlers registered by type, the legal answers as a lazy view.

A game builds one :class:`Flow` in its game module and registers, for each
question type, a :class:`Handler` (its legal answers, and what an answer
does); for each automatic :class:`~hexkit.flow.questions.Step` type, the
function that runs it; for each :class:`~hexkit.flow.questions.Resume`
type, the function that receives an answer. Nothing registers on import.

The engine then owns the turn:

* :meth:`Flow.legal` gives the legal answers of the question on top as a
  :class:`LegalView`, cached on the state for the current step;
* :meth:`Flow.resolve` pops the question, hands the answer to its handler
  (or, for an :class:`~hexkit.flow.questions.Ask`, to its continuation) and
  runs automatic steps until a question is on top again;
* a question, step or continuation nobody registered raises
  :class:`~hexkit.errors.UnknownQuestionError`, and a question with no legal
  answer raises :class:`~hexkit.errors.UnanswerableQuestionError`: neither
  is ever skipped silently.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Generic, TypeVar, overload

from hexkit.errors import FlowError, UnanswerableQuestionError, UnknownQuestionError
from hexkit.game import Decision, State
from hexkit.strict import safe_str

from hexkit.flow.answers import Answer
from hexkit.flow.questions import Ask, Resume, Step

__all__ = ["Handler", "Flow", "LegalView", "StepRun", "ResumeRun"]

S = TypeVar("S", bound=State)
Q = TypeVar("Q", bound=Decision)
A = TypeVar("A")
T = TypeVar("T", bound=Step)
R = TypeVar("R", bound=Resume)

StepRun = Callable[[S, T], None]
"""The code of an automatic step: change the state; it may push questions and steps."""

ResumeRun = Callable[[S, R, A], None]
"""The code of a continuation: receives the state, its context and the answer given
(a shared :class:`~hexkit.flow.answers.Answer` for an :class:`~hexkit.flow.questions.Ask`)."""


class Handler(ABC, Generic[S, Q, A]):
    """The rules of one question type: which answers are legal, and what each does.

    Subclass it once per question type and register an instance with
    :meth:`Flow.question`. Handlers hold no state of a game.
    """

    fast_contains = False
    """Set to ``True`` by a handler that overrides :meth:`contains` with a direct check."""

    @abstractmethod
    def answers(self, state: S, question: Q) -> Sequence[A]:
        """The legal answers, in a fixed order (it numbers a :class:`~hexkit.game.LegalOrder` space)."""

    @abstractmethod
    def resolve(self, state: S, question: Q, answer: A) -> None:
        """Apply a legal ``answer``; the question is already popped. May push more."""

    def contains(self, state: S, question: Q, answer: object) -> bool:
        """Whether ``answer`` is legal, without listing every answer (see :attr:`fast_contains`)."""
        return answer in self.answers(state, question)

    def explain(self, state: S, question: Q, answer: object) -> str | None:
        """The rule an illegal ``answer`` breaks, or ``None`` for the engine's default text."""
        return None


class _AskHandler(Handler[Any, Ask, Answer]):
    """The built-in handler of every :class:`Ask`: fixed answers, resolved by the continuation."""

    def __init__(self, flow: Flow[Any]) -> None:
        self.flow = flow

    def answers(self, state: Any, question: Ask) -> Sequence[Answer]:
        return question.choices()

    def resolve(self, state: Any, question: Ask, answer: Answer) -> None:
        self.flow.continuation(question.then)(state, question.then, answer)


class LegalView(Sequence[Any]):
    """The legal answers of one question at one step: a lazy, read-only sequence.

    Like python-chess's ``board.legal_moves``: ``answer in view`` asks the
    handler directly (one cell looked at, for Hex) and nothing is listed
    until the view is iterated, measured or indexed; once listed (an agent
    measured it first), ``in`` looks in the listed answers instead, identity
    first, so the handler's check never runs on top of the listing. Once the state moves
    on, the engine detaches the view: it keeps the answers of its own
    step (a snapshot), listed before the state changed.

    Raises:
        UnanswerableQuestionError: when listed and empty (a question nobody can answer).
    """

    __slots__ = ("step", "question", "_state", "_handler", "_actions", "_members", "_asked")

    def __init__(self, state: State, question: Decision, handler: Handler[Any, Any, Any]) -> None:
        self.step = state.step
        self.question = question
        self._state: State | None = state
        self._handler = handler
        self._actions: tuple[Any, ...] | None = None
        self._members: frozenset[Any] | None = None
        self._asked = False  # a membership test was made: the next one builds the set

    def _list(self) -> tuple[Any, ...]:
        actions = self._actions
        if actions is None:
            if self._state is None:  # detach() lists first; this is a broken invariant
                raise FlowError(f"a detached view of {type(self.question).__name__} was never listed")
            actions = self._actions = tuple(self._handler.answers(self._state, self.question))
            if not actions:
                raise UnanswerableQuestionError(self.question)
        return actions

    def detach(self) -> None:
        """List the answers now and drop the state: it is about to change (called by the engine)."""
        if self._state is not None:
            if self._actions is None:
                self._list()
            self._state = None

    def __contains__(self, answer: object) -> bool:
        state = self._state
        if state is not None and self._handler.fast_contains and self._actions is None:
            return self._handler.contains(state, self.question, answer)
        members = self._members
        if members is None:
            if not self._asked:  # the usual single test (apply): a scan, identity first, no hashing
                self._asked = True
                actions = self._list()
                # an agent hands back one of the listed objects: found by identity alone
                # (``in`` would call each earlier answer's Python ``__eq__`` on the way)
                for listed in actions:
                    if listed is answer:
                        return True
                return answer in actions
            members = self._members = frozenset(self._list())
        try:
            return answer in members
        except TypeError:  # unhashable: no answer
            return False

    def __len__(self) -> int:
        actions = self._actions
        if actions is None:
            state = self._state
            if state is None:
                actions = self._list()  # raises: a detached view is always listed
            else:  # _list(), inlined: an agent measures every view once
                actions = tuple(self._handler.answers(state, self.question))
                if not actions:
                    raise UnanswerableQuestionError(self.question)
                self._actions = actions
        return len(actions)

    def __bool__(self) -> bool:
        return bool(self._list())

    @overload
    def __getitem__(self, index: int) -> Any: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[Any, ...]: ...

    def __getitem__(self, index: int | slice) -> Any:
        actions = self._actions
        return (self._list() if actions is None else actions)[index]

    def __iter__(self) -> Iterator[Any]:
        actions = self._actions
        return iter(self._list() if actions is None else actions)

    def __repr__(self) -> str:
        listed = "unlisted" if self._actions is None else repr(list(self._actions))
        return f"LegalView({type(self.question).__name__}, step {self.step}, {listed})"


class Flow(Generic[S]):
    """One game's turn engine: the registry of handlers, steps and continuations.

    Build it in the game module (``build_flow()``), register everything,
    and keep it on the game object. Registering a type twice is an error.

    Args:
        name: the game's name, for error messages.
    """

    def __init__(self, name: str) -> None:
        self.name = name
        self._questions: dict[type, Handler[S, Any, Any]] = {}
        self._steps: dict[type, Callable[[S, Any], None]] = {}
        self._resumes: dict[type, Callable[[S, Any, Any], None]] = {}
        self._ask = _AskHandler(self)

    # -- registration -------------------------------------------------------
    def question(self, kind: type[Q], handler: Handler[S, Q, Any]) -> None:
        """Register the handler of the question type ``kind``.

        Raises:
            FlowError: if ``kind`` is already registered or is an :class:`Ask`
                (those are handled by their continuation).
        """
        if issubclass(kind, Ask):
            raise FlowError(f"{kind.__name__} is an Ask: register its continuation, not a handler")
        self._claim(self._questions, kind, "question")
        self._questions[kind] = handler

    def step(self, kind: type[T], run: Callable[[S, T], None]) -> None:
        """Register the code of the automatic step type ``kind`` (``FlowError`` if twice)."""
        self._claim(self._steps, kind, "step")
        self._steps[kind] = run

    @overload
    def resume(self, kind: type[R], run: Callable[[S, R, Answer], None]) -> None: ...

    @overload
    def resume(self, kind: type[R], run: Callable[[S, R, A], None]) -> None: ...

    def resume(self, kind: type[R], run: Callable[[S, R, A], None]) -> None:
        """Register the continuation ``run`` for ``Resume`` type ``kind`` (``FlowError`` if twice).

        ``run`` receives the state, the continuation value and the answer.
        For an :class:`~hexkit.flow.questions.Ask` the answer is one of the
        shared :class:`~hexkit.flow.answers.Answer` values; a game whose
        questions carry a continuation but answer in its own action type
        (Soot's ``Choose``) registers a ``run`` typed for that answer and
        hands answers on with :meth:`proceed`. Either way the registered
        type is saved nested in its question with a ``"type"`` tag.
        """
        self._claim(self._resumes, kind, "continuation")
        self._resumes[kind] = run

    def _claim(self, table: dict[type, Any], kind: type, role: str) -> None:
        if kind in table:
            raise FlowError(f"{self.name}: the {role} {kind.__name__} is registered twice")

    def registered(self) -> dict[str, tuple[type, ...]]:
        """Every registered type by role (``"question"``, ``"step"``, ``"continuation"``)."""
        return {"question": tuple(self._questions), "step": tuple(self._steps),
                "continuation": tuple(self._resumes)}

    # -- look-ups -----------------------------------------------------------
    def handler(self, question: Decision) -> Handler[S, Any, Any]:
        """The handler of ``question``.

        Raises:
            UnknownQuestionError: naming the question, if its type is not registered.
        """
        handler = self._questions.get(type(question))
        if handler is not None:
            return handler
        if isinstance(question, Ask):
            self.continuation(question.then)
            return self._ask
        raise UnknownQuestionError(question, "question", _names(self._questions))

    def continuation(self, then: Resume) -> Callable[[S, Resume, object], None]:
        """The code registered for the continuation ``then`` (``UnknownQuestionError`` if none)."""
        run = self._resumes.get(type(then))
        if run is None:
            raise UnknownQuestionError(then, "continuation", _names(self._resumes))
        return run

    def proceed(self, state: S, then: Resume, answer: object) -> None:
        """Hand ``answer`` to the code registered for the continuation ``then``: ask, then resume.

        The engine calls it for an :class:`~hexkit.flow.questions.Ask`; a
        game's own question type holding a continuation calls it from its
        handler. The code that asked is not run again: ``then`` holds all
        the context it needs.

        Raises:
            UnknownQuestionError: naming ``then``, if its type is not registered.
        """
        self.continuation(then)(state, then, answer)

    # -- driving a turn -----------------------------------------------------
    def ask(self, state: S, question: Decision) -> None:
        """Put ``question`` on top of the stack.

        Raises:
            UnknownQuestionError: if nothing handles it.
            UnanswerableQuestionError: if it is an :class:`Ask` with no answer on offer.
        """
        self.handler(question)
        if isinstance(question, Ask) and not question.choices():
            raise UnanswerableQuestionError(question)
        state.pending.append(question)

    def ask_or(self, state: S, question: Decision, otherwise: Callable[[S], None]) -> bool:
        """Ask ``question`` if it has a legal answer now, else run ``otherwise``.

        For rules that say what happens when there is nothing to choose
        ("if no hex qualifies, the effect ends"): the caller states it, the
        engine never drops a question by itself. Lists the answers once.

        Returns:
            Whether the question was asked.

        Raises:
            UnknownQuestionError: if nothing handles it.
        """
        handler = self.handler(question)
        if isinstance(question, Ask):
            offered = bool(question.choices())
        else:
            offered = bool(handler.answers(state, question))
        if offered:
            state.pending.append(question)
        else:
            otherwise(state)
        return offered

    def then(self, state: S, step: Step) -> None:
        """Put the automatic ``step`` on the stack (``UnknownQuestionError`` if unregistered)."""
        if type(step) not in self._steps:
            raise UnknownQuestionError(step, "step", _names(self._steps))
        state.pending.append(step)

    def settle(self, state: S) -> None:
        """Run automatic steps from the top of the stack until a question (or nothing) is on top."""
        pending = state.pending
        while pending:
            top = pending[-1]
            if not isinstance(top, Step):
                return
            run = self._steps.get(type(top))
            if run is None:
                raise UnknownQuestionError(top, "step", _names(self._steps))
            pending.pop()
            run(state, top)

    def legal(self, state: S) -> Sequence[Any]:
        """The legal answers of the question on top (``()`` when nothing is pending).

        Cached on the state for its current step.

        Raises:
            UnknownQuestionError: if nothing handles the question on top.
        """
        cached = state._legal
        if cached is not None and cached[0] == state.step:
            return cached[1]
        if not state.pending:
            return ()
        question = state.pending[-1]
        if isinstance(question, Step):
            raise FlowError(f"{self.name}: {safe_str(question)} is on top of the stack;"
                            " settle() runs steps before a question is asked")
        view = LegalView(state, question, self._questions.get(type(question)) or self.handler(question))
        state._legal = (state.step, view)
        return view

    def resolve(self, state: S, answer: Any) -> None:
        """Apply a legal ``answer`` to the question on top, then settle.

        The caller has checked legality (:meth:`Game.apply <hexkit.game.Game.apply>`).
        """
        cached = state._legal
        if cached is not None:
            view = cached[1]
            if type(view) is LegalView and view._state is not None:  # detach(), inlined
                if view._actions is None:
                    view._list()
                view._state = None
        pending = state.pending
        question = pending[-1]
        handler = self._questions.get(type(question)) or self.handler(question)
        pending.pop()
        handler.resolve(state, question, answer)
        if pending and isinstance(pending[-1], Step):
            self.settle(state)

    def explain(self, state: S, answer: object) -> str:
        """Why ``answer`` does not answer the question on top, naming the question."""
        if not state.pending:
            return "the game is over"
        question = state.pending[-1]
        reason = self.handler(question).explain(state, question, answer)
        if reason is not None:
            return reason
        prompt = f" ({question.prompt})" if question.prompt else ""
        return f"{safe_str(answer)} is not a legal answer to {type(question).__name__}{prompt}"


def _names(table: dict[type, Any]) -> str:
    return ", ".join(sorted(kind.__name__ for kind in table))
