"""A :class:`~hexkit.game.Game` whose turns run on a :class:`~hexkit.flow.engine.Flow`.

A plugin subclasses :class:`FlowGame`, builds its flow in :meth:`FlowGame.build_flow`
(explicit registration, called once when the game object is made) and
writes :meth:`~hexkit.game.Game.setup` (ask the first question), scoring and
cloning. The engine supplies the legal actions (a cached
:class:`~hexkit.flow.engine.LegalView`), ``perform``, the refusal text
(naming the question) and the JSON form of continuations.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import attrs
import cattrs
from cattrs.gen import make_dict_unstructure_fn

from hexkit.errors import FlowError, IllegalAnswerError
from hexkit.game import Game, GameConfig, State
from hexkit.strict import action_checker

from hexkit.flow.engine import Flow, LegalView
from hexkit.flow.questions import Resume

__all__ = ["FlowGame"]

S = TypeVar("S", bound=State)
C = TypeVar("C", bound=GameConfig)


class FlowGame(Game[S, C]):
    """A game driven by the core turn engine.

    Attributes:
        flow: the game's engine, built by :meth:`build_flow` when the game object is made.

    Raises:
        FlowError: at construction, if a registered question or step type is
            missing from :attr:`~hexkit.game.Game.decision_types` (it could
            not be saved).
    """

    flow: Flow[S]
    _inline_legal: bool

    def __init__(self) -> None:
        self.flow = self.build_flow()
        self._action_check = action_checker(self.action_types)
        self._inline_legal = type(self).is_legal is Game.is_legal
        registered = self.flow.registered()
        missing = [kind.__name__ for kind in registered["question"] + registered["step"]
                   if kind not in self.decision_types]
        if missing:
            raise FlowError(f"{self.info.name}: decision_types lacks {', '.join(missing)}")

    @abstractmethod
    def build_flow(self) -> Flow[S]:
        """Make the game's :class:`~hexkit.flow.engine.Flow` and register every handler."""

    # -- the forward model ----------------------------------------------------
    def legal_actions(self, state: S) -> Sequence[Any]:
        """The legal answers of the pending question: a lazy view, cached per step."""
        cached = state._legal
        if cached is not None and cached[0] == state.step:
            return cached[1]
        pending = state.pending
        handler = self.flow._questions.get(type(pending[-1])) if pending else None
        if handler is None:  # over, a step on top, an Ask, or unknown: the engine says which
            return self.flow.legal(state)
        view = LegalView(state, pending[-1], handler)  # Flow.legal, inlined: once per move
        state._legal = (state.step, view)
        return view

    def generate_actions(self, state: S) -> tuple[Any, ...]:
        """The legal answers as a plain tuple."""
        return tuple(self.flow.legal(state))

    def apply(self, state: S, action: Any) -> None:
        """Validate, then answer the pending question with ``action``.

        Raises:
            IllegalAnswerError: an :class:`~hexkit.errors.IllegalActionError`
                naming the rule and carrying the question; ``state`` is unchanged.
        """
        # The usual move: an agent hands back one of the answers it listed. That very object
        # is the game's own value (well formed and legal), so neither the field check nor a
        # membership test is needed: found by identity in the listed view, it is resolved.
        cached = state._legal
        if cached is not None and self._inline_legal and cached[0] == state.step:
            view = cached[1]
            if type(view) is LegalView:
                listed = view._actions
                if listed is not None:
                    # a plain loop: cheaper here than any(map(operator.is_, ...)) (+9 M
                    # instructions over 4 Soot games) or ``in`` (each earlier answer's __eq__)
                    for answer in listed:
                        if answer is action:
                            self.flow.resolve(state, action)
                            state.step += 1
                            state._legal = None
                            return
        # Game.is_legal, inlined (this runs on every move) unless the game overrides it.
        if not self._inline_legal:
            legal = self.is_legal(state, action)
        elif self._action_check(action) is not None:
            legal = False
        else:
            cached = state._legal
            view = cached[1] if cached is not None and cached[0] == state.step else self.flow.legal(state)
            try:
                legal = action in view
            except TypeError:  # an unhashable object where a set is used
                legal = False
        if not legal:
            reason = self.malformed(action)
            raise IllegalAnswerError(action, reason if reason is not None
                                     else self._explain_safely(state, action), state.decision())
        self.flow.resolve(state, action)
        state.step += 1
        state._legal = None

    def perform(self, state: S, action: Any) -> None:
        """Answer the pending question (already validated) and run the steps that follow."""
        self.flow.resolve(state, action)

    def explain_illegal(self, state: S, action: Any) -> str:
        """The malformation, or the handler's reason, or a text naming the question."""
        malformed = self.malformed(action)
        return malformed if malformed is not None else self.flow.explain(state, action)

    # -- saving ---------------------------------------------------------------
    def register_codec_hooks(self, conv: cattrs.Converter) -> None:
        """Save a continuation nested in its question, tagged by type: ``{"type": "PayFor", ...}``.

        Cooperative: a game class mixed in after :class:`FlowGame` (a plugin
        being ported) keeps its own hooks, which run first."""
        inherited = getattr(super(), "register_codec_hooks", None)
        if inherited is not None:
            inherited(conv)
        kinds = {kind.__name__: kind for kind in self.flow.registered()["continuation"]}
        if not kinds:
            return
        # made at first use, once every hook is registered (the codec registers the tagged
        # decision union after this), so a continuation holding a Decision field saves it tagged
        writers: dict[type, Callable[[Any], Any]] = {}

        def unstructure(then: Resume) -> dict[str, Any]:
            kind = type(then)
            write = writers.get(kind)
            if write is None:
                if kinds.get(kind.__name__) is not kind:
                    raise KeyError(kind)  # not a registered continuation: it could not be read back
                write = writers[kind] = make_dict_unstructure_fn(kind, conv)
            return {"type": kind.__name__, **write(then)}

        def structure(data: Any, _: type) -> Resume:
            if not isinstance(data, dict) or not isinstance(data.get("type"), str):
                raise ValueError("a continuation is an object with a 'type' tag")
            kind = kinds.get(data["type"])
            if kind is None:
                raise ValueError(f"unknown continuation {data['type']!r}; known: {', '.join(sorted(kinds))}")
            fields = {k: v for k, v in data.items() if k != "type"}
            unknown = set(fields) - {a.name for a in attrs.fields(kind)}
            if unknown:
                raise ValueError(f"{kind.__name__} has no field {', '.join(sorted(unknown))}")
            value: Resume = conv.structure(fields, kind)
            return value

        conv.register_unstructure_hook_func(lambda t: t is Resume, unstructure)
        conv.register_structure_hook_func(lambda t: t is Resume, structure)


