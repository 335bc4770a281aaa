"""The decision machinery shared by the rule modules.

Each rule module registers the questions it asks (``Step.kind``) with a
handler for the answer, and, for questions whose answers are not fixed when
asked, a generator of the legal answers. Main actions (one of the round's
actions) and free actions register here too, so the turn menu is assembled
from the rule modules without a central list.

Source: rulebook, "Phase 2: Actions".
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TypeAlias

import attrs

from hexkit.game import PlayerId
from hexkit_soot.actions import Choose, Step
from hexkit_soot.state import SootState

__all__ = [
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
]

Handler: TypeAlias = Callable[[SootState, Step, Choose], None]
Generator: TypeAlias = Callable[[SootState, Step], list[Choose]]

HANDLERS: dict[str, Handler] = {}
GENERATORS: dict[str, Generator] = {}


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


MAIN_ACTIONS: dict[str, MainAction] = {}
FREE_ACTIONS: dict[str, FreeAction] = {}


def handles(kind: str) -> Callable[[Handler], Handler]:
    """Register the handler of the answers to ``kind`` questions.

    Args:
        kind: the question's ``Step.kind``.
    """

    def register(fn: Handler) -> Handler:
        HANDLERS[kind] = fn
        return fn

    return register


def generates(kind: str) -> Callable[[Generator], Generator]:
    """Register the generator of legal answers to ``kind`` questions.

    Args:
        kind: the question's ``Step.kind``.
    """

    def register(fn: Generator) -> Generator:
        GENERATORS[kind] = fn
        return fn

    return register


def main_action(
    name: str, available: Callable[[SootState, PlayerId], bool], restricted_ok: bool = False
) -> Callable[[Callable[[SootState, PlayerId], None]], Callable[[SootState, PlayerId], None]]:
    """Register the decorated function as the start of main action ``name``.

    Args:
        name: the action's rulebook name (the turn answer's ``code``).
        available: whether a player could complete it now.
        restricted_ok: whether Refine-or-Move-only bonus actions may pay for it.
    """

    def register(fn: Callable[[SootState, PlayerId], None]) -> Callable[[SootState, PlayerId], None]:
        MAIN_ACTIONS[name] = MainAction(name, available, fn, restricted_ok)
        return fn

    return register


def free_action(
    name: str, options: Callable[[SootState, PlayerId], Iterable[Choose]]
) -> Callable[[Callable[[SootState, PlayerId, Choose], None]], Callable[[SootState, PlayerId, Choose], None]]:
    """Register the decorated function as the handler of free action ``name``.

    Args:
        name: the free action's name (the turn answer's ``code``).
        options: its turn-menu entries for a player.
    """

    def register(
        fn: Callable[[SootState, PlayerId, Choose], None]
    ) -> Callable[[SootState, PlayerId, Choose], None]:
        FREE_ACTIONS[name] = FreeAction(name, options, fn)
        return fn

    return register


# The slot setters of the frozen Choose: ``opt`` fills a new instance
# through them, which is what the attrs ``__init__`` does (frozen classes
# set their fields with ``object.__setattr__``) at half its cost; ``opt``
# builds most answers of every game (about 8 per decision).
_NEW = object.__new__
_SET_CODE = Choose.__dict__["code"].__set__
_SET_ARG = Choose.__dict__["arg"].__set__
_SET_LABEL = Choose.__dict__["label"].__set__


def opt(code: str, arg: int = 0, label: str = "") -> Choose:
    """Shorthand for an answer.

    Args:
        code: the answer's code.
        arg: its argument.
        label: its text (default: the code).

    Returns:
        ``Choose(code=code, arg=arg, label=label or code)``.
    """
    answer: Choose = _NEW(Choose)
    _SET_CODE(answer, code)
    _SET_ARG(answer, arg)
    _SET_LABEL(answer, label or code)
    return answer


def ask(
    state: SootState,
    player: PlayerId,
    kind: str,
    options: Iterable[Choose] = (),
    prompt: str = "",
    data: tuple[int, ...] = (),
    tag: str = "",
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

    A question with no fixed options and no generator has no answer: it is
    not asked (the step it belongs to ends there, with a log line), so a
    game never waits on a question nobody can answer.
    """
    choices = tuple(options)
    if not choices and kind not in GENERATORS:
        state.note(player, f"nothing to choose for '{prompt or kind}'")
        return
    state.pending.append(
        Step(player=player, prompt=prompt or kind, kind=kind, tag=tag, data=data, options=choices)
    )
