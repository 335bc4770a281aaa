"""The pending question of any game as a frontend shows it: text, kinds, hexes.

A frontend (the terminal prompt, the browser client, a bot over the
WebSocket) needs, for the decision on top of the stack, the question text
and every legal answer with a label, its kind (one of the six shared kinds
of :mod:`hexkit.flow.answers`) and the hex or component it refers to.
:func:`present` builds that from a state, with no per-game code in the
frontend:

* an answer that is a :class:`~hexkit.flow.answers.Answer` (the tutorial's
  ``Place``, the flow engine's ready-made answers) says its own kind;
* otherwise the game's optional ``present_answer(state, action)`` hook
  (:data:`PRESENT_HOOK`) returns an :class:`AnswerInfo` (the plugins'
  ``present`` modules), or ``None`` to fall back;
* the fallback reads the action's shape: a ``hex`` or ``city`` field is a
  hex, a class named ``Done``/``Skip`` is done, anything else an option.

A hex answer's label is completed with what is on that hex, from the tooltip
the game's SVG style gives for it (terrain, city, goods, owner), so every
drawable game says it without extra code.

>>> from hexkit.registry import load_game
>>> game = load_game("hex")
>>> question = present(game, game.new(game.make_config(2, size=3), seed=0))
>>> question.prompt, len(question.answers), question.answers[0].kind
('Black: choose an empty cell', 9, 'hex')
>>> question.answers[0].label, question.answers[0].hex
('place a1: a1 (0,0): empty', Hex(q=0, r=0))
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from hexkit.flow.answers import Answer, AnswerKind, ComponentRef
from hexkit.game import Game, PlayerId, State
from hexkit.hexes import Hex

__all__ = [
    "PRESENT_HOOK",
    "KINDS",
    "AnswerInfo",
    "PresentedAnswer",
    "PresentedQuestion",
    "present",
    "present_answer",
    "hex_notes",
    "PRIVATE_HOOK",
    "private_info",
    "public_view",
]

PRESENT_HOOK = "present_answer"
"""Name of the optional game method ``present_answer(state, action) -> AnswerInfo | None``."""

KINDS: tuple[str, ...] = tuple(kind.value for kind in AnswerKind)
"""The six kind names a frontend dispatches on: hex, option, component, number, yes/no, done."""


@attrs.frozen
class AnswerInfo:
    """What a plugin's hook says about one action (before hex notes are added).

    Attributes:
        kind: one of :data:`KINDS`.
        label: what to show (``"take Reclaim Mana (Forest), cost 2 mana"``).
        hex: the hex the answer refers to, if any.
        component: the card or component it refers to, if any.
    """

    kind: str = attrs.field(validator=attrs.validators.in_(KINDS))
    label: str
    hex: Hex | None = None
    component: ComponentRef | None = None


@attrs.frozen
class PresentedAnswer:
    """One legal answer as a frontend shows it.

    Attributes:
        index: its position in ``game.legal_actions(state)`` (what a frontend sends back).
        kind: one of :data:`KINDS`.
        label: readable text; for a hex answer it ends with what is on the hex.
        hex: the hex a board highlights, if any.
        component: the component a hand or market highlights, if any.
    """

    index: int
    kind: str
    label: str
    hex: Hex | None = None
    component: ComponentRef | None = None


@attrs.frozen
class PresentedQuestion:
    """The decision pending, for the seat that must answer it.

    Attributes:
        player: the seat to answer.
        prompt: the question text.
        step: actions applied so far (a frontend's answer names it, so a
            stale answer to an earlier question is refused).
        answers: every legal answer, in legal-action order.
    """

    player: PlayerId
    prompt: str
    step: int
    answers: tuple[PresentedAnswer, ...]

    def hexes(self) -> tuple[Hex, ...]:
        """The hexes the answers refer to (a board highlights them), in answer order."""
        return tuple(dict.fromkeys(a.hex for a in self.answers if a.hex is not None))


def _fallback(game: Game[Any, Any], state: State, action: Any) -> AnswerInfo:
    label = game.describe(state, action)
    if isinstance(action, Answer):
        return AnswerInfo(action.kind.value, label, action.hex, action.component)
    name = type(action).__name__
    if name in ("Done", "Skip", "Pass"):
        return AnswerInfo(AnswerKind.DONE.value, label)
    for field in ("hex", "city"):
        value = getattr(action, field, None)
        if isinstance(value, Hex):
            return AnswerInfo(AnswerKind.HEX.value, label, value)
    return AnswerInfo(AnswerKind.OPTION.value, label)


def present_answer(game: Game[Any, Any], state: State, action: Any) -> AnswerInfo:
    """Kind, label, hex and component of one action, without the hex notes.

    Args:
        game: the rules.
        state: the state the action answers (a full state or the mover's view).
        action: one of ``game.legal_actions(state)``.

    Returns:
        The game hook's answer when it gives one, else the shared answer's
        own kind, else the kind read from the action's shape.
    """
    hook = getattr(game, PRESENT_HOOK, None)
    if callable(hook):
        info = hook(state, action)
        if info is not None:
            if not isinstance(info, AnswerInfo):
                raise TypeError(
                    f"{game.info.name}.{PRESENT_HOOK}() must return AnswerInfo or None,"
                    f" not {type(info).__name__}"
                )
            return info
    return _fallback(game, state, action)


def hex_notes(game: Game[Any, Any], state: State) -> Mapping[Hex, str]:
    """What is on each hex, from the tooltips of the game's SVG style (empty if it has none).

    Args:
        game: the rules.
        state: the state (or a seat's view) to describe.

    Returns:
        A mapping hex -> tooltip text; hexes whose tooltip is empty are left out.
    """
    from hexkit.render import board_picture  # local: rendering is optional for the core

    hook = getattr(game, "svg_style", None)
    if not callable(hook):
        return {}
    hexmap, style = board_picture(game, state)
    notes: dict[Hex, str] = {}
    for h, content in hexmap.items():
        text = style.tooltip(h, content)
        if text:
            notes[h] = " ".join(str(text).split())
    return notes


def present(game: Game[Any, Any], state: State) -> PresentedQuestion | None:
    """The pending question of ``state`` and its legal answers, for a frontend.

    Call it with the mover's view (``game.view(state, seat)``) so nothing the
    seat may not see reaches the labels; the mover's legal actions are the
    same in its view as in the full state.

    Args:
        game: the rules.
        state: the state, or the view of the seat to move.

    Returns:
        The question, or ``None`` when the game is over or nothing is pending.
    """
    if game.is_over(state):
        return None
    decision = state.decision()
    if decision is None:
        return None
    legal: Sequence[Any] = game.legal_actions(state)
    infos = [present_answer(game, state, action) for action in legal]
    notes = hex_notes(game, state) if any(i.hex is not None for i in infos) else {}
    answers = []
    for index, info in enumerate(infos):
        label = info.label
        if info.hex is not None and info.hex in notes and notes[info.hex] not in label:
            label = f"{label}: {notes[info.hex]}"
        answers.append(PresentedAnswer(index, info.kind, label, info.hex, info.component))
    prompt = decision.prompt or type(decision).__name__
    return PresentedQuestion(decision.player, prompt, state.step, tuple(answers))


PRIVATE_HOOK = "private_info"
"""Name of the optional game method ``private_info(view, seat) -> list[str]``."""


def private_info(game: Game[Any, Any], view: State, seat: PlayerId) -> list[str]:
    """Lines about ``seat``'s own hidden things (hand, secret objectives, screened goods).

    Args:
        game: the rules.
        view: ``game.view(state, seat)`` (never the full state).
        seat: whose things.

    Returns:
        The game hook's lines, or ``[]`` if the game has no hook.
    """
    hook = getattr(game, PRIVATE_HOOK, None)
    if not callable(hook):
        return []
    return [str(line) for line in hook(view, seat)]


def public_view(game: Game[Any, Any], state: State) -> State:
    """The state with every seat's hidden things hidden: what a spectator may see.

    Built as seat 0's view redacted again for seat 1 (a view hides what its
    seat may not see; hiding again for another seat also hides seat 0's own
    things), so every game that implements ``redact`` gets it for free.

    Args:
        game: the rules.
        state: the full state.

    Returns:
        A new state; ``viewer`` is ``-1``.
    """
    seen: State = game.view(state, 0)
    if game.num_players(state) > 1:
        game.redact(seen, 1)
    seen.viewer = -1
    seen.invalidate_legal()
    return seen
