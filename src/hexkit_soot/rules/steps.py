"""The decision machinery shared by the rule modules.

Each rule module declares the questions it asks (``Step.kind``) with a
handler for the answer, and, for questions whose answers are not fixed when
asked, a generator of the legal answers. Main actions (one of the round's
actions) and free actions are declared here too. Declaring registers
nothing: :func:`hexkit_soot.game.register` puts each module's declarations
into :data:`hexkit_soot.registry.REGISTRY` when the game object is made.

Source: rulebook, "Phase 2: Actions".
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import NoReturn, TypeAlias

import attrs

from hexkit.errors import HexkitError, IllegalActionError, UnknownQuestionError
from hexkit.flow import Flow, Resume
from hexkit.game import Decision, PlayerId
from hexkit.hexes import Hex
from hexkit_soot.actions import Choose, Step
from hexkit_soot.registry import REGISTRY, SootRegistry, declare
from hexkit_soot.state import SootState

__all__ = [
    "refuse_masked",
    "Handler",
    "Generator",
    "HANDLERS",
    "GENERATORS",
    "MainAction",
    "MAIN_ACTIONS",
    "FreeAction",
    "FREE_ACTIONS",
    "handles",
    "generates",
    "main_action",
    "free_action",
    "ask",
    "opt",
    "optf",
    "LabelPart",
    "hand_on",
]

Handler: TypeAlias = Callable[[SootState, Step, Choose], None]
Generator: TypeAlias = Callable[[SootState, Step], list[Choose]]

HANDLERS: dict[str, Handler] = REGISTRY.handlers
"""Question kind -> handler (the registry's table; filled by :func:`hexkit_soot.game.register`)."""
GENERATORS: dict[str, Generator] = REGISTRY.generators
"""Question kind -> generator of its legal answers (the registry's table)."""


@attrs.frozen
class MainAction:
    """A main action: one of the player's actions for the round.

    Attributes:
        name: the rulebook's name (also the answer's ``code``).
        available: whether ``player`` could complete it now.
        start: begin it (may ask further questions).
        restricted_ok: whether Refine-or-Move-only bonus actions may pay for it.
    """

    name: str
    available: Callable[[SootState, PlayerId], bool]
    start: Callable[[SootState, PlayerId], None]
    restricted_ok: bool = False


@attrs.frozen
class FreeAction:
    """A free action (no action used): its menu entries and its handler."""

    name: str
    options: Callable[[SootState, PlayerId], Iterable[Choose]]
    perform: Callable[[SootState, PlayerId, Choose], None]


MAIN_ACTIONS: dict[str, MainAction] = REGISTRY.main_actions
"""Main actions in turn-menu order (the registry's table)."""
FREE_ACTIONS: dict[str, FreeAction] = REGISTRY.free_actions
"""Free actions in turn-menu order (the registry's table)."""


def handles(kind: str) -> Callable[[Handler], Handler]:
    """Declare the handler of the answers to ``kind`` questions (registered by ``game.register``).

    Args:
        kind: the question's ``Step.kind``.
    """

    def declared(fn: Handler) -> Handler:
        def put(registry: SootRegistry) -> None:
            registry.handlers[kind] = fn

        return declare(fn, put)

    return declared


def generates(kind: str) -> Callable[[Generator], Generator]:
    """Declare the generator of legal answers to ``kind`` questions.

    Args:
        kind: the question's ``Step.kind``.
    """

    def declared(fn: Generator) -> Generator:
        def put(registry: SootRegistry) -> None:
            registry.generators[kind] = fn

        return declare(fn, put)

    return declared


def main_action(
    name: str, available: Callable[[SootState, PlayerId], bool], restricted_ok: bool = False
) -> Callable[[Callable[[SootState, PlayerId], None]], Callable[[SootState, PlayerId], None]]:
    """Declare the decorated function as the start of main action ``name``.

    Args:
        name: the action's rulebook name (the turn answer's ``code``).
        available: whether a player could complete it now.
        restricted_ok: whether Refine-or-Move-only bonus actions may pay for it.
    """

    def declared(fn: Callable[[SootState, PlayerId], None]) -> Callable[[SootState, PlayerId], None]:
        def put(registry: SootRegistry) -> None:
            registry.main_actions[name] = MainAction(name, available, fn, restricted_ok)

        return declare(fn, put)

    return declared


def free_action(
    name: str, options: Callable[[SootState, PlayerId], Iterable[Choose]]
) -> Callable[[Callable[[SootState, PlayerId, Choose], None]], Callable[[SootState, PlayerId, Choose], None]]:
    """Declare the decorated function as the handler of free action ``name``.

    Args:
        name: the free action's name (the turn answer's ``code``).
        options: its turn-menu entries for a player.
    """

    def declared(
        fn: Callable[[SootState, PlayerId, Choose], None]
    ) -> Callable[[SootState, PlayerId, Choose], None]:
        def put(registry: SootRegistry) -> None:
            registry.free_actions[name] = FreeAction(name, options, fn)

        return declare(fn, put)

    return declared


# Questions are frozen attrs classes; their ``__init__`` sets each field
# with ``object.__setattr__``. ``ask`` (one question per decision) sets the
# slots directly instead, at half the cost. Should the class gain a field,
# the setters below are ``None`` and its own constructor is used.
_Setter: TypeAlias = Callable[[object, object], None]


def _slot_setters(cls: type, names: tuple[str, ...]) -> tuple[_Setter, ...] | None:
    """The slot setters of ``cls``'s fields in ``names`` order, or ``None`` if its fields differ."""
    if tuple(a.name for a in attrs.fields(cls)) != names:
        return None
    return tuple(getattr(cls, name).__set__ for name in names)


_NEW = object.__new__
_STEP_SETTERS = _slot_setters(Step, ("player", "prompt", "kind", "tag", "data", "options", "then"))

_ANSWERS: dict[tuple[str, int, str], Choose] = {}
"""Answers already made, by ``(code, arg, label)``: a Choose is an immutable
value, so one object serves every question that offers it. Games offer
about 8 answers per decision but few distinct ones (about 2,000 in a dozen
4-player games), and reusing them saves making and freeing thousands of
objects per game. Bounded: emptied when full."""
_ANSWERS_MAX = 20_000


def opt(code: str, arg: int = 0, label: str = "") -> Choose:
    """Shorthand for an answer.

    Args:
        code: the answer's code.
        arg: its argument.
        label: its text (default: the code).

    Returns:
        ``Choose(code=code, arg=arg, label=label or code)`` (the same object
        for the same three values).
    """
    key = (code, arg, label)
    answer = _ANSWERS.get(key)
    if answer is None:
        if len(_ANSWERS) >= _ANSWERS_MAX:
            _ANSWERS.clear()
        answer = _ANSWERS[key] = Choose(code=code, arg=arg, label=label or code)
    return answer


LabelPart: TypeAlias = str | int | Hex
"""A value filled into an answer's label template (its text is fixed by its
value: strings, integers, hexes; not bools, which equal 0 and 1)."""

_FORMATTED: dict[tuple[str, int, str, tuple[LabelPart, ...]], Choose] = {}
"""Answers made by :func:`optf`, by code, argument, label template and parts."""


def optf(code: str, arg: int, template: str, *parts: LabelPart) -> Choose:
    """``opt(code, arg, template.format(*parts))``, the label formatted only the first time.

    A label is a function of its template and parts, so the answer made for
    the same four values before is the answer: menus repeat their answers,
    and formatting every label anew was a large part of listing them.

    Args:
        code: the answer's code.
        arg: its argument.
        template: its text, with ``{}`` for each part (``str.format``).
        parts: the values filled in.
    """
    key = (code, arg, template, parts)
    answer = _FORMATTED.get(key)
    if answer is None:
        if len(_FORMATTED) >= _ANSWERS_MAX:
            _FORMATTED.clear()
        answer = _FORMATTED[key] = opt(code, arg, template.format(*parts))
    return answer


def _step(player: PlayerId, prompt: str, kind: str, tag: str, data: tuple[int, ...], options: tuple[Choose, ...],
          then: Resume | None = None) -> Step:
    """``Step(player=player, prompt=prompt, ...)``, filled through the slot setters."""
    if _STEP_SETTERS is None:
        return Step(player=player, prompt=prompt, kind=kind, tag=tag, data=data, options=options, then=then)
    set_player, set_prompt, set_kind, set_tag, set_data, set_options, set_then = _STEP_SETTERS
    step: Step = _NEW(Step)
    set_player(step, player)
    set_prompt(step, prompt)
    set_kind(step, kind)
    set_tag(step, tag)
    set_data(step, data)
    set_options(step, options)
    set_then(step, then)
    return step


def ask(
    state: SootState,
    player: PlayerId,
    kind: str,
    options: Iterable[Choose] = (),
    prompt: str = "",
    data: tuple[int, ...] = (),
    tag: str = "",
    then: Resume | None = None,
) -> None:
    """Push a question for ``player`` (fixed ``options``, or generated when empty).

    Args:
        state: the game.
        player: the seat concerned.
        kind: the question's kind (its handler).
        options: fixed answers (empty: generated when asked).
        prompt: the question's text.
        data: integer context for the handler.
        tag: text context for the handler.
        then: the typed continuation that receives the answer instead of the
            handler of ``kind`` (see :attr:`hexkit_soot.actions.Step.then`).

    Raises:
        HexkitError: the question has no fixed options and no generator is
            registered for ``kind`` (nobody could answer it); nothing is
            pushed. A rule checks that there is something to choose first.
    """
    choices = tuple(options)
    if not choices and kind not in GENERATORS:
        raise HexkitError(f"question {kind!r} ({prompt or kind!r}) for P{player} has no options and no generator")
    state.pending.append(_step(player, prompt or kind, kind, tag, data, choices, then))


def refuse_masked(state: SootState, question: Decision, answer: object, what: str) -> NoReturn:
    """Refuse the placeholder answer of a question masked in another seat's view, leaving the state as it was.

    A view lists one placeholder answer (``?``) for another seat's private question, so an
    observer sees that someone must answer; the engine has popped the question by the time its
    handler sees the placeholder, so it is put back before the refusal.

    Raises:
        IllegalActionError: always, naming ``what`` question it was.
    """
    state.pending.append(question)
    raise IllegalActionError(answer, f"a masked {what} question (another seat's view) cannot be answered")


def hand_on(flow: Flow[SootState], state: SootState, question: Decision, then: Resume, answer: Choose) -> None:
    """Hand ``answer`` to the code ``flow`` registered for ``then``'s type (ask, then resume).

    ``question`` has been popped; a continuation nobody registered puts it
    back, so nothing has changed when the error is raised.

    Raises:
        UnknownQuestionError: no code is registered for ``type(then)``.
    """
    try:
        run = flow.continuation(then)
    except UnknownQuestionError:
        state.pending.append(question)  # the popped question, back as it was
        raise
    run(state, then, answer)
